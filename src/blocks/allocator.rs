//! Separable input-first allocator: the VC allocator and the switch allocator of the
//! virtual-channel router (issue 12; BookSim2's `separable_input_first`).
//!
//! Each input requests a set of outputs. Stage 1: every input's round-robin arbiter picks one of
//! its requested outputs. Stage 2: every output's round-robin arbiter picks one of the inputs
//! that picked it. The result is a matching (at most one output per input and one input per
//! output), not necessarily a maximal one. Pointers move past the winner only for the pairs
//! granted in stage 2, so an input that lost keeps asking for the same output first (as
//! iSLIP with one iteration): no input starves under persistent contention.
//!
//! Combinational: requests in, grants out, in the same cycle; the pointers are the registers.
//! The router's `vc_alloc_delay` / `sw_alloc_delay` pipeline registers are outside this block.
//! Up to 64 inputs and 64 outputs (bit masks); no allocation per cycle.

use super::arbiter::round_robin_pick;

/// No output granted.
pub const NO_GRANT: u8 = u8::MAX;

/// Most inputs or outputs of one allocator.
pub const MAX_SIDE: usize = 64;

/// A separable input-first round-robin allocator of `inputs` × `outputs`.
#[derive(Debug, Clone)]
pub struct SeparableInputFirst {
    inputs: usize,
    outputs: usize,
    /// Stage-1 pointer of every input (over outputs).
    in_ptr: Vec<u32>,
    /// Stage-2 pointer of every output (over inputs).
    out_ptr: Vec<u32>,
    /// Scratch: the inputs that picked each output this cycle.
    picked: Vec<u64>,
}

impl SeparableInputFirst {
    /// An allocator with every pointer at 0.
    pub fn new(inputs: usize, outputs: usize) -> Self {
        assert!((1..=MAX_SIDE).contains(&inputs) && (1..=MAX_SIDE).contains(&outputs));
        SeparableInputFirst {
            inputs,
            outputs,
            in_ptr: vec![0; inputs],
            out_ptr: vec![0; outputs],
            picked: vec![0; outputs],
        }
    }

