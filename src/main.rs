//! The `othello` program: reads the arguments ([`linea`]), hands off to the library (the
//! game, or an order), and turns errors into a Spanish message and an exit code.

mod linea;
mod uso;

use std::{
    cell::OnceCell,
    ffi::OsString,
    fs::File,
    io::{self, IsTerminal, Write},
    iter,
    mem::{ManuallyDrop, MaybeUninit},
    os::fd::FromRawFd,
    path::{Path, PathBuf},
    process::ExitCode,
    sync::{Arc, Mutex, PoisonError},
    thread,
};

use indicatif::{ProgressBar, ProgressFinish, ProgressState, ProgressStyle};
use othello::{ErrorArchivo, ErrorTablero, PorColor, Reglas, motor::jugadores::Nivel};
use othello_programa::{
    correccion,
    juego::{self, ErrorJuego, Opciones},
    ordenes::{self, Avance, ErrorOrden, Orden, validar},
    renglones::ajustar,
};

use crate::linea::{Argumentos, ReglasElegidas};

fn main() -> ExitCode {
    // A file-size limit (`ulimit -f`) would kill the program in the middle of a save
    // without a word; ignored, the write fails as any other and is told.
    // SAFETY: setting a signal's disposition to "ignore", before any thread exists.
    unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) };
    let argumentos: Vec<OsString> = std::env::args_os().collect();
    if let Some(mensaje) = ordenes::corregir::opcion_que_es_una_ruta(&argumentos) {
        return uso::fallar(&mensaje, &argumentos);
    }
    let leidos = match linea::leer(argumentos.iter().cloned()) {
        Ok(leidos) => leidos,
        Err(error) => return uso::informar(&error, &argumentos),
    };
    match &leidos.orden {
        Some(orden) => ordenar(orden, leidos.json, leidos.color()),
        None if leidos.json => uso::json_sin_orden(&argumentos),
        None => jugar(&leidos),
    }
}

/// Runs one order for a script.
fn ordenar(orden: &Orden, json: bool, color: bool) -> ExitCode {
    // Made when a tournament or a grading run first reports (a grading run, when it
    // starts: the time left counts from there), so that no other order draws a bar;
    // drawn from the first game or submission done, and finished with the last, before
    // the report is written.
    let barra = OnceCell::new();
    let progreso = |hechas: u32, total: u32| {
        let barra = barra.get_or_init(|| barra_de_progreso(orden, total));
        if hechas > 0 {
            barra.set_position(hechas.into());
        }
        if hechas == total {
            barra.finish_using_style();
        }
    };
    // What a long order told last of its progress: said if a signal stops it.
    let ultimo = Arc::new(Mutex::new(None::<String>));
    let avance = |aviso: Avance| match aviso {
        // Anywhere: a log or a pipe would otherwise hear nothing for minutes.
        Avance::Duracion(texto) => decir(texto),
        // Kept before it is shown: a Ctrl-C right after a line appears repeats that
        // line. Shown only to a person watching: a log needs no stream of estimates.
        Avance::Progreso(texto) => {
            *ultimo.lock().unwrap_or_else(PoisonError::into_inner) = Some(texto.to_owned());
            if io::stderr().is_terminal() {
                decir(texto);
            }
        }
    };
    detener_con_senales(Arc::clone(&ultimo));
    // By hand at a terminal, `nboard` would wait in silence for the GUI's first line;
    // NBoard pipes its input, so it never hears this.
    if matches!(orden, Orden::Nboard(_)) && io::stdin().is_terminal() {
        decir(ordenes::nboard::AVISO_EN_UNA_TERMINAL);
    }
    let opciones = ordenes::OpcionesDeOrden {
        json,
        color,
        progreso: Some(&progreso),
        avance: Some(&avance),
    };
    let resultado = ordenes::ejecutar(orden, &opciones, io::stdin().lock(), io::stdout().lock());
    tomar_el_fin();
    match resultado {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read the output stopped reading: nothing left to say.
        Err(ErrorOrden::Salida(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            // The messages are whole sentences that already include their causes.
            let clase = if error.es_un_resultado() {
                "resultado"
            } else {
                "error"
            };
            decir(&format!("{clase}: {error}"));
            ExitCode::from(error.codigo() as u8)
        }
    }
}

/// Writes `texto` on standard error: fitted to 80 columns at a terminal, and each line
/// whole anywhere else, so that a log or a pipe gets one message per line to `grep`.
/// A standard error that cannot be written (a full disk, `2>/dev/full`) is let be: the
/// exit status still tells, and there is nowhere else to say it.
fn decir(texto: &str) {
    let mut errores = io::stderr();
    let _ = match errores.is_terminal() {
        true => writeln!(errores, "{}", ajustar(texto)),
        false => writeln!(errores, "{texto}"),
    };
}

/// Writes every problem of the board file at `ruta` on standard error, one per line
/// as `othello validar` writes them: records for editors and `grep`, never wrapped.
fn decir_problemas<'a>(ruta: &Path, problemas: impl Iterator<Item = &'a ErrorTablero>) {
    let mut errores = io::stderr().lock();
    for problema in problemas {
        let ubicacion = Some((problema.linea(), problema.columna()));
        let linea = validar::linea(ruta, ubicacion, "error", &problema.descripcion());
        let _ = writeln!(errores, "{linea}");
    }
}

