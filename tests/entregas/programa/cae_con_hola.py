# Tarea 2: Othello. Error en el programa principal: lee la jugada por su cuenta antes de llamar a
# jugar, con int() sobre lo que sigue a la letra, y con un texto como "hola" se cae con
# ValueError. Con casillas fuera del tablero (I9, A0) sí dice que la jugada no vale. Todo lo
# demás está bien; se pasa con "pasar".

LETRAS = "ABCDEFGH"


def crear_tablero():
    tablero = [["V"] * 8 for i in range(8)]
    tablero[3][3] = "B"
    tablero[4][4] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    return tablero


def mostrar(tablero):
    print("  " + " ".join(LETRAS))
    for i in range(8):
        print(str(i + 1) + " " + " ".join(tablero[i]) + " " + str(i + 1))
    print("  " + " ".join(LETRAS))


def encerradas(tablero, fila, col, valor):
    otro = "N" if valor == "B" else "B"
    lista = []
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if df == 0 and dc == 0:
                continue
            f, c = fila + df, col + dc
            camino = []
            while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == otro:
                camino.append((f, c))
                f, c = f + df, c + dc
            if camino and 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == valor:
                lista += camino
    return lista


def jugar(tablero, posicion, valor):
    if valor not in ("N", "B"):
        return False
    if len(posicion) != 2 or posicion[0] not in LETRAS or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = LETRAS.index(posicion[0])
    if tablero[fila][col] != "V":
        return False
    lista = encerradas(tablero, fila, col, valor)
    if not lista:
        return False
    tablero[fila][col] = valor
    for f, c in lista:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    return sum(fila.count(c) for fila in tablero)


def leer_jugada(texto):
    """La letra y el número de la jugada; (None, None) si está fuera del tablero."""
    letra = texto[0].upper()
    numero = int(texto[1:])
    if letra not in LETRAS or numero < 1 or numero > 8:
        return None, None
    return letra, numero


tablero = crear_tablero()
mostrar(tablero)
turno = "N"
pases = 0
while contar(tablero, "V") > 0 and pases < 2 and contar(tablero, turno) > 0:
    if turno == "N":
        texto = input("Negras (N), ingrese su jugada o 'pasar': ")
    else:
        texto = input("Blancas (B), ingrese su jugada o 'pasar': ")
    if texto == "pasar":
        pases += 1
        turno = "B" if turno == "N" else "N"
        continue
    letra, numero = leer_jugada(texto)
    if letra is None:
        print("Esa casilla está fuera del tablero.")
    elif jugar(tablero, letra + str(numero), turno):
        pases = 0
        mostrar(tablero)
        turno = "B" if turno == "N" else "N"
    else:
        print("Jugada no válida.")

negras = contar(tablero, "N")
blancas = contar(tablero, "B")
if negras > blancas:
    print("Ganan las negras " + str(negras) + " a " + str(blancas))
elif blancas > negras:
    print("Ganan las blancas " + str(blancas) + " a " + str(negras))
else:
    print("Empate " + str(negras) + " a " + str(blancas))
