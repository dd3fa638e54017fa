//! The hand-made evaluation: the strong player's of before (kept to compare, see
//! [`Evaluacion`]) and a part of today's, which scales it and corrects it with learned
//! patterns (see `patrones`); and the stable discs it and the solver use.
//!
//! Each term is a classic of Othello play, chosen by hand (see [`terminos`]). Their
//! weights were not downloaded: from 24 empties to the end they were fitted by least
//! squares to the exact final scores of positions from this engine's own games, solved
//! by its own solver (the tool `ajustar_pesos`, behind the `ajuste-de-pesos` feature,
//! does it again); at the start of the game they are set by hand, and in between they
//! move linearly. The unit is the hundredth of a disc ([`ESCALA`]), so that an evaluation
//! and a final disc difference can be compared (a won game scores like
//! `diferencia * ESCALA`).
//!
//! - **Mobility** (corners count twice), and **moves to a corner**: having moves and
//!   leaving the rival few is what wins the middle game.
//! - **Potential mobility** and **frontier discs**: empty squares next to rival discs are
//!   future moves; own discs next to empty squares give the rival future moves.
//! - **Corners**, and the **X and C squares** next to an empty corner, which hand it over.
//! - **Stable discs** (they can never be flipped: final points) and **edge discs**.
//! - **Parity**: the side to move with an odd number of empties expects to make the last
//!   move.
//! - **Discs**: worthless early (fewer is even better), decisive at the end.
//!
//! Through both evaluations, the fitted weights also sort the solver's moves near the
//! root, so they matter to how many nodes a solve visits.

use std::sync::OnceLock;

use super::nucleo::{ESQUINAS, cuenta, movilidad_ponderada, movimientos, puntaje_final, vecinos};
use crate::reglas::bitboard::volteos_u64;

/// Hundredths of a disc: the unit of the evaluation.
pub(super) const ESCALA: i32 = 100;

/// The largest evaluation in absolute value: under a won game by the smallest margin.
pub(super) const MAXIMA: i32 = 63 * ESCALA;

/// The X squares whose corner is empty (B2 for A1, and so on).
#[inline]
fn x_peligrosas(vacias: u64) -> u64 {
    ((vacias & 1) << 9)
        | ((vacias & 1 << 7) << 7)
        | ((vacias & 1 << 56) >> 7)
        | ((vacias & 1 << 63) >> 9)
}

/// The C squares whose corner is empty (B1 and A2 for A1, and so on).
#[inline]
fn c_peligrosas(vacias: u64) -> u64 {
    let esquinas = vacias & ESQUINAS;
    let a1 = esquinas & 1;
    let h1 = esquinas & 1 << 7;
    let a8 = esquinas & 1 << 56;
    let h8 = esquinas & 1 << 63;
    (a1 << 1) | (a1 << 8) | (h1 >> 1) | (h1 << 8) | (a8 >> 8) | (a8 << 1) | (h8 >> 8) | (h8 >> 1)
}

/// How many terms the evaluation adds up.
pub(super) const TERMINOS: usize = 12;

/// The terms of the evaluation of `(p, o)` for the side to move `p`, each as "own minus
/// rival" where that applies:
///
/// 0. mobility (corners count twice);
/// 1. potential mobility (empties next to rival discs minus empties next to own discs);
/// 2. corners;
/// 3. X squares next to an empty corner;
/// 4. C squares next to an empty corner;
/// 5. stable discs;
/// 6. discs;
/// 7. parity (+1 when the number of empties is odd: the side to move expects the last
///    move);
/// 8. edge discs (corners aside);
/// 9. always 1 (having the move);
/// 10. moves to a corner;
/// 11. frontier discs (next to an empty square), rival minus own.
#[inline(always)]
pub(super) fn terminos(p: u64, o: u64, mp: u64, mo: u64) -> [i32; TERMINOS] {
    const BORDES: u64 = 0x7E81_8181_8181_817E;
    let vacias = !(p | o);
    let x = x_peligrosas(vacias);
    let c = c_peligrosas(vacias);
    let frontera = vecinos(vacias);
    [
        movilidad_ponderada(mp) - movilidad_ponderada(mo),
        cuenta(vecinos(o) & vacias) - cuenta(vecinos(p) & vacias),
        cuenta(p & ESQUINAS) - cuenta(o & ESQUINAS),
        cuenta(p & x) - cuenta(o & x),
        cuenta(p & c) - cuenta(o & c),
        cuenta(estables(p, o)) - cuenta(estables(o, p)),
        cuenta(p) - cuenta(o),
        if cuenta(vacias) % 2 == 1 { 1 } else { -1 },
        cuenta(p & BORDES) - cuenta(o & BORDES),
        1,
        cuenta(mp & ESQUINAS) - cuenta(mo & ESQUINAS),
        cuenta(o & frontera) - cuenta(p & frontera),
    ]
}

