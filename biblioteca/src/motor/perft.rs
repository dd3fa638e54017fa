//! Move counting from a position (perft), to check the move generator against published
//! counts and to measure its speed.
//!
//! Perft at depth `d` counts the sequences of `d` moves from a position, a pass counted as
//! one move: when the side to move has no valid move but the opponent has one, the only
//! move is to pass. When neither side can move the game is over, and the two
//! [`Convencion`]s differ only in what such a finished game counts at the greater depths.
//!
//! ```
//! use othello::{Color, Tablero, motor::perft::{Convencion, perft}};
//!
//! let inicial = Tablero::inicial();
//! assert_eq!(perft(&inicial, Color::Negro, 4, Convencion::Publicada), 244);
//! ```
//!
//! Everything runs on the crate's one move generator, on plain `u64` (see
//! `bitboard::jugadas_u64` and `bitboard::volteos_u64`).

use super::cpu::{Copia, copias, en_la_copia};
use crate::{
    Color, Tablero,
    reglas::bitboard::{jugadas_u64, volteos_u64},
};

/// What a game that ends before the requested depth counts.
///
/// The two agree up to depth 9 from the start position and differ from depth 10 on
/// (24,571,284 and 24,571,056), the first depth that a game can end before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convencion {
    /// The published series (Aart Bik, "Perft for Reversi", 2009): a finished game
    /// counts as one leaf at every later depth, as if it went on passing.
    Publicada,
    /// As chess counts it: a game that ended before the requested depth has no
    /// sequence of that length and contributes 0.
    Ajedrez,
}

/// The number of move sequences of `profundidad` moves from `tablero` with `turno` to
/// move, a pass counted as a move (see the [module docs](self)); `profundidad` 0 counts
/// the position itself, 1.
///
/// The last move is not played: its count is the population count of the move mask
/// (the number of valid moves, or 1 for a forced pass), so the leaves cost nothing. This
/// is the fast path that engines' published timings use.
///
/// ```
/// use othello::{Color, Tablero, motor::perft::{Convencion, perft}};
///
/// let inicial = Tablero::inicial();
/// assert_eq!(perft(&inicial, Color::Negro, 1, Convencion::Publicada), 4);
/// assert_eq!(perft(&inicial, Color::Negro, 8, Convencion::Ajedrez), 390_216);
/// ```
pub fn perft(tablero: &Tablero, turno: Color, profundidad: u32, convencion: Convencion) -> u64 {
    let propias = tablero.fichas(turno).0;
    let rivales = tablero.fichas(!turno).0;
    perft_u64(propias, rivales, profundidad, convencion)
}

/// The perft counts for every depth from 1 to `profundidad`: element `i` is
/// [`perft`] at depth `i + 1`. Empty when `profundidad` is 0.
///
/// ```
/// use othello::{Color, Tablero, motor::perft::{Convencion, perft_por_profundidad}};
///
/// let inicial = Tablero::inicial();
/// assert_eq!(
///     perft_por_profundidad(&inicial, Color::Negro, 5, Convencion::Publicada),
///     [4, 12, 56, 244, 1396]
/// );
/// ```
pub fn perft_por_profundidad(
    tablero: &Tablero,
    turno: Color,
    profundidad: u32,
    convencion: Convencion,
) -> Vec<u64> {
    // Each depth costs several times the one before, so counting them one by one adds
    // only a fraction to the cost of the last.
    (1..=profundidad)
        .map(|d| perft(tablero, turno, d, convencion))
        .collect()
}

/// [`perft`] on plain bitboards: `propias` are the pieces of the side to move, `rivales`
/// the other's (disjoint).
///
/// On x86-64 processors with AVX2, BMI and POPCNT it runs the copy of the counting
/// compiled for them (see `cpu`), which is faster. The result is the same either way, and
/// the release binary keeps running on any x86-64.
pub(crate) fn perft_u64(
    propias: u64,
    rivales: u64,
    profundidad: u32,
    convencion: Convencion,
) -> u64 {
    en_la_copia!(copia => copia.contar(propias, rivales, profundidad, convencion))
}

