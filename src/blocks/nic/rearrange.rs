//! Rearrange-buffer controller of the sequenced NIC (seed 004 §3.1–3.2).
//!
//! One connection per source: every packet carries its connection's sequence number. On the
//! arrival of a packet (its tail in the reception buffer) the controller decides, as §3.2 says:
//! - **in order** (`sn` = expected): deliver it and every stored successor in sequence, free
//!   their space, and return one cumulative ⟨ACK sn⟩ for the last delivered;
//! - **out of order, room**: store it, no ACK;
//! - **out of order, no room**: free room by rejecting stored packets with a larger `sn`
//!   (largest first) if that is enough, storing the newcomer; otherwise reject the newcomer
//!   alone — one ⟨NACK sn⟩ per rejected packet.
//!
//! Memory is **static** (a fixed buffer per connection), **dynamic** (a shared pool with a
//! per-connection cap) or **unlimited** (§4.2's measurement of the buffer needed); a buffer
//! smaller than a packet rejects every out-of-order packet.
//!
//! Measures (§4.2, Tables 1–2): at every out-of-order arrival the controller records the bytes
//! its connection would hold with the newcomer — stored plus arriving, whether it is then
//! stored or rejected — and the largest such value is the connection's **MBS** (maximum buffer
//! size needed); the same over the whole NIC is its **MMS**. This reading reproduces the
//! paper's figures exactly: a 2 KB static buffer reports MBS 2,560 = 2,048 + one 512-byte
//! packet, a 256 KB dynamic pool MMS 262,656 = 262,144 + 512 (docs/inorder.md).
//!
//! Every packet carries a `tag` (the NIC's packet id) that comes back with its action.
//! Latency: one decision per arrival; the NIC overlaps it with the next reception (§3.2: "no
//! penalty is considered"); the RTL twin (`hdl::rearrange`) takes one cycle per action, the
//! timing [`RearrangeController`] gives the model.

use crate::error::{Error, Result};
use std::collections::VecDeque;

/// How the rearrange memory is allocated (§3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// `per_conn` bytes dedicated to every connection.
    Static { per_conn: u64 },
    /// A pool of `total` bytes shared by all connections, at most `cap` bytes each.
    Dynamic { total: u64, cap: u64 },
    /// As much as needed: nothing is ever rejected (§4.2 measures what this stores).
    Unlimited,
}

impl Memory {
    /// Checked settings: a dynamic cap above the pool, or a zero pool, is an error naming `key`.
    pub fn new_dynamic(total: u64, cap: u64, key: &str) -> Result<Self> {
        if total == 0 || cap == 0 || cap > total {
            return Err(Error::field(
                key,
                format!("dynamic rearrange memory of {total} bytes with {cap} bytes per connection: allowed 0 < cap <= total"),
            ));
        }
        Ok(Memory::Dynamic { total, cap })
    }
}

/// What the controller tells the NIC to do with an arrival.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Deliver packet `sn` (tagged `tag`) of the connection to the host, in sequence order.
    Deliver { sn: u32, tag: u32 },
    /// Send ⟨ACK sn⟩ to the source: every packet up to `sn` is delivered.
    Ack(u32),
    /// Send ⟨NACK sn⟩: packet `sn` (tagged `tag`, dropped here) was rejected and must be resent.
    Nack { sn: u32, tag: u32 },
}

/// One stored packet.
#[derive(Debug, Clone, Copy)]
struct Stored {
    sn: u32,
    bytes: u64,
    tag: u32,
}

/// One connection's state.
#[derive(Debug, Clone, Default)]
struct Conn {
    expected: u32,
    /// Stored packets, sorted by `sn`.
    stored: Vec<Stored>,
    used: u64,
    /// Largest buffer needed (MBS).
    max_used: u64,
}

/// The rearrange buffers of one destination NIC.
#[derive(Debug, Clone)]
pub struct RearrangeBuffer {
    pub memory: Memory,
    conns: Vec<Conn>,
    /// Bytes stored over all connections now, and the largest total needed (MMS).
    pub used: u64,
    pub max_used: u64,
    /// Packets rejected (one NACK each), stored, delivered, and duplicates (an `sn` already
    /// delivered or already stored: must stay 0).
    pub rejected: u64,
    pub stored: u64,
    pub delivered: u64,
    pub duplicates: u64,
}

