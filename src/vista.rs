//! The board as the game shows it on screen, apart from the file format.

use std::fmt;

use anstyle::{AnsiColor, Style};

use othello::{Bitboard, Casilla, Color, Posicion, Tablero};

/// The board drawn for a person: columns A-H on top, rows 1-8 on the left, the cells'
/// letters B/N/V, the last move between brackets and, when asked, the valid moves as
/// `*`. Colors are optional (ANSI escapes), so captured output can stay plain.
///
/// ```
/// use othello::Tablero;
/// use othello_programa::vista::Vista;
///
/// let mut tablero = Tablero::inicial();
/// let c4 = "C4".parse()?;
/// othello::jugar(&mut tablero, "C4", "N");
/// let texto = Vista::de(&tablero).ultima(Some(c4)).to_string();
/// assert_eq!(texto.lines().next(), Some("     A  B  C  D  E  F  G  H"));
/// assert_eq!(texto.lines().nth(4), Some("  4  V  V [N] N  N  V  V  V"));
/// # Ok::<_, othello::ErrorPosicion>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Vista<'a> {
    tablero: &'a Tablero,
    ultima: Option<Posicion>,
    pistas: Bitboard,
    color: bool,
}

impl<'a> Vista<'a> {
    /// A plain view of `tablero`: no marks, no colors.
    pub fn de(tablero: &'a Tablero) -> Vista<'a> {
        Vista {
            tablero,
            ultima: None,
            pistas: Bitboard::VACIO,
            color: false,
        }
    }

    /// Marks the last move played, between brackets.
    #[must_use]
    pub fn ultima(self, ultima: Option<Posicion>) -> Vista<'a> {
        Vista { ultima, ..self }
    }

    /// Marks these empty cells (the valid moves) with `*`.
    #[must_use]
    pub fn pistas(self, pistas: Bitboard) -> Vista<'a> {
        Vista { pistas, ..self }
    }

    /// Draws the pieces in color with ANSI escapes.
    #[must_use]
    pub fn color(self, color: bool) -> Vista<'a> {
        Vista { color, ..self }
    }

    /// The line under the board with each color's pieces: `Negras (N): 4   Blancas (B): 1`.
    pub fn conteo(&self) -> String {
        format!(
            "Negras (N): {}   Blancas (B): {}",
            self.tablero.contar(Casilla::Ficha(Color::Negro)),
            self.tablero.contar(Casilla::Ficha(Color::Blanco)),
        )
    }

    fn estilo(&self, casilla: Casilla, pista: bool) -> Style {
        if !self.color {
            return Style::new();
        }
        match casilla {
            Casilla::Ficha(Color::Negro) => {
                Style::new().bold().fg_color(Some(AnsiColor::Red.into()))
            }
            Casilla::Ficha(Color::Blanco) => {
                Style::new().bold().fg_color(Some(AnsiColor::Blue.into()))
            }
            Casilla::Vacia if pista => Style::new().bold().fg_color(Some(AnsiColor::Green.into())),
            Casilla::Vacia => Style::new().dimmed(),
        }
    }
}

impl fmt::Display for Vista<'_> {
    /// Nine lines: the column letters, then one line per row. No line ends in spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "   ")?;
        for letra in 'A'..='H' {
            write!(f, "  {letra}")?;
        }
        writeln!(f)?;
        for posicion in Posicion::todas() {
            if posicion.columna() == 0 {
                write!(f, "  {} ", posicion.numero_fila())?;
            }
            let casilla = self.tablero.casilla(posicion);
            let pista = casilla == Casilla::Vacia && self.pistas.contiene(posicion);
            let letra = if pista { '*' } else { casilla.letra() };
            let (antes, despues) = if self.ultima == Some(posicion) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let estilo = self.estilo(casilla, pista);
            write!(f, "{antes}{estilo}{letra}{estilo:#}")?;
            match (posicion.columna(), despues) {
                // No line ends in a space.
                (7, ' ') => writeln!(f)?,
                (7, _) => writeln!(f, "{despues}")?,
                _ => write!(f, "{despues}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inicial_sin_marcas() {
        let esperado = "     A  B  C  D  E  F  G  H
  1  V  V  V  V  V  V  V  V
  2  V  V  V  V  V  V  V  V
  3  V  V  V  V  V  V  V  V
  4  V  V  V  B  N  V  V  V
  5  V  V  V  N  B  V  V  V
  6  V  V  V  V  V  V  V  V
  7  V  V  V  V  V  V  V  V
  8  V  V  V  V  V  V  V  V
";
        assert_eq!(Vista::de(&Tablero::inicial()).to_string(), esperado);
    }

    #[test]
    fn pistas_y_ultima_en_el_borde() {
        let t = Tablero::inicial();
        let texto = Vista::de(&t)
            .pistas(t.jugadas_validas(Color::Negro))
            .ultima(Some("H8".parse().unwrap()))
            .to_string();
        assert_eq!(texto.lines().nth(3), Some("  3  V  V  V  *  V  V  V  V"));
        assert_eq!(texto.lines().nth(4), Some("  4  V  V  *  B  N  V  V  V"));
        assert_eq!(texto.lines().nth(8), Some("  8  V  V  V  V  V  V  V [V]"));
    }

    #[test]
    fn color_solo_si_se_pide() {
        let t = Tablero::inicial();
        assert!(!Vista::de(&t).to_string().contains('\x1b'));
        let coloreado = Vista::de(&t).color(true).to_string();
        assert!(coloreado.contains("\x1b["));
        assert_eq!(
            anstream::adapter::strip_str(&coloreado).to_string(),
            Vista::de(&t).to_string()
        );
    }
}
