//! Submissions that look like the same program, for a teaching assistant to look at:
//! compared after grading, listed in the report, the JSON and the gradebook, never in
//! a student's feedback and never in a grade.
//!
//! The method is MOSS's (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms
//! for document fingerprinting", 2003). Each file becomes a list of tokens in which
//! every name the student chose is the same token, and comments, docstrings, blank
//! lines, spaces and line breaks are gone; each run of [`K`] tokens is hashed, and of
//! every [`W`] hashes in a row the smallest is kept as a fingerprint. Two files are as
//! similar as the share of their fingerprints they have in common. Renaming variables
//! and functions, rewriting comments or moving code around within its lines changes
//! nothing; reordering functions changes little; rewriting the logic changes a lot.

use std::{
    collections::BTreeSet,
    hash::{DefaultHasher, Hash, Hasher},
    io::{self, Write},
};

use serde::Serialize;

use super::entrega::Entrega;
use crate::renglones::ajustar;
use othello::texto::visible;

/// Tokens per hashed run: long enough that the idioms every solution shares (`for i
/// in range(8):`) do not match by themselves.
const K: usize = 12;

/// Hashes per window of the winnowing: a match of at least `K + W - 1` tokens is
/// always seen.
const W: usize = 8;

/// Two submissions that look like the same program.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parecido {
    /// The two students, as the report names them, in the report's order.
    pub estudiantes: [String; 2],
    /// The share of their fingerprints they have in common, from 0 to 100.
    pub similitud: f64,
}

/// The pairs of `entregas` whose similarity is at least `umbral` percent, most
/// similar first. A submission whose file cannot be read, or has no code, is compared
/// with none.
pub(super) fn comparar(entregas: &[Entrega], umbral: u8) -> Vec<Parecido> {
    let huellas: Vec<Option<BTreeSet<u64>>> = entregas
        .iter()
        .map(|entrega| {
            entrega
                .texto()
                .map(|texto| huellas(&texto))
                .filter(|huellas| !huellas.is_empty())
        })
        .collect();
    let mut parecidos = Vec::new();
    for (i, a) in huellas.iter().enumerate() {
        for (j, b) in huellas.iter().enumerate().skip(i + 1) {
            let (Some(a), Some(b)) = (a, b) else {
                continue;
            };
            let similitud = similitud(a, b);
            if similitud >= f64::from(umbral) {
                parecidos.push(Parecido {
                    estudiantes: [
                        entregas[i].estudiante.clone(),
                        entregas[j].estudiante.clone(),
                    ],
                    similitud: (similitud * 10.0).round() / 10.0,
                });
            }
        }
    }
    parecidos.sort_by(|a, b| b.similitud.total_cmp(&a.similitud));
    parecidos
}

/// The share of fingerprints `a` and `b` have in common, of all they have, from 0
/// to 100.
fn similitud(a: &BTreeSet<u64>, b: &BTreeSet<u64>) -> f64 {
    let comunes = a.intersection(b).count();
    let todas = a.len() + b.len() - comunes;
    if todas == 0 {
        0.0
    } else {
        100.0 * comunes as f64 / todas as f64
    }
}

/// The fingerprints of a Python file: the winnowed hashes of its runs of [`K`] tokens.
fn huellas(codigo: &str) -> BTreeSet<u64> {
    let fichas = fichas(codigo);
    let hashes: Vec<u64> = fichas
        .windows(K)
        .map(|tramo| {
            let mut hasher = DefaultHasher::new();
            tramo.hash(&mut hasher);
            hasher.finish()
        })
        .collect();
    let mut huellas = BTreeSet::new();
    if hashes.len() < W {
        huellas.extend(hashes.iter().min());
        return huellas;
    }
    for ventana in hashes.windows(W) {
        huellas.extend(ventana.iter().min());
    }
    huellas
}

/// What a token is, once the student's choices are taken out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Ficha {
    /// A keyword, a builtin, an attribute after `.`, or an operator: as written.
    Texto(String),
    /// Any other name: a variable, a function, a parameter.
    Nombre,
    /// A number, as written.
    Numero(String),
    /// A string that is not a docstring.
    Cadena,
}

