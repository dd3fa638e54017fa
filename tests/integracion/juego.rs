//! The game in-process, through `ejecutar`: what the players type is the input, what
//! they would see the output (with each line read echoed after its prompt, as when the
//! input is piped). Boards are loaded from absolute paths in a temporary folder; the
//! save dialog, whose messages quote the names as typed, is tested through the program
//! (`binario`), run in its own folder.

use std::{fs, path::Path, time::Duration};

use othello::{
    Color, Estado, Jugada, Obf, Partida, PorColor, Posicion, Reglas,
    motor::jugadores::{Computadora, Nivel},
};
use othello_programa::{
    juego::{Opciones, ejecutar},
    vista::Vista,
};

use crate::{
    comun::{
        INICIAL, PartidaCompleta, TRAS_C4, assert_eq, carpeta, copia_de_recuperacion,
        copias_de_recuperacion, escribir, letras, partidas_completas, tablero_de, texto_de,
    },
    fuzz::objetivos::lineas_anchas,
};

/// The first line of every board drawn.
const COLUMNAS: &str = "     A  B  C  D  E  F  G  H";

/// The starting board.
const INICIO: [&str; 8] = [
    "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVBNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
];

/// After black's C4.
const C4: [&str; 8] = [
    "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVNNNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
];

/// White cannot flank anything (row 1 is N B V ...), black can play C1.
const BLANCAS_DEBEN_PASAR: [&str; 8] = [
    "NBVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
];

/// The question after a game ends.
const OTRA: &str = "¿Jugar otra partida? (s/n; o historial, deshacer, guardar) [Enter = n]: ";

/// What the game writes for `entrada` under `opciones` (echo on), after checking that
/// it ends well: the goodbye once, as the last line.
fn salida_de(opciones: &Opciones, entrada: impl AsRef<[u8]>) -> String {
    let opciones = Opciones {
        eco: true,
        ..opciones.clone()
    };
    let mut salida = Vec::new();
    ejecutar(entrada.as_ref(), &mut salida, &opciones).expect("el juego termina bien");
    let salida = String::from_utf8(salida).expect("la salida es texto");
    assert!(salida.ends_with("¡Hasta luego!\n"), "{salida}");
    assert_eq!(salida.matches("¡Hasta luego!").count(), 1, "{salida}");
    salida
}

/// As [`salida_de`], and no line wider than 80 columns but for what the players typed,
/// echoed after a question.
fn jugar_con(opciones: &Opciones, entrada: impl AsRef<[u8]>) -> String {
    let salida = salida_de(opciones, &entrada);
    let anchas = lineas_anchas(&salida, entrada.as_ref());
    assert!(anchas.is_empty(), "líneas anchas: {anchas:#?}");
    salida
}

/// Two people, from the menu.
fn jugar(entrada: impl AsRef<[u8]>) -> String {
    jugar_con(&Opciones::default(), entrada)
}

/// Loads `ruta` with `turno` to move, if given.
fn cargando(ruta: &Path, turno: Option<Color>) -> Opciones {
    Opciones {
        cargar: Some(ruta.to_owned()),
        turno,
        ..Opciones::default()
    }
}

/// A board as the game draws it after a change: a blank line, the board with `ultima`
/// between brackets, and the counts.
fn dibujo(filas: [&str; 8], ultima: Option<&str>) -> String {
    let tablero = tablero_de(filas);
    let vista = Vista::de(&tablero).ultima(ultima.map(|p| p.parse().expect("una posición")));
    format!("\n{vista}{}\n", vista.conteo())
}

/// Asserts that `salida` holds `texto`.
#[track_caller]
fn contiene(salida: &str, texto: &str) {
    assert!(
        salida.contains(texto),
        "falta {texto:?} en la salida:\n{salida}"
    );
}

/// How the lines that are not messages start: questions, the board, the goodbye.
const NO_MENSAJES: [&str; 9] = [
    "Turno de las ",
    "¿",
    "Archivo a guardar",
    "Enter guarda en «",
    "Elige una opción",
    "Enter: ",
    "Archivo a cargar",
    "Menú:",
    "¡Hasta luego!",
];

