//! Which submissions a grading run is given: a student's file, a student's folder, or
//! a folder of students' folders or files, as a learning platform exports a class; and
//! whose each one is.

use std::{
    collections::BTreeMap,
    fmt, fs,
    io::Read,
    path::{Path, PathBuf},
    time::SystemTime,
};

use super::{error::ErrorCorreccion, paquete::Paquete};
use crate::texto::{ruta_visible, visible};

/// One student's submission: whose it is and the file graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrega {
    /// The student, a name no other submission of the run has: the platform's name
    /// for them, or their folder's, or their file's without `.py`.
    pub estudiante: String,
    /// The file graded; the student's folder (or what they sent) when there is nothing
    /// to grade ([`Entrega::falta`]).
    pub archivo: PathBuf,
    /// Where the file graded came from, as the teaching assistant finds it: the file
    /// itself, or inside a zip the zip's path joined with the entry's name.
    pub origen: PathBuf,
    /// The file graded as the student knows it: its path inside their folder, or its
    /// name; empty when there is none.
    pub corto: String,
    /// Which file was graded and why, when there were several or it was unpacked,
    /// renamed or sent late: every other candidate is named.
    pub eleccion: Option<String>,
    /// Who the student is on the course platform the class was exported from, when the
    /// folder's or file's name says it.
    pub participante: Option<Participante>,
    /// Why there is nothing to grade, when there is not.
    pub falta: Option<Falta>,
    /// The temporary folder the file graded is in, when it was unpacked or copied.
    paquete: Option<Paquete>,
}

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

/// Why a student's submission has nothing to grade: each situation is told apart, in
/// the report, the gradebook's reason and the student's feedback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Falta {
    /// The folder is empty: nothing was submitted.
    Nada,
    /// Files were submitted, none of them Python: their names.
    SinPython(Vec<String>),
    /// A zip that could not be unpacked: its name and why.
    Paquete {
        /// The zip, inside the student's folder.
        zip: String,
        /// Why.
        causa: String,
    },
}

impl fmt::Display for Falta {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Falta::Nada => write!(f, "no entregó nada: su carpeta está vacía"),
            Falta::SinPython(archivos) => write!(
                f,
                "no entregó código Python: su carpeta tiene {} y ningún archivo .py",
                lista(archivos)
            ),
            Falta::Paquete { zip, causa } => {
                write!(f, "no se pudo corregir lo que envió: {zip} {causa}")
            }
        }
    }
}

/// Names in a sentence: the first few, then how many more.
pub(super) fn lista(nombres: &[String]) -> String {
    const MOSTRADOS: usize = 5;
    let mut texto = (nombres.iter().take(MOSTRADOS))
        .map(|nombre| visible(nombre))
        .collect::<Vec<_>>()
        .join(", ");
    if nombres.len() > MOSTRADOS {
        texto += &format!(" y {} más", nombres.len() - MOSTRADOS);
    }
    texto
}

impl Entrega {
    /// The submission of the file at `archivo`, the student named after it (or as the
    /// platform's name for it says).
    pub fn de_archivo(archivo: PathBuf) -> Entrega {
        let nombre = nombre_de(&archivo);
        let canvas = Canvas::leer(&nombre);
        let estudiante = match &canvas {
            Some(canvas) => canvas.participante.nombre.clone(),
            None => sin_extension(&nombre).to_owned(),
        };
        let corto = canvas.as_ref().map_or(nombre, |c| c.original.clone());
        let renombrado = (Tipo::de(&archivo) == Tipo::Renombrado).then(|| renombrado(&corto));
        Entrega {
            estudiante,
            origen: archivo.clone(),
            eleccion: juntar(canvas.as_ref().and_then(Canvas::atraso), renombrado),
            corto,
            participante: canvas.map(|canvas| canvas.participante),
            archivo,
            falta: None,
            paquete: None,
        }
    }

