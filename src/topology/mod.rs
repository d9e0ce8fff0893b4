//! Network topologies: switches with numbered ports, switch-to-switch links and attached hosts.
//!
//! A [`Topology`] is plain data (what the JSON file holds) plus a derived port map. Generators live
//! in sibling files (random irregular networks of seed 000 §4.1, 2D meshes and tori, k-ary n-trees
//! of seed 001 §2); JSON import
//! and export use exactly the interchange form
//! `{"switches": N, "ports_per_switch": P, "links": [[swA, portA, swB, portB], ...], "hosts": [[host, sw, port], ...]}`.

pub mod dragonfly;
pub mod fattree;
pub mod irregular;
pub mod json;
pub mod kary_ntree;
pub mod keys;
pub mod mesh;

use crate::error::{Error, Result};

/// The most hosts a network (or a trace meant for one) may have: 2^20. Larger ids and counts
/// are refused before anything is sized by them.
pub const MAX_HOSTS: usize = 1 << 20;
use std::collections::{HashMap, HashSet};

/// What is connected to one switch port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peer {
    /// Nothing: an unused port.
    None,
    /// Another switch's port.
    Switch { sw: usize, port: usize },
    /// A host (its NIC).
    Host(usize),
}

/// One end of a link of a wired network: a switch port or a host's NIC (`sw3.p2`, `nic12`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Switch { sw: usize, port: usize },
    Nic(usize),
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Endpoint::Switch { sw, port } => write!(f, "sw{sw}.p{port}"),
            Endpoint::Nic(h) => write!(f, "nic{h}"),
        }
    }
}

/// A bidirectional switch-to-switch link `[a, pa, b, pb]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkSpec {
    pub a: usize,
    pub pa: usize,
    pub b: usize,
    pub pb: usize,
}

/// A host attached to a switch port `[host, sw, port]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostSpec {
    pub host: usize,
    pub sw: usize,
    pub port: usize,
}

/// How the topology was made (used for reports and for dimension-order routing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// Random irregular network or one read from a file.
    Irregular,
    /// 2D mesh `dims = [x, y]`.
    Mesh { dims: [usize; 2] },
    /// 2D torus `dims = [x, y]`.
    Torus { dims: [usize; 2] },
    /// k-ary n-tree (seed 001 §2), wired as [`fattree::fattree`] does.
    FatTree { k: u32, n: u32 },
    /// Dragonfly of `a` routers per group, `p` hosts per router, `h` global links per router,
    /// wired as [`dragonfly::dragonfly`] does.
    Dragonfly { a: usize, p: usize, h: usize },
}

/// A validated network topology. Construct with [`Topology::new`], which checks every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topology {
    pub switches: usize,
    pub ports_per_switch: usize,
    pub links: Vec<LinkSpec>,
    /// Hosts, indexed by host id (`hosts[i].host == i`).
    pub hosts: Vec<HostSpec>,
    pub shape: Shape,
    /// Derived: peer of (sw, port) at `sw * ports_per_switch + port`.
    peers: Vec<Peer>,
}

impl Topology {
    /// Validate and build. Every index must be in range, no port used twice, no self-link,
    /// at most one link between two switches, hosts numbered 0..H-1 (listed in any order, stored
    /// sorted by id), at least one host, the switches connected. Errors name the offending item
    /// (`links[3]`, `hosts[5]`), its value and what is allowed.
    pub fn new(
        switches: usize,
        ports_per_switch: usize,
        links: Vec<LinkSpec>,
        hosts: Vec<HostSpec>,
        shape: Shape,
    ) -> Result<Topology> {
        if switches == 0 {
            return Err(Error::field(
                "switches",
                "0: a network needs at least one switch",
            ));
        }
        if !(1..=255).contains(&ports_per_switch) {
            return Err(Error::field(
                "ports_per_switch",
                format!("{ports_per_switch} is out of range, allowed 1..=255"),
            ));
        }
        // a connected network of N switches has at least N-1 links: checked before anything
        // is sized by `switches`, so an absurd switch count cannot exhaust memory
        if links.len() < switches - 1 {
            let mut adj: HashMap<usize, Vec<usize>> = HashMap::new();
            for l in &links {
                adj.entry(l.a).or_default().push(l.b);
                adj.entry(l.b).or_default().push(l.a);
            }
            let mut reached = HashSet::from([0usize]);
            let mut stack = vec![0usize];
            while let Some(a) = stack.pop() {
                for &b in adj.get(&a).into_iter().flatten() {
                    if reached.insert(b) {
                        stack.push(b);
                    }
                }
            }
            let s = (1..switches).find(|s| !reached.contains(s)).unwrap_or(0);
            return Err(Error::field(
                "links",
                format!(
                    "the network is disconnected: switch {s} cannot be reached from switch 0 ({} links cannot connect {switches} switches, at least {} are needed)",
                    links.len(),
                    switches - 1
                ),
            ));
        }
        if hosts.is_empty() {
            return Err(Error::field(
                "hosts",
                "empty: a network needs at least one host",
            ));
        }
        let p = ports_per_switch;
        let mut peers = vec![Peer::None; switches * p];
        let mut used_by: Vec<Option<String>> = vec![None; switches * p];
        let mut claim = |item: String, sw: usize, port: usize| -> Result<usize> {
            if sw >= switches {
                return Err(Error::field(
                    &item,
                    format!("switch {sw} out of range, switches are 0..{}", switches - 1),
                ));
            }
            if port >= p {
                return Err(Error::field(
                    &item,
                    format!("port {port} out of range, switch ports are 0..{}", p - 1),
                ));
            }
            let i = sw * p + port;
            if let Some(prev) = &used_by[i] {
                return Err(Error::field(
                    &item,
                    format!("switch {sw} port {port} is already used by {prev}"),
                ));
            }
            used_by[i] = Some(item);
            Ok(i)
        };
        let mut pairs = HashSet::new();
        for (k, l) in links.iter().enumerate() {
            let item = format!("links[{k}]");
            if l.a == l.b {
                return Err(Error::field(
                    &item,
                    format!(
                        "links switch {} to itself (ports {} and {}); a link must join two different switches",
                        l.a, l.pa, l.pb
                    ),
                ));
            }
            let ia = claim(item.clone(), l.a, l.pa)?;
            let ib = claim(item.clone(), l.b, l.pb)?;
            if !pairs.insert((l.a.min(l.b), l.a.max(l.b))) {
                return Err(Error::field(
                    &item,
                    format!(
                        "second link between switches {} and {} (at most one is allowed)",
                        l.a, l.b
                    ),
                ));
            }
            peers[ia] = Peer::Switch {
                sw: l.b,
                port: l.pb,
            };
            peers[ib] = Peer::Switch {
                sw: l.a,
                port: l.pa,
            };
        }
        // hosts in id order, remembering where each was listed for the messages
        let mut order: Vec<usize> = (0..hosts.len()).collect();
        order.sort_by_key(|&i| (hosts[i].host, i));
        let last = hosts.len() - 1;
        for (k, &i) in order.iter().enumerate() {
            let id = hosts[i].host;
            if id != k {
                let why = if id < k {
                    format!("host {id} is listed twice")
                } else {
                    format!("host {k} is missing")
                };
                return Err(Error::field(
                    format!("hosts[{i}]"),
                    format!("host id {id}: ids must be exactly 0..{last}, each once; {why}"),
                ));
            }
            let HostSpec { sw, port, .. } = hosts[i];
            let at = claim(format!("hosts[{i}]"), sw, port)?;
            peers[at] = Peer::Host(id);
        }
        let hosts: Vec<HostSpec> = order.iter().map(|&i| hosts[i]).collect();
        let t = Topology {
            switches,
            ports_per_switch,
            links,
            hosts,
            shape,
            peers,
        };
        let dist = t.bfs(0);
        if let Some(s) = dist.iter().position(|&d| d == u32::MAX) {
            let n = dist.iter().filter(|&&d| d == u32::MAX).count();
            return Err(Error::field(
                "links",
                format!(
                    "the network is disconnected: switch {s} cannot be reached from switch 0 ({n} unreachable switches); every switch must be reachable over switch links"
                ),
            ));
        }
        Ok(t)
    }

