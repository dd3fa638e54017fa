//! What the tests of the library and of the program share: files written for a test,
//! boards built from rows of letters, and the fixture boards of `partidas/`. The
//! program's integration tests include this file too (`tests/integracion/comun.rs`).

use std::{
    fs,
    path::{Path, PathBuf},
};

use othello::Tablero;

/// Writes `contenido` to `nombre` inside `carpeta`, making the folders that `nombre`
/// names, and returns its path.
pub fn escribir(carpeta: &Path, nombre: &str, contenido: &(impl AsRef<[u8]> + ?Sized)) -> PathBuf {
    let ruta = carpeta.join(nombre);
    if let Some(padre) = ruta.parent() {
        fs::create_dir_all(padre).expect("se crea la carpeta del archivo de prueba");
    }
    fs::write(&ruta, contenido).expect("se escribe el archivo de prueba");
    ruta
}

/// A board from 8 rows of 8 letters (`N`, `B`, `V`), row 1 first:
/// `tablero_de(["VVVVVVVV", …])`. A row of the wrong length is a mistake in the test.
pub fn tablero_de(filas: [&str; 8]) -> Tablero {
    let lista: Vec<Vec<String>> = filas
        .iter()
        .map(|fila| {
            assert_eq!(
                fila.chars().count(),
                8,
                "fila de prueba mal escrita: {fila}"
            );
            fila.chars().map(String::from).collect()
        })
        .collect();
    Tablero::try_from(lista).expect("tablero de prueba válido")
}

/// The same 8 rows in the canonical file format, written here by hand (cells joined by
/// ", ", a newline after every row) so that it can check the library's writer.
pub fn texto_de(filas: [&str; 8]) -> String {
    filas
        .iter()
        .map(|fila| {
            let celdas: Vec<String> = fila.chars().map(String::from).collect();
            celdas.join(", ") + "\n"
        })
        .collect()
}

/// The starting board.
pub const INICIAL: &str = include_str!("../../../partidas/inicial.txt");
