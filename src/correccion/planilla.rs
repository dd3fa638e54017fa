//! The course platform's own grade sheet, filled in (`--planilla`): Moodle's grading
//! worksheet and Canvas's gradebook export, each as the platform writes it and reads
//! it back.
//!
//! Moodle's importer (`mod/assign/feedback/offline/importgradeslib.php`) finds its
//! columns by their headers in the course's language: the identifier (`Participante
//! 204511`), the grade, the last modification of the grade (a row whose grade changed
//! on the platform after the export is skipped) and the feedback comments; it reads
//! the grade with the course's decimal separator. Canvas's importer matches rows by
//! its `ID` column and takes each assignment's column (`Tarea 2 (123456)`) with the
//! points on its `Points Possible` row; it takes no comments. Everything else of the
//! sheet is written back as it came: the same separator, quotes and byte order mark.

use std::{
    collections::{BTreeMap, BTreeSet},
    io,
    path::{Path, PathBuf},
};

use serde::Serialize;

use super::{
    error::ErrorPlanilla,
    nota::{Calificacion, decimal},
    plataforma::{Participante, Plataforma, cabeceras},
};
use crate::renglones::ajustar;
use othello::{
    disco,
    texto::{cantidad, ruta_visible, visible},
};

/// A text as a spreadsheet cell shows it without acting on it: its control characters
/// written as escapes ([`texto::visible`]), and a `'` before a text that starts with
/// `=`, `+`, `-` or `@` (or a tab or a line break before them), which a spreadsheet
/// would take for a formula (OWASP's advice for CSV): a student's folder named
/// `=HYPERLINK(…)` stays a name.
pub(super) fn celda(texto: &str) -> String {
    let visible = visible(texto);
    if visible.starts_with(['=', '+', '-', '@']) || texto.starts_with(['\t', '\r', '\n']) {
        format!("'{visible}")
    } else {
        visible
    }
}

/// The largest grade sheet read: a course of thousands of students takes a few MiB.
const LIMITE_PLANILLA: u64 = 64 * 1024 * 1024;

/// A graded submission, as the sheet needs it.
#[derive(Clone, Debug)]
pub(super) struct Calificada {
    /// The student, as the report names them.
    pub estudiante: String,
    /// Who they are on the platform, when their folder's or file's name said it.
    pub participante: Option<Participante>,
    /// The grade; `None` to grade by hand, and then the row is left as it is.
    pub calificacion: Option<Calificacion>,
    /// Why there is no grade, for the list of those to grade by hand.
    pub motivo: String,
    /// Their grade in one line.
    pub comentario: String,
}

/// What filling in the sheet did: the fields of `planilla` in the JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InformePlanilla {
    /// The sheet given, as named.
    pub original: String,
    /// The filled copy, beside it.
    pub archivo: String,
    /// Whether a filled copy was there already, and was replaced.
    pub reemplazada: bool,
    /// `moodle` or `canvas`.
    pub plataforma: &'static str,
    /// The grade's column, as headed.
    pub columna: String,
    /// The maximum grade used, and where it came from (`planilla` or `opcion`).
    pub maximo: String,
    /// How many rows got a grade.
    pub llenadas: usize,
    /// Whether the rows got a comment too (Canvas's sheet takes none).
    pub comentarios: bool,
    /// The students graded who have no row, with why.
    pub sin_fila: Vec<String>,
    /// The rows without a submission graded: the name and the platform's number.
    pub sin_entrega: Vec<String>,
    /// The students whose row was left empty, to grade by hand, with why.
    pub a_mano: Vec<String>,
}

