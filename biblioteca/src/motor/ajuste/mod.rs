//! The tools that make the evaluation's weights, behind the `ajuste-de-pesos` feature:
//! the program `examples/ajustar_pesos.rs` runs them (how the weights of today were made,
//! and how long each step takes: `docs/motor.md`).
//!
//! - [`generar`] plays games of the strong player against itself and appends their
//!   positions, labelled by deeper searches and late by exact scores, to a file of the
//!   format of `datos` (made by a [`Receta`]); [`entrenar`] fits the pattern weights to the positions of such
//!   files and writes them where the evaluation includes them ([`ARCHIVO_DE_PESOS`]);
//!   [`medir`] times both evaluations over such positions; [`entrenar_orden`] fits the
//!   small evaluation that sorts the solver's moves, on positions that random moves lead
//!   to from theirs.
//! - [`calibrar_probcut`] measures how far a shallow search's score falls from a deeper
//!   one's, which the mid-game ProbCut's margins follow.
//! - [`ajustar_terminos`] fits the weights of the hand-made terms late in the game.
//!
//! Each writes what it finds, and its progress, line by line to `informar`. The games are
//! the same on every machine for the same seed.

mod datos;
mod descenso;
mod orden;
mod patrones;
mod posiciones;
mod probcut;
mod terminos;

pub use datos::Receta;
pub use orden::{EntrenamientoDeOrden, entrenar_orden};
pub use patrones::{Entrenamiento, entrenar, medir};
pub use posiciones::generar;
pub use probcut::calibrar_probcut;
pub use terminos::ajustar_terminos;

/// Where the pattern weights are, from the root of the project: the evaluation includes
/// this file when it is compiled, and [`entrenar`] writes it.
pub const ARCHIVO_DE_PESOS: &str = "biblioteca/src/motor/evaluacion/patrones.pesos";

/// Where the weights of the small evaluation that sorts the solver's moves are, from the
/// root of the project: the solver includes this file, and [`entrenar_orden`] writes it.
pub const ARCHIVO_DE_ORDEN: &str = "biblioteca/src/motor/evaluacion/orden.pesos";

/// How many stages of 6 empties the weights have, each fitted on its own: all of them
/// unless [`Entrenamiento::etapas`] says fewer.
pub const ETAPAS: usize = crate::motor::evaluacion::patrones::ETAPAS;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn los_pesos_estan_donde_entrenar_los_escribe() {
        let raiz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let ruta = raiz.join(ARCHIVO_DE_PESOS);
        let escritos = std::fs::read(ruta).unwrap();
        assert_eq!(escritos, crate::motor::evaluacion::patrones::PESOS);
        let escritos = std::fs::read(raiz.join(ARCHIVO_DE_ORDEN)).unwrap();
        assert_eq!(escritos, crate::motor::evaluacion::orden::PESOS);
    }
}
