//! What a student's code may touch: its own temporary folder, bounded, and the Python
//! it runs with; no other program, no network; a bounded number of processes, all gone
//! when the submission ends.
//!
//! Everything is built before the fork ([`Encierro`] once per run, [`Celda`] per
//! child), and [`Celda::entrar`] applies it in the child between fork and exec with
//! plain system calls, so that the grader keeps its own rights:
//!
//! - a user namespace with the grader's own user and group mapped, and in it a network
//!   namespace (a loopback that is down: no connection anywhere, not even to the
//!   grader's 127.0.0.1), an IPC namespace, a mount namespace where the child writes in
//!   a `tmpfs` of its own of [`ESPACIO`] ([`Montaje`]: filling it fills nobody else's
//!   space, and it goes with the process), and a PID namespace. The child forks once
//!   more: the waiting parent closes every descriptor and waits; the grandchild is the
//!   namespace's first process and runs Python, and when it dies the kernel kills every
//!   process left in it, also one that called `setsid` or forked twice;
//! - a bound on processes: `RLIMIT_NPROC` set once the user namespace exists, so that
//!   it counts the submission's processes only; for root, whom the kernel exempts from
//!   it, a `pids` control group per child;
//! - Landlock: read the Python installation's libraries and the system's, execute only
//!   the interpreter and its dynamic loader (so that no other program runs, this one
//!   included: a student's `jugar` cannot ask the reference for its answers), read and
//!   write `/dev/null`, anything inside the temporary folder, and nothing else; no TCP,
//!   no signal or abstract socket out;
//! - a seccomp filter that refuses `socket` (TCP, UDP, Unix sockets to the host's
//!   services) and `io_uring_setup` (which could open sockets around the filter).
//!
//! Where user namespaces are forbidden (Ubuntu 24.04's AppArmor), the same ends without
//! them: the filter also refuses `setsid` and `setpgid`, so that every process stays in
//! the child's process group, which is killed whole, and `RLIMIT_NPROC` leaves room for
//! 64 processes over those the user already has; Landlock (from its ABI 6) keeps signals
//! in. The folder is then on the system's temporary space, its files bounded one by one
//! (`RLIMIT_FSIZE`) but not together: `--diagnostico` says so.
//! What the machine lacks is said in one line ([`Carencia`]), and grading refuses to run
//! without it unless asked to (`--sin-encierro`).

use std::{
    collections::BTreeMap,
    fs::{self, File},
    io::{self, Write},
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicI32, AtomicU64, Ordering},
    },
};

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, path_beneath_rules,
};
use seccompiler::{BpfProgram, SeccompAction, SeccompFilter, TargetArch};
use serde::Serialize;

use super::vivos::GrupoDeControl;

/// How many processes (threads included) a submission may have at once.
const PROCESOS: u64 = 64;

/// The first Landlock ABI that contains the file system fully: the third adds
/// `truncate`, without which a file outside could be emptied.
const ABI_ARCHIVOS: ABI = ABI::V3;

/// The first Landlock ABI that keeps signals in, needed without a PID namespace.
const ABI_SENALES: ABI = ABI::V6;

/// Folders of the system's libraries (the C library, locales, what Python links):
/// read, never executed; those that exist. No folder of programs is among them.
const SISTEMA: [&str; 6] = [
    "/lib",
    "/lib64",
    "/lib32",
    "/usr/lib",
    "/usr/lib64",
    "/usr/lib32",
];

/// What each submission may write in its folder, a `tmpfs` of its own: far more than a
/// homework saves, and bounded so that one cannot fill the space of the others.
const ESPACIO: &std::ffi::CStr = c"size=64m,nr_inodes=4096,mode=700";

/// Files of `/etc` that a process reads as it starts.
const SISTEMA_ETC: [&str; 3] = ["/etc/ld.so.cache", "/etc/localtime", "/etc/ld.so.conf"];

/// `landlock_create_ruleset`'s flag that asks for the ABI instead.
const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;

/// Devices that are read.
const DISPOSITIVOS: [&str; 3] = ["/dev/urandom", "/dev/random", "/dev/zero"];

