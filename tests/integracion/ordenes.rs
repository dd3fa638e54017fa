//! The orders for scripts and graders (`othello mostrar`, `jugar`, `repetir`…) end to
//! end: each run is the program with its arguments, its standard input, its standard
//! output, its standard error and its exit code; `--json` output is parsed back.
//!
//! Expected boards come from the fixtures of `partidas/` and the complete games of
//! `tests/datos/partidas-completas.tsv`, never from the program's own output.

use std::{fs, path::Path, path::PathBuf, time::Duration};

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

use crate::comun::{INICIAL, TRAS_C4, partidas_completas};

/// Every fixture of `partidas/`.
const FIJAS: [&str; 14] = [
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

/// id, spaced transcript, compact transcript, final board (64 B/N/V), N, B.
/// The first position of the FFO endgame suite (`fforum-40-59.obf`), verbatim, with
/// the scores of the moves after the side to move.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; \
                      A2:+38; C7:+36; D8:+34; C1:+30; B1:+30; G7:+28; D7:+28; C6:+28; \
                      F7:+26; A6:+24;";

/// The starting board as engines write it, black to move.
const OBF_INICIAL: &str = "---------------------------OX------XO--------------------------- X";

/// The message of a move with an unknown text.
const NO_ES_POSICION: &str =
    "no es una posición (se esperaba una columna A-H y una fila 1-8, como C4)";

/// The folder of the fixtures.
fn fijas() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/partidas"))
}

/// The text of fixture `nombre`.
fn fija(nombre: &str) -> String {
    fs::read_to_string(fijas().join(nombre)).expect("la partida existe")
}

fn carpeta() -> TempDir {
    tempfile::tempdir().expect("carpeta temporal")
}

/// Runs the program in `dir` with `entrada` on its standard input: exit code, standard
/// output, standard error.
fn othello(dir: &Path, argumentos: &[&str], entrada: impl Into<Vec<u8>>) -> (i32, String, String) {
    let salida = Command::new(env!("CARGO_BIN_EXE_othello"))
        .current_dir(dir)
        .args(argumentos)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .timeout(Duration::from_secs(60))
        .write_stdin(entrada)
        .output()
        .expect("el programa corre");
    (
        salida
            .status
            .code()
            .expect("termina con un estado de salida"),
        String::from_utf8(salida.stdout).expect("stdout es UTF-8"),
        String::from_utf8(salida.stderr).expect("stderr es UTF-8"),
    )
}

/// Runs the program in `partidas/`, with nothing on its standard input.
fn en_fijas(argumentos: &[&str]) -> (i32, String, String) {
    othello(&fijas(), argumentos, "")
}

/// Runs with `--json`: exit code, the one JSON object, standard error. Checks that
/// standard output is exactly one line, that `orden` names the order, and that `ok`
/// agrees with the exit code.
fn en_json(dir: &Path, argumentos: &[&str], entrada: impl Into<Vec<u8>>) -> (i32, Value, String) {
    let mut con_json = argumentos.to_vec();
    con_json.push("--json");
    let (codigo, salida, errores) = othello(dir, &con_json, entrada);
    assert!(
        salida.ends_with('\n') && salida.lines().count() == 1,
        "{argumentos:?}: un solo objeto JSON en una línea, no {salida:?}"
    );
    let valor: Value = serde_json::from_str(&salida).expect("la salida es JSON");
    assert_eq!(valor["orden"], argumentos[0], "{salida}");
    assert_eq!(valor["ok"], codigo == 0, "{argumentos:?}: {salida}");
    (codigo, valor, errores)
}

fn json_en_fijas(argumentos: &[&str]) -> (i32, Value, String) {
    en_json(&fijas(), argumentos, "")
}

/// The 64 letters of a board in the file format, row 1 first.
fn letras(archivo: &str) -> String {
    archivo.chars().filter(|c| "BNV".contains(*c)).collect()
}

/// The board of 64 letters in the canonical file format.
fn archivo(letras: &str) -> String {
    assert_eq!(letras.len(), 64, "{letras}");
    letras
        .as_bytes()
        .chunks(8)
        .map(|fila| {
            let casillas: Vec<String> = fila.iter().map(|&b| char::from(b).to_string()).collect();
            casillas.join(", ") + "\n"
        })
        .collect()
}

