//! `repetir`: the complete games in both notations, every reason a move is refused, and
//! boards and turns to start from.

use std::{cmp::Ordering, fs};

use serde_json::Value;

use super::{
    Respuesta, archivo, bien, conteo, en, falla, fija, json, letras, orden, ruta, tablero, textos,
};
use crate::comun::{INICIAL, TRAS_C4, carpeta, partidas_completas};

/// Replays one transcript every way it can be given: as arguments (one word each), from
/// a file and from standard input. What each run answered.
fn de_tres_formas(argumentos: &[&str], jugadas: &str) -> [Respuesta; 3] {
    let dir = carpeta();
    let archivo = en(&dir, "jugadas.txt");
    fs::write(&archivo, jugadas).unwrap();
    let como_argumentos = [argumentos, &jugadas.split_whitespace().collect::<Vec<_>>()].concat();
    [
        orden(&como_argumentos, ""),
        orden(&[argumentos, &["--jugadas-de", &archivo]].concat(), ""),
        orden(&[argumentos, &["--jugadas-de", "-"]].concat(), jugadas),
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
            for respuesta in de_tres_formas(&["repetir"], &jugadas) {
                bien(respuesta, &esperado);
            }
            let (codigo, valor) = json(&["repetir", "--jugadas-de", "-"], &jugadas);
            assert_eq!(codigo, 0, "partida {id}");
            assert_eq!(tablero(&valor), partida.final_, "partida {id}");
            let vacias = 64 - partida.negras - partida.blancas;
            assert_eq!(
                conteo(&valor),
                (partida.negras, partida.blancas, vacias),
                "partida {id}"
            );
            assert_eq!(valor["terminada"], true, "partida {id}");
            assert_eq!(valor["notacion"], notacion, "partida {id}");
            assert_eq!(valor["puede_jugar"], false);
            let motivo = match vacias {
                0 => "tablero_lleno",
                _ => "ninguno_puede_jugar",
            };
            assert_eq!(valor["motivo"], motivo, "partida {id}");
            let ganador = match partida.negras.cmp(&partida.blancas) {
                Ordering::Greater => Value::from("N"),
                Ordering::Less => Value::from("B"),
                Ordering::Equal => Value::Null,
            };
            assert_eq!(valor["ganador"], ganador, "partida {id}");
            // Compact notation implies the passes: the moves played, passes included,
            // are the spaced transcript.
            let hechas: Vec<String> = partida
                .jugadas()
                .into_iter()
                .map(|t| if t == "pasar" { t } else { t.to_uppercase() })
                .collect();
            assert_eq!(textos(&valor["jugadas_hechas"]), hechas, "partida {id}");
        }
        // The final board is over for either player.
        for turno in ["N", "B"] {
            let (_, valor) = json(&["estado", "-", "--turno", turno], &esperado);
            assert_eq!(valor["terminada"], true, "partida {id}");
        }
    }
}

#[test]
fn partidas_completas_con_salida() {
    let dir = carpeta();
    for partida in partidas_completas() {
        let destino = en(&dir, &format!("final-{}.txt", partida.id));
        bien(
            orden(&["repetir", "--salida", &destino, &partida.compacta], ""),
            "",
        );
        assert_eq!(
            fs::read_to_string(&destino).unwrap(),
            archivo(&partida.final_)
        );
    }
}

#[test]
fn partida_espaciada_sin_un_pase_obligado() {
    for partida in partidas_completas() {
        let tokens = partida.jugadas();
        let Some(pase) = tokens.iter().position(|t| t == "pasar") else {
            continue;
        };
        let mut sin_pase: Vec<&str> = tokens.iter().map(String::as_str).collect();
        sin_pase.remove(pase);
        let quien = if pase % 2 == 0 { "negras" } else { "blancas" };
        let numero = pase + 1;
        let siguiente = &tokens[pase + 1];
        let mensaje = format!(
            "la jugada {numero} («{siguiente}») no es válida: las {quien} no tienen \
             jugadas válidas: corresponde «pasar»"
        );
        for respuesta in de_tres_formas(&["repetir"], &sin_pase.join(" ")) {
            falla(respuesta, 1, &mensaje);
        }
        // The board before it is the one reached by the moves before it.
        let tablero_antes = orden(&["repetir", "--jugadas-de", "-"], tokens[..pase].join(" "));
        let respuesta = orden(&[&["repetir", "--hasta-error"][..], &sin_pase].concat(), "");
        assert_eq!(
            (respuesta.codigo, respuesta.mensaje.as_str()),
            (1, mensaje.as_str())
        );
        assert_eq!(respuesta.salida, tablero_antes.salida);

        let (codigo, valor) = json(&["repetir", "--jugadas-de", "-"], sin_pase.join(" "));
        assert_eq!(codigo, 1);
        assert_eq!(valor["error"]["clave"], "debe_pasar");
        assert_eq!(valor["error"]["numero"], numero);
        assert_eq!(valor["error"]["texto"], siguiente.as_str());
        assert_eq!(textos(&valor["jugadas_hechas"]), tokens[..pase]);
        assert_eq!(tablero(&valor), letras(&tablero_antes.salida));
    }
}

