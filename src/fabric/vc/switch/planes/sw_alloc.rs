//! Switch allocation of a tile of 64 routers in bit planes: flitwave's
//! separable input-first allocator ([`crate::blocks::allocator::SeparableInputFirst`], the
//! router's `sw_alloc` stage) for every router at once — each input offers per output its first
//! eligible VC from the one after its last winner (eligible: holding an output VC since before
//! this cycle, a flit, a credit downstream), picks one output round-robin, and each output
//! grants one of the inputs that picked it round-robin; pointers move past grants only. Each
//! VC holds one output, so the output an input picks is found first and only the VC it offers
//! there is computed (the same grants). A few hundred word operations a cycle (more with more
//! VCs), no branch per router; an input that offers nothing in any router of the tile is
//! skipped. 1 cycle, as the router's.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::Tile;

/// What a tile's switch allocation grants, per input: the routers whose input won an output
/// (`won[p]`), and per VC the routers whose winner is that VC (`win[p][v]`).
pub(super) struct Grants<const P: usize, const V: usize> {
    pub won: [u64; P],
    pub win: [[u64; V]; P],
}

/// Round-robin arbitration of every router at once: of the requests `req[s]` (a plane per
/// requester s; planes of requesters a router does not have are 0), the first at or after
/// the router's pointer (one-hot planes `ptr[s]`; none: at 0), cyclically — a router's
/// requests at or after its pointer are those its pointer has reached; the first of them wins,
/// or the first of all where there is none. The inputs' VC pointers and both stages of the
/// allocator use it.
#[inline(always)]
fn first_from<const N: usize>(req: &[u64; N], ptr: &[u64; N]) -> [u64; N] {
    let (mut out, mut low) = ([0u64; N], [0u64; N]);
    let (mut reached, mut hi, mut lo) = (0u64, 0u64, 0u64);
    for s in 0..N {
        reached |= ptr[s];
        let h = req[s] & reached;
        out[s] = h & !hi;
        hi |= h;
        low[s] = req[s] & !lo;
        lo |= req[s];
    }
    for s in 0..N {
        out[s] |= low[s] & !hi;
    }
    out
}

/// Every router's outputs but those taken by an exchange slot (bit o of `halt`): per
/// output, all ones or none.
#[inline(always)]
fn open_outputs<const P: usize>(halt: u32) -> [u64; P] {
    std::array::from_fn(|o| ((halt >> o & 1) as u64).wrapping_sub(1))
}

/// Per VC of input `p`, the routers where it may cross: holding an output VC since before
/// this cycle (not in `held`), a flit, room behind its output VC (a cut-through head: for its
/// packet) on an output that is `open`; `None` where no VC of the input holds an output VC
/// and a flit in any router of the tile.
#[inline(always)]
fn eligible<const P: usize, const V: usize>(
    pl: &Tile<P, V>,
    held: &[[u64; V]; P],
    p: usize,
    open: &[u64; P],
) -> Option<[u64; V]> {
    let mut any = 0u64;
    for v in 0..V {
        any |= pl.act[p][v] & pl.hold[p][v];
    }
    if any == 0 {
        return None;
    }
    let mut el = [0u64; V];
    for v in 0..V {
        let ready = pl.act[p][v] & !held[p][v] & pl.hold[p][v];
        if ready == 0 {
            continue;
        }
        let mut cred = 0u64;
        for o in 0..P {
            let mut c = 0u64;
            for w in 0..V {
                c |= pl.ovh[p][v][w] & pl.cok[o][w];
            }
            cred |= pl.outp[p][v][o] & c & open[o];
        }
        el[v] = ready & cred;
    }
    Some(el)
}

