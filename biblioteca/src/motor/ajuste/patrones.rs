//! The fit of the pattern weights, and the cost of an evaluation.

use std::{
    fs,
    hint::black_box,
    io,
    path::{Path, PathBuf},
    time::Instant,
};

use super::{
    datos::aparte_de,
    descenso::{Descenso, Ejemplo, a_bytes, descender, error_de, error_medio},
    posiciones::{Muestra, leer},
};
use crate::motor::{
    cpu::{Copia, Portatil, en_la_copia},
    evaluacion::{
        Evaluar,
        patrones::{
            ESCALA_CLASICA, ETAPAS, PESOS, PESOS_POR_ETAPA, RASGOS, UNIDAD_CLASICA, etapa, rasgos,
            simetricas, valor_con,
        },
        terminos::suma_de_terminos,
    },
    primitivas::cuenta,
};

/// Under this many positions, a stage is fitted with its neighbours' too.
const POCAS: usize = 40_000;

/// How [`entrenar`] fits the weights.
#[derive(Clone, Copy, Debug)]
pub struct Entrenamiento<'a> {
    /// Only the first this many games of each file (a file that keeps growing gives the
    /// same weights).
    pub partidas: u32,
    /// The share (from 0 to 1) of the search's score in the label of a position whose
    /// score is not exact; the rest is the game's result.
    pub mezcla: f32,
    /// At most this many passes over the positions.
    pub epocas: usize,
    /// The step of the descent in its first pass; it shrinks pass after pass.
    pub paso: f32,
    /// The weights to start from (as stored), or `None` to start from 0.
    pub inicio: Option<&'a [u8]>,
    /// Only this many stages, from the opening's, are fitted; the later ones keep the
    /// weights of `inicio`, which is then required. The endgame's stages order the
    /// exact solver's nodes, so a fit for play may leave them as they are.
    pub etapas: usize,
}

/// Fits the pattern weights to the positions of `archivos` (see [`super::generar`])
/// as `como` says and writes them to `salida` ([`super::ARCHIVO_DE_PESOS`] is the one
/// the evaluation includes). Each stage on its own: first the factor of the hand-made
/// terms by least squares, then the patterns to what it leaves, by stochastic gradient
/// descent on the squared error, each position with its eight symmetric images (the
/// weights of configurations never seen stay 0). From `como.inicio`, the descent
/// starts from those weights instead, with their factor: what they learned from other
/// data stays where the new data says nothing. The positions of one game in 20 are held
/// out: the epochs stop when their error stops falling (the weights before the first
/// epoch count too), and it is reported against the weights of today's evaluation and
/// the hand-made one.
///
/// # Errors
///
/// If a file cannot be read, has no positions, or `salida` is one of them or cannot be
/// written; or if the weights to start from are not of the evaluation's size.
pub fn entrenar(
    archivos: &[PathBuf],
    como: Entrenamiento<'_>,
    salida: &Path,
    informar: &mut dyn FnMut(&str),
) -> io::Result<()> {
    let Entrenamiento {
        partidas,
        mezcla,
        epocas,
        paso,
        inicio,
        etapas: ajustadas,
    } = como;
    aparte_de(salida, archivos)?;
    if ajustadas < ETAPAS && inicio.is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("ajustar solo {ajustadas} de {ETAPAS} etapas pide los pesos de inicio"),
        ));
    }
    if let Some(inicio) = inicio
        && inicio.len() != PESOS.len()
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "los pesos de inicio tienen {} bytes, no {}",
                inicio.len(),
                PESOS.len()
            ),
        ));
    }
    let mut etapas: Vec<Vec<Muestra>> = (0..ETAPAS).map(|_| Vec::new()).collect();
    let mut pruebas: Vec<Vec<Muestra>> = (0..ETAPAS).map(|_| Vec::new()).collect();
    for muestra in leer(archivos, partidas, mezcla)? {
        let e = etapa(cuenta(!(muestra.p | muestra.o)) as u32);
        let destino = if muestra.apartada {
            &mut pruebas
        } else {
            &mut etapas
        };
        destino[e].push(muestra);
    }
    let mut pesos = vec![0f32; ETAPAS * PESOS_POR_ETAPA];
    let rasgos_de = |p: u64, o: u64| rasgos(p, o, Portatil.jugadas(p, o), Portatil.jugadas(o, p));
    let clasica = |m: &Muestra| {
        suma_de_terminos(
            m.p,
            m.o,
            Portatil.jugadas(m.p, m.o),
            Portatil.jugadas(m.o, m.p),
        )
    };
    for e in 0..ETAPAS {
        // A stage with few positions borrows those of the stages next to it.
        let mut muestras: Vec<&Muestra> = etapas[e].iter().collect();
        if muestras.len() < POCAS {
            for vecina in [e.wrapping_sub(1), e + 1] {
                muestras.extend(etapas.get(vecina).into_iter().flatten());
            }
        }
        let w = &mut pesos[e * PESOS_POR_ETAPA..][..PESOS_POR_ETAPA];
        if let Some(inicio) = inicio {
            for (k, peso) in w.iter_mut().enumerate() {
                let i = 2 * (e * PESOS_POR_ETAPA + k);
                *peso = f32::from(i16::from_le_bytes([inicio[i], inicio[i + 1]]));
            }
        } else {
            // The factor of the hand-made terms by least squares; the patterns are
            // then fitted to what it leaves.
            let (xy, xx) = muestras.iter().fold((0f64, 0f64), |(xy, xx), m| {
                let x = f64::from(clasica(m));
                (xy + x * f64::from(m.valor), xx + x * x)
            });
            w[ESCALA_CLASICA] = (xy / xx.max(1.0) * f64::from(UNIDAD_CLASICA)).round() as f32;
        }
        if e >= ajustadas {
            informar(&format!("etapa {e}: los pesos de inicio, sin ajustar"));
            continue;
        }
        let factor = w[ESCALA_CLASICA] / UNIDAD_CLASICA as f32;
        let resto = |m: &Muestra| m.valor - factor * clasica(m) as f32;
        let objetivos: Vec<f32> = muestras.iter().map(|m| resto(m)).collect();
        let validacion: Vec<Ejemplo<RASGOS>> = pruebas[e]
            .iter()
            .map(|m| (rasgos_de(m.p, m.o), resto(m)))
            .collect();
        informar(&format!(
            "etapa {e}: factor de la clásica {factor:.3}, error {:.2} fichas",
            error_medio(&validacion, w)
        ));
        let imagenes = |i: usize| {
            let m = muestras[i];
            let (ps, os) = (simetricas(m.p), simetricas(m.o));
            (
                std::array::from_fn(|s| rasgos_de(ps[s], os[s])),
                objetivos[i],
            )
        };
        let como = Descenso {
            epocas,
            paso,
            semilla: 0x9E37_79B9_7F4A_7C15 + e as u64,
        };
        let prefijo = format!("etapa {e}: ");
        descender(
            w,
            muestras.len(),
            imagenes,
            &validacion,
            como,
            &prefijo,
            informar,
        );
    }
    let bytes = a_bytes(&pesos);
    fs::write(salida, &bytes)?;
    // The held-out positions, with the weights as stored.
    for (e, muestras) in pruebas.iter().enumerate() {
        let error = |evaluar: &dyn Fn(u64, u64) -> i32| error_de(muestras, evaluar);
        let con = |pesos: &[u8], p, o| {
            valor_con(pesos, p, o, Portatil.jugadas(p, o), Portatil.jugadas(o, p))
        };
        informar(&format!(
            "etapa {e}: error de prueba {:.2} fichas (los pesos de hoy: {:.2}; la clásica: {:.2}), {} posiciones",
            error(&|p, o| con(&bytes, p, o)),
            error(&|p, o| con(PESOS, p, o)),
            error(&|p, o| Portatil.evaluar_clasica(p, o)),
            muestras.len()
        ));
    }
    informar(&format!("pesos escritos en {}", salida.display()));
    Ok(())
}

