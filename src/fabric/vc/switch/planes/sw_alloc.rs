//! Switch allocation of a tile of 64 routers in bit planes (issue 29 item 1): flitwave's
//! separable input-first allocator ([`crate::blocks::allocator::SeparableInputFirst`], the
//! router's `sw_alloc` stage) for every router at once — each input offers per output its first
//! eligible VC from the one after its last winner (eligible: holding an output VC since before
//! this cycle, a flit, a credit downstream), picks one output round-robin, and each output
//! grants one of the inputs that picked it round-robin; pointers move past grants only. A few
//! hundred word operations a cycle, no branch per router; an input that offers nothing in any
//! router of the tile is skipped. 1 cycle, as the router's.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::{Tile, P, V};

/// What a tile's switch allocation grants, per input: the routers whose input won an output
/// (`won[p]`: the output the winning VC holds), and the routers whose winner is the input's
/// VC 1 (`win1[p]`).
pub(super) struct Grants {
    pub won: [u64; P],
    pub win1: [u64; P],
}

/// Switch allocation of tile `pl`, the input VCs granted their output VC this cycle (`fresh`)
/// waiting; `None` when no router's input offers.
#[inline(always)]
pub(super) fn allocate(pl: &mut Tile, fresh: &[[u64; V]; P]) -> Option<Grants> {
    let mut req = [[0u64; P]; P];
    let mut l1 = [[0u64; P]; P];
    let mut offers = 0u32;
    for p in 0..P {
        if (pl.act[p][0] & pl.hold[p][0]) | (pl.act[p][1] & pl.hold[p][1]) == 0 {
            continue;
        }
        offers |= 1 << p;
        let mut el = [0u64; V];
        for v in 0..V {
            let o1 = pl.ovc1[p][v];
            let mut cred = 0u64;
            for o in 0..P {
                cred |= pl.outp[p][v][o] & ((o1 & pl.cok[o][1]) | (!o1 & pl.cok[o][0]));
            }
            el[v] = pl.act[p][v] & !fresh[p][v] & pl.hold[p][v] & cred;
        }
        let rr = pl.rrin[p];
        for o in 0..P {
            let a0 = el[0] & pl.outp[p][0][o];
            let a1 = el[1] & pl.outp[p][1][o];
            req[p][o] = a0 | a1;
            l1[p][o] = a1 & (rr | !a0);
        }
    }
    if offers == 0 {
        return None;
    }
    let mut picked = [[0u64; P]; P];
    for p in 0..P {
        if offers >> p & 1 == 0 {
            continue;
        }
        let pick = first_from_planes(&req[p], &pl.pin[p]);
        for o in 0..P {
            picked[o][p] = pick[o];
        }
    }
    let mut g = [[0u64; P]; P];
    for o in 0..P {
        if picked[o].iter().all(|&x| x == 0) {
            continue;
        }
        g[o] = first_from_planes(&picked[o], &pl.ptr[o]);
        let anyg = g[o].iter().fold(0, |a, &x| a | x);
        let old = pl.ptr[o];
        for s in 0..P {
            pl.ptr[o][s] = (old[s] & !anyg) | g[o][(s + P - 1) % P];
        }
    }
    let (mut won, mut win1) = ([0u64; P], [0u64; P]);
    for p in 0..P {
        if offers >> p & 1 == 0 {
            continue;
        }
        let mut w = 0u64;
        for o in 0..P {
            w |= g[o][p];
            win1[p] |= g[o][p] & l1[p][o];
        }
        won[p] = w;
        let old = pl.pin[p];
        for s in 0..P {
            pl.pin[p][s] = (old[s] & !w) | g[(s + P - 1) % P][p];
        }
        pl.rrin[p] = (pl.rrin[p] & !w) | (w & !win1[p]);
    }
    Some(Grants { won, win1 })
}

/// Round-robin arbitration of every router at once: of the requests `req[x]` (a plane per
/// requester x), the first at or after the pointer (one-hot planes `ptr[s]`), cyclically.
#[inline(always)]
fn first_from_planes(req: &[u64; P], ptr: &[u64; P]) -> [u64; P] {
    let mut out = [0u64; P];
    for x in 0..P {
        // the requesters before x, nearest first (x - 1, x - 2, … cyclically): a pointer at
        // one of them puts it and every requester after it up to x - 1 ahead of x
        let (mut ahead, mut blocked) = (0u64, 0u64);
        for k in 1..P {
            let s = (x + P - k) % P;
            ahead |= req[s];
            blocked |= ptr[s] & ahead;
        }
        out[x] = req[x] & !blocked;
    }
    out
}
