//! The stable discs of a side: those the rival can never flip, whatever is played. The
//! evaluation counts them, and the exact solver cuts with the rival's (they bound the
//! score from above).

use std::sync::OnceLock;

use super::primitivas::{ESQUINAS, cuenta};
use crate::reglas::bitboard::volteos_u64;

/// The stable discs of `p`: those that `o` can never flip, whatever is played.
///
/// A lower bound, found in three steps as endgame solvers do: the discs stable along
/// each edge (from a table of all 3^8 edges, see [`tabla_bordes`]); the inner discs
/// whose four lines (row, column, two diagonals) are full; then, repeatedly (see
/// [`propagar`]), the inner discs that in each of the four directions have a full line
/// or a stable neighbour of their own color, until none is added.
///
/// The first [`PASOS_SEGUIDOS`] steps are taken without asking whether the last one added
/// anything: how many steps a position needs varies, and the processor could not guess
/// when the loop ends. Steps after the end add nothing, so the result is the same.
#[inline(always)]
pub(super) fn estables(p: u64, o: u64) -> u64 {
    let llenas = lineas_llenas(p | o);
    let mut estables = estables_directas(p, o, llenas);
    if estables == 0 {
        return 0;
    }
    for _ in 0..PASOS_SEGUIDOS {
        estables = propagar(estables, p, llenas);
    }
    loop {
        let antes = estables;
        estables = propagar(estables, p, llenas);
        if estables == antes {
            return estables;
        }
    }
}

/// The squares off the edges.
const INTERIOR: u64 = 0x007E_7E7E_7E7E_7E00;

/// The stable discs of `p` that [`estables`] starts from: those stable along the edges,
/// and the inner ones whose four lines are full (`llenas`, see [`lineas_llenas`]).
#[inline(always)]
fn estables_directas(p: u64, o: u64, llenas: [u64; 4]) -> u64 {
    let [llena_h, llena_v, llena_d7, llena_d9] = llenas;
    estables_en_bordes(p, o) | (p & INTERIOR & llena_h & llena_v & llena_d7 & llena_d9)
}

/// How many steps [`estables`] takes before it asks whether a step added anything. In
/// the solver most searches for stable discs end after one to four steps, in no order
/// the processor could predict, so asking after each step was a mispredicted branch.
/// With four steps first, the question comes after the fifth, and the answer is nearly
/// always «nothing»; three steps first gained less.
const PASOS_SEGUIDOS: usize = 4;

/// `estables` with the inner discs of `p` added that, in each direction, have a full line
/// (`llenas`: row, column, diagonal A8-H1, diagonal A1-H8) or a disc of `estables` next
/// to them. One step of [`estables`].
#[inline(always)]
fn propagar(estables: u64, p: u64, llenas: [u64; 4]) -> u64 {
    let [llena_h, llena_v, llena_d7, llena_d9] = llenas;
    // No mask for the wrap: an inner square's neighbours are never wrapped ones.
    let h = (estables >> 1) | (estables << 1) | llena_h;
    let v = (estables >> 8) | (estables << 8) | llena_v;
    let d7 = (estables >> 7) | (estables << 7) | llena_d7;
    let d9 = (estables >> 9) | (estables << 9) | llena_d9;
    estables | (h & v & d7 & d9 & p & INTERIOR)
}

/// The discs that are stable for a reason that costs almost nothing: own corners and own
/// edge squares next to an own corner along the edge. The fastest-first ordering uses it.
#[inline]
pub(super) fn estabilidad_esquinas(p: u64) -> i32 {
    let estables = (((p & 0x0100_0000_0000_0001) << 1)
        | ((p & 0x8000_0000_0000_0080) >> 1)
        | ((p & 0x0000_0000_0000_0081) << 8)
        | ((p & 0x8100_0000_0000_0000) >> 8)
        | ESQUINAS)
        & p;
    cuenta(estables)
}

