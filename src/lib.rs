//! The program `othello` over the library `othello` (the rules, the formats, the disk
//! and the engine): its front ends, each reading from any `BufRead` and writing to any
//! `Write`, so that they run the same under a person, a pipe or a test. The game at the
//! terminal ([`juego`]), the orders for scripts and graders ([`ordenes`]) and the
//! grading of the students' Python ([`correccion`]), with what they share: the board as
//! drawn on screen ([`vista`]), the values of the command line ([`argumentos`]) and the
//! lines of text fitted to a terminal ([`renglones`]). The binary (`src/main.rs`) reads
//! the command line and runs one of them.

#![deny(missing_docs)]

pub mod argumentos;
pub mod correccion;
pub mod juego;
pub mod ordenes;
pub mod renglones;
pub mod vista;