/// What this machine offers to contain a submission, as `--diagnostico` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostico {
    /// Landlock's ABI, 0 without it.
    pub landlock: i32,
    /// Whether a seccomp filter can be installed.
    pub seccomp: bool,
    /// Whether user, network, mount and PID namespaces can be made without privileges,
    /// and a `tmpfs` mounted in them: each submission then writes in a space of its own.
    pub espacios: bool,
    /// Whether the grader runs as root, whom `RLIMIT_NPROC` does not bind.
    pub root: bool,
    /// Whether a `pids` control group can be made (looked for as root only).
    pub grupo_de_control: bool,
    /// What is missing, one line each; empty when submissions run contained.
    pub faltas: Vec<String>,
}

/// One protection the machine lacks: what it is, how to get it, and what a
/// submission could do without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Carencia {
    /// No Landlock, or one too old to contain the file system.
    #[error(
        "falta Landlock 3 (Linux 6.2 o más nuevo, con landlock en lsm=): las entregas \
         podrían leer y borrar los archivos de quien corrige"
    )]
    Landlock,
    /// No seccomp filters.
    #[error(
        "falta seccomp (un núcleo con CONFIG_SECCOMP_FILTER): las entregas podrían usar \
         la red"
    )]
    Seccomp,
    /// No user namespaces, and a Landlock too old to keep signals in without them.
    #[error(
        "faltan los espacios de nombres de usuario (sysctl \
         kernel.apparmor_restrict_unprivileged_userns=0) o Landlock 6 (Linux 6.12): una \
         entrega podría matar otros procesos de quien corrige"
    )]
    Espacios,
    /// Root without a `pids` control group.
    #[error(
        "como root falta un límite de procesos (RLIMIT_NPROC no se aplica a root, y no \
         hay un grupo de control pids): corrija como usuario común"
    )]
    Procesos,
}

/// What the machine supports, probed once.
#[derive(Clone, Copy, Debug)]
struct Soporte {
    /// Landlock's ABI, 0 without it.
    landlock: i32,
    seccomp: bool,
    espacios: bool,
    root: bool,
}

impl Soporte {
    fn probar() -> Soporte {
        // Safety: asking for the version reads and writes nothing.
        let version = unsafe {
            libc::syscall(
                libc::SYS_landlock_create_ruleset,
                std::ptr::null::<libc::c_void>(),
                0,
                LANDLOCK_CREATE_RULESET_VERSION,
            )
        };
        let landlock = i32::try_from(version).unwrap_or(0).max(0);
        let filtro = filtro(false).ok();
        // Made before the fork: the probe's child must not allocate. It mounts as a
        // child does, on the temporary folder itself.
        let mapas = Mapas::nuevos();
        let temporal = std::env::temp_dir();
        let prueba = Montaje::nuevo(&temporal, &temporal).ok();
        // Safety: getuid has no effects.
        let root = unsafe { libc::getuid() } == 0;
        Soporte {
            landlock,
            seccomp: filtro
                .as_ref()
                .is_some_and(|filtro| en_un_hijo(|| aplicar(filtro))),
            espacios: prueba
                .is_some_and(|prueba| en_un_hijo(|| entrar_en_espacios(&mapas) && prueba.montar())),
            root,
        }
    }

    /// What is missing for a contained run, given whether a control group was found.
    fn faltas(&self, grupo_de_control: bool) -> Vec<Carencia> {
        let mut faltas = Vec::new();
        if self.landlock < ABI_ARCHIVOS as i32 {
            faltas.push(Carencia::Landlock);
        }
        if !self.seccomp {
            faltas.push(Carencia::Seccomp);
        }
        if !self.espacios && self.landlock < ABI_SENALES as i32 {
            faltas.push(Carencia::Espacios);
        }
        if self.root && !grupo_de_control {
            faltas.push(Carencia::Procesos);
        }
        faltas
    }
}

