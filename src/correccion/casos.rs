//! The cases, the same ones for the same seed.
//!
//! Positions come from real games at every stage: games of the random and the book's
//! computer players, played with the library's rules. The cases of `jugar` add, in fixed
//! shares, moves designed to catch the mistakes students make. Each of those is kept only
//! if a model of the mistake ([`Descuido`]) gets it wrong: a move that a program without
//! diagonals plays right would not catch that program. The expected answers are the
//! library's own ([`othello::jugar`], [`othello::contar`], the file format's `Display`).

use std::{fs, path::Path};

use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng, seq::SliceRandom};
use serde::Serialize;
use serde_json::value::{RawValue, to_raw_value};

use super::{
    error::ErrorCasos,
    funcion::{Funcion, PorFuncion},
};
use othello::{
    Bitboard, Casilla, Color, ErrorArchivo, Posicion, Tablero, disco,
    motor::jugadores::{aleatoria, del_libro},
};

/// How many cases of each function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cantidades {
    /// Of `jugar` (1000).
    pub jugar: usize,
    /// Of the counting function (300).
    pub contar: usize,
    /// Of `guardarPartida` (100).
    pub guardar_partida: usize,
    /// Of `cargarPartida` (100).
    pub cargar_partida: usize,
    /// Of `jugar` with positions that are not cells of the board (60), reported apart.
    pub robustez: usize,
}

/// The largest sample ([`Cantidades::muestra`]): five rounds of the kinds of `jugar`'s
/// cases, fifteen countings, five saves (every kind of file that exists before), five
/// loads, and every position that is not a cell once.
const MUESTRA: Cantidades = Cantidades {
    jugar: 50,
    contar: 15,
    guardar_partida: 5,
    cargar_partida: 5,
    robustez: NO_CASILLAS.len(),
};

/// How many cases of `jugar` a run makes when not told (`--casos` of `corregir`,
/// `--cantidad` of `casos`).
pub const CASOS_PREDETERMINADOS: usize = 1000;

impl Default for Cantidades {
    fn default() -> Cantidades {
        Cantidades::escaladas(CASOS_PREDETERMINADOS)
    }
}

impl Cantidades {
    /// `--casos n`: `n` of `jugar` and the others in the defaults' proportion (3 of
    /// counting and 1 of saving and of loading for every 10 of `jugar`, and 6 of
    /// positions that are not cells for every 100), rounded up.
    pub fn escaladas(n: usize) -> Cantidades {
        Cantidades {
            jugar: n,
            contar: (3 * n).div_ceil(10),
            guardar_partida: n.div_ceil(10),
            cargar_partida: n.div_ceil(10),
            robustez: (6 * n).div_ceil(100),
        }
    }

    /// The sample of a run with these amounts: the first cases of each function (which
    /// cover every kind of case), run before the rest and counted whole, whatever the
    /// time (`revision`).
    pub fn muestra(self) -> Cantidades {
        Cantidades {
            jugar: self.jugar.min(MUESTRA.jugar),
            contar: self.contar.min(MUESTRA.contar),
            guardar_partida: self.guardar_partida.min(MUESTRA.guardar_partida),
            cargar_partida: self.cargar_partida.min(MUESTRA.cargar_partida),
            robustez: self.robustez.min(MUESTRA.robustez),
        }
    }

    /// How many of `funcion`'s.
    pub(super) fn de(self, funcion: Funcion) -> usize {
        match funcion {
            Funcion::Jugar => self.jugar,
            Funcion::Contar => self.contar,
            Funcion::GuardarPartida => self.guardar_partida,
            Funcion::CargarPartida => self.cargar_partida,
        }
    }
}

/// What a case of `jugar` is designed to catch, with its share of the cases (per
/// thousand); [`Proposito::NoEsCasilla`] makes the robustness cases, apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Proposito {
    /// A valid move from a real game, for either color.
    PartidaReal,
    /// A move that flips only on a diagonal, or also on one.
    Diagonales,
    /// A move near an edge where Python's negative indices, which wrap around, change
    /// the answer.
    Bordes,
    /// A move next to a run of rival pieces that no piece of one's own closes.
    SinCierre,
    /// A move that flips in several directions at once.
    VariasDirecciones,
    /// A move on the edge or a corner whose flips reach the edge.
    BordesYEsquinas,
    /// A move on an occupied cell.
    Ocupada,
    /// A move on an empty cell next to rival pieces that flanks nothing.
    SinFlanqueo,
    /// A position that is not a cell of the board ("I1", "C44", ""): `False`, and the
    /// board untouched, as the homework asks ("dentro de los límites del tablero").
    NoEsCasilla,
}

/// The positions of the robustness cases, in turn: off the board, too long, empty,
/// turned around. Uppercase all, as the homework writes positions.
const NO_CASILLAS: [&str; 12] = [
    "I1", "A9", "A0", "C44", "", "4C", "J5", "H0", "Z9", "A10", "CC", "4",
];

