#   TAREA 2 -- OTHELLO
#   autor: Bruno Vera


def dentro(i, j):
    # ¿(i, j) es una casilla?
    return 0 <= i < 8 and 0 <= j < 8


def capturas(t, i, j, color):
    # junta las fichas que se dan vuelta
    if color == 'N':
        otro = 'B'
    else:
        otro = 'N'
    lista = []
    for di in [-1, 0, 1]:
        for dj in [-1, 0, 1]:
            if di == 0 and dj == 0: continue
            linea = []
            a = i + di
            b = j + dj
            while dentro(a, b) and t[a][b] == otro:
                linea.append([a, b])
                a = a + di
                b = b + dj
            if (len(linea) > 0
                    and dentro(a, b)
                    and t[a][b] == color):
                lista = lista + linea
    return lista


def jugar(t, pos, color):
    if len(pos) != 2:
        return False
    l = pos[0]
    n = pos[1]
    if l not in 'ABCDEFGH' or n not in '12345678':
        return False
    j = 'ABCDEFGH'.find(l)
    i = int(n) - 1
    if t[i][j] != 'V':
        return False
    cambian = capturas(t, i, j, color)
    if len(cambian) == 0:
        return False
    t[i][j] = color
    for p in cambian:
        t[p[0]][p[1]] = color
    return True


def contar(t, color):
    k = 0
    for i in range(8):
        for j in range(8):
            if t[i][j] == color:
                k = k + 1
    return k


def guardarPartida(t, archivo):
    with open(archivo, 'w') as salida:
        for fila in t:
            salida.write(', '.join(fila) + '\n')


def cargarPartida(archivo):
    t = []
    with open(archivo) as entrada:
        for l in entrada:
            l = l.strip()
            if l != '':
                t.append(l.split(', '))
    return t


if __name__ == '__main__':
    tab = [['V'] * 8 for _ in range(8)]
    tab[3][3], tab[4][4], tab[3][4], tab[4][3] = 'B', 'B', 'N', 'N'
    print(jugar(tab, 'C4', 'N'), contar(tab, 'N'))
