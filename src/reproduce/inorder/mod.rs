//! `flitwave reproduce inorder`: the evaluation of seed 004 (in-order delivery with adaptive
//! routing, §4) on the preset of configs/inorder.toml (the §4.1 switch in cycles and flits):
//! - **Figure 5**: latency and maximum buffer needed (MBS) against accepted traffic, uniform
//!   and bit-reversal, 16- and 64-switch irregular networks, deterministic up*/down* (DET)
//!   against adaptive routing with an unlimited rearrange buffer (the ideal mode);
//! - **Figure 6**: bit-reversal with static rearrange buffers of 32 B upward, rejected packets
//!   resent at once;
//! - **Tables 1 and 2**: a storage-like trace (the cello traces are not available) on the
//!   32-switch irregular network (compression 2) and the 4x4 torus with 8 hosts per switch
//!   (compression 2.5): DET, ADAP-OOO, ADAP-LI and ADAP-LW with 2 KB and 32 KB static memory,
//!   ADAP-LI with 256 KB / 128 KB and 4 MB / 1 MB dynamic memory; **Figure 7** is the
//!   per-destination memory of the ADAP-LI 2 KB runs;
//! - **Figure 8**: trace execution time against the MTU on the torus, dynamic memory of 64 KB
//!   to 2 MB;
//! - **the same NIC on fat-trees**: seed 001's Figure 7(b) trace on the vc family with
//!   ACK/NACK and ADAP-LI, beside seed 001's free acknowledgements (`reproduce::fattree`).
//!
//! Every point is an independent seeded simulation; the report is in `report`.

pub mod command;
pub mod report;
pub mod run;
pub mod traces;

use crate::error::{Error, Result};
use crate::experiment::config::Config;
use crate::fabric::Summary;
use crate::reproduce::fattree;
use crate::reproduce::inorder::run as curves;
pub use crate::reproduce::inorder::run::{fattree_free_acks, run, run_job};
use crate::traffic::storage::{self, StorageParams};
use crate::traffic::trace::Trace;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The preset every point starts from.
pub const PRESET: &str = include_str!("../../../configs/inorder.toml");

/// Every part `reproduce inorder` knows, in report order ("roots": Figure 5's uniform curves
/// under several up*/down* roots).
pub const FIGURES: [&str; 6] = ["fig5", "roots", "fig6", "tables", "fig8", "fattree"];

/// What to run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Options {
    /// Irregular topologies per size for Figures 5 and 6 (seeds 1..=topologies).
    pub topologies: usize,
    pub cycles: u64,
    pub warmup: u64,
    /// Offered loads per curve, evenly spaced up to a little beyond the curve's bound
    /// (routing::bound), then `bisections` rounds that halve the knee's interval
    /// (stats::saturation).
    pub points: usize,
    #[serde(default)]
    pub bisections: usize,
    /// Trace duration before compression, µs.
    pub trace_us: f64,
    /// The trace generator's bursts per ms per host: its load (docs/inorder.md: the default
    /// of seed 001, 0.04, leaves a 250 MB/s network idle at compression 2).
    pub trace_bursts_per_ms: f64,
    /// Loads of the sensitivity rows (bursts per ms per host).
    pub sensitivity_bursts: Vec<f64>,
    /// Compression factors of the trace on the irregular network and on the torus (§4.1: 2
    /// and 2.5).
    pub compression_irregular: f64,
    pub compression_torus: f64,
    /// MTU of the tables, bytes (their MBS figures show 512: docs/inorder.md).
    pub mtu: u32,
    /// Figure 8: MTUs and dynamic pools (KB; the cap per connection is half the pool).
    pub mtus: Vec<u32>,
    pub pools_kb: Vec<u64>,
    /// Fat-trees: seed 001's trace duration and compression factors.
    pub fattree_trace_us: f64,
    pub fattree_compressions: Vec<f64>,
    pub figures: Vec<String>,
    pub seed: u64,
    /// Table 1's replicates: its 32-switch network and its trace under seeds
    /// `seed..seed + seeds` (the report shows the first; the fidelity ledger reads them all).
    #[serde(default = "one")]
    pub seeds: usize,
    #[serde(skip)]
    pub threads: Option<usize>,
    #[serde(skip)]
    pub progress: bool,
}

