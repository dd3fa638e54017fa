# Tarea 2: Othello. Error en el programa principal: ante una jugada inválida le pasa el turno al
# otro jugador ("pierde el turno") en vez de pedirle otra jugada al mismo. Todo lo demás está bien.
# Muestra ● (negras), ○ (blancas) y · (vacías); se pasa con "p".

FICHA = {"N": "●", "B": "○", "V": "·"}


def crear_tablero():
    t = []
    for i in range(8):
        t.append(["V"] * 8)
    t[3][3] = "B"
    t[4][4] = "B"
    t[3][4] = "N"
    t[4][3] = "N"
    return t


def dibujar(t):
    print("  A B C D E F G H")
    for i in range(8):
        fila = ""
        for x in t[i]:
            fila += FICHA[x] + " "
        print(str(i + 1) + " " + fila.rstrip())


def en_rango(i, j):
    return 0 <= i < 8 and 0 <= j < 8


def jugar(tablero, posicion, valor):
    if valor != "N" and valor != "B":
        return False
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    i = int(posicion[1]) - 1
    j = "ABCDEFGH".find(posicion[0])
    if tablero[i][j] != "V":
        return False
    otro = {"N": "B", "B": "N"}[valor]
    a_cambiar = []
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            if di == 0 and dj == 0:
                continue
            k = 1
            while en_rango(i + k * di, j + k * dj) and tablero[i + k * di][j + k * dj] == otro:
                k += 1
            if k > 1 and en_rango(i + k * di, j + k * dj) and tablero[i + k * di][j + k * dj] == valor:
                for r in range(1, k):
                    a_cambiar.append((i + r * di, j + r * dj))
    if len(a_cambiar) == 0:
        return False
    tablero[i][j] = valor
    for (a, b) in a_cambiar:
        tablero[a][b] = valor
    return True


def contar(tablero, c):
    return sum(1 for fila in tablero for casilla in fila if casilla == c)


def main():
    tablero = crear_tablero()
    dibujar(tablero)
    turno = "N"
    pases = 0
    while True:
        if contar(tablero, "V") == 0:
            break
        if pases == 2:
            break
        if contar(tablero, turno) == 0:
            break
        if turno == "N":
            jugada = input("Juegan las negras ● (p para pasar): ").upper()
        else:
            jugada = input("Juegan las blancas ○ (p para pasar): ").upper()
        if jugada == "P":
            pases += 1
        elif jugar(tablero, jugada, turno):
            pases = 0
            dibujar(tablero)
        else:
            print("Jugada inválida: pierde el turno.")
        turno = "B" if turno == "N" else "N"
    n = contar(tablero, "N")
    b = contar(tablero, "B")
    print("Fichas negras ●: %d   Fichas blancas ○: %d" % (n, b))
    if n > b:
        print("¡Ganan las negras!")
    elif b > n:
        print("¡Ganan las blancas!")
    else:
        print("Empate.")


if __name__ == "__main__":
    main()