/// The board of 64 letters as the engines' string, with the side to move.
fn obf(letras: &str, turno: char) -> String {
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
fn tablero(valor: &Value) -> String {
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
fn conteo(valor: &Value) -> (u64, u64, u64) {
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
fn textos(valor: &Value) -> Vec<&str> {
    valor
        .as_array()
        .unwrap_or_else(|| panic!("{valor} no es una lista"))
        .iter()
        .map(|v| v.as_str().expect("texto"))
        .collect()
}

/// Exit code 0, nothing on standard error, `esperado` on standard output.
fn bien(resultado: (i32, String, String), esperado: &str) {
    let (codigo, salida, errores) = resultado;
    assert_eq!((codigo, errores.as_str()), (0, ""), "stdout: {salida}");
    assert_eq!(salida, esperado);
}

/// Exit code `codigo`, nothing on standard output, exactly `mensaje` on standard error.
fn falla(resultado: (i32, String, String), codigo: i32, mensaje: &str) {
    assert_eq!(resultado.0, codigo, "stderr: {}", resultado.2);
    assert_eq!(resultado.1, "", "nada en stdout");
    assert_eq!(resultado.2, mensaje);
}

/// Exit code 2 and a usage error on standard error: the message, then the order's
/// usage line and where to find help.
fn error_de_uso(resultado: (i32, String, String), mensaje: &str, orden: &str) {
    let (codigo, salida, errores) = resultado;
    assert_eq!(codigo, 2, "stderr: {errores}");
    assert_eq!(salida, "", "nada en stdout");
    assert!(
        errores.starts_with(&format!("error: {mensaje}\n\nUso: othello {orden} ")),
        "{errores}"
    );
    assert!(
        errores.ends_with(&format!(
            "\nPara más información, prueba «othello {orden} --help».\n"
        )),
        "{errores}"
    );
}

#[test]
fn mostrar_dibuja_el_tablero_con_la_cuenta() {
    let dibujo = "     A  B  C  D  E  F  G  H
  1  V  V  V  V  V  V  V  V
  2  V  V  V  V  V  V  V  V
  3  V  V  V  V  V  V  V  V
  4  V  V  V  B  N  V  V  V
  5  V  V  V  N  B  V  V  V
  6  V  V  V  V  V  V  V  V
  7  V  V  V  V  V  V  V  V
  8  V  V  V  V  V  V  V  V
Negras (N): 2   Blancas (B): 2
";
    bien(en_fijas(&["mostrar", "inicial.txt"]), dibujo);
    bien(othello(&fijas(), &["mostrar", "-"], INICIAL), dibujo);

    let (codigo, valor, errores) = json_en_fijas(&["mostrar", "esquina-despues.txt"]);
    assert_eq!((codigo, errores.as_str()), (0, ""));
    assert_eq!(valor["archivo"], "esquina-despues.txt");
    assert_eq!(tablero(&valor), letras(&fija("esquina-despues.txt")));
    assert_eq!(conteo(&valor), (7, 12, 45));

    let (_, valor, _) = en_json(&fijas(), &["mostrar", "-"], INICIAL);
    assert_eq!(valor["archivo"], "(entrada estándar)");
    assert_eq!(tablero(&valor), letras(INICIAL));
}

#[test]
fn mostrar_cuenta_cada_partida() {
    for nombre in FIJAS {
        let texto = fija(nombre);
        let (n, b) = (texto.matches('N').count(), texto.matches('B').count());
        let (codigo, salida, errores) = en_fijas(&["mostrar", nombre]);
        assert_eq!((codigo, errores.as_str()), (0, ""), "{nombre}");
        assert!(
            salida.ends_with(&format!("\nNegras (N): {n}   Blancas (B): {b}\n")),
            "{nombre}: {salida}"
        );
        let casillas: String = salida
            .lines()
            .skip(1)
            .take(8)
            .flat_map(|linea| linea.split_whitespace().skip(1))
            .collect();
        assert_eq!(casillas, letras(&texto), "{nombre}");
    }
}

/// The moves of `partidas/README.md`: board before, move, board after, pieces flipped.
const JUGADAS_DEL_README: [(&str, &str, &str, &str, &[&str]); 4] = [
    ("inicial.txt", "C4", "N", "figura2.txt", &["D4"]),
    ("figura2.txt", "C3", "B", "figura3.txt", &["D4"]),
    (
        "varias-direcciones-antes.txt",
        "D4",
        "N",
        "varias-direcciones-despues.txt",
        &["C3", "E4", "F4", "D5", "E5", "D6", "D7"],
    ),
    (
        "esquina-antes.txt",
        "A1",
        "B",
        "esquina-despues.txt",
        &["B1", "C1", "D1", "B2", "C3"],
    ),
];

#[test]
fn jugar_da_el_tablero_de_despues() {
    for (antes, posicion, valor, despues, volteadas) in JUGADAS_DEL_README {
        let esperado = fija(despues);
        bien(en_fijas(&["jugar", antes, posicion, valor]), &esperado);
        bien(
            othello(&fijas(), &["jugar", "-", posicion, valor], fija(antes)),
            &esperado,
        );

        let (codigo, json, errores) = json_en_fijas(&["jugar", antes, posicion, valor]);
        assert_eq!((codigo, errores.as_str()), (0, ""));
        assert_eq!(tablero(&json), letras(&esperado), "{antes} {posicion}");
        let (n, b, v) = conteo(&json);
        assert_eq!(n + b + v, 64);
        assert_eq!(json["posicion"], posicion);
        assert_eq!(json["valor"], valor);
        let mut dadas = textos(&json["volteadas"]);
        dadas.sort_unstable();
        let mut esperadas = volteadas.to_vec();
        esperadas.sort_unstable();
        assert_eq!(dadas, esperadas, "{antes} {posicion}");
        assert!(json.get("guardado").is_none(), "{json}");
    }
    let (_, json, _) = json_en_fijas(&["jugar", "varias-direcciones-antes.txt", "D4", "N"]);
    assert_eq!(conteo(&json), (13, 5, 46));
}

#[test]
fn jugar_acepta_minusculas_y_espacios() {
    for (posicion, valor) in [("c4", "n"), (" C4 ", "N"), ("\tc4", "N"), ("C4", "n")] {
        bien(
            en_fijas(&["jugar", "inicial.txt", posicion, valor]),
            TRAS_C4,
        );
        let (_, json, _) = json_en_fijas(&["jugar", "inicial.txt", posicion, valor]);
        assert_eq!(json["posicion"], "C4");
        assert_eq!(json["valor"], "N");
    }
    bien(
        en_fijas(&["jugar", "figura2.txt", "c3", "b"]),
        &fija("figura3.txt"),
    );
}

#[test]
fn jugar_rechaza_cada_razon_con_estado_1() {
    let casos = [
        (
            "inicial.txt",
            "ZZ",
            "N",
            "formato",
            format!("«ZZ» {NO_ES_POSICION}"),
        ),
        (
            "inicial.txt",
            "-1",
            "N",
            "formato",
            format!("«-1» {NO_ES_POSICION}"),
        ),
        (
            "inicial.txt",
            "",
            "N",
            "vacia",
            "falta la posición (se esperaba una columna A-H y una fila 1-8, como C4)".into(),
        ),
        (
            "inicial.txt",
            "I1",
            "N",
            "fuera_del_tablero",
            "«I1» está fuera del tablero (columnas A-H, filas 1-8)".into(),
        ),
        (
            "inicial.txt",
            "A9",
            "B",
            "fuera_del_tablero",
            "«A9» está fuera del tablero (columnas A-H, filas 1-8)".into(),
        ),
        (
            "inicial.txt",
            "D4",
            "N",
            "ocupada",
            "la casilla D4 ya está ocupada".into(),
        ),
        (
            "inicial.txt",
            "A1",
            "N",
            "sin_flanqueo",
            "una ficha en A1 no flanquea ninguna ficha rival".into(),
        ),
        (
            "inicial.txt",
            "C4",
            "B",
            "sin_flanqueo",
            "una ficha en C4 no flanquea ninguna ficha rival".into(),
        ),
        (
            "jugada-invalida-por-hueco.txt",
            "E4",
            "N",
            "sin_flanqueo",
            "una ficha en E4 no flanquea ninguna ficha rival".into(),
        ),
        (
            "jugada-invalida-por-hueco.txt",
            "G5",
            "N",
            "sin_flanqueo",
            "una ficha en G5 no flanquea ninguna ficha rival".into(),
        ),
        (
            "sin-vuelta-por-el-borde.txt",
            "H4",
            "N",
            "sin_flanqueo",
            "una ficha en H4 no flanquea ninguna ficha rival".into(),
        ),
        (
            "lleno-empate.txt",
            "A1",
            "N",
            "ocupada",
            "la casilla A1 ya está ocupada".into(),
        ),
    ];
    for (nombre, posicion, valor, clave, mensaje) in casos {
        falla(
            en_fijas(&["jugar", nombre, posicion, valor]),
            1,
            &format!("error: la jugada «{posicion}» no es válida: {mensaje}\n"),
        );
        let (codigo, json, _) = json_en_fijas(&["jugar", nombre, posicion, valor]);
        assert_eq!(codigo, 1);
        assert_eq!(json["error"]["clave"], clave, "{posicion}: {json}");
        assert_eq!(json["error"]["mensaje"], mensaje.as_str());
        assert_eq!(json["valor"], valor);
        assert!(json.get("tablero").is_none(), "{json}");
    }
}

#[test]
fn jugar_con_salida_y_en_sitio_escribe_el_archivo() {
    let dir = carpeta();
    fs::write(dir.path().join("tablero.txt"), INICIAL).unwrap();

    bien(
        othello(
            dir.path(),
            &["jugar", "tablero.txt", "C4", "N", "--salida", "despues.txt"],
            "",
        ),
        "",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("despues.txt")).unwrap(),
        TRAS_C4
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("tablero.txt")).unwrap(),
        INICIAL
    );

    // From standard input to a file.
    bien(
        othello(
            dir.path(),
            &["jugar", "-", "C3", "B", "--salida", "figura3.txt"],
            TRAS_C4,
        ),
        "",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("figura3.txt")).unwrap(),
        fija("figura3.txt")
    );

    // Over the same file, which need not be in the canonical format.
    let tolerante = INICIAL.replace(", ", ",").replace('\n', "\r\n");
    fs::write(dir.path().join("tablero.txt"), &tolerante).unwrap();
    bien(
        othello(
            dir.path(),
            &["jugar", "tablero.txt", "c4", "n", "--en-sitio"],
            "",
        ),
        "",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("tablero.txt")).unwrap(),
        TRAS_C4
    );

    let (codigo, json, _) = en_json(
        dir.path(),
        &["jugar", "tablero.txt", "C3", "B", "--en-sitio"],
        "",
    );
    assert_eq!(codigo, 0);
    assert_eq!(json["guardado"], "tablero.txt");
    assert_eq!(tablero(&json), letras(&fija("figura3.txt")));
    assert_eq!(
        fs::read_to_string(dir.path().join("tablero.txt")).unwrap(),
        fija("figura3.txt")
    );

    let (_, json, _) = en_json(
        dir.path(),
        &["jugar", "tablero.txt", "D3", "N", "--salida", "otro.txt"],
        "",
    );
    assert_eq!(json["guardado"], "otro.txt");
    assert_eq!(
        letras(&fs::read_to_string(dir.path().join("otro.txt")).unwrap()),
        tablero(&json)
    );

    // Where it cannot be written: exit 2, and the board read stays as it was.
    fs::create_dir(dir.path().join("carpeta")).unwrap();
    falla(
        othello(
            dir.path(),
            &[
                "jugar",
                "tablero.txt",
                "D3",
                "N",
                "--salida",
                "no-hay/x.txt",
            ],
            "",
        ),
        2,
        "error: no se pudo guardar «no-hay/x.txt»: la carpeta no existe\n",
    );
    falla(
        othello(
            dir.path(),
            &["jugar", "tablero.txt", "D3", "N", "--salida", "carpeta"],
            "",
        ),
        2,
        "error: no se pudo guardar «carpeta»: es una carpeta\n",
    );
    assert!(!dir.path().join("no-hay").exists());
    assert_eq!(
        fs::read_to_string(dir.path().join("tablero.txt")).unwrap(),
        fija("figura3.txt")
    );
}

#[test]
fn jugada_no_valida_no_escribe_nada() {
    let dir = carpeta();
    // Not canonical, so that any rewrite would show.
    let original = INICIAL.replace(", ", ",");
    let ruta = dir.path().join("tablero.txt");
    fs::write(&ruta, &original).unwrap();
    fs::write(dir.path().join("existente.txt"), "no se toca").unwrap();

    let intentos: [&[&str]; 6] = [
        &["jugar", "tablero.txt", "A1", "N", "--salida", "nuevo.txt"],
        &["jugar", "tablero.txt", "D4", "N", "--salida", "nuevo.txt"],
        &["jugar", "tablero.txt", "ZZ", "N", "--salida", "nuevo.txt"],
        &[
            "jugar",
            "tablero.txt",
            "A1",
            "N",
            "--salida",
            "existente.txt",
        ],
        &["jugar", "tablero.txt", "A1", "N", "--en-sitio"],
        &["jugar", "tablero.txt", "C4", "B", "--en-sitio"],
    ];
    for argumentos in intentos {
        let (codigo, salida, errores) = othello(dir.path(), argumentos, "");
        assert_eq!(codigo, 1, "{argumentos:?}: {errores}");
        assert_eq!(salida, "");
        assert!(errores.starts_with("error: la jugada «"), "{errores}");
        let (codigo, _, _) = en_json(dir.path(), argumentos, "");
        assert_eq!(codigo, 1);
    }
    assert_eq!(fs::read_to_string(&ruta).unwrap(), original);
    assert_eq!(
        fs::read_to_string(dir.path().join("existente.txt")).unwrap(),
        "no se toca"
    );
    let mut nombres: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    nombres.sort();
    assert_eq!(nombres, ["existente.txt", "tablero.txt"], "ni temporales");
}

