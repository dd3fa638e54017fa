//! The engine playing itself, and the positions the pattern weights are fitted to: games
//! of the strong player against itself, and the file that keeps them between [`generar`]
//! and the fit.

use std::{
    fs,
    io::{self, BufWriter, Write},
    num::NonZeroUsize,
    path::{Path, PathBuf},
    time::Instant,
};

use crate::{
    Color, Posicion, Tablero,
    motor::{
        azar::Xorshift,
        busqueda::{Buscador, Limite},
        primitivas::{ESCALA, puntaje_final},
    },
};

/// From this many empties on, the games are played perfectly (by the solver).
const VACIAS_EXACTAS: u32 = 18;

/// Bytes of one position on file: own and rival discs, the game's final disc difference
/// and the search's score, both for the side to move.
const REGISTRO: usize = 18;

/// Plays `partidas` games of the strong player against itself from `semilla` and writes
/// their positions to `salida`. Each game opens with 4 to 24 random moves (not kept: the
/// rest of the game does not follow from them), goes on with a search of `profundidad`
/// plies and from 18 empties with the exact solver's moves. Each position keeps two
/// labels for the fit to mix: the final disc difference of the game (exact from 18
/// empties on) and the score of the search that chose the move (exact there too).
///
/// Several seeds can run at once, each to its own file.
///
/// # Errors
///
/// If `salida` cannot be written.
pub fn generar(
    partidas: u64,
    semilla: u64,
    profundidad: u32,
    salida: &Path,
    informar: &mut dyn FnMut(&str),
) -> io::Result<()> {
    let mut azar = Xorshift::nuevo(semilla | 1);
    let mut siguiente = || azar.siguiente();
    let mut archivo = BufWriter::new(fs::File::create(salida)?);
    let mut buscador = Buscador::con_tabla(18).con_hilos(NonZeroUsize::MIN);
    let inicio = Instant::now();
    let mut total = 0;
    for numero in 0..partidas {
        let apertura = 4 + (siguiente() % 21) as usize;
        let mut vistas: Vec<(u64, u64, Color, i32)> = Vec::new();
        buscador.olvidar();
        let tablero = partida(|tablero, turno, validas, jugadas| {
            if jugadas < apertura {
                return Some(validas[(siguiente() % validas.len() as u64) as usize]);
            }
            let (jugada, puntaje) = if tablero.vacias().cantidad() <= VACIAS_EXACTAS {
                let solucion = buscador.resolver(tablero, turno);
                (solucion.mejor.expect("una jugada"), solucion.diferencia)
            } else {
                let mejor = buscador
                    .mejor_jugada(tablero, turno, Limite::por_profundidad(profundidad))
                    .expect("una jugada");
                (mejor.posicion, mejor.puntaje)
            };
            let (p, o) = (tablero.fichas(turno).0, tablero.fichas(!turno).0);
            vistas.push((p, o, turno, puntaje));
            Some(jugada)
        });
        let negras = puntaje_final(
            tablero.fichas(Color::Negro).0,
            tablero.fichas(Color::Blanco).0,
        );
        for (p, o, color, puntaje) in vistas {
            let resultado = if color == Color::Negro {
                negras
            } else {
                -negras
            };
            archivo.write_all(&p.to_le_bytes())?;
            archivo.write_all(&o.to_le_bytes())?;
            archivo.write_all(&[resultado as i8 as u8, puntaje.clamp(-64, 64) as i8 as u8])?;
            total += 1;
        }
        if numero % 500 == 499 {
            informar(&format!(
                "{} partidas, {total} posiciones, {:.0} s",
                numero + 1,
                inicio.elapsed().as_secs_f64()
            ));
        }
    }
    archivo.flush()?;
    informar(&format!(
        "{partidas} partidas, {total} posiciones en {:.0} s, en {}",
        inicio.elapsed().as_secs_f64(),
        salida.display()
    ));
    Ok(())
}

/// One position of the data: own and rival discs, and the label in hundredths of a disc.
pub(super) struct Muestra {
    pub(super) p: u64,
    pub(super) o: u64,
    pub(super) valor: f32,
}

/// Every position of the files `archivos` (written by [`generar`]), read in name order
/// so that the same files give the same weights, its label the search's score times
/// `mezcla` plus the game's result times `1 - mezcla`.
pub(super) fn leer(archivos: &[PathBuf], mezcla: f32) -> io::Result<Vec<Muestra>> {
    let mut rutas = archivos.to_vec();
    rutas.sort();
    let mut muestras = Vec::new();
    for ruta in rutas {
        let datos = fs::read(&ruta)?;
        muestras.extend(datos.chunks_exact(REGISTRO).map(|r| {
            let [resultado, puntaje] = [r[16], r[17]].map(|b| f32::from(b as i8));
            Muestra {
                p: u64::from_le_bytes(r[..8].try_into().expect("8 bytes")),
                o: u64::from_le_bytes(r[8..16].try_into().expect("8 bytes")),
                valor: ESCALA as f32 * ((1.0 - mezcla) * resultado + mezcla * puntaje),
            }
        }));
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
