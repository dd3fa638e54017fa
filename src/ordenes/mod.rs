//! The program's face for scripts and graders: one order per run, never a question.
//!
//! Every order reads boards in the homework's file format, from a file or from standard
//! input (`-`), writes plain text (or one JSON object with [`OpcionesDeOrden::json`]) and ends
//! with an exit code: [`Codigo::Exito`] (0), [`Codigo::Invalida`] (1: the move or the
//! transcript is not valid, nothing was written) or [`Codigo::Error`] (2: bad usage, a
//! bad file, or a failure to write). [`ejecutar`] takes standard input and output as
//! parameters, so the tests drive it like the program does.
//!
//! [`Orden`] is the command line's definition of the orders (clap derives it here from
//! one table, a row per order; the program adds its own options around it), and each
//! family of orders has its module: [`tablero`] (one board), [`intercambio`] (engines'
//! board strings), [`validar`], [`repetir`], [`motor`], [`nboard`] (the NBoard
//! protocol) and [`corregir`] (grading students' Python files). Each order's report is its own type, so its JSON fields are written down there.

pub mod corregir;
mod corrida;
mod error;
mod informe;
pub mod intercambio;
pub mod motor;
pub mod nboard;
pub mod repetir;
pub mod tablero;
pub mod validar;

use std::{
    ffi::OsString,
    io::{Read, Write},
    iter,
};

use clap::{FromArgMatches, Subcommand};

use self::corrida::{Corrida, Ejecutar};
pub use self::{
    corrida::{Avance, OpcionesDeOrden},
    error::{Codigo, ErrorOrden},
};

/// The program's options for every order, `--color` and `--json`: whether each changes
/// what an order does. Both are read with any order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Globales {
    /// `--color`: colors in the board the order draws.
    pub color: bool,
    /// `--json`: one JSON object instead of text.
    pub json: bool,
}

