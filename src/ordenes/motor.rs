//! The orders of the engine: `resolver` (perfect play), `analizar` (a score for every
//! move), `perft` (counting move sequences) and `torneo` (computer against computer).
//!
//! Numbers are written one way, as the command line reads them back: a decimal point,
//! no thousands separators; times in seconds, or in milliseconds per move.

use std::{
    io::{self, Read, Write},
    num::NonZeroUsize,
    time::{Duration, Instant},
};

use serde::Serialize;

use super::{
    corrida::{Avance, Corrida, Ejecutar},
    error::ErrorOrden,
    informe::{Informe, InformeTablero, parrafo},
    tablero::{AYUDA_ARCHIVO, Desde},
};
use crate::argumentos::{
    Entrada, MAS_OPCIONES, color_tolerante, computadora, computadoras, entero, entrada, hilos,
    segundos, semilla,
};
use othello::{
    Casilla, Color, Obf, Tablero,
    motor::{
        busqueda::{Buscador, Limite, TIEMPO_PREDETERMINADO},
        jugadores::Nivel,
        perft::{self, Convencion},
        torneo::{self, Bases, Marcador},
    },
    texto::cantidad,
};

/// The position of `resolver` and `analizar`: a board file with its side to move, or
/// an engine's board string, which brings its own.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
struct Situacion {
    #[arg(
        value_name = "ARCHIVO",
        required_unless_present = "obf",
        conflicts_with = "obf",
        value_parser = entrada(),
        help = AYUDA_ARCHIVO
    )]
    archivo: Option<Entrada>,
    #[arg(
        long,
        value_name = "N|B",
        value_parser = color_tolerante,
        help = "Quién mueve: con ARCHIVO es obligatorio; con --obf cambia el turno de la cadena"
    )]
    turno: Option<Color>,
    #[arg(
        long,
        value_name = "CADENA",
        allow_hyphen_values = true,
        help = "La posición como cadena obf de los motores, con el turno"
    )]
    obf: Option<String>,
}

impl Situacion {
    /// The board and the side to move: a board file needs `--turno`; a board string
    /// brings its own, which `--turno` overrides.
    fn leer(
        &self,
        corrida: &mut Corrida<impl Read, impl Write>,
    ) -> Result<(Tablero, Color), ErrorOrden> {
        match (&self.obf, &self.archivo, self.turno) {
            (Some(texto), _, turno) => {
                let obf: Obf = texto.parse()?;
                Ok((obf.tablero, turno.unwrap_or(obf.turno)))
            }
            (None, Some(fuente), Some(turno)) => Ok((corrida.tablero(fuente)?, turno)),
            (None, _, None) => Err(ErrorOrden::Uso(
                "falta --turno N|B: el archivo no dice quién mueve".into(),
            )),
            (None, None, Some(_)) => Err(ErrorOrden::Uso("falta ARCHIVO o --obf".into())),
        }
    }
}

/// Milliseconds, as the JSON objects give times.
fn milisegundos(tiempo: Duration) -> f64 {
    tiempo.as_secs_f64() * 1000.0
}

/// `--hilos N` of `resolver` and `analizar`: the engine's threads, from 1 (by default,
/// one per core).
#[derive(clap::Args, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hilos {
    #[arg(
        long = "hilos",
        help_heading = MAS_OPCIONES,
        value_name = "N",
        value_parser = hilos,
        help = "Hilos de la búsqueda, de 1 a 256 (por omisión, uno por núcleo); \
                el resultado exacto es el mismo"
    )]
    cantidad: Option<NonZeroUsize>,
}

impl Hilos {
    /// A searcher on these threads.
    fn buscador(self) -> Buscador {
        self.buscador_para(None)
    }

