//! The `othello` program: reads the arguments, hands off to the library, and turns
//! errors into a Spanish message and an exit code.

use std::{
    io::{self, IsTerminal},
    path::PathBuf,
    process::ExitCode,
    time::Duration,
};

use clap::{
    CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum,
    error::{ContextKind, ErrorKind},
};
use othello::{
    Color, PorColor, Reglas,
    interfaz::{
        juego::{self, ErrorJuego, Opciones},
        ordenes::{self, Destino, Entrada, ErrorOrden, FuenteJugadas, Orden, Situacion},
    },
    motor::{busqueda::Limite, jugadores::Nivel, perft::Convencion, torneo::Bases},
};

/// Othello (Reversi) de la Tarea 2 de Introducción a la Programación (UC): dos personas
/// juegan por turnos en la misma terminal, y los correctores revisan tableros con órdenes.
#[derive(Parser)]
#[command(
    name = "othello",
    version,
    override_usage = USO,
    help_template = PLANTILLA,
    next_help_heading = "Opciones",
    subcommand_help_heading = "Órdenes (para scripts y correctores; nunca preguntan nada)",
    subcommand_value_name = "ORDEN",
    disable_help_flag = true,
    disable_help_subcommand = true,
    disable_version_flag = true,
    args_conflicts_with_subcommands = true,
    arg = clap::Arg::new("ayuda").short('h').long("help").global(true).action(clap::ArgAction::Help).help("Muestra esta ayuda"),
    arg = clap::Arg::new("version").short('V').long("version").action(clap::ArgAction::Version).help("Muestra la versión"),
    after_help = "\nSin orden, juega: muestra el menú (dos personas, contra la computadora, computadora\n\
                  contra computadora, cargar una partida); con --negro o --blanco empieza de inmediato.\n\
                  Durante la partida, «ayuda» muestra los comandos y las reglas.\n\n\
                  ARCHIVO es un tablero en el formato de la tarea; «-» lo lee de la entrada estándar.\n\
                  «othello ORDEN --help» explica cada orden.\n\n\
                  Estado de salida de las órdenes:\n  \
                  0  listo\n  \
                  1  la jugada o la transcripción no es válida (no se escribió nada)\n  \
                  2  uso incorrecto, un archivo que no es válido (con archivo, línea y columna) o un error al escribir"
)]
struct Argumentos {
    /// Carga la partida guardada en ARCHIVO y salta el menú
    #[arg(long, value_name = "ARCHIVO")]
    cargar: Option<PathBuf>,
    /// Quién juega primero en la partida cargada: N (negras) o B (blancas); si falta, se pregunta
    #[arg(long, value_name = "N|B", requires = "cargar", value_parser = leer_color)]
    turno: Option<Color>,
    /// Colores en el tablero: auto (en una terminal, sin NO_COLOR; CLICOLOR_FORCE los fuerza), siempre o nunca
    #[arg(
        long,
        global = true,
        value_name = "CUANDO",
        value_enum,
        default_value_t = CuandoColor::Auto,
        hide_possible_values = true,
        hide_default_value = true
    )]
    color: CuandoColor,
    /// Con una orden: escribe un objeto JSON en la salida estándar en vez de texto
    #[arg(long, global = true)]
    json: bool,
    /// Quién juega con negras: humano, aleatorio, libro o fuerte (con --negro o --blanco no hay menú)
    #[arg(long, value_name = "JUGADOR")]
    negro: Option<Nivel>,
    /// Quién juega con blancas: humano, aleatorio, libro o fuerte
    #[arg(long, value_name = "JUGADOR")]
    blanco: Option<Nivel>,
    /// Semilla del azar de la computadora, para repetir una partida (si falta, se elige una y se muestra)
    #[arg(long, value_name = "N")]
    semilla: Option<u64>,
    /// Segundos que piensa el jugador fuerte por jugada (por omisión, 1)
    #[arg(long, value_name = "SEGUNDOS", value_parser = leer_segundos)]
    tiempo: Option<Duration>,
    /// Entre dos computadoras, no espera Enter entre jugadas
    #[arg(long)]
    sin_pausa: bool,
    /// tarea (se puede pasar siempre; dos pases seguidos terminan) u oficiales (solo se pasa sin jugadas)
    #[arg(long, value_name = "REGLAS", value_enum, default_value_t = ReglasElegidas::Tarea, hide_possible_values = true, hide_default_value = true)]
    reglas: ReglasElegidas,
    #[command(subcommand)]
    orden: Option<Comando>,
}

