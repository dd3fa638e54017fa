//! Where a student's files are: on disk, or inside a zip (one they sent, or the export
//! of a whole class), read where they are, never unpacked, without following a link
//! and never past a bound.
//!
//! Everything below the folders and files a teaching assistant names is the students':
//! a name may be a link to the assistant's own files, a pipe that blocks whoever opens
//! it, a sparse file of gigabytes, a zip that unpacks to far more than it weighs. So a
//! file on disk is opened part by part without following links
//! ([`disco::abrir_ajeno`]), its type checked on what was opened, and read up to a
//! bound; a zip is read from its directory, each entry decompressed only when it is
//! read and only up to the bound; a zip inside a zip is read into memory, bounded too.

use std::{
    fs,
    io::{self, Cursor, Read, Seek},
    path::{Component, Path, PathBuf},
    sync::Arc,
    time::SystemTime,
};

use zip::{ZipArchive, result::ZipError};

use othello::disco::{self, ErrorAjeno};

/// The largest Python file read (a homework is a few kilobytes).
pub(super) const LIMITE_FUENTE: u64 = 1024 * 1024;

/// The largest zip sent inside another that is read (into memory), and the largest
/// zip of a student's on disk that is opened.
const LIMITE_ZIP: u64 = 64 * 1024 * 1024;

/// The largest zip of a whole class that is opened (its entries are read one by one).
const LIMITE_CLASE: u64 = 16 * 1024 * 1024 * 1024;

/// The most entries a student's zip may have, and a class's.
const ENTRADAS_ZIP: usize = 1000;
const ENTRADAS_CLASE: usize = 200_000;

/// The most files and folders looked at in one student's folder (in a class's
/// folder, in each of its folders), and how deep.
const NODOS: usize = 5000;
const HONDURA: usize = 12;

/// The most entries of a folder named that are looked at: a class.
const ENTRADAS_CARPETA: usize = 200_000;

/// Where one file or folder is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Lugar {
    /// On disk: `relativa` under `base`. `base` was named by the teaching assistant and
    /// is followed; nothing below it is ([`disco::abrir_ajeno`]).
    Disco {
        /// The folder named.
        base: PathBuf,
        /// The path below it, empty for `base` itself.
        relativa: PathBuf,
    },
    /// An entry of the zip at `zip`.
    Zip {
        /// Where the zip is.
        zip: Arc<Lugar>,
        /// The entry's number in the zip's directory; `None` for a folder that has no
        /// entry of its own (its files name it).
        indice: Option<usize>,
        /// Its path in the zip.
        ruta: PathBuf,
    },
}

/// What a zip is read through: a file on disk, or a zip's bytes in memory.
trait Fuente: Read + Seek {}

impl<T: Read + Seek> Fuente for T {}

impl Lugar {
    /// A path on disk, followed as named.
    fn disco(base: &Path) -> Lugar {
        Lugar::Disco {
            base: base.to_owned(),
            relativa: PathBuf::new(),
        }
    }

    /// The file or folder `nombre` in this folder (on disk only).
    fn dentro(&self, nombre: &str) -> Lugar {
        match self {
            Lugar::Disco { base, relativa } => Lugar::Disco {
                base: base.clone(),
                relativa: relativa.join(nombre),
            },
            Lugar::Zip { .. } => unreachable!("una carpeta de un zip se arma de su directorio"),
        }
    }

    /// Where it is, as a teaching assistant finds it: the path on disk, or the zip's
    /// joined with the entry's path.
    pub(super) fn origen(&self) -> PathBuf {
        match self {
            Lugar::Disco { base, relativa } if relativa.as_os_str().is_empty() => base.clone(),
            Lugar::Disco { base, relativa } => base.join(relativa),
            Lugar::Zip { zip, ruta, .. } => zip.origen().join(ruta),
        }
    }

    /// The file on disk it is read from: itself, or the zip it is in.
    pub(super) fn en_disco(&self) -> PathBuf {
        match self {
            Lugar::Disco { .. } => self.origen(),
            Lugar::Zip { zip, .. } => zip.en_disco(),
        }
    }

    /// Its bytes, at most `limite` of them.
    ///
    /// # Errors
    ///
    /// [`ErrorAjeno`]: a link, a folder, a special file, a larger file, a zip that
    /// cannot be read, or the system's refusal.
    pub(super) fn leer(&self, limite: u64) -> Result<Vec<u8>, ErrorAjeno> {
        self.con_lector(limite, |lector| disco::leer_acotado(lector, limite))
    }

