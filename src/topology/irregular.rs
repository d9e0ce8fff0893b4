//! Random irregular networks of workstations (seed 000 §4.1).
//!
//! Every switch has the same number of ports and exactly `hosts_per_switch` hosts (on ports
//! `0..hosts_per_switch`, host id = `sw * hosts_per_switch + i`); its other ports go to other
//! switches — all of them where possible — with at most one link between two switches, and the
//! network is connected. Generation: a random spanning tree (each switch, in shuffled order, is
//! attached to a random already-placed switch with a free port), then random links between
//! non-adjacent switches with free ports until no such pair is left. The best of a few seeded
//! attempts (fewest free ports) is kept. Deterministic for a seed.

use super::{HostSpec, LinkSpec, Shape, Topology};
use crate::error::{Error, Result};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Generate a random irregular network.
pub fn generate(
    switches: usize,
    hosts_per_switch: usize,
    ports_per_switch: usize,
    seed: u64,
) -> Result<Topology> {
    if switches == 0 {
        return Err(Error::field(
            "switches",
            "0: a network needs at least one switch",
        ));
    }
    if !(2..=255).contains(&ports_per_switch) {
        return Err(Error::field(
            "ports_per_switch",
            format!("{ports_per_switch} is out of range, allowed 2..=255"),
        ));
    }
    if hosts_per_switch == 0 || hosts_per_switch > ports_per_switch {
        return Err(Error::field(
            "hosts_per_switch",
            format!("{hosts_per_switch} is out of range, allowed 1..={ports_per_switch} (ports per switch)"),
        ));
    }
    let free_ports = ports_per_switch - hosts_per_switch;
    if switches > 1 && free_ports == 0 {
        return Err(Error::field(
            "hosts_per_switch",
            format!("{hosts_per_switch} hosts fill all {ports_per_switch} ports: no port is left to link {switches} switches"),
        ));
    }
    if switches > 2 && free_ports < 2 {
        // a tree needs inner switches with two links
        return Err(Error::field(
            "hosts_per_switch",
            format!("{hosts_per_switch} hosts leave {free_ports} switch port: {switches} switches cannot be connected"),
        ));
    }
    let mut best: Option<(usize, Vec<(usize, usize)>)> = None;
    for attempt in 0..8u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt);
        let edges = attempt_edges(switches, free_ports, &mut rng);
        let left: usize = free_ports * switches - 2 * edges.len();
        if best.as_ref().is_none_or(|b| left < b.0) {
            best = Some((left, edges));
        }
        // the parity bound: with an odd total at least one port stays free
        if left <= (free_ports * switches) % 2 {
            break;
        }
    }
    let edges = best.map(|b| b.1).unwrap_or_default();
    let mut next_port = vec![hosts_per_switch; switches];
    let mut links = Vec::with_capacity(edges.len());
    for (a, b) in edges {
        links.push(LinkSpec {
            a,
            pa: next_port[a],
            b,
            pb: next_port[b],
        });
        next_port[a] += 1;
        next_port[b] += 1;
    }
    let hosts = (0..switches * hosts_per_switch)
        .map(|h| HostSpec {
            host: h,
            sw: h / hosts_per_switch,
            port: h % hosts_per_switch,
        })
        .collect();
    Topology::new(switches, ports_per_switch, links, hosts, Shape::Irregular)
}

fn attempt_edges(n: usize, cap: usize, rng: &mut ChaCha8Rng) -> Vec<(usize, usize)> {
    let mut deg = vec![0usize; n];
    let mut adj = vec![vec![false; n]; n];
    let mut edges = Vec::new();
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    // random spanning tree
    for i in 1..n {
        let s = order[i];
        let cands: Vec<usize> = order[..i]
            .iter()
            .copied()
            .filter(|&t| deg[t] < cap)
            .collect();
        // prefer switches with a spare port beyond this link so the tree can keep growing
        let growable: Vec<usize> = cands
            .iter()
            .copied()
            .filter(|&t| deg[t] + 1 < cap)
            .collect();
        let pool = if growable.is_empty() || i + 1 == n {
            &cands
        } else {
            &growable
        };
        let t = pool[rng.random_range(0..pool.len())];
        deg[s] += 1;
        deg[t] += 1;
        adj[s][t] = true;
        adj[t][s] = true;
        edges.push((s.min(t), s.max(t)));
    }
    // fill the remaining ports with random links between non-adjacent switches
    loop {
        let open: Vec<usize> = (0..n).filter(|&s| deg[s] < cap).collect();
        let mut pairs = Vec::new();
        for (i, &a) in open.iter().enumerate() {
            for &b in &open[i + 1..] {
                if !adj[a][b] {
                    pairs.push((a, b));
                }
            }
        }
        if pairs.is_empty() {
            break;
        }
        let (a, b) = pairs[rng.random_range(0..pairs.len())];
        deg[a] += 1;
        deg[b] += 1;
        adj[a][b] = true;
        adj[b][a] = true;
        edges.push((a, b));
    }
    edges.sort_unstable();
    edges
}
