//! A student's program played through one scripted game, one question at a time: what
//! to answer, read from what it prints and asks, and what each answer shows of the
//! homework's points.
//!
//! The game the program plays is followed in the library ([`Partida`]). A program may
//! start from the colors swapped, or give white the first move: then its game is the
//! scripted one mirrored (columns A↔H, with or without the colors swapped, which keeps
//! the starting position), so that every other point is still judged on moves that are
//! valid for it ([`Transformacion`]).

use serde_json::Value;

use super::{
    guion::{ARCHIVO, Accion, Guion, guardada},
    lectura::{Dibujo, Primero},
    punto::{Punto, Veredicto},
};
use othello::{Casilla, Color, Estado, Jugada, Motivo, Partida, Posicion, Resultado, Tablero};

/// How a program's run ended, as the harness said.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::correccion) enum Final {
    /// Its last statement ran.
    Fin,
    /// It called `exit()`, with this code.
    Salida(Value),
    /// It raised: the exception, its message and the line of the student's file.
    Excepcion {
        /// The exception's type.
        excepcion: String,
        /// Its message.
        mensaje: String,
        /// The line, if in the student's file.
        linea: Option<u32>,
    },
    /// A step from an answer to the next question took longer than the time limit.
    Tiempo,
    /// The grader had nothing more to answer (input() raised at its end).
    Guion,
    /// The process ended without a word (`os._exit()`, or Python itself failed).
    Murio,
}

impl Final {
    /// Whether the program ended as a program may when its game is over: its last
    /// statement, `exit()`, or the process closed.
    fn normal(&self) -> bool {
        matches!(self, Final::Fin | Final::Salida(_) | Final::Murio)
    }
}

/// What a program did between two answers.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::correccion) enum Paso {
    /// It asked (input()), after printing `salida`.
    Pide {
        /// The question.
        pregunta: String,
        /// What it printed since the last answer.
        salida: String,
        /// The calls of its `jugar` since the last answer: the position and the color
        /// passed.
        llamadas: Vec<(String, String)>,
    },
    /// It ended, after printing `salida`.
    Termina {
        /// How.
        final_: Final,
        /// What it printed since the last answer.
        salida: String,
        /// The files it wrote in its folder, by name, with their bytes as the
        /// characters U+0000 to U+00FF.
        guardados: Vec<(String, String)>,
    },
}

/// One exchange of the transcript: what the program printed and asked, and what was
/// answered (none at its end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::correccion) struct Intercambio {
    /// What it printed.
    pub(in crate::correccion) salida: String,
    /// The question, or how it ended.
    pub(in crate::correccion) pregunta: String,
    /// Whether it ended there ([`Intercambio::pregunta`] says how).
    pub(in crate::correccion) termino: bool,
    /// The answer typed.
    pub(in crate::correccion) respuesta: Option<String>,
}

/// How the program's game relates to the scripted one: mirrored (columns A↔H) and the
/// colors swapped. A program with the start's colors swapped plays the mirrored game;
/// one that gives white the first move plays it mirrored with the colors swapped (the
/// starting position stays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Transformacion {
    espejo: bool,
    cambio: bool,
}

impl Transformacion {
    fn casilla(self, p: Posicion) -> Posicion {
        match self.espejo {
            true => Posicion::desde_coordenadas(7 - p.columna(), p.fila()).expect("en el tablero"),
            false => p,
        }
    }

    fn color(self, color: Color) -> Color {
        if self.cambio { !color } else { color }
    }

    fn tablero(self, tablero: &Tablero) -> Tablero {
        let mut otro = Tablero::vacio();
        for p in Posicion::todas() {
            let casilla = match tablero.casilla(p) {
                Casilla::Ficha(color) => Casilla::Ficha(self.color(color)),
                Casilla::Vacia => Casilla::Vacia,
            };
            otro.poner(self.casilla(p), casilla);
        }
        otro
    }

    /// What is typed for the scripted `texto`: a cell, mirrored; anything else, as is.
    fn texto(self, texto: &str) -> String {
        match texto.parse::<Posicion>() {
            Ok(p) => self.casilla(p).to_string(),
            Err(_) => texto.to_owned(),
        }
    }

    fn resultado(self, resultado: Resultado) -> Resultado {
        match resultado {
            Resultado::Gana {
                color,
                negras,
                blancas,
            } if self.cambio => Resultado::Gana {
                color: !color,
                negras: blancas,
                blancas: negras,
            },
            otro => otro,
        }
    }
}

/// What the last answer should lead to.
#[derive(Clone, Debug)]
enum Espera {
    /// Nothing typed in the game yet (or only a start menu's answer).
    Inicio,
    /// A valid move by `color` (of the scripted game) at `casilla`, on `antes`.
    Jugada {
        color: Color,
        casilla: Posicion,
        antes: Tablero,
    },
    /// Something invalid typed for `color`.
    Invalida { color: Color, texto: &'static str },
    /// A pass by `color` typed as `palabra`: `segura` if the program said the word.
    Pase {
        color: Color,
        palabra: String,
        segura: bool,
    },
    /// The program's word for saving typed: the name of the file is due.
    Guardar,
    /// The name of the file typed.
    Guardado,
    /// The start menu's option to load a game typed: the file's name, whose turn it
    /// is, then the board loaded.
    Cargando,
}

/// How many questions that ask for no move are answered after the first board (a
/// player's name, a menu), before the game is left to the teaching assistant.
const SUELTAS: usize = 4;

/// How many exchanges a game may have beyond its scripted actions (menus, names, words
/// for a pass tried), before it is left to the teaching assistant.
const DE_MAS: usize = 20;

/// The usual words for a pass, tried in turn when the program does not say its own.
const PALABRAS_DE_PASAR: [&str; 6] = ["pasar", "paso", "p", "0", "pasa", "PASAR"];

/// A scripted game played with a program: what to answer, and the verdicts.
pub(in crate::correccion) struct Conductor {
    guion: &'static Guion,
    /// The scripted game, in its own terms.
    partida: Partida,
    siguiente: usize,
    espera: Espera,
    dibujo: Option<Dibujo>,
    transformacion: Transformacion,
    /// The words for a pass already tried without effect.
    probadas: usize,
    /// Questions answered after the first board that asked for no move.
    sueltas: usize,
    /// Whether the first move is being tried as white's, black's refused.
    probando_blancas: bool,
    /// The program's word for saving, once typed.
    guardar: Option<String>,
    /// Whether the game is over (answered, or given up).
    cerrado: bool,
    /// The transcript.
    pub(in crate::correccion) escrito: Vec<Intercambio>,
    /// What was seen of each point, with the exchange that showed a failure.
    pub(in crate::correccion) veredictos: Vec<(Punto, Veredicto, usize)>,
}

impl Conductor {
    /// The game `guion`, not yet begun, with a program that draws its board as
    /// `dibujo`, if a game before showed it.
    pub(in crate::correccion) fn nuevo(guion: &'static Guion, dibujo: Option<Dibujo>) -> Conductor {
        Conductor {
            guion,
            partida: Partida::nueva(),
            siguiente: 0,
            espera: Espera::Inicio,
            dibujo,
            transformacion: Transformacion::default(),
            probadas: 0,
            sueltas: 0,
            probando_blancas: false,
            guardar: None,
            cerrado: false,
            escrito: Vec::new(),
            veredictos: Vec::new(),
        }
    }

