//! VC allocation of one router evaluated in the planes ([`super`]): the router's rule
//! (`vc_alloc::allocate`, its `vc_alloc` stage) over the registers the planes keep of it — a
//! head asks from the cycle its routing delay is over, for the free VCs of its one candidate's
//! port (or the one its selection picks); a granted head holds its output VC and may ask for
//! the switch the VC allocation's cycles later (the next cycle with 1; [`waiting`] keeps the
//! heads of a longer one out). A head every packet: evaluated router by router, in the
//! routers with a VC asking.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::{Router, Tile, OUT, SELECT};
use crate::blocks::allocator::{Grants, Requests, SeparableInputFirst};
use crate::blocks::link::NO_LINK;
use crate::blocks::luc_ncb::LucNcb;
use crate::fabric::vc::switch::input::InputUnit;
use crate::fabric::vc::switch::output::OutputUnit;
use crate::fabric::vc::switch::route::kept;
use crate::fabric::vc::switch::vc_alloc::{count_requests, VaRegs};
use crate::fabric::vc::switch::view::{choose, Outs, View};
use crate::fabric::vc::switch::VcSwitch;
use crate::routing::function::Candidates;
use crate::routing::selection::Selection;

/// Router `r` of the planes, bit `bit` of tile `pl`, as VC allocation sees it: its routers
/// use `nv` VCs, `pv` turns an allocator index p·nv + v back into its port and VC (no
/// division), the allocator's scratch is shared by the routers, and the input VCs granted
/// are added to `fresh` (they may not ask for the switch this cycle); a granted VC's front
/// flit is its packet's head (`cth`, until it crosses).
pub(super) struct Lane<'a, const P: usize, const V: usize> {
    pub r: &'a mut Router<P, V>,
    /// The router's own input VCs, and its output unit (who holds each output VC).
    pub input: &'a mut InputUnit,
    pub out: &'a mut OutputUnit,
    pub pl: &'a mut Tile<P, V>,
    pub bit: u64,
    pub nv: usize,
    pub pv: &'a [[u8; 2]; 64],
    pub req: &'a mut Requests,
    pub grant: &'a mut Grants,
    pub fresh: &'a mut [[u64; V]; P],
    /// The VC allocation's cycles (a granted head asks for the switch that many later).
    pub vdelay: u64,
    /// Packets keep their VC (the routes name none).
    pub keep: bool,
    /// Where the routing may give several candidates: what the selection needs.
    pub select: Option<Select<'a>>,
}

/// What the selection needs of a router of the planes whose routing may give a head several
/// candidates: its input VCs' candidates (p·nv + v), its selection, its links (what the
/// selection sees of its outputs is its own output unit and links); the routed
/// heads per output (SSR's R, where the selection reads them) and the router's LUC/NCB
/// exchange unit with its first network port (the Speculative routing paper's SSR).
pub(super) struct Select<'a> {
    pub multi: &'a mut [Candidates],
    pub selection: &'a Selection,
    pub link: &'a [[u32; 2]],
    pub requests: &'a [u8],
    pub exch: Option<&'a LucNcb>,
    pub first_net_port: u8,
}

/// SSR's heads asking per output of a router of the planes (the router's rule,
/// `vc_alloc::count_requests`): over its `waiting` input VCs (bit p·nv + v), their
/// candidates `multi` (p·nv + v). Kept out of the allocation's loop, which most networks
/// run without it.
#[inline(never)]
pub(super) fn count(waiting: u64, multi: &[Candidates], requests: &mut [u8]) {
    count_requests(waiting, |iv| multi[iv].port_mask(), requests);
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
        // a head leaves routing when its delay is over (the router's rule)
        let s = &mut self.input.vcs[iv & 63];
        let first = s.asks(t)?;
        let len = s.len;
        let [port, vcs] = self.r.cand[p][v];
        let (port, vcs) = match (port, self.select.as_mut()) {
            (SELECT, Some(x)) => {
                // several candidates: the selection picks one (or decides once, at the
                // head's first cycle in VC allocation, and the head keeps it)
                let c = &mut x.multi[iv];
                let view = View {
                    out: &Outs {
                        out: &*self.out,
                        link: x.link,
                    },
                    vcs: self.nv,
                    need: self.out.head_room(len),
                    requests: x.requests,
                    exch: x.exch,
                    first_net_port: x.first_net_port,
                };
                let picked = choose(c, x.selection, &view, first, len)?;
                if let [k] = c.as_slice() {
                    // kept alone: the head's one candidate from now on
                    self.r.cand[p][v] = [k.port as u16, k.vcs as u16];
                }
                picked
            }
            (port, _) => (port as usize, vcs as u32),
        };
        let vcs = kept(vcs, v, self.keep);
        if port >= P || self.r.wires[port][OUT] == NO_LINK {
            return None;
        }
        Some((port, vcs))
    }

    #[inline(always)]
    fn free(&self, o: usize) -> u32 {
        self.out.free(o)
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
        r.va_won |= 1 << iv;
        // the router's own output VC and input VC hold each other (its blocks' rules)
        self.out.take(o, ov, iv as u16);
        r.vwait &= !(1 << iv);
        // (a select: whether it was the router's last head asking is the traffic's)
        pl.vany &= !(bit * (r.vwait == 0) as u64);
        let s = &mut self.input.vcs[iv & 63];
        let old = s.out;
        s.hold(o, ov, t + self.vdelay);
        if self.vdelay > 1 {
            pl.early[p][v] |= bit;
        }
        pl.act[p][v] |= bit;
        pl.cth[p][v] |= bit;
        // (every VC's plane cleared, then the one held set: no branch per VC)
        for x in 0..V {
            pl.ovh[p][v][x] &= !bit;
        }
        pl.ovh[p][v][ov & (V - 1)] |= bit;
        set_out(pl, (p, v), bit, (old, o as u8));
        self.fresh[p][v] |= bit;
    }
}

/// VC allocation of 2 or more cycles: the tile's heads granted their output VC that may not
/// ask for the switch at step `t` (the router's rule: not before the cycle its `ready` names)
/// join `held`; those whose wait is over leave the tile's `early` plane.
#[inline(never)]
pub(super) fn waiting<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    switches: &[VcSwitch],
    held: &mut [[u64; V]; P],
    (t, nv): (u64, usize),
) {
    for p in 0..P {
        for v in 0..V {
            let mut m = pl.early[p][v];
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                if switches[lb].input.vcs[(p * nv + v) & 63].ready <= t {
                    pl.early[p][v] &= !(1 << lb);
                }
            }
            held[p][v] |= pl.early[p][v];
        }
    }
}

/// Input VC (`p`, `v`) of the routers in `bit` now holds output `o` instead of `old`.
#[inline(always)]
fn set_out<const P: usize, const V: usize>(
    pl: &mut Tile<P, V>,
    (p, v): (usize, usize),
    bit: u64,
    (old, o): (u8, u8),
) {
    // (indices below P checked: cheaper than `% P` of 5 ports)
    pl.outp[p][v][old as usize] &= !bit;
    pl.outp[p][v][o as usize] |= bit;
}
