//! Load sweeps of any switch family: the same network at several injection rates, in parallel
//! across cores, with a deterministic result (every point uses the configuration's seed; the
//! thread count changes nothing); or a saturation search. Throughput is the maximum accepted
//! traffic found (seed 000 §4.6, footnote 4).

use super::build;
use super::config::Config;
use crate::error::{Error, Result};
use crate::fabric::Summary;
use crate::routing::registry::Plan;
use crate::stats::number::{decimal, fmt_num};
use crate::stats::saturation::{Saturation, SATURATION_THROUGHPUT};
use crate::topology::Topology;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;

/// One point of a sweep.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SweepPoint {
    /// Offered load, payload flits per cycle per host.
    pub rate: f64,
    /// The network did not accept the offered load ([`Summary::saturated`]).
    pub saturated: bool,
    pub summary: Summary,
}

/// A whole sweep.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SweepResult {
    pub label: String,
    pub points: Vec<SweepPoint>,
    /// Maximum accepted traffic over the sweep, flits/ns/switch.
    pub throughput_flits_per_ns_per_switch: f64,
    /// The same in flits/cycle/switch.
    pub throughput_flits_per_cycle_per_switch: f64,
    /// Rate at which the maximum was found.
    pub throughput_at_rate: f64,
    /// Lowest rate whose point is saturated ([`Summary::saturated`]), if any.
    pub saturation_rate: Option<f64>,
    /// Saturation throughput by the one criterion of every curve ([`Saturation`],
    /// docs/statistics.md), flits/cycle/host, beside the highest accepted traffic.
    pub saturation: Saturation,
    /// Every point healthy (conservation, no overflow, no deadlock).
    pub all_healthy: bool,
}

/// A progress bar on stderr over `len` items (hidden when `show` is false or stderr is not a
/// terminal).
pub fn progress_bar(len: usize, what: &str, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(len as u64);
    let t = format!("{{spinner}} {{bar:40}} {{pos}}/{{len}} {what}  {{elapsed}} (eta {{eta}})");
    pb.set_style(ProgressStyle::with_template(&t).unwrap_or_else(|_| ProgressStyle::default_bar()));
    pb
}

/// Most worker threads a command may start.
pub const MAX_THREADS: usize = 1024;

/// A rayon pool of `threads` workers (None = one per core).
pub fn worker_pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    if let Some(t) = threads.filter(|&t| !(1..=MAX_THREADS).contains(&t)) {
        return Err(Error::field(
            "--threads",
            format!("{t} is out of range, allowed 1..={MAX_THREADS}"),
        ));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::new(format!("cannot start worker threads: {e}")))
}

/// `n` evenly spaced rates from `max/n` to `max`, as decimals (0.05, not 0.049999999999999996).
pub fn linear_rates(max: f64, n: usize) -> Vec<f64> {
    (1..=n)
        .map(|i| decimal(max * i as f64 / n as f64))
        .collect()
}

/// The saturation search: the rate doubles from `start` (up to 1, full load) until a point
/// saturates, then three bisection steps refine the knee. `point(rate)` runs (or looks up) a
/// point and says whether it saturated. Returns the rates run in rate order, the highest
/// unsaturated rate and the lowest saturated one.
pub fn search_rates(
    start: f64,
    mut point: impl FnMut(f64) -> Result<bool>,
) -> Result<(Vec<f64>, f64, Option<f64>)> {
    let mut rates = Vec::new();
    let (mut lo, mut hi) = (0.0, None);
    let mut r = start;
    while r <= 1.0 {
        rates.push(r);
        if point(r)? {
            hi = Some(r);
            break;
        }
        lo = r;
        // the last doubling stops at full load
        r = if r < 1.0 { (r * 2.0).min(1.0) } else { 2.0 };
    }
    if let Some(mut h) = hi {
        for _ in 0..3 {
            let mid = (lo + h) / 2.0;
            rates.push(mid);
            if point(mid)? {
                h = mid;
            } else {
                lo = mid;
            }
        }
        hi = Some(h);
    }
    rates.sort_by(f64::total_cmp);
    Ok((rates, lo, hi))
}

