//! Reproduction of seed 000's evaluation: ITB versus up*/down* (UD) throughput factors
//! (Tables 1, 3, 5, 6, 8), latency increase at low load (Tables 2, 4, 7, 9), and the
//! latency-versus-traffic curves (Figures 6–9), on random irregular networks of 8–64 switches
//! with 32, 512 and 1024-byte messages.
//!
//! For every (pattern, network size, message size, topology) case both routings get a
//! saturation search on the same topology: the rate doubles from 0.01 flits/cycle/host until
//! the network saturates (accepted < 95 % of offered, or source queues overflow), then three
//! bisection steps refine the knee; throughput is the largest accepted traffic seen. Latency at
//! low load is measured for both at the same rate, 10 % of UD's saturation rate.

pub mod command;
pub mod paper;

use crate::error::{Error, Result};
use crate::experiment::config::Config;
use crate::experiment::sweep::Runner;
use crate::reproduce::itb::paper::{PaperTable, MESSAGE_BYTES, TABLES};
use crate::stats::saturation::Saturation;
use crate::traffic::pattern::hot_spot_percent_for;
use serde::Serialize;
use std::fmt::Write as _;

/// What to run.
#[derive(Debug, Clone, Serialize)]
pub struct Options {
    /// Patterns (flitwave names): uniform, bit-reversal, local3, local5, hot-spot.
    pub patterns: Vec<String>,
    pub sizes: Vec<usize>,
    pub message_bytes: Vec<u32>,
    /// Topologies per network size (paper: 10).
    pub topologies: usize,
    /// Cycles per simulation point (warm-up: one tenth).
    pub cycles: u64,
    /// ITB path selection ("random", "legal-first" or "min-itb").
    pub itb_select: String,
    /// How the local patterns count switches away (`traffic.local_metric`): "minimal" or
    /// "route".
    pub local_metric: String,
    #[serde(skip)]
    pub threads: Option<usize>,
    #[serde(skip)]
    pub progress: bool,
}

impl Options {
    /// The reduced default: all tables, 2 topologies per size, 30,000 cycles per point.
    pub fn reduced() -> Self {
        Options {
            patterns: ["uniform", "bit-reversal", "local3", "local5", "hot-spot"]
                .map(String::from)
                .to_vec(),
            sizes: vec![8, 16, 32, 64],
            message_bytes: MESSAGE_BYTES.to_vec(),
            topologies: 2,
            cycles: 30_000,
            itb_select: "random".into(),
            local_metric: "minimal".into(),
            threads: None,
            progress: true,
        }
    }

    /// The paper's scale: 10 topologies per size, 100,000 cycles per point.
    pub fn full() -> Self {
        Options {
            topologies: 10,
            cycles: 100_000,
            ..Self::reduced()
        }
    }
}

/// One simulated point of a search.
#[derive(Debug, Clone, Serialize)]
pub struct Point {
    pub rate: f64,
    pub accepted_flits_per_ns_per_switch: f64,
    pub latency_ns: Option<f64>,
    pub saturated: bool,
}

/// One case: a pattern, size, message size and topology, both routings.
#[derive(Debug, Clone, Serialize)]
pub struct Case {
    pub pattern: String,
    pub switches: usize,
    pub message_bytes: u32,
    pub topology_seed: u64,
    /// Highest accepted traffic of each search, flits/ns/switch, and their ratio (seed 000
    /// §4.6's throughput).
    pub ud_throughput: f64,
    pub itb_throughput: f64,
    pub factor: f64,
    /// Saturation throughput by the one criterion (stats::saturation), flits/ns/switch, and
    /// their ratio (0 in results written before the one criterion, 2026-11-25).
    #[serde(default)]
    pub ud_saturation: f64,
    #[serde(default)]
    pub itb_saturation: f64,
    #[serde(default)]
    pub factor_saturation: f64,
    pub low_rate: f64,
    pub ud_low_latency_ns: f64,
    pub itb_low_latency_ns: f64,
    pub latency_increase_pct: f64,
    pub itbs_per_message: f64,
    pub itb_spills: u64,
    pub healthy: bool,
    pub ud_points: Vec<Point>,
    pub itb_points: Vec<Point>,
}

fn pattern_spec(pattern: &str, switches: usize) -> String {
    if pattern == "hot-spot" {
        format!("hot-spot:{}@0", hot_spot_percent_for(switches))
    } else {
        pattern.to_string()
    }
}

fn config(
    o: &Options,
    pattern: &str,
    sw: usize,
    bytes: u32,
    seed: u64,
    alg: &str,
) -> Result<Config> {
    let mut c = Config::default();
    c.seed = seed;
    // long messages need longer runs for the same number of messages
    c.cycles = o.cycles * (bytes as u64 / 512).max(1);
    c.warmup = c.cycles / 10;
    c.topology.switches = sw;
    c.traffic.pattern = pattern_spec(pattern, sw);
    c.traffic.message_bytes = bytes;
    c.traffic.local_metric = o.local_metric.clone();
    c.routing.algorithm = alg.into();
    c.routing.paths = (alg == "itb").then(|| o.itb_select.clone());
    c.validate()?;
    Ok(c)
}

