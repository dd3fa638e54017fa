//! The exact endgame solver: the final disc difference under perfect play by both sides.
//!
//! Almost all the work is in proving bounds, so the solver is a principal-variation
//! search whose other nodes are null-window searches ("is the score above `alfa`?"),
//! each level built for how many empties are left:
//!
//! - **[`VACIAS_TABLA`] or more**: transposition table (exact bounds, best move),
//!   stable-disc cutoff, from [`VACIAS_ETC`] a look at the children in the table
//!   (enhanced transposition cutoff), and the moves sorted: the table's move first, then
//!   fastest-first (the move that leaves the rival the fewest moves), from
//!   [`VACIAS_EVALUACION`] empties (fewer on one thread) together with a shallow
//!   mid-game search (in a null-window node, only where one move is expected to refute
//!   the window (see [`Esperado`]) and once the table's move has not); below it, from
//!   [`VACIAS_EVALUACION_DE_ORDEN`], together with an unsearched evaluation: a small one
//!   fitted for that (see `evaluacion::orden`). Below [`VACIAS_GRANDES`] a copy
//!   compiled without what only larger nodes use runs instead.
//! - **A probable solve** (see `Contexto::probable`) first cuts with ProbCut from
//!   [`VACIAS_PROBCUT`] empties: it prepares the table's move order for the exact one.
//! - **[`VACIAS_PARIDAD`] down to 5**: no sort; the empties are kept in a short list in a
//!   fixed good order (corners first, X squares last) and tried first in the quadrants
//!   with an odd number of empties (parity: there the side to move can hope for the last
//!   move).
//! - **4, 3, 2 and 1 empties**: written out, as in Edax; at 4 the parity order is taken
//!   once from a table instead of walking the list twice; the last move is counted, not
//!   searched.
//!
//! The levels' bounds were set by measuring FFO #40-#49 (see `benches/ffo.rs` and
//! `docs/motor.md`).
//!
//! The whole solver is compiled twice (see `cpu`): for any x86-64, and for processors
//! with AVX2 and POPCNT, chosen at run time: faster, with the same nodes. Its functions
//! are generic bodies over the copy; those compiled on their own are the methods of
//! [`ResolverFinal`].
//!
//! A pass happens only when the side to move has no valid move; the game ends when
//! neither has one. Scores follow the FFO convention: the empties go to the winner.

use std::sync::Arc;

use super::{
    cpu::{Copia, copias, en_la_copia},
    division::{Punto, Reparto},
    estables::{estabilidad_esquinas, estables},
    evaluacion::orden::valor_de_orden,
    medio_juego::Buscar,
    nucleo::Contexto,
    primitivas::{
        BIT_CUADRANTE, CLASES, ESCALA, INFINITO, VECINOS, cuadrantes_de, cuenta, despues,
        movilidad_ponderada, paridad, puntaje_final, tiene_jugada, vecinos, volteos_ultima,
    },
    tabla::{Anotacion, Clase, SIN_JUGADA},
};

/// Up to this many empties the moves are not sorted, only taken in parity order.
pub(super) const VACIAS_PARIDAD: u32 = 6;

/// From this many empties the null-window search uses the transposition table and sorts
/// the moves. A probe at 7 empties saves more than it costs only because the table keeps
/// the positions near the end apart (see `Tabla`); from 6, sorting costs more than the
/// nodes it saves.
pub(super) const VACIAS_TABLA: u32 = VACIAS_PARIDAD + 1;

/// From this many empties the sort also asks the evaluation, after a mid-game search
/// of [`profundidad_de_orden`] plies, when idle threads may share the solve. From 17,
/// fewer nodes and a little less time on one thread, but the two-thread solve lost much
/// more.
pub(super) const VACIAS_EVALUACION: u32 = 18;

/// [`VACIAS_EVALUACION`] for a solve on one thread: there, from 16 empties the sort's
/// searches save more nodes than they cost (see `docs/motor.md`).
const VACIAS_EVALUACION_UN_HILO: u32 = 16;

/// From this many empties, where no search sorts yet (below [`VACIAS_EVALUACION`], or
/// [`VACIAS_EVALUACION_UN_HILO`]), the sort key also asks the evaluation of each child:
/// the small one (see `evaluacion::orden` and `docs/motor.md`), and from
/// [`VACIAS_EVALUACION_UN_HILO`] (only when threads share the solve) the full one, with
/// which two threads took less time there. From 10 the small one saves more nodes but
/// costs more time than it saves.
const VACIAS_EVALUACION_DE_ORDEN: u32 = 11;

/// From this many empties a null-window node may share its moves with idle threads
/// (see [`super::division`]): below, a subtree costs less than handing it over.
const VACIAS_DIVISION: u32 = 14;

/// From this many empties a node first looks in the table for a child that already
/// refutes `alfa` (enhanced transposition cutoff).
const VACIAS_ETC: u32 = 12;

/// Below this many empties a node with table uses none of what pays off only on large
/// subtrees (the look at the children, ProbCut, sharing with idle threads, sorting with
/// a search), and runs a copy of `nws_tabla` compiled without them (`CHICO`); the copy
/// for 7 empties sorts without asking for its children's buckets, which are not in the
/// table. Most nodes with table have few empties, so their branches are worth removing.
const VACIAS_GRANDES: u32 = VACIAS_ETC;
const _: () = assert!(
    VACIAS_PROBCUT >= VACIAS_GRANDES
        && VACIAS_DIVISION >= VACIAS_GRANDES
        && VACIAS_EVALUACION >= VACIAS_GRANDES
        && VACIAS_EVALUACION_UN_HILO >= VACIAS_GRANDES
);

/// The depth of the mid-game search that sorts the moves of a node with `n` empties
/// (from [`VACIAS_EVALUACION`] on, or [`VACIAS_EVALUACION_UN_HILO`]): 1 ply at 16 and 17
/// empties, 2 at 18, one more every two empties, at most 8 (from 30). Near the root the
/// subtrees are huge, so a good order is worth a search, deeper than a lower cap.
fn profundidad_de_orden(n: u32) -> u32 {
    (n.saturating_sub(14) / 2).min(8)
}

/// The `alfa` from which the stable-disc cutoff is worth trying, by empties: the rival's
/// stable discs bound the score from above, and only a high `alfa` can be refuted by so
/// crude a bound. (The thresholds of the Edax solver.)
const UMBRAL_ESTABILIDAD: [i32; 65] = {
    let mut tabla = [99; 65];
    let primeros = [
        99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44,
        46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64,
        64, 64,
    ];
    let mut i = 0;
    while i < primeros.len() {
        tabla[i] = primeros[i];
        i += 1;
    }
    tabla
};

/// The empties of the last levels (at most [`VACIAS_PARIDAD`]), one square per byte
/// from the low one: in a register, and a child's list is two shifts away (an array
/// copied and shifted byte by byte made the processor wait to read it back whole).
type Lista = u64;

/// The `i`-th square of `lista`.
#[inline(always)]
fn casilla(lista: Lista, i: u32) -> u32 {
    (lista >> (8 * i)) as u8 as u32
}

/// `lista` without its `i`-th square, the others in the same order.
#[inline(always)]
fn sin(lista: Lista, i: u32) -> Lista {
    let debajo = lista & ((1 << (8 * i)) - 1);
    debajo | (lista >> (8 * (i + 1))) << (8 * i)
}

