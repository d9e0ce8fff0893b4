//! The routers' registers as the planes ([`super`]) hold them, written into the routers when
//! the network reads them ([`crate::fabric::network::Engine::sync`]), and what is on the
//! links between routers. The input VCs — state, output VC, ready cycle, packet counters,
//! buffers, occupancy — and the output VCs — their owners and credits downstream, or their
//! output queues — are the routers' own at every cycle (the planes read and write them in
//! place); what is written here: for a head waiting for VC allocation, its routing's
//! candidates; per input its switch-allocation VC pointer; both allocators' round-robin
//! pointers; the input VCs waiting for VC allocation and holding an output VC; per router the
//! flits in its crossbar (one of 1 cycle: of 2 or more, the router's own carries them), the
//! credits in its delay line (each with the cycle it arrived), flits forwarded per VC and
//! heads without a route; the last cycle's strobes that its probes read (both allocators'
//! requests and grants, the flit driven on each output, the heads asking per output that
//! SSR's selection reads); per link between routers the flits and credits on it, each in the
//! slot of the cycle it was driven, and both wires' counts; with an internal speedup, the
//! output FIFOs and the credits queued at the inputs.
//!
//! The planes keep all this next to the flits while they run, so that a run writes it once,
//! not flit by flit; a waveform writes the routers it reads before each cycle of its window
//! (about 4,300 instructions a router of the mesh preset, a third of them the links' wires
//! loaded: a waveform of every router cost 1.06-1.24x the routers one by one, when they were).

use super::{Of, NONE, OUT};
use crate::blocks::link::Link;
use crate::fabric::vc::switch::{VcState, VcSwitch};
use crate::routing::function::Candidate;
use crate::sim::{Flit, FlowCtl};

/// The index of the one bit of router `lb` set among the one-hot planes `w` (0: none, and
/// 0 for a pointer past the router's last port, where the planes' wider pointers may stand:
/// both start the next search at the first).
fn one_hot<const N: usize>(w: &[u64; N], n: usize, lb: usize) -> u8 {
    let m = gather(w, n, lb);
    if m == 0 {
        0
    } else {
        m.trailing_zeros() as u8
    }
}

/// Link `link`, from router `i`'s output `o` to a router, as the planes' rings hold it after
/// their last cycle: the flits arriving downstream in the cycles ahead (each driven its fly
/// time before it arrives), the credits arriving back at `i` (likewise; the ring holds each
/// in the slot of the cycle it is applied, the credit delay after it arrives), and what each
/// wire carried in all. Returns the flit `i` granted at the last cycle towards that router
/// through a crossbar of 1 cycle ([`in_crossbar`]): in the ring, not yet on the link.
fn on_link<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    (i, o): (usize, usize),
    link: &Link,
) -> Option<Flit> {
    let r = &pl.r[i];
    let (nr, at) = super::peer_of(r.peer[o]);
    // one fly time, both ways
    let fly = r.fly[o][OUT] as u64;
    let last = pl.last;
    let flit = |c: u64| flit_at(pl, (nr, at), c);
    let crossing = flit(last + 1 + fly);
    let flits = (1..fly + 1).filter_map(|d| flit(last + d).map(|f| (last + d - fly, f)));
    link.fwd()
        .load(r.sent[o].wrapping_sub(crossing.is_some() as u32), flits);
    let (tile, lb) = (i / 64, i % 64);
    let credits = (1..fly + 1).flat_map(move |d| {
        let s = pl.cr.slot(tile, last + d + pl.cdelay);
        let due = gather(&pl.cr.due[s][o], pl.nv, lb);
        bits(due).map(move |v| {
            let (vc, n) = (v as u8, pl.cr.of(s, (o, v, lb)));
            (last + d - fly, FlowCtl::Credit { vc, n })
        })
    });
    link.back().load(pl.r[nr].returned[at], credits);
    crossing
}

/// Bit `lb` of each of the first `n` of `words`, gathered: bit k of the result is bit `lb` of
/// `words[k]` (over the whole array, a loop of fixed length, then masked).
#[inline(always)]
fn gather<const N: usize>(words: &[u64; N], n: usize, lb: usize) -> u64 {
    let mut m = 0;
    for (k, w) in words.iter().enumerate() {
        m |= (w >> lb & 1) << k;
    }
    m & (u64::MAX >> (64 - n.max(1)))
}

