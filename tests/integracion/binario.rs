//! The `othello` program end to end: its standard input is what the players type, its
//! standard output what they would see. Standard input is a pipe here, so the game
//! echoes each line it reads after the prompt: "Turno de las negras (N): c4".

use std::{fs, path::Path, time::Duration};

use crate::comun::{
    self, Corrida, INICIAL, PartidaCompleta, TRAS_C4, carpeta, correr, partidas_completas,
};
use assert_cmd::Command;
use tempfile::TempDir;

/// The first line of every board drawn.
const COLUMNAS: &str = "     A  B  C  D  E  F  G  H";

/// The last line of every run that ends well.
const ADIOS: &str = "¡Hasta luego!\n";

/// The board after black's C4 as the game draws it, with C4 as the last move.
const DIBUJO_TRAS_C4: &str = "     A  B  C  D  E  F  G  H
  1  V  V  V  V  V  V  V  V
  2  V  V  V  V  V  V  V  V
  3  V  V  V  V  V  V  V  V
  4  V  V [N] N  N  V  V  V
  5  V  V  V  N  B  V  V  V
  6  V  V  V  V  V  V  V  V
  7  V  V  V  V  V  V  V  V
  8  V  V  V  V  V  V  V  V
Negras (N): 4   Blancas (B): 1
";

/// White cannot flank anything (row 1 is N B V ...), black can play C1.
const BLANCAS_DEBEN_PASAR: &str = "\
N, B, V, V, V, V, V, V
V, V, V, V, V, V, V, V
V, V, V, V, V, V, V, V
V, V, V, V, V, V, V, V
V, V, V, V, V, V, V, V
V, V, V, V, V, V, V, V
V, V, V, V, V, V, V, V
V, V, V, V, V, V, V, V
";

/// The lines that follow every usage error outside an order.
const USO: &str = "\n\nUso: othello [--negro JUGADOR] [--blanco JUGADOR] [OPCIONES]\n     \
                   othello --cargar ARCHIVO [--turno N|B] [OPCIONES]\n     \
                   othello ORDEN [ARGUMENTOS] [--json]\n\
                   Para más información, prueba «othello --help».\n";

impl Corrida {
    /// Exit status 0, nothing on standard error, and the goodbye once, as the last line.
    fn termina_bien(&self) -> &Corrida {
        assert_eq!(
            self.codigo,
            Some(0),
            "estado de salida; stderr: {}",
            self.errores
        );
        assert_eq!(self.errores, "", "nada en stderr");
        assert!(
            self.salida.ends_with(ADIOS),
            "la salida debe terminar con la despedida:\n{}",
            self.salida
        );
        assert_eq!(
            self.salida.matches("¡Hasta luego!").count(),
            1,
            "{}",
            self.salida
        );
        self
    }

    fn contiene(&self, texto: &str) -> &Corrida {
        assert!(
            self.salida.contains(texto),
            "falta {texto:?} en la salida:\n{}",
            self.salida
        );
        self
    }

    fn no_contiene(&self, texto: &str) -> &Corrida {
        assert!(
            !self.salida.contains(texto),
            "sobra {texto:?} en la salida:\n{}",
            self.salida
        );
        self
    }

    fn veces(&self, texto: &str) -> usize {
        self.salida.matches(texto).count()
    }

    /// Exit status 2, nothing on standard output, exactly `mensaje` on standard error.
    fn error_de_uso(&self, mensaje: &str) {
        assert_eq!(
            self.codigo,
            Some(2),
            "estado de salida; stderr: {}",
            self.errores
        );
        assert_eq!(self.errores, mensaje);
        assert_eq!(self.salida, "", "nada en stdout");
    }
}

fn othello(dir: &Path, argumentos: &[&str], entrada: impl Into<Vec<u8>>) -> Corrida {
    correr(comun::othello(dir).args(argumentos), entrada)
}

/// The text of file `nombre` in the run's folder.
fn leer(dir: &TempDir, nombre: &str) -> String {
    fs::read_to_string(dir.path().join(nombre)).expect("el archivo existe")
}

/// A board drawn by the game, read back.
#[derive(Debug, PartialEq)]
struct Dibujo {
    /// The 64 cells, row 1 first: B, N, V, or `*` for a hint.
    casillas: String,
    /// The cell between brackets (the last move), as "C4".
    ultima: Option<String>,
}

/// Every board drawn in `salida`, in order. Panics if one is not drawn exactly as the
/// game draws boards (labels, spacing, brackets, no trailing spaces).
fn tableros(salida: &str) -> Vec<Dibujo> {
    let lineas: Vec<&str> = salida.lines().collect();
    lineas
        .iter()
        .enumerate()
        .filter(|(_, linea)| **linea == COLUMNAS)
        .map(|(i, _)| leer_dibujo(&lineas[i + 1..(i + 9).min(lineas.len())]))
        .collect()
}

fn leer_dibujo(filas: &[&str]) -> Dibujo {
    assert_eq!(filas.len(), 8, "un tablero tiene 8 filas: {filas:?}");
    let mut casillas = String::new();
    let mut ultima = None;
    for (f, linea) in filas.iter().enumerate() {
        let resto: Vec<char> = linea
            .strip_prefix(&format!("  {} ", f + 1))
            .unwrap_or_else(|| panic!("fila {} mal rotulada: {linea:?}", f + 1))
            .chars()
            .collect();
        // Three characters per cell; the last cell's closing space is trimmed.
        assert!(
            resto.len() == 23 || (resto.len() == 24 && resto[23] == ']'),
            "fila {linea:?}"
        );
        for c in 0..8 {
            let antes = resto[3 * c];
            let letra = resto[3 * c + 1];
            let despues = resto.get(3 * c + 2).copied().unwrap_or(' ');
            match (antes, despues) {
                (' ', ' ') => {}
                ('[', ']') => {
                    assert_eq!(ultima, None, "una sola jugada entre corchetes");
                    ultima = Some(format!("{}{}", char::from(b'A' + c as u8), f + 1));
                }
                _ => panic!("casilla mal dibujada en {linea:?}"),
            }
            assert!("BNV*".contains(letra), "letra {letra:?} en {linea:?}");
            casillas.push(letra);
        }
    }
    Dibujo { casillas, ultima }
}

/// A board in the file format as the 64 letters, row 1 first.
fn letras(archivo: &str) -> String {
    archivo.chars().filter(|c| "BNV".contains(*c)).collect()
}

/// The color that plays the `i`-th entry of a transcript (passes included).
fn color(i: usize) -> &'static str {
    if i.is_multiple_of(2) {
        "negras"
    } else {
        "blancas"
    }
}

