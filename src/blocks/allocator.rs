//! Separable input-first allocator: the VC allocator and the switch allocator of the
//! virtual-channel router (BookSim2's `separable_input_first`).
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

/// Requests of every input, bit o = output o (fixed size: an index below [`MAX_SIDE`] needs no
/// bounds check).
pub type Requests = [u64; MAX_SIDE];

/// The output granted to every input, or [`NO_GRANT`].
pub type Grants = [u8; MAX_SIDE];

/// The pointers and the scratch of one allocator, in one block of fixed size.
#[derive(Debug, Clone)]
struct Regs {
    /// `ptr[i][0]`: stage-1 pointer of input i (over outputs); `ptr[o][1]`: stage-2 pointer of
    /// output o (over inputs). Side by side: a small allocator's pointers share a cache line.
    ptr: [[u8; 2]; MAX_SIDE],
    /// Scratch: the inputs that picked each output this cycle.
    picked: [u64; MAX_SIDE],
}

/// A separable input-first round-robin allocator of `inputs` × `outputs`.
#[derive(Debug, Clone)]
pub struct SeparableInputFirst {
    inputs: usize,
    outputs: usize,
    /// Bit o for every output.
    out_mask: u64,
    r: Box<Regs>,
}

/// Index `i` (below [`MAX_SIDE`]) of a fixed-size table.
#[inline(always)]
fn ix(i: usize) -> usize {
    i & (MAX_SIDE - 1)
}

/// [`round_robin_pick`] for a pointer below 64.
#[inline(always)]
fn pick(req: u64, ptr: u8) -> Option<u32> {
    if req == 0 {
        return None;
    }
    let high = req & (u64::MAX << (ptr & 63));
    Some(if high != 0 {
        high.trailing_zeros()
    } else {
        req.trailing_zeros()
    })
}

impl SeparableInputFirst {
    /// An allocator with every pointer at 0.
    pub fn new(inputs: usize, outputs: usize) -> Self {
        assert!((1..=MAX_SIDE).contains(&inputs) && (1..=MAX_SIDE).contains(&outputs));
        SeparableInputFirst {
            inputs,
            outputs,
            out_mask: u64::MAX >> (64 - outputs),
            r: Box::new(Regs {
                ptr: [[0; 2]; MAX_SIDE],
                picked: [0; MAX_SIDE],
            }),
        }
    }

    /// Set the pointers of rows `0..rows.len()` ([input i's, output i's], as
    /// [`SeparableInputFirst::pointers`]`(i, i)` gives them), as a model of the same allocator
    /// evaluated elsewhere holds them.
    pub fn load_pointers(&mut self, rows: &[[u8; 2]]) {
        for (i, r) in rows.iter().enumerate() {
            self.r.ptr[ix(i)] = *r;
        }
    }

