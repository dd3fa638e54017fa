//! Sets of positions as one `u64`, and the move generator that works on them.
//!
//! Bit `i` is the position with index `i` (A1 = 0, H8 = 63; see [`Posicion`]). Moving a
//! set one step in a direction is a shift and a mask: the mask drops what would wrap
//! from column H to column A (or back) on the next row.

use std::{
    fmt,
    ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not},
};

use crate::Posicion;

/// A set of positions, one bit each.
///
/// ```
/// use othello::{Bitboard, Posicion};
///
/// let d4: Posicion = "D4".parse()?;
/// let e5: Posicion = "E5".parse()?;
/// let set = Bitboard::VACIO.con(d4).con(e5);
/// assert!(set.contiene(d4));
/// assert_eq!(set.cantidad(), 2);
/// assert_eq!(set.into_iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["D4", "E5"]);
/// # Ok::<_, othello::ErrorPosicion>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const VACIO: Bitboard = Bitboard(0);

    /// Whether `p` is in the set.
    pub const fn contiene(self, p: Posicion) -> bool {
        self.0 & (1 << p.indice()) != 0
    }

    /// The set with `p` added.
    #[must_use]
    pub const fn con(self, p: Posicion) -> Bitboard {
        Bitboard(self.0 | 1 << p.indice())
    }

    /// The set with `p` removed.
    #[must_use]
    pub const fn sin(self, p: Posicion) -> Bitboard {
        Bitboard(self.0 & !(1 << p.indice()))
    }

    /// How many positions the set holds.
    pub const fn cantidad(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn es_vacio(self) -> bool {
        self.0 == 0
    }

    /// The first position of the set in A1..H8 order, if any.
    pub const fn primera(self) -> Option<Posicion> {
        Posicion::desde_indice(self.0.trailing_zeros() as u8)
    }
}

impl From<Posicion> for Bitboard {
    fn from(p: Posicion) -> Bitboard {
        Bitboard::VACIO.con(p)
    }
}

impl FromIterator<Posicion> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Posicion>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::VACIO, Bitboard::con)
    }
}

/// The positions of a [`Bitboard`], from A1 to H8.
#[derive(Clone, Debug)]
pub struct Posiciones(u64);

impl Iterator for Posiciones {
    type Item = Posicion;

    fn next(&mut self) -> Option<Posicion> {
        let p = Bitboard(self.0).primera()?;
        self.0 &= self.0 - 1;
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Posiciones {}

impl IntoIterator for Bitboard {
    type Item = Posicion;
    type IntoIter = Posiciones;

    fn into_iter(self) -> Posiciones {
        Posiciones(self.0)
    }
}

macro_rules! operador {
    ($rasgo:ident, $metodo:ident, $op:tt) => {
        impl $rasgo for Bitboard {
            type Output = Bitboard;

            fn $metodo(self, otro: Bitboard) -> Bitboard {
                Bitboard(self.0 $op otro.0)
            }
        }
    };
}
operador!(BitAnd, bitand, &);
operador!(BitOr, bitor, |);

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, otro: Bitboard) {
        self.0 &= otro.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, otro: Bitboard) {
        self.0 |= otro.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// An 8x8 grid of `1` and `.`, row 1 first, so a failing test shows the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for fila in 0..8 {
            let linea: Vec<&str> = (0..8)
                .map(|columna| {
                    if self.0 >> (fila * 8 + columna) & 1 == 1 {
                        "1"
                    } else {
                        "."
                    }
                })
                .collect();
            writeln!(f, "{}", linea.join(" "))?;
        }
        Ok(())
    }
}

/// Every position except those in column A: what remains valid after a shift east.
const SIN_COLUMNA_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every position except those in column H: what remains valid after a shift west.
const SIN_COLUMNA_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The eight directions as (shift, mask): a positive shift moves toward H8.
const DIRECCIONES: [(i8, u64); 8] = [
    (1, SIN_COLUMNA_A),  // este
    (-1, SIN_COLUMNA_H), // oeste
    (8, u64::MAX),       // sur
    (-8, u64::MAX),      // norte
    (9, SIN_COLUMNA_A),  // sureste
    (7, SIN_COLUMNA_H),  // suroeste
    (-7, SIN_COLUMNA_A), // noreste
    (-9, SIN_COLUMNA_H), // noroeste
];

