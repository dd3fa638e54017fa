# Tarea 2: Othello. Correcta, pero en su primera jugada intenta escribir, vaciar y borrar archivos
# fuera de su carpeta (afuera/ junto a la carpeta de la clase), también con shutil.rmtree.
# Encerrada, cada intento es un PermissionError y nada de afuera cambia.

import os

# La carpeta de la clase: la prueba la escribe aquí (la entrega corre en una carpeta propia).
CLASE = None
import shutil


def atacar():
    clase = CLASE or os.path.dirname(os.path.abspath(__file__))
    afuera = os.path.join(os.path.dirname(clase), "afuera")
    intacto = os.path.join(afuera, "intacto.txt")
    intentos = [
        lambda: open(os.path.join(afuera, "nuevo.txt"), "w").close(),
        lambda: open(intacto, "a").close(),
        lambda: os.truncate(intacto, 0),
        lambda: os.remove(intacto),
        lambda: shutil.rmtree(afuera),
    ]
    for numero, intento in enumerate(intentos):
        try:
            intento()
        except PermissionError:
            continue
        raise RuntimeError("el intento %d cambió afuera" % numero)


ATACADO = []

DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def dentro(f, c):
    return 0 <= f < 8 and 0 <= c < 8


def jugar(tablero, posicion, valor):
    if not ATACADO:
        ATACADO.append(True)
        atacar()
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = ord(posicion[0]) - ord("A")
    if tablero[fila][col] != "V":
        return False
    rival = "B" if valor == "N" else "N"
    volteadas = []
    for df, dc in DIRECCIONES:
        f, c = fila + df, col + dc
        camino = []
        while dentro(f, c) and tablero[f][c] == rival:
            camino.append((f, c))
            f, c = f + df, c + dc
        if camino and dentro(f, c) and tablero[f][c] == valor:
            volteadas.extend(camino)
    if not volteadas:
        return False
    tablero[fila][col] = valor
    for f, c in volteadas:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


def guardarPartida(tablero, nombre_archivo):
    with open(nombre_archivo, "w") as archivo:
        for fila in tablero:
            archivo.write(", ".join(fila) + "\n")


def cargarPartida(nombre_archivo):
    with open(nombre_archivo) as archivo:
        return [linea.strip().split(", ") for linea in archivo]

