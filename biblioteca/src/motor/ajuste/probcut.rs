//! The spread that the mid-game ProbCut's margins follow.

use super::posiciones::partida;
use crate::{
    Color,
    motor::{
        azar::Xorshift,
        cpu::{Copia, Portatil},
        medio_juego::{INFINITO_MEDIO, profundidad_probcut},
        nucleo::Contexto,
        tabla::Tabla,
    },
};

/// The deepest search measured.
const MAS_HONDA: u32 = 9;

/// Measures how far a shallow search's score falls from a deeper one's, for each depth
/// up to 9 plies against the depth that ProbCut asks at, over positions of
/// `partidas` random games with 20 empties or more (measured before ProbCut existed; run
/// today, the deep scores have it). Tells the mean and the spread of each; the fit in
/// `desvio_probcut` is changed by hand, and the test `los_margenes_de_probcut_siguen_lo_medido`
/// keeps what was measured.
pub fn calibrar_probcut(partidas: usize, informar: &mut dyn FnMut(&str)) {
    let mut azar = Xorshift::nuevo(0x9E37_79B9_7F4A_7C15 | 1);
    let mut siguiente = || azar.siguiente();
    let mut diferencias = vec![Vec::new(); MAS_HONDA as usize + 1];
    for _ in 0..partidas {
        let jugadas = 10 + (siguiente() % 36) as usize;
        let tablero = partida(|_, _, validas, hechas| {
            (hechas < jugadas).then(|| validas[(siguiente() % validas.len() as u64) as usize])
        });
        let turno = if siguiente().is_multiple_of(2) {
            Color::Negro
        } else {
            Color::Blanco
        };
        let (p, o) = (tablero.fichas(turno).0, tablero.fichas(!turno).0);
        if Portatil.jugadas(p, o) == 0 || (!(p | o)).count_ones() < 20 {
            continue;
        }
        let valores: Vec<i32> = (0..=MAS_HONDA)
            .map(|d| {
                let tabla = Tabla::nueva(16);
                let mut ctx = Contexto::nuevo(&tabla, None);
                ctx.alfabeta(p, o, -INFINITO_MEDIO, INFINITO_MEDIO, d)
            })
            .collect();
        for d in 1..=MAS_HONDA {
            let s = profundidad_probcut(d);
            diferencias[d as usize].push(valores[d as usize] - valores[s as usize]);
        }
    }
    for d in 1..=MAS_HONDA {
        let x = &diferencias[d as usize];
        let n = x.len() as f64;
        let media = x.iter().map(|&v| f64::from(v)).sum::<f64>() / n;
        let varianza = x
            .iter()
            .map(|&v| (f64::from(v) - media).powi(2))
            .sum::<f64>()
            / n;
        informar(&format!(
            "profundidad {d} contra {}: {} posiciones, media {media:.0}, desvío {:.0}",
            profundidad_probcut(d),
            x.len(),
            varianza.sqrt()
        ));
    }
}
