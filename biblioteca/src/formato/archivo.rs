//! The homework's save file: 8 lines, one per row, cells separated by commas.
//!
//! Writing always gives the canonical form of the homework's example: row 1 first, the
//! cells of a row joined by a comma and a space, a newline after every row:
//!
//! ```text
//! V, V, V, V, V, V, V, V
//! ...
//! V, V, V, B, N, V, V, V
//! ```
//!
//! Reading is tolerant where there is no doubt about what was meant: spaces or tabs
//! around the commas or none at all, CRLF or LF line ends, a final newline or not,
//! blank lines after the last row, and a UTF-8 byte order mark. Everything else is
//! rejected with an [`ErrorTablero`] that names the line and column (both counted from
//! 1, the column in characters) and what was found against what was expected: a blank
//! line between rows, fewer or more than 8 rows, a row without exactly 8 cells, or any
//! cell other than exactly `B`, `N` or `V` (lowercase letters and quotes included).
//! Only the text is read and written here; reading and saving files (the size limit,
//! atomic saves) is `disco`'s job.

use std::fmt;

use crate::{
    Casilla, ErrorLista, Posicion, Tablero,
    texto::{acortar, cantidad, se_encontraron},
};

/// Why a text is not a board in the file format. Every variant has a line and a column
/// (counted from 1; the column in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorTablero {
    /// Nothing but blank lines (or nothing at all).
    Vacio,
    /// Bytes that are not UTF-8 text.
    NoUtf8 {
        /// Line of the first bad byte.
        linea: usize,
        /// Column of the first bad byte.
        columna: usize,
    },
    /// A blank line before row 8.
    LineaEnBlanco {
        /// The blank line.
        linea: usize,
    },
    /// The text ends before row 8.
    FaltanFilas {
        /// The line where the next row was expected.
        linea: usize,
        /// How many rows there were.
        encontradas: usize,
    },
    /// A ninth row.
    SobranFilas {
        /// The line of the ninth row.
        linea: usize,
    },
    /// A row with fewer or more than 8 cells.
    CantidadCasillas {
        /// The row's line.
        linea: usize,
        /// Where the ninth cell starts, or where the row ends if it is short.
        columna: usize,
        /// The row, 1 to 8.
        fila: usize,
        /// How many cells it had.
        encontradas: usize,
    },
    /// A cell that is not exactly `B`, `N` or `V`.
    Casilla {
        /// The cell's line.
        linea: usize,
        /// Where the cell's text starts (after any spaces).
        columna: usize,
        /// The cell on the board.
        posicion: Posicion,
        /// What it held (shortened if very long).
        encontrado: String,
    },
}

impl ErrorTablero {
    /// The line of the problem, counted from 1.
    pub fn linea(&self) -> usize {
        match *self {
            ErrorTablero::Vacio => 1,
            ErrorTablero::NoUtf8 { linea, .. }
            | ErrorTablero::LineaEnBlanco { linea }
            | ErrorTablero::FaltanFilas { linea, .. }
            | ErrorTablero::SobranFilas { linea }
            | ErrorTablero::CantidadCasillas { linea, .. }
            | ErrorTablero::Casilla { linea, .. } => linea,
        }
    }

    /// The column of the problem, counted from 1 in characters.
    pub fn columna(&self) -> usize {
        match *self {
            ErrorTablero::NoUtf8 { columna, .. }
            | ErrorTablero::CantidadCasillas { columna, .. }
            | ErrorTablero::Casilla { columna, .. } => columna,
            _ => 1,
        }
    }

