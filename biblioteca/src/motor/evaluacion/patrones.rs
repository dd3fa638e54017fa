//! The learned pattern evaluation of the strong player, as in Buro's Logistello and Edax:
//! the board is read as overlapping lines and corner regions ("patterns"), each
//! configuration of each pattern has its own learned weight per game stage, and the
//! evaluation is their sum.
//!
//! The patterns (each with all its copies that a symmetry of the board gives, sharing one
//! table): the 3×3 corner, the 2×5 corner, the edge with its two X squares, rows 2, 3 and
//! 4, the diagonals of 8 to 4 squares; two small tables for the mobility of each side;
//! and, scaled by a learned factor per stage, the hand-made terms of `evaluacion`
//! (stable discs, frontier, parity...), which the patterns only correct: a configuration
//! never seen in the data keeps weight 0 and leaves the hand-made judgement alone.
//! A square of a pattern is empty, own or rival, so a pattern of `k` squares has `3^k`
//! configurations. The copies are read on the eight symmetric images of the board
//! ([`simetricas`]): each pattern is then a few bytes of one image turned into base 3 by
//! a 256-entry table, with neither loops over squares nor PEXT.
//!
//! The weights were not downloaded: they are fitted to positions of this engine's own
//! games (see `motor::ajuste`, behind the `ajuste-de-pesos` feature), and stored as
//! [`ETAPAS`] blocks (one per game stage, by empties) of little-endian `i16` in
//! hundredths of a disc, in `patrones.pesos`.

use super::terminos::suma_de_terminos;
use crate::motor::primitivas::cuenta;

/// The weights, `ETAPAS × PESOS_POR_ETAPA` little-endian `i16`.
pub(in crate::motor) static PESOS: &[u8] = include_bytes!("patrones.pesos");

/// The game stages: empties 55 to 60 are stage 0, every six fewer one more, the last
/// six empties and fewer stage 9.
pub(in crate::motor) const ETAPAS: usize = 10;

/// The stage of a position with `vacias` empties.
#[inline(always)]
pub(in crate::motor) fn etapa(vacias: u32) -> usize {
    ((60 - vacias.min(60)) as usize / 6).min(ETAPAS - 1)
}

/// A kind of pattern: how many configurations it has, and on which of the eight images
/// of the board ([`simetricas`]) its copies are read.
pub(super) struct Patron {
    pub(super) configuraciones: usize,
    pub(super) imagenes: &'static [usize],
}

/// The images where the copies of a corner pattern invariant under the A1-H8 diagonal
/// lie (one per corner).
const CUATRO_ESQUINAS: &[usize] = &[0, 1, 2, 3];
/// The images where the copies of a pattern along the first row lie (rows 1 and 8,
/// columns A and H).
const CUATRO_BORDES: &[usize] = &[0, 1, 4, 5];
/// The images where the copies of a diagonal that misses the main one lie.
const CUATRO_DIAGONALES: &[usize] = &[0, 2, 4, 5];

/// The patterns, in the order of their tables within a stage.
pub(super) const PATRONES: [Patron; 10] = [
    // The 3×3 corner: A1-C3.
    Patron {
        configuraciones: 19683,
        imagenes: CUATRO_ESQUINAS,
    },
    // The 2×5 corner: A1-E1 and A2-E2, both ways round each corner.
    Patron {
        configuraciones: 59049,
        imagenes: &[0, 1, 2, 3, 4, 5, 6, 7],
    },
    // The edge and its X squares: A1-H1, B2, G2.
    Patron {
        configuraciones: 59049,
        imagenes: CUATRO_BORDES,
    },
    // Row 2.
    Patron {
        configuraciones: 6561,
        imagenes: CUATRO_BORDES,
    },
    // Row 3.
    Patron {
        configuraciones: 6561,
        imagenes: CUATRO_BORDES,
    },
    // Row 4.
    Patron {
        configuraciones: 6561,
        imagenes: CUATRO_BORDES,
    },
    // The long diagonal A1-H8 (and H1-A8).
    Patron {
        configuraciones: 6561,
        imagenes: &[0, 2],
    },
    // The diagonal of 7: B1-H7.
    Patron {
        configuraciones: 2187,
        imagenes: CUATRO_DIAGONALES,
    },
    // The diagonal of 6: C1-H6.
    Patron {
        configuraciones: 729,
        imagenes: CUATRO_DIAGONALES,
    },
    // The diagonals of 5 and 4: D1-H5 and E1-H4, as one table of 3^5 * 3^4.
    Patron {
        configuraciones: 19683,
        imagenes: CUATRO_DIAGONALES,
    },
];