impl Proposito {
    const TODOS: [(Proposito, usize); 8] = [
        (Proposito::PartidaReal, 300),
        (Proposito::Diagonales, 100),
        (Proposito::Bordes, 100),
        (Proposito::SinCierre, 100),
        (Proposito::VariasDirecciones, 100),
        (Proposito::BordesYEsquinas, 100),
        (Proposito::Ocupada, 100),
        (Proposito::SinFlanqueo, 100),
    ];

    /// The case's title, for the student: what the case is, not a guess at what went
    /// wrong.
    pub(super) fn titulo(self) -> &'static str {
        match self {
            Proposito::PartidaReal => "una jugada de una partida real",
            Proposito::Diagonales => "una jugada que voltea en diagonal",
            Proposito::Bordes => "una línea que llega al borde",
            Proposito::SinCierre => "fichas rivales en línea sin una ficha propia al final",
            Proposito::VariasDirecciones => "una jugada que voltea en varias direcciones",
            Proposito::BordesYEsquinas => "una jugada en el borde o en una esquina",
            Proposito::Ocupada => "una casilla ocupada",
            Proposito::SinFlanqueo => "una casilla vacía que no flanquea nada",
            Proposito::NoEsCasilla => "una posición que no es una casilla del tablero",
        }
    }

    /// The mistake a case must catch, if it is designed for one.
    fn descuido(self, azar: &mut ChaCha8Rng) -> Option<Descuido> {
        match self {
            Proposito::PartidaReal | Proposito::SinFlanqueo | Proposito::NoEsCasilla => None,
            Proposito::Diagonales => Some(Descuido::SinDiagonales),
            Proposito::Bordes => Some(Descuido::DaLaVuelta),
            Proposito::SinCierre => Some(Descuido::SinCierre),
            Proposito::VariasDirecciones => Some(Descuido::UnaDireccion),
            Proposito::BordesYEsquinas => Some(Descuido::BordeCorto),
            // Half of them on a cell whose piece, if replaced, would flank something.
            Proposito::Ocupada => azar.random_bool(0.5).then_some(Descuido::NoMiraOcupada),
        }
    }

    /// Where to look for such a move on `tablero` for `color`.
    fn candidatas(self, tablero: &Tablero, color: Color) -> Bitboard {
        let vacias = tablero.vacias();
        let junto_a_rivales = vecinas(tablero.fichas(!color));
        match self {
            Proposito::PartidaReal | Proposito::Diagonales | Proposito::VariasDirecciones => {
                tablero.jugadas_validas(color)
            }
            Proposito::Bordes => vacias & DOS_PRIMERAS_FILAS_O_COLUMNAS,
            Proposito::SinCierre => vacias & junto_a_rivales,
            Proposito::BordesYEsquinas => vacias & BORDE,
            Proposito::Ocupada => !vacias,
            Proposito::SinFlanqueo => vacias & junto_a_rivales & !tablero.jugadas_validas(color),
            Proposito::NoEsCasilla => Bitboard::VACIO,
        }
    }
}

/// Rows 1-2 and columns A-B: from there a walk up or left reaches index -1.
const DOS_PRIMERAS_FILAS_O_COLUMNAS: Bitboard = Bitboard(0x0303_0303_0303_FFFF);
/// The outer ring.
const BORDE: Bitboard = Bitboard(0xFF81_8181_8181_81FF);

/// The eight directions as (rows, columns).
const DIRECCIONES: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The cells next to some cell of `conjunto`.
fn vecinas(conjunto: Bitboard) -> Bitboard {
    conjunto
        .into_iter()
        .flat_map(|p| {
            DIRECCIONES.iter().filter_map(move |&(df, dc)| {
                let fila = p.fila().checked_add_signed(df)?;
                let columna = p.columna().checked_add_signed(dc)?;
                Posicion::desde_coordenadas(columna, fila)
            })
        })
        .collect()
}

/// A mistake students make in `jugar`, as a model that plays with it. The models only
/// choose cases; the expected answers are always the library's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Descuido {
    /// Looks only up, down, left and right.
    SinDiagonales,
    /// Checks only `< 8`: a walk up or left goes on at index -1, the other edge.
    DaLaVuelta,
    /// Flips a run of rival pieces without looking at what ends it.
    SinCierre,
    /// Stops after the first direction that flips.
    UnaDireccion,
    /// Walks only inside the edge (`0 < fila < 7`), so it never sees the edge's cells.
    BordeCorto,
    /// Plays on occupied cells too.
    NoMiraOcupada,
}

