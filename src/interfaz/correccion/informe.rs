//! The report of a grading run: per submission and per function, as text to paste into
//! feedback, as JSON (`Serialize`) and as a gradebook row (csv).

use std::{
    collections::BTreeMap,
    io::{self, Write},
    path::Path,
};

use serde::Serialize;
use serde_json::Value;

use super::{Funcion, PorFuncion, ejemplo::visible};
use crate::{
    ErrorArchivo, disco,
    texto::{ajustar, cantidad},
};

/// How a case fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tipo {
    /// It returned another value.
    Resultado,
    /// The board passed was left wrong (or, when saving, was changed).
    Tablero,
    /// The file saved is not the board in the homework's format.
    Archivo,
    /// It raised an exception.
    Excepcion,
    /// It did not end within the time limit.
    Tiempo,
    /// It ended the process (`exit()`, or the process died).
    Salida,
}

impl Tipo {
    /// Every kind, in the report's order.
    pub const TODOS: [Tipo; 6] = [
        Tipo::Resultado,
        Tipo::Tablero,
        Tipo::Archivo,
        Tipo::Excepcion,
        Tipo::Tiempo,
        Tipo::Salida,
    ];

    /// Its key in JSON and in the text.
    pub const fn clave(self) -> &'static str {
        match self {
            Tipo::Resultado => "resultado",
            Tipo::Tablero => "tablero",
            Tipo::Archivo => "archivo",
            Tipo::Excepcion => "excepcion",
            Tipo::Tiempo => "tiempo",
            Tipo::Salida => "salida",
        }
    }

    /// What it means, for the legend under the report.
    const fn significado(self) -> &'static str {
        match self {
            Tipo::Resultado => "devolvió otro valor",
            Tipo::Tablero => "el tablero recibido quedó distinto de lo esperado",
            Tipo::Archivo => "el archivo guardado no es el tablero en el formato de la tarea",
            Tipo::Excepcion => "lanzó una excepción",
            Tipo::Tiempo => "no terminó dentro del tiempo límite",
            Tipo::Salida => "terminó el programa (exit() o el proceso murió)",
        }
    }
}

/// One failed case, shown as an example.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Falla {
    /// How it failed.
    pub tipo: Tipo,
    /// The case's number within its function, from 1.
    pub caso: usize,
    /// The call as Python source: `jugar(tablero, "C4", "N")`.
    pub llamada: String,
    /// What was expected: `valor`, and `tablero` or `archivo` where they apply.
    pub esperado: Value,
    /// What came back: as `esperado`, or the exception, the time limit or the exit.
    pub obtenido: Value,
    /// Python source that rebuilds the case, for the student.
    pub reproducir: String,
    /// The example as text: the board drawn, what differs marked, and `reproducir`.
    #[serde(skip)]
    pub texto: String,
}

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
}

/// How one submission did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InformeEntrega {
    /// The file, as named (inside a folder named, the folder joined with its name).
    pub archivo: String,
    /// Whether the file loaded.
    pub importa: bool,
    /// Why it did not load: the syntax error with its line, or another reason.
    pub error: Option<String>,
    /// Per function, `None` when not found.
    pub funciones: PorFuncion<Option<InformeFuncion>>,
    /// The functions the file defines, in order: a hint when one is not found.
    pub definidas: Vec<String>,
    /// The names looked for, per function.
    #[serde(skip)]
    pub buscados: PorFuncion<Vec<String>>,
}

impl InformeEntrega {
    /// A submission that did not load.
    pub(super) fn no_importa(archivo: String, error: String) -> InformeEntrega {
        InformeEntrega {
            archivo,
            importa: false,
            error: Some(error),
            funciones: PorFuncion::default(),
            definidas: Vec::new(),
            buscados: PorFuncion::default(),
        }
    }

