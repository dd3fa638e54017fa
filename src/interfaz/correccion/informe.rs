//! The report of a grading run: per submission and per function, as text to paste into
//! feedback, as JSON (`Serialize`) and as a gradebook row (csv).

use std::{
    collections::BTreeMap,
    fs,
    io::{self, Write},
    path::Path,
};

use serde::Serialize;

use super::{
    ejemplo::{Falla, visible},
    entrega::Entrega,
    funcion::{Funcion, PorFuncion},
    nota::{Calificacion, Escala},
    respuesta::Tipo,
};
use crate::{
    ErrorArchivo, disco,
    interfaz::renglones::ajustar,
    texto::{cantidad, ruta_visible},
};

/// How one function did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InformeFuncion {
    /// The student's name for it.
    pub nombre: String,
    /// How many cases.
    pub casos: usize,
    /// How many were right.
    pub correctos: usize,
    /// How many failed, per kind (only the kinds that did).
    pub por_tipo: BTreeMap<Tipo, usize>,
    /// The first failures of each kind, at most `--ejemplos` per kind, by kind and case.
    pub fallas: Vec<Falla>,
}

impl InformeFuncion {
    /// Whether every case was right.
    pub fn aprobada(&self) -> bool {
        self.correctos == self.casos
    }

    /// Its line in the report, after `titulo`: "jugar 812/1000 (resultado 245, …)".
    fn linea(&self, titulo: &str) -> String {
        let mut linea = format!("{titulo} {}/{}", self.correctos, self.casos);
        if !self.por_tipo.is_empty() {
            let tipos: Vec<String> = (self.por_tipo.iter())
                .map(|(tipo, n)| format!("{} {n}", tipo.nombre()))
                .collect();
            linea += &format!(" ({})", tipos.join(", "));
        }
        linea
    }

