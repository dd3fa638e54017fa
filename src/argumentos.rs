//! The values on the command line, read as clap hands them over: where a board comes
//! from and where it goes, the homework's values read strictly (POSICION and VALOR, as
//! the homework's `jugar` takes them) or leniently (`--turno`, through
//! [`formato::entrada`](othello::formato::entrada)), players, seconds and counts.
//!
//! A value that does not fit is answered with what was typed, invisible characters made
//! visible (`cita`), what is odd about it ([`rarezas`]) and the form that would be valid:
//! a grader's script must never take a typo or a CRLF case list for an invalid move.

use std::{fmt::Display, num::NonZeroUsize, path::PathBuf, str::FromStr, time::Duration};

use clap::builder::{PathBufValueParser, TypedValueParser};

use othello::{
    Color,
    formato::entrada,
    motor::jugadores::Nivel,
    texto::{cita, escape, invisible},
};

/// An argument as a message shows it, its control characters written, for the
/// program's usage errors.
pub use othello::texto::visible;

/// Where a board (or a transcript) is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entrada {
    /// A file.
    Archivo(PathBuf),
    /// Standard input, named `-` on the command line.
    Estandar,
}

/// The help heading of the options used now and then: `--help` leaves them out, to fit
/// a terminal of 24 rows, and `--ayuda-completa` shows them after the others. An option
/// without a heading is one used every time.
pub const MAS_OPCIONES: &str = "Más opciones";

/// How standard input is named in messages and in JSON.
pub(crate) const NOMBRE_ENTRADA_ESTANDAR: &str = "(entrada estándar)";

impl Entrada {
    /// `-` is standard input; anything else, a file.
    fn de(ruta: PathBuf) -> Entrada {
        if ruta.as_os_str() == "-" {
            Entrada::Estandar
        } else {
            Entrada::Archivo(ruta)
        }
    }

    /// The name used in messages and in JSON.
    pub(crate) fn nombre(&self) -> PathBuf {
        match self {
            Entrada::Archivo(ruta) => ruta.clone(),
            Entrada::Estandar => PathBuf::from(NOMBRE_ENTRADA_ESTANDAR),
        }
    }
}

/// clap's reader of an [`Entrada`]: any path, UTF-8 or not.
pub(crate) fn entrada() -> impl TypedValueParser<Value = Entrada> {
    PathBufValueParser::new().map(Entrada::de)
}

/// Where a resulting board goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Destino {
    /// Printed on standard output.
    Pantalla,
    /// Written, atomically, to this file.
    Archivo(PathBuf),
}

/// `--salida ARCHIVO` of the orders that give a board: `-` is standard output, as `-`
/// is standard input elsewhere.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Salida {
    #[arg(
        long,
        value_name = "ARCHIVO",
        help = "Escribe el tablero en ARCHIVO (de forma atómica) en vez de mostrarlo"
    )]
    salida: Option<PathBuf>,
}

impl Salida {
    /// Where the board goes.
    pub(crate) fn destino(&self) -> Destino {
        match &self.salida {
            Some(ruta) if ruta.as_os_str() != "-" => Destino::Archivo(ruta.clone()),
            _ => Destino::Pantalla,
        }
    }
}

/// Why a value does not fit its argument: the detail that follows the value and the
/// argument in the message, as [`valor_invalido`] puts them together ("se esperaba N o
/// B", "¿quisiste decir «C4»?"). The program recognizes it among clap's errors.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ErrorValor(String);

/// The message for `texto` given to `argumento`: `valor «c4» inválido para <POSICION>:
/// ¿quisiste decir «C4»?`. Every bad value is told in this one shape.
pub fn valor_invalido(texto: &str, argumento: &str, detalle: &str) -> String {
    format!(
        "valor «{}» inválido para {argumento}: {detalle}",
        cita(texto)
    )
}

/// What a person would call `c`, with the escape [`cita`] shows it as.
fn nombre(c: char) -> String {
    match c {
        ' ' => "un espacio".to_owned(),
        '\t' => r"un tabulador (\t)".to_owned(),
        '\r' => r"un retorno de carro (\r)".to_owned(),
        '\n' => r"un salto de línea (\n)".to_owned(),
        '\u{a0}' => format!("un espacio duro ({})", escape(c)),
        '\u{feff}' => format!("una marca BOM ({})", escape(c)),
        c if invisible(c) => format!("un carácter invisible ({})", escape(c)),
        c => format!("«{c}»"),
    }
}

