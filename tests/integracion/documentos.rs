//! The documents (README.md, ARCHITECTURE.md and every file of `docs/`) checked against
//! the program, so that they cannot drift apart:
//!
//! - every ```` ```console ```` block is one shell session in a fresh folder with a copy
//!   of `partidas/`, each `$ ` line a command and the lines under it what it shows
//!   (standard output and standard error, in order; `--json` compared as JSON);
//! - every command line for `othello` in a `sh` block (also as `cargo run --release --
//!   …`) is read by the program's own command line;
//! - every relative link leads to a file, and every `#anchor` to a heading; every path
//!   of the project written as code (`` `biblioteca/src/tarea.rs` ``) exists;
//! - every code block names its language (rustdoc would compile one that does not);
//! - the grading script of `docs/ordenes.md` works on a class, with Windows line ends.

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use crate::comun::{Corrida, INICIAL, TRAS_C4, carpeta, correr, escribir};

/// Every document, with its path from the project's folder.
const DOCUMENTOS: [(&str, &str); 7] = [
    ("README.md", include_str!("../../README.md")),
    ("ARCHITECTURE.md", include_str!("../../ARCHITECTURE.md")),
    (
        "docs/confiabilidad.md",
        include_str!("../../docs/confiabilidad.md"),
    ),
    ("docs/corregir.md", include_str!("../../docs/corregir.md")),
    ("docs/motor.md", include_str!("../../docs/motor.md")),
    ("docs/ordenes.md", include_str!("../../docs/ordenes.md")),
    (
        "partidas/README.md",
        include_str!("../../partidas/README.md"),
    ),
];

/// The project's folder.
fn proyecto() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A code block of a document.
#[derive(Debug)]
struct Bloque {
    /// Its language, as the fence names it ("" if it does not).
    lenguaje: String,
    /// The line of its first line of code, from 1.
    linea: usize,
    /// Its lines.
    lineas: Vec<String>,
}

/// The code blocks of `texto`, and its lines outside them (with their numbers, from 1).
fn partir(texto: &str) -> (Vec<Bloque>, Vec<(usize, &str)>) {
    let mut bloques = Vec::new();
    let mut fuera = Vec::new();
    let mut actual: Option<Bloque> = None;
    for (i, linea) in texto.lines().enumerate() {
        match (&mut actual, linea.strip_prefix("```")) {
            (None, Some(lenguaje)) => {
                actual = Some(Bloque {
                    lenguaje: lenguaje.trim().to_owned(),
                    linea: i + 2,
                    lineas: Vec::new(),
                })
            }
            (Some(_), Some(_)) => bloques.extend(actual.take()),
            (Some(bloque), None) => bloque.lineas.push(linea.to_owned()),
            (None, None) => fuera.push((i + 1, linea)),
        }
    }
    assert!(actual.is_none(), "un bloque sin cerrar");
    (bloques, fuera)
}

#[test]
fn cada_documento_esta_en_la_lista() {
    let mut en_docs: BTreeSet<String> = fs::read_dir(proyecto().join("docs"))
        .unwrap()
        .map(|archivo| format!("docs/{}", archivo.unwrap().file_name().to_string_lossy()))
        .collect();
    en_docs.extend(["README.md", "ARCHITECTURE.md", "partidas/README.md"].map(String::from));
    let listados: BTreeSet<String> = DOCUMENTOS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(listados, en_docs);
}

#[test]
fn el_readme_es_una_guia_corta() {
    let leeme = DOCUMENTOS[0].1;
    let lineas = leeme.lines().count();
    assert!(lineas <= 450, "README.md tiene {lineas} líneas");
    // The two commands first, then what a newcomer looks for, early (after the two
    // ways to play, the printed board and the full screen).
    assert!(leeme.starts_with("# othello\n\n```sh\ncargo run --release   # jugar\n"));
    for titulo in [
        "## Instalar",
        "## Jugar",
        "## Partidas guardadas y el formato",
        "## Para ayudantes",
    ] {
        let linea = leeme.lines().position(|l| l.starts_with(titulo));
        assert!(linea.is_some_and(|n| n < 260), "{titulo}: {linea:?}");
    }
}

#[test]
fn cada_bloque_dice_su_lenguaje() {
    for (nombre, texto) in DOCUMENTOS {
        for bloque in partir(texto).0 {
            assert!(
                !bloque.lenguaje.is_empty(),
                "{nombre}:{}: un bloque sin lenguaje",
                bloque.linea - 1
            );
        }
    }
}

