//! Deadlock checker: the channel dependency graph (Dally & Seitz) of a route set. Up*/down*
//! routes (seed 000 §2) give an acyclic graph; sub-routes split at in-transit hosts (§3) too.
//!
//! Nodes are virtual channels of directed switch-to-switch links (switch, output port, VC); a
//! route that uses channel c1 and then c2 adds the dependency c1 → c2. A route names the VC of
//! each hop (`Route::vcs`; none means VC 0). Deterministic routing is deadlock-free if this
//! graph is acyclic. Sub-routes that end at an in-transit host (ITB) are added separately with
//! [`Cdg::add_path`], since the host breaks the dependency.

use super::{RouteRef, RouteSet};
use crate::topology::{Peer, Topology};
use std::fmt;

/// A virtual channel of a directed switch-to-switch link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Channel {
    pub sw: usize,
    pub port: usize,
    pub to_sw: usize,
    pub to_port: usize,
    /// The virtual channel (0 in networks without VCs).
    pub vc: usize,
    /// VCs per link in the graph (the name shows the VC only when there are several).
    pub vcs: usize,
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "sw{}.p{}->sw{}.p{}",
            self.sw, self.port, self.to_sw, self.to_port
        )?;
        if self.vcs > 1 {
            write!(f, ".vc{}", self.vc)?;
        }
        Ok(())
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
    vcs: usize,
    adj: Vec<Vec<u32>>,
}

impl<'a> Cdg<'a> {
    /// VCs per link the graph distinguishes.
    pub fn vcs(&self) -> usize {
        self.vcs
    }

    /// An empty graph over the channels of `topo`, one VC per link.
    pub fn new(topo: &'a Topology) -> Self {
        Self::with_vcs(topo, 1)
    }

    /// An empty graph over the `vcs` virtual channels of every link of `topo`.
    pub fn with_vcs(topo: &'a Topology, vcs: usize) -> Self {
        let vcs = vcs.max(1);
        Cdg {
            topo,
            vcs,
            adj: vec![Vec::new(); topo.switches * topo.ports_per_switch * vcs],
        }
    }

    /// Add the dependencies of one wormhole path given as (switch, output port) hops on VC 0.
    pub fn add_path(&mut self, hops: impl IntoIterator<Item = (usize, usize)>) {
        self.add_vc_path(hops.into_iter().map(|(s, p)| (s, p, 0)));
    }

    /// Add the dependencies of one path given as (switch, output port, VC) hops; hops onto
    /// hosts are ignored (a host channel cannot be part of a cycle), and so are hops that name
    /// no switch port of the topology or a VC beyond the graph's (they break the chain like a
    /// host would).
    pub fn add_vc_path(&mut self, hops: impl IntoIterator<Item = (usize, usize, usize)>) {
        let np = self.topo.ports_per_switch;
        let mut prev: Option<usize> = None;
        for (sw, port, vc) in hops {
            let is_switch = sw < self.topo.switches
                && port < np
                && vc < self.vcs
                && matches!(self.topo.peer(sw, port), Peer::Switch { .. });
            let c = (sw * np + port) * self.vcs + vc;
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
    pub fn add_route(&mut self, r: RouteRef<'_>) {
        if r.itbs.is_empty() {
            self.add_vc_path(r.hop_list());
        } else {
            for seg in r.to_route().segments() {
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
        let (vcs, vc) = (self.vcs, c % self.vcs);
        let c = c / self.vcs;
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
                vc,
                vcs,
            },
            _ => Channel {
                sw,
                port,
                to_sw: usize::MAX,
                to_port: usize::MAX,
                vc,
                vcs,
            },
        }
    }
}

/// Check a whole route set (every route is one wormhole path, or several split at in-transit
/// hosts) over as many VCs per link as its routes name.
pub fn check(topo: &Topology, routes: &RouteSet) -> DeadlockCheck {
    let mut g = Cdg::with_vcs(topo, routes.vcs());
    // pairs sharing a path add the same dependencies (the host hop adds none): each path once
    let mut seen = vec![false; routes.paths()];
    let h = routes.hosts();
    for (s, d) in (0..h).flat_map(|s| (0..h).map(move |d| (s, d))) {
        if let Some(id) = routes.path_id(s, d) {
            if !std::mem::replace(&mut seen[id as usize], true) {
                g.add_route(routes.get(s, d));
            }
        }
    }
    g.check()
}
