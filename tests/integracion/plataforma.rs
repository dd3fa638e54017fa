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
    thread,
};

use othello_programa::correccion::{
    Entrega, ErrorCorreccion, OpcionesCorreccion, Participante, Plataforma, Resumen,
    SemillaDeCasos, corregir_entregas,
};

use crate::{
    comun::{SOLO_FUNCIONES, assert_eq, carpeta, solo_funciones},
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
        escala: solo_funciones(),
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
                "--pesos",
                SOLO_FUNCIONES,
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

/// `othello corregir` with `argumentos`, in `dir`: its status, its report and its
/// errors.
fn corregir_en(dir: &Path, argumentos: &[&str]) -> (Option<i32>, String, String) {
    let salida = Command::new(env!("CARGO_BIN_EXE_othello"))
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join(".datos"))
        .args(["corregir", "--pesos", SOLO_FUNCIONES])
        .args(argumentos)
        .output()
        .unwrap();
    (
        salida.status.code(),
        String::from_utf8_lossy(&salida.stdout).into_owned(),
        String::from_utf8_lossy(&salida.stderr).into_owned(),
    )
}

/// A correct submission's text.
fn correcta() -> String {
    fs::read_to_string(entregas().join("curso/ana_perez/tarea2.py")).unwrap()
}

/// Issue 53, the sheet: a participant exported as two folders is one student; a sheet
/// of 600 students (over 64 KiB) is filled; a student whose helper module sits beside
/// her file is graded with it; a file named inside its Moodle folder keeps its
/// participant; what cannot be graded leaves its row as it was and is listed; a filled
/// copy replaced says so.
#[test]
fn una_clase_de_moodle_grande_con_dos_carpetas_por_estudiante_y_un_modulo_propio() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let clase = dir.path().join("clase");
    let ana = clase.join("Ana Pérez Rojas_204512_assignsubmission_file_");
    let ana_texto = clase.join("Ana Pérez Rojas_204512_assignsubmission_onlinetext_");
    fs::create_dir_all(&ana).unwrap();
    fs::create_dir_all(&ana_texto).unwrap();
    fs::write(ana.join("tarea2.py"), correcta()).unwrap();
    fs::write(
        ana_texto.join("onlinetext.html"),
        "<p>Mi tarea va adjunta.</p>",
    )
    .unwrap();
    // José's jugar is in his own module, beside the file that imports it.
    let jose = clase.join(JOSE);
    fs::create_dir_all(&jose).unwrap();
    let (funciones, resto) = correcta()
        .split_once("def contar")
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .unwrap();
    fs::write(jose.join("reglas.py"), &funciones).unwrap();
    fs::write(
        jose.join("tarea2.py"),
        format!("from reglas import *\n\n\ndef contar{resto}"),
    )
    .unwrap();
    // Diego sent a document: nothing to grade.
    let diego = clase.join("Diego Soto Vera_204514_assignsubmission_file_");
    fs::create_dir_all(&diego).unwrap();
    fs::write(diego.join("informe.pdf"), "%PDF-1.4").unwrap();
    // A sheet of 600 students, in Moodle's words, over 64 KiB.
    let mut hoja = String::from(
        "\"Identificador\",\"Nombre completo\",\"Dirección de correo\",\"Estado\",\
         \"Calificación\",\"Calificación máxima\",\"La calificación puede ser cambiada\",\
         \"Última modificación (entrega)\",\"Última modificación (calificación)\",\
         \"Comentarios de retroalimentación\"\n",
    );
    for numero in 204_000..204_600 {
        hoja += &format!(
            "\"Participante {numero}\",\"Estudiante {numero}\",e{numero}@estudiante.uc.cl,\
             \"Enviado para calificar\",,\"7,00\",Sí,\"lunes, 6 de abril de 2015, 23:41\",-,\n"
        );
    }
    assert!(hoja.len() > 64 * 1024);
    fs::write(dir.path().join("hoja.csv"), &hoja).unwrap();
    let argumentos = [
        "--casos",
        "20",
        "--planilla",
        "hoja.csv",
        "--semilla",
        "2015",
        "clase",
    ];
    let (codigo, texto, errores) = corregir_en(dir.path(), &argumentos);
    assert_eq!(codigo, Some(1), "{errores}{texto}");
    assert!(
        texto.contains("Ana Pérez Rojas\n  tarea2.py: total 100.0 %, nota 7.0\n"),
        "{texto}"
    );
    assert!(
        texto.contains("José Muñoz Tapia\n  tarea2.py: total 100.0 %, nota 7.0\n"),
        "{texto}"
    );
    assert!(
        texto.contains("Diego Soto Vera\n  sin nota, para calificar a mano\n"),
        "{texto}"
    );
    assert_eq!(texto.matches("Ana Pérez Rojas\n").count(), 1, "{texto}");
    let copia = fs::read_to_string(dir.path().join("hoja-con-notas.csv")).unwrap();
    let fila = |numero: u32| {
        copia
            .lines()
            .find(|fila| fila.starts_with(&format!("\"Participante {numero}\"")))
            .unwrap()
            .to_owned()
    };
    assert!(
        fila(204512).contains(",\"7,00\",\"7,00\","),
        "{}",
        fila(204512)
    );
    assert!(
        fila(204511).contains(",\"7,00\",\"7,00\","),
        "{}",
        fila(204511)
    );
    // Diego's row as it was, and Diego listed to grade by hand.
    assert_eq!(
        fila(204514),
        "\"Participante 204514\",\"Estudiante 204514\",e204514@estudiante.uc.cl,\
         \"Enviado para calificar\",,\"7,00\",Sí,\"lunes, 6 de abril de 2015, 23:41\",-,"
    );
    let unido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        unido.contains(
            "Sin nota en la planilla, para calificar a mano: Diego Soto Vera (no entregó \
             código Python"
        ),
        "{texto}"
    );
    assert!(
        unido.contains("Planilla de Moodle: 2 filas llenadas"),
        "{texto}"
    );
    assert!(!unido.contains("reemplazó"), "{texto}");
    // Again: the filled copy that was there is replaced, and said so.
    let (_, texto, _) = corregir_en(dir.path(), &argumentos);
    let unido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(unido.contains("(reemplazó la que había)"), "{texto}");
    // One file named inside its Moodle folder: its participant's row.
    let (codigo, texto, errores) = corregir_en(
        dir.path(),
        &[
            "--casos",
            "20",
            "--planilla",
            "hoja.csv",
            &format!("clase/{JOSE}/tarea2.py"),
        ],
    );
    assert_eq!(codigo, Some(0), "{errores}{texto}");
    assert!(
        texto.contains("Planilla de Moodle: 1 fila llenada"),
        "{texto}"
    );
}