impl Descuido {
    /// What a `jugar` with this mistake does: the board after the move, or `None` when
    /// it finds the move invalid.
    fn jugar(self, tablero: &Tablero, p: Posicion, color: Color) -> Option<Tablero> {
        if self != Descuido::NoMiraOcupada && tablero.casilla(p) != Casilla::Vacia {
            return None;
        }
        let propia = Casilla::Ficha(color);
        let rival = Casilla::Ficha(!color);
        let celda = |fila: i8, columna: i8| -> Option<Posicion> {
            let (fila, columna) = match self {
                Descuido::DaLaVuelta if (-8..8).contains(&fila) && (-8..8).contains(&columna) => {
                    (fila.rem_euclid(8), columna.rem_euclid(8))
                }
                Descuido::BordeCorto if !(1..7).contains(&fila) || !(1..7).contains(&columna) => {
                    return None;
                }
                _ => (fila, columna),
            };
            Posicion::desde_coordenadas(u8::try_from(columna).ok()?, u8::try_from(fila).ok()?)
        };
        let mut volteadas = Vec::new();
        for (df, dc) in DIRECCIONES {
            if self == Descuido::SinDiagonales && df != 0 && dc != 0 {
                continue;
            }
            let (mut fila, mut columna) = (p.fila() as i8 + df, p.columna() as i8 + dc);
            let mut camino = Vec::new();
            let cierre = loop {
                match celda(fila, columna) {
                    Some(q) if tablero.casilla(q) == rival => camino.push(q),
                    Some(q) => break tablero.casilla(q) == propia,
                    None => break false,
                }
                (fila, columna) = (fila + df, columna + dc);
            };
            if !camino.is_empty() && (cierre || self == Descuido::SinCierre) {
                volteadas.extend(camino);
                if self == Descuido::UnaDireccion {
                    break;
                }
            }
        }
        if volteadas.is_empty() {
            return None;
        }
        let mut despues = tablero.clone();
        for q in volteadas.into_iter().chain([p]) {
            despues.poner(q, propia);
        }
        Some(despues)
    }

    /// Whether this mistake gets the move wrong.
    fn atrapa(self, tablero: &Tablero, p: Posicion, color: Color) -> bool {
        let mut correcto = tablero.clone();
        let correcto = correcto.jugar(p, color).is_ok().then_some(correcto);
        self.jugar(tablero, p, color) != correcto
    }
}

/// What the file of a case of `guardarPartida` holds before the call: the file must
/// hold exactly the board saved afterwards, whatever was there (a function that opens
/// it with `"a"` or `"r+"` leaves the old text in it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Previo {
    /// Nothing: the file does not exist.
    Ninguno,
    /// Another text, longer than any board's, which the grader writes first.
    Texto(String),
    /// This other board, which the same function saves under the same name first.
    Tablero(Tablero),
}

/// The text of a file that already exists where a case of `guardarPartida` saves:
/// another game, as an editor on Windows leaves it, with a note after it, so that it
/// is longer than a saved board.
fn texto_anterior(otro: &Tablero) -> String {
    otro.to_string().replace('\n', "\r\n") + "# partida anterior\r\n"
}

/// One call to grade, with what is needed to know the right answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Caso {
    /// `jugar(tablero, posicion, valor)`.
    Jugar {
        /// The board passed.
        tablero: Tablero,
        /// Where, as passed: a cell ("C4"), or not one in a robustness case.
        posicion: String,
        /// Who.
        color: Color,
        /// What it is designed to catch.
        proposito: Proposito,
        /// The board after a valid move; `None` if the move is not valid.
        despues: Option<Tablero>,
    },
    /// `contar(tablero, c)`.
    Contar {
        /// The board passed.
        tablero: Tablero,
        /// What to count.
        casilla: Casilla,
    },
    /// `guardarPartida(tablero, nombre_archivo)`.
    Guardar {
        /// The board to save.
        tablero: Tablero,
        /// The file name passed, in the working folder.
        archivo: String,
        /// What the file holds before the call.
        previo: Previo,
    },
    /// `cargarPartida(nombre_archivo)`.
    Cargar {
        /// The board in the file.
        tablero: Tablero,
        /// The file's text, as the grader writes it before the call.
        texto: String,
        /// The file name passed, in the working folder.
        archivo: String,
    },
}

impl Caso {
    fn jugar(tablero: Tablero, posicion: String, color: Color, proposito: Proposito) -> Caso {
        let mut despues = tablero.clone();
        let valida = othello::jugar(&mut despues, &posicion, &color.to_string());
        Caso::Jugar {
            tablero,
            posicion,
            color,
            proposito,
            despues: valida.then_some(despues),
        }
    }

