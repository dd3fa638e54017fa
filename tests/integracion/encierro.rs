//! The containment of `othello corregir` (issue 46), with the hostile submissions of
//! `tests/entregas/encierro/` graded as a class next to a correct one, a secret file, a
//! folder of files outside and a TCP listener on 127.0.0.1. Each submission plays
//! correctly unless its attack works (then its first `jugar` raises), so a 7.0 for each
//! says that every attempt failed inside Python and that grading went on; the test
//! checks from outside that the secret and the outside files are untouched, that the
//! listener got no connection and that no process is left. It runs as the user who
//! runs the tests, again as `nobody` (CI runs as root; a teaching assistant does not),
//! and on this same kernel with a piece taken away by a seccomp filter put on the
//! program (as an old kernel or Ubuntu's AppArmor would): without user namespaces the
//! protections hold another way, and without Landlock grading refuses in one line
//! unless `--sin-encierro`.

use std::{
    collections::BTreeMap,
    fs,
    io::ErrorKind,
    net::TcpListener,
    os::unix::{fs::PermissionsExt, process::CommandExt},
    path::{Path, PathBuf},
    process::{Command, Output},
    thread,
    time::{Duration, Instant},
};

use seccompiler::{BpfProgram, SeccompAction, SeccompFilter, TargetArch};
use tempfile::TempDir;

use crate::comun::{assert_eq, carpeta, escribir};

/// The hostile submissions, by student.
const HOSTILES: [&str; 8] = [
    "archivo_grande",
    "bifurca",
    "conecta",
    "demonio",
    "escribe_afuera",
    "lee_otra",
    "lee_secreto",
    "nueva_sesion",
];

const SECRETO: &str = "la clave del ayudante\n";
const INTACTO: &str = "nadie me cambia\n";

/// A class on disk, everything readable and writable by anyone but for Landlock: the
/// program copied in, `clase/` (the hostile submissions, each with a correct main
/// program that calls its `jugar`, so that the attack runs in the games too, and
/// `correcta.py`),
/// `secreto/clave.txt`, `afuera/intacto.txt`, `tmp/` for the grader's folders, and the
/// listener whose port `conecta.py` is given.
struct Clase {
    dir: TempDir,
    servidor: TcpListener,
}

impl Clase {
    fn nueva(hostiles: &[&str]) -> Clase {
        let dir = carpeta();
        let raiz = dir.path();
        let servidor = TcpListener::bind("127.0.0.1:0").unwrap();
        servidor.set_nonblocking(true).unwrap();
        let puerto = servidor.local_addr().unwrap().port();
        let fuentes = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/entregas");
        let principal = fs::read_to_string(fuentes.join("encierro/principal.py")).unwrap();
        for hostil in hostiles {
            let codigo = fs::read_to_string(fuentes.join(format!("encierro/{hostil}.py"))).unwrap()
                + &principal;
            let codigo = codigo
                .replace("\nPUERTO = 0\n", &format!("\nPUERTO = {puerto}\n"))
                .replace(
                    "\nCLASE = None\n",
                    &format!("\nCLASE = {:?}\n", raiz.join("clase")),
                );
            escribir(raiz, &format!("clase/{hostil}.py"), &codigo);
        }
        let correcta = fs::read(fuentes.join("programa/letras_arriba.py")).unwrap();
        escribir(raiz, "clase/correcta.py", &correcta);
        escribir(raiz, "secreto/clave.txt", SECRETO);
        escribir(raiz, "afuera/intacto.txt", INTACTO);
        fs::create_dir(raiz.join("tmp")).unwrap();
        fs::copy(env!("CARGO_BIN_EXE_othello"), raiz.join("othello")).unwrap();
        for (ruta, modo) in [
            ("", 0o755),
            ("clase", 0o755),
            ("secreto", 0o755),
            ("secreto/clave.txt", 0o644),
            ("afuera", 0o777),
            ("afuera/intacto.txt", 0o666),
            ("tmp", 0o777),
            ("othello", 0o755),
        ] {
            fs::set_permissions(raiz.join(ruta), fs::Permissions::from_mode(modo)).unwrap();
        }
        Clase { dir, servidor }
    }

