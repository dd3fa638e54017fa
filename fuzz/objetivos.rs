//! What each fuzz target checks, shared by `cargo fuzz` (the targets in
//! `fuzz_targets/`) and by `cargo test` (tests/integracion/fuzz.rs runs the same
//! functions over a few thousand random and mutated inputs), so that CI catches a
//! regression without cargo-fuzz. Each takes any bytes and panics only on a fault.

use othello::{Obf, Partida, Transcripcion, formato::archivo, interfaz::ordenes::Orden};

/// The board reader never panics, agrees with the reviewer, and what it reads is
/// written back in the canonical form, which reads back the same.
pub fn tablero(bytes: &[u8]) {
    let leido = archivo::leer_bytes(bytes);
    let revision = archivo::revisar_bytes(bytes);
    if let Ok(tablero) = leido {
        assert!(revision.errores().is_empty(), "{bytes:?}");
        let escrito = tablero.to_string();
        assert_eq!(archivo::leer_texto(&escrito), Ok(tablero));
        assert_eq!(
            archivo::leer_bytes(escrito.as_bytes()).unwrap().to_string(),
            escrito
        );
    }
}

/// An obf string that parses is written back as one that parses to the same.
pub fn obf(bytes: &[u8]) {
    let Ok(texto) = std::str::from_utf8(bytes) else {
        return;
    };
    if let Ok(obf) = texto.parse::<Obf>() {
        let escrita = obf.to_string();
        assert_eq!(escrita.parse::<Obf>().ok(), Some(obf), "{texto:?}");
    }
}

/// Any transcript is read and replayed from the start without a panic; a replay that
/// succeeds ends in a game whose moves replay to the same board again.
pub fn transcripcion(bytes: &[u8]) {
    let texto = String::from_utf8_lossy(bytes);
    let transcripcion: Transcripcion = match texto.parse() {
        Ok(transcripcion) => transcripcion,
        Err(nunca) => match nunca {},
    };
    if let Ok(repeticion) = transcripcion.repetir(Partida::nueva()) {
        let otra = Transcripcion::de_jugadas(repeticion.jugadas());
        let de_nuevo = otra.repetir(Partida::nueva()).expect("las mismas jugadas");
        assert_eq!(de_nuevo.partida().tablero(), repeticion.partida().tablero());
    }
}

/// Any argument list (the bytes split at NUL) is an order or a usage error, never a
/// panic. Nothing is run: some orders would think for long or write files.
pub fn argumentos(bytes: &[u8]) {
    use std::os::unix::ffi::OsStrExt;
    let argumentos = bytes
        .split(|&byte| byte == 0)
        .map(|argumento| std::ffi::OsStr::from_bytes(argumento).to_owned());
    let _ = Orden::desde_argumentos(argumentos);
}
