//! `repetir`: replays a transcript, in either notation, from the start or from a board,
//! and gives the board reached; an invalid move is named by its number and text.

use std::{
    io::{self, Read, Write},
    path::PathBuf,
};

use serde::Serialize;

use super::{
    corrida::{Corrida, Ejecutar},
    error::ErrorOrden,
    informe::{Informe, InformePartida, escribir_tablero},
    tablero::Desde,
};
use crate::argumentos::{Entrada, MAS_OPCIONES, Salida, entrada};
use othello::{Jugada, Notacion, Partida, Repeticion, Transcripcion};

/// `repetir [--desde ARCHIVO] [--turno N|B] [--hasta-error] [--salida ARCHIVO]
/// (JUGADAS... | --jugadas-de ARCHIVO)`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = "\
JUGADAS: una jugada por palabra, separadas por espacios o comas, y «pasar» para \
pasar (C4 C3 D3 pasar F5); o la notación compacta de los programas de Othello \
(f5d6c3d3), donde el que no tiene jugadas pasa solo. Da igual mayúsculas o \
minúsculas; en un archivo, las líneas que empiezan con # son comentarios.

Si una jugada no es válida, dice su número, su texto y por qué, y sale con estado 1. \
Sin ninguna jugada (un archivo vacío o solo con comentarios), sale con estado 2.")]
pub struct Repetir {
    #[command(flatten)]
    desde: Desde,
    #[arg(
        long,
        value_name = "ARCHIVO",
        value_parser = entrada(),
        conflicts_with = "jugadas",
        help = "Lee las jugadas de ARCHIVO («-»: la entrada estándar)"
    )]
    jugadas_de: Option<Entrada>,
    #[arg(
        long,
        help_heading = MAS_OPCIONES,
        help = "Si una jugada no es válida, escribe igual el tablero de justo antes"
    )]
    hasta_error: bool,
    #[command(flatten)]
    salida: Salida,
    #[arg(
        value_name = "JUGADAS",
        required_unless_present = "jugadas_de",
        help = "Las jugadas"
    )]
    jugadas: Vec<String>,
}

/// What `repetir` answers: the game reached (or, on an invalid move, the game just
/// before it), the notation read and the moves made, passes included.
#[derive(Serialize)]
struct InformeRepetir {
    #[serde(flatten)]
    partida: InformePartida,
    notacion: &'static str,
    jugadas_hechas: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(serialize_with = "super::informe::nombre_opcional")]
    guardado: Option<PathBuf>,
    /// Whether the text shows the board: not when it went to a file, nor on an invalid
    /// move unless `--hasta-error` asks for it.
    #[serde(skip)]
    mostrar: bool,
}

impl InformeRepetir {
    fn de(transcripcion: &Transcripcion, repeticion: &Repeticion) -> InformeRepetir {
        InformeRepetir {
            partida: InformePartida::de(repeticion.partida()),
            notacion: match transcripcion.notacion() {
                Notacion::Espaciada => "espaciada",
                Notacion::Compacta => "compacta",
            },
            jugadas_hechas: repeticion.jugadas().iter().map(Jugada::to_string).collect(),
            guardado: None,
            mostrar: true,
        }
    }
}

impl Informe for InformeRepetir {
    fn escribir(&self, salida: &mut dyn Write) -> io::Result<()> {
        match self.mostrar {
            true => escribir_tablero(salida, self.partida.tablero(), self.guardado.as_ref()),
            false => Ok(()),
        }
    }
}

impl Ejecutar for Repetir {
    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let (tablero, turno) = self.desde.leer(corrida)?;
        // Moves given one per argument have no comments: a `#` there is a bad move.
        let transcripcion = match &self.jugadas_de {
            Some(fuente) => match corrida.texto(fuente)?.parse() {
                Ok(transcripcion) => transcripcion,
                Err(nunca) => match nunca {},
            },
            None => Transcripcion::sin_comentarios(&self.jugadas.join(" ")),
        };
        if transcripcion.escritas().is_empty() {
            let ruta = self.jugadas_de.as_ref().map(Entrada::nombre);
            return Err(ErrorOrden::SinJugadas(ruta));
        }
        let partida = Partida::desde(tablero, turno);
        match transcripcion.repetir(partida) {
            Ok(repeticion) => {
                let destino = self.salida.destino();
                let guardado = corrida.guardar(repeticion.partida().tablero(), &destino)?;
                corrida.informar(&InformeRepetir {
                    guardado,
                    ..InformeRepetir::de(&transcripcion, &repeticion)
                })
            }
            Err(error) => {
                let informe = InformeRepetir {
                    mostrar: self.hasta_error,
                    ..InformeRepetir::de(&transcripcion, &error.antes)
                };
                corrida.fallar(&informe, ErrorOrden::Repeticion(error))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ordenes::{
        OpcionesDeOrden, ejecutar,
        tests::{orden, por_omision},
    };
    use othello::Tablero;

    /// What `repetir` with `argumentos` writes, the starting board on standard input.
    fn repetir(argumentos: &[&str]) -> String {
        let inicial = Tablero::inicial().to_string();
        let mut salida = Vec::new();
        let orden = orden(&[&["repetir"], argumentos].concat());
        ejecutar(
            &orden,
            &OpcionesDeOrden::default(),
            inicial.as_bytes(),
            &mut salida,
        )
        .expect("jugadas válidas");
        String::from_utf8(salida).expect("texto")
    }

    #[test]
    fn repetir_toma_desde_o_turno_solos_y_empieza_por_el_de_su_ayuda() {
        // C5 is white's move from the start, C4 black's.
        let blancas = repetir(&["--turno", "B", "C5"]);
        assert!(blancas.starts_with("V, V, V, V, V, V, V, V\n"), "{blancas}");
        let desde = repetir(&["--desde", "-", "C4"]);
        assert_eq!(desde, repetir(&["C4"]));
        assert_eq!(
            repetir(&["--turno", &por_omision("repetir", "turno"), "C4"]),
            desde
        );
        assert_eq!(por_omision("repetir", "turno"), "N");
    }
}
