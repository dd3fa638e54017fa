//! The players' keyboard and screen: reading a line safely, asking, confirming.
//!
//! Whatever arrives (garbage, very long lines, bytes that are not UTF-8, the end of the
//! input) has an answer here, so the rest of the game only sees trimmed text or `None`.

use std::io::{self, BufRead, Write};

/// At most this many bytes of a line are kept; the rest of the line is read and
/// dropped, so a huge line costs no memory. No answer is that long.
const LARGO_LINEA: usize = 1024;

/// A line read from the input.
#[derive(Debug, PartialEq)]
enum Linea {
    /// The whole line.
    Completa(String),
    /// Only the start of a line longer than [`LARGO_LINEA`] bytes.
    Larga(String),
}

/// Where the game reads what the players type and writes what they see. Writing to it
/// writes to the screen.
pub(super) struct Consola<R, W> {
    entrada: R,
    salida: W,
    /// Write back each line read, after its prompt, so that the output of a piped
    /// transcript reads like a session at the terminal.
    eco: bool,
}

impl<R: BufRead, W: Write> Consola<R, W> {
    /// A console over `entrada` and `salida`.
    pub(super) fn nueva(entrada: R, salida: W, eco: bool) -> Consola<R, W> {
        Consola {
            entrada,
            salida,
            eco,
        }
    }

    /// One line of input without its line end, or `None` at the end of the input.
    /// Control characters other than tabs become U+FFFD, so that what is echoed or
    /// quoted back cannot drive the terminal. A line longer than [`LARGO_LINEA`] bytes is
    /// read to its end but kept only in part, and comes as [`Linea::Larga`].
    fn leer_linea(&mut self) -> io::Result<Option<Linea>> {
        let mut bytes = Vec::new();
        let mut leyo_algo = false;
        let mut larga = false;
        loop {
            let disponible = match self.entrada.fill_buf() {
                Ok(disponible) => disponible,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if disponible.is_empty() {
                break;
            }
            leyo_algo = true;
            let fin = disponible.iter().position(|&b| b == b'\n');
            let parte = &disponible[..fin.unwrap_or(disponible.len())];
            let cabe = LARGO_LINEA.saturating_sub(bytes.len()).min(parte.len());
            larga |= cabe < parte.len();
            bytes.extend_from_slice(&parte[..cabe]);
            let consumido = fin.map_or(disponible.len(), |i| i + 1);
            self.entrada.consume(consumido);
            if fin.is_some() {
                break;
            }
        }
        if !leyo_algo {
            return Ok(None);
        }
        let texto: String = String::from_utf8_lossy(&bytes)
            .trim_end_matches('\r')
            .chars()
            .map(|c| {
                if c.is_control() && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect();
        Ok(Some(if larga {
            Linea::Larga(texto)
        } else {
            Linea::Completa(texto)
        }))
    }

    /// Shows `pregunta` and returns the answer, trimmed, or `None` at the end of the
    /// input. A line too long to be any answer is refused and the question asked again.
    pub(super) fn preguntar(&mut self, pregunta: &str) -> io::Result<Option<String>> {
        loop {
            write!(self.salida, "{pregunta}")?;
            self.salida.flush()?;
            let linea = self.leer_linea()?;
            match &linea {
                Some(Linea::Completa(texto)) if self.eco => writeln!(self.salida, "{texto}")?,
                Some(Linea::Larga(texto)) if self.eco => writeln!(self.salida, "{texto}…")?,
                // Whatever the person typed ended with Enter; at the end of the input the
                // next message starts on a line of its own.
                None => writeln!(self.salida)?,
                Some(_) => {}
            }
            match linea {
                Some(Linea::Completa(texto)) => return Ok(Some(texto.trim().to_owned())),
                Some(Linea::Larga(_)) => writeln!(
                    self.salida,
                    "Entrada no válida: la línea tiene más de {LARGO_LINEA} bytes. Intenta de nuevo."
                )?,
                None => return Ok(None),
            }
        }
    }

    /// A yes-or-no question, asked until answered; `None` at the end of the input.
    pub(super) fn confirmar(&mut self, pregunta: &str) -> io::Result<Option<bool>> {
        loop {
            let Some(respuesta) = self.preguntar(pregunta)? else {
                return Ok(None);
            };
            match respuesta.to_lowercase().as_str() {
                "s" | "si" | "sí" => return Ok(Some(true)),
                "n" | "no" => return Ok(Some(false)),
                _ => writeln!(self.salida, "Responde «s» (sí) o «n» (no).")?,
            }
        }
    }
}

impl<R, W: Write> Write for Consola<R, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.salida.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.salida.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn consola(entrada: &[u8]) -> Consola<&[u8], Vec<u8>> {
        Consola::nueva(entrada, Vec::new(), false)
    }

    #[test]
    fn lineas_largas_se_marcan_y_se_consumen_enteras() {
        let mut entrada = b"c4".to_vec();
        entrada.extend(vec![b' '; 10 * LARGO_LINEA]);
        entrada.extend_from_slice(b"basura\nC4\n");
        let mut c = consola(&entrada);
        let Some(Linea::Larga(inicio)) = c.leer_linea().unwrap() else {
            panic!("se esperaba una línea larga");
        };
        assert_eq!(inicio.len(), LARGO_LINEA);
        assert_eq!(c.leer_linea().unwrap(), Some(Linea::Completa("C4".into())));
        assert_eq!(c.leer_linea().unwrap(), None);
    }

    #[test]
    fn una_linea_larga_no_es_respuesta() {
        // Its start, "c4", must not be taken as the answer: the question comes again.
        let entrada = format!("c4{}x\nC3\n", " ".repeat(LARGO_LINEA));
        let mut c = consola(entrada.as_bytes());
        assert_eq!(c.preguntar("¿? ").unwrap().as_deref(), Some("C3"));
        let salida = String::from_utf8(c.salida).unwrap();
        assert_eq!(
            salida,
            "¿? Entrada no válida: la línea tiene más de 1024 bytes. Intenta de nuevo.\n¿? "
        );
    }

    #[test]
    fn crlf_bytes_invalidos_controles_y_ultima_linea_sin_salto() {
        let mut c = consola(b"c4\r\n\xff\xfeC3\n\x1b[2J\ta\x07\npasar");
        let mut siguiente = || match c.leer_linea().unwrap() {
            Some(Linea::Completa(texto)) => Some(texto),
            otra => panic!("se esperaba una línea completa: {otra:?}"),
        };
        assert_eq!(siguiente().as_deref(), Some("c4"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}\u{FFFD}C3"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}[2J\ta\u{FFFD}"));
        assert_eq!(siguiente().as_deref(), Some("pasar"));
        assert_eq!(c.leer_linea().unwrap(), None);
    }

    #[test]
    fn eco_tras_la_pregunta() {
        let mut c = Consola::nueva(&b"  c4  \n"[..], Vec::new(), true);
        assert_eq!(c.preguntar("¿? ").unwrap().as_deref(), Some("c4"));
        assert_eq!(c.salida, "¿?   c4  \n".as_bytes());
        // At the end of the input the goodbye still starts on its own line.
        assert_eq!(c.preguntar("¿? ").unwrap(), None);
        assert!(c.salida.ends_with("¿? \n".as_bytes()));
    }
}
