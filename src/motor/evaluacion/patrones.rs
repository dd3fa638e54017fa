//! The learned pattern evaluation of the strong player, as in Buro's Logistello and Edax:
//! the board is read as overlapping lines and corner regions ("patterns"), each
//! configuration of each pattern has its own learned weight per game stage, and the
//! evaluation is their sum.
//!
//! The patterns (each with all its copies that a symmetry of the board gives, sharing one
//! table): the 3×3 corner, the 2×5 corner, the edge with its two X squares, rows 2, 3 and
//! 4, the diagonals of 8 to 4 squares; two small tables for the mobility of each side;
//! and, scaled by a learned factor per stage, the hand-made terms of `evaluacion`
//! (stable discs, frontier, parity...), which the patterns only correct: a configuration
//! never seen in the data keeps weight 0 and leaves the hand-made judgement alone.
//! A square of a pattern is empty, own or rival, so a pattern of `k` squares has `3^k`
//! configurations. The copies are read on the eight symmetric images of the board
//! ([`simetricas`]): each pattern is then a few bytes of one image turned into base 3 by
//! a 256-entry table, with neither loops over squares nor PEXT.
//!
//! The weights were not downloaded: they are fitted to positions of this engine's own
//! games (see `generar_posiciones` and `entrenar_patrones` in the tests), and stored as
//! [`ETAPAS`] blocks (one per game stage, by empties) of little-endian `i16` in
//! hundredths of a disc, in `patrones.pesos`.

use super::terminos::suma_de_terminos;
use crate::motor::primitivas::cuenta;

/// The weights, `ETAPAS × PESOS_POR_ETAPA` little-endian `i16`.
static PESOS: &[u8] = include_bytes!("patrones.pesos");

/// The game stages: empties 55 to 60 are stage 0, every six fewer one more, the last
/// six empties and fewer stage 9.
const ETAPAS: usize = 10;

/// The stage of a position with `vacias` empties.
#[inline(always)]
fn etapa(vacias: u32) -> usize {
    ((60 - vacias.min(60)) as usize / 6).min(ETAPAS - 1)
}

/// A kind of pattern: how many configurations it has, and on which of the eight images
/// of the board ([`simetricas`]) its copies are read.
struct Patron {
    configuraciones: usize,
    imagenes: &'static [usize],
}

/// The images where the copies of a corner pattern invariant under the A1-H8 diagonal
/// lie (one per corner).
const CUATRO_ESQUINAS: &[usize] = &[0, 1, 2, 3];
/// The images where the copies of a pattern along the first row lie (rows 1 and 8,
/// columns A and H).
const CUATRO_BORDES: &[usize] = &[0, 1, 4, 5];
/// The images where the copies of a diagonal that misses the main one lie.
const CUATRO_DIAGONALES: &[usize] = &[0, 2, 4, 5];

/// The patterns, in the order of their tables within a stage.
const PATRONES: [Patron; 10] = [
    // The 3×3 corner: A1-C3.
    Patron {
        configuraciones: 19683,
        imagenes: CUATRO_ESQUINAS,
    },
    // The 2×5 corner: A1-E1 and A2-E2, both ways round each corner.
    Patron {
        configuraciones: 59049,
        imagenes: &[0, 1, 2, 3, 4, 5, 6, 7],
    },
    // The edge and its X squares: A1-H1, B2, G2.
    Patron {
        configuraciones: 59049,
        imagenes: CUATRO_BORDES,
    },
    // Row 2.
    Patron {
        configuraciones: 6561,
        imagenes: CUATRO_BORDES,
    },
    // Row 3.
    Patron {
        configuraciones: 6561,
        imagenes: CUATRO_BORDES,
    },
    // Row 4.
    Patron {
        configuraciones: 6561,
        imagenes: CUATRO_BORDES,
    },
    // The long diagonal A1-H8 (and H1-A8).
    Patron {
        configuraciones: 6561,
        imagenes: &[0, 2],
    },
    // The diagonal of 7: B1-H7.
    Patron {
        configuraciones: 2187,
        imagenes: CUATRO_DIAGONALES,
    },
    // The diagonal of 6: C1-H6.
    Patron {
        configuraciones: 729,
        imagenes: CUATRO_DIAGONALES,
    },
    // The diagonals of 5 and 4: D1-H5 and E1-H4, as one table of 3^5 * 3^4.
    Patron {
        configuraciones: 19683,
        imagenes: CUATRO_DIAGONALES,
    },
];

