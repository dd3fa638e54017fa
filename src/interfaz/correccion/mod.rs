//! Grading the students' own Python files: `othello corregir` and `othello casos`.
//!
//! Teaching assistants grade the homework's functions, not boards: `jugar`, the counting
//! function, `guardarPartida` and `cargarPartida`. [`corregir`] runs each submission in a
//! child `python3` process (`python`) that loads the file as it comes (the main program
//! at the top level does not run the game), calls the student's functions on cases made
//! from a seed (`casos`) and compares every answer with the library's own
//! (`revision`). The report ([`Resumen`]) says per student and per function how many
//! cases were right and shows the first wrong ones, as text to paste into feedback, as
//! JSON, or as a gradebook row. [`escribir_casos`] writes the same kind of cases as files
//! for a harness of one's own. [`revisar_respuestas`] reads and counts answers given as
//! bytes exactly as the child's are, without a child, for fuzzing.
//!
//! The child is contained against accidents, not attacks: a time limit per call, a memory
//! limit, no standard input, a fresh folder as its working directory and `HOME`, and an
//! environment without the grader's variables. Untrusted code belongs in a container.
//! A program stopped by a signal calls [`interrumpir`] before it exits: its destructors
//! will not run, and the children's process groups and folders must not outlive it.

mod casos;
mod ejemplo;
mod informe;
mod nota;
mod python;
mod revision;
mod vivos;

use std::{
    fmt, fs,
    io::{self, Write},
    num::NonZeroUsize,
    path::{Path, PathBuf},
    str::FromStr,
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use serde::Serialize;

pub use casos::Cantidades;
pub use informe::{Falla, InformeEntrega, InformeFuncion, Resumen, Tipo};
pub use nota::{Calificacion, ErrorPesos, Escala, Pesos};
pub use revision::revisar_respuestas;
pub use vivos::interrumpir;

use crate::{
    ErrorArchivo,
    texto::{cita, ruta_visible},
};

/// One of the homework's four functions that are graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Funcion {
    /// `jugar(tablero, posicion, valor)`, item 6: required.
    Jugar,
    /// The counting function of item 5, `contar(tablero, c)` unless renamed: required.
    Contar,
    /// `guardarPartida(tablero, nombre_archivo)`, item 7: optional.
    GuardarPartida,
    /// `cargarPartida(nombre_archivo)`, item 7: optional.
    CargarPartida,
}

impl Funcion {
    /// The four, in the order of the reports.
    pub const TODAS: [Funcion; 4] = [
        Funcion::Jugar,
        Funcion::Contar,
        Funcion::GuardarPartida,
        Funcion::CargarPartida,
    ];

    /// Its name in the homework, as reports and the gradebook name it.
    pub const fn nombre(self) -> &'static str {
        self.nombres_predeterminados()[0]
    }

    /// The function a key or a homework's name names: `contar`, `guardar_partida`,
    /// `guardarPartida`.
    pub fn desde_nombre(nombre: &str) -> Option<Funcion> {
        Funcion::TODAS
            .into_iter()
            .find(|f| f.clave() == nombre || f.nombres_predeterminados().contains(&nombre))
    }

    /// Its key in JSON and in `--funcion CLAVE=NOMBRE`.
    pub const fn clave(self) -> &'static str {
        match self {
            Funcion::Jugar => "jugar",
            Funcion::Contar => "contar",
            Funcion::GuardarPartida => "guardar_partida",
            Funcion::CargarPartida => "cargar_partida",
        }
    }

    /// The names looked for when none is given: the homework's spelling first, then the
    /// one many students write.
    pub const fn nombres_predeterminados(self) -> &'static [&'static str] {
        match self {
            Funcion::Jugar => &["jugar"],
            Funcion::Contar => &["contar"],
            Funcion::GuardarPartida => &["guardarPartida", "guardar_partida"],
            Funcion::CargarPartida => &["cargarPartida", "cargar_partida"],
        }
    }

    /// Whether a submission without it cannot pass: the homework asks for `jugar` and
    /// the counting function; saving and loading are optional.
    pub const fn obligatoria(self) -> bool {
        matches!(self, Funcion::Jugar | Funcion::Contar)
    }
}

