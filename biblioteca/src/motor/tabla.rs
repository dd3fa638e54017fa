//! The transposition table: what the search already knows about a position (bounds on
//! its score and its best move), kept between iterations and between moves, and shared
//! by every thread of a parallel search.
//!
//! One table serves both searches. An entry is *exact* (bounds on the final disc
//! difference, proven by the endgame solver), *probable* (the same, from a solve that
//! cut with ProbCut) or *estimated* (bounds on the evaluation, from a search of some
//! depth): see [`Clase`]. The solver trusts only exact bounds (a probable solve, probable
//! ones too) but takes the best move of any entry for ordering, so a shallow search or a
//! probable solve before a solve is not wasted; the mid-game search trusts exact bounds
//! at any depth.
//!
//! Each entry keeps the whole position (both `u64`) rather than a hash signature: a
//! collision can never give the exact solver a wrong score. Threads share the table
//! without locks on reading: each bucket (two entries, one 64-byte cache line, so that a
//! probe costs one memory access) carries a version that a writer makes odd while it
//! writes, and a reader that sees the version change (or odd) treats the bucket as
//! empty. So a torn entry is never read, and all of it is safe Rust on atomics (on
//! x86-64 a relaxed atomic load is a plain load).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// No move stored.
pub(super) const SIN_JUGADA: u8 = 64;

/// What the bounds of an entry are on, from the least trusted to the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Clase {
    /// The evaluation, by a mid-game search of some depth.
    Estimada,
    /// The final disc difference, by a solve that cut with ProbCut: very likely right, so
    /// only another such solve trusts it (see `Contexto::probable`); for the exact solve
    /// after it, only its best move counts.
    Probable,
    /// The final disc difference, proven.
    Exacta,
}

impl Clase {
    /// The class packed in two bits.
    fn bits(self) -> u64 {
        self as u64
    }

    /// A class from its two bits.
    fn de_bits(bits: u64) -> Clase {
        match bits & 3 {
            0 => Clase::Estimada,
            1 => Clase::Probable,
            _ => Clase::Exacta,
        }
    }
}

/// One stored position, as read from the table.
#[derive(Clone, Copy, Debug)]
pub(super) struct Anotacion {
    /// A lower bound on the score.
    pub inferior: i16,
    /// An upper bound on the score.
    pub superior: i16,
    /// The best move found (square index), or [`SIN_JUGADA`].
    pub mejor: u8,
    /// The depth searched (for a solve, the empties).
    pub profundidad: u8,
    /// What the bounds are on.
    pub clase: Clase,
    /// The search that wrote it, to prefer replacing old entries.
    edad: u8,
}

impl Anotacion {
    /// The entry packed in one word.
    fn empacar(self) -> u64 {
        u64::from(self.inferior as u16)
            | u64::from(self.superior as u16) << 16
            | u64::from(self.mejor) << 32
            | u64::from(self.profundidad) << 40
            | self.clase.bits() << 48
            | u64::from(self.edad) << 56
    }

    /// An entry from its word.
    fn desempacar(datos: u64) -> Anotacion {
        Anotacion {
            inferior: datos as u16 as i16,
            superior: (datos >> 16) as u16 as i16,
            mejor: (datos >> 32) as u8,
            profundidad: (datos >> 40) as u8,
            clase: Clase::de_bits(datos >> 48),
            edad: (datos >> 56) as u8,
        }
    }
}

/// An empty slot: a position that cannot occur (both sides own every square).
const LIBRE: u64 = u64::MAX;

/// Two entries (side to move, rival, packed [`Anotacion`]) and the version that guards
/// them, in one cache line.
#[repr(align(64))]
struct Cubeta {
    version: AtomicU64,
    posiciones: [[AtomicU64; 3]; 2],
}

impl Cubeta {
    fn libre() -> Cubeta {
        Cubeta {
            version: AtomicU64::new(0),
            posiciones: std::array::from_fn(|_| std::array::from_fn(|_| AtomicU64::new(LIBRE))),
        }
    }
}