/// Times both evaluations, in the copy for this processor, over the first 200 000
/// positions of `archivos` (see [`super::generar`]), and tells the nanoseconds per call
/// of each.
///
/// # Errors
///
/// If a file cannot be read or has no positions.
pub fn medir(archivos: &[PathBuf], informar: &mut dyn FnMut(&str)) -> io::Result<()> {
    let posiciones: Vec<(u64, u64)> = leer(archivos, u32::MAX, 0.0)?
        .iter()
        .take(200_000)
        .map(|m| (m.p, m.o))
        .collect();
    en_la_copia!(copia => {
        medir_una("patrones", &|p, o| copia.evaluar_patrones(p, o), &posiciones, informar);
        medir_una("clásica", &|p, o| copia.evaluar_clasica(p, o), &posiciones, informar);
    });
    Ok(())
}

/// Times `evaluar` over `posiciones`, five times over, and tells the nanoseconds per call.
fn medir_una(
    nombre: &str,
    evaluar: &dyn Fn(u64, u64) -> i32,
    posiciones: &[(u64, u64)],
    informar: &mut dyn FnMut(&str),
) {
    let inicio = Instant::now();
    let mut suma = 0i64;
    for _ in 0..5 {
        for &(p, o) in posiciones {
            suma += i64::from(evaluar(black_box(p), o));
        }
    }
    let ns = inicio.elapsed().as_nanos() as f64 / (5 * posiciones.len()) as f64;
    informar(&format!("{nombre}: {ns:.1} ns por evaluación ({suma})"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motor::ajuste::{Receta, generar};

    #[test]
    fn las_etapas_sin_ajustar_quedan_como_las_de_inicio() {
        let carpeta = tempfile::tempdir().unwrap();
        let (datos, salida) = (carpeta.path().join("datos"), carpeta.path().join("pesos"));
        let mut nada = |_: &str| {};
        let receta = Receta {
            semilla: 3,
            profundidad: 2,
            vacias_exactas: 12,
        };
        generar(receta, 40, 2, &datos, &mut nada).unwrap();
        let como = Entrenamiento {
            partidas: u32::MAX,
            mezcla: 1.0,
            epocas: 2,
            paso: 0.001,
            inicio: Some(PESOS),
            etapas: 6,
        };
        entrenar(std::slice::from_ref(&datos), como, &salida, &mut nada).unwrap();
        let ajustados = fs::read(&salida).unwrap();
        let corte = 2 * 6 * PESOS_POR_ETAPA;
        assert_eq!(ajustados[corte..], PESOS[corte..]);
        assert_ne!(ajustados[..corte], PESOS[..corte]);

        let sin_inicio = Entrenamiento {
            inicio: None,
            ..como
        };
        let error = entrenar(std::slice::from_ref(&datos), sin_inicio, &salida, &mut nada);
        let error = error.unwrap_err();
        assert!(
            error.to_string().contains("pide los pesos de inicio"),
            "{error}"
        );
        // Not over the positions.
        let antes = fs::read(&datos).unwrap();
        let error = entrenar(std::slice::from_ref(&datos), como, &datos, &mut nada);
        assert_eq!(error.unwrap_err().kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&datos).unwrap(), antes);
    }
}
