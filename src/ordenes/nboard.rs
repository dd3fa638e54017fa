//! `nboard`: the strong player behind the NBoard protocol, the line protocol that the
//! NBoard GUI (Chris Welty) speaks with Edax, Egaroucid and NTest, and that
//! engine-against-engine harnesses use.
//!
//! The GUI sends one command a line and reads the engine's answers: `set game` (the
//! game so far, in GGF), `move`, `set depth`, `go` (the move the engine would play,
//! answered `=== F5/1.00/0.52`: move, score in discs for the side to move, seconds),
//! `hint N`, `ping N` (answered `pong N` once everything before it is done), `learn`
//! (`learned`) and `quit`. Lines it does not know are ignored, as the protocol asks;
//! a game or a move it cannot follow is told in a `status` line and changes nothing.
//! `go` plays exactly as the game's `fuerte` does, within `--tiempo` per move (a `set
//! depth` caps its mid-game depth).

use std::{
    io::{self, BufRead, BufReader, Read, Write},
    time::{Duration, Instant},
};

use super::{
    corrida::{Corrida, Ejecutar},
    error::ErrorOrden,
    motor::Hilos,
};
use crate::argumentos::{NOMBRE_ENTRADA_ESTANDAR, segundos};
use crate::renglones::ANCHO;
use othello::{
    Color, ErrorArchivo, ErrorPartida, Jugada, Partida, Posicion, Reglas, Tablero,
    formato::entrada,
    motor::busqueda::{Buscador, Limite, TIEMPO_PREDETERMINADO},
    texto::{cantidad, cita},
};

/// What `othello nboard` says on standard error when a person runs it at a terminal:
/// it answers nothing until the GUI's first line, and NBoard, which reads standard
/// output through a pipe, never sees it.
pub const AVISO_EN_UNA_TERMINAL: &str =
    "othello nboard habla el protocolo de NBoard: espera «nboard 2» («quit» sale).";

/// `nboard [--tiempo SEGUNDOS] [--hilos N]`.
#[derive(clap::Args, Clone, Debug, PartialEq, Eq)]
#[command(after_long_help = format!("\
Habla el protocolo de NBoard por la entrada y la salida estándar, una orden por línea, \
para jugar en NBoard o contra otros motores: set game, move, set depth, go, hint, \
ping, learn y quit. Con go juega como el jugador fuerte del juego, en --tiempo por \
jugada; sin --tiempo, a la profundidad de set depth (o {} s, si no la hay).

En NBoard se agrega con Add engine...: en Working Directory, la carpeta de othello con \
su ruta completa (dirname \"$(command -v othello)\"); en Command, othello nboard. Más \
en docs/ordenes.md.",
    TIEMPO_PREDETERMINADO.as_secs_f64()
))]
pub struct Nboard {
    #[arg(
        long,
        value_name = "SEGUNDOS",
        value_parser = segundos,
        help = "Segundos por jugada, en promedio; set depth limita además la profundidad"
    )]
    tiempo: Option<Duration>,
    #[command(flatten)]
    hilos: Hilos,
}

/// The name the engine gives itself (`set myname`).
const NOMBRE: &str = "othello";

impl Ejecutar for Nboard {
    const JSON: bool = false;

    fn ejecutar(&self, corrida: &mut Corrida<impl Read, impl Write>) -> Result<(), ErrorOrden> {
        let (entrada, salida) = corrida.dialogo()?;
        let mut sesion = Sesion::nueva(self.tiempo, self.hilos.buscador_para(self.tiempo));
        for linea in BufReader::new(entrada).lines() {
            let linea = linea.map_err(|fuente| ErrorArchivo::Lectura {
                ruta: NOMBRE_ENTRADA_ESTANDAR.into(),
                fuente,
            })?;
            if sesion.atender(&linea, salida)? == Seguir::No {
                break;
            }
        }
        Ok(())
    }
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seguir {
    Si,
    /// `quit`.
    No,
}

/// One NBoard session: the game the GUI set, the search's settings and its memory.
struct Sesion {
    partida: Partida,
    /// `set depth`: the mid-game depth cap.
    profundidad: Option<u32>,
    /// `--tiempo`.
    tiempo: Option<Duration>,
    buscador: Buscador,
}

/// The deepest `set depth` taken: the game has at most 60 moves.
const PROFUNDIDAD_MAXIMA: u32 = 60;

impl Sesion {
    /// A session at the start of a game.
    fn nueva(tiempo: Option<Duration>, buscador: Buscador) -> Sesion {
        Sesion {
            partida: partida_oficial(Tablero::inicial(), Color::Negro),
            profundidad: None,
            tiempo,
            buscador,
        }
    }

