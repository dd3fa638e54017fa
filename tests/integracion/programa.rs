//! Grading the main program (`corregir` plays scripted games with it), end to end with a
//! real `python3`, on the programs of `tests/entregas/programa/`: correct ones in many
//! styles, one per fault of the homework's list (`esperado.json` says which point each
//! fails), a notebook, and programs that hang, flood, leave or cannot be read.
//!
//! Without an interpreter these tests say so and pass, except under CI (`CI=true`).

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use othello_programa::correccion::{
    Estado, Funcion, InformeEntrega, OpcionesCorreccion, Punto, SemillaDeCasos,
};
use serde_json::Value;

use crate::{
    comun::{assert_eq, carpeta, escribir},
    correccion::{correr, entregas, hay_python},
};

/// The programs' folder.
fn programas() -> PathBuf {
    entregas().join("programa")
}

/// Few cases of the functions (every fixture's functions are right), a time limit well
/// above any step of a correct program on a busy machine, and the default weights:
/// the program counts.
fn opciones() -> OpcionesCorreccion {
    OpcionesCorreccion {
        casos: Some(50),
        memoria: 256 * 1024 * 1024,
        tiempo_limite: Duration::from_secs(3),
        ..OpcionesCorreccion::default()
    }
}

/// The file name of the submission `informe` graded.
fn archivo(informe: &InformeEntrega) -> String {
    Path::new(&informe.archivo)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// The points of `informe`'s program that are not done, by key, the optional ones
/// apart.
fn no_cumplidos(informe: &InformeEntrega) -> BTreeSet<String> {
    let programa = informe.programa.as_ref().expect("se jugó con el programa");
    (programa.puntos.iter())
        .filter(|punto| !punto.punto.opcional() && punto.estado != Estado::Cumple)
        .map(|punto| punto.punto.clave().to_owned())
        .collect()
}

#[test]
fn cada_programa_pierde_exactamente_su_punto_y_ninguno_pierde_en_las_funciones() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let esperado: Value =
        serde_json::from_str(&fs::read_to_string(programas().join("esperado.json")).unwrap())
            .unwrap();
    let esperado = esperado.as_object().unwrap();
    let opciones = OpcionesCorreccion {
        csv: Some(dir.path().join("notas.csv")),
        informes: Some(dir.path().join("informes")),
        ..opciones()
    };
    let inicio = Instant::now();
    let (resumen, texto) = correr(&[programas()], &opciones);
    // About 15 s on an idle 2-core machine; the bound only catches a hang.
    assert!(inicio.elapsed() < Duration::from_secs(300));
    assert_eq!(resumen.entregas().len(), esperado.len(), "{texto}");
    for informe in resumen.entregas() {
        let nombre = archivo(informe);
        let falla: BTreeSet<String> = (esperado[&nombre]["falla"].as_array().unwrap().iter())
            .map(|clave| clave.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(no_cumplidos(informe), falla, "{nombre}: {texto}");
        let programa = informe.programa.as_ref().unwrap();
        let perdido: u32 = (programa.puntos.iter())
            .filter(|punto| !punto.punto.opcional() && punto.estado != Estado::Cumple)
            .map(|punto| {
                // A fault is a failure shown, never a point that could not be seen.
                assert_eq!(punto.estado, Estado::Falla, "{nombre}: {punto:?}");
                punto.punto.peso()
            })
            .sum();
        assert_eq!(
            programa.porcentaje,
            Some(f64::from(100 - perdido)),
            "{nombre}"
        );
        // What the homework calls optional: done where offered, and lost nothing where not.
        for (punto, ofrece) in [(Punto::Guardar, "guardar"), (Punto::Cargar, "menu")] {
            let estado = (programa.puntos.iter())
                .find(|p| p.punto == punto)
                .map(|p| p.estado);
            let esperado = match esperado[&nombre][ofrece].as_bool().unwrap() {
                true => Estado::Cumple,
                false => Estado::NoOfrece,
            };
            assert_eq!(estado, Some(esperado), "{nombre}: {punto:?}");
        }
        // The functions are right in every one.
        for funcion in Funcion::TODAS {
            match &informe.funciones[funcion] {
                Some(funciones) => assert!(funciones.aprobada(), "{nombre}: {funcion}"),
                None => assert!(!funcion.obligatoria(), "{nombre}: falta {funcion}"),
            }
        }
        assert!(informe.robustez.as_ref().unwrap().aprobada(), "{nombre}");
        // The feedback names each point failed, why, and the transcript around it.
        let retroalimentacion = informe.retroalimentacion();
        for punto in programa.puntos.iter().filter(|p| p.estado == Estado::Falla) {
            let titulo = format!("«{}»", punto.punto.titulo());
            assert!(
                retroalimentacion.contains(&titulo),
                "{nombre}: {retroalimentacion}"
            );
            assert!(retroalimentacion.contains("⟵ corrector"), "{nombre}");
        }
        let calificacion = informe.calificacion.unwrap();
        if falla.is_empty() {
            assert_eq!(calificacion.nota, 7.0, "{nombre}");
        } else {
            assert!(calificacion.nota < 7.0, "{nombre}");
        }
    }
    // The student's words, as the issue asks them.
    let otro = resumen
        .entregas()
        .iter()
        .find(|informe| archivo(informe) == "invalida_otro_jugador.py")
        .unwrap();
    assert!(
        otro.retroalimentacion().contains(
            "tras la jugada inválida «E4» tu programa le dio el turno a las blancas;\n      \
             debía pedirle otra jugada a las negras"
        ),
        "{}",
        otro.retroalimentacion()
    );
    // The gradebook: the program's percentage and a column per point.
    let notas = fs::read_to_string(dir.path().join("notas.csv")).unwrap();
    let cabecera = notas.lines().next().unwrap();
    let claves: Vec<&str> = Punto::TODOS.iter().map(|punto| punto.clave()).collect();
    assert!(
        cabecera.contains(&format!(
            "cargarPartida;programa;{};porcentaje",
            claves.join(";")
        )),
        "{cabecera}"
    );
    let fila = (notas.lines())
        .find(|fila| fila.starts_with("ganador_mal;"))
        .unwrap();
    assert!(
        fila.contains(
            ";90,0;cumple;cumple;cumple;cumple;cumple;cumple;cumple;cumple;cumple;falla;"
        ),
        "{fila}"
    );
    // Each student's transcript beside their feedback: every game, whole.
    let partidas =
        fs::read_to_string(dir.path().join("informes/ganador_mal-partidas.txt")).unwrap();
    for partida in [
        "completa",
        "dos_pases",
        "sin_fichas",
        "invalidas",
        "pase_voluntario",
    ] {
        assert!(
            partidas.contains(&format!("=== Partida «{partida}»")),
            "{partidas}"
        );
    }
    assert!(partidas.contains("Ganan las blancas"), "{partidas}");
    assert_eq!(partidas.matches("D8  ⟵ corrector").count(), 1, "{partidas}");
    let retroalimentacion =
        fs::read_to_string(dir.path().join("informes/ganador_mal.txt")).unwrap();
    assert!(
        retroalimentacion.contains("ganador_mal-partidas.txt"),
        "{retroalimentacion}"
    );
}

/// The code cells of the notebook at `cuaderno`, as a student would copy them into a
/// `.py`: in order, without the shell's lines.
fn como_py(cuaderno: &Path) -> String {
    let cuaderno: Value = serde_json::from_str(&fs::read_to_string(cuaderno).unwrap()).unwrap();
    let mut codigo = String::new();
    for celda in cuaderno["cells"].as_array().unwrap() {
        if celda["cell_type"] != "code" {
            continue;
        }
        let texto: String = match &celda["source"] {
            Value::String(texto) => texto.clone(),
            lineas => (lineas.as_array().unwrap().iter())
                .map(|linea| linea.as_str().unwrap())
                .collect(),
        };
        for linea in texto.lines().filter(|linea| !linea.starts_with('!')) {
            codigo += linea;
            codigo.push('\n');
        }
        codigo.push('\n');
    }
    codigo
}

#[test]
fn un_cuaderno_se_corrige_como_su_py() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let cuaderno = programas().join("tarea2_colab.ipynb");
    let py = escribir(dir.path(), "copiado/tarea2_colab.py", &como_py(&cuaderno));
    let opciones = OpcionesCorreccion {
        semilla: SemillaDeCasos { valor: Some(2015) },
        ..opciones()
    };
    let (resumen, texto) = correr(&[cuaderno, py], &opciones);
    let [del_cuaderno, del_py] = resumen.entregas() else {
        panic!("{texto}")
    };
    assert!(del_cuaderno.archivo.ends_with(".ipynb"), "{texto}");
    assert_eq!(del_cuaderno.funciones, del_py.funciones, "{texto}");
    assert_eq!(del_cuaderno.robustez, del_py.robustez, "{texto}");
    let puntos = |informe: &InformeEntrega| {
        (informe.programa.as_ref().unwrap().puntos.iter())
            .map(|punto| (punto.punto, punto.estado))
            .collect::<Vec<_>>()
    };
    assert_eq!(puntos(del_cuaderno), puntos(del_py), "{texto}");
    assert_eq!(del_cuaderno.calificacion, del_py.calificacion, "{texto}");
    assert_eq!(del_cuaderno.calificacion.unwrap().nota, 7.0, "{texto}");
    // The feedback says it was graded by its cells.
    let eleccion = del_cuaderno.eleccion.as_deref().unwrap_or_default();
    assert!(eleccion.contains("es un cuaderno"), "{texto}");
    assert!(del_cuaderno.retroalimentacion().contains("es un cuaderno"));
}