    /// For each kind of failure, how many and its first cases, as the report shows
    /// them under `titulo`.
    fn escribir_fallas(&self, titulo: &str, salida: &mut impl Write) -> io::Result<()> {
        for (tipo, n) in &self.por_tipo {
            let ejemplos: Vec<&Falla> = (self.fallas.iter())
                .filter(|falla| falla.tipo == *tipo)
                .collect();
            let cuales = match ejemplos.len() {
                0 => String::new(),
                1 => "; el primero:".into(),
                k => format!("; los primeros {k}:"),
            };
            writeln!(
                salida,
                "\n  {titulo}: {} en {}{cuales}",
                tipo.nombre(),
                cantidad(*n as u64, "caso", "casos")
            )?;
            for falla in ejemplos {
                writeln!(salida)?;
                for linea in falla.texto.lines() {
                    if linea.is_empty() {
                        writeln!(salida)?;
                    } else {
                        writeln!(salida, "    {linea}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// How one submission did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InformeEntrega {
    /// Whose it is: the name of the student's folder, or of the file without `.py`.
    pub estudiante: String,
    /// The file, as named (inside a folder named, the folder joined with its name).
    pub archivo: String,
    /// Which file of the student's folder was graded and why, when it had several.
    pub eleccion: Option<String>,
    /// Whether the file loaded.
    pub importa: bool,
    /// Why it did not load: the syntax error with its line, or another reason.
    pub error: Option<String>,
    /// Per function, `None` when not found.
    pub funciones: PorFuncion<Option<InformeFuncion>>,
    /// `jugar` with positions that are not cells of the board (`"I1"`, `"C44"`), which
    /// must answer `False` and leave the board: `None` when `jugar` was not found.
    pub robustez: Option<InformeFuncion>,
    /// The functions the file defines, in order: a hint when one is not found.
    pub definidas: Vec<String>,
    /// The percentage and the grade.
    pub calificacion: Calificacion,
    /// The names looked for, per function.
    #[serde(skip)]
    pub buscados: PorFuncion<Vec<String>>,
}

/// What the report calls the robustness cases, after the student's `jugar`.
const CON_POSICIONES: &str = "con posiciones que no son casillas";

impl InformeEntrega {
    /// A submission that did not load.
    pub(super) fn no_importa(entrega: &Entrega, error: String) -> InformeEntrega {
        InformeEntrega {
            estudiante: entrega.estudiante.clone(),
            archivo: ruta_visible(&entrega.archivo),
            eleccion: entrega.eleccion.clone(),
            importa: false,
            error: Some(error),
            funciones: PorFuncion::default(),
            robustez: None,
            definidas: Vec::new(),
            calificacion: Calificacion {
                porcentaje: 0.0,
                nota: 1.0,
            },
            buscados: PorFuncion::default(),
        }
    }

    /// Whether it loads, has `jugar` and the counting function, and every function
    /// found passes every case, `jugar` its robustness cases too. Saving and loading
    /// are optional in the homework.
    pub fn aprobada(&self) -> bool {
        self.importa
            && self.robustez.as_ref().is_none_or(InformeFuncion::aprobada)
            && Funcion::TODAS
                .into_iter()
                .all(|funcion| match &self.funciones[funcion] {
                    Some(informe) => informe.aprobada(),
                    None => !funcion.obligatoria(),
                })
    }

    /// Its grade on `escala`. Each function counts its right cases over its cases
    /// (`jugar` with its robustness cases); a function not found counts 0, but when the
    /// file has neither `guardarPartida` nor `cargarPartida`, optional in the homework,
    /// their weight goes to the others. A file that does not load gets 0.
    fn calificar(&self, escala: &Escala) -> Calificacion {
        let pesos = &escala.pesos.0;
        let sin_archivos =
            self.funciones.guardar_partida.is_none() && self.funciones.cargar_partida.is_none();
        let fuera = |funcion: Funcion| sin_archivos && !funcion.obligatoria();
        let (mut logrado, mut total) = (0.0, 0.0);
        for funcion in Funcion::TODAS.into_iter().filter(|&f| !fuera(f)) {
            let peso = f64::from(pesos[funcion]);
            total += peso;
            let casos = self.funciones[funcion].iter().chain(match funcion {
                Funcion::Jugar => self.robustez.as_ref(),
                _ => None,
            });
            let (correctos, todos) = casos.fold((0, 0), |(c, t), informe| {
                (c + informe.correctos, t + informe.casos)
            });
            if self.importa && todos > 0 {
                logrado += peso * correctos as f64 / todos as f64;
            }
        }
        let porcentaje = if total > 0.0 {
            100.0 * logrado / total
        } else {
            0.0
        };
        Calificacion {
            porcentaje,
            nota: escala.nota(porcentaje),
        }
    }

    /// Why it cannot get full marks for something other than a wrong answer, for the
    /// gradebook: it did not load, or a required function was not found.
    fn motivo(&self) -> String {
        if let Some(error) = &self.error {
            return format!("no se pudo cargar: {}", visible(error));
        }
        let faltan: Vec<&str> = (Funcion::TODAS.into_iter())
            .filter(|&funcion| funcion.obligatoria() && self.funciones[funcion].is_none())
            .map(Funcion::nombre)
            .collect();
        match faltan.as_slice() {
            [] => String::new(),
            faltan => format!("no se encontró {}", faltan.join(" ni ")),
        }
    }

    /// Its section of the report, every line fitted to 80 columns ([`ajustar`]) so
    /// that it reads the same in a terminal and in the feedback a student gets.
    fn escribir_texto(&self, salida: &mut impl Write) -> io::Result<()> {
        let mut texto = Vec::new();
        self.escribir_lineas(&mut texto)?;
        write!(salida, "{}", ajustar(&String::from_utf8_lossy(&texto)))
    }

    /// Its section of the report, as long as each line comes.
    fn escribir_lineas(&self, salida: &mut impl Write) -> io::Result<()> {
        writeln!(salida, "{} ({})", self.estudiante, self.archivo)?;
        if let Some(eleccion) = &self.eleccion {
            writeln!(salida, "  {eleccion}")?;
        }
        if let Some(error) = &self.error {
            writeln!(salida, "  no se pudo cargar: {}", visible(error))?;
            return self.escribir_calificacion(salida);
        }
        let robustez = self
            .robustez
            .as_ref()
            .map(|informe| (informe, CON_POSICIONES));
        for funcion in Funcion::TODAS {
            let Some(informe) = &self.funciones[funcion] else {
                writeln!(salida, "  {}", self.no_encontrada(funcion))?;
                continue;
            };
            let mut linea = informe.linea(&informe.nombre);
            if !self.buscados[funcion].contains(&informe.nombre) {
                linea += &format!(" (se usó {} como {})", informe.nombre, funcion.nombre());
            }
            writeln!(salida, "  {linea}")?;
            if let (Funcion::Jugar, Some((robustez, como))) = (funcion, robustez) {
                writeln!(
                    salida,
                    "  {}",
                    robustez.linea(&format!("{} {como}", informe.nombre))
                )?;
            }
        }
        self.escribir_calificacion(salida)?;
        for funcion in Funcion::TODAS {
            if let Some(informe) = &self.funciones[funcion] {
                informe.escribir_fallas(&informe.nombre, salida)?;
                if let (Funcion::Jugar, Some((robustez, como))) = (funcion, robustez) {
                    robustez.escribir_fallas(&format!("{} {como}", informe.nombre), salida)?;
                }
            }
        }
        Ok(())
    }

    /// Its percentage and grade, as the report's line shows them.
    fn escribir_calificacion(&self, salida: &mut impl Write) -> io::Result<()> {
        writeln!(
            salida,
            "  total {:.1} %, nota {:.1}",
            self.calificacion.porcentaje, self.calificacion.nota
        )
    }

    /// The line for a function not found, with the names looked for and, as a hint,
    /// the functions the file does define.
    fn no_encontrada(&self, funcion: Funcion) -> String {
        let buscados = self.buscados[funcion].join(" ni ");
        let mut linea = format!("{}: no se encontró (no hay {buscados}", funcion.nombre());
        if funcion.obligatoria() {
            const MOSTRADAS: usize = 12;
            let mut definidas = self
                .definidas
                .iter()
                .take(MOSTRADAS)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ");
            if self.definidas.len() > MOSTRADAS {
                definidas += ", …";
            }
            if !definidas.is_empty() {
                linea += &format!(
                    "; el archivo define {definidas}, y ninguna contestó como {}",
                    funcion.nombre()
                );
            }
            linea += &format!(
                "; si tiene otro nombre: --funcion {}=NOMBRE",
                funcion.clave()
            );
        }
        linea + ")"
    }

    /// Its gradebook row, as [`Resumen::escribir_csv`] heads the columns.
    fn fila(&self) -> Vec<String> {
        let casos = |informe: Option<&InformeFuncion>| {
            informe.map_or(String::new(), |informe| {
                format!("{}/{}", informe.correctos, informe.casos)
            })
        };
        let mut fila = vec![self.estudiante.clone(), self.archivo.clone()];
        fila.push(casos(self.funciones.jugar.as_ref()));
        fila.push(casos(self.robustez.as_ref()));
        for funcion in &Funcion::TODAS[1..] {
            fila.push(casos(self.funciones[*funcion].as_ref()));
        }
        fila.push(format!("{:.1}", self.calificacion.porcentaje));
        fila.push(format!("{:.1}", self.calificacion.nota));
        fila.push(self.motivo());
        fila
    }
}

/// The report of a whole run: the fields of `othello corregir --json` (the orders'
/// envelope adds `orden` and `ok`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resumen {
    semilla: u64,
    /// `--pesos`, as written.
    pesos: String,
    /// `--exigencia`.
    exigencia: u8,
    entregas: Vec<InformeEntrega>,
}

impl Resumen {
    /// The report of `entregas`, graded on `escala`.
    pub(super) fn nuevo(
        semilla: u64,
        escala: &Escala,
        mut entregas: Vec<InformeEntrega>,
    ) -> Resumen {
        for entrega in &mut entregas {
            entrega.calificacion = entrega.calificar(escala);
        }
        Resumen {
            semilla,
            pesos: escala.pesos.to_string(),
            exigencia: escala.exigencia,
            entregas,
        }
    }

    /// Every submission, in the order named.
    pub fn entregas(&self) -> &[InformeEntrega] {
        &self.entregas
    }

    /// The seed of the cases.
    pub fn semilla(&self) -> u64 {
        self.semilla
    }

    /// How many submissions do not load, or fail some case.
    pub fn reprobadas(&self) -> usize {
        self.entregas.iter().filter(|e| !e.aprobada()).count()
    }

    /// Whether every submission loads and passes every case.
    pub fn ok(&self) -> bool {
        self.reprobadas() == 0
    }

    /// The exit status of `othello corregir` with this report: 0 when every submission
    /// loads and passes every case, 1 otherwise. The order ends with it, as text and as
    /// JSON.
    pub fn codigo(&self) -> u8 {
        if self.ok() { 0 } else { 1 }
    }

    /// The report as text: each submission with one line per function and, for each
    /// kind of failure, its first cases; then a summary and a legend of the kinds.
    ///
    /// # Errors
    ///
    /// Those of `salida`.
    pub fn escribir_texto(&self, salida: &mut impl Write) -> io::Result<()> {
        for (i, entrega) in self.entregas.iter().enumerate() {
            if i > 0 {
                writeln!(salida)?;
            }
            entrega.escribir_texto(salida)?;
        }
        let aprobadas = self.entregas.iter().filter(|e| e.aprobada()).count();
        let sin_cargar = self.entregas.iter().filter(|e| !e.importa).count();
        let con_fallas = self.entregas.len() - aprobadas - sin_cargar;
        let total = format!(
            "{}: {} todo, {} con fallas, {} (semilla {}; pesos {}; 4.0 con el {} %).",
            cantidad(self.entregas.len() as u64, "entrega", "entregas"),
            cantidad(aprobadas as u64, "pasa", "pasan"),
            con_fallas,
            cantidad(sin_cargar as u64, "no carga", "no cargan"),
            self.semilla,
            self.pesos,
            self.exigencia,
        );
        writeln!(salida, "\n{}", ajustar(&total))?;
        let tipos: Vec<Tipo> = Tipo::TODOS
            .into_iter()
            .filter(|tipo| {
                self.entregas.iter().any(|entrega| {
                    (entrega.funciones.iter().flatten())
                        .chain(&entrega.robustez)
                        .any(|informe| informe.por_tipo.contains_key(tipo))
                })
            })
            .collect();
        for tipo in tipos {
            writeln!(salida, "  {}: {}", tipo.nombre(), tipo.significado())?;
        }
        Ok(())
    }

    /// The gradebook, one row per submission as a learning platform imports it: the
    /// student, the file, each function's right cases over its cases (`jugar`'s
    /// robustness cases apart), the percentage, the grade, and why it could not load
    /// or lacks a required function.
    ///
    /// # Errors
    ///
    /// Those of `salida`.
    pub fn escribir_csv(&self, salida: impl Write) -> csv::Result<()> {
        let mut csv = csv::Writer::from_writer(salida);
        let mut cabecera = vec!["estudiante", "archivo", Funcion::Jugar.nombre(), "robustez"];
        cabecera.extend(Funcion::TODAS[1..].iter().map(|funcion| funcion.nombre()));
        cabecera.extend(["porcentaje", "nota", "motivo"]);
        csv.write_record(&cabecera)?;
        for entrega in &self.entregas {
            csv.write_record(entrega.fila())?;
        }
        csv.flush()?;
        Ok(())
    }

    /// Writes the gradebook to `ruta`, atomically.
    pub(super) fn guardar_csv(&self, ruta: &Path) -> Result<(), ErrorArchivo> {
        let mut bytes = Vec::new();
        self.escribir_csv(&mut bytes)
            .map_err(|error| ErrorArchivo::Escritura {
                ruta: ruta.to_owned(),
                fuente: error.into(),
            })?;
        disco::guardar_texto(&String::from_utf8_lossy(&bytes), ruta)
    }

    /// Writes each student's feedback to `carpeta` (made if missing), as
    /// `estudiante.txt`: their section of the report, to upload as it is.
    pub(super) fn guardar_informes(&self, carpeta: &Path) -> Result<(), ErrorArchivo> {
        fs::create_dir_all(carpeta).map_err(|fuente| ErrorArchivo::Escritura {
            ruta: carpeta.to_owned(),
            fuente,
        })?;
        for entrega in &self.entregas {
            let mut texto = Vec::new();
            entrega
                .escribir_texto(&mut texto)
                .expect("escribir en memoria no falla");
            let nombre = entrega.estudiante.replace(['/', '\\'], "_");
            let ruta = carpeta.join(format!("{nombre}.txt"));
            disco::guardar_texto(&String::from_utf8_lossy(&texto), &ruta)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn el_error_de_carga_no_trae_caracteres_de_control() {
        // The harness quotes the line of a syntax error as the student wrote it.
        let entrega = InformeEntrega::no_importa(
            &Entrega::de_archivo("tarea.py".into()),
            "línea 2: error de sintaxis («x =\u{c}\u{1b}[2J»)".into(),
        );
        let mut texto = Vec::new();
        Resumen::nuevo(2015, &Escala::default(), vec![entrega])
            .escribir_texto(&mut texto)
            .unwrap();
        let texto = String::from_utf8(texto).unwrap();
        assert!(
            texto.chars().all(|c| c == '\n' || !c.is_control()),
            "{texto:?}"
        );
        assert!(texto.contains(r"(«x =\x0c\x1b[2J»)"), "{texto}");
    }
}
