//! What a call to a student's function came back with, and how a case fails: what the
//! grading of the answers (`revision`) finds and the examples (`ejemplo`) show, below
//! both.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::casos::letras;
use othello::{Tablero, disco::ErrorAjeno};

/// How a case fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tipo {
    /// It returned another value.
    Resultado,
    /// The board passed was left wrong (or, when saving, was changed).
    Tablero,
    /// The file saved is not the board in the homework's format.
    Archivo,
    /// It raised an exception.
    Excepcion,
    /// It did not end within the time limit.
    Tiempo,
    /// It ran out of memory.
    Memoria,
    /// It ended the process (`exit()`, or the process died).
    Salida,
    /// Its process broke the grader's protocol: it wrote on the harness's channel a
    /// line longer than any answer.
    Protocolo,
    /// It was not run: the function hung or died with most calls, or the submission's
    /// time was over.
    #[serde(rename = "sin_correr")]
    SinCorrer,
}

impl Tipo {
    /// Every kind, in the report's order.
    pub const TODOS: [Tipo; 9] = [
        Tipo::Resultado,
        Tipo::Tablero,
        Tipo::Archivo,
        Tipo::Excepcion,
        Tipo::Tiempo,
        Tipo::Memoria,
        Tipo::Salida,
        Tipo::Protocolo,
        Tipo::SinCorrer,
    ];

    /// Its key in JSON.
    pub const fn clave(self) -> &'static str {
        match self {
            Tipo::Resultado => "resultado",
            Tipo::Tablero => "tablero",
            Tipo::Archivo => "archivo",
            Tipo::Excepcion => "excepcion",
            Tipo::Tiempo => "tiempo",
            Tipo::Memoria => "memoria",
            Tipo::Salida => "salida",
            Tipo::Protocolo => "protocolo",
            Tipo::SinCorrer => "sin_correr",
        }
    }

    /// Its name in the text.
    pub const fn nombre(self) -> &'static str {
        match self {
            Tipo::SinCorrer => "sin correr",
            otro => otro.clave(),
        }
    }

    /// What it means, for the legend under the report.
    pub(super) const fn significado(self) -> &'static str {
        match self {
            Tipo::Resultado => "devolvió otro valor",
            Tipo::Tablero => "el tablero recibido quedó distinto de lo esperado",
            Tipo::Archivo => "el archivo guardado no es el tablero en el formato de la tarea",
            Tipo::Excepcion => "lanzó una excepción",
            Tipo::Tiempo => "no terminó dentro del tiempo límite",
            Tipo::Memoria => "se quedó sin memoria (cuenta como un tiempo agotado)",
            Tipo::Salida => "terminó el programa (exit() o el proceso murió)",
            Tipo::Protocolo => "escribió en el canal del corrector algo que no es una respuesta",
            Tipo::SinCorrer => {
                "no se ejecutó (se colgaba o moría casi siempre, o no alcanzó el tiempo de la \
                 muestra)"
            }
        }
    }
}

/// What came back from one call.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Obtenido {
    /// It returned: the value, and the board passed as it was left (when one was).
    Valor {
        /// The value returned.
        r: Value,
        /// The board afterwards.
        t: Option<Value>,
        /// What the file saved holds, as the harness found it (`guardarPartida`).
        archivo: Option<Guardado>,
    },
    /// It raised.
    Excepcion {
        /// The exception's type.
        excepcion: String,
        /// Its message.
        mensaje: String,
        /// Where it was raised.
        lugar: Lugar,
    },
    /// It did not end within the time limit.
    Tiempo {
        /// Where it was when its time ran out.
        lugar: Lugar,
    },
    /// It ran out of memory (`MemoryError` under `--memoria`): a runaway as a call that
    /// does not end, and counted with them.
    Memoria,
    /// It ended the process: `exit()` with its code, or the process died (`None`).
    Salida {
        /// The code passed to `exit()`.
        codigo: Option<Value>,
    },
    /// Its process wrote a line longer than any answer on the harness's channel.
    Protocolo,
    /// It was not run, and why.
    SinCorrer(Abandono),
}

/// The file a call of `guardarPartida` left, as the harness opened it inside the
/// child's folder: never through a link, nor waiting on a pipe, at most 64 KiB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Guardado {
    /// Its bytes.
    Bytes(Vec<u8>),
    /// Why it was not read.
    Error(ErrorAjeno),
}

/// [`Guardado`] as the harness writes it: `{"bytes": TEXT}`, the bytes as characters
/// U+0000 to U+00FF, or `{"error": KEY}`.
#[derive(Deserialize)]
struct GuardadoProtocolo {
    #[serde(default)]
    bytes: Option<String>,
    #[serde(default)]
    error: Option<String>,
}

impl GuardadoProtocolo {
    /// What it says; `None` if it is not one (bytes out of range, neither field).
    fn leer(self) -> Option<Guardado> {
        match (self.bytes, self.error) {
            (Some(texto), None) => texto
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect::<Option<Vec<u8>>>()
                .map(Guardado::Bytes),
            (None, Some(clave)) => Some(Guardado::Error(match clave.as_str() {
                "no_existe" => ErrorAjeno::NoExiste,
                "enlace" => ErrorAjeno::Enlace,
                "carpeta" => ErrorAjeno::Carpeta,
                "especial" => ErrorAjeno::Especial,
                "grande" => ErrorAjeno::Grande {
                    limite: othello::disco::LIMITE_BYTES,
                },
                _ => ErrorAjeno::Sistema("no se pudo leer".into()),
            })),
            _ => None,
        }
    }
}

