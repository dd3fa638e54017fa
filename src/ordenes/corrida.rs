//! One run of an order: what it reads and writes, how its output looks, and who hears
//! of its progress.

use std::{
    io::{self, Read, Write},
    path::{Path, PathBuf},
};

use super::{
    error::ErrorOrden,
    informe::{Informe, InformeError, SinInforme, Sobre},
};
use crate::argumentos::{Destino, Entrada, NOMBRE_ENTRADA_ESTANDAR};
use othello::{ErrorArchivo, Tablero, disco};

/// How the output looks, and who hears of a long order's progress.
#[derive(Clone, Copy, Default)]
pub struct OpcionesDeOrden<'a> {
    /// One JSON object on standard output instead of text.
    pub json: bool,
    /// Colors in the board that `mostrar` draws.
    pub color: bool,
    /// Told how many parts of a long order are done, of how many: after each game of a
    /// tournament; when grading starts and after each submission graded. The program
    /// draws a progress bar with it when standard error is a terminal; the library
    /// never looks at a terminal.
    pub progreso: Option<&'a dyn Fn(u32, u32)>,
    /// Told, in lines for a person, how long a long order may take and how far it got
    /// (`resolver` with many empty squares: the best move so far), each as its kind of
    /// [`Avance`]. The program decides where each kind goes; the library never looks
    /// at a terminal.
    pub avance: Option<&'a dyn Fn(Avance)>,
}

/// A line that a long order tells through [`OpcionesDeOrden::avance`], by its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Avance<'t> {
    /// How long the order may take and how to bound it, told once at the start: for
    /// whoever reads standard error, a person or a log, since the order may then say
    /// nothing for a long while.
    Duracion(&'t str),
    /// How far it got, told again and again while a person waits: the best move so
    /// far, the one to say if Ctrl-C stops the order.
    Progreso(&'t str),
}

/// What every order's type does: runs once against a [`Corrida`], which gives it its
/// input, its output and its options. The table in [`super::Orden`] dispatches to it,
/// so that an order is its type, this one method and one row there.
pub(super) trait Ejecutar {
    /// Whether `--color` changes what the order writes: only a board drawn as the game
    /// draws it has colors.
    const COLOR: bool = false;
    /// Whether `--json` makes its output one JSON object: not for an order that speaks
    /// another program's protocol.
    const JSON: bool = true;

    /// Runs the order: its report written to the run's output, or why it failed.
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden>;
}

/// An order kept in a box (one too large to sit inline in [`super::Orden`]) is the
/// order inside it.
impl<T: Ejecutar> Ejecutar for Box<T> {
    const COLOR: bool = T::COLOR;
    const JSON: bool = T::JSON;

    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        T::ejecutar(self, corrida)
    }
}

/// One run of an order: standard input (taken once), standard output, the options, and
/// whether the order's report was already written.
pub(super) struct Corrida<'c, R, W> {
    entrada: Option<R>,
    salida: &'c mut W,
    pub(super) opciones: &'c OpcionesDeOrden<'c>,
    orden: &'static str,
    informada: bool,
}

