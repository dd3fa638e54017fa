//! The state of one search, shared by the mid-game search and the exact solver
//! ([`Contexto`]: transposition table, node count, clock, the evaluation in use, the
//! split points of a parallel solve).

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Instant,
};

use super::{
    division::{Punto, Reparto},
    evaluacion::Evaluacion,
    tabla::Tabla,
};

/// How many nodes go by between two looks at the clock: enough that reading it costs
/// nothing, few enough (well under a millisecond) that a deadline is kept.
const NODOS_ENTRE_RELOJ: u64 = 1024;

/// The state of one search: the transposition table (borrowed from the
/// [`Buscador`](super::busqueda::Buscador), so that it outlives the move), the nodes
/// visited and the deadline.
///
/// When the deadline passes, `abortada` is set and every function returns at once with a
/// meaningless score, storing nothing; the caller throws the unfinished result away. The
/// same happens under a split point that another thread cut (see [`super::division`]),
/// and then only up to that point.
pub(super) struct Contexto<'a> {
    /// The transposition table.
    pub tabla: &'a Tabla,
    /// Nodes visited (positions reached by the search, leaves included).
    pub nodos: u64,
    /// When to stop, if there is a time limit.
    pub fin: Option<Instant>,
    /// Whether the deadline passed (or the search was told to stop).
    pub abortada: bool,
    /// Set by another thread when this search is no longer wanted (a helper of a
    /// parallel search, once the main thread has its answer).
    pub parar: Option<&'a AtomicBool>,
    /// Whether the deadline passed or the search was told to stop: unlike a cut split
    /// point, the whole search is over.
    pub detenida: bool,
    /// Where idle threads take part of the exact solve, in a parallel solve.
    pub reparto: Option<&'a Reparto>,
    /// The split point under which this thread is searching, if any.
    pub punto: Option<Arc<Punto>>,
    /// The evaluation of the mid-game search (and so of the solver's ordering).
    pub evaluacion: Evaluacion,
    /// Whether the exact solver may cut its null-window nodes with ProbCut: a quick
    /// solve whose answer is only probable, run first so that the exact solve after it
    /// finds a good move order in the table (see `Clase::Probable`).
    pub probable: bool,
    /// How many times a probable solve has relied on something only probable: a
    /// ProbCut cut, a probable bound from the table, a split point's result. A node
    /// below which this did not change was solved exactly.
    pub inexactos: u64,
    /// The node count at which to look at the clock next.
    proximo_reloj: u64,
}

impl<'a> Contexto<'a> {
    /// A new search on `tabla`, with a deadline or none.
    pub fn nuevo(tabla: &'a Tabla, fin: Option<Instant>) -> Contexto<'a> {
        Contexto {
            tabla,
            nodos: 0,
            fin,
            abortada: false,
            parar: None,
            detenida: false,
            reparto: None,
            punto: None,
            evaluacion: Evaluacion::default(),
            probable: false,
            inexactos: 0,
            proximo_reloj: NODOS_ENTRE_RELOJ,
        }
    }

    /// Whether the whole search is over (the deadline passed, or it was told to stop),
    /// looking now: for a thread without nodes to count.
    pub fn terminada(&mut self) -> bool {
        self.proximo_reloj = self.nodos;
        self.debe_parar();
        self.detenida
    }

    /// Whether the search must stop: looks at the clock only every
    /// [`NODOS_ENTRE_RELOJ`] nodes, at the split point (if any) every time.
    #[inline]
    pub fn debe_parar(&mut self) -> bool {
        if self.nodos >= self.proximo_reloj {
            self.proximo_reloj = self.nodos + NODOS_ENTRE_RELOJ;
            if let Some(fin) = self.fin
                && Instant::now() >= fin
            {
                self.detenida = true;
            }
            if let Some(parar) = self.parar
                && parar.load(Ordering::Relaxed)
            {
                self.detenida = true;
            }
            self.abortada |= self.detenida;
        }
        if let Some(punto) = &self.punto
            && punto.cortado()
        {
            self.abortada = true;
        }
        self.abortada
    }
}
