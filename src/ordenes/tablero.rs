//! The orders about one board: `mostrar`, `jugar`, `jugadas`, `contar` and `estado`.

use std::{
    io::{self, Read, Write},
    path::{Path, PathBuf},
};

use serde::Serialize;

use super::{
    corrida::{Corrida, Ejecutar, error_al_guardar, leer_tablero},
    error::ErrorOrden,
    informe::{Informe, InformePartida, InformeTablero, escribir_tablero},
};
use crate::{
    argumentos::{Entrada, MAS_OPCIONES, Salida, color_estricto, color_tolerante, entrada},
    vista::Vista,
};
use othello::{
    Casilla, Color, ErrorPosicion, Partida, Posicion, Razon, Reglas, Tablero, disco,
    formato::jugadas::{Anotadas, ruta_de_jugadas},
    texto::{acortar, ruta_visible},
};

/// The help of every `ARCHIVO` that holds one board.
pub(super) const AYUDA_ARCHIVO: &str = "El tablero («-»: la entrada estándar)";

/// The help of `--turno` of `estado`, which takes it from the moves saved beside the
/// board or else guesses it.
const AYUDA_TURNO: &str = "Quién mueve: N o B (o negras, blancas); si falta, el de ARCHIVO.jugadas si sus jugadas llevan a este tablero, y si no, el que sugiere el juego (negras si las fichas menos 4 son un número par)";

/// `[--desde ARCHIVO] [--turno N|B]` of `repetir` and `perft`: the board they start
/// from, by default the starting one with the first player of a new game to move. Each
/// order says which of the two needs the other (`perft` takes both or neither).
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub(super) struct Desde {
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "ARCHIVO",
        value_parser = entrada(),
        help = "Empieza desde este tablero en vez del inicial («-»: la entrada estándar)"
    )]
    desde: Option<Entrada>,
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N|B",
        value_parser = color_tolerante,
        help = format!(
            "Quién juega primero: N o B (o negras, blancas); por omisión, {}",
            Partida::nueva().turno().letra()
        )
    )]
    turno: Option<Color>,
}

impl Desde {
    /// The board and who moves first on it.
    pub(super) fn leer(
        &self,
        corrida: &mut Corrida<impl Read, impl Write>,
    ) -> Result<(Tablero, Color), ErrorOrden> {
        let tablero = match &self.desde {
            Some(fuente) => corrida.tablero(fuente)?,
            None => Tablero::inicial(),
        };
        Ok((tablero, self.turno()))
    }

    /// Who moves first: `--turno`, or the first player of a new game.
    fn turno(&self) -> Color {
        self.turno.unwrap_or_else(|| Partida::nueva().turno())
    }
}

/// `mostrar ARCHIVO`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct Mostrar {
    #[arg(value_name = "ARCHIVO", value_parser = entrada(), help = AYUDA_ARCHIVO)]
    archivo: Entrada,
}

/// What `mostrar` answers: the board, drawn as the game draws it.
#[derive(Serialize)]
struct InformeMostrar {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    #[serde(flatten)]
    tablero: InformeTablero,
    #[serde(skip)]
    color: bool,
}

impl Informe for InformeMostrar {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        let vista = Vista::de(&self.tablero.valor).color(self.color);
        write!(salida, "{vista}")?;
        writeln!(salida, "{}", vista.conteo())
    }
}

impl Ejecutar for Mostrar {
    const COLOR: bool = true;

    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let tablero = corrida.tablero(&self.archivo)?;
        corrida.informar(&InformeMostrar {
            archivo: self.archivo.nombre(),
            tablero: InformeTablero::de(&tablero),
            color: corrida.opciones.color,
        })
    }
}

/// `jugar ARCHIVO POSICION VALOR`: the homework's `jugar`, strict as it is.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
POSICION y VALOR van exactamente como los toma jugar de la tarea: «C4» y «N». \
Si no (c4, « C4», «C4\\r», n), es un error de uso: dice qué tienen y cómo se \
escriben, y sale con estado 2.

Si la jugada no es válida (fuera del tablero, como Z9; casilla ocupada; o no \
flanquea ninguna ficha), dice por qué, no escribe nada y sale con estado 1.")]
pub struct Jugar {
    #[arg(value_name = "ARCHIVO", value_parser = entrada(), help = AYUDA_ARCHIVO)]
    archivo: Entrada,
    #[arg(
        value_name = "POSICION",
        allow_hyphen_values = true,
        help = "La casilla: una columna A-H en mayúscula y una fila 1-8, como C4"
    )]
    posicion: String,
    #[arg(
        value_name = "VALOR",
        value_parser = color_estricto,
        help = "Quién juega: N (negras) o B (blancas)"
    )]
    valor: Color,
    #[command(flatten)]
    salida: Salida,
    #[arg(
        long,
        conflicts_with = "salida",
        help = "Escribe el tablero sobre el mismo archivo (de forma atómica)"
    )]
    en_sitio: bool,
}