    /// What is wrong, without the line and column.
    pub fn descripcion(&self) -> String {
        match self {
            ErrorTablero::Vacio => {
                "el archivo está vacío (se esperaban 8 filas de 8 casillas)".into()
            }
            ErrorTablero::NoUtf8 { .. } => "el texto no es UTF-8 válido".into(),
            ErrorTablero::LineaEnBlanco { .. } => {
                "línea en blanco donde se esperaba una fila de 8 casillas".into()
            }
            ErrorTablero::FaltanFilas { encontradas, .. } => {
                let verbo = se_encontraron(*encontradas as u64);
                format!("faltan filas: {verbo} {encontradas}, se esperaban 8")
            }
            ErrorTablero::SobranFilas { .. } => {
                "sobran filas: se esperaban solo 8 (se encontró una novena)".into()
            }
            ErrorTablero::CantidadCasillas {
                fila, encontradas, ..
            } => {
                // The same words as a list of lists with a short or long row.
                let (fila, encontradas) = (*fila, *encontradas);
                ErrorLista::CantidadCasillas { fila, encontradas }.to_string()
            }
            ErrorTablero::Casilla {
                posicion,
                encontrado,
                ..
            } => {
                format!("en la casilla {posicion} se encontró {encontrado:?}, se esperaba B, N o V")
            }
        }
    }
}

impl fmt::Display for ErrorTablero {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "línea {}, columna {}: {}",
            self.linea(),
            self.columna(),
            self.descripcion()
        )
    }
}

impl std::error::Error for ErrorTablero {}

/// The UTF-8 byte order mark, tolerated at the start of a file.
const BOM: &str = "\u{FEFF}";

/// Spaces and tabs: what may surround a cell.
const ESPACIOS: [char; 2] = [' ', '\t'];

/// Reads a board from the bytes of a file.
///
/// # Errors
///
/// [`ErrorTablero::NoUtf8`] for bytes that are not UTF-8, and then everything that
/// [`leer_texto`] rejects.
pub fn leer_bytes(bytes: &[u8]) -> Result<Tablero, ErrorTablero> {
    revisar_bytes(bytes).resultado()
}

/// Reads the bytes of a file as a board and keeps every problem (see [`Revision`]).
pub fn revisar_bytes(bytes: &[u8]) -> Revision {
    match std::str::from_utf8(bytes) {
        Ok(texto) => revisar_texto(texto),
        Err(error) => {
            // Columns are counted after the byte order mark, as `leer_texto` counts them.
            let inicio = if bytes.starts_with(BOM.as_bytes()) {
                BOM.len()
            } else {
                0
            };
            let valido = std::str::from_utf8(&bytes[inicio..error.valid_up_to()])
                .expect("el prefijo antes del error es UTF-8");
            let inicio_linea = valido.rfind('\n').map_or(0, |i| i + 1);
            Revision {
                tablero: Tablero::vacio(),
                errores: vec![ErrorTablero::NoUtf8 {
                    linea: valido.matches('\n').count() + 1,
                    columna: valido[inicio_linea..].chars().count() + 1,
                }],
                ubicaciones: [(0, 0); 64],
            }
        }
    }
}

/// Reads a board from the text of a file (the module's documentation says what is
/// accepted). This is also `Tablero`'s `FromStr`.
///
/// ```
/// use othello::{Tablero, formato::archivo::{leer_texto, ErrorTablero}};
///
/// let texto = "V,V,V,V,V,V,V,V\r\n".repeat(3)
///     + "V, V, V, B, N, V, V, V\n"
///     + "V,\tV, V, N, B, V, V, V\n"
///     + &"V,V,V,V,V,V,V,V\n".repeat(3);
/// assert_eq!(leer_texto(&texto)?, Tablero::inicial());
///
/// let error = leer_texto(&texto.replacen("B", "X", 1)).unwrap_err();
/// assert_eq!((error.linea(), error.columna()), (4, 10));
/// assert_eq!(
///     error.to_string(),
///     "línea 4, columna 10: en la casilla D4 se encontró \"X\", se esperaba B, N o V"
/// );
/// # Ok::<_, ErrorTablero>(())
/// ```
///
/// # Errors
///
/// An [`ErrorTablero`] with the line and column of the first problem.
pub fn leer_texto(texto: &str) -> Result<Tablero, ErrorTablero> {
    revisar_texto(texto).resultado()
}