/// What is odd about `texto` that the eye misses: a space or an invisible character at
/// either end, an invisible one in between. A carriage return at the end is named with
/// its likely cause, a case list with Windows line ends.
pub fn rarezas(texto: &str) -> Vec<String> {
    let blanco = |c: &char| c.is_whitespace() || invisible(*c);
    let mut rarezas = Vec::new();
    let mut letras = texto.chars();
    let primera = letras.next().filter(blanco);
    if let Some(c) = primera {
        rarezas.push(format!("hay {} al comienzo", nombre(c)));
    }
    let ultima = letras.next_back().filter(blanco);
    match ultima {
        Some('\r') => rarezas.push(
            r"hay un retorno de carro (\r) al final; ¿la lista de casos tiene finales de línea de Windows?"
                .to_owned(),
        ),
        Some(c) => rarezas.push(format!("hay {} al final", nombre(c))),
        None => {}
    }
    if let Some(c) = letras.find(|c| invisible(*c)) {
        rarezas.push(format!("hay {} en medio", nombre(c)));
    }
    rarezas
}

/// The detail for a value that is not as the argument takes it: [`rarezas`], then the
/// value that a lenient reading finds in it (`quiso`) or, without one, what was
/// expected.
fn detalle(texto: &str, quiso: Option<String>, esperado: &str) -> ErrorValor {
    let rarezas = rarezas(texto).join("; ");
    // After a question, the suggestion is a sentence of its own.
    let nueva_frase = rarezas.ends_with('?');
    let sugerencia = match (quiso, nueva_frase) {
        (Some(valor), false) => format!("¿quisiste decir «{valor}»?"),
        (Some(valor), true) => format!("¿Quisiste decir «{valor}»?"),
        (None, false) => format!("se esperaba {esperado}"),
        (None, true) => format!("Se esperaba {esperado}."),
    };
    ErrorValor(match (rarezas.is_empty(), nueva_frase) {
        (true, _) => sugerencia,
        (false, true) => format!("{rarezas} {sugerencia}"),
        (false, false) => format!("{rarezas}; {sugerencia}"),
    })
}

/// What POSICION takes, as the detail of a message says it.
const POSICION_ESPERADA: &str =
    "una columna A-H y una fila 1-8, en mayúscula y sin espacios, como C4";

/// The detail of a POSICION that is not written in the game's format.
pub(crate) fn detalle_posicion(texto: &str) -> ErrorValor {
    let quiso = entrada::posicion(texto).ok().map(|p| p.to_string());
    detalle(texto, quiso, POSICION_ESPERADA)
}

/// VALOR of `jugar` and `jugadas`, as the homework's `jugar` reads it: exactly `N` or
/// `B`. Anything else is a usage error that shows the color meant, if any.
///
/// # Errors
///
/// An [`ErrorValor`] for anything but `N` and `B`.
pub fn color_estricto(texto: &str) -> Result<Color, ErrorValor> {
    texto.parse().map_err(|_| {
        let quiso = entrada::color(texto).map(|color| color.to_string());
        detalle(texto, quiso, "N (negras) o B (blancas)")
    })
}

/// `--turno`, read as people write a color: `N`, `b`, `negras`, ` Blanco `
/// ([`entrada::color`]).
///
/// # Errors
///
/// An [`ErrorValor`] for anything that is not a color.
pub fn color_tolerante(texto: &str) -> Result<Color, ErrorValor> {
    entrada::color(texto).ok_or_else(|| detalle(texto, None, "N o B (o negras, blancas)"))
}

/// `a, b o c`: the choices of an argument, as a message lists them (`u` before a word
/// that starts with the sound of `o`: "tarea u oficiales").
pub fn lista(opciones: &[&str]) -> String {
    match opciones {
        [] => String::new(),
        [una] => (*una).to_owned(),
        [antes @ .., ultima] => {
            let o = match ultima.starts_with('o') || ultima.starts_with("ho") {
                true => "u",
                false => "o",
            };
            format!("{} {o} {ultima}", antes.join(", "))
        }
    }
}

/// The names of `niveles`, as a message lists them.
fn niveles(niveles: &[Nivel]) -> String {
    lista(
        &niveles
            .iter()
            .map(|nivel| nivel.nombre())
            .collect::<Vec<_>>(),
    )
}

