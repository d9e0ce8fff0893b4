//! Throughput bounds: the offered load, in flits/cycle/host, at which the busiest
//! channel is full under a destination pattern. Every channel — each direction of a
//! switch-to-switch link, each host's injection and ejection link — carries at most one flit per
//! cycle. A channel that `n` flits/cycle cross per flit/cycle/host offered is full at offered
//! load 1/n; the bound is the least of those over all channels. No routing can accept more than
//! its bound; a measured throughput above it is a bug (allowing for the measurement's noise).
//!
//! Two kinds, named in every report:
//! - [`of_routes`]: a route set (one path per host pair: up*/down*, DOR, DL, ITB — the ITB
//!   host's links count too).
//! - [`minimal_even`]: routing over minimal paths decided in the switches (seed 004's adaptive
//!   routing, Opt-y): each host pair's traffic split evenly over all its minimal switch paths.
//!   An adaptive routing can beat this split only by choosing unevenly (away from a hot
//!   channel), so it is an estimate of what minimal adaptive routing reaches, not a limit.
//! - routing functions walked (`super::walk`): a routing decided in the switches without a
//!   route set (the dragonfly's), every host pair's path followed through them, every random
//!   draw weighted; for UGAL the best fixed split between its two candidates (an estimate of
//!   what its choice reaches, not a limit).

use super::RouteSet;
use crate::topology::{Peer, Topology};
use crate::traffic::pattern::DestTable;
use serde::Serialize;

/// The offered load at which the busiest channel is full.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bound {
    /// Offered flits/cycle/host at which the busiest channel is full (at most 1: a host link).
    pub rate: f64,
    /// The busiest channel: `sw3.p2 -> sw7.p0`, `host 12 -> sw3`, `sw3 -> host 12`.
    pub channel: String,
    /// Flits/cycle on it per flit/cycle/host offered.
    pub load: f64,
    /// "routes" or "minimal paths split evenly".
    pub kind: &'static str,
}

/// Channel loads per unit of offered load: switch outputs `sw * ports + port` (the host links'
/// ejection direction included, as the switch's output to the host), and host injection links.
struct Loads<'a> {
    topo: &'a Topology,
    out: Vec<f64>,
    inj: Vec<f64>,
}

impl<'a> Loads<'a> {
    fn new(topo: &'a Topology) -> Self {
        Loads {
            topo,
            out: vec![0.0; topo.switches * topo.ports_per_switch],
            inj: vec![0.0; topo.num_hosts()],
        }
    }

    /// A host's traffic to itself (`uniform+self`, `hot-nodes`): into its switch and straight
    /// back out, loading both of its host links and no other.
    fn add_self(&mut self, s: usize, w: f64) {
        let at = self.topo.host(s);
        self.inj[s] += w;
        self.out[at.sw * self.topo.ports_per_switch + at.port] += w;
    }

    fn busiest(&self, kind: &'static str) -> Option<Bound> {
        let np = self.topo.ports_per_switch;
        let mut best: Option<(f64, String)> = None;
        let mut take = |load: f64, name: &dyn Fn() -> String| {
            if load > 1e-12 && best.as_ref().is_none_or(|(b, _)| load > *b * (1.0 + 1e-12)) {
                best = Some((load, name()));
            }
        };
        for (i, &l) in self.out.iter().enumerate() {
            let (sw, p) = (i / np, i % np);
            take(l, &|| match self.topo.peer(sw, p) {
                Peer::Switch { sw: s2, port: p2 } => format!("sw{sw}.p{p} -> sw{s2}.p{p2}"),
                Peer::Host(h) => format!("sw{sw} -> host {h}"),
                _ => format!("sw{sw}.p{p}"),
            });
        }
        for (h, &l) in self.inj.iter().enumerate() {
            take(l, &|| format!("host {h} -> sw{}", self.topo.host(h).sw));
        }
        best.map(|(load, channel)| Bound {
            rate: (1.0 / load).min(1.0),
            channel,
            load,
            kind,
        })
    }
}