/// A table of `2^k` entries in buckets of two: a position may live in either slot of its
/// bucket, and a new one replaces the shallower or older of the two.
///
/// Positions near the end (fewer than [`VACIAS_FINALES`] empties) live apart, in a
/// region of at most `2^`[`BITS_FINALES`] entries, as in Edax's shallow table: the solver
/// probes them by the tens of millions per second, and a region that small stays in the
/// processor's caches; in the whole table (32 MiB, as large as the last-level cache of
/// these machines) most probes waited for memory, huge pages or not. They are worth
/// little for long, so they need no more room.
pub(super) struct Tabla {
    cubetas: Vec<Cubeta>,
    mascara: usize,
    finales: Vec<Cubeta>,
    mascara_finales: usize,
    edad: AtomicU8,
}

/// Positions with fewer empties than this go to the near-end region (see [`Tabla`]):
/// on FFO #40-#49 a bound of 12 or 16 was slower.
const VACIAS_FINALES: u32 = 14;

/// The near-end region holds at most `2^BITS_FINALES` entries (4 MiB), so that it stays
/// in the processor's caches. A region that fits each core's own cache was a little
/// faster with one thread but slower with two, whose cores then write the same lines.
const BITS_FINALES: u32 = 17;

/// Where a position goes: a multiplicative mix of both halves.
#[inline(always)]
fn dispersar(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ o.rotate_left(32).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^ (h >> 29)
}

/// `n` empty buckets. On Linux the memory is first marked for huge pages (2 MiB), before
/// anything touches it: the solver's probes fall all over the table, and with 4 KiB pages
/// each may also miss the address translation cache.
fn reservar(n: usize) -> Vec<Cubeta> {
    let mut cubetas = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        const PAGINA: usize = 4096;
        let inicio = cubetas.as_mut_ptr() as usize;
        let (desde, hasta) = (
            inicio.next_multiple_of(PAGINA),
            (inicio + n * size_of::<Cubeta>()) & !(PAGINA - 1),
        );
        if hasta > desde {
            // SAFETY: a hint on whole pages of this vector's own allocation, which nothing
            // has read or written yet; the kernel may ignore it, and then nothing changes.
            unsafe {
                libc::madvise(
                    desde as *mut libc::c_void,
                    hasta - desde,
                    libc::MADV_HUGEPAGE,
                )
            };
        }
    }
    cubetas.extend((0..n).map(|_| Cubeta::libre()));
    cubetas
}

impl Tabla {
    /// A table of `2^bits` entries, and up to `2^`[`BITS_FINALES`] more for positions
    /// near the end.
    pub fn nueva(bits: u32) -> Tabla {
        let cubetas = 1usize << bits.max(1) >> 1;
        let finales = 1usize << bits.clamp(1, BITS_FINALES) >> 1;
        Tabla {
            cubetas: reservar(cubetas),
            mascara: cubetas - 1,
            finales: reservar(finales),
            mascara_finales: finales - 1,
            edad: AtomicU8::new(0),
        }
    }

    /// Marks the start of a new search: its entries are preferred over older ones.
    pub fn nueva_busqueda(&self) {
        self.edad.fetch_add(1, Ordering::Relaxed);
    }

    /// The count of searches, as entries note it.
    #[cfg(test)]
    pub fn edad(&self) -> u8 {
        self.edad.load(Ordering::Relaxed)
    }

    /// Forgets everything, the count of searches too: what a search does next is then
    /// the same whatever the table saw before (the self-play data of `ajuste` counts on
    /// it: an empty slot reads as the age 255, so the age takes part in a replacement).
    pub fn vaciar(&mut self) {
        for cubeta in self.cubetas.iter_mut().chain(&mut self.finales) {
            *cubeta = Cubeta::libre();
        }
        *self.edad.get_mut() = 0;
    }

    /// The bucket of `(p, o)`, in the near-end region or the rest by its empties.
    #[inline(always)]
    fn cubeta(&self, p: u64, o: u64) -> &Cubeta {
        let h = dispersar(p, o) as usize;
        if (!(p | o)).count_ones() < VACIAS_FINALES {
            &self.finales[h & self.mascara_finales]
        } else {
            &self.cubetas[h & self.mascara]
        }
    }

