//! The flitwave command line: run, sweep, topology, routes, bench.

use clap::{Args, Parser, Subcommand};
use flitwave::experiment::config::Config;
use flitwave::experiment::{bench, build, plot, reproduce, sweep};
use flitwave::routing::{deadlock, dor, itb, stats::RouteStats, updown};
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::topology::{irregular, json, mesh, Topology};
use flitwave::{Error, Result};
use std::path::{Path, PathBuf};

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
    /// Compute routes and print their statistics (hops, channel load, deadlock check).
    Routes(RoutesArgs),
    /// Measure simulation speed (switch-cycles/s, delivered flits/s).
    Bench(BenchArgs),
    /// Reproduce a paper's evaluation (itb: seed 000, Tables 1-9 and Figures 6-9).
    Reproduce(ReproArgs),
}

#[derive(Args)]
struct ReproArgs {
    /// Which paper: itb (seed 000, in-transit buffers versus up*/down*).
    paper: String,
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
    /// irregular, mesh or torus.
    kind: String,
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
    /// Or generate: irregular, mesh, torus.
    #[arg(long, default_value = "irregular")]
    topology: String,
    #[arg(long, default_value_t = 16)]
    switches: usize,
    #[arg(long, default_value = "4x4")]
    dims: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// updown, itb or dor.
    #[arg(long, default_value = "updown")]
    routing: String,
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

fn parse_window(s: &str) -> Result<(u64, u64)> {
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
    if let (Some(path), Some(_)) = (&a.vcd_on_deadlock, &s.deadlock) {
        // replay up to the detection cycle with the window traced: same config, same seed
        let end = net.now();
        let start = end.saturating_sub(a.deadlock_window + cfg.watchdog_cycles);
        let mut replay = build::build(&cfg)?.network;
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
            "speed            {:.2} s wall, {:.2} M switch-cycles/s",
            secs,
            s.switches as f64 * s.cycles as f64 / secs.max(1e-9) / 1e6
        );
    }
    if !s.healthy() {
        return Err(Error::new(
            "the run violated an invariant or deadlocked (see above)",
        ));
    }
    Ok(())
}

fn cmd_sweep(a: SweepArgs) -> Result<()> {
    let cfg = load_config(&a.sim)?;
    let rates = match &a.rates {
        Some(r) => sweep::parse_rates(r)?,
        None => {
            if !(a.max_rate > 0.0 && a.max_rate <= 1.0) {
                return Err(Error::field(
                    "--max-rate",
                    format!("{} is out of range, allowed (0, 1]", a.max_rate),
                ));
            }
            if a.points == 0 || a.points > 1000 {
                return Err(Error::field(
                    "--points",
                    format!("{} is out of range, allowed 1..=1000", a.points),
                ));
            }
            sweep::linear_rates(a.max_rate, a.points)
        }
    };
    if a.routings.is_empty() {
        let r = sweep::run(&cfg, &rates, a.threads, !a.quiet)?;
        if let Some(p) = &a.plot {
            let c = plot::sweep_curve(&r.label, &r);
            plot::latency_vs_traffic(p, &r.label, &[c])?;
        }
        if let Some(p) = &a.csv {
            write_file(p, &r.to_csv())?;
        }
        return emit_json(a.json.as_deref(), &r, &r.report());
    }
    // one sweep per routing, same topology, traffic and rates
    let mut results = Vec::new();
    for spec in &a.routings {
        let (alg, sel) = match spec.split_once(':') {
            Some((x, y)) => (x, Some(y)),
            None => (spec.as_str(), None),
        };
        let mut over = vec![format!("routing.algorithm={alg:?}")];
        if let Some(s) = sel {
            over.push(format!("routing.select={s:?}"));
        }
        let mut base = toml::Table::try_from(&cfg).map_err(|e| Error::new(e.to_string()))?;
        if sel.is_none() {
            if let Some(toml::Value::Table(r)) = base.get_mut("routing") {
                r.remove("select");
            }
        }
        let text = toml::to_string(&base).map_err(|e| Error::new(e.to_string()))?;
        let c =
            Config::from_toml(&text, &over).map_err(|e| e.context(format!("--routings {spec}")))?;
        results.push((spec.clone(), sweep::run(&c, &rates, a.threads, !a.quiet)?));
    }
    let mut report = String::new();
    for (_, r) in &results {
        report += &r.report();
    }
    let base = results[0].1.throughput_flits_per_ns_per_switch;
    for (spec, r) in &results[1..] {
        report += &format!(
            "throughput factor {spec}/{}: {:.2}\n",
            results[0].0,
            r.throughput_flits_per_ns_per_switch / base.max(1e-12)
        );
    }
    if let Some(p) = &a.plot {
        let curves: Vec<_> = results
            .iter()
            .map(|(s, r)| plot::sweep_curve(s, r))
            .collect();
        let title = format!(
            "{} switches, {} traffic, {} B messages",
            results[0].1.points[0].summary.switches, cfg.traffic.pattern, cfg.traffic.message_bytes
        );
        plot::latency_vs_traffic(p, &title, &curves)?;
    }
    if let Some(p) = &a.csv {
        let mut text = String::new();
        for (i, (spec, r)) in results.iter().enumerate() {
            for (j, line) in r.to_csv().lines().enumerate() {
                if j == 0 && i > 0 {
                    continue;
                }
                text += &if j == 0 {
                    format!("routing,{line}\n")
                } else {
                    format!("{spec},{line}\n")
                };
            }
        }
        write_file(p, &text)?;
    }
    let all: Vec<_> = results
        .iter()
        .map(|(s, r)| serde_json::json!({"routing": s, "result": r}))
        .collect();
    emit_json(a.json.as_deref(), &all, &report)
}

