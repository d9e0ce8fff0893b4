//! Route statistics without simulating: average hops (and the minimal average over the same
//! pairs), the load of the busiest channel, non-minimal routes, and the deadlock check.
//!
//! Averages are over ordered host pairs with source ≠ destination, counting switch-to-switch
//! links; bit-reversal uses the pairs (s, reverse(s)) and skips hosts that map to themselves
//! (null when the host count is not a power of two). `max_channel_load.uniform` is the number of
//! ordered host pairs whose route crosses the busiest directed switch-to-switch link.

use super::{deadlock, RouteSet};
use crate::topology::Topology;
use crate::traffic::pattern::bit_reverse;
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt;

/// Statistics of a route set on a topology.
#[derive(Debug, Clone, Serialize)]
pub struct RouteStats {
    pub switches: usize,
    pub hosts: usize,
    pub avg_hops_uniform: f64,
    pub avg_hops_bit_reversal: Option<f64>,
    pub minimal_avg_hops_uniform: f64,
    pub minimal_avg_hops_bit_reversal: Option<f64>,
    pub max_channel_load_uniform: u64,
    /// Ordered host pairs whose route is longer than the minimal switch distance.
    pub routes_non_minimal: u64,
    pub deadlock_free: bool,
    pub deadlock_cycle: Option<String>,
    /// Routes naming VCs (layered routings): VC changes between consecutive switch-to-switch
    /// hops per route, and the share of those hops on each VC, over ordered host pairs.
    pub layer_changes_per_route: Option<f64>,
    pub layer_share: Option<Vec<f64>>,
    /// Per pattern (uniform, bit_reversal, local3, local5, hot_spot): average switch-to-switch
    /// hops and average in-transit hosts per message, weighting each source equally and its
    /// destinations by the pattern's probabilities (hot-spot: the paper's share for the network
    /// size, host 0).
    pub per_pattern: Vec<PatternStats>,
}

/// Route averages under one destination pattern.
#[derive(Debug, Clone, Serialize)]
pub struct PatternStats {
    pub pattern: &'static str,
    pub avg_hops: Option<f64>,
    pub itbs_per_message: Option<f64>,
}

/// Expected (hops, ITBs) per message under a pattern; None when no source sends.
fn pattern_avg(
    topo: &Topology,
    routes: &RouteSet,
    pattern: &str,
    dist: &[Vec<u32>],
) -> Option<(f64, f64)> {
    let h = topo.num_hosts();
    if h < 2 {
        return None;
    }
    let (mut hops, mut itbs, mut sources) = (0f64, 0f64, 0usize);
    let hot_p = crate::traffic::pattern::hot_spot_percent_for(topo.switches) / 100.0;
    let acc = |s: usize, d: usize, w: f64, hops: &mut f64, itbs: &mut f64| {
        let r = routes.get(s, d);
        *hops += w * r.hops() as f64;
        *itbs += w * r.itbs.len() as f64;
    };
    for s in 0..h {
        let (mut sh, mut si) = (0f64, 0f64);
        let sent = match pattern {
            "uniform" => {
                let w = 1.0 / (h - 1) as f64;
                (0..h)
                    .filter(|&d| d != s)
                    .for_each(|d| acc(s, d, w, &mut sh, &mut si));
                true
            }
            "bit_reversal" => {
                if !h.is_power_of_two() {
                    return None;
                }
                let d = bit_reverse(s, h.trailing_zeros());
                if d != s {
                    acc(s, d, 1.0, &mut sh, &mut si);
                }
                d != s
            }
            "local3" | "local5" => {
                let l: u32 = if pattern == "local3" { 3 } else { 5 };
                let ss = topo.host(s).sw;
                let c: Vec<usize> = (0..h)
                    .filter(|&d| d != s && dist[ss][topo.host(d).sw] <= l)
                    .collect();
                let w = 1.0 / c.len().max(1) as f64;
                c.iter().for_each(|&d| acc(s, d, w, &mut sh, &mut si));
                !c.is_empty()
            }
            "hot_spot" => {
                let hot = 0;
                let p = if s == hot { 0.0 } else { hot_p };
                if s != hot {
                    acc(s, hot, p, &mut sh, &mut si);
                }
                let w = (1.0 - p) / (h - 1) as f64;
                (0..h)
                    .filter(|&d| d != s)
                    .for_each(|d| acc(s, d, w, &mut sh, &mut si));
                true
            }
            _ => return None,
        };
        if sent {
            hops += sh;
            itbs += si;
            sources += 1;
        }
    }
    (sources > 0).then(|| (hops / sources as f64, itbs / sources as f64))
}

/// The patterns reported by `flitwave routes`.
pub const PATTERNS: [&str; 5] = ["uniform", "bit_reversal", "local3", "local5", "hot_spot"];