    /// What the program did: the answer to type, or `None` when the game is over for
    /// the grader (the program is then told there is no more input).
    pub(in crate::correccion) fn recibir(&mut self, paso: Paso) -> Option<String> {
        match paso {
            Paso::Pide {
                pregunta,
                salida,
                llamadas,
            } => {
                self.escrito.push(Intercambio {
                    salida,
                    pregunta,
                    termino: false,
                    respuesta: None,
                });
                let respuesta = if self.cerrado {
                    None
                } else if self.escrito.len() > self.guion.acciones.len() + DE_MAS {
                    self.anotar(
                        Punto::TableroInicial,
                        Veredicto::Revisar(format!(
                            "hizo más de {} preguntas en la partida «{}» de {} jugadas",
                            self.guion.acciones.len() + DE_MAS,
                            self.guion.nombre,
                            self.guion.acciones.len()
                        )),
                    );
                    None
                } else {
                    self.pide(&llamadas)
                };
                if respuesta.is_none() {
                    self.cerrado = true;
                }
                (self.escrito.last_mut().expect("recién puesto")).respuesta = respuesta.clone();
                respuesta
            }
            Paso::Termina {
                final_,
                salida,
                guardados,
            } => {
                self.escrito.push(Intercambio {
                    salida,
                    pregunta: describir_final(&final_),
                    termino: true,
                    respuesta: None,
                });
                if let Some(palabra) = self.guardar.clone() {
                    self.guardado(&palabra, &guardados);
                }
                if !self.cerrado && final_ != Final::Guion {
                    self.termina(&final_);
                }
                self.cerrado = true;
                None
            }
        }
    }

    /// Notes what `punto` showed at the last exchange.
    fn anotar(&mut self, punto: Punto, veredicto: Veredicto) {
        let paso = self.escrito.len().saturating_sub(1);
        self.veredictos.push((punto, veredicto, paso));
    }

    fn falla(&mut self, punto: Punto, porque: String) {
        self.anotar(punto, Veredicto::Falla(porque));
    }

    /// How the program draws its board, once a game showed it.
    pub(in crate::correccion) fn dibujo(&self) -> Option<&Dibujo> {
        self.dibujo.as_ref()
    }

    /// Everything the program printed so far.
    fn todo(&self) -> String {
        self.escrito.iter().map(|i| i.salida.as_str()).collect()
    }

    /// What the program's color `color` is called.
    fn nombre(&self, color: Color) -> &'static str {
        self.transformacion.color(color).nombre()
    }

