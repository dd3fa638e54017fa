//! The report of a grading run: per submission and per function, as text to paste into
//! feedback, as JSON (`Serialize`) and as a gradebook row (csv).

use std::{
    collections::BTreeMap,
    io::{self, Write},
};

use serde::Serialize;

use super::{
    ejemplo::{Falla, describir_aviso, visible},
    entrega::{Entrega, Falta, lista},
    funcion::{Funcion, PorFuncion},
    nota::{Calificacion, Escala, decimal},
    planilla::{InformePlanilla, celda},
    plataforma::{Participante, sin_barras},
    programa::{ESCRITO, GUIONES, InformePrograma, Punto},
    respuesta::{Aviso, Tipo},
    similitud::{self, Parecido},
};
use crate::renglones::{ajustar, ajustar_con_sangria};
use othello::texto::{self, cantidad, ruta_visible};

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
    /// How many were not run because the submission's time was over after the sample:
    /// they are left out of the grade, which counts what was run (never among the
    /// failures).
    pub fuera_de_la_nota: usize,
    /// The first failures of each kind, at most `--ejemplos` per kind, by kind and case.
    pub fallas: Vec<Falla>,
}

impl InformeFuncion {
    /// Whether every case that counts was right (those left out for lack of time do
    /// not count).
    pub fn aprobada(&self) -> bool {
        self.correctos + self.fuera_de_la_nota == self.casos
    }

    /// How many cases count in the grade: those run, and those of the sample.
    pub fn contados(&self) -> usize {
        self.casos - self.fuera_de_la_nota
    }

    /// Its line in the report, after `titulo`: "jugar 812/1000 (resultado 245, …)",
    /// and how many more were left out of the grade for lack of time.
    fn linea(&self, titulo: &str) -> String {
        let mut linea = format!("{titulo} {}/{}", self.correctos, self.contados());
        let mut notas: Vec<String> = (self.por_tipo.iter())
            .map(|(tipo, n)| format!("{} {n}", tipo.nombre()))
            .collect();
        if self.fuera_de_la_nota > 0 {
            notas.push(format!(
                "{} sin correr por falta de tiempo, fuera de la nota",
                self.fuera_de_la_nota
            ));
        }
        if !notas.is_empty() {
            linea += &format!(" ({})", notas.join(", "));
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
    /// Whose it is, a name no other submission of the run has: the platform's name for
    /// the student, the name of their folder, or of the file without `.py`.
    pub estudiante: String,
    /// The student's full name as the platform writes it, or [`Self::estudiante`].
    pub nombre: String,
    /// The platform's number for the student, when the export says it.
    pub id: Option<String>,
    /// The file, as named (inside a folder named, the folder joined with its name;
    /// inside a zip, the zip joined with the entry's name).
    pub archivo: String,
    /// Which file of the student's folder was graded and why, naming the others, and
    /// whether it was unpacked, renamed or sent late.
    pub eleccion: Option<String>,
    /// Whether the file loaded.
    pub importa: bool,
    /// Why it did not load: the syntax error with its line, or another reason.
    pub error: Option<String>,
    /// What went wrong while loading a file that loaded: the statements that failed
    /// and were left behind, with their lines.
    pub al_cargar: Vec<Aviso>,
    /// Per function, `None` when not found.
    pub funciones: PorFuncion<Option<InformeFuncion>>,
    /// `jugar` with positions that are not cells of the board (`"I1"`, `"C44"`), which
    /// must answer `False` and leave the board: `None` when `jugar` was not found.
    pub robustez: Option<InformeFuncion>,
    /// The functions the file defines, in order: a hint when one is not found.
    pub definidas: Vec<String>,
    /// How its main program did, played through the scripted games; `null` when it
    /// was not run (its weight is 0, or the file does not load).
    pub programa: Option<InformePrograma>,
    /// The percentage and the grade; `null` when the teaching assistant grades it by
    /// hand: there was nothing to grade ([`InformeEntrega::falta`]), or something of
    /// its program could not be told ([`InformePrograma::revisar`]).
    pub calificacion: Option<Calificacion>,
    /// The names looked for, per function.
    #[serde(skip)]
    pub buscados: PorFuncion<Vec<String>>,
    /// Who the student is on the platform the class came from, when its export says.
    #[serde(skip)]
    pub participante: Option<Participante>,
    /// The file graded as the student knows it (empty when there is none).
    #[serde(skip)]
    pub corto: String,
    /// Why there was nothing to grade, when there was not (then also [`Self::error`]).
    #[serde(skip)]
    pub falta: Option<Falta>,
}

/// Who reads a submission's section of the report: the teaching assistant (the run's
/// report) or the student (their feedback, which names no option of the program).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lector {
    Ayudante,
    Estudiante,
}

/// What the report calls the robustness cases, after the student's `jugar`.
const CON_POSICIONES: &str = "con posiciones que no son casillas";

impl InformeEntrega {
    /// A submission that did not load.
    pub(super) fn no_importa(entrega: &Entrega, error: String) -> InformeEntrega {
        let participante = entrega.participante.as_ref();
        InformeEntrega {
            estudiante: entrega.estudiante.clone(),
            nombre: participante
                .map_or(&entrega.estudiante, |p| &p.nombre)
                .clone(),
            id: participante.map(|participante| participante.id.clone()),
            archivo: ruta_visible(&entrega.origen),
            eleccion: entrega.eleccion.clone(),
            participante: entrega.participante.clone(),
            corto: entrega.corto.clone(),
            falta: None,
            importa: false,
            error: Some(error),
            al_cargar: Vec::new(),
            funciones: PorFuncion::default(),
            robustez: None,
            definidas: Vec::new(),
            programa: None,
            calificacion: None,
            buscados: PorFuncion::default(),
        }
    }