/// One routing's side of a case: its runner, and what its points said.
struct Side {
    run: Runner,
    healthy: bool,
    spills: u64,
}

impl Side {
    fn new(cfg: Config) -> Result<Self> {
        Ok(Side {
            run: Runner::new(cfg)?,
            healthy: true,
            spills: 0,
        })
    }

    fn point_for(&mut self, rate: f64, cycles: u64) -> Result<(Point, crate::fabric::Summary)> {
        let s = self.run.point_with(rate, cycles, cycles / 10)?;
        self.healthy &= s.healthy();
        if let crate::fabric::Section::Myrinet(m) = &s.section {
            self.spills += m.itb_spills;
        }
        let p = Point {
            rate,
            accepted_flits_per_ns_per_switch: s.accepted_flits_per_ns_per_switch,
            latency_ns: s.latency.map(|l| l.ns),
            saturated: s.saturated,
        };
        Ok((p, s))
    }

    /// Saturation search ([`Runner::search`]): (highest accepted traffic, highest unsaturated
    /// rate, points, saturation throughput by the one criterion in flits/ns/switch).
    fn search(&mut self) -> Result<(f64, f64, Vec<Point>, f64)> {
        let (pts, lo) = self.run.search(0.01)?;
        let sat = Saturation::of(
            &pts.iter()
                .map(|p| p.summary.load(p.rate))
                .collect::<Vec<_>>(),
        );
        // flits/cycle/host -> flits/ns/switch, the unit of seed 000's tables
        let per = pts.first().map_or(0.0, |p| {
            p.summary.accepted_flits_per_ns_per_switch
                / p.summary.accepted_flits_per_cycle_per_host.max(1e-300)
        });
        let sat_ns = if sat.throughput > 0.0 {
            sat.throughput * per
        } else {
            0.0
        };
        let mut out = Vec::new();
        for p in pts {
            self.healthy &= p.summary.healthy();
            if let crate::fabric::Section::Myrinet(m) = &p.summary.section {
                self.spills += m.itb_spills;
            }
            out.push(Point {
                rate: p.rate,
                accepted_flits_per_ns_per_switch: p.summary.accepted_flits_per_ns_per_switch,
                latency_ns: p.summary.latency.map(|l| l.ns),
                saturated: p.saturated,
            });
        }
        let best = out
            .iter()
            .map(|p| p.accepted_flits_per_ns_per_switch)
            .fold(0.0, f64::max);
        Ok((best, lo, out, sat_ns))
    }
}

fn run_case(o: &Options, pattern: &str, sw: usize, bytes: u32, seed: u64) -> Result<Case> {
    let mut ud = Side::new(config(o, pattern, sw, bytes, seed, "updown")?)?;
    let mut it = Side::new(config(o, pattern, sw, bytes, seed, "itb")?)?;
    let (ud_th, ud_knee, ud_points, ud_sat) = ud.search()?;
    let (itb_th, _, itb_points, itb_sat) = it.search()?;
    // low load: 10 % of UD's saturation rate, run long enough for about 400 messages
    let low = (ud_knee * 0.1).max(0.0005);
    let hosts = (sw * 4) as f64;
    let need = (400.0 * bytes as f64 / (hosts * low)) as u64;
    let long = need.clamp(ud.run.cfg.cycles, 20 * ud.run.cfg.cycles);
    let (_, su) = ud.point_for(low, long)?;
    let (_, si) = it.point_for(low, long)?;
    let lu = su.latency.map(|l| l.ns).unwrap_or(f64::NAN);
    let li = si.latency.map(|l| l.ns).unwrap_or(f64::NAN);
    Ok(Case {
        pattern: pattern.to_string(),
        switches: sw,
        message_bytes: bytes,
        topology_seed: seed,
        ud_throughput: ud_th,
        itb_throughput: itb_th,
        factor: itb_th / ud_th.max(1e-12),
        ud_saturation: ud_sat,
        itb_saturation: itb_sat,
        factor_saturation: itb_sat / ud_sat.max(1e-12),
        low_rate: low,
        ud_low_latency_ns: lu,
        itb_low_latency_ns: li,
        latency_increase_pct: (li - lu) / lu * 100.0,
        itbs_per_message: match &si.section {
            crate::fabric::Section::Myrinet(m) => m.itbs_per_packet.unwrap_or(0.0),
            _ => 0.0,
        },
        itb_spills: it.spills,
        healthy: ud.healthy && it.healthy,
        ud_points,
        itb_points,
    })
}

