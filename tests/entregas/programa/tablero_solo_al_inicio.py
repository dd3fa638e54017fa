# Tarea 2: Othello. Error en el programa principal: muestra el tablero solo al comenzar, nunca
# después de una jugada. Todo lo demás está bien. Muestra ● (negras), ○ (blancas) y · (vacías);
# se pasa con "p".

SIMBOLOS = {"N": "●", "B": "○", "V": "·"}
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def crear():
    t = [["V"] * 8 for _ in range(8)]
    t[3][3] = "B"
    t[4][4] = "B"
    t[3][4] = "N"
    t[4][3] = "N"
    return t


def mostrar(t):
    print("   A B C D E F G H")
    for i, fila in enumerate(t):
        print(i + 1, "", " ".join(SIMBOLOS[x] for x in fila))


def jugar(tablero, posicion, valor):
    if valor not in ("N", "B") or len(posicion) != 2:
        return False
    if posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    f0, c0 = int(posicion[1]) - 1, ord(posicion[0]) - ord("A")
    if tablero[f0][c0] != "V":
        return False
    rival = "B" if valor == "N" else "N"
    voltear = []
    for df, dc in DIRS:
        f, c = f0 + df, c0 + dc
        tramo = []
        while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == rival:
            tramo.append((f, c))
            f, c = f + df, c + dc
        if tramo and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
            voltear.extend(tramo)
    if not voltear:
        return False
    tablero[f0][c0] = valor
    for f, c in voltear:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


tablero = crear()
mostrar(tablero)
turno = "N"
pases = 0
while True:
    if contar(tablero, "V") == 0 or pases == 2 or contar(tablero, turno) == 0:
        break
    nombre = "negras ●" if turno == "N" else "blancas ○"
    jugada = input("Juegan las " + nombre + " (casilla, o p para pasar): ").strip().upper()
    if jugada == "P":
        pases += 1
    elif jugar(tablero, jugada, turno):
        pases = 0
        print("Jugada realizada en " + jugada + ".")
    else:
        print("Jugada inválida, pruebe otra.")
        continue
    turno = "B" if turno == "N" else "N"

n = contar(tablero, "N")
b = contar(tablero, "B")
if n > b:
    print("Ganan las negras ● %d a %d" % (n, b))
elif b > n:
    print("Ganan las blancas ○ %d a %d" % (b, n))
else:
    print("Empate %d a %d" % (n, b))