    /// A submission with nothing to grade, saying why.
    pub(super) fn sin_archivo(entrega: &Entrega, falta: &Falta) -> InformeEntrega {
        InformeEntrega {
            falta: Some(falta.clone()),
            ..InformeEntrega::no_importa(entrega, falta.to_string())
        }
    }

    /// Whether it loads, has `jugar` and the counting function, and every function
    /// found passes every case, `jugar` its robustness cases too. Saving and loading
    /// are optional in the homework.
    pub fn aprobada(&self) -> bool {
        self.importa
            && self.robustez.as_ref().is_none_or(InformeFuncion::aprobada)
            && self.programa.as_ref().is_none_or(InformePrograma::completo)
            && Funcion::TODAS
                .into_iter()
                .all(|funcion| match &self.funciones[funcion] {
                    Some(informe) => informe.aprobada(),
                    None => !funcion.obligatoria(),
                })
    }

    /// Its grade on `escala`. Each function counts its right cases over its cases run
    /// (`jugar` with its robustness cases; those not run for lack of time are left
    /// out, and a function with none run counts 0); a function not found counts 0, but
    /// when the file has neither `guardarPartida` nor `cargarPartida`, optional in the
    /// homework, their weight goes to the others. The main program counts its
    /// percentage ([`InformePrograma::porcentaje`]). A file that does not load gets 0.
    /// Nothing to grade, or a program with something that could not be told, gets no
    /// grade: the teaching assistant grades it by hand.
    fn calificar(&self, escala: &Escala) -> Option<Calificacion> {
        if self.falta.is_some() {
            return None;
        }
        let (mut logrado, mut total) = self.funciones_pesadas(escala);
        let peso = f64::from(escala.pesos.programa);
        if peso > 0.0 {
            let porcentaje = match &self.programa {
                Some(programa) => programa.porcentaje?,
                None => 0.0,
            };
            logrado += peso * porcentaje / 100.0;
            total += peso;
        }
        let porcentaje = if total > 0.0 {
            100.0 * logrado / total
        } else {
            0.0
        };
        Some(Calificacion {
            porcentaje,
            nota: escala.nota(porcentaje),
        })
    }

