//! Saving the game at hand: the board with its moves beside it, the files this game
//! wrote (saved over without asking) and those it did not (a person confirms
//! replacing them), and never over the recovery copies, which the game replaces and
//! removes. The faces ask for the name, and the confirmation when the table asks
//! for it ([`Destino`]).

use std::{
    collections::HashSet,
    fmt, fs,
    os::unix::fs::MetadataExt,
    path::{Path, PathBuf},
};

use super::historial::Historial;
use crate::renglones::mayuscula_inicial;
use othello::{
    Partida,
    disco::{self, Cerrojo, ErrorPar},
    texto::ruta_visible,
};

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

/// Where a save goes, with the files there that this game did not write as they were
/// when looked at: a person confirms replacing those, and no other. Only
/// [`Archivos::destino`] makes one, so a confirmation always answers the question
/// that was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Destino {
    ruta: PathBuf,
    ajenos: Vec<(PathBuf, Identidad)>,
}

impl Destino {
    /// Whether files this game did not write are there: a person is asked first.
    pub(super) fn hay_ajenos(&self) -> bool {
        !self.ajenos.is_empty()
    }
}

impl fmt::Display for Destino {
    /// The question before replacing the files this game did not write.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nombres: Vec<String> = (self.ajenos.iter())
            .map(|(ruta, _)| format!("«{}»", ruta_visible(ruta)))
            .collect();
        match nombres.as_slice() {
            [uno] => write!(f, "{uno} ya existe. ¿Sobrescribirlo?"),
            varios => write!(f, "{} ya existen. ¿Sobrescribirlos?", varios.join(" y ")),
        }
    }
}

/// What tells a file from the one that replaced it, or from itself rewritten: its
/// device and number, size and time of change.
type Identidad = (u64, u64, u64, i64, i64);

/// The [`Identidad`] of what is at `ruta` now, link or file, if anything is.
fn identidad(ruta: &Path) -> Option<Identidad> {
    let datos = fs::symlink_metadata(ruta).ok()?;
    Some((
        datos.dev(),
        datos.ino(),
        datos.len(),
        datos.mtime(),
        datos.mtime_nsec(),
    ))
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

    /// Where a save to `ruta` goes, with the files there (the board's and its moves')
    /// that this game did not write, as they are now: a save replaces them only when a
    /// person confirms it, and only if they still are so. Or why the game cannot be
    /// saved there.
    pub(super) fn destino(&self, ruta: PathBuf) -> Result<Destino, NoGuardada> {
        let ajenos = (self.ajenos(&ruta)?.into_iter())
            .filter_map(|ajeno| {
                let visto = identidad(&ajeno)?;
                Some((ajeno, visto))
            })
            .collect();
        Ok(Destino { ruta, ajenos })
    }

    /// The files at `ruta` that this game did not write.
    fn ajenos(&self, ruta: &Path) -> Result<Vec<PathBuf>, NoGuardada> {
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

    /// Saves `partida` to `destino` and its moves beside it, and offers it at the next
    /// save. The name is held meanwhile ([`Cerrojo`]), and the save happens only if the
    /// files there are still those this game wrote or those `destino` saw, which a
    /// person agreed to replace: a game that another saved there since loses the race
    /// and is not saved. A board saved without its moves is not the game saved either.
    pub(super) fn escribir(
        &mut self,
        partida: &Partida,
        historial: &Historial,
        destino: Destino,
    ) -> Result<Guardado, NoGuardada> {
        let Destino { ruta, ajenos } = destino;
        let cerrojo = Cerrojo::para_guardar(&ruta).map_err(NoGuardada::Fallo)?;
        let cambiado = self.ajenos(&ruta)?.into_iter().find(|ajeno| {
            let ahora = identidad(ajeno);
            !ajenos
                .iter()
                .any(|(visto, antes)| visto == ajeno && Some(*antes) == ahora)
        });
        if let Some(cambiado) = cambiado {
            return Err(NoGuardada::Adelantada(cambiado));
        }
        let ruta_jugadas = ruta_de_jugadas(&ruta);
        let texto = historial.archivo_de_jugadas(partida, &ruta, &ruta_jugadas);
        let hecho = cerrojo.guardar_con_jugadas(partida.tablero(), &texto);
        if let Err(ErrorPar::Tablero(error)) = hecho {
            return Err(NoGuardada::Fallo(error));
        }
        self.propios.insert(canonica(&ruta));
        self.ultimo = Some(ruta.clone());
        match hecho {
            Err(ErrorPar::Jugadas(error)) => Err(NoGuardada::SinJugadas { ruta, error }),
            _ => {
                self.propios.insert(canonica(&ruta_jugadas));
                Ok(Guardado {
                    ruta,
                    jugadas: ruta_jugadas,
                })
            }
        }
    }
}

/// A save done: the board and its moves.
#[derive(Debug)]
pub(super) struct Guardado {
    /// Where the board went.
    pub(super) ruta: PathBuf,
    /// Where its moves went.
    pub(super) jugadas: PathBuf,
}

impl fmt::Display for Guardado {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Partida guardada en «{}» (y sus jugadas en «{}»).",
            ruta_visible(&self.ruta),
            ruta_visible(&self.jugadas)
        )
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
    /// Another program wrote this file after the game looked (another game saved to
    /// the same name at the same time): it is not replaced unasked.
    Adelantada(PathBuf),
    /// The board could not be written.
    Fallo(disco::ErrorArchivo),
    /// The board was written and its moves could not be: without them the game does
    /// not come back as it was, so it is not saved (its recovery copy stays).
    SinJugadas {
        /// Where the board went.
        ruta: PathBuf,
        /// Why the moves did not.
        error: disco::ErrorArchivo,
    },
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
                ruta_visible(ruta)
            ),
            NoGuardada::Adelantada(ruta) => write!(
                f,
                "No se guardó: otro programa escribió «{}» recién (¿otra partida \
                 guardada con ese nombre?). Guarda de nuevo para decidir.",
                ruta_visible(ruta)
            ),
            NoGuardada::Fallo(error) => {
                write!(f, "{}.", mayuscula_inicial(&error.to_string()))
            }
            NoGuardada::SinJugadas { ruta, error } => write!(
                f,
                "El tablero quedó en «{}», pero sin sus jugadas: {error}. La partida \
                 no quedó guardada: guárdala con otro nombre.",
                ruta_visible(ruta)
            ),
        }
    }
}

pub(super) use othello::formato::jugadas::ruta_de_jugadas;

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
