//! The options of a grading run: every flag of `othello corregir`.

use std::{num::NonZeroUsize, path::PathBuf, time::Duration};

use super::{
    casos::{CASOS_PREDETERMINADOS, Cantidades},
    funcion::{PorFuncion, Renombre},
    nota::Escala,
};
use crate::argumentos::{
    MAS_OPCIONES, entero, hilos, memoria, por_omision, semilla, tiempo_limite, tiempo_por_entrega,
};

/// Every flag of `othello corregir` but the submissions, each defined once: clap reads
/// them from the order's command line, and [`Default`] is that command line without
/// any.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct OpcionesCorreccion {
    /// `--csv NOTAS.csv`: also write the gradebook there.
    #[arg(
        long,
        value_name = "NOTAS.csv",
        help = "Escribe además NOTAS.csv: una fila por estudiante, con su nota",
        long_help = "Escribe además una planilla: una fila por estudiante, con los casos \
                correctos de cada función, el porcentaje y la nota (con ; y coma \
                decimal, como la abre una planilla de cálculo en castellano)"
    )]
    pub csv: Option<PathBuf>,
    /// `--planilla ARCHIVO.csv`: the platform's grade sheet, filled in beside it.
    #[arg(
        long,
        value_name = "ARCHIVO.csv",
        help = "Llena una copia de la planilla de notas de Moodle o de Canvas",
        long_help = "La planilla de notas que exportó la plataforma (la hoja de \
                calificaciones de Moodle o el libro de notas de Canvas): escribe al \
                lado una copia con la nota de cada estudiante (ARCHIVO-con-notas.csv)"
    )]
    pub planilla: Option<PathBuf>,
    /// `--informes CARPETA`: also write each student's feedback there.
    #[arg(
        long,
        value_name = "CARPETA",
        help = "Escribe además un informe por estudiante en CARPETA (o en un .zip)",
        long_help = "Escribe además en CARPETA un informe por estudiante, para subir como \
                retroalimentación (con un nombre que termina en .zip, un zip)"
    )]
    pub informes: Option<PathBuf>,
    /// `--python PATH`: the interpreter; `None` looks for `python3` on the `PATH`.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "RUTA",
        help = "El intérprete de Python 3 (por omisión, python3 del PATH)"
    )]
    pub python: Option<PathBuf>,
    /// `--funcion CLAVE=NOMBRE`, as many as given: each replaces the names looked for.
    #[arg(
        long = "funcion",
        help_heading = MAS_OPCIONES,
        value_name = "CLAVE=NOMBRE",
        value_parser = clap::value_parser!(Renombre),
        help = "El nombre que el estudiante le dio a una función: contar=contarFichas \
                (claves: jugar, contar, guardar_partida, cargar_partida)"
    )]
    pub renombres: Vec<Renombre>,
    /// `--archivo NOMBRE`: the file graded in each student's folder that has it (by
    /// its path inside the folder or its name), instead of the one chosen.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "NOMBRE",
        help = "El archivo que se corrige en la carpeta de cada estudiante que lo tenga \
                (tarea2.py, o src/tarea2.py), en vez del que se elige solo"
    )]
    pub archivo: Option<String>,
    /// `--semilla S`: the same seed gives the same cases.
    #[command(flatten, next_help_heading = MAS_OPCIONES)]
    pub semilla: SemillaDeCasos,
    /// `--casos N`: `N` cases of `jugar` and the others in proportion; `None` for the
    /// defaults ([`Cantidades::default`]).
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N",
        value_parser = entero(1usize, 1_000_000),
        help = format!(
            "Casos de jugar, de 1 a 1000000 (por omisión, {CASOS_PREDETERMINADOS}); los de \
             las otras funciones, en proporción"
        )
    )]
    pub casos: Option<usize>,
    /// `--tiempo-limite`: for each call.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "SEGUNDOS",
        default_value = TIEMPO_LIMITE,
        hide_default_value = true,
        value_parser = tiempo_limite,
        help = format!(
            "Tiempo límite de cada llamada, de 0.01 a 3600 segundos: 1, 0.5 o 500ms (por \
             omisión, {TIEMPO_LIMITE})"
        )
    )]
    pub tiempo_limite: Duration,
    /// `--tiempo-por-entrega`: for all of a submission's cases; what is left when it is
    /// over is not run.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "SEGUNDOS",
        default_value = TIEMPO_POR_ENTREGA,
        hide_default_value = true,
        value_parser = tiempo_por_entrega,
        help = format!(
            "Tiempo para todos los casos de una entrega, de 1 a 3600 segundos; lo que \
             queda, no se corre (por omisión, {TIEMPO_POR_ENTREGA})"
        )
    )]
    pub tiempo_por_entrega: Duration,
    /// `--memoria`: for each submission's process, in bytes.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "CANTIDAD",
        default_value = MEMORIA,
        hide_default_value = true,
        value_parser = memoria,
        help = format!("Memoria de cada entrega, de 32M a 64G: 512M, 1G (por omisión, {MEMORIA})")
    )]
    pub memoria: u64,
    /// `--ejemplos`: failures shown per function and kind.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N",
        default_value_t = EJEMPLOS,
        hide_default_value = true,
        value_parser = entero(0usize, 1000),
        help = format!(
            "Cuántos casos fallidos se muestran de cada tipo, de 0 a 1000 (por omisión, \
             {EJEMPLOS})"
        )
    )]
    pub ejemplos: usize,
    /// `--nota-maxima N`: the grade's maximum on the platform, where its sheet does not
    /// say it (a Moodle sheet without its column, a Canvas sheet without its points).
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N",
        value_parser = entero(1u32, 100_000),
        help = "La nota máxima de la tarea en la plataforma (7, 100…), para una planilla \
                que no la dice (si la dice, manda esta)"
    )]
    pub nota_maxima: Option<u32>,
    /// `--tarea NOMBRE`: which assignment's column of Canvas's sheet gets the grades.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "NOMBRE",
        help = "La columna de la planilla de Canvas que recibe las notas (si tiene varias \
                tareas): su nombre completo, su número o una parte de su nombre"
    )]
    pub tarea: Option<String>,
    /// `--parecidas N`: the pairs of submissions at least this similar are listed.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N",
        default_value_t = PARECIDAS,
        hide_default_value = true,
        value_parser = entero(1u8, 100),
        help = format!(
            "Lista los pares de entregas con al menos N % de huellas en común, de 1 a \
             100 (por omisión, {PARECIDAS}); nunca cambia una nota"
        )
    )]
    pub parecidas: u8,
    /// `--pesos` and `--exigencia`: how grades are given.
    #[command(flatten, next_help_heading = MAS_OPCIONES)]
    pub escala: Escala,
    /// How many submissions at once; `None` for one per core.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_name = "N",
        value_parser = hilos,
        help = "Cuántas entregas se corrigen a la vez, de 1 a 256 (por omisión, una por núcleo)"
    )]
    pub hilos: Option<NonZeroUsize>,
    /// `--sin-encierro`: run the submissions as the grader, where this machine cannot
    /// contain them (`encierro`), knowingly.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        help = "Corre las entregas sin encierro, con los permisos de quien corrige: solo \
                donde esta máquina no puede encerrarlas (ver --diagnostico)"
    )]
    pub sin_encierro: bool,
    /// `--diagnostico`: say what this machine supports to contain the submissions,
    /// and grade nothing.
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        help = "Dice qué puede hacer esta máquina para encerrar las entregas, sin corregir"
    )]
    pub diagnostico: bool,
}