/// Python's keywords and the builtins a solution of the homework uses: kept as they
/// are, since renaming does not change them.
const PROPIAS: &[&str] = &[
    "False",
    "None",
    "True",
    "and",
    "as",
    "assert",
    "break",
    "class",
    "continue",
    "def",
    "del",
    "elif",
    "else",
    "except",
    "finally",
    "for",
    "from",
    "global",
    "if",
    "import",
    "in",
    "is",
    "lambda",
    "nonlocal",
    "not",
    "or",
    "pass",
    "raise",
    "return",
    "try",
    "while",
    "with",
    "yield",
    "print",
    "range",
    "len",
    "open",
    "int",
    "str",
    "list",
    "enumerate",
    "zip",
    "abs",
    "min",
    "max",
    "sum",
    "ord",
    "chr",
    "input",
    "isinstance",
];

/// The tokens of `codigo`, without comments, docstrings, spaces or line breaks, every
/// name of the student's as the same token.
fn fichas(codigo: &str) -> Vec<Ficha> {
    let caracteres: Vec<char> = codigo.chars().collect();
    let mut fichas = Vec::new();
    let mut i = 0;
    // Whether nothing but spaces came since the last line break outside brackets: a
    // string there is a statement by itself, a docstring or a comment in quotes.
    let mut inicio_de_linea = true;
    let mut corchetes = 0usize;
    while let Some(&c) = caracteres.get(i) {
        if c == '\n' {
            inicio_de_linea = corchetes == 0;
            i += 1;
        } else if c.is_whitespace() || c == '\\' {
            i += 1;
        } else if c == '#' {
            while caracteres.get(i).is_some_and(|&c| c != '\n') {
                i += 1;
            }
        } else if let Some(fin) = fin_de_cadena(&caracteres, i) {
            let sola = inicio_de_linea && siguiente_es_fin_de_linea(&caracteres, fin);
            if !sola {
                fichas.push(Ficha::Cadena);
            }
            inicio_de_linea = false;
            i = fin;
        } else if c.is_alphabetic() || c == '_' {
            let inicio = i;
            while caracteres
                .get(i)
                .is_some_and(|&c| c.is_alphanumeric() || c == '_')
            {
                i += 1;
            }
            let palabra: String = caracteres[inicio..i].iter().collect();
            let atributo = fichas.last() == Some(&Ficha::Texto(".".into()));
            fichas.push(if atributo || PROPIAS.contains(&palabra.as_str()) {
                Ficha::Texto(palabra)
            } else {
                Ficha::Nombre
            });
            inicio_de_linea = false;
        } else if c.is_ascii_digit() {
            let inicio = i;
            while caracteres
                .get(i)
                .is_some_and(|&c| c.is_alphanumeric() || c == '.' || c == '_')
            {
                i += 1;
            }
            fichas.push(Ficha::Numero(caracteres[inicio..i].iter().collect()));
            inicio_de_linea = false;
        } else {
            let dos: String = caracteres[i..(i + 2).min(caracteres.len())]
                .iter()
                .collect();
            let largo = if OPERADORES_DOBLES.contains(&dos.as_str()) {
                2
            } else {
                1
            };
            match c {
                '(' | '[' | '{' => corchetes += 1,
                ')' | ']' | '}' => corchetes = corchetes.saturating_sub(1),
                _ => {}
            }
            fichas.push(Ficha::Texto(caracteres[i..i + largo].iter().collect()));
            inicio_de_linea = false;
            i += largo;
        }
    }
    fichas
}

/// The operators of two characters, each one token.
const OPERADORES_DOBLES: &[&str] = &[
    "==", "!=", "<=", ">=", "//", "**", "+=", "-=", "*=", "/=", "->", "%=", "<<", ">>",
];

/// Where the string literal that starts at `i` ends (one past its closing quote), if
/// one starts there: with its prefix (`r`, `b`, `f`, `u`, two of them), single or
/// triple quotes, and escapes. An unclosed one ends with its line (the file's end for
/// triple quotes).
fn fin_de_cadena(caracteres: &[char], i: usize) -> Option<usize> {
    let mut inicio = i;
    while inicio < i + 2
        && caracteres
            .get(inicio)
            .is_some_and(|c| "rRbBfFuU".contains(*c))
    {
        inicio += 1;
    }
    let comilla = *caracteres.get(inicio).filter(|&&c| c == '"' || c == '\'')?;
    let triple = caracteres.get(inicio..inicio + 3) == Some(&[comilla; 3]);
    let mut j = inicio + if triple { 3 } else { 1 };
    while let Some(&c) = caracteres.get(j) {
        if c == '\\' {
            j += 2;
        } else if triple && caracteres.get(j..j + 3) == Some(&[comilla; 3]) {
            return Some(j + 3);
        } else if !triple && c == comilla {
            return Some(j + 1);
        } else if !triple && c == '\n' {
            return Some(j);
        } else {
            j += 1;
        }
    }
    Some(caracteres.len())
}