/// The weights of the terms (hundredths of a disc per unit) late in the game, as
/// `(a, b)`: `a + b * (vacias - 16)` with the empties between 8 and 24. Fitted by least
/// squares to the exact scores of positions from the engine's own games (see the test
/// `ajustar_pesos`), not downloaded.
const PESOS_FINAL: [(i32, i32); TERMINOS] = [
    (184, -13),
    (-47, 9),
    (551, 46),
    (-153, -18),
    (-86, 3),
    (129, 1),
    (-16, -2),
    (200, 6),
    (-11, 8),
    (-14, -11),
    (310, 34),
    (83, 8),
];

/// The weights at the start of the game (60 empties), set by hand: mobility and corners
/// matter, discs do not (fewer is even better).
const PESOS_INICIO: [i32; TERMINOS] = [70, 30, 800, -500, -150, 150, -8, 0, 0, 0, 0, 0];

/// The weight of term `k` with `vacias` empties: [`PESOS_FINAL`] up to 24 empties, then
/// linearly toward [`PESOS_INICIO`] at 60.
#[inline(always)]
fn peso(k: usize, vacias: i32) -> i32 {
    let (a, b) = PESOS_FINAL[k];
    if vacias <= 24 {
        a + b * (vacias.max(8) - 16)
    } else {
        let tarde = a + b * 8;
        (tarde * (60 - vacias) + PESOS_INICIO[k] * (vacias - 24)) / 36
    }
}

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Evaluacion {
    /// The learned patterns (see `patrones`): the strong player's.
    #[default]
    Patrones,
    /// The hand-made terms of this module: the strong player of before, kept to
    /// measure the new one against it (its search has no ProbCut either, as before).
    Clasica,
}

impl Evaluacion {
    /// The evaluation of `(p, o)` for the side to move `p`, in hundredths of a disc.
    #[inline]
    pub(super) fn evaluar(self, p: u64, o: u64) -> i32 {
        match self {
            Evaluacion::Patrones => super::patrones::evaluar(p, o),
            Evaluacion::Clasica => evaluar(p, o),
        }
    }

    /// Whether the searches with this evaluation cut with ProbCut: the mid-game search,
    /// and the probable solve before an exact one (so a mid-game search to the end of
    /// the game is not exact either). Only with the patterns, with which the margins were
    /// measured; `clasico` searches and solves as the strong player did before.
    pub(super) fn con_probcut(self) -> bool {
        self == Evaluacion::Patrones
    }
}

/// The evaluation of the position for the side to move, `p`, in hundredths of a disc:
/// the sum of the [`terminos`] times their weights for the number of empties. A
/// finished game gets its exact score.
pub(super) fn evaluar(p: u64, o: u64) -> i32 {
    let mp = movimientos(p, o);
    let mo = movimientos(o, p);
    if mp == 0 && mo == 0 {
        return puntaje_final(p, o) * ESCALA;
    }
    suma_de_terminos(p, o, mp, mo).clamp(-MAXIMA, MAXIMA)
}