    /// Its first `n` bytes, whatever its size.
    ///
    /// # Errors
    ///
    /// As [`Lugar::leer`], but for its size.
    pub(super) fn leer_inicio(&self, n: u64) -> Result<Vec<u8>, ErrorAjeno> {
        self.con_lector(u64::MAX, |lector| {
            let mut bytes = Vec::new();
            lector.take(n).read_to_end(&mut bytes)?;
            Ok(bytes)
        })
    }

    /// Runs `leer` on a reader of this file, which must be a common file of at most
    /// `limite` bytes.
    fn con_lector<T>(
        &self,
        limite: u64,
        leer: impl FnOnce(&mut dyn Read) -> Result<T, ErrorAjeno>,
    ) -> Result<T, ErrorAjeno> {
        match self {
            Lugar::Disco { base, relativa } => {
                let mut archivo = disco::abrir_ajeno(base, relativa, limite)?;
                leer(&mut archivo)
            }
            Lugar::Zip { zip, indice, .. } => {
                let indice = indice.ok_or(ErrorAjeno::Carpeta)?;
                let mut archivo = abrir_zip(zip, ENTRADAS_CLASE)?;
                let mut entrada = archivo.by_index(indice).map_err(error_del_zip)?;
                if entrada.is_symlink() {
                    return Err(ErrorAjeno::Enlace);
                }
                if entrada.is_dir() {
                    return Err(ErrorAjeno::Carpeta);
                }
                if entrada.size() > limite {
                    return Err(ErrorAjeno::Grande { limite });
                }
                leer(&mut entrada)
            }
        }
    }
}

/// The zip at `lugar`, with at most `entradas` entries: on disk, opened as any file of a
/// student's; inside another zip, read into memory.
fn abrir_zip(lugar: &Lugar, entradas: usize) -> Result<ZipArchive<Box<dyn Fuente>>, ErrorAjeno> {
    let fuente: Box<dyn Fuente> = match lugar {
        Lugar::Disco { base, relativa } => {
            let limite = if entradas > ENTRADAS_ZIP {
                LIMITE_CLASE
            } else {
                LIMITE_ZIP
            };
            Box::new(disco::abrir_ajeno(base, relativa, limite)?)
        }
        Lugar::Zip { .. } => Box::new(Cursor::new(lugar.leer(LIMITE_ZIP)?)),
    };
    let zip = ZipArchive::new(fuente).map_err(error_del_zip)?;
    if zip.len() > entradas {
        return Err(ErrorAjeno::Sistema(format!(
            "tiene más de {entradas} archivos"
        )));
    }
    Ok(zip)
}

/// A zip's error in Spanish, in the words of someone who sent it.
fn error_del_zip(error: ZipError) -> ErrorAjeno {
    ErrorAjeno::Sistema(match error {
        ZipError::Io(error) if error.kind() == io::ErrorKind::UnexpectedEof => {
            "no es un zip completo (¿se cortó al subirlo o al descargarlo?)".into()
        }
        ZipError::Io(error) => ErrorAjeno::from(error).to_string(),
        ZipError::InvalidArchive(_) => {
            "no es un zip que se pueda abrir (está dañado, o es otro formato con el nombre \
             .zip)"
                .into()
        }
        ZipError::InvalidPassword => "es un zip con contraseña".into(),
        ZipError::UnsupportedArchive(_) | ZipError::CompressionMethodNotSupported(_) => {
            "es un zip cifrado o comprimido de una forma que no se puede leer".into()
        }
        _ => "no es un zip que se pueda abrir".into(),
    })
}

/// A file or folder of what was submitted, with what is inside a folder.
#[derive(Clone, Debug)]
pub(super) struct Nodo {
    /// Its name in its folder.
    pub(super) nombre: String,
    /// Where it is.
    pub(super) lugar: Lugar,
    /// What it is.
    pub(super) clase: Clase,
}

/// What a [`Nodo`] is.
#[derive(Clone, Debug)]
pub(super) enum Clase {
    /// A folder, with what it holds (but the hidden, Python's caches and `__MACOSX`),
    /// by name.
    Carpeta(Vec<Nodo>),
    /// A common file.
    Archivo {
        /// When it was last changed, as its folder or its zip says.
        modificado: Option<SystemTime>,
    },
    /// A symbolic link: never followed.
    Enlace,
    /// A pipe, a device, a socket.
    Especial,
    /// A folder that could not be listed, or a zip that could not be read: why.
    Ilegible(ErrorAjeno),
}

