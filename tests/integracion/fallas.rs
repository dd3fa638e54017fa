//! Saves under faults: through links, onto special files, beside the leftovers of
//! killed saves, killed themselves, under a file-size limit, two at once. What needs
//! root (a device, another owner) is skipped otherwise, saying so.

use std::{
    ffi::OsString,
    fs,
    io::Read,
    os::unix::{
        ffi::OsStringExt,
        fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt, symlink},
        net::UnixListener,
    },
    path::Path,
    process::Command,
    thread,
    time::Duration,
};

use othello::{ErrorArchivo, Tablero, disco};
use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};

use crate::comun::{INICIAL, TRAS_C4, assert_eq, carpeta, programa, tablero_de};

/// The board after C4, the one every test saves.
fn tras_c4() -> Tablero {
    TRAS_C4.parse().expect("tablero de prueba")
}

/// Whether this process runs as root (as CI does).
fn es_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// The hidden files in `dir`: what a save leaves behind if anything.
fn ocultos(dir: &Path) -> Vec<OsString> {
    let mut nombres: Vec<OsString> = fs::read_dir(dir)
        .expect("carpeta legible")
        .map(|entrada| entrada.expect("entrada").file_name())
        .filter(|nombre| nombre.as_encoded_bytes().starts_with(b"."))
        .collect();
    nombres.sort();
    nombres
}

/// The process's umask, read without changing it (tests run in parallel).
fn umask() -> u32 {
    let estado = fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let linea = estado
        .lines()
        .find_map(|linea| linea.strip_prefix("Umask:"))
        .expect("línea Umask");
    u32::from_str_radix(linea.trim(), 8).expect("umask en octal")
}