/// What this machine offers to contain a submission, and what it lacks.
pub fn diagnosticar() -> Diagnostico {
    let soporte = Soporte::probar();
    let grupo_de_control = soporte.root && RaizDeControl::buscar().is_some();
    Diagnostico {
        landlock: soporte.landlock,
        seccomp: soporte.seccomp,
        espacios: soporte.espacios,
        root: soporte.root,
        grupo_de_control,
        faltas: (soporte.faltas(grupo_de_control).iter())
            .map(ToString::to_string)
            .collect(),
    }
}

impl Diagnostico {
    /// The report of `othello corregir --diagnostico`, lines of at most 80 columns.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        let si = |hay: bool| if hay { "sí" } else { "no" };
        writeln!(salida, "El encierro de las entregas en esta máquina:")?;
        let landlock = match self.landlock {
            0 => "no".to_owned(),
            abi => format!("sí, ABI {abi}"),
        };
        writeln!(salida, "  Landlock (archivos, TCP, señales):   {landlock}")?;
        writeln!(
            salida,
            "  seccomp (sockets):                   {}",
            si(self.seccomp)
        )?;
        writeln!(
            salida,
            "  espacios de usuario, red y PID:      {}",
            si(self.espacios)
        )?;
        if self.faltas.is_empty() && !self.espacios {
            for linea in crate::renglones::ajustar(
                "Sin espacios de usuario, lo que escribe una entrega va al espacio temporal \
                 del sistema, acotado archivo por archivo pero no en total.",
            )
            .lines()
            {
                writeln!(salida, "{linea}")?;
            }
        }
        if self.root {
            writeln!(
                salida,
                "  grupo de control pids (para root):   {}",
                si(self.grupo_de_control)
            )?;
        }
        if self.faltas.is_empty() {
            writeln!(
                salida,
                "Cada entrega corre encerrada: solo su carpeta, sin red, hasta {PROCESOS} \
                 procesos."
            )?;
        } else {
            for falta in &self.faltas {
                for linea in crate::renglones::ajustar(falta).lines() {
                    writeln!(salida, "{linea}")?;
                }
            }
            writeln!(
                salida,
                "Sin eso, corregir se niega a correr, salvo con --sin-encierro."
            )?;
        }
        Ok(())
    }
}

/// How the children of a run are contained: built once, after checking the machine.
#[derive(Debug)]
pub(super) struct Encierro {
    /// Read: the Python installation's libraries and the system's.
    lectura: Vec<PathBuf>,
    /// Read and executed: the interpreter and its dynamic loader.
    ejecucion: Vec<PathBuf>,
    /// The seccomp filter.
    filtro: Arc<BpfProgram>,
    /// The namespaces' user and group maps; `None` where they are forbidden.
    mapas: Option<Arc<Mapas>>,
    /// Where root's control groups go.
    control: Option<RaizDeControl>,
}

impl Encierro {
    /// Checks this machine and prepares the containment of children that run the
    /// interpreter `ejecutable`, installed under `instalacion` (its prefixes).
    ///
    /// # Errors
    ///
    /// What the machine lacks.
    pub(super) fn preparar(
        ejecutable: &Path,
        instalacion: &[PathBuf],
    ) -> Result<Encierro, Carencia> {
        let soporte = Soporte::probar();
        let control = soporte.root.then(RaizDeControl::buscar).flatten();
        if let Some(&falta) = soporte.faltas(control.is_some()).first() {
            return Err(falta);
        }
        let filtro = filtro(!soporte.espacios).map_err(|_| Carencia::Seccomp)?;
        // Of each prefix, its libraries and a virtual environment's settings, never its
        // `bin/`: a program installed beside Python stays out of reach.
        let mut lectura: Vec<PathBuf> = (instalacion.iter())
            .flat_map(|prefijo| ["lib", "lib64", "pyvenv.cfg"].map(|parte| prefijo.join(parte)))
            .chain(SISTEMA.iter().chain(&SISTEMA_ETC).map(PathBuf::from))
            .filter(|ruta| ruta.exists())
            .collect();
        lectura.sort();
        lectura.dedup();
        let ejecucion = [Some(ejecutable.to_owned()), cargador(ejecutable)]
            .into_iter()
            .flatten()
            .collect();
        Ok(Encierro {
            lectura,
            ejecucion,
            filtro: Arc::new(filtro),
            mapas: soporte.espacios.then(|| Arc::new(Mapas::nuevos())),
            control,
        })
    }

