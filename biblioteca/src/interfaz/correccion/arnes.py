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
#   {"orden": "cargar", "archivo": PATH, "modo": "completo" | "definiciones",
#    "limite": SECONDS, "nombres": {KEY: [NAME, ...], ...}}
#     -> {"importa": true, "funciones": {KEY: NAME | null}, "definidas": [NAME, ...],
#         "avisos": [{"tipo": "excepcion" | "salida" | "tiempo", "linea": N,
#                     "codigo": TEXT | null, ...as the answers below}, ...],
#         "avisos_omitidos": N}
#        (the top-level statements that failed, but the main program asking for
#        input; the first ten, and how many more)
#      | {"importa": false, "error": TEXT, "linea": N | null}
#   {"orden": "casos", "funcion": KEY, "nombre": NAME, "limite": SECONDS,
#    "casos": [[ID, ...arguments], ...]}
#     (a case of guardar_partida ends with what the file holds before: null, or
#     {"texto": TEXT} written first, or {"tablero": 64 letters} saved first by the
#     same function under the same name)
#     -> one line per case, in order: {"id": ID, "r": VALUE, "t": BOARD}
#      | {"id": ID, "tipo": "excepcion", "excepcion": NAME, "mensaje": TEXT,
#         "funcion": NAME | null, "linea": N | null, "codigo": TEXT | null}
#        (the function, line and code of the student's file where it was raised)
#      | {"id": ID, "tipo": "tiempo", "funcion": NAME | null, "linea": N | null,
#         "codigo": TEXT | null}
#        (where the call was when its time ran out)
#      | {"id": ID, "tipo": "salida", "codigo_salida": VALUE}
#
# Values travel as JSON when Python's and JSON's agree (None, bool, int, str, lists of
# them), a board that is a list of 8 lists of 8 one-letter strings as {"filas": 64
# letters}, and anything else as {"repr": TEXT}.

import ast
import faulthandler
import json
import os
import signal
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
# writes the stack here from the signal handler itself, and the grader reads it.
TRAZA = open(os.path.join(CARPETA, ".othello-traza"), "w")
faulthandler.register(signal.SIGUSR1, file=TRAZA)
LARGO_TEXTO = 300


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


def cargar_pedido(pedido):
    archivo = pedido["archivo"]
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
        nombre
        for nombre, valor in espacio.items()
        if isinstance(valor, types.FunctionType) and valor.__module__ == "entrega"
    ]
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
    """A statement that failed while loading, at `linea`, as `llamar` said: where in
    the student's file (the innermost line of it, if the statement called into it)."""
    numero, _ = entrega.lugar_del_error(error)
    numero = numero or linea
    contestacion = {"tipo": resultado, "linea": numero, "codigo": entrega.linea(numero)}
    if resultado == "excepcion":
        contestacion["excepcion"] = type(error).__name__
        contestacion["mensaje"] = texto_de(error, str)
    elif resultado == "salida":
        contestacion["codigo_salida"] = normal(error.code)
    return contestacion


def preparar_archivo(nombre, previo):
    """Before a case of guardar_partida on a file that exists: the other text in it."""
    try:
        with open(nombre, "w", encoding="utf-8", newline="") as archivo:
            archivo.write(previo["texto"])
    except OSError:
        pass


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
            preparar_archivo(nombre, previo)
            return t, lambda: funcion(t, nombre)
        anterior = lista_de(previo["tablero"])
        return t, lambda: (funcion(anterior, nombre), funcion(t, nombre))[1]
    return None, lambda: funcion(caso[1])


def respuesta(entrega, clave, funcion, caso, limite):
    t, llamar_caso = llamada(clave, funcion, caso)
    resultado, valor = llamar(llamar_caso, limite)
    os.chdir(CARPETA)
    if resultado == "ok":
        r = tablero(valor) if clave == "cargar_partida" else normal(valor)
        contestacion = {"id": caso[0], "r": r}
        if t is not None:
            contestacion["t"] = tablero(t)
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


def principal():
    entrega = None
    for linea in ENTRADA:
        pedido = json.loads(linea)
        if pedido["orden"] == "cargar":
            entrega, contestacion = cargar_pedido(pedido)
            escribir(contestacion)
        else:
            casos(entrega, pedido)


principal()
