#!/usr/bin/env python3
"""Games through `othello nboard`, timed: the engine's time per move, and matches
against Egaroucid's light engine.

    python3 benches/nboard.py tiempo --tiempo 0.1 [--partidas 4]
        The engine against itself (one `othello nboard` process per side, one thread
        each) from openings of 4 random moves: the mean and the largest time per move
        from 60 to 21 empties, as the NBoard GUI sees it (from `go` to `===`), against
        --tiempo (the mean per move: the engine gives a move of the middle game up to
        1.3 times it, and the first moves less).

    python3 benches/nboard.py contra --egaroucid DRIVER --nivel 10 --tiempo 0.07 \\
        [--partidas 200] [--paralelas 1] [--fijo]
        The engine (`othello nboard --hilos 1 --tiempo T`) against the light engine of
        Egaroucid through its driver (see ../shared/bench/egaroucid-light/: fetched
        and built outside this repository), --paralelas games at a time. Each opening
        (4 random moves) is played with both colors. T starts at --tiempo and, unless
        --fijo, follows the time of both sides: after each game it becomes the T
        that would have made both sides' processor times equal over the last 20
        games (their mean T times the light engine's time over ours), times the
        light engine's total over ours in the whole match (within 0.8 and 1.25),
        so that a match that fell behind catches up. Processor time, not the clock's: a busy machine (other work
        on its cores) slows the light engine's fixed searches on the clock, while
        ours stops at T whatever it got done. Both are reported. Tells the
        points of ours with their standard error, and each side's time. With
        --registro ARCHIVO, each game is appended to it as a JSON line: the opening,
        who was black, T, the result for ours, both sides' processor time, and
        every move with the engine, the empties, the score it told and the seconds.

    python3 benches/nboard.py nodos --egaroucid DRIVER --nivel 15 \\
        [--profundidades 12 15] [--partidas 10]
        The nodes of one search, ours (`othello nboard --hilos 1`, `set depth D`, each
        depth in its own process) against the light engine at --nivel, on the
        positions at 44, 36 and 28 empties of games that ours plays with itself at
        depth 6 from openings of 4 random moves (a game with a pass before 28 empties
        gives none): the mean nodes and seconds per position at each of those empties,
        as each engine tells them.

All take --othello PROGRAM (target/release/othello by default) and --semilla S. The
rules are written here again, small, to check every move each engine answers.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time

DIRECCIONES = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def inicial():
    """The board as 64 chars, a1 b1 ... h8: X black, O white, - empty."""
    tablero = ["-"] * 64
    tablero[27], tablero[28], tablero[35], tablero[36] = "O", "X", "X", "O"
    return tablero


def volteos(tablero, casilla, color):
    """The squares that `color` flips by playing on `casilla` (0..63)."""
    if tablero[casilla] != "-":
        return []
    rival = "O" if color == "X" else "X"
    fila, columna = divmod(casilla, 8)
    todas = []
    for df, dc in DIRECCIONES:
        linea = []
        f, c = fila + df, columna + dc
        while 0 <= f < 8 and 0 <= c < 8 and tablero[f * 8 + c] == rival:
            linea.append(f * 8 + c)
            f, c = f + df, c + dc
        if linea and 0 <= f < 8 and 0 <= c < 8 and tablero[f * 8 + c] == color:
            todas.extend(linea)
    return todas


def jugadas(tablero, color):
    return [x for x in range(64) if volteos(tablero, x, color)]


def jugar(tablero, casilla, color):
    volteadas = volteos(tablero, casilla, color)
    assert volteadas, f"jugada inválida {nombre(casilla)}"
    for x in volteadas + [casilla]:
        tablero[x] = color


def nombre(casilla):
    return "abcdefgh"[casilla % 8] + str(casilla // 8 + 1)


def casilla_de(texto):
    texto = texto.strip().lower()
    return (int(texto[1]) - 1) * 8 + "abcdefgh".index(texto[0])


def apertura(azar, largo):
    """`largo` random moves from the start, as squares."""
    tablero, color, movidas = inicial(), "X", []
    for _ in range(largo):
        validas = jugadas(tablero, color)
        x = azar.choice(validas)
        jugar(tablero, x, color)
        movidas.append(x)
        color = "O" if color == "X" else "X"
    return movidas


def segundos_de_cpu(proceso):
    """The processor time (user and system) that `proceso` has used so far."""
    with open(f"/proc/{proceso.pid}/stat") as archivo:
        campos = archivo.read().rsplit(")", 1)[1].split()
    return (int(campos[11]) + int(campos[12])) / os.sysconf("SC_CLK_TCK")


class Nboard:
    """`othello nboard`, one process, told every move of the game."""

    def __init__(self, programa, argumentos, profundidad):
        self.proceso = subprocess.Popen(
            [programa, "nboard", *argumentos],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.enviar("nboard 2")
        self.enviar(f"set depth {profundidad}")
        self.ping = 0

    def enviar(self, linea):
        self.proceso.stdin.write(linea + "\n")
        self.proceso.stdin.flush()

    def esperar(self, prefijo):
        while True:
            linea = self.proceso.stdout.readline()
            if not linea:
                sys.exit(f"othello nboard terminó sin responder {prefijo}")
            if linea.startswith(prefijo):
                return linea.strip()

    def nodos(self, movidas):
        """The nodes and the seconds (its own clock) of its search of the position
        after `movidas` (no passes), with the table of its earlier searches."""
        self.nueva(movidas)
        self.enviar("go")
        while True:
            linea = self.esperar("")
            if linea.startswith("nodestats "):
                nodos, segundos = linea.split()[1:3]
            elif linea.startswith("=== "):
                return int(nodos), float(segundos)

    def nueva(self, movidas):
        texto = "".join(
            ("B" if i % 2 == 0 else "W") + "[" + nombre(x).upper() + "]"
            for i, x in enumerate(movidas)
        )
        tablero = "---------------------------O*------*O---------------------------"
        self.enviar(f"set game (;GM[Othello]BO[8 {tablero} *]{texto};)")
        self.ping += 1
        self.enviar(f"ping {self.ping}")
        self.esperar(f"pong {self.ping}")

    def elegir(self, tablero, color):
        """Its move (a square, or None to pass), the seconds from go to ===, the
        seconds it tells (its own clock) and the score it tells."""
        inicio = time.perf_counter()
        self.enviar("go")
        respuesta = self.esperar("=== ")
        segundos = time.perf_counter() - inicio
        partes = respuesta[4:].split("/")
        propio = float(partes[2]) if len(partes) == 3 else 0.0
        puntaje = float(partes[1]) if len(partes) >= 2 else 0.0
        jugada = partes[0]
        casilla = None if jugada.upper() == "PA" else casilla_de(jugada)
        return casilla, segundos, propio, puntaje

    def jugada(self, casilla):
        self.enviar("move " + ("PA" if casilla is None else nombre(casilla).upper()))

    def cerrar(self):
        self.enviar("quit")
        self.proceso.wait()


class Ligero:
    """The light engine of Egaroucid through its driver: one line in, one line out."""

    def __init__(self, driver, nivel):
        self.proceso = subprocess.Popen(
            [driver], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1,
        )
        self.nivel = nivel
        # Its first search also sets up its tables (most of a second): not part of a
        # game's time.
        self.elegir(inicial(), "X")

    def nueva(self, movidas):
        pass

    def elegir(self, tablero, color):
        inicio = time.perf_counter()
        self.proceso.stdin.write(f"{self.nivel} {''.join(tablero)} {color}\n")
        self.proceso.stdin.flush()
        respuesta = self.proceso.stdout.readline().split()
        segundos = time.perf_counter() - inicio
        if not respuesta:
            sys.exit("el motor ligero terminó sin responder")
        casilla = None if respuesta[0] == "pass" else casilla_de(respuesta[0])
        self.nodos = int(respuesta[2])
        return casilla, segundos, int(respuesta[3]) / 1000, float(respuesta[1])

    def jugada(self, casilla):
        pass

    def cerrar(self):
        self.proceso.stdin.close()
        self.proceso.wait()


def partida(negro, blanco, movidas, tiempos):
    """Plays from the opening `movidas`; appends (engine, empties, seconds as seen
    from here, seconds as it tells, the move, the score it tells) to `tiempos` for
    each move chosen; returns black's disc difference."""
    tablero, color = inicial(), "X"
    for motor in (negro, blanco):
        motor.nueva(movidas)
    for x in movidas:
        jugar(tablero, x, color)
        color = "O" if color == "X" else "X"
    while jugadas(tablero, "X") or jugadas(tablero, "O"):
        motor = negro if color == "X" else blanco
        vacias = tablero.count("-")
        casilla, segundos, propio, puntaje = motor.elegir(tablero, color)
        tiempos.append((motor, vacias, segundos, propio, casilla, puntaje))
        if casilla is None:
            assert not jugadas(tablero, color), "pasó con jugadas"
        else:
            assert casilla in jugadas(tablero, color), f"jugada inválida {nombre(casilla)}"
            jugar(tablero, casilla, color)
        for uno in (negro, blanco):
            uno.jugada(casilla)
        color = "O" if color == "X" else "X"
    negras, blancas = tablero.count("X"), tablero.count("O")
    vacias = tablero.count("-")
    if negras > blancas:
        negras += vacias
    elif blancas > negras:
        blancas += vacias
    return negras - blancas


