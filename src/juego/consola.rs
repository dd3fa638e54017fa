//! The players' keyboard and screen: reading a line safely, asking, confirming.
//!
//! Whatever arrives (garbage, very long lines, bytes that are not UTF-8, the end of the
//! input) has an answer here, so the rest of the game only sees trimmed text or `None`.
//! At a terminal the lines are typed in rustyline's line editor (arrows, history,
//! Ctrl-A/E, Tab completing the moves and commands, or the names of files where a
//! file is asked for), which keeps what it read past a line for the next
//! question (its `buffer-redux` feature), so that lines typed ahead are read in order;
//! anywhere else they are read as they come, so a piped transcript gives the same
//! output every time.

use std::io::{self, BufRead, IsTerminal, Write};

use super::comando::es_salir;
use crate::renglones::{ANCHO, ajustar};

use rustyline::{
    CompletionType, Config, Context, Editor, Helper,
    completion::{Completer, FilenameCompleter, Pair, unescape},
    error::ReadlineError,
    highlight::Highlighter,
    hint::Hinter,
    history::DefaultHistory,
    validate::Validator,
};

/// At most this many bytes of a line are kept; the rest of the line is read and
/// dropped, so a huge line costs no memory. No answer is that long.
const LARGO_LINEA: usize = 1024;

/// A line read from a pipe or a file that runs this long without its end is no
/// answer at all: the input is not a game (`/dev/zero` has no line end).
const LARGO_MAXIMO: usize = 1 << 20;

/// After this many answers in a row refused from a pipe or a file, the input is not
/// a game (`/dev/urandom`): the program stops instead of answering forever.
const RECHAZOS_SEGUIDOS: u32 = 100;

/// Why input read from a pipe or a file ends the game: it is not text, or not a game.
/// A person at a terminal is never stopped.
#[derive(Debug, thiserror::Error)]
pub enum ErrorEntrada {
    /// A NUL byte: binary data, not lines typed.
    #[error("la entrada no es texto: la línea {0} tiene un byte nulo")]
    ByteNulo(usize),
    /// Bytes that are not UTF-8.
    #[error("la entrada no es texto UTF-8 (línea {0})")]
    NoEsUtf8(usize),
    /// A line that does not end.
    #[error("la línea {0} de la entrada pasa de 1 MiB sin terminar")]
    LineaSinFin(usize),
    /// Too many answers in a row that were no answer.
    #[error("{0} respuestas seguidas de la entrada no son válidas: no es una partida")]
    Rechazos(u32),
}

impl ErrorEntrada {
    /// As the I/O error the console's readers return.
    fn en_io(self) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidData, self)
    }
}

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
enum Fuente<R> {
    /// Lines as they come: from a pipe, a file or a test.
    Lineas(R),
    /// The keyboard at a terminal, through the line editor.
    Teclado(Box<EditorDeLineas>),
}

/// Where the game reads what the players type and writes what they see. Writing to it
/// writes to the screen.
pub(super) struct Consola<R, W> {
    entrada: Fuente<R>,
    salida: W,
    /// Write back each line read, after its prompt, so that the output of a piped
    /// transcript reads like a session at the terminal.
    eco: bool,
    /// Lines read so far, to name one in an error.
    lineas: usize,
    /// Answers refused in a row, and whether the last answer was ([`Consola::rechazar`]).
    rechazos: u32,
    rechazada: bool,
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
            entrada: Fuente::Teclado(Box::new(editor)),
            salida: io::stdout(),
            eco: false,
            lineas: 0,
            rechazos: 0,
            rechazada: false,
        })
    }
}

impl<R: BufRead, W: Write> Consola<R, W> {
    /// A console over `entrada` and `salida`.
    pub(super) fn nueva(entrada: R, salida: W, eco: bool) -> Consola<R, W> {
        Consola {
            entrada: Fuente::Lineas(entrada),
            salida,
            eco,
            lineas: 0,
            rechazos: 0,
            rechazada: false,
        }
    }

    /// The words Tab completes at the next question, the move prompt's valid moves
    /// and commands; other questions complete nothing. Only the line editor uses them.
    pub(super) fn completar(&mut self, palabras: Vec<String>) {
        self.completar_con(Completado::Palabras(palabras));
    }

    /// What Tab completes at the next question.
    fn completar_con(&mut self, completado: Completado) {
        let completador = match &mut self.entrada {
            Fuente::Teclado(editor) => editor.helper_mut(),
            Fuente::Lineas(_) => None,
        };
        if let Some(completador) = completador {
            completador.completado = completado;
        }
    }

