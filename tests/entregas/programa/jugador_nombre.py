# Tarea 2: Othello. Programa correcto: pregunta por el nombre del jugador ("Jugador negro, ingrese
# su jugada (o 'pasar'): "), acepta las jugadas en minúsculas (c4) y ante una jugada que no vale
# dice "Jugada inválida, intente de nuevo".


def crear_tablero():
    t = []
    for i in range(8):
        t.append(["V"] * 8)
    t[3][3] = "B"
    t[3][4] = "N"
    t[4][3] = "N"
    t[4][4] = "B"
    return t


def imprimir(t):
    print("    A  B  C  D  E  F  G  H")
    for i in range(8):
        print(" " + str(i + 1) + "  " + "  ".join(t[i]))


def hay_encierro(t, f, c, df, dc, valor):
    # Cuenta cuántas fichas rivales hay seguidas y si al final hay una propia
    rival = "B"
    if valor == "B":
        rival = "N"
    cuantas = 0
    f = f + df
    c = c + dc
    while f in range(8) and c in range(8) and t[f][c] == rival:
        cuantas = cuantas + 1
        f = f + df
        c = c + dc
    if cuantas > 0 and f in range(8) and c in range(8) and t[f][c] == valor:
        return cuantas
    return 0


def jugar(tablero, posicion, valor):
    if valor != "B" and valor != "N":
        return False
    if len(posicion) != 2:
        return False
    letra = posicion[0]
    numero = posicion[1]
    if not letra in "ABCDEFGH" or not numero in "12345678":
        return False
    c = ord(letra) - ord("A")
    f = ord(numero) - ord("1")
    if tablero[f][c] != "V":
        return False
    valida = False
    for df in [-1, 0, 1]:
        for dc in [-1, 0, 1]:
            if df == 0 and dc == 0:
                continue
            n = hay_encierro(tablero, f, c, df, dc, valor)
            for k in range(1, n + 1):
                tablero[f + k * df][c + k * dc] = valor
            if n > 0:
                valida = True
    if valida:
        tablero[f][c] = valor
    return valida


def contar(tablero, c):
    n = 0
    for fila in tablero:
        for x in fila:
            if x == c:
                n = n + 1
    return n


def nombre(jugador):
    if jugador == "N":
        return "negro"
    else:
        return "blanco"


tablero = crear_tablero()
jugador = "N"
pasadas = 0
imprimir(tablero)
while True:
    if contar(tablero, "V") == 0:
        print("El tablero está completo.")
        break
    if pasadas == 2:
        print("Ambos jugadores pasaron.")
        break
    if contar(tablero, jugador) == 0:
        print("El jugador " + nombre(jugador) + " no tiene fichas.")
        break
    jugada = input("Jugador " + nombre(jugador) + ", ingrese su jugada (o 'pasar'): ")
    jugada = jugada.strip()
    if jugada.lower() == "pasar":
        print("El jugador " + nombre(jugador) + " pasa.")
        pasadas = pasadas + 1
    elif jugar(tablero, jugada.upper(), jugador):
        pasadas = 0
        imprimir(tablero)
    else:
        print("Jugada inválida, intente de nuevo")
        continue
    if jugador == "N":
        jugador = "B"
    else:
        jugador = "N"

negras = contar(tablero, "N")
blancas = contar(tablero, "B")
if negras > blancas:
    print("Ganó el jugador negro: " + str(negras) + " fichas negras contra " + str(blancas) + " blancas.")
elif blancas > negras:
    print("Ganó el jugador blanco: " + str(blancas) + " fichas blancas contra " + str(negras) + " negras.")
else:
    print("Empate: " + str(negras) + " fichas negras y " + str(blancas) + " blancas.")
