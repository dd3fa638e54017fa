//! The moves that change the game at hand: a person's move or pass, the computer's,
//! and undoing them. Each says what it did, in the same words for people and
//! computers, and notes it in the history.

use std::io::{self, BufRead, Write};

use super::{Efecto, EnJuego, Sesion};
use crate::{
    Estado, Jugada, Partida, Posicion, interfaz::ajuste::mayuscula_inicial, texto::cantidad,
};

impl<R: BufRead, W: Write> Sesion<R, W> {
    /// The side to move passes, if the rules allow it, and says so: a person who
    /// typed it, or one who must pass against the computer and needs type nothing.
    pub(super) fn pasar(&mut self, juego: &mut EnJuego) -> io::Result<Efecto> {
        let turno = juego.partida.turno();
        let tenia_jugadas = !juego.partida.jugadas_validas().es_vacio();
        let antes = juego.partida.clone();
        if let Err(error) = juego.partida.jugar(Jugada::Pasar) {
            (self.consola).rechazar(&format!("Jugada no válida: {error}. Intenta de nuevo."))?;
            return Ok(Efecto::Nada);
        }
        self.anotar(juego, &antes, Jugada::Pasar);
        let quien = mayuscula_inicial(&self.jugadores.quien(turno));
        if !tenia_jugadas && self.jugadores.hay_computadora() {
            // Made without asking: said once, and why.
            writeln!(self.consola, "{quien} no tienen jugadas válidas y pasan.")?;
        } else {
            writeln!(self.consola, "{quien} pasan.")?;
        }
        if tenia_jugadas {
            writeln!(
                self.consola,
                "(Tenían jugadas válidas: en esta variante se puede pasar igual.)"
            )?;
        }
        if juego.partida.estado() == Estado::EnCurso && !self.jugadores.hay_computadora() {
            writeln!(
                self.consola,
                "Si las {} también pasan, la partida termina.",
                (!turno).nombre()
            )?;
        }
        Ok(Efecto::Pase)
    }

    /// Plays a person's move, or says why it cannot be played.
    pub(super) fn colocar(
        &mut self,
        juego: &mut EnJuego,
        posicion: Posicion,
    ) -> io::Result<Efecto> {
        let mut despues = juego.partida.clone();
        match despues.jugar(Jugada::Colocar(posicion)) {
            Ok(volteadas) => {
                let volteadas = volteadas.cantidad();
                self.jugada_hecha(juego, despues, posicion, volteadas)?;
                Ok(Efecto::Tablero)
            }
            Err(razon) => {
                (self.consola)
                    .rechazar(&format!("Jugada no válida: {razon}. Intenta de nuevo."))?;
                Ok(Efecto::Nada)
            }
        }
    }

    /// The computer plays for the side to move, or passes without a valid move, and
    /// says so.
    pub(super) fn juega_la_computadora(&mut self, juego: &mut EnJuego) -> io::Result<Efecto> {
        let turno = juego.partida.turno();
        let Some(posicion) = self.jugadores.elegir(juego.partida.tablero(), turno) else {
            return self.pasar(juego);
        };
        let mut despues = juego.partida.clone();
        let volteadas = despues
            .jugar(Jugada::Colocar(posicion))
            .expect("la computadora elige jugadas válidas")
            .cantidad();
        self.jugada_hecha(juego, despues, posicion, volteadas)?;
        Ok(Efecto::Tablero)
    }

    /// `posicion` was played, flipping `volteadas` pieces, and the game is now
    /// `despues`: noted in the history and told, in the same words for people and
    /// computers.
    fn jugada_hecha(
        &mut self,
        juego: &mut EnJuego,
        despues: Partida,
        posicion: Posicion,
        volteadas: u32,
    ) -> io::Result<()> {
        let turno = juego.partida.turno();
        let antes = std::mem::replace(&mut juego.partida, despues);
        self.anotar(juego, &antes, Jugada::Colocar(posicion));
        writeln!(
            self.consola,
            "{} juegan {posicion} y voltean {}.",
            mayuscula_inicial(&self.jugadores.quien(turno)),
            cantidad(volteadas, "ficha", "fichas")
        )
    }

    /// Notes `jugada`, played on `antes`, in the history, and marks it on the board.
    fn anotar(&mut self, juego: &mut EnJuego, antes: &Partida, jugada: Jugada) {
        juego.historial.anotar(antes, juego.ultima, jugada);
        juego.ultima = match jugada {
            Jugada::Colocar(posicion) => Some(posicion),
            Jugada::Pasar => None,
        };
        juego.sin_guardar = true;
    }

    /// Undoes the last move or pass. Against the computer, its answer is undone with
    /// the person's move, and so are the person's forced passes (made for them), so
    /// that the person gets back a turn they chose in.
    pub(super) fn deshacer(&mut self, juego: &mut EnJuego) -> io::Result<Efecto> {
        let contra_la_computadora =
            self.jugadores.hay_persona() && self.jugadores.hay_computadora();
        let deshechos = juego.historial.deshacer(|paso| {
            contra_la_computadora
                && (self.jugadores.es_computadora(paso.antes.turno()) || paso.antes.debe_pasar())
        });
        let Some(primero) = deshechos.last() else {
            writeln!(
                self.consola,
                "No hay jugadas que deshacer: la partida está como empezó."
            )?;
            return Ok(Efecto::Nada);
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
        Ok(Efecto::Tablero)
    }
}
