//! Grading one submission: the child's life (loading, restarts, deadlines) and the
//! comparison of every answer with the library's.
//!
//! The cases of a function go to the child in one request and come back one line each,
//! so a case costs no round trip; each line has its own deadline. A case that does not
//! answer in time is a `tiempo` and the child is restarted; one whose process dies is a
//! `salida` and the child is restarted too; either way grading goes on with the next
//! case, so that a hang in a rare situation costs only its cases. Once either kind is
//! most of a function's calls so far, and at least three, the function hangs or dies as
//! a rule: its remaining cases count as that kind without running. That handling of
//! the answers ([`Tanda`]) is the same for answers given as bytes
//! ([`revisar_respuestas`]).

use std::{
    collections::BTreeMap,
    fs,
    path::{Path, PathBuf},
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use serde::{Deserialize, Serialize};
use serde_json::{Value, value::RawValue};

use super::{
    casos::{Cantidades, Caso, Casos},
    ejemplo::{self, Falla},
    entrega::Entrega,
    funcion::{Funcion, PorFuncion},
    informe::{InformeEntrega, InformeFuncion, Resumen},
    opciones::OpcionesCorreccion,
    python::{self, Hijo, Interprete, Llegada},
    respuesta::{
        Abandono, ArchivoObtenido, Aviso, Lugar, Obtenido, Revisado, Suceso, Tipo, es_tablero,
    },
    vivos,
};
use crate::{ErrorArchivo, Tablero, disco, formato::archivo};

/// How many time-outs, or deaths of the process, a function has at least when its
/// remaining cases are counted without running (they must also be most of its calls).
const TRES: usize = 3;

/// The grader of a run: what every submission shares (the interpreter, the cases, the
/// options and the names looked for), and the grading of each.
pub(super) struct Corrector<'a> {
    interprete: &'a Interprete,
    casos: &'a Casos,
    opciones: &'a OpcionesCorreccion,
    nombres: PorFuncion<Vec<String>>,
}

impl<'a> Corrector<'a> {
    /// The grader of a run.
    pub(super) fn nuevo(
        interprete: &'a Interprete,
        casos: &'a Casos,
        opciones: &'a OpcionesCorreccion,
    ) -> Corrector<'a> {
        Corrector {
            interprete,
            casos,
            opciones,
            nombres: opciones.nombres(),
        }
    }

    /// Grades `entrega`.
    pub(super) fn corregir(&self, entrega: &Entrega) -> InformeEntrega {
        let ruta = &entrega.archivo;
        let no_importa = |error: String| InformeEntrega::no_importa(entrega, error);
        if ruta.is_dir() {
            return no_importa("su carpeta no tiene archivos .py".into());
        }
        let carpeta = match vivos::CarpetaTemporal::nueva() {
            Ok(carpeta) => carpeta,
            Err(error) => {
                return no_importa(format!(
                    "no se pudo crear una carpeta temporal: {}",
                    disco::describir_io(&error)
                ));
            }
        };
        for caso in self.casos.de(Funcion::CargarPartida) {
            if let Caso::Cargar { texto, archivo, .. } = caso
                && let Err(error) = fs::write(carpeta.path().join(archivo), texto)
            {
                return no_importa(format!(
                    "no se pudo preparar la carpeta temporal: {}",
                    disco::describir_io(&error)
                ));
            }
        }
        let absoluta = match fs::canonicalize(ruta) {
            Ok(absoluta) => absoluta,
            Err(error) => {
                return no_importa(format!("no se pudo leer: {}", disco::describir_io(&error)));
            }
        };
        let mut examen = Examen {
            corrector: self,
            carpeta: carpeta.path(),
            archivo: absoluta,
            hijo: None,
            solo_definiciones: false,
            fin: Instant::now() + self.opciones.tiempo_por_entrega,
        };
        let carga = match examen.cargar() {
            Ok(carga) => carga,
            Err(error) => return no_importa(error),
        };
        let mut al_cargar = carga.avisos.clone();
        if examen.solo_definiciones {
            al_cargar.push(Aviso {
                linea: None,
                codigo: None,
                suceso: Suceso::SoloDefiniciones,
            });
        }
        let nombres = examen.nombres(&carga);
        // The cases still to run, for each run's share of the submission's time.
        let mut quedan: usize = (Funcion::TODAS.into_iter())
            .filter(|&funcion| nombres[funcion].is_some())
            .map(|funcion| self.casos.de(funcion).len())
            .sum::<usize>()
            + nombres
                .jugar
                .as_ref()
                .map_or(0, |_| self.casos.robustez().len());
        let funciones = PorFuncion::de(|funcion| {
            nombres[funcion].as_ref().map(|nombre| {
                let casos = (self.casos.de(funcion), self.casos.protocolo(funcion));
                examen.correr(funcion, nombre, casos, Some(&mut quedan))
            })
        });
        let robustez = nombres.jugar.as_ref().map(|nombre| {
            let casos = (self.casos.robustez(), self.casos.protocolo_robustez());
            examen.correr(Funcion::Jugar, nombre, casos, Some(&mut quedan))
        });
        InformeEntrega {
            funciones,
            robustez,
            definidas: carga.definidas,
            al_cargar,
            buscados: self.nombres.clone(),
            importa: true,
            error: None,
            ..no_importa(String::new())
        }
    }

    fn limite(&self) -> Duration {
        self.opciones.tiempo_limite
    }

    /// How long to wait for one answer: the harness stops a call at the limit; this
    /// is the backstop for code that swallows that.
    fn plazo(&self) -> Duration {
        self.limite() * 2 + Duration::from_secs(1)
    }

    /// How long to wait for the file to load: every top-level statement has the limit.
    fn plazo_de_carga(&self) -> Duration {
        self.limite() * 5 + Duration::from_secs(10)
    }
}

