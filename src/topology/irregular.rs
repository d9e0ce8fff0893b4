//! Random irregular networks of workstations (seed 000 §4.1).
//!
//! Every switch has the same number of ports and exactly `hosts_per_switch` hosts (on ports
//! `0..hosts_per_switch`, host id = `sw * hosts_per_switch + i`); its other ports go to other
//! switches — all of them where possible — with at most one link between two switches, and the
//! network is connected. Generation: a random spanning tree (each switch, in shuffled order, is
//! attached to a random already-placed switch with a free port), then random links between
//! non-adjacent switches with free ports until no such pair is left. The best of a few seeded
//! attempts (fewest free ports) is kept; if it still leaves avoidable free ports, link swaps use
//! them (so 8-port / 4-host networks of 5 or more switches come out exactly 4-regular).
//! Deterministic for a seed.

use super::{HostSpec, LinkSpec, Shape, Topology};
use crate::error::{Error, Result};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Most switches [`generate`] accepts (generation is O(switches²)).
pub const MAX_SWITCHES: usize = 16384;

/// Generate a random irregular network (seed 000 §4.1: the paper uses 8 ports, 4 hosts per
/// switch, 8–64 switches). Deterministic for a seed.
pub fn generate(
    switches: usize,
    hosts_per_switch: usize,
    ports_per_switch: usize,
    seed: u64,
) -> Result<Topology> {
    if !(1..=MAX_SWITCHES).contains(&switches) {
        return Err(Error::field(
            "switches",
            format!("{switches} is out of range, allowed 1..={MAX_SWITCHES}"),
        ));
    }
    if !(1..=255).contains(&ports_per_switch) {
        return Err(Error::field(
            "ports_per_switch",
            format!("{ports_per_switch} is out of range, allowed 1..=255"),
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
            format!("{hosts_per_switch} hosts fill all {ports_per_switch} ports: no port is left to link {switches} switches (allowed 1..={})", ports_per_switch - 1),
        ));
    }
    if switches > 2 && free_ports < 2 {
        // a tree needs inner switches with two links
        return Err(Error::field(
            "hosts_per_switch",
            format!("{hosts_per_switch} hosts leave {free_ports} switch port: {switches} switches cannot be connected (allowed 1..={} for more than 2 switches)", ports_per_switch - 2),
        ));
    }
    // fewest free ports possible: the parity of the port total, or what a complete graph leaves
    let floor = if switches <= free_ports {
        switches * (free_ports - (switches - 1))
    } else {
        (free_ports * switches) % 2
    };
    let mut best: Option<(usize, Vec<(usize, usize)>)> = None;
    for attempt in 0..8u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt);
        let edges = attempt_edges(switches, free_ports, &mut rng);
        let left: usize = free_ports * switches - 2 * edges.len();
        if best.as_ref().is_none_or(|b| left < b.0) {
            best = Some((left, edges));
        }
        if left <= floor {
            break;
        }
    }
    let (left, mut edges) = best.expect("at least one attempt");
    if left > floor {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_F111_0000_0001);
        repair(switches, free_ports, &mut edges, &mut rng);
    }
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

/// One attempt: random spanning tree, then random links between non-adjacent switches with
/// free ports (a uniformly chosen pair each time) until no such pair is left. Edges sorted.
fn attempt_edges(n: usize, cap: usize, rng: &mut ChaCha8Rng) -> Vec<(usize, usize)> {
    let mut deg = vec![0usize; n];
    let mut nbrs: Vec<Vec<usize>> = vec![Vec::new(); n];
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
        nbrs[s].push(t);
        nbrs[t].push(s);
        edges.push((s.min(t), s.max(t)));
    }
    // fill: pick the r-th of all non-adjacent open pairs (a < b, lexicographic), counted per
    // switch from its adjacency list instead of listing the pairs
    let mut open: Vec<usize> = (0..n).filter(|&s| deg[s] < cap).collect();
    let mut count = Vec::with_capacity(open.len());
    loop {
        count.clear();
        let m = open.len();
        let mut total = 0usize;
        for (i, &a) in open.iter().enumerate() {
            let adj_later = nbrs[a].iter().filter(|&&b| b > a && deg[b] < cap).count();
            let c = m - 1 - i - adj_later;
            count.push(c);
            total += c;
        }
        if total == 0 {
            break;
        }
        let mut r = rng.random_range(0..total);
        let i = count
            .iter()
            .position(|&c| {
                if r < c {
                    true
                } else {
                    r -= c;
                    false
                }
            })
            .expect("r < total");
        let a = open[i];
        let b = open[i + 1..]
            .iter()
            .copied()
            .filter(|b| !nbrs[a].contains(b))
            .nth(r)
            .expect("r < count");
        deg[a] += 1;
        deg[b] += 1;
        nbrs[a].push(b);
        nbrs[b].push(a);
        edges.push((a, b));
        open.retain(|&s| deg[s] < cap);
    }
    edges.sort_unstable();
    edges
}

/// Use the ports a greedy fill left free, by swapping links: a switch `a` with two free ports
/// takes a link x–y (neither adjacent to `a`) and becomes x–a–y; two adjacent switches a, b with
/// one free port each take a link x–y and become x–a, b–y. Connectivity is kept (a–b, or a
/// itself, joins x and y). Stops when no swap applies.
fn repair(n: usize, cap: usize, edges: &mut Vec<(usize, usize)>, rng: &mut ChaCha8Rng) {
    let mut deg = vec![0usize; n];
    let mut adj = std::collections::HashSet::new();
    for &(a, b) in edges.iter() {
        deg[a] += 1;
        deg[b] += 1;
        adj.insert((a.min(b), a.max(b)));
    }
    let is_adj = |adj: &std::collections::HashSet<(usize, usize)>, a: usize, b: usize| {
        adj.contains(&(a.min(b), a.max(b)))
    };
    loop {
        let open: Vec<usize> = (0..n).filter(|&s| deg[s] < cap).collect();
        // (edge index, new link ends) candidates for one swap
        let (a, b) = if let Some(&a) = open.iter().find(|&&s| cap - deg[s] >= 2) {
            (a, a)
        } else if open.len() >= 2 {
            (open[0], open[1])
        } else {
            return;
        };
        let mut cands = Vec::new();
        for (k, &(x, y)) in edges.iter().enumerate() {
            for (x, y) in [(x, y), (y, x)] {
                if [a, b].contains(&x) || [a, b].contains(&y) {
                    continue;
                }
                if !is_adj(&adj, a, x) && !is_adj(&adj, b, y) && (a != b || x < y) {
                    cands.push((k, x, y));
                }
            }
        }
        if cands.is_empty() {
            return;
        }
        let (k, x, y) = cands[rng.random_range(0..cands.len())];
        adj.remove(&(x.min(y), x.max(y)));
        edges.swap_remove(k);
        for (u, v) in [(a, x), (b, y)] {
            adj.insert((u.min(v), u.max(v)));
            edges.push((u.min(v), u.max(v)));
        }
        deg[a] += 1;
        deg[b] += 1;
        edges.sort_unstable();
    }
}
