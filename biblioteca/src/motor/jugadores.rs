//! Who plays each color: a person at the keyboard, or one of the computer players.
//!
//! Every computer player draws its randomness from one seeded generator, so a game
//! (or a tournament) with the same seed is the same game. Computer players pass only
//! when they have no valid move.

use std::{fmt, str::FromStr, time::Duration};

use rand::{Rng, RngExt, SeedableRng, rngs::ChaCha8Rng, seq::SliceRandom};

use crate::{
    Bitboard, Casilla, Color, Posicion, Tablero,
    motor::busqueda::{Buscador, Limite},
};

/// A kind of player. Its serialized form is its name, as typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Nivel {
    /// A person, typing moves.
    Humano,
    /// A uniformly random valid move.
    Aleatorio,
    /// The computer player of the book chapter: a corner if there is one, otherwise
    /// the move that leaves it the most pieces, the valid moves shuffled first.
    Libro,
    /// The engine's search: alpha-beta with an evaluation, exact near the end.
    Fuerte,
    /// The strong player of before, with its hand-made evaluation: only to measure
    /// [`Nivel::Fuerte`] against it (not in the menus).
    Clasico,
}

impl Nivel {
    /// Every kind, in the order of the menus.
    pub const TODOS: [Nivel; 4] = [Nivel::Humano, Nivel::Aleatorio, Nivel::Libro, Nivel::Fuerte];

    /// Every kind that can be named (on the command line, in a saved game): the menus'
    /// and [`Nivel::Clasico`], which they leave out.
    pub const NOMBRADOS: [Nivel; 5] = [
        Nivel::Humano,
        Nivel::Aleatorio,
        Nivel::Libro,
        Nivel::Fuerte,
        Nivel::Clasico,
    ];

    /// Its name, as typed on the command line and shown in the game.
    pub const fn nombre(self) -> &'static str {
        match self {
            Nivel::Humano => "humano",
            Nivel::Aleatorio => "aleatorio",
            Nivel::Libro => "libro",
            Nivel::Fuerte => "fuerte",
            Nivel::Clasico => "clasico",
        }
    }
}

impl fmt::Display for Nivel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.nombre())
    }
}

/// A name that is not a kind of player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("«{0}» no es un jugador: se esperaba humano, aleatorio, libro, fuerte o clasico")]
pub struct ErrorNivel(String);

impl FromStr for Nivel {
    type Err = ErrorNivel;

    /// The name in any case; also `clasico`, which the menus do not offer.
    fn from_str(texto: &str) -> Result<Nivel, ErrorNivel> {
        Nivel::NOMBRADOS
            .into_iter()
            .find(|nivel| nivel.nombre().eq_ignore_ascii_case(texto.trim()))
            .ok_or_else(|| ErrorNivel(crate::texto::cita(texto)))
    }
}

/// The four corners, which the book's player always takes.
const ESQUINAS: Bitboard = Bitboard(0x8100_0000_0000_0081);

/// A computer player: its kind, its random generator and, for the strong one, the
/// search with its memory.
pub struct Computadora {
    nivel: Nivel,
    azar: ChaCha8Rng,
    buscador: Option<Buscador>,
    tiempo: Duration,
}

impl fmt::Debug for Computadora {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Computadora")
            .field("nivel", &self.nivel)
            .field("tiempo", &self.tiempo)
            .finish_non_exhaustive()
    }
}

impl Computadora {
    /// A computer player of `nivel` (not [`Nivel::Humano`], which is the keyboard),
    /// with its randomness from `semilla` and `tiempo` to think per move on average
    /// (used by [`Nivel::Fuerte`] and [`Nivel::Clasico`]).
    pub fn nueva(nivel: Nivel, semilla: u64, tiempo: Duration) -> Computadora {
        Computadora {
            nivel,
            azar: ChaCha8Rng::seed_from_u64(semilla),
            buscador: match nivel {
                Nivel::Fuerte => Some(Buscador::para_pensar(tiempo)),
                Nivel::Clasico => Some(Buscador::para_pensar(tiempo).con_evaluacion_clasica()),
                _ => None,
            },
            tiempo,
        }
    }

    /// Its kind.
    pub fn nivel(&self) -> Nivel {
        self.nivel
    }

    /// How far its random stream has gone: with the same seed,
    /// [`Computadora::seguir_desde`] there draws what it would have drawn next, so that
    /// a game put away and taken up again goes on as if it never stopped.
    pub fn avance_del_azar(&self) -> u128 {
        self.azar.get_word_pos()
    }

    /// Takes its random stream to `avance`, as [`Computadora::avance_del_azar`] gave it.
    pub fn seguir_desde(&mut self, avance: u128) {
        self.azar.set_word_pos(avance);
    }

    /// Its move for `turno` on `tablero`, or `None` when it has no valid move and must
    /// pass.
    pub fn elegir(&mut self, tablero: &Tablero, turno: Color) -> Option<Posicion> {
        match self.nivel {
            Nivel::Humano | Nivel::Aleatorio => aleatoria(tablero, turno, &mut self.azar),
            Nivel::Libro => del_libro(tablero, turno, &mut self.azar),
            Nivel::Fuerte | Nivel::Clasico => {
                let tiempo = self.tiempo;
                let buscador = self
                    .buscador
                    .get_or_insert_with(|| Buscador::para_pensar(tiempo));
                buscador
                    .mejor_jugada(
                        tablero,
                        turno,
                        Limite::por_tiempo(tiempo).en_partida(tablero),
                    )
                    .map(|evaluada| evaluada.posicion)
            }
        }
    }
}

