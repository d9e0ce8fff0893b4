//! Link: one direction of a Myrinet cable as a pipelined wire (seed 000 §4.3).
//!
//! Flits travel forward, one per cycle at most, and arrive `fly` cycles later (default 8: a 10 m
//! cable at 4.92 ns/m with a 6.25 ns flit time). The flow-control symbols about the receiver's
//! slack buffer travel backward over the same cable with the same fly time.

use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor, Wire};

/// No link on this port.
pub const NO_LINK: u32 = u32::MAX;

/// One unidirectional channel: flits forward, stop/go symbols backward. 128 bytes, two cache
/// lines: the forward wire's counters and inline slots fill the first, the backward wire lies in
/// the second (a switch polls both directions of its links every cycle).
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub struct Link {
    /// Flits from the sender to the receiver.
    pub fwd: Wire<Flit>,
    /// Flow-control symbols from the receiver back to the sender.
    pub back: Wire<FlowCtl>,
}

impl Link {
    /// A link with the given fly time in cycles (≥ 1) in both directions.
    pub fn new(fly: u32) -> Self {
        Link {
            fwd: Wire::new(fly),
            back: Wire::new(fly),
        }
    }

    /// Sender side: drive a flit at cycle `now`.
    #[inline]
    pub fn send(&self, now: u64, f: Flit) {
        let ok = self.fwd.send(now, f);
        debug_assert!(ok, "two flits driven on one link in one cycle");
    }

    /// Flits sent over the link, modulo 2^32 (for utilisation).
    pub fn flits_sent(&self) -> u32 {
        self.fwd.sent()
    }

    /// Flits currently on the wire.
    pub fn flits_in_flight(&self) -> usize {
        self.fwd.in_flight()
    }
}

impl Probe for Link {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.int("flits_in_flight", self.fwd.in_flight() as i64);
    }
}
