//! The `othello` program: reads the arguments ([`linea`]), hands off to the library (the
//! game, or an order), and turns errors into a Spanish message and an exit code.

mod linea;
mod uso;

use std::{
    cell::OnceCell,
    ffi::OsString,
    io::{self, IsTerminal},
    process::ExitCode,
};

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use othello::{
    PorColor, Reglas,
    interfaz::{
        juego::{self, ErrorJuego, Opciones},
        ordenes::{self, ErrorOrden, Orden, ajustar},
    },
    motor::jugadores::Nivel,
};

use crate::linea::{Argumentos, ReglasElegidas};

fn main() -> ExitCode {
    let argumentos: Vec<OsString> = std::env::args_os().collect();
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
    // Made when a tournament first reports, so that no other order draws a bar, and
    // finished at its last game, before the table is written.
    let barra = OnceCell::new();
    let progreso = |hechas: u32, total: u32| {
        let barra = barra.get_or_init(|| barra_de_progreso(total));
        barra.set_position(hechas.into());
        if hechas == total {
            barra.finish();
        }
    };
    let opciones = ordenes::Opciones {
        json,
        color,
        progreso: Some(&progreso),
    };
    match ordenes::ejecutar(orden, &opciones, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read the output stopped reading: nothing left to say.
        Err(ErrorOrden::Salida(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(error) => {
            // The messages are whole sentences that already include their causes.
            eprintln!("{}", ajustar(&format!("error: {error}")));
            ExitCode::from(error.codigo() as u8)
        }
    }
}

/// The progress of a tournament of `total` games on standard error, only when it is a
/// terminal: games done, the rate and the time left. A log or a pipe gets nothing.
fn barra_de_progreso(total: u32) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
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
    ProgressBar::new(total.into()).with_style(estilo)
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
        recuperacion: juego::carpeta_de_recuperacion(),
    };
    match juego::ejecutar_en_la_terminal(&opciones) {
        Ok(()) => ExitCode::SUCCESS,
        // Whoever read the output stopped reading: nothing left to say.
        Err(ErrorJuego::EntradaSalida(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        // The messages are whole sentences that already include their causes.
        Err(error) => {
            eprintln!("{}", ajustar(&format!("error: {error}")));
            match error {
                ErrorJuego::Carga(_) => ExitCode::from(2),
                ErrorJuego::EntradaSalida(_) => ExitCode::FAILURE,
            }
        }
    }
}