    /// Answers one command line on `salida`, flushed (the GUI waits for it).
    fn atender(&mut self, linea: &str, salida: &mut impl Write) -> io::Result<Seguir> {
        let linea = linea.trim();
        let (orden, resto) = linea.split_once(' ').unwrap_or((linea, ""));
        let resto = resto.trim();
        match orden {
            "nboard" => writeln!(salida, "set myname {NOMBRE}")?,
            "set" => {
                let (que, valor) = resto.split_once(' ').unwrap_or((resto, ""));
                match que {
                    "depth" => match valor.trim().parse::<u32>() {
                        Ok(d) if d >= 1 => self.profundidad = Some(d.min(PROFUNDIDAD_MAXIMA)),
                        _ => estado(salida, &format!("profundidad inválida: «{}»", cita(valor)))?,
                    },
                    "game" => match leer_ggf(valor) {
                        Ok(partida) => self.partida = partida,
                        Err(motivo) => estado(salida, &format!("set game ignorado: {motivo}"))?,
                    },
                    // `contempt` and others: nothing to change here.
                    _ => {}
                }
            }
            "move" => {
                if let Err(motivo) = jugar(&mut self.partida, resto) {
                    estado(salida, &format!("move ignorado: {motivo}"))?;
                }
            }
            "go" => self.ir(salida)?,
            "hint" => self.sugerir(resto.parse().unwrap_or(1).max(1), salida)?,
            "ping" => writeln!(salida, "pong {resto}")?,
            "learn" => writeln!(salida, "learned")?,
            "quit" => return Ok(Seguir::No),
            // Unknown lines are ignored, as the protocol asks.
            _ => {}
        }
        salida.flush()?;
        Ok(Seguir::Si)
    }

    /// The limit of one search: `--tiempo` with `set depth` as a cap; without a time,
    /// the depth alone (the same answer on any machine), or the default time.
    fn limite(&self) -> Limite {
        match (self.tiempo, self.profundidad) {
            (None, Some(profundidad)) => Limite::por_profundidad(profundidad),
            (None, None) => Limite::default(),
            (Some(tiempo), profundidad) => Limite {
                tiempo: Some(tiempo),
                profundidad,
            },
        }
    }

    /// `go`: the move `fuerte` would play, without playing it (the GUI sends `move`).
    fn ir(&mut self, salida: &mut impl Write) -> io::Result<()> {
        estado(salida, "pensando")?;
        let inicio = Instant::now();
        let (tablero, turno) = (self.partida.tablero().clone(), self.partida.turno());
        let limite = self.limite().en_partida(&tablero);
        let evaluada = self.buscador.mejor_jugada(&tablero, turno, limite);
        let segundos = inicio.elapsed().as_secs_f64();
        match evaluada {
            Some(evaluada) => {
                writeln!(salida, "nodestats {} {segundos:.2}", evaluada.nodos)?;
                writeln!(
                    salida,
                    "=== {}/{:.2}/{segundos:.2}",
                    evaluada.posicion, evaluada.puntaje as f64
                )?;
            }
            // No valid move: a pass (also when the game is over, so that a harness
            // waiting for an answer gets one).
            None => writeln!(salida, "=== PA")?,
        }
        estado(salida, "")
    }