/// The orders, with the arguments as typed; [`Comando::orden`] turns them into the
/// library's [`Orden`].
#[derive(Subcommand)]
enum Comando {
    /// Muestra el tablero como lo dibuja el juego, con la cuenta de fichas
    #[command(override_usage = "othello mostrar ARCHIVO [--json] [--color CUANDO]")]
    Mostrar {
        /// El tablero («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO")]
        archivo: PathBuf,
    },
    /// Juega VALOR en POSICION (como la función jugar de la tarea) y escribe el tablero que resulta
    #[command(
        override_usage = "othello jugar ARCHIVO POSICION VALOR [--salida ARCHIVO | --en-sitio] [--json]",
        after_help = "\nSi la jugada no es válida (formato, fuera del tablero, casilla ocupada o no flanquea\n\
                      ninguna ficha), dice por qué, no escribe nada y sale con estado 1."
    )]
    Jugar {
        /// El tablero («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO")]
        archivo: PathBuf,
        /// La casilla, como C4
        #[arg(value_name = "POSICION", allow_hyphen_values = true)]
        posicion: String,
        /// Quién juega: N (negras) o B (blancas)
        #[arg(value_name = "VALOR", value_parser = leer_color)]
        valor: Color,
        /// Escribe el tablero en ARCHIVO (de forma atómica) en vez de mostrarlo
        #[arg(long, value_name = "ARCHIVO", conflicts_with = "en_sitio")]
        salida: Option<PathBuf>,
        /// Escribe el tablero sobre el mismo archivo (de forma atómica)
        #[arg(long)]
        en_sitio: bool,
    },
    /// Lista las jugadas válidas de VALOR (en orden de lectura: fila 1 de A a H, luego la fila 2…) con cuántas fichas voltea cada una
    #[command(override_usage = "othello jugadas ARCHIVO VALOR [--json]")]
    Jugadas {
        /// El tablero («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO")]
        archivo: PathBuf,
        /// El color: N (negras) o B (blancas)
        #[arg(value_name = "VALOR", value_parser = leer_color)]
        valor: Color,
    },
    /// Cuenta las casillas N, B y V
    #[command(override_usage = "othello contar ARCHIVO [--json]")]
    Contar {
        /// El tablero («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO")]
        archivo: PathBuf,
    },
    /// Revisa el formato de los archivos: una línea por problema (archivo:línea:columna: mensaje)
    #[command(
        override_usage = "othello validar ARCHIVO... [--json]",
        after_help = "\nSale con estado 0 solo si todos son válidos. Avisa, sin fallar, de los tableros a los que\n\
                      ninguna partida real llega: menos de 4 fichas o una casilla central vacía."
    )]
    Validar {
        /// Los tableros («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO", required = true)]
        archivos: Vec<PathBuf>,
    },
    /// Dice si la partida terminó y por qué, quién gana, la cuenta y si el que mueve puede jugar
    #[command(override_usage = "othello estado ARCHIVO [--turno N|B] [--json]")]
    Estado {
        /// El tablero («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO")]
        archivo: PathBuf,
        /// Quién mueve; si falta, el turno que sugiere el juego (negras si las fichas menos 4 son un número par)
        #[arg(long, value_name = "N|B", value_parser = leer_color)]
        turno: Option<Color>,
    },
    /// Repite una partida desde su transcripción y escribe el tablero final
    #[command(
        override_usage = "othello repetir [--desde ARCHIVO] [--turno N|B] [--hasta-error] [--salida ARCHIVO] [--json] (JUGADAS... | --jugadas-de ARCHIVO)",
        after_help = "\nJUGADAS: una jugada por palabra, separadas por espacios o comas, y «pasar» para pasar\n\
                      (C4 C3 D3 pasar E3); o la notación compacta de los programas de Othello (f5d6c3d3),\n\
                      donde el que no tiene jugadas pasa solo. Da igual mayúsculas o minúsculas; las líneas\n\
                      que empiezan con # son comentarios. Si una jugada no es válida, dice su número, su\n\
                      texto y por qué, y sale con estado 1."
    )]
    Repetir {
        /// Empieza desde este tablero en vez del inicial («-»: la entrada estándar)
        #[arg(long, value_name = "ARCHIVO")]
        desde: Option<PathBuf>,
        /// Quién juega primero (por omisión, N)
        #[arg(long, value_name = "N|B", value_parser = leer_color)]
        turno: Option<Color>,
        /// Lee las jugadas de ARCHIVO («-»: la entrada estándar)
        #[arg(long, value_name = "ARCHIVO", conflicts_with = "jugadas")]
        jugadas_de: Option<PathBuf>,
        /// Si una jugada no es válida, escribe igual el tablero de justo antes
        #[arg(long)]
        hasta_error: bool,
        /// Escribe el tablero final en ARCHIVO (de forma atómica) en vez de mostrarlo
        #[arg(long, value_name = "ARCHIVO")]
        salida: Option<PathBuf>,
        /// Las jugadas
        #[arg(value_name = "JUGADAS", required_unless_present = "jugadas_de")]
        jugadas: Vec<String>,
    },
    /// Escribe el tablero como la cadena de 64 caracteres de los motores de Othello (X negras, O blancas, - vacía) y el turno
    #[command(override_usage = "othello exportar ARCHIVO [--turno N|B] [--formato obf] [--json]")]
    Exportar {
        /// El tablero («-»: la entrada estándar)
        #[arg(value_name = "ARCHIVO")]
        archivo: PathBuf,
        /// Quién mueve; si falta, el turno que sugiere el juego
        #[arg(long, value_name = "N|B", value_parser = leer_color)]
        turno: Option<Color>,
        /// El formato: obf
        #[arg(long, value_enum, default_value_t = Formato::Obf, hide_possible_values = true, hide_default_value = true)]
        formato: Formato,
    },
    /// Resuelve la posición con juego perfecto: la mejor jugada, la diferencia final de fichas, los nodos y el tiempo
    #[command(override_usage = "othello resolver (ARCHIVO --turno N|B | --obf CADENA) [--json]")]
    Resolver {
        #[command(flatten)]
        situacion: ArgumentosSituacion,
    },
    /// Evalúa cada jugada válida del que mueve (exacta cerca del final)
    #[command(
        override_usage = "othello analizar (ARCHIVO --turno N|B | --obf CADENA) [--profundidad D | --tiempo SEGUNDOS] [--json]"
    )]
    Analizar {
        #[command(flatten)]
        situacion: ArgumentosSituacion,
        /// Jugadas de búsqueda (si alcanza el final, el puntaje es exacto); el mismo resultado en cualquier máquina
        #[arg(long, value_name = "D", conflicts_with = "tiempo")]
        profundidad: Option<u32>,
        /// Segundos para todo el análisis (por omisión, 1)
        #[arg(long, value_name = "SEGUNDOS", value_parser = leer_segundos)]
        tiempo: Option<Duration>,
    },
    /// Cuenta las secuencias de jugadas de cada largo hasta PROFUNDIDAD (perft), con el tiempo
    #[command(
        override_usage = "othello perft PROFUNDIDAD [--desde ARCHIVO --turno N|B] [--convencion publicada|ajedrez] [--json]",
        after_help = "\nUn pase cuenta como jugada. Con la convención publicada (la de Aart Bik, 2009), una partida\n\
                      terminada cuenta como hoja en cada profundidad siguiente; con la de ajedrez no suma. La\n\
                      última jugada se cuenta con la cantidad de jugadas válidas, sin jugarla."
    )]
    Perft {
        /// La profundidad mayor
        #[arg(value_name = "PROFUNDIDAD", value_parser = clap::value_parser!(u32).range(1..=20))]
        profundidad: u32,
        /// Cuenta desde este tablero en vez del inicial («-»: la entrada estándar)
        #[arg(long, value_name = "ARCHIVO", requires = "turno")]
        desde: Option<PathBuf>,
        /// Quién mueve en el tablero de --desde
        #[arg(long, value_name = "N|B", value_parser = leer_color, requires = "desde")]
        turno: Option<Color>,
        /// publicada (por omisión) o ajedrez
        #[arg(long, value_enum, default_value_t = ConvencionElegida::Publicada, hide_possible_values = true, hide_default_value = true)]
        convencion: ConvencionElegida,
    },
    /// Juega partidas entre dos computadoras desde aperturas al azar (cada una con ambos colores) y da los resultados
    #[command(
        override_usage = "othello torneo --negro JUGADOR --blanco JUGADOR [--partidas N] [--aperturas K] [--semilla S] [--tiempo SEGUNDOS] [--json]"
    )]
    Torneo {
        /// El primer jugador (juega con negras la primera partida de cada apertura): aleatorio, libro o fuerte
        #[arg(long, value_name = "JUGADOR")]
        negro: Nivel,
        /// El segundo jugador
        #[arg(long, value_name = "JUGADOR")]
        blanco: Nivel,
        /// Cuántas partidas (por omisión, 100)
        #[arg(
            long,
            value_name = "N",
            default_value_t = 100,
            hide_default_value = true,
            value_parser = clap::value_parser!(u32).range(1..)
        )]
        partidas: u32,
        /// Cuántas jugadas al azar abren cada partida (por omisión, 4)
        #[arg(long, value_name = "K", default_value_t = 4, hide_default_value = true)]
        aperturas: u32,
        /// Semilla de las aperturas y del azar de los jugadores (por omisión, 1)
        #[arg(long, value_name = "S", default_value_t = 1, hide_default_value = true)]
        semilla: u64,
        /// Segundos que piensa el jugador fuerte por jugada (por omisión, 0.1)
        #[arg(long, value_name = "SEGUNDOS", value_parser = leer_segundos)]
        tiempo: Option<Duration>,
    },
    /// Lee la cadena de un motor de Othello y escribe el tablero en el formato de la tarea
    #[command(
        override_usage = "othello importar [--formato obf] [--salida ARCHIVO] [--json] CADENA"
    )]
    Importar {
        /// La cadena, como «---------------------------OX------XO--------------------------- X» («-»: la entrada estándar)
        #[arg(value_name = "CADENA", allow_hyphen_values = true)]
        cadena: String,
        /// El formato: obf
        #[arg(long, value_enum, default_value_t = Formato::Obf, hide_possible_values = true, hide_default_value = true)]
        formato: Formato,
        /// Escribe el tablero en ARCHIVO (de forma atómica) en vez de mostrarlo
        #[arg(long, value_name = "ARCHIVO")]
        salida: Option<PathBuf>,
    },
}

