//! The fuzz targets' checks (`fuzz/objetivos.rs`), run here over random inputs and
//! mutations of real ones (the boards of `partidas/`, transcripts, obf strings), a few
//! thousand each, so that CI catches what a fuzz run would, without cargo-fuzz.

/// The checks, which the game's tests share too (the width of its lines).
#[path = "../../fuzz/objetivos.rs"]
pub(crate) mod objetivos;

use proptest::prelude::*;

/// Real inputs to mutate: every board of `partidas/`, and the forms the readers take.
fn semillas() -> Vec<Vec<u8>> {
    let mut semillas: Vec<Vec<u8>> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/partidas"))
            .expect("partidas/")
            .map(|entrada| entrada.expect("entrada").path())
            .filter(|ruta| ruta.extension().is_some_and(|extension| extension == "txt"))
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
    #![proptest_config(ProptestConfig::with_cases(3_000))]

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
}
