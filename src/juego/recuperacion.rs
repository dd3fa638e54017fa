//! The recovery copies: each game in progress kept in the user's data folder after every
//! move (the board and its `.jugadas`, as `guardar` writes them), so that no game is
//! lost to Ctrl-D, Ctrl-C, a closed terminal, a kill or a crash. The next start offers
//! the copies left, newest first.
//!
//! Every game has a copy of its own (`partida-…​.txt`), so that two games at once never
//! replace each other's. While its game runs, a copy is locked (an advisory lock on
//! `partida-…​.txt.lock`, which holds the process's number): a menu in another terminal
//! does not offer a game still being played, and the lock goes with the process however
//! it ends. The copy's `.jugadas` also says how the game is played ([`Ajustes`]), so that
//! a game taken up again goes on exactly as it was. A game that ends, or is left
//! normally, removes its own copy and no other; past [`MAXIMO`] copies, the oldest go.

use std::{
    fs::{self, File, OpenOptions},
    io::{self, Write},
    os::fd::AsRawFd,
    path::{Path, PathBuf},
    time::{Duration, SystemTime},
};

use serde::{Deserialize, Serialize};

use super::{guardado::ruta_de_jugadas, historial::Historial};
use othello::{Partida, PorColor, Reglas, Transcripcion, disco, motor::jugadores::Nivel};

/// How the board of every copy is named: `partida-<fecha>-<proceso>.txt` (earlier
/// versions kept a single `partida.txt`, which is offered too).
const PREFIJO: &str = "partida";
/// The end of a copy's board's name.
const EXTENSION: &str = ".txt";
/// Added to a copy's board's name, the file its game locks while it runs.
const CANDADO: &str = ".lock";
/// At most this many copies are kept.
pub(super) const MAXIMO: usize = 10;
/// How the line with a copy's [`Ajustes`] begins in its `.jugadas`.
const LINEA_DE_AJUSTES: &str = "# Partida en curso: ";

/// How a game is played, beyond its board and moves: kept in its copy so that a game
/// taken up again goes on as it was, with its players, their time and randomness, its
/// rules and its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Ajustes {
    /// Who plays black.
    pub(super) negro: Nivel,
    /// Who plays white.
    pub(super) blanco: Nivel,
    /// How long the strong player thinks per move.
    pub(super) tiempo: Duration,
    /// When a player may pass.
    pub(super) reglas: Reglas,
    /// The seed of the computers, once drawn.
    pub(super) semilla: Option<u64>,
    /// How far each computer's random stream had gone, black's and white's.
    pub(super) azar: [Option<u128>; 2],
    /// Between two computers, play on without waiting for Enter.
    pub(super) sin_pausa: bool,
    /// The file offered when saving.
    pub(super) archivo: Option<PathBuf>,
    /// The files the game wrote, which it saves over without asking.
    pub(super) propios: Vec<PathBuf>,
}

impl Ajustes {
    /// Who plays each color.
    pub(super) fn niveles(&self) -> PorColor<Nivel> {
        PorColor::new(self.negro, self.blanco)
    }

    /// Each computer's random stream, by color.
    pub(super) fn avance_del_azar(&self) -> PorColor<Option<u128>> {
        PorColor::new(self.azar[0], self.azar[1])
    }

    /// Who plays, as the menu says it: "contra fuerte", "libro contra fuerte"; `None`
    /// between two people.
    fn quienes(&self) -> Option<String> {
        match (self.negro, self.blanco) {
            (Nivel::Humano, Nivel::Humano) => None,
            (Nivel::Humano, computadora) | (computadora, Nivel::Humano) => {
                Some(format!("contra {computadora}"))
            }
            (negro, blanco) => Some(format!("{negro} contra {blanco}")),
        }
    }