#[test]
fn repetir_nombra_la_jugada_no_valida() {
    let mensaje = "la jugada 2 («A1») no es válida: una ficha en A1 no flanquea ninguna \
                   ficha rival";
    for respuesta in de_tres_formas(&["repetir"], "C4 A1") {
        falla(respuesta, 1, mensaje);
    }
    let respuesta = orden(&["repetir", "--hasta-error", "C4", "A1", "D3"], "");
    assert_eq!((respuesta.codigo, respuesta.mensaje.as_str()), (1, mensaje));
    assert_eq!(respuesta.salida, TRAS_C4);

    for extra in [&[][..], &["--hasta-error"][..]] {
        let (codigo, valor) = json(&[&["repetir"][..], extra, &["C4", "A1"][..]].concat(), "");
        assert_eq!(codigo, 1);
        assert_eq!(valor["error"]["clave"], "sin_flanqueo");
        assert_eq!(valor["error"]["numero"], 2);
        assert_eq!(valor["error"]["texto"], "A1");
        assert_eq!(
            valor["error"]["mensaje"],
            "una ficha en A1 no flanquea ninguna ficha rival"
        );
        assert_eq!(textos(&valor["jugadas_hechas"]), ["C4"]);
        assert_eq!(tablero(&valor), letras(TRAS_C4));
        assert_eq!(valor["turno"], "B");
        assert_eq!(valor["terminada"], false);
    }

    // Each reason, with the text as written: a transcript is read leniently.
    let no_es_posicion = "no es una posición (se esperaba una columna A-H y una fila 1-8, como C4)";
    let casos = [
        (
            "c4 zz",
            2,
            "zz",
            "formato",
            format!("«zz» {no_es_posicion}"),
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
            orden(&["repetir", jugadas], ""),
            1,
            &format!("la jugada {numero} («{texto}») no es válida: {razon}"),
        );
        let (codigo, valor) = json(&["repetir", jugadas], "");
        assert_eq!(codigo, 1);
        assert_eq!(valor["error"]["numero"], numero, "{jugadas}");
        assert_eq!(valor["error"]["texto"], texto);
        assert_eq!(valor["error"]["clave"], clave);
        assert_eq!(valor["error"]["mensaje"], razon.as_str());
        assert_eq!(
            valor["jugadas_hechas"].as_array().unwrap().len(),
            numero - 1
        );
    }
    // A `#` among the moves on the command line is a bad move, not a comment.
    let respuesta = orden(&["repetir", "#", "C4"], "");
    assert_eq!(respuesta.codigo, 1);
    assert!(
        respuesta
            .mensaje
            .starts_with("la jugada 1 («#») no es válida"),
        "{}",
        respuesta.mensaje
    );
}

#[test]
fn repetir_despues_del_final() {
    let mensaje = "la jugada 3 («C4») no es válida: la partida ya terminó \
                   (ambos jugadores pasaron, uno después del otro)";
    for respuesta in de_tres_formas(&["repetir"], "pasar pasar C4") {
        falla(respuesta, 1, mensaje);
    }
    let respuesta = orden(&["repetir", "--hasta-error", "pasar", "PA", "C4"], "");
    assert_eq!(respuesta.codigo, 1);
    assert_eq!(respuesta.salida, INICIAL);

    let (codigo, valor) = json(&["repetir", "pasar", "pasar", "C4"], "");
    assert_eq!(codigo, 1);
    assert_eq!(valor["error"]["clave"], "terminada");
    assert_eq!(valor["error"]["numero"], 3);
    assert_eq!(valor["error"]["texto"], "C4");
    assert_eq!(valor["terminada"], true);
    assert_eq!(valor["motivo"], "dos_pases");
    assert_eq!(valor["ganador"], Value::Null);
    assert_eq!(valor["puede_jugar"], false);
    assert_eq!(valor["jugadas_validas"], serde_json::json!([]));
    assert_eq!(textos(&valor["jugadas_hechas"]), ["pasar", "pasar"]);

    // After the last move of a complete game, one more move is refused.
    let partida = &partidas_completas()[0];
    let respuesta = orden(
        &[
            "repetir",
            "--hasta-error",
            &format!("{}a1", partida.compacta),
        ],
        "",
    );
    assert_eq!(respuesta.codigo, 1);
    assert_eq!(respuesta.salida, archivo(&partida.final_));
    assert!(
        respuesta
            .mensaje
            .starts_with("la jugada 61 («a1») no es válida: la partida ya terminó ("),
        "{}",
        respuesta.mensaje
    );
}

