//! Sets of positions as one `u64`, and the move generator that works on them.
//!
//! Bit `i` is the position with index `i` (A1 = 0, H8 = 63; see [`Posicion`]). Moving a
//! set one step in a direction is a shift and a mask: the mask drops what would wrap
//! from column H to column A (or back) on the next row.
//!
//! The move generator is `jugadas_u64` (the valid moves) and `volteos_u64` (the flips
//! of one move), on plain `u64` so that the engine's inner loops carry no wrapper; the
//! rules of [`Tablero`](crate::Tablero) reach them through `jugadas` and `volteos`, on
//! [`Bitboard`]s. There is no other way to find moves in the crate; the one shortcut,
//! `volteos_ultima_u64`, only counts the flips of the last move of a game (for the exact
//! solver's last empty square), and a test holds it to `volteos_u64`. `volteos_avx2` and
//! `jugadas_avx2` are `volteos_u64`'s and `jugadas_u64`'s algorithms written in AVX2
//! instructions, for the engine's copy for those processors (which picks it: see
//! `motor::cpu`); the tests hold them to the reference too.

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

/// Every position except those in columns A and H. A run of rival pieces flanked along a
/// row or a diagonal always has a piece of its own on each side, so it never touches
/// those columns; masking them off is what keeps a shift from wrapping onto the next row.
const SIN_BORDES_A_H: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The moves in the two directions along one kind of line, one step being a shift by
/// `paso` bits: the positions just past a run of `rivales` that starts next to one of
/// `propias` (empty or not: the caller keeps the empty ones). `rivales` must already be
/// masked for the line (see [`SIN_BORDES_A_H`]), so that no shift wraps.
///
/// A run holds at most six pieces. Two single steps find the runs of length 1 and 2;
/// then two double steps, through `rivales` pairs (`pares`), reach length 6: four steps
/// per side instead of six.
#[inline(always)]
const fn jugadas_en_linea(propias: u64, rivales: u64, paso: u32) -> u64 {
    let doble = 2 * paso;
    let mut hacia_h8 = rivales & (propias << paso);
    let mut hacia_a1 = rivales & (propias >> paso);
    hacia_h8 |= rivales & (hacia_h8 << paso);
    hacia_a1 |= rivales & (hacia_a1 >> paso);
    let pares_h8 = rivales & (rivales << paso);
    let pares_a1 = pares_h8 >> paso;
    hacia_h8 |= pares_h8 & (hacia_h8 << doble);
    hacia_a1 |= pares_a1 & (hacia_a1 >> doble);
    hacia_h8 |= pares_h8 & (hacia_h8 << doble);
    hacia_a1 |= pares_a1 & (hacia_a1 >> doble);
    (hacia_h8 << paso) | (hacia_a1 >> paso)
}

/// The move generator on plain `u64`: the empty positions where the owner of `propias`
/// may play, i.e. those from which, in some direction, a run of one or more of `rivales`
/// ends on one of `propias`.
///
/// This is the one generator of the crate ([`jugadas`] and so [`Tablero`] wrap it); the
/// engine calls it directly so that its inner loops handle bare `u64` with no newtype in
/// the way. `propias` and `rivales` must be disjoint. Bit `i` is the position with index
/// `i` (A1 = 0, H8 = 63).
///
/// [`Tablero`]: crate::Tablero
#[inline(always)]
pub(crate) const fn jugadas_u64(propias: u64, rivales: u64) -> u64 {
    let interiores = rivales & SIN_BORDES_A_H;
    let jugadas = jugadas_en_linea(propias, interiores, 1) // rows
        | jugadas_en_linea(propias, rivales, 8) // columns: a shift by 8 cannot wrap
        | jugadas_en_linea(propias, interiores, 7) // diagonals like A8-H1
        | jugadas_en_linea(propias, interiores, 9); // diagonals like A1-H8
    jugadas & !(propias | rivales)
}

