//! What a player can type at the move prompt: a move, or one of the game's commands.
//! Each command is one row of [`COMANDOS`]: its names, what it takes and what it does,
//! so the reader, the help and the Tab completion cannot drift apart.

use std::{fmt::Write as _, str::FromStr};

use othello::{Bitboard, ErrorPosicion, Jugada, Posicion, Reglas, formato::entrada, texto::cita};

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
    /// Show the commands, or the rules.
    Ayuda(Tema),
    /// Leave the program.
    Salir,
}

/// What `ayuda` shows: the commands fit a terminal's 24 lines, so the rules are apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tema {
    /// The commands that can be typed now.
    Comandos,
    /// The rules the game follows (`ayuda reglas`).
    Reglas,
}

impl Comando {
    /// Whether it can still be typed after the game ended, where the players can look
    /// back, undo an accidental last pass and save, but not play.
    pub(super) fn vale_al_final(&self) -> bool {
        matches!(
            self,
            Comando::Guardar(_)
                | Comando::Historial
                | Comando::Deshacer
                | Comando::Tablero
                | Comando::Ayuda(_)
                | Comando::Salir
        )
    }
}

/// One command word: its names, its argument, its line of help and what it reads as.
struct Definicion {
    /// The first is the one the help lists and Tab completes; the others are
    /// aliases for people used to other programs, named in its help.
    nombres: &'static [&'static str],
    /// What may follow the name, as the help writes it; `None` if nothing may.
    argumento: Option<&'static str>,
    /// Its help, one line or more.
    descripcion: &'static str,
    /// The command, from what followed the name (trimmed); `None` if that cannot
    /// follow it.
    comando: fn(&str) -> Option<Comando>,
}

/// Every command, in the order the help lists them.
const COMANDOS: [Definicion; 9] = [
    Definicion {
        nombres: &["pasar"],
        argumento: None,
        descripcion: "pasa el turno",
        comando: |_| Some(Comando::Pasar),
    },
    Definicion {
        nombres: &["guardar"],
        argumento: Some("[archivo]"),
        descripcion: "guarda el tablero en un archivo (si no das el nombre, lo\n\
                      pregunta), y las jugadas al lado, en archivo.jugadas",
        comando: |nombre| Some(Comando::Guardar(nombre.to_owned())),
    },
    Definicion {
        nombres: &["historial"],
        argumento: None,
        descripcion: "muestra las jugadas hechas, y su transcripción",
        comando: |_| Some(Comando::Historial),
    },
    Definicion {
        nombres: &["sugerir"],
        argumento: None,
        descripcion: "pide al jugador fuerte la mejor jugada y su evaluación,\n\
                      sin jugarla",
        comando: |_| Some(Comando::Sugerir),
    },
    Definicion {
        nombres: &["deshacer"],
        argumento: None,
        descripcion: "deshace la última jugada o pase (se puede repetir hasta\n\
                      el comienzo)",
        comando: |_| Some(Comando::Deshacer),
    },
    Definicion {
        nombres: &["pistas"],
        argumento: None,
        descripcion: "muestra u oculta en el tablero las jugadas válidas (*)",
        comando: |_| Some(Comando::Pistas),
    },
    Definicion {
        nombres: &["tablero"],
        argumento: None,
        descripcion: "vuelve a dibujar el tablero",
        comando: |_| Some(Comando::Tablero),
    },
    Definicion {
        nombres: &["ayuda", "?", "help"],
        argumento: Some("[reglas]"),
        descripcion: "muestra esta ayuda; con «reglas», las reglas del juego",
        comando: |tema| match tema.to_lowercase().as_str() {
            "" => Some(Comando::Ayuda(Tema::Comandos)),
            "reglas" => Some(Comando::Ayuda(Tema::Reglas)),
            _ => None,
        },
    },
    Definicion {
        nombres: &["salir", "exit", "quit"],
        argumento: None,
        descripcion: "termina el programa (antes ofrece guardar los cambios)",
        comando: |_| Some(Comando::Salir),
    },
];

