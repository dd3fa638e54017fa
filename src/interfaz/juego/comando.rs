//! What a player can type at the move prompt: a move, or one of the game's commands.
//! Each command is one row of [`ORDENES`]: its names, what it takes and what it does,
//! so the reader, the help and the Tab completion cannot drift apart.

use std::{fmt::Write as _, str::FromStr};

use crate::{Bitboard, ErrorPosicion, Jugada, Posicion, Reglas, formato::entrada, texto::cita};

/// What a player typed at the move prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Comando {
    /// An empty line: ask again.
    Nada,
    /// Put a piece here.
    Colocar(Posicion),
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
    /// Draw the board again, when it has scrolled away.
    Tablero,
    /// Show the commands and the rules.
    Ayuda,
    /// Leave the program.
    Salir,
}

/// One command word: its names, its argument, its line of help and what it reads as.
struct Orden {
    /// The first is the one the help lists and Tab completes; the others are
    /// aliases for people used to other programs, named in its help.
    nombres: &'static [&'static str],
    /// What may follow the name, as the help writes it; `None` if nothing may.
    argumento: Option<&'static str>,
    /// Its help, one line or more.
    descripcion: &'static str,
    /// The command, from what followed the name.
    comando: fn(String) -> Comando,
}

/// Every command, in the order the help lists them.
const ORDENES: [Orden; 9] = [
    Orden {
        nombres: &["pasar"],
        argumento: None,
        descripcion: "pasa el turno",
        comando: |_| Comando::Pasar,
    },
    Orden {
        nombres: &["guardar"],
        argumento: Some("[archivo]"),
        descripcion: "guarda el tablero en un archivo (si no das el nombre, lo\n\
                      pregunta), y las jugadas al lado, en archivo.jugadas",
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
        descripcion: "pide al jugador fuerte la mejor jugada y su evaluación,\n\
                      sin jugarla",
        comando: |_| Comando::Sugerir,
    },
    Orden {
        nombres: &["deshacer"],
        argumento: None,
        descripcion: "deshace la última jugada o pase (se puede repetir hasta\n\
                      el comienzo)",
        comando: |_| Comando::Deshacer,
    },
    Orden {
        nombres: &["pistas"],
        argumento: None,
        descripcion: "muestra u oculta en el tablero las jugadas válidas (*)",
        comando: |_| Comando::Pistas,
    },
    Orden {
        nombres: &["tablero"],
        argumento: None,
        descripcion: "vuelve a dibujar el tablero",
        comando: |_| Comando::Tablero,
    },
    Orden {
        nombres: &["ayuda", "?", "help"],
        argumento: None,
        descripcion: "muestra esta ayuda",
        comando: |_| Comando::Ayuda,
    },
    Orden {
        nombres: &["salir", "exit", "quit"],
        argumento: None,
        descripcion: "termina el programa (antes ofrece guardar los cambios)",
        comando: |_| Comando::Salir,
    },
];

/// Why a line is neither a move nor a command. The messages, quoting at most
/// [`cita`]'s length of what was typed, fit a line of 80 columns with their full stop.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum ErrorComando {
    /// A command that takes nothing, with something after it.
    #[error("«{0}» se escribe solo, sin nada después")]
    SinArgumento(String),
    /// A letter and a number, but not a cell of the board ("I5", "A9").
    #[error(transparent)]
    FueraDelTablero(ErrorPosicion),
    /// Anything else.
    #[error("«{0}» no es una jugada ni un comando (escribe «ayuda»)")]
    Desconocido(String),
}

impl FromStr for Comando {
    type Err = ErrorComando;

    /// Reads a trimmed line: the command word in any case, then its argument if it
    /// takes one; otherwise a move as [`entrada::jugada`] reads it (`c4`, `PA`).
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
            Some(orden) if orden.argumento.is_none() && !resto.is_empty() => {
                Err(ErrorComando::SinArgumento(palabra))
            }
            Some(orden) => Ok((orden.comando)(resto.to_owned())),
            None => match entrada::jugada(linea) {
                Ok(Jugada::Colocar(posicion)) => Ok(Comando::Colocar(posicion)),
                Ok(Jugada::Pasar) => Ok(Comando::Pasar),
                Err(error @ ErrorPosicion::FueraDelTablero(_)) => {
                    Err(ErrorComando::FueraDelTablero(error))
                }
                Err(_) => Err(ErrorComando::Desconocido(cita(linea))),
            },
        }
    }
}

