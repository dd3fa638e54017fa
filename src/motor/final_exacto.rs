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
//!   [`VACIAS_EVALUACION`] empties together with a shallow mid-game search.
//! - **Down to [`VACIAS_PARIDAD`] + 1**: the same fastest-first sort, without the table
//!   (it would cost more than it saves this close to the end).
//! - **[`VACIAS_PARIDAD`] down to 4**: no sort; the empties are kept in a short list in a
//!   fixed good order (corners first, X squares last) and tried first in the quadrants
//!   with an odd number of empties (parity: there the side to move can hope for the last
//!   move).
//! - **3, 2 and 1 empties**: written out; the last move is counted, not searched.
//!
//! The levels' bounds were set by measuring FFO #40-#49 (see `benches/ffo.rs`).
//!
//! A pass happens only when the side to move has no valid move; the game ends when
//! neither has one. Scores follow the FFO convention: the empties go to the winner.

use super::{
    evaluacion::{ESCALA, estabilidad_esquinas, estables},
    nucleo::{
        BIT_CUADRANTE, CLASES, Contexto, VECINOS, cuadrantes_de, cuenta, movilidad_ponderada,
        movimientos, paridad, puntaje_final, vecinos, voltear,
    },
    tabla::SIN_JUGADA,
};

/// Above every score (-64..=64).
pub(super) const INFINITO: i32 = 100;

/// From this many empties the null-window search uses the transposition table.
pub(super) const VACIAS_TABLA: u32 = 8;

/// Up to this many empties the moves are not sorted, only taken in parity order.
pub(super) const VACIAS_PARIDAD: u32 = 6;

/// From this many empties the sort also asks the evaluation, after a mid-game search
/// of [`profundidad_de_orden`] plies.
pub(super) const VACIAS_EVALUACION: u32 = 18;

/// From this many empties a node first looks in the table for a child that already
/// refutes `alfa` (enhanced transposition cutoff).
const VACIAS_ETC: u32 = 12;