    /// The answer to the program's last question, after its `jugar` was called as
    /// `llamadas` said.
    fn pide(&mut self, llamadas: &[(String, String)]) -> Option<String> {
        let Intercambio {
            salida, pregunta, ..
        } = self.escrito.last().expect("recién puesto").clone();
        if self.guion.puntos.contains(&Punto::Cargar) {
            return self.pide_al_cargar(&pregunta, &salida);
        }
        if self.dibujo.is_none() && !self.aprender(&pregunta)? {
            return self.responder_sin_tablero(&pregunta);
        }
        let dibujo = self.dibujo.clone().expect("aprendido");
        let mostrado = dibujo.tableros(&salida).pop();
        let despues_del_tablero = salida.rsplit_once('\n').map_or("", |(_, resto)| resto);
        let pedido = color_en(&pregunta, &dibujo)
            .or_else(|| color_en(ultimas_lineas(&salida), &dibujo))
            .or_else(|| color_en(despues_del_tablero, &dibujo));
        let jugada = pedido.is_some() || pide_jugada(&pregunta);
        match self.espera.clone() {
            Espera::Inicio => {
                if !jugada {
                    // A question before the game (a name, a second menu): any answer,
                    // a few times.
                    self.sueltas += 1;
                    if self.sueltas > SUELTAS {
                        self.anotar(
                            Punto::TableroInicial,
                            Veredicto::Revisar(format!(
                                "tras mostrar el tablero pregunta «{}» una y otra vez, sin \
                                 pedir una jugada",
                                pregunta.trim()
                            )),
                        );
                        return self.cerrar();
                    }
                    return Some("1".into());
                }
                if pedido == Some(Color::Blanco) {
                    self.blancas_primero();
                }
                match pedido {
                    Some(Color::Negro) => self.anotar(Punto::NegroPrimero, Veredicto::Pasa),
                    Some(Color::Blanco) => self.falla(
                        Punto::NegroPrimero,
                        "le pidió la primera jugada a las blancas; debían empezar las negras"
                            .into(),
                    ),
                    None => {}
                }
            }
            Espera::Jugada {
                color,
                casilla,
                antes,
            } => {
                let casilla = self.transformacion.casilla(casilla);
                let esperado = self.transformacion.tablero(self.partida.tablero());
                let antes = self.transformacion.tablero(&antes);
                // Its own `jugar`, called with the move: for the color it thinks moves.
                let quien = self.transformacion.color(color);
                let otro = llamadas.iter().find(|(posicion, valor)| {
                    *posicion == casilla.to_string() && *valor != quien.letra().to_string()
                });
                if otro.is_some() {
                    let primera = self.siguiente == 1;
                    let (punto, porque) = if primera {
                        (
                            Punto::NegroPrimero,
                            "tu programa jugó la primera jugada como de las blancas; debían \
                             empezar las negras"
                                .to_owned(),
                        )
                    } else {
                        (
                            Punto::Alterna,
                            format!(
                                "tu programa jugó {casilla} como de las {}; era el turno de las {}",
                                (!quien).nombre(),
                                quien.nombre()
                            ),
                        )
                    };
                    self.falla(punto, porque);
                    return self.cerrar();
                }
                match mostrado {
                    None => self.falla(
                        Punto::TableroTrasJugada,
                        format!("tras la jugada {casilla} no mostró el tablero"),
                    ),
                    Some(tablero) if tablero == esperado => {
                        self.anotar(Punto::TableroTrasJugada, Veredicto::Pasa);
                        if self.siguiente == 1 && self.probando_blancas {
                            self.falla(
                                Punto::NegroPrimero,
                                format!(
                                    "la primera jugada de las negras fue rechazada, y {casilla} \
                                     como de las blancas se jugó: empezaron las blancas"
                                ),
                            );
                        } else if self.siguiente == 1 && !self.transformacion.cambio {
                            self.anotar(Punto::NegroPrimero, Veredicto::Pasa);
                        }
                    }
                    Some(tablero) if tablero == antes => {
                        if self.siguiente == 1 && pedido.is_none() && !self.transformacion.cambio {
                            // The first move refused, by a program that does not say
                            // whose turn it is: maybe white's; the game again, as if so.
                            self.blancas_primero();
                            self.probando_blancas = true;
                            self.partida = Partida::nueva();
                            self.siguiente = 0;
                            return self.siguiente_accion(&pregunta);
                        }
                        // The move was refused: its `jugar` or its turn is wrong, which
                        // the functions' cases and the other points tell.
                        return self.cerrar();
                    }
                    Some(tablero) => {
                        let mut sin_voltear = antes.clone();
                        sin_voltear
                            .poner(casilla, Casilla::Ficha(self.transformacion.color(color)));
                        let como = if tablero == sin_voltear {
                            "con la ficha puesta pero sin voltear las que flanquea"
                        } else {
                            "distinto del que resulta"
                        };
                        self.falla(
                            Punto::TableroTrasJugada,
                            format!("tras la jugada {casilla} mostró el tablero {como}"),
                        );
                    }
                }
                if let Estado::Terminada { motivo, .. } = self.partida.estado() {
                    if jugada {
                        let punto = punto_del_fin(motivo);
                        self.falla(
                            punto,
                            format!(
                                "la partida debía terminar tras la jugada {casilla} ({motivo}), \
                                 y tu programa pidió otra jugada"
                            ),
                        );
                    } else {
                        self.termino(motivo, &salida);
                    }
                    return self.cerrar();
                }
                let toca = self.partida.turno();
                match pedido {
                    Some(pedido) if pedido == self.transformacion.color(toca) => {
                        self.anotar(Punto::Alterna, Veredicto::Pasa);
                    }
                    Some(_) => {
                        let (jugo, toca) = (self.nombre(color), self.nombre(toca));
                        self.falla(
                            Punto::Alterna,
                            format!(
                                "tras la jugada {casilla} de las {jugo} tu programa les volvió a \
                                 pedir jugada a las {jugo}; debía pedírsela a las {toca}"
                            ),
                        );
                        return self.cerrar();
                    }
                    None => {}
                }
            }
            Espera::Invalida { color, texto } => {
                let texto = self.transformacion.texto(texto);
                let esperado = self.transformacion.tablero(self.partida.tablero());
                if let Some(tablero) = mostrado
                    && tablero != esperado
                {
                    self.falla(
                        Punto::InvalidaMismoJugador,
                        format!("tras la jugada inválida «{texto}» el tablero cambió"),
                    );
                    return self.cerrar();
                }
                match pedido {
                    Some(pedido) if pedido == self.transformacion.color(color) => {
                        self.anotar(Punto::InvalidaMismoJugador, Veredicto::Pasa);
                    }
                    Some(_) => {
                        let (debia, dio) = (self.nombre(color), self.nombre(!color));
                        self.falla(
                            Punto::InvalidaMismoJugador,
                            format!(
                                "tras la jugada inválida «{texto}» tu programa le dio el turno a \
                                 las {dio}; debía pedirle otra jugada a las {debia}"
                            ),
                        );
                        return self.cerrar();
                    }
                    None if !jugada => {
                        self.falla(
                            Punto::InvalidaMismoJugador,
                            format!(
                                "tras la jugada inválida «{texto}» tu programa no volvió a pedir \
                                 la jugada"
                            ),
                        );
                        return self.cerrar();
                    }
                    None => {}
                }
            }
            Espera::Pase {
                color,
                palabra,
                segura,
            } => {
                let mismo = pedido == Some(self.transformacion.color(color));
                let igual = mostrado.is_none_or(|tablero| {
                    tablero == self.transformacion.tablero(self.partida.tablero())
                });
                if mismo && igual && !segura && self.probadas + 1 < PALABRAS_DE_PASAR.len() {
                    // Not its word: the next one.
                    self.probadas += 1;
                    let otra = PALABRAS_DE_PASAR[self.probadas].to_owned();
                    self.espera = Espera::Pase {
                        color,
                        palabra: otra.clone(),
                        segura: false,
                    };
                    return Some(otra);
                }
                if mismo {
                    let porque = if segura {
                        format!(
                            "tras pasar las {} (con «{palabra}»), tu programa les volvió a pedir \
                             jugada a ellas; debía pedírsela a las {}",
                            self.nombre(color),
                            self.nombre(!color)
                        )
                    } else {
                        format!(
                            "no se encontró cómo pasar: se probó {}, y tu programa volvió a pedir \
                             la jugada",
                            PALABRAS_DE_PASAR.join(", ")
                        )
                    };
                    self.falla(Punto::Pasar, porque);
                    let otro_pase = self.guion.acciones.get(self.siguiente) == Some(&Accion::Pasar);
                    if segura && otro_pase {
                        // The same player passes again: whether two passes in a row
                        // end its game still shows, whoever it thinks passed.
                        self.partida.jugar(Jugada::Pasar).expect("se puede pasar");
                        return self.siguiente_accion(&pregunta);
                    }
                    if !segura && self.guion.puntos.contains(&Punto::FinDosPases) {
                        self.falla(
                            Punto::FinDosPases,
                            "no se puede pasar, así que dos pases no terminan la partida".into(),
                        );
                    }
                    return self.cerrar();
                }
                self.partida.jugar(Jugada::Pasar).expect("se puede pasar");
                self.anotar(Punto::Pasar, Veredicto::Pasa);
                if let Estado::Terminada { motivo, .. } = self.partida.estado() {
                    if jugada {
                        self.falla(
                            punto_del_fin(motivo),
                            format!(
                                "la partida debía terminar tras los dos pases ({motivo}), y tu \
                                 programa pidió otra jugada"
                            ),
                        );
                    } else {
                        self.termino(motivo, &salida);
                    }
                    return self.cerrar();
                }
            }
            Espera::Guardar if pide_archivo(&pregunta) || pide_archivo(ultimas_lineas(&salida)) => {
                self.espera = Espera::Guardado;
                return Some(ARCHIVO.into());
            }
            // It went on without asking for a name (or asked, and went on): what it
            // saved is judged at its end.
            Espera::Guardar | Espera::Guardado | Espera::Cargando => return self.cerrar(),
        }
        self.siguiente_accion(&pregunta)
    }

