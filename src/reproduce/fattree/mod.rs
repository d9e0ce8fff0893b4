//! Reproduction of seed 001's evaluation (deterministic versus adaptive routing in fat-trees):
//! Figure 5 (uniform traffic, latency versus accepted traffic, with and without in-order
//! delivery), Figure 6 (hot-spot 5 % and 20 %), the bit-reversal worst case of deterministic
//! routing (§5.2.1: 1/k of the capacity), and Figure 7 (execution time of an I/O trace on a
//! 2-ary 7-tree at compression factors 1, 5 and 10, without and with in-order delivery) — as
//! the paper replays its trace (open loop) and with disks that answer what they have received
//! (closed loop, `fabric::storage`).
//!
//! The reduced scale (default) runs a 4-ary 3-tree with 1 KB packets and a 2 ms storage-like
//! trace; `--full` runs the paper's 4-ary 4-tree with 8 KB packets and a 10 ms trace. The cello
//! traces of the paper are not available; `traffic::storage` generates a trace of the same
//! shape (23 disks, 105 hosts). Every point is an independent, seeded simulation.

pub mod command;
pub mod paper;
pub mod report;

use crate::error::Result;
use crate::experiment::build;
use crate::experiment::config::{Config, TopologyKind};
use crate::fabric::vct::nic::AckMode;
use crate::fabric::Summary;
use crate::traffic::injection::{Injections, Process};
use crate::traffic::pattern::Pattern;
use crate::traffic::storage::{self, StorageParams};
use crate::traffic::trace::{Packetize, Trace};
use serde::Serialize;

/// What to run.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Options {
    /// Synthetic figures: a k-ary n-tree.
    pub k: u32,
    pub n: u32,
    pub packet_bytes: u32,
    pub cycles: u64,
    pub warmup: u64,
    /// Figure 7: trace duration before compression, µs.
    pub trace_us: f64,
    /// Points per curve.
    pub points: usize,
    /// Which figures: fig5, fig6a, fig6b, bitrev, fig7, fig7closed, fig7sync, fig7buf.
    pub figures: Vec<String>,
    /// The first seed of traffic and trace.
    pub seed: u64,
    /// Replicates: every point runs under seeds `seed..seed + seeds` (the report draws the
    /// first; the fidelity ledger reads them all).
    #[serde(default = "one")]
    pub seeds: usize,
    #[serde(skip)]
    pub threads: Option<usize>,
    #[serde(skip)]
    pub progress: bool,
}

/// What `reproduce fattree` keeps in `fattree_raw.json`: the options and every point.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Raw {
    /// The flitwave that simulated the points (absent in files older than provenance).
    #[serde(default)]
    pub flitwave: Option<crate::experiment::provenance::Provenance>,
    /// The command that simulated the points (absent in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    pub options: Options,
    pub points: Vec<Point>,
}

impl Options {
    /// A 4-ary 3-tree, 1 KB packets, 80,000 cycles per point, a 5 ms trace.
    pub fn reduced() -> Self {
        Options {
            k: 4,
            n: 3,
            packet_bytes: 1024,
            cycles: 80_000,
            warmup: 20_000,
            trace_us: 5_000.0,
            points: 8,
            figures: FIGURES.map(String::from).to_vec(),
            seed: 1,
            seeds: 1,
            threads: None,
            progress: true,
        }
    }

    /// The paper's scale: a 4-ary 4-tree, 8 KB packets, 600,000 cycles per point, a 10 ms trace.
    pub fn full() -> Self {
        Options {
            n: 4,
            packet_bytes: 8192,
            cycles: 600_000,
            warmup: 150_000,
            trace_us: 10_000.0,
            ..Self::reduced()
        }
    }
}

/// The paper's three routings: deterministic FIR, adaptive IR with SADP or with FF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Selection {
    Deterministic,
    Sadp,
    Ff,
}

impl Selection {
    /// The short name in labels: det, sadp, ff.
    pub fn name(self) -> &'static str {
        match self {
            Selection::Deterministic => "det",
            Selection::Sadp => "sadp",
            Selection::Ff => "ff",
        }
    }

    /// The registry's routing and selection names.
    pub fn routing(self) -> (&'static str, &'static str) {
        match self {
            Selection::Deterministic => ("fir-det", "only"),
            Selection::Sadp => ("ir-adaptive", "sadp"),
            Selection::Ff => ("ir-adaptive", "ff"),
        }
    }
}

