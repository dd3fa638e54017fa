# Tarea 2: Othello. Programa correcto con la parte opcional: al comenzar pregunta si se juega una
# partida nueva o se carga una guardada, y durante el juego "guardar" pide el nombre del archivo
# y guarda el tablero (guardarPartida / cargarPartida). Se pasa con PASAR, en mayúsculas o no.

LETRAS = "ABCDEFGH"
VECINOS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def crear_tablero():
    tablero = [["V" for columna in range(8)] for fila in range(8)]
    tablero[3][3] = "B"
    tablero[4][4] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    return tablero


def mostrar_tablero(tablero):
    print()
    print("  " + " ".join(LETRAS))
    for numero in range(1, 9):
        print(str(numero) + " " + " ".join(tablero[numero - 1]) + " " + str(numero))
    print("  " + " ".join(LETRAS))
    print()


def posicion_a_indices(posicion):
    if len(posicion) != 2:
        return None
    if posicion[0] not in LETRAS or posicion[1] not in "12345678":
        return None
    return int(posicion[1]) - 1, LETRAS.index(posicion[0])


def fichas_encerradas(tablero, fila, columna, valor):
    contrario = "N" if valor == "B" else "B"
    encerradas = []
    for df, dc in VECINOS:
        camino = []
        f, c = fila + df, columna + dc
        while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == contrario:
            camino.append((f, c))
            f, c = f + df, c + dc
        if camino and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
            encerradas.extend(camino)
    return encerradas


def jugar(tablero, posicion, valor):
    indices = posicion_a_indices(posicion)
    if indices is None or valor not in ("N", "B"):
        return False
    fila, columna = indices
    if tablero[fila][columna] != "V":
        return False
    encerradas = fichas_encerradas(tablero, fila, columna, valor)
    if len(encerradas) == 0:
        return False
    tablero[fila][columna] = valor
    for f, c in encerradas:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    cuantas = 0
    for fila in tablero:
        cuantas += fila.count(c)
    return cuantas


def guardarPartida(tablero, nombre_archivo):
    archivo = open(nombre_archivo, "w")
    for fila in tablero:
        archivo.write(", ".join(fila) + "\n")
    archivo.close()


def cargarPartida(nombre_archivo):
    archivo = open(nombre_archivo, "r")
    tablero = []
    for linea in archivo:
        linea = linea.strip()
        if linea == "":
            continue
        tablero.append([casilla.strip() for casilla in linea.split(",")])
    archivo.close()
    return tablero


def color_de(turno):
    if turno == "N":
        return "Negras"
    return "Blancas"


def menu():
    print("1) Nueva partida  2) Cargar partida")
    opcion = input("Opción: ").strip()
    while opcion != "1" and opcion != "2":
        print("Opción no válida")
        opcion = input("Opción: ").strip()
    if opcion == "1":
        return crear_tablero(), "N"
    nombre = input("Nombre del archivo: ").strip()
    tablero = cargarPartida(nombre)
    turno = input("¿Quién juega ahora? (N/B): ").strip().upper()
    while turno != "N" and turno != "B":
        turno = input("¿Quién juega ahora? (N/B): ").strip().upper()
    return tablero, turno


def fin_del_juego(tablero, turno, pases):
    if contar(tablero, "V") == 0:
        print("Se llenó el tablero.")
        return True
    if pases >= 2:
        print("Los dos jugadores pasaron su turno.")
        return True
    if contar(tablero, turno) == 0:
        print("Las " + color_de(turno).lower() + " ya no tienen fichas.")
        return True
    return False


def anunciar_ganador(tablero):
    negras = contar(tablero, "N")
    blancas = contar(tablero, "B")
    if negras == blancas:
        print("¡Empate! " + str(negras) + " fichas cada uno")
    elif negras > blancas:
        print("Ganan las negras con " + str(negras) + " fichas contra " + str(blancas))
    else:
        print("Ganan las blancas con " + str(blancas) + " fichas contra " + str(negras))


def main():
    print("********** OTHELLO **********")
    tablero, turno = menu()
    pases = 0
    mostrar_tablero(tablero)
    while not fin_del_juego(tablero, turno, pases):
        texto = input(color_de(turno) + " (" + turno + "), ingrese jugada, PASAR o GUARDAR: ")
        jugada = texto.strip().upper()
        if jugada == "PASAR":
            pases += 1
            turno = "B" if turno == "N" else "N"
        elif jugada == "GUARDAR":
            nombre = input("Nombre del archivo: ").strip()
            guardarPartida(tablero, nombre)
            print("Partida guardada en " + nombre)
        elif jugar(tablero, jugada, turno):
            pases = 0
            mostrar_tablero(tablero)
            turno = "B" if turno == "N" else "N"
        else:
            print("Jugada no válida, intente de nuevo")
    anunciar_ganador(tablero)


main()