    /// The answer in the game «cargar»: the start menu's option to load a game, the
    /// file's name and whose turn it is (black's, after C4 and C3), until the program
    /// shows the board loaded, which must be the one in the file.
    fn pide_al_cargar(&mut self, pregunta: &str, salida: &str) -> Option<String> {
        let dibujo = self.dibujo.clone().unwrap_or_else(Dibujo::letras);
        match self.espera.clone() {
            Espera::Inicio => {
                let todo = format!("{}{pregunta}", self.todo());
                match opcion_del_menu(&todo, &PARA_CARGAR) {
                    Some(opcion) if dibujo.tableros(&todo).is_empty() => {
                        self.espera = Espera::Cargando;
                        Some(opcion)
                    }
                    _ => {
                        self.anotar(Punto::Cargar, Veredicto::NoOfrece);
                        self.cerrar()
                    }
                }
            }
            _ if self.cargado(salida) => self.cerrar(),
            _ if pide_archivo(pregunta) => Some(ARCHIVO.into()),
            // Whose turn it is: black's, as in the file's game.
            _ if pregunta.to_lowercase().contains("quién")
                || pregunta.to_lowercase().contains("quien") =>
            {
                Some(Color::Negro.letra().to_string())
            }
            _ if pide_jugada(pregunta) || color_en(pregunta, &dibujo).is_some() => {
                self.falla(
                    Punto::Cargar,
                    format!("tras cargar {ARCHIVO} no mostró el tablero cargado"),
                );
                self.cerrar()
            }
            _ => {
                // Anything else: black, as a player would answer whose turn it is.
                self.sueltas += 1;
                if self.sueltas > SUELTAS {
                    self.falla(
                        Punto::Cargar,
                        format!(
                            "tras elegir cargar, tu programa no mostró el tablero de {ARCHIVO}"
                        ),
                    );
                    return self.cerrar();
                }
                Some(Color::Negro.letra().to_string())
            }
        }
    }

    /// Whether `salida`, printed after a game was loaded, shows a board: then judged
    /// against the one in the file.
    fn cargado(&mut self, salida: &str) -> bool {
        let dibujo = self.dibujo.clone().unwrap_or_else(Dibujo::letras);
        let Some(tablero) = dibujo.tableros(salida).pop() else {
            return false;
        };
        if tablero == guardada() {
            self.anotar(Punto::Cargar, Veredicto::Pasa);
        } else {
            self.falla(
                Punto::Cargar,
                format!("tras cargar {ARCHIVO} mostró otro tablero que el del archivo"),
            );
        }
        true
    }

    /// What the program saved, `guardados`, after `palabra` and the name [`ARCHIVO`]
    /// were typed: some file must hold the game's board in the homework's format.
    fn guardado(&mut self, palabra: &str, guardados: &[(String, String)]) {
        let esperado = self.transformacion.tablero(self.partida.tablero());
        let leidos: Vec<(&String, Option<Tablero>)> = (guardados.iter())
            .map(|(nombre, texto)| (nombre, texto.parse::<Tablero>().ok()))
            .collect();
        if leidos
            .iter()
            .any(|(_, tablero)| tablero.as_ref() == Some(&esperado))
        {
            self.anotar(Punto::Guardar, Veredicto::Pasa);
            return;
        }
        let porque = match leidos.first() {
            None => format!(
                "tras «{palabra}» y el nombre {ARCHIVO}, tu programa no dejó ningún archivo"
            ),
            Some((nombre, tablero)) => {
                let nombre = super::super::ejemplo::visible(nombre);
                match tablero {
                    Some(_) => format!("guardó en {nombre} otro tablero que el de la partida"),
                    None => format!(
                        "lo que guardó en {nombre} no es un tablero en el formato de la tarea \
                         (8 líneas de 8 casillas B, N o V separadas por comas)"
                    ),
                }
            }
        };
        self.falla(Punto::Guardar, porque);
    }

