//! The transposition table: what the search already knows about a position (bounds on
//! its score and its best move), kept between iterations and between moves.
//!
//! One table serves both searches. An entry is either *exact* (bounds on the final disc
//! difference, from the endgame solver) or *estimated* (bounds on the evaluation, from a
//! search of some depth). The solver trusts only exact bounds but takes the best move of
//! any entry for ordering, so a shallow search before a solve is not wasted; the
//! mid-game search trusts exact bounds at any depth.
//!
//! Each entry keeps the whole position (both `u64`) rather than a hash signature: a
//! collision can never give the exact solver a wrong score.

/// No move stored.
pub(super) const SIN_JUGADA: u8 = 64;

/// One stored position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entrada {
    /// The side to move.
    p: u64,
    /// Its rival.
    o: u64,
    /// A lower bound on the score.
    pub inferior: i16,
    /// An upper bound on the score.
    pub superior: i16,
    /// The best move found (square index), or [`SIN_JUGADA`].
    pub mejor: u8,
    /// The depth searched (for an exact entry, the empties).
    pub profundidad: u8,
    /// Whether the bounds are on the final disc difference.
    pub exacta: bool,
    /// The search that wrote it, to prefer replacing old entries.
    edad: u8,
}

/// An empty slot: a position that cannot occur (both sides own every square).
const VACIA: Entrada = Entrada {
    p: u64::MAX,
    o: u64::MAX,
    inferior: i16::MIN,
    superior: i16::MAX,
    mejor: SIN_JUGADA,
    profundidad: 0,
    exacta: false,
    edad: 0,
};

/// A table of `2^k` entries in buckets of two: a position may live in either slot of its
/// bucket, and a new one replaces the shallower or older of the two.
pub(super) struct Tabla {
    entradas: Vec<Entrada>,
    mascara: usize,
    edad: u8,
}

/// Where a position goes: a multiplicative mix of both halves.
#[inline(always)]
fn dispersar(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.rotate_left(32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 29)
}

impl Tabla {
    /// A table of `2^bits` entries.
    pub fn nueva(bits: u32) -> Tabla {
        let tamano = 1usize << bits.max(1);
        Tabla {
            entradas: vec![VACIA; tamano],
            mascara: (tamano - 1) & !1,
            edad: 0,
        }
    }

    /// Marks the start of a new search: its entries are preferred over older ones.
    pub fn nueva_busqueda(&mut self) {
        self.edad = self.edad.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn vaciar(&mut self) {
        self.entradas.fill(VACIA);
    }

    /// The index of the first slot of the bucket of `(p, o)`.
    #[inline(always)]
    fn cubeta(&self, p: u64, o: u64) -> usize {
        dispersar(p, o) as usize & self.mascara
    }

    /// What is known about `(p, o)`, if anything.
    #[inline]
    pub fn buscar(&self, p: u64, o: u64) -> Option<Entrada> {
        let i = self.cubeta(p, o);
        let cubeta = &self.entradas[i..i + 2];
        cubeta.iter().find(|e| e.p == p && e.o == o).copied()
    }

    /// Stores the result of searching `(p, o)` with the window `(alfa, beta)`: `valor`
    /// is a lower bound if it reached `beta`, an upper bound if it did not pass `alfa`,
    /// and exact in between (fail-soft).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn guardar(
        &mut self,
        p: u64,
        o: u64,
        profundidad: u32,
        exacta: bool,
        alfa: i32,
        beta: i32,
        valor: i32,
        mejor: u8,
    ) {
        let (inferior, superior) = if valor <= alfa {
            (i16::MIN, valor as i16)
        } else if valor >= beta {
            (valor as i16, i16::MAX)
        } else {
            (valor as i16, valor as i16)
        };
        let profundidad = profundidad.min(255) as u8;
        let edad = self.edad;
        let i = self.cubeta(p, o);
        let cubeta = &mut self.entradas[i..i + 2];
        if let Some(e) = cubeta.iter_mut().find(|e| e.p == p && e.o == o) {
            if e.exacta && !exacta {
                // An exact entry is worth more than any estimate of the same position.
                return;
            }
            if e.exacta == exacta && e.profundidad == profundidad {
                // Same search, new window: narrow the bounds.
                e.inferior = e.inferior.max(inferior);
                e.superior = e.superior.min(superior);
                if e.inferior > e.superior {
                    (e.inferior, e.superior) = (inferior, superior);
                }
            } else if exacta || profundidad > e.profundidad {
                (e.inferior, e.superior) = (inferior, superior);
                e.profundidad = profundidad;
                e.exacta = exacta;
            } else {
                return;
            }
            if mejor != SIN_JUGADA {
                e.mejor = mejor;
            }
            e.edad = edad;
            return;
        }
        // Replace the slot that is worth less: from an older search, then shallower.
        let valor_de = |e: &Entrada| (e.edad == edad, e.profundidad);
        let destino = if valor_de(&cubeta[0]) <= valor_de(&cubeta[1]) {
            &mut cubeta[0]
        } else {
            &mut cubeta[1]
        };
        *destino = Entrada {
            p,
            o,
            inferior,
            superior,
            mejor,
            profundidad,
            exacta,
            edad,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guarda_cotas_y_las_estrecha() {
        let mut t = Tabla::nueva(4);
        assert!(t.buscar(1, 2).is_none());
        t.guardar(1, 2, 10, true, -5, 5, 8, 3);
        let e = t.buscar(1, 2).unwrap();
        assert_eq!((e.inferior, e.superior, e.mejor), (8, i16::MAX, 3));
        t.guardar(1, 2, 10, true, 9, 20, 9, SIN_JUGADA);
        let e = t.buscar(1, 2).unwrap();
        assert_eq!((e.inferior, e.superior, e.mejor), (8, 9, 3));
        // An estimate does not replace an exact entry.
        t.guardar(1, 2, 30, false, -100, 100, 0, 5);
        assert!(t.buscar(1, 2).unwrap().exacta);
    }
}