/// Whether an entry named `nombre` is left out of every listing: hidden files,
/// Python's caches and macOS's `__MACOSX` and `._` files.
fn oculto(nombre: &str) -> bool {
    nombre.starts_with('.') || nombre == "__pycache__" || nombre == "__MACOSX"
}

impl Nodo {
    /// The file or folder at `lugar` on disk (followed as named, as a teaching
    /// assistant names it, with a path that ends in `/` to follow a link), with what it
    /// holds, as [`Nodo::del_disco`] reads it.
    ///
    /// # Errors
    ///
    /// The system's, if it cannot be looked at.
    pub(super) fn nombrado(ruta: &Path) -> io::Result<Nodo> {
        // As given: a final `/` makes the system follow a link to a folder.
        let datos = fs::symlink_metadata(ruta)?;
        let nombre = ruta
            .file_name()
            .map_or_else(|| ruta.to_string_lossy(), |nombre| nombre.to_string_lossy())
            .into_owned();
        let (base, relativa) = match (ruta.parent(), ruta.file_name()) {
            (Some(carpeta), Some(nombre)) if !datos.is_dir() => (
                if carpeta.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    carpeta.to_owned()
                },
                PathBuf::from(nombre),
            ),
            _ => (ruta.to_owned(), PathBuf::new()),
        };
        let mut cuenta = 0;
        Ok(Nodo::del_disco(
            nombre,
            Lugar::Disco { base, relativa },
            &datos,
            (0, HONDURA),
            &mut cuenta,
        ))
    }

    /// The folder at `carpeta` on disk (followed as named) with the files and folders
    /// right in it, none of what they hold.
    ///
    /// # Errors
    ///
    /// The system's, if it cannot be looked at.
    pub(super) fn listado(carpeta: &Path) -> io::Result<Nodo> {
        let datos = fs::metadata(carpeta)?;
        let mut cuenta = 0;
        Ok(Nodo::del_disco(
            carpeta.to_string_lossy().into_owned(),
            Lugar::disco(carpeta),
            &datos,
            (0, 1),
            &mut cuenta,
        ))
    }

    /// The file or folder `nombre` at `lugar`, whose metadata (not following a link) is
    /// `datos`, and what it holds down to a depth of `tope`, being `hondura` folders
    /// down; `cuenta` counts what was looked at, up to [`NODOS`].
    fn del_disco(
        nombre: String,
        lugar: Lugar,
        datos: &fs::Metadata,
        (hondura, tope): (usize, usize),
        cuenta: &mut usize,
    ) -> Nodo {
        let tipo = datos.file_type();
        let clase = if tipo.is_symlink() {
            Clase::Enlace
        } else if tipo.is_file() {
            Clase::Archivo {
                modificado: datos.modified().ok(),
            }
        } else if !tipo.is_dir() {
            Clase::Especial
        } else if hondura >= tope {
            Clase::Carpeta(Vec::new())
        } else {
            match fs::read_dir(lugar.origen()) {
                Ok(entradas) => {
                    let mut hijos = Vec::new();
                    for entrada in entradas.flatten() {
                        let nombre = entrada.file_name().to_string_lossy().into_owned();
                        if oculto(&nombre) {
                            continue;
                        }
                        // The folder named may be a class: each of its own gets a count.
                        let mut propia = 0;
                        let (cuenta, maximo) = match hondura {
                            0 => (&mut propia, ENTRADAS_CARPETA),
                            _ => (&mut *cuenta, NODOS),
                        };
                        *cuenta += 1;
                        if hijos.len() >= ENTRADAS_CARPETA || *cuenta > maximo {
                            break;
                        }
                        // The entry's own metadata: a link is not followed.
                        let Ok(datos) = fs::symlink_metadata(entrada.path()) else {
                            continue;
                        };
                        let lugar = lugar.dentro(&nombre);
                        let dentro = (hondura + 1, tope);
                        hijos.push(Nodo::del_disco(nombre, lugar, &datos, dentro, cuenta));
                    }
                    hijos.sort_by(|a, b| a.nombre.cmp(&b.nombre));
                    Clase::Carpeta(hijos)
                }
                Err(error) => Clase::Ilegible(error.into()),
            }
        };
        Nodo {
            nombre,
            lugar,
            clase,
        }
    }

    /// The zip `self` (a file) as a folder of the same name, with what its directory
    /// says it holds (links and hidden entries aside, nothing read yet); a zip that
    /// cannot be read, as [`Clase::Ilegible`]. `clase` says whether it may be a whole
    /// class's export, with many more entries than a student's.
    pub(super) fn abrir_como_zip(&self, clase: bool) -> Nodo {
        let entradas = if clase { ENTRADAS_CLASE } else { ENTRADAS_ZIP };
        let zip = Arc::new(self.lugar.clone());
        let clase = match listar_zip(&zip, entradas) {
            Ok(hijos) => Clase::Carpeta(hijos),
            Err(error) => Clase::Ilegible(error),
        };
        Nodo {
            nombre: self.nombre.clone(),
            lugar: self.lugar.clone(),
            clase,
        }
    }

    /// What it holds, if it is a folder.
    pub(super) fn hijos(&self) -> &[Nodo] {
        match &self.clase {
            Clase::Carpeta(hijos) => hijos,
            _ => &[],
        }
    }

    /// Whether it is a folder.
    pub(super) fn es_carpeta(&self) -> bool {
        matches!(self.clase, Clase::Carpeta(_))
    }

    /// Whether it is a common file.
    pub(super) fn es_archivo(&self) -> bool {
        matches!(self.clase, Clase::Archivo { .. })
    }

    /// Every common file under it, with its path from it (`/` between folders), in
    /// order of path.
    pub(super) fn archivos(&self) -> Vec<(String, &Nodo)> {
        let mut archivos = Vec::new();
        let mut pendientes: Vec<(String, &Nodo)> = vec![(String::new(), self)];
        while let Some((ruta, nodo)) = pendientes.pop() {
            for hijo in nodo.hijos() {
                let camino = if ruta.is_empty() {
                    hijo.nombre.clone()
                } else {
                    format!("{ruta}/{}", hijo.nombre)
                };
                match hijo.clase {
                    Clase::Carpeta(_) => pendientes.push((camino, hijo)),
                    Clase::Archivo { .. } => archivos.push((camino, hijo)),
                    _ => {}
                }
            }
        }
        archivos.sort_by(|a, b| a.0.cmp(&b.0));
        archivos
    }
}

