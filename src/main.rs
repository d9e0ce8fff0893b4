//! The flitwave command line: run, sweep, topology, routes, trace, bench.

mod cli;

use clap::{Args, Parser, Subcommand};
use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::{Error, Result};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "flitwave",
    version,
    about = "Cycle-accurate model of interconnection-network hardware"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run one simulation (the embedded default when no config is given) and print a summary.
    Run(RunArgs),
    /// Sweep injection rates in parallel; report latency/accepted-traffic curves and throughput.
    Sweep(SweepArgs),
    /// Generate a topology and write it as JSON.
    Topology(TopoArgs),
    /// Compute routes and print their statistics (hops, channel load, deadlock check); for
    /// fat-trees the IR/FIR registers and the paths per link and stage.
    Routes(RoutesArgs),
    /// Trace-driven traffic: generate a storage-like trace, or print a trace's statistics.
    #[command(subcommand)]
    Trace(cli::trace::TraceCmd),
    /// Measure simulation speed (switch-cycles/s, delivered flits/s).
    Bench(BenchArgs),
    /// Reproduce a paper's evaluation (itb: seed 000, Tables 1-9 and Figures 6-9; fattree:
    /// seed 001, Figures 5-7 and the bit-reversal case).
    Reproduce(ReproArgs),
    /// One run of a fat-tree (k-ary n-tree, virtual cut-through, credits, IR/FIR routing; seed
    /// 001): synthetic traffic or a trace.
    Fattree(FattreeArgs),
    /// RTL twins: emit Verilog, check it (lockstep, lint, synthesis, replay), waveforms.
    #[command(subcommand)]
    Rtl(RtlCmd),
}

#[derive(Args)]
struct FattreeArgs {
    /// Arity: switches have 2k ports (a power of two, 2..=16).
    #[arg(long, default_value_t = 4)]
    k: u32,
    /// Stages: k^n nodes.
    #[arg(long, default_value_t = 3)]
    n: u32,
    /// det (deterministic FIR, seed 001 §4), sadp or ff (adaptive IR with that selection).
    #[arg(long, default_value = "det")]
    routing: String,
    /// In-order delivery: reorder buffer at the destination and end-to-end flow control.
    #[arg(long)]
    in_order: bool,
    /// How sources learn of deliveries: free (ideal, the paper) or packets (real acks).
    #[arg(long, default_value = "free")]
    ack: String,
    /// Reorder buffer per destination NIC, KB.
    #[arg(long, default_value_t = 8192)]
    reorder_kb: u64,
    /// Destination pattern: uniform, hot-spot:5@random, bit-reversal, complement, shuffle, ...
    #[arg(long, default_value = "uniform")]
    pattern: String,
    /// Offered load, payload flits per cycle per node (1 = link capacity).
    #[arg(long, default_value_t = 0.3)]
    rate: f64,
    /// Packet payload, bytes (the paper: 8192).
    #[arg(long, default_value_t = 1024)]
    packet_bytes: u32,
    /// Bytes per flit (one flit per cycle per link; 1 = the paper's Myrinet links).
    #[arg(long, default_value_t = 1)]
    flit_bytes: u32,
    #[arg(long, default_value_t = 100_000)]
    cycles: u64,
    #[arg(long, default_value_t = 10_000)]
    warmup: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play this trace (docs/traffic.md) instead of the generators; stops when it is done.
    #[arg(long)]
    trace: Option<PathBuf>,
    /// Closed-loop storage workload of this many µs (docs/fattree.md): hosts issue the requests
    /// of the storage-like generator (seed --seed), disks answer what they have received.
    #[arg(long)]
    storage_us: Option<f64>,
    /// Time compression factor of --trace or --storage-us.
    #[arg(long, default_value_t = 1.0)]
    compression: f64,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Write a VCD waveform.
    #[arg(long)]
    vcd: Option<PathBuf>,
    #[arg(long, value_delimiter = ',')]
    vcd_scope: Vec<String>,
    #[arg(long)]
    vcd_window: Option<String>,
}

#[derive(Subcommand)]
enum RtlCmd {
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
    /// Waveform of a twin and its model side by side over the lockstep stimulus.
    Wave {
        /// Block name (see `flitwave rtl list`).
        block: String,
        /// Ports of model and twin; the twin's internal signals go to <stem>_rtl.vcd.
        #[arg(short = 'o', long)]
        output: Option<PathBuf>,
        /// Cycles to trace (directed stimulus first, then random).
        #[arg(long, default_value_t = 2000)]
        cycles: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Args)]