    /// Learns how the program draws its board from what it printed so far: `None` if it
    /// cannot be read (then the game is for the teaching assistant), `Some(false)` if
    /// no board came yet.
    fn aprender(&mut self, pregunta: &str) -> Option<bool> {
        let todo = self.todo();
        match Dibujo::aprender(&todo) {
            None => Some(false),
            Some(Primero::Ilegible) => {
                let antes = match pregunta.trim() {
                    "" => String::new(),
                    pregunta => format!(" (antes de «{pregunta}»)"),
                };
                self.anotar(
                    Punto::TableroInicial,
                    Veredicto::Revisar(format!("no se reconoce el tablero que imprime{antes}")),
                );
                self.cerrar();
                None
            }
            Some(Primero::Leido(dibujo, inicial)) => {
                let al_reves = Transformacion {
                    espejo: true,
                    cambio: false,
                }
                .tablero(&Tablero::inicial());
                if inicial == Tablero::inicial() {
                    self.anotar(Punto::TableroInicial, Veredicto::Pasa);
                } else if inicial == al_reves {
                    self.transformacion.espejo = true;
                    self.falla(
                        Punto::TableroInicial,
                        "el primer tablero tiene los colores al revés: las negras en D4 y E5, las \
                         blancas en E4 y D5 (debían ser las blancas en D4 y E5)"
                            .into(),
                    );
                } else {
                    self.falla(
                        Punto::TableroInicial,
                        "el primer tablero no es el de la tarea (blancas en D4 y E5, negras en \
                         E4 y D5)"
                            .into(),
                    );
                    self.cerrar();
                    return None;
                }
                self.dibujo = Some(dibujo);
                Some(true)
            }
        }
    }

    /// The answer to a question before any board: a start menu's option for a new
    /// game, the players' names, or Enter to go on; for anything else, the game is for
    /// the teaching assistant.
    fn responder_sin_tablero(&mut self, pregunta: &str) -> Option<String> {
        let todo = format!("{}{pregunta}", self.todo());
        if let Some(opcion) = opcion_del_menu(&todo, &PARA_EMPEZAR) {
            return Some(opcion);
        }
        let minusculas = pregunta.to_lowercase();
        if self.sueltas < SUELTAS {
            // The players' names, or a key to go on, as two players would type them.
            let respuesta = if minusculas.contains("nombre") {
                Some(["Ana", "Beto"][self.sueltas % 2])
            } else if ["enter", "continuar", "presione", "pulse"]
                .iter()
                .any(|palabra| minusculas.contains(palabra))
            {
                Some("")
            } else {
                None
            };
            if let Some(respuesta) = respuesta {
                self.sueltas += 1;
                return Some(respuesta.to_owned());
            }
        }
        self.anotar(
            Punto::TableroInicial,
            Veredicto::Revisar(format!(
                "no mostró un tablero antes de preguntar «{}»",
                pregunta.trim()
            )),
        );
        self.cerrar()
    }

    /// The next scripted action's answer, and what it should lead to.
    fn siguiente_accion(&mut self, pregunta: &str) -> Option<String> {
        let Some(accion) = self.guion.acciones.get(self.siguiente).copied() else {
            return self.cerrar();
        };
        self.siguiente += 1;
        let color = self.partida.turno();
        match accion {
            Accion::Jugar(casilla) => {
                let casilla: Posicion = casilla.parse().expect("una casilla del guion");
                let antes = self.partida.tablero().clone();
                self.partida
                    .jugar(Jugada::Colocar(casilla))
                    .expect("una jugada válida del guion");
                self.espera = Espera::Jugada {
                    color,
                    casilla,
                    antes,
                };
                Some(self.transformacion.casilla(casilla).to_string())
            }
            Accion::Invalida(texto) => {
                self.espera = Espera::Invalida { color, texto };
                Some(self.transformacion.texto(texto))
            }
            Accion::Guardar => {
                let Some(palabra) = (palabra_para(pregunta, &PARA_GUARDAR))
                    .or_else(|| palabra_para(&self.todo(), &PARA_GUARDAR))
                else {
                    self.anotar(Punto::Guardar, Veredicto::NoOfrece);
                    return self.cerrar();
                };
                self.guardar = Some(palabra.clone());
                self.espera = Espera::Guardar;
                Some(palabra)
            }
            Accion::Pasar => {
                let dicha = palabra_para(pregunta, &PARA_PASAR)
                    .or_else(|| palabra_para(&self.todo(), &PARA_PASAR));
                let segura = dicha.is_some();
                let palabra = dicha.unwrap_or_else(|| PALABRAS_DE_PASAR[0].to_owned());
                self.probadas = 0;
                self.espera = Espera::Pase {
                    color,
                    palabra: palabra.clone(),
                    segura,
                };
                Some(palabra)
            }
        }
    }

    /// The program ended (`final_`) after the last answer.
    fn termina(&mut self, final_: &Final) {
        let salida = self
            .escrito
            .last()
            .map(|i| i.salida.clone())
            .unwrap_or_default();
        let como = describir_final(final_);
        if self.dibujo.is_none() && self.aprender("").is_none() {
            // A board it printed could not be read (or was not the start): said.
            return;
        }
        match self.espera.clone() {
            // Nothing to play: no game at all, not something that cannot be told.
            Espera::Inicio if self.dibujo.is_none() => {
                let pista = match final_ {
                    Final::Fin | Final::Salida(_) => {
                        " (¿falta el programa principal, o nadie llama a la función que lo tiene?)"
                    }
                    _ => "",
                };
                self.falla(
                    Punto::TableroInicial,
                    format!("tu programa {como} sin mostrar un tablero ni pedir una jugada{pista}"),
                );
            }
            Espera::Inicio => self.falla(
                Punto::NegroPrimero,
                format!("tu programa mostró el tablero y {como} sin pedir ninguna jugada"),
            ),
            Espera::Jugada { casilla, .. } => {
                let casilla = self.transformacion.casilla(casilla);
                match self.partida.estado() {
                    Estado::Terminada { motivo, .. } if final_.normal() => {
                        self.termino(motivo, &salida);
                    }
                    Estado::Terminada { motivo, .. } => self.falla(
                        punto_del_fin(motivo),
                        format!(
                            "al terminar la partida, tras la jugada {casilla}, tu programa {como}"
                        ),
                    ),
                    Estado::EnCurso => self.falla(
                        Punto::Alterna,
                        format!(
                            "tras la jugada {casilla} tu programa {como}, con la partida en curso; \
                             debía pedirle la jugada a las {}",
                            self.nombre(self.partida.turno())
                        ),
                    ),
                }
            }
            Espera::Invalida { color, texto } => {
                let texto = self.transformacion.texto(texto);
                let porque = format!(
                    "tras la jugada inválida «{texto}» tu programa {como}; debía pedirle otra \
                     jugada a las {}",
                    self.nombre(color)
                );
                self.falla(Punto::InvalidaMismoJugador, porque);
            }
            // What it saved was judged; nothing else is asked of this game. A game
            // loaded shows its board in what it printed last, if at all.
            Espera::Guardar | Espera::Guardado => {}
            Espera::Cargando => {
                if !self.cargado(&salida) {
                    self.falla(
                        Punto::Cargar,
                        format!("tras elegir cargar la partida de {ARCHIVO}, tu programa {como}"),
                    );
                }
            }
            Espera::Pase { color, palabra, .. } => {
                let mut despues = self.partida.clone();
                despues.jugar(Jugada::Pasar).expect("se puede pasar");
                match despues.estado() {
                    Estado::Terminada { motivo, .. } if final_.normal() => {
                        self.anotar(Punto::Pasar, Veredicto::Pasa);
                        self.partida = despues;
                        self.termino(motivo, &salida);
                    }
                    _ => self.falla(
                        Punto::Pasar,
                        format!(
                            "tras pasar las {} (con «{palabra}») tu programa {como}",
                            self.nombre(color)
                        ),
                    ),
                }
            }
        }
    }

