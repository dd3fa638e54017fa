//! The full-screen board (`othello --pantalla`) in a pseudo-terminal of 80 by 24: what
//! a terminal shows is rebuilt from the program's output with a terminal emulator
//! (`vt100`), so the tests read the screen as a student sees it, and check that the
//! terminal is given back (the normal screen, no mouse capture, the cursor shown).

use std::{
    io::{ErrorKind, Read},
    num::NonZeroU16,
    thread,
    time::{Duration, Instant},
};

use expectrl::{
    Expect, Session,
    process::unix::{Signal, WaitStatus},
    session::OsSession,
};
use tempfile::TempDir;

use crate::comun::{carpeta, correr, othello, programa};

/// The program on the full-screen board in a pseudo-terminal, and the screen it drew.
struct Terminal {
    sesion: OsSession,
    pantalla: vt100::Parser,
    /// Everything the program wrote, to look for the escapes that give the terminal
    /// back.
    bytes: Vec<u8>,
    dir: TempDir,
}

impl Terminal {
    /// `othello` with `argumentos` in a terminal of 80 by 24, in a folder of its own.
    fn abrir(argumentos: &[&str]) -> Terminal {
        Terminal::abrir_en(carpeta(), argumentos)
    }

    /// `othello` with `argumentos` in a terminal of 80 by 24, in the folder `dir`.
    fn abrir_en(dir: TempDir, argumentos: &[&str]) -> Terminal {
        let mut comando = programa(dir.path());
        comando.args(argumentos).env("TERM", "xterm");
        let mut sesion = Session::spawn(comando).expect("el programa corre en una pseudo-terminal");
        sesion
            .get_process_mut()
            .set_window_size(80, 24)
            .expect("tamaño de la terminal");
        Terminal {
            sesion,
            pantalla: vt100::Parser::new(tamano(24), tamano(80), 0),
            bytes: Vec::new(),
            dir,
        }
    }

    /// Reads what the program writes until the screen shows `texto`.
    fn esperar(&mut self, texto: &str) {
        self.esperar_que(texto, |pantalla| pantalla.contents().contains(texto));
    }

    /// Reads what the program writes until `listo` holds of the screen (said as
    /// `que` if it never does).
    fn esperar_que(&mut self, que: &str, listo: impl Fn(&vt100::Screen) -> bool) {
        let limite = Instant::now() + Duration::from_secs(60);
        let mut bufer = [0u8; 4096];
        while !listo(self.pantalla.screen()) {
            assert!(
                Instant::now() < limite,
                "no se vio {que:?} en la pantalla:\n{}",
                self.pantalla.screen().contents()
            );
            match self.sesion.try_read(&mut bufer) {
                Ok(0) => thread::sleep(Duration::from_millis(20)),
                Ok(leidos) => {
                    self.pantalla.process(&bufer[..leidos]);
                    self.bytes.extend_from_slice(&bufer[..leidos]);
                }
                Err(error) if error.kind() == ErrorKind::WouldBlock => {
                    thread::sleep(Duration::from_millis(20));
                }
                // The program ended and its terminal closed: nothing more comes.
                Err(_) => {
                    let mut resto = Vec::new();
                    let _ = self.sesion.read_to_end(&mut resto);
                    self.pantalla.process(&resto);
                    self.bytes.extend_from_slice(&resto);
                    assert!(
                        listo(self.pantalla.screen()),
                        "el programa terminó sin mostrar {que:?}:\n{}",
                        self.pantalla.screen().contents()
                    );
                }
            }
        }
    }

    /// Sends `teclas` as the terminal sends them.
    fn teclear(&mut self, teclas: &str) {
        self.sesion.send(teclas).expect("se envían las teclas");
    }