/// The bound of dimension-order routes, walked one path at a time without a route set (for
/// meshes whose route set is not kept, and tori whose ties are drawn per packet): the same
/// channel loads, added in the same order, as [`of_routes`] of `dor::routes` (VCs do not
/// change which channel a hop loads). With `split_ties`, a pair half a ring apart in a
/// dimension loads both ways evenly (a random tie-break's expectation).
pub fn of_dor(topo: &Topology, dests: &DestTable, split_ties: bool) -> Option<Bound> {
    let paths = super::dor::Paths::new(topo).ok()?;
    let np = topo.ports_per_switch;
    let mut l = Loads::new(topo);
    let mut r = super::Route::default();
    for s in 0..topo.num_hosts() {
        dests.weights(s, |d, w| {
            if d == s {
                l.add_self(s, w);
                return;
            }
            l.inj[s] += w;
            let t = if split_ties {
                paths.ties(s, d)
            } else {
                [false; 2]
            };
            let share = w / (1 << (t[0] as u32 + t[1] as u32)) as f64;
            for xp in [true, false].into_iter().take(1 + t[0] as usize) {
                for yp in [true, false].into_iter().take(1 + t[1] as usize) {
                    paths.path_with(s, d, [xp, yp], &mut r);
                    for (&sw, &p) in r.switches.iter().zip(&r.ports) {
                        l.out[sw as usize * np + p as usize] += share;
                    }
                }
            }
        });
    }
    l.busiest(if split_ties {
        "routes, ties split evenly"
    } else {
        "routes"
    })
}

/// The bound of a route set under `dests` (None when no host sends).
pub fn of_routes(topo: &Topology, routes: &RouteSet, dests: &DestTable) -> Option<Bound> {
    let np = topo.ports_per_switch;
    let mut l = Loads::new(topo);
    for s in 0..topo.num_hosts() {
        dests.weights(s, |d, w| {
            if d == s {
                l.add_self(s, w);
                return;
            }
            l.inj[s] += w;
            let r = routes.get(s, d);
            for (sw, p, _) in r.hop_list() {
                l.out[sw * np + p] += w;
            }
            // an in-transit host: out to it and back into the same switch
            for itb in r.itbs {
                let sw = r.switches[itb.at as usize] as usize;
                l.out[sw * np + itb.port as usize] += w;
                l.inj[itb.host as usize] += w;
            }
        });
    }
    l.busiest("routes")
}

/// The bound of minimal routing with every host pair's traffic split evenly over its minimal
/// switch paths (None when no host sends). Per destination switch, the traffic toward it flows
/// down the shortest-path graph, splitting at every switch in proportion to the number of
/// minimal paths behind each next hop — which spreads each pair evenly over its paths.
pub fn minimal_even(topo: &Topology, dests: &DestTable) -> Option<Bound> {
    let mut l = Loads::new(topo);
    let t = switch_traffic(topo, dests, &mut l);
    for (o, x) in l.out.iter_mut().zip(minimal_even_loads(topo, &t)) {
        *o += x;
    }
    l.busiest("minimal paths split evenly")
}

/// Switch output loads of the switch-to-switch traffic `t` (`t[dst * n + src]`) split evenly
/// over minimal paths: per destination switch, the traffic toward it flows down the
/// shortest-path graph, splitting at every switch in proportion to the minimal paths behind
/// each next hop.
fn minimal_even_loads(topo: &Topology, t: &[f64]) -> Vec<f64> {
    let (n, np) = (topo.switches, topo.ports_per_switch);
    let mut out = vec![0.0f64; n * np];
    let mut order: Vec<usize> = (0..n).collect();
    let mut flow = vec![0.0f64; n];
    for dst in 0..n {
        let row = &t[dst * n..(dst + 1) * n];
        if row.iter().all(|&x| x == 0.0) {
            continue;
        }
        let dist = topo.bfs(dst);
        // minimal paths from every switch to dst (f64: they overflow integers on big meshes)
        order.sort_by_key(|&x| dist[x]);
        let mut paths = vec![0.0f64; n];
        paths[dst] = 1.0;
        for &x in order.iter().skip(1) {
            if dist[x] == u32::MAX {
                continue;
            }
            paths[x] = topo
                .neighbors(x)
                .filter(|&(_, y, _)| dist[y] + 1 == dist[x])
                .map(|(_, y, _)| paths[y])
                .sum();
        }
        flow.copy_from_slice(row);
        // farthest first: a switch's flow is complete when every farther switch has pushed
        for &x in order.iter().rev() {
            if x == dst || dist[x] == u32::MAX || flow[x] == 0.0 {
                continue;
            }
            let f = flow[x];
            for (p, y, _) in topo.neighbors(x) {
                if dist[y] + 1 == dist[x] {
                    let share = f * paths[y] / paths[x];
                    out[x * np + p] += share;
                    flow[y] += share;
                }
            }
        }
    }
    out
}