/// What Tab completes at the move prompt: the valid moves, then each command's
/// first name.
pub(super) fn palabras(validas: Bitboard) -> Vec<String> {
    validas
        .into_iter()
        .map(|posicion| posicion.to_string())
        .chain(ORDENES.iter().map(|orden| orden.nombres[0].to_owned()))
        .collect()
}

/// The rules every game follows, as the help tells them.
const REGLAS_COMUNES: &str =
    "  - Juegan las negras (N) y las blancas (B) por turnos; empiezan las negras.
  - Una jugada es válida si la casilla está vacía y flanquea al menos una ficha
    rival: en alguna de las 8 direcciones, entre la ficha nueva y otra propia
    hay solo fichas rivales, sin casillas vacías. Todas las fichas flanqueadas,
    en todas las direcciones, cambian de color.
";

/// The title of the rules, and when a player passes and when the game ends under
/// `reglas`.
fn reglas_propias(reglas: Reglas) -> (&'static str, &'static str) {
    match reglas {
        Reglas::Tarea => (
            "Reglas (Tarea 2, IIC1103 UC):",
            "  - En esta variante puedes pasar cuando quieras, aunque tengas jugadas válidas.
    Si no tienes ninguna, debes pasar.
  - La partida termina cuando el tablero se llena, cuando ambos pasan uno
    después del otro, cuando el que debe jugar no tiene fichas o cuando ninguno
    de los dos puede jugar. Gana quien tenga más fichas de su color.
",
        ),
        Reglas::Oficiales => (
            "Reglas oficiales (--reglas oficiales):",
            "  - Solo puedes pasar si no tienes ninguna jugada válida, y entonces debes
    pasar.
  - La partida termina cuando ninguno de los dos puede jugar (por ejemplo, con
    el tablero lleno o sin fichas de un color). Gana quien tenga más fichas de
    su color.
",
        ),
    }
}

