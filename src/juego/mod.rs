//! The game at the terminal: two people take turns at one keyboard, or a person plays
//! the computer, or two computers play.
//!
//! [`ejecutar`] reads lines from any [`BufRead`] and writes to any [`Write`], so the same
//! loop serves a person at a terminal, a piped transcript and the tests. It never
//! panics on its input: garbage, very long lines, bytes that are not UTF-8 and the end
//! of the input (Ctrl-D) at any prompt all have an answer, the last one a goodbye. No
//! line it writes is wider than a terminal's 80 columns (the help of the commands
//! aside), and with [`Opciones::recuperacion`] no game in progress is lost.

mod comando;
mod consola;
mod guardado;
mod historial;
mod impreso;
mod jugadores;
mod menu;
mod mesa;
mod pantalla;
mod recuperacion;

pub use self::{consola::ErrorEntrada, pantalla::restaurar_la_terminal};

use std::{
    io::{self, BufRead, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use self::{
    consola::Consola,
    jugadores::{HUMANOS, Jugadores},
    mesa::{Comienzo, Fin, Mesa},
    recuperacion::Recuperacion,
};
use othello::{
    Color, ErrorArchivo, PorColor, Reglas, disco,
    motor::{busqueda::TIEMPO_PREDETERMINADO, jugadores::Nivel},
    texto::{cantidad, ruta_visible},
};

/// How the game starts and looks.
#[derive(Clone, Debug)]
pub struct Opciones {
    /// Load this saved board and skip the start menu.
    pub cargar: Option<PathBuf>,
    /// Who moves on the loaded board. When `None`, the board's `.jugadas` (written
    /// beside it by `guardar`) says, or the players are asked. When given, it wins over
    /// the `.jugadas`, whose moves are then used only if they leave this turn.
    pub turno: Option<Color>,
    /// Draw the pieces in color (ANSI escapes).
    pub color: bool,
    /// Write back each line read, after its prompt, so that the output of a piped
    /// transcript reads like a session at the terminal.
    pub eco: bool,
    /// Who plays black and white; `None` to choose in the start menu. With players
    /// given, a new game starts without the menu (or the loaded one, with
    /// [`Opciones::cargar`]).
    pub jugadores: Option<PorColor<Nivel>>,
    /// The seed of the computer players' randomness; one is drawn (and shown) if
    /// `None`.
    pub semilla: Option<u64>,
    /// How long the strong player thinks per move.
    pub tiempo: Duration,
    /// Between two computer players, play on without waiting for Enter.
    pub sin_pausa: bool,
    /// When a player may pass.
    pub reglas: Reglas,
    /// Play on the full-screen board (cursor, mouse) instead of the printed one; only
    /// at the program's own terminal ([`ejecutar_en_la_terminal`]).
    pub pantalla: bool,
    /// The folder of the recovery save: the game in progress is kept there after
    /// every move, and the start menu offers to continue it. `None` keeps nothing
    /// (tests and examples must not touch the user's folder); the program passes
    /// [`carpeta_de_recuperacion`].
    pub recuperacion: Option<PathBuf>,
}

impl Default for Opciones {
    /// The homework's game between two people, [`TIEMPO_PREDETERMINADO`] per strong
    /// computer move.
    fn default() -> Opciones {
        Opciones {
            cargar: None,
            turno: None,
            color: false,
            eco: false,
            jugadores: None,
            semilla: None,
            tiempo: TIEMPO_PREDETERMINADO,
            sin_pausa: false,
            reglas: Reglas::Tarea,
            pantalla: false,
            recuperacion: None,
        }
    }
}

/// The user's data folder for the recovery save: `$XDG_DATA_HOME/othello` on Linux
/// (`~/.local/share/othello` by default), the platform's equivalent elsewhere; `None`
/// when the system names no home folder.
pub fn carpeta_de_recuperacion() -> Option<PathBuf> {
    directories::ProjectDirs::from("cl", "uc", "othello")
        .map(|carpetas| carpetas.data_dir().to_owned())
}

/// What to tell a person whose game a signal ended (Ctrl-C, a closed terminal, a
/// kill) with the recovery copies in `carpeta`: where this process's game was kept, if
/// it was.
pub fn aviso_de_interrupcion(carpeta: &Path) -> Option<String> {
    recuperacion::de_este_proceso(carpeta).map(|ruta| {
        format!(
            "La partida quedó en «{}»: al volver, el menú ofrece seguirla.",
            ruta.display()
        )
    })
}

/// Why the game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ErrorJuego {
    /// The board of [`Opciones::cargar`] could not be loaded.
    #[error(transparent)]
    Carga(#[from] ErrorArchivo),
    /// The input, from a pipe or a file, is not text or not a game: the game stops
    /// (kept in its recovery copy) instead of reading or answering it forever.
    #[error(transparent)]
    Entrada(ErrorEntrada),
    /// The full-screen board was asked for without a terminal to show it on.
    #[error(
        "el tablero a pantalla completa (--pantalla) necesita una terminal: la entrada y \
         la salida no pueden ser una tubería ni un archivo"
    )]
    SinTerminal,
    /// Reading the input or writing the output failed.
    #[error("error de entrada o salida: {}", disco::describir_io(.0))]
    EntradaSalida(io::Error),
}

impl From<io::Error> for ErrorJuego {
    /// The console's [`ErrorEntrada`] travels as an I/O error of its own.
    fn from(error: io::Error) -> ErrorJuego {
        match error.downcast::<ErrorEntrada>() {
            Ok(entrada) => ErrorJuego::Entrada(entrada),
            Err(error) => ErrorJuego::EntradaSalida(error),
        }
    }
}

