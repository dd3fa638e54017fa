//! The program's face for scripts and graders: one order per run, never a question.
//!
//! Every order reads boards in the homework's file format, from a file or from standard
//! input (`-`), writes plain text (or one JSON object with [`Opciones::json`]) and ends
//! with an exit code: [`Codigo::Exito`] (0), [`Codigo::Invalida`] (1: the move or the
//! transcript is not valid, nothing was written) or [`Codigo::Error`] (2: bad usage, a
//! bad file, or a failure to write). [`ejecutar`] takes standard input and output as
//! parameters, so the tests drive it like the program does.

use std::{
    io::{self, Read, Write},
    path::{Path, PathBuf},
    time::Instant,
};

use serde::Serialize;

use crate::{
    Casilla, Color, ErrorArchivo, ErrorObf, ErrorRepeticion, Estado, Jugada, Motivo, Obf, Partida,
    Posicion, Razon, Repeticion, Tablero, Transcripcion, Vista, disco,
    formato::{
        archivo::{Aviso, Revision, revisar_bytes},
        transcripcion::Notacion,
    },
    motor::{
        busqueda::{Buscador, Limite},
        jugadores::Nivel,
        perft::{self, Convencion},
        torneo::{self, Bases, Marcador},
    },
};

/// Where a board (or a transcript) is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrada {
    /// A file.
    Archivo(PathBuf),
    /// Standard input, named `-` on the command line.
    Estandar,
}

impl Entrada {
    /// `-` is standard input; anything else, a file.
    pub fn de(ruta: PathBuf) -> Entrada {
        if ruta.as_os_str() == "-" {
            Entrada::Estandar
        } else {
            Entrada::Archivo(ruta)
        }
    }

    /// The name used in messages and in JSON.
    fn nombre(&self) -> PathBuf {
        match self {
            Entrada::Archivo(ruta) => ruta.clone(),
            Entrada::Estandar => PathBuf::from(NOMBRE_ENTRADA_ESTANDAR),
        }
    }
}

/// Said when `--en-sitio` has no file to write over.
const EN_SITIO_SIN_ARCHIVO: &str = "--en-sitio necesita un archivo, no la entrada estándar";

/// How standard input is named in messages.
const NOMBRE_ENTRADA_ESTANDAR: &str = "(entrada estándar)";

/// Where a resulting board goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destino {
    /// Printed on standard output.
    Pantalla,
    /// Written, atomically, to this file.
    Archivo(PathBuf),
    /// Written, atomically, over the file it was read from.
    EnSitio,
}

/// Where a transcript (or a board string) comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FuenteJugadas {
    /// A text given on the command line.
    Texto(String),
    /// Moves given one per argument: no comments there, a `#` is just a bad move.
    Palabras(Vec<String>),
    /// A file, or standard input.
    Entrada(Entrada),
}

/// One order and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Orden {
    /// Shows the board as the game draws it, with the counts.
    Mostrar {
        /// The board.
        archivo: Entrada,
    },
    /// Plays one move with the homework's `jugar`.
    Jugar {
        /// The board.
        archivo: Entrada,
        /// The position, as given (checked here, so that a bad one exits with 1).
        posicion: String,
        /// Who plays it.
        valor: Color,
        /// Where the resulting board goes.
        destino: Destino,
    },
    /// Lists the valid moves of a color, with the pieces each one flips.
    Jugadas {
        /// The board.
        archivo: Entrada,
        /// The color.
        valor: Color,
    },
    /// Counts N, B and V.
    Contar {
        /// The board.
        archivo: Entrada,
    },
    /// Checks files against the format and tells every problem.
    Validar {
        /// The files.
        archivos: Vec<Entrada>,
    },
    /// Whether the game is over, why, who wins, and whether the player to move can.
    Estado {
        /// The board.
        archivo: Entrada,
        /// Who moves; without it, the turn the game would suggest.
        turno: Option<Color>,
    },
    /// Replays a transcript and gives the final board.
    Repetir {
        /// The board to start from; the homework's start without it.
        desde: Option<Entrada>,
        /// Who moves first; black without it.
        turno: Option<Color>,
        /// The moves.
        jugadas: FuenteJugadas,
        /// On an invalid move, still print the board reached before it.
        hasta_error: bool,
        /// Where the final board goes ([`Destino::EnSitio`] is not offered).
        destino: Destino,
    },
    /// Prints a board as an engine's board string.
    Exportar {
        /// The board.
        archivo: Entrada,
        /// Who moves; without it, the turn the game would suggest.
        turno: Option<Color>,
    },
    /// The exact result of a position: a best move and the final disc difference.
    Resolver {
        /// The board, or an engine's board string (which brings its side to move).
        situacion: Situacion,
        /// Who moves (required with a board; overrides the string's side).
        turno: Option<Color>,
    },
    /// Every valid move of the side to move with its score.
    Analizar {
        /// The board, or an engine's board string.
        situacion: Situacion,
        /// Who moves.
        turno: Option<Color>,
        /// How far to search.
        limite: Limite,
    },
    /// Counts the move sequences of each length up to `profundidad`.
    Perft {
        /// The board to count from (the homework's start if `None`) and who moves.
        desde: Option<(Entrada, Color)>,
        /// The greatest length.
        profundidad: u32,
        /// What a game that ends early counts.
        convencion: Convencion,
    },
    /// Plays a tournament between two computer players and tells the results.
    Torneo {
        /// Who plays, how many games, from which openings.
        bases: Bases,
    },
    /// Reads an engine's board string and gives the board in the homework's format.
    Importar {
        /// The board string, or where to read it.
        texto: FuenteJugadas,
        /// Where the board goes ([`Destino::EnSitio`] is not offered).
        destino: Destino,
    },
}

