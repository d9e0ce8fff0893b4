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
pub const INLINE: usize = 4;

/// One slot of a ring: a value or none, copied in and out.
pub type Slot<T> = UnsafeCell<Option<T>>;

/// The registers of a pipelined wire carrying `Copy` values: its counters and, for a fly time
/// up to 3 cycles, its ring. The fly time and a longer ring are kept by the wire's owner (a
/// link (`blocks::link`) holds them once for its two directions, so that both fit one
/// cache line); [`End`] joins them to drive the wire.
///
/// The sender writes only `sent` and slot `t`, the receiver only `received` and slot
/// `t - fly`: values in flight are `sent - received`. Both ends drive the wire through `&self`
/// (like a `Cell`: values are copied in and out, no reference to a slot escapes), so the two
/// blocks at its ends may be evaluated by two threads in the same cycle
/// (`fabric::network::parallel`): the locations each end writes differ — slot `t` is not slot
/// `t - fly` as the ring has more than `fly` slots — and the one location an end reads of the
/// other, `sent`, is an atomic whose either value gives the receiver the same answer (see
/// [`End::recv`]). The wire is not `Sync`: only that phase, under its own safety argument,
/// shares it between threads.
#[repr(C)]
pub struct Wire<T: Copy> {
    /// Values ever sent and taken, modulo 2^32: their difference is what is in flight, which
    /// lets an idle receiver skip the slots entirely (and `sent` gives link utilisation).
    /// Relaxed atomics: plain loads and stores, one writer each.
    sent: AtomicU32,
    received: AtomicU32,
    /// The ring when it has at most [`INLINE`] slots.
    inline: [Slot<T>; INLINE],
}

impl<T: Copy> Default for Wire<T> {
    fn default() -> Self {
        Wire {
            sent: AtomicU32::new(0),
            received: AtomicU32::new(0),
            inline: std::array::from_fn(|_| UnsafeCell::new(None)),
        }
    }
}

/// A ring of `fly` + 1 slots or more (a power of two), the wire's own when it has at most
/// [`INLINE`] slots (empty here), else on the heap.
pub fn ring<T: Copy>(fly: u32) -> Box<[Slot<T>]> {
    assert!(fly >= 1, "a wire needs a fly time of at least one cycle");
    let len = ring_len(fly);
    if len <= INLINE {
        Box::new([])
    } else {
        (0..len).map(|_| UnsafeCell::new(None)).collect()
    }
}

/// Slots of the ring of a wire of fly time `fly`.
pub fn ring_len(fly: u32) -> usize {
    (fly as usize + 1).next_power_of_two()
}

/// A wire as its ends drive it: its registers, its fly time, its ring mask and its long ring.
#[derive(Clone, Copy)]
pub struct End<'a, T: Copy> {
    w: &'a Wire<T>,
    fly: u32,
    mask: u32,
    /// Not dereferenced unless the ring is longer than [`INLINE`]: a reference to the owner's
    /// box, not to the slice, so that a short wire never reads the box's pointer (which lies
    /// in another cache line of the link).
    #[allow(clippy::borrowed_box)]
    heap: &'a Box<[Slot<T>]>,
}

impl<'a, T: Copy> End<'a, T> {
    /// Wire `w` of fly time `fly` (ring mask `mask`, long ring `heap` from [`ring`]).
    #[inline(always)]
    #[allow(clippy::borrowed_box)]
    pub fn new(w: &'a Wire<T>, fly: u32, mask: u32, heap: &'a Box<[Slot<T>]>) -> Self {
        End { w, fly, mask, heap }
    }

