# Tarea 2: Othello. Error en el programa principal: no revisa si el tablero está lleno, así que con
# el tablero completo sigue pidiendo jugadas (solo termina con dos pases o si a un jugador no le
# quedan fichas). Todo lo demás está bien. Tiene menú al comenzar (nueva partida o cargar una
# guardada) y la orden "guardar"; se pasa con "pasar", en mayúsculas o no.

COLUMNAS = "ABCDEFGH"


def tablero_inicial():
    tablero = []
    for i in range(8):
        tablero.append(["V", "V", "V", "V", "V", "V", "V", "V"])
    tablero[3][3] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    tablero[4][4] = "B"
    return tablero


def mostrar(tablero):
    print("    " + "   ".join(COLUMNAS))
    for i in range(8):
        print(" " + str(i + 1) + "  " + "   ".join(tablero[i]))


def cambios(tablero, fila, col, valor):
    rival = "B" if valor == "N" else "N"
    lista = []
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if df == 0 and dc == 0:
                continue
            f, c = fila + df, col + dc
            tramo = []
            while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == rival:
                tramo.append((f, c))
                f, c = f + df, c + dc
            if tramo and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
                lista.extend(tramo)
    return lista


def jugar(tablero, posicion, valor):
    if valor != "N" and valor != "B":
        return False
    if len(posicion) != 2 or posicion[0] not in COLUMNAS or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = COLUMNAS.index(posicion[0])
    if tablero[fila][col] != "V":
        return False
    lista = cambios(tablero, fila, col, valor)
    if len(lista) == 0:
        return False
    tablero[fila][col] = valor
    for f, c in lista:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    cuenta = 0
    for fila in tablero:
        for casilla in fila:
            if casilla == c:
                cuenta += 1
    return cuenta


def guardarPartida(tablero, nombre_archivo):
    with open(nombre_archivo, "w") as archivo:
        for fila in tablero:
            archivo.write(", ".join(fila) + "\n")


def cargarPartida(nombre_archivo):
    tablero = []
    with open(nombre_archivo) as archivo:
        for linea in archivo:
            if linea.strip():
                tablero.append([casilla.strip() for casilla in linea.strip().split(",")])
    return tablero


def main():
    print("1) Nueva partida")
    print("2) Cargar partida")
    opcion = input("¿Qué desea hacer? ")
    while opcion not in ("1", "2"):
        opcion = input("Elija 1 o 2: ")
    if opcion == "2":
        tablero = cargarPartida(input("Archivo a cargar: "))
        turno = ""
        while turno not in ("N", "B"):
            turno = input("¿A quién le toca, N o B? ").strip().upper()
    else:
        tablero = tablero_inicial()
        turno = "N"
    pases = 0
    mostrar(tablero)
    while pases < 2 and contar(tablero, turno) > 0:
        if turno == "N":
            texto = "Negras"
        else:
            texto = "Blancas"
        jugada = input(texto + " (" + turno + "), su jugada (pasar / guardar): ").strip().upper()
        if jugada == "PASAR":
            pases += 1
            turno = "B" if turno == "N" else "N"
        elif jugada == "GUARDAR":
            archivo = input("Nombre del archivo: ")
            guardarPartida(tablero, archivo)
            print("Guardado.")
        elif jugar(tablero, jugada, turno):
            pases = 0
            mostrar(tablero)
            turno = "B" if turno == "N" else "N"
        else:
            print("No se puede jugar ahí.")
    negras = contar(tablero, "N")
    blancas = contar(tablero, "B")
    print("Resultado: negras " + str(negras) + ", blancas " + str(blancas))
    if negras > blancas:
        print("Ganador: negras")
    elif blancas > negras:
        print("Ganador: blancas")
    else:
        print("Empate")


main()
