//! What each fuzz target checks, shared by `cargo fuzz` (the targets in
//! `fuzz_targets/`) and by `cargo test` (tests/integracion/fuzz.rs runs the same
//! functions over a few thousand random and mutated inputs), so that CI catches a
//! regression without cargo-fuzz. Each takes any bytes and panics only on a fault.

use othello::{Obf, Partida, Transcripcion, formato::archivo};
use othello_programa::{
    correccion::{
        Estado, Funcion, OpcionesCorreccion, PorFuncion, Punto, SemillaDeCasos, Tipo,
        revisar_partidas, revisar_respuestas,
    },
    ordenes::Orden,
};

/// The board reader never panics, agrees with the reviewer, and what it reads is
/// written back in the canonical form, which reads back the same.
pub fn tablero(bytes: &[u8]) {
    let leido = archivo::leer_bytes(bytes);
    let revision = archivo::revisar_bytes(bytes);
    if let Ok(tablero) = leido {
        assert!(revision.errores().is_empty(), "{bytes:?}");
        let escrito = tablero.to_string();
        assert_eq!(archivo::leer_texto(&escrito), Ok(tablero));
        assert_eq!(
            archivo::leer_bytes(escrito.as_bytes()).unwrap().to_string(),
            escrito
        );
    }
}

/// An obf string that parses is written back as one that parses to the same.
pub fn obf(bytes: &[u8]) {
    let Ok(texto) = std::str::from_utf8(bytes) else {
        return;
    };
    if let Ok(obf) = texto.parse::<Obf>() {
        let escrita = obf.to_string();
        assert_eq!(escrita.parse::<Obf>().ok(), Some(obf), "{texto:?}");
    }
}

/// Any transcript is read and replayed from the start without a panic; a replay that
/// succeeds ends in a game whose moves replay to the same board again.
pub fn transcripcion(bytes: &[u8]) {
    let texto = String::from_utf8_lossy(bytes);
    let transcripcion: Transcripcion = match texto.parse() {
        Ok(transcripcion) => transcripcion,
        Err(nunca) => match nunca {},
    };
    if let Ok(repeticion) = transcripcion.repetir(Partida::nueva()) {
        let otra = Transcripcion::de_jugadas(repeticion.jugadas());
        let de_nuevo = otra.repetir(Partida::nueva()).expect("las mismas jugadas");
        assert_eq!(de_nuevo.partida().tablero(), repeticion.partida().tablero());
    }
}

/// Any argument list (the bytes split at NUL) is an order or a usage error, never a
/// panic. Nothing is run: some orders would think for long or write files.
pub fn argumentos(bytes: &[u8]) {
    use std::os::unix::ffi::OsStrExt;
    let argumentos = bytes
        .split(|&byte| byte == 0)
        .map(|argumento| std::ffi::OsStr::from_bytes(argumento).to_owned());
    let _ = Orden::desde_argumentos(argumentos);
}

/// Where the game of [`juego`] keeps its recovery copies: a folder inside the one it
/// plays in (the game refuses to save there, as in any folder of copies).
const RECUPERACION: &str = "copias";

/// The boards of the recovery copies of [`juego`], in name order.
fn copias() -> Vec<std::path::PathBuf> {
    let mut copias: Vec<std::path::PathBuf> = std::fs::read_dir(RECUPERACION)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entrada| entrada.path())
        .filter(|ruta| {
            let nombre = ruta.file_name().unwrap_or_default().to_string_lossy();
            nombre.starts_with("partida") && nombre.ends_with(".txt")
        })
        .collect();
    copias.sort();
    copias
}

/// At most this many bytes of lines are typed in one [`juego`], so that a run stays
/// fast (each line can start a game between two computers).
const LARGO_DEL_JUEGO: usize = 4096;

