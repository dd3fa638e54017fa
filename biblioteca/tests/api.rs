//! The homework's API exactly as specified, end to end through the public crate and
//! nothing else (this is the library's own test: none of the program's crates):
//! `jugar`, `contar`, the list of lists, the file format and every file error.
//!
//! Expected values are written out by hand from the homework's rules, never taken from
//! the library's own output.

use std::{
    fmt::{Debug, Display},
    fs,
    path::{Path, PathBuf},
    str::FromStr,
};

mod comun;

use comun::{INICIAL, escribir, tablero_de, texto_de};

use othello::{ErrorArchivo, ErrorLista, ErrorTablero, Posicion, Tablero, cargar_partida, contar};
use othello::{guardar_partida, jugar};
use tempfile::tempdir;

// ---------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------

/// The list of lists written out from 8 rows of letters, to compare with `a_lista`.
fn lista_de(filas: [&str; 8]) -> Vec<Vec<String>> {
    filas
        .iter()
        .map(|fila| fila.chars().map(String::from).collect())
        .collect()
}

/// A position by name.
fn pos(nombre: &str) -> Posicion {
    nombre.parse().expect("posición de prueba válida")
}

/// The three counts (N, B, V) through the homework's `contar`.
fn cuentas(tablero: &Tablero) -> (usize, usize, usize) {
    (
        contar(tablero, "N"),
        contar(tablero, "B"),
        contar(tablero, "V"),
    )
}

/// The `ErrorArchivo` of a failed load or save: typed, no downcast needed.
fn error_archivo<T: Debug>(resultado: Result<T, ErrorArchivo>) -> ErrorArchivo {
    resultado.expect_err("se esperaba un error")
}