/// Whether only spaces or a comment come between `i` and the end of its line.
fn siguiente_es_fin_de_linea(caracteres: &[char], i: usize) -> bool {
    caracteres[i.min(caracteres.len())..]
        .iter()
        .find(|c| !matches!(c, ' ' | '\t' | '\r'))
        .is_none_or(|&c| c == '\n' || c == '#')
}

/// The students `estudiante` looks like, with the similarity, for the gradebook's
/// column: "beto_rojas 97 %, carla_diaz 81 %".
pub(super) fn parecidas_a(parecidos: &[Parecido], estudiante: &str) -> String {
    let otros: Vec<String> = parecidos
        .iter()
        .filter_map(|parecido| match &parecido.estudiantes {
            [a, b] if a == estudiante => Some((b, parecido.similitud)),
            [a, b] if b == estudiante => Some((a, parecido.similitud)),
            _ => None,
        })
        .map(|(otro, similitud)| format!("{otro} {similitud:.0} %"))
        .collect();
    otros.join(", ")
}

/// The report's section on similar submissions, after the summary; nothing if none.
///
/// # Errors
///
/// Those of `salida`.
pub(super) fn escribir_parecidos(
    parecidos: &[Parecido],
    salida: &mut impl Write,
) -> io::Result<()> {
    if parecidos.is_empty() {
        return Ok(());
    }
    writeln!(
        salida,
        "\n{}",
        ajustar("Entregas parecidas, para revisar (no cambia ninguna nota):")
    )?;
    for parecido in parecidos {
        let [a, b] = &parecido.estudiantes;
        let linea = format!(
            "  {} y {}: {:.0} %",
            visible(a),
            visible(b),
            parecido.similitud
        );
        writeln!(salida, "{}", ajustar(&linea))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGINAL: &str = r#"
def jugar(tablero, posicion, valor):
    """Juega en posicion."""
    fila = int(posicion[1]) - 1  # la fila
    columna = ord(posicion[0]) - ord("A")
    if tablero[fila][columna] != "V":
        return False
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            f, c = fila + df, columna + dc
            while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] not in ("V", valor):
                f, c = f + df, c + dc
    return True
"#;

    #[test]
    fn los_nombres_los_comentarios_y_los_espacios_no_cuentan() {
        let copia = r#"
def jugar(t, pos, color):
    # Otro comentario, y sin docstring.
    r = int(pos[1]) - 1
    k = ord(pos[0]) - ord('A')

    if t[r][k] != 'V': return False
    for a in (-1, 0, 1):
        for b in (-1, 0, 1):
            x, y = (r + a,
                    k + b)
            while 0 <= x < 8 and 0 <= y < 8 and t[x][y] not in ('V', color):
                x, y = x + a, y + b
    return True
"#;
        assert_eq!(fichas(ORIGINAL).len() + 2, fichas(copia).len());
        let (a, b) = (huellas(ORIGINAL), huellas(copia));
        assert!(similitud(&a, &b) > 60.0, "{}", similitud(&a, &b));
    }

    #[test]
    fn una_cadena_sola_en_su_linea_no_es_codigo() {
        assert_eq!(
            fichas("'''uno\ndos'''\nx = 'a'  # c\n"),
            fichas("y = \"b\"\n")
        );
        assert_eq!(
            fichas("f(\n  'a')"),
            [
                Ficha::Nombre,
                Ficha::Texto("(".into()),
                Ficha::Cadena,
                Ficha::Texto(")".into())
            ]
        );
    }

    #[test]
    fn una_cadena_sin_cerrar_termina_con_su_linea() {
        assert_eq!(fin_de_cadena(&['"', 'a', '\n', 'b'], 0), Some(2));
        assert_eq!(fin_de_cadena(&['r', '"', '\\', '"', '"'], 0), Some(5));
        assert_eq!(fin_de_cadena(&['x'], 0), None);
    }
}
