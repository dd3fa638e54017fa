//! `validar`, and boards that cannot be read, for every order that reads one: missing,
//! a folder, too big, or not in the format (with line and column).

use std::fs;

use super::{FIJAS, bien, en, falla, json, orden, ruta};
use crate::comun::{INICIAL, carpeta};

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
    let carpeta_txt = en(&dir, "carpeta");
    let enorme = en(&dir, "enorme.txt");
    let no_existe = en(&dir, "no-existe.txt");
    fs::create_dir(&carpeta_txt).unwrap();
    fs::write(&enorme, INICIAL.repeat(400)).unwrap();
    let casos = [
        (&no_existe, format!("no existe el archivo «{no_existe}»")),
        (
            &carpeta_txt,
            format!("«{carpeta_txt}» es una carpeta, no un archivo"),
        ),
        (
            &enorme,
            format!("«{enorme}» pesa más de 64 KiB: no puede ser un tablero"),
        ),
    ];
    for orden_ in LECTORAS {
        for (ruta, mensaje) in &casos {
            let argumentos = con_archivo(orden_, ruta);
            falla(orden(&argumentos, ""), 2, mensaje);
            let (codigo, valor) = json(&argumentos, "");
            assert_eq!(codigo, 2, "{argumentos:?}");
            assert_eq!(valor["error"]["clave"], "lectura", "{argumentos:?}");
            assert_eq!(valor["error"]["mensaje"], mensaje.as_str());
            assert_eq!(valor["error"]["archivo"], ruta.as_str());
            assert!(valor.get("tablero").is_none(), "{valor}");
        }
    }
    // Standard input past the limit.
    falla(
        orden(&["contar", "-"], INICIAL.repeat(400)),
        2,
        "«(entrada estándar)» pesa más de 64 KiB: no puede ser un tablero",
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
    let malo = en(&dir, "malo.txt");
    for (texto, linea, columna, descripcion) in tableros_malos() {
        fs::write(&malo, &texto).unwrap();
        for orden_ in &LECTORAS[..7] {
            for (ruta, nombre) in [(malo.as_str(), malo.as_str()), ("-", "(entrada estándar)")] {
                let argumentos = con_archivo(orden_, ruta);
                falla(
                    orden(&argumentos, &texto),
                    2,
                    &format!(
                        "«{nombre}» no es un tablero válido: línea {linea}, columna \
                         {columna}: {descripcion}"
                    ),
                );
                let (codigo, valor) = json(&argumentos, &texto);
                assert_eq!(codigo, 2);
                let error = &valor["error"];
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
    let centro = |nombre: &str, linea, columna, casilla| {
        format!(
            "{}:{linea}:{columna}: aviso: casilla central {casilla} vacía (nunca en una \
             partida real)\n",
            ruta(nombre)
        )
    };
    let avisos = [
        centro("jugada-invalida-por-hueco.txt", 4, 13, "E4"),
        centro("jugada-invalida-por-hueco.txt", 5, 13, "E5"),
        centro("nadie-puede-jugar.txt", 4, 13, "E4"),
        centro("nadie-puede-jugar.txt", 5, 10, "D5"),
        centro("nadie-puede-jugar.txt", 5, 13, "E5"),
        centro("sin-vuelta-por-el-borde.txt", 4, 10, "D4"),
        centro("sin-vuelta-por-el-borde.txt", 4, 13, "E4"),
        centro("sin-vuelta-por-el-borde.txt", 5, 10, "D5"),
        centro("sin-vuelta-por-el-borde.txt", 5, 13, "E5"),
        centro("varias-direcciones-antes.txt", 4, 10, "D4"),
    ]
    .concat();
    let rutas: Vec<String> = FIJAS.iter().map(|nombre| ruta(nombre)).collect();
    let mut argumentos = vec!["validar"];
    argumentos.extend(rutas.iter().map(String::as_str));
    bien(orden(&argumentos, ""), &avisos);
    bien(orden(&["validar", "-"], INICIAL), "");

    let (codigo, valor) = json(&argumentos, "");
    assert_eq!(codigo, 0);
    let archivos = valor["archivos"].as_array().unwrap();
    assert_eq!(archivos.len(), FIJAS.len());
    for (informe, ruta) in archivos.iter().zip(&rutas) {
        assert_eq!(informe["archivo"], ruta.as_str());
        assert_eq!(informe["valido"], true);
        assert_eq!(informe["errores"], serde_json::json!([]));
        let esperados = avisos.matches(&format!("{ruta}:")).count();
        assert_eq!(
            informe["avisos"].as_array().unwrap().len(),
            esperados,
            "{ruta}"
        );
    }
    let avisos_borde = &archivos[10]["avisos"];
    assert_eq!(avisos_borde[0]["linea"], 4);
    assert_eq!(avisos_borde[0]["columna"], 10);
    assert_eq!(
        avisos_borde[0]["mensaje"],
        "casilla central D4 vacía (nunca en una partida real)"
    );
}

#[test]
fn validar_una_mezcla_con_archivos_rotos() {
    let dir = carpeta();
    let [bueno, roto, no_existe, solo, carpeta_txt] = [
        "bueno.txt",
        "roto.txt",
        "no-existe.txt",
        "solo.txt",
        "carpeta",
    ]
    .map(|n| en(&dir, n));
    fs::write(&bueno, INICIAL).unwrap();
    // Three problems, reported in the order of the text.
    let texto_roto = "V, V, V, V, V, V, V, V\nV, V, X, V, V, V, V, V\nV, V, V, V, V, V, V\n";
    fs::write(&roto, texto_roto).unwrap();
    // Valid, but with a single piece.
    let mut texto_solo = String::from("N, V, V, V, V, V, V, V\n");
    texto_solo += &"V, V, V, V, V, V, V, V\n".repeat(7);
    fs::write(&solo, &texto_solo).unwrap();
    fs::create_dir(&carpeta_txt).unwrap();
    let argumentos = [
        "validar",
        &bueno,
        &roto,
        &no_existe,
        &solo,
        &carpeta_txt,
        "-",
    ];
    let centro = |linea, columna, casilla| {
        format!(
            "{solo}:{linea}:{columna}: aviso: casilla central {casilla} vacía (nunca en una \
             partida real)\n"
        )
    };
    let esperado = [
        format!("{roto}:2:7: error: en la casilla C2 se encontró \"X\", se esperaba B, N o V\n"),
        format!("{roto}:3:20: error: la fila 3 tiene 7 casillas, se esperaban 8\n"),
        format!("{roto}:4:1: error: faltan filas: se encontraron 3, se esperaban 8\n"),
        format!("{no_existe}: error: no existe el archivo «{no_existe}»\n"),
        format!("{solo}: aviso: 1 ficha en el tablero (una partida real tiene al menos 4)\n"),
        centro(4, 10, "D4"),
        centro(4, 13, "E4"),
        centro(5, 10, "D5"),
        centro(5, 13, "E5"),
        format!("{carpeta_txt}: error: «{carpeta_txt}» es una carpeta, no un archivo\n"),
        "(entrada estándar):1:4: error: la fila 1 tiene 2 casillas, se esperaban 8\n".into(),
        "(entrada estándar):2:1: error: faltan filas: se encontró 1, se esperaban 8\n".into(),
    ]
    .concat();
    let respuesta = orden(&argumentos, "V,V\n");
    assert_eq!(respuesta.codigo, 2);
    crate::comun::assert_eq!(respuesta.salida, esperado);
    assert_eq!(respuesta.mensaje, "4 de 6 archivos no son tableros válidos");

    let (codigo, valor) = json(&argumentos, "V,V\n");
    assert_eq!(codigo, 2);
    let archivos = valor["archivos"].as_array().unwrap();
    let validos: Vec<bool> = archivos.iter().map(|a| a["valido"] == true).collect();
    assert_eq!(validos, [true, false, false, true, false, false]);
    let nombres: Vec<&str> = archivos
        .iter()
        .map(|a| a["archivo"].as_str().unwrap())
        .collect();
    assert_eq!(
        nombres,
        &argumentos[1..6]
            .iter()
            .copied()
            .chain(["(entrada estándar)"])
            .collect::<Vec<_>>()[..]
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
    assert_eq!(
        falta["mensaje"],
        format!("no existe el archivo «{no_existe}»")
    );
    assert!(
        falta.get("linea").is_none() && falta.get("columna").is_none(),
        "{falta}"
    );
    let avisos_solo = archivos[3]["avisos"].as_array().unwrap();
    assert_eq!(avisos_solo.len(), 5);
    assert!(avisos_solo[0].get("linea").is_none(), "{}", avisos_solo[0]);
    assert_eq!(archivos[3]["errores"], serde_json::json!([]));
    assert_eq!(archivos[5]["errores"].as_array().unwrap().len(), 2);
    // No `error` object: the files say what is wrong.
    assert!(valor.get("error").is_none(), "{valor}");

    // Every malformed board of the other test, one line per problem; the summary
    // counts in singular for one file.
    let malo = en(&dir, "malo.txt");
    for (texto, linea, columna, descripcion) in tableros_malos() {
        fs::write(&malo, &texto).unwrap();
        let respuesta = orden(&["validar", &malo], "");
        assert_eq!(respuesta.codigo, 2);
        assert!(
            respuesta
                .salida
                .starts_with(&format!("{malo}:{linea}:{columna}: error: {descripcion}\n")),
            "{}",
            respuesta.salida
        );
        assert_eq!(respuesta.mensaje, "1 de 1 archivo no es un tablero válido");
    }
    let respuesta = orden(&["validar", &bueno, &malo], "");
    assert_eq!(respuesta.mensaje, "1 de 2 archivos no es un tablero válido");
}
