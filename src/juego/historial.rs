//! The moves of the game at hand: to show them, to undo them, and to save them beside
//! the board as a `.jugadas` file that brings the game back exactly and that
//! `othello repetir` replays.
//!
//! A `.jugadas` file is a transcript (spaced notation, every pass written) with comment
//! lines on top. Two of them are for the program: where the moves start and the game
//! they lead to, each as an obf string with the side to move:
//!
//! ```text
//! # Jugadas de la partida guardada en «p.txt», desde el tablero inicial; empiezan las negras (N).
//! # Para repetirlas: othello repetir --jugadas-de p.txt.jugadas
//! # Inicio (obf): ---------------------------OX------XO--------------------------- X
//! # Final (obf): ---------------------------OX------XXX-------------------------- X
//! C4 pasar
//! ```
//!
//! The final string lets a loaded board and its `.jugadas` be checked against each
//! other. The two are written one after the other, the moves first: a kill in between
//! leaves the moves ahead of the board, and loading then takes the newer of the two (the
//! moves; or the board, when it is one move past them, as an older save left it). A hand
//! edit of either that leaves them apart otherwise is told, and the moves are not used.

use std::path::{Path, PathBuf};

use othello::{
    Color, Jugada, Obf, Partida, Posicion, Reglas, Tablero, Transcripcion,
    formato::jugadas::{Anotadas, Desacuerdo, FINAL, INICIO},
    texto::ruta_visible,
};

/// Where the moves start from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origen {
    /// The homework's starting board, black to move.
    Inicial,
    /// A board loaded from this file, with no moves known before it.
    Cargado(PathBuf),
    /// The start written in this `.jugadas` file.
    Anotado(PathBuf),
}

/// The moves of the game at hand.
pub(super) struct Historial {
    /// The game as it started.
    inicio: Partida,
    origen: Origen,
    /// Every move and pass, in order.
    pasos: Vec<Paso>,
}

/// A move or pass, with what undoing it brings back.
pub(super) struct Paso {
    /// The game just before it.
    pub(super) antes: Partida,
    /// The last move marked on the board before it.
    pub(super) ultima_antes: Option<Posicion>,
    /// What was played.
    pub(super) jugada: Jugada,
}

/// A game brought back from a board and its `.jugadas`.
pub(super) struct Retomada {
    /// The moves, from where they started.
    pub(super) historial: Historial,
    /// The game after them.
    pub(super) partida: Partida,
    /// The last move, to mark on the board.
    pub(super) ultima: Option<Posicion>,
    /// How the board and its moves were apart, when a save was cut between the two.
    pub(super) arreglo: Option<Arreglo>,
}

/// How a board and its `.jugadas` were apart when a save was cut between the two
/// writes, and which one the game goes on from: always the newer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arreglo {
    /// The board was this many moves behind its moves: the game goes on from the moves.
    TableroAtrasado(usize),
    /// The board was one move past its moves: that move, found, is added to them.
    JugadaAgregada(Jugada),
}

impl Arreglo {
    /// What the players are told, after the board's name.
    pub(super) fn aviso(self) -> String {
        match self {
            Arreglo::TableroAtrasado(n) => format!(
                "el tablero guardado quedó {} atrás de sus jugadas (un guardado \
                 interrumpido): la partida sigue desde la última jugada anotada",
                othello::texto::cantidad(n as u64, "jugada", "jugadas")
            ),
            Arreglo::JugadaAgregada(jugada) => format!(
                "a sus jugadas les faltaba la última, «{jugada}», que está en el tablero \
                 (un guardado interrumpido): se agregó"
            ),
        }
    }
}

impl Historial {
    /// No moves yet on `inicio`, a board loaded from `cargada_de` if it was.
    pub(super) fn nuevo(inicio: Partida, cargada_de: Option<PathBuf>) -> Historial {
        let origen = match cargada_de {
            Some(ruta) if !es_inicial(&inicio) => Origen::Cargado(ruta),
            _ => Origen::Inicial,
        };
        Historial {
            inicio,
            origen,
            pasos: Vec::new(),
        }
    }