/// The positions reached from a position going one step at a time in the direction
/// `(dc, df)` (column and row deltas) until the edge, the position itself excluded.
const fn rayo(indice: usize, dc: i32, df: i32) -> u64 {
    let mut columna = (indice % 8) as i32 + dc;
    let mut fila = (indice / 8) as i32 + df;
    let mut rayo = 0;
    while 0 <= columna && columna < 8 && 0 <= fila && fila < 8 {
        rayo |= 1 << (fila * 8 + columna);
        columna += dc;
        fila += df;
    }
    rayo
}

/// The eight rays from each position: first the four toward H8 (growing indices: east,
/// south, south-east, south-west), then the four toward A1 (west, north, north-west,
/// north-east), whose steps are [`PASOS_HACIA_A1`]. One 64-byte line per position, so
/// computing the flips of a move reads one cache line.
#[repr(align(64))]
struct Rayos([[u64; 8]; 64]);

/// How many bits one step moves along each ray toward A1 (see [`Rayos`]).
const PASOS_HACIA_A1: [u32; 4] = [1, 8, 9, 7];

/// See [`Rayos`]. Built at compile time from coordinates, so a ray stops at the edge and
/// never wraps.
static RAYOS: Rayos = {
    const DIRECCIONES: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];
    let mut rayos = [[0; 8]; 64];
    let mut indice = 0;
    while indice < 64 {
        let mut d = 0;
        while d < 8 {
            rayos[indice][d] = rayo(indice, DIRECCIONES[d].0, DIRECCIONES[d].1);
            d += 1;
        }
        indice += 1;
    }
    Rayos(rayos)
};

/// The flips on plain `u64`: the pieces of `rivales` that a piece of the owner of
/// `propias` placed on the position with index `indice` (0..64) would flip. Empty if the
/// move is not valid. The cell at `indice` itself is not looked at: the caller makes
/// sure that it is empty.
///
/// Along each ray from `indice`, the rivals next to it are flipped if the first
/// non-rival after them (the outflanking cell) is one of `propias`. No loop walks the
/// ray: toward H8 that first non-rival is the lowest bit of the ray's non-rivals
/// (`x & -x`); toward A1 it is the highest, found by smearing the non-rivals down the
/// ray in three shifts (in vector code, where the compiler puts the four rays of each
/// kind, that is cheaper than a leading-zero count, which AVX2 lacks). Like [`jugadas_u64`], this is the crate's
/// one implementation ([`volteos`] wraps it). `propias` and `rivales` must be
/// disjoint.
///
/// # Panics
///
/// If `indice >= 64`.
#[inline(always)]
pub(crate) fn volteos_u64(propias: u64, rivales: u64, indice: u8) -> u64 {
    let rayos = &RAYOS.0[usize::from(indice)];
    let casilla = 1 << indice;
    let mut volteos = 0;
    for &rayo in &rayos[..4] {
        // Toward H8: below the lowest non-rival of the ray, only rivals.
        let libres = rayo & !rivales;
        let flanco = libres & libres.wrapping_neg() & propias;
        if flanco != 0 {
            volteos |= (flanco - 1) & rayo;
        }
    }
    for (&rayo, paso) in rayos[4..].iter().zip(PASOS_HACIA_A1) {
        // Toward A1: every ray cell from the highest non-rival down, by smearing the
        // non-rivals one, two and four steps. A ray has at most seven cells, and what
        // falls off its end never comes back onto it. What is left of the ray is the run
        // of rivals next to `casilla`; the cell after the run is the outflanking one.
        let mut libres = rayo & !rivales;
        libres |= libres >> paso;
        libres |= libres >> (2 * paso);
        libres |= libres >> (4 * paso);
        let corrida = rayo & !libres;
        let flanco = ((corrida | casilla) >> paso) & rayo & !corrida & propias;
        if flanco != 0 {
            volteos |= corrida;
        }
    }
    volteos
}