impl InformePlanilla {
    /// Its section of the report, after the summary.
    ///
    /// # Errors
    ///
    /// Those of `salida`.
    pub(super) fn escribir(&self, salida: &mut impl io::Write) -> io::Result<()> {
        let plataforma = match self.plataforma {
            "moodle" => "Moodle",
            _ => "Canvas",
        };
        let comentarios = if self.comentarios {
            ", con un comentario"
        } else {
            " (Canvas no toma comentarios en su planilla)"
        };
        let reemplazada = if self.reemplazada {
            " (reemplazó la que había)"
        } else {
            ""
        };
        let linea = format!(
            "Planilla de {plataforma}: {} en «{}»{reemplazada}, columna «{}», sobre {}{comentarios}.",
            cantidad(self.llenadas as u64, "fila llenada", "filas llenadas"),
            self.archivo,
            visible(&self.columna),
            self.maximo,
        );
        writeln!(salida, "\n{}", ajustar(&linea))?;
        for (titulo, nombres) in [
            ("Corregidos sin fila en la planilla", &self.sin_fila),
            ("Filas sin entrega", &self.sin_entrega),
            (
                "Sin nota en la planilla, para calificar a mano",
                &self.a_mano,
            ),
        ] {
            if !nombres.is_empty() {
                let linea = format!("  {titulo}: {}.", nombres.join("; "));
                writeln!(salida, "{}", ajustar(&linea))?;
            }
        }
        Ok(())
    }
}

/// A sheet as read: its rows, each with the text it came as, to write back as it came
/// every cell that is not filled in.
struct Hoja {
    bom: bool,
    separador: u8,
    filas: Vec<Vec<String>>,
    /// Each row's text, its line break included.
    crudas: Vec<String>,
    /// The cells filled in, by row and column, with their new values.
    cambiadas: BTreeMap<usize, BTreeMap<usize, String>>,
}

impl Hoja {
    fn leer(bytes: &[u8], ruta: &Path) -> Result<Hoja, ErrorPlanilla> {
        let texto = std::str::from_utf8(bytes).map_err(|_| ErrorPlanilla::NoEsUtf8(ruta.into()))?;
        let (bom, texto) = match texto.strip_prefix('\u{feff}') {
            Some(resto) => (true, resto),
            None => (false, texto),
        };
        let primera = texto.lines().next().unwrap_or_default();
        let separador = [b',', b';', b'\t']
            .into_iter()
            .max_by_key(|&s| fuera_de_comillas(primera, s))
            .unwrap_or(b',');
        let mut lector = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .delimiter(separador)
            .from_reader(texto.as_bytes());
        let mut filas = Vec::new();
        let mut inicios = Vec::new();
        for fila in lector.records() {
            let fila = fila.map_err(|error| ErrorPlanilla::NoEsCsv {
                ruta: ruta.into(),
                causa: error.to_string(),
            })?;
            // The reader's record may start at the `\n` of the `\r\n` before it.
            let mut inicio = fila.position().map_or(0, |p| p.byte() as usize);
            while matches!(texto.as_bytes().get(inicio), Some(b'\r' | b'\n')) {
                inicio += 1;
            }
            inicios.push(inicio);
            filas.push(fila.iter().map(str::to_owned).collect());
        }
        // Nothing before the first row is lost, a blank line either.
        if let Some(primero) = inicios.first_mut() {
            *primero = 0;
        }
        let finales = inicios.iter().skip(1).copied().chain([texto.len()]);
        let crudas = (inicios.iter().zip(finales))
            .map(|(&inicio, fin)| texto.get(inicio..fin).unwrap_or_default().to_owned())
            .collect();
        Ok(Hoja {
            bom,
            separador,
            filas,
            crudas,
            cambiadas: BTreeMap::new(),
        })
    }