/// Parse "0.01,0.02,0.05".
pub fn parse_rates(s: &str) -> Result<Vec<f64>> {
    let mut v = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let r: f64 = part
            .parse()
            .map_err(|_| Error::field("--rates", format!("{part:?} is not a number")))?;
        if !(0.0..=1.0).contains(&r) {
            return Err(Error::field(
                "--rates",
                format!("{r} is out of range, allowed 0..=1 flits/cycle/host"),
            ));
        }
        v.push(r);
    }
    if v.is_empty() {
        return Err(Error::field("--rates", "no rate given"));
    }
    Ok(v)
}

/// One network configuration, topology and routing plan computed once, simulated at any rate.
pub struct Runner {
    pub cfg: Config,
    pub topo: Topology,
    pub plan: Plan,
}

impl Runner {
    /// Topology and routing of `cfg`.
    pub fn new(cfg: Config) -> Result<Self> {
        let topo = build::topology(&cfg)?;
        let plan = build::plan(&cfg, &topo)?;
        Ok(Runner { cfg, topo, plan })
    }

    /// One run at `rate` for `cycles` cycles, `warmup` of them not measured.
    pub fn point_with(&self, rate: f64, cycles: u64, warmup: u64) -> Result<Summary> {
        let mut c = self.cfg.clone();
        c.traffic.rate = rate;
        c.cycles = cycles;
        c.warmup = warmup;
        let mut net = build::network_with(&c, &self.topo, &self.plan)?;
        Ok(with_network!(&mut net, n => {
            n.run(cycles);
            n.summary()
        }))
    }

    /// One run at `rate` with the configuration's length.
    pub fn point(&self, rate: f64) -> Result<SweepPoint> {
        let summary = self.point_with(rate, self.cfg.cycles, self.cfg.warmup)?;
        Ok(SweepPoint {
            rate,
            saturated: summary.saturated,
            summary,
        })
    }

    /// Saturation search ([`search_rates`] from `start`). Returns the points in rate order and
    /// the highest unsaturated rate.
    pub fn search(&self, start: f64) -> Result<(Vec<SweepPoint>, f64)> {
        let mut pts = Vec::new();
        // the one criterion (stats::saturation): the first point, at `start`, gives the
        // zero-load latency the others are held to
        let mut zero = None;
        let (_, lo, _) = search_rates(start, |r| {
            let p = self.point(r)?;
            let l = p.summary.load(r);
            let z = *zero.get_or_insert(l.latency.unwrap_or(f64::INFINITY));
            let sat = l.saturated(z);
            pts.push(p);
            Ok(sat)
        })?;
        pts.sort_by(|a, b| a.rate.total_cmp(&b.rate));
        Ok((pts, lo))
    }

    /// What the sweep's label says ([`label`]).
    pub fn label(&self) -> String {
        label(&self.cfg, self.topo.switches)
    }
}

/// What a sweep's label says: topology, family, routing, selection, traffic.
pub fn label(c: &Config, switches: usize) -> String {
    format!(
        "{:?} {} switches, {} {}/{}/{}, {}, {} B",
        c.topology.kind,
        switches,
        c.switch.family,
        c.routing.algorithm,
        c.routing.paths_name(),
        c.routing.selection,
        c.traffic.pattern,
        c.traffic.message_bytes
    )
}

/// Run the sweep on `threads` threads (None = all cores), with a progress bar if `progress`.
pub fn run(
    cfg: &Config,
    rates: &[f64],
    threads: Option<usize>,
    progress: bool,
) -> Result<SweepResult> {
    let runner = Runner::new(cfg.clone())?;
    let pb = progress_bar(rates.len(), "points", progress);
    let one = |&rate: &f64| -> Result<SweepPoint> {
        let p = runner.point(rate);
        pb.inc(1);
        p
    };
    let pool = worker_pool(threads)?;
    let points: Vec<SweepPoint> =
        pool.install(|| rates.par_iter().map(one).collect::<Result<Vec<_>>>())?;
    pb.finish_and_clear();
    SweepResult::new(runner.label(), points)
}

