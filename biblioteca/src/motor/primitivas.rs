//! What every part of the engine computes on a position as two bare `u64` (the side to
//! move, `p`, and its rival, `o`): counts, the final score, and the board's geometry as
//! masks (corners, quadrants, neighbours). Below the evaluation and the searches, which
//! all use it; it uses nothing of the engine.
//!
//! The moves and flips of a position come from the compiled copy in use (see
//! [`Copia`](super::cpu::Copia)), which takes them from the crate's one generator; the
//! one shortcut here, [`volteos_ultima`], counts the last move's flips with the
//! generator's [`volteos_ultima_u64`].

use crate::reglas::bitboard::volteos_ultima_u64;

/// Above every final score (-64..=64), in discs.
pub(super) const INFINITO: i32 = 100;

/// Hundredths of a disc: the unit of the evaluation and of mid-game scores, so that an
/// evaluation and a final disc difference can be compared (a won game scores like
/// `diferencia * ESCALA`).
pub(super) const ESCALA: i32 = 100;

/// How many pieces the owner of `p` flips by playing `x` when `x` is the only empty
/// square (every other piece is the rival's).
#[inline(always)]
pub(super) fn volteos_ultima(p: u64, x: u32) -> i32 {
    volteos_ultima_u64(p, x as u8) as i32
}

/// The position after the owner of `p` plays `x` flipping `volteadas`, seen from the
/// rival (who moves next).
#[inline(always)]
pub(super) fn despues(p: u64, o: u64, x: u32, volteadas: u64) -> (u64, u64) {
    (o ^ volteadas, p ^ volteadas ^ (1 << x))
}

/// Whether `x` (a square, or 64 and up for none, as a table entry's move) is one of
/// `jugadas`.
#[inline(always)]
pub(super) fn tiene_jugada(jugadas: u64, x: u8) -> bool {
    x < 64 && jugadas >> x & 1 != 0
}

/// How many bits `x` has, as `i32` (scores are `i32`).
#[inline(always)]
pub(super) fn cuenta(x: u64) -> i32 {
    x.count_ones() as i32
}

/// The four corners.
pub(super) const ESQUINAS: u64 = 0x8100_0000_0000_0081;

/// Mobility with corners counted twice: a move to a corner is worth more to the mover,
/// and cutting the rival's corner moves matters more in the fastest-first ordering.
#[inline(always)]
pub(super) fn movilidad_ponderada(jugadas: u64) -> i32 {
    cuenta(jugadas) + cuenta(jugadas & ESQUINAS)
}

/// The four quadrants (A1-D4, E1-H4, A5-D8, E5-H8). Parity is counted per quadrant:
/// late in the game the empty squares form separate regions, and a quadrant is a cheap
/// stand-in for a region.
pub(super) const CUADRANTES: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// For each square, the bit (1, 2, 4 or 8) of its quadrant in a parity mask.
pub(super) const BIT_CUADRANTE: [u32; 64] = {
    let mut tabla = [0; 64];
    let mut x = 0;
    while x < 64 {
        let (columna, fila) = (x % 8, x / 8);
        tabla[x] = 1 << ((fila / 4) * 2 + columna / 4);
        x += 1;
    }
    tabla
};

/// The parity mask of a set of empty squares: bit `q` set when quadrant `q` holds an odd
/// number of them. Playing on `x` flips bit `BIT_CUADRANTE[x]`.
#[inline]
pub(super) fn paridad(vacias: u64) -> u32 {
    let mut mascara = 0;
    for (q, cuadrante) in CUADRANTES.iter().enumerate() {
        mascara |= ((vacias & cuadrante).count_ones() & 1) << q;
    }
    mascara
}

/// The squares of the quadrants whose bit is set in the parity mask `paridad`.
#[inline]
pub(super) fn cuadrantes_de(paridad: u32) -> u64 {
    let mut conjunto = 0;
    for (q, cuadrante) in CUADRANTES.iter().enumerate() {
        if paridad >> q & 1 != 0 {
            conjunto |= cuadrante;
        }
    }
    conjunto
}