/// A sheet that does not say the grade's maximum is refused before grading, saying
/// how to give it; given, it is used and said.
#[test]
fn sin_la_nota_maxima_se_pregunta_en_vez_de_suponer_100() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let moodle =
        fs::read_to_string(planilla(dir.path(), "moodle_hoja_de_calificaciones.csv")).unwrap();
    // Without the column of the maximum grade.
    let sin_maxima: String = (moodle.lines())
        .map(|fila| {
            let mut celdas = filas(fila, b',').remove(0);
            celdas.remove(5);
            let celdas: Vec<String> = celdas
                .into_iter()
                .map(|celda| format!("\"{}\"", celda.replace('"', "\"\"")))
                .collect();
            celdas.join(",") + "\n"
        })
        .collect();
    fs::write(dir.path().join("sin_maxima.csv"), sin_maxima).unwrap();
    let canvas = fs::read_to_string(planilla(dir.path(), "canvas_libro_de_notas.csv")).unwrap();
    let sin_puntos: String = (canvas.lines())
        .filter(|fila| !fila.contains("Points Possible"))
        .map(|fila| format!("{fila}\n"))
        .collect();
    fs::write(dir.path().join("sin_puntos.csv"), sin_puntos).unwrap();
    let clase = dir.path().join("clase");
    fs::create_dir_all(clase.join(JOSE)).unwrap();
    fs::write(clase.join(JOSE).join("tarea2.py"), correcta()).unwrap();
    fs::write(
        clase.join("munoztapiajose_12345_678901_tarea2.py"),
        correcta(),
    )
    .unwrap();
    for (hoja, tarea, dice) in [
        (
            "sin_maxima.csv",
            None,
            "le falta la columna «Maximum grade» o «Calificación máxima»",
        ),
        (
            "sin_puntos.csv",
            Some("887102"),
            "no tiene la fila «Points Possible»",
        ),
    ] {
        let mut argumentos = vec!["--casos", "20", "--planilla", hoja];
        argumentos.extend(tarea.iter().flat_map(|tarea| ["--tarea", *tarea]));
        argumentos.push("clase");
        let (codigo, texto, errores) = corregir_en(dir.path(), &argumentos);
        assert_eq!(codigo, Some(2), "{hoja}: {texto}");
        assert!(
            errores.contains(dice) && errores.contains("--nota-maxima"),
            "{hoja}: {errores}"
        );
        assert_eq!(texto, "", "se dice antes de corregir");
        argumentos.splice(0..0, ["--nota-maxima", "7"]);
        let (codigo, texto, errores) = corregir_en(dir.path(), &argumentos);
        assert_eq!(codigo, Some(0), "{hoja}: {errores}{texto}");
        let unido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            unido.contains("sobre 7,00 (--nota-maxima)"),
            "{hoja}: {texto}"
        );
    }
}

