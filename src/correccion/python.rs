//! The child `python3` process that runs a student's code, and how it is contained.
//!
//! The child runs the harness (`carga.py` and `arnes.py`, embedded) with a cleared environment, a
//! fresh folder as its working directory, `HOME` and `TMPDIR`, a memory limit enforced
//! by the system (`RLIMIT_AS`), no core dumps, a limit on the size of the files it
//! writes, and its own process group, which is killed whole (registered in `vivos`
//! meanwhile, for an interruption). It dies with the grader (`PR_SET_PDEATHSIG`).
//! Requests and answers are JSON lines on its standard input and output, which the
//! harness keeps for itself before any student code runs. A reader thread passes the
//! answers on, so that the grader can wait for one with a deadline, and no longer than
//! [`LARGO_RESPUESTA`]: a line past it breaks the protocol.
//!
//! The child inherits nothing of the grader's but those pipes and, as descriptor 3, a
//! file in memory where the harness writes the stack of a call stuck past its time
//! ([`Hijo::volcar_pila`]): every other descriptor that the teaching assistant's shell
//! left open is closed at its `exec`. The grader never opens a file of the child's
//! folder: the student's files go to the harness in the request that loads them, and
//! what a call saves comes back in its answer.
//!
//! Unless grading runs without it (`--sin-encierro`), the child is also contained
//! against attacks (`encierro`): it touches nothing but its own folder (a space of its
//! own, bounded) and the Python it runs with, runs no other program, has no network,
//! and what it starts dies with it.

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Write},
    os::{
        fd::{AsRawFd, FromRawFd},
        unix::{fs::FileExt, process::CommandExt},
    },
    path::{Path, PathBuf},
    process::{Child, ChildStdin, Command, Stdio},
    sync::{
        Arc,
        mpsc::{self, Receiver, RecvTimeoutError},
    },
    time::Duration,
};

use super::{
    encierro::{Encierro, limitar},
    error::ErrorCorreccion,
    vivos::{self, GrupoDeControl},
};

/// The harness, run with `python3 -c`: `carga.py`, which loads the student's file
/// (also written by `othello casos`, for pytest), then `arnes.py`, the protocol.
const ARNES: &str = concat!(include_str!("carga.py"), include_str!("arnes.py"));

/// The largest file the child may write: far more than any board file.
const LIMITE_ARCHIVOS: u64 = 16 * 1024 * 1024;

/// The longest answer line read: an answer is a few hundred bytes, a loaded file's
/// report a few kilobytes, a saved board with its file at most a few hundred.
pub(super) const LARGO_RESPUESTA: usize = 1024 * 1024;

/// The most of the stack trace that is read.
const LARGO_TRAZA: u64 = 64 * 1024;

/// The descriptor where the harness writes the stack of a stuck call.
const DESCRIPTOR_TRAZA: libc::c_int = 3;

/// The folder inside a child's folder where it works and writes: its working folder,
/// `HOME` and `TMPDIR` (contained, a space of its own: `encierro`).
const ESPACIO: &str = "entrega";

/// A Python 3 interpreter found and checked.
#[derive(Clone, Debug)]
pub(super) struct Interprete {
    /// The real executable (`sys.executable`), so that wrappers such as pyenv's shims,
    /// which need the user's environment, are not in the way of a cleared one.
    ejecutable: PathBuf,
    /// Where it is installed (`sys.prefix` and the others): its libraries are what its
    /// child may read.
    instalacion: Vec<PathBuf>,
    /// How its children are contained; `None` with `--sin-encierro`.
    encierro: Option<Arc<Encierro>>,
}