/// One curve: a routing, whether order is enforced, and the reorder buffer.
#[derive(Debug, Clone, Serialize)]
pub struct Variant {
    pub label: String,
    pub selection: Selection,
    pub in_order: bool,
    pub reorder_bytes: u64,
    /// How sources learn of deliveries (the paper: free).
    pub ack: AckMode,
}

fn variant(sel: Selection, in_order: bool, reorder_bytes: u64, tag: &str) -> Variant {
    let mut label = sel.name().to_uppercase();
    if in_order && sel != Selection::Deterministic {
        label += &format!(" in-order {tag}");
    }
    Variant {
        label,
        selection: sel,
        in_order,
        reorder_bytes,
        ack: AckMode::Free,
    }
}

/// One simulated point.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Point {
    pub figure: String,
    pub variant: String,
    /// Offered load (synthetic) or compression factor (trace).
    pub x: f64,
    pub summary: Summary,
    /// Trace execution time in cycles (Figure 7), if the trace finished.
    pub exec_cycles: Option<u64>,
    /// The seed of its traffic and trace (files older than replicates: 1).
    #[serde(default = "one")]
    pub seed: u64,
}

fn one<T: From<u8>>() -> T {
    T::from(1)
}

struct Job {
    figure: String,
    variant: Variant,
    x: f64,
    pattern: Pattern,
    workload: Workload,
}

/// What drives a point: the generators at offered load `x`, a trace replayed open loop, or
/// the closed-loop storage workload (`fabric::storage`) at compression `x` with hosts holding
/// at most this many unanswered requests (0: no limit).
#[derive(Clone)]
enum Workload {
    Synthetic,
    Replay(std::sync::Arc<Injections>),
    Closed(u32),
}

const BIG: u64 = 8 << 20;

/// Every figure `reproduce fattree` knows, in report order.
pub const FIGURES: [&str; 8] = [
    "fig5",
    "fig6a",
    "fig6b",
    "bitrev",
    "fig7",
    "fig7closed",
    "fig7sync",
    "fig7buf",
];

/// Unanswered requests a host may hold in `fig7sync` (synchronous I/O).
pub const SYNC_OUTSTANDING: u32 = 1;

/// Figure 7(b) against the reorder buffer: the compression factor, and the buffer sizes (KB)
/// with free acknowledgements and with acknowledgement packets. The smallest size of the
/// latter gives each of the 127 sources a share just above one 1 KB packet.
pub const BUF_COMPRESSION: f64 = 10.0;
pub const BUF_FREE_KB: [u64; 5] = [4, 16, 64, 256, 8192];
pub const BUF_ACK_KB: [u64; 4] = [128, 256, 1024, 8192];

/// The tag of an in-order variant with acknowledgement packets and a `kb` KB reorder buffer.
pub fn ack_tag(kb: u64) -> String {
    if kb.is_multiple_of(1024) {
        format!("{} MB, ack packets", kb / 1024)
    } else {
        format!("{kb} KB, ack packets")
    }
}

/// The storage-like trace of Figure 7: seed `seed`, `us` µs, the generator's defaults (23
/// disks spread over the 128 nodes of the 2-ary 7-tree).
pub fn storage_trace(seed: u64, us: f64) -> Result<Trace> {
    storage::generate(&StorageParams {
        seed,
        duration_us: us,
        ..Default::default()
    })
}

/// The open-loop injections of the storage-like trace `t` at compression `c`.
fn replay(t: &Trace, c: f64) -> Result<Workload> {
    let pk = Packetize {
        compression: c,
        ..Default::default()
    };
    let inj: Injections = t
        .injections(&pk)?
        .iter()
        .map(|i| (i.cycle, i.src, i.dst, i.payload))
        .collect();
    Ok(Workload::Replay(std::sync::Arc::new(inj)))
}

