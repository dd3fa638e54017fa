//! A student's program played through the scripted games, each in a fresh child: the
//! harness runs the file as `__main__` and asks the grader at each `input()`
//! (`arnes.py`'s `programa` order); the [`Conductor`] answers. Each step, from an
//! answer to the next question, has the time limit; a program that hangs or dies ends
//! its game there, and the next game starts a new process.

use std::{
    path::Path,
    time::{Duration, Instant},
};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{
    conductor::{Conductor, Final, Paso},
    guion::{ARCHIVO, GUIONES, Guion, guardada},
    informe::InformePrograma,
    lectura::Dibujo,
    punto::Punto,
};
use crate::correccion::{
    entrega::Archivos,
    error::ErrorCorreccion,
    python::{Hijo, Interprete, Llegada, como_latin1},
};

/// What a program is run with: the same interpreter, containment and bounds as the
/// functions.
pub(in crate::correccion) struct Programa<'a> {
    /// The interpreter, contained.
    pub(in crate::correccion) interprete: &'a Interprete,
    /// The submission's own folder.
    pub(in crate::correccion) carpeta: &'a Path,
    /// Its files, and which one is run.
    pub(in crate::correccion) archivos: &'a Archivos,
    /// The student's name for `jugar`, whose calls are watched, if it has one.
    pub(in crate::correccion) jugar: Option<&'a str>,
    /// For each step.
    pub(in crate::correccion) limite: Duration,
    /// The process's address space, in bytes.
    pub(in crate::correccion) memoria: u64,
}

/// The request that runs the program, as the harness's header tells.
#[derive(Serialize)]
struct Pedido<'a> {
    orden: &'static str,
    archivo: &'a str,
    archivos: Vec<(&'a str, String)>,
    limite: f64,
    jugar: Option<&'a str>,
}

/// A message of the harness while the program runs: a question (`pide`) or its end
/// (`termina`), with what it printed and the calls of its `jugar` since the last one.
#[derive(Deserialize)]
struct Mensaje {
    #[serde(default)]
    pide: Option<String>,
    #[serde(default)]
    termina: Option<String>,
    #[serde(default)]
    salida: String,
    #[serde(default)]
    llamadas: Vec<Vec<Value>>,
    #[serde(default)]
    excepcion: Option<String>,
    #[serde(default)]
    mensaje: Option<String>,
    #[serde(default)]
    linea: Option<u32>,
    #[serde(default)]
    codigo_salida: Option<Value>,
    #[serde(default)]
    guardados: Vec<(String, String)>,
}

impl Mensaje {
    /// What the program did.
    fn paso(self) -> Paso {
        let llamadas = (self.llamadas.iter())
            .filter_map(|llamada| match llamada.as_slice() {
                [Value::String(posicion), Value::String(color), ..] => {
                    Some((posicion.clone(), color.clone()))
                }
                _ => None,
            })
            .collect();
        if let Some(pregunta) = self.pide {
            return Paso::Pide {
                pregunta,
                salida: self.salida,
                llamadas,
            };
        }
        let final_ = match self.termina.as_deref() {
            Some("fin") => Final::Fin,
            Some("salida") => Final::Salida(self.codigo_salida.unwrap_or(Value::Null)),
            Some("tiempo") => Final::Tiempo,
            Some("guion") => Final::Guion,
            Some("excepcion") => Final::Excepcion {
                excepcion: self.excepcion.unwrap_or_default(),
                mensaje: self.mensaje.unwrap_or_default(),
                linea: self.linea,
            },
            _ => Final::Murio,
        };
        Paso::Termina {
            final_,
            salida: self.salida,
            guardados: self.guardados,
        }
    }
}

/// How many times the program is told there is no more input before it is stopped:
/// code that catches every exception around its `input()` asks again.
const FINES: usize = 3;

/// Plays `programa` through every scripted game, by `fin` at the latest.
///
/// # Errors
///
/// [`ErrorCorreccion`] if no process can start.
pub(in crate::correccion) fn jugar_guiones(
    programa: &Programa,
    fin: Instant,
) -> Result<InformePrograma, ErrorCorreccion> {
    let mut partidas: Vec<(&Guion, Conductor)> = Vec::new();
    for guion in &GUIONES {
        let conductor = jugar_guion(programa, guion, dibujo_para(guion, &partidas), fin)?;
        partidas.push((guion, conductor));
    }
    Ok(InformePrograma::de(&partidas))
}

/// How the program draws its board, for `guion`, from the games before it: only
/// «cargar» needs it (its first board is not the start, to learn from).
fn dibujo_para(guion: &Guion, partidas: &[(&Guion, Conductor)]) -> Option<Dibujo> {
    (partidas.first())
        .filter(|_| guion.puntos.contains(&Punto::Cargar))
        .and_then(|(_, primera)| primera.dibujo().cloned())
}

