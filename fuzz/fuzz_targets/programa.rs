//! Fuzz target: see `objetivos::programa`.
#![no_main]

// Each target uses one of the shared checks.
#[allow(dead_code)]
#[path = "../objetivos.rs"]
mod objetivos;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| objetivos::programa(bytes));
