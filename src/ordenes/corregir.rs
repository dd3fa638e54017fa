//! The orders for teaching assistants who grade the students' own Python files:
//! `corregir` (grade submissions against this program's answers) and `casos` (write the
//! same kind of cases as files, for a harness of one's own). The grading itself is
//! [`correccion`]'s; these are its faces on the command line.

use std::{
    ffi::OsString,
    io::{Read, Write},
    path::PathBuf,
};

use serde::Serialize;

use super::{
    corrida::{Corrida, Ejecutar},
    error::ErrorOrden,
    informe::Informe,
};
use crate::{
    argumentos::entero,
    correccion::{
        self, CASOS_PREDETERMINADOS, Diagnostico, OpcionesCorreccion, Resumen, SemillaDeCasos,
    },
};

/// `corregir ENTREGA.py...`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Nombre la carpeta de la clase (othello corregir curso/), no sus entradas con *: una \
carpeta de estudiante que empiece con - se leería como una opción. Para nombrar una \
entrega así, escriba -- antes.

Cada entrega corre en su propio proceso de Python, sin entrada estándar, en una \
carpeta temporal nueva (también su HOME), sin las variables de entorno de quien \
corrige, con límite de memoria y de tiempo por llamada, y encerrada: no lee ni \
escribe fuera de su carpeta, no ejecuta otros programas, no usa la red y lo que lanza \
muere con ella.

Estado de salida: 0 si todas las entregas cargan y pasan todos los casos, 1 si alguna \
no, 2 si la orden está mal escrita, no hay Python 3 o esta máquina no puede encerrar \
las entregas.")]
pub struct Corregir {
    /// A name that starts with `-` and names something here is refused unless after
    /// `--` ([`opcion_que_es_una_ruta`]): the shell's `*` may have put a student's folder
    /// named like an option among the submissions.
    #[arg(
        value_name = "ENTREGA",
        required_unless_present = "diagnostico",
        help = "La carpeta de la clase como la exporta la plataforma (curso/), su zip, o \
                archivos .py y carpetas de estudiantes"
    )]
    entregas: Vec<PathBuf>,
    #[command(flatten)]
    opciones: OpcionesCorreccion,
}

impl Ejecutar for Corregir {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        if self.opciones.diagnostico {
            return corrida.informar(&correccion::diagnosticar());
        }

        let progreso = corrida.opciones.progreso;
        let cuenta = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let resumen = correccion::corregir(&self.entregas, &self.opciones, |hechas, total| {
            if let Some(progreso) = progreso {
                progreso(cuenta(hechas), cuenta(total));
            }
        })?;
        match resumen.codigo() {
            0 => corrida.informar(&resumen),
            codigo => corrida.fallar(
                &resumen,
                ErrorOrden::Reprobadas {
                    reprobadas: resumen.reprobadas(),
                    total: resumen.entregas().len(),
                    codigo,
                },
            ),
        }
    }
}

/// In the command line `argumentos` (the program's name first), an argument of
/// `corregir` that starts with `-` (so it would be read as an option) but names a file
/// or folder here: a student's folder named `--funcion=jugar=trampa` that the shell's
/// `*` put among the submissions would change how everybody is graded, and one named
/// `-1+1` would stop the run. After `--` everything is a submission. `None` for another
/// order, or when there is none.
pub fn opcion_que_es_una_ruta(argumentos: &[OsString]) -> Option<String> {
    let mut resto = argumentos
        .iter()
        .skip(1)
        .skip_while(|argumento| *argumento != "corregir");
    resto.next()?;
    resto
        .take_while(|argumento| *argumento != "--")
        .find(|argumento| {
            let bytes = argumento.as_encoded_bytes();
            bytes.len() > 1
                && bytes.starts_with(b"-")
                && std::fs::symlink_metadata(argumento).is_ok()
        })
        .map(|argumento| {
            format!(
                "«{}» empieza con - y es también el nombre de algo en esta carpeta: se leería \
                 como una opción; si lo puso un * de la shell, nombre la carpeta de la clase \
                 (othello corregir curso/), y si es una entrega, escriba -- antes de las \
                 entregas",
                othello::texto::visible(&argumento.to_string_lossy())
            )
        })
}

/// `casos --carpeta DIR`; named apart from the grader's own cases.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Escribe cada tablero inicial en el formato de la tarea (NNNN.txt), el tablero \
esperado tras una jugada válida (NNNN-despues.txt), DIR/casos.csv con las columnas \
id, tablero, posicion, valor, valida, esperado, y DIR/cargar_entrega.py, que carga \
el archivo del estudiante como corregir. Luego muestra un archivo de pytest que los usa. Son los mismos casos de jugar que corregir usa con esa semilla.")]
pub struct OrdenCasos {
    #[arg(
        long,
        value_name = "DIR",
        required = true,
        help = "La carpeta de los casos (se crea si falta)"
    )]
    carpeta: PathBuf,
    #[command(flatten)]
    semilla: SemillaDeCasos,
    #[arg(
        long,
        value_name = "N",
        default_value_t = CASOS_PREDETERMINADOS,
        hide_default_value = true,
        value_parser = entero(1usize, 1_000_000),
        help = format!(
            "Cuántos casos de jugar, de 1 a 1000000 (por omisión, {CASOS_PREDETERMINADOS})"
        )
    )]
    cantidad: usize,
}

/// What `casos` answers: where the cases went, and the pytest file that uses them.
#[derive(Serialize)]
struct InformeCasos {
    carpeta: PathBuf,
    semilla: u64,
    cantidad: usize,
    pytest: String,
}

impl Informe for Resumen {
    fn escribir(&self, mut salida: &mut dyn Write) -> std::io::Result<()> {
        self.escribir_texto(&mut salida)
    }
}

impl Informe for Diagnostico {
    fn escribir(&self, salida: &mut dyn Write) -> std::io::Result<()> {
        Diagnostico::escribir(self, salida)
    }
}

impl Informe for InformeCasos {
    /// The pytest example, after a comment with the seed, which repeats the cases.
    fn escribir(&self, salida: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            salida,
            "# {} casos de jugar con la semilla {} (othello casos --semilla {} los repite)",
            self.cantidad, self.semilla, self.semilla
        )?;
        salida.write_all(self.pytest.as_bytes())
    }
}

impl Ejecutar for OrdenCasos {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let mut pytest = Vec::new();
        let semilla = self.semilla.elegir();
        correccion::escribir_casos(&self.carpeta, semilla, self.cantidad, &mut pytest)?;
        corrida.informar(&InformeCasos {
            carpeta: self.carpeta.clone(),
            semilla,
            cantidad: self.cantidad,
            pytest: String::from_utf8_lossy(&pytest).into_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::ordenes::{
        Orden,
        tests::{ayuda, orden},
    };

    /// The seed that `corregir` and `casos` read from `semilla`, if given.
    fn semillas(semilla: &[&str]) -> [Option<u64>; 2] {
        let Orden::Corregir(corregir) = orden(&[&["corregir", "e.py"], semilla].concat()) else {
            panic!("corregir")
        };
        let Orden::Casos(casos) = orden(&[&["casos", "--carpeta", "c"], semilla].concat()) else {
            panic!("casos")
        };
        [corregir.opciones.semilla.valor, casos.semilla.valor]
    }

    #[test]
    fn corregir_y_casos_leen_la_misma_semilla_con_la_misma_ayuda() {
        assert_eq!(ayuda("corregir", "semilla"), ayuda("casos", "semilla"));
        assert_eq!(semillas(&[]), [None, None]);
        assert_eq!(semillas(&["--semilla", "7"]), [Some(7), Some(7)]);
    }
}
