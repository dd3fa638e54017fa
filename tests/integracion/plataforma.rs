//! Back to the course platform: the gradebook as a spreadsheet set to Spanish opens
//! it, the platform's own grade sheet filled in (Moodle's worksheet in Spanish and in
//! English, Canvas's gradebook, kept anonymized in `tests/datos/plataforma/`), the
//! feedback as the platform takes it (a folder per student, or a zip), the outputs
//! all or none when interrupted, and the submissions that look like the same program
//! (`tests/entregas/copias/`: a renamed copy, and one written apart).
//!
//! The students' platform numbers are set here on the submissions, as the names of an
//! exported class give them.

use std::{
    fs,
    io::Read,
    path::{Path, PathBuf},
    process::Command,
};

use othello::interfaz::correccion::{
    Entrega, ErrorCorreccion, OpcionesCorreccion, Participante, Plataforma, Resumen,
    SemillaDeCasos, corregir_entregas,
};

use crate::{
    comun::{assert_eq, carpeta},
    correccion::{entregas, hay_python},
};

/// Few cases, always the same (two runs are compared): what is checked here is where
/// the grades go, not the grading.
fn opciones() -> OpcionesCorreccion {
    OpcionesCorreccion {
        casos: Some(20),
        memoria: 256 * 1024 * 1024,
        tiempo_limite: std::time::Duration::from_secs(3),
        semilla: SemillaDeCasos { valor: Some(2015) },
        ..OpcionesCorreccion::default()
    }
}

/// The submission of `archivo` (in `tests/entregas/`), from `plataforma` when given
/// with the student's name, number and exported name.
fn entrega(archivo: &str, plataforma: Option<(Plataforma, &str, &str, &str)>) -> Entrega {
    let mut entrega = Entrega::de_archivo(entregas().join(archivo));
    entrega.participante = plataforma.map(|(plataforma, nombre, id, exportado)| Participante {
        plataforma,
        nombre: nombre.into(),
        id: id.into(),
        exportado: exportado.into(),
    });
    entrega
}

/// Copies the anonymized sheet `nombre` into `dir`.
fn planilla(dir: &Path, nombre: &str) -> PathBuf {
    let origen = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/datos/plataforma")
        .join(nombre);
    let ruta = dir.join(nombre);
    fs::copy(origen, &ruta).unwrap();
    ruta
}

/// The rows of a CSV text, split by `separador`.
pub(crate) fn filas(texto: &str, separador: u8) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(separador)
        .from_reader(texto.as_bytes())
        .records()
        .map(|fila| fila.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

/// The report as text.
fn texto(resumen: &Resumen) -> String {
    let mut texto = Vec::new();
    resumen.escribir_texto(&mut texto).unwrap();
    String::from_utf8(texto).unwrap()
}

const ANA: &str = "Ana Pérez Rojas_204512_assignsubmission_file_";
const JOSE: &str = "José Muñoz Tapia_204511_assignsubmission_file_";

#[test]
fn el_csv_se_abre_en_una_planilla_en_castellano() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let notas = dir.path().join("notas.csv");
    let opciones = OpcionesCorreccion {
        csv: Some(notas.clone()),
        ..opciones()
    };
    let resumen = corregir_entregas(
        &[
            entrega("copias/carla_rios.py", None),
            entrega("guardar_mal.py", None),
        ],
        &opciones,
        |_, _| {},
    )
    .unwrap();
    assert_eq!(resumen.entregas()[1].calificacion.unwrap().nota, 6.3);
    let bytes = fs::read(&notas).unwrap();
    // A byte order mark, so that Excel reads UTF-8; `;` and a decimal comma, as a
    // spreadsheet set to Spanish splits and reads numbers.
    assert!(bytes.starts_with("\u{feff}".as_bytes()));
    let texto = String::from_utf8(bytes).unwrap();
    let filas = filas(texto.trim_start_matches('\u{feff}'), b';');
    assert_eq!(
        filas[0],
        [
            "estudiante",
            "nombre",
            "id",
            "archivo",
            "jugar",
            "robustez",
            "contar",
            "guardarPartida",
            "cargarPartida",
            "porcentaje",
            "nota",
            "motivo",
            "parecida_a",
            "semilla"
        ]
    );
    assert_eq!(filas[2][0], "guardar_mal");
    // Right cases as "x de y", which no spreadsheet takes for a date as "1/1".
    assert_eq!(
        filas[2][4..11],
        [
            "20 de 20", "2 de 2", "6 de 6", "0 de 2", "2 de 2", "90,0", "6,3"
        ]
    );
    // Read back as a spreadsheet would, by Python's csv module.
    let leida = Command::new("python3")
        .arg("-c")
        .arg(
            "import csv, sys\n\
             with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:\n\
             \x20   filas = list(csv.reader(f, delimiter=';'))\n\
             print(filas[2][0], float(filas[2][10].replace(',', '.')), len(filas))",
        )
        .arg(&notas)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&leida.stdout),
        "guardar_mal 6.3 3\n"
    );
}