/// [`volteos_u64`], the same steps written in AVX2 instructions: each group of four
/// rays in one 256-bit register, and each ray's flips kept or dropped by a comparison
/// mask in its own lane. For the engine's copy compiled for AVX2, where it is inlined
/// (see `motor::cpu`).
///
/// The compiler, given [`volteos_u64`] with AVX2 enabled, vectorizes the rays too, but
/// it gathers the eight rays' `if` into one vector and spreads it out again, which is
/// slower in the solver's chains of dependent calls.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn volteos_avx2(propias: u64, rivales: u64, indice: u8) -> u64 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256, _mm256_andnot_si256,
        _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_load_si256,
        _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256,
        _mm256_slli_epi64, _mm256_srlv_epi64, _mm256_sub_epi64,
    };
    let rayos = &RAYOS.0[usize::from(indice)];
    // SAFETY: a position's eight rays are one 64-byte-aligned line (see `Rayos`): two
    // aligned 256-bit halves.
    let (hacia_h8, hacia_a1) = unsafe {
        (
            _mm256_load_si256(rayos.as_ptr().cast()),
            _mm256_load_si256(rayos[4..].as_ptr().cast()),
        )
    };
    let propias = _mm256_set1_epi64x(propias as i64);
    let rivales = _mm256_set1_epi64x(rivales as i64);
    let cero = _mm256_setzero_si256();
    // Toward H8: below the lowest non-rival of each ray, only rivals.
    let libres = _mm256_andnot_si256(rivales, hacia_h8);
    let primera = _mm256_and_si256(libres, _mm256_sub_epi64(cero, libres));
    let flanco = _mm256_and_si256(primera, propias);
    let debajo = _mm256_sub_epi64(flanco, _mm256_set1_epi64x(1));
    let volteos_h8 = _mm256_andnot_si256(
        _mm256_cmpeq_epi64(flanco, cero),
        _mm256_and_si256(debajo, hacia_h8),
    );
    // Toward A1: the non-rivals smeared down each ray, as in `volteos_u64`.
    let [a, b, c, d] = PASOS_HACIA_A1.map(i64::from);
    let paso = _mm256_set_epi64x(d, c, b, a);
    let mut libres = _mm256_andnot_si256(rivales, hacia_a1);
    libres = _mm256_or_si256(libres, _mm256_srlv_epi64(libres, paso));
    libres = _mm256_or_si256(
        libres,
        _mm256_srlv_epi64(libres, _mm256_slli_epi64::<1>(paso)),
    );
    libres = _mm256_or_si256(
        libres,
        _mm256_srlv_epi64(libres, _mm256_slli_epi64::<2>(paso)),
    );
    let corrida = _mm256_andnot_si256(libres, hacia_a1);
    let casilla = _mm256_set1_epi64x(1 << indice);
    let despues = _mm256_srlv_epi64(_mm256_or_si256(corrida, casilla), paso);
    let flanco = _mm256_and_si256(
        _mm256_and_si256(despues, hacia_a1),
        _mm256_andnot_si256(corrida, propias),
    );
    let volteos_a1 = _mm256_andnot_si256(_mm256_cmpeq_epi64(flanco, cero), corrida);
    let volteos = _mm256_or_si256(volteos_h8, volteos_a1);
    let volteos = _mm_or_si128(
        _mm256_castsi256_si128(volteos),
        _mm256_extracti128_si256::<1>(volteos),
    );
    _mm_cvtsi128_si64(_mm_or_si128(volteos, _mm_unpackhi_epi64(volteos, volteos))) as u64
}

