//! The computer players through the program's orders: tournaments that repeat with
//! their seed, exact solving, analysis, perft, and the players named on the command
//! line. The game against the computer is tested in-process (`juego`).

use assert_cmd::Command;
use std::time::Duration;

/// The program's output for `argumentos` and `entrada`, and its exit code.
fn correr(argumentos: &[&str], entrada: &str) -> (Option<i32>, String) {
    let salida = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(argumentos)
        .env("NO_COLOR", "1")
        .write_stdin(entrada)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        salida.status.code(),
        String::from_utf8(salida.stdout).unwrap(),
    )
}

#[test]
fn jugadores_desconocidos_son_error_de_uso() {
    let salida = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(["--negro", "experto"])
        .output()
        .unwrap();
    assert_eq!(salida.status.code(), Some(2));
    let errores = String::from_utf8(salida.stderr).unwrap();
    assert!(
        errores.starts_with("error: valor «experto» inválido para --negro <JUGADOR>"),
        "{errores}"
    );
}

#[test]
fn un_torneo_con_semilla_se_repite() {
    let argumentos = [
        "torneo",
        "--negro",
        "libro",
        "--blanco",
        "aleatorio",
        "--partidas",
        "10",
        "--aperturas",
        "3",
        "--semilla",
        "5",
        "--json",
    ];
    let (codigo, salida) = correr(&argumentos, "");
    assert_eq!(codigo, Some(0));
    let json: serde_json::Value = serde_json::from_str(&salida).unwrap();
    let marcadores = json["torneo"]["marcadores"].as_array().unwrap();
    assert_eq!(marcadores.len(), 6);
    let resumen = |json: &serde_json::Value| -> Vec<(String, String, u64, u64, u64)> {
        json["torneo"]["marcadores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["jugador"].as_str().unwrap().to_owned(),
                    m["color"].as_str().unwrap().to_owned(),
                    m["ganadas"].as_u64().unwrap(),
                    m["empates"].as_u64().unwrap(),
                    m["perdidas"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let (_, otra_vez) = correr(&argumentos, "");
    let otra_vez: serde_json::Value = serde_json::from_str(&otra_vez).unwrap();
    assert_eq!(resumen(&json), resumen(&otra_vez));
    // Each player played 5 games with each color; one's wins are the other's losses.
    let filas = resumen(&json);
    assert_eq!(filas[2].2 + filas[2].3 + filas[2].4, 10);
    assert_eq!((filas[2].2, filas[2].4), (filas[5].4, filas[5].2));
    assert_eq!(filas[0].2 + filas[0].3 + filas[0].4, 5);
    // The text table says the same.
    let (_, texto) = correr(&argumentos[..argumentos.len() - 1], "");
    assert!(
        texto.starts_with("Torneo: libro contra aleatorio, 10 partidas"),
        "{texto}"
    );
    assert!(
        texto.contains(&format!("libro en total{:>18}", filas[2].2)),
        "{texto}"
    );
}

/// FFO #1 (14 empties), black to move: G8 wins by 18, and every move's exact score.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; \
                     G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

#[test]
fn resolver_una_posicion_ffo_desde_la_cadena_y_desde_un_archivo() {
    let (codigo, salida) = correr(&["resolver", "--obf", FFO_1], "");
    assert_eq!(codigo, Some(0));
    assert!(
        salida.starts_with("Mejor jugada: G8\nDiferencia final: +18 para las negras"),
        "{salida}"
    );
    // The same position as a board file on standard input.
    let (_, tablero) = correr(&["importar", FFO_1], "");
    let (codigo, json) = correr(&["resolver", "-", "--turno", "N", "--json"], &tablero);
    assert_eq!(codigo, Some(0));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["mejor"], "G8");
    assert_eq!(json["diferencia"], 18);
    assert!(json["nodos"].as_u64().unwrap() > 0);
    // Without the side to move, a board file is not enough.
    let salida = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(["resolver", "-"])
        .write_stdin(tablero)
        .output()
        .unwrap();
    assert_eq!(salida.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(salida.stderr).unwrap(),
        "error: falta --turno N|B: el archivo no dice quién mueve\n"
    );
}

#[test]
fn analizar_da_el_puntaje_exacto_de_cada_jugada() {
    let (codigo, salida) = correr(&["analizar", "--obf", FFO_1, "--profundidad", "20"], "");
    assert_eq!(codigo, Some(0));
    let esperado: Vec<(String, i64)> = FFO_1
        .split(';')
        .skip(1)
        .filter_map(|campo| campo.trim().split_once(':'))
        .map(|(jugada, puntaje)| (jugada.to_owned(), puntaje.parse().unwrap()))
        .collect();
    let mut obtenido: Vec<(String, i64)> = salida
        .lines()
        .map(|linea| {
            assert!(linea.ends_with(" (exacto)"), "{linea}");
            let mut partes = linea.split(' ');
            (
                partes.next().unwrap().to_owned(),
                partes.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let mut esperado_ordenado = esperado.clone();
    esperado_ordenado.sort();
    obtenido.sort();
    assert_eq!(obtenido, esperado_ordenado);
}

#[test]
fn perft_dice_su_convencion_y_da_la_serie_publicada() {
    let (codigo, salida) = correr(&["perft", "7"], "");
    assert_eq!(codigo, Some(0));
    assert!(
        salida.contains("un pase cuenta como jugada; convención publicada"),
        "{salida}"
    );
    assert!(salida.contains("sin jugarla"));
    let (_, json) = correr(&["perft", "7", "--convencion", "ajedrez", "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let nodos: Vec<u64> = json["perft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|fila| fila["nodos"].as_u64().unwrap())
        .collect();
    assert_eq!(nodos, [4, 12, 56, 244, 1396, 8200, 55092]);
    assert_eq!(json["convencion"], "ajedrez");
    // From a board: Figure 2 with white to move.
    let (_, figura2) = correr(
        &["perft", "2", "--desde", "-", "--turno", "B", "--json"],
        include_str!("../../partidas/figura2.txt"),
    );
    let figura2: serde_json::Value = serde_json::from_str(&figura2).unwrap();
    assert_eq!(figura2["perft"][0]["nodos"], 3);
}

/// FFO #59 (34 empties): black wipes white out with H4, G8 or E8 (+64). The order used
/// to run rounds of the mid-game search until it reached the end of the game, which
/// took hours; its rounds now try the exact solve, which takes about a second.
#[test]
fn resolver_ffo_59_termina_pronto() {
    let obf = "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X";
    let (codigo, salida) = correr(&["resolver", "--obf", obf, "--hilos", "1", "--json"], "");
    assert_eq!(codigo, Some(0), "{salida}");
    let json: serde_json::Value = serde_json::from_str(&salida).unwrap();
    assert_eq!(json["diferencia"], 64);
    assert_eq!(json["exacta"], true);
    let mejor = json["mejor"].as_str().unwrap();
    assert!(["H4", "G8", "E8"].contains(&mejor), "{mejor}");
}
