//! `flitwave reproduce speculative`: seed 002's Figures 4 and 5 — throughput and latency
//! against offered load under hot-spot traffic on the 16×16 mesh with Opt-y — for the
//! speculative selection (SSR, two-hop) under both readings of its D (`routing.ssr_d`), its
//! one-hop variant, and the oblivious straight selection with the exchange running (the primary
//! baseline: it pays the same stolen link cycles) and without it. Sources keep a queue per
//! destination (`traffic.source_queues = "per-destination"`), so a saturated hot spot does not
//! cap every other flow at the source; a FIFO source is shown beside. Also: how the result
//! depends on the hot-spot share (2, 5 and 10 %; the paper does not give it), uniform,
//! transpose and bit-reversal traffic, and the VC buffer depth (not given either). The setup is
//! `configs/speculative.toml`.

pub mod command;
pub mod report;

use crate::error::Result;
use crate::experiment::config::Config;
use crate::experiment::sweep::Runner;

/// The seed-002 preset.
pub const PRESET: &str = include_str!("../../../configs/speculative.toml");

/// One series of Figures 4–5: label, selection, exchange hops, reading of D.
pub type Series = (&'static str, &'static str, u8, &'static str);

/// The series of Figures 4–5; the first is the primary baseline.
pub const SERIES: [Series; 5] = [
    ("straight + exchange", "straight", 2, "same-dimension"),
    ("straight", "straight", 0, "same-dimension"),
    ("SSR 2-hop", "ssr", 2, "same-dimension"),
    ("SSR 2-hop, D = turn", "ssr", 2, "turn"),
    ("SSR 1-hop", "ssr-1hop", 1, "same-dimension"),
];

/// The source queue disciplines: the one every series runs with, and the one shown beside.
pub const SOURCES: [&str; 2] = ["per-destination", "fifo"];

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub cycles: u64,
    pub warmup: u64,
    /// Offered loads of the figures (flits/cycle/host).
    pub loads: Vec<f64>,
    /// Hot-spot share of the figures (%), and the shares of the sensitivity table.
    pub share: u32,
    pub shares: Vec<u32>,
    /// Loads of the FIFO-source rows (at the figures' share).
    pub fifo_loads: Vec<f64>,
    /// Other patterns (one row each at every load of `pattern_loads`).
    pub patterns: Vec<&'static str>,
    pub pattern_loads: Vec<f64>,
    /// VC buffer depths (flits) besides the preset's, at the figures' share and `depth_loads`.
    pub depths: Vec<u32>,
    pub depth_loads: Vec<f64>,
    /// Replicates of the figures' curves (the hot-spot share, per-destination sources, the
    /// preset's buffers): seeds `1..=seeds`; everything else runs on the preset's seed 1.
    pub seeds: usize,
    pub threads: Option<usize>,
    /// A progress bar on a terminal.
    pub progress: bool,
}

impl Options {
    /// 20,000 cycles per point (4,000 warm-up).
    pub fn reduced() -> Self {
        Options {
            cycles: 20_000,
            warmup: 4_000,
            loads: (1..=12).map(|i| i as f64 * 0.01).collect(),
            share: 10,
            shares: vec![0, 2, 5, 10],
            fifo_loads: vec![0.04, 0.08, 0.12],
            patterns: vec!["uniform", "transpose", "bit-reversal"],
            pattern_loads: vec![0.05, 0.1, 0.15, 0.2, 0.3],
            depths: vec![8, 20],
            depth_loads: vec![0.03, 0.04, 0.05, 0.08, 0.1],
            seeds: 1,
            threads: None,
            progress: false,
        }
    }

    /// 100,000 cycles per point (10,000 warm-up) and a finer load grid.
    pub fn full() -> Self {
        Options {
            cycles: 100_000,
            warmup: 10_000,
            loads: (1..=24).map(|i| i as f64 * 0.005).collect(),
            ..Self::reduced()
        }
    }
}

/// One simulated point.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Point {
    pub series: &'static str,
    /// `traffic.source_queues`.
    pub source: &'static str,
    pub pattern: String,
    /// VC buffer depth, flits (`switch.vc_buffer_flits`).
    pub buffer_flits: u32,
    pub load: f64,
    /// Accepted traffic, flits/cycle/host.
    pub accepted: f64,
    /// Average message latency, cycles (None when nothing was measured).
    pub latency: Option<f64>,
    pub saturated: bool,
    pub healthy: bool,
    /// Input-VC cycles the exchange held back (its stolen link cycles).
    pub halted: u64,
    /// Packets generated and delivered in the measurement window (the saturation criterion).
    pub generated: u64,
    pub delivered: u64,
    /// The bound of Opt-y's minimal paths split evenly under the pattern, and what no minimal
    /// routing exceeds (flits/cycle/host; routing::bound).
    pub bound: Option<(f64, Option<f64>)>,
    /// The run's seed (`seed`).
    pub seed: u64,
}

impl Point {
    /// The saturation criterion's view of the point.
    pub fn load(&self) -> crate::stats::saturation::Load {
        crate::stats::saturation::Load {
            rate: self.load,
            accepted: self.accepted,
            latency: self.latency,
            generated: self.generated,
            delivered: self.delivered,
            flagged: self.saturated,
        }
    }
}

/// The hot-spot pattern with `share` % of the messages to the centre node.
pub fn hot_spot(c: &Config, share: u32) -> String {
    let dims = crate::topology::mesh::parse_dims(&c.topology.dims).unwrap_or([16, 16]);
    let centre = dims[0] / 2 + dims[1] / 2 * dims[0];
    let h = centre * c.topology.hosts_per_switch;
    if share == 0 {
        "uniform".into()
    } else {
        format!("hot-spot:{share}@{h}")
    }
}

