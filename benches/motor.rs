//! Engine speed: perft on the crate's one move generator, one thread.
//!
//! The target (shared/bench/README.md) is the strongest open-source engine's figure on a
//! machine of this kind: perft 11 from the start position in about 0.6 s of CPU, counting
//! the last move by the population count of the move mask. The benchmarks:
//!
//! - `perft/inicio_10`, `perft/inicio_11`, `perft/inicio_12`: from the start position, the
//!   published convention (a finished game counts as a leaf at every later depth).
//! - `perft/inicio_11_ajedrez`: depth 11 again, counting as chess does (a game that ended
//!   earlier counts 0), to show the convention costs nothing.
//! - `perft/ffo40_9`, `perft/ffo40_10`: from FFO #40 (20 empties), a midgame-to-endgame
//!   position with long runs to flip.
//!
//! Before timing, each benchmark checks its count against the published one and panics
//! if it differs: a fast wrong generator is worth nothing. Throughput is reported in
//! leaves (the perft count) per second. Run with `cargo bench --bench motor`; add a
//! filter such as `cargo bench --bench motor -- inicio_11` for one of them. No timing is
//! asserted: the figures are for `docs/motor.md`.

use std::{hint::black_box, time::Duration};

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use othello::{
    Color, Obf, Tablero,
    motor::perft::{Convencion, perft},
};

/// FFO #40, black to move.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

/// One perft benchmark: its name, position, depth, convention and published count.
struct Caso {
    nombre: &'static str,
    tablero: Tablero,
    turno: Color,
    profundidad: u32,
    convencion: Convencion,
    esperado: u64,
    /// Criterion's measurement time: enough for its minimum of 10 samples.
    medicion: Duration,
}

fn casos() -> Vec<Caso> {
    let inicio = |nombre, profundidad, convencion, esperado| Caso {
        nombre,
        tablero: Tablero::inicial(),
        turno: Color::Negro,
        profundidad,
        convencion,
        esperado,
        // Depth 12 takes seconds a run, so 10 samples of one run each.
        medicion: Duration::from_secs(if profundidad >= 12 { 45 } else { 5 }),
    };
    let ffo_40: Obf = FFO_40.parse().expect("FFO #40 is a valid board string");
    let ffo = |nombre, profundidad, esperado| Caso {
        nombre,
        tablero: ffo_40.tablero.clone(),
        turno: ffo_40.turno,
        profundidad,
        convencion: Convencion::Publicada,
        esperado,
        medicion: Duration::from_secs(5),
    };
    vec![
        inicio("inicio_10", 10, Convencion::Publicada, 24_571_284),
        inicio("inicio_11", 11, Convencion::Publicada, 212_258_800),
        inicio("inicio_11_ajedrez", 11, Convencion::Ajedrez, 212_258_216),
        inicio("inicio_12", 12, Convencion::Publicada, 1_939_886_636),
        ffo("ffo40_9", 9, 23_056_084),
        ffo("ffo40_10", 10, 121_534_837),
    ]
}

fn perft_bench(c: &mut Criterion) {
    let mut grupo = c.benchmark_group("perft");
    // Each run takes from a twentieth of a second to several seconds: criterion's
    // minimum sample count, the same number of runs in each sample (flat sampling, for
    // long runs), and no warm-up beyond one run.
    grupo
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(1));
    for caso in casos() {
        grupo.measurement_time(caso.medicion);
        let cuenta = || {
            perft(
                black_box(&caso.tablero),
                black_box(caso.turno),
                black_box(caso.profundidad),
                black_box(caso.convencion),
            )
        };
        grupo.throughput(Throughput::Elements(caso.esperado));
        let mut comprobado = false;
        grupo.bench_function(caso.nombre, |b| {
            // Checked here, the first time criterion calls the closure, so a filter that
            // skips this case skips the (long) check too.
            if !comprobado {
                assert_eq!(cuenta(), caso.esperado, "perft {}", caso.nombre);
                comprobado = true;
            }
            b.iter(cuenta)
        });
    }
    grupo.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
