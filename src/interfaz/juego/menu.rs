//! The start menu and its questions: a new game (between people, against the
//! computer, or two computers), a saved one, and who moves on a loaded board.

use std::{
    io::{self, BufRead, Write},
    path::{Path, PathBuf},
};

use super::{
    HUMANOS,
    consola::Consola,
    guardado::{NOMBRE_ILEGIBLE, nombre_legible},
};
use crate::{
    Color, Estado, Partida, PorColor, Reglas, Tablero, disco, formato::entrada,
    motor::jugadores::Nivel, texto::cita,
};

/// A game to play, as chosen.
pub(super) struct Comienzo {
    /// The game, at its first move.
    pub(super) partida: Partida,
    /// The file it was loaded from.
    pub(super) cargada_de: Option<PathBuf>,
    /// Who plays it; `None` to keep the players as they were.
    pub(super) jugadores: Option<PorColor<Nivel>>,
}

/// What the person chose while loading.
enum Eleccion {
    /// Play this game.
    Jugar(Comienzo),
    /// Show the menu again.
    Menu,
    /// The input ended: say goodbye.
    Salir,
}

/// The start menu: a new game, a saved one, or quit (`None`).
pub(super) fn menu<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    reglas: Reglas,
) -> io::Result<Option<Comienzo>> {
    let nueva = |jugadores| Comienzo::nueva(reglas, Some(jugadores));
    loop {
        writeln!(consola)?;
        writeln!(consola, "Menú:")?;
        writeln!(consola, "  1) Partida nueva, dos personas")?;
        writeln!(consola, "  2) Cargar una partida guardada")?;
        writeln!(consola, "  3) Contra la computadora")?;
        writeln!(consola, "  4) Computadora contra computadora")?;
        writeln!(consola, "  5) Salir")?;
        let Some(opcion) = consola.preguntar("Elige una opción (1 a 5): ")? else {
            return Ok(None);
        };
        match opcion.to_lowercase().as_str() {
            "1" | "nueva" => return Ok(Some(nueva(HUMANOS))),
            "2" | "cargar" => match cargar(consola, reglas)? {
                Eleccion::Jugar(comienzo) => return Ok(Some(comienzo)),
                Eleccion::Menu => {}
                Eleccion::Salir => return Ok(None),
            },
            "3" => {
                let Some(color) = preguntar_color(consola)? else {
                    return Ok(None);
                };
                let Some(nivel) = preguntar_nivel(consola, "la computadora")? else {
                    return Ok(None);
                };
                let mut jugadores = PorColor::new(nivel, nivel);
                jugadores[color] = Nivel::Humano;
                return Ok(Some(nueva(jugadores)));
            }
            "4" => {
                let Some(negro) = preguntar_nivel(consola, "las negras")? else {
                    return Ok(None);
                };
                let Some(blanco) = preguntar_nivel(consola, "las blancas")? else {
                    return Ok(None);
                };
                return Ok(Some(nueva(PorColor::new(negro, blanco))));
            }
            "5" | "salir" => return Ok(None),
            _ => writeln!(
                consola,
                "«{}» no es una opción: escribe un número del 1 al 5.",
                cita(&opcion)
            )?,
        }
    }
}

/// Asks which color the person plays against the computer; `None` at the end of
/// the input.
fn preguntar_color<R: BufRead, W: Write>(consola: &mut Consola<R, W>) -> io::Result<Option<Color>> {
    loop {
        let Some(respuesta) = consola
            .preguntar("¿Con qué color juegas? N (negras, empiezan) o B (blancas) [Enter = N]: ")?
        else {
            return Ok(None);
        };
        if respuesta.is_empty() {
            return Ok(Some(Color::Negro));
        }
        match entrada::color(&respuesta) {
            Some(color) => return Ok(Some(color)),
            None => writeln!(consola, "Responde N (negras) o B (blancas).")?,
        }
    }
}

