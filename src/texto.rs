//! Small helpers for the Spanish text shown to people.

/// At most this many characters of a rejected input are quoted in a message, so a huge
/// input still gives a readable one.
pub(crate) const LARGO_CITA: usize = 20;

/// `texto` for quoting in a message: its first [`LARGO_CITA`] characters, and `…` if
/// it was longer.
pub(crate) fn cita(texto: &str) -> String {
    if texto.chars().count() > LARGO_CITA {
        texto.chars().take(LARGO_CITA).chain(['…']).collect()
    } else {
        texto.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acorta_solo_lo_largo() {
        assert_eq!(cita("C4"), "C4");
        assert_eq!(cita(&"ñ".repeat(LARGO_CITA)), "ñ".repeat(LARGO_CITA));
        assert_eq!(cita(&"ñ".repeat(1000)), "ñ".repeat(LARGO_CITA) + "…");
    }
}