/// Every problem of a text read as a board, in the order of the text, for validators
/// that report them all; and, when there is none, the board with where each cell was
/// written.
///
/// ```
/// use othello::formato::archivo::revisar_texto;
///
/// let texto = "V, V, V, V, V, V, V, V\n".repeat(3)
///     + "V, V, V, X, N, V, V, V\n"
///     + "V, V, V, N, B, V\n"
///     + &"V, V, V, V, V, V, V, V\n".repeat(3);
/// let revision = revisar_texto(&texto);
/// let lineas: Vec<_> = revision.errores().iter().map(|e| e.linea()).collect();
/// assert_eq!(lineas, [4, 5]);
/// ```
#[derive(Clone, Debug)]
pub struct Revision {
    tablero: Tablero,
    errores: Vec<ErrorTablero>,
    /// Line and column of each cell, by index.
    ubicaciones: [(usize, usize); 64],
}

impl Revision {
    /// Every problem found, in the order of the text; empty for a valid board.
    pub fn errores(&self) -> &[ErrorTablero] {
        &self.errores
    }

    /// The board, or the first problem.
    ///
    /// # Errors
    ///
    /// The first [`ErrorTablero`], if there is any.
    pub fn resultado(self) -> Result<Tablero, ErrorTablero> {
        match self.errores.into_iter().next() {
            Some(error) => Err(error),
            None => Ok(self.tablero),
        }
    }

    /// What makes a valid board one that no real game reaches: fewer than 4 pieces
    /// (a game starts with 4 and every move adds one), or an empty center cell (they
    /// start full and a piece is never taken away). Nothing for an invalid board.
    pub fn avisos(&self) -> Vec<Aviso> {
        if !self.errores.is_empty() {
            return Vec::new();
        }
        let mut avisos = Vec::new();
        let fichas = 64 - self.tablero.contar(Casilla::Vacia);
        if fichas < 4 {
            avisos.push(Aviso::PocasFichas { fichas });
        }
        for centro in ["D4", "E4", "D5", "E5"] {
            let posicion: Posicion = centro.parse().expect("casilla central");
            if self.tablero.casilla(posicion) == Casilla::Vacia {
                let (linea, columna) = self.ubicaciones[usize::from(posicion.indice())];
                avisos.push(Aviso::CentroVacio {
                    posicion,
                    linea,
                    columna,
                });
            }
        }
        avisos
    }
}

/// Something a valid board holds that no real game can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aviso {
    /// Fewer than 4 pieces.
    PocasFichas {
        /// How many there are.
        fichas: u32,
    },
    /// One of the four center cells is empty.
    CentroVacio {
        /// The cell.
        posicion: Posicion,
        /// Its line in the file.
        linea: usize,
        /// Its column in the file.
        columna: usize,
    },
}

impl Aviso {
    /// The line and column it points at, if it is about one cell.
    pub fn ubicacion(&self) -> Option<(usize, usize)> {
        match *self {
            Aviso::PocasFichas { .. } => None,
            Aviso::CentroVacio { linea, columna, .. } => Some((linea, columna)),
        }
    }
}

impl fmt::Display for Aviso {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aviso::PocasFichas { fichas } => write!(
                f,
                "{} en el tablero (una partida real tiene al menos 4)",
                cantidad(*fichas, "ficha", "fichas")
            ),
            Aviso::CentroVacio { posicion, .. } => write!(
                f,
                "casilla central {posicion} vacía (nunca en una partida real)"
            ),
        }
    }
}

