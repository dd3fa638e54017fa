//! The players' keyboard and screen: reading a line safely, asking, confirming.
//!
//! Whatever arrives (garbage, very long lines, bytes that are not UTF-8, the end of the
//! input) has an answer here, so the rest of the game only sees trimmed text or `None`.
//! At a terminal the lines are typed in rustyline's line editor (arrows, history,
//! Ctrl-A/E, Tab completion); anywhere else they are read as they come, so a piped
//! transcript gives the same output every time.

use std::io::{self, BufRead, IsTerminal, Write};

use super::comando::es_salir;
use crate::texto::{ANCHO, ajustar};

use rustyline::{
    CompletionType, Config, Context, Editor, Helper, completion::Completer, error::ReadlineError,
    highlight::Highlighter, hint::Hinter, history::DefaultHistory, validate::Validator,
};

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

impl Linea {
    /// The line from its first bytes (at most [`LARGO_LINEA`]), `larga` if there were
    /// more. Control characters other than tabs become U+FFFD, so that what is echoed
    /// or quoted back cannot drive the terminal.
    fn de(bytes: &[u8], larga: bool) -> Linea {
        let texto: String = String::from_utf8_lossy(bytes)
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
        if larga {
            Linea::Larga(texto)
        } else {
            Linea::Completa(texto)
        }
    }
}

/// The line editor, with Tab completing from [`Completador`].
type EditorDeLineas = Editor<Completador, DefaultHistory>;

/// Where the lines come from.
enum Entrada<R> {
    /// Lines as they come: from a pipe, a file or a test.
    Lineas(R),
    /// The keyboard at a terminal, through the line editor.
    Teclado(Box<EditorDeLineas>),
}

/// Where the game reads what the players type and writes what they see. Writing to it
/// writes to the screen.
pub(super) struct Consola<R, W> {
    entrada: Entrada<R>,
    salida: W,
    /// Write back each line read, after its prompt, so that the output of a piped
    /// transcript reads like a session at the terminal.
    eco: bool,
}

impl Consola<io::Empty, io::Stdout> {
    /// A console that reads the keyboard in a line editor and writes to standard
    /// output; `None` unless standard input and output are both terminals (with
    /// either one redirected, the editor would read nothing or write its editing
    /// into the output), or if the terminal cannot be set up.
    pub(super) fn de_la_terminal() -> Option<Consola<io::Empty, io::Stdout>> {
        if !(io::stdin().is_terminal() && io::stdout().is_terminal()) {
            return None;
        }
        let configuracion = Config::builder()
            .completion_type(CompletionType::List)
            .auto_add_history(true)
            .build();
        let mut editor = EditorDeLineas::with_config(configuracion).ok()?;
        editor.set_helper(Some(Completador::default()));
        Some(Consola {
            entrada: Entrada::Teclado(Box::new(editor)),
            salida: io::stdout(),
            eco: false,
        })
    }
}

impl<R: BufRead, W: Write> Consola<R, W> {
    /// A console over `entrada` and `salida`.
    pub(super) fn nueva(entrada: R, salida: W, eco: bool) -> Consola<R, W> {
        Consola {
            entrada: Entrada::Lineas(entrada),
            salida,
            eco,
        }
    }

    /// The words Tab completes at the next question, the move prompt's valid moves
    /// and commands; other questions complete nothing. Only the line editor uses them.
    pub(super) fn completar(&mut self, palabras: Vec<String>) {
        let completador = match &mut self.entrada {
            Entrada::Teclado(editor) => editor.helper_mut(),
            Entrada::Lineas(_) => None,
        };
        if let Some(completador) = completador {
            completador.palabras = palabras;
        }
    }