    /// The submissions named, as a class is exported from a learning platform: a file
    /// is one student's; a folder is one student's when it holds Python, one file with
    /// `jugar` at most and no folder with one (or when a platform named it so), and
    /// otherwise a class: one folder per student (Moodle's named
    /// `Nombre_123456_assignsubmission_…`) and one file or zip, or a platform's files,
    /// per student (Canvas's named `nombre_123_456_archivo.py`). Of a student's files
    /// (inside subfolders and sent zips too) the one graded is `forzado` if it is there,
    /// else the newest that defines `jugar`.
    /// Within a class, by student's name; two students never share a name.
    ///
    /// # Errors
    ///
    /// No submission, a path that does not exist, a folder without submissions, or a
    /// folder or temporary folder that cannot be read or made.
    pub fn buscar(
        nombradas: &[PathBuf],
        forzado: Option<&str>,
    ) -> Result<Vec<Entrega>, ErrorCorreccion> {
        if nombradas.is_empty() {
            return Err(ErrorCorreccion::SinEntregas);
        }
        let mut entregas = Vec::new();
        for ruta in nombradas {
            if !ruta.is_dir() {
                if !ruta.exists() {
                    return Err(ErrorCorreccion::NoExiste(ruta.clone()));
                }
                entregas.push(Entrega::de_archivo(ruta.clone()));
            } else if es_de_un_estudiante(ruta)? {
                entregas.push(Entrega::de_la_carpeta(ruta, forzado)?);
            } else {
                entregas.extend(Entrega::de_la_clase(ruta, forzado)?);
            }
        }
        distinguir(&mut entregas);
        Ok(entregas)
    }

    /// The students of the class folder `carpeta`, by name.
    fn de_la_clase(carpeta: &Path, forzado: Option<&str>) -> Result<Vec<Entrega>, ErrorCorreccion> {
        let mut entregas = Vec::new();
        let mut de_canvas: BTreeMap<String, Vec<(PathBuf, Canvas)>> = BTreeMap::new();
        for dentro in listar(carpeta)? {
            if dentro.is_dir() {
                entregas.push(Entrega::de_la_carpeta(&dentro, forzado)?);
            } else if let Some(canvas) = Canvas::leer(&nombre_de(&dentro)) {
                let clave = canvas.participante.id.clone();
                de_canvas.entry(clave).or_default().push((dentro, canvas));
            } else if Tipo::de(&dentro) == Tipo::Zip {
                entregas.push(Entrega::de_zip(&dentro, forzado)?);
            } else if Tipo::de(&dentro) != Tipo::Otro {
                entregas.push(Entrega::de_archivo(dentro));
            }
        }
        for archivos in de_canvas.into_values() {
            entregas.push(Entrega::de_canvas(archivos, forzado)?);
        }
        if entregas.is_empty() {
            return Err(ErrorCorreccion::CarpetaSinEntregas(carpeta.to_owned()));
        }
        entregas.sort_by(|a, b| a.estudiante.cmp(&b.estudiante));
        Ok(entregas)
    }

    /// The submission of the zip `zip`, loose in a class folder: the student named
    /// after it, what it holds chosen from as from a student's folder.
    fn de_zip(zip: &Path, forzado: Option<&str>) -> Result<Entrega, ErrorCorreccion> {
        let paquete = Paquete::nuevo().map_err(ErrorCorreccion::Temporal)?;
        let mut contenido = Contenido::default();
        (contenido.zips).push((zip.to_owned(), PathBuf::from(nombre_de(zip))));
        contenido.desempacar(&paquete)?;
        let mut entrega = contenido.elegir(zip, forzado);
        entrega.paquete = Some(paquete);
        entrega.estudiante = sin_extension(&nombre_de(zip)).to_owned();
        Ok(entrega)
    }

