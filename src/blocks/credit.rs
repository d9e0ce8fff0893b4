//! Credit counter of a credit-based flow-controlled output (seed 001 §5.1; seed 004 §4).
//!
//! The sender of a link keeps one counter per downstream buffer: it starts at the buffer's size
//! in credits (the receiver is empty), one credit is consumed for every unit sent, and one comes
//! back for every unit the receiver frees. The sender may only send while it holds a credit, so
//! the receiver's buffer can never overflow. The counter itself refuses the two protocol errors
//! and flags them instead: a consume with no credit left (it would go negative) and a return
//! that would lift it above the buffer size. Both must never happen; tests assert they do not.
//!
//! Per cycle: `take` a credit if asked and one is held, `give` one back if returned and there
//! is room (a return in the same cycle as a take always fits), commit at the clock edge.
//! Latency: a returned credit can be used the next cycle. `init` (a reload of the buffer size,
//! as after link training) overrides both.

/// What one cycle of the counter did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CreditStep {
    /// A credit was consumed.
    pub took: bool,
    /// A credit was returned.
    pub gave: bool,
    /// A consume found no credit (refused).
    pub underflow: bool,
    /// A return found the counter full (refused).
    pub overflow: bool,
}

/// One credit counter.
#[derive(Debug, Clone, Copy, Default)]
pub struct CreditCounter {
    credits: u32,
    size: u32,
    /// Refused consumes (must stay 0).
    pub underflows: u64,
    /// Refused returns (must stay 0).
    pub overflows: u64,
}

impl CreditCounter {
    /// A counter for a downstream buffer of `size` credits, full of credits.
    pub fn new(size: u32) -> Self {
        CreditCounter {
            credits: size,
            size,
            ..Default::default()
        }
    }

    /// Credits held now.
    #[inline]
    pub fn credits(&self) -> u32 {
        self.credits
    }

    /// The downstream buffer size in credits.
    #[inline]
    pub fn size(&self) -> u32 {
        self.size
    }

    /// May the sender send a unit this cycle?
    #[inline]
    pub fn can_send(&self) -> bool {
        self.credits > 0
    }

    /// Reload with a buffer of `size` credits (all held).
    pub fn init(&mut self, size: u32) {
        self.size = size;
        self.credits = size;
    }

    /// One cycle: `consume` a credit for a unit sent, take back a `ret`urned one.
    #[inline]
    pub fn cycle(&mut self, consume: bool, ret: bool) -> CreditStep {
        let took = consume && self.credits > 0;
        let gave = ret && (self.credits < self.size || took);
        let s = CreditStep {
            took,
            gave,
            underflow: consume && !took,
            overflow: ret && !gave,
        };
        self.credits = self.credits - took as u32 + gave as u32;
        self.underflows += s.underflow as u64;
        self.overflows += s.overflow as u64;
        debug_assert!(self.credits <= self.size);
        s
    }
}

impl CreditCounter {
    /// One cycle with multi-unit credits (byte-sized credit units, [`CreditUnit`]): consume
    /// `consume` units for what was sent, take back `ret` returned units. Each refused unit is
    /// counted as an underflow or overflow. With at most one unit each way this is [`cycle`].
    ///
    /// [`cycle`]: CreditCounter::cycle
    #[inline]
    pub fn cycle_units(&mut self, consume: u32, ret: u32) {
        if consume | ret == 0 {
            return;
        }
        let took = consume.min(self.credits);
        let room = self.size - self.credits + took;
        let gave = ret.min(room);
        self.underflows += (consume - took) as u64;
        self.overflows += (ret - gave) as u64;
        self.credits = self.credits - took + gave;
    }
}

/// What one credit stands for: one flit, or a number of bytes (seed 004 §4 counts 64-byte
/// credits). The sender consumes, for each flit it sends, the units that flit is the first to
/// touch; the receiver returns, for each flit it frees, the units that flit completes, and the
/// packet's tail returns the last partial unit. Both sides count `ceil(packet bytes / unit)`
/// units per packet, so credits are conserved whatever the flit and unit sizes. With one flit
/// per unit this is one credit per flit.
///
/// A flit's units are reckoned per flit crossing, so the division by the unit is done without
/// a divide instruction (tens of cycles): a shift for a unit of a power of two bytes, else a
/// multiplication by its reciprocal, exact for every byte count below 2^32.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CreditUnit {
    flit_bytes: u32,
    unit_bytes: u32,
    /// ceil(2^64 / unit_bytes), or 0 for a unit of 2^`shift` bytes.
    recip: u64,
    shift: u32,
}

impl CreditUnit {
    /// One credit per flit.
    pub fn flits() -> Self {
        Self::of(1, 1)
    }

    /// Credits of `unit_bytes` bytes on a link of `flit_bytes`-byte flits (`unit_bytes` 0 means
    /// one credit per flit).
    pub fn bytes(flit_bytes: u32, unit_bytes: u32) -> Self {
        if unit_bytes == 0 {
            return Self::flits();
        }
        Self::of(flit_bytes.max(1), unit_bytes)
    }

    fn of(flit_bytes: u32, unit_bytes: u32) -> Self {
        let pow2 = unit_bytes.is_power_of_two();
        CreditUnit {
            flit_bytes,
            unit_bytes,
            recip: if pow2 {
                0
            } else {
                u64::MAX / unit_bytes as u64 + 1
            },
            shift: unit_bytes.trailing_zeros(),
        }
    }

