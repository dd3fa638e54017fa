//! Properties on random positions (proptest): reachable ones, played from the start,
//! and arbitrary grids of B/N/V that no game reaches but the rules still apply to.
//!
//! The move generator is checked against a naive reference written here, on a plain
//! `[[char; 8]; 8]` grid, walking each of the 8 directions cell by cell.

use std::collections::BTreeSet;

use othello::{Casilla, Color, ErrorJugada, Posicion, Tablero, cargar_partida, guardar_partida};
use proptest::prelude::*;

/// A grid of 'B', 'N', 'V': `[fila][columna]`, row 1 and column A first.
type Grilla = [[char; 8]; 8];

/// Few enough cases to keep the whole run fast.
const CASOS: u32 = 256;

// ---------------------------------------------------------------------------------
// The naive reference
// ---------------------------------------------------------------------------------

/// The homework's letter for a color.
fn letra(color: Color) -> char {
    match color {
        Color::Negro => 'N',
        Color::Blanco => 'B',
    }
}

/// The cells (fila, columna) that a piece `propia` placed at (fila, columna) would
/// flip: in each of the 8 directions, a run of one or more rival pieces ending on one
/// of ours. Nothing if the cell is not empty.
fn volteos_referencia(
    grilla: &Grilla,
    fila: usize,
    columna: usize,
    propia: char,
) -> BTreeSet<(usize, usize)> {
    let rival = if propia == 'N' { 'B' } else { 'N' };
    let mut volteos = BTreeSet::new();
    if grilla[fila][columna] != 'V' {
        return volteos;
    }
    let dentro = |f: i32, c: i32| (0..8).contains(&f) && (0..8).contains(&c);
    for df in -1i32..=1 {
        for dc in -1i32..=1 {
            if (df, dc) == (0, 0) {
                continue;
            }
            let mut corrida = Vec::new();
            let (mut f, mut c) = (fila as i32 + df, columna as i32 + dc);
            while dentro(f, c) && grilla[f as usize][c as usize] == rival {
                corrida.push((f as usize, c as usize));
                f += df;
                c += dc;
            }
            if !corrida.is_empty() && dentro(f, c) && grilla[f as usize][c as usize] == propia {
                volteos.extend(corrida);
            }
        }
    }
    volteos
}

/// Every cell where `propia` may play, by the reference.
fn jugadas_referencia(grilla: &Grilla, propia: char) -> BTreeSet<(usize, usize)> {
    let mut jugadas = BTreeSet::new();
    for fila in 0..8 {
        for columna in 0..8 {
            if !volteos_referencia(grilla, fila, columna, propia).is_empty() {
                jugadas.insert((fila, columna));
            }
        }
    }
    jugadas
}

// ---------------------------------------------------------------------------------
// Conversions between the grid, the board and positions
// ---------------------------------------------------------------------------------

/// The grid of a board, read cell by cell through `Tablero::casilla`.
fn grilla_de(tablero: &Tablero) -> Grilla {
    let mut grilla = [['?'; 8]; 8];
    for (fila, celdas) in grilla.iter_mut().enumerate() {
        for (columna, celda) in celdas.iter_mut().enumerate() {
            *celda = match tablero.casilla(posicion_en(fila, columna)) {
                Casilla::Vacia => 'V',
                Casilla::Ficha(Color::Negro) => 'N',
                Casilla::Ficha(Color::Blanco) => 'B',
            };
        }
    }
    grilla
}

/// The board of a grid, built cell by cell with `Tablero::poner`.
fn tablero_de(grilla: &Grilla) -> Tablero {
    let mut tablero = Tablero::vacio();
    for (fila, celdas) in grilla.iter().enumerate() {
        for (columna, &celda) in celdas.iter().enumerate() {
            let casilla = match celda {
                'V' => Casilla::Vacia,
                'N' => Casilla::Ficha(Color::Negro),
                'B' => Casilla::Ficha(Color::Blanco),
                otra => panic!("celda {otra:?} en la grilla"),
            };
            tablero.poner(posicion_en(fila, columna), casilla);
        }
    }
    tablero
}

/// The position at (fila, columna), built from its name so that the test does not
/// rely on the library's own index arithmetic.
fn posicion_en(fila: usize, columna: usize) -> Posicion {
    nombre_de(fila, columna).parse().expect("nombre válido")
}

/// The game's name of (fila, columna): column letter, then row number.
fn nombre_de(fila: usize, columna: usize) -> String {
    format!("{}{}", (b'A' + columna as u8) as char, fila + 1)
}