/// The players that `--negro` and `--blanco` of the game take, as their help and their
/// errors list them: every kind that has a name, `clasico` too.
pub fn jugadores() -> String {
    niveles(&Nivel::NOMBRADOS)
}

/// The players of a tournament, as its help and its errors list them: the computers.
pub(crate) fn computadoras() -> String {
    niveles(&Nivel::NOMBRADOS[1..])
}

/// `--negro` and `--blanco` of the game: any kind of player, in any case.
///
/// # Errors
///
/// An [`ErrorValor`] that lists the players.
pub fn jugador(texto: &str) -> Result<Nivel, ErrorValor> {
    texto
        .parse()
        .map_err(|_| detalle(texto, None, &jugadores()))
}

/// The players of a tournament: computers only.
pub(crate) fn computadora(texto: &str) -> Result<Nivel, ErrorValor> {
    match texto.parse() {
        Ok(nivel) if nivel != Nivel::Humano => Ok(nivel),
        Ok(_) => Err(ErrorValor(format!(
            "en un torneo juegan computadoras: {}",
            computadoras()
        ))),
        Err(_) => Err(detalle(texto, None, &computadoras())),
    }
}

/// The fewest seconds of thinking that `--tiempo` takes: less than a millisecond is
/// not enough to find any move.
const SEGUNDOS_MINIMOS: f64 = 0.001;
/// The most seconds of thinking that `--tiempo` takes.
const SEGUNDOS_MAXIMOS: f64 = 3600.0;

/// `--tiempo`: seconds with a decimal point, as the program writes them (`1`, `0.1`,
/// `2.5`), or as [`entrada::duracion`] reads any time (`500ms`), from a millisecond to an
/// hour.
///
/// # Errors
///
/// An [`ErrorValor`] with the range; a decimal comma is pointed out.
pub fn segundos(texto: &str) -> Result<Duration, ErrorValor> {
    tiempo(texto, SEGUNDOS_MINIMOS, SEGUNDOS_MAXIMOS)
}

/// The shortest `--tiempo-limite` of `corregir`: a call to Python takes milliseconds.
const LIMITE_MINIMO: f64 = 0.01;

/// `--tiempo-limite` of `corregir`, for each call: read as [`segundos`], from 10 ms to an
/// hour.
///
/// # Errors
///
/// An [`ErrorValor`] with the range.
pub fn tiempo_limite(texto: &str) -> Result<Duration, ErrorValor> {
    tiempo(texto, LIMITE_MINIMO, SEGUNDOS_MAXIMOS)
}

/// `--tiempo-por-entrega` of `corregir`, for all the cases of one submission: read as
/// [`segundos`], from a second to an hour.
///
/// # Errors
///
/// An [`ErrorValor`] with the range.
pub fn tiempo_por_entrega(texto: &str) -> Result<Duration, ErrorValor> {
    tiempo(texto, 1.0, SEGUNDOS_MAXIMOS)
}

/// A time read as [`segundos`], from `minimo` to `maximo` seconds.
fn tiempo(texto: &str, minimo: f64, maximo: f64) -> Result<Duration, ErrorValor> {
    match entrada::duracion(texto) {
        Some(duracion) if (minimo..=maximo).contains(&duracion.as_secs_f64()) => Ok(duracion),
        _ => {
            let con_punto = texto.replace(',', ".");
            let quiso = (con_punto != texto && tiempo(&con_punto, minimo, maximo).is_ok())
                .then_some(con_punto);
            let esperado = format!(
                "un tiempo en segundos entre {minimo} y {maximo}, con punto decimal, como 0.5"
            );
            Err(detalle(texto, quiso, &esperado))
        }
    }
}

/// A mebibyte, as `--memoria` counts.
const MIB: u64 = 1024 * 1024;

/// The least `--memoria` of `corregir`: below it Python cannot even start.
const MEMORIA_MINIMA: u64 = 32 * MIB;
/// The most `--memoria` of `corregir`: more than a grading machine gives one process.
const MEMORIA_MAXIMA: u64 = 64 * 1024 * MIB;