impl RouteStats {
    /// Compute everything.
    pub fn compute(topo: &Topology, routes: &RouteSet) -> RouteStats {
        let h = topo.num_hosts();
        let dist = topo.switch_distances();
        let np = topo.ports_per_switch;
        let mut load = vec![0u64; topo.switches * np];
        let (mut hops, mut min, mut pairs, mut nonmin) = (0u64, 0u64, 0u64, 0u64);
        let nv = routes.vcs();
        let (mut changes, mut per_vc) = (0u64, vec![0u64; nv.max(1)]);
        for s in 0..h {
            for d in 0..h {
                if s == d {
                    continue;
                }
                let r = routes.get(s, d);
                let m = dist[topo.host(s).sw][topo.host(d).sw] as u64;
                hops += r.hops() as u64;
                min += m;
                pairs += 1;
                if r.hops() as u64 > m {
                    nonmin += 1;
                }
                let mut prev = None;
                for (sw, p, v) in r.hop_list().take(r.hops()) {
                    load[sw * np + p] += 1;
                    if let Some(c) = per_vc.get_mut(v) {
                        *c += 1;
                    }
                    changes += prev.is_some_and(|x| x != v) as u64;
                    prev = Some(v);
                }
            }
        }
        let (br, brmin) = if h.is_power_of_two() && h > 1 {
            let bits = h.trailing_zeros();
            let (mut a, mut b, mut n) = (0u64, 0u64, 0u64);
            for s in 0..h {
                let d = bit_reverse(s, bits);
                if d != s {
                    a += routes.get(s, d).hops() as u64;
                    b += dist[topo.host(s).sw][topo.host(d).sw] as u64;
                    n += 1;
                }
            }
            if n > 0 {
                (Some(a as f64 / n as f64), Some(b as f64 / n as f64))
            } else {
                (None, None)
            }
        } else {
            (None, None)
        };
        let dl = deadlock::check(topo, routes);
        let p = pairs.max(1) as f64;
        RouteStats {
            switches: topo.switches,
            hosts: h,
            avg_hops_uniform: hops as f64 / p,
            avg_hops_bit_reversal: br,
            minimal_avg_hops_uniform: min as f64 / p,
            minimal_avg_hops_bit_reversal: brmin,
            max_channel_load_uniform: load.iter().copied().max().unwrap_or(0),
            routes_non_minimal: nonmin,
            deadlock_free: dl.acyclic,
            deadlock_cycle: (!dl.acyclic).then(|| dl.to_string()),
            layer_changes_per_route: (nv > 1).then(|| changes as f64 / p),
            layer_share: (nv > 1).then(|| {
                let all = per_vc.iter().sum::<u64>().max(1) as f64;
                per_vc.iter().map(|&c| c as f64 / all).collect()
            }),
            per_pattern: PATTERNS
                .iter()
                .map(|&p| {
                    let a = pattern_avg(topo, routes, p, &dist);
                    PatternStats {
                        pattern: p,
                        avg_hops: a.map(|x| x.0),
                        itbs_per_message: a.map(|x| x.1),
                    }
                })
                .collect(),
        }
    }

    /// JSON with dotted-key nesting: `avg_hops.uniform`, `max_channel_load.uniform`, ...
    pub fn to_json(&self) -> Value {
        let mut avg = serde_json::Map::new();
        let mut itb = serde_json::Map::new();
        for p in &self.per_pattern {
            avg.insert(p.pattern.into(), json!(p.avg_hops));
            itb.insert(p.pattern.into(), json!(p.itbs_per_message));
        }
        // the exact pair averages for uniform and bit-reversal
        avg.insert("uniform".into(), json!(self.avg_hops_uniform));
        avg.insert("bit_reversal".into(), json!(self.avg_hops_bit_reversal));
        json!({
            "switches": self.switches,
            "hosts": self.hosts,
            "avg_hops": avg,
            "itbs_per_message": itb,
            "minimal_avg_hops": { "uniform": self.minimal_avg_hops_uniform, "bit_reversal": self.minimal_avg_hops_bit_reversal },
            "max_channel_load": { "uniform": self.max_channel_load_uniform },
            "routes_non_minimal": self.routes_non_minimal,
            "deadlock_free": self.deadlock_free,
            "deadlock_cycle": self.deadlock_cycle,
            "layer_changes_per_route": self.layer_changes_per_route,
            "layer_share": self.layer_share,
        })
    }
}

impl fmt::Display for RouteStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = |x: Option<f64>| x.map(|v| format!("{v:.3}")).unwrap_or_else(|| "n/a".into());
        writeln!(f, "{} switches, {} hosts", self.switches, self.hosts)?;
        writeln!(f, "                      uniform   bit-reversal")?;
        writeln!(
            f,
            "avg hops             {:>8.3}   {:>12}",
            self.avg_hops_uniform,
            o(self.avg_hops_bit_reversal)
        )?;
        writeln!(
            f,
            "minimal avg hops     {:>8.3}   {:>12}",
            self.minimal_avg_hops_uniform,
            o(self.minimal_avg_hops_bit_reversal)
        )?;
        for p in &self.per_pattern[2..] {
            writeln!(f, "avg hops {:<11} {:>8}", p.pattern, o(p.avg_hops))?;
        }
        write!(f, "ITBs per message    ")?;
        for p in &self.per_pattern {
            write!(f, " {}={}", p.pattern, o(p.itbs_per_message))?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "max channel load     {:>8}   (ordered host pairs on the busiest link)",
            self.max_channel_load_uniform
        )?;
        writeln!(
            f,
            "non-minimal routes   {:>8}   of {} ordered host pairs",
            self.routes_non_minimal,
            self.hosts * self.hosts.saturating_sub(1)
        )?;
        if let (Some(c), Some(sh)) = (self.layer_changes_per_route, &self.layer_share) {
            let sh: Vec<String> = sh.iter().map(|x| format!("{:.1} %", 100.0 * x)).collect();
            writeln!(
                f,
                "layer changes        {c:>8.3}   per route; hops per layer (VC 0, 1, ...): {}",
                sh.join(", ")
            )?;
        }
        write!(f, "deadlock free        {}", self.deadlock_free)
    }
}
