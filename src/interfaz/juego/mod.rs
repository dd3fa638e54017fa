//! The game at the terminal: two people take turns at one keyboard.
//!
//! [`ejecutar`] reads lines from any [`BufRead`] and writes to any [`Write`], so the same
//! loop serves a person at a terminal, a piped transcript and the tests. It never
//! panics on its input: garbage, very long lines, bytes that are not UTF-8 and the end
//! of the input (Ctrl-D) at any prompt all have an answer, the last one a goodbye.

mod comando;
mod consola;
mod guardado;
mod historial;
mod jugadores;
mod menu;

use std::{
    io::{self, BufRead, Write},
    path::PathBuf,
    time::Duration,
};

use self::{
    comando::Comando,
    consola::Consola,
    guardado::{Archivos, Guardado},
    historial::Historial,
    jugadores::{HUMANOS, Jugadores},
    menu::Comienzo,
};
use crate::{
    Bitboard, Color, ErrorArchivo, Estado, Jugada, Partida, PorColor, Posicion, Reglas, Vista,
    disco,
    motor::jugadores::{Nivel, sugerencia},
    texto::mayuscula_inicial,
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
    jugar(Consola::nueva(entrada, salida, opciones.eco), opciones)
}

/// Plays at the program's own terminal: with line editing (arrows, history, Tab
/// completing the commands and the valid moves) when standard input and output are
/// both terminals, otherwise as [`ejecutar`] over them, prompts and all.
///
/// # Errors
///
/// As [`ejecutar`].
pub fn ejecutar_en_la_terminal(opciones: &Opciones) -> Result<(), ErrorJuego> {
    match Consola::de_la_terminal() {
        Some(consola) => jugar(consola, opciones),
        None => ejecutar(io::stdin().lock(), io::stdout().lock(), opciones),
    }
}

/// Plays through `consola`, as [`ejecutar`] tells.
fn jugar<R: BufRead, W: Write>(
    consola: Consola<R, W>,
    opciones: &Opciones,
) -> Result<(), ErrorJuego> {
    // A board named on the command line is loaded before anything is shown, so a bad
    // file ends the program with its error alone.
    let cargada = match &opciones.cargar {
        Some(ruta) => Some((ruta, disco::cargar(ruta)?)),
        None => None,
    };
    let mut sesion = Sesion::abrir(consola, opciones);
    sesion.bienvenida()?;
    let reglas = opciones.reglas;
    let mut siguiente = match (cargada, opciones.jugadores) {
        (Some((ruta, tablero)), _) => {
            menu::abrir(&mut sesion.consola, ruta, tablero, opciones.turno, reglas)?
        }
        (None, Some(_)) => Some(Comienzo::nueva(reglas, None)),
        (None, None) => menu::menu(&mut sesion.consola, reglas)?,
    };
    while let Some(comienzo) = siguiente {
        siguiente = match sesion.jugar_partida(comienzo)? {
            Fin::Salir => None,
            Fin::Terminada => match sesion.consola.confirmar("¿Jugar otra partida? (s/n): ")? {
                Some(true) => Some(Comienzo::nueva(reglas, None)),
                _ => None,
            },
        };
    }
    writeln!(sesion.consola, "¡Hasta luego!")?;
    Ok(())
}

/// How one game ended for the program.
enum Fin {
    /// The players quit, or the input ended.
    Salir,
    /// The game reached one of its end conditions.
    Terminada,
}

/// Said when a move is typed on a computer player's turn.
const JUEGA_LA_COMPUTADORA: &str =
    "Ahora juega la computadora: Enter para que juegue, o escribe un comando.";

/// The players' side of the program: where it reads and writes, and what it keeps
/// across games.
struct Sesion<R, W> {
    consola: Consola<R, W>,
    jugadores: Jugadores,
    /// Draw the pieces in color.
    color: bool,
    /// Between two computer players, play on without waiting for Enter.
    sin_pausa: bool,
    /// How long the strong player thinks for a suggestion.
    tiempo: Duration,
}