/// The formats of other Othello software.
#[derive(Clone, Copy, ValueEnum)]
enum Formato {
    /// The engines' 64-character board string with the side to move.
    Obf,
}

impl Comando {
    /// The library's order.
    fn orden(self) -> Orden {
        // `--salida -` is standard output, as `-` is standard input elsewhere.
        let destino = |salida: Option<PathBuf>| match salida {
            Some(ruta) if ruta.as_os_str() != "-" => Destino::Archivo(ruta),
            _ => Destino::Pantalla,
        };
        match self {
            Comando::Mostrar { archivo } => Orden::Mostrar {
                archivo: Entrada::de(archivo),
            },
            Comando::Jugar {
                archivo,
                posicion,
                valor,
                salida,
                en_sitio,
            } => Orden::Jugar {
                archivo: Entrada::de(archivo),
                posicion,
                valor,
                destino: if en_sitio {
                    Destino::EnSitio
                } else {
                    destino(salida)
                },
            },
            Comando::Jugadas { archivo, valor } => Orden::Jugadas {
                archivo: Entrada::de(archivo),
                valor,
            },
            Comando::Contar { archivo } => Orden::Contar {
                archivo: Entrada::de(archivo),
            },
            Comando::Validar { archivos } => Orden::Validar {
                archivos: archivos.into_iter().map(Entrada::de).collect(),
            },
            Comando::Estado { archivo, turno } => Orden::Estado {
                archivo: Entrada::de(archivo),
                turno,
            },
            Comando::Repetir {
                desde,
                turno,
                jugadas_de,
                hasta_error,
                salida,
                jugadas,
            } => Orden::Repetir {
                desde: desde.map(Entrada::de),
                turno,
                jugadas: match jugadas_de {
                    Some(ruta) => FuenteJugadas::Entrada(Entrada::de(ruta)),
                    None => FuenteJugadas::Palabras(jugadas),
                },
                hasta_error,
                destino: destino(salida),
            },
            Comando::Exportar {
                archivo,
                turno,
                formato: Formato::Obf,
            } => Orden::Exportar {
                archivo: Entrada::de(archivo),
                turno,
            },
            Comando::Resolver { situacion } => {
                let (situacion, turno) = situacion.situacion();
                Orden::Resolver { situacion, turno }
            }
            Comando::Analizar {
                situacion,
                profundidad,
                tiempo,
            } => {
                let (situacion, turno) = situacion.situacion();
                Orden::Analizar {
                    situacion,
                    turno,
                    limite: match profundidad {
                        Some(profundidad) => Limite::por_profundidad(profundidad),
                        None => Limite::por_tiempo(tiempo.unwrap_or(Duration::from_secs(1))),
                    },
                }
            }
            Comando::Perft {
                profundidad,
                desde,
                turno,
                convencion,
            } => Orden::Perft {
                desde: desde
                    .zip(turno)
                    .map(|(ruta, turno)| (Entrada::de(ruta), turno)),
                profundidad,
                convencion: match convencion {
                    ConvencionElegida::Publicada => Convencion::Publicada,
                    ConvencionElegida::Ajedrez => Convencion::Ajedrez,
                },
            },
            Comando::Torneo {
                negro,
                blanco,
                partidas,
                aperturas,
                semilla,
                tiempo,
            } => Orden::Torneo {
                bases: Bases {
                    primero: negro,
                    segundo: blanco,
                    partidas,
                    aperturas,
                    semilla,
                    tiempo: tiempo.unwrap_or(Duration::from_millis(100)),
                },
            },
            Comando::Importar {
                cadena,
                formato: Formato::Obf,
                salida,
            } => Orden::Importar {
                texto: if cadena == "-" {
                    FuenteJugadas::Entrada(Entrada::Estandar)
                } else {
                    FuenteJugadas::Texto(cadena)
                },
                destino: destino(salida),
            },
        }
    }
}