    /// What the functions earned of their weights on `escala`, and those weights'
    /// sum (see [`InformeEntrega::calificar`]).
    fn funciones_pesadas(&self, escala: &Escala) -> (f64, f64) {
        let pesos = &escala.pesos.funciones;
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
                (c + informe.correctos, t + informe.contados())
            });
            if self.importa && todos > 0 {
                logrado += peso * correctos as f64 / todos as f64;
            }
        }
        (logrado, total)
    }

    /// Why the teaching assistant grades it by hand, if so: nothing to grade, or
    /// something of its program that could not be told.
    fn a_mano(&self) -> Option<String> {
        if let Some(falta) = &self.falta {
            return Some(falta.to_string());
        }
        let porque = self.programa.as_ref()?.revisar()?;
        Some(format!("el programa principal: {porque}"))
    }

    /// Why it cannot get full marks for something other than a wrong answer, for the
    /// gradebook: nothing to grade, it did not load, or a required function was not
    /// found; and which file was graded, when there were several.
    fn motivo(&self) -> String {
        let faltan: Vec<&str> = (Funcion::TODAS.into_iter())
            .filter(|&funcion| funcion.obligatoria() && self.funciones[funcion].is_none())
            .map(Funcion::nombre)
            .collect();
        let motivo = match (&self.a_mano(), &self.error, faltan.as_slice()) {
            (Some(a_mano), _, _) => Some(format!("{A_MANO}: {a_mano}")),
            (None, Some(error), _) => Some(format!("no se pudo cargar: {}", visible(error))),
            (None, None, []) => None,
            (None, None, faltan) => Some(format!("no se encontró {}", faltan.join(" ni "))),
        };
        let avisos = self.al_cargar.iter().map(describir_aviso);
        (motivo
            .into_iter()
            .chain(avisos)
            .chain(self.eleccion.clone()))
        .collect::<Vec<_>>()
        .join("; ")
    }

    /// Its section of the report for `lector`, every line fitted to 80 columns so that
    /// it reads the same in a terminal and in the feedback a student gets, each
    /// continuation indented deeper than its line ([`ajustar_con_sangria`]): no text of
    /// the student's can wrap into a line that looks like a grade.
    fn escribir_texto(&self, lector: Lector, salida: &mut impl Write) -> io::Result<()> {
        let mut texto = Vec::new();
        self.escribir_lineas(lector, &mut texto)?;
        write!(
            salida,
            "{}",
            ajustar_con_sangria(&String::from_utf8_lossy(&texto))
        )
    }

    /// Its section of the report, as long as each line comes: the student's name on a
    /// line of its own (quoted if it starts with a space, so that it cannot pass for a
    /// line of the report), then the file and the grade, so that no path makes it wrap.
    fn escribir_lineas(&self, lector: Lector, salida: &mut impl Write) -> io::Result<()> {
        let nombre = texto::visible(&self.estudiante);
        if nombre.starts_with(' ') || nombre.is_empty() {
            writeln!(salida, "«{nombre}»")?;
        } else {
            writeln!(salida, "{nombre}")?;
        }
        let calificacion = self.calificacion_escrita();
        match self.corto.as_str() {
            "" => writeln!(salida, "  {calificacion}")?,
            corto => writeln!(salida, "  {}: {calificacion}", texto::visible(corto))?,
        }
        if let Some(eleccion) = &self.eleccion {
            writeln!(salida, "  {}", texto::visible(eleccion))?;
        }
        if let Some(falta) = &self.falta {
            return writeln!(salida, "  {falta}");
        }
        if let Some(error) = &self.error {
            return writeln!(salida, "  no se pudo cargar: {}", visible(error));
        }
        for aviso in &self.al_cargar {
            writeln!(salida, "  {}", describir_aviso(aviso))?;
        }
        for linea in self.lineas_de_funciones(lector) {
            writeln!(salida, "  {linea}")?;
        }
        let robustez = self
            .robustez
            .as_ref()
            .map(|informe| (informe, CON_POSICIONES));
        for funcion in Funcion::TODAS {
            if let Some(informe) = &self.funciones[funcion] {
                informe.escribir_fallas(&informe.nombre, salida)?;
                if let (Funcion::Jugar, Some((robustez, como))) = (funcion, robustez) {
                    robustez.escribir_fallas(&format!("{} {como}", informe.nombre), salida)?;
                }
            }
        }
        if let Some(programa) = &self.programa {
            programa.escribir_fallas(salida)?;
        }
        Ok(())
    }

    /// One line per function, as the report, the feedback and the platform's comment
    /// all say it: its right cases of those counted, how the others failed, and the
    /// robustness cases under `jugar`; or that it was not found, and why (for `lector`).
    fn lineas_de_funciones(&self, lector: Lector) -> Vec<String> {
        let mut lineas = Vec::new();
        for funcion in Funcion::TODAS {
            let Some(informe) = &self.funciones[funcion] else {
                lineas.push(self.no_encontrada(funcion, lector));
                continue;
            };
            let mut linea = informe.linea(&informe.nombre);
            if !self.buscados[funcion].contains(&informe.nombre) {
                linea += &format!(" (se usó {} como {})", informe.nombre, funcion.nombre());
            }
            lineas.push(linea);
            if let (Funcion::Jugar, Some(robustez)) = (funcion, &self.robustez) {
                lineas.push(robustez.linea(&format!("{} {CON_POSICIONES}", informe.nombre)));
            }
        }
        lineas.extend(self.programa.as_ref().map(InformePrograma::linea));
        lineas
    }

    /// Its percentage and grade, as its header shows them, and how many cases they
    /// leave out; or that it is to be graded by hand.
    fn calificacion_escrita(&self) -> String {
        let Some(calificacion) = &self.calificacion else {
            return match (&self.falta, &self.programa) {
                (None, Some(_)) => format!("sin nota, {A_MANO}: el programa principal"),
                _ => format!("sin nota, {A_MANO}"),
            };
        };
        let fuera: usize = (self.funciones.iter().flatten())
            .chain(&self.robustez)
            .map(|informe| informe.fuera_de_la_nota)
            .sum();
        let fuera = match fuera {
            0 => String::new(),
            n => format!(
                " (sin contar {} por falta de tiempo)",
                cantidad(
                    n as u64,
                    "caso que no se corrió",
                    "casos que no se corrieron"
                )
            ),
        };
        format!(
            "total {:.1} %, nota {:.1}{fuera}",
            calificacion.porcentaje, calificacion.nota
        )
    }

    /// The line for a function not found, with the names looked for and, as a hint,
    /// the functions the file does define (and, for the teaching assistant, the option
    /// that names it).
    fn no_encontrada(&self, funcion: Funcion, lector: Lector) -> String {
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
            if lector == Lector::Ayudante {
                linea += &format!(
                    "; si tiene otro nombre: --funcion {}=NOMBRE",
                    funcion.clave()
                );
            }
        }
        linea + ")"
    }

    /// Its gradebook row, as [`Resumen::escribir_csv`] heads the columns but the
    /// similar submissions and the seed: right cases of those counted as "812 de 1000"
    /// (a spreadsheet would read "1/1" as a date), numbers with a decimal comma, no
    /// grade when it is to be graded by hand; every text as [`celda`] makes it safe.
    /// `con_programa`: with its program's columns (its percentage, or `revisar`, and
    /// each point's state; empty when it was not run).
    fn fila(&self, con_programa: bool) -> Vec<String> {
        let casos = |informe: Option<&InformeFuncion>| {
            informe.map_or(String::new(), |informe| {
                format!("{} de {}", informe.correctos, informe.contados())
            })
        };
        let mut fila = vec![
            celda(&self.estudiante),
            celda(&self.nombre),
            celda(self.id.as_deref().unwrap_or_default()),
            celda(&self.archivo),
        ];
        fila.push(casos(self.funciones.jugar.as_ref()));
        fila.push(casos(self.robustez.as_ref()));
        for funcion in &Funcion::TODAS[1..] {
            fila.push(casos(self.funciones[*funcion].as_ref()));
        }
        match &self.programa {
            _ if !con_programa => {}
            Some(programa) => {
                fila.push(programa.porcentaje.map_or_else(
                    || "revisar".to_owned(),
                    |porcentaje| decimal(porcentaje, 1, ','),
                ));
                fila.extend(programa.puntos.iter().map(|p| p.estado.nombre().to_owned()));
            }
            None => fila.extend(std::iter::repeat_n(String::new(), 1 + Punto::TODOS.len())),
        }
        match &self.calificacion {
            Some(calificacion) => {
                fila.push(decimal(calificacion.porcentaje, 1, ','));
                fila.push(decimal(calificacion.nota, 1, ','));
            }
            None => fila.extend([String::new(), String::new()]),
        }
        fila.push(celda(&self.motivo()));
        fila
    }

    /// Its grade in one line, for a comment on a platform's grade sheet: the lines of
    /// its functions as the report and the feedback say them, why it could not load
    /// or lacks a required function, and the percentage and the grade. No control
    /// characters, and safe in a spreadsheet ([`celda`]).
    pub(super) fn comentario(&self) -> String {
        let mut partes = self.lineas_de_funciones(Lector::Estudiante);
        if self.falta.is_some() || self.error.is_some() {
            partes.clear();
        }
        let motivo = self.motivo();
        if !motivo.is_empty() {
            partes.push(motivo);
        }
        partes.push(match &self.calificacion {
            Some(calificacion) => format!(
                "total {} %, nota {}",
                decimal(calificacion.porcentaje, 1, ','),
                decimal(calificacion.nota, 1, ',')
            ),
            None => format!("sin nota, {A_MANO}"),
        });
        celda(&partes.join("; "))
    }
}

