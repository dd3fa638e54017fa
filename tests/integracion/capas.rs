//! The library's layers, read from the code's own paths: no file of `biblioteca/src/`
//! imports one that imports it back, directly or through others, and each layer imports
//! only from the layers under it (ARCHITECTURE.md, «Capas»). A path counts wherever it
//! is written (`use` lines and paths in the code), outside comments and the tests at a
//! file's foot.

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

/// The module a file of the library's `src/` is, as its path from the crate:
/// `src/interfaz/juego/mod.rs` is `["interfaz", "juego"]`, `src/lib.rs` is `[]`.
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

/// The names the crate's root re-exports (`pub use reglas::{casilla::Casilla, …}` in
/// `src/lib.rs`), each with the path it stands for: `Casilla` is
/// `crate::reglas::casilla::Casilla`. A path through the root leads where its name does.
fn reexportados(lib: &str) -> BTreeMap<String, String> {
    let mut caminos = Vec::new();
    let mut texto = lib;
    while let Some(inicio) = texto.find("pub use ") {
        let fin = inicio + texto[inicio..].find(';').unwrap();
        extender("", &texto[inicio + 8..fin], &mut caminos);
        texto = &texto[fin + 1..];
    }
    caminos
        .into_iter()
        .map(|camino| {
            let nombre = camino.rsplit("::").next().unwrap().to_owned();
            (nombre, format!("crate::{camino}"))
        })
        .collect()
}

/// Every path the code names from `crate`, `super` or `self`, whole, with the `use`
/// trees spread out: `use super::{a::B, c}` gives `super::a::B` and `super::c`.
fn caminos(codigo: &str) -> Vec<String> {
    let mut caminos = Vec::new();
    // The `use` statements, spread out, and then removed from the code.
    let mut resto = String::new();
    let mut texto = codigo;
    while let Some(inicio) = texto.find("use ") {
        let antes = &texto[..inicio];
        let es_use = antes
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}');
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
    // Paths in the code itself: `crate::interfaz::juego::guardado::f(…)`.
    let bytes = resto.as_bytes();
    for raiz in ["crate::", "super::", "self::"] {
        let mut desde = 0;
        while let Some(i) = resto[desde..].find(raiz) {
            let inicio = desde + i;
            let previo = inicio.checked_sub(1).map(|p| bytes[p]);
            desde = inicio + raiz.len();
            if previo.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                continue;
            }
            let largo = resto[inicio..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(resto.len() - inicio);
            caminos.push(
                resto[inicio..inicio + largo]
                    .trim_end_matches(':')
                    .to_owned(),
            );
        }
    }
    caminos
        .into_iter()
        .filter(|c| ["crate", "super", "self"].iter().any(|r| c.starts_with(r)))
        .collect()
}

