//! Up*/down* routing (seed 000 §2) and its two path-selection policies.
//!
//! A BFS spanning tree from switch 0 gives every switch a level; the *up* end of a link is the
//! end nearer the root, or the lower switch id at equal level. A legal route crosses zero or more
//! links in the up direction, then zero or more in the down direction — never up after down.
//!
//! Selection: `shortest` takes the shortest legal path, the lowest next-switch id on ties.
//! `balanced`, in the spirit of Myricom GM's `simple_routes`, chooses one legal path per ordered
//! host pair so that weighted link use is balanced: candidates are legal paths at most one hop
//! longer than the shortest legal one, and each pair takes the candidate that least increases
//! Σ w² over directed switch links (w = routes already on a link), found by a dynamic program
//! over (switch, phase, hops); two rip-up-and-reroute passes follow. It may take a non-minimal
//! legal path, as `simple_routes` does.

use super::{Route, RouteSet};
use crate::error::{Error, Result};
use crate::topology::{Peer, Topology};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Up*/down* link directions.
#[derive(Debug, Clone)]
pub struct UpDown {
    /// BFS level of every switch (root = switch 0 at level 0).
    pub level: Vec<u32>,
}

impl UpDown {
    /// Directions for `topo`.
    pub fn new(topo: &Topology) -> Self {
        UpDown { level: topo.bfs(0) }
    }

    /// Does the hop from switch `a` to neighbour `b` go up?
    #[inline]
    pub fn is_up_hop(&self, a: usize, b: usize) -> bool {
        self.level[b] < self.level[a] || (self.level[b] == self.level[a] && b < a)
    }

    /// Does leaving `sw` through `port` (to another switch) go up?
    pub fn is_up(&self, topo: &Topology, sw: usize, port: usize) -> bool {
        match topo.peer(sw, port) {
            Peer::Switch { sw: b, .. } => self.is_up_hop(sw, b),
            _ => false,
        }
    }

    /// Is the switch sequence a legal up*/down* path?
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
}

/// Path-selection policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Select {
    Balanced,
    Shortest,
}

impl Select {
    /// Parse "balanced" | "shortest".
    pub fn parse(s: &str) -> Result<Select> {
        match s.trim() {
            "balanced" => Ok(Select::Balanced),
            "shortest" => Ok(Select::Shortest),
            o => Err(Error::new(format!(
                "{o:?} is not a path selection, allowed: balanced, shortest"
            ))),
        }
    }
}

