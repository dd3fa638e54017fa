//! The game at a terminal: the line editor, driven through a pseudo-terminal as a
//! person's keyboard would. The screen carries the editor's escapes, so these tests
//! look for pieces of text, never for whole screens.

use std::time::Duration;

use expectrl::{
    Expect, Session,
    process::unix::{Signal, WaitStatus},
    session::OsSession,
};
use othello_programa::ordenes::nboard::AVISO_EN_UNA_TERMINAL;
use tempfile::TempDir;

use crate::comun::{TRAS_C4, carpeta, programa};

/// Keys as a terminal sends them.
const ENTER: &str = "\r";
const IZQUIERDA: &str = "\x1b[D";
const ARRIBA: &str = "\x1b[A";
const TAB: &str = "\t";
const CTRL_C: &str = "\x03";
const CTRL_D: &str = "\x04";

/// The program in a pseudo-terminal of 80 by 24, in a folder of its own (kept until
/// the session ends), at the first move prompt of a game between two people.
fn en_la_terminal() -> (OsSession, TempDir) {
    let (mut sesion, dir) = en_el_menu();
    teclear(&mut sesion, &["1", ENTER]);
    esperar(&mut sesion, "Turno de las negras (N): ");
    (sesion, dir)
}

/// The program as [`en_la_terminal`] runs it, at the start menu.
fn en_el_menu() -> (OsSession, TempDir) {
    let dir = carpeta();
    let mut comando = programa(dir.path());
    // A terminal the editor knows, whatever runs the tests.
    comando.env("TERM", "xterm");
    let mut sesion = Session::spawn(comando).expect("el programa corre en una pseudo-terminal");
    sesion
        .get_process_mut()
        .set_window_size(80, 24)
        .expect("tamaño de la terminal");
    sesion.set_expect_timeout(Some(Duration::from_secs(60)));
    esperar(&mut sesion, "Elige una opción (1 a 5, p, o «ayuda»): ");
    (sesion, dir)
}

/// Sends the keys one after the other, as typed.
fn teclear(sesion: &mut OsSession, teclas: &[&str]) {
    for tecla in teclas {
        sesion.send(tecla).expect("se envía la tecla");
    }
}

/// Waits until the screen shows `texto`; everything before it is passed over.
fn esperar(sesion: &mut OsSession, texto: &str) {
    if let Err(error) = sesion.expect(texto) {
        panic!("no apareció {texto:?}: {error}");
    }
}

/// Waits for the goodbye and for the program to end with status 0.
fn se_despide(mut sesion: OsSession) {
    esperar(&mut sesion, "¡Hasta luego!");
    let proceso = sesion.get_process();
    assert_eq!(
        proceso.wait().unwrap(),
        WaitStatus::Exited(proceso.pid(), 0)
    );
}

#[test]
fn flecha_a_la_izquierda_corrige_la_jugada() {
    let (mut sesion, _dir) = en_la_terminal();
    // "4", then the cursor back before it, "C": the line reads "C4".
    teclear(&mut sesion, &["4", IZQUIERDA, "C", ENTER]);
    esperar(&mut sesion, "Las negras juegan C4 y voltean 1 ficha.");
    esperar(&mut sesion, "Negras (N): 4   Blancas (B): 1");
    esperar(&mut sesion, "Turno de las blancas (B): ");
    teclear(&mut sesion, &[CTRL_D]);
    se_despide(sesion);
}

#[test]
fn tab_completa_jugadas_y_lista_comandos() {
    let (mut sesion, _dir) = en_la_terminal();
    // Black's only valid move in column C is C4: "c" and Tab complete it.
    teclear(&mut sesion, &["c", TAB, ENTER]);
    esperar(&mut sesion, "Las negras juegan C4 y voltean 1 ficha.");
    esperar(&mut sesion, "Turno de las blancas (B): ");
    // On an empty line, two Tabs list white's moves and the commands, "salir" last.
    teclear(&mut sesion, &[TAB, TAB]);
    let lista = sesion.expect("salir").expect("la lista de Tab");
    let lista = String::from_utf8_lossy(lista.before());
    for palabra in ["C3", "E3", "C5", "pasar", "tablero", "ayuda"] {
        assert!(lista.contains(palabra), "falta {palabra:?} en {lista:?}");
    }
    // "ta" and Tab: the only command that starts so (the same prompt is still open).
    teclear(&mut sesion, &["ta", TAB, ENTER]);
    esperar(&mut sesion, "Negras (N): 4   Blancas (B): 1");
    esperar(&mut sesion, "Turno de las blancas (B): ");
    teclear(&mut sesion, &["salir", ENTER]);
    esperar(&mut sesion, "¿Guardar antes de salir? (s/n) [Enter = s]: ");
    teclear(&mut sesion, &["n", ENTER]);
    se_despide(sesion);
}

