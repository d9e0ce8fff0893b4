//! Up*/down* routing (seed 000 §2) and its three path-selection policies.
//!
//! A BFS spanning tree from switch 0 gives every switch a level; the *up* end of a link is the
//! end nearer the root, or the lower switch id at equal level. A legal route crosses zero or more
//! links in the up direction, then zero or more in the down direction — never up after down.
//!
//! Selection: `shortest` takes the shortest legal path, the lowest next-switch id on ties.
//! `forwarding` fills InfiniBand forwarding tables (updown/forwarding.rs). `balanced`
//! (updown/balanced.rs), in the spirit of Myricom GM's `simple_routes`, chooses one legal path
//! per ordered host pair so that weighted link use is balanced: candidates are legal paths at
//! most one hop longer than the shortest legal one, and each unit (in a seeded random order)
//! takes the candidate that least increases Σ w² over directed switch links (w = host pairs
//! already on a link), found by a dynamic program over (switch, phase, hops) pruned by the legal
//! distance to the destination (updown/dp.rs); two rip-up-and-reroute passes follow. It may
//! take a non-minimal legal path, as `simple_routes` does.
//!
//! The unit (docs/performance-journal.md): up to 512 hosts every host pair is a unit
//! of its own — the routes flitwave has always computed, which every golden, reproduction and
//! committed route statistic uses; above, the g host pairs of one switch pair are one unit on
//! one path whose hops weigh g (the same Σ w²), the switch pairs of one destination after
//! another. A search per host pair cannot scale (268 million pairs, three times, on 4,096
//! switches of 4 hosts); a search per switch pair touches only the ~20 states of its candidate
//! paths, listed once per destination, and a unit with a single candidate is not searched
//! again. 4,096 switches of 4 hosts route in well under a minute (docs/performance-journal.md), where
//! the former search refused more than 8,192 hosts; a network whose routes would not fit in
//! memory is refused (`memory.rs`), naming `topology.switches` and `routing.paths`.

use super::{RouteSet, RouteSetBuilder};
use crate::error::{Error, Result};
use crate::topology::Topology;
use std::fmt;

/// Up*/down* link directions (seed 000 §2, Figure 2).
#[derive(Debug, Clone)]
pub struct UpDown {
    /// BFS level of every switch (the root at level 0; switch 0 unless `routing.root` says).
    pub level: Vec<u32>,
    ports_per_switch: usize,
    /// `up[sw * ports_per_switch + port]`: leaving `sw` through `port` goes up (false for host
    /// and unused ports).
    up: Vec<bool>,
}

impl UpDown {
    /// Directions for `topo` with the spanning tree rooted at switch 0 (the lowest id, seed
    /// 000 §2).
    pub fn new(topo: &Topology) -> Self {
        Self::rooted(topo, 0)
    }

    /// Directions for `topo` with the spanning tree rooted at switch `root` (`routing.root`).
    pub fn rooted(topo: &Topology, root: usize) -> Self {
        let level = topo.bfs(root);
        let np = topo.ports_per_switch;
        let mut up = vec![false; topo.switches * np];
        for sw in 0..topo.switches {
            for (p, b, _) in topo.neighbors(sw) {
                up[sw * np + p] = level[b] < level[sw] || (level[b] == level[sw] && b < sw);
            }
        }
        UpDown {
            level,
            ports_per_switch: np,
            up,
        }
    }

    /// Autonet's spanning tree: the parent of every switch as (port towards it, parent) — its
    /// lowest-id neighbour one level nearer the root, through the lowest of parallel links;
    /// None for the root (and for switches the root does not reach).
    pub fn tree_parents(&self, topo: &Topology) -> Vec<Option<(usize, usize)>> {
        (0..topo.switches)
            .map(|s| {
                topo.neighbors(s)
                    .filter(|&(_, b, _)| self.level[b].checked_add(1) == Some(self.level[s]))
                    .min_by_key(|&(p, b, _)| (b, p))
                    .map(|(p, b, _)| (p, b))
            })
            .collect()
    }

    /// Does the hop from switch `a` to neighbour `b` go up?
    #[inline]
    pub fn is_up_hop(&self, a: usize, b: usize) -> bool {
        self.level[b] < self.level[a] || (self.level[b] == self.level[a] && b < a)
    }