/// Canvas's files of one student, a module imported by her main file among them, are
/// graded together under the names she gave them; a whole class's export given as its
/// zip is graded as the class; a zip that cannot be read says so in Spanish.
#[test]
fn canvas_con_un_modulo_propio_y_la_clase_entera_en_su_zip() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let clase = dir.path().join("clase");
    fs::create_dir_all(&clase).unwrap();
    let (funciones, resto) = correcta()
        .split_once("def contar")
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .unwrap();
    fs::write(
        clase.join("diazcarla_12347_678901_utilidades.py"),
        funciones,
    )
    .unwrap();
    fs::write(
        clase.join("diazcarla_12347_678902_tarea2.py"),
        format!("from utilidades import *\n\n\ndef contar{resto}"),
    )
    .unwrap();
    fs::write(clase.join("perezana_12346_678903_tarea2.py"), correcta()).unwrap();
    fs::write(
        clase.join("sotodiego_12348_678904_tarea2.zip"),
        "no es un zip",
    )
    .unwrap();
    let (_, texto, errores) = corregir_en(dir.path(), &["--casos", "20", "clase"]);
    assert!(
        texto.contains("diazcarla\n  tarea2.py: total 100.0 %, nota 7.0\n"),
        "{errores}{texto}"
    );
    let unido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        unido.contains(
            "sotodiego sin nota, para calificar a mano no se pudo corregir lo que envió: \
             tarea2.zip no es un zip que se pueda abrir"
        ),
        "{texto}"
    );
    // The whole class zipped, as Moodle's "download all submissions" gives it.
    let zip = dir.path().join("clase.zip");
    let mut escritor = zip::ZipWriter::new(fs::File::create(&zip).unwrap());
    for (nombre, texto) in [
        (format!("{ANA}/tarea2.py"), correcta()),
        (format!("{JOSE}/tarea2.py"), correcta()),
    ] {
        use std::io::Write as _;
        escritor
            .start_file(nombre, zip::write::SimpleFileOptions::default())
            .unwrap();
        escritor.write_all(texto.as_bytes()).unwrap();
    }
    escritor.finish().unwrap();
    let (codigo, texto, errores) = corregir_en(dir.path(), &["--casos", "20", "clase.zip"]);
    assert_eq!(codigo, Some(0), "{errores}{texto}");
    assert!(
        texto.starts_with("Ana Pérez Rojas\n  tarea2.py: total 100.0 %"),
        "{texto}"
    );
    assert!(texto.contains("\n2 entregas: 2 pasan todo"), "{texto}");
}

