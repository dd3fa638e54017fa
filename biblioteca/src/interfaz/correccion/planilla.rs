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
    entrega::{Participante, Plataforma},
    error::ErrorPlanilla,
    nota::decimal,
};
use crate::{
    disco,
    interfaz::renglones::ajustar,
    texto::{cantidad, ruta_visible, visible},
};

/// A graded submission, as the sheet needs it.
#[derive(Clone, Debug)]
pub(super) struct Calificada {
    /// The student, as the report names them.
    pub estudiante: String,
    /// Who they are on the platform, when their folder's or file's name said it.
    pub participante: Option<Participante>,
    /// From 0 to 100.
    pub porcentaje: f64,
    /// From 1.0 to 7.0.
    pub nota: f64,
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
    /// `moodle` or `canvas`.
    pub plataforma: &'static str,
    /// The grade's column, as headed.
    pub columna: String,
    /// How many rows got a grade.
    pub llenadas: usize,
    /// Whether the rows got a comment too (Canvas's sheet takes none).
    pub comentarios: bool,
    /// The students graded who have no row, with why.
    pub sin_fila: Vec<String>,
    /// The rows without a submission graded: the name and the platform's number.
    pub sin_entrega: Vec<String>,
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
        let linea = format!(
            "Planilla de {plataforma}: {} en «{}», columna «{}»{comentarios}.",
            cantidad(self.llenadas as u64, "fila llenada", "filas llenadas"),
            self.archivo,
            visible(&self.columna),
        );
        writeln!(salida, "\n{}", ajustar(&linea))?;
        for (titulo, nombres) in [
            ("Corregidos sin fila en la planilla", &self.sin_fila),
            ("Filas sin entrega", &self.sin_entrega),
        ] {
            if !nombres.is_empty() {
                let linea = format!("  {titulo}: {}.", nombres.join("; "));
                writeln!(salida, "{}", ajustar(&linea))?;
            }
        }
        Ok(())
    }
}

/// The headers each column goes by, in English and Spanish as the platforms write
/// them; compared without case.
mod cabeceras {
    pub const IDENTIFICADOR: &[&str] = &["Identifier", "Identificador"];
    pub const NOMBRE: &[&str] = &["Full name", "Nombre completo"];
    pub const CALIFICACION: &[&str] = &["Grade", "Calificación"];
    pub const MAXIMA: &[&str] = &["Maximum grade", "Calificación máxima"];
    pub const MODIFICADA: &[&str] = &[
        "Last modified (grade)",
        "Última modificación (calificación)",
    ];
    pub const COMENTARIOS: &[&str] = &["Feedback comments", "Comentarios de retroalimentación"];
    pub const ESTUDIANTE: &[&str] = &["Student", "Estudiante"];
    pub const ID: &[&str] = &["ID"];
    pub const PUNTOS: &[&str] = &["Points Possible", "Puntos posibles"];
}

