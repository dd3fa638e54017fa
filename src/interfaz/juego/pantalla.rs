//! What the game shows: the board with its counts and hints, and every line it writes
//! fitted to a terminal's 80 columns.

use std::io::{self, BufRead, Write};

use super::{EnJuego, Sesion};
use crate::{Bitboard, Estado, Vista, interfaz::ajuste::ajustar};

/// Writes `texto` and a line end, fitted to the screen's width.
pub(super) fn decir(salida: &mut impl Write, texto: &str) -> io::Result<()> {
    writeln!(salida, "{}", ajustar(texto))
}

impl<R: BufRead, W: Write> Sesion<R, W> {
    /// Draws the board with the counts, and the hints when asked for.
    pub(super) fn dibujar(&mut self, juego: &EnJuego) -> io::Result<()> {
        let partida = &juego.partida;
        let pistas = juego.pistas && partida.estado() == Estado::EnCurso;
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
                decir(
                    &mut self.consola,
                    &format!("Pistas (*): {}", lista.join(", ")),
                )?;
            }
        }
        Ok(())
    }
}