#[test]
fn flecha_arriba_trae_la_linea_anterior() {
    let (mut sesion, _dir) = en_la_terminal();
    let aviso = "«hola» no es una jugada ni un comando (escribe «ayuda»).";
    teclear(&mut sesion, &["hola", ENTER]);
    esperar(&mut sesion, aviso);
    // Keys are typed only once the editor asks: before, the terminal is not yet its.
    esperar(&mut sesion, "Turno de las negras (N): ");
    teclear(&mut sesion, &[ARRIBA, ENTER]);
    esperar(&mut sesion, aviso);
    esperar(&mut sesion, "Turno de las negras (N): ");
    teclear(&mut sesion, &[CTRL_D]);
    se_despide(sesion);
}

/// Plays C4 at the move prompt of a game in a folder of its own, so that the recovery
/// save holds one move: the session, ready for the next move, and its folder.
fn tras_una_jugada() -> (OsSession, TempDir) {
    let (mut sesion, dir) = en_la_terminal();
    teclear(&mut sesion, &["C4", ENTER]);
    esperar(&mut sesion, "Las negras juegan C4 y voltean 1 ficha.");
    esperar(&mut sesion, "Turno de las blancas (B): ");
    (sesion, dir)
}

/// Checks that the program ended with `codigo` after saying where the game was kept,
/// and that the next start in `dir` offers it and brings it back.
fn interrumpida(mut sesion: OsSession, dir: &TempDir, codigo: i32, con_aviso: bool) {
    if con_aviso {
        esperar(&mut sesion, "La partida quedó en");
        // The rest is wrapped at 80 columns around the long path of the folder.
        esperar(&mut sesion, "seguirla.");
    }
    let proceso = sesion.get_process();
    assert_eq!(
        proceso.wait().unwrap(),
        WaitStatus::Exited(proceso.pid(), codigo)
    );
    let mut comando = programa(dir.path());
    comando.env("TERM", "xterm");
    let mut otra = Session::spawn(comando).expect("el programa corre de nuevo");
    otra.set_expect_timeout(Some(Duration::from_secs(60)));
    esperar(&mut otra, "0) Seguir la partida interrumpida (1 jugada");
    esperar(&mut otra, "Elige una opción (0 a 5, p, o «ayuda»): ");
    teclear(&mut otra, &["0", ENTER]);
    esperar(&mut otra, "Negras (N): 4   Blancas (B): 1");
    esperar(&mut otra, "Turno de las blancas (B): ");
    teclear(&mut otra, &[CTRL_D]);
    se_despide(otra);
}

#[test]
fn ctrl_c_en_la_jugada_dice_donde_quedo_la_partida_y_sale_con_130() {
    let (mut sesion, dir) = tras_una_jugada();
    teclear(&mut sesion, &[CTRL_C]);
    interrumpida(sesion, &dir, 130, true);
}

#[test]
fn sigterm_en_la_jugada_dice_donde_quedo_la_partida_y_sale_con_143() {
    let (mut sesion, dir) = tras_una_jugada();
    sesion.get_process_mut().kill(Signal::SIGTERM).unwrap();
    interrumpida(sesion, &dir, 143, true);
}

#[test]
fn sighup_en_la_jugada_sale_con_129_y_la_partida_se_recupera() {
    // The terminal closed: nobody is there to read where the game went, though the
    // pseudo-terminal of the test still shows it.
    let (mut sesion, dir) = tras_una_jugada();
    sesion.get_process_mut().kill(Signal::SIGHUP).unwrap();
    interrumpida(sesion, &dir, 129, false);
}