    /// What the case is, for the student, when it was designed to be something: the
    /// cases of `jugar`, and those of `guardarPartida` on a file that exists.
    pub(super) fn titulo(&self) -> Option<&'static str> {
        match self {
            Caso::Jugar { proposito, .. } => Some(proposito.titulo()),
            Caso::Guardar {
                previo: Previo::Texto(_),
                ..
            } => Some("guardar sobre un archivo que ya existe, con un texto más largo"),
            Caso::Guardar {
                previo: Previo::Tablero(_),
                ..
            } => Some("guardar dos veces en el mismo archivo"),
            _ => None,
        }
    }

    /// The board passed to the function, if one is.
    pub(super) fn tablero(&self) -> Option<&Tablero> {
        match self {
            Caso::Jugar { tablero, .. }
            | Caso::Contar { tablero, .. }
            | Caso::Guardar { tablero, .. } => Some(tablero),
            Caso::Cargar { .. } => None,
        }
    }

    /// The arguments after the board, as Python source: `"C4", "N"`.
    fn argumentos_python(&self) -> String {
        match self {
            Caso::Jugar {
                posicion, color, ..
            } => format!("\"{posicion}\", \"{color}\""),
            Caso::Contar { casilla, .. } => format!("\"{casilla}\""),
            Caso::Guardar { archivo, .. } | Caso::Cargar { archivo, .. } => {
                format!("\"{archivo}\"")
            }
        }
    }

    /// The call as Python source, with the student's name: `jugar(tablero, "C4", "N")`.
    pub(super) fn llamada(&self, nombre: &str) -> String {
        match self {
            Caso::Cargar { .. } => format!("{nombre}({})", self.argumentos_python()),
            _ => format!("{nombre}(tablero, {})", self.argumentos_python()),
        }
    }

    /// The case as the harness reads it: `[id, board's 64 letters, arguments...]`,
    /// written by serde as the requests that carry it are, never by hand.
    fn protocolo(&self, id: usize) -> Box<RawValue> {
        let texto = match self {
            Caso::Jugar {
                tablero,
                posicion,
                color,
                ..
            } => to_raw_value(&(id, letras(tablero), posicion, color.to_string())),
            Caso::Contar { tablero, casilla } => {
                to_raw_value(&(id, letras(tablero), casilla.to_string()))
            }
            Caso::Guardar {
                tablero,
                archivo,
                previo,
            } => {
                let previo = match previo {
                    Previo::Ninguno => None,
                    Previo::Texto(texto) => Some(PrevioProtocolo::Texto(texto)),
                    Previo::Tablero(otro) => Some(PrevioProtocolo::Tablero(letras(otro))),
                };
                to_raw_value(&(id, letras(tablero), archivo, previo))
            }
            Caso::Cargar { archivo, texto, .. } => to_raw_value(&(id, archivo, texto)),
        };
        texto.expect("un caso se escribe en JSON")
    }
}

/// [`Previo`] as the harness reads it: `{"texto": TEXT}` or `{"tablero": 64 letters}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum PrevioProtocolo<'a> {
    Texto(&'a str),
    Tablero(String),
}

/// The board's 64 letters, row 1 first: how boards travel to and from the harness.
pub(super) fn letras(tablero: &Tablero) -> String {
    tablero.filas().flatten().map(Casilla::letra).collect()
}

/// Every case of a run, per function and the robustness cases, each with its text for
/// the harness made once (every submission gets the same).
#[derive(Debug)]
pub(super) struct Casos {
    casos: PorFuncion<Vec<Caso>>,
    protocolo: PorFuncion<Vec<Box<RawValue>>>,
    robustez: Vec<Caso>,
    protocolo_robustez: Vec<Box<RawValue>>,
}

impl Casos {
    /// The cases for `semilla`, as many as `cantidades` says.
    pub(super) fn generar(semilla: u64, cantidades: Cantidades) -> Casos {
        let muestrario = Muestrario::nuevo(semilla);
        let casos = PorFuncion::de(|funcion| {
            let mut azar = azar(semilla, 1 + funcion as u64);
            let n = cantidades.de(funcion);
            match funcion {
                Funcion::Jugar => casos_de_jugar(&muestrario, &mut azar, n),
                Funcion::Contar => (0..n)
                    .map(|_| Caso::Contar {
                        tablero: muestrario.variado(&mut azar),
                        casilla: Casilla::TODAS[azar.random_range(0..3)],
                    })
                    .collect(),
                Funcion::GuardarPartida => (1..=n)
                    .map(|id| {
                        let tablero = muestrario.variado(&mut azar);
                        // One in five on a file that exists, one in five saved twice.
                        let previo = match id % 5 {
                            2 => Previo::Texto(texto_anterior(&muestrario.variado(&mut azar))),
                            4 => Previo::Tablero(otro_tablero(&muestrario, &mut azar, &tablero)),
                            _ => Previo::Ninguno,
                        };
                        Caso::Guardar {
                            tablero,
                            archivo: format!("guardar-{id:04}.txt"),
                            previo,
                        }
                    })
                    .collect(),
                Funcion::CargarPartida => (1..=n)
                    .map(|id| {
                        let tablero = muestrario.variado(&mut azar);
                        let canonico = tablero.to_string();
                        // As students' editors leave them: most canonical, some without
                        // the last line end, some with Windows line ends.
                        let texto = match azar.random_range(0..20) {
                            0..3 => canonico.trim_end().to_owned(),
                            3..6 => canonico.replace('\n', "\r\n"),
                            _ => canonico,
                        };
                        Caso::Cargar {
                            tablero,
                            texto,
                            archivo: format!("cargar-{id:04}.txt"),
                        }
                    })
                    .collect(),
            }
        });
        let robustez = casos_de_robustez(&muestrario, &mut azar(semilla, 5), cantidades.robustez);
        Casos {
            protocolo: PorFuncion::de(|funcion| protocolo(&casos[funcion])),
            casos,
            protocolo_robustez: protocolo(&robustez),
            robustez,
        }
    }