impl fmt::Display for Funcion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.clave())
    }
}

/// A value for each of the four functions; as JSON, an object with their keys.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PorFuncion<T> {
    /// For `jugar`.
    pub jugar: T,
    /// For the counting function.
    pub contar: T,
    /// For `guardarPartida`.
    pub guardar_partida: T,
    /// For `cargarPartida`.
    pub cargar_partida: T,
}

impl<T> PorFuncion<T> {
    /// The four values, in the order of [`Funcion::TODAS`].
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [
            &self.jugar,
            &self.contar,
            &self.guardar_partida,
            &self.cargar_partida,
        ]
        .into_iter()
    }

    /// Each function's value, from `valor(funcion)`.
    pub fn de(mut valor: impl FnMut(Funcion) -> T) -> PorFuncion<T> {
        PorFuncion {
            jugar: valor(Funcion::Jugar),
            contar: valor(Funcion::Contar),
            guardar_partida: valor(Funcion::GuardarPartida),
            cargar_partida: valor(Funcion::CargarPartida),
        }
    }
}

impl<T> std::ops::Index<Funcion> for PorFuncion<T> {
    type Output = T;

    fn index(&self, funcion: Funcion) -> &T {
        match funcion {
            Funcion::Jugar => &self.jugar,
            Funcion::Contar => &self.contar,
            Funcion::GuardarPartida => &self.guardar_partida,
            Funcion::CargarPartida => &self.cargar_partida,
        }
    }
}

impl<T> std::ops::IndexMut<Funcion> for PorFuncion<T> {
    fn index_mut(&mut self, funcion: Funcion) -> &mut T {
        match funcion {
            Funcion::Jugar => &mut self.jugar,
            Funcion::Contar => &mut self.contar,
            Funcion::GuardarPartida => &mut self.guardar_partida,
            Funcion::CargarPartida => &mut self.cargar_partida,
        }
    }
}

/// `--funcion CLAVE=NOMBRE`: the student's name for one of the four functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renombre {
    /// Which function.
    pub funcion: Funcion,
    /// The name in the student's file.
    pub nombre: String,
}

/// Why a `--funcion` value is not `CLAVE=NOMBRE`. The messages follow the value in a
/// usage error, so they name only the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorRenombre {
    /// No `=`.
    #[error("falta el «=»: se esperaba CLAVE=NOMBRE, como contar=contarFichas")]
    SinIgual,
    /// The key is none of the four functions.
    #[error(
        "«{0}» no es una de las funciones: jugar, contar, guardar_partida (guardarPartida) o cargar_partida (cargarPartida)"
    )]
    Clave(String),
    /// The name cannot be a Python function's.
    #[error("«{0}» no es un nombre de función de Python")]
    Nombre(String),
}

impl FromStr for Renombre {
    type Err = ErrorRenombre;

    /// `contar=contarFichas`; the key may also be written as the homework spells it
    /// (`guardarPartida=guardar`).
    fn from_str(texto: &str) -> Result<Renombre, ErrorRenombre> {
        let (clave, nombre) = texto.split_once('=').ok_or(ErrorRenombre::SinIgual)?;
        let (clave, nombre) = (clave.trim(), nombre.trim());
        let funcion =
            Funcion::desde_nombre(clave).ok_or_else(|| ErrorRenombre::Clave(cita(clave)))?;
        let mut letras = nombre.chars();
        let identificador = letras.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && letras.all(|c| c.is_alphanumeric() || c == '_');
        if !identificador {
            return Err(ErrorRenombre::Nombre(cita(nombre)));
        }
        Ok(Renombre {
            funcion,
            nombre: nombre.to_owned(),
        })
    }
}