    /// The sheet as text: in the rows filled in, each cell filled written as the
    /// platforms write theirs (quoted when it has a space, the separator, a quote or a
    /// line break) and every other cell byte for byte as it came, with the row's line
    /// break; the other rows as they came.
    fn escribir(&self) -> Vec<u8> {
        let mut texto = String::new();
        if self.bom {
            texto.push('\u{feff}');
        }
        let separador = char::from(self.separador);
        for (i, cruda) in self.crudas.iter().enumerate() {
            let Some(cambios) = self.cambiadas.get(&i) else {
                texto += cruda;
                continue;
            };
            let cuerpo = cruda.trim_end_matches(['\r', '\n']);
            let mut campos: Vec<String> = campos_crudos(cuerpo, separador)
                .into_iter()
                .map(str::to_owned)
                .collect();
            for (&columna, valor) in cambios {
                if columna >= campos.len() {
                    campos.resize(columna + 1, String::new());
                }
                campos[columna] = citar(valor, separador);
            }
            texto += &campos.join(&separador.to_string());
            texto += &cruda[cuerpo.len()..];
        }
        texto.into_bytes()
    }

    /// The column headed by one of `nombres`.
    fn columna(&self, nombres: &[&str]) -> Option<usize> {
        let cabecera = self.filas.first()?;
        cabecera.iter().position(|titulo| {
            let titulo = titulo.trim();
            (nombres.iter()).any(|nombre| titulo.to_lowercase() == nombre.to_lowercase())
        })
    }

    /// Puts `valor` in column `columna` of row `fila`.
    fn poner(&mut self, fila: usize, columna: usize, valor: String) {
        self.cambiadas
            .entry(fila)
            .or_default()
            .insert(columna, valor);
    }
}

/// The fields of a row as written, quotes and all, split at `separador` outside
/// quotes.
fn campos_crudos(fila: &str, separador: char) -> Vec<&str> {
    let mut campos = Vec::new();
    let (mut dentro, mut inicio) = (false, 0);
    for (i, c) in fila.char_indices() {
        if c == '"' {
            dentro = !dentro;
        } else if c == separador && !dentro {
            campos.push(&fila[inicio..i]);
            inicio = i + c.len_utf8();
        }
    }
    campos.push(&fila[inicio..]);
    campos
}

/// A cell as PHP's `fputcsv` writes it, which Moodle uses: in quotes when it has a
/// space, the separator, a quote or a line break.
fn citar(celda: &str, separador: char) -> String {
    if celda.contains([separador, '"', ' ', '\t', '\r', '\n']) {
        format!("\"{}\"", celda.replace('"', "\"\""))
    } else {
        celda.to_owned()
    }
}

/// How many times `separador` is in `linea` outside double quotes.
fn fuera_de_comillas(linea: &str, separador: u8) -> usize {
    let mut dentro = false;
    let mut cuenta = 0;
    for byte in linea.bytes() {
        if byte == b'"' {
            dentro = !dentro;
        } else if byte == separador && !dentro {
            cuenta += 1;
        }
    }
    cuenta
}

/// Where the filled copy of the sheet at `ruta` goes: beside it, `-con-notas` added
/// to its name.
pub(super) fn ruta_de_la_copia(ruta: &Path) -> PathBuf {
    let nombre = ruta.file_stem().unwrap_or_default().to_string_lossy();
    let extension = ruta
        .extension()
        .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    ruta.with_file_name(format!("{nombre}-con-notas{extension}"))
}

/// The grade's maximum: each row's (Moodle's column) or the assignment's, and where
/// it came from.
#[derive(Clone, Debug)]
enum Maximo {
    /// Each row's, in the column numbered so.
    PorFila(usize),
    /// One for all, with the decimal separator to write it with: from the sheet (the
    /// points row of Canvas) or, when the sheet does not say it, `--nota-maxima`.
    Uno {
        maximo: f64,
        coma: char,
        de_la_opcion: bool,
    },
}

/// Which platform's sheet, and its columns.
#[derive(Clone, Debug)]
enum Forma {
    /// Moodle's grading worksheet.
    Moodle {
        identificador: usize,
        calificacion: usize,
        nombre: Option<usize>,
        comentarios: Option<usize>,
        maximo: Maximo,
    },
    /// Canvas's gradebook.
    Canvas {
        estudiante: usize,
        id: usize,
        columna: usize,
        maximo: Maximo,
    },
}