#[test]
fn en_sitio_con_la_entrada_estandar_es_error_de_uso() {
    let mensaje = "--en-sitio necesita un archivo, no la entrada estándar";
    falla(
        othello(&fijas(), &["jugar", "-", "C4", "N", "--en-sitio"], INICIAL),
        2,
        &format!("error: {mensaje}\n"),
    );
    let (codigo, json, _) = en_json(&fijas(), &["jugar", "-", "C4", "N", "--en-sitio"], INICIAL);
    assert_eq!(codigo, 2);
    assert_eq!(json["error"]["clave"], "uso");
    assert_eq!(json["error"]["mensaje"], mensaje);
}

#[test]
fn valor_que_no_es_n_ni_b_es_error_de_uso() {
    error_de_uso(
        en_fijas(&["jugar", "inicial.txt", "C4", ""]),
        "falta el valor de <VALOR>",
        "jugar",
    );
    for valor in ["X", "V", "negras", "NB"] {
        error_de_uso(
            en_fijas(&["jugar", "inicial.txt", "C4", valor]),
            &format!("valor «{valor}» inválido para <VALOR>"),
            "jugar",
        );
        error_de_uso(
            en_fijas(&["jugadas", "inicial.txt", valor]),
            &format!("valor «{valor}» inválido para <VALOR>"),
            "jugadas",
        );
    }
    error_de_uso(
        en_fijas(&["estado", "inicial.txt", "--turno", "X"]),
        "valor «X» inválido para --turno <N|B>",
        "estado",
    );
    error_de_uso(
        en_fijas(&["repetir", "--turno", "blancas", "C4"]),
        "valor «blancas» inválido para --turno <N|B>",
        "repetir",
    );
}

#[test]
fn errores_de_uso_de_las_ordenes() {
    error_de_uso(
        en_fijas(&["jugar", "inicial.txt", "C4"]),
        "falta el argumento <VALOR>",
        "jugar",
    );
    error_de_uso(
        en_fijas(&["contar"]),
        "falta el argumento <ARCHIVO>",
        "contar",
    );
    error_de_uso(
        en_fijas(&["validar"]),
        "falta el argumento <ARCHIVO>...",
        "validar",
    );
    error_de_uso(
        en_fijas(&["repetir"]),
        "falta el argumento <JUGADAS>...",
        "repetir",
    );
    error_de_uso(
        en_fijas(&["contar", "inicial.txt", "--rapido"]),
        "argumento desconocido «--rapido»",
        "contar",
    );
    error_de_uso(
        en_fijas(&["exportar", "inicial.txt", "--formato", "pgn"]),
        "valor «pgn» inválido para --formato <FORMATO>",
        "exportar",
    );
    error_de_uso(
        en_fijas(&["importar", "--formato", "pgn", OBF_INICIAL]),
        "valor «pgn» inválido para --formato <FORMATO>",
        "importar",
    );
    // Options that exclude each other: only the code and the usage are checked here.
    for (argumentos, orden) in [
        (
            &[
                "jugar",
                "inicial.txt",
                "C4",
                "N",
                "--salida",
                "x.txt",
                "--en-sitio",
            ][..],
            "jugar",
        ),
        (&["repetir", "C4", "--jugadas-de", "x.txt"][..], "repetir"),
    ] {
        let (codigo, salida, errores) = en_fijas(argumentos);
        assert_eq!((codigo, salida.as_str()), (2, ""), "{errores}");
        assert!(errores.starts_with("error: "), "{errores}");
        assert!(
            errores.contains(&format!("\n\nUso: othello {orden} ")),
            "{errores}"
        );
    }
    assert!(!fijas().join("x.txt").exists());
}