struct RtlCheckArgs {
    /// Directory holding the Verilog (reports go to <dir>/reports).
    #[arg(long, default_value = "rtl")]
    dir: PathBuf,
    /// Only these blocks (comma separated).
    #[arg(long, value_delimiter = ',')]
    block: Vec<String>,
    /// Seed of the random stimulus.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random lockstep cycles per block (after the directed ones); at least 1.
    #[arg(long, default_value_t = 100_000)]
    cycles: u64,
    /// Do not write the synthesis reports.
    #[arg(long)]
    no_reports: bool,
    /// Self-test of the replay: flip one bit of the expected outputs of this cycle (the check
    /// must then fail).
    #[arg(long)]
    corrupt_cycle: Option<usize>,
}

#[derive(Args)]
struct ReproArgs {
    /// Which paper: itb (seed 000, in-transit buffers versus up*/down*) or fattree (seed 001,
    /// deterministic versus adaptive routing in fat-trees).
    paper: String,
    /// fattree: re-render the report from the fattree_raw.json of an earlier run in --out
    /// (no simulation).
    #[arg(long)]
    from_raw: bool,
    /// fattree: figures to run, comma separated: fig5, fig6a, fig6b, bitrev, fig7, fig7closed, fig7buf
    /// (default all).
    #[arg(long, value_delimiter = ',')]
    figures: Vec<String>,
    /// The paper's scale: 10 topologies per size, 100,000 cycles per point (about 3 hours on 2 cores).
    #[arg(long)]
    full: bool,
    /// Topologies per network size (default 2, --full 10).
    #[arg(long)]
    topologies: Option<usize>,
    /// Cycles per simulation point (default 30000, --full 100000).
    #[arg(long)]
    cycles: Option<u64>,
    /// Patterns, comma separated: uniform, bit-reversal, local3, local5, hot-spot (default all).
    #[arg(long, value_delimiter = ',')]
    patterns: Vec<String>,
    /// Network sizes, comma separated (default 8,16,32,64).
    #[arg(long, value_delimiter = ',')]
    sizes: Vec<usize>,
    /// Message sizes in bytes, comma separated (default 32,512,1024).
    #[arg(long, value_delimiter = ',')]
    bytes: Vec<u32>,
    /// ITB path selection: random (the paper) or min-itb.
    #[arg(long, default_value = "random")]
    select: String,
    /// Output directory for the tables (itb_tables.md), raw data (itb_raw.json) and plots.
    #[arg(long, default_value = "out/reproduce")]
    out: PathBuf,
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Clone)]
struct SimArgs {
    /// TOML configuration file (default: the embedded configs/default.toml).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Override a configuration value, e.g. --set traffic.rate=0.05 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Seed of everything random.
    #[arg(long)]
    seed: Option<u64>,
    /// Cycles to simulate (warm-up included).
    #[arg(long)]
    cycles: Option<u64>,
    /// Topology JSON file (sets topology.kind = "file").
    #[arg(long)]
    topology_file: Option<PathBuf>,
}

#[derive(Args)]
struct RunArgs {
    #[command(flatten)]
    sim: SimArgs,
    /// Write a VCD waveform to this file.
    #[arg(long)]
    vcd: Option<PathBuf>,
    /// Scopes to trace, comma separated (e.g. network.sw3,network.nic12); default everything.
    #[arg(long, value_delimiter = ',')]
    vcd_scope: Vec<String>,
    /// Cycle window to trace, START..END.
    #[arg(long)]
    vcd_window: Option<String>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Print the effective configuration as TOML and exit.
    #[arg(long)]
    print_config: bool,
    /// If the watchdog finds a deadlock, replay the run (it is deterministic) and write the
    /// waveform of the cycles before it to this VCD file.
    #[arg(long)]
    vcd_on_deadlock: Option<PathBuf>,
    /// Cycles before the deadlock report that --vcd-on-deadlock traces.
    #[arg(long, default_value_t = 2000)]
    deadlock_window: u64,
    /// Run this switch's slack buffers and arbiters as their rust-hdl RTL twins, in lockstep
    /// with shadow models (slow: about 10k cycles/s for that switch; docs/rtl.md).
    #[arg(long)]
    rtl_switch: Option<usize>,
}

