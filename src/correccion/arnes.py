# The harness that runs inside the child python3 process of `othello corregir`, after
# carga.py (the grader runs the two as one program): carga.py loads the student's file and
# calls its functions with the time limit; this file speaks the grader's protocol.
#
# It speaks to the grader on private copies of the standard input and output made before
# any student code runs: one JSON object per line each way. Then file descriptors 0 and 1
# point to /dev/null, so a student's input() finds no input and a student's print()
# disturbs nothing. Only the standard library is used, and Python 3.8 is enough.
#
# Requests:
#   {"orden": "cargar", "archivo": NAME, "archivos": [[NAME, BYTES], ...],
#    "modo": "completo" | "definiciones", "limite": SECONDS,
#    "nombres": {KEY: [NAME, ...], ...}}
#     (the student's files, written into the working folder under their names, paths
#     inside it, before the one named is loaded from there, so that they import each
#     other; BYTES is a string whose characters are the bytes, U+0000 to U+00FF)
#     -> {"importa": true, "funciones": {KEY: NAME | null}, "definidas": [NAME, ...],
#         "avisos": [{"tipo": "excepcion" | "salida" | "tiempo", "linea": N,
#                     "codigo": TEXT | null, "interna": {"linea": N, "codigo": TEXT}
#                     | null, ...as the answers below}, ...],
#         "avisos_omitidos": N}
#        (the top-level statements that failed, but the main program asking for
#        input; the first ten, and how many more; "interna", the innermost line of the
#        file it was at when that is another; the first 200 functions defined)
#      | {"importa": false, "error": TEXT, "linea": N | null}
#   {"orden": "casos", "funcion": KEY, "nombre": NAME, "limite": SECONDS,
#    "casos": [[ID, ...arguments], ...]}
#     (a case of guardar_partida ends with what the file holds before: null, or
#     {"texto": TEXT} written first, or {"tablero": 64 letters} saved first by the
#     same function under the same name; a case of cargar_partida is [ID, NAME, TEXT],
#     the file written before the call)
#     -> one line per case, in order: {"id": ID, "r": VALUE, "t": BOARD}
#        (for guardar_partida also "archivo": {"bytes": BYTES} with what the file holds
#        after the call, at most 64 KiB, or {"error": "no_existe" | "enlace" |
#        "carpeta" | "especial" | "grande" | "ilegible"}: opened without following a
#        link or waiting, its type checked on what was opened)
#      | {"id": ID, "tipo": "excepcion", "excepcion": NAME, "mensaje": TEXT,
#         "funcion": NAME | null, "linea": N | null, "codigo": TEXT | null}
#        (the function, line and code of the student's file where it was raised)
#      | {"id": ID, "tipo": "tiempo", "funcion": NAME | null, "linea": N | null,
#         "codigo": TEXT | null}
#        (where the call was when its time ran out)
#      | {"id": ID, "tipo": "salida", "codigo_salida": VALUE}
#
#   {"orden": "programa", "archivo": NAME, "archivos": [[NAME, BYTES], ...],
#    "limite": SECONDS, "jugar": NAME | null}
#     (runs the student's file as a program, `__name__` "__main__", after writing
#     their files; each input() asks the grader, and so does a line read from
#     sys.stdin; what it prints is kept, the last LARGO_PASO characters between two
#     questions; the student's `jugar` (by that name), when it has one, is watched;
#     time.sleep returns at once, os._exit raises SystemExit; one run per process, the
#     last request it serves)
#     -> at each input(): {"pide": PROMPT, "salida": TEXT, "cortada": BOOL,
#        "llamadas": [[POSITION, COLOUR, RESULT], ...]} (the calls of `jugar` since
#        the last question), answered by the grader with {"responde": TEXT}, or with
#        {"fin": true} when it has nothing more to say (input() then raises, as at the
#        end of a file)
#     -> at its end: {"termina": "fin" | "salida" | "excepcion" | "tiempo" |
#        "guion", "salida": TEXT, "cortada": BOOL, "llamadas": [...], "guardados":
#        [[NAME, BYTES], ...] (the files it wrote or changed in the working folder), and
#        as the answers below "excepcion", "mensaje", "linea", "codigo",
#        "codigo_salida"}
#        (each step from an answer to the next question, or to the end, has the time
#        limit)
#
# Values travel as JSON when Python's and JSON's agree (None, bool, int, str, lists of
# them), a board that is a list of 8 lists of 8 one-letter strings as {"filas": 64
# letters}, and anything else as {"repr": TEXT}.

import ast
import builtins
import errno
import faulthandler
import json
import os
import signal
import stat
import sys
import time
import types