/// Every flag of `othello corregir`. [`Default`] gives the documented defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpcionesCorreccion {
    /// `--python PATH`: the interpreter; `None` looks for `python3` on the `PATH`.
    pub python: Option<PathBuf>,
    /// `--funcion CLAVE=NOMBRE`, as many as given: each replaces the names looked for.
    pub renombres: Vec<Renombre>,
    /// `--semilla S`: the same seed gives the same cases.
    pub semilla: u64,
    /// `--casos N`: `N` cases of `jugar` and the others in proportion; `None` for the
    /// defaults (1000, 300, 100, 100).
    pub casos: Option<usize>,
    /// `--tiempo-limite`: for each call (1 s).
    pub tiempo_limite: Duration,
    /// `--tiempo-por-entrega`: for all of a submission's cases (30 s); what is left when
    /// it is over is not run.
    pub tiempo_por_entrega: Duration,
    /// `--memoria`: for each submission's process, in bytes (512 MiB).
    pub memoria: u64,
    /// `--ejemplos`: failures shown per function and kind (3).
    pub ejemplos: usize,
    /// `--csv NOTAS.csv`: also write the gradebook there.
    pub csv: Option<PathBuf>,
    /// `--informes CARPETA`: also write each student's feedback there.
    pub informes: Option<PathBuf>,
    /// `--pesos` and `--exigencia`: how grades are given.
    pub escala: Escala,
    /// Draw a progress bar on standard error (only shown when it is a terminal).
    pub progreso: bool,
    /// How many submissions at once; `None` for one per core.
    pub hilos: Option<NonZeroUsize>,
}

/// The seed used when none is given: the homework's year.
pub const SEMILLA_PREDETERMINADA: u64 = 2015;

impl Default for OpcionesCorreccion {
    fn default() -> OpcionesCorreccion {
        OpcionesCorreccion {
            python: None,
            renombres: Vec::new(),
            semilla: SEMILLA_PREDETERMINADA,
            casos: None,
            tiempo_limite: Duration::from_secs(1),
            tiempo_por_entrega: Duration::from_secs(30),
            memoria: 512 * MIB,
            ejemplos: 3,
            csv: None,
            informes: None,
            escala: Escala::default(),
            progreso: false,
            hilos: None,
        }
    }
}

impl OpcionesCorreccion {
    /// How many cases of each function.
    pub fn cantidades(&self) -> Cantidades {
        self.casos
            .map_or_else(Cantidades::default, Cantidades::escaladas)
    }

    /// The names looked for, per function: the defaults, or the one `--funcion` gave.
    pub fn nombres(&self) -> PorFuncion<Vec<String>> {
        PorFuncion::de(
            |funcion| match self.renombres.iter().rev().find(|r| r.funcion == funcion) {
                Some(renombre) => vec![renombre.nombre.clone()],
                None => funcion
                    .nombres_predeterminados()
                    .iter()
                    .map(|&nombre| nombre.to_owned())
                    .collect(),
            },
        )
    }
}