    /// The game saved as `tablero` with `texto` (its `.jugadas` file, at `ruta`) beside
    /// it, under `reglas`: the moves from the start they name (the homework's if none),
    /// replayed, lead to `tablero` and to the turn they name; or, after a save cut
    /// between its two writes, the newer of the two is taken ([`Arreglo`]).
    pub(super) fn retomar(
        texto: &str,
        ruta: &Path,
        tablero: &Tablero,
        reglas: Reglas,
    ) -> Result<Retomada, Desacuerdo> {
        let anotadas = Anotadas::leer(texto, reglas)?;
        // The moves must lead where they say they do; a hand edit breaks that.
        if !anotadas.fieles() {
            return Err(Desacuerdo::OtroTablero);
        }
        let Anotadas {
            inicio, repeticion, ..
        } = anotadas;
        let llegada = repeticion.partida();
        let mut jugadas = repeticion.jugadas().to_vec();
        let arreglo = if llegada.tablero() == tablero {
            None
        } else if let Some(atras) = atrasado(&inicio, &jugadas, tablero) {
            Some(Arreglo::TableroAtrasado(atras))
        } else if let Some(jugada) = siguiente(llegada, tablero) {
            jugadas.push(jugada);
            Some(Arreglo::JugadaAgregada(jugada))
        } else {
            return Err(Desacuerdo::OtroTablero);
        };
        let origen = if es_inicial(&inicio) {
            Origen::Inicial
        } else {
            Origen::Anotado(ruta.to_owned())
        };
        let mut historial = Historial {
            inicio: inicio.clone(),
            origen,
            pasos: Vec::new(),
        };
        let mut partida = inicio;
        let mut ultima = None;
        for jugada in jugadas {
            historial.anotar(&partida, ultima, jugada);
            partida.jugar(jugada).expect("las jugadas ya se repitieron");
            ultima = match jugada {
                Jugada::Colocar(posicion) => Some(posicion),
                Jugada::Pasar => None,
            };
        }
        Ok(Retomada {
            historial,
            partida,
            ultima,
            arreglo,
        })
    }

    /// The moves and passes played, in order, each with the color that played it.
    pub(super) fn jugadas(&self) -> impl Iterator<Item = (Color, Jugada)> + '_ {
        self.pasos
            .iter()
            .map(|paso| (paso.antes.turno(), paso.jugada))
    }

    /// How many moves and passes were played.
    pub(super) fn cantidad(&self) -> usize {
        self.pasos.len()
    }

    /// Notes that `jugada` was played on `antes`, where `ultima` was marked.
    pub(super) fn anotar(&mut self, antes: &Partida, ultima: Option<Posicion>, jugada: Jugada) {
        self.pasos.push(Paso {
            antes: antes.clone(),
            ultima_antes: ultima,
            jugada,
        });
    }

    /// Takes back the last move or pass and, while what was taken back was not a
    /// choice of the person undoing (`seguir`: the computer's answer, a pass made for
    /// them), the one before too. The steps undone, last first; empty when nothing was
    /// played.
    pub(super) fn deshacer(&mut self, seguir: impl Fn(&Paso) -> bool) -> Vec<Paso> {
        let mut deshechos: Vec<Paso> = Vec::new();
        while let Some(paso) = self.pasos.pop() {
            let seguir = seguir(&paso);
            deshechos.push(paso);
            if !seguir {
                break;
            }
        }
        deshechos
    }

    /// The moves played, in order.
    fn transcripcion(&self) -> Transcripcion {
        let jugadas: Vec<Jugada> = self.pasos.iter().map(|paso| paso.jugada).collect();
        Transcripcion::de_jugadas(&jugadas)
    }

    /// Where the moves start from, in words.
    fn origen(&self) -> String {
        let turno = self.inicio.turno();
        let quien = format!("empiezan las {} ({turno})", turno.nombre());
        match &self.origen {
            Origen::Inicial => format!("desde el tablero inicial; {quien}"),
            Origen::Cargado(ruta) => {
                format!(
                    "desde el tablero cargado de «{}»; {quien}",
                    ruta_visible(ruta)
                )
            }
            Origen::Anotado(ruta) => {
                format!(
                    "desde el comienzo anotado en «{}»; {quien}",
                    ruta_visible(ruta)
                )
            }
        }
    }

    /// The moves played, numbered four to a line, and the transcript to replay them.
    pub(super) fn texto(&self) -> String {
        if self.pasos.is_empty() {
            return format!("Todavía no hay jugadas ({}).\n", self.origen());
        }
        let mut texto = format!("Jugadas ({}):\n", self.origen());
        let columnas: Vec<String> = self
            .jugadas()
            .enumerate()
            .map(|(i, (color, jugada))| {
                let numero = format!("{}.", i + 1);
                format!("{numero:>4} {:<8}", format!("{color} {jugada}"))
            })
            .collect();
        for fila in columnas.chunks(4) {
            texto += fila.concat().trim_end();
            texto.push('\n');
        }
        texto + &format!("Transcripción: {}\n", self.transcripcion())
    }

    /// The `.jugadas` file saved at `ruta_jugadas` beside the board at `ruta`, with
    /// `partida` the game the moves lead to: comments that say where the moves start,
    /// how to replay them and, for the program, both ends as obf strings; then the
    /// moves.
    pub(super) fn archivo_de_jugadas(
        &self,
        partida: &Partida,
        ruta: &Path,
        ruta_jugadas: &Path,
    ) -> String {
        let jugadas = citar_ruta(ruta_jugadas);
        let inicio = Obf {
            tablero: self.inicio.tablero().clone(),
            turno: self.inicio.turno(),
        };
        // The start travels inside the command: the board it came from may be saved
        // over later.
        let repetir = match self.origen {
            Origen::Inicial => format!("othello repetir --jugadas-de {jugadas}"),
            _ => format!(
                "othello importar {} | othello repetir --desde - --turno {} --jugadas-de {jugadas}",
                citar_para_shell(&inicio.to_string()),
                inicio.turno
            ),
        };
        let final_ = Obf {
            tablero: partida.tablero().clone(),
            turno: partida.turno(),
        };
        format!(
            "# Jugadas de la partida guardada en «{}», {}.\n\
             # Para repetirlas: {repetir}\n\
             {INICIO}{inicio}\n\
             {FINAL}{final_}\n\
             {}\n",
            ruta_visible(ruta),
            self.origen(),
            self.transcripcion(),
        )
    }
}

