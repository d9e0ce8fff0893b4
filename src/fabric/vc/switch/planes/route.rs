//! The route stage of the planes' ([`super`]) routers: a head at the front of an idle input
//! VC asks the routing function (the router's own rule, `route::route_head`) for its
//! candidates — one (its port and VCs, kept in the router's registers) or several (kept for
//! the selection at VC allocation).

use super::{Of, Router, Tile, SELECT};
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::route::{route_head, route_head_one};
use crate::fabric::vc::switch::VcSwitch;
use crate::routing::function::Candidates;
use crate::sim::packet::PacketTable;
use crate::sim::Flit;

impl<const P: usize, const V: usize> Of<P, V> {
    /// The output port and VCs of the head `f` arriving at router `r`'s input `p` (VC `v`)
    /// (0xff: none; [`SELECT`]: several, the selection's to pick from at VC allocation), and
    /// whether it is routed (false: a route error, `route_head`'s rule). Where the routing
    /// may give several (`multi` holds every input VC's), the candidates are routed into the
    /// head's own set at `idx`, where the selection reads them; elsewhere the routing gives
    /// one, handed back without a set.
    #[inline]
    pub(super) fn route(
        sw: &VcSwitch,
        (r, p, v): (usize, usize, usize),
        f: Flit,
        packets: &PacketTable<VcExt>,
        (multi, idx): (&mut [Candidates], usize),
    ) -> ([u16; 2], bool) {
        let keep = sw.p.keep_vc;
        let routing = &sw.route.routing;
        let Some(out) = multi.get_mut(idx) else {
            let (c, routed) = route_head_one(routing, (r as u32, p, v), f, packets, keep);
            let c = c.map_or([0xff, 0], |c| [c.port as u16, c.vcs as u16]);
            return (c, routed);
        };
        // (straight into the head's own set: no copy)
        let routed = route_head(routing, (r as u32, p, v), f, packets, out, keep);
        let c = match out.as_slice() {
            [c] => [c.port as u16, c.vcs as u16],
            [] => [0xff, 0],
            _ => [SELECT, 0],
        };
        (c, routed)
    }
}

/// The head of input VC (`p`, `v`) — the VC allocator's `iv` — of router `rt` (bit `bit` of
/// tile `pl`) was routed to candidate `c` (`ok`: a route was found): it waits for VC
/// allocation from now, or (`late`) from after the first VC allocation to come ([`Tile`]'s
/// `late`).
#[inline(always)]
pub(super) fn routed<const P: usize, const V: usize>(
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