/// (fila, columna) of a position, through its name.
fn coordenadas_de(p: Posicion) -> (usize, usize) {
    let nombre = p.to_string();
    let bytes = nombre.as_bytes();
    assert_eq!(bytes.len(), 2, "{nombre}");
    ((bytes[1] - b'1') as usize, (bytes[0] - b'A') as usize)
}

/// The text of a grid in the canonical file format, written here independently.
fn texto_de(grilla: &Grilla) -> String {
    grilla
        .iter()
        .map(|fila| {
            let celdas: Vec<String> = fila.iter().map(char::to_string).collect();
            celdas.join(", ") + "\n"
        })
        .collect()
}

/// The list of lists of a grid, written here independently.
fn lista_de(grilla: &Grilla) -> Vec<Vec<String>> {
    grilla
        .iter()
        .map(|fila| fila.iter().map(char::to_string).collect())
        .collect()
}

// ---------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------

/// Plays from the start: each choice picks one of the valid moves of the side to move
/// (its index modulo how many there are); a side with no move passes; the game stops
/// when neither can move. Returns the board and the side to move.
fn jugar_secuencia(elecciones: &[u32]) -> (Tablero, Color) {
    let mut tablero = Tablero::inicial();
    let mut turno = Color::Negro;
    for &eleccion in elecciones {
        if !tablero.puede_jugar(turno) {
            if !tablero.puede_jugar(!turno) {
                break;
            }
            turno = !turno;
        }
        let jugadas: Vec<Posicion> = tablero.jugadas_validas(turno).into_iter().collect();
        let p = jugadas[eleccion as usize % jugadas.len()];
        tablero
            .jugar(p, turno)
            .expect("una jugada válida se acepta");
        turno = !turno;
    }
    (tablero, turno)
}

/// Random reachable positions: 0 to 59 moves from the start. Choices shrink towards
/// shorter games and the first listed move.
fn posicion_alcanzable() -> impl Strategy<Value = (Tablero, Color)> {
    prop::collection::vec(any::<u32>(), 0..60).prop_map(|elecciones| jugar_secuencia(&elecciones))
}

/// Arbitrary grids, not reachable in general. The weights vary so that grids range
/// from nearly empty to nearly full; every edge cell gets pieces, which exercises
/// what a shift-based generator might wrap from column H to column A.
fn grilla_arbitraria() -> impl Strategy<Value = Grilla> {
    (1u32..=6, 1u32..=6, 0u32..=6).prop_flat_map(|(n, b, v)| {
        let celda = prop_oneof![n => Just('N'), b => Just('B'), v => Just('V')];
        // A Vec keeps the 64 value trees on the heap; nested arrays of them overflow
        // the test thread's stack.
        prop::collection::vec(celda, 64).prop_map(|celdas| {
            let mut grilla = [['V'; 8]; 8];
            for (i, celda) in celdas.into_iter().enumerate() {
                grilla[i / 8][i % 8] = celda;
            }
            grilla
        })
    })
}

/// Either kind of board: a reachable one or an arbitrary grid.
fn cualquier_tablero() -> impl Strategy<Value = Tablero> {
    prop_oneof![
        posicion_alcanzable().prop_map(|(tablero, _)| tablero),
        grilla_arbitraria().prop_map(|grilla| tablero_de(&grilla)),
    ]
}

// ---------------------------------------------------------------------------------
// Checks shared by several properties
// ---------------------------------------------------------------------------------

/// (d): the library's valid moves and flips equal the reference's, for both colors and
/// every empty cell.
fn comparar_con_referencia(tablero: &Tablero) -> Result<(), TestCaseError> {
    let grilla = grilla_de(tablero);
    for color in [Color::Negro, Color::Blanco] {
        let propia = letra(color);
        let de_biblioteca: BTreeSet<(usize, usize)> = tablero
            .jugadas_validas(color)
            .into_iter()
            .map(coordenadas_de)
            .collect();
        prop_assert_eq!(
            &de_biblioteca,
            &jugadas_referencia(&grilla, propia),
            "jugadas de {} en {:?}",
            propia,
            tablero
        );
        prop_assert_eq!(tablero.puede_jugar(color), !de_biblioteca.is_empty());
        for fila in 0..8 {
            for columna in 0..8 {
                let p = posicion_en(fila, columna);
                let volteos: BTreeSet<(usize, usize)> = tablero
                    .volteos(p, color)
                    .into_iter()
                    .map(coordenadas_de)
                    .collect();
                prop_assert_eq!(
                    &volteos,
                    &volteos_referencia(&grilla, fila, columna, propia),
                    "volteos de {} en {} en {:?}",
                    propia,
                    nombre_de(fila, columna),
                    tablero
                );
            }
        }
    }
    Ok(())
}

