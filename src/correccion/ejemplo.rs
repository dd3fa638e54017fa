//! A failed case as a student reads it: the board drawn as the game draws it, the call
//! as Python, what was expected and what came back, the cells that differ marked, and a
//! few lines of Python that rebuild the case. Also the pytest file of `othello casos`, and
//! the loader it uses.

use std::{fmt::Write as _, fs, path::Path, time::Duration};

use serde::Serialize;
use serde_json::{Value, json};

use super::{
    casos::{Caso, Previo},
    respuesta::{Abandono, Aviso, Lugar, Obtenido, Revisado, Suceso, Tipo, es_tablero},
};
use crate::vista::Vista;
use othello::{Bitboard, ErrorArchivo, Posicion, Tablero};

/// One failed case, shown as an example.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Falla {
    /// How it failed.
    pub tipo: Tipo,
    /// The case's number within its function, from 1.
    pub caso: usize,
    /// What the case is, when it was designed to be something (the cases of `jugar`):
    /// "una línea que llega al borde".
    pub titulo: Option<&'static str>,
    /// The board passed, as 8 texts of `B`/`N`/`V`, row 1 first; `None` for a call
    /// without one.
    pub tablero: Option<Vec<String>>,
    /// The call as Python source: `jugar(tablero, "C4", "N")`.
    pub llamada: String,
    /// What was expected: `valor`, and `tablero` or `archivo` where they apply.
    pub esperado: Value,
    /// What came back: as `esperado`, or the exception, the time limit or the exit.
    pub obtenido: Value,
    /// Python source that rebuilds the case, for the student.
    pub reproducir: String,
    /// The example as text: the board drawn, what differs marked, and `reproducir`.
    #[serde(skip)]
    pub texto: String,
}

/// The example of case `id`, called as the student's `nombre`, which came back as
/// `obtenido` and failed as `revisado` says.
pub(super) fn falla(
    caso: &Caso,
    id: usize,
    nombre: &str,
    obtenido: &Obtenido,
    revisado: &Revisado,
    limite: Duration,
) -> Falla {
    let llamada = caso.llamada(nombre);
    let reproducir = reproducir(caso, &llamada);
    let mut texto = match caso.titulo() {
        Some(titulo) => format!("Caso {id}: {titulo}.\n{llamada} "),
        None => format!("Caso {id}:\n{llamada} "),
    };
    describir_entrada(&mut texto, caso);
    match obtenido {
        Obtenido::Valor { r, t, .. } => {
            describir_valor(&mut texto, caso, r, t.as_ref(), revisado);
        }
        Obtenido::Excepcion {
            excepcion,
            mensaje,
            lugar,
        } => {
            let _ = writeln!(texto, "Lanzó {}: {}", visible(excepcion), visible(mensaje));
            describir_lugar(&mut texto, "en", lugar);
        }
        Obtenido::Tiempo { lugar } => {
            let _ = writeln!(
                texto,
                "No terminó en {} (el tiempo límite de cada llamada).",
                segundos(limite)
            );
            describir_lugar(&mut texto, "estaba en", lugar);
        }
        Obtenido::Memoria => texto.push_str(
            "Se quedó sin memoria (MemoryError): ¿una lista o una llamada que crece sin fin?\n",
        ),
        Obtenido::SinCorrer(motivo) => {
            let _ = writeln!(
                texto,
                "No se ejecutó: {}.",
                por_que_no_se_corrio(*motivo, nombre)
            );
        }
        Obtenido::Salida {
            codigo: Some(codigo),
            ..
        } => {
            let argumento = if codigo.is_null() {
                String::new()
            } else {
                python(codigo)
            };
            let _ = writeln!(
                texto,
                "Terminó el programa con exit({argumento}): una función no debe terminar el programa."
            );
        }
        Obtenido::Salida { codigo: None } => texto.push_str(
            "El proceso de Python terminó sin responder (os._exit, una falla del intérprete o la \
             memoria agotada).\n",
        ),
        Obtenido::Protocolo => texto.push_str(
            "Tu código escribió en el canal privado del corrector una línea de más de 1 MiB, \
             que no es una respuesta: el proceso se detuvo.\n",
        ),
    }
    texto.push_str("Para reproducirlo:\n");
    for linea in reproducir.lines() {
        let _ = writeln!(texto, "    {linea}");
    }
    Falla {
        tipo: revisado.tipo,
        caso: id,
        titulo: caso.titulo(),
        tablero: caso.tablero().map(Tablero::filas_en_letras),
        llamada,
        esperado: esperado(caso),
        obtenido: obtenido_json(obtenido, revisado, limite),
        reproducir,
        texto,
    }
}

