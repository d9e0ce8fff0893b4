//! One cycle of the planes' ([`super`]) switch phase, tile by tile, in the router's order of
//! stages: credits from downstream (after their delay), the crossbar's flits out (onto their
//! links, into the output FIFOs or queues), flits in and heads routed, VC allocation router by
//! router, switch allocation of the tile at once, the winners' traversal with their credits
//! upstream; then the exchange units and what the sleep tables are told. The tiles of a
//! cycle are independent (what one writes into another is for a later cycle: [`rings`]), so
//! on a network of several threads each takes a contiguous run of them.
//!
//! [`rings`]: mod@super::rings

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::rings::Rings;
use super::{
    credits, cross, exchange, hosts, output, route, speedup, sw_alloc, vc_alloc, Of, Router, Tile,
};
use crate::blocks::allocator::{Grants, Requests, MAX_SIDE, NO_GRANT};
use crate::blocks::credit::CreditUnit;
use crate::blocks::link::Link;
use crate::fabric::network::parallel::Shared;
use crate::fabric::network::EnginePhase;
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::speedup::SpeedupFifo;
use crate::fabric::vc::switch::traversal::CreditReturn;
use crate::fabric::vc::switch::{traversal, VcSwitch};
use crate::routing::function::Candidates;
use crate::sim::packet::PacketTable;

/// One thread's scratch of a cycle — VC allocation's requests and grants — and what its
/// tiles did: flits moved, flits granted towards a router (`Of`'s `drives`), flits that left
/// the routers for a host (subtracted from `Of`'s `inside`).
pub(super) struct Scratch {
    vreq: Box<Requests>,
    vgrant: Box<Grants>,
    moved: u32,
    drives: u32,
    inside: u64,
}

impl Scratch {
    pub fn new() -> Self {
        Scratch {
            vreq: Box::new([0; MAX_SIDE]),
            vgrant: Box::new([NO_GRANT; MAX_SIDE]),
            moved: 0,
            drives: 0,
            inside: 0,
        }
    }
}

/// What every tile of cycle `t` reads alike (each thread's copy).
#[derive(Clone, Copy)]
struct Cx<'a, const P: usize, const V: usize> {
    t: u64,
    /// The first internal step of the cycle (the cycle itself without a speedup).
    first: u64,
    rdelay: u64,
    vdelay: u64,
    np: usize,
    nv: usize,
    b0: usize,
    b: usize,
    ct: bool,
    x0: bool,
    deep: bool,
    keep: bool,
    speed: u64,
    oq: bool,
    exch: bool,
    counts: bool,
    nonmux: bool,
    /// The routing may give several candidates (`multi` is kept): the selection picks.
    sel: bool,
    halt: u32,
    unit: CreditUnit,
    late_heads: bool,
    late_next: bool,
    pv: &'a [[u8; 2]; 64],
    links: &'a [Link],
    packets: &'a PacketTable<VcExt>,
    rings: Rings<P, V>,
}

/// A tile's own state: its routers (by their bit), planes, switches, flits, and per router
/// its output FIFOs and queued credits (a speedup) and its heads' candidates (`multi`).
struct Own<'a, const P: usize, const V: usize> {
    rts: &'a mut [Router<P, V>; 64],
    pl: &'a mut Tile<P, V>,
    sw: &'a mut [VcSwitch],
    flits: &'a mut u32,
    fifos: &'a mut [SpeedupFifo],
    backs: &'a mut [CreditReturn],
    multi: &'a mut [Candidates],
}

/// Raw views of the per-tile and per-router state, each thread of a cycle taking its own
/// tiles' ([`Parts::own`]).
#[derive(Clone, Copy)]
struct Parts<const P: usize, const V: usize> {
    rts: *mut Router<P, V>,
    pls: *mut Tile<P, V>,
    sw: (*mut VcSwitch, usize),
    flits: *mut u32,
    fifos: (*mut SpeedupFifo, usize),
    backs: (*mut CreditReturn, usize),
    multi: (*mut Candidates, usize),
    /// Candidates a router in `multi` (np·nv).
    per: usize,
    tiles: usize,
}

// SAFETY: the threads of a cycle take disjoint tiles (`Parts::own`).
unsafe impl<const P: usize, const V: usize> Send for Parts<P, V> {}
unsafe impl<const P: usize, const V: usize> Sync for Parts<P, V> {}

