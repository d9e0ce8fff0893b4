//! Pipelined wire with a fly time: the registered connection between two clocked blocks.
//!
//! A value sent at cycle `t` is received at cycle `t + fly` (fly ≥ 1), at most one value per cycle
//! in each direction of use. The wire is a ring of slots indexed by the global cycle: the sender
//! writes slot `t`, the receiver takes slot `t - fly`. Because those slots differ, the order in
//! which the sender and receiver are evaluated inside a cycle never matters, and no commit pass is
//! needed. The receiver must take its slot every cycle (all blocks are evaluated every cycle).
//!
//! Seed 000 §4.3: a 10 m Myrinet cable holds 8 flits in flight → fly time 8 cycles.

/// Slots kept inside the wire itself (no pointer to follow) when the ring is this short: fly
/// times up to 3 cycles, BookSim2's channels among them.
const INLINE: usize = 4;

/// A pipelined wire carrying `Copy` values with a fixed fly time in cycles.
///
/// The sender writes only `sent` and slot `t`, the receiver only `received` and slot
/// `t - fly`: values in flight are `sent - received`.
#[derive(Debug, Clone)]
#[repr(C)]
pub struct Wire<T: Copy> {
    /// Values ever sent and taken, modulo 2^32: their difference is what is in flight, which
    /// lets an idle receiver skip the slots entirely (and `sent` gives link utilisation).
    sent: u32,
    received: u32,
    mask: u32,
    fly: u32,
    /// The ring: `inline` when it has at most [`INLINE`] slots, else `heap`.
    inline: [Option<T>; INLINE],
    heap: Box<[Option<T>]>,
}

impl<T: Copy> Wire<T> {
    /// A wire with fly time `fly` (≥ 1), empty.
    pub fn new(fly: u32) -> Self {
        assert!(fly >= 1, "a wire needs a fly time of at least one cycle");
        let len = (fly as usize + 1).next_power_of_two();
        Wire {
            sent: 0,
            received: 0,
            mask: len as u32 - 1,
            fly,
            inline: [None; INLINE],
            heap: if len <= INLINE {
                Box::new([])
            } else {
                vec![None; len].into_boxed_slice()
            },
        }
    }

    /// The slot of cycle `t`.
    #[inline(always)]
    fn slot(&self, t: u64) -> &Option<T> {
        let i = (t & self.mask as u64) as usize;
        if (self.mask as usize) < INLINE {
            &self.inline[i]
        } else {
            &self.heap[i]
        }
    }

    #[inline(always)]
    fn slot_mut(&mut self, t: u64) -> &mut Option<T> {
        let i = (t & self.mask as u64) as usize;
        if (self.mask as usize) < INLINE {
            &mut self.inline[i]
        } else {
            &mut self.heap[i]
        }
    }

    /// Fly time in cycles.
    pub fn fly(&self) -> u32 {
        self.fly
    }

    /// Values ever sent, modulo 2^32.
    pub fn sent(&self) -> u32 {
        self.sent
    }

    /// Drive `v` at cycle `now`; false (and nothing written) when a value was already driven
    /// this cycle.
    #[inline]
    pub fn send(&mut self, now: u64, v: T) -> bool {
        let s = self.slot_mut(now);
        if s.is_some() {
            return false;
        }
        *s = Some(v);
        self.sent = self.sent.wrapping_add(1);
        true
    }

    /// A value was driven at cycle `now`.
    #[inline]
    pub fn sent_at(&self, now: u64) -> bool {
        self.sent != self.received && self.slot(now).is_some()
    }

    /// Take the value arriving at cycle `now` (sent at `now - fly`), if any.
    #[inline]
    pub fn recv(&mut self, now: u64) -> Option<T> {
        if self.sent == self.received || now < self.fly as u64 {
            return None;
        }
        let v = self.slot_mut(now - self.fly as u64).take();
        self.received = self.received.wrapping_add(v.is_some() as u32);
        v
    }

    /// The value arriving at cycle `now`, without taking it.
    #[inline]
    pub fn peek(&self, now: u64) -> Option<T> {
        if now < self.fly as u64 {
            return None;
        }
        *self.slot(now - self.fly as u64)
    }

    /// Values on the wire.
    pub fn in_flight(&self) -> usize {
        self.sent.wrapping_sub(self.received) as usize
    }

    /// The values on the wire, in slot order.
    pub fn iter_in_flight(&self) -> impl Iterator<Item = &T> {
        let ring = if self.heap.is_empty() {
            &self.inline[..=self.mask as usize]
        } else {
            &self.heap[..]
        };
        ring.iter().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_arrives_after_fly_time_in_either_eval_order() {
        for fly in 1..12u32 {
            let mut w = Wire::new(fly);
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
        let mut w = Wire::new(3);
        assert!(w.send(5, 1));
        assert!(!w.send(5, 2));
        assert_eq!(w.recv(8), Some(1));
    }
}