/// The message written after `antes` (a line, with its line end) up to the next
/// question, board or goodbye, its lines joined with spaces: what the game said,
/// however it was broken to fit the width.
fn mensaje_tras(salida: &str, antes: &str) -> String {
    let inicio = salida
        .find(antes)
        .unwrap_or_else(|| panic!("falta {antes:?} en:\n{salida}"))
        + antes.len();
    salida[inicio..]
        .lines()
        .take_while(|linea| {
            !linea.is_empty() && !NO_MENSAJES.iter().any(|inicio| linea.starts_with(inicio))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A board drawn by the game, read back.
#[derive(Debug, PartialEq)]
struct Dibujo {
    /// The 64 cells, row 1 first: B, N, V, or `*` for a hint.
    casillas: String,
    /// The cell between brackets (the last move), as "C4".
    ultima: Option<String>,
}

/// Every board drawn in `salida`, in order, checked against the drawing of the board it
/// shows.
fn tableros(salida: &str) -> Vec<Dibujo> {
    let lineas: Vec<&str> = salida.lines().collect();
    lineas
        .iter()
        .enumerate()
        .filter(|(_, linea)| **linea == COLUMNAS)
        .map(|(i, _)| {
            let filas = &lineas[i + 1..(i + 9).min(lineas.len())];
            assert_eq!(filas.len(), 8, "un tablero tiene 8 filas: {filas:?}");
            let mut casillas = String::new();
            let mut ultima = None;
            for (f, linea) in filas.iter().enumerate() {
                let celdas: Vec<char> = linea.chars().skip(4).collect();
                for c in 0..8 {
                    casillas.push(celdas[3 * c + 1]);
                    if celdas[3 * c] == '[' {
                        ultima = Some(format!("{}{}", char::from(b'A' + c as u8), f + 1));
                    }
                }
            }
            // The drawing is exactly the view of the board it shows.
            let filas_texto: Vec<String> = casillas
                .as_bytes()
                .chunks(8)
                .map(|fila| String::from_utf8_lossy(fila).replace('*', "V"))
                .collect();
            let filas_de: [&str; 8] = std::array::from_fn(|i| filas_texto[i].as_str());
            let tablero = tablero_de(filas_de);
            let pistas = casillas
                .char_indices()
                .filter(|(_, c)| *c == '*')
                .map(|(i, _)| Posicion::desde_indice(i as u8).unwrap())
                .collect();
            let vista = Vista::de(&tablero)
                .ultima(ultima.as_deref().map(|p: &str| p.parse().unwrap()))
                .pistas(pistas)
                .to_string();
            assert_eq!(lineas[i..i + 9].join("\n") + "\n", vista);
            Dibujo { casillas, ultima }
        })
        .collect()
}

/// The color that plays the `i`-th entry of a transcript (passes included).
fn color(i: usize) -> &'static str {
    if i.is_multiple_of(2) {
        "negras"
    } else {
        "blancas"
    }
}

/// What a person types for the `i`-th entry: the same move or pass in varied case, with
/// spaces, tabs or a Windows line end, and every other forced pass as a bare Enter.
fn tecleado(i: usize, jugada: &str) -> String {
    let fin = if i % 7 == 3 { "\r\n" } else { "\n" };
    match i % 4 {
        _ if jugada == "pasar" && i.is_multiple_of(2) => fin.to_owned(),
        0 => format!("{}{fin}", jugada.to_lowercase()),
        1 => format!("  {jugada}  {fin}"),
        2 => format!("{jugada}{fin}"),
        _ if jugada == "pasar" => format!("PASAR{fin}"),
        _ => format!("\t{}{fin}", jugada.to_lowercase()),
    }
}

/// How the game announces the result, from the counts.
fn resultado(negras: u64, blancas: u64) -> String {
    match negras.cmp(&blancas) {
        std::cmp::Ordering::Greater => format!("Ganan las negras, {negras} a {blancas}."),
        std::cmp::Ordering::Less => format!("Ganan las blancas, {blancas} a {negras}."),
        std::cmp::Ordering::Equal => format!("Empate, {negras} a {blancas}."),
    }
}

/// The announcements of moves and passes in `salida`, in order.
fn anuncios(salida: &str) -> Vec<&str> {
    salida
        .lines()
        .filter(|l| l.starts_with("Las ") && (l.ends_with(" pasan.") || l.contains(" juegan ")))
        .collect()
}

/// Checks one complete game between two people within `salida` (which holds only that
/// game's output): every entry accepted by the right player, forced passes announced
/// once with Enter offered, a board after each move and none after a pass, and the
/// final board, counts, reason and result.
fn revisar_partida(salida: &str, partida: &PartidaCompleta) {
    let id = partida.id;
    assert!(
        !salida.contains("Jugada no válida"),
        "partida {id}: {salida}"
    );
    let jugadas = partida.jugadas();
    let esperados: Vec<String> = jugadas
        .iter()
        .enumerate()
        .map(|(i, jugada)| match jugada.as_str() {
            "pasar" => format!("Las {} pasan.", color(i)),
            _ => format!("Las {} juegan {jugada} y voltean ", color(i)),
        })
        .collect();
    let vistos = anuncios(salida);
    assert_eq!(vistos.len(), esperados.len(), "partida {id}: {vistos:#?}");
    for (visto, esperado) in vistos.iter().zip(&esperados) {
        assert!(
            visto.starts_with(esperado),
            "partida {id}: {visto:?} / {esperado:?}"
        );
    }
    // Each pass in the transcript is one the game demanded, and offered with Enter.
    let pases: Vec<usize> = (0..jugadas.len())
        .filter(|&i| jugadas[i] == "pasar")
        .collect();
    let avisos: Vec<String> = pases
        .iter()
        .map(|&i| {
            format!(
                "Las {} no tienen jugadas válidas: deben pasar (Enter o «pasar»).\n\
                 Turno de las {} ({}) [Enter = pasar]: ",
                color(i),
                color(i),
                if color(i) == "negras" { "N" } else { "B" }
            )
        })
        .collect();
    for aviso in &avisos {
        contiene(salida, aviso);
    }
    assert_eq!(salida.matches("deben pasar").count(), pases.len(), "{id}");
    let advertencias = salida.matches("también pasan, la partida termina.").count();
    assert_eq!(advertencias, pases.len(), "partida {id}");
    assert!(!salida.contains("(Tenían jugadas válidas"), "partida {id}");

    // A pass shows no board: the one on screen still holds.
    let dibujos = tableros(salida);
    assert_eq!(
        dibujos.len(),
        jugadas.len() - pases.len() + 1,
        "partida {id}"
    );
    assert_eq!(dibujos[0].casillas, letras(INICIAL), "partida {id}");
    let ultima = jugadas.iter().rev().find(|j| *j != "pasar").cloned();
    let esperado = Dibujo {
        casillas: partida.final_.clone(),
        ultima,
    };
    assert_eq!(dibujos.last(), Some(&esperado), "partida {id}");

    let motivo = if partida.final_.contains('V') {
        "ninguno de los dos puede jugar"
    } else {
        "el tablero está lleno"
    };
    let cierre = format!(
        "Negras (N): {}   Blancas (B): {}\nFin de la partida: {motivo}.\n{}\n{OTRA}",
        partida.negras,
        partida.blancas,
        resultado(partida.negras, partida.blancas)
    );
    assert_eq!(salida.matches("Fin de la partida").count(), 1, "{id}");
    contiene(salida, &cierre);
}

// 1. Complete games from a transcript.

#[test]
fn partidas_completas_hasta_el_final() {
    // All eight games: full boards, forced passes (games 2, 3, 4, 6), typed or as a
    // bare Enter, and one that ends with an empty cell because neither can move (7).
    for partida in partidas_completas() {
        let mut entrada = String::from("1\n");
        for (i, jugada) in partida.jugadas().iter().enumerate() {
            entrada += &tecleado(i, jugada);
        }
        entrada += "n\n";
        let salida = jugar(entrada);
        revisar_partida(&salida, &partida);
        assert!(salida.ends_with(&format!("{OTRA}n\n¡Hasta luego!\n")));
    }
}

#[test]
fn partida_cero_con_el_tablero_lleno() {
    let partida = partidas_completas().remove(0);
    assert_eq!((partida.id, partida.negras, partida.blancas), (0, 51, 13));
    let entrada = format!("1\n{}\nn\n", partida.jugadas().join("\n").to_lowercase());
    let salida = jugar(entrada);
    assert!(
        salida.ends_with(&format!(
            "  8  N  B  B [B] N  N  N  N\n\
             Negras (N): 51   Blancas (B): 13\n\
             Fin de la partida: el tablero está lleno.\n\
             Ganan las negras, 51 a 13.\n\
             {OTRA}n\n\
             ¡Hasta luego!\n"
        )),
        "{salida}"
    );
    revisar_partida(&salida, &partida);
}

#[test]
fn dos_partidas_seguidas_jugando_otra() {
    let partidas = partidas_completas();
    let (segunda, tercera) = (&partidas[2], &partidas[3]);
    let mut entrada = String::from("1\n");
    for jugada in &segunda.jugadas() {
        entrada += &format!("{jugada}\n");
    }
    entrada += "s\n";
    for jugada in &tercera.jugadas() {
        entrada += &format!("{jugada}\n");
    }
    entrada += "no\n";
    let salida = jugar(entrada);
    let corte = salida.find(&format!("{OTRA}s\n")).expect("otra partida") + OTRA.len();
    let (primera, otra) = (&salida[..corte], &salida[corte + 2..]);
    revisar_partida(primera, segunda);
    assert!(otra.starts_with(&dibujo(INICIO, None)), "{otra}");
    revisar_partida(otra, tercera);
    assert!(otra.ends_with(&format!("{OTRA}no\n¡Hasta luego!\n")));
}

// 2. Passes.

#[test]
fn dos_pases_seguidos_terminan_la_partida_sin_repetir_el_tablero() {
    let salida = jugar("1\nc4\npasar\npasar\ns\nsalir\n");
    // A voluntary pass is allowed, explained, warns what a second one does, and
    // draws no board: the one on screen still holds.
    let esperado = format!(
        "Turno de las negras (N): c4\n\
         Las negras juegan C4 y voltean 1 ficha.\n\
         {}\
         Turno de las blancas (B): pasar\n\
         Las blancas pasan.\n\
         (Tenían jugadas válidas: en esta variante se puede pasar igual.)\n\
         Si las negras también pasan, la partida termina.\n\
         Turno de las negras (N): pasar\n\
         Las negras pasan.\n\
         (Tenían jugadas válidas: en esta variante se puede pasar igual.)\n\
         Fin de la partida: ambos jugadores pasaron, uno después del otro.\n\
         Ganan las negras, 4 a 1.\n\
         {OTRA}s\n\
         {}\
         Turno de las negras (N): salir\n\
         ¡Hasta luego!\n",
        dibujo(C4, Some("C4")),
        dibujo(INICIO, None),
    );
    assert!(salida.ends_with(&esperado), "{salida}");
}

#[test]
fn dos_pases_sin_jugadas_es_empate() {
    let salida = jugar("1\npasar\npasar\nn\n");
    contiene(
        &salida,
        &format!(
            "Las blancas pasan.\n\
             (Tenían jugadas válidas: en esta variante se puede pasar igual.)\n\
             Fin de la partida: ambos jugadores pasaron, uno después del otro.\n\
             Empate, 2 a 2.\n\
             {OTRA}n\n"
        ),
    );
}

#[test]
fn pases_no_seguidos_no_terminan_la_partida() {
    let salida = jugar("1\npasar\ne3\npasar\npasar\nn\n");
    assert_eq!(
        anuncios(&salida),
        [
            "Las negras pasan.",
            "Las blancas juegan E3 y voltean 1 ficha.",
            "Las negras pasan.",
            "Las blancas pasan.",
        ]
    );
    assert_eq!(
        salida
            .matches("Si las blancas también pasan, la partida termina.\n")
            .count(),
        2
    );
    assert!(!salida.contains("Si las negras también pasan"));
    contiene(
        &salida,
        "Fin de la partida: ambos jugadores pasaron, uno después del otro.\n\
         Ganan las blancas, 4 a 1.\n",
    );
}

#[test]
fn entre_personas_el_pase_obligado_es_un_enter_o_pasar() {
    let dir = carpeta();
    let forzado = escribir(dir.path(), "forzado.txt", &texto_de(BLANCAS_DEBEN_PASAR));
    let opciones = cargando(&forzado, Some(Color::Blanco));
    let aviso = "Las blancas no tienen jugadas válidas: deben pasar (Enter o «pasar»).\n\
                 Turno de las blancas (B) [Enter = pasar]: ";
    // A move is refused with the reason; then Enter passes.
    let salida = jugar_con(&opciones, "C1\n\nc1\nn\n");
    contiene(
        &salida,
        &format!(
            "{}{aviso}C1\n\
             Jugada no válida: las blancas no tienen jugadas válidas: corresponde «pasar».\n\
             Intenta de nuevo.\n\
             Turno de las blancas (B) [Enter = pasar]: \n\
             Las blancas pasan.\n\
             Si las negras también pasan, la partida termina.\n\
             Turno de las negras (N): c1\n\
             Las negras juegan C1 y voltean 1 ficha.\n",
            dibujo(BLANCAS_DEBEN_PASAR, None)
        ),
    );
    // White's last piece flipped: the game ends because white has none.
    assert!(
        salida.ends_with(&format!(
            "Negras (N): 3   Blancas (B): 0\n\
             Fin de la partida: las blancas no tienen fichas en el tablero.\n\
             Ganan las negras, 3 a 0.\n\
             {OTRA}n\n¡Hasta luego!\n"
        )),
        "{salida}"
    );
    // A transcript that types the pass keeps working, line for line.
    let escrita = jugar_con(&opciones, "C1\npasar\nc1\nn\n");
    assert_eq!(
        escrita.replace("[Enter = pasar]: pasar\n", "[Enter = pasar]: \n"),
        salida
    );
    // With the hints on, the pass draws the board again: its hints are black's now.
    let salida = jugar_con(&opciones, "pistas\n\nn\n");
    let dibujos = tableros(&salida);
    assert_eq!(dibujos.len(), 3);
    assert_eq!(dibujos[2].casillas, format!("NB*{}", "V".repeat(61)));
    contiene(&salida, "Pistas: las blancas no tienen jugadas válidas.\n");
    // With black to move on the same board, no pass is demanded.
    let salida = jugar_con(&cargando(&forzado, Some(Color::Negro)), "salir\n");
    assert!(!salida.contains("deben pasar"));
}

// 3. Hints, history, undo, help.

#[test]
fn pistas_marcan_exactamente_las_jugadas_validas() {
    let salida = jugar("1\npistas\nc4\npistas\nsalir\nn\n");
    let con_pistas = |filas: [&str; 8], validas: &[&str], ultima: Option<&str>| {
        let tablero = tablero_de(filas);
        let pistas = validas
            .iter()
            .map(|p| p.parse::<Posicion>().unwrap())
            .collect();
        let vista = Vista::de(&tablero)
            .ultima(ultima.map(|p| p.parse().unwrap()))
            .pistas(pistas);
        format!("\n{vista}{}\n", vista.conteo())
    };
    contiene(
        &salida,
        &format!(
            "Turno de las negras (N): pistas\n\
             Pistas activadas.\n{}\
             Pistas (*): D3, C4, F5, E6\n\
             Turno de las negras (N): c4\n\
             Las negras juegan C4 y voltean 1 ficha.\n{}\
             Pistas (*): C3, E3, C5\n\
             Turno de las blancas (B): pistas\n\
             Pistas desactivadas.\n{}\
             Turno de las blancas (B): salir\n",
            con_pistas(INICIO, &["D3", "C4", "F5", "E6"], None),
            con_pistas(C4, &["C3", "E3", "C5"], Some("C4")),
            dibujo(C4, Some("C4")),
        ),
    );
    // The drawings mark with `*` exactly the listed cells.
    let dibujos = tableros(&salida);
    assert_eq!(dibujos[1].casillas.matches('*').count(), 4);
}

#[test]
fn pistas_en_colores_siguen_marcando_con_asterisco() {
    let opciones = Opciones {
        color: true,
        ..Opciones::default()
    };
    let salida = salida_de(&opciones, "1\npistas\nsalir\n");
    assert!(salida.contains("\x1b["));
    let plano = anstream::adapter::strip_str(&salida).to_string();
    assert_eq!(plano, jugar("1\npistas\nsalir\n"));
}

#[test]
fn sin_pistas_en_el_tablero_final() {
    let salida = jugar("1\npistas\npasar\npasar\nn\n");
    let dibujos = tableros(&salida);
    let ultimo = dibujos.last().unwrap();
    assert!(!ultimo.casillas.contains('*'), "{ultimo:?}");
    // The hints were on until the end: the boards before it show them.
    assert!(dibujos[dibujos.len() - 2].casillas.contains('*'));
}

/// What the game showed after the line `pedido`, typed at white's turn, up to the next
/// question to white.
fn respuesta_a<'a>(salida: &'a str, pedido: &str) -> &'a str {
    let resto = salida
        .split_once(&format!("Turno de las blancas (B): {pedido}\n"))
        .unwrap_or_else(|| panic!("no se pidió {pedido:?}:\n{salida}"))
        .1;
    resto
        .split_once("Turno de las blancas (B): ")
        .expect("vuelve a preguntar a las blancas")
        .0
}