/// How many of `jugadas`, played from `inicio`, come after the last time the game had
/// `tablero`: where a board saved behind its moves was left.
fn atrasado(inicio: &Partida, jugadas: &[Jugada], tablero: &Tablero) -> Option<usize> {
    let mut partida = inicio.clone();
    let mut vez = (partida.tablero() == tablero).then_some(0);
    for (i, &jugada) in jugadas.iter().enumerate() {
        partida.jugar(jugada).ok()?;
        if partida.tablero() == tablero {
            vez = Some(i + 1);
        }
    }
    vez.map(|vez| jugadas.len() - vez)
}

/// The one move that takes `partida` to `tablero`, if one does: what a board saved
/// past its moves holds.
fn siguiente(partida: &Partida, tablero: &Tablero) -> Option<Jugada> {
    partida
        .jugadas_validas()
        .into_iter()
        .map(Jugada::Colocar)
        .find(|&jugada| {
            let mut despues = partida.clone();
            despues.jugar(jugada).is_ok() && despues.tablero() == tablero
        })
}

/// Whether `partida` is the homework's start: the starting board, black to move.
fn es_inicial(partida: &Partida) -> bool {
    *partida.tablero() == Tablero::inicial() && partida.turno() == Color::Negro
}

/// `ruta` as one word for a POSIX shell, as [`citar_para_shell`] writes it; a name
/// that starts with `-` gets `./` first, so that it is not read as an option.
fn citar_ruta(ruta: &Path) -> String {
    let texto = ruta_visible(ruta);
    if texto.starts_with('-') {
        citar_para_shell(&format!("./{texto}"))
    } else {
        citar_para_shell(&texto)
    }
}

