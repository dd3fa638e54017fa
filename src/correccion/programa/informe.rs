//! The report of a program over every game played: each point's verdict with the
//! part of the transcript that shows it, its percentage, and the whole transcript.

use std::fmt::Write as _;

use serde::Serialize;

use super::{
    conductor::{Conductor, Intercambio},
    guion::Guion,
    punto::{Punto, Veredicto},
};
use crate::correccion::ejemplo::visible;

/// How a point did over every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Estado {
    /// Right wherever it was seen.
    Cumple,
    /// Wrong somewhere.
    Falla,
    /// Something could not be told: the teaching assistant decides.
    Revisar,
    /// No game got as far as showing it (the program stopped earlier, or asked what
    /// could not be answered): it counts as not done.
    SinVer,
    /// An optional point the program does not offer (no word for saving, no option to
    /// load in its start menu).
    NoOfrece,
}

impl Estado {
    /// Its word in the gradebook and the report.
    pub fn nombre(self) -> &'static str {
        match self {
            Estado::Cumple => "cumple",
            Estado::Falla => "falla",
            Estado::Revisar => "revisar",
            Estado::SinVer => "sin ver",
            Estado::NoOfrece => "no lo ofrece",
        }
    }
}

/// What the report calls the main program.
const TITULO: &str = "programa principal";

/// One point of the report of a program.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InformePunto {
    /// Which.
    pub punto: Punto,
    /// How it did.
    pub estado: Estado,
    /// Why it failed or is to be reviewed, in the student's words.
    pub porque: Option<String>,
    /// The game that showed it, by name.
    pub partida: Option<&'static str>,
    /// The shortest part of the transcript that shows it: the last exchanges up to
    /// that moment, as a terminal would have shown them.
    pub extracto: Option<String>,
}

/// How a student's main program did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InformePrograma {
    /// Each point, in [`Punto::TODOS`]'s order.
    pub puntos: Vec<InformePunto>,
    /// Its percentage, the weights of the points it did right ([`Punto::peso`]);
    /// `null` when something is to be reviewed by hand.
    pub porcentaje: Option<f64>,
    /// Every game played, as a terminal would have shown it, for the transcript file.
    #[serde(skip)]
    pub transcripcion: String,
}

