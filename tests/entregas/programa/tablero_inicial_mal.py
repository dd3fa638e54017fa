# Tarea 2: Othello. Error: el tablero inicial tiene los colores cambiados (negras en D4 y E5,
# blancas en E4 y D5). Todo lo demás está bien, y el juego sigue las reglas desde ese tablero.
# Se pasa con "pasar".


def crear_tablero():
    tablero = []
    for i in range(8):
        tablero.append(["V"] * 8)
    tablero[3][3] = "N"
    tablero[4][4] = "N"
    tablero[3][4] = "B"
    tablero[4][3] = "B"
    return tablero


def imprimir(tablero):
    print("  A B C D E F G H")
    for i in range(8):
        print(i + 1, " ".join(tablero[i]))


def dentro(f, c):
    return 0 <= f < 8 and 0 <= c < 8


def jugar(tablero, posicion, valor):
    if valor != "N" and valor != "B":
        return False
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = ord(posicion[0]) - ord("A")
    if tablero[fila][col] != "V":
        return False
    if valor == "N":
        rival = "B"
    else:
        rival = "N"
    voltear = []
    for df in range(-1, 2):
        for dc in range(-1, 2):
            if df == 0 and dc == 0:
                continue
            f = fila + df
            c = col + dc
            linea = []
            while dentro(f, c) and tablero[f][c] == rival:
                linea.append((f, c))
                f = f + df
                c = c + dc
            if len(linea) > 0 and dentro(f, c) and tablero[f][c] == valor:
                voltear.extend(linea)
    if len(voltear) == 0:
        return False
    tablero[fila][col] = valor
    for f, c in voltear:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    cuantas = 0
    for fila in tablero:
        for casilla in fila:
            if casilla == c:
                cuantas = cuantas + 1
    return cuantas


def nombre(turno):
    if turno == "N":
        return "negro"
    return "blanco"


tablero = crear_tablero()
turno = "N"
pases = 0
imprimir(tablero)
while True:
    if contar(tablero, "V") == 0:
        print("Tablero lleno")
        break
    if pases == 2:
        print("Los dos jugadores pasaron")
        break
    if contar(tablero, turno) == 0:
        print("El jugador " + nombre(turno) + " no tiene fichas")
        break
    jugada = input("Le toca al jugador " + nombre(turno) + " (" + turno + "). Jugada o pasar: ")
    if jugada == "pasar":
        pases = pases + 1
    elif jugar(tablero, jugada, turno):
        pases = 0
        imprimir(tablero)
    else:
        print("Jugada inválida")
        continue
    if turno == "N":
        turno = "B"
    else:
        turno = "N"

negras = contar(tablero, "N")
blancas = contar(tablero, "B")
print("Negras:", negras, "Blancas:", blancas)
if negras > blancas:
    print("Ganador: N")
elif blancas > negras:
    print("Ganador: B")
else:
    print("Empate")
