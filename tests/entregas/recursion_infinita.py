# Tarea 2: Othello. Error: voltear se llama a sí misma antes de mirar si la línea terminó, así que
# la recursión nunca termina (RecursionError) en cada jugada sobre una casilla vacía.

DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def dentro(f, c):
    return 0 <= f < 8 and 0 <= c < 8


def voltear(t, f, c, df, dc, valor):
    # Las fichas rivales desde (f, c) hacia (df, dc) si una ficha de valor las cierra; si no, None.
    resto = voltear(t, f + df, c + dc, df, dc, valor)
    if not dentro(f, c) or t[f][c] == "V":
        return None
    if t[f][c] == valor:
        return []
    if resto is None:
        return None
    return [(f, c)] + resto


def jugar(tablero, posicion, valor):
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = ord(posicion[0]) - ord("A")
    if tablero[fila][col] != "V":
        return False
    volteadas = []
    for df, dc in DIRECCIONES:
        linea = voltear(tablero, fila + df, col + dc, df, dc, valor)
        if linea:
            volteadas.extend(linea)
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