    /// The submission of one student whose files Canvas exported side by side, copied
    /// into a temporary folder under the names the student gave them.
    fn de_canvas(
        archivos: Vec<(PathBuf, Canvas)>,
        forzado: Option<&str>,
    ) -> Result<Entrega, ErrorCorreccion> {
        if let [(archivo, _)] = archivos.as_slice()
            && Tipo::de(archivo) == Tipo::Python
        {
            return Ok(Entrega::de_archivo(archivo.clone()));
        }
        let paquete = Paquete::nuevo().map_err(ErrorCorreccion::Temporal)?;
        let mut originales = BTreeMap::new();
        let mut contenido = Contenido::default();
        for (archivo, canvas) in &archivos {
            if Tipo::es_zip(archivo) {
                (contenido.zips).push((archivo.clone(), PathBuf::from(&canvas.original)));
            } else {
                (paquete.copiar(archivo, &canvas.original)).map_err(ErrorCorreccion::Temporal)?;
                originales.insert(paquete.path().join(&canvas.original), archivo.clone());
            }
        }
        let exportado = archivos[0].0.clone();
        let (_, canvas) = archivos.into_iter().last().expect("hay uno al menos");
        let zips = std::mem::take(&mut contenido.zips);
        contenido.recorrer(paquete.path(), Path::new(""), paquete.path())?;
        for candidato in &mut contenido.candidatos {
            if let Some(exportado) = originales.get(&candidato.ruta) {
                candidato.origen = exportado.clone();
            }
        }
        contenido.zips = zips;
        contenido.desempacar(&paquete)?;
        let mut entrega = contenido.elegir(paquete.path(), forzado);
        if entrega.falta.is_some() {
            (entrega.archivo, entrega.origen) = (exportado.clone(), exportado);
        }
        entrega.paquete = Some(paquete);
        entrega.estudiante = canvas.participante.nombre.clone();
        entrega.eleccion = juntar(entrega.eleccion, canvas.atraso());
        entrega.participante = Some(canvas.participante);
        Ok(entrega)
    }

    /// The submission of the student whose folder is `carpeta`: of its files (inside
    /// subfolders and its zips, unpacked, too), `forzado` if it is there (by its path
    /// inside the folder or its name); else the one that defines `jugar`, or of several
    /// the newest; or if none does, the first by name; every other one named. The
    /// folder itself, saying why, if there is nothing to grade.
    fn de_la_carpeta(carpeta: &Path, forzado: Option<&str>) -> Result<Entrega, ErrorCorreccion> {
        let exportado = nombre_de(carpeta);
        let participante = moodle(&exportado);
        let mut contenido = Contenido::default();
        contenido.recorrer(carpeta, Path::new(""), carpeta)?;
        let paquete = match contenido.zips.is_empty() {
            true => None,
            false => Some(Paquete::nuevo().map_err(ErrorCorreccion::Temporal)?),
        };
        if let Some(paquete) = &paquete {
            contenido.desempacar(paquete)?;
        }
        let mut entrega = contenido.elegir(carpeta, forzado);
        entrega.paquete = paquete;
        entrega.estudiante = participante
            .as_ref()
            .map_or(exportado, |participante| participante.nombre.clone());
        entrega.participante = participante;
        Ok(entrega)
    }
}

/// A file of a student's that may be what they submitted.
#[derive(Debug)]
struct Candidato {
    /// Where it is now.
    ruta: PathBuf,
    /// Where it came from ([`Entrega::origen`]).
    origen: PathBuf,
    /// Its path inside the student's folder, as the student knows it.
    corto: String,
    /// When it was last changed.
    modificado: Option<SystemTime>,
    /// The zip it came in, by its path inside the student's folder.
    zip: Option<String>,
    /// Whether it is Python without a `.py` name.
    renombrado: bool,
    /// Whether it defines `jugar`.
    con_jugar: bool,
}

/// What a student's folder holds.
#[derive(Debug, Default)]
struct Contenido {
    candidatos: Vec<Candidato>,
    /// Zips not yet unpacked: where each is, and its path inside the student's folder.
    zips: Vec<(PathBuf, PathBuf)>,
    /// Zips that could not be unpacked.
    fallidos: Vec<Falta>,
    /// Every other file, by its path inside the folder.
    otros: Vec<String>,
}

