//! The start menu and its questions: a new game (between people, against the
//! computer, or two computers), a saved one (with its moves and turn when its
//! `.jugadas` is beside it), the game left unfinished, and who moves on a board that
//! does not say.

use std::{
    io::{self, BufRead, Write},
    path::Path,
};

use super::{
    comando::es_salir,
    consola::Consola,
    guardado::{NOMBRE_ILEGIBLE, nombre_legible, ruta_de_jugadas},
    historial::Historial,
    jugadores::HUMANOS,
    mesa::Comienzo,
    recuperacion::{Ajustes, Pendiente, Recuperacion},
};
use crate::renglones::{ajustar, mayuscula_inicial};
use othello::{
    Color, ErrorArchivo, Estado, Partida, PorColor, Reglas, Tablero, disco,
    formato::entrada,
    motor::jugadores::Nivel,
    texto::{cantidad, cita, ruta_visible},
};

/// What the person chose while loading.
enum Eleccion {
    /// Play this game.
    Jugar(Box<Comienzo>),
    /// An empty answer: no file.
    Ninguna,
    /// The input ended: say goodbye.
    Salir,
}

/// The computer's levels in a student's words, before a level is asked.
const NIVELES: &str = "\
Niveles de la computadora:
  aleatorio  juega al azar
  libro      la computadora del capítulo de Reversi: toma una esquina si puede
             y, si no, la jugada que más fichas le deja
  fuerte     el motor: mira muchas jugadas adelante; muy difícil de ganarle
";

/// The level offered with Enter: not the unbeatable one.
const NIVEL_SUGERIDO: Nivel = Nivel::Libro;

/// The menu's options, explained.
const AYUDA: &str = "  0) sigue la partida que quedó a medias, si la hay: el juego la guarda solo
     después de cada jugada, por si se cierra la terminal o se corta la luz (las
     más antiguas, de la 6 en adelante)
  1) dos personas en este teclado, por turnos; empiezan las negras
  2) sigue una partida guardada con «guardar» (o un tablero escrito a mano)
  3) tú contra la computadora, en una partida nueva o en una guardada
  4) dos computadoras juegan entre ellas; tú miras
  5) termina el programa
";

/// The start menu: a new game, a saved one, one of the unfinished games kept in
/// `recuperacion` (the newest as option 0, the others after 5), or quit (`None`). At a
/// terminal (`pantalla` given), option `p` turns the full-screen board on or off for
/// the games chosen.
pub(super) fn menu<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    reglas: Reglas,
    mut recuperacion: Option<&mut Recuperacion>,
    mut pantalla: Option<&mut bool>,
) -> io::Result<Option<Comienzo>> {
    let nueva = |jugadores| Comienzo::nueva(reglas, Some(jugadores));
    // After the help, which explains every option, only the question comes back: the
    // help and the question fit on a terminal of 24 rows.
    let mut con_opciones = true;
    loop {
        let pendientes = recuperacion
            .as_deref()
            .map(Recuperacion::pendientes)
            .unwrap_or_default();
        if std::mem::replace(&mut con_opciones, true) {
            opciones(consola, &pendientes, pantalla.as_deref().copied())?;
        }
        let primera = if pendientes.is_empty() { 1 } else { 0 };
        let ultima = (OTRAS - 1 + pendientes.len().saturating_sub(1)).max(5);
        let con_p = if pantalla.is_some() { ", p" } else { "" };
        let pregunta = format!("Elige una opción ({primera} a {ultima}{con_p}, o «ayuda»): ");
        let Some(opcion) = consola.preguntar(&pregunta)? else {
            return Ok(None);
        };
        let opcion = opcion.to_lowercase();
        let eleccion = match (opcion.as_str(), interrumpida(&opcion, &pendientes)) {
            (_, Some(pendiente)) => {
                let recuperacion = recuperacion.as_deref_mut().expect("hay copias");
                seguir(consola, recuperacion, pendiente, reglas)?
            }
            ("1" | "nueva", _) => Eleccion::Jugar(Box::new(nueva(HUMANOS))),
            ("2" | "cargar", _) => cargar(
                consola,
                reglas,
                "Archivo a cargar (Enter para volver al menú): ",
            )?,
            ("3", _) => contra_la_computadora(consola, reglas)?,
            ("4", _) => computadoras(consola, reglas)?,
            ("5" | "salir", _) => Eleccion::Salir,
            ("p" | "pantalla", _) if pantalla.is_some() => {
                let pantalla = pantalla.as_deref_mut().expect("a la vista");
                *pantalla = !*pantalla;
                let estado = if *pantalla {
                    "las partidas se juegan en el tablero a pantalla completa (flechas, \
                     Enter o un clic juegan; ? muestra las teclas)"
                } else {
                    "las partidas se juegan en el tablero impreso de la tarea"
                };
                consola.decir(&format!("Desde ahora, {estado}."))?;
                Eleccion::Ninguna
            }
            ("ayuda" | "?", _) => {
                con_opciones = false;
                write!(consola, "\n{AYUDA}")?;
                if pantalla.is_some() {
                    writeln!(
                        consola,
                        "  p) cambia entre el tablero impreso y el de pantalla completa (con\n     \
                         flechas y ratón, como othello --pantalla)"
                    )?;
                }
                write!(consola, "\n{NIVELES}")?;
                writeln!(
                    consola,
                    "Durante la partida, «ayuda» muestra los comandos y «ayuda reglas», las reglas."
                )?;
                Eleccion::Ninguna
            }
            _ => {
                consola.rechazar(&format!(
                    "«{}» no es una opción: escribe un número del {primera} al {ultima}, o \
                     «ayuda».",
                    cita(&opcion)
                ))?;
                Eleccion::Ninguna
            }
        };
        match eleccion {
            Eleccion::Jugar(comienzo) => return Ok(Some(*comienzo)),
            Eleccion::Ninguna => {}
            Eleccion::Salir => return Ok(None),
        }
    }
}