    /// The cases of `funcion`; case `id` is at `id - 1`.
    pub(super) fn de(&self, funcion: Funcion) -> &[Caso] {
        &self.casos[funcion]
    }

    /// The harness's text of the cases of `funcion`, in the same order.
    pub(super) fn protocolo(&self, funcion: Funcion) -> &[Box<RawValue>] {
        &self.protocolo[funcion]
    }

    /// The robustness cases: `jugar` with positions that are not cells.
    pub(super) fn robustez(&self) -> &[Caso] {
        &self.robustez
    }

    /// The harness's text of the robustness cases, in the same order.
    pub(super) fn protocolo_robustez(&self) -> &[Box<RawValue>] {
        &self.protocolo_robustez
    }
}

/// A board of `muestrario` other than `tablero`.
fn otro_tablero(muestrario: &Muestrario, azar: &mut ChaCha8Rng, tablero: &Tablero) -> Tablero {
    loop {
        let otro = muestrario.variado(azar);
        if otro != *tablero {
            return otro;
        }
    }
}

/// The harness's text of `casos`: case `id` is at `id - 1`.
fn protocolo(casos: &[Caso]) -> Vec<Box<RawValue>> {
    casos
        .iter()
        .enumerate()
        .map(|(i, caso)| caso.protocolo(i + 1))
        .collect()
}

/// `n` robustness cases: each of [`NO_CASILLAS`] in turn, on boards of real games, for
/// either color. Where a program that reads only the first two characters would find
/// a cell ([`leida_a_medias`]), the board is one where that cell is a valid move, so
/// that such a program answers `True` and is caught.
fn casos_de_robustez(muestrario: &Muestrario, azar: &mut ChaCha8Rng, n: usize) -> Vec<Caso> {
    NO_CASILLAS
        .iter()
        .cycle()
        .take(n)
        .map(|&posicion| {
            let leida = leida_a_medias(posicion);
            let (tablero, color) = (0..INTENTOS)
                .map(|_| {
                    let color = if azar.random_bool(0.5) {
                        Color::Negro
                    } else {
                        Color::Blanco
                    };
                    (muestrario.cualquiera(azar), color)
                })
                .find(|(tablero, color)| {
                    leida.is_none_or(|p| tablero.jugadas_validas(*color).contiene(p))
                })
                .unwrap_or((muestrario.cualquiera(azar), Color::Negro));
            Caso::jugar(
                tablero.clone(),
                posicion.to_owned(),
                color,
                Proposito::NoEsCasilla,
            )
        })
        .collect()
}

/// The cell a `jugar` that reads `posicion[0]` as the column and `int(posicion[1])`
/// as the row would play: "C44" as C4, "A10" as A1, and "A0" as A8, since Python's
/// `tablero[-1]` is the last row. `None` where such a reading fails (raises) anyway.
fn leida_a_medias(posicion: &str) -> Option<Posicion> {
    let mut letras = posicion.chars();
    let columna = u8::try_from(letras.next()?).ok()?.checked_sub(b'A')?;
    let fila = letras.next()?.to_digit(10)?;
    let fila = if fila == 0 { 7 } else { fila as u8 - 1 };
    Posicion::desde_coordenadas(columna, fila)
}

/// An independent generator for each use of the seed, so that changing how many cases of
/// one function are asked for does not change the others.
fn azar(semilla: u64, flujo: u64) -> ChaCha8Rng {
    let mut bytes = [0; 32];
    bytes[..8].copy_from_slice(&semilla.to_le_bytes());
    bytes[8..16].copy_from_slice(&flujo.to_le_bytes());
    ChaCha8Rng::from_seed(bytes)
}

