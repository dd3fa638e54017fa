//! The fixture boards of `partidas/`: each is loaded and written back byte for byte,
//! the moves of `partidas/README.md` are played on them, and every ending is checked.
//!
//! Every expected board, move list and count here was worked out by hand and checked
//! with a separate naive implementation (a 2D grid walked direction by direction), not
//! taken from this library's output.

use std::{fs, path::PathBuf};

use othello::{
    Casilla, Color, Estado, Jugada, Motivo, Partida, Resultado, Tablero, cargar_partida, contar,
    guardar_partida, jugar,
};

/// Every fixture, without its `.txt`. The folder must hold exactly these.
const PARTIDAS: [&str; 14] = [
    "esquina-antes",
    "esquina-despues",
    "figura2",
    "figura3",
    "inicial",
    "jugada-invalida-por-hueco",
    "lleno-empate",
    "lleno-ganan-negras",
    "nadie-puede-jugar",
    "sin-fichas-blancas",
    "sin-vuelta-por-el-borde",
    "solo-negras-pueden",
    "varias-direcciones-antes",
    "varias-direcciones-despues",
];

fn carpeta() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/partidas"))
}

fn ruta(nombre: &str) -> PathBuf {
    carpeta().join(format!("{nombre}.txt"))
}

fn cargar(nombre: &str) -> Tablero {
    cargar_partida(ruta(nombre)).unwrap_or_else(|error| panic!("{nombre}: {error:#}"))
}

/// Where `color` may play, as "C4"-style names in A1..H8 order (row by row).
fn jugadas(tablero: &Tablero, color: Color) -> Vec<String> {
    tablero
        .jugadas_validas(color)
        .into_iter()
        .map(|p| p.to_string())
        .collect()
}

/// Plays `posicion` for `color` with the homework's `jugar`, which must accept it.
fn jugar_bien(tablero: &mut Tablero, posicion: &str, color: &str) {
    assert!(
        jugar(tablero, posicion, color),
        "{color} en {posicion} debería ser válida en\n{tablero:?}"
    );
}

/// `color` on `posicion` must be rejected and leave the board exactly as it was.
fn jugar_mal(tablero: &Tablero, posicion: &str, color: &str) {
    let mut copia = tablero.clone();
    assert!(
        !jugar(&mut copia, posicion, color),
        "{color} en {posicion} no debería ser válida"
    );
    assert_eq!(&copia, tablero, "{color} en {posicion} cambió el tablero");
}

fn terminada(tablero: &Tablero, turno: Color) -> (Motivo, Resultado) {
    match Partida::desde(tablero.clone(), turno).estado() {
        Estado::Terminada { motivo, resultado } => (motivo, resultado),
        Estado::EnCurso => panic!("con turno {turno} la partida debería haber terminado"),
    }
}

fn gana(color: Color, negras: u32, blancas: u32) -> Resultado {
    Resultado::Gana {
        color,
        negras,
        blancas,
    }
}

#[test]
fn la_carpeta_tiene_exactamente_las_partidas_del_readme() {
    // A fixture added or lost without updating the README and this list must be noticed.
    let mut nombres: Vec<String> = fs::read_dir(carpeta())
        .unwrap()
        .map(|entrada| entrada.unwrap().file_name().into_string().unwrap())
        .filter_map(|nombre| nombre.strip_suffix(".txt").map(str::to_owned))
        .collect();
    nombres.sort();
    assert_eq!(nombres, PARTIDAS);
    let readme = fs::read_to_string(carpeta().join("README.md")).unwrap();
    for nombre in PARTIDAS {
        assert!(
            readme.contains(&format!("`{nombre}.txt`")),
            "{nombre}.txt falta en el README"
        );
    }
}

#[test]
fn cada_partida_se_lee_y_se_guarda_byte_por_byte() {
    // The fixtures are in the canonical format, so loading and saving changes nothing.
    let temporal = tempfile::tempdir().unwrap();
    for nombre in PARTIDAS {
        let texto = fs::read_to_string(ruta(nombre)).unwrap();
        let tablero = cargar(nombre);
        assert_eq!(tablero.to_string(), texto, "{nombre}");
        assert_eq!(texto.parse::<Tablero>().unwrap(), tablero, "{nombre}");
        let copia = temporal.path().join(format!("{nombre}.txt"));
        guardar_partida(&tablero, &copia).unwrap();
        assert_eq!(fs::read_to_string(&copia).unwrap(), texto, "{nombre}");
    }
}

