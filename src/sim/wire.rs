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
/// up to 3 cycles, its ring (the first [`INLINE`] slots of one up to [`SHORT`]). The fly time
/// and the rest of a longer ring are kept by the wire's owner (a link (`blocks::link`) holds
/// the fly time once for its two directions, so that both fit one cache line, and the rest of
/// rings of up to [`SHORT`] slots in its second line); [`End`] joins them to drive the wire.
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

/// Slots a wire's owner keeps next to it, after the [`INLINE`] ones, so that rings of up to
/// [`SHORT`] slots need no pointer: fly times up to 8 cycles (a 10 m Myrinet cable, the
/// fat-tree's links).
pub const EXT: usize = 5;

/// The most slots a ring kept by the wire and its owner holds: [`INLINE`] + [`EXT`].
pub const SHORT: usize = INLINE + EXT;

/// The ring mask that stands for a ring of nine slots, indexed by the cycle modulo nine (a fly
/// time of 8: one slot more than the flits in flight, and no power of two). Never a power of
/// two less one, so no true mask is mistaken for it.
pub const NINE: u32 = 8;

/// Ring mask of a wire of fly time `fly`: the slots less one (a power of two), or [`NINE`].
pub fn ring_mask(fly: u32) -> u32 {
    assert!(fly >= 1, "a wire needs a fly time of at least one cycle");
    if fly as usize + 1 == SHORT {
        NINE
    } else {
        (fly + 1).next_power_of_two() - 1
    }
}

/// Slots of the ring of a wire of fly time `fly`.
pub fn ring_len(fly: u32) -> usize {
    slots(ring_mask(fly))
}

/// Slots of a ring of mask `mask` (from [`ring_mask`]).
#[inline(always)]
fn slots(mask: u32) -> usize {
    match mask {
        NINE => SHORT,
        m => m as usize + 1,
    }
}

/// The ring of a wire of fly time `fly` that its owner keeps on the heap: its slots when it
/// has more than [`SHORT`], else none.
pub fn ring<T: Copy>(fly: u32) -> Box<[Slot<T>]> {
    let len = ring_len(fly);
    if len <= SHORT {
        Box::new([])
    } else {
        (0..len).map(|_| UnsafeCell::new(None)).collect()
    }
}

/// Empty slots for an owner's [`EXT`] array.
pub fn ext<T: Copy>() -> [Slot<T>; EXT] {
    std::array::from_fn(|_| UnsafeCell::new(None))
}

/// A copy of a wire: its registers, its owner's further slots, its long ring.
pub type Copied<T> = (Wire<T>, [Slot<T>; EXT], Box<[Slot<T>]>);

/// A wire as its ends drive it: its registers, its fly time, its ring mask, the owner's
/// further slots and its long ring (`pick` of the owner's heap block `H`).
pub struct End<'a, T: Copy, H> {
    w: &'a Wire<T>,
    fly: u32,
    mask: u32,
    /// Slots [`INLINE`].. of a ring of at most [`SHORT`] slots.
    ext: &'a [Slot<T>; EXT],
    /// Not dereferenced unless the ring is longer than [`SHORT`]: the owner's long rings and
    /// the function that picks this wire's, so that a short wire never reads the pointer.
    heap: &'a Option<Box<H>>,
    pick: fn(&H) -> &[Slot<T>],
}

impl<T: Copy, H> Clone for End<'_, T, H> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Copy, H> Copy for End<'_, T, H> {}

impl<'a, T: Copy, H> End<'a, T, H> {
    /// Wire `w` of fly time `fly` (ring mask `mask` from [`ring_mask`]), further slots `ext`,
    /// long ring `pick(heap)` (from [`ring`]).
    #[inline(always)]
    pub fn new(
        w: &'a Wire<T>,
        (fly, mask): (u32, u32),
        ext: &'a [Slot<T>; EXT],
        heap: &'a Option<Box<H>>,
        pick: fn(&H) -> &[Slot<T>],
    ) -> Self {
        End {
            w,
            fly,
            mask,
            ext,
            heap,
            pick,
        }
    }

