//! The save dialog: the file's name (asked for when not given), the question before
//! replacing a file this game did not write, and the board with its moves beside it;
//! never over the recovery save, which the game replaces and removes.

use std::{
    collections::HashSet,
    fs,
    io::{self, BufRead, Write},
    path::{Path, PathBuf},
};

use super::{consola::Consola, historial::Historial};
use crate::{
    Partida, Tablero, disco,
    interfaz::ajuste::{ajustar, mayuscula_inicial},
};

/// What cancels the save when typed as the file's name (as an empty line does when no
/// name is offered, and the end of the input always).
const CANCELAR: &str = "cancelar";

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

    /// Saves the board to `nombre`, or to a name asked for, and its moves beside it.
    /// Whether it was saved: a cancelled save (also by the end of the input, which
    /// cancels the save and not the game) or a failed one is told, and the game goes
    /// on.
    pub(super) fn guardar<R: BufRead, W: Write>(
        &mut self,
        consola: &mut Consola<R, W>,
        partida: &Partida,
        historial: &Historial,
        nombre: &str,
    ) -> io::Result<bool> {
        let ruta = if nombre.is_empty() {
            let pregunta = match &self.ultimo {
                Some(ultimo) => format!(
                    "Nombre del archivo [Enter = {}; «{CANCELAR}» para no guardar]: ",
                    ultimo.display()
                ),
                None => format!("Nombre del archivo (Enter o «{CANCELAR}» para no guardar): "),
            };
            match (consola.preguntar(&ajustar(&pregunta))?, &self.ultimo) {
                (Some(nombre), _) if nombre.to_lowercase() == CANCELAR => None,
                (Some(nombre), _) if !nombre.is_empty() => Some(PathBuf::from(nombre)),
                (Some(_), Some(ultimo)) => Some(ultimo.clone()),
                (Some(_), None) | (None, _) => None,
            }
        } else {
            Some(PathBuf::from(nombre))
        };
        let Some(ruta) = ruta else {
            writeln!(consola, "No se guardó.")?;
            return Ok(false);
        };
        if !nombre_legible(&ruta) {
            writeln!(consola, "{NOMBRE_ILEGIBLE}")?;
            return Ok(false);
        }
        let en_las_copias = self.copias.as_deref().is_some_and(|copias| {
            canonica(&ruta).parent() == Some(canonica_de_carpeta(copias).as_path())
        });
        if en_las_copias {
            let rechazo = format!(
                "«{}» está en la carpeta de las copias de recuperación, que el juego \
                 reemplaza y borra solo: elige otra carpeta.",
                ruta.display()
            );
            writeln!(consola, "{}", ajustar(&rechazo))?;
            return Ok(false);
        }
        let ruta_jugadas = ruta_de_jugadas(&ruta);
        // Anything already there (a file, a link, a pipe) is overwritten by the save, so
        // it is asked for unless this game wrote it; a folder is refused by the save.
        let ajenos: Vec<String> = [&ruta, &ruta_jugadas]
            .into_iter()
            .filter(|ruta| {
                fs::symlink_metadata(ruta).is_ok_and(|datos| !datos.is_dir())
                    && !self.propios.contains(&canonica(ruta))
            })
            .map(|ruta| format!("«{}»", ruta.display()))
            .collect();
        if !ajenos.is_empty() {
            let pregunta = match ajenos.as_slice() {
                [uno] => format!("{uno} ya existe. ¿Sobrescribirlo?"),
                varios => format!("{} ya existen. ¿Sobrescribirlos?", varios.join(" y ")),
            };
            if consola.confirmar(&pregunta, false)? != Some(true) {
                writeln!(consola, "No se guardó.")?;
                return Ok(false);
            }
        }
        let mensaje = match guardar_partida(partida, historial, &ruta) {
            Ok(()) => {
                self.propios.insert(canonica(&ruta));
                self.propios.insert(canonica(&ruta_jugadas));
                format!(
                    "Partida guardada en «{}» (y sus jugadas en «{}»).",
                    ruta.display(),
                    ruta_jugadas.display()
                )
            }
            Err(ErrorGuardado::Tablero(error)) => {
                writeln!(
                    consola,
                    "{}",
                    ajustar(&format!("{}.", mayuscula_inicial(&error.to_string())))
                )?;
                return Ok(false);
            }
            Err(ErrorGuardado::Jugadas(error)) => {
                self.propios.insert(canonica(&ruta));
                format!(
                    "Partida guardada en «{}», pero sin sus jugadas: {error}.",
                    ruta.display()
                )
            }
        };
        writeln!(consola, "{}", ajustar(&mensaje))?;
        self.ultimo = Some(ruta);
        Ok(true)
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