/// The entries of the zip at `zip`, at most `entradas`, as a tree of folders.
fn listar_zip(zip: &Arc<Lugar>, entradas: usize) -> Result<Vec<Nodo>, ErrorAjeno> {
    let mut archivo = abrir_zip(zip, entradas)?;
    let mut raiz: Vec<Nodo> = Vec::new();
    for indice in 0..archivo.len() {
        let entrada = archivo.by_index_raw(indice).map_err(error_del_zip)?;
        let Some(ruta) = entrada.enclosed_name() else {
            continue;
        };
        let partes: Vec<String> = (ruta.components())
            .filter_map(|parte| match parte {
                Component::Normal(nombre) => Some(nombre.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect();
        if partes.is_empty() || partes.iter().any(|parte| oculto(parte)) {
            continue;
        }
        let clase = if entrada.is_symlink() {
            Clase::Enlace
        } else if entrada.is_dir() {
            Clase::Carpeta(Vec::new())
        } else {
            Clase::Archivo {
                modificado: entrada.last_modified().and_then(hora_local),
            }
        };
        let lugar = Lugar::Zip {
            zip: Arc::clone(zip),
            indice: Some(indice),
            ruta: ruta.clone(),
        };
        poner(&mut raiz, zip, &partes, 0, lugar, clase);
    }
    ordenar(&mut raiz);
    Ok(raiz)
}

/// Puts the entry at `partes` in the tree `hijos` (the folder of `partes[..hecho]`),
/// making its folders as needed: a folder's own entry may come after its files, or
/// never.
fn poner(
    hijos: &mut Vec<Nodo>,
    zip: &Arc<Lugar>,
    partes: &[String],
    hecho: usize,
    lugar: Lugar,
    clase: Clase,
) {
    let Some(nombre) = partes.get(hecho) else {
        return;
    };
    let posicion = hijos.iter().position(|hijo| hijo.nombre == *nombre);
    if hecho + 1 == partes.len() {
        let nodo = Nodo {
            nombre: nombre.clone(),
            lugar,
            clase,
        };
        match posicion {
            // A folder's entry after its files: it is there already.
            Some(_) if nodo.es_carpeta() => {}
            Some(i) => hijos[i] = nodo,
            None => hijos.push(nodo),
        }
        return;
    }
    let i = match posicion {
        Some(i) if hijos[i].es_carpeta() => i,
        _ => {
            let carpeta = Nodo {
                nombre: nombre.clone(),
                lugar: Lugar::Zip {
                    zip: Arc::clone(zip),
                    indice: None,
                    ruta: partes[..=hecho].iter().collect(),
                },
                clase: Clase::Carpeta(Vec::new()),
            };
            match posicion {
                Some(i) => {
                    hijos[i] = carpeta;
                    i
                }
                None => {
                    hijos.push(carpeta);
                    hijos.len() - 1
                }
            }
        }
    };
    if let Clase::Carpeta(nietos) = &mut hijos[i].clase {
        poner(nietos, zip, partes, hecho + 1, lugar, clase);
    }
}

/// Sorts every folder of the tree by name.
fn ordenar(hijos: &mut [Nodo]) {
    hijos.sort_by(|a, b| a.nombre.cmp(&b.nombre));
    for hijo in hijos {
        if let Clase::Carpeta(nietos) = &mut hijo.clase {
            ordenar(nietos);
        }
    }
}

/// A zip entry's time, written in the local time of whoever made it, as a moment.
fn hora_local(hora: zip::DateTime) -> Option<SystemTime> {
    let civil = jiff::civil::DateTime::try_from(hora).ok()?;
    let zonada = civil.to_zoned(jiff::tz::TimeZone::system()).ok()?;
    Some(SystemTime::from(zonada.timestamp()))
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn zip(ruta: &Path, entradas: &[(&str, &[u8])]) {
        let mut zip = zip::ZipWriter::new(fs::File::create(ruta).unwrap());
        for (nombre, bytes) in entradas {
            let opciones = zip::write::SimpleFileOptions::default();
            zip.start_file(*nombre, opciones).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
    }

    #[test]
    fn un_zip_se_lee_sin_desempacar_y_nada_sale_de_su_carpeta() {
        let dir = tempfile::tempdir().unwrap();
        let comprimido = dir.path().join("e.zip");
        zip(
            &comprimido,
            &[
                (
                    "tarea2/tarea2.py",
                    b"def jugar(t, p, v):\n    return False\n",
                ),
                ("../fuera.py", b"x = 1\n"),
                ("/raiz.py", b"x = 1\n"),
                ("__MACOSX/tarea2/._tarea2.py", b"\0\x05"),
                (".oculto.py", b"x = 1\n"),
                ("grande.py", &[b'x'; 2000]),
            ],
        );
        let nodo = Nodo::nombrado(&comprimido).unwrap().abrir_como_zip(false);
        let archivos: Vec<String> = nodo.archivos().into_iter().map(|(r, _)| r).collect();
        // An absolute name stays inside, as a relative one; `..` is left out.
        assert_eq!(archivos, ["grande.py", "raiz.py", "tarea2/tarea2.py"]);
        let (_, tarea) = &nodo.archivos()[2];
        assert_eq!(
            tarea.lugar.leer(LIMITE_FUENTE).unwrap(),
            b"def jugar(t, p, v):\n    return False\n"
        );
        assert_eq!(tarea.lugar.origen(), comprimido.join("tarea2/tarea2.py"));
        let (_, grande) = &nodo.archivos()[0];
        assert_eq!(
            grande.lugar.leer(1000),
            Err(ErrorAjeno::Grande { limite: 1000 })
        );
        assert_eq!(grande.lugar.leer_inicio(10).unwrap(), b"xxxxxxxxxx");
        fs::write(&comprimido, "no es un zip").unwrap();
        let roto = Nodo::nombrado(&comprimido).unwrap().abrir_como_zip(false);
        let Clase::Ilegible(error) = roto.clase else {
            panic!("{roto:?}")
        };
        assert!(error.to_string().starts_with("no es un zip"), "{error}");
    }

    #[test]
    fn una_carpeta_se_recorre_sin_seguir_enlaces() {
        let dir = tempfile::tempdir().unwrap();
        let ana = dir.path().join("ana");
        fs::create_dir_all(ana.join("sub")).unwrap();
        fs::write(ana.join("sub/tarea2.py"), "x = 1\n").unwrap();
        std::os::unix::fs::symlink(dir.path(), ana.join("arriba")).unwrap();
        std::os::unix::fs::symlink(".", ana.join("aqui")).unwrap();
        let nodo = Nodo::nombrado(&ana).unwrap();
        let nombres: Vec<(&str, bool)> = (nodo.hijos().iter())
            .map(|hijo| (hijo.nombre.as_str(), matches!(hijo.clase, Clase::Enlace)))
            .collect();
        assert_eq!(nombres, [("aqui", true), ("arriba", true), ("sub", false)]);
        let archivos: Vec<String> = nodo.archivos().into_iter().map(|(r, _)| r).collect();
        assert_eq!(archivos, ["sub/tarea2.py"]);
    }
}
