//! The `.jugadas` file beside a saved board: a transcript whose comments name, as obf
//! strings, the game the moves start from and the game they lead to. The game writes it
//! when it saves; reading it back tells the game a board came from (its turn, its
//! moves), to the game that goes on with it and to `othello estado`.

use std::path::{Path, PathBuf};

use crate::{Obf, Partida, Reglas, Repeticion, Tablero, Transcripcion, texto::cita};

/// How the comment with the starting game begins.
pub const INICIO: &str = "# Inicio (obf): ";
/// How the comment with the game the moves lead to begins.
pub const FINAL: &str = "# Final (obf): ";

/// The transcript file saved beside the board at `ruta`: the same name with
/// `.jugadas` added.
pub fn ruta_de_jugadas(ruta: &Path) -> PathBuf {
    let mut nombre = ruta.as_os_str().to_owned();
    nombre.push(".jugadas");
    PathBuf::from(nombre)
}

/// The board that `texto`, a `.jugadas` file, says its moves lead to, if it says: what
/// tells which board a `.jugadas` belongs to without replaying it.
pub fn tablero_final(texto: &str) -> Option<Tablero> {
    let linea = texto.lines().find_map(|linea| linea.strip_prefix(FINAL))?;
    linea.parse::<Obf>().ok().map(|obf| obf.tablero)
}

/// Why a `.jugadas` file does not bring back the board beside it.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Desacuerdo {
    /// A comment for the program is not an obf string.
    #[error("su línea «{0}» no tiene una cadena obf válida")]
    Comentario(&'static str),
    /// A move cannot be played.
    #[error("su jugada número {numero} («{}») no se puede jugar", cita(.texto))]
    Jugada {
        /// Counted from 1.
        numero: usize,
        /// As written.
        texto: String,
    },
    /// The moves lead to another board or turn.
    #[error("sus jugadas llevan a otro tablero")]
    OtroTablero,
}

/// The moves of a `.jugadas` file, replayed.
pub struct Anotadas {
    /// The game they start from: the one the file names, or the homework's start.
    pub inicio: Partida,
    /// The game they lead to, and the moves made.
    pub repeticion: Repeticion,
    /// The game the file says they lead to, if it says.
    pub final_: Option<Obf>,
}

impl Anotadas {
    /// Reads `texto`, a `.jugadas` file, and replays its moves under `reglas` from the
    /// start it names (the homework's if none).
    pub fn leer(texto: &str, reglas: Reglas) -> Result<Anotadas, Desacuerdo> {
        let obf = |prefijo: &'static str| -> Result<Option<Obf>, Desacuerdo> {
            match texto.lines().find(|linea| linea.starts_with(prefijo)) {
                None => Ok(None),
                Some(linea) => linea[prefijo.len()..]
                    .parse()
                    .map(Some)
                    .map_err(|_| Desacuerdo::Comentario(prefijo.trim_end())),
            }
        };
        let inicio = match obf(INICIO)? {
            Some(Obf { tablero, turno }) => Partida::desde(tablero, turno),
            None => Partida::nueva(),
        }
        .con_reglas(reglas);
        let final_ = obf(FINAL)?;
        let repeticion = texto
            .parse::<Transcripcion>()
            .unwrap_or_else(|nunca| match nunca {})
            .repetir(inicio.clone())
            .map_err(|error| Desacuerdo::Jugada {
                numero: error.numero,
                texto: error.texto.clone(),
            })?;
        Ok(Anotadas {
            inicio,
            repeticion,
            final_,
        })
    }

    /// Whether the moves lead to the game the file says they do, if it says: a hand
    /// edit breaks that.
    pub fn fieles(&self) -> bool {
        let llegada = self.repeticion.partida();
        self.final_
            .as_ref()
            .is_none_or(|f| f.tablero == *llegada.tablero() && f.turno == llegada.turno())
    }

    /// Whether the moves lead to `tablero`, and to the game the file says they do.
    pub fn llevan_a(&self, tablero: &Tablero) -> bool {
        self.repeticion.partida().tablero() == tablero && self.fieles()
    }
}
