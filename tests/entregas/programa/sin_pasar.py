# Tarea 2: Othello. Error en el programa principal: no hay cómo pasar el turno (cualquier palabra
# es una jugada inválida y se vuelve a preguntar), así que tampoco se llega a dos pases seguidos.
# Todo lo demás está bien. El tablero se muestra con print(fila).

def nuevo():
    t = [["V"] * 8 for i in range(8)]
    t[3][3] = "B"
    t[4][4] = "B"
    t[3][4] = "N"
    t[4][3] = "N"
    return t


def imprimir(t):
    for fila in t:
        print(fila)
    print()


def jugar(tablero, posicion, valor):
    if not valor in ["N", "B"]:
        return False
    if len(posicion) != 2:
        return False
    columnas = ["A", "B", "C", "D", "E", "F", "G", "H"]
    filas = ["1", "2", "3", "4", "5", "6", "7", "8"]
    if not posicion[0] in columnas or not posicion[1] in filas:
        return False
    c = columnas.index(posicion[0])
    f = filas.index(posicion[1])
    if tablero[f][c] != "V":
        return False
    contrario = "B"
    if valor == "B":
        contrario = "N"
    cambiar = []
    for df in [-1, 0, 1]:
        for dc in [-1, 0, 1]:
            if df == 0 and dc == 0:
                continue
            ff = f + df
            cc = c + dc
            posibles = []
            while ff >= 0 and ff <= 7 and cc >= 0 and cc <= 7:
                if tablero[ff][cc] == contrario:
                    posibles.append([ff, cc])
                else:
                    break
                ff = ff + df
                cc = cc + dc
            if ff >= 0 and ff <= 7 and cc >= 0 and cc <= 7 and tablero[ff][cc] == valor:
                cambiar = cambiar + posibles
    if len(cambiar) == 0:
        return False
    tablero[f][c] = valor
    for p in cambiar:
        tablero[p[0]][p[1]] = valor
    return True


def contar(tablero, c):
    n = 0
    for f in range(8):
        for k in range(8):
            if tablero[f][k] == c:
                n = n + 1
    return n


tablero = nuevo()
imprimir(tablero)
turno = "N"
while contar(tablero, "V") > 0 and contar(tablero, turno) > 0:
    if turno == "N":
        jugada = input("Juegan las negras (N). Ingrese su jugada: ")
    else:
        jugada = input("Juegan las blancas (B). Ingrese su jugada: ")
    if jugar(tablero, jugada, turno):
        imprimir(tablero)
        if turno == "N":
            turno = "B"
        else:
            turno = "N"
    else:
        print("Jugada inválida")

negras = contar(tablero, "N")
blancas = contar(tablero, "B")
print("Negras:", negras, "Blancas:", blancas)
if negras > blancas:
    print("Ganaron las negras")
elif blancas > negras:
    print("Ganaron las blancas")
else:
    print("Empate")
