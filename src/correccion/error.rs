//! Why grading, or writing cases, could not run at all. What a submission does wrong is
//! no error: it is in the report.

use std::{io, path::PathBuf};

use super::encierro::Carencia;
use othello::{
    ErrorArchivo,
    disco::{self, ErrorAjeno},
    texto::ruta_visible,
};

/// Why grading could not run at all (exit status 2). A submission that does not load
/// or fails is no error: it is in the report.
#[derive(Debug, thiserror::Error)]
pub enum ErrorCorreccion {
    /// No submission was named.
    #[error("no se indicó ninguna entrega (archivos .py o carpetas)")]
    SinEntregas,
    /// A named submission does not exist.
    #[error("no existe «{}»", ruta_visible(.0))]
    NoExiste(PathBuf),
    /// A named folder holds no submission: no Python file, zip or student's folder.
    #[error(
        "la carpeta «{}» no tiene entregas (archivos .py, .zip o carpetas de estudiantes)",
        ruta_visible(.0)
    )]
    CarpetaSinEntregas(PathBuf),
    /// A folder could not be listed.
    #[error("no se pudo leer la carpeta «{}»: {}", ruta_visible(.ruta), disco::describir_io(.fuente))]
    Carpeta {
        /// The folder.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// A class's zip could not be read.
    #[error("no se pudo leer «{}»: {causa}", ruta_visible(.ruta))]
    Clase {
        /// The zip or folder.
        ruta: PathBuf,
        /// Why.
        causa: ErrorAjeno,
    },
    /// A submission's temporary folder could not be made: the grader cannot work, and
    /// nobody is graded.
    #[error(
        "no se pudo crear una carpeta temporal para corregir: {}; no se calificó a nadie",
        disco::describir_io(.0)
    )]
    Temporal(io::Error),
    /// A submission's Python could not start: the grader cannot work, and nobody is
    /// graded.
    #[error(
        "no se pudo iniciar Python para corregir: {}; no se calificó a nadie",
        disco::describir_io(.0)
    )]
    Lanzar(io::Error),
    /// No interpreter was found, or it does not run.
    #[error("no se encontró un intérprete de Python 3 en «{}» ({causa}); instálelo o indique otro con --python RUTA", ruta_visible(.ruta))]
    SinInterprete {
        /// What was looked for.
        ruta: PathBuf,
        /// What went wrong.
        causa: String,
    },
    /// The interpreter is older than the harness needs.
    #[error("«{}» es Python {version}: se necesita Python 3.8 o más nuevo (indique otro con --python RUTA)", ruta_visible(.ruta))]
    VersionAntigua {
        /// The interpreter.
        ruta: PathBuf,
        /// Its version.
        version: String,
    },
    /// This machine lacks a protection that contains the submissions' code.
    #[error("{0}; para corregir sin encierro, use --sin-encierro")]
    SinEncierro(Carencia),
    /// The platform's grade sheet could not be read or filled in.
    #[error(transparent)]
    Planilla(#[from] ErrorPlanilla),
    /// The gradebook, the filled sheet or the feedback could not be written.
    #[error(transparent)]
    Salida(#[from] ErrorSalida),
    /// The report could not be written.
    #[error("no se pudo escribir el informe: {}", disco::describir_io(.0))]
    Escritura(#[from] io::Error),
}

impl ErrorCorreccion {
    /// The exit status: 2, a usage error or a missing interpreter.
    pub fn codigo(&self) -> u8 {
        2
    }
}

/// Why `othello casos` could not write its cases.
#[derive(Debug, thiserror::Error)]
pub enum ErrorCasos {
    /// The folder could not be made.
    #[error("no se pudo crear la carpeta «{}»: {}", ruta_visible(.ruta), disco::describir_io(.fuente))]
    Carpeta {
        /// The folder.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// A board file or `casos.csv` could not be written.
    #[error(transparent)]
    Archivo(#[from] ErrorArchivo),
    /// The example could not be printed.
    #[error("no se pudo escribir el ejemplo: {}", disco::describir_io(.0))]
    Escritura(#[from] io::Error),
}

/// Why the grade sheet could not be filled in.
#[derive(Debug, thiserror::Error)]
pub enum ErrorPlanilla {
    /// It could not be read.
    #[error("no se pudo leer la planilla «{}»: {causa}", ruta_visible(.ruta))]
    Lectura {
        /// The sheet.
        ruta: PathBuf,
        /// Why.
        causa: ErrorAjeno,
    },
    /// It is not text in UTF-8, as both platforms write it.
    #[error("la planilla «{}» no está en UTF-8, como la exportan Moodle y Canvas", ruta_visible(.0))]
    NoEsUtf8(PathBuf),
    /// Its rows are not CSV.
    #[error("la planilla «{}» no es un CSV que se pueda leer: {causa}", ruta_visible(.ruta))]
    NoEsCsv {
        /// The sheet.
        ruta: PathBuf,
        /// What the reader said.
        causa: String,
    },
    /// Its headers are neither Moodle's nor Canvas's.
    #[error(
        "«{}» no parece una planilla de Moodle (sin las columnas Identificador o \
         Identifier, Calificación o Grade) ni de Canvas (sin las columnas Student o \
         Estudiante, e ID)",
        ruta_visible(.0)
    )]
    Desconocida(PathBuf),
    /// A Moodle sheet without a column its importer needs.
    #[error(
        "a la planilla de Moodle «{}» le falta la columna «{columna}», que Moodle necesita \
         para importarla: expórtela de nuevo desde la tarea (Hoja de calificaciones)",
        ruta_visible(.ruta)
    )]
    FaltaColumna {
        /// The sheet.
        ruta: PathBuf,
        /// The column, in English and in Spanish.
        columna: String,
    },
    /// The sheet does not say the grade's maximum, and it was not given.
    #[error(
        "la planilla «{}» no dice la nota máxima de la tarea ({donde}): indíquela con \
         --nota-maxima N (7, 100 o la que tenga la tarea)",
        ruta_visible(.ruta)
    )]
    SinMaximo {
        /// The sheet.
        ruta: PathBuf,
        /// What is missing.
        donde: String,
    },
    /// Canvas's sheet has no assignment column, or several and none was chosen.
    #[error("{0}")]
    Columna(String),
    /// The filled copy could not be written.
    #[error(transparent)]
    Escritura(ErrorArchivo),
}

