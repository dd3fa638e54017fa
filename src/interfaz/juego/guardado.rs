//! Saving the game at hand: the board with its moves beside it, the files this game
//! wrote (saved over without asking) and those it did not (a person confirms
//! replacing them), and never over the recovery copies, which the game replaces and
//! removes. The faces ask for the name and the confirmation.

use std::{
    collections::HashSet,
    fmt, fs,
    path::{Path, PathBuf},
};

use super::historial::Historial;
use crate::{Partida, Tablero, disco, interfaz::renglones::mayuscula_inicial};

/// The files of the game at hand.
#[derive(Default)]
pub(super) struct Archivos {
    /// Files this game wrote (canonical paths): saving over them needs no question.
    propios: HashSet<PathBuf>,
    /// The last file this game saved or was loaded from, offered as the default name.
    ultimo: Option<PathBuf>,
    /// The folder of the recovery copies, if the game keeps one: the game replaces and
    /// removes the files there by itself, so a game saved there could be lost.
    copias: Option<PathBuf>,
}

impl Archivos {
    /// The files of a game loaded from `cargada_de`, or of a new one, with the recovery
    /// copies in `copias`: none written yet.
    pub(super) fn de(cargada_de: Option<PathBuf>, copias: Option<PathBuf>) -> Archivos {
        Archivos {
            propios: HashSet::new(),
            ultimo: cargada_de,
            copias,
        }
    }

    /// The files of a game taken up again from its recovery copy: `ultimo` offered
    /// when saving, and `propios` written by it, as they were.
    pub(super) fn retomar(
        ultimo: Option<PathBuf>,
        propios: Vec<PathBuf>,
        copias: Option<PathBuf>,
    ) -> Archivos {
        Archivos {
            propios: propios.into_iter().collect(),
            ultimo,
            copias,
        }
    }

    /// The file offered when saving, if any.
    pub(super) fn ultimo(&self) -> Option<&Path> {
        self.ultimo.as_deref()
    }

    /// The files this game wrote.
    pub(super) fn propios(&self) -> Vec<PathBuf> {
        let mut propios: Vec<PathBuf> = self.propios.iter().cloned().collect();
        propios.sort();
        propios
    }

    /// The files at `ruta` (the board's and its moves') that this game did not write,
    /// which a save replaces only when a person confirms it; or why the game cannot be
    /// saved there.
    pub(super) fn ajenos(&self, ruta: &Path) -> Result<Vec<PathBuf>, NoGuardada> {
        if !nombre_legible(ruta) {
            return Err(NoGuardada::NombreIlegible);
        }
        let en_las_copias = self.copias.as_deref().is_some_and(|copias| {
            canonica(ruta).parent() == Some(canonica_de_carpeta(copias).as_path())
        });
        if en_las_copias {
            return Err(NoGuardada::EnLasCopias(ruta.to_owned()));
        }
        // Anything already there (a file, a link, a pipe) is overwritten by the save, so
        // it is asked for unless this game wrote it; a folder is refused by the save.
        Ok([ruta.to_owned(), ruta_de_jugadas(ruta)]
            .into_iter()
            .filter(|ruta| {
                fs::symlink_metadata(ruta).is_ok_and(|datos| !datos.is_dir())
                    && !self.propios.contains(&canonica(ruta))
            })
            .collect())
    }

    /// Saves `partida` to `ruta` and its moves beside it, and offers `ruta` at the next
    /// save. A board that could not be written is an error; moves that could not be,
    /// told in the [`Guardado`].
    pub(super) fn escribir(
        &mut self,
        partida: &Partida,
        historial: &Historial,
        ruta: PathBuf,
    ) -> Result<Guardado, NoGuardada> {
        let ruta_jugadas = ruta_de_jugadas(&ruta);
        let jugadas = match guardar_partida(partida, historial, &ruta) {
            Ok(()) => {
                self.propios.insert(canonica(&ruta_jugadas));
                Ok(ruta_jugadas)
            }
            Err(ErrorGuardado::Tablero(error)) => return Err(NoGuardada::Fallo(error)),
            Err(ErrorGuardado::Jugadas(error)) => Err(error),
        };
        self.propios.insert(canonica(&ruta));
        self.ultimo = Some(ruta.clone());
        Ok(Guardado { ruta, jugadas })
    }
}

/// A save done.
#[derive(Debug)]
pub(super) struct Guardado {
    /// Where the board went.
    pub(super) ruta: PathBuf,
    /// Where its moves went, or why they could not be written.
    pub(super) jugadas: Result<PathBuf, disco::ErrorArchivo>,
}

impl fmt::Display for Guardado {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ruta = self.ruta.display();
        match &self.jugadas {
            Ok(jugadas) => write!(
                f,
                "Partida guardada en «{ruta}» (y sus jugadas en «{}»).",
                jugadas.display()
            ),
            Err(error) => write!(
                f,
                "Partida guardada en «{ruta}», pero sin sus jugadas: {error}."
            ),
        }
    }
}

