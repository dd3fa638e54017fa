# Tarea 2: Othello. Error en el programa principal: no revisa si al jugador que le toca le quedan
# fichas, así que cuando uno se queda sin fichas le sigue pidiendo jugadas (sí termina con el
# tablero lleno y con dos pases seguidos). Todo lo demás está bien. Muestra 0 (vacía), 1 (negra)
# y 2 (blanca) con una leyenda; se pasa con "pasar".

NUMERO = {"V": 0, "N": 1, "B": 2}


def crear_tablero():
    tablero = [["V"] * 8 for i in range(8)]
    tablero[3][3] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    tablero[4][4] = "B"
    return tablero


def imprimir_tablero(tablero):
    print("     A B C D E F G H")
    for i in range(8):
        print("  " + str(i + 1) + "  " + " ".join(str(NUMERO[x]) for x in tablero[i]))
    print("  (0 = vacía, 1 = negra, 2 = blanca)")


def fichas_a_dar_vuelta(tablero, fila, col, valor):
    contrario = "N" if valor == "B" else "B"
    total = []
    for df, dc in ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)):
        f = fila + df
        c = col + dc
        visto = []
        while 0 <= f <= 7 and 0 <= c <= 7 and tablero[f][c] == contrario:
            visto.append((f, c))
            f += df
            c += dc
        if len(visto) > 0 and 0 <= f <= 7 and 0 <= c <= 7 and tablero[f][c] == valor:
            total += visto
    return total


def jugar(tablero, posicion, valor):
    if valor not in ("N", "B"):
        return False
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = ord(posicion[0]) - ord("A")
    if tablero[fila][col] != "V":
        return False
    vuelta = fichas_a_dar_vuelta(tablero, fila, col, valor)
    if vuelta == []:
        return False
    tablero[fila][col] = valor
    for f, c in vuelta:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    n = 0
    for fila in tablero:
        n += fila.count(c)
    return n


tablero = crear_tablero()
imprimir_tablero(tablero)
turno = "N"
pases = 0
while contar(tablero, "V") > 0 and pases < 2:
    if turno == "N":
        jugada = input("Jugador 1 (negras), ingrese jugada o pasar: ")
    else:
        jugada = input("Jugador 2 (blancas), ingrese jugada o pasar: ")
    if jugada == "pasar":
        pases += 1
        turno = "B" if turno == "N" else "N"
    elif jugar(tablero, jugada, turno):
        pases = 0
        imprimir_tablero(tablero)
        turno = "B" if turno == "N" else "N"
    else:
        print("Esa jugada no vale, intente otra.")

n = contar(tablero, "N")
b = contar(tablero, "B")
if n > b:
    print("Ganan las negras: " + str(n) + " contra " + str(b))
elif b > n:
    print("Ganan las blancas: " + str(b) + " contra " + str(n))
else:
    print("Empate: " + str(n) + " contra " + str(b))