/// (a): every valid move, of either color, places one piece and flips exactly the
/// reference's cells; the counts move by 1 + flips and -flips; nothing else changes.
fn comprobar_jugadas_validas(tablero: &Tablero) -> Result<(), TestCaseError> {
    let grilla = grilla_de(tablero);
    for color in [Color::Negro, Color::Blanco] {
        let propia = letra(color);
        let rival = Casilla::Ficha(!color);
        for (fila, columna) in jugadas_referencia(&grilla, propia) {
            let esperados = volteos_referencia(&grilla, fila, columna, propia);
            let volteos = esperados.len();
            let p = posicion_en(fila, columna);

            let mut despues = tablero.clone();
            let devueltos = despues.jugar(p, color);
            prop_assert!(devueltos.is_ok(), "{} en {}: {:?}", propia, p, devueltos);
            let devueltos: BTreeSet<(usize, usize)> =
                devueltos.unwrap().into_iter().map(coordenadas_de).collect();
            prop_assert_eq!(&devueltos, &esperados);

            let mover = Casilla::Ficha(color);
            prop_assert_eq!(
                despues.contar(mover) as usize,
                tablero.contar(mover) as usize + 1 + volteos
            );
            prop_assert_eq!(
                despues.contar(rival) as usize,
                tablero.contar(rival) as usize - volteos
            );
            prop_assert_eq!(
                despues.contar(Casilla::Vacia) as usize,
                tablero.contar(Casilla::Vacia) as usize - 1
            );
            prop_assert_eq!(
                othello::contar(&despues, "N") + othello::contar(&despues, "B"),
                othello::contar(tablero, "N") + othello::contar(tablero, "B") + 1
            );

            // The exact board: the reference's move applied to the grid.
            let mut esperada = grilla;
            esperada[fila][columna] = propia;
            for &(f, c) in &esperados {
                esperada[f][c] = propia;
            }
            prop_assert_eq!(grilla_de(&despues), esperada);

            // The homework's function does the same.
            let mut por_tarea = tablero.clone();
            prop_assert!(othello::jugar(
                &mut por_tarea,
                &nombre_de(fila, columna),
                &propia.to_string()
            ));
            prop_assert_eq!(&por_tarea, &despues);
        }
    }
    Ok(())
}

