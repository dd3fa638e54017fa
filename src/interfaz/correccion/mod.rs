//! Grading the students' own Python files: `othello corregir` and `othello casos`.
//!
//! Teaching assistants grade the homework's functions, not boards: `jugar`, the counting
//! function, `guardarPartida` and `cargarPartida`. [`corregir`] runs each submission in a
//! child `python3` process (`python`) that loads the file as it comes (the main program
//! at the top level does not run the game), calls the student's functions on cases made
//! from a seed (`casos`) and compares every answer with the library's own
//! (`revision`). The report ([`Resumen`]) says per student and per function how many
//! cases were right and shows the first wrong ones, as text to paste into feedback, as
//! JSON, or as a gradebook row. [`escribir_casos`] writes the same kind of cases as files
//! for a harness of one's own. [`revisar_respuestas`] reads and counts answers given as
//! bytes exactly as the child's are, without a child, for fuzzing.
//!
//! The child is contained against accidents, not attacks: a time limit per call, a memory
//! limit, no standard input, a fresh folder as its working directory and `HOME`, and an
//! environment without the grader's variables. Untrusted code belongs in a container.
//! A program stopped by a signal calls [`interrumpir`] before it exits: its destructors
//! will not run, and the children's process groups and folders must not outlive it.

mod casos;
mod ejemplo;
mod entrega;
mod error;
mod funcion;
mod informe;
mod nota;
mod opciones;
mod python;
mod respuesta;
mod revision;
mod vivos;

use std::{
    io::Write,
    num::NonZeroUsize,
    path::{Path, PathBuf},
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
};

pub use casos::Cantidades;
pub use ejemplo::Falla;
pub use entrega::Entrega;
pub use error::{ErrorCasos, ErrorCorreccion};
pub use funcion::{ErrorRenombre, Funcion, PorFuncion, Renombre};
pub use informe::{InformeEntrega, InformeFuncion, Resumen};
pub use nota::{Calificacion, ErrorPesos, Escala, Pesos};
pub(crate) use opciones::MIB;
pub use opciones::{OpcionesCorreccion, SEMILLA_PREDETERMINADA};
pub use respuesta::Tipo;
pub use revision::revisar_respuestas;
pub use vivos::interrumpir;

/// Grades every submission in `entregas` ([`Entrega::buscar`]), and writes the
/// gradebook and the students' feedback if [`OpcionesCorreccion::csv`] and
/// [`OpcionesCorreccion::informes`] ask. Several submissions are graded at once, one
/// per core. The report is the returned [`Resumen`]: text with
/// [`Resumen::escribir_texto`], JSON through `Serialize` (the order `corregir` writes
/// either inside its envelope).
///
/// # Errors
///
/// [`ErrorCorreccion`] when grading cannot run: no submissions, a missing path, no
/// interpreter, or the gradebook or the feedback cannot be written. What a submission
/// does wrong is in the returned [`Resumen`], whose [`Resumen::codigo`] is the exit
/// status.
pub fn corregir(
    entregas: &[PathBuf],
    opciones: &OpcionesCorreccion,
) -> Result<Resumen, ErrorCorreccion> {
    let entregas = Entrega::buscar(entregas)?;
    let interprete = python::Interprete::buscar(opciones.python.as_deref())?;
    let casos = casos::Casos::generar(opciones.semilla, opciones.cantidades());
    let contexto = revision::Contexto::nuevo(&interprete, &casos, opciones);
    let informes = en_paralelo(&entregas, opciones, |entrega| contexto.corregir(entrega));
    let resumen = Resumen::nuevo(opciones.semilla, &opciones.escala, informes);
    if let Some(ruta) = &opciones.csv {
        resumen.guardar_csv(ruta).map_err(ErrorCorreccion::Csv)?;
    }
    if let Some(carpeta) = &opciones.informes {
        (resumen.guardar_informes(carpeta)).map_err(ErrorCorreccion::Csv)?;
    }
    Ok(resumen)
}

/// `corregir_una` on every file, several at once, the results in the files' order; a
/// progress bar on standard error if asked.
fn en_paralelo(
    archivos: &[Entrega],
    opciones: &OpcionesCorreccion,
    corregir_una: impl Fn(&Entrega) -> InformeEntrega + Sync,
) -> Vec<InformeEntrega> {
    let hilos = opciones
        .hilos
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
        .min(archivos.len());
    let barra = if opciones.progreso {
        indicatif::ProgressBar::new(archivos.len() as u64).with_style(
            indicatif::ProgressStyle::with_template(
                "corrigiendo {bar:30} {pos}/{len} entregas, faltan unos {eta}",
            )
            .expect("plantilla válida"),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    let siguiente = AtomicUsize::new(0);
    let informes = Mutex::new(Vec::with_capacity(archivos.len()));
    std::thread::scope(|hilo| {
        for _ in 0..hilos {
            hilo.spawn(|| {
                loop {
                    let indice = siguiente.fetch_add(1, Ordering::Relaxed);
                    let Some(ruta) = archivos.get(indice) else {
                        break;
                    };
                    let informe = corregir_una(ruta);
                    barra.inc(1);
                    informes
                        .lock()
                        .expect("ningún hilo entra en pánico con el candado")
                        .push((indice, informe));
                }
            });
        }
    });
    barra.finish_and_clear();
    let mut informes = informes
        .into_inner()
        .expect("ningún hilo entra en pánico con el candado");
    informes.sort_by_key(|(indice, _)| *indice);
    informes.into_iter().map(|(_, informe)| informe).collect()
}

/// Writes `cantidad` cases of `jugar` made from `semilla` (the same ones
/// [`corregir`] uses with that seed and `--casos cantidad`) into `carpeta`, created if
/// missing: each starting board as `NNNN.txt` in the homework's format, the board
/// expected after a valid move as `NNNN-despues.txt`, `casos.csv` with the columns
/// `id, tablero, posicion, valor, valida, esperado` (board files by name; for an invalid
/// move `esperado` names the starting board, which must stay unchanged), and
/// `cargar_entrega.py`, which loads a student's file as [`corregir`] does. Then prints
/// to `salida` a short pytest file that uses them.
///
/// # Errors
///
/// [`ErrorCasos`] if the folder or a file cannot be written, or `salida` fails.
pub fn escribir_casos(
    carpeta: &Path,
    semilla: u64,
    cantidad: usize,
    salida: &mut impl Write,
) -> Result<(), ErrorCasos> {
    casos::escribir(carpeta, semilla, cantidad)?;
    ejemplo::escribir_cargador(carpeta)?;
    salida.write_all(ejemplo::pytest(carpeta).as_bytes())?;
    salida.flush()?;
    Ok(())
}
