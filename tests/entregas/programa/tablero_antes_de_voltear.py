# Tarea 2: Othello. Error en el programa principal: después de cada jugada muestra el tablero con la
# ficha nueva puesta pero ANTES de dar vuelta las fichas flanqueadas (las voltea justo después de
# imprimirlo, así que el juego sigue bien). Todo lo demás está bien; se pasa con "pasar".

COLUMNAS = "ABCDEFGH"
DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def crear_tablero():
    tablero = [["V"] * 8 for i in range(8)]
    tablero[3][3] = "B"
    tablero[4][4] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    return tablero


def mostrar(tablero):
    print("  " + " ".join(COLUMNAS))
    for i in range(8):
        print(str(i + 1) + " " + " ".join(tablero[i]))


def leer_casilla(posicion):
    """(fila, columna) de una posición escrita como "C4"; None si no es una casilla."""
    if len(posicion) != 2 or posicion[0] not in COLUMNAS or posicion[1] not in "12345678":
        return None
    return int(posicion[1]) - 1, COLUMNAS.index(posicion[0])


def fichas_a_voltear(tablero, fila, col, valor):
    rival = "B" if valor == "N" else "N"
    resultado = []
    for df, dc in DIRECCIONES:
        f, c = fila + df, col + dc
        linea = []
        while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == rival:
            linea.append((f, c))
            f += df
            c += dc
        if linea and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
            resultado += linea
    return resultado


def voltear(tablero, fichas, valor):
    for f, c in fichas:
        tablero[f][c] = valor


def jugar(tablero, posicion, valor):
    casilla = leer_casilla(posicion)
    if casilla is None or valor not in ("N", "B"):
        return False
    fila, col = casilla
    if tablero[fila][col] != "V":
        return False
    fichas = fichas_a_voltear(tablero, fila, col, valor)
    if not fichas:
        return False
    tablero[fila][col] = valor
    voltear(tablero, fichas, valor)
    return True


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


def main():
    tablero = crear_tablero()
    mostrar(tablero)
    turno = "N"
    pases = 0
    while True:
        if contar(tablero, "V") == 0:
            print("Se llenó el tablero.")
            break
        if pases == 2:
            print("Pasaron los dos.")
            break
        if contar(tablero, turno) == 0:
            print("No quedan fichas de " + turno + ".")
            break
        nombre = "negras" if turno == "N" else "blancas"
        jugada = input("Juegan las " + nombre + " (" + turno + "), jugada o pasar: ").strip().upper()
        if jugada == "PASAR":
            pases += 1
            turno = "B" if turno == "N" else "N"
            continue
        casilla = leer_casilla(jugada)
        if casilla is None:
            print("Esa casilla no existe.")
            continue
        fila, col = casilla
        if tablero[fila][col] != "V":
            print("Esa casilla está ocupada.")
            continue
        fichas = fichas_a_voltear(tablero, fila, col, turno)
        if not fichas:
            print("Esa jugada no flanquea ninguna ficha.")
            continue
        tablero[fila][col] = turno
        mostrar(tablero)
        voltear(tablero, fichas, turno)
        pases = 0
        turno = "B" if turno == "N" else "N"
    n, b = contar(tablero, "N"), contar(tablero, "B")
    if n > b:
        print("Ganan las negras %d a %d" % (n, b))
    elif b > n:
        print("Ganan las blancas %d a %d" % (b, n))
    else:
        print("¡Empate! %d fichas cada uno" % n)


if __name__ == "__main__":
    main()