/// The platform's grade sheet, read once before grading: what it is and where the
/// grades go, so that a sheet that cannot be filled is said before anyone is graded.
pub(super) struct Planilla {
    ruta: PathBuf,
    hoja: Hoja,
    forma: Forma,
}

impl Planilla {
    /// Reads the sheet at `ruta` (at most [`LIMITE_PLANILLA`]) and finds its columns:
    /// `tarea` chooses Canvas's assignment column; `maximo` is the grade's maximum when
    /// the sheet does not say it.
    ///
    /// # Errors
    ///
    /// [`ErrorPlanilla`] if the sheet cannot be read, is no platform's, or lacks what
    /// is needed to fill it.
    pub(super) fn leer(
        ruta: &Path,
        tarea: Option<&str>,
        maximo: Option<f64>,
    ) -> Result<Planilla, ErrorPlanilla> {
        let bytes = disco::leer_con_limite(ruta, LIMITE_PLANILLA).map_err(|causa| {
            ErrorPlanilla::Lectura {
                ruta: ruta.into(),
                causa,
            }
        })?;
        let hoja = Hoja::leer(&bytes, ruta)?;
        let forma = match Plataforma::de_la_hoja(|cabecera| hoja.columna(cabecera).is_some()) {
            Some(Plataforma::Moodle) => forma_de_moodle(&hoja, ruta, maximo)?,
            Some(Plataforma::Canvas) => forma_de_canvas(&hoja, ruta, tarea, maximo)?,
            None => return Err(ErrorPlanilla::Desconocida(ruta.into())),
        };
        Ok(Planilla {
            ruta: ruta.to_owned(),
            hoja,
            forma,
        })
    }

    /// Where the sheet is.
    pub(super) fn ruta(&self) -> &Path {
        &self.ruta
    }

    /// Fills in `calificadas`, matched by the platform's number: the bytes of the filled
    /// copy, for [`ruta_de_la_copia`], and what it did. A submission to grade by hand
    /// leaves its row as it is.
    pub(super) fn llenar(mut self, calificadas: &[Calificada]) -> (Vec<u8>, InformePlanilla) {
        let copia = ruta_de_la_copia(&self.ruta);
        let mut informe = match self.forma.clone() {
            Forma::Moodle {
                identificador,
                calificacion,
                nombre,
                comentarios,
                maximo,
            } => {
                let mut informe = llenar(
                    &mut self.hoja,
                    calificadas,
                    Plataforma::Moodle,
                    |fila| numero_final(fila.get(identificador)?),
                    |fila, _| {
                        let quien = nombre.and_then(|n| fila.get(n)).map_or("", String::as_str);
                        let celda = fila.get(identificador).map_or("", String::as_str);
                        format!("{} ({})", visible(quien), visible(celda))
                    },
                    (calificacion, comentarios, &maximo),
                );
                informe.plataforma = "moodle";
                informe
            }
            Forma::Canvas {
                estudiante,
                id,
                columna,
                maximo,
            } => {
                let mut informe = llenar(
                    &mut self.hoja,
                    calificadas,
                    Plataforma::Canvas,
                    |fila| {
                        let numero = fila.get(id)?.trim();
                        // The points row and the posting policy's have no user.
                        (!numero.is_empty() && numero.bytes().all(|b| b.is_ascii_digit()))
                            .then(|| numero.to_owned())
                    },
                    |fila, numero| {
                        let quien = fila.get(estudiante).map_or("", String::as_str);
                        format!("{} (ID {numero})", visible(quien))
                    },
                    (columna, None, &maximo),
                );
                informe.plataforma = "canvas";
                informe
            }
        };
        informe.original = ruta_visible(&self.ruta);
        informe.archivo = ruta_visible(&copia);
        informe.reemplazada = std::fs::symlink_metadata(&copia).is_ok();
        (self.hoja.escribir(), informe)
    }
}

