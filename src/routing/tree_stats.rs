//! Route statistics of k-ary n-trees routed by IR/FIR units (seed 001 §3.1, §4, Figure 3),
//! computed by walking packets through the loaded units of [`super::ir_fir`] — so they check the
//! register contents as well as describe the routing.
//!
//! **Which path.** Deterministic FIR allows exactly one port at every hop. Adaptive IR allows
//! every up port while ascending; its statistics follow the path the SADP selection function
//! prefers (seed 001 §5.1): at stage `s` the up port `k + p'_s` of the destination `p'` — the
//! path deterministic FIR takes. Both therefore give the same counts; `max_allowed_ports` tells
//! them apart (1 for FIR, `k` for IR).
//!
//! **Link counts** ([`StageLinks`], Figure 3's bottom row): for every ordered node pair
//! (source ≠ destination) the route is walked and every *switch-to-switch* link it crosses is
//! counted in its direction. Node links are not included (each injection and each delivery link
//! carries exactly `N − 1` paths). "Stage s" is the stage of the link's lower switch: `up` is the
//! link used upward from stage `s` to `s + 1`, `down` the same link used downward; stages run
//! `0..n−1` (an `n`-stage tree has `n − 1` stages of links). Min and max are over all links of
//! the stage, unused ones included. Since the route depends only on the current switch and the
//! destination, one walk per (stage-0 switch, destination) stands for the `k` (or `k − 1`)
//! sources of that switch.
//!
//! **Other statistics** follow `routing::stats`: hops are switch-to-switch links crossed
//! (minimal = `2 × the stage of the nearest common ancestors`), `max_channel_load` is the number
//! of pairs on the busiest directed switch-to-switch link, per pattern for the permutations
//! (bit-reversal, perfect shuffle, complement: one pair per source that does not map to itself),
//! and the deadlock check is the channel dependency graph of all routes.

use super::deadlock::Cdg;
use super::ir_fir::{registers, units, walk, Hop, Scheme};
use crate::error::{Error, Result};
use crate::topology::fattree::tree_of;
use crate::topology::kary_ntree::{KAryNTree, TreeSwitch};
use crate::topology::Topology;
use crate::traffic::pattern::{permutation_dest, Pattern};
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt::Write;

/// Most routing steps [`compute`] takes: it walks every stage-0 switch to every destination,
/// `(N/k)·N·(2n−1)` steps (a few seconds at most). That allows n ≤ 11 for k = 2, n ≤ 6 for
/// k = 4, n ≤ 4 for k = 8 and n ≤ 3 for k = 16.
pub const MAX_WALK_STEPS: u64 = 50_000_000;

/// The routing steps [`compute`] takes on `t`.
pub fn walk_steps(t: &KAryNTree) -> u64 {
    (t.nodes() / t.k() as u64) * t.nodes() * (2 * t.n() as u64 - 1)
}

/// The fat-tree routings of `flitwave routes`: `fir-det` (deterministic FIR, §4.1) and
/// `ir-adaptive` (adaptive IR, §3.1).
pub fn parse_scheme(s: &str) -> Result<Scheme> {
    match s {
        "fir-det" => Ok(Scheme::DeterministicFir),
        "ir-adaptive" => Ok(Scheme::AdaptiveIr),
        other => Err(Error::field(
            "--routing",
            format!("{other:?} is not a fat-tree routing, allowed: fir-det, ir-adaptive"),
        )),
    }
}

/// The CLI name of a scheme.
pub fn scheme_name(s: Scheme) -> &'static str {
    match s {
        Scheme::DeterministicFir => "fir-det",
        Scheme::AdaptiveIr => "ir-adaptive",
    }
}

/// One output port's registers, as `flitwave routes --json` prints them (bit `i` of `rrr` =
/// port `i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RegisterRow {
    pub switch: u64,
    pub stage: u32,
    pub port: u32,
    pub fi: u32,
    pub li: u32,
    pub mr: u32,
    pub rrr: u32,
}

/// The registers of every port of every switch, by switch id then port.
pub fn register_rows(t: &KAryNTree, scheme: Scheme) -> Vec<RegisterRow> {
    let mut rows = Vec::with_capacity(t.switches() as usize * t.ports());
    for id in 0..t.switches() {
        let sw = t.switch_of(id);
        for (port, r) in registers(t, scheme, sw).iter().enumerate() {
            rows.push(RegisterRow {
                switch: id,
                stage: sw.stage,
                port: port as u32,
                fi: r.fi,
                li: r.li,
                mr: r.mr,
                rrr: r.rrr,
            });
        }
    }
    rows
}

