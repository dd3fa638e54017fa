//! The game at the terminal: two people take turns at one keyboard, or a person plays
//! the computer, or two computers play.
//!
//! [`ejecutar`] reads lines from any [`BufRead`] and writes to any [`Write`], so the same
//! loop serves a person at a terminal, a piped transcript and the tests. It never
//! panics on its input: garbage, very long lines, bytes that are not UTF-8 and the end
//! of the input (Ctrl-D) at any prompt all have an answer, the last one a goodbye. No
//! line it writes is wider than a terminal's 80 columns (the help of the commands
//! aside), and with [`Opciones::recuperacion`] no game in progress is lost.

mod comando;
mod consola;

pub use self::consola::ErrorEntrada;
mod guardado;
mod historial;
mod jugadores;
mod jugar;
mod menu;
mod pantalla;
mod recuperacion;

use std::{
    io::{self, BufRead, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use self::{
    comando::{Comando, Tema},
    consola::Consola,
    guardado::Archivos,
    historial::{Historial, Retomada},
    jugadores::{HUMANOS, Jugadores},
    menu::Comienzo,
    pantalla::decir,
    recuperacion::{Ajustes, Recuperacion},
};
use crate::{
    Color, ErrorArchivo, Estado, Partida, PorColor, Posicion, Reglas, disco,
    interfaz::ajuste::{ajustar, mayuscula_inicial},
    motor::jugadores::Nivel,
    texto::{cantidad, ruta_visible},
};

/// How the game starts and looks.
#[derive(Clone, Debug)]
pub struct Opciones {
    /// Load this saved board and skip the start menu.
    pub cargar: Option<PathBuf>,
    /// Who moves on the loaded board. When `None`, the board's `.jugadas` (written
    /// beside it by `guardar`) says, or the players are asked. When given, it wins over
    /// the `.jugadas`, whose moves are then used only if they leave this turn.
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
    /// The folder of the recovery save: the game in progress is kept there after
    /// every move, and the start menu offers to continue it. `None` keeps nothing
    /// (tests and examples must not touch the user's folder); the program passes
    /// [`carpeta_de_recuperacion`].
    pub recuperacion: Option<PathBuf>,
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
            recuperacion: None,
        }
    }
}

/// The user's data folder for the recovery save: `$XDG_DATA_HOME/othello` on Linux
/// (`~/.local/share/othello` by default), the platform's equivalent elsewhere; `None`
/// when the system names no home folder.
pub fn carpeta_de_recuperacion() -> Option<PathBuf> {
    directories::ProjectDirs::from("cl", "uc", "othello")
        .map(|carpetas| carpetas.data_dir().to_owned())
}

/// What to tell a person whose game a signal ended (Ctrl-C, a closed terminal, a
/// kill) with the recovery copies in `carpeta`: where this process's game was kept, if
/// it was.
pub fn aviso_de_interrupcion(carpeta: &Path) -> Option<String> {
    recuperacion::de_este_proceso(carpeta).map(|ruta| {
        format!(
            "La partida quedó en «{}»: al volver, el menú ofrece seguirla.",
            ruta.display()
        )
    })
}

/// Why the game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ErrorJuego {
    /// The board of [`Opciones::cargar`] could not be loaded.
    #[error(transparent)]
    Carga(#[from] ErrorArchivo),
    /// The input, from a pipe or a file, is not text or not a game: the game stops
    /// (kept in its recovery copy) instead of reading or answering it forever.
    #[error(transparent)]
    Entrada(ErrorEntrada),
    /// Reading the input or writing the output failed.
    #[error("error de entrada o salida: {}", disco::describir_io(.0))]
    EntradaSalida(io::Error),
}

