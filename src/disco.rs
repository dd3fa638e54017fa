//! Loading and saving files: the size limit, atomic saves, and the system's errors in
//! Spanish. What the bytes mean is the formats' business ([`archivo`]); this module
//! only moves them to and from the disk, so that every file the program touches gets
//! the same care.

use std::{
    fs::{self, File},
    io::{self, Read, Write},
    path::{Path, PathBuf},
};

use atomic_write_file::AtomicWriteFile;

use crate::{
    Tablero,
    formato::archivo::{self, ErrorTablero},
};

/// The largest board file that is read: 64 KiB. A real board takes 176 bytes.
pub const LIMITE_BYTES: u64 = 64 * 1024;

/// Why a board could not be loaded from or saved to a file.
///
/// Each message is a complete Spanish sentence that names the file and already says the
/// cause, so there is no separate [`source`](std::error::Error::source) to print again
/// (`anyhow`'s `{:#}` and `{:?}` show it once); programs that want the underlying error
/// find it in the `fuente` field.
#[derive(Debug, thiserror::Error)]
pub enum ErrorArchivo {
    /// The file does not exist.
    #[error("no existe el archivo «{}»", .ruta.display())]
    NoExiste {
        /// The file.
        ruta: PathBuf,
    },
    /// The path is a folder.
    #[error("«{}» es una carpeta, no un archivo", .ruta.display())]
    EsCarpeta {
        /// The folder.
        ruta: PathBuf,
    },
    /// Not a regular file: a device, a pipe, a socket. Reading one could block forever.
    #[error("«{}» no es un archivo común (es un dispositivo, una tubería u otro archivo especial)", .ruta.display())]
    NoEsArchivo {
        /// The path.
        ruta: PathBuf,
    },
    /// The file is larger than [`LIMITE_BYTES`]: it cannot be a board.
    #[error("«{}» pesa más de 64 KiB: no puede ser un tablero", .ruta.display())]
    DemasiadoGrande {
        /// The file.
        ruta: PathBuf,
    },
    /// Reading failed.
    #[error("no se pudo leer «{}»: {}", .ruta.display(), describir_io(.fuente))]
    Lectura {
        /// The file.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// Writing failed; the file that was there, if any, is intact.
    #[error("no se pudo guardar «{}»: {}", .ruta.display(), describir_io(.fuente))]
    Escritura {
        /// The file.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// The file is not a board in the format.
    #[error("«{}» no es un tablero válido: {fuente}", .ruta.display())]
    Formato {
        /// The file.
        ruta: PathBuf,
        /// Where and what.
        fuente: ErrorTablero,
    },
}

/// The system's error in Spanish, for the kinds a person meets when naming files.
pub(crate) fn describir_io(error: &io::Error) -> String {
    use io::ErrorKind::*;
    match error.kind() {
        NotFound => "la carpeta no existe".into(),
        PermissionDenied => "permiso denegado".into(),
        IsADirectory => "es una carpeta".into(),
        NotADirectory => "una parte de la ruta no es una carpeta".into(),
        StorageFull => "no queda espacio en el disco".into(),
        FileTooLarge => "el archivo supera el tamaño máximo que permite el sistema".into(),
        ReadOnlyFilesystem => "el sistema de archivos es de solo lectura".into(),
        InvalidFilename | InvalidInput => "el nombre de archivo no es válido".into(),
        InvalidData => "los datos no son válidos".into(),
        _ => format!("error del sistema ({error})"),
    }
}

/// Loads a board from the file at `ruta`.
///
/// # Errors
///
/// An [`ErrorArchivo`] for a missing file, a folder, a special file (a device or a pipe,
/// which is not opened), a file larger than [`LIMITE_BYTES`] (which is not read), a read
/// failure, or a text that is not a board.
pub fn cargar(ruta: impl AsRef<Path>) -> Result<Tablero, ErrorArchivo> {
    let ruta = ruta.as_ref();
    archivo::leer_bytes(&leer_archivo(ruta)?).map_err(|fuente| ErrorArchivo::Formato {
        ruta: ruta.into(),
        fuente,
    })
}

/// The bytes of the file at `ruta`, at most [`LIMITE_BYTES`] of them: a board, a
/// transcript, whatever the program reads from a named file.
///
/// # Errors
///
/// An [`ErrorArchivo`] for a missing file, a folder, a special file (a device or a pipe,
/// which is not opened), a file larger than [`LIMITE_BYTES`] (which is not read), or a
/// read failure.
pub fn leer_archivo(ruta: impl AsRef<Path>) -> Result<Vec<u8>, ErrorArchivo> {
    let ruta = ruta.as_ref();
    // Looked at before opening: opening a pipe for reading blocks until a writer comes.
    let metadatos = fs::metadata(ruta).map_err(|fuente| error_de_lectura(ruta, fuente))?;
    if metadatos.is_dir() {
        return Err(ErrorArchivo::EsCarpeta { ruta: ruta.into() });
    }
    if !metadatos.is_file() {
        return Err(ErrorArchivo::NoEsArchivo { ruta: ruta.into() });
    }
    if metadatos.len() > LIMITE_BYTES {
        return Err(ErrorArchivo::DemasiadoGrande { ruta: ruta.into() });
    }
    let archivo = File::open(ruta).map_err(|fuente| error_de_lectura(ruta, fuente))?;
    leer_hasta_el_limite(archivo, ruta)
}

/// Everything `lector` gives, at most [`LIMITE_BYTES`]; `ruta` names it in errors.
/// The size of a file can lie (a device, a file still growing) and a pipe has none, so
/// one byte past the limit is read at most.
///
/// # Errors
///
/// [`ErrorArchivo::DemasiadoGrande`] past the limit, or the read failure.
pub fn leer_hasta_el_limite(lector: impl Read, ruta: &Path) -> Result<Vec<u8>, ErrorArchivo> {
    let mut bytes = Vec::new();
    lector
        .take(LIMITE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|fuente| error_de_lectura(ruta, fuente))?;
    if bytes.len() as u64 > LIMITE_BYTES {
        return Err(ErrorArchivo::DemasiadoGrande { ruta: ruta.into() });
    }
    Ok(bytes)
}

/// The error for a failed read of `ruta`, by what the system said.
fn error_de_lectura(ruta: &Path, fuente: io::Error) -> ErrorArchivo {
    match fuente.kind() {
        io::ErrorKind::NotFound => ErrorArchivo::NoExiste { ruta: ruta.into() },
        io::ErrorKind::IsADirectory => ErrorArchivo::EsCarpeta { ruta: ruta.into() },
        _ => ErrorArchivo::Lectura {
            ruta: ruta.into(),
            fuente,
        },
    }
}

/// Saves `tablero` to the file at `ruta` in the canonical format, atomically: the old
/// file, if any, stays whole until the new one is complete.
///
/// # Errors
///
/// [`ErrorArchivo::EsCarpeta`] if `ruta` is a folder, [`ErrorArchivo::Escritura`] if
/// the system refuses (missing folder, no permission, full disk).
pub fn guardar(tablero: &Tablero, ruta: impl AsRef<Path>) -> Result<(), ErrorArchivo> {
    guardar_texto(&tablero.to_string(), ruta)
}

/// Saves `texto` to the file at `ruta`, atomically, as [`guardar`] saves a board.
///
/// # Errors
///
/// As [`guardar`].
pub fn guardar_texto(texto: &str, ruta: impl AsRef<Path>) -> Result<(), ErrorArchivo> {
    let ruta = ruta.as_ref();
    if ruta.is_dir() {
        return Err(ErrorArchivo::EsCarpeta { ruta: ruta.into() });
    }
    // "x/" names a folder: the system would refuse to make a file through it, but the
    // atomic writer splits the path and would write "x".
    if ruta.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(ErrorArchivo::Escritura {
            ruta: ruta.into(),
            fuente: io::ErrorKind::InvalidFilename.into(),
        });
    }
    let escribir = || -> io::Result<()> {
        let mut archivo = AtomicWriteFile::open(ruta)?;
        archivo.write_all(texto.as_bytes())?;
        archivo.commit()
    };
    escribir().map_err(|fuente| ErrorArchivo::Escritura {
        ruta: ruta.into(),
        fuente,
    })
}
