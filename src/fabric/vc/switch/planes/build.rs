//! The planes of a network ([`super`]): whether every router has the shape they model and
//! every link between routers the fly time, and the registers at reset — every router's
//! credits full, its pointers at input and output 0, the routers in tiles of 64 (the last
//! tile filled with routers that never hold a flag).

use super::{Fifo, Of, Router, Tile, CB, LINE, MAX_DEPTH, NONE, P};
use crate::blocks::allocator::{SeparableInputFirst, MAX_SIDE, NO_GRANT};
use crate::blocks::link::{Link, NO_LINK};
use crate::fabric::vc::switch::{CrossbarKind, Switching, VcParams, VcSwitch, IN, OUT};
use crate::routing::function::Candidates;
use crate::sim::Flit;

impl<const V: usize> Of<V> {
    /// The planes of `switches` wired by `links`, when every router has the shape they model
    /// (see the module's doc) and at most `V` VCs.
    pub(super) fn build(switches: &[VcSwitch], links: &[Link]) -> Option<Self> {
        let p = switches.first()?.p;
        // every parameter named (no `..`): a new one does not compile until it is decided
        // here whether the planes model it
        let VcParams {
            ports,
            vcs: nv,
            buffer_flits,
            escape_flits,
            routing_cycles: _,
            vc_alloc_cycles,
            sw_alloc_cycles,
            crossbar_cycles,
            credit_delay_cycles,
            wait_for_tail_credit: _,
            switching,
            credit,
            // one candidate a hop (dimension order, below): the selection has no choice
            selection: _,
            keep_vc,
            output_buffer_flits,
            crossbar,
            exchange,
            first_net_port: _,
            internal_speedup,
        } = p;
        let b = buffer_flits as usize;
        let shape = ports == P
            && (1..=V).contains(&nv)
            && (1..=MAX_DEPTH).contains(&b)
            && escape_flits == 0
            && vc_alloc_cycles == 1
            && sw_alloc_cycles == 1
            && crossbar_cycles == 1
            && !keep_vc
            && switching == Switching::Wormhole
            && crossbar == CrossbarKind::Multiplexed
            && output_buffer_flits == 0
            && exchange.hops == 0
            && internal_speedup == 1
            && credit.per_flit();
        let dor = switches
            .iter()
            .all(|s| matches!(*s.route.routing, crate::routing::function::Routing::Dor(_)));
        let plain = switches
            .iter()
            .all(|s| s.p == p && s.twin.0.is_none() && s.exch.is_none() && s.fifo.is_none());
        if !(shape && dor && plain) {
            return None;
        }
        let n = switches.len();
        let mut rx = std::collections::HashMap::new();
        for (r, sw) in switches.iter().enumerate() {
            for q in 0..P {
                let l = sw.link[q][IN];
                if l != NO_LINK && q != 0 {
                    rx.insert(l, (r as u32) << 3 | q as u32);
                }
            }
        }
        // port 0 a host's (its links to and from a NIC), ports 1..4 to routers (or none), every
        // link between routers of one fly time, below the rings' slots
        let fly = switches
            .iter()
            .flat_map(|sw| (1..P).map(|q| sw.link[q][OUT]))
            .find(|&l| l != NO_LINK)
            .map_or(1, |l| links[l as usize].fwd().fly() as u64);
        for sw in switches {
            let [i0, o0] = sw.link[0];
            if i0 == NO_LINK || o0 == NO_LINK || rx.contains_key(&o0) {
                return None;
            }
            for q in 1..P {
                let [i, o] = sw.link[q];
                let routers = [i, o].iter().all(|l| *l == NO_LINK || rx.contains_key(l));
                let fly = [i, o]
                    .iter()
                    .all(|&l| l == NO_LINK || links[l as usize].fwd().fly() as u64 == fly);
                if !(routers && fly) {
                    return None;
                }
            }
        }
        let peer: Vec<[u32; P]> = switches
            .iter()
            .map(|sw| {
                std::array::from_fn(|o| {
                    if o == 0 {
                        NONE
                    } else {
                        rx.get(&sw.link[o][OUT]).copied().unwrap_or(NONE)
                    }
                })
            })
            .collect();
        let tiles = n.div_ceil(64);
        // the rings' slots: a power of two above the longest link and the credit delay
        let slots = (fly.max(credit_delay_cycles as u64) as usize + 1).next_power_of_two();
        let cbits = (usize::BITS - b.leading_zeros()) as usize;
        let lines = b.div_ceil(LINE);
        let router = Router {
            wires: [[NO_LINK; 2]; P],
            peer: [NONE; P],
            ivc: [[super::InVc::default(); V]; P],
            owner_busy: [0; P],
            owner: [[0; V]; P],
            xbar: [Flit::default(); P],
            va: SeparableInputFirst::new(P * nv, P * nv),
            vwait: 0,
            cand: [[[0xff, 0]; V]; P],
            max_level: 0,
            forwarded: [0; V],
            errors: 0,
            sent: [0; P],
        };
        let pl = (0..tiles)
            .map(|tile| {
                let m = (n - tile * 64).min(64);
                let all = if m == 64 { !0u64 } else { (1u64 << m) - 1 };
                let mut pl = Tile::<V>::reset();
                for o in 0..P {
                    for v in 0..nv {
                        pl.cok[o][v] = all;
                        let c = &mut pl.cnt[o][v];
                        (0..cbits).for_each(|k| c[k] = if b >> k & 1 == 1 { all } else { 0 });
                    }
                    pl.ptr[o][0] = all;
                    pl.pin[o][0] = all;
                    pl.rr[o][0] = all;
                }
                pl
            })
            .collect();
        let r = switches
            .iter()
            .zip(peer)
            .enumerate()
            .map(|(r, (sw, peer))| {
                let mut x = Router {
                    wires: std::array::from_fn(|q| sw.link[q]),
                    peer,
                    ..router.clone()
                };
                // each VC's buffer from its first line, side by side
                for (p, vcs) in x.ivc.iter_mut().enumerate() {
                    for (v, s) in vcs.iter_mut().enumerate().take(nv) {
                        s.line = (((r * P + p) * nv + v) * lines) as u32;
                    }
                }
                x
            })
            .collect();
        Some(Of {
            r,
            pl,
            bufs: vec![Fifo::default(); n * P * nv * lines],
            arr: vec![[0; P]; tiles * slots],
            cb: vec![[[0; V]; P]; tiles * slots],
            cr: vec![[[0; V]; P]; tiles * slots],
            fwd: vec![[[Flit::default(); 64]; P]; tiles * slots],
            sbits: slots.trailing_zeros(),
            vreq: Box::new([0; MAX_SIDE]),
            vgrant: Box::new([NO_GRANT; MAX_SIDE]),
            cands: Candidates::new(),
            inside: 0,
            tile_flits: vec![0; tiles],
            tile_credits: vec![0; tiles],
            fly,
            cdelay: p.credit_delay_cycles as u64,
            rdelay: p.routing_cycles as u64,
            wftc: p.wait_for_tail_credit,
            nv,
            b,
            cbits,
            last: 0,
            pv: Box::new(std::array::from_fn(|i| [(i / nv) as u8, (i % nv) as u8])),
        })
    }
}

impl<const V: usize> Tile<V> {
    /// A tile with every flag clear (the build sets the credits and pointers).
    fn reset() -> Self {
        Tile {
            act: [[0; V]; P],
            vcal: [[0; V]; P],
            hold: [[0; V]; P],
            outp: [[[0; P]; V]; P],
            ovh: [[[0; V]; V]; P],
            cok: [[0; V]; P],
            cnt: [[[0; CB]; V]; P],
            rr: [[0; V]; P],
            ptr: [[0; P]; P],
            pin: [[0; P]; P],
            xo: [0; P],
            tsent: [[0; V]; P],
            host_f: 0,
            host_b: 0,
        }
    }
}
