//! Boards as a student's program prints them: letters, digits or symbols, with or
//! without headers, row numbers, `|` grids or Python's lists, learnt from the first board
//! it prints (the starting position is known: four pieces and sixty empty cells) and then
//! recognized wherever eight rows of eight cells come in a row.

use std::collections::BTreeSet;

use othello::{Casilla, Color, Posicion, Tablero};

/// How a program draws its cells, learnt from its first board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::correccion) struct Dibujo {
    /// The texts of a black piece, a white piece and an empty cell, as read (letters
    /// in uppercase).
    simbolos: [String; 3],
}

/// What the first board of a program says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::correccion) enum Primero {
    /// A board read: how it is drawn and what it holds (in the homework's letters, the
    /// starting position if right; as the pattern of the start, the start itself).
    Leido(Dibujo, Tablero),
    /// Eight rows of eight cells that are neither the homework's letters nor the
    /// starting position's pattern: what it shows cannot be told.
    Ilegible,
}

impl Dibujo {
    /// The homework's letters: `N`, `B` and `V`.
    pub(in crate::correccion) fn letras() -> Dibujo {
        Dibujo {
            simbolos: ["N", "B", "V"].map(String::from),
        }
    }

    /// The first board in `texto`, if there is one.
    pub(in crate::correccion) fn aprender(texto: &str) -> Option<Primero> {
        let rejilla = rejillas(texto, None).into_iter().next()?;
        // Drawn with the homework's letters: read as such, whatever they show.
        let letras: BTreeSet<String> = rejilla.iter().flatten().cloned().collect();
        if letras
            .iter()
            .all(|letra| ["B", "N", "V"].contains(&letra.as_str()))
        {
            let dibujo = Dibujo::letras();
            let tablero = dibujo.tablero(&rejilla)?;
            return Some(Primero::Leido(dibujo, tablero));
        }
        // Any other three texts: the starting position tells which is which.
        let en = |columna: usize, fila: usize| &rejilla[fila][columna];
        let (blanca, negra, vacia) = (en(3, 3), en(4, 3), en(0, 0));
        let patron = en(4, 4) == blanca
            && en(3, 4) == negra
            && blanca != negra
            && vacia != blanca
            && vacia != negra
            && (rejilla.iter().enumerate()).all(|(fila, celdas)| {
                (celdas.iter().enumerate()).all(|(columna, celda)| {
                    matches!((columna, fila), (3 | 4, 3 | 4)) || celda == vacia
                })
            });
        if !patron {
            return Some(Primero::Ilegible);
        }
        Some(Primero::Leido(
            Dibujo {
                simbolos: [negra.clone(), blanca.clone(), vacia.clone()],
            },
            Tablero::inicial(),
        ))
    }

    /// Every board drawn this way in `texto`, in order.
    pub(in crate::correccion) fn tableros(&self, texto: &str) -> Vec<Tablero> {
        rejillas(texto, Some(self))
            .iter()
            .filter_map(|rejilla| self.tablero(rejilla))
            .collect()
    }

    /// The text of a piece of `color` (in the prompt, a symbol can name its player).
    pub(in crate::correccion) fn simbolo(&self, color: Color) -> &str {
        match color {
            Color::Negro => &self.simbolos[0],
            Color::Blanco => &self.simbolos[1],
        }
    }

    /// What a cell's text is.
    fn casilla(&self, texto: &str) -> Option<Casilla> {
        let i = self.simbolos.iter().position(|simbolo| simbolo == texto)?;
        Some(
            [
                Casilla::Ficha(Color::Negro),
                Casilla::Ficha(Color::Blanco),
                Casilla::Vacia,
            ][i],
        )
    }

    /// The board of a grid of this drawing's cells.
    fn tablero(&self, rejilla: &[Vec<String>]) -> Option<Tablero> {
        let mut tablero = Tablero::vacio();
        for (fila, celdas) in rejilla.iter().enumerate() {
            for (columna, celda) in celdas.iter().enumerate() {
                let posicion = Posicion::desde_coordenadas(columna as u8, fila as u8)?;
                tablero.poner(posicion, self.casilla(celda)?);
            }
        }
        Some(tablero)
    }
}