    /// A searcher on these threads, with a table for moves of `tiempo` if given
    /// ([`Buscador::para_pensar`]), as the game's players have.
    pub(super) fn buscador_para(self, tiempo: Option<Duration>) -> Buscador {
        let buscador = tiempo.map_or_else(Buscador::nuevo, Buscador::para_pensar);
        match self.cantidad {
            Some(hilos) => buscador.con_hilos(hilos),
            None => buscador,
        }
    }
}

/// `resolver (ARCHIVO --turno N|B | --obf CADENA) [--hilos N] [--tiempo SEGUNDOS]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = format!("\
Da la mejor jugada con juego perfecto de ambos, la diferencia final de fichas para el \
que mueve (las vacías, para el ganador, como en los problemas FFO), los nodos \
visitados y el tiempo. Con {VACIAS_EN_UN_SEGUNDO} vacías tarda alrededor de un \
segundo, y el doble por cada vacía más; con más de {VACIAS_EN_UN_SEGUNDO} avisa en la \
salida de errores cuánto puede tardar, muestra en la terminal la mejor jugada hallada hasta el momento, y Ctrl-C se detiene \
con ella. Con --tiempo, la respuesta al \
acabarse el tiempo no es exacta, y lo dice."))]
pub struct Resolver {
    #[command(flatten)]
    situacion: Situacion,
    #[command(flatten)]
    hilos: Hilos,
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = segundos,
        help = "Se detiene a los SEGUNDOS con la mejor jugada hallada (entonces es una \
                estimación)"
    )]
    tiempo: Option<Duration>,
}

/// Empty squares the exact solver takes about a second for, in release mode; each
/// one more about doubles it (the figures are in `docs/motor.md`).
const VACIAS_EN_UN_SEGUNDO: u32 = 22;

/// The first time limit of the search that shows its progress; each next one doubles.
const PRIMERA_RONDA: Duration = Duration::from_millis(250);

/// Up to this many empties (FFO #49 has 26: seconds) the exact solve runs at once after
/// the first estimate: each round of the progress throws away the last one's unfinished
/// solve, which would make such a solve take several times as long.
const VACIAS_DE_UNA_VEZ: u32 = 26;

/// What `resolver` answers.
#[derive(Serialize)]
struct InformeResolver {
    #[serde(flatten)]
    tablero: InformeTablero,
    turno: char,
    /// A position, or "pasar".
    mejor: String,
    /// Exact, or the estimate when time ran out.
    diferencia: i32,
    exacta: bool,
    nodos: u64,
    tiempo_ms: f64,
    #[serde(skip)]
    color: Color,
    #[serde(skip)]
    tiempo: Duration,
    /// The depth of the estimate.
    #[serde(skip)]
    profundidad: u32,
}

impl Informe for InformeResolver {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        writeln!(salida, "Mejor jugada: {}", self.mejor)?;
        let diferencia = match self.exacta {
            true => format!(
                "Diferencia final: {:+} para las {} (juego perfecto; las vacías, al ganador)",
                self.diferencia,
                self.color.nombre()
            ),
            false => format!(
                "Diferencia estimada: {:+} para las {} (no es exacta: se acabó el tiempo \
                 a {} de profundidad)",
                self.diferencia,
                self.color.nombre(),
                cantidad(u64::from(self.profundidad), "jugada", "jugadas")
            ),
        };
        parrafo(salida, &diferencia)?;
        writeln!(salida, "Nodos: {}", self.nodos)?;
        writeln!(salida, "Tiempo: {:.3} s", self.tiempo.as_secs_f64())
    }
}

