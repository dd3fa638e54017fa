//! The recovery save: the game in progress, kept in the user's data folder after every
//! move (the board and its `.jugadas`, as `guardar` writes them), so that no game is
//! lost to Ctrl-D, Ctrl-C, a closed terminal, a kill or a crash. The game removes it
//! when it ends or is left normally; the next start offers to continue it.

use std::{fs, path::PathBuf, time::SystemTime};

use super::{
    guardado::{ErrorGuardado, guardar_partida, ruta_de_jugadas},
    historial::Historial,
};
use crate::{Partida, Transcripcion, disco};

/// The board's name in the folder; its moves are beside it, with `.jugadas` added.
const NOMBRE: &str = "partida.txt";

/// The recovery save in one folder.
pub(super) struct Recuperacion {
    carpeta: PathBuf,
    /// Whether the save there is this session's game (written or continued by it), so
    /// that leaving removes it; an older game's is left alone.
    propia: bool,
    /// Whether a failed save was already told, so that it is told once.
    fallo_dicho: bool,
}

/// A recovery save found at start.
pub(super) struct Pendiente {
    /// Its board.
    pub(super) ruta: PathBuf,
    /// Its moves and passes.
    pub(super) jugadas: usize,
    /// When it was last saved, as people read it ("03/05/2025 14:32"), if known.
    pub(super) fecha: Option<String>,
}

impl Recuperacion {
    /// The recovery save in `carpeta` (made when first needed).
    pub(super) fn en(carpeta: PathBuf) -> Recuperacion {
        Recuperacion {
            carpeta,
            propia: false,
            fallo_dicho: false,
        }
    }

    /// Where the board is kept.
    pub(super) fn ruta(&self) -> PathBuf {
        self.carpeta.join(NOMBRE)
    }

    /// The game left there by an earlier session, if any.
    pub(super) fn pendiente(&self) -> Option<Pendiente> {
        let ruta = self.ruta();
        let ruta_jugadas = ruta_de_jugadas(&ruta);
        if !ruta.is_file() {
            return None;
        }
        let texto = disco::leer_archivo(&ruta_jugadas).ok()?;
        let jugadas = String::from_utf8_lossy(&texto)
            .parse::<Transcripcion>()
            .unwrap_or_else(|nunca| match nunca {})
            .escritas()
            .len();
        let fecha = fs::metadata(&ruta_jugadas)
            .and_then(|datos| datos.modified())
            .ok()
            .and_then(fecha_local);
        Some(Pendiente {
            ruta,
            jugadas,
            fecha,
        })
    }

    /// This session continues the game kept here: leaving normally removes it.
    pub(super) fn adoptar(&mut self) {
        self.propia = true;
    }

    /// Keeps `partida` with its moves, replacing what was kept. A failure is returned
    /// the first time only, to be told once; the game goes on without it.
    pub(super) fn guardar(&mut self, partida: &Partida, historial: &Historial) -> Option<String> {
        let resultado = fs::create_dir_all(&self.carpeta)
            .map_err(|error| disco::describir_io(&error))
            .and_then(|()| {
                guardar_partida(partida, historial, &self.ruta()).map_err(|error| match error {
                    ErrorGuardado::Tablero(error) | ErrorGuardado::Jugadas(error) => {
                        error.to_string()
                    }
                })
            });
        self.propia = true;
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

    /// Whether this session's game is kept here.
    pub(super) fn guardada(&self) -> bool {
        self.propia && self.ruta().is_file()
    }

    /// Removes this session's game (an older one stays).
    pub(super) fn borrar(&mut self) {
        if self.propia {
            let ruta = self.ruta();
            for archivo in [ruta_de_jugadas(&ruta), ruta] {
                // A file already gone, or one that cannot be removed, is no matter: at
                // worst the next start offers a game that was left.
                let _ = fs::remove_file(archivo);
            }
            self.propia = false;
        }
    }
}

/// `momento` in the local time zone, day first as in Chile: "03/05/2025 14:32".
fn fecha_local(momento: SystemTime) -> Option<String> {
    let fecha = jiff::Zoned::try_from(momento).ok()?;
    Some(fecha.strftime("%d/%m/%Y %H:%M").to_string())
}