    /// The program ended as the game should, for `motivo`: said so, and whether
    /// `salida` names the winner and both counts.
    fn termino(&mut self, motivo: Motivo, salida: &str) {
        self.anotar(punto_del_fin(motivo), Veredicto::Pasa);
        let resultado = self
            .transformacion
            .resultado(othello::Resultado::de(self.partida.tablero()));
        let dibujo = self.dibujo.clone();
        match revisar_ganador(salida, resultado, dibujo.as_ref()) {
            Ok(()) => self.anotar(Punto::Ganador, Veredicto::Pasa),
            Err(porque) => self.falla(Punto::Ganador, porque),
        }
    }

    /// The program gives white the first move: its game is the scripted one mirrored
    /// with the colors swapped ([`Transformacion`]).
    fn blancas_primero(&mut self) {
        self.transformacion.cambio = true;
        self.transformacion.espejo = !self.transformacion.espejo;
    }

    /// The submission's time ran out before the game was over: what it did not show
    /// is left to the teaching assistant.
    pub(in crate::correccion) fn sin_tiempo(&mut self) {
        let punto = self.guion.puntos[0];
        self.anotar(
            punto,
            Veredicto::Revisar(format!(
                "se acabó el tiempo de la entrega antes de terminar la partida «{}»",
                self.guion.nombre
            )),
        );
        self.cerrado = true;
    }

    /// Gives the game up: no more answers.
    fn cerrar(&mut self) -> Option<String> {
        self.cerrado = true;
        None
    }
}

/// The point that a game ending for `motivo` tells about.
fn punto_del_fin(motivo: Motivo) -> Punto {
    match motivo {
        Motivo::TableroLleno => Punto::FinLleno,
        Motivo::DosPases => Punto::FinDosPases,
        Motivo::SinFichas(_) | Motivo::NingunoPuedeJugar => Punto::FinSinFichas,
    }
}

/// How a run ended, as the transcript and the feedback say it.
fn describir_final(final_: &Final) -> String {
    match final_ {
        Final::Fin => "terminó".into(),
        Final::Salida(_) => "terminó con exit()".into(),
        Final::Excepcion {
            excepcion,
            mensaje,
            linea,
        } => match linea {
            Some(linea) => format!("se cayó con {excepcion}: {mensaje} (línea {linea})"),
            None => format!("se cayó con {excepcion}: {mensaje}"),
        },
        Final::Tiempo => "se quedó pegado (pasó el tiempo límite sin preguntar)".into(),
        Final::Guion => "no recibió más respuestas".into(),
        Final::Murio => "terminó de golpe (el proceso de Python se cerró sin avisar)".into(),
    }
}

/// The last lines of `texto` that are not empty: where a program that asks with an
/// empty prompt says whose turn it is.
fn ultimas_lineas(texto: &str) -> &str {
    let recortado = texto.trim_end();
    let inicio = (recortado.match_indices('\n').rev().nth(1)).map_or(0, |(i, _)| i + 1);
    &recortado[inicio..]
}

/// The color that `texto` names first: by a word (`negras`, `blanco`), its letter
/// standing alone (`N`, `(B)`), or the symbol of its pieces.
fn color_en(texto: &str, dibujo: &Dibujo) -> Option<Color> {
    let minusculas = texto.to_lowercase();
    let mut hallados: Vec<(usize, Color)> = Vec::new();
    for (palabra, color) in [("negr", Color::Negro), ("blanc", Color::Blanco)] {
        if let Some(i) = minusculas.find(palabra) {
            hallados.push((i, color));
        }
    }
    let mut inicio = 0;
    for parte in minusculas.split(|c: char| !c.is_alphanumeric()) {
        let color = match parte {
            "n" => Some(Color::Negro),
            "b" => Some(Color::Blanco),
            _ => None,
        };
        if let Some(color) = color {
            hallados.push((inicio, color));
        }
        inicio += parte.len() + 1;
    }
    for color in Color::TODOS {
        let simbolo = dibujo.simbolo(color).to_lowercase();
        let letra = simbolo.len() == 1 && simbolo.chars().all(char::is_alphanumeric);
        if !simbolo.is_empty()
            && !letra
            && let Some(i) = minusculas.find(&simbolo)
        {
            hallados.push((i, color));
        }
    }
    hallados
        .into_iter()
        .min_by_key(|(i, _)| *i)
        .map(|(_, color)| color)
}