/// Switch-to-switch traffic per unit of offered load, `t[dst * n + src]`, with the host links'
/// loads (which no routing changes) entered into `l`.
fn switch_traffic(topo: &Topology, dests: &DestTable, l: &mut Loads<'_>) -> Vec<f64> {
    let (n, h, np) = (topo.switches, topo.num_hosts(), topo.ports_per_switch);
    let mut t = vec![0.0f64; n * n];
    for s in 0..h {
        let ss = topo.host(s).sw;
        dests.weights(s, |d, w| {
            if d == s {
                l.add_self(s, w);
                return;
            }
            l.inj[s] += w;
            let ds = topo.host(d).sw;
            l.out[ds * np + topo.host(d).port] += w;
            if ds != ss {
                t[ds * n + ss] += w;
            }
        });
    }
    t
}

/// The best any minimal routing can do — a true upper bound, unlike [`minimal_even`]: no way of
/// spreading each pair over its minimal paths keeps every channel below full above this load.
/// For any channel weights y ≥ 0, the traffic must cross channels of total weight at least
/// Σ_pairs T·d_y (d_y: the lightest minimal path under y), while the channels carry at most
/// Σ y per cycle at full load; so rate ≤ Σ y / Σ T·d_y. The weights come from 1,000 steps of
/// Frank–Wolfe on the soft maximum of a minimal routing's channel loads (weights exponential in
/// load); the best bound found is kept. The host links' loads, which routing cannot change, bound it too.
pub fn minimal_limit(topo: &Topology, dests: &DestTable) -> Option<Bound> {
    let (n, np) = (topo.switches, topo.ports_per_switch);
    let mut hosts = Loads::new(topo);
    let t = switch_traffic(topo, dests, &mut hosts);
    let host_bound = hosts.busiest("any minimal routing");
    let chans: Vec<(usize, usize, usize)> = (0..n)
        .flat_map(|x| topo.neighbors(x).map(move |(p, y, _)| (x, p, y)))
        .collect();
    if chans.is_empty() || t.iter().all(|&x| x == 0.0) {
        return host_bound;
    }
    let dual = Dual::new(topo, &t);
    // Frank-Wolfe on the soft maximum of the channel loads: the loads `f` of a feasible minimal
    // routing (the even split at first) move toward the routing on the lightest paths under
    // weights that grow exponentially with load; every weighting gives a bound, and as `f`
    // approaches the best routing its tight channels share the weight.
    let mut f = minimal_even_loads(topo, &t);
    let mut best: Option<(f64, Vec<f64>)> = None;
    let mut y = vec![0.0f64; n * np];
    for k in 0..1000 {
        let top = chans
            .iter()
            .map(|&(x, p, _)| f[x * np + p])
            .fold(0.0, f64::max);
        for &(x, p, _) in &chans {
            y[x * np + p] = (60.0 * (f[x * np + p] / top - 1.0)).exp();
        }
        let (ub, a) = dual.eval(&y);
        if ub.is_finite() && best.as_ref().is_none_or(|(b, _)| ub < *b) {
            best = Some((ub, y.clone()));
        }
        let g = 2.0 / (k as f64 + 3.0);
        for (fi, ai) in f.iter_mut().zip(&a) {
            *fi += g * (ai - *fi);
        }
    }
    let (rate, w) = best?;
    // name the heaviest channel of the best weights
    let &(x, p, z) = chans
        .iter()
        .max_by(|a, b| w[a.0 * np + a.1].total_cmp(&w[b.0 * np + b.1]))?;
    let pz = match topo.peer(x, p) {
        Peer::Switch { port, .. } => port,
        _ => 0,
    };
    let net = Bound {
        rate: rate.min(1.0),
        channel: format!("sw{x}.p{p} -> sw{z}.p{pz}"),
        load: 1.0 / rate,
        kind: "any minimal routing",
    };
    Some(match host_bound {
        Some(h) if h.rate < net.rate => h,
        _ => net,
    })
}

