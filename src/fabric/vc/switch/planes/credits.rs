//! The credits of a tile's output VCs in bit planes ([`super`]): per output VC a count in
//! binary, plane k holding bit k of every router's count (as many planes as the depth has
//! bits), so that credits come back and are spent for 64 routers in a few word operations, and
//! `cok`, the routers with a credit, beside them for the switch allocation. A credit is applied
//! the credit delay after it arrives; with `wait_for_tail_credit` a VC whose packet's tail was
//! sent is free for the next packet when its count is full again.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::Tile;
use crate::fabric::vc::switch::VcSwitch;

/// Virtual cut-through: of the tile's input VCs holding an output VC with their packet's head
/// at the front (`cth`) and a flit, those whose VC downstream has fewer credits than the
/// packet has flits may not ask for the switch: they join `held` (per input and VC, the
/// routers whose VC waits this step). The router's rule (`OutputUnit::can_accept`: a head
/// needs credits for its whole packet), router by router where a head waits.
#[inline(never)]
pub(super) fn cut_through<const P: usize, const V: usize>(
    pl: &Tile<P, V>,
    switches: &[VcSwitch],
    held: &mut [[u64; V]; P],
    (cbits, nv): (usize, usize),
) {
    for p in 0..P {
        for v in 0..V {
            // (a head not yet crossed holds its output VC: `cth` lies within `act`)
            let mut m = pl.cth[p][v] & pl.hold[p][v] & !held[p][v];
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                let s = &switches[lb].input.vcs[(p * nv + v) & 63];
                let c = &pl.cnt[s.out as usize % P][s.ovc as usize % V][..cbits];
                if count_of(c, lb) < s.len {
                    held[p][v] |= 1 << lb;
                }
            }
        }
    }
}

/// Router `lb`'s count in the bit planes `c`.
#[inline(always)]
pub(super) fn count_of(c: &[u64], lb: usize) -> u32 {
    c.iter()
        .enumerate()
        .fold(0, |n, (k, &x)| n | ((x >> lb & 1) as u32) << k)
}

/// Apply the credits due now (`due`: per output and VC, the routers whose credit is due) to
/// tile `pl`, whose routers are `switches` (from the tile's first), their counts of `cbits`
/// planes, their buffers of `b0` flits (VC 0) and `b` (the others): a VC waiting for its
/// tail's credit whose count is full again is free (its router's own output unit releases
/// it). Returns the credits applied. (Once a tile and cycle: out of line, so that the
/// cycle's own code stays small.)
#[inline(never)]
pub(super) fn apply<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    due: &[[u64; V]; P],
    switches: &mut [VcSwitch],
    (cbits, b0, b): (usize, usize, usize),
) -> u32 {
    let mut applied = 0;
    for o in 0..P {
        for v in 0..V {
            let m0 = due[o][v];
            if m0 == 0 {
                continue;
            }
            applied += m0.count_ones();
            up(pl, (o, v), m0, cbits);
            let c = &pl.cnt[o][v][..cbits];
            // waiting for the tail credit: a VC whose credits are all back is free
            let mut back = pl.tsent[o][v] & m0;
            if back != 0 {
                back &= full(c, if v == 0 { b0 } else { b });
            }
            if back != 0 {
                pl.tsent[o][v] &= !back;
                let mut m = back;
                while m != 0 {
                    switches[m.trailing_zeros() as usize].out.credits[o].release(v);
                    m &= m - 1;
                }
            }
        }
    }
    applied
}

/// Give back a credit (with output queues: a flit of room) to each output VC of the routers
/// in `given` (per output and VC) in tile `pl`, its counts of `cbits` planes.
#[inline(always)]
pub(super) fn give<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    given: &[[u64; V]; P],
    cbits: usize,
) {
    for o in 0..P {
        for v in 0..V {
            if given[o][v] != 0 {
                up(pl, (o, v), given[o][v], cbits);
            }
        }
    }
}

/// One more credit of output VC (`o`, `v`) for the routers in `m` of tile `pl` (its counts
/// of `cbits` planes), which then hold one.
#[inline(always)]
fn up<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    (o, v): (usize, usize),
    m: u64,
    cbits: usize,
) {
    count(&mut pl.cnt[o][v][..cbits], m, true);
    pl.cok[o][v] |= m;
}

/// Spend a credit of each output VC of the routers in `spent` (per output and VC) in tile
/// `pl`, its counts of `cbits` planes. (Once a tile and cycle: out of line.)
#[inline(never)]
pub(super) fn spend<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    spent: &[[u64; V]; P],
    cbits: usize,
) {
    for o in 0..P {
        for v in 0..V {
            if spent[o][v] == 0 {
                continue;
            }
            let c = &mut pl.cnt[o][v][..cbits];
            count(c, spent[o][v], false);
            pl.cok[o][v] = nonzero(c);
        }
    }
}

/// Add one to (`up`) or take one from the counts in bit planes `c` of the routers in `m`:
/// a ripple of carries or borrows, plane by plane, until none is left.
#[inline(always)]
fn count(c: &mut [u64], m: u64, up: bool) {
    let mut k = m;
    for b in c.iter_mut() {
        let was = *b;
        *b ^= k;
        k &= if up { was } else { !was };
        if k == 0 {
            break;
        }
    }
}

/// The routers whose count in bit planes `c` is `b`: every credit of the VC back.
#[inline(always)]
fn full(c: &[u64], b: usize) -> u64 {
    c.iter()
        .enumerate()
        .fold(!0, |m, (k, &x)| m & if b >> k & 1 == 1 { x } else { !x })
}

/// Whether any of the counts in bit planes `c` is above 0.
#[inline(always)]
fn nonzero(c: &[u64]) -> u64 {
    c.iter().fold(0, |m, &x| m | x)
}
