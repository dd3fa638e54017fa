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

/// One value per color, reached by color: `jugadores[Color::Blanco]`. Per-color data
/// lives here rather than in a two-element array indexed by a number, so black and
/// white cannot be swapped by an off-by-one.
///
/// ```
/// use othello::{Color, PorColor};
///
/// let mut fichas = PorColor::new(2, 2);
/// fichas[Color::Negro] += 3;
/// assert_eq!(fichas, PorColor { negro: 5, blanco: 2 });
/// assert_eq!(fichas.map(|n| n * 10)[Color::Blanco], 20);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PorColor<T> {
    /// Black's value.
    pub negro: T,
    /// White's value.
    pub blanco: T,
}

impl<T> PorColor<T> {
    /// Black's and white's values.
    pub const fn new(negro: T, blanco: T) -> PorColor<T> {
        PorColor { negro, blanco }
    }

    /// The value of each color, made from the color.
    pub fn de(mut valor: impl FnMut(Color) -> T) -> PorColor<T> {
        PorColor {
            negro: valor(Color::Negro),
            blanco: valor(Color::Blanco),
        }
    }

    /// Each value turned into another, color by color.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> PorColor<U> {
        PorColor {
            negro: f(self.negro),
            blanco: f(self.blanco),
        }
    }

    /// Whether any color's value satisfies `f`.
    pub fn alguno(&self, mut f: impl FnMut(&T) -> bool) -> bool {
        f(&self.negro) || f(&self.blanco)
    }
}

impl<T> std::ops::Index<Color> for PorColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        match color {
            Color::Negro => &self.negro,
            Color::Blanco => &self.blanco,
        }
    }
}

impl<T> std::ops::IndexMut<Color> for PorColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Negro => &mut self.negro,
            Color::Blanco => &mut self.blanco,
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
