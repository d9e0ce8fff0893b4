//! The command line's arguments (clap). One vocabulary: an option means the same thing with the
//! same name in every subcommand, and every shorthand is a configuration key (`--rate` is
//! `traffic.rate`, `--routing` is `routing.algorithm`, ...); names come from the registries.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

pub(crate) use super::args_rtl::{
    RtlCheckArgs, RtlCmd, RtlMutateArgs, RtlNetworkArgs, RtlProveArgs,
};
use super::json::{json_path, JSON_HELP};

#[derive(Parser)]
#[command(
    name = "flitwave",
    version,
    about = "Cycle-accurate model of interconnection-network hardware"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub cmd: Cmd,
}

#[derive(Subcommand)]
pub(crate) enum Cmd {
    /// Run one simulation of any switch family (the embedded default when no config is given)
    /// and print a summary.
    Run(RunArgs),
    /// Sweep injection rates in parallel, or search the saturation point; report
    /// latency/accepted-traffic curves and throughput.
    Sweep(SweepArgs),
    /// Generate a topology and write it as JSON.
    Topology(TopoArgs),
    /// Compute routes and print their statistics (hops, channel load, deadlock check); for
    /// fat-trees the IR/FIR registers and the paths per link and stage.
    Routes(RoutesArgs),
    /// List the switch families, routings, selections, traffic patterns and reproductions by
    /// name, each with what it is.
    List,
    /// Trace-driven traffic: generate a storage-like trace, or print a trace's statistics.
    #[command(subcommand)]
    Trace(super::trace::TraceCmd),
    /// Measure simulation speed (switch-cycles/s, delivered flits/s).
    Bench(BenchArgs),
    // help from the registry of reproductions
    #[command(about = super::help::reproduce_about())]
    Reproduce(ReproArgs),
    /// Shorthand for `run` on a k-ary n-tree of the vct family (the Fat-trees paper): builds the
    /// same configuration `run --config` takes (see --print-config).
    Fattree(FattreeArgs),
    /// RTL twins: emit Verilog, check it (lockstep, lint, synthesis, replay), waveforms.
    #[command(subcommand)]
    Rtl(RtlCmd),
    /// Join the result stores of sweep shards (`sweep --shard i/n --store FILE`) into one
    /// store in canonical order (docs/sweeps.md).
    Merge(MergeArgs),
    /// Plot curves from a sweep's result store (`sweep --store FILE`): mean and 95 %
    /// confidence interval over the seeds, saturated points marked (docs/sweeps.md).
    Plot(PlotArgs),
    /// Design-space exploration with area: pair each design of saturation-search stores
    /// (`sweep --search --grid ... --store`) with the area of its router's control blocks and
    /// buffers (RTL twins' synthesis reports), and draw the Pareto front (docs/explore.md).
    Explore(ExploreArgs),
}

