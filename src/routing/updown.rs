//! Up*/down* routing (seed 000 §2) and its two path-selection policies.
//!
//! A BFS spanning tree from switch 0 gives every switch a level; the *up* end of a link is the
//! end nearer the root, or the lower switch id at equal level. A legal route crosses zero or more
//! links in the up direction, then zero or more in the down direction — never up after down.
//!
//! Selection: `shortest` takes the shortest legal path, the lowest next-switch id on ties.
//! `balanced`, in the spirit of Myricom GM's `simple_routes`, chooses one legal path per ordered
//! host pair so that weighted link use is balanced: candidates are legal paths at most one hop
//! longer than the shortest legal one, and each pair (in a seeded random order) takes the
//! candidate that least increases Σ w² over directed switch links (w = routes already on a
//! link), found by a dynamic program over (switch, phase, hops) pruned by the legal distance to
//! the destination; two rip-up-and-reroute passes follow. It may take a non-minimal legal path,
//! as `simple_routes` does.

use super::{RouteSet, RouteSetBuilder};
use crate::error::{Error, Result};
use crate::topology::Topology;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
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

mod root;
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

fn neighbour_lists(topo: &Topology, ud: &UpDown) -> Vec<Vec<Nbr>> {
    (0..topo.switches)
        .map(|a| {
            topo.neighbors(a)
                .map(|(p, b, _)| Nbr {
                    port: p as u8,
                    sw: b as u32,
                    up: ud.is_up(a, p),
                })
                .collect()
        })
        .collect()
}

