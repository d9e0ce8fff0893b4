#!/usr/bin/env bash
# flitwave against BookSim2, side by side on this machine, in one command (issue 29 item 6):
#
#   bash scripts/bench-vs-booksim.sh PATH/TO/booksim [RUNS]
#
# For every point of docs/performance.md (BookSim2's iq preset, the configuration of
# docs/booksim.md, on an 8x8 mesh at 0.01, 0.10 and 0.30 flits/node/cycle and a 16x16 mesh at
# 0.01 and 0.10), BookSim2 runs first and says how many cycles it simulated ("Time taken is N
# cycles": warm-up, samples and drain); flitwave then runs exactly N cycles of
# configs/booksim-iq.toml at the same load. The two take turns, RUNS times each (default 3),
# and the table gives the median user CPU of each whole process (set-up included on both
# sides), the range of the pairs' ratios, and their median. Building BookSim2: docs/booksim.md. flitwave is built with the
# release profile (every timing claim uses it); FLITWAVE=PATH times another build.
#
# MODELS=1 also builds, with rustc, the two models of docs/performance.md ("a lean router and
# a router in bit planes": scripts/lean-iq-mesh.rs and scripts/bitplane-iq-mesh.rs) and times
# them in the same rounds at the same cycles, in four more columns.
set -euo pipefail

booksim=${1:?usage: bash scripts/bench-vs-booksim.sh PATH/TO/booksim [RUNS]}
runs=${2:-3}
[[ -x $booksim ]] || { echo "error: $booksim is not an executable BookSim2 binary" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "error: RUNS must be a positive integer, got $runs" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
# FLITWAVE=PATH times another flitwave binary (by default: the release build of this tree)
flitwave=${FLITWAVE:-}
if [[ -z $flitwave ]]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  flitwave=$root/target/release/flitwave
fi
models=${MODELS:-0}
[[ $models == 0 || $models == 1 ]] || { echo "error: MODELS must be 0 or 1, got $models" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ $models == 1 ]]; then
  for m in lean bitplane; do
    rustc -C opt-level=3 -C codegen-units=1 -C lto=fat -o "$work/$m" "$root/scripts/$m-iq-mesh.rs" ||
      { echo "error: rustc could not build scripts/$m-iq-mesh.rs (MODELS=1)" >&2; exit 1; }
  done
fi

# BookSim2's iq preset as docs/booksim.md derives it from src/examples/mesh88_lat (28f43299),
# with samples of 10,000 cycles instead of 1,000 so that a run lasts tens of thousands of
# cycles and set-up does not dominate either side's time
cat > "$work/booksim-iq.cfg" <<'EOF'
topology = mesh;
k = 8;
n = 2;
routing_function = dim_order;
num_vcs = 2;
vc_buf_size = 8;
wait_for_tail_credit = 0;
router = iq;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
alloc_iters = 1;
credit_delay = 2;
routing_delay = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
input_speedup = 1;
output_speedup = 1;
internal_speedup = 1.0;
traffic = uniform;
packet_size = 20;
sim_type = latency;
injection_rate_uses_flits = 1;
injection_rate = 0.005;
sample_period = 10000;
EOF