ENTRADA = os.fdopen(os.dup(0), "r", encoding="utf-8")
SALIDA = os.fdopen(os.dup(1), "w", encoding="utf-8")
_nulo = os.open(os.devnull, os.O_RDWR)
os.dup2(_nulo, 0)
os.dup2(_nulo, 1)
os.close(_nulo)
CARPETA = os.getcwd()
# Where a call that does not come back (stuck in C code, or swallowing the time limit's
# exception) was: when the grader's deadline passes, it sends SIGUSR1, faulthandler
# writes the stack to descriptor 3 (a file in the grader's memory) from the signal
# handler itself, and the grader reads it.
try:
    TRAZA = os.fdopen(3, "w")
except OSError:
    TRAZA = open(os.devnull, "w")
faulthandler.register(signal.SIGUSR1, file=TRAZA)
LARGO_TEXTO = 300
LARGO_ARCHIVO = 64 * 1024
MAX_DEFINIDAS = 200


def corto(texto):
    return texto if len(texto) <= LARGO_TEXTO else texto[:LARGO_TEXTO] + "…"


def texto_de(valor, funcion):
    try:
        return corto(funcion(valor))
    except BaseException:
        return "<" + type(valor).__name__ + ">"


def normal(valor, profundidad=0):
    tipo = type(valor)
    if valor is None or tipo is bool:
        return valor
    if tipo is int and abs(valor) < 2**53:
        return valor
    if tipo is str and len(valor) <= LARGO_TEXTO:
        return valor
    if tipo is list and profundidad < 3 and len(valor) <= 64:
        return [normal(elemento, profundidad + 1) for elemento in valor]
    return {"repr": texto_de(valor, repr)}


def tablero(valor):
    if (
        type(valor) is list
        and len(valor) == 8
        and all(type(fila) is list and len(fila) == 8 for fila in valor)
        and all(type(c) is str and len(c) == 1 for fila in valor for c in fila)
    ):
        return {"filas": "".join("".join(fila) for fila in valor)}
    return normal(valor)


def lista_de(filas):
    return [list(filas[i : i + 8]) for i in range(0, 64, 8)]


class Entrega:
    """The student's file: its text, decoded as it comes, and what it defined."""

    def __init__(self, archivo):
        self.archivo = archivo
        self.lineas = []
        self.espacio = {}

    def linea(self, numero):
        if numero is not None and 1 <= numero <= len(self.lineas):
            return corto(self.lineas[numero - 1].strip())
        return None

    def lugar_del_error(self, error):
        """Where in the student's file `error` was raised, as `lugar` says, with the
        function's name shortened."""
        numero, funcion = lugar(self.archivo, error)
        return numero, funcion and corto(funcion)


def escribir_archivos(archivos):
    """The student's files, written into the working folder under their paths inside
    it: new files, never through a link."""
    for nombre, contenido in archivos:
        ruta = os.path.join(CARPETA, nombre)
        if os.path.isabs(nombre) or ".." in nombre.split("/"):
            continue
        os.makedirs(os.path.dirname(ruta), exist_ok=True)
        if os.path.lexists(ruta) and not os.path.isdir(ruta):
            os.unlink(ruta)
        banderas = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        descriptor = os.open(ruta, banderas, 0o600)
        with os.fdopen(descriptor, "wb") as archivo:
            archivo.write(contenido.encode("latin-1"))


def como_cuaderno(archivo):
    """A notebook's code (the grader turns its cells into Python) runs as in Colab:
    `display` is a builtin, and IPython.display has display and clear_output."""
    if not archivo.lower().endswith(".ipynb"):
        return

    def display(*objetos, **_opciones):
        for objeto in objetos:
            print(objeto)

    def clear_output(*_argumentos, **_opciones):
        pass

    ipython = types.ModuleType("IPython")
    pantalla = types.ModuleType("IPython.display")
    pantalla.display, pantalla.clear_output = display, clear_output
    ipython.display = pantalla
    sys.modules["IPython"], sys.modules["IPython.display"] = ipython, pantalla
    builtins.display = display