#[derive(Args)]
struct SweepArgs {
    #[command(flatten)]
    sim: SimArgs,
    /// Comma-separated injection rates in flits/cycle/host.
    #[arg(long)]
    rates: Option<String>,
    /// Highest rate of an evenly spaced sweep (used when --rates is absent).
    #[arg(long, default_value_t = 0.2)]
    max_rate: f64,
    /// Number of points of an evenly spaced sweep.
    #[arg(long, default_value_t = 10)]
    points: usize,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Write the points as CSV.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Write the whole result as JSON (use - for stdout).
    #[arg(long)]
    json: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Compare routings on the same network: comma-separated ALGORITHM[:SELECT], e.g.
    /// updown,itb or updown:shortest,itb:min-itb. Prints the throughput factors.
    #[arg(long, value_delimiter = ',')]
    routings: Vec<String>,
    /// Draw latency versus accepted traffic (one curve per routing) into this SVG file.
    #[arg(long)]
    plot: Option<PathBuf>,
}

#[derive(Args)]
struct TopoArgs {
    /// irregular, mesh, torus or fattree (k-ary n-tree, seed 001 §2).
    kind: String,
    /// Fat-tree arity: a power of two in 2..=32 (default 2).
    #[arg(long)]
    k: Option<u32>,
    /// Fat-tree stages (default 3); k^n hosts, at most 65536.
    #[arg(long)]
    n: Option<u32>,
    /// Switches (irregular).
    #[arg(long, default_value_t = 16)]
    switches: usize,
    /// Dimensions (mesh/torus), e.g. 8x8.
    #[arg(long, default_value = "4x4")]
    dims: String,
    /// Hosts per switch.
    #[arg(long, default_value_t = 4)]
    hosts_per_switch: usize,
    /// Ports per switch (irregular).
    #[arg(long, default_value_t = 8)]
    ports: usize,
    /// Seed (irregular).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (default: stdout).
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
}

