//! Where each part of the full-screen board goes on the terminal: the drawing and the
//! mouse read the same places from here.

use ratatui::layout::Rect;

use othello::Posicion;

/// The smallest terminal the board fits, and the size of what is drawn: a larger
/// terminal shows it centered.
pub(super) const ANCHO: u16 = 80;
/// See [`ANCHO`].
pub(super) const ALTO: u16 = 24;

/// Where the grid's left border is, from the frame's left: after the row numbers.
const GRILLA_X: u16 = 4;
/// Where the grid's top border is, from the frame's top: under the title and the
/// column letters.
const GRILLA_Y: u16 = 2;
/// A cell's width and height in the grid, its border included.
const CELDA_ANCHO: u16 = 4;
/// See [`CELDA_ANCHO`].
const CELDA_ALTO: u16 = 2;

/// The parts of the screen, for a terminal of at least [`ANCHO`] by [`ALTO`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Marco {
    /// All that is drawn.
    pub(super) todo: Rect,
    /// The title line.
    pub(super) titulo: Rect,
    /// The column letters, the grid and the row numbers.
    pub(super) tablero: Rect,
    /// Under the board: the counts, whose turn, who plays.
    pub(super) resumen: Rect,
    /// Beside the board: the moves played.
    pub(super) historial: Rect,
    /// Beside the board, under the moves: what the game said.
    pub(super) mensajes: Rect,
    /// The line where a square or a file name is typed, and questions asked.
    pub(super) entrada: Rect,
    /// The keys, on the last line.
    pub(super) teclas: Rect,
}

impl Marco {
    /// The parts of a terminal of size `area`; `None` if it is too small.
    pub(super) fn de(area: Rect) -> Option<Marco> {
        if area.width < ANCHO || area.height < ALTO {
            return None;
        }
        let x = area.x + (area.width - ANCHO) / 2;
        let y = area.y + (area.height - ALTO) / 2;
        let linea = |dy: u16| Rect::new(x, y + dy, ANCHO, 1);
        let tablero_ancho = GRILLA_X + 8 * CELDA_ANCHO + 1;
        let panel_x = x + tablero_ancho + 2;
        let panel_ancho = x + ANCHO - panel_x;
        Some(Marco {
            todo: Rect::new(x, y, ANCHO, ALTO),
            titulo: linea(0),
            tablero: Rect::new(x, y + 1, tablero_ancho, 1 + 8 * CELDA_ALTO + 1),
            resumen: Rect::new(x, y + 19, tablero_ancho + 1, 3),
            historial: Rect::new(panel_x, y + 1, panel_ancho, 11),
            mensajes: Rect::new(panel_x, y + 12, panel_ancho, 10),
            entrada: linea(22),
            teclas: linea(23),
        })
    }

    /// Where the middle of the cell `posicion` is drawn: the letter's column and row.
    #[cfg(test)]
    pub(super) fn centro(&self, posicion: Posicion) -> (u16, u16) {
        (
            self.todo.x + GRILLA_X + CELDA_ANCHO * u16::from(posicion.columna()) + 2,
            self.todo.y + GRILLA_Y + CELDA_ALTO * u16::from(posicion.fila()) + 1,
        )
    }

    /// The cell drawn at column `x` and row `y` of the terminal, borders aside.
    pub(super) fn casilla_en(&self, x: u16, y: u16) -> Option<Posicion> {
        let dx = x.checked_sub(self.todo.x + GRILLA_X)?;
        let dy = y.checked_sub(self.todo.y + GRILLA_Y)?;
        if dx % CELDA_ANCHO == 0 || dy % CELDA_ALTO == 0 {
            return None;
        }
        let columna = u8::try_from(dx / CELDA_ANCHO).ok()?;
        let fila = u8::try_from(dy / CELDA_ALTO).ok()?;
        Posicion::desde_coordenadas(columna, fila)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cada_casilla_se_encuentra_donde_se_dibuja_y_los_bordes_no_son_casillas() {
        for area in [Rect::new(0, 0, 80, 24), Rect::new(0, 0, 101, 40)] {
            let marco = Marco::de(area).unwrap();
            for posicion in Posicion::todas() {
                let (x, y) = marco.centro(posicion);
                for dx in [x - 1, x, x + 1] {
                    assert_eq!(marco.casilla_en(dx, y), Some(posicion));
                }
                assert_eq!(marco.casilla_en(x + 2, y), None, "borde");
                assert_eq!(marco.casilla_en(x, y + 1), None, "borde");
            }
            assert!(marco.todo.right() <= area.right());
            assert!(marco.mensajes.bottom() <= marco.entrada.y);
            assert!(marco.tablero.right() < marco.historial.x);
        }
        assert_eq!(Marco::de(Rect::new(0, 0, 79, 24)), None);
        assert_eq!(Marco::de(Rect::new(0, 0, 80, 23)), None);
    }
}
