//! A game in progress: the board, whose turn it is and the passes in a row.
//!
//! The save file holds only the board; the turn and the passes are game state, kept
//! here.

use std::{fmt, str::FromStr};

use crate::{Bitboard, Casilla, Color, ErrorJugada, ErrorPosicion, Posicion, Tablero};

/// What a player does on their turn: place a piece, or pass.
///
/// ```
/// use othello::Jugada;
///
/// assert_eq!("pasar".parse::<Jugada>()?, Jugada::Pasar);
/// assert_eq!("C4".parse::<Jugada>()?.to_string(), "C4");
/// # Ok::<_, othello::ErrorPosicion>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Jugada {
    /// A piece on this cell.
    Colocar(Posicion),
    /// The player passes: allowed at any time under the homework's rules.
    Pasar,
}

impl fmt::Display for Jugada {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Jugada::Colocar(p) => write!(f, "{p}"),
            Jugada::Pasar => write!(f, "pasar"),
        }
    }
}

impl FromStr for Jugada {
    type Err = ErrorPosicion;

    /// "pasar", or a position in the game's format ("C4").
    fn from_str(s: &str) -> Result<Jugada, ErrorPosicion> {
        match s {
            "pasar" => Ok(Jugada::Pasar),
            _ => s.parse().map(Jugada::Colocar),
        }
    }
}

/// Why a game ended: the homework's four end conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motivo {
    /// No empty cell is left.
    TableroLleno,
    /// Both players passed, one after the other.
    DosPases,
    /// The player to move has no pieces on the board.
    SinFichas(Color),
    /// Neither color has a valid move.
    NingunoPuedeJugar,
}

impl Motivo {
    /// A short name for programs: `tablero_lleno`, `dos_pases`, `sin_fichas` or
    /// `ninguno_puede_jugar`.
    pub fn clave(self) -> &'static str {
        match self {
            Motivo::TableroLleno => "tablero_lleno",
            Motivo::DosPases => "dos_pases",
            Motivo::SinFichas(_) => "sin_fichas",
            Motivo::NingunoPuedeJugar => "ninguno_puede_jugar",
        }
    }
}

impl fmt::Display for Motivo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Motivo::TableroLleno => write!(f, "el tablero está lleno"),
            Motivo::DosPases => write!(f, "ambos jugadores pasaron, uno después del otro"),
            Motivo::SinFichas(color) => {
                write!(f, "las {} no tienen fichas en el tablero", color.nombre())
            }
            Motivo::NingunoPuedeJugar => write!(f, "ninguno de los dos puede jugar"),
        }
    }
}

/// Who won, with both counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resultado {
    /// One color has more pieces.
    Gana {
        /// The winner.
        color: Color,
        /// Black's pieces.
        negras: u32,
        /// White's pieces.
        blancas: u32,
    },
    /// Both have the same number of pieces.
    Empate {
        /// Pieces of each color.
        fichas: u32,
    },
}

impl Resultado {
    /// The result if the game ended on `tablero`: more pieces wins.
    pub fn de(tablero: &Tablero) -> Resultado {
        let negras = tablero.contar(Casilla::Ficha(Color::Negro));
        let blancas = tablero.contar(Casilla::Ficha(Color::Blanco));
        match negras.cmp(&blancas) {
            std::cmp::Ordering::Greater => Resultado::Gana {
                color: Color::Negro,
                negras,
                blancas,
            },
            std::cmp::Ordering::Less => Resultado::Gana {
                color: Color::Blanco,
                negras,
                blancas,
            },
            std::cmp::Ordering::Equal => Resultado::Empate { fichas: negras },
        }
    }

    /// The winner, or `None` for a tie.
    pub fn ganador(self) -> Option<Color> {
        match self {
            Resultado::Gana { color, .. } => Some(color),
            Resultado::Empate { .. } => None,
        }
    }
}

impl fmt::Display for Resultado {
    /// "ganan las negras, 40 a 24" or "empate, 32 a 32".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Resultado::Gana {
                color,
                negras,
                blancas,
            } => {
                let (mas, menos) = if color == Color::Negro {
                    (negras, blancas)
                } else {
                    (blancas, negras)
                };
                write!(f, "ganan las {}, {mas} a {menos}", color.nombre())
            }
            Resultado::Empate { fichas } => write!(f, "empate, {fichas} a {fichas}"),
        }
    }
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estado {
    /// The player to move plays or passes.
    EnCurso,
    /// Over, for `motivo`, with `resultado`.
    Terminada {
        /// Why it ended.
        motivo: Motivo,
        /// Who won.
        resultado: Resultado,
    },
}

/// When a player may pass. Serialized as `"tarea"` or `"oficiales"`, as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reglas {
    /// The homework's rule: a player may pass at any time, and two passes in a row end
    /// the game.
    #[default]
    Tarea,
    /// The official rule: a player passes only without a valid move, and the game ends
    /// when neither can move.
    Oficiales,
}

