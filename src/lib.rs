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
//! The game at the terminal ([`juego`]) reads from any `BufRead` and writes to any
//! `Write`, so it runs the same under a person, a pipe or a test.

#![deny(missing_docs)]

pub mod archivo;
mod bitboard;
mod casilla;
mod color;
pub mod juego;
pub mod jugadores;
pub mod motor;
mod obf;
pub mod ordenes;
mod partida;
mod posicion;
mod tablero;
mod tarea;
mod texto;
pub mod torneo;
mod transcripcion;
mod vista;

pub use archivo::{ErrorArchivo, ErrorTablero};
pub use bitboard::{Bitboard, Posiciones};
pub use casilla::{Casilla, ErrorCasilla};
pub use color::{Color, ErrorColor};
pub use obf::{ErrorObf, Obf};
pub use partida::{ErrorPartida, Estado, Jugada, Motivo, Partida, Reglas, Resultado};
pub use posicion::{ErrorPosicion, Posicion};
pub use tablero::{ErrorJugada, ErrorLista, Tablero};
pub use tarea::{cargar_partida, contar, guardar_partida, jugar};
pub use transcripcion::{ErrorRepeticion, Escrita, Notacion, Razon, Repeticion, Transcripcion};
pub use vista::Vista;

/// The README's examples, run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct Leeme;