/// What the report says of a submission with nothing to grade.
const A_MANO: &str = "para calificar a mano";

/// The report of a whole run: the fields of `othello corregir --json` (the orders'
/// envelope adds `orden` and `ok`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resumen {
    semilla: u64,
    /// `--pesos`, as written.
    pesos: String,
    /// `--exigencia`.
    exigencia: u8,
    /// Whether the main programs were played (their weight is not 0): the gradebook
    /// has their columns.
    #[serde(skip)]
    con_programa: bool,
    entregas: Vec<InformeEntrega>,
    /// The feedback files `--informes` replaced, by name: they were there before.
    reemplazados: Vec<String>,
    /// The pairs of submissions that look like the same program, most similar first:
    /// for the teaching assistant to look at, never in a student's feedback nor in a
    /// grade.
    parecidos: Vec<Parecido>,
    /// What filling in the platform's grade sheet did (`--planilla`), or `null`.
    planilla: Option<InformePlanilla>,
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
            con_programa: escala.pesos.programa > 0,
            entregas,
            reemplazados: Vec::new(),
            parecidos: Vec::new(),
            planilla: None,
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
            entrega.escribir_texto(Lector::Ayudante, salida)?;
        }
        let aprobadas = self.entregas.iter().filter(|e| e.aprobada()).count();
        let a_mano = self
            .entregas
            .iter()
            .filter(|e| e.a_mano().is_some())
            .count();
        let sin_cargar = (self.entregas.iter())
            .filter(|e| !e.importa && e.falta.is_none())
            .count();
        let con_fallas = self.entregas.len() - aprobadas - sin_cargar - a_mano;
        let mut no_cargan = cantidad(sin_cargar as u64, "no carga", "no cargan");
        if a_mano > 0 {
            no_cargan += &format!(", {a_mano} {A_MANO}");
        }
        let total = format!(
            "{}: {} todo, {} con fallas, {no_cargan} (semilla {}; pesos {}; 4.0 con el {} %).",
            cantidad(self.entregas.len() as u64, "entrega", "entregas"),
            cantidad(aprobadas as u64, "pasa", "pasan"),
            con_fallas,
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
            let linea = format!("  {}: {}", tipo.nombre(), tipo.significado());
            writeln!(salida, "{}", ajustar(&linea))?;
        }
        let a_mano: Vec<String> = (self.entregas.iter())
            .filter_map(|entrega| {
                let porque = entrega.a_mano()?;
                Some(format!(
                    "{} ({porque})",
                    texto::visible(&entrega.estudiante)
                ))
            })
            .collect();
        if !a_mano.is_empty() {
            let linea = format!(
                "Sin nota, {A_MANO} (su celda queda vacía en la planilla y en el CSV): {}.",
                a_mano.join("; ")
            );
            writeln!(salida, "\n{}", ajustar(&linea))?;
        }
        similitud::escribir_parecidos(&self.parecidos, salida)?;
        if let Some(planilla) = &self.planilla {
            planilla.escribir(salida)?;
        }
        if !self.reemplazados.is_empty() {
            let aviso = format!(
                "Se reemplazaron {} que ya estaban: {}.",
                cantidad(self.reemplazados.len() as u64, "informe", "informes"),
                lista(&self.reemplazados)
            );
            writeln!(salida, "{}", ajustar(&aviso))?;
        }
        Ok(())
    }

    /// The gradebook, one row per submission, as a spreadsheet set to Spanish opens
    /// it (Excel, LibreOffice): UTF-8 with a byte order mark, so that accents are read
    /// right; columns split by `;` and numbers with a decimal comma, as such a
    /// spreadsheet writes and reads them. The columns: the student, the file, each
    /// function's right cases of its cases (`jugar`'s robustness cases apart), when the
    /// programs were played their percentage and each point's state, the percentage,
    /// the grade, why it could not load or lacks a required function, the
    /// submissions it looks like (never part of the grade), and the seed of the cases,
    /// to repeat the run. No grade for a submission to grade by hand; no cell that a
    /// spreadsheet would run (`planilla::celda`).
    ///
    /// # Errors
    ///
    /// Those of `salida`.
    pub fn escribir_csv(&self, mut salida: impl Write) -> csv::Result<()> {
        salida.write_all("\u{feff}".as_bytes())?;
        let mut csv = csv::WriterBuilder::new()
            .delimiter(b';')
            .from_writer(salida);
        let mut cabecera = vec!["estudiante", "nombre", "id", "archivo"];
        cabecera.extend([Funcion::Jugar.nombre(), "robustez"]);
        cabecera.extend(Funcion::TODAS[1..].iter().map(|funcion| funcion.nombre()));
        if self.con_programa {
            cabecera.push("programa");
            cabecera.extend(Punto::TODOS.map(Punto::clave));
        }
        cabecera.extend(["porcentaje", "nota", "motivo", "parecida_a", "semilla"]);
        csv.write_record(&cabecera)?;
        for entrega in &self.entregas {
            let mut fila = entrega.fila(self.con_programa);
            fila.push(celda(&similitud::parecidas_a(
                &self.parecidos,
                &entrega.estudiante,
            )));
            fila.push(self.semilla.to_string());
            csv.write_record(fila)?;
        }
        csv.flush()?;
        Ok(())
    }

    /// The gradebook as [`Resumen::escribir_csv`] writes it, in memory.
    pub(super) fn csv(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        self.escribir_csv(&mut bytes)
            .expect("escribir en memoria no falla");
        bytes
    }

    /// Each student's feedback ([`InformeEntrega::retroalimentacion`]), with the name
    /// of its file, to upload as it is, and beside it the whole games played with
    /// their program ([`InformePrograma::transcripcion`]), when it was run. Two files
    /// never get the same name: a name that would repeat one already given (told apart
    /// from it only by case) gets a number. A submission exported from Moodle gets
    /// them in a folder named as the export named it (what Moodle's "upload multiple
    /// feedback files in a zip" takes back), one from Canvas as files named after the
    /// submitted one (what Canvas's "re-upload submissions" attaches as comments), any
    /// other as `estudiante.txt` and `estudiante-partidas.txt`. `entregas` are the
    /// graded submissions, in the report's order.
    pub(super) fn informes(&self, entregas: &[Entrega]) -> Vec<(String, String)> {
        let mut usados = std::collections::BTreeSet::new();
        let mut libre = |base: String| {
            (1..)
                .map(|vez| match vez {
                    1 => format!("{base}.txt"),
                    vez => format!("{base} {vez}.txt"),
                })
                .find(|nombre| usados.insert(nombre.to_lowercase()))
                .expect("algún número está libre")
        };
        let mut archivos = Vec::new();
        for (informe, entrega) in self.entregas.iter().zip(entregas) {
            let nombre = libre(nombre_del_informe(informe, entrega, RETROALIMENTACION));
            let mut texto = informe.retroalimentacion();
            let partidas = (informe.programa.as_ref())
                .filter(|programa| !programa.transcripcion.is_empty())
                .map(|programa| {
                    let nombre = libre(nombre_del_informe(informe, entrega, PARTIDAS));
                    let solo = nombre.rsplit('/').next().unwrap_or(&nombre).to_owned();
                    texto += &ajustar(&format!(
                        "\nLas partidas completas que se jugaron con tu programa están en \
                         {solo}.\n"
                    ));
                    (nombre, informe.partidas(programa))
                });
            archivos.push((nombre, texto));
            archivos.extend(partidas);
        }
        archivos
    }

    /// Sets the feedback files that replaced ones already there.
    pub(super) fn poner_reemplazados(&mut self, reemplazados: Vec<String>) {
        self.reemplazados = reemplazados;
    }

    /// Sets the pairs of similar submissions found after grading.
    pub(super) fn poner_parecidos(&mut self, parecidos: Vec<Parecido>) {
        self.parecidos = parecidos;
    }

    /// Sets what filling in the platform's grade sheet did.
    pub(super) fn poner_planilla(&mut self, planilla: InformePlanilla) {
        self.planilla = Some(planilla);
    }

    /// The pairs of similar submissions, most similar first.
    pub fn parecidos(&self) -> &[Parecido] {
        &self.parecidos
    }

    /// What filling in the platform's grade sheet did, if one was given.
    pub fn planilla(&self) -> Option<&InformePlanilla> {
        self.planilla.as_ref()
    }
}