/// For each set of the four empties (bit `i`: the `i`-th is in an odd quadrant), their
/// order: those in odd quadrants first, each part in the list's order.
const ORDEN_4: [[u8; 4]; 16] = {
    let mut tabla = [[0; 4]; 16];
    let mut impares = 0;
    while impares < 16 {
        let mut k = 0;
        let mut impar = 1;
        while impar >= 0 {
            let mut i = 0;
            while i < 4 {
                if (impares >> i & 1) as i32 == impar {
                    tabla[impares][k] = i as u8;
                    k += 1;
                }
                i += 1;
            }
            impar -= 1;
        }
        impares += 1;
    }
    tabla
};

/// What a null-window node with the table is expected to be, as in Knuth and Moore's
/// node types: a cut node, where one move should refute `alfa`, or an all node, where
/// every move should fail. The moves of an all node are all searched anyway, so their
/// order is worth little there: such a node skips the mid-game searches that sort. The
/// cheap sort stays, since many expected all nodes do cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Esperado {
    /// One move should refute `alfa`.
    Corte,
    /// Every move should fail.
    Todos,
}

impl Esperado {
    /// The expected type of the child searched `i`-th (from 0; a pass is the only child):
    /// a cut node's first child is an all node; once it has not refuted `alfa`, the node
    /// is more likely an all node itself, and its other children are cut nodes, as are
    /// all the children of an all node.
    #[inline(always)]
    fn hijo(self, i: usize) -> Esperado {
        if i == 0 && self == Esperado::Corte {
            Esperado::Todos
        } else {
            Esperado::Corte
        }
    }
}

/// One candidate move of a sorted node: the square, its flips, the sort key, and the
/// rival's moves after it, which the key needs and the child's search too (see
/// `nws_exacto`).
#[derive(Clone, Copy, Default)]
struct Candidata {
    x: u32,
    volteadas: u64,
    clave: i32,
    jugadas_rival: u64,
}

/// Orders `lista[..n]` lazily: brings the best remaining candidate to position `i`.
#[inline(always)]
fn traer_mejor(lista: &mut [Candidata], i: usize) {
    let mut mejor = i;
    for j in i + 1..lista.len() {
        if lista[j].clave > lista[mejor].clave {
            mejor = j;
        }
    }
    lista.swap(i, mejor);
}

/// Whether the rival's stable discs already keep the score at or under `alfa`: then
/// that bound.
#[inline(always)]
fn corte_estable(p: u64, o: u64, alfa: i32, n: u32) -> Option<i32> {
    if alfa >= UMBRAL_ESTABILIDAD[n as usize] {
        let maximo = 64 - 2 * cuenta(estables(o, p));
        if maximo <= alfa {
            return Some(maximo);
        }
    }
    None
}

/// From this many empties a null-window node of a probable solve (see
/// [`Contexto::probable`]) tries ProbCut; below, its subtree costs little more than the
/// test would.
const VACIAS_PROBCUT: u32 = 12;

/// How far past the window, in hundredths of a disc, the shallow search's score must
/// land for ProbCut in a probable solve to take the cut: ten discs, the fewest nodes of
/// the probable and the exact solve together on FFO #40-#49. A narrow margin cuts more,
/// but its wrong cuts leave wrong moves in the table for the exact solve; a wide one
/// cuts little.
const MARGEN_PROBCUT: i32 = 10 * ESCALA;

/// The depth of ProbCut's mid-game search in a node with `n` empties: one ply at
/// [`VACIAS_PROBCUT`], one more every four empties (measured like [`MARGEN_PROBCUT`]:
/// starting at two plies, or adding one every three empties, cost more nodes).
fn profundidad_probcut(n: u32) -> u32 {
    1 + n.saturating_sub(VACIAS_PROBCUT) / 4
}

/// ProbCut in a probable solve (Buro's, as in the mid-game): whether a mid-game search
/// of a few plies puts the final score of `(p, o)`, with `n` empties, past the null
/// window at `alfa` by [`MARGEN_PROBCUT`]; then that bound, probably right. The static
/// evaluation picks the side to test, as in the mid-game.
fn probcut<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    n: u32,
) -> Option<i32> {
    let profundidad = profundidad_probcut(n);
    let estatica = ctx.evaluacion.evaluar(copia, p, o);
    let corte = if estatica > alfa * ESCALA {
        let cota = (alfa + 1) * ESCALA + MARGEN_PROBCUT;
        (estatica >= (alfa + 1) * ESCALA
            && cota < 64 * ESCALA
            && copia.alfabeta(ctx, p, o, cota - 1, cota, profundidad) >= cota)
            .then_some(alfa + 1)
    } else {
        let cota = alfa * ESCALA - MARGEN_PROBCUT;
        (cota > -64 * ESCALA && copia.alfabeta(ctx, p, o, cota, cota + 1, profundidad) <= cota)
            .then_some(alfa)
    };
    corte.filter(|_| !ctx.abortada)
}

impl Contexto<'_> {
    /// From how many empties the sort asks a mid-game search: fewer on one thread
    /// (no split points) than when threads share the solve.
    fn vacias_evaluacion(&self) -> u32 {
        if self.reparto.is_some() {
            VACIAS_EVALUACION
        } else {
            VACIAS_EVALUACION_UN_HILO
        }
    }

    /// The least class of table entry whose bounds this search trusts.
    fn fiable(&self) -> Clase {
        if self.probable {
            Clase::Probable
        } else {
            Clase::Exacta
        }
    }

    /// Whether the exact solve puts first the move of the table entry `e` of a node
    /// with `n` empties. Not an estimate's where the node sorts with its own mid-game
    /// search: that move comes from a shallower search (most often the one that sorted
    /// the parent's moves), and going first it would also put off the node's own search
    /// (see `nws_tabla`). A probable solve still takes it: there it gained nothing.
    #[inline(always)]
    fn jugada_fiable(&self, e: &Anotacion, n: u32) -> bool {
        self.probable || e.clase != Clase::Estimada || n < self.vacias_evaluacion()
    }

    /// Notes that a bound of class `clase` from the table decided something: in a
    /// probable solve, a probable one makes what depends on it probable too.
    #[inline(always)]
    fn confiar(&mut self, clase: Clase) {
        if clase == Clase::Probable {
            self.inexactos += 1;
        }
    }

    /// The class of what the solver stores for a node, `inexactos` being
    /// [`Contexto::inexactos`] when the node began: probable only where something
    /// probable was relied on below it. A probable solve cuts with ProbCut from
    /// [`VACIAS_PROBCUT`] empties; what it solved without a probable cut is exact, and the
    /// exact solve after it takes it as it is.
    fn clase(&self, inexactos: u64) -> Clase {
        if self.probable && self.inexactos != inexactos {
            Clase::Probable
        } else {
            Clase::Exacta
        }
    }
}

impl Contexto<'_> {
    /// The exact score of `(p, o)` for the side to move, searched with the window
    /// `(alfa, beta)`, and its best move (`None` if it must pass or the game is over).
    /// Fail-soft: below `alfa` or above `beta` the score is a bound.
    ///
    /// On processors with AVX2, BMI and POPCNT it runs the copy of the solver compiled for
    /// them (see `cpu`); the answer is the same either way.
    pub fn resolver_exacto(&mut self, p: u64, o: u64, alfa: i32, beta: i32) -> (i32, Option<u32>) {
        en_la_copia!(copia => copia.resolver_exacto(self, p, o, alfa, beta))
    }

    /// Helps a parallel solve until it is over (see [`super::division`]); in the copy
    /// for the processor.
    pub fn servir(&mut self, reparto: &Reparto) {
        en_la_copia!(copia => copia.servir(self, reparto));
    }

    /// The null-window search (window `(alfa, alfa + 1)`) of a position with `n` empties,
    /// fail-soft; like [`Contexto::resolver_exacto`], in the copy for the processor.
    pub fn nws_exacto(&mut self, p: u64, o: u64, alfa: i32, n: u32) -> i32 {
        en_la_copia!(copia => copia.nws_exacto(self, p, o, alfa, n, Esperado::Corte, copia.jugadas(p, o)))
    }
}