/// The game over any lines typed returns well (or stops on input that is not text or
/// not a game), and what it writes is text that ends in the goodbye, with no control
/// characters but tabs and its colors' escapes, and (with
/// the echo) no line wider than [`ANCHO`](othello_programa::renglones::ANCHO) but for
/// the echo of what was typed and a word too long to break (a file name). A file it
/// says it saved is still there at the end, and the recovery save it leaves, or says
/// it left, loads.
///
/// The first byte chooses the options ([`opciones_de_juego`]); the rest, cut to
/// [`LARGO_DEL_JUEGO`] bytes, are the lines typed. The game plays in the current
/// folder, which must be empty: it saves there under the names typed (each `/` is
/// typed as `_`, so that no name reaches outside it) and keeps its recovery save
/// there. Everything is removed afterwards, so every input finds the folder alike.
pub fn juego(bytes: &[u8]) {
    use othello_programa::juego::{Opciones, ejecutar};

    let (&eleccion, tecleado) = bytes.split_first().unwrap_or((&0, &[]));
    let tecleado: Vec<u8> = tecleado
        .iter()
        .take(LARGO_DEL_JUEGO)
        .map(|&byte| if byte == b'/' { b'_' } else { byte })
        .collect();
    let _carpeta = CarpetaVacia::tomar();
    if eleccion & PENDIENTE != 0 {
        let interrumpida = Opciones {
            recuperacion: Some(RECUPERACION.into()),
            ..Opciones::default()
        };
        ejecutar(&b"1\nc4\n"[..], std::io::sink(), &interrumpida).expect("una partida a medias");
    }
    let opciones = opciones_de_juego(eleccion);
    let mut salida = Vec::new();
    let resultado = ejecutar(&tecleado[..], &mut salida, &opciones);
    let salida = String::from_utf8(salida).expect("la salida es texto");
    match resultado {
        Ok(()) => {
            let fin = if opciones.eco {
                "\n¡Hasta luego!\n"
            } else {
                "¡Hasta luego!\n"
            };
            assert!(salida.ends_with(fin), "{salida}");
        }
        // Input that is not text, or not a game, stops it: no goodbye, but the rest
        // holds, and the game is in its copy.
        Err(othello_programa::juego::ErrorJuego::Entrada(_)) => {}
        Err(error) => panic!("{error}\n{salida}"),
    }
    assert!(solo_texto(&salida, opciones.color), "{salida:?}");
    // Without the echo, the answer's line end is the person's, and the next message
    // follows the question on the output's line.
    let anchas = if opciones.eco {
        lineas_anchas(&salida, &tecleado)
    } else {
        Vec::new()
    };
    for linea in anchas {
        assert!(
            !linea.trim().contains(' '),
            "línea de {} caracteres: {linea:?}\n{salida}",
            linea.chars().count()
        );
    }
    for guardado in guardados(&salida) {
        assert!(
            existe_el_mostrado(&guardado),
            "«{guardado}» se guardó y ya no está\n{salida}"
        );
    }
    let dicha = salida.replace('\n', " ");
    if let Some(resto) = dicha.split_once("La partida sin guardar quedó en «") {
        let copia = resto
            .1
            .split_once("»: al volver")
            .expect("el nombre de la copia")
            .0;
        assert!(std::path::Path::new(copia).exists(), "{copia}\n{salida}");
    }
    for copia in copias() {
        othello::disco::cargar(&copia).expect("la copia de recuperación se carga");
    }
}

/// Whether the file that a message names as `mostrado` exists. Messages show a name
/// through `othello::texto::visible`, so a tab in it shows as `\t`: the file is the one
/// of its folder whose name shows so (or the one named so, when it has nothing to
/// escape).
fn existe_el_mostrado(mostrado: &str) -> bool {
    let ruta = std::path::Path::new(mostrado);
    let carpeta = match ruta.parent() {
        Some(carpeta) if !carpeta.as_os_str().is_empty() => carpeta,
        _ => std::path::Path::new("."),
    };
    let nombre = ruta.file_name().map(|nombre| nombre.to_string_lossy());
    ruta.exists()
        || std::fs::read_dir(carpeta).is_ok_and(|entradas| {
            entradas.flatten().any(|entrada| {
                let propio = othello::texto::visible(&entrada.file_name().to_string_lossy());
                nombre.as_deref() == Some(propio.as_str())
            })
        })
}