/// For each square, its (up to eight) neighbours. A move on `x` flips something only if
/// a rival piece is next to it, so the last empties test this before calling the flip
/// generator.
pub(super) const VECINOS: [u64; 64] = {
    let mut tabla = [0; 64];
    let mut x = 0;
    while x < 64 {
        let (columna, fila) = ((x % 8) as i32, (x / 8) as i32);
        let mut mascara = 0u64;
        let mut dc = -1;
        while dc <= 1 {
            let mut df = -1;
            while df <= 1 {
                let (c, f) = (columna + dc, fila + df);
                if (dc != 0 || df != 0) && 0 <= c && c < 8 && 0 <= f && f < 8 {
                    mascara |= 1 << (f * 8 + c);
                }
                df += 1;
            }
            dc += 1;
        }
        tabla[x] = mascara;
        x += 1;
    }
    tabla
};

/// Every square next to some square of `x` (the eight shifts, masked so that none wraps
/// from one edge to the other).
#[inline]
pub(super) fn vecinos(x: u64) -> u64 {
    const SIN_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const SIN_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let horizontal = ((x << 1) & SIN_A) | ((x >> 1) & SIN_H);
    let fila = x | horizontal;
    horizontal | (fila << 8) | (fila >> 8)
}

/// The static order in which the last empties are tried (after parity): corners first,
/// X squares and the centre last. The usual order of endgame solvers: squares where a
/// move is more often good come first.
pub(super) const CLASES: [u64; 10] = [
    0x8100_0000_0000_0081, // A1, H1, A8, H8
    0x0000_1824_2418_0000, // D3, E3, C4, F4, C5, F5, D6, E6
    0x0000_2400_0024_0000, // C3, F3, C6, F6
    0x2400_8100_0081_0024, // C1, F1, A3, H3, A6, H6, C8, F8
    0x1800_0081_8100_0018, // D1, E1, A4, H4, A5, H5, D8, E8
    0x0018_0042_4200_1800, // D2, E2, B4, G4, B5, G5, D7, E7
    0x0024_4200_0042_2400, // C2, F2, B3, G3, B6, G6, C7, F7
    0x4281_0000_0000_8142, // B1, G1, A2, H2, A7, H7, B8, G8
    0x0042_0000_0000_4200, // B2, G2, B7, G7
    0x0000_0018_1800_0000, // D4, E4, D5, E5
];

/// The final score for the side to move when the game is over: the disc difference,
/// with the empty squares given to the winner (the FFO convention).
#[inline]
pub(super) fn puntaje_final(p: u64, o: u64) -> i32 {
    let (propias, rivales) = (cuenta(p), cuenta(o));
    let vacias = 64 - propias - rivales;
    let diferencia = propias - rivales;
    match diferencia.signum() {
        1 => diferencia + vacias,
        -1 => diferencia - vacias,
        _ => 0,
    }
}

/// The squares named in `nombres` (as `"A1 B1"`), for the tests.
#[cfg(test)]
pub(super) fn casillas(nombres: &str) -> u64 {
    nombres
        .split_whitespace()
        .map(|n| 1u64 << n.parse::<crate::Posicion>().unwrap().indice())
        .fold(0, |a, b| a | b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clases_cubren_el_tablero_una_vez() {
        let mut union = 0u64;
        for clase in CLASES {
            assert_eq!(union & clase, 0, "{clase:#x}");
            union |= clase;
        }
        assert_eq!(union, u64::MAX);
        assert_eq!(CLASES[1].count_ones(), 8);
    }

    #[test]
    fn vecinos_como_la_tabla() {
        for (x, &esperados) in VECINOS.iter().enumerate() {
            assert_eq!(vecinos(1 << x), esperados, "casilla {x}");
        }
    }

    #[test]
    fn paridad_por_cuadrante() {
        let vacias = 1 << 0 | 1 << 63 | 1 << 62 | 1 << 7;
        assert_eq!(paridad(vacias), 0b0011);
        assert_eq!(cuadrantes_de(0b0011), CUADRANTES[0] | CUADRANTES[1]);
        assert_eq!(BIT_CUADRANTE[63], 8);
        assert_eq!(BIT_CUADRANTE[36], 8);
        assert_eq!(BIT_CUADRANTE[27], 1);
    }
}