impl Interprete {
    /// The interpreter at `ruta`, or `python3` on the `PATH`: it must run and be
    /// Python 3.8 or newer.
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion::SinInterprete`] or [`ErrorCorreccion::VersionAntigua`].
    pub(super) fn buscar(ruta: Option<&Path>) -> Result<Interprete, ErrorCorreccion> {
        let ruta = ruta.unwrap_or(Path::new("python3"));
        let sin_interprete = |causa: String| ErrorCorreccion::SinInterprete {
            ruta: ruta.to_owned(),
            causa,
        };
        let salida = Command::new(ruta)
            .args([
                "-c",
                "import sys; print(sys.executable); print('%d.%d.%d' % sys.version_info[:3]); \
                 print(sys.prefix); print(sys.exec_prefix); print(sys.base_prefix); \
                 print(sys.base_exec_prefix)",
            ])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .map_err(|error| match error.kind() {
                io::ErrorKind::NotFound => sin_interprete("no existe".into()),
                _ => sin_interprete(othello::disco::describir_io(&error)),
            })?;
        let texto = String::from_utf8_lossy(&salida.stdout);
        let mut lineas = texto.lines();
        let (Some(ejecutable), Some(version), true) =
            (lineas.next(), lineas.next(), salida.status.success())
        else {
            return Err(sin_interprete("no responde como Python 3".into()));
        };
        let numeros: Vec<u32> = version.split('.').filter_map(|n| n.parse().ok()).collect();
        if numeros.first() != Some(&3) {
            return Err(sin_interprete(format!("es Python {version}")));
        }
        if numeros.get(1).is_none_or(|&menor| menor < 8) {
            return Err(ErrorCorreccion::VersionAntigua {
                ruta: ruta.to_owned(),
                version: version.to_owned(),
            });
        }
        let ejecutable = if ejecutable.is_empty() {
            ruta.to_owned()
        } else {
            PathBuf::from(ejecutable)
        };
        let instalacion = lineas
            .filter(|linea| !linea.is_empty())
            .map(PathBuf::from)
            .collect();
        Ok(Interprete {
            ejecutable,
            instalacion,
            encierro: None,
        })
    }

    /// The same interpreter, its children contained (`encierro`), or as it is when
    /// `sin_encierro`.
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion::SinEncierro`] if this machine lacks a protection.
    pub(super) fn encerrado(mut self, sin_encierro: bool) -> Result<Interprete, ErrorCorreccion> {
        if !sin_encierro {
            let encierro = Encierro::preparar(&self.ejecutable, &self.instalacion)
                .map_err(ErrorCorreccion::SinEncierro)?;
            self.encierro = Some(Arc::new(encierro));
        }
        Ok(self)
    }
}

/// The answer lines in what the child wrote, as the grader reads them: split at `\n`
/// (with a `\r` before it dropped), up to the first line that is not UTF-8 or is
/// longer than [`LARGO_RESPUESTA`], which is given as `None` and ends them. The harness
/// writes only ASCII JSON, so such a line is not its own: nothing after it is trusted,
/// and the case waiting counts as the process's death (as for any line that is not an
/// answer), or for a line too long, as a break of the protocol; the child is
/// restarted. No line is held whole in memory past the bound.
pub(super) fn lineas(salida: impl BufRead) -> impl Iterator<Item = Option<String>> {
    let mut salida = salida;
    let mut terminadas = false;
    std::iter::from_fn(move || {
        if terminadas {
            return None;
        }
        let mut linea = Vec::new();
        loop {
            let (leidos, fin) = match salida.fill_buf() {
                Ok([]) if linea.is_empty() => return None,
                Ok([]) => (0, true),
                Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        linea.extend_from_slice(&bytes[..i]);
                        (i + 1, true)
                    }
                    None => {
                        linea.extend_from_slice(bytes);
                        (bytes.len(), false)
                    }
                },
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) if linea.is_empty() => return None,
                Err(_) => (0, true),
            };
            salida.consume(leidos);
            if linea.len() > LARGO_RESPUESTA {
                terminadas = true;
                return Some(None);
            }
            if fin {
                break;
            }
        }
        if linea.last() == Some(&b'\r') {
            linea.pop();
        }
        match String::from_utf8(linea) {
            Ok(linea) => Some(Some(linea)),
            Err(_) => {
                terminadas = true;
                None
            }
        }
    })
}

/// Bytes as the characters U+0000 to U+00FF, one each: what a JSON string carries and
/// Python's `latin-1` turns back into the same bytes (how the student's files travel to
/// the harness).
pub(super) fn como_latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&byte| char::from(byte)).collect()
}

/// What came from the child while waiting.
#[derive(Debug)]
pub(super) enum Llegada {
    /// One answer line.
    Linea(String),
    /// A line longer than [`LARGO_RESPUESTA`]: the protocol is broken.
    Desmedida,
    /// Nothing before the deadline.
    Plazo,
    /// The child is gone.
    Fin,
}

