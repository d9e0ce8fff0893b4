//! The planes of a network ([`super`]): whether every router has the shape they model (each
//! port to a host, to a router or unused), each port's
//! links' fly times, and the registers at reset — which output VCs have room (the routers' own
//! counters), the pointers at input and output 0, the routers in tiles of 64 (the last tile
//! filled with routers that never hold a flag).
//!
//! The shape: up to 32 ports, each to a host (wherever they are, as many as each has), to a
//! router or unused, packets that change VC or keep theirs, 1 to 16 VCs (at most 64 input VCs a
//! router, as the family's VC allocator takes) of any depth,
//! wormhole or virtual cut-through, credits of one flit or of any number of bytes (the
//! units each carries in the rings beside it) applied any number of cycles after they arrive
//! (a VC downstream released as its packet's tail leaves, or as the tail's credit returns),
//! routing, VC allocation and switch allocation in any number of cycles, a multiplexed
//! crossbar of any number (of 2 or more the routers' own, pipelined or in
//! BookSim2's batches) or seed 004's non-multiplexed one (every input VC that may cross does,
//! into the output queues it needs; its credits paced a VC at a time, the router's own
//! `CreditReturn::PerVc`), links of any number of cycles between routers (each its own), any
//! routing function (a head's several candidates picked by the router's own selection;
//! UGAL-G's global queues published from the planes, [`queues`](super::queues)), any
//! internal speedup (the pipeline stepped S times a cycle into the routers' own output FIFOs
//! and credit queues: [`speedup`](super::speedup)), output queues with or without one (the
//! routers' own queues, output stage and credit counters: [`output`](super::output)), an
//! escape queue (VC 0 of its own depth), the Speculative routing paper's LUC/NCB
//! exchange (the routers' own units, without a speedup: [`exchange`](super::exchange)) and a
//! selection reading the heads asking per output (SSR): BookSim2's iq preset and its torus88
//! and their variants, meshes of several hosts a router, the dragonfly preset under minimal,
//! UGAL-L, UGAL-G and Valiant routing, the DL paper's irregular networks under DL and
//! up*/down*, k-ary n-trees and irregular networks of uneven hosts, the Speculative routing
//! paper's mesh under Opt-y and SSR, seed 004's network: every router the family takes.

use super::{Of, Router, Tile, NONE, PB};
use crate::blocks::allocator::{SeparableInputFirst, MAX_SIDE};
use crate::blocks::link::{Link, NO_LINK};
use crate::fabric::vc::switch::speedup::SpeedupFifo;
use crate::fabric::vc::switch::traversal::CreditReturn;
use crate::fabric::vc::switch::{CrossbarKind, Switching, VcParams, VcSwitch};
use crate::routing::function::{Candidates, RoutingFunction};
use crate::routing::selection::SelectionFunction;
use crate::sim::Flit;

