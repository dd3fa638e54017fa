//! Grading students' Python files (`corregir`) and writing cases (`casos`), end to end
//! with a real `python3`, on the submissions of `tests/entregas/`: correct ones in
//! several styles, one per kind of mistake, and some that hang, exit, print, eat memory,
//! write into `~` or start processes of their own; and what an interrupted run leaves.
//!
//! Without an interpreter these tests say so and pass, except under CI (`CI=true`),
//! where a missing interpreter fails them.

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    process::{Command, Stdio},
    thread,
    time::{Duration, Instant},
};

use othello_programa::{
    correccion::{
        Entrega, ErrorCorreccion, Funcion, InformeEntrega, InformeFuncion, OpcionesCorreccion,
        PorFuncion, Resumen, SemillaDeCasos, Tipo, corregir, escribir_casos, revisar_respuestas,
    },
    ordenes::{OpcionesDeOrden, Orden, ejecutar},
};
use serde_json::Value;

use crate::comun::{SOLO_FUNCIONES, assert_eq, carpeta, solo_funciones};

/// Whether there is a `python3` to grade with; under CI there must be.
pub(crate) fn hay_python() -> bool {
    let hay = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|salida| salida.status.success());
    if !hay {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "con CI=true las pruebas de la corrección necesitan python3 en el PATH"
        );
        eprintln!("se omite esta prueba de la corrección: no hay python3 en el PATH");
    }
    hay
}

/// The fixture submissions' folder.
pub(crate) fn entregas() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/entregas")
}

fn entrega(nombre: &str) -> PathBuf {
    entregas().join(nombre)
}

/// Options for quick runs of the functions: 200 cases of `jugar` (60, 20, 20 of the
/// others), a time limit per call well above what any correct call takes even on a
/// machine busy with other work (a correct call takes microseconds; a loaded machine
/// can stall a process for a second), so that only the hanging fixture times out, and
/// no games with the main program.
pub(crate) fn rapidas() -> OpcionesCorreccion {
    OpcionesCorreccion {
        casos: Some(200),
        memoria: 256 * 1024 * 1024,
        tiempo_limite: Duration::from_secs(3),
        escala: solo_funciones(),
        ..OpcionesCorreccion::default()
    }
}

/// Grades `archivos`, returning the report and the text written.
pub(crate) fn correr(archivos: &[PathBuf], opciones: &OpcionesCorreccion) -> (Resumen, String) {
    let resumen = corregir(archivos, opciones, |_, _| {}).expect("la corrección corre");
    let mut salida = Vec::new();
    resumen.escribir_texto(&mut salida).expect("se escribe");
    (resumen, String::from_utf8(salida).expect("texto"))
}

