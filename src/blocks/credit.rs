//! Credit counter of a credit-based flow-controlled output (seed 001 §5.1; seed 004 §4).
//!
//! The sender of a link keeps one counter per downstream buffer: it starts at the buffer's size
//! in credits (the receiver is empty), one credit is consumed for every unit sent, and one comes
//! back for every unit the receiver frees. The sender may only send while it holds a credit, so
//! the receiver's buffer can never overflow. The counter itself refuses the two protocol errors
//! and flags them instead: a consume with no credit left (it would go negative) and a return
//! that would lift it above the buffer size. Both must never happen; tests assert they do not.
//!
//! Per cycle: `take` a credit if asked and one is held, `give` one back if returned and there
//! is room (a return in the same cycle as a take always fits), commit at the clock edge.
//! Latency: a returned credit can be used the next cycle. `init` (a reload of the buffer size,
//! as after link training) overrides both.

/// What one cycle of the counter did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CreditStep {
    /// A credit was consumed.
    pub took: bool,
    /// A credit was returned.
    pub gave: bool,
    /// A consume found no credit (refused).
    pub underflow: bool,
    /// A return found the counter full (refused).
    pub overflow: bool,
}

/// One credit counter.
#[derive(Debug, Clone, Copy, Default)]
pub struct CreditCounter {
    credits: u32,
    size: u32,
    /// Refused consumes (must stay 0).
    pub underflows: u64,
    /// Refused returns (must stay 0).
    pub overflows: u64,
}

impl CreditCounter {
    /// A counter for a downstream buffer of `size` credits, full of credits.
    pub fn new(size: u32) -> Self {
        CreditCounter {
            credits: size,
            size,
            ..Default::default()
        }
    }

    /// Credits held now.
    #[inline]
    pub fn credits(&self) -> u32 {
        self.credits
    }

    /// The downstream buffer size in credits.
    #[inline]
    pub fn size(&self) -> u32 {
        self.size
    }

    /// May the sender send a unit this cycle?
    #[inline]
    pub fn can_send(&self) -> bool {
        self.credits > 0
    }

    /// Reload with a buffer of `size` credits (all held).
    pub fn init(&mut self, size: u32) {
        self.size = size;
        self.credits = size;
    }

    /// One cycle: `consume` a credit for a unit sent, take back a `ret`urned one.
    #[inline]
    pub fn cycle(&mut self, consume: bool, ret: bool) -> CreditStep {
        let took = consume && self.credits > 0;
        let gave = ret && (self.credits < self.size || took);
        let s = CreditStep {
            took,
            gave,
            underflow: consume && !took,
            overflow: ret && !gave,
        };
        self.credits = self.credits - took as u32 + gave as u32;
        self.underflows += s.underflow as u64;
        self.overflows += s.overflow as u64;
        debug_assert!(self.credits <= self.size);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_negative_never_above_the_buffer() {
        let mut c = CreditCounter::new(2);
        assert!(c.cycle(true, false).took);
        assert!(c.cycle(true, false).took);
        assert!(!c.can_send());
        let s = c.cycle(true, false);
        assert!(s.underflow && !s.took && c.credits() == 0);
        // a return in the same cycle as a refused consume still comes back
        assert_eq!(
            c.cycle(true, true),
            CreditStep {
                gave: true,
                underflow: true,
                ..Default::default()
            }
        );
        assert_eq!(c.credits(), 1);
        assert!(c.cycle(false, true).gave);
        let s = c.cycle(false, true);
        assert!(s.overflow && c.credits() == 2);
        // full, take and return together: both happen
        assert_eq!(
            c.cycle(true, true),
            CreditStep {
                took: true,
                gave: true,
                ..Default::default()
            }
        );
        assert_eq!((c.credits(), c.underflows, c.overflows), (2, 2, 1));
    }
}
