#!/usr/bin/env bash
# flitwave against BookSim2, side by side on this machine, in one command:
#
#   bash scripts/bench-vs-booksim.sh PATH/TO/booksim [RUNS] [POINTS]
#
# The points of docs/performance.md, each a BookSim2 configuration and flitwave's preset for
# it (docs/booksim.md, docs/results/booksim.md):
#
#   mesh-0.01 mesh-0.1 mesh-0.3   BookSim2's iq preset on an 8x8 mesh (configs/booksim-iq.toml)
#   mesh16-0.01 mesh16-0.1        the same on a 16x16 mesh
#   vc4x4                         the 8x8 preset with 4 VCs of 4 flits, at 0.1
#   tail-credit                   the 8x8 preset with wait_for_tail_credit, at 0.1
#   deep                          the 8x8 preset with 2 VCs of 32 flits, at 0.1
#   torus                         BookSim2's torus88 (configs/booksim-iq-torus.toml), at 0.13:
#                                 half its saturation throughput (0.255-0.26)
#   dfly-min                      BookSim2's dragonflyconfig (configs/booksim-dragonfly.toml),
#                                 minimal routing, at 0.42: half its saturation (0.85)
#   dfly-ugal                     the same with UGAL-L (BookSim2's ugal on 3 VCs, flitwave's
#                                 dfly-ugal on 4 with the ugal-l selection), at 0.4: half its
#                                 saturation (0.80 by flitwave's criterion, a sweep over
#                                 0.02-0.9 at 10,000 cycles)
#
# POINTS (default: all of them) is a comma-separated list of those names. For every point
# BookSim2 runs first and says how many cycles it simulated ("Time taken is N cycles":
# warm-up, samples and drain); flitwave then runs exactly N cycles (a tenth of them warm-up)
# at the same load. The two take turns, RUNS times each (default 3), and the table gives the
# median user CPU of each whole process (set-up included on both sides), the range of the
# pairs' ratios and their median. flitwave's runs take a tenth of a second or so, a few ticks
# of the kernel's clock that any interruption moves by tens of per cent, so a flitwave sample
# is the mean of as many runs back to back as take about a second (at most 25, the count from
# one run not counted, the same for every sample of a point; its column in the table;
# BENCH_SAMPLE_SECONDS=S asks for S seconds instead, 0 for single runs). Building BookSim2:
# docs/booksim.md. flitwave is built with the release profile (every timing claim uses it);
# FLITWAVE=PATH times another build.
#
# A last row gives the fat-tree (vct) family's cost per port-cycle, with the VC router's
# beside it: `flitwave fattree --k 16 --n 3 --rate 0.3 --cycles 2000` (768 switches of 32
# ports), user CPU / (switches x ports x cycles), median of RUNS; BookSim2 has no such family.
set -euo pipefail

booksim=${1:?usage: bash scripts/bench-vs-booksim.sh PATH/TO/booksim [RUNS] [POINTS]}
runs=${2:-3}
all=mesh-0.01,mesh-0.1,mesh-0.3,mesh16-0.01,mesh16-0.1,vc4x4,tail-credit,deep,torus,dfly-min,dfly-ugal
points=${3:-$all}
[[ -x $booksim ]] || { echo "error: $booksim is not an executable BookSim2 binary" >&2; exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "error: RUNS must be a positive integer, got $runs" >&2; exit 2; }
sample=${BENCH_SAMPLE_SECONDS:-1}
[[ $sample =~ ^[0-9]+(\.[0-9]+)?$ ]] || {
  echo "error: BENCH_SAMPLE_SECONDS must be a number of seconds (0 or more), got '$sample'" >&2
  exit 2
}
IFS=, read -r -a wanted <<< "$points"
for p in "${wanted[@]}"; do
  [[ ,$all, == *,$p,* ]] || { echo "error: unknown point '$p' (allowed: $all)" >&2; exit 2; }