impl Ejecutar for Resolver {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let (tablero, turno) = self.situacion.leer(corrida)?;
        let inicio = Instant::now();
        let mut buscador = self.hilos.buscador();
        let vacias = tablero.contar(Casilla::Vacia);
        // Every search's nodes, the rounds of estimates included.
        let mut nodos = 0;
        let estimada = match self.tiempo {
            Some(tiempo) => {
                let evaluada = buscador.mejor_jugada(&tablero, turno, Limite::por_tiempo(tiempo));
                nodos = evaluada.map_or(0, |evaluada| evaluada.nodos);
                evaluada
            }
            None if vacias > VACIAS_EN_UN_SEGUNDO => {
                corrida.avisar(Avance::Duracion(&format!(
                    "Resolver {vacias} casillas vacías puede tardar {} (con \
                     {VACIAS_EN_UN_SEGUNDO}, un segundo; cada vacía más, unas dos veces \
                     más). Ctrl-C se detiene con la mejor jugada hallada; --tiempo pone un \
                     límite.",
                    duracion_aproximada(2f64.powi((vacias - VACIAS_EN_UN_SEGUNDO) as i32))
                )));
                // Rounds, each time limit twice the last: the best move so far is told
                // each time. Up to VACIAS_DE_UNA_VEZ, one round of the mid-game and then
                // the solve; past it, each round tries the exact solve after its mid-game
                // iterations, until one finishes it. (Rounds of the mid-game alone would
                // reach the end of a game of 34 empties only after hours, though the
                // solve of FFO #59, a wipe-out, takes a second.)
                let mut limite = PRIMERA_RONDA;
                loop {
                    let ronda = Limite {
                        tiempo: Some(limite),
                        profundidad: (vacias > VACIAS_DE_UNA_VEZ).then_some(vacias),
                    };
                    let ronda = buscador.mejor_jugada(&tablero, turno, ronda);
                    nodos += ronda.map_or(0, |evaluada| evaluada.nodos);
                    match ronda {
                        Some(evaluada) if !evaluada.exacta => {
                            corrida.avisar(Avance::Progreso(&format!(
                                "Hasta ahora, a {} de profundidad: {} ({:+} estimado) en {:.0} s.",
                                cantidad(u64::from(evaluada.profundidad), "jugada", "jugadas"),
                                evaluada.posicion,
                                evaluada.puntaje,
                                inicio.elapsed().as_secs_f64()
                            )));
                            if vacias <= VACIAS_DE_UNA_VEZ {
                                break None;
                            }
                        }
                        otra => break otra,
                    }
                    limite *= 2;
                }
            }
            None => None,
        };
        let informe = |mejor: String, diferencia, exacta, nodos, profundidad| InformeResolver {
            tablero: InformeTablero::de(&tablero),
            turno: turno.letra(),
            mejor,
            diferencia,
            exacta,
            nodos,
            tiempo_ms: milisegundos(inicio.elapsed()),
            color: turno,
            tiempo: inicio.elapsed(),
            profundidad,
        };
        let informe = match estimada {
            Some(evaluada) => informe(
                evaluada.posicion.to_string(),
                evaluada.puntaje,
                evaluada.exacta,
                nodos,
                evaluada.profundidad,
            ),
            // Few empties, or a pass: the exact solver, at once.
            None => {
                let solucion = buscador.resolver(&tablero, turno);
                let mejor = solucion.mejor.map_or("pasar".to_owned(), |p| p.to_string());
                informe(
                    mejor,
                    solucion.diferencia,
                    true,
                    nodos + solucion.nodos,
                    vacias,
                )
            }
        };
        corrida.informar(&informe)
    }
}

/// `segundos`, roughly, as a person says it: "unos 3 minutos", "unas 5 horas".
fn duracion_aproximada(segundos: f64) -> String {
    let unidades = [
        (365.0 * 86_400.0, "año", "años"),
        (86_400.0, "día", "días"),
        (3_600.0, "hora", "horas"),
        (60.0, "minuto", "minutos"),
        (1.0, "segundo", "segundos"),
    ];
    if segundos > 1000.0 * unidades[0].0 {
        return "más de mil años".to_owned();
    }
    let (tamano, una, varias) = unidades
        .into_iter()
        .find(|(tamano, ..)| segundos >= *tamano)
        .unwrap_or(unidades[4]);
    let cuantas = (segundos / tamano).round().max(1.0) as u64;
    let articulo = if una.ends_with('a') { "unas" } else { "unos" };
    format!("{articulo} {}", cantidad(cuantas, una, varias))
}

