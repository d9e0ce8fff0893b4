//! Credit delay line of the virtual-channel router (issue 12; BookSim2's `credit_delay`):
//! credits returned on any output's link wait `delay` cycles at the sender before its credit
//! counters see them. The line is decoded by cycle: one slot per cycle of a ring of at least
//! `delay + 1`, holding a mask of the outputs whose credit arrived in that cycle and, per
//! output, the credit (VC and units) — at most one per output and cycle, as a link carries one
//! symbol a cycle. A credit that arrives at cycle t comes out at t + `delay`, the outputs in
//! ascending order. A small router's line is one cache line (a 5-port router with a delay of
//! 2: 4 masks and 20 credits); an empty line costs nothing; no allocation per cycle.

use crate::sim::FlowCtl;

/// Words of one cache line of the line's storage.
const WORDS: usize = 16;

/// One cache line of the line's storage: the slots' masks, then the credits, two a word.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
struct Line([u32; WORDS]);

/// The delay line of one router.
#[derive(Debug, Clone)]
pub struct CreditDelay {
    delay: u32,
    /// Slots minus one (a power of two minus one, at least `delay`).
    mask: u32,
    ports: u32,
    /// Credits inside.
    len: u32,
    /// Word `s` (below the slots): slot s's mask of outputs (bit p); from word `slots`, half
    /// word `s · ports + p`: output p's credit of slot s as `vc | n << 8`.
    mem: Box<[Line]>,
}

impl CreditDelay {
    /// A line of `delay` cycles for a router of `ports` (at most 32) outputs.
    pub fn new(ports: usize, delay: u32) -> Self {
        assert!(ports <= 32, "a credit delay line serves at most 32 outputs");
        let slots = (delay as usize + 1).next_power_of_two();
        let words = slots + (slots * ports.max(1)).div_ceil(2);
        CreditDelay {
            delay,
            mask: slots as u32 - 1,
            ports: ports as u32,
            len: 0,
            mem: vec![Line::default(); words.div_ceil(WORDS)].into_boxed_slice(),
        }
    }

    /// Credits inside the line.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Ask the cache for the line's first cache line (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::line(&self.mem[0]);
    }

    /// Nothing inside.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Word `w` of the storage.
    #[inline(always)]
    fn word(&mut self, w: usize) -> &mut u32 {
        &mut self.mem[w / WORDS].0[w % WORDS]
    }

    /// A credit for output `port` arrived at cycle `now` (any other symbol is not a credit
    /// and is dropped).
    #[inline]
    pub fn push(&mut self, now: u64, port: usize, credit: FlowCtl) {
        let FlowCtl::Credit { vc, n } = credit else {
            return;
        };
        let slot = (now & self.mask as u64) as usize;
        debug_assert!(port < self.ports as usize);
        let bit = 1u32 << (port & 31);
        let m = self.word(slot);
        debug_assert!(*m & bit == 0, "two credits for one output in one cycle");
        *m |= bit;
        let half = slot * self.ports as usize + port;
        let at = self.mask as usize + 1 + half / 2;
        let sh = 16 * (half % 2);
        let w = self.word(at);
        *w = *w & !(0xffff << sh) | (vc as u32 | (n as u32) << 8) << sh;
        self.len += 1;
    }

    /// The credits due at cycle `now` (arrived at `now - delay`), each handed to
    /// `apply(port, credit)`. The line is read every cycle while it holds credits.
    #[inline]
    pub fn pop_due(&mut self, now: u64, mut apply: impl FnMut(usize, FlowCtl)) {
        if self.len == 0 || now < self.delay as u64 {
            return;
        }
        let slot = ((now - self.delay as u64) & self.mask as u64) as usize;
        let mut m = std::mem::take(self.word(slot));
        let base = self.mask as usize + 1;
        while m != 0 {
            let port = m.trailing_zeros() as usize;
            m &= m - 1;
            let half = slot * self.ports as usize + port;
            let c = *self.word(base + half / 2) >> (16 * (half % 2));
            self.len -= 1;
            apply(
                port,
                FlowCtl::Credit {
                    vc: c as u8,
                    n: (c >> 8) as u8,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credits_come_out_after_the_delay_in_order() {
        let mut d = CreditDelay::new(5, 2);
        let c = |vc| FlowCtl::Credit { vc, n: 1 };
        d.push(10, 3, c(0));
        d.push(10, 1, c(1));
        d.push(11, 4, c(0));
        let mut out = vec![];
        d.pop_due(11, |p, x| out.push((11, p, x)));
        assert!(out.is_empty());
        d.pop_due(12, |p, x| out.push((12, p, x)));
        d.pop_due(13, |p, x| out.push((13, p, x)));
        // the outputs of one cycle in ascending order
        assert_eq!(out, vec![(12, 1, c(1)), (12, 3, c(0)), (13, 4, c(0))]);
        assert!(d.is_empty());
    }

    #[test]
    fn every_credit_comes_out_once_with_its_units_at_its_cycle() {
        // routers from 1 to 32 outputs and delays from 1 to 6 (storage of several cache
        // lines), against a list of (due, port, credit): each credit comes out exactly at
        // its due cycle with its VC and units
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for (ports, delay) in [(1, 1), (5, 2), (7, 3), (12, 6), (32, 2), (32, 5)] {
            let mut d = CreditDelay::new(ports, delay);
            let mut expect: Vec<(u64, usize, FlowCtl)> = vec![];
            let mut got = vec![];
            for now in 0..2_000u64 {
                d.pop_due(now, |p, c| got.push((now, p, c)));
                for p in 0..ports {
                    if rng.random::<f64>() < 0.4 {
                        let c = FlowCtl::Credit {
                            vc: rng.random_range(0..16),
                            n: rng.random(),
                        };
                        d.push(now, p, c);
                        expect.push((now + delay as u64, p, c));
                    }
                }
            }
            expect.retain(|e| e.0 < 2_000);
            assert_eq!(got, expect, "{ports} outputs, delay {delay}");
        }
    }
}
