//! The `rtl` subcommand's arguments (docs/rtl.md): its verbs, `rtl check` and `rtl prove`.

use super::args::SimArgs;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Subcommand)]
pub(crate) enum RtlCmd {
    /// List the twins and their ports.
    List,
    /// Write rtl/<block>.v for every twin.
    Emit {
        /// Output directory.
        #[arg(long, default_value = "rtl")]
        dir: PathBuf,
    },
    /// For every twin: lockstep against the model, freshness of rtl/<block>.v, Verilator lint,
    /// Yosys synthesis (writes rtl/reports/<block>.txt) and Icarus replay of the vectors.
    Check(RtlCheckArgs),
    /// Prove each twin's properties (rtl/props/<block>.sv) with Yosys and yosys-smtbmc (z3):
    /// a bounded check from reset, then k-induction; prints PROVEN, FAILED (with a
    /// counterexample VCD and its save file) or UNPROVEN (not inductive) per property.
    Prove(RtlProveArgs),
    /// Seeded mutants (docs/rtl.md §Seeded mutants): per twin, prove its properties on the
    /// Verilog as emitted, then apply each one-gate mutant of its table alone and seek a
    /// counterexample (a bounded check from reset); prints which properties reject each
    /// mutant. Fails when the twin is not proven or a mutant survives.
    Mutate(RtlMutateArgs),
    /// Write a self-checking Verilog testbench of a twin into a directory: the twin's Verilog
    /// (fw_<block>.v), the testbench (fw_<block>_tb.v) and the lockstep vectors
    /// (fw_<block>_vectors.hex). Run it there with `iverilog -g2012 -o tb *.v && vvp tb`; it
    /// prints PASS, or FAIL with the cycle, the signal, expected and got.
    Testbench {
        /// Block name (see `flitwave rtl list`).
        block: String,
        /// Directory (created if missing; files of the same names are replaced; a directory
        /// holding other .v files is refused).
        #[arg(short = 'o', long)]
        output: PathBuf,
        /// Random lockstep cycles (after reset and the directed ones); at least 1.
        #[arg(long, default_value_t = 100_000)]
        cycles: u64,
        /// Seed of the random stimulus.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A mesh of the VC router's pipeline form in Verilog (rtl/network/, rtl/stages/vc_router/)
    /// against the model: run the configuration (default configs/booksim-iq.toml) with the
    /// model, record what every host injects and every router ejects, build the mesh with
    /// Verilator, play it the hosts' side and compare what it ejects, cycle by cycle
    /// (docs/rtl.md "A network in Verilog"). Fails on any difference.
    Network(Box<RtlNetworkArgs>),
    /// Waveform of a twin and its model side by side over the lockstep stimulus.
    Wave {
        /// Block name (see `flitwave rtl list`).
        block: String,
        /// Ports of model and twin (FST if it ends .fst); the twin's internals: <stem>_rtl.vcd.
        #[arg(short = 'o', long)]
        output: Option<PathBuf>,
        /// Format of the waveform files, overriding their extension (docs/waveforms.md).
        #[arg(long, value_parser = ["vcd", "fst"])]
        wave_format: Option<String>,
        /// Cycles to trace (directed stimulus first, then random).
        #[arg(long, default_value_t = 2000)]
        cycles: u64,
        /// Seed of the random stimulus.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Args)]
pub(crate) struct RtlProveArgs {
    /// Blocks (see `flitwave rtl list`); none: every twin.
    pub block: Vec<String>,
    /// Directory holding the Verilog and props/<block>.sv.
    #[arg(long, default_value = "rtl")]
    pub dir: PathBuf,
    /// Cycles of the bounded check and of the induction, at least 1 (default: the props
    /// file's `// depth N`, else 20).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Directory of the counterexamples (<block>.<property>.vcd and .gtkw).
    #[arg(long, default_value = "waves/prove")]
    pub cex: PathBuf,
    /// Only the property of this name (with one block).
    #[arg(long)]
    pub property: Option<String>,
    /// Prove the properties on seeded mutant N (from 1) of the block's Verilog instead of
    /// the Verilog as emitted (with one block; `flitwave rtl mutate BLOCK` lists them).
    #[arg(long)]
    pub mutant: Option<usize>,
    /// No progress: neither the bar on a terminal nor, off one, the progress lines on
    /// standard error (a line per proof started and ended, and one every 30 s while a proof
    /// runs; FLITWAVE_PROGRESS_EVERY=SECS sets that pace).
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args)]
pub(crate) struct RtlMutateArgs {
    /// Blocks (see `flitwave rtl list`); none: every twin with a table of mutants.
    pub block: Vec<String>,
    /// Directory holding the Verilog and props/<block>.sv.
    #[arg(long, default_value = "rtl")]
    pub dir: PathBuf,
    /// Only mutant N (from 1) of the one block given.
    #[arg(long)]
    pub mutant: Option<usize>,
    /// Check the mutants only: leave out the proof of the Verilog as emitted.
    #[arg(long)]
    pub mutants_only: bool,
    /// No progress lines on standard error.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args)]
pub(crate) struct RtlCheckArgs {
    /// Directory holding the Verilog (reports go to <dir>/reports).
    #[arg(long, default_value = "rtl")]
    pub dir: PathBuf,
    /// Only these blocks (comma separated).
    #[arg(long, value_delimiter = ',')]
    pub block: Vec<String>,
    /// Seed of the random stimulus.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random lockstep cycles per block (after the directed ones); at least 1.
    #[arg(long, default_value_t = 100_000)]
    pub cycles: u64,
    /// Do not write the synthesis reports.
    #[arg(long)]
    pub no_reports: bool,
    /// Self-test of the replay: flip one bit of the expected outputs of this cycle (the check
    /// must then fail).
    #[arg(long)]
    pub corrupt_cycle: Option<usize>,
}

#[derive(Args)]
pub(crate) struct RtlNetworkArgs {
    #[command(flatten)]
    pub sim: SimArgs,
    /// Comma-separated injection rates in flits/cycle/host, one run each (default: the
    /// configuration's traffic.rate).
    #[arg(long)]
    pub rates: Option<String>,
    /// Directory holding the Verilog: network/ (the mesh and its harness) and
    /// stages/vc_router/ (the router).
    #[arg(long, default_value = "rtl")]
    pub dir: PathBuf,
    /// Work directory: the sources, per rate the vectors and both logs, Verilator's build
    /// (created if missing; refused when it holds Verilog files of other names).
    #[arg(short = 'o', long, default_value = "out/rtl-network")]
    pub output: PathBuf,
    /// Write the Verilog mesh's waveform of the first rate to this file (VCD, or FST if it
    /// ends .fst) under the model's names, as `flitwave run --vcd` names them (Verilator's
    /// own trace: <output>/fw_vc_mesh_<rate>.vcd).
    #[arg(long)]
    pub vcd: Option<PathBuf>,
    /// Trace only cycles START..END (e.g. 1000..1200); needs --vcd.
    #[arg(long, value_name = "START..END")]
    pub vcd_window: Option<String>,
}
