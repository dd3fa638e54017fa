//! Small helpers for the Spanish text shown to people.

/// At most this many characters of a rejected input are quoted in a message, so a huge
/// input still gives a readable one.
pub(crate) const LARGO_CITA: usize = 20;

/// `texto` for quoting in a message: [`acortar`], each character as [`visible`] shows
/// it.
pub(crate) fn cita(texto: &str) -> String {
    visible(&acortar(texto))
}

/// `texto`'s first [`LARGO_CITA`] characters, and `…` if it was longer, so a huge input
/// still gives a readable message. For a message that escapes it itself (`{:?}`); any
/// other quotes through [`cita`].
pub(crate) fn acortar(texto: &str) -> String {
    if texto.chars().count() > LARGO_CITA {
        texto.chars().take(LARGO_CITA).chain(['…']).collect()
    } else {
        texto.to_owned()
    }
}

/// `texto` with every character that a terminal would act on or that the eye misses
/// written as an escape (`\r`, `\u{1b}`, `\u{a0}`): text that came from a file, an
/// argument or the input can neither drive the terminal that shows it nor look like
/// something it is not. Every such text is shown through here.
pub(crate) fn visible(texto: &str) -> String {
    texto.chars().map(escape).collect()
}

/// A path as messages show it: as [`Path::display`](std::path::Path::display) does, and
/// [`visible`].
pub(crate) fn ruta_visible(ruta: &std::path::Path) -> String {
    visible(&ruta.to_string_lossy())
}

/// A character as [`visible`] shows it.
pub(crate) fn escape(c: char) -> String {
    match c {
        '\r' => r"\r".to_owned(),
        '\t' => r"\t".to_owned(),
        '\n' => r"\n".to_owned(),
        c if invisible(c) => c.escape_unicode().to_string(),
        c => c.to_string(),
    }
}

/// A character that cannot be seen as itself: control characters, and spaces and
/// marks other than the plain space (also those that turn the text around).
pub(crate) fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{a0}'
                | '\u{ad}'
                | '\u{2000}'..='\u{200f}'
                | '\u{2028}'..='\u{202f}'
                | '\u{205f}'..='\u{206f}'
                | '\u{3000}'
                | '\u{feff}'
        )
}

/// `texto` with its first letter in uppercase, for a message that starts with a
/// phrase made elsewhere ("ganan las negras" → "Ganan las negras").
pub(crate) fn mayuscula_inicial(texto: &str) -> String {
    let mut letras = texto.chars();
    letras
        .next()
        .map(|primera| primera.to_uppercase().chain(letras).collect())
        .unwrap_or_default()
}

/// The widest line the program writes, in characters: a terminal's classic 80
/// columns, which also fit a pager and a grader's log.
pub const ANCHO: usize = 80;

/// `texto` with each line wider than [`ANCHO`] broken at its spaces, continuation
/// lines indented as the line was (and, for a numbered item, under its text). A word wider than a line stands whole on its own
/// (a long file name is never cut); a run of spaces (in a typed name) fills a line as
/// words do; a question keeps its trailing space so that the answer follows it, unless
/// its line is full; and the text's own line breaks stay. A break takes the place of
/// one space. Every message of the game and the orders goes through here.
pub fn ajustar(texto: &str) -> String {
    let mut lineas = Vec::new();
    for linea in texto.split('\n') {
        if linea.chars().count() <= ANCHO {
            lineas.push(linea.to_owned());
            continue;
        }
        let cuerpo = linea.trim_start_matches(' ');
        let sangria = &linea[..linea.len() - cuerpo.len()];
        // A numbered item ("  0) Seguir…") goes on under its text, as lists do.
        let numero = cuerpo
            .find(") ")
            .filter(|&fin| fin > 0 && cuerpo[..fin].bytes().all(|byte| byte.is_ascii_digit()));
        let continuacion = match numero {
            Some(fin) => format!("{sangria}{:1$}", "", fin + 2),
            None => sangria.to_owned(),
        };
        let mut palabras = cuerpo.split(' ');
        let mut actual = format!("{sangria}{}", palabras.next().unwrap_or_default());
        for palabra in palabras {
            if actual.chars().count() + 1 + palabra.chars().count() > ANCHO {
                lineas.push(std::mem::replace(
                    &mut actual,
                    format!("{continuacion}{palabra}"),
                ));
            } else {
                actual.push(' ');
                actual.push_str(palabra);
            }
        }
        lineas.push(actual);
    }
    lineas.join("\n")
}

/// A count with its noun, singular for one and plural otherwise: `cantidad(1, "ficha",
/// "fichas")` is "1 ficha", `cantidad(0, …)` "0 fichas". Every message that counts says
/// it through here, so that none says "1 fichas".
pub(crate) fn cantidad(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    match n.into() {
        1 => format!("1 {singular}"),
        n => format!("{n} {plural}"),
    }
}

/// "se encontró" for one and "se encontraron" otherwise: the verb that goes with
/// [`cantidad`] in the messages that say what a file had ("se encontró 1, se esperaban 8").
pub(crate) fn se_encontraron(n: impl Into<u64>) -> &'static str {
    if n.into() == 1 {
        "se encontró"
    } else {
        "se encontraron"
    }
}