    /// The long ring.
    #[inline(always)]
    fn long(&self) -> &'a [Slot<T>] {
        match self.heap {
            Some(l) => (self.pick)(l),
            None => &[],
        }
    }

    /// The slot of cycle `t`.
    #[inline(always)]
    fn slot(&self, t: u64) -> &'a Slot<T> {
        let i = if self.mask == NINE {
            (t % SHORT as u64) as usize
        } else {
            (t & self.mask as u64) as usize
        };
        if self.mask > NINE {
            &self.long()[i]
        } else if i < INLINE {
            &self.w.inline[i]
        } else {
            &self.ext[i - INLINE]
        }
    }

    /// Every slot of the ring, in index order.
    fn ring(&self) -> impl Iterator<Item = &'a Slot<T>> + 'a {
        let len = slots(self.mask);
        // the ring as two slices: its inline slots and the owner's further ones, or the long
        // ring alone
        let (first, rest): (&'a [Slot<T>], &'a [Slot<T>]) = if len <= SHORT {
            (
                &self.w.inline[..len.min(INLINE)],
                &self.ext[..len.saturating_sub(INLINE)],
            )
        } else {
            (&[], self.long())
        };
        first.iter().chain(rest)
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
        self.driven(now).is_some()
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

    /// The value driven at cycle `t`, while it is on the wire (until `t + fly`).
    #[inline]
    pub fn driven(&self, t: u64) -> Option<T> {
        get(self.slot(t))
    }

    /// The value arriving at cycle `now`, without taking it.
    #[inline]
    pub fn peek(&self, now: u64) -> Option<T> {
        if now < self.fly as u64 {
            return None;
        }
        get(self.slot(now - self.fly as u64))
    }

    /// Write the wire's registers as an engine that carried its values itself holds them
    /// (the routers in planes, `fabric::vc::switch::planes`): the values ever sent, and each
    /// value still on the wire with the cycle it was driven (those taken: the rest); every
    /// other slot empty. Whatever reads the wire then — utilisation, values in flight, the
    /// receiver — reads what the wire driven cycle by cycle would hold.
    pub fn load(&self, sent: u32, on: impl IntoIterator<Item = (u64, T)>) {
        // (a value is in a slot exactly while it is in flight: none in flight, none to clear)
        if self.in_flight() > 0 {
            for s in self.ring() {
                put(s, None);
            }
        }
        let mut n = 0u32;
        for (t, v) in on {
            put(self.slot(t), Some(v));
            n += 1;
        }
        self.w.sent.store(sent, Relaxed);
        self.w.received.store(sent.wrapping_sub(n), Relaxed);
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
        self.slotted().map(|(_, v)| v)
    }

    /// The values on the wire, each with its slot.
    fn slotted(&self) -> impl Iterator<Item = (usize, T)> + 'a {
        self.ring()
            .enumerate()
            .filter_map(|(i, c)| get(c).map(|v| (i, v)))
    }

    /// A copy of the wire's registers, of the owner's further slots and of the long ring (for
    /// cloning the wire's owner).
    pub fn copy(&self) -> Copied<T> {
        let copy = |c: &Slot<T>| UnsafeCell::new(get(c));
        (
            Wire {
                sent: AtomicU32::new(self.w.sent.load(Relaxed)),
                received: AtomicU32::new(self.w.received.load(Relaxed)),
                inline: std::array::from_fn(|i| copy(&self.w.inline[i])),
            },
            std::array::from_fn(|i| copy(&self.ext[i])),
            self.long().iter().map(copy).collect(),
        )
    }
}

impl<T: Copy, H> End<'_, T, H> {
    /// The wire's counters and fly time (`sent`, `received`, `fly`): with the values on it,
    /// each with its slot ([`End::slotted`]), what its Debug text shows and `==` compares.
    fn counters(&self) -> [u32; 3] {
        [
            self.w.sent.load(Relaxed),
            self.w.received.load(Relaxed),
            self.fly,
        ]
    }
}