/// [`jugadas_u64`] written in AVX2 instructions: the four directions of
/// [`jugadas_en_linea`] side by side, one per 64-bit lane, each with its step and its
/// rivals (masked for the line as there). For the engine's copy compiled for AVX2, where
/// it is inlined (see `motor::cpu`).
///
/// The solver asks for the moves of every node of 5 and more empties and, to sort, for
/// the rival's moves after each candidate: four chains of scalar shifts become one
/// chain of vector shifts.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn jugadas_avx2(propias: u64, rivales: u64) -> u64 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256,
        _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set_epi64x,
        _mm256_set1_epi64x, _mm256_slli_epi64, _mm256_sllv_epi64, _mm256_srlv_epi64,
    };
    let interiores = (rivales & SIN_BORDES_A_H) as i64;
    // Lanes from the low one, as the rays: rows, columns, diagonals like A1-H8, diagonals
    // like A8-H1; only the columns need no mask.
    let [a, b, c, d] = PASOS_HACIA_A1.map(i64::from);
    let paso = _mm256_set_epi64x(d, c, b, a);
    let rivales_v = _mm256_set_epi64x(interiores, interiores, rivales as i64, interiores);
    let propias_v = _mm256_set1_epi64x(propias as i64);
    let doble = _mm256_slli_epi64::<1>(paso);
    let avanzar = |x, paso| _mm256_sllv_epi64(x, paso);
    let volver = |x, paso| _mm256_srlv_epi64(x, paso);
    // A run one step longer: the squares of `mascara` that the run, moved, reaches.
    let crecer =
        |corrida, mascara, movida| _mm256_or_si256(corrida, _mm256_and_si256(mascara, movida));
    let mut hacia_h8 = _mm256_and_si256(rivales_v, avanzar(propias_v, paso));
    let mut hacia_a1 = _mm256_and_si256(rivales_v, volver(propias_v, paso));
    hacia_h8 = crecer(hacia_h8, rivales_v, avanzar(hacia_h8, paso));
    hacia_a1 = crecer(hacia_a1, rivales_v, volver(hacia_a1, paso));
    let pares_h8 = _mm256_and_si256(rivales_v, avanzar(rivales_v, paso));
    let pares_a1 = volver(pares_h8, paso);
    for _ in 0..2 {
        hacia_h8 = crecer(hacia_h8, pares_h8, avanzar(hacia_h8, doble));
        hacia_a1 = crecer(hacia_a1, pares_a1, volver(hacia_a1, doble));
    }
    let jugadas = _mm256_or_si256(avanzar(hacia_h8, paso), volver(hacia_a1, paso));
    let jugadas = _mm_or_si128(
        _mm256_castsi256_si128(jugadas),
        _mm256_extracti128_si256::<1>(jugadas),
    );
    let jugadas = _mm_cvtsi128_si64(_mm_or_si128(jugadas, _mm_unpackhi_epi64(jugadas, jugadas)));
    jugadas as u64 & !(propias | rivales)
}

/// For a piece placed at place `i` (0..8) of a line whose other places hold, bit by bit
/// in `linea`, own pieces (1) or rival ones (0): how many rival pieces it flips along the
/// line. Places past the end of a shorter line read as rivals with no own piece after
/// them, so they flip nothing.
static VOLTEOS_EN_LINEA: [[u8; 256]; 8] = {
    let mut tabla = [[0; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut linea = 0;
        while linea < 256 {
            let mut cuenta = 0;
            let mut j = i + 1;
            while j < 8 && linea >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                cuenta += j - i - 1;
            }
            let mut j = i as i32 - 1;
            while j >= 0 && linea >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                cuenta += i - j as usize - 1;
            }
            tabla[i][linea] = cuenta as u8;
            linea += 1;
        }
        i += 1;
    }
    tabla
};

/// For each position, its two diagonals (A1-H8 and A8-H1 directions) as masks.
static DIAGONALES: [[u64; 2]; 64] = {
    let mut tabla = [[0; 2]; 64];
    let mut indice = 0;
    while indice < 64 {
        let casilla = 1 << indice;
        tabla[indice] = [
            rayo(indice, 1, 1) | rayo(indice, -1, -1) | casilla,
            rayo(indice, -1, 1) | rayo(indice, 1, -1) | casilla,
        ];
        indice += 1;
    }
    tabla
};