/// The indices of the bits set in `m`, lowest first.
#[inline(always)]
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            k
        })
    })
}

/// The flit the rings hold arriving at router `nr`'s input `at` at cycle `c`.
#[inline(always)]
fn flit_at<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    (nr, at): (usize, usize),
    c: u64,
) -> Option<Flit> {
    let s = super::ring(pl.sbits, nr / 64, c as usize & ((1 << pl.sbits) - 1));
    (pl.arr[s][at] >> (nr % 64) & 1 == 1).then(|| pl.fwd[s][at][nr % 64])
}

/// The flit router `i` granted at the last cycle towards the router downstream of its output
/// `o` through a crossbar of 1 cycle: the ring holds it in the slot of the cycle it arrives,
/// its link's fly time after the cycle it is driven, the one after the last (`cross.rs`).
fn in_crossbar<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    (i, o): (usize, usize),
) -> Option<Flit> {
    let r = &pl.r[i];
    if r.peer[o] == NONE {
        return None;
    }
    let at = pl.last + 1 + r.fly[o][OUT] as u64;
    flit_at(pl, super::peer_of(r.peer[o]), at)
}

/// The last cycle's strobes of router `i` (`r`) written into `sw`, as its probes read them:
/// VC allocation's requests (its last step's that had any) and grants, switch allocation's
/// of its last step, and the flit driven on each output (from its link, written by then).
fn strobes<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    (i, r): (usize, &super::Router<P, V>),
    sw: &mut VcSwitch,
    links: &[Link],
) {
    let (np, tile, lb) = (pl.np, &pl.pl[i / 64], i % 64);
    let va = r.va_cycle == pl.last;
    sw.va.asked = if va { r.va_asked } else { 0 };
    sw.va.won = if va { r.va_won } else { 0 };
    if pl.counts {
        sw.va.requests[..np].copy_from_slice(&r.va_req[..np]);
    }
    let sa = tile.sa_step == pl.last * pl.speed + pl.speed - 1;
    let mut asked = 0u32;
    for p in 0..np {
        let req = if sa {
            gather(&tile.sa_req[p], np, lb) as u32
        } else {
            0
        };
        sw.sa.i.r[p].req = req;
        asked |= ((req != 0) as u32) << p;
    }
    let won = if sa {
        gather(&tile.sa_won, np, lb) as u32
    } else {
        0
    };
    (sw.sa.asked, sw.sa.won) = (asked, won);
    (sw.sent_mask, sw.sent_xbar) = (0, 0);
    for o in 0..np {
        let l = r.wires[o][OUT];
        let driven = links.get(l as usize).and_then(|l| l.fwd().driven(pl.last));
        // (an exchange unit's word is not a flit the output drove)
        if let Some(f) = driven.filter(|f| !f.is_exchange()) {
            sw.sent[o] = f;
            sw.sent_mask |= 1 << o;
        }
    }
}

/// Write the registers and statistics of the routers of `pl` into `switches`, and what is on
/// the links between them into `links`.
pub(super) fn write_into<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    switches: &mut [VcSwitch],
    links: &[Link],
) {
    for (i, sw) in switches.iter_mut().enumerate() {
        write_router(pl, (i, sw), links);
    }
}

/// [`write_into`] of the routers `ids` alone (and the links out of them): what a waveform of
/// those routers reads of them.
pub(super) fn write_some<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    switches: &mut [VcSwitch],
    links: &[Link],
    ids: &[usize],
) {
    for &i in ids {
        if let Some(sw) = switches.get_mut(i) {
            write_router(pl, (i, sw), links);
        }
    }
}