/// The names in a folder, sorted: to check that no temporary file was left behind.
fn nombres_en(carpeta: &Path) -> Vec<String> {
    let mut nombres: Vec<String> = fs::read_dir(carpeta)
        .unwrap()
        .map(|entrada| entrada.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    nombres.sort();
    nombres
}

/// Loads `contenido` from a file and expects the format error `esperado`; the message
/// must name the file, the line and column, and contain `tambien` (what was found).
fn espera_error_de_formato(contenido: impl AsRef<[u8]>, esperado: ErrorTablero, tambien: &str) {
    let carpeta = tempdir().unwrap();
    let ruta = escribir(carpeta.path(), "tablero.txt", &contenido);
    let error = error_archivo(cargar_partida(&ruta));
    let mensaje = error.to_string();
    let ErrorArchivo::Formato {
        ruta: ruta_error,
        fuente,
        ..
    } = error
    else {
        panic!("se esperaba ErrorArchivo::Formato, llegó {error:?}");
    };
    assert_eq!(ruta_error, ruta);
    assert!(
        mensaje.contains(&ruta.display().to_string()),
        "el mensaje no nombra el archivo: {mensaje}"
    );
    let (linea, columna) = (esperado.linea(), esperado.columna());
    assert_eq!(fuente, esperado);
    assert!(
        mensaje.contains(&format!("línea {linea}, columna {columna}")),
        "el mensaje no dice «línea {linea}, columna {columna}»: {mensaje}"
    );
    assert!(
        mensaje.contains(tambien),
        "el mensaje no contiene {tambien:?}: {mensaje}"
    );
}

/// An asymmetric board: a transposed, mirrored or shifted reading would not match it.
const MUESTRA: [&str; 8] = [
    "NVVVVVVB", // 1
    "VVVVVVVV", // 2
    "VVBVVVVV", // 3
    "VVNBNVVV", // 4
    "VVVNBVVV", // 5
    "VVVVVVVV", // 6
    "VBVVVVVV", // 7
    "VVVVVVVN", // 8
];

/// `MUESTRA` in the canonical file format, written out by hand.
const MUESTRA_TEXTO: &str = "\
N, V, V, V, V, V, V, B
V, V, V, V, V, V, V, V
V, V, B, V, V, V, V, V
V, V, N, B, N, V, V, V
V, V, V, N, B, V, V, V
V, V, V, V, V, V, V, V
V, B, V, V, V, V, V, V
V, V, V, V, V, V, V, N
";

/// A row of 8 empty cells as the file writes it.
const FILA_VACIA: &str = "V, V, V, V, V, V, V, V\n";

// ---------------------------------------------------------------------------------
// Signatures and traits
// ---------------------------------------------------------------------------------

/// Compiles only if `T` has every trait the graders rely on.
fn tiene_los_rasgos<T>()
where
    T: Clone + PartialEq + Eq + Debug + Display + FromStr,
    T: TryFrom<Vec<Vec<String>>, Error = ErrorLista>,
    for<'a> T: TryFrom<&'a [Vec<String>], Error = ErrorLista>,
    for<'a> T: TryFrom<&'a [Vec<&'static str>], Error = ErrorLista>,
    for<'a> Vec<Vec<String>>: From<&'a T>,
{
}

/// Compiles only if `E` can travel inside `anyhow::Error` (or `Box<dyn Error>`) and be
/// downcast back.
fn es_error_para_anyhow<E: std::error::Error + Send + Sync + 'static>() {}

#[test]
fn firmas_de_la_tarea() {
    // The homework's functions coerce to exactly these function pointer types.
    let _: fn(&mut Tablero, &str, &str) -> bool = othello::jugar;
    let _: fn(&Tablero, &str) -> usize = othello::contar;
    let _: fn(&Tablero, &'static str) -> Result<(), ErrorArchivo> = othello::guardar_partida;
    let _: fn(&Tablero, String) -> Result<(), ErrorArchivo> = othello::guardar_partida;
    let _: fn(&Tablero, &'static Path) -> Result<(), ErrorArchivo> = othello::guardar_partida;
    let _: fn(&Tablero, PathBuf) -> Result<(), ErrorArchivo> = othello::guardar_partida;
    let _: fn(&'static str) -> Result<Tablero, ErrorArchivo> = othello::cargar_partida;
    let _: fn(String) -> Result<Tablero, ErrorArchivo> = othello::cargar_partida;
    let _: fn(&'static Path) -> Result<Tablero, ErrorArchivo> = othello::cargar_partida;
    let _: fn(PathBuf) -> Result<Tablero, ErrorArchivo> = othello::cargar_partida;
    let _: fn() -> Tablero = Tablero::inicial;
    let _: fn(&Tablero) -> Vec<Vec<String>> = Tablero::a_lista;
    tiene_los_rasgos::<Tablero>();
    es_error_para_anyhow::<ErrorArchivo>();
    es_error_para_anyhow::<ErrorLista>();
    es_error_para_anyhow::<ErrorTablero>();
}

#[test]
fn guardar_y_cargar_aceptan_str_string_path_y_pathbuf() {
    let carpeta = tempdir().unwrap();
    let tablero = tablero_de(MUESTRA);
    // A name with a space and a non-ASCII letter, as a student might choose.
    let ruta: PathBuf = carpeta.path().join("mi partida ñ.txt");
    let texto: &str = ruta.to_str().unwrap();

    guardar_partida(&tablero, texto).unwrap();
    assert_eq!(cargar_partida(texto).unwrap(), tablero);

    let inicial = Tablero::inicial();
    let como_string: String = texto.to_owned();
    guardar_partida(&inicial, como_string.clone()).unwrap();
    assert_eq!(cargar_partida(como_string).unwrap(), inicial);

    guardar_partida(&tablero, ruta.as_path()).unwrap();
    assert_eq!(cargar_partida(ruta.as_path()).unwrap(), tablero);

    guardar_partida(&inicial, ruta.clone()).unwrap();
    assert_eq!(cargar_partida(ruta.clone()).unwrap(), inicial);

    guardar_partida(&tablero, &ruta).unwrap();
    assert_eq!(cargar_partida(&ruta).unwrap(), tablero);
    assert_eq!(fs::read_to_string(&ruta).unwrap(), MUESTRA_TEXTO);
}

// ---------------------------------------------------------------------------------
// The starting board
// ---------------------------------------------------------------------------------

#[test]
fn tablero_inicial_como_la_figura_1() {
    let inicial = Tablero::inicial();
    // B on D4 and E5, N on E4 and D5; row 1 first, column A first.
    let esperada = lista_de([
        "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVBNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    assert_eq!(inicial.a_lista(), esperada);
    assert_eq!(Vec::<Vec<String>>::from(&inicial), esperada);
    assert_eq!(inicial.to_string(), INICIAL);
    assert_eq!(cuentas(&inicial), (2, 2, 60));
    assert_eq!(inicial.clone(), inicial);
    assert_ne!(inicial, tablero_de(MUESTRA));
}

// ---------------------------------------------------------------------------------
// jugar
// ---------------------------------------------------------------------------------

#[test]
fn jugar_figuras_2_y_3() {
    let mut tablero = Tablero::inicial();
    // Figure 2: black on C4 flanks D4 horizontally (C4-D4-E4).
    assert!(jugar(&mut tablero, "C4", "N"));
    assert_eq!(
        tablero.a_lista(),
        lista_de([
            "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVNNNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ])
    );
    assert_eq!(cuentas(&tablero), (4, 1, 59));
    // Figure 3: white on C3 flanks D4 on the diagonal C3-D4-E5; C4 stays black
    // because C5 below it is empty.
    assert!(jugar(&mut tablero, "C3", "B"));
    assert_eq!(
        tablero.a_lista(),
        lista_de([
            "VVVVVVVV", "VVVVVVVV", "VVBVVVVV", "VVNBNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ])
    );
    assert_eq!(cuentas(&tablero), (3, 3, 58));
}

#[test]
fn jugadas_validas_del_inicio_por_fuerza_bruta() {
    // Worked out by hand from the starting board: each flanks exactly one piece.
    let casos = [
        ("N", ["D3", "C4", "F5", "E6"], ["D4", "D4", "E5", "E5"]),
        ("B", ["E3", "F4", "C5", "D6"], ["E4", "E4", "D5", "D5"]),
    ];
    for (valor, validas, volteadas) in casos {
        let mut encontradas = Vec::new();
        for fila in 1..=8 {
            for columna in 'A'..='H' {
                let nombre = format!("{columna}{fila}");
                let mut tablero = Tablero::inicial();
                if jugar(&mut tablero, &nombre, valor) {
                    encontradas.push(nombre);
                } else {
                    assert_eq!(tablero, Tablero::inicial(), "{valor} en {nombre}");
                }
            }
        }
        let mut esperadas: Vec<&str> = validas.to_vec();
        esperadas.sort_by_key(|n| (n.as_bytes()[1], n.as_bytes()[0]));
        assert_eq!(encontradas, esperadas, "jugadas de {valor}");

        for (jugada, volteada) in validas.iter().zip(volteadas) {
            let mut tablero = Tablero::inicial();
            assert!(jugar(&mut tablero, jugada, valor));
            let lista = tablero.a_lista();
            let celda = |nombre: &str| {
                let p = pos(nombre);
                lista[p.fila() as usize][p.columna() as usize].clone()
            };
            assert_eq!(celda(jugada), valor);
            assert_eq!(celda(volteada), valor);
            assert_eq!(contar(&tablero, valor), 4, "{valor} en {jugada}");
            assert_eq!(contar(&tablero, "V"), 59);
        }
    }
}

#[test]
fn jugar_voltea_en_las_ocho_direcciones_a_la_vez() {
    // D4 surrounded by white; each white run ends on a black piece (E4-F4 ends on G4).
    let mut tablero = tablero_de([
        "VVVVVVVV", // 1
        "VNVNVNVV", // 2
        "VVBBBVVV", // 3
        "VNBVBBNV", // 4
        "VVBBBVVV", // 5
        "VNVNVNVV", // 6
        "VVVVVVVV", // 7
        "VVVVVVVV", // 8
    ]);
    assert_eq!(cuentas(&tablero), (8, 9, 47));
    assert!(jugar(&mut tablero, "D4", "N"));
    assert_eq!(
        tablero,
        tablero_de([
            "VVVVVVVV", "VNVNVNVV", "VVNNNVVV", "VNNNNNNV", "VVNNNVVV", "VNVNVNVV", "VVVVVVVV",
            "VVVVVVVV",
        ])
    );
    assert_eq!(cuentas(&tablero), (18, 0, 46));
}

#[test]
fn jugar_voltea_corridas_largas_y_a_ambos_lados() {
    // Six white pieces between A1 and H1.
    let mut tablero = tablero_de([
        "NBBBBBBV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    assert!(jugar(&mut tablero, "H1", "N"));
    assert_eq!(cuentas(&tablero), (8, 0, 56));

    // Runs on both sides of D1 on the same row; white on column D below is unflanked.
    let mut tablero = tablero_de([
        "NBBVBBNV", "VVVBVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    assert!(jugar(&mut tablero, "D1", "N"));
    assert_eq!(
        tablero,
        tablero_de([
            "NNNNNNNV", "VVVBVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ])
    );

    // The same for white, vertically in column H, from row 8 upwards.
    let mut tablero = tablero_de([
        "VVVVVVVV", "VVVVVVVB", "VVVVVVVN", "VVVVVVVN", "VVVVVVVN", "VVVVVVVN", "VVVVVVVN",
        "VVVVVVVV",
    ]);
    assert!(jugar(&mut tablero, "H8", "B"));
    assert_eq!(cuentas(&tablero), (0, 7, 57));
}

#[test]
fn jugar_no_salta_huecos_ni_da_la_vuelta_al_borde() {
    // Row 1: N A1, B B1, empty C1, B D1. E1 does not reach A1 across the gap.
    let base = tablero_de([
        "NBVBVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    let mut tablero = base.clone();
    assert!(!jugar(&mut tablero, "E1", "N"));
    assert_eq!(tablero, base);
    // C1 flanks B1 only; D1 has an empty cell after it.
    assert!(jugar(&mut tablero, "C1", "N"));
    assert_eq!(
        tablero,
        tablero_de([
            "NNNBVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
            "VVVVVVVV",
        ])
    );

    // Boards where a move would be valid only if a line wrapped from column H to
    // column A of the next row (or back), as a careless index walk would do.
    let vuelta_al_borde = [
        // West of A3 is not H2.
        (
            [
                "VVVVVVVV", "VVVVVVNB", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
                "VVVVVVVV",
            ],
            "A3",
        ),
        // East of H2 is not A3.
        (
            [
                "VVVVVVVV", "VVVVVVVV", "BNVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
                "VVVVVVVV",
            ],
            "H2",
        ),
        // South-east of H4 is not A6.
        (
            [
                "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "BVVVVVVV", "VNVVVVVV",
                "VVVVVVVV",
            ],
            "H4",
        ),
        // North-west of A5 is not H3.
        (
            [
                "VVVVVVVV", "VVVVVVNV", "VVVVVVVB", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
                "VVVVVVVV",
            ],
            "A5",
        ),
        // South-west of A2 is not H2 (index + 7).
        (
            [
                "VVVVVVVV", "VVVVVVVB", "VVVVVVNV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
                "VVVVVVVV",
            ],
            "A2",
        ),
        // North-east of H3 is not A3 (index - 7).
        (
            [
                "VVVVVVVV", "VNVVVVVV", "BVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
                "VVVVVVVV",
            ],
            "H3",
        ),
    ];
    for (filas, jugada) in vuelta_al_borde {
        let base = tablero_de(filas);
        let mut tablero = base.clone();
        assert!(!jugar(&mut tablero, jugada, "N"), "N en {jugada}: {base:?}");
        assert_eq!(tablero, base);
    }

    // A genuine corner diagonal still works: A1 flanks B2 against C3.
    let mut tablero = tablero_de([
        "VVVVVVVV", "VBVVVVVV", "VVNVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    assert!(jugar(&mut tablero, "A1", "N"));
    assert_eq!(cuentas(&tablero), (3, 0, 61));
}

#[test]
fn jugar_rechaza_posiciones_mal_escritas_sin_tocar_el_tablero() {
    // C4 is a valid move for black on the starting board; every variant of it that
    // is not exactly "C4" must be rejected.
    let rechazadas = [
        "c4", " C4", "C4 ", "C4\n", "\tC4", "C44", "C04", "4C", "C", "4", "", "CC4", "C-4", "C 4",
        "A0", "A9", "I1", "I4", "@4", "C:", "C33", "Ｃ4", "C٤", "ñ4", "C4C4", "c3", " C3", "C3 ",
        "pasar",
    ];
    for texto in rechazadas {
        let mut tablero = Tablero::inicial();
        assert!(!jugar(&mut tablero, texto, "N"), "{texto:?} aceptada");
        assert_eq!(tablero, Tablero::inicial(), "{texto:?} cambió el tablero");
    }
    let mut tablero = Tablero::inicial();
    assert!(jugar(&mut tablero, "C4", "N"));
}

#[test]
fn jugar_rechaza_valores_que_no_son_b_ni_n() {
    for valor in [
        "n", "b", "V", "v", "", " N", "N ", "NN", "NB", "Negro", "Blanco", "X", "Ｎ", "N\n",
    ] {
        let mut tablero = Tablero::inicial();
        assert!(!jugar(&mut tablero, "C4", valor), "{valor:?} aceptado");
        assert_eq!(tablero, Tablero::inicial(), "{valor:?} cambió el tablero");
    }
}

#[test]
fn jugar_rechaza_casillas_ocupadas_y_jugadas_sin_flanqueo() {
    let mut tablero = Tablero::inicial();
    assert!(jugar(&mut tablero, "C4", "N"));
    let antes = tablero.clone();
    // Occupied, by either color, whoever plays.
    for (jugada, valor) in [
        ("D4", "N"),
        ("D4", "B"),
        ("C4", "N"),
        ("C4", "B"),
        ("E5", "N"),
        ("E5", "B"),
    ] {
        assert!(!jugar(&mut tablero, jugada, valor), "{valor} en {jugada}");
        assert_eq!(tablero, antes);
    }
    // Empty but flanks nothing: far away, next to one's own pieces, or next to a rival
    // piece with nothing behind it.
    for (jugada, valor) in [
        ("A1", "N"),
        ("H8", "B"),
        ("B4", "N"),
        ("F4", "N"),
        ("C6", "N"),
        ("D6", "N"),
        ("B4", "B"),
        ("D3", "B"),
        ("E6", "B"),
    ] {
        assert!(!jugar(&mut tablero, jugada, valor), "{valor} en {jugada}");
        assert_eq!(tablero, antes);
    }
    // A full board: nothing can be played anywhere.
    let mut lleno = tablero_de(["NNNNNNNN"; 8]);
    for fila in 1..=8 {
        for columna in 'A'..='H' {
            assert!(!jugar(&mut lleno, &format!("{columna}{fila}"), "B"));
        }
    }
    assert_eq!(lleno, tablero_de(["NNNNNNNN"; 8]));
}

// ---------------------------------------------------------------------------------
// contar
// ---------------------------------------------------------------------------------

#[test]
fn contar_en_varios_tableros() {
    assert_eq!(cuentas(&tablero_de(["VVVVVVVV"; 8])), (0, 0, 64));
    assert_eq!(cuentas(&tablero_de(["NNNNNNNN"; 8])), (64, 0, 0));
    assert_eq!(cuentas(&tablero_de(["BBBBBBBB"; 8])), (0, 64, 0));
    // MUESTRA: N on A1, C4, E4, D5, H8; B on H1, C3, D4, E5, B7.
    assert_eq!(cuentas(&tablero_de(MUESTRA)), (5, 5, 54));
    // A checkerboard with the last row empty.
    let ajedrez = tablero_de([
        "NBNBNBNB", "BNBNBNBN", "NBNBNBNB", "BNBNBNBN", "NBNBNBNB", "BNBNBNBN", "NBNBNBNB",
        "VVVVVVVV",
    ]);
    assert_eq!(cuentas(&ajedrez), (28, 28, 8));
}

#[test]
fn contar_otro_texto_es_cero() {
    let tablero = tablero_de(MUESTRA);
    for c in [
        "", "n", "b", "v", "X", "NB", "NN", " N", "N ", "Negro", "Ｎ", "VV",
    ] {
        assert_eq!(contar(&tablero, c), 0, "{c:?}");
    }
}

// ---------------------------------------------------------------------------------
// The list of lists
// ---------------------------------------------------------------------------------

#[test]
fn lista_de_listas_en_ambos_sentidos() {
    let esperada = lista_de(MUESTRA);
    let tablero = Tablero::try_from(esperada.clone()).unwrap();
    assert_eq!(tablero.a_lista(), esperada);
    assert_eq!(Vec::<Vec<String>>::from(&tablero), esperada);
    // Row 1 is the first list and column A the first string of each.
    assert_eq!(
        esperada[0],
        ["N", "V", "V", "V", "V", "V", "V", "B"].map(String::from)
    );
    let lista = tablero.a_lista();
    assert_eq!(lista[0][0], "N"); // A1
    assert_eq!(lista[0][7], "B"); // H1
    assert_eq!(lista[6][1], "B"); // B7
    assert_eq!(lista[7][7], "N"); // H8
    assert_eq!(lista[3][2], "N"); // C4
    assert_eq!(lista[2][2], "B"); // C3

    // From a slice of rows of &str, and of String.
    let de_str: Vec<Vec<&str>> = MUESTRA
        .iter()
        .map(|fila| fila.char_indices().map(|(i, _)| &fila[i..i + 1]).collect())
        .collect();
    assert_eq!(Tablero::try_from(de_str.as_slice()), Ok(tablero.clone()));
    assert_eq!(Tablero::try_from(esperada.as_slice()), Ok(tablero.clone()));
    // Text and list agree.
    assert_eq!(tablero.to_string(), MUESTRA_TEXTO);
}

#[test]
fn lista_mal_formada_da_el_error_exacto() {
    let buena = lista_de(MUESTRA);
    let cambiar = |cambio: &dyn Fn(&mut Vec<Vec<String>>)| {
        let mut lista = buena.clone();
        cambio(&mut lista);
        Tablero::try_from(lista)
    };
    let casilla = |nombre: &str, encontrado: &str| {
        Err(ErrorLista::Casilla {
            posicion: pos(nombre),
            encontrado: encontrado.into(),
        })
    };
    let casos: Vec<(Result<Tablero, ErrorLista>, Result<Tablero, ErrorLista>)> = vec![
        (
            Tablero::try_from(Vec::<Vec<String>>::new()),
            Err(ErrorLista::CantidadFilas { encontradas: 0 }),
        ),
        (
            cambiar(&|l| {
                l.pop();
            }),
            Err(ErrorLista::CantidadFilas { encontradas: 7 }),
        ),
        (
            cambiar(&|l| l.push(vec!["V".into(); 8])),
            Err(ErrorLista::CantidadFilas { encontradas: 9 }),
        ),
        (
            Tablero::try_from(vec![vec!["V".to_string(); 8]; 1000]),
            Err(ErrorLista::CantidadFilas { encontradas: 1000 }),
        ),
        (
            cambiar(&|l| {
                l[2].pop();
            }),
            Err(ErrorLista::CantidadCasillas {
                fila: 3,
                encontradas: 7,
            }),
        ),
        (
            cambiar(&|l| l[7].push("V".into())),
            Err(ErrorLista::CantidadCasillas {
                fila: 8,
                encontradas: 9,
            }),
        ),
        (
            cambiar(&|l| l[0].clear()),
            Err(ErrorLista::CantidadCasillas {
                fila: 1,
                encontradas: 0,
            }),
        ),
        (cambiar(&|l| l[7][4] = "X".into()), casilla("E8", "X")),
        (cambiar(&|l| l[0][0] = "n".into()), casilla("A1", "n")),
        (cambiar(&|l| l[0][7] = "b".into()), casilla("H1", "b")),
        (cambiar(&|l| l[3][3] = "v".into()), casilla("D4", "v")),
        (cambiar(&|l| l[1][2] = String::new()), casilla("C2", "")),
        (cambiar(&|l| l[0][1] = " B".into()), casilla("B1", " B")),
        (cambiar(&|l| l[4][6] = "BN".into()), casilla("G5", "BN")),
        (cambiar(&|l| l[5][5] = "Ｂ".into()), casilla("F6", "Ｂ")),
        (
            cambiar(&|l| l[6][0] = "\"N\"".into()),
            casilla("A7", "\"N\""),
        ),
    ];
    for (obtenido, esperado) in casos {
        assert_eq!(obtenido, esperado);
    }
    // One of a thing is said in the singular.
    let una_fila = Tablero::try_from(vec![vec!["V".to_string(); 8]]).unwrap_err();
    assert_eq!(una_fila.to_string(), "se encontró 1 fila, se esperaban 8");
    let una_casilla = cambiar(&|l| l[1].truncate(1)).unwrap_err();
    assert_eq!(
        una_casilla.to_string(),
        "la fila 2 tiene 1 casilla, se esperaban 8"
    );
    // The slice form reports the same.
    let mut corta: Vec<Vec<&str>> = vec![vec!["V"; 8]; 8];
    corta[4].truncate(5);
    assert_eq!(
        Tablero::try_from(corta.as_slice()),
        Err(ErrorLista::CantidadCasillas {
            fila: 5,
            encontradas: 5
        })
    );
}

// ---------------------------------------------------------------------------------
// Display / FromStr
// ---------------------------------------------------------------------------------

#[test]
fn texto_ida_y_vuelta() {
    let tablero = tablero_de(MUESTRA);
    assert_eq!(tablero.to_string(), MUESTRA_TEXTO);
    assert_eq!(MUESTRA_TEXTO.parse::<Tablero>(), Ok(tablero));
    assert_eq!(INICIAL.parse::<Tablero>(), Ok(Tablero::inicial()));
    assert_eq!(texto_de(MUESTRA), MUESTRA_TEXTO);
}

// ---------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------

#[test]
fn guardar_escribe_los_bytes_canonicos() {
    let carpeta = tempdir().unwrap();
    let ruta = carpeta.path().join("partida.txt");
    guardar_partida(&tablero_de(MUESTRA), &ruta).unwrap();
    let bytes = fs::read(&ruta).unwrap();
    assert_eq!(bytes, MUESTRA_TEXTO.as_bytes());
    // Exactly 8 lines of 22 characters, each with its newline: 176 bytes.
    assert_eq!(bytes.len(), 8 * 23);
    assert_eq!(bytes.iter().filter(|&&b| b == b'\n').count(), 8);
    assert!(!bytes.contains(&b'\r'));
    guardar_partida(&Tablero::inicial(), &ruta).unwrap();
    assert_eq!(fs::read_to_string(&ruta).unwrap(), INICIAL);
    // No temporary file is left behind.
    assert_eq!(nombres_en(carpeta.path()), ["partida.txt"]);
}

#[test]
fn guardar_sobrescribe_un_archivo_mas_largo_por_completo() {
    let carpeta = tempdir().unwrap();
    // A longer file: a save that did not truncate would leave its tail.
    let ruta = escribir(carpeta.path(), "partida.txt", &"X".repeat(10_000));
    guardar_partida(&Tablero::inicial(), &ruta).unwrap();
    assert_eq!(fs::read_to_string(&ruta).unwrap(), INICIAL);
    guardar_partida(&tablero_de(MUESTRA), &ruta).unwrap();
    assert_eq!(fs::read_to_string(&ruta).unwrap(), MUESTRA_TEXTO);
    assert_eq!(cargar_partida(&ruta).unwrap(), tablero_de(MUESTRA));
    assert_eq!(nombres_en(carpeta.path()), ["partida.txt"]);
}

#[test]
fn guardar_en_una_carpeta_que_no_existe_falla() {
    let carpeta = tempdir().unwrap();
    let ruta = carpeta.path().join("no_existe").join("partida.txt");
    let error = error_archivo(guardar_partida(&Tablero::inicial(), &ruta));
    let mensaje = error.to_string();
    let ErrorArchivo::Escritura {
        ruta: ruta_error,
        fuente,
    } = error
    else {
        panic!("se esperaba ErrorArchivo::Escritura, llegó {error:?}");
    };
    assert_eq!(ruta_error, ruta);
    assert_eq!(fuente.kind(), std::io::ErrorKind::NotFound);
    assert!(mensaje.contains(&ruta.display().to_string()), "{mensaje}");
    assert!(!carpeta.path().join("no_existe").exists());
    assert!(nombres_en(carpeta.path()).is_empty());
}

#[test]
fn guardar_sobre_una_carpeta_falla_y_no_la_toca() {
    let carpeta = tempdir().unwrap();
    let destino = carpeta.path().join("partida.txt");
    fs::create_dir(&destino).unwrap();
    let dentro = escribir(&destino, "otra.txt", MUESTRA_TEXTO);
    let error = error_archivo(guardar_partida(&Tablero::inicial(), &destino));
    assert!(
        matches!(&error, ErrorArchivo::EsCarpeta { ruta } if *ruta == destino),
        "{error:?}"
    );
    assert!(error.to_string().contains(&destino.display().to_string()));
    assert!(destino.is_dir());
    assert_eq!(nombres_en(&destino), ["otra.txt"]);
    assert_eq!(fs::read_to_string(&dentro).unwrap(), MUESTRA_TEXTO);
    assert_eq!(nombres_en(carpeta.path()), ["partida.txt"]);

    // An empty folder is refused as well.
    let vacia = carpeta.path().join("vacia");
    fs::create_dir(&vacia).unwrap();
    let error = error_archivo(guardar_partida(&Tablero::inicial(), &vacia));
    assert!(matches!(error, ErrorArchivo::EsCarpeta { .. }), "{error:?}");
    assert!(vacia.is_dir());
}

#[test]
fn guardar_bajo_un_archivo_falla_y_no_lo_toca() {
    let carpeta = tempdir().unwrap();
    let archivo = escribir(carpeta.path(), "buena.txt", MUESTRA_TEXTO);
    let ruta = archivo.join("partida.txt");
    let error = error_archivo(guardar_partida(&Tablero::inicial(), &ruta));
    let mensaje = error.to_string();
    assert!(
        matches!(error, ErrorArchivo::Escritura { ref ruta, .. } if *ruta == archivo.join("partida.txt")),
        "{error:?}"
    );
    assert!(mensaje.contains(&ruta.display().to_string()), "{mensaje}");
    assert_eq!(fs::read_to_string(&archivo).unwrap(), MUESTRA_TEXTO);
    assert_eq!(nombres_en(carpeta.path()), ["buena.txt"]);
}

#[test]
fn guardar_con_barra_final_no_escribe_un_archivo() {
    // A name ending in "/" can only name a folder (the system refuses to create or
    // open a file through it, and cargar_partida refuses to read one), so saving to it
    // must fail and leave everything as it was.
    let carpeta = tempdir().unwrap();
    let buena = escribir(carpeta.path(), "buena.txt", MUESTRA_TEXTO);
    let con_barra = format!("{}/", buena.display());
    assert!(cargar_partida(&con_barra).is_err());
    let resultado = guardar_partida(&Tablero::inicial(), &con_barra);
    assert!(
        resultado.is_err(),
        "guardar en {con_barra:?} debe fallar, no escribir en {buena:?}"
    );
    assert_eq!(fs::read_to_string(&buena).unwrap(), MUESTRA_TEXTO);

    let nueva = format!("{}/", carpeta.path().join("nueva").display());
    assert!(guardar_partida(&Tablero::inicial(), &nueva).is_err());
    assert_eq!(nombres_en(carpeta.path()), ["buena.txt"]);
}

// ---------------------------------------------------------------------------------
// Loading: tolerances
// ---------------------------------------------------------------------------------

#[test]
fn cargar_tolera_variantes_del_formato() {
    let canonico = texto_de(MUESTRA);
    let sin_espacios = canonico.replace(", ", ",");
    let variantes: Vec<(&str, String)> = vec![
        ("canónico", canonico.clone()),
        ("sin espacios", sin_espacios.clone()),
        ("espacio antes y después", canonico.replace(", ", " , ")),
        ("varios espacios", canonico.replace(", ", "   ,   ")),
        ("tabulaciones", canonico.replace(", ", ",\t")),
        ("tabulación antes", canonico.replace(", ", "\t,")),
        ("tabulaciones y espacios", canonico.replace(", ", " \t, \t")),
        ("espacio solo antes", canonico.replace(", ", " ,")),
        ("CRLF", canonico.replace('\n', "\r\n")),
        ("CRLF sin espacios", sin_espacios.replace('\n', "\r\n")),
        (
            "sin salto final",
            canonico.trim_end_matches('\n').to_owned(),
        ),
        (
            "CRLF sin salto final",
            canonico.replace('\n', "\r\n").trim_end().to_owned(),
        ),
        ("líneas en blanco al final", format!("{canonico}\n\n\n")),
        (
            "líneas CRLF en blanco al final",
            format!("{}\r\n\r\n", canonico.replace('\n', "\r\n")),
        ),
        (
            "líneas con espacios al final",
            format!("{canonico}  \n\t\n \t \n"),
        ),
        ("BOM", format!("\u{FEFF}{canonico}")),
        (
            "BOM, CRLF, sin espacios, sin salto final",
            format!("\u{FEFF}{}", sin_espacios.replace('\n', "\r\n").trim_end()),
        ),
        (
            "mezcla por línea",
            canonico
                .lines()
                .enumerate()
                .map(|(i, linea)| match i % 3 {
                    0 => linea.replace(", ", ",") + "\r\n",
                    1 => linea.replace(", ", "\t,  ") + "\n",
                    _ => linea.to_owned() + "\n",
                })
                .collect(),
        ),
    ];
    let carpeta = tempdir().unwrap();
    let esperado = tablero_de(MUESTRA);
    for (i, (nombre, texto)) in variantes.into_iter().enumerate() {
        let ruta = escribir(carpeta.path(), &format!("variante{i}.txt"), &texto);
        match cargar_partida(&ruta) {
            Ok(tablero) => assert_eq!(tablero, esperado, "{nombre}: {texto:?}"),
            Err(error) => panic!("{nombre}: {texto:?} rechazado: {error}"),
        }
    }
}

#[test]
fn cargar_acepta_hasta_64_kib_exactos() {
    // A valid board padded with trailing blank lines up to exactly 64 KiB is not
    // larger than the limit, so it loads; one byte more is refused.
    let carpeta = tempdir().unwrap();
    let limite = 64 * 1024;
    let mut texto = MUESTRA_TEXTO.to_owned();
    texto.push_str(&"\n".repeat(limite - texto.len()));
    assert_eq!(texto.len(), limite);
    let justo = escribir(carpeta.path(), "justo.txt", &texto);
    assert_eq!(cargar_partida(&justo).unwrap(), tablero_de(MUESTRA));

    texto.push('\n');
    let pasado = escribir(carpeta.path(), "pasado.txt", &texto);
    let error = error_archivo(cargar_partida(&pasado));
    assert!(
        matches!(&error, ErrorArchivo::DemasiadoGrande { ruta } if *ruta == pasado),
        "{error:?}"
    );
    let mensaje = error.to_string();
    assert!(mensaje.contains(&pasado.display().to_string()), "{mensaje}");
    assert!(mensaje.contains("64 KiB"), "{mensaje}");
}

// ---------------------------------------------------------------------------------
// Loading: file errors
// ---------------------------------------------------------------------------------

#[test]
fn cargar_archivo_que_no_existe() {
    let carpeta = tempdir().unwrap();
    for ruta in [
        carpeta.path().join("no_existe.txt"),
        carpeta.path().join("no_existe").join("partida.txt"),
    ] {
        let error = error_archivo(cargar_partida(&ruta));
        assert!(
            matches!(&error, ErrorArchivo::NoExiste { ruta: r } if *r == ruta),
            "{error:?}"
        );
        let mensaje = error.to_string();
        assert!(mensaje.contains(&ruta.display().to_string()), "{mensaje}");
    }
}

#[test]
fn cargar_una_carpeta() {
    let carpeta = tempdir().unwrap();
    let sub = carpeta.path().join("partida.txt");
    fs::create_dir(&sub).unwrap();
    escribir(&sub, "adentro.txt", MUESTRA_TEXTO);
    for ruta in [sub.clone(), carpeta.path().to_path_buf()] {
        let error = error_archivo(cargar_partida(&ruta));
        assert!(
            matches!(&error, ErrorArchivo::EsCarpeta { ruta: r } if *r == ruta),
            "{error:?}"
        );
        let mensaje = error.to_string();
        assert!(mensaje.contains(&ruta.display().to_string()), "{mensaje}");
    }
}

#[test]
fn cargar_archivo_enorme_sin_leerlo() {
    // A 10 GiB sparse file: reading it into memory would take seconds and 10 GiB.
    let carpeta = tempdir().unwrap();
    let ruta = carpeta.path().join("enorme.txt");
    let archivo = fs::File::create(&ruta).unwrap();
    archivo.set_len(10 * 1024 * 1024 * 1024).unwrap();
    drop(archivo);
    let inicio = std::time::Instant::now();
    let error = error_archivo(cargar_partida(&ruta));
    assert!(
        matches!(&error, ErrorArchivo::DemasiadoGrande { ruta: r } if *r == ruta),
        "{error:?}"
    );
    assert!(error.to_string().contains(&ruta.display().to_string()));
    assert!(
        inicio.elapsed() < std::time::Duration::from_secs(2),
        "tardó {:?}: el archivo se leyó",
        inicio.elapsed()
    );
}

#[test]
fn cargar_archivo_vacio_o_en_blanco() {
    espera_error_de_formato("", ErrorTablero::Vacio, "vacío");
    espera_error_de_formato("\n\n  \n\t\n", ErrorTablero::Vacio, "vacío");
    espera_error_de_formato("\u{FEFF}", ErrorTablero::Vacio, "vacío");
    espera_error_de_formato("\r\n\r\n", ErrorTablero::Vacio, "línea 1, columna 1");
}

#[test]
fn cargar_texto_que_no_es_utf8() {
    // 0xFF on line 2 after "V, ñ, " (6 characters, ñ being two bytes): column 7.
    let mut bytes = FILA_VACIA.as_bytes().to_vec();
    bytes.extend_from_slice("V, ñ, ".as_bytes());
    bytes.push(0xFF);
    bytes.extend_from_slice(b", V, V, V, V, V\n");
    bytes.extend_from_slice(FILA_VACIA.repeat(6).as_bytes());
    espera_error_de_formato(
        &bytes,
        ErrorTablero::NoUtf8 {
            linea: 2,
            columna: 7,
        },
        "UTF-8",
    );
    // A file saved as Latin-1: "Ñ" is the single byte 0xD1, at line 1, column 1.
    let mut latin1 = vec![0xD1];
    latin1.extend_from_slice(&INICIAL.as_bytes()[1..]);
    espera_error_de_formato(
        &latin1,
        ErrorTablero::NoUtf8 {
            linea: 1,
            columna: 1,
        },
        "UTF-8",
    );
    // A multibyte character cut off at the very end of the file.
    let mut cortado = INICIAL.as_bytes().to_vec();
    cortado.push(0xC3);
    espera_error_de_formato(
        &cortado,
        ErrorTablero::NoUtf8 {
            linea: 9,
            columna: 1,
        },
        "UTF-8",
    );
}

#[test]
fn cargar_con_bom_cuenta_las_columnas_sin_el_bom() {
    // The byte order mark is invisible and tolerated, so it is no column: what sits
    // right after "V, " on line 1 is at column 4, whatever the problem there is.
    let resto = &INICIAL["V, V".len()..];
    espera_error_de_formato(
        format!("\u{FEFF}V, X{resto}"),
        ErrorTablero::Casilla {
            linea: 1,
            columna: 4,
            posicion: pos("B1"),
            encontrado: "X".into(),
        },
        "\"X\"",
    );
    let mut bytes = "\u{FEFF}V, ".as_bytes().to_vec();
    bytes.push(0xFF);
    bytes.extend_from_slice(resto.as_bytes());
    espera_error_de_formato(
        bytes,
        ErrorTablero::NoUtf8 {
            linea: 1,
            columna: 4,
        },
        "UTF-8",
    );
}

#[test]
fn cargar_con_filas_de_menos_o_de_mas() {
    espera_error_de_formato(
        FILA_VACIA.repeat(7),
        ErrorTablero::FaltanFilas {
            linea: 8,
            encontradas: 7,
        },
        "se encontraron 7, se esperaban 8",
    );
    espera_error_de_formato(
        FILA_VACIA.repeat(7).trim_end(),
        ErrorTablero::FaltanFilas {
            linea: 8,
            encontradas: 7,
        },
        "se encontraron 7",
    );
    espera_error_de_formato(
        FILA_VACIA,
        ErrorTablero::FaltanFilas {
            linea: 2,
            encontradas: 1,
        },
        "se encontró 1, se esperaban 8",
    );
    espera_error_de_formato(
        format!("{}\n\n", FILA_VACIA.repeat(3)),
        ErrorTablero::FaltanFilas {
            linea: 4,
            encontradas: 3,
        },
        "se encontraron 3",
    );
    espera_error_de_formato(
        FILA_VACIA.repeat(9),
        ErrorTablero::SobranFilas { linea: 9 },
        "sobran filas",
    );
    espera_error_de_formato(
        FILA_VACIA.repeat(20),
        ErrorTablero::SobranFilas { linea: 9 },
        "línea 9, columna 1",
    );
    // A blank line between rows is not a trailing blank line.
    espera_error_de_formato(
        format!("{}\n{}", FILA_VACIA.repeat(3), FILA_VACIA.repeat(5)),
        ErrorTablero::LineaEnBlanco { linea: 4 },
        "línea en blanco",
    );
    espera_error_de_formato(
        format!("\n{INICIAL}"),
        ErrorTablero::LineaEnBlanco { linea: 1 },
        "línea en blanco",
    );
}

#[test]
fn cargar_fila_con_casillas_de_menos_o_de_mas() {
    // "V, V, V, V, V, V, V" has 19 characters: the row ends at column 20.
    espera_error_de_formato(
        INICIAL.replacen(FILA_VACIA, "V, V, V, V, V, V, V\n", 1),
        ErrorTablero::CantidadCasillas {
            linea: 1,
            columna: 20,
            fila: 1,
            encontradas: 7,
        },
        "la fila 1 tiene 7 casillas, se esperaban 8",
    );
    // Row 4 with a ninth cell: it starts at column 25 (after "V, " eight times).
    espera_error_de_formato(
        INICIAL.replacen("B, N, V, V, V\n", "B, N, V, V, V, N\n", 1),
        ErrorTablero::CantidadCasillas {
            linea: 4,
            columna: 25,
            fila: 4,
            encontradas: 9,
        },
        "la fila 4 tiene 9 casillas, se esperaban 8",
    );
    // A trailing comma makes an empty ninth cell right after it, at column 24.
    espera_error_de_formato(
        INICIAL.replace("N, B, V, V, V\n", "N, B, V, V, V,\n"),
        ErrorTablero::CantidadCasillas {
            linea: 5,
            columna: 24,
            fila: 5,
            encontradas: 9,
        },
        "la fila 5 tiene 9 casillas",
    );
    // A single cell on row 8, with CRLF line ends: the row ends at column 2.
    let crlf = INICIAL.replace('\n', "\r\n");
    let corta = format!(
        "{}V\r\n",
        &crlf[..crlf.len() - "V, V, V, V, V, V, V, V\r\n".len()]
    );
    espera_error_de_formato(
        corta,
        ErrorTablero::CantidadCasillas {
            linea: 8,
            columna: 2,
            fila: 8,
            encontradas: 1,
        },
        "la fila 8 tiene 1 casilla,",
    );
    // Without spaces: "V,V,V,V,V,V,V,V,V" has its ninth cell at column 17.
    espera_error_de_formato(
        INICIAL
            .replace(", ", ",")
            .replacen("V,V,V,V,V,V,V,V\n", "V,V,V,V,V,V,V,V,V\n", 1),
        ErrorTablero::CantidadCasillas {
            linea: 1,
            columna: 17,
            fila: 1,
            encontradas: 9,
        },
        "la fila 1 tiene 9 casillas",
    );
}

#[test]
fn cargar_casilla_con_valor_invalido() {
    // D4 is the fourth cell of line 4: column 1 + 3 * 3 = 10.
    espera_error_de_formato(
        INICIAL.replacen("B, N", "X, N", 1),
        ErrorTablero::Casilla {
            linea: 4,
            columna: 10,
            posicion: pos("D4"),
            encontrado: "X".into(),
        },
        "\"X\"",
    );
    // Lowercase at H8: column 1 + 3 * 7 = 22.
    let mut texto = INICIAL.to_owned();
    texto.replace_range(texto.len() - 2..texto.len() - 1, "b");
    espera_error_de_formato(
        texto,
        ErrorTablero::Casilla {
            linea: 8,
            columna: 22,
            posicion: pos("H8"),
            encontrado: "b".into(),
        },
        "\"b\"",
    );
    // Lowercase at A1.
    espera_error_de_formato(
        INICIAL.replacen('V', "n", 1),
        ErrorTablero::Casilla {
            linea: 1,
            columna: 1,
            posicion: pos("A1"),
            encontrado: "n".into(),
        },
        "\"n\"",
    );
    // Two letters in one cell (a missing comma) at B2.
    espera_error_de_formato(
        format!(
            "{FILA_VACIA}V, V V, V, V, V, V, V, V\n{}",
            FILA_VACIA.repeat(6)
        ),
        ErrorTablero::Casilla {
            linea: 2,
            columna: 4,
            posicion: pos("B2"),
            encontrado: "V V".into(),
        },
        "\"V V\"",
    );
    // An empty cell between two commas at C3 ("V, V," is 5 characters).
    espera_error_de_formato(
        format!(
            "{}V, V,, V, V, V, V, V\n{}",
            FILA_VACIA.repeat(2),
            FILA_VACIA.repeat(5)
        ),
        ErrorTablero::Casilla {
            linea: 3,
            columna: 6,
            posicion: pos("C3"),
            encontrado: String::new(),
        },
        "\"\"",
    );
    // Quotes are not stripped: "B" written with quotes at E5 (column 13).
    espera_error_de_formato(
        INICIAL.replacen("N, B, V", "N, \"B\", V", 1),
        ErrorTablero::Casilla {
            linea: 5,
            columna: 13,
            posicion: pos("E5"),
            encontrado: "\"B\"".into(),
        },
        "\"\\\"B\\\"\"",
    );
    // With tabs and CRLF: the tab counts as one character and the CR is no part of the
    // cell. "V,\tV,\tV,\tV,\tV,\tV,\tV,\t0" has the 0 at column 22.
    let fila = "V,\tV,\tV,\tV,\tV,\tV,\tV,\t0\r\n";
    espera_error_de_formato(
        format!("{}{fila}", FILA_VACIA.repeat(7).replace('\n', "\r\n")),
        ErrorTablero::Casilla {
            linea: 8,
            columna: 22,
            posicion: pos("H8"),
            encontrado: "0".into(),
        },
        "\"0\"",
    );
    // A non-ASCII letter at B6 (column 4) is reported as found.
    espera_error_de_formato(
        format!(
            "{}V, Ñ, V, V, V, V, V, V\n{}",
            FILA_VACIA.repeat(5),
            FILA_VACIA.repeat(2)
        ),
        ErrorTablero::Casilla {
            linea: 6,
            columna: 4,
            posicion: pos("B6"),
            encontrado: "Ñ".into(),
        },
        "\"Ñ\"",
    );
    // Semicolons instead of commas make the whole line one cell, reported at A7.
    espera_error_de_formato(
        format!("{}V;V;V;V;V;V;V;V\n{FILA_VACIA}", FILA_VACIA.repeat(6)),
        ErrorTablero::Casilla {
            linea: 7,
            columna: 1,
            posicion: pos("A7"),
            encontrado: "V;V;V;V;V;V;V;V".into(),
        },
        "\"V;V;V;V;V;V;V;V\"",
    );
}

#[test]
fn cargar_nunca_devuelve_un_tablero_parcial_ni_entra_en_panico() {
    // Every prefix of a valid file shorter than the full text is an error, never a
    // board with the missing rows filled in.
    let carpeta = tempdir().unwrap();
    let ruta = carpeta.path().join("prefijo.txt");
    let completo = MUESTRA_TEXTO.trim_end();
    for largo in 0..completo.len() {
        fs::write(&ruta, &completo[..largo]).unwrap();
        let error = error_archivo(cargar_partida(&ruta));
        assert!(
            matches!(error, ErrorArchivo::Formato { .. }),
            "prefijo de {largo} bytes: {error:?}"
        );
    }
    fs::write(&ruta, completo).unwrap();
    assert_eq!(cargar_partida(&ruta).unwrap(), tablero_de(MUESTRA));
}

// ---------------------------------------------------------------------------------
// Found in review
// ---------------------------------------------------------------------------------

#[test]
fn cargar_una_tuberia_no_se_queda_esperando() {
    // Opening a FIFO for reading blocks until a writer comes: it must be refused
    // before it is opened. (If it were opened, this test would hang.)
    let carpeta = tempdir().unwrap();
    let tubo = carpeta.path().join("tubo");
    let estado = std::process::Command::new("mkfifo")
        .arg(&tubo)
        .status()
        .unwrap();
    assert!(estado.success());
    let error = error_archivo(cargar_partida(&tubo));
    assert!(
        matches!(error, ErrorArchivo::NoEsArchivo { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains(&tubo.display().to_string()));
}

#[test]
fn anyhow_muestra_la_causa_una_sola_vez() {
    // Graders print these errors with `{:#}` or `{:?}` (what `unwrap` shows): the
    // Spanish message already says the cause, so it must not come again, in English
    // or otherwise.
    let carpeta = tempdir().unwrap();
    let malo = escribir(carpeta.path(), "malo.txt", "V, X\n");
    let faltante = carpeta.path().join("no-esta.txt");
    for error in [
        cargar_partida(&malo).unwrap_err(),
        cargar_partida(&faltante).unwrap_err(),
        guardar_partida(&Tablero::inicial(), carpeta.path().join("no/x.txt")).unwrap_err(),
    ] {
        let error = anyhow::Error::from(error);
        let mensaje = error.to_string();
        assert_eq!(format!("{error:#}"), mensaje);
        // `{:?}` may add a backtrace (RUST_BACKTRACE), but no "Caused by" section.
        let depuracion = format!("{error:?}");
        assert!(depuracion.starts_with(&mensaje), "{depuracion}");
        assert!(!depuracion.contains("Caused by"), "{depuracion}");
        assert!(!mensaje.contains("os error"), "{mensaje}");
    }
}

#[test]
fn lista_de_listas_prestada_y_propia() {
    let lista: Vec<Vec<String>> = Tablero::inicial().into();
    assert_eq!(Tablero::try_from(&lista), Ok(Tablero::inicial()));
    let de_str: Vec<Vec<&str>> = lista
        .iter()
        .map(|fila| fila.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(Tablero::try_from(&de_str), Ok(Tablero::inicial()));
}