/// The menu's options: the unfinished games of `pendientes` among them, and `p` when
/// the board can be shown on the full screen (`pantalla`, whether it is now).
fn opciones<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    pendientes: &[Pendiente],
    pantalla: Option<bool>,
) -> io::Result<()> {
    writeln!(consola)?;
    writeln!(consola, "Menú:")?;
    if let Some(pendiente) = pendientes.first() {
        consola.decir(&format!(
            "  0) Seguir la partida interrumpida ({})",
            pendiente.descripcion()
        ))?;
    }
    writeln!(consola, "  1) Partida nueva, dos personas")?;
    writeln!(consola, "  2) Cargar una partida guardada")?;
    writeln!(consola, "  3) Contra la computadora")?;
    writeln!(consola, "  4) Computadora contra computadora")?;
    writeln!(consola, "  5) Salir")?;
    match pantalla {
        Some(false) => writeln!(
            consola,
            "  p) Cambiar al tablero a pantalla completa (flechas y ratón)"
        )?,
        Some(true) => writeln!(
            consola,
            "  p) Cambiar al tablero impreso (ahora: a pantalla completa)"
        )?,
        None => {}
    }
    if pendientes.len() > 1 {
        writeln!(
            consola,
            "Otras partidas interrumpidas, de la más reciente a la más antigua:"
        )?;
        for (numero, pendiente) in (OTRAS..).zip(&pendientes[1..]) {
            consola.decir(&format!("  {numero}) {}", pendiente.descripcion()))?;
        }
    }
    Ok(())
}

/// The menu's number of the second newest unfinished game; the others follow.
const OTRAS: usize = 6;

/// The unfinished game that `opcion` names among `pendientes`: 0 (or «seguir») the
/// newest, [`OTRAS`] and on the others.
fn interrumpida<'a>(opcion: &str, pendientes: &'a [Pendiente]) -> Option<&'a Pendiente> {
    match opcion {
        "0" | "seguir" => pendientes.first(),
        _ => {
            let numero: usize = opcion.parse().ok()?;
            pendientes
                .get(numero.checked_sub(OTRAS - 1)?)
                .filter(|_| numero >= OTRAS)
        }
    }
}

/// Takes up the unfinished game `pendiente`, kept in `recuperacion`: as it was played
/// when its copy says how.
fn seguir<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    recuperacion: &mut Recuperacion,
    pendiente: &Pendiente,
    reglas: Reglas,
) -> io::Result<Eleccion> {
    let ruta = &pendiente.ruta;
    let tablero = recuperacion
        .adoptar(ruta)
        .map_err(|error| error.to_string())
        .and_then(|()| disco::cargar(ruta).map_err(|error| error.to_string()));
    let tablero = match tablero {
        Ok(tablero) => tablero,
        Err(razon) => {
            recuperacion.soltar();
            consola.decir(&format!("No se pudo retomar: {razon}."))?;
            return Ok(Eleccion::Ninguna);
        }
    };
    let ajustes = Ajustes::de_la_copia(ruta);
    let reglas = ajustes.as_ref().map_or(reglas, |ajustes| ajustes.reglas);
    let encabezado = "Sigue la partida interrumpida";
    let Some(comienzo) = abrir(consola, encabezado, ruta, tablero, None, reglas)? else {
        return Ok(Eleccion::Salir);
    };
    Ok(Eleccion::Jugar(Box::new(Comienzo {
        archivo: None,
        recuperada: true,
        ajustes,
        ..comienzo
    })))
}