/// The grids of 8 × 8 cells in `texto`: eight rows in a row (lines of only lines and
/// corners between them), or a whole board on one line (Python's list of lists); each
/// cell's text in uppercase. With `dibujo`, only rows of its cells.
fn rejillas(texto: &str, dibujo: Option<&Dibujo>) -> Vec<Vec<Vec<String>>> {
    let valida = |celdas: &[String]| {
        dibujo.is_none_or(|dibujo| celdas.iter().all(|celda| dibujo.casilla(celda).is_some()))
    };
    let mut rejillas = Vec::new();
    let mut filas: Vec<Vec<String>> = Vec::new();
    for linea in texto.lines() {
        let linea = sin_escapes(linea);
        if let Some(celdas) = en_una_linea(&linea).filter(|celdas| valida(celdas)) {
            rejillas.push(celdas.chunks(8).map(<[String]>::to_vec).collect());
            filas.clear();
            continue;
        }
        match fila(&linea, filas.len() + 1, &valida) {
            Some(celdas) => {
                filas.push(celdas);
                if filas.len() == 8 {
                    rejillas.push(std::mem::take(&mut filas));
                }
            }
            None if adorno(&linea) && !filas.is_empty() => {}
            None => filas.clear(),
        }
    }
    rejillas
}

/// `linea` without a terminal's escapes (colors).
fn sin_escapes(linea: &str) -> String {
    let mut limpia = String::new();
    let mut letras = linea.chars().peekable();
    while let Some(c) = letras.next() {
        if c == '\u{1b}' {
            if letras.peek() == Some(&'[') {
                letras.next();
                for c in letras.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            continue;
        }
        limpia.push(c);
    }
    limpia
}

/// Whether `linea` only draws lines between rows: `+---+`, `───`, `===`.
fn adorno(linea: &str) -> bool {
    let linea = linea.trim();
    !linea.is_empty()
        && linea
            .chars()
            .all(|c| " -+=_|:.*".contains(c) || ('\u{2500}'..='\u{257f}').contains(&c))
}

/// A whole board on one line: 64 cells quoted, as Python prints a list of lists.
fn en_una_linea(linea: &str) -> Option<Vec<String>> {
    let citadas = citadas(linea);
    (citadas.len() == 64).then_some(citadas)
}

/// The texts between quotes in `linea`, in uppercase.
fn citadas(linea: &str) -> Vec<String> {
    let mut citadas = Vec::new();
    let mut letras = linea.chars();
    while let Some(c) = letras.next() {
        if c == '\'' || c == '"' {
            let dentro: String = letras.by_ref().take_while(|&d| d != c).collect();
            citadas.push(dentro.trim().to_uppercase());
        }
    }
    citadas
}

/// The 8 cells of `linea` as row `numero` of a board (its number may be written before
/// or after them), each read as `valida` accepts: its quoted texts, the parts between
/// `|` (an empty one is a cell), the words between spaces, commas or brackets, or its
/// characters; or `None` if no reading gives 8.
fn fila(linea: &str, numero: usize, valida: &dyn Fn(&[String]) -> bool) -> Option<Vec<String>> {
    let lecturas = [
        citadas(linea),
        entre_barras(linea),
        palabras(linea),
        letras_de(linea),
    ];
    lecturas.into_iter().find_map(|partes| {
        let partes = sin_numero(partes, numero);
        let cabecera = partes
            .iter()
            .map(String::as_str)
            .eq(["A", "B", "C", "D", "E", "F", "G", "H"]);
        (partes.len() == 8 && !cabecera && valida(&partes)).then_some(partes)
    })
}

/// `partes` without row `numero`'s number before or after them, when there are more
/// than 8.
fn sin_numero(mut partes: Vec<String>, numero: usize) -> Vec<String> {
    let es_numero = |parte: &String| {
        parte.trim_matches(|c: char| !c.is_ascii_alphanumeric()) == numero.to_string()
    };
    if partes.len() > 8 && partes.first().is_some_and(es_numero) {
        partes.remove(0);
    }
    if partes.len() > 8 && partes.last().is_some_and(es_numero) {
        partes.pop();
    }
    partes
}

/// The parts of `linea` between `|` (or box-drawing bars), trimmed, empty ones kept:
/// a grid's cells, an empty cell drawn as spaces.
fn entre_barras(linea: &str) -> Vec<String> {
    let barra = |c: char| matches!(c, '|' | '│' | '┃' | '║' | '¦');
    if linea.chars().filter(|&c| barra(c)).count() < 7 {
        return Vec::new();
    }
    let partes: Vec<&str> = linea.split(barra).collect();
    let (primera, ultima) = (partes.first().copied(), partes.last().copied());
    let mut partes: Vec<String> = partes.iter().map(|p| p.trim().to_uppercase()).collect();
    // What is outside the first and last bars is the row's number or nothing.
    if primera.is_some_and(|p| p.trim().is_empty()) {
        partes.remove(0);
    }
    if ultima.is_some_and(|p| p.trim().is_empty()) && !partes.is_empty() {
        partes.pop();
    }
    partes
}

/// The words of `linea` between spaces, commas, semicolons, brackets and colons, in
/// uppercase.
fn palabras(linea: &str) -> Vec<String> {
    linea
        .split(|c: char| c.is_whitespace() || ",;[](){}:|│".contains(c))
        .filter(|parte| !parte.is_empty())
        .map(str::to_uppercase)
        .collect()
}

/// The characters of `linea` but spaces, each a cell (`VVVBNVVV`, `··○●····`).
fn letras_de(linea: &str) -> Vec<String> {
    linea
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_uppercase().collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start after C4, as letters.
    fn despues_de_c4() -> Tablero {
        let mut tablero = Tablero::inicial();
        tablero.jugar("C4".parse().unwrap(), Color::Negro).unwrap();
        tablero
    }

    fn leer(texto: &str) -> (Dibujo, Tablero) {
        match Dibujo::aprender(texto) {
            Some(Primero::Leido(dibujo, tablero)) => (dibujo, tablero),
            otro => panic!("{otro:?}: {texto}"),
        }
    }

    #[test]
    fn las_letras_con_cabeceras_y_numeros() {
        let inicio = "  A B C D E F G H\n1 V V V V V V V V\n2 V V V V V V V V\n3 V V V V V V V V\n\
                      4 V V V B N V V V\n5 V V V N B V V V\n6 V V V V V V V V\n\
                      7 V V V V V V V V\n8 V V V V V V V V\n";
        let (dibujo, tablero) = leer(&format!("Bienvenidos\n{inicio}Turno de N"));
        assert_eq!(tablero, Tablero::inicial());
        let despues = inicio.replace("4 V V V B N", "4 V V N N N");
        assert_eq!(dibujo.tableros(&despues), [despues_de_c4()]);
        // The colors swapped: read as letters, and not the start.
        let al_reves = inicio
            .replace("4 V V V B N", "4 V V V N B")
            .replace("5 V V V N B", "5 V V V B N");
        assert_ne!(leer(&al_reves).1, Tablero::inicial());
    }

    #[test]
    fn simbolos_rejillas_listas_y_digitos() {
        let mut inicial = vec!["·".repeat(8); 8];
        inicial[3] = "···○●···".into();
        inicial[4] = "···●○···".into();
        let simbolos: String = inicial
            .iter()
            .enumerate()
            .map(|(i, fila)| {
                let celdas: Vec<String> = fila.chars().map(String::from).collect();
                format!("{} │ {} │\n+---+---+\n", i + 1, celdas.join(" │ "))
            })
            .collect();
        let (dibujo, tablero) = leer(&simbolos);
        assert_eq!(tablero, Tablero::inicial());
        assert_eq!(dibujo.simbolo(Color::Negro), "●");
        // Python's lists, a row a line, and a whole board on one line.
        let listas: String = Tablero::inicial()
            .a_lista()
            .iter()
            .map(|fila| format!("{fila:?}\n").replace('"', "'"))
            .collect();
        assert_eq!(leer(&listas).1, Tablero::inicial());
        let una: String = format!("{:?}\n", Tablero::inicial().a_lista()).replace('"', "'");
        assert_eq!(leer(&una).1, Tablero::inicial());
        // Digits, row numbers first: 0 empty, 1 black, 2 white.
        let digitos: String = (1..=8)
            .map(|fila| {
                let celdas = match fila {
                    4 => "0 0 0 2 1 0 0 0",
                    5 => "0 0 0 1 2 0 0 0",
                    _ => "0 0 0 0 0 0 0 0",
                };
                format!("{fila}  {celdas}\n")
            })
            .collect();
        let (dibujo, tablero) = leer(&format!("    A B C D E F G H\n{digitos}"));
        assert_eq!(tablero, Tablero::inicial());
        assert_eq!(dibujo.simbolo(Color::Blanco), "2");
        // A grid whose empty cells are spaces, with colors.
        let grilla: String = Tablero::inicial()
            .filas_en_letras()
            .iter()
            .map(|fila| {
                let celdas: Vec<String> = (fila.chars())
                    .map(|c| match c {
                        'V' => " ".to_owned(),
                        c => format!("\u{1b}[1m{c}\u{1b}[0m"),
                    })
                    .collect();
                format!("| {} |\n", celdas.join(" | "))
            })
            .collect();
        assert_eq!(leer(&grilla).1, Tablero::inicial());
    }

    #[test]
    fn lo_que_no_es_el_inicio_ni_letras_no_se_lee() {
        let raro = "X X X X X X X X\n".repeat(8);
        assert_eq!(Dibujo::aprender(&raro), Some(Primero::Ilegible));
        assert_eq!(Dibujo::aprender("Hola\nTurno de N:"), None);
    }
}
