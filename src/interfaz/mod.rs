//! The front ends: the game at the terminal ([`juego`]) and the orders for scripts and
//! graders ([`ordenes`]), with what they share: the board as drawn on screen ([`Vista`])
//! and the values of the command line ([`argumentos`]). Both read from any `BufRead` and
//! write to any `Write`.
//!
//! [`Vista`]: crate::Vista

pub(crate) mod ajuste;
pub mod argumentos;
pub mod correccion;
pub mod juego;
pub mod ordenes;
pub(crate) mod vista;
