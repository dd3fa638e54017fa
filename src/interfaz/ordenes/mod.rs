//! The program's face for scripts and graders: one order per run, never a question.
//!
//! Every order reads boards in the homework's file format, from a file or from standard
//! input (`-`), writes plain text (or one JSON object with [`Opciones::json`]) and ends
//! with an exit code: [`Codigo::Exito`] (0), [`Codigo::Invalida`] (1: the move or the
//! transcript is not valid, nothing was written) or [`Codigo::Error`] (2: bad usage, a
//! bad file, or a failure to write). [`ejecutar`] takes standard input and output as
//! parameters, so the tests drive it like the program does.
//!
//! [`Orden`] is the command line's definition of the orders (clap derives it here, once;
//! the program adds its own options around it), and each family of orders has its
//! module: [`tablero`] (one board), [`intercambio`] (engines' board strings),
//! [`validar`], [`repetir`], [`motor`] and [`corregir`] (grading students' Python
//! files). Each order's report is its own type, so its JSON fields are written down there.

pub mod argumentos;
pub mod corregir;
mod informe;
pub mod intercambio;
pub mod motor;
pub mod repetir;
pub mod tablero;
pub mod validar;

use std::{
    ffi::OsString,
    io::{self, Read, Write},
    iter,
    path::{Path, PathBuf},
};

use clap::{FromArgMatches, Subcommand};

pub use self::argumentos::ErrorValor;
use self::{
    argumentos::{Destino, Entrada, NOMBRE_ENTRADA_ESTANDAR, valor_invalido},
    informe::{Informe, InformeError, SinInforme, Sobre},
};
/// The width every message is wrapped to, and the wrapping, for the binary's own
/// messages.
pub use crate::interfaz::ajuste::{ANCHO, ajustar};
use crate::{
    ErrorArchivo, ErrorObf, ErrorPosicion, ErrorRepeticion, Razon, Tablero, disco,
    interfaz::correccion::{ErrorCasos, ErrorCorreccion},
};

