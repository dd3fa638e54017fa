//! Move transcripts: a game written as its moves, to replay it from the start or from a
//! loaded board.
//!
//! Two notations are read:
//!
//! - **Spaced**: one move per token, tokens separated by spaces, tabs, line ends or
//!   commas (`C4 C3 D3 pasar E3`). A pass is always written (`pasar`, or `PA` as engines
//!   write it), because under the homework's rules a player may pass at any time.
//! - **Compact**, the standard notation of Othello software: the moves glued together
//!   (`f5d6c3d3`), and passes implied: when the player to move has no valid move, they
//!   pass before the next move is played. A transcript is compact when one of its tokens
//!   holds more than one move; it may then be wrapped over several lines.
//!
//! Either case is accepted for the letters, and a line whose first non-blank character
//! is `#` is a comment.

use std::{fmt, str::FromStr};

use crate::{ErrorPartida, ErrorPosicion, Jugada, Partida, formato::entrada, texto::cita};

/// How a transcript was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notacion {
    /// One move per token, passes written.
    Espaciada,
    /// Moves glued together, passes implied.
    Compacta,
}

/// One move as the transcript wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Escrita {
    /// The text of the move, as written.
    pub texto: String,
    /// The move, or why the text is not one. Kept unparsed until replayed, so that the
    /// first problem in the order of the game is the one reported.
    pub jugada: Result<Jugada, ErrorPosicion>,
}

/// A transcript: the moves in the order written.
///
/// ```
/// use othello::{Notacion, Partida, Transcripcion};
///
/// let espaciada: Transcripcion = "C4 C3, D3 pasar".parse()?;
/// assert_eq!(espaciada.notacion(), Notacion::Espaciada);
/// assert_eq!(espaciada.to_string(), "C4 C3 D3 pasar");
///
/// let compacta: Transcripcion = "f5d6c3d3".parse()?;
/// assert_eq!(compacta.notacion(), Notacion::Compacta);
/// let repetida = compacta.repetir(Partida::nueva())?;
/// assert_eq!(repetida.jugadas().len(), 4);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcripcion {
    notacion: Notacion,
    escritas: Vec<Escrita>,
}

impl Transcripcion {
    /// The transcript of moves already played, in spaced notation.
    pub fn de_jugadas(jugadas: &[Jugada]) -> Transcripcion {
        Transcripcion {
            notacion: Notacion::Espaciada,
            escritas: jugadas
                .iter()
                .map(|&jugada| Escrita {
                    texto: jugada.to_string(),
                    jugada: Ok(jugada),
                })
                .collect(),
        }
    }

    /// Reads either notation, like `FromStr`, but with no comments: for moves given
    /// as command-line words, where a `#` is not the start of a comment but a bad move.
    pub fn sin_comentarios(texto: &str) -> Transcripcion {
        Transcripcion::leer(texto.split(|c: char| c.is_whitespace() || c == ','))
    }

    /// The transcript of these tokens (empty ones skipped).
    fn leer<'a>(tokens: impl Iterator<Item = &'a str>) -> Transcripcion {
        let tokens: Vec<&str> = tokens.filter(|token| !token.is_empty()).collect();
        let compacta = tokens.iter().any(|token| es_compacto(token));
        let escritas = if compacta {
            tokens
                .iter()
                .flat_map(|token| partir_compacto(token))
                .map(escrita)
                .collect()
        } else {
            tokens.into_iter().map(escrita).collect()
        };
        Transcripcion {
            notacion: if compacta {
                Notacion::Compacta
            } else {
                Notacion::Espaciada
            },
            escritas,
        }
    }

    /// The notation it was written in.
    pub fn notacion(&self) -> Notacion {
        self.notacion
    }

    /// The moves as written, in order.
    pub fn escritas(&self) -> &[Escrita] {
        &self.escritas
    }

    /// Plays the transcript on `partida`, the moves in order; in compact notation a
    /// player with no valid move passes first.
    ///
    /// # Errors
    ///
    /// An [`ErrorRepeticion`] for the first move that is not a move or cannot be played,
    /// with its number (counted from 1, as written) and the game just before it.
    pub fn repetir(&self, partida: Partida) -> Result<Repeticion, Box<ErrorRepeticion>> {
        let mut repeticion = Repeticion {
            partida,
            jugadas: Vec::with_capacity(self.escritas.len()),
        };
        for (indice, escrita) in self.escritas.iter().enumerate() {
            let fallar = |razon, repeticion: Repeticion| {
                Err(Box::new(ErrorRepeticion {
                    numero: indice + 1,
                    texto: escrita.texto.clone(),
                    razon,
                    antes: repeticion,
                }))
            };
            let jugada = match &escrita.jugada {
                Ok(jugada) => *jugada,
                Err(error) => return fallar(Razon::Posicion(error.clone()), repeticion),
            };
            let partida = &mut repeticion.partida;
            if self.notacion == Notacion::Compacta
                && matches!(jugada, Jugada::Colocar(_))
                && partida.debe_pasar()
            {
                partida.jugar(Jugada::Pasar).expect("la partida sigue");
                repeticion.jugadas.push(Jugada::Pasar);
            }
            match repeticion.partida.jugar(jugada) {
                Ok(_) => repeticion.jugadas.push(jugada),
                Err(error) => return fallar(Razon::Partida(error), repeticion),
            }
        }
        Ok(repeticion)
    }
}

