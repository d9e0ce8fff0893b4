//! VC allocation of one router evaluated in the planes ([`super`]): flitwave's separable
//! input-first allocator (`SeparableInputFirst`, P·V × P·V, the router's `vc_alloc` stage)
//! among the heads whose routing is ready, each asking for the free VCs of its candidate's
//! port; a granted head holds its output VC and may ask for the switch from the next cycle
//! (VC allocation of 1 cycle). A head every packet: evaluated router by router, in the routers
//! with a VC asking.

use super::{set_out, Router, St, Tile, OUT, P, V};
use crate::blocks::allocator::{Grants, Requests, NO_GRANT};
use crate::blocks::link::NO_LINK;

/// VC allocation at `t` of router `r`, bit `bit` of tile `pl`; the allocator's request and
/// grant scratch (left cleared); the input VCs granted are added to `fresh`.
#[inline(always)]
pub(super) fn allocate(
    r: &mut Router,
    pl: &mut Tile,
    (bit, t): (u64, u64),
    (vreq, vgrant): (&mut Requests, &mut Grants),
    fresh: &mut [[u64; V]; P],
) {
    // flitwave's VC allocation: every waiting head whose routing is ready asks
    // for the free VCs of its candidate's port
    let lb = bit.trailing_zeros();
    let mut waiting = 0u32;
    for iv in 0..P * V {
        waiting |= ((pl.vcal[iv / V][iv % V] >> lb & 1) as u32) << iv;
    }
    let mut asked = 0u64;
    while waiting != 0 {
        let iv = waiting.trailing_zeros() as usize;
        waiting &= waiting - 1;
        let (p, v) = (iv / V, iv % V);
        if r.ivc[p][v].ready > t {
            continue;
        }
        let [port, vcs] = r.cand[iv];
        let port = port as usize;
        if port >= P || r.wires[port][OUT] == NO_LINK {
            continue;
        }
        let free = !r.owner_busy[port] & vcs & ((1 << V) - 1);
        if free != 0 {
            vreq[iv] = (free as u64) << (port * V);
            asked |= 1 << iv;
        }
    }
    if asked == 0 {
        return;
    }
    r.va.allocate_among(asked, vreq, vgrant);
    let mut w = asked;
    while w != 0 {
        let iv = w.trailing_zeros() as usize;
        w &= w - 1;
        vreq[iv] = 0;
        let g = vgrant[iv];
        if g == NO_GRANT {
            continue;
        }
        let (o, ov) = (g as usize / V, g as usize % V);
        let (p, v) = (iv / V, iv % V);
        r.owner_busy[o] |= 1 << ov;
        let s = &mut r.ivc[p][v];
        s.st = St::Active;
        s.out = o as u8;
        s.ovc = ov as u8;
        s.ready = t + 1;
        pl.act[p][v] |= bit;
        pl.vcal[p][v] &= !bit;
        pl.ovc1[p][v] = (pl.ovc1[p][v] & !bit) | if ov == 1 { bit } else { 0 };
        set_out(pl, p, v, bit, o as u8);
        fresh[p][v] |= bit;
    }
}
