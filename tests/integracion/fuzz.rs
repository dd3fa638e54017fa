//! The fuzz targets' checks (`fuzz/objetivos.rs`), run here over random inputs and
//! mutations of real ones (the boards of `partidas/`, transcripts, obf strings, the game
//! sessions and the harness's answers of the fuzzer's seeds), so that CI catches what a
//! fuzz run would, without cargo-fuzz: a thousand inputs per target (600 game sessions)
//! in `cargo test`, and as many as `PROPTEST_CASES` says when it is set (`.ci/run` runs
//! these tests again with more).

/// The checks, which the game's tests share too (the width of its lines).
#[path = "../../fuzz/objetivos.rs"]
pub(crate) mod objetivos;

use std::{path::PathBuf, process::Command};

use proptest::{prelude::*, test_runner::FileFailurePersistence};

/// How many inputs a target gets: `PROPTEST_CASES` when it is set, else `por_omision`.
fn casos(por_omision: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|casos| casos.parse().ok())
        .unwrap_or(por_omision)
}

/// The files of a folder of this repository.
fn archivos(carpeta: &str) -> impl Iterator<Item = PathBuf> {
    std::fs::read_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(carpeta))
        .expect(carpeta)
        .map(|entrada| entrada.expect("entrada").path())
}

/// Real inputs to mutate: every board of `partidas/`, the forms the readers take, the
/// game sessions the fuzzer starts from, and the harness's answers to real submissions.
fn semillas() -> Vec<Vec<u8>> {
    let mut semillas: Vec<Vec<u8>> = archivos("partidas")
        .filter(|ruta| ruta.extension().is_some_and(|extension| extension == "txt"))
        .chain(archivos("fuzz/semillas/juego"))
        .chain(archivos("fuzz/semillas/corregir"))
        .chain(archivos("fuzz/semillas/programa"))
        .map(|ruta| std::fs::read(ruta).expect("legible"))
        .collect();
    semillas.extend(
        [
            "---------------------------OX------XO--------------------------- X",
            "C4 E3 F6 E6 F5 pasar",
            "f5d6c3d3c4f4",
            "# Inicio (obf): ---------------------------OX------XO--------------------------- X\nC4",
            "repetir\0C4\0--json",
            "jugar\0partidas/inicial.txt\0C4\0N",
        ]
        .map(|texto| texto.as_bytes().to_vec()),
    );
    semillas
}

/// A real input with a few bytes changed, inserted or removed, or any bytes at all.
fn entrada() -> impl Strategy<Value = Vec<u8>> {
    let mutada = (
        prop::sample::select(semillas()),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
    )
        .prop_map(|(mut bytes, cambios)| {
            for (lugar, byte, tipo) in cambios {
                let i = lugar.index(bytes.len() + 1);
                match tipo {
                    0 if i < bytes.len() => bytes[i] = byte,
                    1 if i < bytes.len() => {
                        bytes.remove(i);
                    }
                    _ => bytes.insert(i, byte),
                }
            }
            bytes
        });
    prop_oneof![mutada, prop::collection::vec(any::<u8>(), 0..300)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(casos(1_000)))]

    #[test]
    fn tablero(bytes in entrada()) {
        objetivos::tablero(&bytes);
    }

    #[test]
    fn obf(bytes in entrada()) {
        objetivos::obf(&bytes);
    }

    #[test]
    fn transcripcion(bytes in entrada()) {
        objetivos::transcripcion(&bytes);
    }

    #[test]
    fn argumentos(bytes in entrada()) {
        objetivos::argumentos(&bytes);
    }

    #[test]
    fn corregir(bytes in entrada()) {
        objetivos::corregir(&bytes);
    }

    #[test]
    fn programa(bytes in entrada()) {
        objetivos::programa(&bytes);
    }
}

/// Set in the child process of [`juego`], to the folder it plays in.
const CARPETA_DEL_JUEGO: &str = "OTHELLO_FUZZ_CARPETA";

/// The game saves files in the current folder, which every test of this binary
/// shares: so this test runs itself again, alone, as a child process in a folder of
/// [`objetivos::carpeta_de_juego`], where it checks the game.
#[test]
fn juego() {
    let Some(carpeta) = std::env::var_os(CARPETA_DEL_JUEGO) else {
        let carpeta = objetivos::carpeta_de_juego();
        let corrida = Command::new(std::env::current_exe().expect("esta prueba"))
            .args(["fuzz::juego", "--exact", "--nocapture", "--test-threads=1"])
            .current_dir(carpeta.path())
            .env(CARPETA_DEL_JUEGO, carpeta.path())
            .output()
            .expect("la prueba corre de nuevo");
        let salida = String::from_utf8_lossy(&corrida.stdout);
        let errores = String::from_utf8_lossy(&corrida.stderr);
        assert!(
            corrida.status.success() && salida.contains("1 passed"),
            "{salida}\n{errores}"
        );
        return;
    };
    // A variable left set by mistake must not let the game write elsewhere.
    let actual = std::env::current_dir().expect("la carpeta actual");
    assert_eq!(
        actual.canonicalize().ok(),
        PathBuf::from(carpeta).canonicalize().ok()
    );
    let configuracion = ProptestConfig {
        cases: casos(600),
        // Where the other tests of this file keep theirs: the child's current folder
        // is no guide to it.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/proptest-regressions/fuzz.txt"
        )))),
        ..ProptestConfig::default()
    };
    proptest!(configuracion, |(bytes in entrada())| objetivos::juego(&bytes));
}