#[test]
fn jugadas_en_orden_de_lectura_con_sus_volteos() {
    bien(
        en_fijas(&["jugadas", "inicial.txt", "N"]),
        "D3 1\nC4 1\nF5 1\nE6 1\n",
    );
    bien(
        othello(&fijas(), &["jugadas", "-", "n"], INICIAL),
        "D3 1\nC4 1\nF5 1\nE6 1\n",
    );
    bien(
        en_fijas(&["jugadas", "inicial.txt", "B"]),
        "E3 1\nF4 1\nC5 1\nD6 1\n",
    );
    bien(
        en_fijas(&["jugadas", "jugada-invalida-por-hueco.txt", "N"]),
        "G3 1\nC4 1\nC6 1\n",
    );
    bien(
        en_fijas(&["jugadas", "jugada-invalida-por-hueco.txt", "B"]),
        "",
    );
    bien(
        en_fijas(&["jugadas", "sin-vuelta-por-el-borde.txt", "N"]),
        "H6 1\n",
    );
    bien(en_fijas(&["jugadas", "nadie-puede-jugar.txt", "N"]), "");
    bien(en_fijas(&["jugadas", "nadie-puede-jugar.txt", "B"]), "");

    let (codigo, json, _) = json_en_fijas(&["jugadas", "solo-negras-pueden.txt", "N"]);
    assert_eq!(codigo, 0);
    assert_eq!(json["valor"], "N");
    assert_eq!(json["cantidad"], 5);
    let posiciones: Vec<&str> = json["jugadas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["posicion"].as_str().unwrap())
        .collect();
    assert_eq!(posiciones, ["F3", "F4", "F5", "E6", "F6"]);
    assert_eq!(tablero(&json), letras(&fija("solo-negras-pueden.txt")));
    assert_eq!(conteo(&json), (35, 2, 27));

    let (_, json, _) = json_en_fijas(&["jugadas", "solo-negras-pueden.txt", "B"]);
    assert_eq!(json["cantidad"], 0);
    assert_eq!(json["jugadas"], serde_json::json!([]));
}

/// Every move that `jugadas` lists can be played with `jugar`, and flips as many pieces
/// as it says.
#[test]
fn jugadas_y_jugar_concuerdan_en_cada_partida() {
    for nombre in FIJAS {
        for valor in ["N", "B"] {
            let (codigo, json, _) = json_en_fijas(&["jugadas", nombre, valor]);
            assert_eq!(codigo, 0);
            let lista = json["jugadas"].as_array().unwrap();
            assert_eq!(json["cantidad"], lista.len());
            let lineas: Vec<String> = lista
                .iter()
                .map(|j| format!("{} {}\n", j["posicion"].as_str().unwrap(), j["volteos"]))
                .collect();
            bien(en_fijas(&["jugadas", nombre, valor]), &lineas.concat());
            let mut anterior = None;
            for jugada in lista {
                let posicion = jugada["posicion"].as_str().unwrap();
                // Reading order: row first, then column.
                let clave = (&posicion[1..], &posicion[..1]);
                assert!(anterior < Some(clave), "{nombre} {valor}: {lista:?}");
                anterior = Some(clave);
                let (codigo, jugado, _) = json_en_fijas(&["jugar", nombre, posicion, valor]);
                assert_eq!(codigo, 0, "{nombre} {posicion} {valor}");
                assert_eq!(
                    jugado["volteadas"].as_array().unwrap().len() as u64,
                    jugada["volteos"].as_u64().unwrap(),
                    "{nombre} {posicion} {valor}"
                );
            }
        }
    }
}

#[test]
fn contar_cada_partida() {
    let cuentas = [
        ("inicial.txt", 2, 2, 60),
        ("figura2.txt", 4, 1, 59),
        ("figura3.txt", 3, 3, 58),
        ("varias-direcciones-despues.txt", 13, 5, 46),
        ("esquina-despues.txt", 7, 12, 45),
        ("lleno-ganan-negras.txt", 36, 28, 0),
        ("lleno-empate.txt", 32, 32, 0),
        ("sin-fichas-blancas.txt", 13, 0, 51),
        ("nadie-puede-jugar.txt", 30, 22, 12),
        ("solo-negras-pueden.txt", 35, 2, 27),
    ];
    for (nombre, n, b, v) in cuentas {
        let esperado = format!("N {n}\nB {b}\nV {v}\n");
        bien(en_fijas(&["contar", nombre]), &esperado);
        bien(othello(&fijas(), &["contar", "-"], fija(nombre)), &esperado);
        let (codigo, json, _) = json_en_fijas(&["contar", nombre]);
        assert_eq!(codigo, 0);
        assert_eq!(conteo(&json), (n, b, v), "{nombre}");
        assert_eq!(tablero(&json), letras(&fija(nombre)));
    }
}

#[test]
fn estado_de_partidas_terminadas() {
    bien(
        en_fijas(&["estado", "lleno-ganan-negras.txt", "--turno", "B"]),
        "La partida terminó: el tablero está lleno.\n\
         Ganan las negras, 36 a 28.\n\
         Negras (N): 36   Blancas (B): 28   Vacías (V): 0\n\
         Turno de las blancas (B): sin jugadas válidas.\n",
    );
    bien(
        othello(
            &fijas(),
            &["estado", "-", "--turno", "n"],
            fija("lleno-empate.txt"),
        ),
        "La partida terminó: el tablero está lleno.\n\
         Empate, 32 a 32.\n\
         Negras (N): 32   Blancas (B): 32   Vacías (V): 0\n\
         Turno de las negras (N): sin jugadas válidas.\n",
    );
    bien(
        en_fijas(&["estado", "sin-fichas-blancas.txt", "--turno", "N"]),
        "La partida terminó: ninguno de los dos puede jugar.\n\
         Ganan las negras, 13 a 0.\n\
         Negras (N): 13   Blancas (B): 0   Vacías (V): 51\n\
         Turno de las negras (N): sin jugadas válidas.\n",
    );

    // archivo, turno, motivo, ganador, N, B, V
    let casos = [
        (
            "lleno-ganan-negras.txt",
            "N",
            "tablero_lleno",
            "N",
            36,
            28,
            0,
        ),
        (
            "lleno-ganan-negras.txt",
            "B",
            "tablero_lleno",
            "N",
            36,
            28,
            0,
        ),
        ("lleno-empate.txt", "B", "tablero_lleno", "", 32, 32, 0),
        ("sin-fichas-blancas.txt", "B", "sin_fichas", "N", 13, 0, 51),
        (
            "sin-fichas-blancas.txt",
            "N",
            "ninguno_puede_jugar",
            "N",
            13,
            0,
            51,
        ),
        (
            "nadie-puede-jugar.txt",
            "N",
            "ninguno_puede_jugar",
            "N",
            30,
            22,
            12,
        ),
        (
            "nadie-puede-jugar.txt",
            "B",
            "ninguno_puede_jugar",
            "N",
            30,
            22,
            12,
        ),
    ];
    for (nombre, turno, motivo, ganador, n, b, v) in casos {
        let (codigo, json, _) = json_en_fijas(&["estado", nombre, "--turno", turno]);
        assert_eq!(codigo, 0);
        assert_eq!(json["terminada"], true, "{nombre}");
        assert_eq!(json["motivo"], motivo, "{nombre} {turno}");
        assert!(json["motivo_texto"].is_string());
        let esperado = if ganador.is_empty() {
            Value::Null
        } else {
            ganador.into()
        };
        assert_eq!(json["ganador"], esperado, "{nombre}");
        assert_eq!(json["turno"], turno);
        assert_eq!(json["turno_supuesto"], false);
        assert_eq!(json["puede_jugar"], false);
        assert_eq!(json["jugadas_validas"], serde_json::json!([]));
        assert_eq!(conteo(&json), (n, b, v));
    }
}

#[test]
fn estado_de_partidas_que_siguen() {
    bien(
        en_fijas(&["estado", "figura2.txt", "--turno", "B"]),
        "La partida sigue.\n\
         Negras (N): 4   Blancas (B): 1   Vacías (V): 59\n\
         Turno de las blancas (B): 3 jugadas válidas (C3, E3, C5).\n",
    );
    bien(
        en_fijas(&["estado", "sin-vuelta-por-el-borde.txt", "--turno", "N"]),
        "La partida sigue.\n\
         Negras (N): 4   Blancas (B): 4   Vacías (V): 56\n\
         Turno de las negras (N): 1 jugada válida (H6).\n",
    );
    // Without --turno, the turn is guessed from the pieces, and a note says so.
    bien(
        othello(&fijas(), &["estado", "-"], INICIAL),
        "La partida sigue.\n\
         Negras (N): 2   Blancas (B): 2   Vacías (V): 60\n\
         Turno de las negras (N): 4 jugadas válidas (D3, C4, F5, E6).\n\
         (Turno supuesto por la cantidad de fichas, como si nadie hubiera pasado; \
         dalo con --turno.)\n",
    );

    let (codigo, json, _) = json_en_fijas(&["estado", "solo-negras-pueden.txt", "--turno", "B"]);
    assert_eq!(codigo, 0);
    assert_eq!(json["terminada"], false);
    assert!(
        json.get("motivo").is_none() && json.get("ganador").is_none(),
        "{json}"
    );
    assert_eq!(json["puede_jugar"], false);
    assert_eq!(json["jugadas_validas"], serde_json::json!([]));
    assert_eq!(json["turno"], "B");

    let (_, json, _) = json_en_fijas(&["estado", "solo-negras-pueden.txt", "--turno", "N"]);
    assert_eq!(json["puede_jugar"], true);
    assert_eq!(
        textos(&json["jugadas_validas"]),
        ["F3", "F4", "F5", "E6", "F6"]
    );

    let (_, json, _) = json_en_fijas(&["estado", "figura2.txt"]);
    assert_eq!(json["turno"], "B");
    assert_eq!(json["turno_supuesto"], true);
    assert_eq!(textos(&json["jugadas_validas"]), ["C3", "E3", "C5"]);
    assert_eq!(conteo(&json), (4, 1, 59));
}

#[test]
fn exportar_e_importar_ida_y_vuelta_en_cada_partida() {
    let dir = carpeta();
    for nombre in FIJAS {
        let texto = fija(nombre);
        for turno in ["N", "B"] {
            let cadena = obf(&letras(&texto), turno.chars().next().unwrap());
            bien(
                en_fijas(&["exportar", nombre, "--turno", turno]),
                &format!("{cadena}\n"),
            );
            bien(
                othello(
                    &fijas(),
                    &["exportar", "-", "--formato", "obf", "--turno", turno],
                    texto.as_str(),
                ),
                &format!("{cadena}\n"),
            );
            // The fixtures are in the canonical format: back byte for byte.
            bien(en_fijas(&["importar", &cadena]), &texto);
            bien(
                othello(&fijas(), &["importar", "-"], format!("{cadena}\n")),
                &texto,
            );

            let (codigo, json, _) = json_en_fijas(&["exportar", nombre, "--turno", turno]);
            assert_eq!(codigo, 0);
            assert_eq!(json["obf"], cadena.as_str());
            assert_eq!(json["turno"], turno);
            assert_eq!(json["turno_supuesto"], false);
            assert_eq!(tablero(&json), letras(&texto));

            let (codigo, json, _) = json_en_fijas(&["importar", "--formato", "obf", &cadena]);
            assert_eq!(codigo, 0);
            assert_eq!(json["obf"], cadena.as_str());
            assert_eq!(json["turno"], turno);
            assert_eq!(tablero(&json), letras(&texto));
            conteo(&json);
        }
        // exportar, then importar into a file, gives the fixture back.
        let (_, cadena, _) = en_fijas(&["exportar", nombre]);
        bien(
            othello(
                dir.path(),
                &["importar", cadena.trim_end(), "--salida", nombre],
                "",
            ),
            "",
        );
        assert_eq!(fs::read_to_string(dir.path().join(nombre)).unwrap(), texto);
    }
}

#[test]
fn exportar_sin_turno_supone_uno() {
    bien(
        en_fijas(&["exportar", "inicial.txt"]),
        &format!("{OBF_INICIAL}\n"),
    );
    let (_, json, _) = json_en_fijas(&["exportar", "inicial.txt"]);
    assert_eq!(json["turno"], "N");
    assert_eq!(json["turno_supuesto"], true);
    let (_, json, _) = json_en_fijas(&["exportar", "figura2.txt"]);
    assert_eq!(json["turno"], "B");
    assert_eq!(json["turno_supuesto"], true);
    assert!(json["obf"].as_str().unwrap().ends_with(" O"));
}

#[test]
fn importar_las_cadenas_de_ffo() {
    let casillas: String = FFO_40[..64]
        .chars()
        .map(|c| match c {
            'X' => 'N',
            'O' => 'B',
            _ => 'V',
        })
        .collect();
    let esperado = archivo(&casillas);
    bien(en_fijas(&["importar", FFO_40]), &esperado);
    bien(
        othello(&fijas(), &["importar", "-"], format!("{FFO_40}\n")),
        &esperado,
    );
    // Lowercase and blanks around, as some engines write it.
    let otra = format!("  {}\t", FFO_40.to_lowercase());
    bien(en_fijas(&["importar", &otra]), &esperado);

    let (codigo, json, _) = json_en_fijas(&["importar", FFO_40]);
    assert_eq!(codigo, 0);
    assert_eq!(tablero(&json), casillas);
    assert_eq!(conteo(&json), (12, 32, 20));
    assert_eq!(json["turno"], "N");
    assert_eq!(json["obf"], &FFO_40[..66]);

    // The board of the start, as engines write it.
    bien(en_fijas(&["importar", OBF_INICIAL]), INICIAL);
}

#[test]
fn importar_los_tableros_finales_de_las_partidas_completas() {
    for partida in partidas_completas() {
        for turno in ['N', 'B'] {
            let cadena = obf(&partida.final_, turno);
            bien(en_fijas(&["importar", &cadena]), &archivo(&partida.final_));
            let (_, json, _) = json_en_fijas(&["importar", &cadena]);
            assert_eq!(tablero(&json), partida.final_, "partida {}", partida.id);
            let (n, b, _) = conteo(&json);
            assert_eq!((n, b), (partida.negras, partida.blancas));
        }
    }
}

#[test]
fn importar_cadenas_no_validas() {
    let casillas = &OBF_INICIAL[..64];
    // cadena, mensaje, columna
    let casos: [(String, &str, Option<u64>); 7] = [
        (
            format!("{}N{} X", &casillas[..10], &casillas[11..]),
            "columna 11: en la casilla C2 se encontró «N», se esperaba X, O o -",
            Some(11),
        ),
        (
            casillas[..60].to_owned(),
            "hay 60 casillas, se esperaban 64",
            None,
        ),
        (String::new(), "hay 0 casillas, se esperaban 64", None),
        (
            casillas.to_owned(),
            "falta el turno (X u O) después de las 64 casillas, separado por un espacio",
            None,
        ),
        (
            format!("{casillas} N"),
            "columna 66: se encontró «N», se esperaba el turno X u O",
            Some(66),
        ),
        (
            format!("{casillas} XO"),
            "columna 66: se encontró «XO», se esperaba el turno X u O",
            Some(66),
        ),
        (
            format!("{casillas}- X"),
            "columna 65: se encontró «- X», se esperaba el turno X u O",
            Some(65),
        ),
    ];
    let dir = carpeta();
    for (cadena, mensaje, columna) in casos {
        let error = format!("error: la cadena obf no es válida: {mensaje}\n");
        falla(othello(dir.path(), &["importar", &cadena], ""), 2, &error);
        falla(
            othello(dir.path(), &["importar", "-"], cadena.as_str()),
            2,
            &error,
        );
        falla(
            othello(
                dir.path(),
                &["importar", &cadena, "--salida", "tablero.txt"],
                "",
            ),
            2,
            &error,
        );
        assert!(!dir.path().join("tablero.txt").exists());

        let (codigo, json, _) = en_json(dir.path(), &["importar", &cadena], "");
        assert_eq!(codigo, 2);
        assert_eq!(json["error"]["clave"], "obf");
        assert_eq!(
            json["error"]["mensaje"],
            format!("la cadena obf no es válida: {mensaje}")
        );
        match columna {
            Some(columna) => {
                assert_eq!(json["error"]["linea"], 1);
                assert_eq!(json["error"]["columna"], columna);
            }
            None => assert!(json["error"].get("columna").is_none(), "{json}"),
        }
    }
}

#[test]
fn importar_con_salida_escribe_el_archivo() {
    let dir = carpeta();
    bien(
        othello(
            dir.path(),
            &["importar", "--salida", "inicial.txt", OBF_INICIAL],
            "",
        ),
        "",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("inicial.txt")).unwrap(),
        INICIAL
    );
    let (codigo, json, _) = en_json(
        dir.path(),
        &["importar", "-", "--salida", "ffo.txt"],
        FFO_40,
    );
    assert_eq!(codigo, 0);
    assert_eq!(json["guardado"], "ffo.txt");
    assert_eq!(
        letras(&fs::read_to_string(dir.path().join("ffo.txt")).unwrap()),
        tablero(&json)
    );
    // A folder that does not exist.
    let (codigo, json, errores) = en_json(
        dir.path(),
        &["importar", OBF_INICIAL, "--salida", "no-hay/x.txt"],
        "",
    );
    assert_eq!(codigo, 2);
    assert_eq!(json["error"]["clave"], "escritura");
    assert_eq!(json["error"]["archivo"], "no-hay/x.txt");
    assert_eq!(
        errores,
        "error: no se pudo guardar «no-hay/x.txt»: la carpeta no existe\n"
    );
}