#[test]
fn la_hoja_de_moodle_se_llena_al_lado_sin_tocar_la_original() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let hoja = planilla(dir.path(), "moodle_hoja_de_calificaciones.csv");
    let original = fs::read(&hoja).unwrap();
    let opciones = OpcionesCorreccion {
        planilla: Some(hoja.clone()),
        informes: Some(dir.path().join("informes")),
        ..opciones()
    };
    let clase = [
        entrega(
            "copias/carla_rios.py",
            Some((Plataforma::Moodle, "José Muñoz Tapia", "204511", JOSE)),
        ),
        entrega(
            "guardar_mal.py",
            Some((Plataforma::Moodle, "Ana Pérez Rojas", "204512", ANA)),
        ),
        entrega("copias/ana_soto.py", None),
        entrega(
            "copias/bruno_vera.py",
            Some((
                Plataforma::Moodle,
                "Bruno Vera",
                "204599",
                "Bruno Vera_204599_assignsubmission_file_",
            )),
        ),
    ];
    let resumen = corregir_entregas(&clase, &opciones, |_, _| {}).unwrap();
    assert_eq!(fs::read(&hoja).unwrap(), original, "la original no cambia");
    let copia = fs::read_to_string(
        dir.path()
            .join("moodle_hoja_de_calificaciones-con-notas.csv"),
    )
    .unwrap();
    let lineas: Vec<&str> = copia.split_inclusive('\n').collect();
    let originales: Vec<&str> = std::str::from_utf8(&original)
        .unwrap()
        .split_inclusive('\n')
        .collect();
    // The header and the rows without a submission, byte for byte; CRLF kept.
    assert_eq!(lineas.len(), 5, "{copia:?}");
    for i in [0, 3, 4] {
        assert_eq!(lineas[i], originales[i]);
    }
    assert!(lineas.iter().all(|linea| linea.ends_with("\r\n")));
    let filas = filas(&copia, b',');
    // On a sheet out of 7,00 the 1.0-7.0 grade, with the course's decimal comma, and
    // the grade in one line as the comment; the rest of the row untouched.
    assert_eq!(filas[1][4], "7,00");
    assert_eq!(filas[2][4], "6,30");
    assert_eq!(
        filas[2][9],
        "jugar 20/20; jugar con posiciones que no son casillas 2/2; contar 6/6; \
         guardarPartida 0/2 (archivo 2); cargarPartida 2/2; total 90,0 %, nota 6,3"
    );
    assert_eq!(lineas[1], {
        let mut esperada = originales[1].replacen(",,\"7,00\"", ",\"7,00\",\"7,00\"", 1);
        esperada = esperada.replace("-,\r\n", &format!("-,\"{}\"\r\n", filas[1][9]));
        esperada
    });
    let planilla = resumen.planilla().unwrap();
    assert_eq!(planilla.plataforma, "moodle");
    assert_eq!(planilla.columna, "Calificación");
    assert_eq!(planilla.llenadas, 2);
    assert!(planilla.comentarios);
    assert_eq!(
        planilla.sin_fila,
        [
            "ana_soto (su carpeta no trae el número de la plataforma)",
            "bruno_vera (Participante 204599)"
        ]
    );
    assert_eq!(
        planilla.sin_entrega,
        [
            "Carla Díaz Soto (Participante 204513)",
            "Diego Soto Vera (Participante 204514)"
        ]
    );
    let texto = texto(&resumen);
    assert!(
        texto.contains("\nPlanilla de Moodle: 2 filas llenadas en"),
        "{texto}"
    );
    assert!(
        texto.contains("Filas sin entrega: Carla Díaz Soto (Participante 204513);"),
        "{texto}"
    );
    let json = serde_json::to_value(&resumen).unwrap();
    assert_eq!(
        json["planilla"]["sin_entrega"][1],
        "Diego Soto Vera (Participante 204514)"
    );

    // The feedback as Moodle's "upload multiple feedback files in a zip" takes it: a
    // folder per student named as the export named it.
    let informes = dir.path().join("informes");
    let de_ana = fs::read_to_string(informes.join(ANA).join("retroalimentacion.txt")).unwrap();
    assert!(de_ana.contains("nota 6.3"), "{de_ana}");
    assert!(informes.join(JOSE).join("retroalimentacion.txt").is_file());
    assert!(informes.join("ana_soto.txt").is_file());
    // Nothing of the run's own beside or inside.
    let ocultos = |carpeta: &Path| {
        fs::read_dir(carpeta)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with('.')
            })
            .count()
    };
    assert_eq!(ocultos(&informes), 0);
    assert_eq!(ocultos(dir.path()), 0);

    // The same as a zip, written at once.
    let zip = dir.path().join("retroalimentacion.zip");
    let opciones = OpcionesCorreccion {
        informes: Some(zip.clone()),
        ..opciones
    };
    corregir_entregas(&clase, &opciones, |_, _| {}).unwrap();
    let mut archivo = zip::ZipArchive::new(fs::File::open(&zip).unwrap()).unwrap();
    let mut nombres: Vec<String> = archivo
        .file_names()
        .map(|n| n.unwrap().into_owned())
        .collect();
    nombres.sort();
    assert_eq!(
        nombres,
        [
            format!("{ANA}/retroalimentacion.txt"),
            "Bruno Vera_204599_assignsubmission_file_/retroalimentacion.txt".into(),
            format!("{JOSE}/retroalimentacion.txt"),
            "ana_soto.txt".into(),
        ]
    );
    let mut dentro = String::new();
    archivo
        .by_name(&format!("{ANA}/retroalimentacion.txt"))
        .unwrap()
        .read_to_string(&mut dentro)
        .unwrap();
    assert_eq!(dentro, de_ana);
}