/// Moodle's columns in `hoja` (the sheet at `ruta`), and its maximum grade: each
/// row's, or `maximo` where the sheet has no such column.
fn forma_de_moodle(hoja: &Hoja, ruta: &Path, maximo: Option<f64>) -> Result<Forma, ErrorPlanilla> {
    let falta = |nombres: &[&str]| ErrorPlanilla::FaltaColumna {
        ruta: ruta.into(),
        columna: nombres.join("» o «"),
    };
    let identificador = hoja
        .columna(cabeceras::IDENTIFICADOR)
        .ok_or_else(|| falta(cabeceras::IDENTIFICADOR))?;
    let calificacion = hoja
        .columna(cabeceras::CALIFICACION)
        .ok_or_else(|| falta(cabeceras::CALIFICACION))?;
    hoja.columna(cabeceras::MODIFICADA)
        .ok_or_else(|| falta(cabeceras::MODIFICADA))?;
    let maximo = match (hoja.columna(cabeceras::MAXIMA), maximo) {
        (_, Some(maximo)) => Maximo::Uno {
            maximo,
            coma: ',',
            de_la_opcion: true,
        },
        (Some(columna), None) => {
            // Every row with a student must say it.
            let sin = (hoja.filas.iter().skip(1)).find(|fila| {
                fila.get(identificador)
                    .is_some_and(|celda| !numero_final(celda).unwrap_or_default().is_empty())
                    && fila.get(columna).and_then(|celda| numero(celda)).is_none()
            });
            if let Some(fila) = sin {
                return Err(ErrorPlanilla::SinMaximo {
                    ruta: ruta.into(),
                    donde: format!(
                        "la fila de «{}» no tiene «{}»",
                        visible(&fila[identificador]),
                        visible(&hoja.filas[0][columna])
                    ),
                });
            }
            Maximo::PorFila(columna)
        }
        (None, None) => {
            return Err(ErrorPlanilla::SinMaximo {
                ruta: ruta.into(),
                donde: format!("le falta la columna «{}»", cabeceras::MAXIMA.join("» o «")),
            });
        }
    };
    Ok(Forma::Moodle {
        identificador,
        calificacion,
        nombre: hoja.columna(cabeceras::NOMBRE),
        comentarios: hoja.columna(cabeceras::COMENTARIOS),
        maximo,
    })
}

/// Canvas's columns in `hoja` (the sheet at `ruta`): the assignment's, chosen by
/// `tarea` if there are several, and its points, or `maximo`.
fn forma_de_canvas(
    hoja: &Hoja,
    ruta: &Path,
    tarea: Option<&str>,
    maximo: Option<f64>,
) -> Result<Forma, ErrorPlanilla> {
    let estudiante = hoja.columna(cabeceras::ESTUDIANTE).unwrap_or(0);
    let id = hoja.columna(cabeceras::ID).unwrap_or(1);
    let columna = columna_de_canvas(&hoja.filas[0], tarea)?;
    let puntos = hoja.filas.iter().find(|fila| {
        fila.get(estudiante).is_some_and(|celda| {
            cabeceras::PUNTOS
                .iter()
                .any(|p| celda.trim().eq_ignore_ascii_case(p))
        })
    });
    let maximo = match (puntos.and_then(|fila| numero(fila.get(columna)?)), maximo) {
        (_, Some(maximo)) => Maximo::Uno {
            maximo,
            coma: '.',
            de_la_opcion: true,
        },
        (Some((maximo, coma)), None) => Maximo::Uno {
            maximo,
            coma,
            de_la_opcion: false,
        },
        (None, None) => {
            return Err(ErrorPlanilla::SinMaximo {
                ruta: ruta.into(),
                donde: format!(
                    "no tiene la fila «{}» con los puntos de «{}»",
                    cabeceras::PUNTOS[0],
                    visible(&hoja.filas[0][columna])
                ),
            });
        }
    };
    Ok(Forma::Canvas {
        estudiante,
        id,
        columna,
        maximo,
    })
}

