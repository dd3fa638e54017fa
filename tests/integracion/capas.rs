//! The layers: between the crates, rustc keeps the library (`biblioteca/`) from the
//! program's front ends, and `cargo metadata` shows the library bringing none of their
//! crates. Inside each crate, read from the code's own paths: no file imports one that
//! imports it back, directly or through others, and each layer imports only from the
//! layers under it (ARCHITECTURE.md, «Capas»). A path counts wherever it is written
//! (`use` lines, paths in the code, and paths through a name a `use` brought), outside
//! comments and the tests at a file's foot.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use serde_json::Value;

/// Every `.rs` file under `carpeta`.
fn archivos(carpeta: &Path) -> Vec<PathBuf> {
    let mut todos = Vec::new();
    for entrada in fs::read_dir(carpeta).unwrap() {
        let ruta = entrada.unwrap().path();
        if ruta.is_dir() {
            todos.extend(archivos(&ruta));
        } else if ruta.extension().is_some_and(|e| e == "rs") {
            todos.push(ruta);
        }
    }
    todos
}

/// The module a file of a crate's `src/` is, as its path from the crate:
/// `src/juego/pantalla/mod.rs` is `["juego", "pantalla"]`, `src/lib.rs` is `[]`.
fn modulo(src: &Path, archivo: &Path) -> Vec<String> {
    let relativa = archivo.strip_prefix(src).unwrap().with_extension("");
    let mut partes: Vec<String> = relativa
        .iter()
        .map(|parte| parte.to_string_lossy().into_owned())
        .collect();
    if matches!(partes.last().map(String::as_str), Some("mod" | "lib")) {
        partes.pop();
    }
    partes
}

/// The code of a file without its comments, without the text of its strings (a string
/// with `use` and braces in it is no import) and without the tests at its foot.
fn codigo(texto: &str) -> String {
    let sin_pruebas = texto
        .find("#[cfg(test)]\nmod tests")
        .map_or(texto, |fin| &texto[..fin]);
    let mut codigo = String::with_capacity(sin_pruebas.len());
    let mut resto = sin_pruebas;
    while let Some(letra) = resto.chars().next() {
        let previa = codigo.chars().last();
        let largo = if resto.starts_with("//") {
            resto.find('\n').unwrap_or(resto.len())
        } else if resto.starts_with("/*") {
            resto.find("*/").map_or(resto.len(), |fin| fin + 2)
        } else if let Some(largo) = cadena(resto, previa) {
            codigo.push_str("\"\"");
            largo
        } else if let Some(largo) = caracter(resto) {
            codigo.push_str("' '");
            largo
        } else {
            codigo.push(letra);
            letra.len_utf8()
        };
        resto = &resto[largo..];
    }
    codigo
}

/// The length of the string literal `texto` starts with, plain (`"…"`, with its
/// escapes) or raw (`r#"…"#`), if it starts with one; `previa` is the character before.
fn cadena(texto: &str, previa: Option<char>) -> Option<usize> {
    if texto.starts_with('"') {
        let mut escapada = false;
        for (i, letra) in texto.char_indices().skip(1) {
            match letra {
                _ if escapada => escapada = false,
                '\\' => escapada = true,
                '"' => return Some(i + 1),
                _ => {}
            }
        }
        return Some(texto.len());
    }
    // A raw string's `r` starts a word, or follows the `b` of a byte string.
    let palabra = previa.is_some_and(|p| p.is_alphanumeric() || p == '_');
    if !texto.starts_with('r') || (palabra && previa != Some('b')) {
        return None;
    }
    let almohadillas = texto[1..].chars().take_while(|&c| c == '#').count();
    if !texto[1 + almohadillas..].starts_with('"') {
        return None;
    }
    let cierre = format!("\"{}", "#".repeat(almohadillas));
    let cuerpo = 2 + almohadillas;
    Some(
        texto[cuerpo..]
            .find(&cierre)
            .map_or(texto.len(), |fin| cuerpo + fin + cierre.len()),
    )
}

