//! One cycle of the planes' ([`super`]) switch phase, tile by tile, in the router's order of
//! stages: credits from downstream (after their delay), the crossbar's flits out (onto their
//! links, into the output FIFOs or queues), flits in and heads routed, VC allocation router by
//! router, switch allocation of the tile at once, the winners' traversal with their credits
//! upstream; then the exchange units and what the sleep tables are told.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::{
    credits, exchange, hosts, output, ring, speedup, sw_alloc, vc_alloc, Of, Router, Tile,
};
use crate::fabric::network::EnginePhase;
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::VcSwitch;

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
        let mut moved = 0;
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
            // into the output FIFOs, below)
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
                        routed(rt, pl, (p, v, iv, bit), (c, ok), late_heads);
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
                // VC, output, crossbar slot and links), each spending a credit of its output VC
                // (the tile's `cok` follows: the routers whose output VC has room for a flit)
                for p in 0..P {
                    let mut m = won[p];
                    while m != 0 {
                        let lb = m.trailing_zeros() as usize;
                        let ri = base + lb;
                        m &= m - 1;
                        let bit = 1u64 << lb;
                        // the VC that won: the one offered to the output granted (one VC
                        // an input wins, so its index is the or of each VC's index times
                        // its bit: no search, no branch on which)
                        let v = (0..V).fold(0, |a, x| a | (x * (win[p][x] >> lb & 1) as usize));
                        // out of the router's own input buffer (the same read as one by one)
                        let sw = &mut switches[ri];
                        let iv = p * nv + v;
                        // the input unit's rule: the flit leaves on its output VC (the one
                        // its request named), a tail frees the VC
                        let depth = if v == 0 { b0 } else { b };
                        let d = sw.input.depart(t, iv, depth as u32);
                        let (o, ovc, f) = (d.out, d.ovc, d.flit);
                        // the last flit out clears the flag (no branch: whether it is the
                        // last is the data's)
                        pl.hold[p][v] &= !(bit * (d.fill == 0) as u64);
                        moved += 1;
                        let r = &mut rts[lb & 63];
                        r.forwarded[ovc & (V - 1)] += 1;
                        // the output unit's rule: a credit downstream spent (or a flit of
                        // room in the output queue); a tail frees the VC for the next packet,
                        // or once every credit of this one is back (wait_for_tail_credit)
                        let room = sw.out.reserve(o, ovc, d.next, d.tail) as u64;
                        // (an index below P checked, cheaper than `% P` of 5 ports)
                        let c = &mut pl.cok[o][ovc % V];
                        *c = (*c & !bit) | room << lb;
                        if d.tail {
                            pl.act[p][v] &= !bit;
                            if exch {
                                exchange::tail_out(sw);
                            }
                            if let Some(&nf) = sw.input.front(p, v) {
                                let at = (&mut multi[..], (ri * np + p) * nv + v);
                                let (c, ok) = Self::route(cands, sw, (ri, p, v), nf, packets, at);
                                let len = packets.header(nf.pkt).flits;
                                sw.input.routed(iv, ts + 1 + rdelay, len);
                                // (late: it asks from the step after next, and joins the
                                // waiting heads after the next cycle's first allocation)
                                routed(&mut rts[lb & 63], pl, (p, v, iv, bit), (c, ok), late_next);
                            }
                        }
                        pl.cth[p][v] &= !bit;
                        if oq {
                            output::enter((ts, lb), pl, &mut switches[ri], (o, f), nv);
                        } else if x0 && speed > 1 {
                            // a crossbar of 0 cycles: into the output FIFO now
                            fifos[ri].push(o, f);
                            pl.fq |= bit;
                        } else if x0 {
                            // a crossbar of 0 cycles: onto the link now
                            *tile_flits -= 1;
                            let (at, rt) = ((t, sbits, lb), &mut rts[lb & 63]);
                            speedup::drive(at, rt, pl, (o, f), links, (arr, fwd), inside);
                        } else if deep {
                            let left = switches[ri].xbar.xbar.enter(ts, o, f);
                            debug_assert!(left.is_none(), "a crossbar of 2 or more cycles");
                            pl.xin |= bit;
                        } else {
                            rts[lb & 63].xbar[o] = f;
                            pl.xo[o] |= bit;
                        }
                        // the units it frees upstream (a flit's credit: 1; of several
                        // bytes, none until it completes one)
                        let n = unit.release_at(d.next, d.len);
                        if n > 0 && speed == 1 {
                            let at = (t, sbits, lb);
                            let rt = &mut rts[lb & 63];
                            speedup::credit_up(at, rt, pl, (p, v, n), links, cr, tile_credits);
                        } else if n > 0 {
                            // one credit an input and cycle goes upstream, in the order freed
                            backs[ri].hold(p, v, p * nv + v, n);
                            pl.cq |= bit;
                            tile_credits[tile] += 1;
                        }
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

/// The head of input VC (`p`, `v`) — the VC allocator's `iv` — of router `rt` (bit `bit` of
/// tile `pl`) was routed to candidate `c` (`ok`: a route was found): it waits for VC
/// allocation from now, or (`late`) from after the first VC allocation to come ([`Tile`]'s
/// `late`).
#[inline(always)]
fn routed<const P: usize, const V: usize>(
    rt: &mut Router<P, V>,
    pl: &mut Tile<P, V>,
    (p, v, iv, bit): (usize, usize, usize, u64),
    (c, ok): ([u16; 2], bool),
    late: bool,
) {
    rt.errors += !ok as u64;
    rt.cand[p][v] = c;
    if late {
        rt.vlate |= 1 << iv;
        pl.late |= bit;
    } else {
        rt.vwait |= 1 << iv;
        pl.vany |= bit;
    }
}