    /// Does leaving `sw` through `port` towards another switch go up? False for a port that
    /// leads to a host, is unused, or is out of range.
    #[inline]
    pub fn is_up(&self, sw: usize, port: usize) -> bool {
        port < self.ports_per_switch
            && self
                .up
                .get(sw * self.ports_per_switch + port)
                .copied()
                .unwrap_or(false)
    }

    /// Does the switch sequence obey the up*/down* rule (no up hop after a down hop)?
    /// Adjacency is not checked; see [`UpDown::is_legal_path`].
    pub fn is_legal(&self, switches: &[u32]) -> bool {
        let mut down = false;
        for w in switches.windows(2) {
            let up = self.is_up_hop(w[0] as usize, w[1] as usize);
            if up && down {
                return false;
            }
            down |= !up;
        }
        true
    }

    /// [`UpDown::is_legal`], and every two consecutive switches are linked in `topo`.
    pub fn is_legal_path(&self, topo: &Topology, switches: &[u32]) -> bool {
        switches.iter().all(|&s| (s as usize) < topo.switches)
            && switches.windows(2).all(|w| {
                topo.neighbors(w[0] as usize)
                    .any(|(_, b, _)| b == w[1] as usize)
            })
            && self.is_legal(switches)
    }
}

mod balanced;
mod dp;
mod forwarding;
mod root;
pub use balanced::{Unit, HOST_PAIRS_ALONE};
pub use root::Root;

/// Path-selection policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Select {
    /// Balance weighted link use (GM `simple_routes` style); may be non-minimal.
    Balanced,
    /// Shortest legal path, lowest next-switch id on ties.
    Shortest,
    /// InfiniBand forwarding tables (seed 004 §4.1): every switch has one output port per
    /// destination host, whatever the source ([`forwarding_routes`]).
    Forwarding,
}

impl Select {
    /// Parse "balanced" | "shortest" | "forwarding".
    pub fn parse(s: &str) -> Result<Select> {
        match s.trim().to_ascii_lowercase().as_str() {
            "balanced" => Ok(Select::Balanced),
            "shortest" => Ok(Select::Shortest),
            "forwarding" => Ok(Select::Forwarding),
            _ => Err(Error::new(format!(
                "{s:?} is not an up*/down* path selection, allowed: balanced, shortest, forwarding"
            ))),
        }
    }
}

impl fmt::Display for Select {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Select::Balanced => "balanced",
            Select::Shortest => "shortest",
            Select::Forwarding => "forwarding",
        })
    }
}

/// A switch neighbour: output port, switch, and whether the hop goes up.
#[derive(Clone, Copy)]
struct Nbr {
    port: u8,
    sw: u32,
    up: bool,
}

/// The switch neighbours of every switch, in port order, in one flat array.
struct Nbrs {
    start: Vec<u32>,
    list: Vec<Nbr>,
}

impl Nbrs {
    fn new(topo: &Topology, ud: &UpDown) -> Self {
        let mut start = Vec::with_capacity(topo.switches + 1);
        let mut list = Vec::new();
        start.push(0);
        for a in 0..topo.switches {
            list.extend(topo.neighbors(a).map(|(p, b, _)| Nbr {
                port: p as u8,
                sw: b as u32,
                up: ud.is_up(a, p),
            }));
            start.push(list.len() as u32);
        }
        Nbrs { start, list }
    }

    /// The neighbours of switch `a`, in port order.
    #[inline]
    fn of(&self, a: usize) -> &[Nbr] {
        &self.list[self.start[a] as usize..self.start[a + 1] as usize]
    }

    fn switches(&self) -> usize {
        self.start.len() - 1
    }
}

/// Legal distances to every destination over the state graph (switch, phase): phase 0 = may
/// still go up, phase 1 = only down. `row(d)[s * 2 + ph]` = hops from s in phase ph to d
/// (u32::MAX when there is no legal path).
struct Dist {
    /// States per row: 2 per switch.
    w: usize,
    d: Vec<u32>,
}

