# Tarea 2: Othello. Error en el programa principal: empiezan las blancas, no las negras. Todo lo
# demás está bien. El tablero en una grilla con | y +---+; se pasa con "paso".

COLUMNAS = "ABCDEFGH"
DIRECCIONES = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)]


def tablero_inicial():
    t = [["V" for c in range(8)] for f in range(8)]
    t[3][3] = "B"
    t[3][4] = "N"
    t[4][3] = "N"
    t[4][4] = "B"
    return t


def mostrar(t):
    linea = "   +" + "---+" * 8
    print("     " + "   ".join(COLUMNAS))
    print(linea)
    for f in range(8):
        texto = " " + str(f + 1) + " |"
        for c in range(8):
            texto += " " + t[f][c] + " |"
        print(texto)
        print(linea)


def flanqueadas(t, fila, col, valor):
    rival = "N" if valor == "B" else "B"
    res = []
    for df, dc in DIRECCIONES:
        f, c = fila + df, col + dc
        entre = []
        while f in range(8) and c in range(8) and t[f][c] == rival:
            entre.append((f, c))
            f += df
            c += dc
        if entre and f in range(8) and c in range(8) and t[f][c] == valor:
            res.extend(entre)
    return res


def jugar(tablero, posicion, valor):
    if valor not in ("N", "B"):
        return False
    if len(posicion) != 2 or posicion[0] not in COLUMNAS or posicion[1] not in "12345678":
        return False
    fila, col = int(posicion[1]) - 1, COLUMNAS.index(posicion[0])
    if tablero[fila][col] != "V":
        return False
    res = flanqueadas(tablero, fila, col, valor)
    if not res:
        return False
    tablero[fila][col] = valor
    for f, c in res:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    total = 0
    for fila in tablero:
        for x in fila:
            if x == c:
                total += 1
    return total


def nombre(turno):
    return "negras" if turno == "N" else "blancas"


def jugar_partida():
    tablero = tablero_inicial()
    turno = "B"
    pases = 0
    mostrar(tablero)
    while True:
        if contar(tablero, "V") == 0:
            print("Tablero completo.")
            break
        if pases == 2:
            print("Los dos jugadores pasaron.")
            break
        if contar(tablero, turno) == 0:
            print("Las " + nombre(turno) + " no tienen fichas.")
            break
        jugada = input("Turno de las " + nombre(turno) + " (" + turno + "), jugada o paso: ")
        jugada = jugada.strip().upper()
        if jugada == "PASO":
            pases += 1
        elif jugar(tablero, jugada, turno):
            pases = 0
            mostrar(tablero)
        else:
            print("Jugada inválida, intente de nuevo.")
            continue
        turno = "N" if turno == "B" else "B"
    n, b = contar(tablero, "N"), contar(tablero, "B")
    print("Fin del juego. Negras: %d, Blancas: %d." % (n, b))
    if n > b:
        print("Ganan las negras.")
    elif b > n:
        print("Ganan las blancas.")
    else:
        print("Empate.")


jugar_partida()