/// Why a game refused a move. The game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorPartida {
    /// The game is over, for this reason: nobody moves any more.
    #[error("la partida ya terminó ({0})")]
    Terminada(Motivo),
    /// Under the official rules, a pass with a valid move at hand.
    #[error("con las reglas oficiales solo se puede pasar sin jugadas válidas")]
    PaseNoPermitido,
    /// A piece placed by a player without any valid move: only a pass is possible.
    #[error("las {} no tienen jugadas válidas: corresponde «pasar»", .0.nombre())]
    DebePasar(Color),
    /// The board refused the move.
    #[error(transparent)]
    Jugada(#[from] ErrorJugada),
}

impl ErrorPartida {
    /// A short name for programs: `terminada`, `pase_no_permitido`, `debe_pasar`, or
    /// the board's [`ErrorJugada::clave`].
    pub fn clave(self) -> &'static str {
        match self {
            ErrorPartida::Terminada(_) => "terminada",
            ErrorPartida::PaseNoPermitido => "pase_no_permitido",
            ErrorPartida::DebePasar(_) => "debe_pasar",
            ErrorPartida::Jugada(error) => error.clave(),
        }
    }
}

/// A game: the board, the color to move and how many passes came in a row.
///
/// ```
/// use othello::{Color, Estado, Jugada, Motivo, Partida};
///
/// let mut partida = Partida::nueva();
/// partida.jugar("C4".parse()?)?;
/// assert_eq!(partida.turno(), Color::Blanco);
/// partida.jugar(Jugada::Pasar)?;
/// partida.jugar(Jugada::Pasar)?;
/// assert!(matches!(partida.estado(), Estado::Terminada { motivo: Motivo::DosPases, .. }));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partida {
    tablero: Tablero,
    turno: Color,
    pases_seguidos: u8,
    reglas: Reglas,
}

impl Partida {
    /// A new game: the starting board, black to move.
    pub fn nueva() -> Partida {
        Partida::desde(Tablero::inicial(), Color::Negro)
    }

    /// A game that goes on from `tablero` with `turno` to move and no passes yet, as
    /// after loading a saved board.
    pub fn desde(tablero: Tablero, turno: Color) -> Partida {
        Partida {
            tablero,
            turno,
            pases_seguidos: 0,
            reglas: Reglas::Tarea,
        }
    }

    /// The same game under `reglas`.
    #[must_use]
    pub fn con_reglas(self, reglas: Reglas) -> Partida {
        Partida { reglas, ..self }
    }

    /// The pass rule the game follows.
    pub fn reglas(&self) -> Reglas {
        self.reglas
    }

    /// Who most likely moves next on a loaded board: with no passes, black moves when
    /// the number of pieces minus 4 is even.
    pub fn turno_sugerido(tablero: &Tablero) -> Color {
        let fichas = 64 - tablero.contar(Casilla::Vacia);
        if fichas.is_multiple_of(2) {
            Color::Negro
        } else {
            Color::Blanco
        }
    }

    /// The board.
    pub fn tablero(&self) -> &Tablero {
        &self.tablero
    }

    /// The color to move.
    pub fn turno(&self) -> Color {
        self.turno
    }

    /// How many passes came one after the other just before this turn.
    pub fn pases_seguidos(&self) -> u8 {
        self.pases_seguidos
    }

    /// Where the player to move may play.
    pub fn jugadas_validas(&self) -> Bitboard {
        self.tablero.jugadas_validas(self.turno)
    }

    /// Whether the game is over, checked in the homework's order: a full board, two
    /// passes in a row, the player to move without pieces, neither color able to move.
    pub fn estado(&self) -> Estado {
        let motivo = if self.tablero.lleno() {
            Motivo::TableroLleno
        } else if self.pases_seguidos >= 2 {
            Motivo::DosPases
        } else if self.tablero.fichas(self.turno).es_vacio() {
            Motivo::SinFichas(self.turno)
        } else if Color::TODOS
            .iter()
            .all(|&color| !self.tablero.puede_jugar(color))
        {
            Motivo::NingunoPuedeJugar
        } else {
            return Estado::EnCurso;
        };
        Estado::Terminada {
            motivo,
            resultado: Resultado::de(&self.tablero),
        }
    }

    /// Whether the game goes on but the player to move has no valid move, and so must
    /// pass.
    pub fn debe_pasar(&self) -> bool {
        self.estado() == Estado::EnCurso && !self.tablero.puede_jugar(self.turno)
    }

