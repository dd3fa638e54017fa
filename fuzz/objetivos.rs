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

/// The lines of the game's `salida` wider than
/// [`ANCHO`](othello::interfaz::ordenes::ANCHO) characters, escapes aside, once the
/// echo of a line of `entrada` that ends one is taken off (what a person types is
/// theirs to make long): what is left of each.
pub fn lineas_anchas(salida: &str, entrada: &[u8]) -> Vec<String> {
    let ecos: Vec<String> = entrada
        .split(|&byte| byte == b'\n')
        .map(eco)
        .filter(|eco| !eco.is_empty())
        .collect();
    let ancha = |linea: &str| linea.chars().count() > othello::interfaz::ordenes::ANCHO;
    anstream::adapter::strip_str(salida)
        .to_string()
        .lines()
        .filter(|linea| ancha(linea))
        .filter_map(|linea| {
            let eco = ecos
                .iter()
                .filter(|eco| linea.ends_with(eco.as_str()))
                .map(String::len)
                .max()
                .unwrap_or(0);
            let propia = &linea[..linea.len() - eco];
            ancha(propia).then(|| propia.to_owned())
        })
        .collect()
}

/// A line typed as the game echoes it after its question: only its first 1024 bytes
/// (then `…`) if it is longer, without carriage returns at its end, and with control
/// characters other than tabs as U+FFFD.
fn eco(linea: &[u8]) -> String {
    /// The longest line the game reads whole.
    const LARGO_LINEA: usize = 1024;
    let leida = &linea[..linea.len().min(LARGO_LINEA)];
    let texto = String::from_utf8_lossy(leida)
        .trim_end_matches('\r')
        .replace(|c: char| c.is_control() && c != '\t', "\u{FFFD}");
    if leida.len() < linea.len() {
        texto + "…"
    } else {
        texto
    }
}