#[test]
fn ayuda_durante_la_partida() {
    let salida = jugar("1\nc4\nAYUDA\nayuda reglas\nayuda más\nsalir\nn\n");
    // The commands fit a terminal of 80 by 24 with the question under them (#38).
    let ayuda = respuesta_a(&salida, "AYUDA");
    assert!(ayuda.lines().count() <= 20, "{ayuda}");
    for texto in [
        "Comandos (da igual mayúsculas o minúsculas):\n",
        "  guardar [archivo] ",
        "  ayuda, ?, help [reglas]\n",
    ] {
        assert!(
            ayuda.contains(texto),
            "falta {texto:?} en la ayuda:\n{ayuda}"
        );
    }
    // The rules are apart.
    assert!(!ayuda.contains("puedes pasar cuando quieras"), "{ayuda}");
    let reglas = respuesta_a(&salida, "ayuda reglas");
    for texto in [
        "Reglas (Tarea 2, IIC1103 UC):\n",
        "puedes pasar cuando quieras, aunque tengas jugadas válidas.\n",
        "Gana quien tenga más fichas de su color.\n",
    ] {
        assert!(
            reglas.contains(texto),
            "falta {texto:?} en las reglas:\n{reglas}"
        );
    }
    for texto in [ayuda, reglas] {
        assert!(!texto.contains(COLUMNAS), "la ayuda no dibuja el tablero");
    }
    contiene(
        &salida,
        "Turno de las blancas (B): ayuda más\n\
         «ayuda» se escribe solo o seguido de «reglas».\n",
    );
}

#[test]
fn historial_numera_las_jugadas_y_da_la_transcripcion() {
    let salida = jugar("1\nhistorial\nc4\nc3\npasar\nhistorial\nsalir\nn\n");
    contiene(
        &salida,
        "Turno de las negras (N): historial\n\
         Todavía no hay jugadas (desde el tablero inicial; empiezan las negras (N)).\n",
    );
    contiene(
        &salida,
        "Turno de las blancas (B): historial\n\
         Jugadas (desde el tablero inicial; empiezan las negras (N)):\n\
         \x20 1. N C4      2. B C3      3. N pasar\n\
         Transcripción: C4 C3 pasar\n",
    );
}

#[test]
fn el_historial_largo_se_corta_entre_jugadas() {
    let partida = partidas_completas().remove(0);
    let salida = jugar(format!(
        "1\n{}\nhistorial\nn\n",
        partida.jugadas().join("\n")
    ));
    let transcripcion = mensaje_tras(&salida, &format!("{OTRA}historial\n"));
    let (_, jugadas) = transcripcion
        .split_once("Transcripción: ")
        .expect("la transcripción");
    // Joined back, the lines give the moves, each whole.
    assert_eq!(jugadas, partida.espaciada);
}

#[test]
fn deshacer_vuelve_hasta_el_comienzo_y_no_mas() {
    let dir = carpeta();
    let figura2 = escribir(dir.path(), "figura2.txt", TRAS_C4);
    // From a loaded board: C3 and a pass undone, back to the loaded board and no further.
    let salida = jugar_con(
        &cargando(&figura2, Some(Color::Blanco)),
        "c3\npasar\ndeshacer\ndeshacer\ndeshacer\nsalir\nn\n",
    );
    contiene(&salida, "Se deshizo «pasar» de las negras.\n");
    contiene(&salida, "Se deshizo «C3» de las blancas.\n");
    contiene(
        &salida,
        "No hay jugadas que deshacer: la partida está como empezó.\n\
         Turno de las blancas (B): salir\n",
    );
    // The last move marked is the one before the undone one.
    let dibujos = tableros(&salida);
    assert_eq!(dibujos.len(), 4, "inicio, C3, y dos deshacer");
    assert_eq!(dibujos[2].ultima.as_deref(), Some("C3"));
    assert_eq!(dibujos[3].ultima, None);
}

// 4. Invalid entries: the reason, then the same player again.

#[test]
fn jugadas_no_validas_dicen_por_que_y_repiten_el_turno() {
    // What is neither a move nor a command is told so; what the board refuses is an
    // invalid move.
    let desconocido = "no es una jugada ni un comando (escribe «ayuda»).";
    let fuera = "está fuera del tablero (columnas A-H, filas 1-8).";
    let no_valida = |razon: &str| format!("Jugada no válida: {razon}. Intenta de nuevo.");
    let casos = [
        ("hola", format!("«hola» {desconocido}")),
        ("C-3", format!("«C-3» {desconocido}")),
        ("3c", format!("«3c» {desconocido}")),
        (
            "unaentradabastantelarga",
            format!("«unaentradabastantela…» {desconocido}"),
        ),
        (
            "pasar ya",
            "«pasar» se escribe solo, sin nada después.".to_owned(),
        ),
        (
            "Ayuda por favor",
            "«ayuda» se escribe solo o seguido de «reglas».".to_owned(),
        ),
        ("Z9", format!("«Z9» {fuera}")),
        ("A0", format!("«A0» {fuera}")),
        ("  i1 ", format!("«i1» {fuera}")),
        ("D4", no_valida("la casilla D4 ya está ocupada")),
        ("c4", no_valida("la casilla C4 ya está ocupada")),
        (
            "A1",
            no_valida("una ficha en A1 no flanquea ninguna ficha rival"),
        ),
    ];
    let mut entrada = String::from("1\nc4\n");
    for (tecleado, _) in &casos {
        entrada += &format!("{tecleado}\n");
    }
    entrada += "c3\nsalir\nn\n";
    let salida = jugar(entrada);
    for (tecleado, mensaje) in &casos {
        let pregunta = format!("Turno de las blancas (B): {tecleado}\n");
        assert_eq!(mensaje_tras(&salida, &pregunta), *mensaje);
        contiene(&salida, &pregunta);
    }
    assert_eq!(salida.matches("Jugada no válida:").count(), 3);
    // No invalid entry changed the board or the turn: white's C3 is still valid.
    assert_eq!(tableros(&salida).len(), 3);
    contiene(
        &salida,
        "Turno de las blancas (B): c3\nLas blancas juegan C3 y voltean 1 ficha.\n",
    );
}

#[test]
fn linea_vacia_vuelve_a_preguntar_sin_queja() {
    let salida = jugar("1\n\n   \nsalir\n");
    contiene(
        &salida,
        "Turno de las negras (N): \n\
         Turno de las negras (N):    \n\
         Turno de las negras (N): salir\n",
    );
    assert!(!salida.contains("Jugada no válida"));
}

#[test]
fn basura_lineas_enormes_y_caracteres_de_control_no_detienen_el_juego() {
    let megabyte = "x".repeat((1 << 20) - 1);
    let mut entrada: Vec<u8> = Vec::new();
    entrada.extend_from_slice(megabyte.as_bytes());
    entrada.extend_from_slice(b"\n\x01\x1b[2J\n1\n");
    entrada.extend_from_slice(megabyte.as_bytes());
    entrada.extend_from_slice(b"\n\x7f\n\x1b\n");
    entrada.extend_from_slice("!@#$%^&*()ñ€\nc4\nsalir\nn\n".as_bytes());
    // The huge lines are echoed in part (1024 bytes): the width is not checked.
    let salida = salida_de(&Opciones::default(), entrada);
    let larga = "Entrada no válida: la línea tiene más de 1024 bytes. Intenta de nuevo.";
    contiene(
        &salida,
        &format!(
            "Elige una opción (1 a 5, o «ayuda»): {}…\n{larga}\n",
            "x".repeat(1024)
        ),
    );
    contiene(
        &salida,
        &format!("Turno de las negras (N): {}…\n{larga}\n", "x".repeat(1024)),
    );
    contiene(
        &salida,
        &format!(
            "Turno de las negras (N): c4\nLas negras juegan C4 y voltean 1 ficha.\n{}",
            dibujo(C4, Some("C4"))
        ),
    );
    assert_eq!(
        salida
            .matches(" no es una opción: escribe un número")
            .count(),
        1
    );
    assert_eq!(salida.matches(larga).count(), 2);
    assert_eq!(
        salida
            .matches(" no es una jugada ni un comando (escribe «ayuda»).")
            .count(),
        3
    );
    assert_eq!(salida.matches("Turno de las negras (N): ").count(), 5);
    assert!(salida.len() < 64 * 1024, "{} bytes", salida.len());
}