    /// `bytes / unit_bytes`, rounded down (Lemire, Kaser and Kurz 2019: the high half of
    /// `bytes` times ceil(2^64 / d) is the quotient for every `bytes` below 2^32).
    #[inline(always)]
    fn units_in(&self, bytes: u64) -> u64 {
        if self.recip == 0 {
            bytes >> self.shift
        } else if bytes >> 32 == 0 {
            ((self.recip as u128 * bytes as u128) >> 64) as u64
        } else {
            bytes / self.unit_bytes as u64
        }
    }

    /// `bytes / unit_bytes`, rounded up.
    #[inline(always)]
    fn units_over(&self, bytes: u64) -> u64 {
        let q = self.units_in(bytes);
        q + (q * self.unit_bytes as u64 != bytes) as u64
    }

    /// One credit per flit?
    #[inline]
    pub fn per_flit(&self) -> bool {
        self.flit_bytes == self.unit_bytes
    }

    /// Credits a buffer of `flits` flits holds (whole units only).
    pub fn buffer_units(&self, flits: u32) -> u32 {
        self.units_in(flits as u64 * self.flit_bytes as u64) as u32
    }

    /// Credits a whole packet of `flits` flits needs (a virtual cut-through header waits for
    /// them all).
    #[inline]
    pub fn packet_units(&self, flits: u32) -> u32 {
        if self.per_flit() {
            return flits;
        }
        self.units_over(flits as u64 * self.flit_bytes as u64) as u32
    }

    /// Units the sender consumes for flit `idx` of a packet.
    #[inline]
    pub fn consume_at(&self, idx: u32) -> u32 {
        if self.per_flit() {
            return 1;
        }
        self.packet_units(idx + 1) - self.packet_units(idx)
    }

    /// Units the receiver returns when it frees flit `idx` of a packet of `flits` flits.
    #[inline]
    pub fn release_at(&self, idx: u32, flits: u32) -> u32 {
        if self.per_flit() {
            return 1;
        }
        let f = self.flit_bytes as u64;
        let whole = (self.units_in((idx as u64 + 1) * f) - self.units_in(idx as u64 * f)) as u32;
        if idx + 1 == flits {
            whole + self.packet_units(flits) - self.units_in(flits as u64 * f) as u32
        } else {
            whole
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_negative_never_above_the_buffer() {
        let mut c = CreditCounter::new(2);
        assert!(c.cycle(true, false).took);
        assert!(c.cycle(true, false).took);
        assert!(!c.can_send());
        let s = c.cycle(true, false);
        assert!(s.underflow && !s.took && c.credits() == 0);
        // a return in the same cycle as a refused consume still comes back
        assert_eq!(
            c.cycle(true, true),
            CreditStep {
                gave: true,
                underflow: true,
                ..Default::default()
            }
        );
        assert_eq!(c.credits(), 1);
        assert!(c.cycle(false, true).gave);
        let s = c.cycle(false, true);
        assert!(s.overflow && c.credits() == 2);
        // full, take and return together: both happen
        assert_eq!(
            c.cycle(true, true),
            CreditStep {
                took: true,
                gave: true,
                ..Default::default()
            }
        );
        assert_eq!((c.credits(), c.underflows, c.overflows), (2, 2, 1));
    }

    #[test]
    fn units_reckoned_without_a_divide_are_the_quotients() {
        // every unit of 1 to 300 bytes (powers of two by shift, the rest by reciprocal) and
        // the widest the configuration takes, byte counts small, at the 2^32 boundary and
        // beyond it (the divide), against plain division
        let units = (1..=300).chain([1 << 20, 1_000_003, u32::MAX]);
        let near = |b: u64| b.saturating_sub(3)..b + 3;
        for u in units {
            let cu = CreditUnit::bytes(7, u);
            let bytes = (0..2000)
                .chain(near(1 << 32))
                .chain(near(u as u64 * 12_345))
                .chain(near(u64::MAX / 8));
            for b in bytes {
                let d = u as u64;
                assert_eq!(cu.units_in(b), b / d, "{b} / {u}");
                assert_eq!(cu.units_over(b), b.div_ceil(d), "{b} / {u} up");
            }
        }
    }

    #[test]
    fn credit_units_are_conserved_per_packet() {
        for f in 1..=9u32 {
            for u in [1u32, 2, 3, 4, 8, 16, 64] {
                let cu = CreditUnit::bytes(f, u);
                for flits in 1..=40u32 {
                    let sent: u32 = (0..flits).map(|i| cu.consume_at(i)).sum();
                    let back: u32 = (0..flits).map(|i| cu.release_at(i, flits)).sum();
                    assert_eq!(sent, cu.packet_units(flits), "f {f} u {u} flits {flits}");
                    assert_eq!(back, sent, "f {f} u {u} flits {flits}");
                    // a unit is returned no earlier than it was consumed
                    let (mut s, mut b) = (0, 0);
                    for i in 0..flits {
                        s += cu.consume_at(i);
                        b += cu.release_at(i, flits);
                        assert!(b <= s, "f {f} u {u} flits {flits} idx {i}");
                    }
                }
            }
        }
        let per = CreditUnit::bytes(4, 0);
        assert!(per.per_flit());
        assert_eq!(per.packet_units(7), 7);
    }

    #[test]
    fn multi_unit_cycle_refuses_what_does_not_fit() {
        let mut c = CreditCounter::new(4);
        c.cycle_units(3, 0);
        assert_eq!(c.credits(), 1);
        c.cycle_units(2, 0);
        assert_eq!((c.credits(), c.underflows), (0, 1));
        c.cycle_units(0, 5);
        assert_eq!((c.credits(), c.overflows), (4, 1));
        c.cycle_units(1, 1);
        assert_eq!(c.credits(), 4);
    }
}