/// Several seeds of one configuration, run in parallel (the same options in `run` and `sweep`).
#[derive(Args, Clone)]
pub(crate) struct SeedArgs {
    /// Run N seeds: seed, seed+1, ..., seed+N-1 (seed from --seed or the configuration), in
    /// parallel; report the mean and 95 % confidence interval (Student t, N-1 degrees of
    /// freedom) of every figure of the summary.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seeds: u64,
    /// Threads (1..=1024). Several seeds (and a sweep's points) run in parallel on them, one
    /// thread each (default: all cores); one run alone splits the vc family's routers among
    /// them by the bit planes' tiles of 64 routers (default: one thread; the myrinet and vct
    /// families stay on one). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

impl Default for SeedArgs {
    fn default() -> Self {
        SeedArgs {
            seeds: 1,
            threads: None,
        }
    }
}

#[derive(Args)]
pub(crate) struct ExploreArgs {
    /// Result stores of `flitwave sweep --search --grid ... --store FILE` (one or more).
    #[arg(required = true)]
    pub stores: Vec<PathBuf>,
    /// Offered load (flits/cycle/host) at which latency is compared (default: the lowest
    /// rate every design ran, the searches' first).
    #[arg(long)]
    pub latency_rate: Option<f64>,
    /// The Pareto chart (SVG).
    #[arg(short = 'o', long)]
    pub output: PathBuf,
    /// Also write the table of designs as markdown, with the commands and provenance.
    #[arg(long)]
    pub md: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct PlotArgs {
    /// The result store (JSON lines written by `sweep --store`, or merged by `merge`).
    pub store: PathBuf,
    /// The x axis: `rate`, `seed`, a grid key (`switch.vcs`), a summary figure
    /// (`accepted_flits_per_cycle_per_host`, `latency.ns`), `config.KEY` or `search.FIELD`.
    #[arg(long, default_value = "accepted_flits_per_cycle_per_host")]
    pub x: String,
    /// The y axis, named as --x (its mean over the seeds, with the 95 % interval as error bars).
    #[arg(long, default_value = "latency.cycles")]
    pub y: String,
    /// Keys that split the records into curves, comma-separated (default: the routing and
    /// every grid key that varies, except --x).
    #[arg(long, value_delimiter = ',')]
    pub by: Vec<String>,
    /// The y axis's scale: auto (log when the values span a factor of 20), linear or log.
    #[arg(long, default_value = "auto", value_parser = ["auto", "linear", "log"])]
    pub y_scale: String,
    /// Title of the figure (default: y against x, and the store's name).
    #[arg(long)]
    pub title: Option<String>,
    /// The SVG file to write.
    #[arg(short = 'o', long)]
    pub output: PathBuf,
}

#[derive(Args)]
pub(crate) struct MergeArgs {
    /// Shard stores to join (every one must exist and be complete).
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The merged store (written only when the merge succeeds).
    #[arg(short = 'o', long)]
    pub output: PathBuf,
}

/// What builds the configuration: a file, overrides, and shorthands for common keys.
#[derive(Args, Clone, Default)]
pub(crate) struct SimArgs {
    /// TOML configuration file (default: the embedded configs/default.toml).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override a configuration value, e.g. --set traffic.rate=0.05 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Seed of everything random (`seed`).
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Cycles to simulate, warm-up included (`cycles`); the warm-up becomes a tenth of it
    /// unless --warmup (or --set warmup=) says otherwise.
    #[arg(long, allow_negative_numbers = true)]
    pub cycles: Option<u64>,
    /// Cycles not measured at the start (`warmup`).
    #[arg(long, allow_negative_numbers = true)]
    pub warmup: Option<u64>,
    /// Topology JSON file (sets topology.kind = "file").
    #[arg(long)]
    pub topology_file: Option<PathBuf>,
    #[arg(long, help = super::help::family())]
    pub family: Option<String>,
    #[arg(long, help = super::help::routing())]
    pub routing: Option<String>,
    #[arg(long, visible_alias = "select", help = super::help::paths())]
    pub paths: Option<String>,
    #[arg(long, help = super::help::selection())]
    pub selection: Option<String>,
    /// dl: the restriction inside every layer (`routing.restriction`): ud, ud-du, ud-dud, l-turn.
    #[arg(long)]
    pub restriction: Option<String>,
    /// dor, dor-dateline on a torus: a destination exactly k/2 away goes + or either way drawn
    /// per packet (`routing.tie`): plus, random.
    #[arg(long)]
    pub tie: Option<String>,
    /// dor-dateline: the VC classes (`routing.classes`): dateline (class 1 from the wraparound
    /// link on) or entry (chosen on entering a dimension, BookSim2's).
    #[arg(long)]
    pub classes: Option<String>,
    /// dl, updown: layers, one per VC (`routing.layers`); dl defaults to switch.vcs, updown to
    /// one layer without VCs.
    #[arg(long, allow_negative_numbers = true)]
    pub layers: Option<usize>,
    #[arg(long, help = super::help::pattern())]
    pub pattern: Option<String>,
    /// Offered load, payload flits per cycle per host (`traffic.rate`, 0..=1).
    #[arg(long, allow_negative_numbers = true)]
    pub rate: Option<f64>,
    /// Payload bytes of a generated message, one packet (`traffic.message_bytes`).
    #[arg(long, allow_negative_numbers = true)]
    pub message_bytes: Option<u32>,
    /// Bytes per flit, one flit per link cycle (`link.flit_bytes`).
    #[arg(long, allow_negative_numbers = true)]
    pub flit_bytes: Option<u32>,
    /// Play this trace instead of the generators (`traffic.trace`); the run lasts until the
    /// trace is done, at most max(cycles, 20 x its span + 2,000,000) cycles.
    #[arg(long)]
    pub trace: Option<PathBuf>,
    /// Closed-loop storage workload of this many µs (`traffic.storage_us`): hosts issue the
    /// storage-like generator's requests, disks answer what they received.
    #[arg(long, allow_negative_numbers = true)]
    pub storage_us: Option<f64>,
    /// Time compression factor of --trace or --storage-us (`traffic.compression`).
    #[arg(long, allow_negative_numbers = true)]
    pub compression: Option<f64>,
}

/// What a run prints and writes.
#[derive(Args, Clone, Default)]
pub(crate) struct RunOut {
    /// Write a waveform to this file: VCD, or FST (compressed) if it ends .fst.
    #[arg(long)]
    pub vcd: Option<PathBuf>,
    /// Format of the waveform files, overriding their extension (docs/waveforms.md).
    #[arg(long, value_parser = ["vcd", "fst"])]
    pub wave_format: Option<String>,
    /// Scopes to trace, comma separated (e.g. network.sw3,network.nic12); default everything.
    #[arg(long, value_delimiter = ',')]
    pub vcd_scope: Vec<String>,
    /// Cycle window to trace, START..END.
    #[arg(long)]
    pub vcd_window: Option<String>,
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", value_parser = json_path, help = JSON_HELP)]
    pub json: Option<PathBuf>,
    /// Print the effective configuration as TOML and exit.
    #[arg(long)]
    pub print_config: bool,
    /// If the watchdog finds a deadlock, replay the run (it is deterministic) and write the
    /// waveform of the cycles before the network froze and 200 frozen cycles to this file
    /// (VCD, or FST if it ends .fst); its save file opens on the routers of the wait cycle.
    #[arg(long)]
    pub vcd_on_deadlock: Option<PathBuf>,
    /// Cycles before the network froze that --vcd-on-deadlock traces.
    #[arg(long, default_value_t = 2000)]
    pub deadlock_window: u64,
    /// Draw the utilisation of every link over the measurement window as an SVG heat map
    /// (grid for meshes and tori, stages for k-ary n-trees, switch x switch matrix otherwise;
    /// docs/statistics.md).
    #[arg(long, value_name = "FILE.svg")]
    pub heatmap: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct RunArgs {
    #[command(flatten)]
    pub sim: SimArgs,
    #[command(flatten)]
    pub out: RunOut,
    #[command(flatten)]
    pub par: SeedArgs,
    /// Check this switch against its RTL twins in the network, cycle by cycle: a myrinet
    /// switch's slack buffers and arbiters drive it with their models as shadows; a whole
    /// vc-family router (the BookSim2 preset on a mesh) is watched by its twin, fed what it
    /// receives; slow: the run goes at the speed of the rust-hdl simulation (docs/rtl.md §In
    /// situ).
    #[arg(long)]
    pub rtl_switch: Option<usize>,
}

#[derive(Args)]
pub(crate) struct FattreeArgs {
    #[command(flatten)]
    pub sim: SimArgs,
    #[command(flatten)]
    pub out: RunOut,
    #[command(flatten)]
    pub par: SeedArgs,
    /// Arity (`topology.k`): switches have 2k ports (a power of two, 2..=16).
    #[arg(long)]
    pub k: Option<u32>,
    /// Stages (`topology.n`): k^n hosts.
    #[arg(long)]
    pub n: Option<u32>,
    /// In-order delivery (`nic.in_order`): reorder buffer at the destination and end-to-end
    /// flow control.
    #[arg(long)]
    pub in_order: bool,
    /// How sources learn of deliveries (`nic.ack`): free (ideal, the paper) or packets.
    #[arg(long)]
    pub ack: Option<String>,
    /// Reorder buffer per destination NIC, KB (`nic.reorder_bytes` / 1024).
    #[arg(long)]
    pub reorder_kb: Option<u64>,
}

#[derive(Args)]
pub(crate) struct ReproArgs {
    #[arg(help = super::help::reproduce_paper())]
    pub paper: String,
    /// check: the directory of the reproductions' raw results.
    #[arg(long, default_value = "docs/results")]
    pub results: PathBuf,
    /// check: also write the ledger as README.md in --results (without it the check only
    /// reads and prints).
    #[arg(long)]
    pub write: bool,
    /// fattree: re-render the report from the fattree_raw.json of an earlier run in --out
    /// (no simulation).
    #[arg(long)]
    pub from_raw: bool,
    /// fattree: figures to run, comma separated: fig5, fig6a, fig6b, bitrev, fig7, fig7closed,
    /// fig7sync, fig7buf; inorder: fig5, fig6, tables (with Figure 7), fig8, fattree (default all).
    #[arg(long, value_delimiter = ',')]
    pub figures: Vec<String>,
    /// The paper's scale: itb 10 topologies per size and 100,000 cycles per point (about 3
    /// hours on 2 cores); fattree a 4-ary 4-tree with 8 KB packets (about 40 minutes).
    #[arg(long)]
    pub full: bool,
    /// itb: topologies per network size (default 2, --full 10); inorder: irregular topologies
    /// per size in Figures 5 and 6 (default 1, --full 10).
    #[arg(long)]
    pub topologies: Option<usize>,
    /// Replicates of the claims on fixed networks: seeds 1..=N of the traffic and the trace
    /// (fattree Figures 5 and 7, speculative, inorder Table 1 with its 32-switch network);
    /// default 1. The fidelity ledger reads every claim over its replicates (docs/statistics.md).
    #[arg(long)]
    pub seeds: Option<usize>,
    /// Cycles per simulation point (itb default 30000, --full 100000; speculative 20000,
    /// --full 100000).
    #[arg(long)]
    pub cycles: Option<u64>,
    /// fattree, inorder: duration of the storage-like trace before compression, µs (0.1 to
    /// 10,000,000; fattree default 5000, inorder 2000, --full 10000).
    #[arg(long)]
    pub trace_us: Option<f64>,
    /// itb: patterns, comma separated: uniform, bit-reversal, local3, local5, hot-spot
    /// (default all).
    #[arg(long, value_delimiter = ',')]
    pub patterns: Vec<String>,
    /// itb: network sizes, comma separated (default 8,16,32,64).
    #[arg(long, value_delimiter = ',')]
    pub sizes: Vec<usize>,
    /// itb: message sizes in bytes, comma separated (default 32,512,1024).
    #[arg(long, value_delimiter = ',')]
    pub bytes: Vec<u32>,
    /// itb: path selection of the ITB routing (`routing.paths`): random (the paper's §4.3),
    /// legal-first (its §3) or min-itb.
    #[arg(long, default_value = "random")]
    pub paths: String,
    /// itb: how local3 and local5 count "switches away" (`traffic.local_metric`): minimal
    /// (switch hops) or route (the hops of the pair's up*/down* route).
    #[arg(long, default_value = "minimal")]
    pub local_metric: String,
    /// Output directory for the tables, raw data (with configuration and version) and plots.
    #[arg(long, default_value = "out/reproduce")]
    pub out: PathBuf,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args)]
pub(crate) struct SweepArgs {
    #[command(flatten)]
    pub sim: SimArgs,
    /// Comma-separated injection rates in flits/cycle/host.
    #[arg(long)]
    pub rates: Option<String>,
    /// Highest rate of an evenly spaced sweep (used when --rates is absent).
    #[arg(long, default_value_t = 0.2)]
    pub max_rate: f64,
    /// Number of points of an evenly spaced sweep.
    #[arg(long, default_value_t = 10)]
    pub points: usize,
    /// Saturation search instead of fixed rates: the rate doubles from 0.01 until the network
    /// saturates, then three bisection steps refine the knee (per curve and seed).
    #[arg(long)]
    pub search: bool,
    #[command(flatten)]
    pub par: SeedArgs,
    /// A grid axis over any configuration key, values parsed as --set values:
    /// KEY=v1,v2,... (repeatable; the sweep runs the cartesian product of the axes).
    #[arg(long, value_name = "KEY=V1,V2,...")]
    pub grid: Vec<String>,
    /// Append every finished point to this JSON-lines store at once (docs/sweeps.md); at the
    /// end the store is rewritten in canonical order.
    #[arg(long, value_name = "FILE")]
    pub store: Option<PathBuf>,
    /// Continue the --store: run only the points it does not hold (a truncated last line is
    /// dropped and its point re-run); the store must come from the same base configuration.
    #[arg(long)]
    pub resume: bool,
    /// Run only shard I of N (1 <= I <= N): points (curves with --refine, curve-seed lines
    /// with --search) are dealt round-robin in plan order; join the stores with `merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// After the rates, K more evenly spaced rates between the last unsaturated and the first
    /// saturated rate of every curve (all seeds).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub refine: usize,
    /// Write the points as CSV, one row per point and seed (a first comment line records
    /// version, seed and configuration).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", value_parser = json_path, help = JSON_HELP)]
    pub json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    #[arg(long, value_delimiter = ',', help = super::help::routings())]
    pub routings: Vec<String>,
    /// Draw latency versus accepted traffic (one curve per routing) into this SVG file.
    #[arg(long)]
    pub plot: Option<PathBuf>,
    /// Exit 0 even when a point violated an invariant or deadlocked (the result says so in
    /// every point's summary and in all_healthy).
    #[arg(long)]
    pub keep_going: bool,
}

/// The shape of a generated topology (the same options in `topology` and `routes`).
#[derive(Args)]
pub(crate) struct ShapeArgs {
    /// Fat-tree arity: a power of two in 2..=32 (2..=16 to route with IR/FIR; default 2).
    #[arg(long)]
    pub k: Option<u32>,
    /// Fat-tree stages (default 3); k^n hosts, at most 65536.
    #[arg(long)]
    pub n: Option<u32>,
    /// Switches (irregular).
    #[arg(long, default_value_t = 16)]
    pub switches: usize,
    /// Dimensions (mesh/torus), e.g. 8x8.
    #[arg(long, default_value = "4x4")]
    pub dims: String,
    /// Dragonfly routers per group (default 8; its hosts per router: --hosts-per-switch).
    #[arg(long)]
    pub a: Option<usize>,
    /// Dragonfly global links per router (default 4); a·h + 1 groups.
    #[arg(long)]
    pub h: Option<usize>,
    /// Seed of the random topology (and of random path choices).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args)]
pub(crate) struct TopoArgs {
    /// irregular, mesh, torus, fattree (k-ary n-tree, Fat-trees paper §2) or dragonfly.
    pub kind: String,
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Hosts per switch.
    #[arg(long, default_value_t = 4)]
    pub hosts_per_switch: usize,
    /// Ports per switch (irregular).
    #[arg(long, default_value_t = 8)]
    pub ports: usize,
    /// Output file (default: stdout).
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct RoutesArgs {
    /// Topology JSON file.
    #[arg(long)]
    pub topology_file: Option<PathBuf>,
    /// Or generate: irregular, mesh, torus, fattree, dragonfly.
    #[arg(long, default_value = "irregular")]
    pub topology: String,
    #[command(flatten)]
    pub shape: ShapeArgs,
    /// Hosts per switch of a generated irregular network, mesh, torus or dragonfly (p).
    #[arg(long, default_value_t = 4)]
    pub hosts_per_switch: usize,
    #[arg(long, help = super::help::routes_routing())]
    pub routing: Option<String>,
    /// Fat-tree routings: print the FI/LI/MR/RRR registers of every port of every switch
    /// (--json always includes them).
    #[arg(long)]
    pub registers: bool,
    #[arg(long, visible_alias = "select", help = super::help::paths())]
    pub paths: Option<String>,
    /// dl: the restriction inside every layer (`routing.restriction`): ud, ud-du, ud-dud, l-turn.
    #[arg(long, default_value = "ud")]
    pub restriction: String,
    /// dor, dor-dateline on a torus: a destination exactly k/2 away goes + or either way drawn
    /// per packet (`routing.tie`): plus, random.
    #[arg(long)]
    pub tie: Option<String>,
    /// dor-dateline: the VC classes (`routing.classes`): dateline (class 1 from the wraparound
    /// link on) or entry (chosen on entering a dimension, BookSim2's).
    #[arg(long)]
    pub classes: Option<String>,
    /// dl, updown: layers, one per VC (`routing.layers`); dl defaults to 3, updown to one
    /// layer without VCs.
    #[arg(long)]
    pub layers: Option<usize>,
    /// The up*/down* root (`routing.root`): a switch id, lowest-id (switch 0) or central.
    #[arg(long, default_value = "lowest-id")]
    pub root: String,
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", value_parser = json_path, help = JSON_HELP)]
    pub json: Option<PathBuf>,
}

#[derive(Args)]
pub(crate) struct BenchArgs {
    /// Multiply the simulated cycles (e.g. 0.1 for a quick look).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
    /// Only scenarios whose name contains this.
    #[arg(long)]
    pub only: Option<String>,
    /// Threads of each run (1..=1024; default 1: the speed of one core); results do not
    /// depend on it.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", value_parser = json_path, help = JSON_HELP)]
    pub json: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every option and every subcommand of every command says what it is.
    #[test]
    fn every_option_has_help_text() {
        fn walk(c: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for a in c.get_arguments() {
                let id = a.get_id().as_str();
                if matches!(id, "help" | "version") {
                    continue;
                }
                if a.get_help().is_none() && a.get_long_help().is_none() {
                    missing.push(format!("{path}: {id}"));
                }
            }
            for s in c.get_subcommands() {
                let p = format!("{path} {}", s.get_name());
                if s.get_about().is_none() && s.get_name() != "help" {
                    missing.push(p.clone());
                }
                walk(s, &p, missing);
            }
        }
        let mut missing = vec![];
        walk(&Cli::command(), "flitwave", &mut missing);
        assert!(missing.is_empty(), "no help text: {missing:#?}");
    }
}
