//! Link: one direction of a Myrinet cable as a pipelined wire (seed 000 §4.3).
//!
//! Flits travel forward, one per cycle at most, and arrive `fly` cycles later (default 8: a 10 m
//! cable at 4.92 ns/m with a 6.25 ns flit time). The flow-control symbols about the receiver's
//! slack buffer travel backward over the same cable with the same fly time.

use crate::sim::wire::{ring, ring_len, End, Slot};
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor, Wire};

/// No link on this port.
pub const NO_LINK: u32 = u32::MAX;

/// Longest fly time of a link, in cycles (its fly time and ring mask are 16-bit registers).
pub const MAX_FLY: u32 = u16::MAX as u32 - 1;

/// One unidirectional channel: flits forward, stop/go symbols backward. With a fly time up to
/// 3 cycles (BookSim2's channels) everything a cycle touches — both wires' counters and inline
/// slots, the fly time and the ring mask — is the first cache line, so the block that sends
/// flits on a link and reads its credits touches one line, as does the block at the other end;
/// the pointers to longer rings lie in the second line.
#[repr(C, align(64))]
pub struct Link {
    fly: u16,
    mask: u16,
    /// Flits from the sender to the receiver.
    fwd: Wire<Flit>,
    /// Flow-control symbols from the receiver back to the sender.
    back: Wire<FlowCtl>,
    /// The rings of a fly time above 3 (empty otherwise).
    long_fwd: Box<[Slot<Flit>]>,
    long_back: Box<[Slot<FlowCtl>]>,
}

impl Link {
    /// A link with the given fly time in cycles (1 ..= [`MAX_FLY`]) in both directions.
    pub fn new(fly: u32) -> Self {
        assert!(
            (1..=MAX_FLY).contains(&fly),
            "a link's fly time is 1 to {MAX_FLY} cycles, not {fly}"
        );
        Link {
            fly: fly as u16,
            mask: (ring_len(fly) - 1) as u16,
            fwd: Wire::default(),
            back: Wire::default(),
            long_fwd: ring(fly),
            long_back: ring(fly),
        }
    }

    /// The forward wire (flits), as its ends drive it.
    #[inline(always)]
    pub fn fwd(&self) -> End<'_, Flit> {
        End::new(&self.fwd, self.fly as u32, self.mask as u32, &self.long_fwd)
    }

    /// The backward wire (flow-control symbols), as its ends drive it.
    #[inline(always)]
    pub fn back(&self) -> End<'_, FlowCtl> {
        End::new(
            &self.back,
            self.fly as u32,
            self.mask as u32,
            &self.long_back,
        )
    }

    /// Sender side: drive a flit at cycle `now`.
    #[inline]
    pub fn send(&self, now: u64, f: Flit) {
        let ok = self.fwd().send(now, f);
        debug_assert!(ok, "two flits driven on one link in one cycle");
    }

    /// Flits sent over the link, modulo 2^32 (for utilisation).
    pub fn flits_sent(&self) -> u32 {
        self.fwd().sent()
    }

    /// Flits currently on the wire.
    pub fn flits_in_flight(&self) -> usize {
        self.fwd().in_flight()
    }
}

impl Clone for Link {
    fn clone(&self) -> Self {
        let ((fwd, long_fwd), (back, long_back)) = (self.fwd().copy(), self.back().copy());
        Link {
            fly: self.fly,
            mask: self.mask,
            fwd,
            back,
            long_fwd,
            long_back,
        }
    }
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link")
            .field("fwd", &self.fwd())
            .field("back", &self.back())
            .finish()
    }
}

impl Probe for Link {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.int("flits_in_flight", self.fwd().in_flight() as i64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_link_is_one_cache_line_and_its_long_rings_the_next() {
        use std::mem::{offset_of, size_of};
        assert_eq!(std::mem::align_of::<Link>(), 64);
        assert_eq!(offset_of!(Link, back) + size_of::<Wire<FlowCtl>>(), 64);
        assert_eq!(offset_of!(Link, long_fwd), 64);
        assert_eq!(size_of::<Link>(), 128);
    }
}