/// One `$ ` line of a console block, and the lines under it.
#[derive(Debug)]
struct Ejemplo {
    /// Where it is, for the message of a mismatch: "README.md:12".
    lugar: String,
    orden: String,
    esperado: String,
}

/// The examples of each console block of the document `nombre`.
fn sesiones(nombre: &str, texto: &str) -> Vec<Vec<Ejemplo>> {
    let mut sesiones = Vec::new();
    for bloque in partir(texto).0 {
        let mut ejemplos: Vec<Ejemplo> = Vec::new();
        for (i, linea) in bloque.lineas.iter().enumerate() {
            match linea.strip_prefix("$ ") {
                Some(orden) => {
                    assert_eq!(
                        bloque.lenguaje,
                        "console",
                        "{nombre}:{}: un ejemplo fuera de un bloque console",
                        bloque.linea + i
                    );
                    ejemplos.push(Ejemplo {
                        lugar: format!("{nombre}:{}", bloque.linea + i),
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
            }
        }
        if bloque.lenguaje == "console" {
            sesiones.push(ejemplos);
        }
    }
    sesiones
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
    for archivo in fs::read_dir(proyecto().join("partidas")).unwrap() {
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

/// Every path under `dir`, from it, but the user's data folder the sessions get
/// (`.datos`, which is not the project's folder on a real run).
fn contenido(dir: &Path) -> BTreeSet<PathBuf> {
    let mut rutas = BTreeSet::new();
    let mut pendientes = vec![dir.to_owned()];
    while let Some(carpeta) = pendientes.pop() {
        for entrada in fs::read_dir(&carpeta).unwrap() {
            let ruta = entrada.unwrap().path();
            if ruta == dir.join(".datos") {
                continue;
            }
            if ruta.is_dir() {
                pendientes.push(ruta.clone());
            }
            rutas.insert(ruta.strip_prefix(dir).unwrap().to_owned());
        }
    }
    rutas
}

/// Each session shows what the program does. The README's, which a newcomer runs as
/// written in the project's folder, leave it as they found it (the guides in `docs/`
/// may write what their order is for, as `othello casos` its cases).
#[test]
fn los_ejemplos_de_los_documentos_son_lo_que_hace_el_programa() {
    let mut cuantos = 0;
    for (nombre, texto) in DOCUMENTOS {
        for ejemplos in sesiones(nombre, texto) {
            let dir = carpeta();
            copiar_partidas(dir.path());
            let antes = contenido(dir.path());
            let obtenidas = correr_sesion(dir.path(), &ejemplos);
            let dejadas: Vec<_> = contenido(dir.path()).difference(&antes).cloned().collect();
            let lugar = ejemplos
                .first()
                .map_or("", |ejemplo| ejemplo.lugar.as_str());
            assert!(
                nombre != "README.md" || dejadas.is_empty(),
                "{lugar}: la sesión deja {dejadas:?}"
            );
            assert_eq!(obtenidas.len(), ejemplos.len(), "{obtenidas:?}");
            for (ejemplo, obtenida) in ejemplos.iter().zip(obtenidas) {
                let donde = format!("{}: $ {}", ejemplo.lugar, ejemplo.orden);
                if ejemplo.orden.contains("--json") {
                    let esperado: serde_json::Value = serde_json::from_str(&ejemplo.esperado)
                        .unwrap_or_else(|error| panic!("{donde}: JSON del documento: {error}"));
                    let obtenido: serde_json::Value = serde_json::from_str(&obtenida)
                        .unwrap_or_else(|error| panic!("{donde}: {error}: {obtenida}"));
                    assert_eq!(obtenido, esperado, "{donde}");
                } else {
                    crate::comun::assert_eq!(obtenida, ejemplo.esperado, "{}", donde);
                }
                cuantos += 1;
            }
        }
    }
    assert!(cuantos >= 20, "solo {cuantos} ejemplos");
}

/// The words of a command line as `sh` splits them (quotes and backslashes; no
/// expansions, which the documents do not use), up to the end of the command: a pipe,
/// a redirection, `;`, `&&` or a comment.
fn palabras(linea: &str) -> Vec<String> {
    let mut palabras = Vec::new();
    let mut actual: Option<String> = None;
    let mut letras = linea.chars();
    while let Some(letra) = letras.next() {
        match letra {
            '\'' | '"' => {
                let palabra = actual.get_or_insert_with(String::new);
                for dentro in letras.by_ref() {
                    if dentro == letra {
                        break;
                    }
                    palabra.push(dentro);
                }
            }
            '\\' => actual.get_or_insert_with(String::new).extend(letras.next()),
            ' ' | '\t' => palabras.extend(actual.take()),
            '|' | '>' | '<' | ';' | '&' | '#' if actual.is_none() => break,
            _ => actual.get_or_insert_with(String::new).push(letra),
        }
    }
    palabras.extend(actual);
    palabras
}

#[test]
fn las_palabras_se_parten_como_en_sh() {
    assert_eq!(
        palabras(r#"othello --obf "a b" 'c d' e\ f > x  # nota"#),
        ["othello", "--obf", "a b", "c d", "e f"]
    );
    assert_eq!(
        palabras("othello contar - | othello contar -"),
        ["othello", "contar", "-"]
    );
}

/// Every command for `othello` in the `sh` blocks of `texto`: a line that starts with
/// `othello` or `cargo run --release --`, with its place.
fn ordenes_escritas(nombre: &str, texto: &str) -> Vec<(String, Vec<String>)> {
    partir(texto)
        .0
        .iter()
        .filter(|bloque| bloque.lenguaje == "sh")
        .flat_map(|bloque| {
            (bloque.lineas.iter().enumerate()).map(|(i, linea)| (bloque.linea + i, linea.clone()))
        })
        .filter_map(|(numero, linea)| {
            let mut palabras = palabras(linea.trim());
            let resto = match palabras.as_slice() {
                [othello, ..] if othello == "othello" => 1,
                [cargo, run, release, guiones, ..]
                    if [cargo, run, release, guiones] == ["cargo", "run", "--release", "--"] =>
                {
                    4
                }
                _ => return None,
            };
            Some((format!("{nombre}:{numero}"), palabras.split_off(resto)))
        })
        .collect()
}

#[test]
fn cada_orden_escrita_en_los_documentos_se_lee() {
    // With --help at the end, the program reads every argument before it (an unknown
    // option, a bad value or one that does not go with another is an error) and then
    // shows its help instead of running.
    let dir = carpeta();
    let mut cuantas = 0;
    for (nombre, texto) in DOCUMENTOS {
        for (lugar, argumentos) in ordenes_escritas(nombre, texto) {
            if es_una_forma(&argumentos) {
                continue;
            }
            let corrida: Corrida = correr(
                crate::comun::othello(dir.path())
                    .args(&argumentos)
                    .arg("--help"),
                "",
            );
            assert_eq!(
                corrida.codigo,
                Some(0),
                "{lugar}: othello {}\n{}",
                argumentos.join(" "),
                corrida.errores
            );
            cuantas += 1;
        }
    }
    assert!(cuantas >= 10, "solo {cuantas} órdenes");
}

/// Whether the words of a command are a usage line (`othello ORDEN [OPCIONES]`), not
/// a command.
fn es_una_forma(argumentos: &[String]) -> bool {
    argumentos
        .iter()
        .any(|a| a.contains(['[', '…']) || a.chars().all(|c| c.is_uppercase() || c == '.'))
}

/// Every `othello` command of a `sh` block runs as written, from a folder with the files
/// the repository ships (`tests/entregas/`, `tests/datos/`, `partidas/`): none is a usage
/// error nor names a file that is not there (exit 0 or 1, never 2). The game reads an
/// empty input and ends. The engine's measurements of docs/motor.md are left out (a
/// tournament of hundreds of games, a solve of 26 empties: minutes in a test build):
/// the test above reads their options, and `computadora.rs` runs each order.
#[test]
fn cada_orden_escrita_en_los_documentos_corre_sobre_lo_que_trae_el_repositorio() {
    if !crate::correccion::hay_python() {
        return;
    }
    let dir = carpeta();
    for carpeta in ["tests/entregas", "tests/datos", "partidas"] {
        crate::correccion::copiar_carpeta(&proyecto().join(carpeta), &dir.path().join(carpeta));
    }
    let mut corridas = BTreeSet::new();
    for (nombre, texto) in DOCUMENTOS {
        if nombre == "docs/motor.md" {
            continue;
        }
        for (lugar, argumentos) in ordenes_escritas(nombre, texto) {
            if es_una_forma(&argumentos) {
                continue;
            }
            if !corridas.insert(argumentos.clone()) {
                continue;
            }
            let corrida: Corrida = correr(crate::comun::othello(dir.path()).args(&argumentos), "");
            assert!(
                matches!(corrida.codigo, Some(0 | 1)) && !corrida.errores.contains("no existe"),
                "{lugar}: othello {}\n{}{}",
                argumentos.join(" "),
                corrida.salida,
                corrida.errores
            );
        }
    }
    assert!(corridas.len() >= 12, "solo {} órdenes", corridas.len());
}

/// The `cargo install` and `cargo uninstall` lines of the `sh` blocks of `texto`, as
/// words.
fn ordenes_de_cargo(texto: &str) -> Vec<Vec<String>> {
    partir(texto)
        .0
        .iter()
        .filter(|bloque| bloque.lenguaje == "sh")
        .flat_map(|bloque| bloque.lineas.iter().map(|linea| palabras(linea.trim())))
        .filter(|palabras| {
            palabras.first().is_some_and(|p| p == "cargo")
                && palabras
                    .get(1)
                    .is_some_and(|p| p == "install" || p == "uninstall")
        })
        .collect()
}

/// The README says how to install the program and how to remove it, naming its package
/// as cargo knows it (`othello-programa`; `cargo uninstall othello` fails): the folder
/// that `cargo install --path` builds is this package's, and `cargo uninstall` names it.
#[test]
fn instalar_y_desinstalar_nombran_el_paquete_del_programa() {
    let paquete = env!("CARGO_PKG_NAME");
    let manifiesto =
        |carpeta: &str| fs::read_to_string(proyecto().join(carpeta).join("Cargo.toml"));
    let mut vistas = BTreeSet::new();
    for (nombre, texto) in DOCUMENTOS {
        for palabras in ordenes_de_cargo(texto) {
            let orden = palabras.join(" ");
            if palabras[1] == "uninstall" {
                assert_eq!(palabras.last().unwrap(), paquete, "{nombre}: {orden}");
            } else if let Some(i) = palabras.iter().position(|p| p == "--path") {
                let carpeta = &palabras[i + 1];
                let propio = manifiesto(carpeta).expect("el Cargo.toml de la carpeta");
                let nombre_del_paquete = format!("[package]\nname = \"{paquete}\"\n");
                assert!(propio.contains(&nombre_del_paquete), "{nombre}: {orden}");
            } else {
                // A tool from crates.io (cargo-fuzz), not this program.
                continue;
            }
            vistas.insert((nombre, palabras[1].clone()));
        }
    }
    for orden in ["install", "uninstall"] {
        assert!(
            vistas.contains(&("README.md", orden.to_owned())),
            "cargo {orden}"
        );
    }
}

/// The README lists every player the command line takes where it lists the players,
/// with what it is, and again among the options.
#[test]
fn el_readme_nombra_cada_jugador() {
    let leeme = DOCUMENTOS[0].1;
    let (_, lista) = leeme
        .split_once("### Contra la computadora\n\nHay ")
        .expect("la lista de jugadores");
    let lista = &lista[..lista.find("```").unwrap()];
    let (_, opciones) = leeme
        .split_once("- `--negro JUGADOR`, `--blanco JUGADOR`: ")
        .expect("las opciones");
    let opciones = opciones.lines().next().unwrap();
    for jugador in ["humano", "aleatorio", "libro", "fuerte", "clasico"] {
        let nombre = format!("`{jugador}`");
        assert!(lista.contains(&nombre), "{nombre} en: {lista}");
        assert!(opciones.contains(&nombre), "{nombre} en: {opciones}");
    }
}

/// The NBoard GUI adds an engine with three fields (its *Add engine...* window): the
/// guide of the orders tells what goes in each, and the README's row of `nboard` leads
/// there. (That the commands it gives are read is checked with every `sh` block.)
#[test]
fn la_guia_dice_como_agregar_el_motor_a_nboard() {
    let documento = |nombre: &str| {
        let (_, texto) = DOCUMENTOS.iter().find(|(n, _)| *n == nombre).unwrap();
        *texto
    };
    let (_, seccion) = documento("docs/ordenes.md")
        .split_once("\n## El motor en NBoard\n")
        .expect("la sección de NBoard");
    let seccion = &seccion[..seccion.find("\n## ").unwrap_or(seccion.len())];
    for texto in [
        "*Add engine...*",
        "| *Name* | `othello`",
        "| *Working Directory* |",
        "| *Command* | `othello nboard`",
        "```sh\nothello nboard\n",
    ] {
        assert!(seccion.contains(texto), "falta {texto:?}");
    }
    assert!(documento("README.md").contains("(docs/ordenes.md#el-motor-en-nboard)"));
}

/// The anchor GitHub gives a heading: lowercase, without punctuation but hyphens and
/// underscores, spaces as hyphens.
fn ancla(titulo: &str) -> String {
    titulo
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of the headings of `texto`.
fn anclas(texto: &str) -> BTreeSet<String> {
    partir(texto)
        .1
        .into_iter()
        .filter_map(|(_, linea)| linea.strip_prefix('#'))
        .map(|titulo| ancla(titulo.trim_start_matches('#')))
        .collect()
}

/// The targets of the Markdown links of `texto`, outside code: `[texto](destino)`.
fn enlaces(texto: &str) -> Vec<(usize, String)> {
    let mut enlaces = Vec::new();
    for (numero, linea) in partir(texto).1 {
        let mut resto = linea;
        while let Some(inicio) = resto.find("](") {
            let destino = &resto[inicio + 2..];
            let Some(fin) = destino.find(')') else { break };
            enlaces.push((numero, destino[..fin].to_owned()));
            resto = &destino[fin..];
        }
    }
    enlaces
}

#[test]
fn cada_enlace_lleva_a_algo() {
    let textos: Vec<(PathBuf, &str)> = DOCUMENTOS
        .iter()
        .map(|(nombre, texto)| (proyecto().join(nombre), *texto))
        .collect();
    for (nombre, texto) in DOCUMENTOS {
        let carpeta = proyecto().join(nombre).parent().unwrap().to_owned();
        for (numero, destino) in enlaces(texto) {
            if destino.starts_with("http://") || destino.starts_with("https://") {
                continue;
            }
            let (archivo, ancla) = destino.split_once('#').unwrap_or((&destino, ""));
            let ruta = if archivo.is_empty() {
                proyecto().join(nombre)
            } else {
                carpeta.join(archivo)
            };
            assert!(ruta.exists(), "{nombre}:{numero}: {destino} no existe");
            if !ancla.is_empty() {
                let ruta = ruta.canonicalize().unwrap();
                let (_, destino_texto) = textos
                    .iter()
                    .find(|(otro, _)| otro.canonicalize().unwrap() == ruta)
                    .unwrap_or_else(|| {
                        panic!("{nombre}:{numero}: {destino}: un ancla fuera de los documentos")
                    });
                assert!(
                    anclas(destino_texto).contains(ancla),
                    "{nombre}:{numero}: no hay un título «#{ancla}» en {archivo}"
                );
            }
        }
    }
}

/// The paths of the project written as code in `texto`, outside code blocks
/// (`` `biblioteca/src/tarea.rs` ``, `` `tests/datos/` ``), with their lines: those
/// under its folders, and of the program's `src/` and of `fuzz/` only the Rust files (a
/// submission's `src/tarea2.py` and the folders cargo-fuzz makes are not the project's).
fn rutas_del_proyecto(texto: &str) -> Vec<(usize, &str)> {
    let mut rutas = Vec::new();
    for (numero, linea) in partir(texto).1 {
        for (i, codigo) in linea.split('`').enumerate() {
            let Some((carpeta, _)) = codigo.split_once('/') else {
                continue;
            };
            let del_proyecto = match carpeta {
                "biblioteca" | "tests" | "benches" | "partidas" | "docs" => true,
                "src" | "fuzz" => codigo.ends_with(".rs"),
                _ => false,
            };
            // Odd pieces are inside backticks.
            if i % 2 == 1 && del_proyecto && !codigo.contains([' ', '*', '{']) {
                rutas.push((numero, codigo));
            }
        }
    }
    rutas
}

#[test]
fn cada_ruta_del_proyecto_nombrada_existe() {
    let mut vistas = 0;
    for (nombre, texto) in DOCUMENTOS {
        for (numero, ruta) in rutas_del_proyecto(texto) {
            assert!(
                proyecto().join(ruta).exists(),
                "{nombre}:{numero}: {ruta} no existe"
            );
            vistas += 1;
        }
    }
    // Sanity: the documents do name the code's files.
    assert!(vistas > 40, "{vistas} rutas");
    let ejemplo = "ver `biblioteca/src/tarea.rs`, `src/tarea2.py` y `fuzz/target/`\n";
    assert_eq!(
        rutas_del_proyecto(ejemplo),
        [(1, "biblioteca/src/tarea.rs")]
    );
}

#[test]
fn las_anclas_son_las_de_github() {
    assert_eq!(ancla(" Órdenes para scripts"), "órdenes-para-scripts");
    assert_eq!(
        ancla(" Para ayudantes: corregir las entregas"),
        "para-ayudantes-corregir-las-entregas"
    );
    assert_eq!(ancla(" `--json`"), "--json");
}

/// The grading script of `docs/ordenes.md`, as it is there.
fn script_de_correccion() -> &'static str {
    let ordenes = DOCUMENTOS
        .iter()
        .find(|(nombre, _)| *nombre == "docs/ordenes.md")
        .unwrap()
        .1;
    let inicio = ordenes
        .find("```sh\n#!/bin/sh")
        .expect("el script de docs/ordenes.md")
        + "```sh\n".len();
    &ordenes[inicio..inicio + ordenes[inicio..].find("```").unwrap()]
}

/// Runs the grading script in `dir`, as the program's user would.
fn corregir_con_el_script(dir: &Path) -> Corrida {
    fs::write(dir.join("corregir.sh"), script_de_correccion()).unwrap();
    let salida = Command::new("sh")
        .arg("corregir.sh")
        .current_dir(dir)
        .env("PATH", camino())
        .stdin(Stdio::null())
        .output()
        .expect("sh corre");
    Corrida {
        salida: String::from_utf8(salida.stdout).unwrap(),
        errores: String::from_utf8(salida.stderr).unwrap(),
        codigo: salida.status.code(),
    }
}

#[test]
fn el_script_de_correccion_funciona() {
    let dir = carpeta();
    let dir = dir.path();
    escribir(dir, "inicial.txt", INICIAL);
    escribir(dir, "figura2.txt", TRAS_C4);
    // Case 3 is not a valid move: the expected board is the one given.
    escribir(
        dir,
        "casos.txt",
        "inicial.txt C4 N\nfigura2.txt C3 B\ninicial.txt A1 N\n",
    );
    let figura3 = include_str!("../../partidas/figura3.txt");
    // Ana is right, with another spacing and CRLF line ends in one answer.
    escribir(
        dir,
        "entregas/ana/caso-1.txt",
        &TRAS_C4.replace(", ", ",").replace('\n', "\r\n"),
    );
    escribir(dir, "entregas/ana/caso-2.txt", figura3);
    escribir(dir, "entregas/ana/caso-3.txt", INICIAL);
    // Beto played case 3 anyway, and his case 2 is not a board.
    escribir(dir, "entregas/beto/caso-1.txt", TRAS_C4);
    escribir(
        dir,
        "entregas/beto/caso-2.txt",
        &figura3.replacen('B', "X", 1),
    );
    escribir(dir, "entregas/beto/caso-3.txt", TRAS_C4);
    let corrida = corregir_con_el_script(dir);
    assert_eq!(corrida.codigo, Some(1), "{corrida:?}");
    assert_eq!(
        corrida.salida,
        "entregas/beto caso 2: entregas/beto/caso-2.txt:3:7: error: en la casilla C3 se \
         encontró \"X\", se esperaba B, N o V\n\
         entregas/beto caso 3: el tablero no es el esperado\n\
         2 respuestas con problemas\n"
    );
}

/// A case list written on Windows ends every line with a carriage return; the script
/// removes them, or every case would be a usage error (exit 2).
#[test]
fn el_script_de_correccion_tolera_una_lista_de_casos_de_windows() {
    let dir = carpeta();
    let dir = dir.path();
    escribir(dir, "inicial.txt", INICIAL);
    escribir(dir, "casos.txt", "inicial.txt C4 N\r\ninicial.txt A1 N\r\n");
    escribir(dir, "entregas/ana/caso-1.txt", TRAS_C4);
    escribir(dir, "entregas/ana/caso-2.txt", INICIAL);
    let corrida = corregir_con_el_script(dir);
    assert_eq!(
        (corrida.codigo, corrida.salida.as_str()),
        (Some(0), "0 respuestas con problemas\n"),
        "{}",
        corrida.errores
    );
}
