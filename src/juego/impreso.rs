//! The homework's face of the game: the board printed again after each turn, moves and
//! commands typed at a prompt, every line fitted to a terminal's 80 columns. It shows
//! what the [`Mesa`] says happened, and keeps only what is its own: the hints, and a
//! board not drawn yet.

use std::{
    io::{self, BufRead, Write},
    path::PathBuf,
};

use super::{
    comando::{self, Comando, Tema},
    consola::{Consola, nombre_escrito},
    mesa::{Accion, Comienzo, Evento, Fin, Mesa},
};
use crate::{renglones::ajustar, vista::Vista};
use othello::{Bitboard, Estado, texto::ruta_visible};

/// What cancels the save when typed as the file's name (as an empty line does when no
/// name is offered, and the end of the input always).
const CANCELAR: &str = "cancelar";

/// The question for the file's name when a name is offered (said on the line before):
/// short, so that a typed name of 30 characters fits on its line of 80 columns.
const ARCHIVO: &str = "Archivo a guardar: ";

/// The question for the file's name when no name is offered, as short.
const ARCHIVO_SIN_OFRECER: &str = "Archivo a guardar (Enter = no guardar): ";

/// The question after a game ends, where the game can still be looked at, undone and
/// saved.
const OTRA_PARTIDA: &str =
    "¿Jugar otra partida? (s/n; o historial, deshacer, guardar) [Enter = n]: ";

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
    /// The players leave; `conservar` keeps the recovery copy (the game was not saved
    /// and the input ended).
    Dejar {
        /// Keep the recovery copy.
        conservar: bool,
    },
    /// The game is over and the players want another.
    Otra,
}

/// One game on the printed board: the console, the table, and the view.
struct Impreso<'a, R, W> {
    consola: &'a mut Consola<R, W>,
    mesa: &'a mut Mesa,
    /// Draw the pieces in color.
    color: bool,
    /// Show the valid moves on the board.
    pistas: bool,
    /// The board changed and was not drawn, to be drawn with the computer's answer.
    sin_dibujar: bool,
}

/// Plays `comienzo` on the printed board to its end, and past it while the players
/// look back, or until they quit or the input ends.
pub(super) fn jugar_partida<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    mesa: &mut Mesa,
    color: bool,
    comienzo: Comienzo,
) -> io::Result<Fin> {
    if let Some(anuncio) = mesa.empezar(comienzo) {
        consola.decir(&anuncio)?;
    }
    let mut impreso = Impreso {
        consola,
        mesa,
        color,
        pistas: false,
        sin_dibujar: false,
    };
    impreso.mostrar(Efecto::Vista, Vec::new())?;
    loop {
        let (efecto, eventos) = match impreso.mesa.partida().estado() {
            Estado::EnCurso => impreso.turno()?,
            Estado::Terminada { .. } => impreso.tras_el_final()?,
        };
        match efecto {
            Efecto::Dejar { conservar } => return impreso.dejar(conservar),
            Efecto::Otra => return Ok(Fin::Otra),
            _ => impreso.mostrar(efecto, eventos)?,
        }
    }
}

/// What a player's action did: its effect on the screen, and what the table said
/// after the board (the recovery copy's failure, the end of the game).
type Hecho = (Efecto, Vec<Evento>);

