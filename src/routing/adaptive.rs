//! Fully adaptive minimal routing with up*/down* escape paths, as the InfiniBand adaptive switch
//! of seed 004 (§4.1, after Silla & Duato's NOW routing and Duato's theory) uses it: every port
//! has an **escape queue** (VC 0) and an **adaptive queue** (VC 1 and up).
//!
//! The rule, exactly (docs/inorder.md):
//! - **Adaptive candidates**, at every switch and from either queue: every output on a minimal
//!   path to the destination switch, on an adaptive VC. A packet may leave the escape queue for
//!   an adaptive queue at any switch.
//! - **Escape candidates**, tried only when no adaptive one can take the packet: outputs that
//!   continue a legal up\*/down\* path on VC 0. A packet in an adaptive queue (or fresh from
//!   its NIC) may start a new up\*/down\* path: any next hop of a shortest legal path from this
//!   switch. A packet in an escape queue that arrived over a *down* link may only go down: the
//!   down links whose down-only distance to the destination falls by one.
//!
//! Deadlock freedom needs virtual cut-through (seed 004's switching): a packet blocked at a
//! switch lies whole in one queue there, so it holds no channel upstream and Duato's condition
//! for cut-through networks involves only *direct* dependencies between escape channels — a
//! packet in escape channel a asking for escape channel b. Under the rule these are exactly the
//! legal up*/down* turns (up→up, up→down, down→down), an acyclic graph, and the escape
//! subfunction is connected (a legal path exists from every switch). [`check_escape`] builds
//! that graph and checks it; [`check_ignoring_arrival`] builds the graph of the rule without
//! its input-port condition (a packet that came down may climb again in the escape queues),
//! whose down→up turns close cycles — the reason for the condition. With wormhole switching a
//! blocked packet would hold channels behind it and the indirect dependencies through adaptive
//! queues would have to be added; the vc family refuses adaptive routing with wormhole.
//!
//! Tables: per (switch, destination switch) a port mask of minimal outputs, of escape outputs
//! from a fresh start, and of escape outputs after a down hop; per switch a mask of the input
//! ports a down hop arrives on. Built in O(switches² · ports).

use super::deadlock::{Cdg, DeadlockCheck};
use super::updown::UpDown;
use crate::error::{Error, Result};
use crate::topology::{Peer, Topology};

/// No path.
const INF: u32 = u32::MAX;

/// The routing tables of every switch.
#[derive(Debug, Clone)]
pub struct AdaptiveTables {
    pub switches: usize,
    pub ports: usize,
    /// Switch and port of every host.
    pub hosts: Vec<(u32, u8)>,
    /// `[sw * switches + dsw]`: outputs on a minimal path.
    pub minimal: Vec<u32>,
    /// `[sw * switches + dsw]`: escape outputs from a fresh start (up or down).
    pub escape_any: Vec<u32>,
    /// `[sw * switches + dsw]`: escape outputs after a down hop (down only).
    pub escape_down: Vec<u32>,
    /// Per switch: the input ports a down hop arrives on.
    pub down_in: Vec<u32>,
    /// Per switch: the ports hosts are attached to.
    pub host_ports: Vec<u32>,
}

