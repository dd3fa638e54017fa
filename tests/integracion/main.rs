//! Integration tests, all in one binary (ripgrep's layout): one module per area.

/// The `othello` program end to end, where a process is the point: exit codes, pipes,
/// environment, files named as typed, a kill, the shell.
mod binario;
/// The house's layers read from the code: no import circles, each layer looking down.
mod capas;
/// The game's words besides moves (`tablero`, `help`, `exit`…) and its help.
mod comandos;
/// The computer players through the orders (tournaments, solving, perft).
mod computadora;
/// Grading students' Python files with a real interpreter, and writing cases.
mod correccion;
/// The documents' examples and commands run as written, their links followed.
mod documentos;
/// Grading contained: hostile submissions touch nothing outside their folder, as root,
/// as nobody, and with a piece of the kernel taken away.
mod encierro;
/// Saves under faults: links, special files, leftovers, kills, limits, two writers.
mod fallas;
/// The fuzz targets' checks over random and mutated inputs (fuzz/objetivos.rs).
mod fuzz;
/// A hostile class against the grader itself: links, pipes, endless bytes, inherited
/// descriptors, other programs, a full folder; what is not a submission.
mod hostiles;
/// The game in-process, through `ejecutar`: games, passes, the menu, the computer,
/// loading, the recovery save, the width.
mod juego;
/// `othello nboard`: the NBoard protocol, in a scripted session and between two
/// engines over pipes.
mod nboard;
/// The orders for scripts: run in this process through `ejecutar`, and the command line
/// and the README's examples run as the program.
mod ordenes;
/// The full-screen board (`--pantalla`) in a pseudo-terminal, its screen rebuilt by a
/// terminal emulator.
mod pantalla;
/// The fixture boards of `partidas/`: loading them, playing moves on them, every ending.
mod partidas;
/// Back to the course platform: the gradebook for a spreadsheet in Spanish, the
/// platform's grade sheet filled in, the feedback as it takes it, similar submissions.
mod plataforma;
/// Grading the main program: scripted games with each fixture program, hostile ones too.
mod programa;
/// Properties that hold on random reachable positions (proptest).
mod propiedades;
/// The game at a terminal, with its line editor, through a pseudo-terminal.
mod terminal;

/// What the modules share: running the program, board builders, fixtures.
mod comun;
