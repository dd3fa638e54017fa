//! Integration tests, all in one binary (ripgrep's layout): one module per area.

/// The homework's API exactly as specified, and every file error through it.
mod api;
/// The `othello` program end to end, driven through its standard input.
mod binario;
/// The computer players and game modes through the program.
mod computadora;
mod ordenes;
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

    /// One game of `tests/datos/partidas-completas.tsv`: eight real games from the start,
    /// copied verbatim from the project's shared bench data (CI runs on a fresh clone)
    /// and checked by independent implementations.
    pub struct PartidaCompleta {
        /// Its number in the file.
        pub id: usize,
        /// The moves, spaced, with every pass written.
        pub espaciada: String,
        /// The same game in compact notation, passes implied.
        pub compacta: String,
        /// The final board: 64 letters B/N/V, row 1 first.
        pub final_: String,
        /// Black's pieces at the end.
        pub negras: u64,
        /// White's pieces at the end.
        pub blancas: u64,
    }

    impl PartidaCompleta {
        /// The spaced transcript's moves, one by one.
        pub fn jugadas(&self) -> Vec<String> {
            self.espaciada.split(' ').map(str::to_owned).collect()
        }
    }

    /// The eight complete games.
    pub fn partidas_completas() -> Vec<PartidaCompleta> {
        let partidas: Vec<PartidaCompleta> = include_str!("../datos/partidas-completas.tsv")
            .lines()
            .filter(|linea| !linea.starts_with('#') && !linea.trim().is_empty())
            .map(|linea| {
                let campos: Vec<&str> = linea.split('\t').collect();
                assert_eq!(campos.len(), 6, "{linea:?}");
                PartidaCompleta {
                    id: campos[0].parse().expect("número de partida"),
                    espaciada: campos[1].to_owned(),
                    compacta: campos[2].to_owned(),
                    final_: campos[3].to_owned(),
                    negras: campos[4].parse().expect("cuenta de negras"),
                    blancas: campos[5].parse().expect("cuenta de blancas"),
                }
            })
            .collect();
        assert_eq!(partidas.len(), 8);
        partidas
    }
}
