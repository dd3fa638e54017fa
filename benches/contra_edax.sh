#!/bin/sh
# Los nodos por segundo del resolvedor (FFO #40-#49, un hilo) contra los de Edax 4.6 sin sus
# pesos aprendidos, el programa con que el issue 11 fijó la meta: allí Edax daba 38.8 M
# nodos/s y la meta de 35 M es 0.902 veces eso. Estas máquinas cambian de una hora a otra
# (±30 %), así que se mide como cociente: los dos alternados en la misma corrida (Edax,
# nuestro, nuestro, Edax), como pide la guía del proyecto. Edax tarda unas nueve veces lo que
# el nuestro, así que cada turno del nuestro repite el banco hasta sumar el tiempo de la
# corrida de Edax que abrió la ronda: los dos se miden durante lo mismo, y una racha lenta de
# la máquina no cae entera sobre una corrida corta.
#
#   EDAX=/ruta/a/edax sh benches/contra_edax.sh        # 3 rondas, unos 40 minutos
#   EDAX=/ruta/a/edax sh benches/contra_edax.sh 5      # 5 rondas
#
# Edax no viene con este proyecto: se compila de su fuente (github.com/abulmo/edax-reversi,
# versión 4.6; cómo, en docs/motor.md). Sus pesos no hacen falta: este guion escribe un
# archivo de evaluación de Edax con todos los pesos en cero.
#
# Edax cuenta como nodo, además de cada posición que busca, cada hijo que mira para ordenar o
# en la tabla: 6746767040 nodos en FFO #40-#49, más que con la cuenta de este proyecto (solo
# las posiciones buscadas). La meta del issue se fijó con la cuenta de Edax, y este guion la
# usa igual.
set -eu

rondas=${1:-3}
edax=${EDAX:?"falta EDAX, la ruta del ejecutable de Edax 4.6"}
raiz=$(git rev-parse --show-toplevel)
carpeta=$(mktemp -d)
trap 'rm -rf "$carpeta"' EXIT INT TERM

# Los pesos de Edax 4.6 en cero: «EDAX» y «EVAL» (enteros de 32 bits), la versión 3.2.5, una
# fecha (un doble) y 61 etapas de 114364 pesos de 16 bits, todo en el orden de esta máquina.
printf 'XADELAVE\003\000\000\000\002\000\000\000\005\000\000\000' > "$carpeta/eval.dat"
head -c $((8 + 61 * 114364 * 2)) /dev/zero >> "$carpeta/eval.dat"
# Los problemas #40 a #49, los del banco `ffo` (las diez primeras líneas del archivo).
head -n 10 "$raiz/tests/datos/fforum-40-59.obf" > "$carpeta/ffo.obf"

. "$raiz/benches/banco_ffo.sh"
nuevo=$(compilar_ffo "$raiz")

# Nodos y segundos de Edax según su línea de resumen (los segundos, de sus nodos/s).
medir_edax() {
    salida=$(cd "$carpeta" && "$edax" -solve ffo.obf -n 1 -l 60 -book-usage off \
        -eval-file eval.dat 2>&1) || { echo "falló Edax: $edax" >&2; exit 1; }
    medida=$(echo "$salida" |
        awk '/nodes in/ { gsub(/\(/, "", $(NF - 1)); print $2, $2 / $(NF - 1) }')
    if [ -z "$medida" ]; then
        echo "Edax no dio su línea de resumen: $edax" >&2
        exit 1
    fi
    echo "$medida"
}

# Corre el banco nuestro hasta sumar $1 segundos de FFO #40-#49; imprime las corridas, los
# nodos y los segundos que sumó, y los de `perft 12` en esas corridas (la otra meta: FFO
# #40-#49 en a lo más 10 veces `perft 12`).
turno_nuestro() {
    suma="0 0 0 0"
    while echo "$suma" | awk -v meta="$1" '{ exit !($3 < meta) }'; do
        medida=$(total_ffo "$nuevo")
        suma=$(echo "$suma $medida" |
            awk '{ printf "%d %.0f %f %f\n", $1 + 1, $2 + $5, $3 + $6, $4 + $7 }')
    done
    echo "$suma"
}

ronda=1
while [ "$ronda" -le "$rondas" ]; do
    e1=$(medir_edax)
    tiempo_edax=${e1#* }
    a=$(turno_nuestro "$tiempo_edax")
    b=$(turno_nuestro "$tiempo_edax")
    e2=$(medir_edax)
    echo "$ronda $e1 $e2 $a $b" | awk '{
        if ($2 != 6746767040 || $4 != 6746767040)
            printf "aviso: Edax visitó %s y %s nodos, no 6746767040 (otra versión u otras opciones)\n", $2, $4
        edax = ($2 + $4) / ($3 + $5)
        nuestro = ($7 + $11) / ($8 + $12)
        printf "ronda %d: Edax %.2f M nodos/s en %.0f s; hoy %.2f M nodos/s en %.0f s (%d corridas); ",
            $1, edax / 1e6, $3 + $5, nuestro / 1e6, $8 + $12, $6 + $10
        printf "cociente %.3f (meta: %.3f); FFO = %.2f × perft 12 (meta: ≤ 10)\n",
            nuestro / edax, 35 / 38.8, ($8 + $12) / ($9 + $13)
    }'
    ronda=$((ronda + 1))
done
