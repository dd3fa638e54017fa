//! The save dialog: the file's name (asked for when not given), the question before
//! replacing a file this game did not write, and the board with its moves beside it.

use std::{
    collections::HashSet,
    fs,
    io::{self, BufRead, Write},
    path::{Path, PathBuf},
};

use super::{consola::Consola, historial::Historial};
use crate::{Partida, disco, texto::mayuscula_inicial};

/// How a save asked for went.
pub(super) enum Guardado {
    /// The board is in the file.
    Hecho,
    /// Cancelled or failed; already told.
    NoHecho,
    /// The input ended while asking: say goodbye.
    FinDeEntrada,
}

/// The files of the game at hand.
#[derive(Default)]
pub(super) struct Archivos {
    /// Files this game wrote (canonical paths): saving over them needs no question.
    propios: HashSet<PathBuf>,
    /// The last file this game saved or was loaded from, offered as the default name.
    ultimo: Option<PathBuf>,
}

impl Archivos {
    /// The files of a game loaded from `cargada_de`, or of a new one: none written yet.
    pub(super) fn de(cargada_de: Option<PathBuf>) -> Archivos {
        Archivos {
            propios: HashSet::new(),
            ultimo: cargada_de,
        }
    }

    /// Saves the board to `nombre`, or to a name asked for. A failure is told and the
    /// game goes on.
    pub(super) fn guardar<R: BufRead, W: Write>(
        &mut self,
        consola: &mut Consola<R, W>,
        partida: &Partida,
        historial: &Historial,
        nombre: &str,
    ) -> io::Result<Guardado> {
        let ruta = if nombre.is_empty() {
            let pregunta = match &self.ultimo {
                Some(ultimo) => format!("Nombre del archivo [Enter = {}]: ", ultimo.display()),
                None => "Nombre del archivo (Enter para cancelar): ".to_owned(),
            };
            match (consola.preguntar(&pregunta)?, &self.ultimo) {
                (None, _) => return Ok(Guardado::FinDeEntrada),
                (Some(nombre), _) if !nombre.is_empty() => PathBuf::from(nombre),
                (Some(_), Some(ultimo)) => ultimo.clone(),
                (Some(_), None) => {
                    writeln!(consola, "No se guardó.")?;
                    return Ok(Guardado::NoHecho);
                }
            }
        } else {
            PathBuf::from(nombre)
        };
        if !nombre_legible(&ruta) {
            writeln!(consola, "{NOMBRE_ILEGIBLE}")?;
            return Ok(Guardado::NoHecho);
        }
        let ruta_jugadas = ruta_de_jugadas(&ruta);
        // Anything already there (a file, a link, a pipe) is replaced by the save, so
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
                [uno] => {
                    format!("{uno} ya existe y no lo creó esta partida. ¿Sobrescribirlo? (s/n): ")
                }
                varios => format!(
                    "{} ya existen y no los creó esta partida. ¿Sobrescribirlos? (s/n): ",
                    varios.join(" y ")
                ),
            };
            match consola.confirmar(&pregunta)? {
                Some(true) => {}
                Some(false) => {
                    writeln!(consola, "No se guardó.")?;
                    return Ok(Guardado::NoHecho);
                }
                None => return Ok(Guardado::FinDeEntrada),
            }
        }
        match disco::guardar(partida.tablero(), &ruta) {
            Ok(()) => {
                self.propios.insert(canonica(&ruta));
                let texto = historial.archivo_de_jugadas(&ruta, &ruta_jugadas);
                match disco::guardar_texto(&texto, &ruta_jugadas) {
                    Ok(()) => {
                        self.propios.insert(canonica(&ruta_jugadas));
                        writeln!(
                            consola,
                            "Partida guardada en «{}» (y sus jugadas en «{}»).",
                            ruta.display(),
                            ruta_jugadas.display()
                        )?;
                    }
                    Err(error) => writeln!(
                        consola,
                        "Partida guardada en «{}», pero sin sus jugadas: {error}.",
                        ruta.display()
                    )?,
                }
                self.ultimo = Some(ruta);
                Ok(Guardado::Hecho)
            }
            Err(error) => {
                writeln!(consola, "{}.", mayuscula_inicial(&error.to_string()))?;
                Ok(Guardado::NoHecho)
            }
        }
    }
}

/// The transcript file saved beside the board at `ruta`: the same name with
/// `.jugadas` added.
pub(super) fn ruta_de_jugadas(ruta: &Path) -> PathBuf {
    let mut nombre = ruta.as_os_str().to_owned();
    nombre.push(".jugadas");
    PathBuf::from(nombre)
}

/// Said of a file name that holds characters the input could not carry.
pub(super) const NOMBRE_ILEGIBLE: &str =
    "Ese nombre de archivo tiene caracteres de control o bytes que no son UTF-8: elige otro.";

/// Whether a typed file name arrived as typed: the console turns control characters
/// and bytes that are not UTF-8 into U+FFFD, and a file must never be saved or looked
/// for under a name the person did not write.
pub(super) fn nombre_legible(ruta: &Path) -> bool {
    !ruta.to_string_lossy().contains('\u{FFFD}')
}

/// The path without `.`, `..` or links where it can be resolved, so that two names of
/// one file compare equal.
fn canonica(ruta: &Path) -> PathBuf {
    fs::canonicalize(ruta).unwrap_or_else(|_| ruta.to_owned())
}
