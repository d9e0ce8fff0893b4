//! The search of `balanced` up*/down*: the cheapest legal path of at most `limit` hops between
//! two switches, where a hop over a link already carrying w host pairs costs 2w + g for a route
//! of g host pairs (its share of the increase of Σ w², (w + g)² − w² = g(2w + g)).
//!
//! A dynamic program over layers (hops) of states (switch, phase): phase 0 may still go up,
//! phase 1 only down. Only states that can still reach the destination within `limit` hops are
//! expanded (the legal distance prunes), so a search touches the few states on paths at most one
//! hop longer than the shortest legal one — about 20 on a 4,096-switch network — never the
//! whole network: each layer is a short list, sorted by state before it is expanded. Ties: the
//! lower cost, then fewer hops, then the predecessor met first in ascending (switch, phase)
//! order, the order of the bitset frontier this replaced (the same routes).

use super::Nbrs;

/// The directed switch links of every switch, in port order (`start[a]..start[a + 1]` leave
/// switch `a`; the i-th of them is its local link i): the state each leads to and the host
/// pairs routed over it, side by side, and its port. Two switches share at most one link
/// (`Topology::new`), so a path's switches name its links.
pub(super) struct Arcs {
    pub(super) start: Vec<u32>,
    pub(super) arc: Vec<Arc>,
    pub(super) port: Vec<u8>,
    /// `by_port[sw * ports + port]`: the link leaving `sw` by `port`.
    by_port: Vec<u32>,
    ports: usize,
}

/// A directed switch link: the state it leads to (2 · switch + phase; an even state is reached
/// by an up hop) and the host pairs routed over it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Arc {
    pub(super) to: u32,
    pub(super) load: u32,
}

impl Arcs {
    pub(super) fn new(nb: &Nbrs, ports: usize) -> Self {
        let n = nb.switches();
        let mut by_port = vec![u32::MAX; n * ports];
        for a in 0..n {
            let s = nb.start[a] as usize;
            for (i, x) in nb.of(a).iter().enumerate() {
                by_port[a * ports + x.port as usize] = (s + i) as u32;
            }
        }
        Arcs {
            start: nb.start.clone(),
            arc: nb
                .list
                .iter()
                .map(|x| Arc {
                    to: 2 * x.sw + u32::from(!x.up),
                    load: 0,
                })
                .collect(),
            port: nb.list.iter().map(|x| x.port).collect(),
            by_port,
            ports,
        }
    }

    /// The link leaving switch `a` by `port`.
    #[inline]
    pub(super) fn by_port(&self, a: usize, port: u8) -> usize {
        self.by_port[a * self.ports + port as usize] as usize
    }
}

/// The hops a search may take towards its destination.
pub(super) trait View {
    /// Call `f(next state, link, its load)` for every hop from `state` at layer `k` that can
    /// still reach the destination within `limit` hops.
    fn hops(&self, state: usize, k: u32, limit: u32, f: impl FnMut(u32, u32, u32));
}

/// Every link of a switch, in port order, checked against the legal distances to the
/// destination (`row`).
pub(super) struct Full<'a> {
    pub(super) arcs: &'a Arcs,
    pub(super) row: &'a [u32],
}

impl View for Full<'_> {
    #[inline]
    fn hops(&self, state: usize, k: u32, limit: u32, mut f: impl FnMut(u32, u32, u32)) {
        let a = state / 2;
        for e in self.arcs.start[a]..self.arcs.start[a + 1] {
            let Arc { to, load } = self.arcs.arc[e as usize];
            if state % 2 == 1 && to & 1 == 0 {
                continue; // no up hop after a down hop
            }
            let left = self.row[to as usize];
            if left == u32::MAX || k + 1 + left > limit {
                continue;
            }
            f(to, e, load);
        }
    }
}

/// The hops towards one destination, listed once for the many searches that share it: from
/// every state only the links that bring it one hop nearer (always usable) and those that keep
/// its distance (usable while the path has its one spare hop); no other link can be on a path
/// at most one hop longer than the shortest.
pub(super) struct Near {
    /// Per state.
    state: Vec<NearState>,
    /// The hops of every state, as (next state, link).
    next: Vec<(u32, u32)>,
}

/// A state's hops towards the destination: `nearer` links that bring it one hop nearer, then
/// `level` ones that keep its distance, from `next[start]` on; its legal distance (u32::MAX:
/// none).
#[derive(Debug, Clone, Copy)]
struct NearState {
    start: u32,
    dist: u32,
    nearer: u16,
    level: u16,
}

impl Near {
    pub(super) fn new() -> Self {
        Near {
            state: Vec::new(),
            next: Vec::new(),
        }
    }

    /// List the hops towards the destination whose legal distances are `row`.
    pub(super) fn fill(&mut self, arcs: &Arcs, row: &[u32]) {
        self.state.clear();
        self.next.clear();
        let mut level = Vec::new();
        for (st, &here) in row.iter().enumerate() {
            let start = self.next.len();
            if here != u32::MAX {
                let (a, ph) = (st / 2, st % 2);
                for e in arcs.start[a] as usize..arcs.start[a + 1] as usize {
                    let to = arcs.arc[e].to;
                    if ph == 1 && to & 1 == 0 {
                        continue;
                    }
                    match row[to as usize] {
                        u32::MAX => {}
                        x if x + 1 == here => self.next.push((to, e as u32)),
                        x if x == here => level.push((to, e as u32)),
                        _ => {}
                    }
                }
            }
            let nearer = self.next.len() - start;
            self.state.push(NearState {
                start: start as u32,
                dist: here,
                nearer: nearer as u16,
                level: level.len() as u16,
            });
            self.next.append(&mut level);
        }
    }
}

