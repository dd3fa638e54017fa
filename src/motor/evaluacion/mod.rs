//! The evaluation of a position for the mid-game search (and so for the solver's
//! ordering): the learned patterns of the strong player ([`patrones`]), or the hand-made
//! terms alone ([`terminos`]) for the player of before, kept to compare.

mod patrones;
mod terminos;

pub(super) use terminos::MAXIMA;
#[cfg(all(test, feature = "ajuste-de-pesos"))]
pub(super) use terminos::autojuego;

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
    /// The evaluation of `(p, o)` for the side to move `p`, in hundredths of a disc.
    #[inline]
    pub(super) fn evaluar(self, p: u64, o: u64) -> i32 {
        match self {
            Evaluacion::Patrones => patrones::evaluar(p, o),
            Evaluacion::Clasica => terminos::evaluar(p, o),
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
