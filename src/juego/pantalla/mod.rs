//! The full-screen face of the game (`othello --pantalla`): a board that stays in
//! place, a cursor moved with the arrows or a typed square, the mouse, a side panel
//! with the moves and the messages. It plays through the same [`Mesa`] as the printed board:
//! the same rules, saves, history and recovery copy.
//!
//! The terminal is always given back: raw mode, the alternate screen and the mouse
//! capture are undone when the game is left, on an error (a guard's `Drop`), on a panic
//! (a hook) and on a signal (the program calls [`restaurar_la_terminal`], which waits
//! for the frame being drawn and lets no other start). The board draws for a terminal
//! of at most [`ANCHO_MAXIMO`] by [`ALTO_MAXIMO`], whatever size the window says it has.
//! After a `kill -9` nothing can give the terminal back: the README and the help of
//! `--pantalla` say what to type (`reset`, and `tput rmcup` inside tmux).

mod dibujo;
mod estado;
mod geometria;
mod manejo;
mod teclas;

use std::{
    io::{self, IsTerminal, Write},
    sync::{
        Mutex, Once, PoisonError,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use ratatui::{
    Terminal, TerminalOptions, Viewport,
    backend::CrosstermBackend,
    crossterm::{
        cursor::{Hide, Show},
        event::{self, DisableMouseCapture, EnableMouseCapture, Event},
        execute,
        terminal::{
            Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode,
            enable_raw_mode, size,
        },
    },
    layout::Rect,
};

use self::estado::{Control, Pantalla};
use super::mesa::{Comienzo, Fin, Mesa};
use crate::renglones::ajustar;

/// Whether the program has the terminal in full-screen mode now.
static ACTIVA: AtomicBool = AtomicBool::new(false);

/// Held while the board writes to the terminal (a frame, a resize, entering the
/// full-screen mode), and for good once a signal gives the terminal back: what the
/// board writes never lands after the terminal is restored.
static DIBUJO: Mutex<()> = Mutex::new(());

/// The widest terminal the board draws for: a wider window keeps the board in its
/// first columns. A frame costs memory and time by the cell, and a window may say it
/// is 65535 by 65535 (hundreds of gigabytes of cells).
const ANCHO_MAXIMO: u16 = 500;
/// The tallest terminal the board draws for, as [`ANCHO_MAXIMO`].
const ALTO_MAXIMO: u16 = 200;

/// The part of a terminal of `ancho` by `alto` that the board draws in.
fn acotada(ancho: u16, alto: u16) -> Rect {
    Rect::new(0, 0, ancho.min(ANCHO_MAXIMO), alto.min(ALTO_MAXIMO))
}

/// Whether the full-screen board can be shown: standard input and output are both a
/// terminal.
pub(super) fn hay_terminal() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Gives the terminal back as it was before the full-screen board, if the board has
/// it, for a program about to end (on a signal): the frame being drawn ends first, and
/// no other starts, so nothing is drawn over the normal screen or hides the cursor
/// again. Safe from any thread (the signal handler's).
pub fn restaurar_la_terminal() {
    let turno = DIBUJO.lock().unwrap_or_else(PoisonError::into_inner);
    devolver();
    // Kept until the program ends: the board waits for it at its next frame.
    std::mem::forget(turno);
}

/// Gives the terminal back as [`restaurar_la_terminal`] does, without waiting for the
/// board: for the board's own thread (its guard, a panic in a frame), which is not
/// drawing then. Restores line mode last.
fn devolver() {
    if ACTIVA.swap(false, Ordering::SeqCst) {
        let mut salida = io::stdout().lock();
        let _ = execute!(salida, DisableMouseCapture, LeaveAlternateScreen, Show);
        let _ = disable_raw_mode();
    }
}

/// The terminal in full-screen mode while it lives.
struct ModoPantalla;

impl ModoPantalla {
    /// Puts the terminal in full-screen mode; a panic from then on gives it back
    /// before its message is written.
    fn entrar() -> io::Result<ModoPantalla> {
        vigilar_panicos();
        let _turno = DIBUJO.lock().unwrap_or_else(PoisonError::into_inner);
        ACTIVA.store(true, Ordering::SeqCst);
        let modo = ModoPantalla;
        enable_raw_mode()?;
        // Cleared too: a terminal without an alternate screen (the Linux console)
        // would keep what was written before under the board.
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            Clear(ClearType::All),
            EnableMouseCapture,
            Hide
        )?;
        Ok(modo)
    }
}

/// Has every panic give the terminal back before the usual message is written (once
/// for the program): a panic on the full-screen board would otherwise leave the
/// terminal in raw mode on the alternate screen, its message unseen.
fn vigilar_panicos() {
    static GANCHO: Once = Once::new();
    GANCHO.call_once(|| {
        let anterior = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |informe| {
            devolver();
            anterior(informe);
        }));
    });
}

