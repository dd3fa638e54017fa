# Tarea 2: Othello. Programa correcto: muestra el tablero con números (0 vacía, 1 negra, 2 blanca)
# y una leyenda; por dentro el tablero es de "V", "N" y "B". Se pasa con "pasar".

CODIGO = {"V": "0", "N": "1", "B": "2"}


def crear():
    tab = [["V"] * 8 for k in range(8)]
    tab[3][3] = "B"
    tab[4][4] = "B"
    tab[3][4] = "N"
    tab[4][3] = "N"
    return tab


def imprimir(tab):
    print("Leyenda: 0 = vacía, 1 = negra, 2 = blanca")
    print("    A B C D E F G H")
    for i in range(8):
        numeros = []
        for x in tab[i]:
            numeros.append(CODIGO[x])
        print(str(i + 1) + " | " + " ".join(numeros))


def encerradas(tab, f0, c0, df, dc, valor):
    # Recursiva: la lista de fichas rivales desde (f0, c0) hacia (df, dc) que cierra una propia,
    # o None si la línea no se cierra.
    if f0 < 0 or f0 > 7 or c0 < 0 or c0 > 7 or tab[f0][c0] == "V":
        return None
    if tab[f0][c0] == valor:
        return []
    resto = encerradas(tab, f0 + df, c0 + dc, df, dc, valor)
    if resto is None:
        return None
    return [(f0, c0)] + resto


def jugar(tablero, posicion, valor):
    if not (valor == "N" or valor == "B"):
        return False
    if len(posicion) != 2 or not ("A" <= posicion[0] <= "H") or not ("1" <= posicion[1] <= "8"):
        return False
    f = int(posicion[1]) - 1
    c = ord(posicion[0]) - 65
    if tablero[f][c] != "V":
        return False
    total = []
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if df != 0 or dc != 0:
                linea = encerradas(tablero, f + df, c + dc, df, dc, valor)
                if linea:
                    total.extend(linea)
    if len(total) == 0:
        return False
    tablero[f][c] = valor
    for ff, cc in total:
        tablero[ff][cc] = valor
    return True


def contar(tablero, c):
    return sum([fila.count(c) for fila in tablero])


def turno_siguiente(t):
    return {"N": "B", "B": "N"}[t]


tab = crear()
turno = "N"
pases = 0
imprimir(tab)
while contar(tab, "V") > 0 and pases < 2 and contar(tab, turno) > 0:
    if turno == "N":
        quien = "Jugador 1 (negras)"
    else:
        quien = "Jugador 2 (blancas)"
    jugada = input(quien + ", su jugada o 'pasar': ")
    if jugada == "pasar":
        pases += 1
        turno = turno_siguiente(turno)
    elif jugar(tab, jugada, turno):
        pases = 0
        imprimir(tab)
        turno = turno_siguiente(turno)
    else:
        print("Jugada inválida.")

n = contar(tab, "N")
b = contar(tab, "B")
print("Puntaje final -> negras (1): " + str(n) + ", blancas (2): " + str(b))
if n > b:
    print("Ganador: negras")
elif b > n:
    print("Ganador: blancas")
else:
    print("Empate")
