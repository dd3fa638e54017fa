//! Grading a student's main program, the half of the homework the functions do not
//! show: its file run as a program, played through scripted games ([`guion`]) one
//! `input()` at a time ([`sesion`]), with answers chosen from what it prints and asks
//! ([`conductor`]) and boards read however it draws them ([`lectura`]). Each point of
//! the homework's list is judged on its own ([`punto`]); what cannot be told is left
//! to the teaching assistant with the transcript, never failed ([`informe`]).

mod conductor;
mod guion;
mod informe;
mod lectura;
mod punto;
mod sesion;

pub(super) use guion::GUIONES;
pub use informe::{ESCRITO, Estado, InformePrograma, InformePunto};
pub use punto::Punto;
pub use sesion::revisar_partidas;
pub(super) use sesion::{Programa, jugar_guiones};