/// The progress of `orden` on standard error, only when it is a terminal: a tournament
/// of `total` games (games done, the rate and the time left, left on screen before the
/// table), or the grading of `total` submissions (cleared before the report). A log or
/// a pipe gets nothing.
fn barra_de_progreso(orden: &Orden, total: u32) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let barra = ProgressBar::new(total.into());
    if let Orden::Corregir(_) = orden {
        let estilo = ProgressStyle::with_template(
            "corrigiendo {bar:30} {pos}/{len} entregas, faltan unos {eta}",
        )
        .expect("una plantilla válida");
        return barra
            .with_style(estilo)
            .with_finish(ProgressFinish::AndClear);
    }
    let estilo = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} partidas, {ritmo}, faltan {eta_precise}",
    )
    .expect("una plantilla válida")
    .with_key(
        "ritmo",
        |estado: &ProgressState, salida: &mut dyn std::fmt::Write| {
            let _ = write!(salida, "{:.1} por segundo", estado.per_sec());
        },
    );
    barra
        .with_style(estilo)
        .with_finish(ProgressFinish::AndLeave)
}

/// Stops an order on Ctrl-C (SIGINT), a kill (SIGTERM) or a closed terminal (SIGHUP),
/// with the status a shell gives a program the signal ended, 128 plus its number (130,
/// 143, 129). First it ends what grading has alive (the students' processes, their
/// folders), then says on standard output the last thing the order told
/// (`resolver`'s best move so far), if it told any.
fn detener_con_senales(ultimo: Arc<Mutex<Option<String>>>) {
    al_recibir_una_senal(move |senal| {
        tomar_el_fin();
        correccion::interrumpir();
        let ultimo = ultimo
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if let Some(texto) = ultimo {
            // The order holds standard output's lock to the end: written to the
            // descriptor itself, which it leaves open.
            // SAFETY: descriptor 1 is open for the whole program; ManuallyDrop
            // never closes it.
            let mut salida = ManuallyDrop::new(unsafe { File::from_raw_fd(1) });
            let _ = writeln!(salida, "{}", ajustar(&format!("Interrumpida. {texto}")));
        }
        std::process::exit(128 + senal)
    });
}

/// Held for good by the first to end an order, its own end or a signal, while the
/// other waits for the exit. Once a signal has killed the grading's processes the
/// order ends at once, and must not exit with its own status before the signal's; and
/// a signal that comes as an order ends does not cut its end short.
static FIN_DE_LA_ORDEN: Mutex<()> = Mutex::new(());

/// Takes [`FIN_DE_LA_ORDEN`] for good: the program is about to exit.
fn tomar_el_fin() {
    std::mem::forget(
        FIN_DE_LA_ORDEN
            .lock()
            .unwrap_or_else(PoisonError::into_inner),
    );
}

/// Runs `al_llegar` with the signal's number, from a thread of its own, when the first
/// Ctrl-C (SIGINT), closed terminal (SIGHUP) or kill (SIGTERM) arrives.
fn al_recibir_una_senal(al_llegar: impl FnOnce(i32) + Send + 'static) {
    let senales = signal_hook::iterator::Signals::new([libc::SIGINT, libc::SIGHUP, libc::SIGTERM]);
    // Without the handlers, the signals end the program as they would anyway.
    let Ok(mut senales) = senales else {
        return;
    };
    thread::spawn(move || {
        if let Some(senal) = senales.forever().next() {
            al_llegar(senal);
        }
    });
}

