# Funciones de apoyo de Beto: no define jugar.


def mostrar(tablero):
    for fila in tablero:
        print(" ".join(fila))
