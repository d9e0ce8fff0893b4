//! Deadlock watchdog report: when no flit has moved for `watchdog_cycles` while flits are in the
//! network, list the blocked channels and find the cycle of waits among them.
//!
//! A switch input waits for (a) the input that owns the output it requested, or (b) when it owns
//! its output but the output is stopped, the downstream input buffer that said *stop*. A cycle in
//! this wait-for graph is a deadlock of the wormhole network.

use super::network::{Endpoint, Network};
use crate::blocks::myrinet_switch::InState;

/// Build the human-readable report.
pub fn report(net: &Network, now: u64) -> String {
    let np = net.params.switch.ports;
    let ns = net.switches.len();
    let node = |sw: usize, port: usize| sw * np + port;
    // downstream input of every switch output (or None for NIC / unconnected)
    let mut downstream = vec![None; ns * np];
    for l in 0..net.links.len() {
        if let (Endpoint::Switch { sw, port }, Endpoint::Switch { sw: s2, port: p2 }) =
            net.link_ends(l)
        {
            downstream[node(sw, port)] = Some(node(s2, p2));
        }
    }
    let mut waits: Vec<Option<usize>> = vec![None; ns * np];
    let mut blocked = Vec::new();
    for (s, sw) in net.switches.iter().enumerate() {
        for p in 0..np {
            match sw.in_state(p) {
                InState::Requesting { out } => {
                    let out = out as usize;
                    if let Some(owner) = sw.out_owner(out) {
                        waits[node(s, p)] = Some(node(s, owner));
                    }
                    blocked.push(format!("sw{s}.in{p}->out{out}(busy)"));
                }
                InState::Connected { out } => {
                    let out = out as usize;
                    if !sw.out_go(out) && !sw.slack(p).is_empty() {
                        waits[node(s, p)] = downstream[node(s, out)];
                        blocked.push(format!("sw{s}.in{p}->out{out}(stopped)"));
                    }
                }
                _ => {}
            }
        }
    }
    // find a cycle: follow waits from every node, colouring visited paths
    let mut state = vec![0u8; ns * np]; // 0 new, 1 on current path, 2 done
    let mut cycle = Vec::new();
    'outer: for start in 0..ns * np {
        if state[start] != 0 {
            continue;
        }
        let mut path = Vec::new();
        let mut cur = Some(start);
        while let Some(n) = cur {
            if state[n] == 1 {
                let pos = path.iter().position(|&x| x == n).unwrap_or(0);
                cycle = path[pos..].to_vec();
                break 'outer;
            }
            if state[n] == 2 {
                break;
            }
            state[n] = 1;
            path.push(n);
            cur = waits[n];
        }
        for n in path {
            state[n] = 2;
        }
    }
    let name = |n: usize| format!("sw{}.in{}", n / np, n % np);
    let mut s = format!(
        "no flit moved for {} cycles (cycle {now}), {} flits in the network; ",
        net.params.watchdog_cycles,
        net.flits_in_flight()
    );
    if cycle.is_empty() {
        s += "no wait cycle found among switch inputs";
    } else {
        let names: Vec<String> = cycle.iter().map(|&n| name(n)).collect();
        s += &format!("wait cycle: {} -> {}", names.join(" -> "), name(cycle[0]));
    }
    s += &format!(
        "; {} blocked inputs: {}",
        blocked.len(),
        blocked
            .iter()
            .take(32)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
    );
    s
}