#[test]
fn ctrl_d_en_la_jugada_deja_la_partida_para_la_proxima_vez() {
    let (mut sesion, dir) = tras_una_jugada();
    teclear(&mut sesion, &[CTRL_D]);
    esperar(&mut sesion, "La partida sin guardar quedó en");
    interrumpida(sesion, &dir, 0, false);
}

#[test]
fn ctrl_d_en_la_jugada_termina_con_la_despedida() {
    let (mut sesion, _dir) = en_la_terminal();
    teclear(&mut sesion, &[CTRL_D]);
    se_despide(sesion);
}

#[test]
fn resolver_avisa_muestra_su_avance_y_ctrl_c_lo_detiene_con_la_mejor_jugada() {
    // 60 empties: it says how long it might take, then the best move so far.
    let dir = carpeta();
    let mut comando = programa(dir.path());
    comando.args(["resolver", "inicial.txt", "--turno", "N"]);
    std::fs::write(
        dir.path().join("inicial.txt"),
        othello::Tablero::inicial().to_string(),
    )
    .unwrap();
    let mut sesion = Session::spawn(comando).expect("el programa corre");
    sesion.set_expect_timeout(Some(Duration::from_secs(60)));
    esperar(
        &mut sesion,
        "Resolver 60 casillas vacías puede tardar más de mil años",
    );
    esperar(&mut sesion, "Hasta ahora, a ");
    teclear(&mut sesion, &[CTRL_C]);
    esperar(&mut sesion, "Interrumpida. Hasta ahora, a ");
    let proceso = sesion.get_process();
    assert_eq!(
        proceso.wait().unwrap(),
        WaitStatus::Exited(proceso.pid(), 130)
    );
}

/// Run by hand at a terminal, `othello nboard` says that it speaks NBoard's protocol
/// and waits for it (through a pipe it says nothing: `nboard`), then speaks it.
#[test]
fn nboard_a_mano_dice_que_espera_el_protocolo() {
    let dir = carpeta();
    let mut comando = programa(dir.path());
    comando.args(["nboard", "--hilos", "1"]);
    let mut sesion = Session::spawn(comando).expect("el programa corre");
    sesion.set_expect_timeout(Some(Duration::from_secs(60)));
    esperar(&mut sesion, AVISO_EN_UNA_TERMINAL);
    teclear(&mut sesion, &["nboard 2", ENTER]);
    esperar(&mut sesion, "set myname othello");
    teclear(&mut sesion, &["quit", ENTER]);
    let proceso = sesion.get_process();
    assert_eq!(
        proceso.wait().unwrap(),
        WaitStatus::Exited(proceso.pid(), 0)
    );
}

#[test]
fn el_error_de_una_orden_se_ajusta_a_la_terminal() {
    // At a terminal the same message is broken at its spaces to fit 80 columns.
    let dir = carpeta();
    let mut comando = programa(dir.path());
    comando.args(["repetir", "C4", "C3", "D3", "pasar", "E3"]);
    let mut sesion = Session::spawn(comando).expect("el programa corre");
    sesion.set_expect_timeout(Some(Duration::from_secs(60)));
    esperar(
        &mut sesion,
        "error: la jugada 5 («E3») no es válida: una ficha en E3 no flanquea ninguna\r\nficha rival",
    );
    let proceso = sesion.get_process();
    assert_eq!(
        proceso.wait().unwrap(),
        WaitStatus::Exited(proceso.pid(), 1)
    );
}

