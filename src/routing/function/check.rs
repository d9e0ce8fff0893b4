//! The deadlock check of routing functions decided in the switches: their (link, VC) channel
//! dependency graph ([`Cdg`]), built by following every candidate they offer towards each
//! destination, and its cycles (Dally & Seitz). Route sets are checked by
//! `routing::deadlock::check`; this is the same check for adaptive routings without escape
//! channels (seed 002's Opt-y) and for any routing function.

use super::{Candidates, Query, Routing, RoutingFunction};
use crate::routing::deadlock::{Cdg, DeadlockCheck};
use crate::sim::packet::Header;
use crate::topology::{Peer, Topology};

/// The channel dependency graph of routing functions decided in the switches (`functions[sw]`)
/// over `vcs` VCs per link: towards every destination switch, every channel a packet can hold
/// — injected at any switch, then wherever its functions' candidates (every VC of their masks)
/// take it — and, from each, every channel the function offers next. Adaptive routing without
/// escape channels is deadlock-free if this graph is acyclic (Dally & Seitz; every candidate may
/// be waited for).
pub fn function_graph<'a>(topo: &'a Topology, vcs: usize, functions: &[Routing]) -> Cdg<'a> {
    let mut g = Cdg::with_vcs(topo, vcs);
    for f in draws(functions) {
        add_graph(&mut g, topo, &f);
    }
    g
}

/// Every set of functions the switches may act as, whose dependency graphs together are what
/// any packet may do: a dimension-order unit's random ties offered both ways; a UGAL, UGAL-G or
/// Valiant unit's random intermediate fixed to each router in turn (one graph per
/// intermediate, all in one: a cycle may mix packets of different intermediates).
fn draws(functions: &[Routing]) -> Vec<Vec<Routing>> {
    use super::dfly_ugal::{DflyUgal, Intermediate};
    if let Some(Routing::DflyUgal(u)) = functions.first() {
        if let Intermediate::Random(_) = u.intm {
            return (0..u.min.d.routers())
                .map(|ir| {
                    let fix = |f: &Routing| match f {
                        // UGAL-G's global queues out: the unit offers both paths it may choose
                        Routing::DflyUgal(u) => Routing::DflyUgal(DflyUgal {
                            intm: Intermediate::Fixed(ir as u32),
                            global: None,
                            ..u.clone()
                        }),
                        f => f.clone(),
                    };
                    functions.iter().map(fix).collect()
                })
                .collect();
        }
    }
    vec![functions.iter().map(Routing::every_draw).collect()]
}

/// The dependencies of `functions` added to `g`.
fn add_graph(g: &mut Cdg<'_>, topo: &Topology, functions: &[Routing]) {
    let (n, np) = (topo.switches, topo.ports_per_switch);
    let vcs = g.vcs();
    // one host per switch stands for its destination
    let mut dst_host = vec![None; n];
    for h in (0..topo.num_hosts()).rev() {
        let s = topo.host(h);
        dst_host[s.sw] = Some((h, s.port));
    }
    let mut held = vec![false; n * np * vcs];
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    let mut c = Candidates::new();
    for &(dh, _) in dst_host.iter().flatten() {
        let hdr = Header {
            dst: dh as u32,
            ..Header::default()
        };
        held.fill(false);
        // (switch, input port, input VC) states to route from; injections first
        for (sw, inj) in dst_host.iter().enumerate() {
            if let Some((_, port)) = inj {
                stack.push((sw, *port, 0));
            }
        }
        while let Some((sw, in_port, in_vc)) = stack.pop() {
            let q = Query {
                sw: sw as u32,
                in_port: in_port as u8,
                in_vc: in_vc as u8,
                hdr: &hdr,
                route_byte: 0,
            };
            functions[sw].route(&q, &mut c);
            let from = match topo.peer(sw, in_port) {
                Peer::Switch { sw: up, port } => Some((up, port, in_vc)),
                _ => None,
            };
            for x in c.as_slice() {
                let p = x.port as usize;
                let Peer::Switch { sw: down, port: dp } = topo.peer(sw, p) else {
                    continue;
                };
                for v in (0..vcs).filter(|&v| x.vcs >> v & 1 == 1) {
                    if let Some(f) = from {
                        g.add_vc_path([f, (sw, p, v)]);
                    }
                    let k = (sw * np + p) * vcs + v;
                    if !held[k] {
                        held[k] = true;
                        stack.push((down, dp, v));
                    }
                }
            }
        }
    }
}

/// [`function_graph`] checked for cycles.
pub fn check_function(topo: &Topology, vcs: usize, functions: &[Routing]) -> DeadlockCheck {
    function_graph(topo, vcs, functions).check()
}