/// Paths per switch-to-switch link of one stage (lower end at `stage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StageLinks {
    pub stage: u32,
    pub up_min: u64,
    pub up_max: u64,
    pub down_min: u64,
    pub down_max: u64,
}

/// Hops and link load under one permutation pattern.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PermutationStats {
    pub pattern: String,
    /// Sources that send (those not mapped to themselves).
    pub pairs: u64,
    pub avg_hops: Option<f64>,
    /// Pairs on the busiest directed switch-to-switch link.
    pub max_channel_load: u64,
}

/// Everything `flitwave routes` reports for a fat-tree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TreeRouteStats {
    pub k: u32,
    pub n: u32,
    pub routing: &'static str,
    pub hosts: u64,
    pub switches: u64,
    pub link_paths_per_stage: Vec<StageLinks>,
    pub avg_hops_uniform: f64,
    pub minimal_avg_hops_uniform: f64,
    pub max_channel_load_uniform: u64,
    pub routes_non_minimal: u64,
    /// Most ports the unit allowed at one hop (1: deterministic).
    pub max_allowed_ports: u32,
    pub permutations: Vec<PermutationStats>,
    pub deadlock_free: bool,
    pub deadlock_check: String,
}

/// The SADP-preferred choice (§5.1): the up port `k + p'_s` when allowed, else the lowest
/// allowed port (going down only one is allowed).
fn sadp_preferred(t: &KAryNTree, dst: u32) -> impl FnMut(TreeSwitch, u32) -> u32 {
    let t = *t;
    move |sw, allowed| {
        let up = t.k() + t.component(dst, sw.stage);
        if (allowed >> up) & 1 == 1 {
            up
        } else {
            allowed.trailing_zeros()
        }
    }
}

/// Add `w` to the directed switch-to-switch channels of a walked route (every hop but the last,
/// which leads to the destination node).
fn count(t: &KAryNTree, hops: &[Hop], w: u64, load: &mut [u64]) {
    for h in &hops[..hops.len() - 1] {
        load[t.switch_id(h.switch) as usize * t.ports() + h.port as usize] += w;
    }
}

/// Walk every route of `topo` (a routable fat-tree needing at most [`MAX_WALK_STEPS`] steps)
/// under `scheme`.
pub fn compute(topo: &Topology, scheme: Scheme) -> Result<TreeRouteStats> {
    let what = format!("{} routing", scheme_name(scheme));
    let t = tree_of(topo, &what)?;
    t.routable()?;
    if walk_steps(&t) > MAX_WALK_STEPS {
        return Err(Error::new(format!(
            "{what}: the {}-ary {}-tree ({} nodes) is too large for route statistics: they walk every stage-0 switch to every destination, {} routing steps, at most {MAX_WALK_STEPS} are allowed (n <= 11 for k = 2, 6 for k = 4, 4 for k = 8, 3 for k = 16)",
            t.k(),
            t.n(),
            t.nodes(),
            walk_steps(&t)
        )));
    }
    let u = units(&t, scheme);
    let (k, nodes, ports) = (t.k() as u64, t.nodes(), t.ports());
    let mut load = vec![0u64; t.switches() as usize * ports];
    let mut cdg = Cdg::new(topo);
    let (mut hops, mut min, mut nonmin, mut max_allowed) = (0u64, 0u64, 0u64, 0u32);
    for leaf in 0..nodes / k {
        for dst in 0..nodes as u32 {
            let on_leaf = dst as u64 / k == leaf;
            // a source of this stage-0 switch other than the destination
            let src = (leaf * k) as u32 + u32::from(dst as u64 == leaf * k);
            let path = walk(&t, &u, src, dst, sadp_preferred(&t, dst))?;
            let w = if on_leaf { k - 1 } else { k };
            let h = path.len() as u64 - 1;
            let m = 2 * t.nca_stage(src, dst) as u64;
            hops += w * h;
            min += w * m;
            if h > m {
                nonmin += w;
            }
            max_allowed = max_allowed.max(
                path.iter()
                    .map(|x| x.allowed.count_ones())
                    .max()
                    .unwrap_or(0),
            );
            count(&t, &path, w, &mut load);
            cdg.add_path(
                path.iter()
                    .map(|x| (t.switch_id(x.switch) as usize, x.port as usize)),
            );
        }
    }
    let pairs = nodes * (nodes - 1);
    let per = |stage: u32, ports: std::ops::Range<u32>| {
        let base = stage as u64 * t.switches_per_stage();
        let v: Vec<u64> = (base..base + t.switches_per_stage())
            .flat_map(|id| ports.clone().map(move |p| (id, p)))
            .map(|(id, p)| load[id as usize * t.ports() + p as usize])
            .collect();
        (
            v.iter().copied().min().unwrap_or(0),
            v.iter().copied().max().unwrap_or(0),
        )
    };
    let link_paths_per_stage = (0..t.n() - 1)
        .map(|s| {
            let (up_min, up_max) = per(s, t.k()..2 * t.k());
            let (down_min, down_max) = per(s + 1, 0..t.k());
            StageLinks {
                stage: s,
                up_min,
                up_max,
                down_min,
                down_max,
            }
        })
        .collect();
    let mut permutations = Vec::new();
    for p in [
        Pattern::bit_reversal(),
        Pattern::perfect_shuffle(),
        Pattern::complement(),
    ] {
        let mut pl = vec![0u64; load.len()];
        let (mut n, mut h) = (0u64, 0u64);
        for src in 0..nodes as usize {
            if let Some(dst) = permutation_dest(&p, src, nodes as usize) {
                let path = walk(
                    &t,
                    &u,
                    src as u32,
                    dst as u32,
                    sadp_preferred(&t, dst as u32),
                )?;
                n += 1;
                h += path.len() as u64 - 1;
                count(&t, &path, 1, &mut pl);
            }
        }
        permutations.push(PermutationStats {
            pattern: p.to_string(),
            pairs: n,
            avg_hops: (n > 0).then(|| h as f64 / n as f64),
            max_channel_load: pl.iter().copied().max().unwrap_or(0),
        });
    }
    let dl = cdg.check();
    Ok(TreeRouteStats {
        k: t.k(),
        n: t.n(),
        routing: scheme_name(scheme),
        hosts: nodes,
        switches: t.switches(),
        link_paths_per_stage,
        avg_hops_uniform: hops as f64 / pairs.max(1) as f64,
        minimal_avg_hops_uniform: min as f64 / pairs.max(1) as f64,
        max_channel_load_uniform: load.iter().copied().max().unwrap_or(0),
        routes_non_minimal: nonmin,
        max_allowed_ports: max_allowed,
        permutations,
        deadlock_free: dl.acyclic,
        deadlock_check: dl.to_string(),
    })
}

