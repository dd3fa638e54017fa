//! What the grader knows of the course platforms, in one place: how Moodle and Canvas
//! name a student's folder or file in a class's export ([`Participante`]), how they
//! want the feedback named to take it back, and the headers of their grade sheets
//! ([`cabeceras`]). `entrega` reads the exports, `planilla` fills the sheets and
//! `informe` names the feedback, all through here.

use std::path::Path;

/// A student as a course platform names them in its export: what goes back to it (the
/// grade sheet's row, the feedback folder) is matched by this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Participante {
    /// The platform whose naming the export follows.
    pub plataforma: Plataforma,
    /// The student's full name, as the platform writes it.
    pub nombre: String,
    /// The platform's number for the student (Moodle's participant, Canvas's user).
    pub id: String,
    /// The folder's or file's name exactly as exported, for what goes back to it.
    pub exportado: String,
}

/// The course platforms whose exports are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plataforma {
    /// Moodle: `Nombre Apellido_123456_assignsubmission_file_/`.
    Moodle,
    /// Canvas: `apellidonombre_12345_678901_archivo.py`, `LATE_` before it when late.
    Canvas,
}

impl Plataforma {
    /// Whose grade sheet has the columns `tiene` says (by their [`cabeceras`]): Moodle's
    /// has the participant's identifier; Canvas's, the student and their ID.
    pub(super) fn de_la_hoja(tiene: impl Fn(&[&str]) -> bool) -> Option<Plataforma> {
        if tiene(cabeceras::IDENTIFICADOR) {
            Some(Plataforma::Moodle)
        } else if tiene(cabeceras::ESTUDIANTE) && tiene(cabeceras::ID) {
            Some(Plataforma::Canvas)
        } else {
            None
        }
    }

    /// How the platform's sheet calls the student numbered `id`, for the report.
    pub(super) fn numerado(self, id: &str) -> String {
        match self {
            Plataforma::Moodle => format!("Participante {id}"),
            Plataforma::Canvas => format!("ID {id}"),
        }
    }
}

impl Participante {
    /// The name, without `.txt`, that the platform takes back the file `que` of this
    /// student by (inside the folder or zip of feedback): Moodle's "upload multiple
    /// feedback files in a zip" wants it in a folder named as the export named the
    /// student's; Canvas's "re-upload submissions" attaches a file named after the one
    /// submitted.
    pub(super) fn archivo_de(&self, que: &str) -> String {
        match self.plataforma {
            Plataforma::Moodle => format!("{}/{que}", sin_barras(&self.exportado)),
            Plataforma::Canvas => {
                let sin_extension = Path::new(&self.exportado)
                    .file_stem()
                    .map_or(self.exportado.clone(), |nombre| {
                        nombre.to_string_lossy().into_owned()
                    });
                format!("{}_{que}", sin_barras(&sin_extension))
            }
        }
    }
}

/// `nombre` as one part of a path inside the feedback: no `/` nor `\\`.
pub(super) fn sin_barras(nombre: &str) -> String {
    nombre.replace(['/', '\\'], "_")
}

/// The platform's name for the student of Moodle's folder `nombre`
/// (`José Muñoz Tapia_204511_assignsubmission_file_`), if it is one.
pub(super) fn moodle(nombre: &str) -> Option<Participante> {
    let (antes, despues) = nombre.split_once("_assignsubmission_")?;
    let tipo = despues.strip_suffix('_').unwrap_or(despues);
    let (completo, id) = antes.rsplit_once('_')?;
    let valido = !completo.trim().is_empty()
        && !id.is_empty()
        && id.bytes().all(|b| b.is_ascii_digit())
        && tipo.bytes().all(|b| b.is_ascii_alphanumeric());
    valido.then(|| Participante {
        plataforma: Plataforma::Moodle,
        nombre: completo.trim().to_owned(),
        id: id.to_owned(),
        exportado: nombre.to_owned(),
    })
}

/// A file as Canvas names it in a class's export: `munoztapiajose_12345_678901_tarea2.py`,
/// with `LATE_` after the student's name (or before it) when sent late.
#[derive(Clone, Debug)]
pub(super) struct Canvas {
    /// Whose it is.
    pub(super) participante: Participante,
    /// The file's name as the student sent it.
    pub(super) original: String,
    /// Whether the platform marks it as sent late.
    tarde: bool,
}

