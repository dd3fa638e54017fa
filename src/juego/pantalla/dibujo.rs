//! Draws the full-screen board: the grid with the homework's letters, the side panel
//! with the moves and the messages, the input line and the keys. Everything that
//! tells something is in letters and marks, readable without color: the last move
//! between brackets, the pieces it flipped between parentheses, the valid moves as
//! `*`, the cursor in reverse video; color only adds to them.

use std::time::Instant;

use ratatui::{
    Frame,
    layout::Rect,
    style::{Color as Tinta, Modifier, Style},
    text::{Line, Span},
    widgets::{Block, Borders, Clear, Paragraph, Wrap},
};

use super::{
    estado::{Pantalla, Pregunta},
    geometria::{ALTO, ANCHO, Marco},
    teclas::{AYUDA, GUARDAR, TECLAS, TECLAS_AL_FINAL},
};
use crate::{
    juego::{comando, mesa::Mesa},
    renglones::ajustar_a,
    vista::Vista,
};
use othello::{Bitboard, Casilla, Color, Estado, Posicion};

/// Draws `pantalla` and its table at `ahora` (which marks the flipped pieces).
pub(super) fn dibujar(frame: &mut Frame<'_>, pantalla: &Pantalla, ahora: Instant) {
    let mesa: &Mesa = pantalla.mesa;
    let Some(marco) = pantalla.marco() else {
        let texto = Paragraph::new(agrandar(pantalla.area)).wrap(Wrap { trim: true });
        frame.render_widget(texto, frame.area());
        return;
    };
    let titulo = " Othello — Tarea 2, Introducción a la Programación UC";
    frame.render_widget(
        Paragraph::new(titulo).style(Style::new().add_modifier(Modifier::BOLD)),
        marco.titulo,
    );
    frame.render_widget(
        Paragraph::new(tablero(pantalla, mesa, ahora)),
        marco.tablero,
    );
    frame.render_widget(Paragraph::new(resumen(mesa)), marco.resumen);
    historial(frame, pantalla, mesa, marco.historial);
    let mensajes = Block::bordered().title(" Mensajes ");
    let adentro = mensajes.inner(marco.mensajes);
    frame.render_widget(mensajes, marco.mensajes);
    // The newest at the bottom: as many of the last as fit, once fitted to the width.
    let ajustados: Vec<String> = pantalla
        .mensajes
        .iter()
        .flat_map(|mensaje| {
            let ajustado = ajustar_a(mensaje, usize::from(adentro.width));
            ajustado.lines().map(str::to_owned).collect::<Vec<_>>()
        })
        .collect();
    let desde = ajustados.len().saturating_sub(usize::from(adentro.height));
    let lineas: Vec<Line<'_>> = ajustados[desde..]
        .iter()
        .map(|l| Line::from(l.as_str()))
        .collect();
    frame.render_widget(Paragraph::new(lineas), adentro);
    frame.render_widget(Paragraph::new(entrada(pantalla, mesa)), marco.entrada);
    let teclas = if mesa.fin().is_some() {
        TECLAS_AL_FINAL
    } else {
        TECLAS
    };
    frame.render_widget(
        Paragraph::new(teclas).style(Style::new().add_modifier(Modifier::DIM)),
        marco.teclas,
    );
    if pantalla.ayuda {
        ayuda(frame, mesa, &marco);
    }
}

/// The column letters, the grid with the cells and the row numbers.
fn tablero(pantalla: &Pantalla, mesa: &Mesa, ahora: Instant) -> Vec<Line<'static>> {
    let partida = mesa.partida();
    let en_curso = partida.estado() == Estado::EnCurso;
    let validas = if en_curso {
        partida.jugadas_validas()
    } else {
        Bitboard::VACIO
    };
    let volteadas = pantalla.volteadas(ahora);
    let mut lineas = vec![Line::from(format!(
        "     {}",
        ('A'..='H')
            .map(|letra| format!(" {letra}  "))
            .collect::<String>()
    ))];
    lineas.push(Line::from(borde('┌', '┬', '┐')));
    for fila in 0..8u8 {
        let mut celdas = vec![Span::raw(format!("  {} │", fila + 1))];
        for columna in 0..8u8 {
            let posicion = Posicion::desde_coordenadas(columna, fila).expect("en el tablero");
            let casilla = partida.tablero().casilla(posicion);
            let pista = casilla == Casilla::Vacia && validas.contiene(posicion);
            let letra = if pista { '*' } else { casilla.letra() };
            let (antes, despues) = if mesa.ultima() == Some(posicion) {
                ('[', ']')
            } else if volteadas.contiene(posicion) {
                ('(', ')')
            } else {
                (' ', ' ')
            };
            let mut estilo = estilo(casilla, pista, pantalla.color);
            if volteadas.contiene(posicion) {
                estilo = estilo.add_modifier(Modifier::UNDERLINED);
            }
            if posicion == pantalla.cursor && en_curso {
                estilo = estilo.add_modifier(Modifier::REVERSED);
            }
            celdas.push(Span::styled(format!("{antes}{letra}{despues}"), estilo));
            celdas.push(Span::raw("│"));
        }
        lineas.push(Line::from(celdas));
        lineas.push(Line::from(if fila < 7 {
            borde('├', '┼', '┤')
        } else {
            borde('└', '┴', '┘')
        }));
    }
    lineas
}