/// The files the game's `salida` says it saved: each board, and its moves when they
/// were saved beside it. A name may hold anything, `»` too: it is the one the message
/// names twice, and the line breaks of a long message were spaces.
fn guardados(salida: &str) -> Vec<String> {
    let texto = salida.replace('\n', " ");
    let mut guardados = Vec::new();
    for resto in texto.split("Partida guardada en «").skip(1) {
        let completo = resto
            .match_indices("» (y sus jugadas en «")
            .find_map(|(i, _)| {
                let nombre = &resto[..i];
                resto[i..]
                    .starts_with(&format!("» (y sus jugadas en «{nombre}.jugadas»)."))
                    .then_some(nombre)
            });
        match completo {
            Some(nombre) => guardados.extend([nombre.to_owned(), format!("{nombre}.jugadas")]),
            None => guardados.extend(
                resto
                    .split_once("», pero sin sus jugadas: ")
                    .map(|(nombre, _)| nombre.to_owned()),
            ),
        }
    }
    guardados
}

/// In [`opciones_de_juego`], the bit that leaves a game unfinished in the recovery save
/// before the game starts, which the menu then offers.
const PENDIENTE: u8 = 8;

/// The options of a [`juego`] from its first byte: bit 0 the official rules, bit 1
/// the echo, bit 2 the colors, bit 3 ([`PENDIENTE`]) an unfinished game to continue.
/// Bits 4 and 5: 0 the start menu, 1 the unfinished game loaded as with `--cargar`
/// (the menu if there is none), 2 a person against the book's player, 3 the random
/// player against the book's. Bits 6 and 7: 1 black moves on the loaded board, 2
/// white. The strong player thinks for a millisecond (a move, or a suggestion), the
/// computers draw from a fixed seed and never wait for Enter.
fn opciones_de_juego(eleccion: u8) -> othello_programa::juego::Opciones {
    use othello::{Color, PorColor, Reglas, motor::jugadores::Nivel};

    let pendiente = eleccion & PENDIENTE != 0;
    let comienzo = (eleccion >> 4) & 3;
    othello_programa::juego::Opciones {
        cargar: (pendiente && comienzo == 1)
            .then(|| copias().into_iter().next())
            .flatten(),
        turno: match eleccion >> 6 {
            1 => Some(Color::Negro),
            2 => Some(Color::Blanco),
            _ => None,
        },
        color: eleccion & 4 != 0,
        eco: eleccion & 2 != 0,
        jugadores: match comienzo {
            2 => Some(PorColor::new(Nivel::Humano, Nivel::Libro)),
            3 => Some(PorColor::new(Nivel::Aleatorio, Nivel::Libro)),
            _ => None,
        },
        semilla: Some(1),
        tiempo: std::time::Duration::from_millis(1),
        sin_pausa: true,
        reglas: if eleccion & 1 != 0 {
            Reglas::Oficiales
        } else {
            Reglas::Tarea
        },
        pantalla: false,
        recuperacion: Some(RECUPERACION.into()),
    }
}

/// An empty temporary folder for [`juego`] to play in, in memory (`/dev/shm`) where the
/// system has one: the game syncs its recovery save to the disk after every move, and
/// thousands of games on a disk take minutes instead of seconds.
pub fn carpeta_de_juego() -> tempfile::TempDir {
    tempfile::Builder::new()
        .tempdir_in("/dev/shm")
        .or_else(|_| tempfile::tempdir())
        .expect("una carpeta temporal")
}

/// The current folder while [`juego`] plays in it: empty when taken, emptied again
/// when dropped (also when a check fails, so that the next input finds it alike).
struct CarpetaVacia;

impl CarpetaVacia {
    /// The current folder, which must be empty: nothing there is the game's to replace.
    fn tomar() -> CarpetaVacia {
        let mut entradas = std::fs::read_dir(".").expect("la carpeta actual se lee");
        assert!(
            entradas.next().is_none(),
            "el juego guarda archivos: corre solo en una carpeta vacía"
        );
        CarpetaVacia
    }
}

impl Drop for CarpetaVacia {
    fn drop(&mut self) {
        for entrada in std::fs::read_dir(".").into_iter().flatten().flatten() {
            let ruta = entrada.path();
            // What cannot be removed shows at the next input, as a folder not empty.
            let _ = match entrada.file_type() {
                Ok(tipo) if tipo.is_dir() => std::fs::remove_dir_all(ruta),
                _ => std::fs::remove_file(ruta),
            };
        }
    }
}