    /// Ask the cache for the pointers (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::line(self.in_ptr.as_ptr());
        crate::sim::prefetch::line(self.out_ptr.as_ptr());
    }

    /// Number of inputs and outputs.
    pub fn size(&self) -> (usize, usize) {
        (self.inputs, self.outputs)
    }

    /// One allocation: `req[i]` has bit `o` set when input `i` requests output `o`; `grant[i]`
    /// becomes the output granted to input `i`, or [`NO_GRANT`]. Returns the number of grants.
    /// Only the pointers of granted pairs move.
    #[inline]
    pub fn allocate(&mut self, req: &[u64], grant: &mut [u8]) -> u32 {
        debug_assert!(req.len() == self.inputs && grant.len() == self.inputs);
        let out_mask = u64::MAX >> (64 - self.outputs);
        let mut touched = 0u64;
        for (i, &r) in req.iter().enumerate() {
            grant[i] = NO_GRANT;
            if let Some(o) = round_robin_pick(r & out_mask, self.in_ptr[i]) {
                self.picked[o as usize] |= 1 << i;
                touched |= 1 << o;
            }
        }
        let mut n = 0;
        while touched != 0 {
            let o = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let ins = std::mem::take(&mut self.picked[o]);
            let i = round_robin_pick(ins, self.out_ptr[o]).expect("an input picked it") as usize;
            grant[i] = o as u8;
            self.out_ptr[o] = ((i + 1) % self.inputs) as u32;
            self.in_ptr[i] = ((o + 1) % self.outputs) as u32;
            n += 1;
        }
        n
    }

    /// [`SeparableInputFirst::allocate`] visiting only the inputs of `who` (bit i: input i
    /// requests; `req[i]` is read only for those, and only their `grant[i]` is written): the
    /// same grants and pointer moves, at a cost that follows the requests, not the size.
    #[inline]
    pub fn allocate_among(&mut self, who: u64, req: &[u64], grant: &mut [u8]) -> u32 {
        let out_mask = u64::MAX >> (64 - self.outputs);
        if who & (who.wrapping_sub(1)) == 0 && who != 0 {
            // one requester: stage 2 has nothing to arbitrate
            let i = who.trailing_zeros() as usize;
            let Some(o) = round_robin_pick(req[i] & out_mask, self.in_ptr[i]) else {
                grant[i] = NO_GRANT;
                return 0;
            };
            let o = o as usize;
            grant[i] = o as u8;
            self.out_ptr[o] = if i + 1 == self.inputs {
                0
            } else {
                i as u32 + 1
            };
            self.in_ptr[i] = if o + 1 == self.outputs {
                0
            } else {
                o as u32 + 1
            };
            return 1;
        }
        let mut touched = 0u64;
        let mut w = who;
        while w != 0 {
            let i = w.trailing_zeros() as usize;
            w &= w - 1;
            grant[i] = NO_GRANT;
            if let Some(o) = round_robin_pick(req[i] & out_mask, self.in_ptr[i]) {
                self.picked[o as usize] |= 1 << i;
                touched |= 1 << o;
            }
        }
        let mut n = 0;
        while touched != 0 {
            let o = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let ins = std::mem::take(&mut self.picked[o]);
            let i = round_robin_pick(ins, self.out_ptr[o]).expect("an input picked it") as usize;
            grant[i] = o as u8;
            self.out_ptr[o] = if i + 1 == self.inputs {
                0
            } else {
                i as u32 + 1
            };
            self.in_ptr[i] = if o + 1 == self.outputs {
                0
            } else {
                o as u32 + 1
            };
            n += 1;
        }
        n
    }

    /// The stage-1 pointer of input `i` and the stage-2 pointer of output `o` (for probes and
    /// the RTL twin).
    pub fn pointers(&self, i: usize, o: usize) -> (usize, usize) {
        (self.in_ptr[i] as usize, self.out_ptr[o] as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loser_asks_for_the_same_output_again() {
        let mut a = SeparableInputFirst::new(2, 2);
        let mut g = [0u8; 2];
        // both pick output 0 (pointers at 0); output 0 grants input 0
        assert_eq!(a.allocate(&[0b11, 0b01], &mut g), 1);
        assert_eq!(g, [0, NO_GRANT]);
        // output 0's pointer moved to 1: input 1 wins output 0; input 0 (pointer 1) picks 1
        assert_eq!(a.allocate(&[0b11, 0b01], &mut g), 2);
        assert_eq!(g, [1, 0]);
        // a lone request is granted at once
        assert_eq!(a.allocate(&[0, 0b10], &mut g), 1);
        assert_eq!(g, [NO_GRANT, 1]);
    }

    #[test]
    fn visiting_only_the_requesters_changes_nothing() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (mut a, mut b) = (
            SeparableInputFirst::new(10, 10),
            SeparableInputFirst::new(10, 10),
        );
        let (mut ga, mut gb) = ([0u8; 10], [0u8; 10]);
        for _ in 0..20_000 {
            let mut req = [0u64; 10];
            let mut who = 0u64;
            for (i, r) in req.iter_mut().enumerate() {
                if rng.random::<f64>() < 0.3 {
                    *r = rng.random::<u64>() & 0x3ff;
                    who |= (*r != 0) as u64 * (1 << i);
                }
            }
            assert_eq!(
                a.allocate(&req, &mut ga),
                b.allocate_among(who, &req, &mut gb)
            );
            for i in 0..10 {
                if who >> i & 1 == 1 {
                    assert_eq!(ga[i], gb[i]);
                }
                assert_eq!(a.pointers(i, i), b.pointers(i, i));
            }
        }
    }

    #[test]
    fn no_requests_no_grants() {
        let mut a = SeparableInputFirst::new(5, 5);
        let mut g = [0u8; 5];
        assert_eq!(a.allocate(&[0; 5], &mut g), 0);
        assert!(g.iter().all(|&x| x == NO_GRANT));
        // requests beyond the outputs are ignored
        assert_eq!(a.allocate(&[1 << 7, 0, 0, 0, 0], &mut g), 0);
    }
}