    /// Asks `pregunta` for a file's name, with Tab completing the names of files and
    /// folders as a shell does (a space written `\ `, or the name between quotes), and
    /// returns the name as [`nombre_escrito`] reads it; `None` as [`Consola::preguntar`].
    ///
    /// # Errors
    ///
    /// As [`Consola::preguntar`].
    pub(super) fn preguntar_archivo(&mut self, pregunta: &str) -> io::Result<Option<String>> {
        self.completar_con(Completado::Archivos);
        let respuesta = self.preguntar(pregunta)?;
        Ok(respuesta.map(|linea| nombre_escrito(&linea)))
    }

    /// Shows `pregunta` and returns the answer, trimmed, or `None` at the end of the
    /// input. A line too long to be any answer is refused and the question asked
    /// again. Ctrl-C at the line editor is an error of kind
    /// [`Interrupted`](io::ErrorKind::Interrupted), as the signal it stands for.
    ///
    /// # Errors
    ///
    /// From a pipe or a file, an [`ErrorEntrada`] (of kind
    /// [`InvalidData`](io::ErrorKind::InvalidData)) for input that is not text or not a
    /// game.
    pub(super) fn preguntar(&mut self, pregunta: &str) -> io::Result<Option<String>> {
        if !std::mem::take(&mut self.rechazada) {
            self.rechazos = 0;
        }
        let respuesta = loop {
            let linea = match &mut self.entrada {
                Fuente::Lineas(entrada) => {
                    write!(self.salida, "{pregunta}")?;
                    self.salida.flush()?;
                    self.lineas += 1;
                    // What comes after the question (the error) starts a line of its own.
                    let linea = leer_linea(entrada, self.lineas).inspect_err(|_| {
                        let _ = writeln!(self.salida);
                    })?;
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
                Fuente::Teclado(editor) => {
                    self.salida.flush()?;
                    leer_del_teclado(editor, pregunta)?
                }
            };
            match linea {
                Some(Linea::Completa(texto)) => break Some(texto.trim().to_owned()),
                Some(Linea::Larga(_)) => {
                    self.rechazar(&format!(
                        "Entrada no válida: la línea tiene más de {LARGO_LINEA} bytes. Intenta \
                         de nuevo."
                    ))?;
                    self.rechazada = false;
                }
                None => break None,
            }
        };
        self.completar_con(Completado::Nada);
        Ok(respuesta)
    }

    /// Whether it is the program's own terminal, read through the line editor.
    pub(super) fn es_la_terminal(&self) -> bool {
        matches!(self.entrada, Fuente::Teclado(_))
    }

    /// Writes `texto` and a line end, fitted to the screen's width.
    pub(super) fn decir(&mut self, texto: &str) -> io::Result<()> {
        writeln!(self.salida, "{}", ajustar(texto))
    }

    /// Tells why the last answer is refused (the question comes again). From a pipe or
    /// a file, [`RECHAZOS_SEGUIDOS`] refusals in a row end the game: such input is not
    /// a game, and would be answered forever.
    ///
    /// # Errors
    ///
    /// Writing fails, or [`ErrorEntrada::Rechazos`].
    pub(super) fn rechazar(&mut self, mensaje: &str) -> io::Result<()> {
        writeln!(self.salida, "{}", ajustar(mensaje))?;
        self.rechazada = true;
        self.rechazos += 1;
        match self.entrada {
            Fuente::Lineas(_) if self.rechazos >= RECHAZOS_SEGUIDOS => {
                Err(ErrorEntrada::Rechazos(self.rechazos).en_io())
            }
            _ => Ok(()),
        }
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
                _ => self.rechazar(&format!(
                    "Responde «s» (sí) o «n» (no), o Enter para «{enter}»."
                ))?,
            }
        }
    }
}

