//! A flit FIFO stored as runs: the buffer of a virtual cut-through port.
//!
//! In a virtual cut-through buffer the flits of one packet are contiguous — they arrive in
//! order and leave in order — so the buffer is kept as a short queue of runs `(packet, first
//! flit index, count)` instead of one slot per flit. The behaviour is flit by flit (one flit in,
//! one flit out per cycle, occupancy in flits); the memory is a few runs however large the
//! packets (an 8 KB packet buffer would otherwise cost 16,384 slots per port). The first three
//! runs live inside the buffer (a buffer of two packets holds at most three: the end of one, a
//! whole one, the start of the next), so that the buffer is one 64-byte cache line; a buffer
//! that once holds more (short packets) allocates room for them once.

/// One run: `count` consecutive flits of packet `pkt`, the first being flit `first`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Run {
    pub pkt: u32,
    pub first: u32,
    pub count: u32,
}

/// Runs kept inside the buffer; more (many short packets in one buffer) spill to the heap.
const INLINE: usize = 3;

/// A FIFO of flits with a capacity in flits, stored as runs: the first [`INLINE`] runs in a
/// ring inside the buffer (no pointer to follow per flit), the rest in order behind them.
#[derive(Debug, Clone)]
pub struct FlitRuns {
    ring: [Run; INLINE],
    head: u8,
    /// Runs in the ring.
    n: u8,
    flits: u32,
    capacity: u32,
    /// Runs after the ring's, oldest first (allocated the first time a buffer needs them;
    /// boxed so that a buffer that never spills carries one pointer, not a queue header).
    #[allow(clippy::box_collection)]
    spill: Option<Box<std::collections::VecDeque<Run>>>,
    /// Flits refused because the buffer was full (must stay 0).
    pub overflows: u64,
}

impl FlitRuns {
    /// An empty buffer of `capacity` flits.
    pub fn new(capacity: u32) -> Self {
        FlitRuns {
            ring: [Run::default(); INLINE],
            head: 0,
            n: 0,
            flits: 0,
            capacity,
            spill: None,
            overflows: 0,
        }
    }

    /// Runs behind the ring's.
    #[inline]
    fn spilled(&self) -> bool {
        self.spill.as_ref().is_some_and(|s| !s.is_empty())
    }

    /// Append flit `idx` of packet `pkt`; a full buffer refuses it (false) and counts an
    /// overflow. The common case — the next flit of the packet at the back — extends the last
    /// run.
    #[inline(always)]
    pub fn push(&mut self, pkt: u32, idx: u32) -> bool {
        if self.flits >= self.capacity {
            self.overflows += 1;
            return false;
        }
        self.flits += 1;
        // runs behind the ring exist only while the ring is full
        if self.n as usize == INLINE && self.spilled() {
            self.push_spilled(pkt, idx);
            return true;
        }
        if self.n == 0 {
            // empty (a cut-through buffer passing one flit per cycle): the run at the head
            self.ring[self.head as usize] = Run {
                pkt,
                first: idx,
                count: 1,
            };
            self.n = 1;
            return true;
        }
        let r = &mut self.ring[(self.head as usize + self.n as usize - 1) % INLINE];
        if r.pkt == pkt && r.first + r.count == idx {
            r.count += 1;
        } else {
            self.push_run(pkt, idx);
        }
        true
    }

    /// A new run at the back: in the ring, or behind it when the ring is full.
    #[inline(never)]
    fn push_run(&mut self, pkt: u32, idx: u32) {
        let run = Run {
            pkt,
            first: idx,
            count: 1,
        };
        if (self.n as usize) < INLINE {
            self.ring[(self.head as usize + self.n as usize) % INLINE] = run;
            self.n += 1;
        } else {
            self.spill
                .get_or_insert_with(Default::default)
                .push_back(run);
        }
    }

    /// Append behind the ring's runs.
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, pkt: u32, idx: u32) {
        let spill = self.spill.as_mut().expect("spilled");
        match spill.back_mut() {
            Some(r) if r.pkt == pkt && r.first + r.count == idx => r.count += 1,
            _ => spill.push_back(Run {
                pkt,
                first: idx,
                count: 1,
            }),
        }
    }

    /// The front flit: (packet, flit index).
    #[inline]
    pub fn front(&self) -> Option<(u32, u32)> {
        (self.n > 0).then(|| {
            let r = &self.ring[self.head as usize];
            (r.pkt, r.first)
        })
    }

    /// Remove the front flit.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        if self.n == 0 {
            return None;
        }
        let r = &mut self.ring[self.head as usize];
        let f = (r.pkt, r.first);
        r.first += 1;
        r.count -= 1;
        self.flits -= 1;
        if r.count == 0 {
            if self.n == 1 {
                // nothing behind it (runs spill only behind a full ring): empty
                self.n = 0;
            } else {
                self.pop_run();
            }
        }
        Some(f)
    }

    /// The front run is gone: the next one moves up, one from behind the ring fills it.
    #[inline(never)]
    fn pop_run(&mut self) {
        self.head = ((self.head as usize + 1) % INLINE) as u8;
        self.n -= 1;
        if let Some(next) = self.spill.as_mut().and_then(|s| s.pop_front()) {
            self.ring[(self.head as usize + self.n as usize) % INLINE] = next;
            self.n += 1;
        }
    }

    /// The runs, oldest first.
    fn runs(&self) -> impl Iterator<Item = &Run> {
        (0..self.n as usize)
            .map(|i| &self.ring[(self.head as usize + i) % INLINE])
            .chain(self.spill.iter().flat_map(|s| s.iter()))
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
        self.runs().filter(|r| r.pkt == pkt).map(|r| r.count).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<FlitRuns>(), 64);
    }

    #[test]
    fn flit_by_flit_in_order_with_capacity() {
        let mut q = FlitRuns::new(5);
        for i in 0..3 {
            q.push(7, i);
        }
        q.push(9, 0);
        q.push(9, 1);
        q.push(9, 2); // refused
        assert_eq!((q.len(), q.overflows), (5, 1));
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

    #[test]
    fn many_short_packets_spill_behind_the_ring_in_order() {
        // packets of 1 to 3 flits, pushed and popped in a seeded irregular pattern, against a
        // plain queue of flits: more than four runs at once go behind the ring and come back
        let mut q = FlitRuns::new(40);
        let mut want = std::collections::VecDeque::new();
        let (mut x, mut pkt, mut most) = (12345u64, 0u32, 0);
        for _ in 0..5000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (x >> 33) % 3 != 0 {
                let len = 1 + (x >> 40) as u32 % 3;
                for i in 0..len {
                    if want.len() < 40 {
                        q.push(pkt, i);
                        want.push_back((pkt, i));
                    }
                }
                pkt += 1;
            } else {
                assert_eq!(q.pop(), want.pop_front());
            }
            assert_eq!(q.front(), want.front().copied());
            assert_eq!(q.len() as usize, want.len());
            most = most.max(q.runs().count());
        }
        assert!(
            most > 2 * INLINE,
            "at most {most} runs: the spill was not exercised"
        );
        while let Some(f) = want.pop_front() {
            assert_eq!(q.pop(), Some(f));
        }
        assert!(q.is_empty() && q.pop().is_none());
    }
}