impl FromStr for Transcripcion {
    type Err = std::convert::Infallible;

    /// Reads either notation (see the module's documentation). Never fails: a token
    /// that is not a move is kept, and reported when the transcript is replayed.
    fn from_str(texto: &str) -> Result<Transcripcion, Self::Err> {
        Ok(Transcripcion::leer(
            texto
                .lines()
                .filter(|linea| !linea.trim_start().starts_with('#'))
                .flat_map(|linea| linea.split(|c: char| c.is_whitespace() || c == ',')),
        ))
    }
}

impl fmt::Display for Transcripcion {
    /// The moves as written, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (indice, escrita) in self.escritas.iter().enumerate() {
            if indice > 0 {
                f.write_str(" ")?;
            }
            f.write_str(&escrita.texto)?;
        }
        Ok(())
    }
}

/// Whether `token` is two or more moves glued together: pairs of a column letter and a
/// row digit, or `pa`.
fn es_compacto(token: &str) -> bool {
    token.len() >= 4
        && token.len().is_multiple_of(2)
        && token.as_bytes().chunks(2).all(|par| {
            matches!(par, [b'a'..=b'h' | b'A'..=b'H', b'1'..=b'8'])
                || par.eq_ignore_ascii_case(b"pa")
        })
}

/// The moves of a compact token: itself if it is a single word (`pasar`, or something
/// that is not a move at all), its pairs otherwise.
fn partir_compacto(token: &str) -> Vec<&str> {
    if es_compacto(token) {
        (0..token.len())
            .step_by(2)
            .map(|i| &token[i..i + 2])
            .collect()
    } else {
        vec![token]
    }
}

/// A token read as a move: `pasar` or `PA` in any case, or a position in any case.
fn escrita(texto: &str) -> Escrita {
    Escrita {
        texto: texto.to_owned(),
        jugada: entrada::jugada(texto),
    }
}

/// A replayed transcript: the game it reached and the moves played, with the passes
/// that compact notation implies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeticion {
    partida: Partida,
    jugadas: Vec<Jugada>,
}

impl Repeticion {
    /// The game after the moves.
    pub fn partida(&self) -> &Partida {
        &self.partida
    }

    /// Every move played, in order, passes included.
    pub fn jugadas(&self) -> &[Jugada] {
        &self.jugadas
    }
}

/// Why a move of a transcript could not be played: its text is not a move, or the
/// game refused it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Razon {
    /// The text is not a move.
    #[error(transparent)]
    Posicion(#[from] ErrorPosicion),
    /// The game refused it.
    #[error(transparent)]
    Partida(#[from] ErrorPartida),
}

impl Razon {
    /// A short name for programs: [`ErrorPosicion::clave`] or [`ErrorPartida::clave`].
    pub fn clave(&self) -> &'static str {
        match self {
            Razon::Posicion(error) => error.clave(),
            Razon::Partida(error) => error.clave(),
        }
    }
}