    /// Its line in a copy's `.jugadas`: a comment, which other readers skip. Only the
    /// names that are text are kept (JSON cannot carry others).
    fn linea(&self) -> String {
        let texto = |ruta: &PathBuf| ruta.to_str().is_some();
        let ajustes = Ajustes {
            archivo: self.archivo.clone().filter(texto),
            propios: self.propios.iter().filter(|r| texto(r)).cloned().collect(),
            ..self.clone()
        };
        let json = serde_json::to_string(&ajustes).expect("los ajustes se escriben en JSON");
        format!("{LINEA_DE_AJUSTES}{json}\n")
    }

    /// The settings of the copy whose board is `ruta`, if its `.jugadas` has them.
    pub(super) fn de_la_copia(ruta: &Path) -> Option<Ajustes> {
        Ajustes::de(&jugadas_de_la_copia(ruta)?)
    }

    /// The settings in a copy's `.jugadas` text, if it has them (a copy of an earlier
    /// version, or a file edited by hand, may not).
    pub(super) fn de(texto: &str) -> Option<Ajustes> {
        let linea = texto
            .lines()
            .find_map(|l| l.strip_prefix(LINEA_DE_AJUSTES))?;
        serde_json::from_str(linea).ok()
    }
}

/// The recovery copies in one folder, and the one of this session's game.
pub(super) struct Recuperacion {
    carpeta: PathBuf,
    /// This session's game's copy, once it keeps one.
    propia: Option<CopiaTomada>,
    /// Whether a failed save was already told, so that it is told once.
    fallo_dicho: bool,
}

/// A copy a game of this process keeps: its board, and the lock that says it is in
/// use (released when dropped).
struct CopiaTomada {
    ruta: PathBuf,
    _candado: File,
}

/// A copy left by a game that is not running, found at start.
pub(super) struct Pendiente {
    /// Its board.
    pub(super) ruta: PathBuf,
    /// Its moves and passes.
    pub(super) jugadas: usize,
    /// When it was last saved, as people read it ("03/05/2025 14:32"), if known.
    pub(super) fecha: Option<String>,
    /// Who plays it, when a computer does ("contra fuerte").
    pub(super) quienes: Option<String>,
    /// When it was last saved, to put the newest first.
    momento: SystemTime,
}

impl Pendiente {
    /// What the menu says of it: "12 jugadas, del 03/05/2025 14:32, contra fuerte".
    pub(super) fn descripcion(&self) -> String {
        let mut texto = othello::texto::cantidad(self.jugadas as u64, "jugada", "jugadas");
        if let Some(fecha) = &self.fecha {
            texto += &format!(", del {fecha}");
        }
        if let Some(quienes) = &self.quienes {
            texto += &format!(", {quienes}");
        }
        texto
    }
}

/// Why a copy could not be taken up.
#[derive(Debug, thiserror::Error)]
pub(super) enum ErrorCopia {
    /// Another running game holds it.
    #[error("esa partida sigue abierta en otra terminal")]
    EnUso,
    /// The system refused the lock.
    #[error("{}", disco::describir_io(.0))]
    Sistema(#[from] io::Error),
}

impl Recuperacion {
    /// The recovery copies in `carpeta` (made when first needed).
    pub(super) fn en(carpeta: PathBuf) -> Recuperacion {
        Recuperacion {
            carpeta,
            propia: None,
            fallo_dicho: false,
        }
    }

    /// The folder of the copies.
    pub(super) fn carpeta(&self) -> &Path {
        &self.carpeta
    }

    /// Where this session's game is kept, once it is.
    pub(super) fn ruta(&self) -> Option<&Path> {
        self.propia.as_ref().map(|copia| copia.ruta.as_path())
    }

    /// The copies left by games that are not running, newest first.
    pub(super) fn pendientes(&self) -> Vec<Pendiente> {
        let mut pendientes: Vec<Pendiente> = copias(&self.carpeta)
            .into_iter()
            .filter(|ruta| self.ruta() != Some(ruta.as_path()) && !en_uso(ruta))
            .filter_map(pendiente)
            .collect();
        pendientes.sort_by_key(|pendiente| std::cmp::Reverse(pendiente.momento));
        pendientes
    }

