//! Demand-slotted round-robin output arbiter (seed 000 §4.4).
//!
//! Each Myrinet output port is assigned to waiting packets in a demand-slotted round-robin
//! fashion: among the inputs requesting it this cycle, the grant goes to the first one at or after
//! the pointer, and the pointer moves just past the winner. Inputs that do not request take no
//! slot. Combinational inside the switch: request in, grant out, same cycle; the pointer is the
//! only register.

/// Round-robin choice: the first requester in `req` (bit i = requester i) at or after `ptr`,
/// wrapping around; `None` when there is none. The combinational core of every round-robin
/// arbiter in flitwave (this one, and the allocators' input and output arbiters).
#[inline]
pub fn round_robin_pick(req: u64, ptr: u32) -> Option<u32> {
    if req == 0 {
        return None;
    }
    let high = req & u64::MAX.checked_shl(ptr).unwrap_or(0);
    Some(if high != 0 {
        high.trailing_zeros()
    } else {
        req.trailing_zeros()
    })
}

/// Round-robin arbiter over up to 32 requesters.
#[derive(Debug, Clone, Copy, Default)]
pub struct RoundRobinArbiter {
    n: u32,
    ptr: u32,
}

impl RoundRobinArbiter {
    /// An arbiter for `n` requesters (1..=32), pointer at 0.
    pub fn new(n: usize) -> Self {
        assert!((1..=32).contains(&n));
        RoundRobinArbiter {
            n: n as u32,
            ptr: 0,
        }
    }

    /// Grant one of the requesters in `req` (bit i = requester i), or `None` if there are none.
    /// Advances the pointer past the winner.
    #[inline]
    pub fn grant(&mut self, req: u32) -> Option<usize> {
        let req = req & (u32::MAX >> (32 - self.n));
        // requesters at or above the pointer first, then wrap around
        let w = round_robin_pick(req as u64, self.ptr)?;
        self.ptr = if w + 1 >= self.n { 0 } else { w + 1 };
        Some(w as usize)
    }

    /// The requester with the highest priority next cycle.
    pub fn pointer(&self) -> usize {
        self.ptr as usize
    }
}

/// An arbiter built elsewhere — the RTL twin stepped in lockstep inside a network
/// (`hdl::insitu`) — behind the model's interface.
pub trait ArbiterTwin: Send {
    fn grant(&mut self, req: u32) -> Option<usize>;
    fn pointer(&self) -> usize;
    /// Comparisons with the model run alongside.
    fn tally(&self) -> &super::TwinTally;
}

/// An output's arbiter: the model, or a twin in its place.
pub enum ArbiterSlot {
    Model(RoundRobinArbiter),
    Twin(Box<dyn ArbiterTwin>),
}

impl ArbiterSlot {
    #[inline]
    pub fn grant(&mut self, req: u32) -> Option<usize> {
        match self {
            ArbiterSlot::Model(m) => m.grant(req),
            ArbiterSlot::Twin(t) => t.grant(req),
        }
    }

    pub fn pointer(&self) -> usize {
        match self {
            ArbiterSlot::Model(m) => m.pointer(),
            ArbiterSlot::Twin(t) => t.pointer(),
        }
    }
}

impl std::fmt::Debug for ArbiterSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArbiterSlot::Model(m) => m.fmt(f),
            ArbiterSlot::Twin(t) => write!(f, "Twin(ptr {})", t.pointer()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_over_requesters_only() {
        let mut a = RoundRobinArbiter::new(8);
        assert_eq!(a.grant(0), None);
        assert_eq!(a.grant(0b1010_0100), Some(2));
        assert_eq!(a.grant(0b1010_0100), Some(5));
        assert_eq!(a.grant(0b1010_0100), Some(7));
        assert_eq!(a.grant(0b1010_0100), Some(2));
        assert_eq!(a.pointer(), 3);
        assert_eq!(a.grant(0b0000_0001), Some(0));
    }

    #[test]
    fn fair_under_full_demand() {
        let mut a = RoundRobinArbiter::new(8);
        let mut count = [0; 8];
        for _ in 0..800 {
            count[a.grant(0xff).unwrap()] += 1;
        }
        assert!(count.iter().all(|&c| c == 100));
    }
}