/// A border line of the grid, with these corners and crossings.
fn borde(izquierda: char, cruce: char, derecha: char) -> String {
    let tramos = ["───"; 8].join(&cruce.to_string());
    format!("    {izquierda}{tramos}{derecha}")
}

/// The style of a cell's letter: with color, the pieces as the printed board draws
/// them; without, only the letter.
fn estilo(casilla: Casilla, pista: bool, color: bool) -> Style {
    let negrita = Style::new().add_modifier(Modifier::BOLD);
    match casilla {
        Casilla::Ficha(Color::Negro) if color => negrita.fg(Tinta::Red),
        Casilla::Ficha(Color::Blanco) if color => negrita.fg(Tinta::Blue),
        Casilla::Vacia if pista && color => negrita.fg(Tinta::Green),
        Casilla::Ficha(_) => negrita,
        Casilla::Vacia if pista => negrita,
        Casilla::Vacia => Style::new().add_modifier(Modifier::DIM),
    }
}

/// Under the board: the counts, whose turn (or the end), who plays.
fn resumen(mesa: &Mesa) -> Vec<Line<'static>> {
    let partida = mesa.partida();
    let jugadores = mesa.jugadores();
    // The printed board's count line, in the same words.
    let conteo = format!("  {}", Vista::de(partida.tablero()).conteo());
    let turno = partida.turno();
    let estado = match partida.estado() {
        Estado::Terminada { resultado, .. } => format!("  Fin: {resultado}."),
        Estado::EnCurso if jugadores.es_computadora(turno) => {
            format!("  Juegan {}…", jugadores.quien(turno))
        }
        Estado::EnCurso => format!("  Turno de {} ({turno})", jugadores.quien(turno)),
    };
    let niveles = jugadores.niveles();
    let quienes = format!("  N: {}   B: {}", niveles.negro, niveles.blanco);
    vec![
        Line::from(conteo).style(Style::new().add_modifier(Modifier::BOLD)),
        Line::from(estado),
        Line::from(quienes).style(Style::new().add_modifier(Modifier::DIM)),
    ]
}

/// The moves played, two to a line, the last ones unless scrolled back.
fn historial(frame: &mut Frame<'_>, pantalla: &Pantalla, mesa: &Mesa, area: Rect) {
    let bloque = Block::bordered().title(" Jugadas ");
    let adentro = bloque.inner(area);
    frame.render_widget(bloque, area);
    let jugadas: Vec<String> = mesa
        .historial()
        .jugadas()
        .enumerate()
        // `Jugada` writes itself without padding: the text is padded.
        .map(|(i, (color, jugada))| format!("{:>3}. {color} {:<6}", i + 1, jugada.to_string()))
        .collect();
    let filas: Vec<String> = jugadas.chunks(2).map(|par| par.concat()).collect();
    let alto = usize::from(adentro.height);
    let atras = pantalla.atras.min(filas.len().saturating_sub(alto));
    let desde = filas.len().saturating_sub(alto + atras);
    let lineas: Vec<Line<'_>> = filas[desde..filas.len() - atras]
        .iter()
        .map(|fila| Line::from(fila.as_str()))
        .collect();
    let lineas = if lineas.is_empty() {
        vec![Line::from("Todavía no hay jugadas.")]
    } else {
        lineas
    };
    frame.render_widget(Paragraph::new(lineas), adentro);
}