/// The assignment's column of Canvas's headers `cabecera`, chosen by `tarea`: a header
/// it names whole, or the number in its parentheses, or else the only one that has it
/// as a part.
fn columna_de_canvas(cabecera: &[String], tarea: Option<&str>) -> Result<usize, ErrorPlanilla> {
    let tareas: Vec<(usize, &String)> = (cabecera.iter().enumerate())
        .filter(|(_, titulo)| es_tarea_de_canvas(titulo))
        .collect();
    let nombres = |cuales: &[(usize, &String)]| {
        let nombres: Vec<String> = (cuales.iter())
            .map(|(_, titulo)| format!("«{}»", visible(titulo)))
            .collect();
        nombres.join(", ")
    };
    if tareas.is_empty() {
        return Err(ErrorPlanilla::Columna(
            "la planilla de Canvas no tiene columnas de tareas («Nombre (número)»)".into(),
        ));
    }
    let Some(tarea) = tarea else {
        return match tareas.as_slice() {
            [(columna, _)] => Ok(*columna),
            _ => Err(ErrorPlanilla::Columna(format!(
                "la planilla de Canvas tiene varias tareas: elija una con --tarea y su \
                 nombre, una parte de él o su número: {}",
                nombres(&tareas)
            ))),
        };
    };
    let buscada = tarea.trim().to_lowercase();
    let exactas: Vec<(usize, &String)> = (tareas.iter().copied())
        .filter(|(_, titulo)| {
            let titulo = titulo.trim().to_lowercase();
            let numero = (titulo.rsplit_once(" ("))
                .map(|(_, numero)| numero.trim_end_matches(')').to_owned());
            titulo == buscada || numero.as_deref() == Some(buscada.as_str())
        })
        .collect();
    let partes: Vec<(usize, &String)> = (tareas.iter().copied())
        .filter(|(_, titulo)| titulo.to_lowercase().contains(&buscada))
        .collect();
    match (exactas.as_slice(), partes.as_slice()) {
        ([(columna, _)], _) | ([], [(columna, _)]) => Ok(*columna),
        ([], []) => Err(ErrorPlanilla::Columna(format!(
            "ninguna tarea de la planilla de Canvas se llama como «{}»: hay {}",
            visible(tarea),
            nombres(&tareas)
        ))),
        (_, varias) => Err(ErrorPlanilla::Columna(format!(
            "«{}» está en varias tareas de la planilla de Canvas: {}; elija una con \
             --tarea y su nombre completo o su número (el de los paréntesis)",
            visible(tarea),
            nombres(if exactas.len() > 1 { &exactas } else { varias })
        ))),
    }
}