/// The saturation search of `cfg` ([`Runner::search`] from 0.01 flits/cycle/host).
pub fn search(cfg: &Config) -> Result<SweepResult> {
    let runner = Runner::new(cfg.clone())?;
    let (points, _) = runner.search(0.01)?;
    SweepResult::new(runner.label(), points)
}

impl SweepResult {
    /// The result of `points`: throughput, saturation, health.
    pub fn new(label: String, points: Vec<SweepPoint>) -> Result<SweepResult> {
        let best = points
            .iter()
            .max_by(|a, b| {
                a.summary
                    .accepted_flits_per_ns_per_switch
                    .total_cmp(&b.summary.accepted_flits_per_ns_per_switch)
            })
            .ok_or_else(|| Error::new("sweep has no points"))?;
        Ok(SweepResult {
            label,
            throughput_flits_per_ns_per_switch: best.summary.accepted_flits_per_ns_per_switch,
            throughput_flits_per_cycle_per_switch: best.summary.accepted_flits_per_cycle_per_switch,
            throughput_at_rate: best.rate,
            saturation_rate: points.iter().find(|p| p.saturated).map(|p| p.rate),
            saturation: Saturation::of(
                &points
                    .iter()
                    .map(|p| p.summary.load(p.rate))
                    .collect::<Vec<_>>(),
            ),
            all_healthy: points.iter().all(|p| p.summary.healthy()),
            points,
        })
    }

    /// A readable table.
    pub fn report(&self) -> String {
        let mut s = format!("sweep: {}\n", self.label);
        s += "  offered     accepted    mean latency  mean net latency  accepted       mean latency  saturated\n";
        s += "  (flits/cycle/host)      (cycles)      (cycles)          (flits/ns/sw)  (ns)\n";
        for p in &self.points {
            let m = &p.summary;
            let lat = |l: Option<crate::stats::Latency>, ns: bool| {
                l.map(|l| format!("{:.1}", if ns { l.ns } else { l.cycles }))
                    .unwrap_or("-".into())
            };
            let row = format!(
                "  {:<10}  {:<10.5}  {:<12}  {:<16}  {:<13.5}  {:<12}  {}",
                fmt_num(p.rate),
                m.accepted_flits_per_cycle_per_host,
                lat(m.latency, false),
                lat(m.network_latency, false),
                m.accepted_flits_per_ns_per_switch,
                lat(m.latency, true),
                if p.saturated { "yes" } else { "" }
            );
            let _ = writeln!(s, "{}", row.trim_end());
        }
        let t = &self.saturation;
        let _ = writeln!(
            s,
            "{SATURATION_THROUGHPUT}: {:.5} flits/cycle/host at offered {} (the highest load whose mean latency stays within 3x zero-load, {:.1} cycles, with 95 % of its packets delivered; docs/statistics.md); first load beyond: {}",
            t.throughput,
            t.knee_rate.map_or("none".into(), fmt_num),
            t.zero_load_latency,
            t.first_saturated_rate.map_or("none run".into(), fmt_num),
        );
        let per_host = self
            .points
            .iter()
            .find(|p| p.rate == self.throughput_at_rate)
            .map_or(0.0, |p| p.summary.accepted_flits_per_cycle_per_host);
        let _ = writeln!(
            s,
            "highest accepted: {:.5} flits/cycle/host ({:.5} flits/ns/switch) at offered {}{}",
            per_host,
            self.throughput_flits_per_ns_per_switch,
            fmt_num(self.throughput_at_rate),
            if self.all_healthy {
                ""
            } else {
                "  -- WARNING: some points violated an invariant or deadlocked"
            }
        );
        s
    }
}