impl Contenido {
    /// Adds what is under `raiz` joined with `dentro`, a folder whose files came from
    /// `origen` (the student's folder, or the zip unpacked there), and are known to the
    /// student by their path from `raiz`.
    fn recorrer(
        &mut self,
        raiz: &Path,
        dentro: &Path,
        origen: &Path,
    ) -> Result<(), ErrorCorreccion> {
        let mut pendientes = vec![raiz.join(dentro)];
        while let Some(carpeta) = pendientes.pop() {
            for ruta in listar(&carpeta)? {
                let relativa = ruta.strip_prefix(raiz).unwrap_or(&ruta).to_owned();
                let desde = relativa.strip_prefix(dentro).unwrap_or(&relativa);
                let tipo = Tipo::de(&ruta);
                match tipo {
                    Tipo::Carpeta => pendientes.push(ruta),
                    Tipo::Zip if dentro.as_os_str().is_empty() => self.zips.push((ruta, relativa)),
                    Tipo::Python | Tipo::Renombrado => self.candidatos.push(Candidato {
                        con_jugar: define_jugar(&ruta),
                        modificado: fs::metadata(&ruta).and_then(|m| m.modified()).ok(),
                        origen: origen.join(desde),
                        corto: ruta_visible(&relativa),
                        zip: (!dentro.as_os_str().is_empty()).then(|| ruta_visible(dentro)),
                        renombrado: tipo == Tipo::Renombrado,
                        ruta,
                    }),
                    Tipo::Zip | Tipo::Otro => self.otros.push(ruta_visible(&relativa)),
                }
            }
        }
        self.candidatos.sort_by(|a, b| a.corto.cmp(&b.corto));
        Ok(())
    }

    /// Unpacks each zip found into `paquete`, under its path in the student's folder,
    /// and adds what it holds; a zip that cannot be unpacked is remembered with why.
    fn desempacar(&mut self, paquete: &Paquete) -> Result<(), ErrorCorreccion> {
        for (zip, relativa) in std::mem::take(&mut self.zips) {
            match paquete.desempacar(&zip, &paquete.path().join(&relativa)) {
                Ok(()) => self.recorrer(paquete.path(), &relativa, &zip)?,
                Err(error) => self.fallidos.push(Falta::Paquete {
                    zip: ruta_visible(&relativa),
                    causa: error.to_string(),
                }),
            }
        }
        Ok(())
    }

