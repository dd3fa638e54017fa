# Tarea 2: Othello. Error en el programa principal: al final muestra bien cuántas fichas tiene cada
# color, pero declara ganador al que tiene menos (la comparación quedó al revés). Todo lo demás
# está bien; se pasa con "pasar".

LETRAS = ["A", "B", "C", "D", "E", "F", "G", "H"]


def crear_tablero():
    tablero = []
    for i in range(8):
        tablero.append(["V"] * 8)
    tablero[3][3] = "B"
    tablero[3][4] = "N"
    tablero[4][3] = "N"
    tablero[4][4] = "B"
    return tablero


def mostrar_tablero(tablero):
    print("   " + " ".join(LETRAS))
    for i in range(8):
        print(" " + str(i + 1) + " " + " ".join(tablero[i]))


def buscar(tablero, fila, col, df, dc, valor):
    """Las fichas del rival desde (fila, col) hacia (df, dc) si una propia las encierra."""
    rival = "N"
    if valor == "N":
        rival = "B"
    encontradas = []
    f = fila + df
    c = col + dc
    while 0 <= f <= 7 and 0 <= c <= 7:
        if tablero[f][c] == rival:
            encontradas.append((f, c))
        elif tablero[f][c] == valor:
            return encontradas
        else:
            return []
        f += df
        c += dc
    return []


def jugar(tablero, posicion, valor):
    if valor != "N" and valor != "B":
        return False
    if len(posicion) != 2 or posicion[0] not in LETRAS or posicion[1] not in "12345678":
        return False
    col = LETRAS.index(posicion[0])
    fila = int(posicion[1]) - 1
    if tablero[fila][col] != "V":
        return False
    todas = []
    for df in [-1, 0, 1]:
        for dc in [-1, 0, 1]:
            if df != 0 or dc != 0:
                todas = todas + buscar(tablero, fila, col, df, dc, valor)
    if len(todas) == 0:
        return False
    tablero[fila][col] = valor
    for f, c in todas:
        tablero[f][c] = valor
    return True


def contar(tablero, c):
    total = 0
    for fila in tablero:
        for x in fila:
            if x == c:
                total = total + 1
    return total


def guardarPartida(tablero, nombre_archivo):
    archivo = open(nombre_archivo, "w")
    for fila in tablero:
        archivo.write(", ".join(fila) + "\n")
    archivo.close()


def cargarPartida(nombre_archivo):
    archivo = open(nombre_archivo)
    texto = archivo.read()
    archivo.close()
    tablero = []
    for linea in texto.split("\n"):
        if linea.strip() != "":
            fila = []
            for casilla in linea.split(","):
                fila.append(casilla.strip())
            tablero.append(fila)
    return tablero


def termino(tablero, turno, pases):
    return contar(tablero, "V") == 0 or pases == 2 or contar(tablero, turno) == 0


def ganador(tablero):
    negras = contar(tablero, "N")
    blancas = contar(tablero, "B")
    print("Fin del juego. Negras: " + str(negras) + ", Blancas: " + str(blancas) + ".")
    if negras < blancas:
        print("Ganan las negras")
    elif blancas < negras:
        print("Ganan las blancas")
    else:
        print("Empate")


tablero = crear_tablero()
turno = "N"
pases = 0
mostrar_tablero(tablero)
while not termino(tablero, turno, pases):
    if turno == "N":
        jugada = input("Turno de las negras (N), jugada o pasar: ")
    else:
        jugada = input("Turno de las blancas (B), jugada o pasar: ")
    if jugada == "pasar":
        pases = pases + 1
        if turno == "N":
            turno = "B"
        else:
            turno = "N"
    elif jugar(tablero, jugada, turno):
        pases = 0
        mostrar_tablero(tablero)
        if turno == "N":
            turno = "B"
        else:
            turno = "N"
    else:
        print("Jugada inválida")
ganador(tablero)