/// One line of `entrada` (its line `numero`) without its line end, or `None` at the
/// end of the input. A line longer than [`LARGO_LINEA`] bytes is read to its end but
/// kept only in part, and comes as [`Linea::Larga`].
///
/// # Errors
///
/// Reading fails, or the line is not text ([`ErrorEntrada`]): a NUL byte, bytes that
/// are not UTF-8, or no line end within [`LARGO_MAXIMO`] bytes, told as soon as it is
/// seen.
fn leer_linea(entrada: &mut impl BufRead, numero: usize) -> io::Result<Option<Linea>> {
    let mut bytes = Vec::new();
    // What was read of the line and not yet checked as UTF-8: the start of a character
    // that the next read completes.
    let mut sin_revisar: Vec<u8> = Vec::new();
    let mut leidos = 0;
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
        if parte.contains(&0) {
            return Err(ErrorEntrada::ByteNulo(numero).en_io());
        }
        sin_revisar.extend_from_slice(parte);
        match std::str::from_utf8(&sin_revisar) {
            Ok(_) => sin_revisar.clear(),
            Err(error) if error.error_len().is_none() => {
                sin_revisar.drain(..error.valid_up_to());
            }
            Err(_) => return Err(ErrorEntrada::NoEsUtf8(numero).en_io()),
        }
        leidos += parte.len();
        if leidos > LARGO_MAXIMO {
            return Err(ErrorEntrada::LineaSinFin(numero).en_io());
        }
        let cabe = LARGO_LINEA.saturating_sub(bytes.len()).min(parte.len());
        larga |= cabe < parte.len();
        bytes.extend_from_slice(&parte[..cabe]);
        let consumido = fin.map_or(disponible.len(), |i| i + 1);
        entrada.consume(consumido);
        if fin.is_some() {
            break;
        }
    }
    if !sin_revisar.is_empty() {
        return Err(ErrorEntrada::NoEsUtf8(numero).en_io());
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

/// What Tab completes at the question at hand.
#[derive(Default)]
enum Completado {
    /// Nothing.
    #[default]
    Nada,
    /// These words, the line's first.
    Palabras(Vec<String>),
    /// The names of files and folders.
    Archivos,
}

/// What Tab completes in the line editor.
#[derive(Default)]
struct Completador {
    completado: Completado,
    archivos: FilenameCompleter,
}

impl Completer for Completador {
    type Candidate = Pair;

    fn complete(
        &self,
        linea: &str,
        cursor: usize,
        contexto: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        match &self.completado {
            Completado::Nada => Ok((cursor, Vec::new())),
            Completado::Palabras(palabras) => {
                let (inicio, candidatas) = completar(palabras, &linea[..cursor]);
                let candidatas = (candidatas.into_iter())
                    .map(|palabra| Pair {
                        display: palabra.clone(),
                        replacement: palabra,
                    })
                    .collect();
                Ok((inicio, candidatas))
            }
            Completado::Archivos => self.archivos.complete(linea, cursor, contexto),
        }
    }
}

/// The file's name in `linea` as the completion of names writes it, and as a shell
/// reads it: between quotes (`"mi partida.txt"`, or `'…'`, the closing one optional)
/// or with each character after a `\` taken as it is (`mi\ partida.txt`), so that a
/// name completed with Tab, or typed as in a shell, is the file's. A name without
/// quotes or `\` is itself.
pub(super) fn nombre_escrito(linea: &str) -> String {
    if let Some(adentro) = linea.strip_prefix('\'') {
        return adentro.strip_suffix('\'').unwrap_or(adentro).to_owned();
    }
    let adentro = match linea.strip_prefix('"') {
        Some(adentro) => adentro.strip_suffix('"').unwrap_or(adentro),
        None => linea,
    };
    unescape(adentro, Some('\\')).into_owned()
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
        let Some(Linea::Larga(inicio)) = leer_linea(&mut entrada, 1).unwrap() else {
            panic!("se esperaba una línea larga");
        };
        assert_eq!(inicio.len(), LARGO_LINEA);
        assert_eq!(
            leer_linea(&mut entrada, 2).unwrap(),
            Some(Linea::Completa("C4".into()))
        );
        assert_eq!(leer_linea(&mut entrada, 3).unwrap(), None);
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
    fn crlf_controles_y_ultima_linea_sin_salto() {
        let mut entrada = &b"c4\r\n\x1b[2J\ta\x07\n\xc3\xb1C3\npasar"[..];
        let mut numero = 0;
        let mut siguiente = || {
            numero += 1;
            match leer_linea(&mut entrada, numero).unwrap() {
                Some(Linea::Completa(texto)) => Some(texto),
                None => None,
                otra => panic!("se esperaba una línea completa: {otra:?}"),
            }
        };
        assert_eq!(siguiente().as_deref(), Some("c4"));
        assert_eq!(siguiente().as_deref(), Some("\u{FFFD}[2J\ta\u{FFFD}"));
        assert_eq!(siguiente().as_deref(), Some("ñC3"));
        assert_eq!(siguiente().as_deref(), Some("pasar"));
        assert_eq!(siguiente(), None);
    }

    /// The error `entrada` ends with when read line by line.
    fn error_de(entrada: &[u8]) -> String {
        let mut entrada = std::io::BufReader::with_capacity(7, entrada);
        for numero in 1.. {
            match leer_linea(&mut entrada, numero) {
                Ok(Some(_)) => {}
                Ok(None) => panic!("se leyó entera"),
                Err(error) => {
                    assert_eq!(error.kind(), io::ErrorKind::InvalidData);
                    return error.to_string();
                }
            }
        }
        unreachable!()
    }

    #[test]
    fn lo_que_no_es_texto_se_rechaza_en_cuanto_se_ve() {
        assert_eq!(
            error_de(b"c4\nc3\x00\n"),
            "la entrada no es texto: la línea 2 tiene un byte nulo"
        );
        assert_eq!(
            error_de(b"c4\n\xff\xfeC3\n"),
            "la entrada no es texto UTF-8 (línea 2)"
        );
        // A character cut at the end of the input, or of a line.
        assert_eq!(error_de(b"\xc3"), "la entrada no es texto UTF-8 (línea 1)");
        assert_eq!(
            error_de(b"a\xc3\nb\n"),
            "la entrada no es texto UTF-8 (línea 1)"
        );
        // A character split between two reads (of 7 bytes) is whole.
        assert_eq!(
            error_de(b"abcdef\xc3\xb1\n\x00"),
            "la entrada no es texto: la línea 2 tiene un byte nulo"
        );
        // /dev/zero, and a line without end: told without reading on.
        assert_eq!(
            error_de(&vec![0; 10 << 20]),
            "la entrada no es texto: la línea 1 tiene un byte nulo"
        );
        assert_eq!(
            error_de(&vec![b'x'; 10 << 20]),
            "la línea 1 de la entrada pasa de 1 MiB sin terminar"
        );
    }

    #[test]
    fn cien_respuestas_rechazadas_seguidas_terminan_la_entrada_de_un_archivo() {
        let entrada = "x\n".repeat(200);
        let mut c = Consola::nueva(entrada.as_bytes(), Vec::new(), false);
        let mut rechazadas = 0;
        let error = loop {
            c.preguntar("¿? ").unwrap();
            match c.rechazar("No.") {
                Ok(()) => rechazadas += 1,
                Err(error) => break error,
            }
        };
        assert_eq!(rechazadas, RECHAZOS_SEGUIDOS - 1);
        assert_eq!(
            error.to_string(),
            "100 respuestas seguidas de la entrada no son válidas: no es una partida"
        );
        // One valid answer in between starts the count again.
        let entrada = "x\n".repeat(99) + "C4\n" + &"x\n".repeat(99);
        let mut c = Consola::nueva(entrada.as_bytes(), Vec::new(), false);
        while let Some(linea) = c.preguntar("¿? ").unwrap() {
            if linea != "C4" {
                c.rechazar("No.").unwrap();
            }
        }
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
    fn un_nombre_se_lee_como_lo_escribe_tab_o_una_shell() {
        assert_eq!(nombre_escrito("partida.txt"), "partida.txt");
        assert_eq!(nombre_escrito("mi partida.txt"), "mi partida.txt");
        assert_eq!(
            nombre_escrito("mis\\ partidas/una\\ más.txt"),
            "mis partidas/una más.txt"
        );
        assert_eq!(nombre_escrito("\"mi partida.txt\""), "mi partida.txt");
        assert_eq!(nombre_escrito("\"mis partidas/"), "mis partidas/");
        assert_eq!(nombre_escrito("'a\\b.txt'"), "a\\b.txt");
        assert_eq!(nombre_escrito("a\\\\b.txt"), "a\\b.txt");
    }

    #[test]
    fn tab_completa_nombres_de_archivos_solo_donde_se_pide_un_archivo() {
        let carpeta = tempfile::tempdir().unwrap();
        std::fs::create_dir(carpeta.path().join("mis partidas")).unwrap();
        std::fs::write(carpeta.path().join("mis partidas/una.txt"), "").unwrap();
        let linea = format!("{}/mis", carpeta.path().display());
        let historial = DefaultHistory::new();
        let contexto = Context::new(&historial);
        let completa = |completado| {
            let completador = Completador {
                completado,
                archivos: FilenameCompleter::new(),
            };
            let (inicio, candidatas) = completador
                .complete(&linea, linea.len(), &contexto)
                .unwrap();
            let reemplazos: Vec<String> = candidatas.into_iter().map(|c| c.replacement).collect();
            (inicio, reemplazos)
        };
        let carpeta_escrita = format!("{}/mis\\ partidas/", carpeta.path().display());
        assert_eq!(
            completa(Completado::Archivos),
            (0, vec![carpeta_escrita.clone()])
        );
        assert_eq!(
            nombre_escrito(&carpeta_escrita),
            format!("{linea} partidas/")
        );
        // At the move prompt, and at a question of words, no file names.
        let palabras = Completado::Palabras(vec!["pasar".to_owned()]);
        assert_eq!(completa(palabras).1, Vec::<String>::new());
        assert_eq!(completa(Completado::Nada).1, Vec::<String>::new());
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
