# Othello (Tarea 2), Carla Ríos.
# El tablero se recorre con un diccionario de direcciones.

DIRECCIONES = {
    "norte": (-1, 0), "sur": (1, 0), "este": (0, 1), "oeste": (0, -1),
    "noreste": (-1, 1), "noroeste": (-1, -1), "sureste": (1, 1), "suroeste": (1, -1),
}


def leer_posicion(posicion):
    if not isinstance(posicion, str) or len(posicion) != 2:
        return None
    columna = ord(posicion[0]) - ord("A")
    if not posicion[1].isdigit():
        return None
    fila = int(posicion[1]) - 1
    if columna not in range(8) or fila not in range(8):
        return None
    return fila, columna


def linea(tablero, fila, columna, paso, valor):
    df, dc = paso
    recorridas = []
    fila, columna = fila + df, columna + dc
    while fila in range(8) and columna in range(8):
        casilla = tablero[fila][columna]
        if casilla == "V":
            return []
        if casilla == valor:
            return recorridas
        recorridas.append((fila, columna))
        fila, columna = fila + df, columna + dc
    return []


def jugar(tablero, posicion, valor):
    lugar = leer_posicion(posicion)
    if lugar is None:
        return False
    fila, columna = lugar
    if tablero[fila][columna] != "V":
        return False
    volteadas = [
        casilla
        for paso in DIRECCIONES.values()
        for casilla in linea(tablero, fila, columna, paso, valor)
    ]
    if not volteadas:
        return False
    for f, c in volteadas + [lugar]:
        tablero[f][c] = valor
    return True


def contar(tablero, valor):
    return sum(fila.count(valor) for fila in tablero)


def guardarPartida(tablero, nombre_archivo):
    texto = "".join(", ".join(fila) + "\n" for fila in tablero)
    archivo = open(nombre_archivo, "w")
    archivo.write(texto)
    archivo.close()


def cargarPartida(nombre_archivo):
    archivo = open(nombre_archivo)
    lineas = archivo.read().splitlines()
    archivo.close()
    return [[c.strip() for c in l.split(",")] for l in lineas if l.strip()]
