//! The engine's orders in this process: their text (one number format, a decimal point
//! and no thousands separators; singular and plural), and the tournament's progress as
//! the library reports it. Exact scores are the engine's tests' business.

use std::cell::RefCell;

use super::{json, orden, orden_con, ruta};

/// FFO #1 (14 empties), black to move: G8 wins by 18.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

#[test]
fn resolver_y_analizar_con_hilos_dan_lo_mismo() {
    let primera_y_diferencia = |argumentos: &[&str]| {
        let respuesta = orden(argumentos, "");
        assert_eq!(respuesta.codigo, 0, "{}", respuesta.mensaje);
        respuesta
            .salida
            .lines()
            .take(2)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let solo = primera_y_diferencia(&["resolver", "--obf", FFO_1, "--hilos", "1"]);
    assert!(
        solo.starts_with("Mejor jugada: G8\nDiferencia final: +18"),
        "{solo}"
    );
    assert_eq!(
        primera_y_diferencia(&["resolver", "--obf", FFO_1, "--hilos", "3"]),
        solo
    );
    let analisis = |hilos: &str| {
        let respuesta = orden(
            &[
                "analizar",
                "--obf",
                FFO_1,
                "--profundidad",
                "60",
                "--hilos",
                hilos,
            ],
            "",
        );
        assert_eq!(respuesta.codigo, 0, "{}", respuesta.mensaje);
        let mut lineas: Vec<String> = respuesta.salida.lines().map(str::to_owned).collect();
        lineas.sort();
        lineas
    };
    assert_eq!(analisis("1"), analisis("2"));
}

#[test]
fn resolver_dice_la_jugada_el_resultado_los_nodos_y_el_tiempo() {
    let respuesta = orden(&["resolver", "--obf", FFO_1], "");
    assert_eq!(respuesta.codigo, 0, "{}", respuesta.mensaje);
    let lineas: Vec<&str> = respuesta.salida.lines().collect();
    assert_eq!(lineas.len(), 4, "{lineas:?}");
    assert_eq!(lineas[0], "Mejor jugada: G8");
    assert_eq!(
        lineas[1],
        "Diferencia final: +18 para las negras (juego perfecto; las vacías, al ganador)"
    );
    let nodos = lineas[2].strip_prefix("Nodos: ").expect("los nodos");
    assert!(
        nodos.parse::<u64>().is_ok(),
        "sin separadores de miles: {nodos}"
    );
    let segundos = lineas[3]
        .strip_prefix("Tiempo: ")
        .and_then(|t| t.strip_suffix(" s"))
        .expect("el tiempo");
    assert!(
        segundos.parse::<f64>().is_ok() && segundos.contains('.'),
        "{segundos}"
    );
    // A board file needs the side to move.
    let respuesta = orden(&["resolver", &ruta("inicial.txt")], "");
    assert_eq!(
        (respuesta.codigo, respuesta.mensaje.as_str()),
        (2, "falta --turno N|B: el archivo no dice quién mueve")
    );
}

#[test]
fn resolver_con_tiempo_da_una_estimacion_que_dice_que_no_es_exacta() {
    // 60 empties: exactly, longer than anyone waits.
    let inicial = ruta("inicial.txt");
    let argumentos = ["resolver", &inicial, "--turno", "N", "--tiempo", "0.3"];
    let inicio = std::time::Instant::now();
    let respuesta = orden(&argumentos, "");
    assert!(inicio.elapsed().as_secs() < 20, "{:?}", inicio.elapsed());
    assert_eq!(respuesta.codigo, 0, "{}", respuesta.mensaje);
    let lineas: Vec<&str> = respuesta.salida.lines().collect();
    assert!(
        ["D3", "C4", "F5", "E6"].contains(&lineas[0].trim_start_matches("Mejor jugada: ")),
        "{lineas:?}"
    );
    assert!(
        respuesta
            .salida
            .contains("(no es exacta: se acabó el tiempo a "),
        "{}",
        respuesta.salida
    );
    let (codigo, valor) = json(&argumentos, "");
    assert_eq!((codigo, &valor["exacta"]), (0, &false.into()));
    // Near the end, the time is enough and the answer exact.
    let (codigo, valor) = json(&["resolver", "--obf", FFO_1, "--tiempo", "30"], "");
    assert_eq!(codigo, 0);
    assert_eq!(
        (&valor["mejor"], &valor["diferencia"]),
        (&"G8".into(), &18.into())
    );
    assert_eq!(valor["exacta"], true);
}

#[test]
fn analizar_dice_exacto_o_a_cuantas_jugadas() {
    let respuesta = orden(
        &[
            "analizar",
            &ruta("inicial.txt"),
            "--turno",
            "N",
            "--profundidad",
            "1",
        ],
        "",
    );
    assert_eq!(respuesta.codigo, 0, "{}", respuesta.mensaje);
    assert_eq!(respuesta.salida.lines().count(), 4);
    for linea in respuesta.salida.lines() {
        assert!(linea.ends_with(" (estimado a 1 jugada)"), "{linea}");
    }
    let respuesta = orden(&["analizar", "--obf", FFO_1, "--profundidad", "20"], "");
    assert!(
        respuesta.salida.starts_with("G8 +18 (exacto)\n"),
        "{}",
        respuesta.salida
    );
}

#[test]
fn perft_en_texto_y_en_json() {
    let respuesta = orden(&["perft", "3"], "");
    let lineas: Vec<&str> = respuesta.salida.lines().collect();
    assert_eq!(
        lineas[..2],
        [
            "Perft, mueven las negras: un pase cuenta como jugada; convención publicada (una",
            "partida terminada cuenta como hoja en cada profundidad siguiente); la última",
        ]
    );
    let filas: Vec<Vec<&str>> = lineas
        .iter()
        .skip_while(|l| !l.trim_start().starts_with("profundidad"))
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let nodos: Vec<&str> = filas.iter().map(|f| f[1]).collect();
    assert_eq!(nodos, ["4", "12", "56"]);
    let (_, valor) = json(
        &["perft", "2", "--desde", "-", "--turno", "blancas"],
        crate::comun::TRAS_C4,
    );
    assert_eq!(valor["perft"][0]["nodos"], 3);
    assert_eq!(valor["turno"], "B");
    assert_eq!(valor["convencion"], "publicada");
}

#[test]
fn un_torneo_de_una_partida_habla_en_singular_y_avisa_su_avance() {
    let avances = RefCell::new(Vec::new());
    let progreso = |hechas, total| avances.borrow_mut().push((hechas, total));
    let argumentos = [
        "torneo",
        "--negro",
        "aleatorio",
        "--blanco",
        "libro",
        "--partidas",
        "1",
        "--aperturas",
        "1",
        "--semilla",
        "3",
    ];
    let respuesta = orden_con(&argumentos, "", Some(&progreso));
    assert_eq!(respuesta.codigo, 0);
    let lineas: Vec<&str> = respuesta.salida.lines().collect();
    assert_eq!(
        lineas[..2],
        [
            "Torneo: aleatorio contra libro, 1 partida desde aperturas de 1 jugada al azar",
            "(cada apertura con ambos colores), semilla 3.",
        ]
    );
    assert_eq!(
        lineas[2],
        "jugador                  ganadas  empates  perdidas  dif. media  ms por jugada"
    );
    assert_eq!(lineas.len(), 9);
    assert_eq!(*avances.borrow(), [(1, 1)]);

    let avances = RefCell::new(Vec::new());
    let progreso = |hechas, total| avances.borrow_mut().push((hechas, total));
    orden_con(
        &[&argumentos[..5], &["--partidas", "3"]].concat(),
        "",
        Some(&progreso),
    );
    assert_eq!(*avances.borrow(), [(1, 3), (2, 3), (3, 3)]);
}