/// (b): every other cell, occupied or empty without a flank, is refused by both
/// `Tablero::jugar` (with the right reason) and `othello::jugar`, and nothing changes.
fn comprobar_jugadas_invalidas(tablero: &Tablero) -> Result<(), TestCaseError> {
    let grilla = grilla_de(tablero);
    for color in [Color::Negro, Color::Blanco] {
        let propia = letra(color);
        let validas = jugadas_referencia(&grilla, propia);
        for (fila, celdas) in grilla.iter().enumerate() {
            for (columna, &celda) in celdas.iter().enumerate() {
                if validas.contains(&(fila, columna)) {
                    continue;
                }
                let p = posicion_en(fila, columna);
                prop_assert!(!tablero.jugadas_validas(color).contiene(p));
                let razon = if celda == 'V' {
                    ErrorJugada::SinFlanqueo(p)
                } else {
                    ErrorJugada::Ocupada(p)
                };
                let mut copia = tablero.clone();
                prop_assert_eq!(copia.jugar(p, color), Err(razon));
                prop_assert_eq!(&copia, tablero);
                prop_assert!(!othello::jugar(
                    &mut copia,
                    &nombre_de(fila, columna),
                    &propia.to_string()
                ));
                prop_assert_eq!(&copia, tablero);
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASOS))]

    /// (a) on reachable positions.
    #[test]
    fn jugada_valida_suma_uno_mas_volteos((tablero, _turno) in posicion_alcanzable()) {
        // The generator's own invariant: pieces plus empty cells are 64.
        prop_assert_eq!(
            othello::contar(&tablero, "N") + othello::contar(&tablero, "B") + othello::contar(&tablero, "V"),
            64
        );
        comprobar_jugadas_validas(&tablero)?;
    }

    /// (a) on arbitrary grids too.
    #[test]
    fn jugada_valida_suma_uno_mas_volteos_en_grillas(grilla in grilla_arbitraria()) {
        comprobar_jugadas_validas(&tablero_de(&grilla))?;
    }

    /// (b) on both kinds of board.
    #[test]
    fn jugada_invalida_no_cambia_el_tablero(tablero in cualquier_tablero()) {
        comprobar_jugadas_invalidas(&tablero)?;
    }

    /// (b) for text that is not a position of the game or a color: always refused.
    #[test]
    fn jugar_rechaza_texto_arbitrario(
        (tablero, _turno) in posicion_alcanzable(),
        posicion in "\\PC{0,4}|[A-Ja-j0-9 ]{0,3}",
        valor in "\\PC{0,2}|[BNVbnv ]{0,2}",
    ) {
        let nombres: BTreeSet<String> =
            (0..8).flat_map(|f| (0..8).map(move |c| nombre_de(f, c))).collect();
        let es_posicion = nombres.contains(&posicion);
        let es_color = valor == "N" || valor == "B";
        let mut copia = tablero.clone();
        let jugada = othello::jugar(&mut copia, &posicion, &valor);
        if !es_posicion || !es_color {
            prop_assert!(!jugada, "{:?} {:?} aceptada", posicion, valor);
            prop_assert_eq!(&copia, &tablero);
        } else {
            // A well-written move: valid exactly when the reference says so.
            let (fila, columna) = coordenadas_de(posicion.parse().unwrap());
            let propia = valor.chars().next().unwrap();
            let valida = jugadas_referencia(&grilla_de(&tablero), propia).contains(&(fila, columna));
            prop_assert_eq!(jugada, valida);
            prop_assert_eq!(copia == tablero, !valida);
        }
    }

    /// (c) saving then loading gives the same board, in memory and through a file,
    /// and the text is the canonical one written independently here.
    #[test]
    fn guardar_y_cargar_es_la_identidad(tablero in cualquier_tablero()) {
        let texto = tablero.to_string();
        prop_assert_eq!(&texto, &texto_de(&grilla_de(&tablero)));
        prop_assert_eq!(texto.parse::<Tablero>(), Ok(tablero.clone()));

        let carpeta = tempfile::tempdir().unwrap();
        let ruta = carpeta.path().join("partida.txt");
        guardar_partida(&tablero, &ruta).unwrap();
        prop_assert_eq!(std::fs::read_to_string(&ruta).unwrap(), texto);
        prop_assert_eq!(cargar_partida(&ruta).unwrap(), tablero);
    }

    /// (d) the bitboard generator agrees with the naive reference on reachable
    /// positions.
    #[test]
    fn generador_coincide_con_referencia((tablero, _turno) in posicion_alcanzable()) {
        comparar_con_referencia(&tablero)?;
    }

    /// (d) and on arbitrary grids, where pieces sit on every edge.
    #[test]
    fn generador_coincide_con_referencia_en_grillas(grilla in grilla_arbitraria()) {
        let tablero = tablero_de(&grilla);
        prop_assert_eq!(grilla_de(&tablero), grilla);
        comparar_con_referencia(&tablero)?;
    }

    /// (e) the list of lists: board to list and back, and list to board and back.
    #[test]
    fn lista_de_listas_ida_y_vuelta(tablero in cualquier_tablero(), grilla in grilla_arbitraria()) {
        let lista = tablero.a_lista();
        prop_assert_eq!(&lista, &lista_de(&grilla_de(&tablero)));
        prop_assert_eq!(&Vec::<Vec<String>>::from(&tablero), &lista);
        prop_assert_eq!(Tablero::try_from(lista.clone()), Ok(tablero.clone()));
        prop_assert_eq!(Tablero::try_from(lista.as_slice()), Ok(tablero));

        let lista = lista_de(&grilla);
        let desde_lista = Tablero::try_from(lista.clone());
        prop_assert_eq!(&desde_lista, &Ok(tablero_de(&grilla)));
        prop_assert_eq!(desde_lista.unwrap().a_lista(), lista);
    }

    /// (f) any short text parses as a position exactly when it is one of the 64
    /// names, and then prints back unchanged.
    #[test]
    fn posicion_solo_acepta_los_64_nombres(texto in "\\PC{0,3}|[@-Ja-j0-9]{2}") {
        let nombres: BTreeSet<String> =
            (0..8).flat_map(|f| (0..8).map(move |c| nombre_de(f, c))).collect();
        match texto.parse::<Posicion>() {
            Ok(p) => {
                prop_assert!(nombres.contains(&texto), "{:?} aceptado", texto);
                prop_assert_eq!(p.to_string(), texto);
            }
            Err(_) => prop_assert!(!nombres.contains(&texto), "{:?} rechazado", texto),
        }
    }
}

