//! The fit of the hand-made terms' weights late in the game.

use super::posiciones::partida;
use crate::{
    Color, Tablero,
    motor::{
        azar::Xorshift,
        busqueda::Buscador,
        cpu::{Copia, Portatil, en_la_copia},
        evaluacion::{
            Evaluacion,
            terminos::{PESOS_FINAL, TERMINOS, terminos},
        },
        medio_juego::Buscar,
        nucleo::Contexto,
        primitivas::{ESCALA, cuenta},
        tabla::Tabla,
    },
};

/// Fits the weights of the hand-made terms from 24 empties to the end (`PESOS_FINAL` in
/// `evaluacion/terminos.rs`): plays `partidas` games of the engine against itself
/// (random openings, then the best move after a 1-ply search with a few random moves),
/// solves exactly the positions with 10 to 20 empties, and fits by least squares the
/// weights `a + b * (vacias - 16)` of each term to the exact scores. Tells the error of
/// the fit and of the weights of today, and the table, as Rust, to paste.
#[allow(clippy::needless_range_loop)] // matrix code reads best with indices
pub fn ajustar_terminos(partidas: usize, informar: &mut dyn FnMut(&str)) {
    let mut azar = Xorshift::nuevo(0x2545_F491_4F6C_DD1D | 1);
    let mut siguiente = || azar.siguiente();
    let tabla = Tabla::nueva(16);
    let mut posiciones: Vec<(Tablero, Color)> = Vec::new();
    for _ in 0..partidas {
        let apertura = 4 + (siguiente() % 12) as usize;
        partida(|tablero, turno, validas, jugadas_hechas| {
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
                            t.jugar(x, turno).expect("una jugada válida");
                            let (p2, o2) = (t.fichas(!turno).0, t.fichas(turno).0);
                            let valor = en_la_copia!(copia => {
                                copia.superficial(&mut ctx, p2, o2, -10_000, 10_000, 1)
                            });
                            -valor
                        })
                        .expect("una jugada")
                },
            )
        });
    }
    informar(&format!("{} posiciones", posiciones.len()));
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
            informar(&format!("{i}"));
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
            .expect("una fila");
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
    informar(&format!(
        "error cuadrático medio (fichas): ajustado {:.2}, actual {:.2}",
        error(&|k| w[k]),
        error(&|k| {
            let (a, b) = PESOS_FINAL[k / 2];
            f64::from(if k % 2 == 0 { a } else { b })
        })
    ));
    informar("const PESOS_FINAL: [(i32, i32); TERMINOS] = [");
    for k in 0..TERMINOS {
        informar(&format!(
            "    ({}, {}),",
            w[2 * k].round(),
            w[2 * k + 1].round()
        ));
    }
    informar("];");
}
