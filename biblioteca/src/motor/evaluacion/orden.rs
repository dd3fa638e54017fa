//! The small evaluation that sorts the exact solver's moves from 11 to 15 empties, where
//! no search sorts them, as Egaroucid sorts its endgame's nodes.
//!
//! It reads three of the patterns of `patrones` (the edge with its X squares, the 3×3
//! corner and the 2×5 corner, 16 copies in all) and the mobility of the side to move,
//! which the sort already has: no stable discs, no rival moves, one table for every
//! stage. So it costs a fraction of the full evaluation, and there it sorts better: its
//! weights are fitted to the exact scores of positions like those the solver sorts
//! (random moves from positions of the engine's games, see `ajuste::entrenar_orden`),
//! not to the middle game's. The weights are stored as little-endian `i16` in hundredths
//! of a disc, in `orden.pesos`.

use super::patrones::{MOVILIDAD_MAXIMA, PATRONES, configuracion, movilidad, peso, simetricas};

/// The weights, [`PESOS_DE_ORDEN`] little-endian `i16`.
pub(in crate::motor) static PESOS: &[u8] = include_bytes!("orden.pesos");

/// The patterns read, by their place in `patrones`' list: the edge with its X squares,
/// the 3×3 corner, the 2×5 corner.
const LEIDOS: [usize; 3] = [2, 0, 1];

/// Where each read pattern's table starts; then the mobility's.
const INICIOS: [usize; LEIDOS.len() + 1] = {
    let mut inicios = [0; LEIDOS.len() + 1];
    let mut i = 0;
    while i < LEIDOS.len() {
        inicios[i + 1] = inicios[i] + PATRONES[LEIDOS[i]].configuraciones;
        i += 1;
    }
    inicios
};

/// How many weights there are.
pub(in crate::motor) const PESOS_DE_ORDEN: usize = INICIOS[LEIDOS.len()] + MOVILIDAD_MAXIMA + 1;

/// How many features a position has: one per copy of each read pattern, and the
/// mobility.
pub(in crate::motor) const RASGOS_DE_ORDEN: usize = {
    let mut total = 1;
    let mut i = 0;
    while i < LEIDOS.len() {
        total += PATRONES[LEIDOS[i]].imagenes.len();
        i += 1;
    }
    total
};

/// The features of `(p, o)` for the side to move `p`, whose moves are `mp`: the index
/// of each one's weight.
#[inline(always)]
pub(in crate::motor) fn rasgos_de_orden(p: u64, o: u64, mp: u64) -> [u32; RASGOS_DE_ORDEN] {
    let ps = simetricas(p);
    let os = simetricas(o);
    let mut rasgos = [0u32; RASGOS_DE_ORDEN];
    let mut k = 0;
    leer::<0>(&ps, &os, &mut rasgos, &mut k);
    leer::<1>(&ps, &os, &mut rasgos, &mut k);
    leer::<2>(&ps, &os, &mut rasgos, &mut k);
    rasgos[k] = (INICIOS[LEIDOS.len()] + movilidad(mp)) as u32;
    rasgos
}

/// Writes from `rasgos[*k]` on the features of the copies of read pattern `LEIDO` on the
/// images `ps` and `os`. A constant `LEIDO`, so that each pattern is compiled on its own:
/// through a closure, the solver was slower.
#[inline(always)]
fn leer<const LEIDO: usize>(
    ps: &[u64; 8],
    os: &[u64; 8],
    rasgos: &mut [u32; RASGOS_DE_ORDEN],
    k: &mut usize,
) {
    let patron = LEIDOS[LEIDO];
    for &i in PATRONES[patron].imagenes {
        rasgos[*k] = (INICIOS[LEIDO] + configuracion(patron, ps[i], os[i])) as u32;
        *k += 1;
    }
}

/// The estimate of `(p, o)` for the side to move `p` (`mp` its moves) with the weights
/// `pesos`, in hundredths of a disc, unbounded.
#[inline(always)]
pub(in crate::motor) fn valor_de_orden_con(pesos: &[u8], p: u64, o: u64, mp: u64) -> i32 {
    rasgos_de_orden(p, o, mp)
        .iter()
        .map(|&r| peso(pesos, r as usize))
        .sum()
}

/// [`valor_de_orden_con`] the stored weights, bounded like the full evaluation.
#[inline(always)]
pub(in crate::motor) fn valor_de_orden(p: u64, o: u64, mp: u64) -> i32 {
    valor_de_orden_con(PESOS, p, o, mp).clamp(-super::MAXIMA, super::MAXIMA)
}

/// Checks the stored weights' size at compile time.
const _: () = assert!(PESOS.len() == 2 * PESOS_DE_ORDEN);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::{
        cpu::{Copia, Portatil},
        primitivas::ESCALA,
    };

    #[test]
    fn cada_rasgo_en_su_tabla() {
        assert_eq!(RASGOS_DE_ORDEN, 17);
        assert_eq!(PESOS_DE_ORDEN, 59049 + 19683 + 59049 + 32);
        // Full boards of one colour or the other, and the widest mobility, reach the
        // end of each table and no further.
        for (p, o, mp) in [(u64::MAX, 0, u64::MAX), (0, u64::MAX, 0)] {
            for r in rasgos_de_orden(p, o, mp) {
                assert!((r as usize) < PESOS_DE_ORDEN);
            }
        }
        let ultimo = rasgos_de_orden(0, u64::MAX, 0)[..16].iter().copied().max();
        assert_eq!(ultimo, Some((INICIOS[3] - 1) as u32));
    }

    #[test]
    fn los_bordes_valen() {
        // 12 empties in the middle: one side has the whole edge, the other the rest.
        // Won by a wide margin for the first, whoever moves.
        const INTERIOR: u64 = 0x007E_7E7E_7E7E_7E00;
        let vacias = 0x0000_007E_7E00_0000;
        let (p, o) = (!INTERIOR, INTERIOR & !vacias);
        let evaluar = |p, o| valor_de_orden(p, o, Portatil.jugadas(p, o));
        assert!(evaluar(p, o) > 10 * ESCALA, "{}", evaluar(p, o));
        assert!(evaluar(o, p) < -10 * ESCALA, "{}", evaluar(o, p));
    }
}
