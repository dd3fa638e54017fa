//! The command line, defined once: the game's options here, the orders as the library
//! defines them ([`Orden`]), and the Spanish face of clap's help around both.

use std::{ffi::OsString, io, path::PathBuf, time::Duration};

use clap::{Arg, ArgAction, Command, CommandFactory, FromArgMatches, Parser, ValueEnum};
use othello::{
    Color,
    motor::{busqueda::TIEMPO_PREDETERMINADO, jugadores::Nivel},
};
use othello_programa::{
    argumentos::{MAS_OPCIONES, color_tolerante, jugador, jugadores, segundos, semilla},
    ordenes::Orden,
    renglones::{ANCHO, ajustar},
};

/// The usage lines, in the help and in usage errors.
pub const USO: &str = "othello [--negro JUGADOR] [--blanco JUGADOR] [OPCIONES]
     othello --cargar ARCHIVO [--turno N|B] [OPCIONES]
     othello ORDEN [ARGUMENTOS] [--json]";

/// The Spanish help template, for the program and each order.
const PLANTILLA: &str = "{about}\n\nUso: {usage}\n\n{all-args}{after-help}";

/// What follows the orders in `othello --ayuda-completa`.
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

/// Everything the command line says: the game's options, or an order. The options used
/// every time come first; those under [`MAS_OPCIONES`] only `--ayuda-completa` shows.
#[derive(Parser)]
#[command(
    name = "othello",
    version,
    about = "Othello (Reversi) de la Tarea 2 de Introducción a la Programación (UC): dos \
             personas juegan por turnos en la misma terminal, y los correctores revisan \
             tableros con órdenes",
    override_usage = USO,
    help_template = PLANTILLA,
    disable_help_flag = true,
    disable_help_subcommand = true,
    disable_version_flag = true,
    args_conflicts_with_subcommands = true,
    max_term_width = ANCHO
)]
pub struct Argumentos {
    /// Who plays black.
    #[arg(
        long,
        value_name = "JUGADOR",
        value_parser = jugador,
        help = format!(
            "Quién juega con negras: {} (con --negro o --blanco no hay menú)",
            jugadores()
        )
    )]
    pub negro: Option<Nivel>,
    /// Who plays white.
    #[arg(
        long,
        value_name = "JUGADOR",
        value_parser = jugador,
        help = format!("Quién juega con blancas: {}", jugadores())
    )]
    pub blanco: Option<Nivel>,
    /// Load this saved board and skip the menu.
    #[arg(
        long,
        value_name = "ARCHIVO",
        help = "Carga la partida guardada en ARCHIVO y salta el menú"
    )]
    pub cargar: Option<PathBuf>,
    /// The full-screen board instead of the printed one.
    #[arg(
        long,
        help = "Juega en el tablero a pantalla completa (necesita una terminal)",
        long_help = "Juega en el tablero a pantalla completa (necesita una terminal): las \
                     flechas o una casilla escrita (c4) mueven el cursor, y Enter o un clic \
                     juegan; ? muestra las teclas. Si un kill -9 la deja sin eco ni cursor, \
                     escribe reset y Enter (en tmux, además tput rmcup)"
    )]
    pub pantalla: bool,
    /// Who moves first on the loaded board.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N|B",
        requires = "cargar",
        value_parser = color_tolerante,
        help = "Quién juega en la partida cargada: N o B (o negras, blancas); si falta, \
                el de ARCHIVO.jugadas, y si no lo hay, se pregunta"
    )]
    pub turno: Option<Color>,
    /// The seed of the computer players.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N",
        value_parser = semilla,
        help = "Semilla del azar de la computadora, para repetir una partida (si falta, se \
                elige una y se muestra)"
    )]
    pub semilla: Option<u64>,
    /// How long the strong player thinks per move.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "SEGUNDOS",
        value_parser = segundos,
        help = format!(
            "Segundos por jugada del jugador fuerte, en promedio, como 0.5 (por omisión, {})",
            TIEMPO_PREDETERMINADO.as_secs_f64()
        )
    )]
    pub tiempo: Option<Duration>,
    /// Between two computers, no Enter between moves.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        help = "Entre dos computadoras, no espera Enter entre jugadas"
    )]
    pub sin_pausa: bool,
    /// When a player may pass.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "REGLAS",
        value_enum,
        default_value_t = ReglasElegidas::Tarea,
        hide_possible_values = true,
        hide_default_value = true,
        help = "tarea (se puede pasar siempre; dos pases seguidos terminan) u oficiales \
                (solo se pasa sin jugadas)"
    )]
    pub reglas: ReglasElegidas,
    /// When the board is drawn in color.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
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
        help_heading = MAS_OPCIONES,
        global = true,
        help = "Escribe un objeto JSON en vez de texto"
    )]
    pub json: bool,
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

/// The heading of the options used every time, and of the arguments.
const OPCIONES: &str = "Opciones";
const ARGUMENTOS: &str = "Argumentos";

