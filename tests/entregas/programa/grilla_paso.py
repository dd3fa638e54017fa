# Tarea 2: Othello. Programa correcto: el tablero en una grilla con | entre las casillas y
# +---+---+ entre las filas; se pasa con "paso", que solo dicen las instrucciones del comienzo
# (la pregunta no lo nombra).

COLUMNAS = ["A", "B", "C", "D", "E", "F", "G", "H"]


def nuevo_tablero():
    tablero = [["V"] * 8 for i in range(8)]
    tablero[3][3] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    tablero[4][4] = "B"
    return tablero


def dibujar(tablero):
    separador = "  +" + "---+" * 8
    print("    " + "   ".join(COLUMNAS))
    print(separador)
    for i in range(8):
        print(str(i + 1) + " | " + " | ".join(tablero[i]) + " |")
        print(separador)


def revisar_direccion(tablero, fila, col, df, dc, valor):
    """Las fichas rivales que quedan encerradas hacia (df, dc), o [] si no hay."""
    encerradas = []
    f = fila + df
    c = col + dc
    while 0 <= f < 8 and 0 <= c < 8:
        if tablero[f][c] == "V":
            return []
        if tablero[f][c] == valor:
            return encerradas
        encerradas.append((f, c))
        f += df
        c += dc
    return []


def jugar(tablero, posicion, valor):
    if valor not in ["N", "B"]:
        return False
    if type(posicion) != str or len(posicion) != 2:
        return False
    if posicion[0] not in COLUMNAS or not posicion[1] in "12345678":
        return False
    col = COLUMNAS.index(posicion[0])
    fila = int(posicion[1]) - 1
    if tablero[fila][col] != "V":
        return False
    voltear = []
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (df, dc) != (0, 0):
                voltear += revisar_direccion(tablero, fila, col, df, dc, valor)
    if voltear == []:
        return False
    tablero[fila][col] = valor
    for (f, c) in voltear:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    total = 0
    for i in range(8):
        total += tablero[i].count(c)
    return total


def termino(tablero, turno, pases_seguidos):
    """El motivo por el que se acabó el juego, o "" si sigue."""
    if contar(tablero, "V") == 0:
        return "No quedan casillas vacías."
    if pases_seguidos >= 2:
        return "Ninguno de los dos pudo jugar."
    if contar(tablero, turno) == 0:
        return "El jugador " + turno + " no tiene fichas."
    return ""


def main():
    print("=== OTHELLO ===")
    print("Ingrese su jugada como letra y número (ej: D3). Si no puede jugar, escriba paso.")
    tablero = nuevo_tablero()
    turno = "N"
    pases_seguidos = 0
    dibujar(tablero)
    motivo = termino(tablero, turno, pases_seguidos)
    while motivo == "":
        if turno == "N":
            nombre = "negras"
        else:
            nombre = "blancas"
        jugada = input("Turno de las " + nombre + " (" + turno + "): ")
        jugada = jugada.strip().upper()
        if jugada == "PASO":
            pases_seguidos += 1
        elif jugar(tablero, jugada, turno):
            pases_seguidos = 0
            dibujar(tablero)
        else:
            print("Esa jugada no es válida. Intente de nuevo.")
            continue
        if turno == "N":
            turno = "B"
        else:
            turno = "N"
        motivo = termino(tablero, turno, pases_seguidos)
    print(motivo)
    negras = contar(tablero, "N")
    blancas = contar(tablero, "B")
    mensaje = "Fin del juego. Negras: " + str(negras) + ", Blancas: " + str(blancas) + ". "
    if negras > blancas:
        mensaje += "Ganan las negras"
    elif blancas > negras:
        mensaje += "Ganan las blancas"
    else:
        mensaje += "Empate"
    print(mensaje)


main()