    /// Asks the processor to bring the bucket of `(p, o)` into the cache, so that a
    /// probe a little later does not wait for memory (on x86-64; elsewhere, nothing).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    pub fn anticipar(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let cubeta: *const Cubeta = self.cubeta(p, o);
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch reads nothing
            // (the address is a valid bucket anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(cubeta.cast()) };
        }
    }

    /// What is known about `(p, o)`, if anything.
    #[inline]
    pub fn buscar(&self, p: u64, o: u64) -> Option<Anotacion> {
        let cubeta = self.cubeta(p, o);
        let version = cubeta.version.load(Ordering::Acquire);
        let mut hallada = None;
        for [ep, eo, datos] in &cubeta.posiciones {
            if ep.load(Ordering::Relaxed) == p && eo.load(Ordering::Relaxed) == o {
                hallada = Some(datos.load(Ordering::Relaxed));
                break;
            }
        }
        let datos = hallada?;
        std::sync::atomic::fence(Ordering::Acquire);
        let intacta = version & 1 == 0 && cubeta.version.load(Ordering::Relaxed) == version;
        intacta.then(|| Anotacion::desempacar(datos))
    }

    /// Stores the result of searching `(p, o)` with the window `(alfa, beta)`: `valor`
    /// is a lower bound if it reached `beta`, an upper bound if it did not pass `alfa`,
    /// and exact in between (fail-soft). If another thread is writing the same bucket,
    /// the result is not stored (the table is a cache: losing an entry is allowed).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn guardar(
        &self,
        p: u64,
        o: u64,
        profundidad: u32,
        clase: Clase,
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
        let edad = self.edad.load(Ordering::Relaxed);
        let cubeta = self.cubeta(p, o);
        let version = cubeta.version.load(Ordering::Relaxed);
        if version & 1 != 0
            || cubeta
                .version
                .compare_exchange(version, version + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let nueva = Anotacion {
            inferior,
            superior,
            mejor,
            profundidad,
            clase,
            edad,
        };
        let misma = cubeta.posiciones.iter().position(|[ep, eo, _]| {
            ep.load(Ordering::Relaxed) == p && eo.load(Ordering::Relaxed) == o
        });
        if let Some(i) = misma {
            let datos = &cubeta.posiciones[i][2];
            if let Some(e) = combinar(Anotacion::desempacar(datos.load(Ordering::Relaxed)), nueva) {
                datos.store(e.empacar(), Ordering::Relaxed);
            }
        } else {
            // Replace the slot that is worth less: from an older search, then shallower.
            let valor_de = |i: usize| {
                let e = Anotacion::desempacar(cubeta.posiciones[i][2].load(Ordering::Relaxed));
                (e.edad == edad, e.profundidad)
            };
            let destino = &cubeta.posiciones[usize::from(valor_de(0) > valor_de(1))];
            destino[0].store(p, Ordering::Relaxed);
            destino[1].store(o, Ordering::Relaxed);
            destino[2].store(nueva.empacar(), Ordering::Relaxed);
        }
        cubeta.version.store(version + 2, Ordering::Release);
    }
}