/// Asks the level of a computer player; `None` at the end of the input.
fn preguntar_nivel<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    quien: &str,
) -> io::Result<Option<Nivel>> {
    let pregunta = format!("¿Nivel de {quien}? aleatorio, libro o fuerte [Enter = fuerte]: ");
    loop {
        let Some(respuesta) = consola.preguntar(&pregunta)? else {
            return Ok(None);
        };
        match respuesta.parse::<Nivel>() {
            _ if respuesta.is_empty() => return Ok(Some(Nivel::Fuerte)),
            Ok(Nivel::Humano) | Err(_) => writeln!(
                consola,
                "Responde aleatorio, libro o fuerte (o Enter para fuerte)."
            )?,
            Ok(nivel) => return Ok(Some(nivel)),
        }
    }
}

/// Asks for a file until one loads, then who moves; an empty answer goes back to
/// the menu.
fn cargar<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    reglas: Reglas,
) -> io::Result<Eleccion> {
    loop {
        let Some(nombre) = consola.preguntar("Archivo a cargar (Enter para volver al menú): ")?
        else {
            return Ok(Eleccion::Salir);
        };
        if nombre.is_empty() {
            return Ok(Eleccion::Menu);
        }
        if !nombre_legible(Path::new(&nombre)) {
            writeln!(consola, "{NOMBRE_ILEGIBLE}")?;
            continue;
        }
        match disco::cargar(&nombre) {
            Ok(tablero) => {
                return Ok(
                    match abrir(consola, Path::new(&nombre), tablero, None, reglas)? {
                        Some(comienzo) => Eleccion::Jugar(comienzo),
                        None => Eleccion::Salir,
                    },
                );
            }
            Err(error) => writeln!(consola, "No se pudo cargar: {error}.")?,
        }
    }
}

/// Starts a game on a board loaded from `ruta`; `turno` moves first, or is asked.
/// `None` at the end of the input.
pub(super) fn abrir<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    ruta: &Path,
    tablero: Tablero,
    turno: Option<Color>,
    reglas: Reglas,
) -> io::Result<Option<Comienzo>> {
    writeln!(consola, "Partida cargada de «{}».", ruta.display())?;
    let partida = match turno {
        Some(turno) => Some(Partida::desde(tablero, turno).con_reglas(reglas)),
        None => preguntar_turno(consola, tablero, reglas)?,
    };
    Ok(partida.map(|partida| Comienzo {
        partida,
        cargada_de: Some(ruta.to_owned()),
        jugadores: None,
    }))
}

/// Asks who moves on a loaded board, offering the likely answer; `None` at the end
/// of the input.
fn preguntar_turno<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    tablero: Tablero,
    reglas: Reglas,
) -> io::Result<Option<Partida>> {
    let sugerido = Partida::turno_sugerido(&tablero);
    let partida = Partida::desde(tablero.clone(), sugerido).con_reglas(reglas);
    // A loaded game is over or not whoever moves (a full board, a color without
    // pieces, nobody able to move): then there is nothing to ask.
    if partida.estado() != Estado::EnCurso {
        return Ok(Some(partida));
    }
    let pregunta = format!(
        "¿Quién juega ahora? N (negras) o B (blancas) [Enter = {sugerido}, las {}]: ",
        sugerido.nombre()
    );
    loop {
        let Some(respuesta) = consola.preguntar(&pregunta)? else {
            return Ok(None);
        };
        let turno = match respuesta.as_str() {
            "" => Some(sugerido),
            _ => entrada::color(&respuesta),
        };
        match turno {
            Some(turno) => return Ok(Some(Partida::desde(tablero, turno).con_reglas(reglas))),
            None => writeln!(consola, "Responde N (negras) o B (blancas).")?,
        }
    }
}

impl Comienzo {
    /// A new game from the start, under `reglas`, played by `jugadores` (or by whoever
    /// played before, if `None`).
    pub(super) fn nueva(reglas: Reglas, jugadores: Option<PorColor<Nivel>>) -> Comienzo {
        Comienzo {
            partida: Partida::nueva().con_reglas(reglas),
            cargada_de: None,
            jugadores,
        }
    }
}
