//! A student's files put where they can be graded: a `.zip` they sent, unpacked, or
//! the files of one student that a platform exported side by side under long names,
//! copied under their own names so that their imports find each other.
//!
//! A zip is untrusted: it is unpacked with a bound on its files and on their size
//! (read, never taken from its headers), no entry leaves its folder, links are not
//! made, and the `__MACOSX` folder macOS adds is left out. Each file keeps its time of
//! modification (a zip entry's, in local time), which decides among versions.

use std::{
    fs::{self, File},
    io::{self, Read},
    path::{Component, Path},
    sync::Arc,
    time::SystemTime,
};

use super::{error::ErrorPaquete, vivos::CarpetaTemporal};

/// At most this many entries in a zip: a homework has a few files.
const ENTRADAS: usize = 1000;

/// At most this many bytes unpacked from one zip.
const BYTES: u64 = 50 * 1024 * 1024;

/// A temporary folder with a student's files in it, removed when the last submission
/// that uses it is dropped (or when grading is interrupted).
#[derive(Clone, Debug)]
pub(super) struct Paquete(Arc<CarpetaTemporal>);

impl PartialEq for Paquete {
    fn eq(&self, otro: &Paquete) -> bool {
        self.path() == otro.path()
    }
}

impl Eq for Paquete {}

impl Paquete {
    /// A fresh, empty one.
    ///
    /// # Errors
    ///
    /// The system's, or one that says so if grading was interrupted.
    pub(super) fn nuevo() -> io::Result<Paquete> {
        CarpetaTemporal::nueva().map(|carpeta| Paquete(Arc::new(carpeta)))
    }

    /// Where it is.
    pub(super) fn path(&self) -> &Path {
        self.0.path()
    }

    /// Unpacks the zip at `zip` into `destino`, a folder inside this one.
    ///
    /// # Errors
    ///
    /// The zip cannot be read, holds too many files or too many bytes, or a file
    /// cannot be written.
    pub(super) fn desempacar(&self, zip: &Path, destino: &Path) -> Result<(), ErrorPaquete> {
        let ilegible = |error: &dyn std::fmt::Display| ErrorPaquete::Ilegible(error.to_string());
        let archivo = File::open(zip).map_err(|error| ilegible(&error))?;
        let mut paquete = zip::ZipArchive::new(archivo).map_err(|error| ilegible(&error))?;
        if paquete.len() > ENTRADAS {
            return Err(ErrorPaquete::Demasiados(ENTRADAS));
        }
        fs::create_dir_all(destino)?;
        let mut quedan = BYTES;
        for indice in 0..paquete.len() {
            let mut entrada = paquete.by_index(indice).map_err(|error| ilegible(&error))?;
            let Some(nombre) = entrada.enclosed_name() else {
                continue;
            };
            if entrada.is_symlink() || !nombre.components().all(se_desempaca) {
                continue;
            }
            let ruta = destino.join(&nombre);
            if entrada.is_dir() {
                fs::create_dir_all(&ruta)?;
                continue;
            }
            if let Some(carpeta) = ruta.parent() {
                fs::create_dir_all(carpeta)?;
            }
            let mut escrito = File::create(&ruta)?;
            let copiados = io::copy(&mut (&mut entrada).take(quedan + 1), &mut escrito)?;
            if copiados > quedan {
                return Err(ErrorPaquete::Demasiado(BYTES));
            }
            quedan -= copiados;
            if let Some(hora) = entrada.last_modified().and_then(hora_local) {
                escrito.set_modified(hora)?;
            }
        }
        Ok(())
    }

    /// Copies the file at `origen` into this folder as `nombre`, with its time of
    /// modification.
    ///
    /// # Errors
    ///
    /// The system's.
    pub(super) fn copiar(&self, origen: &Path, nombre: &str) -> io::Result<()> {
        let destino = self.path().join(nombre);
        fs::copy(origen, &destino)?;
        let hora = fs::metadata(origen)?.modified()?;
        File::options()
            .write(true)
            .open(&destino)?
            .set_modified(hora)
    }
}

/// Whether a part of an entry's path is unpacked: not macOS's `__MACOSX` folder nor
/// its `._` files, nor a hidden file.
fn se_desempaca(parte: Component) -> bool {
    match parte {
        Component::Normal(nombre) => {
            let nombre = nombre.to_string_lossy();
            nombre != "__MACOSX" && !nombre.starts_with('.')
        }
        _ => false,
    }
}

/// A zip entry's time, written in the local time of whoever made it, as a moment.
fn hora_local(hora: zip::DateTime) -> Option<SystemTime> {
    let civil = jiff::civil::DateTime::try_from(hora).ok()?;
    let zonada = civil.to_zoned(jiff::tz::TimeZone::system()).ok()?;
    Some(SystemTime::from(zonada.timestamp()))
}