/// Whether `pregunta` asks for a move (when it names no color): it speaks of a move,
/// a cell, passing or playing.
fn pide_jugada(pregunta: &str) -> bool {
    let minusculas = pregunta.to_lowercase();
    [
        "jugada", "casilla", "pasar", "juega", "posici", "movida", "turno",
    ]
    .iter()
    .any(|palabra| minusculas.contains(palabra))
}

/// What a program may call a pass: the verb, then the words that are one.
const PARA_PASAR: (&str, [&str; 5]) = ("pasar", ["pasar", "paso", "pasa", "pase", "pass"]);

/// What a program may call saving the game.
const PARA_GUARDAR: (&str, [&str; 5]) =
    ("guardar", ["guardar", "guarda", "grabar", "salvar", "save"]);

/// The program's own word for `verbo`'s action (a pass, saving), if `texto` says it:
/// before "para VERBO" (`p para pasar`), or one of `palabras` itself, as written
/// (`PASAR`, `'pasar'`, `paso`).
fn palabra_para(texto: &str, (verbo, palabras): &(&str, [&str; 5])) -> Option<String> {
    let minusculas = texto.to_lowercase();
    // Lowercase can change a text's length: the same place in `texto`, if it is one.
    let lugar = minusculas.find(&format!(" para {verbo}"));
    if let Some(antes) = lugar.and_then(|i| texto.get(..i)) {
        let antes = antes.trim_end_matches(['\'', '"', '«', '»', '(', ' ']);
        let palabra: String = (antes.chars().rev())
            .take_while(|c| c.is_alphanumeric() || *c == '-')
            .collect::<Vec<char>>()
            .into_iter()
            .rev()
            .collect();
        if !palabra.is_empty() {
            return Some(palabra);
        }
    }
    texto
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|palabra| palabras.contains(&palabra.to_lowercase().as_str()))
        .map(str::to_owned)
}

/// Whether `pregunta` asks for a file's name.
fn pide_archivo(pregunta: &str) -> bool {
    let minusculas = pregunta.to_lowercase();
    ["archivo", "nombre", "fichero", "ruta", ".txt"]
        .iter()
        .any(|palabra| minusculas.contains(palabra))
}

/// The words of a start menu's option for a new game.
const PARA_EMPEZAR: [&str; 6] = ["nueva", "nuevo", "empezar", "comenzar", "iniciar", "jugar"];

/// The words of a start menu's option for loading a game.
const PARA_CARGAR: [&str; 4] = ["cargar", "continuar", "abrir", "recuperar"];

/// In a start menu (`1) Nueva partida`, `2) Cargar partida`, one per line or side by
/// side), the option whose text has one of `palabras` ([`PARA_EMPEZAR`],
/// [`PARA_CARGAR`]).
fn opcion_del_menu(texto: &str, palabras: &[&str]) -> Option<String> {
    let opciones: Vec<(String, String)> = texto.lines().flat_map(opciones_de).collect();
    if opciones.len() < 2 {
        return None;
    }
    opciones
        .into_iter()
        .find(|(_, texto)| palabras.iter().any(|palabra| texto.contains(palabra)))
        .map(|(clave, _)| clave)
}

/// The options of a menu's line: each a key of one or two letters or digits, at the
/// start or after a space or an opening bracket, then `)`, `]`, `.`, `:` or `-`; its
/// text (in lowercase) up to the next one.
fn opciones_de(linea: &str) -> Vec<(String, String)> {
    let letras: Vec<(usize, char)> = linea.char_indices().collect();
    let mut marcas = Vec::new();
    for (k, &(i, c)) in letras.iter().enumerate() {
        let antes = k.checked_sub(1).map(|k| letras[k].1);
        if !c.is_alphanumeric()
            || antes.is_some_and(|a| !(a.is_whitespace() || a == '[' || a == '('))
        {
            continue;
        }
        let largo = letras[k..]
            .iter()
            .take_while(|(_, c)| c.is_alphanumeric())
            .count();
        let Some(&(fin, marca)) = letras.get(k + largo) else {
            continue;
        };
        if largo <= 2 && [')', ']', '.', ':', '-'].contains(&marca) {
            marcas.push((i, fin, fin + marca.len_utf8()));
        }
    }
    (marcas.iter().enumerate())
        .map(|(m, &(inicio, fin_clave, texto))| {
            let hasta = marcas
                .get(m + 1)
                .map_or(linea.len(), |siguiente| siguiente.0);
            let clave = &linea[inicio..fin_clave];
            let resto = &linea[texto..hasta];
            // `(N)ueva`: the key is the word's first letter.
            let pegado = resto.starts_with(char::is_alphanumeric);
            let texto = if pegado {
                format!("{clave}{resto}")
            } else {
                resto.to_owned()
            };
            (clave.to_owned(), texto.trim().to_lowercase())
        })
        .collect()
}

