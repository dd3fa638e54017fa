//! The command line, defined once: the game's options here, the orders as the library
//! defines them ([`Orden`]), and the Spanish face of clap's help around both.

use std::{ffi::OsString, io, path::PathBuf, time::Duration};

use clap::{ArgAction, CommandFactory, FromArgMatches, Parser, ValueEnum};
use othello::{
    Color,
    motor::{busqueda::TIEMPO_PREDETERMINADO, jugadores::Nivel},
};
use othello_programa::{
    argumentos::{color_tolerante, jugador, segundos, semilla},
    ordenes::Orden,
    renglones::ANCHO,
};

/// The usage lines, in the help and in usage errors.
pub const USO: &str = "othello [--negro JUGADOR] [--blanco JUGADOR] [OPCIONES]
     othello --cargar ARCHIVO [--turno N|B] [OPCIONES]
     othello ORDEN [ARGUMENTOS] [--json]";

/// The Spanish help template, for the program and each order.
const PLANTILLA: &str = "{about}\n\nUso: {usage}\n\n{all-args}{after-help}";

/// What follows the options in `othello --help`.
const DESPUES: &str = "\
Sin orden, juega: muestra el menú (dos personas, contra la computadora, computadora \
contra computadora, cargar una partida); con --negro, --blanco o --cargar empieza de \
inmediato. Durante la partida, «ayuda» muestra los comandos y «ayuda reglas», las \
reglas.

ARCHIVO es un tablero en el formato de la tarea; «-» lo lee de la entrada estándar. \
«othello ORDEN --help» explica cada orden.

Estado de salida de las órdenes:
  0  listo
  1  la jugada o la transcripción no es válida (no se escribió nada); en
     corregir, alguna entrega no pasa todos sus casos
  2  uso incorrecto (también una POSICION o un VALOR mal escritos), un
     archivo que no es un tablero válido (con archivo, línea y columna) o un
     error al escribir";

/// Everything the command line says: the game's options, or an order.
#[derive(Parser)]
#[command(
    name = "othello",
    version,
    about = "Othello (Reversi) de la Tarea 2 de Introducción a la Programación (UC): dos \
             personas juegan por turnos en la misma terminal, y los correctores revisan \
             tableros con órdenes",
    override_usage = USO,
    help_template = PLANTILLA,
    after_help = DESPUES,
    next_help_heading = "Opciones",
    subcommand_help_heading = "Órdenes (para scripts y correctores; nunca preguntan nada)",
    subcommand_value_name = "ORDEN",
    disable_help_flag = true,
    disable_help_subcommand = true,
    disable_version_flag = true,
    args_conflicts_with_subcommands = true,
    max_term_width = ANCHO,
    arg = clap::Arg::new("ayuda")
        .short('h')
        .long("help")
        .global(true)
        .action(ArgAction::Help)
        .help("Muestra esta ayuda"),
    arg = clap::Arg::new("version")
        .short('V')
        .long("version")
        .action(ArgAction::Version)
        .help("Muestra la versión")
)]
pub struct Argumentos {
    /// Load this saved board and skip the menu.
    #[arg(
        long,
        value_name = "ARCHIVO",
        help = "Carga la partida guardada en ARCHIVO y salta el menú"
    )]
    pub cargar: Option<PathBuf>,
    /// Who moves first on the loaded board.
    #[arg(
        long,
        value_name = "N|B",
        requires = "cargar",
        value_parser = color_tolerante,
        help = "Quién juega en la partida cargada: N o B (o negras, blancas); si falta, \
                el de ARCHIVO.jugadas, y si no lo hay, se pregunta"
    )]
    pub turno: Option<Color>,
    /// When the board is drawn in color.
    #[arg(
        long,
        global = true,
        value_name = "CUANDO",
        value_enum,
        default_value_t = CuandoColor::Auto,
        hide_possible_values = true,
        hide_default_value = true,
        help = "Colores en el tablero: auto (en una terminal, sin NO_COLOR; CLICOLOR_FORCE \
                los fuerza), siempre o nunca"
    )]
    color: CuandoColor,
    /// One JSON object instead of text, for an order.
    #[arg(
        long,
        global = true,
        help = "Con una orden: escribe un objeto JSON en la salida estándar en vez de texto"
    )]
    pub json: bool,
    /// Who plays black.
    #[arg(
        long,
        value_name = "JUGADOR",
        value_parser = jugador,
        help = "Quién juega con negras: humano, aleatorio, libro o fuerte (con --negro o \
                --blanco no hay menú)"
    )]
    pub negro: Option<Nivel>,
    /// Who plays white.
    #[arg(
        long,
        value_name = "JUGADOR",
        value_parser = jugador,
        help = "Quién juega con blancas: humano, aleatorio, libro o fuerte"
    )]
    pub blanco: Option<Nivel>,
    /// The seed of the computer players.
    #[arg(
        long,
        value_name = "N",
        value_parser = semilla,
        help = "Semilla del azar de la computadora, para repetir una partida (si falta, se \
                elige una y se muestra)"
    )]
    pub semilla: Option<u64>,
    /// How long the strong player thinks per move.
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = segundos,
        help = format!(
            "Segundos que piensa el jugador fuerte por jugada, como 0.5 (por omisión, {})",
            TIEMPO_PREDETERMINADO.as_secs_f64()
        )
    )]
    pub tiempo: Option<Duration>,
    /// Between two computers, no Enter between moves.
    #[arg(long, help = "Entre dos computadoras, no espera Enter entre jugadas")]
    pub sin_pausa: bool,
    /// The full-screen board instead of the printed one.
    #[arg(
        long,
        help = "Juega en el tablero a pantalla completa: flechas o hjkl y Enter, o un clic, \
                juegan (necesita una terminal). Si un kill -9 la deja sin eco ni cursor, \
                escribe reset y Enter (en tmux, además tput rmcup)"
    )]
    pub pantalla: bool,
    /// When a player may pass.
    #[arg(
        long,
        value_name = "REGLAS",
        value_enum,
        default_value_t = ReglasElegidas::Tarea,
        hide_possible_values = true,
        hide_default_value = true,
        help = "tarea (se puede pasar siempre; dos pases seguidos terminan) u oficiales \
                (solo se pasa sin jugadas)"
    )]
    pub reglas: ReglasElegidas,
    /// An order for scripts, instead of the game.
    #[command(subcommand)]
    pub orden: Option<Orden>,
}

