#!/usr/bin/env bash
# What a flit-hop costs, across mesh sizes (docs/performance.md, "what a flit-hop costs"):
#
#   bash scripts/flit-hop-cost.sh [RUNS]
#
# Runs the booksim-iq preset (configs/booksim-iq.toml) on meshes from 2x2 to 16x16, each at a
# load that keeps its routers busy, RUNS times each (default 3, the median user CPU of the
# whole process is kept), and prints per point the flits through crossbars per router-cycle,
# the nanoseconds per router-cycle and the nanoseconds per crossbar flit (the summary's count
# of the measured window, scaled to the whole run). flitwave is built with the release profile;
# FLITWAVE=PATH times another build; CYCLES_DIV=N runs every point for 1/N of its cycles (a
# quick check of the script itself, not a measurement).
set -euo pipefail

runs=${1:-3}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "error: RUNS must be a positive integer, got $runs" >&2; exit 2; }
div=${CYCLES_DIV:-1}
[[ $div =~ ^[1-9][0-9]*$ ]] || { echo "error: CYCLES_DIV must be a positive integer, got $div" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
flitwave=${FLITWAVE:-}
if [[ -z $flitwave ]]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  flitwave=$root/target/release/flitwave
fi
[[ -x $flitwave ]] || { echo "error: FLITWAVE=$flitwave is not an executable" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
config=$root/configs/booksim-iq.toml
printf '%-6s %-5s %-7s %-7s %-24s %-20s %s\n' mesh load cycles user_s \
  crossbar_flits/router-cycle ns/router-cycle ns/crossbar-flit
for point in "2 0.5 400000" "3 0.3 400000" "3 0.6 200000" "4 0.5 100000" "6 0.3 60000" \
  "8 0.1 60000" "8 0.3 40000" "12 0.2 20000" "16 0.1 20000"; do
  read -r k rate cycles <<< "$point"
  cycles=$((cycles / div))
  times=()
  for ((i = 0; i < runs; i++)); do
    t=$( { TIMEFORMAT=%U; time "$flitwave" run --config "$config" \
      --set "topology.dims=\"${k}x$k\"" --rate "$rate" --cycles "$cycles" > "$out"; } 2>&1 )
    times+=("$t")
  done
  user=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  flits=$(sed -n 's/.* \([0-9]*\) flits through crossbars.*/\1/p' "$out")
  warmup=$(sed -n 's/^simulated .*(\([0-9]*\) warm-up).*/\1/p' "$out")
  [[ -n $flits && -n $warmup ]] ||
    { echo "error: no 'flits through crossbars' or warm-up in flitwave's summary" >&2; exit 1; }
  awk -v k="$k" -v r="$rate" -v c="$cycles" -v w="$warmup" -v t="$user" -v x="$flits" 'BEGIN {
    n = k * k; all = x * c / (c - w)
    printf "%-6s %-5s %-7d %-7.3f %-24.2f %-20.1f ", k "x" k, r, c, t, x / ((c - w) * n),
      t * 1e9 / (c * n)
    if (all > 0) printf "%.1f\n", t * 1e9 / all; else print "-" }'
done