    /// Ask the cache for the pointers (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::line(self.r.ptr.as_ptr());
    }

    /// Number of inputs and outputs.
    pub fn size(&self) -> (usize, usize) {
        (self.inputs, self.outputs)
    }

    /// One allocation: `req[i]` has bit `o` set when input `i` requests output `o`; `grant[i]`
    /// becomes the output granted to input `i`, or [`NO_GRANT`]. Returns the number of grants.
    /// Only the pointers of granted pairs move. (The plain form, every input visited: the
    /// reference [`SeparableInputFirst::allocate_among`] is tested against.)
    pub fn allocate(&mut self, req: &[u64], grant: &mut [u8]) -> u32 {
        debug_assert!(req.len() == self.inputs && grant.len() == self.inputs);
        let out_mask = u64::MAX >> (64 - self.outputs);
        let r = &mut *self.r;
        let mut touched = 0u64;
        for (i, &q) in req.iter().enumerate() {
            grant[i] = NO_GRANT;
            if let Some(o) = round_robin_pick(q & out_mask, r.ptr[i][0] as u32) {
                r.picked[o as usize] |= 1 << i;
                touched |= 1 << o;
            }
        }
        let mut n = 0;
        while touched != 0 {
            let o = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            let ins = std::mem::take(&mut r.picked[o]);
            let i = round_robin_pick(ins, r.ptr[o][1] as u32).expect("an input picked it") as usize;
            grant[i] = o as u8;
            r.ptr[o][1] = ((i + 1) % self.inputs) as u8;
            r.ptr[i][0] = ((o + 1) % self.outputs) as u8;
            n += 1;
        }
        n
    }

    /// [`SeparableInputFirst::allocate`] visiting only the inputs of `who` (bit i: input i
    /// requests; `req[i]` is read only for those, and only their `grant[i]` is written): the
    /// same grants and pointer moves, at a cost that follows the requests, not the size. Up to
    /// 8 inputs and 8 outputs, stage 2 keeps the inputs that picked each output in one word
    /// (8 bits per output) instead of the scratch table.
    #[inline(always)]
    pub fn allocate_among(&mut self, who: u64, req: &Requests, grant: &mut Grants) -> u32 {
        self.allocate_by(who, |i| req[ix(i)], grant)
    }

    /// [`SeparableInputFirst::allocate_among`] reading input `i`'s requests as `req(i)` (for
    /// `i` in `who` only), so a stage may keep them beside its other per-input registers.
    #[inline(always)]
    pub fn allocate_by(&mut self, who: u64, req: impl Fn(usize) -> u64, grant: &mut Grants) -> u32 {
        let (ni, no) = (self.inputs, self.outputs);
        let out_mask = self.out_mask;
        let r = &mut *self.r;
        if who & (who.wrapping_sub(1)) == 0 {
            // one requester (or none): stage 2 has nothing to arbitrate
            if who == 0 {
                return 0;
            }
            let i = ix(who.trailing_zeros() as usize);
            let Some(o) = pick(req(i) & out_mask, r.ptr[i][0]) else {
                grant[i] = NO_GRANT;
                return 0;
            };
            let o = ix(o as usize);
            grant[i] = o as u8;
            r.ptr[o][1] = if i + 1 == ni { 0 } else { i as u8 + 1 };
            r.ptr[i][0] = if o + 1 == no { 0 } else { o as u8 + 1 };
            return 1;
        }
        let mut n = 0;
        if ni <= 8 && no <= 8 {
            // bit 8·o + i: input i picked output o
            let mut picked = 0u64;
            let mut touched = 0u64;
            let mut w = who;
            while w != 0 {
                let i = ix(w.trailing_zeros() as usize);
                w &= w - 1;
                grant[i] = NO_GRANT;
                if let Some(o) = pick(req(i) & out_mask, r.ptr[i][0]) {
                    picked |= 1 << (8 * o + i as u32);
                    touched |= 1 << o;
                }
            }
            while touched != 0 {
                let o = ix(touched.trailing_zeros() as usize);
                touched &= touched - 1;
                let ins = (picked >> (8 * o)) & 0xff;
                let i = ix(pick(ins, r.ptr[o][1]).unwrap_or(0) as usize);
                grant[i] = o as u8;
                r.ptr[o][1] = if i + 1 == ni { 0 } else { i as u8 + 1 };
                r.ptr[i][0] = if o + 1 == no { 0 } else { o as u8 + 1 };
                n += 1;
            }
            return n;
        }
        let mut touched = 0u64;
        let mut w = who;
        while w != 0 {
            let i = ix(w.trailing_zeros() as usize);
            w &= w - 1;
            grant[i] = NO_GRANT;
            if let Some(o) = pick(req(i) & out_mask, r.ptr[i][0]) {
                r.picked[ix(o as usize)] |= 1 << i;
                touched |= 1 << o;
            }
        }
        while touched != 0 {
            let o = ix(touched.trailing_zeros() as usize);
            touched &= touched - 1;
            let ins = std::mem::take(&mut r.picked[o]);
            let i = ix(pick(ins, r.ptr[o][1]).unwrap_or(0) as usize);
            grant[i] = o as u8;
            r.ptr[o][1] = if i + 1 == ni { 0 } else { i as u8 + 1 };
            r.ptr[i][0] = if o + 1 == no { 0 } else { o as u8 + 1 };
            n += 1;
        }
        n
    }

    /// The stage-1 pointer of input `i` and the stage-2 pointer of output `o` (for probes and
    /// the RTL twin).
    pub fn pointers(&self, i: usize, o: usize) -> (usize, usize) {
        (self.r.ptr[i][0] as usize, self.r.ptr[o][1] as usize)
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
        // every size on both sides of the one-word stage 2 (up to 8 × 8), against the plain
        // form: the same grants and the same pointers
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for (ni, no) in [
            (1, 1),
            (2, 3),
            (5, 5),
            (8, 8),
            (8, 9),
            (9, 8),
            (10, 10),
            (12, 7),
        ] {
            let (mut a, mut b) = (
                SeparableInputFirst::new(ni, no),
                SeparableInputFirst::new(ni, no),
            );
            let mut ga = vec![0u8; ni];
            let mut gb: Grants = [0; MAX_SIDE];
            for round in 0..20_000 {
                let mut req: Requests = [0; MAX_SIDE];
                let mut who = 0u64;
                let p = [0.1, 0.3, 0.8][round % 3];
                for (i, r) in req.iter_mut().take(ni).enumerate() {
                    if rng.random::<f64>() < p {
                        *r = rng.random::<u64>() & (u64::MAX >> (64 - no));
                        who |= (*r != 0) as u64 * (1 << i);
                    }
                }
                assert_eq!(
                    a.allocate(&req[..ni], &mut ga),
                    b.allocate_among(who, &req, &mut gb)
                );
                for i in 0..ni {
                    if who >> i & 1 == 1 {
                        assert_eq!(ga[i], gb[i], "{ni}x{no} input {i}");
                    }
                    for o in 0..no {
                        assert_eq!(a.pointers(i, o), b.pointers(i, o));
                    }
                }
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