/// A mebibyte, as `--memoria` counts.
pub(crate) const MIB: u64 = 1024 * 1024;

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
    /// A named folder holds no `.py` file.
    #[error("la carpeta «{}» no tiene archivos .py", ruta_visible(.0))]
    CarpetaSinEntregas(PathBuf),
    /// A folder could not be listed.
    #[error("no se pudo leer la carpeta «{}»: {}", ruta_visible(.ruta), crate::disco::describir_io(.fuente))]
    Carpeta {
        /// The folder.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
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
    /// The gradebook could not be written.
    #[error(transparent)]
    Csv(ErrorArchivo),
    /// The report could not be written.
    #[error("no se pudo escribir el informe: {}", crate::disco::describir_io(.0))]
    Escritura(#[from] io::Error),
}

impl ErrorCorreccion {
    /// The exit status: 2, a usage error or a missing interpreter.
    pub fn codigo(&self) -> u8 {
        2
    }
}

/// Grades every submission in `entregas` ([`Entrega::buscar`]), and writes the
/// gradebook and the students' feedback if [`OpcionesCorreccion::csv`] and
/// [`OpcionesCorreccion::informes`] ask. Several submissions are graded at once, one
/// per core. The report is the returned [`Resumen`]: text with
/// [`Resumen::escribir_texto`], JSON through `Serialize` (the order `corregir` writes
/// either inside its envelope).
///
/// # Errors
///
/// [`ErrorCorreccion`] when grading cannot run: no submissions, a missing path, no
/// interpreter, or the gradebook or the feedback cannot be written. What a submission
/// does wrong is in the returned [`Resumen`], whose [`Resumen::codigo`] is the exit
/// status.
pub fn corregir(
    entregas: &[PathBuf],
    opciones: &OpcionesCorreccion,
) -> Result<Resumen, ErrorCorreccion> {
    let entregas = Entrega::buscar(entregas)?;
    let interprete = python::Interprete::buscar(opciones.python.as_deref())?;
    let casos = casos::Casos::generar(opciones.semilla, opciones.cantidades());
    let contexto = revision::Contexto::nuevo(&interprete, &casos, opciones);
    let informes = en_paralelo(&entregas, opciones, |entrega| contexto.corregir(entrega));
    let resumen = Resumen::nuevo(opciones.semilla, &opciones.escala, informes);
    if let Some(ruta) = &opciones.csv {
        resumen.guardar_csv(ruta).map_err(ErrorCorreccion::Csv)?;
    }
    if let Some(carpeta) = &opciones.informes {
        (resumen.guardar_informes(carpeta)).map_err(ErrorCorreccion::Csv)?;
    }
    Ok(resumen)
}

/// One student's submission: whose it is and the file graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrega {
    /// The student: the name of their folder, or of the file without `.py`.
    pub estudiante: String,
    /// The file graded; the student's folder when it has no `.py` file (the student
    /// gets a report that says so, and a 1.0).
    pub archivo: PathBuf,
    /// Which file of the student's folder was graded and why, when it had several.
    pub eleccion: Option<String>,
}

impl Entrega {
    /// The submission of the file at `archivo`, the student named after it.
    pub fn de_archivo(archivo: PathBuf) -> Entrega {
        let estudiante = archivo.file_stem().map_or_else(
            || ruta_visible(&archivo),
            |nombre| nombre.to_string_lossy().into_owned(),
        );
        Entrega {
            estudiante,
            archivo,
            eleccion: None,
        }
    }

    /// The submissions named, as a class is exported from a learning platform: a `.py`
    /// file is one student's; a folder holds one `.py` file per student, or one folder
    /// per student (`curso/ana_perez/tarea2.py`) whose `.py` files (inside subfolders
    /// too) are theirs: of several, the one that defines `jugar`. By student's name.
    ///
    /// # Errors
    ///
    /// No submission, a path that does not exist, a folder without `.py` files, or a
    /// folder that cannot be read.
    pub fn buscar(nombradas: &[PathBuf]) -> Result<Vec<Entrega>, ErrorCorreccion> {
        if nombradas.is_empty() {
            return Err(ErrorCorreccion::SinEntregas);
        }
        let mut entregas = Vec::new();
        for ruta in nombradas {
            if !ruta.is_dir() {
                if !ruta.exists() {
                    return Err(ErrorCorreccion::NoExiste(ruta.clone()));
                }
                entregas.push(Entrega::de_archivo(ruta.clone()));
                continue;
            }
            let mut de_la_carpeta = Vec::new();
            for dentro in listar(ruta)? {
                if dentro.is_dir() {
                    de_la_carpeta.push(Entrega::de_la_carpeta(dentro)?);
                } else if es_python(&dentro) {
                    de_la_carpeta.push(Entrega::de_archivo(dentro));
                }
            }
            if de_la_carpeta.is_empty() {
                return Err(ErrorCorreccion::CarpetaSinEntregas(ruta.clone()));
            }
            de_la_carpeta.sort_by(|a, b| a.estudiante.cmp(&b.estudiante));
            entregas.extend(de_la_carpeta);
        }
        Ok(entregas)
    }