copias! {
    /// The count, compiled on its own in each copy: it calls itself, so that the whole
    /// count runs in one copy.
    trait ContarPerft: Copia {
        fn contar(propias: u64, rivales: u64, profundidad: u32, convencion: Convencion) -> u64;
    }
}

/// The body of [`perft_u64`], compiled in the copy `copia`. It counts with the crate's
/// reference generator itself, which is what perft checks; compiled for AVX2 it is
/// vectorized by the compiler, and in this loop of independent moves that was faster
/// than the copy's generator written in AVX2 instructions.
#[inline(always)]
fn contar<C: ContarPerft>(
    copia: C,
    propias: u64,
    rivales: u64,
    profundidad: u32,
    convencion: Convencion,
) -> u64 {
    if profundidad == 0 {
        return 1;
    }
    let jugadas = jugadas_u64(propias, rivales);
    if profundidad == 1 {
        return hojas(propias, rivales, jugadas, convencion);
    }
    if jugadas == 0 {
        // A pass if the opponent can move, otherwise the end of the game.
        return if jugadas_u64(rivales, propias) != 0 {
            copia.contar(rivales, propias, profundidad - 1, convencion)
        } else {
            fin(convencion)
        };
    }
    let mut total = 0;
    let mut resto = jugadas;
    // Two loops, so that the one over the last but one move (where nearly all the
    // time goes) counts its leaves inline instead of calling itself once more.
    if profundidad == 2 {
        while resto != 0 {
            let (nuevas_propias, nuevas_rivales) = jugar(propias, rivales, resto);
            resto &= resto - 1;
            let siguientes = jugadas_u64(nuevas_rivales, nuevas_propias);
            total += hojas(nuevas_rivales, nuevas_propias, siguientes, convencion);
        }
    } else {
        while resto != 0 {
            let (nuevas_propias, nuevas_rivales) = jugar(propias, rivales, resto);
            resto &= resto - 1;
            total += copia.contar(nuevas_rivales, nuevas_propias, profundidad - 1, convencion);
        }
    }
    total
}

/// The pieces of both sides, `propias` first, after the side to move plays the first
/// position of `jugadas` (which must be a valid move).
#[inline(always)]
fn jugar(propias: u64, rivales: u64, jugadas: u64) -> (u64, u64) {
    let indice = jugadas.trailing_zeros() as u8;
    let volteadas = volteos_u64(propias, rivales, indice);
    (propias | volteadas | 1 << indice, rivales & !volteadas)
}

/// The count one move from the end, without playing that move: the number of valid
/// moves `jugadas`, or for a position without any, 1 for a pass (or a finished game, as
/// [`Convencion::Publicada`] counts it).
#[inline(always)]
fn hojas(propias: u64, rivales: u64, jugadas: u64, convencion: Convencion) -> u64 {
    if jugadas != 0 {
        u64::from(jugadas.count_ones())
    } else {
        hojas_sin_jugadas(propias, rivales, convencion)
    }
}

/// [`hojas`] when the side to move has no valid move: rare, so kept out of the loop.
#[cold]
#[inline(never)]
fn hojas_sin_jugadas(propias: u64, rivales: u64, convencion: Convencion) -> u64 {
    if jugadas_u64(rivales, propias) != 0 {
        1
    } else {
        fin(convencion)
    }
}

