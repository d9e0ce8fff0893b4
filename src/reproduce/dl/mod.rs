//! `flitwave reproduce dl`: seed 003's Table 7 (average hops) and Table 6 (throughput on
//! irregular networks) beside the paper's values, on the §5.1 setup of `configs/dl.toml`.
//! Table 7 comes from the route sets alone (every topology); Table 6 from saturation searches
//! (every row of the paper's table; reduced: two topologies per size and 20,000 cycles per
//! point; `--full`: ten and 100,000).

pub mod command;
pub mod figures;

use crate::error::Result;
use crate::experiment::config::{Config, TopologyKind};
use crate::experiment::sweep::Runner;
use crate::routing::registry::{routing, PlanArgs};
use crate::routing::stats::RouteStats;
use crate::stats::saturation::{Load, Saturation};
use crate::topology::{irregular, mesh, Topology};

/// A routing of Table 6: (routing, restriction, path selection).
pub type Routing = (&'static str, &'static str, &'static str);

/// The §5.1 preset.
pub const PRESET: &str = include_str!("../../../configs/dl.toml");

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub topologies: usize,
    pub sizes: Vec<usize>,
    pub cycles: u64,
    /// Table 6 routings.
    pub routings: Vec<Routing>,
    pub patterns: Vec<&'static str>,
    pub threads: Option<usize>,
}

impl Options {
    /// Every row of Table 6 on two topologies per size, 20,000 cycles per point (about a
    /// minute on 2 cores).
    pub fn reduced() -> Self {
        let mut r = vec![];
        for sel in ["low-port", "sancho", "high-pch"] {
            r.push(("updown", "ud", sel));
        }
        for res in ["ud", "ud-du", "ud-dud", "l-turn"] {
            for sel in ["low-port", "sancho", "high-pch"] {
                r.push(("dl", res, sel));
            }
        }
        Options {
            topologies: 2,
            sizes: vec![16, 64],
            cycles: 20_000,
            routings: r,
            patterns: vec!["uniform", "bit-reversal"],
            threads: None,
        }
    }

    /// The paper's scale: ten topologies per size, 100,000 cycles per point.
    pub fn full() -> Self {
        Options {
            topologies: 10,
            cycles: 100_000,
            ..Self::reduced()
        }
    }
}

/// Seed 003 Table 7: average hops (uniform, bit-reversal) for 16 and 64 switches and the 2D
/// torus, up*/down* and DL with (UD)*, (UD-DU)*, UD-(DU)*, (L-turn)*. (3.14 is the paper's hop
/// count, not π.)
#[allow(clippy::approx_constant)]
pub const PAPER_TABLE7: [(&str, [f64; 6]); 5] = [
    ("up*/down*", [2.01, 1.98, 3.72, 3.48, 4.36, 3.80]),
    ("DL (UD)*", [1.89, 1.94, 3.14, 3.14, 4.02, 3.50]),
    ("DL (UD-DU)*", [1.89, 1.94, 3.15, 3.13, 4.02, 3.50]),
    ("DL UD-(DU)*", [1.89, 1.93, 3.14, 3.13, 4.02, 3.50]),
    ("DL (L-turn)*", [1.88, 1.94, 3.14, 3.13, 4.02, 3.50]),
];

/// Seed 003 Table 6 (averages): 16 switches uniform, bit-reversal; 64 switches uniform,
/// bit-reversal; keyed by (routing, restriction, selection).
pub const PAPER_TABLE6: [(Routing, [f64; 4]); 15] = [
    (("updown", "ud", "low-port"), [0.161, 0.269, 0.033, 0.052]),
    (("updown", "ud", "sancho"), [0.177, 0.322, 0.037, 0.059]),
    (("updown", "ud", "high-pch"), [0.176, 0.328, 0.037, 0.062]),
    (("dl", "ud", "low-port"), [0.169, 0.277, 0.105, 0.123]),
    (("dl", "ud", "sancho"), [0.289, 0.353, 0.162, 0.192]),
    (("dl", "ud", "high-pch"), [0.290, 0.350, 0.164, 0.188]),
    (("dl", "ud-du", "low-port"), [0.169, 0.277, 0.105, 0.120]),
    (("dl", "ud-du", "sancho"), [0.286, 0.354, 0.159, 0.199]),
    (("dl", "ud-du", "high-pch"), [0.282, 0.360, 0.158, 0.193]),
    (("dl", "ud-dud", "low-port"), [0.180, 0.274, 0.109, 0.124]),
    (("dl", "ud-dud", "sancho"), [0.295, 0.349, 0.169, 0.196]),
    (("dl", "ud-dud", "high-pch"), [0.289, 0.358, 0.170, 0.192]),
    (("dl", "l-turn", "low-port"), [0.181, 0.284, 0.103, 0.112]),
    (("dl", "l-turn", "sancho"), [0.292, 0.347, 0.156, 0.186]),
    (("dl", "l-turn", "high-pch"), [0.283, 0.338, 0.159, 0.185]),
];

