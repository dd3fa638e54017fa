# Loading a student's Python file as `othello corregir` loads it, for the grader's harness
# and for a test suite of one's own (`othello casos` writes this file as cargar_entrega.py):
#
#     from cargar_entrega import cargar
#     jugar = cargar("tarea.py").jugar
#
# Students write the game's main program at the top level, and it asks for moves with
# input(): imported as it is, the file would wait for a move (or stop pytest, which
# refuses input). Here its top-level statements run one by one, each with a time limit
# and with input() raising; a statement that fails is left behind and the definitions
# stay. Only the standard library is used, Python 3.8 is enough, and it works on Unix
# (the time limit is a SIGALRM timer, so it loads from the main thread).

import ast
import builtins
import os
import signal
import sys
import traceback
import types
import warnings

NULO_ENTRADA = open(os.devnull, "r")
NULO_SALIDA = open(os.devnull, "w")
# The loader's own process: one that the student's code forked and that comes back
# into the loader (its top level went on after a fork) ends there, instead of loading,
# and answering, a second time.
PROCESO = os.getpid()
# Its own, should the student's code (or the grader's harness) replace os._exit.
SALIR_YA = os._exit


def volver_del_hijo():
    if os.getpid() != PROCESO:
        SALIR_YA(0)


class TiempoAgotado(BaseException):
    """The call ran past its time limit. A BaseException, so that `except Exception`
    in the student's code does not swallow it."""


class EntradaNoDisponible(BaseException):
    """The student's code asked for input: there is none while grading."""


def _alarma(_senal, _marco):
    raise TiempoAgotado()


def _input(*_argumentos):
    raise EntradaNoDisponible("input() no está disponible durante la corrección")


def proteger():
    """What a student's code may have changed that the time limit and the absence of
    input rely on."""
    sys.stdin = NULO_ENTRADA
    sys.stdout = NULO_SALIDA
    builtins.input = _input
    signal.signal(signal.SIGALRM, _alarma)


def llamar(funcion, limite):
    """Runs `funcion()` with a time limit. Returns ("ok", value), or a failure
    ("tiempo", "salida" or "excepcion") with the exception, whose traceback says where
    the code was: for a time-out, where it was stuck."""
    proteger()
    try:
        signal.setitimer(signal.ITIMER_REAL, limite)
        try:
            return ("ok", funcion())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except TiempoAgotado as error:
        return ("tiempo", error)
    except SystemExit as error:
        return ("salida", error)
    except BaseException as error:
        return ("excepcion", error)


def decodificar(datos):
    """The text of a file as students save it: UTF-8 with or without a BOM, or the
    Windows-1252 / Latin-1 of older editors (which Python itself refuses without a
    coding line)."""
    if datos.startswith(b"\xef\xbb\xbf"):
        datos = datos[3:]
    for codificacion in ("utf-8", "cp1252", "latin-1"):
        try:
            texto = datos.decode(codificacion)
            break
        except UnicodeDecodeError:
            continue
    return texto.replace("\r\n", "\n").replace("\r", "\n")


def leer(archivo):
    with open(archivo, "rb") as f:
        return decodificar(f.read())


DEFINICIONES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)


def es_definicion(nodo):
    if isinstance(nodo, DEFINICIONES):
        return True
    if isinstance(nodo, (ast.Assign, ast.AnnAssign)) and nodo.value is not None:
        return not any(isinstance(hijo, ast.Call) for hijo in ast.walk(nodo.value))
    return False


def ejecutar(arbol, archivo, nombre, limite, solo_definiciones=False):
    """The module `nombre` made by running the top-level statements of `arbol` (the
    file `archivo`, parsed) one by one, each with the time limit, and what went wrong
    while loading it: for each statement that failed, its line and how (as `llamar`
    says), except the main program asking for input, which is expected. With
    `solo_definiciones`, only functions, classes, imports and assignments without
    calls run: for a file whose main program ends the process or hangs. Standard
    input and output, input(), the SIGALRM handler and the working folder are left as
    they were found."""
    modulo = types.ModuleType(nombre)
    modulo.__file__ = archivo
    sys.modules[nombre] = modulo
    sys.argv = [archivo]
    carpeta = os.getcwd()
    antes = (sys.stdin, sys.stdout, builtins.input)
    alarma = signal.getsignal(signal.SIGALRM)
    problemas = []
    try:
        for nodo in arbol.body:
            if solo_definiciones and not es_definicion(nodo):
                continue
            try:
                codigo = compile(ast.Module(body=[nodo], type_ignores=[]), archivo, "exec")
            except (SyntaxError, ValueError):
                continue
            # A statement that fails (the game's loop meeting input(), an import of a
            # module that is not there) is left behind; the definitions stay.
            resultado, valor = llamar(lambda: exec(codigo, modulo.__dict__), limite)
            volver_del_hijo()
            os.chdir(carpeta)
            if resultado != "ok" and not isinstance(valor, EntradaNoDisponible):
                problemas.append((nodo.lineno, resultado, valor))
    finally:
        sys.stdin, sys.stdout, builtins.input = antes
        # None: a handler set outside Python, which cannot be put back from here.
        if alarma is not None:
            signal.signal(signal.SIGALRM, alarma)
    return modulo, problemas


def lugar(archivo, error):
    """The line of the file `archivo` where `error` was raised, the innermost one (in
    a recursion that did not end, the recursive call), and the name of the function it
    is in; (None, None) if it was raised elsewhere. A frame on the line of its `def`
    had just been entered (a time-out arriving as a helper is called): its caller's
    line says more, where there is one."""
    numero, funcion = None, None
    for marco, linea in traceback.walk_tb(error.__traceback__):
        codigo = marco.f_code
        if codigo.co_filename == archivo and (numero is None or linea != codigo.co_firstlineno):
            numero, funcion = linea, codigo.co_name
    return numero, funcion


def cargar(archivo, limite=1.0, solo_definiciones=False):
    """The student's file `archivo` as a module named after it, loaded as `othello
    corregir` loads it, with `limite` seconds for each top-level statement; each
    statement that failed is a warning (pytest lists them). A file that Python cannot
    read raises SyntaxError, as importing it would."""
    archivo = os.path.abspath(archivo)
    arbol = ast.parse(leer(archivo), archivo)
    nombre = os.path.splitext(os.path.basename(archivo))[0]
    modulo, problemas = ejecutar(arbol, archivo, nombre, limite, solo_definiciones)
    como = {"tiempo": "no terminó en %s s" % limite, "salida": "terminó el programa"}
    for linea, resultado, valor in problemas:
        linea = lugar(archivo, valor)[0] or linea
        que = como.get(resultado) or "lanzó %s: %s" % (type(valor).__name__, valor)
        warnings.warn("al cargar %s, la línea %d %s" % (archivo, linea, que), stacklevel=2)
    return modulo
