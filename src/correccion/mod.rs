//! Grading the students' own Python files: `othello corregir` and `othello casos`.
//!
//! Teaching assistants grade the homework's functions, not boards: `jugar`, the counting
//! function, `guardarPartida` and `cargarPartida`. [`corregir`] runs each submission in a
//! child `python3` process (`python`) that loads the file as it comes (the main program
//! at the top level does not run the game), calls the student's functions on cases made
//! from a seed (`casos`) and compares every answer with the library's own
//! (`revision`). The report ([`Resumen`]) says per student and per function how many
//! cases were right and shows the first wrong ones, as text to paste into feedback, as
//! JSON, or as a gradebook row; it lists the submissions that look like the same
//! program (`similitud`). What goes back to the course platform (`planilla`: its grade
//! sheet filled in; the feedback named as it takes it) is written all or none
//! (`salidas`). [`escribir_casos`] writes the same kind of cases as files
//! for a harness of one's own. [`revisar_respuestas`] reads and counts answers given as
//! bytes exactly as the child's are, without a child, for fuzzing.
//!
//! The child is contained against accidents: a time limit per call, a memory limit, no
//! standard input, a fresh folder as its working directory and `HOME`, and an
//! environment without the grader's variables; and against attacks (`encierro`): it
//! touches nothing but its own folder, has no network, and what it starts dies with it.
//! [`diagnosticar`] says what of that this machine supports.
//! A program stopped by a signal calls [`interrumpir`] before it exits: its destructors
//! will not run, and the children's process groups and folders must not outlive it.

mod casos;
mod cuaderno;
mod ejemplo;
mod encierro;
mod entrega;
mod error;
mod funcion;
mod informe;
mod lugar;
mod nota;
mod opciones;
mod planilla;
mod plataforma;
mod programa;
mod python;
mod respuesta;
mod revision;
mod salidas;
mod similitud;
mod vivos;

use std::{
    io::Write,
    num::NonZeroUsize,
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicUsize, Ordering},
        mpsc,
    },
};

pub use casos::{CASOS_PREDETERMINADOS, Cantidades};
pub use ejemplo::Falla;
pub use encierro::{Carencia, Diagnostico, diagnosticar};
pub use entrega::{Entrega, Falta};
pub use error::{ErrorCasos, ErrorCorreccion, ErrorPlanilla, ErrorSalida};
pub use funcion::{ErrorRenombre, Funcion, PorFuncion, Renombre};
pub use informe::{InformeEntrega, InformeFuncion, Resumen};
pub use nota::{Calificacion, ErrorPesos, Escala, Pesos};
pub use opciones::{OpcionesCorreccion, SemillaDeCasos};
pub use planilla::InformePlanilla;
pub use plataforma::{Participante, Plataforma};
pub use programa::{Estado, InformePrograma, InformePunto, Punto, revisar_partidas};
pub use respuesta::{Aviso, Suceso, Tipo};
pub use revision::revisar_respuestas;
pub use similitud::Parecido;
pub use vivos::interrumpir;

/// Grades every submission in `entregas` ([`Entrega::buscar`]): see
/// [`corregir_entregas`].
///
/// # Errors
///
/// As [`corregir_entregas`], and no submissions or a missing path.
pub fn corregir(
    entregas: &[PathBuf],
    opciones: &OpcionesCorreccion,
    progreso: impl FnMut(usize, usize),
) -> Result<Resumen, ErrorCorreccion> {
    corregir_entregas(
        &Entrega::buscar(entregas, opciones.archivo.as_deref())?,
        opciones,
        progreso,
    )
}

