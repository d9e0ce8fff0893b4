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
    /// Per port number, its input's and output's names where the topology names them (a
    /// mesh's `in_xp`, `out_xp`: the waveform's scopes); empty or `None`: `in3`, `out3`.
    pub names: &'a [Option<[String; 2]>],
}

/// Blocked inputs listed after the wait cycle before the rest is only counted.
const SHOWN: usize = 16;

/// One blocked switch input: its switch, port and VC, and the outputs it waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    pub sw: usize,
    pub port: usize,
    pub vc: usize,
    pub outs: Vec<usize>,
}

/// What the watchdog found: the report, the inputs on the wait cycle in cycle order (empty if
/// none was found) and the other blocked inputs in switch order.
#[derive(Debug, Clone)]
pub struct Found {
    pub report: String,
    pub cycle: Vec<Blocked>,
    pub rest: Vec<Blocked>,
}

/// The human-readable report alone ([`analyse`]).
pub fn report(st: &Stuck<'_>) -> String {
    analyse(st).report
}

/// Build the human-readable report: the cycle of waits once, each of its inputs with what it
/// waits for, then the other blocked inputs counted (the first [`SHOWN`] named). An input that
/// waits on several things (an adaptive one, or one whose output is held by several inputs)
/// is one entry with each distinct reason once.
pub fn analyse(st: &Stuck<'_>) -> Found {
    let (np, vcs, ns, now) = (st.ports, st.vcs.max(1), st.switches, st.now);
    let node = |sw: usize, port: usize, vc: usize| (sw * np + port) * vcs + vc;
    let downstream = st.downstream;
    let mut waits: Vec<Vec<usize>> = vec![Vec::new(); ns * np * vcs];
    // every blocked input once, in switch order, with its distinct reasons
    let mut reasons: Vec<Vec<(usize, &str)>> = vec![Vec::new(); ns * np * vcs];
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
        let n = node(s, p, vc);
        if let Some(t) = to {
            if !waits[n].contains(&t) {
                waits[n].push(t);
            }
        }
        if reasons[n].is_empty() {
            blocked.push(n);
        }
        if !reasons[n].contains(&(out, x.why)) {
            reasons[n].push((out, x.why));
        }
    }
    let cycle = find_cycle(&waits);
    let names = st.names;
    let label = |n: usize| name(n / vcs / np, n / vcs % np, n % vcs, vcs, names);
    let entry = |n: usize| {
        let r: Vec<String> = reasons[n]
            .iter()
            .map(|&(o, why)| format!("{}({why})", port(names, o, 1)))
            .collect();
        format!("{}->{}", label(n), r.join(","))
    };
    let mut s = format!(
        "no flit moved for {} cycles (cycle {now}), {} flits in the network; ",
        st.window, st.flits
    );
    if cycle.is_empty() {
        s += "no wait cycle found among switch inputs";
    } else {
        let names: Vec<String> = cycle.iter().map(|&n| entry(n)).collect();
        s += &format!("wait cycle: {} -> {}", names.join(" -> "), label(cycle[0]));
    }
    let rest: Vec<usize> = blocked
        .iter()
        .copied()
        .filter(|n| !cycle.contains(n))
        .collect();
    let other = if cycle.is_empty() { "" } else { "other " };
    let plural = if rest.len() == 1 { "" } else { "s" };
    s += &format!("; {} {other}blocked input{plural}", rest.len());
    if !rest.is_empty() {
        let shown: Vec<String> = rest.iter().take(SHOWN).map(|&n| entry(n)).collect();
        s += &format!(": {}", shown.join(" "));
        if rest.len() > SHOWN {
            s += &format!(" and {} more", rest.len() - SHOWN);
        }
    }
    let blocked = |n: &usize| Blocked {
        sw: n / vcs / np,
        port: n / vcs % np,
        vc: n % vcs,
        outs: reasons[*n].iter().map(|r| r.0).collect(),
    };
    Found {
        report: s,
        cycle: cycle.iter().map(blocked).collect(),
        rest: rest.iter().map(blocked).collect(),
    }
}

/// `sw3.in2`, or `sw3.in2.vc1` in networks with virtual channels (`sw3.in_xp` where the
/// topology names the port).
fn name(sw: usize, p: usize, vc: usize, vcs: usize, names: &[Option<[String; 2]>]) -> String {
    let input = port(names, p, 0);
    if vcs > 1 {
        format!("sw{sw}.{input}.vc{vc}")
    } else {
        format!("sw{sw}.{input}")
    }
}

/// Port `p`'s input (`dir` 0) or output (1) as the waveform names it: `in_xp`, or `in3`.
fn port(names: &[Option<[String; 2]>], p: usize, dir: usize) -> String {
    match names.get(p) {
        Some(Some(n)) => n[dir].clone(),
        _ => format!("{}{p}", ["in", "out"][dir]),
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
    use super::*;

    /// Two switches of two ports, one VC: sw0.in0 and sw1.in0 wait on each other, sw0.in1 waits
    /// on sw0.in0 through two reasons reported twice each.
    #[test]
    fn the_report_names_the_cycle_once_and_counts_the_rest() {
        let w = |port, out, on, why| Wait {
            port,
            vc: 0,
            out,
            on,
            why,
        };
        let down = WaitOn::Downstream { vc: 0 };
        let held = WaitOn::Input { port: 0, vc: 0 };
        let waits = [
            (0, w(0, 1, down, "full")),
            (0, w(1, 1, held, "busy")),
            (0, w(1, 1, held, "busy")),
            (0, w(1, 0, WaitOn::Nothing, "full")),
            (0, w(1, 1, held, "busy")),
            (1, w(0, 1, down, "full")),
        ];
        // sw0.out1 -> sw1.in0, sw1.out1 -> sw0.in0
        let downstream = [None, Some((1, 0)), None, Some((0, 0))];
        let stuck = |names: &[Option<[String; 2]>]| {
            report(&Stuck {
                now: 100,
                window: 50,
                flits: 7,
                switches: 2,
                ports: 2,
                vcs: 1,
                downstream: &downstream,
                waits: &waits,
                names,
            })
        };
        let r = stuck(&[]);
        assert!(
            r.contains("wait cycle: sw0.in0->out1(full) -> sw1.in0->out1(full) -> sw0.in0"),
            "{r}"
        );
        assert!(
            r.ends_with("; 1 other blocked input: sw0.in1->out1(busy),out0(full)"),
            "{r}"
        );
        assert_eq!(r.matches("sw0.in1").count(), 1, "{r}");
        // ports the topology names are written as the waveforms name them
        let names = [
            Some(["in_xp".to_string(), "out_xp".to_string()]),
            Some(["in_xm".to_string(), "out_xm".to_string()]),
        ];
        let r = stuck(&names);
        assert!(
            r.contains(
                "wait cycle: sw0.in_xp->out_xm(full) -> sw1.in_xp->out_xm(full) -> sw0.in_xp"
            ),
            "{r}"
        );
    }

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