impl InformeEntrega {
    /// The feedback a student gets: their section of the report as they read it, and
    /// what each kind of failure in it means, in their words.
    pub fn retroalimentacion(&self) -> String {
        let mut texto = Vec::new();
        self.escribir_texto(Lector::Estudiante, &mut texto)
            .expect("escribir en memoria no falla");
        let mut texto = String::from_utf8_lossy(&texto).into_owned();
        let tipos: Vec<Tipo> = (Tipo::TODOS.into_iter())
            .filter(|tipo| {
                (self.funciones.iter().flatten())
                    .chain(&self.robustez)
                    .any(|informe| informe.por_tipo.contains_key(tipo))
            })
            .collect();
        if !tipos.is_empty() {
            texto += "\nQué significa cada tipo de falla:\n";
            for tipo in tipos {
                let linea = format!("  {}\n    {}", tipo.nombre(), para_el_estudiante(tipo));
                texto += &ajustar(&linea);
                texto.push('\n');
            }
        }
        if self.programa.is_some() {
            texto += &ajustar(&format!(
                "\nCómo se corrigió el programa principal: se corrió tu archivo como programa y \
                 se jugaron con él {} partidas fijas, contestando cada input() como lo haría \
                 un jugador; cada punto de la tarea se revisó en lo que tu programa mostró. \
                 En los extractos, lo que termina en «{}» es lo que escribió el corrector; \
                 entre corchetes, cómo terminó el programa.",
                GUIONES.len(),
                ESCRITO.trim()
            ));
            texto.push('\n');
        }
        texto
    }

