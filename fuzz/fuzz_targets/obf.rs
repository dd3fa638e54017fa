//! Fuzz target: see `objetivos::obf`.
#![no_main]

#[path = "../objetivos.rs"]
mod objetivos;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| objetivos::obf(bytes));