/// `analizar (ARCHIVO --turno N|B | --obf CADENA) [--profundidad D | --tiempo SEGUNDOS]
/// [--hilos N]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = format!("\
Una línea por jugada, la mejor primero: la jugada, su puntaje (la diferencia final de \
fichas que se espera para el que mueve) y si es exacto o estimado a cierta \
profundidad. Con --profundidad da lo mismo en cualquier máquina; con más de \
{ANALIZAR_EN_DOS_SEGUNDOS} avisa en la salida de errores cuánto puede tardar."))]
pub struct Analizar {
    #[command(flatten)]
    situacion: Situacion,
    #[arg(
        long,
        value_name = "D",
        conflicts_with = "tiempo",
        value_parser = entero(1u32, 60),
        help = "Jugadas de búsqueda, de 1 a 60 (si alcanza el final, el puntaje es exacto)"
    )]
    profundidad: Option<u32>,
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = segundos,
        help = format!(
            "Segundos para todo el análisis, como 0.5 (por omisión, {})",
            TIEMPO_PREDETERMINADO.as_secs_f64()
        )
    )]
    tiempo: Option<Duration>,
    #[command(flatten)]
    hilos: Hilos,
}

/// The search depth `analizar` takes a couple of seconds for from the start, in release
/// mode; each ply more, two to three times as long (the figures are in
/// `docs/motor.md`).
const ANALIZAR_EN_DOS_SEGUNDOS: u32 = 16;

/// What `analizar` answers.
#[derive(Serialize)]
struct InformeAnalizar {
    #[serde(flatten)]
    tablero: InformeTablero,
    turno: char,
    cantidad: usize,
    /// The best first.
    jugadas: Vec<JugadaEvaluada>,
}

/// A move with its score.
#[derive(Serialize)]
struct JugadaEvaluada {
    posicion: String,
    volteos: u32,
    puntaje: i32,
    exacta: bool,
    profundidad: u32,
}

impl Informe for InformeAnalizar {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        for jugada in &self.jugadas {
            let clase = match jugada.exacta {
                true => "exacto".to_owned(),
                false => format!(
                    "estimado a {}",
                    cantidad(jugada.profundidad, "jugada", "jugadas")
                ),
            };
            writeln!(salida, "{} {:+} ({clase})", jugada.posicion, jugada.puntaje)?;
        }
        Ok(())
    }
}

impl Analizar {
    /// How long or deep the analysis goes: `--profundidad`, `--tiempo`, or the default
    /// [`Limite`].
    fn limite(&self) -> Limite {
        match (self.profundidad, self.tiempo) {
            (Some(profundidad), _) => Limite::por_profundidad(profundidad),
            (None, Some(tiempo)) => Limite::por_tiempo(tiempo),
            (None, None) => Limite::default(),
        }
    }
}

impl Ejecutar for Analizar {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let (tablero, turno) = self.situacion.leer(corrida)?;
        if let Some(profundidad) = self.profundidad {
            // The search cannot go past the end of the game.
            let jugadas = profundidad.min(tablero.contar(Casilla::Vacia));
            if jugadas > ANALIZAR_EN_DOS_SEGUNDOS {
                let segundos = 2.0 * 2.5f64.powi((jugadas - ANALIZAR_EN_DOS_SEGUNDOS) as i32);
                corrida.avisar(Avance::Duracion(&format!(
                    "Analizar a {profundidad} jugadas de profundidad puede tardar {} (a \
                         {ANALIZAR_EN_DOS_SEGUNDOS}, un par de segundos; cada jugada más, dos o \
                         tres veces más). --tiempo pone un límite; una profundidad menor tarda \
                         menos.",
                    duracion_aproximada(segundos)
                )));
            }
        }
        let jugadas: Vec<JugadaEvaluada> = self
            .hilos
            .buscador()
            .analizar(&tablero, turno, self.limite())
            .into_iter()
            .map(|evaluada| JugadaEvaluada {
                posicion: evaluada.posicion.to_string(),
                volteos: tablero.volteos(evaluada.posicion, turno).cantidad(),
                puntaje: evaluada.puntaje,
                exacta: evaluada.exacta,
                profundidad: evaluada.profundidad,
            })
            .collect();
        corrida.informar(&InformeAnalizar {
            tablero: InformeTablero::de(&tablero),
            turno: turno.letra(),
            cantidad: jugadas.len(),
            jugadas,
        })
    }
}

