# Tarea 2: Othello. Canvas: el programa principal, que importa funciones.py.
from funciones import *

if __name__ == "__main__":
    tablero = [["V"] * 8 for _ in range(8)]
    print(jugar(tablero, "C4", "N"))