/// [`Near`] with the current link loads.
pub(super) struct NearView<'a> {
    pub(super) near: &'a Near,
    pub(super) arcs: &'a [Arc],
}

impl View for NearView<'_> {
    #[inline]
    fn hops(&self, state: usize, k: u32, limit: u32, mut f: impl FnMut(u32, u32, u32)) {
        let h = self.near.state[state];
        // level links while a spare hop is left (k + 1 + distance <= limit); the order of the
        // hops does not matter, each leads to a state of its own
        let mut end = h.start as usize + usize::from(h.nearer);
        if k + 1 + h.dist <= limit {
            end += usize::from(h.level);
        }
        for &(to, e) in &self.near.next[h.start as usize..end] {
            f(to, e, self.arcs[e as usize].load);
        }
    }
}

/// One state reached at one layer.
#[derive(Debug, Clone, Copy)]
struct Cell {
    cost: u64,
    /// The cell it was reached from (u32::MAX for the source).
    prev: u32,
    /// 2 * switch + phase.
    state: u32,
    /// The link it was reached by.
    arc: u32,
    /// How many candidate paths reach it (2 for two or more).
    paths: u32,
}

/// A layer this long or longer finds its cells through `mark`/`at`; a shorter one is scanned.
const SCAN: usize = 16;

/// The search's memory, reused from one search to the next.
pub(super) struct Dp {
    /// The cells of the current search, layer after layer.
    cells: Vec<Cell>,
    /// Per state: the code of the layer in which `at[state]` is its cell (long layers only);
    /// codes only grow, so nothing needs clearing between searches.
    mark: Vec<u32>,
    at: Vec<u32>,
    /// The code of layer 0 of the current search.
    code: u32,
}

impl Dp {
    /// For a network of `n` switches.
    pub(super) fn new(n: usize) -> Self {
        Dp {
            cells: Vec::new(),
            mark: vec![0; 2 * n],
            at: vec![0; 2 * n],
            code: 0,
        }
    }

    /// The cheapest legal path from switch `s` to switch `d != s` of at most `limit` hops,
    /// into `path` (switches, `s` first) and `links` (the link of every hop), over the hops
    /// `view` allows; `g` = host pairs the route carries. True when it is the only candidate:
    /// then no load can make the search choose another.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn best<V: View>(
        &mut self,
        view: &V,
        (s, d): (usize, usize),
        limit: u32,
        g: u64,
        path: &mut Vec<u32>,
        links: &mut Vec<u32>,
    ) -> bool {
        let layers = limit as usize + 1;
        if self.code > u32::MAX - layers as u32 - 2 {
            self.mark.fill(0);
            self.code = 0;
        }
        let base = self.code + 1;
        self.code = base + layers as u32;
        self.cells.clear();
        self.cells.push(Cell {
            cost: 0,
            prev: u32::MAX,
            state: 2 * s as u32,
            arc: u32::MAX,
            paths: 1,
        });
        let mut paths = 0; // candidates reaching the destination (2 for two or more)
        let mut best: Option<(u64, usize)> = None; // (cost, cell)
        let (mut lo, mut hi) = (0, 1);
        for k in 0..layers {
            let next = base + k as u32 + 1;
            let mut long = false;
            for i in lo..hi {
                let c = self.cells[i];
                if c.state as usize / 2 == d {
                    paths = (paths + c.paths).min(2);
                    if best.is_none_or(|b| c.cost < b.0) {
                        best = Some((c.cost, i));
                    }
                    continue;
                }
                view.hops(c.state as usize, k as u32, limit, |to, arc, load| {
                    let nst = to as usize;
                    let nc = c.cost + 2 * u64::from(load) + g;
                    let found = if long {
                        (self.mark[nst] == next).then(|| self.at[nst] as usize)
                    } else {
                        (hi..self.cells.len()).find(|&j| self.cells[j].state == to)
                    };
                    match found {
                        Some(j) => {
                            let cell = &mut self.cells[j];
                            cell.paths = 2;
                            if nc < cell.cost {
                                cell.cost = nc;
                                cell.prev = i as u32;
                                cell.arc = arc;
                            }
                        }
                        None => {
                            self.cells.push(Cell {
                                cost: nc,
                                prev: i as u32,
                                state: to,
                                arc,
                                paths: c.paths,
                            });
                            if long {
                                self.mark[nst] = next;
                                self.at[nst] = self.cells.len() as u32 - 1;
                            } else if self.cells.len() - hi == SCAN {
                                long = true;
                                for j in hi..self.cells.len() {
                                    let st = self.cells[j].state as usize;
                                    self.mark[st] = next;
                                    self.at[st] = j as u32;
                                }
                            }
                        }
                    }
                });
            }
            // the next layer, in ascending state order (its cells are referenced by nothing yet)
            (lo, hi) = (hi, self.cells.len());
            if hi - lo > 1 {
                self.cells[lo..hi].sort_unstable_by_key(|c| c.state);
            }
        }
        let (_, mut at) = best.expect("a legal up*/down* path exists in a connected network");
        path.clear();
        links.clear();
        loop {
            let c = self.cells[at];
            path.push(c.state / 2);
            if c.prev == u32::MAX {
                break;
            }
            links.push(c.arc);
            at = c.prev as usize;
        }
        path.reverse();
        links.reverse();
        paths == 1
    }
}
