//! The orders for teaching assistants who grade the students' own Python files:
//! `corregir` (grade submissions against this program's answers) and `casos` (write the
//! same kind of cases as files, for a harness of one's own). The grading itself is
//! [`correccion`]'s; these are its faces on the command line.

use std::{
    io::{Read, Write},
    num::NonZeroUsize,
    path::PathBuf,
    time::Duration,
};

use serde::Serialize;

use super::{
    argumentos::{entero, hilos, memoria, semilla, tiempo_limite, tiempo_por_entrega},
    corrida::Corrida,
    error::ErrorOrden,
    informe::Informe,
};
use crate::interfaz::correccion::{
    self, Escala, OpcionesCorreccion, Pesos, Renombre, Resumen, SEMILLA_PREDETERMINADA,
};

/// `corregir ENTREGA.py...`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_help = "\
Cada entrega corre en su propio proceso de Python, sin entrada estándar, en una \
carpeta temporal nueva (también su HOME), sin las variables de entorno de quien \
corrige, con límite de memoria y de tiempo por llamada. Esto contiene accidentes, no \
ataques: el código en el que no se confía se corrige dentro de un contenedor.

Estado de salida: 0 si todas las entregas cargan y pasan todos los casos, 1 si alguna \
no, 2 si la orden está mal escrita o no hay Python 3.")]
pub struct Corregir {
    #[arg(
        value_name = "ENTREGA",
        required = true,
        help = "Archivos .py de los estudiantes, o carpetas (cada .py que tengan)"
    )]
    entregas: Vec<PathBuf>,
    #[arg(
        long,
        value_name = "RUTA",
        help = "El intérprete de Python 3 (por omisión, python3 del PATH)"
    )]
    python: Option<PathBuf>,
    #[arg(
        long = "funcion",
        value_name = "CLAVE=NOMBRE",
        value_parser = clap::value_parser!(Renombre),
        help = "El nombre que el estudiante le dio a una función: contar=contarFichas \
                (claves: jugar, contar, guardar_partida, cargar_partida)"
    )]
    renombres: Vec<Renombre>,
    #[arg(
        long,
        value_name = "S",
        default_value_t = SEMILLA_PREDETERMINADA,
        hide_default_value = true,
        value_parser = semilla,
        help = "Semilla de los casos: la misma semilla, los mismos casos (por omisión, 2015)"
    )]
    semilla: u64,
    #[arg(
        long,
        value_name = "N",
        value_parser = entero(1usize, 1_000_000),
        help = "Casos de jugar, de 1 a 1000000 (por omisión, 1000); los de las otras funciones, \
                en proporción"
    )]
    casos: Option<usize>,
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = tiempo_limite,
        help = "Tiempo límite de cada llamada, de 0.01 a 3600 segundos: 1, 0.5 o 500ms (por \
                omisión, 1)"
    )]
    tiempo_limite: Option<Duration>,
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = tiempo_por_entrega,
        help = "Tiempo para todos los casos de una entrega, de 1 a 3600 segundos; lo que \
                queda, no se corre (por omisión, 30)"
    )]
    tiempo_por_entrega: Option<Duration>,
    #[arg(
        long,
        value_name = "CANTIDAD",
        value_parser = memoria,
        help = "Memoria de cada entrega, de 32M a 64G: 512M, 1G (por omisión, 512M)"
    )]
    memoria: Option<u64>,
    #[arg(
        long,
        value_name = "N",
        default_value_t = 3,
        hide_default_value = true,
        value_parser = entero(0usize, 1000),
        help = "Cuántos casos fallidos se muestran de cada tipo, de 0 a 1000 (por omisión, 3)"
    )]
    ejemplos: usize,
    #[arg(
        long,
        value_name = "NOTAS.csv",
        help = "Escribe además una planilla: una fila por estudiante, con los casos \
                correctos de cada función, el porcentaje y la nota"
    )]
    csv: Option<PathBuf>,
    #[arg(
        long,
        value_name = "CARPETA",
        help = "Escribe además en CARPETA un informe por estudiante (estudiante.txt), \
                para subir como retroalimentación"
    )]
    informes: Option<PathBuf>,
    #[arg(
        long,
        value_name = "FUNCIÓN=PESO,...",
        value_parser = clap::value_parser!(Pesos),
        help = "Cuánto pesa cada función en el porcentaje (por omisión, \
                jugar=60,contar=20,guardarPartida=10,cargarPartida=10; sin guardarPartida \
                ni cargarPartida, su peso pasa a las demás)"
    )]
    pesos: Option<Pesos>,
    #[arg(
        long,
        value_name = "PORCENTAJE",
        default_value_t = 60,
        hide_default_value = true,
        value_parser = entero(1u8, 99),
        help = "El porcentaje que da un 4.0 en la escala de 1.0 a 7.0 (por omisión, 60)"
    )]
    exigencia: u8,
    #[arg(
        long,
        value_name = "N",
        value_parser = hilos,
        help = "Cuántas entregas se corrigen a la vez, de 1 a 256 (por omisión, una por núcleo)"
    )]
    hilos: Option<NonZeroUsize>,
}