/// The length of the character literal `texto` starts with (`'{'`, `'\''`), if it
/// starts with one and not with a lifetime (`'a`).
fn caracter(texto: &str) -> Option<usize> {
    let mut letras = texto.char_indices();
    if letras.next()?.1 != '\'' {
        return None;
    }
    match letras.next()? {
        (_, '\\') => letras.skip(1).find(|&(_, c)| c == '\'').map(|(i, _)| i + 1),
        (_, letra) => {
            let (i, cierre) = letras.next()?;
            (cierre == '\'').then_some(i + 1).filter(|_| letra != '\'')
        }
    }
}

/// The names a `use` brings into the crate's root (`pub use reglas::{casilla::Casilla,
/// …}` in `src/lib.rs`, whatever its visibility: a child reaches a private one as
/// `crate::Casilla` too), each with the path it stands for: `Casilla` is
/// `crate::reglas::casilla::Casilla`. A path through the root leads where its name does.
fn reexportados(lib: &str) -> BTreeMap<String, String> {
    let (raiz, _) = usos(lib);
    (raiz.iter())
        .map(|camino| nombrado(camino))
        .filter(|(camino, _)| !camino.starts_with("std::") && camino.contains("::"))
        .map(|(camino, nombre)| {
            let camino = camino.strip_prefix("self::").unwrap_or(&camino);
            let camino = camino.strip_prefix("crate::").unwrap_or(camino);
            (nombre, format!("crate::{camino}"))
        })
        .collect()
}

/// A `use` path and the name it brings: `a::b::C` brings `C`, `a::b::C as D` brings `D`.
fn nombrado(camino: &str) -> (String, String) {
    match camino.split_once(" as ") {
        Some((camino, nombre)) => (camino.trim().to_owned(), nombre.trim().to_owned()),
        None => {
            let nombre = camino.rsplit("::").next().unwrap().to_owned();
            (camino.to_owned(), nombre)
        }
    }
}

/// The `use` statements of `codigo`, spread out (`use super::{a::B, c}` gives
/// `super::a::B` and `super::c`; `as` names the path as written), and the code
/// without them.
fn usos(codigo: &str) -> (Vec<String>, String) {
    let mut caminos = Vec::new();
    let mut resto = String::new();
    let mut texto = codigo;
    while let Some(inicio) = texto.find("use ") {
        let antes = &texto[..inicio];
        let es_use = antes
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}' || c == ')');
        let fin = texto[inicio..].find(';').map(|f| inicio + f);
        match (es_use, fin) {
            (true, Some(fin)) => {
                resto.push_str(antes);
                extender("", texto[inicio + 4..fin].trim(), &mut caminos);
                texto = &texto[fin + 1..];
            }
            _ => {
                resto.push_str(&texto[..inicio + 4]);
                texto = &texto[inicio + 4..];
            }
        }
    }
    resto.push_str(texto);
    (caminos, resto)
}