/// What a fixture should get for one function.
#[derive(Debug)]
enum Espera {
    /// Every case right.
    Bien,
    /// Some cases wrong, all of exactly these kinds.
    Mal(&'static [Tipo]),
    /// Not found.
    Falta,
}

use Espera::{Bien, Falta, Mal};

/// Per fixture: for `jugar`, the counting function, saving and loading, and then for
/// `jugar`'s robustness cases (positions that are not cells).
const ESPERADO: &[(&str, [Espera; 4], Espera)] = &[
    (
        "borde_corto.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "borde_indexerror.py",
        [Mal(&[Tipo::Excepcion]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "cargar_mal.py",
        [Bien, Bien, Bien, Mal(&[Tipo::Resultado])],
        Bien,
    ),
    (
        "contar_mal.py",
        [Bien, Mal(&[Tipo::Resultado]), Bien, Bien],
        Bien,
    ),
    (
        "copia_tablero.py",
        [Mal(&[Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
    ("correcta_bom.py", [Bien, Bien, Bien, Bien], Bien),
    ("correcta_bucle_arriba.py", [Bien, Bien, Bien, Bien], Bien),
    // Its counting function is found under its own name.
    (
        "correcta_contar_renombrada.py",
        [Bien, Bien, Falta, Falta],
        Bien,
    ),
    ("correcta_latin1.py", [Bien, Bien, Bien, Bien], Bien),
    ("correcta_main.py", [Bien, Bien, Bien, Bien], Bien),
    (
        "correcta_principal_arriba.py",
        [Bien, Bien, Bien, Bien],
        Bien,
    ),
    // A hang in a rare situation (a diagonal reaching a corner) costs only its cases.
    (
        "cuelga_a_veces.py",
        [Mal(&[Tipo::Tiempo]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "cuelga.py",
        [Mal(&[Tipo::Tiempo, Tipo::SinCorrer]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "da_la_vuelta.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
    ("escribe_en_home.py", [Bien, Bien, Bien, Bien], Bien),
    // Opens its file with "a": fails where the file already exists.
    (
        "guardar_agrega.py",
        [Bien, Bien, Mal(&[Tipo::Archivo]), Bien],
        Bien,
    ),
    (
        "guardar_mal.py",
        [Bien, Bien, Mal(&[Tipo::Archivo]), Bien],
        Bien,
    ),
    ("imprime.py", [Bien, Bien, Bien, Bien], Bien),
    // What failed while loading is reported; the functions are graded all the same.
    ("importa_numpy.py", [Bien, Bien, Bien, Bien], Bien),
    ("lenta.py", [Bien, Bien, Bien, Bien], Bien),
    (
        "invalida_cambia_tablero.py",
        [Mal(&[Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
    ("lanza_procesos.py", [Bien, Bien, Bien, Bien], Bien),
    // Out of memory counts as a time-out: after three, the rest is not run.
    (
        "memoria.py",
        [Mal(&[Tipo::Memoria, Tipo::SinCorrer]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "muere.py",
        [Bien, Mal(&[Tipo::Salida, Tipo::SinCorrer]), Bien, Bien],
        Bien,
    ),
    (
        "no_mira_ocupada.py",
        [Mal(&[Tipo::Resultado]), Bien, Bien, Bien],
        Bien,
    ),
    // Reads positions as they come: "C44" plays C4, "I1" indexes past the board.
    (
        "posicion_sin_revisar.py",
        [Bien, Bien, Bien, Bien],
        Mal(&[Tipo::Resultado, Tipo::Excepcion]),
    ),
    (
        "recursion_infinita.py",
        [Mal(&[Tipo::Excepcion]), Bien, Bien, Bien],
        Bien,
    ),
    ("renombradas.py", [Bien, Bien, Bien, Bien], Bien),
    ("revisa_el_entorno.py", [Bien, Bien, Bien, Bien], Bien),
    ("sale.py", [Mal(&[Tipo::Salida]), Bien, Bien, Bien], Bien),
    ("sale_al_importar.py", [Bien, Bien, Bien, Bien], Bien),
    (
        "sin_cierre.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "sin_diagonales.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
    (
        "una_direccion.py",
        [Mal(&[Tipo::Tablero]), Bien, Bien, Bien],
        Bien,
    ),
];

/// Checks `obtenido` (a function's report) against `espera`; `lugar` names it.
fn cumple(
    espera: &Espera,
    obtenido: Option<&othello_programa::correccion::InformeFuncion>,
    lugar: &str,
) {
    match (espera, obtenido) {
        (Bien, Some(f)) => assert_eq!(f.correctos, f.casos, "{lugar}: {f:?}"),
        (Mal(tipos), Some(f)) => {
            let vistos: BTreeSet<Tipo> = f.por_tipo.keys().copied().collect();
            let esperados: BTreeSet<Tipo> = tipos.iter().copied().collect();
            assert_eq!(vistos, esperados, "{lugar}: {f:?}");
            assert!(f.correctos < f.casos, "{lugar}");
            for tipo in *tipos {
                // One example says why the cases were not run; three of each other kind.
                let ejemplos = if *tipo == Tipo::SinCorrer { 1 } else { 3 };
                let vistos = f.fallas.iter().filter(|falla| falla.tipo == *tipo);
                assert_eq!(vistos.count(), f.por_tipo[tipo].min(ejemplos), "{lugar}");
            }
        }
        (Falta, None) => {}
        _ => panic!("se esperaba {espera:?}: {lugar}: {obtenido:?}"),
    }
}

fn buscar<'a>(resumen: &'a Resumen, nombre: &str) -> &'a InformeEntrega {
    resumen
        .entregas()
        .iter()
        .find(|entrega| entrega.archivo.ends_with(nombre))
        .unwrap_or_else(|| panic!("no se corrigió {nombre}"))
}

#[test]
fn cada_entrega_de_prueba_falla_donde_debe_y_solo_ahi() {
    if !hay_python() {
        return;
    }
    let copia_en_home = std::env::var_os("HOME")
        .map(|home| Path::new(&home).join(".othello-copia-de-la-entrega.txt"));
    let inicio = Instant::now();
    // Each file alone: the class in a folder of folders is `un_curso_…`.
    let mut archivos: Vec<PathBuf> = std::fs::read_dir(entregas())
        .unwrap()
        .map(|entrada| entrada.unwrap().path())
        .filter(|ruta| ruta.extension().is_some_and(|e| e == "py"))
        .collect();
    archivos.sort();
    // One seed: with a fresh one, 200 cases at times hold none of the rare situations
    // where `cuelga_a_veces.py` hangs (7 seeds of 20), and the test would pass or
    // fail by chance. Every seed's cases are checked in `casos.rs`.
    let opciones = OpcionesCorreccion {
        semilla: SemillaDeCasos { valor: Some(1) },
        ..rapidas()
    };
    let (resumen, texto) = correr(&archivos, &opciones);
    let duracion = inicio.elapsed();
    // About 10 s on an idle 2-core machine; the bound only catches a hang.
    assert!(duracion < Duration::from_secs(300), "tardó {duracion:?}");
    assert_eq!(resumen.entregas().len(), ESPERADO.len() + 1, "{texto}");
    assert_eq!(resumen.codigo(), 1);
    // The report is pasted into feedback and read in a terminal.
    let anchas: Vec<&str> = texto
        .lines()
        .filter(|linea| linea.chars().count() > 80)
        .collect();
    assert!(
        anchas.is_empty(),
        "líneas de más de 80 columnas: {anchas:#?}"
    );
    for (nombre, esperas, robustez) in ESPERADO {
        let informe = buscar(&resumen, nombre);
        assert!(informe.importa, "{nombre}: {:?}", informe.error);
        for (funcion, espera) in Funcion::TODAS.into_iter().zip(esperas) {
            cumple(
                espera,
                informe.funciones[funcion].as_ref(),
                &format!("{nombre}, {funcion}"),
            );
        }
        cumple(
            robustez,
            informe.robustez.as_ref(),
            &format!("{nombre}, robustez"),
        );
    }
    let sintaxis = buscar(&resumen, "sintaxis.py");
    assert!(!sintaxis.importa);
    let error = sintaxis.error.as_deref().unwrap();
    assert!(error.starts_with("línea 15: error de sintaxis"), "{error}");
    assert!(
        texto.contains(
            "sintaxis\n  sintaxis.py: total 0.0 %, nota 1.0\n  no se pudo cargar: línea 15"
        ),
        "{texto}"
    );
    if let Some(copia) = copia_en_home {
        assert!(
            !copia.exists(),
            "una entrega escribió en la carpeta personal: {copia:?}"
        );
    }
}

/// The first failure of `funcion` in `informe`, as JSON.
fn primera_falla(informe: &InformeEntrega, funcion: Funcion) -> Value {
    let falla = &informe.funciones[funcion].as_ref().unwrap().fallas[0];
    serde_json::to_value(falla).unwrap()
}

#[test]
fn las_fallas_muestran_la_excepcion_el_tiempo_y_la_salida() {
    if !hay_python() {
        return;
    }
    let opciones = OpcionesCorreccion {
        casos: Some(50),
        tiempo_limite: Duration::from_millis(300),
        ..rapidas()
    };
    let archivos: Vec<PathBuf> = [
        "borde_indexerror.py",
        "recursion_infinita.py",
        "cuelga.py",
        "sale.py",
        "muere.py",
    ]
    .map(entrega)
    .into();
    let (resumen, texto) = correr(&archivos, &opciones);

    // The exception, with the function and the line of the student's file where it was
    // raised: in a recursion that does not end, the recursive call.
    for (archivo, excepcion, funcion, codigo) in [
        (
            "borde_indexerror.py",
            "IndexError: list index out of range",
            "jugar",
            "while dentro(f, c) and tablero[f][c] == rival:",
        ),
        (
            "recursion_infinita.py",
            "RecursionError: maximum recursion depth exceeded",
            "voltear",
            "resto = voltear(t, f + df, c + dc, df, dc, valor)",
        ),
    ] {
        let falla = primera_falla(buscar(&resumen, archivo), Funcion::Jugar);
        let fuente = std::fs::read_to_string(entrega(archivo)).unwrap();
        let linea = fuente.lines().position(|l| l.trim() == codigo).unwrap() + 1;
        assert_eq!(
            falla["obtenido"]["excepcion"],
            excepcion.split(':').next().unwrap()
        );
        assert_eq!(falla["obtenido"]["funcion"], funcion);
        assert_eq!(falla["obtenido"]["linea"], linea);
        assert_eq!(falla["obtenido"]["codigo"], codigo);
        assert!(
            texto.contains(&format!(
                "Lanzó {excepcion}\n      en {funcion}, línea {linea}: {codigo}\n"
            )),
            "{texto}"
        );
    }

    // Time-outs in most calls: after three, the rest not run (#40: not counted as
    // time-outs).
    let cuelga = buscar(&resumen, "cuelga.py")
        .funciones
        .jugar
        .as_ref()
        .unwrap();
    assert_eq!(cuelga.por_tipo[&Tipo::Tiempo], 3);
    assert_eq!(
        cuelga.por_tipo[&Tipo::SinCorrer],
        cuelga.casos - cuelga.correctos - 3
    );
    assert!(texto.contains("No terminó en 0.3 s (el tiempo límite de cada llamada)."));
    assert!(
        texto.contains(
            "No se ejecutó: la mayoría de las llamadas a jugar no terminaban a tiempo o\n      \
             se quedaban sin memoria (por eso estos casos cuentan como fallas)."
        ),
        "{texto}"
    );

    let sale = primera_falla(buscar(&resumen, "sale.py"), Funcion::Jugar);
    assert_eq!(sale["obtenido"]["exit"], true);
    assert!(
        texto.contains("Terminó el programa con exit(): una función no debe terminar el programa.")
    );

    // os._exit kills the process with every call: restarted three times, then the rest
    // not run.
    let muere = buscar(&resumen, "muere.py");
    let contar = muere.funciones.contar.as_ref().unwrap();
    assert_eq!((contar.correctos, contar.por_tipo[&Tipo::Salida]), (0, 3));
    assert_eq!(contar.por_tipo[&Tipo::SinCorrer], contar.casos - 3);
    assert_eq!(
        primera_falla(muere, Funcion::Contar)["obtenido"]["exit"],
        false
    );
    assert!(texto.contains("El proceso de Python terminó sin responder"));
    // And the functions after it still run in a fresh process.
    assert_eq!(
        muere.funciones.cargar_partida.as_ref().unwrap().correctos,
        5
    );
}

#[test]
fn una_funcion_con_otro_nombre_se_encuentra_sola_o_con_funcion() {
    if !hay_python() {
        return;
    }
    // #40: without contar, the file's functions are tried on a few cases, and the one
    // that answers as contar is used; the report says which.
    let archivos = [entrega("correcta_contar_renombrada.py")];
    let (encontrada, texto) = correr(&archivos, &rapidas());
    let contar = encontrada.entregas()[0].funciones.contar.as_ref().unwrap();
    assert_eq!(
        (contar.nombre.as_str(), contar.correctos, contar.casos),
        ("contarFichas", 60, 60)
    );
    // Saving and loading are optional: missing, they do not fail the submission.
    assert_eq!(encontrada.codigo(), 0, "{texto}");
    assert!(
        texto.contains(
            "  contarFichas 60/60 (se usó contarFichas como contar)\n  \
             guardarPartida: no se encontró (no hay guardarPartida ni guardar_partida)\n"
        ),
        "{texto}"
    );
    // All four under other names; `dentro(f, c)`, tried first for the counting
    // function, does not answer as it and is not taken.
    let (renombradas, texto) = correr(&[entrega("renombradas.py")], &rapidas());
    let nombres: Vec<&str> = (renombradas.entregas()[0].funciones.iter())
        .map(|informe| informe.as_ref().map_or("", |i| i.nombre.as_str()))
        .collect();
    assert_eq!(
        nombres,
        ["hacerJugada", "fichas", "grabar", "leer"],
        "{texto}"
    );
    assert_eq!(renombradas.codigo(), 0, "{texto}");
    // --funcion forces a name: the report does not say it was looked for.
    let opciones = OpcionesCorreccion {
        renombres: vec!["contar=contarFichas".parse().unwrap()],
        ..rapidas()
    };
    let (forzada, texto) = correr(&archivos, &opciones);
    assert_eq!(forzada.codigo(), 0, "{texto}");
    assert!(texto.contains("  contarFichas 60/60\n"), "{texto}");
}

#[test]
fn json_csv_y_codigo_de_salida() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let notas = dir.path().join("notas.csv");
    let opciones = OpcionesCorreccion {
        casos: Some(20),
        csv: Some(notas.clone()),
        ..rapidas()
    };
    let archivos: Vec<PathBuf> = [
        "correcta_main.py",
        "guardar_mal.py",
        "sintaxis.py",
        "correcta_contar_renombrada.py",
    ]
    .map(entrega)
    .into();
    let (resumen, _) = correr(&archivos, &opciones);
    // The order's one JSON object: the orders' envelope around the report.
    let mut argumentos = vec!["corregir", "--casos", "20", "--memoria", "256M"];
    argumentos.extend(["--tiempo-limite", "3", "--pesos", SOLO_FUNCIONES]);
    let rutas: Vec<String> = archivos.iter().map(|r| r.display().to_string()).collect();
    argumentos.extend(rutas.iter().map(String::as_str));
    let orden = Orden::desde_argumentos(&argumentos).expect("argumentos válidos");
    let opciones_json = OpcionesDeOrden {
        json: true,
        ..OpcionesDeOrden::default()
    };
    let mut salida = Vec::new();
    let error = ejecutar(&orden, &opciones_json, &b""[..], &mut salida).unwrap_err();
    assert_eq!(error.codigo() as i32, 1);
    let texto = String::from_utf8(salida).unwrap();
    assert_eq!(texto.lines().count(), 1);
    let json: Value = serde_json::from_str(&texto).unwrap();
    assert_eq!(json["orden"], "corregir");
    assert_eq!(json["ok"], false);
    // A fresh seed, said so that the run can be repeated.
    assert!(
        (1..1_000_000_000).contains(&json["semilla"].as_u64().unwrap()),
        "{json}"
    );
    let entregas = json["entregas"].as_array().unwrap();
    assert_eq!(entregas.len(), 4);
    let correcta = &entregas[0];
    assert_eq!(correcta["importa"], true);
    assert_eq!(correcta["error"], Value::Null);
    let claves: BTreeSet<&str> = correcta["funciones"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        claves,
        BTreeSet::from(["jugar", "contar", "guardar_partida", "cargar_partida"])
    );
    let jugar = &correcta["funciones"]["jugar"];
    assert_eq!(jugar["nombre"], "jugar");
    assert_eq!(
        (jugar["casos"].as_u64(), jugar["correctos"].as_u64()),
        (Some(20), Some(20))
    );
    assert_eq!(jugar["por_tipo"], serde_json::json!({}));
    assert_eq!(jugar["fallas"], serde_json::json!([]));

    let guardar = &entregas[1]["funciones"]["guardar_partida"];
    assert_eq!(guardar["nombre"], "guardarPartida");
    assert_eq!(guardar["por_tipo"], serde_json::json!({ "archivo": 2 }));
    let falla = &guardar["fallas"][0];
    assert_eq!(falla["tipo"], "archivo");
    assert_eq!(
        falla["llamada"],
        "guardarPartida(tablero, \"guardar-0001.txt\")"
    );
    let esperado = falla["esperado"]["archivo"].as_str().unwrap();
    assert_eq!(esperado.lines().count(), 8);
    let obtenido = falla["obtenido"]["archivo"].as_str().unwrap();
    assert_eq!(obtenido.replace(", \n", "\n"), esperado);
    assert!(
        falla["obtenido"]["problema"].as_str().unwrap().starts_with(
            "no está en el formato de la tarea: línea 1, columna 25: la fila 1 tiene 9 casillas"
        ),
        "{falla}"
    );

    assert_eq!(entregas[2]["importa"], false);
    assert_eq!(entregas[2]["funciones"]["jugar"], Value::Null);
    assert!(
        entregas[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("línea 15:")
    );
    // The counting function, found under its student's name.
    assert_eq!(entregas[3]["funciones"]["contar"]["nombre"], "contarFichas");
    assert_eq!(resumen.codigo(), 1);
    // Each failure's case as data: its title and its board (#40).
    let falla = &entregas[1]["funciones"]["guardar_partida"]["fallas"][0];
    assert_eq!(falla["titulo"], Value::Null);
    assert_eq!(falla["tablero"].as_array().map(Vec::len), Some(8));
    // The fixtures are one program with one mistake each: all alike.
    let parecidas = |estudiante: &str| {
        let otros: Vec<String> = (json["parecidos"].as_array().unwrap().iter())
            .filter_map(
                |parecido| match parecido["estudiantes"].as_array().unwrap().as_slice() {
                    [a, b] if a == estudiante => Some(format!(
                        "{} {:.0} %",
                        b.as_str().unwrap(),
                        parecido["similitud"].as_f64().unwrap()
                    )),
                    [a, b] if b == estudiante => Some(format!(
                        "{} {:.0} %",
                        a.as_str().unwrap(),
                        parecido["similitud"].as_f64().unwrap()
                    )),
                    _ => None,
                },
            )
            .collect();
        otros.join(", ")
    };
    assert_eq!(entregas[0]["estudiante"], "correcta_main");
    assert_eq!(entregas[0]["calificacion"]["nota"], 7.0);

    // The gradebook: a row per student, as a spreadsheet set to Spanish opens it.
    let csv = std::fs::read_to_string(&notas).unwrap();
    let carpeta_entregas = entregas_de_texto();
    let sintaxis = entregas[2]["error"].as_str().unwrap();
    assert_eq!(
        csv,
        format!(
            "\u{feff}estudiante;nombre;id;archivo;jugar;robustez;contar;guardarPartida;cargarPartida;porcentaje;nota;motivo;parecida_a;semilla\n\
             correcta_main;correcta_main;;{carpeta_entregas}/correcta_main.py;20 de 20;2 de 2;6 de 6;2 de 2;2 de 2;100,0;7,0;;{};{semilla}\n\
             guardar_mal;guardar_mal;;{carpeta_entregas}/guardar_mal.py;20 de 20;2 de 2;6 de 6;0 de 2;2 de 2;90,0;6,3;;{};{semilla}\n\
             sintaxis;sintaxis;;{carpeta_entregas}/sintaxis.py;;;;;;0,0;1,0;\"no se pudo cargar: {}\";{};{semilla}\n\
             correcta_contar_renombrada;correcta_contar_renombrada;;{carpeta_entregas}/correcta_contar_renombrada.py;20 de 20;2 de 2;6 de 6;;;100,0;7,0;;{};{semilla}\n",
            parecidas("correcta_main"),
            parecidas("guardar_mal"),
            sintaxis.replace('"', "\"\""),
            parecidas("sintaxis"),
            parecidas("correcta_contar_renombrada"),
            semilla = resumen.semilla(),
        )
    );

    let (solo_correctas, _) = correr(
        &[entrega("correcta_main.py"), entrega("correcta_bom.py")],
        &opciones,
    );
    assert_eq!(solo_correctas.codigo(), 0);
}

fn entregas_de_texto() -> String {
    entregas().display().to_string()
}

#[test]
fn sin_interprete_o_sin_entregas_es_un_error_de_uso() {
    let opciones = OpcionesCorreccion {
        python: Some("/no/existe/python3".into()),
        ..OpcionesCorreccion::default()
    };
    let error = corregir(&[entrega("correcta_main.py")], &opciones, |_, _| {}).unwrap_err();
    assert!(
        matches!(error, ErrorCorreccion::SinInterprete { .. }),
        "{error:?}"
    );
    assert_eq!(error.codigo(), 2);
    assert_eq!(
        error.to_string(),
        "no se encontró un intérprete de Python 3 en «/no/existe/python3» (no existe); instálelo o indique otro con --python RUTA"
    );
    let error = corregir(
        &[entrega("no_existe.py")],
        &OpcionesCorreccion::default(),
        |_, _| {},
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("no existe «{}»", entrega("no_existe.py").display())
    );
    assert_eq!(error.codigo(), 2);
    let vacia = carpeta();
    let error = corregir(
        &[vacia.path().into()],
        &OpcionesCorreccion::default(),
        |_, _| {},
    )
    .unwrap_err();
    assert!(matches!(error, ErrorCorreccion::CarpetaSinEntregas(_)));
}

#[test]
fn avisa_al_empezar_y_tras_cada_entrega() {
    if !hay_python() {
        return;
    }
    let mut avances = Vec::new();
    let archivos = [entrega("correcta_main.py"), entrega("sin_diagonales.py")];
    corregir(&archivos, &rapidas(), |hechas, total| {
        avances.push((hechas, total))
    })
    .expect("la corrección corre");
    assert_eq!(avances, [(0, 2), (1, 2), (2, 2)]);
}

#[test]
fn la_misma_semilla_da_el_mismo_informe() {
    if !hay_python() {
        return;
    }
    let con_semilla = |valor| OpcionesCorreccion {
        semilla: SemillaDeCasos { valor },
        casos: Some(50),
        ..rapidas()
    };
    let archivos = [entrega("sin_diagonales.py")];
    let (_, primera) = correr(&archivos, &con_semilla(Some(5)));
    let (_, segunda) = correr(&archivos, &con_semilla(Some(5)));
    let (_, otra) = correr(&archivos, &con_semilla(Some(6)));
    assert_eq!(primera, segunda);
    assert_ne!(primera, otra);
}

#[test]
fn los_casos_por_omision_en_una_entrega_correcta() {
    if !hay_python() {
        return;
    }
    // The whole homework: the four functions and the main program.
    let (resumen, texto) = correr(
        &[entrega("programa/menu_guardar.py")],
        &OpcionesCorreccion::default(),
    );
    // A fresh seed each run, which the report says.
    let semilla = resumen.semilla();
    assert!((1..1_000_000_000).contains(&semilla));
    let resumen_del_final = othello_programa::renglones::ajustar(&format!(
        "1 entrega: 1 pasa todo, 0 con fallas, 0 no cargan (semilla {semilla}; pesos \
         jugar=30,contar=10,guardarPartida=5,cargarPartida=5,programa=50; 4.0 con el 60 %)."
    ));
    assert_eq!(
        texto,
        format!(
            "menu_guardar\n  menu_guardar.py: total 100.0 %, nota 7.0\n  jugar 1000/1000\n  \
             jugar con posiciones que no son casillas 60/60\n  \
             contar 300/300\n  guardarPartida 100/100\n  cargarPartida 100/100\n  \
             programa principal 10/10 puntos, 100 % (cumple: guarda la partida (opcional);\n    \
             carga una partida guardada (opcional))\n\n{resumen_del_final}\n"
        )
    );
    assert_eq!(resumen.codigo(), 0);
}

/// Whether pytest is installed.
fn hay_pytest() -> bool {
    Command::new("python3")
        .args(["-c", "import pytest"])
        .output()
        .is_ok_and(|salida| salida.status.success())
}

/// Runs `archivo` (a test file that uses pytest) in `dir` with pytest if `con_pytest`,
/// and otherwise with a stand-in `pytest` module and a loop over the parameters, so
/// that the very text printed by `casos` runs either way. Whether every case passed.
fn correr_pytest(dir: &Path, archivo: &str, con_pytest: bool) -> bool {
    let mut comando = Command::new("python3");
    comando.env("PYTHONDONTWRITEBYTECODE", "1").current_dir(dir);
    if con_pytest {
        comando.args(["-m", "pytest", "-q", "-p", "no:cacheprovider", archivo]);
    } else {
        let reemplazo = dir.join("reemplazo");
        std::fs::create_dir_all(&reemplazo).unwrap();
        std::fs::write(
            reemplazo.join("pytest.py"),
            "class _Marca:\n    def parametrize(self, nombre, valores, ids=None):\n        def decorar(f):\n            f.casos = valores\n            return f\n        return decorar\nmark = _Marca()\n",
        )
        .unwrap();
        let modulo = archivo.trim_end_matches(".py");
        let programa = format!(
            "import {modulo} as m\nfor caso in m.test_jugar.casos:\n    m.test_jugar(caso)\nprint(len(m.test_jugar.casos), 'casos bien')\n"
        );
        comando
            .env("PYTHONPATH", &reemplazo)
            .args(["-c", &programa]);
    }
    let salida = comando.output().unwrap();
    eprintln!(
        "{}{}",
        String::from_utf8_lossy(&salida.stdout),
        String::from_utf8_lossy(&salida.stderr)
    );
    salida.status.success()
}

/// The pytest file that `casos` prints runs, with pytest (with the stand-in where there is
/// none): every correct submission passes, also those whose main program at the top level
/// waits for a move (which `import` alone would run, stopping pytest) or that Python
/// cannot import (Latin-1 without a coding line); one with a mistake fails.
#[test]
fn casos_escribe_archivos_y_un_ejemplo_de_pytest_que_corre() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let mut ejemplo = Vec::new();
    // 50 cases: the example below runs them 7 times, and the count is not what
    // this test is about.
    escribir_casos(&dir.path().join("casos"), 9, 50, &mut ejemplo).unwrap();
    let ejemplo = String::from_utf8(ejemplo).unwrap();
    assert_eq!(ejemplo.lines().count(), 12);
    let csv = std::fs::read_to_string(dir.path().join("casos/casos.csv")).unwrap();
    assert_eq!(
        csv.lines().next(),
        Some("id,tablero,posicion,valor,valida,esperado")
    );
    // 50 of jugar and, after them, 3 robustness cases (6 in 100), as corregir runs
    // them.
    assert_eq!(csv.lines().count(), 1 + 50 + 3);
    assert!(csv.lines().nth(1).unwrap().starts_with("1,0001.txt,"));
    assert_eq!(csv.lines().nth(51), Some("51,0051.txt,I1,N,False,0051.txt"));
    assert!(dir.path().join("casos/cargar_entrega.py").is_file());
    std::fs::write(dir.path().join("test_casos.py"), &ejemplo).unwrap();

    let con_pytest = hay_pytest();
    if !con_pytest {
        eprintln!("el ejemplo corre con un pytest de reemplazo (no hay pytest)");
    }
    for (nombre, pasa) in [
        ("correcta_main.py", true),
        ("correcta_principal_arriba.py", true),
        ("correcta_bucle_arriba.py", true),
        ("correcta_bom.py", true),
        ("correcta_latin1.py", true),
        ("correcta_contar_renombrada.py", true),
        ("sin_diagonales.py", false),
    ] {
        std::fs::copy(entrega(nombre), dir.path().join("tarea.py")).unwrap();
        assert_eq!(
            correr_pytest(dir.path(), "test_casos.py", con_pytest),
            pasa,
            "{nombre}, con pytest: {con_pytest}"
        );
    }
}

/// `othello corregir` and `othello casos` as a teaching assistant runs them: the program
/// itself, its exit codes, its one JSON object, the gradebook and the case files.
#[test]
fn las_ordenes_corregir_y_casos_de_punta_a_punta() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let correr = |argumentos: &[&str]| {
        let salida = crate::comun::othello(dir.path())
            .args(argumentos)
            .output()
            .expect("el programa corre");
        (
            salida.status.code(),
            String::from_utf8(salida.stdout).unwrap(),
            String::from_utf8(salida.stderr).unwrap(),
        )
    };
    let correcta = entrega("programa/menu_guardar.py").display().to_string();
    let mala = entrega("sin_diagonales.py").display().to_string();
    let renombrada = entrega("correcta_contar_renombrada.py")
        .display()
        .to_string();

    // Every case right, and every point of its program: exit 0, one line per function
    // and one for the program, nothing on standard error.
    let (codigo, texto, errores) = correr(&["corregir", "--casos", "50", &correcta]);
    assert_eq!((codigo, errores.as_str()), (Some(0), ""));
    assert!(texto.contains("  jugar 50/50\n"), "{texto}");
    assert!(
        texto.contains("  programa principal 10/10 puntos, 100 % (cumple:"),
        "{texto}"
    );

    // A wrong one: exit 1, the report on standard output, one line on standard error;
    // the gradebook has a row per submission.
    let notas = dir.path().join("notas.csv");
    let (codigo, texto, errores) = correr(&[
        "corregir",
        &correcta,
        &mala,
        "--casos",
        "200",
        "--csv",
        notas.to_str().unwrap(),
    ]);
    assert_eq!(codigo, Some(1));
    // What the run found, not an error.
    assert_eq!(
        errores,
        "resultado: 1 de 2 entregas no pasa todo (el informe dice qué les falta)\n"
    );
    // Its grade depends on the cases, drawn from a fresh seed: below 7.0.
    let (_, encabezado) = texto
        .split_once("\nsin_diagonales\n  sin_diagonales.py: total ")
        .expect("su encabezado");
    let nota: f64 = encabezado
        .split_once(", nota ")
        .and_then(|(_, resto)| resto.lines().next()?.parse().ok())
        .expect("su nota");
    assert!(nota < 7.0, "{texto}");
    let planilla = std::fs::read_to_string(&notas).unwrap();
    assert_eq!(planilla.lines().count(), 3, "{planilla}");
    assert!(planilla.starts_with("\u{feff}estudiante;nombre;id;archivo;jugar;robustez;contar;"));

    // --json: one object, as the issue writes it, and no second one for the failure.
    let (codigo, json, _) = correr(&["corregir", &mala, "--casos", "200", "--json"]);
    assert_eq!(codigo, Some(1));
    assert_eq!(json.lines().count(), 1, "{json}");
    let valor: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(valor["orden"], "corregir");
    assert_eq!(valor["ok"], false);
    assert!(valor["funciones"].is_null());
    let jugar = &valor["entregas"][0]["funciones"]["jugar"];
    assert!(jugar["correctos"].as_u64().unwrap() < 200);

    // The counting function is found under the student's own name, or with --funcion.
    let solo = ["--pesos", SOLO_FUNCIONES];
    let (codigo, texto, _) = correr(&["corregir", &renombrada, "--casos", "50", solo[0], solo[1]]);
    assert_eq!(codigo, Some(0), "{texto}");
    let (codigo, texto, _) = correr(&[
        "corregir",
        &renombrada,
        solo[0],
        solo[1],
        "--casos",
        "50",
        "--funcion",
        "contar=contarFichas",
    ]);
    assert_eq!(codigo, Some(0), "{texto}");

    // Usage errors and a missing submission: exit 2, with the JSON object asked for.
    let (codigo, _, errores) = correr(&["corregir", &correcta, "--memoria", "mucha"]);
    assert_eq!(codigo, Some(2));
    assert!(errores.contains("--memoria"), "{errores}");
    let (codigo, json, _) = correr(&["corregir", "no-existe.py", "--json"]);
    assert_eq!(codigo, Some(2));
    let valor: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(valor["error"]["clave"], "correccion");

    // casos: the files, the csv, and the pytest example on standard output.
    let (codigo, ejemplo, errores) = correr(&["casos", "--carpeta", "casos", "--cantidad", "7"]);
    assert_eq!((codigo, errores.as_str()), (Some(0), ""));
    assert!(ejemplo.contains("def test_jugar(caso):"), "{ejemplo}");
    // The seed drawn, to repeat the cases.
    let (primera, _) = ejemplo.split_once('\n').unwrap();
    let semilla = (primera.strip_prefix("# 7 casos de jugar con la semilla "))
        .and_then(|resto| resto.split_once(' '))
        .map(|(semilla, _)| semilla);
    assert!(
        semilla.is_some_and(|s| s.parse::<u64>().is_ok()),
        "{primera}"
    );
    let csv = std::fs::read_to_string(dir.path().join("casos/casos.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 7 + 1, "{csv}");
    let (codigo, json, _) = correr(&["casos", "--carpeta", "otros", "--cantidad", "3", "--json"]);
    assert_eq!(codigo, Some(0));
    let valor: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (valor["orden"].as_str(), valor["cantidad"].as_u64()),
        (Some("casos"), Some(3))
    );
}

/// The answers the harness gave to real submissions (the fuzz target `corregir`'s seeds,
/// made with `--casos 8` and its seed: each function's lines, the files saved in them,
/// split at NUL) count without a child exactly as grading the submission counts them:
/// the fuzz target runs what the grader runs.
#[test]
fn las_respuestas_del_arnes_cuentan_igual_sin_el_hijo() {
    if !hay_python() {
        return;
    }
    let opciones = OpcionesCorreccion {
        casos: Some(8),
        tiempo_limite: Duration::from_secs(1),
        semilla: SemillaDeCasos {
            valor: Some(crate::fuzz::objetivos::SEMILLA_DE_LAS_SEMILLAS),
        },
        ..rapidas()
    };
    let semillas = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/semillas/corregir");
    for nombre in [
        "correcta_main",
        "sin_diagonales",
        "da_la_vuelta",
        "copia_tablero",
        "contar_mal",
        "guardar_mal",
        "cargar_mal",
        "borde_indexerror",
        "muere",
        "cuelga",
    ] {
        let semilla = std::fs::read(semillas.join(nombre)).unwrap();
        let mut partes = semilla.split(|&byte| byte == 0);
        let respuestas = PorFuncion::de(|_| partes.next());
        let dadas = revisar_respuestas(&respuestas, Path::new("tarea2.py"), &opciones);
        let (resumen, _) = correr(&[entrega(&format!("{nombre}.py"))], &opciones);
        let (dadas, corridas) = (
            &dadas.entregas()[0].funciones,
            &resumen.entregas()[0].funciones,
        );
        if nombre == "cuelga" {
            // Where a call was when its time ran out depends on the moment: the counts
            // and the cases that failed must agree.
            let resumir = |funciones: &PorFuncion<Option<InformeFuncion>>| {
                (funciones.iter().flatten())
                    .map(|f| {
                        let fallas: Vec<(Tipo, usize)> = f
                            .fallas
                            .iter()
                            .map(|falla| (falla.tipo, falla.caso))
                            .collect();
                        (f.casos, f.correctos, f.por_tipo.clone(), fallas)
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(resumir(dadas), resumir(corridas));
        } else {
            assert_eq!(dadas, corridas, "{nombre}");
        }
    }
}

#[test]
fn un_curso_como_lo_exporta_la_plataforma_con_su_planilla_y_sus_informes() {
    if !hay_python() {
        return;
    }
    // #40: a folder of the class, one folder per student (or one file), the student
    // named after it; of several files, the one with jugar; a student without a .py
    // file still gets a row and a report.
    let dir = carpeta();
    let opciones = OpcionesCorreccion {
        csv: Some(dir.path().join("notas.csv")),
        informes: Some(dir.path().join("informes")),
        ..rapidas()
    };
    let (resumen, texto) = correr(&[entregas().join("curso")], &opciones);
    let estudiantes: Vec<&str> = (resumen.entregas().iter())
        .map(|entrega| entrega.estudiante.as_str())
        .collect();
    assert_eq!(
        estudiantes,
        ["ana_perez", "beto_rojas", "carla_diaz", "diego_soto"]
    );
    let beto = &resumen.entregas()[1];
    assert!(
        beto.archivo.ends_with("beto_rojas/tarea2.py"),
        "{}",
        beto.archivo
    );
    assert_eq!(
        beto.eleccion.as_deref(),
        Some("se corrigió tarea2.py, que define jugar (también hay apoyo/utilidades.py)")
    );
    // Nothing to grade: no grade, and said so, for the teaching assistant to grade.
    let diego = &resumen.entregas()[3];
    assert!(!diego.importa);
    assert_eq!(diego.calificacion, None);
    assert!(
        texto.contains(
            "diego_soto\n  sin nota, para calificar a mano\n  no entregó código Python: su \
             carpeta tiene LEEME.txt y ningún archivo .py\n"
        ),
        "{texto}"
    );
    let notas = std::fs::read_to_string(dir.path().join("notas.csv")).unwrap();
    let filas: Vec<&str> = notas.lines().collect();
    assert_eq!(filas.len(), 5, "{notas}");
    assert!(filas[1].starts_with("ana_perez;"), "{notas}");
    assert!(filas[1].contains(";100,0;7,0;;"), "{notas}");
    assert!(
        filas[4].contains(
            ";;;para calificar a mano: no entregó código Python: su carpeta tiene LEEME.txt \
             y ningún archivo .py;"
        ),
        "{notas}"
    );
    // One feedback file per student, their own section, fitting 80 columns: the name on
    // its own line, whatever the length of the path the class is in (#48).
    for (estudiante, entrega) in estudiantes.iter().zip(resumen.entregas()) {
        let informe =
            std::fs::read_to_string(dir.path().join(format!("informes/{estudiante}.txt"))).unwrap();
        assert!(
            informe.starts_with(&format!("{estudiante}\n  ")),
            "{informe}"
        );
        let nota = match entrega.calificacion {
            Some(calificacion) => format!("nota {:.1}\n", calificacion.nota),
            None => "sin nota, para calificar a mano\n".to_owned(),
        };
        assert!(informe.contains(&nota), "{informe}");
        let seccion = informe.lines().take(2).collect::<Vec<_>>().join("\n");
        assert!(texto.contains(&seccion), "{informe}");
        for linea in informe.lines() {
            assert!(linea.chars().count() <= 80, "{linea}");
        }
    }
}

#[test]
fn una_entrega_no_pasa_de_su_tiempo_y_lo_que_queda_no_se_corre() {
    if !hay_python() {
        return;
    }
    // #40: one submission must not hold up a class. 10 ms a call, 600 calls: after the
    // sample, past its share of three seconds (loading takes up to two of them on a busy
    // machine), the rest of jugar is not run, and the other functions run what fits in
    // theirs.
    let opciones = OpcionesCorreccion {
        casos: Some(600),
        tiempo_por_entrega: Duration::from_secs(3),
        ..rapidas()
    };
    let inicio = Instant::now();
    let (resumen, texto) = correr(&[entrega("lenta.py")], &opciones);
    assert!(
        inicio.elapsed() < Duration::from_secs(20),
        "{:?}",
        inicio.elapsed()
    );
    let entrega = &resumen.entregas()[0];
    let jugar = entrega.funciones.jugar.as_ref().unwrap();
    // Slow but correct: the sample ran whole, what did not fit is left out of the
    // grade and is no failure, and the grade is the one earned.
    assert!(
        jugar.correctos >= 50 && jugar.fuera_de_la_nota > 0,
        "{jugar:?}"
    );
    assert_eq!(
        jugar.correctos + jugar.fuera_de_la_nota,
        jugar.casos,
        "{texto}"
    );
    assert!(
        jugar.por_tipo.is_empty() && jugar.fallas.is_empty(),
        "{texto}"
    );
    let contar = entrega.funciones.contar.as_ref().unwrap();
    assert_eq!(
        contar.correctos + contar.fuera_de_la_nota,
        contar.casos,
        "{texto}"
    );
    assert_eq!(entrega.calificacion.unwrap().nota, 7.0, "{texto}");
    assert!(resumen.ok(), "{texto}");
    assert!(
        texto.contains(&format!(
            "  jugar {}/{} ({} sin correr por falta de tiempo, fuera de la nota)\n",
            jugar.correctos, jugar.correctos, jugar.fuera_de_la_nota
        )),
        "{texto}"
    );
}

/// The processes alive that a grading run with `TMPDIR` set to `tmpdir` started, with
/// what they run: the child's own `TMPDIR` is a folder inside it, and whatever the
/// student's code starts inherits that. A zombie has no environment left: it is dead.
fn procesos_de_la_correccion(tmpdir: &Path) -> Vec<(u32, String)> {
    let marca = format!("TMPDIR={}/", tmpdir.display());
    let mut vivos = Vec::new();
    for entrada in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entrada.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(entorno) = fs::read(entrada.path().join("environ")) else {
            continue;
        };
        if entorno
            .split(|&byte| byte == 0)
            .any(|variable| variable.starts_with(marca.as_bytes()))
        {
            let orden = fs::read(entrada.path().join("cmdline")).unwrap_or_default();
            let orden = String::from_utf8_lossy(&orden).replace('\0', " ");
            vivos.push((pid, orden.trim_end().to_owned()));
        }
    }
    vivos
}

/// Checks that a grading run with `TMPDIR` set to `tmpdir`, already ended, left nothing:
/// no process (a killed one may take a moment to go) and nothing in `tmpdir`.
fn no_queda_nada(tmpdir: &Path, como: &str) {
    let inicio = Instant::now();
    while !procesos_de_la_correccion(tmpdir).is_empty() && inicio.elapsed() < Duration::from_secs(5)
    {
        thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        procesos_de_la_correccion(tmpdir),
        [],
        "{como}: quedaron procesos"
    );
    let restos: Vec<PathBuf> = fs::read_dir(tmpdir)
        .unwrap()
        .map(|entrada| entrada.unwrap().path())
        .collect();
    assert_eq!(restos, Vec::<PathBuf>::new(), "{como}: quedaron carpetas");
}

/// `othello corregir` on `lanza_procesos.py`, in `dir`, with a `TMPDIR` of its own
/// (returned) and `argumentos` after the submission.
fn corregir_lanza_procesos(dir: &Path, argumentos: &[&str]) -> (std::process::Command, PathBuf) {
    let tmpdir = dir.join("tmp");
    fs::create_dir(&tmpdir).unwrap();
    let mut comando = crate::comun::programa(dir);
    comando
        .env("TMPDIR", &tmpdir)
        .arg("corregir")
        .arg(entrega("lanza_procesos.py"))
        .args(argumentos)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    (comando, tmpdir)
}

/// Interrupting `othello corregir` (Ctrl-C, a kill, the terminal closed) ends what the
/// submissions started, also what left the Python process (an orphan, whose parent is
/// then 1), and removes their temporary folders; and the program exits as a shell
/// expects of one that a signal ended.
#[test]
fn interrumpir_la_correccion_no_deja_procesos_ni_carpetas() {
    if !hay_python() {
        return;
    }
    for senal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let dir = carpeta();
        // The submission waits for its music for up to a minute.
        let (mut comando, tmpdir) = corregir_lanza_procesos(dir.path(), &["--tiempo-limite", "60"]);
        let mut othello = comando.spawn().unwrap();
        let inicio = Instant::now();
        // The harness and the two it forked: the music and the orphan.
        while procesos_de_la_correccion(&tmpdir).len() < 3 {
            assert!(
                inicio.elapsed() < Duration::from_secs(30),
                "la entrega no lanzó sus procesos: {:?}",
                procesos_de_la_correccion(&tmpdir)
            );
            thread::sleep(Duration::from_millis(20));
        }
        let pid = libc::pid_t::try_from(othello.id()).unwrap();
        // SAFETY: kill has no memory effects; the program is our child, not yet waited.
        unsafe { libc::kill(pid, senal) };
        let inicio = Instant::now();
        let estado = loop {
            if let Some(estado) = othello.try_wait().unwrap() {
                break estado;
            }
            if inicio.elapsed() > Duration::from_secs(30) {
                othello.kill().unwrap();
                panic!("la señal {senal} no detuvo la corrección");
            }
            thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(estado.code(), Some(128 + senal), "señal {senal}");
        no_queda_nada(&tmpdir, &format!("señal {senal}"));
    }
}

/// A grading run that ends, well or with an error (the gradebook cannot be written),
/// leaves nothing of `lanza_procesos.py` either.
#[test]
fn una_correccion_que_termina_no_deja_procesos_ni_carpetas() {
    if !hay_python() {
        return;
    }
    // Its main program is no game: 1 when the run ends well.
    for (csv, codigo) in [(None, 1), (Some("no-existe/notas.csv"), 2)] {
        let dir = carpeta();
        let mut argumentos = vec!["--tiempo-limite", "0.5", "--casos", "10"];
        argumentos.extend(csv.iter().flat_map(|csv| ["--csv", csv]));
        let (mut comando, tmpdir) = corregir_lanza_procesos(dir.path(), &argumentos);
        let estado = comando.status().unwrap();
        assert_eq!(estado.code(), Some(codigo), "{argumentos:?}");
        no_queda_nada(&tmpdir, &format!("{argumentos:?}"));
    }
}

/// Issue 45, the verdicts: saving onto a file that exists, what happened while loading,
/// and a rare hang.
mod veredictos {
    use super::*;
    use crate::comun::assert_eq;

    #[test]
    fn guardar_en_modo_agregar_falla_sobre_un_archivo_que_existe_o_dos_veces() {
        if !hay_python() {
            return;
        }
        let opciones = OpcionesCorreccion {
            ejemplos: 1000,
            ..rapidas()
        };
        let archivos = ["guardar_agrega.py", "correcta_main.py"].map(entrega);
        let (resumen, texto) = correr(&archivos, &opciones);
        let guardar = buscar(&resumen, "guardar_agrega.py")
            .funciones
            .guardar_partida
            .as_ref()
            .unwrap();
        // One in five on a file with another text, one in five saved twice: those
        // fail, and only those.
        let fallidos: Vec<(usize, Option<&str>)> = (guardar.fallas.iter())
            .map(|falla| (falla.caso, falla.titulo))
            .collect();
        let sobre_otro = Some("guardar sobre un archivo que ya existe, con un texto más largo");
        let dos_veces = Some("guardar dos veces en el mismo archivo");
        assert_eq!(
            fallidos,
            [2, 4, 7, 9, 12, 14, 17, 19]
                .map(|caso| (caso, if caso % 5 == 2 { sobre_otro } else { dos_veces })),
            "{texto}"
        );
        assert_eq!(guardar.por_tipo[&Tipo::Archivo], 8);
        assert!(
            texto.contains("cuando «guardar-0002.txt» ya existía, con estas líneas"),
            "{texto}"
        );
        assert!(
            texto.contains("        guardarPartida(anterior, \"guardar-0004.txt\")\n"),
            "{texto}"
        );
        let correcta = buscar(&resumen, "correcta_main.py");
        assert!(correcta.aprobada(), "{texto}");
    }

    /// `texto` with its lines as `ajustar` broke them joined again.
    /// `texto` with each line that continues another (indented two spaces deeper than
    /// a line of the report) joined to it.
    fn sin_cortes(texto: &str) -> String {
        texto.replace("\n    ", " ")
    }

    #[test]
    fn lo_que_fallo_al_cargar_se_informa_en_el_texto_el_json_la_planilla_y_los_informes() {
        if !hay_python() {
            return;
        }
        let dir = carpeta();
        // A main program that ends the process: only the definitions are loaded.
        let termina = dir.path().join("termina_el_proceso.py");
        let correcta = fs::read_to_string(entrega("correcta_main.py")).unwrap();
        fs::write(&termina, format!("import os\nos._exit(3)\n{correcta}")).unwrap();
        let opciones = OpcionesCorreccion {
            casos: Some(20),
            csv: Some(dir.path().join("notas.csv")),
            informes: Some(dir.path().join("informes")),
            ..rapidas()
        };
        let mut archivos = [
            "importa_numpy.py",
            "sale_al_importar.py",
            "correcta_main.py",
        ]
        .map(entrega)
        .to_vec();
        archivos.push(termina);
        let (resumen, texto) = correr(&archivos, &opciones);
        let json = serde_json::to_value(&resumen).unwrap();
        let [numpy, sale, correcta, termina] = &json["entregas"].as_array().unwrap()[..] else {
            panic!("{json}")
        };
        // Each is graded all the same: the functions come after the failing lines.
        for entrega in resumen.entregas() {
            assert!(entrega.aprobada(), "{texto}");
        }
        assert_eq!(
            numpy["al_cargar"],
            serde_json::json!([{
                "tipo": "excepcion",
                "linea": 3,
                "codigo": "import numpy as np",
                "excepcion": "ModuleNotFoundError",
                "mensaje": "No module named 'numpy'",
            }])
        );
        assert_eq!(numpy["error"], Value::Null);
        let avisos = sale["al_cargar"].as_array().unwrap();
        assert_eq!(avisos.len(), 2, "{sale}");
        assert_eq!(
            (&avisos[0]["linea"], &avisos[0]["excepcion"]),
            (&Value::from(5), &Value::from("FileNotFoundError"))
        );
        assert_eq!(
            (
                &avisos[1]["tipo"],
                &avisos[1]["linea"],
                &avisos[1]["codigo_salida"]
            ),
            (
                &Value::from("salida"),
                &Value::from(8),
                &Value::from("uso: python3 tarea2.py NOMBRE_DEL_JUGADOR")
            )
        );
        // The top-level statement that was running, and where in it.
        assert_eq!(
            avisos[1]["interna"],
            serde_json::json!({
                "linea": 9,
                "codigo": "sys.exit(\"uso: python3 tarea2.py NOMBRE_DEL_JUGADOR\")",
            })
        );
        assert_eq!(correcta["al_cargar"], serde_json::json!([]));
        assert_eq!(
            termina["al_cargar"],
            serde_json::json!([{ "tipo": "solo_definiciones", "linea": null, "codigo": null }])
        );
        let numpy = "al cargar, la línea 3 (import numpy as np) lanzó ModuleNotFoundError: No \
                     module named 'numpy'; se siguió con el resto del archivo";
        let salida = "al cargar, la línea 8 (if len(sys.argv) < 2:), desde la línea 9 \
                      (sys.exit(\"uso: python3 tarea2.py NOMBRE_DEL_JUGADOR\")), terminó el \
                      programa con exit('uso: python3 tarea2.py NOMBRE_DEL_JUGADOR')";
        let solo = "al cargar, el archivo entero colgó o terminó el proceso de Python: se \
                    cargaron solo sus definiciones";
        for esperado in [numpy, salida, solo] {
            assert!(sin_cortes(&texto).contains(esperado), "{esperado}\n{texto}");
        }
        // The student's own feedback says it too, and the gradebook's reason.
        let informe = fs::read_to_string(dir.path().join("informes/importa_numpy.txt")).unwrap();
        assert!(sin_cortes(&informe).contains(numpy), "{informe}");
        let notas = fs::read_to_string(dir.path().join("notas.csv")).unwrap();
        let filas = crate::plataforma::filas(notas.trim_start_matches('\u{feff}'), b';');
        let fila = |nombre: &str| {
            (filas.iter())
                .find(|fila| fila[0] == nombre)
                .unwrap_or_else(|| panic!("{nombre}: {notas}"))
                .clone()
        };
        // The reason is the column after the grade.
        assert_eq!(fila("importa_numpy")[11], numpy, "{notas}");
        assert!(
            fila("sale_al_importar")[11].contains("FileNotFoundError"),
            "{notas}"
        );
        assert_eq!(fila("correcta_main")[10..12], ["7,0", ""], "{notas}");
    }

    #[test]
    fn una_entrega_que_cuelga_en_un_caso_raro_sigue_con_los_demas() {
        if !hay_python() {
            return;
        }
        let opciones = OpcionesCorreccion {
            casos: None,
            tiempo_limite: Duration::from_millis(300),
            ejemplos: 1000,
            ..rapidas()
        };
        let archivo = entrega("cuelga_a_veces.py");
        let (resumen, texto) = correr(std::slice::from_ref(&archivo), &opciones);
        let informe = &resumen.entregas()[0];
        let jugar = informe.funciones.jugar.as_ref().unwrap();
        // It hangs where a diagonal of rival pieces reaches a corner: a few of the 1000
        // cases. The rest run after each, and the grade is its true one.
        let colgados = jugar.por_tipo.get(&Tipo::Tiempo).copied().unwrap_or(0);
        assert_eq!(
            jugar.por_tipo.keys().collect::<Vec<_>>(),
            [&Tipo::Tiempo],
            "{texto}"
        );
        assert!((1..30).contains(&colgados), "{texto}");
        assert_eq!(jugar.correctos + colgados, 1000);
        for informe in informe.funciones.iter().flatten().chain(&informe.robustez) {
            assert_eq!(informe.fuera_de_la_nota, 0);
        }
        assert!(informe.calificacion.unwrap().nota >= 6.9, "{texto}");
        // Each time-out shows where the call was stuck: in the loop that does not
        // advance, or in the helper it calls there.
        let fuente = fs::read_to_string(&archivo).unwrap();
        let lineas: Vec<&str> = fuente.lines().map(str::trim).collect();
        let bucle = ["while dentro(f, c) and tablero[f][c] == rival:", "continue"];
        for falla in &jugar.fallas {
            let obtenido = serde_json::to_value(falla).unwrap()["obtenido"].clone();
            let linea = obtenido["linea"].as_u64().unwrap() as usize;
            let codigo = obtenido["codigo"].as_str().unwrap();
            assert_eq!(codigo, lineas[linea - 1]);
            assert!(
                bucle.contains(&codigo)
                    || codigo.starts_with("if df != 0")
                    || codigo == "return 0 <= f < 8 and 0 <= c < 8",
                "{obtenido}"
            );
            assert!(
                falla.texto.contains(&format!("línea {linea}: {codigo}\n")),
                "{}",
                falla.texto
            );
        }
        assert!(texto.contains("      estaba en "), "{texto}");
    }

    #[test]
    fn la_nota_cuenta_lo_que_se_corrio_y_el_informe_dice_cuanto_falto() {
        if !hay_python() {
            return;
        }
        // 10 ms a call to jugar: its sample runs whatever the time, and in its share of
        // 3 s part of the rest, right; the other functions, right too, run in theirs.
        let opciones = OpcionesCorreccion {
            tiempo_por_entrega: Duration::from_secs(3),
            ..rapidas()
        };
        let (resumen, texto) = correr(&[entrega("lenta.py")], &opciones);
        let informe = &resumen.entregas()[0];
        let jugar = informe.funciones.jugar.as_ref().unwrap();
        let sin_correr = jugar.fuera_de_la_nota;
        assert!(sin_correr > 0 && jugar.correctos >= 50, "{texto}");
        assert_eq!(jugar.correctos + sin_correr, jugar.casos);
        // Every function ran at least its sample, right: all its weight.
        assert_eq!(informe.calificacion.unwrap().porcentaje, 100.0, "{texto}");
        let fuera: usize = (informe.funciones.iter().flatten())
            .chain(&informe.robustez)
            .map(|f| f.fuera_de_la_nota)
            .sum();
        assert!(
            sin_cortes(&texto).contains(&format!(
                "nota 7.0 (sin contar {fuera} casos que no se corrieron por falta de tiempo)"
            )),
            "{texto}"
        );
    }

    #[test]
    fn una_llamada_que_no_vuelve_tambien_dice_donde_estaba() {
        if !hay_python() {
            return;
        }
        // It swallows the time limit's exception and goes on waiting: the harness does
        // not answer, and the stack its faulthandler wrote says where the call was.
        let dir = carpeta();
        let archivo = dir.path().join("traga_el_aviso.py");
        let correcta = fs::read_to_string(entrega("correcta_main.py")).unwrap();
        let jugar = "import time\n\n\ndef jugar(tablero, posicion, valor):\n    while True:\n        \
                     try:\n            time.sleep(10)\n        except BaseException:\n            \
                     pass\n\n\n";
        let resto = &correcta[correcta.find("def contar").unwrap()..];
        fs::write(&archivo, format!("{jugar}{resto}")).unwrap();
        let opciones = OpcionesCorreccion {
            casos: Some(10),
            tiempo_limite: Duration::from_millis(300),
            ..rapidas()
        };
        let (resumen, texto) = correr(&[archivo], &opciones);
        let informe = &resumen.entregas()[0];
        let jugar = informe.funciones.jugar.as_ref().unwrap();
        assert_eq!(jugar.por_tipo[&Tipo::Tiempo], 3, "{texto}");
        let falla = primera_falla(informe, Funcion::Jugar);
        assert_eq!(
            (&falla["obtenido"]["linea"], &falla["obtenido"]["codigo"]),
            (&Value::from(7), &Value::from("time.sleep(10)")),
            "{texto}"
        );
        assert!(
            texto.contains("estaba en jugar, línea 7: time.sleep(10)\n"),
            "{texto}"
        );
        // The other functions run in a fresh process.
        assert!(informe.funciones.contar.as_ref().unwrap().aprobada());
    }
}

/// The fixtures of a class as platforms export it (#45).
fn plataforma(nombre: &str) -> PathBuf {
    entregas().join("plataforma").join(nombre)
}

/// Copies the folder `origen` into `destino`, made if missing.
pub(crate) fn copiar_carpeta(origen: &Path, destino: &Path) {
    fs::create_dir_all(destino).unwrap();
    for entrada in fs::read_dir(origen).unwrap() {
        let ruta = entrada.unwrap().path();
        let copia = destino.join(ruta.file_name().unwrap());
        if ruta.is_dir() {
            copiar_carpeta(&ruta, &copia);
        } else {
            fs::copy(&ruta, &copia).unwrap();
        }
    }
}

/// Sets when the file at `ruta` was last changed to `dias` days ago.
fn modificado_hace(ruta: &Path, dias: u64) {
    let hora = std::time::SystemTime::now() - Duration::from_secs(dias * 24 * 3600);
    fs::File::options()
        .write(true)
        .open(ruta)
        .unwrap()
        .set_modified(hora)
        .unwrap();
}

/// Writes a zip at `ruta` with `entradas`: name, text, and the entry's time as day of
/// June 2015.
fn escribir_zip(ruta: &Path, entradas: &[(&str, &str, u8)]) {
    use std::io::Write as _;
    fs::create_dir_all(ruta.parent().unwrap()).unwrap();
    let mut zip = zip::ZipWriter::new(fs::File::create(ruta).unwrap());
    for (nombre, texto, dia) in entradas {
        let hora = zip::DateTime::from_date_and_time(2015, 6, *dia, 10, 0, 0).unwrap();
        let opciones = zip::write::SimpleFileOptions::default().last_modified_time(hora);
        zip.start_file(*nombre, opciones).unwrap();
        zip.write_all(texto.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
}

/// Options for a whole class, quickly: 20 cases of jugar.
fn de_clase(dir: &Path) -> OpcionesCorreccion {
    OpcionesCorreccion {
        casos: Some(20),
        csv: Some(dir.join("notas.csv")),
        informes: Some(dir.join("informes")),
        ..rapidas()
    }
}

#[test]
fn una_clase_de_moodle_con_versiones_un_zip_y_una_carpeta_vacia() {
    if !hay_python() {
        return;
    }
    // #45: Moodle's folders give the student's name and participant number; of two
    // versions, the newest is graded (not the first by name) and the other named; a zip
    // is unpacked, by its entries' times; a .py.txt is graded with a note; an empty
    // folder and one without Python each say so.
    let dir = carpeta();
    let clase = dir.path().join("clase");
    copiar_carpeta(&plataforma("moodle"), &clase);
    let ana = clase.join("Ana Pérez Rojas_204512_assignsubmission_file_");
    modificado_hace(&ana.join("othello.py"), 3);
    modificado_hace(&ana.join("othello_corregido.py"), 1);
    fs::create_dir(clase.join("Felipe Ríos_204517_assignsubmission_file_")).unwrap();
    let correcta = fs::read_to_string(entrega("correcta_main.py")).unwrap();
    let mala = fs::read_to_string(entrega("sin_diagonales.py")).unwrap();
    escribir_zip(
        &clase.join("Gabriela Lagos_204518_assignsubmission_file_/entrega.zip"),
        &[
            ("tarea2/a_borrador.py", &mala, 1),
            ("tarea2/tarea2.py", &correcta, 2),
            ("__MACOSX/tarea2/._tarea2.py", "\u{0}\u{5}binario", 2),
            ("../fuera.py", &mala, 3),
        ],
    );
    let (resumen, texto) = correr(std::slice::from_ref(&clase), &de_clase(dir.path()));
    let estudiantes: Vec<&str> = (resumen.entregas().iter())
        .map(|entrega| entrega.estudiante.as_str())
        .collect();
    assert_eq!(
        estudiantes,
        [
            "Ana Pérez Rojas",
            "Diego Soto",
            "Elena Vera",
            "Felipe Ríos",
            "Gabriela Lagos",
            "José Muñoz Tapia (204511)",
            "José Muñoz Tapia (204599)",
        ],
        "{texto}"
    );
    let [ana, diego, elena, felipe, gabriela, jose, jose_2] = resumen.entregas() else {
        unreachable!()
    };
    // The platform's name and number, for the grade sheet and the feedback folders.
    let participante = jose.participante.as_ref().unwrap();
    assert_eq!(
        (participante.nombre.as_str(), participante.id.as_str()),
        ("José Muñoz Tapia", "204511")
    );
    assert_eq!(
        participante.exportado,
        "José Muñoz Tapia_204511_assignsubmission_file_"
    );
    assert_eq!(jose_2.id.as_deref(), Some("204599"));
    assert_eq!(jose.calificacion.unwrap().nota, 7.0);
    assert!(jose_2.calificacion.unwrap().nota < 7.0);
    // Two versions: the newer one, with the older named.
    assert!(
        ana.archivo.ends_with("/othello_corregido.py"),
        "{}",
        ana.archivo
    );
    assert_eq!(ana.calificacion.unwrap().nota, 7.0, "{texto}");
    let eleccion = ana.eleccion.as_deref().unwrap();
    assert!(
        eleccion.starts_with("se corrigió othello_corregido.py, del ")
            && eleccion.contains(
                ", el más reciente de los 2 que definen jugar (también hay othello.py, del "
            ),
        "{eleccion}"
    );
    // Python under another name.
    assert_eq!(diego.corto, "tarea2.py.txt");
    assert_eq!(diego.calificacion.unwrap().nota, 7.0, "{texto}");
    assert_eq!(
        diego.eleccion.as_deref(),
        Some("tarea2.py.txt no termina en .py, pero es Python: se corrigió igual")
    );
    // Nothing to grade, two ways.
    assert_eq!(
        elena.error.as_deref(),
        Some("no entregó código Python: su carpeta tiene informe.pdf y ningún archivo .py")
    );
    assert_eq!(
        felipe.error.as_deref(),
        Some("no entregó nada: su carpeta está vacía")
    );
    assert!(
        texto.contains(
            "\nFelipe Ríos\n  sin nota, para calificar a mano\n  no entregó nada: su carpeta está \
             vacía\n"
        ),
        "{texto}"
    );
    assert!(
        texto.contains(
            "\n7 entregas: 4 pasan todo, 1 con fallas, 0 no cargan, 2 para calificar a mano"
        ),
        "{texto}"
    );
    // A zip: what is inside, by its entries' times, and nothing of macOS's or outside.
    assert_eq!(gabriela.corto, "entrega.zip/tarea2/tarea2.py");
    assert!(
        gabriela.archivo.ends_with("entrega.zip/tarea2/tarea2.py"),
        "{}",
        gabriela.archivo
    );
    assert_eq!(gabriela.calificacion.unwrap().nota, 7.0, "{texto}");
    let eleccion = gabriela.eleccion.as_deref().unwrap();
    assert!(
        eleccion.contains("(también hay entrega.zip/tarea2/a_borrador.py, del 2015-06-01 10:00)")
            && eleccion.ends_with("; venía dentro de entrega.zip, que se leyó sin descomprimir"),
        "{eleccion}"
    );
    assert!(
        !eleccion.contains("fuera") && !eleccion.contains("MACOSX"),
        "{eleccion}"
    );
    assert!(!dir.path().join("fuera.py").exists());
    // The gradebook: name and number, and why in the reason.
    let notas = fs::read_to_string(dir.path().join("notas.csv")).unwrap();
    let filas: Vec<&str> = notas.lines().collect();
    assert_eq!(filas.len(), 8, "{notas}");
    assert!(
        filas[0].starts_with("\u{feff}estudiante;nombre;id;archivo;"),
        "{notas}"
    );
    assert!(
        filas[6].starts_with("José Muñoz Tapia (204511);José Muñoz Tapia;204511;"),
        "{notas}"
    );
    assert!(
        filas[1].contains(";7,0;se corrigió othello_corregido.py"),
        "{notas}"
    );
    assert!(filas[1].contains("también hay othello.py, del "), "{notas}");
    assert!(
        filas[4].contains(";;;para calificar a mano: no entregó nada: su carpeta está vacía;"),
        "{notas}"
    );
    // The feedback: one file each, for a student (no option of the program), with what
    // the kinds of failure in it mean, in a folder named as Moodle exported theirs.
    let retroalimentacion = |entrega: &InformeEntrega| {
        let exportado = &entrega.participante.as_ref().unwrap().exportado;
        (dir.path().join("informes").join(exportado)).join("retroalimentacion.txt")
    };
    for entrega in resumen.entregas() {
        let informe = fs::read_to_string(retroalimentacion(entrega)).unwrap();
        assert!(
            informe.starts_with(&format!("{}\n  ", entrega.estudiante)),
            "{informe}"
        );
        assert!(!informe.contains("--"), "{informe}");
        for linea in informe.lines() {
            assert!(linea.chars().count() <= 80, "{linea}");
        }
    }
    let jose = (resumen.entregas().iter())
        .find(|entrega| entrega.estudiante == "José Muñoz Tapia (204599)")
        .unwrap();
    let informe = fs::read_to_string(retroalimentacion(jose)).unwrap();
    assert!(
        informe
            .contains("\nQué significa cada tipo de falla:\n  resultado\n    tu función devolvió"),
        "{informe}"
    );
}

#[test]
fn el_ayudante_elige_el_archivo_y_si_no_el_mas_reciente() {
    if !hay_python() {
        return;
    }
    // #45: the draft newer than the corrected version is the one graded, whatever the
    // names; --archivo forces one in each folder that has it, and says so where it is
    // missing.
    let dir = carpeta();
    let ana = dir
        .path()
        .join("Ana Pérez Rojas_204512_assignsubmission_file_");
    copiar_carpeta(
        &plataforma("moodle/Ana Pérez Rojas_204512_assignsubmission_file_"),
        &ana,
    );
    modificado_hace(&ana.join("othello.py"), 1);
    modificado_hace(&ana.join("othello_corregido.py"), 3);
    let (resumen, texto) = correr(std::slice::from_ref(&ana), &de_clase(dir.path()));
    let [borrador] = resumen.entregas() else {
        panic!("{texto}")
    };
    assert_eq!(borrador.estudiante, "Ana Pérez Rojas");
    assert_eq!(borrador.corto, "othello.py");
    assert!(borrador.calificacion.unwrap().nota < 7.0, "{texto}");
    let forzada = OpcionesCorreccion {
        archivo: Some("othello_corregido.py".into()),
        ..de_clase(dir.path())
    };
    let otra = plataforma("moodle/José Muñoz Tapia_204511_assignsubmission_file_");
    let (resumen, texto) = correr(&[ana, otra], &forzada);
    let [ana, jose] = resumen.entregas() else {
        panic!("{texto}")
    };
    assert_eq!(ana.corto, "othello_corregido.py");
    assert_eq!(ana.calificacion.unwrap().nota, 7.0, "{texto}");
    assert!(
        (ana.eleccion.as_deref())
            .is_some_and(|e| e.starts_with("se corrigió othello_corregido.py, del ")
                && e.contains(", el indicado por el ayudante (también hay othello.py, del ")),
        "{texto}"
    );
    assert_eq!(
        jose.eleccion.as_deref(),
        Some("no hay othello_corregido.py en su carpeta")
    );
    assert_eq!(jose.calificacion.unwrap().nota, 7.0, "{texto}");
}

#[test]
fn canvas_y_dos_estudiantes_con_el_mismo_archivo() {
    if !hay_python() {
        return;
    }
    // #45: Canvas's file names give the student and their number, LATE_ is said, and a
    // student's two files are one submission.
    let dir = carpeta();
    let (resumen, texto) = correr(&[plataforma("canvas")], &de_clase(dir.path()));
    let [jose, ana, beto] = resumen.entregas() else {
        panic!("{texto}")
    };
    assert_eq!(
        (jose.estudiante.as_str(), jose.id.as_deref()),
        ("munoztapiajose", Some("12345"))
    );
    assert_eq!(jose.corto, "tarea2.py");
    assert_eq!(jose.calificacion.unwrap().nota, 7.0, "{texto}");
    assert_eq!(
        jose.participante.as_ref().map(|p| p.exportado.as_str()),
        Some("munoztapiajose_12345_678901_tarea2.py")
    );
    assert_eq!(ana.estudiante, "riosana");
    assert_eq!(
        ana.eleccion.as_deref(),
        Some("la plataforma la marca como entregada con atraso")
    );
    assert_eq!(beto.estudiante, "sotobeto");
    // The main file, which imports its module: not the module.
    assert_eq!(beto.corto, "main.py");
    assert!(
        beto.archivo.ends_with("/sotobeto_34567_678903_main.py"),
        "{}",
        beto.archivo
    );
    assert_eq!(
        beto.eleccion.as_deref(),
        Some("se corrigió main.py, que usa el jugar de funciones.py (también hay funciones.py)")
    );
    assert_eq!(beto.calificacion.unwrap().nota, 7.0, "{texto}");

    // Two students' folders named, each with its tarea2.py: each named after its
    // folder, each with their own feedback; named by their files, told apart too.
    let mismo = plataforma("mismo_nombre");
    let opciones = de_clase(dir.path());
    let (resumen, texto) = correr(&[mismo.join("ana"), mismo.join("carla")], &opciones);
    let nombres: Vec<&str> = (resumen.entregas().iter())
        .map(|entrega| entrega.estudiante.as_str())
        .collect();
    assert_eq!(nombres, ["ana", "carla"], "{texto}");
    let informe = |nombre: &str| {
        fs::read_to_string(dir.path().join(format!("informes/{nombre}.txt"))).unwrap()
    };
    assert!(informe("ana").starts_with("ana\n  tarea2.py: total 100.0 %, nota 7.0\n"));
    assert!(informe("carla").starts_with("carla\n  tarea2.py: total "));
    assert!(!informe("carla").contains("nota 7.0"));
    let (resumen, texto) = correr(
        &[mismo.join("ana/tarea2.py"), mismo.join("carla/tarea2.py")],
        &opciones,
    );
    let nombres: Vec<&str> = (resumen.entregas().iter())
        .map(|entrega| entrega.estudiante.as_str())
        .collect();
    assert_eq!(nombres, ["tarea2 (ana)", "tarea2 (carla)"], "{texto}");
    assert!(informe("tarea2 (ana)").contains("nota 7.0"));
    assert!(!informe("tarea2 (carla)").contains("nota 7.0"));
    let notas = fs::read_to_string(dir.path().join("notas.csv")).unwrap();
    assert_eq!(notas.lines().count(), 3, "{notas}");
    assert!(!texto.contains("Se reemplazaron"), "{texto}");
    // Graded again into the same folder: what was replaced is said.
    let (_, texto) = correr(&[mismo.join("ana"), mismo.join("carla")], &opciones);
    assert!(
        texto.ends_with("Se reemplazaron 2 informes que ya estaban: ana.txt, carla.txt.\n"),
        "{texto}"
    );
}

#[test]
fn un_zip_o_un_py_txt_sueltos_en_la_clase_son_de_un_estudiante() {
    // #45: no interpreter needed, only which files and whose.
    let dir = carpeta();
    let clase = dir.path().join("clase");
    let correcta = fs::read_to_string(entrega("correcta_main.py")).unwrap();
    escribir_zip(
        &clase.join("carla_diaz.zip"),
        &[("tarea2.py", &correcta, 2)],
    );
    fs::write(clase.join("beto_rojas.py.txt"), &correcta).unwrap();
    fs::write(clase.join("ana_perez.py"), &correcta).unwrap();
    fs::write(clase.join("LEEME.md"), "Las entregas de la sección 2.\n").unwrap();
    // A zip that does not open, beside the file graded: named.
    crate::comun::escribir(&clase, "diego_soto/tarea2.py", &correcta);
    crate::comun::escribir(&clase, "diego_soto/viejo.zip", "no es un zip");
    let entregas = Entrega::buscar(std::slice::from_ref(&clase), None).unwrap();
    let nombres: Vec<&str> = entregas.iter().map(|e| e.estudiante.as_str()).collect();
    assert_eq!(
        nombres,
        ["ana_perez", "beto_rojas", "carla_diaz", "diego_soto"]
    );
    let diego = entregas[3].eleccion.as_deref().unwrap_or_default();
    assert!(
        diego.starts_with("también envió viejo.zip, que no se pudo leer: "),
        "{diego}"
    );
    assert_eq!(entregas[0].eleccion, None);
    assert_eq!(
        entregas[1].eleccion.as_deref(),
        Some("beto_rojas.py.txt no termina en .py, pero es Python: se corrigió igual")
    );
    let carla = &entregas[2];
    assert_eq!(carla.corto, "carla_diaz.zip/tarea2.py");
    assert_eq!(carla.origen, clase.join("carla_diaz.zip/tarea2.py"));
    assert_eq!(
        carla.eleccion.as_deref(),
        Some("venía dentro de carla_diaz.zip, que se leyó sin descomprimir")
    );
}