    /// Shows `pregunta` and returns the answer, trimmed, or `None` at the end of the
    /// input. A line too long to be any answer is refused and the question asked
    /// again. Ctrl-C at the line editor is an error of kind
    /// [`Interrupted`](io::ErrorKind::Interrupted), as the signal it stands for.
    pub(super) fn preguntar(&mut self, pregunta: &str) -> io::Result<Option<String>> {
        let respuesta = loop {
            let linea = match &mut self.entrada {
                Entrada::Lineas(entrada) => {
                    write!(self.salida, "{pregunta}")?;
                    self.salida.flush()?;
                    let linea = leer_linea(entrada)?;
                    match &linea {
                        Some(Linea::Completa(texto)) if self.eco => {
                            writeln!(self.salida, "{texto}")?;
                        }
                        Some(Linea::Larga(texto)) if self.eco => {
                            writeln!(self.salida, "{texto}…")?;
                        }
                        // Whatever the person typed ended with Enter; at the end of the
                        // input the next message starts on a line of its own.
                        None => writeln!(self.salida)?,
                        Some(_) => {}
                    }
                    linea
                }
                Entrada::Teclado(editor) => {
                    self.salida.flush()?;
                    leer_del_teclado(editor, pregunta)?
                }
            };
            match linea {
                Some(Linea::Completa(texto)) => break Some(texto.trim().to_owned()),
                Some(Linea::Larga(_)) => writeln!(
                    self.salida,
                    "Entrada no válida: la línea tiene más de {LARGO_LINEA} bytes. Intenta de nuevo."
                )?,
                None => break None,
            }
        };
        self.completar(Vec::new());
        Ok(respuesta)
    }

    /// A yes-or-no question, asked until answered, with Enter for `defecto` (shown,
    /// as every default is); `None` at the end of the input or for «salir», which leave
    /// a question alike.
    pub(super) fn confirmar(&mut self, pregunta: &str, defecto: bool) -> io::Result<Option<bool>> {
        let enter = if defecto { "s" } else { "n" };
        let mut pregunta = format!("{pregunta} (s/n) [Enter = {enter}]: ");
        // Too long for a line, the question itself starts one.
        if let (true, Some(inicio)) = (pregunta.chars().count() > ANCHO, pregunta.find(" ¿")) {
            pregunta.replace_range(inicio..inicio + 1, "\n");
        }
        let pregunta = ajustar(&pregunta);
        loop {
            let Some(respuesta) = self.preguntar(&pregunta)? else {
                return Ok(None);
            };
            match respuesta.to_lowercase().as_str() {
                "" => return Ok(Some(defecto)),
                "s" | "si" | "sí" => return Ok(Some(true)),
                "n" | "no" => return Ok(Some(false)),
                _ if es_salir(&respuesta) => return Ok(None),
                _ => writeln!(
                    self.salida,
                    "Responde «s» (sí) o «n» (no), o Enter para «{enter}»."
                )?,
            }
        }
    }
}

