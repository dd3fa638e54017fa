//! Rehace los pesos de la evaluación del motor y mide lo que los ajusta: un programa
//! aparte, tras la característica `ajuste-de-pesos` (el trabajo lo hace
//! `othello::motor::ajuste`). Cómo se hicieron los pesos de hoy y cuánto tarda cada paso:
//! `docs/motor.md`.
//!
//! ```text
//! cargo run --release -p othello --features ajuste-de-pesos --example ajustar_pesos \
//!     -- ayuda
//! ```

use std::{path::PathBuf, process::ExitCode, str::FromStr};

use othello::motor::ajuste;

/// The help, as `ayuda` shows it.
const AYUDA: &str = "\
Rehace los pesos de la evaluación del motor y mide lo que los ajusta.

Uso: cargo run --release -p othello --features ajuste-de-pesos \\
       --example ajustar_pesos -- ORDEN [OPCIONES]

Órdenes:
  generar   Juega partidas del jugador fuerte contra sí mismo y agrega sus posiciones,
            con la etiqueta de una búsqueda honda o el puntaje exacto, al ARCHIVO; se
            puede cortar cuando sea, y la misma orden sigue donde quedó el archivo.
              ARCHIVO           dónde (se crea si no está)
              --partidas N      hasta cuántas partidas en el archivo (1000000)
              --semilla S       la semilla de las jugadas al azar (1)
              --profundidad D   las jugadas de la búsqueda en el medio juego (10)
              --exactas E       desde cuántas vacías se juega y etiqueta exacto (22)
              --hilos H         cuántas partidas a la vez (1)
  entrenar  Ajusta los pesos de los patrones a las posiciones de los ARCHIVOS y los
            escribe.
              ARCHIVO...        los que escribió generar
              --partidas N      solo las N primeras partidas de cada uno (todas)
              --inicio PESOS    empieza desde esos pesos (un patrones.pesos), no
                                desde cero
              --mezcla P        el porcentaje del puntaje de la búsqueda en la etiqueta;
                                el resto, el resultado de la partida (50)
              --epocas N        las pasadas por las posiciones, a lo más (16)
              --paso X          el paso del descenso en la primera pasada (0.002)
              --etapas N        ajusta solo las N primeras etapas, de 6 vacías cada
                                una desde el comienzo; las otras quedan como en
                                --inicio (todas)
              --salida ARCHIVO  dónde (los que el motor incluye al compilarse:
                                biblioteca/src/motor/evaluacion/patrones.pesos)
  orden     Ajusta los pesos de la evaluación chica que ordena las jugadas del
            resolvedor de 11 a 15 vacías y los escribe: sigue con jugadas al azar cada
            posición de 15 a 24 vacías de los ARCHIVOS hasta 10 a 14 vacías, y
            resuelve donde llega.
              ARCHIVO...        los que escribió generar
              --partidas N      solo las N primeras partidas de cada uno (todas)
              --por N           cuántas continuaciones de cada posición (16)
              --semilla S       la semilla de las jugadas al azar (1)
              --hilos H         cuántos hilos resuelven (todos los del procesador; los
                                pesos no cambian con ellos)
              --epocas N        las pasadas por las posiciones, a lo más (30)
              --paso X          el paso del descenso en la primera pasada (0.003)
              --salida ARCHIVO  dónde (el que el motor incluye al compilarse:
                                biblioteca/src/motor/evaluacion/orden.pesos)
  medir     Cuánto cuesta cada evaluación, sobre las posiciones de los ARCHIVOS.
  calibrar  Cuánto se aleja el puntaje de una búsqueda corta del de una más honda, por
            profundidad: lo que sigue el margen de ProbCut en el medio juego.
              --partidas N      de cuántas partidas al azar salen las posiciones (600)
  terminos  Ajusta los pesos del final de los 12 términos hechos a mano y los escribe
            como Rust, para pegarlos en
            biblioteca/src/motor/evaluacion/terminos.rs.
              --partidas N      cuántas partidas (400)
  ayuda     Esta ayuda.
";

fn main() -> ExitCode {
    let argumentos: Vec<String> = std::env::args().skip(1).collect();
    match ejecutar(&argumentos) {
        Ok(()) => ExitCode::SUCCESS,
        Err(mensaje) => {
            eprintln!("error: {mensaje}");
            eprintln!("(la ayuda: ajustar_pesos ayuda)");
            ExitCode::from(2)
        }
    }
}