def cargar_pedido(pedido):
    try:
        escribir_archivos(pedido["archivos"])
    except OSError as error:
        mensaje = "no se pudo preparar en su carpeta: " + str(error)
        return None, {"importa": False, "error": mensaje, "linea": None}
    archivo = os.path.join(CARPETA, pedido["archivo"])
    como_cuaderno(archivo)
    entrega = Entrega(archivo)
    try:
        texto = leer(archivo)
    except OSError as error:
        return None, {"importa": False, "error": "no se pudo leer: " + str(error), "linea": None}
    entrega.lineas = texto.split("\n")
    try:
        arbol = ast.parse(texto, archivo)
    except SyntaxError as error:
        mensaje = "error de sintaxis: " + str(error.msg)
        if error.lineno is not None:
            mensaje = "línea %d: %s" % (error.lineno, mensaje)
            codigo = entrega.linea(error.lineno)
            if codigo:
                mensaje += " («%s»)" % codigo
        return None, {"importa": False, "error": mensaje, "linea": error.lineno}
    except (ValueError, RecursionError, MemoryError) as error:
        return None, {"importa": False, "error": "no se pudo leer el código: %s" % error, "linea": None}
    solo_definiciones = pedido["modo"] == "definiciones"
    modulo, problemas = ejecutar(arbol, archivo, "entrega", pedido["limite"], solo_definiciones)
    espacio = modulo.__dict__
    entrega.espacio = espacio
    funciones = {}
    for clave, nombres in pedido["nombres"].items():
        funciones[clave] = next((n for n in nombres if callable(espacio.get(n))), None)
    definidas = [
        corto(nombre)
        for nombre, valor in espacio.items()
        if isinstance(valor, types.FunctionType) and valor.__module__ == "entrega"
    ][:MAX_DEFINIDAS]
    avisos = [aviso(entrega, *problema) for problema in problemas[:MAX_AVISOS]]
    return entrega, {
        "importa": True,
        "funciones": funciones,
        "definidas": definidas,
        "avisos": avisos,
        "avisos_omitidos": max(0, len(problemas) - MAX_AVISOS),
    }


MAX_AVISOS = 10


def aviso(entrega, linea, resultado, error):
    """A statement that failed while loading, the top-level one at `linea`, as `llamar`
    said, and where in the student's file it was when that is another line (inside a
    function it called)."""
    contestacion = {"tipo": resultado, "linea": linea, "codigo": entrega.linea(linea)}
    numero, _ = entrega.lugar_del_error(error)
    if numero is not None and numero != linea:
        contestacion["interna"] = {"linea": numero, "codigo": entrega.linea(numero)}
    if resultado == "excepcion":
        contestacion["excepcion"] = type(error).__name__
        contestacion["mensaje"] = texto_de(error, str)
    elif resultado == "salida":
        contestacion["codigo_salida"] = normal(error.code)
    return contestacion


def preparar_archivo(nombre, texto):
    """Before a case of guardar_partida on a file that exists, the other text in it; of
    cargar_partida, the board to load."""
    try:
        if os.path.islink(nombre) or os.path.isfile(nombre):
            os.unlink(nombre)
        banderas = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
        with os.fdopen(os.open(nombre, banderas, 0o600), "w", encoding="utf-8", newline="") as archivo:
            archivo.write(texto)
    except OSError:
        pass


