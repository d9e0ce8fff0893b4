//! What the network reads of routers in planes ([`super`]) and of the links between them,
//! written into them when it reads ([`crate::fabric::network::Engine::sync`]): per input VC
//! its level and occupancy integral, per router its flits buffered and in the crossbar, its
//! highest level, flits forwarded per VC and heads without a route; per link between routers
//! the flits sent and taken (sent less those still in the planes' ring). The planes keep these
//! next to the flits while they run, so that a run writes them once, not flit by flit.

use super::{Of, NONE, OUT, P};
use crate::blocks::link::{Link, NO_LINK};
use crate::fabric::vc::switch::VcSwitch;

/// Write the statistics of the routers of `pl` into `switches`, and the counts of the links
/// between them into `links`.
pub(super) fn write_into<const V: usize>(pl: &Of<V>, switches: &mut [VcSwitch], links: &[Link]) {
    let nv = pl.nv;
    for (i, (r, sw)) in pl.r.iter().zip(switches).enumerate() {
        for o in 1..P {
            let (l, x) = (r.wires[o][OUT], r.peer[o]);
            if l != NO_LINK && x != NONE {
                // taken: sent but for those still in the ring (their arrivals ahead)
                let (nr, np) = ((x >> 3) as usize, (x & 7) as usize);
                let ahead = pl.arr[nr / 64]
                    .iter()
                    .map(|s| (s[np] >> (nr % 64) & 1) as u32);
                let got = r.sent[o].wrapping_sub(ahead.sum());
                links[l as usize].set_flit_counts(r.sent[o], got);
            }
        }
        let mut flits = 0;
        for (p, vcs) in r.ivc.iter().enumerate() {
            for (v, s) in vcs.iter().take(nv).enumerate() {
                sw.input.planes_set(p * nv + v, s.fill as u32, s.occ);
                flits += s.fill as u32;
            }
        }
        sw.input.planes_totals(flits, r.max_level as u32);
        sw.forwarded_vc[..nv].copy_from_slice(&r.forwarded[..nv]);
        let xo = &pl.pl[i / 64].xo;
        sw.planes_xbar = xo.iter().map(|w| (w >> (i % 64) & 1) as u32).sum();
        sw.route.errors = r.errors;
    }
}