#[test]
fn inicial_es_la_figura_1() {
    let tablero = cargar("inicial");
    assert_eq!(tablero, Tablero::inicial());
    // Checked cell by cell too: the file, not only the library, must match the homework.
    for (posicion, letra) in [("D4", "B"), ("E5", "B"), ("E4", "N"), ("D5", "N")] {
        assert_eq!(
            tablero.casilla(posicion.parse().unwrap()).to_string(),
            letra,
            "{posicion}"
        );
    }
    assert_eq!(contar(&tablero, "V"), 60);
}

#[test]
fn figura_2_tras_c4_de_negras() {
    let mut tablero = cargar("inicial");
    jugar_bien(&mut tablero, "C4", "N");
    assert_eq!(tablero, cargar("figura2"));
}

#[test]
fn figura_3_tras_c3_de_blancas() {
    let mut tablero = cargar("figura2");
    jugar_bien(&mut tablero, "C3", "B");
    assert_eq!(tablero, cargar("figura3"));
    // C4 stays black: below it, C5 is empty, so C3 does not flank it.
    assert_eq!(tablero.casilla("C4".parse().unwrap()), Color::Negro.into());
}

#[test]
fn varias_direcciones_a_la_vez() {
    let mut tablero = cargar("varias-direcciones-antes");
    // Four directions flip (NW 1, E 2, SE 1, S 3); N ends on an empty D1 and W on
    // the edge, so D2, D3 and A4-C4 stay white.
    let volteadas = tablero.jugar("D4".parse().unwrap(), Color::Negro).unwrap();
    let volteadas: Vec<String> = volteadas.into_iter().map(|p| p.to_string()).collect();
    assert_eq!(volteadas, ["C3", "E4", "F4", "D5", "E5", "D6", "D7"]);
    assert_eq!(tablero, cargar("varias-direcciones-despues"));

    // The homework's `jugar` does the same.
    let mut tablero = cargar("varias-direcciones-antes");
    jugar_bien(&mut tablero, "D4", "N");
    assert_eq!(tablero, cargar("varias-direcciones-despues"));
}

#[test]
fn esquina_voltea_por_el_borde_y_la_diagonal() {
    let mut tablero = cargar("esquina-antes");
    // B1-D1 along row 1 and B2, C3 on the diagonal. Column A ends on an empty A4.
    // H1, A8 and H8 are traps: they flip only if the walk wraps past the corner.
    let volteadas = tablero.jugar("A1".parse().unwrap(), Color::Blanco).unwrap();
    let volteadas: Vec<String> = volteadas.into_iter().map(|p| p.to_string()).collect();
    assert_eq!(volteadas, ["B1", "C1", "D1", "B2", "C3"]);
    assert_eq!(tablero, cargar("esquina-despues"));

    let mut tablero = cargar("esquina-antes");
    jugar_bien(&mut tablero, "A1", "B");
    assert_eq!(tablero, cargar("esquina-despues"));
}

#[test]
fn hueco_no_permite_flanquear() {
    let tablero = cargar("jugada-invalida-por-hueco");
    // E4: white D4 then empty C4 (west), white D5 then empty C6 (south-west).
    jugar_mal(&tablero, "E4", "N");
    // G5: white G4 then empty G3 (north).
    jugar_mal(&tablero, "G5", "N");
    // The moves that do flank, each across one white piece with no gap.
    assert_eq!(jugadas(&tablero, Color::Negro), ["G3", "C4", "C6"]);
    let mut con_c4 = tablero.clone();
    let volteadas = con_c4.jugar("C4".parse().unwrap(), Color::Negro).unwrap();
    assert_eq!(
        volteadas
            .into_iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>(),
        ["B4"]
    );
}

#[test]
fn sin_vuelta_por_el_borde() {
    let tablero = cargar("sin-vuelta-por-el-borde");
    // H4 would flank A4, A5 and A6 only if H-column steps wrapped to column A.
    jugar_mal(&tablero, "H4", "N");
    // The real edge move, straight down column H, is black's only one.
    assert_eq!(jugadas(&tablero, Color::Negro), ["H6"]);
    let mut tablero = tablero;
    jugar_bien(&mut tablero, "H6", "N");
    assert_eq!(tablero.casilla("H7".parse().unwrap()), Color::Negro.into());
}

