//! The engine for computer players and analysis: move counting (perft), the search of
//! the strong player and the exact endgame solver. All of it runs on the one move
//! generator of [`Tablero`](crate::Tablero) (the bitboards of `bitboard`); nothing
//! here generates moves a second way.
//!
//! The search follows the official rule: a player passes only without a valid move,
//! and the game ends when neither can move. The final score is the disc difference for
//! the side to move, with the empty squares given to the winner, as the FFO suite
//! counts it.

#[cfg(feature = "ajuste-de-pesos")]
pub mod ajuste;
#[cfg(any(test, feature = "ajuste-de-pesos"))]
mod azar;
pub mod busqueda;
mod cpu;
mod division;
mod estables;
mod evaluacion;
mod final_exacto;
pub mod jugadores;
mod medio_juego;
mod nucleo;
pub mod perft;
mod primitivas;
mod tabla;
pub mod torneo;
