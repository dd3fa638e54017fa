//! The command line, run as the program: usage errors in Spanish with the order's usage,
//! exit codes, `--json` even for usage errors, arguments that are not UTF-8, and every
//! help and message within 80 columns.

use std::{
    ffi::OsStr,
    io::{BufRead, Read},
    os::unix::ffi::OsStrExt,
    time::Duration,
};

use super::fijas;
use crate::comun::{Corrida, INICIAL, correr, othello};

/// Runs the program in `partidas/` with `argumentos` and `entrada` on standard input.
fn en_fijas(argumentos: &[&str], entrada: &str) -> Corrida {
    correr(othello(&fijas()).args(argumentos), entrada)
}

/// Exit code 2, nothing on standard output, and on standard error the message (its
/// line breaks aside), the usage of `orden` (or of the program) and where its help is.
#[track_caller]
fn error_de_uso(corrida: &Corrida, mensaje: &str, orden: Option<&str>) {
    assert_eq!(corrida.codigo, Some(2), "stderr: {}", corrida.errores);
    assert_eq!(corrida.salida, "", "nada en stdout");
    let (uso, ayuda) = match orden {
        Some(orden) => (
            format!("\n\nUso: othello {orden} "),
            format!("othello {orden} --help"),
        ),
        None => (
            "\n\nUso: othello [--negro".to_owned(),
            "othello --help".to_owned(),
        ),
    };
    // The message as one line: where it wraps is checked elsewhere.
    let (dicho, resto) = corrida
        .errores
        .split_once("\n\n")
        .expect("el mensaje y el uso");
    assert_eq!(dicho.replace('\n', " "), format!("error: {mensaje}"));
    assert!(
        format!("\n\n{resto}").starts_with(&uso),
        "{}",
        corrida.errores
    );
    assert!(
        corrida
            .errores
            .ends_with(&format!("\nPara más información, prueba «{ayuda}».\n")),
        "{}",
        corrida.errores
    );
}

/// Whether every line of `texto` fits 80 columns, counted in characters.
#[track_caller]
fn cabe_en_80_columnas(que: &str, texto: &str) {
    for linea in texto.lines() {
        assert!(
            linea.chars().count() <= 80,
            "{que}: una línea de {} columnas:\n{linea}",
            linea.chars().count()
        );
    }
}

#[test]
fn posicion_y_valor_mal_escritos_son_errores_de_uso() {
    // One line in a pipe (wrapped only at a terminal); the exact words are checked in
    // process.
    let corrida = en_fijas(&["jugar", "inicial.txt", "C4\r", "N"], "");
    assert_eq!(corrida.codigo, Some(2));
    assert_eq!(
        corrida.errores,
        "error: valor «C4\\r» inválido para <POSICION>: hay un retorno de carro (\\r) al \
         final; ¿la lista de casos tiene finales de línea de Windows? ¿Quisiste decir «C4»?\n"
    );
    // Off the board, as the library's jugar: an invalid move.
    let corrida = en_fijas(&["jugar", "inicial.txt", "Z9", "N"], "");
    assert_eq!(corrida.codigo, Some(1));
    assert_eq!(corrida.salida, "");

    error_de_uso(
        &en_fijas(&["jugar", "inicial.txt", "C4", ""], ""),
        "falta el valor de <VALOR>",
        Some("jugar"),
    );
    let casos = [
        ("n", "¿quisiste decir «N»?"),
        ("negras", "¿quisiste decir «N»?"),
        ("X", "se esperaba N (negras) o B (blancas)"),
    ];
    for (valor, detalle) in casos {
        let mensaje = format!("valor «{valor}» inválido para <VALOR>: {detalle}");
        error_de_uso(
            &en_fijas(&["jugar", "inicial.txt", "C4", valor], ""),
            &mensaje,
            Some("jugar"),
        );
        error_de_uso(
            &en_fijas(&["jugadas", "inicial.txt", valor], ""),
            &mensaje,
            Some("jugadas"),
        );
    }
}

