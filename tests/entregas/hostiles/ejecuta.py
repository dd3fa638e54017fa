# Tarea 2: Othello. Correcta, pero en su primera jugada intenta correr otros programas: la
# shell, env, y el mismo othello (OTHELLO, que escribe la prueba) para que jugara por ella, también
# a través del cargador dinámico. Encerrada, ninguno corre.

import glob
import subprocess

OTHELLO = "othello"
ATACADO = []


def atacar():
    cargadores = glob.glob("/lib64/ld-linux*") + glob.glob("/lib/ld-linux*")
    intentos = [["/bin/sh", "-c", "true"], ["/usr/bin/env", "true"], [OTHELLO, "--version"]]
    intentos += [[cargador, OTHELLO, "--version"] for cargador in cargadores]
    for intento in intentos:
        try:
            corrida = subprocess.run(intento, capture_output=True, timeout=10)
        except OSError:
            continue
        if corrida.returncode == 0:
            raise RuntimeError("corrió " + " ".join(intento))

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
    pass


def cargarPartida(nombre_archivo):
    with open(nombre_archivo) as archivo:
        return [linea.strip().split(", ") for linea in archivo]