copias! {
    /// The solver's functions compiled on their own in each copy (see `cpu`): they call
    /// one another, so that a whole solve runs in one copy.
    trait ResolverFinal: Buscar {
        fn resolver_exacto(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            beta: i32,
        ) -> (i32, Option<u32>);
        fn candidatas<const SIN_TABLA: bool>(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            jugadas: u64,
            n: u32,
            jugada_tabla: u8,
            alfa: i32,
            lista: &mut [Candidata],
            con_busqueda: bool,
        ) -> usize;
        fn completar_orden(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            n: u32,
            lista: &mut [Candidata],
        );
        #[inline]
        fn nws_exacto(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            n: u32,
            esperado: Esperado,
            jugadas: u64,
        ) -> i32;
        fn nws_tabla<const CHICO: bool>(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            n: u32,
            esperado: Esperado,
            jugadas: u64,
        ) -> i32;
        fn compartir(
            ctx: &mut Contexto<'_>,
            reparto: &Reparto,
            nodo: (u64, u64, i32, u32),
            mejor: i32,
            mejor_x: u32,
            resto: &mut [Candidata],
        ) -> (i32, u32);
        fn dividir(ctx: &mut Contexto<'_>, reparto: &Reparto, punto: Arc<Punto>) -> (i32, u32);
        fn trabajar(ctx: &mut Contexto<'_>, punto: &Punto);
        fn servir(ctx: &mut Contexto<'_>, reparto: &Reparto);
        fn nws_lista(ctx: &mut Contexto<'_>, p: u64, o: u64, alfa: i32, jugadas: u64) -> i32;
        fn nws_paridad(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            vacias: Lista,
            n: u32,
            paridad: u32,
            pase: bool,
            conocidas: Option<u64>,
        ) -> i32;
        fn final_4(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            x: [u32; 4],
            paridad: u32,
            pase: bool,
        ) -> i32;
        fn final_3(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            x: [u32; 3],
            paridad: u32,
            pase: bool,
        ) -> i32;
        fn final_2(
            ctx: &mut Contexto<'_>,
            p: u64,
            o: u64,
            alfa: i32,
            a: u32,
            b: u32,
            pase: bool,
        ) -> i32;
        #[inline]
        fn final_1(ctx: &mut Contexto<'_>, p: u64, o: u64, alfa: i32, x: u32) -> i32;
    }
}

/// Tries the move `x` of the side to move, if valid: `hijo` searches the position
/// after it, and `mejor` keeps the best score so far. Returns whether it passed
/// `alfa` (fail-soft: the caller tries no more moves).
///
/// The written-out last levels call it once per move, chained with `||`, each
/// call with its own empties: a loop over an array of the moves and the empties
/// left after each had the compiler write that array on the stack in every
/// node and read it back.
#[inline(always)]
fn probar<C: Copia>(
    copia: C,
    p: u64,
    o: u64,
    alfa: i32,
    x: u32,
    mejor: &mut i32,
    hijo: impl FnOnce(u64, u64) -> i32,
) -> bool {
    if VECINOS[x as usize] & o == 0 {
        return false;
    }
    let volteadas = copia.volteos(p, o, x);
    if volteadas == 0 {
        return false;
    }
    let (p2, o2) = despues(p, o, x, volteadas);
    let valor = hijo(p2, o2);
    *mejor = (*mejor).max(valor);
    valor > alfa
}

/// The exact score of `(p, o)` for the side to move, searched with the window
/// `(alfa, beta)`, and its best move (`None` if it must pass or the game is over).
/// Fail-soft: below `alfa` or above `beta` the score is a bound.
#[inline(always)]
fn resolver_exacto<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    beta: i32,
) -> (i32, Option<u32>) {
    let vacias = !(p | o);
    let n = vacias.count_ones();
    ctx.nodos += 1;
    if ctx.debe_parar() {
        return (0, None);
    }
    if n == 0 {
        return (puntaje_final(p, o), None);
    }
    let inexactos = ctx.inexactos;
    let mut alfa = alfa;
    let mut beta = beta;
    let mut jugada_tabla = SIN_JUGADA;
    if let Some(e) = ctx.tabla.buscar(p, o) {
        if e.clase >= ctx.fiable() {
            ctx.confiar(e.clase);
            let (inferior, superior) = (i32::from(e.inferior), i32::from(e.superior));
            if inferior >= beta || inferior == superior {
                return (inferior, Some(u32::from(e.mejor)).filter(|&x| x < 64));
            }
            if superior <= alfa {
                return (superior, Some(u32::from(e.mejor)).filter(|&x| x < 64));
            }
            alfa = alfa.max(inferior);
            beta = beta.min(superior);
        }
        jugada_tabla = e.mejor;
    }
    let jugadas = copia.jugadas(p, o);
    if jugadas == 0 {
        if copia.jugadas(o, p) == 0 {
            return (puntaje_final(p, o), None);
        }
        let (valor, _) = copia.resolver_exacto(ctx, o, p, -beta, -alfa);
        return (-valor, None);
    }
    let mut lista = [Candidata::default(); 64];
    let k = copia.candidatas::<false>(ctx, p, o, jugadas, n, jugada_tabla, alfa, &mut lista, true);
    let lista = &mut lista[..k];
    let alfa_inicial = alfa;
    let mut mejor = -INFINITO;
    let mut mejor_x = lista[0].x;
    for i in 0..k {
        traer_mejor(lista, i);
        let candidata = lista[i];
        let (p2, o2) = despues(p, o, candidata.x, candidata.volteadas);
        let valor = if i == 0 {
            -copia.resolver_exacto(ctx, p2, o2, -beta, -alfa).0
        } else {
            let prueba = -copia.nws_exacto(
                ctx,
                p2,
                o2,
                -alfa - 1,
                n - 1,
                Esperado::Corte,
                candidata.jugadas_rival,
            );
            if prueba > alfa && prueba < beta && !ctx.abortada {
                -copia.resolver_exacto(ctx, p2, o2, -beta, -prueba).0
            } else {
                prueba
            }
        };
        if ctx.abortada {
            return (0, None);
        }
        if valor > mejor {
            mejor = valor;
            mejor_x = candidata.x;
            if valor > alfa {
                alfa = valor;
                if alfa >= beta {
                    break;
                }
            }
        }
        // Along the principal variation too, once the first move is searched,
        // the others are null-window searches that idle threads may share. If
        // one of them beats `alfa`, they are searched again one by one: those
        // already done come back from the table.
        if i == 0
            && k > 1
            && n >= VACIAS_DIVISION
            && let Some(reparto) = ctx.reparto
            && reparto.hay_libres()
        {
            let punto = (p, o, alfa, n);
            let (valor, x) = copia.compartir(ctx, reparto, punto, mejor, mejor_x, &mut lista[1..]);
            if ctx.abortada {
                return (0, None);
            }
            if valor <= alfa {
                (mejor, mejor_x) = (valor, x);
                break;
            }
        }
    }
    let clase = ctx.clase(inexactos);
    ctx.tabla
        .guardar(p, o, n, clase, alfa_inicial, beta, mejor, mejor_x as u8);
    (mejor, Some(mejor_x))
}

/// The candidates of a node with table, with their sort key (not yet sorted: see
/// [`traer_mejor`]), in `lista`, which has room for every move of `(p, o)`.
/// Returns how many. From [`VACIAS_EVALUACION`] empties the key
/// includes a mid-game search if `con_busqueda` (else [`completar_orden`] may add
/// it later); below, from [`VACIAS_EVALUACION_DE_ORDEN`], the evaluation of each
/// child. `SIN_TABLA`: the children have no table entry (they are searched
/// by [`nws_lista`]), so their buckets are not asked for.
///
/// Two passes: first every move's flips, asking for each child's bucket at
/// once; then the keys, so that every bucket is on its way while all the keys
/// are computed. The gain is the earlier request, and it grows when memory is
/// slow. The first pass does not go before the node's own probe: the nodes that
/// the table cuts would pay for it.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn candidatas<C: ResolverFinal, const SIN_TABLA: bool>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    mut jugadas: u64,
    n: u32,
    jugada_tabla: u8,
    alfa: i32,
    lista: &mut [Candidata],
    con_busqueda: bool,
) -> usize {
    let paridad = paridad(!(p | o));
    let impares = cuadrantes_de(paridad);
    let profundidad_orden =
        (n >= ctx.vacias_evaluacion() && con_busqueda).then(|| profundidad_de_orden(n));
    let con_evaluacion = (VACIAS_EVALUACION_DE_ORDEN..ctx.vacias_evaluacion()).contains(&n);
    let mut k = 0;
    while jugadas != 0 {
        let x = jugadas.trailing_zeros();
        jugadas &= jugadas - 1;
        let volteadas = copia.volteos(p, o, x);
        if !SIN_TABLA {
            let (p2, o2) = despues(p, o, x, volteadas);
            ctx.tabla.anticipar(p2, o2);
        }
        lista[k] = Candidata {
            x,
            volteadas,
            ..Candidata::default()
        };
        k += 1;
    }
    for candidata in &mut lista[..k] {
        let (p2, o2) = despues(p, o, candidata.x, candidata.volteadas);
        candidata.jugadas_rival = copia.jugadas(p2, o2);
        candidata.clave = if candidata.x == u32::from(jugada_tabla) {
            1 << 30
        } else {
            let mut clave = clave_rapida(p2, o2, candidata.jugadas_rival, candidata.x, impares);
            if let Some(profundidad) = profundidad_orden {
                clave += clave_de_busqueda(copia, ctx, p2, o2, alfa, profundidad);
            } else if con_evaluacion {
                let valor = if n < VACIAS_EVALUACION_UN_HILO {
                    valor_de_orden(p2, o2, candidata.jugadas_rival)
                } else {
                    ctx.evaluacion.evaluar(copia, p2, o2)
                };
                clave += (MAXIMA_ORDEN - valor) * PESO_EVALUACION_DE_ORDEN;
            }
            clave
        };
    }
    k
}

/// Adds to the keys of `lista` (moves of `(p, o)`, with `n` empties) the
/// mid-game search that [`candidatas`] put off, now that the table's move has
/// not refuted `alfa`.
#[inline(always)]
fn completar_orden<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    n: u32,
    lista: &mut [Candidata],
) {
    let profundidad = profundidad_de_orden(n);
    for candidata in lista {
        let (p2, o2) = despues(p, o, candidata.x, candidata.volteadas);
        candidata.clave += clave_de_busqueda(copia, ctx, p2, o2, alfa, profundidad);
    }
}

/// The null-window search (window `(alfa, alfa + 1)`) of a position with `n` empties:
/// picks the level for `n`. Fail-soft. `jugadas` are the valid moves of `(p, o)`:
/// a sorted node computed them for its sort key, and its children from 6 to 10
/// empties need not compute them again.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn nws_exacto<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    n: u32,
    esperado: Esperado,
    jugadas: u64,
) -> i32 {
    if n >= VACIAS_GRANDES {
        copia.nws_tabla::<false>(ctx, p, o, alfa, n, esperado, jugadas)
    } else if n >= VACIAS_TABLA {
        copia.nws_tabla::<true>(ctx, p, o, alfa, n, esperado, jugadas)
    } else {
        copia.nws_lista(ctx, p, o, alfa, jugadas)
    }
}

/// Null-window search with the transposition table; `jugadas` are the valid moves
/// of `(p, o)`. `CHICO`: fewer than [`VACIAS_GRANDES`] empties, compiled without
/// what only larger nodes use.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn nws_tabla<C: ResolverFinal, const CHICO: bool>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    n: u32,
    esperado: Esperado,
    jugadas: u64,
) -> i32 {
    ctx.nodos += 1;
    if ctx.debe_parar() {
        return 0;
    }
    if let Some(cota) = corte_estable(p, o, alfa, n) {
        return cota;
    }
    let inexactos = ctx.inexactos;
    let mut jugada_tabla = SIN_JUGADA;
    if let Some(e) = ctx.tabla.buscar(p, o) {
        if e.clase >= ctx.fiable() {
            if i32::from(e.inferior) > alfa {
                ctx.confiar(e.clase);
                return i32::from(e.inferior);
            }
            if i32::from(e.superior) <= alfa {
                ctx.confiar(e.clase);
                return i32::from(e.superior);
            }
        }
        if CHICO || ctx.jugada_fiable(&e, n) {
            jugada_tabla = e.mejor;
        }
    }
    if jugadas == 0 {
        let del_rival = copia.jugadas(o, p);
        if del_rival == 0 {
            return puntaje_final(p, o);
        }
        let hijo = esperado.hijo(0);
        return -copia.nws_tabla::<CHICO>(ctx, o, p, -alfa - 1, n, hijo, del_rival);
    }
    if !CHICO
        && ctx.probable
        && n >= VACIAS_PROBCUT
        && let Some(cota) = probcut(copia, ctx, p, o, alfa, n)
    {
        ctx.inexactos += 1;
        return cota;
    }
    // In an all node the moves are all searched anyway: no search sorts them.
    let corte = esperado == Esperado::Corte;
    // The table's move goes first anyway, and most of the time it refutes
    // `alfa`: the mid-game searches that sort the other moves wait until it has
    // not.
    let aplazada =
        !CHICO && corte && n >= ctx.vacias_evaluacion() && tiene_jugada(jugadas, jugada_tabla);
    let con_busqueda = corte && !aplazada;
    // A small node has fewer moves than empties: a list of 64 would take
    // stack in each node of the chain, and clearing it.
    let mut chica = [Candidata::default(); VACIAS_GRANDES as usize];
    let mut grande;
    let lista: &mut [Candidata] = if CHICO {
        &mut chica
    } else {
        grande = [Candidata::default(); 64];
        &mut grande
    };
    let k = if CHICO && n == VACIAS_TABLA {
        copia.candidatas::<true>(ctx, p, o, jugadas, n, jugada_tabla, alfa, lista, false)
    } else {
        copia.candidatas::<false>(
            ctx,
            p,
            o,
            jugadas,
            n,
            jugada_tabla,
            alfa,
            lista,
            con_busqueda,
        )
    };
    let lista = &mut lista[..k];
    if !CHICO && n >= VACIAS_ETC {
        // Enhanced transposition cutoff: a child already known to refute `alfa`
        // (its bucket was fetched while the moves were sorted).
        for candidata in lista.iter() {
            let (p2, o2) = despues(p, o, candidata.x, candidata.volteadas);
            if let Some(e) = ctx.tabla.buscar(p2, o2)
                && e.clase >= ctx.fiable()
                && -i32::from(e.superior) > alfa
            {
                ctx.confiar(e.clase);
                return -i32::from(e.superior);
            }
        }
    }
    let mut mejor = -INFINITO;
    let mut mejor_x = lista[0].x;
    for i in 0..k {
        traer_mejor(lista, i);
        let candidata = lista[i];
        let (p2, o2) = despues(p, o, candidata.x, candidata.volteadas);
        let valor = -copia.nws_exacto(
            ctx,
            p2,
            o2,
            -alfa - 1,
            n - 1,
            esperado.hijo(i),
            candidata.jugadas_rival,
        );
        if valor > mejor {
            mejor = valor;
            mejor_x = candidata.x;
            if valor > alfa {
                break;
            }
        }
        if i == 0 && aplazada && !ctx.abortada {
            copia.completar_orden(ctx, p, o, alfa, n, &mut lista[1..]);
        }
        // Young brothers wait: once the first move has not refuted the
        // window, the others may be shared with idle threads.
        if !CHICO
            && i == 0
            && k > 1
            && n >= VACIAS_DIVISION
            && !ctx.abortada
            && let Some(reparto) = ctx.reparto
            && reparto.hay_libres()
        {
            let punto = (p, o, alfa, n);
            (mejor, mejor_x) =
                copia.compartir(ctx, reparto, punto, mejor, mejor_x, &mut lista[1..]);
            break;
        }
    }
    if ctx.abortada {
        return 0;
    }
    let clase = ctx.clase(inexactos);
    ctx.tabla
        .guardar(p, o, n, clase, alfa, alfa + 1, mejor, mejor_x as u8);
    mejor
}

