//! Credit delay line of the virtual-channel router (BookSim2's `credit_delay`):
//! credits returned on any output's link wait `delay` cycles at the sender before its credit
//! counters see them. The delay is the same for every credit, so the line is one FIFO per
//! router, in arrival order: a credit that arrives at cycle t is due at t + `delay`. This is
//! the line as a router's registers show it (probes, the register image, the deadlock
//! report); the routers evaluated in planes keep the credits in flight in a ring of their own,
//! each in the slot of the cycle it is applied (`fabric/vc/switch/planes/credits.rs`), and
//! write them in here when the router is read. No allocation per credit.

use crate::sim::FlowCtl;

/// One credit in the line: due cycle (its low 32 bits: a credit waits `delay` < 2^31 cycles
/// and the line is read every cycle it holds one), output port, the credit. Eight bytes.
#[derive(Debug, Clone, Copy)]
struct Entry {
    due: u32,
    port: u8,
    credit: FlowCtl,
}

/// The delay line of one router.
#[derive(Debug, Clone)]
pub struct CreditDelay {
    delay: u32,
    ring: Box<[Entry]>,
    head: usize,
    len: usize,
}

impl CreditDelay {
    /// A line of `delay` cycles for a router of `ports` outputs (at most one credit per output
    /// per cycle arrives).
    pub fn new(ports: usize, delay: u32) -> Self {
        assert!(delay < 1 << 31, "a credit delay below 2^31 cycles");
        let cap = (ports.max(1) * (delay as usize + 1)).next_power_of_two();
        let e = Entry {
            due: 0,
            port: 0,
            credit: FlowCtl::CREDIT,
        };
        CreditDelay {
            delay,
            ring: vec![e; cap].into_boxed_slice(),
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
            due: (now as u32).wrapping_add(self.delay),
            port: port as u8,
            credit,
        };
        self.len += 1;
    }

    /// Empty the line (a model of the same router evaluated elsewhere writes its credits in
    /// again, [`CreditDelay::push`]).
    pub fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
    }

    /// The credits inside, oldest first: the low 32 bits of the cycle each is due, its output
    /// port and the credit.
    pub fn entries(&self) -> impl Iterator<Item = (u32, usize, FlowCtl)> + '_ {
        let mask = self.ring.len() - 1;
        (0..self.len).map(move |i| {
            let e = self.ring[(self.head + i) & mask];
            (e.due, e.port as usize, e.credit)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_eight_bytes_and_due_cycles_wrap() {
        assert_eq!(std::mem::size_of::<Entry>(), 8);
        let mut d = CreditDelay::new(2, 3);
        let t = u32::MAX as u64 - 1; // due after the low 32 bits wrap
        d.push(t, 1, FlowCtl::CREDIT);
        let e: Vec<_> = d.entries().collect();
        assert_eq!(e, vec![((t + 3) as u32, 1, FlowCtl::CREDIT)]);
    }

    #[test]
    fn the_entries_are_due_after_the_delay_in_order_and_a_cleared_line_is_empty() {
        let mut d = CreditDelay::new(2, 2);
        let c = |vc| FlowCtl::Credit { vc, n: 1 };
        d.push(4, 1, c(1));
        d.push(5, 0, c(0));
        assert_eq!(d.len(), 2);
        let e: Vec<_> = d.entries().collect();
        assert_eq!(e, vec![(6, 1, c(1)), (7, 0, c(0))]);
        d.clear();
        assert!(d.is_empty() && d.entries().next().is_none());
    }
}
