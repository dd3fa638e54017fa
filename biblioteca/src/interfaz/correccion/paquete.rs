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

/// How much a zip may hold.
#[derive(Clone, Copy, Debug)]
struct Limites {
    /// Entries.
    entradas: usize,
    /// Bytes, unpacked.
    bytes: u64,
}

/// What a student's zip may hold: a homework is a few files of a few kilobytes.
const LIMITES: Limites = Limites {
    entradas: 1000,
    bytes: 50 * 1024 * 1024,
};

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
        desempacar(zip, destino, LIMITES)
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

/// Unpacks the zip at `zip` into `destino` within `limites`, as [`Paquete::desempacar`].
fn desempacar(zip: &Path, destino: &Path, limites: Limites) -> Result<(), ErrorPaquete> {
    let ilegible = |error: &dyn std::fmt::Display| ErrorPaquete::Ilegible(error.to_string());
    let archivo = File::open(zip).map_err(|error| ilegible(&error))?;
    let mut paquete = zip::ZipArchive::new(archivo).map_err(|error| ilegible(&error))?;
    if paquete.len() > limites.entradas {
        return Err(ErrorPaquete::Demasiados(limites.entradas));
    }
    fs::create_dir_all(destino)?;
    let mut quedan = limites.bytes;
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
            return Err(ErrorPaquete::Demasiado(limites.bytes));
        }
        quedan -= copiados;
        if let Some(hora) = entrada.last_modified().and_then(hora_local) {
            escrito.set_modified(hora)?;
        }
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn zip(ruta: &Path, entradas: &[(&str, &[u8])]) {
        let mut zip = zip::ZipWriter::new(File::create(ruta).unwrap());
        for (nombre, bytes) in entradas {
            let opciones = zip::write::SimpleFileOptions::default();
            zip.start_file(*nombre, opciones).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
    }

    #[test]
    fn nada_sale_de_su_carpeta_ni_pasa_de_sus_limites() {
        let dir = tempfile::tempdir().unwrap();
        let (comprimido, destino) = (dir.path().join("e.zip"), dir.path().join("a/b"));
        zip(
            &comprimido,
            &[
                (
                    "tarea2/tarea2.py",
                    b"def jugar(t, p, v):\n    return False\n",
                ),
                ("../fuera.py", b"x = 1\n"),
                ("/raiz.py", b"x = 1\n"),
                ("__MACOSX/tarea2/._tarea2.py", b"\0\x05"),
                (".oculto.py", b"x = 1\n"),
            ],
        );
        desempacar(&comprimido, &destino, LIMITES).unwrap();
        let mut hay: Vec<String> = Vec::new();
        let mut pendientes = vec![dir.path().to_owned()];
        while let Some(carpeta) = pendientes.pop() {
            for entrada in fs::read_dir(carpeta).unwrap() {
                let ruta = entrada.unwrap().path();
                if ruta.is_dir() {
                    pendientes.push(ruta);
                } else {
                    let relativa = ruta.strip_prefix(dir.path()).unwrap();
                    hay.push(relativa.to_string_lossy().into_owned());
                }
            }
        }
        hay.sort();
        // An absolute name stays inside, as a relative one.
        assert_eq!(hay, ["a/b/raiz.py", "a/b/tarea2/tarea2.py", "e.zip"]);

        let limites = Limites {
            entradas: 2,
            bytes: 100,
        };
        zip(&comprimido, &[("a.py", &[b'x'; 101])]);
        let error = desempacar(&comprimido, &destino, limites).unwrap_err();
        assert!(matches!(error, ErrorPaquete::Demasiado(100)), "{error}");
        zip(&comprimido, &[("a.py", b""), ("b.py", b""), ("c.py", b"")]);
        let error = desempacar(&comprimido, &destino, limites).unwrap_err();
        assert_eq!(error.to_string(), "tiene más de 2 archivos");
        fs::write(&comprimido, "no es un zip").unwrap();
        let error = desempacar(&comprimido, &destino, limites).unwrap_err();
        assert!(matches!(error, ErrorPaquete::Ilegible(_)), "{error}");
    }
}
