# Tarea 2: Othello. Error en el programa principal: ante una jugada inválida no vuelve a preguntar,
# sino que se sale del ciclo del juego y muestra el resultado. Todo lo demás está bien.

LETRAS = "ABCDEFGH"


def crear_tablero():
    tablero = []
    for fila in range(8):
        tablero.append(["V"] * 8)
    tablero[3][3] = "B"
    tablero[4][4] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    return tablero


def mostrar(tablero):
    print("   A B C D E F G H")
    numero = 1
    for fila in tablero:
        print(numero, "", " ".join(fila))
        numero += 1


def voltear_linea(tablero, fila, col, df, dc, valor):
    """Voltea las fichas encerradas hacia (df, dc) y dice cuántas volteó."""
    contrario = "B" if valor == "N" else "N"
    f, c = fila + df, col + dc
    pasadas = []
    while 0 <= f < 8 and 0 <= c < 8 and tablero[f][c] == contrario:
        pasadas.append((f, c))
        f, c = f + df, c + dc
    if not (0 <= f < 8 and 0 <= c < 8) or tablero[f][c] != valor:
        return 0
    for (a, b) in pasadas:
        tablero[a][b] = valor
    return len(pasadas)


def jugar(tablero, posicion, valor):
    if valor not in ("N", "B") or len(posicion) != 2:
        return False
    if posicion[0] not in LETRAS or posicion[1] not in "12345678":
        return False
    fila = int(posicion[1]) - 1
    col = LETRAS.index(posicion[0])
    if tablero[fila][col] != "V":
        return False
    volteadas = 0
    for df in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if df != 0 or dc != 0:
                volteadas += voltear_linea(tablero, fila, col, df, dc, valor)
    if volteadas == 0:
        return False
    tablero[fila][col] = valor
    return True


def contar(tablero, c):
    suma = 0
    for fila in tablero:
        suma += fila.count(c)
    return suma


def guardarPartida(tablero, nombre_archivo):
    f = open(nombre_archivo, "w")
    for fila in tablero:
        f.write(", ".join(fila) + "\n")
    f.close()


def cargarPartida(nombre_archivo):
    f = open(nombre_archivo)
    tablero = []
    for linea in f.readlines():
        if linea.strip() != "":
            tablero.append([x.strip() for x in linea.split(",")])
    f.close()
    return tablero


tablero = crear_tablero()
mostrar(tablero)
turno = "N"
pases = 0
while True:
    if contar(tablero, "V") == 0 or pases == 2 or contar(tablero, turno) == 0:
        break
    if turno == "N":
        jugada = input("Negras (N), su jugada (o pasar): ")
    else:
        jugada = input("Blancas (B), su jugada (o pasar): ")
    if jugada == "pasar":
        pases += 1
    elif jugar(tablero, jugada, turno):
        pases = 0
        mostrar(tablero)
    else:
        print("Jugada inválida. Se acabó el juego.")
        break
    if turno == "N":
        turno = "B"
    else:
        turno = "N"

negras = contar(tablero, "N")
blancas = contar(tablero, "B")
if negras > blancas:
    print("Negras:", negras, "- Blancas:", blancas, "-> ganan las negras")
elif negras < blancas:
    print("Negras:", negras, "- Blancas:", blancas, "-> ganan las blancas")
else:
    print("Negras:", negras, "- Blancas:", blancas, "-> empate")
