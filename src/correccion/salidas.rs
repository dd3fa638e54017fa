//! Writing what a grading run leaves for the teaching assistant: the gradebook
//! (`--csv`), the platform's grade sheet filled in (`--planilla`) and the feedback
//! (`--informes`, a folder or a zip), all or none.
//!
//! Everything is made first where no one looks: the gradebook, the sheet and a zip in
//! memory, a folder of feedback in a hidden folder beside its place. Then the outputs
//! take their places by renaming, each in one step, while an interruption waits
//! ([`vivos::publicar`]): a Ctrl-C finds either none of them written or all, and never
//! a temporary file in a folder to upload. A kill that cannot be waited for (`kill -9`)
//! may leave the hidden folder beside, never inside; the next run that writes there
//! removes it. Two runs that write in the same folders take turns ([`Turno`]), so that
//! each leaves its own outputs whole. And before anything is graded, no output may be
//! a file the run reads, nor another output ([`revisar_rutas`]).

use std::{
    fs,
    io::{self, Write},
    path::{Path, PathBuf},
};

use super::{
    error::{ErrorSalida, lista},
    planilla, vivos,
};
use othello::{disco, texto::ruta_visible};

/// The path `ruta` names, links and `..` resolved: the path itself if it exists, else
/// its folder's joined with its name (an output not written yet).
fn resuelta(ruta: &Path) -> PathBuf {
    if let Ok(ruta) = fs::canonicalize(ruta) {
        return ruta;
    }
    let carpeta = match ruta.parent() {
        Some(carpeta) if !carpeta.as_os_str().is_empty() => carpeta,
        _ => Path::new("."),
    };
    match (fs::canonicalize(carpeta), ruta.file_name()) {
        (Ok(carpeta), Some(nombre)) => carpeta.join(nombre),
        _ => ruta.to_owned(),
    }
}