/// The game at hand, as the players change it.
struct EnJuego {
    partida: Partida,
    historial: Historial,
    archivos: Archivos,
    /// The last move, marked on the board.
    ultima: Option<Posicion>,
    /// Show the valid moves on the board.
    pistas: bool,
    /// Something changed since the game was loaded, started or saved.
    sin_guardar: bool,
}

impl<R: BufRead, W: Write> Sesion<R, W> {
    /// A session with nothing played yet.
    fn abrir(consola: Consola<R, W>, opciones: &Opciones) -> Sesion<R, W> {
        Sesion {
            consola,
            jugadores: Jugadores::nuevos(
                opciones.jugadores.unwrap_or(HUMANOS),
                opciones.semilla,
                opciones.tiempo,
            ),
            color: opciones.color,
            sin_pausa: opciones.sin_pausa,
            tiempo: opciones.tiempo,
        }
    }

    fn bienvenida(&mut self) -> io::Result<()> {
        writeln!(
            self.consola,
            "Othello (Reversi) — Tarea 2, Introducción a la Programación UC"
        )?;
        writeln!(
            self.consola,
            "Escribe «ayuda» durante la partida para ver los comandos y las reglas."
        )
    }

    /// Plays one game to its end, or until the players quit or the input ends.
    fn jugar_partida(&mut self, comienzo: Comienzo) -> io::Result<Fin> {
        if let Some(jugadores) = comienzo.jugadores {
            self.jugadores.sentar(jugadores);
        }
        let mut juego = EnJuego {
            historial: Historial::nuevo(comienzo.partida.clone(), comienzo.cargada_de.clone()),
            archivos: Archivos::de(comienzo.cargada_de),
            partida: comienzo.partida,
            ultima: None,
            pistas: false,
            sin_guardar: false,
        };
        if let Some(anuncio) = self.jugadores.preparar() {
            writeln!(self.consola, "{anuncio}")?;
        }
        let mut redibujar = true;
        loop {
            if redibujar {
                self.mostrar(&juego)?;
                if let Estado::Terminada { motivo, resultado } = juego.partida.estado() {
                    writeln!(self.consola, "Fin de la partida: {motivo}.")?;
                    writeln!(
                        self.consola,
                        "{}.",
                        mayuscula_inicial(&resultado.to_string())
                    )?;
                    return Ok(Fin::Terminada);
                }
                if juego.partida.debe_pasar() {
                    writeln!(
                        self.consola,
                        "Las {} no tienen jugadas válidas: deben pasar (escribe «pasar»).",
                        juego.partida.turno().nombre()
                    )?;
                }
            }
            let turno = juego.partida.turno();
            let computadora = self.jugadores.es_computadora(turno);
            // Between two computer players the game waits for Enter, unless told not to;
            // against a person the computer answers at once.
            let pausa = !self.sin_pausa && !self.jugadores.hay_persona();
            let linea = if computadora && !pausa {
                String::new()
            } else {
                let pregunta = if computadora {
                    format!(
                        "Enter: juegan las {} ({}); o escribe un comando: ",
                        turno.nombre(),
                        self.jugadores.nivel(turno)
                    )
                } else {
                    format!("Turno de las {} ({turno}): ", turno.nombre())
                };
                self.consola
                    .completar(comando::palabras(juego.partida.jugadas_validas()));
                match self.consola.preguntar(&pregunta)? {
                    Some(linea) => linea,
                    None => return Ok(Fin::Salir),
                }
            };
            let comando = match linea.parse::<Comando>() {
                Ok(comando) => comando,
                Err(error) => {
                    writeln!(self.consola, "{error}.")?;
                    redibujar = false;
                    continue;
                }
            };
            redibujar = match comando {
                Comando::Nada if computadora => {
                    self.juega_la_computadora(&mut juego)?;
                    true
                }
                Comando::Nada => false,
                Comando::Pasar | Comando::Colocar(_) if computadora => {
                    writeln!(self.consola, "{JUEGA_LA_COMPUTADORA}")?;
                    false
                }
                Comando::Pasar => self.pasar(&mut juego)?,
                Comando::Colocar(posicion) => self.colocar(&mut juego, posicion)?,
                Comando::Guardar(nombre) => {
                    match juego.archivos.guardar(
                        &mut self.consola,
                        &juego.partida,
                        &juego.historial,
                        &nombre,
                    )? {
                        Guardado::Hecho => juego.sin_guardar = false,
                        Guardado::NoHecho => {}
                        Guardado::FinDeEntrada => return Ok(Fin::Salir),
                    }
                    false
                }
                Comando::Tablero => true,
                Comando::Pistas => {
                    juego.pistas = !juego.pistas;
                    let estado = if juego.pistas {
                        "activadas"
                    } else {
                        "desactivadas"
                    };
                    writeln!(self.consola, "Pistas {estado}.")?;
                    true
                }
                Comando::Ayuda => {
                    write!(self.consola, "{}", comando::ayuda(juego.partida.reglas()))?;
                    false
                }
                Comando::Historial => {
                    write!(self.consola, "{}", juego.historial.texto())?;
                    false
                }
                Comando::Sugerir => {
                    self.sugerir(&juego.partida)?;
                    false
                }
                Comando::Deshacer => self.deshacer(&mut juego)?,
                Comando::Salir => {
                    if self.salir(&mut juego)? {
                        return Ok(Fin::Salir);
                    }
                    false
                }
            };
        }
    }

