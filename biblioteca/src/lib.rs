//! Othello (Reversi) as in the homework "Tarea 2: El Juego Othello (Reversi)" of
//! Introducción a la Programación, Pontificia Universidad Católica de Chile.
//!
//! The library has one rules engine ([`Tablero`], bitboards inside) and shows the
//! homework's faces at every boundary: cells "B", "N" and "V", positions like "C3", the
//! 8-line save file. The homework's functions are here with their names:
//! [`jugar`], [`contar`], [`guardar_partida`] and [`cargar_partida`].
//!
//! ```
//! use othello::{contar, jugar, Color, Tablero};
//!
//! let mut tablero = Tablero::inicial();
//! assert!(jugar(&mut tablero, "C4", "N"));
//! assert_eq!(contar(&tablero, "N"), 4);
//! assert_eq!(contar(&tablero, "B"), 1);
//! assert_eq!(tablero.jugadas_validas(Color::Blanco).cantidad(), 3);
//! ```
//!
//! It is the rules, the formats, the files on disk and the engine, and nothing of a
//! front end: the game at the terminal, the orders and the grader are the program's
//! package (`othello-programa`), which rustc keeps from being imported here:
//!
//! ```compile_fail
//! // A front end's item is not the library's.
//! use othello::interfaz::juego::Opciones;
//! ```
//!
//! ```compile_fail
//! use othello::Vista;
//! ```

#![deny(missing_docs)]

pub mod disco;
pub mod formato;
pub mod motor;
mod reglas;
mod tarea;
pub mod texto;

pub use disco::ErrorArchivo;
pub use formato::{
    archivo::ErrorTablero,
    obf::{ErrorObf, Obf},
    transcripcion::{ErrorRepeticion, Escrita, Notacion, Razon, Repeticion, Transcripcion},
};
pub use reglas::{
    bitboard::{Bitboard, Posiciones},
    casilla::{Casilla, ErrorCasilla},
    color::{Color, ErrorColor, PorColor},
    partida::{ErrorPartida, Estado, Jugada, Motivo, Partida, Reglas, Resultado},
    posicion::{ErrorPosicion, Posicion},
    tablero::{ErrorJugada, ErrorLista, Tablero},
};
pub use tarea::{cargar_partida, contar, guardar_partida, jugar};

/// The README's examples, run as doctests so that they stay true (as those of every
/// document: `tests/integracion/documentos.rs`).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct Leeme;
