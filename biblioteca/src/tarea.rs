//! The homework's functions, with the homework's names and text arguments.
//!
//! They are thin adapters: each parses its strings into the typed values and calls
//! the one rules engine ([`Tablero`]) or the file format ([`archivo`](crate::formato::archivo)).

use std::path::Path;

use crate::{Casilla, Color, ErrorArchivo, Posicion, Tablero, disco};

/// Homework item 6: plays a piece of color `valor` ("B" or "N") on `posicion` (the
/// game's format: an uppercase column letter A-H and a row digit 1-8, like "C3").
///
/// Returns `true` and changes `tablero` (the piece placed, every flanked piece flipped)
/// when the move is valid. Returns `false` and leaves `tablero` exactly as it was for a
/// badly written position or color, an occupied cell, or a piece that flanks nothing.
///
/// ```
/// use othello::{contar, jugar, Tablero};
///
/// let mut tablero = Tablero::inicial();
/// assert!(jugar(&mut tablero, "C4", "N"));   // Figure 2: flips D4
/// assert!(jugar(&mut tablero, "C3", "B"));   // Figure 3: flips D4 back
/// assert!(!jugar(&mut tablero, "C3", "N"));  // occupied
/// assert!(!jugar(&mut tablero, "A1", "N"));  // flanks nothing
/// assert!(!jugar(&mut tablero, "c5", "N"));  // not the game's format
/// assert_eq!((contar(&tablero, "N"), contar(&tablero, "B")), (3, 3));
/// ```
pub fn jugar(tablero: &mut Tablero, posicion: &str, valor: &str) -> bool {
    match (posicion.parse::<Posicion>(), valor.parse::<Color>()) {
        (Ok(posicion), Ok(color)) => tablero.jugar(posicion, color).is_ok(),
        _ => false,
    }
}

/// Homework item 5: how many cells of `tablero` hold `c` ("N", "B" or "V"). Any other
/// text is no cell value, so none holds it: 0.
///
/// ```
/// use othello::{contar, Tablero};
///
/// let tablero = Tablero::inicial();
/// assert_eq!(contar(&tablero, "N"), 2);
/// assert_eq!(contar(&tablero, "B"), 2);
/// assert_eq!(contar(&tablero, "V"), 60);
/// assert_eq!(contar(&tablero, "X"), 0);
/// ```
pub fn contar(tablero: &Tablero, c: &str) -> usize {
    c.parse::<Casilla>()
        .map_or(0, |casilla| tablero.contar(casilla) as usize)
}

/// Homework item 7: saves `tablero` to `nombre_archivo`, 8 lines of cells separated by
/// a comma and a space. The save is atomic: a failure leaves any previous file intact.
///
/// ```
/// use othello::{cargar_partida, guardar_partida, jugar, Tablero};
///
/// let carpeta = tempfile::tempdir()?;
/// let ruta = carpeta.path().join("partida.txt");
/// let mut tablero = Tablero::inicial();
/// jugar(&mut tablero, "C4", "N");
/// guardar_partida(&tablero, &ruta)?;
/// assert!(std::fs::read_to_string(&ruta)?.starts_with("V, V, V, V, V, V, V, V\n"));
/// assert_eq!(cargar_partida(&ruta)?, tablero);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// An [`ErrorArchivo`] in Spanish naming the file: a folder, a missing folder, no
/// permission, a full disk.
pub fn guardar_partida(
    tablero: &Tablero,
    nombre_archivo: impl AsRef<Path>,
) -> Result<(), ErrorArchivo> {
    disco::guardar(tablero, nombre_archivo)
}

/// Homework item 7: the board saved in `nombre_archivo`.
///
/// ```
/// use othello::{cargar_partida, ErrorArchivo};
///
/// let carpeta = tempfile::tempdir()?;
/// let ruta = carpeta.path().join("malo.txt");
/// std::fs::write(&ruta, "V, V, V\n")?;
/// let error = cargar_partida(&ruta).unwrap_err();
/// assert!(matches!(error, ErrorArchivo::Formato { .. }));
/// assert!(error.to_string().ends_with(
///     "línea 1, columna 8: la fila 1 tiene 3 casillas, se esperaban 8; y 1 problema más"
/// ));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// An [`ErrorArchivo`] in Spanish naming the file, and for a bad
/// text also the line, the column and what was found against what was expected: a
/// missing file, a folder, an empty file, text that is not UTF-8, other than 8 rows of 8
/// cells, a value other than B, N or V, a file larger than 64 KiB.
pub fn cargar_partida(nombre_archivo: impl AsRef<Path>) -> Result<Tablero, ErrorArchivo> {
    disco::cargar(nombre_archivo)
}