/// Per-destination legal distances over the state graph (switch, phase): phase 0 = may still go
/// up, phase 1 = only down. `dist[d][s*2+ph]` = hops from s in phase ph to d.
fn legal_distances(topo: &Topology, ud: &UpDown) -> Vec<Vec<u32>> {
    let n = topo.switches;
    let mut all = Vec::with_capacity(n);
    for d in 0..n {
        let mut dist = vec![u32::MAX; 2 * n];
        let mut q = std::collections::VecDeque::new();
        dist[2 * d] = 0;
        dist[2 * d + 1] = 0;
        q.push_back(2 * d);
        q.push_back(2 * d + 1);
        // reverse BFS: predecessor (a, pa) reaches (b, pb) by hop a->b
        while let Some(st) = q.pop_front() {
            let (b, pb) = (st / 2, st % 2);
            for (_, a, _) in topo.neighbors(b) {
                let up = ud.is_up_hop(a, b);
                // hop a->b: up hop allowed only from phase 0 and lands in phase 0; down hop from any phase lands in phase 1
                let preds: &[usize] = match (up, pb) {
                    (true, 0) => &[0],
                    (true, _) => &[],
                    (false, 1) => &[0, 1],
                    (false, _) => &[],
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
        all.push(dist);
    }
    all
}

fn host_route(topo: &Topology, switches: Vec<u32>, dst: usize) -> Route {
    let mut ports = Vec::with_capacity(switches.len());
    for w in switches.windows(2) {
        let (a, b) = (w[0] as usize, w[1] as usize);
        let p = topo
            .neighbors(a)
            .find(|&(_, s2, _)| s2 == b)
            .map(|x| x.0)
            .expect("adjacent");
        ports.push(p as u8);
    }
    ports.push(topo.host(dst).port as u8);
    Route {
        switches,
        ports,
        itbs: vec![],
    }
}

/// Compute one up*/down* route per ordered host pair.
pub fn routes(topo: &Topology, select: Select, seed: u64) -> Result<RouteSet> {
    let ud = UpDown::new(topo);
    let dist = legal_distances(topo, &ud);
    let h = topo.num_hosts();
    let n = topo.switches;
    // shortest: greedy walk along legal distances, lowest next-switch id first
    let shortest_path = |s: usize, d: usize| -> Vec<u32> {
        let mut path = vec![s as u32];
        let (mut cur, mut ph) = (s, 0usize);
        while cur != d {
            let need = dist[d][2 * cur + ph] - 1;
            let mut best: Option<(usize, usize)> = None;
            for (_, b, _) in topo.neighbors(cur) {
                let up = ud.is_up_hop(cur, b);
                if up && ph == 1 {
                    continue;
                }
                let nph = if up { 0 } else { 1 };
                if dist[d][2 * b + nph] == need && best.is_none_or(|x| b < x.0) {
                    best = Some((b, nph));
                }
            }
            let (b, nph) = best.expect("legal distance is consistent");
            path.push(b as u32);
            cur = b;
            ph = nph;
        }
        path
    };
    let mut routes = vec![Route::default(); h * h];
    match select {
        Select::Shortest => {
            for s in 0..h {
                for d in 0..h {
                    if s != d {
                        let p = shortest_path(topo.host(s).sw, topo.host(d).sw);
                        routes[s * h + d] = host_route(topo, p, d);
                    }
                }
            }
        }
        Select::Balanced => {
            let np = topo.ports_per_switch;
            let mut load = vec![0u32; n * np];
            let mut pairs: Vec<(usize, usize)> = (0..h)
                .flat_map(|s| (0..h).filter(move |&d| d != s).map(move |d| (s, d)))
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_BA1A);
            pairs.shuffle(&mut rng);
            let mut dp = Dp::new(n);
            let mut paths: Vec<Vec<u32>> = vec![Vec::new(); h * h];
            for pass in 0..3 {
                for &(s, d) in &pairs {
                    let (ss, ds) = (topo.host(s).sw, topo.host(d).sw);
                    if ss == ds {
                        paths[s * h + d] = vec![ss as u32];
                        continue;
                    }
                    if pass > 0 {
                        adjust(topo, &paths[s * h + d], &mut load, false);
                    }
                    let limit = dist[ds][2 * ss] + 1;
                    let p = dp.best(topo, &ud, &load, ss, ds, limit);
                    adjust(topo, &p, &mut load, true);
                    paths[s * h + d] = p;
                }
            }
            for s in 0..h {
                for d in 0..h {
                    if s != d {
                        routes[s * h + d] =
                            host_route(topo, std::mem::take(&mut paths[s * h + d]), d);
                    }
                }
            }
        }
    }
    Ok(RouteSet { hosts: h, routes })
}

fn adjust(topo: &Topology, path: &[u32], load: &mut [u32], add: bool) {
    let np = topo.ports_per_switch;
    for w in path.windows(2) {
        let (a, b) = (w[0] as usize, w[1] as usize);
        let p = topo
            .neighbors(a)
            .find(|&(_, s2, _)| s2 == b)
            .map(|x| x.0)
            .expect("adjacent");
        if add {
            load[a * np + p] += 1;
        } else {
            load[a * np + p] -= 1;
        }
    }
}

/// Layered dynamic program: cheapest legal path of at most `limit` hops, where a hop over a
/// link with load w costs 2w + 1 (the increase of Σ w²); ties → fewer hops, then lower ids.
struct Dp {
    cost: Vec<u64>,
    prev: Vec<u32>,
}

impl Dp {
    fn new(n: usize) -> Self {
        Dp {
            cost: vec![0; 2 * n],
            prev: vec![0; 2 * n],
        }
    }

    fn best(
        &mut self,
        topo: &Topology,
        ud: &UpDown,
        load: &[u32],
        s: usize,
        d: usize,
        limit: u32,
    ) -> Vec<u32> {
        let n = topo.switches;
        let np = topo.ports_per_switch;
        let layers = limit as usize + 1;
        self.cost.clear();
        self.cost.resize(layers * 2 * n, u64::MAX);
        self.prev.clear();
        self.prev.resize(layers * 2 * n, u32::MAX);
        self.cost[2 * s] = 0;
        let mut best: Option<(u64, usize)> = None; // (cost, layer*2n + state)
        for k in 0..layers {
            for st in 0..2 * n {
                let c = self.cost[k * 2 * n + st];
                if c == u64::MAX {
                    continue;
                }
                let (a, ph) = (st / 2, st % 2);
                if a == d {
                    if best.is_none_or(|b| c < b.0) {
                        best = Some((c, k * 2 * n + st));
                    }
                    continue;
                }
                if k + 1 == layers {
                    continue;
                }
                for (p, b, _) in topo.neighbors(a) {
                    let up = ud.is_up_hop(a, b);
                    if up && ph == 1 {
                        continue;
                    }
                    let nst = 2 * b + if up { 0 } else { 1 };
                    let nc = c + 2 * load[a * np + p] as u64 + 1;
                    let idx = (k + 1) * 2 * n + nst;
                    if nc < self.cost[idx] {
                        self.cost[idx] = nc;
                        self.prev[idx] = (k * 2 * n + st) as u32;
                    }
                }
            }
        }
        let (_, mut at) = best.expect("a legal up*/down* path exists in a connected network");
        let mut path = Vec::new();
        loop {
            path.push(((at % (2 * n)) / 2) as u32);
            let p = self.prev[at];
            if p == u32::MAX {
                break;
            }
            at = p as usize;
        }
        path.reverse();
        path
    }
}