/// The input line: the question open, the column typed, or what the player may do.
fn entrada(pantalla: &Pantalla, mesa: &Mesa) -> Line<'static> {
    let partida = mesa.partida();
    let texto = match &pantalla.pregunta {
        Some(Pregunta::Nombre { texto, .. }) => {
            format!("Guardar en: {texto}▏ (Enter guarda, Esc cancela)")
        }
        Some(Pregunta::Reemplazo { texto, .. }) => format!("{texto} (s/n)"),
        Some(Pregunta::Salir) => {
            "Hay cambios sin guardar. ¿Guardar antes de salir? (s/n; Esc sigue jugando)".to_owned()
        }
        None if mesa.fin().is_some() => "La partida terminó: n juega otra, q sale.".to_owned(),
        None if partida.debe_pasar() && !mesa.jugadores().hay_computadora() => format!(
            "Las {} no tienen jugadas válidas: deben pasar (p o Enter).",
            partida.turno().nombre()
        ),
        None => match pantalla.columna_escrita() {
            Some(columna) => format!("Casilla: {columna}… (escribe la fila, 1 a 8)"),
            None => format!("Cursor en {} (Enter juega)", pantalla.cursor),
        },
    };
    Line::from(texto).style(Style::new().add_modifier(Modifier::BOLD))
}

/// The help over the board, all of it: the keys and the rules of this game.
fn ayuda(frame: &mut Frame<'_>, mesa: &Mesa, marco: &Marco) {
    let reglas = comando::reglas_guardando(mesa.partida().reglas(), GUARDAR);
    let texto = format!("{AYUDA}\n{reglas}");
    let bloque = Block::new()
        .borders(Borders::TOP | Borders::BOTTOM)
        .title(" Ayuda (cualquier tecla la cierra) ");
    frame.render_widget(Clear, marco.todo);
    frame.render_widget(Paragraph::new(texto).block(bloque), marco.todo);
}