/// The jobs of every selected figure, in report order.
fn jobs(o: &Options) -> Result<Vec<Job>> {
    let nodes = (o.k as f64).powi(o.n as i32);
    let small = 4 * o.packet_bytes as u64;
    let small_tag = format!("{} KB", small / 1024);
    let det = variant(Selection::Deterministic, false, BIG, "");
    let (sadp, ff) = (
        variant(Selection::Sadp, false, BIG, ""),
        variant(Selection::Ff, false, BIG, ""),
    );
    let io = |s, b: u64, tag: &str| variant(s, true, b, tag);
    let rates = |max: f64| -> Vec<f64> {
        (1..=o.points)
            .map(|i| max * i as f64 / o.points as f64)
            .collect()
    };
    // the seeded storage-like trace, generated once for every figure that replays it
    let trace = if o.figures.iter().any(|f| f == "fig7" || f == "fig7buf") {
        Some(storage_trace(o.seed, o.trace_us)?)
    } else {
        None
    };
    let trace = || {
        trace
            .as_ref()
            .expect("generated when a replay figure is selected")
    };
    let mut out = vec![];
    let add = |out: &mut Vec<Job>, fig: &str, vs: Vec<Variant>, pattern: Pattern, xs: Vec<f64>| {
        for v in vs {
            for &x in &xs {
                out.push(Job {
                    figure: fig.into(),
                    variant: v.clone(),
                    x,
                    pattern: pattern.clone(),
                    workload: Workload::Synthetic,
                });
            }
        }
    };
    for f in &o.figures {
        match f.as_str() {
            "fig5" => add(
                &mut out,
                "fig5",
                vec![
                    det.clone(),
                    sadp.clone(),
                    ff.clone(),
                    io(Selection::Sadp, BIG, "8 MB"),
                    io(Selection::Ff, BIG, "8 MB"),
                    io(Selection::Sadp, small, &small_tag),
                    io(Selection::Ff, small, &small_tag),
                ],
                Pattern::uniform(),
                rates(0.8),
            ),
            "fig6a" | "fig6b" => {
                let pct = if f == "fig6a" { 5.0 } else { 20.0 };
                // the hot node saturates when nodes x rate x share reaches 1
                let max = (1.6 / (nodes * pct / 100.0)).min(0.8);
                add(
                    &mut out,
                    f,
                    vec![
                        det.clone(),
                        io(Selection::Sadp, BIG, "8 MB"),
                        io(Selection::Ff, BIG, "8 MB"),
                        io(Selection::Sadp, small, &small_tag),
                        sadp.clone(),
                        ff.clone(),
                    ],
                    Pattern::hot_spot_random(pct),
                    rates(max),
                )
            }
            "bitrev" => add(
                &mut out,
                "bitrev",
                vec![det.clone(), sadp.clone(), ff.clone()],
                Pattern::bit_reversal(),
                rates(0.8),
            ),
            "fig7" | "fig7closed" | "fig7sync" => {
                // the open-loop replay plays the generated trace file; the closed loop runs the
                // generator's requests and lets the disks answer, and with fig7sync each host
                // waits for its answer before its next request
                for c in [1.0, 5.0, 10.0] {
                    let workload = match f.as_str() {
                        "fig7" => replay(trace(), c)?,
                        "fig7closed" => Workload::Closed(0),
                        _ => Workload::Closed(SYNC_OUTSTANDING),
                    };
                    let mut vs = vec![
                        det.clone(),
                        sadp.clone(),
                        ff.clone(),
                        io(Selection::Sadp, BIG, "8 MB"),
                        io(Selection::Ff, BIG, "8 MB"),
                    ];
                    if f == "fig7" {
                        // §4's end-to-end rule with real acknowledgements: each source owns
                        // 1/127 of the destination's buffer, the paper's 8 MB and the smallest
                        // that holds a packet
                        for kb in [8192, BUF_ACK_KB[0]] {
                            for sel in [Selection::Sadp, Selection::Ff] {
                                vs.push(Variant {
                                    ack: AckMode::Packets,
                                    ..variant(sel, true, kb << 10, &ack_tag(kb))
                                });
                            }
                        }
                    }
                    for v in vs {
                        out.push(Job {
                            figure: f.clone(),
                            variant: v,
                            x: c,
                            pattern: Pattern::uniform(),
                            workload: workload.clone(),
                        });
                    }
                }
            }
            "fig7buf" => {
                // x is the reorder buffer in KB (0 for the deterministic reference)
                let workload = replay(trace(), BUF_COMPRESSION)?;
                let mut push = |v: Variant, x: f64| {
                    out.push(Job {
                        figure: f.clone(),
                        variant: v,
                        x,
                        pattern: Pattern::uniform(),
                        workload: workload.clone(),
                    })
                };
                push(det.clone(), 0.0);
                for (ack, sizes, tag) in [
                    (AckMode::Free, &BUF_FREE_KB[..], "free acks"),
                    (AckMode::Packets, &BUF_ACK_KB[..], "ack packets"),
                ] {
                    for sel in [Selection::Sadp, Selection::Ff] {
                        for &kb in sizes {
                            let v = Variant {
                                label: format!("{} in-order, {tag}", sel.name().to_uppercase()),
                                ack,
                                ..variant(sel, true, kb << 10, "")
                            };
                            push(v, kb as f64);
                        }
                    }
                }
            }
            other => {
                return Err(crate::Error::field(
                    "--figures",
                    format!("{other:?} is unknown; allowed: {}", FIGURES.join(", ")),
                ))
            }
        }
    }
    Ok(out)
}

