//! What changes the full-screen board ([`Pantalla`]): each key or click becomes an
//! [`Accion`] of the [`Mesa`] it holds, or moves the cursor, or answers a question; and
//! what is due without a key happens (the computer's move after its pause, the end of
//! the flipped pieces' mark). What the game says is the text of its [`Evento`]s.
//! Nothing here draws or touches the terminal, so the tests give it events one by one.

use std::{path::PathBuf, time::Instant};

use ratatui::{
    crossterm::event::{
        Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
        MouseEventKind,
    },
    layout::Rect,
};

use super::{
    estado::{Control, DESTELLO, Pantalla, Pregunta},
    teclas::{self, Mando},
};
use crate::juego::mesa::{Accion, Evento, Fin};
use othello::Posicion;

impl Pantalla<'_> {
    /// What is due at `ahora`: the computer moves after its pause, and the flipped
    /// pieces' mark ends.
    pub(super) fn a_tiempo(&mut self, ahora: Instant) {
        if self.destello.is_some_and(|(_, hasta)| ahora >= hasta) {
            self.destello = None;
        }
        if self.espera_a_la_computadora()
            && ahora >= self.turno_de_la_computadora()
            && let Some(accion) = self.mesa.sola()
        {
            self.aplicar(accion, ahora);
        }
    }

    /// Handles one event from the terminal.
    pub(super) fn recibir(&mut self, evento: &Event, ahora: Instant) -> Control {
        match evento {
            Event::Resize(ancho, alto) => {
                self.area = Rect::new(0, 0, *ancho, *alto);
                Control::Seguir
            }
            Event::Key(tecla) if tecla.kind == KeyEventKind::Release => Control::Seguir,
            Event::Key(KeyEvent {
                code: KeyCode::Char('c'),
                modifiers,
                ..
            }) if modifiers.contains(KeyModifiers::CONTROL) => Control::Interrumpir,
            // Too small a terminal shows only how to grow it.
            _ if self.marco().is_none() => Control::Seguir,
            Event::Key(tecla) => self.tecla(tecla.code, ahora),
            Event::Mouse(raton) => self.raton(raton, ahora),
            _ => Control::Seguir,
        }
    }

    /// A key pressed.
    fn tecla(&mut self, codigo: KeyCode, ahora: Instant) -> Control {
        if std::mem::take(&mut self.ayuda) {
            return Control::Seguir;
        }
        if let Some(pregunta) = self.pregunta.take() {
            return self.responder(pregunta, codigo);
        }
        let columna = self.columna.take();
        let terminada = self.mesa.fin().is_some();
        match teclas::mando(codigo) {
            Some(Mando::Salir) => return self.salir(),
            Some(Mando::Otra) if terminada => return Control::Terminar(Fin::Otra),
            Some(Mando::Ayuda) => self.ayuda = true,
            Some(Mando::Deshacer) => self.aplicar(Accion::Deshacer, ahora),
            Some(Mando::Guardar) => self.pregunta = Some(Pregunta::nombre(self.mesa, false)),
            Some(Mando::Pasar) if !terminada => self.aplicar(Accion::Pasar, ahora),
            Some(Mando::Mover(dx, dy)) => self.mover(dx, dy),
            Some(Mando::Atras) => self.atras += 1,
            Some(Mando::Adelante) => self.atras = self.atras.saturating_sub(1),
            Some(Mando::Columna(numero)) => {
                self.columna = Some(numero);
                self.ir_a(numero, self.cursor.fila());
            }
            Some(Mando::Fila(fila)) => match columna {
                Some(numero) => self.ir_a(numero, fila),
                None => self.decir("Escribe la columna antes que la fila: C4."),
            },
            Some(Mando::Jugar) if !terminada => self.jugar_aqui(ahora),
            _ => {}
        }
        Control::Seguir
    }

    /// A mouse event: a click on a cell plays there, the wheel scrolls the moves.
    fn raton(&mut self, raton: &MouseEvent, ahora: Instant) -> Control {
        match raton.kind {
            MouseEventKind::ScrollUp => self.atras += 1,
            MouseEventKind::ScrollDown => self.atras = self.atras.saturating_sub(1),
            MouseEventKind::Down(MouseButton::Left)
                if self.pregunta.is_none() && !self.ayuda && self.mesa.fin().is_none() =>
            {
                let marco = self.marco().expect("con el marco");
                if let Some(posicion) = marco.casilla_en(raton.column, raton.row) {
                    self.cursor = posicion;
                    self.jugar_aqui(ahora);
                }
            }
            _ => {}
        }
        Control::Seguir
    }

    /// Enter on the cursor: plays there, or passes when the side to move has no
    /// valid move (as Enter does at the printed board's prompt).
    fn jugar_aqui(&mut self, ahora: Instant) {
        let accion = if self.mesa.partida().debe_pasar() {
            Accion::Pasar
        } else {
            Accion::Colocar(self.cursor)
        };
        self.aplicar(accion, ahora);
    }

    /// Moves the cursor by `dx` columns and `dy` rows, stopping at the edges.
    fn mover(&mut self, dx: i8, dy: i8) {
        let limitar = |valor: u8, paso: i8| valor.saturating_add_signed(paso).min(7);
        self.ir_a(
            limitar(self.cursor.columna(), dx),
            limitar(self.cursor.fila(), dy),
        );
    }

    /// Puts the cursor on column `columna` and row `fila`, from 0.
    fn ir_a(&mut self, columna: u8, fila: u8) {
        if let Some(posicion) = Posicion::desde_coordenadas(columna, fila) {
            self.cursor = posicion;
        }
    }

    /// Has the table do `accion` and shows what happened: the messages, the flipped
    /// pieces marked; once the game moved on, the cursor goes to a valid move of the
    /// side to move, and after a refusal it stays where the player put it.
    fn aplicar(&mut self, accion: Accion, ahora: Instant) {
        let eventos = self.mesa.aplicar(accion);
        let rechazo = eventos.iter().all(Evento::es_rechazo);
        for evento in eventos {
            match &evento {
                Evento::Jugada { volteadas, .. } => {
                    self.destello = Some((*volteadas, ahora + DESTELLO));
                }
                Evento::Deshecha { .. } => self.destello = None,
                _ => {}
            }
            self.decir(&evento.to_string());
        }
        self.atras = 0;
        self.cambio = ahora;
        if !rechazo {
            self.cursor_en_una_jugada();
        }
    }

    /// `q`: leaves, offering first to save unsaved changes of a game in progress.
    fn salir(&mut self) -> Control {
        if self.mesa.fin().is_some() || !self.mesa.sin_guardar() {
            self.mesa.dejar(false);
            return Control::Terminar(Fin::Salir);
        }
        self.pregunta = Some(Pregunta::Salir);
        Control::Seguir
    }

    /// A key while `pregunta` is open.
    fn responder(&mut self, pregunta: Pregunta, codigo: KeyCode) -> Control {
        let si = matches!(codigo, KeyCode::Char('s' | 'S') | KeyCode::Enter);
        let no = matches!(codigo, KeyCode::Char('n' | 'N') | KeyCode::Esc);
        match pregunta {
            Pregunta::Salir if si => self.pregunta = Some(Pregunta::nombre(self.mesa, true)),
            Pregunta::Salir if codigo == KeyCode::Esc => self.decir("La partida sigue."),
            Pregunta::Salir if no => {
                self.mesa.dejar(false);
                return Control::Terminar(Fin::Salir);
            }
            Pregunta::Nombre { mut texto, salir } => match codigo {
                KeyCode::Enter if texto.trim().is_empty() => {
                    return self.guardar(Accion::NoGuardar, salir);
                }
                KeyCode::Enter => {
                    let ruta = PathBuf::from(texto.trim());
                    return self.guardar(Accion::Guardar(ruta), salir);
                }
                KeyCode::Esc => return self.guardar(Accion::NoGuardar, salir),
                KeyCode::Backspace => {
                    texto.pop();
                    self.pregunta = Some(Pregunta::Nombre { texto, salir });
                }
                KeyCode::Char(letra) if !letra.is_control() => {
                    texto.push(letra);
                    self.pregunta = Some(Pregunta::Nombre { texto, salir });
                }
                _ => self.pregunta = Some(Pregunta::Nombre { texto, salir }),
            },
            Pregunta::Reemplazo { destino, salir, .. } if si => {
                return self.guardar(Accion::Reemplazar(destino), salir);
            }
            Pregunta::Reemplazo { salir, .. } if no => {
                return self.guardar(Accion::NoGuardar, salir);
            }
            // Any other key leaves the question open.
            pregunta => self.pregunta = Some(pregunta),
        }
        Control::Seguir
    }

    /// Has the table take a step of saving (`accion`: a name, yes to replacing files,
    /// or no) and shows what it says: its question stays open; saved, the players
    /// leave if `salir`; not saved, the game goes on.
    fn guardar(&mut self, accion: Accion, salir: bool) -> Control {
        let mut control = Control::Seguir;
        for evento in self.mesa.aplicar(accion) {
            let texto = evento.to_string();
            match evento {
                Evento::Reemplazar(destino) => {
                    self.pregunta = Some(Pregunta::Reemplazo {
                        texto,
                        destino,
                        salir,
                    });
                }
                Evento::Guardada(_) if salir => {
                    self.decir(&texto);
                    self.despedida.push(texto);
                    self.mesa.dejar(false);
                    control = Control::Terminar(Fin::Salir);
                }
                Evento::Guardada(_) => self.decir(&texto),
                _ => {
                    self.decir(&texto);
                    if salir {
                        self.decir("La partida sigue.");
                    }
                }
            }
        }
        control
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use ratatui::crossterm::event::KeyEventState;

    use super::super::estado::{PAUSA, PAUSA_CORTA};
    use super::*;
    use crate::juego::{
        jugadores::Jugadores,
        mesa::{Comienzo, Mesa},
    };
    use othello::{Bitboard, Partida, PorColor, Reglas, Tablero, motor::jugadores::Nivel};

    /// A table with `negro` and `blanco` and a new game.
    fn en_juego(negro: Nivel, blanco: Nivel) -> Mesa {
        let niveles = PorColor::new(negro, blanco);
        let jugadores = Jugadores::nuevos(niveles, Some(1), Duration::from_millis(10));
        let mut mesa = Mesa::nueva(jugadores, false, None, Reglas::Tarea);
        mesa.empezar(Comienzo::nueva(Reglas::Tarea, None));
        mesa
    }

    fn personas() -> Mesa {
        en_juego(Nivel::Humano, Nivel::Humano)
    }

    /// The board of `mesa` on 80 by 24.
    fn en_pantalla(mesa: &mut Mesa) -> Pantalla<'_> {
        Pantalla::nueva(mesa, false, Rect::new(0, 0, 80, 24), &[])
    }

    fn tecla(codigo: KeyCode) -> Event {
        Event::Key(KeyEvent {
            code: codigo,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    fn clic(pantalla: &Pantalla, posicion: &str) -> Event {
        let (column, row) = pantalla.marco().unwrap().centro(posicion.parse().unwrap());
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    /// Sends `eventos` one after the other: what the last one said.
    fn enviar(pantalla: &mut Pantalla, eventos: &[Event]) -> Control {
        let ahora = Instant::now();
        let mut control = Control::Seguir;
        for evento in eventos {
            control = pantalla.recibir(evento, ahora);
        }
        control
    }

    fn escribir(texto: &str) -> Vec<Event> {
        texto
            .chars()
            .map(|letra| tecla(KeyCode::Char(letra)))
            .collect()
    }

    /// A file in `carpeta` that the game did not write.
    fn ajeno(carpeta: &std::path::Path) -> PathBuf {
        let ruta = carpeta.join("p.txt");
        std::fs::write(&ruta, "de otro\n").unwrap();
        ruta
    }

    /// Typing `ruta`'s name and Enter.
    fn nombre(ruta: &std::path::Path) -> Vec<Event> {
        let mut eventos = escribir(&ruta.display().to_string());
        eventos.push(tecla(KeyCode::Enter));
        eventos
    }

    fn posicion(texto: &str) -> Posicion {
        texto.parse().unwrap()
    }

    #[test]
    fn el_cursor_empieza_en_una_jugada_y_enter_la_juega() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        assert_eq!(pantalla.cursor, posicion("D3"));
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        assert_eq!(pantalla.mesa.ultima(), Some(posicion("D3")));
        assert_eq!(
            pantalla.mensajes.last().unwrap(),
            "Las negras juegan D3 y voltean 1 ficha."
        );
        // On white's turn, the cursor went to a move of white's.
        assert!(
            pantalla
                .mesa
                .partida()
                .jugadas_validas()
                .contiene(pantalla.cursor)
        );
        assert_eq!(
            pantalla.volteadas(Instant::now()),
            Bitboard::from(posicion("D4"))
        );
        assert_eq!(
            pantalla.volteadas(Instant::now() + DESTELLO),
            Bitboard::VACIO,
            "el destello dura poco"
        );
    }

    #[test]
    fn las_flechas_mueven_el_cursor_sin_salir_del_tablero() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        let teclas = [
            tecla(KeyCode::Left),
            tecla(KeyCode::Left),
            tecla(KeyCode::Up),
            tecla(KeyCode::Up),
            tecla(KeyCode::Up),
            tecla(KeyCode::Up),
        ];
        enviar(&mut pantalla, &teclas);
        assert_eq!(pantalla.cursor, posicion("B1"));
        let teclas = [
            tecla(KeyCode::Right),
            tecla(KeyCode::Down),
            tecla(KeyCode::Down),
        ];
        enviar(&mut pantalla, &teclas);
        assert_eq!(pantalla.cursor, posicion("C3"));
        assert_eq!(pantalla.mesa.historial().cantidad(), 0, "mover no juega");
    }

    #[test]
    fn escribir_una_casilla_lleva_el_cursor_y_h_es_solo_la_columna_h() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(&mut pantalla, &escribir("c4"));
        assert_eq!(pantalla.cursor, posicion("C4"));
        // h is the column H, never a move to the left.
        enviar(&mut pantalla, &escribir("h"));
        assert_eq!(pantalla.cursor, posicion("H4"));
        assert_eq!(pantalla.columna_escrita(), Some('H'));
        enviar(&mut pantalla, &escribir("7"));
        assert_eq!(pantalla.cursor, posicion("H7"));
        enviar(&mut pantalla, &escribir("F5"));
        enviar(&mut pantalla, &[tecla(KeyCode::Char(' '))]);
        assert_eq!(pantalla.mesa.ultima(), Some(posicion("F5")));
    }

    #[test]
    fn una_jugada_invalida_dice_por_que_y_no_cambia_nada() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        let mut eventos = escribir("a1");
        eventos.push(tecla(KeyCode::Enter));
        enviar(&mut pantalla, &eventos);
        assert_eq!(pantalla.mesa.partida().tablero(), &Tablero::inicial());
        assert_eq!(
            pantalla.mensajes.last().unwrap(),
            "Jugada no válida: una ficha en A1 no flanquea ninguna ficha rival. Intenta de \
             nuevo."
        );
        // The cursor stays where the player put it.
        assert_eq!(pantalla.cursor, posicion("A1"));
        let eventos = [tecla(KeyCode::Right), tecla(KeyCode::Enter)];
        enviar(&mut pantalla, &eventos);
        assert_eq!(pantalla.cursor, posicion("B1"));
    }

    #[test]
    fn guardar_al_salir_lo_repite_tras_cerrar_el_tablero() {
        let carpeta = tempfile::tempdir().unwrap();
        let ruta = carpeta.path().join("p.txt");
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        enviar(&mut pantalla, &escribir("qs"));
        let mut eventos = escribir(&ruta.display().to_string());
        eventos.push(tecla(KeyCode::Enter));
        let control = enviar(&mut pantalla, &eventos);
        assert_eq!(control, Control::Terminar(Fin::Salir));
        assert_eq!(pantalla.despedida.len(), 1);
        assert!(pantalla.despedida[0].starts_with("Partida guardada en «"));
    }

    #[test]
    fn un_clic_en_una_casilla_la_juega_y_en_un_borde_nada() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        let clic_c4 = clic(&pantalla, "C4");
        enviar(&mut pantalla, &[clic_c4]);
        assert_eq!(pantalla.mesa.ultima(), Some(posicion("C4")));
        let Event::Mouse(mut borde) = clic(&pantalla, "C3") else {
            unreachable!()
        };
        borde.row += 1;
        enviar(&mut pantalla, &[Event::Mouse(borde)]);
        assert_eq!(pantalla.mesa.historial().cantidad(), 1);
    }

    #[test]
    fn p_pasa_u_deshace_y_al_final_n_pide_otra_partida() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(&mut pantalla, &escribir("pu"));
        assert_eq!(pantalla.mesa.historial().cantidad(), 0);
        assert_eq!(
            pantalla.mensajes.last().unwrap(),
            "Se deshizo «pasar» de las negras."
        );
        enviar(&mut pantalla, &escribir("pp"));
        assert!(pantalla.mesa.fin().is_some());
        // Over: no more moves, and n is another game.
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        assert_eq!(pantalla.mesa.historial().cantidad(), 2);
        let control = enviar(&mut pantalla, &escribir("n"));
        assert_eq!(control, Control::Terminar(Fin::Otra));
    }

    #[test]
    fn la_computadora_juega_tras_una_pausa() {
        let mut mesa = en_juego(Nivel::Humano, Nivel::Libro);
        let mut pantalla = en_pantalla(&mut mesa);
        let antes = Instant::now();
        pantalla.recibir(&tecla(KeyCode::Enter), antes);
        assert_eq!(pantalla.proximo(), Some(antes + PAUSA));
        pantalla.a_tiempo(antes + PAUSA / 2);
        assert_eq!(pantalla.mesa.historial().cantidad(), 1, "todavía no");
        // A person's move on its turn is refused, in the table's words: those of the
        // printed board.
        pantalla.recibir(&tecla(KeyCode::Enter), antes);
        assert_eq!(
            pantalla.mensajes.last().unwrap(),
            &Evento::DeLaComputadora.to_string()
        );
        pantalla.a_tiempo(antes + PAUSA);
        assert_eq!(pantalla.mesa.historial().cantidad(), 2);
        assert!(
            pantalla
                .mensajes
                .last()
                .unwrap()
                .starts_with("Las blancas (libro) juegan "),
            "{:?}",
            pantalla.mensajes
        );
        // Its flips are marked until they fade: the only thing due now.
        let destello = pantalla.proximo().unwrap();
        assert!(destello > antes + PAUSA);
    }

    #[test]
    fn entre_dos_computadoras_sin_pausa_la_espera_es_corta() {
        let niveles = PorColor::new(Nivel::Aleatorio, Nivel::Aleatorio);
        let jugadores = Jugadores::nuevos(niveles, Some(1), Duration::from_millis(10));
        let mut mesa = Mesa::nueva(jugadores, true, None, Reglas::Tarea);
        mesa.empezar(Comienzo::nueva(Reglas::Tarea, None));
        let mut pantalla = Pantalla::nueva(&mut mesa, false, Rect::new(0, 0, 80, 24), &[]);
        // The clock moves on to each instant the board asks for.
        let mut ahora = Instant::now();
        while let Some(cuando) = pantalla.proximo() {
            // Once over, only the last flips' mark is due.
            assert!(cuando <= ahora + PAUSA_CORTA || pantalla.mesa.fin().is_some());
            ahora = cuando;
            pantalla.a_tiempo(ahora);
        }
        assert!(
            pantalla.mesa.fin().is_some(),
            "la partida se juega sola hasta el final"
        );
    }

    #[test]
    fn guardar_pregunta_el_nombre_y_antes_de_reemplazar_un_archivo_ajeno() {
        let carpeta = tempfile::tempdir().unwrap();
        let ruta = ajeno(carpeta.path());
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(
            &mut pantalla,
            &[tecla(KeyCode::Enter), tecla(KeyCode::Char('s'))],
        );
        enviar(&mut pantalla, &nombre(&ruta));
        // The table's question, as the printed board asks it; nothing written yet.
        let Some(Pregunta::Reemplazo { texto, .. }) = &pantalla.pregunta else {
            panic!("{:?}", pantalla.pregunta);
        };
        let pregunta = format!("«{}» ya existe. ¿Sobrescribirlo?", ruta.display());
        assert_eq!(texto, &pregunta);
        assert_eq!(std::fs::read_to_string(&ruta).unwrap(), "de otro\n");
        enviar(&mut pantalla, &escribir("s"));
        assert_eq!(
            othello::disco::cargar(&ruta).unwrap(),
            *pantalla.mesa.partida().tablero()
        );
        assert!(
            pantalla
                .mensajes
                .last()
                .unwrap()
                .starts_with("Partida guardada en «")
        );
        assert!(!pantalla.mesa.sin_guardar());
        // The next save offers the same name; Esc cancels it.
        enviar(&mut pantalla, &escribir("s"));
        let Some(Pregunta::Nombre { texto, .. }) = &pantalla.pregunta else {
            panic!("{:?}", pantalla.pregunta);
        };
        assert_eq!(texto, &ruta.display().to_string());
        enviar(&mut pantalla, &[tecla(KeyCode::Esc)]);
        assert_eq!(pantalla.pregunta, None);
        assert_eq!(pantalla.mensajes.last().unwrap(), "No se guardó.");
    }

    #[test]
    fn al_salir_no_reemplazar_un_archivo_ajeno_sigue_la_partida() {
        let carpeta = tempfile::tempdir().unwrap();
        let ruta = ajeno(carpeta.path());
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        enviar(&mut pantalla, &escribir("qs"));
        enviar(&mut pantalla, &nombre(&ruta));
        assert!(matches!(
            pantalla.pregunta,
            Some(Pregunta::Reemplazo { salir: true, .. })
        ));
        assert_eq!(
            enviar(&mut pantalla, &escribir("n")),
            Control::Seguir,
            "la partida sigue"
        );
        assert_eq!(pantalla.pregunta, None);
        let ultimos = &pantalla.mensajes[pantalla.mensajes.len() - 2..];
        assert_eq!(ultimos, ["No se guardó.", "La partida sigue."]);
        assert!(pantalla.mesa.sin_guardar());
        assert_eq!(std::fs::read_to_string(&ruta).unwrap(), "de otro\n");
    }

    #[test]
    fn q_ofrece_guardar_los_cambios_y_esc_sigue_jugando() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        // Nothing changed: q leaves at once.
        assert_eq!(
            enviar(&mut pantalla, &escribir("q")),
            Control::Terminar(Fin::Salir)
        );
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        enviar(&mut pantalla, &escribir("q"));
        assert_eq!(pantalla.pregunta, Some(Pregunta::Salir));
        enviar(&mut pantalla, &[tecla(KeyCode::Esc)]);
        assert_eq!(pantalla.mensajes.last().unwrap(), "La partida sigue.");
        enviar(&mut pantalla, &escribir("q"));
        assert_eq!(
            enviar(&mut pantalla, &escribir("n")),
            Control::Terminar(Fin::Salir)
        );
    }

    #[test]
    fn ctrl_c_interrumpe_y_una_terminal_chica_solo_espera_que_crezca() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa);
        enviar(&mut pantalla, &[Event::Resize(70, 20)]);
        assert_eq!(pantalla.marco(), None);
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        assert_eq!(
            pantalla.mesa.historial().cantidad(),
            0,
            "no se juega a ciegas"
        );
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(enviar(&mut pantalla, &[ctrl_c]), Control::Interrumpir);
        enviar(&mut pantalla, &[Event::Resize(100, 30)]);
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        assert_eq!(pantalla.mesa.historial().cantidad(), 1);
    }

    #[test]
    fn un_tablero_cargado_sin_jugadas_para_quien_debe_pasar() {
        // Black has no move here: Enter passes, as at the printed board's prompt.
        let tablero: Tablero = "\
B, B, B, B, B, B, B, B
B, B, B, B, B, B, B, B
B, B, B, B, B, B, B, B
B, B, B, B, B, B, B, B
B, B, B, B, B, B, B, B
B, B, B, B, B, B, B, B
N, N, N, N, N, N, V, V
V, V, V, V, V, V, V, V
"
        .parse()
        .unwrap();
        let niveles = PorColor::new(Nivel::Humano, Nivel::Humano);
        let jugadores = Jugadores::nuevos(niveles, Some(1), Duration::from_millis(10));
        let mut mesa = Mesa::nueva(jugadores, false, None, Reglas::Tarea);
        let partida = Partida::desde(tablero, othello::Color::Negro);
        mesa.empezar(Comienzo::de(partida, None, None));
        assert!(mesa.partida().debe_pasar());
        let mut pantalla = Pantalla::nueva(&mut mesa, false, Rect::new(0, 0, 80, 24), &[]);
        enviar(&mut pantalla, &[tecla(KeyCode::Enter)]);
        assert_eq!(pantalla.mesa.historial().cantidad(), 1);
        assert_eq!(pantalla.mesa.partida().turno(), othello::Color::Blanco);
    }
}
