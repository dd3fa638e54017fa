//! The two colors of the pieces, with the homework's letters "N" and "B".

use std::ops::Not;

/// The color of a piece, and so of the player who owns it.
///
/// Its face is the homework's letter: "N" for negro, "B" for blanco. There is no
/// "empty" color: an empty cell is [`Casilla::Vacia`](crate::Casilla::Vacia).
///
/// ```
/// use othello::Color;
///
/// let c: Color = "N".parse()?;
/// assert_eq!(c, Color::Negro);
/// assert_eq!(!c, Color::Blanco);
/// assert_eq!((!c).to_string(), "B");
/// # Ok::<_, othello::ErrorColor>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black: "N". Black moves first.
    Negro,
    /// White: "B".
    Blanco,
}

impl Color {
    /// Both colors, in turn order (black first).
    pub const TODOS: [Color; 2] = [Color::Negro, Color::Blanco];

    /// The homework's letter for this color: 'N' or 'B'.
    pub const fn letra(self) -> char {
        match self {
            Color::Negro => 'N',
            Color::Blanco => 'B',
        }
    }

    /// The color whose letter is `letra`, if any ('N' or 'B', uppercase only).
    pub const fn desde_letra(letra: char) -> Option<Color> {
        match letra {
            'N' => Some(Color::Negro),
            'B' => Some(Color::Blanco),
            _ => None,
        }
    }

    /// How the game names this side in Spanish sentences: "negras" or "blancas"
    /// (as in "juegan las negras").
    pub const fn nombre(self) -> &'static str {
        match self {
            Color::Negro => "negras",
            Color::Blanco => "blancas",
        }
    }

    /// The side as one player, "negro" or "blanco" (as in "Blanco (fuerte) juega F5").
    pub const fn singular(self) -> &'static str {
        match self {
            Color::Negro => "negro",
            Color::Blanco => "blanco",
        }
    }
}

impl Not for Color {
    type Output = Color;

    /// The opponent's color.
    fn not(self) -> Color {
        match self {
            Color::Negro => Color::Blanco,
            Color::Blanco => Color::Negro,
        }
    }
}

/// The text is not "N" or "B".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("color «{0}» inválido (se esperaba N o B)")]
pub struct ErrorColor(pub String);

crate::texto::cara_de_letra!(Color, ErrorColor);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letras_ida_y_vuelta() {
        for color in Color::TODOS {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(!!color, color);
            assert_ne!(!color, color);
        }
    }

    #[test]
    fn rechaza_todo_lo_demas() {
        for texto in ["", "n", "b", "V", "NN", " N", "N ", "Negro", "X"] {
            assert_eq!(texto.parse::<Color>(), Err(ErrorColor(texto.to_owned())));
        }
    }
}
