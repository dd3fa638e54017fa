//! The words the game understands at the move prompt besides moves, played in
//! process through `juego::ejecutar`.

use othello::Reglas;
use othello_programa::juego::{Opciones, ejecutar};

use crate::comun::assert_eq;

/// The board's top edge, once per drawing.
const COLUMNAS: &str = "     A  B  C  D  E  F  G  H";

/// The output of a game between two people given `entrada`, under `reglas`, with each
/// line read written back after its prompt.
fn jugar(entrada: &str, reglas: Reglas) -> String {
    let mut salida = Vec::new();
    let opciones = Opciones {
        reglas,
        eco: true,
        ..Opciones::default()
    };
    ejecutar(entrada.as_bytes(), &mut salida, &opciones).expect("la partida corre");
    String::from_utf8(salida).expect("salida UTF-8")
}

/// The help shown after the first `ayuda`-like command, up to the next prompt.
fn ayuda_en(salida: &str) -> &str {
    texto_desde(salida, "Comandos (")
}

/// What `salida` shows from `inicio` to the next move prompt.
fn texto_desde<'a>(salida: &'a str, inicio: &str) -> &'a str {
    let inicio = salida.find(inicio).expect("se mostró la ayuda");
    let resto = &salida[inicio..];
    &resto[..resto.find("Turno de las").expect("vuelve a preguntar")]
}

#[test]
fn tablero_vuelve_a_dibujar_sin_jugar() {
    let salida = jugar("1\nc4\ntablero\nTABLERO\nsalir\nn\n", Reglas::Tarea);
    assert_eq!(salida.matches(COLUMNAS).count(), 4);
    let (_, tras_c4) = salida.split_once("voltean 1 ficha.\n").unwrap();
    let (primero, resto) = tras_c4.split_once("Turno de las blancas (B): ").unwrap();
    let (segundo, _) = resto.split_once("Turno de las blancas (B): ").unwrap();
    // The same drawing, and still white's turn.
    assert_eq!(Some(primero), segundo.strip_prefix("tablero\n"));
    assert!(
        primero.contains("Negras (N): 4   Blancas (B): 1"),
        "{primero}"
    );
}

#[test]
fn help_y_signo_de_pregunta_muestran_la_ayuda() {
    for palabra in ["help", "?", "HELP", "ayuda"] {
        let salida = jugar(&format!("1\n{palabra}\nsalir\n"), Reglas::Tarea);
        assert!(ayuda_en(&salida).contains("  ayuda, ?, help "), "{palabra}");
    }
}

#[test]
fn exit_y_quit_salen_como_salir() {
    for palabra in ["exit", "quit", "Quit", "salir"] {
        let salida = jugar(&format!("1\nc4\n{palabra}\nn\n"), Reglas::Tarea);
        assert!(
            salida.ends_with(&format!(
                "Turno de las blancas (B): {palabra}\n\
                 Hay cambios sin guardar. ¿Guardar antes de salir? (s/n) [Enter = s]: n\n\
                 ¡Hasta luego!\n"
            )),
            "{salida}"
        );
    }
}

#[test]
fn lo_que_no_es_jugada_ni_comando_apunta_a_la_ayuda() {
    let salida = jugar("1\nhola\nayudarme\nc4\nsalir\nn\n", Reglas::Tarea);
    assert!(salida.contains(
        "Turno de las negras (N): hola\n\
         «hola» no es una jugada ni un comando (escribe «ayuda»).\n\
         Turno de las negras (N): ayudarme\n\
         «ayudarme» no es una jugada ni un comando (escribe «ayuda»).\n\
         Turno de las negras (N): c4\n"
    ));
}

/// A command mistyped by a letter or two gets the command it was most likely meant to
/// be, as shells answer; and the turn is the same.
#[test]
fn un_comando_mal_escrito_sugiere_el_que_se_quiso_decir() {
    let salida = jugar(
        "1\nguadar\npasr\nDESHACR\nayudame\nsalr\nsalir\n",
        Reglas::Tarea,
    );
    assert!(
        salida.contains(
            "Turno de las negras (N): guadar\n\
             «guadar» no es una jugada ni un comando (¿quisiste decir «guardar»?).\n\
             Turno de las negras (N): pasr\n\
             «pasr» no es una jugada ni un comando (¿quisiste decir «pasar»?).\n\
             Turno de las negras (N): DESHACR\n\
             «DESHACR» no es una jugada ni un comando (¿quisiste decir «deshacer»?).\n\
             Turno de las negras (N): ayudame\n\
             «ayudame» no es una jugada ni un comando (¿quisiste decir «ayuda»?).\n\
             Turno de las negras (N): salr\n\
             «salr» no es una jugada ni un comando (¿quisiste decir «salir»?).\n\
             Turno de las negras (N): salir\n"
        ),
        "{salida}"
    );
}

#[test]
fn la_ayuda_cuenta_las_reglas_con_que_se_juega() {
    let tarea = jugar("1\nayuda reglas\nsalir\n", Reglas::Tarea);
    let oficiales = jugar("1\nAyuda Reglas\nsalir\n", Reglas::Oficiales);
    let (tarea, oficiales) = (
        texto_desde(&tarea, "Reglas"),
        texto_desde(&oficiales, "Reglas"),
    );
    assert!(tarea.contains("En esta variante puedes pasar cuando quieras"));
    assert!(tarea.contains("cuando ambos pasan uno\n    después del otro"));
    assert!(oficiales.contains("Reglas oficiales (--reglas oficiales):\n"));
    assert!(oficiales.contains(
        "Solo puedes pasar si no tienes ninguna jugada válida, y entonces debes\n    pasar."
    ));
    assert!(!oficiales.contains("cuando quieras"));
    for ayuda in [tarea, oficiales] {
        for linea in ayuda.lines() {
            assert!(linea.chars().count() <= 80, "{linea:?}");
        }
    }
}