    fn ruta(&self, nombre: &str) -> PathBuf {
        self.dir.path().join(nombre)
    }

    /// `othello corregir clase --casos 20 ARGUMENTOS`, as `quien`, under `filtro`.
    fn corregir(&self, quien: Quien, argumentos: &[&str], filtro: Option<&BpfProgram>) -> Output {
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
            .args(["corregir", "clase", "--casos", "20"])
            .args(argumentos);
        if quien == Quien::Nadie {
            comando.args(["--python", PYTHON_DEL_SISTEMA]);
        }
        if let Some(filtro) = filtro.cloned() {
            // SAFETY: installing a filter is a prctl and a system call, async-signal-safe.
            unsafe {
                comando.pre_exec(move || {
                    seccompiler::apply_filter(&filtro).map_err(std::io::Error::other)
                });
            }
        }
        // Another test's fork may still hold the copy open for writing until its exec:
        // the system says the file is busy, for a moment.
        let inicio = Instant::now();
        loop {
            match comando.output() {
                Err(error)
                    if error.raw_os_error() == Some(libc::ETXTBSY)
                        && inicio.elapsed() < Duration::from_secs(10) =>
                {
                    thread::sleep(Duration::from_millis(20));
                }
                salida => return salida.unwrap(),
            }
        }
    }