#[test]
fn la_hoja_de_moodle_en_ingles_sobre_100() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let hoja = planilla(dir.path(), "moodle_grading_worksheet.csv");
    let opciones = OpcionesCorreccion {
        planilla: Some(hoja),
        ..opciones()
    };
    let clase = [entrega(
        "guardar_mal.py",
        Some((Plataforma::Moodle, "Ana Pérez Rojas", "204512", ANA)),
    )];
    let resumen = corregir_entregas(&clase, &opciones, |_, _| {}).unwrap();
    let copia =
        fs::read_to_string(dir.path().join("moodle_grading_worksheet-con-notas.csv")).unwrap();
    let filas = filas(&copia, b',');
    // Out of 100, the percentage, with a decimal point.
    assert_eq!(filas[2][4], "90.00");
    assert!(
        filas[2][9].ends_with("total 90,0 %, nota 6,3"),
        "{:?}",
        filas[2]
    );
    assert_eq!(filas[1][4], "");
    let planilla = resumen.planilla().unwrap();
    assert_eq!((planilla.columna.as_str(), planilla.llenadas), ("Grade", 1));
    assert_eq!(
        planilla.sin_entrega,
        [
            "José Muñoz Tapia (Participant 204511)",
            "Diego Soto Vera (Participant 204514)"
        ]
    );
}