/// Every path the code names from `crate`, `super` or `self`, whole: in its `use`
/// statements, spread out, and in the code itself; and a path in the code through a
/// name a `use` brought (`use crate::juego; … juego::guardado::f()` names
/// `crate::juego::guardado::f`).
fn caminos(codigo: &str) -> Vec<String> {
    let (usados, resto) = usos(codigo);
    let usados: Vec<(String, String)> = usados.iter().map(|c| nombrado(c)).collect();
    // The names the `use` statements brought, each with its path.
    let traidos: BTreeMap<String, String> = (usados.iter())
        .filter(|(camino, _)| !camino.ends_with('*'))
        .map(|(camino, nombre)| (nombre.clone(), camino.clone()))
        .collect();
    let mut caminos: Vec<String> = usados.into_iter().map(|(camino, _)| camino).collect();
    let bytes = resto.as_bytes();
    let mut raices: Vec<String> = ["crate::", "super::", "self::"].map(str::to_owned).to_vec();
    raices.extend(traidos.keys().map(|nombre| format!("{nombre}::")));
    for raiz in &raices {
        let mut desde = 0;
        while let Some(i) = resto[desde..].find(raiz.as_str()) {
            let inicio = desde + i;
            let previo = inicio.checked_sub(1).map(|p| bytes[p]);
            desde = inicio + raiz.len();
            if previo.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            let largo = resto[inicio..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(resto.len() - inicio);
            let camino = resto[inicio..inicio + largo].trim_end_matches(':');
            let nombre = raiz.trim_end_matches(':');
            match traidos.get(nombre) {
                Some(por) => caminos.push(format!("{por}{}", &camino[nombre.len()..])),
                None => caminos.push(camino.to_owned()),
            }
        }
    }
    caminos
        .into_iter()
        .filter(|c| ["crate", "super", "self"].iter().any(|r| c.starts_with(r)))
        .collect()
}

/// Spreads the `use` tree `arbol` under `prefijo` into `caminos`.
fn extender(prefijo: &str, arbol: &str, caminos: &mut Vec<String>) {
    let arbol = arbol.trim();
    // `pub`, `pub(crate)`, `pub(super)`, `pub(in crate::a)`: the visibility goes.
    let arbol = match arbol.strip_prefix("pub") {
        Some(resto) if resto.starts_with('(') => resto[resto.find(')').unwrap() + 1..].trim(),
        Some(resto) if resto.starts_with(' ') => resto.trim(),
        _ => arbol,
    };
    match arbol.find('{') {
        // `camino as nombre` stays so: what the name stands for is the path.
        None if !arbol.is_empty() => caminos.push(format!("{prefijo}{arbol}")),
        None => {}
        Some(abre) => {
            let cabeza = &arbol[..abre];
            let cuerpo = &arbol[abre + 1..arbol.rfind('}').unwrap()];
            let mut nivel = 0;
            let mut inicio = 0;
            for (i, c) in cuerpo.char_indices() {
                match c {
                    '{' => nivel += 1,
                    '}' => nivel -= 1,
                    ',' if nivel == 0 => {
                        extender(&format!("{prefijo}{cabeza}"), &cuerpo[inicio..i], caminos);
                        inicio = i + 1;
                    }
                    _ => {}
                }
            }
            extender(&format!("{prefijo}{cabeza}"), &cuerpo[inicio..], caminos);
        }
    }
}

/// The files a path written in module `desde` leads to, among `modulos`: the longest
/// module its start names (an item's path leads to its module's file), through the
/// root's names `raiz` however the path reaches the root (`crate::Vista`,
/// `super::super::Vista`); a glob of the root (`use crate::*`) leads to every module
/// the root's names stand for.
fn destino(
    camino: &str,
    desde: &[String],
    modulos: &BTreeMap<Vec<String>, PathBuf>,
    raiz: &BTreeMap<String, String>,
) -> Vec<PathBuf> {
    let mut partes: Vec<String> = Vec::new();
    let mut glob = false;
    for (i, parte) in camino.split("::").enumerate() {
        match (i, parte) {
            (0, "crate") => {}
            (0, "self") => partes = desde.to_vec(),
            // The module a file is already says where it stands: `super` is its parent,
            // for a folder's `mod.rs` as for a file.
            (0, "super") => {
                partes = desde.to_vec();
                partes.pop();
            }
            (_, "super") => {
                partes.pop();
            }
            (_, "*") => glob = true,
            (_, "self") => {}
            (_, parte) => partes.push(parte.to_owned()),
        }
    }
    if partes.is_empty() && glob {
        return (raiz.values())
            .flat_map(|camino| destino(camino, &[], modulos, &BTreeMap::new()))
            .collect();
    }
    // A name of the root that is not a module of it leads where the root's `use` does.
    if let Some(primera) = partes.first()
        && !modulos.contains_key(&partes[..1])
        && let Some(largo) = raiz.get(primera)
    {
        let cola = partes[1..].join("::");
        let largo = if cola.is_empty() {
            largo.clone()
        } else {
            format!("{largo}::{cola}")
        };
        return destino(&largo, &[], modulos, &BTreeMap::new());
    }
    (0..=partes.len())
        .rev()
        .find_map(|n| modulos.get(&partes[..n]).cloned())
        .into_iter()
        .collect()
}

/// The arrows between the files of the crate whose sources are `src` (its `lib.rs` and
/// the modules under it, `dejar` left out: another crate's files in the same folder):
/// for each file, the files it imports. The root only gathers names: not a layer.
fn flechas_de(src: &Path, dejar: &[&str]) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let todos: Vec<PathBuf> = (archivos(src).into_iter())
        .filter(|a| {
            !dejar
                .iter()
                .any(|d| a.strip_prefix(src).unwrap() == Path::new(d))
        })
        .collect();
    let modulos: BTreeMap<Vec<String>, PathBuf> =
        todos.iter().map(|a| (modulo(src, a), a.clone())).collect();
    let raiz = reexportados(&codigo(&fs::read_to_string(src.join("lib.rs")).unwrap()));
    let mut flechas: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for archivo in &todos {
        let desde = modulo(src, archivo);
        let texto = codigo(&fs::read_to_string(archivo).unwrap());
        for camino in caminos(&texto) {
            for hacia in destino(&camino, &desde, &modulos, &raiz) {
                if hacia != *archivo && hacia != src.join("lib.rs") {
                    flechas.entry(archivo.clone()).or_default().insert(hacia);
                }
            }
        }
        flechas.entry(archivo.clone()).or_default();
    }
    flechas
}

