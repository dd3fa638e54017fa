//! A cell's position on the board, named as the game names it: "C3".

use std::{fmt, str::FromStr};

use crate::texto::cita;

/// A position on the 8x8 board, always valid.
///
/// Columns are A-H from left to right and rows 1-8 from top to bottom, as in the
/// homework. Inside, a position is the index `fila * 8 + columna`, so A1 is 0, H1 is 7,
/// A2 is 8 and H8 is 63; that is also its bit in a [`Bitboard`](crate::Bitboard):
///
/// ```text
///      A  B  C  D  E  F  G  H
///   1  0  1  2  3  4  5  6  7
///   2  8  9 10 11 12 13 14 15
///   ...
///   8 56 57 58 59 60 61 62 63
/// ```
///
/// Parsing and printing agree: `p.to_string().parse() == Ok(p)`.
///
/// ```
/// use othello::Posicion;
///
/// let p: Posicion = "C3".parse()?;
/// assert_eq!((p.columna(), p.fila()), (2, 2));
/// assert_eq!(p.to_string(), "C3");
/// assert!("c3".parse::<Posicion>().is_err()); // the game's format is uppercase
/// # Ok::<_, othello::ErrorPosicion>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Posicion(u8);

impl Posicion {
    /// The position with index `indice` (0 for A1 to 63 for H8), if it is on the board.
    pub const fn desde_indice(indice: u8) -> Option<Posicion> {
        if indice < 64 {
            Some(Posicion(indice))
        } else {
            None
        }
    }

    /// The position at `columna` (0 for A to 7 for H) and `fila` (0 for row 1 to 7 for
    /// row 8), if both are on the board.
    pub const fn desde_coordenadas(columna: u8, fila: u8) -> Option<Posicion> {
        if columna < 8 && fila < 8 {
            Some(Posicion(fila * 8 + columna))
        } else {
            None
        }
    }

    /// The index of this position: 0 for A1 to 63 for H8, row by row.
    pub const fn indice(self) -> u8 {
        self.0
    }

    /// The column, from 0 (A) to 7 (H).
    pub const fn columna(self) -> u8 {
        self.0 % 8
    }

    /// The row, from 0 (row 1, at the top) to 7 (row 8).
    pub const fn fila(self) -> u8 {
        self.0 / 8
    }

    /// The column's letter, 'A' to 'H'.
    pub const fn letra_columna(self) -> char {
        (b'A' + self.columna()) as char
    }

    /// The row's number as the game writes it, 1 to 8.
    pub const fn numero_fila(self) -> u8 {
        self.fila() + 1
    }

    /// All 64 positions, A1 to H8, row by row.
    pub fn todas() -> impl DoubleEndedIterator<Item = Posicion> + ExactSizeIterator {
        (0..64).map(Posicion)
    }
}

impl fmt::Display for Posicion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letra_columna(), self.numero_fila())
    }
}

/// Why a text is not a position in the game's format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorPosicion {
    /// Nothing was given.
    #[error("falta la posición (se esperaba una columna A-H y una fila 1-8, como C4)")]
    Vacia,
    /// A letter and a number, but not a cell of the board ("I5", "A9", "A0").
    #[error("«{0}» está fuera del tablero (columnas A-H, filas 1-8)")]
    FueraDelTablero(String),
    /// Not a column letter followed by a row number.
    #[error("«{0}» no es una posición (se esperaba una columna A-H y una fila 1-8, como C4)")]
    Formato(String),
}

impl ErrorPosicion {
    /// A short name for programs that read the reason: `vacia`, `fuera_del_tablero`
    /// or `formato`.
    pub fn clave(&self) -> &'static str {
        match self {
            ErrorPosicion::Vacia => "vacia",
            ErrorPosicion::FueraDelTablero(_) => "fuera_del_tablero",
            ErrorPosicion::Formato(_) => "formato",
        }
    }

    /// The same error quoting `texto` instead: for front ends that parse a cleaned-up
    /// version of what a person typed ("c3" as "C3") but answer with what was typed.
    #[must_use]
    pub fn citando(self, texto: &str) -> ErrorPosicion {
        match self {
            ErrorPosicion::Vacia => ErrorPosicion::Vacia,
            ErrorPosicion::FueraDelTablero(_) => ErrorPosicion::FueraDelTablero(cita(texto)),
            ErrorPosicion::Formato(_) => ErrorPosicion::Formato(cita(texto)),
        }
    }
}

impl FromStr for Posicion {
    type Err = ErrorPosicion;

    /// Exactly the game's format: an uppercase column letter A-H and then a row digit
    /// 1-8, nothing before or after. Front ends that read what a person types trim and
    /// uppercase it first.
    fn from_str(s: &str) -> Result<Posicion, ErrorPosicion> {
        match s.as_bytes() {
            [] => Err(ErrorPosicion::Vacia),
            &[letra @ b'A'..=b'H', digito @ b'1'..=b'8'] => {
                Ok(Posicion((digito - b'1') * 8 + (letra - b'A')))
            }
            [b'A'..=b'Z', resto @ ..]
                if !resto.is_empty() && resto.iter().all(u8::is_ascii_digit) =>
            {
                Err(ErrorPosicion::FueraDelTablero(cita(s)))
            }
            _ => Err(ErrorPosicion::Formato(cita(s))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ida_y_vuelta_en_las_64() {
        for p in Posicion::todas() {
            assert_eq!(p.to_string().parse::<Posicion>(), Ok(p));
            assert_eq!(Posicion::desde_coordenadas(p.columna(), p.fila()), Some(p));
            assert_eq!(Posicion::desde_indice(p.indice()), Some(p));
        }
        assert_eq!(Posicion::todas().len(), 64);
    }

    #[test]
    fn esquinas_y_centro() {
        let nombre = |i| Posicion::desde_indice(i).unwrap().to_string();
        assert_eq!(nombre(0), "A1");
        assert_eq!(nombre(7), "H1");
        assert_eq!(nombre(8), "A2");
        assert_eq!(nombre(27), "D4");
        assert_eq!(nombre(63), "H8");
        assert_eq!(Posicion::desde_indice(64), None);
        assert_eq!(Posicion::desde_coordenadas(8, 0), None);
        assert_eq!(Posicion::desde_coordenadas(0, 8), None);
    }

    #[test]
    fn errores_precisos() {
        use ErrorPosicion::*;
        let casos = [
            ("", Vacia),
            ("A0", FueraDelTablero("A0".into())),
            ("A9", FueraDelTablero("A9".into())),
            ("I1", FueraDelTablero("I1".into())),
            ("C33", FueraDelTablero("C33".into())),
            ("Z99", FueraDelTablero("Z99".into())),
            ("C", Formato("C".into())),
            ("3C", Formato("3C".into())),
            ("c3", Formato("c3".into())),
            (" C3", Formato(" C3".into())),
            ("C3 ", Formato("C3 ".into())),
            ("C-3", Formato("C-3".into())),
            ("ñ3", Formato("ñ3".into())),
            ("pasar", Formato("pasar".into())),
        ];
        for (texto, error) in casos {
            assert_eq!(texto.parse::<Posicion>(), Err(error), "{texto:?}");
        }
    }

    #[test]
    fn cita_acortada() {
        let largo = "X".repeat(10_000);
        let ErrorPosicion::Formato(cita) = largo.parse::<Posicion>().unwrap_err() else {
            panic!("se esperaba un error de formato");
        };
        assert_eq!(cita.chars().count(), crate::texto::LARGO_CITA + 1);
    }
}
