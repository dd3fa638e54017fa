//! The games a student's program is played through, fixed move lists that test each
//! point of the homework's main program; the tests below check each with the library.

use super::punto::Punto;
use othello::{Jugada, Partida, Tablero};

/// What a scripted player types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::correccion) enum Accion {
    /// A valid move, at a cell of the homework's format.
    Jugar(&'static str),
    /// A pass, with the program's own word for it.
    Pasar,
    /// What is not a valid move: the same player must be asked again, the board
    /// unchanged.
    Invalida(&'static str),
    /// Saving the game, with the program's own word for it, to [`ARCHIVO`].
    Guardar,
}

/// The file a scripted player saves to and loads from.
pub(in crate::correccion) const ARCHIVO: &str = "partida.txt";

/// The game that the scripted player saves, and that the game «cargar» loads from
/// [`ARCHIVO`]: the start, C4 and C3; black to move.
pub(in crate::correccion) fn guardada() -> Tablero {
    let mut partida = Partida::nueva();
    for casilla in ["C4", "C3"] {
        let casilla = casilla.parse().expect("una casilla");
        partida
            .jugar(Jugada::Colocar(casilla))
            .expect("una jugada válida");
    }
    partida.tablero().clone()
}

/// A scripted game: what it is called, what is typed, and the points it is played for.
#[derive(Clone, Copy, Debug)]
pub(in crate::correccion) struct Guion {
    /// Its name, in the transcript.
    pub(in crate::correccion) nombre: &'static str,
    /// What it is, for the teaching assistant and the student.
    pub(in crate::correccion) que: &'static str,
    /// What is typed, in order (a game that does not end when they run out is left
    /// there).
    pub(in crate::correccion) acciones: &'static [Accion],
    /// The points it tells about, besides the boards and the turns every game shows.
    pub(in crate::correccion) puntos: &'static [Punto],
}

use Accion::{Guardar, Invalida, Jugar, Pasar};

/// A whole game without a pass that fills the board: black wins, 51 to 13 (the first
/// of the complete games the project keeps, `tests/datos/partidas-completas.tsv`).
const COMPLETA: &[Accion] = &[
    Jugar("C4"),
    Jugar("C3"),
    Jugar("D3"),
    Jugar("E3"),
    Jugar("F2"),
    Jugar("C5"),
    Jugar("B3"),
    Jugar("G1"),
    Jugar("C6"),
    Jugar("A3"),
    Jugar("F3"),
    Jugar("C7"),
    Jugar("A2"),
    Jugar("G2"),
    Jugar("G3"),
    Jugar("H3"),
    Jugar("C8"),
    Jugar("B5"),
    Jugar("H1"),
    Jugar("F4"),
    Jugar("C2"),
    Jugar("B7"),
    Jugar("A8"),
    Jugar("E6"),
    Jugar("F7"),
    Jugar("B1"),
    Jugar("E2"),
    Jugar("F1"),
    Jugar("E1"),
    Jugar("G8"),
    Jugar("F5"),
    Jugar("G5"),
    Jugar("F6"),
    Jugar("D2"),
    Jugar("D1"),
    Jugar("G6"),
    Jugar("H2"),
    Jugar("B2"),
    Jugar("D6"),
    Jugar("B6"),
    Jugar("C1"),
    Jugar("B4"),
    Jugar("A4"),
    Jugar("B8"),
    Jugar("H6"),
    Jugar("E7"),
    Jugar("E8"),
    Jugar("G7"),
    Jugar("A7"),
    Jugar("A5"),
    Jugar("A6"),
    Jugar("G4"),
    Jugar("H4"),
    Jugar("F8"),
    Jugar("H8"),
    Jugar("H7"),
    Jugar("D7"),
    Jugar("H5"),
    Jugar("A1"),
    Jugar("D8"),
];

/// The scripted games, in the order they are played; the first learns how the program
/// draws its board, which «cargar» needs (its first board is not the start).
pub(in crate::correccion) const GUIONES: [Guion; 7] = [
    Guion {
        nombre: "completa",
        que: "una partida completa que llena el tablero",
        acciones: COMPLETA,
        puntos: &[
            Punto::TableroInicial,
            Punto::NegroPrimero,
            Punto::Alterna,
            Punto::TableroTrasJugada,
            Punto::FinLleno,
            Punto::Ganador,
        ],
    },
    Guion {
        nombre: "dos_pases",
        que: "los dos jugadores pasan al empezar (termina 2 a 2)",
        acciones: &[Pasar, Pasar],
        puntos: &[Punto::Pasar, Punto::FinDosPases, Punto::Ganador],
    },
    Guion {
        nombre: "sin_fichas",
        que: "una partida corta en que las blancas se quedan sin fichas",
        acciones: &[
            Jugar("C4"),
            Jugar("C3"),
            Jugar("C2"),
            Jugar("B4"),
            Jugar("A5"),
            Jugar("F4"),
            Jugar("G4"),
            Jugar("C5"),
            Jugar("D6"),
        ],
        puntos: &[Punto::FinSinFichas, Punto::Ganador],
    },
    Guion {
        nombre: "invalidas",
        que: "jugadas inválidas en medio de una partida",
        acciones: &[
            Jugar("C4"),
            Jugar("C3"),
            Invalida("E4"),
            Invalida("I9"),
            Invalida("A0"),
            Invalida("B3"),
            Invalida("hola"),
            Jugar("D3"),
            Jugar("C5"),
        ],
        puntos: &[Punto::InvalidaMismoJugador],
    },
    Guion {
        nombre: "pase_voluntario",
        que: "un pase de cada jugador en medio de una partida",
        acciones: &[
            Jugar("C4"),
            Jugar("C3"),
            Pasar,
            Jugar("F4"),
            Jugar("F5"),
            Pasar,
            Jugar("D3"),
            Jugar("E3"),
        ],
        puntos: &[Punto::Pasar],
    },
    Guion {
        nombre: "guardar",
        que: "dos jugadas y guardar la partida en partida.txt (opcional en la tarea)",
        acciones: &[Jugar("C4"), Jugar("C3"), Guardar],
        puntos: &[Punto::Guardar],
    },
    Guion {
        nombre: "cargar",
        que: "cargar del menú del comienzo la partida de partida.txt, tras C4 y C3 (opcional \
              en la tarea)",
        acciones: &[],
        puntos: &[Punto::Cargar],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use othello::{Casilla, Color, Estado, Jugada, Motivo, Partida, Resultado};

    /// The game that `guion` plays from the start, and whether each invalid input is
    /// refused by the rules.
    fn jugar(guion: &Guion) -> Partida {
        let mut partida = Partida::nueva();
        for accion in guion.acciones {
            match accion {
                Jugar(casilla) => {
                    partida
                        .jugar(Jugada::Colocar(casilla.parse().unwrap()))
                        .unwrap_or_else(|error| panic!("{}: {casilla}: {error}", guion.nombre));
                }
                Pasar => {
                    partida.jugar(Jugada::Pasar).unwrap();
                }
                Guardar => {}
                Invalida(texto) => {
                    let valida = texto
                        .parse::<othello::Posicion>()
                        .ok()
                        .is_some_and(|p| partida.jugadas_validas().contiene(p));
                    assert!(!valida, "{}: {texto}", guion.nombre);
                }
            }
        }
        partida
    }

    #[test]
    fn cada_guion_es_una_partida_de_la_biblioteca() {
        let [completa, dos_pases, sin_fichas, invalidas, pase, guardar, _] =
            GUIONES.map(|g| jugar(&g));
        let fin = |partida: &Partida| match partida.estado() {
            Estado::Terminada { motivo, resultado } => Some((motivo, resultado)),
            Estado::EnCurso => None,
        };
        assert_eq!(
            fin(&completa),
            Some((
                Motivo::TableroLleno,
                Resultado::Gana {
                    color: Color::Negro,
                    negras: 51,
                    blancas: 13
                }
            ))
        );
        // No pass in the whole game: every move had a valid one.
        assert_eq!(COMPLETA.len(), 60);
        assert_eq!(
            fin(&dos_pases),
            Some((Motivo::DosPases, Resultado::Empate { fichas: 2 }))
        );
        assert_eq!(
            fin(&sin_fichas),
            Some((
                Motivo::SinFichas(Color::Blanco),
                Resultado::Gana {
                    color: Color::Negro,
                    negras: 13,
                    blancas: 0
                }
            ))
        );
        assert_eq!(fin(&invalidas), None);
        assert_eq!(guardar.tablero(), &guardada());
        assert_eq!(guardar.turno(), Color::Negro);
        assert_eq!(fin(&pase), None);
        // E4 is occupied when it is typed, and B3 flanks nothing.
        let mut antes = Partida::nueva();
        for casilla in ["C4", "C3"] {
            antes
                .jugar(Jugada::Colocar(casilla.parse().unwrap()))
                .unwrap();
        }
        assert_ne!(
            antes.tablero().casilla("E4".parse().unwrap()),
            Casilla::Vacia
        );
        assert!(
            antes
                .tablero()
                .volteos("B3".parse().unwrap(), Color::Negro)
                .es_vacio()
        );
    }
}