/// Replays one transcript every way it can be given: as arguments, from a file and
/// from standard input. Returns what each run printed.
fn repetir_de_tres_formas(argumentos: &[&str], jugadas: &str) -> Vec<(i32, String, String)> {
    let dir = carpeta();
    fs::write(dir.path().join("jugadas.txt"), jugadas).unwrap();
    let como_argumentos: Vec<&str> = argumentos
        .iter()
        .copied()
        .chain(jugadas.split_whitespace())
        .collect();
    let mut de_archivo = argumentos.to_vec();
    de_archivo.extend(["--jugadas-de", "jugadas.txt"]);
    let mut de_entrada = argumentos.to_vec();
    de_entrada.extend(["--jugadas-de", "-"]);
    vec![
        othello(dir.path(), &como_argumentos, ""),
        othello(dir.path(), &de_archivo, ""),
        othello(dir.path(), &de_entrada, jugadas),
    ]
}

#[test]
fn partidas_completas_en_ambas_notaciones() {
    for partida in partidas_completas() {
        let id = &partida.id;
        let esperado = archivo(&partida.final_);
        // The compact one also wrapped over lines, as engines write it.
        let envuelta: String = partida
            .compacta
            .as_bytes()
            .chunks(20)
            .map(|linea| format!("{}\n", std::str::from_utf8(linea).unwrap()))
            .collect();
        let notaciones = [
            ("espaciada", partida.espaciada.clone()),
            ("compacta", partida.compacta.clone()),
            ("compacta", envuelta),
            ("compacta", partida.compacta.to_uppercase()),
        ];
        for (notacion, jugadas) in notaciones {
            for resultado in repetir_de_tres_formas(&["repetir"], &jugadas) {
                bien(resultado, &esperado);
            }
            let dir = carpeta();
            let (codigo, json, errores) = en_json(
                dir.path(),
                &["repetir", "--jugadas-de", "-"],
                jugadas.as_str(),
            );
            assert_eq!((codigo, errores.as_str()), (0, ""), "partida {id}");
            assert_eq!(tablero(&json), partida.final_, "partida {id}");
            let vacias = 64 - partida.negras - partida.blancas;
            assert_eq!(
                conteo(&json),
                (partida.negras, partida.blancas, vacias),
                "partida {id}"
            );
            assert_eq!(json["terminada"], true, "partida {id}");
            assert_eq!(json["notacion"], notacion, "partida {id}");
            assert_eq!(json["puede_jugar"], false);
            let motivo = if vacias == 0 {
                "tablero_lleno"
            } else {
                "ninguno_puede_jugar"
            };
            assert_eq!(json["motivo"], motivo, "partida {id}");
            let ganador = match partida.negras.cmp(&partida.blancas) {
                std::cmp::Ordering::Greater => Value::from("N"),
                std::cmp::Ordering::Less => Value::from("B"),
                std::cmp::Ordering::Equal => Value::Null,
            };
            assert_eq!(json["ganador"], ganador, "partida {id}");
            // Compact notation implies the passes: the moves played, passes included,
            // are the spaced transcript.
            let hechas: Vec<String> = partida
                .espaciada
                .split(' ')
                .map(|t| {
                    if t == "pasar" {
                        t.into()
                    } else {
                        t.to_uppercase()
                    }
                })
                .collect();
            assert_eq!(textos(&json["jugadas_hechas"]), hechas, "partida {id}");
        }
        // The final board is over for either player.
        for turno in ["N", "B"] {
            let (_, json, _) = en_json(
                &fijas(),
                &["estado", "-", "--turno", turno],
                esperado.as_str(),
            );
            assert_eq!(json["terminada"], true, "partida {id}");
        }
    }
}

#[test]
fn partidas_completas_con_salida() {
    let dir = carpeta();
    for partida in partidas_completas() {
        let nombre = format!("final-{}.txt", partida.id);
        bien(
            othello(
                dir.path(),
                &["repetir", "--salida", &nombre, &partida.compacta],
                "",
            ),
            "",
        );
        assert_eq!(
            fs::read_to_string(dir.path().join(&nombre)).unwrap(),
            archivo(&partida.final_)
        );
    }
}

#[test]
fn partida_espaciada_sin_un_pase_obligado() {
    for partida in partidas_completas() {
        let tokens: Vec<&str> = partida.espaciada.split(' ').collect();
        let Some(pase) = tokens.iter().position(|&t| t == "pasar") else {
            continue;
        };
        let mut sin_pase = tokens.clone();
        sin_pase.remove(pase);
        let quien = if pase % 2 == 0 { "negras" } else { "blancas" };
        let numero = pase + 1;
        let siguiente = tokens[pase + 1];
        let mensaje = format!(
            "error: la jugada {numero} («{siguiente}») no es válida: las {quien} no tienen \
             jugadas válidas: corresponde «pasar»\n"
        );
        for resultado in repetir_de_tres_formas(&["repetir"], &sin_pase.join(" ")) {
            falla(resultado, 1, &mensaje);
        }
        // The board before it is the one reached by the moves before it.
        let antes = &tokens[..pase];
        let (_, tablero_antes, _) = othello(&fijas(), &[&["repetir"][..], antes].concat(), "");
        let (codigo, salida, errores) = othello(
            &fijas(),
            &[&["repetir", "--hasta-error"][..], &sin_pase[..]].concat(),
            "",
        );
        assert_eq!((codigo, errores.as_str()), (1, mensaje.as_str()));
        assert_eq!(salida, tablero_antes);

        let (codigo, json, _) = en_json(
            &fijas(),
            &["repetir", "--jugadas-de", "-"],
            sin_pase.join(" "),
        );
        assert_eq!(codigo, 1);
        assert_eq!(json["error"]["clave"], "debe_pasar");
        assert_eq!(json["error"]["numero"], numero);
        assert_eq!(json["error"]["texto"], siguiente);
        assert_eq!(textos(&json["jugadas_hechas"]), antes);
        assert_eq!(tablero(&json), letras(&tablero_antes));
    }
}