/// The depth of the mid-game search that sorts the moves of a node with `n` empties
/// (from [`VACIAS_EVALUACION`] on): 2 plies at 18 empties, one more every two empties,
/// at most 6. Near the root the subtrees are huge, so a good order is worth a search.
fn profundidad_de_orden(n: u32) -> u32 {
    (n.saturating_sub(14) / 2).min(6)
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

/// One candidate move of a sorted node: the square, its flips and the sort key.
#[derive(Clone, Copy, Default)]
struct Candidata {
    x: u32,
    volteadas: u64,
    clave: i32,
}

/// The position after the owner of `p` plays `x` flipping `volteadas`, seen from the
/// rival (who moves next).
#[inline(always)]
fn despues(p: u64, o: u64, x: u32, volteadas: u64) -> (u64, u64) {
    (o ^ volteadas, p ^ volteadas ^ (1 << x))
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

impl Contexto<'_> {
    /// The exact score of `(p, o)` for the side to move, searched with the window
    /// `(alfa, beta)`, and its best move (`None` if it must pass or the game is over).
    /// Fail-soft: below `alfa` or above `beta` the score is a bound.
    pub fn resolver_exacto(&mut self, p: u64, o: u64, alfa: i32, beta: i32) -> (i32, Option<u32>) {
        let vacias = !(p | o);
        let n = vacias.count_ones();
        self.nodos += 1;
        if self.debe_parar() {
            return (0, None);
        }
        if n == 0 {
            return (puntaje_final(p, o), None);
        }
        let mut alfa = alfa;
        let mut beta = beta;
        let mut jugada_tabla = SIN_JUGADA;
        if let Some(e) = self.tabla.buscar(p, o) {
            if e.exacta {
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
        let jugadas = movimientos(p, o);
        if jugadas == 0 {
            if movimientos(o, p) == 0 {
                return (puntaje_final(p, o), None);
            }
            let (valor, _) = self.resolver_exacto(o, p, -beta, -alfa);
            return (-valor, None);
        }
        let mut lista = [Candidata::default(); 64];
        let k = self.candidatas(p, o, jugadas, n, jugada_tabla, alfa, &mut lista);
        let lista = &mut lista[..k];
        let alfa_inicial = alfa;
        let mut mejor = -INFINITO;
        let mut mejor_x = lista[0].x;
        for i in 0..k {
            traer_mejor(lista, i);
            let c = lista[i];
            let (p2, o2) = despues(p, o, c.x, c.volteadas);
            let valor = if i == 0 {
                -self.resolver_exacto(p2, o2, -beta, -alfa).0
            } else {
                let prueba = -self.nws_exacto(p2, o2, -alfa - 1, n - 1);
                if prueba > alfa && prueba < beta && !self.abortada {
                    -self.resolver_exacto(p2, o2, -beta, -prueba).0
                } else {
                    prueba
                }
            };
            if self.abortada {
                return (0, None);
            }
            if valor > mejor {
                mejor = valor;
                mejor_x = c.x;
                if valor > alfa {
                    alfa = valor;
                    if alfa >= beta {
                        break;
                    }
                }
            }
        }
        self.tabla
            .guardar(p, o, n, true, alfa_inicial, beta, mejor, mejor_x as u8);
        (mejor, Some(mejor_x))
    }

    /// The candidates of a node with table, sorted by their key (not yet sorted: see
    /// [`traer_mejor`]). Returns how many.
    #[allow(clippy::too_many_arguments)]
    fn candidatas(
        &mut self,
        p: u64,
        o: u64,
        mut jugadas: u64,
        n: u32,
        jugada_tabla: u8,
        alfa: i32,
        lista: &mut [Candidata; 64],
    ) -> usize {
        let paridad = paridad(!(p | o));
        let impares = cuadrantes_de(paridad);
        let profundidad_orden = (n >= VACIAS_EVALUACION).then(|| profundidad_de_orden(n));
        let mut k = 0;
        while jugadas != 0 {
            let x = jugadas.trailing_zeros();
            jugadas &= jugadas - 1;
            let volteadas = voltear(p, o, x);
            let (p2, o2) = despues(p, o, x, volteadas);
            if n > VACIAS_TABLA {
                self.tabla.anticipar(p2, o2);
            }
            let clave = if x == u32::from(jugada_tabla) {
                1 << 30
            } else {
                let mut clave = clave_rapida(p2, o2, x, impares);
                if let Some(profundidad) = profundidad_orden {
                    // The rival's score, searched with a window a little under ours: a
                    // move far below `alfa` needs no precise score to go last.
                    let cota = (alfa - 8).max(-64) * ESCALA;
                    let valor = self.alfabeta(p2, o2, -MAXIMA_ORDEN, -cota, profundidad);
                    clave += (MAXIMA_ORDEN - valor) * PESO_EVALUACION;
                }
                clave
            };
            lista[k] = Candidata {
                x,
                volteadas,
                clave,
            };
            k += 1;
        }
        k
    }

    /// The null-window search (window `(alfa, alfa + 1)`) of a position with `n` empties:
    /// picks the level for `n`. Fail-soft.
    #[inline]
    pub fn nws_exacto(&mut self, p: u64, o: u64, alfa: i32, n: u32) -> i32 {
        if n >= VACIAS_TABLA {
            self.nws_tabla(p, o, alfa, n)
        } else if n > VACIAS_PARIDAD {
            self.nws_ordenada(p, o, alfa, n)
        } else {
            self.nws_lista(p, o, alfa)
        }
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

    /// Null-window search with the transposition table.
    fn nws_tabla(&mut self, p: u64, o: u64, alfa: i32, n: u32) -> i32 {
        self.nodos += 1;
        if self.debe_parar() {
            return 0;
        }
        if let Some(cota) = Self::corte_estable(p, o, alfa, n) {
            return cota;
        }
        let mut jugada_tabla = SIN_JUGADA;
        if let Some(e) = self.tabla.buscar(p, o) {
            if e.exacta {
                if i32::from(e.inferior) > alfa {
                    return i32::from(e.inferior);
                }
                if i32::from(e.superior) <= alfa {
                    return i32::from(e.superior);
                }
            }
            jugada_tabla = e.mejor;
        }
        let jugadas = movimientos(p, o);
        if jugadas == 0 {
            if movimientos(o, p) == 0 {
                return puntaje_final(p, o);
            }
            return -self.nws_tabla(o, p, -alfa - 1, n);
        }
        let mut lista = [Candidata::default(); 64];
        let k = self.candidatas(p, o, jugadas, n, jugada_tabla, alfa, &mut lista);
        let lista = &mut lista[..k];
        if n >= VACIAS_ETC {
            // Enhanced transposition cutoff: a child already known to refute `alfa`
            // (its bucket was fetched while the moves were sorted).
            for c in lista.iter() {
                let (p2, o2) = despues(p, o, c.x, c.volteadas);
                if let Some(e) = self.tabla.buscar(p2, o2)
                    && e.exacta
                    && -i32::from(e.superior) > alfa
                {
                    return -i32::from(e.superior);
                }
            }
        }
        let mut mejor = -INFINITO;
        let mut mejor_x = lista[0].x;
        for i in 0..k {
            traer_mejor(lista, i);
            let c = lista[i];
            let (p2, o2) = despues(p, o, c.x, c.volteadas);
            let valor = -self.nws_exacto(p2, o2, -alfa - 1, n - 1);
            if valor > mejor {
                mejor = valor;
                mejor_x = c.x;
                if valor > alfa {
                    break;
                }
            }
        }
        if self.abortada {
            return 0;
        }
        self.tabla
            .guardar(p, o, n, true, alfa, alfa + 1, mejor, mejor_x as u8);
        mejor
    }

    /// Null-window search with sorted moves, without the table.
    fn nws_ordenada(&mut self, p: u64, o: u64, alfa: i32, n: u32) -> i32 {
        self.nodos += 1;
        if let Some(cota) = Self::corte_estable(p, o, alfa, n) {
            return cota;
        }
        let mut jugadas = movimientos(p, o);
        if jugadas == 0 {
            if movimientos(o, p) == 0 {
                return puntaje_final(p, o);
            }
            return -self.nws_ordenada(o, p, -alfa - 1, n);
        }
        let impares = cuadrantes_de(paridad(!(p | o)));
        let mut lista = [Candidata::default(); 16];
        let mut k = 0;
        while jugadas != 0 {
            let x = jugadas.trailing_zeros();
            jugadas &= jugadas - 1;
            let volteadas = voltear(p, o, x);
            let (p2, o2) = despues(p, o, x, volteadas);
            lista[k] = Candidata {
                x,
                volteadas,
                clave: clave_rapida(p2, o2, x, impares),
            };
            k += 1;
        }
        let lista = &mut lista[..k];
        let mut mejor = -INFINITO;
        for i in 0..k {
            traer_mejor(lista, i);
            let c = lista[i];
            let (p2, o2) = despues(p, o, c.x, c.volteadas);
            let valor = -self.nws_exacto(p2, o2, -alfa - 1, n - 1);
            if valor > mejor {
                mejor = valor;
                if valor > alfa {
                    break;
                }
            }
        }
        mejor
    }

    /// The entry to the last levels: lists the empties in the fixed order of [`CLASES`]
    /// and searches them.
    fn nws_lista(&mut self, p: u64, o: u64, alfa: i32) -> i32 {
        let vacias = !(p | o);
        let mut lista = [0u8; VACIAS_PARIDAD as usize];
        let mut n = 0;
        for clase in CLASES {
            let mut conjunto = vacias & clase;
            while conjunto != 0 {
                lista[n] = conjunto.trailing_zeros() as u8;
                conjunto &= conjunto - 1;
                n += 1;
            }
        }
        self.nws_paridad(p, o, alfa, lista, n, paridad(vacias), false)
    }

    /// Null-window search over the `n` empties listed in `vacias`, in parity order.
    /// `pase` says that the rival just passed.
    #[allow(clippy::too_many_arguments)]
    fn nws_paridad(
        &mut self,
        p: u64,
        o: u64,
        alfa: i32,
        vacias: [u8; VACIAS_PARIDAD as usize],
        n: usize,
        paridad: u32,
        pase: bool,
    ) -> i32 {
        match n {
            0 => return puntaje_final(p, o),
            1 => return self.final_1(p, o, alfa, u32::from(vacias[0])),
            2 => {
                return self.final_2(
                    p,
                    o,
                    alfa,
                    u32::from(vacias[0]),
                    u32::from(vacias[1]),
                    false,
                );
            }
            3 => {
                return self.final_3(
                    p,
                    o,
                    alfa,
                    [vacias[0], vacias[1], vacias[2]],
                    paridad,
                    false,
                );
            }
            _ => {}
        }
        self.nodos += 1;
        if let Some(cota) = Self::corte_estable(p, o, alfa, n as u32) {
            return cota;
        }
        // The indices of the list, odd quadrants first (each part in the list's order).
        let mut orden = [0u8; VACIAS_PARIDAD as usize];
        let mut impares = 0;
        for i in 0..n {
            if paridad & BIT_CUADRANTE[usize::from(vacias[i])] != 0 {
                impares += 1;
            }
        }
        let (mut primero, mut segundo) = (0, impares);
        for i in 0..n {
            if paridad & BIT_CUADRANTE[usize::from(vacias[i])] != 0 {
                orden[primero] = i as u8;
                primero += 1;
            } else {
                orden[segundo] = i as u8;
                segundo += 1;
            }
        }
        let mut mejor = -INFINITO;
        for &i in &orden[..n] {
            let i = usize::from(i);
            let x = vacias[i];
            if VECINOS[usize::from(x)] & o == 0 {
                continue;
            }
            let volteadas = voltear(p, o, u32::from(x));
            if volteadas == 0 {
                continue;
            }
            // The list without `x`, in the same order.
            let mut resto = vacias;
            for j in i..VACIAS_PARIDAD as usize - 1 {
                resto[j] = resto[j + 1];
            }
            let (p2, o2) = despues(p, o, u32::from(x), volteadas);
            let bit = BIT_CUADRANTE[usize::from(x)];
            let valor = -self.nws_paridad(p2, o2, -alfa - 1, resto, n - 1, paridad ^ bit, false);
            if valor > mejor {
                mejor = valor;
                if valor > alfa {
                    return valor;
                }
            }
        }
        if mejor == -INFINITO {
            if pase {
                return puntaje_final(p, o);
            }
            return -self.nws_paridad(o, p, -alfa - 1, vacias, n, paridad, true);
        }
        mejor
    }

    /// Three empties: the one alone in its quadrant first.
    fn final_3(&mut self, p: u64, o: u64, alfa: i32, x: [u8; 3], paridad: u32, pase: bool) -> i32 {
        self.nodos += 1;
        let [mut a, mut b, mut c] = x.map(u32::from);
        if paridad & BIT_CUADRANTE[a as usize] == 0 {
            if paridad & BIT_CUADRANTE[b as usize] != 0 {
                (a, b) = (b, a);
            } else if paridad & BIT_CUADRANTE[c as usize] != 0 {
                (a, b, c) = (c, a, b);
            }
        }
        let mut mejor = -INFINITO;
        for (x, r1, r2) in [(a, b, c), (b, a, c), (c, a, b)] {
            if VECINOS[x as usize] & o != 0 {
                let volteadas = voltear(p, o, x);
                if volteadas != 0 {
                    let (p2, o2) = despues(p, o, x, volteadas);
                    let valor = -self.final_2(p2, o2, -alfa - 1, r1, r2, false);
                    if valor > mejor {
                        mejor = valor;
                        if valor > alfa {
                            return valor;
                        }
                    }
                }
            }
        }
        if mejor == -INFINITO {
            if pase {
                return puntaje_final(p, o);
            }
            return -self.final_3(o, p, -alfa - 1, x, paridad, true);
        }
        mejor
    }

    /// Two empties.
    fn final_2(&mut self, p: u64, o: u64, alfa: i32, a: u32, b: u32, pase: bool) -> i32 {
        self.nodos += 1;
        let mut mejor = -INFINITO;
        if VECINOS[a as usize] & o != 0 {
            let volteadas = voltear(p, o, a);
            if volteadas != 0 {
                let (p2, o2) = despues(p, o, a, volteadas);
                mejor = -self.final_1(p2, o2, -alfa - 1, b);
                if mejor > alfa {
                    return mejor;
                }
            }
        }
        if VECINOS[b as usize] & o != 0 {
            let volteadas = voltear(p, o, b);
            if volteadas != 0 {
                let (p2, o2) = despues(p, o, b, volteadas);
                let valor = -self.final_1(p2, o2, -alfa - 1, a);
                return valor.max(mejor);
            }
        }
        if mejor == -INFINITO {
            if pase {
                return puntaje_final(p, o);
            }
            return -self.final_2(o, p, -alfa - 1, a, b, true);
        }
        mejor
    }

    /// One empty, `x`: the score is counted, not searched. With 63 discs on the board,
    /// a move flipping `f` discs ends `2 * (propias + f) - 62` for the mover.
    #[inline]
    fn final_1(&mut self, p: u64, o: u64, alfa: i32, x: u32) -> i32 {
        self.nodos += 1;
        let base = 2 * cuenta(p) - 62;
        let volteadas = voltear(p, o, x);
        if volteadas != 0 {
            return base + 2 * cuenta(volteadas);
        }
        // The side to move passes. Its best is now `base` (nobody moves, it wins the
        // empty), so under `alfa` there is nothing more to learn.
        if base <= alfa {
            return base;
        }
        let volteadas = voltear(o, p, x);
        if volteadas != 0 {
            return base - 2 - 2 * cuenta(volteadas);
        }
        // Nobody can move: the empty goes to the winner (63 discs: no tie).
        if base - 1 > 0 { base } else { base - 2 }
    }
}

/// The largest score a shallow search for ordering can give (in hundredths of a disc).
const MAXIMA_ORDEN: i32 = 64 * ESCALA;

/// How much one hundredth of a disc of the search weighs in the sort key, against
/// `1 << 15` for each move of the rival: a rival move is worth about one disc of
/// evaluation.
const PESO_EVALUACION: i32 = 300;

/// The fastest-first sort key of a move, from the position after it (`p2` to move, `o2`
/// the side that just moved): few moves and few potential moves for the rival, stable
/// corners for us, and an odd quadrant.
#[inline(always)]
fn clave_rapida(p2: u64, o2: u64, x: u32, impares: u64) -> i32 {
    let vacias = !(p2 | o2);
    let movilidad = movilidad_ponderada(movimientos(p2, o2));
    let potencial = cuenta(vecinos(o2) & vacias);
    let mut clave = (36 - movilidad) << 15;
    clave += estabilidad_esquinas(o2) << 11;
    clave += (36 - potencial) << 5;
    if impares >> x & 1 != 0 {
        clave += 1 << 3;
    }
    clave
}