    /// The containment of one child whose folder is `carpeta` and which writes in
    /// `espacio`, a folder inside it, and the control group to remove once it is reaped
    /// (root's). With namespaces, `carpeta` becomes read-only for the child and
    /// `espacio` its own `tmpfs` ([`Montaje`]).
    ///
    /// # Errors
    ///
    /// The system's, if the rules or the control group cannot be made.
    pub(super) fn celda(
        &self,
        carpeta: &Path,
        espacio: &Path,
    ) -> io::Result<(Celda, Option<GrupoDeControl>)> {
        let lectura = AccessFs::ReadFile | AccessFs::ReadDir;
        let ejecucion = AccessFs::ReadFile | AccessFs::Execute;
        let dispositivo = AccessFs::ReadFile | AccessFs::WriteFile | AccessFs::IoctlDev;
        let reglas = (|| {
            Ruleset::default()
                .set_compatibility(CompatLevel::HardRequirement)
                .handle_access(AccessFs::from_all(ABI_ARCHIVOS))?
                .set_compatibility(CompatLevel::BestEffort)
                .handle_access(AccessFs::from_all(ABI_SENALES))?
                .handle_access(AccessNet::from_all(ABI_SENALES))?
                .scope(Scope::from_all(ABI_SENALES))?
                .create()?
                .add_rules(path_beneath_rules(&self.lectura, lectura))?
                .add_rules(path_beneath_rules(&self.ejecucion, ejecucion))?
                .add_rules(path_beneath_rules(DISPOSITIVOS, AccessFs::ReadFile))?
                .add_rules(path_beneath_rules(["/dev/null"], dispositivo))?
                .add_rules(path_beneath_rules(
                    [carpeta],
                    AccessFs::from_all(ABI_SENALES) & !AccessFs::Execute,
                ))
        })()
        .map_err(io::Error::other)?;
        let control = self
            .control
            .as_ref()
            .map(RaizDeControl::nuevo)
            .transpose()?;
        let procesos = match (&self.mapas, &control) {
            (_, Some(_)) => None,
            (Some(_), None) => Some(PROCESOS),
            // Without a user namespace the limit counts all of the user's processes.
            (None, None) => Some(procesos_del_usuario()? + PROCESOS),
        };
        let montaje = self
            .mapas
            .is_some()
            .then(|| Montaje::nuevo(carpeta, espacio))
            .transpose()?;
        let celda = Celda {
            montaje,
            reglas: Some(reglas),
            filtro: Arc::clone(&self.filtro),
            mapas: self.mapas.clone(),
            procesos,
            control: control.as_ref().map(GrupoDeControl::procesos).transpose()?,
        };
        Ok((celda, control))
    }
}

/// One child's containment, applied by [`Celda::entrar`] between fork and exec.
#[derive(Debug)]
pub(super) struct Celda {
    /// The child's own space, with namespaces.
    montaje: Option<Montaje>,
    reglas: Option<RulesetCreated>,
    filtro: Arc<BpfProgram>,
    mapas: Option<Arc<Mapas>>,
    procesos: Option<u64>,
    /// The control group's `cgroup.procs`, open for writing.
    control: Option<File>,
}

impl Celda {
    /// Contains the calling process, the child between fork and exec. With namespaces
    /// it forks once more and only the grandchild returns: the child waits for it and
    /// exits with its status.
    ///
    /// # Errors
    ///
    /// The system's, if a step fails: the child does not run.
    ///
    /// # Safety
    ///
    /// Only in a child between fork and exec: it forks, and only async-signal-safe
    /// calls are made (system calls on what was built before the fork).
    pub(super) unsafe fn entrar(&mut self) -> io::Result<()> {
        if let Some(control) = &mut self.control {
            control.write_all(b"0")?;
        }
        if let Some(mapas) = &self.mapas {
            comprobar(entrar_en_espacios(mapas))?;
        }
        if let Some(montaje) = &self.montaje {
            comprobar(montaje.montar())?;
        }
        if let Some(procesos) = self.procesos {
            // After the user namespace: it counts the processes made in it only.
            limitar(libc::RLIMIT_NPROC, procesos)?;
        }
        if self.mapas.is_some() {
            // Safety: the waiting parent makes only async-signal-safe calls.
            unsafe { ser_el_primero()? };
        }
        let reglas = self.reglas.take().ok_or_else(io::Error::last_os_error)?;
        match reglas.restrict_self() {
            Ok(estado) if estado.ruleset != RulesetStatus::NotEnforced => {}
            _ => return Err(io::Error::from_raw_os_error(libc::ENOSYS)),
        }
        comprobar(aplicar(&self.filtro))
    }
}