    /// `hint n`: the `n` best moves with their scores, as `search` lines.
    fn sugerir(&mut self, n: usize, salida: &mut impl Write) -> io::Result<()> {
        estado(salida, "analizando")?;
        let (tablero, turno) = (self.partida.tablero().clone(), self.partida.turno());
        let jugadas = self.buscador.analizar(&tablero, turno, self.limite());
        if jugadas.is_empty() {
            writeln!(salida, "search PA 0.00 0 1")?;
        }
        for evaluada in jugadas.iter().take(n) {
            writeln!(
                salida,
                "search {} {:.2} 0 {}",
                evaluada.posicion, evaluada.puntaje as f64, evaluada.profundidad
            )?;
        }
        estado(salida, "")
    }
}

/// A `status` line, which the GUI shows in its status bar: cut to 80 columns with
/// `…`, as every line a person sees.
fn estado(salida: &mut impl Write, texto: &str) -> io::Result<()> {
    let linea = format!("status {texto}");
    let linea = linea.trim_end();
    if linea.chars().count() <= ANCHO {
        writeln!(salida, "{linea}")
    } else {
        let corta: String = linea.chars().take(ANCHO - 1).collect();
        writeln!(salida, "{corta}…")
    }
}

/// A game under the official rules (a pass only without a valid move), as the GUI
/// plays.
fn partida_oficial(tablero: Tablero, turno: Color) -> Partida {
    Partida::desde(tablero, turno).con_reglas(Reglas::Oficiales)
}

/// Plays `texto` (`F5`, `f5/1.00/0.5`, `PA`) on `partida`; a why, for a `status`
/// line, if it cannot, and then `partida` is as it was.
fn jugar(partida: &mut Partida, texto: &str) -> Result<(), String> {
    let jugada = texto.split('/').next().unwrap_or_default();
    let jugada = entrada::jugada(jugada).map_err(|error| error.to_string())?;
    partida
        .jugar(jugada)
        .map(|_| ())
        .map_err(|error| match error {
            // The board's reason names its square already.
            ErrorPartida::Jugada(_) => error.to_string(),
            _ => format!("{}: {error}", mostrar(jugada)),
        })
}

/// A move as the protocol writes it.
fn mostrar(jugada: Jugada) -> String {
    match jugada {
        Jugada::Colocar(p) => p.to_string(),
        Jugada::Pasar => "PA".to_owned(),
    }
}

/// The position at the end of a GGF game, as NBoard sends it: `(;GM[Othello]…BO[8
/// <64 squares> <turn>]B[F5]W[F6//0.01]…;)`, the squares `-` empty, `*` black and
/// `O` white. A move of the side not on turn when the one on turn has no valid move
/// is taken as that side's pass, as some writers leave passes out.
fn leer_ggf(texto: &str) -> Result<Partida, String> {
    let mut partida = None;
    let mut resto = texto.trim();
    while let Some(abre) = resto.find('[') {
        // The tag's name: the capitals just before `[` (after `(;`, `]` or spaces).
        let etiqueta = resto[..abre]
            .rsplit(|c: char| !c.is_ascii_uppercase())
            .next();
        let cierra = resto[abre..]
            .find(']')
            .ok_or_else(|| "falta un «]» en la partida".to_owned())?;
        let valor = &resto[abre + 1..abre + cierra];
        resto = &resto[abre + cierra + 1..];
        match etiqueta {
            Some("BO") => partida = Some(leer_tablero_ggf(valor)?),
            Some(color @ ("B" | "W")) => {
                let partida = partida
                    .as_mut()
                    .ok_or_else(|| "una jugada antes del tablero (BO)".to_owned())?;
                let color = if color == "B" {
                    Color::Negro
                } else {
                    Color::Blanco
                };
                if partida.turno() != color && partida.debe_pasar() {
                    partida.jugar(Jugada::Pasar).map_err(|e| e.to_string())?;
                }
                if partida.turno() != color {
                    return Err(format!("no es el turno de las {}", color.nombre()));
                }
                jugar(partida, valor)?;
            }
            _ => {}
        }
    }
    partida.ok_or_else(|| "la partida no trae tablero (BO)".to_owned())
}

/// The board of a GGF `BO` value: `8`, the 64 squares row by row (spaces allowed),
/// then who moves.
fn leer_tablero_ggf(valor: &str) -> Result<Partida, String> {
    let casillas: Vec<char> = valor
        .trim()
        .strip_prefix('8')
        .ok_or_else(|| format!("el tablero «{}» no es de 8 × 8", cita(valor)))?
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let [cuerpo @ .., turno] = casillas.as_slice() else {
        return Err("el tablero está vacío".to_owned());
    };
    if cuerpo.len() != 64 {
        let casillas = cantidad(cuerpo.len() as u64, "casilla", "casillas");
        return Err(format!("el tablero tiene {casillas}, no 64"));
    }
    let color = |c: char| match c {
        '*' | 'X' | 'x' | 'B' | 'b' => Ok(Some(Color::Negro)),
        'O' | 'o' | 'W' | 'w' => Ok(Some(Color::Blanco)),
        '-' | '.' => Ok(None),
        otro => Err(format!("«{}» no es una casilla", cita(&otro.to_string()))),
    };
    let mut tablero = Tablero::vacio();
    for (posicion, &c) in Posicion::todas().zip(cuerpo) {
        if let Some(color) = color(c)? {
            tablero.poner(posicion, othello::Casilla::Ficha(color));
        }
    }
    let turno = color(*turno)?.ok_or_else(|| "el tablero no dice quién mueve".to_owned())?;
    Ok(partida_oficial(tablero, turno))
}

#[cfg(test)]
mod tests {
    use super::*;