/// A uniformly random valid move of `turno`, or `None` without one.
pub fn aleatoria(tablero: &Tablero, turno: Color, azar: &mut impl Rng) -> Option<Posicion> {
    let validas = tablero.jugadas_validas(turno);
    match validas.cantidad() {
        0 => None,
        n => validas.into_iter().nth(azar.random_range(0..n as usize)),
    }
}

/// The book chapter's computer move (`obtenerJugadaComputadora`): the valid moves are
/// shuffled; the first corner among them is played if there is one, otherwise the
/// first of those that leave `turno` the most pieces. `None` without a valid move.
///
/// ```
/// use othello::{Color, Tablero, motor::jugadores::del_libro};
/// use rand::SeedableRng;
///
/// // From the start every move flips one piece: any of the four will do.
/// let mut azar = rand::rngs::ChaCha8Rng::seed_from_u64(7);
/// let jugada = del_libro(&Tablero::inicial(), Color::Negro, &mut azar).unwrap();
/// assert!(Tablero::inicial().jugadas_validas(Color::Negro).contiene(jugada));
/// ```
pub fn del_libro(tablero: &Tablero, turno: Color, azar: &mut impl Rng) -> Option<Posicion> {
    let mut jugadas: Vec<Posicion> = tablero.jugadas_validas(turno).into_iter().collect();
    jugadas.shuffle(azar);
    if let Some(&esquina) = jugadas.iter().find(|&&p| ESQUINAS.contiene(p)) {
        return Some(esquina);
    }
    let mut mejor: Option<(Posicion, u32)> = None;
    for p in jugadas {
        let mut replica = tablero.clone();
        replica.jugar(p, turno).expect("la jugada es válida");
        let puntaje = replica.contar(Casilla::Ficha(turno));
        if mejor.is_none_or(|(_, mejor_puntaje)| puntaje > mejor_puntaje) {
            mejor = Some((p, puntaje));
        }
    }
    mejor.map(|(p, _)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tablero(filas: &[&str]) -> Tablero {
        let mut texto = String::new();
        for fila in filas {
            let casillas: Vec<String> = fila.chars().map(String::from).collect();
            texto += &casillas.join(", ");
            texto.push('\n');
        }
        texto.parse().unwrap()
    }

    fn en(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    #[test]
    fn el_libro_toma_la_esquina_aunque_voltee_menos() {
        // Black can take the corner A1, which flips only B1, or play E8, which flips
        // three. Whatever the shuffle, the corner wins.
        let t = tablero(&[
            "VBNVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
            "NBBBVVVV",
        ]);
        assert!(t.jugadas_validas(Color::Negro).contiene(en("E8")));
        for semilla in 0..50 {
            let mut azar = ChaCha8Rng::seed_from_u64(semilla);
            assert_eq!(del_libro(&t, Color::Negro, &mut azar), Some(en("A1")));
        }
    }

    #[test]
    fn el_libro_juega_la_que_mas_voltea_cuando_es_unica() {
        // No corner: B8 flips three (C8, D8, E8), the others one.
        let t = tablero(&[
            "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVBNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV",
            "VVNNNBVV",
        ]);
        let validas: Vec<Posicion> = t.jugadas_validas(Color::Blanco).into_iter().collect();
        assert!(validas.len() > 1 && !validas.iter().any(|&p| ESQUINAS.contiene(p)));
        for semilla in 0..50 {
            let mut azar = ChaCha8Rng::seed_from_u64(semilla);
            let jugada = del_libro(&t, Color::Blanco, &mut azar).unwrap();
            assert_eq!(jugada, en("B8"));
        }
    }

    #[test]
    fn sin_jugadas_no_hay_eleccion() {
        let t = tablero(&[
            "NBVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ]);
        let mut azar = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(del_libro(&t, Color::Blanco, &mut azar), None);
        assert_eq!(aleatoria(&t, Color::Blanco, &mut azar), None);
    }

    #[test]
    fn la_misma_semilla_da_las_mismas_jugadas() {
        let jugar = |semilla| {
            let mut t = Tablero::inicial();
            let mut turno = Color::Negro;
            let mut azar = ChaCha8Rng::seed_from_u64(semilla);
            let mut jugadas = Vec::new();
            while let Some(p) = aleatoria(&t, turno, &mut azar) {
                t.jugar(p, turno).unwrap();
                jugadas.push(p);
                turno = !turno;
            }
            jugadas
        };
        assert_eq!(jugar(3), jugar(3));
        assert_ne!(jugar(3), jugar(4));
    }

    #[test]
    fn aleatoria_reparte_entre_todas() {
        let mut azar = ChaCha8Rng::seed_from_u64(9);
        let mut vistas = Bitboard::VACIO;
        for _ in 0..200 {
            vistas = vistas.con(aleatoria(&Tablero::inicial(), Color::Negro, &mut azar).unwrap());
        }
        assert_eq!(vistas, Tablero::inicial().jugadas_validas(Color::Negro));
    }

    #[test]
    fn nombres_de_los_niveles() {
        for nivel in Nivel::TODOS {
            assert_eq!(nivel.to_string().parse(), Ok(nivel));
        }
        assert_eq!("FUERTE".parse(), Ok(Nivel::Fuerte));
        assert_eq!("clasico".parse(), Ok(Nivel::Clasico));
        assert!("experto".parse::<Nivel>().is_err());
    }
}