/// What the harness found in the file.
#[derive(Debug, Deserialize)]
struct Carga {
    #[serde(default)]
    importa: bool,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    funciones: BTreeMap<String, Option<String>>,
    #[serde(default)]
    definidas: Vec<String>,
    #[serde(default)]
    avisos: Vec<Aviso>,
    #[serde(default)]
    avisos_omitidos: usize,
}

/// The functions found, by the student's name, and what went wrong while loading.
struct Encontradas {
    funciones: PorFuncion<Option<String>>,
    definidas: Vec<String>,
    avisos: Vec<Aviso>,
}

/// How many of a function's cases a function of another name must get right to be
/// taken for it.
const PRUEBAS: usize = 5;

/// What the grader asks the child: one JSON line each, as the harness's header tells.
#[derive(Serialize)]
#[serde(tag = "orden", rename_all = "lowercase")]
enum Pedido<'a> {
    /// Load the file.
    Cargar {
        archivo: std::borrow::Cow<'a, str>,
        /// `completo`, or only the definitions.
        modo: &'static str,
        /// Seconds for each top-level statement.
        limite: f64,
        /// The names looked for, per function.
        nombres: &'a PorFuncion<Vec<String>>,
    },
    /// Call one function on cases, one answer line each.
    Casos {
        funcion: &'static str,
        nombre: &'a str,
        limite: f64,
        casos: &'a [Box<RawValue>],
    },
}

impl Pedido<'_> {
    /// Its line.
    fn linea(&self) -> String {
        serde_json::to_string(self).expect("un pedido se escribe en JSON")
    }
}

/// The exam of one submission: its child, restarted when needed, its folder and its
/// time.
struct Examen<'a> {
    corrector: &'a Corrector<'a>,
    carpeta: &'a Path,
    archivo: PathBuf,
    hijo: Option<Hijo>,
    /// Set when running the whole file killed or hung the process: from then on only
    /// its definitions are run.
    solo_definiciones: bool,
    /// When the submission's time is over (`--tiempo-por-entrega`): what is left is not
    /// run, so that one submission cannot hold up a class.
    fin: Instant,
}