/// Two files with `jugar` of the same moment: the first by name, and the report does
/// not call it the newest; two of the same minute but not the same second: the newer,
/// with the seconds shown.
#[test]
fn dos_archivos_del_mismo_momento_no_tienen_uno_mas_reciente() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let ana = dir.path().join("clase/ana");
    fs::create_dir_all(&ana).unwrap();
    let hora = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_430_000_000);
    for nombre in ["b.py", "a.py"] {
        fs::write(ana.join(nombre), correcta()).unwrap();
        fs::File::options()
            .write(true)
            .open(ana.join(nombre))
            .unwrap()
            .set_modified(hora)
            .unwrap();
    }
    let carla = dir.path().join("clase/carla");
    fs::create_dir_all(&carla).unwrap();
    for (nombre, segundos) in [("a.py", 0), ("b.py", 20)] {
        fs::write(carla.join(nombre), correcta()).unwrap();
        fs::File::options()
            .write(true)
            .open(carla.join(nombre))
            .unwrap()
            .set_modified(hora + std::time::Duration::from_secs(segundos))
            .unwrap();
    }
    let (_, texto, _) = corregir_en(dir.path(), &["--casos", "20", "clase"]);
    let unido = texto.split_whitespace().collect::<Vec<_>>().join(" ");
    let (_, de_carla) = unido.split_once("se corrigió b.py, del ").expect(&texto);
    let hora_de_b: String = de_carla.chars().take(19).collect();
    assert_eq!(hora_de_b.matches(':').count(), 2, "{texto}");
    assert!(
        de_carla.contains(", el más reciente de los 2 que definen jugar (también hay a.py, del "),
        "{texto}"
    );
    assert!(
        unido.contains("se corrigió a.py, del ")
            && unido
                .contains("el primero por nombre de los 2 que definen jugar, con la misma fecha"),
        "{texto}"
    );
    let (de_ana, _) = unido.split_once(" carla ").expect(&texto);
    assert!(!de_ana.contains("más reciente"), "{texto}");
}

/// What a run killed with `kill -9` while writing its feedback left beside it (a hidden
/// folder with every student's feedback) goes with the next run that writes there; two
/// runs that write the same outputs at once take turns, and each leaves them whole.
#[test]
fn los_restos_de_una_corrida_muerta_se_van_y_dos_corridas_no_se_mezclan() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    fs::create_dir_all(dir.path().join("clase/ana")).unwrap();
    fs::write(dir.path().join("clase/ana/tarea2.py"), correcta()).unwrap();
    fs::create_dir_all(dir.path().join("clase/beto")).unwrap();
    fs::write(dir.path().join("clase/beto/tarea2.py"), correcta()).unwrap();
    // A dead run's hidden folder (no process has that number) and a live one's (the
    // first process is always alive).
    let muerta = dir.path().join(".othello-corregir-4194300-aB3dE9");
    let viva = dir.path().join(".othello-corregir-1-aB3dE9");
    for resto in [&muerta, &viva] {
        fs::create_dir_all(resto.join("ana")).unwrap();
        fs::write(resto.join("ana/retroalimentacion.txt"), "nota 7.0").unwrap();
    }
    let argumentos = [
        "--casos",
        "20",
        "--informes",
        "informes",
        "--csv",
        "notas.csv",
        "clase",
    ];
    let corridas: Vec<_> = (0..2)
        .map(|_| {
            let dir = dir.path().to_owned();
            thread::spawn(move || corregir_en(&dir, &argumentos))
        })
        .collect();
    for corrida in corridas {
        let (codigo, texto, errores) = corrida.join().unwrap();
        assert_eq!(codigo, Some(0), "{errores}{texto}");
    }
    assert!(!muerta.exists());
    assert!(viva.exists());
    let mut informes: Vec<String> = fs::read_dir(dir.path().join("informes"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    informes.sort();
    assert_eq!(informes, ["ana.txt", "beto.txt"]);
    let ocultas: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|nombre| {
            nombre.starts_with(".othello-corregir-") && *nombre != ".othello-corregir-1-aB3dE9"
        })
        .collect();
    assert_eq!(ocultas, Vec::<String>::new());
    let notas = fs::read_to_string(dir.path().join("notas.csv")).unwrap();
    assert_eq!(notas.lines().count(), 3, "{notas}");
}
