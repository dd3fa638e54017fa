//! The evaluation of a position for the mid-game search (and so for the solver's
//! ordering near the root): the learned patterns of the strong player ([`patrones`]), or
//! the hand-made terms alone ([`terminos`]) for the player of before, kept to compare;
//! and a small one that only sorts the solver's moves deeper ([`orden`]).

pub(super) mod orden;
pub(super) mod patrones;
pub(super) mod terminos;

use super::{
    cpu::{Copia, copias},
    primitivas::{ESCALA, puntaje_final},
};

/// The largest evaluation in absolute value: under a won game by the smallest margin.
pub(super) const MAXIMA: i32 = 63 * ESCALA;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Evaluacion {
    /// The learned patterns (see `patrones`): the strong player's.
    #[default]
    Patrones,
    /// The hand-made terms (see `terminos`): the strong player of before, kept to
    /// measure the new one against it (its search has no ProbCut either, as before).
    Clasica,
}

impl Evaluacion {
    /// The evaluation of `(p, o)` for the side to move `p`, in hundredths of a disc, in
    /// the copy `copia`.
    #[inline]
    pub(super) fn evaluar<C: Evaluar>(self, copia: C, p: u64, o: u64) -> i32 {
        match self {
            Evaluacion::Patrones => copia.evaluar_patrones(p, o),
            Evaluacion::Clasica => copia.evaluar_clasica(p, o),
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

copias! {
    /// The evaluations, each compiled on its own in each copy (see `cpu`): the searches
    /// call them from many places.
    pub(super) trait Evaluar: Copia {
        fn evaluar_patrones(p: u64, o: u64) -> i32;
        fn evaluar_clasica(p: u64, o: u64) -> i32;
    }
}

/// The learned patterns' evaluation of the position for the side to move, `p`, in
/// hundredths of a disc: the weights of its features at its stage and the scaled
/// hand-made terms (see `patrones`). A finished game gets its exact score.
#[inline(always)]
fn evaluar_patrones<C: Copia>(copia: C, p: u64, o: u64) -> i32 {
    evaluar_con(copia, p, o, patrones::valor)
}

/// The hand-made evaluation of the position for the side to move, `p`, in hundredths of
/// a disc: the sum of the terms times their weights for the number of empties (see
/// `terminos`). A finished game gets its exact score.
#[inline(always)]
fn evaluar_clasica<C: Copia>(copia: C, p: u64, o: u64) -> i32 {
    evaluar_con(copia, p, o, terminos::suma_de_terminos)
}

/// What both evaluations do around their sum `valor` (given the position and both
/// sides' moves): the exact score of a finished game, and the bounds.
#[inline(always)]
fn evaluar_con(
    copia: impl Copia,
    p: u64,
    o: u64,
    valor: impl FnOnce(u64, u64, u64, u64) -> i32,
) -> i32 {
    let mp = copia.jugadas(p, o);
    let mo = copia.jugadas(o, p);
    if mp == 0 && mo == 0 {
        return puntaje_final(p, o) * ESCALA;
    }
    valor(p, o, mp, mo).clamp(-MAXIMA, MAXIMA)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::{cpu::Portatil, primitivas::casillas};

    #[test]
    fn evaluacion_simetrica_y_final_exacto() {
        let p = casillas("D5 E4 C3");
        let o = casillas("D4 E5");
        assert!(Portatil.evaluar_clasica(p, o).abs() <= MAXIMA);
        // Game over: exact score, with the empties to the winner.
        assert_eq!(Portatil.evaluar_clasica(casillas("A1 B1"), 0), 64 * ESCALA);
    }

    #[test]
    fn las_cuatro_esquinas_valen() {
        // The start position plus the four corners for one side: the learned weights
        // must see it as won by a wide margin for that side, whoever moves.
        let (p, o) = (0x8100_0008_1000_0081, 0x0000_0010_0800_0000);
        let evaluar = |p, o| Portatil.evaluar_patrones(p, o);
        assert!(evaluar(p, o) > 10 * ESCALA, "{}", evaluar(p, o));
        assert!(evaluar(o, p) < -10 * ESCALA, "{}", evaluar(o, p));
    }

    /// The copy for AVX2 processors gives the portable copy's values, with both
    /// evaluations, on random boards (full ones too, where the game is over).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn la_copia_avx2_evalua_como_la_portable() {
        let Some(avx2) = crate::motor::cpu::Avx2::detectar() else {
            return;
        };
        let mut azar = crate::motor::azar::Xorshift::nuevo(0x243F_6A88_85A3_08D3);
        for i in 0..20_000 {
            let ocupadas = if i % 4 == 0 {
                u64::MAX
            } else {
                azar.siguiente() | azar.siguiente()
            };
            let p = ocupadas & azar.siguiente();
            let o = ocupadas & !p;
            assert_eq!(
                avx2.evaluar_patrones(p, o),
                Portatil.evaluar_patrones(p, o),
                "{p:#x} {o:#x}"
            );
            assert_eq!(
                avx2.evaluar_clasica(p, o),
                Portatil.evaluar_clasica(p, o),
                "{p:#x} {o:#x}"
            );
        }
    }

    #[test]
    fn final_exacto_y_acotada() {
        assert_eq!(Portatil.evaluar_patrones(0b11, 0), 64 * ESCALA);
        let (p, o) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        assert!(Portatil.evaluar_patrones(p, o).abs() <= MAXIMA);
    }
}