/// The §5.1 preset running routing `r` under `pattern` for `o.cycles` cycles (a tenth of them
/// warm-up), on the topology `topology` sets.
pub fn preset(
    o: &Options,
    r: Routing,
    pattern: &str,
    topology: impl FnOnce(&mut Config),
) -> Result<Config> {
    let mut c = Config::from_toml(PRESET, &[])?;
    topology(&mut c);
    c.traffic.pattern = pattern.into();
    c.routing.algorithm = r.0.into();
    c.routing.dl.restriction = r.1.into();
    c.routing.paths = Some(r.2.into());
    c.cycles = o.cycles;
    c.warmup = o.cycles / 10;
    c.validate()?;
    Ok(c)
}

fn route_stats(topo: &Topology, alg: &str, restriction: &str, sel: &str) -> Result<RouteStats> {
    let args = PlanArgs {
        paths: Some(sel),
        priorities: false,
        seed: 1,
        restriction,
        layers: Some(3),
        default_layers: 3,
        root: 0,
        tie: None,
        classes: None,
        global_queue: None,
    };
    let plan = routing(alg)?.plan(topo, &args)?;
    let routes = plan.source_routes(|| crate::Error::new("no routes"))?;
    let st = RouteStats::compute(topo, &routes);
    if !st.deadlock_free {
        return Err(crate::Error::new(format!(
            "{alg} {restriction} {sel}: the route set has a dependency cycle: {}",
            st.deadlock_cycle.clone().unwrap_or_default()
        )));
    }
    Ok(st)
}

/// Table 7's rows: the paper's name, the routing, the restriction.
const TABLE7_ROWS: [(&str, &str, &str); 5] = [
    ("up*/down*", "updown", "ud"),
    ("DL (UD)*", "dl", "ud"),
    ("DL (UD-DU)*", "dl", "ud-du"),
    ("DL UD-(DU)*", "dl", "ud-dud"),
    ("DL (L-turn)*", "dl", "l-turn"),
];

/// One topology's average hops under one of Table 7's rows.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hops {
    pub routing: &'static str,
    pub switches: usize,
    pub topology_seed: u64,
    pub uniform: f64,
    pub bit_reversal: f64,
}

/// Table 7's irregular cells, one per row, size (16, 64) and topology seed.
pub fn table7_cells(o: &Options) -> Result<Vec<Hops>> {
    let mut out = vec![];
    for (name, alg, res) in TABLE7_ROWS {
        for size in [16usize, 64] {
            for t in 1..=o.topologies as u64 {
                let topo = irregular::generate(size, 4, 8, t)?;
                let s = route_stats(&topo, alg, res, "low-port")?;
                out.push(Hops {
                    routing: name,
                    switches: size,
                    topology_seed: t,
                    uniform: s.avg_hops_uniform,
                    bit_reversal: s.avg_hops_bit_reversal.unwrap_or(0.0),
                });
            }
        }
    }
    Ok(out)
}

/// Table 7 as measured: per routing row, uniform and bit-reversal hops for 16, 64 switches
/// (means of `cells` over their topologies) and the 8x8 torus.
pub fn table7(cells: &[Hops]) -> Result<Vec<(&'static str, [f64; 6])>> {
    let mut out = vec![];
    for (name, alg, res) in TABLE7_ROWS {
        let mut v = [0.0; 6];
        for (k, size) in [16usize, 64].into_iter().enumerate() {
            let mine: Vec<&Hops> = cells
                .iter()
                .filter(|h| h.routing == name && h.switches == size)
                .collect();
            let n = mine.len().max(1) as f64;
            v[2 * k] = mine.iter().map(|h| h.uniform).sum::<f64>() / n;
            v[2 * k + 1] = mine.iter().map(|h| h.bit_reversal).sum::<f64>() / n;
        }
        let torus = mesh::torus([8, 8], 4)?;
        let s = route_stats(&torus, alg, res, "low-port")?;
        v[4] = s.avg_hops_uniform;
        v[5] = s.avg_hops_bit_reversal.unwrap_or(0.0);
        out.push((name, v));
    }
    Ok(out)
}