/// The mobilities above this count share the weight of this one.
pub(super) const MOVILIDAD_MAXIMA: usize = 31;

/// The place of the mobility of moves `m` in a mobility table.
#[inline(always)]
pub(super) fn movilidad(m: u64) -> usize {
    (m.count_ones() as usize).min(MOVILIDAD_MAXIMA)
}

/// Where each pattern's table starts within a stage; then the own mobility's, the
/// rival's, and the one weight for having the move.
const INICIOS: [usize; PATRONES.len() + 3] = {
    let mut inicios = [0; PATRONES.len() + 3];
    let mut i = 0;
    let mut inicio = 0;
    while i < PATRONES.len() {
        inicios[i] = inicio;
        inicio += PATRONES[i].configuraciones;
        i += 1;
    }
    inicios[i] = inicio;
    inicios[i + 1] = inicio + MOVILIDAD_MAXIMA + 1;
    inicios[i + 2] = inicio + 2 * (MOVILIDAD_MAXIMA + 1);
    inicios
};

/// Where a stage keeps the factor of the hand-made terms, in [`UNIDAD_CLASICA`]ths.
pub(in crate::motor) const ESCALA_CLASICA: usize = INICIOS[PATRONES.len() + 2] + 1;

/// The unit of [`ESCALA_CLASICA`].
pub(in crate::motor) const UNIDAD_CLASICA: i32 = 1024;

/// How many weights each stage has.
pub(in crate::motor) const PESOS_POR_ETAPA: usize = ESCALA_CLASICA + 1;

/// How many features a position has: one per copy of each pattern, two mobilities and
/// the move.
pub(in crate::motor) const RASGOS: usize = {
    let mut total = 3;
    let mut i = 0;
    while i < PATRONES.len() {
        total += PATRONES[i].imagenes.len();
        i += 1;
    }
    total
};

/// For each byte, the number in base 3 whose digit `k` is its bit `k`.
const TERNARIO: [u16; 256] = {
    let mut tabla = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 7;
        loop {
            tabla[b] = tabla[b] * 3 + ((b >> k) & 1) as u16;
            if k == 0 {
                break;
            }
            k -= 1;
        }
        b += 1;
    }
    tabla
};

/// The configuration of the squares whose bits are `p` and `o` (own and rival, each a
/// byte): digit `k` in base 3 is 0 empty, 1 own, 2 rival.
#[inline(always)]
fn ternario(p: u64, o: u64) -> usize {
    usize::from(TERNARIO[(p & 0xFF) as usize]) + 2 * usize::from(TERNARIO[(o & 0xFF) as usize])
}

/// The board flipped top to bottom (row 1 to row 8).
#[inline(always)]
fn vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// The board flipped left to right (column A to column H).
#[inline(always)]
fn horizontal(x: u64) -> u64 {
    x.reverse_bits().swap_bytes()
}