impl Dist {
    /// One reverse BFS per destination.
    fn new(nb: &Nbrs) -> Self {
        let n = nb.switches();
        let w = 2 * n;
        let mut d = vec![u32::MAX; w * n];
        let mut q = std::collections::VecDeque::new();
        for (ds, dist) in d.chunks_exact_mut(w.max(1)).enumerate() {
            dist[2 * ds] = 0;
            dist[2 * ds + 1] = 0;
            q.push_back(2 * ds);
            q.push_back(2 * ds + 1);
            // reverse BFS: predecessor (a, pa) reaches (b, pb) by the hop a -> b; an up hop is
            // allowed only from phase 0 and stays there, a down hop lands in phase 1
            while let Some(st) = q.pop_front() {
                let (b, pb) = (st / 2, st % 2);
                for back in nb.of(b) {
                    let a = back.sw as usize;
                    let up = !back.up; // b -> a goes up iff a -> b goes down
                    let preds: &[usize] = match (up, pb) {
                        (true, 0) => &[0],
                        (false, 1) => &[0, 1],
                        _ => &[],
                    };
                    for &pa in preds {
                        let s = 2 * a + pa;
                        if dist[s] == u32::MAX {
                            dist[s] = dist[st] + 1;
                            q.push_back(s);
                        }
                    }
                }
            }
        }
        Dist { w, d }
    }

    /// The distances to switch `ds` from every state.
    #[inline]
    fn row(&self, ds: usize) -> &[u32] {
        &self.d[ds * self.w..(ds + 1) * self.w]
    }
}

/// The port of `a` towards neighbour `b` (the lowest, with parallel links).
fn port_to(nb: &Nbrs, a: u32, b: u32) -> u8 {
    nb.of(a as usize)
        .iter()
        .find(|x| x.sw == b)
        .map(|x| x.port)
        .expect("consecutive route switches are adjacent")
}

/// The shortest legal path from `s` to `d`, lowest next-switch id at every step on ties.
fn shortest_path(nb: &Nbrs, dist: &[u32], s: usize, d: usize) -> Vec<u32> {
    let mut path = vec![s as u32];
    let (mut cur, mut ph) = (s, 0usize);
    while cur != d {
        let need = dist[2 * cur + ph] - 1;
        let (b, nph) = nb
            .of(cur)
            .iter()
            .filter(|x| !(x.up && ph == 1))
            .map(|x| (x.sw as usize, usize::from(!x.up)))
            .filter(|&(b, nph)| dist[2 * b + nph] == need)
            .min()
            .expect("legal distances are consistent");
        path.push(b as u32);
        cur = b;
        ph = nph;
    }
    path
}

/// Compute one up*/down* route per ordered host pair (empty for src == dst; hosts on the same
/// switch get a one-switch route). Routes are stored once per distinct path ([`RouteSet`]).
/// `balanced` routes host pairs one by one or switch pair by switch pair as
/// [`Unit::for_topology`] says; [`routes_by`] chooses.
pub fn routes(topo: &Topology, select: Select, seed: u64, root: usize) -> Result<RouteSet> {
    routes_by(topo, select, seed, root, Unit::for_topology(topo))
}

/// [`routes`] with the unit `balanced` routes at a time (the other selections ignore it).
pub fn routes_by(
    topo: &Topology,
    select: Select,
    seed: u64,
    root: usize,
    unit: Unit,
) -> Result<RouteSet> {
    let h = topo.num_hosts();
    let n = topo.switches;
    crate::memory::check(
        "topology.switches",
        n,
        "up*/down* route computation (legal distances of every switch pair)",
        8 * (n as u64).pow(2),
    )?;
    let ud = UpDown::rooted(topo, root);
    let nb = Nbrs::new(topo, &ud);
    let dist = Dist::new(&nb);
    if select == Select::Balanced {
        // checks its own memory, the route set's included, before allocating
        return balanced::routes(topo, &nb, &dist, seed, unit);
    }
    let mut b = RouteSetBuilder::new(h, "hosts of the topology")?;
    if select == Select::Forwarding {
        forwarding::routes(topo, &ud, &nb, &dist, &mut b)?;
        return Ok(b.finish());
    }
    // shortest: one path per switch pair, shared by its host pairs
    let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
    b = b.unshared();
    for d in 0..h {
        b.set_last(d, topo.host(d).port as u8)?;
    }
    for ss in 0..n {
        for ds in 0..n {
            if hosts_on[ss].is_empty() || hosts_on[ds].is_empty() {
                continue;
            }
            let p = shortest_path(&nb, dist.row(ds), ss, ds);
            let links: Vec<u8> = p.windows(2).map(|w| port_to(&nb, w[0], w[1])).collect();
            let id = b.intern(&p, &links, &[], &[])?;
            for &s in &hosts_on[ss] {
                for &d in hosts_on[ds].iter().filter(|&&d| d != s) {
                    b.assign(s, d, id);
                }
            }
        }
    }
    Ok(b.finish())
}