/// The squares of `ocupadas` whose whole line in one diagonal direction is occupied:
/// step `paso` (9 toward H8, 7 toward A8), `borde` the squares whose next step toward
/// higher indices leaves the board, `borde_atras` the same toward lower indices.
///
/// Each way, a square is full if it is occupied and so is the rest of its ray; the rays
/// are joined by doubling (1, 2 and 4 steps), the squares too close to the edge for a
/// jump being full already. Bits that wrap to the other side of the board land on
/// squares next to the edge, which that mask already covers.
#[inline(always)]
fn diagonal_llena(ocupadas: u64, paso: u32, borde: u64, borde_atras: u64) -> u64 {
    let borde2 = borde | borde >> paso;
    let borde4 = borde2 | borde2 >> (2 * paso);
    let mut adelante = ocupadas & (ocupadas >> paso | borde);
    adelante &= adelante >> (2 * paso) | borde2;
    adelante &= adelante >> (4 * paso) | borde4;
    let atras2 = borde_atras | borde_atras << paso;
    let atras4 = atras2 | atras2 << (2 * paso);
    let mut atras = ocupadas & (ocupadas << paso | borde_atras);
    atras &= atras << (2 * paso) | atras2;
    atras &= atras << (4 * paso) | atras4;
    adelante & atras
}

/// For each direction (row, column, diagonal A8-H1, diagonal A1-H8), the squares whose
/// line in that direction has no empty square.
#[inline]
fn lineas_llenas(ocupadas: u64) -> [u64; 4] {
    let mut h = ocupadas;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let llena_h = (h & 0x0101_0101_0101_0101) * 0xFF;
    let mut v = ocupadas;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let llena_v = (v & 0xFF) * 0x0101_0101_0101_0101;
    // Toward H8 the last squares are column H and row 8; toward A1, column A and row 1.
    let llena_d9 = diagonal_llena(ocupadas, 9, 0xFF80_8080_8080_8080, 0x0101_0101_0101_01FF);
    // Toward A8 the last squares are column A and row 8; toward H1, column H and row 1.
    let llena_d7 = diagonal_llena(ocupadas, 7, 0xFF01_0101_0101_0101, 0x8080_8080_8080_80FF);
    [llena_h, llena_v, llena_d7, llena_d9]
}

/// Column A as a byte, row 1 in bit 0.
#[inline(always)]
fn columna_a(x: u64) -> usize {
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// A byte back to column A (bit `k` to row `k + 1`).
const A_COLUMNA_A: [u64; 256] = {
    let mut tabla = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if b >> k & 1 != 0 {
                tabla[b] |= 1 << (8 * k);
            }
            k += 1;
        }
        b += 1;
    }
    tabla
};

/// The stable discs of `p` on the four edges.
#[inline]
fn estables_en_bordes(p: u64, o: u64) -> u64 {
    let tabla = tabla_bordes();
    let borde = |p: usize, o: usize| u64::from(tabla[p << 8 | o]);
    borde((p & 0xFF) as usize, (o & 0xFF) as usize)
        | borde((p >> 56) as usize, (o >> 56) as usize) << 56
        | A_COLUMNA_A[borde(columna_a(p), columna_a(o)) as usize]
        | A_COLUMNA_A[borde(columna_a(p >> 7), columna_a(o >> 7)) as usize] << 7
}

/// For every edge (own discs in the high byte of the index, rival discs in the low one),
/// the own discs that no sequence of moves along the edge can flip.
///
/// Built once, on first use, by playing every possible continuation: each empty square
/// may be filled by either color (a move there may be valid through another line), with
/// the flips along the edge. The flips come from the crate's generator, on a board whose
/// only discs are the edge, placed on row 1.
fn tabla_bordes() -> &'static [u8; 65536] {
    static TABLA: OnceLock<Box<[u8; 65536]>> = OnceLock::new();
    TABLA.get_or_init(|| {
        let mut memoria = vec![None; 65536];
        let mut tabla = Box::new([0u8; 65536]);
        for p in 0..256u64 {
            for o in 0..256u64 {
                if p & o == 0 {
                    tabla[(p << 8 | o) as usize] = estables_del_borde(p, o, &mut memoria);
                }
            }
        }
        tabla
    })
}

