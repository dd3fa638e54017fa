//! Which submissions a grading run is given: a student's file, a student's folder, or
//! a folder (or a zip) of students' folders or files, as a learning platform exports a
//! class; and whose each one is.
//!
//! What is found is only looked at ([`lugar`]): nothing is unpacked, no link is
//! followed, and each file is read within a bound when it is graded. The file graded
//! goes to the grader with the files of its folder, so that a student's helper modules
//! import as they do on the student's machine.

use std::{
    collections::BTreeMap,
    fmt,
    path::{Path, PathBuf},
    time::SystemTime,
};

use super::{
    cuaderno,
    error::ErrorCorreccion,
    lugar::{Clase, LIMITE_FUENTE, Lugar, Nodo},
    plataforma::{Canvas, Participante, moodle},
};
use othello::{
    disco::ErrorAjeno,
    texto::{ruta_visible, visible},
};

/// One student's submission: whose it is and the file graded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrega {
    /// The student, a name no other submission of the run has: the platform's name
    /// for them, or their folder's, or their file's without `.py`.
    pub estudiante: String,
    /// Where the file graded is, as the teaching assistant finds it: the file itself,
    /// or inside a zip the zip's path joined with the entry's name; the student's
    /// folder (or what they sent) when there is nothing to grade ([`Entrega::falta`]).
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
    /// The file graded and the files of its folder and below, by their paths from that
    /// folder (the file graded among them): what the grader is given.
    archivos: Option<(Lugar, Vec<(String, Lugar)>)>,
}