/// Defines [`Orden`] from one table, so that an order is written once: each row is
/// the variant with its doc and clap attributes, its type (which implements
/// [`Ejecutar`]) and its name; the name on the command line, [`Orden::nombre`],
/// [`Orden::globales`] and the dispatch of [`ejecutar`] all come from the row.
macro_rules! ordenes {
    ($($(#[$atributo:meta])* $variante:ident($tipo:ty) = $nombre:literal,)+) => {
        /// One order and its arguments, as the command line gives them. The program puts
        /// its own options around it; [`Orden::desde_argumentos`] reads one alone.
        #[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
        pub enum Orden {
            $($(#[$atributo])* #[command(name = $nombre)] $variante($tipo),)+
        }

        impl Orden {
            /// The order's name on the command line, as `orden` in its JSON object.
            pub fn nombre(&self) -> &'static str {
                match self {
                    $(Orden::$variante(_) => $nombre,)+
                }
            }

            /// Which of the program's options for every order change what the order
            /// named `nombre` does (`None` if no order is named so), so that its help
            /// lists only those.
            pub fn globales(nombre: &str) -> Option<Globales> {
                match nombre {
                    $($nombre => Some(Globales {
                        color: <$tipo as Ejecutar>::COLOR,
                        json: <$tipo as Ejecutar>::JSON,
                    }),)+
                    _ => None,
                }
            }

            /// Runs the order in `corrida`, through its type's [`Ejecutar`].
            fn ejecutar_en(
                &self,
                corrida: &mut Corrida<impl Read, impl Write>,
            ) -> Result<(), ErrorOrden> {
                match self {
                    $(Orden::$variante(orden) => orden.ejecutar(corrida),)+
                }
            }
        }
    };
}

ordenes! {
    /// Shows the board as the game draws it, with the counts.
    #[command(
        about = "Muestra el tablero como lo dibuja el juego, con la cuenta de fichas",
        override_usage = "othello mostrar ARCHIVO [--json] [--color CUANDO]"
    )]
    Mostrar(tablero::Mostrar) = "mostrar",
    /// Plays one move as the homework's `jugar` does.
    #[command(
        about = "Juega VALOR en POSICION, como jugar de la tarea, y da el tablero",
        override_usage = "othello jugar ARCHIVO POSICION VALOR [--salida ARCHIVO | --en-sitio]\n     \
                          \x20             [--json]"
    )]
    Jugar(tablero::Jugar) = "jugar",
    /// Lists the valid moves of a color, with the pieces each one flips.
    #[command(
        about = "Lista las jugadas válidas de VALOR con cuántas fichas voltea cada una",
        override_usage = "othello jugadas ARCHIVO VALOR [--json]"
    )]
    Jugadas(tablero::Jugadas) = "jugadas",
    /// Counts N, B and V.
    #[command(
        about = "Cuenta las casillas N, B y V",
        override_usage = "othello contar ARCHIVO [--json]"
    )]
    Contar(tablero::Contar) = "contar",
    /// Checks files against the format and tells every problem.
    #[command(
        about = "Revisa el formato de los tableros y dice cada problema",
        override_usage = "othello validar ARCHIVO... [--json]"
    )]
    Validar(validar::Validar) = "validar",
    /// Whether the game is over, why, who wins, and whether the player to move can move.
    #[command(
        about = "Dice si la partida terminó, quién gana y qué puede jugar el que mueve",
        override_usage = "othello estado ARCHIVO [--turno N|B] [--json]"
    )]
    Estado(tablero::OrdenEstado) = "estado",
    /// Replays a transcript and gives the final board.
    #[command(
        about = "Repite una partida desde su transcripción y da el tablero final",
        override_usage = "othello repetir [OPCIONES] JUGADAS...\n     \
                          othello repetir [OPCIONES] --jugadas-de ARCHIVO"
    )]
    Repetir(repetir::Repetir) = "repetir",
    /// Prints a board as an engine's board string.
    #[command(
        about = "Escribe el tablero como la cadena obf de los motores de Othello",
        override_usage = "othello exportar ARCHIVO [--turno N|B] [--formato obf] [--json]"
    )]
    Exportar(intercambio::Exportar) = "exportar",
    /// Reads an engine's board string and gives the board in the homework's format.
    #[command(
        about = "Lee la cadena obf de un motor y da el tablero en el formato de la tarea",
        override_usage = "othello importar [--formato obf] [--salida ARCHIVO] [--json] CADENA"
    )]
    Importar(intercambio::Importar) = "importar",
    /// The exact result of a position: a best move and the final disc difference.
    #[command(
        about = "Resuelve la posición con juego perfecto: la mejor jugada y el resultado",
        override_usage = "othello resolver ARCHIVO --turno N|B [--hilos N] [--tiempo S] [--json]\n     \
                          othello resolver --obf CADENA [--turno N|B] [OPCIONES]"
    )]
    Resolver(motor::Resolver) = "resolver",
    /// Every valid move of the side to move with its score.
    #[command(
        about = "Da el puntaje de cada jugada válida del que mueve",
        override_usage = "othello analizar (ARCHIVO --turno N|B | --obf CADENA)\n     \
                          \x20                [--profundidad D | --tiempo SEGUNDOS] [--hilos N]\n     \
                          \x20                [--json]"
    )]
    Analizar(motor::Analizar) = "analizar",
    /// Counts the move sequences of each length up to a depth.
    #[command(
        about = "Cuenta las secuencias de jugadas de cada largo (perft), con el tiempo",
        override_usage = "othello perft PROFUNDIDAD [--desde ARCHIVO --turno N|B]\n     \
                          \x20             [--convencion publicada|ajedrez] [--json]"
    )]
    Perft(motor::Perft) = "perft",
    /// Plays a tournament between two computer players and tells the results.
    #[command(
        about = "Juega partidas entre dos computadoras y da los resultados",
        override_usage = "othello torneo --negro JUGADOR --blanco JUGADOR [--partidas N]\n     \
                          \x20              [--aperturas K] [--semilla S] [--tiempo SEGUNDOS] [--json]"
    )]
    Torneo(motor::Torneo) = "torneo",
    /// Plays as an engine of the NBoard GUI, over standard input and output.
    #[command(
        about = "Juega como motor de NBoard, por la entrada y la salida estándar",
        override_usage = "othello nboard [--tiempo SEGUNDOS] [--hilos N]"
    )]
    Nboard(nboard::Nboard) = "nboard",
    /// Grades students' Python files against this program's answers.
    #[command(
        about = "Corrige las entregas de Python de los estudiantes: sus funciones y su programa",
        override_usage = "othello corregir CURSO/ [--csv NOTAS.csv] [--planilla HOJA.csv]\n     \
                          \x20                [--informes DIR] [OPCIONES] [--json]"
    )]
    Corregir(Box<corregir::Corregir>) = "corregir",
    /// Writes grading cases as files, for a harness of one's own.
    #[command(
        about = "Escribe casos de jugar como archivos, con un ejemplo de pytest",
        override_usage = "othello casos --carpeta DIR [--semilla S] [--cantidad N] [--json]"
    )]
    Casos(corregir::OrdenCasos) = "casos",
}

