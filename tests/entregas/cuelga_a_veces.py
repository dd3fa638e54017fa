# Tarea 2: Othello. Error: jugar se queda dando vueltas solo en una situación rara: cuando una
# diagonal de fichas rivales llega a una esquina (olvida avanzar ahí). Todo lo demás está bien.

DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
ESQUINAS = [(0, 0), (0, 7), (7, 0), (7, 7)]


def dentro(f, c):
    return 0 <= f < 8 and 0 <= c < 8


def jugar(tablero, posicion, valor):
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
            if df != 0 and dc != 0 and (f, c) in ESQUINAS:
                continue
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


if __name__ == "__main__":
    tablero = [["V"] * 8 for _ in range(8)]
    tablero[3][3] = tablero[4][4] = "B"
    tablero[3][4] = tablero[4][3] = "N"
    turno = "N"
    while True:
        for fila in tablero:
            print(" ".join(fila))
        jugada = input("Jugada de " + turno + " (o salir): ")
        if jugada == "salir":
            break
        if jugar(tablero, jugada, turno):
            turno = "B" if turno == "N" else "N"