#[derive(Args)]
struct RoutesArgs {
    /// Topology JSON file.
    #[arg(long)]
    topology_file: Option<PathBuf>,
    /// Or generate: irregular, mesh, torus, fattree.
    #[arg(long, default_value = "irregular")]
    topology: String,
    /// Fat-tree arity: a power of two in 2..=16 for routing (default 2).
    #[arg(long)]
    k: Option<u32>,
    /// Fat-tree stages (default 3).
    #[arg(long)]
    n: Option<u32>,
    #[arg(long, default_value_t = 16)]
    switches: usize,
    #[arg(long, default_value = "4x4")]
    dims: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// updown, itb, dor; on fat-trees also fir-det (deterministic FIR, seed 001 §4.1, the
    /// default there) or ir-adaptive (adaptive IR, §3.1). Default: updown, fir-det on fat-trees.
    #[arg(long)]
    routing: Option<String>,
    /// Fat-tree routings: print the FI/LI/MR/RRR registers of every port of every switch
    /// (--json always includes them).
    #[arg(long)]
    registers: bool,
    /// Path selection: balanced or shortest (updown, default balanced); random or min-itb (itb,
    /// default random).
    #[arg(long)]
    select: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct BenchArgs {
    /// Multiply the simulated cycles (e.g. 0.1 for a quick look).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Only scenarios whose name contains this.
    #[arg(long)]
    only: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

fn load_config(a: &SimArgs) -> Result<Config> {
    let mut overrides = a.set.clone();
    if let Some(s) = a.seed {
        overrides.push(format!("seed={s}"));
    }
    if let Some(c) = a.cycles {
        overrides.push(format!("cycles={c}"));
        // keep the default warm-up proportion when only the length changes
        if !a.set.iter().any(|s| s.trim_start().starts_with("warmup")) {
            overrides.push(format!("warmup={}", c / 10));
        }
    }
    if let Some(f) = &a.topology_file {
        overrides.push("topology.kind=\"file\"".into());
        overrides.push(format!("topology.file={:?}", f.display().to_string()));
    }
    match &a.config {
        Some(p) => Config::load(p, &overrides),
        None => Config::from_toml(flitwave::experiment::config::DEFAULT_TOML, &overrides),
    }
}

pub(crate) fn parse_window(s: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::field(
            "--vcd-window",
            format!("{s:?}: expected START..END with START < END, e.g. 1000..3000"),
        )
    };
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let b: u64 = b.trim().parse().map_err(|_| bad())?;
    if a >= b {
        return Err(bad());
    }
    Ok((a, b))
}

fn cmd_run(a: RunArgs) -> Result<()> {
    let cfg = load_config(&a.sim)?;
    if a.print_config {
        print!(
            "{}",
            toml::to_string(&cfg).map_err(|e| Error::new(e.to_string()))?
        );
        return Ok(());
    }
    let b = build::build(&cfg)?;
    let mut net = b.network;
    if let Some(sw) = a.rtl_switch {
        flitwave::hdl::insitu::attach(&mut net, sw)?;
    }
    let window = a.vcd_window.as_deref().map(parse_window).transpose()?;
    if a.vcd.is_none() && (window.is_some() || !a.vcd_scope.is_empty()) {
        return Err(Error::new("--vcd-scope and --vcd-window need --vcd FILE"));
    }
    let t0 = std::time::Instant::now();
    if let Some(path) = &a.vcd {
        let tc = TraceConfig {
            scopes: a.vcd_scope.clone(),
            window,
            period_ps: (cfg.link.clock_ns * 1000.0).round() as u64,
        };
        let mut tr = Tracer::create_file(path, "network", &net, tc)?;
        let end = window.map(|w| w.1.min(cfg.cycles)).unwrap_or(cfg.cycles);
        net.run_with(end, |n| tr.sample(n.now() - 1, n))?;
        tr.finish()?;
        net.run(cfg.cycles - net.now().min(cfg.cycles));
        eprintln!("waveform written to {}", path.display());
    } else {
        net.run(cfg.cycles);
    }
    let secs = t0.elapsed().as_secs_f64();
    let s = net.summary();
    let tallies = flitwave::hdl::insitu::report(&net);
    let twins_ok = tallies.iter().all(|t| t.mismatches == 0);
    if !tallies.is_empty() {
        let calls: u64 = tallies.iter().map(|t| t.calls).sum();
        let bad: u64 = tallies.iter().map(|t| t.mismatches).sum();
        eprintln!(
            "rtl twins        {} in place, {calls} cycles/grants compared with their models, {bad} disagreements",
            tallies.len()
        );
        if let Some(f) = tallies.iter().find_map(|t| t.first.as_ref()) {
            eprintln!("  first: {f}");
        }
    }
    if let (Some(path), Some(_)) = (&a.vcd_on_deadlock, &s.deadlock) {
        // replay up to the detection cycle with the window traced: same config, same seed
        let end = net.now();
        let start = end.saturating_sub(a.deadlock_window + cfg.watchdog_cycles);
        let mut replay = build::build(&cfg)?.network;
        if let Some(sw) = a.rtl_switch {
            flitwave::hdl::insitu::attach(&mut replay, sw)?;
        }
        let tc = TraceConfig {
            scopes: a.vcd_scope.clone(),
            window: Some((start, end)),
            period_ps: (cfg.link.clock_ns * 1000.0).round() as u64,
        };
        let mut tr = Tracer::create_file(path, "network", &replay, tc)?;
        replay.run_with(end, |n| tr.sample(n.now() - 1, n))?;
        tr.finish()?;
        eprintln!(
            "deadlock waveform (cycles {start}..{end}) written to {}",
            path.display()
        );
    }
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&s).map_err(|e| Error::new(e.to_string()))?
        );
    } else {
        println!(
            "flitwave run: {:?} topology, {:?} routing ({}), {} traffic, {}-byte messages, seed {}",
            cfg.topology.kind,
            cfg.routing.algorithm,
            cfg.routing.select_name(),
            cfg.traffic.pattern,
            cfg.traffic.message_bytes,
            cfg.seed
        );
        print!("{}", s.report());
        println!(
            "{}",
            flitwave::stats::speed_line(secs, s.switches, s.cycles)
        );
    }
    if !s.healthy() {
        return Err(Error::new(
            "the run violated an invariant or deadlocked (see above)",
        ));
    }
    if !twins_ok {
        return Err(Error::new(
            "an RTL twin disagreed with its model (see above)",
        ));
    }
    Ok(())
}

fn main() {
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Run(a) => cmd_run(a),
        Cmd::Sweep(a) => cli::tools::cmd_sweep(a),
        Cmd::Topology(a) => cli::tools::cmd_topology(a),
        Cmd::Routes(a) => cli::tools::cmd_routes(a),
        Cmd::Trace(c) => cli::trace::cmd_trace(c),
        Cmd::Bench(a) => cli::tools::cmd_bench(a),
        Cmd::Reproduce(a) => cli::reproduce::cmd_reproduce(a),
        Cmd::Rtl(c) => cli::rtl::cmd_rtl(c),
        Cmd::Fattree(a) => cli::fattree::cmd_fattree(a),
    };
    if let Err(e) = r {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