/// One order and its arguments, as the command line gives them. The program puts its
/// own options around it; [`Orden::desde_argumentos`] reads one alone.
#[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
pub enum Orden {
    /// Shows the board as the game draws it, with the counts.
    #[command(
        about = "Muestra el tablero como lo dibuja el juego, con la cuenta de fichas",
        override_usage = "othello mostrar ARCHIVO [--json] [--color CUANDO]"
    )]
    Mostrar(tablero::Mostrar),
    /// Plays one move as the homework's `jugar` does.
    #[command(
        about = "Juega VALOR en POSICION, como jugar de la tarea, y da el tablero",
        override_usage = "othello jugar ARCHIVO POSICION VALOR [--salida ARCHIVO | --en-sitio]\n     \
                          \x20             [--json]"
    )]
    Jugar(tablero::Jugar),
    /// Lists the valid moves of a color, with the pieces each one flips.
    #[command(
        about = "Lista las jugadas válidas de VALOR con cuántas fichas voltea cada una",
        override_usage = "othello jugadas ARCHIVO VALOR [--json]"
    )]
    Jugadas(tablero::Jugadas),
    /// Counts N, B and V.
    #[command(
        about = "Cuenta las casillas N, B y V",
        override_usage = "othello contar ARCHIVO [--json]"
    )]
    Contar(tablero::Contar),
    /// Checks files against the format and tells every problem.
    #[command(
        about = "Revisa el formato de los tableros y dice cada problema",
        override_usage = "othello validar ARCHIVO... [--json]"
    )]
    Validar(validar::Validar),
    /// Whether the game is over, why, who wins, and whether the player to move can move.
    #[command(
        about = "Dice si la partida terminó, quién gana y qué puede jugar el que mueve",
        override_usage = "othello estado ARCHIVO [--turno N|B] [--json]"
    )]
    Estado(tablero::Estado),
    /// Replays a transcript and gives the final board.
    #[command(
        about = "Repite una partida desde su transcripción y da el tablero final",
        override_usage = "othello repetir [OPCIONES] JUGADAS...\n     \
                          othello repetir [OPCIONES] --jugadas-de ARCHIVO"
    )]
    Repetir(repetir::Repetir),
    /// Prints a board as an engine's board string.
    #[command(
        about = "Escribe el tablero como la cadena obf de los motores de Othello",
        override_usage = "othello exportar ARCHIVO [--turno N|B] [--formato obf] [--json]"
    )]
    Exportar(intercambio::Exportar),
    /// Reads an engine's board string and gives the board in the homework's format.
    #[command(
        about = "Lee la cadena obf de un motor y da el tablero en el formato de la tarea",
        override_usage = "othello importar [--formato obf] [--salida ARCHIVO] [--json] CADENA"
    )]
    Importar(intercambio::Importar),
    /// The exact result of a position: a best move and the final disc difference.
    #[command(
        about = "Resuelve la posición con juego perfecto: la mejor jugada y el resultado",
        override_usage = "othello resolver ARCHIVO --turno N|B [--hilos N] [--tiempo S] [--json]\n     \
                          othello resolver --obf CADENA [--turno N|B] [OPCIONES]"
    )]
    Resolver(motor::Resolver),
    /// Every valid move of the side to move with its score.
    #[command(
        about = "Da el puntaje de cada jugada válida del que mueve",
        override_usage = "othello analizar (ARCHIVO --turno N|B | --obf CADENA)\n     \
                          \x20                [--profundidad D | --tiempo SEGUNDOS] [--hilos N]\n     \
                          \x20                [--json]"
    )]
    Analizar(motor::Analizar),
    /// Counts the move sequences of each length up to a depth.
    #[command(
        about = "Cuenta las secuencias de jugadas de cada largo (perft), con el tiempo",
        override_usage = "othello perft PROFUNDIDAD [--desde ARCHIVO --turno N|B]\n     \
                          \x20             [--convencion publicada|ajedrez] [--json]"
    )]
    Perft(motor::Perft),
    /// Plays a tournament between two computer players and tells the results.
    #[command(
        about = "Juega partidas entre dos computadoras y da los resultados",
        override_usage = "othello torneo --negro JUGADOR --blanco JUGADOR [--partidas N]\n     \
                          \x20              [--aperturas K] [--semilla S] [--tiempo SEGUNDOS] [--json]"
    )]
    Torneo(motor::Torneo),
    /// Grades students' Python files against this program's answers.
    #[command(
        about = "Corrige las funciones de las entregas de Python de los estudiantes",
        override_usage = "othello corregir ENTREGA... [--csv NOTAS.csv] [--semilla S] [--casos N]\n     \
                          \x20                [--funcion CLAVE=NOMBRE] [OPCIONES] [--json]"
    )]
    Corregir(corregir::Corregir),
    /// Writes grading cases as files, for a harness of one's own.
    #[command(
        about = "Escribe casos de jugar como archivos, con un ejemplo de pytest",
        override_usage = "othello casos --carpeta DIR [--semilla S] [--cantidad N] [--json]"
    )]
    Casos(corregir::Casos),
}

impl Orden {
    /// The order that `argumentos` give, its name first, read exactly as the program
    /// reads what follows `othello` (without the program's own options, like `--json`).
    ///
    /// ```
    /// use othello::interfaz::ordenes::Orden;
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
        let coincidencias = comando.try_get_matches_from(
            iter::once(OsString::from("othello")).chain(argumentos.into_iter().map(Into::into)),
        )?;
        Orden::from_arg_matches(&coincidencias)
    }

    /// The order's name on the command line, as `orden` in its JSON object.
    pub fn nombre(&self) -> &'static str {
        match self {
            Orden::Mostrar(_) => "mostrar",
            Orden::Jugar(_) => "jugar",
            Orden::Jugadas(_) => "jugadas",
            Orden::Contar(_) => "contar",
            Orden::Validar(_) => "validar",
            Orden::Estado(_) => "estado",
            Orden::Repetir(_) => "repetir",
            Orden::Exportar(_) => "exportar",
            Orden::Importar(_) => "importar",
            Orden::Resolver(_) => "resolver",
            Orden::Analizar(_) => "analizar",
            Orden::Perft(_) => "perft",
            Orden::Torneo(_) => "torneo",
            Orden::Corregir(_) => "corregir",
            Orden::Casos(_) => "casos",
        }
    }
}