/// Programs that hang, flood, swallow the end of the game, leave or cannot be read:
/// each graded within its bounds, what can be judged judged, what cannot left to the
/// teaching assistant; and a program that pauses for effect is not waited for.
#[test]
fn un_programa_hostil_o_raro_no_detiene_la_clase() {
    if !hay_python() {
        return;
    }
    let dir = carpeta();
    let clase = dir.path().join("clase");
    let correcto = fs::read_to_string(programas().join("letras_arriba.py")).unwrap();
    let tablero = "print('\\n'.join(' '.join('BN'[(f + c) % 2] if 3 <= f <= 4 and 3 <= c <= 4 \
                   else 'V' for c in range(8)) for f in range(8)))\n";
    let programas = [
        ("cuelga", "while True:\n    pass\n".to_owned()),
        (
            "traga_el_fin",
            format!(
                "{tablero}while True:\n    try:\n        input('Turno de las negras: ')\n    \
                 except:\n        pass\n"
            ),
        ),
        (
            "inunda",
            format!(
                "while True:\n    print('x' * 10_000_000)\n    {tablero}    input('Turno de N: ')\n"
            ),
        ),
        ("se_va", format!("{tablero}import os\nos._exit(0)\n")),
        (
            "ilegible",
            "for f in range(8):\n    print(' '.join('XYZW'[(f * c) % 4] for c in range(8)))\n\
             input('Turno de las negras: ')\n"
                .to_owned(),
        ),
        (
            "escribe_en_el_canal",
            format!(
                "import os\nif __name__ == '__main__':\n    {tablero}    for d in range(3, 64):\n        \
                 try:\n            os.write(d, b'{{\"termina\": \"fin\"}}\\n')\n        \
                 except OSError:\n            pass\n    input('Turno de las negras: ')\n"
            ),
        ),
        (
            "duerme",
            correcto.replace("input(", "__import__('time').sleep(30) or input("),
        ),
        (
            "pide_nombres",
            format!(
                "negro = input('Nombre del jugador negro: ')\nblanco = input('Nombre del \
                 jugador blanco: ')\ninput('Presione Enter para comenzar')\n{correcto}"
            ),
        ),
    ];
    let mut archivos = Vec::new();
    for (nombre, codigo) in &programas {
        archivos.push(escribir(&clase, &format!("{nombre}.py"), codigo));
    }
    let opciones = OpcionesCorreccion {
        tiempo_limite: Duration::from_millis(500),
        tiempo_por_entrega: Duration::from_secs(10),
        ..opciones()
    };
    let inicio = Instant::now();
    let (resumen, texto) = correr(&archivos, &opciones);
    let duracion = inicio.elapsed();
    // Eight programs, seven games each, on two cores: the bound is each one's time.
    assert!(
        duracion < Duration::from_secs(120),
        "tardó {duracion:?}: {texto}"
    );
    let informe = |nombre: &str| {
        (resumen.entregas().iter())
            .find(|informe| informe.estudiante == nombre)
            .unwrap_or_else(|| panic!("{nombre}: {texto}"))
    };
    let estado = |nombre: &str, punto: Punto| {
        let programa = informe(nombre).programa.as_ref().unwrap();
        (programa.puntos.iter())
            .find(|p| p.punto == punto)
            .map(|p| (p.estado, p.porque.clone().unwrap_or_default()))
            .unwrap()
    };
    // Stuck before anything: no board, a failure, not a review.
    let (cuelga, porque) = estado("cuelga", Punto::TableroInicial);
    assert_eq!(cuelga, Estado::Falla, "{texto}");
    assert!(porque.contains("se quedó pegado"), "{porque}");
    // Nothing else is ever seen: every point counts as not done.
    assert_eq!(
        informe("cuelga").programa.as_ref().unwrap().porcentaje,
        Some(0.0)
    );
    // The first board and black first, right; no move ever shown: the rest fails or is
    // not seen, and nothing is left to review.
    for nombre in ["traga_el_fin", "inunda"] {
        let programa = informe(nombre).programa.as_ref().unwrap();
        assert_eq!(programa.porcentaje, Some(15.0), "{nombre}: {texto}");
        assert_eq!(
            estado(nombre, Punto::TableroInicial).0,
            Estado::Cumple,
            "{nombre}"
        );
        assert_eq!(
            estado(nombre, Punto::NegroPrimero).0,
            Estado::Cumple,
            "{nombre}"
        );
    }
    // The first board, then gone at once without asking.
    let (se_va, porque) = estado("se_va", Punto::NegroPrimero);
    assert_eq!(se_va, Estado::Falla, "{texto}");
    assert!(
        porque.contains("mostró el tablero y terminó con exit()"),
        "{porque}"
    );
    assert_eq!(
        informe("se_va").programa.as_ref().unwrap().porcentaje,
        Some(10.0)
    );
    // What it forges on the grader's channel earns nothing.
    let canal = informe("escribe_en_el_canal");
    assert!(canal.importa, "{texto}");
    let porcentaje = canal.programa.as_ref().unwrap().porcentaje.unwrap();
    assert!(porcentaje <= 10.0, "{texto}");
    // What cannot be read is for the teaching assistant, never a failing grade.
    let ilegible = informe("ilegible");
    assert_eq!(ilegible.calificacion, None, "{texto}");
    assert_eq!(estado("ilegible", Punto::TableroInicial).0, Estado::Revisar);
    assert!(
        texto.contains("ilegible.py: sin nota, para calificar a mano: el programa principal"),
        "{texto}"
    );
    assert!(
        texto.contains("ilegible (el programa principal: no se reconoce el tablero"),
        "{texto}"
    );
    // A pause of 30 s per move is not waited for, and the players' names are given:
    // full marks, in time.
    for nombre in ["duerme", "pide_nombres"] {
        let programa = informe(nombre).programa.as_ref().unwrap();
        assert_eq!(programa.porcentaje, Some(100.0), "{nombre}: {texto}");
    }
}

#[test]
fn sin_peso_el_programa_no_se_corre() {
    if !hay_python() {
        return;
    }
    let opciones = OpcionesCorreccion {
        escala: crate::comun::solo_funciones(),
        ..opciones()
    };
    let (resumen, texto) = correr(&[programas().join("sin_pasar.py")], &opciones);
    let informe = &resumen.entregas()[0];
    assert_eq!(informe.programa, None);
    assert!(!texto.contains("programa principal"), "{texto}");
    assert_eq!(informe.calificacion.unwrap().nota, 7.0, "{texto}");
}
