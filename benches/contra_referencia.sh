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

# El ejecutable del banco `ffo` compilado en la carpeta $1.
compilar() {
    (cd "$1" && cargo bench --bench ffo --no-run 2>&1) |
        sed -n 's/^ *Executable benches\/ffo.rs (\(.*\))$/\1/p' | tail -n 1
}

git -C "$raiz" archive "$referencia" | tar -x -C "$carpeta"
viejo=$(compilar "$carpeta")
nuevo=$(compilar "$raiz")
case "$viejo" in /*) ;; *) viejo="$carpeta/$viejo" ;; esac
case "$nuevo" in /*) ;; *) nuevo="$raiz/$nuevo" ;; esac
for ejecutable in "$viejo" "$nuevo"; do
    if [ ! -x "$ejecutable" ]; then
        echo "no se pudo compilar el banco ffo: $ejecutable" >&2
        exit 1
    fi
done

# Nodos y segundos de FFO #40-#49 con un hilo, según la línea «total» del banco; si el
# banco falla (una jugada o un puntaje equivocado), termina con su error.
total() {
    salida=$("$1" --bench) || { echo "falló el banco ffo: $1" >&2; exit 1; }
    echo "$salida" | awk '/^ *total/ { print $2, $3 }'
}

ronda=1
while [ "$ronda" -le "$rondas" ]; do
    r1=$(total "$viejo")
    n1=$(total "$nuevo")
    n2=$(total "$nuevo")
    r2=$(total "$viejo")
    echo "$ronda $r1 $r2 $n1 $n2" | awk '{
        ref = ($2 / $3 + $4 / $5) / 2
        nuestro = ($6 / $7 + $8 / $9) / 2
        printf "ronda %d: %s %.2f M nodos/s, hoy %.2f M nodos/s, cociente %.3f (meta: %.3f)\n",
            $1, "'"$referencia"'", ref / 1e6, nuestro / 1e6, nuestro / ref, 35 / 21.6
    }'
    ronda=$((ronda + 1))
done
