//! The stochastic gradient descent that fits the weights of both pattern evaluations
//! (`entrenar` and `entrenar_orden`), and how their weights are stored.

use super::posiciones::Muestra;
use crate::motor::{azar::Xorshift, primitivas::ESCALA};

/// The features of a position (the index of each one's weight) and its label, in
/// hundredths of a disc.
pub(super) type Ejemplo<const N: usize> = ([u32; N], f32);

/// How [`descender`] runs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Descenso {
    /// At most this many passes over the positions.
    pub(super) epocas: usize,
    /// The step of the first pass; it shrinks pass after pass.
    pub(super) paso: f32,
    /// The seed of the order of the positions in each pass.
    pub(super) semilla: u64,
}

/// The root mean square error, in discs, of the weights `w` on `ejemplos`.
pub(super) fn error_medio<const N: usize>(ejemplos: &[Ejemplo<N>], w: &[f32]) -> f64 {
    let diferencias = ejemplos.iter().map(|(r, y)| {
        let prediccion: f32 = r.iter().map(|&k| w[k as usize]).sum();
        y - prediccion
    });
    raiz_media(diferencias, ejemplos.len())
}

/// The root mean square error, in discs, of `evaluar` (in hundredths of a disc, given
/// own and rival discs) on the labels of `muestras`.
pub(super) fn error_de(muestras: &[Muestra], evaluar: &dyn Fn(u64, u64) -> i32) -> f64 {
    let diferencias = muestras.iter().map(|m| m.valor - evaluar(m.p, m.o) as f32);
    raiz_media(diferencias, muestras.len())
}

/// The root mean square, in discs, of `n` differences in hundredths of a disc.
fn raiz_media(diferencias: impl Iterator<Item = f32>, n: usize) -> f64 {
    let total: f64 = diferencias.map(|d| f64::from(d).powi(2)).sum();
    (total / n.max(1) as f64).sqrt() / f64::from(ESCALA)
}

/// Fits `w` to `cuantas` positions by stochastic gradient descent on the squared error:
/// `imagenes(i)` gives the features of the eight symmetric images of position `i` and
/// its label. Each pass goes in a new random order with a smaller step. The passes stop
/// when the error on `validacion` stops falling, and `w` keeps the weights of the pass
/// with the least (the starting weights count too). Tells each pass's error to
/// `informar`, after `prefijo`.
pub(super) fn descender<const N: usize>(
    w: &mut [f32],
    cuantas: usize,
    imagenes: impl Fn(usize) -> ([[u32; N]; 8], f32),
    validacion: &[Ejemplo<N>],
    como: Descenso,
    prefijo: &str,
    informar: &mut dyn FnMut(&str),
) {
    let mut mejor = (error_medio(validacion, w), w.to_vec());
    let mut orden: Vec<usize> = (0..cuantas).collect();
    let mut azar = Xorshift::nuevo(como.semilla);
    for epoca in 0..como.epocas {
        for i in (1..orden.len()).rev() {
            orden.swap(i, (azar.siguiente() % (i as u64 + 1)) as usize);
        }
        let paso = como.paso / (1.0 + epoca as f32 / 4.0);
        for &i in &orden {
            let (rasgos, objetivo) = imagenes(i);
            for r in &rasgos {
                let prediccion: f32 = r.iter().map(|&k| w[k as usize]).sum();
                let diferencia = objetivo - prediccion;
                for &k in r {
                    w[k as usize] += paso * diferencia;
                }
            }
        }
        // Early stop: the pass that predicts the held-out positions best.
        let error = error_medio(validacion, w);
        informar(&format!(
            "{prefijo}época {epoca}, error {error:.2} fichas ({cuantas} posiciones)"
        ));
        if error < mejor.0 {
            mejor = (error, w.to_vec());
        } else if epoca > 2 && error > mejor.0 + 0.05 {
            break;
        }
    }
    w.copy_from_slice(&mejor.1);
}

/// The weights `w` as they are stored: little-endian `i16`, rounded and bounded.
pub(super) fn a_bytes(w: &[f32]) -> Vec<u8> {
    w.iter()
        .flat_map(|&w| (w.round().clamp(-32767.0, 32767.0) as i16).to_le_bytes())
        .collect()
}
