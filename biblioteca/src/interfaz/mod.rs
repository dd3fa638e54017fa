//! The front ends: the game at the terminal ([`juego`]) and the orders for scripts and
//! graders ([`ordenes`]), with what they share: the board as drawn on screen ([`Vista`])
//! the values of the command line ([`argumentos`]) and the lines of text fitted to a
//! terminal ([`renglones`]). Both read from any `BufRead` and write to any `Write`.
//!
//! [`Vista`]: crate::Vista

pub mod argumentos;
pub mod correccion;
pub mod juego;
pub mod ordenes;
pub mod renglones;
pub(crate) mod vista;
