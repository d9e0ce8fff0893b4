//! VC allocation of one router evaluated in the planes ([`super`]): flitwave's separable
//! input-first allocator (`SeparableInputFirst`, P·nv × P·nv, the router's `vc_alloc` stage)
//! among the heads whose routing is ready, each asking for the free VCs of its candidate's
//! port; a granted head holds its output VC and may ask for the switch from the next cycle
//! (VC allocation of 1 cycle). A head every packet: evaluated router by router, in the routers
//! with a VC asking.

use super::{set_out, Router, St, Tile, OUT, P};
use crate::blocks::allocator::{Grants, Requests, NO_GRANT};
use crate::blocks::link::NO_LINK;

/// VC allocation at `t` of router `r`, bit `bit` of tile `pl`, its routers using `nv` VCs;
/// the allocator's request and grant scratch (left cleared); the input VCs granted are added
/// to `fresh`. The allocator's inputs and outputs are numbered as the router's (p·nv + v);
/// `pv` turns such a number back into its port and VC (no division in the loop).
#[inline(always)]
pub(super) fn allocate<const V: usize>(
    r: &mut Router<V>,
    pl: &mut Tile<V>,
    (bit, t, nv, pv): (u64, u64, usize, &[[u8; 2]; 64]),
    (vreq, vgrant): (&mut Requests, &mut Grants),
    fresh: &mut [[u64; V]; P],
) {
    // flitwave's VC allocation: every waiting head whose routing is ready asks
    // for the free VCs of its candidate's port
    let mut waiting = r.vwait;
    let vmask = (1u32 << nv) - 1;
    let mut asked = 0u64;
    while waiting != 0 {
        let iv = waiting.trailing_zeros() as usize;
        waiting &= waiting - 1;
        let [p, v] = pv[iv].map(usize::from);
        if r.ivc[p][v].ready > t {
            continue;
        }
        let [port, vcs] = r.cand[p][v];
        let port = port as usize;
        if port >= P || r.wires[port][OUT] == NO_LINK {
            continue;
        }
        let free = !(r.owner_busy[port] as u32) & vcs as u32 & vmask;
        if free != 0 {
            vreq[iv] = (free as u64) << (port * nv);
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
        let [o, ov] = pv[g as usize].map(usize::from);
        let [p, v] = pv[iv].map(usize::from);
        r.owner_busy[o] |= 1 << ov;
        r.owner[o][ov] = iv as u8;
        r.vwait &= !(1 << iv);
        let s = &mut r.ivc[p][v];
        let old = s.out;
        s.st = St::Active;
        s.out = o as u8;
        s.ovc = ov as u8;
        s.ready = t + 1;
        pl.act[p][v] |= bit;
        pl.vcal[p][v] &= !bit;
        for x in 0..nv {
            let h = &mut pl.ovh[p][v][x];
            *h = (*h & !bit) | if x == ov { bit } else { 0 };
        }
        set_out(pl, (p, v), bit, (old, o as u8));
        fresh[p][v] |= bit;
    }
}