impl<R: BufRead, W: Write> Impreso<'_, R, W> {
    /// One turn of the side to move: the computer plays, a person's forced pass against
    /// the computer is made for them, or a person types a move or a command.
    fn turno(&mut self) -> io::Result<Hecho> {
        // Between two computer players the game waits for Enter, unless told not to;
        // against a person the computer answers at once.
        let pausa = !self.mesa.sin_pausa() && !self.mesa.jugadores().hay_persona();
        if let (Some(accion), false) = (self.mesa.sola(), pausa) {
            return self.aplicar(accion);
        }
        let partida = self.mesa.partida();
        let turno = partida.turno();
        let jugadores = self.mesa.jugadores();
        let computadora = jugadores.es_computadora(turno);
        let pregunta = if computadora {
            format!(
                "Enter: juegan {}; o escribe un comando: ",
                jugadores.quien(turno)
            )
        } else if partida.debe_pasar() {
            format!(
                "Turno de las {} ({turno}) [Enter = pasar]: ",
                turno.nombre()
            )
        } else {
            format!("Turno de las {} ({turno}): ", turno.nombre())
        };
        self.consola
            .completar(comando::palabras(partida.jugadas_validas()));
        let Some(linea) = self.consola.preguntar(&pregunta)? else {
            let conservar = self.mesa.sin_guardar();
            return Ok((Efecto::Dejar { conservar }, Vec::new()));
        };
        match linea.parse::<Comando>() {
            Ok(comando) => self.hacer(comando),
            Err(error) => {
                self.consola.rechazar(&format!("{error}."))?;
                Ok((Efecto::Nada, Vec::new()))
            }
        }
    }

    /// Has the table do `accion`: what changed is said before the board, the rest
    /// after it; a refusal asks again.
    fn aplicar(&mut self, accion: Accion) -> io::Result<Hecho> {
        let mut efecto = Efecto::Nada;
        let mut despues = Vec::new();
        for evento in self.mesa.aplicar(accion) {
            match &evento {
                _ if evento.es_rechazo() => self.consola.rechazar(&evento.to_string())?,
                _ if evento.cambia_el_tablero() => {
                    efecto = Efecto::Tablero;
                    writeln!(self.consola, "{evento}")?;
                }
                Evento::Pase { .. } => {
                    efecto = Efecto::Pase;
                    writeln!(self.consola, "{evento}")?;
                }
                Evento::NadaQueDeshacer => writeln!(self.consola, "{evento}")?,
                _ => despues.push(evento),
            }
        }
        Ok((efecto, despues))
    }

    /// Does what a player typed.
    fn hacer(&mut self, comando: Comando) -> io::Result<Hecho> {
        let nada = Ok((Efecto::Nada, Vec::new()));
        let partida = self.mesa.partida();
        let computadora = self.mesa.jugadores().es_computadora(partida.turno());
        let (debe_pasar, reglas) = (partida.debe_pasar(), partida.reglas());
        let terminada = partida.estado() != Estado::EnCurso;
        match comando {
            Comando::Nada if computadora => self.aplicar(Accion::Computadora),
            // A forced pass needs no more than Enter.
            Comando::Nada if debe_pasar => self.aplicar(Accion::Pasar),
            Comando::Nada => nada,
            Comando::Pasar => self.aplicar(Accion::Pasar),
            Comando::Colocar(posicion) => self.aplicar(Accion::Colocar(posicion)),
            Comando::Deshacer => self.aplicar(Accion::Deshacer),
            Comando::Guardar(nombre) => {
                self.guardar(&nombre)?;
                nada
            }
            Comando::Tablero => Ok((Efecto::Vista, Vec::new())),
            Comando::Pistas => {
                self.pistas = !self.pistas;
                let estado = if self.pistas {
                    "activadas"
                } else {
                    "desactivadas"
                };
                writeln!(self.consola, "Pistas {estado}.")?;
                Ok((Efecto::Vista, Vec::new()))
            }
            Comando::Ayuda(Tema::Comandos) => {
                write!(self.consola, "{}", comando::ayuda(terminada))?;
                nada
            }
            Comando::Ayuda(Tema::Reglas) => {
                write!(self.consola, "{}", comando::reglas(reglas))?;
                nada
            }
            Comando::Historial => {
                let texto = ajustar(&self.mesa.historial().texto());
                write!(self.consola, "{texto}")?;
                nada
            }
            Comando::Sugerir => {
                let consejo = self.mesa.consejo();
                self.consola.decir(&consejo)?;
                nada
            }
            Comando::Salir => self.salir(),
        }
    }

    /// After the game ends: another game, or leave; before that the players may still
    /// look at the moves, undo (an accidental second pass) and save.
    fn tras_el_final(&mut self) -> io::Result<Hecho> {
        let dejar = Ok((Efecto::Dejar { conservar: false }, Vec::new()));
        loop {
            let Some(linea) = self.consola.preguntar(OTRA_PARTIDA)? else {
                return dejar;
            };
            match linea.to_lowercase().as_str() {
                "s" | "si" | "sí" => return Ok((Efecto::Otra, Vec::new())),
                "" | "n" | "no" => return dejar,
                _ => {}
            }
            match linea.parse::<Comando>() {
                Ok(Comando::Salir) => return dejar,
                Ok(comando) if comando.vale_al_final() => return self.hacer(comando),
                _ => {}
            }
            self.consola.rechazar(
                "La partida terminó: responde «s» (otra partida) o «n» (salir); antes \
                 puedes escribir historial, deshacer o guardar («ayuda» para más).",
            )?;
        }
    }

    /// Shows what `efecto` changed: the board when it changed (or its view), then
    /// `eventos`, the end of the game when it came, and a forced pass between two
    /// people. Against the computer, a change it answers at once is drawn with its
    /// answer: one board per turn, so that the person's own move does not scroll away.
    fn mostrar(&mut self, efecto: Efecto, eventos: Vec<Evento>) -> io::Result<()> {
        let dibujar = match efecto {
            Efecto::Nada | Efecto::Dejar { .. } | Efecto::Otra => return Ok(()),
            Efecto::Vista => true,
            Efecto::Tablero | Efecto::Pase if self.mesa.sigue_sola() => {
                self.sin_dibujar |= efecto == Efecto::Tablero;
                false
            }
            Efecto::Tablero => true,
            // The hints were the passer's: drawn again, with the other side's or, at the
            // end, with none.
            Efecto::Pase => self.pistas || self.sin_dibujar,
        };
        if dibujar {
            self.sin_dibujar = false;
            self.dibujar()?;
        }
        for evento in &eventos {
            if !matches!(evento, Evento::Terminada { .. }) {
                self.consola.decir(&evento.to_string())?;
            }
        }
        let partida = self.mesa.partida();
        let entre_personas = !self.mesa.jugadores().hay_computadora();
        if let Some(fin) = self.mesa.fin() {
            writeln!(self.consola, "{fin}")?;
        } else if partida.debe_pasar() && entre_personas {
            let aviso = format!(
                "Las {} no tienen jugadas válidas: deben pasar (Enter o «pasar»).",
                partida.turno().nombre()
            );
            self.consola.decir(&aviso)?;
        }
        Ok(())
    }

    /// Draws the board with the counts, and the hints when asked for.
    fn dibujar(&mut self) -> io::Result<()> {
        let partida = self.mesa.partida();
        let pistas = self.pistas && partida.estado() == Estado::EnCurso;
        let validas = if pistas {
            partida.jugadas_validas()
        } else {
            Bitboard::VACIO
        };
        let vista = Vista::de(partida.tablero())
            .ultima(self.mesa.ultima())
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
                let pistas = format!("Pistas (*): {}", lista.join(", "));
                self.consola.decir(&pistas)?;
            }
        }
        Ok(())
    }

    /// Saves the board to `nombre`, or to a name asked for (Tab completes it at a
    /// terminal; both are read as a shell reads a name), and its moves beside it,
    /// asking before replacing a file this game did not write. Whether it was saved: a
    /// cancelled save (also by the end of the input, which cancels the save and not
    /// the game) or a failed one is told, and the game goes on.
    fn guardar(&mut self, nombre: &str) -> io::Result<bool> {
        let ruta = if nombre.is_empty() {
            // The prompt stays short, so that a typed name fits on its line; the name
            // offered, of any length, is said on the line before.
            let pregunta = match self.mesa.ultimo_archivo().map(ruta_visible) {
                Some(ultimo) => {
                    let aviso = format!("Enter guarda en «{ultimo}»; «{CANCELAR}» no guarda.");
                    self.consola.decir(&aviso)?;
                    ARCHIVO
                }
                None => ARCHIVO_SIN_OFRECER,
            };
            match self.consola.preguntar_archivo(pregunta)? {
                Some(nombre) if nombre.to_lowercase() == CANCELAR => None,
                Some(nombre) if !nombre.is_empty() => Some(PathBuf::from(nombre)),
                Some(_) => self.mesa.ultimo_archivo().map(|r| r.to_owned()),
                None => None,
            }
        } else {
            // Written after «guardar» as at the question.
            Some(PathBuf::from(nombre_escrito(nombre)))
        };
        let mut pendiente = Some(ruta.map_or(Accion::NoGuardar, Accion::Guardar));
        let mut guardada = false;
        while let Some(accion) = pendiente.take() {
            for evento in self.mesa.aplicar(accion) {
                if let Evento::Reemplazar(destino) = &evento {
                    let si = self.consola.confirmar(&evento.to_string(), false)? == Some(true);
                    pendiente = Some(match si {
                        true => Accion::Reemplazar(destino.clone()),
                        false => Accion::NoGuardar,
                    });
                } else {
                    guardada |= matches!(evento, Evento::Guardada(_));
                    self.consola.decir(&evento.to_string())?;
                }
            }
        }
        Ok(guardada)
    }

    /// Leaves the game, offering to save unsaved changes first: a save that does not
    /// happen keeps the game going; the end of the input leaves, keeping the recovery
    /// copy.
    fn salir(&mut self) -> io::Result<Hecho> {
        let dejar = |conservar| Ok((Efecto::Dejar { conservar }, Vec::new()));
        if !self.mesa.sin_guardar() {
            return dejar(false);
        }
        let pregunta = "Hay cambios sin guardar. ¿Guardar antes de salir?";
        match self.consola.confirmar(pregunta, true)? {
            None => dejar(true),
            Some(false) => dejar(false),
            Some(true) if self.guardar("")? => dejar(false),
            Some(true) => {
                writeln!(self.consola, "La partida sigue.")?;
                Ok((Efecto::Nada, Vec::new()))
            }
        }
    }

    /// The players leave: the recovery copy stays if asked to `conservar` the game
    /// (and they are told where), or is removed.
    /// A game to keep whose copy could not be written is said to be lost.
    fn dejar(&mut self, conservar: bool) -> io::Result<Fin> {
        let con_copias = self.mesa.recuperacion().is_some();
        match self.mesa.dejar(conservar) {
            Some(ruta) => {
                let aviso = format!(
                    "La partida sin guardar quedó en «{}»: al volver, el menú ofrece \
                     seguirla.",
                    ruta_visible(&ruta)
                );
                self.consola.decir(&aviso)?;
            }
            None if conservar && con_copias => self.consola.decir(
                "La partida sin guardar no quedó en ninguna parte: no se pudo escribir \
                 su copia de recuperación.",
            )?,
            None => {}
        }
        Ok(Fin::Salir)
    }
}
