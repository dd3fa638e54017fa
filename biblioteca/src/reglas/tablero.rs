//! The board: two bitboards inside, the homework's "B"/"N"/"V" grid outside.
//!
//! This is the project's one rules engine. Everything that plays a move, lists the
//! valid moves or counts pieces goes through [`Tablero`].

use std::fmt;

use crate::{
    Casilla, Color, Posicion,
    reglas::bitboard::{self, Bitboard},
    texto::{cantidad, se_encontraron},
};

/// An 8x8 Othello board.
///
/// The board keeps one bitboard per color, so it cannot hold a cell with two pieces.
/// Its text faces are the homework's: the list of lists of "B"/"N"/"V"
/// ([`Tablero::a_lista`], `TryFrom<Vec<Vec<String>>>`) and the 8-line file format
/// (`Display` and `FromStr`, see [`archivo`](crate::formato::archivo)). The on-screen view with
/// labels is `Vista`, in the front ends.
///
/// ```
/// use othello::{Casilla, Color, Tablero};
///
/// let mut tablero = Tablero::inicial();
/// let volteadas = tablero.jugar("C4".parse()?, Color::Negro)?;
/// assert_eq!(volteadas.cantidad(), 1); // D4
/// assert_eq!(tablero.contar(Casilla::Ficha(Color::Negro)), 4);
/// assert_eq!(tablero.casilla("D4".parse()?), Casilla::Ficha(Color::Negro));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Tablero {
    negras: Bitboard,
    blancas: Bitboard,
}

/// Why a move is not valid. The board is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorJugada {
    /// The cell already holds a piece.
    #[error("la casilla {0} ya está ocupada")]
    Ocupada(Posicion),
    /// A piece there would flank no rival piece in any of the 8 directions.
    #[error("una ficha en {0} no flanquea ninguna ficha rival")]
    SinFlanqueo(Posicion),
}

impl ErrorJugada {
    /// A short name for programs that read the reason: `ocupada` or `sin_flanqueo`.
    pub fn clave(self) -> &'static str {
        match self {
            ErrorJugada::Ocupada(_) => "ocupada",
            ErrorJugada::SinFlanqueo(_) => "sin_flanqueo",
        }
    }
}

/// Why a list of lists is not a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorLista {
    /// Not 8 rows.
    #[error(
        "{} {}, se esperaban 8",
        se_encontraron(*encontradas as u64),
        cantidad(*encontradas as u64, "fila", "filas")
    )]
    CantidadFilas {
        /// How many rows there were.
        encontradas: usize,
    },
    /// A row without 8 cells.
    #[error(
        "la fila {fila} tiene {}, se esperaban 8",
        cantidad(*encontradas as u64, "casilla", "casillas")
    )]
    CantidadCasillas {
        /// The row, 1 to 8.
        fila: usize,
        /// How many cells it had.
        encontradas: usize,
    },
    /// A cell that is not "B", "N" or "V".
    #[error("casilla {posicion}: se encontró {encontrado:?}, se esperaba B, N o V")]
    Casilla {
        /// Where it is.
        posicion: Posicion,
        /// What it held.
        encontrado: String,
    },
}

impl Tablero {
    /// The homework's starting board: B on D4 and E5, N on E4 and D5.
    pub const fn inicial() -> Tablero {
        // D4 = 27, E4 = 28, D5 = 35, E5 = 36.
        Tablero {
            negras: Bitboard(1 << 28 | 1 << 35),
            blancas: Bitboard(1 << 27 | 1 << 36),
        }
    }

    /// A board with no pieces at all, to fill with [`Tablero::poner`].
    pub const fn vacio() -> Tablero {
        Tablero {
            negras: Bitboard::VACIO,
            blancas: Bitboard::VACIO,
        }
    }

    /// What the cell at `p` holds.
    pub const fn casilla(&self, p: Posicion) -> Casilla {
        if self.negras.contiene(p) {
            Casilla::Ficha(Color::Negro)
        } else if self.blancas.contiene(p) {
            Casilla::Ficha(Color::Blanco)
        } else {
            Casilla::Vacia
        }
    }

    /// Sets the cell at `p`, whatever it held, without applying any rule: for building
    /// boards, not for playing (see [`Tablero::jugar`]).
    pub fn poner(&mut self, p: Posicion, casilla: Casilla) {
        self.negras = self.negras.sin(p);
        self.blancas = self.blancas.sin(p);
        match casilla {
            Casilla::Vacia => {}
            Casilla::Ficha(Color::Negro) => self.negras = self.negras.con(p),
            Casilla::Ficha(Color::Blanco) => self.blancas = self.blancas.con(p),
        }
    }

    /// The positions of the pieces of `color`.
    pub const fn fichas(&self, color: Color) -> Bitboard {
        match color {
            Color::Negro => self.negras,
            Color::Blanco => self.blancas,
        }
    }

    /// The empty positions.
    pub fn vacias(&self) -> Bitboard {
        !(self.negras | self.blancas)
    }

