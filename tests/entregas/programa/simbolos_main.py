# Tarea 2: Othello. Programa correcto: muestra ● (negras), ○ (blancas) y · (vacías); el programa
# principal en main(), bajo if __name__ == "__main__"; se pasa con "p", como dice la pregunta.

DIRECCIONES = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
SIMBOLO = {"N": "●", "B": "○", "V": "·"}
NOMBRE = {"N": "negras", "B": "blancas"}


def tablero_inicial():
    t = [["V"] * 8 for _ in range(8)]
    t[3][3], t[4][4] = "B", "B"
    t[3][4], t[4][3] = "N", "N"
    return t


def mostrar(t):
    print("    A B C D E F G H")
    for i, fila in enumerate(t):
        print(" %d  %s" % (i + 1, " ".join(SIMBOLO[x] for x in fila)))


def leer_posicion(posicion):
    """(fila, columna) de una posición como "C4", o None si no es una casilla."""
    if not isinstance(posicion, str) or len(posicion) != 2:
        return None
    letra, numero = posicion[0], posicion[1]
    if letra not in "ABCDEFGH" or numero not in "12345678":
        return None
    return int(numero) - 1, "ABCDEFGH".index(letra)


def a_voltear(t, fila, col, valor):
    rival = "B" if valor == "N" else "N"
    todas = []
    for df, dc in DIRECCIONES:
        linea = []
        f, c = fila + df, col + dc
        while 0 <= f < 8 and 0 <= c < 8:
            if t[f][c] == rival:
                linea.append((f, c))
            elif t[f][c] == valor:
                todas.extend(linea)
                break
            else:
                break
            f, c = f + df, c + dc
    return todas


def jugar(tablero, posicion, valor):
    casilla = leer_posicion(posicion)
    if casilla is None or valor not in ("N", "B"):
        return False
    fila, col = casilla
    if tablero[fila][col] != "V":
        return False
    cambios = a_voltear(tablero, fila, col, valor)
    if not cambios:
        return False
    tablero[fila][col] = valor
    for f, c in cambios:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


def otro(color):
    return "B" if color == "N" else "N"


def main():
    tablero = tablero_inicial()
    turno = "N"
    pasadas = 0
    mostrar(tablero)
    while True:
        if contar(tablero, "V") == 0:
            motivo = "Tablero lleno."
            break
        if pasadas >= 2:
            motivo = "Los dos jugadores pasaron."
            break
        if contar(tablero, turno) == 0:
            motivo = "Las %s se quedaron sin fichas." % NOMBRE[turno]
            break
        pregunta = "Juegan las %s (%s). Casilla o p para pasar: " % (NOMBRE[turno], SIMBOLO[turno])
        jugada = input(pregunta).strip().upper()
        if jugada == "P":
            pasadas += 1
            print("Las %s pasan." % NOMBRE[turno])
            turno = otro(turno)
        elif jugar(tablero, jugada, turno):
            pasadas = 0
            mostrar(tablero)
            turno = otro(turno)
        else:
            print("No se puede jugar en %r." % jugada)
    print(motivo)
    n, b = contar(tablero, "N"), contar(tablero, "B")
    if n > b:
        print("Ganador: negras %s, %d contra %d" % (SIMBOLO["N"], n, b))
    elif b > n:
        print("Ganador: blancas %s, %d contra %d" % (SIMBOLO["B"], b, n))
    else:
        print("Empate: %d a %d" % (n, b))


if __name__ == "__main__":
    main()