impl RearrangeBuffer {
    /// Buffers for `conns` connections.
    pub fn new(memory: Memory, conns: usize) -> Self {
        RearrangeBuffer {
            memory,
            conns: vec![Conn::default(); conns],
            used: 0,
            max_used: 0,
            rejected: 0,
            stored: 0,
            delivered: 0,
            duplicates: 0,
        }
    }

    /// Largest buffer connection `c` needed so far (MBS), bytes.
    pub fn max_buffer(&self, c: usize) -> u64 {
        self.conns[c].max_used
    }

    /// The largest buffer any connection needed (the NIC's MBS), bytes.
    pub fn max_buffers(&self) -> u64 {
        self.conns.iter().map(|c| c.max_used).max().unwrap_or(0)
    }

    /// Bytes stored for connection `c` now.
    pub fn occupancy(&self, c: usize) -> u64 {
        self.conns[c].used
    }

    /// The next sequence number connection `c` expects.
    pub fn expected(&self, c: usize) -> u32 {
        self.conns[c].expected
    }

    /// Room for `extra` more bytes on connection `c` with `freed` bytes of it released.
    fn fits(&self, c: usize, extra: u64, freed: u64) -> bool {
        let conn = self.conns[c].used - freed + extra;
        match self.memory {
            Memory::Static { per_conn } => conn <= per_conn,
            Memory::Dynamic { total, cap } => conn <= cap && self.used - freed + extra <= total,
            Memory::Unlimited => true,
        }
    }

    /// Packet `sn` of `bytes` bytes arrives on connection `c`: the actions, in order, appended
    /// to `out` (which the caller reuses; nothing is allocated once the buffers have grown).
    pub fn arrive(&mut self, c: usize, sn: u32, bytes: u64, tag: u32, out: &mut Vec<Action>) {
        let exp = self.conns[c].expected;
        if sn < exp || self.conns[c].stored.iter().any(|s| s.sn == sn) {
            self.duplicates += 1;
            return;
        }
        if sn == exp {
            out.push(Action::Deliver { sn, tag });
            let mut last = sn;
            let conn = &mut self.conns[c];
            let mut k = 0;
            while k < conn.stored.len() && conn.stored[k].sn == last + 1 {
                last += 1;
                out.push(Action::Deliver {
                    sn: last,
                    tag: conn.stored[k].tag,
                });
                conn.used -= conn.stored[k].bytes;
                self.used -= conn.stored[k].bytes;
                k += 1;
            }
            conn.stored.drain(..k);
            conn.expected = last + 1;
            self.delivered += (last - sn + 1) as u64;
            out.push(Action::Ack(last));
            return;
        }
        // out of order: the buffer this arrival needs (MBS, MMS)
        let conn = &mut self.conns[c];
        conn.max_used = conn.max_used.max(conn.used + bytes);
        self.max_used = self.max_used.max(self.used + bytes);
        if !self.fits(c, bytes, 0) {
            // what rejecting every stored packet with a larger sn would free
            let later: u64 = self.conns[c]
                .stored
                .iter()
                .filter(|s| s.sn > sn)
                .map(|s| s.bytes)
                .sum();
            if !self.fits(c, bytes, later) {
                self.rejected += 1;
                out.push(Action::Nack { sn, tag });
                return;
            }
            // evict the largest sequence numbers until the newcomer fits
            while !self.fits(c, bytes, 0) {
                let conn = &mut self.conns[c];
                let s = conn.stored.pop().expect("a larger stored packet");
                conn.used -= s.bytes;
                self.used -= s.bytes;
                self.rejected += 1;
                out.push(Action::Nack {
                    sn: s.sn,
                    tag: s.tag,
                });
            }
        }
        let conn = &mut self.conns[c];
        let at = conn.stored.partition_point(|s| s.sn < sn);
        conn.stored.insert(at, Stored { sn, bytes, tag });
        conn.used += bytes;
        self.used += bytes;
        self.stored += 1;
    }
}

/// One arrival at the controller: packet `sn` of `bytes` bytes on connection `conn`, tagged
/// `tag`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrival {
    pub conn: usize,
    pub sn: u32,
    pub bytes: u64,
    pub tag: u32,
}

