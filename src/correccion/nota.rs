//! How grades are given: the weight of each function and of the main program in a
//! submission's percentage (`--pesos`), and the Chilean 1.0-7.0 scale with its pass mark (`--exigencia`): the
//! percentage required for a 4.0, linear on each side. The report computes each
//! submission's percentage with them.

use std::{fmt, str::FromStr};

use serde::Serialize;

use super::funcion::{Funcion, PorFuncion};
use crate::argumentos::{entero, por_omision};
use othello::texto::cita;

/// How much each part of the homework weighs in the percentage, in points: each
/// function, and the main program (0: it is not run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pesos {
    /// Each function's.
    pub funciones: PorFuncion<u32>,
    /// The main program's.
    pub programa: u32,
}

impl Default for Pesos {
    /// `jugar=30,contar=10,guardarPartida=5,cargarPartida=5,programa=50`: the two
    /// halves of the homework's list weigh the same.
    fn default() -> Pesos {
        Pesos {
            funciones: PorFuncion {
                jugar: 30,
                contar: 10,
                guardar_partida: 5,
                cargar_partida: 5,
            },
            programa: 50,
        }
    }
}

/// The main program's key in `--pesos`.
const PROGRAMA: &str = "programa";

/// Why a `--pesos` value is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorPesos {
    /// A part is not `CLAVE=NÚMERO`.
    #[error("«{0}» no es FUNCIÓN=PESO (por ejemplo jugar=60)")]
    Parte(String),
    /// The key is none of the four functions, nor the program.
    #[error(
        "«{0}» no es una de las partes: jugar, contar, guardarPartida, cargarPartida o programa"
    )]
    Clave(String),
    /// Every weight is 0.
    #[error("los pesos suman 0")]
    Nulos,
}

impl FromStr for Pesos {
    type Err = ErrorPesos;

    /// `jugar=30,contar=10,guardarPartida=5,cargarPartida=5,programa=50`: the
    /// functions by the homework's names or by their keys (`guardar_partida`), and
    /// `programa`; a part not named weighs 0.
    fn from_str(texto: &str) -> Result<Pesos, ErrorPesos> {
        let mut pesos = Pesos {
            funciones: PorFuncion::default(),
            programa: 0,
        };
        for parte in texto.split(',') {
            let (clave, peso) = parte
                .split_once('=')
                .ok_or_else(|| ErrorPesos::Parte(cita(parte)))?;
            let clave = clave.trim();
            let lugar = match Funcion::desde_nombre(clave) {
                Some(funcion) => &mut pesos.funciones[funcion],
                None if clave == PROGRAMA => &mut pesos.programa,
                None => return Err(ErrorPesos::Clave(cita(clave))),
            };
            *lugar = peso
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&peso| peso <= 1000)
                .ok_or_else(|| ErrorPesos::Parte(cita(parte)))?;
        }
        if pesos.programa == 0 && Funcion::TODAS.iter().all(|&f| pesos.funciones[f] == 0) {
            return Err(ErrorPesos::Nulos);
        }
        Ok(pesos)
    }
}

impl fmt::Display for Pesos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let partes: Vec<String> = Funcion::TODAS
            .iter()
            .map(|&funcion| format!("{}={}", funcion.nombre(), self.funciones[funcion]))
            .collect();
        write!(f, "{},{PROGRAMA}={}", partes.join(","), self.programa)
    }
}

/// How grades are given: each function's weight, and the percentage for a 4.0. clap
/// reads them from `corregir`'s command line, and [`Default`] is that command line
/// without them.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub struct Escala {
    /// `--pesos`.
    #[arg(
        long,
        value_name = "PARTE=PESO,...",
        default_value_t = Pesos::default(),
        hide_default_value = true,
        value_parser = clap::value_parser!(Pesos),
        help = format!(
            "Cuánto pesa cada parte en el porcentaje: las funciones y el programa principal \
             (por omisión, {}; con programa=0 no se corre; sin guardarPartida ni \
             cargarPartida, su peso pasa a las demás)",
            Pesos::default()
        )
    )]
    pub pesos: Pesos,
    /// `--exigencia`: the percentage that gives a 4.0, from 1 to 99.
    #[arg(
        long,
        value_name = "PORCENTAJE",
        default_value_t = EXIGENCIA,
        hide_default_value = true,
        value_parser = entero(1u8, 99),
        help = format!(
            "El porcentaje que da un 4.0 en la escala de 1.0 a 7.0 (por omisión, {EXIGENCIA})"
        )
    )]
    pub exigencia: u8,
}

