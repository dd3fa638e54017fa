//! The game at the table, apart from how it is shown: who sits at each color, the game
//! at hand with its moves and its files, and the recovery copy that follows it.
//!
//! A face (the printed board of the homework, or the full-screen board) asks the
//! [`Mesa`] to do an [`Accion`] (a move, a pass, an undo, a save) and shows the
//! [`Evento`]s it returns, with their own text; the rules, the history, the saves and
//! the recovery copy live here once, so that the two faces cannot play, save or keep a
//! game differently, nor tell it differently. The events say what happened in the
//! game's words, the same for people and computers, and what to ask a person (whether
//! to replace a file).

use std::{
    fmt,
    path::{Path, PathBuf},
};

use super::{
    guardado::{Archivos, Destino, Guardado, NoGuardada},
    historial::{Historial, Retomada},
    jugadores::Jugadores,
    recuperacion::{Ajustes, Recuperacion},
};
use crate::renglones::mayuscula_inicial;
use othello::{
    Bitboard, Color, ErrorPartida, Estado, Jugada, Motivo, Partida, PorColor, Posicion, Reglas,
    Resultado, motor::jugadores::Nivel, texto::cantidad,
};

/// A game to play, as chosen in the menu or on the command line.
pub(super) struct Comienzo {
    /// The game, with the moves known before it.
    pub(super) retomada: Retomada,
    /// The file it was loaded from, offered when saving.
    pub(super) archivo: Option<PathBuf>,
    /// Who plays it; `None` to keep the players as they were.
    pub(super) jugadores: Option<PorColor<Nivel>>,
    /// Whether two computers play on without waiting; `None` to keep it.
    pub(super) sin_pausa: Option<bool>,
    /// The unfinished game of an earlier session: not saved anywhere but in its
    /// recovery copy.
    pub(super) recuperada: bool,
    /// How the unfinished game was played, as its copy says: it goes on so.
    pub(super) ajustes: Option<Ajustes>,
    /// What was said of it while it was chosen (loaded from where, with how many
    /// moves): the full-screen board, which opens after, says it again.
    pub(super) avisos: Vec<String>,
}

impl Comienzo {
    /// A new game from the start, under `reglas`, played by `jugadores` (or by whoever
    /// played before, if `None`).
    pub(super) fn nueva(reglas: Reglas, jugadores: Option<PorColor<Nivel>>) -> Comienzo {
        Comienzo::de(Partida::nueva().con_reglas(reglas), None, jugadores)
    }

    /// `partida`, with no moves known before it, loaded from `archivo` if it was.
    pub(super) fn de(
        partida: Partida,
        archivo: Option<&Path>,
        jugadores: Option<PorColor<Nivel>>,
    ) -> Comienzo {
        let archivo = archivo.map(Path::to_owned);
        Comienzo {
            retomada: Retomada {
                historial: Historial::nuevo(partida.clone(), archivo.clone()),
                partida,
                ultima: None,
                arreglo: None,
            },
            archivo,
            jugadores,
            sin_pausa: None,
            recuperada: false,
            ajustes: None,
            avisos: Vec::new(),
        }
    }
}

/// How one game ended for the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fin {
    /// The players quit, or the input ended.
    Salir,
    /// The players want another game.
    Otra,
}

/// What a player, or the game by itself, does to the game at hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Accion {
    /// A person puts a piece here.
    Colocar(Posicion),
    /// A person passes.
    Pasar,
    /// The computer plays for the side to move, or passes without a valid move.
    Computadora,
    /// The last move or pass is taken back; against the computer, back to a turn the
    /// person chose in.
    Deshacer,
    /// A person saves the game to this file (the board, and its moves beside it):
    /// saved, or first asked ([`Evento::Reemplazar`]) before replacing files this game
    /// did not write.
    Guardar(PathBuf),
    /// A person agrees to replace the files [`Evento::Reemplazar`] named: saved over
    /// them, if they are still as they were seen.
    Reemplazar(Destino),
    /// A person chose not to save: no name, or no to replacing a file.
    NoGuardar,
}

