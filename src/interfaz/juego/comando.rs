//! What a player can type at the move prompt: a position, or one of the game's
//! commands. Each command is one row of [`ORDENES`]: its names, what it takes and what
//! it does, so the reader and the help cannot drift apart.

use std::{fmt::Write as _, str::FromStr};

/// What a player typed at the move prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Comando {
    /// An empty line: ask again.
    Nada,
    /// Anything that is not a command: a move to try, as typed.
    Colocar(String),
    /// Pass the turn.
    Pasar,
    /// Save the board (and its moves), to this file or, if empty, to a name asked for.
    Guardar(String),
    /// Show the moves played.
    Historial,
    /// Ask the strong player for a move.
    Sugerir,
    /// Undo the last move or pass.
    Deshacer,
    /// Show or hide the valid moves on the board.
    Pistas,
    /// Show the commands and the rules.
    Ayuda,
    /// Leave the program.
    Salir,
}

/// One command word: its names, its argument, its line of help and what it reads as.
struct Orden {
    /// The first is the one the help shows.
    nombres: &'static [&'static str],
    /// What may follow the name, as the help writes it; `None` if nothing may.
    argumento: Option<&'static str>,
    /// Its help, one line or more.
    descripcion: &'static str,
    /// The command, from what followed the name.
    comando: fn(String) -> Comando,
}

/// Every command, in the order the help lists them.
const ORDENES: [Orden; 8] = [
    Orden {
        nombres: &["pasar"],
        argumento: None,
        descripcion: "pasa el turno",
        comando: |_| Comando::Pasar,
    },
    Orden {
        nombres: &["guardar"],
        argumento: Some("[archivo]"),
        descripcion: "guarda el tablero en un archivo (si no das el nombre, lo pregunta),\n\
                      y las jugadas al lado, en archivo.jugadas",
        comando: Comando::Guardar,
    },
    Orden {
        nombres: &["historial"],
        argumento: None,
        descripcion: "muestra las jugadas hechas, y su transcripción",
        comando: |_| Comando::Historial,
    },
    Orden {
        nombres: &["sugerir"],
        argumento: None,
        descripcion: "pide al jugador fuerte la mejor jugada y su evaluación, sin jugarla",
        comando: |_| Comando::Sugerir,
    },
    Orden {
        nombres: &["deshacer"],
        argumento: None,
        descripcion: "deshace la última jugada o pase (se puede repetir hasta el comienzo)",
        comando: |_| Comando::Deshacer,
    },
    Orden {
        nombres: &["pistas"],
        argumento: None,
        descripcion: "muestra u oculta en el tablero las jugadas válidas (*)",
        comando: |_| Comando::Pistas,
    },
    Orden {
        nombres: &["ayuda", "?"],
        argumento: None,
        descripcion: "muestra esta ayuda",
        comando: |_| Comando::Ayuda,
    },
    Orden {
        nombres: &["salir"],
        argumento: None,
        descripcion: "termina el programa (ofrece guardar si hay cambios sin guardar)",
        comando: |_| Comando::Salir,
    },
];

/// A command that takes nothing was typed with something after it.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("«{0}» se escribe solo, sin nada después")]
pub(super) struct ErrorComando(String);

impl FromStr for Comando {
    type Err = ErrorComando;

    /// Reads a trimmed line: the command word in any case, then its argument if it
    /// takes one; anything else is a move to try.
    fn from_str(linea: &str) -> Result<Comando, ErrorComando> {
        if linea.is_empty() {
            return Ok(Comando::Nada);
        }
        let (palabra, resto) = match linea.split_once(char::is_whitespace) {
            Some((palabra, resto)) => (palabra, resto.trim()),
            None => (linea, ""),
        };
        let palabra = palabra.to_lowercase();
        match ORDENES
            .iter()
            .find(|orden| orden.nombres.contains(&palabra.as_str()))
        {
            None => Ok(Comando::Colocar(linea.to_owned())),
            Some(orden) if orden.argumento.is_none() && !resto.is_empty() => {
                Err(ErrorComando(palabra))
            }
            Some(orden) => Ok((orden.comando)(resto.to_owned())),
        }
    }
}

/// The rules, as the help tells them after the commands.
const REGLAS: &str = "\
Reglas (Tarea 2, IIC1103 UC):
  - Juegan las negras (N) y las blancas (B) por turnos; empiezan las negras.
  - Una jugada es válida si la casilla está vacía y flanquea al menos una ficha
    rival: en alguna de las 8 direcciones, entre la ficha nueva y otra propia hay
    solo fichas rivales, sin casillas vacías. Todas las fichas flanqueadas, en
    todas las direcciones, cambian de color.
  - En esta variante puedes pasar cuando quieras, aunque tengas jugadas válidas.
    Si no tienes ninguna, debes pasar.
  - La partida termina cuando el tablero se llena, cuando ambos pasan uno después
    del otro, cuando el que debe jugar no tiene fichas o cuando ninguno de los dos
    puede jugar. Gana quien tenga más fichas de su color.
  - El archivo guarda solo el tablero: al cargarlo se pregunta quién juega.
";

/// The help: every command with its line, then the rules.
pub(super) fn ayuda() -> String {
    /// Where the descriptions start.
    const SANGRIA: usize = 21;
    let mut texto = String::from("Comandos (da igual mayúsculas o minúsculas):\n");
    let filas = [("C4", "pone una ficha en C4 (columna A-H, fila 1-8)")]
        .into_iter()
        .map(|(uso, descripcion)| (uso.to_owned(), descripcion))
        .chain(ORDENES.iter().map(|orden| {
            let uso = match orden.argumento {
                Some(argumento) => format!("{} {argumento}", orden.nombres[0]),
                None => orden.nombres[0].to_owned(),
            };
            (uso, orden.descripcion)
        }));
    for (uso, descripcion) in filas {
        let mut lineas = descripcion.lines();
        let primera = lineas.next().unwrap_or_default();
        let _ = writeln!(texto, "  {uso:<ancho$}{primera}", ancho = SANGRIA - 2);
        for linea in lineas {
            let _ = writeln!(texto, "{:SANGRIA$}{linea}", "");
        }
    }
    texto.push('\n');
    texto + REGLAS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comandos_en_cualquier_caso_y_con_argumento_solo_guardar() {
        let casos = [
            ("", Ok(Comando::Nada)),
            ("PASAR", Ok(Comando::Pasar)),
            ("?", Ok(Comando::Ayuda)),
            ("guardar", Ok(Comando::Guardar(String::new()))),
            (
                "Guardar  mi partida.txt",
                Ok(Comando::Guardar("mi partida.txt".into())),
            ),
            ("c4", Ok(Comando::Colocar("c4".into()))),
            ("pasarela", Ok(Comando::Colocar("pasarela".into()))),
            ("Ayuda por favor", Err(ErrorComando("ayuda".into()))),
        ];
        for (linea, esperado) in casos {
            assert_eq!(linea.parse::<Comando>(), esperado, "{linea:?}");
        }
    }

    #[test]
    fn la_ayuda_nombra_cada_comando_una_vez() {
        let texto = ayuda();
        for orden in &ORDENES {
            let inicio = format!("\n  {}", orden.nombres[0]);
            assert_eq!(texto.matches(&inicio).count(), 1, "{inicio:?}");
        }
        assert!(texto.contains(
            "  guardar [archivo]  guarda el tablero en un archivo (si no das el nombre, lo pregunta),\n\
             \x20                    y las jugadas al lado, en archivo.jugadas\n"
        ));
    }
}