/// One line of `entrada` without its line end, or `None` at the end of the input. A
/// line longer than [`LARGO_LINEA`] bytes is read to its end but kept only in part, and
/// comes as [`Linea::Larga`].
fn leer_linea(entrada: &mut impl BufRead) -> io::Result<Option<Linea>> {
    let mut bytes = Vec::new();
    let mut leyo_algo = false;
    let mut larga = false;
    loop {
        let disponible = match entrada.fill_buf() {
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
        entrada.consume(consumido);
        if fin.is_some() {
            break;
        }
    }
    Ok(leyo_algo.then(|| Linea::de(&bytes, larga)))
}

/// One line typed in the line editor after `pregunta`, kept as [`leer_linea`] keeps
/// it; `None` for Ctrl-D. Ctrl-C, which the editor reads as a key and not as a
/// signal, is an error of kind [`Interrupted`](io::ErrorKind::Interrupted): the game
/// ends at once, as SIGINT ends it elsewhere. The editor ends the line on screen
/// itself.
fn leer_del_teclado(editor: &mut EditorDeLineas, pregunta: &str) -> io::Result<Option<Linea>> {
    match editor.readline(pregunta) {
        Ok(texto) => {
            let cabe = texto.len().min(LARGO_LINEA);
            Ok(Some(Linea::de(
                &texto.as_bytes()[..cabe],
                cabe < texto.len(),
            )))
        }
        Err(ReadlineError::Eof) => Ok(None),
        Err(ReadlineError::Interrupted) => Err(io::ErrorKind::Interrupted.into()),
        Err(ReadlineError::Io(error)) => Err(error),
        Err(error) => Err(io::Error::other(error)),
    }
}

/// What Tab completes in the line editor: the words given for the question at hand.
#[derive(Default)]
struct Completador {
    palabras: Vec<String>,
}

impl Completer for Completador {
    type Candidate = String;

    fn complete(
        &self,
        linea: &str,
        cursor: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(completar(&self.palabras, &linea[..cursor]))
    }
}

impl Hinter for Completador {
    type Hint = String;
}

impl Highlighter for Completador {}

impl Validator for Completador {}

impl Helper for Completador {}

/// Where the word before the cursor starts in `antes` (the line up to the cursor), and
/// the `palabras` it may become: only a line's first word completes, in any case
/// (`c` becomes `C4`, `TA` becomes `tablero`).
fn completar(palabras: &[String], antes: &str) -> (usize, Vec<String>) {
    let inicio = antes.len() - antes.trim_start().len();
    let parcial = antes[inicio..].to_lowercase();
    if parcial.contains(char::is_whitespace) {
        return (inicio, Vec::new());
    }
    let candidatas = palabras
        .iter()
        .filter(|palabra| palabra.to_lowercase().starts_with(&parcial))
        .cloned()
        .collect();
    (inicio, candidatas)
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

    #[test]
    fn lineas_largas_se_marcan_y_se_consumen_enteras() {
        let mut entrada = b"c4".to_vec();
        entrada.extend(vec![b' '; 10 * LARGO_LINEA]);
        entrada.extend_from_slice(b"basura\nC4\n");
        let mut entrada = &entrada[..];
        let Some(Linea::Larga(inicio)) = leer_linea(&mut entrada).unwrap() else {
            panic!("se esperaba una línea larga");
        };
        assert_eq!(inicio.len(), LARGO_LINEA);
        assert_eq!(
            leer_linea(&mut entrada).unwrap(),
            Some(Linea::Completa("C4".into()))
        );
        assert_eq!(leer_linea(&mut entrada).unwrap(), None);
    }

    #[test]
    fn una_linea_larga_no_es_respuesta() {
        // Its start, "c4", must not be taken as the answer: the question comes again.
        let entrada = format!("c4{}x\nC3\n", " ".repeat(LARGO_LINEA));
        let mut c = Consola::nueva(entrada.as_bytes(), Vec::new(), false);
        assert_eq!(c.preguntar("¿? ").unwrap().as_deref(), Some("C3"));
        let salida = String::from_utf8(c.salida).unwrap();
        assert_eq!(
            salida,
            "¿? Entrada no válida: la línea tiene más de 1024 bytes. Intenta de nuevo.\n¿? "
        );
    }

    #[test]
    fn crlf_bytes_invalidos_controles_y_ultima_linea_sin_salto() {
        let mut entrada = &b"c4\r\n\xff\xfeC3\n\x1b[2J\ta\x07\npasar"[..];
        let mut siguiente = || match leer_linea(&mut entrada).unwrap() {
            Some(Linea::Completa(texto)) => Some(texto),
            None => None,
            otra => panic!("se esperaba una línea completa: {otra:?}"),
        };
        assert_eq!(siguiente().as_deref(), Some("c4"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}\u{FFFD}C3"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}[2J\ta\u{FFFD}"));
        assert_eq!(siguiente().as_deref(), Some("pasar"));
        assert_eq!(siguiente(), None);
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

    #[test]
    fn tab_completa_la_primera_palabra_en_cualquier_caso() {
        let palabras: Vec<String> = ["C4", "D3", "pasar", "pistas", "tablero"]
            .map(String::from)
            .into();
        let completar = |antes| completar(&palabras, antes);
        assert_eq!(completar("c"), (0, vec!["C4".to_owned()]));
        assert_eq!(completar("  TA"), (2, vec!["tablero".to_owned()]));
        assert_eq!(
            completar("p"),
            (0, vec!["pasar".to_owned(), "pistas".to_owned()])
        );
        assert_eq!(completar("").1.len(), palabras.len());
        assert_eq!(completar("x"), (0, vec![]));
        assert_eq!(completar("guardar p"), (0, vec![]));
    }
}
