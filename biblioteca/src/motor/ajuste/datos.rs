//! The file of labelled positions that [`super::generar`] appends to and the fit reads:
//! compact, checked on reading, and cut back to its last whole game when a run was
//! stopped in the middle of a write.
//!
//! Layout, all little-endian: a header of [`CABECERA`] bytes (the [`MAGIA`], then the
//! [`Receta`] that made the games); then one block per game in the order of the games'
//! numbers: the game's number (`u32`), how many of its positions follow (`u8`), and each
//! position in [`REGISTRO`] bytes: own discs and rival discs (`u64` each, for the side to
//! move), the label (`i8`, discs), the game's final disc difference (`i8`) and the
//! plies of the search that gave the label (`u8`; as many as the empties or more: the
//! exact score). A position already in the file, or one of its seven symmetric images,
//! is not written again.

use std::{
    collections::HashSet,
    fs::{self, File, OpenOptions},
    io::{self, BufWriter, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
};

use crate::motor::evaluacion::patrones::simetricas;

/// The first bytes of a data file, with its format's version.
const MAGIA: &[u8; 16] = b"othello-datos-1\n";

/// Bytes of the header: the magic, the seed, the depth and the exact empties, padding.
const CABECERA: usize = 32;

/// Bytes of one position.
const REGISTRO: usize = 19;

/// Bytes before a game's positions: its number and how many follow.
const ENCABEZADO_DE_PARTIDA: usize = 5;

/// What makes a data file's games: with the same recipe, game `k` is the same on every
/// machine, whatever the threads and however many times the run was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Receta {
    /// The seed of the random moves.
    pub semilla: u64,
    /// The plies of the search that labels a position and chooses the move while more
    /// than `vacias_exactas` squares are empty.
    pub profundidad: u8,
    /// From this many empties on, positions are labelled and moves chosen by the exact
    /// solver.
    pub vacias_exactas: u8,
}

impl Receta {
    /// The header of a file of this recipe.
    fn cabecera(self) -> [u8; CABECERA] {
        let mut bytes = [0u8; CABECERA];
        bytes[..16].copy_from_slice(MAGIA);
        bytes[16..24].copy_from_slice(&self.semilla.to_le_bytes());
        bytes[24] = self.profundidad;
        bytes[25] = self.vacias_exactas;
        bytes
    }

    /// The recipe in a file's header, if it is one.
    fn de_cabecera(bytes: &[u8]) -> Option<Receta> {
        if bytes.len() < CABECERA || &bytes[..16] != MAGIA {
            return None;
        }
        Some(Receta {
            semilla: u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes")),
            profundidad: bytes[24],
            vacias_exactas: bytes[25],
        })
    }
}

/// Refuses to write `salida` over one of the `archivos` a fit reads (the same file by
/// another name too): the positions took hours to make.
pub(super) fn aparte_de(salida: &Path, archivos: &[PathBuf]) -> io::Result<()> {
    let Ok(destino) = fs::canonicalize(salida) else {
        return Ok(());
    };
    match archivos
        .iter()
        .find(|archivo| fs::canonicalize(archivo).is_ok_and(|a| a == destino))
    {
        Some(archivo) => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{} es uno de los archivos de posiciones ({}): no se escribe encima",
                salida.display(),
                archivo.display()
            ),
        )),
        None => Ok(()),
    }
}

/// One labelled position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Registro {
    /// Own discs.
    pub(super) p: u64,
    /// Rival discs.
    pub(super) o: u64,
    /// The search's score of the position, in discs.
    pub(super) puntaje: i8,
    /// The final disc difference of the game it came from.
    pub(super) resultado: i8,
    /// The plies that search looked ahead; the empties or more for an exact score.
    pub(super) profundidad: u8,
}

impl Registro {
    /// The record as stored.
    fn bytes(self) -> [u8; REGISTRO] {
        let mut bytes = [0u8; REGISTRO];
        bytes[..8].copy_from_slice(&self.p.to_le_bytes());
        bytes[8..16].copy_from_slice(&self.o.to_le_bytes());
        bytes[16] = self.puntaje as u8;
        bytes[17] = self.resultado as u8;
        bytes[18] = self.profundidad;
        bytes
    }