done
root=$(cd "$(dirname "$0")/.." && pwd)
# FLITWAVE=PATH times another flitwave binary (by default: the release build of this tree)
flitwave=${FLITWAVE:-}
if [[ -z $flitwave ]]; then
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  flitwave=$root/target/release/flitwave
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# BookSim2's iq preset as docs/booksim.md derives it from src/examples/mesh88_lat (28f43299),
# with samples of 10,000 cycles instead of 1,000 so that a run lasts tens of thousands of
# cycles and set-up does not dominate either side's time
cat > "$work/iq.cfg" <<'EOF'
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
# BookSim2's src/examples/torus88 as shipped (its defaults for the rest), samples of 10,000
cat > "$work/torus.cfg" <<'EOF'
topology = torus;
k = 8;
n = 2;
routing_function = dim_order;
num_vcs = 2;
traffic = uniform;
injection_rate = 0.15;
sample_period = 10000;
EOF
# BookSim2's src/examples/dragonflyconfig as shipped, but for samples of 1,000 cycles (its
# 10,000 make a run of about 15 minutes here: BookSim2 takes about 15 ms a cycle on it)
cat > "$work/dfly.cfg" <<'EOF'
vc_buf_size = 256;
wait_for_tail_credit = 0;
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
internal_speedup = 2.0;
warmup_periods = 3;
sim_count = 1;
sample_period = 1000;
routing_function = min;
num_vcs = 2;
priority = none;
traffic = uniform;
injection_rate = 0.8;
packet_size = 10;
injection_rate_uses_flits = 1;
topology = dragonflynew;
k = 4;
n = 1;
EOF

# per point: its label, BookSim2's configuration and overrides, flitwave's preset and options
point() {
  local iq=(--config "$root/configs/booksim-iq.toml")
  case $1 in
    mesh-0.01) label="8x8 mesh, 0.01"; bs=(iq.cfg injection_rate=0.01); fw=("${iq[@]}" --rate 0.01) ;;
    mesh-0.1) label="8x8 mesh, 0.1"; bs=(iq.cfg injection_rate=0.1); fw=("${iq[@]}" --rate 0.1) ;;
    mesh-0.3) label="8x8 mesh, 0.3"; bs=(iq.cfg injection_rate=0.3); fw=("${iq[@]}" --rate 0.3) ;;
    mesh16-0.01) label="16x16 mesh, 0.01"; bs=(iq.cfg k=16 injection_rate=0.01)
      fw=("${iq[@]}" --set 'topology.dims="16x16"' --rate 0.01) ;;
    mesh16-0.1) label="16x16 mesh, 0.1"; bs=(iq.cfg k=16 injection_rate=0.1)
      fw=("${iq[@]}" --set 'topology.dims="16x16"' --rate 0.1) ;;
    vc4x4) label="8x8 mesh, 4 VCs x 4 flits, 0.1"; bs=(iq.cfg num_vcs=4 vc_buf_size=4 injection_rate=0.1)
      fw=("${iq[@]}" --set switch.vcs=4 --set switch.vc_buffer_flits=4 --rate 0.1) ;;
    tail-credit) label="8x8 mesh, wait_for_tail_credit, 0.1"; bs=(iq.cfg wait_for_tail_credit=1 injection_rate=0.1)
      fw=("${iq[@]}" --set switch.wait_for_tail_credit=true --rate 0.1) ;;
    deep) label="8x8 mesh, 2 VCs x 32 flits, 0.1"; bs=(iq.cfg vc_buf_size=32 injection_rate=0.1)
      fw=("${iq[@]}" --set switch.vc_buffer_flits=32 --rate 0.1) ;;
    torus) label="8x8 torus preset, 0.13"; bs=(torus.cfg injection_rate=0.13)
      fw=(--config "$root/configs/booksim-iq-torus.toml" --rate 0.13) ;;
    dfly-min) label="dragonfly preset, minimal, 0.42"; bs=(dfly.cfg injection_rate=0.42)
      fw=(--config "$root/configs/booksim-dragonfly.toml" --rate 0.42) ;;
    dfly-ugal) label="dragonfly preset, UGAL-L, 0.4"; bs=(dfly.cfg routing_function=ugal num_vcs=3 injection_rate=0.4)
      fw=(--config "$root/configs/booksim-dragonfly.toml" --routing dfly-ugal --set switch.vcs=4 --selection ugal-l --rate 0.4) ;;
  esac
}

# user CPU seconds of one command (its output in $work/out, its exit status in $work/status;
# BookSim2 exits with 255 after a complete run, so the status is checked by the caller)
user_cpu() {
  local TIMEFORMAT=%U
  { time { "$@" > "$work/out" 2>&1; echo $? > "$work/status"; }; } 2>&1
}

# flitwave's user CPU of one run of "$@", the mean over $reps runs back to back (a short run's
# user time is a few ticks of the kernel's clock and moves with every interruption; BookSim2's
# runs last seconds)
flitwave_cpu() {
  local TIMEFORMAT=%U t
  echo 0 > "$work/status"
  t=$( { time { for ((k = 0; k < reps; k++)); do
    "$flitwave" "$@" > "$work/out" 2>&1 || { echo $? > "$work/status"; break; }
  done; }; } 2>&1)
  awk -v t="$t" -v n="$reps" 'BEGIN { printf "%.4f", t / n }'
}