impl Argumentos {
    /// Whether to draw in color: asked, or, with `auto`, whether standard output takes
    /// it (a terminal, no `NO_COLOR`, or `CLICOLOR_FORCE`).
    pub fn color(&self) -> bool {
        match self.color {
            CuandoColor::Siempre => true,
            CuandoColor::Nunca => false,
            CuandoColor::Auto => {
                anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
            }
        }
    }
}

/// When to draw the board in color.
#[derive(Clone, Copy, ValueEnum)]
enum CuandoColor {
    /// Only on a terminal, and not with NO_COLOR or TERM=dumb.
    Auto,
    /// Always.
    #[value(alias = "always")]
    Siempre,
    /// Never.
    #[value(alias = "never")]
    Nunca,
}

/// The pass rule, as typed.
#[derive(Clone, Copy, ValueEnum)]
pub enum ReglasElegidas {
    /// The homework's.
    Tarea,
    /// The official.
    Oficiales,
}

/// The whole command, with the Spanish help of each order: its template, headings
/// and help flag.
pub fn comando() -> clap::Command {
    Argumentos::command().mut_subcommands(|orden| {
        orden
            .help_template(PLANTILLA)
            .disable_help_flag(true)
            .mut_args(|argumento| {
                let titulo = match argumento.is_positional() {
                    true => "Argumentos",
                    false => "Opciones",
                };
                argumento.help_heading(titulo)
            })
    })
}

/// The program's arguments, read.
///
/// # Errors
///
/// clap's error, for [`crate::uso`] to tell in Spanish (help and version are errors
/// too, for clap).
pub fn leer(argumentos: impl IntoIterator<Item = OsString>) -> Result<Argumentos, clap::Error> {
    comando()
        .try_get_matches_from(argumentos)
        .and_then(|coincidencias| Argumentos::from_arg_matches(&coincidencias))
}

#[cfg(test)]
mod tests {
    use othello_programa::juego::Opciones;

    use super::*;

    #[test]
    fn el_juego_sin_tiempo_piensa_lo_que_dice_su_ayuda() {
        let comando = comando();
        let tiempo = comando
            .get_arguments()
            .find(|argumento| argumento.get_long() == Some("tiempo"))
            .expect("--tiempo");
        let ayuda = tiempo.get_help().expect("su ayuda").to_string();
        let (_, dicho) = ayuda.split_once("(por omisión, ").expect("su valor");
        let dicho = dicho.split(')').next().unwrap_or(dicho);
        assert_eq!(segundos(dicho).ok(), Some(Opciones::default().tiempo));
        assert_eq!(Opciones::default().tiempo, Duration::from_secs(1));
    }
}
