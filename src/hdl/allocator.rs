//! RTL twin of the separable input-first allocator (issue 12; model: `blocks::allocator`).
//!
//! Five inputs by five outputs: the switch allocator of a mesh router with one terminal (the
//! BookSim2 `iq` preset). `req` holds input i's requested outputs in bits 5i..5i+5. Stage 1:
//! every input's round-robin arbiter (pointer `in_ptr[i]`) picks one requested output; stage 2:
//! every output's arbiter (pointer `out_ptr[o]`) picks one of the inputs that picked it. The
//! grant is combinational (`grant` bit 5i+o: input i gets output o); only the pointers of granted
//! pairs move at the edge, one past the winner.

use super::lockstep::{port, Clocked, Port, Twin};
use crate::blocks::allocator::{SeparableInputFirst, NO_GRANT};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Inputs and outputs.
pub const N: usize = 5;

/// The allocator's RTL twin.
#[derive(LogicBlock)]
pub struct AllocatorRtl {
    pub clock: Signal<In, Clock>,
    /// Bit 5i+o: input i requests output o.
    pub req: Signal<In, Bits<25>>,
    /// Bit 5i+o: input i is granted output o.
    pub grant: Signal<Out, Bits<25>>,
    /// Stage-1 pointers, 3 bits per input (input i in bits 3i..3i+3).
    pub in_ptrs: Signal<Out, Bits<15>>,
    /// Stage-2 pointers, 3 bits per output.
    pub out_ptrs: Signal<Out, Bits<15>>,
    in_ptr: [DFF<Bits<3>>; N],
    out_ptr: [DFF<Bits<3>>; N],
    row: [Signal<Local, Bits<N>>; N],
    imask: [Signal<Local, Bits<N>>; N],
    pick: [Signal<Local, Bits<N>>; N],
    col: [Signal<Local, Bits<N>>; N],
    omask: [Signal<Local, Bits<N>>; N],
    win: [Signal<Local, Bits<N>>; N],
    grow: [Signal<Local, Bits<N>>; N],
    gacc: Signal<Local, Bits<25>>,
    iacc: Signal<Local, Bits<15>>,
    oacc: Signal<Local, Bits<15>>,
    /// `onehot[i]` = bit i alone (set bits by OR, see `hdl::ir_fir`).
    onehot: [Constant<Bits<N>>; N],
    /// One-hot constants of the packed ports.
    oh25: [Constant<Bits<25>>; 25],
    oh15: [Constant<Bits<15>>; 15],
    /// The successor of every pointer value (i + 1, wrapping after N - 1).
    next: [Constant<Bits<3>>; N],
}

impl Default for AllocatorRtl {
    fn default() -> Self {
        AllocatorRtl {
            clock: Default::default(),
            req: Default::default(),
            grant: Default::default(),
            in_ptrs: Default::default(),
            out_ptrs: Default::default(),
            in_ptr: std::array::from_fn(|_| Default::default()),
            out_ptr: std::array::from_fn(|_| Default::default()),
            row: std::array::from_fn(|_| Default::default()),
            imask: std::array::from_fn(|_| Default::default()),
            pick: std::array::from_fn(|_| Default::default()),
            col: std::array::from_fn(|_| Default::default()),
            omask: std::array::from_fn(|_| Default::default()),
            win: std::array::from_fn(|_| Default::default()),
            grow: std::array::from_fn(|_| Default::default()),
            gacc: Default::default(),
            iacc: Default::default(),
            oacc: Default::default(),
            onehot: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
            oh25: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
            oh15: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
            next: std::array::from_fn(|i| Constant::new((((i + 1) % N) as u64).into())),
        }
    }
}