impl Options {
    /// One topology per size, 40,000 cycles per point, a 2 ms trace, three pools in Figure 8,
    /// a 5 ms trace on the fat-tree at compression 1, 5 and 10.
    pub fn reduced() -> Self {
        Options {
            topologies: 1,
            cycles: 40_000,
            warmup: 10_000,
            points: 7,
            bisections: 3,
            trace_us: 2_000.0,
            trace_bursts_per_ms: 1.0,
            sensitivity_bursts: vec![0.04, 0.25, 0.5, 2.0],
            compression_irregular: 2.0,
            compression_torus: 2.5,
            mtu: 512,
            mtus: vec![512, 1024, 2048, 4096],
            pools_kb: vec![64, 256, 2048],
            fattree_trace_us: 5_000.0,
            fattree_compressions: vec![1.0, 5.0, 10.0],
            figures: FIGURES.map(String::from).to_vec(),
            seed: 1,
            seeds: 1,
            threads: None,
            progress: true,
        }
    }

    /// The paper's scale: ten topologies per size, 200,000 cycles per point, a 10 ms trace,
    /// six pools from 64 KB to 2 MB, a 10 ms trace on the fat-tree.
    pub fn full() -> Self {
        Options {
            topologies: 10,
            cycles: 200_000,
            warmup: 40_000,
            points: 12,
            trace_us: 10_000.0,
            pools_kb: vec![64, 128, 256, 512, 1024, 2048],
            fattree_trace_us: 10_000.0,
            ..Self::reduced()
        }
    }
}

/// A network of the evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Net {
    /// An irregular network of this many switches (8 ports, 4 hosts each), topology seed.
    Irregular(usize, u64),
    /// The 4x4 torus with 8 hosts per switch (the trace runs).
    Torus,
    /// Seed 001's 2-ary 7-tree on the vc family.
    FatTree,
}

impl Net {
    fn sets(self) -> Vec<String> {
        match self {
            Net::Irregular(sw, seed) => vec![
                "topology.kind=\"irregular\"".into(),
                format!("topology.switches={sw}"),
                format!("topology.seed={seed}"),
            ],
            Net::Torus => vec![
                "topology.kind=\"torus\"".into(),
                "topology.dims=\"4x4\"".into(),
                "topology.hosts_per_switch=8".into(),
            ],
            // seed 001 §5.1 on the vc family: virtual cut-through, input and output queues
            // of two 1 KB packets, credits per flit, 20 cycles from header to crossbar, 8-cycle
            // links, 6.25 ns per 1-byte flit, one VC (fat-tree routing needs no escape)
            Net::FatTree => [
                "topology.kind=\"fattree\"",
                "topology.k=2",
                "topology.n=7",
                "switch.vcs=1",
                "switch.escape_buffer_flits=0",
                "switch.vc_buffer_flits=2048",
                "switch.output_buffer_flits=2048",
                "switch.crossbar=\"multiplexed\"",
                "switch.credit_bytes=0",
                "switch.routing_cycles=18",
                "link.fly_cycles=8",
                "link.clock_ns=6.25",
                "traffic.mtu_bytes=1024",
                "traffic.message_bytes=1024",
            ]
            .map(String::from)
            .to_vec(),
        }
    }
}

/// One curve or table row: its label and the configuration values it sets.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Variant {
    pub label: String,
    pub sets: Vec<String>,
}

fn variant(label: &str, sets: &[&str]) -> Variant {
    Variant {
        label: label.into(),
        sets: sets.iter().map(|s| s.to_string()).collect(),
    }
}

/// Deterministic up*/down* in InfiniBand forwarding tables; in-order NIC in the ideal mode
/// (it checks the order and measures nothing else).
pub fn det() -> Variant {
    variant(
        "DET",
        &[
            "routing.algorithm=\"updown\"",
            "routing.paths=\"forwarding\"",
            "nic.in_order=true",
        ],
    )
}

/// Adaptive routing without ordering.
pub fn adap_ooo() -> Variant {
    variant("ADAP-OOO", &["routing.algorithm=\"adaptive\""])
}

/// Adaptive routing with an unlimited rearrange buffer (Figure 5's measurement).
pub fn adap_ideal() -> Variant {
    variant(
        "ADAP",
        &["routing.algorithm=\"adaptive\"", "nic.in_order=true"],
    )
}

