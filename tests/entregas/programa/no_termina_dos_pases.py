# Tarea 2: Othello. Error en el programa principal: no cuenta los pases, así que dos pases
# seguidos no terminan el juego (sigue preguntando). Todo lo demás está bien. Muestra X (negras),
# O (blancas) y . (vacías); se pasa con "pasar".

COLS = "ABCDEFGH"
MUESTRA = {"N": "X", "B": "O", "V": "."}


def crear_tablero():
    tablero = [["V"] * 8 for _ in range(8)]
    tablero[3][3] = tablero[4][4] = "B"
    tablero[3][4] = tablero[4][3] = "N"
    return tablero


def imprimir_tablero(tablero):
    print("  " + " ".join(COLS))
    for n, fila in enumerate(tablero, start=1):
        print(n, " ".join(MUESTRA[x] for x in fila))
    print("(X = negras, O = blancas)")


def posicion_valida(posicion):
    return len(posicion) == 2 and posicion[0] in COLS and posicion[1] in "12345678"


def jugar(tablero, posicion, valor):
    if valor not in ("N", "B") or not posicion_valida(posicion):
        return False
    fila = int(posicion[1]) - 1
    col = COLS.index(posicion[0])
    if tablero[fila][col] != "V":
        return False
    otro = "B" if valor == "N" else "N"
    por_voltear = []
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if df == dc == 0:
                continue
            camino = []
            f, c = fila + df, col + dc
            while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == otro:
                camino.append((f, c))
                f += df
                c += dc
            if 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
                por_voltear += camino
    if not por_voltear:
        return False
    tablero[fila][col] = valor
    for f, c in por_voltear:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


def main():
    tablero = crear_tablero()
    imprimir_tablero(tablero)
    turno = "N"
    while contar(tablero, "V") > 0 and contar(tablero, turno) > 0:
        quien = "X (negras)" if turno == "N" else "O (blancas)"
        jugada = input("Turno de " + quien + ", casilla o 'pasar': ").strip().upper()
        if jugada == "PASAR":
            print(quien, "pasa.")
            turno = "B" if turno == "N" else "N"
        elif jugar(tablero, jugada, turno):
            imprimir_tablero(tablero)
            turno = "B" if turno == "N" else "N"
        else:
            print("Jugada inválida, intente de nuevo.")
    negras = contar(tablero, "N")
    blancas = contar(tablero, "B")
    if negras > blancas:
        print("Ganan las negras (X): %d a %d" % (negras, blancas))
    elif blancas > negras:
        print("Ganan las blancas (O): %d a %d" % (blancas, negras))
    else:
        print("Empate: %d a %d" % (negras, blancas))


if __name__ == "__main__":
    main()
