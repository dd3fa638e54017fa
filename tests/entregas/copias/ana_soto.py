# Tarea 2: El Juego Othello
# Ana Soto, sección 3


def en_rango(fila, columna):
    """Dice si la casilla está dentro del tablero."""
    return 0 <= fila < 8 and 0 <= columna < 8


def fichas_a_voltear(tablero, fila, columna, valor):
    """Las fichas del rival que quedan encerradas al jugar en (fila, columna)."""
    if valor == "N":
        rival = "B"
    else:
        rival = "N"
    resultado = []
    for delta_fila in [-1, 0, 1]:
        for delta_columna in [-1, 0, 1]:
            if delta_fila == 0 and delta_columna == 0:
                continue
            encerradas = []
            f = fila + delta_fila
            c = columna + delta_columna
            while en_rango(f, c) and tablero[f][c] == rival:
                encerradas.append([f, c])
                f = f + delta_fila
                c = c + delta_columna
            if len(encerradas) > 0 and en_rango(f, c) and tablero[f][c] == valor:
                resultado = resultado + encerradas
    return resultado


def jugar(tablero, posicion, valor):
    """Juega valor en posicion si la jugada es válida; dice si lo era."""
    if len(posicion) != 2:
        return False
    letra = posicion[0]
    numero = posicion[1]
    if letra not in "ABCDEFGH" or numero not in "12345678":
        return False
    columna = "ABCDEFGH".find(letra)
    fila = int(numero) - 1
    if tablero[fila][columna] != "V":
        return False
    voltear = fichas_a_voltear(tablero, fila, columna, valor)
    if len(voltear) == 0:
        return False
    tablero[fila][columna] = valor
    for casilla in voltear:
        tablero[casilla[0]][casilla[1]] = valor
    return True


def contar(tablero, valor):
    """Cuántas casillas tienen valor."""
    total = 0
    for fila in range(8):
        for columna in range(8):
            if tablero[fila][columna] == valor:
                total = total + 1
    return total


def guardarPartida(tablero, nombre):
    with open(nombre, "w") as archivo:
        for fila in tablero:
            archivo.write(", ".join(fila) + "\n")


def cargarPartida(nombre):
    tablero = []
    with open(nombre) as archivo:
        for linea in archivo:
            linea = linea.strip()
            if linea != "":
                tablero.append(linea.split(", "))
    return tablero


if __name__ == "__main__":
    t = [["V"] * 8 for _ in range(8)]
    t[3][3], t[4][4], t[3][4], t[4][3] = "B", "B", "N", "N"
    print(jugar(t, "C4", "N"), contar(t, "N"))