/// The dual of minimal routing's min-max channel load (see [`minimal_limit`]).
struct Dual<'a> {
    topo: &'a Topology,
    t: &'a [f64],
    dist: Vec<Vec<u32>>,
}

impl<'a> Dual<'a> {
    fn new(topo: &'a Topology, t: &'a [f64]) -> Self {
        Dual {
            topo,
            t,
            dist: (0..topo.switches).map(|d| topo.bfs(d)).collect(),
        }
    }

    /// For weights `y`: Σ y / Σ T·d_y (a bound on the rate), and the channel loads of routing
    /// every pair on its lightest minimal path.
    fn eval(&self, y: &[f64]) -> (f64, Vec<f64>) {
        let (topo, n, np) = (self.topo, self.topo.switches, self.topo.ports_per_switch);
        let mut load = vec![0.0f64; n * np];
        let (mut dy, mut flow) = (vec![0.0f64; n], vec![0.0f64; n]);
        let mut order: Vec<usize> = (0..n).collect();
        let mut cost = 0.0;
        for dst in 0..n {
            let row = &self.t[dst * n..(dst + 1) * n];
            if row.iter().all(|&x| x == 0.0) {
                continue;
            }
            let dd = &self.dist[dst];
            order.sort_by_key(|&x| dd[x]);
            let next = |x: usize| {
                topo.neighbors(x)
                    .filter(move |&(_, z, _)| dd[z] != u32::MAX && dd[z] + 1 == dd[x])
            };
            dy[dst] = 0.0;
            for &x in order.iter().skip(1) {
                dy[x] = next(x)
                    .map(|(p, z, _)| y[x * np + p] + dy[z])
                    .fold(f64::INFINITY, f64::min);
            }
            flow.copy_from_slice(row);
            for &x in order.iter().rev() {
                if x == dst || flow[x] == 0.0 || !dy[x].is_finite() {
                    continue;
                }
                cost += row[x] * dy[x];
                if let Some((p, z, _)) = next(x).min_by(|a, b| {
                    (y[x * np + a.0] + dy[a.1]).total_cmp(&(y[x * np + b.0] + dy[b.1]))
                }) {
                    load[x * np + p] += flow[x];
                    flow[z] += flow[x];
                }
            }
        }
        let total: f64 = (0..n)
            .flat_map(|x| topo.neighbors(x).map(move |(p, _, _)| x * np + p))
            .map(|i| y[i])
            .sum();
        (total / cost, load)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::dor;
    use crate::topology::mesh::mesh;
    use crate::traffic::pattern::Pattern;

    /// A 4x4 mesh with one host per switch: dimension order's busiest channel under uniform
    /// traffic is a middle x link, counted by hand; minimal paths split evenly cross the same
    /// bisection, so they cannot do better there; bit-reversal's bound is the most routes on
    /// one channel.
    #[test]
    fn mesh_bounds_match_a_hand_count() {
        let topo = mesh([4, 4], 1).unwrap();
        let routes = dor::routes(&topo).unwrap();
        let u = DestTable::new(&Pattern::uniform(), &topo).unwrap();
        let b = of_routes(&topo, &routes, &u).unwrap();
        // DOR on a 4x4 mesh, uniform over 15 others: the link from x=1 to x=2 in a row carries
        // the 2 sources west of it (x = 0, 1) to the 2 columns east (x = 2, 3) of every row:
        // 2 sources x 2 columns x 4 rows = 16 destinations, each 1/15 -> 16/15
        assert!((b.load - 16.0 / 15.0).abs() < 1e-9, "{b:?}");
        assert!((b.rate - 15.0 / 16.0).abs() < 1e-9);
        let m = minimal_even(&topo, &u).unwrap();
        assert!(
            m.load >= 16.0 / 15.0 - 1e-9,
            "the bisection carries the same: {m:?}"
        );
        assert!(m.rate <= 1.0);
        // no minimal routing beats the bisection: 8 of the 16 hosts send 8/15 of their
        // traffic across 4 channels each way -> load >= 16/15, rate <= 15/16; the dual bound
        // finds it (within its iterations) and is never below what even splitting achieves
        let lim = minimal_limit(&topo, &u).unwrap();
        assert!(lim.rate >= m.rate - 1e-9, "{lim:?} vs {m:?}");
        // dimension order is a minimal routing: the limit cannot be below what it achieves
        assert!(lim.rate >= b.rate - 1e-9, "{lim:?} vs {b:?}");
        assert!(lim.rate <= 15.0 / 16.0 * 1.02, "{lim:?}");
        // bit-reversal is a permutation: its route bound counts routes per channel
        let br = DestTable::new(&Pattern::bit_reversal(), &topo).unwrap();
        let bb = of_routes(&topo, &routes, &br).unwrap();
        let mut per = std::collections::HashMap::new();
        for s in 0..16 {
            if let Some(d) = br.fixed(s) {
                for (sw, p, _) in routes.get(s, d).hop_list() {
                    *per.entry((sw, p)).or_insert(0) += 1;
                }
            }
        }
        let most = *per.values().max().unwrap() as f64;
        assert!((bb.load - most).abs() < 1e-9, "{bb:?} vs {most}");
    }

    /// A hot spot is bounded by its host's ejection link: p x (H - 1) + (1 - p) per unit.
    #[test]
    fn a_hot_spot_is_bounded_by_its_ejection_link() {
        let topo = mesh([4, 4], 1).unwrap();
        let hs = DestTable::new(&Pattern::hot_spot(10.0, 5), &topo).unwrap();
        let m = minimal_even(&topo, &hs).unwrap();
        let want = 15.0 * 0.1 + 15.0 * 0.9 / 15.0;
        assert!((m.load - want).abs() < 1e-9, "{m:?}");
        assert_eq!(m.channel, "sw5 -> host 5");
    }

    /// Walking dimension-order paths one at a time gives the bound of the route set bit for
    /// bit, on meshes and tori with one and two hosts per switch, under uniform, bit-reversal
    /// and hot-spot traffic; a mesh whose route set is not kept still has its bound.
    #[test]
    fn dimension_order_paths_one_at_a_time_give_the_route_sets_bound() {
        use crate::topology::mesh::torus;
        for topo in [
            mesh([4, 4], 1).unwrap(),
            mesh([4, 2], 2).unwrap(),
            torus([4, 8], 1).unwrap(),
            torus([5, 5], 1).unwrap(),
        ] {
            let routes = dor::routes(&topo).unwrap();
            for pat in [
                Pattern::uniform(),
                Pattern::bit_reversal(),
                Pattern::hot_spot(10.0, 5),
            ] {
                let Ok(d) = DestTable::new(&pat, &topo) else {
                    continue; // bit-reversal on 25 hosts
                };
                assert_eq!(
                    of_dor(&topo, &d, false),
                    of_routes(&topo, &routes, &d),
                    "{pat:?}"
                );
            }
        }
        // 64x64: the route set would take gigabytes, so the plan keeps none and says why
        let big = mesh([64, 64], 1).unwrap();
        let plan = crate::routing::registry::dor_plan(
            &big,
            "dor",
            &crate::routing::registry::PlanArgs::default(),
        )
        .unwrap();
        assert!(plan.routes.is_none());
        let why = plan.routes_error.unwrap().to_string();
        assert!(
            why.contains("4096 hosts") && why.contains("vc and vct families"),
            "{why}"
        );
    }
}