/// How the output looks, and who hears of a long order's progress.
#[derive(Clone, Copy, Default)]
pub struct Opciones<'a> {
    /// One JSON object on standard output instead of text.
    pub json: bool,
    /// Colors in the board that `mostrar` draws.
    pub color: bool,
    /// Told after each game of a tournament how many are done, of how many. The program
    /// draws a progress bar with it when standard error is a terminal; the library
    /// never looks at a terminal.
    pub progreso: Option<&'a dyn Fn(u32, u32)>,
    /// Told, in lines for a person, how long a long order may take and how far it got
    /// (`resolver` with many empty squares: the best move so far), each as its kind of
    /// [`Avance`]. The program decides where each kind goes; the library never looks
    /// at a terminal.
    pub avance: Option<&'a dyn Fn(Avance)>,
}

/// A line that a long order tells through [`Opciones::avance`], by its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Avance<'t> {
    /// How long the order may take and how to bound it, told once at the start: for
    /// whoever reads standard error, a person or a log, since the order may then say
    /// nothing for a long while.
    Duracion(&'t str),
    /// How far it got, told again and again while a person waits: the best move so
    /// far, the one to say if Ctrl-C stops the order.
    Progreso(&'t str),
}

/// How a run ended, as the exit code tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codigo {
    /// 0: done.
    Exito = 0,
    /// 1: the move or the transcript is not valid; nothing was written.
    Invalida = 1,
    /// 2: bad usage, a bad file, or a failure to write.
    Error = 2,
}