/// Panics with the first circle of imports among `flechas`, if there is one: a
/// depth-first walk never meets a file still open.
fn sin_circulos(src: &Path, flechas: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) {
    fn visitar(
        archivo: &PathBuf,
        flechas: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        estado: &mut BTreeMap<PathBuf, bool>,
        camino: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        match estado.get(archivo) {
            Some(true) => return None,
            Some(false) => {
                let inicio = camino.iter().position(|a| a == archivo).unwrap();
                return Some(camino[inicio..].to_vec());
            }
            None => {}
        }
        estado.insert(archivo.clone(), false);
        camino.push(archivo.clone());
        for hacia in flechas.get(archivo).into_iter().flatten() {
            if let Some(circulo) = visitar(hacia, flechas, estado, camino) {
                return Some(circulo);
            }
        }
        camino.pop();
        estado.insert(archivo.clone(), true);
        None
    }
    let mut estado: BTreeMap<PathBuf, bool> = BTreeMap::new();
    for archivo in flechas.keys() {
        if let Some(circulo) = visitar(archivo, flechas, &mut estado, &mut Vec::new()) {
            let nombres: Vec<String> = (circulo.iter())
                .map(|a| a.strip_prefix(src).unwrap().display().to_string())
                .collect();
            panic!("un círculo de importaciones: {}", nombres.join(" → "));
        }
    }
}

/// Panics if a file of a layer of `capas` (a file or folder of `src`) imports one of
/// what that layer must never import.
fn cada_capa_mira_hacia_abajo(
    src: &Path,
    flechas: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    capas: &[(&str, &[&str])],
) {
    let relativa = |a: &PathBuf| a.strip_prefix(src).unwrap().display().to_string();
    for (capa, prohibidas) in capas {
        assert!(src.join(capa).exists(), "no hay {capa}");
        for (archivo, hacia) in flechas {
            if !archivo.starts_with(src.join(capa)) {
                continue;
            }
            for destino in hacia {
                for prohibida in *prohibidas {
                    assert!(
                        !destino.starts_with(src.join(prohibida)),
                        "{} importa {}: {capa} no mira hacia {prohibida}",
                        relativa(archivo),
                        relativa(destino)
                    );
                }
            }
        }
    }
}

#[test]
fn en_la_biblioteca_ningun_archivo_importa_a_uno_que_lo_importa_y_cada_capa_mira_hacia_abajo() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("biblioteca/src");
    let flechas = flechas_de(&src, &[]);
    // Sanity: the reader sees the imports it must, through the root's names too.
    assert!(flechas[&src.join("tarea.rs")].contains(&src.join("disco.rs")));
    assert!(flechas[&src.join("formato/archivo.rs")].contains(&src.join("reglas/tablero.rs")));
    sin_circulos(&src, &flechas);
    let capas: [(&str, &[&str]); 6] = [
        (
            "texto.rs",
            &["reglas", "formato", "disco.rs", "motor", "tarea.rs"],
        ),
        ("reglas", &["formato", "disco.rs", "motor", "tarea.rs"]),
        ("formato", &["disco.rs", "motor", "tarea.rs"]),
        ("disco.rs", &["motor", "tarea.rs"]),
        ("motor", &["formato", "disco.rs", "tarea.rs"]),
        ("tarea.rs", &["formato", "motor"]),
    ];
    cada_capa_mira_hacia_abajo(&src, &flechas, &capas);
}