impl TreeRouteStats {
    /// The JSON of `flitwave routes --json` on a fat-tree: the keys of `routing::stats` where
    /// they apply (`avg_hops.<pattern>`, `minimal_avg_hops.uniform`,
    /// `max_channel_load.<pattern>`, `routes_non_minimal`, `deadlock_free`, `deadlock_cycle`),
    /// plus `k`, `n`, `routing`, `max_allowed_ports`, `link_paths_per_stage` and `registers`.
    pub fn to_json(&self, registers: &[RegisterRow]) -> Value {
        let mut avg = serde_json::Map::new();
        let mut load = serde_json::Map::new();
        avg.insert("uniform".into(), json!(self.avg_hops_uniform));
        load.insert("uniform".into(), json!(self.max_channel_load_uniform));
        for p in &self.permutations {
            let key = p.pattern.replace('-', "_");
            avg.insert(key.clone(), json!(p.avg_hops));
            load.insert(key, json!(p.max_channel_load));
        }
        json!({
            "topology": format!("{}-ary {}-tree", self.k, self.n),
            "k": self.k,
            "n": self.n,
            "routing": self.routing,
            "switches": self.switches,
            "hosts": self.hosts,
            "avg_hops": avg,
            "minimal_avg_hops": { "uniform": self.minimal_avg_hops_uniform },
            "max_channel_load": load,
            "routes_non_minimal": self.routes_non_minimal,
            "max_allowed_ports": self.max_allowed_ports,
            "deadlock_free": self.deadlock_free,
            "deadlock_cycle": (!self.deadlock_free).then(|| self.deadlock_check.clone()),
            "link_paths_per_stage": self.link_paths_per_stage,
            "registers": registers,
        })
    }
}

/// `x` as `bits` binary digits.
fn bin(x: u32, bits: u32) -> String {
    format!("{:0w$b}", x, w = bits as usize)
}

/// The switch index `o` as its `n − 1` components, most significant first (digits for k ≤ 8,
/// comma separated above).
fn components(t: &KAryNTree, o: u32) -> String {
    let c: Vec<String> = (0..t.n().saturating_sub(1))
        .rev()
        .map(|i| t.component(o, i).to_string())
        .collect();
    if t.k() <= 8 {
        c.concat()
    } else {
        c.join(",")
    }
}