    /// The slot of cycle `t`.
    #[inline(always)]
    fn slot(&self, t: u64) -> &'a Slot<T> {
        let i = (t & self.mask as u64) as usize;
        if (self.mask as usize) < INLINE {
            &self.w.inline[i]
        } else {
            &self.heap[i]
        }
    }

    /// Every slot of the ring.
    fn ring(&self) -> &'a [Slot<T>] {
        if (self.mask as usize) < INLINE {
            &self.w.inline[..=self.mask as usize]
        } else {
            &self.heap[..]
        }
    }

    /// Fly time in cycles.
    pub fn fly(&self) -> u32 {
        self.fly
    }

    /// Values ever sent, modulo 2^32.
    pub fn sent(&self) -> u32 {
        self.w.sent.load(Relaxed)
    }

    /// Drive `v` at cycle `now`; false (and nothing written) when a value was already driven
    /// this cycle.
    #[inline]
    pub fn send(&self, now: u64, v: T) -> bool {
        let s = self.slot(now);
        if get(s).is_some() {
            return false;
        }
        put(s, Some(v));
        // one writer: a load and a store, no read-modify-write instruction
        let sent = &self.w.sent;
        sent.store(sent.load(Relaxed).wrapping_add(1), Relaxed);
        true
    }

    /// A value was driven at cycle `now` (the sender's question).
    #[inline]
    pub fn sent_at(&self, now: u64) -> bool {
        get(self.slot(now)).is_some()
    }

    /// Take the value arriving at cycle `now` (sent at `now - fly`), if any.
    ///
    /// `sent` may be read before or after the sender drives slot `now` in the same cycle:
    /// either way, `sent == received` only when every value sent before `now` was taken, slot
    /// `now - fly` among them, so the answer is the same.
    #[inline]
    pub fn recv(&self, now: u64) -> Option<T> {
        let received = self.w.received.load(Relaxed);
        if self.w.sent.load(Relaxed) == received || now < self.fly as u64 {
            return None;
        }
        let s = self.slot(now - self.fly as u64);
        let v = get(s);
        if v.is_some() {
            put(s, None);
            self.w.received.store(received.wrapping_add(1), Relaxed);
        }
        v
    }

    /// The value arriving at cycle `now`, without taking it.
    #[inline]
    pub fn peek(&self, now: u64) -> Option<T> {
        if now < self.fly as u64 {
            return None;
        }
        get(self.slot(now - self.fly as u64))
    }

    /// Values on the wire.
    pub fn in_flight(&self) -> usize {
        self.w
            .sent
            .load(Relaxed)
            .wrapping_sub(self.w.received.load(Relaxed)) as usize
    }

    /// The values on the wire, in slot order.
    pub fn iter_in_flight(&self) -> impl Iterator<Item = T> + 'a {
        self.ring().iter().filter_map(|c| get(c))
    }

    /// A copy of the wire's registers and of its ring (for cloning the wire's owner).
    pub fn copy(&self) -> (Wire<T>, Box<[Slot<T>]>) {
        let copy = |c: &Slot<T>| UnsafeCell::new(get(c));
        (
            Wire {
                sent: AtomicU32::new(self.w.sent.load(Relaxed)),
                received: AtomicU32::new(self.w.received.load(Relaxed)),
                inline: std::array::from_fn(|i| copy(&self.w.inline[i])),
            },
            self.heap.iter().map(copy).collect(),
        )
    }
}

impl<T: Copy + std::fmt::Debug> std::fmt::Debug for End<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wire")
            .field("sent", &self.w.sent.load(Relaxed))
            .field("received", &self.w.received.load(Relaxed))
            .field("fly", &self.fly)
            .field("in_flight", &self.iter_in_flight().collect::<Vec<_>>())
            .finish()
    }
}

/// The value in slot `c`.
#[inline(always)]
fn get<T: Copy>(c: &Slot<T>) -> Option<T> {
    // SAFETY: the wire is not `Sync`, so on one thread no other access is under way (no
    // reference into a slot outlives a method); in the parallel switch phase the slot this end
    // reads is one only this end touches in this cycle (the type's doc).
    unsafe { *c.get() }
}

/// Put `v` into slot `c`.
#[inline(always)]
fn put<T: Copy>(c: &Slot<T>, v: Option<T>) {
    // SAFETY: as in `get`: this end alone touches the slot in this cycle.
    unsafe { *c.get() = v }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Flit, FlowCtl};

    #[test]
    fn counters_and_inline_slots_fit_one_cache_line_for_both_directions() {
        use std::mem::size_of;
        // `Option<Flit>` is eight bytes, so a flit wire's registers are 40 bytes and a
        // flow-control wire's 20: with the link's fly time and mask, one line
        assert_eq!(size_of::<Option<Flit>>(), 8);
        assert_eq!(size_of::<Wire<Flit>>(), 40);
        assert_eq!(size_of::<Wire<FlowCtl>>(), 20);
    }

    /// The end of a wire `w` of fly time `fly` with ring `heap`.
    #[allow(clippy::borrowed_box)]
    fn end<'a, T: Copy>(w: &'a Wire<T>, fly: u32, heap: &'a Box<[Slot<T>]>) -> End<'a, T> {
        End::new(w, fly, ring_len(fly) as u32 - 1, heap)
    }

    #[test]
    fn value_arrives_after_fly_time_in_either_eval_order() {
        for fly in 1..12u32 {
            let (w, heap) = (Wire::default(), ring(fly));
            let w = end(&w, fly, &heap);
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
            assert_eq!(w.iter_in_flight().count(), fly as usize);
        }
    }

    #[test]
    fn second_send_in_a_cycle_is_refused() {
        let (w, heap) = (Wire::default(), ring(3));
        let w = end(&w, 3, &heap);
        assert!(w.send(5, 1));
        assert!(!w.send(5, 2));
        assert_eq!(w.recv(8), Some(1));
    }
}