/// Why the outputs could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ErrorSalida {
    /// A file could not be written.
    #[error(transparent)]
    Archivo(#[from] ErrorArchivo),
    /// The filled grade sheet could not be written.
    #[error(transparent)]
    Planilla(#[from] ErrorPlanilla),
    /// `--informes` names something that is not a folder.
    #[error(
        "no se escribieron los informes: «{}» {que}; --informes escribe una carpeta, o \
         un archivo .zip",
        ruta_visible(.ruta)
    )]
    NoEsCarpeta {
        /// What was named.
        ruta: PathBuf,
        /// What it is.
        que: &'static str,
    },
    /// The feedback could not be written.
    #[error(
        "no se escribieron los informes en «{}»: {}",
        ruta_visible(.ruta),
        disco::describir_io(.fuente)
    )]
    Informes {
        /// The folder or zip.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// An output could not be written, and so neither those after it.
    #[error("{causa}; {}", incompleta(.escritas, .faltan))]
    Incompleta {
        /// Why.
        causa: Box<ErrorSalida>,
        /// The outputs written before, complete.
        escritas: Vec<String>,
        /// The output that failed and those after it.
        faltan: Vec<String>,
    },
    /// An output names a file the run reads.
    #[error(
        "no se corrigió nada: {opcion} «{}» escribiría sobre «{}», que esta corrección lee \
         (la planilla o una entrega); elija otro nombre",
        ruta_visible(.ruta),
        ruta_visible(.leida)
    )]
    EsEntrada {
        /// The option.
        opcion: &'static str,
        /// What it names.
        ruta: PathBuf,
        /// The file read it would write over (or, a folder, hold).
        leida: PathBuf,
    },
    /// Two outputs name the same file.
    #[error(
        "no se corrigió nada: {primera} y {segunda} nombran el mismo archivo, «{}»; elija \
         otro nombre para uno",
        ruta_visible(.ruta)
    )]
    Repetida {
        /// The first option.
        primera: &'static str,
        /// The second.
        segunda: &'static str,
        /// What the second names.
        ruta: PathBuf,
    },
    /// Grading was interrupted before the outputs were written.
    #[error("la corrección se interrumpió antes de escribir {0}")]
    Interrumpida(String),
}

/// What [`ErrorSalida::Incompleta`] adds to its cause: "se escribió «a»; no se
/// escribieron «b» ni «c»".
fn incompleta(escritas: &[String], faltan: &[String]) -> String {
    let faltan = match faltan {
        [una] => format!("no se escribió {una}"),
        varias => format!("no se escribieron {}", lista(varias, "ni")),
    };
    match escritas {
        [] => faltan,
        [una] => format!("se escribió {una}; {faltan}"),
        varias => format!("se escribieron {}; {faltan}", lista(varias, "y")),
    }
}

/// `nombres` as a sentence says them: "«a», «b» y «c»", with `y` ("y", "ni") before
/// the last.
pub(super) fn lista(nombres: &[String], y: &str) -> String {
    match nombres.split_last() {
        Some((ultimo, [])) => ultimo.clone(),
        Some((ultimo, otros)) => format!("{} {y} {ultimo}", otros.join(", ")),
        None => String::new(),
    }
}