/// Adaptive routing with ACK/NACK packets, static memory of `bytes` per connection.
pub fn adap_static(label: &str, bytes: u64, injection: &str) -> Variant {
    let mut v = variant(
        label,
        &[
            "routing.algorithm=\"adaptive\"",
            "nic.in_order=true",
            "nic.ack=\"packets\"",
            "nic.rearrange=\"static\"",
        ],
    );
    v.sets.push(format!("nic.rearrange_conn_bytes={bytes}"));
    v.sets.push(format!("nic.injection=\"{injection}\""));
    v
}

/// `v` with a strict FIFO source (`nic.send_window = 1`): a connection its injection control
/// holds back holds back every packet queued behind it (seed 004 names no window).
fn fifo(mut v: Variant) -> Variant {
    v.sets.push("nic.send_window=1".into());
    v
}

/// The sequenced NIC with ACK/NACK packets, ADAP-LI, a dynamic pool with a cap per
/// connection.
fn li_dynamic(pool: u64, cap: u64) -> Vec<String> {
    vec![
        "nic.in_order=true".into(),
        "nic.ack=\"packets\"".into(),
        "nic.rearrange=\"dynamic\"".into(),
        "nic.injection=\"li\"".into(),
        format!("nic.reorder_bytes={pool}"),
        format!("nic.rearrange_conn_bytes={cap}"),
    ]
}

/// Adaptive routing with ACK/NACK packets, ADAP-LI, a dynamic pool with a cap per connection.
pub fn adap_dynamic(label: &str, pool: u64, cap: u64) -> Variant {
    let mut v = variant(label, &["routing.algorithm=\"adaptive\""]);
    v.sets.extend(li_dynamic(pool, cap));
    v
}

/// What drives a point.
#[derive(Debug, Clone)]
pub enum Workload {
    /// The generators: pattern and offered load (flits/cycle/host = bytes/ns/switch here).
    Synthetic { pattern: &'static str, rate: f64 },
    /// A trace replayed open loop at a compression factor, split at `mtu`.
    Trace {
        trace: Arc<Trace>,
        compression: f64,
        mtu: u32,
    },
}

/// One simulation to run.
#[derive(Debug, Clone)]
pub struct Job {
    /// The run's seed when not the options' (Table 1's replicates).
    pub seed: Option<u64>,
    /// "fig5", "fig6", "table1", "table2", "fig8", "fattree".
    pub figure: String,
    pub net: Net,
    pub variant: Variant,
    pub workload: Workload,
    /// The x of the point: offered load, MTU, or compression factor.
    pub x: f64,
    /// Synthetic curves: the throughput bound of the routing under the pattern, flits/cycle/host
    /// (routing::bound), and for adaptive routing what no minimal routing exceeds.
    pub bound: Option<(f64, Option<f64>)>,
}

/// One simulated point.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Point {
    pub figure: String,
    pub net: Net,
    pub variant: String,
    /// The destination pattern of a synthetic point ("" for a trace).
    pub pattern: String,
    pub x: f64,
    pub summary: Summary,
    /// Trace execution time, cycles (None: the trace did not finish within the limit).
    pub exec_cycles: Option<u64>,
    /// Per destination NIC, the most rearrange memory it needed at once (bytes; Figure 7).
    pub mms_per_nic: Vec<u64>,
    /// The job's throughput bound and limit (synthetic curves).
    #[serde(default)]
    pub bound: Option<(f64, Option<f64>)>,
}

/// The configuration of a job.
pub fn job_config(o: &Options, j: &Job) -> Result<Config> {
    let mut sets = j.net.sets();
    sets.extend(j.variant.sets.iter().cloned());
    sets.push(format!("seed={}", j.seed.unwrap_or(o.seed)));
    match &j.workload {
        Workload::Synthetic { pattern, rate } => {
            sets.push(format!("traffic.pattern=\"{pattern}\""));
            sets.push(format!("traffic.rate={rate}"));
            sets.push(format!("cycles={}", o.cycles));
            sets.push(format!("warmup={}", o.warmup));
        }
        Workload::Trace { mtu, .. } => {
            sets.push("warmup=0".into());
            sets.push(format!("traffic.mtu_bytes={mtu}"));
            sets.push(format!("traffic.message_bytes={mtu}"));
            if j.net != Net::FatTree {
                // the escape queue holds one MTU (§4.1)
                sets.push(format!("switch.escape_buffer_flits={mtu}"));
            }
        }
    }
    Config::from_toml(PRESET, &sets)
}

/// The storage-like trace of the seed-004 runs: 128 nodes, 23 disks on random nodes, links of
/// 250 MB/s (1X InfiniBand after 8b/10b), `bursts` bursts per ms per host.
pub fn trace004(o: &Options, bursts: f64) -> Result<Trace> {
    trace004_seeded(o, bursts, o.seed)
}