impl Examen<'_> {
    /// Starts a child and loads the file. If the whole file does not load (it ends
    /// the process or hangs), loads only its definitions.
    fn cargar(&mut self) -> Result<Encontradas, String> {
        loop {
            match self.intentar_carga() {
                Ok(encontradas) => return Ok(encontradas),
                Err(Some(error)) => return Err(error),
                Err(None) if !self.solo_definiciones => self.solo_definiciones = true,
                Err(None) => {
                    return Err(
                        "Python no terminó de cargar el archivo, ni siquiera solo sus \
                         definiciones: el proceso murió o no respondió (¿muy poca --memoria?)"
                            .into(),
                    );
                }
            }
        }
    }

    /// One try: `Err(None)` if the process died or hung, `Err(Some(..))` if the file
    /// does not load.
    fn intentar_carga(&mut self) -> Result<Encontradas, Option<String>> {
        self.hijo = None;
        let corrector = self.corrector;
        let mut hijo = Hijo::lanzar(
            corrector.interprete,
            self.carpeta,
            &self.archivo,
            corrector.opciones.memoria,
        )
        .map_err(|error| {
            Some(format!(
                "no se pudo iniciar Python: {}",
                disco::describir_io(&error)
            ))
        })?;
        let pedido = Pedido::Cargar {
            archivo: self.archivo.to_string_lossy(),
            modo: if self.solo_definiciones {
                "definiciones"
            } else {
                "completo"
            },
            limite: corrector.limite().as_secs_f64(),
            nombres: &corrector.nombres,
        };
        if !hijo.pedir(&pedido.linea()) {
            return Err(None);
        }
        let plazo = corrector.plazo_de_carga().min(self.resto());
        let Llegada::Linea(linea) = hijo.esperar(plazo) else {
            return Err(None);
        };
        let carga: Carga = serde_json::from_str(&linea).map_err(|_| None)?;
        if !carga.importa {
            return Err(Some(
                carga.error.unwrap_or_else(|| "no se pudo cargar".into()),
            ));
        }
        let funciones =
            PorFuncion::de(|funcion| carga.funciones.get(funcion.clave()).cloned().flatten());
        self.hijo = Some(hijo);
        let mut avisos = carga.avisos;
        if carga.avisos_omitidos > 0 {
            avisos.push(Aviso {
                linea: None,
                codigo: None,
                suceso: Suceso::Otros {
                    cuantos: carga.avisos_omitidos,
                },
            });
        }
        Ok(Encontradas {
            funciones,
            definidas: carga.definidas,
            avisos,
        })
    }

    /// The student's name for each function: the one looked for if the file has it,
    /// else, for each function missing, the first other function of the file that
    /// gets its first [`PRUEBAS`] cases right (a student's `contarFichas`). With
    /// `--funcion`, the name given and no other.
    fn nombres(&mut self, carga: &Encontradas) -> PorFuncion<Option<String>> {
        let mut nombres = carga.funciones.clone();
        let forzadas = &self.corrector.opciones.renombres;
        for funcion in Funcion::TODAS {
            if nombres[funcion].is_some() || forzadas.iter().any(|r| r.funcion == funcion) {
                continue;
            }
            let candidatas: Vec<String> = (carga.definidas.iter())
                .filter(|nombre| {
                    !Funcion::TODAS
                        .iter()
                        .any(|&f| nombres[f].as_ref() == Some(nombre))
                })
                .cloned()
                .collect();
            let casos = self.corrector.casos.de(funcion);
            let protocolo = self.corrector.casos.protocolo(funcion);
            let hasta = PRUEBAS.min(casos.len());
            nombres[funcion] = candidatas.into_iter().find(|candidata| {
                (self.correr(
                    funcion,
                    candidata,
                    (&casos[..hasta], &protocolo[..hasta]),
                    None,
                ))
                .aprobada()
            });
        }
        nombres
    }

    /// How long is left of the submission's time.
    fn resto(&self) -> Duration {
        self.fin.saturating_duration_since(Instant::now())
    }

    /// When a run of `n` cases, of the `quedan` still to run (its own included), must
    /// end: its share of the submission's time left, in proportion to its cases, so
    /// that a function that hangs often cannot leave the next ones without time. What
    /// a run does not use passes on to the next.
    fn parte(&self, n: usize, quedan: &mut usize) -> Instant {
        let parte = self.resto().mul_f64(n as f64 / (*quedan).max(1) as f64);
        *quedan = quedan.saturating_sub(n);
        Instant::now() + parte
    }

    /// `casos` (with their text for the harness) of `funcion`, called as `nombre`, in
    /// the submission's time, or with `quedan` (the cases still to run), in this run's
    /// share of it ([`Examen::parte`]), counted once a child is ready: what is left
    /// when it is over is not run.
    fn correr(
        &mut self,
        funcion: Funcion,
        nombre: &str,
        (casos, protocolo): (&[Caso], &[Box<RawValue>]),
        quedan: Option<&mut usize>,
    ) -> InformeFuncion {
        let corrector = self.corrector;
        let mut tanda = Tanda::nueva(
            casos,
            Recuento::nuevo(nombre, self.carpeta, corrector.opciones),
        );
        if self.hijo.is_none() && !self.resto().is_zero() && self.cargar().is_err() {
            // No child any more: the cases count as deaths, unless it was the time
            // that ran out while loading.
            tanda.abandonar(if self.resto().is_zero() {
                Abandono::TiempoTotal
            } else {
                Abandono::Muertes
            });
            return tanda.informe();
        }
        let hasta = quedan.map_or(self.fin, |quedan| self.parte(casos.len(), quedan));
        let resto = || hasta.saturating_duration_since(Instant::now());
        while tanda.pendiente() {
            if resto().is_zero() {
                tanda.abandonar(Abandono::TiempoTotal);
                break;
            }
            if self.hijo.is_none() && self.cargar().is_err() {
                // No child any more: the remaining cases count as deaths, unless it
                // was the time that ran out while loading.
                tanda.abandonar(if resto().is_zero() || self.resto().is_zero() {
                    Abandono::TiempoTotal
                } else {
                    Abandono::Muertes
                });
                break;
            }
            let hijo = self.hijo.as_mut().expect("recién cargado");
            let pedido = Pedido::Casos {
                funcion: funcion.clave(),
                nombre,
                limite: corrector.limite().as_secs_f64(),
                casos: &protocolo[tanda.siguiente..],
            };
            let mut vivo = hijo.pedir(&pedido.linea());
            if !vivo {
                // Gone before the first case: counted, so that this cannot go on.
                tanda.muertes += 1;
            }
            while vivo && tanda.quedan() {
                let resto = resto();
                match hijo.esperar(corrector.plazo().min(resto)) {
                    Llegada::Plazo if resto < corrector.plazo() => {
                        tanda.abandonar(Abandono::TiempoTotal);
                        vivo = false;
                    }
                    llegada => {
                        let (carpeta, archivo) = (self.carpeta, &self.archivo);
                        vivo = tanda.recibir(llegada, || {
                            hijo.volcar_pila(&carpeta.join(TRAZA));
                            donde_se_colgo(carpeta, archivo)
                        });
                    }
                }
            }
            if !vivo {
                self.hijo = None;
            }
        }
        tanda.informe()
    }
}