/// Implements `Display` and `FromStr` for a type whose face is one letter, from its
/// `letra()` and `desde_letra()`, so that parsing and printing cannot drift apart.
/// `FromStr` accepts exactly that one letter, uppercase, and nothing around it.
macro_rules! cara_de_letra {
    ($tipo:ident, $error:ident) => {
        impl std::fmt::Display for $tipo {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.letra())
            }
        }

        impl std::str::FromStr for $tipo {
            type Err = $error;

            fn from_str(s: &str) -> Result<$tipo, $error> {
                let mut letras = s.chars();
                match (letras.next().and_then($tipo::desde_letra), letras.next()) {
                    (Some(valor), None) => Ok(valor),
                    _ => Err($error($crate::texto::cita(s))),
                }
            }
        }
    };
}
pub(crate) use cara_de_letra;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn los_caracteres_de_control_se_ven_escritos() {
        assert_eq!(visible("V\u{1b}[2J"), r"V\u{1b}[2J");
        assert_eq!(visible("\u{1b}]0;PWNED\u{7}"), r"\u{1b}]0;PWNED\u{7}");
        assert_eq!(visible("a\tb\r\n"), r"a\tb\r\n");
        assert_eq!(visible("\u{202e}C4"), r"\u{202e}C4");
        assert_eq!(visible("ñandú C4"), "ñandú C4");
        assert_eq!(
            cita(&format!("{}\u{1b}", "x".repeat(LARGO_CITA))),
            "x".repeat(20) + "…"
        );
        assert_eq!(cita("\u{1b}[2J"), r"\u{1b}[2J");
    }

    #[test]
    fn acorta_solo_lo_largo() {
        assert_eq!(cita("C4"), "C4");
        assert_eq!(cita(&"ñ".repeat(LARGO_CITA)), "ñ".repeat(LARGO_CITA));
        assert_eq!(cita(&"ñ".repeat(1000)), "ñ".repeat(LARGO_CITA) + "…");
    }

    #[test]
    fn ajustar_corta_en_espacios_y_conserva_la_sangria_y_el_espacio_final() {
        let largo = format!("  palabra{} fin. ", " palabra".repeat(12));
        let ajustado = ajustar(&largo);
        assert!(
            ajustado.lines().all(|linea| linea.chars().count() <= ANCHO),
            "{ajustado}"
        );
        assert!(ajustado.lines().nth(1).unwrap().starts_with("  palabra"));
        assert!(ajustado.ends_with("fin. "));
        assert_eq!(ajustado.replace("\n  ", " "), largo);
        // A numbered item goes on under its text.
        let item = format!("  0) Seguir la partida{}", " interrumpida".repeat(6));
        let ajustado = ajustar(&item);
        assert!(
            ajustado
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("     interrumpida")
        );
        assert_eq!(ajustado.replace("\n     ", " "), item);
        // Short lines, and a word wider than a line, stay as they are.
        assert_eq!(ajustar("corto\n"), "corto\n");
        let palabra = "x".repeat(100);
        assert_eq!(ajustar(&palabra), palabra);
    }

    #[test]
    fn ajustar_cuenta_caracteres_y_no_parte_palabras() {
        let palabra = "x".repeat(10);
        let texto = [palabra.as_str(); 10].join(" ");
        let ajustado = ajustar(&texto);
        let lineas: Vec<&str> = ajustado.lines().collect();
        assert_eq!(lineas.len(), 2);
        assert_eq!(lineas[0].chars().count(), 76);
        assert_eq!(ajustado.replace('\n', " "), texto);
        let enes = "ñ".repeat(79);
        assert_eq!(ajustar(&format!("{enes} a")), format!("{enes}\na"));
        assert_eq!(ajustar("a\nb"), "a\nb");
        let larga = "y".repeat(100);
        assert_eq!(ajustar(&format!("a {larga} b")), format!("a\n{larga}\nb"));
    }

    #[test]
    fn ajustar_parte_tambien_los_espacios_seguidos() {
        // A file name with a run of spaces made a line of 89 columns (found by the
        // fuzzing of the game): the spaces fill the line, and the break takes one.
        let texto = format!(
            "No se pudo cargar: no existe el archivo «gu{}ardar fsn.txt».",
            " ".repeat(47)
        );
        let ajustado = ajustar(&texto);
        let lineas: Vec<&str> = ajustado.lines().collect();
        assert_eq!(lineas.len(), 2, "{ajustado:?}");
        assert_eq!(lineas[0].chars().count(), ANCHO, "{ajustado:?}");
        assert_eq!(ajustado.replace('\n', " "), texto);
    }

    #[test]
    fn singular_solo_para_uno() {
        assert_eq!(cantidad(1u32, "ficha", "fichas"), "1 ficha");
        assert_eq!(cantidad(0u32, "ficha", "fichas"), "0 fichas");
        assert_eq!(cantidad(21u64, "casilla", "casillas"), "21 casillas");
    }

    #[test]
    fn mayuscula_inicial_con_acentos() {
        assert_eq!(mayuscula_inicial("ganan las negras"), "Ganan las negras");
        assert_eq!(mayuscula_inicial("ñandú"), "Ñandú");
        assert_eq!(mayuscula_inicial(""), "");
    }
}
