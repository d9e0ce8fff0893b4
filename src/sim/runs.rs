//! A flit FIFO stored as runs: the buffer of a virtual cut-through port.
//!
//! In a virtual cut-through buffer the flits of one packet are contiguous — they arrive in
//! order and leave in order — so the buffer is kept as a short queue of runs `(packet, first
//! flit index, count)` instead of one slot per flit. The behaviour is flit by flit (one flit in,
//! one flit out per cycle, occupancy in flits); the memory is a few runs however large the
//! packets (an 8 KB packet buffer would otherwise cost 16,384 slots per port). No allocation
//! after construction.

/// One run: `count` consecutive flits of packet `pkt`, the first being flit `first`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Run {
    pub pkt: u32,
    pub first: u32,
    pub count: u32,
}

/// A FIFO of flits with a capacity in flits, stored as runs.
#[derive(Debug, Clone)]
pub struct FlitRuns {
    runs: std::collections::VecDeque<Run>,
    flits: u32,
    capacity: u32,
    /// Flits refused because the buffer was full (must stay 0).
    pub overflows: u64,
    /// Highest occupancy seen.
    pub max_flits: u32,
}

impl FlitRuns {
    /// An empty buffer of `capacity` flits.
    pub fn new(capacity: u32) -> Self {
        FlitRuns {
            runs: std::collections::VecDeque::with_capacity(8),
            flits: 0,
            capacity,
            overflows: 0,
            max_flits: 0,
        }
    }

    /// Store flit `idx` of packet `pkt` at the tail; a full buffer refuses it (overflow).
    #[inline]
    pub fn push(&mut self, pkt: u32, idx: u32) {
        if self.flits >= self.capacity {
            self.overflows += 1;
            return;
        }
        match self.runs.back_mut() {
            Some(r) if r.pkt == pkt && r.first + r.count == idx => r.count += 1,
            _ => self.runs.push_back(Run {
                pkt,
                first: idx,
                count: 1,
            }),
        }
        self.flits += 1;
        self.max_flits = self.max_flits.max(self.flits);
    }

    /// The oldest flit: (packet, flit index).
    #[inline]
    pub fn front(&self) -> Option<(u32, u32)> {
        self.runs.front().map(|r| (r.pkt, r.first))
    }

    /// Remove the oldest flit.
    #[inline]
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        let r = self.runs.front_mut()?;
        let f = (r.pkt, r.first);
        r.first += 1;
        r.count -= 1;
        if r.count == 0 {
            self.runs.pop_front();
        }
        self.flits -= 1;
        Some(f)
    }

    /// Occupancy in flits.
    #[inline]
    pub fn len(&self) -> u32 {
        self.flits
    }

    /// True when empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.flits == 0
    }

    /// Capacity in flits.
    pub fn capacity(&self) -> u32 {
        self.capacity
    }

    /// Flits of packet `pkt` held (it may be partly here, cut-through).
    pub fn flits_of(&self, pkt: u32) -> u32 {
        self.runs
            .iter()
            .filter(|r| r.pkt == pkt)
            .map(|r| r.count)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flit_by_flit_in_order_with_capacity() {
        let mut q = FlitRuns::new(5);
        for i in 0..3 {
            q.push(7, i);
        }
        q.push(9, 0);
        q.push(9, 1);
        q.push(9, 2); // refused
        assert_eq!((q.len(), q.overflows, q.max_flits), (5, 1, 5));
        let got: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(got, vec![(7, 0), (7, 1), (7, 2), (9, 0), (9, 1)]);
        assert!(q.is_empty() && q.front().is_none());
        // interleaved push/pop keeps one run
        q.push(3, 0);
        for i in 1..100 {
            q.push(3, i);
            assert_eq!(q.pop(), Some((3, i - 1)));
        }
        assert_eq!(q.front(), Some((3, 99)));
        assert_eq!(q.flits_of(3), 1);
    }
}