/// Grades `respuestas`, each function's answer lines as the harness writes them (line
/// `i` answers case `i + 1`), without a child: for fuzzing and tests, since a student's
/// code controls every byte of them. The cases are those of [`super::corregir`] with
/// the same options, and each answer is read and counted as there: the lines are split
/// as the child's are read, an answer that is not one is the process's death, each
/// restart goes on with the next line, and missing lines are the process's end. The
/// files of `guardarPartida`'s cases (`guardar-0001.txt`, …) are looked for in
/// `carpeta`. A function without answers (`None`) is one the file does not define; the
/// report names it after [`OpcionesCorreccion::nombres`] and the file after `carpeta`.
/// The cases of the last seed and amounts asked for are kept for the next call.
pub fn revisar_respuestas(
    respuestas: &PorFuncion<Option<&[u8]>>,
    carpeta: &Path,
    opciones: &OpcionesCorreccion,
) -> Resumen {
    let casos = casos_de(opciones.semilla.valor, opciones.cantidades());
    let buscados = opciones.nombres();
    let funciones = PorFuncion::de(|funcion| {
        let mut lineas = python::lineas(respuestas[funcion]?);
        let nombre = buscados[funcion]
            .first()
            .map_or(funcion.clave(), String::as_str);
        let mut tanda = Tanda::nueva(
            casos.de(funcion),
            Recuento::nuevo(nombre, carpeta, opciones),
        );
        while tanda.pendiente() {
            // A child (re)started: it answers with the lines that follow.
            let mut vivo = true;
            while vivo && tanda.quedan() {
                let llegada = lineas.next().map_or(Llegada::Fin, Llegada::Linea);
                vivo = tanda.recibir(llegada, Lugar::default);
            }
        }
        Some(tanda.informe())
    });
    let entrega =
        InformeEntrega::no_importa(&Entrega::de_archivo(carpeta.to_owned()), String::new());
    Resumen::nuevo(
        opciones.semilla.valor,
        &opciones.escala,
        vec![InformeEntrega {
            importa: true,
            error: None,
            funciones,
            buscados,
            ..entrega
        }],
    )
}

