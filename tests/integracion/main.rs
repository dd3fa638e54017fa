//! Integration tests, all in one binary (ripgrep's layout): one module per area.

/// The homework's API exactly as specified, and every file error through it.
mod api;
/// The `othello` program end to end, driven through its standard input.
mod binario;
/// The computer players and game modes through the program.
mod computadora;
/// Grading students' Python files with a real interpreter, and writing cases.
mod correccion;
mod ordenes;
/// The fixture boards of `partidas/`: loading them, playing moves on them, every ending.
mod partidas;
/// Properties that hold on random reachable positions (proptest).
mod propiedades;

/// What the modules share: running the program, board builders, fixtures.
mod comun;