# back-to-back flitwave runs a sample takes: enough for about $sample seconds (at most 25),
# from one run not counted
calibrate() {
  reps=1
  local t
  t=$(flitwave_cpu "$@")
  reps=$(awk -v t="$t" -v s="$sample" \
    'BEGIN { r = int(s / (t > 0.001 ? t : 0.001)) + 1; print (r > 25 ? 25 : r) }')
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# BookSim2's time over another's (inf when that one is 0), and a ratio as the table prints it
pair_ratio() { awk -v b="$1" -v f="$2" 'BEGIN { if (f > 0) printf "%.2f", b / f; else print "inf" }'; }
as_x() { awk -v r="$1" 'BEGIN { if (r != "inf") printf "%.1fx", r; else print "-" }'; }

printf '| network, load | cycles | BookSim2 user s | flitwave user s | flitwave runs a sample | ratios of the pairs | ratio |\n|---|---|---|---|---|---|---|\n'
for p in "${wanted[@]}"; do
  point "$p"
  bst=()
  fwt=()
  ratios=()
  cycles=
  # the two simulators take turns (BookSim2, flitwave, BookSim2, ...), and each flitwave run
  # is compared with the BookSim2 run just before it: a machine whose speed drifts during
  # the call moves both halves of a pair alike
  for ((i = 0; i < runs; i++)); do
    b=$(cd "$work" && user_cpu "$booksim" "${bs[@]}")
    c=$(sed -n 's/.*Time taken is \([0-9]*\) cycles.*/\1/p' "$work/out" | tail -1)
    if [[ -z $c ]]; then
      echo "error: BookSim2 at $label reported no 'Time taken' (its last lines follow)" >&2
      tail -5 "$work/out" >&2
      exit 1
    fi
    cycles=$c
    fargs=(run "${fw[@]}" --cycles "$cycles" --warmup $((cycles / 10)))
    ((i > 0)) || calibrate "${fargs[@]}"
    f=$(flitwave_cpu "${fargs[@]}")
    if [[ $(cat "$work/status") != 0 ]]; then
      echo "error: flitwave failed at $label:" >&2
      tail -5 "$work/out" >&2
      exit 1
    fi
    bst+=("$b")
    fwt+=("$f")
    ratios+=("$(pair_ratio "$b" "$f")")
  done
  b=$(printf '%s\n' "${bst[@]}" | median)
  f=$(printf '%s\n' "${fwt[@]}" | median)
  r=$(printf '%s\n' "${ratios[@]}" | median)
  range=$(printf '%s\n' "${ratios[@]}" | sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {print lo "-" hi}')
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$cycles" "$b" "$f" "$reps" "$range" "$(as_x "$r")"
done

# the fat-tree family per port-cycle, and the VC router's on the 8x8 preset at 0.3
per_port_cycle() { # user seconds, switches, ports, cycles
  awk -v u="$1" -v s="$2" -v p="$3" -v c="$4" 'BEGIN { printf "%.1f", u * 1e9 / (s * p * c) }'
}
ft=()
vc=()
for ((i = 0; i < runs; i++)); do
  ft+=("$(user_cpu "$flitwave" fattree --k 16 --n 3 --rate 0.3 --cycles 2000)")
  vc+=("$(user_cpu "$flitwave" run --config "$root/configs/booksim-iq.toml" --rate 0.3 --cycles 20000)")
done
fu=$(printf '%s\n' "${ft[@]}" | median)
vu=$(printf '%s\n' "${vc[@]}" | median)
echo
echo "Per port-cycle (user CPU of the whole process, median of $runs): fat-tree (vct), 16-ary 3-tree at 0.3, 768 switches x 32 ports, 2,000 cycles: $fu s = $(per_port_cycle "$fu" 768 32 2000) ns; VC router, 8x8 preset at 0.3, 64 x 5 ports, 20,000 cycles: $vu s = $(per_port_cycle "$vu" 64 5 20000) ns."
echo
echo "Medians of $runs samples each, the simulators taking turns; the ratio is the median of the pairs' ratios; user CPU of the whole process (a flitwave sample: the mean of as many runs back to back as take about a second, after one not counted); flitwave $("$flitwave" --version | awk '{print $2}'), BookSim2 $booksim."