/// Where in the student's file, after `como`: "  en jugar, línea 20: CODE".
fn describir_lugar(texto: &mut String, como: &str, lugar: &Lugar) {
    if let Some(linea) = lugar.linea {
        let donde = match &lugar.funcion {
            Some(funcion) => format!("{como} {}, línea {linea}", visible(funcion)),
            None => format!("{como} la línea {linea}"),
        };
        let _ = writeln!(
            texto,
            "  {donde}: {}",
            visible(lugar.codigo.as_deref().unwrap_or(""))
        );
    }
}

/// What happened while loading, as the report says it: "al cargar, la línea 3
/// (import numpy as np) lanzó ModuleNotFoundError: …".
pub(super) fn describir_aviso(aviso: &Aviso) -> String {
    let mut linea = match (aviso.linea, &aviso.codigo) {
        (Some(linea), Some(codigo)) => format!("la línea {linea} ({})", visible(codigo)),
        (Some(linea), None) => format!("la línea {linea}"),
        (None, _) => "una instrucción".to_owned(),
    };
    if let Some(interna) = &aviso.interna {
        linea += &match &interna.codigo {
            Some(codigo) => format!(", desde la línea {} ({}),", interna.linea, visible(codigo)),
            None => format!(", desde la línea {},", interna.linea),
        };
    }
    let sigue = "; se siguió con el resto del archivo";
    match &aviso.suceso {
        Suceso::Excepcion { excepcion, mensaje } => format!(
            "al cargar, {linea} lanzó {}: {}{sigue}",
            visible(excepcion),
            visible(mensaje)
        ),
        Suceso::Salida { codigo_salida } => {
            let argumento = if codigo_salida.is_null() {
                String::new()
            } else {
                python(codigo_salida)
            };
            format!("al cargar, {linea} terminó el programa con exit({argumento}){sigue}")
        }
        Suceso::Tiempo => format!("al cargar, {linea} no terminó a tiempo{sigue}"),
        Suceso::SoloDefiniciones => "al cargar, el archivo entero colgó o terminó el proceso de \
             Python: se cargaron solo sus definiciones (funciones, clases, import y \
             asignaciones sin llamadas)"
            .to_owned(),
        Suceso::Otros { cuantos } => format!(
            "al cargar, fallaron además otras {}",
            othello::texto::cantidad(*cuantos as u64, "instrucción", "instrucciones")
        ),
    }
}

/// Why a case of `nombre` was not run, to follow "No se ejecutó: ".
pub(super) fn por_que_no_se_corrio(motivo: Abandono, nombre: &str) -> String {
    match motivo {
        Abandono::Tiempos => format!(
            "la mayoría de las llamadas a {nombre} no terminaban a tiempo o se quedaban sin \
             memoria (por eso estos casos cuentan como fallas)"
        ),
        Abandono::Muertes => format!(
            "el proceso de Python terminaba con la mayoría de las llamadas a {nombre} (por \
             eso estos casos cuentan como fallas)"
        ),
        Abandono::Muestra => format!(
            "se acabó el tiempo de la muestra (lo que sus llamadas podían tardar, cada una en \
             el tiempo límite) antes de llegar a este caso de {nombre}, que es parte de la \
             muestra que se corre siempre (por eso cuenta como falla)"
        ),
        Abandono::TiempoTotal => {
            "se acabó el tiempo de la entrega, repartido entre sus funciones según sus casos; \
             este caso no cuenta en la nota"
                .to_owned()
        }
    }
}

