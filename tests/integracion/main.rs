//! Integration tests, all in one binary (ripgrep's layout): one module per area.

/// The homework's API exactly as specified, and every file error through it.
mod api;
/// The `othello` program end to end, driven through its standard input.
mod binario;
/// The computer players and game modes through the program.
mod computadora;
/// The orders for scripts: run in this process through `ejecutar`, and the command line
/// and the README's examples run as the program.
mod ordenes;
/// The fixture boards of `partidas/`: loading them, playing moves on them, every ending.
mod partidas;
/// Properties that hold on random reachable positions (proptest).
mod propiedades;

/// What the modules share: running the program, board builders, fixtures.
mod comun;
