//! One cell of the board: empty or holding a piece of one color.

use crate::Color;

/// What a cell holds. Its face is the homework's string: "V" (vacía), "N" or "B".
///
/// ```
/// use othello::{Casilla, Color};
///
/// assert_eq!("V".parse::<Casilla>()?, Casilla::Vacia);
/// assert_eq!("B".parse::<Casilla>()?, Casilla::Ficha(Color::Blanco));
/// assert_eq!(Casilla::Ficha(Color::Negro).to_string(), "N");
/// # Ok::<_, othello::ErrorCasilla>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Casilla {
    /// An empty cell: "V".
    Vacia,
    /// A piece of the given color: "N" or "B".
    Ficha(Color),
}

impl Casilla {
    /// The three cell values, in the order the homework lists them for `contar`.
    pub const TODAS: [Casilla; 3] = [
        Casilla::Ficha(Color::Negro),
        Casilla::Ficha(Color::Blanco),
        Casilla::Vacia,
    ];

    /// The homework's letter for this cell: 'V', 'N' or 'B'.
    pub const fn letra(self) -> char {
        match self {
            Casilla::Vacia => 'V',
            Casilla::Ficha(color) => color.letra(),
        }
    }

    /// The cell whose letter is `letra`, if any ('V', 'N' or 'B', uppercase only).
    pub const fn desde_letra(letra: char) -> Option<Casilla> {
        match letra {
            'V' => Some(Casilla::Vacia),
            _ => match Color::desde_letra(letra) {
                Some(color) => Some(Casilla::Ficha(color)),
                None => None,
            },
        }
    }
}

impl From<Color> for Casilla {
    fn from(color: Color) -> Casilla {
        Casilla::Ficha(color)
    }
}

/// The text is not "V", "N" or "B".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("casilla «{0}» inválida (se esperaba B, N o V)")]
pub struct ErrorCasilla(pub String);

crate::texto::cara_de_letra!(Casilla, ErrorCasilla);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letras_ida_y_vuelta() {
        for casilla in Casilla::TODAS {
            assert_eq!(casilla.to_string().parse::<Casilla>(), Ok(casilla));
        }
    }

    #[test]
    fn rechaza_todo_lo_demas() {
        for texto in ["", "v", "n", "b", "VV", " V", "\"B\"", "0"] {
            assert_eq!(
                texto.parse::<Casilla>(),
                Err(ErrorCasilla(texto.to_owned()))
            );
        }
    }
}
