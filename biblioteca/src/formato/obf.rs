//! The board string that Othello engines share (the "obf" of the FFO test suite): the
//! 64 cells from A1 to H8, row 1 first, `X` for black, `O` for white and `-` for empty,
//! then a space and the side to move, `X` or `O`.
//!
//! Reading accepts what engines write around it: blanks at both ends, lowercase `x` and
//! `o`, and a `;` after the side to move followed by anything (the FFO files list the
//! moves' scores there).

use std::{fmt, str::FromStr};

use crate::{
    Casilla, Color, Posicion, Tablero,
    texto::{cantidad, cita},
};

/// A board with the side to move, as engines write it.
///
/// ```
/// use othello::{Color, Obf, Tablero};
///
/// let inicial = Obf { tablero: Tablero::inicial(), turno: Color::Negro };
/// let texto = "---------------------------OX------XO--------------------------- X";
/// assert_eq!(inicial.to_string(), texto);
/// assert_eq!(texto.parse::<Obf>()?, inicial);
/// # Ok::<_, othello::ErrorObf>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obf {
    /// The board.
    pub tablero: Tablero,
    /// The side to move.
    pub turno: Color,
}

/// Why a text is not a board string. Columns count characters from 1, in the text as
/// given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorObf {
    /// A character that is not `X`, `O` or `-` among the 64 cells.
    #[error(
        "columna {columna}: en la casilla {posicion} se encontró «{encontrado}», se esperaba X, O o -"
    )]
    Casilla {
        /// Where in the text.
        columna: usize,
        /// The cell it stands for.
        posicion: Posicion,
        /// What was there.
        encontrado: String,
    },
    /// The text ends before the 64 cells.
    #[error("hay {}, se esperaban 64", cantidad(*encontradas as u64, "casilla", "casillas"))]
    FaltanCasillas {
        /// How many there were.
        encontradas: usize,
    },
    /// No side to move after the cells.
    #[error("falta el turno (X u O) después de las 64 casillas, separado por un espacio")]
    FaltaTurno,
    /// The side to move is not `X` or `O`, or the text goes on after it.
    #[error("columna {columna}: se encontró «{encontrado}», se esperaba el turno X u O")]
    Turno {
        /// Where in the text.
        columna: usize,
        /// What was there.
        encontrado: String,
    },
}

impl fmt::Display for Obf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut texto: String = Posicion::todas()
            .map(|p| match self.tablero.casilla(p) {
                Casilla::Ficha(Color::Negro) => 'X',
                Casilla::Ficha(Color::Blanco) => 'O',
                Casilla::Vacia => '-',
            })
            .collect();
        texto.push(' ');
        texto.push(letra(self.turno));
        f.write_str(&texto)
    }
}

/// The engines' letter for `color`.
fn letra(color: Color) -> char {
    match color {
        Color::Negro => 'X',
        Color::Blanco => 'O',
    }
}

impl FromStr for Obf {
    type Err = ErrorObf;

    fn from_str(texto: &str) -> Result<Obf, ErrorObf> {
        let blancos = texto.len() - texto.trim_start().len();
        let mut caracteres = texto
            .trim_end()
            .char_indices()
            .skip_while(|&(i, _)| i < blancos);
        let columna = |byte: usize| texto[..byte].chars().count() + 1;
        let mut tablero = Tablero::vacio();
        for (indice, p) in Posicion::todas().enumerate() {
            let Some((byte, c)) = caracteres.next().filter(|(_, c)| !c.is_whitespace()) else {
                return Err(ErrorObf::FaltanCasillas {
                    encontradas: indice,
                });
            };
            let casilla = match c {
                'X' | 'x' => Casilla::Ficha(Color::Negro),
                'O' | 'o' => Casilla::Ficha(Color::Blanco),
                '-' => Casilla::Vacia,
                _ => {
                    return Err(ErrorObf::Casilla {
                        columna: columna(byte),
                        posicion: p,
                        encontrado: cita(&c.to_string()),
                    });
                }
            };
            tablero.poner(p, casilla);
        }
        let resto: String = caracteres.map(|(_, c)| c).collect();
        let despues = resto.trim_start();
        if despues.len() == resto.len() && !resto.is_empty() {
            // A 65th cell, glued to the others.
            return Err(ErrorObf::Turno {
                columna: texto.trim_end().chars().count() - resto.chars().count() + 1,
                encontrado: cita(&resto),
            });
        }
        let columna_turno = texto.trim_end().chars().count() - despues.chars().count() + 1;
        let (turno, cola) = despues.split_at(despues.chars().next().map_or(0, char::len_utf8));
        let turno = match turno {
            "" => return Err(ErrorObf::FaltaTurno),
            "X" | "x" => Color::Negro,
            "O" | "o" => Color::Blanco,
            _ => {
                return Err(ErrorObf::Turno {
                    columna: columna_turno,
                    encontrado: cita(despues),
                });
            }
        };
        if !(cola.is_empty() || cola.trim_start().starts_with(';')) {
            return Err(ErrorObf::Turno {
                columna: columna_turno,
                encontrado: cita(despues),
            });
        }
        Ok(Obf { tablero, turno })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INICIAL: &str = "---------------------------OX------XO--------------------------- X";

    #[test]
    fn ida_y_vuelta_y_lo_que_rodea() {
        let obf: Obf = INICIAL.parse().unwrap();
        assert_eq!(obf.tablero, Tablero::inicial());
        assert_eq!(obf.turno, Color::Negro);
        let otra = format!("  {}  o ; A2:+38; C7:+36;", &INICIAL[..64].to_lowercase());
        let otra: Obf = otra.parse().unwrap();
        assert_eq!(otra.tablero, Tablero::inicial());
        assert_eq!(otra.turno, Color::Blanco);
        assert_eq!(
            otra.to_string(),
            "---------------------------OX------XO--------------------------- O"
        );
    }

    #[test]
    fn errores_con_columna() {
        let error = |texto: &str| texto.parse::<Obf>().unwrap_err();
        let malo = format!("{}N{} X", &INICIAL[..10], &INICIAL[11..64]);
        assert_eq!(
            error(&malo),
            ErrorObf::Casilla {
                columna: 11,
                posicion: "C2".parse().unwrap(),
                encontrado: "N".into()
            }
        );
        assert_eq!(
            error(&INICIAL[..60]),
            ErrorObf::FaltanCasillas { encontradas: 60 }
        );
        assert_eq!(error(&INICIAL[..64]), ErrorObf::FaltaTurno);
        assert_eq!(
            error(&format!("{} N", &INICIAL[..64])),
            ErrorObf::Turno {
                columna: 66,
                encontrado: "N".into()
            }
        );
        assert_eq!(
            error(&format!("{}- X", &INICIAL[..64])),
            ErrorObf::Turno {
                columna: 65,
                encontrado: "- X".into()
            }
        );
        assert_eq!(
            error(&format!("{} XO", &INICIAL[..64])),
            ErrorObf::Turno {
                columna: 66,
                encontrado: "XO".into()
            }
        );
        assert_eq!(
            error(&format!(" {}", &INICIAL[..40])),
            ErrorObf::FaltanCasillas { encontradas: 40 }
        );
    }
}
