//! Pipelined wire with a fly time: the registered connection between two clocked blocks.
//!
//! A value sent at cycle `t` is received at cycle `t + fly` (fly ≥ 1), at most one value per cycle
//! in each direction of use. The wire is a ring of slots indexed by the global cycle: the sender
//! writes slot `t`, the receiver takes slot `t - fly`. Because those slots differ, the order in
//! which the sender and receiver are evaluated inside a cycle never matters, and no commit pass is
//! needed. The receiver must take its slot every cycle (all blocks are evaluated every cycle).
//!
//! Seed 000 §4.3: a 10 m Myrinet cable holds 8 flits in flight → fly time 8 cycles.

/// A pipelined wire carrying `Copy` values with a fixed fly time in cycles.
#[derive(Debug, Clone)]
pub struct Wire<T: Copy> {
    slots: Box<[Option<T>]>,
    mask: u32,
    fly: u32,
    /// Values in flight: lets an idle receiver skip the slot memory entirely.
    count: u32,
    /// Values ever sent, modulo 2^32 (link utilisation).
    sent: u32,
}

impl<T: Copy> Wire<T> {
    /// A wire whose values arrive `fly` cycles after they are sent (`fly >= 1`).
    pub fn new(fly: u32) -> Self {
        assert!(fly >= 1, "a wire needs a fly time of at least one cycle");
        let len = (fly as usize + 1).next_power_of_two();
        Wire {
            slots: vec![None; len].into_boxed_slice(),
            mask: len as u32 - 1,
            fly,
            count: 0,
            sent: 0,
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

    /// Drive `v` onto the wire at cycle `now`. Returns false (and drops nothing: the previous
    /// value stays) if a value was already sent this cycle — a protocol error of the sender.
    #[inline]
    pub fn send(&mut self, now: u64, v: T) -> bool {
        let s = &mut self.slots[(now & self.mask as u64) as usize];
        if s.is_some() {
            return false;
        }
        *s = Some(v);
        self.count += 1;
        self.sent = self.sent.wrapping_add(1);
        true
    }

    /// A value was sent at cycle `now` (it arrives at `now + fly`).
    #[inline]
    pub fn sent_at(&self, now: u64) -> bool {
        self.count > 0 && self.slots[(now & self.mask as u64) as usize].is_some()
    }

    /// Take the value arriving at cycle `now` (sent at `now - fly`), if any.
    #[inline]
    pub fn recv(&mut self, now: u64) -> Option<T> {
        if self.count == 0 || now < self.fly as u64 {
            return None;
        }
        let v = self.slots[((now - self.fly as u64) & self.mask as u64) as usize].take();
        self.count -= v.is_some() as u32;
        v
    }

    /// Peek at the value that will arrive at cycle `now` without taking it.
    #[inline]
    pub fn peek(&self, now: u64) -> Option<T> {
        if now < self.fly as u64 {
            return None;
        }
        self.slots[((now - self.fly as u64) & self.mask as u64) as usize]
    }

    /// Number of values in flight (sent, not yet received).
    pub fn in_flight(&self) -> usize {
        self.count as usize
    }

    /// Values in flight, for conservation checks and inspection.
    pub fn iter_in_flight(&self) -> impl Iterator<Item = &T> {
        self.slots.iter().flatten()
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
