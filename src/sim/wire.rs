//! Pipelined wire with a fly time: the registered connection between two clocked blocks.
//!
//! A value sent at cycle `t` is received at cycle `t + fly` (fly ≥ 1), at most one value per cycle
//! in each direction of use. The wire is a ring of slots indexed by the global cycle: the sender
//! writes slot `t`, the receiver takes slot `t - fly`. Because those slots differ, the order in
//! which the sender and receiver are evaluated inside a cycle never matters, and no commit pass is
//! needed. The receiver must take its slot every cycle (all blocks are evaluated every cycle).
//!
//! Seed 000 §4.3: a 10 m Myrinet cable holds 8 flits in flight → fly time 8 cycles.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Slots kept inside the wire itself (no pointer to follow) when the ring is this short: fly
/// times up to 3 cycles, BookSim2's channels among them.
const INLINE: usize = 4;

/// A pipelined wire carrying `Copy` values with a fixed fly time in cycles.
///
/// The sender writes only `sent` and slot `t`, the receiver only `received` and slot
/// `t - fly`: values in flight are `sent - received`. Both ends drive the wire through `&self`
/// (like a `Cell`: values are copied in and out, no reference to a slot escapes), so the two
/// blocks at its ends may be evaluated by two threads in the same cycle
/// (`fabric::network::parallel`): the locations each end writes differ — slot `t` is not slot
/// `t - fly` as the ring has more than `fly` slots — and the one location an end reads of the
/// other, `sent`, is an atomic whose either value gives the receiver the same answer (see
/// [`Wire::recv`]). The wire is not `Sync`: only that phase, under its own safety argument,
/// shares it between threads.
#[repr(C)]
pub struct Wire<T: Copy> {
    /// Values ever sent and taken, modulo 2^32: their difference is what is in flight, which
    /// lets an idle receiver skip the slots entirely (and `sent` gives link utilisation).
    /// Relaxed atomics: plain loads and stores, one writer each.
    sent: AtomicU32,
    received: AtomicU32,
    mask: u32,
    fly: u32,
    /// The ring: `inline` when it has at most [`INLINE`] slots, else `heap`.
    inline: [UnsafeCell<Option<T>>; INLINE],
    heap: Box<[UnsafeCell<Option<T>>]>,
}

impl<T: Copy> Clone for Wire<T> {
    fn clone(&self) -> Self {
        let copy = |c: &UnsafeCell<Option<T>>| UnsafeCell::new(self.get(c));
        Wire {
            sent: AtomicU32::new(self.sent.load(Relaxed)),
            received: AtomicU32::new(self.received.load(Relaxed)),
            mask: self.mask,
            fly: self.fly,
            inline: std::array::from_fn(|i| copy(&self.inline[i])),
            heap: self.heap.iter().map(copy).collect(),
        }
    }
}

impl<T: Copy + std::fmt::Debug> std::fmt::Debug for Wire<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wire")
            .field("sent", &self.sent.load(Relaxed))
            .field("received", &self.received.load(Relaxed))
            .field("fly", &self.fly)
            .field("in_flight", &self.iter_in_flight().collect::<Vec<_>>())
            .finish()
    }
}

impl<T: Copy> Wire<T> {
    /// A wire with fly time `fly` (≥ 1), empty.
    pub fn new(fly: u32) -> Self {
        assert!(fly >= 1, "a wire needs a fly time of at least one cycle");
        let len = (fly as usize + 1).next_power_of_two();
        Wire {
            sent: AtomicU32::new(0),
            received: AtomicU32::new(0),
            mask: len as u32 - 1,
            fly,
            inline: std::array::from_fn(|_| UnsafeCell::new(None)),
            heap: if len <= INLINE {
                Box::new([])
            } else {
                (0..len).map(|_| UnsafeCell::new(None)).collect()
            },
        }
    }

    /// The slot of cycle `t`.
    #[inline(always)]
    fn slot(&self, t: u64) -> &UnsafeCell<Option<T>> {
        let i = (t & self.mask as u64) as usize;
        if (self.mask as usize) < INLINE {
            &self.inline[i]
        } else {
            &self.heap[i]
        }
    }

    /// The value in slot `c`.
    #[inline(always)]
    fn get(&self, c: &UnsafeCell<Option<T>>) -> Option<T> {
        // SAFETY: the wire is not `Sync`, so on one thread no other access is under way (no
        // reference into a slot outlives a method); in the parallel switch phase the slot
        // this end reads is one only this end touches in this cycle (the type's doc).
        unsafe { *c.get() }
    }