    /// Draws the board with the counts.
    fn mostrar(&mut self, juego: &EnJuego) -> io::Result<()> {
        let partida = &juego.partida;
        let en_curso = partida.estado() == Estado::EnCurso;
        let pistas = juego.pistas && en_curso;
        let validas = if pistas {
            partida.jugadas_validas()
        } else {
            Bitboard::VACIO
        };
        let vista = Vista::de(partida.tablero())
            .ultima(juego.ultima)
            .pistas(validas)
            .color(self.color);
        writeln!(self.consola)?;
        write!(self.consola, "{vista}")?;
        writeln!(self.consola, "{}", vista.conteo())?;
        if pistas {
            let lista: Vec<String> = validas.into_iter().map(|p| p.to_string()).collect();
            if lista.is_empty() {
                writeln!(
                    self.consola,
                    "Pistas: las {} no tienen jugadas válidas.",
                    partida.turno().nombre()
                )?;
            } else {
                writeln!(self.consola, "Pistas (*): {}", lista.join(", "))?;
            }
        }
        Ok(())
    }

    /// A person passes, if the rules allow it. Whether the board changed.
    fn pasar(&mut self, juego: &mut EnJuego) -> io::Result<bool> {
        let turno = juego.partida.turno();
        let tenia_jugadas = !juego.partida.jugadas_validas().es_vacio();
        let antes = juego.partida.clone();
        if let Err(error) = juego.partida.jugar(Jugada::Pasar) {
            writeln!(self.consola, "Jugada no válida: {error}. Intenta de nuevo.")?;
            return Ok(false);
        }
        juego.historial.anotar(&antes, juego.ultima, Jugada::Pasar);
        writeln!(self.consola, "Las {} pasan.", turno.nombre())?;
        if tenia_jugadas {
            writeln!(
                self.consola,
                "(Tenían jugadas válidas: en esta variante se puede pasar igual.)"
            )?;
        }
        if juego.partida.estado() == Estado::EnCurso {
            writeln!(
                self.consola,
                "Si las {} también pasan, la partida termina.",
                (!turno).nombre()
            )?;
        }
        juego.ultima = None;
        juego.sin_guardar = true;
        Ok(true)
    }