/// Fills in the column `calificacion` (and `comentarios`, if given) of `hoja`, a
/// sheet of `plataforma` whose rows say their student's number by `numero` and name
/// them by `quien`, with `calificadas` on the grade's `maximo`.
fn llenar(
    hoja: &mut Hoja,
    calificadas: &[Calificada],
    plataforma: Plataforma,
    numero: impl Fn(&[String]) -> Option<String>,
    quien: impl Fn(&[String], &str) -> String,
    (calificacion, comentarios, maximo): (usize, Option<usize>, &Maximo),
) -> InformePlanilla {
    let (por_numero, mut sin_fila) = por_numero(calificadas, plataforma);
    let mut vistos = BTreeSet::new();
    let mut sin_entrega = Vec::new();
    let mut a_mano = Vec::new();
    let mut llenadas = 0;
    for i in 1..hoja.filas.len() {
        let fila = &hoja.filas[i];
        let Some(id) = numero(fila).filter(|id| !id.is_empty()) else {
            continue;
        };
        let Some(calificada) = por_numero.get(id.as_str()) else {
            sin_entrega.push(quien(fila, &id));
            continue;
        };
        vistos.insert(id);
        let Some(nota) = &calificada.calificacion else {
            a_mano.push(format!(
                "{} ({})",
                visible(&calificada.estudiante),
                calificada.motivo
            ));
            continue;
        };
        let (maximo_de_la_fila, coma) = match maximo {
            Maximo::PorFila(columna) => fila
                .get(*columna)
                .and_then(|celda| self::numero(celda))
                .unwrap_or((100.0, '.')),
            Maximo::Uno { maximo, coma, .. } => (*maximo, *coma),
        };
        hoja.poner(
            i,
            calificacion,
            escribir_valor(valor(nota, maximo_de_la_fila), coma),
        );
        if let Some(columna) = comentarios {
            hoja.poner(i, columna, escapar_html(&calificada.comentario));
        }
        llenadas += 1;
    }
    sin_fila.extend(
        (por_numero.iter())
            .filter(|(id, _)| !vistos.contains(**id))
            .map(|(id, calificada)| {
                let numero = plataforma.numerado(id);
                format!("{} ({numero})", visible(&calificada.estudiante))
            }),
    );
    InformePlanilla {
        original: String::new(),
        archivo: String::new(),
        reemplazada: false,
        plataforma: "",
        columna: hoja.filas[0][calificacion].clone(),
        maximo: match maximo {
            Maximo::PorFila(columna) => format!("la «{}» de cada fila", hoja.filas[0][*columna]),
            Maximo::Uno {
                maximo,
                de_la_opcion,
                ..
            } => format!(
                "{}{}",
                decimal(*maximo, 2, ','),
                if *de_la_opcion {
                    " (--nota-maxima)"
                } else {
                    ""
                }
            ),
        },
        llenadas,
        comentarios: comentarios.is_some(),
        sin_fila,
        sin_entrega,
        a_mano,
    }
}

/// Writes the filled copy beside the sheet.
///
/// # Errors
///
/// The system's.
pub(super) fn guardar(ruta: &Path, bytes: &[u8]) -> Result<(), ErrorPlanilla> {
    disco::guardar_bytes(bytes, ruta_de_la_copia(ruta)).map_err(ErrorPlanilla::Escritura)
}

/// The graded submissions of `plataforma` by the platform's number, and the others
/// as the report lists them among the students without a row.
fn por_numero(
    calificadas: &[Calificada],
    plataforma: Plataforma,
) -> (BTreeMap<&str, &Calificada>, Vec<String>) {
    let mut por_numero = BTreeMap::new();
    let mut sin_numero = Vec::new();
    for calificada in calificadas {
        match &calificada.participante {
            Some(participante) if participante.plataforma == plataforma => {
                if por_numero
                    .insert(participante.id.as_str(), calificada)
                    .is_some()
                {
                    sin_numero.push(format!(
                        "{} (su número, {}, ya lo tiene otra entrega)",
                        visible(&calificada.estudiante),
                        participante.id
                    ));
                }
            }
            Some(_) => sin_numero.push(format!(
                "{} (exportada de otra plataforma)",
                visible(&calificada.estudiante)
            )),
            None => sin_numero.push(format!(
                "{} (su carpeta no trae el número de la plataforma)",
                visible(&calificada.estudiante)
            )),
        }
    }
    (por_numero, sin_numero)
}

/// The grade to write on a sheet whose maximum is `maximo`: the 1.0-7.0 grade on a
/// sheet out of 7, the percentage scaled to any other maximum.
fn valor(calificacion: &Calificacion, maximo: f64) -> f64 {
    if (maximo - 7.0).abs() < 1e-9 {
        calificacion.nota
    } else {
        calificacion.porcentaje * maximo / 100.0
    }
}

