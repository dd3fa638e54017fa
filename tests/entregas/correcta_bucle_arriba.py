# Tarea 2: Othello. Correcta, con el programa principal al nivel superior en un while True que
# pide jugadas con input() hasta que escriban "salir": importarla tal cual espera una jugada.

COLUMNAS = "ABCDEFGH"


def en_tablero(fila, col):
    return fila >= 0 and fila < 8 and col >= 0 and col < 8


def fichas_a_voltear(tablero, fila, col, valor):
    rival = "N" if valor == "B" else "B"
    resultado = []
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if df == 0 and dc == 0:
                continue
            linea = []
            f = fila + df
            c = col + dc
            while en_tablero(f, c) and tablero[f][c] == rival:
                linea.append([f, c])
                f = f + df
                c = c + dc
            if len(linea) > 0 and en_tablero(f, c) and tablero[f][c] == valor:
                resultado = resultado + linea
    return resultado


def jugar(tablero, posicion, valor):
    if len(posicion) != 2 or posicion[0] not in COLUMNAS or posicion[1] not in "12345678":
        return False
    col = COLUMNAS.find(posicion[0])
    fila = int(posicion[1]) - 1
    if tablero[fila][col] != "V":
        return False
    voltear = fichas_a_voltear(tablero, fila, col, valor)
    if len(voltear) == 0:
        return False
    tablero[fila][col] = valor
    for f, c in voltear:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    total = 0
    for i in range(8):
        for j in range(8):
            if tablero[i][j] == c:
                total = total + 1
    return total


def guardarPartida(tablero, nombre_archivo):
    texto = ""
    for fila in tablero:
        texto = texto + ", ".join(fila) + "\n"
    archivo = open(nombre_archivo, "w")
    archivo.write(texto)
    archivo.close()


def cargarPartida(nombre_archivo):
    archivo = open(nombre_archivo, "r")
    lineas = archivo.read().splitlines()
    archivo.close()
    return [[casilla.strip() for casilla in linea.split(",")] for linea in lineas]


tablero = [["V"] * 8 for i in range(8)]
tablero[3][3] = "B"
tablero[4][4] = "B"
tablero[3][4] = "N"
tablero[4][3] = "N"
turno = "N"
while True:
    print("   " + "  ".join(COLUMNAS))
    for i in range(8):
        print(i + 1, " " + "  ".join(tablero[i]))
    jugada = input("Turno de " + turno + ": ")
    if jugada == "salir":
        break
    if jugar(tablero, jugada, turno):
        turno = "B" if turno == "N" else "N"
    else:
        print("Jugada inválida")
print("Negras:", contar(tablero, "N"), "Blancas:", contar(tablero, "B"))
