//! Grading speed: 100 correct submissions with the default cases and their main
//! program played.
//!
//! The promise is that `othello corregir` grades 100 whole homeworks with the default
//! cases (1000 of `jugar`, 300 of counting, 100 of saving and 100 of loading each) and
//! the five scripted games with each main program in under two minutes on a 2-core
//! machine. The student's own code is part of any real run; to measure the grader and
//! not the students, the submissions are correct ones: copies of the nine correct
//! programs of `tests/entregas/programa/` (letters, symbols, digits and grids; the loop
//! at the top level and under `if __name__ == "__main__"`; a start menu; a notebook).
//! It needs `python3` on the `PATH`.
//!
//! Each run is a whole `corregir` as the order runs it, from the folder to the text
//! report (thrown away), so it includes making the cases, starting 100 Python processes
//! and every call. The figure is wall-clock time, the one a teaching assistant waits;
//! it grows when other programs share the machine. Each round grades the class
//! contained and then with `--sin-encierro`, one after the other so that both see the
//! same load, and gives the ratio, whose promise is at most 1.2. Run with
//! `cargo bench --bench corregir`; `-- N` grades N submissions instead of 100.

use std::{fs, hint::black_box, path::Path, time::Instant};

use othello_programa::correccion::{OpcionesCorreccion, corregir};

/// The correct fixtures, cycled.
const CORRECTAS: [&str; 9] = [
    "letras_arriba.py",
    "simbolos_main.py",
    "grilla_paso.py",
    "listas_cero.py",
    "menu_guardar.py",
    "jugador_nombre.py",
    "detecta_sin_jugadas.py",
    "digitos_leyenda.py",
    "tarea2_colab.ipynb",
];

fn main() {
    let cantidad: usize = std::env::args()
        .skip(1)
        .find_map(|argumento| argumento.parse().ok())
        .unwrap_or(100);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/entregas/programa");
    let carpeta = tempfile::tempdir().expect("carpeta temporal");
    for i in 0..cantidad {
        let nombre = CORRECTAS[i % CORRECTAS.len()];
        fs::copy(
            fixtures.join(nombre),
            carpeta.path().join(format!("{i:03}-{nombre}")),
        )
        .expect("copia de una entrega");
    }
    let hilos = std::thread::available_parallelism().map_or(1, |n| n.get());
    for vuelta in 1..=3 {
        let mut tiempos = [0.0; 2];
        for (tiempo, sin_encierro) in tiempos.iter_mut().zip([false, true]) {
            let opciones = OpcionesCorreccion {
                sin_encierro,
                ..OpcionesCorreccion::default()
            };
            let inicio = Instant::now();
            let resumen = corregir(&[carpeta.path().into()], &opciones, |_, _| {})
                .expect("la corrección corre");
            *tiempo = inicio.elapsed().as_secs_f64();
            assert_eq!(resumen.codigo(), 0, "las entregas son correctas");
            black_box(resumen);
            println!(
                "corregir/{cantidad}_entregas_con_programa{} (vuelta {vuelta}, {hilos} núcleos): {:.1} s, {:.0} ms por entrega",
                if sin_encierro { "_sin_encierro" } else { "" },
                *tiempo,
                *tiempo * 1000.0 / cantidad as f64,
            );
        }
        println!(
            "corregir/encierro (vuelta {vuelta}): {:.2} veces el tiempo sin encierro",
            tiempos[0] / tiempos[1]
        );
    }
}