    /// Whether it loads, has `jugar` and the counting function, and every function
    /// found passes every case. Saving and loading are optional in the homework.
    pub fn aprobada(&self) -> bool {
        self.importa
            && Funcion::TODAS
                .into_iter()
                .all(|funcion| match &self.funciones[funcion] {
                    Some(informe) => informe.aprobada(),
                    None => !funcion.obligatoria(),
                })
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
        writeln!(salida, "{}", self.archivo)?;
        if let Some(error) = &self.error {
            return writeln!(salida, "  no se pudo cargar: {}", visible(error));
        }
        for funcion in Funcion::TODAS {
            match &self.funciones[funcion] {
                Some(informe) => {
                    write!(
                        salida,
                        "  {} {}/{}",
                        informe.nombre, informe.correctos, informe.casos
                    )?;
                    if !informe.por_tipo.is_empty() {
                        let tipos: Vec<String> = informe
                            .por_tipo
                            .iter()
                            .map(|(tipo, n)| format!("{} {n}", tipo.clave()))
                            .collect();
                        write!(salida, " ({})", tipos.join(", "))?;
                    }
                    writeln!(salida)?;
                }
                None => writeln!(salida, "  {}", self.no_encontrada(funcion))?,
            }
        }
        for funcion in Funcion::TODAS {
            let Some(informe) = &self.funciones[funcion] else {
                continue;
            };
            for (tipo, n) in &informe.por_tipo {
                let ejemplos: Vec<&Falla> = informe
                    .fallas
                    .iter()
                    .filter(|falla| falla.tipo == *tipo)
                    .collect();
                let cuales = match ejemplos.len() {
                    0 => String::new(),
                    1 => "; el primero:".into(),
                    k => format!("; los primeros {k}:"),
                };
                writeln!(
                    salida,
                    "\n  {}: {} en {}{cuales}",
                    informe.nombre,
                    tipo.clave(),
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
        }
        Ok(())
    }

    /// The line for a function not found, with the names looked for and, as a hint,
    /// the functions the file does define.
    fn no_encontrada(&self, funcion: Funcion) -> String {
        let buscados = self.buscados[funcion].join(" ni ");
        let mut linea = format!("{funcion}: no se encontró (no hay {buscados}");
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
                linea += &format!("; el archivo define {definidas}");
            }
            linea += &format!(
                "; si tiene otro nombre: --funcion {}=NOMBRE",
                funcion.clave()
            );
        }
        linea + ")"
    }
}

/// The report of a whole run: the fields of `othello corregir --json` (the orders'
/// envelope adds `orden` and `ok`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resumen {
    semilla: u64,
    entregas: Vec<InformeEntrega>,
}

impl Resumen {
    pub(super) fn nuevo(semilla: u64, entregas: Vec<InformeEntrega>) -> Resumen {
        Resumen { semilla, entregas }
    }

    /// Every submission, in the order named.
    pub fn entregas(&self) -> &[InformeEntrega] {
        &self.entregas
    }

    /// The seed of the cases.
    pub fn semilla(&self) -> u64 {
        self.semilla
    }

    /// Whether every submission loads and passes every case.
    pub fn ok(&self) -> bool {
        self.entregas.iter().all(InformeEntrega::aprobada)
    }

    /// The exit status: 0 when every submission loads and passes every case, 1
    /// otherwise.
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
            "{}: {} todo, {} con fallas, {} (semilla {}).",
            cantidad(self.entregas.len() as u64, "entrega", "entregas"),
            cantidad(aprobadas as u64, "pasa", "pasan"),
            con_fallas,
            cantidad(sin_cargar as u64, "no carga", "no cargan"),
            self.semilla,
        );
        writeln!(salida, "\n{}", ajustar(&total))?;
        let tipos: Vec<Tipo> = Tipo::TODOS
            .into_iter()
            .filter(|tipo| {
                self.entregas.iter().any(|entrega| {
                    Funcion::TODAS.into_iter().any(|funcion| {
                        entrega.funciones[funcion]
                            .as_ref()
                            .is_some_and(|informe| informe.por_tipo.contains_key(tipo))
                    })
                })
            })
            .collect();
        for tipo in tipos {
            writeln!(salida, "  {}: {}", tipo.clave(), tipo.significado())?;
        }
        Ok(())
    }

    /// The gradebook: one row per submission with `archivo`, `importa`, and
    /// `<función>_correctos` and `<función>_casos` for the four functions (empty for a
    /// function not found).
    ///
    /// # Errors
    ///
    /// Those of `salida`.
    pub fn escribir_csv(&self, salida: impl Write) -> csv::Result<()> {
        let mut csv = csv::Writer::from_writer(salida);
        let mut cabecera = vec!["archivo".to_owned(), "importa".to_owned()];
        for funcion in Funcion::TODAS {
            cabecera.push(format!("{funcion}_correctos"));
            cabecera.push(format!("{funcion}_casos"));
        }
        csv.write_record(&cabecera)?;
        for entrega in &self.entregas {
            let mut fila = vec![entrega.archivo.clone(), entrega.importa.to_string()];
            for funcion in Funcion::TODAS {
                let (correctos, casos) = entrega.funciones[funcion]
                    .as_ref()
                    .map_or((String::new(), String::new()), |informe| {
                        (informe.correctos.to_string(), informe.casos.to_string())
                    });
                fila.push(correctos);
                fila.push(casos);
            }
            csv.write_record(&fila)?;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn el_error_de_carga_no_trae_caracteres_de_control() {
        // The harness quotes the line of a syntax error as the student wrote it.
        let entrega = InformeEntrega::no_importa(
            "tarea.py".into(),
            "línea 2: error de sintaxis («x =\u{c}\u{1b}[2J»)".into(),
        );
        let mut texto = Vec::new();
        Resumen::nuevo(2015, vec![entrega])
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