    /// Plays a person's move, or says why it cannot be played. Whether the board
    /// changed.
    fn colocar(&mut self, juego: &mut EnJuego, posicion: Posicion) -> io::Result<bool> {
        let antes = juego.partida.clone();
        let turno = antes.turno();
        match juego.partida.jugar(Jugada::Colocar(posicion)) {
            Ok(volteadas) => {
                let n = volteadas.cantidad();
                let fichas = if n == 1 { "ficha" } else { "fichas" };
                writeln!(
                    self.consola,
                    "Las {} juegan {posicion} y voltean {n} {fichas}.",
                    turno.nombre()
                )?;
                juego
                    .historial
                    .anotar(&antes, juego.ultima, Jugada::Colocar(posicion));
                juego.ultima = Some(posicion);
                juego.sin_guardar = true;
                Ok(true)
            }
            Err(razon) => {
                writeln!(self.consola, "Jugada no válida: {razon}. Intenta de nuevo.")?;
                Ok(false)
            }
        }
    }

    /// The computer plays for the side to move, or passes without a valid move, and
    /// says so.
    fn juega_la_computadora(&mut self, juego: &mut EnJuego) -> io::Result<()> {
        let turno = juego.partida.turno();
        let quien = format!(
            "{} ({})",
            mayuscula_inicial(turno.singular()),
            self.jugadores.nivel(turno)
        );
        let antes = juego.partida.clone();
        let jugada = match self.jugadores.elegir(juego.partida.tablero(), turno) {
            Some(posicion) => {
                let volteadas = juego
                    .partida
                    .jugar(Jugada::Colocar(posicion))
                    .expect("la computadora elige jugadas válidas")
                    .cantidad();
                let fichas = if volteadas == 1 { "ficha" } else { "fichas" };
                writeln!(
                    self.consola,
                    "{quien} juega {posicion} y voltea {volteadas} {fichas}."
                )?;
                Jugada::Colocar(posicion)
            }
            None => {
                juego
                    .partida
                    .jugar(Jugada::Pasar)
                    .expect("sin jugadas válidas se puede pasar");
                writeln!(self.consola, "{quien} no tiene jugadas válidas y pasa.")?;
                Jugada::Pasar
            }
        };
        juego.historial.anotar(&antes, juego.ultima, jugada);
        juego.ultima = match jugada {
            Jugada::Colocar(posicion) => Some(posicion),
            Jugada::Pasar => None,
        };
        juego.sin_guardar = true;
        Ok(())
    }

    /// Asks the strong player for the best move of the side to move, without playing
    /// it.
    fn sugerir(&mut self, partida: &Partida) -> io::Result<()> {
        let turno = partida.turno();
        let Some(sugerida) = sugerencia(partida.tablero(), turno, self.tiempo) else {
            return writeln!(
                self.consola,
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
        writeln!(self.consola, "Sugerencia: {}, {valor}.", sugerida.posicion)
    }

    /// Undoes the last move or pass (and the computer's answer to it). Whether the
    /// board changed.
    fn deshacer(&mut self, juego: &mut EnJuego) -> io::Result<bool> {
        let contra_la_computadora = self.jugadores.hay_persona();
        let deshechos = juego
            .historial
            .deshacer(|color| contra_la_computadora && self.jugadores.es_computadora(color));
        let Some(primero) = deshechos.last() else {
            writeln!(
                self.consola,
                "No hay jugadas que deshacer: la partida está como empezó."
            )?;
            return Ok(false);
        };
        for paso in &deshechos {
            writeln!(
                self.consola,
                "Se deshizo «{}» de las {}.",
                paso.jugada,
                paso.antes.turno().nombre()
            )?;
        }
        juego.partida = primero.antes.clone();
        juego.ultima = primero.ultima_antes;
        juego.sin_guardar = true;
        Ok(true)
    }

    /// Leaves the game, offering to save unsaved changes first. Whether to leave.
    fn salir(&mut self, juego: &mut EnJuego) -> io::Result<bool> {
        if !juego.sin_guardar {
            return Ok(true);
        }
        let pregunta = "Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): ";
        if self.consola.confirmar(pregunta)? != Some(true) {
            return Ok(true);
        }
        match juego
            .archivos
            .guardar(&mut self.consola, &juego.partida, &juego.historial, "")?
        {
            Guardado::Hecho | Guardado::FinDeEntrada => Ok(true),
            Guardado::NoHecho => {
                writeln!(self.consola, "La partida sigue.")?;
                Ok(false)
            }
        }
    }
}