/// `texto` as one word for a POSIX shell: as it is when it holds only characters no
/// shell treats specially, else between single quotes (a quote inside written as
/// `'\''`).
fn citar_para_shell(texto: &str) -> String {
    let comun = |c: char| c.is_ascii_alphanumeric() || "_-./:=@%+,".contains(c);
    if !texto.is_empty() && texto.chars().all(comun) {
        texto.to_owned()
    } else {
        format!("'{}'", texto.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citar_para_shell_solo_lo_necesario() {
        assert_eq!(citar_para_shell("p.txt.jugadas"), "p.txt.jugadas");
        assert_eq!(citar_para_shell("mi partida.txt"), "'mi partida.txt'");
        assert_eq!(citar_para_shell("l'été (1).txt"), r"'l'\''été (1).txt'");
        assert_eq!(citar_ruta(Path::new("-x.txt")), "./-x.txt");
        assert_eq!(citar_ruta(Path::new("-x y.txt")), "'./-x y.txt'");
        assert_eq!(citar_para_shell("$HOME"), "'$HOME'");
    }

    /// The game after `jugadas` from the start, with its history.
    fn jugada(jugadas: &str) -> (Partida, Historial) {
        let mut partida = Partida::nueva();
        let mut historial = Historial::nuevo(partida.clone(), None);
        for texto in jugadas.split_whitespace() {
            let jugada: Jugada = texto.parse().unwrap();
            historial.anotar(&partida, None, jugada);
            partida.jugar(jugada).unwrap();
        }
        (partida, historial)
    }

    /// `historial`'s `.jugadas` file, loaded beside `tablero`.
    fn retomar(
        partida: &Partida,
        historial: &Historial,
        tablero: &Tablero,
    ) -> Result<Retomada, Desacuerdo> {
        let ruta = Path::new("p.txt");
        let texto = historial.archivo_de_jugadas(partida, ruta, Path::new("p.txt.jugadas"));
        Historial::retomar(&texto, ruta, tablero, Reglas::Tarea)
    }

    #[test]
    fn un_tablero_y_sus_jugadas_de_un_guardado_entero() {
        let (partida, historial) = jugada("C4 C3 pasar");
        let retomada = retomar(&partida, &historial, partida.tablero()).unwrap();
        assert_eq!(retomada.partida, partida);
        assert_eq!(retomada.historial.cantidad(), 3);
        assert_eq!(retomada.arreglo, None);
    }

    #[test]
    fn cortado_entre_las_dos_escrituras_gana_lo_mas_nuevo() {
        // The moves were written, the board not yet: it is the one of two moves before
        // (a pass in between does not change it).
        let (antes, _) = jugada("C4");
        let (partida, historial) = jugada("C4 C3 pasar");
        let retomada = retomar(&partida, &historial, antes.tablero()).unwrap();
        assert_eq!(retomada.partida, partida);
        assert_eq!(retomada.historial.cantidad(), 3);
        assert_eq!(retomada.arreglo, Some(Arreglo::TableroAtrasado(2)));
        // Saved as older versions did, the board first: it is one move past its moves,
        // which is found and added.
        let (despues, _) = jugada("C4 C3 pasar E3");
        let retomada = retomar(&partida, &historial, despues.tablero()).unwrap();
        assert_eq!(retomada.partida, despues);
        assert_eq!(retomada.historial.cantidad(), 4);
        assert_eq!(
            retomada.arreglo,
            Some(Arreglo::JugadaAgregada(Jugada::Colocar(
                "E3".parse().unwrap()
            )))
        );
    }

    #[test]
    fn un_tablero_que_no_sale_de_sus_jugadas_no_las_usa() {
        let (partida, historial) = jugada("C4 C3");
        // Two moves past the moves, or another game: apart.
        let (lejos, _) = jugada("C4 C3 D3 E3");
        let (otra, _) = jugada("F5");
        for tablero in [lejos.tablero(), otra.tablero()] {
            assert_eq!(
                retomar(&partida, &historial, tablero).err(),
                Some(Desacuerdo::OtroTablero)
            );
        }
        // Moves edited by hand so that they no longer lead where they say.
        let ruta = Path::new("p.txt");
        let texto = historial
            .archivo_de_jugadas(&partida, ruta, Path::new("p.txt.jugadas"))
            .replace("\nC4 C3\n", "\nC4 E3\n");
        assert_eq!(
            Historial::retomar(&texto, ruta, partida.tablero(), Reglas::Tarea).err(),
            Some(Desacuerdo::OtroTablero)
        );
    }
}
