# Tarea 2: Othello. Programa correcto: tablero con las letras B, N y V, las columnas A-H arriba y
# el número de cada fila a la izquierda; el programa principal al nivel superior; se pasa con
# "pasar" (lo dicen las instrucciones del comienzo, no la pregunta).

LETRAS = "ABCDEFGH"
NUMEROS = "12345678"


def crear_tablero():
    tablero = []
    for i in range(8):
        fila = []
        for j in range(8):
            fila.append("V")
        tablero.append(fila)
    tablero[3][3] = "B"
    tablero[4][4] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    return tablero


def imprimir_tablero(tablero):
    print()
    print("  A B C D E F G H")
    for i in range(8):
        linea = str(i + 1)
        for j in range(8):
            linea = linea + " " + tablero[i][j]
        print(linea)
    print()


def dentro(fila, col):
    return fila >= 0 and fila <= 7 and col >= 0 and col <= 7


def fichas_volteadas(tablero, fila, col, valor):
    if valor == "N":
        rival = "B"
    else:
        rival = "N"
    volteadas = []
    for df in [-1, 0, 1]:
        for dc in [-1, 0, 1]:
            if df == 0 and dc == 0:
                continue
            f = fila + df
            c = col + dc
            posibles = []
            while dentro(f, c) and tablero[f][c] == rival:
                posibles.append([f, c])
                f = f + df
                c = c + dc
            if len(posibles) > 0 and dentro(f, c) and tablero[f][c] == valor:
                volteadas = volteadas + posibles
    return volteadas


def jugar(tablero, posicion, valor):
    if valor != "N" and valor != "B":
        return False
    if len(posicion) != 2:
        return False
    if posicion[0] not in LETRAS or posicion[1] not in NUMEROS:
        return False
    col = LETRAS.index(posicion[0])
    fila = NUMEROS.index(posicion[1])
    if tablero[fila][col] != "V":
        return False
    volteadas = fichas_volteadas(tablero, fila, col, valor)
    if len(volteadas) == 0:
        return False
    tablero[fila][col] = valor
    for f, c in volteadas:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    cantidad = 0
    for fila in tablero:
        for casilla in fila:
            if casilla == c:
                cantidad = cantidad + 1
    return cantidad


def nombre_color(color):
    if color == "N":
        return "negras"
    return "blancas"


def cambiar_turno(turno):
    if turno == "N":
        return "B"
    return "N"


def mostrar_resultado(tablero):
    negras = contar(tablero, "N")
    blancas = contar(tablero, "B")
    print("Fin del juego")
    if negras > blancas:
        print("Ganan las negras", negras, "a", blancas)
    elif blancas > negras:
        print("Ganan las blancas", blancas, "a", negras)
    else:
        print("Empate", negras, "a", blancas)


# ------------------------- Programa principal -------------------------
print("OTHELLO")
print("Escriba la casilla donde quiere jugar (por ejemplo C4), o pasar para pasar el turno.")
tablero = crear_tablero()
turno = "N"
pases = 0
jugando = True
while jugando:
    imprimir_tablero(tablero)
    if contar(tablero, "V") == 0:
        print("El tablero está lleno.")
        jugando = False
    elif pases == 2:
        print("Los dos jugadores pasaron.")
        jugando = False
    elif contar(tablero, turno) == 0:
        print("Las", nombre_color(turno), "no tienen fichas en el tablero.")
        jugando = False
    else:
        jugada = input("Turno de las " + nombre_color(turno) + " (" + turno + "): ")
        if jugada == "pasar":
            pases = pases + 1
            turno = cambiar_turno(turno)
        elif jugar(tablero, jugada, turno):
            pases = 0
            turno = cambiar_turno(turno)
        else:
            print("Jugada inválida, intente otra vez.")
mostrar_resultado(tablero)