/// Every position of `x` moved one step in the direction `(desplazamiento, mascara)`.
#[inline(always)]
const fn desplazar(x: u64, (desplazamiento, mascara): (i8, u64)) -> u64 {
    if desplazamiento > 0 {
        (x << desplazamiento) & mascara
    } else {
        (x >> -desplazamiento) & mascara
    }
}

/// The empty positions where the owner of `propias` may play: those from which, in some
/// direction, a run of one or more of `rivales` ends on one of `propias`.
pub(crate) fn jugadas(propias: Bitboard, rivales: Bitboard) -> Bitboard {
    let vacias = !(propias.0 | rivales.0);
    let mut resultado = 0;
    for direccion in DIRECCIONES {
        // A run of rival pieces holds at most six, so six steps reach its far end.
        let mut corrida = desplazar(propias.0, direccion) & rivales.0;
        for _ in 0..5 {
            corrida |= desplazar(corrida, direccion) & rivales.0;
        }
        resultado |= desplazar(corrida, direccion) & vacias;
    }
    Bitboard(resultado)
}

/// The rival pieces that a piece of the owner of `propias` placed on `p` would flip.
pub(crate) fn volteos(propias: Bitboard, rivales: Bitboard, p: Posicion) -> Bitboard {
    let mut resultado = 0;
    for direccion in DIRECCIONES {
        let mut corrida = 0;
        let mut x = desplazar(1 << p.indice(), direccion);
        while x & rivales.0 != 0 {
            corrida |= x;
            x = desplazar(x, direccion);
        }
        if x & propias.0 != 0 {
            resultado |= corrida;
        }
    }
    Bitboard(resultado)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(nombres: &[&str]) -> Bitboard {
        nombres
            .iter()
            .map(|n| n.parse::<Posicion>().unwrap())
            .collect()
    }

    #[test]
    fn jugadas_iniciales_de_negro() {
        let negras = set(&["E4", "D5"]);
        let blancas = set(&["D4", "E5"]);
        assert_eq!(jugadas(negras, blancas), set(&["D3", "C4", "F5", "E6"]));
        assert_eq!(jugadas(blancas, negras), set(&["E3", "F4", "C5", "D6"]));
    }

    #[test]
    fn no_da_la_vuelta_por_los_bordes() {
        // N on A2 and B on H1: on a board without masks, A2 would flank H1 from the
        // previous row. Nothing is flanked, so there is no move.
        let negras = set(&["A2"]);
        let blancas = set(&["H1"]);
        assert_eq!(jugadas(negras, blancas), Bitboard::VACIO);
        // The same across column H to A, and on the diagonals.
        assert_eq!(jugadas(set(&["H2"]), set(&["A3"])), Bitboard::VACIO);
        assert_eq!(jugadas(set(&["A1"]), set(&["H1", "G1"])), Bitboard::VACIO);
        assert_eq!(jugadas(set(&["H3"]), set(&["A4", "B5"])), Bitboard::VACIO);
        assert_eq!(jugadas(set(&["A3"]), set(&["H3"])), Bitboard::VACIO);
    }

    #[test]
    fn volteos_en_las_ocho_direcciones() {
        // D4 is surrounded by rivals, each backed by one of ours two steps away; in
        // the east a run of two (E4, F4) ends on G4.
        let propias = set(&["B2", "D2", "F2", "B4", "G4", "B6", "D6", "F6"]);
        let rivales = set(&["C3", "D3", "E3", "C4", "E4", "F4", "C5", "D5", "E5"]);
        let d4 = "D4".parse().unwrap();
        assert_eq!(volteos(propias, rivales, d4), rivales);
        assert!(jugadas(propias, rivales).contiene(d4));
    }

    #[test]
    fn sin_flanqueo_a_traves_de_un_hueco() {
        // Row 4: N on A4, B on B4, empty C4, B on D4. Playing E4 does not reach A4
        // across the gap; playing C4 flanks B4.
        let propias = set(&["A4"]);
        let rivales = set(&["B4", "D4"]);
        assert_eq!(
            volteos(propias, rivales, "E4".parse().unwrap()),
            Bitboard::VACIO
        );
        assert!(!jugadas(propias, rivales).contiene("E4".parse().unwrap()));
        assert_eq!(
            volteos(propias, rivales, "C4".parse().unwrap()),
            set(&["B4"])
        );
    }

    #[test]
    fn depuracion_dibuja_la_grilla() {
        let texto = format!("{:?}", set(&["A1", "H8"]));
        assert!(texto.contains("1 . . . . . . ."));
        assert!(texto.ends_with(". . . . . . . 1\n"));
    }
}