impl Canvas {
    /// Canvas's parts of the file name `nombre`, if it is one.
    pub(super) fn leer(nombre: &str) -> Option<Canvas> {
        let (tarde, resto) = match nombre.strip_prefix("LATE_") {
            Some(resto) => (true, resto),
            None => (false, nombre),
        };
        let (estudiante, resto) = resto.split_once('_')?;
        let (tarde, resto) = match resto.strip_prefix("LATE_") {
            Some(resto) => (true, resto),
            None => (tarde, resto),
        };
        let mut partes = resto.splitn(3, '_');
        let (id, adjunto, original) = (partes.next()?, partes.next()?, partes.next()?);
        let numero = |texto: &str| !texto.is_empty() && texto.bytes().all(|b| b.is_ascii_digit());
        let valido = !estudiante.is_empty()
            && estudiante.chars().all(char::is_alphanumeric)
            && numero(id)
            && numero(adjunto)
            && !original.is_empty();
        valido.then(|| Canvas {
            participante: Participante {
                plataforma: Plataforma::Canvas,
                nombre: estudiante.to_owned(),
                id: id.to_owned(),
                exportado: nombre.to_owned(),
            },
            original: original.to_owned(),
            tarde,
        })
    }

    /// What the report says of a file sent late.
    pub(super) fn atraso(&self) -> Option<String> {
        self.tarde
            .then(|| "la plataforma la marca como entregada con atraso".to_owned())
    }
}

/// The headers each column goes by, in English and Spanish as the platforms write
/// them; compared without case.
pub(super) mod cabeceras {
    pub(in crate::correccion) const IDENTIFICADOR: &[&str] = &["Identifier", "Identificador"];
    pub(in crate::correccion) const NOMBRE: &[&str] = &["Full name", "Nombre completo"];
    pub(in crate::correccion) const CALIFICACION: &[&str] = &["Grade", "Calificación"];
    pub(in crate::correccion) const MAXIMA: &[&str] = &["Maximum grade", "Calificación máxima"];
    pub(in crate::correccion) const MODIFICADA: &[&str] = &[
        "Last modified (grade)",
        "Última modificación (calificación)",
    ];
    pub(in crate::correccion) const COMENTARIOS: &[&str] =
        &["Feedback comments", "Comentarios de retroalimentación"];
    pub(in crate::correccion) const ESTUDIANTE: &[&str] = &["Student", "Estudiante"];
    pub(in crate::correccion) const ID: &[&str] = &["ID"];
    pub(in crate::correccion) const PUNTOS: &[&str] = &["Points Possible", "Puntos posibles"];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn una_carpeta_de_moodle_dice_el_nombre_y_el_numero() {
        let participante = moodle("José Muñoz Tapia_204511_assignsubmission_file_").unwrap();
        assert_eq!(participante.nombre, "José Muñoz Tapia");
        assert_eq!(participante.id, "204511");
        assert_eq!(participante.plataforma, Plataforma::Moodle);
        assert_eq!(
            participante.exportado,
            "José Muñoz Tapia_204511_assignsubmission_file_"
        );
        assert_eq!(moodle("ana_perez"), None);
        assert_eq!(moodle("_204511_assignsubmission_file_"), None);
        assert_eq!(moodle("Ana_x1_assignsubmission_file_"), None);
    }

    #[test]
    fn un_archivo_de_canvas_dice_el_nombre_el_numero_y_el_atraso() {
        let canvas = Canvas::leer("munoztapiajose_12345_678901_tarea2.py").unwrap();
        assert_eq!(canvas.participante.nombre, "munoztapiajose");
        assert_eq!(canvas.participante.id, "12345");
        assert_eq!(canvas.participante.plataforma, Plataforma::Canvas);
        assert_eq!(canvas.original, "tarea2.py");
        assert!(!canvas.tarde);
        for tarde in [
            "munoztapiajose_LATE_12345_678901_tarea2.py",
            "LATE_munoztapiajose_12345_678901_tarea2.py",
        ] {
            let canvas = Canvas::leer(tarde).unwrap();
            assert!(canvas.tarde, "{tarde}");
            assert_eq!(canvas.participante.id, "12345");
            assert_eq!(canvas.original, "tarea2.py");
        }
        assert!(Canvas::leer("tarea2_final.py").is_none());
        assert!(Canvas::leer("ana_perez.py").is_none());
        assert!(Canvas::leer("correcta_bucle_arriba.py").is_none());
    }

    #[test]
    fn la_retroalimentacion_se_nombra_como_la_toma_la_plataforma() {
        let ana = moodle("Ana Pérez_204512_assignsubmission_file_").unwrap();
        assert_eq!(
            ana.archivo_de("retroalimentacion"),
            "Ana Pérez_204512_assignsubmission_file_/retroalimentacion"
        );
        let jose = Canvas::leer("munoztapiajose_12345_678901_tarea2.py").unwrap();
        assert_eq!(
            jose.participante.archivo_de("partidas"),
            "munoztapiajose_12345_678901_tarea2_partidas"
        );
        assert_eq!(Plataforma::Moodle.numerado("204512"), "Participante 204512");
        assert_eq!(Plataforma::Canvas.numerado("12345"), "ID 12345");
    }
}