/// A board with its side to move, for the engine: a board file (the side to move given
/// apart) or an engine's board string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Situacion {
    /// A board in the homework's format.
    Archivo(Entrada),
    /// A board string, with its side to move.
    Obf(String),
}

/// How the output looks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Opciones {
    /// One JSON object on standard output instead of text.
    pub json: bool,
    /// Colors in the board that `mostrar` draws.
    pub color: bool,
    /// Told after each game of a tournament how many are done, of how many (the
    /// program draws a progress bar on standard error with it).
    pub progreso: Option<fn(u32, u32)>,
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
    /// The move of `jugar` is not valid.
    #[error("la jugada «{texto}» no es válida: {razon}")]
    Jugada {
        /// The position as given.
        texto: String,
        /// Why.
        razon: Razon,
    },
    /// A move of the transcript is not valid.
    #[error(transparent)]
    Repeticion(Box<ErrorRepeticion>),
    /// Some of the files given to `validar` are not valid boards.
    #[error(
        "{invalidos} de {total} {} no {}",
        if *total == 1 { "archivo" } else { "archivos" },
        if *invalidos == 1 { "es un tablero válido" } else { "son tableros válidos" }
    )]
    Invalidos {
        /// How many are not.
        invalidos: usize,
        /// How many were checked.
        total: usize,
    },
    /// Writing the output failed.
    #[error("no se pudo escribir la salida: {}", disco::describir_io(.0))]
    Salida(#[from] io::Error),
}

impl ErrorOrden {
    /// The exit code for this error.
    pub fn codigo(&self) -> Codigo {
        match self {
            ErrorOrden::Jugada { .. } | ErrorOrden::Repeticion(_) => Codigo::Invalida,
            _ => Codigo::Error,
        }
    }

    /// Whether the order already said it in its own JSON object.
    fn informado(&self) -> bool {
        matches!(
            self,
            ErrorOrden::Jugada { .. } | ErrorOrden::Repeticion(_) | ErrorOrden::Invalidos { .. }
        )
    }
}

/// Runs `orden`, reading standard input from `entrada` if a `-` asks for it and writing
/// to `salida`. With [`Opciones::json`], an error that the order's own object does not
/// describe is written as `{"orden": …, "ok": false, "error": {…}}`.
///
/// ```
/// use othello::{Color, interfaz::ordenes::{ejecutar, Entrada, Opciones, Orden}};
///
/// let tablero = othello::Tablero::inicial().to_string();
/// let orden = Orden::Jugadas { archivo: Entrada::Estandar, valor: Color::Negro };
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
        opciones: *opciones,
    };
    let resultado = corrida.ejecutar(orden);
    if let Err(error) = &resultado
        && opciones.json
        && !error.informado()
        && !matches!(error, ErrorOrden::Salida(_))
    {
        let informe = Informe::fallido(orden, error);
        corrida.json(&informe)?;
    }
    resultado
}

/// One run: standard input (taken once) and standard output.
struct Corrida<'s, R, W> {
    entrada: Option<R>,
    salida: &'s mut W,
    opciones: Opciones,
}

