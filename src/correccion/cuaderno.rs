//! Notebooks (`tarea2.ipynb`, from Colab or Jupyter) as the Python they run: their code
//! cells in order, as one file. Lines for the notebook's shell (`!pip install numpy`)
//! and its magics (`%time`) are not Python: each becomes `pass`, the line kept as a
//! comment, so that every other line is where it was in its cell; a cell that is not
//! Python (`%%bash`) is left out the same way. Each cell starts with a comment that
//! names it, for the student to find a line the report quotes.

use serde::Deserialize;

/// How large a notebook may be: its outputs (images, tables) travel with the code.
pub(super) const LIMITE_CUADERNO: u64 = 16 * 1024 * 1024;

/// A notebook, as much of it as its code needs: format 4 (cells at the top) or 3
/// (cells in worksheets, their code in `input`).
#[derive(Deserialize)]
struct Cuaderno {
    #[serde(default)]
    cells: Vec<Celda>,
    #[serde(default)]
    worksheets: Vec<Hoja>,
}

#[derive(Deserialize)]
struct Hoja {
    #[serde(default)]
    cells: Vec<Celda>,
}

#[derive(Deserialize)]
struct Celda {
    cell_type: String,
    #[serde(default)]
    source: Option<Texto>,
    #[serde(default)]
    input: Option<Texto>,
}

/// A cell's text: one string, or a list of lines.
#[derive(Deserialize)]
#[serde(untagged)]
enum Texto {
    Uno(String),
    Lineas(Vec<String>),
}

impl Texto {
    fn junto(&self) -> String {
        match self {
            Texto::Uno(texto) => texto.clone(),
            Texto::Lineas(lineas) => lineas.concat(),
        }
    }
}

/// The cell magics whose body is Python: the magic line goes, the body stays.
const MAGIAS_DE_PYTHON: [&str; 4] = ["%%time", "%%timeit", "%%capture", "%%python"];

/// The Python of the notebook `bytes`.
///
/// # Errors
///
/// Why it is no notebook (JSON that is not one), in Spanish.
pub(super) fn codigo(bytes: &[u8]) -> Result<String, String> {
    let cuaderno: Cuaderno = serde_json::from_slice(bytes)
        .map_err(|error| format!("no es un cuaderno de Jupyter que se pueda leer ({error})"))?;
    let celdas = (cuaderno.cells.iter())
        .chain(cuaderno.worksheets.iter().flat_map(|hoja| &hoja.cells))
        .filter(|celda| celda.cell_type == "code");
    let mut codigo = String::new();
    for (numero, celda) in celdas.enumerate() {
        let texto = (celda.source.as_ref().or(celda.input.as_ref()))
            .map(Texto::junto)
            .unwrap_or_default();
        codigo += &format!("# ── celda de código {} ──\n", numero + 1);
        let primera = texto.lines().next().unwrap_or_default().trim();
        let ajena = primera.starts_with("%%") && !MAGIAS_DE_PYTHON.contains(&primera);
        for (i, linea) in texto.lines().enumerate() {
            let sin_sangria = linea.trim_start();
            let consola = sin_sangria.starts_with('!') || sin_sangria.starts_with('%');
            if ajena || (i == 0 && primera.starts_with("%%")) {
                codigo += &format!("# {linea}\n");
            } else if consola {
                let sangria = &linea[..linea.len() - sin_sangria.len()];
                codigo += &format!("{sangria}pass  # {sin_sangria}\n");
            } else {
                codigo += linea;
                codigo.push('\n');
            }
        }
        codigo.push('\n');
    }
    Ok(codigo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn las_celdas_de_codigo_en_orden_sin_la_consola() {
        let cuaderno = serde_json::json!({
            "nbformat": 4,
            "cells": [
                {"cell_type": "markdown", "source": ["# Tarea 2\n"]},
                {"cell_type": "code", "source": ["!pip install numpy\n", "import os\n"]},
                {"cell_type": "code", "source": "def f():\n    %time g()\n    return 1"},
                {"cell_type": "code", "source": ["%%bash\n", "ls\n"]},
                {"cell_type": "code", "source": ["%%time\n", "f()\n"]},
            ]
        });
        let codigo = codigo(cuaderno.to_string().as_bytes()).unwrap();
        assert_eq!(
            codigo,
            "# ── celda de código 1 ──\npass  # !pip install numpy\nimport os\n\n\
             # ── celda de código 2 ──\ndef f():\n    pass  # %time g()\n    return 1\n\n\
             # ── celda de código 3 ──\n# %%bash\n# ls\n\n\
             # ── celda de código 4 ──\n# %%time\nf()\n\n"
        );
        let viejo = serde_json::json!({
            "worksheets": [{"cells": [{"cell_type": "code", "input": ["x = 1\n"]}]}]
        });
        assert_eq!(
            super::codigo(viejo.to_string().as_bytes()).unwrap(),
            "# ── celda de código 1 ──\nx = 1\n\n"
        );
        assert!(super::codigo(b"def jugar(): pass").is_err());
    }
}