/// The non-multiplexed crossbar's switch allocation (seed 004): every input VC has its own
/// crossbar input and output, so every VC that may cross ([`eligible`]) does, without the
/// allocator — `win[p][v]` holds several VCs of an input. The strobes: no requests, the
/// inputs that sent a flit granted. `None` as [`allocate`].
#[inline(always)]
pub(super) fn every_eligible<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    held: &[[u64; V]; P],
    (halt, ts): (u32, u64),
) -> Option<Grants<P, V>> {
    let open = open_outputs::<P>(halt);
    let (mut won, mut win, mut offers) = ([0u64; P], [[0u64; V]; P], false);
    for p in 0..P {
        let Some(el) = eligible(pl, held, p, &open) else {
            continue;
        };
        offers = true;
        won[p] = el.iter().fold(0, |a, &x| a | x);
        win[p] = el;
    }
    if !offers {
        return None;
    }
    (pl.sa_req, pl.sa_won, pl.sa_step) = ([[0; P]; P], won, ts);
    Some(Grants { won, win })
}

/// Switch allocation of tile `pl` at internal step `ts`, its routers using `nv` VCs, the
/// input VCs in `held` waiting (granted their output VC this cycle, or a cut-through head
/// whose packet does not fit downstream), no flit offered to the outputs of `halt` (bit o:
/// taken by an exchange slot); `None` when no router's input offers. The requests and grants
/// stay in the tile until the next allocation with requests (the probes' strobes).
#[inline(always)]
pub(super) fn allocate<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    held: &[[u64; V]; P],
    (halt, ts): (u32, u64),
    nv: usize,
) -> Option<Grants<P, V>> {
    let mut req = [[0u64; P]; P];
    let mut off = [[0u64; V]; P];
    let mut picked = [[0u64; P]; P];
    let mut offers = 0u32;
    let open = open_outputs::<P>(halt);
    for p in 0..P {
        let Some(el) = eligible(pl, held, p, &open) else {
            continue;
        };
        offers |= 1 << p;
        // the outputs the input asks for (bit: the routers where one of its eligible VCs
        // holds it), and the one it picks from its output pointer (stage 1)
        for o in 0..P {
            req[p][o] = (0..V).fold(0, |a, v| a | (el[v] & pl.outp[p][v][o]));
        }
        let pick = first_from(&req[p], &pl.pin[p]);
        for o in 0..P {
            picked[o][p] = pick[o];
        }
        // the VC it offers there: its first eligible VC holding the output picked, from its
        // VC pointer (each VC holds one output: the offer to every other output is moot)
        let sel: [u64; V] = std::array::from_fn(|v| {
            el[v] & (0..P).fold(0, |a, o| a | (pick[o] & pl.outp[p][v][o]))
        });
        off[p] = first_from(&sel, &pl.rr[p]);
    }
    if offers == 0 {
        return None;
    }
    let mut g = [[0u64; P]; P];
    for o in 0..P {
        if picked[o].iter().all(|&x| x == 0) {
            continue;
        }
        g[o] = first_from(&picked[o], &pl.ptr[o]);
        let anyg = g[o].iter().fold(0, |a, &x| a | x);
        let old = pl.ptr[o];
        for s in 0..P {
            pl.ptr[o][s] = (old[s] & !anyg) | g[o][(s + P - 1) % P];
        }
    }
    let (mut won, mut win) = ([0u64; P], [[0u64; V]; P]);
    for p in 0..P {
        if offers >> p & 1 == 0 {
            continue;
        }
        // (no test of whether it won an output: a few word operations cost less than the
        // branch the grants would decide)
        let w = (0..P).fold(0, |a, o| a | g[o][p]);
        for v in 0..V {
            win[p][v] = w & off[p][v];
        }
        won[p] = w;
        let old = pl.pin[p];
        for s in 0..P {
            pl.pin[p][s] = (old[s] & !w) | g[(s + P - 1) % P][p];
        }
        // the VC pointer past the winner
        let old = pl.rr[p];
        for v in 0..nv {
            pl.rr[p][v] = (old[v] & !w) | win[p][if v == 0 { nv - 1 } else { v - 1 }];
        }
    }
    (pl.sa_req, pl.sa_won, pl.sa_step) = (req, won, ts);
    Some(Grants { won, win })
}