/// What a game that ends early counts, as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ConvencionElegida {
    /// The published series.
    Publicada,
    /// Chess-style.
    Ajedrez,
}

impl ConvencionElegida {
    /// Its name, as typed and as the report says it.
    fn nombre(self) -> &'static str {
        match self {
            ConvencionElegida::Publicada => "publicada",
            ConvencionElegida::Ajedrez => "ajedrez",
        }
    }

    /// The engine's convention.
    fn convencion(self) -> Convencion {
        match self {
            ConvencionElegida::Publicada => Convencion::Publicada,
            ConvencionElegida::Ajedrez => Convencion::Ajedrez,
        }
    }
}

/// `perft PROFUNDIDAD [--desde ARCHIVO --turno N|B] [--convencion publicada|ajedrez]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = format!("\
Un pase cuenta como jugada. Con la convención publicada (la de Aart Bik, 2009), una \
partida terminada cuenta como hoja en cada profundidad siguiente; con la de ajedrez no \
suma. La última jugada se cuenta con la cantidad de jugadas válidas, sin jugarla. Con \
más de {PERFT_EN_DOS_SEGUNDOS} avisa en la salida de errores cuánto puede tardar: cada \
profundidad, unas nueve veces más que la anterior."))]
#[command(
    mut_arg("desde", |desde| desde.requires("turno")),
    mut_arg("turno", |turno| turno
        .requires("desde")
        .help("Quién mueve en el tablero de --desde: N o B (o negras, blancas)"))
)]
pub struct Perft {
    #[arg(
        value_name = "PROFUNDIDAD",
        value_parser = entero(1u32, 20),
        help = "La profundidad mayor, de 1 a 20"
    )]
    profundidad: u32,
    #[command(flatten)]
    desde: Desde,
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_enum,
        default_value_t = CONVENCION,
        hide_possible_values = true,
        hide_default_value = true,
        help = format!("publicada o ajedrez (por omisión, {})", CONVENCION.nombre())
    )]
    convencion: ConvencionElegida,
}

/// `perft --convencion` when not given: the published series'.
const CONVENCION: ConvencionElegida = ConvencionElegida::Publicada;

/// The depth `perft` takes a couple of seconds for from the start, in release mode;
/// each one more about nine times as long (the figures are in `docs/motor.md`).
const PERFT_EN_DOS_SEGUNDOS: u32 = 12;

/// What `perft` answers.
#[derive(Serialize)]
struct InformePerft {
    #[serde(flatten)]
    tablero: InformeTablero,
    turno: char,
    convencion: &'static str,
    perft: Vec<Cuenta>,
    #[serde(skip)]
    color: Color,
}

/// The sequences of one length.
#[derive(Serialize)]
struct Cuenta {
    profundidad: u32,
    nodos: u64,
    tiempo_ms: f64,
    #[serde(skip)]
    tiempo: Duration,
}