#[test]
fn repetir_tolera_separadores_comentarios_y_mayusculas() {
    let figura3 = fija("figura3.txt");
    let escrituras = ["C4 C3", "c4,c3", "  c4 ,, C3\t\r\n", "c4c3", "C4C3\n"];
    for jugadas in escrituras {
        for respuesta in de_tres_formas(&["repetir"], jugadas) {
            bien(respuesta, &figura3);
        }
    }
    // Comment lines, in a file or on standard input.
    let dir = carpeta();
    let comentada = "# figura 3 de la tarea\nC4\n  # negras, luego blancas\nc3\n";
    let archivo_jugadas = en(&dir, "jugadas.txt");
    fs::write(&archivo_jugadas, comentada).unwrap();
    bien(
        orden(&["repetir", "--jugadas-de", &archivo_jugadas], ""),
        &figura3,
    );
    bien(
        orden(&["repetir", "--jugadas-de", "-"], comentada),
        &figura3,
    );
    // Passes, spelled either way.
    let (codigo, valor) = json(&["repetir", "Pasar", "e3", "pa", "c6"], "");
    assert_eq!(codigo, 0);
    assert_eq!(valor["notacion"], "espaciada");
    assert_eq!(
        textos(&valor["jugadas_hechas"]),
        ["pasar", "E3", "pasar", "C6"]
    );
    assert_eq!(valor["turno"], "N");
    // White's C6 took black's last piece.
    assert_eq!(valor["motivo"], "sin_fichas");
    assert_eq!(valor["ganador"], "B");
    let (_, valor) = json(&["repetir", "f5d6c3"], "");
    assert_eq!(valor["notacion"], "compacta");
    assert_eq!(textos(&valor["jugadas_hechas"]), ["F5", "D6", "C3"]);
}

#[test]
fn repetir_desde_un_tablero_y_con_turno() {
    let figura3 = fija("figura3.txt");
    let figura2 = ruta("figura2.txt");
    bien(
        orden(&["repetir", "--desde", &figura2, "--turno", "B", "C3"], ""),
        &figura3,
    );
    bien(
        orden(
            &["repetir", "--desde", "-", "--turno", "blancas", "c3"],
            TRAS_C4,
        ),
        &figura3,
    );
    bien(
        orden(&["repetir", "--desde", &ruta("inicial.txt"), "C4"], ""),
        TRAS_C4,
    );
    // Black first unless told: C3 is white's move.
    falla(
        orden(&["repetir", "--desde", &figura2, "C3"], ""),
        1,
        "la jugada 1 («C3») no es válida: una ficha en C3 no flanquea ninguna ficha rival",
    );

    // White cannot move: in spaced notation the pass is written, in compact it is implied.
    let solo_negras = ruta("solo-negras-pueden.txt");
    let desde = ["repetir", "--desde", &solo_negras, "--turno", "B"];
    let (codigo, valor) = json(&[&desde[..], &["pasar", "F3"]].concat(), "");
    assert_eq!(codigo, 0);
    assert_eq!(textos(&valor["jugadas_hechas"]), ["pasar", "F3"]);
    let despues = tablero(&valor);
    let (_, valor) = json(&[&desde[..], &["f3f4"]].concat(), "");
    assert_eq!(valor["error"], Value::Null, "{valor}");
    assert_eq!(textos(&valor["jugadas_hechas"])[..2], ["pasar", "F3"]);
    falla(
        orden(&[&desde[..], &["F3"]].concat(), ""),
        1,
        "la jugada 1 («F3») no es válida: las blancas no tienen jugadas válidas: \
         corresponde «pasar»",
    );
    let (codigo, valor) = json(
        &[
            &desde[..],
            &["--hasta-error", "pasar", "F3", "pasar", "pasar"],
        ]
        .concat(),
        "",
    );
    assert_eq!(codigo, 0);
    assert_eq!(valor["terminada"], true);
    assert_eq!(valor["motivo"], "dos_pases");
    assert_eq!(tablero(&valor), despues);
}