/// The rearrange controller as a clocked block, with the timing of its RTL twin
/// (`hdl::rearrange`): an arrival taken in cycle t is decided by [`RearrangeBuffer::arrive`]
/// in that cycle — buffers, counters, MBS and MMS commit at its clock edge — and its actions
/// leave one per cycle from t + 1 on, in the order `arrive` gives them. The controller takes
/// an arrival (`ready`) while at most one action is left to send, so an arrival is taken in the
/// cycle its predecessor's last action leaves; an arrival offered while not ready is ignored
/// (the NIC holds it). Decisions with no action (a store, a duplicate) take one cycle.
#[derive(Debug, Clone)]
pub struct RearrangeController {
    pub buf: RearrangeBuffer,
    /// Actions decided and not yet sent, with their connection.
    pending: VecDeque<(usize, Action)>,
    scratch: Vec<Action>,
}

impl RearrangeController {
    pub fn new(memory: Memory, conns: usize) -> Self {
        RearrangeController {
            buf: RearrangeBuffer::new(memory, conns),
            pending: VecDeque::new(),
            scratch: vec![],
        }
    }

    /// Does the controller take an arrival this cycle?
    pub fn ready(&self) -> bool {
        self.pending.len() <= 1
    }

    /// Actions decided but not yet sent.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// One clock cycle: the action sent this cycle (with its connection), the oldest pending;
    /// then `arrival`, if the controller is ready, is decided and its actions queued.
    pub fn cycle(&mut self, arrival: Option<Arrival>) -> Option<(usize, Action)> {
        let ready = self.ready();
        let sent = self.pending.pop_front();
        if let Some(a) = arrival.filter(|_| ready) {
            self.scratch.clear();
            self.buf
                .arrive(a.conn, a.sn, a.bytes, a.tag, &mut self.scratch);
            self.pending
                .extend(self.scratch.iter().map(|&act| (a.conn, act)));
        }
        sent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Actions of an arrival, tagged with the sequence number (tags checked separately).
    fn run(b: &mut RearrangeBuffer, c: usize, sn: u32, bytes: u64) -> Vec<Action> {
        let mut v = vec![];
        b.arrive(c, sn, bytes, sn, &mut v);
        v
    }

    #[allow(non_snake_case)]
    fn Deliver(sn: u32) -> Action {
        Action::Deliver { sn, tag: sn }
    }

    #[allow(non_snake_case)]
    fn Nack(sn: u32) -> Action {
        Action::Nack { sn, tag: sn }
    }

    #[test]
    fn in_order_delivers_with_stored_successors_and_one_ack() {
        // Figures 2 and 3: 1 and 2 wait for 0, then all three go with one ACK
        let mut b = RearrangeBuffer::new(Memory::Static { per_conn: 1024 }, 2);
        assert_eq!(run(&mut b, 0, 2, 256), vec![]);
        assert_eq!(run(&mut b, 0, 1, 256), vec![]);
        assert_eq!(b.occupancy(0), 512);
        assert_eq!(
            run(&mut b, 0, 0, 256),
            vec![Deliver(0), Deliver(1), Deliver(2), Action::Ack(2)]
        );
        assert_eq!(
            (b.occupancy(0), b.used, b.max_buffer(0), b.max_used),
            (0, 0, 512, 512)
        );
        assert_eq!(b.expected(0), 3);
        // the other connection is independent
        assert_eq!(run(&mut b, 1, 0, 256), vec![Deliver(0), Action::Ack(0)]);
    }

    #[test]
    fn a_full_buffer_evicts_larger_sequence_numbers_or_rejects_the_newcomer() {
        // Figure 4: room for two packets; 3 and 4 stored, 2 arrives: 4 is rejected, 2 stored
        let mut b = RearrangeBuffer::new(Memory::Static { per_conn: 512 }, 1);
        run(&mut b, 0, 3, 256);
        run(&mut b, 0, 4, 256);
        assert_eq!(run(&mut b, 0, 2, 256), vec![Nack(4)]);
        assert_eq!(b.occupancy(0), 512);
        // 5 arrives: nothing larger to evict, it alone is rejected
        assert_eq!(run(&mut b, 0, 5, 256), vec![Nack(5)]);
        // a larger newcomer evicts as many as it needs, largest first
        let mut b = RearrangeBuffer::new(Memory::Static { per_conn: 600 }, 1);
        run(&mut b, 0, 2, 200);
        run(&mut b, 0, 3, 200);
        run(&mut b, 0, 4, 200);
        assert_eq!(run(&mut b, 0, 1, 400), vec![Nack(4), Nack(3)]);
        assert_eq!(b.rejected, 2);
    }

    #[test]
    fn a_buffer_smaller_than_a_packet_rejects_every_out_of_order_packet() {
        let mut b = RearrangeBuffer::new(Memory::Static { per_conn: 32 }, 1);
        assert_eq!(run(&mut b, 0, 1, 256), vec![Nack(1)]);
        assert_eq!(run(&mut b, 0, 0, 256), vec![Deliver(0), Action::Ack(0)]);
        assert_eq!(run(&mut b, 0, 1, 256), vec![Deliver(1), Action::Ack(1)]);
        // nothing stored, but each rejected arrival needed a packet's buffer (MBS)
        assert_eq!((b.used, b.max_used, b.max_buffer(0)), (0, 256, 256));
    }

    #[test]
    fn unlimited_memory_stores_everything_and_measures_the_buffer_needed() {
        let mut b = RearrangeBuffer::new(Memory::Unlimited, 2);
        for sn in (1..=10).rev() {
            assert_eq!(run(&mut b, 0, sn, 300), vec![]);
        }
        run(&mut b, 1, 1, 100);
        // the tenth out-of-order packet needed room for ten; the NIC for those and one more
        assert_eq!(
            (b.max_buffer(0), b.max_buffer(1), b.max_used),
            (3000, 100, 3100)
        );
        let out = run(&mut b, 0, 0, 300);
        assert_eq!(out.len(), 12, "0..=10 delivered and one ACK");
        assert_eq!(out[11], Action::Ack(10));
        assert_eq!((b.rejected, b.used), (0, 100));
        // in-order arrivals need no buffer
        run(&mut b, 0, 11, 5000);
        assert_eq!(b.max_buffer(0), 3000);
    }

    #[test]
    fn dynamic_memory_shares_a_pool_under_a_per_connection_cap() {
        let m = Memory::new_dynamic(1024, 768, "nic.rearrange").unwrap();
        let mut b = RearrangeBuffer::new(m, 3);
        // connection 0 reaches its cap, then is refused
        for sn in 1..=3 {
            assert_eq!(run(&mut b, 0, sn, 256), vec![]);
        }
        assert_eq!(run(&mut b, 0, 9, 256), vec![Nack(9)]);
        // connection 1 has the rest of the pool; then the pool is full
        assert_eq!(run(&mut b, 1, 5, 256), vec![]);
        assert_eq!(run(&mut b, 2, 5, 256), vec![Nack(5)]);
        // connection 2 may not evict connection 1's packets; an earlier sn of connection 1
        // evicts its own later one
        assert_eq!(run(&mut b, 1, 4, 256), vec![Nack(5)]);
        // the pool held 1,024 bytes; connection 2's arrival needed 1,280
        assert_eq!((b.used, b.max_used), (1024, 1280));
        assert!(Memory::new_dynamic(100, 200, "nic.rearrange").is_err());
    }

    #[test]
    fn duplicates_are_counted_not_delivered() {
        let mut b = RearrangeBuffer::new(Memory::Static { per_conn: 1024 }, 1);
        run(&mut b, 0, 0, 64);
        run(&mut b, 0, 2, 64);
        assert_eq!(run(&mut b, 0, 0, 64), vec![]);
        assert_eq!(run(&mut b, 0, 2, 64), vec![]);
        assert_eq!(b.duplicates, 2);
    }

    #[test]
    fn random_reordering_with_resends_delivers_exactly_once_in_order() {
        use rand::{Rng, SeedableRng};
        for (mem, seed) in [
            (Memory::Static { per_conn: 32 }, 1),
            (Memory::Static { per_conn: 2048 }, 2),
            (Memory::new_dynamic(3000, 1500, "k").unwrap(), 3),
        ] {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let (conns, n) = (4usize, 200u32);
            let mut b = RearrangeBuffer::new(mem, conns);
            // packets in flight: (connection, sn); the network delivers them in random order
            let mut flight: Vec<(usize, u32)> = (0..conns)
                .flat_map(|c| (0..n).map(move |sn| (c, sn)))
                .collect();
            let mut got = vec![vec![]; conns];
            let (mut acked, mut out) = (vec![0u32; conns], vec![]);
            while !flight.is_empty() {
                let i = rng.random_range(0..flight.len().min(8));
                let (c, sn) = flight.remove(i);
                out.clear();
                b.arrive(c, sn, 256, sn + 1000 * c as u32, &mut out);
                for a in &out {
                    match *a {
                        Action::Deliver { sn: x, tag } => {
                            assert_eq!(tag, x + 1000 * c as u32, "a tag travels with its packet");
                            got[c].push(x)
                        }
                        Action::Ack(x) => acked[c] = x + 1,
                        Action::Nack { sn: x, tag } => {
                            assert_eq!(tag, x + 1000 * c as u32);
                            flight.push((c, x)) // resent
                        }
                    }
                }
                match mem {
                    Memory::Static { per_conn } => assert!(b.occupancy(c) <= per_conn),
                    Memory::Dynamic { total, cap } => {
                        assert!(b.occupancy(c) <= cap && b.used <= total)
                    }
                    Memory::Unlimited => {}
                }
            }
            for c in 0..conns {
                assert_eq!(got[c], (0..n).collect::<Vec<_>>(), "{mem:?}");
                assert_eq!(acked[c], n);
            }
            assert_eq!(b.duplicates, 0);
            assert_eq!(b.delivered, (conns as u64) * n as u64);
        }
    }

    #[test]
    fn the_clocked_controller_sends_one_action_per_cycle_and_takes_arrivals_when_ready() {
        let mut k = RearrangeController::new(Memory::Static { per_conn: 600 }, 2);
        let a = |conn, sn, bytes| {
            Some(Arrival {
                conn,
                sn,
                bytes,
                tag: 100 + sn,
            })
        };
        // three stored (no action, ready every cycle), then the expected one: four delivers
        // and the ACK on the next five cycles; the buffer is empty at once
        for sn in [3, 1, 2] {
            assert!(k.ready());
            assert_eq!(k.cycle(a(0, sn, 200)), None);
        }
        assert_eq!(k.buf.occupancy(0), 600);
        assert_eq!(k.cycle(a(0, 0, 50)), None);
        assert_eq!(
            (k.buf.occupancy(0), k.buf.expected(0), k.pending()),
            (0, 4, 5)
        );
        let mut sent = vec![];
        for _ in 0..5 {
            // arrivals offered while more than one action is left are ignored
            let ready = k.ready();
            sent.push(k.cycle(if ready { None } else { a(1, 1, 10) }).unwrap());
        }
        let d = |sn| (0, Action::Deliver { sn, tag: 100 + sn });
        assert_eq!(sent, vec![d(0), d(1), d(2), d(3), (0, Action::Ack(3))]);
        assert_eq!(
            (k.buf.stored, k.buf.duplicates, k.buf.occupancy(1)),
            (3, 0, 0)
        );
        // 6 and 7 stored; 5 (500 bytes) evicts 7 then 6, and the next arrival is taken in the
        // cycle the last NACK leaves
        for sn in [6, 7] {
            k.cycle(a(1, sn, 250));
        }
        assert_eq!(k.cycle(a(1, 5, 500)), None);
        assert!(!k.ready());
        let n = |sn| (1, Action::Nack { sn, tag: 100 + sn });
        assert_eq!(k.cycle(None), Some(n(7)));
        assert!(k.ready(), "the last action leaves this cycle");
        assert_eq!(k.cycle(a(1, 0, 10)), Some(n(6)));
        assert_eq!(
            k.cycle(None),
            Some((1, Action::Deliver { sn: 0, tag: 100 }))
        );
        assert_eq!(k.cycle(None), Some((1, Action::Ack(0))));
        assert_eq!((k.cycle(None), k.buf.occupancy(1)), (None, 500));
    }
}