    /// The submission of the student whose folder is `carpeta`: its `.py` file, or of
    /// several the one that defines `jugar` (the first by name if none or several do),
    /// saying which; the folder itself if it has none.
    fn de_la_carpeta(carpeta: PathBuf) -> Result<Entrega, ErrorCorreccion> {
        let mut archivos = Vec::new();
        let mut pendientes = vec![carpeta.clone()];
        while let Some(dentro) = pendientes.pop() {
            for ruta in listar(&dentro)? {
                if ruta.is_dir() {
                    pendientes.push(ruta);
                } else if es_python(&ruta) {
                    archivos.push(ruta);
                }
            }
        }
        archivos.sort();
        let estudiante = carpeta.file_name().map_or_else(
            || ruta_visible(&carpeta),
            |n| n.to_string_lossy().into_owned(),
        );
        let con_jugar: Vec<&PathBuf> = archivos.iter().filter(|a| define_jugar(a)).collect();
        let nombre = |ruta: &PathBuf| ruta_visible(ruta.strip_prefix(&carpeta).unwrap_or(ruta));
        let (archivo, eleccion) = match (archivos.as_slice(), con_jugar.as_slice()) {
            ([], _) => (carpeta.clone(), None),
            ([solo], _) => (solo.clone(), None),
            (_, [uno]) => {
                let otros: Vec<String> =
                    (archivos.iter()).filter(|a| a != uno).map(nombre).collect();
                let eleccion = format!(
                    "se corrigió {}, que define jugar (también hay {})",
                    nombre(uno),
                    otros.join(", ")
                );
                ((*uno).clone(), Some(eleccion))
            }
            (todos, []) => (
                todos[0].clone(),
                Some(format!(
                    "ninguno define jugar: se corrigió {}",
                    nombre(&todos[0])
                )),
            ),
            (_, varios) => (
                varios[0].clone(),
                Some(format!(
                    "varios definen jugar: se corrigió {}",
                    nombre(varios[0])
                )),
            ),
        };
        Ok(Entrega {
            estudiante,
            archivo,
            eleccion,
        })
    }
}

/// The entries of `carpeta` but the hidden ones and Python's caches, by name.
fn listar(carpeta: &Path) -> Result<Vec<PathBuf>, ErrorCorreccion> {
    let error = |fuente| ErrorCorreccion::Carpeta {
        ruta: carpeta.to_owned(),
        fuente,
    };
    let mut rutas = Vec::new();
    for entrada in fs::read_dir(carpeta).map_err(error)? {
        let entrada = entrada.map_err(error)?;
        let nombre = entrada.file_name();
        let nombre = nombre.to_string_lossy();
        if !nombre.starts_with('.') && nombre != "__pycache__" {
            rutas.push(entrada.path());
        }
    }
    rutas.sort();
    Ok(rutas)
}

/// Whether `ruta` is a Python file.
fn es_python(ruta: &Path) -> bool {
    ruta.extension().is_some_and(|e| e == "py") && ruta.is_file()
}

/// Whether the Python file at `ruta` defines `jugar` at the top level, as its text
/// says (read, never run).
fn define_jugar(ruta: &Path) -> bool {
    fs::read(ruta).is_ok_and(|bytes| {
        String::from_utf8_lossy(&bytes).lines().any(|linea| {
            linea.strip_prefix("def").is_some_and(|resto| {
                resto
                    .trim_start()
                    .strip_prefix("jugar")
                    .is_some_and(|r| r.trim_start().starts_with('('))
            })
        })
    })
}