/// Option 3: a person against the computer, on a new game or a saved one.
fn contra_la_computadora<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    reglas: Reglas,
) -> io::Result<Eleccion> {
    let comienzo = match cargar(
        consola,
        reglas,
        "Archivo a cargar (Enter = partida nueva): ",
    )? {
        Eleccion::Jugar(comienzo) => *comienzo,
        Eleccion::Ninguna => Comienzo::nueva(reglas, None),
        Eleccion::Salir => return Ok(Eleccion::Salir),
    };
    let Some(color) = preguntar_color(consola)? else {
        return Ok(Eleccion::Salir);
    };
    write!(consola, "{NIVELES}")?;
    let Some(nivel) = preguntar_nivel(consola, "la computadora")? else {
        return Ok(Eleccion::Salir);
    };
    let mut jugadores = PorColor::new(nivel, nivel);
    jugadores[color] = Nivel::Humano;
    Ok(Eleccion::Jugar(Box::new(Comienzo {
        jugadores: Some(jugadores),
        ..comienzo
    })))
}

/// Option 4: two computers, with or without a pause between their moves.
fn computadoras<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    reglas: Reglas,
) -> io::Result<Eleccion> {
    write!(consola, "{NIVELES}")?;
    let Some(negro) = preguntar_nivel(consola, "las negras")? else {
        return Ok(Eleccion::Salir);
    };
    let Some(blanco) = preguntar_nivel(consola, "las blancas")? else {
        return Ok(Eleccion::Salir);
    };
    let Some(pausa) = consola.confirmar("¿Esperar Enter entre jugadas?", true)? else {
        return Ok(Eleccion::Salir);
    };
    Ok(Eleccion::Jugar(Box::new(Comienzo {
        sin_pausa: Some(!pausa),
        ..Comienzo::nueva(reglas, Some(PorColor::new(negro, blanco)))
    })))
}

/// Asks which color the person plays against the computer; `None` at the end of
/// the input.
fn preguntar_color<R: BufRead, W: Write>(consola: &mut Consola<R, W>) -> io::Result<Option<Color>> {
    loop {
        let Some(respuesta) = consola
            .preguntar("¿Con qué color juegas? N (negras, empiezan) o B (blancas) [Enter = N]: ")?
        else {
            return Ok(None);
        };
        if respuesta.is_empty() {
            return Ok(Some(Color::Negro));
        }
        if es_salir(&respuesta) {
            return Ok(None);
        }
        match entrada::color(&respuesta) {
            Some(color) => return Ok(Some(color)),
            None => consola.rechazar("Responde N (negras) o B (blancas).")?,
        }
    }
}

/// Asks the level of a computer player; `None` at the end of the input.
fn preguntar_nivel<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    quien: &str,
) -> io::Result<Option<Nivel>> {
    let pregunta = format!("¿Nivel de {quien}? [Enter = {NIVEL_SUGERIDO}]: ");
    loop {
        let Some(respuesta) = consola.preguntar(&pregunta)? else {
            return Ok(None);
        };
        if es_salir(&respuesta) {
            return Ok(None);
        }
        match respuesta.parse::<Nivel>() {
            _ if respuesta.is_empty() => return Ok(Some(NIVEL_SUGERIDO)),
            Ok(Nivel::Humano) | Err(_) => consola.rechazar(&format!(
                "Responde aleatorio, libro o fuerte (o Enter para {NIVEL_SUGERIDO})."
            ))?,
            Ok(nivel) => return Ok(Some(nivel)),
        }
    }
}

/// Asks `pregunta` for a file until one loads, then who moves if its `.jugadas` does
/// not say.
fn cargar<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    reglas: Reglas,
    pregunta: &str,
) -> io::Result<Eleccion> {
    loop {
        let Some(nombre) = consola.preguntar_archivo(pregunta)? else {
            return Ok(Eleccion::Salir);
        };
        if nombre.is_empty() {
            return Ok(Eleccion::Ninguna);
        }
        if !nombre_legible(Path::new(&nombre)) {
            consola.rechazar(NOMBRE_ILEGIBLE)?;
            continue;
        }
        match disco::cargar(&nombre) {
            Ok(tablero) => {
                let encabezado = format!("Partida cargada de «{nombre}»");
                let abierta = abrir(
                    consola,
                    &encabezado,
                    Path::new(&nombre),
                    tablero,
                    None,
                    reglas,
                )?;
                return Ok(abierta.map_or(Eleccion::Salir, |comienzo| {
                    Eleccion::Jugar(Box::new(comienzo))
                }));
            }
            Err(error) => consola.rechazar(&format!("No se pudo cargar: {error}."))?,
        }
    }
}

