//! L-turn routing ("left-up-first turn routing", Koibuchi, Funahashi, Jouraku & Amano, ICPP
//! 2001), the restriction inside every layer of DL's (L-turn)* (seed 003 §3.2). Their text is
//! not available to us; this is our reading of its published description — "a deadlock-free
//! adaptive routing by identifying and analysing cycles on a two-dimensional graph", built on
//! "a specific spanning tree" — documented in docs/dl.md:
//! 1. **The two-dimensional graph.** Autonet's BFS spanning tree (root switch 0; a switch's
//!    parent is its lowest-id neighbour one level nearer the root). y is the level; x is the
//!    preorder number of a depth-first walk of the tree, children in increasing id. Tree links
//!    thus go left-up towards the root and right-down away from it.
//! 2. **Directions.** A hop is left or right by x, up or down as in up*/down* (the up end
//!    nearer the root, the lower id at equal level): LU, LD, RU or RD.
//! 3. **Prohibited turns (left-up first).** No turn into LU from another direction, and no turn
//!    from LD into a rightward hop (RU, RD): a path is LU*, then RU/RD in any order, then LD*.
//!    Every cycle of the graph goes left and right, up and down, so it needs one of these five
//!    turns: the rule is deadlock-free, and LU* RD* along the tree connects every pair. (Of the
//!    orders we tried this one, with step 4, gives the fewest hops; docs/dl.md.)
//! 4. **Turn release (the cycle analysis).** Each prohibited turn at a switch, in (switch,
//!    input port, output port) order, is allowed after all if the channel dependency graph of
//!    the allowed turns stays acyclic with it. U-turns stay prohibited.
//!
//! The result is a table of legal turns per switch: (input port, output port) → allowed.

use super::updown::UpDown;
use crate::topology::Topology;

/// The legal turns of L-turn routing on one topology.
#[derive(Debug, Clone)]
pub struct LTurn {
    np: usize,
    /// `ok[(sw * np + in) * np + out]`: may a packet that entered `sw` through `in` leave
    /// through `out`?
    ok: Vec<bool>,
    /// How many turns the rule prohibits and how many of them the cycle analysis released.
    pub prohibited: usize,
    pub released: usize,
}

/// A hop's direction in the two-dimensional graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    LeftUp,
    LeftDown,
    RightUp,
    RightDown,
}

impl Dir {
    /// Left-up first: LU, then the rightward directions in any order, then LD.
    fn rank(self) -> u8 {
        match self {
            Dir::LeftUp => 0,
            Dir::RightUp | Dir::RightDown => 1,
            Dir::LeftDown => 2,
        }
    }

    /// May a hop going `to` follow one going `self` under the base rule (before release)?
    pub fn base_allows(self, to: Dir) -> bool {
        to.rank() >= self.rank()
    }
}

/// x coordinates of the two-dimensional graph (preorder numbers of the spanning tree).
pub fn preorder(topo: &Topology, ud: &UpDown) -> Vec<usize> {
    let n = topo.switches;
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (s, parent) in ud.tree_parents(topo).into_iter().enumerate() {
        if let Some((_, p)) = parent {
            children[p].push(s);
        }
    }
    let mut x = vec![usize::MAX; n];
    let mut stack = vec![0usize];
    let mut next = 0;
    while let Some(s) = stack.pop() {
        if x[s] != usize::MAX {
            continue;
        }
        x[s] = next;
        next += 1;
        children[s].sort_unstable();
        stack.extend(children[s].iter().rev());
    }
    // switches the tree does not reach (a disconnected topology, refused by the router) go last
    for v in x.iter_mut().filter(|v| **v == usize::MAX) {
        *v = next;
        next += 1;
    }
    x
}

impl LTurn {
    /// The legal turns on `topo`.
    pub fn new(topo: &Topology, root: usize) -> Self {
        let ud = UpDown::rooted(topo, root);
        let x = preorder(topo, &ud);
        let np = topo.ports_per_switch;
        let n = topo.switches;
        let dir = |a: usize, b: usize| match (ud.is_up_hop(a, b), x[b] < x[a]) {
            (true, true) => Dir::LeftUp,
            (false, true) => Dir::LeftDown,
            (true, false) => Dir::RightUp,
            (false, false) => Dir::RightDown,
        };
        // channel c = sw * np + port (leaving sw); dependencies succ[c_in] -> c_out
        let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n * np];
        let mut ok = vec![false; n * np * np];
        let mut pending = Vec::new();
        for s in 0..n {
            for (i, a, ai) in topo.neighbors(s) {
                let c_in = a * np + ai;
                for (o, b, _) in topo.neighbors(s) {
                    if o == i {
                        continue;
                    }
                    if dir(a, s).base_allows(dir(s, b)) {
                        ok[(s * np + i) * np + o] = true;
                        succ[c_in].push((s * np + o) as u32);
                    } else {
                        pending.push((s, i, o, c_in));
                    }
                }
            }
        }
        let prohibited = pending.len();
        let mut released = 0;
        let mut seen = vec![0u32; n * np];
        let mut stack = Vec::new();
        for (k, &(s, i, o, c_in)) in pending.iter().enumerate() {
            let c_out = s * np + o;
            // would c_in -> c_out close a cycle, i.e. does c_out already reach c_in?
            let stamp = k as u32 + 1;
            stack.clear();
            stack.push(c_out);
            seen[c_out] = stamp;
            let mut cycle = false;
            while let Some(c) = stack.pop() {
                if c == c_in {
                    cycle = true;
                    break;
                }
                for &d in &succ[c] {
                    if seen[d as usize] != stamp {
                        seen[d as usize] = stamp;
                        stack.push(d as usize);
                    }
                }
            }
            if !cycle {
                ok[(s * np + i) * np + o] = true;
                succ[c_in].push(c_out as u32);
                released += 1;
            }
        }
        LTurn {
            np,
            ok,
            prohibited,
            released,
        }
    }

    /// May a packet that entered `sw` through port `input` leave through port `output`?
    #[inline]
    pub fn allows(&self, sw: usize, input: usize, output: usize) -> bool {
        self.ok[(sw * self.np + input) * self.np + output]
    }
}
