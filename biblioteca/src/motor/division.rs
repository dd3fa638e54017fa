//! Splitting the exact solve between threads: young brothers wait (YBWC).
//!
//! A null-window node of the solver with many empties searches its first move alone;
//! if that move does not refute the window, the other moves are independent searches
//! with the same window, so the node becomes a split point ([`Punto`]) that idle threads
//! may join ([`Reparto`]). A node of the principal variation does the same with the
//! null-window searches of its other moves (if one beats the window, the node searches
//! them again by itself, most from the table). Every thread that takes a move searches
//! it and writes down its score; the first score above the window cuts the point, and
//! the threads still under it (at any depth, through nested points) stop and throw their
//! work away. The node's thread waits for the others before it answers, helping the
//! points opened under its own, so the answer is the one a single thread would prove.
//!
//! Lazy SMP (the helpers searching the same tree on their own) barely helped the exact
//! solve: they proved the same bounds the main thread was about to prove. Here no move
//! is searched twice.

use std::{
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
    time::Duration,
};

/// How long an idle thread sleeps before it looks again for a point to join, or for the
/// end of the search: short, since a point may be opened and done in a millisecond.
const SIESTA: Duration = Duration::from_micros(200);

/// The split points open in one solve, and how many threads are waiting for work (or
/// for the workers of their own point, signalled the same way).
#[derive(Default)]
pub(super) struct Reparto {
    abiertos: Mutex<Vec<Arc<Punto>>>,
    hay_trabajo: Condvar,
    libres: AtomicUsize,
}

impl Reparto {
    /// Whether some thread is waiting for work: only then is a node worth splitting.
    #[inline]
    pub(super) fn hay_libres(&self) -> bool {
        self.libres.load(Ordering::Relaxed) > 0
    }

    /// Offers `punto` to the idle threads.
    pub(super) fn abrir(&self, punto: &Arc<Punto>) {
        bloquear(&self.abiertos).push(Arc::clone(punto));
        self.hay_trabajo.notify_all();
    }

    /// Withdraws `punto`: its moves are all taken.
    pub(super) fn cerrar(&self, punto: &Arc<Punto>) {
        bloquear(&self.abiertos).retain(|abierto| !Arc::ptr_eq(abierto, punto));
    }

    /// Joins an open point that still has moves, among those for which `elegible` holds;
    /// `None` after waiting a little if there is none. The point counts its new worker
    /// until [`Punto::salir`].
    pub(super) fn tomar(&self, elegible: impl Fn(&Punto) -> bool) -> Option<Arc<Punto>> {
        let mut abiertos = bloquear(&self.abiertos);
        for intento in 0..2 {
            // The most recent first: the deepest, whose owner will wait soonest.
            for punto in abiertos.iter().rev() {
                if elegible(punto) && punto.unirse() {
                    return Some(Arc::clone(punto));
                }
            }
            if intento == 0 {
                self.libres.fetch_add(1, Ordering::Relaxed);
                abiertos = match self.hay_trabajo.wait_timeout(abiertos, SIESTA) {
                    Ok((abiertos, _)) => abiertos,
                    Err(envenenado) => envenenado.into_inner().0,
                };
                self.libres.fetch_sub(1, Ordering::Relaxed);
            }
        }
        None
    }
}

/// A node whose remaining moves several threads search: the position, the window, the
/// moves, and the best score written down so far.
pub(super) struct Punto {
    /// The side to move.
    pub(super) p: u64,
    /// Its rival.
    pub(super) o: u64,
    /// The null window is `(alfa, alfa + 1)`.
    pub(super) alfa: i32,
    /// Empties.
    pub(super) n: u32,
    /// The moves still to search, best first: the square and its flips.
    jugadas: Vec<(u32, u64)>,
    estado: Mutex<Marcha>,
    /// Set when a move refuted the window: nothing under this point is wanted any more.
    cortado: AtomicBool,
    /// The point under which this node was searched, if any: when it is cut, so is this.
    padre: Option<Arc<Punto>>,
}

/// What changes while a point is searched.
struct Marcha {
    siguiente: usize,
    trabajando: usize,
    mejor: i32,
    mejor_x: u32,
    /// Whether a score written down relied on something only probable (see
    /// `Contexto::inexactos`): the owner cannot see the other threads' searches.
    inexacto: bool,
}

