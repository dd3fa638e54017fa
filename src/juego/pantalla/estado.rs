//! What the full-screen board keeps of its own, apart from what changes it (`manejo`:
//! the keys, the mouse, the computer's turn) and from what draws it (`dibujo`): the
//! [`Mesa`] it holds (as the printed board holds it), the cursor, what is being typed,
//! the messages, a question open, the flipped pieces' mark and when the computer moves.

use std::time::{Duration, Instant};

use ratatui::layout::Rect;

use super::{geometria::Marco, teclas};
use crate::juego::{
    guardado::Destino,
    mesa::{Fin, Mesa},
};
use othello::{Bitboard, Posicion};

/// How long the computer waits before it moves, so that each move is seen.
pub(super) const PAUSA: Duration = Duration::from_millis(600);

/// The computer's wait between two computers told not to pause (`--sin-pausa`).
pub(super) const PAUSA_CORTA: Duration = Duration::from_millis(100);

/// How long the pieces a move flipped stay marked.
pub(super) const DESTELLO: Duration = Duration::from_millis(1500);

/// How many lines of messages are kept.
const MENSAJES: usize = 200;

/// A question open on the input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Pregunta {
    /// The file's name, as typed so far; `salir` when the players leave once saved.
    Nombre {
        /// What is typed.
        texto: String,
        /// Leave once saved.
        salir: bool,
    },
    /// Whether to replace files this game did not write, as the table asked
    /// ([`Evento::Reemplazar`]).
    Reemplazo {
        /// The question, the event's text.
        texto: String,
        /// Where to save, with the files there as they were seen.
        destino: Destino,
        /// Leave once saved.
        salir: bool,
    },
    /// Whether to save the unsaved changes before leaving.
    Salir,
}

impl Pregunta {
    /// The file's name asked for, offering the last one the game used; `salir` when
    /// the players leave once saved.
    pub(super) fn nombre(mesa: &Mesa, salir: bool) -> Pregunta {
        let texto = mesa
            .ultimo_archivo()
            .map(|ruta| ruta.to_string_lossy().into_owned())
            .unwrap_or_default();
        Pregunta::Nombre { texto, salir }
    }
}

/// What the loop does after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Control {
    /// Go on.
    Seguir,
    /// The game is left, as told.
    Terminar(Fin),
    /// Ctrl-C: leave as the signal does, the game kept in its recovery copy.
    Interrumpir,
}

/// The full-screen board's own state, and the table it shows.
pub(super) struct Pantalla<'a> {
    /// The table, held for the game as the printed board holds it.
    pub(super) mesa: &'a mut Mesa,
    /// The cell the keys move and Enter plays.
    pub(super) cursor: Posicion,
    /// A column letter typed, waiting for its row number.
    pub(super) columna: Option<u8>,
    /// What the game said, oldest first, one line each.
    pub(super) mensajes: Vec<String>,
    /// A question on the input line, if one is open.
    pub(super) pregunta: Option<Pregunta>,
    /// The help over the board.
    pub(super) ayuda: bool,
    /// The pieces the last move flipped, marked until the instant.
    pub(super) destello: Option<(Bitboard, Instant)>,
    /// Draw in color.
    pub(super) color: bool,
    /// The terminal's size.
    pub(super) area: Rect,
    /// How many lines of moves the history is scrolled back.
    pub(super) atras: usize,
    /// When the game last changed: the computer moves a pause after.
    pub(super) cambio: Instant,
    /// What to say again on the normal screen once the board is closed: where the
    /// game was saved on leaving.
    pub(super) despedida: Vec<String>,
}

impl<'a> Pantalla<'a> {
    /// The board for `mesa`, on a terminal of size `area`, with the cursor on a valid
    /// move and `avisos` (how the game was loaded, who plays) as the first messages, or
    /// the keys if there are none.
    pub(super) fn nueva(
        mesa: &'a mut Mesa,
        color: bool,
        area: Rect,
        avisos: &[String],
    ) -> Pantalla<'a> {
        let mut pantalla = Pantalla {
            mesa,
            cursor: "D3".parse().expect("una casilla"),
            columna: None,
            mensajes: Vec::new(),
            pregunta: None,
            ayuda: false,
            destello: None,
            color,
            area,
            atras: 0,
            cambio: Instant::now(),
            despedida: Vec::new(),
        };
        if avisos.is_empty() {
            pantalla.decir(teclas::BIENVENIDA);
        }
        for aviso in avisos {
            pantalla.decir(aviso);
        }
        pantalla.cursor_en_una_jugada();
        pantalla
    }

    /// Adds `texto` to the messages, a line each.
    pub(super) fn decir(&mut self, texto: &str) {
        self.mensajes.extend(texto.lines().map(str::to_owned));
        let sobran = self.mensajes.len().saturating_sub(MENSAJES);
        self.mensajes.drain(..sobran);
    }

    /// The parts of the screen, if the terminal is large enough.
    pub(super) fn marco(&self) -> Option<Marco> {
        Marco::de(self.area)
    }

    /// The pieces to mark as just flipped at `ahora`.
    pub(super) fn volteadas(&self, ahora: Instant) -> Bitboard {
        match self.destello {
            Some((volteadas, hasta)) if ahora < hasta => volteadas,
            _ => Bitboard::VACIO,
        }
    }

    /// The column letter typed and waiting for its row, if any.
    pub(super) fn columna_escrita(&self) -> Option<char> {
        self.columna.map(|columna| char::from(b'A' + columna))
    }

    /// When something is due without a key: the computer's move, or the end of the
    /// flipped pieces' mark. `None` when only a key can change the screen.
    pub(super) fn proximo(&self) -> Option<Instant> {
        let computadora = (self.espera_a_la_computadora()).then(|| self.turno_de_la_computadora());
        let destello = self.destello.map(|(_, hasta)| hasta);
        computadora.into_iter().chain(destello).min()
    }

    /// Whether the game goes on by itself (the computer's move, a forced pass against
    /// it) once nothing is open over the board.
    pub(super) fn espera_a_la_computadora(&self) -> bool {
        self.mesa.sola().is_some()
            && self.pregunta.is_none()
            && !self.ayuda
            && self.marco().is_some()
    }

    /// When the computer moves: a pause after the last change, short between two
    /// computers told not to pause.
    pub(super) fn turno_de_la_computadora(&self) -> Instant {
        let corta = self.mesa.sin_pausa() && !self.mesa.jugadores().hay_persona();
        self.cambio + if corta { PAUSA_CORTA } else { PAUSA }
    }

    /// Puts the cursor on the valid move of the side to move nearest to it, unless it
    /// is on one already or there is none.
    pub(super) fn cursor_en_una_jugada(&mut self) {
        let validas = self.mesa.partida().jugadas_validas();
        if validas.contiene(self.cursor) {
            return;
        }
        let (columna, fila) = (self.cursor.columna(), self.cursor.fila());
        if let Some(cercana) = validas
            .into_iter()
            .min_by_key(|p| p.columna().abs_diff(columna) + p.fila().abs_diff(fila))
        {
            self.cursor = cercana;
        }
    }
}