/// Per-destination legal distances over the state graph (switch, phase): phase 0 = may still go
/// up, phase 1 = only down. `dist[d][s*2+ph]` = hops from s in phase ph to d.
fn legal_distances(nb: &[Vec<Nbr>]) -> Vec<Vec<u32>> {
    let n = nb.len();
    let mut q = std::collections::VecDeque::new();
    (0..n)
        .map(|d| {
            let mut dist = vec![u32::MAX; 2 * n];
            dist[2 * d] = 0;
            dist[2 * d + 1] = 0;
            q.push_back(2 * d);
            q.push_back(2 * d + 1);
            // reverse BFS: predecessor (a, pa) reaches (b, pb) by the hop a -> b; an up hop is
            // allowed only from phase 0 and stays there, a down hop lands in phase 1
            while let Some(st) = q.pop_front() {
                let (b, pb) = (st / 2, st % 2);
                for back in &nb[b] {
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
            dist
        })
        .collect()
}

fn port_to(nb: &[Vec<Nbr>], a: u32, b: u32) -> u8 {
    nb[a as usize]
        .iter()
        .find(|x| x.sw == b)
        .map(|x| x.port)
        .expect("consecutive route switches are adjacent")
}

/// The shortest legal path from `s` to `d`, lowest next-switch id at every step on ties.
fn shortest_path(nb: &[Vec<Nbr>], dist: &[u32], s: usize, d: usize) -> Vec<u32> {
    let mut path = vec![s as u32];
    let (mut cur, mut ph) = (s, 0usize);
    while cur != d {
        let need = dist[2 * cur + ph] - 1;
        let (b, nph) = nb[cur]
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

/// The most ordered host pairs `balanced` takes (8192 hosts): beyond it the computation would
/// take hours (about 8 µs per pair for the three passes on a 1024-switch network, more on larger ones).
pub const BALANCED_MAX_PAIRS: u64 = 8192 * 8191;

/// Compute one up*/down* route per ordered host pair (empty for src == dst; hosts on the same
/// switch get a one-switch route). Routes are stored once per distinct path ([`RouteSet`]).
pub fn routes(topo: &Topology, select: Select, seed: u64, root: usize) -> Result<RouteSet> {
    let h = topo.num_hosts();
    let n = topo.switches;
    let pairs = (h as u64) * (h as u64).saturating_sub(1);
    if select == Select::Balanced && pairs > BALANCED_MAX_PAIRS {
        return Err(Error::field(
            "routing.paths",
            format!(
                "\"balanced\" chooses a path for each of the {pairs} ordered pairs of {h} hosts by a dynamic program, three times over (at least {} minutes); it allows at most {BALANCED_MAX_PAIRS} pairs (8192 hosts): use routing.paths = \"shortest\" (one path per switch pair) or fewer hosts",
                pairs / 8_000_000
            ),
        ));
    }
    // the legal distances (8 bytes per switch pair) and, for balanced, the shuffled pair list
    let extra = match select {
        Select::Shortest | Select::Forwarding => 0,
        Select::Balanced => 4 * (h as u64).pow(2) + 4 * (n * topo.ports_per_switch) as u64,
    };
    crate::memory::check(
        "topology.switches",
        n,
        "up*/down* route computation (legal distances of every switch pair)",
        8 * (n as u64).pow(2) + extra,
    )?;
    let mut b = RouteSetBuilder::new(h, "hosts of the topology")?;
    let ud = UpDown::rooted(topo, root);
    let nb = neighbour_lists(topo, &ud);
    let dist = legal_distances(&nb);
    let sw_of: Vec<usize> = (0..h).map(|x| topo.host(x).sw).collect();
    let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
    // the ports of a switch path ending at host `d`
    let parts = |p: &[u32], d: usize| -> Vec<u8> {
        let mut ports: Vec<u8> = p.windows(2).map(|w| port_to(&nb, w[0], w[1])).collect();
        ports.push(topo.host(d).port as u8);
        ports
    };
    match select {
        Select::Forwarding => forwarding_routes(topo, &ud, &nb, &dist, &mut b)?,
        Select::Shortest => {
            // one path per switch pair, shared by its host pairs
            b = b.unshared();
            for d in 0..h {
                b.set_last(d, topo.host(d).port as u8)?;
            }
            for ss in 0..n {
                for ds in 0..n {
                    if hosts_on[ss].is_empty() || hosts_on[ds].is_empty() {
                        continue;
                    }
                    let p = shortest_path(&nb, &dist[ds], ss, ds);
                    let links: Vec<u8> = p.windows(2).map(|w| port_to(&nb, w[0], w[1])).collect();
                    let id = b.intern(&p, &links, &[], &[])?;
                    for &s in &hosts_on[ss] {
                        for &d in hosts_on[ds].iter().filter(|&&d| d != s) {
                            b.assign(s, d, id);
                        }
                    }
                }
            }
        }
        Select::Balanced => {
            let np = topo.ports_per_switch;
            let mut load = vec![0u32; n * np];
            // ordered pairs s != d as s * h + d, in a seeded random order
            let mut pairs: Vec<u32> = (0..h as u32)
                .flat_map(|s| {
                    (0..h as u32)
                        .filter(move |&d| d != s)
                        .map(move |d| s * h as u32 + d)
                })
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_BA1A);
            pairs.shuffle(&mut rng);
            let mut dp = Dp::new(n);
            for pass in 0..3 {
                for &x in &pairs {
                    let (s, d) = (x as usize / h, x as usize % h);
                    let (ss, ds) = (sw_of[s], sw_of[d]);
                    if ss == ds {
                        continue;
                    }
                    if pass > 0 {
                        let id = b.id(s, d).expect("assigned in the first pass");
                        let (sw, links) = b.path(id);
                        adjust(np, sw, links, &mut load, false);
                    }
                    let limit = dist[ds][2 * ss] + 1;
                    let p = dp.best(&nb, &dist[ds], &load, np, ss, ds, limit);
                    let pp = parts(&p, d);
                    adjust(np, &p, &pp, &mut load, true);
                    b.add_parts(s, d, &p, &pp, &[], &[])?;
                }
            }
            for s in 0..h {
                for &d in hosts_on[sw_of[s]].iter().filter(|&&d| d != s) {
                    b.add_parts(
                        s,
                        d,
                        &[sw_of[s] as u32],
                        &[topo.host(d).port as u8],
                        &[],
                        &[],
                    )?;
                }
            }
        }
    }
    Ok(b.finish())
}

/// Up*/down* as InfiniBand forwarding tables (seed 004 §4.1: "packets are routed at each
/// switch by accessing the forwarding table, that contains the output ports to be used at the
/// switch for each possible destination"): one output port per (switch, destination host),
/// whatever the source, as a subnet manager's up*/down* engine fills them. A switch from which
/// the destination's switch is reachable going down only sends down, on a shortest down-only
/// path; any other one sends up, to the up neighbour whose own table reaches the destination
/// soonest. Every table walk is then a legal up*/down* path (up hops, then down hops only),
/// though not always a shortest legal one. Among equal options the port that carries the
/// fewest destinations so far is taken (lowest port on a tie), destinations in host order.
fn forwarding_routes(
    topo: &Topology,
    ud: &UpDown,
    nb: &[Vec<Nbr>],
    dist: &[Vec<u32>],
    b: &mut RouteSetBuilder,
) -> Result<()> {
    let (n, h, np) = (topo.switches, topo.num_hosts(), topo.ports_per_switch);
    // up neighbours come before their down neighbours in this order
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&s| (ud.level[s], s));
    let mut load = vec![0u32; n * np];
    let (mut hops, mut next) = (vec![u32::MAX; n], vec![(0u8, 0u32); n]);
    let hosts_on: Vec<Vec<usize>> = (0..n).map(|s| topo.hosts_of(s).collect()).collect();
    for d in 0..h {
        let ds = topo.host(d).sw;
        b.set_last(d, topo.host(d).port as u8)?;
        let down = |x: usize| dist[ds][2 * x + 1];
        for &x in &order {
            if x == ds {
                hops[x] = 0;
                continue;
            }
            // down only where that reaches the destination, else up to the best table
            let opts = nb[x].iter().filter(|z| {
                if down(x) != u32::MAX {
                    !z.up && down(z.sw as usize) == down(x) - 1
                } else {
                    z.up && hops[z.sw as usize] != u32::MAX
                }
            });
            let best = opts
                .map(|z| {
                    let t = if down(x) != u32::MAX {
                        down(x)
                    } else {
                        hops[z.sw as usize] + 1
                    };
                    (t, load[x * np + z.port as usize], z.port, z.sw)
                })
                .min();
            let Some((t, _, port, sw)) = best else {
                return Err(Error::new(format!(
                    "up*/down* forwarding tables: switch {x} has no legal path to switch {ds}"
                )));
            };
            hops[x] = t;
            next[x] = (port, sw);
            load[x * np + port as usize] += 1;
        }
        for (ss, srcs) in hosts_on.iter().enumerate() {
            if srcs.is_empty() || srcs.iter().all(|&s| s == d) {
                continue;
            }
            let (mut path, mut links, mut x) = (vec![ss as u32], vec![], ss);
            while x != ds {
                let (port, sw) = next[x];
                links.push(port);
                path.push(sw);
                x = sw as usize;
            }
            let id = b.intern(&path, &links, &[], &[])?;
            for &s in srcs.iter().filter(|&&s| s != d) {
                b.assign(s, d, id);
            }
        }
    }
    Ok(())
}

/// Add (or remove) one route of the path `switches`, leaving by `ports`, to the link loads.
fn adjust(np: usize, switches: &[u32], ports: &[u8], load: &mut [u32], add: bool) {
    for (&sw, &p) in switches
        .iter()
        .zip(ports)
        .take(switches.len().saturating_sub(1))
    {
        let i = sw as usize * np + p as usize;
        if add {
            load[i] += 1;
        } else {
            load[i] -= 1;
        }
    }
}

/// One state of the dynamic program.
#[derive(Debug, Clone, Copy, Default)]
struct Cell {
    cost: u64,
    prev: u32,
    stamp: u32,
}

/// Layered dynamic program: the cheapest legal path of at most `limit` hops, where a hop over a
/// link with load w costs 2w + 1 (the increase of Σ w²). Only states that can still reach the
/// destination within `limit` are expanded. Ties: fewer hops, then the predecessor state met
/// first in ascending (switch, phase) order.
struct Dp {
    /// Per (layer, state): cost, predecessor and the epoch that wrote them, side by side
    /// (one cache line access per relaxation).
    cell: Vec<Cell>,
    epoch: u32,
    /// The states reached at each layer, one bit each: visited in ascending order.
    frontier: Vec<u64>,
}

impl Dp {
    fn new(n: usize) -> Self {
        Dp {
            cell: Vec::new(),
            epoch: 0,
            frontier: Vec::with_capacity(2 * n),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn best(
        &mut self,
        nb: &[Vec<Nbr>],
        dist: &[u32],
        load: &[u32],
        np: usize,
        s: usize,
        d: usize,
        limit: u32,
    ) -> Vec<u32> {
        let w = 2 * nb.len();
        let layers = limit as usize + 1;
        if self.cell.len() < layers * w {
            self.cell.resize(layers * w, Cell::default());
        }
        let ww = w.div_ceil(64);
        if self.frontier.len() < (layers + 1) * ww {
            self.frontier.resize((layers + 1) * ww, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.cell.iter_mut().for_each(|c| c.stamp = 0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        self.frontier[(2 * s) / 64] |= 1 << ((2 * s) % 64);
        self.cell[2 * s] = Cell {
            cost: 0,
            prev: u32::MAX,
            stamp: epoch,
        };
        let mut best: Option<(u64, usize)> = None; // (cost, layer * w + state)
        for k in 0..layers {
            for wi in 0..ww {
                let mut word = std::mem::take(&mut self.frontier[k * ww + wi]);
                while word != 0 {
                    let st = wi * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let here = k * w + st;
                    let c = self.cell[here].cost;
                    let (a, ph) = (st / 2, st % 2);
                    if a == d {
                        if best.is_none_or(|b| c < b.0) {
                            best = Some((c, here));
                        }
                        continue;
                    }
                    for x in &nb[a] {
                        if x.up && ph == 1 {
                            continue;
                        }
                        let nst = 2 * x.sw as usize + usize::from(!x.up);
                        if dist[nst] == u32::MAX || k as u32 + 1 + dist[nst] > limit {
                            continue;
                        }
                        let nc = c + 2 * load[a * np + x.port as usize] as u64 + 1;
                        let idx = (k + 1) * w + nst;
                        let cell = &mut self.cell[idx];
                        if cell.stamp != epoch {
                            *cell = Cell {
                                cost: nc,
                                prev: here as u32,
                                stamp: epoch,
                            };
                            self.frontier[(k + 1) * ww + nst / 64] |= 1 << (nst % 64);
                        } else if nc < cell.cost {
                            cell.cost = nc;
                            cell.prev = here as u32;
                        }
                    }
                }
            }
        }
        let (_, mut at) = best.expect("a legal up*/down* path exists in a connected network");
        let mut path = Vec::with_capacity(layers);
        loop {
            path.push(((at % w) / 2) as u32);
            let p = self.cell[at].prev;
            if p == u32::MAX {
                break;
            }
            at = p as usize;
        }
        path.reverse();
        path
    }
}
