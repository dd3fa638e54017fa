//! Integration tests, all in one binary (ripgrep's layout): one module per area.

/// The homework's API exactly as specified, and every file error through it.
mod api;
/// The `othello` program end to end, driven through its standard input.
mod binario;
/// The fixture boards of `partidas/`: loading them, playing moves on them, every ending.
mod partidas;
/// Properties that hold on random reachable positions (proptest).
mod propiedades;

/// Boards in the canonical file format that several modules compare against: the
/// hand-written fixtures of `partidas/`, so there is one copy of each.
mod comun {
    /// The starting board.
    pub const INICIAL: &str = include_str!("../../partidas/inicial.txt");
    /// After black's C4 from the start (the homework's Figure 2).
    pub const TRAS_C4: &str = include_str!("../../partidas/figura2.txt");
}