/// A place in the student's file, as the harness found it in a traceback: the innermost
/// line of the file (in a recursion, the recursive call). All `None` if the code was
/// elsewhere, or the harness could not say.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub(super) struct Lugar {
    /// The function it is in.
    #[serde(default)]
    pub(super) funcion: Option<String>,
    /// The line, from 1.
    #[serde(default)]
    pub(super) linea: Option<u32>,
    /// That line's text.
    #[serde(default)]
    pub(super) codigo: Option<String>,
}

/// Something that went wrong while loading the student's file, after which loading
/// went on with the next top-level statement: Python itself would have stopped there,
/// and what the functions do next may come from it (a `NameError` for a module that
/// failed to import).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Aviso {
    /// The line of the top-level statement that was running, if known.
    pub linea: Option<u32>,
    /// That line's text.
    pub codigo: Option<String>,
    /// Where in the student's file it was, when that is another line (inside a
    /// function the statement called).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interna: Option<Interna>,
    /// What happened.
    #[serde(flatten)]
    pub suceso: Suceso,
}

/// A line of the student's file inside a function, in an [`Aviso`].
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Interna {
    /// The line.
    pub linea: u32,
    /// Its text.
    #[serde(default)]
    pub codigo: Option<String>,
}

/// What happened while loading, in an [`Aviso`].
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(tag = "tipo", rename_all = "snake_case")]
pub enum Suceso {
    /// A statement raised (an `import` of a module not installed, a file not found).
    Excepcion {
        /// The exception's type.
        excepcion: String,
        /// Its message.
        mensaje: String,
    },
    /// A statement called `exit()`.
    Salida {
        /// The code passed to `exit()`.
        codigo_salida: Value,
    },
    /// A statement did not end within the time limit.
    Tiempo,
    /// Loading the whole file killed the process or hung it: only its definitions
    /// were loaded.
    SoloDefiniciones,
    /// More statements failed than the report lists.
    Otros {
        /// How many.
        cuantos: usize,
    },
}

/// Why a case was not run: the rest of its function's cases were given up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Abandono {
    /// Most calls of the function so far, and at least three, did not end in time or
    /// ran out of memory: it hangs as a rule, not in a rare case.
    Tiempos,
    /// The process died with most calls of the function so far, and at least three.
    Muertes,
    /// The sample's time was over: its calls could have taken that long at the limit,
    /// and did not end (counted as failed).
    Muestra,
    /// The submission's time (`--tiempo-por-entrega`) was over after the sample (left
    /// out of the grade).
    TiempoTotal,
}

impl Abandono {
    /// Its key in JSON.
    pub(super) fn clave(self) -> &'static str {
        match self {
            Abandono::Tiempos => "tiempos",
            Abandono::Muertes => "muertes",
            Abandono::Muestra => "muestra",
            Abandono::TiempoTotal => "tiempo_total",
        }
    }
}

/// One answer line of the harness.
#[derive(Deserialize)]
struct Respuesta {
    id: usize,
    #[serde(default)]
    tipo: Option<String>,
    #[serde(default)]
    r: Value,
    #[serde(default)]
    t: Option<Value>,
    #[serde(default)]
    excepcion: String,
    #[serde(default)]
    mensaje: String,
    #[serde(flatten)]
    lugar: Lugar,
    #[serde(default)]
    codigo_salida: Value,
    #[serde(default)]
    archivo: Option<GuardadoProtocolo>,
}

impl Obtenido {
    /// The process died during the call.
    pub(super) fn muerte() -> Obtenido {
        Obtenido::Salida { codigo: None }
    }

    /// The answer to case `id` in `linea`; `None` if it is not one (then the child is
    /// not to be trusted any more, and is restarted).
    pub(super) fn leer(linea: &str, id: usize) -> Option<Obtenido> {
        let respuesta: Respuesta = serde_json::from_str(linea).ok()?;
        if respuesta.id != id {
            return None;
        }
        Some(match respuesta.tipo.as_deref() {
            None => Obtenido::Valor {
                r: respuesta.r,
                t: respuesta.t,
                archivo: match respuesta.archivo {
                    Some(archivo) => Some(archivo.leer()?),
                    None => None,
                },
            },
            Some("excepcion") if respuesta.excepcion == "MemoryError" => Obtenido::Memoria,
            Some("excepcion") => Obtenido::Excepcion {
                excepcion: respuesta.excepcion,
                mensaje: respuesta.mensaje,
                lugar: respuesta.lugar,
            },
            Some("tiempo") => Obtenido::Tiempo {
                lugar: respuesta.lugar,
            },
            Some("salida") => Obtenido::Salida {
                codigo: Some(respuesta.codigo_salida),
            },
            Some(_) => return None,
        })
    }
}

/// What is wrong with an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Revisado {
    /// The kind of failure.
    pub(super) tipo: Tipo,
    /// For a file saved: what the file held, and what is wrong with it.
    pub(super) archivo: Option<ArchivoObtenido>,
}

/// A saved file that is not the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ArchivoObtenido {
    /// Its text (lossy), if it could be read.
    pub(super) texto: Option<String>,
    /// What is wrong, in Spanish.
    pub(super) problema: String,
}

impl Revisado {
    pub(super) fn de(tipo: Tipo) -> Revisado {
        Revisado {
            tipo,
            archivo: None,
        }
    }
}

/// Whether `valor` (as the harness sends a board) is `tablero`.
pub(super) fn es_tablero(valor: Option<&Value>, tablero: &Tablero) -> bool {
    valor
        .and_then(|valor| valor.get("filas"))
        .and_then(Value::as_str)
        .is_some_and(|filas| filas == letras(tablero))
}