/// `1 s`, `0.5 s`.
fn segundos(tiempo: Duration) -> String {
    format!("{} s", tiempo.as_secs_f64())
}

/// What the function was given.
fn describir_entrada(texto: &mut String, caso: &Caso) {
    match caso {
        Caso::Jugar {
            tablero, posicion, ..
        } => {
            let marca = posicion.parse::<Posicion>().ok();
            match marca {
                Some(casilla) => {
                    let _ = writeln!(texto, "con este tablero ([ ] marca {casilla}):");
                }
                None => texto.push_str("con este tablero:\n"),
            }
            lineas(texto, &dibujo(tablero, Bitboard::VACIO, marca));
        }
        Caso::Contar { tablero, .. } => {
            texto.push_str("con este tablero:\n");
            lineas(texto, &dibujo(tablero, Bitboard::VACIO, None));
        }
        Caso::Guardar {
            tablero,
            archivo,
            previo,
        } => {
            texto.push_str("con este tablero:\n");
            lineas(texto, &dibujo(tablero, Bitboard::VACIO, None));
            match previo {
                Previo::Ninguno => {}
                Previo::Texto(anterior) => {
                    let _ = writeln!(
                        texto,
                        "cuando «{archivo}» ya existía, con estas líneas (escritas como en Python):"
                    );
                    lineas_python(texto, anterior);
                }
                Previo::Tablero(otro) => {
                    let _ = writeln!(
                        texto,
                        "justo después de guardar en «{archivo}» este otro tablero:"
                    );
                    lineas(texto, &dibujo(otro, Bitboard::VACIO, None));
                }
            }
        }
        Caso::Cargar {
            texto: contenido, ..
        } => {
            let como = if contenido.contains("\r\n") {
                " (con fines de línea de Windows, \\r\\n)"
            } else if !contenido.ends_with('\n') {
                " (sin fin de línea después de la última fila)"
            } else {
                ""
            };
            let _ = writeln!(texto, "con el archivo{como}:");
            for linea in contenido.lines() {
                let _ = writeln!(texto, "    {linea}");
            }
        }
    }
}

/// What was wrong with a value returned.
fn describir_valor(
    texto: &mut String,
    caso: &Caso,
    r: &Value,
    t: Option<&Value>,
    revisado: &Revisado,
) {
    match caso {
        Caso::Jugar {
            tablero, despues, ..
        } => {
            let esperado = despues.as_ref().unwrap_or(tablero);
            let valida = python_bool(despues.is_some());
            if revisado.tipo == Tipo::Resultado {
                let _ = writeln!(texto, "Se esperaba {valida}; devolvió {}.", python(r));
            } else if despues.is_some() {
                let _ = writeln!(
                    texto,
                    "Devolvió {valida}, como se esperaba, pero el tablero no quedó como debía."
                );
            } else {
                let _ = writeln!(
                    texto,
                    "Devolvió False, como se esperaba, pero la jugada no es válida y el tablero cambió."
                );
            }
            comparar_tableros(texto, esperado, t);
        }
        Caso::Contar { tablero, casilla } => {
            let _ = writeln!(
                texto,
                "Se esperaba {}; devolvió {}.",
                tablero.contar(*casilla),
                python(r)
            );
        }
        Caso::Guardar {
            tablero, archivo, ..
        } => match &revisado.archivo {
            Some(problema) => {
                let _ = writeln!(
                    texto,
                    "El archivo «{archivo}» no sirve: {}.",
                    visible(&problema.problema)
                );
                texto.push_str("Se esperaba este texto (o el mismo con otros espacios):\n");
                for linea in tablero.to_string().lines() {
                    let _ = writeln!(texto, "    {linea}");
                }
                if let Some(contenido) = &problema.texto {
                    texto.push_str(
                        "y el archivo tiene estas líneas (escritas como en Python, para ver los espacios y los fines de línea):\n",
                    );
                    lineas_python(texto, contenido);
                }
            }
            None => {
                texto.push_str("Guardó bien el archivo, pero cambió el tablero que recibió:\n");
                comparar_tableros(texto, tablero, t);
            }
        },
        Caso::Cargar { tablero, .. } => {
            let _ = writeln!(texto, "{}", diferencia_de_lista(r, tablero));
        }
    }
}