/// Starts a game on `tablero`, loaded from `ruta`, after saying `encabezado` (a
/// sentence without its full stop, which the moves may complete). With its
/// `.jugadas` beside it, the game comes back as it was: its moves and its turn. Without
/// it, or when it does not lead to this board, `turno` moves, or is asked. An explicit
/// `turno` that is not the one the moves leave wins, and the moves are not used.
/// `None` at the end of the input.
pub(super) fn abrir<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    encabezado: &str,
    ruta: &Path,
    tablero: Tablero,
    turno: Option<Color>,
    reglas: Reglas,
) -> io::Result<Option<Comienzo>> {
    let ruta_jugadas = ruta_de_jugadas(ruta);
    let jugadas = format!("«{}»", ruta_visible(&ruta_jugadas));
    let retomada = match disco::leer_jugadas(ruta, &tablero) {
        Err(ErrorArchivo::NoExiste { .. }) => Err(format!("No hay {jugadas} al lado")),
        Err(error) => Err(mayuscula_inicial(&error.to_string())),
        Ok(bytes) => Historial::retomar(
            &String::from_utf8_lossy(&bytes),
            &ruta_jugadas,
            &tablero,
            reglas,
        )
        .map_err(|razon| format!("{jugadas} no corresponde: {razon}")),
    };
    // What is said here is kept for the full-screen board too.
    let mut avisos = Vec::new();
    let mut avisar = |consola: &mut Consola<R, W>, aviso: String| {
        avisos.push(aviso.clone());
        consola.decir(&aviso)
    };
    let partida = match (retomada, turno) {
        (Ok(retomada), Some(turno)) if retomada.partida.turno() != turno => {
            avisar(consola, format!("{encabezado}."))?;
            avisar(
                consola,
                format!(
                    "Sus jugadas ({jugadas}) dejan el turno a las {}: con --turno {turno}, \
                     se juega sin ellas.",
                    retomada.partida.turno().nombre()
                ),
            )?;
            Partida::desde(tablero, turno).con_reglas(reglas)
        }
        (Ok(retomada), _) => {
            avisar(
                consola,
                format!(
                    "{encabezado}, con {}: turno de las {}.",
                    cantidad(
                        retomada.historial.cantidad() as u64,
                        "jugada anterior",
                        "jugadas anteriores",
                    ),
                    retomada.partida.turno().nombre()
                ),
            )?;
            if let Some(arreglo) = retomada.arreglo {
                avisar(consola, mayuscula_inicial(&format!("{}.", arreglo.aviso())))?;
            }
            return Ok(Some(Comienzo {
                retomada,
                archivo: Some(ruta.to_owned()),
                jugadores: None,
                sin_pausa: None,
                recuperada: false,
                ajustes: None,
                avisos,
            }));
        }
        (Err(_), Some(turno)) => {
            avisar(consola, format!("{encabezado}."))?;
            Partida::desde(tablero, turno).con_reglas(reglas)
        }
        (Err(razon), None) => {
            avisar(consola, format!("{encabezado}."))?;
            let aviso = format!("{razon}: se pregunta quién juega.");
            match preguntar_turno(consola, tablero, reglas, &aviso)? {
                Some(partida) => partida,
                None => return Ok(None),
            }
        }
    };
    Ok(Some(Comienzo {
        avisos,
        ..Comienzo::de(partida, Some(ruta), None)
    }))
}

/// Asks who moves on a loaded board, offering the likely answer, after saying
/// `aviso`; `None` at the end of the input.
fn preguntar_turno<R: BufRead, W: Write>(
    consola: &mut Consola<R, W>,
    tablero: Tablero,
    reglas: Reglas,
    aviso: &str,
) -> io::Result<Option<Partida>> {
    let sugerido = Partida::turno_sugerido(&tablero);
    let partida = Partida::desde(tablero.clone(), sugerido).con_reglas(reglas);
    // A loaded game is over or not whoever moves (a full board, a color without
    // pieces, nobody able to move): then there is nothing to ask.
    if partida.estado() != Estado::EnCurso {
        return Ok(Some(partida));
    }
    consola.decir(aviso)?;
    let pregunta = format!(
        "¿Quién juega ahora? N (negras) o B (blancas) [Enter = {sugerido}, las {}]: ",
        sugerido.nombre()
    );
    loop {
        let Some(respuesta) = consola.preguntar(&ajustar(&pregunta))? else {
            return Ok(None);
        };
        if es_salir(&respuesta) {
            return Ok(None);
        }
        let turno = match respuesta.as_str() {
            "" => Some(sugerido),
            _ => entrada::color(&respuesta),
        };
        match turno {
            Some(turno) => return Ok(Some(Partida::desde(tablero, turno).con_reglas(reglas))),
            None => consola.rechazar("Responde N (negras) o B (blancas).")?,
        }
    }
}