/// `--exigencia` when not given.
const EXIGENCIA: u8 = 60;

impl Default for Escala {
    fn default() -> Escala {
        por_omision()
    }
}

/// A submission's grade.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Calificacion {
    /// Of the weighted cases, how many were right, from 0 to 100.
    pub porcentaje: f64,
    /// On the 1.0-7.0 scale, to one decimal.
    pub nota: f64,
}

impl Escala {
    /// The grade for `porcentaje`: 1.0 at 0 %, 4.0 at the pass mark, 7.0 at 100 %,
    /// linear between them, rounded half up to one decimal.
    pub fn nota(&self, porcentaje: f64) -> f64 {
        let exigencia = f64::from(self.exigencia);
        let nota = if porcentaje < exigencia {
            1.0 + 3.0 * porcentaje / exigencia
        } else {
            4.0 + 3.0 * (porcentaje - exigencia) / (100.0 - exigencia)
        };
        // A hair up, so that 4.05 computed as 4.0499… still rounds to 4.1.
        ((nota * 10.0) + 1e-9).round() / 10.0
    }
}

/// `numero` with `decimales` decimals after `coma`: a spreadsheet set to Spanish reads
/// "5,1", and some platforms write their sheets so.
pub(super) fn decimal(numero: f64, decimales: usize, coma: char) -> String {
    let texto = format!("{numero:.decimales$}");
    if coma == '.' {
        texto
    } else {
        texto.replace('.', &coma.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn la_escala_chilena_con_exigencia() {
        let escala = Escala::default();
        assert_eq!(escala.nota(0.0), 1.0);
        assert_eq!(escala.nota(60.0), 4.0);
        assert_eq!(escala.nota(100.0), 7.0);
        assert_eq!(escala.nota(30.0), 2.5);
        assert_eq!(escala.nota(80.0), 5.5);
        // 61 % gives 4.075: 4.1.
        assert_eq!(escala.nota(61.0), 4.1);
        let exigente = Escala {
            exigencia: 70,
            ..Escala::default()
        };
        assert_eq!(exigente.nota(70.0), 4.0);
        assert_eq!(exigente.nota(35.0), 2.5);
    }

    #[test]
    fn los_pesos_se_leen_por_nombre_o_clave() {
        assert_eq!(
            "jugar=30,contar=10,guardarPartida=5,cargarPartida=5,programa=50".parse(),
            Ok(Pesos::default())
        );
        let pesos: Pesos = " jugar = 70 , contar=30".parse().unwrap();
        assert_eq!(pesos.funciones.jugar, 70);
        assert_eq!(pesos.funciones.guardar_partida, 0);
        assert_eq!(pesos.programa, 0);
        assert_eq!(
            "guardar_partida=5"
                .parse::<Pesos>()
                .unwrap()
                .funciones
                .guardar_partida,
            5
        );
        assert_eq!("programa=1".parse::<Pesos>().unwrap().programa, 1);
        assert_eq!(
            "mostrar=5".parse::<Pesos>(),
            Err(ErrorPesos::Clave("mostrar".into()))
        );
        assert_eq!(
            "jugar".parse::<Pesos>(),
            Err(ErrorPesos::Parte("jugar".into()))
        );
        assert_eq!("jugar=0".parse::<Pesos>(), Err(ErrorPesos::Nulos));
        assert_eq!(
            Pesos::default().to_string(),
            "jugar=30,contar=10,guardarPartida=5,cargarPartida=5,programa=50"
        );
        assert_eq!(
            "jugar=0,programa=0".parse::<Pesos>(),
            Err(ErrorPesos::Nulos)
        );
    }
}