/// Spreads the `use` tree `arbol` under `prefijo` into `caminos`.
fn extender(prefijo: &str, arbol: &str, caminos: &mut Vec<String>) {
    let arbol = arbol
        .trim()
        .trim_start_matches("pub(crate) ")
        .trim_start_matches("pub(super) ");
    let arbol = arbol.trim_start_matches("pub ").trim();
    match arbol.find('{') {
        None => {
            let camino = arbol.split(" as ").next().unwrap().trim();
            if !camino.is_empty() {
                caminos.push(format!("{prefijo}{camino}"));
            }
        }
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

/// The file a path written in module `desde` leads to, among `modulos`: the longest
/// module its start names (an item's path leads to its module's file), through the
/// root's re-exports `raiz`.
fn destino(
    camino: &str,
    desde: &[String],
    modulos: &BTreeMap<Vec<String>, PathBuf>,
    raiz: &BTreeMap<String, String>,
) -> Option<PathBuf> {
    // `crate::Vista` is `crate::interfaz::vista::Vista`.
    let resuelto = camino
        .strip_prefix("crate::")
        .and_then(|resto| {
            let (nombre, cola) = resto.split_once("::").unwrap_or((resto, ""));
            let mut largo = raiz.get(nombre)?.clone();
            if !cola.is_empty() {
                largo = format!("{largo}::{cola}");
            }
            Some(largo)
        })
        .unwrap_or_else(|| camino.to_owned());
    let mut partes: Vec<String> = Vec::new();
    for (i, parte) in resuelto.split("::").enumerate() {
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
            (_, "*" | "self") => {}
            (_, parte) => partes.push(parte.to_owned()),
        }
    }
    (0..=partes.len())
        .rev()
        .find_map(|n| modulos.get(&partes[..n]).cloned())
}

#[test]
fn ningun_archivo_importa_a_uno_que_lo_importa_de_vuelta_y_cada_capa_mira_hacia_abajo() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("biblioteca/src");
    let todos = archivos(&src);
    let modulos: BTreeMap<Vec<String>, PathBuf> =
        todos.iter().map(|a| (modulo(&src, a), a.clone())).collect();
    let raiz = reexportados(&codigo(&fs::read_to_string(src.join("lib.rs")).unwrap()));
    let mut flechas: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for archivo in &todos {
        let desde = modulo(&src, archivo);
        let texto = codigo(&fs::read_to_string(archivo).unwrap());
        for camino in caminos(&texto) {
            let Some(hacia) = destino(&camino, &desde, &modulos, &raiz) else {
                continue;
            };
            // The crate's root only gathers names (`crate::Tablero`): not a layer.
            if hacia != *archivo && hacia != src.join("lib.rs") {
                flechas.entry(archivo.clone()).or_default().insert(hacia);
            }
        }
    }
    // Sanity: the reader sees the imports it must.
    let mesa = src.join("interfaz/juego/mesa.rs");
    assert!(flechas[&mesa].contains(&src.join("interfaz/juego/historial.rs")));
    assert!(
        flechas[&src.join("interfaz/juego/pantalla/dibujo.rs")]
            .contains(&src.join("interfaz/juego/mesa.rs"))
    );
    // Through the root's re-exports too: `crate::Vista` is the front ends' board.
    assert!(
        flechas[&src.join("interfaz/juego/pantalla/dibujo.rs")]
            .contains(&src.join("interfaz/vista.rs"))
    );

    // No circles: a depth-first walk never meets a file still open.
    let relativa = |a: &PathBuf| a.strip_prefix(&src).unwrap().display().to_string();
    let mut estado: BTreeMap<PathBuf, bool> = BTreeMap::new();
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
    for archivo in &todos {
        if let Some(circulo) = visitar(archivo, &flechas, &mut estado, &mut Vec::new()) {
            let nombres: Vec<String> = circulo.iter().map(relativa).collect();
            panic!("un círculo de importaciones: {}", nombres.join(" → "));
        }
    }

    // Each layer looks only down: (layer, what it must never import). Inside the front
    // ends, what they share (the arguments, the board on screen, the wrapping of text)
    // is under all of them, and grading is under the orders.
    let frentes: &[&str] = &["interfaz/juego", "interfaz/ordenes", "interfaz/correccion"];
    let capas: [(&str, &[&str]); 12] = [
        (
            "texto.rs",
            &[
                "reglas", "formato", "disco.rs", "motor", "tarea.rs", "interfaz",
            ],
        ),
        (
            "reglas",
            &["formato", "disco.rs", "motor", "tarea.rs", "interfaz"],
        ),
        ("formato", &["disco.rs", "motor", "tarea.rs", "interfaz"]),
        ("disco.rs", &["motor", "tarea.rs", "interfaz"]),
        ("motor", &["formato", "disco.rs", "tarea.rs", "interfaz"]),
        ("tarea.rs", &["formato", "motor", "interfaz"]),
        ("interfaz/correccion", &["interfaz/ordenes"]),
        ("interfaz/argumentos.rs", frentes),
        ("interfaz/vista.rs", frentes),
        ("interfaz/renglones.rs", frentes),
        // The game and the orders never import each other.
        ("interfaz/juego", &["interfaz/ordenes"]),
        ("interfaz/ordenes", &["interfaz/juego"]),
    ];
    for (capa, prohibidas) in capas {
        for (archivo, hacia) in &flechas {
            if !archivo.starts_with(src.join(capa)) {
                continue;
            }
            for destino in hacia {
                for prohibida in prohibidas {
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

#[test]
fn un_nombre_reexportado_en_la_raiz_lleva_a_su_modulo() {
    let raiz = reexportados(
        "pub use reglas::{casilla::Casilla, tablero::Tablero};\n\
         #[cfg(feature = \"aplicacion\")]\n\
         pub use interfaz::vista::Vista;",
    );
    let modulos: BTreeMap<Vec<String>, PathBuf> = [
        (vec![], "lib.rs"),
        (vec!["reglas", "casilla"], "reglas/casilla.rs"),
        (vec!["interfaz", "vista"], "interfaz/vista.rs"),
    ]
    .into_iter()
    .map(|(modulo, archivo)| {
        let modulo = modulo.into_iter().map(str::to_owned).collect();
        (modulo, PathBuf::from(archivo))
    })
    .collect();
    let desde = ["reglas".to_owned(), "casilla".to_owned()];
    let hacia = |camino| destino(camino, &desde, &modulos, &raiz);
    assert_eq!(
        hacia("crate::Vista"),
        Some(PathBuf::from("interfaz/vista.rs"))
    );
    assert_eq!(
        hacia("crate::Casilla::Vacia"),
        Some(PathBuf::from("reglas/casilla.rs"))
    );
    assert_eq!(hacia("crate::Tablero"), Some(PathBuf::from("lib.rs")));
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
fn la_biblioteca_no_trae_los_crates_que_solo_usa_el_programa() {
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
    // Sanity: the closure follows the library's own crates, those of its front ends too.
    assert!(biblioteca.iter().any(|id| nombres[id] == "clap"));
    // The crates only the binary uses (its progress bars, its signal handling): the
    // program names them, and a program using the library with its default feature
    // gets none of them.
    for del_programa in ["indicatif", "signal-hook"] {
        let paquete = programa
            .iter()
            .find(|id| nombres[*id] == del_programa)
            .unwrap_or_else(|| panic!("el programa no depende de {del_programa}"));
        assert!(
            !biblioteca.contains(paquete),
            "la biblioteca trae {del_programa}, que solo usa el programa"
        );
    }
}
