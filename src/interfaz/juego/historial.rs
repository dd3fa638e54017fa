//! The moves of the game at hand: to show them, to undo them, and to save them beside
//! the board as a transcript that `othello repetir` replays.

use std::path::{Path, PathBuf};

use crate::{Color, Jugada, Obf, Partida, Posicion, Transcripcion};

/// The moves of the game at hand.
pub(super) struct Historial {
    /// The game as it started: the homework's start, or a loaded board.
    inicio: Partida,
    /// The file the starting board was loaded from.
    cargada_de: Option<PathBuf>,
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

impl Historial {
    /// No moves yet on `inicio`, loaded from `cargada_de` if it was.
    pub(super) fn nuevo(inicio: Partida, cargada_de: Option<PathBuf>) -> Historial {
        Historial {
            inicio,
            cargada_de,
            pasos: Vec::new(),
        }
    }

    /// Notes that `jugada` was played on `antes`, where `ultima` was marked.
    pub(super) fn anotar(&mut self, antes: &Partida, ultima: Option<Posicion>, jugada: Jugada) {
        self.pasos.push(Paso {
            antes: antes.clone(),
            ultima_antes: ultima,
            jugada,
        });
    }

    /// Takes back the last move or pass and, while what was taken back is the
    /// computer's (`de_la_computadora`), the one before too, so that undoing against
    /// the computer gives the person's turn back. The steps undone, last first; empty
    /// when nothing was played.
    pub(super) fn deshacer(&mut self, de_la_computadora: impl Fn(Color) -> bool) -> Vec<Paso> {
        let mut deshechos: Vec<Paso> = Vec::new();
        while let Some(paso) = self.pasos.pop() {
            let seguir = de_la_computadora(paso.antes.turno());
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
        let quien = format!(
            "empiezan las {} ({})",
            self.inicio.turno().nombre(),
            self.inicio.turno()
        );
        match &self.cargada_de {
            Some(ruta) => format!("desde el tablero cargado de «{}»; {quien}", ruta.display()),
            None => format!("desde el tablero inicial; {quien}"),
        }
    }

    /// The moves played, numbered four to a line, and the transcript to replay them.
    pub(super) fn texto(&self) -> String {
        if self.pasos.is_empty() {
            return format!("Todavía no hay jugadas ({}).\n", self.origen());
        }
        let mut texto = format!("Jugadas ({}):\n", self.origen());
        for (indice, pasos) in self.pasos.chunks(4).enumerate() {
            let columnas: Vec<String> = pasos
                .iter()
                .enumerate()
                .map(|(i, paso)| {
                    let numero = format!("{}.", indice * 4 + i + 1);
                    let jugada = format!("{} {}", paso.antes.turno(), paso.jugada);
                    format!("{numero:>4} {jugada:<8}")
                })
                .collect();
            texto += columnas.concat().trim_end();
            texto.push('\n');
        }
        texto + &format!("Transcripción: {}\n", self.transcripcion())
    }

    /// The transcript file saved beside the board at `ruta`: comments that say where
    /// the moves start and how to replay them, then the moves. Written for `repetir`,
    /// which skips the comments.
    pub(super) fn archivo_de_jugadas(&self, ruta: &Path, ruta_jugadas: &Path) -> String {
        // A loaded board may be saved over later: the start travels inside the command.
        let repetir = match &self.cargada_de {
            Some(_) => format!(
                "othello importar \"{}\" | othello repetir --desde - --turno {}",
                Obf {
                    tablero: self.inicio.tablero().clone(),
                    turno: self.inicio.turno(),
                },
                self.inicio.turno()
            ),
            None => "othello repetir".to_owned(),
        };
        format!(
            "# Jugadas de la partida guardada en «{}», {}.\n\
             # Para repetirlas: {repetir} --jugadas-de {}\n\
             {}\n",
            ruta.display(),
            self.origen(),
            ruta_jugadas.display(),
            self.transcripcion(),
        )
    }
}
