//! The fit of the small evaluation that sorts the solver's moves (`evaluacion::orden`):
//! positions like those the solver sorts, labelled by the solver itself.

use std::{fs, io, ops::RangeInclusive, path::Path, path::PathBuf, time::Instant};

use super::{
    datos::aparte_de,
    descenso::{Descenso, Ejemplo, a_bytes, descender, error_de},
    posiciones::{Muestra, leer, mezclar},
};
use crate::motor::{
    azar::Xorshift,
    cpu::{Copia, Portatil},
    evaluacion::{
        Evaluar,
        orden::{PESOS, PESOS_DE_ORDEN, RASGOS_DE_ORDEN, rasgos_de_orden, valor_de_orden_con},
        patrones::simetricas,
    },
    nucleo::Contexto,
    primitivas::{ESCALA, INFINITO},
    tabla::Tabla,
};

/// The empties of the positions of the data that random moves continue.
const FUENTES: RangeInclusive<u32> = 15..=24;

/// The empties of the positions fitted: those of the children that the small evaluation
/// sorts (from 11 to 15 empties).
const AJUSTADAS: RangeInclusive<u32> = 10..=14;

/// How [`entrenar_orden`] makes its positions and fits the weights.
#[derive(Clone, Copy, Debug)]
pub struct EntrenamientoDeOrden {
    /// Only the first this many games of each file.
    pub partidas: u32,
    /// How many positions each position of the data gives, by random moves.
    pub por_posicion: u32,
    /// The seed of the random moves.
    pub semilla: u64,
    /// How many threads solve the positions (the weights do not depend on it).
    pub hilos: usize,
    /// At most this many passes over the positions.
    pub epocas: usize,
    /// The step of the descent in its first pass; it shrinks pass after pass.
    pub paso: f32,
}

/// Fits the weights of the small evaluation that sorts the solver's moves to positions
/// like those it sorts, and writes them to `salida` ([`super::ARCHIVO_DE_ORDEN`] is the
/// one the solver includes). Each position of `archivos` (see [`super::generar`]) with
/// 15 to 24 empties is continued `como.por_posicion` times by random moves to 10 to 14
/// empties, and the exact solver labels where each stops; the weights follow by
/// stochastic gradient descent on the squared error, each position with its eight
/// symmetric images. The positions that come from one game in 20 are held out: the
/// epochs stop when their error stops falling, and it is reported against the stored
/// weights' and the full evaluation's. The same files and `como` give the same weights
/// with any number of threads.
///
/// # Errors
///
/// If a file cannot be read, holds too few games to hold one out, or `salida` is one of
/// them or cannot be written.
pub fn entrenar_orden(
    archivos: &[PathBuf],
    como: EntrenamientoDeOrden,
    salida: &Path,
    informar: &mut dyn FnMut(&str),
) -> io::Result<()> {
    aparte_de(salida, archivos)?;
    let fuentes: Vec<Muestra> = leer(archivos, como.partidas, 1.0)?
        .into_iter()
        .filter(|m| FUENTES.contains(&(!(m.p | m.o)).count_ones()))
        .collect();
    let hilos = como.hilos.max(1);
    informar(&format!(
        "{} posiciones de {} a {} vacías, {} continuaciones de cada una, con {hilos} hilos",
        fuentes.len(),
        FUENTES.start(),
        FUENTES.end(),
        como.por_posicion
    ));
    let inicio = Instant::now();
    let (muestras, apartadas): (Vec<Muestra>, Vec<Muestra>) = etiquetar(&fuentes, como, hilos)
        .into_iter()
        .partition(|m| !m.apartada);
    informar(&format!(
        "{} posiciones resueltas en {:.0} s; {} apartadas",
        muestras.len() + apartadas.len(),
        inicio.elapsed().as_secs_f64(),
        apartadas.len()
    ));
    if muestras.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "no salió ninguna posición que ajustar (¿--por 0?)",
        ));
    }
    if apartadas.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "ninguna posición apartada para medir: hacen falta más partidas",
        ));
    }
    let jugadas = |m: &Muestra| Portatil.jugadas(m.p, m.o);
    let validacion: Vec<Ejemplo<RASGOS_DE_ORDEN>> = apartadas
        .iter()
        .map(|m| (rasgos_de_orden(m.p, m.o, jugadas(m)), m.valor))
        .collect();
    let imagenes = |i: usize| {
        let m = &muestras[i];
        // The count of moves, the only thing the mobility feature reads, is the same on
        // every image.
        let mp = jugadas(m);
        let (ps, os) = (simetricas(m.p), simetricas(m.o));
        let rasgos = std::array::from_fn(|s| rasgos_de_orden(ps[s], os[s], mp));
        (rasgos, m.valor)
    };
    let mut w = vec![0f32; PESOS_DE_ORDEN];
    let descenso = Descenso {
        epocas: como.epocas,
        paso: como.paso,
        semilla: 0x9E37_79B9_7F4A_7C15,
    };
    descender(
        &mut w,
        muestras.len(),
        imagenes,
        &validacion,
        descenso,
        "",
        informar,
    );
    let bytes = a_bytes(&w);
    fs::write(salida, &bytes)?;
    let de_orden = |pesos: &[u8], p, o| valor_de_orden_con(pesos, p, o, Portatil.jugadas(p, o));
    informar(&format!(
        "error de prueba {:.2} fichas (los pesos de hoy: {:.2}; la evaluación entera: {:.2})",
        error_de(&apartadas, &|p, o| de_orden(&bytes, p, o)),
        error_de(&apartadas, &|p, o| de_orden(PESOS, p, o)),
        error_de(&apartadas, &|p, o| Portatil.evaluar_patrones(p, o)),
    ));
    informar(&format!("pesos escritos en {}", salida.display()));
    Ok(())
}

