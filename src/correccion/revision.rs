//! Grading one submission: the child's life (loading, restarts, deadlines) and the
//! comparison of every answer with the library's.
//!
//! The cases of a function go to the child in one request and come back one line each,
//! so a case costs no round trip; each line has its own deadline, and an answer that
//! comes back later than the time limit counts as a call that did not end, whatever it
//! says (the student's code may have put the harness's alarm aside). A case that does
//! not answer in time is a `tiempo` and the child is restarted; one whose process dies
//! is a `salida` and the child is restarted too; either way grading goes on with the
//! next case, so that a hang in a rare situation costs only its cases. Once either kind
//! is most of a function's calls so far, and at least three, the function hangs or dies
//! as a rule: its remaining cases count as that kind without running. That handling of
//! the answers ([`Tanda`]) is the same for answers given as bytes
//! ([`revisar_respuestas`]).
//!
//! Cases run in two rounds. First a sample of every function ([`Cantidades::muestra`]:
//! the first cases of each, which cover every kind), given at least the time its calls
//! could take at the limit, whatever `--tiempo-por-entrega` says: a case of the sample
//! that does not run counts as failed, so that a submission cannot be graded on a few
//! cases it got right. Then the rest, in what is left of the submission's time: what
//! does not run is left out of the grade, and the report says so.

use std::{
    collections::BTreeMap,
    path::Path,
    sync::{Arc, Mutex, PoisonError},
    time::{Duration, Instant},
};

use serde::{Deserialize, Serialize};
use serde_json::{Value, value::RawValue};

