//! The hand-made evaluation: the strong player's of before (kept to compare, see
//! [`Evaluacion`](super::Evaluacion)) and a part of today's, which scales it and corrects
//! it with learned patterns (see `patrones`).
//!
//! Each term is a classic of Othello play, chosen by hand (see [`terminos`]). Their
//! weights were not downloaded: from 24 empties to the end they were fitted by least
//! squares to the exact final scores of positions from this engine's own games, solved
//! by its own solver (the tool `ajustar_pesos`, behind the `ajuste-de-pesos` feature,
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

/// What the weight-fitting tools share (behind the `ajuste-de-pesos` feature): the
/// engine playing itself, with randomness that is the same on every machine.
#[cfg(all(test, feature = "ajuste-de-pesos"))]
pub(in crate::motor) mod autojuego {
    use crate::{Color, Posicion, Tablero};

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

#[cfg(all(test, feature = "ajuste-de-pesos"))]
mod tests {
    use super::*;

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
        use crate::motor::{
            busqueda::Buscador,
            cpu::{Copia, Portatil},
            evaluacion::Evaluacion,
            medio_juego::Buscar,
            nucleo::Contexto,
            primitivas::ESCALA,
            tabla::Tabla,
        };
        use crate::{Color, Tablero};

        let partidas: usize = std::env::var("PARTIDAS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(400);
        let mut azar = crate::motor::azar::Xorshift::nuevo(0x2545_F491_4F6C_DD1D | 1);
        let mut siguiente = || azar.siguiente();
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
                                -Portatil.superficial(&mut ctx, p2, o2, -10_000, 10_000, 1)
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
            let t = terminos(p, o, Portatil.jugadas(p, o), Portatil.jugadas(o, p));
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
