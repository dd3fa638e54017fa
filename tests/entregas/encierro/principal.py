
# El programa principal que la prueba agrega al final de cada entrega hostil: correcto, y con
# sus jugadas llama a jugar, que ataca en la primera; así el ataque corre también cuando el
# corrector juega con el programa, y debe fallar igual de encerrado.


def _mostrar(tablero):
    print("  A B C D E F G H")
    for numero, fila in enumerate(tablero):
        print(str(numero + 1) + " " + " ".join(fila))


def _partida():
    tablero = [["V"] * 8 for _ in range(8)]
    tablero[3][3] = tablero[4][4] = "B"
    tablero[3][4] = tablero[4][3] = "N"
    nombres = {"N": "negras", "B": "blancas"}
    turno, pases = "N", 0
    _mostrar(tablero)
    while contar(tablero, "V") > 0 and pases < 2 and contar(tablero, turno) > 0:
        jugada = input("Turno de las " + nombres[turno] + " (" + turno + "), jugada o 'pasar': ")
        if jugada.strip().lower() == "pasar":
            pases += 1
        elif jugar(tablero, jugada.strip().upper(), turno):
            pases = 0
            _mostrar(tablero)
        else:
            print("Jugada inválida, otra vez.")
            continue
        turno = "B" if turno == "N" else "N"
    negras, blancas = contar(tablero, "N"), contar(tablero, "B")
    print("Fin del juego. Negras: " + str(negras) + ", blancas: " + str(blancas) + ".")
    if negras == blancas:
        print("Empate.")
    else:
        print("Ganan las " + ("negras" if negras > blancas else "blancas") + ".")


if __name__ == "__main__":
    _partida()