/// A number as a sheet writes it, with `,` or `.`: the maximum grade's.
fn numero(texto: &str) -> Option<(f64, char)> {
    let texto = texto.trim();
    let coma = if texto.contains(',') { ',' } else { '.' };
    let numero = texto.replace(',', ".").parse::<f64>().ok()?;
    Some((numero, coma))
}

/// `valor` with two decimals after `coma`, as the platforms export grades.
fn escribir_valor(valor: f64, coma: char) -> String {
    decimal(valor, 2, coma)
}

/// The number at the end of Moodle's identifier: `Participante 204511` → `204511`.
fn numero_final(celda: &str) -> Option<String> {
    let celda = celda.trim();
    let inicio = celda
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit())
        .last()
        .map_or(celda.len(), |(i, _)| i);
    Some(celda[inicio..].to_owned())
}

/// Moodle shows feedback comments as HTML: `<`, `>` and `&` written as entities show
/// as themselves. And safe in a spreadsheet ([`celda`]).
fn escapar_html(texto: &str) -> String {
    celda(texto)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Whether a header is an assignment's in Canvas's export: its name and its number,
/// `Tarea 2 (123456)`.
fn es_tarea_de_canvas(titulo: &str) -> bool {
    titulo
        .trim_end()
        .strip_suffix(')')
        .and_then(|resto| resto.rsplit_once(" ("))
        .is_some_and(|(nombre, numero)| {
            !nombre.is_empty() && !numero.is_empty() && numero.bytes().all(|b| b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn el_numero_del_participante_es_el_final_del_identificador() {
        assert_eq!(numero_final("Participante 204511").unwrap(), "204511");
        assert_eq!(numero_final("Participant 7").unwrap(), "7");
        assert_eq!(numero_final("Participante").unwrap(), "");
    }

    #[test]
    fn una_fila_llenada_conserva_cada_celda_que_no_cambia() {
        let texto = "Student,ID,Section,Tarea 2 (7)\r\n    Points Possible,,,7.00\r\n\
                     \"Muñoz, José\",12345,IIC1103-3,\r\n";
        let mut hoja = Hoja::leer(texto.as_bytes(), Path::new("p.csv")).unwrap();
        hoja.poner(2, 3, "6.50".into());
        assert_eq!(
            String::from_utf8(hoja.escribir()).unwrap(),
            texto.replace("IIC1103-3,\r\n", "IIC1103-3,6.50\r\n")
        );
    }

    #[test]
    fn la_tarea_se_elige_por_su_nombre_completo_o_su_numero() {
        let cabecera: Vec<String> = ["Student", "ID", "Avance 1 Tarea 2 (11)", "Tarea 2 (22)"]
            .map(String::from)
            .into();
        assert_eq!(
            columna_de_canvas(&cabecera, Some("tarea 2 (22)")).unwrap(),
            3
        );
        assert_eq!(columna_de_canvas(&cabecera, Some("22")).unwrap(), 3);
        assert_eq!(columna_de_canvas(&cabecera, Some("Avance")).unwrap(), 2);
        let error = columna_de_canvas(&cabecera, Some("Tarea 2"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("«Avance 1 Tarea 2 (11)», «Tarea 2 (22)»") && error.contains("número"),
            "{error}"
        );
    }

    #[test]
    fn una_tarea_de_canvas_lleva_su_numero() {
        assert!(es_tarea_de_canvas("Tarea 2: Othello (123456)"));
        assert!(!es_tarea_de_canvas("Current Score"));
        assert!(!es_tarea_de_canvas("Tareas Current Score"));
        assert!(!es_tarea_de_canvas("(123)"));
    }

    #[test]
    fn la_copia_va_al_lado() {
        assert_eq!(
            ruta_de_la_copia(Path::new("d/Hoja-Tarea 2.csv")),
            Path::new("d/Hoja-Tarea 2-con-notas.csv")
        );
    }
}