/// The positions that random moves lead to from `fuentes` (see [`entrenar_orden`]),
/// labelled by the exact solver, in the order of their sources whatever the threads:
/// each source's moves come from the seed and its place.
fn etiquetar(fuentes: &[Muestra], como: EntrenamientoDeOrden, hilos: usize) -> Vec<Muestra> {
    let mut partes: Vec<(usize, Vec<Muestra>)> = std::thread::scope(|hilo| {
        let trabajos: Vec<_> = (0..hilos)
            .map(|h| {
                hilo.spawn(move || {
                    let tabla = Tabla::nueva(16);
                    let mut partes = Vec::new();
                    for (i, fuente) in fuentes.iter().enumerate().skip(h).step_by(hilos) {
                        let semilla = mezclar(como.semilla ^ mezclar(i as u64 + 1));
                        let mut azar = Xorshift::nuevo(semilla | 1);
                        let resueltas: Vec<Muestra> = (0..como.por_posicion)
                            .filter_map(|_| continuar(fuente, &mut azar))
                            .map(|(p, o)| {
                                tabla.nueva_busqueda();
                                let mut ctx = Contexto::nuevo(&tabla, None);
                                let (puntaje, _) = ctx.resolver_exacto(p, o, -INFINITO, INFINITO);
                                Muestra {
                                    p,
                                    o,
                                    valor: (puntaje * ESCALA) as f32,
                                    apartada: fuente.apartada,
                                }
                            })
                            .collect();
                        partes.push((i, resueltas));
                    }
                    partes
                })
            })
            .collect();
        trabajos
            .into_iter()
            .flat_map(|trabajo| trabajo.join().expect("un hilo del ajuste"))
            .collect()
    });
    partes.sort_unstable_by_key(|&(i, _)| i);
    partes.into_iter().flat_map(|(_, m)| m).collect()
}

