//! Credit delay line of the virtual-channel router (issue 12; BookSim2's `credit_delay`):
//! credits returned on any output's link wait `delay` cycles at the sender before its credit
//! counters see them. The delay is the same for every credit, so the line is one FIFO per
//! router, in arrival order: a credit that arrives at cycle t comes out at t + `delay`. An empty
//! line costs nothing; no allocation per cycle.

use crate::sim::FlowCtl;

/// One credit in the line: due cycle, output port, the credit.
#[derive(Debug, Clone, Copy)]
struct Entry {
    due: u64,
    port: u8,
    credit: FlowCtl,
}

/// The delay line of one router.
#[derive(Debug, Clone)]
pub struct CreditDelay {
    delay: u32,
    ring: Vec<Entry>,
    head: usize,
    len: usize,
}

impl CreditDelay {
    /// A line of `delay` cycles for a router of `ports` outputs (at most one credit per output
    /// per cycle arrives).
    pub fn new(ports: usize, delay: u32) -> Self {
        let cap = (ports.max(1) * (delay as usize + 1)).next_power_of_two();
        let e = Entry {
            due: 0,
            port: 0,
            credit: FlowCtl::CREDIT,
        };
        CreditDelay {
            delay,
            ring: vec![e; cap],
            head: 0,
            len: 0,
        }
    }

    /// Credits inside the line.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Nothing inside.
    /// Ask the cache for the entries read and written next (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        let mask = self.ring.len() - 1;
        crate::sim::prefetch::line(&self.ring[self.head]);
        crate::sim::prefetch::line(&self.ring[(self.head + self.len) & mask]);
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A credit for output `port` arrived at cycle `now`.
    #[inline]
    pub fn push(&mut self, now: u64, port: usize, credit: FlowCtl) {
        debug_assert!(
            self.len < self.ring.len(),
            "more credits than the links can carry"
        );
        let mask = self.ring.len() - 1;
        self.ring[(self.head + self.len) & mask] = Entry {
            due: now + self.delay as u64,
            port: port as u8,
            credit,
        };
        self.len += 1;
    }

    /// The credits due at cycle `now`, each handed to `apply(port, credit)`.
    #[inline]
    pub fn pop_due(&mut self, now: u64, mut apply: impl FnMut(usize, FlowCtl)) {
        let mask = self.ring.len() - 1;
        while self.len > 0 && self.ring[self.head].due <= now {
            let e = self.ring[self.head];
            self.head = (self.head + 1) & mask;
            self.len -= 1;
            apply(e.port as usize, e.credit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credits_come_out_after_the_delay_in_order() {
        let mut d = CreditDelay::new(5, 2);
        let c = |vc| FlowCtl::Credit { vc, n: 1 };
        d.push(10, 3, c(0));
        d.push(10, 1, c(1));
        d.push(11, 4, c(0));
        let mut out = vec![];
        d.pop_due(11, |p, x| out.push((11, p, x)));
        assert!(out.is_empty());
        d.pop_due(12, |p, x| out.push((12, p, x)));
        d.pop_due(13, |p, x| out.push((13, p, x)));
        assert_eq!(out, vec![(12, 3, c(0)), (12, 1, c(1)), (13, 4, c(0))]);
        assert!(d.is_empty());
    }
}
