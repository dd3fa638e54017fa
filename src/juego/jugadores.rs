//! Who sits at each color: a person or a computer player, and the seed that makes the
//! computer's choices repeatable.

use std::time::Duration;

use othello::{
    Color, Partida, PorColor, Posicion, Resultado, Tablero,
    motor::{
        busqueda::{Buscador, Limite},
        jugadores::{Computadora, Nivel},
    },
    texto::cantidad,
};

/// Two people at the keyboard.
pub(super) const HUMANOS: PorColor<Nivel> = PorColor::new(Nivel::Humano, Nivel::Humano);

/// The players of the session, kept across games so that the computers' randomness
/// goes on.
pub(super) struct Jugadores {
    /// Who plays black and white.
    niveles: PorColor<Nivel>,
    /// The computer players, by color, made when a game starts.
    computadoras: PorColor<Option<Computadora>>,
    /// The seed of the computer players; drawn when first needed if not given.
    semilla: Option<u64>,
    /// How long the strong player thinks per move, and for advice.
    tiempo: Duration,
    /// The searcher that gives advice, made at the first request and kept for the
    /// session: each request then finds what the last one learned, and does not clear
    /// a table of tens of megabytes first.
    consejero: Option<Buscador>,
}

impl Jugadores {
    /// `niveles` at the table, no computer made yet.
    pub(super) fn nuevos(
        niveles: PorColor<Nivel>,
        semilla: Option<u64>,
        tiempo: Duration,
    ) -> Jugadores {
        Jugadores {
            niveles,
            computadoras: PorColor::default(),
            semilla,
            tiempo,
            consejero: None,
        }
    }

    /// Others sit down: made ready at the next [`Jugadores::preparar`].
    pub(super) fn sentar(&mut self, niveles: PorColor<Nivel>) {
        self.niveles = niveles;
    }

    /// Who plays each color.
    pub(super) fn niveles(&self) -> PorColor<Nivel> {
        self.niveles
    }

    /// The seed of the computers, once drawn.
    pub(super) fn semilla(&self) -> Option<u64> {
        self.semilla
    }

    /// How long the strong player thinks per move.
    pub(super) fn tiempo(&self) -> Duration {
        self.tiempo
    }

    /// How far each computer's random stream has gone (`None` for a person).
    pub(super) fn avance_del_azar(&self) -> PorColor<Option<u128>> {
        PorColor::new(
            self.computadoras
                .negro
                .as_ref()
                .map(Computadora::avance_del_azar),
            self.computadoras
                .blanco
                .as_ref()
                .map(Computadora::avance_del_azar),
        )
    }

    /// The players of a game put away and taken up again: `niveles` with the `semilla`
    /// and `tiempo` they had, each computer's random stream where it was (`avance`), so
    /// that they go on choosing as they would have.
    pub(super) fn reanudar(
        &mut self,
        niveles: PorColor<Nivel>,
        semilla: Option<u64>,
        tiempo: Duration,
        avance: PorColor<Option<u128>>,
    ) {
        self.niveles = niveles;
        self.semilla = semilla.or(self.semilla);
        self.tiempo = tiempo;
        self.computadoras = PorColor::default();
        self.preparar();
        for color in Color::TODOS {
            if let (Some(computadora), Some(avance)) =
                (&mut self.computadoras[color], avance[color])
            {
                computadora.seguir_desde(avance);
            }
        }
    }

    /// Whether the computer plays `color`.
    pub(super) fn es_computadora(&self, color: Color) -> bool {
        self.niveles[color] != Nivel::Humano
    }

    /// Whether a person plays at least one color.
    pub(super) fn hay_persona(&self) -> bool {
        self.niveles.alguno(|nivel| *nivel == Nivel::Humano)
    }

    /// Whether the computer plays at least one color.
    pub(super) fn hay_computadora(&self) -> bool {
        self.niveles != HUMANOS
    }

    /// Who plays `color`, as the game names them: "las negras", or "las negras
    /// (fuerte)" for a computer, so that people and computers speak alike.
    pub(super) fn quien(&self, color: Color) -> String {
        match self.niveles[color] {
            Nivel::Humano => format!("las {}", color.nombre()),
            nivel => format!("las {} ({nivel})", color.nombre()),
        }
    }