/// The own discs of an edge that stay own in every continuation (see [`tabla_bordes`]).
fn estables_del_borde(p: u64, o: u64, memoria: &mut [Option<u8>]) -> u8 {
    let indice = (p << 8 | o) as usize;
    if let Some(estables) = memoria[indice] {
        return estables;
    }
    let mut estables = p as u8;
    let mut vacias = !(p | o) & 0xFF;
    while vacias != 0 && estables != 0 {
        let x = vacias.trailing_zeros();
        vacias &= vacias - 1;
        let volteadas = volteos_u64(p, o, x as u8);
        estables &= estables_del_borde(p | volteadas | 1 << x, o & !volteadas, memoria);
        let volteadas = volteos_u64(o, p, x as u8);
        estables &= estables_del_borde(p & !volteadas, o | volteadas | 1 << x, memoria);
    }
    memoria[indice] = Some(estables);
    estables
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::{azar::Xorshift, primitivas::casillas};

    #[test]
    fn columnas_como_bytes() {
        for x in [0u64, u64::MAX, 0x0123_4567_89AB_CDEF, 0x8000_0000_0000_0001] {
            let esperada = (0..8).fold(0, |b, k| b | ((x >> (8 * k)) & 1) << k);
            assert_eq!(columna_a(x) as u64, esperada);
            assert_eq!(A_COLUMNA_A[columna_a(x)], x & 0x0101_0101_0101_0101);
        }
    }

    #[test]
    fn bordes_estables() {
        // An own corner is stable; a run from it too.
        assert_eq!(
            estables(casillas("A1 B1 C1"), casillas("D1")),
            casillas("A1 B1 C1")
        );
        // Without the corner nothing on the edge is stable.
        assert_eq!(estables(casillas("B1 C1"), casillas("D1")), 0);
        // A full edge is stable for both.
        let p = casillas("A1 C1 E1 G1");
        let o = casillas("B1 D1 F1 H1");
        assert_eq!(estables(p, o), p);
        assert_eq!(estables(o, p), o);
        // Along column H, from H8.
        assert_eq!(
            estables(casillas("H8 H7"), casillas("H6")),
            casillas("H8 H7")
        );
    }

    #[test]
    fn lineas_llenas_como_recorriendolas() {
        // Each line checked square by square.
        let ingenua = |ocupadas: u64, dc: i32, df: i32| {
            let mut llenas = 0u64;
            for x in 0..64 {
                let (c, f) = (x % 8, x / 8);
                let mut llena = true;
                for signo in [1, -1] {
                    let (mut c2, mut f2) = (c, f);
                    while (0..8).contains(&c2) && (0..8).contains(&f2) {
                        llena &= ocupadas >> (f2 * 8 + c2) & 1 == 1;
                        c2 += signo * dc;
                        f2 += signo * df;
                    }
                }
                if llena {
                    llenas |= 1 << x;
                }
            }
            llenas
        };
        let mut generador = Xorshift::nuevo(0x1234_5678_9ABC_DEF1);
        for i in 0..2000 {
            let azar = generador.siguiente();
            // Mostly full boards, so that full lines are common.
            let ocupadas = if i % 2 == 0 {
                !(azar & azar >> 3 & azar >> 7)
            } else {
                azar | azar >> 1
            };
            let [h, v, d7, d9] = lineas_llenas(ocupadas);
            assert_eq!(h, ingenua(ocupadas, 1, 0), "{ocupadas:#x}");
            assert_eq!(v, ingenua(ocupadas, 0, 1), "{ocupadas:#x}");
            assert_eq!(d7, ingenua(ocupadas, -1, 1), "{ocupadas:#x}");
            assert_eq!(d9, ingenua(ocupadas, 1, 1), "{ocupadas:#x}");
        }
    }

    #[test]
    fn las_estables_no_crecen_con_otro_paso() {
        // Positions whose stable discs take many steps to find: mostly full boards,
        // the discs in long runs. Past the steps taken without asking, one more step
        // must add nothing.
        let mut generador = Xorshift::nuevo(0x0F1E_2D3C_4B5A_6978);
        let mut pasos_de_mas = 0;
        for _ in 0..20_000 {
            let azar = generador.siguiente();
            let ocupadas = !(azar & azar >> 5 & azar >> 11);
            let p = ocupadas & (azar.rotate_left(23) | azar.rotate_left(41));
            let o = ocupadas & !p;
            let llenas = lineas_llenas(ocupadas);
            let e = estables(p, o);
            assert_eq!(e & !p, 0, "{p:#x} {o:#x}");
            assert_eq!(propagar(e, p, llenas), e, "{p:#x} {o:#x}");
            // How many steps it took, to know that the test reaches past those taken
            // without asking.
            let mut paso = estables_directas(p, o, llenas);
            let mut k = 0;
            while propagar(paso, p, llenas) != paso {
                paso = propagar(paso, p, llenas);
                k += 1;
            }
            if k > PASOS_SEGUIDOS + 1 {
                pasos_de_mas += 1;
            }
        }
        assert!(pasos_de_mas > 100, "{pasos_de_mas}");
    }

    #[test]
    fn interiores_con_lineas_llenas() {
        // A full board: every disc is stable.
        let p = 0x5555_5555_5555_5555;
        assert_eq!(estables(p, !p), p);
        // Empty board but one disc: nothing.
        assert_eq!(estables(casillas("D4"), casillas("E4")), 0);
    }
}