impl InformePrograma {
    /// The report of the games played, each with its [`Conductor`] at its end.
    pub(super) fn de(partidas: &[(&'static Guion, Conductor)]) -> InformePrograma {
        let puntos: Vec<InformePunto> = Punto::TODOS
            .into_iter()
            .map(|punto| juzgar(punto, partidas))
            .collect();
        let revisar = puntos.iter().any(|p| p.estado == Estado::Revisar);
        let porcentaje = (!revisar).then(|| {
            let puntos: u32 = (puntos.iter())
                .filter(|p| p.estado == Estado::Cumple)
                .map(|p| p.punto.peso())
                .sum();
            f64::from(puntos)
        });
        let mut transcripcion = String::new();
        for (guion, conductor) in partidas {
            let _ = writeln!(
                transcripcion,
                "=== Partida «{}»: {}\n",
                guion.nombre, guion.que
            );
            transcripcion += &como_en_la_terminal(&conductor.escrito);
            transcripcion.push('\n');
        }
        InformePrograma {
            puntos,
            porcentaje,
            transcripcion,
        }
    }

    /// Its line in the report, among the functions': the points done of those judged
    /// and its percentage, and which were not; or that it is to be reviewed by hand.
    pub fn linea(&self) -> String {
        let Some(porcentaje) = self.porcentaje else {
            return format!("{TITULO}: {}", Estado::Revisar.nombre());
        };
        let obligatorios = || self.puntos.iter().filter(|p| !p.punto.opcional());
        let cumple = obligatorios()
            .filter(|p| p.estado == Estado::Cumple)
            .count();
        let mut linea = format!(
            "{TITULO} {cumple}/{} puntos, {porcentaje:.0} %",
            obligatorios().count()
        );
        // The points not done, and the optional ones done: those missing lose nothing.
        for estado in [Estado::Falla, Estado::SinVer, Estado::Cumple] {
            let cuales: Vec<&str> = (self.puntos.iter())
                .filter(|p| p.estado == estado)
                .filter(|p| match estado {
                    Estado::Cumple => p.punto.opcional(),
                    Estado::SinVer => !p.punto.opcional(),
                    _ => true,
                })
                .map(|p| p.punto.titulo())
                .collect();
            if !cuales.is_empty() {
                linea += &format!(" ({}: {})", estado.nombre(), cuales.join("; "));
            }
        }
        linea
    }

    /// Each point not done, as the report shows it: why, in the student's words, and
    /// the part of the transcript that shows it.
    ///
    /// # Errors
    ///
    /// Those of `salida`.
    pub fn escribir_fallas(&self, salida: &mut impl std::io::Write) -> std::io::Result<()> {
        let juzgados =
            (self.puntos.iter()).filter(|p| matches!(p.estado, Estado::Falla | Estado::Revisar));
        for punto in juzgados {
            let partida = punto
                .partida
                .map_or_else(String::new, |partida| format!(" (partida «{partida}»)"));
            writeln!(
                salida,
                "\n  {TITULO}, «{}»{partida}: {}",
                punto.punto.titulo(),
                punto.estado.nombre()
            )?;
            if let Some(porque) = &punto.porque {
                writeln!(salida, "    {}", visible(porque))?;
            }
            if let Some(extracto) = &punto.extracto {
                writeln!(salida)?;
                for linea in extracto.lines() {
                    writeln!(salida, "      {linea}")?;
                }
            }
        }
        let sin_ver: Vec<String> = (self.puntos.iter())
            .filter(|p| p.estado == Estado::SinVer && !p.punto.opcional())
            .map(|p| format!("«{}»", p.punto.titulo()))
            .collect();
        if !sin_ver.is_empty() {
            writeln!(
                salida,
                "\n  {TITULO}, {}: {}\n    {SIN_VER}",
                Estado::SinVer.nombre(),
                sin_ver.join(", ")
            )?;
        }
        Ok(())
    }

    /// Whether every point is done, the optional ones done or not offered.
    pub fn completo(&self) -> bool {
        self.puntos.iter().all(|p| match p.estado {
            Estado::Cumple => true,
            Estado::NoOfrece | Estado::SinVer => p.punto.opcional(),
            Estado::Falla | Estado::Revisar => false,
        })
    }

    /// Why it is to be reviewed by hand, if it is: the first point that could not be
    /// told.
    pub fn revisar(&self) -> Option<&str> {
        (self.puntos.iter())
            .find(|p| p.estado == Estado::Revisar)
            .and_then(|p| p.porque.as_deref())
    }
}

/// How `punto` did over `partidas`: the first failure, else the first thing that
/// could not be told, else right if seen.
fn juzgar(punto: Punto, partidas: &[(&'static Guion, Conductor)]) -> InformePunto {
    let vistos = partidas.iter().flat_map(|(guion, conductor)| {
        (conductor.veredictos.iter())
            .filter(move |(p, _, _)| *p == punto)
            .map(move |(_, veredicto, paso)| (guion, conductor, veredicto, *paso))
    });
    let mut cumple = false;
    let mut no_ofrece = false;
    let mut revisar = None;
    for (guion, conductor, veredicto, paso) in vistos {
        match veredicto {
            Veredicto::Pasa => cumple = true,
            Veredicto::NoOfrece => no_ofrece = true,
            Veredicto::Falla(porque) => {
                return InformePunto {
                    punto,
                    estado: Estado::Falla,
                    porque: Some(porque.clone()),
                    partida: Some(guion.nombre),
                    extracto: Some(extracto(&conductor.escrito, paso)),
                };
            }
            Veredicto::Revisar(porque) => {
                revisar.get_or_insert(InformePunto {
                    punto,
                    estado: Estado::Revisar,
                    porque: Some(porque.clone()),
                    partida: Some(guion.nombre),
                    extracto: Some(extracto(&conductor.escrito, paso)),
                });
            }
        }
    }
    let estado = match (cumple, no_ofrece) {
        (true, _) => Estado::Cumple,
        (false, true) => Estado::NoOfrece,
        (false, false) => Estado::SinVer,
    };
    revisar.unwrap_or(InformePunto {
        punto,
        estado,
        porque: (estado == Estado::SinVer).then(|| SIN_VER.to_owned()),
        partida: None,
        extracto: None,
    })
}

/// Why a point was not seen: it counts as not done.
const SIN_VER: &str = "ninguna partida llegó a mostrarlo: tu programa se detuvo antes, o no se \
                       entendió lo que pedía (cuenta como no hecho)";

/// How many lines of a transcript an extract shows at most: a board and the lines
/// around two answers.
const LINEAS_DEL_EXTRACTO: usize = 30;

/// The exchanges `paso - 1` and `paso` of `escrito`, as a terminal would have shown
/// them up to the question of `paso` (what was typed after it came after the fault):
/// the last [`LINEAS_DEL_EXTRACTO`] lines.
fn extracto(escrito: &[Intercambio], paso: usize) -> String {
    let hasta = (paso + 1).min(escrito.len());
    let desde = paso.saturating_sub(1).min(hasta);
    let mut tramo = escrito[desde..hasta].to_vec();
    if let Some(ultimo) = tramo.last_mut() {
        ultimo.respuesta = None;
    }
    let texto = como_en_la_terminal(&tramo);
    let lineas: Vec<&str> = texto.lines().collect();
    let inicio = lineas.len().saturating_sub(LINEAS_DEL_EXTRACTO);
    let mut extracto = String::new();
    if inicio > 0 {
        extracto += "[…]\n";
    }
    for linea in &lineas[inicio..] {
        extracto += linea;
        extracto.push('\n');
    }
    extracto
}

/// What follows an answer typed by the grader in a transcript.
pub const ESCRITO: &str = "  ⟵ corrector";

/// How many characters of what a program printed between two answers a transcript
/// keeps: its end, where the board and the question are.
const LARGO_DE_UN_PASO: usize = 8 * 1024;

/// `escrito` as a terminal would have shown it: what the program printed, its
/// question, and the answer typed after it, marked [`ESCRITO`]; how it ended, in
/// brackets.
/// Control characters are shown escaped, and each step keeps its last
/// [`LARGO_DE_UN_PASO`] characters.
fn como_en_la_terminal(escrito: &[Intercambio]) -> String {
    let mut texto = String::new();
    for intercambio in escrito {
        let salida = &intercambio.salida;
        let corte = salida
            .char_indices()
            .rev()
            .nth(LARGO_DE_UN_PASO)
            .map_or(0, |(i, _)| i);
        if corte > 0 {
            texto += "[…]\n";
        }
        for linea in salida[corte..].split_inclusive('\n') {
            texto += &visible(linea.trim_end_matches('\n'));
            if linea.ends_with('\n') {
                texto.push('\n');
            }
        }
        if intercambio.termino {
            if !texto.is_empty() && !texto.ends_with('\n') {
                texto.push('\n');
            }
            let _ = writeln!(texto, "[{}]", visible(&intercambio.pregunta));
            continue;
        }
        texto += &visible(&intercambio.pregunta);
        match intercambio.respuesta.as_deref() {
            None | Some("") => texto.push('\n'),
            Some(respuesta) => {
                let _ = writeln!(texto, "{}{ESCRITO}", visible(respuesta));
            }
        }
    }
    texto
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::correccion::programa::guion::GUIONES;

    #[test]
    fn los_pesos_de_los_puntos_suman_cien() {
        assert_eq!(Punto::TODOS.iter().map(|p| p.peso()).sum::<u32>(), 100);
        for guion in &GUIONES {
            for punto in guion.puntos {
                assert!(Punto::TODOS.contains(punto));
            }
        }
    }

    #[test]
    fn la_transcripcion_se_lee_como_la_terminal() {
        let escrito = vec![
            Intercambio {
                salida: "tablero\n".into(),
                pregunta: "Turno de N: ".into(),
                termino: false,
                respuesta: Some("C4".into()),
            },
            Intercambio {
                salida: "otro\u{1b}[2J\n".into(),
                pregunta: "se cayó con ValueError".into(),
                termino: true,
                respuesta: None,
            },
        ];
        assert_eq!(
            como_en_la_terminal(&escrito),
            "tablero\nTurno de N: C4  ⟵ corrector\notro\\x1b[2J\n[se cayó con ValueError]\n"
        );
    }
}