#[test]
fn los_errores_caben_en_80_columnas_en_la_terminal() {
    let errores: [&[&str]; 9] = [
        &["--negro", "experto"],
        &["jugar", "inicial.txt", "C4", "negras"],
        &["jugar", "inicial.txt", "C4\r", "N"],
        &["jugar", "inicial.txt", "C4"],
        &["torneo", "--negro", "humano", "--blanco", "libro"],
        &[
            "analizar",
            "inicial.txt",
            "--turno",
            "N",
            "--profundidad",
            "99",
        ],
        &["perft", "3", "--desde", "inicial.txt"],
        &["repetir", "C4", "C3", "D3", "C5", "pasar", "pasar", "E3"],
        &[
            "validar",
            "figura2.txt",
            "nadie-puede-jugar.txt",
            "no-existe.txt",
        ],
    ];
    for argumentos in errores {
        let mut comando = programa(&crate::ordenes::fijas());
        comando.args(argumentos);
        let mut sesion = Session::spawn(comando).expect("el programa corre");
        sesion.set_expect_timeout(Some(Duration::from_secs(60)));
        let pantalla = sesion.expect(expectrl::Eof).expect("el programa termina");
        // At the end of the output, all of it is the match.
        let pantalla = String::from_utf8_lossy(&pantalla[0]).replace('\r', "");
        assert!(pantalla.contains("error"), "{argumentos:?}: {pantalla}");
        // validar's lines on standard output (one per problem, for grep and editors)
        // are never broken.
        let de_validar = |linea: &str| {
            argumentos
                .iter()
                .any(|a| linea.starts_with(&format!("{a}:")))
        };
        for linea in pantalla.lines().filter(|linea| !de_validar(linea)) {
            assert!(
                linea.chars().count() <= 80,
                "{argumentos:?}: una línea de {} columnas:\n{linea}",
                linea.chars().count()
            );
        }
    }
}

#[test]
fn lo_que_se_escribe_por_adelantado_se_lee_en_orden() {
    // Two moves typed at once, the second before the first is handled: both are
    // played, none arrives empty. Before, the line editor dropped what it had read
    // past the first line (27 of 40 runs lost C3).
    for ronda in 0..10 {
        let (mut sesion, _dir) = en_la_terminal();
        teclear(&mut sesion, &["c4\rc3\rd3\r"]);
        esperar(&mut sesion, "Las negras juegan C4");
        esperar(&mut sesion, "Las blancas juegan C3");
        esperar(&mut sesion, "Las negras juegan D3");
        if let Err(error) = sesion.expect("Turno de las blancas (B): ") {
            panic!("ronda {ronda}: {error}");
        }
        teclear(&mut sesion, &[CTRL_D]);
        se_despide(sesion);
    }
}

#[test]
fn tab_completa_nombres_de_archivos_al_cargar_y_al_guardar_y_no_en_la_jugada() {
    let (mut sesion, dir) = en_el_menu();
    std::fs::create_dir(dir.path().join("mis partidas")).unwrap();
    std::fs::write(dir.path().join("mis partidas/la primera.txt"), TRAS_C4).unwrap();
    // "mis" and Tab: the folder, its space written as a shell writes it; "la" and
    // Tab: the file in it, loaded.
    teclear(&mut sesion, &["2", ENTER]);
    esperar(
        &mut sesion,
        "Archivo a cargar (Enter para volver al menú): ",
    );
    teclear(&mut sesion, &["mis", TAB]);
    esperar(&mut sesion, "\\ partidas/");
    teclear(&mut sesion, &["la", TAB]);
    esperar(&mut sesion, "primera.txt");
    teclear(&mut sesion, &[ENTER]);
    esperar(
        &mut sesion,
        "Partida cargada de «mis partidas/la primera.txt»",
    );
    esperar(&mut sesion, "[Enter = B, las blancas]: ");
    teclear(&mut sesion, &[ENTER]);
    // At the move prompt Tab completes moves and commands, never a file.
    esperar(&mut sesion, "Turno de las blancas (B): ");
    teclear(&mut sesion, &["mis", TAB, ENTER]);
    esperar(&mut sesion, "«mis» no es una jugada ni un comando");
    esperar(&mut sesion, "Turno de las blancas (B): ");
    // At the save prompt, file names again.
    teclear(&mut sesion, &["guardar", ENTER]);
    esperar(&mut sesion, "Archivo a guardar: ");
    teclear(&mut sesion, &["mis", TAB]);
    esperar(&mut sesion, "\\ partidas/");
    teclear(&mut sesion, &["otra.txt", ENTER]);
    esperar(&mut sesion, "Partida guardada en «mis partidas/otra.txt»");
    let guardada = std::fs::read_to_string(dir.path().join("mis partidas/otra.txt")).unwrap();
    assert_eq!(guardada, TRAS_C4);
    esperar(&mut sesion, "Turno de las blancas (B): ");
    teclear(&mut sesion, &[CTRL_D]);
    se_despide(sesion);
}
