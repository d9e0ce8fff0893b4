#!/usr/bin/env bash
# Run the flitwave tests (docs/testing.md). Installs the tools the tests use when they are
# missing — GTKWave and xvfb for the waveform tests, Verilator, Yosys and Icarus Verilog for the
# RTL twins, Slurm and munge for the one-node cluster of slurm:: — so no test ever skips for
# want of a tool.
#
#   bash scripts/test.sh                  full tier, what CI runs: every test, the RTL flow of
#                                         every twin and the tiny-scale reproductions included
#   bash scripts/test.sh --quick          quick tier for the edit-test loop: the same tests but
#                                         those marked `#[ignore = "full tier: ..."]`
#   bash scripts/test.sh [--quick] NAME   only the tests whose path contains NAME, e.g.
#                                         `vc_router::` (one testbench) or `golden::`
#
# Tests build with the `ci` profile (optimised, no fat LTO, incremental); the shipped binary and
# `flitwave bench` use the release profile.
set -euo pipefail
cd "$(dirname "$0")/.."

tier=(--include-ignored)
filters=()
for a in "$@"; do
    case "$a" in
        --quick) tier=() ;;
        -*) echo "scripts/test.sh: unknown option $a (allowed: --quick, then test name filters)" >&2; exit 2 ;;
        *) filters+=("$a") ;;
    esac
done

need_apt=()
command -v vcd2fst >/dev/null 2>&1 || need_apt+=(gtkwave)
command -v xvfb-run >/dev/null 2>&1 || need_apt+=(xvfb)
command -v verilator >/dev/null 2>&1 || need_apt+=(verilator)
command -v yosys >/dev/null 2>&1 || need_apt+=(yosys)
command -v iverilog >/dev/null 2>&1 || need_apt+=(iverilog)
command -v nextpnr-ice40 >/dev/null 2>&1 || need_apt+=(nextpnr-ice40)
command -v z3 >/dev/null 2>&1 || need_apt+=(z3)
command -v munged >/dev/null 2>&1 || need_apt+=(munge)
command -v slurmctld >/dev/null 2>&1 || need_apt+=(slurmctld)
command -v slurmd >/dev/null 2>&1 || need_apt+=(slurmd)
command -v sbatch >/dev/null 2>&1 || need_apt+=(slurm-client)
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing: ${need_apt[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

# the full tier's RTL flow (lockstep, lint, synthesis, Icarus replay and fresh reports of every
# twin) is the test module rtl::flow, one test per twin
if [ ${#tier[@]} -gt 0 ] && [ ${#filters[@]} -eq 0 ]; then
    # The full tier: the two longest parts start first, each in a cargo test of its own beside
    # the rest, instead of where name order puts them, where they would add minutes to the
    # wall time: the proofs and the seeded mutants (rtl_prove::, on two threads, so that they
    # have both cores when the rest is done, as they end last; the mutants of the rearrange
    # controller, the speculative unit and the router are checked by hand, docs/rtl.md) and
    # the whole router's RTL flow (rtl::flow::vc_router, about 7 CPU-minutes: synthesis, place
    # and route at 94 % of the HX8K beside the equivalence proofs and the replay).
    # Their output follows the rest's.
    cargo test --profile ci --all-targets --no-run
    proofs_log=$(mktemp)
    router_log=$(mktemp)
    cargo test --profile ci --test testbenches -- --include-ignored --exact rtl::flow::vc_router >"$router_log" 2>&1 &
    router=$!
    cargo test --profile ci --test testbenches -- --include-ignored --test-threads 2 rtl_prove:: >"$proofs_log" 2>&1 &
    proofs=$!
    status=0
    cargo test --profile ci --all-targets -- --include-ignored --skip rtl_prove:: --skip rtl::flow::vc_router || status=$?
    wait "$router" || status=$?
    wait "$proofs" || status=$?
    echo "---- the router's RTL flow (rtl::flow::vc_router, beside the rest) ----"
    cat "$router_log"
    echo "---- the proofs (rtl_prove::, beside the rest) ----"
    cat "$proofs_log"
    rm -f "$proofs_log" "$router_log"
    exit "$status"
fi
cargo test --profile ci --all-targets -- ${tier[@]+"${tier[@]}"} ${filters[@]+"${filters[@]}"}
