//! Deadlock checker: the channel dependency graph (Dally & Seitz) of a route set. Up*/down*
//! routes (seed 000 §2) give an acyclic graph; sub-routes split at in-transit hosts (§3) too.
//!
//! Nodes are directed switch-to-switch channels (switch, output port); a route that uses channel
//! c1 and then c2 adds the dependency c1 → c2. Wormhole routing without virtual channels is
//! deadlock-free if this graph is acyclic. Sub-routes that end at an in-transit host (ITB) are
//! added separately with [`Cdg::add_path`], since the host breaks the dependency.

use super::{Route, RouteSet};
use crate::topology::{Peer, Topology};
use std::fmt;

/// A directed switch-to-switch channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Channel {
    pub sw: usize,
    pub port: usize,
    pub to_sw: usize,
    pub to_port: usize,
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sw{}.p{}->sw{}.p{}",
            self.sw, self.port, self.to_sw, self.to_port
        )
    }
}

/// The result of a check.
#[derive(Debug, Clone)]
pub struct DeadlockCheck {
    pub acyclic: bool,
    /// A dependency cycle, if one exists.
    pub cycle: Vec<Channel>,
    pub channels: usize,
    pub dependencies: usize,
}

impl fmt::Display for DeadlockCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.acyclic {
            write!(
                f,
                "acyclic ({} channels, {} dependencies)",
                self.channels, self.dependencies
            )
        } else if self.cycle.is_empty() {
            write!(f, "cycle")
        } else {
            let names: Vec<String> = self.cycle.iter().map(|c| c.to_string()).collect();
            write!(f, "cycle: {} -> {}", names.join(" -> "), self.cycle[0])
        }
    }
}

/// Channel dependency graph under construction.
pub struct Cdg<'a> {
    topo: &'a Topology,
    adj: Vec<Vec<u32>>,
}

impl<'a> Cdg<'a> {
    /// An empty graph over the channels of `topo`.
    pub fn new(topo: &'a Topology) -> Self {
        Cdg {
            topo,
            adj: vec![Vec::new(); topo.switches * topo.ports_per_switch],
        }
    }

    /// Add the dependencies of one wormhole path given as (switch, output port) hops; hops onto
    /// hosts are ignored (a host channel cannot be part of a cycle), and so are hops that name
    /// no switch port of the topology (they break the chain like a host would).
    pub fn add_path(&mut self, hops: impl IntoIterator<Item = (usize, usize)>) {
        let np = self.topo.ports_per_switch;
        let mut prev: Option<usize> = None;
        for (sw, port) in hops {
            let is_switch = sw < self.topo.switches
                && port < np
                && matches!(self.topo.peer(sw, port), Peer::Switch { .. });
            let c = sw * np + port;
            if let (Some(p), true) = (prev, is_switch) {
                if !self.adj[p].contains(&(c as u32)) {
                    self.adj[p].push(c as u32);
                }
            }
            prev = is_switch.then_some(c);
        }
    }

    /// Add one route: a single wormhole path, or one path per sub-route when it has in-transit
    /// hosts (the host ejects the whole packet, so no dependency crosses it).
    pub fn add_route(&mut self, r: &Route) {
        if r.itbs.is_empty() {
            self.add_path(
                r.switches
                    .iter()
                    .zip(&r.ports)
                    .map(|(&s, &p)| (s as usize, p as usize)),
            );
        } else {
            for seg in r.segments() {
                self.add_path(seg);
            }
        }
    }

    /// A dependency cycle, if any.
    pub fn find_cycle(&self) -> Option<Vec<Channel>> {
        let c = self.check();
        (!c.acyclic).then_some(c.cycle)
    }

    /// Find a cycle with an iterative DFS (no recursion: safe on large graphs).
    pub fn check(&self) -> DeadlockCheck {
        let n = self.adj.len();
        let mut color = vec![0u8; n];
        let mut parent = vec![u32::MAX; n];
        // channels that appear in at least one dependency
        let mut seen = vec![false; n];
        for (i, a) in self.adj.iter().enumerate() {
            if !a.is_empty() {
                seen[i] = true;
            }
            for &j in a {
                seen[j as usize] = true;
            }
        }
        let channels = seen.iter().filter(|&&x| x).count();
        let dependencies = self.adj.iter().map(|a| a.len()).sum();
        for start in 0..n {
            if color[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            color[start] = 1;
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                if *i < self.adj[v].len() {
                    let w = self.adj[v][*i] as usize;
                    *i += 1;
                    if color[w] == 0 {
                        color[w] = 1;
                        parent[w] = v as u32;
                        stack.push((w, 0));
                    } else if color[w] == 1 {
                        // cycle w -> ... -> v -> w
                        let mut cyc = vec![v];
                        let mut x = v;
                        while x != w {
                            x = parent[x] as usize;
                            cyc.push(x);
                        }
                        cyc.reverse();
                        return DeadlockCheck {
                            acyclic: false,
                            cycle: cyc.into_iter().map(|c| self.channel(c)).collect(),
                            channels,
                            dependencies,
                        };
                    }
                } else {
                    color[v] = 2;
                    stack.pop();
                }
            }
        }
        DeadlockCheck {
            acyclic: true,
            cycle: vec![],
            channels,
            dependencies,
        }
    }

    fn channel(&self, c: usize) -> Channel {
        let np = self.topo.ports_per_switch;
        let (sw, port) = (c / np, c % np);
        match self.topo.peer(sw, port) {
            Peer::Switch {
                sw: to_sw,
                port: to_port,
            } => Channel {
                sw,
                port,
                to_sw,
                to_port,
            },
            _ => Channel {
                sw,
                port,
                to_sw: usize::MAX,
                to_port: usize::MAX,
            },
        }
    }
}

/// Check a whole route set (every route is one wormhole path, or several split at in-transit
/// hosts).
pub fn check(topo: &Topology, routes: &RouteSet) -> DeadlockCheck {
    let mut g = Cdg::new(topo);
    for r in &routes.routes {
        g.add_route(r);
    }
    g.check()
}
