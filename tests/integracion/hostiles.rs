//! A hostile class against the grader itself (issue 53): what a student's code leaves
//! behind or controls (a save file that is a link or a pipe, a process that swaps them,
//! bytes without end on the harness's channel, 100 MB into the trace, a descriptor the
//! teaching assistant's shell left open, other programs, a full folder) reaches nothing
//! of the teaching assistant's, holds nobody up, and changes no classmate's grade; and
//! what is not a submission (a pipe, a link, a sparse file of gigabytes, a folder that
//! cannot be read, a folder that loops) is that student's alone, to grade by hand. The
//! submissions are in `tests/entregas/hostiles/`; the class runs as the user who runs the
//! tests and, as root, again as `nobody`.

use std::{
    collections::BTreeMap,
    fs,
    io::Read,
    os::unix::{fs::PermissionsExt, process::CommandExt},
    path::{Path, PathBuf},
    process::{Command, Stdio},
    thread,
    time::{Duration, Instant},
};

use tempfile::TempDir;

use crate::comun::{SOLO_FUNCIONES, assert_eq, carpeta, escribir};

/// What only the teaching assistant may see.
const SECRETO: &str = "la clave privada del ayudante\n";

/// What a run of the program left: its status, its output and its error, and the most
/// memory it held, in KiB.
struct Corrida {
    codigo: Option<i32>,
    salida: String,
    errores: String,
    memoria: i64,
    duracion: Duration,
}

/// Who runs the grader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quien {
    /// The user who runs the tests.
    Yo,
    /// `nobody`, through `setpriv`, with the system's Python.
    Nadie,
}

/// A class on disk, all of it readable by anyone: the program copied in, `clase/`,
/// `secreto/clave.txt` (readable: only the containment keeps it), `tmp/` for the
/// grader's folders.
struct Aula {
    dir: TempDir,
}

impl Aula {
    fn nueva() -> Aula {
        let dir = carpeta();
        let raiz = dir.path();
        fs::create_dir_all(raiz.join("clase")).unwrap();
        fs::create_dir(raiz.join("tmp")).unwrap();
        escribir(raiz, "secreto/clave.txt", SECRETO);
        fs::copy(env!("CARGO_BIN_EXE_othello"), raiz.join("othello")).unwrap();
        // The outputs go to the class's root: anyone writes there.
        for (ruta, modo) in [
            ("", 0o777),
            ("clase", 0o755),
            ("secreto", 0o755),
            ("secreto/clave.txt", 0o644),
            ("tmp", 0o777),
            ("othello", 0o755),
        ] {
            fs::set_permissions(raiz.join(ruta), fs::Permissions::from_mode(modo)).unwrap();
        }
        Aula { dir }
    }

    fn ruta(&self, nombre: &str) -> PathBuf {
        self.dir.path().join(nombre)
    }