# user CPU seconds of one command (its output in $work/out, its exit status in $work/status;
# BookSim2 exits with 255 after a complete run, so the status is checked by the caller)
user_cpu() {
  local TIMEFORMAT=%U
  { time { "$@" > "$work/out" 2>&1; echo $? > "$work/status"; }; } 2>&1
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# BookSim2's time over another's (inf when that one is 0), and a ratio as the table prints it
pair_ratio() { awk -v b="$1" -v f="$2" 'BEGIN { if (f > 0) printf "%.2f", b / f; else print "inf" }'; }
as_x() { awk -v r="$1" 'BEGIN { if (r != "inf") printf "%.1fx", r; else print "-" }'; }

if [[ $models == 1 ]]; then
  printf '| mesh | load | cycles | BookSim2 user s | flitwave user s | ratios of the pairs | ratio | lean model user s | lean ratio | bit planes user s | bit-plane ratio |\n|---|---|---|---|---|---|---|---|---|---|---|\n'
else
  printf '| mesh | load | cycles | BookSim2 user s | flitwave user s | ratios of the pairs | ratio |\n|---|---|---|---|---|---|---|\n'
fi
for point in "8 0.01" "8 0.10" "8 0.30" "16 0.01" "16 0.10"; do
  read -r k rate <<< "$point"
  bs=()
  fw=()
  ratios=()
  lean=()
  planes=()
  lean_ratios=()
  plane_ratios=()
  cycles=
  # the two simulators take turns (BookSim2, flitwave, BookSim2, ...), and each flitwave run
  # is compared with the BookSim2 run just before it: a machine whose speed drifts during
  # the call moves both halves of a pair alike
  for ((i = 0; i < runs; i++)); do
    b=$(user_cpu "$booksim" "$work/booksim-iq.cfg" k=$k injection_rate=$rate)
    c=$(sed -n 's/.*Time taken is \([0-9]*\) cycles.*/\1/p' "$work/out" | tail -1)
    if [[ -z $c ]]; then
      echo "error: BookSim2 at ${k}x$k, $rate reported no 'Time taken' (its last lines follow)" >&2
      tail -5 "$work/out" >&2
      exit 1
    fi
    cycles=$c
    f=$(user_cpu "$flitwave" run --config "$root/configs/booksim-iq.toml" \
      --set "topology.dims=\"${k}x$k\"" --rate "$rate" --cycles "$cycles" \
      --warmup $((cycles / 10)))
    if [[ $(cat "$work/status") != 0 ]]; then
      echo "error: flitwave failed at ${k}x$k, $rate:" >&2
      tail -5 "$work/out" >&2
      exit 1
    fi
    bs+=("$b")
    fw+=("$f")
    ratios+=("$(pair_ratio "$b" "$f")")
    if [[ $models == 1 ]]; then
      for m in lean bitplane; do
        t=$(user_cpu "$work/$m" "$rate" "$cycles" "$k")
        if [[ $(cat "$work/status") != 0 ]]; then
          echo "error: the $m model failed at ${k}x$k, $rate:" >&2
          tail -5 "$work/out" >&2
          exit 1
        fi
        r=$(pair_ratio "$b" "$t")
        if [[ $m == lean ]]; then lean+=("$t"); lean_ratios+=("$r"); else planes+=("$t"); plane_ratios+=("$r"); fi
      done
    fi
  done
  b=$(printf '%s\n' "${bs[@]}" | median)
  f=$(printf '%s\n' "${fw[@]}" | median)
  r=$(printf '%s\n' "${ratios[@]}" | median)
  range=$(printf '%s\n' "${ratios[@]}" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {print lo "-" hi}')
  ratio=$(as_x "$r")
  if [[ $models == 1 ]]; then
    lm=$(printf '%s\n' "${lean[@]}" | median)
    pm=$(printf '%s\n' "${planes[@]}" | median)
    lr=$(as_x "$(printf '%s\n' "${lean_ratios[@]}" | median)")
    pr=$(as_x "$(printf '%s\n' "${plane_ratios[@]}" | median)")
    printf '| %sx%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$k" "$k" "$rate" "$cycles" "$b" "$f" "$range" "$ratio" "$lm" "$lr" "$pm" "$pr"
  else
    printf '| %sx%s | %s | %s | %s | %s | %s | %s |\n' "$k" "$k" "$rate" "$cycles" "$b" "$f" "$range" "$ratio"
  fi
done
echo
echo "Medians of $runs runs each, the simulators taking turns; the ratio is the median of the pairs' ratios; user CPU of the whole process; flitwave $("$flitwave" --version | awk '{print $2}'), BookSim2 $booksim."