/// Plays at the terminal.
fn jugar(argumentos: &Argumentos) -> ExitCode {
    let jugadores = match (argumentos.negro, argumentos.blanco) {
        (None, None) => None,
        (negro, blanco) => Some(PorColor::new(
            negro.unwrap_or(Nivel::Humano),
            blanco.unwrap_or(Nivel::Humano),
        )),
    };
    let opciones = Opciones {
        cargar: argumentos.cargar.clone(),
        turno: argumentos.turno,
        color: argumentos.color(),
        eco: !io::stdin().is_terminal(),
        jugadores,
        semilla: argumentos.semilla,
        tiempo: argumentos.tiempo.unwrap_or(Opciones::default().tiempo),
        sin_pausa: argumentos.sin_pausa,
        reglas: match argumentos.reglas {
            ReglasElegidas::Tarea => Reglas::Tarea,
            ReglasElegidas::Oficiales => Reglas::Oficiales,
        },
        pantalla: argumentos.pantalla,
        recuperacion: juego::carpeta_de_recuperacion(),
    };
    let terminal = Terminal::guardar();
    vigilar_senales(terminal, opciones.recuperacion.clone());
    match juego::ejecutar_en_la_terminal(&opciones) {
        Ok(()) => ExitCode::SUCCESS,
        // Ctrl-C at the line editor, which reads it as a key: as the signal.
        Err(ErrorJuego::EntradaSalida(error)) if error.kind() == io::ErrorKind::Interrupted => {
            interrumpida(libc::SIGINT, terminal, opciones.recuperacion.as_ref())
        }
        // Whoever read the output stopped reading: nothing left to say.
        Err(ErrorJuego::EntradaSalida(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        // The messages are whole sentences that already include their causes.
        Err(error) => {
            if let ErrorJuego::Carga(ErrorArchivo::Formato {
                ruta,
                fuente,
                otros,
            }) = &error
                && !otros.is_empty()
            {
                decir_problemas(ruta, iter::once(fuente).chain(otros));
            }
            decir(&format!("error: {error}"));
            match error {
                ErrorJuego::Carga(_) | ErrorJuego::SinTerminal => ExitCode::from(2),
                // Input that is no game: a usage error, the game kept as after a signal.
                ErrorJuego::Entrada(_) => {
                    let carpeta = opciones.recuperacion.as_deref();
                    if let Some(aviso) = carpeta.and_then(juego::aviso_de_interrupcion) {
                        decir(&aviso);
                    }
                    ExitCode::from(2)
                }
                ErrorJuego::EntradaSalida(_) => ExitCode::FAILURE,
            }
        }
    }
}

/// The settings of the terminal on standard input, as the program found them: the line
/// editor changes them while it reads, and a signal may come in the middle.
#[derive(Clone, Copy)]
struct Terminal(Option<libc::termios>);

impl Terminal {
    /// The settings now, if standard input is a terminal.
    fn guardar() -> Terminal {
        let mut ajustes = MaybeUninit::<libc::termios>::uninit();
        // SAFETY: tcgetattr fills the struct when it returns 0.
        let leidos = unsafe { libc::tcgetattr(libc::STDIN_FILENO, ajustes.as_mut_ptr()) == 0 };
        // SAFETY: filled, as just checked.
        Terminal(leidos.then(|| unsafe { ajustes.assume_init() }))
    }

    /// Puts the settings back, if there were any. A terminal already closed refuses,
    /// which is no matter.
    fn restaurar(&self) {
        if let Some(ajustes) = &self.0 {
            // SAFETY: settings read from this same terminal.
            unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, ajustes) };
        }
    }
}

/// Ends the game on Ctrl-C (SIGINT), a closed terminal (SIGHUP) or a kill (SIGTERM),
/// from a thread of its own, whatever the game is doing: the recovery save already
/// holds the game as of its last move, and a save cut in the middle leaves the old
/// file whole.
fn vigilar_senales(terminal: Terminal, recuperacion: Option<PathBuf>) {
    al_recibir_una_senal(move |senal| interrumpida(senal, terminal, recuperacion.as_ref()));
}

/// Leaves after `senal`: the terminal as it was, where the game was kept (when a
/// terminal is there to read it), and the status a shell gives a program the signal
/// ended, 128 plus its number (130, 129, 143).
fn interrumpida(senal: i32, terminal: Terminal, recuperacion: Option<&PathBuf>) -> ! {
    juego::restaurar_la_terminal();
    terminal.restaurar();
    if io::stderr().is_terminal()
        && let Some(aviso) = recuperacion.and_then(|carpeta| juego::aviso_de_interrupcion(carpeta))
    {
        let _ = writeln!(io::stderr(), "\n{}", ajustar(&aviso));
    }
    std::process::exit(128 + senal)
}
