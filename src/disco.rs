//! Loading and saving files: the size limit, atomic saves, and the system's errors in
//! Spanish. What the bytes mean is the formats' business ([`archivo`]); this module
//! only moves them to and from the disk, so that every file the program touches gets
//! the same care.

use std::{
    ffi::OsStr,
    fs::{self, File},
    io::{self, Read, Write},
    os::{
        fd::AsRawFd,
        unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt},
    },
    path::{Path, PathBuf},
};

use crate::{
    Tablero,
    formato::archivo::{self, ErrorTablero},
    texto::{cantidad, ruta_visible},
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
    #[error("no existe el archivo «{}»", ruta_visible(.ruta))]
    NoExiste {
        /// The file.
        ruta: PathBuf,
    },
    /// The path is a folder.
    #[error("«{}» es una carpeta, no un archivo", ruta_visible(.ruta))]
    EsCarpeta {
        /// The folder.
        ruta: PathBuf,
    },
    /// Not a regular file: a device, a pipe, a socket. Reading one could block forever.
    #[error("«{}» no es un archivo común (es un dispositivo, una tubería u otro archivo especial)", ruta_visible(.ruta))]
    NoEsArchivo {
        /// The path.
        ruta: PathBuf,
    },
    /// The file is larger than [`LIMITE_BYTES`]: it cannot be a board.
    #[error("«{}» pesa más de 64 KiB: no puede ser un tablero", ruta_visible(.ruta))]
    DemasiadoGrande {
        /// The file.
        ruta: PathBuf,
    },
    /// Reading failed.
    #[error("no se pudo leer «{}»: {}", ruta_visible(.ruta), describir_io(.fuente))]
    Lectura {
        /// The file.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// Writing failed; the file that was there, if any, is intact.
    #[error("no se pudo guardar «{}»: {}", ruta_visible(.ruta), describir_io(.fuente))]
    Escritura {
        /// The file.
        ruta: PathBuf,
        /// What the system said.
        fuente: io::Error,
    },
    /// A pipe that nobody reads: writing to it would wait forever.
    #[error("no se pudo guardar «{}»: nadie está leyendo la tubería", ruta_visible(.ruta))]
    SinLector {
        /// The pipe.
        ruta: PathBuf,
    },
    /// The file is not a board in the format. The message tells the first problem and
    /// how many more there are; each is in `otros`, as `othello validar` tells them.
    #[error("«{}» no es un tablero válido: {fuente}{}", ruta_visible(.ruta), mas_problemas(.otros))]
    Formato {
        /// The file.
        ruta: PathBuf,
        /// Where and what: the first problem.
        fuente: ErrorTablero,
        /// The problems after the first, in the order of the text.
        otros: Vec<ErrorTablero>,
    },
}

/// How a message about the first problem of a file ends when there are `otros`.
fn mas_problemas(otros: &[ErrorTablero]) -> String {
    match otros.len() {
        0 => String::new(),
        mas => format!("; y {} más", cantidad(mas as u64, "problema", "problemas")),
    }
}

/// The system's error in Spanish, for what a person meets naming, reading and writing
/// files. Told by its kind, or by its number where one kind groups causes a person
/// tells apart (a loop of links, a name too long) or where no kind fits; a library
/// that wraps the error with context of its own (tempfile does) keeps only the kind.
pub(crate) fn describir_io(error: &io::Error) -> String {
    use io::ErrorKind::*;
    let texto = match (error.raw_os_error(), error.kind()) {
        (Some(libc::ELOOP), _) => {
            "demasiados enlaces simbólicos seguidos (¿un enlace que lleva a sí mismo?)"
        }
        (Some(libc::ENAMETOOLONG), _) => {
            "nombre demasiado largo (el sistema admite hasta 255 bytes por nombre)"
        }
        (Some(libc::EPERM), _) => "operación no permitida",
        (Some(libc::EMFILE | libc::ENFILE), _) => "hay demasiados archivos abiertos",
        (Some(libc::EIO), _) => "falló la lectura o la escritura en el disco",
        (Some(libc::ENXIO | libc::ENODEV), _) => "el dispositivo no existe o no está conectado",
        (Some(libc::ENOEXEC), _) => "no es un programa que el sistema pueda correr",
        (Some(libc::EINTR), _) => "una señal interrumpió la operación",
        (_, NotFound) => "la carpeta no existe",
        (_, PermissionDenied) => "permiso denegado",
        (_, IsADirectory) => "es una carpeta",
        (_, NotADirectory) => "una parte de la ruta no es una carpeta",
        (_, StorageFull) => "no queda espacio en el disco",
        (_, QuotaExceeded) => "se acabó la cuota de disco del usuario",
        (_, FileTooLarge) => "el archivo supera el tamaño máximo que permite el sistema",
        (_, ReadOnlyFilesystem) => "el sistema de archivos es de solo lectura",
        (_, InvalidFilename | InvalidInput) => "el nombre de archivo no es válido",
        (_, InvalidData) => "los datos no son válidos",
        (_, AlreadyExists) => "ya existe",
        (_, ResourceBusy) => "el archivo está en uso",
        (_, ExecutableFileBusy) => "el archivo es un programa que está corriendo",
        (_, TooManyLinks) => "el archivo tiene demasiados enlaces",
        (_, StaleNetworkFileHandle) => "el archivo ya no está en el servidor (NFS)",
        (_, BrokenPipe) => "quien leía ya no lee (la tubería se cerró)",
        (_, OutOfMemory) => "no queda memoria",
        (_, WouldBlock) => "no está disponible por ahora",
        (_, TimedOut) => "se acabó el tiempo de espera",
        (_, WriteZero) => "no se pudo escribir todo",
        (_, UnexpectedEof) => "el archivo terminó antes de lo esperado",
        (Some(numero), _) => return format!("error del sistema número {numero}"),
        (None, _) => "error de entrada o salida",
    };
    texto.to_owned()
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
    leer_tablero(&leer_archivo(ruta)?, ruta)
}

/// The board in `bytes`, read from the file `ruta` names (standard input, for one).
///
/// # Errors
///
/// [`ErrorArchivo::Formato`], with every problem, for bytes that are not a board.
pub fn leer_tablero(bytes: &[u8], ruta: &Path) -> Result<Tablero, ErrorArchivo> {
    let revision = archivo::revisar_bytes(bytes);
    let mut otros = revision.errores().to_vec();
    revision.resultado().map_err(|fuente| {
        otros.remove(0);
        ErrorArchivo::Formato {
            ruta: ruta.into(),
            fuente,
            otros,
        }
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
    leer_hasta_el_limite(abrir(ruta)?, ruta)
}

/// The file at `ruta`, open for reading, if it is a common file of at most
/// [`LIMITE_BYTES`].
fn abrir(ruta: &Path) -> Result<File, ErrorArchivo> {
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
    File::open(ruta).map_err(|fuente| error_de_lectura(ruta, fuente))
}

/// A file held from its reading to its replacement, so that two programs that change
/// one file at once never lose a change: the second waits for the first and then reads
/// what the first saved. The hold is the system's advisory lock (`flock`) on the file
/// itself, so nothing is left behind, and it ends when the `Cerrojo` is dropped (or
/// the program dies). Only those that take it wait for it.
#[derive(Debug)]
pub struct Cerrojo {
    /// The path as given, links and all: the save replaces what it names.
    ruta: PathBuf,
    /// The file held, open for reading.
    archivo: File,
}

impl Cerrojo {
    /// Holds the file at `ruta` (the file a link leads to), waiting while another
    /// program holds it.
    ///
    /// # Errors
    ///
    /// As [`leer_archivo`], for a file that cannot be read.
    pub fn tomar(ruta: impl AsRef<Path>) -> Result<Cerrojo, ErrorArchivo> {
        let ruta = ruta.as_ref();
        let lectura = |fuente| error_de_lectura(ruta, fuente);
        loop {
            let archivo = abrir(ruta)?;
            // SAFETY: flock on a descriptor that `archivo` keeps open.
            while unsafe { libc::flock(archivo.as_raw_fd(), libc::LOCK_EX) } != 0 {
                let error = io::Error::last_os_error();
                if error.kind() != io::ErrorKind::Interrupted {
                    return Err(lectura(error));
                }
            }
            // A save replaces the file by a rename: the one held may have lost its name
            // while this waited, and the name now holds the newer one.
            let abierto = archivo.metadata().map_err(lectura)?;
            let nombrado = fs::metadata(ruta).map_err(lectura)?;
            if (abierto.dev(), abierto.ino()) == (nombrado.dev(), nombrado.ino()) {
                return Ok(Cerrojo {
                    ruta: ruta.to_owned(),
                    archivo,
                });
            }
        }
    }

    /// The bytes of the file held, as [`leer_archivo`] gives them.
    ///
    /// # Errors
    ///
    /// As [`leer_hasta_el_limite`].
    pub fn leer(&self) -> Result<Vec<u8>, ErrorArchivo> {
        leer_hasta_el_limite(&self.archivo, &self.ruta)
    }

    /// Saves `tablero` over the file held, as [`guardar`] does, and lets it go.
    ///
    /// # Errors
    ///
    /// As [`guardar`].
    pub fn guardar(self, tablero: &Tablero) -> Result<(), ErrorArchivo> {
        guardar(tablero, &self.ruta)
    }
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

/// Saves `texto` to the file at `ruta`, as [`guardar`] saves a board.
///
/// A symbolic link is followed: its target is replaced and the link stays. A
/// replaced file keeps its mode and owner (a new one gets 0644 less the umask); a
/// hard link to it keeps the old text, since the name gets a new file. A character
/// device or a pipe (`/dev/stdout`, a FIFO) is written directly, never replaced, and
/// a pipe that nobody reads is refused at once; other special files are refused. A
/// save leaves no temporary file behind, neither its own nor those of earlier saves of
/// the same file that were killed halfway.
///
/// # Errors
///
/// As [`guardar`], [`ErrorArchivo::SinLector`] for a pipe that nobody reads, and
/// [`ErrorArchivo::NoEsArchivo`] for a special file that is not a character device or
/// a pipe.
pub fn guardar_texto(texto: &str, ruta: impl AsRef<Path>) -> Result<(), ErrorArchivo> {
    guardar_bytes(texto.as_bytes(), ruta)
}

/// Saves `bytes` to the file at `ruta`, as [`guardar_texto`] saves a text: for what is
/// not text, such as a zip.
///
/// # Errors
///
/// As [`guardar_texto`].
pub fn guardar_bytes(bytes: &[u8], ruta: impl AsRef<Path>) -> Result<(), ErrorArchivo> {
    let ruta = ruta.as_ref();
    let escritura = |fuente| ErrorArchivo::Escritura {
        ruta: ruta.into(),
        fuente,
    };
    // "x/" names a folder: the system would refuse to make a file through it, but
    // splitting the path into folder and name would write "x".
    if ruta.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(escritura(io::ErrorKind::InvalidFilename.into()));
    }
    // Asked of the path as given, so that the system follows links such as
    // /dev/stdout → /proc/self/fd/1 → a pipe, which have no path to follow by hand.
    match fs::metadata(ruta) {
        Ok(datos) if datos.is_dir() => Err(ErrorArchivo::EsCarpeta { ruta: ruta.into() }),
        Ok(datos) if datos.file_type().is_char_device() || datos.file_type().is_fifo() => {
            escribir_directo(ruta, bytes).map_err(|fuente| match fuente.raw_os_error() {
                Some(libc::ENXIO) if datos.file_type().is_fifo() => {
                    ErrorArchivo::SinLector { ruta: ruta.into() }
                }
                _ => escritura(fuente),
            })
        }
        Ok(datos) if !datos.is_file() => Err(ErrorArchivo::NoEsArchivo { ruta: ruta.into() }),
        _ => destino_de(ruta)
            .and_then(|destino| reemplazar(&destino, bytes))
            .map_err(escritura),
    }
}

/// Writes `bytes` to the character device or pipe at `ruta`, which stays as it is.
/// Opened without waiting: a plain open of a pipe that nobody reads waits for a reader
/// forever, and this one fails at once (ENXIO) instead. Once open, it is written as any
/// file, waiting for a slow reader as the shell's `>` does.
fn escribir_directo(ruta: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut destino = fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(ruta)?;
    let descriptor = destino.as_raw_fd();
    // SAFETY: fcntl on a descriptor this function owns, with flags it read from it.
    let hecho = unsafe {
        let banderas = libc::fcntl(descriptor, libc::F_GETFL);
        banderas != -1 && libc::fcntl(descriptor, libc::F_SETFL, banderas & !libc::O_NONBLOCK) != -1
    };
    if !hecho {
        return Err(io::Error::last_os_error());
    }
    destino.write_all(bytes)
}

/// The file that `ruta` names after following its symbolic links, even a dangling
/// one (the save creates its target, as the shell's `>` does).
fn destino_de(ruta: &Path) -> io::Result<PathBuf> {
    /// As the system's own limit on links in a path (Linux's is 40).
    const ENLACES: usize = 40;
    let mut destino = ruta.to_owned();
    for _ in 0..ENLACES {
        match fs::symlink_metadata(&destino) {
            Ok(datos) if datos.file_type().is_symlink() => {
                let apunta = fs::read_link(&destino)?;
                // A relative target is relative to the link's folder; joining keeps
                // any `..` for the system to resolve, as it does for the link.
                destino = match destino.parent() {
                    Some(carpeta) => carpeta.join(apunta),
                    None => apunta,
                };
            }
            _ => return Ok(destino),
        }
    }
    Err(io::Error::from_raw_os_error(libc::ELOOP))
}

/// Replaces the file at `destino` (not a link) with `bytes`, atomically: a temporary
/// file beside it, written and synced, takes its name in one step, and the folder is
/// synced. The old file stays whole until then.
fn reemplazar(destino: &Path, bytes: &[u8]) -> io::Result<()> {
    let carpeta = match destino.parent() {
        Some(carpeta) if !carpeta.as_os_str().is_empty() => carpeta,
        _ => Path::new("."),
    };
    let nombre = destino
        .file_name()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidFilename))?;
    let anterior = fs::metadata(destino).ok();
    let mut temporal = tempfile::Builder::new()
        .prefix(&prefijo_temporal(nombre, std::process::id()))
        .rand_bytes(LETRAS_AL_AZAR)
        // Less the umask, as any new file; a replaced file's mode is copied below.
        .permissions(fs::Permissions::from_mode(0o644))
        .tempfile_in(carpeta)?;
    if let Some(anterior) = &anterior {
        // The owner first: changing it clears the set-user-id bits the mode restores.
        match std::os::unix::fs::fchown(
            temporal.as_file(),
            Some(anterior.uid()),
            Some(anterior.gid()),
        ) {
            // Only root gives a file away: a file of someone else's that this user
            // may write becomes this user's, as any editor's save makes it.
            Err(error) if error.kind() == io::ErrorKind::PermissionDenied => {}
            otro => otro?,
        }
        temporal
            .as_file()
            .set_permissions(fs::Permissions::from_mode(anterior.mode() & 0o7777))?;
    }
    temporal.write_all(bytes)?;
    temporal.as_file().sync_all()?;
    temporal.persist(destino).map_err(|error| error.error)?;
    File::open(carpeta)?.sync_all()?;
    quitar_restos(carpeta, nombre);
    Ok(())
}

/// How many random letters end a temporary file's name.
const LETRAS_AL_AZAR: usize = 6;

/// How the temporary files of a save of `nombre` by process `proceso` begin: hidden,
/// the program's, with the file's [`huella`] and the process, so that a later save can
/// tell which are left over from a save of the same file that was killed. Short, so
/// that a name of up to 255 bytes, the system's limit, can be saved.
fn prefijo_temporal(nombre: &OsStr, proceso: u32) -> String {
    format!("{}{proceso}.", prefijo_de_restos(nombre))
}

/// How the temporary files of every save of `nombre` begin, whatever their process.
fn prefijo_de_restos(nombre: &OsStr) -> String {
    format!(".othello-{:08x}.", huella(nombre))
}

/// A short hash of `nombre` that every run and version computes alike (32-bit FNV-1a):
/// two names that share it only share the cleanup of killed saves.
fn huella(nombre: &OsStr) -> u32 {
    nombre
        .as_encoded_bytes()
        .iter()
        .fold(0x811c_9dc5, |huella, &byte| {
            (huella ^ u32::from(byte)).wrapping_mul(0x0100_0193)
        })
}

/// Removes from `carpeta` the temporary files of saves of `nombre` whose process is
/// gone (killed halfway): those of a save still running in another process stay.
/// Best effort: a file that cannot be removed is left for the next save.
fn quitar_restos(carpeta: &Path, nombre: &OsStr) {
    let Ok(entradas) = fs::read_dir(carpeta) else {
        return;
    };
    let prefijo = prefijo_de_restos(nombre);
    for entrada in entradas.flatten() {
        if let Some(proceso) = proceso_de_resto(&entrada.file_name(), &prefijo)
            && !proceso_vivo(proceso)
        {
            let _ = fs::remove_file(entrada.path());
        }
    }
}

/// The process that made `archivo` if it is a temporary file whose name begins with
/// `prefijo` ([`prefijo_de_restos`]).
fn proceso_de_resto(archivo: &OsStr, prefijo: &str) -> Option<u32> {
    let (proceso, letras) = archivo.to_str()?.strip_prefix(prefijo)?.split_once('.')?;
    let letras_al_azar =
        letras.len() == LETRAS_AL_AZAR && letras.bytes().all(|byte| byte.is_ascii_alphanumeric());
    let cifras = !proceso.is_empty() && proceso.bytes().all(|byte| byte.is_ascii_digit());
    (letras_al_azar && cifras)
        .then(|| proceso.parse().ok())
        .flatten()
}

/// Whether process `proceso` exists (this one does). One that exists but is not
/// this user's counts as alive: its files are not ours to judge.
fn proceso_vivo(proceso: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(proceso) else {
        return false;
    };
    // SAFETY: signal 0 sends nothing; kill only checks that the process exists.
    let respuesta = unsafe { libc::kill(pid, 0) };
    respuesta == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}
