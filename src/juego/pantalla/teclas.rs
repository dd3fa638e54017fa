//! The full-screen board's keys, in one place: what each key asks for (a [`Mando`])
//! and the texts that tell them (the bottom line, the first message, the help over the
//! board). The letters `a` to `h` are only columns and the digits only rows, so that
//! typing a square never moves the cursor another way: the arrows move it.

use ratatui::crossterm::event::KeyCode;

/// What a key asks for; the board decides whether it can be done now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mando {
    /// Leave (offering to save first).
    Salir,
    /// Another game, once this one is over.
    Otra,
    /// Show the help.
    Ayuda,
    /// Take back the last move.
    Deshacer,
    /// Save, asking the file's name.
    Guardar,
    /// Pass.
    Pasar,
    /// Move the cursor by these columns and rows.
    Mover(i8, i8),
    /// Scroll the moves one line back.
    Atras,
    /// Scroll the moves one line forward.
    Adelante,
    /// A column typed, from 0 (`A`); its row follows.
    Columna(u8),
    /// A row typed, from 0 (`1`), after its column.
    Fila(u8),
    /// Play on the cursor (or pass, without a valid move).
    Jugar,
}

/// What the key `codigo` asks for, if anything.
pub(super) fn mando(codigo: KeyCode) -> Option<Mando> {
    let mando = match codigo {
        KeyCode::Left => Mando::Mover(-1, 0),
        KeyCode::Right => Mando::Mover(1, 0),
        KeyCode::Up => Mando::Mover(0, -1),
        KeyCode::Down => Mando::Mover(0, 1),
        KeyCode::PageUp => Mando::Atras,
        KeyCode::PageDown => Mando::Adelante,
        KeyCode::Enter | KeyCode::Char(' ') => Mando::Jugar,
        KeyCode::Char('?') => Mando::Ayuda,
        KeyCode::Char(letra @ ('a'..='h' | 'A'..='H')) => {
            Mando::Columna(letra.to_ascii_uppercase() as u8 - b'A')
        }
        KeyCode::Char(cifra @ '1'..='8') => Mando::Fila(cifra as u8 - b'1'),
        KeyCode::Char(letra) => match letra.to_ascii_lowercase() {
            'q' => Mando::Salir,
            'n' => Mando::Otra,
            'u' => Mando::Deshacer,
            's' => Mando::Guardar,
            'p' => Mando::Pasar,
            _ => return None,
        },
        _ => return None,
    };
    Some(mando)
}

/// The first message, when the game has none of its own.
pub(super) const BIENVENIDA: &str =
    "Flechas o una casilla (c4) mueven el cursor; Enter o un clic juegan; ? ayuda.";

/// The keys during the game, on the last line.
pub(super) const TECLAS: &str =
    "←↑↓→ o c4 mueven · Enter/clic juega · p pasa · u deshace · s guarda · ? · q sale";

/// The keys once the game is over.
pub(super) const TECLAS_AL_FINAL: &str = "n otra partida · u deshace · s guarda · ? ayuda · q sale";

/// The help over the board: the keys (the rules follow it).
pub(super) const AYUDA: &str = "\
Teclas: ← ↑ ↓ → mueven el cursor; una casilla escrita (c4: columna a-h y fila
  1-8) lo lleva ahí. Enter o espacio juega en el cursor (o pasa, sin jugadas);
  un clic juega ahí. p pasa · u deshace · s guarda (pregunta el nombre)
  RePág/AvPág o la rueda del ratón recorren las jugadas · ? esta ayuda
  q sale (antes ofrece guardar) · Ctrl-C sale y la partida queda en su copia
";

/// The name the help gives the save, in the rules it shows.
pub(super) const GUARDAR: &str = "la tecla s";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn las_letras_de_las_columnas_y_las_cifras_de_las_filas_solo_escriben_casillas() {
        for (letra, columna) in ('a'..='h').zip(0..) {
            assert_eq!(mando(KeyCode::Char(letra)), Some(Mando::Columna(columna)));
            let mayuscula = letra.to_ascii_uppercase();
            assert_eq!(
                mando(KeyCode::Char(mayuscula)),
                Some(Mando::Columna(columna))
            );
        }
        for (cifra, fila) in ('1'..='8').zip(0..) {
            assert_eq!(mando(KeyCode::Char(cifra)), Some(Mando::Fila(fila)));
        }
        assert_eq!(mando(KeyCode::Left), Some(Mando::Mover(-1, 0)));
        assert_eq!(mando(KeyCode::Char('j')), None);
        assert_eq!(mando(KeyCode::Char('9')), None);
    }

    #[test]
    fn los_textos_de_las_teclas_caben_en_80_columnas() {
        let lineas = [BIENVENIDA, TECLAS, TECLAS_AL_FINAL].into_iter();
        for linea in lineas.chain(AYUDA.lines()) {
            assert!(linea.chars().count() <= 80, "{linea}");
        }
    }
}