fn emit_json<T: serde::Serialize>(json: Option<&Path>, v: &T, report: &str) -> Result<()> {
    let text = || serde_json::to_string_pretty(v).map_err(|e| Error::new(e.to_string()));
    match json {
        Some(p) if p == Path::new("-") => println!("{}", text()?),
        Some(p) => {
            write_file(p, &text()?)?;
            print!("{report}");
        }
        None => print!("{report}"),
    }
    Ok(())
}

fn write_file(p: &Path, text: &str) -> Result<()> {
    if let Some(d) = p.parent() {
        if !d.as_os_str().is_empty() {
            std::fs::create_dir_all(d)?;
        }
    }
    std::fs::write(p, text).map_err(|e| Error::new(format!("cannot write {}: {e}", p.display())))
}

fn make_topology(
    kind: &str,
    switches: usize,
    dims: &str,
    hps: usize,
    ports: usize,
    seed: u64,
) -> Result<Topology> {
    match kind {
        "irregular" => irregular::generate(switches, hps, ports, seed),
        "mesh" => mesh::mesh(mesh::parse_dims(dims)?, hps),
        "torus" => mesh::torus(mesh::parse_dims(dims)?, hps),
        other => Err(Error::field(
            "topology",
            format!("{other:?} is unknown, allowed: irregular, mesh, torus"),
        )),
    }
}

fn cmd_topology(a: TopoArgs) -> Result<()> {
    let t = make_topology(
        &a.kind,
        a.switches,
        &a.dims,
        a.hosts_per_switch,
        a.ports,
        a.seed,
    )?;
    match &a.output {
        Some(p) => {
            json::save(&t, p)?;
            eprintln!(
                "{} switches, {} hosts, {} links written to {}",
                t.switches,
                t.num_hosts(),
                t.links.len(),
                p.display()
            );
        }
        None => println!("{}", json::to_json(&t)),
    }
    Ok(())
}

fn cmd_routes(a: RoutesArgs) -> Result<()> {
    let topo = match &a.topology_file {
        Some(f) => json::load(f)?,
        None => make_topology(&a.topology, a.switches, &a.dims, 4, 8, a.seed)?,
    };
    let routes = match a.routing.as_str() {
        "updown" => {
            let sel = updown::Select::parse(a.select.as_deref().unwrap_or("balanced"))?;
            updown::routes(&topo, sel, a.seed)?
        }
        "itb" => {
            let sel = itb::ItbSelect::parse(a.select.as_deref().unwrap_or("random"))?;
            itb::routes(&topo, sel, a.seed)?
        }
        "dor" => dor::routes(&topo)?,
        other => {
            return Err(Error::field(
                "--routing",
                format!("{other:?} is unknown, allowed: updown, itb, dor"),
            ))
        }
    };
    let st = RouteStats::compute(&topo, &routes);
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&st.to_json()).map_err(|e| Error::new(e.to_string()))?
        );
    } else {
        println!("{st}");
        println!("deadlock check: {}", deadlock::check(&topo, &routes));
    }
    Ok(())
}

