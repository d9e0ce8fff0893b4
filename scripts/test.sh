#!/usr/bin/env bash
# Run every flitwave test. Installs the tools the tests use when they are missing — GTKWave and
# xvfb for the waveform tests, Verilator, Yosys and Icarus Verilog for the RTL flow — so no test
# ever skips for want of a tool. Then runs the RTL check over every twin (docs/rtl.md).
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v vcd2fst >/dev/null 2>&1 || need_apt+=(gtkwave)
command -v xvfb-run >/dev/null 2>&1 || need_apt+=(xvfb)
command -v verilator >/dev/null 2>&1 || need_apt+=(verilator)
command -v yosys >/dev/null 2>&1 || need_apt+=(yosys)
command -v iverilog >/dev/null 2>&1 || need_apt+=(iverilog)
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing: ${need_apt[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

cargo test --release --all-targets "$@"
# lockstep, freshness, lint, synthesis and Icarus replay of every RTL twin
cargo run --release --quiet -- rtl check