/// The whole command, with the Spanish help of the program and of each order: what
/// `--help` shows fits a terminal of 80 by 24, and `--ayuda-completa` shows
/// everything. The orders are listed by the program's own text, by name in the short
/// help and with what each does in the complete one; an order's help shows the
/// program's `--color` and `--json` only where they change something.
pub fn comando() -> Command {
    let programa = Argumentos::command()
        .arg(
            Arg::new("ayuda-completa")
                .long("ayuda-completa")
                .global(true)
                .action(ArgAction::HelpLong)
                .help("Toda la ayuda, con las opciones menos usadas"),
        )
        .arg(
            Arg::new("ayuda")
                .short('h')
                .long("help")
                .global(true)
                .action(ArgAction::HelpShort)
                .help_heading(MAS_OPCIONES)
                .help("La ayuda breve"),
        )
        .arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help_heading(MAS_OPCIONES)
                .help("Muestra la versión"),
        );
    let nombres: Vec<&str> = programa.get_subcommands().map(Command::get_name).collect();
    let breve = format!(
        "{ORDENES}\n{}\n«othello ORDEN --help» explica cada una.",
        ajustar(&format!("  {}.", nombres.join(", ")))
    );
    let completa = format!("{ORDENES}\n{}\n{DESPUES}", lista_de_ordenes(&programa));
    // The program's options for every order, put into each order here rather than by
    // clap, so that its help lists them with its own and only where they do something.
    let globales: Vec<Arg> = programa
        .get_arguments()
        .filter(|argumento| argumento.is_global_set())
        .cloned()
        .collect();
    ordenar_la_ayuda(programa)
        .after_help(breve)
        .after_long_help(completa)
        .mut_subcommands(|orden| {
            let usa = Orden::globales(orden.get_name());
            let (color, json) = usa.map_or((false, false), |usa| (usa.color, usa.json));
            let propias = globales.iter().cloned().map(|argumento| {
                // After the order's own, in the program's order.
                let argumento = argumento.display_order(usize::MAX);
                match argumento.get_id().as_str() {
                    "color" => argumento.hide(!color),
                    // What a script asks of every order: with the options used every
                    // time.
                    "json" => argumento.hide(!json).help_heading(None),
                    _ => argumento,
                }
            });
            let orden = orden
                .help_template(PLANTILLA)
                .disable_help_flag(true)
                .args(propias);
            ordenar_la_ayuda(orden).hide(true)
        })
}

/// The title over the orders in the program's help.
const ORDENES: &str = "Órdenes (para scripts y correctores; nunca preguntan nada):";

/// Each order of `programa` with what it does, laid out by clap as it lays out options.
fn lista_de_ordenes(programa: &Command) -> String {
    Command::new("othello")
        .help_template("{subcommands}")
        .disable_help_subcommand(true)
        .term_width(ANCHO)
        .subcommands(programa.get_subcommands().cloned())
        .render_help()
        .to_string()
}

/// `comando`'s arguments in the order a reader wants them, under Spanish headings: the
/// positional arguments, the options used every time, then those under
/// [`MAS_OPCIONES`], which only `--ayuda-completa` shows. Within each group they keep
/// the order clap gives them, the order they were defined in.
fn ordenar_la_ayuda(comando: Command) -> Command {
    let grupo = |argumento: &Arg| match (argumento.is_positional(), argumento.get_help_heading()) {
        (true, _) => 0,
        (false, Some(MAS_OPCIONES)) => 2,
        (false, _) => 1,
    };
    let mut ids: Vec<(u8, usize, usize, String)> = comando
        .get_arguments()
        .enumerate()
        .map(|(i, argumento)| {
            let id = argumento.get_id().to_string();
            (grupo(argumento), argumento.get_display_order(), i, id)
        })
        .collect();
    ids.sort();
    // Each argument taken out and put back last, in that order: a heading is listed
    // where its first argument is.
    ids.into_iter()
        .enumerate()
        .fold(comando, |comando, (lugar, (grupo, _, _, id))| {
            comando.mut_arg(id, |argumento| {
                let argumento = argumento.display_order(lugar);
                match grupo {
                    0 => argumento.help_heading(ARGUMENTOS),
                    1 => argumento.help_heading(OPCIONES),
                    _ => argumento.hide_short_help(true),
                }
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

    /// On the full screen the letters `a` to `h` only name columns (`h` is column H) and
    /// the arrows move the cursor (`juego::pantalla::teclas`): no vi keys.
    #[test]
    fn la_ayuda_de_pantalla_dice_las_teclas_que_hay() {
        let comando = comando();
        let pantalla = comando
            .get_arguments()
            .find(|argumento| argumento.get_long() == Some("pantalla"))
            .expect("--pantalla");
        let ayuda = pantalla
            .get_long_help()
            .expect("su ayuda completa")
            .to_string();
        assert!(!ayuda.contains("hjkl"), "{ayuda}");
        for tecla in ["flechas", "(c4)", "Enter", "clic", "?"] {
            assert!(ayuda.contains(tecla), "{tecla}: {ayuda}");
        }
    }

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