/// `--semilla S` of `corregir` and `casos`: the same seed gives the same cases in both.
/// Without it each run draws a fresh one, which its report says: the cases a class is
/// graded on cannot be known before the run, and the run can be repeated.
#[derive(clap::Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemillaDeCasos {
    /// The seed given.
    #[arg(
        id = "semilla",
        long = "semilla",
        value_name = "S",
        value_parser = semilla,
        help = "Semilla de los casos: la misma semilla, los mismos casos, en corregir y en \
                casos (por omisión, una nueva en cada corrida, que el informe dice para \
                repetirla)"
    )]
    pub valor: Option<u64>,
}

impl SemillaDeCasos {
    /// The seed given, or a fresh one drawn from the system's randomness: from 1 to
    /// 999999999, short enough to type again.
    pub fn elegir(self) -> u64 {
        self.valor.unwrap_or_else(|| {
            let mut bytes = [0u8; 8];
            // Safety: getrandom writes at most the buffer's length into it.
            let leidos = unsafe { libc::getrandom(bytes.as_mut_ptr().cast(), bytes.len(), 0) };
            let azar = if leidos == 8 {
                u64::from_le_bytes(bytes)
            } else {
                // No randomness from the system: the clock's nanoseconds and the process.
                let reloj = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64);
                reloj ^ u64::from(std::process::id()).rotate_left(32)
            };
            1 + azar % 999_999_999
        })
    }
}

