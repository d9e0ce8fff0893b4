//! Where the planes' ([`super`]) flits and credits leave a router: a flit onto its host's
//! link or into the ring towards the router downstream, a credit back up its input's link or
//! ring. With an internal speedup (the router's [`speedup`](crate::fabric::vc::switch)) the
//! pipeline steps S times a cycle: each step's crossbar flits enter the router's output FIFOs
//! ([`SpeedupFifo`], the router's own block) and each step's freed credits queue at their
//! input ([`CreditReturn`], the router's own); after the steps one flit an output and one
//! credit an input go out, in the order the blocks keep.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::rings::Rings;
use super::{peer_of, Router, Tile, IN, OUT};
use crate::blocks::link::Link;
use crate::fabric::vc::switch::speedup::SpeedupFifo;
use crate::fabric::vc::switch::traversal::CreditReturn;
use crate::fabric::vc::switch::VcSwitch;
use crate::sim::{Flit, FlowCtl};

/// Where a cycle's flits and credits go: the cycle and the router's lane in its tile (or the
/// tile's first router).
pub(super) type At = (u64, usize);

/// Flit `f` leaves router `rt` (lane `lb` of tile `pl`) on output `o` at cycle `t`: onto its
/// host's link, or into the ring towards the router downstream, arriving after the link's
/// fly time (counted for the link).
#[inline(always)]
pub(super) fn drive<const P: usize, const V: usize>(
    (t, lb): At,
    rt: &mut Router<P, V>,
    pl: &mut Tile<P, V>,
    (o, f): (usize, Flit),
    links: &[Link],
    rings: &Rings<P, V>,
    inside: &mut u64,
) {
    if rt.hosts >> o & 1 != 0 {
        links[rt.wires[o][OUT] as usize].send(t, f);
        pl.host_f[o] |= 1 << lb;
        *inside = inside.wrapping_sub(1);
    } else {
        to_peer(t, rt, (o, f), rings);
    }
}

/// Flit `f` (a packet's or an exchange word) leaves router `rt` on output `o`, a link to a
/// router, at cycle `t`: into the ring towards the router downstream, arriving after the
/// link's fly time (counted for the link).
#[inline(always)]
pub(super) fn to_peer<const P: usize, const V: usize>(
    t: u64,
    rt: &mut Router<P, V>,
    (o, f): (usize, Flit),
    rings: &Rings<P, V>,
) {
    rings.flit(t + rt.fly[o][OUT] as u64, peer_of(rt.peer[o]), f);
    rt.sent[o] = rt.sent[o].wrapping_add(1);
}

/// A credit of `n` units of input VC (`p`, `v`) of router `rt` (lane `lb` of tile `pl`) goes
/// upstream at cycle `t`: back on its host's link, or into the ring of credits of the router
/// upstream (the peer of output `p`), applied there the link's fly time and the credit delay
/// later (`rt.fly[p][IN]`).
#[inline(always)]
pub(super) fn credit_up<const P: usize, const V: usize>(
    (t, lb): At,
    rt: &mut Router<P, V>,
    pl: &mut Tile<P, V>,
    (p, v, n): (usize, usize, u32),
    links: &[Link],
    rings: &Rings<P, V>,
) {
    if rt.hosts >> p & 1 != 0 {
        let c = FlowCtl::Credit {
            vc: v as u8,
            n: n as u8,
        };
        links[rt.wires[p][IN] as usize].back().send(t, c);
        pl.host_b[p] |= 1 << lb;
    } else {
        let (ur, up) = peer_of(rt.peer[p]);
        rings.credit(t + rt.fly[p][IN] as u64, (up, v, ur), n as u8);
        rt.returned[p] = rt.returned[p].wrapping_add(1);
    }
}

/// An internal step: the crossbar's flits of tile `pl` (its routers `routers`) leave into
/// their output FIFOs (`fifos`).
#[inline]
pub(super) fn leave<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    routers: &[Router<P, V>],
    fifos: &mut [SpeedupFifo],
) {
    for o in 0..P {
        let mut m = std::mem::take(&mut pl.xo[o]);
        while m != 0 {
            let lb = m.trailing_zeros() as usize;
            m &= m - 1;
            fifos[lb].push(o, routers[lb].xbar[o]);
            pl.fq |= 1 << lb;
        }
    }
}

/// An internal step `t` of routers whose crossbar takes 2 or more cycles (their own
/// [`Crossbar`](crate::blocks::crossbar::Crossbar) blocks, `switches`, those of tile `pl`
/// with flits inside in its `xin`): the flits due leave into the output FIFOs (`fifos`).
#[inline(never)]
pub(super) fn leave_own<const P: usize, const V: usize>(
    t: u64,
    pl: &mut Tile<P, V>,
    switches: &mut [VcSwitch],
    fifos: &mut [SpeedupFifo],
) {
    let mut m = pl.xin;
    while m != 0 {
        let lb = m.trailing_zeros() as usize;
        m &= m - 1;
        let (x, fifo) = (&mut switches[lb].xbar.xbar, &mut fifos[lb]);
        x.leave(t, |o, f| {
            fifo.push(o, f);
            pl.fq |= 1 << lb;
        });
        pl.xin &= !((x.inside() == 0) as u64 * (1 << lb));
    }
}

/// After the internal steps of cycle `t`: every router of tile `pl` (its routers `routers`
/// from the tile's first, `base`) sends one flit from each output FIFO with one and one
/// credit up each input with some queued, its VCs `nv`. Returns the flits moved.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn send<const P: usize, const V: usize>(
    (t, base): At,
    nv: usize,
    routers: &mut [Router<P, V>],
    pl: &mut Tile<P, V>,
    (fifos, backs): (&mut [SpeedupFifo], &mut [CreditReturn]),
    links: &[Link],
    rings: &Rings<P, V>,
    inside: &mut u64,
) -> u32 {
    let mut moved = 0;
    let mut m = std::mem::take(&mut pl.fq);
    while m != 0 {
        let lb = m.trailing_zeros() as usize;
        m &= m - 1;
        let (rt, fifo) = (&mut routers[lb], &mut fifos[lb]);
        moved += fifo.send(|o, f| drive((t, lb), rt, pl, (o, f), links, rings, inside));
        pl.fq |= ((fifo.flits > 0) as u64) << lb;
    }
    let mut m = std::mem::take(&mut pl.cq);
    while m != 0 {
        let lb = m.trailing_zeros() as usize;
        m &= m - 1;
        let back = &mut backs[lb];
        let mut ports = back.ports();
        while ports != 0 {
            let p = ports.trailing_zeros() as usize;
            ports &= ports - 1;
            if let Some(FlowCtl::Credit { vc, n }) = back.next_symbol(p, nv) {
                rings.count(base / 64, -1);
                let at = (t, lb);
                credit_up(
                    at,
                    &mut routers[lb],
                    pl,
                    (p, vc as usize, n as u32),
                    links,
                    rings,
                );
            }
        }
        pl.cq |= (back.pending() as u64) << lb;
    }
    moved
}