/// The expected board next to the one obtained, the cells that differ marked; or the
/// value obtained as Python if it is no board.
fn comparar_tableros(texto: &mut String, esperado: &Tablero, obtenido: Option<&Value>) {
    if es_tablero(obtenido, esperado) {
        texto.push_str("El tablero quedó como se esperaba.\n");
        return;
    }
    match obtenido.and_then(tablero_de) {
        Some(quedo) => {
            let distintas: Bitboard = Posicion::todas()
                .filter(|&p| quedo.casilla(p) != esperado.casilla(p))
                .collect();
            texto.push_str(
                "Esperado a la izquierda, obtenido a la derecha ([ ] marca lo distinto):\n",
            );
            let izquierda = dibujo(esperado, distintas, None);
            let derecha = dibujo(&quedo, distintas, None);
            for (a, b) in izquierda.iter().zip(&derecha) {
                let _ = writeln!(texto, "{a:<32}{b}");
            }
        }
        None => {
            let _ = writeln!(
                texto,
                "Se esperaba una lista de 8 listas de 8 casillas; el tablero quedó así: {}",
                obtenido.map_or("?".into(), python_corto)
            );
        }
    }
}

/// The first cell where the list of lists returned differs from `tablero`'s, or the
/// value if it is not a list of 8 lists of 8.
fn diferencia_de_lista(r: &Value, tablero: &Tablero) -> String {
    let esperado = tablero.a_lista();
    if let Some(filas) = celdas(r) {
        for (i, (fila, esperada)) in filas.iter().zip(&esperado).enumerate() {
            for (j, (celda, esperada)) in fila.iter().zip(esperada).enumerate() {
                if celda.as_str() != Some(esperada) {
                    return format!(
                        "Devolvió una lista de listas distinta: tablero[{i}][{j}] es {} y se esperaba {}.",
                        python(celda),
                        python(&Value::from(esperada.as_str()))
                    );
                }
            }
        }
    }
    format!(
        "Se esperaba una lista de 8 listas de 8 textos \"B\", \"N\" o \"V\"; devolvió {}.",
        python_corto(r)
    )
}

/// The cells of a list of 8 lists of 8, as the harness sent it.
fn celdas(valor: &Value) -> Option<Vec<Vec<Value>>> {
    if let Some(filas) = valor.get("filas").and_then(Value::as_str) {
        let letras: Vec<Value> = filas.chars().map(|c| Value::from(c.to_string())).collect();
        return Some(letras.chunks(8).map(<[Value]>::to_vec).collect());
    }
    let filas = valor.as_array().filter(|filas| filas.len() == 8)?;
    filas
        .iter()
        .map(|fila| fila.as_array().filter(|fila| fila.len() == 8).cloned())
        .collect()
}

/// A board from what the harness sent, if it is one of B/N/V.
fn tablero_de(valor: &Value) -> Option<Tablero> {
    let filas = celdas(valor)?;
    let lista: Vec<Vec<String>> = filas
        .iter()
        .map(|fila| {
            fila.iter()
                .map(|c| c.as_str().unwrap_or("").to_owned())
                .collect()
        })
        .collect();
    Tablero::try_from(lista).ok()
}

