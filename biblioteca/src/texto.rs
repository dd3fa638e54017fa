//! Small helpers for the Spanish text shown to people.

/// At most this many characters of a rejected input are quoted in a message, so a huge
/// input still gives a readable one.
pub const LARGO_CITA: usize = 20;

/// `texto` for quoting in a message: [`acortar`], each character as [`visible`] shows
/// it.
pub fn cita(texto: &str) -> String {
    visible(&acortar(texto))
}

/// `texto`'s first [`LARGO_CITA`] characters, and `…` if it was longer, so a huge input
/// still gives a readable message. For a message that escapes it itself (`{:?}`); any
/// other quotes through [`cita`].
pub fn acortar(texto: &str) -> String {
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
pub fn visible(texto: &str) -> String {
    texto.chars().map(escape).collect()
}

/// A path as messages show it: as [`Path::display`](std::path::Path::display) does, and
/// [`visible`].
pub fn ruta_visible(ruta: &std::path::Path) -> String {
    visible(&ruta.to_string_lossy())
}

/// A character as [`visible`] shows it.
pub fn escape(c: char) -> String {
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
pub fn invisible(c: char) -> bool {
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

/// A count with its noun, singular for one and plural otherwise: `cantidad(1, "ficha",
/// "fichas")` is "1 ficha", `cantidad(0, …)` "0 fichas". Every message that counts says
/// it through here, so that none says "1 fichas".
pub fn cantidad(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    match n.into() {
        1 => format!("1 {singular}"),
        n => format!("{n} {plural}"),
    }
}

/// "se encontró" for one and "se encontraron" otherwise: the verb that goes with
/// [`cantidad`] in the messages that say what a file had ("se encontró 1, se esperaban 8").
pub fn se_encontraron(n: impl Into<u64>) -> &'static str {
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
    fn singular_solo_para_uno() {
        assert_eq!(cantidad(1u32, "ficha", "fichas"), "1 ficha");
        assert_eq!(cantidad(0u32, "ficha", "fichas"), "0 fichas");
        assert_eq!(cantidad(21u64, "casilla", "casillas"), "21 casillas");
    }
}