/// Runs the order of `argumentos`; an error is the message to show.
fn ejecutar(argumentos: &[String]) -> Result<(), String> {
    let Some((orden, resto)) = argumentos.split_first() else {
        return Err("falta la orden".to_owned());
    };
    let mut opciones = Opciones::leer(resto)?;
    let mut informar = |linea: &str| println!("{linea}");
    match orden.as_str() {
        "generar" => {
            let partidas = opciones.numero("--partidas", 1_000_000)?;
            let receta = ajuste::Receta {
                semilla: opciones.numero("--semilla", 1)?,
                profundidad: opciones.numero("--profundidad", 10)?,
                vacias_exactas: opciones.numero("--exactas", 22)?,
            };
            let hilos = opciones.numero("--hilos", 1)?;
            let [salida] = <[PathBuf; 1]>::try_from(opciones.archivos()?)
                .map_err(|_| "generar escribe un solo archivo".to_owned())?;
            ajuste::generar(receta, partidas, hilos, &salida, &mut informar)
                .map_err(|error| format!("{}: {error}", salida.display()))
        }
        "entrenar" => {
            let mezcla: u32 = opciones.numero("--mezcla", 50)?;
            if mezcla > 100 {
                return Err(format!("--mezcla es un porcentaje, no {mezcla}"));
            }
            let inicio = match opciones.tomar("--inicio") {
                Some(ruta) => {
                    Some(std::fs::read(&ruta).map_err(|error| format!("{ruta}: {error}"))?)
                }
                None => None,
            };
            let como = ajuste::Entrenamiento {
                partidas: opciones.numero("--partidas", u32::MAX)?,
                mezcla: mezcla as f32 / 100.0,
                epocas: opciones.numero("--epocas", 16)?,
                paso: opciones.numero("--paso", 0.002)?,
                inicio: inicio.as_deref(),
                etapas: opciones.numero("--etapas", ajuste::ETAPAS)?,
            };
            let salida = opciones.ruta("--salida", ajuste::ARCHIVO_DE_PESOS);
            let archivos = opciones.archivos()?;
            ajuste::entrenar(&archivos, como, &salida, &mut informar)
                .map_err(|error| error.to_string())
        }
        "orden" => {
            let hilos = std::thread::available_parallelism().map_or(1, usize::from);
            let como = ajuste::EntrenamientoDeOrden {
                partidas: opciones.numero("--partidas", u32::MAX)?,
                por_posicion: opciones.numero("--por", 16)?,
                semilla: opciones.numero("--semilla", 1)?,
                hilos: opciones.numero("--hilos", hilos)?,
                epocas: opciones.numero("--epocas", 30)?,
                paso: opciones.numero("--paso", 0.003)?,
            };
            let salida = opciones.ruta("--salida", ajuste::ARCHIVO_DE_ORDEN);
            let archivos = opciones.archivos()?;
            ajuste::entrenar_orden(&archivos, como, &salida, &mut informar)
                .map_err(|error| error.to_string())
        }
        "medir" => {
            let archivos = opciones.archivos()?;
            ajuste::medir(&archivos, &mut informar).map_err(|error| error.to_string())
        }
        "calibrar" => {
            let partidas = opciones.numero("--partidas", 600)?;
            opciones.sin_archivos()?;
            ajuste::calibrar_probcut(partidas, &mut informar);
            Ok(())
        }
        "terminos" => {
            let partidas = opciones.numero("--partidas", 400)?;
            opciones.sin_archivos()?;
            ajuste::ajustar_terminos(partidas, &mut informar);
            Ok(())
        }
        "ayuda" | "--help" | "-h" => {
            print!("{AYUDA}");
            Ok(())
        }
        otra => Err(format!("no hay una orden «{otra}»")),
    }
}

/// The options of an order (`--nombre valor`) and its files, as given.
struct Opciones {
    valores: Vec<(String, String)>,
    archivos: Vec<PathBuf>,
}

impl Opciones {
    /// Splits `argumentos` into options with their values and files.
    fn leer(argumentos: &[String]) -> Result<Opciones, String> {
        let mut opciones = Opciones {
            valores: Vec::new(),
            archivos: Vec::new(),
        };
        let mut resto = argumentos.iter();
        while let Some(argumento) = resto.next() {
            if argumento.starts_with("--") {
                let valor = resto
                    .next()
                    .ok_or_else(|| format!("a {argumento} le falta su valor"))?;
                opciones.valores.push((argumento.clone(), valor.clone()));
            } else {
                opciones.archivos.push(PathBuf::from(argumento));
            }
        }
        Ok(opciones)
    }

    /// The value of option `nombre`, taken out, as text.
    fn tomar(&mut self, nombre: &str) -> Option<String> {
        let i = self.valores.iter().position(|(n, _)| n == nombre)?;
        Some(self.valores.remove(i).1)
    }

    /// The number given to `nombre`, or `defecto`.
    fn numero<T: FromStr>(&mut self, nombre: &str, defecto: T) -> Result<T, String> {
        match self.tomar(nombre) {
            Some(texto) => texto
                .parse()
                .map_err(|_| format!("{nombre} espera un número, no «{texto}»")),
            None => Ok(defecto),
        }
    }

    /// The path given to `nombre`, or `defecto`.
    fn ruta(&mut self, nombre: &str, defecto: &str) -> PathBuf {
        PathBuf::from(self.tomar(nombre).unwrap_or_else(|| defecto.to_owned()))
    }

    /// The files, at least one, once every option was taken.
    fn archivos(self) -> Result<Vec<PathBuf>, String> {
        let archivos = self.sin_opciones_de_mas()?;
        if archivos.is_empty() {
            return Err("faltan los archivos de posiciones (los escribe generar)".to_owned());
        }
        Ok(archivos)
    }

    /// Checks that no file was given, once every option was taken.
    fn sin_archivos(self) -> Result<(), String> {
        let archivos = self.sin_opciones_de_mas()?;
        match archivos.first() {
            Some(archivo) => Err(format!(
                "esta orden no lee archivos: «{}»",
                archivo.display()
            )),
            None => Ok(()),
        }
    }

    /// The files, if no option is left that the order did not take.
    fn sin_opciones_de_mas(self) -> Result<Vec<PathBuf>, String> {
        match self.valores.first() {
            Some((nombre, _)) => Err(format!("esta orden no tiene la opción {nombre}")),
            None => Ok(self.archivos),
        }
    }
}