/// The register table of `flitwave routes --registers`: one row per port of every switch,
/// FI/LI as node addresses (decimal and binary), MR and RRR in binary (RRR printed port
/// `2k−1` first, so bit `i` = port `i` reads right to left), and the destinations for which the
/// unit allows the port (listed for trees of at most 16 nodes, counted above).
pub fn register_table(t: &KAryNTree, scheme: Scheme) -> String {
    let (bits, ports, k) = (t.addr_bits(), t.ports() as u32, t.k());
    let u = units(t, scheme);
    let w = bits as usize + 3 + (t.nodes() - 1).to_string().len();
    let mut s = format!(
        "{} registers of the {k}-ary {}-tree ({}): {} nodes ({bits}-bit addresses), {} switches, ports 0..{} down, {k}..{} up\n",
        match scheme {
            Scheme::DeterministicFir => "FIR",
            Scheme::AdaptiveIr => "IR",
        },
        t.n(),
        match scheme {
            Scheme::DeterministicFir => "deterministic, Fat-trees paper §4.1 / Figure 4",
            Scheme::AdaptiveIr => "adaptive, Fat-trees paper §3.1 / Figure 2",
        },
        t.nodes(),
        t.switches(),
        k - 1,
        2 * k - 1
    );
    let _ = writeln!(
        s,
        "{:>6} {:>5} {:>8} {:>4} {:<4}  {:>w$}  {:>w$}  {:>mw$}  {:>rw$}  allowed for",
        "switch",
        "stage",
        "o",
        "port",
        "dir",
        "FI",
        "LI",
        "MR",
        "RRR",
        mw = bits as usize,
        rw = ports as usize
    );
    for id in 0..t.switches() {
        let sw = t.switch_of(id);
        let regs = registers(t, scheme, sw);
        let unit = &u[id as usize];
        for p in 0..ports {
            let r = regs[p as usize];
            let top = p >= k && sw.stage + 1 == t.n();
            let dir = if p < k {
                "down"
            } else if top {
                "open"
            } else {
                "up"
            };
            let dests: Vec<u32> = (0..t.nodes() as u32)
                .filter(|&d| (unit.route(d) >> p) & 1 == 1)
                .collect();
            let allowed = if top {
                "- (unconnected; never matches)".to_string()
            } else if t.nodes() <= 16 {
                let v: Vec<String> = dests.iter().map(|d| d.to_string()).collect();
                v.join(" ")
            } else {
                format!("{} destinations", dests.len())
            };
            let addr = |x: u32| format!("{x} ({})", bin(x, bits));
            let _ = writeln!(
                s,
                "{:>6} {:>5} {:>8} {:>4} {:<4}  {:>w$}  {:>w$}  {:>mw$}  {:>rw$}  {}",
                id,
                sw.stage,
                components(t, sw.index),
                p,
                dir,
                addr(r.fi),
                addr(r.li),
                bin(r.mr, bits),
                bin(r.rrr, ports),
                allowed,
                mw = bits as usize,
                rw = ports as usize
            );
        }
    }
    s
}

impl std::fmt::Display for TreeRouteStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}-ary {}-tree, {} routing: {} hosts, {} switches",
            self.k, self.n, self.routing, self.hosts, self.switches
        )?;
        if self.routing == "ir-adaptive" {
            writeln!(
                f,
                "(adaptive: paths counted along the SADP-preferred up port k + p'_s, the deterministic path)"
            )?;
        }
        writeln!(
            f,
            "paths per switch-to-switch link (ordered node pairs; stage = lower switch; node links excluded, each carries {})",
            self.hosts.saturating_sub(1)
        )?;
        writeln!(f, "stage    up min   up max  down min  down max")?;
        for l in &self.link_paths_per_stage {
            writeln!(
                f,
                "{:>5} {:>9} {:>8} {:>9} {:>9}",
                l.stage, l.up_min, l.up_max, l.down_min, l.down_max
            )?;
        }
        writeln!(
            f,
            "avg hops uniform     {:>8.3}   (minimal {:.3}; {} non-minimal routes)",
            self.avg_hops_uniform, self.minimal_avg_hops_uniform, self.routes_non_minimal
        )?;
        writeln!(
            f,
            "max channel load     {:>8}   uniform (ordered node pairs on the busiest link)",
            self.max_channel_load_uniform
        )?;
        for p in &self.permutations {
            let h = p
                .avg_hops
                .map(|v| format!("{v:.3}"))
                .unwrap_or_else(|| "n/a".into());
            writeln!(
                f,
                "{:<17} avg hops {h:>6}, max channel load {} ({} sending nodes)",
                p.pattern, p.max_channel_load, p.pairs
            )?;
        }
        writeln!(
            f,
            "max allowed ports    {:>8}   at one hop",
            self.max_allowed_ports
        )?;
        write!(f, "deadlock check: {}", self.deadlock_check)
    }
}
