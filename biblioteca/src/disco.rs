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
    formato::{
        archivo::{self, ErrorTablero},
        jugadas::{self, ruta_de_jugadas},
    },
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
pub fn describir_io(error: &io::Error) -> String {
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
    // Opened without waiting (a pipe opened for reading waits for a writer), and its
    // type checked on what was opened: nothing can take the name's place between a look
    // and the open.
    let archivo = File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(ruta)
        .map_err(|fuente| error_de_lectura(ruta, fuente))?;
    let metadatos = archivo
        .metadata()
        .map_err(|fuente| error_de_lectura(ruta, fuente))?;
    if metadatos.is_dir() {
        return Err(ErrorArchivo::EsCarpeta { ruta: ruta.into() });
    }
    if !metadatos.is_file() {
        return Err(ErrorArchivo::NoEsArchivo { ruta: ruta.into() });
    }
    if metadatos.len() > LIMITE_BYTES {
        return Err(ErrorArchivo::DemasiadoGrande { ruta: ruta.into() });
    }
    Ok(archivo)
}

/// Why a file that someone else controls (a student's, read by the grader) was not
/// read. The messages leave the file unnamed: the caller names it as its reader knows
/// it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorAjeno {
    /// Nothing has that name.
    #[error("no existe")]
    NoExiste,
    /// A symbolic link, somewhere on the path: it could lead anywhere, so it is not
    /// followed.
    #[error("es un enlace simbólico, y los enlaces no se siguen")]
    Enlace,
    /// A folder.
    #[error("es una carpeta")]
    Carpeta,
    /// A pipe, a device, a socket: reading one could wait forever or never end.
    #[error("no es un archivo común (es una tubería, un dispositivo u otro archivo especial)")]
    Especial,
    /// Larger than the bound given: it is not read.
    #[error("pesa más de {}", tamano(*.limite))]
    Grande {
        /// The bound, in bytes.
        limite: u64,
    },
    /// The system refused: what it said, in Spanish.
    #[error("{0}")]
    Sistema(String),
}

/// `bytes` as a person reads a size: "64 KiB", "50 MiB".
pub fn tamano(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => cantidad(b, "byte", "bytes"),
    }
}

impl From<io::Error> for ErrorAjeno {
    fn from(error: io::Error) -> ErrorAjeno {
        match error.raw_os_error() {
            Some(libc::ENOENT) => ErrorAjeno::NoExiste,
            Some(libc::ELOOP) => ErrorAjeno::Enlace,
            Some(libc::EISDIR) => ErrorAjeno::Carpeta,
            _ => ErrorAjeno::Sistema(describir_io(&error)),
        }
    }
}

/// The file at `relativa` under the folder `base`, open for reading, where everything
/// below `base` may be someone else's: each part of `relativa` is opened from the one
/// before without following a symbolic link (`O_NOFOLLOW`, relative to the folder's
/// handle), the file itself without waiting (`O_NONBLOCK`), and its type and size are
/// checked on the descriptor opened, so that nothing can change between a look and the
/// open. `base` itself is followed, as whoever named it meant. It must be a common
/// file of at most `limite` bytes.
///
/// # Errors
///
/// [`ErrorAjeno`]: a link on the way, a folder, a special file, a larger file, or the
/// system's refusal. A `relativa` that climbs (`..`) or is absolute does not exist.
pub fn abrir_ajeno(base: &Path, relativa: &Path, limite: u64) -> Result<File, ErrorAjeno> {
    use std::{ffi::CString, os::fd::FromRawFd, os::unix::ffi::OsStrExt, path::Component};
    let mut partes = Vec::new();
    for parte in relativa.components() {
        match parte {
            Component::Normal(nombre) => {
                partes.push(CString::new(nombre.as_bytes()).map_err(|_| ErrorAjeno::NoExiste)?)
            }
            Component::CurDir => {}
            _ => return Err(ErrorAjeno::NoExiste),
        }
    }
    let Some((ultima, carpetas)) = partes.split_last() else {
        return Err(ErrorAjeno::Carpeta);
    };
    let mut carpeta = File::options()
        .read(true)
        .custom_flags(libc::O_DIRECTORY)
        .open(base)?;
    let abrir_en = |carpeta: &File, nombre: &CString, banderas: libc::c_int| {
        // SAFETY: openat on a descriptor this function owns and a name that outlives the
        // call; the descriptor returned is owned by the `File` made of it.
        let descriptor = unsafe {
            libc::openat(
                carpeta.as_raw_fd(),
                nombre.as_ptr(),
                banderas | libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_CLOEXEC,
            )
        };
        if descriptor < 0 {
            Err(io::Error::last_os_error())
        } else {
            // SAFETY: the descriptor was just opened and is owned by nobody else.
            Ok(unsafe { File::from_raw_fd(descriptor) })
        }
    };
    for nombre in carpetas {
        carpeta = abrir_en(&carpeta, nombre, libc::O_DIRECTORY).map_err(|error| {
            // A link opened with O_DIRECTORY | O_NOFOLLOW is "not a folder".
            match error.raw_os_error() {
                Some(libc::ENOTDIR) => ErrorAjeno::Enlace,
                _ => ErrorAjeno::from(error),
            }
        })?;
    }
    let archivo = abrir_en(&carpeta, ultima, libc::O_NONBLOCK | libc::O_NOCTTY)?;
    let datos = archivo.metadata()?;
    if datos.is_dir() {
        Err(ErrorAjeno::Carpeta)
    } else if !datos.is_file() {
        Err(ErrorAjeno::Especial)
    } else if datos.len() > limite {
        Err(ErrorAjeno::Grande { limite })
    } else {
        Ok(archivo)
    }
}

