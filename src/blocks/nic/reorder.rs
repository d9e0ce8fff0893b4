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
}