/// How the game ends on `entrada` from a pipe, with the recovery copies in `datos`:
/// the error, and what it wrote.
fn termina_con(datos: &Path, entrada: &[u8]) -> (othello_programa::juego::ErrorJuego, String) {
    let mut salida = Vec::new();
    let opciones = Opciones {
        eco: true,
        ..con_recuperacion(datos)
    };
    let error = ejecutar(entrada, &mut salida, &opciones).expect_err("la entrada lo detiene");
    (
        error,
        String::from_utf8(salida).expect("la salida es texto"),
    )
}

#[test]
fn lo_que_no_es_texto_ni_una_partida_detiene_el_juego_y_lo_deja_en_su_copia() {
    // #39: /dev/zero was read forever, /dev/urandom answered forever. From a pipe or a
    // file, a NUL byte, bytes that are not UTF-8, a line without end or 100 refused
    // answers in a row end the game, kept in its recovery copy.
    let dir = carpeta();
    let mut nulos = b"1\nc4\n".to_vec();
    nulos.extend(vec![0; 4 << 20]);
    let mut sin_fin = b"1\nc4\n".to_vec();
    sin_fin.extend(vec![b'x'; 4 << 20]);
    let mut rechazos = b"1\nc4\n".to_vec();
    rechazos.extend(b"hola\n".repeat(150));
    let casos: [(&[u8], &str); 4] = [
        (
            &nulos,
            "la entrada no es texto: la línea 3 tiene un byte nulo",
        ),
        (
            b"1\nc4\n\xc3\x28\xff\nc3\n",
            "la entrada no es texto UTF-8 (línea 3)",
        ),
        (
            &sin_fin,
            "la línea 3 de la entrada pasa de 1 MiB sin terminar",
        ),
        (
            &rechazos,
            "100 respuestas seguidas de la entrada no son válidas: no es una partida",
        ),
    ];
    for (i, (entrada, mensaje)) in casos.into_iter().enumerate() {
        let datos = dir.path().join(format!("datos-{i}"));
        let (error, salida) = termina_con(&datos, entrada);
        assert_eq!(error.to_string(), mensaje);
        assert!(matches!(
            error,
            othello_programa::juego::ErrorJuego::Entrada(_)
        ));
        assert!(
            salida.ends_with("Turno de las blancas (B): \n")
                || salida.ends_with("«hola» no es una jugada ni un comando (escribe «ayuda»).\n"),
            "{salida}"
        );
        let copia = copia_de_recuperacion(&datos);
        assert_eq!(fs::read_to_string(copia).unwrap(), texto_de(C4));
    }
    // A refused answer between valid ones starts the count again: 99 and 99.
    let entrada = "1\n".to_owned() + &"hola\n".repeat(99) + "c4\n" + &"hola\n".repeat(99);
    salida_de(&Opciones::default(), entrada + "salir\nn\n");
}

#[test]
fn linea_larga_no_se_juega_por_su_comienzo() {
    let entrada = format!("1\nc4{}basura\nsalir\n", " ".repeat(2000));
    let salida = salida_de(&Opciones::default(), entrada);
    assert!(!salida.contains("Las negras juegan C4"));
    contiene(
        &salida,
        "Entrada no válida: la línea tiene más de 1024 bytes.",
    );
    assert_eq!(salida.matches("Turno de las negras (N): ").count(), 2);
}

// 5. The menu.

#[test]
fn opcion_de_menu_no_valida() {
    let salida = jugar("6\nuno\n5\n");
    contiene(
        &salida,
        "Elige una opción (1 a 5, o «ayuda»): 6\n\
         «6» no es una opción: escribe un número del 1 al 5, o «ayuda».\n\
         \nMenú:\n",
    );
    contiene(
        &salida,
        "«uno» no es una opción: escribe un número del 1 al 5, o «ayuda».\n",
    );
    assert!(!salida.contains(COLUMNAS));
    assert_eq!(salida.matches("Menú:").count(), 3);
}

#[test]
fn el_menu_acepta_ayuda_y_explica_los_niveles() {
    let salida = jugar("ayuda\n5\n");
    for texto in [
        "Elige una opción (1 a 5, o «ayuda»): ayuda\n\n  0) sigue la partida que quedó a medias",
        "  1) dos personas en este teclado, por turnos; empiezan las negras\n",
        "  3) tú contra la computadora, en una partida nueva o en una guardada\n",
        "  aleatorio  juega al azar\n",
        "  libro      la computadora del capítulo de Reversi",
        "  fuerte     el motor",
        "Durante la partida, «ayuda» muestra los comandos y «ayuda reglas», las reglas.\n",
    ] {
        contiene(&salida, texto);
    }
    // After the help, which explains each option, only the question comes back.
    assert_eq!(salida.matches("Menú:").count(), 1);
    contiene(
        &salida,
        "las reglas.\nElige una opción (1 a 5, o «ayuda»): 5\n",
    );
}

#[test]
fn contra_la_computadora_desde_el_menu_con_el_nivel_explicado_y_libro_por_omision() {
    let opciones = Opciones {
        semilla: Some(4),
        ..Opciones::default()
    };
    // 3: a new game (Enter), the person takes white, the level by default.
    let salida = jugar_con(&opciones, "3\n\nb\nhumano\n\nsalir\nn\n");
    contiene(
        &salida,
        "Elige una opción (1 a 5, o «ayuda»): 3\n\
         Archivo a cargar (Enter = partida nueva): \n\
         ¿Con qué color juegas? N (negras, empiezan) o B (blancas) [Enter = N]: b\n\
         Niveles de la computadora:\n\
         \x20 aleatorio  juega al azar\n",
    );
    contiene(
        &salida,
        "¿Nivel de la computadora? [Enter = libro]: humano\n\
         Responde aleatorio, libro o fuerte (o Enter para libro).\n\
         ¿Nivel de la computadora? [Enter = libro]: \n\
         Negras: libro. Blancas: humano. Semilla: 4",
    );
    contiene(&salida, "Las negras (libro) juegan ");
    contiene(&salida, "Turno de las blancas (B): salir\n");
}

#[test]
fn una_partida_cargada_desde_el_menu_se_juega_contra_la_computadora() {
    let dir = carpeta();
    let ruta = escribir(dir.path(), "f.txt", TRAS_C4);
    let opciones = Opciones {
        semilla: Some(2),
        ..Opciones::default()
    };
    // White to move on Figure 2: the computer plays black and answers the person's C3.
    let entrada = format!("3\n{}\nb\nb\naleatorio\nc3\nsalir\nn\n", ruta.display());
    let salida = jugar_con(&opciones, entrada);
    contiene(
        &salida,
        &format!(
            "Archivo a cargar (Enter = partida nueva): {}\n",
            ruta.display()
        ),
    );
    contiene(&salida, "Negras: aleatorio. Blancas: humano. Semilla: 2");
    contiene(
        &salida,
        &format!(
            "{}Turno de las blancas (B): c3\nLas blancas juegan C3 y voltean 1 ficha.\n",
            dibujo(C4, None)
        ),
    );
    contiene(&salida, "Las negras (aleatorio) juegan ");
}

#[test]
fn computadora_contra_computadora_desde_el_menu_sin_pausas() {
    let opciones = Opciones {
        semilla: Some(8),
        ..Opciones::default()
    };
    let salida = jugar_con(&opciones, "4\naleatorio\nlibro\nn\nn\n");
    contiene(
        &salida,
        "¿Nivel de las blancas? [Enter = libro]: libro\n\
         ¿Esperar Enter entre jugadas? (s/n) [Enter = s]: n\n\
         Negras: aleatorio. Blancas: libro. Semilla: 8",
    );
    // Played to the end with no question in between.
    assert!(!salida.contains("Enter: juegan"));
    contiene(&salida, "Fin de la partida: ");
    assert!(salida.ends_with(&format!("{OTRA}n\n¡Hasta luego!\n")));
    // With the pause, each move waits for Enter and commands are taken.
    let salida = jugar_con(&opciones, "4\n\n\ns\n\nC4\nhistorial\nsalir\nn\n");
    contiene(
        &salida,
        "Enter: juegan las negras (libro); o escribe un comando: \n\
         Las negras (libro) juegan ",
    );
    contiene(
        &salida,
        "Enter: juegan las blancas (libro); o escribe un comando: C4\n\
         Ahora juega la computadora: no se puede jugar en su turno.\n",
    );
    contiene(
        &salida,
        "Jugadas (desde el tablero inicial; empiezan las negras (N)):\n  1. N ",
    );
}

// 6. Against the computer.

/// A person (black) against `nivel` (white), seed `semilla`.
fn contra(nivel: Nivel, semilla: u64) -> Opciones {
    Opciones {
        jugadores: Some(PorColor::new(Nivel::Humano, nivel)),
        semilla: Some(semilla),
        ..Opciones::default()
    }
}