/// The cases that [`revisar_respuestas`] made last, with their seed and amounts.
static ULTIMOS_CASOS: Mutex<Option<(u64, Cantidades, Arc<Casos>)>> = Mutex::new(None);

/// The cases for `semilla` and `cantidades`, made again only when they change: a fuzzer
/// grades a million answers with the same ones, and making them (64 games) takes
/// milliseconds, most of each call.
fn casos_de(semilla: u64, cantidades: Cantidades) -> Arc<Casos> {
    let mut ultimos = ULTIMOS_CASOS.lock().unwrap_or_else(PoisonError::into_inner);
    match &*ultimos {
        Some((s, c, casos)) if (*s, *c) == (semilla, cantidades) => Arc::clone(casos),
        _ => {
            let casos = Arc::new(Casos::generar(semilla, cantidades));
            *ultimos = Some((semilla, cantidades, Arc::clone(&casos)));
            casos
        }
    }
}

/// One function's cases as their answers arrive, from a child or from lines given: what
/// each answer counts as, the time-outs and deaths, and the rule of three.
struct Tanda<'a> {
    casos: &'a [Caso],
    recuento: Recuento<'a>,
    /// The next case to answer, from 0.
    siguiente: usize,
    /// Calls that did not end in time.
    tiempos: usize,
    /// Times the process died.
    muertes: usize,
}

impl<'a> Tanda<'a> {
    fn nueva(casos: &'a [Caso], recuento: Recuento<'a>) -> Tanda<'a> {
        Tanda {
            casos,
            recuento,
            siguiente: 0,
            tiempos: 0,
            muertes: 0,
        }
    }

    /// Whether some case is still to be asked for. Once time-outs (or calls out of
    /// memory), or deaths, are most of the calls so far and at least three, the
    /// remaining cases are not run, and none is.
    fn pendiente(&mut self) -> bool {
        if let Some(motivo) = self.se_rinde() {
            self.abandonar(motivo);
        }
        self.quedan()
    }

    /// Why the remaining cases are not to be run, if they are not: time-outs (or calls
    /// out of memory), or deaths, are most of the calls so far, and at least three.
    fn se_rinde(&self) -> Option<Abandono> {
        let casi_siempre = |fallas: usize| fallas >= TRES && 2 * fallas > self.siguiente;
        if casi_siempre(self.tiempos) {
            Some(Abandono::Tiempos)
        } else if casi_siempre(self.muertes) {
            Some(Abandono::Muertes)
        } else {
            None
        }
    }

    /// Counts every case without an answer as not run, for `motivo`.
    fn abandonar(&mut self, motivo: Abandono) {
        for (i, caso) in self.casos.iter().enumerate().skip(self.siguiente) {
            self.recuento
                .anotar(caso, i + 1, &Obtenido::SinCorrer(motivo));
        }
        self.siguiente = self.casos.len();
    }

    /// Whether some case has no answer yet.
    fn quedan(&self) -> bool {
        self.siguiente < self.casos.len()
    }

    /// Counts `llegada` as the answer to the next case, which must exist ([`quedan`]).
    /// `false` when the child is not to be trusted any more and must be restarted: it
    /// did not answer in time or the call ran past its time (the student's code may
    /// have been stopped halfway), died, or sent something that is not the answer; or
    /// when the function's remaining cases are given up ([`Tanda::se_rinde`]). A call
    /// out of memory keeps the child: what the student's code keeps is part of it.
    ///
    /// A call that did not answer in time was at `colgado()`.
    ///
    /// [`quedan`]: Tanda::quedan
    fn recibir(&mut self, llegada: Llegada, colgado: impl FnOnce() -> Lugar) -> bool {
        let id = self.siguiente + 1;
        let (obtenido, mut sigue) = match llegada {
            Llegada::Linea(linea) => match Obtenido::leer(&linea, id) {
                Some(obtenido) => (obtenido, true),
                None => (Obtenido::muerte(), false),
            },
            Llegada::Plazo => (Obtenido::Tiempo { lugar: colgado() }, false),
            Llegada::Fin => (Obtenido::muerte(), false),
        };
        match obtenido {
            Obtenido::Tiempo { .. } => {
                self.tiempos += 1;
                sigue = false;
            }
            Obtenido::Memoria => self.tiempos += 1,
            Obtenido::Salida { codigo: None } => self.muertes += 1,
            _ => {}
        }
        self.recuento
            .anotar(&self.casos[self.siguiente], id, &obtenido);
        self.siguiente += 1;
        sigue && self.se_rinde().is_none()
    }

    fn informe(self) -> InformeFuncion {
        self.recuento.informe()
    }
}

