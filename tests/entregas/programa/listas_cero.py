# Tarea 2: Othello. Programa correcto, sin adornos: el tablero se muestra con print(fila), como
# listas de Python; se pasa con 0, como dice la pregunta; el programa al nivel superior.

tablero = []
for i in range(8):
    tablero.append(["V", "V", "V", "V", "V", "V", "V", "V"])
tablero[3][3] = "B"
tablero[3][4] = "N"
tablero[4][3] = "N"
tablero[4][4] = "B"

direcciones = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]]


def mostrar(tablero):
    for fila in tablero:
        print(fila)


def jugar(tablero, posicion, valor):
    if len(posicion) != 2 or not (valor == "N" or valor == "B"):
        return False
    letras = "ABCDEFGH"
    numeros = "12345678"
    if letras.find(posicion[0]) == -1 or numeros.find(posicion[1]) == -1:
        return False
    x = numeros.find(posicion[1])
    y = letras.find(posicion[0])
    if tablero[x][y] != "V":
        return False
    if valor == "N":
        otro = "B"
    else:
        otro = "N"
    hay_flanqueo = False
    for d in direcciones:
        i = x + d[0]
        j = y + d[1]
        n = 0
        while i >= 0 and i < 8 and j >= 0 and j < 8 and tablero[i][j] == otro:
            i = i + d[0]
            j = j + d[1]
            n = n + 1
        if n > 0 and i >= 0 and i < 8 and j >= 0 and j < 8 and tablero[i][j] == valor:
            hay_flanqueo = True
            # volteo las n fichas de esta dirección
            i = x + d[0]
            j = y + d[1]
            for k in range(n):
                tablero[i][j] = valor
                i = i + d[0]
                j = j + d[1]
    if hay_flanqueo:
        tablero[x][y] = valor
    return hay_flanqueo


def contar(tablero, c):
    cont = 0
    for i in range(8):
        for j in range(8):
            if tablero[i][j] == c:
                cont = cont + 1
    return cont


mostrar(tablero)
jugador = "N"
pasadas = 0
while True:
    if contar(tablero, "V") == 0 or pasadas == 2 or contar(tablero, jugador) == 0:
        n = contar(tablero, "N")
        b = contar(tablero, "B")
        if n > b:
            print("Ganador: N (" + str(n) + " - " + str(b) + ")")
        elif b > n:
            print("Ganador: B (" + str(b) + " - " + str(n) + ")")
        else:
            print("Empate (" + str(n) + " - " + str(b) + ")")
        break
    if jugador == "N":
        jugada = input("Negro (N), ingrese su jugada (0 para pasar): ")
    else:
        jugada = input("Blanco (B), ingrese su jugada (0 para pasar): ")
    if jugada == "0":
        pasadas = pasadas + 1
    elif jugar(tablero, jugada, jugador):
        pasadas = 0
        mostrar(tablero)
    else:
        print("Jugada no válida")
        continue
    if jugador == "N":
        jugador = "B"
    else:
        jugador = "N"