    /// Makes the computer players the game needs; says who plays and the seed that
    /// repeats their choices, or `None` between two people.
    pub(super) fn preparar(&mut self) -> Option<String> {
        if !self.hay_computadora() {
            return None;
        }
        let semilla = *self.semilla.get_or_insert_with(semilla_del_reloj);
        for color in Color::TODOS {
            let nivel = self.niveles[color];
            let vigente = self.computadoras[color].as_ref().map(Computadora::nivel);
            if nivel == Nivel::Humano {
                self.computadoras[color] = None;
            } else if vigente != Some(nivel) {
                // Each color its own stream: black the seed, white the next one.
                let semilla = semilla.wrapping_add(u64::from(color == Color::Blanco));
                self.computadoras[color] = Some(Computadora::nueva(nivel, semilla, self.tiempo));
            }
        }
        Some(format!(
            "Negras: {}. Blancas: {}. Semilla: {semilla} (la misma semilla, con \
             --semilla, repite las jugadas de la computadora).",
            self.niveles.negro, self.niveles.blanco
        ))
    }

    /// The computer's move for `turno`, or `None` if it has none.
    ///
    /// # Panics
    ///
    /// If the computer does not play `turno`, or [`Jugadores::preparar`] was not called.
    pub(super) fn elegir(&mut self, tablero: &Tablero, turno: Color) -> Option<Posicion> {
        self.computadoras[turno]
            .as_mut()
            .expect("las computadoras se preparan al empezar")
            .elegir(tablero, turno)
    }

    /// The strong player's advice for the side to move, in the students' terms: how the
    /// game would end. When the search reaches the end, the line is played out (both
    /// sides playing perfectly) and its final count given; otherwise the search's
    /// estimate of the final margin, called an estimate.
    pub(super) fn consejo(&mut self, partida: &Partida) -> String {
        let turno = partida.turno();
        let tiempo = self.tiempo;
        let buscador = self
            .consejero
            .get_or_insert_with(|| Buscador::para_pensar(tiempo));
        let limite = Limite::por_tiempo(tiempo);
        let tablero = partida.tablero();
        // The best move's search leaves an only move unscored (it plays at once); the
        // analysis scores every move, that one too.
        let sugerida = if tablero.jugadas_validas(turno).cantidad() == 1 {
            buscador.analizar(tablero, turno, limite).into_iter().next()
        } else {
            buscador.mejor_jugada(tablero, turno, limite)
        };
        let Some(sugerida) = sugerida else {
            return format!(
                "Las {} no tienen jugadas válidas: corresponde pasar.",
                turno.nombre()
            );
        };
        let posicion = sugerida.posicion;
        if sugerida.exacta {
            let final_ = a_la_perfeccion(buscador, tablero, turno, posicion);
            return format!(
                "Sugerencia: {posicion}. Jugando ambos a la perfección, {}.",
                Resultado::de(&final_)
            );
        }
        let margen = match sugerida.puntaje.unsigned_abs() {
            0 => "parejas".to_owned(),
            1 => "por 1 ficha".to_owned(),
            n => format!("por unas {n} fichas"),
        };
        let lado = match sugerida.puntaje.signum() {
            1 => "arriba ",
            -1 => "abajo ",
            _ => "",
        };
        format!(
            "Sugerencia: {posicion}. Estimación, mirando {} adelante: las {} terminarían \
             {lado}{margen}.",
            cantidad(sugerida.profundidad, "jugada", "jugadas"),
            turno.nombre()
        )
    }
}

/// A seed from the clock, for games where none was given; it is shown, so the game
/// can still be repeated.
fn semilla_del_reloj() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |tiempo| tiempo.as_nanos() as u64)
        % 1_000_000
}

/// The board at the end of the game after `turno` plays `primera` on `tablero` and
/// then both sides play perfectly, passing only when they must.
fn a_la_perfeccion(
    buscador: &mut Buscador,
    tablero: &Tablero,
    turno: Color,
    primera: Posicion,
) -> Tablero {
    let mut tablero = tablero.clone();
    tablero
        .jugar(primera, turno)
        .expect("la sugerencia es una jugada válida");
    let mut turno = !turno;
    loop {
        match buscador.resolver(&tablero, turno).mejor {
            Some(posicion) => {
                tablero
                    .jugar(posicion, turno)
                    .expect("el resolvedor elige jugadas válidas");
                turno = !turno;
            }
            None if tablero.puede_jugar(!turno) => turno = !turno,
            None => return tablero,
        }
    }
}
