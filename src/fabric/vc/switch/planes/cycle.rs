//! One cycle of the planes' ([`super`]) switch phase, tile by tile, in the router's order of
//! stages: credits from downstream (after their delay), the crossbar's flits out (onto their
//! links, into the output FIFOs or queues), flits in and heads routed, VC allocation router by
//! router, switch allocation of the tile at once, the winners' traversal with their credits
//! upstream; then the exchange units and what the sleep tables are told.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::{
    credits, cross, exchange, hosts, output, ring, route, speedup, sw_alloc, vc_alloc, Of, Router,
};
use crate::fabric::network::EnginePhase;
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::{traversal, VcSwitch};

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
        } = e;
        let n = switches.len();
        self.last = t;
        let sbits = self.sbits;
        let mask = (1 << sbits) - 1;
        let slot = t as usize & mask;
        let (rdelay, nv, b) = (self.rdelay, self.nv, self.b);
        let b0 = self.b0;
        let (ct, x0, deep, vdelay) = (self.ct, self.x0, self.deep, self.vdelay);
        let self_keep = self.keep;
        let (nh, speed, oq) = (self.nh, self.speed, self.oq);
        // the first internal step of the cycle (the cycle itself without a speedup)
        let first = t * speed;
        // the outputs the exchange's slot takes from flits granted now (none without one)
        let (exch, counts) = (self.exch, self.counts);
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
        let Of {
            r: routers,
            pl: pls,
            arr,
            cr,
            fwd,
            vreq,
            vgrant,
            cands,
            inside,
            drives,
            tile_flits,
            tile_credits,
            pv,
            fifos,
            backs,
            multi,
            ..
        } = self;
        let (np, sel) = (self.np, !multi.is_empty());
        // (a copy: the ring's record is not read again at each crossing)
        let unit = cr.unit;
        // a head routed in step 3 cannot ask for a VC at the cycle's first step when routing
        // takes a cycle or more; where the selection counts the heads routed per output
        // (SSR's R), those routing count too, so they join the waiting ones at once
        let late_heads = rdelay >= 1 && !counts;
        // likewise a head routed behind a tail that crosses (step 6) at the next cycle's
        // first step (without a speedup, a step is a cycle)
        let late_next = late_heads && speed == 1;
        for tile in 0..pls.len() {
            let base = tile * 64;
            let pl = &mut pls[tile];
            // the tile's routers, by their bit (`lb & 63`: an index the compiler need not check)
            let rts: &mut [Router<P, V>; 64] = (&mut routers[base..base + 64])
                .try_into()
                .expect("the planes' routers fill whole tiles");
            let now = ring(sbits, tile, slot);
            let arriving = arr[now].iter().any(|&w| w != 0);
            if tile_flits[tile] == 0 && tile_credits[tile] == 0 && !arriving {
                continue;
            }
            let tile_flits = &mut tile_flits[tile];
            // 1. credits from downstream due now (their credit delay over) are applied
            let sw = &mut switches[base..];
            let due = cr.slot(tile, t);
            tile_credits[tile] -= credits::due(pl, (&mut *cr, due), sw, oq);
            // 2. the crossbar's flits leave onto their links (with a speedup: at each step,
            // into the output FIFOs, below; of 1 cycle, those towards a router entered their
            // ring when granted)
            if oq && speed == 1 {
                // into the output queues, then the output stage: one flit an output (with a
                // speedup: at each step, and after the steps, below)
                output::leave(t, pl, &mut switches[base..], nv);
                if pl.queued != 0 {
                    let (r, sw) = (&mut rts[..], &mut switches[base..]);
                    let rings = (&mut arr[..], &mut fwd[..]);
                    let at = (t, sbits);
                    let sent = output::send(at, pl, r, sw, packets, links, rings, inside);
                    moved += sent;
                    *tile_flits -= sent;
                }
            } else if deep && speed == 1 && !oq {
                // the routers' own crossbars, as the routers one by one drive them
                let mut m = pl.xin;
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let (rt, x) = (&mut rts[lb & 63], &mut switches[base + lb].xbar.xbar);
                    x.leave(t, |o, f| {
                        *tile_flits -= 1;
                        moved += 1;
                        let at = (t, sbits, lb);
                        speedup::drive(at, rt, pl, (o, f), links, (arr, fwd), inside);
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
                    moved += 1;
                    let f = rt.xbar[o];
                    let at = (t, sbits, lb);
                    speedup::drive(at, rt, pl, (o, f), links, (arr, fwd), inside);
                }
            }
            // 3. flits arriving
            let (arr_now, fwd_now) = (&mut arr[now], &fwd[now]);
            for p in 0..P {
                let mut m = std::mem::take(&mut arr_now[p]);
                *tile_flits += m.count_ones();
                while m != 0 {
                    let lb = m.trailing_zeros() as usize;
                    let r = base + lb;
                    m &= m - 1;
                    let bit = 1u64 << lb;
                    let f = fwd_now[p][lb & 63];
                    if exch && exchange::word_in(&mut switches[r], p, f) {
                        *tile_flits -= 1;
                        continue;
                    }
                    let v = f.vc as usize & (V - 1);
                    // into the router's own input buffer (its block's rule, as one by one);
                    // a head at the front of an idle VC is routed
                    let (sw, iv) = (&mut switches[r], p * nv + v);
                    let depth = if v == 0 { b0 } else { b };
                    let (route, fill) = sw.input.put(t, iv, depth as u32, f);
                    let rt = &mut rts[lb & 63];
                    rt.max_level = rt.max_level.max(fill);
                    pl.hold[p][v] |= bit;
                    if route {
                        let at = (&mut multi[..], (r * np + p) * nv + v);
                        let (c, ok) = Self::route(cands, sw, (r, p, v), f, packets, at);
                        sw.input
                            .routed(iv, first + rdelay, packets.header(f.pkt).flits);
                        route::routed(rt, pl, (p, v, iv, bit), (c, ok), late_heads);
                    }
                }
            }
            if *tile_flits == 0 && pl.cq == 0 {
                continue;
            }
            for ts in first..first + speed {
                if speed > 1 {
                    // the crossbar's flits leave into the output FIFOs (or queues)
                    let fifos = &mut fifos[base..];
                    match (oq, deep) {
                        (true, _) => output::leave(ts, pl, &mut switches[base..], nv),
                        (false, false) => speedup::leave(pl, &rts[..], fifos),
                        (false, true) => speedup::leave_own(ts, pl, &mut switches[base..], fifos),
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
                    let r = base + lb;
                    let at = r * np * nv;
                    if counts {
                        let heads = &multi[at..at + np * nv];
                        vc_alloc::count(rts[lb & 63].vwait, heads, &mut requests[..np]);
                        rts[lb & 63].va_req = requests;
                    }
                    let sw = &mut switches[r];
                    let mut lane = vc_alloc::Lane {
                        r: &mut rts[lb & 63],
                        input: &mut sw.input,
                        out: &mut sw.out,
                        pl: &mut *pl,
                        bit,
                        nv,
                        pv,
                        req: vreq,
                        grant: vgrant,
                        fresh: &mut fresh,
                        vdelay,
                        keep: self_keep,
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
                        // (the last step's that had any, as one by one)
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
                    credits::cut_through(pl, &switches[base..], &mut fresh, nv);
                }
                if vdelay > 1 {
                    vc_alloc::waiting(pl, &switches[base..], &mut fresh, (ts, nv));
                }
                if halt != 0 {
                    exchange::halted(pl, &mut switches[base..], halt, nv);
                }
                let Some(sw_alloc::Grants { won, win }) =
                    sw_alloc::allocate(pl, &fresh, (halt, ts), nv)
                else {
                    continue;
                };
                // 6. the winners cross, input by input (in any order: each touches its own input
                // VC, output, crossbar slot and links), by the router's rule over its lane of
                // the tile (`traversal::cross`), each spending a credit of its output VC (the
                // tile's `cok` follows: the routers whose output VC has room for a flit)
                let k = cross::Shape {
                    sbits,
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
                };
                let mut step = cross::Step {
                    links,
                    packets,
                    arr: &mut arr[..],
                    fwd: &mut fwd[..],
                    cr: &mut *cr,
                    inside: &mut *inside,
                    drives: &mut *drives,
                    tile_credits: &mut tile_credits[..],
                    tile_flits: &mut *tile_flits,
                    fifos: &mut fifos[..],
                    backs: &mut backs[..],
                    multi: &mut multi[..],
                    cands: &mut *cands,
                };
                for p in 0..P {
                    let mut m = won[p];
                    while m != 0 {
                        let lb = m.trailing_zeros() as usize;
                        m &= m - 1;
                        // the VC that won: the one offered to the output granted (one VC
                        // an input wins, so its index is the or of each VC's index times
                        // its bit: no search, no branch on which)
                        let v = (0..V).fold(0, |a, x| a | (x * (win[p][x] >> lb & 1) as usize));
                        let mut lane = cross::Lane {
                            k,
                            step: &mut step,
                            sw: &mut switches[base + lb],
                            rt: &mut rts[lb & 63],
                            pl: &mut *pl,
                            lb,
                            ri: base + lb,
                        };
                        traversal::cross(&mut lane, (t, ts), (p, v, nv));
                        moved += 1;
                    }
                }
            }
            if oq && speed > 1 && pl.queued != 0 {
                // the output stage after the steps: one flit an output
                let (r, sw) = (&mut rts[..], &mut switches[base..]);
                let rings = (&mut arr[..], &mut fwd[..]);
                let sent = output::send((t, sbits), pl, r, sw, packets, links, rings, inside);
                moved += sent;
                *tile_flits -= sent;
            }
            if speed > 1 {
                // one flit an output onto its link, one credit an input upstream
                let (at, r) = ((t, sbits, base), &mut rts[..]);
                let q = (&mut fifos[base..], &mut backs[base..]);
                let rings = (&mut arr[..], &mut fwd[..], &mut *cr);
                let sent = speedup::send(at, nv, r, pl, q, links, rings, inside, tile_credits);
                moved += sent;
                *tile_flits -= sent;
            }
        }
        if exch {
            // the exchange units' cycle, after every stage of every router (their words
            // arrive a link's fly time later); a network that exchanges is never idle
            exchange::cycle(t, switches, routers, (sbits, (arr, fwd)));
        }
        let busy = exch || *inside > 0 || tile_credits.iter().any(|&c| c > 0);
        hosts::after(pls, nh, busy, after);
        moved
    }
}