    /// This session's game goes on from the copy at `ruta`: it is locked, and leaving
    /// normally removes it.
    ///
    /// # Errors
    ///
    /// [`ErrorCopia::EnUso`] if another running game holds it.
    pub(super) fn adoptar(&mut self, ruta: &Path) -> Result<(), ErrorCopia> {
        let candado = tomar(&ruta_del_candado(ruta), false)?.ok_or(ErrorCopia::EnUso)?;
        self.propia = Some(CopiaTomada {
            ruta: ruta.to_owned(),
            _candado: candado,
        });
        Ok(())
    }

    /// Lets go of the copy this session took up, leaving it as it is.
    pub(super) fn soltar(&mut self) {
        self.propia = None;
    }

    /// Keeps `partida` with its moves and `ajustes` in this game's copy, made at the first
    /// call. A failure is returned the first time only, to be told once; the game goes on
    /// without it.
    pub(super) fn guardar(
        &mut self,
        partida: &Partida,
        historial: &Historial,
        ajustes: &Ajustes,
    ) -> Option<String> {
        let resultado = self.copia_propia().and_then(|ruta| {
            let texto = historial.archivo_de_jugadas(partida, &ruta, &ruta_de_jugadas(&ruta));
            let texto = ajustes.linea() + &texto;
            disco::guardar_con_jugadas(partida.tablero(), &texto, &ruta)
                .map_err(|error| error.to_string())
        });
        match resultado {
            Ok(()) => {
                self.fallo_dicho = false;
                None
            }
            Err(_) if self.fallo_dicho => None,
            Err(razon) => {
                self.fallo_dicho = true;
                Some(format!(
                    "No se pudo guardar la copia de recuperación en «{}»: {razon}.",
                    self.carpeta.display()
                ))
            }
        }
    }

    /// This game's copy's board, making the copy (and its lock) if it has none yet, and
    /// making room for it among the others.
    fn copia_propia(&mut self) -> Result<PathBuf, String> {
        if let Some(copia) = &self.propia {
            return Ok(copia.ruta.clone());
        }
        fs::create_dir_all(&self.carpeta).map_err(|error| disco::describir_io(&error))?;
        let (ruta, candado) = nueva_copia(&self.carpeta).map_err(|e| disco::describir_io(&e))?;
        self.propia = Some(CopiaTomada {
            ruta: ruta.clone(),
            _candado: candado,
        });
        for vieja in self.pendientes().into_iter().skip(MAXIMO - 1) {
            borrar_copia(&vieja.ruta);
        }
        Ok(ruta)
    }

    /// Whether this session's game is kept.
    pub(super) fn guardada(&self) -> bool {
        self.ruta().is_some_and(Path::is_file)
    }