/// A running child. Dropping it kills it and its process group.
#[derive(Debug)]
pub(super) struct Hijo {
    proceso: Child,
    pedidos: ChildStdin,
    respuestas: Receiver<Option<String>>,
    /// The file in memory that is the child's descriptor 3 ([`Hijo::volcar_pila`]).
    traza: File,
    /// Root's bound on its processes, removed after it is reaped (`encierro`).
    _control: Option<GrupoDeControl>,
}

impl Hijo {
    /// Starts the harness in the folder `carpeta` (it works in [`ESPACIO`] inside it),
    /// with at most `memoria` bytes of address space.
    ///
    /// # Errors
    ///
    /// The system's, if the process cannot start: a failure of the grader's machine,
    /// not of the submission.
    pub(super) fn lanzar(
        interprete: &Interprete,
        carpeta: &Path,
        memoria: u64,
    ) -> io::Result<Hijo> {
        let espacio = carpeta.join(ESPACIO);
        match std::fs::create_dir(&espacio) {
            Err(error) if error.kind() != io::ErrorKind::AlreadyExists => return Err(error),
            _ => {}
        }
        let trabajo = std::ffi::CString::new(espacio.as_os_str().as_encoded_bytes())
            .map_err(io::Error::other)?;
        let (mut celda, control) = match &interprete.encierro {
            Some(encierro) => {
                let (celda, control) = encierro.celda(carpeta, &espacio)?;
                (Some(celda), control)
            }
            None => (None, None),
        };
        let traza = archivo_en_memoria()?;
        let descriptor_traza = traza.as_raw_fd();
        let mut comando = Command::new(&interprete.ejecutable);
        comando
            .args(["-s", "-X", "utf8", "-c", ARNES])
            .env_clear()
            .env("HOME", &espacio)
            .env("TMPDIR", &espacio)
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .env("PYTHONHASHSEED", "0")
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Safety: between fork and exec only async-signal-safe calls are made: dup2,
        // fcntl, close_range, setrlimit, prctl and chdir are plain system calls, the
        // containment was built before the fork, and nothing is allocated. The working
        // folder is entered last, once the child's own space is mounted there.
        unsafe {
            comando.pre_exec(move || {
                limitar(libc::RLIMIT_AS, memoria)?;
                limitar(libc::RLIMIT_CORE, 0)?;
                limitar(libc::RLIMIT_FSIZE, LIMITE_ARCHIVOS)?;
                #[cfg(target_os = "linux")]
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(io::Error::last_os_error());
                }
                if let Some(celda) = &mut celda {
                    celda.entrar()?;
                }
                // After the containment, whose own descriptors descriptor 3 could be.
                heredar_solo_la_traza(descriptor_traza)?;
                if libc::chdir(trabajo.as_ptr()) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let mut proceso = vivos::lanzar(&mut comando)?;
        let pedidos = proceso
            .stdin
            .take()
            .expect("la entrada del hijo es una tubería");
        let salida = proceso
            .stdout
            .take()
            .expect("la salida del hijo es una tubería");
        let (enviar, respuestas) = mpsc::channel();
        std::thread::spawn(move || {
            for linea in lineas(BufReader::new(salida)) {
                let desmedida = linea.is_none();
                if enviar.send(linea).is_err() || desmedida {
                    break;
                }
            }
        });
        Ok(Hijo {
            proceso,
            pedidos,
            respuestas,
            traza,
            _control: control,
        })
    }

    /// Sends one request line. `false` if the child is gone.
    pub(super) fn pedir(&mut self, pedido: &str) -> bool {
        self.pedidos
            .write_all(pedido.as_bytes())
            .and_then(|()| self.pedidos.write_all(b"\n"))
            .and_then(|()| self.pedidos.flush())
            .is_ok()
    }

    /// The stack of what the harness is running, as faulthandler writes it: asked for
    /// with SIGUSR1, which its faulthandler answers from the signal handler (even in C
    /// code) into descriptor 3, a sealed file in memory that the grader reads back
    /// ([`archivo_en_memoria`]). For a call that did not answer in time, before the
    /// child is killed. The student's code could have written there too: what comes
    /// back only says where their own code was.
    pub(super) fn volcar_pila(&self) -> String {
        let Ok(pid) = libc::pid_t::try_from(self.proceso.id()) else {
            return String::new();
        };
        let mut bytes = vec![0; LARGO_TRAZA as usize];
        // Safety: kill has no memory effects; the child is ours and not yet waited for.
        unsafe { libc::kill(pid, libc::SIGUSR1) };
        for _ in 0..50 {
            let mut primero = [0];
            if self.traza.read_at(&mut primero, 0).is_ok_and(|n| n == 1) && primero[0] != 0 {
                // The handler writes the whole stack at once; a moment for the rest.
                std::thread::sleep(Duration::from_millis(20));
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let leidos = self.traza.read_at(&mut bytes, 0).unwrap_or(0);
        bytes.truncate(leidos);
        let fin = bytes
            .iter()
            .rposition(|&byte| byte != 0)
            .map_or(0, |i| i + 1);
        String::from_utf8_lossy(&bytes[..fin]).into_owned()
    }

    /// The next answer line, waiting at most `plazo`.
    pub(super) fn esperar(&self, plazo: Duration) -> Llegada {
        match self.respuestas.recv_timeout(plazo) {
            Ok(Some(linea)) => Llegada::Linea(linea),
            Ok(None) => Llegada::Desmedida,
            Err(RecvTimeoutError::Timeout) => Llegada::Plazo,
            Err(RecvTimeoutError::Disconnected) => Llegada::Fin,
        }
    }
}

impl Drop for Hijo {
    fn drop(&mut self) {
        // The whole group: whatever the student's code started dies with it.
        vivos::matar(&self.proceso);
        // And the child itself, should the student's code have left the group.
        let _ = self.proceso.kill();
        let _ = self.proceso.wait();
    }
}

/// A file in memory of [`LARGO_TRAZA`] bytes, zeroes, that can neither grow nor
/// shrink (sealed), closed on `exec`: given to a child only as its descriptor 3
/// ([`heredar_solo_la_traza`]), whatever the child writes into it takes no more memory
/// of the grader's machine than that.
fn archivo_en_memoria() -> io::Result<File> {
    // Safety: memfd_create reads the name, which outlives the call.
    let descriptor = unsafe {
        libc::memfd_create(
            c"othello-traza".as_ptr(),
            libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING,
        )
    };
    if descriptor < 0 {
        return Err(io::Error::last_os_error());
    }
    // Safety: the descriptor was just made and is owned by nobody else.
    let archivo = unsafe { File::from_raw_fd(descriptor) };
    archivo.set_len(LARGO_TRAZA)?;
    // Safety: fcntl on a descriptor `archivo` owns.
    if unsafe {
        libc::fcntl(
            archivo.as_raw_fd(),
            libc::F_ADD_SEALS,
            libc::F_SEAL_GROW | libc::F_SEAL_SHRINK | libc::F_SEAL_SEAL,
        )
    } != 0
    {
        return Err(io::Error::last_os_error());
    }
    Ok(archivo)
}

/// In a child between fork and exec: makes `traza` its descriptor 3, kept across the
/// exec, and every descriptor above it closed at the exec, whatever the teaching
/// assistant's shell or script left open (a log, a socket). Async-signal-safe.
///
/// # Errors
///
/// The system's.
fn heredar_solo_la_traza(traza: libc::c_int) -> io::Result<()> {
    let comprobar = |resultado: libc::c_int| {
        if resultado < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(())
        }
    };
    // Safety: dup2, fcntl and close_range act on this process's descriptors only.
    unsafe {
        if traza == DESCRIPTOR_TRAZA {
            comprobar(libc::fcntl(traza, libc::F_SETFD, 0))?;
        } else {
            comprobar(libc::dup2(traza, DESCRIPTOR_TRAZA))?;
        }
        // Marked rather than closed: the standard library's own pipe, which reports a
        // failed exec, must stay open until the exec.
        if libc::close_range(
            (DESCRIPTOR_TRAZA + 1).unsigned_abs(),
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC as libc::c_int,
        ) != 0
        {
            // Kernels before 5.11 lack the flag: one by one, as far as the limit goes.
            let mut limite = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            comprobar(libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut limite))?;
            let hasta = libc::c_int::try_from(limite.rlim_cur.min(1 << 20)).unwrap_or(1 << 20);
            for descriptor in DESCRIPTOR_TRAZA + 1..hasta {
                libc::fcntl(descriptor, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
    }
    Ok(())
}