/// The mobilities above this count share the weight of this one.
const MOVILIDAD_MAXIMA: usize = 31;

/// Where each pattern's table starts within a stage; then the own mobility's, the
/// rival's, and the one weight for having the move.
const INICIOS: [usize; PATRONES.len() + 3] = {
    let mut inicios = [0; PATRONES.len() + 3];
    let mut i = 0;
    let mut inicio = 0;
    while i < PATRONES.len() {
        inicios[i] = inicio;
        inicio += PATRONES[i].configuraciones;
        i += 1;
    }
    inicios[i] = inicio;
    inicios[i + 1] = inicio + MOVILIDAD_MAXIMA + 1;
    inicios[i + 2] = inicio + 2 * (MOVILIDAD_MAXIMA + 1);
    inicios
};

/// Where a stage keeps the factor of the hand-made terms, in [`UNIDAD_CLASICA`]ths.
const ESCALA_CLASICA: usize = INICIOS[PATRONES.len() + 2] + 1;

/// The unit of [`ESCALA_CLASICA`].
const UNIDAD_CLASICA: i32 = 1024;

/// How many weights each stage has.
const PESOS_POR_ETAPA: usize = ESCALA_CLASICA + 1;

/// How many features a position has: one per copy of each pattern, two mobilities and
/// the move.
const RASGOS: usize = {
    let mut total = 3;
    let mut i = 0;
    while i < PATRONES.len() {
        total += PATRONES[i].imagenes.len();
        i += 1;
    }
    total
};

/// For each byte, the number in base 3 whose digit `k` is its bit `k`.
const TERNARIO: [u16; 256] = {
    let mut tabla = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 7;
        loop {
            tabla[b] = tabla[b] * 3 + ((b >> k) & 1) as u16;
            if k == 0 {
                break;
            }
            k -= 1;
        }
        b += 1;
    }
    tabla
};

/// The configuration of the squares whose bits are `p` and `o` (own and rival, each a
/// byte): digit `k` in base 3 is 0 empty, 1 own, 2 rival.
#[inline(always)]
fn ternario(p: u64, o: u64) -> usize {
    usize::from(TERNARIO[(p & 0xFF) as usize]) + 2 * usize::from(TERNARIO[(o & 0xFF) as usize])
}

/// The board flipped top to bottom (row 1 to row 8).
#[inline(always)]
fn vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// The board flipped left to right (column A to column H).
#[inline(always)]
fn horizontal(x: u64) -> u64 {
    x.reverse_bits().swap_bytes()
}