    /// The submission of a student's folder `carpeta` with this content, as
    /// [`Entrega::de_la_carpeta`] chooses its file; whose it is, still unsaid.
    fn elegir(mut self, carpeta: &Path, forzado: Option<&str>) -> Entrega {
        let sin_archivo = |falta| Entrega {
            estudiante: String::new(),
            archivo: carpeta.to_owned(),
            origen: carpeta.to_owned(),
            corto: String::new(),
            eleccion: None,
            participante: None,
            falta: Some(falta),
            paquete: None,
        };
        if self.candidatos.is_empty() {
            return sin_archivo(match (self.fallidos.pop(), self.otros.is_empty()) {
                (Some(fallido), _) => fallido,
                (None, true) => Falta::Nada,
                (None, false) => Falta::SinPython(self.otros),
            });
        }
        let con_jugar: Vec<usize> = (0..self.candidatos.len())
            .filter(|&i| self.candidatos[i].con_jugar)
            .collect();
        let pedido = forzado.and_then(|forzado| {
            (self.candidatos.iter()).position(|c| {
                c.corto == forzado || c.ruta.file_name().is_some_and(|n| n == forzado)
            })
        });
        let (elegido, porque) = match (pedido, con_jugar.as_slice()) {
            (Some(pedido), _) => (pedido, "el indicado por el ayudante".to_owned()),
            (None, [uno]) => (*uno, "que define jugar".to_owned()),
            (None, []) => (0, "el primero por nombre (ninguno define jugar)".to_owned()),
            (None, varios) => {
                let elegido = (varios.iter().copied())
                    .max_by_key(|&i| (self.candidatos[i].modificado, std::cmp::Reverse(i)))
                    .expect("hay varios");
                let cuantos = varios.len();
                (
                    elegido,
                    format!("el más reciente de los {cuantos} que definen jugar"),
                )
            }
        };
        let varios = con_jugar.len() > 1;
        let otros: Vec<String> = (self.candidatos.iter().enumerate())
            .filter(|&(i, _)| i != elegido)
            .map(|(_, otro)| mencion(otro, varios))
            .collect();
        let elegido = self.candidatos.swap_remove(elegido);
        let mut notas = Vec::new();
        if forzado.is_some() && pedido.is_none() {
            notas.push(format!(
                "no hay {} en su carpeta",
                visible(forzado.unwrap_or_default())
            ));
        }
        if !otros.is_empty() {
            notas.push(format!(
                "se corrigió {}, {porque} (también hay {})",
                mencion(&elegido, varios),
                otros.join(", ")
            ));
        }
        if let Some(zip) = &elegido.zip {
            notas.push(format!("venía en {zip}, que se descomprimió"));
        }
        if elegido.renombrado {
            notas.push(renombrado(&elegido.corto));
        }
        Entrega {
            estudiante: String::new(),
            archivo: elegido.ruta,
            origen: elegido.origen,
            corto: elegido.corto,
            eleccion: (!notas.is_empty()).then(|| notas.join("; ")),
            participante: None,
            falta: None,
            paquete: None,
        }
    }
}

/// A candidate as a choice names it: its path in the folder and, when `varios` define
/// `jugar` and it does, when it was changed.
fn mencion(candidato: &Candidato, varios: bool) -> String {
    match candidato.modificado.and_then(fecha) {
        Some(fecha) if varios && candidato.con_jugar => {
            format!("{}, del {fecha}", candidato.corto)
        }
        _ => candidato.corto.clone(),
    }
}

/// A moment as a choice shows it: the local date and time, to the minute.
fn fecha(hora: SystemTime) -> Option<String> {
    let momento = jiff::Timestamp::try_from(hora).ok()?;
    let local = momento.to_zoned(jiff::tz::TimeZone::system());
    Some(local.strftime("%Y-%m-%d %H:%M").to_string())
}

/// What the report says of Python graded under another name, `corto`.
fn renombrado(corto: &str) -> String {
    format!("{corto} no termina en .py, pero es Python: se corrigió igual")
}

/// Two optional sentences as one.
fn juntar(primera: Option<String>, segunda: Option<String>) -> Option<String> {
    match (primera, segunda) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    }
}

/// What a file in a student's folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tipo {
    /// A folder (not hidden, nor Python's cache, nor macOS's `__MACOSX`).
    Carpeta,
    /// A `.py` file.
    Python,
    /// Python under another name: `tarea2.py.txt`, `tarea2.txt` or `tarea2`.
    Renombrado,
    /// A `.zip` file.
    Zip,
    /// Anything else.
    Otro,
}

impl Tipo {
    /// What the file at `ruta` is, its name and (when it may be Python under another
    /// name) its first lines saying.
    fn de(ruta: &Path) -> Tipo {
        if ruta.is_dir() {
            return Tipo::Carpeta;
        }
        if !ruta.is_file() {
            return Tipo::Otro;
        }
        let extension = ruta.extension().map(|e| e.to_string_lossy().to_lowercase());
        match extension.as_deref() {
            Some("py") => Tipo::Python,
            Some("zip") => Tipo::Zip,
            None | Some("txt") if parece_python(ruta) => Tipo::Renombrado,
            _ => Tipo::Otro,
        }
    }

