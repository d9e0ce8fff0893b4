//! `flitwave bench`: simulation speed in simulated switch-cycles per second and delivered flits
//! per second, on one core (or `--threads`), for the scenarios of docs/performance.md.

use super::build;
use super::config::{Config, TopologyKind};
use crate::error::Result;
use crate::fabric::Nic;
use serde::Serialize;
use std::time::Instant;

/// One benchmark scenario.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub name: &'static str,
    pub config: Config,
}

/// Speed measured on one scenario.
#[derive(Debug, Clone, Serialize)]
pub struct BenchResult {
    pub name: String,
    pub switches: usize,
    pub cycles: u64,
    pub seconds: f64,
    pub switch_cycles_per_sec: f64,
    pub delivered_flits_per_sec: f64,
    pub accepted_flits_per_cycle_per_host: f64,
    pub ns_per_switch_cycle: f64,
}

fn mesh(dims: &str, rate: f64, cycles: u64) -> Config {
    let mut c = Config::default();
    c.topology.kind = TopologyKind::Mesh;
    c.topology.dims = dims.into();
    c.topology.hosts_per_switch = 1;
    c.routing.algorithm = "dor".into();
    c.traffic.message_bytes = 20;
    c.traffic.rate = rate;
    c.cycles = cycles;
    c.warmup = cycles / 10;
    c
}

/// The BookSim2-equivalent preset (`configs/booksim-iq.toml`) on a `dims` mesh at `rate`.
pub const BOOKSIM_IQ: &str = include_str!("../../configs/booksim-iq.toml");

fn booksim_iq(dims: &str, rate: f64, cycles: u64) -> Config {
    let set = [
        format!("topology.dims={dims:?}"),
        format!("traffic.rate={rate}"),
        format!("cycles={cycles}"),
        format!("warmup={}", cycles / 10),
    ];
    Config::from_toml(BOOKSIM_IQ, &set).expect("the preset and its overrides are valid")
}

/// The standard scenarios; `scale` multiplies the simulated cycles. The `vc_` ones run the
/// BookSim2-equivalent preset at the loads docs/results/booksim.md timed BookSim2 at: 8x8 at
/// 0.01, 0.10 and 0.34 (its highest stable rate); 16x16 at 0.01, at 0.054 (the same flits per
/// router per cycle as 8x8 at 0.10: 0.10 x 6.25 / 11.625 routers crossed) and at 0.10.
pub fn scenarios(scale: f64) -> Vec<Scenario> {
    let cyc = |n: f64| ((n * scale) as u64).max(2000);
    let mut irr = Config::default();
    irr.topology.switches = 64;
    irr.cycles = cyc(100_000.0);
    irr.warmup = irr.cycles / 10;
    irr.traffic.rate = 0.03;
    vec![
        Scenario {
            name: "mesh8x8_dor_20flit_rate0.10",
            config: mesh("8x8", 0.1, cyc(200_000.0)),
        },
        Scenario {
            name: "mesh8x8_dor_20flit_rate0.15_near_sat",
            config: mesh("8x8", 0.15, cyc(200_000.0)),
        },
        Scenario {
            name: "mesh8x8_dor_20flit_rate0.05",
            config: mesh("8x8", 0.05, cyc(200_000.0)),
        },
        Scenario {
            name: "mesh16x16_dor_20flit_rate0.05",
            config: mesh("16x16", 0.05, cyc(50_000.0)),
        },
        Scenario {
            name: "mesh16x16_dor_20flit_rate0.10_beyond_sat",
            config: mesh("16x16", 0.1, cyc(50_000.0)),
        },
        Scenario {
            name: "irregular64_updown_512B_rate0.03_near_sat",
            config: irr,
        },
        Scenario {
            name: "vc_booksim_iq_8x8_rate0.01",
            config: booksim_iq("8x8", 0.01, cyc(400_000.0)),
        },
        Scenario {
            name: "vc_booksim_iq_8x8_rate0.10",
            config: booksim_iq("8x8", 0.1, cyc(100_000.0)),
        },
        Scenario {
            name: "vc_booksim_iq_8x8_rate0.34_sat",
            config: booksim_iq("8x8", 0.34, cyc(50_000.0)),
        },
        Scenario {
            name: "vc_booksim_iq_16x16_rate0.01",
            config: booksim_iq("16x16", 0.01, cyc(100_000.0)),
        },
        Scenario {
            name: "vc_booksim_iq_16x16_rate0.054",
            config: booksim_iq("16x16", 0.054, cyc(25_000.0)),
        },
        Scenario {
            name: "vc_booksim_iq_16x16_rate0.10",
            config: booksim_iq("16x16", 0.1, cyc(25_000.0)),
        },
    ]
}

/// Run one scenario on `threads` threads (topology and route computation are not timed).
pub fn run_one(s: &Scenario, threads: usize) -> Result<BenchResult> {
    let mut net = build::build(&s.config)?.network;
    let (secs, sum, switches, cycles, delivered) = with_network!(&mut net, n => {
        n.set_threads(threads);
        let t0 = Instant::now();
        n.run(s.config.cycles);
        let secs = t0.elapsed().as_secs_f64().max(1e-9);
        let delivered: u64 = n.nics.iter().map(|x| x.ejected_flits()).sum();
        (secs, n.summary(), n.switches().len(), n.now(), delivered)
    });
    let sc = switches as f64 * cycles as f64;
    Ok(BenchResult {
        name: s.name.to_string(),
        switches,
        cycles,
        seconds: secs,
        switch_cycles_per_sec: sc / secs,
        delivered_flits_per_sec: delivered as f64 / secs,
        accepted_flits_per_cycle_per_host: sum.accepted_flits_per_cycle_per_host,
        ns_per_switch_cycle: secs * 1e9 / sc,
    })
}