/// Why an order did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum ErrorOrden {
    /// A board or transcript could not be read, or a result could not be written.
    #[error(transparent)]
    Archivo(#[from] ErrorArchivo),
    /// The engine's board string is not valid.
    #[error("la cadena obf no es válida: {0}")]
    Obf(#[from] ErrorObf),
    /// The arguments do not go together.
    #[error("{0}")]
    Uso(String),
    /// POSICION of `jugar` is not written in the game's format: a usage error, never
    /// taken for an invalid move (a typo or a CRLF case list must not look like one).
    #[error("{}", valor_invalido(texto, "<POSICION>", &argumentos::detalle_posicion(texto).to_string()))]
    Posicion {
        /// The position as given.
        texto: String,
        /// What the strict reading said.
        razon: ErrorPosicion,
    },
    /// The move of `jugar` is not valid: off the board, on an occupied cell, or
    /// flanking nothing.
    #[error("la jugada «{}» no es válida: {razon}", crate::texto::cita(texto))]
    Jugada {
        /// The position as given.
        texto: String,
        /// Why.
        razon: Razon,
    },
    /// A move of the transcript is not valid.
    #[error(transparent)]
    Repeticion(Box<ErrorRepeticion>),
    /// `repetir` was given no move: an empty file (or only comments), or empty words.
    /// Replaying nothing would look like success.
    #[error("{}", match .0 {
        Some(ruta) => format!("«{}» no tiene jugadas", crate::texto::ruta_visible(ruta)),
        None => "no hay jugadas que repetir".to_owned(),
    })]
    SinJugadas(Option<PathBuf>),
    /// Some of the files given to `validar` are not valid boards.
    #[error(
        "{invalidos} de {} no {}",
        crate::texto::cantidad(*total as u64, "archivo", "archivos"),
        if *invalidos == 1 { "es un tablero válido" } else { "son tableros válidos" }
    )]
    Invalidos {
        /// How many are not.
        invalidos: usize,
        /// How many were checked.
        total: usize,
    },
    /// Grading could not run: no submissions, a missing path, no interpreter.
    #[error(transparent)]
    Correccion(#[from] ErrorCorreccion),
    /// Some submissions do not load or fail some case; the report tells which.
    #[error(
        "{reprobadas} de {} no {}",
        crate::texto::cantidad(*total as u64, "entrega", "entregas"),
        if *reprobadas == 1 { "pasa todos los casos" } else { "pasan todos los casos" }
    )]
    Reprobadas {
        /// How many do not pass.
        reprobadas: usize,
        /// How many were graded.
        total: usize,
    },
    /// The cases of `casos` could not be written.
    #[error(transparent)]
    Casos(#[from] ErrorCasos),
    /// Writing the output failed.
    #[error("no se pudo escribir la salida: {}", disco::describir_io(.0))]
    Salida(#[from] io::Error),
}

impl ErrorOrden {
    /// The exit code for this error.
    pub fn codigo(&self) -> Codigo {
        match self {
            ErrorOrden::Jugada { .. }
            | ErrorOrden::Repeticion(_)
            | ErrorOrden::Reprobadas { .. } => Codigo::Invalida,
            _ => Codigo::Error,
        }
    }
}

/// Runs `orden`, reading standard input from `entrada` if a `-` asks for it and writing
/// to `salida`. With [`Opciones::json`], an error that the order's own object does not
/// describe is written as `{"orden": …, "ok": false, "error": {…}}`.
///
/// ```
/// use othello::interfaz::ordenes::{ejecutar, Opciones, Orden};
///
/// let tablero = othello::Tablero::inicial().to_string();
/// let orden = Orden::desde_argumentos(["jugadas", "-", "N"])?;
/// let mut salida = Vec::new();
/// ejecutar(&orden, &Opciones::default(), tablero.as_bytes(), &mut salida)?;
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
    opciones: &Opciones,
    entrada: impl Read,
    mut salida: impl Write,
) -> Result<(), ErrorOrden> {
    let mut corrida = Corrida {
        entrada: Some(entrada),
        salida: &mut salida,
        opciones,
        orden: orden.nombre(),
        informada: false,
    };
    let resultado = match orden {
        Orden::Mostrar(orden) => orden.ejecutar(&mut corrida),
        Orden::Jugar(orden) => orden.ejecutar(&mut corrida),
        Orden::Jugadas(orden) => orden.ejecutar(&mut corrida),
        Orden::Contar(orden) => orden.ejecutar(&mut corrida),
        Orden::Validar(orden) => orden.ejecutar(&mut corrida),
        Orden::Estado(orden) => orden.ejecutar(&mut corrida),
        Orden::Repetir(orden) => orden.ejecutar(&mut corrida),
        Orden::Exportar(orden) => orden.ejecutar(&mut corrida),
        Orden::Importar(orden) => orden.ejecutar(&mut corrida),
        Orden::Resolver(orden) => orden.ejecutar(&mut corrida),
        Orden::Analizar(orden) => orden.ejecutar(&mut corrida),
        Orden::Perft(orden) => orden.ejecutar(&mut corrida),
        Orden::Torneo(orden) => orden.ejecutar(&mut corrida),
        Orden::Corregir(orden) => orden.ejecutar(&mut corrida),
        Orden::Casos(orden) => orden.ejecutar(&mut corrida),
    };
    match resultado {
        Err(error) if opciones.json && !corrida.informada => corrida.fallar(&SinInforme {}, error),
        resultado => resultado,
    }
}

/// One run of an order: standard input (taken once), standard output, the options, and
/// whether the order's report was already written.
struct Corrida<'c, R, W> {
    entrada: Option<R>,
    salida: &'c mut W,
    opciones: &'c Opciones<'c>,
    orden: &'static str,
    informada: bool,
}