/// What happened to the game, for a face to show.
#[derive(Debug)]
pub(super) enum Evento {
    /// `quien` ("las negras (fuerte)") put a piece on `posicion`, flipping `volteadas`.
    Jugada {
        /// Who played, as [`Jugadores::quien`] names them.
        quien: String,
        /// Where.
        posicion: Posicion,
        /// The pieces it flipped.
        volteadas: Bitboard,
    },
    /// `quien` passed.
    Pase {
        /// Who passed, as [`Jugadores::quien`] names them.
        quien: String,
        /// Made without asking: the computer, or a person without a move against it.
        sin_preguntar: bool,
        /// They had valid moves and passed anyway, as the homework's rules allow.
        tenia_jugadas: bool,
        /// Between two people, the side that ends the game by passing too.
        otro_termina: Option<Color>,
    },
    /// This move or pass of `color` was taken back.
    Deshecha {
        /// What was taken back.
        jugada: Jugada,
        /// Who had played it.
        color: Color,
    },
    /// Nothing was played yet.
    NadaQueDeshacer,
    /// The move or pass was refused; the game is as it was.
    Rechazada(ErrorPartida),
    /// A person's move or pass on the computer's turn: it is the computer's to play.
    DeLaComputadora,
    /// The game was saved.
    Guardada(Guardado),
    /// Files this game did not write are where it is to be saved: a person answers
    /// [`Accion::Reemplazar`] or [`Accion::NoGuardar`]. Its text is the question.
    Reemplazar(Destino),
    /// The game was not saved, and why; it goes on.
    NoGuardada(NoGuardada),
    /// The recovery copy could not be written (told once); the game goes on.
    SinCopia(String),
    /// The game is over.
    Terminada {
        /// Why.
        motivo: Motivo,
        /// Who won.
        resultado: Resultado,
    },
}

impl Evento {
    /// Whether the board changed: a face draws it again.
    pub(super) fn cambia_el_tablero(&self) -> bool {
        matches!(self, Evento::Jugada { .. } | Evento::Deshecha { .. })
    }

    /// Whether it refuses what a player asked for, who is asked again.
    pub(super) fn es_rechazo(&self) -> bool {
        matches!(self, Evento::Rechazada(_) | Evento::DeLaComputadora)
    }
}

impl fmt::Display for Evento {
    /// What the game says, as whole sentences; some take more than one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evento::Jugada {
                quien,
                posicion,
                volteadas,
            } => write!(
                f,
                "{} juegan {posicion} y voltean {}.",
                mayuscula_inicial(quien),
                cantidad(volteadas.cantidad(), "ficha", "fichas")
            ),
            Evento::Pase {
                quien,
                sin_preguntar,
                tenia_jugadas,
                otro_termina,
            } => {
                let quien = mayuscula_inicial(quien);
                if *sin_preguntar {
                    write!(f, "{quien} no tienen jugadas válidas y pasan.")?;
                } else {
                    write!(f, "{quien} pasan.")?;
                }
                if *tenia_jugadas {
                    write!(
                        f,
                        "\n(Tenían jugadas válidas: en esta variante se puede pasar igual.)"
                    )?;
                }
                if let Some(otro) = otro_termina {
                    write!(
                        f,
                        "\nSi las {} también pasan, la partida termina.",
                        otro.nombre()
                    )?;
                }
                Ok(())
            }
            Evento::Deshecha { jugada, color } => {
                write!(f, "Se deshizo «{jugada}» de las {}.", color.nombre())
            }
            Evento::NadaQueDeshacer => write!(
                f,
                "No hay jugadas que deshacer: la partida está como empezó."
            ),
            Evento::Rechazada(razon) => write!(f, "Jugada no válida: {razon}. Intenta de nuevo."),
            Evento::DeLaComputadora => write!(
                f,
                "Ahora juega la computadora: no se puede jugar en su turno."
            ),
            Evento::Guardada(guardado) => write!(f, "{guardado}"),
            Evento::Reemplazar(destino) => write!(f, "{destino}"),
            Evento::NoGuardada(razon) => write!(f, "{razon}"),
            Evento::SinCopia(aviso) => write!(f, "{aviso}"),
            Evento::Terminada { motivo, resultado } => write!(
                f,
                "Fin de la partida: {motivo}.\n{}.",
                mayuscula_inicial(&resultado.to_string())
            ),
        }
    }
}

