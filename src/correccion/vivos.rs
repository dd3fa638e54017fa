//! What grading has alive at any moment: the process group of each child, the
//! temporary folder of each submission in progress and, for root, each child's `pids`
//! control group, so that [`interrumpir`] can end and remove them all.
//!
//! Each child and folder goes on its own when dropped. A program stopped by a signal,
//! though, ends with `std::process::exit`, which runs no destructor: the children
//! would die with it (`PR_SET_PDEATHSIG`), but not what the students' code started,
//! and the folders would stay. So the program calls [`interrumpir`] before it exits.
//! Starting a child, making a folder, and removing either happen while holding the
//! registry, so that an interruption finds each one either registered or gone; after
//! it, nothing new is started, so that no grading thread leaves one behind between the
//! cleanup and the exit.

use std::{
    collections::BTreeSet,
    fs, io,
    os::unix::{fs::PermissionsExt, process::CommandExt},
    path::{Path, PathBuf},
    process::{Child, Command},
    sync::{Mutex, MutexGuard, PoisonError},
    thread,
    time::Duration,
};

/// The process groups, folders and control groups alive, and whether grading was
/// interrupted.
struct Registro {
    grupos: BTreeSet<i32>,
    carpetas: BTreeSet<PathBuf>,
    controles: BTreeSet<PathBuf>,
    interrumpido: bool,
}

static VIVOS: Mutex<Registro> = Mutex::new(Registro {
    grupos: BTreeSet::new(),
    carpetas: BTreeSet::new(),
    controles: BTreeSet::new(),
    interrumpido: false,
});

fn registro() -> MutexGuard<'static, Registro> {
    VIVOS.lock().unwrap_or_else(PoisonError::into_inner)
}

fn rechazo() -> io::Error {
    io::Error::other("la corrección se interrumpió")
}

/// Ends every child process group of the grading in progress, with whatever the
/// students' code started in it (also an orphan of `os.system("… &")`, whose parent is
/// then 1), and removes the temporary folder of every submission in progress; from
/// then on no child starts and no folder is made. For a program about to exit on a
/// signal, whose destructors will not run.
///
/// A process that left its group (`setsid`, `start_new_session=True`) dies with the
/// PID namespace of its child, whose first process is in the group (`encierro`).
pub fn interrumpir() {
    let mut vivos = registro();
    vivos.interrumpido = true;
    for grupo in std::mem::take(&mut vivos.grupos) {
        matar_grupo(grupo);
    }
    for carpeta in std::mem::take(&mut vivos.carpetas) {
        borrar(&carpeta);
    }
    for control in std::mem::take(&mut vivos.controles) {
        quitar_control(&control);
    }
}

/// Starts `comando` in a process group of its own, registered until [`matar`].
///
/// # Errors
///
/// The system's, or one that says so if grading was interrupted.
pub(super) fn lanzar(comando: &mut Command) -> io::Result<Child> {
    let mut vivos = registro();
    if vivos.interrumpido {
        return Err(rechazo());
    }
    let proceso = comando.process_group(0).spawn()?;
    // Its number is the group's: started with `process_group(0)`.
    vivos.grupos.extend(i32::try_from(proceso.id()));
    Ok(proceso)
}

/// Runs `publicar`, which puts the outputs of a grading run in their places, unless
/// grading was interrupted: an interruption waits until it is over, so that the
/// outputs are all written or none is.
///
/// # Errors
///
/// One that says so if grading was interrupted.
pub(super) fn publicar<R>(publicar: impl FnOnce() -> R) -> io::Result<R> {
    let vivos = registro();
    if vivos.interrumpido {
        return Err(rechazo());
    }
    let hecho = publicar();
    drop(vivos);
    Ok(hecho)
}

/// Kills the process group of `proceso`, started by [`lanzar`], and forgets it. The
/// caller reaps `proceso` afterwards: until then its number, and so the group's, cannot
/// be reused, and nothing registered can name someone else's group.
pub(super) fn matar(proceso: &Child) {
    let mut vivos = registro();
    if let Ok(grupo) = i32::try_from(proceso.id())
        && vivos.grupos.remove(&grupo)
    {
        matar_grupo(grupo);
    }
}

fn matar_grupo(grupo: i32) {
    // Safety: kill has no memory effects; a group that is already gone only makes it
    // fail.
    unsafe {
        libc::kill(-grupo, libc::SIGKILL);
    }
}

/// Removes `carpeta` and what is in it. A process of the group just killed may still
/// be finishing a file there, and then the folder is not empty at the end: tried again
/// a few times.
fn borrar(carpeta: &Path) {
    for _ in 0..10 {
        match fs::remove_dir_all(carpeta) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => {
                thread::sleep(Duration::from_millis(10));
            }
            _ => return,
        }
    }
}

/// Removes an empty control group: its processes, just killed, may take a moment to
/// leave it.
fn quitar_control(control: &Path) {
    for _ in 0..100 {
        match fs::remove_dir(control) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => {
                thread::sleep(Duration::from_millis(10));
            }
            _ => return,
        }
    }
}

