//! The mid-game search: negamax alpha-beta with principal-variation search, the
//! transposition table and move ordering, down to the evaluation (the learned patterns,
//! or the hand-made terms alone for the player kept to compare: see `Evaluacion`).
//!
//! Scores are in hundredths of a disc ([`ESCALA`]). When the depth left reaches the end
//! of the game and few empties remain, the node is handed to the exact solver, whose
//! score (in discs) is scaled up: near the end an estimate is never kept where the truth
//! is cheap.

use super::{
    cpu::{copias, en_la_copia},
    evaluacion::{Evaluar, MAXIMA},
    nucleo::Contexto,
    primitivas::{
        ESCALA, ESQUINAS, INFINITO, despues, movilidad_ponderada, puntaje_final, tiene_jugada,
    },
    tabla::{Clase, SIN_JUGADA},
};

/// Above every mid-game score.
pub(super) const INFINITO_MEDIO: i32 = INFINITO * ESCALA;

/// Up to this many empties, a search that reaches the end of the game is handed to the
/// exact solver.
pub(super) const VACIAS_EXACTAS_EN_MEDIO: u32 = 14;

/// From this depth left the moves are sorted by a shallow search, not only by mobility.
const PROFUNDIDAD_ORDEN_SUPERFICIAL: u32 = 4;

/// The X squares (B2, G2, B7, G7): next to a corner, usually bad while it is empty.
const CUADROS_X: u64 = 0x0042_0000_0000_4200;

/// From this depth left a null-window node tries ProbCut first.
const PROBCUT_DESDE: u32 = 3;

/// How many spreads ([`desvio_probcut`]) past the window a shallow score must land for
/// ProbCut to trust it, in hundredths: with 1.5, about one cut in fifteen that the deep
/// search would not have made, if the errors were normal.
const PROBCUT_CONFIANZA: i32 = 150;

/// The spread (standard deviation, in hundredths of a disc) of a deep search's score of
/// `profundidad` plies around its shallow search's of `superficial`: it grows with the
/// plies between them and shrinks as the shallow one deepens. A fit to what
/// `ajuste::calibrar_probcut` measured on positions of random games with 20 to 50 empties (the
/// test `los_margenes_de_probcut_siguen_lo_medido` keeps those figures).
fn desvio_probcut(profundidad: u32, superficial: u32) -> i32 {
    let brecha = (profundidad - superficial) as i32;
    (620 + 70 * brecha - 80 * superficial as i32).max(200)
}

/// The depth of ProbCut's shallow search for a node of `profundidad` plies: about
/// half, of the same parity (as Edax does), so that the side to move at its leaves is
/// the same as at the deep search's.
pub(super) fn profundidad_probcut(profundidad: u32) -> u32 {
    profundidad / 4 * 2 + profundidad % 2
}

/// `a / b` rounded toward minus infinity.
fn division_abajo(a: i32, b: i32) -> i32 {
    a.div_euclid(b)
}

/// `a / b` rounded toward plus infinity.
fn division_arriba(a: i32, b: i32) -> i32 {
    -(-a).div_euclid(b)
}

impl Contexto<'_> {
    /// The mid-game principal-variation search of `(p, o)` to `profundidad` plies with
    /// the window `(alfa, beta)`, fail-soft, in hundredths of a disc.
    ///
    /// On processors with AVX2, BMI and POPCNT it runs the copy compiled for them (see
    /// `cpu`), with the evaluation and the move generator inlined: the same nodes and
    /// scores, faster.
    pub fn alfabeta(&mut self, p: u64, o: u64, alfa: i32, beta: i32, profundidad: u32) -> i32 {
        en_la_copia!(copia => copia.alfabeta(self, p, o, alfa, beta, profundidad))
    }
}

copias! {
    /// The mid-game searches, compiled on their own in each copy (see `cpu`): they call
    /// themselves, so that a whole search runs in one copy.
    pub(super) trait Buscar: Evaluar {
        fn superficial(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            beta: i32,
            profundidad: u32,
        ) -> i32;
        fn alfabeta(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            beta: i32,
            profundidad: u32,
        ) -> i32;
    }
}

/// A plain alpha-beta search of `profundidad` plies without the table, fail-soft: the
/// cheap search that orders the moves of the exact solver and of deep mid-game nodes.
#[inline(always)]
fn superficial<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    beta: i32,
    profundidad: u32,
) -> i32 {
    ctx.nodos += 1;
    if profundidad == 0 {
        return ctx.evaluacion.evaluar(copia, p, o);
    }
    let mut jugadas = copia.jugadas(p, o);
    if jugadas == 0 {
        if copia.jugadas(o, p) == 0 {
            return puntaje_final(p, o) * ESCALA;
        }
        return -copia.superficial(ctx, o, p, -beta, -alfa, profundidad);
    }
    let mut alfa = alfa;
    let mut mejor = -INFINITO_MEDIO;
    while jugadas != 0 {
        let x = jugadas.trailing_zeros();
        jugadas &= jugadas - 1;
        let volteadas = copia.volteos(p, o, x);
        let (p2, o2) = despues(p, o, x, volteadas);
        let valor = -copia.superficial(ctx, p2, o2, -beta, -alfa, profundidad - 1);
        if valor > mejor {
            mejor = valor;
            if valor > alfa {
                alfa = valor;
                if alfa >= beta {
                    break;
                }
            }
        }
    }
    mejor
}