/// The board flipped about the A1-H8 diagonal (column A to row 1).
#[inline(always)]
fn traspuesta(mut x: u64) -> u64 {
    let t = 0x0F0F_0F0F_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The eight images of a board under the symmetries of the square: itself, flipped
/// vertically, horizontally, both; and the same four of its transpose.
#[inline(always)]
fn simetricas(x: u64) -> [u64; 8] {
    let h = horizontal(x);
    let t = traspuesta(x);
    let th = horizontal(t);
    [
        x,
        vertical(x),
        h,
        vertical(h),
        t,
        vertical(t),
        th,
        vertical(th),
    ]
}

/// The squares of a diagonal parallel to A1-H8 (`mascara`) as a byte, bit `k` from
/// column `k`: each row holds one of them, so the product stacks them in the top byte.
#[inline(always)]
fn diagonal(x: u64, mascara: u64) -> u64 {
    (x & mascara).wrapping_mul(0x0101_0101_0101_0101) >> 56
}

/// The configuration of pattern `patron` read on one image of the board (`p` own, `o`
/// rival).
#[inline(always)]
fn configuracion(patron: usize, p: u64, o: u64) -> usize {
    match patron {
        0 => {
            ternario(p & 7, o & 7)
                + 27 * ternario(p >> 8 & 7, o >> 8 & 7)
                + 729 * ternario(p >> 16 & 7, o >> 16 & 7)
        }
        1 => ternario(p & 0x1F, o & 0x1F) + 243 * ternario(p >> 8 & 0x1F, o >> 8 & 0x1F),
        2 => {
            let x = |b: u64| (b >> 9 & 1) | (b >> 13 & 2);
            ternario(p, o) + 6561 * ternario(x(p), x(o))
        }
        3 => ternario(p >> 8, o >> 8),
        4 => ternario(p >> 16, o >> 16),
        5 => ternario(p >> 24, o >> 24),
        6 => {
            const D8: u64 = 0x8040_2010_0804_0201;
            ternario(diagonal(p, D8), diagonal(o, D8))
        }
        7 => {
            const D7: u64 = 0x0080_4020_1008_0402;
            ternario(diagonal(p, D7) >> 1, diagonal(o, D7) >> 1)
        }
        8 => {
            const D6: u64 = 0x0000_8040_2010_0804;
            ternario(diagonal(p, D6) >> 2, diagonal(o, D6) >> 2)
        }
        _ => {
            const D5: u64 = 0x0000_0080_4020_1008;
            const D4: u64 = 0x0000_0000_8040_2010;
            ternario(diagonal(p, D5) >> 3, diagonal(o, D5) >> 3)
                + 243 * ternario(diagonal(p, D4) >> 4, diagonal(o, D4) >> 4)
        }
    }
}

/// The features of `(p, o)` for the side to move `p`: for each copy of each pattern and
/// for the mobilities, the index of its weight within a stage.
#[inline(always)]
fn rasgos(p: u64, o: u64, mp: u64, mo: u64) -> [u32; RASGOS] {
    let ps = simetricas(p);
    let os = simetricas(o);
    let mut rasgos = [0u32; RASGOS];
    let mut k = 0;
    // One call per pattern with a constant `patron`, so that each is compiled on its own
    // (the `match` of `configuracion` vanishes).
    let mut leer = |patron: usize| {
        for &i in PATRONES[patron].imagenes {
            rasgos[k] = (INICIOS[patron] + configuracion(patron, ps[i], os[i])) as u32;
            k += 1;
        }
    };
    leer(0);
    leer(1);
    leer(2);
    leer(3);
    leer(4);
    leer(5);
    leer(6);
    leer(7);
    leer(8);
    leer(9);
    let movilidad = |m: u64| (m.count_ones() as usize).min(MOVILIDAD_MAXIMA);
    rasgos[k] = (INICIOS[PATRONES.len()] + movilidad(mp)) as u32;
    rasgos[k + 1] = (INICIOS[PATRONES.len() + 1] + movilidad(mo)) as u32;
    rasgos[k + 2] = INICIOS[PATRONES.len() + 2] as u32;
    rasgos
}

/// Weight `i` of a table of weights (stage-major).
#[inline(always)]
fn peso(pesos: &[u8], i: usize) -> i32 {
    i32::from(i16::from_le_bytes([pesos[2 * i], pesos[2 * i + 1]]))
}

/// The evaluation of `(p, o)` (`mp` and `mo` their moves; not both empty) with the
/// stored weights, unbounded: the sum of the weights of its features at its stage and of
/// the scaled hand-made terms.
#[inline(always)]
pub(super) fn valor(p: u64, o: u64, mp: u64, mo: u64) -> i32 {
    valor_con(PESOS, p, o, mp, mo)
}

/// [`valor`] with the table `pesos`.
#[inline(always)]
fn valor_con(pesos: &[u8], p: u64, o: u64, mp: u64, mo: u64) -> i32 {
    let base = etapa(cuenta(!(p | o)) as u32) * PESOS_POR_ETAPA;
    let patrones: i32 = rasgos(p, o, mp, mo)
        .iter()
        .map(|&r| peso(pesos, base + r as usize))
        .sum();
    patrones + peso(pesos, base + ESCALA_CLASICA) * suma_de_terminos(p, o, mp, mo) / UNIDAD_CLASICA
}

/// Checks the stored weights' size at compile time.
const _: () = assert!(PESOS.len() == 2 * ETAPAS * PESOS_POR_ETAPA);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::azar::Xorshift;

    /// The square of each bit of `x`, mapped through a function of coordinates.
    fn mapear(x: u64, f: impl Fn(u32, u32) -> (u32, u32)) -> u64 {
        (0..64)
            .filter(|k| x >> k & 1 != 0)
            .map(|k| {
                let (c, r) = f(k % 8, k / 8);
                1u64 << (r * 8 + c)
            })
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn simetrias_como_coordenadas() {
        let mut generador = Xorshift::nuevo(0x9E37_79B9_7F4A_7C15);
        for _ in 0..200 {
            let azar = generador.siguiente();
            assert_eq!(vertical(azar), mapear(azar, |c, r| (c, 7 - r)));
            assert_eq!(horizontal(azar), mapear(azar, |c, r| (7 - c, r)));
            assert_eq!(traspuesta(azar), mapear(azar, |c, r| (r, c)));
        }
    }

    /// The squares of the board that a copy of pattern `patron` on image `imagen` reads:
    /// those whose own disc changes its configuration.
    fn casillas(patron: usize, imagen: usize) -> u64 {
        (0..64)
            .filter(|&k| {
                let ps = simetricas(1 << k);
                configuracion(patron, ps[imagen], 0) != 0
            })
            .fold(0, |a, k| a | 1 << k)
    }

    #[test]
    fn las_copias_de_cada_patron_son_distintas_y_del_mismo_largo() {
        let largos = [9, 10, 10, 8, 8, 8, 8, 7, 6, 9];
        for (patron, datos) in PATRONES.iter().enumerate() {
            let copias: Vec<u64> = datos
                .imagenes
                .iter()
                .map(|&i| casillas(patron, i))
                .collect();
            for (a, &x) in copias.iter().enumerate() {
                assert_eq!(x.count_ones(), largos[patron], "patrón {patron}");
                for &y in &copias[a + 1..] {
                    assert_ne!(x, y, "patrón {patron}: dos copias iguales");
                }
            }
            assert_eq!(3usize.pow(largos[patron]), datos.configuraciones);
        }
    }

    #[test]
    fn configuraciones_dentro_de_su_tabla() {
        // The largest index comes from the rival on every square of the pattern.
        for (patron, datos) in PATRONES.iter().enumerate() {
            let mut mayor = 0;
            for i in 0..8 {
                let os = simetricas(u64::MAX);
                mayor = mayor.max(configuracion(patron, 0, os[i]));
            }
            assert_eq!(mayor, datos.configuraciones - 1, "patrón {patron}");
        }
    }

    #[test]
    fn etapas_por_vacias() {
        assert_eq!(etapa(60), 0);
        assert_eq!(etapa(55), 0);
        assert_eq!(etapa(54), 1);
        assert_eq!(etapa(6), 9);
        assert_eq!(etapa(1), 9);
    }

    /// The tools that make the weights: not tests (they take minutes and check nothing),
    /// so they are built only with the `ajuste-de-pesos` feature. First the positions,
    /// then the fit:
    ///
    /// ```text
    /// PARTIDAS=11000 SEMILLA=11 cargo test --release --features ajuste-de-pesos --lib generar_posiciones -- --nocapture
    /// PARTIDAS=11000 SEMILLA=23 cargo test --release --features ajuste-de-pesos --lib generar_posiciones -- --nocapture
    /// cargo test --release --features ajuste-de-pesos --lib entrenar_patrones -- --nocapture
    /// ```
    ///
    /// (How the weights of today were made, and how long each step takes: `docs/motor.md`.)
    #[cfg(feature = "ajuste-de-pesos")]
    mod aprendizaje {
        use std::{
            fs,
            io::{BufWriter, Write},
            path::PathBuf,
        };

        use super::*;
        use crate::{
            Color,
            motor::{
                busqueda::{Buscador, Limite},
                cpu::{Copia, Portatil},
                evaluacion::{Evaluar, terminos},
                primitivas::{ESCALA, puntaje_final},
            },
        };

        /// The files of positions kept between the two tools (not committed): one per
        /// seed, so that several generators can run at once.
        fn archivo_de_posiciones(semilla: u64) -> PathBuf {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join(format!("target/patrones-posiciones-{semilla}.bin"))
        }

        /// Every position of every file of [`archivo_de_posiciones`], its label the
        /// search's score times `mezcla` plus the game's result times `1 - mezcla`.
        fn leer_posiciones(mezcla: f32) -> Vec<Muestra> {
            let carpeta = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target");
            // In name order, so that the same files give the same weights.
            let mut rutas: Vec<PathBuf> = fs::read_dir(carpeta)
                .unwrap()
                .map(|entrada| entrada.unwrap().path())
                .filter(|ruta| {
                    let nombre = ruta.file_name().unwrap().to_string_lossy();
                    nombre.starts_with("patrones-posiciones-") && nombre.ends_with(".bin")
                })
                .collect();
            rutas.sort();
            let mut muestras = Vec::new();
            for ruta in rutas {
                let datos = fs::read(&ruta).unwrap();
                muestras.extend(datos.chunks_exact(REGISTRO).map(|r| Muestra {
                    p: u64::from_le_bytes(r[..8].try_into().unwrap()),
                    o: u64::from_le_bytes(r[8..16].try_into().unwrap()),
                    valor: ESCALA as f32
                        * ((1.0 - mezcla) * f32::from(r[16] as i8)
                            + mezcla * f32::from(r[17] as i8)),
                }));
            }
            assert!(
                !muestras.is_empty(),
                "sin posiciones: falta generar_posiciones"
            );
            muestras
        }

        /// A number from the environment, or `defecto`.
        fn variable(nombre: &str, defecto: u64) -> u64 {
            std::env::var(nombre)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(defecto)
        }

        /// From this many empties on, the games are played perfectly (by the solver).
        const VACIAS_EXACTAS: u32 = 18;

        /// Bytes of one position on file: own and rival discs, the game's final disc
        /// difference and the search's score, both for the side to move.
        const REGISTRO: usize = 18;

        /// Plays `PARTIDAS` games of the strong player against itself and writes their
        /// positions to [`archivo_de_posiciones`] of `SEMILLA`. Each game opens with 4 to
        /// 24 random moves (not kept: the rest of the game does not follow from them),
        /// goes on with a search of `PROFUNDIDAD` plies (6 if not given) and from
        /// [`VACIAS_EXACTAS`] empties with the exact solver's moves. Each position keeps
        /// two labels for the fit to mix: the final disc difference of the game (exact
        /// from [`VACIAS_EXACTAS`] empties on) and the score of the search that chose the
        /// move (exact there too).
        #[test]
        fn generar_posiciones() {
            let partidas = variable("PARTIDAS", 1000);
            let profundidad = variable("PROFUNDIDAD", 6) as u32;
            let semilla = variable("SEMILLA", 0x2545_F491_4F6C_DD1D);
            let mut azar = crate::motor::azar::Xorshift::nuevo(semilla | 1);
            let mut siguiente = || azar.siguiente();
            let ruta = archivo_de_posiciones(semilla);
            let mut salida = BufWriter::new(fs::File::create(&ruta).unwrap());
            let mut buscador = Buscador::con_tabla(18).con_hilos(std::num::NonZeroUsize::MIN);
            let inicio = std::time::Instant::now();
            let mut total = 0;
            for partida in 0..partidas {
                let apertura = 4 + (siguiente() % 21) as usize;
                let mut vistas: Vec<(u64, u64, Color, i32)> = Vec::new();
                buscador.olvidar();
                let tablero = terminos::autojuego::partida(|tablero, turno, validas, jugadas| {
                    if jugadas < apertura {
                        return Some(validas[(siguiente() % validas.len() as u64) as usize]);
                    }
                    let (jugada, puntaje) = if tablero.vacias().cantidad() <= VACIAS_EXACTAS {
                        let solucion = buscador.resolver(tablero, turno);
                        (solucion.mejor.unwrap(), solucion.diferencia)
                    } else {
                        let mejor = buscador
                            .mejor_jugada(tablero, turno, Limite::por_profundidad(profundidad))
                            .unwrap();
                        (mejor.posicion, mejor.puntaje)
                    };
                    let (p, o) = (tablero.fichas(turno).0, tablero.fichas(!turno).0);
                    vistas.push((p, o, turno, puntaje));
                    Some(jugada)
                });
                let negras = puntaje_final(
                    tablero.fichas(Color::Negro).0,
                    tablero.fichas(Color::Blanco).0,
                );
                for (p, o, color, puntaje) in vistas {
                    let resultado = if color == Color::Negro {
                        negras
                    } else {
                        -negras
                    };
                    salida.write_all(&p.to_le_bytes()).unwrap();
                    salida.write_all(&o.to_le_bytes()).unwrap();
                    salida.write_all(&[resultado as i8 as u8]).unwrap();
                    salida
                        .write_all(&[puntaje.clamp(-64, 64) as i8 as u8])
                        .unwrap();
                    total += 1;
                }
                if partida % 500 == 499 {
                    eprintln!(
                        "{} partidas, {total} posiciones, {:.0} s",
                        partida + 1,
                        inicio.elapsed().as_secs_f64()
                    );
                }
            }
            eprintln!(
                "{partidas} partidas, {total} posiciones en {:.0} s, en {}",
                inicio.elapsed().as_secs_f64(),
                ruta.display()
            );
        }

        /// Times both evaluations over the positions of [`generar_posiciones`] and
        /// prints the nanoseconds per call of each.
        #[test]
        fn medir_evaluaciones() {
            let posiciones: Vec<(u64, u64)> = leer_posiciones(0.0)
                .iter()
                .take(200_000)
                .map(|m| (m.p, m.o))
                .collect();
            for (nombre, evaluar) in [
                (
                    "patrones",
                    Portatil::evaluar_patrones as fn(Portatil, u64, u64) -> i32,
                ),
                ("clásica", Portatil::evaluar_clasica),
            ] {
                let inicio = std::time::Instant::now();
                let mut suma = 0i64;
                for _ in 0..5 {
                    for &(p, o) in &posiciones {
                        suma += i64::from(evaluar(Portatil, std::hint::black_box(p), o));
                    }
                }
                let ns = inicio.elapsed().as_nanos() as f64 / (5 * posiciones.len()) as f64;
                eprintln!("{nombre}: {ns:.1} ns por evaluación ({suma})");
            }
        }

        /// One position of the data: own and rival discs, and the label in hundredths of
        /// a disc.
        struct Muestra {
            p: u64,
            o: u64,
            valor: f32,
        }

        /// Under this many positions, a stage is fitted with its neighbours' too.
        const POCAS: usize = 40_000;

        /// Fits the weights to the positions of [`generar_posiciones`] and writes
        /// `patrones.pesos`. Each stage on its own: first the factor of the hand-made
        /// terms by least squares, then the patterns to what it leaves, by stochastic
        /// gradient descent on the squared error, each position with its eight symmetric
        /// images (the weights of configurations never seen stay 0). One position in 20
        /// is held out: the epochs stop when its error stops falling, and it is reported
        /// against the hand-made evaluation's. The label mixes the two of the data:
        /// `MEZCLA` percent of the search's score (50 if not given), the rest the game's
        /// result.
        #[test]
        fn entrenar_patrones() {
            let mezcla = variable("MEZCLA", 50) as f32 / 100.0;
            let mut etapas: Vec<Vec<Muestra>> = (0..ETAPAS).map(|_| Vec::new()).collect();
            let mut pruebas: Vec<Vec<Muestra>> = (0..ETAPAS).map(|_| Vec::new()).collect();
            for (i, muestra) in leer_posiciones(mezcla).into_iter().enumerate() {
                let e = etapa(cuenta(!(muestra.p | muestra.o)) as u32);
                let destino = if i % 20 == 7 {
                    &mut pruebas
                } else {
                    &mut etapas
                };
                destino[e].push(muestra);
            }
            let epocas = variable("EPOCAS", 16) as usize;
            let mut pesos = vec![0f32; ETAPAS * PESOS_POR_ETAPA];
            let rasgos_de =
                |p: u64, o: u64| rasgos(p, o, Portatil.jugadas(p, o), Portatil.jugadas(o, p));
            let clasica = |m: &Muestra| {
                suma_de_terminos(
                    m.p,
                    m.o,
                    Portatil.jugadas(m.p, m.o),
                    Portatil.jugadas(m.o, m.p),
                )
            };
            for e in 0..ETAPAS {
                // A stage with few positions borrows those of the stages next to it.
                let mut muestras: Vec<&Muestra> = etapas[e].iter().collect();
                if muestras.len() < POCAS {
                    for vecina in [e.wrapping_sub(1), e + 1] {
                        muestras.extend(etapas.get(vecina).into_iter().flatten());
                    }
                }
                let w = &mut pesos[e * PESOS_POR_ETAPA..][..PESOS_POR_ETAPA];
                // The factor of the hand-made terms by least squares; the patterns are
                // then fitted to what it leaves.
                let (xy, xx) = muestras.iter().fold((0f64, 0f64), |(xy, xx), m| {
                    let x = f64::from(clasica(m));
                    (xy + x * f64::from(m.valor), xx + x * x)
                });
                w[ESCALA_CLASICA] = (xy / xx.max(1.0) * f64::from(UNIDAD_CLASICA)).round() as f32;
                let factor = w[ESCALA_CLASICA] / UNIDAD_CLASICA as f32;
                let resto = |m: &Muestra| m.valor - factor * clasica(m) as f32;
                let objetivos: Vec<f32> = muestras.iter().map(|m| resto(m)).collect();
                let validacion: Vec<([u32; RASGOS], f32)> = pruebas[e]
                    .iter()
                    .map(|m| (rasgos_de(m.p, m.o), resto(m)))
                    .collect();
                let error_de_validacion = |w: &[f32]| {
                    let total: f64 = validacion
                        .iter()
                        .map(|(r, y)| {
                            let prediccion: f32 = r.iter().map(|&k| w[k as usize]).sum();
                            f64::from(y - prediccion).powi(2)
                        })
                        .sum();
                    (total / validacion.len().max(1) as f64).sqrt() / f64::from(ESCALA)
                };
                let mut mejor = (error_de_validacion(w), w.to_vec());
                eprintln!(
                    "etapa {e}: factor de la clásica {factor:.3}, error {:.2} fichas",
                    mejor.0
                );
                let mut orden: Vec<usize> = (0..muestras.len()).collect();
                let mut azar =
                    crate::motor::azar::Xorshift::nuevo(0x9E37_79B9_7F4A_7C15 + e as u64);
                for epoca in 0..epocas {
                    // A shuffle, then a step that shrinks epoch after epoch.
                    for i in (1..orden.len()).rev() {
                        orden.swap(i, (azar.siguiente() % (i as u64 + 1)) as usize);
                    }
                    let paso = 0.002 / (1.0 + epoca as f32 / 4.0);
                    for &i in &orden {
                        let m = muestras[i];
                        let (ps, os) = (simetricas(m.p), simetricas(m.o));
                        for s in 0..8 {
                            let r = rasgos_de(ps[s], os[s]);
                            let prediccion: f32 = r.iter().map(|&k| w[k as usize]).sum();
                            let diferencia = objetivos[i] - prediccion;
                            for &k in &r {
                                w[k as usize] += paso * diferencia;
                            }
                        }
                    }
                    // Early stop: the epoch that predicts the held-out positions best.
                    let error = error_de_validacion(w);
                    eprintln!(
                        "etapa {e}: época {epoca}, error {error:.2} fichas ({} posiciones)",
                        muestras.len()
                    );
                    if error < mejor.0 {
                        mejor = (error, w.to_vec());
                    } else if epoca > 2 && error > mejor.0 + 0.05 {
                        break;
                    }
                }
                w.copy_from_slice(&mejor.1);
            }
            let mut bytes = Vec::with_capacity(2 * pesos.len());
            for &w in &pesos {
                bytes.extend((w.round().clamp(-32767.0, 32767.0) as i16).to_le_bytes());
            }
            let ruta = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("src/motor/evaluacion/patrones.pesos");
            fs::write(&ruta, &bytes).unwrap();
            // The held-out positions, with the weights as stored.
            for (e, muestras) in pruebas.iter().enumerate() {
                let error = |evaluar: &dyn Fn(u64, u64) -> i32| {
                    let total: f64 = muestras
                        .iter()
                        .map(|m| f64::from(m.valor - evaluar(m.p, m.o) as f32).powi(2))
                        .sum();
                    (total / muestras.len().max(1) as f64).sqrt() / f64::from(ESCALA)
                };
                eprintln!(
                    "etapa {e}: error de prueba {:.2} fichas (la clásica: {:.2}), {} posiciones",
                    error(&|p, o| valor_con(
                        &bytes,
                        p,
                        o,
                        Portatil.jugadas(p, o),
                        Portatil.jugadas(o, p)
                    )),
                    error(&|p, o| Portatil.evaluar_clasica(p, o)),
                    muestras.len()
                );
            }
        }
    }
}