#[test]
fn repetir_nombra_la_jugada_no_valida() {
    let mensaje = "error: la jugada 2 («A1») no es válida: una ficha en A1 no flanquea ninguna \
                   ficha rival\n";
    for resultado in repetir_de_tres_formas(&["repetir"], "C4 A1") {
        falla(resultado, 1, mensaje);
    }
    let (codigo, salida, errores) = en_fijas(&["repetir", "--hasta-error", "C4", "A1", "D3"]);
    assert_eq!((codigo, errores.as_str()), (1, mensaje));
    assert_eq!(salida, TRAS_C4);

    for extra in [&[][..], &["--hasta-error"][..]] {
        let (codigo, json, _) =
            json_en_fijas(&[&["repetir"][..], extra, &["C4", "A1"][..]].concat());
        assert_eq!(codigo, 1);
        assert_eq!(json["error"]["clave"], "sin_flanqueo");
        assert_eq!(json["error"]["numero"], 2);
        assert_eq!(json["error"]["texto"], "A1");
        assert_eq!(
            json["error"]["mensaje"],
            "una ficha en A1 no flanquea ninguna ficha rival"
        );
        assert_eq!(textos(&json["jugadas_hechas"]), ["C4"]);
        assert_eq!(tablero(&json), letras(TRAS_C4));
        assert_eq!(json["turno"], "B");
        assert_eq!(json["terminada"], false);
    }

    // Each reason, with the text as written.
    let casos = [
        (
            "c4 zz",
            2,
            "zz",
            "formato",
            format!("«zz» {NO_ES_POSICION}"),
        ),
        (
            "f5 D6 i9",
            3,
            "i9",
            "fuera_del_tablero",
            "«i9» está fuera del tablero (columnas A-H, filas 1-8)".to_owned(),
        ),
        (
            "C4 C3 d4",
            3,
            "d4",
            "ocupada",
            "la casilla D4 ya está ocupada".to_owned(),
        ),
        (
            "f5d6c3a8",
            4,
            "a8",
            "sin_flanqueo",
            "una ficha en A8 no flanquea ninguna ficha rival".to_owned(),
        ),
    ];
    for (jugadas, numero, texto, clave, razon) in casos {
        falla(
            en_fijas(&["repetir", jugadas]),
            1,
            &format!("error: la jugada {numero} («{texto}») no es válida: {razon}\n"),
        );
        let (codigo, json, _) = json_en_fijas(&["repetir", jugadas]);
        assert_eq!(codigo, 1);
        assert_eq!(json["error"]["numero"], numero, "{jugadas}");
        assert_eq!(json["error"]["texto"], texto);
        assert_eq!(json["error"]["clave"], clave);
        assert_eq!(json["error"]["mensaje"], razon.as_str());
        assert_eq!(json["jugadas_hechas"].as_array().unwrap().len(), numero - 1);
    }
}

#[test]
fn repetir_despues_del_final() {
    let mensaje = "error: la jugada 3 («C4») no es válida: la partida ya terminó \
                   (ambos jugadores pasaron, uno después del otro)\n";
    for resultado in repetir_de_tres_formas(&["repetir"], "pasar pasar C4") {
        falla(resultado, 1, mensaje);
    }
    let (codigo, salida, _) = en_fijas(&["repetir", "--hasta-error", "pasar", "PA", "C4"]);
    assert_eq!(codigo, 1);
    assert_eq!(salida, INICIAL);

    let (codigo, json, _) = json_en_fijas(&["repetir", "pasar", "pasar", "C4"]);
    assert_eq!(codigo, 1);
    assert_eq!(json["error"]["clave"], "terminada");
    assert_eq!(json["error"]["numero"], 3);
    assert_eq!(json["error"]["texto"], "C4");
    assert_eq!(json["terminada"], true);
    assert_eq!(json["motivo"], "dos_pases");
    assert_eq!(json["ganador"], Value::Null);
    assert_eq!(json["puede_jugar"], false);
    assert_eq!(textos(&json["jugadas_hechas"]), ["pasar", "pasar"]);

    // After the last move of a complete game, one more move is refused.
    let partida = &partidas_completas()[0];
    let (codigo, salida, errores) = en_fijas(&[
        "repetir",
        "--hasta-error",
        &format!("{}a1", partida.compacta),
    ]);
    assert_eq!(codigo, 1);
    assert_eq!(salida, archivo(&partida.final_));
    assert!(
        errores.starts_with("error: la jugada 61 («a1») no es válida: la partida ya terminó ("),
        "{errores}"
    );
}

#[test]
fn repetir_tolera_separadores_comentarios_y_mayusculas() {
    let figura3 = fija("figura3.txt");
    let escrituras = ["C4 C3", "c4,c3", "  c4 ,, C3\t\r\n", "c4c3", "C4C3\n"];
    for jugadas in escrituras {
        for resultado in repetir_de_tres_formas(&["repetir"], jugadas) {
            bien(resultado, &figura3);
        }
    }
    // Comment lines, in a file or on standard input.
    let dir = carpeta();
    let comentada = "# figura 3 de la tarea\nC4\n  # negras, luego blancas\nc3\n";
    fs::write(dir.path().join("jugadas.txt"), comentada).unwrap();
    bien(
        othello(dir.path(), &["repetir", "--jugadas-de", "jugadas.txt"], ""),
        &figura3,
    );
    bien(
        othello(dir.path(), &["repetir", "--jugadas-de", "-"], comentada),
        &figura3,
    );
    // Passes, spelled either way.
    let (codigo, json, _) = json_en_fijas(&["repetir", "Pasar", "e3", "pa", "c6"]);
    assert_eq!(codigo, 0);
    assert_eq!(json["notacion"], "espaciada");
    assert_eq!(
        textos(&json["jugadas_hechas"]),
        ["pasar", "E3", "pasar", "C6"]
    );
    assert_eq!(json["turno"], "N");
    // White's C6 took black's last piece.
    assert_eq!(json["motivo"], "sin_fichas");
    assert_eq!(json["ganador"], "B");
    let (_, json, _) = json_en_fijas(&["repetir", "f5d6c3"]);
    assert_eq!(json["notacion"], "compacta");
    assert_eq!(textos(&json["jugadas_hechas"]), ["F5", "D6", "C3"]);
}

#[test]
fn repetir_desde_un_tablero_y_con_turno() {
    let figura3 = fija("figura3.txt");
    bien(
        en_fijas(&["repetir", "--desde", "figura2.txt", "--turno", "B", "C3"]),
        &figura3,
    );
    bien(
        othello(
            &fijas(),
            &["repetir", "--desde", "-", "--turno", "b", "c3"],
            TRAS_C4,
        ),
        &figura3,
    );
    bien(
        en_fijas(&["repetir", "--desde", "inicial.txt", "C4"]),
        TRAS_C4,
    );
    // Black first unless told: C3 is white's move.
    falla(
        en_fijas(&["repetir", "--desde", "figura2.txt", "C3"]),
        1,
        "error: la jugada 1 («C3») no es válida: una ficha en C3 no flanquea ninguna ficha \
         rival\n",
    );

    // White cannot move: in spaced notation the pass is written, in compact it is implied.
    let (codigo, json, _) = json_en_fijas(&[
        "repetir",
        "--desde",
        "solo-negras-pueden.txt",
        "--turno",
        "B",
        "pasar",
        "F3",
    ]);
    assert_eq!(codigo, 0);
    assert_eq!(textos(&json["jugadas_hechas"]), ["pasar", "F3"]);
    let despues = tablero(&json);
    let (_, json, _) = json_en_fijas(&[
        "repetir",
        "--desde",
        "solo-negras-pueden.txt",
        "--turno",
        "B",
        "f3f4",
    ]);
    assert_eq!(json["error"], Value::Null, "{json}");
    assert_eq!(textos(&json["jugadas_hechas"])[..2], ["pasar", "F3"]);
    falla(
        en_fijas(&[
            "repetir",
            "--desde",
            "solo-negras-pueden.txt",
            "--turno",
            "B",
            "F3",
        ]),
        1,
        "error: la jugada 1 («F3») no es válida: las blancas no tienen jugadas válidas: \
         corresponde «pasar»\n",
    );
    let (codigo, json, _) = json_en_fijas(&[
        "repetir",
        "--desde",
        "solo-negras-pueden.txt",
        "--turno",
        "B",
        "--hasta-error",
        "pasar",
        "F3",
        "pasar",
        "pasar",
    ]);
    assert_eq!(codigo, 0);
    assert_eq!(json["terminada"], true);
    assert_eq!(json["motivo"], "dos_pases");
    assert_eq!(tablero(&json), despues);
}