/// What a person types for the `i`-th entry: the same move or pass in varied case,
/// with spaces, tabs or a Windows line end, so the prompt's tolerance is exercised.
fn tecleado(i: usize, jugada: &str) -> String {
    let fin = if i % 7 == 3 { "\r\n" } else { "\n" };
    match i % 4 {
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

/// Checks one complete game within `salida` (which holds only that game's output):
/// every entry accepted by the right player, forced passes announced, a board after
/// each entry, and the final board, counts, reason and result.
fn revisar_partida(salida: &str, partida: &PartidaCompleta) {
    let id = partida.id;
    assert!(
        !salida.contains("Jugada no válida"),
        "partida {id}: {salida}"
    );

    let esperados: Vec<String> = partida
        .jugadas()
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

    // Each explicit pass in the transcript is one the game demanded.
    let forzados: Vec<String> = partida
        .jugadas()
        .iter()
        .enumerate()
        .filter(|(_, jugada)| *jugada == "pasar")
        .map(|(i, _)| {
            format!(
                "Las {} no tienen jugadas válidas: deben pasar (escribe «pasar»).",
                color(i)
            )
        })
        .collect();
    let avisos: Vec<&str> = salida
        .lines()
        .filter(|l| l.contains("deben pasar"))
        .collect();
    assert_eq!(avisos, forzados, "partida {id}");
    // A forced pass is not called voluntary, and each warns what a second pass does.
    let advertencias: Vec<String> = partida
        .jugadas()
        .iter()
        .enumerate()
        .filter(|(_, jugada)| *jugada == "pasar")
        .map(|(i, _)| format!("Si las {} también pasan, la partida termina.", color(i + 1)))
        .collect();
    let vistas: Vec<&str> = salida
        .lines()
        .filter(|l| l.contains("también pasan"))
        .collect();
    assert_eq!(vistas, advertencias, "partida {id}");
    assert!(!salida.contains("(Tenían jugadas válidas"), "partida {id}");

    let dibujos = tableros(salida);
    assert_eq!(dibujos.len(), partida.jugadas().len() + 1, "partida {id}");
    assert_eq!(dibujos[0].casillas, letras(INICIAL), "partida {id}");
    let ultima = partida
        .jugadas()
        .iter()
        .rev()
        .find(|j| *j != "pasar")
        .cloned();
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
        "Negras (N): {}   Blancas (B): {}\nFin de la partida: {motivo}.\n{}\n\
         ¿Jugar otra partida? (s/n): ",
        partida.negras,
        partida.blancas,
        resultado(partida.negras, partida.blancas)
    );
    assert_eq!(
        salida.matches("Fin de la partida").count(),
        1,
        "partida {id}"
    );
    assert!(salida.contains(&cierre), "partida {id}: falta {cierre:?}");
}

// 1. Complete games from a transcript.

/// What the game says of a line longer than any answer.
const LINEA_LARGA: &str = "Entrada no válida: la línea tiene más de 1024 bytes. Intenta de nuevo.";

#[test]
fn partidas_completas_hasta_el_final() {
    // All eight games: full boards, forced passes (games 2, 3, 4, 6) and one that ends
    // with an empty cell because neither can move (game 7).
    let dir = carpeta();
    for partida in partidas_completas() {
        let mut entrada = String::from("1\n");
        for (i, jugada) in partida.jugadas().iter().enumerate() {
            entrada += &tecleado(i, jugada);
        }
        entrada += "n\n";
        let corrida = othello(dir.path(), &[], entrada);
        corrida.termina_bien();
        revisar_partida(&corrida.salida, &partida);
        assert!(
            corrida
                .salida
                .ends_with("¿Jugar otra partida? (s/n): n\n¡Hasta luego!\n"),
            "partida {}",
            partida.id
        );
    }
}

#[test]
fn partida_cero_con_el_tablero_lleno() {
    // The brief's reference game, checked against the exact last lines of the program.
    let partida = partidas_completas().remove(0);
    assert_eq!((partida.id, partida.negras, partida.blancas), (0, 51, 13));
    let entrada = format!("1\n{}\nn\n", partida.jugadas().join("\n").to_lowercase());
    let corrida = othello(carpeta().path(), &[], entrada);
    corrida.termina_bien().contiene(
        "  8  N  B  B [B] N  N  N  N\n\
         Negras (N): 51   Blancas (B): 13\n\
         Fin de la partida: el tablero está lleno.\n\
         Ganan las negras, 51 a 13.\n\
         ¿Jugar otra partida? (s/n): n\n\
         ¡Hasta luego!\n",
    );
    revisar_partida(&corrida.salida, &partida);
}

#[test]
fn dos_partidas_seguidas_jugando_otra() {
    // "s" to the play-again question starts a new game from the starting board.
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
    let corrida = othello(carpeta().path(), &[], entrada);
    corrida.termina_bien();
    let pregunta = "¿Jugar otra partida? (s/n): ";
    let corte = corrida
        .salida
        .find(&format!("{pregunta}s\n"))
        .expect("se ofrece jugar otra partida")
        + pregunta.len();
    let (primera, otra) = (&corrida.salida[..corte], &corrida.salida[corte + 2..]);
    revisar_partida(primera, segunda);
    assert!(otra.starts_with(&format!("\n{COLUMNAS}\n")), "{otra}");
    revisar_partida(otra, tercera);
    assert!(otra.ends_with("¿Jugar otra partida? (s/n): no\n¡Hasta luego!\n"));
}

// 2. Two passes in a row.

#[test]
fn dos_pases_seguidos_terminan_la_partida() {
    let corrida = othello(carpeta().path(), &[], "1\nc4\npasar\npasar\ns\nsalir\n");
    // A voluntary pass is allowed, explained, and warns what a second one does.
    corrida.termina_bien().contiene(
        "Turno de las blancas (B): pasar\n\
         Las blancas pasan.\n\
         (Tenían jugadas válidas: en esta variante se puede pasar igual.)\n\
         Si las negras también pasan, la partida termina.\n\
         \n     A  B  C  D  E  F  G  H\n",
    );
    // After the first pass the game goes on; after the second it ends at once.
    assert!(
        corrida.salida.ends_with(
            "Turno de las negras (N): pasar\n\
             Las negras pasan.\n\
             (Tenían jugadas válidas: en esta variante se puede pasar igual.)\n\
             \n     A  B  C  D  E  F  G  H\n\
             \x20 1  V  V  V  V  V  V  V  V\n\
             \x20 2  V  V  V  V  V  V  V  V\n\
             \x20 3  V  V  V  V  V  V  V  V\n\
             \x20 4  V  V  N  N  N  V  V  V\n\
             \x20 5  V  V  V  N  B  V  V  V\n\
             \x20 6  V  V  V  V  V  V  V  V\n\
             \x20 7  V  V  V  V  V  V  V  V\n\
             \x20 8  V  V  V  V  V  V  V  V\n\
             Negras (N): 4   Blancas (B): 1\n\
             Fin de la partida: ambos jugadores pasaron, uno después del otro.\n\
             Ganan las negras, 4 a 1.\n\
             ¿Jugar otra partida? (s/n): s\n\
             \n     A  B  C  D  E  F  G  H\n\
             \x20 1  V  V  V  V  V  V  V  V\n\
             \x20 2  V  V  V  V  V  V  V  V\n\
             \x20 3  V  V  V  V  V  V  V  V\n\
             \x20 4  V  V  V  B  N  V  V  V\n\
             \x20 5  V  V  V  N  B  V  V  V\n\
             \x20 6  V  V  V  V  V  V  V  V\n\
             \x20 7  V  V  V  V  V  V  V  V\n\
             \x20 8  V  V  V  V  V  V  V  V\n\
             Negras (N): 2   Blancas (B): 2\n\
             Turno de las negras (N): salir\n\
             ¡Hasta luego!\n"
        ),
        "{}",
        corrida.salida
    );
}

#[test]
fn dos_pases_sin_jugadas_es_empate() {
    let corrida = othello(carpeta().path(), &[], "1\npasar\npasar\nn\n");
    corrida.termina_bien().contiene(
        "Negras (N): 2   Blancas (B): 2\n\
         Fin de la partida: ambos jugadores pasaron, uno después del otro.\n\
         Empate, 2 a 2.\n\
         ¿Jugar otra partida? (s/n): n\n",
    );
}

#[test]
fn pases_no_seguidos_no_terminan_la_partida() {
    // pass, move, pass: the passes were not one after the other; a fourth entry, a
    // pass right after a pass, ends it.
    let corrida = othello(carpeta().path(), &[], "1\npasar\ne3\npasar\npasar\nn\n");
    corrida.termina_bien();
    assert_eq!(corrida.veces("Fin de la partida"), 1);
    assert_eq!(
        anuncios(&corrida.salida),
        [
            "Las negras pasan.",
            "Las blancas juegan E3 y voltean 1 ficha.",
            "Las negras pasan.",
            "Las blancas pasan.",
        ]
    );
    // The pass after white's move warns again; the last pass ends the game instead.
    assert_eq!(
        corrida.veces("Si las blancas también pasan, la partida termina.\n"),
        2
    );
    corrida.no_contiene("Si las negras también pasan");
    corrida.contiene(
        "Negras (N): 1   Blancas (B): 4\n\
         Fin de la partida: ambos jugadores pasaron, uno después del otro.\n\
         Ganan las blancas, 4 a 1.\n",
    );
}

// 3. Save in one run, load in another.

#[test]
fn guardar_y_cargar_con_argumentos() {
    let dir = carpeta();
    let corrida = othello(dir.path(), &[], "1\nc4\nguardar partida.txt\nsalir\n");
    corrida
        .termina_bien()
        .contiene(
            "Turno de las blancas (B): guardar partida.txt\n\
             Partida guardada en «partida.txt» (y sus jugadas en «partida.txt.jugadas»).\n\
             Turno de las blancas (B): salir\n\
             ¡Hasta luego!\n",
        )
        // Saved just now: nothing to offer on quitting.
        .no_contiene("Hay cambios sin guardar");
    let bytes = fs::read(dir.path().join("partida.txt")).unwrap();
    assert_eq!(String::from_utf8(bytes).unwrap(), TRAS_C4);

    let corrida = othello(
        dir.path(),
        &["--cargar", "partida.txt", "--turno", "B"],
        "c3\nsalir\nn\n",
    );
    corrida
        .termina_bien()
        .no_contiene("Menú:")
        .no_contiene("¿Quién juega ahora?")
        .contiene(
            "Partida cargada de «partida.txt».\n\
             \n     A  B  C  D  E  F  G  H\n\
             \x20 1  V  V  V  V  V  V  V  V\n\
             \x20 2  V  V  V  V  V  V  V  V\n\
             \x20 3  V  V  V  V  V  V  V  V\n\
             \x20 4  V  V  N  N  N  V  V  V\n\
             \x20 5  V  V  V  N  B  V  V  V\n\
             \x20 6  V  V  V  V  V  V  V  V\n\
             \x20 7  V  V  V  V  V  V  V  V\n\
             \x20 8  V  V  V  V  V  V  V  V\n\
             Negras (N): 4   Blancas (B): 1\n\
             Turno de las blancas (B): c3\n\
             Las blancas juegan C3 y voltean 1 ficha.\n",
        );
    // The loaded file is untouched by playing on it.
    assert_eq!(leer(&dir, "partida.txt"), TRAS_C4);

    // --turno N: black moves on the same board.
    let corrida = othello(
        dir.path(),
        &["--cargar", "partida.txt", "--turno", "N"],
        "salir\n",
    );
    corrida
        .termina_bien()
        .contiene("Negras (N): 4   Blancas (B): 1\nTurno de las negras (N): salir\n");
}

#[test]
fn cargar_sin_turno_pregunta_quien_juega() {
    let dir = carpeta();
    fs::write(dir.path().join("inicial.txt"), INICIAL).unwrap();
    // Four pieces: 4 - 4 is even, so black is offered.
    let corrida = othello(dir.path(), &["--cargar", "inicial.txt"], "x\n\nsalir\n");
    corrida.termina_bien().contiene(
        "Partida cargada de «inicial.txt».\n\
         ¿Quién juega ahora? N (negras) o B (blancas) [Enter = N, las negras]: x\n\
         Responde N (negras) o B (blancas).\n\
         ¿Quién juega ahora? N (negras) o B (blancas) [Enter = N, las negras]: \n\
         \n     A  B  C  D  E  F  G  H\n",
    );
    corrida.contiene("Negras (N): 2   Blancas (B): 2\nTurno de las negras (N): salir\n");
}

#[test]
fn cargar_desde_el_menu_con_la_pregunta_del_turno() {
    let dir = carpeta();
    fs::write(dir.path().join("partida.txt"), TRAS_C4).unwrap();
    let pregunta = "¿Quién juega ahora? N (negras) o B (blancas) [Enter = B, las blancas]: ";

    // Enter takes the default: five pieces, so white.
    let corrida = othello(dir.path(), &[], "2\npartida.txt\n\nsalir\n");
    corrida.termina_bien().contiene(&format!(
        "Elige una opción (1 a 5): 2\n\
         Archivo a cargar (Enter para volver al menú): partida.txt\n\
         Partida cargada de «partida.txt».\n\
         {pregunta}\n\
         \n     A  B  C  D  E  F  G  H\n"
    ));
    corrida.contiene("Negras (N): 4   Blancas (B): 1\nTurno de las blancas (B): salir\n");
    assert_eq!(tableros(&corrida.salida)[0].casillas, letras(TRAS_C4));

    // An explicit answer overrides the default, in any case and as a word.
    for respuesta in ["n", "N", "negras"] {
        let corrida = othello(
            dir.path(),
            &[],
            format!("2\npartida.txt\n{respuesta}\nsalir\n"),
        );
        corrida
            .termina_bien()
            .contiene(&format!("{pregunta}{respuesta}\n"))
            .contiene("Negras (N): 4   Blancas (B): 1\nTurno de las negras (N): salir\n");
    }
    let corrida = othello(dir.path(), &[], "2\npartida.txt\nB\nsalir\n");
    corrida
        .termina_bien()
        .contiene("Turno de las blancas (B): salir\n");
}

#[test]
fn guardar_pide_el_nombre_si_falta() {
    let dir = carpeta();
    let corrida = othello(
        dir.path(),
        &[],
        "1\nguardar\n\nguardar\nuno.txt\nc4\nguardar\n\nsalir\n",
    );
    corrida
        .termina_bien()
        .contiene(
            "Turno de las negras (N): guardar\n\
             Nombre del archivo (Enter para cancelar): \n\
             No se guardó.\n\
             Turno de las negras (N): guardar\n\
             Nombre del archivo (Enter para cancelar): uno.txt\n\
             Partida guardada en «uno.txt» (y sus jugadas en «uno.txt.jugadas»).\n",
        )
        // The last name is offered, and it is this game's own file: no question.
        .contiene(
            "Turno de las blancas (B): guardar\n\
             Nombre del archivo [Enter = uno.txt]: \n\
             Partida guardada en «uno.txt» (y sus jugadas en «uno.txt.jugadas»).\n\
             Turno de las blancas (B): salir\n",
        )
        .no_contiene("ya existe");
    assert_eq!(leer(&dir, "uno.txt"), TRAS_C4);
}

// 4. Invalid entries: the reason, then the same player again.

#[test]
fn jugadas_no_validas_dicen_por_que_y_repiten_el_turno() {
    let formato = "no es una posición (se esperaba una columna A-H y una fila 1-8, como C4)";
    let fuera = "está fuera del tablero (columnas A-H, filas 1-8)";
    let casos = [
        ("hola", format!("«hola» {formato}")),
        ("C-3", format!("«C-3» {formato}")),
        ("3c", format!("«3c» {formato}")),
        (
            "pasar ya",
            "«pasar» se escribe solo, sin nada después".to_owned(),
        ),
        (
            "Ayuda por favor",
            "«ayuda» se escribe solo, sin nada después".to_owned(),
        ),
        ("Z9", format!("«Z9» {fuera}")),
        ("A0", format!("«A0» {fuera}")),
        ("I1", format!("«I1» {fuera}")),
        // Quoted as typed, trimmed.
        ("  i1 ", format!("«i1» {fuera}")),
        ("A9", format!("«A9» {fuera}")),
        ("D4", "la casilla D4 ya está ocupada".to_owned()),
        ("c4", "la casilla C4 ya está ocupada".to_owned()),
        (
            "A1",
            "una ficha en A1 no flanquea ninguna ficha rival".to_owned(),
        ),
        (
            "f5",
            "una ficha en F5 no flanquea ninguna ficha rival".to_owned(),
        ),
    ];
    let mut entrada = String::from("1\nc4\n");
    for (tecleado, _) in &casos {
        entrada += &format!("{tecleado}\n");
    }
    entrada += "c3\nsalir\nn\n";
    let corrida = othello(carpeta().path(), &[], entrada);
    corrida.termina_bien();
    for (tecleado, razon) in &casos {
        // The prompt with the entry, the reason, and white asked again.
        corrida.contiene(&format!(
            "Turno de las blancas (B): {tecleado}\n\
             Jugada no válida: {razon}. Intenta de nuevo.\n\
             Turno de las blancas (B): "
        ));
    }
    assert_eq!(corrida.veces("Jugada no válida:"), casos.len());
    // No invalid entry changed the board or the turn: white's C3 is still valid.
    assert_eq!(tableros(&corrida.salida).len(), 3);
    corrida.contiene("Turno de las blancas (B): c3\nLas blancas juegan C3 y voltean 1 ficha.\n");
}

#[test]
fn linea_vacia_vuelve_a_preguntar_sin_queja() {
    let corrida = othello(carpeta().path(), &[], "1\n\n   \nsalir\n");
    corrida
        .termina_bien()
        .contiene(
            "Turno de las negras (N): \n\
             Turno de las negras (N):    \n\
             Turno de las negras (N): salir\n",
        )
        .no_contiene("Jugada no válida");
}

#[test]
fn opcion_de_menu_no_valida() {
    let corrida = othello(carpeta().path(), &[], "6\nuno\n5\n");
    corrida
        .termina_bien()
        .contiene(
            "Elige una opción (1 a 5): 6\n\
             «6» no es una opción: escribe un número del 1 al 5.\n\
             \nMenú:\n",
        )
        .contiene("«uno» no es una opción: escribe un número del 1 al 5.\n")
        .no_contiene(COLUMNAS);
    assert_eq!(corrida.veces("Menú:"), 3);
}

// 5. End of input anywhere, and garbage.

#[test]
fn fin_de_la_entrada_en_cada_pregunta_se_despide() {
    let dir = carpeta();
    fs::write(dir.path().join("partida.txt"), TRAS_C4).unwrap();
    fs::write(dir.path().join("ajeno.txt"), "de otra persona\n").unwrap();
    let sobrescribir = "«ajeno.txt» ya existe y no lo creó esta partida. ¿Sobrescribirlo? (s/n): ";
    let quien = "¿Quién juega ahora? N (negras) o B (blancas) [Enter = B, las blancas]: ";
    // (which prompt, arguments, input that stops right at it, the output's last lines)
    let casos: [(&str, &[&str], &str, String); 11] = [
        (
            "menú",
            &[],
            "",
            "Elige una opción (1 a 5): \n¡Hasta luego!\n".to_owned(),
        ),
        (
            "menú sin fin de línea",
            &[],
            "1",
            "Negras (N): 2   Blancas (B): 2\nTurno de las negras (N): \n¡Hasta luego!\n".to_owned(),
        ),
        (
            "archivo a cargar",
            &[],
            "2\n",
            "Archivo a cargar (Enter para volver al menú): \n".to_owned(),
        ),
        (
            "turno (menú)",
            &[],
            "2\npartida.txt\n",
            format!("{quien}\n"),
        ),
        (
            "turno (--cargar)",
            &["--cargar", "partida.txt"],
            "",
            format!("{quien}\n¡Hasta luego!\n"),
        ),
        (
            "jugada",
            &[],
            "1\n",
            "Turno de las negras (N): \n¡Hasta luego!\n".to_owned(),
        ),
        (
            "nombre al guardar",
            &[],
            "1\nguardar\n",
            "Nombre del archivo (Enter para cancelar): \n¡Hasta luego!\n".to_owned(),
        ),
        (
            "sobrescribir",
            &[],
            "1\nguardar ajeno.txt\n",
            format!("{sobrescribir}\n¡Hasta luego!\n"),
        ),
        (
            "guardar antes de salir",
            &[],
            "1\nc4\nsalir\n",
            "Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): \n¡Hasta luego!\n".to_owned(),
        ),
        (
            "nombre al salir",
            &[],
            "1\nc4\nsalir\ns\n",
            "Nombre del archivo (Enter para cancelar): \n¡Hasta luego!\n".to_owned(),
        ),
        (
            "jugar otra",
            &[],
            "1\npasar\npasar\n",
            "¿Jugar otra partida? (s/n): \n¡Hasta luego!\n".to_owned(),
        ),
    ];
    for (pregunta, argumentos, entrada, esperado) in casos {
        let corrida = othello(dir.path(), argumentos, entrada);
        assert_eq!(corrida.codigo, Some(0), "{pregunta}: {}", corrida.errores);
        corrida.termina_bien().contiene(&esperado);
    }
    // Ctrl-D at the overwrite question is a "no".
    assert_eq!(leer(&dir, "ajeno.txt"), "de otra persona\n");
    assert_eq!(leer(&dir, "partida.txt"), TRAS_C4);
}

#[test]
fn basura_lineas_enormes_y_bytes_no_utf8_no_detienen_el_juego() {
    let megabyte = "x".repeat(1 << 20);
    let mut entrada: Vec<u8> = Vec::new();
    // At the menu: a huge line, bytes that are not UTF-8, control characters.
    entrada.extend_from_slice(megabyte.as_bytes());
    entrada.extend_from_slice(b"\n\xc3\x28\xff\n\x00\x01\x1b\n1\n");
    // At the move prompt: the same, and then the game goes on normally.
    entrada.extend_from_slice(megabyte.as_bytes());
    entrada.extend_from_slice(b"\n\xff\xfe\xfd\n\xe2\x82\n\x00\n");
    entrada.extend_from_slice("!@#$%^&*()ñ€\nc4\nsalir\nn\n".as_bytes());
    let corrida = othello(carpeta().path(), &[], entrada);
    corrida
        .termina_bien()
        // A huge line is no answer at all: it is refused as such and asked again.
        .contiene(&format!(
            "Elige una opción (1 a 5): {}…\n{LINEA_LARGA}\nElige una opción (1 a 5): ",
            "x".repeat(1024)
        ))
        .contiene(&format!(
            "Turno de las negras (N): {}…\n{LINEA_LARGA}\nTurno de las negras (N): ",
            "x".repeat(1024)
        ))
        .contiene(
            "Jugada no válida: «!@#$%^&*()ñ€» no es una posición (se esperaba una columna A-H \
             y una fila 1-8, como C4). Intenta de nuevo.\n\
             Turno de las negras (N): c4\n\
             Las negras juegan C4 y voltean 1 ficha.\n",
        )
        .contiene(DIBUJO_TRAS_C4)
        .contiene("Turno de las blancas (B): salir\n");
    let rechazos = corrida
        .salida
        .lines()
        .filter(|l| l.ends_with("» no es una opción: escribe un número del 1 al 5."))
        .count();
    assert_eq!(rechazos, 2);
    assert_eq!(corrida.veces(LINEA_LARGA), 2);
    let rechazos = corrida
        .salida
        .lines()
        .filter(|l| l.starts_with("Jugada no válida: «"))
        .filter(|l| l.ends_with(" no es una posición (se esperaba una columna A-H y una fila 1-8, como C4). Intenta de nuevo."))
        .count();
    assert_eq!(rechazos, 4);
    assert_eq!(corrida.veces("Jugada no válida:"), 4);
    // All rejected at black's turn; the huge lines are not written back whole.
    assert_eq!(corrida.veces("Turno de las negras (N): "), 6);
    assert!(
        corrida.salida.len() < 64 * 1024,
        "{} bytes",
        corrida.salida.len()
    );
}

#[test]
fn linea_larga_no_se_juega_por_su_comienzo() {
    // A line longer than the program keeps must be rejected as a whole: "c4", two
    // thousand spaces and "basura" is not the move C4 (as "c4 basura" is not).
    let entrada = format!("1\nc4{}basura\nsalir\n", " ".repeat(2000));
    let corrida = othello(carpeta().path(), &[], entrada);
    corrida
        .termina_bien()
        .no_contiene("Las negras juegan C4")
        .contiene(LINEA_LARGA);
    assert_eq!(corrida.veces("Turno de las negras (N): "), 2);
}

// 6. Files: overwriting, quitting with unsaved changes, failed saves.

#[test]
fn no_sobrescribe_un_archivo_ajeno_sin_permiso() {
    let dir = carpeta();
    let ajeno = dir.path().join("ajeno.txt");
    let original = b"notas de otra persona\r\n\xff no es un tablero\n";
    fs::write(&ajeno, original).unwrap();
    let pregunta = "«ajeno.txt» ya existe y no lo creó esta partida. ¿Sobrescribirlo? (s/n): ";

    let corrida = othello(
        dir.path(),
        &[],
        "1\nc4\nguardar ajeno.txt\nquizá\nn\nsalir\nn\n",
    );
    corrida.termina_bien().contiene(&format!(
        "Turno de las blancas (B): guardar ajeno.txt\n\
         {pregunta}quizá\n\
         Responde «s» (sí) o «n» (no).\n\
         {pregunta}n\n\
         No se guardó.\n\
         Turno de las blancas (B): salir\n\
         Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): n\n"
    ));
    assert_eq!(fs::read(&ajeno).unwrap(), original);

    // Once allowed, the file is this game's: the next save does not ask, even under
    // another name for the same file.
    let corrida = othello(
        dir.path(),
        &[],
        "1\nguardar ajeno.txt\ns\nc4\nguardar ./ajeno.txt\nsalir\n",
    );
    corrida
        .termina_bien()
        .contiene(&format!(
            "{pregunta}s\nPartida guardada en «ajeno.txt» (y sus jugadas en «ajeno.txt.jugadas»).\n"
        ))
        .contiene(
            "Turno de las blancas (B): guardar ./ajeno.txt\n\
             Partida guardada en «./ajeno.txt» (y sus jugadas en «./ajeno.txt.jugadas»).\n\
             Turno de las blancas (B): salir\n\
             ¡Hasta luego!\n",
        );
    assert_eq!(corrida.veces("ya existe"), 1);
    assert_eq!(fs::read_to_string(&ajeno).unwrap(), TRAS_C4);
}

#[test]
fn guardar_dos_veces_el_archivo_propio_no_pregunta() {
    let dir = carpeta();
    let corrida = othello(
        dir.path(),
        &[],
        "1\nguardar nueva.txt\nc4\nguardar nueva.txt\nsalir\n",
    );
    corrida
        .termina_bien()
        .contiene(
            "Turno de las negras (N): guardar nueva.txt\n\
             Partida guardada en «nueva.txt» (y sus jugadas en «nueva.txt.jugadas»).\n",
        )
        .contiene(
            "Turno de las blancas (B): guardar nueva.txt\n\
             Partida guardada en «nueva.txt» (y sus jugadas en «nueva.txt.jugadas»).\n",
        )
        .no_contiene("ya existe")
        .no_contiene("Hay cambios sin guardar");
    assert_eq!(leer(&dir, "nueva.txt"), TRAS_C4);

    // A file from an earlier run was not created by this game: it asks.
    let corrida = othello(dir.path(), &[], "1\nguardar nueva.txt\nn\nsalir\n");
    corrida.termina_bien().contiene(
        "«nueva.txt» y «nueva.txt.jugadas» ya existen y no los creó esta partida. \
             ¿Sobrescribirlos? (s/n): n\n",
    );
    assert_eq!(leer(&dir, "nueva.txt"), TRAS_C4);
}

#[test]
fn salir_ofrece_guardar_solo_con_cambios() {
    let dir = carpeta();
    // Hints, help, rejected moves and a failed save change nothing.
    let corrida = othello(
        dir.path(),
        &[],
        "1\npistas\nayuda\nA1\nguardar falta/x.txt\nsalir\n",
    );
    corrida
        .termina_bien()
        .no_contiene("Hay cambios sin guardar")
        .contiene("Turno de las negras (N): salir\n¡Hasta luego!\n");

    // A pass is a change.
    let corrida = othello(dir.path(), &[], "1\npasar\nsalir\nno\n");
    corrida.termina_bien().contiene(
        "Turno de las blancas (B): salir\n\
         Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): no\n\
         ¡Hasta luego!\n",
    );

    // Saving on the way out: the name asked, the file written, then goodbye.
    let corrida = othello(dir.path(), &[], "1\nc4\nsalir\ns\nfin.txt\n");
    corrida.termina_bien().contiene(
        "Turno de las blancas (B): salir\n\
         Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): s\n\
         Nombre del archivo (Enter para cancelar): fin.txt\n\
         Partida guardada en «fin.txt» (y sus jugadas en «fin.txt.jugadas»).\n\
         ¡Hasta luego!\n",
    );
    assert_eq!(leer(&dir, "fin.txt"), TRAS_C4);

    // A save on the way out that does not happen keeps the game going.
    let corrida = othello(dir.path(), &[], "1\nc4\nsalir\ns\nfin.txt\nn\nsalir\nn\n");
    corrida.termina_bien().contiene(
        "Nombre del archivo (Enter para cancelar): fin.txt\n\
         «fin.txt» y «fin.txt.jugadas» ya existen y no los creó esta partida. \
         ¿Sobrescribirlos? (s/n): n\n\
         No se guardó.\n\
         La partida sigue.\n\
         Turno de las blancas (B): salir\n\
         Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): n\n\
         ¡Hasta luego!\n",
    );

    // Changes after a save are unsaved again.
    let corrida = othello(dir.path(), &[], "1\nguardar otra.txt\nc4\nsalir\nn\n");
    corrida
        .termina_bien()
        .contiene("Hay cambios sin guardar. ¿Guardar antes de salir? (s/n): n\n");
    assert_eq!(leer(&dir, "otra.txt"), INICIAL);
}

#[test]
fn guardado_que_falla_al_escribir_deja_intacto_el_archivo_anterior() {
    // Root ignores permissions, but not the file size limit: the program runs with
    // `ulimit -f 0` (and SIGXFSZ ignored), so every write to a regular file fails with
    // EFBIG after the file is created (writes to the stdout pipe are not limited). A
    // save that truncated the old file in place would leave it empty; an atomic one
    // leaves it whole, with no temporary file beside it.
    let dir = carpeta();
    let ruta = dir.path().join("partida.txt");
    fs::write(&ruta, TRAS_C4).unwrap();
    let mut sh = Command::new("sh");
    sh.current_dir(dir.path())
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .args([
            "-c",
            "trap '' XFSZ && ulimit -f 0 && exec \"$0\"",
            env!("CARGO_BIN_EXE_othello"),
        ])
        .timeout(Duration::from_secs(60));
    let corrida = correr(&mut sh, "1\nguardar partida.txt\ns\nsalir\n");
    corrida.termina_bien().contiene(
        "«partida.txt» ya existe y no lo creó esta partida. ¿Sobrescribirlo? (s/n): s\n\
         No se pudo guardar «partida.txt»: el archivo supera el tamaño máximo que permite \
         el sistema.\n\
         Turno de las negras (N): salir\n",
    );
    assert_eq!(fs::read_to_string(&ruta).unwrap(), TRAS_C4);
    let nombres: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(nombres, ["partida.txt"]);
}

#[test]
fn guardar_en_una_carpeta_que_no_existe_avisa_y_sigue() {
    let dir = carpeta();
    fs::create_dir(dir.path().join("sub")).unwrap();
    let corrida = othello(
        dir.path(),
        &[],
        "1\nguardar no/existe.txt\nguardar sub\nc4\nsalir\nn\n",
    );
    corrida.termina_bien().contiene(
        "Turno de las negras (N): guardar no/existe.txt\n\
         No se pudo guardar «no/existe.txt»: la carpeta no existe.\n\
         Turno de las negras (N): guardar sub\n\
         «sub» es una carpeta, no un archivo.\n\
         Turno de las negras (N): c4\n\
         Las negras juegan C4 y voltean 1 ficha.\n",
    );
    assert!(!dir.path().join("no").exists());
    assert!(dir.path().join("sub").is_dir());
    // Nothing else (no temporary file) is left behind.
    let nombres: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(nombres, ["sub"]);
}

// 7. Arguments and files that do not load.

#[test]
fn cargar_un_archivo_malo_termina_con_estado_2() {
    let dir = carpeta();
    othello(dir.path(), &["--cargar", "nada.txt"], "")
        .error_de_uso("error: no existe el archivo «nada.txt»\n");

    let malo = INICIAL.replacen("V, V, V, B, N", "V, V, V, B, X", 1);
    fs::write(dir.path().join("malo.txt"), malo).unwrap();
    othello(dir.path(), &["--cargar", "malo.txt", "--turno", "N"], "1\n").error_de_uso(
        "error: «malo.txt» no es un tablero válido: línea 4, columna 13: en la casilla E4 \
         se encontró \"X\", se esperaba B, N o V\n",
    );

    fs::write(dir.path().join("corto.txt"), "V, V\n").unwrap();
    othello(dir.path(), &["--cargar", "corto.txt"], "").error_de_uso(
        "error: «corto.txt» no es un tablero válido: línea 1, columna 5: la fila 1 tiene 2 \
         casillas, se esperaban 8\n",
    );

    fs::create_dir(dir.path().join("sub")).unwrap();
    othello(dir.path(), &["--cargar", "sub"], "")
        .error_de_uso("error: «sub» es una carpeta, no un archivo\n");
}

#[test]
fn cargar_un_archivo_malo_desde_el_menu_vuelve_a_preguntar() {
    let dir = carpeta();
    let malo = INICIAL.replacen("V, V, V, B, N", "V, V, V, B, X", 1);
    fs::write(dir.path().join("malo.txt"), malo).unwrap();
    let corrida = othello(dir.path(), &[], "2\nmalo.txt\nnada.txt\n\n5\n");
    corrida
        .termina_bien()
        .contiene(
            "Archivo a cargar (Enter para volver al menú): malo.txt\n\
             No se pudo cargar: «malo.txt» no es un tablero válido: línea 4, columna 13: en la \
             casilla E4 se encontró \"X\", se esperaba B, N o V.\n\
             Archivo a cargar (Enter para volver al menú): nada.txt\n\
             No se pudo cargar: no existe el archivo «nada.txt».\n\
             Archivo a cargar (Enter para volver al menú): \n\
             \nMenú:\n",
        )
        .no_contiene(COLUMNAS);
}

#[test]
fn errores_de_uso_en_castellano() {
    let dir = carpeta();
    fs::write(dir.path().join("partida.txt"), INICIAL).unwrap();
    let casos: [(&[&str], &str); 6] = [
        (&["--turno", "B"], "falta el argumento --cargar <ARCHIVO>"),
        (
            &["--cargar", "partida.txt", "--turno", "X"],
            "valor «X» inválido para --turno <N|B>: se esperaba N o B (o negras,\nblancas)",
        ),
        (
            &["--cargar", "partida.txt", "--turno", "azules"],
            "valor «azules» inválido para --turno <N|B>: se esperaba N o B (o negras,\nblancas)",
        ),
        (&["--volar"], "argumento desconocido «--volar»"),
        (
            &["--color", "raro"],
            "valor «raro» inválido para --color <CUANDO>: se esperaba auto, siempre o\nnunca",
        ),
        (
            &["--cargar", "partida.txt", "--cargar", "partida.txt"],
            "--cargar <ARCHIVO> se dio más de una vez",
        ),
    ];
    for (argumentos, mensaje) in casos {
        othello(dir.path(), argumentos, "1\nsalir\n")
            .error_de_uso(&format!("error: {mensaje}{USO}"));
    }
}

#[test]
fn ayuda_de_la_linea_de_comandos() {
    let corrida = othello(carpeta().path(), &["--help"], "");
    assert_eq!(corrida.codigo, Some(0));
    assert_eq!(corrida.errores, "");
    for texto in [
        "Othello (Reversi) de la Tarea 2",
        "Uso: othello [--negro JUGADOR] [--blanco JUGADOR] [OPCIONES]\n     \
         othello --cargar ARCHIVO [--turno N|B] [OPCIONES]\n",
        "Opciones:\n",
        "--cargar <ARCHIVO>",
        "Carga la partida guardada en ARCHIVO y salta el menú\n",
        "--negro <JUGADOR>",
        "--turno <N|B>",
        "--color <CUANDO>",
        "-h, --help",
        "Muestra esta ayuda\n",
        "Sin orden, juega: muestra el menú",
        "Órdenes (para scripts y correctores; nunca preguntan nada):\n",
        "  1  la jugada o la transcripción no es válida (no se escribió nada)\n",
    ] {
        corrida.contiene(texto);
    }
    for ingles in ["Usage", "Options", "Arguments", "Commands", "Print help"] {
        corrida.no_contiene(ingles);
    }
}

// 8. Colors, hints, help and forced passes.

#[test]
fn sin_colores_si_la_salida_no_es_una_terminal() {
    let dir = carpeta();
    let con_color_auto = |argumentos: &[&str]| {
        correr(
            comun::othello(dir.path())
                .env_remove("NO_COLOR")
                .args(argumentos),
            "1\nc4\nsalir\nn\n",
        )
    };
    let sin_color = con_color_auto(&[]);
    sin_color
        .termina_bien()
        .no_contiene("\x1b[")
        .contiene(DIBUJO_TRAS_C4);
    for argumentos in [&["--color", "auto"][..], &["--color", "nunca"]] {
        let corrida = con_color_auto(argumentos);
        assert_eq!(corrida.salida, sin_color.salida, "{argumentos:?}");
    }
    // NO_COLOR, and "nunca" even when the environment forces colors.
    let corrida = correr(&mut comun::othello(dir.path()), "1\nc4\nsalir\nn\n");
    assert_eq!(corrida.salida, sin_color.salida);
    let corrida = correr(
        comun::othello(dir.path())
            .env_remove("NO_COLOR")
            .args(["--color", "nunca"])
            .env("CLICOLOR_FORCE", "1"),
        "1\nc4\nsalir\nn\n",
    );
    assert_eq!(corrida.salida, sin_color.salida);
}

#[test]
fn colores_con_color_siempre() {
    let dir = carpeta();
    let sin_color = othello(dir.path(), &[], "1\nc4\nsalir\nn\n");
    // An explicit --color siempre wins over NO_COLOR.
    for nocolor in [None, Some("1")] {
        let mut comando = comun::othello(dir.path());
        comando.env_remove("NO_COLOR").args(["--color", "siempre"]);
        if let Some(valor) = nocolor {
            comando.env("NO_COLOR", valor);
        }
        let corrida = correr(&mut comando, "1\nc4\nsalir\nn\n");
        corrida.termina_bien().contiene("\x1b[");
        // The escapes are the only difference.
        assert_eq!(sin_escapes(&corrida.salida), sin_color.salida);
    }
}

/// `texto` without ANSI SGR sequences (ESC [ ... m).
fn sin_escapes(texto: &str) -> String {
    let mut limpio = String::new();
    let mut resto = texto;
    while let Some(inicio) = resto.find("\x1b[") {
        limpio += &resto[..inicio];
        let fin = resto[inicio..].find('m').expect("secuencia terminada en m");
        resto = &resto[inicio + fin + 1..];
    }
    limpio + resto
}

#[test]
fn pistas_marcan_exactamente_las_jugadas_validas() {
    let corrida = othello(carpeta().path(), &[], "1\npistas\nc4\npistas\nsalir\nn\n");
    corrida.termina_bien().contiene(
        "Turno de las negras (N): pistas\n\
         Pistas activadas.\n\
         \n     A  B  C  D  E  F  G  H\n\
         \x20 1  V  V  V  V  V  V  V  V\n\
         \x20 2  V  V  V  V  V  V  V  V\n\
         \x20 3  V  V  V  *  V  V  V  V\n\
         \x20 4  V  V  *  B  N  V  V  V\n\
         \x20 5  V  V  V  N  B  *  V  V\n\
         \x20 6  V  V  V  V  *  V  V  V\n\
         \x20 7  V  V  V  V  V  V  V  V\n\
         \x20 8  V  V  V  V  V  V  V  V\n\
         Negras (N): 2   Blancas (B): 2\n\
         Pistas (*): D3, C4, F5, E6\n\
         Turno de las negras (N): c4\n\
         Las negras juegan C4 y voltean 1 ficha.\n\
         \n     A  B  C  D  E  F  G  H\n\
         \x20 1  V  V  V  V  V  V  V  V\n\
         \x20 2  V  V  V  V  V  V  V  V\n\
         \x20 3  V  V  *  V  *  V  V  V\n\
         \x20 4  V  V [N] N  N  V  V  V\n\
         \x20 5  V  V  *  N  B  V  V  V\n\
         \x20 6  V  V  V  V  V  V  V  V\n\
         \x20 7  V  V  V  V  V  V  V  V\n\
         \x20 8  V  V  V  V  V  V  V  V\n\
         Negras (N): 4   Blancas (B): 1\n\
         Pistas (*): C3, E3, C5\n\
         Turno de las blancas (B): pistas\n\
         Pistas desactivadas.\n",
    );
    // Turned off: the board is plain again, with the last move still marked.
    corrida.contiene(&format!(
        "Pistas desactivadas.\n\n{DIBUJO_TRAS_C4}Turno de las blancas (B): salir\n"
    ));
    assert_eq!(corrida.veces("Pistas (*)"), 2);
}

#[test]
fn pistas_en_colores_siguen_marcando_con_asterisco() {
    let corrida = othello(
        carpeta().path(),
        &["--color", "siempre"],
        "1\npistas\nsalir\n",
    );
    corrida.termina_bien();
    let plano = sin_escapes(&corrida.salida);
    let dibujos = tableros(&plano);
    assert_eq!(dibujos.len(), 2);
    let esperado: String = letras(INICIAL)
        .char_indices()
        .map(|(i, c)| {
            if [19, 26, 37, 44].contains(&i) {
                '*'
            } else {
                c
            }
        })
        .collect();
    assert_eq!(dibujos[1].casillas, esperado);
    assert!(plano.contains("Pistas (*): D3, C4, F5, E6\n"));
}

#[test]
fn ayuda_durante_la_partida() {
    let corrida = othello(carpeta().path(), &[], "1\nc4\nAYUDA\nsalir\nn\n");
    corrida.termina_bien();
    let ayuda = corrida
        .salida
        .split_once("Turno de las blancas (B): AYUDA\n")
        .expect("se pidió la ayuda")
        .1;
    // The help ends with white asked again: nothing was played.
    let (ayuda, despues) = ayuda
        .split_once("Turno de las blancas (B): ")
        .expect("vuelve a preguntar a las blancas");
    assert!(despues.starts_with("salir\n"));
    for texto in [
        "Comandos (da igual mayúsculas o minúsculas):\n",
        "  C4 ",
        "  pasar ",
        "  guardar [archivo] ",
        "  pistas ",
        "  ayuda ",
        "  salir ",
        "puedes pasar cuando quieras, aunque tengas jugadas válidas.\n",
        "Si no tienes ninguna, debes pasar.\n",
        "flanquea al menos una ficha\n",
        "Gana quien tenga más fichas de su color.\n",
    ] {
        assert!(
            ayuda.contains(texto),
            "falta {texto:?} en la ayuda:\n{ayuda}"
        );
    }
    assert!(!ayuda.contains(COLUMNAS), "la ayuda no dibuja el tablero");
}

#[test]
fn quien_no_tiene_jugadas_debe_pasar() {
    let dir = carpeta();
    fs::write(dir.path().join("forzado.txt"), BLANCAS_DEBEN_PASAR).unwrap();
    let corrida = othello(
        dir.path(),
        &["--cargar", "forzado.txt", "--turno", "B"],
        "pistas\nC1\npasar\nc1\nn\n",
    );
    corrida.termina_bien().contiene(
        "Negras (N): 1   Blancas (B): 1\n\
         Las blancas no tienen jugadas válidas: deben pasar (escribe «pasar»).\n\
         Turno de las blancas (B): pistas\n\
         Pistas activadas.\n",
    );
    corrida.contiene(
        "Negras (N): 1   Blancas (B): 1\n\
         Pistas: las blancas no tienen jugadas válidas.\n\
         Las blancas no tienen jugadas válidas: deben pasar (escribe «pasar»).\n\
         Turno de las blancas (B): C1\n\
         Jugada no válida: las blancas no tienen jugadas válidas: corresponde «pasar». \
         Intenta de nuevo.\n\
         Turno de las blancas (B): pasar\n\
         Las blancas pasan.\n\
         Si las negras también pasan, la partida termina.\n\
         \n     A  B  C  D  E  F  G  H\n",
    );
    corrida.contiene(
        "Pistas (*): C1\n\
         Turno de las negras (N): c1\n\
         Las negras juegan C1 y voltean 1 ficha.\n",
    );
    // White's last piece flipped: the game ends because white has none.
    assert!(
        corrida.salida.ends_with(
            "Negras (N): 3   Blancas (B): 0\n\
             Fin de la partida: las blancas no tienen fichas en el tablero.\n\
             Ganan las negras, 3 a 0.\n\
             ¿Jugar otra partida? (s/n): n\n\
             ¡Hasta luego!\n"
        ),
        "{}",
        corrida.salida
    );
    assert_eq!(
        tableros(&corrida.salida).last().unwrap().casillas,
        format!("NNN{}", "V".repeat(61))
    );

    // With black to move on the same board, no pass is demanded.
    let corrida = othello(
        dir.path(),
        &["--cargar", "forzado.txt", "--turno", "N"],
        "salir\n",
    );
    corrida.termina_bien().no_contiene("deben pasar");
}

// 9. Fixes found while testing as a user would.

#[test]
fn turno_en_minuscula_y_turno_sin_valor() {
    let dir = carpeta();
    fs::write(dir.path().join("p.txt"), TRAS_C4).unwrap();
    othello(dir.path(), &["--cargar", "p.txt", "--turno", "b"], "")
        .termina_bien()
        .contiene("Turno de las blancas (B): \n");
    othello(dir.path(), &["--cargar", "p.txt", "--turno", ""], "")
        .error_de_uso(&format!("error: falta el valor de --turno <N|B>{USO}"));
}

#[test]
fn fin_de_entrada_al_cargar_se_despide_sin_volver_al_menu() {
    let dir = carpeta();
    fs::write(dir.path().join("p.txt"), TRAS_C4).unwrap();
    for entrada in ["2\n", "2\np.txt\n"] {
        let corrida = othello(dir.path(), &[], entrada);
        corrida.termina_bien();
        assert_eq!(corrida.veces("Menú:"), 1, "{entrada:?}");
    }
}

#[test]
fn nombres_con_caracteres_de_control_no_se_usan() {
    // The reader turns a NUL into U+FFFD: the file must not be saved as "a\u{FFFD}b",
    // nor looked for under that name.
    let dir = carpeta();
    let aviso = "Ese nombre de archivo tiene caracteres de control o bytes que no son UTF-8: \
                 elige otro.\n";
    othello(dir.path(), &[], &b"1\nguardar a\x00b\nsalir\n"[..])
        .termina_bien()
        .contiene(aviso);
    othello(dir.path(), &[], &b"2\n\xffp.txt\n\n5\n"[..])
        .termina_bien()
        .contiene(aviso);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn sin_pistas_en_el_tablero_final() {
    let corrida = othello(carpeta().path(), &[], "1\npistas\npasar\npasar\nn\n");
    corrida.termina_bien();
    let dibujos = tableros(&corrida.salida);
    let ultimo = dibujos.last().unwrap();
    assert!(!ultimo.casillas.contains('*'), "{ultimo:?}");
    // The hints were on until the end: the boards before it show them.
    assert!(dibujos[dibujos.len() - 2].casillas.contains('*'));
}

#[test]
fn guardar_con_barra_final_no_crea_nada() {
    let dir = carpeta();
    othello(dir.path(), &[], "1\nguardar nueva/\nsalir\n")
        .termina_bien()
        .contiene("No se pudo guardar «nueva/»: el nombre de archivo no es válido.\n");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn otra_partida_no_hereda_los_archivos_de_la_anterior() {
    // Game 1 saves a.txt; after "play again", game 2 did not create a.txt, so saving
    // there asks, and there is no default name from game 1.
    let dir = carpeta();
    let corrida = othello(
        dir.path(),
        &[],
        "1\nc4\nguardar a.txt\npasar\npasar\ns\nguardar\n\nguardar a.txt\nn\nsalir\n",
    );
    corrida
        .termina_bien()
        .contiene("Nombre del archivo (Enter para cancelar): \nNo se guardó.\n")
        .contiene(
            "«a.txt» y «a.txt.jugadas» ya existen y no los creó esta partida. \
             ¿Sobrescribirlos? (s/n): n\n",
        );
    assert_eq!(leer(&dir, "a.txt"), TRAS_C4);
}

#[test]
fn tuberias_ni_se_cargan_ni_se_reemplazan_sin_preguntar() {
    let dir = carpeta();
    let estado = std::process::Command::new("mkfifo")
        .arg(dir.path().join("tubo"))
        .status()
        .unwrap();
    assert!(estado.success());
    let corrida = othello(dir.path(), &["--cargar", "tubo"], "");
    assert_eq!(corrida.codigo, Some(2));
    assert_eq!(
        corrida.errores,
        "error: «tubo» no es un archivo común (es un dispositivo, una tubería u otro \
         archivo especial)\n"
    );
    othello(dir.path(), &[], "1\nguardar tubo\nn\nsalir\n")
        .termina_bien()
        .contiene("«tubo» ya existe y no lo creó esta partida. ¿Sobrescribirlo? (s/n): n\n");
    let tipo = fs::symlink_metadata(dir.path().join("tubo"))
        .unwrap()
        .file_type();
    assert!(!tipo.is_file(), "la tubería sigue ahí");
}

#[test]
fn partida_cargada_ya_terminada_no_pregunta_el_turno() {
    let dir = carpeta();
    let lleno = include_str!("../../partidas/lleno-empate.txt");
    fs::write(dir.path().join("lleno.txt"), lleno).unwrap();
    let corrida = othello(dir.path(), &["--cargar", "lleno.txt"], "n\n");
    corrida
        .termina_bien()
        .no_contiene("¿Quién juega ahora?")
        .contiene(
            "Fin de la partida: el tablero está lleno.\nEmpate, 32 a 32.\n\
             ¿Jugar otra partida? (s/n): n\n",
        );
}

#[test]
fn historial_numera_las_jugadas_y_da_la_transcripcion() {
    let dir = carpeta();
    let corrida = othello(
        dir.path(),
        &[],
        "1\nhistorial\nc4\nc3\npasar\nhistorial\nsalir\nn\n",
    );
    corrida
        .termina_bien()
        .contiene(
            "Turno de las negras (N): historial\n\
             Todavía no hay jugadas (desde el tablero inicial; empiezan las negras (N)).\n",
        )
        .contiene(
            "Turno de las blancas (B): historial\n\
             Jugadas (desde el tablero inicial; empiezan las negras (N)):\n  \
             1. N C4      2. B C3      3. N pasar\n\
             Transcripción: C4 C3 pasar\n",
        );
}

#[test]
fn deshacer_vuelve_hasta_el_comienzo_y_no_mas() {
    let dir = carpeta();
    fs::write(
        dir.path().join("figura2.txt"),
        include_str!("../../partidas/figura2.txt"),
    )
    .unwrap();
    // From a loaded board: C3 and a pass undone, back to the loaded board and no further.
    let corrida = othello(
        dir.path(),
        &["--cargar", "figura2.txt", "--turno", "B"],
        "c3\npasar\ndeshacer\ndeshacer\ndeshacer\nguardar otra.txt\nsalir\n",
    );
    corrida
        .termina_bien()
        .contiene("Se deshizo «pasar» de las negras.\n")
        .contiene("Se deshizo «C3» de las blancas.\n")
        .contiene("No hay jugadas que deshacer: la partida está como empezó.\n")
        // After undoing, it is the loaded player's turn again.
        .contiene("Turno de las blancas (B): guardar otra.txt\n");
    assert_eq!(
        leer(&dir, "otra.txt"),
        include_str!("../../partidas/figura2.txt")
    );
    // The last move marked is the one before the undone one.
    let dibujos = tableros(&corrida.salida);
    assert_eq!(dibujos.len(), 5, "inicio, C3, pase, y dos deshacer");
    assert_eq!(dibujos[3].ultima.as_deref(), Some("C3"));
    assert_eq!(dibujos[4].ultima, None);
}

#[test]
fn las_jugadas_guardadas_se_repiten_con_repetir() {
    let dir = carpeta();
    // From the start: the transcript alone rebuilds the saved board.
    let corrida = othello(
        dir.path(),
        &[],
        "1\nc4\nc3\npasar\ne3\nguardar p.txt\nsalir\n",
    );
    corrida.termina_bien();
    let jugadas = leer(&dir, "p.txt.jugadas");
    assert!(jugadas.ends_with("\nC4 C3 pasar E3\n"), "{jugadas}");
    assert!(jugadas.contains("# Para repetirlas: othello repetir --jugadas-de p.txt.jugadas\n"));
    let repetida = othello(
        dir.path(),
        &["repetir", "--jugadas-de", "p.txt.jugadas"],
        "",
    );
    assert_eq!(repetida.codigo, Some(0), "{}", repetida.errores);
    assert_eq!(repetida.salida, leer(&dir, "p.txt"));

    // From a loaded board, saved over itself: the comment's command still has the start.
    fs::write(
        dir.path().join("f.txt"),
        include_str!("../../partidas/figura2.txt"),
    )
    .unwrap();
    let corrida = othello(
        dir.path(),
        &["--cargar", "f.txt", "--turno", "B"],
        "e3\nguardar\n\ns\nsalir\n",
    );
    corrida.termina_bien();
    let jugadas = leer(&dir, "f.txt.jugadas");
    let orden = jugadas
        .lines()
        .find_map(|linea| linea.strip_prefix("# Para repetirlas: "))
        .expect("la línea que dice cómo repetirlas");
    assert!(
        orden.contains("--desde - --turno B --jugadas-de f.txt.jugadas"),
        "{orden}"
    );
    let binario = env!("CARGO_BIN_EXE_othello");
    let salida = std::process::Command::new("bash")
        .arg("-c")
        .arg(orden.replace("othello ", &format!("'{binario}' ")))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        salida.status.success(),
        "{}",
        String::from_utf8_lossy(&salida.stderr)
    );
    assert_eq!(
        String::from_utf8(salida.stdout).unwrap(),
        leer(&dir, "f.txt")
    );
    assert_ne!(
        leer(&dir, "f.txt"),
        include_str!("../../partidas/figura2.txt")
    );
}

#[test]
fn el_script_de_correccion_del_readme_funciona() {
    let leeme = include_str!("../../README.md");
    let inicio = leeme
        .find("```sh\n#!/bin/sh")
        .expect("el script del README")
        + "```sh\n".len();
    let script = &leeme[inicio..inicio + leeme[inicio..].find("```").unwrap()];
    let dir = carpeta();
    let escribir = |nombre: &str, texto: &str| {
        let ruta = dir.path().join(nombre);
        fs::create_dir_all(ruta.parent().unwrap()).unwrap();
        fs::write(ruta, texto).unwrap();
    };
    escribir("corregir.sh", script);
    escribir("inicial.txt", INICIAL);
    escribir("figura2.txt", TRAS_C4);
    // Case 3 is not a valid move: the expected board is the one given.
    escribir(
        "casos.txt",
        "inicial.txt C4 N\nfigura2.txt C3 B\ninicial.txt A1 N\n",
    );
    let figura3 = include_str!("../../partidas/figura3.txt");
    // Ana is right, with another spacing and CRLF line ends in one answer.
    escribir(
        "entregas/ana/caso-1.txt",
        &TRAS_C4.replace(", ", ",").replace('\n', "\r\n"),
    );
    escribir("entregas/ana/caso-2.txt", figura3);
    escribir("entregas/ana/caso-3.txt", INICIAL);
    // Beto played case 3 anyway, and his case 2 is not a board.
    escribir("entregas/beto/caso-1.txt", TRAS_C4);
    escribir("entregas/beto/caso-2.txt", &figura3.replacen('B', "X", 1));
    escribir("entregas/beto/caso-3.txt", TRAS_C4);
    let binario = Path::new(env!("CARGO_BIN_EXE_othello")).parent().unwrap();
    let camino = format!(
        "{}:{}",
        binario.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let corrida = correr(
        Command::new("sh")
            .arg("corregir.sh")
            .current_dir(dir.path())
            .env("PATH", camino),
        "",
    );
    assert_eq!(
        corrida.codigo,
        Some(1),
        "{}{}",
        corrida.salida,
        corrida.errores
    );
    assert_eq!(
        corrida.salida,
        "entregas/beto caso 2: entregas/beto/caso-2.txt:3:7: error: en la casilla C3 se \
         encontró \"X\", se esperaba B, N o V\n\
         entregas/beto caso 3: el tablero no es el esperado\n\
         2 respuestas con problemas\n"
    );
}