impl AdaptiveTables {
    /// The tables of `topo` (any connected topology of at most 32 ports per switch).
    pub fn build(topo: &Topology, root: usize) -> Result<Self> {
        let (n, np) = (topo.switches, topo.ports_per_switch);
        if np > 32 {
            return Err(Error::field(
                "topology.ports",
                format!("{np} ports; adaptive routing's port masks allow at most 32"),
            ));
        }
        let ud = UpDown::rooted(topo, root);
        let dist = topo.switch_distances();
        // up*/down* order: a switch's up neighbours come earlier
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&s| (ud.level[s], s));
        let mut t = AdaptiveTables {
            switches: n,
            ports: np,
            hosts: topo
                .hosts
                .iter()
                .map(|h| (h.sw as u32, h.port as u8))
                .collect(),
            minimal: vec![0; n * n],
            escape_any: vec![0; n * n],
            escape_down: vec![0; n * n],
            down_in: (0..n)
                .map(|s| {
                    topo.neighbors(s)
                        .filter(|&(p, _, _)| ud.is_up(s, p))
                        .fold(0, |m, (p, _, _)| m | 1 << p)
                })
                .collect(),
            host_ports: (0..n)
                .map(|s| {
                    (0..np)
                        .filter(|&p| matches!(topo.peer(s, p), Peer::Host(_)))
                        .fold(0, |m, p| m | 1 << p)
                })
                .collect(),
        };
        let mut down = vec![INF; n];
        let mut any = vec![INF; n];
        for d in 0..n {
            // down-only distances to d: BFS backwards over down hops
            down.fill(INF);
            down[d] = 0;
            let mut q = std::collections::VecDeque::from([d]);
            while let Some(z) = q.pop_front() {
                for (_, x, _) in topo.neighbors(z) {
                    // x -> z is a down hop when z -> x goes up
                    if ud.is_up_hop(z, x) && down[x] == INF {
                        down[x] = down[z] + 1;
                        q.push_back(x);
                    }
                }
            }
            // legal distances: up hops first (towards earlier switches), then down only
            for &x in &order {
                let mut best = down[x];
                for (_, z, _) in topo.neighbors(x) {
                    if ud.is_up_hop(x, z) && any[z] != INF {
                        best = best.min(any[z] + 1);
                    }
                }
                any[x] = best;
            }
            for x in 0..n {
                let i = x * n + d;
                for (p, z, _) in topo.neighbors(x) {
                    let bit = 1u32 << p;
                    if dist[z][d] != INF && dist[z][d] + 1 == dist[x][d] {
                        t.minimal[i] |= bit;
                    }
                    let up = ud.is_up_hop(x, z);
                    let via = if up { any[z] } else { down[z] };
                    if via != INF && via + 1 == any[x] {
                        t.escape_any[i] |= bit;
                    }
                    if !up && down[z] != INF && down[z] + 1 == down[x] {
                        t.escape_down[i] |= bit;
                    }
                }
                if x != d && (t.minimal[i] == 0 || t.escape_any[i] == 0) {
                    return Err(Error::new(format!(
                        "adaptive routing: switch {x} has no path to switch {d}"
                    )));
                }
            }
        }
        Ok(t)
    }

    /// Escape outputs at `sw` towards switch `dsw` for a packet that arrived on `in_port`
    /// over an escape channel (`down` phase when that was a down hop).
    #[inline]
    pub fn escape_after(&self, sw: usize, in_port: usize, dsw: usize) -> u32 {
        let i = sw * self.switches + dsw;
        if self.down_in[sw] >> in_port & 1 == 1 {
            self.escape_down[i]
        } else {
            self.escape_any[i]
        }
    }
}

/// The peer switch and its input port behind output `p` of `sw`.
fn peer(topo: &Topology, sw: usize, p: usize) -> Option<(usize, usize)> {
    match topo.peer(sw, p) {
        Peer::Switch { sw, port } => Some((sw, port)),
        _ => None,
    }
}

/// The channel dependency graph of the escape channels (VC 0) under the rule — every escape
/// channel a packet can hold towards each destination and the escape channels it may ask for
/// next, entering from an adaptive queue at any switch — checked for cycles.
pub fn check_escape(topo: &Topology, t: &AdaptiveTables) -> DeadlockCheck {
    escape_graph(topo, t, true).check()
}

/// The same graph for the rule without its input-port condition: a packet in an escape queue
/// is offered every escape output of a fresh start, whichever way it arrived (not the rule
/// flitwave uses; its down→up turns make cycles).
pub fn check_ignoring_arrival(topo: &Topology, t: &AdaptiveTables) -> DeadlockCheck {
    escape_graph(topo, t, false).check()
}