impl From<io::Error> for ErrorJuego {
    /// The console's [`ErrorEntrada`] travels as an I/O error of its own.
    fn from(error: io::Error) -> ErrorJuego {
        match error.downcast::<ErrorEntrada>() {
            Ok(entrada) => ErrorJuego::Entrada(entrada),
            Err(error) => ErrorJuego::EntradaSalida(error),
        }
    }
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
/// [`ErrorJuego::EntradaSalida`] if reading or writing fails (of kind
/// [`Interrupted`](io::ErrorKind::Interrupted) for Ctrl-C at the line editor). The end
/// of the input is not an error.
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
    let con_menu = cargada.is_none() && opciones.jugadores.is_none();
    if let (Some(recuperacion), false) = (&sesion.recuperacion, con_menu) {
        let pendientes = recuperacion.pendientes().len();
        if pendientes > 0 {
            let aviso = format!(
                "{} en «{}»: el menú (othello, sin opciones) {}.",
                cantidad(
                    pendientes as u64,
                    "partida interrumpida",
                    "partidas interrumpidas"
                ),
                recuperacion.carpeta().display(),
                if pendientes == 1 {
                    "la ofrece"
                } else {
                    "las ofrece"
                }
            );
            decir(&mut sesion.consola, &format!("Hay {aviso}"))?;
        }
    }
    let mut siguiente = match cargada {
        Some((ruta, tablero)) => {
            let encabezado = format!("Partida cargada de «{}»", ruta_visible(ruta));
            let consola = &mut sesion.consola;
            menu::abrir(consola, &encabezado, ruta, tablero, opciones.turno, reglas)?
        }
        None if con_menu => menu::menu(&mut sesion.consola, reglas, sesion.recuperacion.as_mut())?,
        None => Some(Comienzo::nueva(reglas, None)),
    };
    while let Some(comienzo) = siguiente {
        siguiente = match sesion.jugar_partida(comienzo)? {
            Fin::Salir => None,
            Fin::Otra => Some(Comienzo::nueva(reglas, None)),
        };
    }
    writeln!(sesion.consola, "¡Hasta luego!")?;
    Ok(())
}

/// How one game ended for the program.
enum Fin {
    /// The players quit, or the input ended.
    Salir,
    /// The players want another game.
    Otra,
}

/// What a player's action changed, and so what the game shows before it asks again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Efecto {
    /// Nothing: ask again.
    Nada,
    /// Only the view (the hints): draw the board again.
    Vista,
    /// The game but not the board (a pass): the board on screen still holds, unless it
    /// shows the hints, which were the passer's.
    Pase,
    /// The board: draw it.
    Tablero,
    /// The players leave; `conservar` keeps the recovery save (the game was not saved
    /// and the input ended).
    Dejar {
        /// Keep the recovery save.
        conservar: bool,
    },
    /// The game is over and the players want another.
    Otra,
}

/// Said when a move is typed on a computer player's turn.
const JUEGA_LA_COMPUTADORA: &str =
    "Ahora juega la computadora: Enter para que juegue, o escribe un comando.";

/// The question after a game ends, where the game can still be looked at, undone and
/// saved.
const OTRA_PARTIDA: &str =
    "¿Jugar otra partida? (s/n; o historial, deshacer, guardar) [Enter = n]: ";