    /// The file of the games played with its program: what it is, then each game as a
    /// terminal would have shown it.
    fn partidas(&self, programa: &InformePrograma) -> String {
        let cabecera = format!(
            "Partidas jugadas con el programa principal de {} ({}). Lo que termina en «{}» \
             es lo que escribió el corrector; entre corchetes, cómo terminó el programa.",
            texto::visible(&self.estudiante),
            texto::visible(&self.corto),
            ESCRITO.trim()
        );
        format!("{}\n\n{}", ajustar(&cabecera), programa.transcripcion)
    }
}

/// What a kind of failure means, told to the student whose code failed so.
fn para_el_estudiante(tipo: Tipo) -> &'static str {
    match tipo {
        Tipo::Resultado => {
            "tu función devolvió un valor distinto del correcto (True en vez de False, \
             otra cantidad de fichas, otro tablero al cargar)"
        }
        Tipo::Tablero => {
            "después de la llamada, el tablero (la lista de listas) no quedó como debía: \
             faltó o sobró voltear fichas, cambió con una jugada inválida, o la función \
             trabajó sobre una copia"
        }
        Tipo::Archivo => {
            "el archivo que guardó tu función no tiene el tablero en el formato de la \
             tarea (8 líneas de 8 casillas separadas por comas)"
        }
        Tipo::Excepcion => {
            "tu código se detuvo con un error de Python; el ejemplo dice cuál y en qué \
             línea"
        }
        Tipo::Tiempo => {
            "la llamada no terminó a tiempo: lo más probable es un ciclo que no termina"
        }
        Tipo::Memoria => {
            "tu código se quedó sin memoria: una lista o una recursión que crece sin fin"
        }
        Tipo::Salida => {
            "tu código terminó el programa (exit() o quit()) en vez de devolver un valor"
        }
        Tipo::Protocolo => {
            "tu código escribió en el canal privado del corrector algo que no es una \
             respuesta, y el proceso se detuvo"
        }
        Tipo::SinCorrer => {
            "no se alcanzó a probar, porque antes tu código se quedó pegado o terminó el \
             programa varias veces, o no alcanzó a correr la muestra de casos en el tiempo \
             que pueden tardar sus llamadas"
        }
    }
}