#[test]
fn una_persona_contra_el_libro_hasta_el_final_sin_escribir_los_pases_obligados() {
    // The same game played by the library: the person always plays the first valid
    // move (in A1..H8 order), the book's player draws from seed 21 + 1 (white's
    // stream). The person's forced passes are not typed: the game makes them.
    let mut libro = Computadora::nueva(Nivel::Libro, 21 + 1, Duration::from_secs(1));
    let mut partida = Partida::nueva();
    let mut entrada = String::new();
    let mut anunciadas = Vec::new();
    let mut pases = 0;
    while partida.estado() == Estado::EnCurso {
        let jugada = match partida.turno() {
            Color::Negro => match partida.jugadas_validas().primera() {
                Some(posicion) => {
                    entrada += &format!("{posicion}\n");
                    Jugada::Colocar(posicion)
                }
                None => {
                    pases += 1;
                    Jugada::Pasar
                }
            },
            Color::Blanco => {
                let jugada = libro
                    .elegir(partida.tablero(), Color::Blanco)
                    .map_or(Jugada::Pasar, Jugada::Colocar);
                anunciadas.push(jugada);
                jugada
            }
        };
        partida.jugar(jugada).unwrap();
    }
    let Estado::Terminada { resultado, .. } = partida.estado() else {
        unreachable!()
    };
    entrada += "n\n";
    let salida = jugar_con(&contra(Nivel::Libro, 21), &entrada);
    contiene(&salida, "Negras: humano. Blancas: libro. Semilla: 21");
    for jugada in anunciadas.iter().filter(|j| **j != Jugada::Pasar) {
        contiene(
            &salida,
            &format!("Las blancas (libro) juegan {jugada} y voltean "),
        );
    }
    assert_eq!(
        salida
            .matches("Las negras no tienen jugadas válidas y pasan.\n")
            .count(),
        pases
    );
    assert!(!salida.contains("[Enter = pasar]"));
    // One board per turn of the person's (#38): the move and the book's answer are
    // told together, then drawn once, so the move does not scroll away; and the board
    // at the start and at the end.
    let preguntas = salida.matches("Turno de las negras (N): ").count();
    assert_eq!(salida.matches(COLUMNAS).count(), preguntas + 1, "{salida}");
    for linea in entrada.lines().filter(|linea| linea.len() == 2) {
        let tras = salida
            .split_once(&format!(
                "Turno de las negras (N): {linea}\nLas negras juegan {linea} y "
            ))
            .expect("la jugada se anuncia")
            .1;
        let siguiente = tras.lines().nth(1).unwrap_or_default();
        assert!(
            siguiente.starts_with("Las blancas (libro) ") || siguiente.is_empty(),
            "tras {linea}: {siguiente:?}"
        );
    }
    let resultado = resultado.to_string();
    contiene(
        &salida,
        &format!(
            "{}{}.\n{OTRA}n\n",
            resultado[..1].to_uppercase(),
            &resultado[1..]
        ),
    );
}

#[test]
fn los_pases_obligados_contra_la_computadora_se_anuncian_una_vez() {
    let dir = carpeta();
    let forzado = escribir(dir.path(), "forzado.txt", &texto_de(BLANCAS_DEBEN_PASAR));
    // The computer (white) must pass: said once, in its words, with no instruction.
    let opciones = Opciones {
        turno: Some(Color::Blanco),
        ..cargando(&forzado, None)
    };
    let computadora_blanca = Opciones {
        jugadores: Some(PorColor::new(Nivel::Humano, Nivel::Libro)),
        semilla: Some(1),
        ..opciones.clone()
    };
    let salida = jugar_con(&computadora_blanca, "c1\nn\n");
    contiene(
        &salida,
        &format!(
            "{}Las blancas (libro) no tienen jugadas válidas y pasan.\n\
             Turno de las negras (N): c1\n",
            dibujo(BLANCAS_DEBEN_PASAR, None)
        ),
    );
    assert!(!salida.contains("deben pasar"));
    assert!(!salida.contains("también pasan"));
    // The person (white) must pass against the computer: made for them, no question.
    let persona_blanca = Opciones {
        jugadores: Some(PorColor::new(Nivel::Libro, Nivel::Humano)),
        semilla: Some(1),
        ..opciones
    };
    let salida = jugar_con(&persona_blanca, "n\n");
    contiene(
        &salida,
        &format!(
            "{}Las blancas no tienen jugadas válidas y pasan.\n\
             Las negras (libro) juegan C1 y voltean 1 ficha.\n",
            dibujo(BLANCAS_DEBEN_PASAR, None)
        ),
    );
    assert!(!salida.contains("Turno de las blancas"));
}

#[test]
fn deshacer_contra_la_computadora_deshace_tambien_su_respuesta() {
    let salida = jugar_con(
        &contra(Nivel::Libro, 3),
        "c4\ndeshacer\nhistorial\nsalir\nn\n",
    );
    let respuesta = salida
        .lines()
        .find_map(|linea| linea.strip_prefix("Las blancas (libro) juegan "))
        .and_then(|resto| resto.split(' ').next())
        .expect("la computadora responde")
        .to_owned();
    contiene(
        &salida,
        &format!(
            "Turno de las negras (N): deshacer\n\
             Se deshizo «{respuesta}» de las blancas.\n\
             Se deshizo «C4» de las negras.\n{}",
            dibujo(INICIO, None)
        ),
    );
    contiene(&salida, "Todavía no hay jugadas (desde el tablero inicial");
}

#[test]
fn dos_computadoras_con_la_misma_semilla_repiten_la_partida() {
    let opciones = |semilla| Opciones {
        jugadores: Some(PorColor::new(Nivel::Aleatorio, Nivel::Libro)),
        semilla: Some(semilla),
        sin_pausa: true,
        ..Opciones::default()
    };
    let primera = jugar_con(&opciones(8), "");
    contiene(&primera, "Las negras (aleatorio) juegan ");
    contiene(&primera, "Las blancas (libro) juegan ");
    contiene(&primera, "Fin de la partida");
    assert_eq!(jugar_con(&opciones(8), ""), primera);
    assert_ne!(jugar_con(&opciones(9), ""), primera);
}

#[test]
fn con_las_reglas_oficiales_no_se_pasa_con_jugadas() {
    let opciones = Opciones {
        reglas: othello::Reglas::Oficiales,
        ..Opciones::default()
    };
    let salida = jugar_con(&opciones, "1\npasar\nsalir\n");
    assert_eq!(
        mensaje_tras(&salida, "Turno de las negras (N): pasar\n"),
        "Jugada no válida: con las reglas oficiales solo se puede pasar sin jugadas \
         válidas. Intenta de nuevo."
    );
}

// 7. Suggestions, in the students' terms.

#[test]
fn sugerir_da_la_cuenta_final_con_juego_perfecto() {
    // Black takes A1 (flipping B1 and C1) and E1 (flipping F1), in either order: white
    // has nothing left and the game ends with H8 empty, 63 to 0. The engine's score,
    // which gives the empty cell to the winner, would say 64.
    let dir = carpeta();
    let filas = [
        "VBBNVBNN", "NNNNNNNN", "NNNNNNNN", "NNNNNNNN", "NNNNNNNN", "NNNNNNNN", "NNNNNNNN",
        "NNNNNNNV",
    ];
    let ruta = escribir(dir.path(), "final.txt", &texto_de(filas));
    let opciones = Opciones {
        tiempo: Duration::from_millis(300),
        ..cargando(&ruta, Some(Color::Negro))
    };
    let salida = jugar_con(&opciones, "sugerir\nsalir\n");
    let consejo = mensaje_tras(&salida, "Turno de las negras (N): sugerir\n");
    assert!(
        [
            "Sugerencia: A1. Jugando ambos a la perfección, ganan las negras, 63 a 0.",
            "Sugerencia: E1. Jugando ambos a la perfección, ganan las negras, 63 a 0.",
        ]
        .contains(&consejo.as_str()),
        "{consejo}"
    );
}

/// Twelve empty squares, and black's only move is A8 (up to H1).
const UNA_SOLA_JUGADA: [&str; 8] = [
    "BBBBBBBN", "BBBBBBBN", "BBBBBBBN", "BBBBBBBN", "BBBBBBBN", "BBBNNNNN", "BBNVVVVN", "VVVVVVVV",
];

/// The advice lines in the game that loads `filas` with `turno` to move and is given
/// `entrada` (the rules of the homework: a player may pass).
fn consejos(filas: [&str; 8], turno: Color, entrada: &str) -> Vec<String> {
    let dir = carpeta();
    let ruta = escribir(dir.path(), "tablero.txt", &texto_de(filas));
    let opciones = Opciones {
        tiempo: Duration::from_secs(5),
        reglas: othello::Reglas::Tarea,
        ..cargando(&ruta, Some(turno))
    };
    let salida = jugar_con(&opciones, entrada).replace('\n', " ");
    salida
        .split("Sugerencia: ")
        .skip(1)
        .map(|resto| {
            resto
                .split_once(" Turno de las ")
                .expect("un turno")
                .0
                .to_owned()
        })
        .collect()
}

#[test]
fn sugerir_con_una_sola_jugada_da_el_final_exacto() {
    // The only move used to be suggested unscored: «mirando 1 jugada adelante: las
    // negras terminarían abajo por unas 39 fichas», with twelve empty squares
    // (`othello resolver` says -28).
    assert_eq!(
        consejos(UNA_SOLA_JUGADA, Color::Negro, "sugerir\nsalir\nn\n"),
        ["A8. Jugando ambos a la perfección, ganan las blancas, 46 a 18."]
    );
}

#[test]
fn sugerir_de_nuevo_con_lo_aprendido_da_lo_mismo_que_de_cero() {
    // The game keeps one searcher for its advice: what the first request leaves in its
    // table must not change the perfect play the next ones count, for either side.
    let seguidos = consejos(
        UNA_SOLA_JUGADA,
        Color::Negro,
        "sugerir\nsugerir\npasar\nsugerir\nsalir\nn\n",
    );
    let de_cero = [Color::Negro, Color::Blanco]
        .map(|turno| consejos(UNA_SOLA_JUGADA, turno, "sugerir\nsalir\nn\n").remove(0));
    assert_eq!(
        seguidos,
        [&de_cero[0], &de_cero[0], &de_cero[1]].map(String::as_str)
    );
}

#[test]
fn sugerir_lejos_del_final_dice_que_estima() {
    let opciones = Opciones {
        tiempo: Duration::from_millis(100),
        ..Opciones::default()
    };
    let salida = jugar_con(&opciones, "1\nsugerir\nsalir\n");
    let consejo = mensaje_tras(&salida, "Turno de las negras (N): sugerir\n");
    assert!(
        consejo.starts_with("Sugerencia: ") && consejo.contains(". Estimación, mirando "),
        "{consejo}"
    );
    assert!(
        consejo.ends_with(" adelante: las negras terminarían parejas.")
            || consejo.contains(" adelante: las negras terminarían arriba por ")
            || consejo.contains(" adelante: las negras terminarían abajo por "),
        "{consejo}"
    );
}

// 8. Loading a saved game: its moves and turn come back.