    /// Removes this session's game's copy (the others stay).
    pub(super) fn borrar(&mut self) {
        if let Some(copia) = self.propia.take() {
            borrar_copia(&copia.ruta);
        }
    }
}

/// The copy of a game of this process in `carpeta`, if one is kept: what to tell when
/// a signal ends the program.
pub(super) fn de_este_proceso(carpeta: &Path) -> Option<PathBuf> {
    let proceso = std::process::id().to_string();
    copias(carpeta).into_iter().find(|ruta| {
        fs::read_to_string(ruta_del_candado(ruta)).is_ok_and(|dueno| dueno.trim() == proceso)
    })
}

/// The boards of the copies in `carpeta`.
fn copias(carpeta: &Path) -> Vec<PathBuf> {
    let Ok(entradas) = fs::read_dir(carpeta) else {
        return Vec::new();
    };
    entradas
        .flatten()
        .filter(|entrada| {
            let nombre = entrada.file_name();
            let nombre = nombre.to_string_lossy();
            nombre.starts_with(PREFIJO) && nombre.ends_with(EXTENSION)
        })
        .map(|entrada| entrada.path())
        .filter(|ruta| ruta.is_file())
        .collect()
}

/// The copy at `ruta` as the menu offers it; `None` without its moves.
fn pendiente(ruta: PathBuf) -> Option<Pendiente> {
    let ruta_jugadas = ruta_de_jugadas(&ruta);
    let texto = jugadas_de_la_copia(&ruta)?;
    let jugadas = texto
        .parse::<Transcripcion>()
        .unwrap_or_else(|nunca| match nunca {})
        .escritas()
        .len();
    let momento = fs::metadata(&ruta_jugadas)
        .and_then(|datos| datos.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH);
    Some(Pendiente {
        ruta,
        jugadas,
        fecha: fecha_local(momento, "%d/%m/%Y %H:%M"),
        quienes: Ajustes::de(&texto).and_then(|ajustes| ajustes.quienes()),
        momento,
    })
}

/// The `.jugadas` text of the copy whose board is `ruta`: the one that leads to its
/// board, also when a save of the copy was cut before the moves took their name.
fn jugadas_de_la_copia(ruta: &Path) -> Option<String> {
    let tablero = disco::cargar(ruta).ok()?;
    let bytes = disco::leer_jugadas(ruta, &tablero).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The lock file of the copy whose board is `ruta`.
fn ruta_del_candado(ruta: &Path) -> PathBuf {
    let mut nombre = ruta.as_os_str().to_owned();
    nombre.push(CANDADO);
    PathBuf::from(nombre)
}

/// Whether a running game holds the copy at `ruta`.
fn en_uso(ruta: &Path) -> bool {
    let candado = ruta_del_candado(ruta);
    // A copy without its lock file was left by a game that is gone.
    candado.exists() && matches!(tomar(&candado, true), Ok(None))
}

/// Takes the lock on the file at `ruta` without waiting, writing this process's number
/// in it, and making it unless `solo_mirar` (which only looks, and lets the lock go).
/// `None` if another process holds it.
fn tomar(ruta: &Path, solo_mirar: bool) -> io::Result<Option<File>> {
    let mut archivo = OpenOptions::new()
        .read(true)
        .write(true)
        .create(!solo_mirar)
        .truncate(false)
        .open(ruta)?;
    // SAFETY: flock on a descriptor this function owns; it only sets a lock.
    if unsafe { libc::flock(archivo.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        let error = io::Error::last_os_error();
        return match error.raw_os_error() {
            Some(libc::EWOULDBLOCK) => Ok(None),
            _ => Err(error),
        };
    }
    if !solo_mirar {
        archivo.set_len(0)?;
        write!(archivo, "{}", std::process::id())?;
    }
    Ok(Some(archivo))
}

/// A new copy in `carpeta`, locked: its board (not written yet) and its lock. Named
/// after the moment and the process, with a number added if that name is taken.
fn nueva_copia(carpeta: &Path) -> io::Result<(PathBuf, File)> {
    let base = format!(
        "{PREFIJO}-{}-{}",
        fecha_local(SystemTime::now(), "%Y%m%d-%H%M%S").unwrap_or_default(),
        std::process::id()
    );
    for vez in 1.. {
        let nombre = match vez {
            1 => format!("{base}{EXTENSION}"),
            n => format!("{base}-{n}{EXTENSION}"),
        };
        let ruta = carpeta.join(nombre);
        if ruta.exists() {
            continue;
        }
        let candado = ruta_del_candado(&ruta);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candado)
        {
            Ok(_) => {
                if let Some(archivo) = tomar(&candado, false)? {
                    return Ok((ruta, archivo));
                }
            }
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    }
    unreachable!("siempre hay un nombre libre")
}

/// Removes the copy whose board is `ruta`: its board and its moves, the board first
/// ([`disco::borrar_con_jugadas`]: a kill in between never leaves a board that loads
/// without its history), then its lock. A file already gone, or one that cannot be
/// removed, is no matter: at worst the next start offers a game that was left.
fn borrar_copia(ruta: &Path) {
    disco::borrar_con_jugadas(ruta);
    let _ = fs::remove_file(ruta_del_candado(ruta));
}

/// `momento` in the local time zone, in `formato` (day first, as in Chile).
fn fecha_local(momento: SystemTime, formato: &str) -> Option<String> {
    let fecha = jiff::Zoned::try_from(momento).ok()?;
    Some(fecha.strftime(formato).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello::Jugada;

    fn ajustes() -> Ajustes {
        Ajustes {
            negro: Nivel::Humano,
            blanco: Nivel::Fuerte,
            tiempo: Duration::from_millis(200),
            reglas: Reglas::Oficiales,
            semilla: Some(7),
            azar: [None, Some(u128::from(u64::MAX) + 5)],
            sin_pausa: false,
            archivo: Some(PathBuf::from("/tmp/mi partida.txt")),
            propios: vec![PathBuf::from("/tmp/mi partida.txt")],
        }
    }

    #[test]
    fn los_ajustes_van_y_vuelven_en_un_comentario() {
        let linea = ajustes().linea();
        assert!(linea.starts_with("# Partida en curso: {"), "{linea}");
        assert_eq!(linea.lines().count(), 1);
        let texto = format!("# Jugadas…\n{linea}C4 pasar\n");
        assert_eq!(Ajustes::de(&texto), Some(ajustes()));
        // Other readers skip it: a transcript's comment.
        let jugadas = texto
            .parse::<Transcripcion>()
            .unwrap_or_else(|n| match n {});
        assert_eq!(jugadas.escritas().len(), 2);
        assert_eq!(Ajustes::de("C4\n"), None);
        assert_eq!(ajustes().quienes().as_deref(), Some("contra fuerte"));
    }

    #[test]
    fn cada_partida_tiene_su_copia_y_una_en_curso_no_se_ofrece() {
        let dir = tempfile::tempdir().unwrap();
        let mut partida = Partida::nueva();
        let mut historial = Historial::nuevo(partida.clone(), None);
        historial.anotar(&partida, None, Jugada::Pasar);
        partida.jugar(Jugada::Pasar).unwrap();
        let mut a = Recuperacion::en(dir.path().to_owned());
        let mut b = Recuperacion::en(dir.path().to_owned());
        assert_eq!(a.guardar(&partida, &historial, &ajustes()), None);
        assert_eq!(b.guardar(&partida, &historial, &ajustes()), None);
        let (ruta_a, ruta_b) = (a.ruta().unwrap().to_owned(), b.ruta().unwrap().to_owned());
        assert_ne!(ruta_a, ruta_b);
        assert_eq!(
            fs::read_to_string(ruta_del_candado(&ruta_a)).unwrap(),
            std::process::id().to_string()
        );
        // Both games run: a third start offers neither.
        let c = Recuperacion::en(dir.path().to_owned());
        assert!(c.pendientes().is_empty());
        // One ends its run without removing its copy (a kill): offered, and taken once.
        drop(b);
        let pendientes = c.pendientes();
        assert_eq!(pendientes.len(), 1);
        assert_eq!(pendientes[0].ruta, ruta_b);
        assert_eq!(pendientes[0].jugadas, 1);
        let mut d = Recuperacion::en(dir.path().to_owned());
        d.adoptar(&ruta_b).unwrap();
        assert!(matches!(
            Recuperacion::en(dir.path().to_owned()).adoptar(&ruta_b),
            Err(ErrorCopia::EnUso)
        ));
        // The one that ends removes its own copy only.
        a.borrar();
        assert!(!ruta_a.exists() && ruta_b.exists());
        d.borrar();
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn pasado_el_maximo_se_van_las_mas_viejas() {
        let dir = tempfile::tempdir().unwrap();
        let partida = Partida::nueva();
        let historial = Historial::nuevo(partida.clone(), None);
        for _ in 0..MAXIMO + 3 {
            let mut copia = Recuperacion::en(dir.path().to_owned());
            copia.guardar(&partida, &historial, &ajustes());
        }
        let quedan = Recuperacion::en(dir.path().to_owned()).pendientes();
        assert_eq!(quedan.len(), MAXIMO);
    }
}
