//! VC allocation of one router evaluated in the planes ([`super`]): the router's rule
//! (`vc_alloc::allocate`, its `vc_alloc` stage) over the registers the planes keep of it — a head
//! asks from the cycle its routing delay is over, for the free VCs of its one candidate's
//! port; a granted head holds its output VC and may ask for the switch from the next cycle
//! (VC allocation of 1 cycle). A head every packet: evaluated router by router, in the routers
//! with a VC asking.

use super::{set_out, Router, St, Tile, OUT};
use crate::blocks::allocator::{Grants, Requests, SeparableInputFirst};
use crate::blocks::link::NO_LINK;
use crate::fabric::vc::switch::vc_alloc::VaRegs;

/// Router `r` of the planes, bit `bit` of tile `pl`, as VC allocation sees it: its routers
/// use `nv` VCs, `pv` turns an allocator index p·nv + v back into its port and VC (no
/// division), the allocator's scratch is shared by the routers, and the input VCs granted
/// are added to `fresh` (they may not ask for the switch this cycle).
pub(super) struct Lane<'a, const P: usize, const V: usize> {
    pub r: &'a mut Router<P, V>,
    pub pl: &'a mut Tile<P, V>,
    pub bit: u64,
    pub nv: usize,
    pub pv: &'a [[u8; 2]; 64],
    pub req: &'a mut Requests,
    pub grant: &'a mut Grants,
    pub fresh: &'a mut [[u64; V]; P],
}

impl<const P: usize, const V: usize> VaRegs for Lane<'_, P, V> {
    #[inline(always)]
    fn vcs(&self) -> usize {
        self.nv
    }

    #[inline(always)]
    fn waiting(&self) -> u64 {
        self.r.vwait
    }

    #[inline(always)]
    fn request(&mut self, iv: usize, t: u64) -> Option<(usize, u32)> {
        let [p, v] = self.pv[iv].map(usize::from);
        if self.r.ivc[p][v].ready > t {
            return None;
        }
        let [port, vcs] = self.r.cand[p][v];
        let port = port as usize;
        if port >= P || self.r.wires[port][OUT] == NO_LINK {
            return None;
        }
        Some((port, vcs as u32))
    }

    #[inline(always)]
    fn free(&self, o: usize) -> u32 {
        !(self.r.owner_busy[o] as u32)
    }

    #[inline(always)]
    fn allocator(&mut self) -> (&mut SeparableInputFirst, &mut Requests, &mut Grants) {
        (&mut self.r.va, self.req, self.grant)
    }

    #[inline(always)]
    fn port_vc(&self, i: usize) -> (usize, usize) {
        let [p, v] = self.pv[i].map(usize::from);
        (p, v)
    }

    #[inline(always)]
    fn hold(&mut self, iv: usize, o: usize, ov: usize, t: u64) {
        let (r, pl, bit) = (&mut *self.r, &mut *self.pl, self.bit);
        let [p, v] = self.pv[iv].map(usize::from);
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
        for x in 0..self.nv {
            let h = &mut pl.ovh[p][v][x];
            *h = (*h & !bit) | if x == ov { bit } else { 0 };
        }
        set_out(pl, (p, v), bit, (old, o as u8));
        self.fresh[p][v] |= bit;
    }
}