/// What `jugar` answers when the move is played.
#[derive(Serialize)]
struct InformeJugar {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    #[serde(flatten)]
    tablero: InformeTablero,
    posicion: String,
    valor: char,
    volteadas: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "super::informe::nombre_opcional")]
    guardado: Option<PathBuf>,
}

impl Informe for InformeJugar {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        escribir_tablero(salida, &self.tablero.valor, self.guardado.as_ref())
    }
}

/// What `jugar` answers when the move is refused: the move as given (cut as every
/// echoed input is), no board.
#[derive(Serialize)]
struct InformeJugadaRechazada {
    posicion: String,
    valor: char,
}

impl Informe for InformeJugadaRechazada {
    fn escribir(&self, _: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

impl Ejecutar for Jugar {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let en_sitio = match (self.en_sitio, &self.archivo) {
            (true, Entrada::Estandar) => return Err(en_sitio_sin_archivo()),
            (true, Entrada::Archivo(ruta)) => Some(ruta),
            (false, _) => None,
        };
        let rechazar = |corrida: &mut Corrida<_, _>, error| {
            let informe = InformeJugadaRechazada {
                posicion: acortar(&self.posicion),
                valor: self.valor.letra(),
            };
            corrida.fallar(&informe, error)
        };
        // Badly written is a usage error, told before any file is read; off the board
        // is a move that the rules refuse, as the homework's `jugar` refuses it.
        let posicion = self.posicion.parse::<Posicion>();
        if let Err(razon @ (ErrorPosicion::Formato(_) | ErrorPosicion::Vacia)) = posicion {
            let error = ErrorOrden::Posicion {
                texto: self.posicion.clone(),
                razon,
            };
            return rechazar(corrida, error);
        }
        // Held from the reading to the save: another `--en-sitio` on the same file
        // waits, then plays on the board this one leaves.
        let cerrojo = en_sitio.map(disco::Cerrojo::tomar).transpose()?;
        let mut tablero = match &cerrojo {
            Some(cerrojo) => leer_tablero(&cerrojo.leer()?, &self.archivo)?,
            None => corrida.tablero(&self.archivo)?,
        };
        let jugada = posicion.map_err(Razon::Posicion).and_then(|p| {
            let volteadas = tablero.jugar(p, self.valor);
            volteadas
                .map(|volteadas| (p, volteadas))
                .map_err(|error| Razon::Partida(error.into()))
        });
        let (posicion, volteadas) = match jugada {
            Ok(jugada) => jugada,
            Err(razon) => {
                let error = ErrorOrden::Jugada {
                    texto: self.posicion.clone(),
                    razon,
                };
                return rechazar(corrida, error);
            }
        };
        let guardado = match (cerrojo, en_sitio) {
            (Some(cerrojo), Some(ruta)) => {
                cerrojo.guardar(&tablero).map_err(error_al_guardar)?;
                Some(ruta.clone())
            }
            _ => corrida.guardar(&tablero, &self.salida.destino())?,
        };
        corrida.informar(&InformeJugar {
            archivo: self.archivo.nombre(),
            tablero: InformeTablero::de(&tablero),
            posicion: posicion.to_string(),
            valor: self.valor.letra(),
            volteadas: volteadas.into_iter().map(|p| p.to_string()).collect(),
            guardado,
        })
    }
}

/// `jugadas ARCHIVO VALOR`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Una jugada por línea con cuántas fichas voltea (C4 1), en orden de lectura del \
tablero: A1, B1, …, H1, A2, …, H8. VALOR va como en jugar: N o B.")]
pub struct Jugadas {
    #[arg(value_name = "ARCHIVO", value_parser = entrada(), help = AYUDA_ARCHIVO)]
    archivo: Entrada,
    #[arg(
        value_name = "VALOR",
        value_parser = color_estricto,
        help = "El color: N (negras) o B (blancas)"
    )]
    valor: Color,
}

/// What `jugadas` answers.
#[derive(Serialize)]
struct InformeJugadas {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    #[serde(flatten)]
    tablero: InformeTablero,
    valor: char,
    cantidad: usize,
    jugadas: Vec<JugadaPosible>,
}

/// A valid move and how many pieces it flips.
#[derive(Serialize)]
struct JugadaPosible {
    posicion: String,
    volteos: u32,
}

impl Informe for InformeJugadas {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        for jugada in &self.jugadas {
            writeln!(salida, "{} {}", jugada.posicion, jugada.volteos)?;
        }
        Ok(())
    }
}