/// [`trace004`] under seed `seed` (its requests and its disks' places).
pub fn trace004_seeded(o: &Options, bursts: f64, seed: u64) -> Result<Trace> {
    storage::generate(&StorageParams {
        seed,
        duration_us: o.trace_us,
        disk_seed: Some(seed),
        link_mb_per_s: 250.0,
        bursts_per_ms: bursts,
        ..Default::default()
    })
}

fn one() -> usize {
    1
}

/// Figure 6's static buffers (bytes).
pub const FIG6_BYTES: [u64; 5] = [32, 128, 512, 2048, 8192];

/// The rows of Tables 1 and 2.
pub fn table_rows() -> Vec<Variant> {
    vec![
        det(),
        adap_ooo(),
        adap_static("ADAP-LI static 2 KB", 2048, "li"),
        adap_static("ADAP-LW static 2 KB", 2048, "lw"),
        fifo(adap_static("ADAP-LI static 2 KB, FIFO source", 2048, "li")),
        fifo(adap_static("ADAP-LW static 2 KB, FIFO source", 2048, "lw")),
        adap_static("ADAP-LI static 32 KB", 32 << 10, "li"),
        adap_static("ADAP-LW static 32 KB", 32 << 10, "lw"),
        adap_dynamic("ADAP-LI dynamic 256 KB (128 KB/conn)", 256 << 10, 128 << 10),
        adap_dynamic("ADAP-LI dynamic 4 MB (1 MB/conn)", 4 << 20, 1 << 20),
    ]
}