#[test]
fn en_el_programa_ningun_archivo_importa_a_uno_que_lo_importa_y_cada_capa_mira_hacia_abajo() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // The binary's own crate (`main.rs` and its modules) is not the library's.
    let flechas = flechas_de(&src, &["main.rs", "linea.rs", "uso.rs"]);
    // Sanity: the reader sees the imports it must.
    let mesa = src.join("juego/mesa.rs");
    assert!(flechas[&mesa].contains(&src.join("juego/historial.rs")));
    let dibujo = src.join("juego/pantalla/dibujo.rs");
    assert!(flechas[&dibujo].contains(&src.join("juego/mesa.rs")));
    assert!(flechas[&dibujo].contains(&src.join("vista.rs")));
    sin_circulos(&src, &flechas);
    // What the front ends share (the arguments, the board on screen, the wrapping of
    // text) is under all of them, and grading is under the orders; the game and the
    // orders never import each other.
    let frentes: &[&str] = &["juego", "ordenes", "correccion"];
    let capas: [(&str, &[&str]); 6] = [
        ("correccion", &["ordenes", "juego"]),
        ("argumentos.rs", frentes),
        ("vista.rs", frentes),
        ("renglones.rs", frentes),
        ("juego", &["ordenes", "correccion"]),
        ("ordenes", &["juego"]),
    ];
    cada_capa_mira_hacia_abajo(&src, &flechas, &capas);
}

#[test]
fn una_cadena_con_use_y_llaves_no_es_una_importacion() {
    let texto = r##"
fn f<'a>(x: &'a str) -> [&'a str; 3] {
    let llave = '{';
    let cita = '\'';
    ["use crate::interfaz::{juego", r#"use crate::{"#, crate::reglas::f(x, llave, cita)]
}
"##;
    assert_eq!(caminos(&codigo(texto)), ["crate::reglas::f"]);
}

/// Each way a file can reach another, planted in a small crate and found: a path
/// through a root's name however the root is reached (`crate::Vista`,
/// `super::super::Vista`), a root's name brought by a `pub(crate) use`, a glob of the
/// root, a path written in the code, and a path in the code through a name a `use`
/// brought.
#[test]
fn cada_forma_de_importar_se_ve() {
    let raiz = reexportados(&codigo(
        "pub use reglas::{casilla::Casilla, tablero::Tablero};\n\
         pub(crate) use frente::vista::Vista;\n\
         mod reglas;\n",
    ));
    let modulos: BTreeMap<Vec<String>, PathBuf> = [
        (vec![], "lib.rs"),
        (vec!["reglas", "casilla"], "reglas/casilla.rs"),
        (vec!["reglas", "tablero"], "reglas/tablero.rs"),
        (vec!["frente", "vista"], "frente/vista.rs"),
        (vec!["frente", "juego"], "frente/juego/mod.rs"),
        (
            vec!["frente", "juego", "guardado"],
            "frente/juego/guardado.rs",
        ),
    ]
    .into_iter()
    .map(|(modulo, archivo)| {
        let modulo = modulo.into_iter().map(str::to_owned).collect();
        (modulo, PathBuf::from(archivo))
    })
    .collect();
    let desde = ["reglas".to_owned(), "casilla".to_owned()];
    let hacia = |texto: &str| -> BTreeSet<PathBuf> {
        (caminos(&codigo(texto)).iter())
            .flat_map(|camino| destino(camino, &desde, &modulos, &raiz))
            .collect()
    };
    let vista = PathBuf::from("frente/vista.rs");
    let guardado = PathBuf::from("frente/juego/guardado.rs");
    for (plantado, lleva) in [
        ("use crate::Vista;", &vista),
        ("fn f(v: super::super::Vista) {}", &vista),
        ("use super::super::{Vista, Casilla};", &vista),
        ("use crate::*;", &vista),
        ("fn f() { crate::frente::juego::guardado::g(); }", &guardado),
        (
            "use crate::frente::juego;\nfn f() { juego::guardado::g(); }",
            &guardado,
        ),
        (
            "use crate::frente::{juego as j};\nfn f() { j::guardado::g(); }",
            &guardado,
        ),
        (
            "pub(in crate::reglas) use crate::frente::juego::guardado;",
            &guardado,
        ),
    ] {
        assert!(
            hacia(plantado).contains(lleva),
            "{plantado}: {:?}",
            hacia(plantado)
        );
    }
    // A name of the root leads to its module, not to the root.
    assert_eq!(
        hacia("use crate::Casilla;"),
        BTreeSet::from([PathBuf::from("reglas/casilla.rs")])
    );
}