    const INICIO: &str = "(;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)";

    #[test]
    fn lee_la_partida_de_nboard_con_sus_jugadas() {
        let ggf = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[f6//0.01]B[D3/1.5/2];)";
        let partida = leer_ggf(ggf).unwrap();
        assert_eq!(partida.turno(), Color::Blanco);
        let mut esperada = Tablero::inicial();
        for (p, color) in [
            ("F5", Color::Negro),
            ("F6", Color::Blanco),
            ("D3", Color::Negro),
        ] {
            esperada.jugar(p.parse().unwrap(), color).unwrap();
        }
        assert_eq!(partida.tablero(), &esperada);
        assert_eq!(leer_ggf(INICIO).unwrap().tablero(), &Tablero::inicial());
    }

    #[test]
    fn una_jugada_que_no_se_sigue_dice_por_que_una_vez() {
        let mut partida = partida_oficial(Tablero::inicial(), Color::Negro);
        let casos = [
            ("A1", "una ficha en A1 no flanquea ninguna ficha rival"),
            ("d4/1.00/0.5", "la casilla D4 ya está ocupada"),
            (
                "PA",
                "PA: con las reglas oficiales solo se puede pasar sin jugadas válidas",
            ),
        ];
        for (texto, motivo) in casos {
            assert_eq!(
                jugar(&mut partida, texto),
                Err(motivo.to_owned()),
                "{texto}"
            );
        }
        assert_eq!(partida.tablero(), &Tablero::inicial());
    }

    #[test]
    fn una_partida_que_no_se_entiende_dice_por_que() {
        assert!(leer_ggf("(;GM[Othello];)").unwrap_err().contains("BO"));
        assert!(
            leer_ggf("(;BO[8 --- *];)")
                .unwrap_err()
                .contains("3 casillas")
        );
        assert_eq!(
            leer_ggf("(;BO[8 - *];)").unwrap_err(),
            "el tablero tiene 1 casilla, no 64"
        );
        let mala = INICIO.replace(";)", "W[F5];)");
        assert!(leer_ggf(&mala).unwrap_err().contains("blancas"), "{mala}");
        let ilegal = INICIO.replace(";)", "B[A1];)");
        assert!(leer_ggf(&ilegal).is_err());
    }
}
