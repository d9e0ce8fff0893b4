//! Deadlock watchdog report: when no flit has moved for `watchdog_cycles` while flits or packets
//! wait, list the blocked switch inputs and find a cycle of waits among them.
//!
//! Every family says what each blocked input waits for ([`super::Wait`]): another input of the
//! same switch that holds the output it wants, or the input buffer downstream of that output
//! (full, or it said stop). An adaptive input waits for any of its candidates, so it may have
//! several edges. A cycle in this wait-for graph is the deadlock; with one edge per input it is
//! exactly the cycle of blocked channels of a wormhole network.

use super::{Wait, WaitOn};

/// What the report is made from: the network's shape and state at the detection cycle.
pub struct Stuck<'a> {
    /// Detection cycle, the watchdog's window, flits in the network.
    pub now: u64,
    pub window: u64,
    pub flits: u64,
    /// Switches, ports per switch, VCs per port.
    pub switches: usize,
    pub ports: usize,
    pub vcs: usize,
    /// The input (switch, port) behind every switch output `sw * ports + port` (None: a host
    /// or nothing).
    pub downstream: &'a [Option<(usize, usize)>],
    /// Every switch's blocked inputs, in switch order: (switch, what it waits for).
    pub waits: &'a [(usize, Wait)],
}

/// Build the human-readable report.
pub fn report(st: &Stuck<'_>) -> String {
    let (np, vcs, ns, now) = (st.ports, st.vcs.max(1), st.switches, st.now);
    let node = |sw: usize, port: usize, vc: usize| (sw * np + port) * vcs + vc;
    let downstream = st.downstream;
    let mut waits: Vec<Vec<usize>> = vec![Vec::new(); ns * np * vcs];
    let mut blocked = Vec::new();
    for &(s, ref x) in st.waits {
        let (p, vc, out) = (x.port as usize, x.vc as usize, x.out as usize);
        let to = match x.on {
            WaitOn::Input { port, vc } => Some(node(s, port as usize, vc as usize)),
            WaitOn::Downstream { vc } => {
                downstream[s * np + out].map(|(s2, p2)| node(s2, p2, vc as usize))
            }
            WaitOn::Nothing => None,
        };
        if let Some(t) = to {
            waits[node(s, p, vc)].push(t);
        }
        blocked.push(format!("{}->out{out}({})", name(s, p, vc, vcs), x.why));
    }
    let cycle = find_cycle(&waits);
    let label = |n: usize| name(n / vcs / np, n / vcs % np, n % vcs, vcs);
    let mut s = format!(
        "no flit moved for {} cycles (cycle {now}), {} flits in the network; ",
        st.window, st.flits
    );
    if cycle.is_empty() {
        s += "no wait cycle found among switch inputs";
    } else {
        let names: Vec<String> = cycle.iter().map(|&n| label(n)).collect();
        s += &format!("wait cycle: {} -> {}", names.join(" -> "), label(cycle[0]));
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

/// `sw3.in2`, or `sw3.in2.vc1` in networks with virtual channels.
fn name(sw: usize, port: usize, vc: usize, vcs: usize) -> String {
    if vcs > 1 {
        format!("sw{sw}.in{port}.vc{vc}")
    } else {
        format!("sw{sw}.in{port}")
    }
}

/// A cycle of the wait-for graph, found by depth-first search from every node in order,
/// following edges in order (with one edge per node: the walk of each chain of waits).
fn find_cycle(waits: &[Vec<usize>]) -> Vec<usize> {
    let mut state = vec![0u8; waits.len()]; // 0 new, 1 on the current path, 2 done
    for start in 0..waits.len() {
        if state[start] != 0 {
            continue;
        }
        let mut path: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(&mut (n, ref mut i)) = path.last_mut() {
            if let Some(&m) = waits[n].get(*i) {
                *i += 1;
                match state[m] {
                    0 => {
                        state[m] = 1;
                        path.push((m, 0));
                    }
                    1 => {
                        let pos = path.iter().position(|&(x, _)| x == m).unwrap_or(0);
                        return path[pos..].iter().map(|&(x, _)| x).collect();
                    }
                    _ => {}
                }
            } else {
                state[n] = 2;
                path.pop();
            }
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::find_cycle;

    #[test]
    fn cycles_are_found_through_any_edge() {
        // 0 -> 1 -> 2 -> 1 ; 3 -> 0
        let g = vec![vec![1], vec![2], vec![1], vec![0]];
        assert_eq!(find_cycle(&g), vec![1, 2]);
        // an OR-wait: 0 waits on 1 or 2, only 2 leads back
        let g = vec![vec![1, 2], vec![], vec![0]];
        assert_eq!(find_cycle(&g), vec![0, 2]);
        assert!(find_cycle(&[vec![1], vec![]]).is_empty());
    }
}