/// Makes the node `nodo`, `(p, o, alfa, n)`: `(p, o)` with `n` empties, a split point
/// for the rest of its moves, `resto`, searched with the null window at `alfa`, its
/// first move having scored `mejor` with `mejor_x`: the node's best score and move.
#[inline(always)]
fn compartir<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    reparto: &Reparto,
    nodo: (u64, u64, i32, u32),
    mejor: i32,
    mejor_x: u32,
    resto: &mut [Candidata],
) -> (i32, u32) {
    let (p, o, alfa, n) = nodo;
    resto.sort_by_key(|candidata| std::cmp::Reverse(candidata.clave));
    let jugadas = resto
        .iter()
        .map(|candidata| (candidata.x, candidata.volteadas))
        .collect();
    let punto = Punto::nuevo(p, o, alfa, n, mejor, mejor_x, jugadas, ctx.punto.clone());
    copia.dividir(ctx, reparto, Arc::new(punto))
}

/// Searches the moves of `punto`, just opened by this thread, with whatever
/// idle threads join, and waits for them, helping the points they open under
/// it: its best score and move. Aborted (`ctx.abortada`) if the search was
/// stopped or a point above was cut.
#[inline(always)]
fn dividir<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    reparto: &Reparto,
    punto: Arc<Punto>,
) -> (i32, u32) {
    reparto.abrir(&punto);
    let anterior = ctx.punto.replace(Arc::clone(&punto));
    copia.trabajar(ctx, &punto);
    reparto.cerrar(&punto);
    while !(ctx.abortada && (ctx.detenida || punto.padre_cortado())) && punto.trabajando() > 1 {
        // A cut of this point only: the others stop soon; wait for them.
        ctx.abortada = false;
        if let Some(otro) = reparto.tomar(|otro| otro.desciende_de(&punto)) {
            ctx.punto = Some(Arc::clone(&otro));
            copia.trabajar(ctx, &otro);
            otro.salir(reparto);
            ctx.punto = Some(Arc::clone(&punto));
        }
    }
    ctx.punto = anterior;
    ctx.abortada = ctx.detenida || punto.padre_cortado();
    let (mejor, mejor_x, inexacto) = punto.resultado();
    if inexacto {
        ctx.inexactos += 1;
    }
    (mejor, mejor_x)
}