#[test]
fn una_partida_guardada_se_retoma_exactamente() {
    // The case: C4, a pass, saved; loading it gives the turn to black (as it
    // was), and the history and undo go across the save.
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    let guardar = format!("1\nc4\npasar\nguardar {}\nsalir\n", ruta.display());
    jugar_con(&Opciones::default(), guardar);
    let salida = jugar_con(
        &cargando(&ruta, None),
        "historial\ndeshacer\ndeshacer\ndeshacer\nsalir\nn\n",
    );
    assert_eq!(
        mensaje_tras(&salida, "las reglas.\n"),
        format!(
            "Partida cargada de «{}», con 2 jugadas anteriores: turno de las negras.",
            ruta.display()
        )
    );
    contiene(
        &salida,
        &format!(
            "{}\
             Turno de las negras (N): historial\n\
             Jugadas (desde el tablero inicial; empiezan las negras (N)):\n\
             \x20 1. N C4      2. B pasar\n\
             Transcripción: C4 pasar\n\
             Turno de las negras (N): deshacer\n\
             Se deshizo «pasar» de las blancas.\n{}\
             Turno de las blancas (B): deshacer\n\
             Se deshizo «C4» de las negras.\n{}\
             Turno de las negras (N): deshacer\n\
             No hay jugadas que deshacer: la partida está como empezó.\n",
            dibujo(C4, None),
            dibujo(C4, Some("C4")),
            dibujo(INICIO, None),
        ),
    );
    assert!(!salida.contains("¿Quién juega ahora?"));
    // The same from the menu.
    let salida = jugar(format!("2\n{}\nsalir\n", ruta.display()));
    let cargada = mensaje_tras(&salida, &format!("{}\n", ruta.display()));
    assert!(
        cargada.ends_with("con 2 jugadas anteriores: turno de las negras."),
        "{cargada}"
    );
    contiene(&salida, "Turno de las negras (N): salir\n");
}

#[test]
fn una_partida_de_un_tablero_cargado_se_retoma_con_su_comienzo() {
    let dir = carpeta();
    let figura2 = escribir(dir.path(), "figura2.txt", TRAS_C4);
    let ruta = dir.path().join("otra.txt");
    let entrada = format!("c3\nguardar {}\nsalir\n", ruta.display());
    jugar_con(&cargando(&figura2, Some(Color::Blanco)), entrada);
    let salida = jugar_con(&cargando(&ruta, None), "historial\nsalir\n");
    let cargada = mensaje_tras(&salida, "las reglas.\n");
    assert!(
        cargada.ends_with("con 1 jugada anterior: turno de las negras."),
        "{cargada}"
    );
    assert_eq!(
        mensaje_tras(&salida, "Turno de las negras (N): historial\n"),
        format!(
            "Jugadas (desde el comienzo anotado en «{}.jugadas»; empiezan las blancas \
             (B)):   1. B C3 Transcripción: C3",
            ruta.display()
        )
    );
}

#[test]
fn un_guardado_cortado_entre_sus_dos_archivos_se_carga_con_lo_mas_nuevo() {
    // The moves were written and the board not yet (#39): the game goes on from the
    // moves, all of them, and says so.
    let dir = carpeta();
    let ruta = escribir(dir.path(), "p.txt", TRAS_C4);
    escribir(dir.path(), "p.txt.jugadas", "C4 C3\n");
    let salida = jugar_con(&cargando(&ruta, None), "historial\nsalir\nn\n");
    assert_eq!(
        mensaje_tras(&salida, "«ayuda reglas», las reglas.\n"),
        format!(
            "Partida cargada de «{}», con 2 jugadas anteriores: turno de las negras. \
             El tablero guardado quedó 1 jugada atrás de sus jugadas (un guardado \
             interrumpido): la partida sigue desde la última jugada anotada.",
            ruta.display()
        )
    );
    contiene(&salida, "Transcripción: C4 C3\n");
}

#[test]
fn sin_jugadas_al_lado_o_con_otras_se_pregunta_el_turno() {
    let dir = carpeta();
    let ruta = escribir(dir.path(), "p.txt", TRAS_C4);
    let pregunta = "¿Quién juega ahora? N (negras) o B (blancas) [Enter = B, las blancas]: ";
    let jugadas = format!("{}.jugadas", ruta.display());
    let casos = [
        (
            None,
            format!("No hay «{jugadas}» al lado: se pregunta quién juega."),
        ),
        // Moves that lead to another board (the board was changed after the save).
        (
            Some("F5 F6\n"),
            format!(
                "«{jugadas}» no corresponde: sus jugadas llevan a otro tablero: se pregunta quién juega."
            ),
        ),
        // A move that cannot be played.
        (
            Some("C4 C4\n"),
            format!(
                "«{jugadas}» no corresponde: su jugada número 2 («C4») no se puede jugar: se pregunta quién juega."
            ),
        ),
        // A damaged line for the program.
        (
            Some("# Inicio (obf): XYZ\nC4\n"),
            format!(
                "«{jugadas}» no corresponde: su línea «# Inicio (obf):» no tiene una cadena obf válida: se pregunta quién juega."
            ),
        ),
        // The board agrees, the turn written at the end does not.
        (
            Some("FINAL_CON_OTRO_TURNO"),
            format!(
                "«{jugadas}» no corresponde: sus jugadas llevan a otro tablero: se pregunta quién juega."
            ),
        ),
    ];
    let otro_turno = Obf {
        tablero: tablero_de(C4),
        turno: Color::Blanco,
    };
    for (texto, aviso) in casos {
        if let Some(texto) = texto {
            let texto = texto.replace(
                "FINAL_CON_OTRO_TURNO",
                &format!("# Final (obf): {otro_turno}\nC4 pasar\n"),
            );
            fs::write(&jugadas, texto).unwrap();
        }
        let salida = jugar_con(&cargando(&ruta, None), "\nsalir\n");
        assert_eq!(
            mensaje_tras(
                &salida,
                &format!("Partida cargada de «{}».\n", ruta.display())
            ),
            aviso
        );
        contiene(&salida, &format!("{pregunta}\n{}", dibujo(C4, None)));
    }
    // A transcript with no comments (as older versions wrote it) is from the start.
    fs::write(&jugadas, "# Jugadas\nC4\n").unwrap();
    let salida = jugar_con(&cargando(&ruta, None), "salir\nn\n");
    let cargada = mensaje_tras(&salida, "las reglas.\n");
    assert!(
        cargada.ends_with("con 1 jugada anterior: turno de las blancas."),
        "{cargada}"
    );
}

#[test]
fn un_turno_dado_gana_a_las_jugadas() {
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    jugar_con(
        &Opciones::default(),
        format!("1\nc4\nguardar {}\nsalir\n", ruta.display()),
    );
    // The same turn: the moves come back.
    let salida = jugar_con(
        &cargando(&ruta, Some(Color::Blanco)),
        "historial\nsalir\nn\n",
    );
    let cargada = mensaje_tras(&salida, "las reglas.\n");
    assert!(
        cargada.ends_with("con 1 jugada anterior: turno de las blancas."),
        "{cargada}"
    );
    contiene(&salida, "Transcripción: C4\n");
    // Another turn: it is played, without the moves.
    let salida = jugar_con(&cargando(&ruta, Some(Color::Negro)), "historial\nsalir\n");
    assert_eq!(
        mensaje_tras(
            &salida,
            &format!("Partida cargada de «{}».\n", ruta.display())
        ),
        format!(
            "Sus jugadas («{}.jugadas») dejan el turno a las blancas: con --turno N, se \
             juega sin ellas.",
            ruta.display()
        )
    );
    contiene(
        &salida,
        "Turno de las negras (N): historial\nTodavía no hay jugadas",
    );
}

#[test]
fn partida_cargada_ya_terminada_no_pregunta_el_turno() {
    let dir = carpeta();
    let lleno = escribir(
        dir.path(),
        "lleno.txt",
        include_str!("../../partidas/lleno-empate.txt"),
    );
    let salida = jugar_con(&cargando(&lleno, None), "n\n");
    assert!(!salida.contains("¿Quién juega ahora?"));
    assert!(!salida.contains("se pregunta quién juega"));
    contiene(
        &salida,
        &format!("Fin de la partida: el tablero está lleno.\nEmpate, 32 a 32.\n{OTRA}n\n"),
    );
}

// 9. After the end: look back, undo, save.

#[test]
fn al_final_la_ayuda_dice_solo_lo_que_vale_y_enter_sale() {
    // Two passes end the game; its help lists what can be typed there, no moves (#38).
    let salida = jugar("1\npasar\npasar\nayuda\npistas\nc4\n\n");
    let ayuda = salida
        .split_once(&format!("{OTRA}ayuda\n"))
        .expect("se pidió la ayuda")
        .1;
    let ayuda = ayuda.split_once(OTRA).expect("vuelve a preguntar").0;
    assert!(
        ayuda.starts_with("La partida terminó. Puedes escribir"),
        "{ayuda}"
    );
    for vale in [
        "s, sí",
        "n, no",
        "historial",
        "deshacer",
        "guardar",
        "tablero",
        "salir",
    ] {
        assert!(ayuda.contains(&format!("\n  {vale}")), "{vale}: {ayuda}");
    }
    for no_vale in ["pasar", "pistas", "sugerir", "C4"] {
        assert!(!ayuda.contains(no_vale), "{no_vale}: {ayuda}");
    }
    // What is not valid there is told; Enter is «n»: goodbye.
    for tecleado in ["pistas", "c4"] {
        assert_eq!(
            mensaje_tras(&salida, &format!("{OTRA}{tecleado}\n")),
            "La partida terminó: responde «s» (otra partida) o «n» (salir); antes puedes \
             escribir historial, deshacer o guardar («ayuda» para más)."
        );
    }
    assert!(
        salida.ends_with(&format!("{OTRA}\n¡Hasta luego!\n")),
        "{salida}"
    );
}