impl<R: Read, W: Write> Corrida<'_, R, W> {
    /// The bytes of `fuente`; standard input can be read only once.
    fn bytes(&mut self, fuente: &Entrada) -> Result<Vec<u8>, ErrorOrden> {
        match fuente {
            Entrada::Archivo(ruta) => Ok(disco::leer_archivo(ruta)?),
            Entrada::Estandar => match self.entrada.take() {
                Some(entrada) => Ok(disco::leer_hasta_el_limite(
                    entrada,
                    Path::new(NOMBRE_ENTRADA_ESTANDAR),
                )?),
                None => Err(ErrorOrden::Uso(
                    "la entrada estándar («-») se puede leer una sola vez".into(),
                )),
            },
        }
    }

    /// The text of `fuente`, read as UTF-8 where it is.
    fn texto(&mut self, fuente: &Entrada) -> Result<String, ErrorOrden> {
        Ok(String::from_utf8_lossy(&self.bytes(fuente)?).into_owned())
    }

    /// Tells `aviso` to whoever hears of the order's progress.
    fn avisar(&self, aviso: Avance) {
        if let Some(avance) = self.opciones.avance {
            avance(aviso);
        }
    }

    /// The board in `fuente`.
    fn tablero(&mut self, fuente: &Entrada) -> Result<Tablero, ErrorOrden> {
        let bytes = self.bytes(fuente)?;
        leer_tablero(&bytes, fuente)
    }

    /// Writes `tablero` to the file `destino` names, if it names one. The path
    /// written, for the report.
    fn guardar(
        &mut self,
        tablero: &Tablero,
        destino: &Destino,
    ) -> Result<Option<PathBuf>, ErrorOrden> {
        match destino {
            Destino::Pantalla => Ok(None),
            Destino::Archivo(ruta) => {
                disco::guardar(tablero, ruta).map_err(error_al_guardar)?;
                Ok(Some(ruta.clone()))
            }
        }
    }

    /// Writes the order's report: its text, or its JSON object.
    fn informar(&mut self, informe: &impl Informe) -> Result<(), ErrorOrden> {
        self.escribir(informe, None)
    }

    /// Writes the report of an order that failed with `error`, and gives the error
    /// back: its JSON object says `"ok": false` and why.
    fn fallar(&mut self, informe: &impl Informe, error: ErrorOrden) -> Result<(), ErrorOrden> {
        self.escribir(informe, Some(&error))?;
        Err(error)
    }

    fn escribir(
        &mut self,
        informe: &impl Informe,
        error: Option<&ErrorOrden>,
    ) -> Result<(), ErrorOrden> {
        self.informada = true;
        if !self.opciones.json {
            return Ok(informe.escribir(&mut *self.salida)?);
        }
        // Nothing can be said about output that cannot be written.
        if let Some(ErrorOrden::Salida(_)) = error {
            return Ok(());
        }
        let sobre = Sobre {
            orden: self.orden,
            ok: error.is_none(),
            informe,
            error: error.and_then(InformeError::de),
        };
        // Made whole before it is written: never half an object.
        let mut linea = serde_json::to_vec(&sobre).map_err(io::Error::from)?;
        linea.push(b'\n');
        Ok(self.salida.write_all(&linea)?)
    }
}

/// The board in `bytes`, read from `fuente`.
fn leer_tablero(bytes: &[u8], fuente: &Entrada) -> Result<Tablero, ErrorOrden> {
    Ok(disco::leer_tablero(bytes, &fuente.nombre())?)
}

/// What a failed save of a result says: a folder refused as a destination is still a
/// failure to write.
fn error_al_guardar(error: ErrorArchivo) -> ErrorOrden {
    match error {
        ErrorArchivo::EsCarpeta { ruta } => ErrorArchivo::Escritura {
            ruta,
            fuente: io::ErrorKind::IsADirectory.into(),
        },
        error => error,
    }
    .into()
}

/// `--en-sitio` with a board read from standard input.
fn en_sitio_sin_archivo() -> ErrorOrden {
    ErrorOrden::Uso("--en-sitio necesita un archivo, no la entrada estándar".into())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

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
        assert_eq!(nombres.len(), 15);
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
                _ => &["-"],
            });
            let orden = Orden::desde_argumentos(&argumentos).expect("argumentos válidos");
            assert_eq!(orden.nombre(), nombre);
        }
    }
}