/// `--tiempo-limite` when not given, as it would be written.
const TIEMPO_LIMITE: &str = "1";

/// `--tiempo-por-entrega` when not given, as it would be written.
const TIEMPO_POR_ENTREGA: &str = "30";

/// `--memoria` when not given, as it would be written.
const MEMORIA: &str = "512M";

/// `--parecidas` when not given: a renamed copy is above 90, two solutions written
/// apart below 30 (docs/corregir.md).
const PARECIDAS: u8 = 60;

/// `--ejemplos` when not given.
const EJEMPLOS: usize = 3;

impl Default for OpcionesCorreccion {
    fn default() -> OpcionesCorreccion {
        por_omision()
    }
}

impl OpcionesCorreccion {
    /// How many cases of each function.
    pub fn cantidades(&self) -> Cantidades {
        self.casos
            .map_or_else(Cantidades::default, Cantidades::escaladas)
    }

    /// The names looked for, per function: the defaults, or the one `--funcion` gave.
    pub fn nombres(&self) -> PorFuncion<Vec<String>> {
        PorFuncion::de(
            |funcion| match self.renombres.iter().rev().find(|r| r.funcion == funcion) {
                Some(renombre) => vec![renombre.nombre.clone()],
                None => funcion
                    .nombres_predeterminados()
                    .iter()
                    .map(|&nombre| nombre.to_owned())
                    .collect(),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sin_opciones_valen_las_de_la_ayuda() {
        let opciones = OpcionesCorreccion::default();
        assert_eq!(opciones.semilla.valor, None);
        let [a, b] = [opciones.semilla.elegir(), opciones.semilla.elegir()];
        assert!(a != b && (1..1_000_000_000).contains(&a), "{a} {b}");
        assert_eq!(opciones.cantidades(), Cantidades::escaladas(1000));
        assert_eq!(opciones.tiempo_limite, Duration::from_secs(1));
        assert_eq!(opciones.tiempo_por_entrega, Duration::from_secs(30));
        assert_eq!(opciones.memoria, 512 * 1024 * 1024);
        assert_eq!(opciones.ejemplos, 3);
        assert_eq!(
            opciones.escala.pesos.to_string(),
            "jugar=30,contar=10,guardarPartida=5,cargarPartida=5,programa=50"
        );
        assert_eq!(opciones.escala.exigencia, 60);
        assert!(opciones.renombres.is_empty());
        assert_eq!(opciones.python, None);
        assert_eq!(opciones.csv, None);
        assert_eq!(opciones.informes, None);
        assert_eq!(opciones.planilla, None);
        assert_eq!(opciones.tarea, None);
        assert_eq!(opciones.nota_maxima, None);
        assert_eq!(opciones.parecidas, 60);
        assert_eq!(opciones.hilos, None);
        assert_eq!(opciones.archivo, None);
        assert!(!opciones.sin_encierro && !opciones.diagnostico);
    }

    #[test]
    fn un_renombre_reemplaza_los_nombres_buscados() {
        let opciones = OpcionesCorreccion {
            renombres: vec!["contar=contarFichas".parse().unwrap()],
            ..OpcionesCorreccion::default()
        };
        let nombres = opciones.nombres();
        assert_eq!(nombres.contar, ["contarFichas"]);
        assert_eq!(nombres.cargar_partida, ["cargarPartida", "cargar_partida"]);
    }
}
