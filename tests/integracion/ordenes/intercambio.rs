//! `exportar` and `importar`: a board and the engines' board string, there and back.

use std::fs;

use super::{
    FIJAS, OBF_INICIAL, archivo, bien, conteo, en, falla, fija, json, letras, obf, orden, ruta,
    tablero,
};
use crate::comun::{INICIAL, carpeta, partidas_completas};

/// The first position of the FFO endgame suite (`fforum-40-59.obf`), verbatim, with the
/// scores of the moves after the side to move.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; \
                      A2:+38; C7:+36; D8:+34; C1:+30; B1:+30; G7:+28; D7:+28; C6:+28; \
                      F7:+26; A6:+24;";

#[test]
fn exportar_e_importar_ida_y_vuelta_en_cada_partida() {
    let dir = carpeta();
    for nombre in FIJAS {
        let texto = fija(nombre);
        for turno in ["N", "B"] {
            let cadena = obf(&letras(&texto), turno.chars().next().unwrap());
            bien(
                orden(&["exportar", &ruta(nombre), "--turno", turno], ""),
                &format!("{cadena}\n"),
            );
            bien(
                orden(
                    &["exportar", "-", "--formato", "obf", "--turno", turno],
                    &texto,
                ),
                &format!("{cadena}\n"),
            );
            // The fixtures are in the canonical format: back byte for byte.
            bien(orden(&["importar", &cadena], ""), &texto);
            bien(orden(&["importar", "-"], format!("{cadena}\n")), &texto);

            let (codigo, valor) = json(&["exportar", &ruta(nombre), "--turno", turno], "");
            assert_eq!(codigo, 0);
            assert_eq!(valor["obf"], cadena.as_str());
            assert_eq!(valor["turno"], turno);
            assert_eq!(valor["turno_supuesto"], false);
            assert_eq!(tablero(&valor), letras(&texto));

            let (codigo, valor) = json(&["importar", "--formato", "obf", &cadena], "");
            assert_eq!(codigo, 0);
            assert_eq!(valor["obf"], cadena.as_str());
            assert_eq!(valor["turno"], turno);
            assert_eq!(tablero(&valor), letras(&texto));
            conteo(&valor);
        }
        // exportar, then importar into a file, gives the fixture back.
        let cadena = orden(&["exportar", &ruta(nombre)], "").salida;
        let destino = en(&dir, nombre);
        bien(
            orden(&["importar", cadena.trim_end(), "--salida", &destino], ""),
            "",
        );
        assert_eq!(fs::read_to_string(&destino).unwrap(), texto);
    }
}

#[test]
fn exportar_sin_turno_supone_uno() {
    bien(
        orden(&["exportar", &ruta("inicial.txt")], ""),
        &format!("{OBF_INICIAL}\n"),
    );
    let (_, valor) = json(&["exportar", &ruta("inicial.txt")], "");
    assert_eq!(valor["turno"], "N");
    assert_eq!(valor["turno_supuesto"], true);
    let (_, valor) = json(&["exportar", &ruta("figura2.txt")], "");
    assert_eq!(valor["turno"], "B");
    assert_eq!(valor["turno_supuesto"], true);
    assert!(valor["obf"].as_str().unwrap().ends_with(" O"));
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
    bien(orden(&["importar", FFO_40], ""), &esperado);
    bien(orden(&["importar", "-"], format!("{FFO_40}\n")), &esperado);
    // Lowercase and blanks around, as some engines write it.
    let otra = format!("  {}\t", FFO_40.to_lowercase());
    bien(orden(&["importar", &otra], ""), &esperado);

    let (codigo, valor) = json(&["importar", FFO_40], "");
    assert_eq!(codigo, 0);
    assert_eq!(tablero(&valor), casillas);
    assert_eq!(conteo(&valor), (12, 32, 20));
    assert_eq!(valor["turno"], "N");
    assert_eq!(valor["obf"], &FFO_40[..66]);

    // The board of the start, as engines write it.
    bien(orden(&["importar", OBF_INICIAL], ""), INICIAL);
}

#[test]
fn importar_los_tableros_finales_de_las_partidas_completas() {
    for partida in partidas_completas() {
        for turno in ['N', 'B'] {
            let cadena = obf(&partida.final_, turno);
            bien(orden(&["importar", &cadena], ""), &archivo(&partida.final_));
            let (_, valor) = json(&["importar", &cadena], "");
            assert_eq!(tablero(&valor), partida.final_, "partida {}", partida.id);
            let (n, b, _) = conteo(&valor);
            assert_eq!((n, b), (partida.negras, partida.blancas));
        }
    }
}

#[test]
fn importar_cadenas_no_validas() {
    let casillas = &OBF_INICIAL[..64];
    // cadena, mensaje, columna
    let casos: [(String, &str, Option<u64>); 8] = [
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
        ("X".to_owned(), "hay 1 casilla, se esperaban 64", None),
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
    let destino = en(&dir, "tablero.txt");
    for (cadena, mensaje, columna) in casos {
        let error = format!("la cadena obf no es válida: {mensaje}");
        falla(orden(&["importar", &cadena], ""), 2, &error);
        falla(orden(&["importar", "-"], &cadena), 2, &error);
        falla(
            orden(&["importar", &cadena, "--salida", &destino], ""),
            2,
            &error,
        );
        assert!(!dir.path().join("tablero.txt").exists());

        let (codigo, valor) = json(&["importar", &cadena], "");
        assert_eq!(codigo, 2);
        assert_eq!(valor["error"]["clave"], "obf");
        assert_eq!(valor["error"]["mensaje"], error);
        match columna {
            Some(columna) => {
                assert_eq!(valor["error"]["linea"], 1);
                assert_eq!(valor["error"]["columna"], columna);
            }
            None => assert!(valor["error"].get("columna").is_none(), "{valor}"),
        }
    }
}

#[test]
fn importar_con_salida_escribe_el_archivo() {
    let dir = carpeta();
    let inicial = en(&dir, "inicial.txt");
    bien(
        orden(&["importar", "--salida", &inicial, OBF_INICIAL], ""),
        "",
    );
    assert_eq!(fs::read_to_string(&inicial).unwrap(), INICIAL);
    let ffo = en(&dir, "ffo.txt");
    let (codigo, valor) = json(&["importar", "-", "--salida", &ffo], FFO_40);
    assert_eq!(codigo, 0);
    assert_eq!(valor["guardado"], ffo);
    assert_eq!(letras(&fs::read_to_string(&ffo).unwrap()), tablero(&valor));
    // A folder that does not exist, and a folder.
    let no_hay = en(&dir, "no-hay/x.txt");
    let (codigo, valor) = json(&["importar", OBF_INICIAL, "--salida", &no_hay], "");
    assert_eq!(codigo, 2);
    assert_eq!(valor["error"]["clave"], "escritura");
    assert_eq!(valor["error"]["archivo"], no_hay);
    falla(
        orden(&["importar", OBF_INICIAL, "--salida", &no_hay], ""),
        2,
        &format!("no se pudo guardar «{no_hay}»: la carpeta no existe"),
    );
    let (codigo, valor) = json(
        &[
            "importar",
            "--salida",
            dir.path().to_str().unwrap(),
            OBF_INICIAL,
        ],
        "",
    );
    assert_eq!(codigo, 2);
    assert_eq!(valor["error"]["clave"], "escritura");
}