/// Elements `lo..hi` (within `len`) of the array at `p`, empty where the array is.
///
/// # Safety
/// `p` points at `len` valid elements, and no other reference to `lo..hi` lives as long.
unsafe fn part<'a, T>((p, len): (*mut T, usize), lo: usize, hi: usize) -> &'a mut [T] {
    let (lo, hi) = (lo.min(len), hi.min(len));
    std::slice::from_raw_parts_mut(p.add(lo), hi - lo)
}

impl<const P: usize, const V: usize> Parts<P, V> {
    /// Tile `tile`'s own state.
    ///
    /// # Safety
    /// `tile` is below the tiles, and no other reference to its state lives as long: each
    /// tile is taken once a cycle, by one thread.
    unsafe fn own<'a>(&self, tile: usize) -> Own<'a, P, V> {
        debug_assert!(tile < self.tiles);
        let (lo, hi) = (tile * 64, tile * 64 + 64);
        Own {
            rts: &mut *(self.rts.add(lo) as *mut [Router<P, V>; 64]),
            pl: &mut *self.pls.add(tile),
            sw: part(self.sw, lo, hi),
            flits: &mut *self.flits.add(tile),
            fifos: part(self.fifos, lo, hi),
            backs: part(self.backs, lo, hi),
            multi: part(self.multi, lo * self.per, hi * self.per),
        }
    }
}

impl<const P: usize, const V: usize> Of<P, V> {
    /// The switch phase of cycle `t`.
    pub(super) fn cycle(&mut self, e: EnginePhase<'_, VcSwitch, VcExt>) -> u32 {
        let EnginePhase {
            now: t,
            switches,
            links,
            packets,
            due,
            after,
            threads,
        } = e;
        let n = switches.len();
        self.last = t;
        let (exch, counts) = (self.exch, self.counts);
        // the outputs the exchange's slot takes from flits granted now (none without one)
        let halt = exchange::halt(exch, &switches[0], t);
        // what the hosts sent arriving — flits into this cycle's ring, credits into the delay
        // line — at the routers the sleep tables wake (every router without them); a router
        // is never kept busy by the sleep tables, the planes keep switch 0 busy for all
        match due {
            Some(d) => self.hosts_in(t, d, links),
            None => (0..n).for_each(|r| self.host_in(t, r, (!0, !0), links)),
        }
        // the flits granted towards a router at the last cycle move onto their links now
        let mut moved = std::mem::take(&mut self.drives);
        let tiles = self.pl.len();
        // the exchange units reach across tiles within their cycle: one thread
        let split = threads
            .filter(|th| th.count() > 1 && tiles > 1 && !exch)
            .map(|th| (th.count().min(tiles), th));
        let nt = split.as_ref().map_or(1, |s| s.0);
        while self.scratch.len() < nt {
            self.scratch.push(Scratch::new());
        }
        let rings = self.rings(nt > 1);
        let (rdelay, speed) = (self.rdelay, self.speed);
        // a head routed in step 3 cannot ask for a VC at the cycle's first step when routing
        // takes a cycle or more; where the selection counts the heads routed per output
        // (SSR's R), those routing count too, so they join the waiting ones at once
        let late_heads = rdelay >= 1 && !counts;
        let cx = Cx {
            t,
            first: t * speed,
            rdelay,
            vdelay: self.vdelay,
            np: self.np,
            nv: self.nv,
            b0: self.b0,
            b: self.b,
            ct: self.ct,
            x0: self.x0,
            deep: self.deep,
            keep: self.keep,
            speed,
            oq: self.oq,
            exch,
            counts,
            nonmux: self.nonmux,
            sel: !self.multi.is_empty(),
            halt,
            // (a copy: the ring's record is not read again at each crossing)
            unit: self.cr.unit,
            late_heads,
            // likewise a head routed behind a tail that crosses (step 6) at the next cycle's
            // first step (without a speedup, a step is a cycle)
            late_next: late_heads && speed == 1,
            pv: &self.pv,
            links,
            packets,
            rings,
        };
        let per = self.np * self.nv;
        let parts = Parts {
            rts: self.r.as_mut_ptr(),
            pls: self.pl.as_mut_ptr(),
            sw: (switches.as_mut_ptr(), switches.len()),
            flits: self.tile_flits.as_mut_ptr(),
            fifos: (self.fifos.as_mut_ptr(), self.fifos.len()),
            backs: (self.backs.as_mut_ptr(), self.backs.len()),
            multi: (self.multi.as_mut_ptr(), self.multi.len()),
            per,
            tiles,
        };
        debug_assert!(self.r.len() == tiles * 64 && self.tile_flits.len() == tiles);
        // SAFETY: what the threads of a cycle share — the cycle's `Cx` (its links, whose wires
        // each tile drives at its own routers' ports alone, as `ParallelSwitch` switches do),
        // the tiles' `Parts` and the threads' scratch — each touches disjoint tiles, its own
        // scratch, and the rings as `Rings` allows
        let sh = unsafe { Shared::new((&cx, parts, self.scratch.as_mut_ptr())) };
        let job = move |k: usize| {
            // the network's threads beyond the tiles (3 threads, 2 tiles) take none
            if k >= nt {
                return;
            }
            let (cx, parts, scratch) = sh.get();
            let (lo, hi) = (tiles * k / nt, tiles * (k + 1) / nt);
            // SAFETY: part k is run once a cycle, by one thread: its scratch (k < nt, the
            // scratch's length) is its own, and its tiles lo..hi no other part's (the runs
            // are disjoint)
            let sc = unsafe { &mut *scratch.add(k) };
            for tile in lo..hi {
                Self::tile(cx, tile, unsafe { parts.own(tile) }, sc);
            }
        };
        match split {
            Some((_, th)) => th.run(&job),
            None => job(0),
        }
        for sc in &mut self.scratch[..nt] {
            moved += std::mem::take(&mut sc.moved);
            self.drives += std::mem::take(&mut sc.drives);
            self.inside = self.inside.wrapping_add(std::mem::take(&mut sc.inside));
        }
        if exch {
            // the exchange units' cycle, after every stage of every router (their words
            // arrive a link's fly time later); a network that exchanges is never idle
            let rings = self.rings(false);
            exchange::cycle(t, switches, &mut self.r, &rings);
        }
        let busy = exch || self.inside > 0 || self.tile_credits.iter().any(|&c| c > 0);
        hosts::after(&mut self.pl, self.nh, busy, after);
        moved
    }