impl Orden {
    /// The order that `argumentos` give, its name first, read exactly as the program
    /// reads what follows `othello` (without the program's own options, like `--json`).
    ///
    /// ```
    /// use othello_programa::ordenes::Orden;
    ///
    /// assert!(Orden::desde_argumentos(["contar", "tablero.txt"]).is_ok());
    /// assert!(Orden::desde_argumentos(["contar"]).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// clap's error for arguments that the order does not take.
    pub fn desde_argumentos<I, T>(argumentos: I) -> Result<Orden, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString>,
    {
        let comando = Orden::augment_subcommands(clap::Command::new("othello"));
        let argumentos: Vec<OsString> = iter::once(OsString::from("othello"))
            .chain(argumentos.into_iter().map(Into::into))
            .collect();
        if let Some(mensaje) = corregir::opcion_que_es_una_ruta(&argumentos) {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                mensaje,
            ));
        }
        let coincidencias = comando.try_get_matches_from(argumentos)?;
        Orden::from_arg_matches(&coincidencias)
    }
}

/// Runs `orden`, reading standard input from `entrada` if a `-` asks for it and writing
/// to `salida`. With [`OpcionesDeOrden::json`], an error that the order's own object does not
/// describe is written as `{"orden": …, "ok": false, "error": {…}}`.
///
/// ```
/// use othello_programa::ordenes::{ejecutar, OpcionesDeOrden, Orden};
///
/// let tablero = othello::Tablero::inicial().to_string();
/// let orden = Orden::desde_argumentos(["jugadas", "-", "N"])?;
/// let mut salida = Vec::new();
/// ejecutar(&orden, &OpcionesDeOrden::default(), tablero.as_bytes(), &mut salida)?;
/// assert_eq!(String::from_utf8(salida)?, "D3 1\nC4 1\nF5 1\nE6 1\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// An [`ErrorOrden`]; its [`codigo`](ErrorOrden::codigo) is the exit code. The message
/// is for standard error.
pub fn ejecutar(
    orden: &Orden,
    opciones: &OpcionesDeOrden,
    entrada: impl Read,
    mut salida: impl Write,
) -> Result<(), ErrorOrden> {
    let mut corrida = Corrida::nueva(entrada, &mut salida, opciones, orden.nombre());
    let resultado = orden.ejecutar_en(&mut corrida);
    corrida.terminar(resultado)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// The order that `argumentos` give, read as the program reads them.
    #[track_caller]
    pub(super) fn orden(argumentos: &[&str]) -> Orden {
        Orden::desde_argumentos(argumentos).expect("argumentos válidos")
    }

    /// The help of `orden`'s option `--opcion`, as `othello orden --help` shows it.
    #[track_caller]
    pub(super) fn ayuda(orden: &str, opcion: &str) -> String {
        let comando = Orden::augment_subcommands(clap::Command::new("othello"));
        let orden = comando.find_subcommand(orden).expect("la orden existe");
        let argumento = orden
            .get_arguments()
            .find(|argumento| argumento.get_long() == Some(opcion))
            .expect("la opción existe");
        argumento
            .get_help()
            .expect("la opción tiene ayuda")
            .to_string()
    }

    /// The default that the help of `orden`'s `--opcion` states: the `X` of
    /// "por omisión, X".
    #[track_caller]
    pub(super) fn por_omision(orden: &str, opcion: &str) -> String {
        let ayuda = ayuda(orden, opcion);
        let (_, dicho) = ayuda
            .split_once("por omisión, ")
            .expect("la ayuda dice su valor por omisión");
        dicho.split([')', ';']).next().unwrap_or(dicho).to_owned()
    }

    /// A command that holds only the orders, to compare names with clap's.
    #[derive(clap::Parser)]
    struct Solo {
        #[command(subcommand)]
        orden: Orden,
    }

    #[test]
    fn cada_nombre_es_el_de_la_linea_de_comandos() {
        let comando = Solo::command();
        let nombres: Vec<&str> = comando.get_subcommands().map(|o| o.get_name()).collect();
        assert_eq!(nombres.len(), 16);
        for nombre in nombres {
            let mut argumentos = vec![nombre];
            // The fewest arguments each order takes; names only matter here.
            argumentos.extend(match nombre {
                "jugar" => &["-", "C4", "N"][..],
                "jugadas" => &["-", "N"],
                "repetir" => &["C4"],
                "importar" => &["-"],
                "resolver" | "analizar" => &["--obf", "-"],
                "perft" => &["1"],
                "torneo" => &["--negro", "libro", "--blanco", "libro"],
                "corregir" => &["entrega.py"],
                "casos" => &["--carpeta", "casos"],
                "nboard" => &[],
                _ => &["-"],
            });
            let orden = Orden::desde_argumentos(&argumentos).expect("argumentos válidos");
            assert_eq!(orden.nombre(), nombre);
        }
    }
}
