//! Destination reorder buffer of the NIC (seed 001 §5.1, after seed 004 §3).
//!
//! Every packet carries a sequence number per (source, destination) pair. A packet that arrives
//! in order is delivered to the host at once, together with the stored packets that follow it;
//! one that arrives early waits in the reorder buffer. The buffer's occupancy is the
//! out-of-order degree of the traffic; its maximum is what a hardware buffer must hold. The
//! sources' end-to-end flow control (`fabric::vct::nic`) guarantees that a stored packet always
//! fits, and the buffer counts any overflow so tests can assert there is none.

use std::collections::HashMap;

/// One packet waiting for its predecessors.
#[derive(Debug, Clone, Copy)]
struct Held {
    pkt: u32,
    bytes: u32,
}

/// The reorder buffer of one destination NIC.
#[derive(Debug, Clone, Default)]
pub struct ReorderBuffer {
    /// Capacity in bytes.
    pub capacity: u64,
    /// Next sequence number expected from each source.
    expected: HashMap<u32, u32>,
    held: HashMap<(u32, u32), Held>,
    /// Bytes and packets held now.
    pub bytes: u64,
    pub packets: u32,
    /// Largest occupancy seen: the out-of-order degree.
    pub max_bytes: u64,
    pub max_packets: u32,
    /// Packets that arrived out of order (were stored).
    pub stored: u64,
    /// Packets that found the buffer full (must stay 0 under end-to-end flow control).
    pub overflows: u64,
}

impl ReorderBuffer {
    /// An empty buffer of `capacity` bytes.
    pub fn new(capacity: u64) -> Self {
        ReorderBuffer {
            capacity,
            ..Default::default()
        }
    }

    /// Packet `pkt` (`bytes` of payload), number `seq` from `src`, arrived. `deliver` is called
    /// for every packet that can now go to the host, in order: this one if it was expected,
    /// then the stored ones that follow it.
    pub fn arrive(
        &mut self,
        src: u32,
        seq: u32,
        pkt: u32,
        bytes: u32,
        mut deliver: impl FnMut(u32),
    ) {
        let next = self.expected.entry(src).or_insert(0);
        if seq != *next {
            if self.bytes + bytes as u64 > self.capacity {
                self.overflows += 1;
            }
            self.held.insert((src, seq), Held { pkt, bytes });
            self.bytes += bytes as u64;
            self.packets += 1;
            self.stored += 1;
            self.max_bytes = self.max_bytes.max(self.bytes);
            self.max_packets = self.max_packets.max(self.packets);
            return;
        }
        deliver(pkt);
        *next += 1;
        let mut n = *next;
        while let Some(h) = self.held.remove(&(src, n)) {
            self.bytes -= h.bytes as u64;
            self.packets -= 1;
            deliver(h.pkt);
            n += 1;
        }
        self.expected.insert(src, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn early_packets_wait_for_their_predecessors() {
        let mut r = ReorderBuffer::new(1000);
        let mut out = vec![];
        r.arrive(3, 1, 11, 100, |p| out.push(p));
        r.arrive(3, 2, 12, 100, |p| out.push(p));
        r.arrive(5, 0, 50, 100, |p| out.push(p)); // another source is independent
        assert_eq!(out, vec![50]);
        assert_eq!((r.bytes, r.packets, r.stored), (200, 2, 2));
        r.arrive(3, 0, 10, 100, |p| out.push(p));
        assert_eq!(out, vec![50, 10, 11, 12]);
        assert_eq!((r.bytes, r.max_bytes, r.max_packets), (0, 200, 2));
        r.arrive(3, 3, 13, 100, |p| out.push(p));
        assert_eq!(out.last(), Some(&13));
        assert_eq!(r.overflows, 0);
    }

    /// Against a reference model: random arrival orders of several sources' packets; the
    /// buffer must hand each source's packets to the host exactly once, in sequence, each as
    /// soon as all its predecessors have been handed over, and hold exactly the early ones.
    #[test]
    fn random_arrivals_match_the_reference_model() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..300 {
            let sources = rng.random_range(1..5u32);
            let per = rng.random_range(1..30u32);
            // a random interleaving in which each source's packets are locally shuffled
            let mut order: Vec<(u32, u32)> = vec![];
            for s in 0..sources {
                let mut seqs: Vec<u32> = (0..per).collect();
                // shuffle within windows of a random size: bounded out-of-order degree
                let w = rng.random_range(1..6usize);
                for c in seqs.chunks_mut(w) {
                    c.shuffle(&mut rng);
                }
                order.extend(seqs.into_iter().map(|q| (s, q)));
            }
            order.shuffle(&mut rng);
            // each source's arrivals in the order drawn above, interleaved
            let mut r = ReorderBuffer::new(u64::MAX);
            let mut next = vec![0u32; sources as usize];
            let mut held = std::collections::BTreeSet::new();
            for &(s, q) in &order {
                let mut out = vec![];
                let pkt = s * 1000 + q;
                r.arrive(s, q, pkt, 10, |p| out.push(p));
                // reference
                let mut want = vec![];
                if q == next[s as usize] {
                    want.push(pkt);
                    next[s as usize] += 1;
                    while held.remove(&(s, next[s as usize])) {
                        want.push(s * 1000 + next[s as usize]);
                        next[s as usize] += 1;
                    }
                } else {
                    held.insert((s, q));
                }
                assert_eq!(out, want, "arrival {s}:{q} in {order:?}");
                assert_eq!(r.packets as usize, held.len());
                assert_eq!(r.bytes, 10 * held.len() as u64);
            }
            assert!(held.is_empty() && r.packets == 0);
            assert!(next.iter().all(|&n| n == per));
        }
    }
}