#[test]
fn jugadas_validas_de_cada_partida() {
    // Every valid move of both colors on every fixture, row by row.
    let esperadas: [(&str, &[&str], &[&str]); 14] = [
        (
            "inicial",
            &["D3", "C4", "F5", "E6"],
            &["E3", "F4", "C5", "D6"],
        ),
        ("figura2", &["F5", "E6", "F6"], &["C3", "E3", "C5"]),
        (
            "figura3",
            &["C2", "D3", "F5", "E6"],
            &["E3", "B4", "F4", "C5", "D6"],
        ),
        (
            "varias-direcciones-antes",
            &["C1", "B3", "D4", "G5", "E6"],
            &["A1", "E2", "F3", "H4", "G7"],
        ),
        (
            "varias-direcciones-despues",
            &["C1", "D1", "E1", "C2", "B3", "A5", "C5"],
            &["C2", "B3", "F3", "H4", "F5", "G5", "E6"],
        ),
        (
            "esquina-antes",
            &["F1", "D3", "C4", "F5", "A6", "E6", "F6"],
            &["A1", "E3", "F4", "C5", "D6"],
        ),
        (
            "esquina-despues",
            &["F1", "C2", "D3", "C4", "F5", "A6", "E6", "F6"],
            &["E3", "A4", "F4", "C5", "D6"],
        ),
        ("jugada-invalida-por-hueco", &["G3", "C4", "C6"], &[]),
        (
            "sin-vuelta-por-el-borde",
            &["H6"],
            &["C2", "C4", "C5", "C6", "C8"],
        ),
        ("lleno-ganan-negras", &[], &[]),
        ("lleno-empate", &[], &[]),
        ("sin-fichas-blancas", &[], &[]),
        ("nadie-puede-jugar", &[], &[]),
        ("solo-negras-pueden", &["F3", "F4", "F5", "E6", "F6"], &[]),
    ];
    for (nombre, negras, blancas) in esperadas {
        let tablero = cargar(nombre);
        assert_eq!(jugadas(&tablero, Color::Negro), negras, "{nombre}, negras");
        assert_eq!(
            jugadas(&tablero, Color::Blanco),
            blancas,
            "{nombre}, blancas"
        );
    }
}

#[test]
fn contar_en_cada_partida() {
    // (N, B, V) for every fixture, counted from the files by hand and by the reference.
    let esperados = [
        ("inicial", 2, 2, 60),
        ("figura2", 4, 1, 59),
        ("figura3", 3, 3, 58),
        ("varias-direcciones-antes", 5, 12, 47),
        ("varias-direcciones-despues", 13, 5, 46),
        ("esquina-antes", 12, 6, 46),
        ("esquina-despues", 7, 12, 45),
        ("jugada-invalida-por-hueco", 3, 6, 55),
        ("sin-vuelta-por-el-borde", 4, 4, 56),
        ("lleno-ganan-negras", 36, 28, 0),
        ("lleno-empate", 32, 32, 0),
        ("sin-fichas-blancas", 13, 0, 51),
        ("nadie-puede-jugar", 30, 22, 12),
        ("solo-negras-pueden", 35, 2, 27),
    ];
    assert_eq!(esperados.len(), PARTIDAS.len());
    for (nombre, n, b, v) in esperados {
        let tablero = cargar(nombre);
        assert_eq!(
            (
                contar(&tablero, "N"),
                contar(&tablero, "B"),
                contar(&tablero, "V")
            ),
            (n, b, v),
            "{nombre}"
        );
    }
}

#[test]
fn lleno_ganan_negras() {
    let tablero = cargar("lleno-ganan-negras");
    assert_eq!((contar(&tablero, "N"), contar(&tablero, "B")), (36, 28));
    assert_eq!(contar(&tablero, "V"), 0);
    // A full board ends the game whoever is to move.
    for turno in Color::TODOS {
        assert_eq!(
            terminada(&tablero, turno),
            (Motivo::TableroLleno, gana(Color::Negro, 36, 28))
        );
    }
}

#[test]
fn lleno_empate() {
    let tablero = cargar("lleno-empate");
    assert_eq!((contar(&tablero, "N"), contar(&tablero, "B")), (32, 32));
    assert_eq!(contar(&tablero, "V"), 0);
    for turno in Color::TODOS {
        assert_eq!(
            terminada(&tablero, turno),
            (Motivo::TableroLleno, Resultado::Empate { fichas: 32 })
        );
    }
}