/// The name of the file `que` ([`RETROALIMENTACION`] or [`PARTIDAS`]) of `informe`,
/// graded from `entrega`, inside the folder or zip of feedback, without `.txt`: see
/// [`Resumen::informes`].
fn nombre_del_informe(informe: &InformeEntrega, entrega: &Entrega, que: &str) -> String {
    match &entrega.participante {
        Some(participante) => participante.archivo_de(que),
        None if que == RETROALIMENTACION => sin_barras(&informe.estudiante),
        None => format!("{}-{que}", sin_barras(&informe.estudiante)),
    }
}

/// What a feedback file for a platform is called, before `.txt`.
const RETROALIMENTACION: &str = "retroalimentacion";

/// What the file of the games played with a program is called, before `.txt`.
const PARTIDAS: &str = "partidas";

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

    #[test]
    fn el_encabezado_no_depende_del_largo_del_camino() {
        // #48: "ana_perez (/a long path/…/tarea2.py)" wrapped inside the name.
        let camino = format!("/{}/curso/ana perez/tarea2.py", "carpeta larga/".repeat(10));
        let mut entrega = Entrega::de_archivo(camino.into());
        entrega.estudiante = "Ana María de los Ángeles Pérez Rojas".into();
        entrega.corto = "tarea2.py".into();
        let informe = InformeEntrega::no_importa(&entrega, "línea 1: error".into());
        let mut texto = Vec::new();
        Resumen::nuevo(2015, &Escala::default(), vec![informe])
            .escribir_texto(&mut texto)
            .unwrap();
        let texto = String::from_utf8(texto).unwrap();
        assert!(
            texto.starts_with(
                "Ana María de los Ángeles Pérez Rojas\n  tarea2.py: total 0.0 %, nota 1.0\n"
            ),
            "{texto}"
        );
    }
}
