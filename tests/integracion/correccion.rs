//! Grading students' Python files (`corregir`) and writing cases (`casos`), end to end
//! with a real `python3`, on the submissions of `tests/entregas/`: correct ones in
//! several styles, one per kind of mistake, and some that hang, exit, print, eat memory
//! or write into `~`.
//!
//! Without an interpreter these tests say so and pass, except under CI (`CI=true`),
//! where a missing interpreter fails them.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
    process::Command,
    time::{Duration, Instant},
};

use othello::interfaz::{
    correccion::{
        ErrorCorreccion, Funcion, InformeEntrega, OpcionesCorreccion, PorFuncion, Resumen, Tipo,
        corregir, escribir_casos, revisar_respuestas,
    },
    ordenes::{Opciones, Orden, ejecutar},
};
use serde_json::Value;

use crate::comun::{assert_eq, carpeta};

/// Whether there is a `python3` to grade with; under CI there must be.
fn hay_python() -> bool {
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
fn entregas() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/entregas")
}

fn entrega(nombre: &str) -> PathBuf {
    entregas().join(nombre)
}

/// Options for quick runs: 200 cases of `jugar` (60, 20, 20 of the others), and a
/// time limit per call well above what any correct call takes even on a machine
/// busy with other work (a correct call takes microseconds; a loaded machine can
/// stall a process for a second), so that only the hanging fixture times out.
fn rapidas() -> OpcionesCorreccion {
    OpcionesCorreccion {
        casos: Some(200),
        memoria: 256 * 1024 * 1024,
        tiempo_limite: Duration::from_secs(3),
        ..OpcionesCorreccion::default()
    }
}

