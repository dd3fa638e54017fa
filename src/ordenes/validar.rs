//! `validar`: checks board files against the format and tells every problem of each,
//! one per line, as compilers do (`archivo:línea:columna: error: …`), so that editors
//! and `grep` read them. Those lines are records, never wrapped.

use std::{
    io::{self, Read, Write},
    path::{Path, PathBuf},
};

use serde::Serialize;

use super::{
    corrida::{Corrida, Ejecutar},
    error::ErrorOrden,
    informe::Informe,
};
use crate::argumentos::{Entrada, entrada};
use othello::{
    ErrorArchivo,
    formato::archivo::{Revision, revisar_bytes},
    texto::ruta_visible,
};

/// `validar ARCHIVO...`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Una línea por problema: archivo:línea:columna: error: mensaje (o aviso). Sale con \
estado 0 solo si todos son válidos. Avisa, sin fallar, de los tableros a los que \
ninguna partida real llega: menos de 4 fichas o una casilla central vacía.")]
pub struct Validar {
    #[arg(
        value_name = "ARCHIVO",
        required = true,
        value_parser = entrada(),
        help = "Los tableros («-»: la entrada estándar)"
    )]
    archivos: Vec<Entrada>,
}

/// What `validar` answers: every file with its problems.
#[derive(Serialize)]
struct InformeValidar {
    archivos: Vec<InformeArchivo>,
}

/// One file checked by `validar`.
#[derive(Serialize)]
struct InformeArchivo {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    valido: bool,
    errores: Vec<Problema>,
    avisos: Vec<Problema>,
}

/// A problem of a file, where it is (the line and column are missing for what concerns
/// the whole file).
#[derive(Serialize)]
struct Problema {
    #[serde(skip_serializing_if = "Option::is_none")]
    linea: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    columna: Option<usize>,
    mensaje: String,
}

impl InformeArchivo {
    fn de_revision(archivo: PathBuf, revision: &Revision) -> InformeArchivo {
        InformeArchivo {
            archivo,
            valido: revision.errores().is_empty(),
            errores: revision
                .errores()
                .iter()
                .map(|error| Problema {
                    linea: Some(error.linea()),
                    columna: Some(error.columna()),
                    mensaje: error.descripcion(),
                })
                .collect(),
            avisos: revision
                .avisos()
                .iter()
                .map(|aviso| Problema {
                    linea: aviso.ubicacion().map(|(linea, _)| linea),
                    columna: aviso.ubicacion().map(|(_, columna)| columna),
                    mensaje: aviso.to_string(),
                })
                .collect(),
        }
    }

    fn de_error(archivo: PathBuf, error: &ErrorArchivo) -> InformeArchivo {
        InformeArchivo {
            archivo,
            valido: false,
            errores: vec![Problema {
                linea: None,
                columna: None,
                mensaje: error.to_string(),
            }],
            avisos: Vec::new(),
        }
    }
}

impl Informe for InformeValidar {
    /// One line per problem: `archivo:línea:columna: error: …` (or `aviso`), without the
    /// line and column for what concerns the whole file.
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        for archivo in &self.archivos {
            let lista = [("error", &archivo.errores), ("aviso", &archivo.avisos)];
            for (tipo, problemas) in lista {
                for problema in problemas {
                    let ubicacion = problema.linea.zip(problema.columna);
                    let linea = linea(&archivo.archivo, ubicacion, tipo, &problema.mensaje);
                    writeln!(salida, "{linea}")?;
                }
            }
        }
        Ok(())
    }
}

/// One problem of `archivo` as compilers write it, `archivo:línea:columna: tipo: mensaje`,
/// without the line and column (`ubicacion`) for what concerns the whole file: editors
/// and `grep` read it so.
pub fn linea(
    archivo: &Path,
    ubicacion: Option<(usize, usize)>,
    tipo: &str,
    mensaje: &str,
) -> String {
    let donde = match ubicacion {
        Some((linea, columna)) => format!(":{linea}:{columna}"),
        None => String::new(),
    };
    format!("{}{donde}: {tipo}: {mensaje}", ruta_visible(archivo))
}

impl Ejecutar for Validar {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let mut archivos = Vec::with_capacity(self.archivos.len());
        for fuente in &self.archivos {
            let nombre = fuente.nombre();
            archivos.push(match corrida.bytes(fuente) {
                Ok(bytes) => InformeArchivo::de_revision(nombre, &revisar_bytes(&bytes)),
                Err(ErrorOrden::Archivo(error)) => InformeArchivo::de_error(nombre, &error),
                Err(error) => return Err(error),
            });
        }
        let invalidos = archivos.iter().filter(|a| !a.valido).count();
        let informe = InformeValidar { archivos };
        match invalidos {
            0 => corrida.informar(&informe),
            invalidos => corrida.fallar(
                &informe,
                ErrorOrden::Invalidos {
                    invalidos,
                    total: self.archivos.len(),
                },
            ),
        }
    }
}
