//! Usage errors in Spanish: what clap found wrong, told in one shape, the usage of the
//! order (or of the program), and where the help is. With `--json`, a script still gets
//! its one JSON object. Exit status 2.

use std::{
    error::Error,
    ffi::OsString,
    io::{self, Write},
    process::ExitCode,
};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use othello_programa::argumentos::{lista, valor_invalido, visible};

use crate::linea::{USO, comando};

/// Tells `error`, clap's, about the program's `argumentos`: help and version go to
/// standard output with status 0; anything else is a usage error.
pub fn informar(error: &clap::Error, argumentos: &[OsString]) -> ExitCode {
    if let ErrorKind::DisplayHelp | ErrorKind::DisplayVersion = error.kind() {
        return match error.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    fallar(&mensaje(error), argumentos)
}

/// A usage error that clap does not see: `--json` without an order.
pub fn json_sin_orden(argumentos: &[OsString]) -> ExitCode {
    fallar("--json sirve solo con una orden", argumentos)
}

/// Says `mensaje` on standard error with the usage of the order in `argumentos` (or
/// of the program), and as a JSON object if they ask for one: a usage error that clap
/// does not see, as `corregir`'s option that names a student's folder.
pub fn fallar(mensaje: &str, argumentos: &[OsString]) -> ExitCode {
    let comando = comando();
    let orden = argumentos
        .iter()
        .skip(1)
        .find_map(|nombre| comando.find_subcommand(nombre.to_str()?));
    let (uso, ayuda) = match orden {
        Some(orden) => {
            let uso = orden.clone().render_usage().to_string();
            let uso = uso.strip_prefix("Usage: ").unwrap_or(&uso).to_owned();
            (uso, format!("othello {} --help", orden.get_name()))
        }
        None => (USO.to_owned(), "othello --help".to_owned()),
    };
    crate::decir(&format!(
        "error: {mensaje}\n\nUso: {uso}\nPara más información, prueba «{ayuda}»."
    ));
    if argumentos.iter().any(|argumento| argumento == "--json") {
        let informe = serde_json::json!({
            "orden": orden.map(|orden| orden.get_name()),
            "ok": false,
            "error": { "clave": "uso", "mensaje": mensaje },
        });
        // As an order's own JSON object: output that cannot be written is let be.
        let _ = writeln!(io::stdout(), "{informe}");
    }
    ExitCode::from(2)
}

/// What clap found wrong, in Spanish. A bad value is told in the library's one shape
/// ([`valor_invalido`]), with the reason its reader gave (every reader of a value is
/// the library's, and says it in Spanish) or clap's list of choices.
fn mensaje(error: &clap::Error) -> String {
    // What came from the command line, with its control characters written.
    let dato = |tipo| {
        (error.get(tipo))
            .map(|valor| visible(&valor.to_string()))
            .unwrap_or_default()
    };
    let argumento = dato(ContextKind::InvalidArg);
    match error.kind() {
        ErrorKind::UnknownArgument => {
            let sugerencia = sugerencia(error, ContextKind::SuggestedArg);
            format!("argumento desconocido «{argumento}»{sugerencia}")
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let valor = dato(ContextKind::InvalidValue);
            if valor.is_empty() {
                return format!("falta el valor de {argumento}");
            }
            let detalle = match (error.source(), error.get(ContextKind::ValidValue)) {
                (Some(fuente), _) => fuente.to_string(),
                (_, Some(ContextValue::Strings(opciones))) => {
                    let opciones: Vec<&str> = opciones.iter().map(String::as_str).collect();
                    format!("se esperaba {}", lista(&opciones))
                }
                _ => return format!("valor «{valor}» inválido para {argumento}"),
            };
            valor_invalido(&valor, &argumento, &detalle)
        }
        ErrorKind::MissingRequiredArgument => format!("falta el argumento {argumento}"),
        ErrorKind::ArgumentConflict => match dato(ContextKind::PriorArg) {
            anterior if anterior.is_empty() || anterior == argumento => {
                format!("{argumento} se dio más de una vez")
            }
            anterior => format!("{argumento} y {anterior} no van juntos"),
        },
        ErrorKind::InvalidSubcommand => {
            let sugerencia = sugerencia(error, ContextKind::SuggestedSubcommand);
            let orden = dato(ContextKind::InvalidSubcommand);
            format!("«{orden}» no es una orden{sugerencia}")
        }
        ErrorKind::InvalidUtf8 => "los argumentos deben ser texto UTF-8".to_owned(),
        _ if argumento.is_empty() => "argumentos no válidos".to_owned(),
        _ => format!("argumento no válido: {argumento}"),
    }
}

/// The option or order clap found nearest to the one mistyped, as a question after the
/// message (`; ¿quisiste decir --blanco?`); empty when nothing is near.
fn sugerencia(error: &clap::Error, tipo: ContextKind) -> String {
    let parecido = match error.get(tipo) {
        Some(ContextValue::String(parecido)) => Some(parecido),
        // From the least to the most alike.
        Some(ContextValue::Strings(parecidos)) => parecidos.last(),
        _ => None,
    };
    parecido.map_or_else(String::new, |parecido| {
        format!("; ¿quisiste decir {parecido}?")
    })
}