impl Ejecutar for Jugadas {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let tablero = corrida.tablero(&self.archivo)?;
        let jugadas: Vec<JugadaPosible> = tablero
            .jugadas_validas(self.valor)
            .into_iter()
            .map(|p| JugadaPosible {
                posicion: p.to_string(),
                volteos: tablero.volteos(p, self.valor).cantidad(),
            })
            .collect();
        corrida.informar(&InformeJugadas {
            archivo: self.archivo.nombre(),
            tablero: InformeTablero::de(&tablero),
            valor: self.valor.letra(),
            cantidad: jugadas.len(),
            jugadas,
        })
    }
}

/// `contar ARCHIVO`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "Una línea por valor: N 2, B 2 y V 60.")]
pub struct Contar {
    #[arg(value_name = "ARCHIVO", value_parser = entrada(), help = AYUDA_ARCHIVO)]
    archivo: Entrada,
}

/// What `contar` answers: the board and its counts.
#[derive(Serialize)]
struct InformeContar {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    #[serde(flatten)]
    tablero: InformeTablero,
}

impl Informe for InformeContar {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        for casilla in Casilla::TODAS {
            writeln!(salida, "{casilla} {}", self.tablero.valor.contar(casilla))?;
        }
        Ok(())
    }
}

impl Ejecutar for Contar {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let tablero = corrida.tablero(&self.archivo)?;
        corrida.informar(&InformeContar {
            archivo: self.archivo.nombre(),
            tablero: InformeTablero::de(&tablero),
        })
    }
}

/// `estado ARCHIVO [--turno N|B]`; named apart from [`Estado`](othello::Estado), the rules'
/// state of a game.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Dice si la partida terminó y por qué (tablero lleno, un color sin fichas, nadie \
puede jugar), quién gana, la cuenta y las jugadas válidas del que mueve.")]
pub struct OrdenEstado {
    #[arg(value_name = "ARCHIVO", value_parser = entrada(), help = AYUDA_ARCHIVO)]
    archivo: Entrada,
    #[arg(long, value_name = "N|B", value_parser = color_tolerante, help = AYUDA_TURNO)]
    turno: Option<Color>,
}

/// What `estado` answers.
#[derive(Serialize)]
struct InformeEstado {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    #[serde(flatten)]
    partida: InformePartida,
    turno_supuesto: bool,
    /// The `.jugadas` file the turn was taken from.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "super::informe::nombre_opcional")]
    turno_de: Option<PathBuf>,
}

impl Informe for InformeEstado {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        self.partida.escribir(salida)?;
        if let Some(jugadas) = &self.turno_de {
            super::informe::parrafo(
                salida,
                &format!(
                    "(Turno de las jugadas de «{}», que llevan a este tablero.)",
                    ruta_visible(jugadas)
                ),
            )?;
        }
        if self.turno_supuesto {
            super::informe::parrafo(
                salida,
                "(Turno supuesto por la cantidad de fichas, como si nadie hubiera pasado; \
                 dalo con --turno.)",
            )?;
        }
        Ok(())
    }
}

impl Ejecutar for OrdenEstado {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let tablero = corrida.tablero(&self.archivo)?;
        let de_sus_jugadas = match (self.turno, &self.archivo) {
            (None, Entrada::Archivo(ruta)) => partida_de_sus_jugadas(ruta, &tablero),
            _ => None,
        };
        let (partida, supuesto, turno_de) = match de_sus_jugadas {
            Some((partida, jugadas)) => (partida, false, Some(jugadas)),
            None => {
                let (turno, supuesto) = turno_o_sugerido(self.turno, &tablero);
                (Partida::desde(tablero, turno), supuesto, None)
            }
        };
        corrida.informar(&InformeEstado {
            archivo: self.archivo.nombre(),
            partida: InformePartida::de(&partida),
            turno_supuesto: supuesto,
            turno_de,
        })
    }
}

/// `--en-sitio` with a board read from standard input.
fn en_sitio_sin_archivo() -> ErrorOrden {
    ErrorOrden::Uso("--en-sitio necesita un archivo, no la entrada estándar".into())
}

/// The game that the `.jugadas` file beside the board at `ruta` brings back, and that
/// file, if its moves lead to `tablero`: the turn is then known, as the game knows it
/// when it loads the board. Under the homework's rules, as `estado` judges any game.
fn partida_de_sus_jugadas(ruta: &Path, tablero: &Tablero) -> Option<(Partida, PathBuf)> {
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let bytes = disco::leer_jugadas(ruta, tablero).ok()?;
    let anotadas = Anotadas::leer(&String::from_utf8_lossy(&bytes), Reglas::Tarea).ok()?;
    anotadas
        .llevan_a(tablero)
        .then(|| (anotadas.repeticion.partida().clone(), ruta_jugadas))
}

/// `turno`, or the turn the game would suggest on `tablero`, and whether it was
/// assumed.
pub(super) fn turno_o_sugerido(turno: Option<Color>, tablero: &Tablero) -> (Color, bool) {
    match turno {
        Some(turno) => (turno, false),
        None => (Partida::turno_sugerido(tablero), true),
    }
}