/// What an entry becomes when a search of the same position stores `nueva` over
/// `vieja`, or `None` to keep `vieja` as it is.
fn combinar(vieja: Anotacion, nueva: Anotacion) -> Option<Anotacion> {
    let mut e = vieja;
    if e.clase > nueva.clase {
        // A proven score is worth more than a probable one, and both more than any
        // estimate of the same position.
        return None;
    }
    if e.clase == nueva.clase && e.profundidad == nueva.profundidad {
        // Same search, new window: narrow the bounds.
        e.inferior = e.inferior.max(nueva.inferior);
        e.superior = e.superior.min(nueva.superior);
        if e.inferior > e.superior {
            (e.inferior, e.superior) = (nueva.inferior, nueva.superior);
        }
    } else if nueva.clase > e.clase || nueva.profundidad > e.profundidad {
        (e.inferior, e.superior) = (nueva.inferior, nueva.superior);
        e.profundidad = nueva.profundidad;
        e.clase = nueva.clase;
    } else {
        return None;
    }
    if nueva.mejor != SIN_JUGADA {
        e.mejor = nueva.mejor;
    }
    e.edad = nueva.edad;
    Some(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guarda_cotas_y_las_estrecha() {
        let t = Tabla::nueva(4);
        assert!(t.buscar(1, 2).is_none());
        t.guardar(1, 2, 10, Clase::Exacta, -5, 5, 8, 3);
        let e = t.buscar(1, 2).unwrap();
        assert_eq!((e.inferior, e.superior, e.mejor), (8, i16::MAX, 3));
        t.guardar(1, 2, 10, Clase::Exacta, 9, 20, 9, SIN_JUGADA);
        let e = t.buscar(1, 2).unwrap();
        assert_eq!((e.inferior, e.superior, e.mejor), (8, 9, 3));
        // An estimate does not replace an exact entry.
        t.guardar(1, 2, 30, Clase::Estimada, -100, 100, 0, 5);
        assert_eq!(t.buscar(1, 2).unwrap().clase, Clase::Exacta);
        // Nor does a probable one; a proven one replaces a probable one.
        t.guardar(3, 4, 10, Clase::Probable, -5, 5, 0, 3);
        t.guardar(3, 4, 10, Clase::Exacta, -5, 5, 2, 4);
        t.guardar(3, 4, 10, Clase::Probable, -5, 5, 4, 5);
        let e = t.buscar(3, 4).unwrap();
        assert_eq!(
            (e.clase, e.inferior, e.superior, e.mejor),
            (Clase::Exacta, 2, 2, 4)
        );
    }

    /// Positions near the end and deep ones are kept, each in their region, and
    /// forgotten together.
    #[test]
    fn las_posiciones_cerca_del_final_van_aparte() {
        let mut t = Tabla::nueva(20);
        let lejos: (u64, u64) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        let cerca: (u64, u64) = (0x00FF_FF00_0F0F_FFFF, 0xFF00_00E0_0000_0000);
        assert_eq!((!(cerca.0 | cerca.1)).count_ones(), VACIAS_FINALES - 1);
        assert!(!std::ptr::eq(
            t.cubeta(lejos.0, lejos.1),
            t.cubeta(cerca.0, cerca.1)
        ));
        let region = t.finales.as_ptr_range();
        assert!(region.contains(&std::ptr::from_ref(t.cubeta(cerca.0, cerca.1))));
        assert!(!region.contains(&std::ptr::from_ref(t.cubeta(lejos.0, lejos.1))));
        assert_eq!(t.finales.len(), 1 << (BITS_FINALES - 1));
        for (i, (p, o)) in [lejos, cerca].into_iter().enumerate() {
            t.guardar(p, o, 13, Clase::Exacta, -5, 5, i as i32, 3);
            assert_eq!(t.buscar(p, o).unwrap().inferior, i as i16);
        }
        t.vaciar();
        assert!(t.buscar(lejos.0, lejos.1).is_none());
        assert!(t.buscar(cerca.0, cerca.1).is_none());
        assert_eq!(
            Tabla::nueva(4).finales.len(),
            8,
            "nunca más grande que la tabla"
        );
    }

    #[test]
    fn una_cubeta_es_una_linea_de_cache() {
        assert_eq!(std::mem::size_of::<Cubeta>(), 64);
        assert_eq!(std::mem::align_of::<Cubeta>(), 64);
    }

    #[test]
    fn empacar_y_desempacar() {
        let e = Anotacion {
            inferior: -64,
            superior: i16::MAX,
            mejor: SIN_JUGADA,
            profundidad: 200,
            clase: Clase::Probable,
            edad: 255,
        };
        let d = Anotacion::desempacar(e.empacar());
        assert_eq!(
            (
                d.inferior,
                d.superior,
                d.mejor,
                d.profundidad,
                d.clase,
                d.edad
            ),
            (-64, i16::MAX, SIN_JUGADA, 200, Clase::Probable, 255)
        );
    }

    #[test]
    fn una_cubeta_ocupada_no_se_lee() {
        let t = Tabla::nueva(4);
        t.guardar(1, 2, 10, Clase::Exacta, -5, 5, 0, 3);
        let cubeta = t.cubeta(1, 2);
        cubeta.version.fetch_add(1, Ordering::Relaxed);
        assert!(t.buscar(1, 2).is_none(), "un escritor a medias");
        t.guardar(1, 2, 10, Clase::Exacta, -5, 5, 1, 3);
        cubeta.version.fetch_add(1, Ordering::Relaxed);
        assert_eq!(
            t.buscar(1, 2).unwrap().inferior,
            0,
            "no escribió sobre otro"
        );
    }
}