    /// How many cells hold `casilla`.
    pub fn contar(&self, casilla: Casilla) -> u32 {
        match casilla {
            Casilla::Vacia => self.vacias().cantidad(),
            Casilla::Ficha(color) => self.fichas(color).cantidad(),
        }
    }

    /// Whether no cell is empty.
    pub fn lleno(&self) -> bool {
        self.vacias().es_vacio()
    }

    /// Where `color` may play: every empty cell from which a piece of `color` would
    /// flank at least one rival piece.
    ///
    /// ```
    /// use othello::{Color, Tablero};
    ///
    /// let jugadas: Vec<String> = Tablero::inicial()
    ///     .jugadas_validas(Color::Negro)
    ///     .into_iter()
    ///     .map(|p| p.to_string())
    ///     .collect();
    /// assert_eq!(jugadas, ["D3", "C4", "F5", "E6"]);
    /// ```
    pub fn jugadas_validas(&self, color: Color) -> Bitboard {
        bitboard::jugadas(self.fichas(color), self.fichas(!color))
    }

    /// Whether `color` has at least one valid move.
    pub fn puede_jugar(&self, color: Color) -> bool {
        !self.jugadas_validas(color).es_vacio()
    }

    /// The rival pieces that a piece of `color` on `p` would flip, without playing it.
    /// Empty when the move is not valid.
    pub fn volteos(&self, p: Posicion, color: Color) -> Bitboard {
        if self.casilla(p) == Casilla::Vacia {
            bitboard::volteos(self.fichas(color), self.fichas(!color), p)
        } else {
            Bitboard::VACIO
        }
    }

    /// Plays a piece of `color` on `p` and flips every flanked rival piece, in all 8
    /// directions. Returns the flipped pieces.
    ///
    /// # Errors
    ///
    /// [`ErrorJugada::Ocupada`] if the cell holds a piece, [`ErrorJugada::SinFlanqueo`]
    /// if the piece would flank nothing. The board is then unchanged.
    pub fn jugar(&mut self, p: Posicion, color: Color) -> Result<Bitboard, ErrorJugada> {
        if self.casilla(p) != Casilla::Vacia {
            return Err(ErrorJugada::Ocupada(p));
        }
        let volteadas = self.volteos(p, color);
        if volteadas.es_vacio() {
            return Err(ErrorJugada::SinFlanqueo(p));
        }
        let (propias, rivales) = match color {
            Color::Negro => (&mut self.negras, &mut self.blancas),
            Color::Blanco => (&mut self.blancas, &mut self.negras),
        };
        *propias |= volteadas | Bitboard::from(p);
        *rivales &= !volteadas;
        Ok(volteadas)
    }

    /// The homework's list of lists: 8 rows (row 1 first) of 8 strings (column A first),
    /// each "B", "N" or "V".
    ///
    /// ```
    /// use othello::Tablero;
    ///
    /// let lista = Tablero::inicial().a_lista();
    /// assert_eq!(lista[3], ["V", "V", "V", "B", "N", "V", "V", "V"]);
    /// assert_eq!(Tablero::try_from(lista), Ok(Tablero::inicial()));
    /// ```
    pub fn a_lista(&self) -> Vec<Vec<String>> {
        self.filas()
            .map(|fila| fila.map(|casilla| casilla.to_string()).to_vec())
            .collect()
    }

    /// Each row as the letters of its cells, row 1 first: `"VVVBNVVV"`, as reports
    /// in JSON show a board.
    pub fn filas_en_letras(&self) -> Vec<String> {
        self.filas()
            .map(|fila| fila.iter().map(|casilla| casilla.letra()).collect())
            .collect()
    }

    /// The cells row by row, row 1 first, column A first.
    pub fn filas(&self) -> impl Iterator<Item = [Casilla; 8]> + '_ {
        (0..8).map(move |fila| {
            std::array::from_fn(|columna| {
                let p = Posicion::desde_coordenadas(columna as u8, fila)
                    .expect("fila y columna entre 0 y 7");
                self.casilla(p)
            })
        })
    }
}

impl Default for Tablero {
    /// The starting board.
    fn default() -> Tablero {
        Tablero::inicial()
    }
}

impl fmt::Debug for Tablero {
    /// The 8 rows of letters, so a failing test shows the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Tablero {{")?;
        for fila in self.filas() {
            let letras: String = fila.iter().map(|c| c.letra()).collect();
            writeln!(f, "    {letras}")?;
        }
        write!(f, "}}")
    }
}

impl<S: AsRef<str>> TryFrom<&[Vec<S>]> for Tablero {
    type Error = ErrorLista;