#[test]
fn repetir_con_salida_y_sin_escribir_si_falla() {
    let dir = carpeta();
    bien(
        othello(
            dir.path(),
            &["repetir", "--salida", "figura3.txt", "C4", "C3"],
            "",
        ),
        "",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("figura3.txt")).unwrap(),
        fija("figura3.txt")
    );
    let (codigo, json, _) = en_json(
        dir.path(),
        &["repetir", "--salida", "tras-c4.txt", "C4"],
        "",
    );
    assert_eq!(codigo, 0);
    assert_eq!(json["guardado"], "tras-c4.txt");
    assert_eq!(
        fs::read_to_string(dir.path().join("tras-c4.txt")).unwrap(),
        TRAS_C4
    );

    for extra in [&[][..], &["--hasta-error"][..]] {
        let argumentos = [
            &["repetir", "--salida", "mal.txt"][..],
            extra,
            &["C4", "A1"][..],
        ]
        .concat();
        let (codigo, _, errores) = othello(dir.path(), &argumentos, "");
        assert_eq!(codigo, 1, "{errores}");
        assert!(!dir.path().join("mal.txt").exists(), "{argumentos:?}");
    }
}

#[test]
fn entrada_estandar_se_lee_una_sola_vez() {
    let mensaje = "la entrada estándar («-») se puede leer una sola vez";
    let dobles: [&[&str]; 3] = [
        &["repetir", "--desde", "-", "--jugadas-de", "-"],
        &["validar", "-", "-"],
        &["validar", "inicial.txt", "-", "figura2.txt", "-"],
    ];
    for argumentos in dobles {
        let (codigo, _, errores) = en_fijas_con(argumentos, INICIAL);
        assert_eq!(codigo, 2, "{argumentos:?}");
        assert_eq!(errores, format!("error: {mensaje}\n"), "{argumentos:?}");
        let (codigo, json, _) = en_json(&fijas(), argumentos, INICIAL);
        assert_eq!(codigo, 2);
        assert_eq!(json["error"]["clave"], "uso");
        assert_eq!(json["error"]["mensaje"], mensaje);
    }
    // Once is fine, in either place.
    bien(
        othello(&fijas(), &["repetir", "--desde", "-", "C4"], INICIAL),
        TRAS_C4,
    );
    bien(
        othello(
            &fijas(),
            &["repetir", "--desde", "inicial.txt", "--jugadas-de", "-"],
            "C4\n",
        ),
        TRAS_C4,
    );
}

fn en_fijas_con(argumentos: &[&str], entrada: &str) -> (i32, String, String) {
    othello(&fijas(), argumentos, entrada)
}

/// Every order that reads a board, with `ARCHIVO` where the board goes.
const LECTORAS: [&[&str]; 8] = [
    &["mostrar", "ARCHIVO"],
    &["jugar", "ARCHIVO", "C4", "N"],
    &["jugadas", "ARCHIVO", "N"],
    &["contar", "ARCHIVO"],
    &["estado", "ARCHIVO"],
    &["exportar", "ARCHIVO"],
    &["repetir", "--desde", "ARCHIVO", "C4"],
    &["repetir", "--jugadas-de", "ARCHIVO"],
];

/// `orden` reading `ruta`.
fn con_archivo<'a>(orden: &[&'a str], ruta: &'a str) -> Vec<&'a str> {
    orden
        .iter()
        .map(|&a| if a == "ARCHIVO" { ruta } else { a })
        .collect()
}

#[test]
fn archivo_que_falta_o_es_una_carpeta() {
    let dir = carpeta();
    fs::create_dir(dir.path().join("carpeta")).unwrap();
    fs::write(dir.path().join("enorme.txt"), INICIAL.repeat(400)).unwrap();
    let casos = [
        ("no-existe.txt", "no existe el archivo «no-existe.txt»"),
        ("carpeta", "«carpeta» es una carpeta, no un archivo"),
        (
            "enorme.txt",
            "«enorme.txt» pesa más de 64 KiB: no puede ser un tablero",
        ),
    ];
    for orden in LECTORAS {
        for (ruta, mensaje) in casos {
            let argumentos = con_archivo(orden, ruta);
            falla(
                othello(dir.path(), &argumentos, ""),
                2,
                &format!("error: {mensaje}\n"),
            );
            let (codigo, json, _) = en_json(dir.path(), &argumentos, "");
            assert_eq!(codigo, 2, "{argumentos:?}");
            assert_eq!(json["error"]["clave"], "lectura", "{argumentos:?}");
            assert_eq!(json["error"]["mensaje"], mensaje);
            assert_eq!(json["error"]["archivo"], ruta);
            assert!(json.get("tablero").is_none(), "{json}");
        }
    }
    // Standard input past the limit.
    falla(
        othello(dir.path(), &["contar", "-"], INICIAL.repeat(400)),
        2,
        "error: «(entrada estándar)» pesa más de 64 KiB: no puede ser un tablero\n",
    );
}

/// Boards that are not in the format: text, line, column, what is wrong.
fn tableros_malos() -> Vec<(Vec<u8>, u64, u64, String)> {
    let fila = "V, V, V, V, V, V, V, V\n";
    let mut no_utf8 = INICIAL.as_bytes().to_vec();
    no_utf8[23 + 3] = 0xFF;
    vec![
        (
            INICIAL.replacen("B, N", "b, N", 1).into_bytes(),
            4,
            10,
            "en la casilla D4 se encontró \"b\", se esperaba B, N o V".into(),
        ),
        (
            INICIAL.replacen("N, B", "N, X", 1).into_bytes(),
            5,
            13,
            "en la casilla E5 se encontró \"X\", se esperaba B, N o V".into(),
        ),
        (
            fila.repeat(7).into_bytes(),
            8,
            1,
            "faltan filas: se encontraron 7, se esperaban 8".into(),
        ),
        (
            format!("{INICIAL}{fila}").into_bytes(),
            9,
            1,
            "sobran filas: se esperaban solo 8 (se encontró una novena)".into(),
        ),
        (
            INICIAL
                .replacen("V, V, V, V, V, V, V, V", "V, V, V, V, V, V, V", 1)
                .into_bytes(),
            1,
            20,
            "la fila 1 tiene 7 casillas, se esperaban 8".into(),
        ),
        (
            INICIAL.replacen('\n', "\n\n", 1).into_bytes(),
            2,
            1,
            "línea en blanco donde se esperaba una fila de 8 casillas".into(),
        ),
        (
            Vec::new(),
            1,
            1,
            "el archivo está vacío (se esperaban 8 filas de 8 casillas)".into(),
        ),
        (no_utf8, 2, 4, "el texto no es UTF-8 válido".into()),
    ]
}

#[test]
fn archivo_mal_formado_dice_linea_y_columna() {
    let dir = carpeta();
    for (texto, linea, columna, descripcion) in tableros_malos() {
        fs::write(dir.path().join("malo.txt"), &texto).unwrap();
        for orden in LECTORAS[..7].iter() {
            for (ruta, nombre) in [("malo.txt", "malo.txt"), ("-", "(entrada estándar)")] {
                let argumentos = con_archivo(orden, ruta);
                falla(
                    othello(dir.path(), &argumentos, texto.clone()),
                    2,
                    &format!(
                        "error: «{nombre}» no es un tablero válido: línea {linea}, columna \
                         {columna}: {descripcion}\n"
                    ),
                );
                let (codigo, json, _) = en_json(dir.path(), &argumentos, texto.clone());
                assert_eq!(codigo, 2);
                let error = &json["error"];
                assert_eq!(error["clave"], "formato", "{argumentos:?}");
                assert_eq!(error["archivo"], nombre);
                assert_eq!(error["linea"], linea, "{descripcion}");
                assert_eq!(error["columna"], columna, "{descripcion}");
                assert!(
                    error["mensaje"].as_str().unwrap().ends_with(&descripcion),
                    "{error}"
                );
            }
        }
    }
}