/// `N` or `B` in either case, as the game's own question accepts them.
fn leer_color(texto: &str) -> Result<Color, othello::ErrorColor> {
    texto.to_uppercase().parse()
}

/// The position of `resolver` and `analizar`: a board file with its side to move, or a
/// board string.
#[derive(clap::Args)]
struct ArgumentosSituacion {
    /// El tablero («-»: la entrada estándar)
    #[arg(
        value_name = "ARCHIVO",
        required_unless_present = "obf",
        conflicts_with = "obf"
    )]
    archivo: Option<PathBuf>,
    /// Quién mueve (con ARCHIVO es obligatorio; con --obf cambia el turno de la cadena)
    #[arg(long, value_name = "N|B", value_parser = leer_color)]
    turno: Option<Color>,
    /// La posición como cadena obf de los motores, con el turno
    #[arg(long, value_name = "CADENA", allow_hyphen_values = true)]
    obf: Option<String>,
}

impl ArgumentosSituacion {
    /// The library's position, and the side to move if given.
    fn situacion(self) -> (Situacion, Option<Color>) {
        let situacion = match (self.archivo, self.obf) {
            (_, Some(obf)) => Situacion::Obf(obf),
            (Some(archivo), None) => Situacion::Archivo(Entrada::de(archivo)),
            (None, None) => unreachable!("clap exige ARCHIVO o --obf"),
        };
        (situacion, self.turno)
    }
}