/// The board as the game draws it, with `marcadas` between brackets, or the cell
/// `ultima` (the move) if given.
fn dibujo(tablero: &Tablero, marcadas: Bitboard, ultima: Option<Posicion>) -> Vec<String> {
    let vista = Vista::de(tablero).ultima(ultima).to_string();
    vista
        .lines()
        .enumerate()
        .map(|(i, linea)| {
            let mut letras: Vec<char> = linea.chars().collect();
            if i > 0 {
                for p in marcadas
                    .into_iter()
                    .filter(|p| usize::from(p.fila()) == i - 1)
                {
                    // Each cell takes three characters after the row's label of four:
                    // its letter in the middle.
                    let letra = 5 + 3 * usize::from(p.columna());
                    letras.resize(letras.len().max(letra + 2), ' ');
                    letras[letra - 1] = '[';
                    letras[letra + 1] = ']';
                }
            }
            letras.into_iter().collect()
        })
        .collect()
}

/// The first lines of a file's `contenido`, each as a Python string, so that spaces
/// and line ends show.
fn lineas_python(texto: &mut String, contenido: &str) {
    for linea in contenido.split_inclusive('\n').take(12) {
        let _ = writeln!(texto, "    {}", acortar(cadena_python(linea, '\'')));
    }
}

fn lineas(texto: &mut String, lineas: &[String]) {
    for linea in lineas {
        let _ = writeln!(texto, "{linea}");
    }
}

/// Python source that rebuilds the case and makes the call.
fn reproducir(caso: &Caso, llamada: &str) -> String {
    let mut texto = String::new();
    if let Caso::Guardar {
        archivo, previo, ..
    } = caso
    {
        match previo {
            Previo::Ninguno => {}
            Previo::Texto(anterior) => escribir_archivo_python(&mut texto, archivo, anterior),
            Previo::Tablero(otro) => {
                texto += &lista_python("anterior", otro);
                let _ = writeln!(texto, "{}", llamada.replacen("(tablero,", "(anterior,", 1));
            }
        }
    }
    if let Some(tablero) = caso.tablero() {
        texto += &lista_python("tablero", tablero);
    }
    match caso {
        Caso::Jugar { despues, .. } => {
            let _ = writeln!(
                texto,
                "print({llamada})  # se esperaba {}",
                python_bool(despues.is_some())
            );
            texto.push_str("print(tablero)\n");
        }
        Caso::Contar { tablero, casilla } => {
            let _ = writeln!(
                texto,
                "print({llamada})  # se esperaba {}",
                tablero.contar(*casilla)
            );
        }
        Caso::Guardar { archivo, .. } => {
            let _ = writeln!(texto, "{llamada}");
            let _ = writeln!(texto, "print(open({}).read())", cadena_python(archivo, '"'));
        }
        Caso::Cargar {
            tablero,
            texto: contenido,
            archivo,
        } => {
            escribir_archivo_python(&mut texto, archivo, contenido);
            let _ = writeln!(texto, "print({llamada})");
            texto.push_str("# se esperaba:\n");
            for (i, fila) in tablero.a_lista().iter().enumerate() {
                let (antes, despues) = match i {
                    0 => ("[", ","),
                    7 => (" ", "]"),
                    _ => (" ", ","),
                };
                let _ = writeln!(
                    texto,
                    "# {antes}{}{despues}",
                    python(&Value::from(fila.clone()))
                );
            }
        }
    }
    texto
}

/// Python source that writes `contenido` into the file `archivo`, as it is.
fn escribir_archivo_python(texto: &mut String, archivo: &str, contenido: &str) {
    let _ = writeln!(
        texto,
        "with open({}, \"w\", newline=\"\") as archivo:",
        cadena_python(archivo, '"')
    );
    texto.push_str("    archivo.write(\n");
    for linea in contenido.split_inclusive('\n') {
        let _ = writeln!(texto, "        {}", cadena_python(linea, '"'));
    }
    texto.push_str("    )\n");
}