/// Router `i`'s registers and statistics into `sw`, and what is on the links out of it.
fn write_router<const P: usize, const V: usize>(
    pl: &Of<P, V>,
    (i, sw): (usize, &mut VcSwitch),
    links: &[Link],
) {
    let (np, nv) = (pl.np, pl.nv);
    let r = &pl.r[i];
    let (tile, lb) = (&pl.pl[i / 64], i % 64);
    // the links to routers (a host's has no peer): what is on them, and the flit granted at
    // the last cycle towards each router
    let mut crossing = [None; P];
    for o in 0..np {
        let (l, x) = (r.wires[o][OUT], r.peer[o]);
        if x != NONE {
            crossing[o] = match links.get(l as usize) {
                Some(link) => on_link(pl, (i, o), link),
                None => in_crossbar(pl, (i, o)),
            };
        }
    }
    // the input VCs are the router's own (their state, buffers and statistics); the
    // candidates of a head waiting for VC allocation are the planes'
    let mut active = 0u64;
    for p in 0..np {
        for v in 0..nv {
            let iv = p * nv + v;
            let state = sw.input.vcs[iv].state;
            active |= ((state == VcState::Active) as u64) << iv;
            if matches!(state, VcState::Routing | VcState::VcAlloc) {
                let c = &mut sw.route.cands[iv];
                c.clear();
                let [port, vcs] = r.cand[p][v];
                if let Some(m) = pl.multi.get((i * np + p) * nv + v) {
                    // every candidate the routing gave (or the one the selection kept)
                    *c = *m;
                } else if port != 0xff {
                    let port = port as u8;
                    c.push(Candidate {
                        port,
                        vcs: vcs as u32,
                        escape: false,
                        pri: 0,
                        turn: false,
                    });
                }
            }
        }
        sw.sa.i.r[p].rr = one_hot(&tile.rr[p], nv, lb);
    }
    sw.input.set_totals(r.max_level);
    // (heads routed behind a tail at the last cycle wait too: they join `vwait` after
    // the next cycle's first allocation)
    sw.va.waiting = r.vwait | r.vlate;
    sw.sa.active = active;
    let mut va = [[0u8; 2]; 64];
    for (k, row) in va.iter_mut().enumerate().take(np * nv) {
        let (x, y) = r.va.pointers(k, k);
        *row = [x as u8, y as u8];
    }
    sw.va.alloc.load_pointers(&va[..np * nv]);
    let at = |w: &[u64; P]| one_hot(w, np, lb);
    let rows: [[u8; 2]; P] = std::array::from_fn(|p| [at(&tile.pin[p]), at(&tile.ptr[p])]);
    sw.sa.alloc.load_pointers(&rows[..np]);
    sw.forwarded_vc[..nv].copy_from_slice(&r.forwarded[..nv]);
    if !pl.deep && !pl.oq {
        // the flits in a crossbar of 1 cycle (granted at the last step; one of 2 or more
        // cycles, or in front of output queues, is the router's own: its flits are there)
        let x = &mut sw.xbar;
        x.xbar.clear();
        let step = pl.last * pl.speed + pl.speed - 1;
        // (towards a host in the planes' slot, towards a router in the ring)
        for o in 0..np {
            let slot = (tile.xo[o] >> lb & 1 == 1).then(|| r.xbar[o]);
            if let Some(f) = slot.or(crossing[o]) {
                let k = x.output(o, f.vc as usize);
                x.xbar.enter(step, k, f);
            }
        }
    }
    // the credits waiting their delay (due in the cycles after the last), oldest first
    let cd = pl.cdelay;
    // (output VC k: output k / nv, VC k % nv)
    let due = (1..cd + 1).flat_map(|d| {
        let s = pl.cr.slot(i / 64, pl.last + d);
        let slot = &pl.cr.due[s];
        let mut ks = 0u64;
        for (o, row) in slot.iter().enumerate().take(np) {
            ks |= gather(row, nv, lb) << (o * nv);
        }
        bits(ks).map(move |k| {
            let (o, v) = (k / nv, k % nv);
            let n = pl.cr.of(s, (o, v, lb));
            (pl.last + d - cd, o, FlowCtl::Credit { vc: v as u8, n })
        })
    });
    sw.out.load_delay_line(due);
    sw.route.errors = r.errors;
    strobes(pl, (i, r), sw, links);
    if pl.speed > 1 {
        if let Some(f) = sw.fifo.as_mut() {
            **f = pl.fifos[i].clone();
        }
    }
    if let Some(back) = pl.backs.get(i) {
        // the credits queued at the inputs (a speedup)
        sw.back = back.clone();
    }
}