/// The first process of the PID namespace, as its waiting parent sees it.
static PRIMERO: AtomicI32 = AtomicI32::new(0);

/// Passes SIGUSR1, the grader's request for the stack of a call stuck past its time,
/// from the waiting parent (the process the grader knows) on to the harness.
extern "C" fn reenviar(senal: libc::c_int) {
    // Safety: kill is async-signal-safe.
    unsafe { libc::kill(PRIMERO.load(Ordering::Relaxed), senal) };
}

/// Forks: the parent closes its descriptors, passes SIGUSR1 on ([`reenviar`]), waits
/// for the child and exits with its status; the child, the first process of the PID
/// namespace, returns and dies with its parent.
///
/// # Safety
///
/// Only between fork and exec, as [`Celda::entrar`].
unsafe fn ser_el_primero() -> io::Result<()> {
    // Safety: fork in a child that is single-threaded; the rest are system calls.
    unsafe {
        match libc::fork() {
            -1 => Err(io::Error::last_os_error()),
            0 => {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            }
            primero => {
                // Nothing of the grader's stays open here: its pipes end when the
                // grandchild's do.
                libc::close_range(0, libc::c_uint::MAX, 0);
                PRIMERO.store(primero, Ordering::Relaxed);
                let reenviar: extern "C" fn(libc::c_int) = reenviar;
                libc::signal(libc::SIGUSR1, reenviar as libc::sighandler_t);
                let estado = esperar(primero);
                let codigo = if libc::WIFEXITED(estado) {
                    libc::WEXITSTATUS(estado)
                } else {
                    128 + libc::WTERMSIG(estado)
                };
                libc::_exit(codigo)
            }
        }
    }
}

/// The user and group maps of the namespaces: the grader's own, so that files keep
/// their owner.
#[derive(Debug)]
struct Mapas {
    usuario: String,
    grupo: String,
}

impl Mapas {
    fn nuevos() -> Mapas {
        // Safety: getuid and getgid have no effects.
        let (usuario, grupo) = unsafe { (libc::getuid(), libc::getgid()) };
        Mapas {
            usuario: format!("{usuario} {usuario} 1"),
            grupo: format!("{grupo} {grupo} 1"),
        }
    }
}

/// Makes the user, network, IPC, mount and PID namespaces, and writes `mapas` into
/// them. `false` if the system refuses. Async-signal-safe.
fn entrar_en_espacios(mapas: &Mapas) -> bool {
    let espacios =
        libc::CLONE_NEWUSER | libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWNS;
    // Safety: unshare changes only the calling process.
    if unsafe { libc::unshare(espacios | libc::CLONE_NEWPID) } != 0 {
        return false;
    }
    escribir_en(c"/proc/self/setgroups", b"deny")
        && escribir_en(c"/proc/self/uid_map", mapas.usuario.as_bytes())
        && escribir_en(c"/proc/self/gid_map", mapas.grupo.as_bytes())
}

/// A child's own space, in its mount namespace: its folder read-only, and the folder
/// inside it where it writes, a `tmpfs` of [`ESPACIO`], so that what it writes fills
/// nobody else's space and goes with it. Landlock's rule on the folder covers what is
/// mounted below it (a rule on a mount point itself does not reach the mount), and the
/// folder's own disk is read-only, so that nothing is written there.
#[derive(Debug)]
struct Montaje {
    carpeta: std::ffi::CString,
    espacio: std::ffi::CString,
    /// The flags of the read-only copy of the folder's mount: those it has (some may
    /// not be cleared in a user namespace), read-only, without set-user-id, devices or
    /// programs.
    banderas: libc::c_ulong,
}

