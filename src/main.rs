//! The `othello` program: reads the arguments, hands off to the library, and turns
//! errors into a Spanish message and an exit code.

use std::{
    io::{self, IsTerminal},
    path::PathBuf,
    process::ExitCode,
};

use clap::{
    Parser, ValueEnum,
    error::{ContextKind, ErrorKind},
};
use othello::{
    Color,
    juego::{self, ErrorJuego, Opciones},
};

/// Othello (Reversi) de la Tarea 2 de Introducción a la Programación (UC): dos personas
/// juegan por turnos en la misma terminal.
#[derive(Parser)]
#[command(
    name = "othello",
    version,
    override_usage = USO,
    help_template = "{about}\n\nUso: {usage}\n\n{all-args}{after-help}",
    next_help_heading = "Opciones",
    disable_help_flag = true,
    disable_version_flag = true,
    arg = clap::Arg::new("ayuda").short('h').long("help").action(clap::ArgAction::Help).help("Muestra esta ayuda"),
    arg = clap::Arg::new("version").short('V').long("version").action(clap::ArgAction::Version).help("Muestra la versión"),
    after_help = "\nSin argumentos muestra el menú: partida nueva, cargar una partida o salir.\n\
                  Durante la partida, «ayuda» muestra los comandos y las reglas."
)]
struct Argumentos {
    /// Carga la partida guardada en ARCHIVO y salta el menú
    #[arg(long, value_name = "ARCHIVO")]
    cargar: Option<PathBuf>,
    /// Quién juega primero en la partida cargada: N (negras) o B (blancas); si falta, se pregunta
    #[arg(long, value_name = "N|B", requires = "cargar", value_parser = leer_turno)]
    turno: Option<Color>,
    /// Colores en el tablero: auto (en una terminal, sin NO_COLOR; CLICOLOR_FORCE los fuerza), siempre o nunca
    #[arg(
        long,
        value_name = "CUANDO",
        value_enum,
        default_value_t = CuandoColor::Auto,
        hide_possible_values = true,
        hide_default_value = true
    )]
    color: CuandoColor,
}

/// `N` or `B` in either case, as the game's own question accepts them.
fn leer_turno(texto: &str) -> Result<Color, othello::ErrorColor> {
    texto.to_uppercase().parse()
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

/// The usage line, in help and in usage errors.
const USO: &str = "othello [--cargar ARCHIVO [--turno N|B]] [--color CUANDO]";

fn main() -> ExitCode {
    let argumentos = match Argumentos::try_parse() {
        Ok(argumentos) => argumentos,
        Err(error) => return error_de_uso(&error),
    };
    let color = match argumentos.color {
        CuandoColor::Siempre => true,
        CuandoColor::Nunca => false,
        CuandoColor::Auto => {
            anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
        }
    };
    let opciones = Opciones {
        cargar: argumentos.cargar,
        turno: argumentos.turno,
        color,
        eco: !io::stdin().is_terminal(),
    };
    match juego::ejecutar(io::stdin().lock(), io::stdout().lock(), &opciones) {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read the output stopped reading: nothing left to say.
        Err(ErrorJuego::EntradaSalida(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        // The messages are whole sentences that already include their causes.
        Err(error @ ErrorJuego::Carga(_)) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Help and version go to standard output; a usage error is told in Spanish on standard
/// error, with exit status 2.
fn error_de_uso(error: &clap::Error) -> ExitCode {
    let dato = |tipo| error.get(tipo).map(ToString::to_string).unwrap_or_default();
    let mensaje = match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            return match error.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            };
        }
        ErrorKind::UnknownArgument => {
            format!("argumento desconocido «{}»", dato(ContextKind::InvalidArg))
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation
            if dato(ContextKind::InvalidValue).is_empty() =>
        {
            format!("falta el valor de {}", dato(ContextKind::InvalidArg))
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => format!(
            "valor «{}» inválido para {}",
            dato(ContextKind::InvalidValue),
            dato(ContextKind::InvalidArg)
        ),
        ErrorKind::MissingRequiredArgument => {
            format!("falta el argumento {}", dato(ContextKind::InvalidArg))
        }
        ErrorKind::ArgumentConflict => {
            format!("{} se dio más de una vez", dato(ContextKind::InvalidArg))
        }
        ErrorKind::InvalidUtf8 => "los argumentos deben ser texto UTF-8".to_owned(),
        _ => match dato(ContextKind::InvalidArg) {
            argumento if argumento.is_empty() => "argumentos no válidos".to_owned(),
            argumento => format!("argumento no válido: {argumento}"),
        },
    };
    eprintln!("error: {mensaje}\n\nUso: {USO}\nPara más información, prueba «othello --help».");
    ExitCode::from(2)
}
