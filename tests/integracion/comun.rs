//! What every integration test shares: the program run in a folder of its own, files
//! written for a test, boards built from rows of letters, the fixture boards (these
//! three, with the library's tests: `biblioteca/tests/comun/`), and a readable diff on
//! mismatch.

use std::{path::Path, time::Duration};

#[path = "../../biblioteca/tests/comun/mod.rs"]
mod de_la_biblioteca;
pub use de_la_biblioteca::*;

pub use pretty_assertions::assert_eq;
use tempfile::TempDir;

/// A fresh temporary folder, removed when dropped.
pub fn carpeta() -> TempDir {
    tempfile::tempdir().expect("carpeta temporal")
}

/// The program, run in `dir`: no color (the one place that sets `NO_COLOR`), no width
/// inherited from the terminal that runs the tests, and its data folder (the recovery
/// save) inside `dir`, so that no test sees another's or the user's.
pub fn othello(dir: &Path) -> assert_cmd::Command {
    let mut comando = assert_cmd::Command::from_std(programa(dir));
    comando.timeout(Duration::from_secs(60));
    comando
}

/// The program as [`othello`] runs it, for a caller that runs it otherwise (in a
/// pseudo-terminal).
pub fn programa(dir: &Path) -> std::process::Command {
    let mut comando = std::process::Command::new(env!("CARGO_BIN_EXE_othello"));
    comando
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .env_remove("COLUMNS")
        .env("XDG_DATA_HOME", dir.join(".datos"));
    comando
}

/// What one run of the program left behind.
#[derive(Debug)]
pub struct Corrida {
    /// Standard output.
    pub salida: String,
    /// Standard error.
    pub errores: String,
    /// The exit status; `None` if a signal ended it.
    pub codigo: Option<i32>,
}

/// Runs `comando` with `entrada` as its standard input.
pub fn correr(comando: &mut assert_cmd::Command, entrada: impl Into<Vec<u8>>) -> Corrida {
    let resultado = comando
        .write_stdin(entrada)
        .output()
        .expect("el programa corre");
    Corrida {
        // Even after bytes that are not UTF-8 in the input, the output must be text.
        salida: String::from_utf8(resultado.stdout).expect("stdout es UTF-8"),
        errores: String::from_utf8(resultado.stderr).expect("stderr es UTF-8"),
        codigo: resultado.status.code(),
    }
}

/// The 64 letters of a board in the file format, row 1 first: what a test compares
/// when the file's spacing does not matter.
pub fn letras(archivo: &str) -> String {
    archivo.chars().filter(|c| "BNV".contains(*c)).collect()
}

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

/// The boards of the recovery copies in `carpeta` (`partida-….txt`), in name order.
pub fn copias_de_recuperacion(carpeta: &Path) -> Vec<std::path::PathBuf> {
    let mut copias: Vec<_> = std::fs::read_dir(carpeta)
        .map(|entradas| {
            entradas
                .map(|entrada| entrada.expect("entrada").path())
                .filter(|ruta| {
                    let nombre = ruta.file_name().unwrap_or_default().to_string_lossy();
                    nombre.starts_with("partida") && nombre.ends_with(".txt")
                })
                .collect()
        })
        .unwrap_or_default();
    copias.sort();
    copias
}

/// The one recovery copy in `carpeta`, checking that there is exactly one.
#[track_caller]
pub fn copia_de_recuperacion(carpeta: &Path) -> std::path::PathBuf {
    let copias = copias_de_recuperacion(carpeta);
    assert_eq!(
        copias.len(),
        1,
        "una copia en {}: {copias:?}",
        carpeta.display()
    );
    copias.into_iter().next().unwrap()
}

/// `--pesos` without the main program: the tests of how the functions are graded do
/// not play games with each submission's program (`programa.rs` does).
pub const SOLO_FUNCIONES: &str = "jugar=60,contar=20,guardarPartida=10,cargarPartida=10";

/// The grading scale with [`SOLO_FUNCIONES`].
pub fn solo_funciones() -> othello_programa::correccion::Escala {
    othello_programa::correccion::Escala {
        pesos: SOLO_FUNCIONES.parse().expect("pesos válidos"),
        ..othello_programa::correccion::Escala::default()
    }
}
