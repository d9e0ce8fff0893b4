//! The output queues of the planes' ([`super`]) routers, when they have them
//! (`switch.output_buffer_flits`, the router's [`output`](crate::fabric::vc::switch) unit):
//! the router's own blocks between the crossbar and the link — its crossbar ([`Crossbar`]),
//! its per-VC FIFOs ([`OutputQueues`]), its output stage and the credit counters of the
//! buffers downstream ([`VcCredits`]) — evaluated at their place in the router's cycle.
//! What the planes keep of an output VC is then whether its queue has room for a flit (the
//! tile's `cok`, from the queue's own `room`): a grant reserves a flit of room (the output
//! unit's `reserve`), and a flit the output stage sends gives it back in the same cycle,
//! before VC and switch allocation read it. Credits from downstream reach the router's own
//! counters when their delay is over (the planes' delay ring). 0 cycles: the queues add none
//! (a flit entering an empty FIFO with its credits leaves in the cycle it enters).
//!
//! [`Crossbar`]: crate::blocks::crossbar::Crossbar
//! [`OutputQueues`]: crate::fabric::vc::switch::output::OutputQueues
//! [`VcCredits`]: crate::blocks::vc_credits::VcCredits

// The planes are indexed by port and VC, as the hardware's registers are.
#![allow(clippy::needless_range_loop)]

use super::rings::Rings;
use super::speedup::drive;
use super::{Router, Tile};
use crate::blocks::link::Link;
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::VcSwitch;
use crate::sim::packet::PacketTable;
use crate::sim::Flit;

/// The flits the routers of tile `pl` (their own crossbars, `switches` from the tile's
/// first; those with flits inside in `xin`) deliver at `t` enter their output queues.
#[inline(never)]
pub(super) fn leave<const P: usize, const V: usize>(
    t: u64,
    pl: &mut Tile<P, V>,
    switches: &mut [VcSwitch],
    nv: usize,
) {
    let mut m = pl.xin;
    while m != 0 {
        let lb = m.trailing_zeros() as usize;
        m &= m - 1;
        let sw = &mut switches[lb];
        let q = sw.out.queues.as_mut().expect("a router of output queues");
        let mut entered = false;
        sw.xbar.leave(t, |o, f| {
            q.enter(o, f, nv);
            entered = true;
        });
        pl.queued |= (entered as u64) << lb;
        pl.xin &= !((sw.xbar.xbar.inside() == 0) as u64 * (1 << lb));
    }
}

/// A flit granted at `t` to output `o` (its VC `f.vc`) of router `lb` of tile `pl` (its own
/// blocks `sw`; its place in the queue reserved as it left its input VC) enters the crossbar,
/// or with a crossbar of 0 cycles the queue at once.
#[inline(always)]
pub(super) fn enter<const P: usize, const V: usize>(
    (t, lb): (u64, usize),
    pl: &mut Tile<P, V>,
    sw: &mut VcSwitch,
    (o, f): (usize, Flit),
    nv: usize,
) {
    let q = sw.out.queues.as_mut().expect("a router of output queues");
    let x = sw.xbar.output(o, f.vc as usize);
    match sw.xbar.xbar.enter(t, x, f) {
        Some(f) => {
            q.enter(o, f, nv);
            pl.queued |= 1 << lb;
        }
        None => pl.xin |= 1 << lb,
    }
}

/// The output stage at `t` of the routers of tile `pl` with flits queued (their own blocks
/// `switches`, the planes' `routers`, both from the tile's first): per output the front flit
/// of one VC the buffer downstream can take goes onto its link or into the ring towards the
/// router downstream, and its queue VC has room again (the tile's `cok`). Returns the flits
/// sent.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub(super) fn send<const P: usize, const V: usize>(
    t: u64,
    pl: &mut Tile<P, V>,
    routers: &mut [Router<P, V>],
    switches: &mut [VcSwitch],
    packets: &PacketTable<VcExt>,
    links: &[Link],
    rings: &Rings<P, V>,
    inside: &mut u64,
) -> u32 {
    let mut freed = [[0u64; V]; P];
    let mut moved = 0;
    let mut m = std::mem::take(&mut pl.queued);
    while m != 0 {
        let lb = m.trailing_zeros() as usize;
        m &= m - 1;
        let (rt, out) = (&mut routers[lb], &mut switches[lb].out);
        moved += out.send_queued(packets, |o, f| {
            freed[o % P][f.vc as usize % V] |= 1 << lb;
            drive((t, lb), rt, pl, (o, f), links, rings, inside);
        });
        let left = out.queues.as_ref().is_some_and(|q| q.flits > 0);
        pl.queued |= (left as u64) << lb;
    }
    for o in 0..P {
        for v in 0..V {
            pl.cok[o][v] |= freed[o][v];
        }
    }
    moved
}