/// Grades `entregas`, compares them with each other ([`Resumen::parecidos`]), and
/// writes the gradebook, the platform's grade sheet filled in and the students'
/// feedback if [`OpcionesCorreccion::csv`], [`OpcionesCorreccion::planilla`] and
/// [`OpcionesCorreccion::informes`] ask: all of them or none. Several submissions are
/// graded at once, one per core; `progreso` is told how many are done, of how many,
/// when grading starts and after each one (the program draws its progress bar with
/// it). The report is the returned [`Resumen`]: text with [`Resumen::escribir_texto`],
/// JSON through `Serialize` (the order `corregir` writes either inside its envelope).
///
/// # Errors
///
/// [`ErrorCorreccion`] when grading cannot run: no interpreter, a grade sheet that
/// cannot be read or is no platform's (said before grading), or an output that cannot
/// be written. What a submission does wrong
/// is in the returned [`Resumen`], whose [`Resumen::codigo`] is the exit status.
pub fn corregir_entregas(
    entregas: &[Entrega],
    opciones: &OpcionesCorreccion,
    progreso: impl FnMut(usize, usize),
) -> Result<Resumen, ErrorCorreccion> {
    let mut leidas: Vec<PathBuf> = entregas.iter().flat_map(Entrega::leidas).collect();
    leidas.extend(opciones.planilla.clone());
    let mut nombradas = Vec::new();
    nombradas.extend(opciones.csv.clone().map(|ruta| ("--csv", ruta)));
    nombradas.extend(
        (opciones.planilla.as_deref()).map(|ruta| ("--planilla", planilla::ruta_de_la_copia(ruta))),
    );
    nombradas.extend(opciones.informes.clone().map(|ruta| ("--informes", ruta)));
    salidas::revisar_rutas(&nombradas, &leidas)?;
    let interprete =
        python::Interprete::buscar(opciones.python.as_deref())?.encerrado(opciones.sin_encierro)?;
    // A sheet that cannot be filled in is said before grading, not after.
    let planilla = (opciones.planilla.as_ref())
        .map(|ruta| {
            let maximo = opciones.nota_maxima.map(f64::from);
            planilla::Planilla::leer(ruta, opciones.tarea.as_deref(), maximo)
        })
        .transpose()?;
    let semilla = opciones.semilla.elegir();
    let casos = casos::Casos::generar(semilla, opciones.cantidades());
    let corrector = revision::Corrector::nuevo(&interprete, &casos, opciones);
    let informes = en_paralelo(
        entregas,
        opciones.hilos,
        |entrega| corrector.corregir(entrega),
        progreso,
    )?;
    let mut resumen = Resumen::nuevo(semilla, &opciones.escala, informes);
    resumen.poner_parecidos(similitud::comparar(entregas, opciones.parecidas));
    let mut salidas = salidas::Salidas::default();
    if let Some(planilla) = planilla {
        let calificadas: Vec<planilla::Calificada> = (resumen.entregas().iter())
            .zip(entregas)
            .map(|(informe, entrega)| planilla::Calificada {
                estudiante: informe.estudiante.clone(),
                participante: entrega.participante.clone(),
                calificacion: informe.calificacion,
                motivo: entrega
                    .falta
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                comentario: informe.comentario(),
            })
            .collect();
        let ruta = planilla.ruta().to_owned();
        let (bytes, informe) = planilla.llenar(&calificadas);
        resumen.poner_planilla(informe);
        salidas.planilla = Some((ruta, bytes));
    }
    if let Some(ruta) = &opciones.csv {
        salidas.csv = Some((ruta.clone(), resumen.csv()));
    }
    if let Some(ruta) = &opciones.informes {
        salidas.informes = Some((ruta.clone(), resumen.informes(entregas)));
    }
    resumen.poner_reemplazados(salidas.reemplazados());
    salidas.escribir()?;
    Ok(resumen)
}

/// `corregir_una` on every submission, `hilos` at once (one per core if `None`), the
/// reports in the submissions' order. `progreso` hears of each one done on the calling
/// thread, so that it need not be shared between threads. The first error stops every
/// thread before its next submission, and is the result: the grader could not work.
fn en_paralelo(
    entregas: &[Entrega],
    hilos: Option<NonZeroUsize>,
    corregir_una: impl Fn(&Entrega) -> Result<InformeEntrega, ErrorCorreccion> + Sync,
    mut progreso: impl FnMut(usize, usize),
) -> Result<Vec<InformeEntrega>, ErrorCorreccion> {
    let hilos = hilos
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
        .min(entregas.len());
    let siguiente = AtomicUsize::new(0);
    let mut informes = Vec::with_capacity(entregas.len());
    let mut error = None;
    progreso(0, entregas.len());
    std::thread::scope(|hilo| {
        let (envio, llegadas) = mpsc::channel();
        for _ in 0..hilos {
            let envio = envio.clone();
            let (siguiente, corregir_una) = (&siguiente, &corregir_una);
            hilo.spawn(move || {
                loop {
                    let indice = siguiente.fetch_add(1, Ordering::Relaxed);
                    let Some(entrega) = entregas.get(indice) else {
                        break;
                    };
                    let informe = corregir_una(entrega);
                    if informe.is_err() {
                        // No other submission starts.
                        siguiente.store(entregas.len(), Ordering::Relaxed);
                    }
                    let _ = envio.send((indice, informe));
                }
            });
        }
        // The last sender goes with the last thread, and then the arrivals end.
        drop(envio);
        for (indice, llegada) in llegadas {
            match llegada {
                Ok(informe) => {
                    informes.push((indice, informe));
                    progreso(informes.len(), entregas.len());
                }
                Err(fallo) => {
                    error.get_or_insert(fallo);
                }
            }
        }
    });
    if let Some(error) = error {
        return Err(error);
    }
    informes.sort_by_key(|(indice, _)| *indice);
    Ok(informes.into_iter().map(|(_, informe)| informe).collect())
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
