//! What the game shows: the board with its counts and hints, and every line it writes
//! fitted to a terminal's 80 columns.

use std::io::{self, BufRead, Write};

use super::{EnJuego, Sesion};
use crate::{Bitboard, Estado, Vista};

/// The widest line the game writes: a terminal's 80 columns.
const ANCHO: usize = 80;

/// `texto` with each line wider than [`ANCHO`] broken at spaces into lines that fit,
/// indented as the line was; a word wider than a line stays whole. A question keeps
/// its trailing space, so the answer follows it.
pub(super) fn ajustar(texto: &str) -> String {
    let mut ajustado = String::with_capacity(texto.len());
    for (i, linea) in texto.split('\n').enumerate() {
        if i > 0 {
            ajustado.push('\n');
        }
        let sangria = &linea[..linea.len() - linea.trim_start_matches(' ').len()];
        let mut resto = linea;
        while resto.chars().count() > ANCHO {
            // Where the first ANCHO characters end; a space right there is a good break.
            let fin = resto
                .char_indices()
                .nth(ANCHO)
                .map_or(resto.len(), |(i, _)| i);
            let corte = if resto[fin..].starts_with(' ') {
                Some(fin)
            } else {
                resto[..fin].rfind(' ')
            };
            match corte {
                Some(corte) if !resto[..corte].trim().is_empty() => {
                    ajustado += resto[..corte].trim_end();
                    ajustado.push('\n');
                    ajustado += sangria;
                    resto = resto[corte..].trim_start_matches(' ');
                }
                _ => break,
            }
        }
        ajustado += resto;
    }
    ajustado
}

/// Writes `texto` and a line end, fitted to [`ANCHO`] columns.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ajustar_corta_en_espacios_y_conserva_la_sangria_y_el_espacio_final() {
        let largo = format!("  palabra{} fin. ", " palabra".repeat(12));
        let ajustado = ajustar(&largo);
        assert!(
            ajustado.lines().all(|linea| linea.chars().count() <= ANCHO),
            "{ajustado}"
        );
        assert!(ajustado.lines().nth(1).unwrap().starts_with("  palabra"));
        assert!(ajustado.ends_with("fin. "));
        assert_eq!(ajustado.replace("\n  ", " "), largo);
        // Short lines, and a word wider than a line, stay as they are.
        assert_eq!(ajustar("corto\n"), "corto\n");
        let palabra = "x".repeat(100);
        assert_eq!(ajustar(&palabra), palabra);
    }
}