/// The preset's VC buffer depth, flits.
pub fn preset_depth() -> u32 {
    Config::from_toml(PRESET, &[]).map_or(4, |c| c.switch.vc.vc_buffer_flits)
}

/// The preset for `series` under `pattern` with VC buffers of `depth` flits and `source`
/// queues.
pub fn config(
    o: &Options,
    series: Series,
    pattern: &str,
    depth: u32,
    source: &str,
) -> Result<Config> {
    let mut c = Config::from_toml(PRESET, &[])?;
    c.switch.vc.vc_buffer_flits = depth;
    c.routing.selection = series.1.into();
    c.routing.ssr.ssr_d = series.3.into();
    c.exchange.hops = Some(series.2);
    c.traffic.pattern = pattern.into();
    c.traffic.source_queues = source.into();
    c.cycles = o.cycles;
    c.warmup = o.warmup;
    c.validate()?;
    Ok(c)
}

/// One simulation to run: the series, the pattern, the VC buffer depth, the load, the source
/// queues and the seed.
type Job = (Series, String, u32, f64, &'static str, u64);

/// Every point: the figures' loads at the figures' share, the sensitivity table's shares at
/// its loads, the other patterns, and the other buffer depths.
pub fn run(o: &Options) -> Result<Vec<Point>> {
    let base = Config::from_toml(PRESET, &[])?;
    let d0 = base.switch.vc.vc_buffer_flits;
    let mut jobs: Vec<Job> = vec![];
    let voq = SOURCES[0];
    let seed = base.seed;
    for s in SERIES {
        for r in 0..o.seeds.max(1) as u64 {
            for &l in &o.loads {
                jobs.push((s, hot_spot(&base, o.share), d0, l, voq, seed + r));
            }
        }
        for &l in &o.fifo_loads {
            jobs.push((s, hot_spot(&base, o.share), d0, l, SOURCES[1], seed));
        }
        for &share in o.shares.iter().filter(|&&x| x != o.share) {
            for &l in &o.pattern_loads {
                jobs.push((s, hot_spot(&base, share), d0, l, voq, seed));
            }
        }
        for &d in o.depths.iter().filter(|&&d| d != d0) {
            for &l in &o.depth_loads {
                jobs.push((s, hot_spot(&base, o.share), d, l, voq, seed));
            }
        }
        for p in o.patterns.iter().filter(|p| {
            // a share of 0 is uniform traffic already
            !o.shares.iter().any(|&x| hot_spot(&base, x) == **p)
        }) {
            for &l in &o.pattern_loads {
                jobs.push((s, p.to_string(), d0, l, voq, seed));
            }
        }
    }
    // the bound of every pattern (Opt-y's minimal paths; the selection does not change it)
    let mut bounds: std::collections::HashMap<String, Option<(f64, Option<f64>)>> =
        Default::default();
    for (_, pat, _, _, _, _) in &jobs {
        if !bounds.contains_key(pat) {
            let c = config(o, SERIES[0], pat, d0, voq)?;
            let topo = crate::experiment::build::topology(&c)?;
            let b = crate::experiment::build::throughput_bounds(
                &c,
                &topo,
                &crate::experiment::build::plan(&c, &topo)?,
            )?;
            bounds.insert(pat.clone(), b.map(|(b, l)| (b.rate, l.map(|l| l.rate))));
        }
    }
    let point_config = |(s, pattern, depth, _, source, seed): &Job| {
        let mut c = config(o, *s, pattern, *depth, source)?;
        c.seed = *seed;
        Ok::<_, crate::Error>(c)
    };
    crate::reproduce::jobs::run_all(
        &jobs,
        o.threads,
        o.progress,
        "points",
        |j| Ok(vec![point_config(j)?]),
        |j| {
            let (s, pattern, depth, load, source, seed) = j;
            let run = Runner::new(point_config(j)?)?;
            let sum = run.point(*load)?.summary;
            let halted = match &sum.section {
                crate::fabric::registry::Section::Vc(v) => {
                    v.exchange.as_ref().map_or(0, |x| x.halted)
                }
                _ => 0,
            };
            Ok(Point {
                series: s.0,
                source,
                pattern: pattern.clone(),
                buffer_flits: *depth,
                load: *load,
                accepted: sum.accepted_flits_per_cycle_per_host,
                latency: sum.latency.map(|l| l.cycles),
                saturated: sum.saturated,
                healthy: sum.healthy(),
                halted,
                generated: sum.window_generated_packets,
                delivered: sum.window_delivered_packets,
                bound: bounds[pattern],
                seed: *seed,
            })
        },
    )
}

/// The points of `series` under `pattern` with the preset's buffers, in load order.
pub fn curve<'a>(pts: &'a [Point], series: &str, pattern: &str) -> Vec<&'a Point> {
    curve_at(pts, series, pattern, preset_depth())
}

/// The points of `series` under `pattern` with VC buffers of `depth` flits and per-destination
/// sources, in load order.
pub fn curve_at<'a>(pts: &'a [Point], series: &str, pattern: &str, depth: u32) -> Vec<&'a Point> {
    curve_src(pts, series, pattern, depth, SOURCES[0])
}

/// The points of `series` under `pattern` with VC buffers of `depth` flits and `source`
/// queues, in load order.
pub fn curve_src<'a>(
    pts: &'a [Point],
    series: &str,
    pattern: &str,
    depth: u32,
    source: &str,
) -> Vec<&'a Point> {
    let mut v: Vec<&Point> = pts
        .iter()
        .filter(|p| {
            p.series == series
                && p.pattern == pattern
                && p.buffer_flits == depth
                && p.source == source
        })
        .collect();
    v.sort_by(|a, b| a.load.total_cmp(&b.load));
    v
}
