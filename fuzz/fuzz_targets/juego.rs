//! Fuzz target: see `objetivos::juego`. The game saves files under the names typed,
//! so each input plays in an empty temporary folder of this run's (left behind empty:
//! the fuzzer ends the process with `exit`), and only while it plays: the fuzzer
//! writes its corpus under the paths it was given, which may be relative.
#![no_main]

use std::{env, path::PathBuf, sync::LazyLock};

// Each target uses one of the shared checks.
#[allow(dead_code)]
#[path = "../objetivos.rs"]
mod objetivos;

/// The folder the game plays in, made at the first input.
static CARPETA: LazyLock<PathBuf> = LazyLock::new(|| objetivos::carpeta_de_juego().keep());

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let afuera = env::current_dir().expect("la carpeta actual");
    env::set_current_dir(&*CARPETA).expect("se entra en la carpeta temporal");
    objetivos::juego(bytes);
    env::set_current_dir(afuera).expect("se vuelve a la carpeta del fuzzer");
});