/// A sheet as read: its rows, each with the text it came as, to write back as it
/// came every row that is not filled in.
struct Hoja {
    bom: bool,
    separador: u8,
    filas: Vec<Vec<String>>,
    /// Each row's text, its line break included.
    crudas: Vec<String>,
    /// Which rows were filled in.
    cambiadas: BTreeSet<usize>,
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
            cambiadas: BTreeSet::new(),
        })
    }

    /// The sheet as text: the rows filled in written as the platforms write theirs
    /// (quoted when they have a space, the separator, a quote or a line break), with
    /// the line break they had; the others as they came.
    fn escribir(&self) -> Vec<u8> {
        let mut texto = String::new();
        if self.bom {
            texto.push('\u{feff}');
        }
        for (i, (fila, cruda)) in self.filas.iter().zip(&self.crudas).enumerate() {
            if !self.cambiadas.contains(&i) {
                texto += cruda;
                continue;
            }
            let celdas: Vec<String> = fila
                .iter()
                .map(|celda| citar(celda, char::from(self.separador)))
                .collect();
            texto += &celdas.join(&char::from(self.separador).to_string());
            texto += &cruda[cruda.trim_end_matches(['\r', '\n']).len()..];
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

    /// Puts `valor` in column `columna` of row `fila`, which is then written anew.
    fn poner(&mut self, fila: usize, columna: usize, valor: String) {
        let celdas = &mut self.filas[fila];
        if columna >= celdas.len() {
            celdas.resize(columna + 1, String::new());
        }
        celdas[columna] = valor;
        self.cambiadas.insert(fila);
    }
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

/// Reads the sheet at `ruta` and fills in `calificadas`, matched by the platform's
/// number: the bytes of the filled copy, for [`ruta_de_la_copia`], and what it did.
/// `tarea` chooses Canvas's assignment column by a part of its name.
///
/// # Errors
///
/// [`ErrorPlanilla`] if the sheet cannot be read or is no platform's.
pub(super) fn llenar(
    ruta: &Path,
    tarea: Option<&str>,
    calificadas: &[Calificada],
) -> Result<(Vec<u8>, InformePlanilla), ErrorPlanilla> {
    let bytes = disco::leer_archivo(ruta)?;
    let mut hoja = Hoja::leer(&bytes, ruta)?;
    let copia = ruta_de_la_copia(ruta);
    let mut informe = if hoja.columna(cabeceras::IDENTIFICADOR).is_some() {
        llenar_moodle(&mut hoja, ruta, calificadas)?
    } else if hoja.columna(cabeceras::ESTUDIANTE).is_some() && hoja.columna(cabeceras::ID).is_some()
    {
        llenar_canvas(&mut hoja, tarea, calificadas)?
    } else {
        return Err(ErrorPlanilla::Desconocida(ruta.into()));
    };
    informe.original = ruta_visible(ruta);
    informe.archivo = ruta_visible(&copia);
    Ok((hoja.escribir(), informe))
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
fn valor(calificada: &Calificada, maximo: f64) -> f64 {
    if (maximo - 7.0).abs() < 1e-9 {
        calificada.nota
    } else {
        calificada.porcentaje * maximo / 100.0
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

fn llenar_moodle(
    hoja: &mut Hoja,
    ruta: &Path,
    calificadas: &[Calificada],
) -> Result<InformePlanilla, ErrorPlanilla> {
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
    let maxima = hoja.columna(cabeceras::MAXIMA);
    let nombre = hoja.columna(cabeceras::NOMBRE);
    let comentarios = hoja.columna(cabeceras::COMENTARIOS);
    let (por_numero, sin_fila) = por_numero(calificadas, Plataforma::Moodle);
    let mut llenadas = 0;
    let mut vistos = BTreeSet::new();
    let mut sin_entrega = Vec::new();
    for i in 1..hoja.filas.len() {
        let fila = &hoja.filas[i];
        let Some(celda) = fila.get(identificador) else {
            continue;
        };
        let id = numero_final(celda);
        if id.is_empty() {
            continue;
        }
        let Some(calificada) = por_numero.get(id.as_str()) else {
            let quien = nombre.and_then(|n| fila.get(n)).map_or("", String::as_str);
            sin_entrega.push(format!("{} ({})", visible(quien), visible(celda)));
            continue;
        };
        let (maximo, coma) = maxima
            .and_then(|m| fila.get(m))
            .and_then(|celda| numero(celda))
            .unwrap_or((100.0, '.'));
        vistos.insert(id);
        hoja.poner(
            i,
            calificacion,
            escribir_valor(valor(calificada, maximo), coma),
        );
        if let Some(c) = comentarios {
            hoja.poner(i, c, escapar_html(&calificada.comentario));
        }
        llenadas += 1;
    }
    let mut sin_fila = sin_fila;
    sin_fila.extend(
        por_numero
            .iter()
            .filter(|(id, _)| !vistos.contains(**id))
            .map(|(id, calificada)| {
                format!("{} (Participante {id})", visible(&calificada.estudiante))
            }),
    );
    Ok(InformePlanilla {
        original: String::new(),
        archivo: String::new(),
        plataforma: "moodle",
        columna: hoja.filas[0][calificacion].clone(),
        llenadas,
        comentarios: comentarios.is_some(),
        sin_fila,
        sin_entrega,
    })
}

/// The number at the end of Moodle's identifier: `Participante 204511` → `204511`.
fn numero_final(celda: &str) -> String {
    let celda = celda.trim();
    let inicio = celda
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit())
        .last()
        .map_or(celda.len(), |(i, _)| i);
    celda[inicio..].to_owned()
}

/// Moodle shows feedback comments as HTML: `<`, `>` and `&` written as entities show
/// as themselves.
fn escapar_html(texto: &str) -> String {
    texto
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn llenar_canvas(
    hoja: &mut Hoja,
    tarea: Option<&str>,
    calificadas: &[Calificada],
) -> Result<InformePlanilla, ErrorPlanilla> {
    let estudiante = hoja.columna(cabeceras::ESTUDIANTE).unwrap_or(0);
    let id = hoja.columna(cabeceras::ID).unwrap_or(1);
    let tareas: Vec<(usize, &String)> = hoja.filas[0]
        .iter()
        .enumerate()
        .filter(|(_, titulo)| es_tarea_de_canvas(titulo))
        .collect();
    let elegidas: Vec<&(usize, &String)> = match tarea {
        Some(tarea) => {
            let buscada = tarea.to_lowercase();
            tareas
                .iter()
                .filter(|(_, titulo)| titulo.to_lowercase().contains(&buscada))
                .collect()
        }
        None => tareas.iter().collect(),
    };
    let nombres = || {
        let nombres: Vec<String> = tareas
            .iter()
            .map(|(_, titulo)| format!("«{}»", visible(titulo)))
            .collect();
        nombres.join(", ")
    };
    let columna = match (elegidas.as_slice(), tarea) {
        ([(columna, _)], _) => *columna,
        ([], _) if tareas.is_empty() => {
            return Err(ErrorPlanilla::Columna(
                "la planilla de Canvas no tiene columnas de tareas («Nombre (número)»)".into(),
            ));
        }
        ([], Some(tarea)) => {
            return Err(ErrorPlanilla::Columna(format!(
                "ninguna tarea de la planilla de Canvas se llama como «{}»: hay {}",
                visible(tarea),
                nombres()
            )));
        }
        (_, _) => {
            return Err(ErrorPlanilla::Columna(format!(
                "la planilla de Canvas tiene varias tareas: elija una con --tarea \
                 NOMBRE (una parte de su nombre): {}",
                nombres()
            )));
        }
    };
    let puntos = hoja.filas.iter().find(|fila| {
        fila.get(estudiante).is_some_and(|celda| {
            cabeceras::PUNTOS
                .iter()
                .any(|p| celda.trim().eq_ignore_ascii_case(p))
        })
    });
    let (maximo, coma) = puntos
        .and_then(|fila| fila.get(columna))
        .and_then(|celda| numero(celda))
        .unwrap_or((100.0, '.'));
    let (por_numero, mut sin_fila) = por_numero(calificadas, Plataforma::Canvas);
    let mut vistos = BTreeSet::new();
    let mut sin_entrega = Vec::new();
    let mut llenadas = 0;
    for i in 1..hoja.filas.len() {
        let fila = &hoja.filas[i];
        let Some(numero) = fila.get(id).map(|celda| celda.trim().to_owned()) else {
            continue;
        };
        // The points row and the posting policy's have no user.
        if numero.is_empty() || !numero.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Some(calificada) = por_numero.get(numero.as_str()) else {
            let quien = fila.get(estudiante).map_or("", String::as_str);
            sin_entrega.push(format!("{} (ID {numero})", visible(quien)));
            continue;
        };
        vistos.insert(numero);
        hoja.poner(i, columna, escribir_valor(valor(calificada, maximo), coma));
        llenadas += 1;
    }
    sin_fila.extend(
        por_numero
            .iter()
            .filter(|(id, _)| !vistos.contains(**id))
            .map(|(id, calificada)| format!("{} (ID {id})", visible(&calificada.estudiante))),
    );
    Ok(InformePlanilla {
        original: String::new(),
        archivo: String::new(),
        plataforma: "canvas",
        columna: hoja.filas[0][columna].clone(),
        llenadas,
        comentarios: false,
        sin_fila,
        sin_entrega,
    })
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
        assert_eq!(numero_final("Participante 204511"), "204511");
        assert_eq!(numero_final("Participant 7"), "7");
        assert_eq!(numero_final("Participante"), "");
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
