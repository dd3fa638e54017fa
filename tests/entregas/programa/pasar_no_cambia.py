# Tarea 2: Othello. Error en el programa principal: cuando un jugador pasa, se anota el pase pero
# no se cambia el turno (vuelve a preguntarle al mismo). Todo lo demás está bien: dos pases
# seguidos terminan el juego.


def crear_tablero():
    t = [["V"] * 8 for i in range(8)]
    t[3][3] = t[4][4] = "B"
    t[3][4] = t[4][3] = "N"
    return t


def imprimir(t):
    print("    A  B  C  D  E  F  G  H")
    for i in range(8):
        print(" " + str(i + 1) + "  " + "  ".join(t[i]))


def jugar(tablero, posicion, valor):
    if valor != "B" and valor != "N":
        return False
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    f = "12345678".index(posicion[1])
    c = "ABCDEFGH".index(posicion[0])
    if tablero[f][c] != "V":
        return False
    rival = "N" if valor == "B" else "B"
    hubo = False
    for df, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        ff, cc = f + df, c + dc
        lista = []
        while 0 <= ff <= 7 and 0 <= cc <= 7 and tablero[ff][cc] == rival:
            lista.append((ff, cc))
            ff, cc = ff + df, cc + dc
        if lista and 0 <= ff <= 7 and 0 <= cc <= 7 and tablero[ff][cc] == valor:
            hubo = True
            for a, b in lista:
                tablero[a][b] = valor
    if hubo:
        tablero[f][c] = valor
    return hubo


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


def nombre(jugador):
    return "negro" if jugador == "N" else "blanco"


tablero = crear_tablero()
jugador = "N"
pases = 0
imprimir(tablero)
while True:
    if contar(tablero, "V") == 0:
        print("Tablero lleno.")
        break
    if pases >= 2:
        print("Dos pases seguidos.")
        break
    if contar(tablero, jugador) == 0:
        print("El jugador " + nombre(jugador) + " se quedó sin fichas.")
        break
    jugada = input("Jugador " + nombre(jugador) + ", escriba su jugada (o pasar): ").strip().upper()
    if jugada == "PASAR":
        pases += 1
        continue
    if not jugar(tablero, jugada, jugador):
        print("Jugada inválida, intente de nuevo")
        continue
    pases = 0
    imprimir(tablero)
    jugador = "B" if jugador == "N" else "N"

n = contar(tablero, "N")
b = contar(tablero, "B")
if n > b:
    print("Ganó el negro, " + str(n) + " a " + str(b))
elif b > n:
    print("Ganó el blanco, " + str(b) + " a " + str(n))
else:
    print("Empate, " + str(n) + " a " + str(b))