/// Refuses `salidas` (each option with the path it names) that would write over a file
/// the run reads (`leidas`: the sheet, the students' files) or over each other, or a
/// folder of feedback that holds what the run reads: before anything is graded, so
/// that nothing is lost and nobody waits for nothing.
///
/// # Errors
///
/// [`ErrorSalida::EsEntrada`] or [`ErrorSalida::Repetida`].
pub(super) fn revisar_rutas(
    salidas: &[(&'static str, PathBuf)],
    leidas: &[PathBuf],
) -> Result<(), ErrorSalida> {
    let leidas: Vec<PathBuf> = leidas.iter().map(|ruta| resuelta(ruta)).collect();
    let salidas: Vec<(&'static str, &PathBuf, PathBuf)> = (salidas.iter())
        .map(|(opcion, ruta)| (*opcion, ruta, resuelta(ruta)))
        .collect();
    for (i, (opcion, ruta, resuelta)) in salidas.iter().enumerate() {
        if let Some((otra, ..)) = salidas[..i].iter().find(|(.., otra)| otra == resuelta) {
            return Err(ErrorSalida::Repetida {
                primera: otra,
                segunda: opcion,
                ruta: (*ruta).clone(),
            });
        }
        let carpeta = *opcion == "--informes" && !es_zip(ruta);
        let leida = leidas
            .iter()
            .find(|leida| *leida == resuelta || (carpeta && leida.starts_with(resuelta)));
        if let Some(leida) = leida {
            return Err(ErrorSalida::EsEntrada {
                opcion,
                ruta: (*ruta).clone(),
                leida: leida.clone(),
            });
        }
    }
    Ok(())
}

/// The folders where a run writes its outputs, held (`flock`) while it puts them in
/// place: another run that writes there waits for its turn, and never mixes its files
/// with these.
struct Turno {
    _cerrojos: Vec<disco::Cerrojo>,
}

impl Turno {
    /// Waits for the folders of `rutas` to be free, and holds them (each once: a
    /// folder held twice by one process would wait for itself). A path that cannot be
    /// held (a link that leads nowhere) is not: writing it says why.
    fn tomar<'a>(rutas: impl Iterator<Item = &'a Path>) -> Turno {
        let mut resueltas: Vec<PathBuf> = rutas.map(resuelta).collect();
        resueltas.sort_by(|a, b| a.parent().cmp(&b.parent()));
        resueltas.dedup_by(|a, b| a.parent() == b.parent());
        Turno {
            _cerrojos: (resueltas.iter())
                .filter_map(|ruta| disco::Cerrojo::para_guardar(ruta).ok())
                .collect(),
        }
    }
}

/// What a grading run writes: each output's place and contents.
#[derive(Default)]
pub(super) struct Salidas {
    /// The gradebook.
    pub csv: Option<(PathBuf, Vec<u8>)>,
    /// The grade sheet given, and its filled copy.
    pub planilla: Option<(PathBuf, Vec<u8>)>,
    /// The feedback's folder or zip, and each file's name in it with its text.
    pub informes: Option<(PathBuf, Vec<(String, String)>)>,
}

impl Salidas {
    /// Writes every output, all or none as the module says. Outputs written before
    /// one that fails stay written, complete, and those after it are not written; the
    /// error says which were and which were not.
    ///
    /// # Errors
    ///
    /// [`ErrorSalida`], naming the output that could not be written.
    pub(super) fn escribir(self) -> Result<(), ErrorSalida> {
        let nombres = self.nombres();
        let incompleta = |causa: ErrorSalida, hechas: usize| {
            if nombres.len() > 1 {
                ErrorSalida::Incompleta {
                    causa: Box::new(causa),
                    escritas: nombres[..hechas].to_vec(),
                    faltan: nombres[hechas..].to_vec(),
                }
            } else {
                causa
            }
        };
        let rutas = (self.csv.iter().map(|(ruta, _)| ruta.clone()))
            .chain((self.planilla.iter()).map(|(ruta, _)| planilla::ruta_de_la_copia(ruta)))
            .chain(self.informes.iter().map(|(ruta, _)| ruta.clone()))
            .collect::<Vec<_>>();
        let turno = Turno::tomar(rutas.iter().map(PathBuf::as_path));
        let informes = self
            .preparar_informes()
            .map_err(|causa| incompleta(causa, 0))?;
        let mut pasos: Vec<Paso<'_>> = Vec::new();
        if let Some((ruta, bytes)) = &self.csv {
            pasos.push(Box::new(move || Ok(disco::guardar_bytes(bytes, ruta)?)));
        }
        if let Some((ruta, bytes)) = &self.planilla {
            pasos.push(Box::new(move || Ok(planilla::guardar(ruta, bytes)?)));
        }
        match &informes {
            Some(Informes::Zip(ruta, bytes)) => {
                pasos.push(Box::new(move || Ok(disco::guardar_bytes(bytes, ruta)?)));
            }
            Some(Informes::Carpeta(ruta, preparada)) => pasos.push(Box::new(move || {
                publicar_carpeta(preparada.path(), ruta).map_err(|fuente| ErrorSalida::Informes {
                    ruta: ruta.clone(),
                    fuente,
                })
            })),
            None => {}
        }
        let hecho = vivos::publicar(|| {
            for (hechas, paso) in pasos.into_iter().enumerate() {
                paso().map_err(|causa| incompleta(causa, hechas))?;
            }
            Ok(())
        });
        // The hidden folder goes now, after the registry is let go.
        drop(informes);
        drop(turno);
        hecho.map_err(|_| ErrorSalida::Interrumpida(lista(&nombres, "y")))?
    }

    /// The feedback made where no one looks: a zip in memory, or a folder beside its
    /// place.
    fn preparar_informes(&self) -> Result<Option<Informes>, ErrorSalida> {
        Ok(match &self.informes {
            Some((ruta, archivos)) if es_zip(ruta) => Some(Informes::Zip(
                ruta.clone(),
                comprimir(archivos).map_err(|fuente| ErrorSalida::Informes {
                    ruta: ruta.clone(),
                    fuente,
                })?,
            )),
            Some((ruta, archivos)) => Some(Informes::Carpeta(
                ruta.clone(),
                preparar_carpeta(ruta, archivos)?,
            )),
            None => None,
        })
    }

    /// The feedback files that will replace ones already in the feedback folder, by
    /// name (a zip is replaced whole, and is not counted).
    pub(super) fn reemplazados(&self) -> Vec<String> {
        match &self.informes {
            Some((ruta, archivos)) if !es_zip(ruta) => (archivos.iter())
                .filter(|(nombre, _)| ruta.join(nombre).exists())
                .map(|(nombre, _)| nombre.clone())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Each output, quoted, in the order they are written.
    fn nombres(&self) -> Vec<String> {
        let citada = |ruta: &Path| format!("«{}»", ruta_visible(ruta));
        let mut nombres = Vec::new();
        nombres.extend(self.csv.iter().map(|(ruta, _)| citada(ruta)));
        nombres.extend(
            (self.planilla.iter()).map(|(ruta, _)| citada(&planilla::ruta_de_la_copia(ruta))),
        );
        nombres.extend(self.informes.iter().map(|(ruta, _)| citada(ruta)));
        nombres
    }
}

/// One output taking its place.
type Paso<'a> = Box<dyn FnOnce() -> Result<(), ErrorSalida> + 'a>;

/// The feedback, ready to take its place.
enum Informes {
    /// A zip, in memory.
    Zip(PathBuf, Vec<u8>),
    /// A folder, written in a hidden folder beside its place.
    Carpeta(PathBuf, vivos::CarpetaTemporal),
}

/// Whether `ruta` names a zip.
fn es_zip(ruta: &Path) -> bool {
    ruta.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// The feedback files as a zip: each one under its name, with folders as named.
fn comprimir(archivos: &[(String, String)]) -> io::Result<Vec<u8>> {
    let ahora = jiff::Zoned::now().datetime();
    let mut opciones = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    if let Ok(fecha) = zip::DateTime::try_from(ahora) {
        opciones = opciones.last_modified_time(fecha);
    }
    let mut zip = zip::ZipWriter::new(io::Cursor::new(Vec::new()));
    for (nombre, texto) in archivos {
        zip.start_file(nombre.as_str(), opciones)
            .map_err(io::Error::other)?;
        zip.write_all(texto.as_bytes())?;
    }
    Ok(zip.finish().map_err(io::Error::other)?.into_inner())
}

/// Writes the feedback files into a hidden folder beside `destino`, after checking
/// that `destino` is a folder or nothing yet.
fn preparar_carpeta(
    destino: &Path,
    archivos: &[(String, String)],
) -> Result<vivos::CarpetaTemporal, ErrorSalida> {
    let no_es = |que| ErrorSalida::NoEsCarpeta {
        ruta: destino.to_owned(),
        que,
    };
    let error = |fuente| ErrorSalida::Informes {
        ruta: destino.to_owned(),
        fuente,
    };
    match (fs::metadata(destino), fs::symlink_metadata(destino)) {
        (Ok(datos), _) if datos.is_dir() => {}
        (Ok(datos), _) if datos.is_file() => return Err(no_es("es un archivo")),
        (Ok(_), _) => return Err(no_es("es un archivo especial")),
        (Err(fuente), _) if fuente.raw_os_error() == Some(libc::ELOOP) => {
            return Err(no_es(
                "es un enlace simbólico que lleva a sí mismo (da vueltas sin llegar a nada)",
            ));
        }
        (Err(_), Ok(datos)) if datos.file_type().is_symlink() => {
            return Err(no_es("es un enlace simbólico a algo que no existe"));
        }
        (Err(fuente), _) if fuente.kind() != io::ErrorKind::NotFound => return Err(error(fuente)),
        (Err(_), _) => {}
    }
    let preparada = vivos::CarpetaTemporal::junto_a(destino).map_err(error)?;
    for (nombre, texto) in archivos {
        let ruta = preparada.path().join(nombre);
        if let Some(carpeta) = ruta.parent() {
            fs::create_dir_all(carpeta).map_err(error)?;
        }
        let mut archivo = fs::File::create(&ruta).map_err(error)?;
        archivo.write_all(texto.as_bytes()).map_err(error)?;
        archivo.sync_all().map_err(error)?;
    }
    Ok(preparada)
}

/// Puts what is in `preparada` at `destino`: the folder itself, by renaming, if there
/// is none; into the one there is, each file by renaming (a file of the same name is
/// replaced), if there is.
fn publicar_carpeta(preparada: &Path, destino: &Path) -> io::Result<()> {
    // A link is followed, never replaced: only nothing at all is renamed over.
    if fs::symlink_metadata(destino).is_err() {
        return fs::rename(preparada, destino);
    }
    for entrada in fs::read_dir(preparada)? {
        let entrada = entrada?;
        let aqui = destino.join(entrada.file_name());
        if entrada.file_type()?.is_dir() && fs::metadata(&aqui).is_ok_and(|datos| datos.is_dir()) {
            publicar_carpeta(&entrada.path(), &aqui)?;
        } else {
            fs::rename(entrada.path(), aqui)?;
        }
    }
    Ok(())
}
