//! The switch traversal of the planes' ([`super`]) routers: the router's own rule
//! (`traversal::cross`) over a router's lane of its tile — its
//! own input and output units, the tile's flags (holding a flit, holding an output VC, room
//! behind an output VC), its crossbar slot (or its own crossbar of 2 or more cycles, output
//! queues, output FIFOs) and the rings towards the routers downstream and upstream.

use super::rings::Rings;
use super::{exchange, output, route, speedup, Of, Router, Tile};
use crate::blocks::credit::CreditUnit;
use crate::blocks::link::Link;
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::input::InputUnit;
use crate::fabric::vc::switch::output::OutputUnit;
use crate::fabric::vc::switch::speedup::SpeedupFifo;
use crate::fabric::vc::switch::traversal::{self, CreditReturn, Traverse};
use crate::fabric::vc::switch::VcSwitch;
use crate::routing::function::Candidates;
use crate::sim::packet::PacketTable;
use crate::sim::Flit;

/// The network's shape as the crossings of a tile's step read it (a copy in each lane).
#[derive(Clone, Copy)]
pub(super) struct Shape {
    /// The tile.
    pub tile: usize,
    /// The routers' ports and VCs, VC 0's depth and every other VC's, the credits' unit, the
    /// routing delay; a head behind a tail asks for a VC after the next cycle's first VC
    /// allocation (`late`).
    pub np: usize,
    pub nv: usize,
    pub b0: usize,
    pub b: usize,
    pub unit: CreditUnit,
    pub rdelay: u64,
    pub late: bool,
    /// The variants: output queues, a crossbar of 0 cycles, of 2 or more (the routers' own),
    /// an internal speedup, the exchange; credits paced upstream (queued at the inputs: a
    /// speedup, or the non-multiplexed crossbar).
    pub oq: bool,
    pub x0: bool,
    pub deep: bool,
    pub speed: u64,
    pub exch: bool,
    pub paced: bool,
}

/// What the crossings of a tile's step may write beside their router and tile.
pub(super) struct Step<'a, const P: usize, const V: usize> {
    pub links: &'a [Link],
    pub packets: &'a PacketTable<VcExt>,
    /// The rings towards the other routers (shared by the threads of a cycle), the flits
    /// inside the routers that left them (their thread's count, wrapping: `Of`'s `inside`
    /// less those) and those granted towards a router this cycle (`Of`'s `drives`), this
    /// tile's flits.
    pub rings: Rings<P, V>,
    pub inside: &'a mut u64,
    pub drives: &'a mut u32,
    pub tile_flits: &'a mut u32,
    /// Per router of the tile (by its bit): the output FIFOs and queued credits of a speedup,
    /// the heads' candidates where the selection picks (np·nv a router).
    pub fifos: &'a mut [SpeedupFifo],
    pub backs: &'a mut [CreditReturn],
    pub multi: &'a mut [Candidates],
}

/// Router `ri` (lane `lb` of tile `pl`) as a crossing sees it.
pub(super) struct Lane<'s, 'a, const P: usize, const V: usize> {
    pub k: Shape,
    pub step: &'s mut Step<'a, P, V>,
    pub sw: &'s mut VcSwitch,
    pub rt: &'s mut Router<P, V>,
    pub pl: &'s mut Tile<P, V>,
    pub lb: usize,
    pub ri: usize,
}

impl<const P: usize, const V: usize> Traverse for Lane<'_, '_, P, V> {
    #[inline(always)]
    fn units(&mut self) -> (&mut InputUnit, &mut OutputUnit) {
        (&mut self.sw.input, &mut self.sw.out)
    }

    #[inline(always)]
    fn depth(&self, v: usize) -> u32 {
        (if v == 0 { self.k.b0 } else { self.k.b }) as u32
    }

    #[inline(always)]
    fn unit(&self) -> CreditUnit {
        // (the step's copy: the ring's record is not read again at each crossing)
        self.k.unit
    }

    #[inline(always)]
    fn left(&mut self, (p, v): (usize, usize), fill: u32, (o, ovc, room): (usize, usize, bool)) {
        let (pl, bit) = (&mut *self.pl, 1u64 << self.lb);
        // the last flit out clears the flag (no branch: whether it is the last is the data's)
        pl.hold[p][v] &= !(bit * (fill == 0) as u64);
        self.rt.forwarded[ovc & (V - 1)] += 1;
        // the routers whose output VC has room for a flit (an index below P checked,
        // cheaper than `% P` of 5 ports); the head has crossed
        let c = &mut pl.cok[o][ovc % V];
        *c = (*c & !bit) | (room as u64) << self.lb;
        pl.cth[p][v] &= !bit;
    }