impl<T: Copy + std::fmt::Debug, H> std::fmt::Debug for End<'_, T, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [sent, received, fly] = self.counters();
        f.debug_struct("Wire")
            .field("sent", &sent)
            .field("received", &received)
            .field("fly", &fly)
            // each with its slot: when it arrives
            .field("in_flight", &self.slotted().collect::<Vec<_>>())
            .finish()
    }
}

/// Two wires are equal when their Debug texts are: the same counters, fly time and values in
/// the same slots (compared without the text).
impl<T: Copy + PartialEq, H> PartialEq for End<'_, T, H> {
    fn eq(&self, other: &Self) -> bool {
        self.counters() == other.counters() && self.slotted().eq(other.slotted())
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

    /// The end of a wire `w` of fly time `fly`, further slots `ext`, long ring `heap`.
    fn end<'a, T: Copy>(
        w: &'a Wire<T>,
        fly: u32,
        ext: &'a [Slot<T>; EXT],
        heap: &'a Option<Box<Box<[Slot<T>]>>>,
    ) -> End<'a, T, Box<[Slot<T>]>> {
        End::new(w, (fly, ring_mask(fly)), ext, heap, |h| &h[..])
    }

    #[test]
    fn value_arrives_after_fly_time_in_either_eval_order() {
        for fly in 1..20u32 {
            let (w, x, heap) = (Wire::default(), ext(), Some(Box::new(ring(fly))));
            let w = end(&w, fly, &x, &heap);
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
    fn rings_up_to_nine_slots_need_no_heap() {
        assert_eq!(
            (1..=8).map(ring_len).collect::<Vec<_>>(),
            [2, 4, 4, 8, 8, 8, 8, 9]
        );
        assert_eq!(ring_len(9), 16);
        assert!(ring::<u64>(8).is_empty() && ring::<u64>(9).len() == 16);
    }

    /// A wire loaded with what another evaluator carried holds what the same values driven
    /// cycle by cycle leave on it: the same slots and counts (stale slots cleared), and the
    /// receiver takes each value at its arrival.
    #[test]
    fn a_loaded_wire_equals_one_driven_cycle_by_cycle() {
        for fly in [1u32, 3, 8, 9, 12] {
            let (a, xa, ha) = (Wire::default(), ext(), Some(Box::new(ring(fly))));
            let (b, xb, hb) = (Wire::default(), ext(), Some(Box::new(ring(fly))));
            let (a, b) = (end(&a, fly, &xa, &ha), end(&b, fly, &xb, &hb));
            // b has something stale in every slot, and counts that are not a's
            for t in 0..ring_len(fly) as u64 {
                assert!(b.send(t, 999));
            }
            // a: values driven at 10 .. 40 (every third cycle) and taken on arrival
            let last = 40u64;
            for t in 0..=last {
                let _ = a.recv(t);
                if t >= 10 && t % 3 == 1 {
                    assert!(a.send(t, t));
                }
            }
            let on: Vec<_> = (last + 1 - fly as u64..=last)
                .filter(|&t| t >= 10 && t % 3 == 1)
                .map(|t| (t, t))
                .collect();
            let sent = (10..=last).filter(|t| t % 3 == 1).count() as u32;
            b.load(sent, on.iter().copied());
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "fly {fly}");
            for t in last + 1..=last + fly as u64 {
                assert_eq!(a.recv(t), b.recv(t), "fly {fly} cycle {t}");
                assert_eq!(b.in_flight(), a.in_flight());
            }
            assert_eq!(b.in_flight(), 0);
        }
    }

    #[test]
    fn second_send_in_a_cycle_is_refused() {
        let (w, x, heap) = (Wire::default(), ext(), None);
        let w = end(&w, 3, &x, &heap);
        assert!(w.send(5, 1));
        assert!(!w.send(5, 2));
        assert_eq!(w.recv(8), Some(1));
    }
}
