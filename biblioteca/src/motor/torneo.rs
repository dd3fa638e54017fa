//! Tournaments between two computer players: many games from random openings, each
//! opening played twice with the colors swapped, so that neither player gets the luck
//! of the openings.

use std::time::{Duration, Instant};

use rand::{SeedableRng, rngs::ChaCha8Rng};

use crate::{
    Casilla, Color, Estado, Jugada, Partida, PorColor,
    motor::jugadores::{Computadora, Nivel, aleatoria},
};

/// What a tournament plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bases {
    /// The first player; it has black in the first game of each opening.
    pub primero: Nivel,
    /// The second player.
    pub segundo: Nivel,
    /// How many games.
    pub partidas: u32,
    /// How many random moves open each game.
    pub aperturas: u32,
    /// The seed of the openings and of the players' randomness.
    pub semilla: u64,
    /// How long the strong player thinks per move.
    pub tiempo: Duration,
}

/// One player's results with one color.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Marcador {
    /// Games won.
    pub ganadas: u32,
    /// Games tied.
    pub empates: u32,
    /// Games lost.
    pub perdidas: u32,
    /// Its pieces minus the rival's at the end, summed over the games.
    pub diferencia: i64,
    /// Moves it chose (passes not counted).
    pub jugadas: u64,
    /// Time it took to choose them.
    pub tiempo: Duration,
}

impl Marcador {
    /// Games played.
    pub fn partidas(&self) -> u32 {
        self.ganadas + self.empates + self.perdidas
    }

    /// The average disc difference per game.
    pub fn diferencia_media(&self) -> f64 {
        match self.partidas() {
            0 => 0.0,
            n => self.diferencia as f64 / f64::from(n),
        }
    }

    /// The average time per move.
    pub fn tiempo_por_jugada(&self) -> Duration {
        match self.jugadas {
            0 => Duration::ZERO,
            n => self.tiempo / u32::try_from(n).unwrap_or(u32::MAX),
        }
    }

    fn sumar(&mut self, otro: &Marcador) {
        self.ganadas += otro.ganadas;
        self.empates += otro.empates;
        self.perdidas += otro.perdidas;
        self.diferencia += otro.diferencia;
        self.jugadas += otro.jugadas;
        self.tiempo += otro.tiempo;
    }
}

/// The results: for each player (first, second), with black and with white.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Resultados {
    /// `[primero, segundo]`, each with black and with white.
    pub marcadores: [PorColor<Marcador>; 2],
}

impl Resultados {
    /// A player's results with both colors together (0: the first, 1: the second).
    pub fn total(&self, jugador: usize) -> Marcador {
        let mut total = self.marcadores[jugador].negro;
        total.sumar(&self.marcadores[jugador].blanco);
        total
    }
}

/// Plays the tournament; `progreso` is told after each game how many are done, of how
/// many.
///
/// ```
/// use std::time::Duration;
/// use othello::motor::{jugadores::Nivel, torneo::{jugar, Bases}};
///
/// let bases = Bases {
///     primero: Nivel::Libro,
///     segundo: Nivel::Aleatorio,
///     partidas: 4,
///     aperturas: 2,
///     semilla: 1,
///     tiempo: Duration::from_millis(100),
/// };
/// let resultados = jugar(&bases, |_, _| {});
/// assert_eq!(resultados.total(0).partidas(), 4);
/// // The same seed, the same games (the times differ).
/// let otra_vez = jugar(&bases, |_, _| {});
/// assert_eq!(resultados.total(0).diferencia, otra_vez.total(0).diferencia);
/// ```
pub fn jugar(bases: &Bases, mut progreso: impl FnMut(u32, u32)) -> Resultados {
    let mut azar = ChaCha8Rng::seed_from_u64(bases.semilla);
    let mut jugadores = [bases.primero, bases.segundo]
        .into_iter()
        .enumerate()
        .map(|(i, nivel)| {
            let semilla = bases.semilla.wrapping_mul(4).wrapping_add(1 + i as u64);
            Computadora::nueva(nivel, semilla, bases.tiempo)
        })
        .collect::<Vec<_>>();
    let mut resultados = Resultados::default();
    let mut apertura = Partida::nueva();
    for numero in 0..bases.partidas {
        // Each opening serves two games: the first player has black, then white.
        let primero_con_negras = numero % 2 == 0;
        if primero_con_negras {
            apertura = Partida::nueva();
            for _ in 0..bases.aperturas {
                if apertura.estado() != Estado::EnCurso {
                    break;
                }
                let jugada = aleatoria(apertura.tablero(), apertura.turno(), &mut azar)
                    .map_or(Jugada::Pasar, Jugada::Colocar);
                apertura
                    .jugar(jugada)
                    .expect("una jugada válida o un pase obligado");
            }
        }
        let quienes = if primero_con_negras {
            PorColor::new(0, 1)
        } else {
            PorColor::new(1, 0)
        };
        let mut partida = apertura.clone();
        let mut marcadores = [Marcador::default(); 2];
        while partida.estado() == Estado::EnCurso {
            let turno = partida.turno();
            let quien = quienes[turno];
            let inicio = Instant::now();
            let eleccion = jugadores[quien].elegir(partida.tablero(), turno);
            if let Some(posicion) = eleccion {
                marcadores[quien].tiempo += inicio.elapsed();
                marcadores[quien].jugadas += 1;
                partida
                    .jugar(Jugada::Colocar(posicion))
                    .expect("la computadora elige jugadas válidas");
            } else {
                partida.jugar(Jugada::Pasar).expect("sin jugadas se pasa");
            }
        }
        let fichas = |color| i64::from(partida.tablero().contar(Casilla::Ficha(color)));
        let diferencia_negras = fichas(Color::Negro) - fichas(Color::Blanco);
        for color in Color::TODOS {
            let quien = quienes[color];
            let diferencia = match color {
                Color::Negro => diferencia_negras,
                Color::Blanco => -diferencia_negras,
            };
            let marcador = &mut marcadores[quien];
            marcador.diferencia = diferencia;
            match diferencia.signum() {
                1 => marcador.ganadas = 1,
                0 => marcador.empates = 1,
                _ => marcador.perdidas = 1,
            }
            resultados.marcadores[quien][color].sumar(marcador);
        }
        progreso(numero + 1, bases.partidas);
    }
    resultados
}
