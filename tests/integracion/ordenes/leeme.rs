//! The README's examples, run as written, so that README and program cannot drift
//! apart: every ```` ```console ```` block is one shell session in a fresh folder with a
//! copy of `partidas/`, each `$ ` line a command and the lines under it what a terminal
//! shows (standard output and standard error, in order). Output of `--json` is compared
//! as JSON, so the README may lay an object over several lines. The grading script is
//! run on a case list with Windows line ends.

use std::{
    fs,
    path::Path,
    process::{Command, Stdio},
};

use crate::comun::{INICIAL, TRAS_C4, carpeta};

const LEEME: &str = include_str!("../../../README.md");

/// One `$ ` line of a console block, and the lines under it.
#[derive(Debug)]
struct Ejemplo {
    /// Its line in the README, from 1, for the message of a mismatch.
    linea: usize,
    orden: String,
    esperado: String,
}

/// The console blocks of `leeme`, each a list of examples. Checks that no other block
/// holds a `$ othello` line, which would go unchecked.
fn bloques(leeme: &str) -> Vec<Vec<Ejemplo>> {
    let mut bloques = Vec::new();
    let mut actual: Option<(String, Vec<Ejemplo>)> = None;
    for (i, linea) in leeme.lines().enumerate() {
        match (&mut actual, linea.strip_prefix("```")) {
            (None, Some(lenguaje)) => actual = Some((lenguaje.to_owned(), Vec::new())),
            (Some(_), Some(_)) => {
                let (lenguaje, ejemplos) = actual.take().expect("un bloque abierto");
                if lenguaje == "console" {
                    bloques.push(ejemplos);
                }
            }
            (Some((lenguaje, ejemplos)), None) => match linea.strip_prefix("$ ") {
                Some(orden) => {
                    assert_eq!(
                        lenguaje,
                        "console",
                        "README.md:{}: un ejemplo fuera de un bloque console",
                        i + 1
                    );
                    ejemplos.push(Ejemplo {
                        linea: i + 1,
                        orden: orden.to_owned(),
                        esperado: String::new(),
                    });
                }
                None => {
                    if let Some(ejemplo) = ejemplos.last_mut() {
                        ejemplo.esperado += linea;
                        ejemplo.esperado += "\n";
                    }
                }
            },
            (None, None) => {}
        }
    }
    bloques
}

/// The program's folder first on the `PATH`, so that `othello` is this build.
fn camino() -> String {
    let binario = Path::new(env!("CARGO_BIN_EXE_othello")).parent().unwrap();
    format!(
        "{}:{}",
        binario.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Copies the fixtures into `dir/partidas`.
fn copiar_partidas(dir: &Path) {
    let destino = dir.join("partidas");
    fs::create_dir(&destino).unwrap();
    for archivo in fs::read_dir(super::fijas()).unwrap() {
        let archivo = archivo.unwrap();
        fs::copy(archivo.path(), destino.join(archivo.file_name())).unwrap();
    }
}

/// A separator that no example prints.
const SEPARADOR: &str = "\u{1e}\n";

/// Runs `ejemplos` as one shell session in `dir`: what each command showed.
fn correr_sesion(dir: &Path, ejemplos: &[Ejemplo]) -> Vec<String> {
    // Standard error to the same pipe, in order; a separator before each command, with
    // the exit status kept for `echo $?`.
    let mut guion = String::from("exec 2>&1\n");
    for ejemplo in ejemplos {
        guion += "__estado=$?; printf '\\036\\n'; (exit $__estado)\n";
        guion += &ejemplo.orden;
        guion += "\n";
    }
    let salida = Command::new("sh")
        .arg("-c")
        .arg(&guion)
        .current_dir(dir)
        .env("PATH", camino())
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .env_remove("CLICOLOR_FORCE")
        .env("XDG_DATA_HOME", dir.join(".datos"))
        .stdin(Stdio::null())
        .output()
        .expect("sh corre");
    let texto = String::from_utf8(salida.stdout).expect("la salida es UTF-8");
    texto.split(SEPARADOR).skip(1).map(str::to_owned).collect()
}

#[test]
fn los_ejemplos_del_readme_son_lo_que_hace_el_programa() {
    let bloques = bloques(LEEME);
    assert!(bloques.len() >= 4, "los ejemplos del README: {bloques:?}");
    for ejemplos in bloques {
        let dir = carpeta();
        copiar_partidas(dir.path());
        let obtenidas = correr_sesion(dir.path(), &ejemplos);
        assert_eq!(obtenidas.len(), ejemplos.len(), "{obtenidas:?}");
        for (ejemplo, obtenida) in ejemplos.iter().zip(obtenidas) {
            let donde = format!("README.md:{}: $ {}", ejemplo.linea, ejemplo.orden);
            if ejemplo.orden.contains("--json") {
                let esperado: serde_json::Value = serde_json::from_str(&ejemplo.esperado)
                    .unwrap_or_else(|error| panic!("{donde}: JSON del README: {error}"));
                let obtenido: serde_json::Value = serde_json::from_str(&obtenida)
                    .unwrap_or_else(|error| panic!("{donde}: {error}: {obtenida}"));
                assert_eq!(obtenido, esperado, "{donde}");
            } else {
                crate::comun::assert_eq!(obtenida, ejemplo.esperado, "{}", donde);
            }
        }
    }
}

/// The grading script of the README, as it is there.
fn script_de_correccion() -> &'static str {
    let inicio = LEEME
        .find("```sh\n#!/bin/sh")
        .expect("el script del README")
        + "```sh\n".len();
    &LEEME[inicio..inicio + LEEME[inicio..].find("```").unwrap()]
}

/// A case list written on Windows ends every line with a carriage return; the script
/// removes them, or every case would be a usage error (exit 2).
#[test]
fn el_script_de_correccion_tolera_una_lista_de_casos_de_windows() {
    let dir = carpeta();
    let escribir = |nombre: &str, texto: &str| {
        let ruta = dir.path().join(nombre);
        fs::create_dir_all(ruta.parent().unwrap()).unwrap();
        fs::write(ruta, texto).unwrap();
    };
    escribir("corregir.sh", script_de_correccion());
    escribir("inicial.txt", INICIAL);
    escribir("casos.txt", "inicial.txt C4 N\r\ninicial.txt A1 N\r\n");
    escribir("entregas/ana/caso-1.txt", TRAS_C4);
    escribir("entregas/ana/caso-2.txt", INICIAL);
    let salida = Command::new("sh")
        .arg("corregir.sh")
        .current_dir(dir.path())
        .env("PATH", camino())
        .stdin(Stdio::null())
        .output()
        .expect("sh corre");
    let texto = String::from_utf8_lossy(&salida.stdout);
    assert_eq!(
        (salida.status.code(), texto.as_ref()),
        (Some(0), "0 respuestas con problemas\n"),
        "{}",
        String::from_utf8_lossy(&salida.stderr)
    );
}