/// The body of [`Contexto::alfabeta`] in the copy `copia`.
#[inline(always)]
fn alfabeta<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    beta: i32,
    profundidad: u32,
) -> i32 {
    let vacias = !(p | o);
    let n = vacias.count_ones();
    if n <= VACIAS_EXACTAS_EN_MEDIO && profundidad >= n {
        let a = division_abajo(alfa, ESCALA).clamp(-INFINITO, INFINITO);
        let b = division_arriba(beta, ESCALA).clamp(-INFINITO, INFINITO);
        let (valor, _) = ctx.resolver_exacto(p, o, a, b);
        return valor * ESCALA;
    }
    ctx.nodos += 1;
    if ctx.debe_parar() {
        return 0;
    }
    if profundidad == 0 {
        return ctx.evaluacion.evaluar(copia, p, o);
    }
    let mut alfa = alfa;
    let mut beta = beta;
    let mut jugada_tabla = SIN_JUGADA;
    if let Some(e) = ctx.tabla.buscar(p, o) {
        let util = match e.clase {
            Clase::Exacta => true,
            Clase::Probable => false,
            Clase::Estimada => u32::from(e.profundidad) >= profundidad,
        };
        if util {
            let escala = if e.clase == Clase::Exacta { ESCALA } else { 1 };
            let inferior = if e.inferior == i16::MIN {
                -INFINITO_MEDIO
            } else {
                i32::from(e.inferior) * escala
            };
            let superior = if e.superior == i16::MAX {
                INFINITO_MEDIO
            } else {
                i32::from(e.superior) * escala
            };
            if inferior >= beta || inferior == superior {
                return inferior;
            }
            if superior <= alfa {
                return superior;
            }
            alfa = alfa.max(inferior);
            beta = beta.min(superior);
        }
        jugada_tabla = e.mejor;
    }
    let jugadas = copia.jugadas(p, o);
    if jugadas == 0 {
        if copia.jugadas(o, p) == 0 {
            return puntaje_final(p, o) * ESCALA;
        }
        return -copia.alfabeta(ctx, o, p, -beta, -alfa, profundidad);
    }
    if profundidad >= PROBCUT_DESDE
        && beta - alfa == 1
        && ctx.evaluacion.con_probcut()
        && let Some(corte) = probcut(copia, ctx, p, o, alfa, beta, profundidad)
    {
        return corte;
    }
    // In a null-window node the table's move usually refutes the window: the shallow
    // searches that sort the other moves wait until it has not.
    let aplazada = beta - alfa == 1
        && profundidad >= PROFUNDIDAD_ORDEN_SUPERFICIAL
        && tiene_jugada(jugadas, jugada_tabla);
    let mut lista = [(0u32, 0u64, 0i32); 64];
    let k = ordenar_medio(
        copia,
        ctx,
        p,
        o,
        jugadas,
        profundidad,
        jugada_tabla,
        !aplazada,
        &mut lista,
    );
    let lista = &mut lista[..k];
    let alfa_inicial = alfa;
    let mut mejor = -INFINITO_MEDIO;
    let mut mejor_x = lista[0].0;
    for i in 0..k {
        if i == 1 && aplazada {
            ordenar_por_busqueda(copia, ctx, p, o, profundidad, &mut lista[1..]);
        }
        let (x, volteadas, _) = lista[i];
        let (p2, o2) = despues(p, o, x, volteadas);
        let valor = if i == 0 {
            -copia.alfabeta(ctx, p2, o2, -beta, -alfa, profundidad - 1)
        } else {
            let prueba = -copia.alfabeta(ctx, p2, o2, -alfa - 1, -alfa, profundidad - 1);
            if prueba > alfa && prueba < beta && !ctx.abortada {
                -copia.alfabeta(ctx, p2, o2, -beta, -prueba, profundidad - 1)
            } else {
                prueba
            }
        };
        if ctx.abortada {
            return 0;
        }
        if valor > mejor {
            mejor = valor;
            mejor_x = x;
            if valor > alfa {
                alfa = valor;
                if alfa >= beta {
                    break;
                }
            }
        }
    }
    ctx.tabla.guardar(
        p,
        o,
        profundidad,
        Clase::Estimada,
        alfa_inicial,
        beta,
        mejor,
        mejor_x as u8,
    );
    mejor
}