fn cmd_bench(a: BenchArgs) -> Result<()> {
    if !(a.scale > 0.0 && a.scale <= 100.0) {
        return Err(Error::field(
            "--scale",
            format!("{} is out of range, allowed (0, 100]", a.scale),
        ));
    }
    let mut out = Vec::new();
    for s in bench::scenarios(a.scale) {
        if let Some(o) = &a.only {
            if !s.name.contains(o.as_str()) {
                continue;
            }
        }
        let r = bench::run_one(&s)?;
        if !a.json {
            println!(
                "{:<36} {:>4} sw {:>8} cycles {:>7.2} s  {:>7.2} M switch-cycles/s  {:>7.2} M flits/s  ({:.1} ns/switch-cycle, accepted {:.3} flits/cycle/host)",
                r.name,
                r.switches,
                r.cycles,
                r.seconds,
                r.switch_cycles_per_sec / 1e6,
                r.delivered_flits_per_sec / 1e6,
                r.ns_per_switch_cycle,
                r.accepted_flits_per_cycle_per_host
            );
        }
        out.push(r);
    }
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| Error::new(e.to_string()))?
        );
    }
    Ok(())
}

fn cmd_reproduce(a: ReproArgs) -> Result<()> {
    if a.paper != "itb" {
        return Err(Error::field(
            "paper",
            format!("{:?} is unknown, allowed: itb", a.paper),
        ));
    }
    let mut o = if a.full {
        reproduce::Options::full()
    } else {
        reproduce::Options::reduced()
    };
    if let Some(t) = a.topologies {
        if t == 0 || t > 100 {
            return Err(Error::field(
                "--topologies",
                format!("{t} is out of range, allowed 1..=100"),
            ));
        }
        o.topologies = t;
    }
    if let Some(c) = a.cycles {
        if !(2000..=100_000_000).contains(&c) {
            return Err(Error::field(
                "--cycles",
                format!("{c} is out of range, allowed 2000..=100000000"),
            ));
        }
        o.cycles = c;
    }
    if !a.patterns.is_empty() {
        o.patterns = a.patterns.clone();
    }
    if !a.sizes.is_empty() {
        o.sizes = a.sizes.clone();
    }
    if !a.bytes.is_empty() {
        o.message_bytes = a.bytes.clone();
    }
    itb::ItbSelect::parse(&a.select).map_err(|e| e.context("--select"))?;
    o.itb_select = a.select.clone();
    o.threads = a.threads;
    o.progress = !a.quiet;
    let t0 = std::time::Instant::now();
    let cases = reproduce::run(&o)?;
    let mut md = format!(
        "Generated by `flitwave reproduce itb` ({} topologies per size, {} cycles per point, ITB selection {}), {:.0} s.\n\n",
        o.topologies,
        o.cycles,
        o.itb_select,
        t0.elapsed().as_secs_f64()
    );
    md += &reproduce::tables_markdown(&cases);
    md += "### In-transit hosts per message and spills\n\n";
    md += &reproduce::itb_usage_markdown(&cases);
    write_file(&a.out.join("itb_tables.md"), &md)?;
    write_file(
        &a.out.join("itb_raw.json"),
        &serde_json::to_string_pretty(&cases).map_err(|e| Error::new(e.to_string()))?,
    )?;
    // Figures 6-9: 512-byte messages, the first topology of 16, 32 and 64 switches
    for (fig, pat) in [
        (6, "uniform"),
        (7, "bit-reversal"),
        (8, "local5"),
        (9, "hot-spot"),
    ] {
        for sw in [16usize, 32, 64] {
            let Some(c) = cases.iter().find(|c| {
                c.pattern == pat
                    && c.switches == sw
                    && c.message_bytes == 512
                    && c.topology_seed == 1
            }) else {
                continue;
            };
            let curve = |label: &str, pts: &[reproduce::Point]| {
                let mut points = Vec::new();
                for p in pts {
                    if let Some(l) = p.latency_ns {
                        points.push((p.accepted_flits_per_ns_per_switch, l));
                    }
                    if p.saturated {
                        break;
                    }
                }
                plot::Curve {
                    label: label.into(),
                    points,
                }
            };
            plot::latency_vs_traffic(
                &a.out.join(format!("fig{fig}_{pat}_{sw}sw.svg")),
                &format!("Figure {fig}: {sw} switches, {pat}, 512-byte messages (topology 1)"),
                &[curve("UD", &c.ud_points), curve("ITB", &c.itb_points)],
            )?;
        }
    }
    print!("{md}");
    if cases.iter().any(|c| !c.healthy) {
        return Err(Error::new(
            "some simulation violated an invariant or deadlocked (see itb_raw.json)",
        ));
    }
    Ok(())
}

fn main() {
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Run(a) => cmd_run(a),
        Cmd::Sweep(a) => cmd_sweep(a),
        Cmd::Topology(a) => cmd_topology(a),
        Cmd::Routes(a) => cmd_routes(a),
        Cmd::Bench(a) => cmd_bench(a),
        Cmd::Reproduce(a) => cmd_reproduce(a),
    };
    if let Err(e) = r {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
