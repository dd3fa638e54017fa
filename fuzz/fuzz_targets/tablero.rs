//! Fuzz target: see `objetivos::tablero`.
#![no_main]

#[path = "../objetivos.rs"]
mod objetivos;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| objetivos::tablero(bytes));
