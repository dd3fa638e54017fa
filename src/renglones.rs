//! What the front ends write for people: every line fitted to a terminal's 80 columns,
//! and a phrase made elsewhere turned into the start of a sentence.

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
/// lines indented as the line was (and, for a numbered item, under its text). A word
/// wider than a line stands whole on its own (a long file name is never cut); a run of
/// spaces (in a typed name) fills a line as words do; a question keeps its trailing
/// space so that the answer follows it, unless its line is full; and the text's own
/// line breaks stay. A break takes the place of one space. Every message of the game
/// and the orders goes through here.
pub fn ajustar(texto: &str) -> String {
    ajustar_a(texto, ANCHO)
}

/// `texto` fitted to lines of `ancho` characters, as [`ajustar`] fits it to
/// [`ANCHO`]: for a narrower part of a screen.
pub(crate) fn ajustar_a(texto: &str, ancho: usize) -> String {
    ajustar_colgando(texto, ancho, 0)
}

/// `texto` fitted as [`ajustar`] fits it, each continuation line indented two more
/// spaces than its line: for a report whose lines are told apart by their indentation,
/// so that a long text of someone else's (an error a student's code raised) cannot
/// wrap into a line that looks like the report's own.
pub(crate) fn ajustar_con_sangria(texto: &str) -> String {
    ajustar_colgando(texto, ANCHO, 2)
}

/// `texto` fitted to `ancho`, continuation lines indented `mas` spaces more than their
/// line.
fn ajustar_colgando(texto: &str, ancho: usize, mas: usize) -> String {
    let mut lineas = Vec::new();
    for linea in texto.split('\n') {
        if linea.chars().count() <= ancho {
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
            Some(fin) => format!("{sangria}{:1$}", "", fin + 2 + mas),
            None => format!("{sangria}{:1$}", "", mas),
        };
        let mut palabras = cuerpo.split(' ');
        let mut actual = format!("{sangria}{}", palabras.next().unwrap_or_default());
        for palabra in palabras {
            if actual.chars().count() + 1 + palabra.chars().count() > ancho {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn mayuscula_inicial_con_acentos() {
        assert_eq!(mayuscula_inicial("ganan las negras"), "Ganan las negras");
        assert_eq!(mayuscula_inicial("ñandú"), "Ñandú");
        assert_eq!(mayuscula_inicial(""), "");
    }
}