impl Informe for InformePerft {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        let regla = match self.convencion {
            "publicada" => "una partida terminada cuenta como hoja en cada profundidad siguiente",
            _ => "una partida terminada antes no suma",
        };
        parrafo(
            salida,
            &format!(
                "Perft, mueven las {}: un pase cuenta como jugada; convención {} ({regla}); \
                 la última jugada se cuenta con la cantidad de jugadas válidas, sin jugarla.",
                self.color.nombre(),
                self.convencion,
            ),
        )?;
        writeln!(
            salida,
            "{:>11}{:>20}{:>12}",
            "profundidad", "secuencias", "segundos"
        )?;
        for cuenta in &self.perft {
            writeln!(
                salida,
                "{:>11}{:>20}{:>12.3}",
                cuenta.profundidad,
                cuenta.nodos,
                cuenta.tiempo.as_secs_f64()
            )?;
        }
        Ok(())
    }
}

impl Ejecutar for Perft {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let (tablero, turno) = self.desde.leer(corrida)?;
        // A game ends within about as many plies as there are empty squares; past
        // that, a depth adds little.
        let jugadas = self.profundidad.min(tablero.contar(Casilla::Vacia));
        if jugadas > PERFT_EN_DOS_SEGUNDOS {
            let segundos = 2.0 * 9f64.powi((jugadas - PERFT_EN_DOS_SEGUNDOS) as i32);
            corrida.avisar(Avance::Duracion(&format!(
                "Perft {} puede tardar {} (perft {PERFT_EN_DOS_SEGUNDOS}, un par de \
                     segundos; cada profundidad más, unas nueve veces más). Una profundidad \
                     menor tarda mucho menos; Ctrl-C lo detiene.",
                self.profundidad,
                duracion_aproximada(segundos)
            )));
        }
        let convencion = self.convencion.convencion();
        let perft = (1..=self.profundidad)
            .map(|profundidad| {
                let inicio = Instant::now();
                let nodos = perft::perft(&tablero, turno, profundidad, convencion);
                let tiempo = inicio.elapsed();
                Cuenta {
                    profundidad,
                    nodos,
                    tiempo_ms: milisegundos(tiempo),
                    tiempo,
                }
            })
            .collect();
        corrida.informar(&InformePerft {
            tablero: InformeTablero::de(&tablero),
            turno: turno.letra(),
            convencion: self.convencion.nombre(),
            perft,
            color: turno,
        })
    }
}

/// `torneo --negro JUGADOR --blanco JUGADOR [--partidas N] [--aperturas K] [--semilla S]
/// [--tiempo SEGUNDOS]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Cada apertura (K jugadas al azar) se juega dos veces, una con cada color. Da, por \
jugador y color, las ganadas, los empates, las perdidas, la diferencia media de \
fichas y el tiempo medio por jugada. En una terminal, una barra de avance en la \
salida de errores muestra cuántas partidas van, a qué ritmo y cuánto falta.")]
pub struct Torneo {
    #[arg(
        long,
        value_name = "JUGADOR",
        value_parser = computadora,
        help = format!(
            "El primero, con negras en la primera partida de cada apertura: {}",
            computadoras()
        )
    )]
    negro: Nivel,
    #[arg(
        long,
        value_name = "JUGADOR",
        value_parser = computadora,
        help = format!("El segundo: {}", computadoras())
    )]
    blanco: Nivel,
    #[arg(
        long,
        value_name = "N",
        default_value_t = PARTIDAS,
        hide_default_value = true,
        value_parser = entero(1u32, 1_000_000),
        help = format!("Cuántas partidas, de 1 a 1000000 (por omisión, {PARTIDAS})")
    )]
    partidas: u32,
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "K",
        default_value_t = APERTURAS,
        hide_default_value = true,
        value_parser = entero(0u32, 60),
        help = format!(
            "Cuántas jugadas al azar abren cada partida, de 0 a 60 (por omisión, {APERTURAS})"
        )
    )]
    aperturas: u32,
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "S",
        default_value_t = SEMILLA_DEL_TORNEO,
        hide_default_value = true,
        value_parser = semilla,
        help = format!(
            "Semilla de las aperturas y del azar de los jugadores (por omisión, \
             {SEMILLA_DEL_TORNEO})"
        )
    )]
    semilla: u64,
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = segundos,
        help = format!(
            "Segundos por jugada del jugador fuerte, en promedio (por omisión, {})",
            TIEMPO_DEL_TORNEO.as_secs_f64()
        )
    )]
    tiempo: Option<Duration>,
}

