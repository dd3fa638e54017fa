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
use crate::interfaz::correccion::{
    entrega::Archivos,
    error::ErrorCorreccion,
    python::{Hijo, Interprete, Llegada, como_latin1},
};

/// What a program is run with: the same interpreter, containment and bounds as the
/// functions.
pub(in crate::interfaz::correccion) struct Programa<'a> {
    /// The interpreter, contained.
    pub(in crate::interfaz::correccion) interprete: &'a Interprete,
    /// The submission's own folder.
    pub(in crate::interfaz::correccion) carpeta: &'a Path,
    /// Its files, and which one is run.
    pub(in crate::interfaz::correccion) archivos: &'a Archivos,
    /// The student's name for `jugar`, whose calls are watched, if it has one.
    pub(in crate::interfaz::correccion) jugar: Option<&'a str>,
    /// For each step.
    pub(in crate::interfaz::correccion) limite: Duration,
    /// The process's address space, in bytes.
    pub(in crate::interfaz::correccion) memoria: u64,
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
pub(in crate::interfaz::correccion) fn jugar_guiones(
    programa: &Programa,
    fin: Instant,
) -> Result<InformePrograma, ErrorCorreccion> {
    let mut partidas: Vec<(&Guion, Conductor)> = Vec::new();
    for guion in &GUIONES {
        let dibujo = (partidas.first())
            .filter(|_| guion.puntos.contains(&Punto::Cargar))
            .and_then(|(_, primera)| primera.dibujo().cloned());
        let conductor = jugar_guion(programa, guion, dibujo, fin)?;
        partidas.push((guion, conductor));
    }
    Ok(InformePrograma::de(&partidas))
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
    let mut vivo = hijo.pedir(&linea);
    let mut fines = 0;
    while vivo {
        let queda = fin.saturating_duration_since(Instant::now());
        let paso = match hijo.esperar(plazo.min(queda)) {
            Llegada::Linea(linea) => match serde_json::from_str::<Mensaje>(&linea) {
                Ok(mensaje) => mensaje.paso(),
                Err(_) => Paso::Termina {
                    final_: Final::Murio,
                    salida: String::new(),
                    guardados: Vec::new(),
                },
            },
            Llegada::Plazo if queda < plazo => {
                conductor.sin_tiempo();
                break;
            }
            Llegada::Plazo => Paso::Termina {
                final_: Final::Tiempo,
                salida: String::new(),
                guardados: Vec::new(),
            },
            Llegada::Desmedida | Llegada::Fin => Paso::Termina {
                final_: Final::Murio,
                salida: String::new(),
                guardados: Vec::new(),
            },
        };
        let termina = matches!(paso, Paso::Termina { .. });
        let respuesta = conductor.recibir(paso);
        if termina {
            break;
        }
        let mensaje = match respuesta {
            Some(texto) => serde_json::json!({ "responde": texto }),
            None => {
                fines += 1;
                if fines > FINES {
                    break;
                }
                serde_json::json!({ "fin": true })
            }
        };
        vivo = hijo.pedir(&mensaje.to_string());
    }
    Ok(conductor)
}