    /// Whether `ruta` names a zip.
    fn es_zip(ruta: &Path) -> bool {
        ruta.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
    }
}

/// Whether the file at `ruta` reads as Python: a line at the top level that defines a
/// function (`def f(…):`) or imports a module, in its first 64 KiB.
fn parece_python(ruta: &Path) -> bool {
    lineas(ruta).is_some_and(|texto| {
        texto.lines().map(str::trim_end).any(|linea| {
            (linea.starts_with("def ") && linea.contains('(') && linea.ends_with(':'))
                || linea.starts_with("import ")
                || (linea.starts_with("from ") && linea.contains(" import "))
        })
    })
}

/// The start of the text of the file at `ruta`, at most 64 KiB, read as UTF-8 with
/// what is not.
fn lineas(ruta: &Path) -> Option<String> {
    let mut bytes = Vec::new();
    let archivo = fs::File::open(ruta).ok()?;
    archivo.take(64 * 1024).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether the folder named `carpeta` is one student's: named by Moodle as a student's,
/// or holding a Python file or a zip, at most one file with `jugar`, no folder with one,
/// and no Canvas file.
fn es_de_un_estudiante(carpeta: &Path) -> Result<bool, ErrorCorreccion> {
    if moodle(&nombre_de(carpeta)).is_some() {
        return Ok(true);
    }
    let (mut con_jugar, mut hay) = (0, false);
    for ruta in listar(carpeta)? {
        match Tipo::de(&ruta) {
            Tipo::Carpeta => {
                if moodle(&nombre_de(&ruta)).is_some() || tiene_jugar(&ruta)? {
                    return Ok(false);
                }
            }
            Tipo::Python | Tipo::Renombrado => {
                if Canvas::leer(&nombre_de(&ruta)).is_some() {
                    return Ok(false);
                }
                con_jugar += usize::from(define_jugar(&ruta));
                hay = true;
            }
            Tipo::Zip => hay = true,
            Tipo::Otro => {}
        }
    }
    Ok(hay && con_jugar <= 1)
}

/// Whether some Python file under `carpeta` defines `jugar`.
fn tiene_jugar(carpeta: &Path) -> Result<bool, ErrorCorreccion> {
    for ruta in listar(carpeta)? {
        let con_jugar = match Tipo::de(&ruta) {
            Tipo::Carpeta => tiene_jugar(&ruta)?,
            Tipo::Python | Tipo::Renombrado => define_jugar(&ruta),
            Tipo::Zip => true,
            Tipo::Otro => false,
        };
        if con_jugar {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Gives every submission a name of its own: a name shared is told apart by the
/// platform's number for the student or the folder the file is in, then by a number.
fn distinguir(entregas: &mut [Entrega]) {
    let clave = |nombre: &str| nombre.to_lowercase();
    let mut cuantas: BTreeMap<String, usize> = BTreeMap::new();
    for entrega in entregas.iter() {
        *cuantas.entry(clave(&entrega.estudiante)).or_default() += 1;
    }
    for entrega in entregas.iter_mut() {
        if cuantas[&clave(&entrega.estudiante)] < 2 {
            continue;
        }
        let detalle = match &entrega.participante {
            Some(participante) => Some(participante.id.clone()),
            None => (entrega.origen.parent())
                .and_then(Path::file_name)
                .map(|carpeta| carpeta.to_string_lossy().into_owned()),
        };
        if let Some(detalle) = detalle {
            entrega.estudiante = format!("{} ({detalle})", entrega.estudiante);
        }
    }
    let mut usados: BTreeMap<String, usize> = BTreeMap::new();
    for entrega in entregas.iter_mut() {
        let vez = usados.entry(clave(&entrega.estudiante)).or_default();
        *vez += 1;
        if *vez > 1 {
            entrega.estudiante = format!("{} {vez}", entrega.estudiante);
        }
    }
}

/// The platform's name for the student of Moodle's folder `nombre`
/// (`José Muñoz Tapia_204511_assignsubmission_file_`), if it is one.
fn moodle(nombre: &str) -> Option<Participante> {
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
struct Canvas {
    participante: Participante,
    /// The file's name as the student sent it.
    original: String,
    tarde: bool,
}

impl Canvas {
    /// Canvas's parts of the file name `nombre`, if it is one.
    fn leer(nombre: &str) -> Option<Canvas> {
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
    fn atraso(&self) -> Option<String> {
        self.tarde
            .then(|| "la plataforma la marca como entregada con atraso".to_owned())
    }
}

/// A file's name without the extensions a submission comes with: `ana.py`, `ana.zip`
/// and `ana.py.txt` are all `ana`.
fn sin_extension(nombre: &str) -> &str {
    let mut corto = nombre;
    for extension in [".txt", ".zip", ".py"] {
        let corte = corto.len().saturating_sub(extension.len());
        if corte > 0
            && corto.is_char_boundary(corte)
            && corto[corte..].eq_ignore_ascii_case(extension)
        {
            corto = &corto[..corte];
        }
    }
    corto
}

/// The last part of `ruta`, as a name (the path itself if it has none).
fn nombre_de(ruta: &Path) -> String {
    ruta.file_name().map_or_else(
        || ruta_visible(ruta),
        |nombre| nombre.to_string_lossy().into_owned(),
    )
}

/// The entries of `carpeta` but the hidden ones, Python's caches and macOS's
/// `__MACOSX`, by name.
fn listar(carpeta: &Path) -> Result<Vec<PathBuf>, ErrorCorreccion> {
    let error = |fuente| ErrorCorreccion::Carpeta {
        ruta: carpeta.to_owned(),
        fuente,
    };
    let mut rutas = Vec::new();
    for entrada in fs::read_dir(carpeta).map_err(error)? {
        let entrada = entrada.map_err(error)?;
        let nombre = entrada.file_name();
        let nombre = nombre.to_string_lossy();
        if !nombre.starts_with('.') && nombre != "__pycache__" && nombre != "__MACOSX" {
            rutas.push(entrada.path());
        }
    }
    rutas.sort();
    Ok(rutas)
}

/// Whether the Python file at `ruta` defines `jugar` at the top level, as its text
/// says (read, never run).
fn define_jugar(ruta: &Path) -> bool {
    fs::read(ruta).is_ok_and(|bytes| {
        String::from_utf8_lossy(&bytes).lines().any(|linea| {
            linea.strip_prefix("def").is_some_and(|resto| {
                resto
                    .trim_start()
                    .strip_prefix("jugar")
                    .is_some_and(|r| r.trim_start().starts_with('('))
            })
        })
    })
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
    fn un_archivo_suelto_se_llama_sin_sus_extensiones() {
        assert_eq!(sin_extension("ana.py"), "ana");
        assert_eq!(sin_extension("ana.py.txt"), "ana");
        assert_eq!(sin_extension("ana.ZIP"), "ana");
        assert_eq!(sin_extension("ana"), "ana");
        assert_eq!(sin_extension(".py"), ".py");
        assert_eq!(sin_extension("tarea2.final.py"), "tarea2.final");
    }

    #[test]
    fn los_nombres_repetidos_se_distinguen() {
        let mut entregas = vec![
            Entrega::de_archivo("curso/ana_perez/tarea2.py".into()),
            Entrega::de_archivo("curso/carla_diaz/tarea2.py".into()),
            Entrega::de_archivo("otra/ana_perez/tarea2.py".into()),
            Entrega::de_archivo("beto.py".into()),
        ];
        distinguir(&mut entregas);
        let nombres: Vec<&str> = entregas.iter().map(|e| e.estudiante.as_str()).collect();
        assert_eq!(
            nombres,
            [
                "tarea2 (ana_perez)",
                "tarea2 (carla_diaz)",
                "tarea2 (ana_perez) 2",
                "beto"
            ]
        );
    }
}
