//! Small helpers for the Spanish text shown to people.

/// At most this many characters of a rejected input are quoted in a message, so a huge
/// input still gives a readable one.
pub(crate) const LARGO_CITA: usize = 20;

/// `texto` for quoting in a message: its first [`LARGO_CITA`] characters, and `…` if
/// it was longer.
pub(crate) fn cita(texto: &str) -> String {
    if texto.chars().count() > LARGO_CITA {
        texto.chars().take(LARGO_CITA).chain(['…']).collect()
    } else {
        texto.to_owned()
    }
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

/// A count with its noun, singular for one and plural otherwise: `cantidad(1, "ficha",
/// "fichas")` is "1 ficha", `cantidad(0, …)` "0 fichas". Every message that counts says
/// it through here, so that none says "1 fichas".
pub(crate) fn cantidad(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    match n.into() {
        1 => format!("1 {singular}"),
        n => format!("{n} {plural}"),
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
                    _ => Err($error(s.to_owned())),
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

    #[test]
    fn mayuscula_inicial_con_acentos() {
        assert_eq!(mayuscula_inicial("ganan las negras"), "Ganan las negras");
        assert_eq!(mayuscula_inicial("ñandú"), "Ñandú");
        assert_eq!(mayuscula_inicial(""), "");
    }
}