impl<const P: usize, const V: usize> Of<P, V> {
    /// The planes of `switches` wired by `links`, when every router has the shape they model
    /// (see the module's doc), at most `P` ports and at most `V` VCs.
    pub(super) fn build(switches: &[VcSwitch], links: &[Link]) -> Option<Self> {
        let p = switches.first()?.p;
        // every parameter named (no `..`): a new one does not compile until it is decided
        // here whether the planes model it
        let VcParams {
            ports,
            vcs: nv,
            buffer_flits,
            // VC 0's depth: `vc0_flits`
            escape_flits: _,
            routing_cycles: _,
            vc_alloc_cycles,
            sw_alloc_cycles,
            crossbar_cycles,
            // the routers' own crossbars carry the flits of one of 2 or more cycles
            crossbar_batches: _,
            credit_delay_cycles,
            wait_for_tail_credit: _,
            switching,
            credit,
            // read below: what it needs of the router
            selection,
            keep_vc,
            output_buffer_flits,
            crossbar,
            exchange,
            // the exchange units and the selection read the routers' own
            first_net_port: _,
            internal_speedup,
        } = p;
        // VC 0's buffer (an escape queue's, or as deep as the others) and every other VC's
        let (np, b, b0) = (ports, buffer_flits as usize, p.vc0_flits() as usize);
        // cycles from grant to link
        let xd = (sw_alloc_cycles + crossbar_cycles).saturating_sub(1) as u64;
        let shape = (1..=P).contains(&np)
            && (1..=V).contains(&nv)
            && np * nv <= MAX_SIDE
            && b >= 1
            && b0 >= 1
            && vc_alloc_cycles >= 1
            && sw_alloc_cycles >= 1
            && matches!(switching, Switching::Wormhole | Switching::CutThrough)
            // the non-multiplexed crossbar writes into output queues (the family's rule)
            && (crossbar == CrossbarKind::Multiplexed || output_buffer_flits > 0)
            // the exchange's slots are reckoned a cycle at a time (the family refuses the
            // exchange with a speedup; the planes would not take one)
            && (exchange.hops == 0 || internal_speedup == 1)
            && internal_speedup >= 1;
        // a routing of several candidates a head: the selection picks, from what the planes
        // hold of a router, the heads asking per output and the router's exchange unit
        let select = !switches.iter().all(|s| s.route.routing.one_candidate());
        let plain = switches.iter().all(|s| s.p == p);
        if !(shape && plain) {
            return None;
        }
        let n = switches.len();
        // the links between routers: by the router and port they lead into, and the set of
        // those leaving a router
        let mut rx = std::collections::HashMap::new();
        let mut tx = std::collections::HashSet::new();
        for (r, sw) in switches.iter().enumerate() {
            for q in 0..np {
                let [i, o] = sw.link[q];
                if i != NO_LINK {
                    rx.insert(i, (r as u32) << PB | q as u32);
                }
                if o != NO_LINK {
                    tx.insert(o);
                }
            }
        }
        // each router's ports to its hosts (both links to and from a NIC: bit q), wherever they
        // are; the rest to routers (or none)
        let host = |sw: &VcSwitch, q: usize| {
            let [i, o] = sw.link[q];
            i != NO_LINK && o != NO_LINK && !tx.contains(&i) && !rx.contains_key(&o)
        };
        let mut hosts = Vec::with_capacity(n);
        for sw in switches {
            let mut h = 0u32;
            for q in 0..np {
                let [i, o] = sw.link[q];
                let net =
                    (i == NO_LINK || tx.contains(&i)) && (o == NO_LINK || rx.contains_key(&o));
                if host(sw, q) {
                    h |= 1 << q;
                } else if !net {
                    return None;
                }
            }
            hosts.push(h);
        }
        // the ports below the last host port of any router
        let nh = hosts.iter().map(|&h| 32 - h.leading_zeros() as usize).max();
        let nh = nh.unwrap_or(0);
        let fly_of = |l: u32| {
            if l == NO_LINK {
                0
            } else {
                links[l as usize].fwd().fly()
            }
        };
        // the longest link (the flits' rings), and the longest wait of a credit from leaving
        // (or a host's from arriving) to being applied (the credits' ring)
        let (mut longest, mut waits) = (1u64, credit_delay_cycles as u64);
        let mut fly = vec![[[0u16; 2]; P]; n];
        let mut peer = vec![[NONE; P]; n];
        for (((sw, f), x), &h) in switches.iter().zip(&mut fly).zip(&mut peer).zip(&hosts) {
            for q in (0..np).filter(|&q| h >> q & 1 == 0) {
                let [i, o] = sw.link[q];
                // a credit back on link i is applied the credit delay after it arrives
                let back = fly_of(i) as u64 + credit_delay_cycles as u64;
                f[q] = [back as u16, fly_of(o) as u16];
                longest = longest.max(fly_of(i).max(fly_of(o)) as u64);
                waits = waits.max(back);
                x[q] = rx.get(&o).copied().unwrap_or(NONE);
            }
        }
        let tiles = n.div_ceil(64);
        // the flits' rings' slots: a power of two above the longest link and a cycle (a flit
        // granted towards a router enters the slot of the cycle it arrives at once: a cycle in
        // the crossbar and its link's fly time ahead, while the slot of this cycle may still
        // wait for a later tile)
        let slots = (longest as usize + 2).next_power_of_two();
        let oq = output_buffer_flits > 0;
        let nonmux = crossbar == CrossbarKind::NonMultiplexed;
        let router = Router {
            wires: [[NO_LINK; 2]; P],
            peer: [NONE; P],
            fly: [[0; 2]; P],
            max_level: 0,
            xbar: [Flit::default(); P],
            va: SeparableInputFirst::new(np * nv, np * nv),
            hosts: 0,
            vwait: 0,
            vlate: 0,
            va_cycle: u64::MAX,
            va_asked: 0,
            va_won: 0,
            va_req: [0; P],
            cand: [[[0xff, 0]; V]; P],
            forwarded: [0; V],
            errors: 0,
            sent: [0; P],
            returned: [0; P],
        };
        let pl = (0..tiles)
            .map(|tile| {
                let m = (n - tile * 64).min(64);
                let all = if m == 64 { !0u64 } else { (1u64 << m) - 1 };
                let mut pl = Tile::<P, V>::reset();
                for o in 0..np {
                    for v in 0..nv {
                        // room behind the output VC for a packet's head (the flit that
                        // crosses it first): the router's own rule
                        for (lb, sw) in switches[tile * 64..tile * 64 + m].iter().enumerate() {
                            pl.cok[o][v] |= (sw.out.has_room(o, v, 0) as u64) << lb;
                        }
                    }
                    pl.ptr[o][0] = all;
                    pl.pin[o][0] = all;
                    pl.rr[o][0] = all;
                }
                pl
            })
            .collect();
        // in whole tiles: the last one's routers past the network's have no port and never
        // hold a flag (a tile's 64 routers are indexed by their bit, without a bounds check)
        let mut r: Vec<_> = switches
            .iter()
            .zip(peer)
            .zip(fly)
            .enumerate()
            .map(|(r, ((sw, peer), fly))| Router {
                hosts: hosts[r],
                wires: std::array::from_fn(|q| if q < np { sw.link[q] } else { [NO_LINK; 2] }),
                peer,
                fly,
                ..router.clone()
            })
            .collect();
        r.resize(tiles * 64, router);
        Some(Of {
            r,
            pl,
            arr: vec![[0; P]; tiles * slots],
            fwd: vec![[[Flit::default(); 64]; P]; tiles * slots],
            sbits: slots.trailing_zeros(),
            // (a credit symbol of the non-multiplexed crossbar carries a VC's credits of
            // several flits)
            cr: super::CreditRing::new(credit, tiles, waits, nonmux),
            scratch: vec![super::cycle::Scratch::new()],
            inside: 0,
            drives: 0,
            tile_flits: vec![0; tiles],
            tile_credits: vec![0; tiles],
            cdelay: p.credit_delay_cycles as u64,
            rdelay: p.routing_cycles as u64,
            oq,
            ct: switching == Switching::CutThrough,
            keep: keep_vc,
            exch: exchange.hops > 0,
            counts: select && selection.needs().request_counts,
            x0: xd == 0,
            deep: xd > 1,
            vdelay: vc_alloc_cycles as u64,
            np,
            nh,
            nv,
            b0,
            b,
            last: 0,
            speed: internal_speedup as u64,
            nonmux,
            fifos: match internal_speedup {
                1 => Vec::new(),
                _ => vec![SpeedupFifo::new(np); n],
            },
            backs: match internal_speedup {
                1 if !nonmux => Vec::new(),
                s => {
                    let port = p.vc0_flits() + (nv as u32 - 1) * p.buffer_flits;
                    let back = CreditReturn::new(crossbar, np, nv, s, port as usize);
                    vec![back; n]
                }
            },
            multi: match select {
                true => vec![Candidates::new(); n * np * nv],
                false => Vec::new(),
            },
            pv: Box::new(std::array::from_fn(|i| [(i / nv) as u8, (i % nv) as u8])),
        })
    }
}

impl<const P: usize, const V: usize> Tile<P, V> {
    /// A tile with every flag clear (the build sets the room and pointers).
    fn reset() -> Self {
        Tile {
            act: [[0; V]; P],
            vany: 0,
            hold: [[0; V]; P],
            outp: [[[0; P]; V]; P],
            ovh: [[[0; V]; V]; P],
            cok: [[0; V]; P],
            rr: [[0; V]; P],
            ptr: [[0; P]; P],
            pin: [[0; P]; P],
            xo: [0; P],
            late: 0,
            cth: [[0; V]; P],
            early: [[0; V]; P],
            xin: 0,
            sa_req: [[0; P]; P],
            sa_won: [0; P],
            sa_step: u64::MAX,
            host_f: [0; P],
            host_b: [0; P],
            fq: 0,
            cq: 0,
            queued: 0,
        }
    }
}