/// `nombre = [...]`, the board one row per line.
fn lista_python(nombre: &str, tablero: &Tablero) -> String {
    let mut texto = format!("{nombre} = [\n");
    for fila in tablero.filas() {
        let celdas: Vec<String> = fila.iter().map(|c| format!("\"{c}\"")).collect();
        let _ = writeln!(texto, "    [{}],", celdas.join(", "));
    }
    texto + "]\n"
}

fn python_bool(valor: bool) -> &'static str {
    if valor { "True" } else { "False" }
}

/// A value the harness sent, as Python prints it (`repr`), without control characters.
fn python(valor: &Value) -> String {
    match valor {
        Value::Null => "None".into(),
        Value::Bool(b) => python_bool(*b).into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => cadena_python(s, '\''),
        Value::Array(elementos) => {
            let partes: Vec<String> = elementos.iter().map(python).collect();
            format!("[{}]", partes.join(", "))
        }
        Value::Object(_) => match (valor.get("repr").and_then(Value::as_str), celdas(valor)) {
            (Some(repr), _) => visible(repr),
            (None, Some(filas)) => python(&Value::from(
                filas.into_iter().map(Value::from).collect::<Vec<_>>(),
            )),
            (None, None) => visible(&valor.to_string()),
        },
    }
}

/// [`python`], shortened to a line.
fn python_corto(valor: &Value) -> String {
    acortar(python(valor))
}

/// `texto`, at most 200 characters of it and `…` if it was longer.
fn acortar(texto: String) -> String {
    if texto.chars().count() > 200 {
        texto.chars().take(200).chain(['…']).collect()
    } else {
        texto
    }
}

/// A Python string literal between `comilla`s, with Python's escapes.
fn cadena_python(texto: &str, comilla: char) -> String {
    let mut literal = String::from(comilla);
    for c in texto.chars() {
        match c {
            '\\' => literal.push_str("\\\\"),
            c if c == comilla => {
                literal.push('\\');
                literal.push(c);
            }
            c => escribir_visible(&mut literal, c),
        }
    }
    literal.push(comilla);
    literal
}

/// Text that a student's code sent (a message, a line of source, a `repr`, why the file
/// did not load), with its control characters written as Python escapes (`\n`, `\x1b`):
/// it can neither break the report's lines nor drive the terminal that shows it.
pub(super) fn visible(texto: &str) -> String {
    let mut limpio = String::with_capacity(texto.len());
    for c in texto.chars() {
        escribir_visible(&mut limpio, c);
    }
    limpio
}

/// Adds `c` to `texto`, as its Python escape if it is a control character.
fn escribir_visible(texto: &mut String, c: char) {
    match c {
        '\n' => texto.push_str("\\n"),
        '\r' => texto.push_str("\\r"),
        '\t' => texto.push_str("\\t"),
        c if c.is_control() => {
            let _ = write!(texto, "\\x{:02x}", u32::from(c));
        }
        c => texto.push(c),
    }
}

/// What was expected, as JSON.
fn esperado(caso: &Caso) -> Value {
    match caso {
        Caso::Jugar {
            tablero, despues, ..
        } => json!({
            "valor": despues.is_some(),
            "tablero": despues.as_ref().unwrap_or(tablero).a_lista(),
        }),
        Caso::Contar { tablero, casilla } => json!({ "valor": tablero.contar(*casilla) }),
        Caso::Guardar { tablero, .. } => json!({ "archivo": tablero.to_string() }),
        Caso::Cargar { tablero, .. } => json!({ "valor": tablero.a_lista() }),
    }
}