/// The configuration of a job: a vct network, the paper's switches (§5.1), the job's routing.
fn job_config(o: &Options, j: &Job) -> Result<Config> {
    let trace = !matches!(j.workload, Workload::Synthetic);
    let mut c = Config::default();
    let (alg, sel) = j.variant.selection.routing();
    c.seed = o.seed;
    c.switch.family = "vct".into();
    c.topology.kind = TopologyKind::Fattree;
    (c.topology.k, c.topology.n) = if trace { (2, 7) } else { (o.k, o.n) };
    c.routing.algorithm = alg.into();
    c.routing.selection = sel.into();
    c.traffic.message_bytes = if trace { 1024 } else { o.packet_bytes };
    c.traffic.rate = if trace { 0.0 } else { j.x };
    c.traffic.pattern = j.pattern.to_string();
    c.traffic.process = Process::Bernoulli;
    c.traffic.source_queue_limit = 64;
    c.nic.in_order = j.variant.in_order;
    c.nic.ack = j.variant.ack;
    c.nic.reorder_bytes = j.variant.reorder_bytes;
    c.cycles = o.cycles.max(1);
    c.warmup = if trace { 0 } else { o.warmup };
    c.watchdog_cycles = 50_000;
    if let Workload::Closed(w) = j.workload {
        c.traffic.storage_us = Some(o.trace_us);
        c.traffic.storage_outstanding = w;
        c.traffic.compression = j.x;
    }
    c.validate()?;
    Ok(c)
}

fn run_job(o: &Options, j: &Job) -> Result<Point> {
    let cfg = job_config(o, j)?;
    let mut net = build::build(&cfg)?.network;
    let exec = with_network!(&mut net, n => match &j.workload {
        Workload::Replay(t) => {
            n.load_trace(t, 1024)?;
            let last = t.last().map_or(0, |i| i.0);
            n.run_workload(last * 20 + 2_000_000)
        }
        Workload::Closed(_) => {
            let limit = (o.trace_us * 1000.0 / 6.25 / j.x) as u64 * 20 + 2_000_000;
            n.run_workload(limit)
        }
        Workload::Synthetic => {
            n.run(o.cycles);
            None
        }
    });
    Ok(Point {
        figure: j.figure.clone(),
        variant: j.variant.label.clone(),
        x: j.x,
        summary: with_network!(&net, n => n.summary()),
        exec_cycles: exec,
        seed: o.seed,
    })
}

/// Run every point of every seed (in parallel; the result does not depend on the thread
/// count).
pub fn run(o: &Options) -> Result<Vec<Point>> {
    let mut all = vec![];
    for seed in o.seed..o.seed + o.seeds.max(1) as u64 {
        let os = Options { seed, ..o.clone() };
        all.extend(jobs(&os)?.into_iter().map(|j| (seed, j)));
    }
    let of_seed = |seed: u64| Options { seed, ..o.clone() };
    crate::reproduce::jobs::run_all(
        &all,
        o.threads,
        o.progress,
        "points",
        |(seed, j)| Ok(vec![job_config(&of_seed(*seed), j)?]),
        |(seed, j)| run_job(&of_seed(*seed), j),
    )
}
