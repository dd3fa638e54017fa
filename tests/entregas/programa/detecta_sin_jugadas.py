# Tarea 2: Othello. Programa correcto que además se da cuenta solo cuando un jugador no tiene
# ninguna jugada posible: avisa y le pasa el turno al otro (y si ninguno puede jugar, termina).
# Muestra X (negras), O (blancas) y . (vacías), con una leyenda. Se pasa a voluntad con "pasar".

COLUMNAS = "ABCDEFGH"
DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
DIBUJO = {"N": "X", "B": "O", "V": "."}


def tablero_nuevo():
    tablero = [["V"] * 8 for _ in range(8)]
    tablero[3][3] = tablero[4][4] = "B"
    tablero[3][4] = tablero[4][3] = "N"
    return tablero


def mostrar(tablero):
    print("Leyenda: X = negras, O = blancas, . = vacía")
    print("   " + " ".join(COLUMNAS))
    for i in range(8):
        print("%2d %s" % (i + 1, " ".join(DIBUJO[x] for x in tablero[i])))


def rival(valor):
    return "B" if valor == "N" else "N"


def volteos(tablero, fila, col, valor):
    lista = []
    for df, dc in DIRECCIONES:
        f, c = fila + df, col + dc
        linea = []
        while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == rival(valor):
            linea.append((f, c))
            f, c = f + df, c + dc
        if linea and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
            lista += linea
    return lista


def jugar(tablero, posicion, valor):
    if valor not in "NB" or len(valor) != 1:
        return False
    if len(posicion) != 2 or posicion[0] not in COLUMNAS or posicion[1] not in "12345678":
        return False
    fila, col = int(posicion[1]) - 1, COLUMNAS.index(posicion[0])
    if tablero[fila][col] != "V":
        return False
    lista = volteos(tablero, fila, col, valor)
    if not lista:
        return False
    for f, c in lista + [(fila, col)]:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    return sum(1 for fila in tablero for x in fila if x == c)


def puede_jugar(tablero, valor):
    for fila in range(8):
        for col in range(8):
            if tablero[fila][col] == "V" and volteos(tablero, fila, col, valor):
                return True
    return False


def nombre(valor):
    return "X (negras)" if valor == "N" else "O (blancas)"


def partida():
    tablero = tablero_nuevo()
    turno = "N"
    pases = 0
    mostrar(tablero)
    while True:
        if contar(tablero, "V") == 0:
            print("Tablero lleno.")
            break
        if pases >= 2:
            print("Los dos pasaron seguido.")
            break
        if contar(tablero, turno) == 0:
            print(nombre(turno), "se quedó sin fichas.")
            break
        if not puede_jugar(tablero, turno):
            if not puede_jugar(tablero, rival(turno)):
                print("Ninguno de los dos puede jugar.")
                break
            print(nombre(turno), "no tiene jugadas posibles: pasa.")
            pases += 1
            turno = rival(turno)
            continue
        jugada = input("Turno de " + nombre(turno) + " (casilla o 'pasar'): ").strip().upper()
        if jugada == "PASAR":
            pases += 1
            turno = rival(turno)
        elif jugar(tablero, jugada, turno):
            pases = 0
            mostrar(tablero)
            turno = rival(turno)
        else:
            print("No se puede jugar ahí, intente otra casilla.")
    negras, blancas = contar(tablero, "N"), contar(tablero, "B")
    print("Resultado: X (negras) %d, O (blancas) %d." % (negras, blancas))
    if negras > blancas:
        print("¡Ganan las negras!")
    elif blancas > negras:
        print("¡Ganan las blancas!")
    else:
        print("¡Empate!")


if __name__ == "__main__":
    partida()
