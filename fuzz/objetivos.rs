//! What each fuzz target checks, shared by `cargo fuzz` (the targets in
//! `fuzz_targets/`) and by `cargo test` (tests/integracion/fuzz.rs runs the same
//! functions over a few thousand random and mutated inputs), so that CI catches a
//! regression without cargo-fuzz. Each takes any bytes and panics only on a fault.

use othello::{
    Obf, Partida, Transcripcion,
    formato::archivo,
    interfaz::{
        correccion::{Funcion, OpcionesCorreccion, PorFuncion, revisar_respuestas},
        ordenes::Orden,
    },
};

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

/// A saved file's part that starts with this byte is a file just past the 64 KiB a
/// board file may weigh: the rest of the part and a line end, repeated.
const GRANDE: u8 = 0xFE;
/// A saved file's part that starts with this byte is a folder of that name.
const CARPETA: u8 = 0xFD;

/// The grader's reading of a submission's answers (every byte of which a student's
/// code can control) never panics, and its report adds up and is well-formed as text,
/// gradebook and JSON. The bytes are split at NUL: the answer lines of `jugar`, the
/// counting function, `guardarPartida` and `cargarPartida` (with no part, the
/// function is not defined), then the files that `guardarPartida`'s cases saved, in
/// order (see [`GRANDE`] and [`CARPETA`]).
pub fn corregir(bytes: &[u8]) {
    let opciones = OpcionesCorreccion {
        casos: Some(8),
        ejemplos: 2,
        ..OpcionesCorreccion::default()
    };
    let cantidades = opciones.cantidades();
    let mut partes = bytes.split(|&byte| byte == 0);
    // Called in the order of `Funcion::TODAS`.
    let respuestas = PorFuncion::de(|_| partes.next());
    let carpeta = tempfile::tempdir().expect("una carpeta temporal");
    for (i, parte) in partes.take(cantidades.guardar_partida).enumerate() {
        let ruta = carpeta.path().join(format!("guardar-{:04}.txt", i + 1));
        match parte.split_first() {
            Some((&GRANDE, resto)) => {
                let relleno: Vec<u8> = resto
                    .iter()
                    .chain(b"\n")
                    .copied()
                    .cycle()
                    .take(64 * 1024 + 1)
                    .collect();
                std::fs::write(ruta, relleno)
            }
            Some((&CARPETA, _)) => std::fs::create_dir(ruta),
            _ => std::fs::write(ruta, parte),
        }
        .expect("se escribe en la carpeta temporal");
    }
    let resumen = revisar_respuestas(&respuestas, carpeta.path(), &opciones);

    let [entrega] = resumen.entregas() else {
        panic!("una sola entrega");
    };
    let mut texto = Vec::new();
    resumen.escribir_texto(&mut texto).expect("se escribe");
    let texto = String::from_utf8(texto).expect("texto UTF-8");
    assert!(
        texto.chars().all(|c| c == '\n' || !c.is_control()),
        "caracteres de control en el texto: {texto:?}"
    );
    let mut csv = Vec::new();
    resumen.escribir_csv(&mut csv).expect("se escribe");
    let csv = String::from_utf8(csv).expect("planilla UTF-8");
    let filas: Vec<Vec<&str>> = csv.lines().map(|fila| fila.split(',').collect()).collect();
    let [_, fila] = filas.as_slice() else {
        panic!("cabecera y una fila: {csv:?}");
    };
    let json: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(&resumen).expect("JSON")).expect("se lee");
    for (i, funcion) in Funcion::TODAS.into_iter().enumerate() {
        let columnas = &fila[2 + 2 * i..4 + 2 * i];
        let en_json = &json["entregas"][0]["funciones"][funcion.clave()];
        let Some(informe) = &entrega.funciones[funcion] else {
            assert!(respuestas[funcion].is_none(), "{funcion}");
            assert_eq!(columnas, ["", ""]);
            assert!(en_json.is_null());
            continue;
        };
        let casos = match funcion {
            Funcion::Jugar => cantidades.jugar,
            Funcion::Contar => cantidades.contar,
            Funcion::GuardarPartida => cantidades.guardar_partida,
            Funcion::CargarPartida => cantidades.cargar_partida,
        };
        assert_eq!(informe.casos, casos, "{funcion}");
        assert_eq!(
            informe.correctos + informe.por_tipo.values().sum::<usize>(),
            casos,
            "{funcion}"
        );
        for (tipo, &n) in &informe.por_tipo {
            assert!(n > 0, "{funcion}: {tipo:?}");
            let ejemplos = informe.fallas.iter().filter(|f| f.tipo == *tipo).count();
            assert_eq!(ejemplos, n.min(opciones.ejemplos), "{funcion}: {tipo:?}");
        }
        assert!(
            informe
                .fallas
                .windows(2)
                .all(|par| (par[0].tipo, par[0].caso) < (par[1].tipo, par[1].caso)),
            "{funcion}: ejemplos por tipo y caso"
        );
        for falla in &informe.fallas {
            assert!((1..=casos).contains(&falla.caso), "{funcion}");
            assert!(informe.por_tipo.contains_key(&falla.tipo), "{funcion}");
            assert!(
                falla.texto.starts_with(&format!("Caso {}", falla.caso)),
                "{}",
                falla.texto
            );
        }
        let cuenta = format!("  {} {}/{}", informe.nombre, informe.correctos, casos);
        assert!(
            texto.lines().any(|linea| linea.starts_with(&cuenta)),
            "{texto}"
        );
        assert_eq!(columnas, [informe.correctos.to_string(), casos.to_string()]);
        assert_eq!(en_json["casos"], casos);
        assert_eq!(en_json["correctos"], informe.correctos);
        assert_eq!(
            en_json["fallas"].as_array().map(Vec::len),
            Some(informe.fallas.len())
        );
    }
}