    /// Everything outside is as it was, no connection came, no process is left and
    /// the grader's folders are gone.
    fn nada_cambio_afuera(&self, como: &str) {
        assert_eq!(
            fs::read_to_string(self.ruta("secreto/clave.txt")).unwrap(),
            SECRETO,
            "{como}"
        );
        let afuera: Vec<_> = fs::read_dir(self.ruta("afuera"))
            .unwrap()
            .map(|entrada| entrada.unwrap().file_name())
            .collect();
        assert_eq!(afuera, ["intacto.txt"], "{como}");
        assert_eq!(
            fs::read_to_string(self.ruta("afuera/intacto.txt")).unwrap(),
            INTACTO,
            "{como}"
        );
        match self.servidor.accept() {
            Err(error) if error.kind() == ErrorKind::WouldBlock => {}
            otro => panic!("{como}: una entrega se conectó: {otro:?}"),
        }
        let inicio = Instant::now();
        loop {
            let quedan = procesos_de(&self.ruta("tmp"));
            if quedan.is_empty() {
                break;
            }
            assert!(
                inicio.elapsed() < Duration::from_secs(5),
                "{como}: quedaron procesos: {quedan:?}"
            );
            thread::sleep(Duration::from_millis(20));
        }
        let restos: Vec<_> = fs::read_dir(self.ruta("tmp")).unwrap().collect();
        assert!(restos.is_empty(), "{como}: quedaron carpetas: {restos:?}");
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quien {
    /// The user who runs the tests.
    Yo,
    /// `nobody`, through `setpriv`, with the system's Python (root's may be in a
    /// folder that nobody can read).
    Nadie,
}

const PYTHON_DEL_SISTEMA: &str = "/usr/bin/python3";

/// The processes started by a grading run whose temporary folders go to `tmp`: those
/// with `tmp` in their environment, the harness and what the submissions fork (they
/// can run no other program).
fn procesos_de(tmp: &Path) -> Vec<String> {
    let marca = format!("TMPDIR={}", tmp.display());
    let mut procesos = Vec::new();
    for entrada in fs::read_dir("/proc").unwrap().flatten() {
        let leer = |archivo: &str| fs::read(entrada.path().join(archivo)).unwrap_or_default();
        let orden = String::from_utf8_lossy(&leer("cmdline")).replace('\0', " ");
        let entorno = String::from_utf8_lossy(&leer("environ")).into_owned();
        let propio = entorno
            .split('\0')
            .any(|variable| variable.starts_with(&marca));
        if propio {
            procesos.push(format!("{:?}: {orden}", entrada.file_name()));
        }
    }
    procesos
}

/// The grade of each submission in the report, by its file's name without `.py`: the
/// line under each student's name, `  correcta.py: total 100.0 %, nota 7.0`.
fn notas(salida: &Output) -> BTreeMap<String, String> {
    let texto = String::from_utf8_lossy(&salida.stdout);
    (texto.lines())
        .filter_map(|linea| {
            let (archivo, resto) = linea.strip_prefix("  ")?.split_once(".py: total ")?;
            let (_, nota) = resto.split_once(", nota ")?;
            Some((archivo.to_owned(), nota.to_owned()))
        })
        .collect()
}

/// Each of `estudiantes` got a 7.0.
fn todas_con_siete(salida: &Output, estudiantes: &[&str], como: &str) {
    let esperadas: BTreeMap<String, String> = estudiantes
        .iter()
        .map(|estudiante| ((*estudiante).to_owned(), "7.0".to_owned()))
        .collect();
    assert_eq!(
        notas(salida),
        esperadas,
        "{como}: {}{}",
        String::from_utf8_lossy(&salida.stdout),
        String::from_utf8_lossy(&salida.stderr)
    );
}

/// What `--diagnostico --json` says this machine lacks, run as `quien`.
fn faltas(clase: &Clase, quien: Quien, filtro: Option<&BpfProgram>) -> Vec<String> {
    let salida = clase.corregir(quien, &["--diagnostico", "--json"], filtro);
    let informe: serde_json::Value = serde_json::from_slice(&salida.stdout).unwrap();
    serde_json::from_value(informe["faltas"].clone()).unwrap()
}

/// Grades the whole hostile class as `quien`: contained if this machine can, else
/// refused in one line, and run only with `--sin-encierro`.
fn la_clase_hostil(quien: Quien, filtro: Option<&BpfProgram>, como: &str) {
    let clase = Clase::nueva(&HOSTILES);
    let faltas = faltas(&clase, quien, filtro);
    let mut todas = HOSTILES.to_vec();
    todas.push("correcta");
    todas.sort_unstable();
    if faltas.is_empty() {
        let salida = clase.corregir(quien, &[], filtro);
        assert_eq!(salida.status.code(), Some(0), "{como}");
        todas_con_siete(&salida, &todas, como);
        clase.nada_cambio_afuera(como);
    } else {
        eprintln!("{como}: esta máquina no encierra las entregas: {faltas:?}");
        se_niega_en_una_linea(&clase, quien, filtro, &faltas[0], como);
    }
}

/// Grading refuses with one line that says what is missing, and `--sin-encierro` runs
/// it (on the correct submission alone: the hostile ones would do harm).
fn se_niega_en_una_linea(
    clase: &Clase,
    quien: Quien,
    filtro: Option<&BpfProgram>,
    falta: &str,
    como: &str,
) {
    let salida = clase.corregir(quien, &[], filtro);
    assert_eq!(salida.status.code(), Some(2), "{como}");
    assert_eq!(
        String::from_utf8_lossy(&salida.stderr),
        format!("error: {falta}; para corregir sin encierro, use --sin-encierro\n"),
        "{como}"
    );
    assert_eq!(
        notas(&salida),
        BTreeMap::new(),
        "{como}: corrió sin encierro"
    );
    let sola = Clase::nueva(&[]);
    let salida = sola.corregir(quien, &["--sin-encierro"], filtro);
    assert_eq!(salida.status.code(), Some(0), "{como}");
    todas_con_siete(&salida, &["correcta"], como);
}

/// A seccomp filter for the program that makes `llamada` fail with `error`, as on a
/// kernel without it.
fn sin(llamada: i64, error: i32) -> BpfProgram {
    let arquitectura = TargetArch::try_from(std::env::consts::ARCH).unwrap();
    let filtro = SeccompFilter::new(
        [(llamada, Vec::new())].into(),
        SeccompAction::Allow,
        SeccompAction::Errno(error.unsigned_abs()),
        arquitectura,
    )
    .unwrap();
    filtro.try_into().unwrap()
}

fn hay_python_del_sistema() -> bool {
    let hay = Path::new(PYTHON_DEL_SISTEMA).exists() && Path::new("/usr/bin/setpriv").exists();
    if !hay {
        eprintln!("se omite la prueba como nobody: falta {PYTHON_DEL_SISTEMA} o setpriv");
    }
    hay
}

/// Whether the tests run as root.
fn root() -> bool {
    // SAFETY: getuid has no effects.
    unsafe { libc::getuid() == 0 }
}

#[test]
fn las_entregas_hostiles_no_tocan_nada_fuera_de_su_carpeta() {
    if !crate::correccion::hay_python() {
        return;
    }
    la_clase_hostil(Quien::Yo, None, "como quien corre las pruebas");
}

/// As a teaching assistant runs it, with user namespaces and without them (then the
/// bound on processes counts the user's own too).
#[test]
fn las_entregas_hostiles_tampoco_como_un_usuario_comun() {
    if !root() || !hay_python_del_sistema() {
        return;
    }
    la_clase_hostil(Quien::Nadie, None, "como nobody");
    let filtro = sin(libc::SYS_unshare, libc::EPERM);
    la_clase_hostil(
        Quien::Nadie,
        Some(&filtro),
        "como nobody sin espacios de usuario",
    );
}

/// As on Ubuntu 24.04, where AppArmor forbids unprivileged user namespaces: the
/// protections hold without them (`setsid` refused, every process in the child's
/// group), given a Landlock that keeps signals in.
#[test]
fn sin_espacios_de_usuario_las_protecciones_siguen() {
    if !crate::correccion::hay_python() {
        return;
    }
    let filtro = sin(libc::SYS_unshare, libc::EPERM);
    let clase = Clase::nueva(&[]);
    let diagnostico = clase.corregir(Quien::Yo, &["--diagnostico"], Some(&filtro));
    let texto = String::from_utf8_lossy(&diagnostico.stdout);
    assert!(
        texto.contains("espacios de usuario, red y PID:      no"),
        "{texto}"
    );
    la_clase_hostil(Quien::Yo, Some(&filtro), "sin espacios de usuario");
}

/// As on a kernel without Landlock: one line says so and how to get it, grading
/// refuses, and `--sin-encierro` runs it.
#[test]
fn sin_landlock_la_correccion_se_niega_en_una_linea() {
    if !crate::correccion::hay_python() {
        return;
    }
    let filtro = sin(libc::SYS_landlock_create_ruleset, libc::ENOSYS);
    let clase = Clase::nueva(&["lee_secreto"]);
    let diagnostico = clase.corregir(Quien::Yo, &["--diagnostico"], Some(&filtro));
    let texto = String::from_utf8_lossy(&diagnostico.stdout);
    assert!(
        texto.contains("Landlock (archivos, TCP, señales):   no"),
        "{texto}"
    );
    assert!(texto.contains("salvo con --sin-encierro"), "{texto}");
    assert!(
        texto.lines().all(|linea| linea.chars().count() <= 80),
        "{texto}"
    );
    let faltas = faltas(&clase, Quien::Yo, Some(&filtro));
    assert!(
        faltas[0].starts_with("falta Landlock 3 (Linux 6.2"),
        "{faltas:?}"
    );
    se_niega_en_una_linea(&clase, Quien::Yo, Some(&filtro), &faltas[0], "sin Landlock");
}

#[test]
fn el_diagnostico_dice_lo_que_hay_en_esta_maquina() {
    let clase = Clase::nueva(&[]);
    let salida = clase.corregir(Quien::Yo, &["--diagnostico"], None);
    assert_eq!(salida.status.code(), Some(0));
    let texto = String::from_utf8_lossy(&salida.stdout);
    assert!(
        texto.starts_with("El encierro de las entregas en esta máquina:\n"),
        "{texto}"
    );
    assert!(
        texto.lines().all(|linea| linea.chars().count() <= 80),
        "{texto}"
    );
    let faltas = faltas(&clase, Quien::Yo, None);
    assert_eq!(
        texto.contains("Cada entrega corre encerrada"),
        faltas.is_empty(),
        "{texto}"
    );
}