    #[inline(always)]
    fn freed(&mut self, (p, v): (usize, usize), at: u64, behind: bool) {
        let (k, s, sw, bit) = (self.k, &mut *self.step, &mut *self.sw, 1u64 << self.lb);
        self.pl.act[p][v] &= !bit;
        if k.exch {
            exchange::tail_out(sw);
        }
        if !behind {
            return;
        }
        if let Some(&nf) = sw.input.front(p, v) {
            let (ri, iv) = (self.ri, p * k.nv + v);
            let idx = (&mut s.multi[..], (self.lb * k.np + p) * k.nv + v);
            let (c, ok) = Of::<P, V>::route(sw, (ri, p, v), nf, s.packets, idx);
            let len = s.packets.header(nf.pkt).flits;
            sw.input.routed(iv, at + k.rdelay, len);
            // (late: it asks from the step after next, and joins the waiting heads after
            // the next cycle's first allocation)
            route::routed(self.rt, self.pl, (p, v, iv, bit), (c, ok), k.late);
        }
    }

    #[inline(always)]
    fn enter(&mut self, (t, ts): (u64, u64), (o, _): (usize, usize), f: Flit) {
        let (k, s, lb) = (self.k, &mut *self.step, self.lb);
        let bit = 1u64 << lb;
        if k.oq {
            output::enter((ts, lb), self.pl, self.sw, (o, f), k.nv);
        } else if k.x0 && k.speed > 1 {
            // a crossbar of 0 cycles: into the output FIFO now
            s.fifos[self.lb].push(o, f);
            self.pl.fq |= bit;
        } else if k.x0 {
            // a crossbar of 0 cycles: onto the link now
            *s.tile_flits -= 1;
            let (at, links) = ((t, lb), s.links);
            speedup::drive(at, self.rt, self.pl, (o, f), links, &s.rings, s.inside);
        } else if k.deep {
            let left = self.sw.xbar.xbar.enter(ts, o, f);
            debug_assert!(left.is_none(), "a crossbar of 2 or more cycles");
            self.pl.xin |= bit;
        } else if k.speed == 1 && self.rt.hosts >> o & 1 == 0 {
            // a crossbar of 1 cycle towards a router: into the ring at once, in the slot of
            // the cycle it arrives (driven at the next cycle, its link's fly time before); it
            // leaves the tile's flits now, and moves on the link at the next cycle (the sync
            // puts it back in the router's own crossbar, `sync::in_crossbar`)
            *s.tile_flits -= 1;
            *s.drives += 1;
            speedup::to_peer(t + 1, self.rt, (o, f), &s.rings);
        } else {
            self.rt.xbar[o] = f;
            self.pl.xo[o] |= bit;
        }
    }

    #[inline(always)]
    fn credit_up(&mut self, t: u64, (p, v): (usize, usize), n: u32) {
        let (k, s) = (self.k, &mut *self.step);
        if !k.paced {
            let at = (t, self.lb);
            speedup::credit_up(at, self.rt, self.pl, (p, v, n), s.links, &s.rings);
        } else {
            // one credit symbol an input and cycle goes upstream (with a speedup in the order
            // freed; of the non-multiplexed crossbar a VC's at a time, the VCs taking turns)
            s.backs[self.lb].hold(p, v, p * k.nv + v, n);
            self.pl.cq |= 1 << self.lb;
            s.rings.count(k.tile, 1);
        }
    }
}

/// The non-multiplexed crossbar's traversal of tile `pl` (its routers' own blocks
/// `switches` and its `routers`) at step `ts` of cycle `t`: of each input, every VC in
/// `win` crosses (`sw_alloc::every_eligible`), from the one after the last to cross round
/// (the router's order: each touches its own input VC, output VC and crossbar
/// output, so only the pointer tells the order), and the input's VC pointer moves past the
/// last. Returns the flits that crossed.
#[inline(never)]
pub(super) fn every_vc<const P: usize, const V: usize>(
    k: Shape,
    step: &mut Step<'_, P, V>,
    (switches, routers, pl): (&mut [VcSwitch], &mut [Router<P, V>; 64], &mut Tile<P, V>),
    win: &[[u64; V]; P],
    (t, ts): (u64, u64),
) -> u32 {
    let nv = k.nv;
    let mut moved = 0;
    for p in 0..P {
        let mut m = win[p].iter().fold(0, |a, &x| a | x);
        while m != 0 {
            let lb = m.trailing_zeros() as usize;
            m &= m - 1;
            let bit = 1u64 << lb;
            let set = (0..V).fold(0u32, |a, x| a | ((win[p][x] >> lb & 1) as u32) << x);
            let r = (0..V).fold(0, |a, x| a | (x * (pl.rr[p][x] >> lb & 1) as usize));
            // bit j of `rot` is VC r + j (mod nv)
            let mut rot = (set >> r) | ((set & ((1u32 << r) - 1)) << (nv - r));
            let mut last = r;
            while rot != 0 {
                let j = r + rot.trailing_zeros() as usize;
                rot &= rot - 1;
                let v = if j >= nv { j - nv } else { j };
                let mut lane = Lane {
                    k,
                    step: &mut *step,
                    sw: &mut switches[lb],
                    rt: &mut routers[lb & 63],
                    pl: &mut *pl,
                    lb,
                    ri: k.tile * 64 + lb,
                };
                traversal::cross(&mut lane, (t, ts), (p, v, nv));
                moved += 1;
                last = v;
            }
            for x in 0..V {
                pl.rr[p][x] &= !bit;
            }
            pl.rr[p][if last + 1 == nv { 0 } else { last + 1 }] |= bit;
        }
    }
    moved
}