/// `corregir_una` on every file, several at once, the results in the files' order; a
/// progress bar on standard error if asked.
fn en_paralelo(
    archivos: &[Entrega],
    opciones: &OpcionesCorreccion,
    corregir_una: impl Fn(&Entrega) -> InformeEntrega + Sync,
) -> Vec<InformeEntrega> {
    let hilos = opciones
        .hilos
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
        .min(archivos.len());
    let barra = if opciones.progreso {
        indicatif::ProgressBar::new(archivos.len() as u64).with_style(
            indicatif::ProgressStyle::with_template(
                "corrigiendo {bar:30} {pos}/{len} entregas, faltan unos {eta}",
            )
            .expect("plantilla válida"),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    let siguiente = AtomicUsize::new(0);
    let informes = Mutex::new(Vec::with_capacity(archivos.len()));
    std::thread::scope(|hilo| {
        for _ in 0..hilos {
            hilo.spawn(|| {
                loop {
                    let indice = siguiente.fetch_add(1, Ordering::Relaxed);
                    let Some(ruta) = archivos.get(indice) else {
                        break;
                    };
                    let informe = corregir_una(ruta);
                    barra.inc(1);
                    informes
                        .lock()
                        .expect("ningún hilo entra en pánico con el candado")
                        .push((indice, informe));
                }
            });
        }
    });
    barra.finish_and_clear();
    let mut informes = informes
        .into_inner()
        .expect("ningún hilo entra en pánico con el candado");
    informes.sort_by_key(|(indice, _)| *indice);
    informes.into_iter().map(|(_, informe)| informe).collect()
}

/// Writes `cantidad` cases of `jugar` made from `semilla` (the same ones
/// [`corregir`] uses with that seed and `--casos cantidad`) into `carpeta`, created if
/// missing: each starting board as `NNNN.txt` in the homework's format, the board
/// expected after a valid move as `NNNN-despues.txt`, `casos.csv` with the columns
/// `id, tablero, posicion, valor, valida, esperado` (board files by name; for an invalid
/// move `esperado` names the starting board, which must stay unchanged), and
/// `cargar_entrega.py`, which loads a student's file as [`corregir`] does. Then prints
/// to `salida` a short pytest file that uses them.
///
/// # Errors
///
/// [`ErrorCasos`] if the folder or a file cannot be written, or `salida` fails.
pub fn escribir_casos(
    carpeta: &Path,
    semilla: u64,
    cantidad: usize,
    salida: &mut impl Write,
) -> Result<(), ErrorCasos> {
    casos::escribir(carpeta, semilla, cantidad)?;
    ejemplo::escribir_cargador(carpeta)?;
    salida.write_all(ejemplo::pytest(carpeta).as_bytes())?;
    salida.flush()?;
    Ok(())
}

/// Why `othello casos` could not write its cases.
#[derive(Debug, thiserror::Error)]
pub enum ErrorCasos {
    /// The folder could not be made.
    #[error("no se pudo crear la carpeta «{}»: {}", ruta_visible(.ruta), crate::disco::describir_io(.fuente))]
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
    #[error("no se pudo escribir el ejemplo: {}", crate::disco::describir_io(.0))]
    Escritura(#[from] io::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renombres() {
        let renombre: Renombre = "contar=contarFichas".parse().unwrap();
        assert_eq!(
            renombre,
            Renombre {
                funcion: Funcion::Contar,
                nombre: "contarFichas".into()
            }
        );
        let por_nombre: Renombre = " guardarPartida = guardar ".parse().unwrap();
        assert_eq!(por_nombre.funcion, Funcion::GuardarPartida);
        assert_eq!(por_nombre.nombre, "guardar");
        assert_eq!("contar".parse::<Renombre>(), Err(ErrorRenombre::SinIgual));
        assert_eq!(
            "mostrar=ver".parse::<Renombre>(),
            Err(ErrorRenombre::Clave("mostrar".into()))
        );
        assert_eq!(
            "contar=2x".parse::<Renombre>(),
            Err(ErrorRenombre::Nombre("2x".into()))
        );
        assert!("contar=contar_ñandúes".parse::<Renombre>().is_ok());
        let opciones = OpcionesCorreccion {
            renombres: vec![renombre],
            ..OpcionesCorreccion::default()
        };
        let nombres = opciones.nombres();
        assert_eq!(nombres.contar, ["contarFichas"]);
        assert_eq!(nombres.cargar_partida, ["cargarPartida", "cargar_partida"]);
    }
}