#[test]
fn el_libro_de_canvas_por_su_id_y_la_tarea_elegida() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let hoja = planilla(dir.path(), "canvas_libro_de_notas.csv");
    let original = fs::read_to_string(&hoja).unwrap();
    let canvas = "munoztapiajose_12345_678901_tarea2.py";
    let clase = [entrega(
        "guardar_mal.py",
        Some((Plataforma::Canvas, "José Muñoz Tapia", "12345", canvas)),
    )];
    // Two assignments: which one, the teaching assistant says.
    let sin_tarea = OpcionesCorreccion {
        planilla: Some(hoja.clone()),
        informes: Some(dir.path().join("informes")),
        ..opciones()
    };
    let mut avisos = 0;
    let error = corregir_entregas(&clase, &sin_tarea, |_, _| avisos += 1).unwrap_err();
    assert_eq!(avisos, 0, "se dice antes de corregir");
    assert!(matches!(error, ErrorCorreccion::Planilla(_)), "{error:?}");
    assert_eq!(
        error.to_string(),
        "la planilla de Canvas tiene varias tareas: elija una con --tarea y su nombre, una \
         parte de él o su número: «Tarea 1: Gato (887101)», «Tarea 2: Othello (887102)»"
    );
    // Nothing was written.
    assert!(!dir.path().join("informes").exists());
    let opciones = OpcionesCorreccion {
        tarea: Some("othello".into()),
        ..sin_tarea
    };
    let resumen = corregir_entregas(&clase, &opciones, |_, _| {}).unwrap();
    let copia = fs::read_to_string(dir.path().join("canvas_libro_de_notas-con-notas.csv")).unwrap();
    let lineas: Vec<&str> = copia.lines().collect();
    for (i, linea) in original.lines().enumerate().filter(|(i, _)| *i != 3) {
        assert_eq!(lineas[i], linea);
    }
    let filas = filas(&copia, b',');
    // Out of the 100 points of its column; the other assignment untouched.
    assert_eq!(filas[3][6], "90.00");
    assert_eq!(filas[3][5], "55.00");
    let planilla = resumen.planilla().unwrap();
    assert_eq!(planilla.columna, "Tarea 2: Othello (887102)");
    assert!(!planilla.comentarios);
    assert_eq!(
        planilla.sin_entrega,
        [
            "Pérez Rojas, Ana (ID 12346)",
            "Soto Vera, Diego (ID 12348)",
            "Student, Test (ID 12399)"
        ]
    );
    // The feedback named as Canvas's "re-upload submissions" matches it: the user's
    // and the attachment's numbers of the file submitted.
    assert!(
        dir.path()
            .join("informes/munoztapiajose_12345_678901_tarea2_retroalimentacion.txt")
            .is_file()
    );
}

#[test]
fn las_copias_se_listan_sin_tocar_las_notas_ni_la_retroalimentacion() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let opciones = OpcionesCorreccion {
        csv: Some(dir.path().join("notas.csv")),
        informes: Some(dir.path().join("informes")),
        ..opciones()
    };
    let clase = [
        "copias/ana_soto.py",
        "copias/bruno_vera.py",
        "copias/carla_rios.py",
    ]
    .map(|archivo| entrega(archivo, None));
    let resumen = corregir_entregas(&clase, &opciones, |_, _| {}).unwrap();
    // The renamed copy, with other comments and layout, is found; the one written
    // apart, not.
    let parecidos = resumen.parecidos();
    assert_eq!(parecidos.len(), 1, "{parecidos:?}");
    assert_eq!(parecidos[0].estudiantes, ["ana_soto", "bruno_vera"]);
    assert!(parecidos[0].similitud >= 90.0, "{parecidos:?}");
    for informe in resumen.entregas() {
        assert_eq!(informe.calificacion.unwrap().nota, 7.0);
    }
    let texto = texto(&resumen);
    assert!(texto.contains("\n  ana_soto y bruno_vera: 9"), "{texto}");
    let json = serde_json::to_value(&resumen).unwrap();
    assert_eq!(json["parecidos"][0]["estudiantes"][1], "bruno_vera");
    let notas = fs::read_to_string(dir.path().join("notas.csv")).unwrap();
    let filas = filas(notas.trim_start_matches('\u{feff}'), b';');
    assert!(filas[1][12].starts_with("bruno_vera 9"), "{:?}", filas[1]);
    assert!(filas[2][12].starts_with("ana_soto 9"), "{:?}", filas[2]);
    assert_eq!(filas[3][12], "");
    // Never in a student's feedback.
    for estudiante in ["ana_soto", "bruno_vera"] {
        let informe =
            fs::read_to_string(dir.path().join(format!("informes/{estudiante}.txt"))).unwrap();
        assert!(!informe.contains("parecid"), "{informe}");
        let otro = if estudiante == "ana_soto" {
            "bruno_vera"
        } else {
            "ana_soto"
        };
        assert!(!informe.contains(otro), "{informe}");
    }
}