/// Why a student's submission has nothing to grade: each situation is told apart, in
/// the report, the gradebook's reason and the student's feedback. None gets a grade:
/// the teaching assistant grades them by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Falta {
    /// The folder is empty: nothing was submitted.
    Nada,
    /// Files were submitted, none of them Python: their names.
    SinPython(Vec<String>),
    /// A zip that could not be read: its name and why.
    Paquete {
        /// The zip, inside the student's folder.
        zip: String,
        /// Why.
        causa: String,
    },
    /// What would be graded could not be read: a link, a pipe, a file too large, a
    /// folder that cannot be listed.
    Ilegible {
        /// The file or folder, as the student knows it.
        archivo: String,
        /// Why.
        causa: ErrorAjeno,
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
                write!(
                    f,
                    "no se pudo corregir lo que envió: {} {causa}",
                    visible(zip)
                )
            }
            Falta::Ilegible { archivo, causa } => {
                write!(
                    f,
                    "no se pudo leer lo que envió: {} {causa}",
                    visible(archivo)
                )
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

/// What the grader is given of a submission: the files of the folder of the file
/// graded, each with its path from that folder, and which one is graded.
#[derive(Debug)]
pub(super) struct Archivos {
    /// The file graded, by its path among [`Archivos::todos`].
    pub(super) principal: String,
    /// Every file, the one graded first.
    pub(super) todos: Vec<(String, Vec<u8>)>,
}

impl Archivos {
    /// The text of the file graded, as read (lossy).
    pub(super) fn fuente(&self) -> String {
        String::from_utf8_lossy(&self.todos[0].1).into_owned()
    }
}

/// How much of a folder the grader is given besides the file graded: a homework is a
/// few small files.
const HERMANOS: usize = 200;
const BYTES_DE_LA_CARPETA: u64 = 8 * 1024 * 1024;

impl Entrega {
    /// The submission of the file at `archivo`, the student named after it (or as the
    /// platform's name for it, or for its folder, says), given with the Python files
    /// beside it.
    pub fn de_archivo(archivo: PathBuf) -> Entrega {
        match Nodo::nombrado(&archivo) {
            Ok(nodo) => {
                let carpeta = (archivo.parent())
                    .filter(|carpeta| !carpeta.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                let hermanos = Nodo::listado(carpeta)
                    .map(|carpeta| {
                        (carpeta.hijos().iter())
                            .filter(|hijo| hijo.es_archivo() && tipo(hijo) == Tipo::Python)
                            .map(|hijo| (hijo.nombre.clone(), hijo.lugar.clone()))
                            .collect()
                    })
                    .unwrap_or_default();
                let mut entrega = Entrega::del_nodo(&nodo, hermanos);
                if entrega.participante.is_none()
                    && let Some(participante) = carpeta
                        .file_name()
                        .and_then(|nombre| moodle(&nombre.to_string_lossy()))
                {
                    entrega.estudiante = participante.nombre.clone();
                    entrega.participante = Some(participante);
                }
                entrega
            }
            Err(error) => Entrega::sin_archivo(
                sin_extension(&nombre_de(&archivo)).to_owned(),
                archivo.clone(),
                Falta::Ilegible {
                    archivo: nombre_de(&archivo),
                    causa: error.into(),
                },
            ),
        }
    }

    /// The submission of the file `nodo`, loose (in a class's folder or named), with
    /// `hermanos` given beside it; the student named after it, or as Canvas's name
    /// for it says.
    fn del_nodo(nodo: &Nodo, hermanos: Vec<(String, Lugar)>) -> Entrega {
        let canvas = Canvas::leer(&nodo.nombre);
        let estudiante = match &canvas {
            Some(canvas) => canvas.participante.nombre.clone(),
            None => sin_extension(&nodo.nombre).to_owned(),
        };
        let corto = canvas
            .as_ref()
            .map_or(nodo.nombre.clone(), |c| c.original.clone());
        let origen = nodo.lugar.origen();
        if let Some(causa) = problema(nodo) {
            let mut entrega = Entrega::sin_archivo(
                estudiante,
                origen,
                Falta::Ilegible {
                    archivo: corto.clone(),
                    causa,
                },
            );
            entrega.corto = corto;
            entrega.participante = canvas.map(|canvas| canvas.participante);
            return entrega;
        }
        let como = como_se_corrige(tipo(nodo), &corto);
        Entrega {
            estudiante,
            origen,
            eleccion: juntar(canvas.as_ref().and_then(Canvas::atraso), como),
            participante: canvas.map(|canvas| canvas.participante),
            falta: None,
            archivos: Some((nodo.lugar.clone(), hermanos)),
            corto,
        }
    }

    /// A submission with nothing to grade, for `falta`.
    fn sin_archivo(estudiante: String, origen: PathBuf, falta: Falta) -> Entrega {
        Entrega {
            estudiante,
            origen,
            corto: String::new(),
            eleccion: None,
            participante: None,
            falta: Some(falta),
            archivos: None,
        }
    }

    /// The submissions named, as a class is exported from a learning platform: a file
    /// is one student's; a zip is a class if it holds one (see below), else one
    /// student's; a folder is one student's when it holds Python, one file with
    /// `jugar` at most and no folder with one (or when a platform named it so), and
    /// otherwise a class: one folder per student (Moodle's named
    /// `Nombre_123456_assignsubmission_…`, the folders of one participant taken as one)
    /// and one file or zip, or a platform's files, per student (Canvas's named
    /// `nombre_123_456_archivo.py`). Of a student's files (inside subfolders and sent
    /// zips too) the one graded is `forzado` if it is there, else the newest that
    /// defines `jugar`. Within a class, by student's name; two students never share a
    /// name. A path named that is a symbolic link is not followed unless it ends in
    /// `/` (as the shell's own commands do): `curso/*` may name a student's link.
    ///
    /// # Errors
    ///
    /// No submission, a path that does not exist, a class's folder or zip that cannot
    /// be read, or a folder without submissions.
    pub fn buscar(
        nombradas: &[PathBuf],
        forzado: Option<&str>,
    ) -> Result<Vec<Entrega>, ErrorCorreccion> {
        if nombradas.is_empty() {
            return Err(ErrorCorreccion::SinEntregas);
        }
        let mut entregas = Vec::new();
        for ruta in nombradas {
            let nodo = Nodo::nombrado(ruta).map_err(|fuente| match fuente.kind() {
                std::io::ErrorKind::NotFound => ErrorCorreccion::NoExiste(ruta.clone()),
                _ => ErrorCorreccion::Carpeta {
                    ruta: ruta.clone(),
                    fuente,
                },
            })?;
            if tipo(&nodo) == Tipo::Zip {
                let clase = nodo.abrir_como_zip(true);
                if let Clase::Ilegible(causa) = &clase.clase {
                    return Err(ErrorCorreccion::Clase {
                        ruta: ruta.clone(),
                        causa: causa.clone(),
                    });
                }
                if es_de_un_estudiante(&clase) {
                    entregas.push(Entrega::de_zip(&nodo, forzado));
                } else {
                    entregas.extend(Entrega::de_la_clase(&clase, forzado)?);
                }
            } else if !nodo.es_carpeta() {
                entregas.push(Entrega::de_archivo(ruta.clone()));
            } else if es_de_un_estudiante(&nodo) {
                entregas.push(Entrega::de_la_carpeta(&[&nodo], forzado));
            } else {
                entregas.extend(Entrega::de_la_clase(&nodo, forzado)?);
            }
        }
        distinguir(&mut entregas);
        Ok(entregas)
    }

    /// The students of the class `clase` (a folder, or a zip read as one), by name.
    fn de_la_clase(clase: &Nodo, forzado: Option<&str>) -> Result<Vec<Entrega>, ErrorCorreccion> {
        if let Clase::Ilegible(causa) = &clase.clase {
            return Err(ErrorCorreccion::Clase {
                ruta: clase.lugar.origen(),
                causa: causa.clone(),
            });
        }
        let mut entregas = Vec::new();
        let mut de_moodle: BTreeMap<String, Vec<&Nodo>> = BTreeMap::new();
        let mut de_canvas: BTreeMap<String, Vec<(&Nodo, Canvas)>> = BTreeMap::new();
        for dentro in clase.hijos() {
            // A folder that cannot be listed is its student's, to grade by hand.
            if dentro.es_carpeta() || matches!(dentro.clase, Clase::Ilegible(_)) {
                match moodle(&dentro.nombre) {
                    Some(participante) => {
                        de_moodle.entry(participante.id).or_default().push(dentro)
                    }
                    None => entregas.push(Entrega::de_la_carpeta(&[dentro], forzado)),
                }
            } else if let Some(canvas) = Canvas::leer(&dentro.nombre) {
                let clave = canvas.participante.id.clone();
                de_canvas.entry(clave).or_default().push((dentro, canvas));
            } else {
                match tipo(dentro) {
                    Tipo::Zip => entregas.push(Entrega::de_zip(dentro, forzado)),
                    Tipo::Python | Tipo::Renombrado | Tipo::Cuaderno => {
                        entregas.push(Entrega::del_nodo(dentro, Vec::new()));
                    }
                    // A link or a special file where a student's file or folder goes:
                    // theirs, to grade by hand.
                    Tipo::Problema => entregas.push(Entrega::del_nodo(dentro, Vec::new())),
                    Tipo::Carpeta | Tipo::Otro => {}
                }
            }
        }
        for carpetas in de_moodle.into_values() {
            entregas.push(Entrega::de_la_carpeta(&carpetas, forzado));
        }
        for archivos in de_canvas.into_values() {
            entregas.push(Entrega::de_canvas(&archivos, forzado));
        }
        if entregas.is_empty() {
            return Err(ErrorCorreccion::CarpetaSinEntregas(clase.lugar.origen()));
        }
        entregas.sort_by(|a, b| a.estudiante.cmp(&b.estudiante));
        Ok(entregas)
    }

    /// The submission of the zip `zip`, loose in a class or named: the student named
    /// after it, what it holds chosen from as from a student's folder.
    fn de_zip(zip: &Nodo, forzado: Option<&str>) -> Entrega {
        let mut contenido = Contenido::default();
        contenido.zip(zip, "");
        let mut entrega = contenido.elegir(&zip.lugar.origen(), forzado);
        entrega.estudiante = sin_extension(&zip.nombre).to_owned();
        entrega
    }

    /// The submission of one student whose files Canvas exported side by side: each
    /// known by the name the student gave it.
    fn de_canvas(archivos: &[(&Nodo, Canvas)], forzado: Option<&str>) -> Entrega {
        let (ultimo, canvas) = archivos.last().expect("hay uno al menos");
        if let [(archivo, _)] = archivos
            && tipo(archivo) == Tipo::Python
        {
            return Entrega::del_nodo(archivo, Vec::new());
        }
        let mut contenido = Contenido::default();
        for (archivo, canvas) in archivos {
            match tipo(archivo) {
                Tipo::Zip => contenido.zip(archivo, &canvas.original),
                _ => contenido.visitar(archivo, &canvas.original, None),
            }
        }
        // Each file's folder is the student's whole submission, under their own names.
        let todos: Vec<(String, Lugar)> = (archivos.iter())
            .filter(|(archivo, _)| archivo.es_archivo())
            .map(|(archivo, canvas)| (canvas.original.clone(), archivo.lugar.clone()))
            .collect();
        for candidato in &mut contenido.candidatos {
            if candidato.zip.is_none() {
                candidato.hermanos = todos.clone();
            }
        }
        let mut entrega = contenido.elegir(&ultimo.lugar.origen(), forzado);
        entrega.estudiante = canvas.participante.nombre.clone();
        entrega.eleccion = juntar(entrega.eleccion, canvas.atraso());
        entrega.participante = Some(canvas.participante.clone());
        entrega
    }

    /// The submission of the student whose folders are `carpetas` (Moodle may export
    /// one participant as several): of their files (inside subfolders and zips too),
    /// `forzado` if it is there (by its path inside the folder or its name); else the
    /// one that defines `jugar`, or of several the newest; or if none does, the first
    /// by name; every other one named. The folder itself, saying why, if there is
    /// nothing to grade.
    fn de_la_carpeta(carpetas: &[&Nodo], forzado: Option<&str>) -> Entrega {
        let mut contenido = Contenido::default();
        for carpeta in carpetas {
            match &carpeta.clase {
                Clase::Ilegible(causa) => contenido
                    .problemas
                    .push((carpeta.nombre.clone(), causa.clone())),
                _ => contenido.recorrer(carpeta),
            }
        }
        // What goes back to the platform goes to the folder with the file graded.
        let principal = carpetas
            .iter()
            .find(|carpeta| {
                (contenido.candidatos.first())
                    .is_some_and(|c| c.origen.starts_with(carpeta.lugar.origen()))
            })
            .unwrap_or(&carpetas[0]);
        let participante = moodle(&principal.nombre);
        let mut entrega = contenido.elegir(&principal.lugar.origen(), forzado);
        entrega.estudiante = participante
            .as_ref()
            .map_or(principal.nombre.clone(), |participante| {
                participante.nombre.clone()
            });
        entrega.participante = participante;
        entrega
    }

    /// The files the grader is given, read now: the file graded first, then the others
    /// of its folder, within a bound.
    ///
    /// # Errors
    ///
    /// [`Falta`] if there is nothing to grade, or the file graded cannot be read.
    pub(super) fn archivos(&self) -> Result<Archivos, Falta> {
        if let Some(falta) = &self.falta {
            return Err(falta.clone());
        }
        let Some((principal, hermanos)) = &self.archivos else {
            return Err(Falta::Nada);
        };
        let ilegible = |causa| Falta::Ilegible {
            archivo: self.corto.clone(),
            causa,
        };
        let nombre = (hermanos.iter())
            .find(|(_, lugar)| lugar == principal)
            .map_or_else(
                || nombre_de(&principal.origen()),
                |(nombre, _)| nombre.clone(),
            );
        let fuente = fuente(principal, &nombre).map_err(ilegible)?;
        let mut bytes = fuente.len() as u64;
        let mut todos = vec![(nombre.clone(), fuente)];
        for (otro, lugar) in hermanos {
            if todos.len() >= HERMANOS {
                break;
            }
            if *otro == nombre {
                continue;
            }
            if let Ok(contenido) = lugar.leer(LIMITE_FUENTE)
                && bytes + contenido.len() as u64 <= BYTES_DE_LA_CARPETA
            {
                bytes += contenido.len() as u64;
                todos.push((otro.clone(), contenido));
            }
        }
        Ok(Archivos {
            principal: nombre,
            todos,
        })
    }

    /// The files on disk that grading it reads: the file graded and those of its
    /// folder, or the zips they are in. No output may be one of them.
    pub(super) fn leidas(&self) -> Vec<PathBuf> {
        let mut leidas: Vec<PathBuf> = (self.archivos.iter())
            .flat_map(|(principal, hermanos)| {
                std::iter::once(principal).chain(hermanos.iter().map(|(_, lugar)| lugar))
            })
            .map(Lugar::en_disco)
            .collect();
        leidas.sort();
        leidas.dedup();
        leidas
    }

    /// The text of the file graded, if it can be read: what the comparison of
    /// submissions reads.
    pub(super) fn texto(&self) -> Option<String> {
        let (principal, _) = self.archivos.as_ref()?;
        let bytes = fuente(principal, &nombre_de(&principal.origen())).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Why `nodo` cannot be graded when it would be: a link, a special file, a zip or
/// folder that cannot be read.
fn problema(nodo: &Nodo) -> Option<ErrorAjeno> {
    match &nodo.clase {
        Clase::Enlace => Some(ErrorAjeno::Enlace),
        Clase::Especial => Some(ErrorAjeno::Especial),
        Clase::Ilegible(causa) => Some(causa.clone()),
        Clase::Carpeta(_) | Clase::Archivo { .. } => None,
    }
}

/// A file of a student's that may be what they submitted.
#[derive(Debug)]
struct Candidato {
    /// Where it is.
    lugar: Lugar,
    /// Where it is, as the teaching assistant finds it ([`Entrega::origen`]).
    origen: PathBuf,
    /// Its path inside the student's folder, as the student knows it.
    corto: String,
    /// When it was last changed.
    modificado: Option<SystemTime>,
    /// The zip it came in, by its path inside the student's folder.
    zip: Option<String>,
    /// What kind of file: Python under its name or another, or a notebook.
    tipo: Tipo,
    /// Whether it defines `jugar`; after [`Contenido::por_modulos`], whether it has
    /// `jugar` as a main file: defined or imported from a module of its own, and it
    /// imported by none.
    con_jugar: bool,
    /// The modules it imports, by name.
    importa: Vec<String>,
    /// The files of its folder and below, by their paths from its folder.
    hermanos: Vec<(String, Lugar)>,
}

/// What a student's folder holds.
#[derive(Debug, Default)]
struct Contenido {
    candidatos: Vec<Candidato>,
    /// Zips that could not be read.
    fallidos: Vec<Falta>,
    /// What could not be looked at: links, special files, folders that cannot be
    /// listed, by their paths inside the folder, with why.
    problemas: Vec<(String, ErrorAjeno)>,
    /// Every other file, by its path inside the folder.
    otros: Vec<String>,
}

impl Contenido {
    /// Adds what is under the student's folder `carpeta`, its zips read as folders.
    fn recorrer(&mut self, carpeta: &Nodo) {
        self.carpeta(carpeta, "", None, true);
    }

    /// Adds what is in `carpeta`, known to the student as `ruta` (empty for their
    /// folder), inside the zip `zip` if it is in one; `zips` when the zips in it are
    /// read (those at the top of the student's folder).
    fn carpeta(&mut self, carpeta: &Nodo, ruta: &str, zip: Option<&str>, zips: bool) {
        let hermanos: Vec<(String, Lugar)> = (carpeta.archivos().into_iter())
            .map(|(camino, nodo)| (camino, nodo.lugar.clone()))
            .collect();
        let inicio = self.candidatos.len();
        for hijo in carpeta.hijos() {
            let camino = unir(ruta, &hijo.nombre);
            match (&hijo.clase, tipo(hijo)) {
                (Clase::Carpeta(_), _) => self.carpeta(hijo, &camino, zip, false),
                (_, Tipo::Zip) if zips => self.zip(hijo, &camino),
                _ => self.visitar(hijo, &camino, zip),
            }
        }
        for candidato in &mut self.candidatos[inicio..] {
            if candidato.hermanos.is_empty() {
                candidato.hermanos = hermanos.clone();
            }
        }
    }

    /// Adds what the zip `zip` holds, known to the student as `ruta`.
    fn zip(&mut self, zip: &Nodo, ruta: &str) {
        let abierto = zip.abrir_como_zip(false);
        match &abierto.clase {
            Clase::Ilegible(causa) => self.fallidos.push(Falta::Paquete {
                zip: nombre_o(ruta, &zip.nombre),
                causa: causa.to_string(),
            }),
            _ => self.carpeta(
                &abierto,
                &nombre_o(ruta, &zip.nombre),
                Some(&nombre_o(ruta, &zip.nombre)),
                false,
            ),
        }
    }

    /// Adds the file `nodo`, known to the student as `ruta`, from the zip `zip` if it
    /// came in one.
    fn visitar(&mut self, nodo: &Nodo, ruta: &str, zip: Option<&str>) {
        if let Some(causa) = problema(nodo) {
            self.problemas.push((ruta.to_owned(), causa));
            return;
        }
        match tipo(nodo) {
            tipo @ (Tipo::Python | Tipo::Renombrado | Tipo::Cuaderno) => {
                let codigo = Codigo::de(nodo);
                self.candidatos.push(Candidato {
                    con_jugar: codigo.define_jugar,
                    importa: codigo.importa,
                    modificado: match nodo.clase {
                        Clase::Archivo { modificado } => modificado,
                        _ => None,
                    },
                    origen: nodo.lugar.origen(),
                    lugar: nodo.lugar.clone(),
                    corto: ruta.to_owned(),
                    zip: zip.map(str::to_owned),
                    tipo,
                    hermanos: Vec::new(),
                });
            }
            _ => self.otros.push(ruta.to_owned()),
        }
    }

    /// The submission of a student's folder with this content, whose files come from
    /// `carpeta`, as [`Entrega::de_la_carpeta`] chooses its file; whose it is, still
    /// unsaid.
    fn elegir(mut self, carpeta: &Path, forzado: Option<&str>) -> Entrega {
        self.candidatos.sort_by(|a, b| a.corto.cmp(&b.corto));
        let por_modulos = self.por_modulos();
        if self.candidatos.is_empty() {
            let falta = match (self.fallidos.pop(), self.problemas.pop()) {
                (Some(fallido), _) => fallido,
                (None, Some((archivo, causa))) => Falta::Ilegible { archivo, causa },
                (None, None) if self.otros.is_empty() => Falta::Nada,
                (None, None) => Falta::SinPython(self.otros),
            };
            let mut entrega = Entrega::sin_archivo(String::new(), carpeta.to_owned(), falta);
            if let Some(Falta::Ilegible { archivo, .. }) = &entrega.falta {
                entrega.corto = archivo.clone();
            }
            return entrega;
        }
        let con_jugar: Vec<usize> = (0..self.candidatos.len())
            .filter(|&i| self.candidatos[i].con_jugar)
            .collect();
        let pedido = forzado.and_then(|forzado| {
            (self.candidatos.iter())
                .position(|c| c.corto == forzado || c.corto.rsplit('/').next() == Some(forzado))
        });
        let (elegido, porque) = match (pedido, con_jugar.as_slice()) {
            (Some(pedido), _) => (pedido, "el indicado por el ayudante".to_owned()),
            (None, [uno]) => match &por_modulos[*uno] {
                Some(modulo) => (*uno, format!("que usa el jugar de {}", visible(modulo))),
                None => (*uno, "que define jugar".to_owned()),
            },
            (None, []) => (0, "el primero por nombre (ninguno define jugar)".to_owned()),
            (None, varios) => {
                let mas_nuevo = (varios.iter())
                    .filter_map(|&i| self.candidatos[i].modificado)
                    .max();
                let empatados: Vec<usize> = (varios.iter().copied())
                    .filter(|&i| self.candidatos[i].modificado == mas_nuevo)
                    .collect();
                let cuantos = varios.len();
                match empatados.as_slice() {
                    [uno] => (
                        *uno,
                        format!("el más reciente de los {cuantos} que definen jugar"),
                    ),
                    _ => (
                        empatados.first().copied().unwrap_or(varios[0]),
                        format!(
                            "el primero por nombre de los {cuantos} que definen jugar, con la \
                             misma fecha"
                        ),
                    ),
                }
            }
        };
        let varios = con_jugar.len() > 1;
        let horas: Vec<SystemTime> = (con_jugar.iter())
            .filter_map(|&i| self.candidatos[i].modificado)
            .collect();
        let segundos = con_segundos(&horas);
        let otros: Vec<String> = (self.candidatos.iter().enumerate())
            .filter(|&(i, _)| i != elegido)
            .map(|(_, otro)| mencion(otro, varios, segundos))
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
                mencion(&elegido, varios, segundos),
                otros.join(", ")
            ));
        }
        if let Some(zip) = &elegido.zip {
            notas.push(format!(
                "venía dentro de {}, que se leyó sin descomprimir",
                visible(zip)
            ));
        }
        notas.extend(como_se_corrige(elegido.tipo, &elegido.corto));
        // A zip that could not be read, beside the file graded: what it held was not.
        for fallido in &self.fallidos {
            if let Falta::Paquete { zip, causa } = fallido {
                notas.push(format!(
                    "también envió {}, que no se pudo leer: {causa}",
                    visible(zip)
                ));
            }
        }
        if !self.problemas.is_empty() {
            let nombres: Vec<String> = self
                .problemas
                .iter()
                .map(|(ruta, _)| ruta.clone())
                .collect();
            notas.push(format!(
                "no se leyó {} (enlaces o archivos especiales, que no se siguen)",
                lista(&nombres)
            ));
        }
        Entrega {
            estudiante: String::new(),
            origen: elegido.origen,
            corto: elegido.corto,
            eleccion: (!notas.is_empty()).then(|| notas.join("; ")),
            participante: None,
            falta: None,
            archivos: Some((elegido.lugar, elegido.hermanos)),
        }
    }
}

impl Contenido {
    /// Tells main files from helper modules: a candidate that another of its folder
    /// imports is a module, and has no `jugar` of its own to grade; one that imports a
    /// module of its folder that defines `jugar` has it. For each candidate, the module
    /// whose `jugar` it has, when it is not its own.
    fn por_modulos(&mut self) -> Vec<Option<String>> {
        let carpeta = |corto: &str| {
            corto
                .rsplit_once('/')
                .map_or("", |(carpeta, _)| carpeta)
                .to_owned()
        };
        let modulo = |corto: &str| {
            let nombre = corto.rsplit('/').next().unwrap_or(corto);
            nombre.split('.').next().unwrap_or(nombre).to_owned()
        };
        let claves: Vec<(String, String)> = (self.candidatos.iter())
            .map(|c| (carpeta(&c.corto), modulo(&c.corto)))
            .collect();
        let importado = |i: usize| {
            (self.candidatos.iter().zip(&claves))
                .enumerate()
                .any(|(j, (otro, clave))| {
                    j != i && clave.0 == claves[i].0 && otro.importa.contains(&claves[i].1)
                })
        };
        let ayudantes: Vec<bool> = (0..self.candidatos.len()).map(importado).collect();
        let mut de_quien = vec![None; self.candidatos.len()];
        let definen: Vec<bool> = self.candidatos.iter().map(|c| c.con_jugar).collect();
        for (i, candidato) in self.candidatos.iter_mut().enumerate() {
            if ayudantes[i] {
                candidato.con_jugar = false;
            } else if !definen[i] {
                let suyo = (claves.iter().enumerate()).find(|(k, (carpeta, modulo))| {
                    definen[*k] && *carpeta == claves[i].0 && candidato.importa.contains(modulo)
                });
                if let Some((k, _)) = suyo {
                    candidato.con_jugar = true;
                    de_quien[i] = Some(format!("{}.py", claves[k].1));
                }
            }
        }
        de_quien
    }
}

/// What a Python file says of itself, read, never run: whether it defines `jugar` at
/// the top level, and the modules it imports.
struct Codigo {
    define_jugar: bool,
    importa: Vec<String>,
}

impl Codigo {
    /// The file `nodo`'s (nothing, if it cannot be read).
    fn de(nodo: &Nodo) -> Codigo {
        let texto = fuente(&nodo.lugar, &nodo.nombre)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default();
        let define_jugar = texto.lines().any(|linea| {
            linea.strip_prefix("def").is_some_and(|resto| {
                resto
                    .trim_start()
                    .strip_prefix("jugar")
                    .is_some_and(|r| r.trim_start().starts_with('('))
            })
        });
        let importa = texto
            .lines()
            .filter_map(|linea| {
                let resto = linea
                    .strip_prefix("import ")
                    .or_else(|| linea.strip_prefix("from "))?;
                let nombre: String = resto
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                (!nombre.is_empty()).then_some(nombre)
            })
            .collect();
        Codigo {
            define_jugar,
            importa,
        }
    }
}

/// `nombre` inside `ruta` (a path inside a student's folder), `/` between them.
fn unir(ruta: &str, nombre: &str) -> String {
    if ruta.is_empty() {
        nombre.to_owned()
    } else {
        format!("{ruta}/{nombre}")
    }
}

/// `ruta` if it is one, else `nombre`.
fn nombre_o(ruta: &str, nombre: &str) -> String {
    if ruta.is_empty() {
        nombre.to_owned()
    } else {
        ruta.to_owned()
    }
}

/// A candidate as a choice names it: its path in the folder and, when `varios` define
/// `jugar` and it does, when it was changed (to the second if `segundos`).
fn mencion(candidato: &Candidato, varios: bool, segundos: bool) -> String {
    match candidato.modificado.and_then(|hora| fecha(hora, segundos)) {
        Some(fecha) if varios && candidato.con_jugar => {
            format!("{}, del {fecha}", visible(&candidato.corto))
        }
        _ => visible(&candidato.corto),
    }
}

/// A moment as a choice shows it: the local date and time, to the minute, or to the
/// second if `segundos`.
fn fecha(hora: SystemTime, segundos: bool) -> Option<String> {
    let momento = jiff::Timestamp::try_from(hora).ok()?;
    let local = momento.to_zoned(jiff::tz::TimeZone::system());
    let formato = if segundos {
        "%Y-%m-%d %H:%M:%S"
    } else {
        "%Y-%m-%d %H:%M"
    };
    Some(local.strftime(formato).to_string())
}

/// Whether two of `horas`, different, show the same minute: then the choice shows the
/// seconds, so that the newer does not read as the same moment.
fn con_segundos(horas: &[SystemTime]) -> bool {
    let mut distintas: Vec<&SystemTime> = horas.iter().collect();
    distintas.sort();
    distintas.dedup();
    let mut minutos: Vec<String> = (distintas.iter())
        .filter_map(|&&hora| fecha(hora, false))
        .collect();
    minutos.sort();
    minutos.dedup();
    minutos.len() < distintas.len()
}

/// What the report says of a file `corto` of kind `tipo` graded: Python under another
/// name, or a notebook, graded as its code.
fn como_se_corrige(tipo: Tipo, corto: &str) -> Option<String> {
    match tipo {
        Tipo::Renombrado => Some(format!(
            "{} no termina en .py, pero es Python: se corrigió igual",
            visible(corto)
        )),
        Tipo::Cuaderno => Some(format!(
            "{} es un cuaderno (Colab o Jupyter): se corrigió el código de sus celdas, en \
             orden, como un .py, sin las líneas de la consola (!pip, %time)",
            visible(corto)
        )),
        _ => None,
    }
}

/// The text of the student's file `nombre` at `lugar`, as Python: a notebook's code
/// ([`cuaderno::codigo`]), any other file's bytes.
///
/// # Errors
///
/// [`ErrorAjeno`] if it cannot be read, or is a notebook that is no notebook.
fn fuente(lugar: &Lugar, nombre: &str) -> Result<Vec<u8>, ErrorAjeno> {
    if extension(nombre).as_deref() != Some("ipynb") {
        return lugar.leer(LIMITE_FUENTE);
    }
    let bytes = lugar.leer(cuaderno::LIMITE_CUADERNO)?;
    cuaderno::codigo(&bytes)
        .map(String::into_bytes)
        .map_err(ErrorAjeno::Sistema)
}

/// Two optional sentences as one.
fn juntar(primera: Option<String>, segunda: Option<String>) -> Option<String> {
    match (primera, segunda) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    }
}