/// `n` cases of `jugar`: each purpose its share, in rounds of ten (three real moves and
/// one of each designed kind) shuffled within, so that the first failures of a kind
/// show different situations and any first tens of cases (the sample) hold every kind
/// in its share.
fn casos_de_jugar(muestrario: &Muestrario, azar: &mut ChaCha8Rng, n: usize) -> Vec<Caso> {
    let ronda: Vec<Proposito> = Proposito::TODOS
        .iter()
        .flat_map(|&(proposito, por_mil)| std::iter::repeat_n(proposito, por_mil / 100))
        .collect();
    let mut propositos = Vec::with_capacity(n + ronda.len());
    while propositos.len() < n {
        let mut esta = ronda.clone();
        esta.shuffle(azar);
        propositos.extend(esta);
    }
    propositos.truncate(n);
    propositos
        .into_iter()
        .map(|proposito| caso_de_jugar(proposito, muestrario, azar))
        .collect()
}

/// How many positions are tried for a designed case before settling for a real move.
const INTENTOS: usize = 2000;

/// A case for `proposito`; a valid move of a real game if none is found.
fn caso_de_jugar(proposito: Proposito, muestrario: &Muestrario, azar: &mut ChaCha8Rng) -> Caso {
    for intento in 0.. {
        let proposito = if intento < INTENTOS {
            proposito
        } else {
            Proposito::PartidaReal
        };
        let tablero = muestrario.cualquiera(azar);
        let color = if azar.random_bool(0.5) {
            Color::Negro
        } else {
            Color::Blanco
        };
        let candidatas: Vec<Posicion> = proposito.candidatas(tablero, color).into_iter().collect();
        let Some(&posicion) = candidatas.get(azar.random_range(0..candidatas.len().max(1))) else {
            continue;
        };
        if proposito
            .descuido(azar)
            .is_none_or(|descuido| descuido.atrapa(tablero, posicion, color))
        {
            return Caso::jugar(tablero.clone(), posicion.to_string(), color, proposito);
        }
    }
    unreachable!("las partidas reales tienen jugadas válidas")
}

/// Positions from real games: every board of each game, from the start to the end.
struct Muestrario {
    partidas: Vec<Vec<Tablero>>,
}

impl Muestrario {
    /// How many games.
    const PARTIDAS: usize = 64;

    /// Games of random players and of the book's player against a random one, drawn
    /// from `semilla`.
    fn nuevo(semilla: u64) -> Muestrario {
        let mut azar = azar(semilla, 0);
        let partidas = (0..Muestrario::PARTIDAS)
            .map(|i| {
                let mut tablero = Tablero::inicial();
                let mut turno = Color::Negro;
                let mut tableros = vec![tablero.clone()];
                let mut pases = 0;
                while pases < 2 {
                    let jugada = if i % 2 == 1 && turno == Color::Negro {
                        del_libro(&tablero, turno, &mut azar)
                    } else {
                        aleatoria(&tablero, turno, &mut azar)
                    };
                    match jugada {
                        Some(p) => {
                            tablero
                                .jugar(p, turno)
                                .expect("la jugada elegida es válida");
                            tableros.push(tablero.clone());
                            pases = 0;
                        }
                        None => pases += 1,
                    }
                    turno = !turno;
                }
                tableros
            })
            .collect();
        Muestrario { partidas }
    }

    /// A board of a random game at a random stage.
    fn cualquiera(&self, azar: &mut ChaCha8Rng) -> &Tablero {
        let partida = &self.partidas[azar.random_range(0..self.partidas.len())];
        &partida[azar.random_range(0..partida.len())]
    }

    /// Mostly [`Muestrario::cualquiera`], and one in ten a board at an extreme: empty,
    /// the start, or the end of a game (often full).
    fn variado(&self, azar: &mut ChaCha8Rng) -> Tablero {
        match azar.random_range(0..30) {
            0 => Tablero::vacio(),
            1 => Tablero::inicial(),
            2 => self.partidas[azar.random_range(0..self.partidas.len())]
                .last()
                .expect("cada partida tiene al menos el tablero inicial")
                .clone(),
            _ => self.cualquiera(azar).clone(),
        }
    }
}