/// Run every case (in parallel, deterministic).
pub fn run(o: &Options) -> Result<Vec<Case>> {
    let mut cases = Vec::new();
    for p in &o.patterns {
        if !["uniform", "bit-reversal", "local3", "local5", "hot-spot"].contains(&p.as_str()) {
            return Err(Error::field(
                "--patterns",
                format!(
                    "{p:?} is unknown, allowed: uniform, bit-reversal, local3, local5, hot-spot"
                ),
            ));
        }
        for &sw in &o.sizes {
            if p == "local5" && sw <= 8 {
                continue; // the paper: every destination is within 4 switches on 8 switches
            }
            for &b in &o.message_bytes {
                for seed in 1..=o.topologies as u64 {
                    cases.push((p.clone(), sw, b, seed));
                }
            }
        }
    }
    crate::reproduce::jobs::run_all(
        &cases,
        o.threads,
        o.progress,
        "cases",
        |(p, sw, b, seed)| {
            ["updown", "itb"]
                .iter()
                .map(|r| config(o, p, *sw, *b, *seed, r))
                .collect()
        },
        |(p, sw, b, seed)| run_case(o, p, *sw, *b, *seed),
    )
}

fn stats(v: &[f64]) -> Option<[f64; 3]> {
    if v.is_empty() {
        return None;
    }
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    let max = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some([min, max, v.iter().sum::<f64>() / v.len() as f64])
}

/// Markdown tables: flitwave's min/max/avg next to the paper's, for every table with data.
pub fn tables_markdown(cases: &[Case]) -> String {
    let mut s = String::new();
    for t in TABLES {
        let pick = |sw: usize, b: u32| -> Vec<f64> {
            cases
                .iter()
                .filter(|c| c.pattern == t.pattern && c.switches == sw && c.message_bytes == b)
                .map(|c| {
                    if t.what == "factor" {
                        c.factor
                    } else {
                        c.latency_increase_pct
                    }
                })
                .collect()
        };
        if !t
            .rows
            .iter()
            .any(|(sw, _)| MESSAGE_BYTES.iter().any(|&b| !pick(*sw, b).is_empty()))
        {
            continue;
        }
        let _ = writeln!(s, "{}", table_title(t));
        s += "| switches | message | flitwave min | max | **avg** | avg by saturation throughput | paper min | max | **avg** | topologies |\n|---|---|---|---|---|---|---|---|---|---|\n";
        for (sw, paper) in t.rows {
            for (k, &b) in MESSAGE_BYTES.iter().enumerate() {
                let v = pick(*sw, b);
                let Some(m) = stats(&v) else { continue };
                // the factor by the one saturation criterion beside seed 000's reading
                let by_sat: Vec<f64> = cases
                    .iter()
                    .filter(|c| c.pattern == t.pattern && c.switches == *sw && c.message_bytes == b)
                    .map(|c| c.factor_saturation)
                    .filter(|&f| f > 0.0)
                    .collect();
                let sat_avg = if t.what == "factor" {
                    stats(&by_sat).map_or("-".into(), |x| format!("{:.2}", x[2]))
                } else {
                    "-".into()
                };
                let p = paper[k];
                let f = |x: f64| {
                    if t.what == "factor" {
                        format!("{x:.2}")
                    } else {
                        format!("{x:.2} %")
                    }
                };
                let _ = writeln!(
                    s,
                    "| {sw} | {b} B | {} | {} | **{}** | {sat_avg} | {} | {} | **{}** | {} |",
                    f(m[0]),
                    f(m[1]),
                    f(m[2]),
                    f(p[0]),
                    f(p[1]),
                    f(p[2]),
                    v.len()
                );
            }
        }
        s += "\n";
    }
    s
}

fn table_title(t: &PaperTable) -> String {
    let what = if t.what == "factor" {
        "throughput factor ITB/UD"
    } else {
        "latency increase at low load with ITB"
    };
    format!("### Table {}: {what}, {} traffic\n", t.number, t.pattern)
}

/// ITBs per message and spills, per pattern and size (512-byte messages).
pub fn itb_usage_markdown(cases: &[Case]) -> String {
    let mut s = String::from("| pattern | switches | ITBs per message (measured, 512 B) | spills to host memory |\n|---|---|---|---|\n");
    let mut keys: Vec<(String, usize)> = cases
        .iter()
        .map(|c| (c.pattern.clone(), c.switches))
        .collect();
    keys.dedup();
    keys.sort();
    keys.dedup();
    for (p, sw) in keys {
        let v: Vec<&Case> = cases
            .iter()
            .filter(|c| c.pattern == p && c.switches == sw && c.message_bytes == 512)
            .collect();
        if v.is_empty() {
            continue;
        }
        let itbs = v.iter().map(|c| c.itbs_per_message).sum::<f64>() / v.len() as f64;
        let spills: u64 = cases
            .iter()
            .filter(|c| c.pattern == p && c.switches == sw)
            .map(|c| c.itb_spills)
            .sum();
        let _ = writeln!(s, "| {p} | {sw} | {itbs:.3} | {spills} |");
    }
    s
}