/// The message shown while the terminal is smaller than the board.
fn agrandar(area: Rect) -> String {
    format!(
        "Agranda la ventana a {ANCHO}×{ALTO} o más (ahora es de {}×{}). Ctrl-C sale; la \
         partida queda en su copia.",
        area.width, area.height
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use ratatui::{
        Terminal,
        backend::TestBackend,
        buffer::Buffer,
        crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers},
    };

    use super::*;
    use crate::juego::{jugadores::Jugadores, mesa::Comienzo};
    use othello::{PorColor, Reglas, motor::jugadores::Nivel};

    /// A game between two people.
    fn personas() -> Mesa {
        let niveles = PorColor::new(Nivel::Humano, Nivel::Humano);
        let jugadores = Jugadores::nuevos(niveles, Some(1), Duration::from_millis(10));
        let mut mesa = Mesa::nueva(jugadores, false, None, Reglas::Tarea);
        mesa.empezar(Comienzo::nueva(Reglas::Tarea, None));
        mesa
    }

    /// The board of `mesa` on a terminal of `ancho` by `alto`.
    fn en_pantalla(mesa: &mut Mesa, ancho: u16, alto: u16, color: bool) -> Pantalla<'_> {
        Pantalla::nueva(mesa, color, Rect::new(0, 0, ancho, alto), &[])
    }

    /// A key as the terminal sends it; `'\r'` is Enter.
    fn tecla(letra: char) -> Event {
        let codigo = match letra {
            '\r' => KeyCode::Enter,
            letra => KeyCode::Char(letra),
        };
        Event::Key(KeyEvent::new(codigo, KeyModifiers::NONE))
    }

    /// What a terminal of the board's size shows, at `ahora`.
    fn pantallazo(pantalla: &Pantalla, ahora: Instant) -> Buffer {
        let area = pantalla.area;
        let mut terminal = Terminal::new(TestBackend::new(area.width, area.height)).unwrap();
        terminal
            .draw(|frame| dibujar(frame, pantalla, ahora))
            .unwrap();
        terminal.backend().buffer().clone()
    }

    /// The screen's lines, as text.
    fn lineas(buffer: &Buffer) -> Vec<String> {
        (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect()
    }

    #[test]
    fn el_tablero_inicial_en_80_por_24_con_las_letras_de_la_tarea() {
        let mut mesa = personas();
        let pantalla = en_pantalla(&mut mesa, 80, 24, false);
        let buffer = pantallazo(&pantalla, Instant::now());
        let lineas = lineas(&buffer);
        assert!(lineas[1].starts_with("      A   B   C   D   E   F   G   H "));
        assert_eq!(
            lineas[2],
            "    ┌───┬───┬───┬───┬───┬───┬───┬───┐  │Todavía no hay jugadas.                │"
        );
        assert!(
            lineas[7].starts_with("  3 │ V │ V │ V │ * │ V │ V │ V │ V │"),
            "{}",
            lineas[7]
        );
        assert!(
            lineas[9].starts_with("  4 │ V │ V │ * │ B │ N │ V │ V │ V │"),
            "{}",
            lineas[9]
        );
        assert!(lineas[19].starts_with("  Negras (N): 2   Blancas (B): 2"));
        assert!(lineas[20].starts_with("  Turno de las negras (N)"));
        assert!(lineas[22].starts_with("Cursor en D3 (Enter juega)"));
        assert_eq!(lineas[23], TECLAS);
        // The cursor in reverse video; without color, no cell has one.
        let (x, y) = pantalla.marco().unwrap().centro("D3".parse().unwrap());
        assert!(buffer[(x, y)].modifier.contains(Modifier::REVERSED));
        for celda in buffer.content() {
            assert_eq!(celda.fg, Tinta::Reset, "sin color: {celda:?}");
            assert_eq!(celda.bg, Tinta::Reset, "sin color: {celda:?}");
        }
    }

    #[test]
    fn la_ultima_jugada_entre_corchetes_y_lo_que_volteo_entre_parentesis_un_momento() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa, 80, 24, true);
        let ahora = Instant::now();
        pantalla.recibir(&tecla('\r'), ahora);
        let lineas_ahora = lineas(&pantallazo(&pantalla, ahora));
        assert!(
            lineas_ahora[7].starts_with("  3 │ V │ V │ * │[N]│ * │"),
            "{}",
            lineas_ahora[7]
        );
        assert!(
            lineas_ahora[9].starts_with("  4 │ V │ V │ V │(N)│ N │"),
            "{}",
            lineas_ahora[9]
        );
        let despues = lineas(&pantallazo(&pantalla, ahora + Duration::from_secs(5)));
        assert!(
            despues[9].starts_with("  4 │ V │ V │ V │ N │ N │"),
            "{}",
            despues[9]
        );
        // With color, the pieces as the printed board draws them.
        let buffer = pantallazo(&pantalla, ahora);
        let (x, y) = pantalla.marco().unwrap().centro("E4".parse().unwrap());
        assert_eq!(buffer[(x, y)].fg, Tinta::Red);
    }

    #[test]
    fn una_terminal_chica_pide_agrandarla_y_una_grande_centra_el_tablero() {
        let mut mesa = personas();
        let pantalla = en_pantalla(&mut mesa, 60, 20, false);
        let texto = lineas(&pantallazo(&pantalla, Instant::now())).join("\n");
        assert!(texto.contains("Agranda la ventana a 80×24"), "{texto}");
        let mut mesa = personas();
        let pantalla = en_pantalla(&mut mesa, 100, 30, false);
        let lineas = lineas(&pantallazo(&pantalla, Instant::now()));
        // 10 columns and 3 lines more, each side.
        assert!(lineas[3].starts_with("           Othello"), "{}", lineas[3]);
        assert!(
            lineas[4].starts_with("                A   B"),
            "{}",
            lineas[4]
        );
    }

    #[test]
    fn la_ayuda_cabe_entera_con_las_reglas_de_la_partida() {
        for reglas in [Reglas::Tarea, Reglas::Oficiales] {
            let mut mesa = personas();
            mesa.empezar(Comienzo::nueva(reglas, None));
            let mut pantalla = en_pantalla(&mut mesa, 80, 24, false);
            pantalla.ayuda = true;
            let texto = lineas(&pantallazo(&pantalla, Instant::now())).join("\n");
            for linea in AYUDA
                .lines()
                .chain(comando::reglas_guardando(reglas, GUARDAR).lines())
            {
                assert!(texto.contains(linea), "falta {linea:?} en\n{texto}");
            }
        }
    }

    #[test]
    fn al_final_dice_quien_gano_y_las_teclas_de_otra_partida() {
        let mut mesa = personas();
        let mut pantalla = en_pantalla(&mut mesa, 80, 24, false);
        for _ in 0..2 {
            pantalla.recibir(&tecla('p'), Instant::now());
        }
        let lineas = lineas(&pantallazo(&pantalla, Instant::now()));
        assert!(
            lineas[20].starts_with("  Fin: empate, 2 a 2."),
            "{}",
            lineas[20]
        );
        assert!(lineas[22].starts_with("La partida terminó: n juega otra, q sale."));
        assert_eq!(lineas[23].trim_end(), TECLAS_AL_FINAL);
        let mensajes = lineas.join("\n");
        assert!(mensajes.contains("Fin de la partida:"), "{mensajes}");
    }
}