impl Punto {
    /// A point at `(p, o)` with window `(alfa, alfa + 1)` and `n` empties, whose first
    /// move already gave `mejor` at `mejor_x`, with `jugadas` left to search, opened
    /// under `padre`. Its owner counts as a worker.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn nuevo(
        p: u64,
        o: u64,
        alfa: i32,
        n: u32,
        mejor: i32,
        mejor_x: u32,
        jugadas: Vec<(u32, u64)>,
        padre: Option<Arc<Punto>>,
    ) -> Punto {
        Punto {
            p,
            o,
            alfa,
            n,
            jugadas,
            estado: Mutex::new(Marcha {
                siguiente: 0,
                trabajando: 1,
                mejor,
                mejor_x,
                inexacto: false,
            }),
            cortado: AtomicBool::new(false),
            padre,
        }
    }

    /// Counts one more worker, if there is still a move to take.
    fn unirse(&self) -> bool {
        let mut estado = bloquear(&self.estado);
        let hay = estado.siguiente < self.jugadas.len() && !self.cortado();
        if hay {
            estado.trabajando += 1;
        }
        hay
    }

    /// The next move to search, or `None` when all are taken or the point is cut.
    pub(super) fn siguiente(&self) -> Option<(u32, u64)> {
        let mut estado = bloquear(&self.estado);
        if self.cortado() {
            return None;
        }
        let jugada = self.jugadas.get(estado.siguiente).copied();
        estado.siguiente += 1;
        jugada
    }

    /// Writes down the score of move `x` (searched to the end, not aborted), `inexacto`
    /// if it relied on something only probable; a score above the window cuts the point.
    pub(super) fn anotar(&self, valor: i32, x: u32, inexacto: bool) {
        let mut estado = bloquear(&self.estado);
        estado.inexacto |= inexacto;
        if valor > estado.mejor {
            estado.mejor = valor;
            estado.mejor_x = x;
            if valor > self.alfa {
                self.cortado.store(true, Ordering::Relaxed);
            }
        }
    }

    /// A worker is done with the point: its owner, waiting in `reparto`, is woken.
    pub(super) fn salir(&self, reparto: &Reparto) {
        bloquear(&self.estado).trabajando -= 1;
        reparto.hay_trabajo.notify_all();
    }

    /// How many threads are on the point, its owner included.
    pub(super) fn trabajando(&self) -> usize {
        bloquear(&self.estado).trabajando
    }

    /// The best score written down, its move, and whether some score relied on
    /// something only probable.
    pub(super) fn resultado(&self) -> (i32, u32, bool) {
        let estado = bloquear(&self.estado);
        (estado.mejor, estado.mejor_x, estado.inexacto)
    }

    /// Whether this point or one it was opened under is cut.
    #[inline]
    pub(super) fn cortado(&self) -> bool {
        let mut punto = self;
        loop {
            if punto.cortado.load(Ordering::Relaxed) {
                return true;
            }
            match &punto.padre {
                Some(padre) => punto = padre,
                None => return false,
            }
        }
    }

    /// Whether a point this one was opened under is cut (not this one).
    pub(super) fn padre_cortado(&self) -> bool {
        self.padre.as_ref().is_some_and(|padre| padre.cortado())
    }

    /// Whether this point was opened, at any depth, under `ancestro`.
    pub(super) fn desciende_de(&self, ancestro: &Punto) -> bool {
        let mut punto = self;
        while let Some(padre) = &punto.padre {
            if std::ptr::eq(&**padre, ancestro) {
                return true;
            }
            punto = padre;
        }
        false
    }
}

/// Locks `mutex`, even if a thread panicked holding it: the data are plain counters, and
/// the panic reaches the caller through the thread's join anyway.
fn bloquear<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn punto(padre: Option<Arc<Punto>>, jugadas: usize) -> Arc<Punto> {
        let jugadas = (0..jugadas as u32).map(|x| (x, 1 << x)).collect();
        Arc::new(Punto::nuevo(0, 0, 4, 20, -10, 63, jugadas, padre))
    }

    #[test]
    fn las_jugadas_se_reparten_una_vez_cada_una() {
        let reparto = Reparto::default();
        let punto = punto(None, 3);
        reparto.abrir(&punto);
        let otro = reparto.tomar(|_| true).expect("un punto abierto");
        assert!(Arc::ptr_eq(&otro, &punto));
        assert_eq!(punto.trabajando(), 2);
        let tomadas: Vec<u32> = std::iter::from_fn(|| punto.siguiente())
            .map(|(x, _)| x)
            .collect();
        assert_eq!(tomadas, [0, 1, 2]);
        // With every move taken, nobody can join any more.
        assert!(reparto.tomar(|_| true).is_none());
        otro.salir(&reparto);
        assert_eq!(punto.trabajando(), 1);
    }

    #[test]
    fn un_puntaje_sobre_la_ventana_corta_el_punto_y_los_de_debajo() {
        let arriba = punto(None, 4);
        let abajo = punto(Some(Arc::clone(&arriba)), 4);
        assert!(abajo.desciende_de(&arriba) && !arriba.desciende_de(&abajo));
        arriba.anotar(2, 5, false);
        assert_eq!(arriba.resultado(), (2, 5, false));
        assert!(!arriba.cortado() && !abajo.cortado());
        arriba.anotar(6, 7, false);
        assert_eq!(arriba.resultado(), (6, 7, false));
        assert!(arriba.cortado() && abajo.cortado() && abajo.padre_cortado());
        assert_eq!(arriba.siguiente(), None);
        assert_eq!(abajo.siguiente(), None);
    }

    /// The node's score rests on every move's: one that relied on something probable
    /// (see `Contexto::inexactos`) makes the point's result probable, even if it is not
    /// the best.
    #[test]
    fn un_puntaje_probable_hace_probable_el_punto() {
        let punto = punto(None, 4);
        punto.anotar(2, 5, false);
        punto.anotar(1, 3, true);
        punto.anotar(3, 6, false);
        assert_eq!(punto.resultado(), (3, 6, true));
    }

    #[test]
    fn solo_se_toman_los_puntos_elegidos() {
        let reparto = Reparto::default();
        let arriba = punto(None, 2);
        let ajeno = punto(None, 2);
        let abajo = punto(Some(Arc::clone(&arriba)), 2);
        for p in [&ajeno, &abajo] {
            reparto.abrir(p);
        }
        let tomado = reparto.tomar(|p| p.desciende_de(&arriba)).expect("abajo");
        assert!(Arc::ptr_eq(&tomado, &abajo));
        reparto.cerrar(&abajo);
        assert!(reparto.tomar(|p| p.desciende_de(&arriba)).is_none());
    }
}