impl<'c, R: Read, W: Write> Corrida<'c, R, W> {
    /// A run of the order named `orden`.
    pub(super) fn nueva(
        entrada: R,
        salida: &'c mut W,
        opciones: &'c OpcionesDeOrden<'c>,
        orden: &'static str,
    ) -> Corrida<'c, R, W> {
        Corrida {
            entrada: Some(entrada),
            salida,
            opciones,
            orden,
            informada: false,
        }
    }

    /// How the order ended, once it did: with [`OpcionesDeOrden::json`], an error that the
    /// order's own object does not describe is written as `{"orden": …, "ok": false,
    /// "error": {…}}`.
    pub(super) fn terminar(&mut self, resultado: Result<(), ErrorOrden>) -> Result<(), ErrorOrden> {
        match resultado {
            Err(error) if self.opciones.json && !self.informada => {
                self.fallar(&SinInforme {}, error)
            }
            resultado => resultado,
        }
    }

    /// The bytes of `fuente`; standard input can be read only once.
    pub(super) fn bytes(&mut self, fuente: &Entrada) -> Result<Vec<u8>, ErrorOrden> {
        match fuente {
            Entrada::Archivo(ruta) => Ok(disco::leer_archivo(ruta)?),
            Entrada::Estandar => match self.entrada.take() {
                Some(entrada) => Ok(disco::leer_hasta_el_limite(
                    entrada,
                    Path::new(NOMBRE_ENTRADA_ESTANDAR),
                )?),
                None => Err(ErrorOrden::Uso(
                    "la entrada estándar («-») se puede leer una sola vez".into(),
                )),
            },
        }
    }

    /// Standard input and output for an order that talks with another program line by
    /// line (`nboard`); standard input can be taken only once.
    pub(super) fn dialogo(&mut self) -> Result<(R, &mut W), ErrorOrden> {
        let entrada = self.entrada.take().ok_or_else(|| {
            ErrorOrden::Uso("la entrada estándar («-») se puede leer una sola vez".into())
        })?;
        self.informada = true;
        Ok((entrada, &mut *self.salida))
    }

    /// The text of `fuente`, read as UTF-8 where it is.
    pub(super) fn texto(&mut self, fuente: &Entrada) -> Result<String, ErrorOrden> {
        Ok(String::from_utf8_lossy(&self.bytes(fuente)?).into_owned())
    }

    /// Tells `aviso` to whoever hears of the order's progress.
    pub(super) fn avisar(&self, aviso: Avance) {
        if let Some(avance) = self.opciones.avance {
            avance(aviso);
        }
    }

    /// The board in `fuente`.
    pub(super) fn tablero(&mut self, fuente: &Entrada) -> Result<Tablero, ErrorOrden> {
        let bytes = self.bytes(fuente)?;
        leer_tablero(&bytes, fuente)
    }

    /// Writes `tablero` to the file `destino` names, if it names one. The path
    /// written, for the report.
    pub(super) fn guardar(
        &mut self,
        tablero: &Tablero,
        destino: &Destino,
    ) -> Result<Option<PathBuf>, ErrorOrden> {
        match destino {
            Destino::Pantalla => Ok(None),
            Destino::Archivo(ruta) => {
                disco::guardar(tablero, ruta).map_err(error_al_guardar)?;
                Ok(Some(ruta.clone()))
            }
        }
    }

    /// Writes the order's report: its text, or its JSON object.
    pub(super) fn informar(&mut self, informe: &impl Informe) -> Result<(), ErrorOrden> {
        self.escribir(informe, None)
    }

    /// Writes the report of an order that failed with `error`, and gives the error
    /// back: its JSON object says `"ok": false` and why.
    pub(super) fn fallar(
        &mut self,
        informe: &impl Informe,
        error: ErrorOrden,
    ) -> Result<(), ErrorOrden> {
        self.escribir(informe, Some(&error))?;
        Err(error)
    }

    fn escribir(
        &mut self,
        informe: &impl Informe,
        error: Option<&ErrorOrden>,
    ) -> Result<(), ErrorOrden> {
        self.informada = true;
        if !self.opciones.json {
            return Ok(informe.escribir(&mut *self.salida)?);
        }
        // Nothing can be said about output that cannot be written.
        if let Some(ErrorOrden::Salida(_)) = error {
            return Ok(());
        }
        let sobre = Sobre {
            orden: self.orden,
            ok: error.is_none(),
            informe,
            error: error.and_then(InformeError::de),
        };
        // Made whole before it is written: never half an object.
        let mut linea = serde_json::to_vec(&sobre).map_err(io::Error::from)?;
        linea.push(b'\n');
        Ok(self.salida.write_all(&linea)?)
    }
}

/// The board in `bytes`, read from `fuente`.
pub(super) fn leer_tablero(bytes: &[u8], fuente: &Entrada) -> Result<Tablero, ErrorOrden> {
    Ok(disco::leer_tablero(bytes, &fuente.nombre())?)
}

/// What a failed save of a result says: a folder refused as a destination is still a
/// failure to write.
pub(super) fn error_al_guardar(error: ErrorArchivo) -> ErrorOrden {
    match error {
        ErrorArchivo::EsCarpeta { ruta } => ErrorArchivo::Escritura {
            ruta,
            fuente: io::ErrorKind::IsADirectory.into(),
        },
        error => error,
    }
    .into()
}