/// How many pieces a piece of the owner of `propias` placed on the position with index
/// `indice` flips when that is the only empty position (every other piece is the
/// rival's): the last move of a game, counted without computing the board after it.
///
/// Each of the four lines through `indice` is gathered into one byte by a
/// multiplication (each line has at most one piece per row, or per column, so the
/// partial products never overlap) and looked up in [`VOLTEOS_EN_LINEA`]. It agrees with
/// counting [`volteos_u64`] (a test checks it); the exact solver calls it at every last
/// empty square, its most frequent node.
///
/// # Panics
///
/// If `indice >= 64`.
#[inline(always)]
pub(crate) fn volteos_ultima_u64(propias: u64, indice: u8) -> u32 {
    const COLUMNA_A: u64 = 0x0101_0101_0101_0101;
    let (columna, fila) = (usize::from(indice % 8), usize::from(indice / 8));
    let [d9, d7] = DIAGONALES[usize::from(indice)];
    let horizontal = (propias >> (8 * fila)) as u8;
    let vertical = ((propias >> columna) & COLUMNA_A).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let diagonal9 = (propias & d9).wrapping_mul(COLUMNA_A) >> 56;
    let diagonal7 = (propias & d7).wrapping_mul(COLUMNA_A) >> 56;
    u32::from(VOLTEOS_EN_LINEA[columna][usize::from(horizontal)])
        + u32::from(VOLTEOS_EN_LINEA[fila][vertical as usize])
        + u32::from(VOLTEOS_EN_LINEA[columna][diagonal9 as usize])
        + u32::from(VOLTEOS_EN_LINEA[columna][diagonal7 as usize])
}

/// The empty positions where the owner of `propias` may play: those from which, in some
/// direction, a run of one or more of `rivales` ends on one of `propias`. A wrapper over
/// [`jugadas_u64`].
#[inline]
pub(crate) const fn jugadas(propias: Bitboard, rivales: Bitboard) -> Bitboard {
    Bitboard(jugadas_u64(propias.0, rivales.0))
}