/// What came back, as JSON: values as JSON where Python's and JSON's agree, boards as
/// lists of lists, anything else as `{"repr": …}`.
fn obtenido_json(obtenido: &Obtenido, revisado: &Revisado, limite: Duration) -> Value {
    let valor = |v: &Value| match celdas(v) {
        Some(filas) if v.get("filas").is_some() => {
            Value::from(filas.into_iter().map(Value::from).collect::<Vec<_>>())
        }
        _ => v.clone(),
    };
    match obtenido {
        Obtenido::Valor { r, t, .. } => match (&revisado.archivo, t) {
            (Some(archivo), _) => json!({ "archivo": archivo.texto, "problema": archivo.problema }),
            (None, Some(t)) => json!({ "valor": valor(r), "tablero": valor(t) }),
            (None, None) => json!({ "valor": valor(r) }),
        },
        Obtenido::Excepcion {
            excepcion,
            mensaje,
            lugar,
        } => json!({
            "excepcion": excepcion,
            "mensaje": mensaje,
            "funcion": lugar.funcion,
            "linea": lugar.linea,
            "codigo": lugar.codigo,
        }),
        Obtenido::Tiempo { lugar } => json!({
            "tiempo_limite": limite.as_secs_f64(),
            "funcion": lugar.funcion,
            "linea": lugar.linea,
            "codigo": lugar.codigo,
        }),
        Obtenido::Memoria => json!({ "excepcion": "MemoryError" }),
        Obtenido::Salida { codigo } => json!({
            "exit": codigo.is_some(),
            "codigo_salida": codigo.as_ref().map(valor),
        }),
        Obtenido::Protocolo => json!({ "protocolo": true }),
        Obtenido::SinCorrer(motivo) => json!({ "sin_correr": motivo.clave() }),
    }
}

/// The loader that `othello casos` writes with the cases (`cargar_entrega.py`): the
/// very code that loads a submission for grading, so that a test suite of one's own
/// loads it the same way, main program at the top level and all.
const CARGA: &str = include_str!("carga.py");

/// The loader's module name.
const CARGADOR: &str = "cargar_entrega";

/// Writes the loader into `carpeta`.
///
/// # Errors
///
/// [`ErrorArchivo::Escritura`] if it cannot be written.
pub(super) fn escribir_cargador(carpeta: &Path) -> Result<(), ErrorArchivo> {
    let ruta = carpeta.join(format!("{CARGADOR}.py"));
    fs::write(&ruta, CARGA).map_err(|fuente| ErrorArchivo::Escritura { ruta, fuente })
}