/// (f) Display and FromStr agree on all 64 positions, and the name puts the column
/// letter first and row 1 at the top.
#[test]
fn posicion_ida_y_vuelta_en_las_64() {
    let mut vistas = BTreeSet::new();
    for fila in 0..8 {
        for columna in 0..8 {
            let nombre = nombre_de(fila, columna);
            let p: Posicion = nombre.parse().expect("nombre válido");
            assert_eq!(p.to_string(), nombre);
            assert_eq!(p.to_string().parse::<Posicion>(), Ok(p));
            assert_eq!((p.columna() as usize, p.fila() as usize), (columna, fila));
            assert!(vistas.insert(p), "{nombre} repetida");
        }
    }
    assert_eq!(vistas.len(), 64);
    // The same 64, in the same row-by-row order, as the library lists them.
    let todas: Vec<String> = Posicion::todas().map(|p| p.to_string()).collect();
    let esperadas: Vec<String> = (0..8)
        .flat_map(|f| (0..8).map(move |c| nombre_de(f, c)))
        .collect();
    assert_eq!(todas, esperadas);
}

/// The strategy really reaches deep positions: each choice plays one move (passes
/// take none), so 60 choices fill the board unless the game ends earlier; either way
/// nobody can move afterwards.
#[test]
fn la_estrategia_alcanza_posiciones_profundas() {
    for eleccion in [0, 1, 7, u32::MAX] {
        let (tablero, _) = jugar_secuencia(&[eleccion; 60]);
        let piezas = othello::contar(&tablero, "N") + othello::contar(&tablero, "B");
        assert!(piezas > 40, "solo {piezas} fichas: {tablero:?}");
        assert!(!tablero.puede_jugar(Color::Negro) && !tablero.puede_jugar(Color::Blanco));
    }
}

// ---------------------------------------------------------------------------------
// Random command lines
// ---------------------------------------------------------------------------------

/// One argument: a word the program knows, or any bytes (UTF-8 or not). The engine's
/// orders (which may think for long) and the options that write files are left out.
fn argumento() -> impl Strategy<Value = std::ffi::OsString> {
    use std::os::unix::ffi::OsStringExt;
    let palabras = prop::sample::select(vec![
        "mostrar",
        "jugar",
        "jugadas",
        "contar",
        "estado",
        "validar",
        "repetir",
        "exportar",
        "importar",
        "--json",
        "--turno",
        "N",
        "B",
        "C4",
        "c4",
        "-",
        "--obf",
        "--desde",
        "--jugadas-de",
        "--formato",
        "--help",
        "-h",
        "--negro",
        "--color",
        "--reglas",
        "partidas/inicial.txt",
        "partidas/figura2.txt",
        "x",
    ]);
    prop_oneof![
        palabras.prop_map(std::ffi::OsString::from),
        // No NUL: no argument of a process can hold one.
        prop::collection::vec(1u8..=255, 0..12).prop_map(std::ffi::OsString::from_vec),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Any list of arguments is an order that runs to an exit code of 0, 1 or 2, or a
    /// usage error: never a panic.
    #[test]
    fn cualquier_lista_de_argumentos_da_una_orden_o_un_error(
        argumentos in prop::collection::vec(argumento(), 0..6)
    ) {
        use othello_programa::ordenes::{OpcionesDeOrden, Orden, ejecutar};
        if let Ok(orden) = Orden::desde_argumentos(&argumentos) {
            for json in [false, true] {
                let opciones = OpcionesDeOrden { json, ..OpcionesDeOrden::default() };
                let mut salida = Vec::new();
                let resultado = ejecutar(&orden, &opciones, &b""[..], &mut salida);
                let codigo = resultado.map_or_else(|error| error.codigo() as i32, |()| 0);
                prop_assert!((0..=2).contains(&codigo));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The program itself, on the same lists (fewer: each is a process): exit status 0,
    /// 1 or 2 and whole Spanish text, never a Rust panic (101).
    #[test]
    fn el_programa_con_argumentos_al_azar_sale_con_0_1_o_2(
        argumentos in prop::collection::vec(argumento(), 0..6)
    ) {
        let dir = crate::comun::carpeta();
        std::fs::create_dir(dir.path().join("partidas")).unwrap();
        std::fs::write(
            dir.path().join("partidas/inicial.txt"),
            Tablero::inicial().to_string(),
        )
        .unwrap();
        let salida = crate::comun::programa(dir.path())
            .args(&argumentos)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let errores = String::from_utf8_lossy(&salida.stderr);
        prop_assert!(
            matches!(salida.status.code(), Some(0..=2)),
            "{argumentos:?}: {:?} {errores}",
            salida.status
        );
        prop_assert!(!errores.contains("panicked"), "{argumentos:?}: {errores}");
    }
}