use super::{
    casos::{Cantidades, Caso, Casos},
    ejemplo::{self, Falla},
    entrega::{Archivos, Entrega},
    error::ErrorCorreccion,
    funcion::{Funcion, PorFuncion},
    informe::{InformeEntrega, InformeFuncion, Resumen},
    opciones::OpcionesCorreccion,
    programa::{self, Programa},
    python::{self, Hijo, Interprete, Llegada, como_latin1},
    respuesta::{
        Abandono, ArchivoObtenido, Aviso, Guardado, Lugar, Obtenido, Revisado, Suceso, Tipo,
        es_tablero,
    },
    vivos,
};
use othello::{Tablero, disco::ErrorAjeno, formato::archivo};

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
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion`] when the grader itself cannot work (no temporary folder, no
    /// process can start): then nobody is to be graded, rather than everybody failed.
    pub(super) fn corregir(&self, entrega: &Entrega) -> Result<InformeEntrega, ErrorCorreccion> {
        let archivos = match entrega.archivos() {
            Ok(archivos) => archivos,
            Err(falta) => return Ok(InformeEntrega::sin_archivo(entrega, &falta)),
        };
        let carpeta = vivos::CarpetaTemporal::nueva().map_err(ErrorCorreccion::Temporal)?;
        let ahora = Instant::now();
        let muestra = self.opciones.cantidades().muestra();
        let llamadas_de_la_muestra = (Funcion::TODAS.iter())
            .map(|&funcion| muestra.de(funcion))
            .sum::<usize>()
            + muestra.robustez;
        let mut examen = Examen {
            corrector: self,
            carpeta: carpeta.path(),
            archivos: &archivos,
            hijo: None,
            solo_definiciones: false,
            fin: ahora + self.opciones.tiempo_por_entrega,
            fin_de_la_muestra: ahora
                + self
                    .opciones
                    .tiempo_por_entrega
                    .max(self.limite() * u32::try_from(llamadas_de_la_muestra).unwrap_or(u32::MAX)),
        };
        let carga = match examen.cargar(examen.fin_de_la_muestra)? {
            Ok(carga) => carga,
            Err(error) => return Ok(InformeEntrega::no_importa(entrega, error)),
        };
        let mut al_cargar = carga.avisos.clone();
        if examen.solo_definiciones {
            al_cargar.push(Aviso {
                linea: None,
                codigo: None,
                interna: None,
                suceso: Suceso::SoloDefiniciones,
            });
        }
        let nombres = examen.nombres(&carga)?;
        let (funciones, robustez) = examen.correr_todo(&nombres, muestra)?;
        examen.hijo = None;
        let programa = if self.opciones.escala.pesos.programa > 0 {
            let programa = Programa {
                interprete: self.interprete,
                carpeta: carpeta.path(),
                archivos: &archivos,
                jugar: nombres.jugar.as_deref(),
                limite: self.limite(),
                memoria: self.opciones.memoria,
            };
            // Its own time: the functions' may all be spent.
            let fin = Instant::now() + self.opciones.tiempo_por_entrega;
            Some(programa::jugar_guiones(&programa, fin)?)
        } else {
            None
        };
        Ok(InformeEntrega {
            funciones,
            robustez,
            programa,
            definidas: carga.definidas,
            al_cargar,
            buscados: self.nombres.clone(),
            importa: true,
            error: None,
            ..InformeEntrega::no_importa(entrega, String::new())
        })
    }

    fn limite(&self) -> Duration {
        self.opciones.tiempo_limite
    }

    /// How long to wait for one answer: the harness stops a call at the limit; this
    /// is the backstop for code that swallows that.
    fn plazo(&self) -> Duration {
        self.limite() * 2 + Duration::from_secs(1)
    }

    /// How late an answer may come and still count as in time: the limit, and the
    /// harness's own work around a call on a busy machine.
    fn tolerancia(&self) -> Duration {
        self.limite() + self.limite() / 4 + Duration::from_millis(250)
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
        /// The file loaded, by its path among `archivos`.
        archivo: &'a str,
        /// The student's files, each path with its bytes as characters U+0000 to
        /// U+00FF (what JSON carries, and Python's `latin-1` gives back).
        archivos: Vec<(&'a str, String)>,
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

/// Where a run of cases stops: the case it must reach, the moment it must end by, and
/// what the cases it does not reach count as.
#[derive(Clone, Copy)]
struct Ronda {
    /// The first case (from 0) not in the round.
    hasta: usize,
    /// When the round's time is over.
    fin: Instant,
    /// Why its cases not run were not.
    abandono: Abandono,
}

/// The exam of one submission: its child, restarted when needed, its folder and its
/// time.
struct Examen<'a> {
    corrector: &'a Corrector<'a>,
    carpeta: &'a Path,
    archivos: &'a Archivos,
    hijo: Option<Hijo>,
    /// Set when running the whole file killed or hung the process: from then on only
    /// its definitions are run.
    solo_definiciones: bool,
    /// When the submission's time is over (`--tiempo-por-entrega`): what is left then
    /// is not run, so that one submission cannot hold up a class.
    fin: Instant,
    /// When the sample's time is over: the time its calls could take at the limit, at
    /// least the submission's.
    fin_de_la_muestra: Instant,
}

/// One function's cases, run in two rounds ([`Examen::correr_todo`]).
struct Corrida<'c> {
    /// The function; `None` for `jugar`'s robustness cases.
    funcion: Option<Funcion>,
    /// The student's name for it.
    nombre: &'c str,
    casos: &'c [Caso],
    /// The cases' text for the harness.
    protocolo: &'c [Box<RawValue>],
    /// How many of them are the sample.
    muestra: usize,
}

/// The reports of every function found and of the robustness cases.
type Informes = (PorFuncion<Option<InformeFuncion>>, Option<InformeFuncion>);

impl<'a> Examen<'a> {
    /// Starts a child and loads the file, by `fin` at the latest. If the whole file
    /// does not load (it ends the process or hangs), loads only its definitions. The
    /// inner error says why the file does not load.
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion`] if no process can start.
    fn cargar(&mut self, fin: Instant) -> Result<Result<Encontradas, String>, ErrorCorreccion> {
        loop {
            match self.intentar_carga(fin)? {
                Ok(encontradas) => return Ok(Ok(encontradas)),
                Err(Some(error)) => return Ok(Err(error)),
                Err(None) if !self.solo_definiciones => self.solo_definiciones = true,
                Err(None) => {
                    return Ok(Err(
                        "Python no terminó de cargar el archivo, ni siquiera solo sus \
                         definiciones: el proceso murió o no respondió (¿muy poca --memoria?)"
                            .into(),
                    ));
                }
            }
        }
    }

    /// One try: `Err(None)` if the process died or hung, `Err(Some(..))` if the file
    /// does not load.
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion`] if no process can start.
    fn intentar_carga(
        &mut self,
        fin: Instant,
    ) -> Result<Result<Encontradas, Option<String>>, ErrorCorreccion> {
        self.hijo = None;
        let corrector = self.corrector;
        let mut hijo = Hijo::lanzar(
            corrector.interprete,
            self.carpeta,
            corrector.opciones.memoria,
        )
        .map_err(ErrorCorreccion::Lanzar)?;
        let pedido = Pedido::Cargar {
            archivo: &self.archivos.principal,
            archivos: (self.archivos.todos.iter())
                .map(|(nombre, bytes)| (nombre.as_str(), como_latin1(bytes)))
                .collect(),
            modo: if self.solo_definiciones {
                "definiciones"
            } else {
                "completo"
            },
            limite: corrector.limite().as_secs_f64(),
            nombres: &corrector.nombres,
        };
        if !hijo.pedir(&pedido.linea()) {
            return Ok(Err(None));
        }
        let plazo = corrector
            .plazo_de_carga()
            .min(fin.saturating_duration_since(Instant::now()));
        let Llegada::Linea(linea) = hijo.esperar(plazo) else {
            return Ok(Err(None));
        };
        let Ok(carga) = serde_json::from_str::<Carga>(&linea) else {
            return Ok(Err(None));
        };
        if !carga.importa {
            return Ok(Err(Some(
                // The harness always says why: without it, the line is the student's.
                carga.error.unwrap_or_else(|| {
                    "el archivo escribió en el canal privado del corrector algo que no es una \
                     respuesta"
                        .into()
                }),
            )));
        }
        let funciones =
            PorFuncion::de(|funcion| carga.funciones.get(funcion.clave()).cloned().flatten());
        self.hijo = Some(hijo);
        let mut avisos = carga.avisos;
        if carga.avisos_omitidos > 0 {
            avisos.push(Aviso {
                linea: None,
                codigo: None,
                interna: None,
                suceso: Suceso::Otros {
                    cuantos: carga.avisos_omitidos,
                },
            });
        }
        Ok(Ok(Encontradas {
            funciones,
            definidas: carga.definidas,
            avisos,
        }))
    }

    /// The student's name for each function: the one looked for if the file has it,
    /// else, for each function missing, the first other function of the file that
    /// gets its first [`PRUEBAS`] cases right (a student's `contarFichas`). With
    /// `--funcion`, the name given and no other.
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion`] if no process can start.
    fn nombres(
        &mut self,
        carga: &Encontradas,
    ) -> Result<PorFuncion<Option<String>>, ErrorCorreccion> {
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
            let ronda = Ronda {
                hasta: PRUEBAS.min(casos.len()),
                fin: self.fin_de_la_muestra,
                abandono: Abandono::Muestra,
            };
            for candidata in candidatas {
                let mut tanda = self.tanda(casos, &candidata);
                self.correr(&mut tanda, funcion, protocolo, ronda)?;
                if tanda.informe().aprobada() {
                    nombres[funcion] = Some(candidata);
                    break;
                }
            }
        }
        Ok(nombres)
    }

    /// A count of `casos`, called as `nombre`.
    fn tanda<'c>(&self, casos: &'c [Caso], nombre: &str) -> Tanda<'c>
    where
        'a: 'c,
    {
        Tanda::nueva(casos, Recuento::nuevo(nombre, self.corrector.opciones))
    }

    /// Every function found, called by `nombres`, and the robustness cases of `jugar`:
    /// first the `muestra` of each, then the rest, each run in its share of its
    /// round's time ([`Examen::reparto`]).
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion`] if no process can start.
    fn correr_todo(
        &mut self,
        nombres: &PorFuncion<Option<String>>,
        muestra: Cantidades,
    ) -> Result<Informes, ErrorCorreccion> {
        let casos = self.corrector.casos;
        // The robustness cases last, as `jugar`.
        let mut corridas: Vec<Corrida> = (Funcion::TODAS.into_iter())
            .filter_map(|funcion| {
                Some(Corrida {
                    funcion: Some(funcion),
                    nombre: nombres[funcion].as_deref()?,
                    casos: casos.de(funcion),
                    protocolo: casos.protocolo(funcion),
                    muestra: muestra.de(funcion),
                })
            })
            .collect();
        if let Some(nombre) = nombres.jugar.as_deref() {
            corridas.push(Corrida {
                funcion: None,
                nombre,
                casos: casos.robustez(),
                protocolo: casos.protocolo_robustez(),
                muestra: muestra.robustez,
            });
        }
        let mut tandas: Vec<Tanda> = (corridas.iter())
            .map(|corrida| self.tanda(corrida.casos, corrida.nombre))
            .collect();
        for (fin, abandono, de_la_muestra) in [
            (self.fin_de_la_muestra, Abandono::Muestra, true),
            (self.fin, Abandono::TiempoTotal, false),
        ] {
            let rondas: Vec<usize> = (corridas.iter())
                .map(|corrida| match de_la_muestra {
                    true => corrida.muestra.min(corrida.casos.len()),
                    false => corrida.casos.len(),
                })
                .collect();
            let mut quedan: usize = (tandas.iter().zip(&rondas))
                .map(|(tanda, &hasta)| hasta.saturating_sub(tanda.siguiente))
                .sum();
            for ((tanda, corrida), &hasta) in tandas.iter_mut().zip(&corridas).zip(&rondas) {
                let n = hasta.saturating_sub(tanda.siguiente);
                let ronda = Ronda {
                    hasta,
                    fin: reparto(fin, n, &mut quedan),
                    abandono,
                };
                let funcion = corrida.funcion.unwrap_or(Funcion::Jugar);
                self.correr(tanda, funcion, corrida.protocolo, ronda)?;
            }
        }
        let mut funciones = PorFuncion::default();
        let mut robustez = None;
        for (corrida, tanda) in corridas.into_iter().zip(tandas) {
            match corrida.funcion {
                Some(funcion) => funciones[funcion] = Some(tanda.informe()),
                None => robustez = Some(tanda.informe()),
            }
        }
        Ok((funciones, robustez))
    }

    /// The cases of `tanda` up to `ronda`'s (with their text for the harness,
    /// `protocolo`), of `funcion`, by `ronda`'s end: what is left then counts as its
    /// `abandono`.
    ///
    /// # Errors
    ///
    /// [`ErrorCorreccion`] if no process can start.
    fn correr(
        &mut self,
        tanda: &mut Tanda,
        funcion: Funcion,
        protocolo: &[Box<RawValue>],
        ronda: Ronda,
    ) -> Result<(), ErrorCorreccion> {
        let corrector = self.corrector;
        let resto = || ronda.fin.saturating_duration_since(Instant::now());
        while tanda.pendiente(ronda.hasta) {
            if resto().is_zero() {
                tanda.abandonar(ronda.hasta, ronda.abandono);
                break;
            }
            if self.hijo.is_none() && self.cargar(ronda.fin)?.is_err() {
                // No child any more: the remaining cases count as deaths, unless it
                // was the time that ran out while loading.
                let motivo = if resto().is_zero() {
                    ronda.abandono
                } else {
                    Abandono::Muertes
                };
                tanda.abandonar(ronda.hasta, motivo);
                break;
            }
            let hijo = self.hijo.as_mut().expect("recién cargado");
            let pedido = Pedido::Casos {
                funcion: funcion.clave(),
                nombre: tanda.recuento.nombre.as_str(),
                limite: corrector.limite().as_secs_f64(),
                casos: &protocolo[tanda.siguiente..ronda.hasta],
            };
            let mut vivo = hijo.pedir(&pedido.linea());
            if !vivo {
                // Gone before the first case: counted, so that this cannot go on.
                tanda.muertes += 1;
            }
            while vivo && tanda.siguiente < ronda.hasta {
                let resto = resto();
                let esperando = Instant::now();
                match hijo.esperar(corrector.plazo().min(resto)) {
                    Llegada::Plazo if resto < corrector.plazo() => {
                        tanda.abandonar(ronda.hasta, ronda.abandono);
                        vivo = false;
                    }
                    llegada => {
                        let tarde = esperando.elapsed() > corrector.tolerancia();
                        let principal = &self.archivos.principal;
                        let fuente = self.archivos.fuente();
                        vivo = tanda.recibir(llegada, tarde, || {
                            lugar_en_la_traza(&hijo.volcar_pila(), principal, &fuente)
                        });
                    }
                }
            }
            if !vivo {
                self.hijo = None;
            }
        }
        Ok(())
    }
}

/// When a run of `n` cases, of the `quedan` still to run in a round that ends at `fin`
/// (its own included), must end: its share of the round's time left, in proportion to
/// its cases, so that a function that hangs often cannot leave the next ones without
/// time. What a run does not use passes on to the next.
fn reparto(fin: Instant, n: usize, quedan: &mut usize) -> Instant {
    let ahora = Instant::now();
    let parte = fin
        .saturating_duration_since(ahora)
        .mul_f64(n as f64 / (*quedan).max(1) as f64);
    *quedan = quedan.saturating_sub(n);
    ahora + parte
}

/// Grades `respuestas`, each function's answer lines as the harness writes them (line
/// `i` answers case `i + 1`), without a child: for fuzzing and tests, since a student's
/// code controls every byte of them. The cases are those of [`super::corregir`] with
/// the same options, and each answer is read and counted as there: the lines are split
/// as the child's are read, an answer that is not one is the process's death, each
/// restart goes on with the next line, and missing lines are the process's end. A
/// function without answers (`None`) is one the file does not define; the report names
/// it after [`OpcionesCorreccion::nombres`] and the submission after `archivo`. The
/// cases of the last seed and amounts asked for are kept for the next call.
pub fn revisar_respuestas(
    respuestas: &PorFuncion<Option<&[u8]>>,
    archivo: &Path,
    opciones: &OpcionesCorreccion,
) -> Resumen {
    let semilla = opciones.semilla.elegir();
    let casos = casos_de(semilla, opciones.cantidades());
    let buscados = opciones.nombres();
    let funciones = PorFuncion::de(|funcion| {
        let mut lineas = python::lineas(respuestas[funcion]?);
        let nombre = buscados[funcion]
            .first()
            .map_or(funcion.clave(), String::as_str);
        let casos = casos.de(funcion);
        let mut tanda = Tanda::nueva(casos, Recuento::nuevo(nombre, opciones));
        while tanda.pendiente(casos.len()) {
            // A child (re)started: it answers with the lines that follow.
            let mut vivo = true;
            while vivo && tanda.siguiente < casos.len() {
                let llegada = match lineas.next() {
                    Some(Some(linea)) => Llegada::Linea(linea),
                    Some(None) => Llegada::Desmedida,
                    None => Llegada::Fin,
                };
                vivo = tanda.recibir(llegada, false, Lugar::default);
            }
        }
        Some(tanda.informe())
    });
    let entrega =
        InformeEntrega::no_importa(&Entrega::de_archivo(archivo.to_owned()), String::new());
    Resumen::nuevo(
        semilla,
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

    /// Whether some case before `hasta` is still to be asked for. Once time-outs (or
    /// calls out of memory), or deaths, are most of the calls so far and at least
    /// three, the remaining cases (all of them) are not run, and none is.
    fn pendiente(&mut self, hasta: usize) -> bool {
        if let Some(motivo) = self.se_rinde() {
            self.abandonar(self.casos.len(), motivo);
        }
        self.siguiente < hasta.min(self.casos.len())
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

    /// Counts every case before `hasta` without an answer as not run, for `motivo`.
    fn abandonar(&mut self, hasta: usize, motivo: Abandono) {
        let hasta = hasta.min(self.casos.len());
        for (i, caso) in self.casos[..hasta].iter().enumerate().skip(self.siguiente) {
            self.recuento
                .anotar(caso, i + 1, &Obtenido::SinCorrer(motivo));
        }
        self.siguiente = self.siguiente.max(hasta);
    }

    /// Counts `llegada` as the answer to the next case, which must exist; `tarde`
    /// when it came after the time limit. `false` when the child is not to be trusted
    /// any more and must be restarted: it did not answer in time or the call ran past
    /// its time (the student's code may have been stopped halfway), died, or sent
    /// something that is not the answer; or when the function's remaining cases are
    /// given up ([`Tanda::se_rinde`]). A call out of memory keeps the child: what the
    /// student's code keeps is part of it.
    ///
    /// A call that did not answer in time was at `colgado()`.
    fn recibir(&mut self, llegada: Llegada, tarde: bool, colgado: impl FnOnce() -> Lugar) -> bool {
        let id = self.siguiente + 1;
        let (obtenido, mut sigue) = match llegada {
            Llegada::Linea(_) if tarde => (Obtenido::Tiempo { lugar: colgado() }, false),
            Llegada::Linea(linea) => match Obtenido::leer(&linea, id) {
                Some(obtenido) => (obtenido, true),
                None => (Obtenido::muerte(), false),
            },
            Llegada::Desmedida => (Obtenido::Protocolo, false),
            Llegada::Plazo => (Obtenido::Tiempo { lugar: colgado() }, false),
            Llegada::Fin => (Obtenido::muerte(), false),
        };
        match obtenido {
            Obtenido::Tiempo { .. } => {
                self.tiempos += 1;
                sigue = false;
            }
            Obtenido::Memoria => self.tiempos += 1,
            Obtenido::Salida { codigo: None } | Obtenido::Protocolo => self.muertes += 1,
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

/// The innermost place in the student's file `archivo` (a path inside the child's
/// folder; its text is `fuente`) of a stack as faulthandler writes it, most recent call
/// first (`  File "PATH", line N in NAME`, where PATH ends in `/archivo`). A frame on a
/// `def` line had just been entered: the one that called it says more, when there is
/// one.
fn lugar_en_la_traza(traza: &str, archivo: &str, fuente: &str) -> Lugar {
    let final_ = format!("/{archivo}\", line ");
    let lineas: Vec<&str> = fuente.lines().collect();
    let marcos: Vec<Lugar> = (traza.lines())
        .filter_map(|linea| {
            let linea = linea.trim_start().strip_prefix("File \"")?;
            let (_, resto) = linea.split_once(&final_)?;
            let (numero, funcion) = resto.split_once(" in ")?;
            let numero: u32 = numero.parse().ok()?;
            let codigo = (numero.checked_sub(1))
                .and_then(|i| lineas.get(i as usize))
                .map(|codigo| {
                    othello::texto::acortar(codigo.trim_start_matches('\u{feff}').trim())
                });
            Some(Lugar {
                funcion: Some(othello::texto::acortar(funcion.trim())),
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
pub(super) fn revisar(caso: &Caso, obtenido: &Obtenido) -> Option<Revisado> {
    let (r, t, guardado) = match obtenido {
        Obtenido::Valor { r, t, archivo } => (r, t.as_ref(), archivo.as_ref()),
        Obtenido::Excepcion { .. } => return Some(Revisado::de(Tipo::Excepcion)),
        Obtenido::Tiempo { .. } => return Some(Revisado::de(Tipo::Tiempo)),
        Obtenido::Memoria => return Some(Revisado::de(Tipo::Memoria)),
        Obtenido::Salida { .. } => return Some(Revisado::de(Tipo::Salida)),
        Obtenido::Protocolo => return Some(Revisado::de(Tipo::Protocolo)),
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
            let esperado = othello::contar(tablero, &casilla.to_string()) as u64;
            (r.as_u64() != Some(esperado)).then_some(Tipo::Resultado)
        }
        Caso::Guardar {
            tablero, archivo, ..
        } => {
            if let Some(problema) = revisar_archivo(archivo, guardado, tablero) {
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

/// What is wrong with the file `nombre` as the harness found it after the call
/// (`guardado`), which should hold `tablero` in the homework's format as the project's
/// own tolerant reader reads it.
fn revisar_archivo(
    nombre: &str,
    guardado: Option<&Guardado>,
    tablero: &Tablero,
) -> Option<ArchivoObtenido> {
    let problema =
        |texto: Option<String>, problema: String| Some(ArchivoObtenido { texto, problema });
    let bytes = match guardado {
        Some(Guardado::Bytes(bytes)) => bytes,
        Some(Guardado::Error(ErrorAjeno::NoExiste)) => {
            return problema(None, format!("no se creó el archivo «{nombre}»"));
        }
        Some(Guardado::Error(ErrorAjeno::Grande { .. })) => {
            return problema(
                None,
                format!("«{nombre}» pesa más de 64 KiB: no puede ser un tablero"),
            );
        }
        Some(Guardado::Error(error)) => return problema(None, format!("«{nombre}» {error}")),
        None => return problema(None, format!("no se pudo leer «{nombre}»")),
    };
    let texto = String::from_utf8_lossy(bytes).into_owned();
    match archivo::leer_bytes(bytes) {
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
    opciones: &'a OpcionesCorreccion,
    casos: usize,
    correctos: usize,
    por_tipo: BTreeMap<Tipo, usize>,
    fuera_de_la_nota: usize,
    fallas: Vec<Falla>,
}

impl<'a> Recuento<'a> {
    /// The count of the function the student calls `nombre`.
    fn nuevo(nombre: &str, opciones: &'a OpcionesCorreccion) -> Recuento<'a> {
        Recuento {
            nombre: nombre.to_owned(),
            opciones,
            casos: 0,
            correctos: 0,
            por_tipo: BTreeMap::new(),
            fuera_de_la_nota: 0,
            fallas: Vec::new(),
        }
    }

    /// Counts case `id`'s answer. A case that did not run because the submission's time
    /// was over is left out of the grade: no failure, no example.
    fn anotar(&mut self, caso: &Caso, id: usize, obtenido: &Obtenido) {
        self.casos += 1;
        if *obtenido == Obtenido::SinCorrer(Abandono::TiempoTotal) {
            self.fuera_de_la_nota += 1;
            return;
        }
        let Some(revisado) = revisar(caso, obtenido) else {
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
        let respuestas = PorFuncion {
            jugar: Some(respuestas.as_bytes()),
            ..PorFuncion::default()
        };
        let resumen = revisar_respuestas(&respuestas, Path::new("tarea.py"), &opciones());
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
        let lugar = lugar_en_la_traza(traza, "tarea.py", fuente);
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
        let lugar = lugar_en_la_traza(&entrando, "tarea.py", fuente);
        assert_eq!(
            (lugar.linea, lugar.codigo.as_deref()),
            (Some(9), Some("esperar()"))
        );
        // Another file's stack, or none: nothing to say.
        assert_eq!(
            lugar_en_la_traza(traza, "otra.py", fuente),
            Lugar::default()
        );
        assert_eq!(lugar_en_la_traza("", "tarea.py", fuente), Lugar::default());
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
