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

use crate::comun::{assert_eq, carpeta, escribir};

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

    /// Everything readable and the folders enterable by anyone, for `nobody`.
    fn abrir_a_todos(&self) {
        let mut pendientes = vec![self.ruta("clase")];
        while let Some(carpeta) = pendientes.pop() {
            for entrada in fs::read_dir(&carpeta).unwrap().flatten() {
                let tipo = entrada.file_type().unwrap();
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
            .arg("corregir")
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
        assert!(!corrida.salida.contains(secreto), "{como}: {}", corrida.salida);
        assert!(!corrida.errores.contains(secreto), "{como}: {}", corrida.errores);
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

/// Runs `comando` to its end, reading its output, with the most memory it held (its
/// own, from the system's count of its resources as it is reaped).
fn correr_midiendo(mut comando: Command) -> Corrida {
    let inicio = Instant::now();
    let mut hijo = comando.spawn().unwrap();
    let leer = |flujo: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut texto = String::new();
            if let Some(mut flujo) = flujo {
                let mut bytes = Vec::new();
                let _ = flujo.read_to_end(&mut bytes);
                texto = String::from_utf8_lossy(&bytes).into_owned();
            }
            texto
        })
    };
    let salida = leer(hijo.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>));
    let errores = leer(hijo.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>));
    let pid = libc::pid_t::try_from(hijo.id()).unwrap();
    let mut estado = 0;
    // SAFETY: rusage is plain data, zeroes a valid value; wait4 writes into the two.
    let mut uso: libc::rusage = unsafe { std::mem::zeroed() };
    let esperado = unsafe { libc::wait4(pid, &raw mut estado, 0, &raw mut uso) };
    assert_eq!(esperado, pid);
    let codigo = libc::WIFEXITED(estado).then(|| libc::WEXITSTATUS(estado));
    // Reaped by hand: the standard library must not wait for it again.
    std::mem::forget(hijo);
    Corrida {
        codigo,
        salida: salida.join().unwrap(),
        errores: errores.join().unwrap(),
        memoria: uso.ru_maxrss,
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
        let Some((_, nota)) = par[1].split_once(": ") else {
            continue;
        };
        if let Some(nota) = nota.strip_prefix("total ") {
            let nota = nota.split(", nota ").nth(1).unwrap_or_default();
            notas.insert(par[0].to_owned(), nota.split(' ').next().unwrap().to_owned());
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
    assert_eq!(corrida.codigo, Some(1), "{como}: {}{texto}", corrida.errores);
    let notas = notas(texto);
    // The classmates, and those whose attacks did them no good, keep their 7.0.
    for siete in ["ana", "beto", "descriptores", "ejecuta", "llena_su_espacio"] {
        assert_eq!(notas.get(siete).map(String::as_str), Some("7.0"), "{como}: {texto}");
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