/// One Table 6 cell: throughput (flits/host/cycle) of a routing on one topology and pattern.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Cell {
    pub routing: Routing,
    pub switches: usize,
    pub topology_seed: u64,
    pub pattern: &'static str,
    /// The highest accepted traffic of the search (flits/cycle/host; seed 003's reading).
    pub throughput: f64,
    /// Saturation throughput by the one criterion (stats::saturation), flits/cycle/host.
    pub saturation: f64,
    pub healthy: bool,
}

/// Table 6: saturation searches on the §5.1 setup.
pub fn table6(o: &Options) -> Result<Vec<Cell>> {
    let mut jobs = vec![];
    for &size in &o.sizes {
        for t in 1..=o.topologies as u64 {
            for &p in &o.patterns {
                for &r in &o.routings {
                    jobs.push((size, t, p, r));
                }
            }
        }
    }
    let config = |&(size, t, p, r): &(usize, u64, &'static str, Routing)| {
        preset(o, r, p, |c| {
            c.topology.kind = TopologyKind::Irregular;
            c.topology.switches = size;
            c.topology.seed = Some(t);
        })
    };
    let configs = |j: &_| Ok(vec![config(j)?]);
    crate::reproduce::jobs::run_all(&jobs, o.threads, false, "cells", configs, |j| {
        let &(size, t, p, r) = j;
        let run = Runner::new(config(j)?)?;
        let (pts, _) = run.search(0.01)?;
        let best = pts
            .iter()
            .map(|x| x.summary.accepted_flits_per_cycle_per_host)
            .fold(0.0, f64::max);
        let loads: Vec<Load> = pts.iter().map(|x| x.summary.load(x.rate)).collect();
        Ok(Cell {
            routing: r,
            switches: size,
            topology_seed: t,
            pattern: p,
            throughput: best,
            saturation: Saturation::of(&loads).throughput,
            healthy: pts.iter().all(|x| x.summary.healthy()),
        })
    })
}

/// Seed 003 Table 5, the mesh column (RHiNET-2's 4x4 mesh, 2 VCs): bit-reversal, matrix
/// transpose, butterfly, complement.
pub const PAPER_TABLE5_MESH: [(&str, [f64; 4]); 2] = [
    ("up*/down*", [0.124, 0.080, 0.085, 0.049]),
    ("DL", [0.139, 0.102, 0.089, 0.073]),
];

/// Table 5's mesh column as measured: the 4x4 mesh of 8-port switches with 4 hosts each, 2
/// VCs, up*/down* and DL (UD)*, Sancho's selection, on the §5.1 switch.
pub fn table5_mesh(o: &Options) -> Result<Vec<(&'static str, [f64; 4])>> {
    let pats = ["bit-reversal", "transpose", "butterfly", "complement"];
    let mut jobs = vec![];
    for (name, alg) in [("up*/down*", "updown"), ("DL", "dl")] {
        for (k, p) in pats.iter().enumerate() {
            jobs.push((name, alg, k, *p));
        }
    }
    let config = |&(_, alg, _, p): &(&str, &'static str, usize, &'static str)| {
        preset(o, (alg, "ud", "sancho"), p, |c| {
            c.topology.kind = TopologyKind::Mesh;
            c.topology.dims = "4x4".into();
            c.topology.hosts_per_switch = 4;
            c.switch.vc.vcs = 2;
            c.routing.layers = 2;
        })
    };
    let configs = |j: &_| Ok(vec![config(j)?]);
    let cells: Vec<(&str, usize, f64)> =
        crate::reproduce::jobs::run_all(&jobs, o.threads, false, "cells", configs, |j| {
            let &(name, _, k, p) = j;
            let (pts, _) = Runner::new(config(j)?)?.search(0.01)?;
            if !pts.iter().all(|x| x.summary.healthy()) {
                return Err(crate::Error::new(format!("{name} {p}: unhealthy run")));
            }
            let best = pts
                .iter()
                .map(|x| x.summary.accepted_flits_per_cycle_per_host)
                .fold(0.0, f64::max);
            Ok((name, k, best))
        })?;
    Ok(["up*/down*", "DL"]
        .iter()
        .map(|&n| {
            let mut v = [0.0; 4];
            for &(m, k, x) in &cells {
                if m == n {
                    v[k] = x;
                }
            }
            (n, v)
        })
        .collect())
}