/// Why a line is neither a move nor a command. The messages, quoting at most
/// [`cita`]'s length of what was typed, fit a line of 80 columns with their full stop.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(super) enum ErrorComando {
    /// A command that takes nothing, with something after it.
    #[error("«{0}» se escribe solo, sin nada después")]
    SinArgumento(String),
    /// A command with something after it that it does not take: its name, and what
    /// it takes as the help writes it.
    #[error("«{0}» se escribe solo o seguido de «{1}»")]
    Argumento(String, &'static str),
    /// A letter and a number, but not a cell of the board ("I5", "A9").
    #[error(transparent)]
    FueraDelTablero(ErrorPosicion),
    /// A word a slip away from a command's name, as shells answer a mistyped command:
    /// the word, and the name.
    #[error("«{0}» no es una jugada ni un comando (¿quisiste decir «{1}»?)")]
    Parecido(String, &'static str),
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
        let (escrita, resto) = match linea.split_once(char::is_whitespace) {
            Some((palabra, resto)) => (palabra, resto.trim()),
            None => (linea, ""),
        };
        let palabra = escrita.to_lowercase();
        match COMANDOS
            .iter()
            .find(|definicion| definicion.nombres.contains(&palabra.as_str()))
        {
            Some(definicion) if definicion.argumento.is_none() && !resto.is_empty() => {
                Err(ErrorComando::SinArgumento(palabra))
            }
            Some(definicion) => (definicion.comando)(resto).ok_or_else(|| {
                let argumento = definicion.argumento.unwrap_or_default();
                ErrorComando::Argumento(palabra, argumento.trim_matches(['[', ']']))
            }),
            None => match entrada::jugada(linea) {
                Ok(Jugada::Colocar(posicion)) => Ok(Comando::Colocar(posicion)),
                Ok(Jugada::Pasar) => Ok(Comando::Pasar),
                Err(error @ ErrorPosicion::FueraDelTablero(_)) => {
                    Err(ErrorComando::FueraDelTablero(error))
                }
                Err(_) => Err(match parecido(&palabra) {
                    Some(nombre) => ErrorComando::Parecido(cita(escrita), nombre),
                    None => ErrorComando::Desconocido(cita(linea)),
                }),
            },
        }
    }
}

/// The command name that `palabra` (in lowercase) most likely meant, if one is a slip
/// away, as shells suggest a command: one letter added, missing, changed or two swapped
/// in a word of up to five letters, two in a longer one; never for a word of two letters
/// or fewer, which is closer to a move than to a command. The first of the nearest, in
/// the order of [`COMANDOS`].
fn parecido(palabra: &str) -> Option<&'static str> {
    let tolerancia = match palabra.chars().count() {
        0..=2 => return None,
        3..=5 => 1,
        _ => 2,
    };
    COMANDOS
        .iter()
        .flat_map(|definicion| definicion.nombres)
        .map(|nombre| (strsim::osa_distance(palabra, nombre), *nombre))
        .filter(|&(distancia, _)| distancia <= tolerancia)
        .min_by_key(|&(distancia, _)| distancia)
        .map(|(_, nombre)| nombre)
}

/// Whether `linea` is «salir» (or one of its aliases), which every question of the game
/// takes as the end of the input: leaving that question, and the program.
pub(super) fn es_salir(linea: &str) -> bool {
    matches!(linea.parse(), Ok(Comando::Salir))
}