#[test]
fn guardar_por_un_enlace_reemplaza_su_destino_y_conserva_el_enlace_y_el_modo() {
    let dir = carpeta();
    let destino = dir.path().join("destino.txt");
    fs::write(&destino, INICIAL).unwrap();
    fs::set_permissions(&destino, fs::Permissions::from_mode(0o640)).unwrap();
    // A chain of two links, the first relative.
    symlink("destino.txt", dir.path().join("uno")).unwrap();
    symlink(dir.path().join("uno"), dir.path().join("dos")).unwrap();

    disco::guardar(&tras_c4(), dir.path().join("dos")).unwrap();

    for enlace in ["uno", "dos"] {
        let datos = fs::symlink_metadata(dir.path().join(enlace)).unwrap();
        assert!(
            datos.file_type().is_symlink(),
            "«{enlace}» sigue siendo un enlace"
        );
    }
    assert_eq!(fs::read_to_string(&destino).unwrap(), TRAS_C4);
    assert_eq!(fs::metadata(&destino).unwrap().mode() & 0o7777, 0o640);
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

#[test]
fn guardar_por_un_enlace_roto_crea_su_destino() {
    let dir = carpeta();
    symlink("nuevo.txt", dir.path().join("enlace")).unwrap();
    disco::guardar(&tras_c4(), dir.path().join("enlace")).unwrap();
    assert!(
        fs::symlink_metadata(dir.path().join("enlace"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("nuevo.txt")).unwrap(),
        TRAS_C4
    );
}

#[test]
fn un_archivo_nuevo_tiene_modo_0644_menos_la_umask_y_uno_reemplazado_conserva_el_suyo() {
    let dir = carpeta();
    let nuevo = dir.path().join("nuevo.txt");
    disco::guardar(&tras_c4(), &nuevo).unwrap();
    assert_eq!(
        fs::metadata(&nuevo).unwrap().mode() & 0o7777,
        0o644 & !umask()
    );
    // Never more permissive than the file it replaces, nor less.
    for modo in [0o600, 0o444, 0o664] {
        let viejo = dir.path().join(format!("{modo:o}.txt"));
        fs::write(&viejo, INICIAL).unwrap();
        fs::set_permissions(&viejo, fs::Permissions::from_mode(modo)).unwrap();
        disco::guardar(&tras_c4(), &viejo).unwrap();
        assert_eq!(fs::metadata(&viejo).unwrap().mode() & 0o7777, modo);
        assert_eq!(fs::read_to_string(&viejo).unwrap(), TRAS_C4);
    }
}

#[test]
fn un_archivo_reemplazado_conserva_su_dueno() {
    if !es_root() {
        eprintln!("se omite: solo root puede dar un archivo a otro dueño");
        return;
    }
    let dir = carpeta();
    let ruta = dir.path().join("ajeno.txt");
    fs::write(&ruta, INICIAL).unwrap();
    std::os::unix::fs::chown(&ruta, Some(4321), Some(4322)).unwrap();
    disco::guardar(&tras_c4(), &ruta).unwrap();
    let datos = fs::metadata(&ruta).unwrap();
    assert_eq!((datos.uid(), datos.gid()), (4321, 4322));
}

#[test]
fn un_enlace_duro_conserva_el_tablero_anterior() {
    // Documented in the README: a save gives the name a new file.
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    fs::write(&ruta, INICIAL).unwrap();
    fs::hard_link(&ruta, dir.path().join("copia.txt")).unwrap();
    disco::guardar(&tras_c4(), &ruta).unwrap();
    assert_eq!(fs::read_to_string(&ruta).unwrap(), TRAS_C4);
    assert_eq!(
        fs::read_to_string(dir.path().join("copia.txt")).unwrap(),
        INICIAL
    );
}

/// A FIFO at `ruta`.
fn tuberia(ruta: &Path) {
    let nombre = std::ffi::CString::new(ruta.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(nombre.as_ptr(), 0o600) }, 0);
}

#[test]
fn guardar_en_una_tuberia_escribe_en_ella_sin_reemplazarla() {
    let dir = carpeta();
    let ruta = dir.path().join("tuberia");
    tuberia(&ruta);
    // The reader is there before the save, without waiting for a writer; a board fits
    // in the pipe, so it is read after the save ends.
    let mut lector = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&ruta)
        .unwrap();
    disco::guardar(&tras_c4(), &ruta).unwrap();
    assert!(fs::metadata(&ruta).unwrap().file_type().is_fifo());
    let mut leido = String::new();
    lector.read_to_string(&mut leido).unwrap();
    assert_eq!(leido, TRAS_C4);
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

#[test]
fn guardar_en_una_tuberia_que_nadie_lee_falla_enseguida_con_un_mensaje() {
    let dir = carpeta();
    tuberia(&dir.path().join("tubo"));
    fs::write(dir.path().join("p.txt"), INICIAL).unwrap();
    let correr = |argumentos: &[&str], entrada: &str| {
        let mut comando = crate::comun::othello(dir.path());
        comando.args(argumentos).timeout(Duration::from_secs(10));
        crate::comun::correr(&mut comando, entrada)
    };
    let orden = correr(&["jugar", "p.txt", "C4", "N", "--salida", "tubo"], "");
    assert_eq!(orden.codigo, Some(2), "{orden:?}");
    assert_eq!(
        orden.errores,
        "error: no se pudo guardar «tubo»: nadie está leyendo la tubería\n"
    );
    // In the game, the save fails and the game goes on.
    let juego = correr(&[], "1\nc4\nguardar tubo\ns\nsalir\nn\n");
    assert_eq!(juego.codigo, Some(0), "{juego:?}");
    assert!(
        juego
            .salida
            .contains("No se pudo guardar «tubo»: nadie está leyendo la tubería.\n"),
        "{}",
        juego.salida
    );
    assert!(
        fs::metadata(dir.path().join("tubo"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn guardar_en_un_dispositivo_escribe_en_el_sin_reemplazarlo() {
    if !es_root() {
        eprintln!("se omite: solo root puede crear un dispositivo (mknod)");
        return;
    }
    let dir = carpeta();
    let nulo = dir.path().join("nulo");
    let nombre = std::ffi::CString::new(nulo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid path; 1,3 is the null device, as /dev/null.
    let hecho = unsafe { libc::mknod(nombre.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    assert_eq!(hecho, 0, "mknod");
    disco::guardar(&tras_c4(), &nulo).unwrap();
    let datos = fs::metadata(&nulo).unwrap();
    assert!(datos.file_type().is_char_device());
    assert_eq!(datos.rdev(), libc::makedev(1, 3));
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

#[test]
fn guardar_en_un_socket_se_rechaza_sin_tocarlo() {
    let dir = carpeta();
    let ruta = dir.path().join("socket");
    let _escucha = UnixListener::bind(&ruta).unwrap();
    let error = disco::guardar(&tras_c4(), &ruta).unwrap_err();
    assert!(
        matches!(error, ErrorArchivo::NoEsArchivo { .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("no es un archivo común"),
        "{error}"
    );
    assert!(fs::metadata(&ruta).unwrap().file_type().is_socket());
}

#[test]
fn guardar_quita_los_temporales_de_guardados_interrumpidos_y_no_los_de_uno_en_curso() {
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    // A process that is gone, and one still running.
    let mut muerto = Command::new("true").spawn().unwrap();
    muerto.wait().unwrap();
    let mut vivo = Command::new("sleep").arg("30").spawn().unwrap();
    // A save's temporary files are named after a hash of the file's name (FNV-1a of
    // "p.txt", written here by hand), the process and six random letters.
    let resto = |proceso: u32, letras: &str| format!(".othello-eb5005a9.{proceso}.{letras}");
    let muertos = [resto(muerto.id(), "aB3dE6"), resto(muerto.id(), "zzzzzz")];
    let vivos = [resto(vivo.id(), "Qw12Er")];
    // Not a save's temporary file: another file's ("q.txt"), or another shape.
    let ajenos = [
        resto(muerto.id(), "corto"),
        format!(".othello-a8c3568a.{}.aB3dE6", muerto.id()),
        ".othello-eb5005a9.x.aB3dE6".to_owned(),
        format!(".p.txt.{}.aB3dE6", muerto.id()),
    ];
    for nombre in muertos.iter().chain(&vivos).chain(&ajenos) {
        fs::write(dir.path().join(nombre), "a medio escribir").unwrap();
    }

    disco::guardar(&tras_c4(), &ruta).unwrap();
    vivo.kill().unwrap();
    vivo.wait().unwrap();

    let mut quedan: Vec<String> = vivos.iter().chain(&ajenos).cloned().collect();
    quedan.sort();
    let ocultos: Vec<String> = ocultos(dir.path())
        .into_iter()
        .map(|nombre| nombre.into_string().unwrap())
        .collect();
    assert_eq!(ocultos, quedan);
    assert_eq!(fs::read_to_string(&ruta).unwrap(), TRAS_C4);
}

#[test]
fn guardar_con_un_nombre_que_no_es_utf8_funciona() {
    let dir = carpeta();
    let ruta = dir.path().join(OsString::from_vec(b"p\xff.txt".to_vec()));
    disco::guardar(&tras_c4(), &ruta).unwrap();
    disco::guardar(&tras_c4(), &ruta).unwrap();
    assert_eq!(fs::read_to_string(&ruta).unwrap(), TRAS_C4);
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

#[test]
fn nombres_de_hasta_255_bytes_se_guardan_y_se_cargan_y_uno_de_256_se_rechaza_en_castellano() {
    let dir = carpeta();
    for largo in [243, 250, 255] {
        let ruta = dir.path().join(format!("{}.txt", "p".repeat(largo - 4)));
        disco::guardar(&tras_c4(), &ruta).unwrap_or_else(|error| panic!("{largo}: {error}"));
        disco::guardar(&tras_c4(), &ruta).unwrap_or_else(|error| panic!("{largo}: {error}"));
        assert_eq!(disco::cargar(&ruta).unwrap(), tras_c4(), "{largo}");
    }
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
    fs::write(dir.path().join("p.txt"), INICIAL).unwrap();
    let nombre = format!("{}.txt", "p".repeat(252));
    let salida = programa(dir.path())
        .args(["jugar", "p.txt", "C4", "N", "--salida", &nombre])
        .output()
        .unwrap();
    assert_eq!(salida.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(salida.stderr).unwrap(),
        format!(
            "error: no se pudo guardar «{nombre}»: nombre demasiado largo (el sistema admite \
             hasta 255 bytes por nombre)\n"
        )
    );
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

#[test]
fn un_enlace_que_lleva_a_si_mismo_se_dice_en_castellano_al_leer_y_al_guardar() {
    let dir = carpeta();
    symlink("bucle", dir.path().join("bucle")).unwrap();
    fs::write(dir.path().join("p.txt"), INICIAL).unwrap();
    for (argumentos, mensaje) in [
        (&["contar", "bucle"][..], "no se pudo leer «bucle»"),
        (
            &["jugar", "p.txt", "C4", "N", "--salida", "bucle"],
            "no se pudo guardar «bucle»",
        ),
    ] {
        let salida = programa(dir.path()).args(argumentos).output().unwrap();
        assert_eq!(salida.status.code(), Some(2), "{argumentos:?}");
        assert_eq!(
            String::from_utf8(salida.stderr).unwrap(),
            format!(
                "error: {mensaje}: demasiados enlaces simbólicos seguidos (¿un enlace que \
                 lleva a sí mismo?)\n"
            ),
            "{argumentos:?}"
        );
    }
}

#[test]
fn con_un_limite_de_tamano_el_guardado_falla_con_un_mensaje_y_deja_el_archivo() {
    use std::os::unix::process::CommandExt;
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    fs::write(&ruta, INICIAL).unwrap();
    let mut comando = programa(dir.path());
    comando.args(["jugar", "p.txt", "C4", "N", "--en-sitio"]);
    // SAFETY: only setrlimit, which is async-signal-safe, between fork and exec.
    unsafe {
        comando.pre_exec(|| {
            // 100 bytes: less than a board (176), as `ulimit -f` would set it.
            let limite = libc::rlimit {
                rlim_cur: 100,
                rlim_max: 100,
            };
            match libc::setrlimit(libc::RLIMIT_FSIZE, &limite) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let salida = comando.output().unwrap();
    // Wrapped at 80 columns: read as one line.
    let errores = String::from_utf8_lossy(&salida.stderr).replace('\n', " ");
    assert_eq!(
        salida.status.code(),
        Some(2),
        "{:?} {errores}",
        salida.status
    );
    assert!(
        errores.contains("el archivo supera el tamaño máximo que permite el sistema"),
        "{errores}"
    );
    assert_eq!(fs::read_to_string(&ruta).unwrap(), INICIAL);
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

/// Kills `hijo` with SIGKILL after `micros` microseconds (if it is still running) and
/// reaps it.
fn matar_despues(mut hijo: std::process::Child, micros: u64) {
    thread::sleep(std::time::Duration::from_micros(micros));
    // SAFETY: the child's own pid, not yet reaped.
    unsafe { libc::kill(hijo.id() as libc::pid_t, libc::SIGKILL) };
    hijo.wait().unwrap();
}

#[test]
fn cincuenta_guardados_matados_con_kill_9_dejan_siempre_un_tablero_entero() {
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    fs::write(&ruta, INICIAL).unwrap();
    let validos = [INICIAL.to_owned(), TRAS_C4.to_owned()];
    let mut azar = ChaCha8Rng::seed_from_u64(0x2545_f491_4f6c_dd1d);
    let (mut anterior, mut cambios) = (INICIAL.to_owned(), 0);
    // From at once to past the end of the save (a few milliseconds on a quiet machine);
    // longer after each round that changed nothing, as on a loaded one.
    let mut hasta = 8_000;
    for ronda in 0..50 {
        let obf = if ronda % 2 == 0 {
            OBF_TRAS_C4
        } else {
            OBF_INICIAL
        };
        let hijo = programa(dir.path())
            .args(["importar", obf, "--salida", "p.txt"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        matar_despues(hijo, azar.random_range(0..hasta));
        let texto = fs::read_to_string(&ruta).unwrap();
        assert!(validos.contains(&texto), "ronda {ronda}: {texto:?}");
        if texto == anterior {
            hasta = (hasta * 2).min(1_000_000);
        }
        cambios += usize::from(texto != anterior);
        anterior = texto;
    }
    // Some kills came after the save: the test saw both boards.
    assert!(cambios > 0, "ningún guardado terminó antes del kill");
    // The next save that ends leaves no temporary file of the killed ones.
    disco::guardar(&tras_c4(), &ruta).unwrap();
    assert_eq!(ocultos(dir.path()), Vec::<OsString>::new());
}

/// The starting board as an obf string, black to move.
const OBF_INICIAL: &str = "---------------------------OX------XO--------------------------- X";
/// After black's C4, white to move.
const OBF_TRAS_C4: &str = "--------------------------XXX------XO--------------------------- O";

/// Whether the game loads the board at `ruta` with its moves, without a word about them
/// not agreeing (which would drop the game's history and ask whose turn it is).
#[track_caller]
fn se_carga_con_sus_jugadas(dir: &Path, ruta: &Path, ronda: usize) {
    let corrida = crate::comun::correr(crate::comun::othello(dir).arg("--cargar").arg(ruta), "");
    let dicho = corrida.salida.replace('\n', " ");
    assert!(
        corrida.codigo == Some(0)
            && !dicho.contains("no corresponde")
            && !dicho.contains("No hay «")
            && !dicho.contains("¿Quién juega ahora?"),
        "ronda {ronda}: {}{}",
        corrida.salida,
        corrida.errores
    );
}

#[test]
fn una_partida_matada_con_kill_9_se_retoma_siempre_con_sus_jugadas() {
    // The recovery copy writes the moves, then the board: a kill may land between, and
    // loading then takes the newer of the two. History lost is a failure.
    let dir = carpeta();
    let mut azar = ChaCha8Rng::seed_from_u64(0x9e37_79b9_7f4a_7c15);
    let (mut enteras, mut sin_copia) = (0, 0);
    // Longer after each round killed before its first copy, as on a loaded machine.
    let mut hasta = 32_000;
    for ronda in 0..50 {
        let datos = dir.path().join(format!("datos-{ronda}"));
        let mut hijo = programa(dir.path())
            .env("XDG_DATA_HOME", &datos)
            .args([
                "--negro",
                "aleatorio",
                "--blanco",
                "aleatorio",
                "--sin-pausa",
            ])
            .arg("--semilla")
            .arg(ronda.to_string())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        drop(hijo.stdin.take());
        matar_despues(hijo, azar.random_range(2_000..hasta));
        match crate::comun::copias_de_recuperacion(&datos.join("othello")).as_slice() {
            // Killed before its first board was written: one move at most was lost.
            [] => {
                sin_copia += 1;
                hasta = (hasta * 2).min(1_000_000);
            }
            [copia] => {
                se_carga_con_sus_jugadas(dir.path(), copia, ronda);
                enteras += 1;
            }
            otras => panic!("ronda {ronda}: {otras:?}"),
        }
    }
    eprintln!("{enteras} copias retomadas con sus jugadas, {sin_copia} sin copia");
    assert!(enteras > 0, "ninguna ronda alcanzó a guardar");
}

#[test]
fn un_guardado_matado_con_kill_9_se_carga_siempre_con_sus_jugadas() {
    // An earlier game saved as p.txt; a later one saves over it and is killed during
    // the save. Whatever the moment, p.txt loads with moves that lead to it.
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    let mut azar = ChaCha8Rng::seed_from_u64(0x2545_f491_4f6c_dd1d);
    let mut cambios = 0;
    for ronda in 0..60 {
        let corrida = crate::comun::correr(
            &mut crate::comun::othello(dir.path()),
            "1\nc4\nguardar p.txt\ns\nsalir\n",
        );
        assert_eq!(corrida.codigo, Some(0), "{}", corrida.errores);
        let antes = fs::read_to_string(&ruta).unwrap();
        let mut hijo = programa(dir.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut teclado = hijo.stdin.take().unwrap();
            teclado
                .write_all(b"1\nc4\nc3\nd3\nguardar p.txt\ns\n")
                .unwrap();
        }
        matar_despues(hijo, azar.random_range(0..12_000));
        cambios += usize::from(fs::read_to_string(&ruta).unwrap() != antes);
        se_carga_con_sus_jugadas(dir.path(), &ruta, ronda);
    }
    eprintln!("{cambios} de 60 guardados alcanzaron a cambiar el tablero");
}

#[test]
fn dos_guardados_a_la_vez_dejan_uno_de_los_dos_entero() {
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    let validos = [INICIAL.to_owned(), TRAS_C4.to_owned()];
    for ronda in 0..20 {
        let hijos: Vec<_> = [OBF_TRAS_C4, OBF_INICIAL]
            .into_iter()
            .map(|obf| {
                programa(dir.path())
                    .args(["importar", obf, "--salida", "p.txt"])
                    .stdout(std::process::Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut hijo in hijos {
            assert!(hijo.wait().unwrap().success(), "ronda {ronda}");
        }
        let texto = fs::read_to_string(&ruta).unwrap();
        assert!(validos.contains(&texto), "ronda {ronda}: {texto:?}");
        assert_eq!(ocultos(dir.path()), Vec::<OsString>::new(), "ronda {ronda}");
    }
}

#[test]
fn dos_jugadas_en_sitio_a_la_vez_sobre_un_archivo_no_pierden_ninguna() {
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    // Black's C4 and F5 from the start are valid in either order and lead to one board;
    // after C4, D3 flanks nothing, and after D3, C4 flanks nothing.
    let c4_y_f5 = tablero_de([
        "VVVVVVVV", "VVVVVVVV", "VVVVVVVV", "VVNNNVVV", "VVVNNNVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    let solo_d3 = tablero_de([
        "VVVVVVVV", "VVVVVVVV", "VVVNVVVV", "VVVNNVVV", "VVVNBVVV", "VVVVVVVV", "VVVVVVVV",
        "VVVVVVVV",
    ]);
    for ronda in 0..60 {
        fs::write(&ruta, INICIAL).unwrap();
        let par = if ronda % 2 == 0 {
            ["C4", "F5"]
        } else {
            ["C4", "D3"]
        };
        let hijos = par.map(|posicion| {
            programa(dir.path())
                .args(["jugar", "p.txt", posicion, "N", "--en-sitio"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        });
        let salidas = hijos.map(|hijo| hijo.wait_with_output().unwrap());
        let codigos = salidas.each_ref().map(|salida| salida.status.code());
        let errores = salidas
            .each_ref()
            .map(|salida| String::from_utf8_lossy(&salida.stderr));
        let tablero = disco::cargar(&ruta).unwrap();
        if ronda % 2 == 0 {
            assert_eq!(codigos, [Some(0), Some(0)], "ronda {ronda}: {errores:?}");
            assert_eq!(tablero, c4_y_f5, "ronda {ronda}: se perdió una jugada");
        } else {
            // One of the two, whole; the other told why, on the board the first left.
            let (ganadora, rechazada, esperado) = match codigos {
                [Some(0), Some(1)] => (0, 1, tras_c4()),
                [Some(1), Some(0)] => (1, 0, solo_d3.clone()),
                _ => panic!("ronda {ronda}: {codigos:?} {errores:?}"),
            };
            assert_eq!(tablero, esperado, "ronda {ronda}: ganó {}", par[ganadora]);
            assert_eq!(
                errores[rechazada],
                format!(
                    "error: la jugada «{}» no es válida: una ficha en {} no flanquea \
                     ninguna ficha rival\n",
                    par[rechazada], par[rechazada]
                ),
                "ronda {ronda}"
            );
        }
        assert_eq!(ocultos(dir.path()), Vec::<OsString>::new(), "ronda {ronda}");
    }
}

/// A terminal's title and a clear screen, as a file could hide them.
const SECUENCIAS: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[2J";

/// Whether `texto` holds a character a terminal acts on, besides the line end.
fn tiene_controles(texto: &str) -> bool {
    texto.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn lo_que_viene_de_un_archivo_o_un_argumento_no_maneja_la_terminal() {
    let dir = carpeta();
    fs::write(dir.path().join("p.txt"), TRAS_C4).unwrap();
    fs::write(
        dir.path().join("p.txt.jugadas"),
        format!("C4 {SECUENCIAS} D3\n"),
    )
    .unwrap();
    let correr = |argumentos: &[&str]| {
        let salida = programa(dir.path())
            .args(argumentos)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let texto =
            String::from_utf8(salida.stdout).unwrap() + &String::from_utf8(salida.stderr).unwrap();
        assert!(!tiene_controles(&texto), "{argumentos:?}: {texto:?}");
        texto
    };
    // The game loaded with its moves beside it, and the moves replayed as an order.
    let juego = correr(&["--cargar", "p.txt"]);
    assert!(juego.contains(r"\u{1b}]0;PWNED\u{7}\u{1b}[2J"), "{juego}");
    let repetir = correr(&["repetir", "--jugadas-de", "p.txt.jugadas"]);
    assert!(
        repetir.contains(r"(«\u{1b}]0;PWNED\u{7}\u{1b}[2J»)"),
        "{repetir}"
    );
    // A file name given as an argument.
    let nombre = format!("{SECUENCIAS}.txt");
    let contar = correr(&["contar", &nombre]);
    assert_eq!(
        contar,
        "error: no existe el archivo «\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J.txt»\n"
    );
    correr(&["--cargar", &nombre]);
    correr(&["validar", &nombre, "p.txt.jugadas"]);
    // A damaged recovery copy, offered by the menu and taken up.
    let copias = dir.path().join(".datos/othello");
    fs::create_dir_all(&copias).unwrap();
    fs::write(copias.join("partida-1.txt"), TRAS_C4).unwrap();
    fs::write(
        copias.join("partida-1.txt.jugadas"),
        format!("# Partida en curso: {SECUENCIAS}\nC4 {SECUENCIAS}\n"),
    )
    .unwrap();
    let corrida = crate::comun::correr(&mut crate::comun::othello(dir.path()), "0\n");
    assert!(
        corrida.salida.contains("Sigue la partida"),
        "{}",
        corrida.salida
    );
    assert!(!tiene_controles(&corrida.salida), "{:?}", corrida.salida);
    let salida = programa(dir.path())
        .stdin(std::process::Stdio::null())
        .arg("--cargar")
        .arg(copias.join("partida-1.txt"))
        .output()
        .unwrap();
    let texto = String::from_utf8(salida.stdout).unwrap();
    assert!(texto.contains(r"«\u{1b}]0;PWNED"), "{texto}");
    assert!(!tiene_controles(&texto), "{texto:?}");
}

#[test]
fn un_juego_que_lee_dev_zero_o_dev_urandom_termina_con_estado_2() {
    // Before, /dev/zero was read forever at full speed and /dev/urandom answered
    // forever. A program that hangs is killed after 60 s, failing the test.
    for dispositivo in ["/dev/zero", "/dev/urandom"] {
        let dir = carpeta();
        let mut hijo = programa(dir.path())
            .stdin(fs::File::open(dispositivo).unwrap())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let inicio = std::time::Instant::now();
        while hijo.try_wait().unwrap().is_none() {
            if inicio.elapsed() > std::time::Duration::from_secs(60) {
                hijo.kill().unwrap();
                panic!("{dispositivo}: el juego no terminó en un minuto");
            }
            thread::sleep(std::time::Duration::from_millis(10));
        }
        let salida = hijo.wait_with_output().unwrap();
        let errores = String::from_utf8(salida.stderr).unwrap();
        assert_eq!(salida.status.code(), Some(2), "{dispositivo}: {errores}");
        assert!(
            errores.starts_with("error: la entrada no es texto"),
            "{dispositivo}: {errores}"
        );
    }
}

/// The hidden files the saves make (`.othello-…`) in `dir`: none should outlive the
/// next start.
fn restos(dir: &Path) -> Vec<OsString> {
    let mut nombres: Vec<OsString> = fs::read_dir(dir)
        .map(|entradas| entradas.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    nombres.retain(|nombre| nombre.as_encoded_bytes().starts_with(b".othello-"));
    nombres.sort();
    nombres
}

#[test]
fn la_copia_de_recuperacion_cortada_en_cada_paso_se_carga_con_sus_jugadas() {
    // Each step of the copy's life, its removal at the end too: whatever copy a kill
    // leaves loads with its moves.
    let mut cortes = 0;
    for paso in 1.. {
        let dir = carpeta();
        let corrida = crate::comun::correr(
            crate::comun::othello(dir.path()).env(disco::MATAR_EN_EL_PASO, paso.to_string()),
            "1\nc4\nc3\nguardar p.txt\nsalir\n",
        );
        if corrida.codigo.is_some() {
            // The run ended before that step: every step was cut once.
            assert_eq!(corrida.codigo, Some(0), "paso {paso}: {}", corrida.errores);
            break;
        }
        cortes += 1;
        let copias = crate::comun::copias_de_recuperacion(&dir.path().join(".datos/othello"));
        for copia in &copias {
            se_carga_con_sus_jugadas(dir.path(), copia, paso);
        }
    }
    assert!(cortes > 10, "solo {cortes} pasos");
}

/// A save cut by [`disco::MATAR_EN_EL_PASO`]: the games before and after it.
struct Corte {
    /// What the case is called in a failure.
    caso: &'static str,
    /// The earlier game's run, which saves p.txt; `None` for a new file.
    antes: Option<&'static str>,
    /// The later game's arguments and input, which saves p.txt and is cut.
    argumentos: &'static [&'static str],
    entrada: &'static str,
    /// How many moves each game has: the earlier's and the later's.
    jugadas: (usize, usize),
}

/// What the game says on loading a board with `n` moves.
fn con_jugadas(n: usize) -> String {
    match n {
        1 => "con 1 jugada anterior".to_owned(),
        n => format!("con {n} jugadas anteriores"),
    }
}

#[test]
fn un_guardado_cortado_en_cada_paso_deja_una_de_las_dos_partidas_entera() {
    let cortes = [
        Corte {
            caso: "archivo nuevo",
            antes: None,
            argumentos: &[],
            entrada: "1\nc4\nc3\nd3\nguardar p.txt\nsalir\n",
            jugadas: (0, 3),
        },
        Corte {
            caso: "la misma partida, más larga",
            antes: Some("1\nc4\nguardar p.txt\nsalir\n"),
            argumentos: &["--cargar", "p.txt"],
            entrada: "c3\nd3\nguardar p.txt\ns\nsalir\n",
            jugadas: (1, 3),
        },
        Corte {
            caso: "otra partida encima",
            antes: Some("1\nf5\nd6\nguardar p.txt\nsalir\n"),
            argumentos: &[],
            entrada: "1\nc4\nc3\nd3\nguardar p.txt\ns\nsalir\n",
            jugadas: (2, 3),
        },
    ];
    let mut resumen = Vec::new();
    for corte in &cortes {
        let mut pasos = 0;
        for paso in 1.. {
            let dir = carpeta();
            let ruta = dir.path().join("p.txt");
            if let Some(antes) = corte.antes {
                let corrida = crate::comun::correr(&mut crate::comun::othello(dir.path()), antes);
                assert_eq!(corrida.codigo, Some(0), "{}", corrida.errores);
            }
            let viejo = fs::read_to_string(&ruta).ok();
            let corrida = crate::comun::correr(
                crate::comun::othello(dir.path())
                    .args(corte.argumentos)
                    .env(disco::MATAR_EN_EL_PASO, paso.to_string()),
                corte.entrada,
            );
            let contexto = format!("{}, paso {paso}", corte.caso);
            if corrida.codigo.is_some() {
                // The run ended before that step: every step was cut once.
                assert_eq!(corrida.codigo, Some(0), "{contexto}: {}", corrida.errores);
                assert!(corrida.salida.contains("Partida guardada"), "{contexto}");
                break;
            }
            pasos += 1;
            let Ok(tablero) = fs::read_to_string(&ruta) else {
                // Only a new file may be missing, and then nothing of it is there.
                assert!(viejo.is_none(), "{contexto}: se perdió p.txt");
                assert!(!dir.path().join("p.txt.jugadas").exists(), "{contexto}");
                continue;
            };
            // The board is whole, the old or the new one, and loads with its own moves:
            // never the other game's, never a question about whose turn it is.
            let jugadas = if Some(&tablero) == viejo.as_ref() {
                corte.jugadas.0
            } else {
                corte.jugadas.1
            };
            let carga = crate::comun::correr(
                crate::comun::othello(dir.path()).args(["--cargar", "p.txt"]),
                "salir\n",
            );
            let dicho = carga.salida.replace('\n', " ");
            assert!(
                dicho.contains(&con_jugadas(jugadas))
                    && !dicho.contains("no corresponde")
                    && !dicho.contains("¿Quién juega ahora?"),
                "{contexto}: {}{}",
                carga.salida,
                carga.errores
            );
            // That start tidied what the kill left, here and among the copies.
            assert_eq!(restos(dir.path()), Vec::<OsString>::new(), "{contexto}");
            let copias = dir.path().join(".datos/othello");
            assert_eq!(restos(&copias), Vec::<OsString>::new(), "{contexto}");
        }
        assert!(pasos >= 10, "{}: {pasos} pasos", corte.caso);
        resumen.push(format!("{}: {pasos} cortes", corte.caso));
    }
    eprintln!("{}", resumen.join("; "));
}

/// Whether a game's output says it saved, and whether it was asked before replacing.
fn guardo(salida: &str) -> (bool, bool) {
    (
        salida.contains("Partida guardada en «p.txt»"),
        salida.contains("ya existe"),
    )
}

#[test]
fn dos_partidas_que_guardan_un_archivo_a_la_vez_no_mezclan_sus_jugadas() {
    let dir = carpeta();
    let ruta = dir.path().join("p.txt");
    let entradas = [
        "1\nc4\nguardar p.txt\ns\nsalir\n",
        "1\nf5\nd6\nguardar p.txt\ns\nsalir\n",
    ];
    let (mut las_dos, mut una) = (0, 0);
    for ronda in 0..30 {
        for archivo in ["p.txt", "p.txt.jugadas"] {
            let _ = fs::remove_file(dir.path().join(archivo));
        }
        let _ = fs::remove_dir_all(dir.path().join(".datos"));
        let hijos: Vec<_> = entradas
            .iter()
            .map(|entrada| {
                let mut hijo = programa(dir.path())
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .spawn()
                    .unwrap();
                let mut teclado = hijo.stdin.take().unwrap();
                std::io::Write::write_all(&mut teclado, entrada.as_bytes()).unwrap();
                hijo
            })
            .collect();
        let salidas: Vec<String> = hijos
            .into_iter()
            .map(|hijo| String::from_utf8(hijo.wait_with_output().unwrap().stdout).unwrap())
            .collect();
        // The pair on disk is one game's, whole.
        se_carga_con_sus_jugadas(dir.path(), &ruta, ronda);
        let guardados: Vec<(bool, bool)> = salidas.iter().map(|s| guardo(s)).collect();
        for (salida, (guardada, _)) in salidas.iter().zip(&guardados) {
            // A game that lost the race said so and kept its recovery copy.
            let dicho = salida.replace('\n', " ");
            if !guardada {
                assert!(
                    dicho.contains("No se guardó: otro programa escribió «p.txt")
                        && dicho.contains("La partida sin guardar quedó en"),
                    "ronda {ronda}: {salida}"
                );
            }
        }
        match guardados.as_slice() {
            // Both saved: one after the other, the second asked before replacing.
            [(true, pregunta_a), (true, pregunta_b)] => {
                assert!(pregunta_a | pregunta_b, "ronda {ronda}: {salidas:?}");
                las_dos += 1;
            }
            [(false, _), (false, _)] => panic!("ronda {ronda}: ninguna guardó"),
            _ => una += 1,
        }
    }
    eprintln!("30 rondas: {las_dos} guardaron las dos, una tras otra; {una} solo una");
}

#[test]
fn un_nombre_sin_lugar_para_sus_jugadas_deja_la_partida_sin_guardar() {
    // 248 bytes: the board fits the system's 255, «….jugadas» does not.
    let dir = carpeta();
    let nombre = format!("{}.txt", "p".repeat(244));
    let corrida = crate::comun::correr(
        &mut crate::comun::othello(dir.path()),
        format!("1\nc4\nguardar {nombre}\nsalir\n"),
    );
    assert_eq!(corrida.codigo, Some(0), "{}", corrida.errores);
    let dicho = corrida.salida.replace('\n', " ");
    assert!(dicho.contains("pero sin sus jugadas"), "{dicho}");
    assert!(dicho.contains("La partida no quedó guardada"), "{dicho}");
    // Not saved: «salir» asks, and the end of the input keeps the recovery copy.
    assert!(dicho.contains("Hay cambios sin guardar"), "{dicho}");
    assert!(dicho.contains("La partida sin guardar quedó en"), "{dicho}");
    let copias = crate::comun::copias_de_recuperacion(&dir.path().join(".datos/othello"));
    assert_eq!(copias.len(), 1, "{copias:?}");
}

#[test]
fn al_empezar_se_quitan_los_temporales_de_guardados_matados_de_cualquier_archivo() {
    let dir = carpeta();
    let mut muerto = Command::new("true").spawn().unwrap();
    let pid_muerto = muerto.id();
    muerto.wait().unwrap();
    let mut vivo = Command::new("sleep").arg("30").spawn().unwrap();
    let copias = dir.path().join(".datos/othello");
    fs::create_dir_all(&copias).unwrap();
    for carpeta in [dir.path(), copias.as_path()] {
        fs::write(
            carpeta.join(format!(".othello-0badcafe.{pid_muerto}.a1B2c3")),
            "x",
        )
        .unwrap();
        fs::write(
            carpeta.join(format!(".othello-12345678.{}.zZ9yY8", vivo.id())),
            "x",
        )
        .unwrap();
        // Moves left waiting by a save cut before its board: no board leads there.
        fs::write(carpeta.join(".othello-0000abcd.en-espera"), "C4\n").unwrap();
    }
    let corrida = crate::comun::correr(&mut crate::comun::othello(dir.path()), "");
    assert_eq!(corrida.codigo, Some(0), "{}", corrida.errores);
    for carpeta in [dir.path(), copias.as_path()] {
        assert_eq!(
            restos(carpeta),
            vec![OsString::from(format!(
                ".othello-12345678.{}.zZ9yY8",
                vivo.id()
            ))],
            "{}",
            carpeta.display()
        );
    }
    vivo.kill().unwrap();
    vivo.wait().unwrap();
}

#[test]
fn ctrl_d_sin_copia_de_recuperacion_dice_que_la_partida_no_quedo() {
    // The data folder cannot be made: its place is a file.
    let dir = carpeta();
    fs::write(dir.path().join("no-es-carpeta"), "").unwrap();
    let corrida = crate::comun::correr(
        crate::comun::othello(dir.path()).env("XDG_DATA_HOME", dir.path().join("no-es-carpeta")),
        "1\nc4\n",
    );
    assert_eq!(corrida.codigo, Some(0), "{}", corrida.errores);
    let dicho = corrida.salida.replace('\n', " ");
    assert!(
        dicho.contains("La partida sin guardar no quedó en ninguna parte"),
        "{dicho}"
    );
    assert!(dicho.ends_with("¡Hasta luego! "), "{dicho}");
}

#[test]
fn los_nombres_y_argumentos_se_muestran_con_sus_caracteres_de_control_escritos() {
    let dir = carpeta();
    let nombre = format!("{SECUENCIAS}.txt");
    let escrito = r"\u{1b}]0;PWNED\u{7}\u{1b}[2J.txt";
    fs::write(dir.path().join(&nombre), TRAS_C4).unwrap();
    let correr = |argumentos: &[&str], entrada: &str| {
        let corrida =
            crate::comun::correr(crate::comun::othello(dir.path()).args(argumentos), entrada);
        let texto = corrida.salida + &corrida.errores;
        assert!(!tiene_controles(&texto), "{argumentos:?}: {texto:?}");
        texto.replace('\n', " ")
    };
    // No moves beside it; then moves of another game.
    let sin = correr(&["--cargar", &nombre], "");
    assert!(
        sin.contains(&format!("No hay «{escrito}.jugadas» al lado")),
        "{sin}"
    );
    fs::write(dir.path().join(format!("{nombre}.jugadas")), "F5\n").unwrap();
    let otra = correr(&["--cargar", &nombre], "");
    assert!(
        otra.contains(&format!("«{escrito}.jugadas» no corresponde")),
        "{otra}"
    );
    // Saved over with the name it was loaded from: the default name, the question.
    let guardar = correr(&["--cargar", &nombre], "n\nguardar\n\ns\nsalir\n");
    assert!(
        guardar.contains(&format!("Enter guarda en «{escrito}»;")),
        "{guardar}"
    );
    assert!(
        guardar.contains(&format!("«{escrito}» y «{escrito}.jugadas» ya existen")),
        "{guardar}"
    );
    assert!(
        guardar.contains(&format!("Partida guardada en «{escrito}»")),
        "{guardar}"
    );
    // The orders' usage errors.
    let orden = correr(&[&nombre], "");
    assert!(
        orden.contains(&format!("«{escrito}» no es una orden")),
        "{orden}"
    );
    let opcion = correr(&["contar", &format!("--x{SECUENCIAS}")], "");
    assert!(
        opcion.contains(r"argumento desconocido «--x\u{1b}]0;PWNED\u{7}\u{1b}[2J»"),
        "{opcion}"
    );
}