/// The board flipped about the A1-H8 diagonal (column A to row 1).
#[inline(always)]
fn traspuesta(mut x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The eight images of a board under the symmetries of the square: itself, flipped
/// vertically, horizontally, both; and the same four of its transpose.
#[inline(always)]
pub(in crate::motor) fn simetricas(x: u64) -> [u64; 8] {
    let h = horizontal(x);
    let t = traspuesta(x);
    let th = horizontal(t);
    [
        x,
        vertical(x),
        h,
        vertical(h),
        t,
        vertical(t),
        th,
        vertical(th),
    ]
}

/// The squares of a diagonal parallel to A1-H8 (`mascara`) as a byte, bit `k` from
/// column `k`: each row holds one of them, so the product stacks them in the top byte.
#[inline(always)]
fn diagonal(x: u64, mascara: u64) -> u64 {
    (x & mascara).wrapping_mul(0x0101_0101_0101_0101) >> 56
}

/// The configuration of pattern `patron` read on one image of the board (`p` own, `o`
/// rival).
#[inline(always)]
pub(super) fn configuracion(patron: usize, p: u64, o: u64) -> usize {
    match patron {
        0 => {
            ternario(p & 7, o & 7)
                + 27 * ternario(p >> 8 & 7, o >> 8 & 7)
                + 729 * ternario(p >> 16 & 7, o >> 16 & 7)
        }
        1 => ternario(p & 0x1F, o & 0x1F) + 243 * ternario(p >> 8 & 0x1F, o >> 8 & 0x1F),
        2 => {
            let x = |b: u64| (b >> 9 & 1) | (b >> 13 & 2);
            ternario(p, o) + 6561 * ternario(x(p), x(o))
        }
        3 => ternario(p >> 8, o >> 8),
        4 => ternario(p >> 16, o >> 16),
        5 => ternario(p >> 24, o >> 24),
        6 => {
            const D8: u64 = 0x8040_2010_0804_0201;
            ternario(diagonal(p, D8), diagonal(o, D8))
        }
        7 => {
            const D7: u64 = 0x0080_4020_1008_0402;
            ternario(diagonal(p, D7) >> 1, diagonal(o, D7) >> 1)
        }
        8 => {
            const D6: u64 = 0x0000_8040_2010_0804;
            ternario(diagonal(p, D6) >> 2, diagonal(o, D6) >> 2)
        }
        _ => {
            const D5: u64 = 0x0000_0080_4020_1008;
            const D4: u64 = 0x0000_0000_8040_2010;
            ternario(diagonal(p, D5) >> 3, diagonal(o, D5) >> 3)
                + 243 * ternario(diagonal(p, D4) >> 4, diagonal(o, D4) >> 4)
        }
    }
}

/// The features of `(p, o)` for the side to move `p`: for each copy of each pattern and
/// for the mobilities, the index of its weight within a stage.
#[inline(always)]
pub(in crate::motor) fn rasgos(p: u64, o: u64, mp: u64, mo: u64) -> [u32; RASGOS] {
    let ps = simetricas(p);
    let os = simetricas(o);
    let mut rasgos = [0u32; RASGOS];
    let mut k = 0;
    // One call per pattern with a constant `patron`, so that each is compiled on its own
    // (the `match` of `configuracion` vanishes).
    let mut leer = |patron: usize| {
        for &i in PATRONES[patron].imagenes {
            rasgos[k] = (INICIOS[patron] + configuracion(patron, ps[i], os[i])) as u32;
            k += 1;
        }
    };
    leer(0);
    leer(1);
    leer(2);
    leer(3);
    leer(4);
    leer(5);
    leer(6);
    leer(7);
    leer(8);
    leer(9);
    rasgos[k] = (INICIOS[PATRONES.len()] + movilidad(mp)) as u32;
    rasgos[k + 1] = (INICIOS[PATRONES.len() + 1] + movilidad(mo)) as u32;
    rasgos[k + 2] = INICIOS[PATRONES.len() + 2] as u32;
    rasgos
}

/// Weight `i` of a table of weights (stage-major).
#[inline(always)]
pub(super) fn peso(pesos: &[u8], i: usize) -> i32 {
    i32::from(i16::from_le_bytes([pesos[2 * i], pesos[2 * i + 1]]))
}

/// The evaluation of `(p, o)` (`mp` and `mo` their moves; not both empty) with the
/// stored weights, unbounded: the sum of the weights of its features at its stage and of
/// the scaled hand-made terms.
#[inline(always)]
pub(super) fn valor(p: u64, o: u64, mp: u64, mo: u64) -> i32 {
    valor_con(PESOS, p, o, mp, mo)
}

/// [`valor`] with the table `pesos`.
#[inline(always)]
pub(in crate::motor) fn valor_con(pesos: &[u8], p: u64, o: u64, mp: u64, mo: u64) -> i32 {
    let base = etapa(cuenta(!(p | o)) as u32) * PESOS_POR_ETAPA;
    let patrones: i32 = rasgos(p, o, mp, mo)
        .iter()
        .map(|&r| peso(pesos, base + r as usize))
        .sum();
    patrones + peso(pesos, base + ESCALA_CLASICA) * suma_de_terminos(p, o, mp, mo) / UNIDAD_CLASICA
}

/// Checks the stored weights' size at compile time.
const _: () = assert!(PESOS.len() == 2 * ETAPAS * PESOS_POR_ETAPA);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::azar::Xorshift;

    /// The square of each bit of `x`, mapped through a function of coordinates.
    fn mapear(x: u64, f: impl Fn(u32, u32) -> (u32, u32)) -> u64 {
        (0..64)
            .filter(|k| x >> k & 1 != 0)
            .map(|k| {
                let (c, r) = f(k % 8, k / 8);
                1u64 << (r * 8 + c)
            })
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn simetrias_como_coordenadas() {
        let mut generador = Xorshift::nuevo(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200 {
            let azar = generador.siguiente();
            assert_eq!(vertical(azar), mapear(azar, |c, r| (c, 7 - r)));
            assert_eq!(horizontal(azar), mapear(azar, |c, r| (7 - c, r)));
            assert_eq!(traspuesta(azar), mapear(azar, |c, r| (r, c)));
        }
    }

    /// The squares of the board that a copy of pattern `patron` on image `imagen` reads:
    /// those whose own disc changes its configuration.
    fn casillas(patron: usize, imagen: usize) -> u64 {
        (0..64)
            .filter(|&k| {
                let ps = simetricas(1 << k);
                configuracion(patron, ps[imagen], 0) != 0
            })
            .fold(0, |a, k| a | 1 << k)
    }

    #[test]
    fn las_copias_de_cada_patron_son_distintas_y_del_mismo_largo() {
        let largos = [9, 10, 10, 8, 8, 8, 8, 7, 6, 9];
        for (patron, datos) in PATRONES.iter().enumerate() {
            let copias: Vec<u64> = datos
                .imagenes
                .iter()
                .map(|&i| casillas(patron, i))
                .collect();
            for (a, &x) in copias.iter().enumerate() {
                assert_eq!(x.count_ones(), largos[patron], "patrón {patron}");
                for &y in &copias[a + 1..] {
                    assert_ne!(x, y, "patrón {patron}: dos copias iguales");
                }
            }
            assert_eq!(3usize.pow(largos[patron]), datos.configuraciones);
        }
    }

    #[test]
    fn configuraciones_dentro_de_su_tabla() {
        // The largest index comes from the rival on every square of the pattern.
        for (patron, datos) in PATRONES.iter().enumerate() {
            let mut mayor = 0;
            for i in 0..8 {
                let os = simetricas(u64::MAX);
                mayor = mayor.max(configuracion(patron, 0, os[i]));
            }
            assert_eq!(mayor, datos.configuraciones - 1, "patrón {patron}");
        }
    }

    #[test]
    fn etapas_por_vacias() {
        assert_eq!(etapa(60), 0);
        assert_eq!(etapa(55), 0);
        assert_eq!(etapa(54), 1);
        assert_eq!(etapa(6), 9);
        assert_eq!(etapa(1), 9);
    }
}
