//! Batch speed: checking or replaying 10,000 files at once.
//!
//! The promise is that checking 10,000 board files (`othello validar F1 … F10000`) or
//! replaying 10,000 transcript files takes well under a second of CPU in release mode.
//! These benchmarks measure exactly the code the orders run, [`ordenes::ejecutar`], over
//! 10,000 files written to a temporary folder before the timing starts (so the page cache
//! is warm and what is measured is reading, checking, replaying and reporting, not the
//! disk), and the same work in memory, without the file system, to show how much of it is
//! the rules themselves. The replays run in one process: 10,000 separate runs of the
//! program would also pay 10,000 process starts, which is not measured here.
//!
//! - `archivos/validar_10000_archivos`: one `validar` over 10,000 board files, its text
//!   report thrown away, as `othello validar F1 … F10000 > /dev/null`.
//! - `archivos/validar_10000_archivos_json`: the same with `--json`.
//! - `archivos/repetir_10000_transcripciones`: 10,000 `repetir --jugadas-de F`, one per
//!   transcript file, each final board thrown away.
//! - `memoria/revisar_bytes_10000_tableros`: [`archivo::revisar_bytes`] over the same
//!   10,000 board texts, already in memory.
//! - `memoria/repetir_10000_transcripciones`: `Transcripcion::from_str` and
//!   [`Transcripcion::repetir`] over the same 10,000 transcripts, already in memory.
//! - `peor_caso/revisar_64_kib_de_lineas_en_blanco`: [`archivo::revisar_bytes`] over
//!   one file just under the size limit, all blank lines and then a board: the reader's
//!   worst case, which must stay linear.
//!
//! The boards are a realistic mix: the positions of the 8 complete games of
//! `tests/datos/partidas-completas.tsv` after 0 to 60 moves (made with the library, so they
//! are real positions), written in the canonical form, with CRLF line ends, without the
//! spaces after the commas or without the last newline, and one in twenty with a mistake
//! (a bad cell, a missing row, a row with 9 cells). The transcripts are those 8 games, all
//! 60 moves, in spaced and in compact notation, cycled.
//!
//! Every benchmark reports its time per 10,000 files (throughput in files per second).
//! The time is CPU time, user and system, of the thread that does the work ([`TiempoCpu`]):
//! the promise is about CPU, and CPU time does not grow when other programs share the
//! machine, as wall-clock time does. Where the kernel does not tell it (outside Linux),
//! wall-clock time is measured instead. Run with `cargo bench --bench lote`. No timing is
//! asserted anywhere: the figures are for the README, not for the tests.

use std::{
    ffi::OsStr,
    fs,
    hint::black_box,
    io, iter,
    path::{Path, PathBuf},
    sync::OnceLock,
    time::{Duration, Instant},
};

use criterion::{
    Criterion, Throughput, criterion_group, criterion_main,
    measurement::{Measurement, ValueFormatter, WallTime},
};
use othello::{Partida, Tablero, Transcripcion, formato::archivo};
use othello_programa::ordenes::{self, ErrorOrden, OpcionesDeOrden, Orden};
use tempfile::TempDir;

/// CPU time of the calling thread, user and system, as a criterion measurement: the
/// first field of `/proc/thread-self/schedstat`, in nanoseconds. Without it (outside
/// Linux), wall-clock time since the first reading.
struct TiempoCpu;

impl TiempoCpu {
    /// The thread's CPU time so far.
    fn ahora() -> Duration {
        static INICIO: OnceLock<Instant> = OnceLock::new();
        let inicio = *INICIO.get_or_init(Instant::now);
        fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|texto| texto.split_whitespace().next()?.parse().ok())
            .map_or_else(|| inicio.elapsed(), Duration::from_nanos)
    }
}

impl Measurement for TiempoCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        TiempoCpu::ahora()
    }

    fn end(&self, inicio: Duration) -> Duration {
        TiempoCpu::ahora().saturating_sub(inicio)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, valor: &Duration) -> f64 {
        valor.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, shown as criterion shows wall-clock time.
        const RELOJ: &WallTime = &WallTime;
        RELOJ.formatter()
    }
}

/// How many files each benchmark goes through.
const ARCHIVOS: usize = 10_000;

/// One in this many boards has a mistake.
const CADA_INVALIDO: usize = 20;

/// The 8 complete games: id, spaced, compact, final board (64 letters), N, B.
const PARTIDAS: &str = include_str!("../tests/datos/partidas-completas.tsv");

/// A game of the fixture, in both notations.
struct Partida60 {
    /// Spaced notation, `pasar` written.
    espaciada: String,
    /// Compact notation, passes implied.
    compacta: String,
    /// The final board, row by row, 64 letters.
    final_: String,
}

