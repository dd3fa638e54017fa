//! `othello nboard`, the NBoard protocol: a scripted session in this process (through
//! `ordenes::ejecutar`, buffers for standard input and output), and whole games
//! against itself as a process talking through pipes, the way the NBoard GUI and
//! engine-against-engine harnesses drive an engine.
//!
//! The expected answers are the FFO collection's (FFO #1: G8 wins by 18; H1 gives
//! +12) and the rules checked here by hand, never the engine's own output.

use std::{
    io::{BufRead, BufReader, Write},
    process::{Child, ChildStdin, ChildStdout, Stdio},
};

use othello::{Color, Posicion, Tablero};
use othello_programa::ordenes::{OpcionesDeOrden, Orden, ejecutar};

use crate::comun::{carpeta, correr, othello, programa};

/// The starting position as NBoard sends it.
const INICIO: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]\
                      TI[15:00]TY[8]BO[8 ---------------------------O*------*O-------\
                      -------------------- *];)";

/// FFO #1 (14 empties, black to move) as a GGF game: G8 wins by 18.
const FFO_1: &str = "(;GM[Othello]PC[NBoard]TY[8]BO[8 --*****--OOO**-O-OOO**O*-O*O*O**O***O***\
                     --*O*O**-***OOO--OOOOO-- *];)";

