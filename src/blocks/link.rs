//! Link: one direction of a Myrinet cable as a pipelined wire (seed 000 §4.3).
//!
//! Flits travel forward, one per cycle at most, and arrive `fly` cycles later (default 8: a 10 m
//! cable at 4.92 ns/m with a 6.25 ns flit time). The flow-control symbols about the receiver's
//! slack buffer travel backward over the same cable with the same fly time.

use crate::sim::wire::{ext, ring, ring_mask, End, Slot, EXT, SHORT};
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor, Wire};

/// No link on this port.
pub const NO_LINK: u32 = u32::MAX;

/// Longest fly time of a link, in cycles (its fly time and ring mask are 16-bit registers).
pub const MAX_FLY: u32 = u16::MAX as u32 - 1;

/// One unidirectional channel: flits forward, stop/go symbols backward. With a fly time up to
/// 3 cycles (BookSim2's channels) everything a cycle touches — both wires' counters and inline
/// slots, the fly time and the ring mask — is the first cache line, so the block that sends
/// flits on a link and reads its credits touches one line, as does the block at the other end.
/// Up to 8 cycles (a 10 m Myrinet cable, the fat-tree's links) the rest of both rings is the
/// second line (nine slots for a fly time of 8); only longer rings lie on the heap.
#[repr(C, align(64))]
pub struct Link {
    fly: u16,
    mask: u16,
    /// Flits from the sender to the receiver.
    fwd: Wire<Flit>,
    /// Flow-control symbols from the receiver back to the sender.
    back: Wire<FlowCtl>,
    /// Slots 4..9 of the two rings of a fly time of 4 to 8 cycles.
    ext_fwd: [Slot<Flit>; EXT],
    ext_back: [Slot<FlowCtl>; EXT],
    /// The rings of a fly time above 8 (none otherwise).
    long: Option<Box<Long>>,
}

/// The rings of the two wires of a link whose fly time is above 8 cycles.
pub struct Long {
    fwd: Box<[Slot<Flit>]>,
    back: Box<[Slot<FlowCtl>]>,
}

impl Link {
    /// A link with the given fly time in cycles (1 ..= [`MAX_FLY`]) in both directions.
    pub fn new(fly: u32) -> Self {
        assert!(
            (1..=MAX_FLY).contains(&fly),
            "a link's fly time is 1 to {MAX_FLY} cycles, not {fly}"
        );
        let long = (crate::sim::wire::ring_len(fly) > SHORT).then(|| {
            Box::new(Long {
                fwd: ring(fly),
                back: ring(fly),
            })
        });
        Link {
            fly: fly as u16,
            mask: ring_mask(fly) as u16,
            fwd: Wire::default(),
            back: Wire::default(),
            ext_fwd: ext(),
            ext_back: ext(),
            long,
        }
    }

    /// The forward wire (flits), as its ends drive it.
    #[inline(always)]
    pub fn fwd(&self) -> End<'_, Flit, Long> {
        End::new(
            &self.fwd,
            (self.fly as u32, self.mask as u32),
            &self.ext_fwd,
            &self.long,
            |l| &l.fwd,
        )
    }

    /// The backward wire (flow-control symbols), as its ends drive it.
    #[inline(always)]
    pub fn back(&self) -> End<'_, FlowCtl, Long> {
        End::new(
            &self.back,
            (self.fly as u32, self.mask as u32),
            &self.ext_back,
            &self.long,
            |l| &l.back,
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
        let ((fwd, ext_fwd, long_fwd), (back, ext_back, long_back)) =
            (self.fwd().copy(), self.back().copy());
        Link {
            fly: self.fly,
            mask: self.mask,
            fwd,
            back,
            ext_fwd,
            ext_back,
            long: self.long.as_ref().map(|_| {
                Box::new(Long {
                    fwd: long_fwd,
                    back: long_back,
                })
            }),
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

/// Two links are equal when their Debug texts are: both wires alike ([`End`]'s `==`).
///
/// [`End`]: crate::sim::wire::End
impl PartialEq for Link {
    fn eq(&self, other: &Self) -> bool {
        self.fwd() == other.fwd() && self.back() == other.back()
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
    fn a_short_link_is_one_cache_line_and_a_link_of_nine_slots_two() {
        use std::mem::{offset_of, size_of};
        assert_eq!(std::mem::align_of::<Link>(), 64);
        assert_eq!(offset_of!(Link, back) + size_of::<Wire<FlowCtl>>(), 64);
        assert_eq!(offset_of!(Link, ext_fwd), 64);
        assert_eq!(size_of::<Link>(), 128);
        assert!(Link::new(8).long.is_none() && Link::new(9).long.is_some());
    }

    #[test]
    fn flits_arrive_after_the_fly_time_on_every_ring() {
        for fly in [1, 3, 4, 7, 8, 9, 17] {
            let l = Link::new(fly);
            for now in 0..40u64 {
                let f = Flit {
                    pkt: now as u32,
                    ..Flit::default()
                };
                l.send(now, f);
                assert!(l.back().send(now, FlowCtl::CREDIT));
                let got = l.fwd().recv(now).map(|f| f.pkt as u64);
                assert_eq!(got, now.checked_sub(fly as u64), "fly {fly} cycle {now}");
                assert_eq!(l.back().recv(now).is_some(), now >= fly as u64);
            }
            assert_eq!(l.clone().fwd().iter_in_flight().count(), fly as usize);
        }
    }
}