/// ProbCut (Buro): a null-window node whose static evaluation is past its window asks
/// a search of about half the depth whether the score is past it by a safe margin
/// too ([`desvio_probcut`] times [`PROBCUT_CONFIANZA`]); if so, the deep search would
/// almost surely agree, and the node returns the bound without it. Most nodes of a
/// mid-game search are such, and a shallow search costs a small part of a deep one.
/// Only with the learned patterns: the player kept to compare (`clasico`) searches as
/// the strong player did before, and its margins were measured with the patterns.
#[inline(always)]
fn probcut<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    beta: i32,
    profundidad: u32,
) -> Option<i32> {
    let superficial = profundidad_probcut(profundidad);
    let margen = PROBCUT_CONFIANZA * desvio_probcut(profundidad, superficial) / 100;
    let estatica = ctx.evaluacion.evaluar(copia, p, o);
    let corte = if estatica >= beta {
        let cota = beta + margen;
        (cota < INFINITO_MEDIO && copia.alfabeta(ctx, p, o, cota - 1, cota, superficial) >= cota)
            .then_some(beta)
    } else if estatica <= alfa {
        let cota = alfa - margen;
        (cota > -INFINITO_MEDIO && copia.alfabeta(ctx, p, o, cota, cota + 1, superficial) <= cota)
            .then_some(alfa)
    } else {
        None
    };
    corte.filter(|_| !ctx.abortada)
}

/// The sort key of the move to `(p2, o2)` in a node with `profundidad` plies left
/// (at least [`PROFUNDIDAD_ORDEN_SUPERFICIAL`]): a search of half of them, at most 3.
#[inline(always)]
fn clave_superficial<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p2: u64,
    o2: u64,
    profundidad: u32,
) -> i32 {
    let prof = (profundidad - 2) / 2;
    -copia.superficial(ctx, p2, o2, -INFINITO_MEDIO, INFINITO_MEDIO, prof.min(3))
}

/// Sorts again by [`clave_superficial`] the moves of `lista` (of `(p, o)`, with
/// `profundidad` plies left), which had only the cheap key.
#[inline(always)]
fn ordenar_por_busqueda<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    profundidad: u32,
    lista: &mut [(u32, u64, i32)],
) {
    for (x, volteadas, clave) in lista.iter_mut() {
        let (p2, o2) = despues(p, o, *x, *volteadas);
        *clave = clave_superficial(copia, ctx, p2, o2, profundidad);
    }
    lista.sort_unstable_by_key(|&(_, _, clave)| std::cmp::Reverse(clave));
}

/// The moves of a mid-game node, sorted best first: the table's move, then by a
/// shallow search when much depth is left (and `con_busqueda`), else by a cheap key
/// (corners first, X squares last, few rival moves). Returns how many.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn ordenar_medio<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    mut jugadas: u64,
    profundidad: u32,
    jugada_tabla: u8,
    con_busqueda: bool,
    lista: &mut [(u32, u64, i32); 64],
) -> usize {
    let mut k = 0;
    while jugadas != 0 {
        let x = jugadas.trailing_zeros();
        jugadas &= jugadas - 1;
        let volteadas = copia.volteos(p, o, x);
        let (p2, o2) = despues(p, o, x, volteadas);
        let clave = if x == u32::from(jugada_tabla) {
            1 << 30
        } else if con_busqueda && profundidad >= PROFUNDIDAD_ORDEN_SUPERFICIAL {
            clave_superficial(copia, ctx, p2, o2, profundidad)
        } else {
            let mut clave = -64 * movilidad_ponderada(copia.jugadas(p2, o2));
            if ESQUINAS >> x & 1 != 0 {
                clave += 1000;
            }
            if CUADROS_X >> x & 1 != 0 {
                clave -= 500;
            }
            clave
        };
        lista[k] = (x, volteadas, clave);
        k += 1;
    }
    lista[..k].sort_unstable_by_key(|&(_, _, clave)| std::cmp::Reverse(clave));
    k
}

/// Checks the evaluation's bounds against the search's infinity at compile time.
const _: () = assert!(MAXIMA < INFINITO_MEDIO);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisiones_redondean_hacia_afuera() {
        assert_eq!(division_abajo(-150, 100), -2);
        assert_eq!(division_abajo(150, 100), 1);
        assert_eq!(division_arriba(150, 100), 2);
        assert_eq!(division_arriba(-150, 100), -1);
        assert_eq!(division_arriba(200, 100), 2);
    }

    #[test]
    fn probcut_mira_a_media_profundidad_con_el_mismo_turno() {
        for profundidad in PROBCUT_DESDE..=30 {
            let superficial = profundidad_probcut(profundidad);
            assert!(
                superficial >= 1 && superficial < profundidad,
                "{profundidad}"
            );
            assert_eq!(superficial % 2, profundidad % 2, "{profundidad}");
        }
    }

    #[test]
    fn los_margenes_de_probcut_siguen_lo_medido() {
        // What `calibrar_probcut` measured (deep, shallow, spread), within a tenth.
        for (profundidad, superficial, medido) in [
            (3, 1, 679),
            (4, 2, 585),
            (5, 3, 545),
            (6, 2, 764),
            (7, 3, 645),
            (8, 4, 563),
            (9, 5, 499),
        ] {
            assert_eq!(profundidad_probcut(profundidad), superficial);
            let ajustado = desvio_probcut(profundidad, superficial);
            assert!(
                (ajustado - medido).abs() * 10 <= medido,
                "{profundidad}: {ajustado}"
            );
        }
    }
}