    /// The hostile submission `nombre` (of `tests/entregas/hostiles/`) in the class as
    /// `como`, with the secret's path and the program's written in.
    fn hostil(&self, nombre: &str, como: &str) {
        let codigo = fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/entregas/hostiles/{nombre}")),
        )
        .unwrap()
        .replace(
            "\nSECRETO = \"/etc/shadow\"\n",
            &format!("\nSECRETO = {:?}\n", self.ruta("secreto/clave.txt")),
        )
        .replace(
            "\nOTHELLO = \"othello\"\n",
            &format!("\nOTHELLO = {:?}\n", self.ruta("othello")),
        );
        escribir(self.dir.path(), &format!("clase/{como}"), &codigo);
    }

    /// A correct submission, as `como`.
    fn correcta(&self, como: &str) {
        let correcta = fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/entregas/curso/ana_perez/tarea2.py"),
        )
        .unwrap();
        escribir(self.dir.path(), &format!("clase/{como}"), &correcta);
    }

    /// Everything readable and the folders enterable by anyone, for `nobody`; but what a
    /// test closed to everyone (mode 0).
    fn abrir_a_todos(&self) {
        let mut pendientes = vec![self.ruta("clase")];
        while let Some(carpeta) = pendientes.pop() {
            for entrada in fs::read_dir(&carpeta).unwrap().flatten() {
                let tipo = entrada.file_type().unwrap();
                let cerrada = fs::symlink_metadata(entrada.path())
                    .is_ok_and(|datos| datos.permissions().mode() & 0o777 == 0);
                if cerrada {
                    continue;
                }
                let modo = if tipo.is_dir() {
                    pendientes.push(entrada.path());
                    0o755
                } else if tipo.is_file() {
                    0o644
                } else {
                    continue;
                };
                fs::set_permissions(entrada.path(), fs::Permissions::from_mode(modo)).unwrap();
            }
        }
    }

    /// `othello corregir ARGUMENTOS` in the class's folder, as `quien`, with `heredado`
    /// open as its descriptor 9 (as a shell's script would leave a log open).
    fn corregir(&self, quien: Quien, argumentos: &[&str], heredado: Option<&Path>) -> Corrida {
        if quien == Quien::Nadie {
            self.abrir_a_todos();
        }
        let programa = self.ruta("othello");
        let mut comando = match quien {
            Quien::Yo => Command::new(&programa),
            Quien::Nadie => {
                let mut comando = Command::new("setpriv");
                comando
                    .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"])
                    .arg(&programa);
                comando
            }
        };
        comando
            .current_dir(self.dir.path())
            .env("TMPDIR", self.ruta("tmp"))
            .env("NO_COLOR", "1")
            .args(["corregir", "--pesos", SOLO_FUNCIONES])
            .args(argumentos)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if quien == Quien::Nadie {
            comando.args(["--python", PYTHON_DEL_SISTEMA]);
        }
        let heredado = heredado.map(|ruta| {
            fs::File::options()
                .create(true)
                .append(true)
                .open(ruta)
                .unwrap()
        });
        if let Some(archivo) = &heredado {
            let descriptor = std::os::fd::AsRawFd::as_raw_fd(archivo);
            // SAFETY: dup2 is async-signal-safe, and it leaves descriptor 9 without
            // close-on-exec: inherited, as a shell's redirection leaves it.
            unsafe {
                comando.pre_exec(move || {
                    if libc::dup2(descriptor, 9) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        correr_midiendo(comando)
    }

    /// Nothing of the secret's left its file, and no process or folder of the run is
    /// left.
    fn nada_quedo(&self, corrida: &Corrida, como: &str) {
        assert_eq!(
            fs::read_to_string(self.ruta("secreto/clave.txt")).unwrap(),
            SECRETO,
            "{como}"
        );
        let secreto = SECRETO.trim();
        assert!(
            !corrida.salida.contains(secreto),
            "{como}: {}",
            corrida.salida
        );
        assert!(
            !corrida.errores.contains(secreto),
            "{como}: {}",
            corrida.errores
        );
        let mut pendientes = vec![self.dir.path().to_owned()];
        while let Some(carpeta) = pendientes.pop() {
            for entrada in fs::read_dir(&carpeta).unwrap().flatten() {
                let ruta = entrada.path();
                if ruta.starts_with(self.ruta("secreto")) || ruta == self.ruta("othello") {
                    continue;
                }
                if entrada.file_type().unwrap().is_dir() {
                    pendientes.push(ruta);
                } else if entrada.file_type().unwrap().is_file() {
                    let bytes = fs::read(&ruta).unwrap();
                    assert!(
                        !String::from_utf8_lossy(&bytes).contains(secreto),
                        "{como}: el secreto está en {ruta:?}"
                    );
                }
            }
        }
        let inicio = Instant::now();
        loop {
            let quedan = procesos_de(&self.ruta("tmp"));
            if quedan.is_empty() {
                break;
            }
            assert!(
                inicio.elapsed() < Duration::from_secs(10),
                "{como}: quedaron procesos: {quedan:?}"
            );
            thread::sleep(Duration::from_millis(50));
        }
        let restos: Vec<_> = fs::read_dir(self.ruta("tmp")).unwrap().collect();
        assert!(restos.is_empty(), "{como}: quedaron carpetas: {restos:?}");
    }
}

const PYTHON_DEL_SISTEMA: &str = "/usr/bin/python3";

/// Runs `comando` to its end, reading its output, with the most memory it held: its
/// own high-water mark (`VmHWM`, which begins anew at its exec), read while it runs.
fn correr_midiendo(mut comando: Command) -> Corrida {
    let inicio = Instant::now();
    // Another test's fork may hold the copied program open for writing until its exec:
    // the system says the file is busy, for a moment.
    let mut hijo = loop {
        match comando.spawn() {
            Err(error)
                if error.raw_os_error() == Some(libc::ETXTBSY)
                    && inicio.elapsed() < Duration::from_secs(10) =>
            {
                thread::sleep(Duration::from_millis(20));
            }
            hijo => break hijo.unwrap(),
        }
    };
    let leer = |flujo: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut flujo) = flujo {
                let _ = flujo.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let salida = leer(
        hijo.stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let errores = leer(
        hijo.stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let estado_del_proceso = format!("/proc/{}/status", hijo.id());
    let mut memoria = 0;
    let estado = loop {
        if let Ok(estado) = fs::read_to_string(&estado_del_proceso) {
            let marca = (estado.lines())
                .find_map(|linea| linea.strip_prefix("VmHWM:"))
                .and_then(|resto| resto.split_whitespace().next()?.parse::<i64>().ok());
            memoria = memoria.max(marca.unwrap_or(0));
        }
        if let Some(estado) = hijo.try_wait().unwrap() {
            break estado;
        }
        thread::sleep(Duration::from_millis(20));
    };
    Corrida {
        codigo: estado.code(),
        salida: salida.join().unwrap(),
        errores: errores.join().unwrap(),
        memoria,
        duracion: inicio.elapsed(),
    }
}

/// The processes started by a grading run whose temporary folders go to `tmp`.
fn procesos_de(tmp: &Path) -> Vec<String> {
    let marca = format!("TMPDIR={}/", tmp.display());
    let mut procesos = Vec::new();
    for entrada in fs::read_dir("/proc").unwrap().flatten() {
        let entorno = fs::read(entrada.path().join("environ")).unwrap_or_default();
        if entorno
            .split(|&byte| byte == 0)
            .any(|variable| variable.starts_with(marca.as_bytes()))
        {
            procesos.push(format!("{:?}", entrada.file_name()));
        }
    }
    procesos
}

/// The grade of each student in the report: the line under their name.
fn notas(texto: &str) -> BTreeMap<String, String> {
    let lineas: Vec<&str> = texto.lines().collect();
    let mut notas = BTreeMap::new();
    for par in lineas.windows(2) {
        if par[0].starts_with(' ') || par[0].is_empty() {
            continue;
        }
        let linea = par[1].trim_start();
        let nota = linea.split_once(": ").map_or(linea, |(_, nota)| nota);
        if let Some(nota) = nota.strip_prefix("total ") {
            let nota = nota.split(", nota ").nth(1).unwrap_or_default();
            notas.insert(
                par[0].to_owned(),
                nota.split(' ').next().unwrap().to_owned(),
            );
        } else if nota.starts_with("sin nota") {
            notas.insert(par[0].to_owned(), "a mano".to_owned());
        }
    }
    notas
}

/// `texto` with its lines joined, each run of spaces one space: what a long line says,
/// wherever the report broke it.
fn unido(texto: &str) -> String {
    texto.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the tests run as root.
fn root() -> bool {
    // SAFETY: getuid has no effects.
    unsafe { libc::getuid() == 0 }
}

/// Whether the grader can contain the submissions here (else these tests say so and
/// pass: without containment the submissions' attacks would be real).
fn encierra(aula: &Aula, quien: Quien) -> bool {
    let corrida = aula.corregir(quien, &["--diagnostico", "--json"], None);
    let informe: serde_json::Value = serde_json::from_str(&corrida.salida).unwrap();
    let faltas = informe["faltas"].as_array().unwrap();
    if !faltas.is_empty() {
        eprintln!("se omite: esta máquina no encierra las entregas: {faltas:?}");
    }
    faltas.is_empty()
}

/// The hostile class, as `quien`.
fn la_clase_hostil(quien: Quien) {
    let aula = Aula::nueva();
    if !encierra(&aula, quien) {
        return;
    }
    for hostil in [
        "guarda_enlace.py",
        "guarda_fifo.py",
        "carrera_fifo.py",
        "escribe_en_la_traza.py",
        "linea_sin_fin.py",
        "descriptores.py",
        "ejecuta.py",
        "llena_su_espacio.py",
    ] {
        aula.hostil(hostil, hostil);
    }
    aula.correcta("ana.py");
    aula.correcta("beto.py");
    let bitacora = aula.ruta("bitacora.txt");
    let como = format!("{quien:?}");
    let corrida = aula.corregir(
        quien,
        &[
            "--casos",
            "40",
            "--tiempo-limite",
            "1",
            "--tiempo-por-entrega",
            "20",
            "--informes",
            "informes",
            "--csv",
            "notas.csv",
            "clase",
        ],
        Some(&bitacora),
    );
    let texto = &corrida.salida;
    assert_eq!(
        corrida.codigo,
        Some(1),
        "{como}: {}{texto}",
        corrida.errores
    );
    let notas = notas(texto);
    // The classmates, and those whose attacks did them no good, keep their 7.0.
    for siete in ["ana", "beto", "descriptores", "ejecuta", "llena_su_espacio"] {
        assert_eq!(
            notas.get(siete).map(String::as_str),
            Some("7.0"),
            "{como}: {texto}"
        );
    }
    // The others lose what their code did, and say why.
    for (quien_pierde, porque) in [
        ("guarda_enlace", "es un enlace simbólico"),
        ("guarda_fifo", "no es un archivo común"),
        ("escribe_en_la_traza", "tiempo"),
        ("linea_sin_fin", "protocolo"),
    ] {
        let nota: f64 = notas[quien_pierde].parse().unwrap();
        assert!(nota < 7.0, "{como}: {quien_pierde}: {texto}");
        assert!(unido(texto).contains(porque), "{como}: {porque}: {texto}");
    }
    // Nobody was held up, and the grader's memory stayed small.
    assert!(
        corrida.duracion < Duration::from_secs(150),
        "{como}: {:?}",
        corrida.duracion
    );
    assert!(
        corrida.memoria < 300 * 1024,
        "{como}: {} KiB",
        corrida.memoria
    );
    // The inherited descriptor was nobody's to write.
    assert_eq!(fs::read_to_string(&bitacora).unwrap(), "", "{como}");
    aula.nada_quedo(&corrida, &como);
}

#[test]
fn una_clase_hostil_no_saca_nada_ni_detiene_ni_cambia_a_nadie() {
    if !crate::correccion::hay_python() {
        return;
    }
    la_clase_hostil(Quien::Yo);
}

#[test]
fn una_clase_hostil_tampoco_como_un_usuario_comun() {
    if !root() || !Path::new(PYTHON_DEL_SISTEMA).exists() || !Path::new("/usr/bin/setpriv").exists()
    {
        return;
    }
    la_clase_hostil(Quien::Nadie);
}

/// What is not a submission is its student's alone, to grade by hand, said in one
/// sentence, in bounded time and memory: a pipe named `tarea2.py` (also named
/// directly), a link to the secret, a sparse file of 4 GiB, a folder that loops through
/// two links to itself, and, for a user other than root, a folder that cannot be read.
#[test]
fn lo_que_no_es_una_entrega_es_de_su_estudiante_y_se_califica_a_mano() {
    if !crate::correccion::hay_python() {
        return;
    }
    let aula = Aula::nueva();
    if !encierra(&aula, Quien::Yo) {
        return;
    }
    let clase = aula.ruta("clase");
    aula.correcta("ana/tarea2.py");
    fs::create_dir_all(clase.join("beto")).unwrap();
    let fifo = std::ffi::CString::new(
        clase
            .join("beto/tarea2.py")
            .into_os_string()
            .into_encoded_bytes(),
    )
    .unwrap();
    // SAFETY: mkfifo on a path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    fs::create_dir_all(clase.join("carla")).unwrap();
    std::os::unix::fs::symlink(
        aula.ruta("secreto/clave.txt"),
        clase.join("carla/tarea2.py"),
    )
    .unwrap();
    fs::create_dir_all(clase.join("diego")).unwrap();
    fs::File::create(clase.join("diego/tarea2.py"))
        .unwrap()
        .set_len(4 << 30)
        .unwrap();
    aula.correcta("elena/tarea2.py");
    std::os::unix::fs::symlink(".", clase.join("elena/a")).unwrap();
    std::os::unix::fs::symlink(".", clase.join("elena/b")).unwrap();
    let corrida = aula.corregir(
        Quien::Yo,
        &["--casos", "20", "--csv", "notas.csv", "clase"],
        None,
    );
    let texto = &corrida.salida;
    assert_eq!(corrida.codigo, Some(1), "{}{texto}", corrida.errores);
    assert_eq!(
        notas(texto),
        [
            ("ana", "7.0"),
            ("beto", "a mano"),
            ("carla", "a mano"),
            ("diego", "a mano"),
            ("elena", "7.0"),
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .into(),
        "{texto}"
    );
    let todo = unido(texto);
    for porque in [
        "beto tarea2.py: sin nota, para calificar a mano no se pudo leer lo que envió: \
         tarea2.py no es un archivo común",
        "carla tarea2.py: sin nota, para calificar a mano no se pudo leer lo que envió: \
         tarea2.py es un enlace simbólico",
        "diego tarea2.py: sin nota, para calificar a mano no se pudo leer lo que envió: \
         tarea2.py pesa más de 1 MiB",
        "no se leyó a, b (enlaces o archivos especiales, que no se siguen)",
    ] {
        assert!(todo.contains(porque), "{porque}\n{texto}");
    }
    assert!(
        corrida.duracion < Duration::from_secs(60),
        "{:?}",
        corrida.duracion
    );
    assert!(corrida.memoria < 300 * 1024, "{} KiB", corrida.memoria);
    // In the gradebook, no grade: a cell that a teaching assistant fills by hand.
    let csv = fs::read_to_string(aula.ruta("notas.csv")).unwrap();
    let beto = csv.lines().find(|fila| fila.starts_with("beto;")).unwrap();
    assert!(beto.contains(";;;para calificar a mano: "), "{csv}");
    // The sparse file is the test's own, 4 GiB of zeros that nothing of the run wrote:
    // gone before the secret is looked for in every file (reading it took 40 s).
    fs::remove_file(clase.join("diego/tarea2.py")).unwrap();
    aula.nada_quedo(&corrida, "lo que no es una entrega");
    // The pipe named directly, and the link: the same, without waiting on the pipe.
    let corrida = aula.corregir(
        Quien::Yo,
        &[
            "--casos",
            "20",
            "clase/beto/tarea2.py",
            "clase/carla/tarea2.py",
        ],
        None,
    );
    assert_eq!(corrida.codigo, Some(1), "{}", corrida.errores);
    assert!(
        corrida.duracion < Duration::from_secs(30),
        "{:?}",
        corrida.duracion
    );
    assert!(
        unido(&corrida.salida)
            .contains("no se pudo leer lo que envió: tarea2.py no es un archivo común"),
        "{}",
        corrida.salida
    );
    // A folder of the class that cannot be read is its student's problem, not the
    // class's: for a user the system holds to permissions.
    if root() && Path::new(PYTHON_DEL_SISTEMA).exists() {
        fs::remove_file(clase.join("beto/tarea2.py")).unwrap();
        fs::remove_file(clase.join("carla/tarea2.py")).unwrap();
        aula.abrir_a_todos();
        fs::set_permissions(clase.join("beto"), fs::Permissions::from_mode(0o000)).unwrap();
        let corrida = aula.corregir(Quien::Nadie, &["--casos", "20", "clase"], None);
        fs::set_permissions(clase.join("beto"), fs::Permissions::from_mode(0o755)).unwrap();
        let notas = notas(&corrida.salida);
        assert_eq!(
            notas.get("beto").map(String::as_str),
            Some("a mano"),
            "{}{}",
            corrida.errores,
            corrida.salida
        );
        assert_eq!(
            notas.get("ana").map(String::as_str),
            Some("7.0"),
            "{}",
            corrida.salida
        );
        assert!(
            unido(&corrida.salida).contains("no se pudo leer lo que envió: beto permiso denegado"),
            "{}",
            corrida.salida
        );
    }
}

/// The cases come from a fresh seed each run, said in the report and the gradebook;
/// and a submission that answers after the time limit (it put the harness's alarm
/// aside and takes 2.6 s a call) has time-outs, not a grade of the few cases it ran.
#[test]
fn una_entrega_lenta_no_gana_lo_que_no_corrio_y_la_semilla_es_nueva() {
    if !crate::correccion::hay_python() {
        return;
    }
    let aula = Aula::nueva();
    if !encierra(&aula, Quien::Yo) {
        return;
    }
    aula.hostil("lenta_tramposa.py", "lenta_tramposa.py");
    aula.correcta("ana.py");
    let corrida = aula.corregir(
        Quien::Yo,
        &["--tiempo-por-entrega", "5", "--csv", "notas.csv", "clase"],
        None,
    );
    let texto = &corrida.salida;
    let nota: f64 = notas(texto)["lenta_tramposa"].parse().unwrap();
    assert!(nota < 4.0, "{texto}");
    assert!(unido(texto).contains("(tiempo 3, sin correr"), "{texto}");
    assert!(
        corrida.duracion < Duration::from_secs(60),
        "{:?}",
        corrida.duracion
    );
    let semilla = |texto: &str| -> String {
        let (_, resto) = texto.split_once("(semilla ").expect("la semilla");
        resto.split(';').next().unwrap().to_owned()
    };
    let primera = semilla(texto);
    let csv = fs::read_to_string(aula.ruta("notas.csv")).unwrap();
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .ends_with(&format!(";{primera}")),
        "{csv}"
    );
    // Another run draws another seed (the correct submission alone is enough to say it).
    let otra = aula.corregir(Quien::Yo, &["--casos", "5", "clase/ana.py"], None);
    assert_ne!(semilla(&otra.salida), primera);
}

/// Names of the class as a spreadsheet would run them, and escapes, stay text in the
/// gradebook; and an exception's message, however long, cannot wrap into a line that
/// looks like a grade.
#[test]
fn los_nombres_no_son_formulas_ni_escapes_y_un_mensaje_no_parece_una_nota() {
    if !crate::correccion::hay_python() {
        return;
    }
    let aula = Aula::nueva();
    if !encierra(&aula, Quien::Yo) {
        return;
    }
    let nombres = [
        "=HYPERLINK(\"http://ejemplo.invalid\",\"x\")",
        "+SUM(1+1)",
        "@cmd",
        "-2+3+cmd|' /C calc'!A0",
        "\u{1b}[31mrojo\u{1b}[0m",
    ];
    for nombre in nombres {
        aula.correcta(&format!("{nombre}/tarea2.py"));
    }
    aula.hostil("mensaje_que_parece_nota.py", "mensaje/tarea2.py");
    let corrida = aula.corregir(
        Quien::Yo,
        &["--casos", "100", "--csv", "notas.csv", "--", "clase"],
        None,
    );
    let texto = &corrida.salida;
    let csv = fs::read_to_string(aula.ruta("notas.csv")).unwrap();
    assert!(
        !csv.contains('\u{1b}') && !texto.contains('\u{1b}'),
        "{csv}"
    );
    let mut lector = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(csv.trim_start_matches('\u{feff}').as_bytes());
    for fila in lector.records() {
        let fila = fila.unwrap();
        for celda in fila.iter() {
            assert!(
                !celda.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "{celda:?}\n{csv}"
            );
        }
    }
    assert!(csv.contains("'=HYPERLINK("), "{csv}");
    // The only lines shaped as a grade are the report's own, one per student.
    let como_nota = texto
        .lines()
        .filter(|linea| {
            linea.starts_with("  ") && linea.contains(": total ") && linea.contains(", nota ")
        })
        .count();
    assert_eq!(como_nota, nombres.len() + 1, "{texto}");
}

/// `othello corregir *` in a class's folder: a student's folder named as an option is
/// refused before anything runs (with how to name the class), and after `--` it is a
/// submission; an output that would write over what the run reads, or over another
/// output, is refused before anything is graded, and nothing changes.
#[test]
fn las_opciones_no_vienen_de_las_carpetas_y_las_salidas_no_pisan_entradas() {
    if !crate::correccion::hay_python() {
        return;
    }
    let aula = Aula::nueva();
    if !encierra(&aula, Quien::Yo) {
        return;
    }
    aula.correcta("ana/tarea2.py");
    aula.correcta("--funcion=jugar=trampa/tarea2.py");
    aula.correcta("-1+1/tarea2.py");
    let mut nombres: Vec<String> = fs::read_dir(aula.ruta("clase"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    nombres.sort();
    // As the shell's `*` gives them, in the class's folder.
    let corregir_todas = |antes: &[&str]| {
        let mut comando = Command::new(aula.ruta("othello"));
        comando
            .current_dir(aula.ruta("clase"))
            .env("TMPDIR", aula.ruta("tmp"))
            .args(["corregir", "--pesos", SOLO_FUNCIONES, "--casos", "20"])
            .args(antes)
            .args(&nombres)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        correr_midiendo(comando)
    };
    let corrida = corregir_todas(&[]);
    assert_eq!(corrida.codigo, Some(2));
    let errores = &corrida.errores;
    assert!(
        errores.starts_with("error: «--funcion=jugar=trampa» empieza con - y es también el nombre"),
        "{errores}"
    );
    assert!(errores.contains("othello corregir curso/"), "{errores}");
    let corrida = corregir_todas(&["--"]);
    assert_eq!(corrida.codigo, Some(0), "{}", corrida.salida);
    assert_eq!(notas(&corrida.salida).len(), 3, "{}", corrida.salida);

    // Outputs over inputs, or over each other.
    let hoja = aula.ruta("hoja.csv");
    fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/datos/plataforma/moodle_hoja_de_calificaciones.csv"),
        &hoja,
    )
    .unwrap();
    let antes = fs::read(&hoja).unwrap();
    let tarea = aula.ruta("clase/ana/tarea2.py");
    let tarea_antes = fs::read(&tarea).unwrap();
    for (argumentos, dice) in [
        (
            vec!["--planilla", "hoja.csv", "--csv", "hoja.csv"],
            "--csv «hoja.csv» escribiría sobre",
        ),
        (
            vec!["--csv", "clase/ana/tarea2.py"],
            "--csv «clase/ana/tarea2.py» escribiría sobre",
        ),
        (
            vec!["--planilla", "hoja.csv", "--csv", "hoja-con-notas.csv"],
            "--csv y --planilla nombran el mismo archivo",
        ),
        (
            vec!["--informes", "clase"],
            "--informes «clase» escribiría sobre",
        ),
    ] {
        let mut todos = argumentos.clone();
        todos.extend(["--casos", "20", "clase"]);
        let corrida = aula.corregir(Quien::Yo, &todos, None);
        assert_eq!(
            corrida.codigo,
            Some(2),
            "{argumentos:?}: {}",
            corrida.errores
        );
        assert!(
            corrida.errores.starts_with("error: no se corrigió nada: ")
                && unido(&corrida.errores).contains(dice),
            "{argumentos:?}: {}",
            corrida.errores
        );
        assert_eq!(corrida.salida, "", "{argumentos:?}");
    }
    assert_eq!(fs::read(&hoja).unwrap(), antes);
    assert_eq!(fs::read(&tarea).unwrap(), tarea_antes);
    assert!(!aula.ruta("hoja-con-notas.csv").exists());
}

/// When the grader itself cannot work (its temporary space cannot be written), it
/// stops with status 2 and grades nobody, rather than failing everybody.
#[test]
fn sin_espacio_para_trabajar_el_corrector_no_califica_a_nadie() {
    if !crate::correccion::hay_python() {
        return;
    }
    let aula = Aula::nueva();
    aula.correcta("ana.py");
    // A temporary folder that no user may write, root neither.
    let mut comando = Command::new(aula.ruta("othello"));
    comando
        .current_dir(aula.dir.path())
        .env("TMPDIR", "/proc/self")
        .args(["corregir", "--pesos", SOLO_FUNCIONES, "--casos", "20"])
        .args(["--csv", "notas.csv", "clase"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let corrida = correr_midiendo(comando);
    assert_eq!(corrida.codigo, Some(2));
    let errores = &corrida.errores;
    assert!(
        errores.starts_with("error: no se pudo crear una carpeta temporal para corregir:")
            && errores.contains("no se calificó a nadie"),
        "{errores}"
    );
    assert!(!aula.ruta("notas.csv").exists());
}

/// Not even the reference installed beside Python (in a virtual environment's `bin/`)
/// runs from a submission's code: executing is for the interpreter alone.
#[test]
fn ni_el_othello_junto_a_python_corre_desde_una_entrega() {
    if !crate::correccion::hay_python() {
        return;
    }
    let aula = Aula::nueva();
    if !encierra(&aula, Quien::Yo) {
        return;
    }
    let entorno = aula.ruta("entorno");
    let hecho = Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&entorno)
        .status()
        .unwrap();
    if !hecho.success() {
        eprintln!("se omite: python3 -m venv no funciona aquí");
        return;
    }
    fs::copy(aula.ruta("othello"), entorno.join("bin/othello")).unwrap();
    let codigo = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/entregas/hostiles/ejecuta.py"),
    )
    .unwrap()
    .replace(
        "\nOTHELLO = \"othello\"\n",
        &format!("\nOTHELLO = {:?}\n", entorno.join("bin/othello")),
    );
    escribir(aula.dir.path(), "clase/ejecuta.py", &codigo);
    let python = entorno.join("bin/python");
    let corrida = aula.corregir(
        Quien::Yo,
        &[
            "--casos",
            "20",
            "--python",
            python.to_str().unwrap(),
            "clase/ejecuta.py",
        ],
        None,
    );
    assert_eq!(
        corrida.codigo,
        Some(0),
        "{}{}",
        corrida.errores,
        corrida.salida
    );
    assert_eq!(
        notas(&corrida.salida)["ejecuta"],
        "7.0",
        "{}",
        corrida.salida
    );
}