/// Reads `texto` as a board and keeps every problem (see [`Revision`]).
pub fn revisar_texto(texto: &str) -> Revision {
    // csv drops a byte order mark at the start of its input, and only there. `\n` is the
    // only line end it knows, so a CR before it stays in the last field (see `campo`)
    // and quotes are ordinary characters: a quoted cell is reported as it is written.
    let mut lector = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .quoting(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_reader(texto.as_bytes());
    let mut revision = Revision {
        tablero: Tablero::vacio(),
        errores: Vec::new(),
        ubicaciones: [(0, 0); 64],
    };
    let mut filas = 0;
    let mut siguiente_linea = 1;
    let mut primera_en_blanco = None;
    // Where lines were last counted up to, and the line there: each record counts from
    // there, not from the start, so that many blank lines cost linear time.
    let (mut contado_hasta, mut linea_alli) = (0, 1);
    for registro in lector.records() {
        // The text is UTF-8 and unquoted, so csv has nothing to fail on; a failure
        // would still be reported where the next row was expected.
        let Ok(registro) = registro else {
            revision.errores.push(ErrorTablero::NoUtf8 {
                linea: siguiente_linea,
                columna: 1,
            });
            return revision;
        };
        // csv skips empty lines and places a record where it began to look for it:
        // the record starts after the line ends there.
        let desde = registro.position().map_or(0, |p| p.byte() as usize);
        let inicio = desde + texto[desde..].bytes().take_while(|&b| b == b'\n').count();
        linea_alli += texto[contado_hasta..inicio].matches('\n').count();
        contado_hasta = inicio;
        let linea = linea_alli;
        if linea > siguiente_linea {
            primera_en_blanco.get_or_insert(siguiente_linea);
        }
        siguiente_linea = linea + 1;
        if registro.len() == 1 && campo(&registro, 0).trim_matches(ESPACIOS).is_empty() {
            primera_en_blanco.get_or_insert(linea);
            continue;
        }
        if filas == 8 {
            revision.errores.push(ErrorTablero::SobranFilas { linea });
            return revision;
        }
        if let Some(linea) = primera_en_blanco.take() {
            revision.errores.push(ErrorTablero::LineaEnBlanco { linea });
        }
        leer_fila(&mut revision, &registro, filas, linea);
        filas += 1;
    }
    match filas {
        0 => revision.errores.push(ErrorTablero::Vacio),
        8 => {}
        encontradas => revision.errores.push(ErrorTablero::FaltanFilas {
            linea: primera_en_blanco.unwrap_or(siguiente_linea),
            encontradas,
        }),
    }
    revision
}

/// Field `indice` of a record, raw, with its spaces (so that the columns add up), but
/// without the CR of a CRLF line end.
fn campo(registro: &csv::StringRecord, indice: usize) -> &str {
    let texto = &registro[indice];
    match indice + 1 == registro.len() {
        true => texto.strip_suffix('\r').unwrap_or(texto),
        false => texto,
    }
}

/// Fills row `fila` (0 to 7) of the board from one csv record found on `linea`, and
/// notes its problems.
fn leer_fila(revision: &mut Revision, registro: &csv::StringRecord, fila: usize, linea: usize) {
    let mut columna = 1;
    for indice in 0..registro.len() {
        let campo = campo(registro, indice);
        let valor = campo.trim_matches(ESPACIOS);
        let inicio = columna + campo.chars().take_while(|c| ESPACIOS.contains(c)).count();
        if indice == 8 {
            revision.errores.push(ErrorTablero::CantidadCasillas {
                linea,
                columna: inicio,
                fila: fila + 1,
                encontradas: registro.len(),
            });
            return;
        }
        let posicion = Posicion::desde_coordenadas(indice as u8, fila as u8)
            .expect("fila y columna entre 0 y 7");
        revision.ubicaciones[usize::from(posicion.indice())] = (linea, inicio);
        match valor.parse::<Casilla>() {
            Ok(casilla) => revision.tablero.poner(posicion, casilla),
            Err(_) => revision.errores.push(ErrorTablero::Casilla {
                linea,
                columna: inicio,
                posicion,
                encontrado: acortar(valor),
            }),
        }
        columna += campo.chars().count() + 1;
    }
    if registro.len() < 8 {
        revision.errores.push(ErrorTablero::CantidadCasillas {
            linea,
            columna: columna - 1,
            fila: fila + 1,
            encontradas: registro.len(),
        });
    }
}

impl fmt::Display for Tablero {
    /// The canonical file format: 8 lines of `V, V, V, B, N, V, V, V`, each ending in a
    /// newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for fila in self.filas() {
            let letras: Vec<String> = fila.iter().map(Casilla::to_string).collect();
            writeln!(f, "{}", letras.join(", "))?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Tablero {
    type Err = ErrorTablero;

    /// The file format, as [`leer_texto`] reads it.
    fn from_str(texto: &str) -> Result<Tablero, ErrorTablero> {
        leer_texto(texto)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written fixture of the starting board.
    const INICIAL: &str = include_str!("../../../partidas/inicial.txt");

    #[test]
    fn escribe_la_forma_canonica() {
        assert_eq!(Tablero::inicial().to_string(), INICIAL);
        assert_eq!(INICIAL.parse::<Tablero>(), Ok(Tablero::inicial()));
    }

    #[test]
    fn muchas_lineas_en_blanco_se_leen_en_tiempo_lineal() {
        // 64 KiB of blank lines before the board and after its third row: each line a
        // record for csv. Counting lines from the start for each took seconds.
        let blancas = " \n".repeat(16 * 1024);
        let (antes, despues) = INICIAL.split_at(INICIAL.match_indices('\n').nth(2).unwrap().0 + 1);
        let texto = format!("{blancas}{antes}{blancas}{despues}");
        let inicio = std::time::Instant::now();
        let revision = revisar_texto(&texto);
        let demora = inicio.elapsed();
        let segunda = 16 * 1024 + 4;
        assert_eq!(
            revision.errores,
            [
                ErrorTablero::LineaEnBlanco { linea: 1 },
                ErrorTablero::LineaEnBlanco { linea: segunda }
            ]
        );
        // Row 4 starts column A.
        assert_eq!(revision.ubicaciones[3 * 8].0, 2 * 16 * 1024 + 4);
        // Linear takes about a millisecond; a generous bound for a busy machine.
        assert!(demora < std::time::Duration::from_millis(300), "{demora:?}");
    }

    #[test]
    fn tolerancias() {
        let variantes = [
            INICIAL.replace(", ", ","),
            INICIAL.replace(", ", " ,\t"),
            INICIAL.replace('\n', "\r\n"),
            INICIAL.trim_end().to_owned(),
            format!("{INICIAL}\n\n  \n\t\n"),
            format!("\u{FEFF}{INICIAL}"),
            INICIAL.replace("V, V, V, B", "  V, V, V, B"),
            INICIAL.replace("N, V, V, V\n", "N, V, V, V  \n"),
        ];
        for texto in variantes {
            assert_eq!(
                texto.parse::<Tablero>(),
                Ok(Tablero::inicial()),
                "{texto:?}"
            );
        }
    }

    #[test]
    fn errores_con_linea_y_columna() {
        let fila = "V, V, V, V, V, V, V, V\n";
        let casos: Vec<(String, ErrorTablero)> = vec![
            (String::new(), ErrorTablero::Vacio),
            ("\n\n \n".into(), ErrorTablero::Vacio),
            (
                INICIAL.replacen("\n", "\n\n", 2),
                ErrorTablero::LineaEnBlanco { linea: 2 },
            ),
            (
                INICIAL.replacen("\n", "\n   \n", 1),
                ErrorTablero::LineaEnBlanco { linea: 2 },
            ),
            (
                fila.repeat(7),
                ErrorTablero::FaltanFilas {
                    linea: 8,
                    encontradas: 7,
                },
            ),
            (
                format!("{INICIAL}{fila}"),
                ErrorTablero::SobranFilas { linea: 9 },
            ),
            (
                INICIAL.replacen("V, V, V, V, V, V, V, V", "V, V, V, V, V, V, V", 1),
                ErrorTablero::CantidadCasillas {
                    linea: 1,
                    columna: 20,
                    fila: 1,
                    encontradas: 7,
                },
            ),
            (
                INICIAL.replacen("V, V, V, V, V, V, V, V", "V, V, V, V, V, V, V, V, V", 1),
                ErrorTablero::CantidadCasillas {
                    linea: 1,
                    columna: 25,
                    fila: 1,
                    encontradas: 9,
                },
            ),
            (
                INICIAL.replacen("V, V, V, V, V, V, V, V", "V, V, V, V, V, V, V, V,", 1),
                ErrorTablero::CantidadCasillas {
                    linea: 1,
                    columna: 24,
                    fila: 1,
                    encontradas: 9,
                },
            ),
            (
                INICIAL.replacen("B, N", "b, N", 1),
                ErrorTablero::Casilla {
                    linea: 4,
                    columna: 10,
                    posicion: "D4".parse().unwrap(),
                    encontrado: "b".into(),
                },
            ),
            (
                INICIAL.replacen("B, N", "\"B\", N", 1),
                ErrorTablero::Casilla {
                    linea: 4,
                    columna: 10,
                    posicion: "D4".parse().unwrap(),
                    encontrado: "\"B\"".into(),
                },
            ),
            (
                INICIAL.replacen("V, V, V, B", "V, V,, B", 1),
                ErrorTablero::Casilla {
                    linea: 4,
                    columna: 6,
                    posicion: "C4".parse().unwrap(),
                    encontrado: String::new(),
                },
            ),
            (
                INICIAL.replacen("V, V, V, B", "V, V, , V, B", 1).replacen(
                    "N, V, V, V\n",
                    "N, V, V\n",
                    1,
                ),
                ErrorTablero::Casilla {
                    linea: 4,
                    columna: 7,
                    posicion: "C4".parse().unwrap(),
                    encontrado: String::new(),
                },
            ),
            (
                INICIAL.replacen("V, V, V, B", "V; V; V; B", 1),
                // Problems are reported in reading order: this cell comes first.
                ErrorTablero::Casilla {
                    linea: 4,
                    columna: 1,
                    posicion: "A4".parse().unwrap(),
                    encontrado: "V; V; V; B".into(),
                },
            ),
        ];
        for (texto, esperado) in casos {
            assert_eq!(texto.parse::<Tablero>(), Err(esperado), "{texto:?}");
        }
    }

    #[test]
    fn lineas_en_blanco_y_filas_de_mas() {
        let fila = "V, V, V, V, V, V, V, V\n";
        // After row 8, text past a blank line is a ninth row, not a misplaced blank.
        assert_eq!(
            format!("{INICIAL}\n{fila}").parse::<Tablero>(),
            Err(ErrorTablero::SobranFilas { linea: 10 })
        );
        // A blank line before row 1 is where row 1 was expected.
        assert_eq!(
            format!("\n{INICIAL}").parse::<Tablero>(),
            Err(ErrorTablero::LineaEnBlanco { linea: 1 })
        );
    }

    #[test]
    fn una_sola_marca_bom() {
        let esperado = Err(ErrorTablero::Casilla {
            linea: 1,
            columna: 1,
            posicion: "A1".parse().unwrap(),
            encontrado: "\u{FEFF}V".into(),
        });
        let texto = format!("\u{FEFF}\u{FEFF}{INICIAL}");
        assert_eq!(texto.parse::<Tablero>(), esperado);
        assert_eq!(leer_bytes(texto.as_bytes()), esperado);
        // Nor at the start of a later line.
        assert_eq!(
            INICIAL.replacen("\nV", "\n\u{FEFF}V", 1).parse::<Tablero>(),
            Err(ErrorTablero::Casilla {
                linea: 2,
                columna: 1,
                posicion: "A2".parse().unwrap(),
                encontrado: "\u{FEFF}V".into(),
            })
        );
    }

    #[test]
    fn retornos_de_carro() {
        let crlf = INICIAL.replace('\n', "\r\n");
        // A CRLF blank line between rows is a blank line.
        assert_eq!(
            crlf.replacen("\r\n", "\r\n\r\n", 1).parse::<Tablero>(),
            Err(ErrorTablero::LineaEnBlanco { linea: 2 })
        );
        // A CR anywhere but before the line end is no line end: it stays in its cell.
        assert_eq!(
            INICIAL
                .replacen("V, V, V, B", "V, V\r, V, B", 1)
                .parse::<Tablero>(),
            Err(ErrorTablero::Casilla {
                linea: 4,
                columna: 4,
                posicion: "B4".parse().unwrap(),
                encontrado: "V\r".into(),
            })
        );
    }

    #[test]
    fn no_utf8_con_posicion() {
        let mut bytes = INICIAL.as_bytes().to_vec();
        bytes[23 + 3] = 0xFF; // line 2, column 4
        assert_eq!(
            leer_bytes(&bytes),
            Err(ErrorTablero::NoUtf8 {
                linea: 2,
                columna: 4
            })
        );
    }

    #[test]
    fn cita_acortada() {
        let texto = INICIAL.replacen('B', &"X".repeat(1000), 1);
        let Err(ErrorTablero::Casilla { encontrado, .. }) = texto.parse::<Tablero>() else {
            panic!("se esperaba un error de casilla");
        };
        assert_eq!(encontrado.chars().count(), crate::texto::LARGO_CITA + 1);
    }
}