#[test]
fn validar_todas_las_partidas() {
    let avisos = "\
jugada-invalida-por-hueco.txt:4:13: aviso: la casilla central E4 está vacía y en una partida real nunca lo está
jugada-invalida-por-hueco.txt:5:13: aviso: la casilla central E5 está vacía y en una partida real nunca lo está
nadie-puede-jugar.txt:4:13: aviso: la casilla central E4 está vacía y en una partida real nunca lo está
nadie-puede-jugar.txt:5:10: aviso: la casilla central D5 está vacía y en una partida real nunca lo está
nadie-puede-jugar.txt:5:13: aviso: la casilla central E5 está vacía y en una partida real nunca lo está
sin-vuelta-por-el-borde.txt:4:10: aviso: la casilla central D4 está vacía y en una partida real nunca lo está
sin-vuelta-por-el-borde.txt:4:13: aviso: la casilla central E4 está vacía y en una partida real nunca lo está
sin-vuelta-por-el-borde.txt:5:10: aviso: la casilla central D5 está vacía y en una partida real nunca lo está
sin-vuelta-por-el-borde.txt:5:13: aviso: la casilla central E5 está vacía y en una partida real nunca lo está
varias-direcciones-antes.txt:4:10: aviso: la casilla central D4 está vacía y en una partida real nunca lo está
";
    let argumentos = [&["validar"][..], &FIJAS].concat();
    bien(en_fijas(&argumentos), avisos);
    bien(othello(&fijas(), &["validar", "-"], INICIAL), "");

    let (codigo, json, _) = json_en_fijas(&argumentos);
    assert_eq!(codigo, 0);
    let archivos = json["archivos"].as_array().unwrap();
    assert_eq!(archivos.len(), FIJAS.len());
    for (informe, nombre) in archivos.iter().zip(FIJAS) {
        assert_eq!(informe["archivo"], nombre);
        assert_eq!(informe["valido"], true);
        assert_eq!(informe["errores"], serde_json::json!([]));
        let esperados = avisos.matches(&format!("{nombre}:")).count();
        assert_eq!(
            informe["avisos"].as_array().unwrap().len(),
            esperados,
            "{nombre}"
        );
    }
    let avisos_borde = &archivos[10]["avisos"];
    assert_eq!(avisos_borde[0]["linea"], 4);
    assert_eq!(avisos_borde[0]["columna"], 10);
    assert_eq!(
        avisos_borde[0]["mensaje"],
        "la casilla central D4 está vacía y en una partida real nunca lo está"
    );
}

#[test]
fn validar_una_mezcla_con_archivos_rotos() {
    let dir = carpeta();
    fs::write(dir.path().join("bueno.txt"), INICIAL).unwrap();
    // Three problems, reported in the order of the text.
    let roto = "V, V, V, V, V, V, V, V\nV, V, X, V, V, V, V, V\nV, V, V, V, V, V, V\n";
    fs::write(dir.path().join("roto.txt"), roto).unwrap();
    // Valid, but with a single piece.
    let mut solo = String::from("N, V, V, V, V, V, V, V\n");
    solo += &"V, V, V, V, V, V, V, V\n".repeat(7);
    fs::write(dir.path().join("solo.txt"), &solo).unwrap();
    fs::create_dir(dir.path().join("carpeta")).unwrap();
    let argumentos = [
        "validar",
        "bueno.txt",
        "roto.txt",
        "no-existe.txt",
        "solo.txt",
        "carpeta",
        "-",
    ];
    let centro = |linea, columna, casilla| {
        format!(
            "solo.txt:{linea}:{columna}: aviso: la casilla central {casilla} está vacía y en \
             una partida real nunca lo está\n"
        )
    };
    let esperado = [
        "roto.txt:2:7: error: en la casilla C2 se encontró \"X\", se esperaba B, N o V\n".into(),
        "roto.txt:3:20: error: la fila 3 tiene 7 casillas, se esperaban 8\n".into(),
        "roto.txt:4:1: error: faltan filas: se encontraron 3, se esperaban 8\n".into(),
        "no-existe.txt: error: no existe el archivo «no-existe.txt»\n".into(),
        "solo.txt: aviso: el tablero tiene 1 ficha y ninguna partida real tiene menos de 4\n"
            .into(),
        centro(4, 10, "D4"),
        centro(4, 13, "E4"),
        centro(5, 10, "D5"),
        centro(5, 13, "E5"),
        "carpeta: error: «carpeta» es una carpeta, no un archivo\n".into(),
        "(entrada estándar):1:4: error: la fila 1 tiene 2 casillas, se esperaban 8\n".into(),
        "(entrada estándar):2:1: error: faltan filas: se encontraron 1, se esperaban 8\n".into(),
    ]
    .concat();
    let (codigo, salida, errores) = othello(dir.path(), &argumentos, "V,V\n");
    assert_eq!(codigo, 2);
    assert_eq!(salida, esperado);
    assert_eq!(errores, "error: 4 de 6 archivos no son tableros válidos\n");

    let (codigo, json, errores) = en_json(dir.path(), &argumentos, "V,V\n");
    assert_eq!(codigo, 2);
    assert_eq!(errores, "error: 4 de 6 archivos no son tableros válidos\n");
    let archivos = json["archivos"].as_array().unwrap();
    let validos: Vec<bool> = archivos.iter().map(|a| a["valido"] == true).collect();
    assert_eq!(validos, [true, false, false, true, false, false]);
    let nombres: Vec<&str> = archivos
        .iter()
        .map(|a| a["archivo"].as_str().unwrap())
        .collect();
    assert_eq!(
        nombres,
        [
            "bueno.txt",
            "roto.txt",
            "no-existe.txt",
            "solo.txt",
            "carpeta",
            "(entrada estándar)"
        ]
    );
    let errores_roto: Vec<(u64, u64)> = archivos[1]["errores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["linea"].as_u64().unwrap(), e["columna"].as_u64().unwrap()))
        .collect();
    assert_eq!(errores_roto, [(2, 7), (3, 20), (4, 1)]);
    assert_eq!(
        archivos[1]["errores"][1]["mensaje"],
        "la fila 3 tiene 7 casillas, se esperaban 8"
    );
    assert_eq!(archivos[1]["avisos"], serde_json::json!([]));
    let falta = &archivos[2]["errores"][0];
    assert_eq!(falta["mensaje"], "no existe el archivo «no-existe.txt»");
    assert!(
        falta.get("linea").is_none() && falta.get("columna").is_none(),
        "{falta}"
    );
    let avisos_solo = archivos[3]["avisos"].as_array().unwrap();
    assert_eq!(avisos_solo.len(), 5);
    assert!(avisos_solo[0].get("linea").is_none(), "{}", avisos_solo[0]);
    assert_eq!(archivos[3]["errores"], serde_json::json!([]));
    assert_eq!(archivos[5]["errores"].as_array().unwrap().len(), 2);

    // Every malformed board of the other test, one line per problem.
    for (texto, linea, columna, descripcion) in tableros_malos() {
        fs::write(dir.path().join("malo.txt"), &texto).unwrap();
        let (codigo, salida, errores) = othello(dir.path(), &["validar", "malo.txt"], "");
        assert_eq!(codigo, 2);
        assert!(
            salida.starts_with(&format!(
                "malo.txt:{linea}:{columna}: error: {descripcion}\n"
            )),
            "{salida}"
        );
        assert_eq!(errores, "error: 1 de 1 archivo no es un tablero válido\n");
    }
}

#[test]
fn arreglos_de_la_revision() {
    let dir = carpeta();
    fs::create_dir(dir.path().join("carpeta")).unwrap();
    // Usage errors with --json still give one JSON object.
    let (codigo, salida, _) = othello(dir.path(), &["jugar", "x.txt", "C4", "X", "--json"], "");
    assert_eq!(codigo, 2);
    let json: serde_json::Value = serde_json::from_str(&salida).unwrap();
    assert_eq!(
        (json["orden"].as_str(), json["ok"].as_bool()),
        (Some("jugar"), Some(false))
    );
    assert_eq!(json["error"]["clave"], "uso");
    // Options that exclude each other are named as such.
    let (_, _, errores) = othello(
        dir.path(),
        &[
            "jugar",
            "x.txt",
            "C4",
            "N",
            "--salida",
            "y.txt",
            "--en-sitio",
        ],
        "",
    );
    assert!(
        errores.starts_with("error: --salida <ARCHIVO> y --en-sitio no van juntos\n"),
        "{errores}"
    );
    // A folder as the output is a failure to write.
    let obf = format!("{} X", "-".repeat(27) + "OX------XO" + &"-".repeat(27));
    let (codigo, salida, _) = othello(
        dir.path(),
        &["importar", "--salida", "carpeta", "--json", &obf],
        "",
    );
    assert_eq!(codigo, 2);
    let json: serde_json::Value = serde_json::from_str(&salida).unwrap();
    assert_eq!(json["error"]["clave"], "escritura");
    // A finished game lists no moves.
    let (_, salida, _) = othello(dir.path(), &["repetir", "pasar", "pasar", "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&salida).unwrap();
    assert_eq!(json["terminada"], true);
    assert_eq!(json["jugadas_validas"], serde_json::json!([]));
    // A `#` among the moves on the command line is a bad move, not a comment.
    let (codigo, _, errores) = othello(dir.path(), &["repetir", "#", "C4"], "");
    assert_eq!(codigo, 1);
    assert!(
        errores.contains("la jugada 1 («#») no es válida"),
        "{errores}"
    );
    // `--salida -` is standard output.
    let (codigo, salida, _) = othello(dir.path(), &["repetir", "C4", "--salida", "-"], "");
    assert_eq!(codigo, 0);
    assert_eq!(salida, fija("figura2.txt"));
    assert!(!dir.path().join("-").exists());
    // An unknown order is named.
    let (codigo, _, errores) = othello(dir.path(), &["noexiste"], "");
    assert_eq!(codigo, 2);
    assert!(
        errores.starts_with("error: «noexiste» no es una orden\n"),
        "{errores}"
    );
}