/// `torneo --partidas` when not given.
const PARTIDAS: u32 = 100;

/// `torneo --aperturas` when not given.
const APERTURAS: u32 = 4;

/// `torneo --semilla` when not given.
const SEMILLA_DEL_TORNEO: u64 = 1;

/// `torneo --tiempo` when not given.
const TIEMPO_DEL_TORNEO: Duration = Duration::from_millis(100);

/// What `torneo` answers: its settings and results, under `torneo`.
#[derive(Serialize)]
struct InformeTorneo {
    torneo: ResumenTorneo,
}

/// A tournament's settings and results.
#[derive(Serialize)]
struct ResumenTorneo {
    partidas: u32,
    aperturas: u32,
    semilla: u64,
    tiempo_ms: f64,
    marcadores: Vec<FilaMarcador>,
    #[serde(skip)]
    bases: Bases,
}

/// One player's results with one color (`N`, `B`) or both (`total`).
#[derive(Serialize)]
struct FilaMarcador {
    jugador: &'static str,
    color: &'static str,
    partidas: u32,
    ganadas: u32,
    empates: u32,
    perdidas: u32,
    diferencia_media: f64,
    tiempo_por_jugada_ms: f64,
}

impl FilaMarcador {
    fn de(nivel: Nivel, color: &'static str, marcador: &Marcador) -> FilaMarcador {
        FilaMarcador {
            jugador: nivel.nombre(),
            color,
            partidas: marcador.partidas(),
            ganadas: marcador.ganadas,
            empates: marcador.empates,
            perdidas: marcador.perdidas,
            diferencia_media: marcador.diferencia_media(),
            tiempo_por_jugada_ms: milisegundos(marcador.tiempo_por_jugada()),
        }
    }
}

impl Informe for InformeTorneo {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        let ResumenTorneo { bases, .. } = &self.torneo;
        parrafo(
            salida,
            &format!(
                "Torneo: {} contra {}, {} desde aperturas de {} al azar (cada apertura con \
                 ambos colores), semilla {}.",
                bases.primero,
                bases.segundo,
                cantidad(bases.partidas, "partida", "partidas"),
                cantidad(bases.aperturas, "jugada", "jugadas"),
                bases.semilla
            ),
        )?;
        writeln!(
            salida,
            "{:<24}{:>8}{:>9}{:>10}{:>12}{:>15}",
            "jugador", "ganadas", "empates", "perdidas", "dif. media", "ms por jugada"
        )?;
        for fila in &self.torneo.marcadores {
            let lado = match fila.color {
                "N" => "con negras",
                "B" => "con blancas",
                _ => "en total",
            };
            writeln!(
                salida,
                "{:<24}{:>8}{:>9}{:>10}{:>+12.1}{:>15.2}",
                format!("{} {lado}", fila.jugador),
                fila.ganadas,
                fila.empates,
                fila.perdidas,
                fila.diferencia_media,
                fila.tiempo_por_jugada_ms
            )?;
        }
        Ok(())
    }
}

impl Torneo {
    /// The tournament asked for, the defaults filled in.
    fn bases(&self) -> Bases {
        Bases {
            primero: self.negro,
            segundo: self.blanco,
            partidas: self.partidas,
            aperturas: self.aperturas,
            semilla: self.semilla,
            tiempo: self.tiempo.unwrap_or(TIEMPO_DEL_TORNEO),
        }
    }
}