/// The games of the fixture, `#` header skipped.
fn partidas() -> Vec<Partida60> {
    let partidas: Vec<Partida60> = PARTIDAS
        .lines()
        .filter(|linea| !linea.starts_with('#') && !linea.trim().is_empty())
        .map(|linea| {
            let columnas: Vec<&str> = linea.split('\t').collect();
            assert!(columnas.len() >= 4, "línea sin 4 columnas: {linea}");
            Partida60 {
                espaciada: columnas[1].to_owned(),
                compacta: columnas[2].to_owned(),
                final_: columnas[3].to_owned(),
            }
        })
        .collect();
    assert_eq!(partidas.len(), 8, "se esperaban 8 partidas completas");
    partidas
}

/// The board, in the canonical file format, after the first `jugadas` moves of `espaciada`
/// (a `pasar` counts as a move).
fn tablero_tras(espaciada: &str, jugadas: usize) -> String {
    let prefijo: Vec<&str> = espaciada.split_whitespace().take(jugadas).collect();
    let transcripcion: Transcripcion = match prefijo.join(" ").parse() {
        Ok(transcripcion) => transcripcion,
        Err(nunca) => match nunca {},
    };
    let repeticion = transcripcion
        .repetir(Partida::nueva())
        .expect("las partidas del archivo son válidas");
    repeticion.partida().tablero().to_string()
}

/// The `i`-th board text of the batch, and whether it is a valid board.
fn variante(canonico: &str, i: usize) -> (String, bool) {
    if i.is_multiple_of(CADA_INVALIDO) {
        let texto = match (i / CADA_INVALIDO) % 3 {
            // A bad cell: a lowercase letter in row 5.
            0 => {
                let mut filas: Vec<String> = canonico.lines().map(str::to_owned).collect();
                filas[4] = filas[4].replacen(['N', 'B', 'V'], "n", 1);
                filas.join("\n") + "\n"
            }
            // A missing row.
            1 => canonico.lines().take(7).collect::<Vec<_>>().join("\n") + "\n",
            // A row with 9 cells.
            _ => canonico.replacen('\n', ", V\n", 1),
        };
        return (texto, false);
    }
    let texto = match i % 4 {
        0 => canonico.to_owned(),
        1 => canonico.replace('\n', "\r\n"),
        2 => canonico.replace(", ", ","),
        _ => canonico.trim_end_matches('\n').to_owned(),
    };
    (texto, true)
}

/// The 10,000 board texts and how many of them are invalid.
fn tableros() -> (Vec<String>, usize) {
    let partidas = partidas();
    // Every position of every game: 0 moves to the end.
    let mut posiciones = Vec::new();
    for partida in &partidas {
        let total = partida.espaciada.split_whitespace().count();
        for jugadas in 0..=total {
            posiciones.push(tablero_tras(&partida.espaciada, jugadas));
        }
        let ultimo: Tablero = posiciones
            .last()
            .expect("hay posiciones")
            .parse()
            .expect("un tablero válido");
        assert_eq!(
            ultimo.filas_en_letras().concat(),
            partida.final_,
            "el tablero final no coincide"
        );
    }
    let mut invalidos = 0;
    let textos = (0..ARCHIVOS)
        .map(|i| {
            let (texto, valido) = variante(&posiciones[i % posiciones.len()], i);
            let revision = archivo::revisar_bytes(texto.as_bytes());
            assert_eq!(revision.errores().is_empty(), valido, "{texto}");
            invalidos += usize::from(!valido);
            texto
        })
        .collect();
    (textos, invalidos)
}

/// The 10,000 transcripts: the 8 games, spaced then compact, cycled.
fn transcripciones() -> Vec<String> {
    let partidas = partidas();
    (0..ARCHIVOS)
        .map(|i| {
            let partida = &partidas[i % partidas.len()];
            let texto = if (i / partidas.len()).is_multiple_of(2) {
                &partida.espaciada
            } else {
                &partida.compacta
            };
            format!("{texto}\n")
        })
        .collect()
}

/// Writes `textos` as `00000.txt`, `00001.txt`, … in `carpeta`.
fn escribir(carpeta: &Path, textos: &[String]) -> Vec<PathBuf> {
    textos
        .iter()
        .enumerate()
        .map(|(i, texto)| {
            let ruta = carpeta.join(format!("{i:05}.txt"));
            fs::write(&ruta, texto).expect("se puede escribir en la carpeta temporal");
            ruta
        })
        .collect()
}

/// The `repetir --jugadas-de F` order for a transcript file.
fn repetir(ruta: &Path) -> Orden {
    Orden::desde_argumentos([
        OsStr::new("repetir"),
        OsStr::new("--jugadas-de"),
        ruta.as_os_str(),
    ])
    .expect("una orden válida")
}