/// The help: every command with its line, then the rules the game follows.
pub(super) fn ayuda(reglas: Reglas) -> String {
    /// Where the descriptions start.
    const SANGRIA: usize = 21;
    let mut texto = String::from("Comandos (da igual mayúsculas o minúsculas):\n");
    let filas = [("C4", "pone una ficha en C4 (columna A-H, fila 1-8)")]
        .into_iter()
        .map(|(uso, descripcion)| (uso.to_owned(), descripcion))
        .chain(ORDENES.iter().map(|orden| {
            let nombres = orden.nombres.join(", ");
            let uso = match orden.argumento {
                Some(argumento) => format!("{nombres} {argumento}"),
                None => nombres,
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
    let (titulo, propias) = reglas_propias(reglas);
    texto += "En una terminal, Tab completa comandos y jugadas, y ↑ ↓ recorren lo escrito.\n\n";
    texto += titulo;
    texto.push('\n');
    texto += REGLAS_COMUNES;
    texto += propias;
    texto += "  - «guardar» escribe el tablero y, al lado, sus jugadas: al cargarlo, la\n    \
               partida sigue con su turno y su historial.\n";
    texto
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Tablero, texto::LARGO_CITA};

    fn posicion(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    #[test]
    fn comandos_en_cualquier_caso_y_con_argumento_solo_guardar() {
        let casos = [
            ("", Ok(Comando::Nada)),
            ("PASAR", Ok(Comando::Pasar)),
            ("guardar", Ok(Comando::Guardar(String::new()))),
            (
                "Guardar  mi partida.txt",
                Ok(Comando::Guardar("mi partida.txt".into())),
            ),
            ("Tablero", Ok(Comando::Tablero)),
            (
                "Ayuda por favor",
                Err(ErrorComando::SinArgumento("ayuda".into())),
            ),
        ];
        for (linea, esperado) in casos {
            assert_eq!(linea.parse::<Comando>(), esperado, "{linea:?}");
        }
    }

    #[test]
    fn alias_de_otros_programas() {
        for (linea, esperado) in [
            ("?", Comando::Ayuda),
            ("help", Comando::Ayuda),
            ("HELP", Comando::Ayuda),
            ("exit", Comando::Salir),
            ("Quit", Comando::Salir),
            ("PA", Comando::Pasar),
        ] {
            assert_eq!(linea.parse::<Comando>(), Ok(esperado), "{linea:?}");
        }
    }

    #[test]
    fn jugadas_y_palabras_que_no_son_nada() {
        let casos = [
            ("c4", Ok(Comando::Colocar(posicion("C4")))),
            ("H8", Ok(Comando::Colocar(posicion("H8")))),
            ("hola", Err(ErrorComando::Desconocido("hola".into()))),
            (
                "pasarela",
                Err(ErrorComando::Desconocido("pasarela".into())),
            ),
            ("c 4", Err(ErrorComando::Desconocido("c 4".into()))),
            (
                "z9",
                Err(ErrorComando::FueraDelTablero(
                    ErrorPosicion::FueraDelTablero("z9".into()),
                )),
            ),
        ];
        for (linea, esperado) in casos {
            assert_eq!(linea.parse::<Comando>(), esperado, "{linea:?}");
        }
        assert_eq!(
            "hola".parse::<Comando>().unwrap_err().to_string(),
            "«hola» no es una jugada ni un comando (escribe «ayuda»)"
        );
    }

    #[test]
    fn cada_mensaje_cabe_en_80_columnas() {
        // As the game writes them: the message and its full stop, quoting as much as
        // any message quotes.
        let largo = "X".repeat(10 * LARGO_CITA);
        let fuera = format!("A{}", "9".repeat(10 * LARGO_CITA));
        let mas_largo = ORDENES
            .iter()
            .flat_map(|orden| orden.nombres)
            .max_by_key(|nombre| nombre.chars().count())
            .unwrap();
        for linea in [largo, fuera, format!("{mas_largo} de más")] {
            let mensaje = format!("{}.", linea.parse::<Comando>().unwrap_err());
            assert!(mensaje.chars().count() <= 80, "{mensaje}");
        }
    }

    #[test]
    fn la_ayuda_nombra_cada_comando_una_vez() {
        let texto = ayuda(Reglas::Tarea);
        for orden in &ORDENES {
            let inicio = format!("\n  {}", orden.nombres[0]);
            assert_eq!(texto.matches(&inicio).count(), 1, "{inicio:?}");
        }
        assert!(texto.contains(
            "  guardar [archivo]  guarda el tablero en un archivo (si no das el nombre, lo\n\
             \x20                    pregunta), y las jugadas al lado, en archivo.jugadas\n"
        ));
        assert!(texto.contains("  ayuda, ?, help     muestra esta ayuda\n"));
        assert!(texto.contains("  tablero            vuelve a dibujar el tablero\n"));
    }

    #[test]
    fn la_ayuda_cuenta_las_reglas_de_la_partida() {
        let tarea = ayuda(Reglas::Tarea);
        let oficiales = ayuda(Reglas::Oficiales);
        assert!(tarea.contains("Reglas (Tarea 2, IIC1103 UC):\n"));
        assert!(tarea.contains("puedes pasar cuando quieras"));
        assert!(!tarea.contains("oficiales"));
        assert!(oficiales.contains("Reglas oficiales (--reglas oficiales):\n"));
        assert!(oficiales.contains("Solo puedes pasar si no tienes ninguna jugada válida"));
        assert!(oficiales.contains("cuando ninguno de los dos puede jugar"));
        assert!(!oficiales.contains("cuando quieras"));
        assert!(!oficiales.contains("ambos pasan"));
        for texto in [tarea, oficiales] {
            assert!(texto.contains("Una jugada es válida si la casilla está vacía"));
            for linea in texto.lines() {
                assert!(linea.chars().count() <= 80, "{linea:?}");
            }
        }
    }

    #[test]
    fn tab_completa_jugadas_validas_y_comandos() {
        let validas = Tablero::inicial().jugadas_validas(Color::Negro);
        let lista = palabras(validas);
        assert_eq!(lista[..4], ["D3", "C4", "F5", "E6"]);
        assert!(lista.contains(&"tablero".to_owned()));
        assert!(lista.contains(&"ayuda".to_owned()));
        assert!(!lista.contains(&"help".to_owned()));
    }
}
