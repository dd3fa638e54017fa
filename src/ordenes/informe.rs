//! What the orders answer. Each order has its own report type: it derives `Serialize`,
//! so its fields are the order's JSON schema, and it writes its text for people
//! ([`Informe::escribir`]). This module has what the reports share: the JSON envelope
//! (`orden`, `ok`, `error`), the board with its counts, a game's state, and the width
//! that text is wrapped to.

use std::{
    io::{self, Write},
    path::{Path, PathBuf},
};

use serde::{Serialize, Serializer};

use super::error::ErrorOrden;
use crate::{
    renglones::{ajustar, mayuscula_inicial},
    vista::Vista,
};
use othello::{
    Casilla, Color, ErrorArchivo, ErrorObf, Estado, Motivo, Partida, Tablero,
    texto::{acortar, cantidad},
};

/// Writes `texto` as one paragraph, wrapped at [`ANCHO`](crate::renglones::ANCHO),
/// and a newline.
pub(super) fn parrafo(salida: &mut dyn Write, texto: &str) -> io::Result<()> {
    writeln!(salida, "{}", ajustar(texto))
}

/// Writes `tablero` in the file format, unless it went to a file (`guardado`).
pub(super) fn escribir_tablero(
    salida: &mut dyn Write,
    tablero: &Tablero,
    guardado: Option<&PathBuf>,
) -> io::Result<()> {
    match guardado {
        Some(_) => Ok(()),
        None => write!(salida, "{tablero}"),
    }
}

/// An order's answer: its JSON fields, and its text for people.
pub(super) trait Informe: Serialize {
    /// Writes the answer as text. A report that tells a failure writes only what goes
    /// to standard output; the reason goes to standard error, from the error.
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()>;
}

/// The one JSON object of a run: the order, whether it succeeded, its report's fields,
/// and why it failed.
#[derive(Serialize)]
pub(super) struct Sobre<'i, I> {
    pub(super) orden: &'static str,
    pub(super) ok: bool,
    #[serde(flatten)]
    pub(super) informe: &'i I,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) error: Option<InformeError>,
}

/// The report of a failure that came before the order had anything to say: only the
/// envelope and the error.
#[derive(Serialize)]
pub(super) struct SinInforme {}

impl Informe for SinInforme {
    fn escribir(&self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// A board as the reports give it: `tablero`, 8 strings of B/N/V with row 1 first, and
/// `conteo`. Flattened into each report that shows a board.
#[derive(Serialize)]
pub(super) struct InformeTablero {
    #[serde(rename = "tablero", serialize_with = "filas")]
    pub(super) valor: Tablero,
    conteo: Conteo,
}

impl InformeTablero {
    pub(super) fn de(tablero: &Tablero) -> InformeTablero {
        InformeTablero {
            valor: tablero.clone(),
            conteo: Conteo {
                negras: tablero.contar(Casilla::Ficha(Color::Negro)),
                blancas: tablero.contar(Casilla::Ficha(Color::Blanco)),
                vacias: tablero.contar(Casilla::Vacia),
            },
        }
    }
}

/// The rows of `tablero` as 8 strings.
fn filas<S: Serializer>(tablero: &Tablero, serializador: S) -> Result<S::Ok, S::Error> {
    serializador.collect_seq(tablero.filas_en_letras())
}

/// Pieces of each kind, under the homework's letters.
#[derive(Serialize)]
struct Conteo {
    #[serde(rename = "N")]
    negras: u32,
    #[serde(rename = "B")]
    blancas: u32,
    #[serde(rename = "V")]
    vacias: u32,
}

/// A game as `estado` and `repetir` tell it: the board, whose turn, whether it is over,
/// why and who won, and what the player to move can play.
#[derive(Serialize)]
pub(super) struct InformePartida {
    #[serde(flatten)]
    tablero: InformeTablero,
    turno: char,
    terminada: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    motivo: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    motivo_texto: Option<String>,
    /// "N", "B", or null for a tie; only when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    ganador: Option<Option<char>>,
    puede_jugar: bool,
    jugadas_validas: Vec<String>,
    #[serde(skip)]
    partida: Partida,
}

impl InformePartida {
    pub(super) fn de(partida: &Partida) -> InformePartida {
        let (motivo, ganador) = match partida.estado() {
            Estado::Terminada { motivo, resultado } => {
                (Some(motivo), Some(resultado.ganador().map(Color::letra)))
            }
            Estado::EnCurso => (None, None),
        };
        let validas: Vec<String> = match motivo {
            Some(_) => Vec::new(),
            None => partida
                .jugadas_validas()
                .into_iter()
                .map(|p| p.to_string())
                .collect(),
        };
        InformePartida {
            tablero: InformeTablero::de(partida.tablero()),
            turno: partida.turno().letra(),
            terminada: motivo.is_some(),
            motivo: motivo.map(Motivo::clave),
            motivo_texto: motivo.map(|motivo| motivo.to_string()),
            ganador,
            puede_jugar: !validas.is_empty(),
            jugadas_validas: validas,
            partida: partida.clone(),
        }
    }

    /// The board reached.
    pub(super) fn tablero(&self) -> &Tablero {
        self.partida.tablero()
    }

    /// Whether it is over and who won, the counts, and the moves of the player to move.
    pub(super) fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        let tablero = self.partida.tablero();
        match self.partida.estado() {
            Estado::Terminada { motivo, resultado } => {
                parrafo(salida, &format!("La partida terminó: {motivo}."))?;
                parrafo(
                    salida,
                    &format!("{}.", mayuscula_inicial(&resultado.to_string())),
                )?;
            }
            Estado::EnCurso => parrafo(salida, "La partida sigue.")?,
        }
        writeln!(
            salida,
            "{}   Vacías (V): {}",
            Vista::de(tablero).conteo(),
            tablero.contar(Casilla::Vacia)
        )?;
        let jugadas = match self.jugadas_validas.len() {
            0 => "sin jugadas válidas".to_owned(),
            n => format!(
                "{} ({})",
                cantidad(n as u64, "jugada válida", "jugadas válidas"),
                self.jugadas_validas.join(", ")
            ),
        };
        let turno = self.partida.turno();
        parrafo(
            salida,
            &format!("Turno de las {} ({turno}): {jugadas}.", turno.nombre()),
        )
    }
}

/// Why a run failed: a short key for programs, the message for people, and where.
#[derive(Serialize, Default)]
pub(super) struct InformeError {
    clave: &'static str,
    mensaje: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "nombre_opcional")]
    archivo: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    linea: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    columna: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    numero: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    texto: Option<String>,
}