    /// Put `v` into slot `c`.
    #[inline(always)]
    fn put(&self, c: &UnsafeCell<Option<T>>, v: Option<T>) {
        // SAFETY: as in `get`: this end alone touches the slot in this cycle.
        unsafe { *c.get() = v }
    }

    /// Fly time in cycles.
    pub fn fly(&self) -> u32 {
        self.fly
    }

    /// Values ever sent, modulo 2^32.
    pub fn sent(&self) -> u32 {
        self.sent.load(Relaxed)
    }

    /// Drive `v` at cycle `now`; false (and nothing written) when a value was already driven
    /// this cycle.
    #[inline]
    pub fn send(&self, now: u64, v: T) -> bool {
        let s = self.slot(now);
        if self.get(s).is_some() {
            return false;
        }
        self.put(s, Some(v));
        // one writer: a load and a store, no read-modify-write instruction
        self.sent
            .store(self.sent.load(Relaxed).wrapping_add(1), Relaxed);
        true
    }

    /// A value was driven at cycle `now` (the sender's question).
    #[inline]
    pub fn sent_at(&self, now: u64) -> bool {
        self.get(self.slot(now)).is_some()
    }

    /// Take the value arriving at cycle `now` (sent at `now - fly`), if any.
    ///
    /// `sent` may be read before or after the sender drives slot `now` in the same cycle:
    /// either way, `sent == received` only when every value sent before `now` was taken, slot
    /// `now - fly` among them, so the answer is the same.
    #[inline]
    pub fn recv(&self, now: u64) -> Option<T> {
        let received = self.received.load(Relaxed);
        if self.sent.load(Relaxed) == received || now < self.fly as u64 {
            return None;
        }
        let s = self.slot(now - self.fly as u64);
        let v = self.get(s);
        if v.is_some() {
            self.put(s, None);
            self.received.store(received.wrapping_add(1), Relaxed);
        }
        v
    }

    /// The value arriving at cycle `now`, without taking it.
    #[inline]
    pub fn peek(&self, now: u64) -> Option<T> {
        if now < self.fly as u64 {
            return None;
        }
        self.get(self.slot(now - self.fly as u64))
    }

    /// Values on the wire.
    pub fn in_flight(&self) -> usize {
        self.sent
            .load(Relaxed)
            .wrapping_sub(self.received.load(Relaxed)) as usize
    }

    /// The values on the wire, in slot order.
    pub fn iter_in_flight(&self) -> impl Iterator<Item = T> + '_ {
        let ring = if self.heap.is_empty() {
            &self.inline[..=self.mask as usize]
        } else {
            &self.heap[..]
        };
        ring.iter().filter_map(|c| self.get(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Flit, FlowCtl};

    #[test]
    fn counters_and_inline_slots_fill_one_cache_line() {
        use std::mem::{offset_of, size_of};
        // What a cycle touches of a short wire (fly <= 3) ends where the pointer to a long
        // ring begins: at 64 bytes for flits, within them for flow-control symbols.
        assert_eq!(offset_of!(Wire<Flit>, heap), 64);
        assert!(offset_of!(Wire<FlowCtl>, heap) <= 64);
        assert_eq!(
            size_of::<Wire<FlowCtl>>(),
            offset_of!(Wire<FlowCtl>, heap) + 16
        );
        assert_eq!(offset_of!(Wire<FlowCtl>, heap), 32);
    }

    #[test]
    fn value_arrives_after_fly_time_in_either_eval_order() {
        for fly in 1..12u32 {
            let w = Wire::new(fly);
            for now in 0..100u64 {
                // receiver first on even cycles, sender first on odd ones
                let got = if now % 2 == 0 {
                    let g = w.recv(now);
                    assert!(w.send(now, now));
                    g
                } else {
                    assert!(w.send(now, now));
                    w.recv(now)
                };
                if now >= fly as u64 {
                    assert_eq!(got, Some(now - fly as u64), "fly {fly} cycle {now}");
                } else {
                    assert_eq!(got, None);
                }
            }
            assert_eq!(w.in_flight(), fly as usize);
        }
    }

    #[test]
    fn second_send_in_a_cycle_is_refused() {
        let w = Wire::new(3);
        assert!(w.send(5, 1));
        assert!(!w.send(5, 2));
        assert_eq!(w.recv(8), Some(1));
    }
}
