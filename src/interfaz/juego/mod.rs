//! The game at the terminal: two people take turns at one keyboard.
//!
//! [`ejecutar`] reads lines from any [`BufRead`] and writes to any [`Write`], so the same
//! loop serves a person at a terminal, a piped transcript and the tests. It never
//! panics on its input: garbage, very long lines, bytes that are not UTF-8 and the end
//! of the input (Ctrl-D) at any prompt all have an answer, the last one a goodbye.

use std::{
    collections::HashSet,
    fs,
    io::{self, BufRead, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use crate::{
    Bitboard, Color, ErrorArchivo, Estado, Jugada, Obf, Partida, PorColor, Posicion, Reglas,
    Tablero, Transcripcion, Vista, disco,
    formato::entrada,
    motor::jugadores::{Computadora, Nivel, sugerencia},
    texto::{cita, mayuscula_inicial},
};

/// How the game starts and looks.
#[derive(Clone, Debug)]
pub struct Opciones {
    /// Load this saved board and skip the start menu.
    pub cargar: Option<PathBuf>,
    /// Who moves first on the loaded board; asked when `None`.
    pub turno: Option<Color>,
    /// Draw the pieces in color (ANSI escapes).
    pub color: bool,
    /// Write back each line read, after its prompt, so that the output of a piped
    /// transcript reads like a session at the terminal.
    pub eco: bool,
    /// Who plays black and white; `None` to choose in the start menu. With players
    /// given, a new game starts without the menu (or the loaded one, with
    /// [`Opciones::cargar`]).
    pub jugadores: Option<PorColor<Nivel>>,
    /// The seed of the computer players' randomness; one is drawn (and shown) if
    /// `None`.
    pub semilla: Option<u64>,
    /// How long the strong player thinks per move.
    pub tiempo: Duration,
    /// Between two computer players, play on without waiting for Enter.
    pub sin_pausa: bool,
    /// When a player may pass.
    pub reglas: Reglas,
}

impl Default for Opciones {
    /// The homework's game between two people, a second per computer move.
    fn default() -> Opciones {
        Opciones {
            cargar: None,
            turno: None,
            color: false,
            eco: false,
            jugadores: None,
            semilla: None,
            tiempo: Duration::from_secs(1),
            sin_pausa: false,
            reglas: Reglas::Tarea,
        }
    }
}

/// Why the game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ErrorJuego {
    /// The board of [`Opciones::cargar`] could not be loaded.
    #[error(transparent)]
    Carga(#[from] ErrorArchivo),
    /// Reading the input or writing the output failed.
    #[error("error de entrada o salida: {}", disco::describir_io(.0))]
    EntradaSalida(#[from] io::Error),
}

/// Plays at the terminal until the players quit or the input ends.
///
/// ```
/// use othello::interfaz::juego::{ejecutar, Opciones};
///
/// let mut salida = Vec::new();
/// ejecutar("1\nc4\nsalir\nn\n".as_bytes(), &mut salida, &Opciones::default())?;
/// let texto = String::from_utf8(salida)?;
/// assert!(texto.contains("Las negras juegan C4 y voltean 1 ficha."));
/// assert!(texto.ends_with("¡Hasta luego!\n"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`ErrorJuego::Carga`] if the board of `opciones.cargar` cannot be loaded, and
/// [`ErrorJuego::EntradaSalida`] if reading or writing fails. The end of the input is
/// not an error.
pub fn ejecutar<R: BufRead, W: Write>(
    entrada: R,
    salida: W,
    opciones: &Opciones,
) -> Result<(), ErrorJuego> {
    let mut sesion = Sesion::abrir_sesion(entrada, salida, opciones);
    // A board named on the command line is loaded before anything is shown, so a bad
    // file ends the program with its error alone.
    let cargada = match &opciones.cargar {
        Some(ruta) => Some((ruta, disco::cargar(ruta)?)),
        None => None,
    };
    sesion.bienvenida()?;
    let mut siguiente = match (cargada, opciones.jugadores) {
        (Some((ruta, tablero)), _) => sesion.abrir(ruta, tablero, opciones.turno)?,
        (None, Some(_)) => Some(sesion.nueva()),
        (None, None) => sesion.menu()?,
    };
    while let Some(partida) = siguiente {
        siguiente = match sesion.jugar_partida(partida)? {
            Fin::Salir => None,
            Fin::Terminada => match sesion.confirmar("¿Jugar otra partida? (s/n): ")? {
                Some(true) => {
                    // The files of the game that ended are not this new game's.
                    sesion.propios.clear();
                    sesion.ultimo_archivo = None;
                    Some(sesion.nueva())
                }
                _ => None,
            },
        };
    }
    writeln!(sesion.salida, "¡Hasta luego!")?;
    Ok(())
}

/// How one game ended for the program.
enum Fin {
    /// The players quit, or the input ended.
    Salir,
    /// The game reached one of its end conditions.
    Terminada,
}

/// At most this many bytes of a line are kept; the rest of the line is read and
/// dropped, so a huge line costs no memory. No answer is that long.
const LARGO_LINEA: usize = 1024;

/// A line read from the input.
#[derive(Debug, PartialEq)]
enum Linea {
    /// The whole line.
    Completa(String),
    /// Only the start of a line longer than [`LARGO_LINEA`] bytes.
    Larga(String),
}

/// What the person chose at the start menu or while loading.
enum Eleccion {
    /// Play this game.
    Jugar(Partida),
    /// Show the menu again.
    Menu,
    /// The input ended: say goodbye.
    Salir,
}

const AYUDA: &str = "\
Comandos (da igual mayúsculas o minúsculas):
  C4                 pone una ficha en C4 (columna A-H, fila 1-8)
  pasar              pasa el turno
  guardar [archivo]  guarda el tablero en un archivo (si no das el nombre, lo pregunta),
                     y las jugadas al lado, en archivo.jugadas
  historial          muestra las jugadas hechas, y su transcripción
  sugerir            pide al jugador fuerte la mejor jugada y su evaluación, sin jugarla
  deshacer           deshace la última jugada o pase (se puede repetir hasta el comienzo)
  pistas             muestra u oculta en el tablero las jugadas válidas (*)
  ayuda              muestra esta ayuda
  salir              termina el programa (ofrece guardar si hay cambios sin guardar)

Reglas (Tarea 2, IIC1103 UC):
  - Juegan las negras (N) y las blancas (B) por turnos; empiezan las negras.
  - Una jugada es válida si la casilla está vacía y flanquea al menos una ficha
    rival: en alguna de las 8 direcciones, entre la ficha nueva y otra propia hay
    solo fichas rivales, sin casillas vacías. Todas las fichas flanqueadas, en
    todas las direcciones, cambian de color.
  - En esta variante puedes pasar cuando quieras, aunque tengas jugadas válidas.
    Si no tienes ninguna, debes pasar.
  - La partida termina cuando el tablero se llena, cuando ambos pasan uno después
    del otro, cuando el que debe jugar no tiene fichas o cuando ninguno de los dos
    puede jugar. Gana quien tenga más fichas de su color.
  - El archivo guarda solo el tablero: al cargarlo se pregunta quién juega.
";

/// The players' side of the program: where it reads and writes, and what it remembers
/// across games.
struct Sesion<R, W> {
    entrada: R,
    salida: W,
    color: bool,
    eco: bool,
    /// Files this game wrote (canonical paths): saving over them needs no question.
    propios: HashSet<PathBuf>,
    /// The last file this game saved or was loaded from, offered as the default name.
    ultimo_archivo: Option<PathBuf>,
    /// Who plays black and white.
    jugadores: PorColor<Nivel>,
    /// The computer players, by color, made when a game starts (kept across games, so
    /// that their randomness goes on).
    computadoras: PorColor<Option<Computadora>>,
    /// The seed of the computer players; drawn when first needed if not given.
    semilla: Option<u64>,
    /// How long the strong player thinks per move.
    tiempo: Duration,
    /// Between two computer players, play on without waiting for Enter.
    sin_pausa: bool,
    /// When a player may pass.
    reglas: Reglas,
}

impl<R: BufRead, W: Write> Sesion<R, W> {
    /// A session with nothing played yet.
    fn abrir_sesion(entrada: R, salida: W, opciones: &Opciones) -> Sesion<R, W> {
        Sesion {
            entrada,
            salida,
            color: opciones.color,
            eco: opciones.eco,
            propios: HashSet::new(),
            ultimo_archivo: None,
            jugadores: opciones.jugadores.unwrap_or(HUMANOS),
            computadoras: PorColor::default(),
            semilla: opciones.semilla,
            tiempo: opciones.tiempo,
            sin_pausa: opciones.sin_pausa,
            reglas: opciones.reglas,
        }
    }

    fn bienvenida(&mut self) -> io::Result<()> {
        writeln!(
            self.salida,
            "Othello (Reversi) — Tarea 2, Introducción a la Programación UC"
        )?;
        writeln!(
            self.salida,
            "Escribe «ayuda» durante la partida para ver los comandos y las reglas."
        )
    }

    /// One line of input without its line end, or `None` at the end of the input.
    /// Control characters other than tabs become U+FFFD, so that what is echoed or
    /// quoted back cannot drive the terminal. A line longer than [`LARGO_LINEA`] bytes is
    /// read to its end but kept only in part, and comes as [`Linea::Larga`].
    fn leer_linea(&mut self) -> io::Result<Option<Linea>> {
        let mut bytes = Vec::new();
        let mut leyo_algo = false;
        let mut larga = false;
        loop {
            let disponible = match self.entrada.fill_buf() {
                Ok(disponible) => disponible,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if disponible.is_empty() {
                break;
            }
            leyo_algo = true;
            let fin = disponible.iter().position(|&b| b == b'\n');
            let parte = &disponible[..fin.unwrap_or(disponible.len())];
            let cabe = LARGO_LINEA.saturating_sub(bytes.len()).min(parte.len());
            larga |= cabe < parte.len();
            bytes.extend_from_slice(&parte[..cabe]);
            let consumido = fin.map_or(disponible.len(), |i| i + 1);
            self.entrada.consume(consumido);
            if fin.is_some() {
                break;
            }
        }
        if !leyo_algo {
            return Ok(None);
        }
        let texto: String = String::from_utf8_lossy(&bytes)
            .trim_end_matches('\r')
            .chars()
            .map(|c| {
                if c.is_control() && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect();
        Ok(Some(if larga {
            Linea::Larga(texto)
        } else {
            Linea::Completa(texto)
        }))
    }

    /// Shows `pregunta` and returns the answer, trimmed, or `None` at the end of the
    /// input. A line too long to be any answer is refused and the question asked again.
    fn preguntar(&mut self, pregunta: &str) -> io::Result<Option<String>> {
        loop {
            write!(self.salida, "{pregunta}")?;
            self.salida.flush()?;
            let linea = self.leer_linea()?;
            match &linea {
                Some(Linea::Completa(texto)) if self.eco => writeln!(self.salida, "{texto}")?,
                Some(Linea::Larga(texto)) if self.eco => writeln!(self.salida, "{texto}…")?,
                // Whatever the person typed ended with Enter; at the end of the input the
                // next message starts on a line of its own.
                None => writeln!(self.salida)?,
                Some(_) => {}
            }
            match linea {
                Some(Linea::Completa(texto)) => return Ok(Some(texto.trim().to_owned())),
                Some(Linea::Larga(_)) => writeln!(
                    self.salida,
                    "Entrada no válida: la línea tiene más de {LARGO_LINEA} bytes. Intenta de nuevo."
                )?,
                None => return Ok(None),
            }
        }
    }

    /// A yes-or-no question, asked until answered; `None` at the end of the input.
    fn confirmar(&mut self, pregunta: &str) -> io::Result<Option<bool>> {
        loop {
            let Some(respuesta) = self.preguntar(pregunta)? else {
                return Ok(None);
            };
            match respuesta.to_lowercase().as_str() {
                "s" | "si" | "sí" => return Ok(Some(true)),
                "n" | "no" => return Ok(Some(false)),
                _ => writeln!(self.salida, "Responde «s» (sí) o «n» (no).")?,
            }
        }
    }

    /// The start menu: a new game, a saved one, or quit (`None`).
    fn menu(&mut self) -> io::Result<Option<Partida>> {
        loop {
            writeln!(self.salida)?;
            writeln!(self.salida, "Menú:")?;
            writeln!(self.salida, "  1) Partida nueva, dos personas")?;
            writeln!(self.salida, "  2) Cargar una partida guardada")?;
            writeln!(self.salida, "  3) Contra la computadora")?;
            writeln!(self.salida, "  4) Computadora contra computadora")?;
            writeln!(self.salida, "  5) Salir")?;
            let Some(opcion) = self.preguntar("Elige una opción (1 a 5): ")? else {
                return Ok(None);
            };
            match opcion.to_lowercase().as_str() {
                "1" | "nueva" => {
                    self.jugadores = HUMANOS;
                    return Ok(Some(self.nueva()));
                }
                "2" | "cargar" => match self.cargar()? {
                    Eleccion::Jugar(partida) => return Ok(Some(partida)),
                    Eleccion::Menu => {}
                    Eleccion::Salir => return Ok(None),
                },
                "3" => {
                    let Some(color) = self.preguntar_color()? else {
                        return Ok(None);
                    };
                    let Some(nivel) = self.preguntar_nivel("la computadora")? else {
                        return Ok(None);
                    };
                    self.jugadores = PorColor::new(nivel, nivel);
                    self.jugadores[color] = Nivel::Humano;
                    return Ok(Some(self.nueva()));
                }
                "4" => {
                    let Some(negro) = self.preguntar_nivel("las negras")? else {
                        return Ok(None);
                    };
                    let Some(blanco) = self.preguntar_nivel("las blancas")? else {
                        return Ok(None);
                    };
                    self.jugadores = PorColor::new(negro, blanco);
                    return Ok(Some(self.nueva()));
                }
                "5" | "salir" => return Ok(None),
                _ => writeln!(
                    self.salida,
                    "«{}» no es una opción: escribe un número del 1 al 5.",
                    cita(&opcion)
                )?,
            }
        }
    }

    /// A new game from the start, under the session's rules.
    fn nueva(&self) -> Partida {
        Partida::nueva().con_reglas(self.reglas)
    }

    /// Asks which color the person plays against the computer; `None` at the end of
    /// the input.
    fn preguntar_color(&mut self) -> io::Result<Option<Color>> {
        loop {
            let Some(respuesta) = self.preguntar(
                "¿Con qué color juegas? N (negras, empiezan) o B (blancas) [Enter = N]: ",
            )?
            else {
                return Ok(None);
            };
            if respuesta.is_empty() {
                return Ok(Some(Color::Negro));
            }
            match entrada::color(&respuesta) {
                Some(color) => return Ok(Some(color)),
                None => writeln!(self.salida, "Responde N (negras) o B (blancas).")?,
            }
        }
    }

    /// Asks the level of a computer player; `None` at the end of the input.
    fn preguntar_nivel(&mut self, quien: &str) -> io::Result<Option<Nivel>> {
        let pregunta = format!("¿Nivel de {quien}? aleatorio, libro o fuerte [Enter = fuerte]: ");
        loop {
            let Some(respuesta) = self.preguntar(&pregunta)? else {
                return Ok(None);
            };
            match respuesta.parse::<Nivel>() {
                _ if respuesta.is_empty() => return Ok(Some(Nivel::Fuerte)),
                Ok(Nivel::Humano) | Err(_) => writeln!(
                    self.salida,
                    "Responde aleatorio, libro o fuerte (o Enter para fuerte)."
                )?,
                Ok(nivel) => return Ok(Some(nivel)),
            }
        }
    }

    /// Makes the computer players the game needs, telling who plays and the seed that
    /// repeats their choices.
    fn preparar_jugadores(&mut self) -> io::Result<()> {
        if self.jugadores == HUMANOS {
            return Ok(());
        }
        let semilla = match self.semilla {
            Some(semilla) => semilla,
            None => {
                let semilla = semilla_del_reloj();
                self.semilla = Some(semilla);
                semilla
            }
        };
        for color in Color::TODOS {
            let nivel = self.jugadores[color];
            let vigente = self.computadoras[color].as_ref().map(Computadora::nivel);
            if nivel == Nivel::Humano {
                self.computadoras[color] = None;
            } else if vigente != Some(nivel) {
                // Each color its own stream: black the seed, white the next one.
                let semilla = semilla.wrapping_add(u64::from(color == Color::Blanco));
                self.computadoras[color] = Some(Computadora::nueva(nivel, semilla, self.tiempo));
            }
        }
        writeln!(
            self.salida,
            "Negras: {}. Blancas: {}. Semilla: {semilla} (la misma semilla, con \
             --semilla, repite las jugadas de la computadora).",
            self.jugadores.negro, self.jugadores.blanco
        )
    }

    /// Asks for a file until one loads, then who moves; an empty answer goes back to
    /// the menu.
    fn cargar(&mut self) -> io::Result<Eleccion> {
        loop {
            let Some(nombre) = self.preguntar("Archivo a cargar (Enter para volver al menú): ")?
            else {
                return Ok(Eleccion::Salir);
            };
            if nombre.is_empty() {
                return Ok(Eleccion::Menu);
            }
            if !nombre_legible(Path::new(&nombre)) {
                writeln!(self.salida, "{NOMBRE_ILEGIBLE}")?;
                continue;
            }
            match disco::cargar(&nombre) {
                Ok(tablero) => {
                    return Ok(match self.abrir(Path::new(&nombre), tablero, None)? {
                        Some(partida) => Eleccion::Jugar(partida),
                        None => Eleccion::Salir,
                    });
                }
                Err(error) => writeln!(self.salida, "No se pudo cargar: {error}.")?,
            }
        }
    }

    /// Starts a game on a board loaded from `ruta`, which becomes the default name to
    /// save to; `turno` moves first, or is asked. `None` at the end of the input.
    fn abrir(
        &mut self,
        ruta: &Path,
        tablero: Tablero,
        turno: Option<Color>,
    ) -> io::Result<Option<Partida>> {
        writeln!(self.salida, "Partida cargada de «{}».", ruta.display())?;
        self.ultimo_archivo = Some(ruta.to_owned());
        match turno {
            Some(turno) => Ok(Some(Partida::desde(tablero, turno).con_reglas(self.reglas))),
            None => self.preguntar_turno(tablero),
        }
    }

    /// Asks who moves on a loaded board, offering the likely answer; `None` at the end
    /// of the input.
    fn preguntar_turno(&mut self, tablero: Tablero) -> io::Result<Option<Partida>> {
        let sugerido = Partida::turno_sugerido(&tablero);
        let partida = Partida::desde(tablero.clone(), sugerido).con_reglas(self.reglas);
        // A loaded game is over or not whoever moves (a full board, a color without
        // pieces, nobody able to move): then there is nothing to ask.
        if partida.estado() != Estado::EnCurso {
            return Ok(Some(partida));
        }
        let pregunta = format!(
            "¿Quién juega ahora? N (negras) o B (blancas) [Enter = {sugerido}, las {}]: ",
            sugerido.nombre()
        );
        loop {
            let Some(respuesta) = self.preguntar(&pregunta)? else {
                return Ok(None);
            };
            let turno = match respuesta.as_str() {
                "" => Some(sugerido),
                _ => entrada::color(&respuesta),
            };
            match turno {
                Some(turno) => {
                    return Ok(Some(Partida::desde(tablero, turno).con_reglas(self.reglas)));
                }
                None => writeln!(self.salida, "Responde N (negras) o B (blancas).")?,
            }
        }
    }

    /// Draws the board with the counts.
    fn mostrar(
        &mut self,
        partida: &Partida,
        ultima: Option<Posicion>,
        pistas: bool,
    ) -> io::Result<()> {
        let tablero = partida.tablero();
        let en_curso = partida.estado() == Estado::EnCurso;
        let validas = if pistas && en_curso {
            partida.jugadas_validas()
        } else {
            Bitboard::VACIO
        };
        let vista = Vista::de(tablero)
            .ultima(ultima)
            .pistas(validas)
            .color(self.color);
        writeln!(self.salida)?;
        write!(self.salida, "{vista}")?;
        writeln!(self.salida, "{}", vista.conteo())?;
        if pistas && en_curso {
            let lista: Vec<String> = validas.into_iter().map(|p| p.to_string()).collect();
            if lista.is_empty() {
                writeln!(
                    self.salida,
                    "Pistas: las {} no tienen jugadas válidas.",
                    partida.turno().nombre()
                )?;
            } else {
                writeln!(self.salida, "Pistas (*): {}", lista.join(", "))?;
            }
        }
        Ok(())
    }

    /// Plays one game to its end, or until the players quit or the input ends.
    fn jugar_partida(&mut self, mut partida: Partida) -> io::Result<Fin> {
        let mut historial = Historial {
            inicio: partida.clone(),
            cargada_de: self.ultimo_archivo.clone(),
            pasos: Vec::new(),
        };
        self.preparar_jugadores()?;
        let mut ultima = None;
        let mut pistas = false;
        let mut sin_guardar = false;
        let mut redibujar = true;
        loop {
            if redibujar {
                self.mostrar(&partida, ultima, pistas)?;
                redibujar = false;
                if let Estado::Terminada { motivo, resultado } = partida.estado() {
                    writeln!(self.salida, "Fin de la partida: {motivo}.")?;
                    writeln!(
                        self.salida,
                        "{}.",
                        mayuscula_inicial(&resultado.to_string())
                    )?;
                    return Ok(Fin::Terminada);
                }
                if partida.debe_pasar() {
                    writeln!(
                        self.salida,
                        "Las {} no tienen jugadas válidas: deben pasar (escribe «pasar»).",
                        partida.turno().nombre()
                    )?;
                }
            }
            let turno = partida.turno();
            let nivel = self.jugadores[turno];
            let computadora = nivel != Nivel::Humano;
            // Between two computer players the game waits for Enter, unless told not to;
            // against a person the computer answers at once.
            let pausa = !self.sin_pausa && !self.jugadores.alguno(|nivel| *nivel == Nivel::Humano);
            let linea = if computadora && !pausa {
                String::new()
            } else {
                let pregunta = if computadora {
                    format!(
                        "Enter: juegan las {} ({nivel}); o escribe un comando: ",
                        turno.nombre()
                    )
                } else {
                    format!("Turno de las {} ({turno}): ", turno.nombre())
                };
                match self.preguntar(&pregunta)? {
                    Some(linea) => linea,
                    None => return Ok(Fin::Salir),
                }
            };
            if computadora && linea.is_empty() {
                ultima = self.juega_la_computadora(&mut partida, &mut historial, ultima)?;
                sin_guardar = true;
                redibujar = true;
                continue;
            }
            let (comando, argumento) = match linea.split_once(char::is_whitespace) {
                Some((comando, argumento)) => (comando, argumento.trim()),
                None => (linea.as_str(), ""),
            };
            match (comando.to_lowercase().as_str(), argumento) {
                ("", _) => {}
                ("pasar", "") if computadora => writeln!(self.salida, "{JUEGA_LA_COMPUTADORA}")?,
                ("pasar", "") => {
                    let tenia_jugadas = !partida.jugadas_validas().es_vacio();
                    let antes = partida.clone();
                    if let Err(error) = partida.jugar(Jugada::Pasar) {
                        writeln!(self.salida, "Jugada no válida: {error}. Intenta de nuevo.")?;
                        continue;
                    }
                    historial.anotar(&antes, ultima, Jugada::Pasar);
                    writeln!(self.salida, "Las {} pasan.", turno.nombre())?;
                    if tenia_jugadas {
                        writeln!(
                            self.salida,
                            "(Tenían jugadas válidas: en esta variante se puede pasar igual.)"
                        )?;
                    }
                    if partida.estado() == Estado::EnCurso {
                        writeln!(
                            self.salida,
                            "Si las {} también pasan, la partida termina.",
                            (!turno).nombre()
                        )?;
                    }
                    ultima = None;
                    sin_guardar = true;
                    redibujar = true;
                }
                ("guardar", nombre) => match self.guardar(&partida, &historial, nombre)? {
                    Guardado::Hecho => sin_guardar = false,
                    Guardado::NoHecho => {}
                    Guardado::FinDeEntrada => return Ok(Fin::Salir),
                },
                ("pistas", "") => {
                    pistas = !pistas;
                    let estado = if pistas { "activadas" } else { "desactivadas" };
                    writeln!(self.salida, "Pistas {estado}.")?;
                    redibujar = true;
                }
                ("ayuda" | "?", "") => write!(self.salida, "{AYUDA}")?,
                ("historial", "") => self.historial(&historial)?,
                ("sugerir", "") => self.sugerir(&partida)?,
                ("deshacer", "") => match historial.pasos.pop() {
                    Some(mut paso) => {
                        loop {
                            writeln!(
                                self.salida,
                                "Se deshizo «{}» de las {}.",
                                paso.jugada,
                                paso.antes.turno().nombre()
                            )?;
                            // Against the computer, its answer is undone with the move.
                            let de_la_computadora =
                                self.jugadores[paso.antes.turno()] != Nivel::Humano;
                            match historial.pasos.pop() {
                                Some(anterior)
                                    if de_la_computadora
                                        && self
                                            .jugadores
                                            .alguno(|nivel| *nivel == Nivel::Humano) =>
                                {
                                    paso = anterior;
                                }
                                Some(anterior) => {
                                    historial.pasos.push(anterior);
                                    break;
                                }
                                None => break,
                            }
                        }
                        partida = paso.antes;
                        ultima = paso.ultima_antes;
                        sin_guardar = true;
                        redibujar = true;
                    }
                    None => writeln!(
                        self.salida,
                        "No hay jugadas que deshacer: la partida está como empezó."
                    )?,
                },
                ("salir", "") => {
                    if !sin_guardar {
                        return Ok(Fin::Salir);
                    }
                    match self
                        .confirmar("Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): ")?
                    {
                        Some(true) => match self.guardar(&partida, &historial, "")? {
                            Guardado::Hecho | Guardado::FinDeEntrada => return Ok(Fin::Salir),
                            Guardado::NoHecho => writeln!(self.salida, "La partida sigue.")?,
                        },
                        _ => return Ok(Fin::Salir),
                    }
                }
                (
                    comando @ ("pasar" | "pistas" | "ayuda" | "?" | "salir" | "historial"
                    | "deshacer" | "sugerir"),
                    _,
                ) => writeln!(
                    self.salida,
                    "Jugada no válida: «{comando}» se escribe solo, sin nada después. \
                     Intenta de nuevo."
                )?,
                _ if computadora => writeln!(self.salida, "{JUEGA_LA_COMPUTADORA}")?,
                _ => {
                    if let Some((antes, posicion)) = self.colocar(&mut partida, &linea)? {
                        historial.anotar(&antes, ultima, Jugada::Colocar(posicion));
                        ultima = Some(posicion);
                        sin_guardar = true;
                        redibujar = true;
                    }
                }
            }
        }
    }

    /// The computer plays for the side to move, or passes without a valid move, and
    /// says so. Returns the move to mark on the board.
    fn juega_la_computadora(
        &mut self,
        partida: &mut Partida,
        historial: &mut Historial,
        ultima: Option<Posicion>,
    ) -> io::Result<Option<Posicion>> {
        let turno = partida.turno();
        let nivel = self.jugadores[turno];
        let computadora = self.computadoras[turno]
            .as_mut()
            .expect("las computadoras se preparan al empezar");
        let quien = format!("{} ({nivel})", mayuscula_inicial(turno.singular()));
        let antes = partida.clone();
        match computadora.elegir(partida.tablero(), turno) {
            Some(posicion) => {
                let volteadas = partida
                    .jugar(Jugada::Colocar(posicion))
                    .expect("la computadora elige jugadas válidas")
                    .cantidad();
                let fichas = if volteadas == 1 { "ficha" } else { "fichas" };
                writeln!(
                    self.salida,
                    "{quien} juega {posicion} y voltea {volteadas} {fichas}."
                )?;
                historial.anotar(&antes, ultima, Jugada::Colocar(posicion));
                Ok(Some(posicion))
            }
            None => {
                partida
                    .jugar(Jugada::Pasar)
                    .expect("sin jugadas válidas se puede pasar");
                writeln!(self.salida, "{quien} no tiene jugadas válidas y pasa.")?;
                historial.anotar(&antes, ultima, Jugada::Pasar);
                Ok(None)
            }
        }
    }

    /// Asks the strong player for the best move of the side to move, without playing
    /// it.
    fn sugerir(&mut self, partida: &Partida) -> io::Result<()> {
        let turno = partida.turno();
        let Some(sugerida) = sugerencia(partida.tablero(), turno, self.tiempo) else {
            return writeln!(
                self.salida,
                "Las {} no tienen jugadas válidas: corresponde pasar.",
                turno.nombre()
            );
        };
        let puntaje = sugerida.puntaje;
        let valor = if sugerida.exacta {
            format!(
                "con juego perfecto de ambos, terminan {puntaje:+} fichas para las {} \
                 (resultado exacto)",
                turno.nombre()
            )
        } else {
            format!(
                "ventaja estimada de {puntaje:+} fichas para las {} (búsqueda a {} jugadas)",
                turno.nombre(),
                sugerida.profundidad
            )
        };
        writeln!(self.salida, "Sugerencia: {}, {valor}.", sugerida.posicion)
    }

    /// Shows the moves played, numbered, and the transcript to replay them.
    fn historial(&mut self, historial: &Historial) -> io::Result<()> {
        if historial.pasos.is_empty() {
            return writeln!(
                self.salida,
                "Todavía no hay jugadas ({}).",
                historial.origen()
            );
        }
        writeln!(self.salida, "Jugadas ({}):", historial.origen())?;
        for fila in historial.pasos.chunks(4).enumerate() {
            let (indice, pasos) = fila;
            let columnas: Vec<String> = pasos
                .iter()
                .enumerate()
                .map(|(i, paso)| {
                    let numero = format!("{}.", indice * 4 + i + 1);
                    let jugada = format!("{} {}", paso.antes.turno(), paso.jugada);
                    format!("{numero:>4} {jugada:<8}")
                })
                .collect();
            writeln!(self.salida, "{}", columnas.concat().trim_end())?;
        }
        writeln!(self.salida, "Transcripción: {}", historial.transcripcion())
    }

    /// Plays what a person typed as a position, or says why it cannot be played.
    /// Returns the game as it was before, with the position.
    fn colocar(
        &mut self,
        partida: &mut Partida,
        texto: &str,
    ) -> io::Result<Option<(Partida, Posicion)>> {
        let antes = partida.clone();
        let turno = partida.turno();
        let texto = texto.trim();
        let resultado = entrada::posicion(texto)
            .map_err(|error| error.to_string())
            .and_then(|p| {
                partida
                    .jugar(Jugada::Colocar(p))
                    .map(|volteadas| (p, volteadas))
                    .map_err(|error| error.to_string())
            });
        match resultado {
            Ok((posicion, volteadas)) => {
                let n = volteadas.cantidad();
                let fichas = if n == 1 { "ficha" } else { "fichas" };
                writeln!(
                    self.salida,
                    "Las {} juegan {posicion} y voltean {n} {fichas}.",
                    turno.nombre()
                )?;
                Ok(Some((antes, posicion)))
            }
            Err(razon) => {
                writeln!(self.salida, "Jugada no válida: {razon}. Intenta de nuevo.")?;
                Ok(None)
            }
        }
    }

    /// Saves the board to `nombre`, or to a name asked for. A failure is told and the
    /// game goes on.
    fn guardar(
        &mut self,
        partida: &Partida,
        historial: &Historial,
        nombre: &str,
    ) -> io::Result<Guardado> {
        let ruta = if nombre.is_empty() {
            let pregunta = match &self.ultimo_archivo {
                Some(ultimo) => format!("Nombre del archivo [Enter = {}]: ", ultimo.display()),
                None => "Nombre del archivo (Enter para cancelar): ".to_owned(),
            };
            match (self.preguntar(&pregunta)?, &self.ultimo_archivo) {
                (None, _) => return Ok(Guardado::FinDeEntrada),
                (Some(nombre), _) if !nombre.is_empty() => PathBuf::from(nombre),
                (Some(_), Some(ultimo)) => ultimo.clone(),
                (Some(_), None) => {
                    writeln!(self.salida, "No se guardó.")?;
                    return Ok(Guardado::NoHecho);
                }
            }
        } else {
            PathBuf::from(nombre)
        };
        if !nombre_legible(&ruta) {
            writeln!(self.salida, "{NOMBRE_ILEGIBLE}")?;
            return Ok(Guardado::NoHecho);
        }
        let ruta_jugadas = ruta_de_jugadas(&ruta);
        // Anything already there (a file, a link, a pipe) is replaced by the save, so
        // it is asked for unless this game wrote it; a folder is refused by the save.
        let ajenos: Vec<String> = [&ruta, &ruta_jugadas]
            .into_iter()
            .filter(|ruta| {
                fs::symlink_metadata(ruta).is_ok_and(|datos| !datos.is_dir())
                    && !self.propios.contains(&canonica(ruta))
            })
            .map(|ruta| format!("«{}»", ruta.display()))
            .collect();
        if !ajenos.is_empty() {
            let pregunta = match ajenos.as_slice() {
                [uno] => {
                    format!("{uno} ya existe y no lo creó esta partida. ¿Sobrescribirlo? (s/n): ")
                }
                varios => format!(
                    "{} ya existen y no los creó esta partida. ¿Sobrescribirlos? (s/n): ",
                    varios.join(" y ")
                ),
            };
            match self.confirmar(&pregunta)? {
                Some(true) => {}
                Some(false) => {
                    writeln!(self.salida, "No se guardó.")?;
                    return Ok(Guardado::NoHecho);
                }
                None => return Ok(Guardado::FinDeEntrada),
            }
        }
        match disco::guardar(partida.tablero(), &ruta) {
            Ok(()) => {
                self.propios.insert(canonica(&ruta));
                let texto = historial.archivo_de_jugadas(&ruta, &ruta_jugadas);
                match disco::guardar_texto(&texto, &ruta_jugadas) {
                    Ok(()) => {
                        self.propios.insert(canonica(&ruta_jugadas));
                        writeln!(
                            self.salida,
                            "Partida guardada en «{}» (y sus jugadas en «{}»).",
                            ruta.display(),
                            ruta_jugadas.display()
                        )?;
                    }
                    Err(error) => writeln!(
                        self.salida,
                        "Partida guardada en «{}», pero sin sus jugadas: {error}.",
                        ruta.display()
                    )?,
                }
                self.ultimo_archivo = Some(ruta);
                Ok(Guardado::Hecho)
            }
            Err(error) => {
                writeln!(self.salida, "{}.", mayuscula_inicial(&error.to_string()))?;
                Ok(Guardado::NoHecho)
            }
        }
    }
}

/// The moves of the game at hand, to show them, undo them and save them beside the
/// board.
struct Historial {
    /// The game as it started: the homework's start, or a loaded board.
    inicio: Partida,
    /// The file the starting board was loaded from.
    cargada_de: Option<PathBuf>,
    /// Every move and pass, in order.
    pasos: Vec<Paso>,
}

/// A move or pass, with what undoing it brings back.
struct Paso {
    /// The game just before it.
    antes: Partida,
    /// The last move marked on the board before it.
    ultima_antes: Option<Posicion>,
    /// What was played.
    jugada: Jugada,
}

impl Historial {
    /// Notes that `jugada` was played on `antes`, where `ultima` was marked.
    fn anotar(&mut self, antes: &Partida, ultima: Option<Posicion>, jugada: Jugada) {
        self.pasos.push(Paso {
            antes: antes.clone(),
            ultima_antes: ultima,
            jugada,
        });
    }

    /// The moves played, in order.
    fn transcripcion(&self) -> Transcripcion {
        let jugadas: Vec<Jugada> = self.pasos.iter().map(|paso| paso.jugada).collect();
        Transcripcion::de_jugadas(&jugadas)
    }

    /// Where the moves start from, in words.
    fn origen(&self) -> String {
        let quien = format!(
            "empiezan las {} ({})",
            self.inicio.turno().nombre(),
            self.inicio.turno()
        );
        match &self.cargada_de {
            Some(ruta) => format!("desde el tablero cargado de «{}»; {quien}", ruta.display()),
            None => format!("desde el tablero inicial; {quien}"),
        }
    }

    /// The transcript file saved beside the board at `ruta`: comments that say where
    /// the moves start and how to replay them, then the moves. Written for `repetir`,
    /// which skips the comments.
    fn archivo_de_jugadas(&self, ruta: &Path, ruta_jugadas: &Path) -> String {
        // A loaded board may be saved over later: the start travels inside the command.
        let repetir = match &self.cargada_de {
            Some(_) => format!(
                "othello importar \"{}\" | othello repetir --desde - --turno {}",
                Obf {
                    tablero: self.inicio.tablero().clone(),
                    turno: self.inicio.turno(),
                },
                self.inicio.turno()
            ),
            None => "othello repetir".to_owned(),
        };
        format!(
            "# Jugadas de la partida guardada en «{}», {}.\n\
             # Para repetirlas: {repetir} --jugadas-de {}\n\
             {}\n",
            ruta.display(),
            self.origen(),
            ruta_jugadas.display(),
            self.transcripcion(),
        )
    }
}

/// The transcript file saved beside the board at `ruta`: the same name with
/// `.jugadas` added.
fn ruta_de_jugadas(ruta: &Path) -> PathBuf {
    let mut nombre = ruta.as_os_str().to_owned();
    nombre.push(".jugadas");
    PathBuf::from(nombre)
}

/// How a save asked for went.
enum Guardado {
    /// The board is in the file.
    Hecho,
    /// Cancelled or failed; already told.
    NoHecho,
    /// The input ended while asking: say goodbye.
    FinDeEntrada,
}

/// Said when a move is typed on a computer player's turn.
const JUEGA_LA_COMPUTADORA: &str =
    "Ahora juega la computadora: Enter para que juegue, o escribe un comando.";

/// Two people at the keyboard.
const HUMANOS: PorColor<Nivel> = PorColor::new(Nivel::Humano, Nivel::Humano);

/// A seed from the clock, for games where none was given; it is shown, so the game
/// can still be repeated.
fn semilla_del_reloj() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |tiempo| tiempo.as_nanos() as u64)
        % 1_000_000
}

/// Said of a file name that holds characters the input could not carry.
const NOMBRE_ILEGIBLE: &str =
    "Ese nombre de archivo tiene caracteres de control o bytes que no son UTF-8: elige otro.";

/// Whether a typed file name arrived as typed: [`Sesion::leer_linea`] turns control
/// characters and bytes that are not UTF-8 into U+FFFD, and a file must never be
/// saved or looked for under a name the person did not write.
fn nombre_legible(ruta: &Path) -> bool {
    !ruta.to_string_lossy().contains('\u{FFFD}')
}

/// The path without `.`, `..` or links where it can be resolved, so that two names of
/// one file compare equal.
fn canonica(ruta: &Path) -> PathBuf {
    fs::canonicalize(ruta).unwrap_or_else(|_| ruta.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sesion(entrada: &[u8]) -> Sesion<&[u8], Vec<u8>> {
        Sesion::abrir_sesion(entrada, Vec::new(), &Opciones::default())
    }

    #[test]
    fn lineas_largas_se_marcan_y_se_consumen_enteras() {
        let mut entrada = b"c4".to_vec();
        entrada.extend(vec![b' '; 10 * LARGO_LINEA]);
        entrada.extend_from_slice(b"basura\nC4\n");
        let mut s = sesion(&entrada);
        let Some(Linea::Larga(inicio)) = s.leer_linea().unwrap() else {
            panic!("se esperaba una línea larga");
        };
        assert_eq!(inicio.len(), LARGO_LINEA);
        assert_eq!(s.leer_linea().unwrap(), Some(Linea::Completa("C4".into())));
        assert_eq!(s.leer_linea().unwrap(), None);
    }

    #[test]
    fn una_linea_larga_no_es_respuesta() {
        // Its start, "c4", must not be taken as the answer: the question comes again.
        let entrada = format!("c4{}x\nC3\n", " ".repeat(LARGO_LINEA));
        let mut s = sesion(entrada.as_bytes());
        assert_eq!(s.preguntar("¿? ").unwrap().as_deref(), Some("C3"));
        let salida = String::from_utf8(s.salida).unwrap();
        assert_eq!(
            salida,
            "¿? Entrada no válida: la línea tiene más de 1024 bytes. Intenta de nuevo.\n¿? "
        );
    }

    #[test]
    fn crlf_bytes_invalidos_controles_y_ultima_linea_sin_salto() {
        let mut s = sesion(b"c4\r\n\xff\xfeC3\n\x1b[2J\ta\x07\npasar");
        let mut siguiente = || match s.leer_linea().unwrap() {
            Some(Linea::Completa(texto)) => Some(texto),
            otra => panic!("se esperaba una línea completa: {otra:?}"),
        };
        assert_eq!(siguiente().as_deref(), Some("c4"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}\u{FFFD}C3"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}[2J\ta\u{FFFD}"));
        assert_eq!(siguiente().as_deref(), Some("pasar"));
        assert_eq!(s.leer_linea().unwrap(), None);
    }

    #[test]
    fn eco_tras_la_pregunta() {
        let mut s = sesion(b"  c4  \n");
        s.eco = true;
        assert_eq!(s.preguntar("¿? ").unwrap().as_deref(), Some("c4"));
        assert_eq!(s.salida, "¿?   c4  \n".as_bytes());
        // At the end of the input the goodbye still starts on its own line.
        assert_eq!(s.preguntar("¿? ").unwrap(), None);
        assert!(s.salida.ends_with("¿? \n".as_bytes()));
    }
}
