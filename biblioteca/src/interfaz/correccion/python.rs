//! The child `python3` process that runs a student's code, and how it is contained.
//!
//! The child runs the harness (`carga.py` and `arnes.py`, embedded) with a cleared environment, a
//! fresh folder as its working directory, `HOME` and `TMPDIR`, a memory limit enforced
//! by the system (`RLIMIT_AS`), no core dumps, a limit on the size of the files it
//! writes, and its own process group, which is killed whole (registered in `vivos`
//! meanwhile, for an interruption). It dies with the grader (`PR_SET_PDEATHSIG`).
//! Requests and answers are JSON lines on its standard input and output, which the
//! harness keeps for itself before any student code runs. A reader thread passes the
//! answers on, so that the grader can wait for one with a deadline.
//!
//! Unless grading runs without it (`--sin-encierro`), the child is also contained
//! against attacks (`encierro`): it touches nothing but its own folder and file and the
//! Python it runs with, has no network, and what it starts dies with it.

use std::{
    fs,
    io::{self, BufRead, BufReader, Write},
    os::unix::process::CommandExt,
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

/// A Python 3 interpreter found and checked.
#[derive(Clone, Debug)]
pub(super) struct Interprete {
    /// The real executable (`sys.executable`), so that wrappers such as pyenv's shims,
    /// which need the user's environment, are not in the way of a cleared one.
    ejecutable: PathBuf,
    /// Where it is installed (`sys.prefix` and the others): what its child may read.
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
                _ => sin_interprete(crate::disco::describir_io(&error)),
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
            let encierro =
                Encierro::preparar(&self.instalacion).map_err(ErrorCorreccion::SinEncierro)?;
            self.encierro = Some(Arc::new(encierro));
        }
        Ok(self)
    }
}

/// The answer lines in what the child wrote, as the grader reads them: split at `\n`
/// (with a `\r` before it dropped), up to the first line that is not UTF-8. The harness
/// writes only ASCII JSON, so such a line is not its own: nothing after it is trusted,
/// and the case waiting counts as the process's death, as for any line that is not an
/// answer, and the child is restarted.
pub(super) fn lineas(salida: impl BufRead) -> impl Iterator<Item = String> {
    salida.lines().map_while(Result::ok)
}

/// What came from the child while waiting.
#[derive(Debug)]
pub(super) enum Llegada {
    /// One answer line.
    Linea(String),
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
    respuestas: Receiver<String>,
    /// Root's bound on its processes, removed after it is reaped (`encierro`).
    _control: Option<GrupoDeControl>,
}

impl Hijo {
    /// Starts the harness in `carpeta`, to load `archivo`, with at most `memoria` bytes
    /// of address space.
    ///
    /// # Errors
    ///
    /// The system's, if the process cannot start.
    pub(super) fn lanzar(
        interprete: &Interprete,
        carpeta: &Path,
        archivo: &Path,
        memoria: u64,
    ) -> io::Result<Hijo> {
        let (mut celda, control) = match &interprete.encierro {
            Some(encierro) => {
                let (celda, control) = encierro.celda(carpeta, archivo)?;
                (Some(celda), control)
            }
            None => (None, None),
        };
        let mut comando = Command::new(&interprete.ejecutable);
        comando
            .args(["-s", "-X", "utf8", "-c", ARNES])
            .env_clear()
            .env("HOME", carpeta)
            .env("TMPDIR", carpeta)
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .env("PYTHONHASHSEED", "0")
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .current_dir(carpeta)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Safety: between fork and exec only async-signal-safe calls are made:
        // setrlimit and prctl are plain system calls, the containment was built before
        // the fork, and nothing is allocated.
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
                if enviar.send(linea).is_err() {
                    break;
                }
            }
        });
        Ok(Hijo {
            proceso,
            pedidos,
            respuestas,
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

    /// Asks the harness to write the stack of what it is running into its folder's
    /// `traza` file (SIGUSR1, which its faulthandler answers from the signal handler,
    /// even in C code), and waits a moment for it: for a call that did not answer in
    /// time, before the child is killed.
    pub(super) fn volcar_pila(&self, traza: &Path) {
        let Ok(pid) = libc::pid_t::try_from(self.proceso.id()) else {
            return;
        };
        // Safety: kill has no memory effects; the child is ours and not yet waited for.
        unsafe { libc::kill(pid, libc::SIGUSR1) };
        for _ in 0..50 {
            if fs::metadata(traza).is_ok_and(|datos| datos.len() > 0) {
                // The handler writes the whole stack at once; a moment for the rest.
                std::thread::sleep(Duration::from_millis(20));
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The next answer line, waiting at most `plazo`.
    pub(super) fn esperar(&self, plazo: Duration) -> Llegada {
        match self.respuestas.recv_timeout(plazo) {
            Ok(linea) => Llegada::Linea(linea),
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