/// The file in the child's folder where the harness's faulthandler writes the stack of
/// a call that does not come back, when asked ([`Hijo::volcar_pila`]).
const TRAZA: &str = ".othello-traza";

/// Where the call that did not answer in time was, from the stack that the harness
/// wrote in `carpeta` (its folder) for the student's file `archivo`.
fn donde_se_colgo(carpeta: &Path, archivo: &Path) -> Lugar {
    let traza = fs::read(carpeta.join(TRAZA)).unwrap_or_default();
    let fuente = fs::read(archivo).unwrap_or_default();
    lugar_en_la_traza(
        &String::from_utf8_lossy(&traza),
        &archivo.to_string_lossy(),
        &String::from_utf8_lossy(&fuente),
    )
}

/// The innermost place in the student's file `archivo` (whose text is `fuente`) of a
/// stack as faulthandler writes it, most recent call first (`  File "PATH", line N in
/// NAME`). A frame on a `def` line had just been entered: the one that called it says
/// more, when there is one.
fn lugar_en_la_traza(traza: &str, archivo: &str, fuente: &str) -> Lugar {
    let prefijo = format!("File \"{archivo}\", line ");
    let lineas: Vec<&str> = fuente.lines().collect();
    let marcos: Vec<Lugar> = (traza.lines())
        .filter_map(|linea| {
            let resto = linea.trim_start().strip_prefix(&prefijo)?;
            let (numero, funcion) = resto.split_once(" in ")?;
            let numero: u32 = numero.parse().ok()?;
            let codigo = (numero.checked_sub(1))
                .and_then(|i| lineas.get(i as usize))
                .map(|codigo| crate::texto::acortar(codigo.trim_start_matches('\u{feff}').trim()));
            Some(Lugar {
                funcion: Some(crate::texto::acortar(funcion.trim())),
                linea: Some(numero),
                codigo,
            })
        })
        .collect();
    let entrando =
        |lugar: &&Lugar| (lugar.codigo.as_deref()).is_some_and(|c| c.starts_with("def "));
    (marcos.iter().find(|lugar| !entrando(lugar)))
        .or(marcos.first())
        .cloned()
        .unwrap_or_default()
}