impl<R: Read, W: Write> Corrida<'_, R, W> {
    fn ejecutar(&mut self, orden: &Orden) -> Result<(), ErrorOrden> {
        match orden {
            Orden::Mostrar { archivo } => self.mostrar(archivo),
            Orden::Jugar {
                archivo,
                posicion,
                valor,
                destino,
            } => self.jugar(archivo, posicion, *valor, destino),
            Orden::Jugadas { archivo, valor } => self.jugadas(archivo, *valor),
            Orden::Contar { archivo } => self.contar(archivo),
            Orden::Validar { archivos } => self.validar(archivos),
            Orden::Estado { archivo, turno } => self.estado(archivo, *turno),
            Orden::Repetir {
                desde,
                turno,
                jugadas,
                hasta_error,
                destino,
            } => self.repetir(desde.as_ref(), *turno, jugadas, *hasta_error, destino),
            Orden::Exportar { archivo, turno } => self.exportar(archivo, *turno),
            Orden::Importar { texto, destino } => self.importar(texto, destino),
            Orden::Torneo { bases } => self.torneo(bases),
            Orden::Resolver { situacion, turno } => self.resolver(situacion, *turno),
            Orden::Analizar {
                situacion,
                turno,
                limite,
            } => self.analizar(situacion, *turno, *limite),
            Orden::Perft {
                desde,
                profundidad,
                convencion,
            } => self.perft(desde.as_ref(), *profundidad, *convencion),
        }
    }

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

    /// The board in `fuente`.
    fn tablero(&mut self, fuente: &Entrada) -> Result<Tablero, ErrorOrden> {
        let bytes = self.bytes(fuente)?;
        crate::formato::archivo::leer_bytes(&bytes).map_err(|error| {
            ErrorArchivo::Formato {
                ruta: fuente.nombre(),
                fuente: error,
            }
            .into()
        })
    }

    /// The text of `fuente`, read as UTF-8 where it is.
    fn texto(&mut self, fuente: &FuenteJugadas) -> Result<String, ErrorOrden> {
        match fuente {
            FuenteJugadas::Texto(texto) => Ok(texto.clone()),
            FuenteJugadas::Palabras(palabras) => Ok(palabras.join(" ")),
            FuenteJugadas::Entrada(entrada) => {
                Ok(String::from_utf8_lossy(&self.bytes(entrada)?).into_owned())
            }
        }
    }

    fn json(&mut self, informe: &Informe) -> Result<(), ErrorOrden> {
        serde_json::to_writer(&mut *self.salida, informe).map_err(io::Error::from)?;
        writeln!(self.salida)?;
        Ok(())
    }

    /// Sends `tablero` where `destino` says, as a file; the JSON object says where.
    fn entregar(
        &mut self,
        tablero: &Tablero,
        destino: &Destino,
        leido_de: Option<&Entrada>,
    ) -> Result<Option<PathBuf>, ErrorOrden> {
        let ruta = match (destino, leido_de) {
            (Destino::Pantalla, _) => {
                if !self.opciones.json {
                    write!(self.salida, "{tablero}")?;
                }
                return Ok(None);
            }
            (Destino::Archivo(ruta), _) | (Destino::EnSitio, Some(Entrada::Archivo(ruta))) => ruta,
            (Destino::EnSitio, _) => return Err(ErrorOrden::Uso(EN_SITIO_SIN_ARCHIVO.into())),
        };
        disco::guardar(tablero, ruta).map_err(|error| match error {
            // Refused because it is a folder: still a failure to write.
            ErrorArchivo::EsCarpeta { ruta } => ErrorArchivo::Escritura {
                ruta,
                fuente: io::ErrorKind::IsADirectory.into(),
            },
            error => error,
        })?;
        Ok(Some(ruta.clone()))
    }

    fn mostrar(&mut self, fuente: &Entrada) -> Result<(), ErrorOrden> {
        let tablero = self.tablero(fuente)?;
        if self.opciones.json {
            return self.json(&Informe {
                archivo: Some(fuente.nombre()),
                ..Informe::de("mostrar", &tablero)
            });
        }
        let vista = Vista::de(&tablero).color(self.opciones.color);
        write!(self.salida, "{vista}")?;
        writeln!(self.salida, "{}", vista.conteo())?;
        Ok(())
    }

    fn jugar(
        &mut self,
        fuente: &Entrada,
        texto: &str,
        valor: Color,
        destino: &Destino,
    ) -> Result<(), ErrorOrden> {
        if let (Destino::EnSitio, Entrada::Estandar) = (destino, fuente) {
            return Err(ErrorOrden::Uso(EN_SITIO_SIN_ARCHIVO.into()));
        }
        let mut tablero = self.tablero(fuente)?;
        let jugada = texto
            .trim()
            .to_uppercase()
            .parse::<Posicion>()
            .map_err(|error| Razon::Posicion(error.citando(texto)))
            .and_then(|p| {
                tablero
                    .jugar(p, valor)
                    .map_err(|error| Razon::Partida(error.into()))
            });
        let volteadas = match jugada {
            Ok(volteadas) => volteadas,
            Err(razon) => {
                if self.opciones.json {
                    self.json(&Informe {
                        ok: false,
                        posicion: Some(texto.to_owned()),
                        valor: Some(valor.letra()),
                        error: Some(InformeError::de_razon(&razon)),
                        ..Informe::vacio("jugar")
                    })?;
                }
                return Err(ErrorOrden::Jugada {
                    texto: texto.to_owned(),
                    razon,
                });
            }
        };
        let guardado = self.entregar(&tablero, destino, Some(fuente))?;
        if self.opciones.json {
            self.json(&Informe {
                posicion: Some(texto.trim().to_uppercase()),
                valor: Some(valor.letra()),
                volteadas: Some(volteadas.into_iter().map(|p| p.to_string()).collect()),
                guardado,
                archivo: Some(fuente.nombre()),
                ..Informe::de("jugar", &tablero)
            })?;
        }
        Ok(())
    }

    fn jugadas(&mut self, fuente: &Entrada, valor: Color) -> Result<(), ErrorOrden> {
        let tablero = self.tablero(fuente)?;
        let jugadas: Vec<InformeJugada> = tablero
            .jugadas_validas(valor)
            .into_iter()
            .map(|p| InformeJugada {
                posicion: p.to_string(),
                volteos: tablero.volteos(p, valor).cantidad(),
                puntaje: None,
                exacta: None,
                profundidad: None,
            })
            .collect();
        if self.opciones.json {
            return self.json(&Informe {
                valor: Some(valor.letra()),
                cantidad: Some(jugadas.len()),
                jugadas: Some(jugadas),
                archivo: Some(fuente.nombre()),
                ..Informe::de("jugadas", &tablero)
            });
        }
        for jugada in jugadas {
            writeln!(self.salida, "{} {}", jugada.posicion, jugada.volteos)?;
        }
        Ok(())
    }

    fn contar(&mut self, fuente: &Entrada) -> Result<(), ErrorOrden> {
        let tablero = self.tablero(fuente)?;
        if self.opciones.json {
            return self.json(&Informe {
                archivo: Some(fuente.nombre()),
                ..Informe::de("contar", &tablero)
            });
        }
        for casilla in Casilla::TODAS {
            writeln!(self.salida, "{casilla} {}", tablero.contar(casilla))?;
        }
        Ok(())
    }

    fn validar(&mut self, fuentes: &[Entrada]) -> Result<(), ErrorOrden> {
        let mut archivos = Vec::with_capacity(fuentes.len());
        for fuente in fuentes {
            let nombre = fuente.nombre();
            let informe = match self.bytes(fuente) {
                Ok(bytes) => InformeArchivo::de_revision(nombre, &revisar_bytes(&bytes)),
                Err(ErrorOrden::Archivo(error)) => InformeArchivo::de_error(nombre, &error),
                Err(error) => return Err(error),
            };
            if !self.opciones.json {
                informe.escribir(&mut self.salida)?;
            }
            archivos.push(informe);
        }
        let invalidos = archivos.iter().filter(|a| !a.valido).count();
        if self.opciones.json {
            self.json(&Informe {
                ok: invalidos == 0,
                archivos: Some(archivos),
                ..Informe::vacio("validar")
            })?;
        }
        match invalidos {
            0 => Ok(()),
            invalidos => Err(ErrorOrden::Invalidos {
                invalidos,
                total: fuentes.len(),
            }),
        }
    }

    fn estado(&mut self, fuente: &Entrada, turno: Option<Color>) -> Result<(), ErrorOrden> {
        let tablero = self.tablero(fuente)?;
        let (turno, supuesto) = turno_o_sugerido(turno, &tablero);
        let partida = Partida::desde(tablero, turno);
        if self.opciones.json {
            return self.json(&Informe {
                turno_supuesto: Some(supuesto),
                archivo: Some(fuente.nombre()),
                ..Informe::de_partida("estado", &partida)
            });
        }
        let tablero = partida.tablero();
        match partida.estado() {
            Estado::Terminada { motivo, resultado } => {
                writeln!(self.salida, "La partida terminó: {motivo}.")?;
                writeln!(
                    self.salida,
                    "{}.",
                    crate::texto::mayuscula_inicial(&resultado.to_string())
                )?;
            }
            Estado::EnCurso => writeln!(self.salida, "La partida sigue.")?,
        }
        writeln!(
            self.salida,
            "{}   Vacías (V): {}",
            Vista::de(tablero).conteo(),
            tablero.contar(Casilla::Vacia)
        )?;
        let validas = partida.jugadas_validas();
        let lista: Vec<String> = validas.into_iter().map(|p| p.to_string()).collect();
        let jugadas = match lista.len() {
            0 => "sin jugadas válidas".to_owned(),
            1 => format!("1 jugada válida ({})", lista[0]),
            n => format!("{n} jugadas válidas ({})", lista.join(", ")),
        };
        writeln!(
            self.salida,
            "Turno de las {} ({turno}): {jugadas}.",
            turno.nombre()
        )?;
        if supuesto {
            writeln!(
                self.salida,
                "(Turno supuesto por la cantidad de fichas, como si nadie hubiera pasado; \
                 dalo con --turno.)"
            )?;
        }
        Ok(())
    }

    fn repetir(
        &mut self,
        desde: Option<&Entrada>,
        turno: Option<Color>,
        jugadas: &FuenteJugadas,
        hasta_error: bool,
        destino: &Destino,
    ) -> Result<(), ErrorOrden> {
        let tablero = match desde {
            Some(fuente) => self.tablero(fuente)?,
            None => Tablero::inicial(),
        };
        let texto = self.texto(jugadas)?;
        let transcripcion = match jugadas {
            FuenteJugadas::Palabras(_) => Transcripcion::sin_comentarios(&texto),
            _ => match texto.parse() {
                Ok(transcripcion) => transcripcion,
                Err(nunca) => match nunca {},
            },
        };
        let partida = Partida::desde(tablero, turno.unwrap_or(Color::Negro));
        match transcripcion.repetir(partida) {
            Ok(repeticion) => {
                let guardado = self.entregar(repeticion.partida().tablero(), destino, None)?;
                if self.opciones.json {
                    self.json(&Informe {
                        guardado,
                        ..Informe::de_repeticion(&transcripcion, &repeticion)
                    })?;
                }
                Ok(())
            }
            Err(error) => {
                if self.opciones.json {
                    self.json(&Informe {
                        ok: false,
                        error: Some(InformeError {
                            numero: Some(error.numero),
                            texto: Some(error.texto.clone()),
                            ..InformeError::de_razon(&error.razon)
                        }),
                        ..Informe::de_repeticion(&transcripcion, &error.antes)
                    })?;
                } else if hasta_error {
                    write!(self.salida, "{}", error.antes.partida().tablero())?;
                }
                Err(ErrorOrden::Repeticion(error))
            }
        }
    }

    fn exportar(&mut self, fuente: &Entrada, turno: Option<Color>) -> Result<(), ErrorOrden> {
        let tablero = self.tablero(fuente)?;
        let (turno, supuesto) = turno_o_sugerido(turno, &tablero);
        let obf = Obf { tablero, turno };
        if self.opciones.json {
            return self.json(&Informe {
                obf: Some(obf.to_string()),
                turno: Some(turno.letra()),
                turno_supuesto: Some(supuesto),
                archivo: Some(fuente.nombre()),
                ..Informe::de("exportar", &obf.tablero)
            });
        }
        writeln!(self.salida, "{obf}")?;
        Ok(())
    }

    /// The board and side to move of `situacion`: a board file needs `turno`; a board
    /// string brings its own, which `turno` overrides.
    fn situacion(
        &mut self,
        situacion: &Situacion,
        turno: Option<Color>,
    ) -> Result<(Tablero, Color), ErrorOrden> {
        match (situacion, turno) {
            (Situacion::Archivo(fuente), Some(turno)) => Ok((self.tablero(fuente)?, turno)),
            (Situacion::Archivo(_), None) => Err(ErrorOrden::Uso(
                "falta --turno N|B: el archivo no dice quién mueve".into(),
            )),
            (Situacion::Obf(texto), turno) => {
                let obf: Obf = texto.parse()?;
                Ok((obf.tablero, turno.unwrap_or(obf.turno)))
            }
        }
    }

    fn resolver(&mut self, situacion: &Situacion, turno: Option<Color>) -> Result<(), ErrorOrden> {
        let (tablero, turno) = self.situacion(situacion, turno)?;
        let solucion = Buscador::nuevo().resolver(&tablero, turno);
        let mejor = solucion.mejor.map_or("pasar".to_owned(), |p| p.to_string());
        if self.opciones.json {
            return self.json(&Informe {
                turno: Some(turno.letra()),
                mejor: Some(mejor),
                diferencia: Some(solucion.diferencia),
                nodos: Some(solucion.nodos),
                tiempo_ms: Some(solucion.tiempo.as_secs_f64() * 1000.0),
                ..Informe::de("resolver", &tablero)
            });
        }
        writeln!(self.salida, "Mejor jugada: {mejor}")?;
        writeln!(
            self.salida,
            "Diferencia final: {:+} para las {} (con juego perfecto; las vacías, para el ganador)",
            solucion.diferencia,
            turno.nombre()
        )?;
        writeln!(self.salida, "Nodos: {}", solucion.nodos)?;
        writeln!(
            self.salida,
            "Tiempo: {:.3} s",
            solucion.tiempo.as_secs_f64()
        )?;
        Ok(())
    }

    fn analizar(
        &mut self,
        situacion: &Situacion,
        turno: Option<Color>,
        limite: Limite,
    ) -> Result<(), ErrorOrden> {
        let (tablero, turno) = self.situacion(situacion, turno)?;
        let evaluadas = Buscador::nuevo().analizar(&tablero, turno, limite);
        let jugadas: Vec<InformeJugada> = evaluadas
            .iter()
            .map(|evaluada| InformeJugada {
                posicion: evaluada.posicion.to_string(),
                volteos: tablero.volteos(evaluada.posicion, turno).cantidad(),
                puntaje: Some(evaluada.puntaje),
                exacta: Some(evaluada.exacta),
                profundidad: Some(evaluada.profundidad),
            })
            .collect();
        if self.opciones.json {
            return self.json(&Informe {
                turno: Some(turno.letra()),
                cantidad: Some(jugadas.len()),
                jugadas: Some(jugadas),
                ..Informe::de("analizar", &tablero)
            });
        }
        for evaluada in evaluadas {
            let clase = if evaluada.exacta {
                "exacto".to_owned()
            } else {
                format!("estimado a {} jugadas", evaluada.profundidad)
            };
            writeln!(
                self.salida,
                "{} {:+} ({clase})",
                evaluada.posicion, evaluada.puntaje
            )?;
        }
        Ok(())
    }

    fn perft(
        &mut self,
        desde: Option<&(Entrada, Color)>,
        profundidad: u32,
        convencion: Convencion,
    ) -> Result<(), ErrorOrden> {
        let (tablero, turno) = match desde {
            Some((fuente, turno)) => (self.tablero(fuente)?, *turno),
            None => (Tablero::inicial(), Color::Negro),
        };
        let cuentas: Vec<(u32, u64, f64)> = (1..=profundidad)
            .map(|d| {
                let inicio = Instant::now();
                let nodos = perft::perft(&tablero, turno, d, convencion);
                (d, nodos, inicio.elapsed().as_secs_f64())
            })
            .collect();
        let nombre_convencion = match convencion {
            Convencion::Publicada => "publicada",
            Convencion::Ajedrez => "ajedrez",
        };
        if self.opciones.json {
            return self.json(&Informe {
                turno: Some(turno.letra()),
                convencion: Some(nombre_convencion),
                perft: Some(
                    cuentas
                        .iter()
                        .map(|&(profundidad, nodos, segundos)| InformePerft {
                            profundidad,
                            nodos,
                            tiempo_ms: segundos * 1000.0,
                        })
                        .collect(),
                ),
                ..Informe::de("perft", &tablero)
            });
        }
        let regla = match convencion {
            Convencion::Publicada => {
                "una partida terminada cuenta como hoja en cada profundidad siguiente"
            }
            Convencion::Ajedrez => "una partida terminada antes no suma",
        };
        writeln!(
            self.salida,
            "Perft, mueven las {}: un pase cuenta como jugada; convención {nombre_convencion} \
             ({regla}); la última jugada se cuenta con la cantidad de jugadas válidas, sin jugarla.",
            turno.nombre()
        )?;
        writeln!(
            self.salida,
            "{:>11}{:>20}{:>12}",
            "profundidad", "secuencias", "segundos"
        )?;
        for (d, nodos, segundos) in cuentas {
            writeln!(self.salida, "{d:>11}{nodos:>20}{segundos:>12.3}")?;
        }
        Ok(())
    }

    fn torneo(&mut self, bases: &Bases) -> Result<(), ErrorOrden> {
        if bases.primero == Nivel::Humano || bases.segundo == Nivel::Humano {
            return Err(ErrorOrden::Uso(
                "en un torneo juegan computadoras: aleatorio, libro o fuerte".into(),
            ));
        }
        let progreso = self.opciones.progreso;
        let resultados = torneo::jugar(bases, |hechas, total| {
            if let Some(progreso) = progreso {
                progreso(hechas, total);
            }
        });
        let filas: Vec<InformeMarcador> = [bases.primero, bases.segundo]
            .into_iter()
            .enumerate()
            .flat_map(|(i, nivel)| {
                let marcadores = resultados.marcadores[i];
                [
                    InformeMarcador::de(nivel, "N", &marcadores.negro),
                    InformeMarcador::de(nivel, "B", &marcadores.blanco),
                    InformeMarcador::de(nivel, "total", &resultados.total(i)),
                ]
            })
            .collect();
        if self.opciones.json {
            return self.json(&Informe {
                torneo: Some(InformeTorneo {
                    partidas: bases.partidas,
                    aperturas: bases.aperturas,
                    semilla: bases.semilla,
                    tiempo_ms: bases.tiempo.as_secs_f64() * 1000.0,
                    marcadores: filas,
                }),
                ..Informe::vacio("torneo")
            });
        }
        writeln!(
            self.salida,
            "Torneo: {} contra {}, {} partidas desde aperturas de {} jugadas al azar \
             (cada apertura con ambos colores), semilla {}.",
            bases.primero, bases.segundo, bases.partidas, bases.aperturas, bases.semilla
        )?;
        writeln!(
            self.salida,
            "{:<24}{:>8}{:>9}{:>10}{:>12}{:>20}",
            "jugador", "ganadas", "empates", "perdidas", "dif. media", "tiempo por jugada"
        )?;
        for fila in &filas {
            let lado = match fila.color {
                "N" => "con negras",
                "B" => "con blancas",
                _ => "en total",
            };
            writeln!(
                self.salida,
                "{:<24}{:>8}{:>9}{:>10}{:>+12.1}{:>17.2} ms",
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

    fn importar(&mut self, fuente: &FuenteJugadas, destino: &Destino) -> Result<(), ErrorOrden> {
        let obf: Obf = self.texto(fuente)?.parse()?;
        let guardado = self.entregar(&obf.tablero, destino, None)?;
        if self.opciones.json {
            self.json(&Informe {
                obf: Some(obf.to_string()),
                turno: Some(obf.turno.letra()),
                guardado,
                ..Informe::de("importar", &obf.tablero)
            })?;
        }
        Ok(())
    }
}

/// The JSON object of every order. Fields that an order has nothing to say about are
/// left out.
#[derive(Serialize, Default)]
struct Informe {
    orden: &'static str,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    archivo: Option<PathBuf>,
    /// 8 strings of B/N/V, row 1 first.
    #[serde(skip_serializing_if = "Option::is_none")]
    tablero: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conteo: Option<Conteo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    posicion: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    valor: Option<char>,
    #[serde(skip_serializing_if = "Option::is_none")]
    volteadas: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cantidad: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    jugadas: Option<Vec<InformeJugada>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notacion: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    jugadas_hechas: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turno: Option<char>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turno_supuesto: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    terminada: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    motivo: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    motivo_texto: Option<String>,
    /// "N", "B", or null for a tie; only when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    ganador: Option<Option<char>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    puede_jugar: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    jugadas_validas: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    obf: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guardado: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    archivos: Option<Vec<InformeArchivo>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    torneo: Option<InformeTorneo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mejor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diferencia: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodos: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tiempo_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    convencion: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    perft: Option<Vec<InformePerft>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<InformeError>,
}

/// A tournament's settings and results.
#[derive(Serialize)]
struct InformeTorneo {
    partidas: u32,
    aperturas: u32,
    semilla: u64,
    tiempo_ms: f64,
    marcadores: Vec<InformeMarcador>,
}

/// One player's results with one color (`N`, `B`) or both (`total`).
#[derive(Serialize)]
struct InformeMarcador {
    jugador: &'static str,
    color: &'static str,
    partidas: u32,
    ganadas: u32,
    empates: u32,
    perdidas: u32,
    diferencia_media: f64,
    tiempo_por_jugada_ms: f64,
}

impl InformeMarcador {
    fn de(nivel: Nivel, color: &'static str, marcador: &Marcador) -> InformeMarcador {
        InformeMarcador {
            jugador: nivel.nombre(),
            color,
            partidas: marcador.partidas(),
            ganadas: marcador.ganadas,
            empates: marcador.empates,
            perdidas: marcador.perdidas,
            diferencia_media: marcador.diferencia_media(),
            tiempo_por_jugada_ms: marcador.tiempo_por_jugada().as_secs_f64() * 1000.0,
        }
    }
}

/// Pieces of each kind, under the homework's letters.
#[derive(Serialize)]
struct Conteo {
    #[serde(rename = "N")]
    negras: u32,
    #[serde(rename = "B")]
    blancas: u32,
    #[serde(rename = "V")]
    vacias: u32,
}

#[derive(Serialize)]
struct InformeJugada {
    posicion: String,
    volteos: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    puntaje: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exacta: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    profundidad: Option<u32>,
}

/// Perft at one depth.
#[derive(Serialize)]
struct InformePerft {
    profundidad: u32,
    nodos: u64,
    tiempo_ms: f64,
}

/// Why it failed: a short key for programs, the message for people, and where.
#[derive(Serialize, Default)]
struct InformeError {
    clave: &'static str,
    mensaje: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    archivo: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    linea: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    columna: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    numero: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    texto: Option<String>,
}

impl InformeError {
    fn de_razon(razon: &Razon) -> InformeError {
        InformeError {
            clave: razon.clave(),
            mensaje: razon.to_string(),
            ..InformeError::default()
        }
    }
}

/// One file checked by `validar`.
#[derive(Serialize)]
struct InformeArchivo {
    archivo: PathBuf,
    valido: bool,
    errores: Vec<Problema>,
    avisos: Vec<Problema>,
}

/// A problem of a file, where it is (the line and column are missing for what concerns
/// the whole file).
#[derive(Serialize)]
struct Problema {
    #[serde(skip_serializing_if = "Option::is_none")]
    linea: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    columna: Option<usize>,
    mensaje: String,
}

impl InformeArchivo {
    fn de_revision(archivo: PathBuf, revision: &Revision) -> InformeArchivo {
        InformeArchivo {
            archivo,
            valido: revision.errores().is_empty(),
            errores: revision
                .errores()
                .iter()
                .map(|error| Problema {
                    linea: Some(error.linea()),
                    columna: Some(error.columna()),
                    mensaje: error.descripcion(),
                })
                .collect(),
            avisos: revision
                .avisos()
                .iter()
                .map(|aviso: &Aviso| Problema {
                    linea: aviso.ubicacion().map(|(linea, _)| linea),
                    columna: aviso.ubicacion().map(|(_, columna)| columna),
                    mensaje: aviso.to_string(),
                })
                .collect(),
        }
    }

    fn de_error(archivo: PathBuf, error: &ErrorArchivo) -> InformeArchivo {
        InformeArchivo {
            archivo,
            valido: false,
            errores: vec![Problema {
                linea: None,
                columna: None,
                mensaje: error.to_string(),
            }],
            avisos: Vec::new(),
        }
    }

    /// One line per problem: `archivo:línea:columna: error: …` (or `aviso`), without
    /// the line and column for what concerns the whole file.
    fn escribir(&self, salida: &mut impl Write) -> io::Result<()> {
        let lista = [("error", &self.errores), ("aviso", &self.avisos)];
        for (tipo, problemas) in lista {
            for problema in problemas {
                write!(salida, "{}:", self.archivo.display())?;
                if let (Some(linea), Some(columna)) = (problema.linea, problema.columna) {
                    write!(salida, "{linea}:{columna}:")?;
                }
                writeln!(salida, " {tipo}: {}", problema.mensaje)?;
            }
        }
        Ok(())
    }
}

impl Informe {
    /// Nothing but the order's name.
    fn vacio(orden: &'static str) -> Informe {
        Informe {
            orden,
            ok: true,
            ..Informe::default()
        }
    }

    /// The board and its counts.
    fn de(orden: &'static str, tablero: &Tablero) -> Informe {
        Informe {
            tablero: Some(
                tablero
                    .filas()
                    .map(|fila| fila.iter().map(|c| c.letra()).collect())
                    .collect(),
            ),
            conteo: Some(Conteo {
                negras: tablero.contar(Casilla::Ficha(Color::Negro)),
                blancas: tablero.contar(Casilla::Ficha(Color::Blanco)),
                vacias: tablero.contar(Casilla::Vacia),
            }),
            ..Informe::vacio(orden)
        }
    }

    /// The board, whose turn, whether it is over and who won.
    fn de_partida(orden: &'static str, partida: &Partida) -> Informe {
        let (motivo, ganador): (Option<Motivo>, _) = match partida.estado() {
            Estado::Terminada { motivo, resultado } => {
                (Some(motivo), Some(resultado.ganador().map(Color::letra)))
            }
            Estado::EnCurso => (None, None),
        };
        let validas = match motivo {
            Some(_) => crate::Bitboard::VACIO,
            None => partida.jugadas_validas(),
        };
        Informe {
            turno: Some(partida.turno().letra()),
            terminada: Some(motivo.is_some()),
            motivo: motivo.map(Motivo::clave),
            motivo_texto: motivo.map(|motivo| motivo.to_string()),
            ganador,
            puede_jugar: Some(motivo.is_none() && !validas.es_vacio()),
            jugadas_validas: Some(validas.into_iter().map(|p| p.to_string()).collect()),
            ..Informe::de(orden, partida.tablero())
        }
    }

    /// What `repetir` reached.
    fn de_repeticion(transcripcion: &Transcripcion, repeticion: &Repeticion) -> Informe {
        Informe {
            notacion: Some(match transcripcion.notacion() {
                Notacion::Espaciada => "espaciada",
                Notacion::Compacta => "compacta",
            }),
            jugadas_hechas: Some(repeticion.jugadas().iter().map(Jugada::to_string).collect()),
            ..Informe::de_partida("repetir", repeticion.partida())
        }
    }

    /// An error that the order could not describe in its own object.
    fn fallido(orden: &Orden, error: &ErrorOrden) -> Informe {
        let (clave, archivo, ubicacion) = match error {
            ErrorOrden::Archivo(ErrorArchivo::Formato { ruta, fuente }) => (
                "formato",
                Some(ruta.clone()),
                Some((fuente.linea(), fuente.columna())),
            ),
            ErrorOrden::Archivo(
                ErrorArchivo::NoExiste { ruta }
                | ErrorArchivo::EsCarpeta { ruta }
                | ErrorArchivo::NoEsArchivo { ruta }
                | ErrorArchivo::DemasiadoGrande { ruta }
                | ErrorArchivo::Lectura { ruta, .. },
            ) => ("lectura", Some(ruta.clone()), None),
            ErrorOrden::Archivo(ErrorArchivo::Escritura { ruta, .. }) => {
                ("escritura", Some(ruta.clone()), None)
            }
            ErrorOrden::Obf(
                ErrorObf::Casilla { columna, .. } | ErrorObf::Turno { columna, .. },
            ) => ("obf", None, Some((1, *columna))),
            ErrorOrden::Obf(_) => ("obf", None, None),
            _ => ("uso", None, None),
        };
        Informe {
            ok: false,
            error: Some(InformeError {
                clave,
                mensaje: error.to_string(),
                archivo,
                linea: ubicacion.map(|(linea, _)| linea),
                columna: ubicacion.map(|(_, columna)| columna),
                ..InformeError::default()
            }),
            ..Informe::vacio(nombre(orden))
        }
    }
}

/// `turno`, or the turn the game would suggest on `tablero`, and whether it was
/// assumed.
fn turno_o_sugerido(turno: Option<Color>, tablero: &Tablero) -> (Color, bool) {
    match turno {
        Some(turno) => (turno, false),
        None => (Partida::turno_sugerido(tablero), true),
    }
}

/// The order's name on the command line.
fn nombre(orden: &Orden) -> &'static str {
    match orden {
        Orden::Mostrar { .. } => "mostrar",
        Orden::Jugar { .. } => "jugar",
        Orden::Jugadas { .. } => "jugadas",
        Orden::Contar { .. } => "contar",
        Orden::Validar { .. } => "validar",
        Orden::Estado { .. } => "estado",
        Orden::Repetir { .. } => "repetir",
        Orden::Exportar { .. } => "exportar",
        Orden::Importar { .. } => "importar",
        Orden::Torneo { .. } => "torneo",
        Orden::Resolver { .. } => "resolver",
        Orden::Analizar { .. } => "analizar",
        Orden::Perft { .. } => "perft",
    }
}
