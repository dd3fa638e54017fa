//! Fuzz target: see `objetivos::argumentos`.
#![no_main]

#[path = "../objetivos.rs"]
mod objetivos;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| objetivos::argumentos(bytes));