/// Every job of the selected parts, in report order.
pub fn jobs(o: &Options) -> Result<Vec<Job>> {
    for f in &o.figures {
        if !FIGURES.contains(&f.as_str()) {
            return Err(Error::field(
                "--figures",
                format!("{f:?} is unknown; allowed: {}", FIGURES.join(", ")),
            ));
        }
    }
    let has = |f: &str| o.figures.iter().any(|x| x == f);
    let mut out = vec![];
    let synth = |out: &mut Vec<Job>,
                 fig: &str,
                 vs: &[Variant],
                 pattern: &'static str,
                 net: Net|
     -> Result<()> {
        for v in vs {
            let (rs, bound) = curves::rates(o, net, v, pattern)?;
            for r in rs {
                out.push(Job {
                    seed: None,
                    figure: fig.into(),
                    net,
                    variant: v.clone(),
                    workload: Workload::Synthetic { pattern, rate: r },
                    x: r,
                    bound,
                });
            }
        }
        Ok(())
    };
    let nets = |sw: usize| (1..=o.topologies as u64).map(move |t| Net::Irregular(sw, t));
    if has("fig5") {
        for pattern in ["uniform", "bit-reversal"] {
            for net in [16, 64].into_iter().flat_map(nets) {
                synth(&mut out, "fig5", &[det(), adap_ideal()], pattern, net)?;
            }
        }
    }
    if has("roots") {
        // Figure 5's uniform curves of the first topology under other up*/down* roots
        for sw in [16, 64] {
            let net = Net::Irregular(sw, 1);
            for r in curves::roots(o, net)?.iter().filter(|r| *r != "0") {
                let vs = [curves::rooted(det(), r), curves::rooted(adap_ideal(), r)];
                synth(&mut out, "roots", &vs, "uniform", net)?;
            }
        }
    }
    if has("fig6") {
        let mut vs = vec![det(), adap_ooo()];
        for b in FIG6_BYTES {
            vs.push(adap_static(&format!("ADAP {b} B"), b, "immediate"));
        }
        for net in [16, 64].into_iter().flat_map(nets) {
            synth(&mut out, "fig6", &vs, "bit-reversal", net)?;
        }
    }
    let trace = if has("tables") || has("fig8") {
        Some(Arc::new(trace004(o, o.trace_bursts_per_ms)?))
    } else {
        None
    };
    if let Some(t) = trace.as_ref().filter(|_| has("tables")) {
        // Table 1's replicates: network and trace of seeds seed..seed + seeds
        let mut sets = vec![(
            "table1",
            Net::Irregular(32, o.seed),
            o.compression_irregular,
            t.clone(),
            None,
        )];
        for s in o.seed + 1..o.seed + o.seeds.max(1) as u64 {
            let ts = Arc::new(trace004_seeded(o, o.trace_bursts_per_ms, s)?);
            sets.push((
                "table1",
                Net::Irregular(32, s),
                o.compression_irregular,
                ts,
                Some(s),
            ));
        }
        sets.push(("table2", Net::Torus, o.compression_torus, t.clone(), None));
        for (fig, net, c, t, seed) in sets {
            for v in table_rows() {
                out.push(Job {
                    seed,
                    figure: fig.into(),
                    net,
                    variant: v,
                    workload: Workload::Trace {
                        trace: t.clone(),
                        compression: c,
                        mtu: o.mtu,
                    },
                    x: c,
                    bound: None,
                });
            }
        }
    }
    if has("tables") {
        // the same rows' ends at other loads of the generator, irregular network
        for &b in &o.sensitivity_bursts {
            let t = Arc::new(trace004(o, b)?);
            for v in [
                det(),
                adap_ooo(),
                adap_static("ADAP-LI static 2 KB", 2048, "li"),
                adap_dynamic("ADAP-LI dynamic 256 KB (128 KB/conn)", 256 << 10, 128 << 10),
            ] {
                out.push(Job {
                    seed: None,
                    figure: "load".into(),
                    net: Net::Irregular(32, o.seed),
                    variant: v,
                    workload: Workload::Trace {
                        trace: t.clone(),
                        compression: o.compression_irregular,
                        mtu: o.mtu,
                    },
                    x: b,
                    bound: None,
                });
            }
        }
    }
    if let Some(t) = trace.as_ref().filter(|_| has("fig8")) {
        let mut vs = vec![det(), adap_ooo()];
        for &kb in &o.pools_kb {
            vs.push(adap_dynamic(
                &format!("ADAP-LI {}", kb_label(kb)),
                kb << 10,
                kb << 9,
            ));
        }
        for v in vs {
            for &mtu in &o.mtus {
                out.push(Job {
                    seed: None,
                    figure: "fig8".into(),
                    net: Net::Torus,
                    variant: v.clone(),
                    workload: Workload::Trace {
                        trace: t.clone(),
                        compression: o.compression_torus,
                        mtu,
                    },
                    x: mtu as f64,
                    bound: None,
                });
            }
        }
    }
    if has("fattree") {
        let t = Arc::new(fattree::storage_trace(o.seed, o.fattree_trace_us)?);
        let ft = |label: &str, routing: &str, selection: &str, extra: &[String]| {
            let mut sets = vec![
                format!("routing.algorithm=\"{routing}\""),
                format!("routing.selection=\"{selection}\""),
            ];
            sets.extend(extra.iter().cloned());
            Variant {
                label: label.into(),
                sets,
            }
        };
        // seed 001's 8 MB per destination, one pool every connection may fill
        let li = li_dynamic(8 << 20, 8 << 20);
        let vs = vec![
            ft("DET", "fir-det", "only", &[]),
            ft("SADP", "ir-adaptive", "sadp", &[]),
            ft("FF", "ir-adaptive", "ff", &[]),
            ft("SADP ADAP-LI 8 MB", "ir-adaptive", "sadp", &li),
            ft("FF ADAP-LI 8 MB", "ir-adaptive", "ff", &li),
        ];
        for &c in &o.fattree_compressions {
            for v in &vs {
                out.push(Job {
                    seed: None,
                    figure: "fattree".into(),
                    net: Net::FatTree,
                    variant: v.clone(),
                    workload: Workload::Trace {
                        trace: t.clone(),
                        compression: c,
                        mtu: 1024,
                    },
                    x: c,
                    bound: None,
                });
            }
        }
    }
    Ok(out)
}

/// "64 KB", "2 MB".
pub fn kb_label(kb: u64) -> String {
    if kb >= 1024 && kb.is_multiple_of(1024) {
        format!("{} MB", kb / 1024)
    } else {
        format!("{kb} KB")
    }
}

/// The points of figure `fig`.
pub fn pts<'a>(points: &'a [Point], fig: &'a str) -> impl Iterator<Item = &'a Point> + 'a {
    points.iter().filter(move |p| p.figure == fig)
}

/// The in-order NIC's section of a point's summary (vc family).
pub fn in_order(p: &Point) -> Option<crate::fabric::vc::InOrderSection> {
    match &p.summary.section {
        crate::fabric::Section::Vc(v) => v.in_order.clone(),
        _ => None,
    }
}