    /// What is connected to `port` of switch `sw`.
    #[inline]
    pub fn peer(&self, sw: usize, port: usize) -> Peer {
        self.peers[sw * self.ports_per_switch + port]
    }

    /// Number of hosts.
    pub fn num_hosts(&self) -> usize {
        self.hosts.len()
    }

    /// Where host `h` is attached.
    pub fn host(&self, h: usize) -> HostSpec {
        self.hosts[h]
    }

    /// The name of `port` (the same at every switch) where the topology knows what the port
    /// is: a mesh's or torus's `local`, `xp` (+x), `xm` (−x), `yp`, `ym` ([`mesh::port_name`],
    /// the layout its builder wires and a file's mesh is checked against); a dragonfly's
    /// `local` (`local0`, ... with several hosts), its local channels `lc0` ... `lc{a−2}` and
    /// its global channels `gc0` ... `gc{h−1}`, in port order (Kim et al.'s local and global
    /// channels). `None`: the port is a number.
    pub fn port_name(&self, port: usize) -> Option<String> {
        match self.shape {
            Shape::Mesh { .. } | Shape::Torus { .. } => {
                mesh::port_name(self.ports_per_switch.checked_sub(4)?, port)
            }
            Shape::Dragonfly { a, p, h } => match port {
                _ if port < p => mesh::port_name(p, port),
                _ if port < p + a - 1 => Some(format!("lc{}", port - p)),
                _ if port < p + a - 1 + h => Some(format!("gc{}", port - p - a + 1)),
                _ => None,
            },
            _ => None,
        }
    }

    /// Port `port` of every switch is a global link (a dragonfly's link between groups).
    pub fn is_global(&self, port: usize) -> bool {
        matches!(self.shape, Shape::Dragonfly { a, p, .. } if port >= p + a - 1)
    }

    /// Switch neighbours of `sw` as (port, peer switch, peer port), in port order.
    pub fn neighbors(&self, sw: usize) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (0..self.ports_per_switch).filter_map(move |p| match self.peer(sw, p) {
            Peer::Switch { sw: s2, port: p2 } => Some((p, s2, p2)),
            _ => None,
        })
    }

    /// Hosts attached to `sw`, in port order.
    pub fn hosts_of(&self, sw: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.ports_per_switch).filter_map(move |p| match self.peer(sw, p) {
            Peer::Host(h) => Some(h),
            _ => None,
        })
    }

    /// Switch-to-switch links of `sw`.
    pub fn degree(&self, sw: usize) -> usize {
        self.neighbors(sw).count()
    }

    /// Hop counts from `src` to every switch (u32::MAX when unreachable).
    pub fn bfs(&self, src: usize) -> Vec<u32> {
        let mut d = vec![u32::MAX; self.switches];
        let mut q = std::collections::VecDeque::new();
        d[src] = 0;
        q.push_back(src);
        while let Some(s) = q.pop_front() {
            for (_, s2, _) in self.neighbors(s) {
                if d[s2] == u32::MAX {
                    d[s2] = d[s] + 1;
                    q.push_back(s2);
                }
            }
        }
        d
    }

    /// All-pairs switch hop counts.
    pub fn switch_distances(&self) -> Vec<Vec<u32>> {
        (0..self.switches).map(|s| self.bfs(s)).collect()
    }
}
