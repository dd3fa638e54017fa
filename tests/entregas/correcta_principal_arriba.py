# Tarea 2: Othello. Programa principal al nivel superior, como lo escriben muchos.

LETRAS = "ABCDEFGH"
DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def crear_tablero():
    tablero = []
    for i in range(8):
        tablero.append(["V"] * 8)
    tablero[3][3] = "B"
    tablero[4][4] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    return tablero


def mostrar(tablero):
    print("  " + " ".join(LETRAS))
    for i in range(8):
        print(i + 1, " ".join(tablero[i]))


def volteos(tablero, fila, col, valor):
    rival = "B" if valor == "N" else "N"
    total = []
    for df, dc in DIRECCIONES:
        f, c = fila + df, col + dc
        camino = []
        while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == rival:
            camino.append((f, c))
            f, c = f + df, c + dc
        if camino and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
            total += camino
    return total


def jugar(tablero, posicion, valor):
    if len(posicion) != 2 or posicion[0] not in "ABCDEFGH" or posicion[1] not in "12345678":
        return False
    col = LETRAS.index(posicion[0])
    fila = int(posicion[1]) - 1
    if tablero[fila][col] != "V":
        return False
    cambios = volteos(tablero, fila, col, valor)
    if not cambios:
        return False
    tablero[fila][col] = valor
    for f, c in cambios:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    n = 0
    for fila in tablero:
        for celda in fila:
            if celda == c:
                n += 1
    return n


def guardar_partida(tablero, nombre_archivo):
    archivo = open(nombre_archivo, "w")
    for fila in tablero:
        archivo.write(", ".join(fila) + "\n")
    archivo.close()


def cargar_partida(nombre_archivo):
    archivo = open(nombre_archivo)
    tablero = []
    for linea in archivo:
        tablero.append(linea.strip().split(", "))
    archivo.close()
    return tablero


# Programa principal
tablero = crear_tablero()
turno = "N"
pases = 0
while pases < 2 and contar(tablero, "V") > 0:
    mostrar(tablero)
    jugada = input("Jugada de " + turno + " (o 'pasar'): ")
    if jugada == "pasar":
        pases += 1
    elif jugar(tablero, jugada, turno):
        pases = 0
    else:
        print("Jugada inválida")
        continue
    turno = "B" if turno == "N" else "N"
print("Negras:", contar(tablero, "N"), "Blancas:", contar(tablero, "B"))