impl Montaje {
    /// The space for `carpeta` and `espacio` inside it, both existing folders.
    ///
    /// # Errors
    ///
    /// The system's, if `carpeta`'s file system cannot be asked about.
    fn nuevo(carpeta: &Path, espacio: &Path) -> io::Result<Montaje> {
        let ruta = |ruta: &Path| {
            std::ffi::CString::new(ruta.as_os_str().as_encoded_bytes()).map_err(io::Error::other)
        };
        let carpeta = ruta(carpeta)?;
        // Safety: statvfs writes into the struct given; zeroes are a valid one.
        let mut datos: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(carpeta.as_ptr(), &raw mut datos) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // On Linux, statvfs's flags are the mount's own (ST_NOSUID is MS_NOSUID, …).
        let propias = libc::MS_NOSUID
            | libc::MS_NODEV
            | libc::MS_NOEXEC
            | libc::MS_NOATIME
            | libc::MS_NODIRATIME
            | libc::MS_RELATIME;
        Ok(Montaje {
            espacio: ruta(espacio)?,
            carpeta,
            banderas: (datos.f_flag & propias)
                | libc::MS_RDONLY
                | libc::MS_NOSUID
                | libc::MS_NODEV
                | libc::MS_NOEXEC,
        })
    }

    /// Mounts it in the mount namespace just made. `false` if the system refuses.
    /// Async-signal-safe.
    fn montar(&self) -> bool {
        let ninguno = std::ptr::null();
        // Safety: mount reads the strings given, which outlive the calls; it changes
        // only this process's mount namespace.
        unsafe {
            libc::mount(
                self.carpeta.as_ptr(),
                self.carpeta.as_ptr(),
                ninguno,
                libc::MS_BIND,
                ninguno.cast(),
            ) == 0
                && libc::mount(
                    ninguno,
                    self.carpeta.as_ptr(),
                    ninguno,
                    libc::MS_REMOUNT | libc::MS_BIND | self.banderas,
                    ninguno.cast(),
                ) == 0
                && libc::mount(
                    c"tmpfs".as_ptr(),
                    self.espacio.as_ptr(),
                    c"tmpfs".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                    ESPACIO.as_ptr().cast(),
                ) == 0
        }
    }
}

/// The dynamic loader that the kernel runs for the program `ejecutable` (its ELF
/// `PT_INTERP`), which must be executable too; `None` for a program that has none or is
/// not ELF.
fn cargador(ejecutable: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut cabeza = Vec::new();
    File::open(ejecutable)
        .ok()?
        .take(64 * 1024)
        .read_to_end(&mut cabeza)
        .ok()?;
    cargador_de(&cabeza)
}

/// The `PT_INTERP` path of an ELF file that starts with `cabeza`, little-endian, 32 or
/// 64 bits.
fn cargador_de(cabeza: &[u8]) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    const PT_INTERP: u32 = 3;
    if cabeza.get(..4)? != b"\x7fELF" || *cabeza.get(5)? != 1 {
        return None;
    }
    let bytes = |desde: usize, n: usize| -> Option<u64> {
        let mut valor = 0u64;
        for (i, byte) in cabeza.get(desde..desde + n)?.iter().enumerate() {
            valor |= u64::from(*byte) << (8 * i);
        }
        Some(valor)
    };
    let (tabla, tamano, cantidad, desplazamiento, largo) = match cabeza.get(4)? {
        // ELF64: e_phoff at 0x20, e_phentsize at 0x36, e_phnum at 0x38; p_offset at +8,
        // p_filesz at +32.
        2 => (
            bytes(0x20, 8)?,
            bytes(0x36, 2)?,
            bytes(0x38, 2)?,
            (8, 8),
            (32, 8),
        ),
        // ELF32: e_phoff at 0x1c, e_phentsize at 0x2a, e_phnum at 0x2c; p_offset at +4,
        // p_filesz at +16.
        1 => (
            bytes(0x1c, 4)?,
            bytes(0x2a, 2)?,
            bytes(0x2c, 2)?,
            (4, 4),
            (16, 4),
        ),
        _ => return None,
    };
    (0..cantidad).find_map(|i| {
        let entrada = usize::try_from(tabla + i * tamano).ok()?;
        if bytes(entrada, 4)? != u64::from(PT_INTERP) {
            return None;
        }
        let inicio = usize::try_from(bytes(entrada + desplazamiento.0, desplazamiento.1)?).ok()?;
        let fin = inicio + usize::try_from(bytes(entrada + largo.0, largo.1)?).ok()?;
        let ruta = cabeza.get(inicio..fin)?;
        let ruta = ruta.split(|&b| b == 0).next()?;
        Some(PathBuf::from(std::ffi::OsStr::from_bytes(ruta)))
    })
}

