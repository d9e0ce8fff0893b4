//! The Speculative routing paper's LUC/NCB exchange in the planes ([`super`]): each router's
//! own exchange stage ([`ExchangeStage`], its unit [`crate::blocks::luc_ncb::LucNcb`]) stepped
//! in the router's order — the words arriving taken by the unit instead of the
//! buffers, the heads written and the tails sent counted for its LUC, the network outputs
//! held back in an exchange slot (the switch allocation offers no flit to them, and the VCs
//! that would have asked are counted), and at the end of the cycle the unit's words driven
//! into the ring of the router downstream. Nothing of it is copied into the planes: the units
//! and their counters are the routers', so nothing is written back.

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::rings::Rings;
use super::speedup::to_peer;
use super::{Router, Tile, OUT};
use crate::blocks::link::NO_LINK;
use crate::fabric::vc::switch::{ExchangeStage, VcSwitch};
use crate::sim::Flit;

/// The router's exchange stage (every router of the planes has one where one has).
#[inline(always)]
fn stage(sw: &mut VcSwitch) -> &mut ExchangeStage {
    sw.exch
        .as_mut()
        .expect("the planes' routers all have the exchange")
}

/// Flit `f` arrived at input `p` of router `sw`: an exchange word goes to its unit (true), a
/// packet's flit goes on into the buffers, its head counted for the LUC (false) — the
/// router's rule, `ExchangeStage::arrived`, out of the planes' arrival loop.
#[inline(never)]
pub(super) fn word_in(sw: &mut VcSwitch, p: usize, f: Flit) -> bool {
    stage(sw).arrived(p, f)
}

/// A packet's tail left router `sw`'s input buffer (`ExchangeStage::tail_left`, out of line).
#[inline(never)]
pub(super) fn tail_out(sw: &mut VcSwitch) {
    stage(sw).tail_left();
}

/// The outputs an exchange slot takes from the flits granted at cycle `t` (bit o), the
/// same in every router: the flits leave the crossbar its delay later (none without the
/// exchange).
#[inline(always)]
pub(super) fn halt(exch: bool, sw: &VcSwitch, t: u64) -> u32 {
    match sw.exch.as_ref().filter(|_| exch) {
        Some(x) => x.halted_outputs(t + sw.xbar.delay() as u64),
        None => 0,
    }
}

/// The input VCs of tile `pl` held back by the exchange slot on outputs `halt`: every VC
/// holding an output VC and a flit whose output the slot takes counts once in its router's
/// `halted` (as the router's switch allocation counts them, the VCs granted this cycle
/// included).
#[inline(never)]
pub(super) fn halted<const P: usize, const V: usize>(
    pl: &Tile<P, V>,
    switches: &mut [VcSwitch],
    halt: u32,
    nv: usize,
) {
    for p in 0..P {
        for v in 0..nv {
            let mut to = 0u64;
            for o in 0..P {
                to |= pl.outp[p][v][o] * (halt >> o & 1) as u64;
            }
            let mut m = pl.act[p][v] & pl.hold[p][v] & to;
            while m != 0 {
                let lb = m.trailing_zeros() as usize;
                m &= m - 1;
                stage(&mut switches[lb]).halted += 1;
            }
        }
    }
}

/// The exchange units' cycle `t` (their `ExchangeStage::cycle`) after every other stage of
/// every router: in a slot, each drives its word on its network outputs with a link — into
/// the ring of the router downstream, arriving its link's fly time later, and counted among
/// the link's flits as the link counts it.
#[inline(never)]
pub(super) fn cycle<const P: usize, const V: usize>(
    t: u64,
    switches: &mut [VcSwitch],
    routers: &mut [Router<P, V>],
    rings: &Rings<P, V>,
) {
    // every unit's slots are the same cycles: outside one, no unit drives a word
    let slot = switches
        .first_mut()
        .is_some_and(|sw| stage(sw).halted_outputs(t) != 0);
    for (sw, rt) in switches.iter_mut().zip(routers.iter_mut()) {
        let linked = (0..P).take(if slot { P } else { 0 }).fold(0, |m, o| {
            let net = rt.hosts >> o & 1 == 0 && rt.wires[o][OUT] != NO_LINK;
            m | (net as u32) << o
        });
        stage(sw).cycle(t, linked, |o, w| to_peer(t, rt, (o, w), rings));
    }
}
