//! The orders for scripts and graders (`othello mostrar`, `jugar`, `repetir`…), run in
//! this process through `ordenes::ejecutar`, read from their arguments as the program
//! reads them: standard input and output are buffers, and the exit code is the error's
//! `codigo()`. `--json` output is parsed back.
//!
//! Expected boards come from the fixtures of `partidas/`, the board builders of
//! `comun` and the complete games of `tests/datos/partidas-completas.tsv`, never from
//! the program's own output. What needs the program itself (usage errors, exit codes,
//! pipes, terminals) is in [`linea`]; the documents' examples, in `documentos`.

/// Exportar and importar: the engines' board strings.
mod intercambio;
/// The command line itself, run as a process: usage errors, exit codes, 80 columns.
mod linea;
/// Resolver, analizar, perft and torneo: their text and the tournament's progress.
mod motor;
/// Repetir: transcripts in both notations, from the start or from a board.
mod repetir;
/// Mostrar, jugar, jugadas, contar and estado, on every fixture.
mod tablero;
/// Validar, and boards that cannot be read, for every order that reads one.
mod validar;

use std::{fs, path::PathBuf};

use othello_programa::ordenes::{OpcionesDeOrden, Orden, ejecutar};
use serde_json::Value;

/// Every fixture of `partidas/`.
pub const FIJAS: [&str; 14] = [
    "esquina-antes.txt",
    "esquina-despues.txt",
    "figura2.txt",
    "figura3.txt",
    "inicial.txt",
    "jugada-invalida-por-hueco.txt",
    "lleno-empate.txt",
    "lleno-ganan-negras.txt",
    "nadie-puede-jugar.txt",
    "sin-fichas-blancas.txt",
    "sin-vuelta-por-el-borde.txt",
    "solo-negras-pueden.txt",
    "varias-direcciones-antes.txt",
    "varias-direcciones-despues.txt",
];

/// The starting board as engines write it, black to move.
pub const OBF_INICIAL: &str = "---------------------------OX------XO--------------------------- X";

/// The path of fixture `nombre`, as an argument.
pub fn ruta(nombre: &str) -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/partidas/").to_owned() + nombre
}

/// The text of fixture `nombre`.
pub fn fija(nombre: &str) -> String {
    fs::read_to_string(ruta(nombre)).expect("la partida existe")
}

/// `nombre` inside `dir`, as an argument.
pub fn en(dir: &tempfile::TempDir, nombre: &str) -> String {
    dir.path().join(nombre).display().to_string()
}

/// How one order ended: the exit code, standard output, and the error's message (what
/// the program writes after `error: ` on standard error), empty on success.
#[derive(Debug, PartialEq)]
pub struct Respuesta {
    pub codigo: i32,
    pub salida: String,
    pub mensaje: String,
}

/// Runs `argumentos` (an order, its arguments, and `--json` anywhere for
/// [`OpcionesDeOrden::json`]) with `entrada` on standard input, as the program does.
pub fn orden(argumentos: &[&str], entrada: impl AsRef<[u8]>) -> Respuesta {
    orden_con(argumentos, entrada, None)
}

/// [`orden`], telling `progreso` of a tournament's progress.
pub fn orden_con(
    argumentos: &[&str],
    entrada: impl AsRef<[u8]>,
    progreso: Option<&dyn Fn(u32, u32)>,
) -> Respuesta {
    let json = argumentos.contains(&"--json");
    let argumentos = argumentos.iter().copied().filter(|a| *a != "--json");
    let orden = Orden::desde_argumentos(argumentos)
        .unwrap_or_else(|error| panic!("argumentos válidos: {error}"));
    let opciones = OpcionesDeOrden {
        json,
        progreso,
        ..OpcionesDeOrden::default()
    };
    let mut salida = Vec::new();
    let resultado = ejecutar(&orden, &opciones, entrada.as_ref(), &mut salida);
    Respuesta {
        codigo: resultado
            .as_ref()
            .map_or_else(|e| e.codigo() as i32, |()| 0),
        salida: String::from_utf8(salida).expect("la salida es UTF-8"),
        mensaje: resultado.err().map(|e| e.to_string()).unwrap_or_default(),
    }
}