/// Why a save did not happen; the game goes on.
#[derive(Debug)]
pub(super) enum NoGuardada {
    /// The person chose not to save: no name, «cancelar», or no to replacing a file.
    Cancelada,
    /// The name holds characters the input could not carry.
    NombreIlegible,
    /// The file would be among the recovery copies, which the game replaces and
    /// removes by itself.
    EnLasCopias(PathBuf),
    /// The board could not be written.
    Fallo(disco::ErrorArchivo),
}

impl fmt::Display for NoGuardada {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoGuardada::Cancelada => write!(f, "No se guardó."),
            NoGuardada::NombreIlegible => write!(f, "{NOMBRE_ILEGIBLE}"),
            NoGuardada::EnLasCopias(ruta) => write!(
                f,
                "«{}» está en la carpeta de las copias de recuperación, que el juego \
                 reemplaza y borra solo: elige otra carpeta.",
                ruta.display()
            ),
            NoGuardada::Fallo(error) => {
                write!(f, "{}.", mayuscula_inicial(&error.to_string()))
            }
        }
    }
}

/// The question before replacing `ajenos`, files a game did not write.
pub(super) fn pregunta_de_reemplazo(ajenos: &[PathBuf]) -> String {
    let nombres: Vec<String> = ajenos
        .iter()
        .map(|ruta| format!("«{}»", ruta.display()))
        .collect();
    match nombres.as_slice() {
        [uno] => format!("{uno} ya existe. ¿Sobrescribirlo?"),
        varios => format!("{} ya existen. ¿Sobrescribirlos?", varios.join(" y ")),
    }
}

/// Which of the two files of a save failed.
pub(super) enum ErrorGuardado {
    /// The board: nothing was written.
    Tablero(disco::ErrorArchivo),
    /// The moves beside it: the board was written.
    Jugadas(disco::ErrorArchivo),
}

/// Writes the moves of `partida` beside `ruta`, then its board to `ruta`, each
/// atomically. Moves first: a kill between the two leaves the moves ahead of the board,
/// and loading takes the newer ([`Historial::retomar`]), so the game comes back whole.
/// The board is written even if its moves could not be: it is the homework's file. A
/// board that cannot be written takes back the moves file this save made.
pub(super) fn guardar_partida(
    partida: &Partida,
    historial: &Historial,
    ruta: &Path,
) -> Result<(), ErrorGuardado> {
    let texto = historial.archivo_de_jugadas(partida, ruta, &ruta_de_jugadas(ruta));
    guardar_con_jugadas(partida.tablero(), &texto, ruta)
}

/// Writes `texto`, a `.jugadas` file, beside `ruta`, then `tablero` to `ruta`, as
/// [`guardar_partida`] does.
pub(super) fn guardar_con_jugadas(
    tablero: &Tablero,
    texto: &str,
    ruta: &Path,
) -> Result<(), ErrorGuardado> {
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let habia_jugadas = fs::symlink_metadata(&ruta_jugadas).is_ok();
    let jugadas = disco::guardar_texto(texto, &ruta_jugadas);
    if let Err(error) = disco::guardar(tablero, ruta) {
        if jugadas.is_ok() && !habia_jugadas {
            let _ = fs::remove_file(&ruta_jugadas);
        }
        return Err(ErrorGuardado::Tablero(error));
    }
    jugadas.map_err(ErrorGuardado::Jugadas)
}

pub(super) use crate::formato::jugadas::ruta_de_jugadas;

/// Said of a file name that holds characters the input could not carry.
pub(super) const NOMBRE_ILEGIBLE: &str =
    "Ese nombre tiene caracteres de control o bytes que no son UTF-8: elige otro.";

/// Whether a typed file name arrived as typed: the console turns control characters
/// and bytes that are not UTF-8 into U+FFFD, and a file must never be saved or looked
/// for under a name the person did not write.
pub(super) fn nombre_legible(ruta: &Path) -> bool {
    !ruta.to_string_lossy().contains('\u{FFFD}')
}

/// `carpeta` without `.`, `..` or links, as [`canonica`] leaves a file's folder.
fn canonica_de_carpeta(carpeta: &Path) -> PathBuf {
    fs::canonicalize(carpeta).unwrap_or_else(|_| carpeta.to_owned())
}

/// The path without `.`, `..` or links where it can be resolved (its folder's, for a
/// file not there yet), so that two names of one file compare equal.
fn canonica(ruta: &Path) -> PathBuf {
    fs::canonicalize(ruta).unwrap_or_else(|_| {
        let carpeta = match ruta.parent() {
            Some(carpeta) if !carpeta.as_os_str().is_empty() => carpeta,
            _ => Path::new("."),
        };
        match (fs::canonicalize(carpeta), ruta.file_name()) {
            (Ok(carpeta), Some(nombre)) => carpeta.join(nombre),
            _ => ruta.to_owned(),
        }
    })
}