/// What a file or folder of a student's is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tipo {
    /// A folder.
    Carpeta,
    /// A `.py` file.
    Python,
    /// Python under another name: `tarea2.py.txt`, `tarea2.txt` or `tarea2`.
    Renombrado,
    /// A notebook, `.ipynb`: its code cells are the program.
    Cuaderno,
    /// A `.zip` file.
    Zip,
    /// A link, a special file, or what cannot be read.
    Problema,
    /// Anything else.
    Otro,
}

/// What `nodo` is, its name and (when it may be Python under another name) its first
/// lines saying.
fn tipo(nodo: &Nodo) -> Tipo {
    match &nodo.clase {
        Clase::Carpeta(_) => return Tipo::Carpeta,
        Clase::Archivo { .. } => {}
        Clase::Enlace | Clase::Especial | Clase::Ilegible(_) => {
            // What the name says it would be, if it is one of the student's.
            return match extension(&nodo.nombre).as_deref() {
                Some("py" | "ipynb" | "zip") => Tipo::Problema,
                _ => Tipo::Otro,
            };
        }
    }
    match extension(&nodo.nombre).as_deref() {
        Some("py") => Tipo::Python,
        Some("ipynb") => Tipo::Cuaderno,
        Some("zip") => Tipo::Zip,
        None | Some("txt") if parece_python(&nodo.lugar) => Tipo::Renombrado,
        _ => Tipo::Otro,
    }
}