/// Writes `datos` to the file at `ruta` with system calls only.
fn escribir_en(ruta: &std::ffi::CStr, datos: &[u8]) -> bool {
    // Safety: open, write and close on a path and a buffer that outlive the calls.
    unsafe {
        let descriptor = libc::open(ruta.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if descriptor < 0 {
            return false;
        }
        let escrito = libc::write(descriptor, datos.as_ptr().cast(), datos.len());
        libc::close(descriptor);
        usize::try_from(escrito) == Ok(datos.len())
    }
}

fn comprobar(hecho: bool) -> io::Result<()> {
    if hecho {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The seccomp filter: `socket` and `io_uring_setup` fail with `EACCES`; without
/// namespaces (`sin_espacios`), also `setsid` and `setpgid`, so that every process
/// stays in the child's group.
fn filtro(sin_espacios: bool) -> Result<BpfProgram, seccompiler::Error> {
    let arquitectura =
        TargetArch::try_from(std::env::consts::ARCH).map_err(seccompiler::Error::Backend)?;
    let mut llamadas = vec![libc::SYS_socket, libc::SYS_io_uring_setup];
    if sin_espacios {
        llamadas.extend([libc::SYS_setsid, libc::SYS_setpgid]);
    }
    let reglas: BTreeMap<i64, Vec<_>> = llamadas
        .into_iter()
        .map(|llamada| (llamada, Vec::new()))
        .collect();
    let filtro = SeccompFilter::new(
        reglas,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EACCES.unsigned_abs()),
        arquitectura,
    )
    .map_err(seccompiler::Error::Backend)?;
    BpfProgram::try_from(filtro).map_err(seccompiler::Error::Backend)
}

/// Installs `filtro` on the calling process. Async-signal-safe.
fn aplicar(filtro: &BpfProgram) -> bool {
    seccompiler::apply_filter(filtro).is_ok()
}

/// Whether `prueba` holds in a child forked for it, so that what it changes stays
/// there: a namespace can be made only by a single-threaded process.
fn en_un_hijo(prueba: impl FnOnce() -> bool) -> bool {
    // Safety: the child makes only the async-signal-safe calls of `prueba` and exits.
    unsafe {
        match libc::fork() {
            -1 => false,
            0 => libc::_exit(if prueba() { 0 } else { 1 }),
            hijo => {
                let estado = esperar(hijo);
                libc::WIFEXITED(estado) && libc::WEXITSTATUS(estado) == 0
            }
        }
    }
}

/// Waits for the child `hijo` and gives its status. Async-signal-safe.
fn esperar(hijo: libc::pid_t) -> libc::c_int {
    let mut estado = 0;
    // Safety: waitpid writes the status into the variable given.
    while unsafe { libc::waitpid(hijo, &raw mut estado, 0) } == -1
        && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
    {}
    estado
}

/// How many processes (threads included) the user has now: what `RLIMIT_NPROC` counts
/// without a user namespace.
fn procesos_del_usuario() -> io::Result<u64> {
    // Safety: getuid has no effects.
    let usuario = unsafe { libc::getuid() }.to_string();
    let mut cuenta = 0;
    for entrada in fs::read_dir("/proc")?.flatten() {
        let Ok(estado) = fs::read_to_string(entrada.path().join("status")) else {
            continue;
        };
        let campo = |nombre: &str| {
            estado
                .lines()
                .find_map(|linea| linea.strip_prefix(nombre))
                .and_then(|resto| resto.split_whitespace().next())
        };
        if campo("Uid:") == Some(&usuario) {
            cuenta += campo("Threads:").and_then(|n| n.parse().ok()).unwrap_or(1);
        }
    }
    Ok(cuenta)
}

/// Where root's `pids` control groups are made: the grader's own group in a
/// hierarchy with the `pids` controller.
#[derive(Debug)]
struct RaizDeControl(PathBuf);

/// Numbers the control groups of a run.
static GRUPOS: AtomicU64 = AtomicU64::new(0);

impl RaizDeControl {
    /// The grader's group in the first hierarchy, v1 or v2, where a `pids` group can
    /// be made and limited.
    fn buscar() -> Option<RaizDeControl> {
        let montajes = fs::read_to_string("/proc/self/mountinfo").ok()?;
        let propios = fs::read_to_string("/proc/self/cgroup").ok()?;
        let candidatas = montajes.lines().filter_map(|linea| {
            let campos: Vec<&str> = linea.split(' ').collect();
            let separador = campos.iter().position(|&campo| campo == "-")?;
            let (punto, tipo) = (campos.get(4)?, campos.get(separador + 1)?);
            let opciones = campos.get(separador + 3)?;
            let controlador = match *tipo {
                "cgroup2" => "",
                "cgroup" if opciones.split(',').any(|opcion| opcion == "pids") => "pids",
                _ => return None,
            };
            let propio = propios.lines().find_map(|linea| {
                let mut partes = linea.splitn(3, ':');
                let (_, controladores, camino) = (partes.next()?, partes.next()?, partes.next()?);
                let es = if controlador.is_empty() {
                    controladores.is_empty()
                } else {
                    controladores.split(',').any(|c| c == controlador)
                };
                es.then_some(camino)
            })?;
            Some(Path::new(punto).join(propio.trim_start_matches('/')))
        });
        candidatas
            .map(RaizDeControl)
            .find(|raiz| raiz.nuevo().is_ok())
    }

    /// A new group under this one, limited to [`PROCESOS`].
    fn nuevo(&self) -> io::Result<GrupoDeControl> {
        let numero = GRUPOS.fetch_add(1, Ordering::Relaxed);
        let ruta = self
            .0
            .join(format!("othello-corregir-{}-{numero}", std::process::id()));
        let grupo = GrupoDeControl::nuevo(ruta)?;
        fs::write(grupo.path().join("pids.max"), PROCESOS.to_string())?;
        Ok(grupo)
    }
}

impl GrupoDeControl {
    /// Its `cgroup.procs`, open for writing: a process that writes `0` to it joins.
    fn procesos(&self) -> io::Result<File> {
        File::options()
            .write(true)
            .open(self.path().join("cgroup.procs"))
    }
}

/// The type of a resource's number for `setrlimit`, which differs between C libraries.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Recurso = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
type Recurso = libc::c_int;

/// Sets both limits of `recurso` to `valor`. Async-signal-safe.
pub(super) fn limitar(recurso: Recurso, valor: u64) -> io::Result<()> {
    let limite = libc::rlimit {
        rlim_cur: valor,
        rlim_max: valor,
    };
    // Safety: setrlimit reads the struct passed and nothing else.
    if unsafe { libc::setrlimit(recurso, &limite) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cada_falta_dice_que_falta_y_como_tenerlo() {
        for falta in [
            Carencia::Landlock,
            Carencia::Seccomp,
            Carencia::Espacios,
            Carencia::Procesos,
        ] {
            let linea = falta.to_string();
            assert!(linea.contains("falta"), "{linea}");
            assert!(!linea.contains('\n'), "{linea}");
        }
    }

    #[test]
    fn el_filtro_se_arma_en_esta_arquitectura() {
        assert!(filtro(false).is_ok());
        assert!(filtro(true).unwrap().len() > filtro(false).unwrap().len());
    }
}
