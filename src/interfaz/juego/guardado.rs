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
    Partida, disco,
    texto::{ajustar, mayuscula_inicial},
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
    /// The board of the recovery save, if the game keeps one: each move replaces it
    /// and leaving removes it, so a game saved there (or its moves) would be lost.
    copia: Option<PathBuf>,
}

impl Archivos {
    /// The files of a game loaded from `cargada_de`, or of a new one, with its recovery
    /// save's board at `copia`: none written yet.
    pub(super) fn de(cargada_de: Option<PathBuf>, copia: Option<PathBuf>) -> Archivos {
        Archivos {
            propios: HashSet::new(),
            ultimo: cargada_de,
            copia,
        }
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
        // The copy is two files, its board and its moves: a save as either is lost.
        let de_la_copia = self.copia.as_deref().is_some_and(|copia| {
            let (ruta, copia) = (canonica(&ruta), canonica(copia));
            ruta == copia || ruta == ruta_de_jugadas(&copia)
        });
        if de_la_copia {
            let rechazo = format!(
                "«{}» es de la copia de recuperación, que cada jugada reemplaza y salir \
                 borra: elige otro nombre.",
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

/// Writes the board of `partida` to `ruta` and its moves beside it, each atomically.
pub(super) fn guardar_partida(
    partida: &Partida,
    historial: &Historial,
    ruta: &Path,
) -> Result<(), ErrorGuardado> {
    disco::guardar(partida.tablero(), ruta).map_err(ErrorGuardado::Tablero)?;
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let texto = historial.archivo_de_jugadas(partida, ruta, &ruta_jugadas);
    disco::guardar_texto(&texto, &ruta_jugadas).map_err(ErrorGuardado::Jugadas)
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