/// What a finished game counts when moves remain to be counted.
#[inline(always)]
fn fin(convencion: Convencion) -> u64 {
    match convencion {
        Convencion::Publicada => 1,
        Convencion::Ajedrez => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Obf, motor::cpu::Portatil};

    /// The start position's published counts, depths 1 to 8 (shared/bench/README.md).
    const INICIO: [u64; 8] = [4, 12, 56, 244, 1396, 8200, 55092, 390_216];

    /// FFO #40, with black to move.
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

    /// FFO #40's counts, depths 1 to 8; no game ends this early, so both conventions give
    /// them.
    const FFO_40_CUENTAS: [u64; 8] = [10, 30, 305, 1325, 12843, 63589, 561_645, 2_954_588];

    #[test]
    fn perft_del_inicio_hasta_8_igual_a_la_serie_publicada() {
        for convencion in [Convencion::Publicada, Convencion::Ajedrez] {
            assert_eq!(
                perft_por_profundidad(&Tablero::inicial(), Color::Negro, 8, convencion),
                INICIO,
                "{convencion:?}"
            );
        }
    }

    #[test]
    fn perft_de_ffo_40_hasta_8() {
        let obf: Obf = FFO_40.parse().unwrap();
        for convencion in [Convencion::Publicada, Convencion::Ajedrez] {
            assert_eq!(
                perft_por_profundidad(&obf.tablero, obf.turno, 8, convencion),
                FFO_40_CUENTAS,
                "{convencion:?}"
            );
        }
    }

    #[test]
    fn las_convenciones_difieren_desde_la_profundidad_10() {
        // The first depth where a game can have ended earlier (shared/bench/README.md).
        let inicial = Tablero::inicial();
        assert_eq!(
            perft(&inicial, Color::Negro, 9, Convencion::Ajedrez),
            3_005_288
        );
        assert_eq!(
            perft(&inicial, Color::Negro, 10, Convencion::Publicada),
            24_571_284
        );
        assert_eq!(
            perft(&inicial, Color::Negro, 10, Convencion::Ajedrez),
            24_571_056
        );
    }

    #[test]
    fn la_version_portatil_cuenta_lo_mismo() {
        // `perft` takes the AVX2 copy on a processor that has it; the portable one must
        // be checked on its own.
        let ffo_40: Obf = FFO_40.parse().unwrap();
        let (propias, rivales) = (
            ffo_40.tablero.fichas(Color::Negro).0,
            ffo_40.tablero.fichas(Color::Blanco).0,
        );
        for (profundidad, esperado) in (1..).zip(FFO_40_CUENTAS) {
            assert_eq!(
                Portatil.contar(propias, rivales, profundidad, Convencion::Publicada),
                esperado
            );
        }
        let (propias, rivales) = (1 << 28 | 1 << 35, 1 << 27 | 1 << 36);
        for (profundidad, esperado) in (1..).zip(INICIO) {
            assert_eq!(
                Portatil.contar(propias, rivales, profundidad, Convencion::Ajedrez),
                esperado
            );
        }
        assert_eq!(
            Portatil.contar(propias, rivales, 10, Convencion::Ajedrez),
            24_571_056
        );
    }

    /// A board string: `casillas` from A1 on, the rest empty.
    fn obf(casillas: &str, turno: char) -> Obf {
        format!("{casillas:-<64} {turno}").parse().unwrap()
    }

    #[test]
    fn un_pase_cuenta_como_jugada() {
        // N on B1, B on A1: N has no move and passes; B plays C1, flips B1 and the game
        // ends, N having no piece left.
        let Obf { tablero, turno } = obf("OX", 'X');
        assert_eq!(
            perft_por_profundidad(&tablero, turno, 2, Convencion::Ajedrez),
            [1, 1]
        );
        assert_eq!(
            perft_por_profundidad(&tablero, turno, 2, Convencion::Publicada),
            [1, 1]
        );
    }

    #[test]
    fn una_partida_terminada_cuenta_segun_la_convencion() {
        // N on A1, B on B1: N's only move, C1, takes B's last piece and ends the game.
        let Obf { tablero, turno } = obf("XO", 'X');
        assert_eq!(
            perft_por_profundidad(&tablero, turno, 3, Convencion::Publicada),
            [1, 1, 1]
        );
        assert_eq!(
            perft_por_profundidad(&tablero, turno, 3, Convencion::Ajedrez),
            [1, 0, 0]
        );
        // A position where neither side can move: a leaf at once, or nothing.
        let Obf { tablero, turno } = obf("X-O", 'X');
        assert_eq!(perft(&tablero, turno, 2, Convencion::Publicada), 1);
        assert_eq!(perft(&tablero, turno, 1, Convencion::Ajedrez), 0);
        assert_eq!(perft(&tablero, turno, 0, Convencion::Ajedrez), 1);
    }

    #[test]
    fn perft_de_profundidad_0_cuenta_la_posicion() {
        assert_eq!(
            perft(&Tablero::inicial(), Color::Negro, 0, Convencion::Ajedrez),
            1
        );
    }
}
