//! The options of a grading run: every flag of `othello corregir`.

use std::{num::NonZeroUsize, path::PathBuf, time::Duration};

use super::{
    casos::Cantidades,
    funcion::{PorFuncion, Renombre},
    nota::Escala,
};

/// Every flag of `othello corregir`. [`Default`] gives the documented defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpcionesCorreccion {
    /// `--python PATH`: the interpreter; `None` looks for `python3` on the `PATH`.
    pub python: Option<PathBuf>,
    /// `--funcion CLAVE=NOMBRE`, as many as given: each replaces the names looked for.
    pub renombres: Vec<Renombre>,
    /// `--semilla S`: the same seed gives the same cases.
    pub semilla: u64,
    /// `--casos N`: `N` cases of `jugar` and the others in proportion; `None` for the
    /// defaults (1000, 300, 100, 100).
    pub casos: Option<usize>,
    /// `--tiempo-limite`: for each call (1 s).
    pub tiempo_limite: Duration,
    /// `--tiempo-por-entrega`: for all of a submission's cases (30 s); what is left when
    /// it is over is not run.
    pub tiempo_por_entrega: Duration,
    /// `--memoria`: for each submission's process, in bytes (512 MiB).
    pub memoria: u64,
    /// `--ejemplos`: failures shown per function and kind (3).
    pub ejemplos: usize,
    /// `--csv NOTAS.csv`: also write the gradebook there.
    pub csv: Option<PathBuf>,
    /// `--informes CARPETA`: also write each student's feedback there.
    pub informes: Option<PathBuf>,
    /// `--pesos` and `--exigencia`: how grades are given.
    pub escala: Escala,
    /// How many submissions at once; `None` for one per core.
    pub hilos: Option<NonZeroUsize>,
}

/// The seed used when none is given: the homework's year.
pub const SEMILLA_PREDETERMINADA: u64 = 2015;

impl Default for OpcionesCorreccion {
    fn default() -> OpcionesCorreccion {
        OpcionesCorreccion {
            python: None,
            renombres: Vec::new(),
            semilla: SEMILLA_PREDETERMINADA,
            casos: None,
            tiempo_limite: Duration::from_secs(1),
            tiempo_por_entrega: Duration::from_secs(30),
            memoria: 512 * MIB,
            ejemplos: 3,
            csv: None,
            informes: None,
            escala: Escala::default(),
            hilos: None,
        }
    }
}

impl OpcionesCorreccion {
    /// How many cases of each function.
    pub fn cantidades(&self) -> Cantidades {
        self.casos
            .map_or_else(Cantidades::default, Cantidades::escaladas)
    }

    /// The names looked for, per function: the defaults, or the one `--funcion` gave.
    pub fn nombres(&self) -> PorFuncion<Vec<String>> {
        PorFuncion::de(
            |funcion| match self.renombres.iter().rev().find(|r| r.funcion == funcion) {
                Some(renombre) => vec![renombre.nombre.clone()],
                None => funcion
                    .nombres_predeterminados()
                    .iter()
                    .map(|&nombre| nombre.to_owned())
                    .collect(),
            },
        )
    }
}

/// A mebibyte, as `--memoria` counts.
pub(crate) const MIB: u64 = 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_renombre_reemplaza_los_nombres_buscados() {
        let opciones = OpcionesCorreccion {
            renombres: vec!["contar=contarFichas".parse().unwrap()],
            ..OpcionesCorreccion::default()
        };
        let nombres = opciones.nombres();
        assert_eq!(nombres.contar, ["contarFichas"]);
        assert_eq!(nombres.cargar_partida, ["cargarPartida", "cargar_partida"]);
    }
}