    /// The record stored in `bytes` ([`REGISTRO`] of them).
    fn de_bytes(bytes: &[u8]) -> Registro {
        Registro {
            p: u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")),
            o: u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes")),
            puntaje: bytes[16] as i8,
            resultado: bytes[17] as i8,
            profundidad: bytes[18],
        }
    }

    /// Whether the label is the exact score.
    pub(super) fn exacto(self) -> bool {
        u32::from(self.profundidad) >= (!(self.p | self.o)).count_ones()
    }
}

/// The same position for all eight symmetries of the board: the least of its images.
pub(super) fn canonica(p: u64, o: u64) -> (u64, u64) {
    let (ps, os) = (simetricas(p), simetricas(o));
    (0..8).map(|i| (ps[i], os[i])).min().expect("ocho imágenes")
}

/// The whole games of a file's contents: its recipe, each game's number and positions,
/// and how many bytes they take (what follows is a game cut short).
struct Leido {
    receta: Receta,
    partidas: Vec<(u32, Vec<Registro>)>,
    largo_valido: usize,
}

/// Reads a data file's contents, up to the last whole game.
fn interpretar(bytes: &[u8]) -> io::Result<Leido> {
    let receta = Receta::de_cabecera(bytes).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            "no es un archivo de posiciones (los escribe generar)",
        )
    })?;
    let mut partidas = Vec::new();
    let mut i = CABECERA;
    while let Some(encabezado) = bytes.get(i..i + ENCABEZADO_DE_PARTIDA) {
        let numero = u32::from_le_bytes(encabezado[..4].try_into().expect("4 bytes"));
        let cantidad = usize::from(encabezado[4]);
        let fin = i + ENCABEZADO_DE_PARTIDA + cantidad * REGISTRO;
        let Some(registros) = bytes.get(i + ENCABEZADO_DE_PARTIDA..fin) else {
            break;
        };
        partidas.push((
            numero,
            registros
                .chunks_exact(REGISTRO)
                .map(Registro::de_bytes)
                .collect(),
        ));
        i = fin;
    }
    Ok(Leido {
        receta,
        partidas,
        largo_valido: i,
    })
}

/// The first `partidas` games of a data file (all, if it has fewer), each the
/// positions it added to the file, and the file's recipe.
///
/// # Errors
///
/// If it cannot be read or is not a data file.
pub(super) fn leer_archivo(ruta: &Path, partidas: u32) -> io::Result<(Receta, Vec<Vec<Registro>>)> {
    let leido = interpretar(&fs::read(ruta)?)?;
    let juegos = leido
        .partidas
        .into_iter()
        .take_while(|&(numero, _)| numero < partidas)
        .map(|(_, registros)| registros)
        .collect();
    Ok((leido.receta, juegos))
}

/// A data file open to append games, in order, each without the positions already in
/// the file.
pub(super) struct Escritor {
    archivo: BufWriter<File>,
    vistas: HashSet<(u64, u64)>,
    /// The number of the next game to write: all before it are in the file.
    pub(super) siguiente: u32,
    /// How many positions the file holds.
    pub(super) posiciones: u64,
}

