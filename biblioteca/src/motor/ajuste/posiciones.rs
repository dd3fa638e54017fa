//! The engine playing itself: the labelled positions that the pattern weights are fitted
//! to ([`generar`], into the file of [`super::datos`]), read back for the fit
//! ([`leer`]), and the game loop that the other tools play with ([`partida`]).

use std::{
    collections::{BTreeMap, HashSet},
    io,
    num::NonZeroUsize,
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicBool, AtomicU32, Ordering},
        mpsc,
    },
    time::Instant,
};

use super::datos::{Escritor, Receta, Registro, canonica, leer_archivo};
use crate::{
    Color, Posicion, Tablero,
    motor::{
        azar::Xorshift,
        busqueda::{Buscador, Limite},
        primitivas::{ESCALA, puntaje_final},
    },
};

/// The fewest and the most random moves a game opens with.
const ALEATORIAS: (u64, u64) = (4, 20);

/// After the opening and until the exact solver takes over, one move in this many is
/// random too: the positions then stray from the engine's own lines, as an opponent's
/// do.
const UNA_ALEATORIA_EN: u64 = 16;

/// Games between two lines of progress.
const INFORME_CADA: u32 = 200;

/// Plays games of the strong player against itself and appends their positions to
/// `salida` until it holds `partidas` games, on `hilos` threads (a search each).
///
/// Game `k` of a recipe is the same on every machine: its random moves come from the
/// seed and `k`, and every search starts from an empty table and stops at a depth, not a
/// time. It opens with 4 to 20 random moves (their positions are not kept: nothing the
/// engine chose led there), then each move is chosen by a search of
/// `receta.profundidad` plies (one in [`UNA_ALEATORIA_EN`] is random instead), whose
/// score labels the position; from `receta.vacias_exactas` empties on, by the exact
/// solver, whose score labels it. A position with a single move in the middle game is
/// not kept (the player does not search it). Each kept position also gets the game's
/// final disc difference.
///
/// The file keeps each game whole once written, in the order of the games, so a run
/// can be stopped at any time and started again with the same command: it goes on
/// where the file ends (see [`super::datos`]).
///
/// # Errors
///
/// If `salida` cannot be read or written, or holds games of another recipe.
pub fn generar(
    receta: Receta,
    partidas: u32,
    hilos: usize,
    salida: &Path,
    informar: &mut dyn FnMut(&str),
) -> io::Result<()> {
    let mut escritor = Escritor::abrir(salida, receta)?;
    let (al_empezar, posiciones_al_empezar) = (escritor.siguiente, escritor.posiciones);
    informar(&format!(
        "{}: {al_empezar} partidas y {posiciones_al_empezar} posiciones; hasta {partidas} partidas, con {hilos} hilos",
        salida.display()
    ));
    let proxima = AtomicU32::new(al_empezar);
    let parar = AtomicBool::new(false);
    let inicio = Instant::now();
    std::thread::scope(|hilo| {
        let (enviar, recibir) = mpsc::channel();
        for _ in 0..hilos.max(1) {
            let (enviar, proxima, parar) = (enviar.clone(), &proxima, &parar);
            hilo.spawn(move || {
                let mut buscador = Buscador::con_tabla(20).con_hilos(NonZeroUsize::MIN);
                while !parar.load(Ordering::Relaxed) {
                    let numero = proxima.fetch_add(1, Ordering::Relaxed);
                    if numero >= partidas {
                        break;
                    }
                    let registros = jugar_partida(receta, numero, &mut buscador);
                    if enviar.send((numero, registros)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(enviar);
        // The games arrive as they finish; they are written in order.
        let mut pendientes = BTreeMap::new();
        let resultado = recibir.iter().try_for_each(|(numero, registros)| {
            pendientes.insert(numero, registros);
            while let Some(registros) = pendientes.remove(&escritor.siguiente) {
                escritor.escribir(&registros)?;
                let hechas = escritor.siguiente - al_empezar;
                if hechas % INFORME_CADA == 0 {
                    let nuevas = escritor.posiciones - posiciones_al_empezar;
                    let segundos = inicio.elapsed().as_secs_f64();
                    informar(&format!(
                        "{} partidas, {} posiciones ({nuevas} en {segundos:.0} s: {:.0} por hora)",
                        escritor.siguiente,
                        escritor.posiciones,
                        nuevas as f64 * 3600.0 / segundos
                    ));
                }
            }
            Ok::<_, io::Error>(())
        });
        parar.store(true, Ordering::Relaxed);
        resultado
    })?;
    informar(&format!(
        "{} partidas, {} posiciones en {}",
        escritor.siguiente,
        escritor.posiciones,
        salida.display()
    ));
    Ok(())
}

/// A 64-bit mix of `x` (the finalizer of SplitMix64): different seeds for games next to
/// each other.
pub(super) fn mezclar(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Game number `numero` of `receta` (see [`generar`]), its positions labelled.
fn jugar_partida(receta: Receta, numero: u32, buscador: &mut Buscador) -> Vec<Registro> {
    let semilla = mezclar(receta.semilla ^ mezclar(u64::from(numero) + 1));
    let mut azar = Xorshift::nuevo(semilla | 1);
    let mut siguiente = || azar.siguiente();
    let apertura = (ALEATORIAS.0 + siguiente() % (ALEATORIAS.1 - ALEATORIAS.0 + 1)) as usize;
    let mut vistas: Vec<(Registro, Color)> = Vec::new();
    buscador.olvidar();
    let tablero = partida(|tablero, turno, validas, jugadas| {
        let al_azar = |azar: u64| validas[(azar % validas.len() as u64) as usize];
        if jugadas < apertura {
            return Some(al_azar(siguiente()));
        }
        let (p, o) = (tablero.fichas(turno).0, tablero.fichas(!turno).0);
        let vacias = tablero.vacias().cantidad();
        let (jugada, puntaje, profundidad) = if vacias <= u32::from(receta.vacias_exactas) {
            let solucion = buscador.resolver(tablero, turno);
            (
                solucion.mejor.expect("una jugada"),
                solucion.diferencia,
                vacias,
            )
        } else if validas.len() == 1 {
            return Some(validas[0]);
        } else {
            let limite = Limite::por_profundidad(u32::from(receta.profundidad));
            let mejor = buscador
                .mejor_jugada(tablero, turno, limite)
                .expect("una jugada");
            let jugada = if siguiente().is_multiple_of(UNA_ALEATORIA_EN) {
                al_azar(siguiente())
            } else {
                mejor.posicion
            };
            (jugada, mejor.puntaje, mejor.profundidad)
        };
        let registro = Registro {
            p,
            o,
            puntaje: puntaje.clamp(-64, 64) as i8,
            resultado: 0,
            profundidad: profundidad.min(u32::from(u8::MAX)) as u8,
        };
        vistas.push((registro, turno));
        Some(jugada)
    });
    let negras = puntaje_final(
        tablero.fichas(Color::Negro).0,
        tablero.fichas(Color::Blanco).0,
    );
    vistas
        .into_iter()
        .map(|(registro, color)| Registro {
            resultado: if color == Color::Negro {
                negras
            } else {
                -negras
            } as i8,
            ..registro
        })
        .collect()
}

/// One position of the data: own and rival discs, the label in hundredths of a disc,
/// and whether it is held out of the fit to measure it.
pub(super) struct Muestra {
    pub(super) p: u64,
    pub(super) o: u64,
    pub(super) valor: f32,
    pub(super) apartada: bool,
}

/// One game in this many is held out of the fit, all its positions: the positions of a
/// game look alike, and held out one by one they would be half seen.
const UNA_APARTADA_EN: usize = 20;

/// The positions of the first `partidas` games of each of the files `archivos`
/// (written by [`generar`]), read in name order and each once whatever its symmetry, so
/// that the same files give the same weights (a file that keeps growing, too); those
/// of one game in [`UNA_APARTADA_EN`] are held out. The label is the search's score
/// times `mezcla` plus the game's result times `1 - mezcla`, and the exact score alone
/// when the search's is exact.
pub(super) fn leer(archivos: &[PathBuf], partidas: u32, mezcla: f32) -> io::Result<Vec<Muestra>> {
    let mut rutas = archivos.to_vec();
    rutas.sort();
    let mut vistas = HashSet::new();
    let mut muestras = Vec::new();
    let mut juegos = 0;
    for ruta in rutas {
        let (_, partidas) = leer_archivo(&ruta, partidas).map_err(|error| {
            io::Error::new(error.kind(), format!("{}: {error}", ruta.display()))
        })?;
        for registros in partidas {
            let apartada = juegos % UNA_APARTADA_EN == UNA_APARTADA_EN / 2;
            juegos += 1;
            for r in registros {
                if !vistas.insert(canonica(r.p, r.o)) {
                    continue;
                }
                let (puntaje, resultado) = (f32::from(r.puntaje), f32::from(r.resultado));
                let etiqueta = if r.exacto() {
                    puntaje
                } else {
                    mezcla * puntaje + (1.0 - mezcla) * resultado
                };
                muestras.push(Muestra {
                    p: r.p,
                    o: r.o,
                    valor: ESCALA as f32 * etiqueta,
                    apartada,
                });
            }
        }
    }
    if muestras.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "no hay posiciones en esos archivos (se hacen con generar)",
        ));
    }
    Ok(muestras)
}

/// One game from the start: `elegir` gets the board, the side to move, its valid moves
/// and how many moves were made, and picks the move, or `None` to stop there; passes are
/// made for it. Returns the board where the game stopped.
pub(super) fn partida(
    mut elegir: impl FnMut(&Tablero, Color, &[Posicion], usize) -> Option<Posicion>,
) -> Tablero {
    let mut tablero = Tablero::inicial();
    let mut turno = Color::Negro;
    let mut jugadas = 0;
    loop {
        let validas: Vec<Posicion> = tablero.jugadas_validas(turno).into_iter().collect();
        if validas.is_empty() {
            if tablero.jugadas_validas(!turno).es_vacio() {
                return tablero;
            }
            turno = !turno;
            continue;
        }
        let Some(jugada) = elegir(&tablero, turno, &validas, jugadas) else {
            return tablero;
        };
        tablero.jugar(jugada, turno).expect("una jugada válida");
        turno = !turno;
        jugadas += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    /// Shallow searches and a short exact end, so that games take milliseconds.
    const RECETA: Receta = Receta {
        semilla: 5,
        profundidad: 2,
        vacias_exactas: 12,
    };

    #[test]
    fn las_mismas_partidas_con_hilos_y_cortes() {
        let carpeta = tempfile::tempdir().unwrap();
        let (a, b) = (carpeta.path().join("a"), carpeta.path().join("b"));
        let mut nada = |_: &str| {};
        generar(RECETA, 6, 1, &a, &mut nada).unwrap();
        generar(RECETA, 2, 2, &b, &mut nada).unwrap();
        generar(RECETA, 6, 3, &b, &mut nada).unwrap();
        assert_eq!(fs::read(&a).unwrap(), fs::read(&b).unwrap());
        let (_, partidas) = leer_archivo(&a, u32::MAX).unwrap();
        assert_eq!(partidas.len(), 6);
        let registros: Vec<Registro> = partidas.into_iter().flatten().collect();
        assert!(registros.len() > 6 * 20, "{}", registros.len());
        for r in &registros {
            // Labels from both kinds of search, each within the game's bounds.
            assert!(r.puntaje.abs() <= 64 && r.resultado.abs() <= 64);
            let vacias = (!(r.p | r.o)).count_ones();
            assert_eq!(r.exacto(), vacias <= 12, "{r:?}");
            if r.exacto() {
                // From there on both sides play perfectly.
                assert_eq!(r.puntaje, r.resultado, "{r:?}");
            }
        }
        let otra = Receta {
            semilla: 6,
            ..RECETA
        };
        assert!(generar(otra, 7, 1, &a, &mut nada).is_err());
    }
}