/// Every option that takes one of a few words, or a number, says which or which range.
#[test]
fn los_valores_malos_dicen_que_se_esperaba() {
    let torneo = ["torneo", "--negro", "libro", "--blanco", "libro"];
    let con_torneo =
        |extra: &[&'static str]| -> Vec<&'static str> { [&torneo[..], extra].concat() };
    let casos: Vec<(Vec<&str>, &str, Option<&str>)> = vec![
        (
            vec!["--negro", "experto"],
            "valor «experto» inválido para --negro <JUGADOR>: se esperaba humano, \
             aleatorio, libro, fuerte o clasico",
            None,
        ),
        (
            vec!["--blanco", ""],
            "falta el valor de --blanco <JUGADOR>",
            None,
        ),
        (
            vec!["--reglas", "chinas"],
            "valor «chinas» inválido para --reglas <REGLAS>: se esperaba tarea u oficiales",
            None,
        ),
        (
            vec!["--tiempo", "0,5"],
            "valor «0,5» inválido para --tiempo <SEGUNDOS>: ¿quisiste decir «0.5»?",
            None,
        ),
        (
            vec!["--tiempo", "0"],
            "valor «0» inválido para --tiempo <SEGUNDOS>: se esperaba un tiempo en \
             segundos entre 0.001 y 3600, con punto decimal, como 0.5",
            None,
        ),
        (
            vec!["--semilla", "siete"],
            "valor «siete» inválido para --semilla <N>: se esperaba un número entero \
             desde 0, como 7",
            None,
        ),
        (
            vec!["perft", "21"],
            "valor «21» inválido para <PROFUNDIDAD>: se esperaba un número entero entre \
             1 y 20",
            Some("perft"),
        ),
        (
            vec!["perft", "3", "--convencion", "damas"],
            "valor «damas» inválido para --convencion <CONVENCION>: se esperaba \
             publicada o ajedrez",
            Some("perft"),
        ),
        (
            vec!["analizar", "--obf", "x", "--profundidad", "0"],
            "valor «0» inválido para --profundidad <D>: se esperaba un número entero \
             entre 1 y 60",
            Some("analizar"),
        ),
        (
            vec!["exportar", "inicial.txt", "--formato", "pgn"],
            "valor «pgn» inválido para --formato <FORMATO>: se esperaba obf",
            Some("exportar"),
        ),
        (
            vec!["importar", "--formato", "pgn", "-"],
            "valor «pgn» inválido para --formato <FORMATO>: se esperaba obf",
            Some("importar"),
        ),
        (
            vec!["estado", "inicial.txt", "--turno", "V"],
            "valor «V» inválido para --turno <N|B>: se esperaba N o B (o negras, blancas)",
            Some("estado"),
        ),
        (
            vec!["torneo", "--negro", "humano", "--blanco", "libro"],
            "valor «humano» inválido para --negro <JUGADOR>: en un torneo juegan \
             computadoras: aleatorio, libro, fuerte o clasico",
            Some("torneo"),
        ),
        (
            vec!["torneo", "--negro", "libro", "--blanco", "experto"],
            "valor «experto» inválido para --blanco <JUGADOR>: se esperaba aleatorio, \
             libro, fuerte o clasico",
            Some("torneo"),
        ),
        (
            con_torneo(&["--partidas", "0"]),
            "valor «0» inválido para --partidas <N>: se esperaba un número entero entre \
             1 y 1000000",
            Some("torneo"),
        ),
        (
            con_torneo(&["--aperturas", "61"]),
            "valor «61» inválido para --aperturas <K>: se esperaba un número entero \
             entre 0 y 60",
            Some("torneo"),
        ),
        (
            con_torneo(&["--tiempo", "1h"]),
            "valor «1h» inválido para --tiempo <SEGUNDOS>: se esperaba un tiempo en \
             segundos entre 0.001 y 3600, con punto decimal, como 0.5",
            Some("torneo"),
        ),
    ];
    for (argumentos, mensaje, orden) in casos {
        error_de_uso(&en_fijas(&argumentos, ""), mensaje, orden);
    }
}

/// Every number an order takes has a range, and a value outside it (or that is no
/// number) is told with the range: the reason always reaches the message.
#[test]
fn cada_opcion_numerica_dice_su_rango() {
    let entero = |valor: &str, opcion: &str, minimo: u64, maximo: u64| {
        format!(
            "valor «{valor}» inválido para {opcion}: se esperaba un número entero entre \
             {minimo} y {maximo}"
        )
    };
    let segundos = "se esperaba un tiempo en segundos entre 0.001 y 3600, con punto \
                    decimal, como 0.5";
    let casos: Vec<(&[&str], String)> = vec![
        (
            &["resolver", "--obf", "x", "--hilos", "257"],
            entero("257", "--hilos <N>", 1, 256),
        ),
        (
            &["resolver", "--obf", "x", "--tiempo", "0"],
            format!("valor «0» inválido para --tiempo <SEGUNDOS>: {segundos}"),
        ),
        (
            &["analizar", "--obf", "x", "--hilos", "0"],
            entero("0", "--hilos <N>", 1, 256),
        ),
        (
            &["analizar", "--obf", "x", "--tiempo", "3601"],
            format!("valor «3601» inválido para --tiempo <SEGUNDOS>: {segundos}"),
        ),
        (&["perft", "0"], entero("0", "<PROFUNDIDAD>", 1, 20)),
        (
            &["corregir", "x.py", "--hilos", "100000"],
            entero("100000", "--hilos <N>", 1, 256),
        ),
        (
            &["corregir", "x.py", "--hilos", "0"],
            entero("0", "--hilos <N>", 1, 256),
        ),
        (
            &["corregir", "x.py", "--casos", "0"],
            entero("0", "--casos <N>", 1, 1_000_000),
        ),
        (
            &["corregir", "x.py", "--ejemplos", "1001"],
            entero("1001", "--ejemplos <N>", 0, 1000),
        ),
        (
            &["corregir", "x.py", "--memoria", "16M"],
            "valor «16M» inválido para --memoria <CANTIDAD>: se esperaba una cantidad de \
             memoria de 32M a 64G, como 512M o 1G"
                .to_owned(),
        ),
        (
            &["corregir", "x.py", "--memoria", "65G"],
            "valor «65G» inválido para --memoria <CANTIDAD>: se esperaba una cantidad de \
             memoria de 32M a 64G, como 512M o 1G"
                .to_owned(),
        ),
        (
            &["corregir", "x.py", "--tiempo-limite", "0"],
            "valor «0» inválido para --tiempo-limite <SEGUNDOS>: se esperaba un tiempo en \
             segundos entre 0.01 y 3600, con punto decimal, como 0.5"
                .to_owned(),
        ),
        (
            &["corregir", "x.py", "--funcion", "contar"],
            "valor «contar» inválido para --funcion <CLAVE=NOMBRE>: falta el «=»: se \
             esperaba CLAVE=NOMBRE, como contar=contarFichas"
                .to_owned(),
        ),
        (
            &["corregir", "x.py", "--semilla", "1.5"],
            "valor «1.5» inválido para --semilla <S>: se esperaba un número entero desde 0, \
             como 7"
                .to_owned(),
        ),
        (
            &["casos", "--carpeta", "c", "--cantidad", "0"],
            entero("0", "--cantidad <N>", 1, 1_000_000),
        ),
    ];
    for (argumentos, mensaje) in casos {
        error_de_uso(&en_fijas(argumentos, ""), &mensaje, Some(argumentos[0]));
    }
}

#[test]
fn errores_de_uso_de_las_ordenes() {
    let casos: [(&[&str], &str, &str); 9] = [
        (
            &["jugar", "inicial.txt", "C4"],
            "falta el argumento <VALOR>",
            "jugar",
        ),
        (&["contar"], "falta el argumento <ARCHIVO>", "contar"),
        (&["validar"], "falta el argumento <ARCHIVO>...", "validar"),
        (&["repetir"], "falta el argumento <JUGADAS>...", "repetir"),
        (
            &["contar", "inicial.txt", "--rapido"],
            "argumento desconocido «--rapido»",
            "contar",
        ),
        (
            &[
                "jugar",
                "inicial.txt",
                "C4",
                "N",
                "--salida",
                "x.txt",
                "--en-sitio",
            ],
            "--salida <ARCHIVO> y --en-sitio no van juntos",
            "jugar",
        ),
        (
            &["repetir", "C4", "--jugadas-de", "x.txt"],
            "[JUGADAS]... y --jugadas-de <ARCHIVO> no van juntos",
            "repetir",
        ),
        // perft takes both or neither; repetir takes either alone.
        (
            &["perft", "2", "--desde", "inicial.txt"],
            "falta el argumento --turno <N|B>",
            "perft",
        ),
        (
            &["perft", "2", "--turno", "B"],
            "falta el argumento --desde <ARCHIVO>",
            "perft",
        ),
    ];
    for (argumentos, mensaje, orden) in casos {
        error_de_uso(&en_fijas(argumentos, ""), mensaje, Some(orden));
    }
    assert!(!fijas().join("x.txt").exists());
    error_de_uso(
        &en_fijas(&["noexiste"], ""),
        "«noexiste» no es una orden",
        None,
    );
}

/// A script that asked for JSON gets its one object even for a usage error.
#[test]
fn json_tambien_en_los_errores_de_uso() {
    let casos: [(&[&str], serde_json::Value); 4] = [
        (&["jugar", "x.txt", "C4", "X", "--json"], "jugar".into()),
        (&["--json", "perft", "0"], "perft".into()),
        (&["noexiste", "--json"], serde_json::Value::Null),
        (&["--json"], serde_json::Value::Null),
    ];
    for (argumentos, orden) in casos {
        let corrida = en_fijas(argumentos, "");
        assert_eq!(corrida.codigo, Some(2), "{argumentos:?}");
        let json: serde_json::Value = serde_json::from_str(&corrida.salida).unwrap();
        assert_eq!(json["orden"], orden, "{argumentos:?}");
        assert_eq!(json["ok"], false);
        assert_eq!(json["error"]["clave"], "uso");
        let primera = corrida.errores.lines().next().unwrap();
        let mensaje = json["error"]["mensaje"].as_str().unwrap();
        let comienzo: String = mensaje.chars().take(10).collect();
        if argumentos == ["--json"] {
            assert_eq!(mensaje, "--json sirve solo con una orden");
        }
        assert!(
            primera.starts_with(&format!("error: {comienzo}")),
            "{corrida:?}"
        );
    }
    // An invalid position is the order's own report, with its key, and exit 2.
    let corrida = en_fijas(&["jugar", "inicial.txt", "c4", "N", "--json"], "");
    assert_eq!(corrida.codigo, Some(2));
    let json: serde_json::Value = serde_json::from_str(&corrida.salida).unwrap();
    assert_eq!(json["error"]["clave"], "formato");
    assert_eq!(json["posicion"], "c4");
}

/// Arguments that are not UTF-8 never make the program panic: a path is used as it is,
/// anything else is a usage error.
#[test]
fn argumentos_que_no_son_utf8() {
    let raro = OsStr::from_bytes(b"tablero-\xff.txt");
    let corrida = correr(othello(&fijas()).arg("contar").arg(raro), "");
    assert_eq!(corrida.codigo, Some(2), "{corrida:?}");
    assert_eq!(
        corrida.errores,
        "error: no existe el archivo «tablero-\u{fffd}.txt»\n"
    );
    let casos: [(&[&str], &[&str]); 3] = [
        (&["jugar", "-"], &["N"]),
        (&["importar"], &[]),
        (&["--negro"], &[]),
    ];
    for (antes, despues) in casos {
        let mut comando = othello(&fijas());
        comando
            .args(antes)
            .arg(OsStr::from_bytes(b"\xffC4"))
            .args(despues)
            .arg("--json");
        let corrida = correr(&mut comando, INICIAL);
        assert_eq!(corrida.codigo, Some(2), "{antes:?}: {corrida:?}");
        assert!(
            corrida
                .errores
                .starts_with("error: los argumentos deben ser texto UTF-8\n"),
            "{antes:?}: {}",
            corrida.errores
        );
        let json: serde_json::Value = serde_json::from_str(&corrida.salida).unwrap();
        assert_eq!(json["error"]["clave"], "uso");
    }
}

/// Every order's name, as the command line reads it.
fn nombres_de_las_ordenes() -> Vec<String> {
    use clap::Subcommand;
    use othello_programa::ordenes::Orden;

    let comando = Orden::augment_subcommands(clap::Command::new("othello"));
    let nombres: Vec<String> = comando
        .get_subcommands()
        .map(|orden| orden.get_name().to_owned())
        .collect();
    assert!(nombres.len() >= 16, "{nombres:?}");
    nombres
}

/// The program's help with `argumentos` (`--help` or `--ayuda-completa`, after an
/// order or alone), with `COLUMNS` set to `columnas` if given: exit 0, nothing on
/// standard error.
fn ayuda(argumentos: &[&str], columnas: Option<&str>) -> String {
    let mut comando = othello(&fijas());
    comando.args(argumentos);
    if let Some(columnas) = columnas {
        comando.env("COLUMNS", columnas);
    }
    let corrida = correr(&mut comando, "");
    assert_eq!(
        corrida.codigo,
        Some(0),
        "{argumentos:?}: {}",
        corrida.errores
    );
    assert_eq!(corrida.errores, "", "{argumentos:?}");
    corrida.salida
}

/// `othello --help | less`: the help of the program and of every order, short and
/// complete, fits 80 columns when the width is unknown, when `COLUMNS` says 80, and
/// when a wider terminal would allow more. (The errors fit at a terminal: `terminal`.)
#[test]
fn todo_cabe_en_80_columnas() {
    let ordenes = nombres_de_las_ordenes();
    for columnas in [None, Some("80"), Some("200")] {
        for orden in std::iter::once(None).chain(ordenes.iter().map(|o| Some(o.as_str()))) {
            for pedido in ["--help", "--ayuda-completa"] {
                let argumentos: Vec<&str> = orden.into_iter().chain([pedido]).collect();
                let texto = ayuda(&argumentos, columnas);
                cabe_en_80_columnas(&format!("{argumentos:?}"), &texto);
                assert!(!texto.contains("Usage"), "{texto}");
            }
        }
    }
}

/// `othello --help` and `othello ORDEN --help` fit a terminal of 80 by 24 with the
/// prompt under them: the options used every time; the others, and what each order
/// does in detail, in `--ayuda-completa`, which the short help names.
#[test]
fn cada_ayuda_corta_cabe_en_una_terminal_de_80_por_24() {
    let ordenes = nombres_de_las_ordenes();
    for orden in std::iter::once(None).chain(ordenes.iter().map(|o| Some(o.as_str()))) {
        let argumentos: Vec<&str> = orden.into_iter().chain(["--help"]).collect();
        let corta = ayuda(&argumentos, Some("80"));
        let filas = corta.lines().count();
        assert!(filas < 24, "{argumentos:?}: {filas} filas:\n{corta}");
        assert!(
            corta.contains("--ayuda-completa"),
            "{argumentos:?}:\n{corta}"
        );
        let argumentos: Vec<&str> = orden.into_iter().chain(["--ayuda-completa"]).collect();
        let completa = ayuda(&argumentos, Some("80"));
        // Everything the short help says, and more.
        assert!(
            completa.lines().count() > filas,
            "{argumentos:?}:\n{completa}"
        );
        for opcion in corta.split_whitespace().filter(|p| p.starts_with("--")) {
            assert!(completa.contains(opcion), "{argumentos:?}: {opcion}");
        }
        // The options used every time first, the others under their own heading.
        if let Some(mas) = completa.find("\nMás opciones:\n") {
            let opciones = completa.find("\nOpciones:\n").expect("Opciones");
            assert!(opciones < mas, "{argumentos:?}:\n{completa}");
            assert!(!corta.contains("Más opciones"), "{argumentos:?}:\n{corta}");
        }
    }
}

/// The options a grader uses in every run come first in `corregir --help`, and those
/// used now and then are left for `--ayuda-completa`.
#[test]
fn la_ayuda_de_corregir_empieza_por_lo_de_siempre() {
    let corta = ayuda(&["corregir", "--help"], Some("80"));
    let lugar = |opcion: &str| {
        corta
            .find(opcion)
            .unwrap_or_else(|| panic!("{opcion}:\n{corta}"))
    };
    assert!(lugar("--csv") < lugar("--planilla"));
    assert!(lugar("--planilla") < lugar("--informes"));
    for rara in [
        "--python",
        "--tiempo-limite",
        "--memoria",
        "--sin-encierro",
        "--pesos",
    ] {
        assert!(!corta.contains(rara), "{rara}:\n{corta}");
    }
    let completa = ayuda(&["corregir", "--ayuda-completa"], Some("80"));
    for opcion in [
        "--csv",
        "--python",
        "--tiempo-limite",
        "--sin-encierro",
        "--pesos",
    ] {
        assert!(completa.contains(opcion), "{opcion}:\n{completa}");
    }
    assert!(completa.contains("Estado de salida: 0 si todas las entregas"));
}

/// An option that does nothing in an order is not in its help: `--color` only changes
/// the board `mostrar` draws, and `nboard` writes no JSON object. Both are still read.
#[test]
fn cada_orden_muestra_solo_las_opciones_que_usa() {
    for orden in nombres_de_las_ordenes() {
        for pedido in ["--help", "--ayuda-completa"] {
            let texto = ayuda(&[&orden, pedido], Some("80"));
            // The options as the help lists them, one a line (the usage aside).
            let lista =
                |opcion: &str| (texto.lines()).any(|linea| linea.trim_start().starts_with(opcion));
            assert_eq!(
                lista("--color"),
                orden == "mostrar" && pedido == "--ayuda-completa",
                "{orden} {pedido}:\n{texto}"
            );
            assert_eq!(
                lista("--json"),
                orden != "nboard",
                "{orden} {pedido}:\n{texto}"
            );
        }
    }
    ayuda(&["contar", "--color", "nunca", "--help"], None);
    ayuda(&["nboard", "--json", "--help"], None);
}

/// Every player the command line takes is named where the others are: in the help of
/// the game's `--negro` and `--blanco`, and of the tournament's, which take computers.
#[test]
fn la_ayuda_nombra_cada_jugador_que_se_acepta() {
    use othello_programa::ordenes::Orden;

    let nombres = [
        "humano",
        "aleatorio",
        "libro",
        "fuerte",
        "clasico",
        "experto",
    ];
    let juego = ayuda(&["--help"], Some("80"));
    let torneo = ayuda(&["torneo", "--help"], Some("80"));
    // The help of one option: its line and those under it, up to the next option.
    let de = |texto: &str, opcion: &str| {
        let (_, resto) = texto.split_once(opcion).expect("la opción");
        let fin = resto.find("\n      --").unwrap_or(resto.len());
        resto[..fin]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    for nombre in nombres {
        let leido = correr(othello(&fijas()).args(["--negro", nombre, "--help"]), "");
        let en_el_juego = leido.codigo == Some(0);
        let argumentos = ["torneo", "--negro", nombre, "--blanco", "libro"];
        let en_un_torneo = Orden::desde_argumentos(argumentos).is_ok();
        for opcion in ["--negro <JUGADOR>", "--blanco <JUGADOR>"] {
            let (ayuda_juego, ayuda_torneo) = (de(&juego, opcion), de(&torneo, opcion));
            assert_eq!(ayuda_juego.contains(nombre), en_el_juego, "{ayuda_juego}");
            assert_eq!(
                ayuda_torneo.contains(nombre),
                en_un_torneo,
                "{ayuda_torneo}"
            );
        }
    }
}

/// The program's complete help lists every order with what it does, and what the short
/// one leaves out: the options used now and then, and the exit statuses.
#[test]
fn la_ayuda_completa_del_programa_lista_cada_orden() {
    let corta = ayuda(&["--help"], Some("80"));
    let completa = ayuda(&["--ayuda-completa"], Some("80"));
    for orden in nombres_de_las_ordenes() {
        assert!(corta.contains(&orden), "{orden}:\n{corta}");
        assert!(
            completa.contains(&format!("\n  {orden}  ")),
            "{orden}:\n{completa}"
        );
    }
    for texto in [
        "--semilla",
        "--reglas",
        "--color",
        "Estado de salida de las órdenes:",
    ] {
        assert!(!corta.contains(texto), "{texto}:\n{corta}");
        assert!(completa.contains(texto), "{texto}:\n{completa}");
    }
}

/// The tournament's progress bar is drawn only on a terminal: a log gets the table and
/// nothing else.
#[test]
fn el_torneo_sin_terminal_no_dibuja_su_avance() {
    let corrida = en_fijas(
        &[
            "torneo",
            "--negro",
            "aleatorio",
            "--blanco",
            "libro",
            "--partidas",
            "4",
            "--aperturas",
            "2",
        ],
        "",
    );
    assert_eq!(corrida.codigo, Some(0));
    assert_eq!(corrida.errores, "");
    assert!(
        corrida
            .salida
            .starts_with("Torneo: aleatorio contra libro, 4 partidas")
    );
    cabe_en_80_columnas("torneo", &corrida.salida);
}

/// Long orders say at once how long they may take and how to bound them, also to a
/// log; the repeated lines of their progress are for a terminal only.
#[test]
fn las_ordenes_largas_avisan_cuanto_pueden_tardar_tambien_sin_terminal() {
    let ordenes: [(&[&str], &str); 3] = [
        (
            &["resolver", "inicial.txt", "--turno", "N"],
            "Resolver 60 casillas vacías puede tardar más de mil años (con 22, un segundo; \
             cada vacía más, unas dos veces más). Ctrl-C se detiene con la mejor jugada \
             hallada; --tiempo pone un límite.\n",
        ),
        (
            &["perft", "20"],
            "Perft 20 puede tardar unos 3 años (perft 12, un par de segundos; cada \
             profundidad más, unas nueve veces más). Una profundidad menor tarda mucho menos; \
             Ctrl-C lo detiene.\n",
        ),
        (
            &[
                "analizar",
                "inicial.txt",
                "--turno",
                "N",
                "--profundidad",
                "60",
            ],
            "Analizar a 60 jugadas de profundidad puede tardar más de mil años (a 16, un par \
             de segundos; cada jugada más, dos o tres veces más). --tiempo pone un límite; \
             una profundidad menor tarda menos.\n",
        ),
    ];
    // All at once. Each warning as soon as it comes (under load that may take a while),
    // then a second in which a terminal would already have seen the progress's first
    // lines (its first round is a quarter of a second), and then each is killed.
    let mut hijos = ordenes.map(|(argumentos, _)| {
        crate::comun::programa(&fijas())
            .args(argumentos)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("el programa corre")
    });
    let lectores = hijos.each_mut().map(|hijo| {
        let errores = hijo.stderr.take().expect("la salida de errores");
        let (primera_linea, leida) = std::sync::mpsc::channel();
        let lector = std::thread::spawn(move || {
            let mut errores = std::io::BufReader::new(errores);
            let mut texto = String::new();
            errores.read_line(&mut texto).expect("legible");
            primera_linea.send(()).ok();
            errores.read_to_string(&mut texto).expect("legible");
            texto
        });
        (leida, lector)
    });
    let avisaron = lectores
        .iter()
        .all(|(leida, _)| leida.recv_timeout(Duration::from_secs(60)).is_ok());
    if avisaron {
        std::thread::sleep(Duration::from_secs(1));
    }
    for hijo in &mut hijos {
        hijo.kill().expect("sigue corriendo");
        hijo.wait().expect("termina");
    }
    assert!(avisaron, "un aviso no llegó en un minuto");
    for ((argumentos, aviso), (_, lector)) in ordenes.into_iter().zip(lectores) {
        assert_eq!(lector.join().expect("leído"), aviso, "{argumentos:?}");
    }
}

/// Everything the program shows on a terminal (a pseudo-terminal for both standard
/// output and standard error), until it ends.
fn en_terminal(argumentos: &[&str]) -> String {
    let mut comando = std::process::Command::new(env!("CARGO_BIN_EXE_othello"));
    comando
        .args(argumentos)
        .current_dir(fijas())
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    use expectrl::Expect;

    let mut sesion = expectrl::Session::spawn(comando).expect("una terminal");
    sesion.set_expect_timeout(Some(Duration::from_secs(60)));
    let hasta_el_fin = sesion.expect(expectrl::Eof).expect("el programa termina");
    String::from_utf8_lossy(hasta_el_fin.as_bytes()).into_owned()
}

/// On a terminal the tournament draws its bar (games, rate, time left) while it plays,
/// and it is done before the table; no other order draws one.
#[test]
fn en_una_terminal_el_torneo_dibuja_su_avance_y_nada_mas_lo_hace() {
    let pantalla = en_terminal(&["contar", "inicial.txt"]);
    assert!(pantalla.contains("V 60"), "{pantalla:?}");
    assert!(!pantalla.contains("partidas"), "{pantalla:?}");

    let pantalla = en_terminal(&[
        "torneo",
        "--negro",
        "aleatorio",
        "--blanco",
        "libro",
        "--partidas",
        "6",
        "--aperturas",
        "2",
    ]);
    let barra = pantalla
        .rfind("6/6 partidas, ")
        .expect("la barra terminada");
    assert!(
        pantalla[barra..].contains(" por segundo, faltan "),
        "{pantalla:?}"
    );
    let tabla = pantalla
        .find("Torneo: aleatorio contra libro")
        .expect("la tabla");
    assert!(
        barra < tabla,
        "la barra antes de la tabla, no después: {pantalla:?}"
    );
}