/// Runs `othello nboard ARGUMENTOS` in this process with `guion` as its input.
fn sesion(argumentos: &[&str], guion: &str) -> Vec<String> {
    let orden = Orden::desde_argumentos(["nboard"].iter().chain(argumentos)).unwrap();
    let mut salida = Vec::new();
    ejecutar(
        &orden,
        &OpcionesDeOrden::default(),
        guion.as_bytes(),
        &mut salida,
    )
    .unwrap();
    String::from_utf8(salida)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The parts of a `=== MOVE/EVAL/TIME` answer.
fn respuesta(linea: &str) -> (String, f64, f64) {
    let cuerpo = linea.strip_prefix("=== ").expect("una respuesta a go");
    if cuerpo == "PA" {
        return (cuerpo.to_owned(), 0.0, 0.0);
    }
    let partes: Vec<&str> = cuerpo.split('/').collect();
    assert_eq!(partes.len(), 3, "{linea}");
    (
        partes[0].to_owned(),
        partes[1].parse().unwrap(),
        partes[2].parse().unwrap(),
    )
}

#[test]
fn una_sesion_de_nboard_con_ffo_1() {
    let guion = format!(
        "nboard 2\nset depth 14\nset contempt 0\nset game {FFO_1}\nping 1\ngo\nhint 2\n\
         una orden que no existe\nmove G8/18.00/0.5\nping 2\nlearn\nquit\nping 3\n"
    );
    let lineas = sesion(&["--hilos", "1"], &guion);
    assert_eq!(
        lineas[..3],
        ["set myname othello", "pong 1", "status pensando"]
    );
    assert!(lineas[3].starts_with("nodestats "), "{lineas:?}");
    let (jugada, puntaje, segundos) = respuesta(&lineas[4]);
    assert_eq!((jugada.as_str(), puntaje), ("G8", 18.0));
    assert!(segundos >= 0.0);
    assert_eq!(
        lineas[5..],
        [
            "status",
            "status analizando",
            "search G8 18.00 0 14",
            "search H1 12.00 0 14",
            "status",
            "pong 2",
            "learned",
        ]
    );
}

#[test]
fn lo_que_no_se_puede_seguir_se_dice_y_no_cambia_la_partida() {
    let guion = format!(
        "nboard 2\nset depth 2\nset game {INICIO}\nmove A1\nmove zz\nset game (;GM[Othello];)\n\
         set depth cero\nmove F5\nmove F6/0.00/1.2\nping 9\n"
    );
    let lineas = sesion(&["--hilos", "1"], &guion);
    assert_eq!(lineas.len(), 6, "{lineas:?}");
    assert_eq!(
        lineas[1],
        "status move ignorado: una ficha en A1 no flanquea ninguna ficha rival"
    );
    assert!(
        lineas[2].starts_with("status move ignorado: «zz»"),
        "{lineas:?}"
    );
    assert!(
        lineas[3].starts_with("status set game ignorado"),
        "{lineas:?}"
    );
    assert!(lineas[3].contains("BO"), "{lineas:?}");
    assert_eq!(lineas[4], "status profundidad inválida: «cero»");
    assert_eq!(lineas[5], "pong 9");
    for linea in &lineas {
        assert!(linea.chars().count() <= 80, "{linea}");
    }
}

#[test]
fn sin_jugadas_responde_pa() {
    // White's only disc is B1 and the only empty square A1: black can take it, white
    // has no move, and the game is not over.
    let ggf = format!(
        "(;GM[Othello]TY[8]BO[8 -O{}{} O];)",
        "*".repeat(6),
        "*".repeat(56)
    );
    let lineas = sesion(
        &["--hilos", "1"],
        &format!("set depth 3\nset game {ggf}\ngo\n"),
    );
    assert_eq!(lineas, ["status pensando", "=== PA", "status"]);
}

/// The engine as a process, and its pipes.
struct Motor {
    hijo: Child,
    entrada: ChildStdin,
    salida: BufReader<ChildStdout>,
}

impl Motor {
    fn nuevo(argumentos: &[&str], dir: &std::path::Path) -> Motor {
        let mut hijo = programa(dir)
            .arg("nboard")
            .args(argumentos)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let entrada = hijo.stdin.take().unwrap();
        let salida = BufReader::new(hijo.stdout.take().unwrap());
        Motor {
            hijo,
            entrada,
            salida,
        }
    }

    fn enviar(&mut self, linea: &str) {
        writeln!(self.entrada, "{linea}").unwrap();
        self.entrada.flush().unwrap();
    }

    /// Lines until one that starts with `prefijo`, which it returns.
    fn esperar(&mut self, prefijo: &str) -> String {
        loop {
            let mut linea = String::new();
            assert!(
                self.salida.read_line(&mut linea).unwrap() > 0,
                "sin {prefijo}"
            );
            if linea.starts_with(prefijo) {
                return linea.trim_end().to_owned();
            }
        }
    }
}

#[test]
fn dos_motores_juegan_una_partida_entera_por_sus_tuberias() {
    let dir = carpeta();
    // One by depth, the other by time: each answers as soon as it has answered.
    let mut motores = [
        Motor::nuevo(&["--hilos", "1"], dir.path()),
        Motor::nuevo(&["--tiempo", "0.02", "--hilos", "1"], dir.path()),
    ];
    for (k, motor) in motores.iter_mut().enumerate() {
        motor.enviar("nboard 2");
        motor.enviar("set depth 3");
        motor.enviar(&format!("set game {INICIO}"));
        motor.enviar(&format!("ping {k}"));
        assert_eq!(motor.esperar("pong"), format!("pong {k}"));
    }
    let mut tablero = Tablero::inicial();
    let mut turno = Color::Negro;
    let mut jugadas = 0;
    while tablero.puede_jugar(Color::Negro) || tablero.puede_jugar(Color::Blanco) {
        let motor = &mut motores[jugadas % 2];
        motor.enviar("go");
        let (jugada, _, _) = respuesta(&motor.esperar("==="));
        if jugada == "PA" {
            assert!(!tablero.puede_jugar(turno), "pasó con jugadas en {tablero}");
        } else {
            let posicion: Posicion = jugada.parse().unwrap();
            tablero.jugar(posicion, turno).expect("una jugada válida");
        }
        for motor in &mut motores {
            motor.enviar(&format!("move {jugada}"));
        }
        turno = !turno;
        jugadas += 1;
        assert!(jugadas <= 70, "la partida no termina");
    }
    for (k, motor) in motores.iter_mut().enumerate() {
        motor.enviar(&format!("ping {}", 10 + k));
        assert_eq!(motor.esperar("pong"), format!("pong {}", 10 + k));
        motor.enviar("quit");
        assert!(motor.hijo.wait().unwrap().success());
    }
}

/// Through pipes, as NBoard and the harnesses run it, standard error says nothing.
#[test]
fn por_una_tuberia_no_dice_nada_de_mas() {
    let dir = carpeta();
    let corrida = correr(othello(dir.path()).arg("nboard"), "nboard 2\nquit\n");
    assert_eq!(corrida.codigo, Some(0));
    assert_eq!(corrida.salida, "set myname othello\n");
    assert_eq!(corrida.errores, "");
}