/// Where random moves (passing when they must) lead from `fuente` down to a number of
/// empties drawn from [`AJUSTADAS`], if the game is not over before and the side to move
/// has a move there.
fn continuar(fuente: &Muestra, azar: &mut Xorshift) -> Option<(u64, u64)> {
    let (inicio, fin) = (AJUSTADAS.start(), AJUSTADAS.end());
    let objetivo = inicio + (azar.siguiente() % u64::from(fin - inicio + 1)) as u32;
    let (mut p, mut o) = (fuente.p, fuente.o);
    while (!(p | o)).count_ones() > objetivo {
        let mut jugadas = Portatil.jugadas(p, o);
        if jugadas == 0 {
            if Portatil.jugadas(o, p) == 0 {
                return None;
            }
            (p, o) = (o, p);
            continue;
        }
        for _ in 0..azar.siguiente() % u64::from(jugadas.count_ones()) {
            jugadas &= jugadas - 1;
        }
        let x = jugadas.trailing_zeros();
        let volteadas = Portatil.volteos(p, o, x);
        (p, o) = (o & !volteadas, p | volteadas | 1 << x);
    }
    (Portatil.jugadas(p, o) != 0).then_some((p, o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::ajuste::{Receta, generar};

    #[test]
    fn los_mismos_pesos_con_cualquier_numero_de_hilos() {
        let carpeta = tempfile::tempdir().unwrap();
        let datos = carpeta.path().join("datos");
        let receta = Receta {
            semilla: 5,
            profundidad: 2,
            vacias_exactas: 12,
        };
        let mut nada = |_: &str| {};
        // Game 10 is the first held out.
        generar(receta, 12, 2, &datos, &mut nada).unwrap();
        let como = EntrenamientoDeOrden {
            partidas: 12,
            por_posicion: 2,
            semilla: 3,
            hilos: 1,
            epocas: 3,
            paso: 0.003,
        };
        let (a, b) = (carpeta.path().join("a"), carpeta.path().join("b"));
        entrenar_orden(std::slice::from_ref(&datos), como, &a, &mut nada).unwrap();
        let dos = EntrenamientoDeOrden { hilos: 2, ..como };
        entrenar_orden(std::slice::from_ref(&datos), dos, &b, &mut nada).unwrap();
        let pesos = fs::read(&a).unwrap();
        assert_eq!(pesos, fs::read(&b).unwrap());
        assert_eq!(pesos.len(), 2 * PESOS_DE_ORDEN);
        assert!(pesos.iter().any(|&byte| byte != 0));
        // Too few games to hold one out.
        let pocas = EntrenamientoDeOrden {
            partidas: 5,
            ..como
        };
        assert!(entrenar_orden(std::slice::from_ref(&datos), pocas, &a, &mut nada).is_err());
        // Not over the positions, not even by another name.
        let antes = fs::read(&datos).unwrap();
        let enlace = carpeta.path().join("enlace");
        std::os::unix::fs::symlink(&datos, &enlace).unwrap();
        for salida in [&datos, &enlace] {
            let error = entrenar_orden(std::slice::from_ref(&datos), como, salida, &mut nada);
            assert_eq!(error.unwrap_err().kind(), io::ErrorKind::AlreadyExists);
        }
        assert_eq!(fs::read(&datos).unwrap(), antes);
    }

    #[test]
    fn las_continuaciones_quedan_entre_10_y_14_vacias_con_jugadas() {
        let fuente = Muestra {
            p: 0x0000_0008_1000_0000,
            o: 0x0000_0010_0800_0000,
            valor: 0.0,
            apartada: false,
        };
        let mut azar = Xorshift::nuevo(11);
        let mut vistas = [false; 15];
        for _ in 0..400 {
            if let Some((p, o)) = continuar(&fuente, &mut azar) {
                let n = (!(p | o)).count_ones();
                assert!(AJUSTADAS.contains(&n), "{n}");
                assert_eq!(p & o, 0);
                assert_ne!(Portatil.jugadas(p, o), 0);
                vistas[n as usize] = true;
            }
        }
        assert!(AJUSTADAS.clone().all(|n| vistas[n as usize]));
    }
}