    /// Tile `tile`'s part of the cycle (`own`: its state), its thread's scratch `sc`.
    #[inline(always)]
    fn tile(cx: &Cx<'_, P, V>, tile: usize, own: Own<'_, P, V>, sc: &mut Scratch) {
        let Cx {
            t,
            first,
            rdelay,
            vdelay,
            np,
            nv,
            b0,
            b,
            ct,
            x0,
            deep,
            keep,
            speed,
            oq,
            exch,
            counts,
            nonmux,
            sel,
            halt,
            unit,
            late_heads,
            late_next,
            pv,
            links,
            packets,
            rings,
        } = *cx;
        let Own {
            rts,
            pl,
            sw: switches,
            flits: tile_flits,
            fifos,
            backs,
            multi,
        } = own;
        let base = tile * 64;
        // SAFETY: this thread evaluates tile `tile` at cycle t, and holds nothing else of its
        // slots of t
        let (arr_now, fwd_now) = unsafe { rings.arriving(tile, t) };
        let arriving = arr_now.iter().any(|&w| w != 0);
        if *tile_flits == 0 && rings.credits_of(tile) == 0 && !arriving {
            return;
        }
        // 1. credits from downstream due now (their credit delay over) are applied
        // SAFETY: as `arriving`
        let due = unsafe { rings.due(tile, t) };
        let applied = credits::due(pl, due, switches, oq);
        rings.count(tile, -(applied as i32));
        // 2. the crossbar's flits leave onto their links (with a speedup: at each step,
        // into the output FIFOs, below; of 1 cycle, those towards a router entered their
        // ring when granted)
        if oq && speed == 1 {
            // into the output queues, then the output stage: one flit an output (with a
            // speedup: at each step, and after the steps, below)
            output::leave(t, pl, switches, nv);
            if pl.queued != 0 {
                let r = &mut rts[..];
                let inside = &mut sc.inside;
                let sent = output::send(t, pl, r, switches, packets, links, &rings, inside);
                sc.moved += sent;
                *tile_flits -= sent;
            }
        } else if deep && speed == 1 && !oq {
            // the routers' own crossbars, driven by their own rule
            let mut m = pl.xin;
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                let (rt, x) = (&mut rts[lb & 63], &mut switches[lb].xbar.xbar);
                x.leave(t, |o, f| {
                    *tile_flits -= 1;
                    sc.moved += 1;
                    let at = (t, lb);
                    speedup::drive(at, rt, pl, (o, f), links, &rings, &mut sc.inside);
                });
                pl.xin &= !((x.inside() == 0) as u64 * (1 << lb));
            }
        }
        for o in (0..P).take(if speed == 1 && !deep && !oq { P } else { 0 }) {
            let mut m = std::mem::take(&mut pl.xo[o]);
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                let rt = &mut rts[lb & 63];
                *tile_flits -= 1;
                sc.moved += 1;
                let f = rt.xbar[o];
                let at = (t, lb);
                speedup::drive(at, rt, pl, (o, f), links, &rings, &mut sc.inside);
            }
        }
        // 3. flits arriving
        for p in 0..P {
            let mut m = std::mem::take(&mut arr_now[p]);
            *tile_flits += m.count_ones();
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                let r = base + lb;
                m &= m - 1;
                let bit = 1u64 << lb;
                let f = fwd_now[p][lb & 63];
                if exch && exchange::word_in(&mut switches[lb], p, f) {
                    *tile_flits -= 1;
                    continue;
                }
                // into the router's own input buffer (its block's rules); a head at the front
                // of an idle VC is routed
                let sw = &mut switches[lb];
                let Some((iv, depth)) = sw.input.admit(p, f.vc) else {
                    // a flow-control error, counted: the flit is lost
                    *tile_flits -= 1;
                    sc.inside = sc.inside.wrapping_sub(1);
                    continue;
                };
                let v = f.vc as usize & (V - 1);
                let (route, fill) = sw.input.put(t, iv, depth, f);
                let rt = &mut rts[lb & 63];
                rt.max_level = rt.max_level.max(fill);
                pl.hold[p][v] |= bit;
                if route {
                    let at = (&mut multi[..], (lb * np + p) * nv + v);
                    let (c, ok) = Self::route(sw, (r, p, v), f, packets, at);
                    sw.input
                        .routed(iv, first + rdelay, packets.header(f.pkt).flits);
                    route::routed(rt, pl, (p, v, iv, bit), (c, ok), late_heads);
                }
            }
        }
        if *tile_flits == 0 && pl.cq == 0 {
            return;
        }
        // credits go upstream one symbol an input and cycle, queued at the inputs (the
        // routers' own `backs`): with a speedup, and with the non-multiplexed crossbar
        let paced = speed > 1 || nonmux;
        for ts in first..first + speed {
            if speed > 1 {
                // the crossbar's flits leave into the output FIFOs (or queues)
                match (oq, deep) {
                    (true, _) => output::leave(ts, pl, switches, nv),
                    (false, false) => speedup::leave(pl, &rts[..], fifos),
                    (false, true) => speedup::leave_own(ts, pl, switches, fifos),
                }
            }
            // 4. VC allocation in the routers with a VC asking
            let mut fresh = [[0u64; V]; P];
            // SSR's heads asking per output, counted before each router's allocation
            let mut requests = [0u8; P];
            let mut any = pl.vany;
            while any != 0 {
                let lb = any.trailing_zeros() as usize;
                any &= any - 1;
                let bit = 1u64 << lb;
                let at = lb * np * nv;
                if counts {
                    let heads = &multi[at..at + np * nv];
                    vc_alloc::count(rts[lb & 63].vwait, heads, &mut requests[..np]);
                    rts[lb & 63].va_req = requests;
                }
                let sw = &mut switches[lb];
                let mut lane = vc_alloc::Lane {
                    r: &mut rts[lb & 63],
                    input: &mut sw.input,
                    out: &mut sw.out,
                    pl: &mut *pl,
                    bit,
                    nv,
                    pv,
                    req: &mut sc.vreq,
                    grant: &mut sc.vgrant,
                    fresh: &mut fresh,
                    vdelay,
                    keep,
                    select: sel.then(|| vc_alloc::Select {
                        multi: &mut multi[at..at + np * nv],
                        selection: &sw.p.selection,
                        link: &sw.link[..np],
                        requests: &requests[..np],
                        exch: sw.exch.as_ref().map(|x| &x.unit),
                        first_net_port: sw.p.first_net_port,
                    }),
                };
                let rt = &mut *lane.r;
                if rt.va_cycle != t {
                    // the probes' strobes are the cycle's
                    (rt.va_cycle, rt.va_asked, rt.va_won) = (t, 0, 0);
                }
                let asked = crate::fabric::vc::switch::vc_alloc::allocate(&mut lane, ts);
                if asked != 0 {
                    // (the last step's that had any)
                    lane.r.va_asked = asked;
                }
            }
            // the heads routed in step 3 (and behind a tail at the last cycle) ask from
            // the next step: their routing delay is not over at this one (`InVc::asks`
            // would refuse them), and nothing but VC allocation reads who waits for it
            let mut m = std::mem::take(&mut pl.late);
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                let rt = &mut rts[lb & 63];
                let w = std::mem::take(&mut rt.vlate);
                rt.vwait |= w;
                pl.vany |= ((w != 0) as u64) << lb;
            }
            // 5. switch allocation of every router at once (separable input-first); a
            // cut-through head waits for credits for its whole packet
            if ct {
                credits::cut_through(pl, switches, &mut fresh, nv);
            }
            if vdelay > 1 {
                vc_alloc::waiting(pl, switches, &mut fresh, (ts, nv));
            }
            if halt != 0 {
                exchange::halted(pl, switches, halt, nv);
            }
            let grants = if nonmux {
                sw_alloc::every_eligible(pl, &fresh, (halt, ts))
            } else {
                sw_alloc::allocate(pl, &fresh, (halt, ts), nv)
            };
            let Some(sw_alloc::Grants { won, win }) = grants else {
                continue;
            };
            // 6. the winners cross, input by input (in any order: each touches its own input
            // VC, output, crossbar slot and links), by the router's rule over its lane of
            // the tile (`traversal::cross`), each spending a credit of its output VC (the
            // tile's `cok` follows: the routers whose output VC has room for a flit)
            let shape = cross::Shape {
                tile,
                np,
                nv,
                b0,
                b,
                unit,
                rdelay,
                late: late_next,
                oq,
                x0,
                deep,
                speed,
                exch,
                paced,
            };
            let mut step = cross::Step {
                links,
                packets,
                rings,
                inside: &mut sc.inside,
                drives: &mut sc.drives,
                tile_flits: &mut *tile_flits,
                fifos: &mut *fifos,
                backs: &mut *backs,
                multi: &mut *multi,
            };
            if nonmux {
                let lanes = (&mut *switches, &mut *rts, &mut *pl);
                sc.moved += cross::every_vc(shape, &mut step, lanes, &win, (t, ts));
            }
            // (the non-multiplexed crossbar's crossed above; a loop of no turns there rather
            // than an `else`, which cost the mesh preset 2.5 % more instructions)
            for p in (0..P).take(if nonmux { 0 } else { P }) {
                let mut m = won[p];
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    m &= m - 1;
                    // the VC that won: the one offered to the output granted (one VC
                    // an input wins, so its index is the or of each VC's index times
                    // its bit: no search, no branch on which)
                    let v = (0..V).fold(0, |a, x| a | (x * (win[p][x] >> lb & 1) as usize));
                    let mut lane = cross::Lane {
                        k: shape,
                        step: &mut step,
                        sw: &mut switches[lb],
                        rt: &mut rts[lb & 63],
                        pl: &mut *pl,
                        lb,
                        ri: base + lb,
                    };
                    traversal::cross(&mut lane, (t, ts), (p, v, nv));
                    sc.moved += 1;
                }
            }
        }
        if oq && speed > 1 && pl.queued != 0 {
            // the output stage after the steps: one flit an output
            let r = &mut rts[..];
            let inside = &mut sc.inside;
            let sent = output::send(t, pl, r, switches, packets, links, &rings, inside);
            sc.moved += sent;
            *tile_flits -= sent;
        }
        if paced {
            // one flit an output onto its link, one credit an input upstream
            let (at, r) = ((t, base), &mut rts[..]);
            let q = (&mut *fifos, &mut *backs);
            let sent = speedup::send(at, nv, r, pl, q, links, &rings, &mut sc.inside);
            sc.moved += sent;
            *tile_flits -= sent;
        }
    }
}