    /// Reads the homework's list of lists. Each cell must be exactly "B", "N" or "V".
    fn try_from(lista: &[Vec<S>]) -> Result<Tablero, ErrorLista> {
        if lista.len() != 8 {
            return Err(ErrorLista::CantidadFilas {
                encontradas: lista.len(),
            });
        }
        let mut tablero = Tablero::vacio();
        for (fila, celdas) in lista.iter().enumerate() {
            if celdas.len() != 8 {
                return Err(ErrorLista::CantidadCasillas {
                    fila: fila + 1,
                    encontradas: celdas.len(),
                });
            }
            for (columna, texto) in celdas.iter().enumerate() {
                let posicion = Posicion::desde_coordenadas(columna as u8, fila as u8)
                    .expect("fila y columna entre 0 y 7");
                let casilla = texto.as_ref().parse().map_err(|_| ErrorLista::Casilla {
                    posicion,
                    encontrado: texto.as_ref().to_owned(),
                })?;
                tablero.poner(posicion, casilla);
            }
        }
        Ok(tablero)
    }
}

impl TryFrom<Vec<Vec<String>>> for Tablero {
    type Error = ErrorLista;

    /// Reads the homework's list of lists; see the `&[Vec<S>]` conversion.
    fn try_from(lista: Vec<Vec<String>>) -> Result<Tablero, ErrorLista> {
        Tablero::try_from(lista.as_slice())
    }
}

impl<S: AsRef<str>> TryFrom<&Vec<Vec<S>>> for Tablero {
    type Error = ErrorLista;

    /// Reads the homework's list of lists; see the `&[Vec<S>]` conversion.
    fn try_from(lista: &Vec<Vec<S>>) -> Result<Tablero, ErrorLista> {
        Tablero::try_from(lista.as_slice())
    }
}

impl From<Tablero> for Vec<Vec<String>> {
    fn from(tablero: Tablero) -> Vec<Vec<String>> {
        tablero.a_lista()
    }
}

impl From<&Tablero> for Vec<Vec<String>> {
    fn from(tablero: &Tablero) -> Vec<Vec<String>> {
        tablero.a_lista()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(nombre: &str) -> Posicion {
        nombre.parse().unwrap()
    }

    #[test]
    fn inicial_como_la_tarea() {
        let t = Tablero::inicial();
        assert_eq!(t.casilla(p("D4")), Casilla::Ficha(Color::Blanco));
        assert_eq!(t.casilla(p("E5")), Casilla::Ficha(Color::Blanco));
        assert_eq!(t.casilla(p("E4")), Casilla::Ficha(Color::Negro));
        assert_eq!(t.casilla(p("D5")), Casilla::Ficha(Color::Negro));
        assert_eq!(t.contar(Casilla::Vacia), 60);
    }

    #[test]
    fn figuras_2_y_3() {
        let mut t = Tablero::inicial();
        assert_eq!(t.jugar(p("C4"), Color::Negro), Ok(Bitboard::from(p("D4"))));
        assert_eq!(t.jugar(p("C3"), Color::Blanco), Ok(Bitboard::from(p("D4"))));
        assert_eq!(t.casilla(p("D4")), Casilla::Ficha(Color::Blanco));
        // C4 is not flanked: below C4 (C5) is empty.
        assert_eq!(t.casilla(p("C4")), Casilla::Ficha(Color::Negro));
        assert_eq!(
            (
                t.contar(Color::Negro.into()),
                t.contar(Color::Blanco.into())
            ),
            (3, 3)
        );
    }

    #[test]
    fn jugada_invalida_no_cambia_nada() {
        let mut t = Tablero::inicial();
        let antes = t.clone();
        assert_eq!(
            t.jugar(p("D4"), Color::Negro),
            Err(ErrorJugada::Ocupada(p("D4")))
        );
        assert_eq!(
            t.jugar(p("A1"), Color::Negro),
            Err(ErrorJugada::SinFlanqueo(p("A1")))
        );
        assert_eq!(
            t.jugar(p("C5"), Color::Negro),
            Err(ErrorJugada::SinFlanqueo(p("C5")))
        );
        assert_eq!(t, antes);
    }

    #[test]
    fn lista_con_errores() {
        let buena = Tablero::inicial().a_lista();
        let mut corta = buena.clone();
        corta.pop();
        assert_eq!(
            Tablero::try_from(corta),
            Err(ErrorLista::CantidadFilas { encontradas: 7 })
        );
        let mut fila_larga = buena.clone();
        fila_larga[2].push("V".into());
        assert_eq!(
            Tablero::try_from(fila_larga),
            Err(ErrorLista::CantidadCasillas {
                fila: 3,
                encontradas: 9
            })
        );
        let mut minuscula = buena;
        minuscula[7][4] = "n".into();
        assert_eq!(
            Tablero::try_from(minuscula),
            Err(ErrorLista::Casilla {
                posicion: p("E8"),
                encontrado: "n".into()
            })
        );
    }

    #[test]
    fn poner_reemplaza() {
        let mut t = Tablero::inicial();
        t.poner(p("D4"), Casilla::Ficha(Color::Negro));
        assert_eq!(t.contar(Color::Negro.into()), 3);
        assert_eq!(t.contar(Color::Blanco.into()), 1);
        t.poner(p("D4"), Casilla::Vacia);
        assert_eq!(t.contar(Casilla::Vacia), 61);
    }
}