/// Searches the moves of `punto` one by one until none is left or the point
/// is cut; writes each score down. Stops, aborted, if `ctx` must stop.
#[inline(always)]
fn trabajar<C: ResolverFinal>(copia: C, ctx: &mut Contexto<'_>, punto: &Punto) {
    while let Some((x, volteadas)) = punto.siguiente() {
        let (p2, o2) = despues(punto.p, punto.o, x, volteadas);
        let alfa = -punto.alfa - 1;
        let inexactos = ctx.inexactos;
        let jugadas = copia.jugadas(p2, o2);
        let valor = -copia.nws_exacto(ctx, p2, o2, alfa, punto.n - 1, Esperado::Corte, jugadas);
        if ctx.abortada {
            return;
        }
        punto.anotar(valor, x, ctx.inexactos != inexactos);
    }
}

/// A helper thread of a parallel solve: joins the split points that others
/// open until the search is over.
#[inline(always)]
fn servir<C: ResolverFinal>(copia: C, ctx: &mut Contexto<'_>, reparto: &Reparto) {
    while !ctx.terminada() {
        if let Some(punto) = reparto.tomar(|_| true) {
            ctx.punto = Some(Arc::clone(&punto));
            copia.trabajar(ctx, &punto);
            punto.salir(reparto);
            ctx.punto = None;
            ctx.abortada = ctx.detenida;
        }
    }
}

/// The entry to the last levels: lists the empties in the fixed order of [`CLASES`]
/// and searches them; `jugadas` are the valid moves of `(p, o)`.
#[inline(always)]
fn nws_lista<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    jugadas: u64,
) -> i32 {
    let vacias = !(p | o);
    let mut lista = 0;
    let mut n = 0;
    for clase in CLASES {
        let mut conjunto = vacias & clase;
        while conjunto != 0 {
            lista |= u64::from(conjunto.trailing_zeros()) << (8 * n);
            conjunto &= conjunto - 1;
            n += 1;
        }
    }
    copia.nws_paridad(
        ctx,
        p,
        o,
        alfa,
        lista,
        n,
        paridad(vacias),
        false,
        Some(jugadas),
    )
}

/// Null-window search over the `n` empties listed in `vacias` (see [`Lista`]),
/// those in odd quadrants first, each part in the list's order. `pase` says
/// that the rival just passed; `conocidas` are the valid moves of `(p, o)` if the
/// caller has them.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn nws_paridad<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    vacias: Lista,
    n: u32,
    paridad: u32,
    pase: bool,
    conocidas: Option<u64>,
) -> i32 {
    match n {
        0 => return puntaje_final(p, o),
        1 => return copia.final_1(ctx, p, o, alfa, casilla(vacias, 0)),
        2 => {
            return copia.final_2(
                ctx,
                p,
                o,
                alfa,
                casilla(vacias, 0),
                casilla(vacias, 1),
                false,
            );
        }
        4 => {
            return copia.final_4(
                ctx,
                p,
                o,
                alfa,
                [
                    casilla(vacias, 0),
                    casilla(vacias, 1),
                    casilla(vacias, 2),
                    casilla(vacias, 3),
                ],
                paridad,
                false,
            );
        }
        3 => {
            return copia.final_3(
                ctx,
                p,
                o,
                alfa,
                [casilla(vacias, 0), casilla(vacias, 1), casilla(vacias, 2)],
                paridad,
                false,
            );
        }
        _ => {}
    }
    ctx.nodos += 1;
    if let Some(cota) = corte_estable(p, o, alfa, n) {
        return cota;
    }
    // The moves once, as Edax does here: cheaper than trying each empty's
    // flips, and a pass is known at once.
    let jugadas = conocidas.unwrap_or_else(|| copia.jugadas(p, o));
    if jugadas == 0 {
        if pase {
            return puntaje_final(p, o);
        }
        return -copia.nws_paridad(ctx, o, p, -alfa - 1, vacias, n, paridad, true, None);
    }
    let impares = cuadrantes_de(paridad);
    let mut mejor = -INFINITO;
    for parte in [jugadas & impares, jugadas & !impares] {
        for i in 0..n {
            let x = casilla(vacias, i);
            if parte >> x & 1 == 0 {
                continue;
            }
            let bit = BIT_CUADRANTE[x as usize];
            let volteadas = copia.volteos(p, o, x);
            let (p2, o2) = despues(p, o, x, volteadas);
            let resto = sin(vacias, i);
            let paridad = paridad ^ bit;
            let valor =
                -copia.nws_paridad(ctx, p2, o2, -alfa - 1, resto, n - 1, paridad, false, None);
            if valor > mejor {
                mejor = valor;
                if valor > alfa {
                    return valor;
                }
            }
        }
    }
    mejor
}