impl Corregir {
    /// The grading options these arguments ask for.
    fn opciones(&self) -> OpcionesCorreccion {
        let omision = OpcionesCorreccion::default();
        OpcionesCorreccion {
            python: self.python.clone(),
            renombres: self.renombres.clone(),
            semilla: self.semilla,
            casos: self.casos,
            tiempo_limite: self.tiempo_limite.unwrap_or(omision.tiempo_limite),
            tiempo_por_entrega: self
                .tiempo_por_entrega
                .unwrap_or(omision.tiempo_por_entrega),
            memoria: self.memoria.unwrap_or(omision.memoria),
            ejemplos: self.ejemplos,
            csv: self.csv.clone(),
            informes: self.informes.clone(),
            escala: Escala {
                pesos: self.pesos.clone().unwrap_or_default(),
                exigencia: self.exigencia,
            },
            hilos: self.hilos,
        }
    }

    pub(super) fn ejecutar(
        &self,
        corrida: &mut Corrida<impl Read, impl Write>,
    ) -> Result<(), ErrorOrden> {
        let progreso = corrida.opciones.progreso;
        let cuenta = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        let resumen = correccion::corregir(&self.entregas, &self.opciones(), |hechas, total| {
            if let Some(progreso) = progreso {
                progreso(cuenta(hechas), cuenta(total));
            }
        })?;
        let reprobadas = resumen.entregas().iter().filter(|e| !e.aprobada()).count();
        match reprobadas {
            0 => corrida.informar(&resumen),
            reprobadas => corrida.fallar(
                &resumen,
                ErrorOrden::Reprobadas {
                    reprobadas,
                    total: resumen.entregas().len(),
                },
            ),
        }
    }
}

/// `casos --carpeta DIR`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_help = "\
Escribe cada tablero inicial en el formato de la tarea (NNNN.txt), el tablero \
esperado tras una jugada válida (NNNN-despues.txt), DIR/casos.csv con las columnas \
id, tablero, posicion, valor, valida, esperado, y DIR/cargar_entrega.py, que carga \
el archivo del estudiante como corregir. Luego muestra un archivo de pytest que los usa. Son los mismos casos de jugar que corregir usa con esa semilla.")]
pub struct Casos {
    #[arg(
        long,
        value_name = "DIR",
        required = true,
        help = "La carpeta de los casos (se crea si falta)"
    )]
    carpeta: PathBuf,
    #[arg(
        long,
        value_name = "S",
        default_value_t = SEMILLA_PREDETERMINADA,
        hide_default_value = true,
        value_parser = semilla,
        help = "Semilla de los casos (por omisión, 2015, la de corregir)"
    )]
    semilla: u64,
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1000,
        hide_default_value = true,
        value_parser = entero(1usize, 1_000_000),
        help = "Cuántos casos de jugar, de 1 a 1000000 (por omisión, 1000)"
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

impl Informe for InformeCasos {
    fn escribir(&self, salida: &mut dyn Write) -> std::io::Result<()> {
        salida.write_all(self.pytest.as_bytes())
    }
}

impl Casos {
    pub(super) fn ejecutar(
        &self,
        corrida: &mut Corrida<impl Read, impl Write>,
    ) -> Result<(), ErrorOrden> {
        let mut pytest = Vec::new();
        correccion::escribir_casos(&self.carpeta, self.semilla, self.cantidad, &mut pytest)?;
        corrida.informar(&InformeCasos {
            carpeta: self.carpeta.clone(),
            semilla: self.semilla,
            cantidad: self.cantidad,
            pytest: String::from_utf8_lossy(&pytest).into_owned(),
        })
    }
}