/// Whether `salida` holds no control characters but line ends, tabs (typed ones,
/// echoed) and, with `color`, the escapes that color the pieces (`ESC [ … m`).
fn solo_texto(salida: &str, color: bool) -> bool {
    let texto = |trozo: &str| {
        !trozo
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
    };
    let mut trozos = salida.split('\x1b');
    trozos.next().is_some_and(texto)
        && trozos.all(|trozo| {
            color
                && trozo
                    .strip_prefix('[')
                    .and_then(|resto| resto.split_once('m'))
                    .is_some_and(|(parametros, resto)| {
                        parametros.chars().all(|c| c.is_ascii_digit() || c == ';') && texto(resto)
                    })
        })
}

/// The lines of the game's `salida` wider than
/// [`ANCHO`](othello_programa::renglones::ANCHO) characters, escapes aside, once the
/// echo of a line of `entrada` that ends one is taken off (what a person types is
/// theirs to make long): what is left of each.
pub fn lineas_anchas(salida: &str, entrada: &[u8]) -> Vec<String> {
    let ecos: Vec<String> = entrada
        .split(|&byte| byte == b'\n')
        .map(eco)
        .filter(|eco| !eco.is_empty())
        .collect();
    let ancha = |linea: &str| linea.chars().count() > othello_programa::renglones::ANCHO;
    anstream::adapter::strip_str(salida)
        .to_string()
        .lines()
        .filter(|linea| ancha(linea))
        .filter_map(|linea| {
            let eco = ecos
                .iter()
                .filter(|eco| linea.ends_with(eco.as_str()))
                .map(String::len)
                .max()
                .unwrap_or(0);
            let propia = &linea[..linea.len() - eco];
            ancha(propia).then(|| propia.to_owned())
        })
        .collect()
}

/// A line typed as the game echoes it after its question: only its first 1024 bytes
/// (then `…`) if it is longer, without carriage returns at its end, and with control
/// characters other than tabs as U+FFFD.
fn eco(linea: &[u8]) -> String {
    /// The longest line the game reads whole.
    const LARGO_LINEA: usize = 1024;
    let leida = &linea[..linea.len().min(LARGO_LINEA)];
    let texto = String::from_utf8_lossy(leida)
        .trim_end_matches('\r')
        .replace(|c: char| c.is_control() && c != '\t', "\u{FFFD}");
    if leida.len() < linea.len() {
        texto + "…"
    } else {
        texto
    }
}

/// The seed of the cases that the answers in `semillas/corregir/` answer.
pub const SEMILLA_DE_LAS_SEMILLAS: u64 = 2015;

/// The grader's reading of a program's games (every byte of the harness's messages is
/// the student's program's: what it prints and asks, how it ends, what it saves) never
/// panics, and its report is well-formed: each point judged once, in order; a
/// percentage that is the weights of the points done, or none with something to
/// review; and no control character but the line's end in what the report shows. The
/// bytes are split at NUL: the harness's lines of each scripted game, in order.
pub fn programa(bytes: &[u8]) {
    let partidas: Vec<&[u8]> = bytes.split(|&byte| byte == 0).collect();
    let informe = revisar_partidas(&partidas);
    let puntos: Vec<Punto> = informe.puntos.iter().map(|p| p.punto).collect();
    assert_eq!(puntos, Punto::TODOS);
    match informe.porcentaje {
        Some(porcentaje) => {
            let hechos: u32 = (informe.puntos.iter())
                .filter(|p| p.estado == Estado::Cumple)
                .map(|p| p.punto.peso())
                .sum();
            assert_eq!(porcentaje, f64::from(hechos));
            assert!(informe.revisar().is_none());
        }
        None => assert!(informe.revisar().is_some()),
    }
    let mut texto = Vec::new();
    informe.escribir_fallas(&mut texto).expect("se escribe");
    let texto = String::from_utf8(texto).expect("texto UTF-8") + &informe.linea();
    let transcripcion = &informe.transcripcion;
    for (que, texto) in [("el informe", &texto), ("la transcripción", transcripcion)] {
        assert!(
            texto.chars().all(|c| c == '\n' || !c.is_control()),
            "caracteres de control en {que}: {texto:?}"
        );
    }
}