/// Four empties, sorted once: those in odd quadrants first (see [`ORDEN_4`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn final_4<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    x: [u32; 4],
    paridad: u32,
    pase: bool,
) -> i32 {
    ctx.nodos += 1;
    if let Some(cota) = corte_estable(p, o, alfa, 4) {
        return cota;
    }
    let impares = (paridad & BIT_CUADRANTE[x[0] as usize] != 0) as usize
        | ((paridad & BIT_CUADRANTE[x[1] as usize] != 0) as usize) << 1
        | ((paridad & BIT_CUADRANTE[x[2] as usize] != 0) as usize) << 2
        | ((paridad & BIT_CUADRANTE[x[3] as usize] != 0) as usize) << 3;
    let orden = ORDEN_4[impares];
    let [a, b, c, d] = orden.map(|i| x[usize::from(i)]);
    // The moves in this order, until one passes `alfa`.
    let mut mejor = -INFINITO;
    let mut hijo = |x: u32, resto, p2, o2| {
        let paridad = paridad ^ BIT_CUADRANTE[x as usize];
        -copia.final_3(ctx, p2, o2, -alfa - 1, resto, paridad, false)
    };
    let _ = probar(copia, p, o, alfa, a, &mut mejor, |p2, o2| {
        hijo(a, [b, c, d], p2, o2)
    }) || probar(copia, p, o, alfa, b, &mut mejor, |p2, o2| {
        hijo(b, [a, c, d], p2, o2)
    }) || probar(copia, p, o, alfa, c, &mut mejor, |p2, o2| {
        hijo(c, [a, b, d], p2, o2)
    }) || probar(copia, p, o, alfa, d, &mut mejor, |p2, o2| {
        hijo(d, [a, b, c], p2, o2)
    });
    if mejor > -INFINITO {
        mejor
    } else if pase {
        puntaje_final(p, o)
    } else {
        -copia.final_4(ctx, o, p, -alfa - 1, x, paridad, true)
    }
}

/// Three empties: the one alone in its quadrant first.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn final_3<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    x: [u32; 3],
    paridad: u32,
    pase: bool,
) -> i32 {
    ctx.nodos += 1;
    let [mut a, mut b, mut c] = x;
    if paridad & BIT_CUADRANTE[a as usize] == 0 {
        if paridad & BIT_CUADRANTE[b as usize] != 0 {
            (a, b) = (b, a);
        } else if paridad & BIT_CUADRANTE[c as usize] != 0 {
            (a, b, c) = (c, a, b);
        }
    }
    let mut mejor = -INFINITO;
    let mut hijo = |r1, r2, p2, o2| -copia.final_2(ctx, p2, o2, -alfa - 1, r1, r2, false);
    let _ = probar(copia, p, o, alfa, a, &mut mejor, |p2, o2| {
        hijo(b, c, p2, o2)
    }) || probar(copia, p, o, alfa, b, &mut mejor, |p2, o2| {
        hijo(a, c, p2, o2)
    }) || probar(copia, p, o, alfa, c, &mut mejor, |p2, o2| {
        hijo(a, b, p2, o2)
    });
    if mejor > -INFINITO {
        mejor
    } else if pase {
        puntaje_final(p, o)
    } else {
        -copia.final_3(ctx, o, p, -alfa - 1, x, paridad, true)
    }
}

/// Two empties. Written out rather than with [`probar`] as the levels above: with
/// it, this level was not faster.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn final_2<C: ResolverFinal>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    a: u32,
    b: u32,
    pase: bool,
) -> i32 {
    ctx.nodos += 1;
    let mut mejor = -INFINITO;
    if VECINOS[a as usize] & o != 0 {
        let volteadas = copia.volteos(p, o, a);
        if volteadas != 0 {
            let (p2, o2) = despues(p, o, a, volteadas);
            mejor = -copia.final_1(ctx, p2, o2, -alfa - 1, b);
            if mejor > alfa {
                return mejor;
            }
        }
    }
    if VECINOS[b as usize] & o != 0 {
        let volteadas = copia.volteos(p, o, b);
        if volteadas != 0 {
            let (p2, o2) = despues(p, o, b, volteadas);
            let valor = -copia.final_1(ctx, p2, o2, -alfa - 1, a);
            return valor.max(mejor);
        }
    }
    if mejor > -INFINITO {
        mejor
    } else if pase {
        puntaje_final(p, o)
    } else {
        -copia.final_2(ctx, o, p, -alfa - 1, a, b, true)
    }
}

/// One empty, `x`: the score is counted, not searched. With 63 discs on the board,
/// a move flipping `f` discs ends `2 * (propias + f) - 62` for the mover; the
/// flips are counted from the mover's discs alone (the rest are the rival's), the same
/// way in both copies.
#[inline(always)]
fn final_1<C: ResolverFinal>(
    _copia: C,
    ctx: &mut Contexto<'_>,
    p: u64,
    o: u64,
    alfa: i32,
    x: u32,
) -> i32 {
    ctx.nodos += 1;
    let base = 2 * cuenta(p) - 62;
    let volteadas = volteos_ultima(p, x);
    if volteadas != 0 {
        return base + 2 * volteadas;
    }
    // The side to move passes. Its best is now `base` (nobody moves, it wins the
    // empty), so under `alfa` there is nothing more to learn.
    if base <= alfa {
        return base;
    }
    let volteadas = volteos_ultima(o, x);
    if volteadas != 0 {
        return base - 2 - 2 * volteadas;
    }
    // Nobody can move: the empty goes to the winner (63 discs: no tie).
    if base - 1 > 0 { base } else { base - 2 }
}

/// What the mid-game search of `profundidad` plies adds to the sort key of the move that
/// leads to `(p2, o2)`: the rival's score, searched with a window a little under ours (a
/// move far below `alfa` needs no precise score to go last).
#[inline(always)]
fn clave_de_busqueda<C: Buscar>(
    copia: C,
    ctx: &mut Contexto<'_>,
    p2: u64,
    o2: u64,
    alfa: i32,
    profundidad: u32,
) -> i32 {
    let cota = (alfa - 8).max(-64) * ESCALA;
    let valor = copia.alfabeta(ctx, p2, o2, -MAXIMA_ORDEN, -cota, profundidad);
    (MAXIMA_ORDEN - valor) * PESO_EVALUACION
}

/// The largest score a shallow search for ordering can give (in hundredths of a disc).
const MAXIMA_ORDEN: i32 = 64 * ESCALA;

/// How much one hundredth of a disc of the search weighs in the sort key, against
/// `1 << 15` for each move of the rival: a rival move is worth about one disc of
/// evaluation.
const PESO_EVALUACION: i32 = 300;

/// [`PESO_EVALUACION`] for the unsearched evaluation (from [`VACIAS_EVALUACION_DE_ORDEN`]):
/// a fifth, since a rival move then says more than a disc of so rough an estimate.
const PESO_EVALUACION_DE_ORDEN: i32 = 60;