/// Exit code 0, no error, `esperado` on standard output.
#[track_caller]
pub fn bien(respuesta: Respuesta, esperado: &str) {
    assert_eq!((respuesta.codigo, respuesta.mensaje.as_str()), (0, ""));
    crate::comun::assert_eq!(respuesta.salida, esperado);
}

/// Exit code `codigo`, nothing on standard output, exactly `mensaje` as the error.
#[track_caller]
pub fn falla(respuesta: Respuesta, codigo: i32, mensaje: &str) {
    assert_eq!(respuesta.codigo, codigo, "{}", respuesta.mensaje);
    assert_eq!(respuesta.salida, "", "nada en stdout");
    crate::comun::assert_eq!(respuesta.mensaje, mensaje);
}

/// Runs with `--json`: the exit code and the one JSON object. Checks that standard
/// output is exactly one line, that `orden` names the order, and that `ok` agrees with
/// the exit code.
#[track_caller]
pub fn json(argumentos: &[&str], entrada: impl AsRef<[u8]>) -> (i32, Value) {
    let respuesta = orden(&[argumentos, &["--json"]].concat(), entrada);
    let salida = &respuesta.salida;
    assert!(
        salida.ends_with('\n') && salida.lines().count() == 1,
        "{argumentos:?}: un solo objeto JSON en una línea, no {salida:?}"
    );
    let valor: Value = serde_json::from_str(salida).expect("la salida es JSON");
    assert_eq!(valor["orden"], argumentos[0], "{salida}");
    assert_eq!(
        valor["ok"],
        respuesta.codigo == 0,
        "{argumentos:?}: {salida}"
    );
    (respuesta.codigo, valor)
}

/// The 64 letters of a board, for the orders' tests as for the others'.
pub use crate::comun::letras;

/// The board of 64 letters in the canonical file format.
pub fn archivo(letras: &str) -> String {
    assert_eq!(letras.len(), 64, "{letras}");
    let filas: Vec<&str> = (0..8).map(|i| &letras[i * 8..i * 8 + 8]).collect();
    crate::comun::texto_de(filas.try_into().expect("8 filas"))
}

/// The board of 64 letters as the engines' string, with the side to move.
pub fn obf(letras: &str, turno: char) -> String {
    let casillas: String = letras
        .chars()
        .map(|c| match c {
            'N' => 'X',
            'B' => 'O',
            _ => '-',
        })
        .collect();
    format!("{casillas} {}", if turno == 'N' { 'X' } else { 'O' })
}

/// The 64 letters of the JSON `tablero`: 8 strings of 8 letters B, N or V.
pub fn tablero(valor: &Value) -> String {
    let filas = valor["tablero"].as_array().expect("tablero es una lista");
    assert_eq!(filas.len(), 8, "{valor}");
    filas
        .iter()
        .map(|fila| {
            let fila = fila.as_str().expect("cada fila es texto");
            assert_eq!(fila.len(), 8, "{fila:?}");
            assert!(fila.chars().all(|c| "BNV".contains(c)), "{fila:?}");
            fila
        })
        .collect()
}

/// The JSON `conteo`, checked against the board it comes with.
pub fn conteo(valor: &Value) -> (u64, u64, u64) {
    let conteo = &valor["conteo"];
    let cuenta = |letra: &str| conteo[letra].as_u64().expect("conteo es un número");
    let (n, b, v) = (cuenta("N"), cuenta("B"), cuenta("V"));
    let letras = tablero(valor);
    for (letra, cantidad) in [('N', n), ('B', b), ('V', v)] {
        assert_eq!(letras.matches(letra).count() as u64, cantidad, "{valor}");
    }
    (n, b, v)
}

/// A list of strings in JSON.
pub fn textos(valor: &Value) -> Vec<&str> {
    valor
        .as_array()
        .unwrap_or_else(|| panic!("{valor} no es una lista"))
        .iter()
        .map(|v| v.as_str().expect("texto"))
        .collect()
}

/// The folder of the fixtures.
pub fn fijas() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/partidas"))
}