/// The sum of the [`terminos`] of `(p, o)` (`mp` and `mo` their moves) times their
/// weights, unbounded: the hand-made part of both evaluations.
#[inline]
pub(super) fn suma_de_terminos(p: u64, o: u64, mp: u64, mo: u64) -> i32 {
    let n = cuenta(!(p | o));
    terminos(p, o, mp, mo)
        .iter()
        .enumerate()
        .map(|(k, &termino)| peso(k, n) * termino)
        .sum()
}

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

/// What the weight-fitting tools share (behind the `ajuste-de-pesos` feature): the
/// engine playing itself, with randomness that is the same on every machine.
#[cfg(all(test, feature = "ajuste-de-pesos"))]
pub(super) mod autojuego {
    use crate::{Color, Posicion, Tablero};

    /// A xorshift generator started at `semilla`.
    pub(crate) fn azar(semilla: u64) -> impl FnMut() -> u64 {
        let mut estado = semilla | 1;
        move || {
            estado ^= estado << 13;
            estado ^= estado >> 7;
            estado ^= estado << 17;
            estado
        }
    }

    /// One game from the start: `elegir` gets the board, the side to move, its valid
    /// moves and how many moves were made, and picks the move, or `None` to stop there;
    /// passes are made for it. Returns the board where the game stopped.
    pub(crate) fn partida(
        mut elegir: impl FnMut(&Tablero, Color, &[Posicion], usize) -> Option<Posicion>,
    ) -> Tablero {
        let mut tablero = Tablero::inicial();
        let mut turno = Color::Negro;
        let mut jugadas = 0;
        loop {
            let validas: Vec<Posicion> = tablero.jugadas_validas(turno).into_iter().collect();
            if validas.is_empty() {
                if tablero.jugadas_validas(!turno).es_vacio() {
                    return tablero;
                }
                turno = !turno;
                continue;
            }
            let Some(jugada) = elegir(&tablero, turno, &validas, jugadas) else {
                return tablero;
            };
            tablero.jugar(jugada, turno).expect("una jugada válida");
            turno = !turno;
            jugadas += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn casillas(nombres: &str) -> u64 {
        nombres
            .split_whitespace()
            .map(|n| 1u64 << n.parse::<crate::Posicion>().unwrap().indice())
            .fold(0, |a, b| a | b)
    }

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
        let mut azar = 0x1234_5678_9ABC_DEF1u64;
        for i in 0..2000 {
            azar ^= azar << 13;
            azar ^= azar >> 7;
            azar ^= azar << 17;
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
        let mut azar = 0x0F1E_2D3C_4B5A_6978u64;
        let mut pasos_de_mas = 0;
        for _ in 0..20_000 {
            azar ^= azar << 13;
            azar ^= azar >> 7;
            azar ^= azar << 17;
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

    #[test]
    fn evaluacion_simetrica_y_final_exacto() {
        let p = casillas("D5 E4 C3");
        let o = casillas("D4 E5");
        assert!(evaluar(p, o).abs() <= MAXIMA);
        // Game over: exact score, with the empties to the winner.
        assert_eq!(evaluar(casillas("A1 B1"), 0), 64 * ESCALA);
    }

    /// Fits [`PESOS_FINAL`]: plays games of the engine against itself (random openings,
    /// then the best move after a 1-ply search with a few random moves), solves exactly
    /// the positions with 10 to 20 empties, and fits by least squares the weights
    /// `a + b * (vacias - 16)` of each term to the exact scores. Prints the table.
    ///
    /// A tool, not a test (it takes minutes and checks nothing), so it is built only with
    /// the `ajuste-de-pesos` feature:
    /// `cargo test --release --features ajuste-de-pesos --lib ajustar_pesos -- --nocapture`.
    #[test]
    #[cfg(feature = "ajuste-de-pesos")]
    #[allow(clippy::needless_range_loop)] // matrix code reads best with indices
    fn ajustar_pesos() {
        use crate::motor::{busqueda::Buscador, nucleo::Contexto, tabla::Tabla};
        use crate::{Color, Tablero};

        let partidas: usize = std::env::var("PARTIDAS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(400);
        let mut siguiente = autojuego::azar(0x2545_F491_4F6C_DD1D);
        let tabla = Tabla::nueva(16);
        let mut posiciones: Vec<(Tablero, Color)> = Vec::new();
        for _ in 0..partidas {
            let apertura = 4 + (siguiente() % 12) as usize;
            autojuego::partida(|tablero, turno, validas, jugadas_hechas| {
                let n = tablero.vacias().cantidad();
                if n < 10 {
                    return None;
                }
                if n <= 20 {
                    posiciones.push((tablero.clone(), turno));
                }
                Some(
                    if jugadas_hechas < apertura || siguiente().is_multiple_of(8) {
                        validas[(siguiente() % validas.len() as u64) as usize]
                    } else {
                        let mut ctx = Contexto::nuevo(&tabla, None);
                        ctx.evaluacion = Evaluacion::Clasica;
                        *validas
                            .iter()
                            .max_by_key(|&&x| {
                                let mut t = tablero.clone();
                                t.jugar(x, turno).unwrap();
                                let (p2, o2) = (t.fichas(!turno).0, t.fichas(turno).0);
                                -ctx.superficial(p2, o2, -10_000, 10_000, 1)
                            })
                            .unwrap()
                    },
                )
            });
        }
        eprintln!("{} posiciones", posiciones.len());
        let mut buscador = Buscador::nuevo();
        // Normal equations of the least squares fit, with a little ridge.
        const M: usize = 2 * TERMINOS;
        let mut ata = [[0f64; M]; M];
        let mut atb = [0f64; M];
        let mut muestras = Vec::new();
        for (i, (tablero, turno)) in posiciones.iter().enumerate() {
            let valor = buscador.resolver(tablero, *turno).diferencia;
            let (p, o) = (tablero.fichas(*turno).0, tablero.fichas(!*turno).0);
            let n = cuenta(!(p | o));
            let t = terminos(p, o, movimientos(p, o), movimientos(o, p));
            let mut fila = [0f64; M];
            for k in 0..TERMINOS {
                fila[2 * k] = f64::from(t[k]);
                fila[2 * k + 1] = f64::from(t[k] * (n - 16));
            }
            for a in 0..M {
                atb[a] += fila[a] * f64::from(valor * ESCALA);
                for b in 0..M {
                    ata[a][b] += fila[a] * fila[b];
                }
            }
            muestras.push((fila, valor * ESCALA));
            if i % 500 == 0 {
                eprintln!("{i}");
            }
        }
        for (a, fila) in ata.iter_mut().enumerate() {
            fila[a] += 1.0;
        }
        // Gauss-Jordan.
        let mut w = atb;
        for c in 0..M {
            let pivote = (c..M)
                .max_by(|&a, &b| ata[a][c].abs().total_cmp(&ata[b][c].abs()))
                .unwrap();
            ata.swap(c, pivote);
            w.swap(c, pivote);
            for r in 0..M {
                if r != c {
                    let f = ata[r][c] / ata[c][c];
                    for k in 0..M {
                        ata[r][k] -= f * ata[c][k];
                    }
                    w[r] -= f * w[c];
                }
            }
        }
        for c in 0..M {
            w[c] /= ata[c][c];
        }
        let error = |pesos: &dyn Fn(usize) -> f64| {
            let total: f64 = muestras
                .iter()
                .map(|(fila, y)| {
                    let e: f64 = (0..M).map(|k| fila[k] * pesos(k)).sum::<f64>() - f64::from(*y);
                    e * e
                })
                .sum();
            (total / muestras.len() as f64).sqrt() / f64::from(ESCALA)
        };
        eprintln!(
            "error cuadrático medio (fichas): ajustado {:.2}, actual {:.2}",
            error(&|k| w[k]),
            error(&|k| {
                let (a, b) = PESOS_FINAL[k / 2];
                f64::from(if k % 2 == 0 { a } else { b })
            })
        );
        eprintln!("const PESOS_FINAL: [(i32, i32); TERMINOS] = [");
        for k in 0..TERMINOS {
            eprintln!("    ({}, {}),", w[2 * k].round(), w[2 * k + 1].round());
        }
        eprintln!("];");
    }
}
