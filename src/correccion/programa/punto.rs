//! The points of the homework's list about the main program, each judged on its own,
//! and what a moment of a game shows of one.

use serde::Serialize;

/// A point of the homework's list about the main program, judged on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Punto {
    /// Point 2: the first board is the homework's start.
    TableroInicial,
    /// Point 3: after every valid move the board shown is the true one, flips applied.
    TableroTrasJugada,
    /// Point 4: black is asked first.
    NegroPrimero,
    /// Point 4: the turn goes to the other player after a move.
    Alterna,
    /// Point 4: an invalid move is refused, the board unchanged, and the same player
    /// asked again.
    InvalidaMismoJugador,
    /// Point 4: a player may pass, and the turn goes to the other.
    Pasar,
    /// Point 4: the game ends on a full board.
    FinLleno,
    /// Point 4: the game ends on two passes in a row.
    FinDosPases,
    /// Point 4: the game ends when the player to move has no pieces.
    FinSinFichas,
    /// Point 4: the end names the winner and each color's count.
    Ganador,
    /// Optional: saving the game from the game, to a file named by the player, in the
    /// homework's format.
    Guardar,
    /// Optional: loading a saved game from the start menu.
    Cargar,
}

impl Punto {
    /// Every point, in the order the report lists them.
    pub const TODOS: [Punto; 12] = [
        Punto::TableroInicial,
        Punto::TableroTrasJugada,
        Punto::NegroPrimero,
        Punto::Alterna,
        Punto::InvalidaMismoJugador,
        Punto::Pasar,
        Punto::FinLleno,
        Punto::FinDosPases,
        Punto::FinSinFichas,
        Punto::Ganador,
        Punto::Guardar,
        Punto::Cargar,
    ];

    /// Its key: the CSV's column and the JSON's name.
    pub fn clave(self) -> &'static str {
        match self {
            Punto::TableroInicial => "tablero_inicial",
            Punto::TableroTrasJugada => "tablero_tras_jugada",
            Punto::NegroPrimero => "negro_primero",
            Punto::Alterna => "alterna",
            Punto::InvalidaMismoJugador => "invalida_mismo_jugador",
            Punto::Pasar => "pasar",
            Punto::FinLleno => "fin_lleno",
            Punto::FinDosPases => "fin_dos_pases",
            Punto::FinSinFichas => "fin_sin_fichas",
            Punto::Ganador => "ganador",
            Punto::Guardar => "guardar",
            Punto::Cargar => "cargar",
        }
    }

    /// What it asks, as the report says it.
    pub fn titulo(self) -> &'static str {
        match self {
            Punto::TableroInicial => "el tablero inicial",
            Punto::TableroTrasJugada => "el tablero tras cada jugada",
            Punto::NegroPrimero => "empiezan las negras",
            Punto::Alterna => "los turnos se alternan",
            Punto::InvalidaMismoJugador => "una jugada inválida la repite el mismo jugador",
            Punto::Pasar => "se puede pasar",
            Punto::FinLleno => "termina con el tablero lleno",
            Punto::FinDosPases => "termina con dos pases seguidos",
            Punto::FinSinFichas => "termina si al que juega no le quedan fichas",
            Punto::Ganador => "dice el ganador y las fichas de cada color",
            Punto::Guardar => "guarda la partida (opcional)",
            Punto::Cargar => "carga una partida guardada (opcional)",
        }
    }

    /// Its weight in the program's percentage: the points sum 100. The boards and an
    /// invalid move are what a player meets in every game; what the homework calls
    /// optional weighs nothing.
    pub fn peso(self) -> u32 {
        match self {
            Punto::TableroInicial => 10,
            Punto::TableroTrasJugada => 15,
            Punto::NegroPrimero => 5,
            Punto::Alterna => 10,
            Punto::InvalidaMismoJugador => 15,
            Punto::Pasar => 10,
            Punto::FinLleno => 10,
            Punto::FinDosPases => 10,
            Punto::FinSinFichas => 5,
            Punto::Ganador => 10,
            Punto::Guardar | Punto::Cargar => 0,
        }
    }

    /// Whether the homework calls it optional: a program that does not offer it loses
    /// nothing.
    pub fn opcional(self) -> bool {
        self.peso() == 0
    }
}

/// What one moment of a game showed of a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::correccion) enum Veredicto {
    /// Done right.
    Pasa,
    /// Done wrong: why, in the student's words.
    Falla(String),
    /// Cannot be told (a board that cannot be read, a question that cannot be
    /// answered): why, for the teaching assistant.
    Revisar(String),
    /// An optional point the program does not offer.
    NoOfrece,
}