/// The fastest-first sort key of a move, from the position after it (`p2` to move, `o2`
/// the side that just moved): few moves and few potential moves for the rival, stable
/// corners for us, and an odd quadrant. (At 7 empties, a key of the rival's moves and
/// parity alone was not faster.)
#[inline(always)]
fn clave_rapida(p2: u64, o2: u64, jugadas_rival: u64, x: u32, impares: u64) -> i32 {
    let movilidad = movilidad_ponderada(jugadas_rival);
    let potencial = cuenta(vecinos(o2) & !(p2 | o2));
    let paridad = if impares >> x & 1 != 0 { 1 << 3 } else { 0 };
    ((36 - movilidad) << 15) + (estabilidad_esquinas(o2) << 11) + ((36 - potencial) << 5) + paridad
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::motor::cpu::Avx2;
    use crate::motor::{azar::Xorshift, cpu::Portatil, tabla::Tabla};

    /// A position reached by random moves (the same on every run) from the start, with
    /// `vacias` empties left or the game's end, as `(p, o)`.
    fn al_azar(semilla: u64, vacias: u32) -> (u64, u64) {
        let mut azar = Xorshift::nuevo(semilla);
        let (mut p, mut o): (u64, u64) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        while (!(p | o)).count_ones() > vacias {
            let jugadas = Portatil.jugadas(p, o);
            if jugadas == 0 {
                if Portatil.jugadas(o, p) == 0 {
                    break;
                }
            } else {
                let mut resto = jugadas;
                for _ in 0..azar.siguiente() % u64::from(jugadas.count_ones()) {
                    resto &= resto - 1;
                }
                let x = resto.trailing_zeros();
                (p, o) = despues(p, o, x, Portatil.volteos(p, o, x));
                continue;
            }
            (p, o) = (o, p);
        }
        (p, o)
    }

    /// The score, best move and node count of one solve from an empty table, and of a
    /// null-window search at `alfa`, with the copy `copia` of the solver. The tests run
    /// on every processor; the one that compares the copies, where AVX2 exists.
    #[cfg(target_arch = "x86_64")]
    fn resolver_con(
        copia: impl ResolverFinal,
        (p, o): (u64, u64),
        alfa: i32,
    ) -> (i32, Option<u32>, i32, u64) {
        let n = (!(p | o)).count_ones();
        let tabla = Tabla::nueva(14);
        let mut ctx = Contexto::nuevo(&tabla, None);
        let otra = Tabla::nueva(14);
        let mut otro = Contexto::nuevo(&otra, None);
        let jugadas = Portatil.jugadas(p, o);
        let (valor, mejor) = copia.resolver_exacto(&mut ctx, p, o, -INFINITO, INFINITO);
        let prueba = copia.nws_exacto(&mut otro, p, o, alfa, n, Esperado::Corte, jugadas);
        (valor, mejor, prueba, ctx.nodos + otro.nodos)
    }

    /// The exact score of `(p, o)`, solved with the full window from an empty table.
    fn exacto_de(p: u64, o: u64) -> i32 {
        let tabla = Tabla::nueva(14);
        Contexto::nuevo(&tabla, None)
            .resolver_exacto(p, o, -INFINITO, INFINITO)
            .0
    }

    /// Puts in `tabla` a made-up probable score for `(p, o)`, `valor`, as a solve with
    /// the whole window would leave it.
    fn plantar(tabla: &Tabla, (p, o): (u64, u64), valor: i32) {
        let n = (!(p | o)).count_ones();
        tabla.guardar(
            p,
            o,
            n,
            Clase::Probable,
            -INFINITO,
            INFINITO,
            valor,
            SIN_JUGADA,
        );
    }

    /// [`plantar`] on every child of `(p, o)` (it must have a move).
    fn plantar_en_hijos(tabla: &Tabla, (p, o): (u64, u64), valor: i32) {
        let mut jugadas = Portatil.jugadas(p, o);
        assert_ne!(jugadas, 0);
        while jugadas != 0 {
            let x = jugadas.trailing_zeros();
            jugadas &= jugadas - 1;
            plantar(tabla, despues(p, o, x, Portatil.volteos(p, o, x)), valor);
        }
    }

    /// A probable solve on `tabla`.
    fn probable(tabla: &Tabla) -> Contexto<'_> {
        let mut ctx = Contexto::nuevo(tabla, None);
        ctx.probable = true;
        ctx
    }

    /// A probable solve trusts the table's probable bounds, and the exact solve after it
    /// never does: a wrong probable score (made up here) cannot reach an exact answer.
    #[test]
    fn la_solucion_exacta_no_confia_en_cotas_probables() {
        for (i, vacias) in [10, 14, 16].into_iter().enumerate() {
            let (p, o) = al_azar(0x9E37_79B9_7F4A_7C15 + i as u64, vacias);
            let n = (!(p | o)).count_ones();
            let exacto = exacto_de(p, o);
            let falso = if exacto > 0 { exacto - 10 } else { exacto + 10 };
            let tabla = Tabla::nueva(14);
            plantar(&tabla, (p, o), falso);
            let mut ctx = probable(&tabla);
            assert_eq!(ctx.resolver_exacto(p, o, -INFINITO, INFINITO).0, falso);
            assert_eq!(
                ctx.nws_exacto(p, o, exacto - 1, n) > exacto - 1,
                falso > exacto - 1
            );
            ctx.probable = false;
            assert_eq!(ctx.resolver_exacto(p, o, -INFINITO, INFINITO).0, exacto);
            for alfa in [exacto - 1, exacto] {
                let valor = ctx.nws_exacto(p, o, alfa, n);
                assert_eq!(valor > alfa, exacto > alfa, "{vacias} vacías, alfa {alfa}");
            }
        }
    }

    /// At least four random positions with 12 empties where the side to move can move
    /// (where ProbCut starts: see [`una_solucion_probable_sin_cortes_probables_es_exacta`]).
    fn con_12_vacias(semilla: u64) -> Vec<(u64, u64)> {
        let posiciones: Vec<(u64, u64)> = (0..8)
            .map(|k| al_azar(semilla + k, 12))
            .filter(|&(p, o)| (!(p | o)).count_ones() == 12 && Portatil.jugadas(p, o) != 0)
            .collect();
        assert!(posiciones.len() >= 4, "{}", posiciones.len());
        posiciones
    }

    /// A probable solve that relied on nothing probable stores exact bounds, which the
    /// exact solve after it takes as they are. Here the root has 12 empties: its
    /// full-window search never tries ProbCut, and its children, with 11, are below
    /// where ProbCut starts.
    #[test]
    fn una_solucion_probable_sin_cortes_probables_es_exacta() {
        for (p, o) in con_12_vacias(0x2545_F491_4F6C_DD1D) {
            let tabla = Tabla::nueva(14);
            let mut ctx = probable(&tabla);
            let (valor, _) = ctx.resolver_exacto(p, o, -INFINITO, INFINITO);
            assert_eq!(valor, exacto_de(p, o));
            let e = tabla.buscar(p, o).expect("la raíz en la tabla");
            assert_eq!(e.clase, Clase::Exacta, "{p:#x} {o:#x}");
        }
    }

    /// A probable solve that took a probable bound from the table (made up here, on
    /// every child of the root) stores what it found as probable only: the exact solve
    /// after it finds the true score.
    #[test]
    fn lo_que_depende_de_una_cota_probable_queda_probable() {
        for (i, vacias) in [12, 13, 15].into_iter().enumerate() {
            let (p, o) = al_azar(0x6A09_E667_F3BC_C908 + i as u64, vacias);
            let n = (!(p | o)).count_ones();
            let exacto = exacto_de(p, o);
            let tabla = Tabla::nueva(14);
            // Every child claims the root wins by 20 more than it does.
            plantar_en_hijos(&tabla, (p, o), (-exacto - 20).max(-64));
            let mut ctx = probable(&tabla);
            let (valor, _) = ctx.resolver_exacto(p, o, -INFINITO, INFINITO);
            assert_ne!(valor, exacto, "{vacias} vacías");
            assert_eq!(tabla.buscar(p, o).unwrap().clase, Clase::Probable);
            ctx.probable = false;
            assert_eq!(ctx.resolver_exacto(p, o, -INFINITO, INFINITO).0, exacto);
            assert!(ctx.nws_exacto(p, o, exacto - 1, n) > exacto - 1);
            assert!(ctx.nws_exacto(p, o, exacto + 1, n) <= exacto + 1);
        }
    }

    /// Each way a probable solve can take a probable bound from the table is noted
    /// (`Contexto::inexactos`): a cut by the node's own entry, on either side, in a
    /// null-window node and in a full-window one, and a cut by a child's entry (the
    /// enhanced transposition cutoff). Any one forgotten would store a probable score as
    /// exact.
    #[test]
    fn cada_cota_probable_usada_se_anota() {
        let mut etc = 0;
        for (p, o) in con_12_vacias(0x243F_6A88_85A3_08D3) {
            // The node's own entry: above `alfa`, under it, and in a full window.
            for (alfa, valor) in [(-21, -10), (-21, -30)] {
                let tabla = Tabla::nueva(14);
                plantar(&tabla, (p, o), valor);
                let mut ctx = probable(&tabla);
                assert_eq!(ctx.nws_exacto(p, o, alfa, 12), valor);
                assert_eq!(ctx.inexactos, 1, "alfa {alfa}, {valor}");
            }
            let tabla = Tabla::nueva(14);
            plantar(&tabla, (p, o), 6);
            let mut ctx = probable(&tabla);
            assert_eq!(ctx.resolver_exacto(p, o, -INFINITO, INFINITO).0, 6);
            assert_eq!(ctx.inexactos, 1);
            // A child's entry: where ProbCut does not cut at this node (its children, with
            // 11 empties, never try it), every child says the node passes `alfa`.
            for alfa in [-20, 0, 20] {
                let vacia = Tabla::nueva(14);
                let mut ctx = probable(&vacia);
                ctx.nws_exacto(p, o, alfa, 12);
                if ctx.inexactos != 0 {
                    continue;
                }
                let tabla = Tabla::nueva(14);
                plantar_en_hijos(&tabla, (p, o), -alfa - 2);
                let mut ctx = probable(&tabla);
                assert_eq!(ctx.nws_exacto(p, o, alfa, 12), alfa + 2);
                assert_eq!(ctx.inexactos, 1, "alfa {alfa}");
                etc += 1;
            }
        }
        assert!(etc >= 4, "{etc}");
    }

    /// The null-window search agrees with the full-window solve on every side of the
    /// score, whatever type its root is expected to be, through the levels: the last
    /// ones, the copy of the nodes with table for fewer than [`VACIAS_GRANDES`]
    /// empties, and the nodes that look at their children in the table.
    #[test]
    fn la_ventana_nula_coincide_con_la_solucion() {
        for (i, vacias) in (5..=15).flat_map(|v| [v; 6]).enumerate() {
            let (p, o) = al_azar(0xD1B5_4A32_D192_ED03 + i as u64, vacias);
            let n = (!(p | o)).count_ones();
            let exacto = exacto_de(p, o);
            for alfa in exacto - 2..=exacto + 1 {
                for esperado in [Esperado::Corte, Esperado::Todos] {
                    let tabla = Tabla::nueva(14);
                    let mut ctx = Contexto::nuevo(&tabla, None);
                    let valor = Portatil.nws_exacto(
                        &mut ctx,
                        p,
                        o,
                        alfa,
                        n,
                        esperado,
                        Portatil.jugadas(p, o),
                    );
                    assert_eq!(
                        valor > alfa,
                        exacto > alfa,
                        "{n} vacías, alfa {alfa}, {esperado:?}: {valor} con exacto {exacto}"
                    );
                }
            }
        }
    }

    /// From [`VACIAS_EVALUACION_DE_ORDEN`] empties the sort key of a move is its quick
    /// key and the small evaluation of the child: of two moves with the same quick key,
    /// the one better for the side to move goes first. Below, the key is the quick one
    /// alone (the many small nodes do not pay for an evaluation).
    #[test]
    fn desde_11_vacias_el_orden_mira_la_evaluacion_de_orden() {
        let tabla = Tabla::nueva(14);
        let mut ctx = Contexto::nuevo(&tabla, None);
        let mut desempates = 0;
        for semilla in 0..200 {
            for n in [
                VACIAS_EVALUACION_DE_ORDEN - 1,
                VACIAS_EVALUACION_DE_ORDEN,
                VACIAS_EVALUACION_DE_ORDEN + 1,
                VACIAS_EVALUACION_UN_HILO - 1,
            ] {
                let (p, o) = al_azar(0x2545_F491_4F6C_DD1D + semilla, n);
                let jugadas = Portatil.jugadas(p, o);
                if (!(p | o)).count_ones() != n || jugadas == 0 {
                    continue;
                }
                let mut lista = [Candidata::default(); 64];
                let k = Portatil.candidatas::<false>(
                    &mut ctx, p, o, jugadas, n, SIN_JUGADA, 0, &mut lista, true,
                );
                let impares = cuadrantes_de(paridad(!(p | o)));
                let claves: Vec<(i32, i32)> = lista[..k]
                    .iter()
                    .map(|c| {
                        let (p2, o2) = despues(p, o, c.x, c.volteadas);
                        let rapida = clave_rapida(p2, o2, c.jugadas_rival, c.x, impares);
                        (rapida, valor_de_orden(p2, o2, c.jugadas_rival))
                    })
                    .collect();
                if n < VACIAS_EVALUACION_DE_ORDEN {
                    for (c, &(rapida, _)) in lista[..k].iter().zip(&claves) {
                        assert_eq!(c.clave, rapida);
                    }
                    continue;
                }
                for (a, &(rapida_a, valor_a)) in lista[..k].iter().zip(&claves) {
                    for (b, &(rapida_b, valor_b)) in lista[..k].iter().zip(&claves) {
                        if rapida_a == rapida_b && valor_a < valor_b {
                            assert!(a.clave > b.clave, "{n} vacías: {p:#x} {o:#x}");
                            desempates += 1;
                        }
                    }
                }
            }
        }
        assert!(desempates > 10, "{desempates}");
    }

    /// Knuth and Moore's types: a cut node's first child is an all node, its other
    /// children and every child of an all node are cut nodes.
    #[test]
    fn tipos_esperados_de_los_hijos() {
        assert_eq!(Esperado::Corte.hijo(0), Esperado::Todos);
        assert_eq!(Esperado::Corte.hijo(1), Esperado::Corte);
        assert_eq!(Esperado::Todos.hijo(0), Esperado::Corte);
        assert_eq!(Esperado::Todos.hijo(5), Esperado::Corte);
    }

    /// The copy for AVX2 processors walks the same tree as the portable one: the same
    /// scores, moves and nodes, from the last empties to the evaluation's sort (one and
    /// two plies deep, from 16 to 18 empties).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn la_copia_avx2_resuelve_como_la_portable() {
        let Some(avx2) = Avx2::detectar() else {
            return;
        };
        for (i, vacias) in (1..=18).chain([14, 10, 6, 5, 4, 3, 2]).enumerate() {
            let posicion = al_azar(0x2545_F491_4F6C_DD1D + i as u64, vacias);
            let alfa = (i as i32 % 9 - 4) * 4;
            assert_eq!(
                resolver_con(Portatil, posicion, alfa),
                resolver_con(avx2, posicion, alfa),
                "{posicion:x?}, {vacias} vacías"
            );
        }
    }
}