impl Drop for ModoPantalla {
    fn drop(&mut self) {
        devolver();
    }
}

/// Plays `comienzo` on the full-screen board until the players leave it or want
/// another game. After the board closes, where the game was saved on leaving and what
/// ended it (or where it was kept) are written on the normal screen, so that they stay
/// in view.
///
/// # Errors
///
/// Reading the keys or writing the screen fails; Ctrl-C is an error of kind
/// [`Interrupted`](io::ErrorKind::Interrupted), as the signal it stands for, with the
/// game kept in its recovery copy.
pub(super) fn jugar_partida(
    mesa: &mut Mesa,
    color: bool,
    mut comienzo: Comienzo,
) -> io::Result<Fin> {
    // What the menu said of the game, then who plays: the first messages.
    let mut avisos = std::mem::take(&mut comienzo.avisos);
    avisos.extend(mesa.empezar(comienzo));
    let (fin, despedida) = {
        let _modo = ModoPantalla::entrar()?;
        // The event reader listens for the terminal's resizes from its first use: it
        // starts before the size is read, or a resize before the first key is lost.
        event::poll(Duration::ZERO)?;
        let (ancho, alto) = size()?;
        let area = acotada(ancho, alto);
        let opciones = TerminalOptions {
            viewport: Viewport::Fixed(area),
        };
        let mut terminal = Terminal::with_options(CrosstermBackend::new(io::stdout()), opciones)?;
        let mut pantalla = Pantalla::nueva(mesa, color, area, &avisos);
        let fin = bucle(&mut terminal, &mut pantalla)?;
        (fin, pantalla.despedida)
    };
    let mut salida = io::stdout();
    for aviso in despedida {
        writeln!(salida, "{}", ajustar(&aviso))?;
    }
    if let Some(fin) = mesa.fin() {
        writeln!(salida, "{fin}")?;
    }
    match fin {
        Some(fin) => Ok(fin),
        None => Err(io::ErrorKind::Interrupted.into()),
    }
}

/// Draws, waits for a key, a click or the computer's turn, and handles it, until the
/// game is left (`None` for Ctrl-C).
fn bucle(
    terminal: &mut Terminal<CrosstermBackend<io::Stdout>>,
    pantalla: &mut Pantalla,
) -> io::Result<Option<Fin>> {
    loop {
        con_la_terminal(|| {
            terminal.draw(|frame| dibujo::dibujar(frame, pantalla, Instant::now()))?;
            Ok(())
        })?;
        let ahora = Instant::now();
        let espera = pantalla
            .proximo()
            .map(|cuando| cuando.saturating_duration_since(ahora));
        let llego = match espera {
            Some(espera) => event::poll(espera)?,
            None => true,
        };
        if !llego {
            pantalla.a_tiempo(Instant::now());
            continue;
        }
        let evento = match event::read()? {
            Event::Resize(ancho, alto) => {
                let area = acotada(ancho, alto);
                con_la_terminal(|| terminal.resize(area))?;
                Event::Resize(area.width, area.height)
            }
            evento => evento,
        };
        match pantalla.recibir(&evento, Instant::now()) {
            Control::Seguir => {}
            Control::Terminar(fin) => return Ok(Some(fin)),
            Control::Interrumpir => return Ok(None),
        }
    }
}

/// Writes to the terminal with `escribir` while the board has it, one writer at a time
/// ([`DIBUJO`]); nothing once it was given back.
fn con_la_terminal(escribir: impl FnOnce() -> io::Result<()>) -> io::Result<()> {
    let _turno = DIBUJO.lock().unwrap_or_else(PoisonError::into_inner);
    if ACTIVA.load(Ordering::SeqCst) {
        escribir()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_panico_devuelve_la_terminal_antes_de_su_mensaje() {
        vigilar_panicos();
        ACTIVA.store(true, Ordering::SeqCst);
        let panico = std::thread::spawn(|| panic!("un pánico de prueba")).join();
        assert!(panico.is_err());
        assert!(
            !ACTIVA.load(Ordering::SeqCst),
            "el gancho devolvió la terminal"
        );
    }
}
