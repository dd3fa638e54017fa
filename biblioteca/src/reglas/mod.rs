//! The rules of the homework's Othello, and nothing else: positions, colors, cells, the
//! bitboard move generator, the board and the game with its turn and passes. Nothing
//! here reads or writes files or talks to people; every other layer builds on these
//! types.

pub(crate) mod bitboard;
pub(crate) mod casilla;
pub(crate) mod color;
pub(crate) mod partida;
pub(crate) mod posicion;
pub(crate) mod tablero;