/// The perft convention, as typed.
#[derive(Clone, Copy, ValueEnum)]
enum ConvencionElegida {
    /// The published series.
    Publicada,
    /// Chess-style.
    Ajedrez,
}

/// The pass rule, as typed.
#[derive(Clone, Copy, ValueEnum)]
enum ReglasElegidas {
    /// The homework's.
    Tarea,
    /// The official.
    Oficiales,
}

/// Seconds, with decimals: "1", "0.1".
fn leer_segundos(texto: &str) -> Result<Duration, String> {
    match texto.parse::<f64>() {
        Ok(segundos) if segundos > 0.0 && segundos <= 3600.0 => {
            Ok(Duration::from_secs_f64(segundos))
        }
        _ => Err(format!("«{texto}» no es un tiempo entre 0 y 3600 segundos")),
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

/// The usage lines, in help and in usage errors.
const USO: &str = "othello [--cargar ARCHIVO [--turno N|B]] [--negro JUGADOR] [--blanco JUGADOR] [OPCIONES]\n       othello ORDEN [ARGUMENTOS] [--json]";

/// The Spanish help template, for the program and each order.
const PLANTILLA: &str = "{about}\n\nUso: {usage}\n\n{all-args}{after-help}";

fn main() -> ExitCode {
    let comando = Argumentos::command().mut_subcommands(|orden| {
        orden
            .help_template(PLANTILLA)
            .disable_help_flag(true)
            .mut_args(|argumento| {
                let titulo = if argumento.is_positional() {
                    "Argumentos"
                } else {
                    "Opciones"
                };
                argumento.help_heading(titulo)
            })
    });
    let argumentos = match comando
        .try_get_matches()
        .and_then(|coincidencias| Argumentos::from_arg_matches(&coincidencias))
    {
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
    match argumentos.orden {
        Some(comando) => ordenar(comando.orden(), argumentos.json, color),
        None if argumentos.json => {
            eprintln!(
                "error: --json sirve solo con una orden\n\nUso: {USO}\n\
                 Para más información, prueba «othello --help»."
            );
            ExitCode::from(2)
        }
        None => {
            let jugadores = match (argumentos.negro, argumentos.blanco) {
                (None, None) => None,
                (negro, blanco) => Some(PorColor::new(
                    negro.unwrap_or(Nivel::Humano),
                    blanco.unwrap_or(Nivel::Humano),
                )),
            };
            let opciones = Opciones {
                cargar: argumentos.cargar,
                turno: argumentos.turno,
                color,
                eco: !io::stdin().is_terminal(),
                jugadores,
                semilla: argumentos.semilla,
                tiempo: argumentos.tiempo.unwrap_or(Opciones::default().tiempo),
                sin_pausa: argumentos.sin_pausa,
                reglas: match argumentos.reglas {
                    ReglasElegidas::Tarea => Reglas::Tarea,
                    ReglasElegidas::Oficiales => Reglas::Oficiales,
                },
                recuperacion: juego::carpeta_de_recuperacion(),
            };
            jugar(&opciones)
        }
    }
}

/// Runs one order for a script.
fn ordenar(orden: Orden, json: bool, color: bool) -> ExitCode {
    let opciones = ordenes::Opciones {
        json,
        color,
        progreso: Some(dibujar_progreso),
    };
    match ordenes::ejecutar(&orden, &opciones, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(ErrorOrden::Salida(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            // The messages are whole sentences that already include their causes.
            eprintln!("error: {error}");
            ExitCode::from(error.codigo() as u8)
        }
    }
}

/// A progress bar on standard error, when it is a terminal: a log gets no bar.
fn dibujar_progreso(hechas: u32, total: u32) {
    if !io::stderr().is_terminal() {
        return;
    }
    const ANCHO: u32 = 30;
    let llenas = (hechas * ANCHO).checked_div(total).unwrap_or(ANCHO) as usize;
    let barra = format!(
        "{}{}",
        "#".repeat(llenas),
        ".".repeat(ANCHO as usize - llenas)
    );
    eprint!("\r[{barra}] {hechas}/{total} partidas");
    if hechas == total {
        eprintln!();
    }
}

/// Plays at the terminal.
fn jugar(opciones: &Opciones) -> ExitCode {
    match juego::ejecutar_en_la_terminal(opciones) {
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
        ErrorKind::ArgumentConflict => match dato(ContextKind::PriorArg) {
            anterior if anterior.is_empty() || anterior == dato(ContextKind::InvalidArg) => {
                format!("{} se dio más de una vez", dato(ContextKind::InvalidArg))
            }
            anterior => format!(
                "{} y {anterior} no van juntos",
                dato(ContextKind::InvalidArg)
            ),
        },
        ErrorKind::InvalidSubcommand => {
            format!("«{}» no es una orden", dato(ContextKind::InvalidSubcommand))
        }
        ErrorKind::InvalidUtf8 => "los argumentos deben ser texto UTF-8".to_owned(),
        _ => match dato(ContextKind::InvalidArg) {
            argumento if argumento.is_empty() => "argumentos no válidos".to_owned(),
            argumento => format!("argumento no válido: {argumento}"),
        },
    };
    // clap's usage starts with "Usage: "; it is the order's own when the error is in one.
    // Some errors come without the usage: then it is the order's named first, if any.
    let uso = match error.get(ContextKind::Usage) {
        Some(uso) => uso.to_string(),
        None => std::env::args()
            .nth(1)
            .and_then(|nombre| {
                let mut comando = Argumentos::command();
                let mut orden = comando.find_subcommand_mut(nombre)?.clone();
                Some(orden.render_usage().to_string())
            })
            .unwrap_or_default(),
    };
    let uso = uso.trim().strip_prefix("Usage: ").unwrap_or(USO);
    let ayuda = match uso
        .strip_prefix("othello ")
        .and_then(|resto| resto.split_once(' '))
    {
        Some((orden, _)) if !orden.starts_with('[') => format!("othello {orden} --help"),
        _ => "othello --help".to_owned(),
    };
    eprintln!("error: {mensaje}\n\nUso: {uso}\nPara más información, prueba «{ayuda}».");
    // A script that asked for JSON gets its one object even for a usage error.
    if std::env::args().any(|argumento| argumento == "--json") {
        let orden = std::env::args()
            .nth(1)
            .filter(|nombre| Argumentos::command().find_subcommand(nombre).is_some());
        let informe = serde_json::json!({
            "orden": orden,
            "ok": false,
            "error": { "clave": "uso", "mensaje": mensaje },
        });
        println!("{informe}");
    }
    ExitCode::from(2)
}
