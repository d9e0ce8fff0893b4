#!/usr/bin/env bash
# Run every flitwave test. Installs the waveform tools (GTKWave, xvfb) and the EDA tools of the
# RTL checks (Verilator, Yosys, Icarus Verilog) when they are missing, so no test ever skips for
# want of a tool.
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
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

cargo test --release --all-targets "$@"