/// Grades `archivos`, returning the report and the text written.
fn correr(archivos: &[PathBuf], opciones: &OpcionesCorreccion) -> (Resumen, String) {
    let resumen = corregir(archivos, opciones).expect("la corrección corre");
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

/// Per fixture: for `jugar`, the counting function, saving and loading.
const ESPERADO: [(&str, [Espera; 4]); 24] = [
    (
        "borde_corto.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
    ),
    (
        "borde_indexerror.py",
        [Mal(&[Tipo::Excepcion]), Bien, Bien, Bien],
    ),
    ("cargar_mal.py", [Bien, Bien, Bien, Mal(&[Tipo::Resultado])]),
    ("contar_mal.py", [Bien, Mal(&[Tipo::Resultado]), Bien, Bien]),
    (
        "copia_tablero.py",
        [Mal(&[Tipo::Tablero]), Bien, Bien, Bien],
    ),
    ("correcta_bom.py", [Bien, Bien, Bien, Bien]),
    ("correcta_contar_renombrada.py", [Bien, Falta, Falta, Falta]),
    ("correcta_latin1.py", [Bien, Bien, Bien, Bien]),
    ("correcta_main.py", [Bien, Bien, Bien, Bien]),
    ("correcta_principal_arriba.py", [Bien, Bien, Bien, Bien]),
    ("cuelga.py", [Mal(&[Tipo::Tiempo]), Bien, Bien, Bien]),
    (
        "da_la_vuelta.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
    ),
    ("escribe_en_home.py", [Bien, Bien, Bien, Bien]),
    ("guardar_mal.py", [Bien, Bien, Mal(&[Tipo::Archivo]), Bien]),
    ("imprime.py", [Bien, Bien, Bien, Bien]),
    (
        "invalida_cambia_tablero.py",
        [Mal(&[Tipo::Tablero]), Bien, Bien, Bien],
    ),
    ("memoria.py", [Mal(&[Tipo::Excepcion]), Bien, Bien, Bien]),
    ("muere.py", [Bien, Mal(&[Tipo::Salida]), Bien, Bien]),
    (
        "no_mira_ocupada.py",
        [Mal(&[Tipo::Resultado]), Bien, Bien, Bien],
    ),
    ("revisa_el_entorno.py", [Bien, Bien, Bien, Bien]),
    ("sale.py", [Mal(&[Tipo::Salida]), Bien, Bien, Bien]),
    (
        "sin_cierre.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
    ),
    (
        "sin_diagonales.py",
        [Mal(&[Tipo::Resultado, Tipo::Tablero]), Bien, Bien, Bien],
    ),
    (
        "una_direccion.py",
        [Mal(&[Tipo::Tablero]), Bien, Bien, Bien],
    ),
];

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
    let (resumen, texto) = correr(&[entregas()], &rapidas());
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
    for (nombre, esperas) in &ESPERADO {
        let informe = buscar(&resumen, nombre);
        assert!(informe.importa, "{nombre}: {:?}", informe.error);
        for (funcion, espera) in Funcion::TODAS.into_iter().zip(esperas) {
            let obtenido = &informe.funciones[funcion];
            let lugar = format!("{nombre}, {funcion}: {obtenido:?}");
            match (espera, obtenido) {
                (Bien, Some(f)) => assert_eq!(f.correctos, f.casos, "{lugar}"),
                (Mal(tipos), Some(f)) => {
                    let vistos: BTreeSet<Tipo> = f.por_tipo.keys().copied().collect();
                    let esperados: BTreeSet<Tipo> = tipos.iter().copied().collect();
                    assert_eq!(vistos, esperados, "{lugar}");
                    assert!(f.correctos < f.casos, "{lugar}");
                    for tipo in *tipos {
                        let ejemplos = f.fallas.iter().filter(|falla| falla.tipo == *tipo);
                        assert_eq!(ejemplos.count(), f.por_tipo[tipo].min(3), "{lugar}");
                    }
                }
                (Falta, None) => {}
                _ => panic!("se esperaba {espera:?}: {lugar}"),
            }
        }
    }
    let sintaxis = buscar(&resumen, "sintaxis.py");
    assert!(!sintaxis.importa);
    let error = sintaxis.error.as_deref().unwrap();
    assert!(error.starts_with("línea 13: error de sintaxis"), "{error}");
    assert!(
        texto.contains("sintaxis.py\n  no se pudo cargar: línea 13"),
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
    let archivos: Vec<PathBuf> = ["borde_indexerror.py", "cuelga.py", "sale.py", "muere.py"]
        .map(entrega)
        .into();
    let (resumen, texto) = correr(&archivos, &opciones);

    let excepcion = primera_falla(buscar(&resumen, "borde_indexerror.py"), Funcion::Jugar);
    let fuente = std::fs::read_to_string(entrega("borde_indexerror.py")).unwrap();
    let linea = fuente
        .lines()
        .position(|l| l.contains("tablero[f][c] == rival"))
        .unwrap()
        + 1;
    assert_eq!(excepcion["obtenido"]["excepcion"], "IndexError");
    assert_eq!(excepcion["obtenido"]["linea"], linea);
    assert!(texto.contains(&format!("Lanzó IndexError: list index out of range\n      en la línea {linea}: while dentro(f, c) and tablero[f][c] == rival:")), "{texto}");

    // Three time-outs, then the rest without running.
    let cuelga = buscar(&resumen, "cuelga.py")
        .funciones
        .jugar
        .as_ref()
        .unwrap();
    assert_eq!(
        cuelga.por_tipo[&Tipo::Tiempo],
        cuelga.casos - cuelga.correctos
    );
    assert!(
        cuelga
            .fallas
            .iter()
            .all(|falla| falla.obtenido["omitido"] == false)
    );
    assert!(texto.contains("No terminó en 0.3 s (el tiempo límite de cada llamada)."));

    let sale = primera_falla(buscar(&resumen, "sale.py"), Funcion::Jugar);
    assert_eq!(sale["obtenido"]["exit"], true);
    assert!(
        texto.contains("Terminó el programa con exit(): una función no debe terminar el programa.")
    );

    // os._exit kills the process: restarted three times, then the rest counted.
    let muere = buscar(&resumen, "muere.py");
    let contar = muere.funciones.contar.as_ref().unwrap();
    assert_eq!(
        (contar.correctos, contar.por_tipo[&Tipo::Salida]),
        (0, contar.casos)
    );
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
fn el_nombre_de_una_funcion_se_puede_cambiar() {
    if !hay_python() {
        return;
    }
    let archivos = [entrega("correcta_contar_renombrada.py")];
    let (sin_renombre, texto) = correr(&archivos, &rapidas());
    assert_eq!(sin_renombre.codigo(), 1, "contar es obligatoria");
    assert!(
        texto.contains(
            "  contar: no se encontró (no hay contar; el archivo define dentro, jugar,\n  \
             contarFichas; si tiene otro nombre: --funcion contar=NOMBRE)\n"
        ),
        "{texto}"
    );
    let opciones = OpcionesCorreccion {
        renombres: vec!["contar=contarFichas".parse().unwrap()],
        ..rapidas()
    };
    let (renombrada, texto) = correr(&archivos, &opciones);
    let contar = renombrada.entregas()[0].funciones.contar.as_ref().unwrap();
    assert_eq!(
        (contar.nombre.as_str(), contar.correctos, contar.casos),
        ("contarFichas", 60, 60)
    );
    // Saving and loading are optional: missing, they do not fail the submission.
    assert_eq!(renombrada.codigo(), 0, "{texto}");
    assert!(texto.contains("  contarFichas 60/60\n  guardar_partida: no se encontró (no hay guardarPartida ni guardar_partida)\n"));
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
    argumentos.extend(["--tiempo-limite", "3"]);
    let rutas: Vec<String> = archivos.iter().map(|r| r.display().to_string()).collect();
    argumentos.extend(rutas.iter().map(String::as_str));
    let orden = Orden::desde_argumentos(&argumentos).expect("argumentos válidos");
    let opciones_json = Opciones {
        json: true,
        ..Opciones::default()
    };
    let mut salida = Vec::new();
    let error = ejecutar(&orden, &opciones_json, &b""[..], &mut salida).unwrap_err();
    assert_eq!(error.codigo() as i32, 1);
    let texto = String::from_utf8(salida).unwrap();
    assert_eq!(texto.lines().count(), 1);
    let json: Value = serde_json::from_str(&texto).unwrap();
    assert_eq!(json["orden"], "corregir");
    assert_eq!(json["ok"], false);
    assert_eq!(json["semilla"], 2015);
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
            .starts_with("línea 13:")
    );
    assert_eq!(entregas[3]["funciones"]["contar"], Value::Null);
    assert_eq!(resumen.codigo(), 1);

    let csv = std::fs::read_to_string(&notas).unwrap();
    let carpeta_entregas = entregas_de_texto();
    assert_eq!(
        csv,
        format!(
            "archivo,importa,jugar_correctos,jugar_casos,contar_correctos,contar_casos,guardar_partida_correctos,guardar_partida_casos,cargar_partida_correctos,cargar_partida_casos\n\
             {carpeta_entregas}/correcta_main.py,true,20,20,6,6,2,2,2,2\n\
             {carpeta_entregas}/guardar_mal.py,true,20,20,6,6,0,2,2,2\n\
             {carpeta_entregas}/sintaxis.py,false,,,,,,,,\n\
             {carpeta_entregas}/correcta_contar_renombrada.py,true,20,20,,,,,,\n"
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
    let error = corregir(&[entrega("correcta_main.py")], &opciones).unwrap_err();
    assert!(
        matches!(error, ErrorCorreccion::SinInterprete { .. }),
        "{error:?}"
    );
    assert_eq!(error.codigo(), 2);
    assert_eq!(
        error.to_string(),
        "no se encontró un intérprete de Python 3 en «/no/existe/python3» (no existe); instálelo o indique otro con --python RUTA"
    );
    let error = corregir(&[entrega("no_existe.py")], &OpcionesCorreccion::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("no existe «{}»", entrega("no_existe.py").display())
    );
    assert_eq!(error.codigo(), 2);
    let vacia = carpeta();
    let error = corregir(&[vacia.path().into()], &OpcionesCorreccion::default()).unwrap_err();
    assert!(matches!(error, ErrorCorreccion::CarpetaSinEntregas(_)));
}

#[test]
fn la_misma_semilla_da_el_mismo_informe() {
    if !hay_python() {
        return;
    }
    let con_semilla = |semilla| OpcionesCorreccion {
        semilla,
        casos: Some(50),
        ..rapidas()
    };
    let archivos = [entrega("sin_diagonales.py")];
    let (_, primera) = correr(&archivos, &con_semilla(5));
    let (_, segunda) = correr(&archivos, &con_semilla(5));
    let (_, otra) = correr(&archivos, &con_semilla(6));
    assert_eq!(primera, segunda);
    assert_ne!(primera, otra);
}

#[test]
fn los_casos_por_omision_en_una_entrega_correcta() {
    if !hay_python() {
        return;
    }
    let (resumen, texto) = correr(
        &[entrega("correcta_main.py")],
        &OpcionesCorreccion::default(),
    );
    assert_eq!(
        texto,
        format!(
            "{}\n  jugar 1000/1000\n  contar 300/300\n  guardarPartida 100/100\n  cargarPartida 100/100\n\n\
             1 entrega: 1 pasa todo, 0 con fallas, 0 no cargan (semilla 2015).\n",
            entrega("correcta_main.py").display()
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

#[test]
fn casos_escribe_archivos_y_un_ejemplo_de_pytest_que_corre() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let mut ejemplo = Vec::new();
    escribir_casos(&dir.path().join("casos"), 9, 120, &mut ejemplo).unwrap();
    let ejemplo = String::from_utf8(ejemplo).unwrap();
    assert_eq!(ejemplo.lines().count(), 10);
    let csv = std::fs::read_to_string(dir.path().join("casos/casos.csv")).unwrap();
    assert_eq!(
        csv.lines().next(),
        Some("id,tablero,posicion,valor,valida,esperado")
    );
    assert_eq!(csv.lines().count(), 121);
    assert!(csv.lines().nth(1).unwrap().starts_with("1,0001.txt,"));
    std::fs::write(dir.path().join("test_casos.py"), &ejemplo).unwrap();

    let con_pytest = hay_pytest();
    eprintln!(
        "el ejemplo corre con {}",
        if con_pytest {
            "pytest"
        } else {
            "un pytest de reemplazo (no hay pytest)"
        }
    );
    std::fs::copy(entrega("correcta_main.py"), dir.path().join("tarea.py")).unwrap();
    assert!(correr_pytest(dir.path(), "test_casos.py", con_pytest));
    std::fs::copy(entrega("sin_diagonales.py"), dir.path().join("tarea.py")).unwrap();
    assert!(!correr_pytest(dir.path(), "test_casos.py", con_pytest));
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
    let correcta = entrega("correcta_main.py").display().to_string();
    let mala = entrega("sin_diagonales.py").display().to_string();
    let renombrada = entrega("correcta_contar_renombrada.py")
        .display()
        .to_string();

    // Every case right: exit 0, one line per function, nothing on standard error.
    let (codigo, texto, errores) = correr(&["corregir", &correcta, "--casos", "50"]);
    assert_eq!((codigo, errores.as_str()), (Some(0), ""));
    assert!(texto.contains("  jugar 50/50\n"), "{texto}");

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
    assert_eq!(errores, "error: 1 de 2 entregas no pasa todos los casos\n");
    assert!(texto.contains("sin_diagonales.py\n  jugar "), "{texto}");
    let planilla = std::fs::read_to_string(&notas).unwrap();
    assert_eq!(planilla.lines().count(), 3, "{planilla}");
    assert!(planilla.starts_with("archivo,importa,jugar_correctos,jugar_casos,"));

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

    // --funcion finds the student's own name for the counting function.
    let (codigo, texto, _) = correr(&["corregir", &renombrada, "--casos", "50"]);
    assert_eq!(codigo, Some(1), "sin --funcion no la encuentra: {texto}");
    let (codigo, texto, _) = correr(&[
        "corregir",
        &renombrada,
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
    let csv = std::fs::read_to_string(dir.path().join("casos/casos.csv")).unwrap();
    assert_eq!(csv.lines().count(), 8, "{csv}");
    let (codigo, json, _) = correr(&["casos", "--carpeta", "otros", "--cantidad", "3", "--json"]);
    assert_eq!(codigo, Some(0));
    let valor: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (valor["orden"].as_str(), valor["cantidad"].as_u64()),
        (Some("casos"), Some(3))
    );
}

/// The answers the harness gave to real submissions (the fuzz target `corregir`'s seeds,
/// made with `--casos 8`: each function's lines, then the file saved, split at NUL)
/// count without a child exactly as grading the submission counts them: the fuzz target
/// runs what the grader runs.
#[test]
fn las_respuestas_del_arnes_cuentan_igual_sin_el_hijo() {
    if !hay_python() {
        return;
    }
    let opciones = OpcionesCorreccion {
        casos: Some(8),
        tiempo_limite: Duration::from_secs(1),
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
        let dir = carpeta();
        std::fs::write(dir.path().join("guardar-0001.txt"), partes.next().unwrap()).unwrap();
        let dadas = revisar_respuestas(&respuestas, dir.path(), &opciones);
        let (resumen, _) = correr(&[entrega(&format!("{nombre}.py"))], &opciones);
        assert_eq!(
            dadas.entregas()[0].funciones,
            resumen.entregas()[0].funciones,
            "{nombre}"
        );
    }
}
