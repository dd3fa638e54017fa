//! The house's layers, read from the code's own paths: no file of `src/` imports one
//! that imports it back, directly or through others, and each layer imports only from
//! the layers under it (ARCHITECTURE.md, «Capas»). A path counts wherever it is written
//! (`use` lines and paths in the code), outside comments and the tests at a file's foot.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

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

/// The module a file of `src/` is, as its path from the crate: `src/interfaz/juego/mod.rs`
/// is `["interfaz", "juego"]`, `src/lib.rs` is `[]`.
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

/// The code of a file without its comments and without the tests at its foot.
fn codigo(texto: &str) -> String {
    let sin_pruebas = texto
        .find("#[cfg(test)]\nmod tests")
        .map_or(texto, |fin| &texto[..fin]);
    sin_pruebas
        .lines()
        .map(|linea| match linea.find("//") {
            // A `//` inside a string ("https://…") is rare in paths' lines; good enough.
            Some(inicio) if !linea[..inicio].contains('"') => &linea[..inicio],
            _ => linea,
        })
        .collect::<Vec<_>>()
        .join("\n")
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
/// module its start names (an item's path leads to its module's file).
fn destino(
    camino: &str,
    desde: &[String],
    modulos: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<PathBuf> {
    let mut partes: Vec<String> = Vec::new();
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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let todos: Vec<PathBuf> = archivos(&src)
        .into_iter()
        .filter(|a| !a.starts_with(src.join("bin")))
        .collect();
    let modulos: BTreeMap<Vec<String>, PathBuf> =
        todos.iter().map(|a| (modulo(&src, a), a.clone())).collect();
    let mut flechas: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for archivo in &todos {
        let desde = modulo(&src, archivo);
        let texto = codigo(&fs::read_to_string(archivo).unwrap());
        for camino in caminos(&texto) {
            let Some(hacia) = destino(&camino, &desde, &modulos) else {
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
            .contains(&src.join("interfaz/juego/guardado.rs"))
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

    // Each layer looks only down: (layer, what it must never import).
    let capas: [(&str, &[&str]); 6] = [
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
        ("tarea.rs", &["motor", "interfaz"]),
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
    // Inside the front ends: the game and the orders never import each other.
    for (de, a) in [
        ("interfaz/juego", "interfaz/ordenes"),
        ("interfaz/ordenes", "interfaz/juego"),
    ] {
        for (archivo, hacia) in &flechas {
            if archivo.starts_with(src.join(de)) {
                assert!(
                    hacia.iter().all(|h| !h.starts_with(src.join(a))),
                    "{} importa de {a}",
                    relativa(archivo)
                );
            }
        }
    }
}