    /// A left click on the cell `casilla`, as a terminal reports it with mouse
    /// capture on (SGR): its column and row, from 1.
    fn clic(&mut self, casilla: &str) {
        let mut letras = casilla.chars();
        let columna = letras.next().unwrap() as u16 - u16::from(b'A');
        let fila = letras.next().unwrap().to_digit(10).unwrap() as u16 - 1;
        // The grid starts at column 4 and row 2; each cell is 4 by 2, its letter in
        // the middle.
        let (x, y) = (4 + 4 * columna + 2 + 1, 2 + 2 * fila + 1 + 1);
        self.teclear(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    }

    /// Waits for the program's end: its exit status, once the terminal is given back.
    fn terminar(mut self) -> (WaitStatus, Terminal) {
        self.esperar_que("la terminal devuelta", |pantalla| {
            !pantalla.alternate_screen()
        });
        let estado = self.sesion.get_process().wait().unwrap();
        // What the program wrote after leaving the alternate screen (the message on
        // where the game was left) may still be unread: read it all.
        let mut resto = Vec::new();
        let _ = self.sesion.read_to_end(&mut resto);
        self.pantalla.process(&resto);
        self.bytes.extend_from_slice(&resto);
        (estado, self)
    }

    /// Checks that the program gave the terminal back as it found it.
    fn devuelta(&self) {
        let pantalla = self.pantalla.screen();
        assert!(!pantalla.alternate_screen(), "sigue en la pantalla alterna");
        assert_eq!(
            pantalla.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "el ratón sigue capturado"
        );
        assert!(!pantalla.hide_cursor(), "el cursor sigue oculto");
        let texto = String::from_utf8_lossy(&self.bytes);
        assert!(
            texto.contains("\x1b[?1049h"),
            "nunca entró a la pantalla alterna"
        );
        assert!(
            texto.contains("\x1b[?1049l"),
            "no salió de la pantalla alterna"
        );
    }
}

/// A terminal's number of rows or columns.
fn tamano(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("un tamaño")
}

/// Whether the program is on the full-screen board, the mouse captured.
fn en_pantalla_completa(pantalla: &vt100::Screen) -> bool {
    pantalla.alternate_screen()
        && pantalla.mouse_protocol_mode() != vt100::MouseProtocolMode::None
        && pantalla.contents().contains("Turno de las")
}

#[test]
fn juega_con_las_teclas_y_con_un_clic_y_al_salir_devuelve_la_terminal() {
    let mut terminal = Terminal::abrir(&["--pantalla", "--negro", "humano", "--blanco", "humano"]);
    terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
    terminal.esperar("Cursor en D3 (Enter juega)");
    // The cursor starts on black's first valid move: Enter plays it.
    terminal.teclear("\r");
    terminal.esperar("1. N D3");
    terminal.esperar("Las negras juegan D3 y voltean 1 ficha.");
    // Arrows move the cursor (white's is on a valid move of white's).
    terminal.teclear("\x1b[B\x1b[D");
    terminal.esperar("Cursor en");
    // A click on C3, a valid move of white's, plays it.
    terminal.clic("C3");
    terminal.esperar("2. B C3");
    let contenido = terminal.pantalla.screen().contents();
    assert!(contenido.contains("│[B]│ N │"), "{contenido}");
    assert!(
        contenido.contains("Negras (N): 3   Blancas (B): 3"),
        "{contenido}"
    );
    // q offers to save the changes first; n leaves without saving.
    terminal.teclear("q");
    terminal.esperar("¿Guardar antes de salir?");
    terminal.teclear("n");
    let (estado, mut terminal) = terminal.terminar();
    terminal.esperar("¡Hasta luego!");
    terminal.devuelta();
    assert!(matches!(estado, WaitStatus::Exited(_, 0)), "{estado:?}");
}

#[test]
fn ctrl_c_y_las_senales_devuelven_la_terminal_y_la_partida_queda_en_su_copia() {
    for (como, codigo) in [("Ctrl-C", 130), ("SIGTERM", 143), ("SIGHUP", 129)] {
        let mut terminal =
            Terminal::abrir(&["--pantalla", "--negro", "humano", "--blanco", "libro"]);
        terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
        terminal.teclear("\r");
        // The computer answers after its pause: both moves are in the recovery copy.
        terminal.esperar("2. B ");
        match como {
            "Ctrl-C" => terminal.teclear("\x03"),
            "SIGTERM" => terminal
                .sesion
                .get_process_mut()
                .kill(Signal::SIGTERM)
                .unwrap(),
            _ => terminal
                .sesion
                .get_process_mut()
                .kill(Signal::SIGHUP)
                .unwrap(),
        }
        let (estado, terminal) = terminal.terminar();
        terminal.devuelta();
        assert!(
            matches!(estado, WaitStatus::Exited(_, c) if c == codigo),
            "{como}: {estado:?}"
        );
        if como != "SIGHUP" {
            let contenido = terminal.pantalla.screen().contents();
            assert!(
                contenido.contains("La partida quedó en"),
                "{como}: {contenido}"
            );
        }
    }
}

#[test]
fn una_terminal_chica_pide_agrandarla_y_al_crecer_muestra_el_tablero() {
    let mut terminal = Terminal::abrir(&["--pantalla", "--negro", "humano", "--blanco", "humano"]);
    terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
    terminal
        .sesion
        .get_process_mut()
        .set_window_size(70, 20)
        .unwrap();
    terminal.pantalla.set_size(tamano(20), tamano(70));
    terminal.esperar("Agranda la ventana a 80×24 o más (ahora es de 70×20)");
    terminal
        .sesion
        .get_process_mut()
        .set_window_size(80, 24)
        .unwrap();
    terminal.pantalla.set_size(tamano(24), tamano(80));
    terminal.esperar("Cursor en D3");
    terminal.teclear("q");
    let (estado, terminal) = terminal.terminar();
    terminal.devuelta();
    assert!(matches!(estado, WaitStatus::Exited(_, 0)), "{estado:?}");
}

#[test]
fn sin_una_terminal_pantalla_es_un_error_de_uso() {
    let dir = carpeta();
    let corrida = correr(othello(dir.path()).arg("--pantalla"), "1\n");
    assert_eq!(corrida.codigo, Some(2));
    assert_eq!(
        corrida.errores,
        "error: el tablero a pantalla completa (--pantalla) necesita una terminal: la \
         entrada y la salida no pueden ser una tubería ni un archivo\n"
    );
    assert_eq!(corrida.salida, "");
}

#[test]
fn la_opcion_p_del_menu_abre_la_partida_a_pantalla_completa() {
    let mut terminal = Terminal::abrir(&[]);
    terminal.esperar("p) Cambiar al tablero a pantalla completa (flechas y ratón)");
    terminal.esperar("Elige una opción (1 a 5, p, o «ayuda»): ");
    terminal.teclear("p\r");
    terminal.esperar("p) Cambiar al tablero impreso (ahora: a pantalla completa)");
    terminal.teclear("1\r");
    terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
    terminal.teclear("q");
    let (estado, mut terminal) = terminal.terminar();
    terminal.esperar("¡Hasta luego!");
    terminal.devuelta();
    assert!(matches!(estado, WaitStatus::Exited(_, 0)), "{estado:?}");
}

impl Terminal {
    /// Reads what the program writes until its terminal closes: what it wrote last,
    /// after giving the terminal back, counts too.
    fn leer_hasta_el_fin(&mut self) {
        let mut resto = Vec::new();
        let _ = self.sesion.read_to_end(&mut resto);
        self.pantalla.process(&resto);
        self.bytes.extend_from_slice(&resto);
    }
}

#[test]
fn una_senal_en_medio_de_un_dibujo_devuelve_la_terminal_y_nada_se_dibuja_despues() {
    let senales = [Signal::SIGTERM, Signal::SIGHUP, Signal::SIGINT];
    for ronda in 0..30 {
        let mut terminal =
            Terminal::abrir(&["--pantalla", "--negro", "humano", "--blanco", "humano"]);
        terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
        // Keys that each redraw much of the screen (the help, shown and hidden), still
        // arriving when the signal does.
        terminal.teclear(&"??".repeat(300));
        thread::sleep(Duration::from_millis(ronda % 10));
        let senal = senales[ronda as usize % 3];
        terminal.sesion.get_process_mut().kill(senal).unwrap();
        let (estado, mut terminal) = terminal.terminar();
        terminal.leer_hasta_el_fin();
        terminal.devuelta();
        assert!(
            matches!(estado, WaitStatus::Exited(_, 129 | 130 | 143)),
            "ronda {ronda}: {estado:?}"
        );
        // After the normal screen came back and the cursor was shown, only the words
        // that say where the game was kept: no escape of a frame drawn after.
        let texto = String::from_utf8_lossy(&terminal.bytes);
        let vuelta = texto
            .rfind("\x1b[?1049l")
            .expect("salió de la pantalla alterna");
        let despues = texto[vuelta..]
            .strip_prefix("\x1b[?1049l\x1b[?25h")
            .unwrap_or(&texto[vuelta..]);
        assert!(
            !despues.contains('\x1b'),
            "ronda {ronda}, {senal:?}: {despues:?}"
        );
    }
}

#[test]
fn una_ventana_enorme_no_agota_la_memoria_y_dibuja_a_tiempo() {
    // 65535 by 65535 took 206 GB (an abort that left the terminal raw); 5000 by 5000,
    // 8 to 20 s a frame. The board draws in the first 500 by 200: the emulator is as
    // big as that, not as the window says.
    for (ancho, alto) in [(65535, 65535), (5000, 5000)] {
        let mut terminal =
            Terminal::abrir(&["--pantalla", "--negro", "humano", "--blanco", "humano"]);
        terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
        terminal.pantalla.set_size(tamano(200), tamano(500));
        terminal
            .sesion
            .get_process_mut()
            .set_window_size(ancho, alto)
            .unwrap();
        let inicio = Instant::now();
        // A move draws a frame at the new size; then q leaves.
        terminal.teclear("\r");
        terminal.esperar("1. N D3");
        assert!(
            inicio.elapsed() < Duration::from_secs(5),
            "{ancho}×{alto}: {:?}",
            inicio.elapsed()
        );
        terminal.teclear("q");
        terminal.esperar("¿Guardar antes de salir?");
        terminal.teclear("n");
        let (estado, terminal) = terminal.terminar();
        terminal.devuelta();
        assert!(
            matches!(estado, WaitStatus::Exited(_, 0)),
            "{ancho}×{alto}: {estado:?}"
        );
    }
}

/// Two people on the full-screen board, once it is open.
fn dos_personas() -> Terminal {
    let mut terminal = Terminal::abrir(&["--pantalla", "--negro", "humano", "--blanco", "humano"]);
    terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
    terminal
}

/// Leaves with `teclas`: the program ends well and gives the terminal back.
fn salir(mut terminal: Terminal, teclas: &str) {
    terminal.teclear(teclas);
    let (estado, terminal) = terminal.terminar();
    terminal.devuelta();
    assert!(matches!(estado, WaitStatus::Exited(_, 0)), "{estado:?}");
}

#[test]
fn h_es_la_columna_h_y_tras_una_jugada_invalida_el_cursor_se_queda() {
    let mut terminal = dos_personas();
    terminal.esperar("Cursor en D3");
    terminal.teclear("h");
    terminal.esperar("Casilla: H… (escribe la fila, 1 a 8)");
    terminal.teclear("5");
    terminal.esperar("Cursor en H5");
    // The arrows move it; letters only write squares.
    terminal.teclear("\x1b[D");
    terminal.esperar("Cursor en G5");
    terminal.teclear("b1\r");
    terminal.esperar("Jugada no válida");
    terminal.esperar("Cursor en B1");
    // ? tells the keys and, in the rules, the key that saves.
    terminal.teclear("?");
    terminal.esperar("la tecla s escribe el tablero");
    let ayuda = terminal.pantalla.screen().contents();
    assert!(ayuda.contains("columna a-h y fila"), "{ayuda}");
    assert!(!ayuda.contains("«guardar»"), "{ayuda}");
    terminal.teclear("x");
    terminal.esperar("Cursor en B1");
    salir(terminal, "q");
}

#[test]
fn guardar_al_salir_y_cargar_se_confirman_donde_se_mira() {
    let mut terminal = dos_personas();
    terminal.teclear("\r");
    terminal.esperar("1. N D3");
    terminal.teclear("q");
    terminal.esperar("¿Guardar antes de salir?");
    terminal.teclear("s");
    terminal.esperar("Guardar en:");
    terminal.teclear("p.txt\r");
    let (estado, mut terminal) = terminal.terminar();
    terminal.esperar("¡Hasta luego!");
    let contenido = terminal.pantalla.screen().contents();
    assert!(
        contenido.contains("Partida guardada en «p.txt»"),
        "{contenido}"
    );
    assert!(matches!(estado, WaitStatus::Exited(_, 0)), "{estado:?}");
    // Loaded again, the board says it in its messages.
    let mut terminal = Terminal::abrir_en(terminal.dir, &["--pantalla", "--cargar", "p.txt"]);
    terminal.esperar_que("el tablero a pantalla completa", en_pantalla_completa);
    terminal.esperar("Partida cargada de «p.txt»");
    terminal.esperar("jugada anterior: turno de las blancas.");
    salir(terminal, "q");
}

#[test]
fn las_jugadas_del_panel_no_se_juntan_desde_la_decima() {
    let mut terminal = dos_personas();
    for jugada in [
        "c4", "c3", "d3", "e3", "f2", "c5", "b3", "g1", "c6", "a3", "f3", "c7",
    ] {
        terminal.teclear(&format!("{jugada}\r"));
    }
    terminal.esperar("12. B C7");
    let contenido = terminal.pantalla.screen().contents();
    let fila = contenido
        .lines()
        .find(|linea| linea.contains("11. N F3"))
        .unwrap_or_else(|| panic!("{contenido}"));
    // Each move takes 13 columns, the second of a line after the first's.
    let (once, doce) = (fila.find("11. N").unwrap(), fila.find("12. B").unwrap());
    assert_eq!(doce - once, 13, "{fila}");
    salir(terminal, "qn");
}

#[test]
fn al_abrirse_el_tablero_borra_la_pantalla_aun_sin_pantalla_alterna() {
    let mut terminal = dos_personas();
    terminal.esperar("Cursor en D3");
    // A terminal without an alternate screen (the Linux console) ignores its escapes:
    // the same bytes, without them, on a screen of their own.
    let bytes = String::from_utf8_lossy(&terminal.bytes).replace("\x1b[?1049h", "");
    let mut consola = vt100::Parser::new(tamano(24), tamano(80), 0);
    consola.process(bytes.as_bytes());
    // What was written before the board is gone: the screen is the board alone, as on
    // a terminal with an alternate screen.
    assert_eq!(
        consola.screen().contents(),
        terminal.pantalla.screen().contents()
    );
    salir(terminal, "q");
}