#[test]
fn sin_fichas_blancas_tras_nueve_jugadas() {
    // A real game: black takes every white piece in nine moves.
    let mut tablero = Tablero::inicial();
    let jugadas = ["D3", "C3", "B3", "D2", "E1", "D6", "D7", "E3", "F4"];
    for (numero, posicion) in jugadas.into_iter().enumerate() {
        let color = if numero % 2 == 0 { "N" } else { "B" };
        jugar_bien(&mut tablero, posicion, color);
    }
    assert_eq!(tablero, cargar("sin-fichas-blancas"));

    // White to move with no pieces: the homework's third ending.
    assert_eq!(
        terminada(&tablero, Color::Blanco),
        (Motivo::SinFichas(Color::Blanco), gana(Color::Negro, 13, 0))
    );
    // Black to move: black has pieces but nothing to flank, and neither has white.
    assert_eq!(
        terminada(&tablero, Color::Negro),
        (Motivo::NingunoPuedeJugar, gana(Color::Negro, 13, 0))
    );
}

#[test]
fn nadie_puede_jugar_sin_tablero_lleno() {
    let tablero = cargar("nadie-puede-jugar");
    for turno in Color::TODOS {
        assert_eq!(
            terminada(&tablero, turno),
            (Motivo::NingunoPuedeJugar, gana(Color::Negro, 30, 22))
        );
        let mut partida = Partida::desde(tablero.clone(), turno);
        assert!(!partida.debe_pasar(), "the game is over, not a pass");
        assert!(partida.jugar(Jugada::Pasar).is_err());
    }
    // Every one of the 12 empty cells is refused to both colors.
    let vacias: Vec<_> = tablero.vacias().into_iter().collect();
    assert_eq!(vacias.len(), 12);
    for posicion in vacias {
        for color in ["N", "B"] {
            jugar_mal(&tablero, &posicion.to_string(), color);
        }
    }
}

#[test]
fn solo_negras_pueden_jugar() {
    let tablero = cargar("solo-negras-pueden");
    let blancas = Partida::desde(tablero.clone(), Color::Blanco);
    assert_eq!(blancas.estado(), Estado::EnCurso);
    assert!(blancas.debe_pasar());
    let negras = Partida::desde(tablero.clone(), Color::Negro);
    assert_eq!(negras.estado(), Estado::EnCurso);
    assert!(!negras.debe_pasar());
    // No empty cell is valid for white.
    for posicion in tablero.vacias() {
        jugar_mal(&tablero, &posicion.to_string(), "B");
    }
}

#[test]
fn dos_pases_seguidos_terminan() {
    // White must pass; if black then passes too, the game ends although black could
    // have played.
    let tablero = cargar("solo-negras-pueden");
    let mut partida = Partida::desde(tablero.clone(), Color::Blanco);
    partida.jugar(Jugada::Pasar).unwrap();
    assert_eq!(partida.estado(), Estado::EnCurso);
    assert!(!partida.debe_pasar());
    partida.jugar(Jugada::Pasar).unwrap();
    assert_eq!(
        partida.estado(),
        Estado::Terminada {
            motivo: Motivo::DosPases,
            resultado: gana(Color::Negro, 35, 2),
        }
    );

    // A move between the passes resets the count: F3 flips only E4 (black 37,
    // white 1), white must pass again, and black still moves.
    let mut partida = Partida::desde(tablero, Color::Blanco);
    partida.jugar(Jugada::Pasar).unwrap();
    partida.jugar("F3".parse().unwrap()).unwrap();
    assert!(partida.debe_pasar());
    partida.jugar(Jugada::Pasar).unwrap();
    assert_eq!(partida.estado(), Estado::EnCurso);
    assert_eq!(partida.tablero().contar(Casilla::Ficha(Color::Negro)), 37);
    assert_eq!(partida.tablero().contar(Casilla::Ficha(Color::Blanco)), 1);

    // From the start: two passes end it tied 2 to 2.
    let mut partida = Partida::desde(cargar("inicial"), Color::Negro);
    partida.jugar(Jugada::Pasar).unwrap();
    partida.jugar(Jugada::Pasar).unwrap();
    assert_eq!(
        partida.estado(),
        Estado::Terminada {
            motivo: Motivo::DosPases,
            resultado: Resultado::Empate { fichas: 2 },
        }
    );
}
