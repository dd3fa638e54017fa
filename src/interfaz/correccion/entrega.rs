//! Which submissions a grading run is given: a student's file, a folder of files, or a
//! folder of students' folders, as a learning platform exports a class.

use std::{
    fs,
    path::{Path, PathBuf},
};

use super::error::ErrorCorreccion;
use crate::texto::ruta_visible;

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
    /// Who the student is on the course platform the class was exported from, when the
    /// folder's or file's name says it.
    pub participante: Option<Participante>,
}

/// A student as a course platform names them in its export: what goes back to it (the
/// grade sheet's row, the feedback folder) is matched by this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Participante {
    /// The platform whose naming the export follows.
    pub plataforma: Plataforma,
    /// The student's full name, as the platform writes it.
    pub nombre: String,
    /// The platform's number for the student (Moodle's participant, Canvas's user).
    pub id: String,
    /// The folder's or file's name exactly as exported, for what goes back to it.
    pub exportado: String,
}

/// The course platforms whose exports are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plataforma {
    /// Moodle: `Nombre Apellido_123456_assignsubmission_file_/`.
    Moodle,
    /// Canvas: `apellidonombre_12345_678901_archivo.py`, `LATE_` before it when late.
    Canvas,
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
            participante: None,
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
            participante: None,
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