/// The pytest file of `othello casos` for the cases in `carpeta`, which imports the
/// student's `tarea.py` with the loader written there.
pub(super) fn pytest(carpeta: &Path) -> String {
    let carpeta = cadena_python(&carpeta.display().to_string(), '"');
    format!(
        r#"import csv, pathlib, sys, pytest
CASOS = pathlib.Path({carpeta})
sys.path.insert(0, str(CASOS))  # {CARGADOR}.py carga el archivo como othello corregir
from {CARGADOR} import cargar
jugar = cargar("tarea.py").jugar  # tarea.py: el archivo del estudiante
def leer(nombre):
    return [[c.strip() for c in linea.split(",")] for linea in (CASOS / nombre).read_text().splitlines()]
@pytest.mark.parametrize("caso", list(csv.DictReader((CASOS / "casos.csv").read_text().splitlines())), ids=lambda caso: caso["id"])
def test_jugar(caso):
    tablero = leer(caso["tablero"])
    assert jugar(tablero, caso["posicion"], caso["valor"]) == (caso["valida"] == "True")
    assert tablero == leer(caso["esperado"])
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marca_las_casillas_distintas_como_la_vista() {
        let tablero = Tablero::inicial();
        let marcas: Bitboard = ["A1", "H1", "D4", "H8"]
            .iter()
            .map(|p| p.parse::<Posicion>().unwrap())
            .collect();
        let lineas = dibujo(&tablero, marcas, None);
        assert_eq!(lineas[1], "  1 [V] V  V  V  V  V  V [V]");
        assert_eq!(lineas[4], "  4  V  V  V [B] N  V  V  V");
        assert_eq!(lineas[8], "  8  V  V  V  V  V  V  V [V]");
        // The move is marked by the game's own view.
        let c4 = "C4".parse().unwrap();
        assert_eq!(
            dibujo(&tablero, Bitboard::VACIO, Some(c4))[4],
            "  4  V  V [V] B  N  V  V  V"
        );
    }

    #[test]
    fn valores_como_los_escribe_python() {
        assert_eq!(python(&json!(null)), "None");
        assert_eq!(python(&json!(true)), "True");
        assert_eq!(python(&json!(["V\n", "it's"])), r#"['V\n', 'it\'s']"#);
        assert_eq!(python(&json!({"repr": "(1, 2)"})), "(1, 2)");
        let filas = super::super::casos::letras(&Tablero::inicial());
        assert!(
            python(&json!({ "filas": filas }))
                .starts_with("[['V', 'V', 'V', 'V', 'V', 'V', 'V', 'V'], [")
        );
        assert_eq!(cadena_python("a\"b\r\n", '"'), r#""a\"b\r\n""#);
    }

    #[test]
    fn la_diferencia_de_una_lista_cargada() {
        let mut lista = Tablero::inicial().a_lista();
        lista[7][7] = "V\n".into();
        assert_eq!(
            diferencia_de_lista(&json!(lista), &Tablero::inicial()),
            r"Devolvió una lista de listas distinta: tablero[7][7] es 'V\n' y se esperaba 'V'."
        );
        assert!(diferencia_de_lista(&json!(null), &Tablero::inicial()).ends_with("devolvió None."));
    }

    #[test]
    fn lo_que_manda_el_estudiante_no_trae_caracteres_de_control() {
        let caso = Caso::Contar {
            tablero: Tablero::inicial(),
            casilla: othello::Casilla::Vacia,
        };
        let revisado = |tipo| Revisado {
            tipo,
            archivo: None,
        };
        let excepcion = Obtenido::Excepcion {
            excepcion: "Error\u{1b}[2J".into(),
            mensaje: "uno\r\ndos\tcon \u{7f}".into(),
            lugar: Lugar {
                funcion: Some("f\u{1b}[2J".into()),
                linea: Some(3),
                codigo: Some("x = '\u{85}'".into()),
            },
        };
        let repr = Obtenido::Valor {
            r: json!({ "repr": "<a\u{7f}b>" }),
            t: None,
            archivo: None,
        };
        let objeto = Obtenido::Valor {
            r: json!({ "fi\u{7f}las": "\u{9b}" }),
            t: None,
            archivo: None,
        };
        // A cell of the file saved, quoted in what is wrong with it.
        let guardar = Caso::Guardar {
            tablero: Tablero::inicial(),
            archivo: "guardar-0001.txt".into(),
            previo: Previo::Ninguno,
        };
        let archivo = Revisado {
            tipo: Tipo::Archivo,
            archivo: Some(super::super::respuesta::ArchivoObtenido {
                texto: Some("V\u{1b}\n".into()),
                problema: "casilla \"V\u{1b}\" inválida".into(),
            }),
        };
        let nada = Obtenido::Valor {
            r: Value::Null,
            t: None,
            archivo: None,
        };
        for (caso, obtenido, revisado) in [
            (&caso, excepcion, revisado(Tipo::Excepcion)),
            (&caso, repr, revisado(Tipo::Resultado)),
            (&caso, objeto, revisado(Tipo::Resultado)),
            (&guardar, nada, archivo),
        ] {
            let falla = falla(caso, 1, "f", &obtenido, &revisado, Duration::from_secs(1));
            assert!(
                falla.texto.chars().all(|c| c == '\n' || !c.is_control()),
                "{:?}",
                falla.texto
            );
        }
    }

    #[test]
    fn el_ejemplo_de_pytest_tiene_doce_lineas() {
        assert_eq!(pytest(Path::new("casos")).lines().count(), 12);
        assert!(pytest(Path::new("mis \"casos\"")).contains(r#"pathlib.Path("mis \"casos\"")"#));
    }
}