/// The grader's reading of a submission's answers (every byte of which a student's
/// code can control: the files its `guardarPartida` saved come back in them too) never
/// panics, and its report adds up and is well-formed as text, gradebook and JSON. The
/// bytes are split at NUL: the answer lines of `jugar`, the counting function,
/// `guardarPartida` and `cargarPartida` (with no part, the function is not defined).
pub fn corregir(bytes: &[u8]) {
    let opciones = OpcionesCorreccion {
        casos: Some(8),
        ejemplos: 2,
        semilla: SemillaDeCasos {
            valor: Some(SEMILLA_DE_LAS_SEMILLAS),
        },
        ..OpcionesCorreccion::default()
    };
    let cantidades = opciones.cantidades();
    let mut partes = bytes.split(|&byte| byte == 0);
    // Called in the order of `Funcion::TODAS`.
    let respuestas = PorFuncion::de(|_| partes.next());
    let resumen = revisar_respuestas(&respuestas, std::path::Path::new("tarea2.py"), &opciones);

    let [entrega] = resumen.entregas() else {
        panic!("una sola entrega");
    };
    let mut texto = Vec::new();
    resumen.escribir_texto(&mut texto).expect("se escribe");
    let texto = String::from_utf8(texto).expect("texto UTF-8");
    assert!(
        texto.chars().all(|c| c == '\n' || !c.is_control()),
        "caracteres de control en el texto: {texto:?}"
    );
    let mut csv = Vec::new();
    resumen.escribir_csv(&mut csv).expect("se escribe");
    let csv = String::from_utf8(csv).expect("planilla UTF-8");
    // The gradebook opens in a spreadsheet set to Spanish: a byte order mark, then `;`.
    let csv = csv.trim_start_matches('\u{feff}');
    let filas: Vec<Vec<&str>> = csv.lines().map(|fila| fila.split(';').collect()).collect();
    let [_, fila] = filas.as_slice() else {
        panic!("cabecera y una fila: {csv:?}");
    };
    let json: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(&resumen).expect("JSON")).expect("se lee");
    for funcion in Funcion::TODAS {
        // estudiante, nombre, id, archivo, jugar, robustez, contar, guardarPartida, …
        let columna = fila[match funcion {
            Funcion::Jugar => 4,
            otra => 5 + otra as usize,
        }];
        let en_json = &json["entregas"][0]["funciones"][funcion.clave()];
        let Some(informe) = &entrega.funciones[funcion] else {
            assert!(respuestas[funcion].is_none(), "{funcion}");
            assert_eq!(columna, "");
            assert!(en_json.is_null());
            continue;
        };
        let casos = match funcion {
            Funcion::Jugar => cantidades.jugar,
            Funcion::Contar => cantidades.contar,
            Funcion::GuardarPartida => cantidades.guardar_partida,
            Funcion::CargarPartida => cantidades.cargar_partida,
        };
        assert_eq!(informe.casos, casos, "{funcion}");
        assert_eq!(
            informe.correctos + informe.por_tipo.values().sum::<usize>(),
            casos,
            "{funcion}"
        );
        for (tipo, &n) in &informe.por_tipo {
            assert!(n > 0, "{funcion}: {tipo:?}");
            let ejemplos = informe.fallas.iter().filter(|f| f.tipo == *tipo).count();
            // Of the cases not run, one example says why.
            let mostrados = match tipo {
                Tipo::SinCorrer => 1,
                _ => opciones.ejemplos,
            };
            assert_eq!(ejemplos, n.min(mostrados), "{funcion}: {tipo:?}");
        }
        assert!(
            informe
                .fallas
                .windows(2)
                .all(|par| (par[0].tipo, par[0].caso) < (par[1].tipo, par[1].caso)),
            "{funcion}: ejemplos por tipo y caso"
        );
        for falla in &informe.fallas {
            assert!((1..=casos).contains(&falla.caso), "{funcion}");
            assert!(informe.por_tipo.contains_key(&falla.tipo), "{funcion}");
            assert!(
                falla.texto.starts_with(&format!("Caso {}", falla.caso)),
                "{}",
                falla.texto
            );
        }
        let cuenta = format!("  {} {}/{}", informe.nombre, informe.correctos, casos);
        assert!(
            texto.lines().any(|linea| linea.starts_with(&cuenta)),
            "{texto}"
        );
        assert_eq!(columna, format!("{} de {casos}", informe.correctos));
        assert_eq!(en_json["casos"], casos);
        assert_eq!(en_json["correctos"], informe.correctos);
        assert_eq!(
            en_json["fallas"].as_array().map(Vec::len),
            Some(informe.fallas.len())
        );
    }
}