/// Table 5's mesh column beside the paper's.
pub fn table5_markdown(t5: &[(&str, [f64; 4])]) -> String {
    let mut s = String::from(
        "\n## Table 5, the mesh column: throughput (flits/host/cycle) on the 4×4 mesh, 2 VCs\n\n",
    );
    s += "| routing | bit-reversal paper | flitwave | transpose paper | flitwave | butterfly paper | flitwave | complement paper | flitwave |\n|---|---|---|---|---|---|---|---|---|\n";
    for ((name, p), (_, m)) in PAPER_TABLE5_MESH.iter().zip(t5) {
        s += &format!(
            "| {name} | {:.3} | {:.4} | {:.3} | {:.4} | {:.3} | {:.4} | {:.3} | {:.4} |\n",
            p[0], m[0], p[1], m[1], p[2], m[2], p[3], m[3]
        );
    }
    s += "\nSancho's selection for both (the paper's path distribution of its Section 4 is not given); topologies A and B of the RHiNET-2 cluster are not published.\n\n";
    s
}

/// The report: Table 7 and Table 6 beside the paper's values.
pub fn markdown(o: &Options, t7: &[(&str, [f64; 6])], t6: &[Cell]) -> String {
    let mut s = String::from("## Table 7: average hops (uniform / bit-reversal)\n\n");
    s += "| routing | 16 sw paper | 16 sw flitwave | 64 sw paper | 64 sw flitwave | 8×8 torus paper | 8×8 torus flitwave |\n|---|---|---|---|---|---|---|\n";
    for ((name, p), (_, m)) in PAPER_TABLE7.iter().zip(t7) {
        s += &format!(
            "| {name} | {:.2} / {:.2} | {:.3} / {:.3} | {:.2} / {:.2} | {:.3} / {:.3} | {:.2} / {:.2} | {:.3} / {:.3} |\n",
            p[0], p[1], m[0], m[1], p[2], p[3], m[2], m[3], p[4], p[5], m[4], m[5]
        );
    }
    s += &format!(
        "\nIrregular networks: the mean of topology seeds 1..={} (8-port switches, 4 hosts each); every route set deadlock-free.\n\n",
        o.topologies
    );
    s += "## Table 6: throughput (flits/host/cycle), mean and SD over topologies\n\n";
    s += "Throughput is the highest accepted traffic of each saturation search (the paper's reading), with the saturation throughput by flitwave's one criterion beside it (docs/statistics.md).\n\n| routing | size | pattern | paper | flitwave mean | flitwave SD | saturation throughput mean | topologies |\n|---|---|---|---|---|---|---|---|\n";
    for &r in &o.routings {
        for &size in &o.sizes {
            for &p in &o.patterns {
                let v: Vec<f64> = t6
                    .iter()
                    .filter(|c| c.routing == r && c.switches == size && c.pattern == p)
                    .map(|c| c.throughput)
                    .collect();
                if v.is_empty() {
                    continue;
                }
                let m = v.iter().sum::<f64>() / v.len() as f64;
                let sd = (v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / v.len() as f64).sqrt();
                let sat = t6
                    .iter()
                    .filter(|c| c.routing == r && c.switches == size && c.pattern == p)
                    .map(|c| c.saturation)
                    .sum::<f64>()
                    / v.len() as f64;
                let col = match (size, p) {
                    (16, "uniform") => Some(0),
                    (16, _) => Some(1),
                    (64, "uniform") => Some(2),
                    (64, _) => Some(3),
                    _ => None,
                };
                let paper = PAPER_TABLE6
                    .iter()
                    .find(|x| x.0 == r)
                    .zip(col)
                    .map_or("–".to_string(), |(x, c)| format!("{:.3}", x.1[c]));
                s += &format!(
                    "| {} {} {} | {size} | {p} | {paper} | {m:.4} | {sd:.4} | {sat:.4} | {} |\n",
                    r.0,
                    r.1,
                    r.2,
                    v.len()
                );
            }
        }
    }
    s
}
