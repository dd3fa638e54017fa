//! The orders that speak other Othello programs' language: `exportar` writes a board as
//! the engines' board string (obf), `importar` reads one.

use std::{
    io::{self, Read, Write},
    path::PathBuf,
};

use serde::Serialize;

use super::{
    corrida::{Corrida, Ejecutar},
    error::ErrorOrden,
    informe::{Informe, InformeTablero, escribir_tablero},
    tablero::{AYUDA_ARCHIVO, turno_o_sugerido},
};
use crate::argumentos::{Entrada, MAS_OPCIONES, Salida, color_tolerante, entrada};
use othello::{Color, Obf};

/// The formats of other Othello programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Formato {
    /// The engines' 64-character board string with the side to move.
    Obf,
}

/// `--formato obf`: the only format there is, which a script may still name.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
struct ArgumentoFormato {
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        value_enum,
        default_value_t = Formato::Obf,
        hide_possible_values = true,
        hide_default_value = true,
        help = "El formato: obf (el único)"
    )]
    formato: Formato,
}

/// `exportar ARCHIVO [--turno N|B] [--formato obf]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
La cadena obf tiene las 64 casillas de A1 a H8, la fila 1 primero (X negras, O \
blancas, - vacía), un espacio y el turno, X u O.")]
pub struct Exportar {
    #[arg(value_name = "ARCHIVO", value_parser = entrada(), help = AYUDA_ARCHIVO)]
    archivo: Entrada,
    #[arg(
        long,
        value_name = "N|B",
        value_parser = color_tolerante,
        help = "Quién mueve; si falta, el turno que sugiere el juego"
    )]
    turno: Option<Color>,
    #[command(flatten)]
    formato: ArgumentoFormato,
}

/// What `exportar` answers.
#[derive(Serialize)]
struct InformeExportar {
    #[serde(serialize_with = "super::informe::nombre")]
    archivo: PathBuf,
    #[serde(flatten)]
    tablero: InformeTablero,
    obf: String,
    turno: char,
    turno_supuesto: bool,
}

impl Informe for InformeExportar {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        writeln!(salida, "{}", self.obf)
    }
}

impl Ejecutar for Exportar {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let ArgumentoFormato {
            formato: Formato::Obf,
        } = self.formato;
        let tablero = corrida.tablero(&self.archivo)?;
        let (turno, supuesto) = turno_o_sugerido(self.turno, &tablero);
        corrida.informar(&InformeExportar {
            archivo: self.archivo.nombre(),
            tablero: InformeTablero::de(&tablero),
            obf: Obf { tablero, turno }.to_string(),
            turno: turno.letra(),
            turno_supuesto: supuesto,
        })
    }
}

/// `importar [--formato obf] [--salida ARCHIVO] CADENA`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
Tolera minúsculas, espacios alrededor y un «;» con comentarios después, como en los \
archivos .obf. El turno, que el formato de la tarea no guarda, va en --json.")]
pub struct Importar {
    #[arg(
        value_name = "CADENA",
        allow_hyphen_values = true,
        help = "La cadena, como «---…---OX------XO---…--- X» («-»: la entrada estándar)"
    )]
    cadena: String,
    #[command(flatten)]
    formato: ArgumentoFormato,
    #[command(flatten)]
    salida: Salida,
}

/// What `importar` answers.
#[derive(Serialize)]
struct InformeImportar {
    #[serde(flatten)]
    tablero: InformeTablero,
    obf: String,
    turno: char,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "super::informe::nombre_opcional")]
    guardado: Option<PathBuf>,
}

impl Informe for InformeImportar {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        escribir_tablero(salida, &self.tablero.valor, self.guardado.as_ref())
    }
}

impl Ejecutar for Importar {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let ArgumentoFormato {
            formato: Formato::Obf,
        } = self.formato;
        let texto = match self.cadena.as_str() {
            "-" => corrida.texto(&Entrada::Estandar)?,
            cadena => cadena.to_owned(),
        };
        let obf: Obf = texto.parse()?;
        let guardado = corrida.guardar(&obf.tablero, &self.salida.destino())?;
        corrida.informar(&InformeImportar {
            tablero: InformeTablero::de(&obf.tablero),
            obf: obf.to_string(),
            turno: obf.turno.letra(),
            guardado,
        })
    }
}