/// Writes `cantidad` cases of `jugar` for `semilla` into `carpeta`, and after them its
/// robustness cases, as `corregir` runs them: see [`super::escribir_casos`]. Each file
/// is saved atomically, as every file the program writes.
pub(super) fn escribir(carpeta: &Path, semilla: u64, cantidad: usize) -> Result<(), ErrorCasos> {
    fs::create_dir_all(carpeta).map_err(|fuente| ErrorCasos::Carpeta {
        ruta: carpeta.to_owned(),
        fuente,
    })?;
    let escribir = |nombre: &str, texto: &str| disco::guardar_texto(texto, carpeta.join(nombre));
    let todos = Casos::generar(semilla, Cantidades::escaladas(cantidad));
    let casos: Vec<&Caso> = todos
        .de(Funcion::Jugar)
        .iter()
        .chain(todos.robustez())
        .collect();
    let ancho = casos.len().to_string().len().max(4);
    let mut csv = csv::Writer::from_writer(Vec::new());
    let error_csv = |error: csv::Error| ErrorArchivo::Escritura {
        ruta: carpeta.join("casos.csv"),
        fuente: error.into(),
    };
    csv.write_record(["id", "tablero", "posicion", "valor", "valida", "esperado"])
        .map_err(error_csv)?;
    for (i, caso) in casos.into_iter().enumerate() {
        let Caso::Jugar {
            tablero,
            posicion,
            color,
            despues,
            ..
        } = caso
        else {
            unreachable!("solo casos de jugar")
        };
        let id = i + 1;
        let antes = format!("{id:0ancho$}.txt");
        escribir(&antes, &tablero.to_string())?;
        let esperado = match despues {
            Some(despues) => {
                let nombre = format!("{id:0ancho$}-despues.txt");
                escribir(&nombre, &despues.to_string())?;
                nombre
            }
            None => antes.clone(),
        };
        let valida = if despues.is_some() { "True" } else { "False" };
        csv.write_record([
            id.to_string(),
            antes,
            posicion.clone(),
            color.to_string(),
            valida.to_owned(),
            esperado,
        ])
        .map_err(error_csv)?;
    }
    let bytes = csv
        .into_inner()
        .map_err(|error| error_csv(error.into_error().into()))?;
    escribir("casos.csv", &String::from_utf8_lossy(&bytes))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tablero(filas: [&str; 8]) -> Tablero {
        let lista: Vec<Vec<String>> = filas
            .iter()
            .map(|fila| fila.chars().map(String::from).collect())
            .collect();
        Tablero::try_from(lista).unwrap()
    }

    fn en(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    #[test]
    fn la_misma_semilla_da_los_mismos_casos() {
        let a = Casos::generar(7, Cantidades::escaladas(50));
        let b = Casos::generar(7, Cantidades::escaladas(50));
        let c = Casos::generar(8, Cantidades::escaladas(50));
        for funcion in Funcion::TODAS {
            assert_eq!(a.de(funcion), b.de(funcion));
            assert_ne!(a.de(funcion), c.de(funcion));
        }
    }

    #[test]
    fn cantidades_y_proporciones() {
        assert_eq!(
            Cantidades::default(),
            Cantidades {
                jugar: 1000,
                contar: 300,
                guardar_partida: 100,
                cargar_partida: 100,
                robustez: 60,
            }
        );
        assert_eq!(Cantidades::escaladas(15).contar, 5);
        assert_eq!(Cantidades::escaladas(15).cargar_partida, 2);
        let casos = Casos::generar(1, Cantidades::escaladas(200));
        let cuantos = |buscado: Proposito| {
            casos
                .de(Funcion::Jugar)
                .iter()
                .filter(
                    |caso| matches!(caso, Caso::Jugar { proposito, .. } if *proposito == buscado),
                )
                .count()
        };
        assert_eq!(casos.de(Funcion::Jugar).len(), 200);
        assert_eq!(cuantos(Proposito::PartidaReal), 60);
        assert_eq!(cuantos(Proposito::Bordes), 20);
    }

    #[test]
    fn cada_caso_pensado_atrapa_su_descuido() {
        for semilla in [1, 2015] {
            let mut azar = azar(semilla, 99);
            for caso in Casos::generar(semilla, Cantidades::escaladas(400)).de(Funcion::Jugar) {
                let Caso::Jugar {
                    tablero,
                    posicion,
                    color,
                    proposito,
                    despues,
                } = caso
                else {
                    unreachable!()
                };
                let posicion: Posicion = posicion.parse().expect("una casilla");
                match proposito {
                    Proposito::Ocupada => {
                        assert_ne!(tablero.casilla(posicion), Casilla::Vacia);
                    }
                    Proposito::SinFlanqueo => {
                        assert!(despues.is_none());
                        assert_eq!(tablero.casilla(posicion), Casilla::Vacia);
                    }
                    Proposito::PartidaReal => assert!(despues.is_some()),
                    _ => {
                        let descuido = proposito.descuido(&mut azar).unwrap();
                        assert!(descuido.atrapa(tablero, posicion, *color), "{caso:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn guardar_tambien_sobre_un_archivo_que_existe_o_dos_veces() {
        let casos = Casos::generar(2015, Cantidades::default());
        let guardar = casos.de(Funcion::GuardarPartida);
        let largo = Tablero::inicial().to_string().len();
        for (i, caso) in guardar.iter().enumerate() {
            let Caso::Guardar {
                tablero, previo, ..
            } = caso
            else {
                unreachable!()
            };
            match (i + 1) % 5 {
                // Longer than any board saved, whose rows all have the same length.
                2 => assert!(
                    matches!(previo, Previo::Texto(t) if t.len() > largo),
                    "{caso:?}"
                ),
                4 => assert!(
                    matches!(previo, Previo::Tablero(t) if t != tablero),
                    "{caso:?}"
                ),
                _ => assert_eq!(*previo, Previo::Ninguno),
            }
        }
        // The harness gets what to do first as the case's last element.
        let protocolo = casos.protocolo(Funcion::GuardarPartida);
        assert!(
            protocolo[0].get().ends_with(",null]"),
            "{}",
            protocolo[0].get()
        );
        assert!(protocolo[1].get().contains(",{\"texto\":\""));
        assert!(protocolo[3].get().contains(",{\"tablero\":\""));
    }

    #[test]
    fn los_casos_de_robustez_atrapan_al_que_lee_a_medias() {
        // A jugar that reads posicion[0] and int(posicion[1]) would play these: the
        // boards chosen make that a valid move, so that it answers True.
        assert_eq!(leida_a_medias("C44"), Some(en("C4")));
        assert_eq!(leida_a_medias("A0"), Some(en("A8")));
        assert_eq!(leida_a_medias("A10"), Some(en("A1")));
        for posicion in ["I1", "", "4C", "CC", "4"] {
            assert_eq!(leida_a_medias(posicion), None, "{posicion:?}");
        }
        let casos = Casos::generar(2015, Cantidades::default());
        assert_eq!(casos.robustez().len(), 60);
        for caso in casos.robustez() {
            let Caso::Jugar {
                tablero,
                posicion,
                color,
                despues,
                ..
            } = caso
            else {
                unreachable!()
            };
            assert!(despues.is_none(), "{caso:?}");
            assert!(posicion.parse::<Posicion>().is_err(), "{posicion:?}");
            if let Some(leida) = leida_a_medias(posicion) {
                assert!(tablero.jugadas_validas(*color).contiene(leida), "{caso:?}");
            }
        }
    }

    #[test]
    fn los_descuidos_se_equivocan_como_los_estudiantes() {
        // Row 4: V N N V V V B N. White on A4 flanks nothing: to the right, B4 and C4
        // end in an empty D4. With negative indices the walk to the left goes on at H4
        // (black) and G4 (white): a false flank of H4. Without looking at what ends the
        // run, B4 and C4 are flipped.
        let t = tablero([
            "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VNNVVVBN", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ]);
        let a4 = en("A4");
        let mut con_vuelta = t.clone();
        for p in ["A4", "H4"] {
            con_vuelta.poner(en(p), Casilla::Ficha(Color::Blanco));
        }
        assert_eq!(
            Descuido::DaLaVuelta.jugar(&t, a4, Color::Blanco),
            Some(con_vuelta)
        );
        let mut sin_cierre = t.clone();
        for p in ["A4", "B4", "C4"] {
            sin_cierre.poner(en(p), Casilla::Ficha(Color::Blanco));
        }
        assert_eq!(
            Descuido::SinCierre.jugar(&t, a4, Color::Blanco),
            Some(sin_cierre)
        );
        assert!(Descuido::DaLaVuelta.atrapa(&t, a4, Color::Blanco));
        assert!(!Descuido::DaLaVuelta.atrapa(&t, en("A1"), Color::Blanco));
        // From the start, black's E6 flips E5 straight up: no diagonal needed; white's
        // C3 after black's C4 flips D4 only on the diagonal (Figure 3).
        let inicial = Tablero::inicial();
        assert!(!Descuido::SinDiagonales.atrapa(&inicial, en("E6"), Color::Negro));
        let mut figura2 = inicial.clone();
        figura2.jugar(en("C4"), Color::Negro).unwrap();
        assert!(Descuido::SinDiagonales.atrapa(&figura2, en("C3"), Color::Blanco));
        // Nothing to flank from an occupied D4 either way.
        assert!(
            Descuido::NoMiraOcupada
                .jugar(&inicial, en("D4"), Color::Negro)
                .is_none()
        );
    }

    #[test]
    fn escribe_casos_legibles() {
        let carpeta = tempfile::tempdir().unwrap();
        escribir(carpeta.path(), 3, 30).unwrap();
        let csv = fs::read_to_string(carpeta.path().join("casos.csv")).unwrap();
        let mut lineas = csv.lines();
        assert_eq!(
            lineas.next(),
            Some("id,tablero,posicion,valor,valida,esperado")
        );
        let mut validas = 0;
        for linea in lineas {
            let campos: Vec<&str> = linea.split(',').collect();
            let antes: Tablero = fs::read_to_string(carpeta.path().join(campos[1]))
                .unwrap()
                .parse()
                .unwrap();
            let despues: Tablero = fs::read_to_string(carpeta.path().join(campos[5]))
                .unwrap()
                .parse()
                .unwrap();
            let mut jugado = antes.clone();
            let valida = othello::jugar(&mut jugado, campos[2], campos[3]);
            assert_eq!(campos[4], if valida { "True" } else { "False" });
            assert_eq!(jugado, despues);
            validas += usize::from(valida);
        }
        assert!(validas > 10, "{validas}");
    }
}