#[test]
fn tras_el_final_se_puede_ver_deshacer_y_guardar() {
    let dir = carpeta();
    let ruta = dir.path().join("fin.txt");
    // An accidental second pass ends the game: undone, the game goes on.
    let entrada = format!(
        "1\nc4\npasar\npasar\nhistorial\nquizá\ndeshacer\ndeshacer\nc3\npasar\npasar\n\
         guardar {}\nn\n",
        ruta.display()
    );
    let salida = jugar(entrada);
    contiene(
        &salida,
        &format!(
            "{OTRA}historial\n\
             Jugadas (desde el tablero inicial; empiezan las negras (N)):\n\
             \x20 1. N C4      2. B pasar   3. N pasar\n\
             Transcripción: C4 pasar pasar\n\
             {OTRA}quizá\n"
        ),
    );
    assert_eq!(
        mensaje_tras(&salida, &format!("{OTRA}quizá\n")),
        "La partida terminó: responde «s» (otra partida) o «n» (salir); antes puedes \
         escribir historial, deshacer o guardar («ayuda» para más)."
    );
    contiene(
        &salida,
        &format!(
            "{OTRA}deshacer\n\
             Se deshizo «pasar» de las negras.\n{}\
             Turno de las negras (N): deshacer\n\
             Se deshizo «pasar» de las blancas.\n{}\
             Turno de las blancas (B): c3\n",
            dibujo(C4, None),
            dibujo(C4, Some("C4")),
        ),
    );
    assert_eq!(salida.matches("Fin de la partida").count(), 2);
    assert!(salida.ends_with(&format!("{OTRA}n\n¡Hasta luego!\n")));
    assert_eq!(
        fs::read_to_string(&ruta).unwrap(),
        texto_de([
            "VVVVVVVV", "VVVVVVVV", "VVBVVVVV", "VVNBNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ])
    );
    let jugadas = fs::read_to_string(format!("{}.jugadas", ruta.display())).unwrap();
    assert!(jugadas.ends_with("\nC4 C3 pasar pasar\n"), "{jugadas}");
}

// 10. Saving: cancelled without leaving the game.

#[test]
fn guardar_se_cancela_con_enter_con_cancelar_o_con_fin_de_entrada() {
    let pregunta = "Archivo a guardar (Enter = no guardar): ";
    let salida = jugar("1\nguardar\n\nguardar\nCancelar\nc4\nguardar\n");
    contiene(
        &salida,
        &format!(
            "Turno de las negras (N): guardar\n\
             {pregunta}\nNo se guardó.\n\
             Turno de las negras (N): guardar\n\
             {pregunta}Cancelar\nNo se guardó.\n\
             Turno de las negras (N): c4\n"
        ),
    );
    // Ctrl-D at the name cancels the save, not the game: it asks for the move again
    // (and then the input is over).
    assert!(
        salida.ends_with(&format!(
            "Turno de las blancas (B): guardar\n\
             {pregunta}\nNo se guardó.\n\
             Turno de las blancas (B): \n¡Hasta luego!\n"
        )),
        "{salida}"
    );
    // On the way out, a cancelled save keeps the game going.
    let salida = jugar("1\nc4\nsalir\ns\ncancelar\nsalir\nn\n");
    contiene(
        &salida,
        &format!(
            "Hay cambios sin guardar. ¿Guardar antes de salir? (s/n) [Enter = s]: s\n\
             {pregunta}cancelar\nNo se guardó.\nLa partida sigue.\n\
             Turno de las blancas (B): salir\n"
        ),
    );
}

// 11. The recovery save.

/// Options that keep the recovery save in `carpeta`.
fn con_recuperacion(carpeta: &Path) -> Opciones {
    Opciones {
        recuperacion: Some(carpeta.to_owned()),
        ..Opciones::default()
    }
}

#[test]
fn una_partida_interrumpida_se_ofrece_y_se_retoma_exactamente() {
    let dir = carpeta();
    let datos = dir.path().join("datos");
    let opciones = con_recuperacion(&datos);
    // Ctrl-D at the move prompt with unsaved moves: kept, and said where.
    let salida = jugar_con(&opciones, "1\nc4\npasar\n");
    let recuperada = copia_de_recuperacion(&datos);
    assert_eq!(
        mensaje_tras(&salida, "Turno de las negras (N): \n"),
        format!(
            "La partida sin guardar quedó en «{}»: al volver, el menú ofrece seguirla.",
            recuperada.display()
        )
    );
    assert_eq!(fs::read_to_string(&recuperada).unwrap(), texto_de(C4));
    // The next start offers it, with its moves and date, and brings it back.
    let salida = jugar_con(&opciones, "0\nhistorial\ndeshacer\nsalir\nn\n");
    let oferta = salida
        .lines()
        .find(|linea| linea.starts_with("  0) "))
        .expect("el menú ofrece seguirla");
    assert!(
        oferta.starts_with("  0) Seguir la partida interrumpida (2 jugadas, del "),
        "{oferta}"
    );
    contiene(&salida, "Elige una opción (0 a 5, o «ayuda»): 0\n");
    contiene(
        &salida,
        &format!(
            "Sigue la partida interrumpida, con 2 jugadas anteriores: turno de las negras.\n{}\
             Turno de las negras (N): historial\n\
             Jugadas (desde el tablero inicial; empiezan las negras (N)):\n\
             \x20 1. N C4      2. B pasar\n",
            dibujo(C4, None)
        ),
    );
    // Continued and left without saving ("n"): the players chose to drop it.
    assert_eq!(
        copias_de_recuperacion(&datos),
        Vec::<std::path::PathBuf>::new()
    );
    assert!(!jugar_con(&opciones, "5\n").contains("  0) "));
}

#[test]
fn una_partida_contra_la_computadora_se_retoma_con_sus_jugadores() {
    // #39: the copy keeps who plays each color, the time, the rules, the seed and where
    // the computer's randomness was; the game goes on as if it had never stopped.
    let dir = carpeta();
    let datos = dir.path().join("datos");
    let contra_libro = Opciones {
        jugadores: Some(PorColor::new(Nivel::Humano, Nivel::Libro)),
        semilla: Some(5),
        reglas: Reglas::Oficiales,
        tiempo: Duration::from_millis(30),
        ..con_recuperacion(&datos)
    };
    // The whole game at once, the person playing the first valid move every time.
    let entrada = primeras_validas_contra(Nivel::Libro, 5 + 1, 12);
    let entera = jugar_con(&contra_libro, format!("{entrada}salir\nn\n"));
    // The same game cut after the person's fourth move, then taken up from the menu,
    // with options that would play it otherwise.
    let (antes, despues) = entrada.split_at(entrada.match_indices('\n').nth(3).unwrap().0 + 1);
    jugar_con(&contra_libro, antes);
    let otras = Opciones {
        tiempo: Duration::from_secs(3),
        ..con_recuperacion(&datos)
    };
    let retomada = jugar_con(&otras, format!("0\npasar\n{despues}salir\nn\n"));
    // The menu's line, fitted to the width.
    let menu = retomada.split_whitespace().collect::<Vec<_>>().join(" ");
    contiene(&menu, "0) Seguir la partida interrumpida (8 jugadas, del ");
    contiene(&menu, ", contra libro) 1) Partida nueva");
    contiene(&retomada, "Negras: humano. Blancas: libro. Semilla: 5 ");
    // The book's answers are the same ones, in the same order.
    let respuestas = |salida: &str| -> Vec<String> {
        salida
            .lines()
            .filter(|linea| linea.starts_with("Las blancas (libro) "))
            .map(str::to_owned)
            .collect()
    };
    let todas = respuestas(&entera);
    assert_eq!(respuestas(&retomada), todas[4..], "{retomada}");
    // The official rules stay: no voluntary pass.
    contiene(
        &retomada,
        "Turno de las negras (N): pasar\nJugada no válida: con las reglas oficiales solo se \
         puede pasar sin jugadas\nválidas. Intenta de nuevo.\n",
    );
    assert_eq!(
        copias_de_recuperacion(&datos),
        Vec::<std::path::PathBuf>::new()
    );
}

/// The moves a person playing black types against `nivel` (its randomness from
/// `semilla`) when always choosing the first valid move, for `cuantas` of their turns.
fn primeras_validas_contra(nivel: Nivel, semilla: u64, cuantas: usize) -> String {
    let mut computadora = Computadora::nueva(nivel, semilla, Duration::from_millis(30));
    let mut partida = Partida::nueva().con_reglas(Reglas::Oficiales);
    let mut entrada = String::new();
    let mut turnos = 0;
    while partida.estado() == Estado::EnCurso && turnos < cuantas {
        let jugada = match partida.turno() {
            Color::Negro => match partida.jugadas_validas().primera() {
                Some(posicion) => {
                    entrada += &format!("{posicion}\n");
                    turnos += 1;
                    Jugada::Colocar(posicion)
                }
                None => Jugada::Pasar,
            },
            Color::Blanco => computadora
                .elegir(partida.tablero(), Color::Blanco)
                .map_or(Jugada::Pasar, Jugada::Colocar),
        };
        partida.jugar(jugada).unwrap();
    }
    entrada
}

#[test]
fn una_partida_retomada_recuerda_su_archivo() {
    // #39: saved as g.txt, played on, interrupted and taken up again: «guardar» offers
    // g.txt and saves over it without asking, as before the interruption.
    let dir = carpeta();
    let datos = dir.path().join("datos");
    let opciones = con_recuperacion(&datos);
    let g = dir.path().join("g.txt");
    jugar_con(&opciones, format!("1\nc4\nguardar {}\nc3\n", g.display()));
    let salida = jugar_con(&opciones, "0\nd3\nguardar\n\nsalir\n");
    contiene(
        &salida.replace('\n', " "),
        &format!(
            "Enter guarda en «{}»; «cancelar» no guarda. Archivo a guardar: ",
            g.display()
        ),
    );
    assert!(!salida.contains("¿Sobrescribir"), "{salida}");
    contiene(
        &salida.replace('\n', " "),
        &format!("Partida guardada en «{}»", g.display()),
    );
    let jugadas = fs::read_to_string(format!("{}.jugadas", g.display())).unwrap();
    assert!(jugadas.ends_with("\nC4 C3 D3\n"), "{jugadas}");
}

#[test]
fn dos_partidas_a_la_vez_guardan_cada_una_la_suya() {
    // #39: game B plays 5 moves; game A, in another terminal, plays 1 and quits normally;
    // B is killed. B's copy is there, and A removed only its own.
    let dir = carpeta();
    let datos = dir.path().join("datos");
    let opciones = con_recuperacion(&datos);
    jugar_con(&opciones, "1\nc4\nc3\nd3\ne3\nf2\n");
    let de_b = copia_de_recuperacion(&datos);
    jugar_con(&opciones, "1\nf5\nsalir\nn\n");
    assert_eq!(copias_de_recuperacion(&datos), std::slice::from_ref(&de_b));
    // A scripted run that ends mid-game keeps its own too; the menu lists both, the
    // newest first (option 0), the other after 5.
    std::thread::sleep(Duration::from_millis(20));
    jugar_con(&opciones, "1\nf5\n");
    assert_eq!(copias_de_recuperacion(&datos).len(), 2);
    let salida = jugar_con(&opciones, "6\nhistorial\nsalir\nn\n");
    contiene(
        &salida,
        "  0) Seguir la partida interrumpida (1 jugada, del ",
    );
    contiene(
        &salida,
        "Otras partidas interrumpidas, de la más reciente a la más antigua:\n  6) 5 jugadas, del ",
    );
    contiene(&salida, "Elige una opción (0 a 6, o «ayuda»): 6\n");
    contiene(&salida, "Transcripción: C4 C3 D3 E3 F2\n");
    // Taken up and left without saving: only that one went.
    let quedan = copias_de_recuperacion(&datos);
    assert_eq!(quedan.len(), 1);
    assert_ne!(quedan[0], de_b);
}

#[test]
fn la_copia_de_recuperacion_sigue_cada_jugada_y_se_borra_al_terminar() {
    let dir = carpeta();
    let datos = dir.path().join("datos");
    let opciones = con_recuperacion(&datos);
    let ninguna = Vec::<std::path::PathBuf>::new();
    // Quitting with "salir" and no unsaved changes removes it.
    let salida = jugar_con(
        &opciones,
        format!(
            "1\nc4\nguardar {}\nsalir\n",
            dir.path().join("a.txt").display()
        ),
    );
    assert_eq!(copias_de_recuperacion(&datos), ninguna, "{salida}");
    // A game that ends removes it; undoing after the end brings it back.
    jugar_con(&opciones, "1\npasar\npasar\nn\n");
    assert_eq!(copias_de_recuperacion(&datos), ninguna);
    jugar_con(&opciones, "1\npasar\npasar\ndeshacer\n");
    let recuperada = copia_de_recuperacion(&datos);
    let jugadas = fs::read_to_string(format!("{}.jugadas", recuperada.display())).unwrap();
    assert!(jugadas.ends_with("\npasar\n"), "{jugadas}");
    // A game that does not continue it leaves it alone.
    let salida = jugar_con(&opciones, "1\nsalir\n");
    assert_eq!(
        copias_de_recuperacion(&datos),
        std::slice::from_ref(&recuperada),
        "{salida}"
    );
    let salida = jugar_con(
        &Opciones {
            jugadores: Some(PorColor::new(Nivel::Humano, Nivel::Humano)),
            ..opciones.clone()
        },
        "salir\n",
    );
    assert_eq!(
        mensaje_tras(&salida, "las reglas.\n"),
        format!(
            "Hay 1 partida interrumpida en «{}»: el menú (othello, sin opciones) la ofrece.",
            datos.display()
        )
    );
    assert!(recuperada.exists());
}

#[test]
fn no_se_guarda_en_la_carpeta_de_las_copias() {
    // Each move replaces a recovery copy and leaving removes it: a game saved there
    // was lost (found by the fuzzing of the game). Names there are refused, offered
    // after loading a copy or typed, and the game stays in its copy.
    let dir = carpeta();
    let datos = dir.path().join("datos");
    let opciones = con_recuperacion(&datos);
    jugar_con(&opciones, "1\nc4\n");
    let copia = copia_de_recuperacion(&datos).display().to_string();
    let otro = datos.join("mia.txt").display().to_string();
    let salida = jugar_con(
        &opciones,
        format!("2\n{copia}\nc3\nguardar\n\nguardar {copia}\nguardar {otro}\nsalir\ns\n\n"),
    );
    // The messages are wrapped at spaces.
    let texto = salida.replace('\n', " ");
    let rechazo = |nombre: &str| {
        format!(
            "«{nombre}» está en la carpeta de las copias de recuperación, que el juego \
             reemplaza y borra solo: elige otra carpeta."
        )
    };
    assert_eq!(texto.matches(&rechazo(&copia)).count(), 3, "{salida}");
    contiene(&texto, &rechazo(&otro));
    assert!(!salida.contains("Partida guardada"), "{salida}");
    assert!(Path::new(&copia).exists(), "{salida}");
}

#[test]
fn una_copia_que_no_se_puede_escribir_se_avisa_una_vez_y_el_juego_sigue() {
    // The data folder would be inside a file: it cannot be made.
    let dir = carpeta();
    let archivo = escribir(dir.path(), "archivo", "no es una carpeta\n");
    let datos = archivo.join("othello");
    let salida = jugar_con(&con_recuperacion(&datos), "1\nc4\nc3\nsalir\nn\n");
    assert_eq!(
        salida
            .matches("No se pudo guardar la copia de recuperación")
            .count(),
        1,
        "{salida}"
    );
    contiene(&salida, "Turno de las negras (N): salir\n");
    assert!(!salida.contains("La partida sin guardar quedó"));
}

#[test]
fn sin_carpeta_de_recuperacion_no_se_escribe_nada() {
    // The default options (tests, examples) keep nothing anywhere.
    let salida = jugar("1\nc4\n");
    assert!(salida.ends_with("Turno de las blancas (B): \n¡Hasta luego!\n"));
}

// 12. Eighty columns.

#[test]
fn ninguna_linea_pasa_de_ochenta_columnas() {
    // Games through the messages that can be long: a long file name, long invalid
    // entries, the end, suggestions, the recovery save, computer players, a long
    // history. `jugar_con` checks every line.
    let dir = carpeta();
    let largo = dir
        .path()
        .join("un nombre de archivo bastante largo para una partida de othello.txt");
    let datos = dir
        .path()
        .join("una carpeta de datos con un nombre también largo");
    let opciones = Opciones {
        tiempo: Duration::from_millis(50),
        ..con_recuperacion(&datos)
    };
    let partida = partidas_completas().remove(2);
    let jugadas = partida.jugadas().join("\n");
    for entrada in [
        format!("1\n{jugadas}\nhistorial\nguardar {}\nn\n", largo.display()),
        format!(
            "1\nzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\nc4 c3\nsugerir\nguardar {}\ns\nc4\n",
            largo.display()
        ),
        format!(
            "2\n{}\nc4\nsalir\ns\n\ncancelar\nsalir\nn\n",
            largo.display()
        ),
        "0\npistas\nsalir\nn\n".to_owned(),
        "3\n\n\naleatorio\nsugerir\nguardar a\x01b\nsalir\nn\n".to_owned(),
        "4\nfuerte\naleatorio\nn\nn\n".to_owned(),
        "ayuda\n7\n5\n".to_owned(),
    ] {
        jugar_con(&opciones, entrada);
    }
    // The same with a board loaded from a name that is long too.
    fs::write(format!("{}.jugadas", largo.display()), "C4 C4\n").unwrap();
    jugar_con(&cargando(&largo, None), "\nhistorial\nsalir\nn\n");
    jugar_con(&cargando(&largo, Some(Color::Negro)), "salir\n");
}

#[test]
fn cada_pregunta_de_si_o_no_dice_que_hace_enter_y_acepta_salir() {
    // Leaving with changes: Enter is «s», which asks the name; «salir» there leaves.
    let salida = jugar("1\nc4\nsalir\n\n\nsalir\nsalir\n");
    let guardar = "Hay cambios sin guardar. ¿Guardar antes de salir? (s/n) [Enter = s]: ";
    contiene(
        &salida,
        &format!("{guardar}\nArchivo a guardar (Enter = no guardar): \n"),
    );
    assert!(
        salida.ends_with(&format!("{guardar}salir\n¡Hasta luego!\n")),
        "{salida}"
    );
    // Between two computers: Enter is «s»; «salir» leaves there, as at the color and
    // the level.
    let pausa = "¿Esperar Enter entre jugadas? (s/n) [Enter = s]: ";
    let salida = jugar("4\n\n\nsalir\n");
    assert!(salida.ends_with(&format!("{pausa}salir\n¡Hasta luego!\n")));
    let salida = jugar("4\n\n\n\nsalir\n");
    contiene(&salida, &format!("{pausa}\nNegras: libro. Blancas: libro."));
    contiene(
        &salida,
        "Enter: juegan las negras (libro); o escribe un comando: salir\n",
    );
    for entrada in ["3\n\nsalir\n", "3\n\nB\nsalir\n"] {
        assert!(
            jugar(entrada).ends_with("]: salir\n¡Hasta luego!\n"),
            "{entrada:?}"
        );
    }
    // A file this game did not write: Enter and «salir» keep it.
    let dir = carpeta();
    let ajeno = escribir(dir.path(), "ajeno.txt", "de otra persona\n");
    let salida = jugar(format!(
        "1\nguardar {0}\n\nguardar {0}\nsalir\nsalir\n",
        ajeno.display()
    ));
    assert_eq!(
        salida
            .matches("¿Sobrescribirlo? (s/n) [Enter = n]: ")
            .count(),
        2,
        "{salida}"
    );
    assert_eq!(salida.matches("No se guardó.\n").count(), 2, "{salida}");
    assert_eq!(fs::read_to_string(&ajeno).unwrap(), "de otra persona\n");
}
