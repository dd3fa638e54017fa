//! What people type, read leniently and in one place: positions (`c4`, ` C4 `), colors
//! (`n`, `Negras`, `blanco`), moves (`pasar`, `PA`, `c4`) and durations (`0.5`, `500ms`).
//! The game's prompts, the transcripts and the command line's `--turno` and time limits
//! all read through here, so a word that works in one works in all.
//!
//! The homework's own faces stay strict ([`Posicion`]'s and [`Color`]'s `FromStr`):
//! `othello jugar`, like the homework's `jugar`, takes exactly `C4` and `N`.

use std::time::Duration;

use crate::{Color, ErrorPosicion, Jugada, Posicion};

/// A position as a person types it: spaces around it and lowercase letters are fine.
///
/// ```
/// use othello::{Posicion, formato::entrada};
///
/// assert_eq!(entrada::posicion(" c4 ")?, "C4".parse::<Posicion>()?);
/// assert!(entrada::posicion("c 4").is_err());
/// # Ok::<_, othello::ErrorPosicion>(())
/// ```
///
/// # Errors
///
/// The [`ErrorPosicion`] of the cleaned-up text, quoting what was typed.
pub fn posicion(texto: &str) -> Result<Posicion, ErrorPosicion> {
    let limpio = texto.trim();
    limpio
        .to_uppercase()
        .parse()
        .map_err(|error: ErrorPosicion| error.citando(limpio))
}

/// A color as a person types it: `N`, `B`, `negras`, `negro`, `blancas`, `blanco`, in
/// any case and with spaces around; `None` for anything else.
///
/// ```
/// use othello::{Color, formato::entrada};
///
/// assert_eq!(entrada::color(" Negras"), Some(Color::Negro));
/// assert_eq!(entrada::color("b"), Some(Color::Blanco));
/// assert_eq!(entrada::color("x"), None);
/// ```
pub fn color(texto: &str) -> Option<Color> {
    match texto.trim().to_lowercase().as_str() {
        "n" | "negras" | "negro" | "negra" => Some(Color::Negro),
        "b" | "blancas" | "blanco" | "blanca" => Some(Color::Blanco),
        _ => None,
    }
}

/// Whether `texto` asks to pass: `pasar`, or `PA` as Othello programs write it, in any
/// case.
pub fn es_pase(texto: &str) -> bool {
    let texto = texto.trim();
    texto.eq_ignore_ascii_case("pasar") || texto.eq_ignore_ascii_case("pa")
}

/// A move as a person types it: a pass ([`es_pase`]) or a [`posicion`].
///
/// ```
/// use othello::{Jugada, formato::entrada};
///
/// assert_eq!(entrada::jugada("PA")?, Jugada::Pasar);
/// assert_eq!(entrada::jugada("d3")?.to_string(), "D3");
/// # Ok::<_, othello::ErrorPosicion>(())
/// ```
///
/// # Errors
///
/// As [`posicion`].
pub fn jugada(texto: &str) -> Result<Jugada, ErrorPosicion> {
    if es_pase(texto) {
        Ok(Jugada::Pasar)
    } else {
        posicion(texto).map(Jugada::Colocar)
    }
}

/// A duration as a person types it: seconds with a decimal point (`1`, `0.5`, `.5`,
/// `2s`) or milliseconds (`500ms`), spaces around allowed; `None` for anything else,
/// negative, or too large to represent. Each use checks its own range.
///
/// ```
/// use std::time::Duration;
/// use othello::formato::entrada;
///
/// assert_eq!(entrada::duracion("0.5"), Some(Duration::from_millis(500)));
/// assert_eq!(entrada::duracion(" 250ms "), Some(Duration::from_millis(250)));
/// assert_eq!(entrada::duracion("0,5"), None);
/// ```
pub fn duracion(texto: &str) -> Option<Duration> {
    let limpio = texto.trim();
    let (numero, factor) = match limpio.strip_suffix("ms") {
        Some(milisegundos) => (milisegundos, 0.001),
        None => (limpio.strip_suffix('s').unwrap_or(limpio), 1.0),
    };
    let segundos = numero.trim().parse::<f64>().ok()? * factor;
    Duration::try_from_secs_f64(segundos).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posiciones_tolerantes_y_errores_que_citan_lo_escrito() {
        for texto in ["C4", "c4", " c4", "C4 ", "\tc4\r"] {
            assert_eq!(posicion(texto).map(|p| p.to_string()), Ok("C4".into()));
        }
        assert_eq!(
            posicion("z9"),
            Err(ErrorPosicion::FueraDelTablero("z9".into()))
        );
        assert_eq!(posicion(" c 4 "), Err(ErrorPosicion::Formato("c 4".into())));
        assert_eq!(posicion("  "), Err(ErrorPosicion::Vacia));
    }

    #[test]
    fn colores_y_pases() {
        assert_eq!(color("NEGRO"), Some(Color::Negro));
        assert_eq!(color(" blancas "), Some(Color::Blanco));
        assert_eq!(color(""), None);
        assert!(es_pase(" Pasar ") && es_pase("pa") && !es_pase("pasa"));
        assert_eq!(jugada("pA"), Ok(Jugada::Pasar));
    }

    #[test]
    fn duraciones_en_segundos_o_milisegundos() {
        for (texto, milisegundos) in [
            ("1", 1000),
            ("0.1", 100),
            (".5", 500),
            ("2s", 2000),
            ("2.5 s", 2500),
            ("500ms", 500),
            (" 3600 ", 3_600_000),
        ] {
            assert_eq!(
                duracion(texto).map(|d| d.as_millis()),
                Some(milisegundos),
                "{texto}"
            );
        }
        for malo in ["", "ms", "0,5", "-1", "1m", "inf", "NaN", "1e400", "uno"] {
            assert_eq!(duracion(malo), None, "{malo}");
        }
    }
}