/// Runs `validar` over `orden`'s files, checking how many were found invalid.
fn validar(orden: &Orden, opciones: &OpcionesDeOrden, invalidos: usize) {
    match ordenes::ejecutar(orden, opciones, io::empty(), io::sink()) {
        Err(ErrorOrden::Invalidos {
            invalidos: hallados,
            total,
        }) => {
            assert_eq!((hallados, total), (invalidos, ARCHIVOS));
        }
        otro => panic!("validar: {otro:?}"),
    }
}

/// Through the file system, with [`ordenes::ejecutar`], as the binary does.
fn archivos(c: &mut Criterion<TiempoCpu>) {
    let (textos, invalidos) = tableros();
    let carpeta = TempDir::new().expect("carpeta temporal");
    let tableros = escribir(carpeta.path(), &textos);
    let orden = Orden::desde_argumentos(
        iter::once(PathBuf::from("validar"))
            .chain(tableros)
            .map(PathBuf::into_os_string),
    )
    .expect("una orden válida");
    let texto = OpcionesDeOrden::default();
    let json = OpcionesDeOrden {
        json: true,
        ..OpcionesDeOrden::default()
    };
    // Once before timing: every file read, and the invalid ones found.
    validar(&orden, &texto, invalidos);
    validar(&orden, &json, invalidos);

    let carpeta_jugadas = TempDir::new().expect("carpeta temporal");
    let repeticiones: Vec<Orden> = escribir(carpeta_jugadas.path(), &transcripciones())
        .iter()
        .map(|ruta| repetir(ruta))
        .collect();
    for orden in &repeticiones {
        ordenes::ejecutar(orden, &OpcionesDeOrden::default(), io::empty(), io::sink())
            .expect("las partidas del archivo son válidas");
    }

    let mut grupo = c.benchmark_group("archivos");
    grupo
        .throughput(Throughput::Elements(ARCHIVOS as u64))
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    grupo.bench_function("validar_10000_archivos", |b| {
        b.iter(|| {
            black_box(ordenes::ejecutar(
                black_box(&orden),
                &texto,
                io::empty(),
                io::sink(),
            ))
        });
    });
    grupo.bench_function("validar_10000_archivos_json", |b| {
        b.iter(|| {
            black_box(ordenes::ejecutar(
                black_box(&orden),
                &json,
                io::empty(),
                io::sink(),
            ))
        });
    });
    grupo.bench_function("repetir_10000_transcripciones", |b| {
        b.iter(|| {
            for orden in &repeticiones {
                let _ = black_box(ordenes::ejecutar(
                    black_box(orden),
                    &texto,
                    io::empty(),
                    io::sink(),
                ));
            }
        });
    });
    grupo.finish();
}

/// The same work on texts already in memory: no file system, no report.
fn memoria(c: &mut Criterion<TiempoCpu>) {
    let (textos, _) = tableros();
    let bytes: Vec<Vec<u8>> = textos.into_iter().map(String::into_bytes).collect();
    let transcripciones = transcripciones();

    let mut grupo = c.benchmark_group("memoria");
    grupo
        .throughput(Throughput::Elements(ARCHIVOS as u64))
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    grupo.bench_function("revisar_bytes_10000_tableros", |b| {
        b.iter(|| {
            for texto in &bytes {
                black_box(archivo::revisar_bytes(black_box(texto)));
            }
        });
    });
    grupo.bench_function("repetir_10000_transcripciones", |b| {
        b.iter(|| {
            for texto in &transcripciones {
                let transcripcion: Transcripcion = match black_box(texto).parse() {
                    Ok(transcripcion) => transcripcion,
                    Err(nunca) => match nunca {},
                };
                let _ = black_box(transcripcion.repetir(Partida::nueva()));
            }
        });
    });
    grupo.finish();

    // The worst file under the size limit for the reader: every line blank, each one a
    // record for csv. Counting lines from the start for each made this take seconds.
    let blancas = " \n".repeat(32 * 1024 - 100) + &Partida::nueva().tablero().to_string();
    let mut grupo = c.benchmark_group("peor_caso");
    grupo
        .throughput(Throughput::Bytes(blancas.len() as u64))
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    grupo.bench_function("revisar_64_kib_de_lineas_en_blanco", |b| {
        b.iter(|| black_box(archivo::revisar_bytes(black_box(blancas.as_bytes()))));
    });
    grupo.finish();
}

criterion_group! {
    name = lote;
    config = Criterion::default().with_measurement(TiempoCpu);
    targets = archivos, memoria
}
criterion_main!(lote);