/// A `pids` control group of one child (`encierro`, for root), registered while it
/// lives and removed when dropped, once its processes are gone.
#[derive(Debug)]
pub(super) struct GrupoDeControl {
    ruta: PathBuf,
}

impl GrupoDeControl {
    /// Makes the group at `ruta`.
    ///
    /// # Errors
    ///
    /// The system's, or one that says so if grading was interrupted.
    pub(super) fn nuevo(ruta: PathBuf) -> io::Result<GrupoDeControl> {
        let mut vivos = registro();
        if vivos.interrumpido {
            return Err(rechazo());
        }
        fs::create_dir(&ruta)?;
        vivos.controles.insert(ruta.clone());
        Ok(GrupoDeControl { ruta })
    }

    /// Where it is.
    pub(super) fn path(&self) -> &Path {
        &self.ruta
    }
}

impl Drop for GrupoDeControl {
    fn drop(&mut self) {
        let mut vivos = registro();
        if vivos.controles.remove(&self.ruta) {
            quitar_control(&self.ruta);
        }
    }
}

/// How the hidden folders beside the outputs begin, before their process's number.
const OCULTA: &str = ".othello-corregir-";

/// Removes from `carpeta` the hidden folders of runs whose process is gone (a
/// `kill -9` while the outputs were being written).
fn quitar_restos(carpeta: &Path) {
    let Ok(entradas) = fs::read_dir(carpeta) else {
        return;
    };
    for entrada in entradas.flatten() {
        let nombre = entrada.file_name();
        let proceso = (nombre.to_str())
            .and_then(|nombre| nombre.strip_prefix(OCULTA))
            .and_then(|resto| resto.split_once('-'))
            .and_then(|(proceso, _)| proceso.parse::<u32>().ok());
        if let Some(proceso) = proceso
            && !othello::disco::proceso_vivo(proceso)
            && entrada.file_type().is_ok_and(|tipo| tipo.is_dir())
        {
            borrar(&entrada.path());
        }
    }
}

/// A fresh folder in the system's temporary folder (`othello-corregir-…`), registered
/// while it lives, and removed when dropped.
#[derive(Debug)]
pub(super) struct CarpetaTemporal {
    ruta: PathBuf,
}

impl CarpetaTemporal {
    /// Makes one.
    ///
    /// # Errors
    ///
    /// The system's, or one that says so if grading was interrupted.
    pub(super) fn nueva() -> io::Result<CarpetaTemporal> {
        let mut vivos = registro();
        if vivos.interrumpido {
            return Err(rechazo());
        }
        let ruta = tempfile::Builder::new()
            .prefix("othello-corregir-")
            .tempdir()?
            .keep();
        vivos.carpetas.insert(ruta.clone());
        Ok(CarpetaTemporal { ruta })
    }

    /// Makes one beside `destino`, in its folder (made if missing), hidden
    /// (`.othello-corregir-PID-…`) and with the usual mode of a new folder: what is
    /// written in it can then take `destino`'s place by renaming, in one step. Those
    /// that a killed run left there (their process is gone) are removed first.
    ///
    /// # Errors
    ///
    /// The system's, or one that says so if grading was interrupted.
    pub(super) fn junto_a(destino: &Path) -> io::Result<CarpetaTemporal> {
        let carpeta = match destino.parent() {
            Some(carpeta) if !carpeta.as_os_str().is_empty() => carpeta,
            _ => Path::new("."),
        };
        fs::create_dir_all(carpeta)?;
        quitar_restos(carpeta);
        let mut vivos = registro();
        if vivos.interrumpido {
            return Err(rechazo());
        }
        let ruta = tempfile::Builder::new()
            .prefix(&format!("{OCULTA}{}-", std::process::id()))
            // Less the umask, as any new folder (a temporary one is 0700).
            .permissions(fs::Permissions::from_mode(0o777))
            .tempdir_in(carpeta)?
            .keep();
        vivos.carpetas.insert(ruta.clone());
        Ok(CarpetaTemporal { ruta })
    }

    /// Where it is.
    pub(super) fn path(&self) -> &Path {
        &self.ruta
    }
}

impl Drop for CarpetaTemporal {
    fn drop(&mut self) {
        let mut vivos = registro();
        // Already removed if grading was interrupted.
        if vivos.carpetas.remove(&self.ruta) {
            borrar(&self.ruta);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn una_carpeta_queda_registrada_mientras_vive() {
        let carpeta = CarpetaTemporal::nueva().unwrap();
        let ruta = carpeta.path().to_owned();
        fs::write(ruta.join("guardar-0001.txt"), "V").unwrap();
        assert!(registro().carpetas.contains(&ruta));
        drop(carpeta);
        assert!(!ruta.exists());
        assert!(!registro().carpetas.contains(&ruta));
    }
}