/// The bytes of the file at `ruta` (a link followed, as whoever named it meant), at most
/// `limite` of them: opened without waiting, its type and size checked on what was
/// opened, as [`abrir_ajeno`] does below its folder.
///
/// # Errors
///
/// As [`abrir_ajeno`].
pub fn leer_con_limite(ruta: &Path, limite: u64) -> Result<Vec<u8>, ErrorAjeno> {
    let archivo = File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(ruta)?;
    let datos = archivo.metadata()?;
    if datos.is_dir() {
        return Err(ErrorAjeno::Carpeta);
    }
    if !datos.is_file() {
        return Err(ErrorAjeno::Especial);
    }
    if datos.len() > limite {
        return Err(ErrorAjeno::Grande { limite });
    }
    leer_acotado(archivo, limite)
}

/// The bytes of the file at `relativa` under `base`, opened as [`abrir_ajeno`] opens
/// it, at most `limite` of them (its size can lie: a file still growing).
///
/// # Errors
///
/// As [`abrir_ajeno`], or the read's.
pub fn leer_ajeno(base: &Path, relativa: &Path, limite: u64) -> Result<Vec<u8>, ErrorAjeno> {
    leer_acotado(abrir_ajeno(base, relativa, limite)?, limite)
}

/// Everything `lector` gives, at most `limite` bytes.
///
/// # Errors
///
/// [`ErrorAjeno::Grande`] past the bound, or the read's.
pub fn leer_acotado(lector: impl Read, limite: u64) -> Result<Vec<u8>, ErrorAjeno> {
    let mut bytes = Vec::new();
    lector.take(limite + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limite {
        return Err(ErrorAjeno::Grande { limite });
    }
    Ok(bytes)
}

/// A file held from its reading to its replacement, so that two programs that change
/// one file at once never lose a change: the second waits for the first and then reads
/// what the first saved. The hold is the system's advisory lock (`flock`) on the folder
/// of the file (the folder a link leads to), so that it holds a name whether or not a
/// file is there yet, leaves nothing behind, and ends when the `Cerrojo` is dropped (or
/// the program dies). Every save of a board with its moves
/// ([`Cerrojo::guardar_con_jugadas`], [`guardar_con_jugadas`]) and `jugar --en-sitio`
/// take it; saves that do not take it do not wait for it. A folder that cannot be
/// opened for reading (no `r` permission) is not held: the save goes on as before.
#[derive(Debug)]
pub struct Cerrojo {
    /// The path as given, links and all: the save replaces what it names.
    ruta: PathBuf,
    /// The folder held, if it could be opened.
    _carpeta: Option<File>,
}

impl Cerrojo {
    /// Holds the file at `ruta`, waiting while another program holds it, to read it
    /// and replace it.
    ///
    /// # Errors
    ///
    /// As [`leer_archivo`], for a file that cannot be read.
    pub fn tomar(ruta: impl AsRef<Path>) -> Result<Cerrojo, ErrorArchivo> {
        let cerrojo = Cerrojo::para_guardar(ruta)?;
        abrir(&cerrojo.ruta)?;
        Ok(cerrojo)
    }

    /// Holds the name `ruta`, whether or not a file is there, waiting while another
    /// program holds it, to save there.
    ///
    /// # Errors
    ///
    /// [`ErrorArchivo::Escritura`] if the system refuses the lock.
    pub fn para_guardar(ruta: impl AsRef<Path>) -> Result<Cerrojo, ErrorArchivo> {
        let ruta = ruta.as_ref();
        let escritura = |fuente| ErrorArchivo::Escritura {
            ruta: ruta.into(),
            fuente,
        };
        let destino = destino_de(ruta).map_err(escritura)?;
        Ok(Cerrojo {
            ruta: ruta.to_owned(),
            _carpeta: tomar_carpeta(carpeta_de(&destino)).map_err(escritura)?,
        })
    }

    /// The bytes of the file held, as [`leer_archivo`] gives them.
    ///
    /// # Errors
    ///
    /// As [`leer_archivo`].
    pub fn leer(&self) -> Result<Vec<u8>, ErrorArchivo> {
        leer_archivo(&self.ruta)
    }

    /// Saves `tablero` over the file held, as [`guardar`] does, and lets it go.
    ///
    /// # Errors
    ///
    /// As [`guardar`].
    pub fn guardar(self, tablero: &Tablero) -> Result<(), ErrorArchivo> {
        guardar(tablero, &self.ruta)
    }

    /// Saves `tablero` to the name held and `jugadas` beside it, as
    /// [`guardar_con_jugadas`] does, and lets it go.
    ///
    /// # Errors
    ///
    /// As [`guardar_con_jugadas`].
    pub fn guardar_con_jugadas(self, tablero: &Tablero, jugadas: &str) -> Result<(), ErrorPar> {
        guardar_par(tablero, jugadas, &self.ruta)
    }
}

/// Holds `carpeta` ([`Cerrojo`]), waiting while another program holds it; `None` if it
/// cannot be opened for reading.
fn tomar_carpeta(carpeta: &Path) -> io::Result<Option<File>> {
    let Ok(abierta) = File::open(carpeta) else {
        return Ok(None);
    };
    // SAFETY: flock on a descriptor that `abierta` keeps open.
    while unsafe { libc::flock(abierta.as_raw_fd(), libc::LOCK_EX) } != 0 {
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    Ok(Some(abierta))
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

/// The folder of the file at `destino`: `.` for a bare name.
fn carpeta_de(destino: &Path) -> &Path {
    match destino.parent() {
        Some(carpeta) if !carpeta.as_os_str().is_empty() => carpeta,
        _ => Path::new("."),
    }
}

/// Replaces the file at `destino` (not a link) with `bytes`, atomically: a temporary
/// file beside it, written and synced, takes its name in one step, and the folder is
/// synced. The old file stays whole until then.
fn reemplazar(destino: &Path, bytes: &[u8]) -> io::Result<()> {
    reemplazar_como(destino, destino, bytes)
}

/// Writes `bytes` for the file at `destino` (not a link) as [`reemplazar`] does, with
/// its mode and owner, but gives them the name `nombrado`, in the same folder.
fn reemplazar_como(destino: &Path, nombrado: &Path, bytes: &[u8]) -> io::Result<()> {
    let carpeta = carpeta_de(destino);
    let nombre = nombrado
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
    punto_de_falla();
    temporal.write_all(bytes)?;
    temporal.as_file().sync_all()?;
    punto_de_falla();
    temporal.persist(nombrado).map_err(|error| error.error)?;
    punto_de_falla();
    File::open(carpeta)?.sync_all()?;
    quitar_restos(carpeta, nombre);
    Ok(())
}

/// The environment variable that makes the program kill itself (`SIGKILL`) at the
/// given step of its saves, counted from 1 over the run: before a temporary file is
/// written, before it takes its name, after. The tests use it to cut a save at each
/// of its steps, as a `kill -9` or a power cut would, with nothing to install.
pub const MATAR_EN_EL_PASO: &str = "OTHELLO_PRUEBA_MATAR_EN_EL_PASO";

/// A step of a save where [`MATAR_EN_EL_PASO`] may kill the program. The variable is
/// read once; without it, this only counts.
fn punto_de_falla() {
    use std::sync::{
        OnceLock,
        atomic::{AtomicU64, Ordering},
    };
    static PASO: OnceLock<Option<u64>> = OnceLock::new();
    static DADOS: AtomicU64 = AtomicU64::new(0);
    let paso = PASO.get_or_init(|| std::env::var(MATAR_EN_EL_PASO).ok()?.parse().ok());
    if let Some(paso) = *paso
        && DADOS.fetch_add(1, Ordering::SeqCst) + 1 == paso
    {
        // SAFETY: kill sends a signal to this very process; SIGKILL cannot be caught.
        unsafe { libc::kill(libc::getpid(), libc::SIGKILL) };
    }
}

/// Why a board and its moves were not both saved.
#[derive(Debug, thiserror::Error)]
pub enum ErrorPar {
    /// The board was not written: the files there, if any, are as they were.
    #[error("{0}")]
    Tablero(ErrorArchivo),
    /// The board was written, its moves not: the old moves, if any, stay beside it
    /// and no longer lead to it.
    #[error("{0}")]
    Jugadas(ErrorArchivo),
}

/// Saves `tablero` to `ruta` and `jugadas`, the text of its `.jugadas` file, beside it,
/// holding the name ([`Cerrojo::para_guardar`]) while it does. For a reader the pair
/// changes in one step, the board's renaming: until then the old pair is whole; from
/// then on the new board is there and its moves are either beside it or, if the save
/// was cut before their own renaming, waiting under a hidden name where
/// [`leer_jugadas`] finds them. A kill at any step of the save loses neither game.
///
/// # Errors
///
/// As [`guardar`], which of the two was not written.
pub fn guardar_con_jugadas(tablero: &Tablero, jugadas: &str, ruta: &Path) -> Result<(), ErrorPar> {
    Cerrojo::para_guardar(ruta)
        .map_err(ErrorPar::Tablero)?
        .guardar_con_jugadas(tablero, jugadas)
}

/// [`guardar_con_jugadas`], with the name already held.
fn guardar_par(tablero: &Tablero, jugadas: &str, ruta: &Path) -> Result<(), ErrorPar> {
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let error_de_jugadas = |fuente| {
        ErrorPar::Jugadas(ErrorArchivo::Escritura {
            ruta: ruta_jugadas.clone(),
            fuente,
        })
    };
    let especial = fs::metadata(&ruta_jugadas).is_ok_and(|datos| !datos.is_file());
    let destino = destino_de(&ruta_jugadas);
    let en_espera = destino
        .as_ref()
        .ok()
        .and_then(|destino| ruta_en_espera(destino));
    let (Some(en_espera), Ok(destino), false) = (en_espera, &destino, especial) else {
        // A folder, a pipe or a name that cannot be followed: the board alone goes
        // first, and the moves are told apart as the save to them tells.
        guardar(tablero, ruta).map_err(ErrorPar::Tablero)?;
        return guardar_texto(jugadas, &ruta_jugadas).map_err(ErrorPar::Jugadas);
    };
    let esperando = reemplazar_como(destino, &en_espera, jugadas.as_bytes());
    if let Err(error) = guardar(tablero, ruta) {
        let _ = fs::remove_file(&en_espera);
        return Err(ErrorPar::Tablero(error));
    }
    esperando
        .and_then(|()| {
            punto_de_falla();
            fs::rename(&en_espera, destino)?;
            File::open(carpeta_de(destino))?.sync_all()
        })
        .map_err(|error| {
            let _ = fs::remove_file(&en_espera);
            error_de_jugadas(error)
        })
}

/// Removes the board at `ruta` and its moves ([`guardar_con_jugadas`]), the board first:
/// a reader finds the pair whole or finds no board. A kill between the two leaves only
/// moves that no board claims, never a board without its moves (which would load
/// without its history). Moves left waiting by a cut save go last. What is not there
/// is not an error, and neither is what cannot be removed: the caller is done with the
/// pair either way.
pub fn borrar_con_jugadas(ruta: &Path) {
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let en_espera = en_espera_de(&ruta_jugadas);
    let _ = fs::remove_file(ruta);
    punto_de_falla();
    let _ = fs::remove_file(&ruta_jugadas);
    if let Some(en_espera) = en_espera {
        let _ = fs::remove_file(en_espera);
    }
}

/// Whether `bytes`, a `.jugadas` file, say their moves lead to `tablero`.
fn llevan_a(bytes: &[u8], tablero: &Tablero) -> bool {
    jugadas::tablero_final(&String::from_utf8_lossy(bytes)).as_ref() == Some(tablero)
}

/// Where the moves of a save of the `.jugadas` file at `destino` (not a link) wait for
/// their board: a hidden name beside it, short whatever its length, made of its
/// [`huella`]. `None` for a path without a file name.
fn ruta_en_espera(destino: &Path) -> Option<PathBuf> {
    let nombre = destino.file_name()?;
    Some(carpeta_de(destino).join(format!(".othello-{:08x}.en-espera", huella(nombre))))
}

/// Where the moves of a save of `ruta_jugadas` wait ([`ruta_en_espera`]), wherever a link
/// there leads; `None` where it leads nowhere.
fn en_espera_de(ruta_jugadas: &Path) -> Option<PathBuf> {
    ruta_en_espera(&destino_de(ruta_jugadas).ok()?)
}

/// The text of the `.jugadas` file of the board at `ruta`, which is `tablero`: the one
/// beside it, or the one a save cut between the board's renaming and theirs left
/// waiting ([`guardar_con_jugadas`]), whichever says it leads to `tablero` (the one
/// beside it if neither does, for the reader to tell why).
///
/// # Errors
///
/// As [`leer_archivo`], for the file beside the board, when none waits.
pub fn leer_jugadas(ruta: &Path, tablero: &Tablero) -> Result<Vec<u8>, ErrorArchivo> {
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let lleva = |bytes: &[u8]| llevan_a(bytes, tablero);
    let al_lado = leer_archivo(&ruta_jugadas);
    if al_lado.as_deref().is_ok_and(lleva) {
        return al_lado;
    }
    let en_espera = en_espera_de(&ruta_jugadas)
        .and_then(|en_espera| leer_archivo(en_espera).ok())
        .filter(|bytes| lleva(bytes));
    en_espera.map_or(al_lado, Ok)
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

/// Tidies `carpeta` after saves killed halfway, as the game does at start for the
/// current folder and the recovery copies': the temporary files of processes that are
/// gone go, whatever file they were for; moves left waiting by a save cut after its
/// board's renaming ([`guardar_con_jugadas`]) take their name beside their board, and
/// those of a save cut before it go. Holds the folder while it does, so a save in
/// course is left to end. Best effort: what cannot be done is left as it was.
pub fn quitar_restos_de(carpeta: &Path) {
    let _cerrojo = tomar_carpeta(carpeta);
    let Ok(entradas) = fs::read_dir(carpeta) else {
        return;
    };
    let nombres: Vec<std::ffi::OsString> = entradas.flatten().map(|e| e.file_name()).collect();
    for nombre in &nombres {
        let Some(huella_del_nombre) = huella_de_resto(nombre) else {
            continue;
        };
        let prefijo = format!(".othello-{huella_del_nombre}.");
        let en_espera = nombre.to_str() == Some(&format!("{prefijo}en-espera"));
        if en_espera {
            terminar_en_espera(carpeta, nombre, &nombres);
        } else if proceso_de_resto(nombre, &prefijo).is_some_and(|p| !proceso_vivo(p)) {
            let _ = fs::remove_file(carpeta.join(nombre));
        }
    }
}

/// The [`huella`] in the name of a file the saves make (`.othello-HUELLA.…`), as
/// written there.
fn huella_de_resto(nombre: &OsStr) -> Option<&str> {
    let huella = nombre.to_str()?.strip_prefix(".othello-")?.get(..8)?;
    huella
        .bytes()
        .all(|b| b.is_ascii_hexdigit())
        .then_some(huella)
}

/// Ends the save whose moves wait in `en_espera`, in `carpeta` among `nombres`: they
/// take the name beside their board if it is there, is the board they lead to, and the
/// moves beside it do not; otherwise they go.
fn terminar_en_espera(carpeta: &Path, en_espera: &OsStr, nombres: &[std::ffi::OsString]) {
    let ruta = carpeta.join(en_espera);
    let tablero = nombres.iter().find_map(|nombre| {
        let ruta_jugadas = ruta_de_jugadas(Path::new(nombre));
        let suya = ruta_en_espera(&ruta_jugadas)? == Path::new(".").join(en_espera);
        suya.then(|| carpeta.join(nombre))
    });
    if let Some(ruta_tablero) = tablero
        && let Ok(tablero) = cargar(&ruta_tablero)
        && leer_archivo(&ruta).is_ok_and(|bytes| llevan_a(&bytes, &tablero))
        && !leer_archivo(ruta_de_jugadas(&ruta_tablero)).is_ok_and(|b| llevan_a(&b, &tablero))
        && fs::rename(&ruta, ruta_de_jugadas(&ruta_tablero)).is_ok()
    {
        return;
    }
    let _ = fs::remove_file(ruta);
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
pub fn proceso_vivo(proceso: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(proceso) else {
        return false;
    };
    // SAFETY: signal 0 sends nothing; kill only checks that the process exists.
    let respuesta = unsafe { libc::kill(pid, 0) };
    respuesta == 0 || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Jugada, Partida};

    /// The board after `jugadas` from the start, and a `.jugadas` text that says so.
    fn partida(jugadas: &str) -> (Tablero, String) {
        let mut partida = Partida::nueva();
        for jugada in jugadas.split_whitespace() {
            partida.jugar(jugada.parse::<Jugada>().unwrap()).unwrap();
        }
        let obf = crate::Obf {
            tablero: partida.tablero().clone(),
            turno: partida.turno(),
        };
        (
            partida.tablero().clone(),
            format!("{}{obf}\n{jugadas}\n", jugadas::FINAL),
        )
    }

    #[test]
    fn las_jugadas_que_esperan_a_su_tablero_se_leen_y_al_empezar_toman_su_nombre() {
        let dir = tempfile::tempdir().unwrap();
        let ruta = dir.path().join("p.txt");
        let (viejo, jugadas_viejas) = partida("F5 D6");
        let (nuevo, jugadas_nuevas) = partida("C4 C3 D3");
        guardar_con_jugadas(&viejo, &jugadas_viejas, &ruta).unwrap();
        // Cut after the board's renaming: the new board, the old moves beside it, the
        // new ones waiting.
        let en_espera = ruta_en_espera(&ruta_de_jugadas(&ruta)).unwrap();
        fs::write(&en_espera, &jugadas_nuevas).unwrap();
        guardar(&nuevo, &ruta).unwrap();
        assert_eq!(
            leer_jugadas(&ruta, &nuevo).unwrap(),
            jugadas_nuevas.as_bytes()
        );
        // The old board reads its own moves (a save cut before the board's renaming).
        assert_eq!(
            leer_jugadas(&ruta, &viejo).unwrap(),
            jugadas_viejas.as_bytes()
        );
        quitar_restos_de(dir.path());
        assert!(!en_espera.exists());
        assert_eq!(
            fs::read_to_string(ruta_de_jugadas(&ruta)).unwrap(),
            jugadas_nuevas
        );
        // Cut before: the moves waiting lead nowhere there, and go.
        fs::write(&en_espera, &jugadas_viejas).unwrap();
        quitar_restos_de(dir.path());
        assert!(!en_espera.exists());
        assert_eq!(
            leer_jugadas(&ruta, &nuevo).unwrap(),
            jugadas_nuevas.as_bytes()
        );
    }

    #[test]
    fn un_archivo_ajeno_no_sigue_enlaces_ni_espera_ni_pasa_del_limite() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path();
        fs::create_dir(base.join("ana")).unwrap();
        fs::write(base.join("ana/tarea2.py"), "x = 1\n").unwrap();
        fs::write(base.join("secreto"), "clave").unwrap();
        std::os::unix::fs::symlink(base.join("secreto"), base.join("ana/enlace.txt")).unwrap();
        std::os::unix::fs::symlink(base, base.join("ana/arriba")).unwrap();
        let fifo = std::ffi::CString::new(base.join("ana/fifo.py").as_os_str().as_encoded_bytes())
            .unwrap();
        // SAFETY: mkfifo on a path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        File::create(base.join("ana/enorme.py"))
            .unwrap()
            .set_len(4 << 30)
            .unwrap();
        let leer = |relativa: &str| leer_ajeno(base, Path::new(relativa), 1024);
        assert_eq!(leer("ana/tarea2.py").unwrap(), b"x = 1\n");
        assert!(matches!(leer("ana/enlace.txt"), Err(ErrorAjeno::Enlace)));
        assert!(matches!(
            leer("ana/arriba/secreto"),
            Err(ErrorAjeno::Enlace)
        ));
        assert!(matches!(leer("ana/fifo.py"), Err(ErrorAjeno::Especial)));
        assert!(matches!(
            leer("ana/enorme.py"),
            Err(ErrorAjeno::Grande { limite: 1024 })
        ));
        assert!(matches!(leer("ana"), Err(ErrorAjeno::Carpeta)));
        assert!(matches!(leer("ana/nada.py"), Err(ErrorAjeno::NoExiste)));
        assert!(matches!(leer("../secreto"), Err(ErrorAjeno::NoExiste)));
        assert_eq!(
            ErrorAjeno::Grande { limite: 64 << 10 }.to_string(),
            "pesa más de 64 KiB"
        );
    }
}