/// A transcript move that could not be played, with the game just before it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("la jugada {numero} («{}») no es válida: {razon}", cita(.texto))]
pub struct ErrorRepeticion {
    /// Its number in the transcript, from 1, passes implied by compact notation not
    /// counted.
    pub numero: usize,
    /// Its text, as written.
    pub texto: String,
    /// Why.
    pub razon: Razon,
    /// The game just before it, and the moves that led there.
    pub antes: Repeticion,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, ErrorJugada, Posicion};

    fn leer(texto: &str) -> Transcripcion {
        texto.parse().unwrap()
    }

    fn en(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    #[test]
    fn separadores_comentarios_y_mayusculas() {
        let t = leer("# una partida\nc4,C3\t d3 ,, PASAR\r\n  # otra línea\nPa\n");
        assert_eq!(t.notacion(), Notacion::Espaciada);
        let jugadas: Vec<_> = t.escritas().iter().map(|e| e.jugada.clone()).collect();
        assert_eq!(
            jugadas,
            [
                Ok(Jugada::Colocar(en("C4"))),
                Ok(Jugada::Colocar(en("C3"))),
                Ok(Jugada::Colocar(en("D3"))),
                Ok(Jugada::Pasar),
                Ok(Jugada::Pasar)
            ]
        );
        assert_eq!(t.to_string(), "c4 C3 d3 PASAR Pa");
    }

    #[test]
    fn compacta_en_varias_lineas_y_con_pa() {
        let t = leer("f5d6\nc3pAd3\n");
        assert_eq!(t.notacion(), Notacion::Compacta);
        assert_eq!(t.to_string(), "f5 d6 c3 pA d3");
        // A single glued pair is an ordinary spaced move.
        assert_eq!(leer("f5").notacion(), Notacion::Espaciada);
        // Something that is not glued moves stays one token, reported on replay.
        let t = leer("f5d6 x9y");
        assert_eq!(t.escritas()[2].texto, "x9y");
        assert!(t.escritas()[2].jugada.is_err());
    }

    #[test]
    fn el_primer_problema_en_orden_de_juego() {
        // A1 cannot be played (it flanks nothing); the bad token comes after it.
        let error = leer("C4 A1 XX").repetir(Partida::nueva()).unwrap_err();
        assert_eq!((error.numero, error.texto.as_str()), (2, "A1"));
        assert_eq!(
            error.razon,
            Razon::Partida(ErrorPartida::Jugada(ErrorJugada::SinFlanqueo(en("A1"))))
        );
        assert_eq!(error.razon.clave(), "sin_flanqueo");
        assert_eq!(error.antes.jugadas(), [Jugada::Colocar(en("C4"))]);
        assert_eq!(
            error.to_string(),
            "la jugada 2 («A1») no es válida: una ficha en A1 no flanquea ninguna ficha rival"
        );
        let error = leer("C4 zz").repetir(Partida::nueva()).unwrap_err();
        assert_eq!(error.razon.clave(), "formato");
        assert_eq!(
            error.razon.to_string(),
            ErrorPosicion::Formato("zz".into()).to_string()
        );
    }

    #[test]
    fn pases_implicitos_solo_en_la_compacta() {
        // Row 1: N B V...: white cannot move, black can play C1.
        let mut filas = String::from("N, B, V, V, V, V, V, V\nV, V, V, V, V, V, V, V\n");
        filas += &"V, V, V, V, V, V, V, V\n".repeat(6);
        let partida = Partida::desde(filas.parse().unwrap(), Color::Blanco);
        // Spaced: white must write the pass.
        let error = leer("C1").repetir(partida.clone()).unwrap_err();
        assert_eq!(
            error.razon,
            Razon::Partida(ErrorPartida::DebePasar(Color::Blanco))
        );
        let repetida = leer("pasar C1").repetir(partida.clone()).unwrap();
        assert_eq!(
            repetida.jugadas(),
            [Jugada::Pasar, Jugada::Colocar(en("C1"))]
        );
        // Compact: the pass is implied, and recorded.
        let compacta = leer("c1").repetir(partida.clone());
        assert!(compacta.is_err(), "un solo par es notación espaciada");
        let t = Transcripcion {
            notacion: Notacion::Compacta,
            escritas: vec![escrita("c1")],
        };
        assert_eq!(t.repetir(partida).unwrap(), repetida);
    }

    #[test]
    fn jugadas_despues_del_final() {
        let error = leer("pasar pasar C4")
            .repetir(Partida::nueva())
            .unwrap_err();
        assert_eq!(error.numero, 3);
        assert_eq!(error.razon.clave(), "terminada");
        assert_eq!(
            error.razon.to_string(),
            "la partida ya terminó (ambos jugadores pasaron, uno después del otro)"
        );
    }

    #[test]
    fn de_jugadas_ida_y_vuelta() {
        let jugadas = [
            Jugada::Colocar(en("C4")),
            Jugada::Pasar,
            Jugada::Colocar(en("E3")),
        ];
        let t = Transcripcion::de_jugadas(&jugadas);
        assert_eq!(t.to_string(), "C4 pasar E3");
        assert_eq!(leer(&t.to_string()), t);
    }
}