/// The packages as `cargo metadata` resolves the workspace (default features): each
/// package's name by its id, and the ids each one depends on to build (its normal and
/// build dependencies, not the tests').
fn paquetes() -> (BTreeMap<String, String>, BTreeMap<String, BTreeSet<String>>) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let salida = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .arg("--manifest-path")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(
        salida.status.success(),
        "{}",
        String::from_utf8_lossy(&salida.stderr)
    );
    let metadatos: Value = serde_json::from_slice(&salida.stdout).unwrap();
    let texto = |valor: &Value| valor.as_str().unwrap().to_owned();
    let nombres = metadatos["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|paquete| (texto(&paquete["id"]), texto(&paquete["name"])))
        .collect();
    let mut dependencias = BTreeMap::new();
    for nodo in metadatos["resolve"]["nodes"].as_array().unwrap() {
        let para_construir = nodo["deps"].as_array().unwrap().iter().filter(|dep| {
            dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|clase| clase["kind"].as_str() != Some("dev"))
        });
        let ids = para_construir.map(|dep| texto(&dep["pkg"])).collect();
        dependencias.insert(texto(&nodo["id"]), ids);
    }
    (nombres, dependencias)
}

/// Every package `id` brings to build, itself included.
fn clausura(id: &str, dependencias: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    let mut vistos = BTreeSet::new();
    let mut pendientes = vec![id.to_owned()];
    while let Some(id) = pendientes.pop() {
        if vistos.insert(id.clone()) {
            pendientes.extend(dependencias[&id].iter().cloned());
        }
    }
    vistos
}

#[test]
fn la_biblioteca_no_trae_los_crates_de_los_frentes() {
    let (nombres, dependencias) = paquetes();
    let id = |nombre: &str| {
        let mut ids = nombres.iter().filter(|(_, n)| *n == nombre);
        let (id, _) = ids.next().unwrap();
        assert!(ids.next().is_none(), "dos paquetes {nombre}");
        id
    };
    let programa = &dependencias[id("othello-programa")];
    let biblioteca = clausura(id("othello"), &dependencias);
    assert!(programa.contains(id("othello")));
    // Sanity: the closure follows the library's own crates.
    assert!(biblioteca.iter().any(|id| nombres[id] == "csv"));
    assert!(!biblioteca.contains(id("othello-programa")));
    // The crates of the front ends (the command line, the screens, the line editor, the
    // progress bars and the signals, the grader's containment and its zips): the
    // program names them, and a program using the library gets none of them.
    for del_programa in [
        "clap",
        "ratatui",
        "crossterm",
        "rustyline",
        "indicatif",
        "signal-hook",
        "landlock",
        "seccompiler",
        "zip",
    ] {
        let paquete = (clausura(id("othello-programa"), &dependencias).into_iter())
            .find(|id| nombres[id] == del_programa)
            .unwrap_or_else(|| panic!("el programa no trae {del_programa}"));
        assert!(
            !biblioteca.contains(&paquete),
            "la biblioteca trae {del_programa}, que solo usa el programa"
        );
    }
}