def leer_guardado(nombre):
    """What a case of guardar_partida left in `nombre`, for the grader: opened without
    following a link nor waiting on a pipe, its type checked on what was opened, and
    at most LARGO_ARCHIVO bytes of it."""
    try:
        descriptor = os.open(nombre, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return {"error": "no_existe"}
    except OSError as error:
        return {"error": "enlace" if error.errno == errno.ELOOP else "ilegible"}
    with os.fdopen(descriptor, "rb") as archivo:
        modo = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(modo):
            return {"error": "carpeta"}
        if not stat.S_ISREG(modo):
            return {"error": "especial"}
        try:
            datos = archivo.read(LARGO_ARCHIVO + 1)
        except OSError:
            return {"error": "ilegible"}
    if len(datos) > LARGO_ARCHIVO:
        return {"error": "grande"}
    return {"bytes": datos.decode("latin-1")}


def llamada(clave, funcion, caso):
    """The board passed, if one is, and the call of the case."""
    if clave == "jugar":
        t = lista_de(caso[1])
        return t, lambda: funcion(t, caso[2], caso[3])
    if clave == "contar":
        return None, lambda: funcion(lista_de(caso[1]), caso[2])
    if clave == "guardar_partida":
        t, nombre, previo = lista_de(caso[1]), caso[2], caso[3]
        if previo is None:
            return t, lambda: funcion(t, nombre)
        if "texto" in previo:
            preparar_archivo(nombre, previo["texto"])
            return t, lambda: funcion(t, nombre)
        anterior = lista_de(previo["tablero"])
        return t, lambda: (funcion(anterior, nombre), funcion(t, nombre))[1]
    preparar_archivo(caso[1], caso[2])
    return None, lambda: funcion(caso[1])


def respuesta(entrega, clave, funcion, caso, limite):
    t, llamar_caso = llamada(clave, funcion, caso)
    resultado, valor = llamar(llamar_caso, limite)
    volver_del_hijo()
    os.chdir(CARPETA)
    if resultado == "ok":
        r = tablero(valor) if clave == "cargar_partida" else normal(valor)
        contestacion = {"id": caso[0], "r": r}
        if t is not None:
            contestacion["t"] = tablero(t)
        if clave == "guardar_partida":
            contestacion["archivo"] = leer_guardado(caso[2])
        return contestacion
    if resultado == "salida":
        return {"id": caso[0], "tipo": "salida", "codigo_salida": normal(valor.code)}
    numero, funcion = entrega.lugar_del_error(valor)
    lugar = {"funcion": funcion, "linea": numero, "codigo": entrega.linea(numero)}
    if resultado == "tiempo":
        return dict(id=caso[0], tipo="tiempo", **lugar)
    return dict(
        id=caso[0],
        tipo="excepcion",
        excepcion=type(valor).__name__,
        mensaje=texto_de(valor, str),
        **lugar,
    )


def casos(entrega, pedido):
    clave = pedido["funcion"]
    funcion = entrega.espacio.get(pedido["nombre"])
    for caso in pedido["casos"]:
        try:
            contestacion = respuesta(entrega, clave, funcion, caso, pedido["limite"])
        except MemoryError:
            contestacion = {
                "id": caso[0],
                "tipo": "excepcion",
                "excepcion": "MemoryError",
                "mensaje": "",
                "linea": None,
                "codigo": None,
            }
        escribir(contestacion)


def escribir(objeto):
    SALIDA.write(json.dumps(objeto) + "\n")
    SALIDA.flush()


LARGO_PASO = 64 * 1024


class FinDelGuion(BaseException):
    """The grader has nothing more to answer: the scripted game is over. A
    BaseException, so that `except Exception` in the student's code does not swallow
    it."""


class Impreso:
    """What a program prints (its sys.stdout and sys.stderr), kept between two of its
    questions: the last LARGO_PASO characters, and whether more came."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self):
        self.partes = []
        self.largo = 0
        self.cortado = False

    def write(self, texto):
        texto = texto if isinstance(texto, str) else str(texto)
        self.partes.append(texto)
        self.largo += len(texto)
        if self.largo > 2 * LARGO_PASO:
            junto = "".join(self.partes)[-LARGO_PASO:]
            self.partes, self.largo, self.cortado = [junto], len(junto), True
        return len(texto)

    def writelines(self, lineas):
        for linea in lineas:
            self.write(linea)

    def flush(self):
        pass

    def isatty(self):
        return False

    def tomar(self):
        texto = "".join(self.partes)
        cortado = self.cortado or len(texto) > LARGO_PASO
        self.partes, self.largo, self.cortado = [], 0, False
        return texto[-LARGO_PASO:], cortado


class Sesion:
    """One run of the student's program: its questions go to the grader, what it
    prints is kept, and the calls of its `jugar` are watched."""

    def __init__(self, pedido):
        self.limite = pedido["limite"]
        self.jugar = pedido.get("jugar")
        self.impreso = Impreso()
        self.llamadas = []
        self.abiertas = {}

    def mirar(self, marco, evento, valor):
        """The profiler: each call of the student's `jugar` and what it returned."""
        codigo = marco.f_code
        if codigo.co_name != self.jugar or not codigo.co_filename.startswith(CARPETA):
            return
        if evento == "call":
            nombres = codigo.co_varnames[: codigo.co_argcount]
            argumentos = [marco.f_locals.get(nombre) for nombre in nombres[1:3]]
            self.abiertas[id(marco)] = [normal(argumento) for argumento in argumentos]
        elif evento == "return" and id(marco) in self.abiertas:
            llamada = self.abiertas.pop(id(marco)) + [normal(valor)]
            if len(self.llamadas) < 1000:
                self.llamadas.append(llamada)

    def estado(self):
        texto, cortado = self.impreso.tomar()
        llamadas, self.llamadas = self.llamadas, []
        return {"salida": texto, "cortada": cortado, "llamadas": llamadas}

    def preguntar(self, pregunta=""):
        signal.setitimer(signal.ITIMER_REAL, 0)
        mensaje = self.estado()
        mensaje["pide"] = texto_de(pregunta, str)
        escribir(mensaje)
        linea = ENTRADA.readline()
        respuesta = json.loads(linea) if linea else {}
        if "responde" not in respuesta:
            raise FinDelGuion()
        signal.setitimer(signal.ITIMER_REAL, self.limite)
        return str(respuesta["responde"])

    def readline(self, *_argumentos):
        return self.preguntar() + "\n"

    def __iter__(self):
        return self

    def __next__(self):
        return self.readline()


GUARDADOS = 4
LARGO_GUARDADO = 4096


def estado_de_la_carpeta():
    """Each regular file of the working folder, by name, with its size and time."""
    estado = {}
    try:
        nombres = os.listdir(CARPETA)
    except OSError:
        return estado
    for nombre in nombres:
        try:
            datos = os.lstat(os.path.join(CARPETA, nombre))
        except OSError:
            continue
        if stat.S_ISREG(datos.st_mode):
            estado[nombre] = (datos.st_size, datos.st_mtime_ns)
    return estado


def guardados(antes):
    """The files of the working folder that are new or changed since `antes`: at most
    GUARDADOS, of their first LARGO_GUARDADO bytes, never through a link."""
    encontrados = []
    for nombre, datos in sorted(estado_de_la_carpeta().items()):
        if antes.get(nombre) == datos or len(encontrados) >= GUARDADOS:
            continue
        banderas = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
        try:
            descriptor = os.open(os.path.join(CARPETA, nombre), banderas)
        except OSError:
            continue
        try:
            if stat.S_ISREG(os.fstat(descriptor).st_mode):
                contenido = os.read(descriptor, LARGO_GUARDADO)
                encontrados.append([nombre, contenido.decode("latin-1")])
        except OSError:
            pass
        finally:
            os.close(descriptor)
    return encontrados


def salir(codigo=0):
    """os._exit in the student's program: SystemExit, so that what it printed is sent."""
    raise SystemExit(codigo)


def programa(pedido):
    """Runs the student's file as a program, as the header tells."""
    try:
        escribir_archivos(pedido["archivos"])
        archivo = os.path.join(CARPETA, pedido["archivo"])
        como_cuaderno(archivo)
        texto = leer(archivo)
        codigo = compile(texto, archivo, "exec")
    except SyntaxError as error:
        escribir({"termina": "excepcion", "excepcion": "SyntaxError", "mensaje": str(error.msg),
                  "linea": error.lineno, "salida": "", "cortada": False, "llamadas": []})
        return
    except (OSError, ValueError, RecursionError, MemoryError) as error:
        escribir({"termina": "excepcion", "excepcion": type(error).__name__,
                  "mensaje": texto_de(error, str), "salida": "", "cortada": False, "llamadas": []})
        return
    entrega = Entrega(archivo)
    entrega.lineas = texto.split("\n")
    antes = estado_de_la_carpeta()
    sesion = Sesion(pedido)
    sys.stdin, sys.stdout, sys.stderr = sesion, sesion.impreso, sesion.impreso
    builtins.input = sesion.preguntar
    sys.argv = [archivo]
    # A pause for effect is not waited: the time limit is for the program's work.
    time.sleep = lambda *_argumentos: None
    # Leaving at once would lose what it printed last: it leaves as exit() does.
    os._exit = salir
    signal.signal(signal.SIGALRM, _alarma)
    espacio = {"__name__": "__main__", "__file__": archivo, "__builtins__": builtins}
    final = {"termina": "fin"}
    try:
        signal.setitimer(signal.ITIMER_REAL, sesion.limite)
        sys.setprofile(sesion.mirar)
        try:
            exec(codigo, espacio)
        finally:
            sys.setprofile(None)
            signal.setitimer(signal.ITIMER_REAL, 0)
    except FinDelGuion:
        final = {"termina": "guion"}
    except TiempoAgotado as error:
        final = {"termina": "tiempo"}
        final.update(donde(entrega, error))
    except SystemExit as error:
        final = {"termina": "salida", "codigo_salida": normal(error.code)}
    except BaseException as error:
        final = {"termina": "excepcion", "excepcion": type(error).__name__,
                 "mensaje": texto_de(error, str)}
        final.update(donde(entrega, error))
    volver_del_hijo()
    final.update(sesion.estado())
    final["guardados"] = guardados(antes)
    escribir(final)


def donde(entrega, error):
    numero, funcion = entrega.lugar_del_error(error)
    return {"funcion": funcion, "linea": numero, "codigo": entrega.linea(numero)}


def principal():
    entrega = None
    while True:
        linea = ENTRADA.readline()
        if not linea:
            break
        pedido = json.loads(linea)
        if pedido["orden"] == "cargar":
            entrega, contestacion = cargar_pedido(pedido)
            escribir(contestacion)
        elif pedido["orden"] == "programa":
            programa(pedido)
        else:
            casos(entrega, pedido)


principal()