/// `--informes` naming a file, a loop of links, or a folder on a full disk: said as
/// it is, and nothing left behind.
#[test]
fn los_informes_dicen_que_es_lo_que_no_es_carpeta_y_no_dejan_carpetas_vacias() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let entrega = entregas().join("copias/carla_rios.py");
    let corregir = |informes: &str, antes: &str, mas: &str| {
        let salida = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "{antes}exec \"$OTHELLO\" corregir \"$ENTREGA\" --casos 5 --informes \"$INFORMES\" {mas}"
            ))
            .current_dir(dir.path())
            .env("OTHELLO", env!("CARGO_BIN_EXE_othello"))
            .env("ENTREGA", &entrega)
            .env("INFORMES", informes)
            .env("XDG_DATA_HOME", dir.path().join(".datos"))
            .output()
            .unwrap();
        (
            salida.status.code(),
            String::from_utf8_lossy(&salida.stderr).into_owned(),
        )
    };
    fs::write(dir.path().join("notas.txt"), "mías").unwrap();
    let (codigo, errores) = corregir("notas.txt", "", "");
    assert_eq!(codigo, Some(2), "{errores}");
    assert!(errores.contains("«notas.txt» es un archivo;"), "{errores}");
    assert!(!errores.contains("ya existe"), "{errores}");
    assert_eq!(
        fs::read_to_string(dir.path().join("notas.txt")).unwrap(),
        "mías"
    );
    std::os::unix::fs::symlink("vuelta", dir.path().join("vuelta")).unwrap();
    let (codigo, errores) = corregir("vuelta", "", "");
    assert_eq!(codigo, Some(2), "{errores}");
    assert!(
        errores.contains("«vuelta» es un enlace simbólico que lleva a sí mismo"),
        "{errores}"
    );
    // No byte can be written (as on a full disk): the grader cannot work, grades
    // nobody and leaves nothing.
    let (codigo, errores) = corregir("nuevo/", "ulimit -S -f 0; ", "");
    assert_eq!(codigo, Some(2), "{errores}");
    assert!(
        errores.contains(
            "no se pudo iniciar Python para corregir: el archivo supera el tamaño \
                          máximo que permite el sistema; no se calificó a nadie"
        ),
        "{errores}"
    );
    // An output that cannot be written: it says which were not, and writes no other.
    let (codigo, errores) = corregir("nuevo/", "", "--csv no-existe/notas.csv");
    assert_eq!(codigo, Some(2), "{errores}");
    assert!(
        errores.contains("; no se escribieron «no-existe/notas.csv» ni «nuevo/»"),
        "{errores}"
    );
    let mut quedan: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|nombre| nombre != ".datos")
        .collect();
    quedan.sort();
    assert_eq!(quedan, ["notas.txt", "vuelta"]);
}

/// A Ctrl-C while the outputs are written (injected by strace at each rename of the
/// program's main thread, where they are written) leaves them all or none, and
/// nothing hidden in the feedback folder.
#[test]
fn una_interrupcion_al_escribir_deja_todas_las_salidas_o_ninguna() {
    if !hay_python() {
        return;
    }
    if Command::new("strace").arg("-V").output().is_err() {
        eprintln!("se omite esta prueba: no hay strace");
        return;
    }
    let copias = entregas().join("copias");
    for cual in 1..=3 {
        let dir = carpeta();
        let mut comando = Command::new("strace");
        comando
            .args([
                "-o",
                "/dev/null",
                "-e",
                "trace=rename,renameat,renameat2",
                "-e",
            ])
            .arg(format!(
                "inject=rename,renameat,renameat2:signal=INT:delay_exit=200000:when={cual}"
            ))
            .arg(env!("CARGO_BIN_EXE_othello"))
            .args([
                "corregir",
                "--casos",
                "5",
                "--csv",
                "notas.csv",
                "--informes",
                "informes",
            ])
            .arg(&copias)
            .current_dir(dir.path())
            .env("XDG_DATA_HOME", dir.path().join(".datos"));
        let salida = comando.output().unwrap();
        let hay_csv = dir.path().join("notas.csv").exists();
        let informes: Vec<String> = fs::read_dir(dir.path().join("informes"))
            .map(|leidos| {
                leidos
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        let contexto = format!("rename {cual}: {salida:?} {informes:?}");
        assert_eq!(hay_csv, !informes.is_empty(), "{contexto}");
        if hay_csv {
            assert_eq!(informes.len(), 3, "{contexto}");
            for nombre in &informes {
                let texto = fs::read_to_string(dir.path().join("informes").join(nombre)).unwrap();
                // Whole: the grade below the name, and the last function's line at the end.
                assert!(
                    texto.contains(": total 100.0 %, nota 7.0\n"),
                    "{contexto}: {texto}"
                );
                assert!(
                    texto.ends_with("\n  cargarPartida 1/1\n"),
                    "{contexto}: {texto}"
                );
            }
        }
        let ocultos: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().starts_with(".othello"))
            .collect();
        assert!(ocultos.is_empty(), "{contexto}: {ocultos:?}");
    }
}