    /// Plays `jugada` for the player to move and hands the turn over. Returns the
    /// flipped pieces (none for a pass).
    ///
    /// # Errors
    ///
    /// [`ErrorPartida::Terminada`] once the game is over, [`ErrorPartida::PaseNoPermitido`]
    /// for a pass with a valid move under [`Reglas::Oficiales`],
    /// [`ErrorPartida::DebePasar`] for a piece placed without any valid move; otherwise
    /// the board's reasons ([`Tablero::jugar`]). Nothing changes on an error.
    pub fn jugar(&mut self, jugada: Jugada) -> Result<Bitboard, ErrorPartida> {
        if let Estado::Terminada { motivo, .. } = self.estado() {
            return Err(ErrorPartida::Terminada(motivo));
        }
        let volteadas = match jugada {
            Jugada::Colocar(_) if !self.tablero.puede_jugar(self.turno) => {
                return Err(ErrorPartida::DebePasar(self.turno));
            }
            Jugada::Colocar(p) => {
                let volteadas = self.tablero.jugar(p, self.turno)?;
                self.pases_seguidos = 0;
                volteadas
            }
            Jugada::Pasar
                if self.reglas == Reglas::Oficiales && self.tablero.puede_jugar(self.turno) =>
            {
                return Err(ErrorPartida::PaseNoPermitido);
            }
            Jugada::Pasar => {
                self.pases_seguidos += 1;
                Bitboard::VACIO
            }
        };
        self.turno = !self.turno;
        Ok(volteadas)
    }
}

impl Default for Partida {
    fn default() -> Partida {
        Partida::nueva()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tablero(filas: &str) -> Tablero {
        filas.parse().unwrap()
    }

    #[test]
    fn turno_sugerido_por_paridad() {
        assert_eq!(Partida::turno_sugerido(&Tablero::inicial()), Color::Negro);
        let mut t = Tablero::inicial();
        t.jugar("C4".parse().unwrap(), Color::Negro).unwrap();
        assert_eq!(Partida::turno_sugerido(&t), Color::Blanco);
    }

    #[test]
    fn pasar_y_jugar_reinicia_la_cuenta() {
        let mut p = Partida::nueva();
        p.jugar(Jugada::Pasar).unwrap();
        assert_eq!((p.turno(), p.pases_seguidos()), (Color::Blanco, 1));
        p.jugar("E3".parse().unwrap()).unwrap();
        assert_eq!((p.turno(), p.pases_seguidos()), (Color::Negro, 0));
        assert_eq!(p.estado(), Estado::EnCurso);
    }

    #[test]
    fn sin_fichas_del_que_mueve() {
        let mut t = Tablero::vacio();
        t.poner("A1".parse().unwrap(), Casilla::Ficha(Color::Negro));
        let p = Partida::desde(t, Color::Blanco);
        assert_eq!(
            p.estado(),
            Estado::Terminada {
                motivo: Motivo::SinFichas(Color::Blanco),
                resultado: Resultado::Gana {
                    color: Color::Negro,
                    negras: 1,
                    blancas: 0
                },
            }
        );
        assert!(matches!(
            p.clone().jugar(Jugada::Pasar),
            Err(ErrorPartida::Terminada(_))
        ));
    }

    #[test]
    fn debe_pasar_cuando_solo_el_otro_puede() {
        // Row 1: N B V ...: white cannot flank anything, black can play C1.
        let mut filas = String::from("N, B, V, V, V, V, V, V\n");
        filas += &"V, V, V, V, V, V, V, V\n".repeat(7);
        let p = Partida::desde(tablero(&filas), Color::Blanco);
        assert!(p.debe_pasar());
        assert_eq!(p.estado(), Estado::EnCurso);
        let p = Partida::desde(tablero(&filas), Color::Negro);
        assert!(!p.debe_pasar());
    }

    #[test]
    fn con_las_reglas_oficiales_solo_se_pasa_sin_jugadas() {
        let mut p = Partida::nueva().con_reglas(Reglas::Oficiales);
        assert_eq!(p.jugar(Jugada::Pasar), Err(ErrorPartida::PaseNoPermitido));
        assert_eq!(p, Partida::nueva().con_reglas(Reglas::Oficiales));
        // Row 1: N B V...: white has no move and passes; black then plays.
        let mut filas = String::from("N, B, V, V, V, V, V, V\n");
        filas += &"V, V, V, V, V, V, V, V\n".repeat(7);
        let mut p = Partida::desde(tablero(&filas), Color::Blanco).con_reglas(Reglas::Oficiales);
        assert_eq!(p.jugar(Jugada::Pasar), Ok(Bitboard::VACIO));
        assert_eq!(p.turno(), Color::Negro);
    }

    #[test]
    fn resultado_en_palabras() {
        let gana = Resultado::Gana {
            color: Color::Blanco,
            negras: 24,
            blancas: 40,
        };
        assert_eq!(gana.to_string(), "ganan las blancas, 40 a 24");
        assert_eq!(
            Resultado::Empate { fichas: 32 }.to_string(),
            "empate, 32 a 32"
        );
        assert_eq!(gana.ganador(), Some(Color::Blanco));
    }
}
