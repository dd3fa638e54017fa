# Lo que comparten los guiones que alternan el banco `ffo` con otro programa
# (`contra_referencia.sh`, `contra_edax.sh`); se lee con `.`, no se corre solo.

# Compila el banco `ffo` de la carpeta $1 en modo release e imprime la ruta absoluta de su
# ejecutable; si no se pudo, termina con un error.
compilar_ffo() {
    ejecutable=$( (cd "$1" && cargo bench --bench ffo --no-run 2>&1) |
        sed -n 's/^ *Executable \(benches\/\)\{0,1\}ffo.rs (\(.*\))$/\2/p' | tail -n 1)
    case "$ejecutable" in /*) ;; *) ejecutable="$1/$ejecutable" ;; esac
    if [ ! -x "$ejecutable" ]; then
        echo "no se pudo compilar el banco ffo en $1: $ejecutable" >&2
        exit 1
    fi
    echo "$ejecutable"
}

# Nodos y segundos de FFO #40-#49 con un hilo, según la línea «total» del banco $1, y los
# segundos de `perft 12` en la misma corrida (la media de antes y después; «-» si el banco
# no lo mide, como el de bf7005d); si el banco falla (una jugada o un puntaje equivocado),
# termina con su error.
total_ffo() {
    salida=$("$1" --bench) || { echo "falló el banco ffo: $1" >&2; exit 1; }
    echo "$salida" | awk '/^ *total/ { t = $2 " " $3 } /^ *perft 12:/ { p = $3 }
        END { print t, (p == "" ? "-" : p) }'
}