/// What is wrong with `obtenido` as the answer to `caso`; `None` if it is right.
/// `carpeta` is the child's working folder, where files are saved.
pub(super) fn revisar(caso: &Caso, obtenido: &Obtenido, carpeta: &Path) -> Option<Revisado> {
    let (r, t) = match obtenido {
        Obtenido::Valor { r, t } => (r, t.as_ref()),
        Obtenido::Excepcion { .. } => return Some(Revisado::de(Tipo::Excepcion)),
        Obtenido::Tiempo { .. } => return Some(Revisado::de(Tipo::Tiempo)),
        Obtenido::Memoria => return Some(Revisado::de(Tipo::Memoria)),
        Obtenido::Salida { .. } => return Some(Revisado::de(Tipo::Salida)),
        Obtenido::SinCorrer(_) => return Some(Revisado::de(Tipo::SinCorrer)),
    };
    let fallo = match caso {
        Caso::Jugar {
            tablero, despues, ..
        } => {
            if *r != Value::Bool(despues.is_some()) {
                Some(Tipo::Resultado)
            } else if !es_tablero(t, despues.as_ref().unwrap_or(tablero)) {
                Some(Tipo::Tablero)
            } else {
                None
            }
        }
        Caso::Contar { tablero, casilla } => {
            let esperado = crate::contar(tablero, &casilla.to_string()) as u64;
            (r.as_u64() != Some(esperado)).then_some(Tipo::Resultado)
        }
        Caso::Guardar {
            tablero, archivo, ..
        } => {
            if let Some(problema) = revisar_archivo(carpeta, archivo, tablero) {
                return Some(Revisado {
                    tipo: Tipo::Archivo,
                    archivo: Some(problema),
                });
            }
            (!es_tablero(t, tablero)).then_some(Tipo::Tablero)
        }
        Caso::Cargar { tablero, .. } => (!es_tablero(Some(r), tablero)).then_some(Tipo::Resultado),
    };
    fallo.map(Revisado::de)
}

/// What is wrong with the file `nombre` in `carpeta`, which should hold `tablero` in the
/// homework's format as the project's own tolerant reader reads it.
fn revisar_archivo(carpeta: &Path, nombre: &str, tablero: &Tablero) -> Option<ArchivoObtenido> {
    let problema =
        |texto: Option<String>, problema: String| Some(ArchivoObtenido { texto, problema });
    let bytes = match disco::leer_archivo(carpeta.join(nombre)) {
        Ok(bytes) => bytes,
        Err(ErrorArchivo::NoExiste { .. }) => {
            return problema(None, format!("no se creó el archivo «{nombre}»"));
        }
        Err(ErrorArchivo::DemasiadoGrande { .. }) => {
            return problema(
                None,
                format!("«{nombre}» pesa más de 64 KiB: no puede ser un tablero"),
            );
        }
        Err(error) => return problema(None, format!("no se pudo leer «{nombre}»: {error}")),
    };
    let texto = String::from_utf8_lossy(&bytes).into_owned();
    match archivo::leer_bytes(&bytes) {
        Ok(leido) if leido == *tablero => None,
        Ok(_) => problema(Some(texto), "el archivo tiene otro tablero".into()),
        Err(_) if bytes.is_empty() => problema(
            Some(texto),
            "el archivo quedó vacío (¿se cerró después de escribirlo?)".into(),
        ),
        Err(error) => problema(
            Some(texto),
            format!("no está en el formato de la tarea: {error}"),
        ),
    }
}

/// The count of one function's cases, with the first failures of each kind.
struct Recuento<'a> {
    nombre: String,
    carpeta: &'a Path,
    opciones: &'a OpcionesCorreccion,
    casos: usize,
    correctos: usize,
    por_tipo: BTreeMap<Tipo, usize>,
    fuera_de_la_nota: usize,
    fallas: Vec<Falla>,
}