// rust-hdl prints expressions without their parentheses (primer §6): mixed operators are
// parenthesised, including where rustc calls it unnecessary.
#[allow(unused_parens)]
impl Logic for AllocatorRtl {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..N {
            self.in_ptr[i].clock.next = self.clock.val();
            self.out_ptr[i].clock.next = self.clock.val();
            self.in_ptr[i].d.next = self.in_ptr[i].q.val();
            self.out_ptr[i].d.next = self.out_ptr[i].q.val();
        }
        // the request rows
        for i in 0..N {
            self.row[i].next = 0.into();
            for o in 0..N {
                if self.req.val().get_bit(5 * i + o) {
                    self.row[i].next = (self.row[i].val() | self.onehot[o].val());
                }
            }
        }
        // stage 1: each input picks its first requested output at or after its pointer
        for i in 0..N {
            self.imask[i].next =
                (self.row[i].val() & !((bits::<N>(1) << self.in_ptr[i].q.val()) - 1));
            if self.imask[i].val().any() {
                self.pick[i].next = (self.imask[i].val() & (!self.imask[i].val() + 1));
            } else {
                self.pick[i].next = (self.row[i].val() & (!self.row[i].val() + 1));
            }
        }
        // stage 2: each output picks its first picking input at or after its pointer
        for o in 0..N {
            self.col[o].next = 0.into();
            for i in 0..N {
                if self.pick[i].val().get_bit(o) {
                    self.col[o].next = (self.col[o].val() | self.onehot[i].val());
                }
            }
            self.omask[o].next =
                (self.col[o].val() & !((bits::<N>(1) << self.out_ptr[o].q.val()) - 1));
            if self.omask[o].val().any() {
                self.win[o].next = (self.omask[o].val() & (!self.omask[o].val() + 1));
            } else {
                self.win[o].next = (self.col[o].val() & (!self.col[o].val() + 1));
            }
            for i in 0..N {
                if self.win[o].val().get_bit(i) {
                    self.out_ptr[o].d.next = self.next[i].val();
                }
            }
        }
        // grants per input, packed; a granted input's pointer moves past its output
        for i in 0..N {
            self.grow[i].next = 0.into();
            for o in 0..N {
                if self.win[o].val().get_bit(i) {
                    self.grow[i].next = (self.grow[i].val() | self.onehot[o].val());
                    self.in_ptr[i].d.next = self.next[o].val();
                }
            }
        }
        self.gacc.next = 0.into();
        self.iacc.next = 0.into();
        self.oacc.next = 0.into();
        for i in 0..N {
            for o in 0..N {
                if self.grow[i].val().get_bit(o) {
                    self.gacc.next = (self.gacc.val() | self.oh25[5 * i + o].val());
                }
            }
            for k in 0..3 {
                if self.in_ptr[i].q.val().get_bit(k) {
                    self.iacc.next = (self.iacc.val() | self.oh15[3 * i + k].val());
                }
                if self.out_ptr[i].q.val().get_bit(k) {
                    self.oacc.next = (self.oacc.val() | self.oh15[3 * i + k].val());
                }
            }
        }
        self.grant.next = self.gacc.val();
        self.in_ptrs.next = self.iacc.val();
        self.out_ptrs.next = self.oacc.val();
    }
}

impl Clocked for AllocatorRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
}

/// Pack per-index 3-bit values.
fn pack3(f: impl Fn(usize) -> usize) -> u64 {
    (0..N).fold(0, |a, i| a | ((f(i) as u64) << (3 * i)))
}

impl Twin for AllocatorRtl {
    const NAME: &'static str = "allocator";
    const SUMMARY: &'static str =
        "separable input-first round-robin allocator, 5 x 5 (VC router switch allocation, BookSim2 iq)";
    const INPUTS: &'static [Port] = &[port("req", 25)];
    const OUTPUTS: &'static [Port] =
        &[port("grant", 25), port("in_ptrs", 15), port("out_ptrs", 15)];
    type Model = SeparableInputFirst;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> SeparableInputFirst {
        SeparableInputFirst::new(N, N)
    }

    fn drive(&mut self, inp: &[u64]) {
        self.req.next = inp[0].into();
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.grant.val().to_u64();
        out[1] = self.in_ptrs.val().to_u64();
        out[2] = self.out_ptrs.val().to_u64();
    }

    fn model_cycle(m: &mut SeparableInputFirst, inp: &[u64], out: &mut [u64]) {
        out[1] = pack3(|i| m.pointers(i, 0).0);
        out[2] = pack3(|o| m.pointers(0, o).1);
        let req: [u64; N] = std::array::from_fn(|i| (inp[0] >> (5 * i)) & 0x1f);
        let mut g = [NO_GRANT; N];
        m.allocate(&req, &mut g);
        out[0] = (0..N)
            .filter(|&i| g[i] != NO_GRANT)
            .fold(0, |a, i| a | 1 << (5 * i + g[i] as usize));
    }

    fn directed() -> Vec<Vec<u64>> {
        let mut v = vec![vec![0]; 2];
        // each input alone asking each output: both pointers follow and wrap
        for i in 0..N {
            for o in 0..N {
                v.push(vec![1 << (5 * i + o)]);
            }
        }
        // full demand: a rotating perfect matching
        v.extend((0..3 * N).map(|_| vec![(1 << 25) - 1]));
        // everybody wants output 0, then output 4 only, then a diagonal
        v.extend((0..2 * N).map(|_| vec![(0..N).fold(0, |a, i| a | 1 << (5 * i))]));
        v.extend((0..N).map(|_| vec![(0..N).fold(0, |a, i| a | 1 << (5 * i + 4))]));
        v.extend((0..N).map(|_| vec![(0..N).fold(0, |a, i| a | 1 << (6 * i))]));
        v
    }

    fn random(rng: &mut ChaCha8Rng, cycle: u64, _: &Self::Model, inp: &mut [u64]) {
        let density = [0.05, 0.2, 0.5, 0.9][((cycle / 256) % 4) as usize];
        inp[0] = (0..25).fold(0, |r, b| r | ((rng.random_bool(density) as u64) << b));
    }
}