impl Ejecutar for Torneo {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let bases = self.bases();
        let progreso = corrida.opciones.progreso;
        let resultados = torneo::jugar(&bases, |hechas, total| {
            if let Some(progreso) = progreso {
                progreso(hechas, total);
            }
        });
        let marcadores = [bases.primero, bases.segundo]
            .into_iter()
            .zip(&resultados.marcadores)
            .enumerate()
            .flat_map(|(i, (nivel, marcadores))| {
                [
                    FilaMarcador::de(nivel, "N", &marcadores.negro),
                    FilaMarcador::de(nivel, "B", &marcadores.blanco),
                    FilaMarcador::de(nivel, "total", &resultados.total(i)),
                ]
            })
            .collect();
        corrida.informar(&InformeTorneo {
            torneo: ResumenTorneo {
                partidas: bases.partidas,
                aperturas: bases.aperturas,
                semilla: bases.semilla,
                tiempo_ms: milisegundos(bases.tiempo),
                marcadores,
                bases,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;

    use super::*;
    use crate::ordenes::{
        Orden,
        tests::{orden, por_omision},
    };

    #[test]
    fn el_torneo_sin_opciones_juega_lo_que_dice_su_ayuda() {
        let base = ["torneo", "--negro", "libro", "--blanco", "fuerte"];
        let Orden::Torneo(sin_opciones) = orden(&base) else {
            panic!("un torneo")
        };
        let dichos: Vec<[String; 2]> = ["partidas", "aperturas", "semilla", "tiempo"]
            .map(|opcion| [format!("--{opcion}"), por_omision("torneo", opcion)])
            .into();
        let mut argumentos = base.to_vec();
        argumentos.extend(dichos.iter().flatten().map(String::as_str));
        let Orden::Torneo(con_la_ayuda) = orden(&argumentos) else {
            panic!("un torneo")
        };
        assert_eq!(sin_opciones.bases(), con_la_ayuda.bases());
        assert_eq!(
            sin_opciones.bases(),
            Bases {
                primero: Nivel::Libro,
                segundo: Nivel::Fuerte,
                partidas: 100,
                aperturas: 4,
                semilla: 1,
                tiempo: Duration::from_millis(100),
            }
        );
    }

    #[test]
    fn analizar_sin_limite_piensa_lo_que_dice_su_ayuda() {
        let base = ["analizar", "--obf", "-"];
        let Orden::Analizar(sin_tiempo) = orden(&base) else {
            panic!("analizar")
        };
        let dicho = por_omision("analizar", "tiempo");
        let Orden::Analizar(con_la_ayuda) = orden(&[&base[..], &["--tiempo", &dicho]].concat())
        else {
            panic!("analizar")
        };
        assert_eq!(sin_tiempo.limite(), con_la_ayuda.limite());
        assert_eq!(
            sin_tiempo.limite(),
            Limite::por_tiempo(Duration::from_secs(1))
        );
    }

    #[test]
    fn perft_sin_convencion_cuenta_con_la_de_su_ayuda() {
        let Orden::Perft(sin_convencion) = orden(&["perft", "1"]) else {
            panic!("perft")
        };
        let dicha = por_omision("perft", "convencion");
        let Orden::Perft(con_la_ayuda) = orden(&["perft", "1", "--convencion", &dicha]) else {
            panic!("perft")
        };
        assert_eq!(sin_convencion.convencion, con_la_ayuda.convencion);
        assert_eq!(sin_convencion.convencion, ConvencionElegida::Publicada);
    }

    #[test]
    fn perft_toma_desde_y_turno_juntos_o_ninguno() {
        for solo in [&["--desde", "-"], &["--turno", "B"]] {
            let error = Orden::desde_argumentos([&["perft", "2"][..], solo].concat())
                .expect_err("falta la otra");
            assert_eq!(error.kind(), ErrorKind::MissingRequiredArgument, "{solo:?}");
        }
        orden(&["perft", "2", "--desde", "-", "--turno", "B"]);
    }
}