impl<'a> Recuento<'a> {
    /// The count of the function the student calls `nombre`, whose files are saved in
    /// `carpeta`.
    fn nuevo(nombre: &str, carpeta: &'a Path, opciones: &'a OpcionesCorreccion) -> Recuento<'a> {
        Recuento {
            nombre: nombre.to_owned(),
            carpeta,
            opciones,
            casos: 0,
            correctos: 0,
            por_tipo: BTreeMap::new(),
            fuera_de_la_nota: 0,
            fallas: Vec::new(),
        }
    }

    fn anotar(&mut self, caso: &Caso, id: usize, obtenido: &Obtenido) {
        self.casos += 1;
        if *obtenido == Obtenido::SinCorrer(Abandono::TiempoTotal) {
            self.fuera_de_la_nota += 1;
        }
        let Some(revisado) = revisar(caso, obtenido, self.carpeta) else {
            self.correctos += 1;
            return;
        };
        let vistos = self.por_tipo.entry(revisado.tipo).or_default();
        *vistos += 1;
        // Of the cases not run, one example tells why; they all look alike.
        let ejemplos = match revisado.tipo {
            Tipo::SinCorrer => self.opciones.ejemplos.min(1),
            _ => self.opciones.ejemplos,
        };
        if *vistos <= ejemplos {
            self.fallas.push(ejemplo::falla(
                caso,
                id,
                &self.nombre,
                obtenido,
                &revisado,
                self.opciones.tiempo_limite,
            ));
        }
    }

    /// The report, with the examples by kind and then case, as the text shows them.
    fn informe(mut self) -> InformeFuncion {
        self.fallas.sort_by_key(|falla| (falla.tipo, falla.caso));
        InformeFuncion {
            nombre: self.nombre,
            casos: self.casos,
            correctos: self.correctos,
            por_tipo: self.por_tipo,
            fuera_de_la_nota: self.fuera_de_la_nota,
            fallas: self.fallas,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opciones() -> OpcionesCorreccion {
        OpcionesCorreccion {
            casos: Some(8),
            ..OpcionesCorreccion::default()
        }
    }

    /// The report of `jugar`'s answers alone.
    fn jugar(respuestas: &str) -> InformeFuncion {
        let carpeta = tempfile::tempdir().unwrap();
        let respuestas = PorFuncion {
            jugar: Some(respuestas.as_bytes()),
            ..PorFuncion::default()
        };
        let resumen = revisar_respuestas(&respuestas, carpeta.path(), &opciones());
        resumen.entregas()[0].funciones.jugar.clone().unwrap()
    }

    #[test]
    fn el_lugar_de_una_llamada_colgada_sale_de_la_traza() {
        let fuente = "import time\n\ndef esperar():\n    time.sleep(10)\n\ndef jugar(t, p, v):\n    \
                      while True:\n        try:\n            esperar()\n        except BaseException:\n            \
                      pass\n";
        let traza = "Timeout (0:00:01.750000)!\nThread 0x00007f (most recent call first):\n  \
                     File \"/tmp/e/tarea.py\", line 4 in esperar\n  \
                     File \"/tmp/e/tarea.py\", line 9 in jugar\n  \
                     File \"<string>\", line 170 in <lambda>\n";
        let lugar = lugar_en_la_traza(traza, "/tmp/e/tarea.py", fuente);
        assert_eq!(
            (
                lugar.funcion.as_deref(),
                lugar.linea,
                lugar.codigo.as_deref()
            ),
            (Some("esperar"), Some(4), Some("time.sleep(10)"))
        );
        // Just entering a function: its caller's line.
        let entrando = traza.replace("line 4 in", "line 3 in");
        let lugar = lugar_en_la_traza(&entrando, "/tmp/e/tarea.py", fuente);
        assert_eq!(
            (lugar.linea, lugar.codigo.as_deref()),
            (Some(9), Some("esperar()"))
        );
        // Another file's stack, or none: nothing to say.
        assert_eq!(
            lugar_en_la_traza(traza, "/otra.py", fuente),
            Lugar::default()
        );
        assert_eq!(
            lugar_en_la_traza("", "/tmp/e/tarea.py", fuente),
            Lugar::default()
        );
    }

    #[test]
    fn los_ejemplos_van_por_tipo_y_caso() {
        let informe = jugar(
            "{\"id\": 1, \"tipo\": \"excepcion\", \"excepcion\": \"IndexError\"}\n\
             {\"id\": 2, \"r\": \"sí\"}\n",
        );
        let orden: Vec<(Tipo, usize)> = informe.fallas.iter().map(|f| (f.tipo, f.caso)).collect();
        assert_eq!(
            orden,
            [
                (Tipo::Resultado, 2),
                (Tipo::Excepcion, 1),
                (Tipo::Salida, 3),
                (Tipo::Salida, 4),
                (Tipo::Salida, 5),
                // After three deaths the rest is not run: one example says so.
                (Tipo::SinCorrer, 6),
            ]
        );
    }
}