impl InformeError {
    /// What the JSON object says about `error`; `None` for what it does not describe
    /// with an `error` (files that `validar` found invalid are told in its report, and
    /// a failure to write output cannot be written).
    pub(super) fn de(error: &ErrorOrden) -> Option<InformeError> {
        let mensaje = error.to_string();
        let informe = match error {
            ErrorOrden::Jugada { razon, .. } => InformeError {
                clave: razon.clave(),
                mensaje: razon.to_string(),
                ..InformeError::default()
            },
            ErrorOrden::Posicion { razon, .. } => InformeError {
                clave: razon.clave(),
                mensaje,
                ..InformeError::default()
            },
            ErrorOrden::Repeticion(error) => InformeError {
                clave: error.razon.clave(),
                mensaje: error.razon.to_string(),
                numero: Some(error.numero),
                texto: Some(acortar(&error.texto)),
                ..InformeError::default()
            },
            ErrorOrden::Archivo(ErrorArchivo::Formato { ruta, fuente, .. }) => InformeError {
                clave: "formato",
                mensaje,
                archivo: Some(ruta.clone()),
                linea: Some(fuente.linea()),
                columna: Some(fuente.columna()),
                ..InformeError::default()
            },
            ErrorOrden::Archivo(
                ErrorArchivo::Escritura { ruta, .. } | ErrorArchivo::SinLector { ruta },
            ) => InformeError {
                clave: "escritura",
                mensaje,
                archivo: Some(ruta.clone()),
                ..InformeError::default()
            },
            ErrorOrden::Archivo(
                ErrorArchivo::NoExiste { ruta }
                | ErrorArchivo::EsCarpeta { ruta }
                | ErrorArchivo::NoEsArchivo { ruta }
                | ErrorArchivo::DemasiadoGrande { ruta }
                | ErrorArchivo::Lectura { ruta, .. },
            ) => InformeError {
                clave: "lectura",
                mensaje,
                archivo: Some(ruta.clone()),
                ..InformeError::default()
            },
            ErrorOrden::Obf(error) => {
                let columna = match error {
                    ErrorObf::Casilla { columna, .. } | ErrorObf::Turno { columna, .. } => {
                        Some(*columna)
                    }
                    _ => None,
                };
                InformeError {
                    clave: "obf",
                    mensaje,
                    linea: columna.map(|_| 1),
                    columna,
                    ..InformeError::default()
                }
            }
            ErrorOrden::SinJugadas(ruta) => InformeError {
                clave: "sin_jugadas",
                mensaje,
                archivo: ruta.clone(),
                ..InformeError::default()
            },
            ErrorOrden::Uso(_) => InformeError {
                clave: "uso",
                mensaje,
                ..InformeError::default()
            },
            ErrorOrden::Correccion(_) => InformeError {
                clave: "correccion",
                mensaje,
                ..InformeError::default()
            },
            ErrorOrden::Casos(_) => InformeError {
                clave: "escritura",
                mensaje,
                ..InformeError::default()
            },
            // The grader's own report already says which submissions fail.
            ErrorOrden::Invalidos { .. }
            | ErrorOrden::Reprobadas { .. }
            | ErrorOrden::Salida(_) => {
                return None;
            }
        };
        Some(informe)
    }
}
/// A file name in a JSON object, as text: JSON strings are Unicode and a name is any
/// bytes, so one that is not UTF-8 is written lossily, each bad byte as U+FFFD (�), as
/// the README says. Never a failure in the middle of the object.
pub(super) fn nombre<S: Serializer>(ruta: &Path, serializador: S) -> Result<S::Ok, S::Error> {
    serializador.serialize_str(&ruta.to_string_lossy())
}

/// An optional file name in a JSON object, as [`nombre`].
pub(super) fn nombre_opcional<S: Serializer>(
    ruta: &Option<PathBuf>,
    serializador: S,
) -> Result<S::Ok, S::Error> {
    match ruta {
        Some(ruta) => nombre(ruta, serializador),
        None => serializador.serialize_none(),
    }
}