/// Whether `salida`, printed as the game ended, names the winner of `resultado` (or a
/// tie) and both counts.
fn revisar_ganador(
    salida: &str,
    resultado: Resultado,
    dibujo: Option<&Dibujo>,
) -> Result<(), String> {
    let lineas: Vec<String> = salida
        .lines()
        .map(str::to_lowercase)
        .filter(|linea| {
            [
                "gan", "empat", "venc", "triunf", "fichas", "punt", "result", "negr", "blanc",
                "total",
            ]
            .iter()
            .any(|palabra| linea.contains(palabra))
        })
        .collect();
    let texto = lineas.join("\n");
    let numeros: Vec<u32> = texto
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|numero| numero.parse().ok())
        .collect();
    let (negras, blancas) = match resultado {
        Resultado::Gana {
            negras, blancas, ..
        } => (negras, blancas),
        Resultado::Empate { fichas } => (fichas, fichas),
    };
    if !numeros.contains(&negras) || !numeros.contains(&blancas) {
        return Err(format!(
            "al terminar no dice las fichas de cada color ({negras} negras y {blancas} blancas)"
        ));
    }
    match resultado {
        Resultado::Empate { .. } => {
            if texto.contains("empat") || texto.contains("tie") {
                Ok(())
            } else {
                Err("al terminar no dice que es un empate".into())
            }
        }
        Resultado::Gana { color, .. } => {
            let vacio = Dibujo::letras();
            let dibujo = dibujo.unwrap_or(&vacio);
            let nombrado = (lineas.iter()).find_map(|linea| {
                let clave = [
                    "gan",
                    "venc",
                    "triunf",
                    "más fichas",
                    "winner",
                    "wins",
                    "won",
                ]
                .iter()
                .filter_map(|palabra| linea.find(palabra))
                .min()?;
                color_en(&linea[clave..], dibujo).or_else(|| color_en(&linea[..clave], dibujo))
            });
            match nombrado {
                Some(nombrado) if nombrado == color => Ok(()),
                Some(nombrado) => Err(format!(
                    "al terminar dice que ganan las {}, pero ganan las {} ({negras} a {blancas})",
                    nombrado.nombre(),
                    color.nombre()
                )),
                None => Err("al terminar no dice quién ganó".into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn el_ganador_se_lee_de_como_lo_dicen() {
        let gana = Resultado::Gana {
            color: Color::Negro,
            negras: 51,
            blancas: 13,
        };
        let letras = Dibujo::letras();
        assert_eq!(
            revisar_ganador("Ganan las negras 51 a 13\n", gana, Some(&letras)),
            Ok(())
        );
        assert_eq!(
            revisar_ganador(
                "Fin del juego. Negras: 51, Blancas: 13. Ganan las negras\n",
                gana,
                Some(&letras)
            ),
            Ok(())
        );
        assert_eq!(
            revisar_ganador("Ganador: N (51 - 13)\n", gana, Some(&letras)),
            Ok(())
        );
        assert!(
            revisar_ganador("Ganan las blancas 51 a 13\n", gana, Some(&letras))
                .unwrap_err()
                .contains("dice que ganan las blancas")
        );
        assert!(revisar_ganador("Fin\n", gana, Some(&letras)).is_err());
        let empate = Resultado::Empate { fichas: 2 };
        assert_eq!(
            revisar_ganador("¡Empate! 2 fichas cada uno\n", empate, Some(&letras)),
            Ok(())
        );
    }

    #[test]
    fn la_palabra_de_pasar_y_el_menu_se_leen_de_lo_que_dice_el_programa() {
        assert_eq!(
            palabra_para("Turno de N (o 'pasar'): ", &PARA_PASAR).as_deref(),
            Some("pasar")
        );
        assert_eq!(
            palabra_para("Juegan las negras ● (p para pasar): ", &PARA_PASAR).as_deref(),
            Some("p")
        );
        assert_eq!(
            palabra_para("ingrese su jugada (0 para pasar): ", &PARA_PASAR).as_deref(),
            Some("0")
        );
        assert_eq!(
            palabra_para("jugada, PASAR o GUARDAR: ", &PARA_PASAR).as_deref(),
            Some("PASAR")
        );
        assert_eq!(
            palabra_para("jugada o paso: ", &PARA_PASAR).as_deref(),
            Some("paso")
        );
        assert_eq!(palabra_para("Ingrese su jugada: ", &PARA_PASAR), None);
        assert_eq!(
            opcion_del_menu(
                "Menú\n1) Nueva partida\n2) Cargar partida\nOpción: ",
                &PARA_EMPEZAR
            )
            .as_deref(),
            Some("1")
        );
        assert_eq!(
            opcion_del_menu(
                "1) Nueva partida  2) Cargar partida\nOpción: ",
                &PARA_EMPEZAR
            )
            .as_deref(),
            Some("1")
        );
        assert_eq!(
            opcion_del_menu("[c] cargar, [n] nueva partida", &PARA_EMPEZAR).as_deref(),
            Some("n")
        );
        assert_eq!(
            opcion_del_menu("(C)argar o (N)ueva: ", &PARA_EMPEZAR).as_deref(),
            Some("N")
        );
        assert_eq!(
            opcion_del_menu("a. Cargar partida\nb. Jugar una nueva\n", &PARA_EMPEZAR).as_deref(),
            Some("b")
        );
        assert_eq!(opcion_del_menu("Turno de N: ", &PARA_EMPEZAR), None);
        assert_eq!(
            opcion_del_menu(
                "1) Nueva partida  2) Cargar partida\nOpción: ",
                &PARA_CARGAR
            )
            .as_deref(),
            Some("2")
        );
        assert_eq!(
            palabra_para("Negras (N), su jugada (pasar / guardar): ", &PARA_GUARDAR).as_deref(),
            Some("guardar")
        );
        assert_eq!(
            palabra_para("jugada (g para guardar, p para pasar): ", &PARA_GUARDAR).as_deref(),
            Some("g")
        );
        assert_eq!(
            palabra_para("Turno de N (o 'pasar'): ", &PARA_GUARDAR),
            None
        );
        // Lowercase makes «İ» longer: the place found is not one of the text's.
        for texto in ["İİİİİİİİİİİİ para pasaréé", "İİİİİİİİİİİİİİİİ p para pasar"]
        {
            let _ = palabra_para(texto, &PARA_PASAR);
        }
    }

    #[test]
    fn el_color_pedido_se_lee_de_la_pregunta() {
        let letras = Dibujo::letras();
        for (pregunta, color) in [
            ("Turno de las negras (N): ", Some(Color::Negro)),
            (
                "Blanco (B), ingrese su jugada (0 para pasar): ",
                Some(Color::Blanco),
            ),
            (
                "Jugador 2 (blancas), ingrese jugada o pasar: ",
                Some(Color::Blanco),
            ),
            ("Le toca a B: ", Some(Color::Blanco)),
            ("Su jugada: ", None),
        ] {
            assert_eq!(color_en(pregunta, &letras), color, "{pregunta}");
        }
    }

    #[test]
    fn el_espejo_con_los_colores_cambiados_deja_el_inicio() {
        let blancas_primero = Transformacion {
            espejo: true,
            cambio: true,
        };
        assert_eq!(
            blancas_primero.tablero(&Tablero::inicial()),
            Tablero::inicial()
        );
        assert_eq!(blancas_primero.texto("C4"), "F4");
        assert_eq!(blancas_primero.texto("hola"), "hola");
    }
}