/// The players' side of the program: where it reads and writes, and what it keeps
/// across games.
struct Sesion<R, W> {
    consola: Consola<R, W>,
    jugadores: Jugadores,
    /// Draw the pieces in color.
    color: bool,
    /// Between two computer players, play on without waiting for Enter.
    sin_pausa: bool,
    /// Where the game in progress is kept, if anywhere.
    recuperacion: Option<Recuperacion>,
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
    /// The board changed and was not drawn, to be drawn with the computer's answer.
    sin_dibujar: bool,
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
            recuperacion: opciones.recuperacion.clone().map(Recuperacion::en),
        }
    }

    fn bienvenida(&mut self) -> io::Result<()> {
        writeln!(
            self.consola,
            "Othello (Reversi) — Tarea 2, Introducción a la Programación UC"
        )?;
        writeln!(
            self.consola,
            "Durante la partida, «ayuda» muestra los comandos y «ayuda reglas», las reglas."
        )
    }

    /// Plays one game to its end, and past it while the players look back, or until
    /// they quit or the input ends.
    fn jugar_partida(&mut self, comienzo: Comienzo) -> io::Result<Fin> {
        if let Some(jugadores) = comienzo.jugadores {
            self.jugadores.sentar(jugadores);
        }
        if let Some(sin_pausa) = comienzo.sin_pausa {
            self.sin_pausa = sin_pausa;
        }
        let copias = self.recuperacion.as_ref().map(|r| r.carpeta().to_owned());
        let archivos = match comienzo.ajustes {
            // Taken up from its copy: as it was played.
            Some(ajustes) => {
                let azar = ajustes.avance_del_azar();
                let niveles = ajustes.niveles();
                (self.jugadores).reanudar(niveles, ajustes.semilla, ajustes.tiempo, azar);
                self.sin_pausa = ajustes.sin_pausa;
                Archivos::retomar(ajustes.archivo, ajustes.propios, copias)
            }
            None => Archivos::de(comienzo.archivo, copias),
        };
        let Retomada {
            partida,
            historial,
            ultima,
            ..
        } = comienzo.retomada;
        let mut juego = EnJuego {
            partida,
            historial,
            archivos,
            ultima,
            pistas: false,
            // A game continued from the recovery save is saved nowhere else.
            sin_guardar: comienzo.recuperada,
            sin_dibujar: false,
        };
        if let Some(anuncio) = self.jugadores.preparar() {
            decir(&mut self.consola, &anuncio)?;
        }
        self.mostrar(&mut juego, Efecto::Vista)?;
        loop {
            let efecto = match juego.partida.estado() {
                Estado::EnCurso => self.turno(&mut juego)?,
                Estado::Terminada { .. } => self.tras_el_final(&mut juego)?,
            };
            match efecto {
                Efecto::Dejar { conservar } => return self.dejar(conservar),
                Efecto::Otra => return Ok(Fin::Otra),
                _ => self.mostrar(&mut juego, efecto)?,
            }
        }
    }

    /// One turn of the side to move: the computer plays, a person's forced pass against
    /// the computer is made for them, or a person types a move or a command.
    fn turno(&mut self, juego: &mut EnJuego) -> io::Result<Efecto> {
        let turno = juego.partida.turno();
        let computadora = self.jugadores.es_computadora(turno);
        // Between two computer players the game waits for Enter, unless told not to;
        // against a person the computer answers at once.
        let pausa = !self.sin_pausa && !self.jugadores.hay_persona();
        if computadora && !pausa {
            return self.juega_la_computadora(juego);
        }
        let forzado = juego.partida.debe_pasar();
        if forzado && !computadora && self.jugadores.hay_computadora() {
            return self.pasar(juego);
        }
        let pregunta = if computadora {
            format!(
                "Enter: juegan {}; o escribe un comando: ",
                self.jugadores.quien(turno)
            )
        } else if forzado {
            format!(
                "Turno de las {} ({turno}) [Enter = pasar]: ",
                turno.nombre()
            )
        } else {
            format!("Turno de las {} ({turno}): ", turno.nombre())
        };
        self.consola
            .completar(comando::palabras(juego.partida.jugadas_validas()));
        let Some(linea) = self.consola.preguntar(&pregunta)? else {
            return Ok(Efecto::Dejar {
                conservar: juego.sin_guardar,
            });
        };
        match linea.parse::<Comando>() {
            Ok(comando) => self.hacer(juego, comando),
            Err(error) => {
                self.consola.rechazar(&format!("{error}."))?;
                Ok(Efecto::Nada)
            }
        }
    }

    /// Does what a player typed.
    fn hacer(&mut self, juego: &mut EnJuego, comando: Comando) -> io::Result<Efecto> {
        let turno = juego.partida.turno();
        let computadora = self.jugadores.es_computadora(turno);
        match comando {
            Comando::Nada if computadora => self.juega_la_computadora(juego),
            // A forced pass needs no more than Enter.
            Comando::Nada if juego.partida.debe_pasar() => self.pasar(juego),
            Comando::Nada => Ok(Efecto::Nada),
            Comando::Pasar | Comando::Colocar(_) if computadora => {
                self.consola.rechazar(JUEGA_LA_COMPUTADORA)?;
                Ok(Efecto::Nada)
            }
            Comando::Pasar => self.pasar(juego),
            Comando::Colocar(posicion) => self.colocar(juego, posicion),
            Comando::Guardar(nombre) => {
                let consola = &mut self.consola;
                if (juego.archivos).guardar(consola, &juego.partida, &juego.historial, &nombre)? {
                    juego.sin_guardar = false;
                }
                Ok(Efecto::Nada)
            }
            Comando::Tablero => Ok(Efecto::Vista),
            Comando::Pistas => {
                juego.pistas = !juego.pistas;
                let estado = if juego.pistas {
                    "activadas"
                } else {
                    "desactivadas"
                };
                writeln!(self.consola, "Pistas {estado}.")?;
                Ok(Efecto::Vista)
            }
            Comando::Ayuda(Tema::Comandos) => {
                let terminada = juego.partida.estado() != Estado::EnCurso;
                write!(self.consola, "{}", comando::ayuda(terminada))?;
                Ok(Efecto::Nada)
            }
            Comando::Ayuda(Tema::Reglas) => {
                write!(self.consola, "{}", comando::reglas(juego.partida.reglas()))?;
                Ok(Efecto::Nada)
            }
            Comando::Historial => {
                write!(self.consola, "{}", ajustar(&juego.historial.texto()))?;
                Ok(Efecto::Nada)
            }
            Comando::Sugerir => {
                let consejo = self.jugadores.consejo(&juego.partida);
                decir(&mut self.consola, &consejo)?;
                Ok(Efecto::Nada)
            }
            Comando::Deshacer => self.deshacer(juego),
            Comando::Salir => self.salir(juego),
        }
    }

    /// After the game ends: another game, or leave; before that the players may still
    /// look at the moves, undo (an accidental second pass) and save.
    fn tras_el_final(&mut self, juego: &mut EnJuego) -> io::Result<Efecto> {
        loop {
            let Some(linea) = self.consola.preguntar(OTRA_PARTIDA)? else {
                return Ok(Efecto::Dejar { conservar: false });
            };
            match linea.to_lowercase().as_str() {
                "s" | "si" | "sí" => return Ok(Efecto::Otra),
                "" | "n" | "no" => return Ok(Efecto::Dejar { conservar: false }),
                _ => {}
            }
            match linea.parse::<Comando>() {
                Ok(Comando::Salir) => return Ok(Efecto::Dejar { conservar: false }),
                Ok(comando) if comando.vale_al_final() => return self.hacer(juego, comando),
                _ => {}
            }
            self.consola.rechazar(
                "La partida terminó: responde «s» (otra partida) o «n» (salir); antes \
                 puedes escribir historial, deshacer o guardar («ayuda» para más).",
            )?;
        }
    }

    /// Shows what `efecto` changed: the board when it changed (or its view), the end
    /// of the game when it came, and a forced pass between two people. Against the
    /// computer, a change it answers at once is drawn with its answer: one board per
    /// turn, so that the person's own move does not scroll away. A change to the game
    /// also goes to the recovery save, or removes it at the end.
    fn mostrar(&mut self, juego: &mut EnJuego, efecto: Efecto) -> io::Result<()> {
        let estado = juego.partida.estado();
        let dibujar = match efecto {
            Efecto::Nada | Efecto::Dejar { .. } | Efecto::Otra => return Ok(()),
            Efecto::Vista => true,
            Efecto::Tablero | Efecto::Pase if self.sigue_sola(&juego.partida) => {
                juego.sin_dibujar |= efecto == Efecto::Tablero;
                false
            }
            Efecto::Tablero => true,
            // The hints were the passer's: drawn again, with the other side's or, at the
            // end, with none.
            Efecto::Pase => juego.pistas || juego.sin_dibujar,
        };
        if dibujar {
            juego.sin_dibujar = false;
            self.dibujar(juego)?;
        }
        if matches!(efecto, Efecto::Pase | Efecto::Tablero) {
            self.conservar(juego)?;
        }
        let partida = &juego.partida;
        let turno = partida.turno();
        match estado {
            Estado::Terminada { motivo, resultado } => {
                writeln!(self.consola, "Fin de la partida: {motivo}.")?;
                writeln!(
                    self.consola,
                    "{}.",
                    mayuscula_inicial(&resultado.to_string())
                )?;
            }
            Estado::EnCurso if partida.debe_pasar() && !self.jugadores.hay_computadora() => {
                decir(
                    &mut self.consola,
                    &format!(
                        "Las {} no tienen jugadas válidas: deben pasar (Enter o «pasar»).",
                        turno.nombre()
                    ),
                )?;
            }
            Estado::EnCurso => {}
        }
        Ok(())
    }

    /// Whether the game goes on from `partida` without asking the person who plays the
    /// computer: the computer moves at once, or the person's forced pass is made.
    fn sigue_sola(&self, partida: &Partida) -> bool {
        let jugadores = &self.jugadores;
        partida.estado() == Estado::EnCurso
            && jugadores.hay_persona()
            && jugadores.hay_computadora()
            && (jugadores.es_computadora(partida.turno()) || partida.debe_pasar())
    }

    /// Keeps the game in the recovery save, or removes it once the game is over.
    fn conservar(&mut self, juego: &EnJuego) -> io::Result<()> {
        let Some(recuperacion) = &mut self.recuperacion else {
            return Ok(());
        };
        if juego.partida.estado() != Estado::EnCurso {
            recuperacion.borrar();
            return Ok(());
        }
        let niveles = self.jugadores.niveles();
        let azar = self.jugadores.avance_del_azar();
        let ajustes = Ajustes {
            negro: niveles.negro,
            blanco: niveles.blanco,
            tiempo: self.jugadores.tiempo(),
            reglas: juego.partida.reglas(),
            semilla: self.jugadores.semilla(),
            azar: [azar.negro, azar.blanco],
            sin_pausa: self.sin_pausa,
            archivo: juego.archivos.ultimo().map(Path::to_owned),
            propios: juego.archivos.propios(),
        };
        if let Some(aviso) = recuperacion.guardar(&juego.partida, &juego.historial, &ajustes) {
            decir(&mut self.consola, &aviso)?;
        }
        Ok(())
    }

    /// The players leave: the recovery save stays if asked to `conservar` the game
    /// (and they are told where), or is removed.
    fn dejar(&mut self, conservar: bool) -> io::Result<Fin> {
        if let Some(recuperacion) = &mut self.recuperacion {
            match recuperacion.ruta() {
                Some(ruta) if conservar && recuperacion.guardada() => {
                    let aviso = format!(
                        "La partida sin guardar quedó en «{}»: al volver, el menú ofrece \
                         seguirla.",
                        ruta.display()
                    );
                    decir(&mut self.consola, &aviso)?;
                }
                _ => recuperacion.borrar(),
            }
        }
        Ok(Fin::Salir)
    }

    /// Leaves the game, offering to save unsaved changes first: a save that does not
    /// happen keeps the game going; the end of the input leaves, keeping the recovery
    /// save.
    fn salir(&mut self, juego: &mut EnJuego) -> io::Result<Efecto> {
        if !juego.sin_guardar {
            return Ok(Efecto::Dejar { conservar: false });
        }
        let pregunta = "Hay cambios sin guardar. ¿Guardar antes de salir?";
        match self.consola.confirmar(pregunta, true)? {
            None => Ok(Efecto::Dejar { conservar: true }),
            Some(false) => Ok(Efecto::Dejar { conservar: false }),
            Some(true) => {
                let consola = &mut self.consola;
                if (juego.archivos).guardar(consola, &juego.partida, &juego.historial, "")? {
                    Ok(Efecto::Dejar { conservar: false })
                } else {
                    writeln!(self.consola, "La partida sigue.")?;
                    Ok(Efecto::Nada)
                }
            }
        }
    }
}
