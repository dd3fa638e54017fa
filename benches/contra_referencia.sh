#!/bin/sh
# Los nodos por segundo del resolvedor (FFO #40-#49, un hilo) contra los del commit
# bf7005d, el resolvedor que el issue 11 midió junto a Edax: allí daba 21.6 M nodos/s, y la
# meta de 35 M es 1.62 veces eso. Estas máquinas cambian de una hora a otra (±30 %), así que
# la meta se mide como cociente: los dos binarios alternados en la misma corrida
# (referencia, nuestro, nuestro, referencia), como pide la guía del proyecto.
#
#   sh benches/contra_referencia.sh        # 3 rondas, unos 9 minutos
#   sh benches/contra_referencia.sh 5      # 5 rondas
#
# Compila bf7005d (sacado con `git archive` a una carpeta temporal) y el banco `ffo` de hoy,
# ambos en modo release. Cada ronda imprime los nodos/s de los dos y el cociente.
set -eu

rondas=${1:-3}
referencia=bf7005d
raiz=$(git rev-parse --show-toplevel)
carpeta=$(mktemp -d)
trap 'rm -rf "$carpeta"' EXIT INT TERM

. "$raiz/benches/banco_ffo.sh"
git -C "$raiz" archive "$referencia" | tar -x -C "$carpeta"
viejo=$(compilar_ffo "$carpeta")
nuevo=$(compilar_ffo "$raiz")

ronda=1
while [ "$ronda" -le "$rondas" ]; do
    r1=$(total_ffo "$viejo")
    n1=$(total_ffo "$nuevo")
    n2=$(total_ffo "$nuevo")
    r2=$(total_ffo "$viejo")
    echo "$ronda $r1 $r2 $n1 $n2" | awk '{
        ref = ($2 / $3 + $5 / $6) / 2
        nuestro = ($8 / $9 + $11 / $12) / 2
        printf "ronda %d: %s %.2f M nodos/s, hoy %.2f M nodos/s, cociente %.3f (meta: %.3f)\n",
            $1, "'"$referencia"'", ref / 1e6, nuestro / 1e6, nuestro / ref, 35 / 21.6
    }'
    ronda=$((ronda + 1))
done