/// The rival pieces that a piece of the owner of `propias` placed on `p` would flip. A
/// wrapper over [`volteos_u64`].
#[inline]
pub(crate) fn volteos(propias: Bitboard, rivales: Bitboard, p: Posicion) -> Bitboard {
    Bitboard(volteos_u64(propias.0, rivales.0, p.indice()))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

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

    /// The reference generator for the property tests: the homework's rule walked cell by
    /// cell on (column, row) coordinates, with bounds checks instead of masks, so it shares
    /// nothing with the shifts above.
    mod referencia {
        const DIRECCIONES: [(i32, i32); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];

        fn tiene(x: u64, columna: i32, fila: i32) -> bool {
            (0..8).contains(&columna)
                && (0..8).contains(&fila)
                && x >> (fila * 8 + columna) & 1 == 1
        }

        pub fn volteos(propias: u64, rivales: u64, indice: u8) -> u64 {
            let (columna, fila) = (i32::from(indice % 8), i32::from(indice / 8));
            let mut resultado = 0;
            for (dc, df) in DIRECCIONES {
                let (mut c, mut f, mut corrida) = (columna + dc, fila + df, 0);
                while tiene(rivales, c, f) {
                    corrida |= 1 << (f * 8 + c);
                    c += dc;
                    f += df;
                }
                if tiene(propias, c, f) {
                    resultado |= corrida;
                }
            }
            resultado
        }

        pub fn jugadas(propias: u64, rivales: u64) -> u64 {
            (0..64)
                .filter(|&i| (propias | rivales) >> i & 1 == 0)
                .filter(|&i| volteos(propias, rivales, i) != 0)
                .fold(0, |x, i| x | 1 << i)
        }
    }

    /// Checks both generators against the reference on one position, every square, and
    /// the AVX2 moves and flips too where the processor has AVX2.
    fn como_la_referencia(propias: u64, rivales: u64) -> Result<(), TestCaseError> {
        let jugadas = Bitboard(referencia::jugadas(propias, rivales));
        prop_assert_eq!(Bitboard(jugadas_u64(propias, rivales)), jugadas);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            let avx2 = unsafe { jugadas_avx2(propias, rivales) };
            prop_assert_eq!(Bitboard(avx2), jugadas, "AVX2");
        }
        for indice in 0..64 {
            let esperados = Bitboard(referencia::volteos(propias, rivales, indice));
            prop_assert_eq!(
                Bitboard(volteos_u64(propias, rivales, indice)),
                esperados,
                "casilla {}",
                indice
            );
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2, checked just above.
                let avx2 = unsafe { volteos_avx2(propias, rivales, indice) };
                prop_assert_eq!(Bitboard(avx2), esperados, "AVX2, casilla {}", indice);
            }
        }
        Ok(())
    }

    /// Columns A, B, G and H: where a missing mask would let a run wrap to the next row.
    const BORDES: u64 = 0xC3C3_C3C3_C3C3_C3C3;

    proptest! {
        #[test]
        fn generador_igual_a_la_referencia_al_azar(
            ocupadas: u64, reparto: u64, densa: bool,
        ) {
            // Two disjoint sets; `densa` fills about 3/4 of the board instead of 1/2.
            let ocupadas = if densa { ocupadas | reparto.rotate_left(17) } else { ocupadas };
            como_la_referencia(ocupadas & reparto, ocupadas & !reparto)?;
        }

        #[test]
        fn generador_igual_a_la_referencia_en_los_bordes(
            ocupadas: u64, reparto: u64, interior: u64,
        ) {
            // Pieces mostly on columns A, B, G and H, a few inside: runs that end at an
            // edge, and the cells a wrapped shift would reach on the next row.
            let ocupadas = ocupadas & (BORDES | interior & interior.rotate_left(29));
            como_la_referencia(ocupadas & reparto, ocupadas & !reparto)?;
        }

        #[test]
        fn generador_igual_a_la_referencia_en_partidas_al_azar(
            elecciones in proptest::collection::vec(any::<u8>(), 0..70),
        ) {
            // Positions reached by legal play from the start, checked at every ply.
            let (mut propias, mut rivales): (u64, u64) = (1 << 28 | 1 << 35, 1 << 27 | 1 << 36);
            for eleccion in elecciones {
                como_la_referencia(propias, rivales)?;
                let jugadas = referencia::jugadas(propias, rivales);
                if jugadas == 0 {
                    if referencia::jugadas(rivales, propias) == 0 {
                        break;
                    }
                } else {
                    let mut resto = jugadas;
                    for _ in 0..usize::from(eleccion) % jugadas.count_ones() as usize {
                        resto &= resto - 1;
                    }
                    let indice = resto.trailing_zeros() as u8;
                    let volteadas = referencia::volteos(propias, rivales, indice);
                    propias |= volteadas | 1 << indice;
                    rivales &= !volteadas;
                }
                (propias, rivales) = (rivales, propias);
            }
        }

        #[test]
        fn ultima_jugada_contada_como_la_referencia(propias: u64, indice in 0u8..64) {
            // One empty position: every other piece is the rival's.
            let propias = propias & !(1 << indice);
            let rivales = !propias & !(1 << indice);
            prop_assert_eq!(
                volteos_ultima_u64(propias, indice),
                referencia::volteos(propias, rivales, indice).count_ones()
            );
        }
    }

    #[test]
    fn ultima_jugada_en_cada_casilla_y_linea() {
        // Each position with one own piece at the far end of each of its lines: the
        // whole line between them flips.
        for indice in 0..64u8 {
            for propias in [1u64, 1 << 63, 1 << 7, 1 << 56, 0xFF, 0xFF << 56] {
                let propias = propias & !(1 << indice);
                let rivales = !propias & !(1 << indice);
                assert_eq!(
                    volteos_ultima_u64(propias, indice),
                    referencia::volteos(propias, rivales, indice).count_ones(),
                    "{indice} {propias:#x}"
                );
            }
        }
    }
}