impl Escritor {
    /// Opens `ruta` to go on with its games, after cutting off a game that a stopped
    /// run left half-written; creates it if it is not there.
    ///
    /// # Errors
    ///
    /// If it cannot be read or written, is not a data file, or was made with another
    /// recipe than `receta`.
    pub(super) fn abrir(ruta: &Path, receta: Receta) -> io::Result<Escritor> {
        let mut vistas = HashSet::new();
        let (mut archivo, siguiente, posiciones) = match fs::read(ruta) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                let mut archivo = File::create(ruta)?;
                archivo.write_all(&receta.cabecera())?;
                (archivo, 0, 0)
            }
            Err(error) => return Err(error),
            Ok(bytes) => {
                let leido = interpretar(&bytes)?;
                if leido.receta != receta {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "el archivo es de otra receta ({:?}), no de {receta:?}",
                            leido.receta
                        ),
                    ));
                }
                let mut posiciones = 0;
                for (k, (numero, registros)) in leido.partidas.iter().enumerate() {
                    if *numero as usize != k {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!("la partida {k} del archivo dice ser la {numero}"),
                        ));
                    }
                    for r in registros {
                        vistas.insert(canonica(r.p, r.o));
                        posiciones += 1;
                    }
                }
                let mut archivo = OpenOptions::new().write(true).open(ruta)?;
                archivo.set_len(leido.largo_valido as u64)?;
                archivo.seek(SeekFrom::End(0))?;
                (archivo, leido.partidas.len() as u32, posiciones)
            }
        };
        archivo.flush()?;
        Ok(Escritor {
            archivo: BufWriter::new(archivo),
            vistas,
            siguiente,
            posiciones,
        })
    }

    /// Writes game number [`Escritor::siguiente`], whose positions are `registros`,
    /// leaving out those already in the file, and makes sure it reached the file.
    /// Returns how many were new.
    ///
    /// # Errors
    ///
    /// If the file cannot be written.
    pub(super) fn escribir(&mut self, registros: &[Registro]) -> io::Result<usize> {
        let nuevos: Vec<Registro> = registros
            .iter()
            .filter(|r| self.vistas.insert(canonica(r.p, r.o)))
            .copied()
            .collect();
        let cantidad = u8::try_from(nuevos.len()).expect("a lo más 60 posiciones por partida");
        self.archivo.write_all(&self.siguiente.to_le_bytes())?;
        self.archivo.write_all(&[cantidad])?;
        for r in &nuevos {
            self.archivo.write_all(&r.bytes())?;
        }
        self.archivo.flush()?;
        self.siguiente += 1;
        self.posiciones += nuevos.len() as u64;
        Ok(nuevos.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registro(p: u64, o: u64, puntaje: i8) -> Registro {
        Registro {
            p,
            o,
            puntaje,
            resultado: -puntaje,
            profundidad: 8,
        }
    }

    const RECETA: Receta = Receta {
        semilla: 7,
        profundidad: 8,
        vacias_exactas: 20,
    };

    #[test]
    fn escribe_sigue_y_corta_lo_que_quedo_a_medias() {
        let carpeta = tempfile::tempdir().unwrap();
        let ruta = carpeta.path().join("datos.bin");
        let inicial: (u64, u64) = (0x0000_0000_0000_0107, 0x0000_0000_0001_0808);
        // The same position, flipped top to bottom.
        let espejo = (inicial.0.swap_bytes(), inicial.1.swap_bytes());
        let mut escritor = Escritor::abrir(&ruta, RECETA).unwrap();
        assert_eq!(
            escritor
                .escribir(&[registro(inicial.0, inicial.1, 1), registro(3, 4, -2)])
                .unwrap(),
            2
        );
        assert_eq!(
            escritor
                .escribir(&[registro(espejo.0, espejo.1, 5), registro(5, 8, 3)])
                .unwrap(),
            1
        );
        drop(escritor);
        // A run stopped in the middle of its third game.
        let mut archivo = OpenOptions::new().append(true).open(&ruta).unwrap();
        archivo.write_all(&[2, 0, 0, 0, 3, 1, 2]).unwrap();
        drop(archivo);
        let mut escritor = Escritor::abrir(&ruta, RECETA).unwrap();
        assert_eq!((escritor.siguiente, escritor.posiciones), (2, 3));
        assert_eq!(escritor.escribir(&[registro(3, 4, 0)]).unwrap(), 0);
        drop(escritor);
        let (receta, partidas) = leer_archivo(&ruta, u32::MAX).unwrap();
        assert_eq!(receta, RECETA);
        assert_eq!(
            partidas,
            [
                vec![registro(inicial.0, inicial.1, 1), registro(3, 4, -2)],
                vec![registro(5, 8, 3)],
                vec![]
            ]
        );
        assert_eq!(leer_archivo(&ruta, 1).unwrap().1, partidas[..1]);
        let otra = Receta {
            semilla: 8,
            ..RECETA
        };
        assert!(Escritor::abrir(&ruta, otra).is_err());
    }

    #[test]
    fn la_canonica_es_la_misma_en_las_ocho_imagenes() {
        let (p, o) = (0x0000_0000_0000_0107, 0x0000_0000_0001_0808);
        let (ps, os) = (simetricas(p), simetricas(o));
        for i in 0..8 {
            assert_eq!(canonica(ps[i], os[i]), canonica(p, o));
        }
        assert_ne!(canonica(p, o), canonica(o, p));
    }

    #[test]
    fn exacto_si_la_busqueda_llega_al_final() {
        let mut r = registro(u64::MAX >> 20, 0, 4);
        assert!(!r.exacto());
        r.profundidad = 20;
        assert!(r.exacto());
    }
}