#[test]
fn repetir_con_salida_y_sin_escribir_si_falla() {
    let dir = carpeta();
    let figura3 = en(&dir, "figura3.txt");
    bien(
        orden(&["repetir", "--salida", &figura3, "C4", "C3"], ""),
        "",
    );
    assert_eq!(fs::read_to_string(&figura3).unwrap(), fija("figura3.txt"));
    let tras_c4 = en(&dir, "tras-c4.txt");
    let (codigo, valor) = json(&["repetir", "--salida", &tras_c4, "C4"], "");
    assert_eq!(codigo, 0);
    assert_eq!(valor["guardado"], tras_c4);
    assert_eq!(fs::read_to_string(&tras_c4).unwrap(), TRAS_C4);
    // `--salida -` is standard output.
    bien(orden(&["repetir", "C4", "--salida", "-"], ""), TRAS_C4);

    let mal = en(&dir, "mal.txt");
    for extra in [&[][..], &["--hasta-error"][..]] {
        let argumentos = [&["repetir", "--salida", &mal][..], extra, &["C4", "A1"][..]].concat();
        assert_eq!(orden(&argumentos, "").codigo, 1, "{argumentos:?}");
        assert!(!dir.path().join("mal.txt").exists(), "{argumentos:?}");
    }
}

#[test]
fn repetir_sin_ninguna_jugada_es_un_error() {
    let dir = carpeta();
    let vacio = en(&dir, "vacio.txt");
    let sin_jugadas = format!("«{vacio}» no tiene jugadas");
    for texto in ["", "\n\n", "# solo un comentario\n   \n# y otro\n"] {
        fs::write(&vacio, texto).unwrap();
        falla(
            orden(&["repetir", "--jugadas-de", &vacio], ""),
            2,
            &sin_jugadas,
        );
        falla(
            orden(&["repetir", "--jugadas-de", "-"], texto),
            2,
            "«(entrada estándar)» no tiene jugadas",
        );
    }
    let (codigo, valor) = json(&["repetir", "--jugadas-de", &vacio], "");
    assert_eq!(codigo, 2);
    assert_eq!(valor["error"]["clave"], "sin_jugadas");
    assert_eq!(valor["error"]["archivo"], vacio.as_str());
    // Words that hold no move: only separators.
    for palabras in [&[""][..], &[" , "], &["", ","]] {
        let argumentos = [&["repetir"][..], palabras].concat();
        falla(orden(&argumentos, ""), 2, "no hay jugadas que repetir");
    }
}

#[test]
fn entrada_estandar_se_lee_una_sola_vez() {
    let mensaje = "la entrada estándar («-») se puede leer una sola vez";
    let inicial = ruta("inicial.txt");
    let figura2 = ruta("figura2.txt");
    let dobles: [&[&str]; 3] = [
        &["repetir", "--desde", "-", "--jugadas-de", "-"],
        &["validar", "-", "-"],
        &["validar", &inicial, "-", &figura2, "-"],
    ];
    for argumentos in dobles {
        falla(orden(argumentos, INICIAL), 2, mensaje);
        let (codigo, valor) = json(argumentos, INICIAL);
        assert_eq!(codigo, 2);
        assert_eq!(valor["error"]["clave"], "uso");
        assert_eq!(valor["error"]["mensaje"], mensaje);
    }
    // Once is fine, in either place.
    bien(orden(&["repetir", "--desde", "-", "C4"], INICIAL), TRAS_C4);
    bien(
        orden(
            &["repetir", "--desde", &inicial, "--jugadas-de", "-"],
            "C4\n",
        ),
        TRAS_C4,
    );
}

/// The transcript that `repetir --ayuda-completa` shows as its example is a valid one.
#[test]
fn el_ejemplo_de_la_ayuda_de_repetir_se_repite() {
    use clap::Subcommand;
    use othello_programa::ordenes::Orden;

    let comando = Orden::augment_subcommands(clap::Command::new("othello"));
    let ayuda = comando
        .find_subcommand("repetir")
        .and_then(|orden| orden.get_after_long_help())
        .expect("la ayuda de repetir")
        .to_string();
    let (_, resto) = ayuda
        .split_once("pasar (")
        .expect("un ejemplo entre paréntesis");
    let (ejemplo, _) = resto.split_once(')').unwrap();
    assert_eq!(ejemplo, "C4 C3 D3 pasar F5");
    let respuesta = orden(&["repetir", "--jugadas-de", "-"], ejemplo);
    assert_eq!((respuesta.codigo, respuesta.mensaje.as_str()), (0, ""));
}