/// `--memoria` of `corregir`, in bytes: a number of MiB (`512`), or with a unit: `256M`,
/// `256MiB`, `1G`, `1GiB`, `65536K`; from 32 MiB to 64 GiB.
///
/// # Errors
///
/// An [`ErrorValor`] with the range.
pub fn memoria(texto: &str) -> Result<u64, ErrorValor> {
    let invalida = || {
        detalle(
            texto,
            None,
            "una cantidad de memoria de 32M a 64G, como 512M o 1G",
        )
    };
    let limpio = texto.trim();
    let (numero, unidad) = limpio.split_at(
        limpio
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(limpio.len()),
    );
    let factor = match unidad.trim().to_ascii_lowercase().as_str() {
        "" | "m" | "mb" | "mib" => MIB,
        "k" | "kb" | "kib" => 1024,
        "g" | "gb" | "gib" => 1024 * MIB,
        _ => return Err(invalida()),
    };
    numero
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(factor))
        .filter(|bytes| (MEMORIA_MINIMA..=MEMORIA_MAXIMA).contains(bytes))
        .ok_or_else(invalida)
}

/// The most threads of `--hilos`: far more than the cores of any machine that runs this.
const HILOS_MAXIMOS: NonZeroUsize = NonZeroUsize::new(256).expect("256 no es cero");

/// `--hilos`: from 1 to 256.
///
/// # Errors
///
/// An [`ErrorValor`] with the range.
pub fn hilos(texto: &str) -> Result<NonZeroUsize, ErrorValor> {
    entero(NonZeroUsize::MIN, HILOS_MAXIMOS)(texto)
}

/// A whole number from `minimo` to `maximo`, both included.
///
/// # Errors
///
/// An [`ErrorValor`] with the range.
pub fn entero<T>(minimo: T, maximo: T) -> impl Fn(&str) -> Result<T, ErrorValor> + Clone
where
    T: FromStr + PartialOrd + Display + Copy,
{
    move |texto| match texto.parse::<T>() {
        Ok(n) if minimo <= n && n <= maximo => Ok(n),
        _ => Err(detalle(
            texto,
            None,
            &format!("un número entero entre {minimo} y {maximo}"),
        )),
    }
}

/// `--semilla`: any whole number from 0.
///
/// # Errors
///
/// An [`ErrorValor`] for anything else.
pub fn semilla(texto: &str) -> Result<u64, ErrorValor> {
    texto
        .parse()
        .map_err(|_| detalle(texto, None, "un número entero desde 0, como 7"))
}