/// What Tab completes at the move prompt: the valid moves, then each command's
/// first name.
pub(super) fn palabras(validas: Bitboard) -> Vec<String> {
    validas
        .into_iter()
        .map(|posicion| posicion.to_string())
        .chain(
            COMANDOS
                .iter()
                .map(|definicion| definicion.nombres[0].to_owned()),
        )
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

/// The help: the commands that can be typed now, each with its line. During the game,
/// a move and every command; after it ends, the answers to «¿Jugar otra partida?» and
/// the commands still valid ([`Comando::vale_al_final`]). It fits a terminal of 80 by
/// 24 with the prompt under it; the rules are [`reglas`].
pub(super) fn ayuda(terminada: bool) -> String {
    /// Where the descriptions start.
    const SANGRIA: usize = 21;
    let (titulo, primeras): (&str, &[(&str, &str)]) = if terminada {
        (
            "La partida terminó. Puedes escribir (da igual mayúsculas o minúsculas):\n",
            &[
                ("s, sí", "juega otra partida"),
                ("n, no", "termina el programa"),
            ],
        )
    } else {
        (
            "Comandos (da igual mayúsculas o minúsculas):\n",
            &[("C4", "pone una ficha en C4 (columna A-H, fila 1-8)")],
        )
    };
    let filas = primeras
        .iter()
        .map(|&(uso, descripcion)| (uso.to_owned(), descripcion))
        .chain(
            COMANDOS
                .iter()
                .filter(|definicion| {
                    !terminada || (definicion.comando)("").is_some_and(|c| c.vale_al_final())
                })
                .map(|definicion| {
                    let nombres = definicion.nombres.join(", ");
                    let uso = match definicion.argumento {
                        Some(argumento) => format!("{nombres} {argumento}"),
                        None => nombres,
                    };
                    (uso, definicion.descripcion)
                }),
        );
    let mut texto = String::from(titulo);
    for (uso, descripcion) in filas {
        let mut lineas = descripcion.lines();
        // A use too wide for its column has its description on the lines under it.
        if uso.chars().count() + 3 > SANGRIA {
            let _ = writeln!(texto, "  {uso}");
        } else {
            let primera = lineas.next().unwrap_or_default();
            let _ = writeln!(texto, "  {uso:<ancho$}{primera}", ancho = SANGRIA - 2);
        }
        for linea in lineas {
            let _ = writeln!(texto, "{:SANGRIA$}{linea}", "");
        }
    }
    if !terminada {
        texto += "En una terminal, Tab completa comandos y jugadas, y ↑ ↓ recorren lo escrito.\n";
    }
    texto
}

/// The rules the game follows under `reglas`, for `ayuda reglas`.
pub(super) fn reglas(reglas: Reglas) -> String {
    reglas_guardando(reglas, "«guardar»")
}

/// The rules the game follows under `reglas`, with `guardar` the way to save where
/// they are shown: the command at the printed board, a key on the full screen.
pub(super) fn reglas_guardando(reglas: Reglas, guardar: &str) -> String {
    let (titulo, propias) = reglas_propias(reglas);
    format!(
        "{titulo}\n{REGLAS_COMUNES}{propias}  - {guardar} escribe el tablero y, al lado, sus \
         jugadas: al cargarlo,\n    la partida sigue con su turno y su historial.\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello::{Color, Tablero, texto::LARGO_CITA};

    fn posicion(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    #[test]
    fn comandos_en_cualquier_caso_y_con_argumento_solo_guardar_y_ayuda() {
        let casos = [
            ("", Ok(Comando::Nada)),
            ("PASAR", Ok(Comando::Pasar)),
            ("guardar", Ok(Comando::Guardar(String::new()))),
            (
                "Guardar  mi partida.txt",
                Ok(Comando::Guardar("mi partida.txt".into())),
            ),
            ("Tablero", Ok(Comando::Tablero)),
            ("ayuda", Ok(Comando::Ayuda(Tema::Comandos))),
            ("Ayuda  REGLAS", Ok(Comando::Ayuda(Tema::Reglas))),
            ("? reglas", Ok(Comando::Ayuda(Tema::Reglas))),
            (
                "Ayuda por favor",
                Err(ErrorComando::Argumento("ayuda".into(), "reglas")),
            ),
            (
                "tablero grande",
                Err(ErrorComando::SinArgumento("tablero".into())),
            ),
        ];
        for (linea, esperado) in casos {
            assert_eq!(linea.parse::<Comando>(), esperado, "{linea:?}");
        }
    }

    #[test]
    fn alias_de_otros_programas() {
        for (linea, esperado) in [
            ("?", Comando::Ayuda(Tema::Comandos)),
            ("help", Comando::Ayuda(Tema::Comandos)),
            ("HELP", Comando::Ayuda(Tema::Comandos)),
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
    fn una_palabra_a_un_desliz_de_un_comando_lo_sugiere() {
        let parecido = |palabra: &str, nombre| ErrorComando::Parecido(palabra.into(), nombre);
        let casos = [
            ("guadar", parecido("guadar", "guardar")),
            ("pasr", parecido("pasr", "pasar")),
            ("salr", parecido("salr", "salir")),
            ("Guardra", parecido("Guardra", "guardar")),
            ("historail", parecido("historail", "historial")),
            ("sugeirr", parecido("sugeirr", "sugerir")),
            ("qiut", parecido("qiut", "quit")),
            ("guadar partida.txt", parecido("guadar", "guardar")),
        ];
        for (linea, esperado) in casos {
            assert_eq!(linea.parse::<Comando>(), Err(esperado), "{linea:?}");
        }
        // Far from every command, or too short to be one.
        for lejos in ["hola", "pasarela", "tablas", "sal", "pas", "ab", "x", "c4x"] {
            assert_eq!(
                lejos.parse::<Comando>(),
                Err(ErrorComando::Desconocido(lejos.into())),
                "{lejos:?}"
            );
        }
        assert_eq!(
            "guadar".parse::<Comando>().unwrap_err().to_string(),
            "«guadar» no es una jugada ni un comando (¿quisiste decir «guardar»?)"
        );
    }

    #[test]
    fn cada_mensaje_cabe_en_80_columnas() {
        // As the game writes them: the message and its full stop, quoting as much as
        // any message quotes.
        let largo = "X".repeat(10 * LARGO_CITA);
        let fuera = format!("A{}", "9".repeat(10 * LARGO_CITA));
        let mas_largo = COMANDOS
            .iter()
            .flat_map(|definicion| definicion.nombres)
            .max_by_key(|nombre| nombre.chars().count())
            .unwrap();
        let parecido = format!("{mas_largo}xx {largo}");
        for linea in [
            largo.clone(),
            fuera,
            format!("{mas_largo} de más"),
            parecido,
        ] {
            let mensaje = format!("{}.", linea.parse::<Comando>().unwrap_err());
            assert!(mensaje.chars().count() <= 80, "{mensaje}");
        }
    }

    #[test]
    fn la_ayuda_nombra_cada_comando_una_vez() {
        let texto = ayuda(false);
        for definicion in &COMANDOS {
            let inicio = format!("\n  {}", definicion.nombres[0]);
            assert_eq!(texto.matches(&inicio).count(), 1, "{inicio:?}");
        }
        assert!(texto.contains(
            "  guardar [archivo]  guarda el tablero en un archivo (si no das el nombre, lo\n\
             \x20                    pregunta), y las jugadas al lado, en archivo.jugadas\n"
        ));
        assert!(texto.contains(
            "  ayuda, ?, help [reglas]\n\
             \x20                    muestra esta ayuda; con «reglas», las reglas del juego\n"
        ));
        assert!(texto.contains("  tablero            vuelve a dibujar el tablero\n"));
        assert!(!texto.contains("Reglas"), "las reglas van aparte:\n{texto}");
    }

    #[test]
    fn la_ayuda_cabe_en_una_terminal_de_80_por_24() {
        // At most 20 lines, so that the question under it and the line typed still fit.
        for terminada in [false, true] {
            let texto = ayuda(terminada);
            assert!(texto.lines().count() <= 20, "{texto}");
            for linea in texto.lines() {
                assert!(linea.chars().count() <= 80, "{linea:?}");
            }
        }
    }

    #[test]
    fn al_final_la_ayuda_lista_solo_lo_que_vale() {
        let texto = ayuda(true);
        assert!(
            texto.starts_with("La partida terminó. Puedes escribir"),
            "{texto}"
        );
        assert!(
            texto.contains("\n  s, sí              juega otra partida\n"),
            "{texto}"
        );
        assert!(
            texto.contains("\n  n, no              termina el programa\n"),
            "{texto}"
        );
        for vale in [
            "historial",
            "deshacer",
            "guardar",
            "tablero",
            "ayuda",
            "salir",
        ] {
            assert!(texto.contains(&format!("\n  {vale}")), "{vale}: {texto}");
        }
        for no_vale in ["C4", "pasar", "sugerir", "pistas", "Tab"] {
            assert!(!texto.contains(no_vale), "{no_vale}: {texto}");
        }
    }

    #[test]
    fn la_ayuda_de_las_reglas_cuenta_las_de_la_partida() {
        let tarea = reglas(Reglas::Tarea);
        let oficiales = reglas(Reglas::Oficiales);
        assert!(tarea.starts_with("Reglas (Tarea 2, IIC1103 UC):\n"));
        assert!(tarea.contains("puedes pasar cuando quieras"));
        assert!(!tarea.contains("oficiales"));
        assert!(oficiales.starts_with("Reglas oficiales (--reglas oficiales):\n"));
        assert!(oficiales.contains("Solo puedes pasar si no tienes ninguna jugada válida"));
        assert!(oficiales.contains("cuando ninguno de los dos puede jugar"));
        assert!(!oficiales.contains("cuando quieras"));
        assert!(!oficiales.contains("ambos pasan"));
        for texto in [tarea, oficiales] {
            assert!(texto.contains("Una jugada es válida si la casilla está vacía"));
            assert!(texto.lines().count() <= 20, "{texto}");
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