/// The extension of the name `nombre`, in lowercase.
fn extension(nombre: &str) -> Option<String> {
    Path::new(nombre)
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
}

/// Whether the file at `lugar` reads as Python: a line at the top level that defines a
/// function (`def f(…):`) or imports a module, in its first 64 KiB.
fn parece_python(lugar: &Lugar) -> bool {
    lugar.leer_inicio(64 * 1024).is_ok_and(|bytes| {
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::trim_end)
            .any(|linea| {
                (linea.starts_with("def ") && linea.contains('(') && linea.ends_with(':'))
                    || linea.starts_with("import ")
                    || (linea.starts_with("from ") && linea.contains(" import "))
            })
    })
}

/// Whether the folder `carpeta` is one student's: named by Moodle as a student's,
/// or holding a Python file or a zip, at most one file with `jugar`, no folder with one,
/// and no Canvas file.
fn es_de_un_estudiante(carpeta: &Nodo) -> bool {
    if moodle(&carpeta.nombre).is_some() {
        return true;
    }
    let (mut con_jugar, mut hay) = (0, false);
    for hijo in carpeta.hijos() {
        match tipo(hijo) {
            Tipo::Carpeta => {
                if moodle(&hijo.nombre).is_some() || tiene_jugar(hijo) {
                    return false;
                }
            }
            Tipo::Python | Tipo::Renombrado | Tipo::Cuaderno => {
                if Canvas::leer(&hijo.nombre).is_some() {
                    return false;
                }
                con_jugar += usize::from(Codigo::de(hijo).define_jugar);
                hay = true;
            }
            Tipo::Zip => {
                if Canvas::leer(&hijo.nombre).is_some() {
                    return false;
                }
                hay = true;
            }
            Tipo::Problema | Tipo::Otro => {}
        }
    }
    hay && con_jugar <= 1
}

/// Whether some Python file under `carpeta` defines `jugar` (a zip counts as one).
fn tiene_jugar(carpeta: &Nodo) -> bool {
    carpeta.hijos().iter().any(|hijo| match tipo(hijo) {
        Tipo::Carpeta => tiene_jugar(hijo),
        Tipo::Python | Tipo::Renombrado | Tipo::Cuaderno => Codigo::de(hijo).define_jugar,
        Tipo::Zip => true,
        Tipo::Problema | Tipo::Otro => false,
    })
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

/// A file's name without the extensions a submission comes with: `ana.py`, `ana.zip`
/// and `ana.py.txt` are all `ana`.
fn sin_extension(nombre: &str) -> &str {
    let mut corto = nombre;
    for extension in [".txt", ".zip", ".py", ".ipynb"] {
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

#[cfg(test)]
mod tests {
    use super::*;

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