/// Plays at the terminal until the players quit or the input ends.
///
/// ```
/// use othello_programa::juego::{ejecutar, Opciones};
///
/// let mut salida = Vec::new();
/// ejecutar("1\nc4\nsalir\nn\n".as_bytes(), &mut salida, &Opciones::default())?;
/// let texto = String::from_utf8(salida)?;
/// assert!(texto.contains("Las negras juegan C4 y voltean 1 ficha."));
/// assert!(texto.ends_with("¡Hasta luego!\n"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`ErrorJuego::Carga`] if the board of `opciones.cargar` cannot be loaded, and
/// [`ErrorJuego::EntradaSalida`] if reading or writing fails (of kind
/// [`Interrupted`](io::ErrorKind::Interrupted) for Ctrl-C at the line editor). The end
/// of the input is not an error.
pub fn ejecutar<R: BufRead, W: Write>(
    entrada: R,
    salida: W,
    opciones: &Opciones,
) -> Result<(), ErrorJuego> {
    jugar(Consola::nueva(entrada, salida, opciones.eco), opciones)
}

/// Plays at the program's own terminal: with line editing (arrows, history, Tab
/// completing the commands and the valid moves, and the files' names where a file is
/// asked for) when standard input and output are
/// both terminals, otherwise as [`ejecutar`] over them, prompts and all.
///
/// # Errors
///
/// As [`ejecutar`].
pub fn ejecutar_en_la_terminal(opciones: &Opciones) -> Result<(), ErrorJuego> {
    if opciones.pantalla && !pantalla::hay_terminal() {
        return Err(ErrorJuego::SinTerminal);
    }
    match Consola::de_la_terminal() {
        Some(consola) => jugar(consola, opciones),
        None => ejecutar(io::stdin().lock(), io::stdout().lock(), opciones),
    }
}

/// Plays through `consola`, as [`ejecutar`] tells.
fn jugar<R: BufRead, W: Write>(
    mut consola: Consola<R, W>,
    opciones: &Opciones,
) -> Result<(), ErrorJuego> {
    // The full-screen board reads the terminal's keys, not `consola`'s lines.
    if opciones.pantalla && !consola.es_la_terminal() {
        return Err(ErrorJuego::SinTerminal);
    }
    // A board named on the command line is loaded before anything is shown, so a bad
    // file ends the program with its error alone.
    let cargada = match &opciones.cargar {
        Some(ruta) => Some((ruta, disco::cargar(ruta)?)),
        None => None,
    };
    let reglas = opciones.reglas;
    let jugadores = Jugadores::nuevos(
        opciones.jugadores.unwrap_or(HUMANOS),
        opciones.semilla,
        opciones.tiempo,
    );
    // What saves killed halfway left, here and among the copies, goes at start.
    for carpeta in std::iter::once(Path::new(".")).chain(opciones.recuperacion.as_deref()) {
        disco::quitar_restos_de(carpeta);
    }
    let recuperacion = opciones.recuperacion.clone().map(Recuperacion::en);
    let mut mesa = Mesa::nueva(jugadores, opciones.sin_pausa, recuperacion, reglas);
    writeln!(
        consola,
        "Othello (Reversi) — Tarea 2, Introducción a la Programación UC"
    )?;
    let ayuda = if opciones.pantalla {
        "Durante la partida, ? muestra las teclas y las reglas."
    } else {
        "Durante la partida, «ayuda» muestra los comandos y «ayuda reglas», las reglas."
    };
    writeln!(consola, "{ayuda}")?;
    let con_menu = cargada.is_none() && opciones.jugadores.is_none();
    let mut en_pantalla = opciones.pantalla;
    if let (Some(recuperacion), false) = (mesa.recuperacion(), con_menu) {
        let pendientes = recuperacion.pendientes().len();
        if pendientes > 0 {
            let aviso = format!(
                "{} en «{}»: el menú (othello, sin opciones) {}.",
                cantidad(
                    pendientes as u64,
                    "partida interrumpida",
                    "partidas interrumpidas"
                ),
                recuperacion.carpeta().display(),
                if pendientes == 1 {
                    "la ofrece"
                } else {
                    "las ofrece"
                }
            );
            consola.decir(&format!("Hay {aviso}"))?;
        }
    }
    let mut siguiente = match cargada {
        Some((ruta, tablero)) => {
            let encabezado = format!("Partida cargada de «{}»", ruta_visible(ruta));
            menu::abrir(
                &mut consola,
                &encabezado,
                ruta,
                tablero,
                opciones.turno,
                reglas,
            )?
        }
        None if con_menu => {
            let eleccion = consola.es_la_terminal().then_some(&mut en_pantalla);
            menu::menu(&mut consola, reglas, mesa.recuperacion(), eleccion)?
        }
        None => Some(Comienzo::nueva(reglas, None)),
    };
    while let Some(comienzo) = siguiente {
        let fin = if en_pantalla {
            pantalla::jugar_partida(&mut mesa, opciones.color, comienzo)?
        } else {
            impreso::jugar_partida(&mut consola, &mut mesa, opciones.color, comienzo)?
        };
        siguiente = match fin {
            Fin::Salir => None,
            Fin::Otra => Some(Comienzo::nueva(reglas, None)),
        };
    }
    writeln!(consola, "¡Hasta luego!")?;
    Ok(())
}
