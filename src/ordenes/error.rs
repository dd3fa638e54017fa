//! How an order ends: its exit code, and why it did not succeed.

use std::{io, path::PathBuf};

use crate::{
    argumentos::{self, valor_invalido},
    correccion::{ErrorCasos, ErrorCorreccion},
};
use othello::{ErrorArchivo, ErrorObf, ErrorPosicion, ErrorRepeticion, Razon, disco};

/// How a run ended, as the exit code tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codigo {
    /// 0: done.
    Exito = 0,
    /// 1: the move or the transcript is not valid; nothing was written.
    Invalida = 1,
    /// 2: bad usage, a bad file, or a failure to write.
    Error = 2,
}

impl Codigo {
    /// The code numbered `numero`, as the grading tells its statuses; any other number
    /// is an error.
    fn de(numero: u8) -> Codigo {
        [Codigo::Exito, Codigo::Invalida]
            .into_iter()
            .find(|codigo| *codigo as u8 == numero)
            .unwrap_or(Codigo::Error)
    }
}

/// Why an order did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum ErrorOrden {
    /// A board or transcript could not be read, or a result could not be written.
    #[error(transparent)]
    Archivo(#[from] ErrorArchivo),
    /// The engine's board string is not valid.
    #[error("la cadena obf no es válida: {0}")]
    Obf(#[from] ErrorObf),
    /// The arguments do not go together.
    #[error("{0}")]
    Uso(String),
    /// POSICION of `jugar` is not written in the game's format: a usage error, never
    /// taken for an invalid move (a typo or a CRLF case list must not look like one).
    #[error("{}", valor_invalido(texto, "<POSICION>", &argumentos::detalle_posicion(texto).to_string()))]
    Posicion {
        /// The position as given.
        texto: String,
        /// What the strict reading said.
        razon: ErrorPosicion,
    },
    /// The move of `jugar` is not valid: off the board, on an occupied cell, or
    /// flanking nothing.
    #[error("la jugada «{}» no es válida: {razon}", othello::texto::cita(texto))]
    Jugada {
        /// The position as given.
        texto: String,
        /// Why.
        razon: Razon,
    },
    /// A move of the transcript is not valid.
    #[error(transparent)]
    Repeticion(Box<ErrorRepeticion>),
    /// `repetir` was given no move: an empty file (or only comments), or empty words.
    /// Replaying nothing would look like success.
    #[error("{}", match .0 {
        Some(ruta) => format!("«{}» no tiene jugadas", othello::texto::ruta_visible(ruta)),
        None => "no hay jugadas que repetir".to_owned(),
    })]
    SinJugadas(Option<PathBuf>),
    /// Some of the files given to `validar` are not valid boards.
    #[error(
        "{invalidos} de {} no {}",
        othello::texto::cantidad(*total as u64, "archivo", "archivos"),
        if *invalidos == 1 { "es un tablero válido" } else { "son tableros válidos" }
    )]
    Invalidos {
        /// How many are not.
        invalidos: usize,
        /// How many were checked.
        total: usize,
    },
    /// Grading could not run: no submissions, a missing path, no interpreter.
    #[error(transparent)]
    Correccion(#[from] ErrorCorreccion),
    /// Some submissions do not load, fail some case or some point of their program, or
    /// are left to grade by hand; the report tells which. A result, not a failure
    /// ([`ErrorOrden::es_un_resultado`]).
    #[error(
        "{reprobadas} de {} no {} (el informe dice qué les falta)",
        othello::texto::cantidad(*total as u64, "entrega", "entregas"),
        if *reprobadas == 1 { "pasa todo" } else { "pasan todo" }
    )]
    Reprobadas {
        /// How many do not pass.
        reprobadas: usize,
        /// How many were graded.
        total: usize,
        /// The report's exit status ([`Resumen::codigo`]).
        ///
        /// [`Resumen::codigo`]: crate::correccion::Resumen::codigo
        codigo: u8,
    },
    /// The cases of `casos` could not be written.
    #[error(transparent)]
    Casos(#[from] ErrorCasos),
    /// Writing the output failed.
    #[error("no se pudo escribir la salida: {}", disco::describir_io(.0))]
    Salida(#[from] io::Error),
}

impl ErrorOrden {
    /// Whether this is what the order found rather than what kept it from running: a
    /// grading run whose submissions do not all pass ended as it should, and is told
    /// as its result (`resultado: …`), not as an error, with the exit status a script
    /// reads.
    pub fn es_un_resultado(&self) -> bool {
        matches!(self, ErrorOrden::Reprobadas { .. })
    }

    /// The exit code for this error. `corregir`'s are the grading's own, each told by
    /// one function: [`Resumen::codigo`] and [`ErrorCorreccion::codigo`].
    ///
    /// [`Resumen::codigo`]: crate::correccion::Resumen::codigo
    pub fn codigo(&self) -> Codigo {
        match self {
            ErrorOrden::Jugada { .. } | ErrorOrden::Repeticion(_) => Codigo::Invalida,
            ErrorOrden::Reprobadas { codigo, .. } => Codigo::de(*codigo),
            ErrorOrden::Correccion(error) => Codigo::de(error.codigo()),
            _ => Codigo::Error,
        }
    }
}
