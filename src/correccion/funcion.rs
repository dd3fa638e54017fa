//! The homework's four functions that are graded, a value for each of them, and a
//! student's own name for one (`--funcion`).

use std::{fmt, str::FromStr};

use serde::Serialize;

use othello::texto::cita;

/// One of the homework's four functions that are graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Funcion {
    /// `jugar(tablero, posicion, valor)`, item 6: required.
    Jugar,
    /// The counting function of item 5, `contar(tablero, c)` unless renamed: required.
    Contar,
    /// `guardarPartida(tablero, nombre_archivo)`, item 7: optional.
    GuardarPartida,
    /// `cargarPartida(nombre_archivo)`, item 7: optional.
    CargarPartida,
}

impl Funcion {
    /// The four, in the order of the reports.
    pub const TODAS: [Funcion; 4] = [
        Funcion::Jugar,
        Funcion::Contar,
        Funcion::GuardarPartida,
        Funcion::CargarPartida,
    ];

    /// Its name in the homework, as reports and the gradebook name it.
    pub const fn nombre(self) -> &'static str {
        self.nombres_predeterminados()[0]
    }

    /// The function a key or a homework's name names: `contar`, `guardar_partida`,
    /// `guardarPartida`.
    pub fn desde_nombre(nombre: &str) -> Option<Funcion> {
        Funcion::TODAS
            .into_iter()
            .find(|f| f.clave() == nombre || f.nombres_predeterminados().contains(&nombre))
    }

    /// Its key in JSON and in `--funcion CLAVE=NOMBRE`.
    pub const fn clave(self) -> &'static str {
        match self {
            Funcion::Jugar => "jugar",
            Funcion::Contar => "contar",
            Funcion::GuardarPartida => "guardar_partida",
            Funcion::CargarPartida => "cargar_partida",
        }
    }

    /// The names looked for when none is given: the homework's spelling first, then the
    /// one many students write.
    pub const fn nombres_predeterminados(self) -> &'static [&'static str] {
        match self {
            Funcion::Jugar => &["jugar"],
            Funcion::Contar => &["contar"],
            Funcion::GuardarPartida => &["guardarPartida", "guardar_partida"],
            Funcion::CargarPartida => &["cargarPartida", "cargar_partida"],
        }
    }

    /// Whether a submission without it cannot pass: the homework asks for `jugar` and
    /// the counting function; saving and loading are optional.
    pub const fn obligatoria(self) -> bool {
        matches!(self, Funcion::Jugar | Funcion::Contar)
    }
}

impl fmt::Display for Funcion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.clave())
    }
}

/// A value for each of the four functions; as JSON, an object with their keys.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PorFuncion<T> {
    /// For `jugar`.
    pub jugar: T,
    /// For the counting function.
    pub contar: T,
    /// For `guardarPartida`.
    pub guardar_partida: T,
    /// For `cargarPartida`.
    pub cargar_partida: T,
}

impl<T> PorFuncion<T> {
    /// The four values, in the order of [`Funcion::TODAS`].
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [
            &self.jugar,
            &self.contar,
            &self.guardar_partida,
            &self.cargar_partida,
        ]
        .into_iter()
    }

    /// Each function's value, from `valor(funcion)`.
    pub fn de(mut valor: impl FnMut(Funcion) -> T) -> PorFuncion<T> {
        PorFuncion {
            jugar: valor(Funcion::Jugar),
            contar: valor(Funcion::Contar),
            guardar_partida: valor(Funcion::GuardarPartida),
            cargar_partida: valor(Funcion::CargarPartida),
        }
    }
}

impl<T> std::ops::Index<Funcion> for PorFuncion<T> {
    type Output = T;

    fn index(&self, funcion: Funcion) -> &T {
        match funcion {
            Funcion::Jugar => &self.jugar,
            Funcion::Contar => &self.contar,
            Funcion::GuardarPartida => &self.guardar_partida,
            Funcion::CargarPartida => &self.cargar_partida,
        }
    }
}

impl<T> std::ops::IndexMut<Funcion> for PorFuncion<T> {
    fn index_mut(&mut self, funcion: Funcion) -> &mut T {
        match funcion {
            Funcion::Jugar => &mut self.jugar,
            Funcion::Contar => &mut self.contar,
            Funcion::GuardarPartida => &mut self.guardar_partida,
            Funcion::CargarPartida => &mut self.cargar_partida,
        }
    }
}

/// `--funcion CLAVE=NOMBRE`: the student's name for one of the four functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renombre {
    /// Which function.
    pub funcion: Funcion,
    /// The name in the student's file.
    pub nombre: String,
}

/// Why a `--funcion` value is not `CLAVE=NOMBRE`. The messages follow the value in a
/// usage error, so they name only the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorRenombre {
    /// No `=`.
    #[error("falta el «=»: se esperaba CLAVE=NOMBRE, como contar=contarFichas")]
    SinIgual,
    /// The key is none of the four functions.
    #[error(
        "«{0}» no es una de las funciones: jugar, contar, guardar_partida (guardarPartida) o cargar_partida (cargarPartida)"
    )]
    Clave(String),
    /// The name cannot be a Python function's.
    #[error("«{0}» no es un nombre de función de Python")]
    Nombre(String),
}

impl FromStr for Renombre {
    type Err = ErrorRenombre;

    /// `contar=contarFichas`; the key may also be written as the homework spells it
    /// (`guardarPartida=guardar`).
    fn from_str(texto: &str) -> Result<Renombre, ErrorRenombre> {
        let (clave, nombre) = texto.split_once('=').ok_or(ErrorRenombre::SinIgual)?;
        let (clave, nombre) = (clave.trim(), nombre.trim());
        let funcion =
            Funcion::desde_nombre(clave).ok_or_else(|| ErrorRenombre::Clave(cita(clave)))?;
        let mut letras = nombre.chars();
        let identificador = letras.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && letras.all(|c| c.is_alphanumeric() || c == '_');
        if !identificador {
            return Err(ErrorRenombre::Nombre(cita(nombre)));
        }
        Ok(Renombre {
            funcion,
            nombre: nombre.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renombres() {
        let renombre: Renombre = "contar=contarFichas".parse().unwrap();
        assert_eq!(
            renombre,
            Renombre {
                funcion: Funcion::Contar,
                nombre: "contarFichas".into()
            }
        );
        let por_nombre: Renombre = " guardarPartida = guardar ".parse().unwrap();
        assert_eq!(por_nombre.funcion, Funcion::GuardarPartida);
        assert_eq!(por_nombre.nombre, "guardar");
        assert_eq!("contar".parse::<Renombre>(), Err(ErrorRenombre::SinIgual));
        assert_eq!(
            "mostrar=ver".parse::<Renombre>(),
            Err(ErrorRenombre::Clave("mostrar".into()))
        );
        assert_eq!(
            "contar=2x".parse::<Renombre>(),
            Err(ErrorRenombre::Nombre("2x".into()))
        );
        assert!("contar=contar_ñandúes".parse::<Renombre>().is_ok());
    }
}