/// The options of `T` as clap reads them from no arguments at all: the defaults, written
/// once, in `T`'s attributes, for a [`Default`] that cannot tell another story.
pub(crate) fn por_omision<T: clap::Args + clap::FromArgMatches>() -> T {
    let comando = T::augment_args(clap::Command::new("othello"));
    let coincidencias = comando
        .try_get_matches_from(["othello"])
        .expect("sin argumentos, cada opción toma su valor por omisión");
    T::from_arg_matches(&coincidencias).expect("los valores por omisión se leen")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn el_eco_muestra_lo_invisible_y_corta_lo_largo() {
        assert_eq!(cita("C4\r"), r"C4\r");
        assert_eq!(cita("\tC4\u{a0}"), r"\tC4\u{a0}");
        assert_eq!(cita("\u{feff}C4"), r"\u{feff}C4");
        assert_eq!(cita(" C4 "), " C4 ");
        assert_eq!(cita(&"x".repeat(50)), "x".repeat(20) + "…");
    }

    #[test]
    fn rarezas_de_lo_que_se_escribe() {
        assert_eq!(rarezas("C4"), Vec::<String>::new());
        assert_eq!(rarezas("c4"), Vec::<String>::new());
        assert_eq!(
            rarezas(" C4\r"),
            [
                "hay un espacio al comienzo",
                r"hay un retorno de carro (\r) al final; ¿la lista de casos tiene finales de línea de Windows?"
            ]
        );
        assert_eq!(
            rarezas("C\u{200b}4 "),
            [
                "hay un espacio al final",
                r"hay un carácter invisible (\u{200b}) en medio"
            ]
        );
        assert_eq!(
            rarezas("\u{feff}N"),
            [r"hay una marca BOM (\u{feff}) al comienzo"]
        );
        assert_eq!(rarezas(" "), ["hay un espacio al comienzo"]);
    }

    #[test]
    fn colores_estrictos_y_tolerantes() {
        assert_eq!(color_estricto("N"), Ok(Color::Negro));
        assert_eq!(
            color_estricto("b"),
            Err(ErrorValor("¿quisiste decir «B»?".into()))
        );
        assert_eq!(
            color_estricto("V"),
            Err(ErrorValor("se esperaba N (negras) o B (blancas)".into()))
        );
        assert_eq!(color_tolerante(" Blancas "), Ok(Color::Blanco));
        assert!(color_tolerante("V").is_err());
    }

    /// `--tiempo` takes the values its help and the README write: `1`, `0.1`, `0.5`,
    /// up to an hour; and explains a decimal comma.
    #[test]
    fn segundos_como_se_documentan() {
        for (texto, milisegundos) in [
            ("1", 1000),
            ("0.1", 100),
            ("0.5", 500),
            ("2.5", 2500),
            (".5", 500),
            ("0.001", 1),
            ("3600", 3_600_000),
            // As `corregir --tiempo-limite` reads them: one reader of durations.
            ("1s", 1000),
            ("250ms", 250),
        ] {
            assert_eq!(
                segundos(texto).map(|d| d.as_millis()),
                Ok(milisegundos),
                "{texto}"
            );
        }
        assert_eq!(
            segundos("0,5"),
            Err(ErrorValor("¿quisiste decir «0.5»?".into()))
        );
        for texto in ["0", "-1", "3601", "inf", "NaN", "1m", ""] {
            assert_eq!(
                segundos(texto).unwrap_err().to_string(),
                "se esperaba un tiempo en segundos entre 0.001 y 3600, con punto decimal, como 0.5",
                "{texto:?}"
            );
        }
    }

    #[test]
    fn memoria_y_tiempo_limite() {
        assert_eq!(memoria("512"), Ok(512 * MIB));
        assert_eq!(memoria("256M"), Ok(256 * MIB));
        assert_eq!(memoria("1GiB"), Ok(1024 * MIB));
        assert_eq!(memoria("65536k"), Ok(64 * MIB));
        assert_eq!(memoria("64G"), Ok(64 * 1024 * MIB));
        for mala in [
            "",
            "mucha",
            "16M",
            "65G",
            "5T",
            "-1",
            "99999999999999999999G",
        ] {
            assert_eq!(
                memoria(mala).unwrap_err().to_string(),
                "se esperaba una cantidad de memoria de 32M a 64G, como 512M o 1G",
                "{mala}"
            );
        }
        assert_eq!(tiempo_limite("1"), Ok(Duration::from_secs(1)));
        assert_eq!(tiempo_limite("0.5s"), Ok(Duration::from_millis(500)));
        assert_eq!(tiempo_limite("250ms"), Ok(Duration::from_millis(250)));
        for malo in ["", "0", "1ms", "dos", "-1", "4000"] {
            assert_eq!(
                tiempo_limite(malo).unwrap_err().to_string(),
                "se esperaba un tiempo en segundos entre 0.01 y 3600, con punto decimal, como 0.5",
                "{malo}"
            );
        }
    }

    #[test]
    fn enteros_en_su_rango() {
        let profundidad = entero(1u32, 20);
        assert_eq!(profundidad("1"), Ok(1));
        assert_eq!(profundidad("20"), Ok(20));
        for texto in ["0", "21", "-1", "diez", "1.5"] {
            assert_eq!(
                profundidad(texto),
                Err(ErrorValor(
                    "se esperaba un número entero entre 1 y 20".into()
                ))
            );
        }
        assert_eq!(semilla("18446744073709551615"), Ok(u64::MAX));
        assert!(semilla("-1").is_err());
    }

    #[test]
    fn jugadores_y_sus_listas() {
        assert_eq!(lista(&["a"]), "a");
        assert_eq!(lista(&["a", "b", "c"]), "a, b o c");
        assert_eq!(lista(&["tarea", "oficiales"]), "tarea u oficiales");
        assert_eq!(jugador("Fuerte"), Ok(Nivel::Fuerte));
        assert_eq!(
            jugador("experto"),
            Err(ErrorValor(
                "se esperaba humano, aleatorio, libro, fuerte o clasico".into()
            ))
        );
        assert_eq!(computadora("libro"), Ok(Nivel::Libro));
        assert_eq!(
            computadora("humano"),
            Err(ErrorValor(
                "en un torneo juegan computadoras: aleatorio, libro, fuerte o clasico".into()
            ))
        );
    }
}
