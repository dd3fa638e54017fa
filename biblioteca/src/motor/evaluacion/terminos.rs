//! The hand-made evaluation: the strong player's of before (kept to compare, see
//! [`Evaluacion`](super::Evaluacion)) and a part of today's, which scales it and corrects
//! it with learned patterns (see `patrones`).
//!
//! Each term is a classic of Othello play, chosen by hand (see [`terminos`]). Their
//! weights were not downloaded: from 24 empties to the end they were fitted by least
//! squares to the exact final scores of positions from this engine's own games, solved
//! by its own solver (`ajuste::ajustar_terminos`, behind the `ajuste-de-pesos` feature,
//! does it again); at the start of the game they are set by hand, and in between they
//! move linearly. The unit is the hundredth of a disc
//! ([`ESCALA`](crate::motor::primitivas::ESCALA)), so that an evaluation
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

use crate::motor::{
    estables::estables,
    primitivas::{ESQUINAS, cuenta, movilidad_ponderada, vecinos},
};

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
pub(in crate::motor) const TERMINOS: usize = 12;

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
pub(in crate::motor) fn terminos(p: u64, o: u64, mp: u64, mo: u64) -> [i32; TERMINOS] {
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
/// squares to the exact scores of positions from the engine's own games (see
/// `ajuste::ajustar_terminos`), not downloaded.
pub(in crate::motor) const PESOS_FINAL: [(i32, i32); TERMINOS] = [
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

/// The sum of the [`terminos`] of `(p, o)` (`mp` and `mo` their moves) times their
/// weights, unbounded: the hand-made part of both evaluations.
#[inline]
pub(in crate::motor) fn suma_de_terminos(p: u64, o: u64, mp: u64, mo: u64) -> i32 {
    let n = cuenta(!(p | o));
    terminos(p, o, mp, mo)
        .iter()
        .enumerate()
        .map(|(k, &termino)| peso(k, n) * termino)
        .sum()
}