fn escape_graph<'a>(topo: &'a Topology, t: &AdaptiveTables, by_arrival: bool) -> Cdg<'a> {
    let n = t.switches;
    let mut g = Cdg::with_vcs(topo, 1);
    // held[(sw * ports + port)]: escape channel out of (sw, port) is held towards d
    let mut held = vec![false; n * t.ports];
    let mut stack = Vec::new();
    for d in 0..n {
        held.fill(false);
        // entries from adaptive queues at every switch
        for x in 0..n {
            for p in bits(t.escape_any[x * n + d]) {
                if !held[x * t.ports + p] {
                    held[x * t.ports + p] = true;
                    stack.push((x, p));
                }
            }
        }
        while let Some((x, p)) = stack.pop() {
            let Some((z, zin)) = peer(topo, x, p) else {
                continue;
            };
            if z == d {
                continue;
            }
            let next = if by_arrival {
                t.escape_after(z, zin, d)
            } else {
                t.escape_any[z * n + d]
            };
            for q in bits(next) {
                g.add_vc_path([(x, p, 0), (z, q, 0)]);
                if !held[z * t.ports + q] {
                    held[z * t.ports + q] = true;
                    stack.push((z, q));
                }
            }
        }
    }
    g
}

/// The set bits of `m`.
fn bits(m: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |b| m >> b & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::irregular;
    use crate::topology::mesh;

    #[test]
    fn escape_graph_is_acyclic_and_dropping_the_arrival_condition_is_not() {
        // (network, does dropping the condition close a cycle?): on these irregular networks
        // a packet that came down and climbs again in the escape queues closes a cycle; on the
        // torus and one small network the shortest legal paths happen to avoid every such turn
        let mut cases = vec![];
        for (sw, seed, cycle) in [
            (16, 1, true),
            (16, 2, false),
            (32, 1, true),
            (64, 1, true),
            (64, 2, true),
        ] {
            let topo = irregular::generate(sw, 4, 8, seed).unwrap();
            cases.push((format!("irregular {sw} seed {seed}"), topo, cycle));
        }
        cases.push(("4x4 torus".into(), mesh::torus([4, 4], 4).unwrap(), false));
        cases.push((
            "4x4 torus, 8 hosts".into(),
            mesh::torus([4, 4], 8).unwrap(),
            false,
        ));
        for (name, topo, cycle) in &cases {
            let t = AdaptiveTables::build(topo, 0).unwrap();
            let c = check_escape(topo, &t);
            assert!(c.acyclic, "{name}: {c}");
            let bad = check_ignoring_arrival(topo, &t);
            assert_eq!(!bad.acyclic, *cycle, "{name}: {bad}");
        }
    }

    #[test]
    fn tables_are_minimal_and_escape_paths_legal() {
        let topo = irregular::generate(32, 4, 8, 3).unwrap();
        let t = AdaptiveTables::build(&topo, 0).unwrap();
        let ud = UpDown::new(&topo);
        let dist = topo.switch_distances();
        let n = topo.switches;
        #[allow(clippy::needless_range_loop)]
        for s in 0..n {
            for d in 0..n {
                if s == d {
                    continue;
                }
                // every minimal output lowers the distance by one
                for p in bits(t.minimal[s * n + d]) {
                    let (z, _) = peer(&topo, s, p).unwrap();
                    assert_eq!(dist[z][d] + 1, dist[s][d]);
                }
                // following the first escape output from a fresh start reaches d legally
                let (mut x, mut inp, mut path) = (s, usize::MAX, vec![s as u32]);
                let mut fresh = true;
                while x != d {
                    let m = if fresh {
                        t.escape_any[x * n + d]
                    } else {
                        t.escape_after(x, inp, d)
                    };
                    assert_ne!(m, 0, "{s}->{d} stuck at {x}");
                    let p = m.trailing_zeros() as usize;
                    let (z, zin) = peer(&topo, x, p).unwrap();
                    (x, inp, fresh) = (z, zin, false);
                    path.push(x as u32);
                    assert!(path.len() <= 2 * n);
                }
                assert!(ud.is_legal(&path), "{path:?}");
            }
        }
    }
}