/// The table: who sits at each color (kept across games, so that the computers'
/// randomness goes on), the game at hand, and where it is kept.
pub(super) struct Mesa {
    jugadores: Jugadores,
    /// Between two computer players, play on without waiting.
    sin_pausa: bool,
    /// Where the game in progress is kept, if anywhere.
    recuperacion: Option<Recuperacion>,
    partida: Partida,
    historial: Historial,
    archivos: Archivos,
    /// The last move, marked on the board.
    ultima: Option<Posicion>,
    /// Something changed since the game was loaded, started or saved.
    sin_guardar: bool,
}

impl Mesa {
    /// `jugadores` at the table, with a new game set under `reglas` and the recovery
    /// copies in `recuperacion`.
    pub(super) fn nueva(
        jugadores: Jugadores,
        sin_pausa: bool,
        recuperacion: Option<Recuperacion>,
        reglas: Reglas,
    ) -> Mesa {
        let partida = Partida::nueva().con_reglas(reglas);
        Mesa {
            jugadores,
            sin_pausa,
            recuperacion,
            historial: Historial::nuevo(partida.clone(), None),
            partida,
            archivos: Archivos::default(),
            ultima: None,
            sin_guardar: false,
        }
    }

    /// Sets `comienzo` on the table, with its players as it says (as it was played, for
    /// a game taken up from its copy). Who plays and the seed that repeats the
    /// computers' choices, to be told; `None` between two people.
    pub(super) fn empezar(&mut self, comienzo: Comienzo) -> Option<String> {
        if let Some(jugadores) = comienzo.jugadores {
            self.jugadores.sentar(jugadores);
        }
        if let Some(sin_pausa) = comienzo.sin_pausa {
            self.sin_pausa = sin_pausa;
        }
        let copias = self.recuperacion.as_ref().map(|r| r.carpeta().to_owned());
        self.archivos = match comienzo.ajustes {
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
        self.partida = partida;
        self.historial = historial;
        self.ultima = ultima;
        // A game continued from the recovery copy is saved nowhere else.
        self.sin_guardar = comienzo.recuperada;
        self.jugadores.preparar()
    }

    /// The game at hand.
    pub(super) fn partida(&self) -> &Partida {
        &self.partida
    }

    /// Its moves.
    pub(super) fn historial(&self) -> &Historial {
        &self.historial
    }

    /// The last move, to mark on the board.
    pub(super) fn ultima(&self) -> Option<Posicion> {
        self.ultima
    }

    /// Who plays.
    pub(super) fn jugadores(&self) -> &Jugadores {
        &self.jugadores
    }

    /// Whether two computers play on without waiting.
    pub(super) fn sin_pausa(&self) -> bool {
        self.sin_pausa
    }

    /// Whether something changed since the game was loaded, started or saved.
    pub(super) fn sin_guardar(&self) -> bool {
        self.sin_guardar
    }

    /// The recovery copies, for the menu to offer.
    pub(super) fn recuperacion(&mut self) -> Option<&mut Recuperacion> {
        self.recuperacion.as_mut()
    }

    /// What the game does now without asking a person: the computer's move, or a
    /// person's forced pass against the computer; `None` when a person is to choose,
    /// or the game is over.
    pub(super) fn sola(&self) -> Option<Accion> {
        let turno = self.partida.turno();
        let jugadores = &self.jugadores;
        match self.partida.estado() {
            Estado::Terminada { .. } => None,
            Estado::EnCurso if jugadores.es_computadora(turno) => Some(Accion::Computadora),
            Estado::EnCurso if self.partida.debe_pasar() && jugadores.hay_computadora() => {
                Some(Accion::Pasar)
            }
            Estado::EnCurso => None,
        }
    }

    /// Whether the game goes on from here without asking the person who plays the
    /// computer: a change now is shown with the computer's answer.
    pub(super) fn sigue_sola(&self) -> bool {
        self.jugadores.hay_persona() && self.sola().is_some()
    }

    /// The end of the game, if it is over.
    pub(super) fn fin(&self) -> Option<Evento> {
        match self.partida.estado() {
            Estado::Terminada { motivo, resultado } => {
                Some(Evento::Terminada { motivo, resultado })
            }
            Estado::EnCurso => None,
        }
    }

    /// Does `accion`, and says what happened: what changed, the recovery copy's
    /// failure (once), and the end if it came; for a save, whether it was saved, or
    /// the question to ask first. A refused action changes nothing.
    pub(super) fn aplicar(&mut self, accion: Accion) -> Vec<Evento> {
        let de_la_computadora = self.jugadores.es_computadora(self.partida.turno());
        let hecho = match accion {
            Accion::Guardar(ruta) => return vec![self.guardar(ruta)],
            Accion::Reemplazar(destino) => return vec![self.escribir(destino)],
            Accion::NoGuardar => return vec![Evento::NoGuardada(NoGuardada::Cancelada)],
            Accion::Colocar(_) | Accion::Pasar if de_la_computadora => {
                return vec![Evento::DeLaComputadora];
            }
            Accion::Colocar(posicion) => self.colocar(posicion),
            Accion::Pasar => self.pasar(),
            Accion::Computadora if !de_la_computadora => return Vec::new(),
            Accion::Computadora => match self
                .jugadores
                .elegir(self.partida.tablero(), self.partida.turno())
            {
                Some(posicion) => self.colocar(posicion),
                None => self.pasar(),
            },
            Accion::Deshacer => self.deshacer(),
        };
        let mut eventos = match hecho {
            Ok(eventos) => eventos,
            Err(evento) => return vec![evento],
        };
        self.sin_guardar = true;
        eventos.extend(self.conservar());
        eventos.extend(self.fin());
        eventos
    }

    /// Puts the side to move's piece on `posicion`.
    fn colocar(&mut self, posicion: Posicion) -> Result<Vec<Evento>, Evento> {
        let turno = self.partida.turno();
        let antes = self.partida.clone();
        let volteadas = (self.partida)
            .jugar(Jugada::Colocar(posicion))
            .map_err(Evento::Rechazada)?;
        self.anotar(&antes, Jugada::Colocar(posicion));
        Ok(vec![Evento::Jugada {
            quien: self.jugadores.quien(turno),
            posicion,
            volteadas,
        }])
    }

    /// The side to move passes, if the rules allow it.
    fn pasar(&mut self) -> Result<Vec<Evento>, Evento> {
        let turno = self.partida.turno();
        let tenia_jugadas = !self.partida.jugadas_validas().es_vacio();
        let antes = self.partida.clone();
        (self.partida)
            .jugar(Jugada::Pasar)
            .map_err(Evento::Rechazada)?;
        self.anotar(&antes, Jugada::Pasar);
        let entre_personas = !self.jugadores.hay_computadora();
        Ok(vec![Evento::Pase {
            quien: self.jugadores.quien(turno),
            sin_preguntar: !tenia_jugadas && !entre_personas,
            tenia_jugadas,
            otro_termina: (entre_personas && self.partida.estado() == Estado::EnCurso)
                .then_some(!turno),
        }])
    }

    /// Notes `jugada`, played on `antes`, in the history, and marks it on the board.
    fn anotar(&mut self, antes: &Partida, jugada: Jugada) {
        self.historial.anotar(antes, self.ultima, jugada);
        self.ultima = match jugada {
            Jugada::Colocar(posicion) => Some(posicion),
            Jugada::Pasar => None,
        };
    }

    /// Takes back the last move or pass. Against the computer, its answer is undone
    /// with the person's move, and so are the person's forced passes (made for them),
    /// so that the person gets back a turn they chose in.
    fn deshacer(&mut self) -> Result<Vec<Evento>, Evento> {
        let jugadores = &self.jugadores;
        let contra_la_computadora = jugadores.hay_persona() && jugadores.hay_computadora();
        let deshechos = self.historial.deshacer(|paso| {
            contra_la_computadora
                && (jugadores.es_computadora(paso.antes.turno()) || paso.antes.debe_pasar())
        });
        let primero = deshechos.last().ok_or(Evento::NadaQueDeshacer)?;
        self.partida = primero.antes.clone();
        self.ultima = primero.ultima_antes;
        Ok(deshechos
            .iter()
            .map(|paso| Evento::Deshecha {
                jugada: paso.jugada,
                color: paso.antes.turno(),
            })
            .collect())
    }

    /// Keeps the game in the recovery copy, or removes the copy once the game is
    /// over; the copy's failure, the first time.
    fn conservar(&mut self) -> Option<Evento> {
        let recuperacion = self.recuperacion.as_mut()?;
        if self.partida.estado() != Estado::EnCurso {
            recuperacion.borrar();
            return None;
        }
        let niveles = self.jugadores.niveles();
        let azar = self.jugadores.avance_del_azar();
        let ajustes = Ajustes {
            negro: niveles.negro,
            blanco: niveles.blanco,
            tiempo: self.jugadores.tiempo(),
            reglas: self.partida.reglas(),
            semilla: self.jugadores.semilla(),
            azar: [azar.negro, azar.blanco],
            sin_pausa: self.sin_pausa,
            archivo: self.archivos.ultimo().map(Path::to_owned),
            propios: self.archivos.propios(),
        };
        recuperacion
            .guardar(&self.partida, &self.historial, &ajustes)
            .map(Evento::SinCopia)
    }

    /// The file offered when saving, if any.
    pub(super) fn ultimo_archivo(&self) -> Option<&Path> {
        self.archivos.ultimo()
    }

    /// Saves the game to `ruta`, with its moves beside it, unless files this game did
    /// not write are there: then the question, or why it cannot be saved there.
    fn guardar(&mut self, ruta: PathBuf) -> Evento {
        match self.archivos.destino(ruta) {
            Ok(destino) if destino.hay_ajenos() => Evento::Reemplazar(destino),
            Ok(destino) => self.escribir(destino),
            Err(razon) => Evento::NoGuardada(razon),
        }
    }

    /// Saves the game to `destino`, over the files there that it saw.
    fn escribir(&mut self, destino: Destino) -> Evento {
        match (self.archivos).escribir(&self.partida, &self.historial, destino) {
            Ok(guardado) => {
                self.sin_guardar = false;
                Evento::Guardada(guardado)
            }
            Err(razon) => Evento::NoGuardada(razon),
        }
    }

    /// The strong player's advice for the side to move, in the students' terms.
    pub(super) fn consejo(&mut self) -> String {
        self.jugadores.consejo(&self.partida)
    }

    /// The players leave: the recovery copy stays if asked to `conservar` the game and
    /// it is kept (where, to be told), or is removed.
    pub(super) fn dejar(&mut self, conservar: bool) -> Option<PathBuf> {
        let recuperacion = self.recuperacion.as_mut()?;
        match recuperacion.ruta() {
            Some(ruta) if conservar && recuperacion.guardada() => Some(ruta.to_owned()),
            _ => {
                recuperacion.borrar();
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use othello::Tablero;

    /// A table with `niveles` and a new game set, its copies in `copias` if given.
    fn mesa(niveles: PorColor<Nivel>, copias: Option<&Path>) -> Mesa {
        let jugadores = Jugadores::nuevos(niveles, Some(7), Duration::from_millis(10));
        let recuperacion = copias.map(|carpeta| Recuperacion::en(carpeta.to_owned()));
        let mut mesa = Mesa::nueva(jugadores, true, recuperacion, Reglas::Tarea);
        mesa.empezar(Comienzo::nueva(Reglas::Tarea, None));
        mesa
    }

    fn posicion(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    const PERSONAS: PorColor<Nivel> = PorColor::new(Nivel::Humano, Nivel::Humano);
    const CONTRA_LIBRO: PorColor<Nivel> = PorColor::new(Nivel::Humano, Nivel::Libro);

    #[test]
    fn una_jugada_dice_que_volteo_y_una_invalida_no_cambia_nada() {
        let mut mesa = mesa(PERSONAS, None);
        let eventos = mesa.aplicar(Accion::Colocar(posicion("C4")));
        let [Evento::Jugada { volteadas, .. }] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        assert_eq!(*volteadas, Bitboard::from(posicion("D4")));
        assert_eq!(
            eventos[0].to_string(),
            "Las negras juegan C4 y voltean 1 ficha."
        );
        assert!(eventos[0].cambia_el_tablero());
        assert_eq!(mesa.ultima(), Some(posicion("C4")));
        assert!(mesa.sin_guardar());

        let antes = mesa.partida().clone();
        let eventos = mesa.aplicar(Accion::Colocar(posicion("A1")));
        assert!(matches!(eventos.as_slice(), [Evento::Rechazada(_)]));
        assert!(eventos[0].es_rechazo());
        assert_eq!(
            eventos[0].to_string(),
            "Jugada no válida: una ficha en A1 no flanquea ninguna ficha rival. Intenta de nuevo."
        );
        assert_eq!(mesa.partida(), &antes);
        assert_eq!(mesa.historial().cantidad(), 1);
    }

    #[test]
    fn dos_pases_seguidos_terminan_la_partida_y_lo_dicen() {
        let mut mesa = mesa(PERSONAS, None);
        let eventos = mesa.aplicar(Accion::Pasar);
        assert_eq!(
            eventos[0].to_string(),
            "Las negras pasan.\n(Tenían jugadas válidas: en esta variante se puede pasar \
             igual.)\nSi las blancas también pasan, la partida termina."
        );
        assert!(mesa.fin().is_none());
        let eventos = mesa.aplicar(Accion::Pasar);
        assert!(matches!(
            eventos.as_slice(),
            [Evento::Pase { .. }, Evento::Terminada { .. }]
        ));
        assert!(eventos[1].to_string().starts_with("Fin de la partida: "));
        assert_eq!(mesa.sola(), None);
        let eventos = mesa.aplicar(Accion::Pasar);
        assert!(matches!(
            eventos.as_slice(),
            [Evento::Rechazada(ErrorPartida::Terminada(_))]
        ));
    }

    #[test]
    fn contra_la_computadora_juega_ella_y_deshacer_vuelve_al_turno_de_la_persona() {
        let mut mesa = mesa(CONTRA_LIBRO, None);
        assert_eq!(mesa.sola(), None);
        mesa.aplicar(Accion::Colocar(posicion("C4")));
        assert_eq!(mesa.sola(), Some(Accion::Computadora));
        assert!(mesa.sigue_sola());
        // A person cannot play for it.
        let eventos = mesa.aplicar(Accion::Colocar(posicion("C3")));
        assert!(matches!(eventos.as_slice(), [Evento::DeLaComputadora]));
        let eventos = mesa.aplicar(Accion::Computadora);
        let [Evento::Jugada { quien, .. }] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        assert_eq!(quien, "las blancas (libro)");
        // Nothing for the computer to do on a person's turn.
        assert!(mesa.aplicar(Accion::Computadora).is_empty());

        let eventos = mesa.aplicar(Accion::Deshacer);
        let textos: Vec<String> = eventos.iter().map(ToString::to_string).collect();
        assert_eq!(textos.len(), 2, "{textos:?}");
        assert_eq!(textos[1], "Se deshizo «C4» de las negras.");
        assert_eq!(mesa.partida().tablero(), &Tablero::inicial());
        assert_eq!(mesa.ultima(), None);
        let eventos = mesa.aplicar(Accion::Deshacer);
        assert!(matches!(eventos.as_slice(), [Evento::NadaQueDeshacer]));
    }

    #[test]
    fn la_copia_de_recuperacion_sigue_cada_jugada_y_se_borra_al_dejar() {
        let carpeta = tempfile::tempdir().unwrap();
        let mut mesa = mesa(PERSONAS, Some(carpeta.path()));
        mesa.aplicar(Accion::Colocar(posicion("C4")));
        let copia = mesa.dejar(true).expect("la copia quedó");
        assert_eq!(
            othello::disco::cargar(&copia).unwrap(),
            *mesa.partida().tablero()
        );
        mesa.aplicar(Accion::Colocar(posicion("C3")));
        assert_eq!(mesa.dejar(false), None);
        assert!(!copia.exists());
    }

    /// What another program wrote in [`con_un_archivo_ajeno`]'s file.
    const AJENO: &str = "de otra partida\n";

    /// A file in `carpeta` that the game did not write, and a game between two people
    /// with a move played.
    fn con_un_archivo_ajeno(carpeta: &Path) -> (PathBuf, Mesa) {
        let ruta = carpeta.join("p.txt");
        std::fs::write(&ruta, AJENO).unwrap();
        let mut mesa = mesa(PERSONAS, None);
        mesa.aplicar(Accion::Colocar(posicion("C4")));
        (ruta, mesa)
    }

    /// The events of saving to `ruta`.
    fn guardar(mesa: &mut Mesa, ruta: &Path) -> Vec<Evento> {
        mesa.aplicar(Accion::Guardar(ruta.to_owned()))
    }

    #[test]
    fn guardar_pregunta_solo_por_archivos_ajenos_y_deja_la_partida_guardada() {
        let carpeta = tempfile::tempdir().unwrap();
        let (ruta, mut mesa) = con_un_archivo_ajeno(carpeta.path());
        let eventos = guardar(&mut mesa, &ruta);
        let [Evento::Reemplazar(destino)] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        assert_eq!(
            eventos[0].to_string(),
            format!("«{}» ya existe. ¿Sobrescribirlo?", ruta.display())
        );
        let ahora = std::fs::read_to_string(&ruta).unwrap();
        assert_eq!(ahora, AJENO, "nada se escribe antes");
        // Yes: saved over it.
        let eventos = mesa.aplicar(Accion::Reemplazar(destino.clone()));
        assert!(
            matches!(eventos.as_slice(), [Evento::Guardada(_)]),
            "{eventos:?}"
        );
        assert!(!mesa.sin_guardar());
        assert_eq!(mesa.ultimo_archivo(), Some(ruta.as_path()));
        assert_eq!(
            othello::disco::cargar(&ruta).unwrap(),
            *mesa.partida().tablero()
        );
        // Its own files now: saved over without asking.
        let eventos = guardar(&mut mesa, &ruta);
        assert!(
            matches!(eventos.as_slice(), [Evento::Guardada(_)]),
            "{eventos:?}"
        );
        let ilegible = carpeta.path().join("p\u{FFFD}.txt");
        let eventos = guardar(&mut mesa, &ilegible);
        assert!(
            matches!(
                eventos.as_slice(),
                [Evento::NoGuardada(NoGuardada::NombreIlegible)]
            ),
            "{eventos:?}"
        );
    }

    #[test]
    fn no_guardar_lo_dice_y_deja_todo_como_estaba() {
        let carpeta = tempfile::tempdir().unwrap();
        let (ruta, mut mesa) = con_un_archivo_ajeno(carpeta.path());
        let eventos = guardar(&mut mesa, &ruta);
        assert!(matches!(eventos.as_slice(), [Evento::Reemplazar(_)]));
        let eventos = mesa.aplicar(Accion::NoGuardar);
        let [evento @ Evento::NoGuardada(NoGuardada::Cancelada)] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        assert_eq!(evento.to_string(), "No se guardó.");
        assert!(mesa.sin_guardar());
        assert_eq!(mesa.ultimo_archivo(), None);
        assert_eq!(std::fs::read_to_string(&ruta).unwrap(), AJENO);
    }

    #[test]
    fn se_guarda_tambien_en_el_turno_de_la_computadora() {
        // A save is no move: the computer's turn does not refuse it.
        let carpeta = tempfile::tempdir().unwrap();
        let ruta = carpeta.path().join("p.txt");
        let mut mesa = mesa(CONTRA_LIBRO, None);
        mesa.aplicar(Accion::Colocar(posicion("C4")));
        assert_eq!(mesa.sola(), Some(Accion::Computadora));
        let eventos = guardar(&mut mesa, &ruta);
        let [Evento::Guardada(guardado)] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        assert_eq!(guardado.ruta, ruta);
        assert_eq!(mesa.historial().cantidad(), 1, "la computadora no jugó");
    }

    #[test]
    fn un_archivo_que_otro_escribio_despues_de_preguntar_no_se_reemplaza() {
        let carpeta = tempfile::tempdir().unwrap();
        let (ruta, mut mesa) = con_un_archivo_ajeno(carpeta.path());
        let eventos = guardar(&mut mesa, &ruta);
        let [Evento::Reemplazar(destino)] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        // Another game saves there between the question and the answer.
        std::fs::write(&ruta, "de otra partida, más larga\n").unwrap();
        let eventos = mesa.aplicar(Accion::Reemplazar(destino.clone()));
        assert!(
            matches!(
                eventos.as_slice(),
                [Evento::NoGuardada(NoGuardada::Adelantada(_))]
            ),
            "{eventos:?}"
        );
        assert!(mesa.sin_guardar());
        let ahora = std::fs::read_to_string(&ruta).unwrap();
        assert_eq!(ahora, "de otra partida, más larga\n");
        // Asked again, and the person agrees to replace it: saved.
        let eventos = guardar(&mut mesa, &ruta);
        let [Evento::Reemplazar(destino)] = eventos.as_slice() else {
            panic!("{eventos:?}");
        };
        let eventos = mesa.aplicar(Accion::Reemplazar(destino.clone()));
        assert!(
            matches!(eventos.as_slice(), [Evento::Guardada(_)]),
            "{eventos:?}"
        );
        assert!(!mesa.sin_guardar());
    }
}