def orden_tiempo(args):
    azar = random.Random(args.semilla)
    motor = ["--tiempo", str(args.tiempo), "--hilos", "1"]
    negro = Nboard(args.othello, motor, 60)
    blanco = Nboard(args.othello, motor, 60)
    tiempos = []
    for _ in range(args.partidas):
        partida(negro, blanco, apertura(azar, 4), tiempos)
    negro.cerrar()
    blanco.cerrar()
    t = args.tiempo
    medio = [(s, p) for _, v, s, p, _, _ in tiempos if 21 <= v <= 60]
    vistos, propios = [s for s, _ in medio], [p for _, p in medio]
    print(f"--tiempo {t}: {len(medio)} jugadas de 60 a 21 vacías; de go a ===, media "
          f"{sum(vistos) / len(vistos) / t:.3f} T, la mayor {max(vistos) / t:.3f} T; "
          f"según el motor, media {sum(propios) / len(propios) / t:.3f} T, "
          f"la mayor {max(propios) / t:.3f} T")


def orden_contra(args):
    azar = random.Random(args.semilla)
    aperturas = [apertura(azar, 4) for _ in range((args.partidas + 1) // 2)]
    cerrojo = threading.Lock()
    estado = {"tiempo": args.tiempo, "siguiente": 0, "nuestro": 0.0, "ligero": 0.0,
              "jugadas": [0, 0], "cpu": [0.0, 0.0], "recientes": [], "puntos": 0.0, "marcador": [0, 0, 0], "jugadas_t": []}

    def jugar_partidas():
        ligero = Ligero(args.egaroucid, args.nivel)
        while True:
            with cerrojo:
                k = estado["siguiente"]
                if k >= args.partidas:
                    break
                estado["siguiente"] += 1
                tiempo = estado["tiempo"]
            nuestro = Nboard(args.othello, ["--tiempo", f"{tiempo:.4f}", "--hilos", "1"], 60)
            nuestro_negro = k % 2 == 0
            negro, blanco = (nuestro, ligero) if nuestro_negro else (ligero, nuestro)
            tiempos = []
            cpu_ligero = segundos_de_cpu(ligero.proceso)
            diferencia = partida(negro, blanco, aperturas[k // 2], tiempos)
            cpu = (segundos_de_cpu(nuestro.proceso), segundos_de_cpu(ligero.proceso) - cpu_ligero)
            nuestro.cerrar()
            if not nuestro_negro:
                diferencia = -diferencia
            propio = [t[2] for t in tiempos if t[0] is nuestro]
            ajeno = [t[2] for t in tiempos if t[0] is ligero]
            with cerrojo:
                if registro:
                    jugadas_de = [["nuestro" if t[0] is nuestro else "ligero", t[1],
                                   None if t[4] is None else nombre(t[4]), t[5], round(t[2], 4)]
                                  for t in tiempos]
                    registro.write(json.dumps({
                        "partida": k + 1, "apertura": [nombre(x) for x in aperturas[k // 2]],
                        "nuestro_negro": nuestro_negro, "tiempo": round(tiempo, 4),
                        "diferencia": diferencia, "cpu": [round(c, 2) for c in cpu],
                        "jugadas": jugadas_de}) + "\n")
                    registro.flush()
                estado["nuestro"] += sum(propio)
                estado["ligero"] += sum(ajeno)
                estado["cpu"][0] += cpu[0]
                estado["cpu"][1] += cpu[1]
                estado["jugadas"][0] += len(propio)
                estado["jugadas"][1] += len(ajeno)
                estado["jugadas_t"].append(tiempo)
                resultado = 0 if diferencia > 0 else 1 if diferencia == 0 else 2
                estado["marcador"][resultado] += 1
                estado["puntos"] += (1.0, 0.5, 0.0)[resultado]
                cociente = estado["cpu"][0] / max(estado["cpu"][1], 1e-9)
                estado["recientes"] = (estado["recientes"] + [(tiempo, len(propio)) + cpu])[-20:]
                if not args.fijo:
                    recientes = estado["recientes"]
                    jugadas = max(sum(n for _, n, _, _ in recientes), 1)
                    media = sum(t * n for t, n, _, _ in recientes) / jugadas
                    propia = sum(c for _, _, c, _ in recientes)
                    equilibrio = media * sum(c for _, _, _, c in recientes) / max(propia, 1e-9)
                    correccion = min(1.25, max(0.8, 1 / max(cociente, 1e-9)))
                    estado["tiempo"] = equilibrio * correccion
                hechas = sum(estado["marcador"])
                print(f"partida {k + 1}: {diferencia:+d} con --tiempo {tiempo:.4f} "
                      f"(van {hechas}: {100 * estado['puntos'] / hechas:.1f} %, "
                      f"tiempo {cociente:.3f} ×)", file=sys.stderr, flush=True)
        ligero.cerrar()

    registro = open(args.registro, "a") if args.registro else None
    hilos = [threading.Thread(target=jugar_partidas) for _ in range(args.paralelas)]
    for hilo in hilos:
        hilo.start()
    for hilo in hilos:
        hilo.join()
    n = sum(estado["marcador"])
    fraccion = estado["puntos"] / n
    # The standard error of the mean points per game, from the games' own spread.
    varianza = (estado["marcador"][0] * (1 - fraccion) ** 2
                + estado["marcador"][1] * (0.5 - fraccion) ** 2
                + estado["marcador"][2] * fraccion ** 2) / n
    error = (varianza / n) ** 0.5
    ganadas, empates, perdidas = estado["marcador"]
    t = sorted(estado["jugadas_t"])
    cpu = estado["cpu"]
    print(f"nivel {args.nivel}, {n} partidas: {100 * fraccion:.1f} % de los puntos "
          f"(± {100 * error:.1f}, {ganadas}-{empates}-{perdidas}); tiempo de CPU en "
          f"total, el nuestro {cpu[0]:.1f} s y el ligero {cpu[1]:.1f} s "
          f"({cpu[0] / cpu[1]:.3f} ×); de la pregunta a la respuesta, "
          f"{estado['nuestro']:.1f} s y {estado['ligero']:.1f} s "
          f"({estado['nuestro'] / estado['ligero']:.3f} ×); "
          f"por jugada, {estado['nuestro'] / estado['jugadas'][0]:.3f} s y "
          f"{estado['ligero'] / estado['jugadas'][1]:.3f} s; --tiempo de {t[0]:.4f} a "
          f"{t[-1]:.4f} (mediana {t[len(t) // 2]:.4f})")


def orden_nodos(args):
    azar = random.Random(args.semilla)
    guia = Nboard(args.othello, ["--hilos", "1"], 6)
    nuestros = {d: Nboard(args.othello, ["--hilos", "1"], d) for d in args.profundidades}
    ligero = Ligero(args.egaroucid, args.nivel)
    medidas = {}
    for _ in range(args.partidas):
        movidas = apertura(azar, 4)
        tablero, color = inicial(), "X"
        for x in movidas:
            jugar(tablero, x, color)
            color = "O" if color == "X" else "X"
        while tablero.count("-") >= 28 and jugadas(tablero, color):
            vacias = tablero.count("-")
            if vacias in (44, 36, 28):
                fila = medidas.setdefault(vacias, {"ligero": []})
                _, _, segundos, _ = ligero.elegir(tablero, color)
                fila["ligero"].append((ligero.nodos, segundos))
                for d, motor in nuestros.items():
                    fila.setdefault(d, []).append(motor.nodos(movidas))
            guia.nueva(movidas)
            casilla, _, _, _ = guia.elegir(tablero, color)
            jugar(tablero, casilla, color)
            movidas.append(casilla)
            color = "O" if color == "X" else "X"
    for motor in [guia, *nuestros.values(), ligero]:
        motor.cerrar()
    for vacias, fila in sorted(medidas.items(), reverse=True):
        partes = [f"{vacias} vacías, {len(fila['ligero'])} posiciones:"]
        for quien, datos in fila.items():
            if quien == "ligero":
                nombre_de = f"el ligero (nivel {args.nivel})"
            else:
                nombre_de = f"el nuestro a {quien}"
            nodos = sum(n for n, _ in datos) / len(datos)
            segundos = sum(t for _, t in datos) / len(datos)
            partes.append(f"{nombre_de} {nodos / 1e6:.2f} M nodos y {segundos:.3f} s")
        print(" ".join(partes[:1]) + " " + "; ".join(partes[1:]))


def main():
    lector = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    lector.add_argument("orden", choices=["tiempo", "contra", "nodos"])
    lector.add_argument("--othello", default="target/release/othello")
    lector.add_argument("--tiempo", type=float)
    lector.add_argument("--profundidades", type=int, nargs="+", default=[12, 15])
    lector.add_argument("--partidas", type=int, default=None)
    lector.add_argument("--semilla", type=int, default=1)
    lector.add_argument("--egaroucid")
    lector.add_argument("--nivel", type=int, default=10)
    lector.add_argument("--paralelas", type=int, default=1)
    lector.add_argument("--fijo", action="store_true")
    lector.add_argument("--registro")
    args = lector.parse_args()
    if args.orden != "nodos" and args.tiempo is None:
        sys.exit(f"{args.orden} necesita --tiempo SEGUNDOS")
    if args.orden != "tiempo" and not args.egaroucid:
        sys.exit(f"{args.orden} necesita --egaroucid DRIVER")
    if args.orden == "tiempo":
        args.partidas = args.partidas or 4
        orden_tiempo(args)
    elif args.orden == "nodos":
        args.partidas = args.partidas or 10
        orden_nodos(args)
    else:
        args.partidas = args.partidas or 200
        orden_contra(args)


if __name__ == "__main__":
    main()