/// Plays `guion` with a fresh child, with a program that draws its board as `dibujo`
/// if an earlier game showed it.
///
/// # Errors
///
/// [`ErrorCorreccion`] if no process can start.
fn jugar_guion(
    programa: &Programa,
    guion: &'static Guion,
    dibujo: Option<Dibujo>,
    fin: Instant,
) -> Result<Conductor, ErrorCorreccion> {
    let mut conductor = Conductor::nuevo(guion, dibujo);
    if Instant::now() >= fin {
        conductor.sin_tiempo();
        return Ok(conductor);
    }
    let mut hijo = Hijo::lanzar(programa.interprete, programa.carpeta, programa.memoria)
        .map_err(ErrorCorreccion::Lanzar)?;
    let pedido = Pedido {
        orden: "programa",
        archivo: &programa.archivos.principal,
        archivos: (programa.archivos.todos.iter())
            .map(|(nombre, bytes)| (nombre.as_str(), como_latin1(bytes)))
            .chain(
                // The game «cargar» loads the saved game: the file is there.
                (guion.puntos.contains(&Punto::Cargar)).then(|| (ARCHIVO, guardada().to_string())),
            )
            .collect(),
        limite: programa.limite.as_secs_f64(),
        jugar: programa.jugar,
    };
    let linea = serde_json::to_string(&pedido).expect("un pedido se escribe en JSON");
    // The harness's alarm stops a step at the limit; this is the backstop for code
    // that swallows it (and for writing the files and starting, the first time).
    let plazo = programa.limite * 2 + Duration::from_secs(1);
    if hijo.pedir(&linea) {
        conducir(&mut conductor, |respuesta| {
            if let Some(respuesta) = respuesta
                && !hijo.pedir(respuesta)
            {
                return Some(Llegada::Fin);
            }
            let queda = fin.saturating_duration_since(Instant::now());
            match hijo.esperar(plazo.min(queda)) {
                Llegada::Plazo if queda < plazo => None,
                llegada => Some(llegada),
            }
        });
    }
    Ok(conductor)
}

/// Drives `conductor` until its game ends: `intercambiar` sends the last answer (a
/// JSON line; none at first) and brings what the program did next (`None` when the
/// submission's time is over).
fn conducir(
    conductor: &mut Conductor,
    mut intercambiar: impl FnMut(Option<&str>) -> Option<Llegada>,
) {
    let termina = |final_| Paso::Termina {
        final_,
        salida: String::new(),
        guardados: Vec::new(),
    };
    let mut fines = 0;
    let mut respuesta: Option<String> = None;
    loop {
        let paso = match intercambiar(respuesta.as_deref()) {
            None => {
                conductor.sin_tiempo();
                return;
            }
            Some(Llegada::Linea(linea)) => match serde_json::from_str::<Mensaje>(&linea) {
                Ok(mensaje) => mensaje.paso(),
                Err(_) => termina(Final::Murio),
            },
            Some(Llegada::Plazo) => termina(Final::Tiempo),
            Some(Llegada::Desmedida | Llegada::Fin) => termina(Final::Murio),
        };
        let fin = matches!(paso, Paso::Termina { .. });
        let mensaje = match conductor.recibir(paso) {
            _ if fin => return,
            Some(texto) => serde_json::json!({ "responde": texto }),
            None => {
                fines += 1;
                if fines > FINES {
                    return;
                }
                serde_json::json!({ "fin": true })
            }
        };
        respuesta = Some(mensaje.to_string());
    }
}

/// The report of the games played with a program whose messages are `partidas`: the
/// harness's lines of each game, in the order of the scripted games, answered as a
/// real child's are, without one (for fuzzing: every byte of them a student's program
/// controls). A game without lines is a program that died at once.
pub fn revisar_partidas(partidas: &[&[u8]]) -> InformePrograma {
    let mut jugadas: Vec<(&Guion, Conductor)> = Vec::new();
    for (guion, bytes) in GUIONES
        .iter()
        .zip(partidas.iter().chain(std::iter::repeat(&&b""[..])))
    {
        let mut conductor = Conductor::nuevo(guion, dibujo_para(guion, &jugadas));
        let texto = String::from_utf8_lossy(bytes);
        let mut lineas = texto.lines();
        conducir(&mut conductor, |_| {
            Some(
                lineas
                    .next()
                    .map_or(Llegada::Fin, |linea| Llegada::Linea(linea.to_owned())),
            )
        });
        jugadas.push((guion, conductor));
    }
    InformePrograma::de(&jugadas)
}
