//! The texts the program reads and writes: the homework's 8-line board file, the board
//! strings of Othello engines (obf) and move transcripts. Text in, types out, and back;
//! the disk is `disco`'s.

pub mod archivo;
pub mod entrada;
pub mod jugadas;
pub(crate) mod obf;
pub(crate) mod transcripcion;
