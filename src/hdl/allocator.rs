//! RTL twins of the separable input-first allocator (model: `blocks::allocator`), at
//! the two sizes of the VC router of the BookSim2 `iq` preset (5 ports, 2 VCs):
//! * `allocator` — the switch allocator, 5 inputs x 5 outputs (here);
//! * `vc_allocator` — the VC allocator, 10 input VCs x 10 output VCs (`hdl::vc_allocator`,
//!   stamped from the macro below).
//!
//! Requests arrive as one row of N bits per input, split over two ports of at most 64 bits
//! (`req_lo` holds inputs 0..LO, `req_hi` the rest; bit `N*i + o` of the whole vector: input i
//! requests output o); grants leave the same way (`grant_lo`, `grant_hi`). Stage 1: every
//! input's round-robin arbiter (pointer `in_ptr[i]`) picks one requested output; stage 2: every
//! output's arbiter (pointer `out_ptr[o]`) picks one of the inputs that picked it. The grant is
//! combinational; only the pointers of granted pairs move at the edge, one past the winner.
//! One description for both sizes: a macro stamps the block with literal sizes, because
//! rust-hdl emits const generics inside index expressions by name (primer §6).

use super::lockstep::{derived, param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::allocator::{SeparableInputFirst, NO_GRANT};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Pack per-index `w`-bit values of `n` indices.
pub(super) fn pack(n: usize, w: usize, f: impl Fn(usize) -> usize) -> u64 {
    (0..n).fold(0, |a, i| a | ((f(i) as u64) << (w * i)))
}

/// The requests of `n` inputs (rows of `n` bits) from the two request ports (`lo` inputs in
/// the low one).
pub(super) fn rows(n: usize, lo: usize, inp: &[u64]) -> Vec<u64> {
    let row = (1u64 << n) - 1;
    (0..n)
        .map(|i| match i < lo {
            true => (inp[0] >> (n * i)) & row,
            false => (inp[1] >> (n * (i - lo))) & row,
        })
        .collect()
}

/// The grant ports of a model allocation.
pub(super) fn grant_ports(n: usize, lo: usize, g: &[u8]) -> (u64, u64) {
    let (mut a, mut b) = (0u64, 0u64);
    for (i, &o) in g.iter().enumerate() {
        if o != NO_GRANT {
            match i < lo {
                true => a |= 1 << (n * i + o as usize),
                false => b |= 1 << (n * (i - lo) + o as usize),
            }
        }
    }
    (a, b)
}

/// One allocator twin of literal sizes: name, N, pointer bits, LO inputs in the low ports,
/// LO*N and (N-LO)*N port bits, N*pointer bits, registry name, summary, synthesized area. The sizes are token
/// trees, not `literal` fragments: those reach `#[hdl_gen]` wrapped in invisible groups, which
/// it refuses.
macro_rules! allocator_twin {
    ($name:ident, $n:tt, $pw:tt, $lo:tt, $lob:tt, $hib:tt, $pn:tt, $reg:literal, $summary:literal, $area:expr) => {
        /// The allocator's RTL twin.
        #[derive(LogicBlock)]
        pub struct $name {
            pub clock: Signal<In, Clock>,
            /// Synchronous active-high reset: every register to its power-on state.
            pub reset: Signal<In, Bit>,
            /// Requests of inputs 0..LO and LO..N: bit N·i + o, input i requests output o.
            pub req_lo: Signal<In, Bits<$lob>>,
            pub req_hi: Signal<In, Bits<$hib>>,
            /// Grants, packed as the requests.
            pub grant_lo: Signal<Out, Bits<$lob>>,
            pub grant_hi: Signal<Out, Bits<$hib>>,
            /// Stage-1 pointers, `$pw` bits per input, and stage-2 pointers per output.
            pub in_ptrs: Signal<Out, Bits<$pn>>,
            pub out_ptrs: Signal<Out, Bits<$pn>>,
            in_ptr: [ResetDff<Bits<$pw>>; $n],
            out_ptr: [ResetDff<Bits<$pw>>; $n],
            row: [Signal<Local, Bits<$n>>; $n],
            imask: [Signal<Local, Bits<$n>>; $n],
            pick: [Signal<Local, Bits<$n>>; $n],
            col: [Signal<Local, Bits<$n>>; $n],
            omask: [Signal<Local, Bits<$n>>; $n],
            win: [Signal<Local, Bits<$n>>; $n],
            glo: Signal<Local, Bits<$lob>>,
            ghi: Signal<Local, Bits<$hib>>,
            iacc: Signal<Local, Bits<$pn>>,
            oacc: Signal<Local, Bits<$pn>>,
            /// `onehot[i]` = bit i alone (set bits by OR, see `hdl::ir_fir`).
            onehot: [Constant<Bits<$n>>; $n],
            /// One-hot constants of the packed ports.
            ohlo: [Constant<Bits<$lob>>; $lob],
            ohhi: [Constant<Bits<$hib>>; $hib],
            ohp: [Constant<Bits<$pn>>; $pn],
            /// The successor of every pointer value (i + 1, wrapping after N - 1).
            next: [Constant<Bits<$pw>>; $n],
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    clock: Default::default(),
                    reset: Default::default(),
                    req_lo: Default::default(),
                    req_hi: Default::default(),
                    grant_lo: Default::default(),
                    grant_hi: Default::default(),
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
                    glo: Default::default(),
                    ghi: Default::default(),
                    iacc: Default::default(),
                    oacc: Default::default(),
                    onehot: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
                    ohlo: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
                    ohhi: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
                    ohp: std::array::from_fn(|i| Constant::new((1u64 << i).into())),
                    next: std::array::from_fn(|i| Constant::new((((i + 1) % $n) as u64).into())),
                }
            }
        }

        // rust-hdl prints expressions without their parentheses (primer §6): mixed operators
        // are parenthesised, including where rustc calls it unnecessary.
        #[allow(unused_parens)]
        impl Logic for $name {
            #[hdl_gen]
            fn update(&mut self) {
                for i in 0..$n {
                    self.in_ptr[i].clock.next = self.clock.val();
                    self.in_ptr[i].reset.next = self.reset.val();
                    self.out_ptr[i].clock.next = self.clock.val();
                    self.out_ptr[i].reset.next = self.reset.val();
                    self.in_ptr[i].d.next = self.in_ptr[i].q.val();
                    self.out_ptr[i].d.next = self.out_ptr[i].q.val();
                }
                // the request rows
                for i in 0..$lo {
                    self.row[i].next = 0.into();
                    for o in 0..$n {
                        if self.req_lo.val().get_bit($n * i + o) {
                            self.row[i].next = (self.row[i].val() | self.onehot[o].val());
                        }
                    }
                }
                for i in $lo..$n {
                    self.row[i].next = 0.into();
                    for o in 0..$n {
                        if self.req_hi.val().get_bit($n * i + o - $lob) {
                            self.row[i].next = (self.row[i].val() | self.onehot[o].val());
                        }
                    }
                }
                // stage 1: each input picks its first requested output at or after its pointer
                for i in 0..$n {
                    self.imask[i].next =
                        (self.row[i].val() & !((bits::<$n>(1) << self.in_ptr[i].q.val()) - 1));
                    if self.imask[i].val().any() {
                        self.pick[i].next = (self.imask[i].val() & (!self.imask[i].val() + 1));
                    } else {
                        self.pick[i].next = (self.row[i].val() & (!self.row[i].val() + 1));
                    }
                }
                // stage 2: each output picks its first picking input at or after its pointer
                for o in 0..$n {
                    self.col[o].next = 0.into();
                    for i in 0..$n {
                        if self.pick[i].val().get_bit(o) {
                            self.col[o].next = (self.col[o].val() | self.onehot[i].val());
                        }
                    }
                    self.omask[o].next =
                        (self.col[o].val() & !((bits::<$n>(1) << self.out_ptr[o].q.val()) - 1));
                    if self.omask[o].val().any() {
                        self.win[o].next = (self.omask[o].val() & (!self.omask[o].val() + 1));
                    } else {
                        self.win[o].next = (self.col[o].val() & (!self.col[o].val() + 1));
                    }
                    for i in 0..$n {
                        if self.win[o].val().get_bit(i) {
                            self.out_ptr[o].d.next = self.next[i].val();
                        }
                    }
                }
                // grants, packed; a granted input's pointer moves past its output
                self.glo.next = 0.into();
                self.ghi.next = 0.into();
                for o in 0..$n {
                    for i in 0..$lo {
                        if self.win[o].val().get_bit(i) {
                            self.glo.next = (self.glo.val() | self.ohlo[$n * i + o].val());
                            self.in_ptr[i].d.next = self.next[o].val();
                        }
                    }
                    for i in $lo..$n {
                        if self.win[o].val().get_bit(i) {
                            self.ghi.next = (self.ghi.val() | self.ohhi[$n * i + o - $lob].val());
                            self.in_ptr[i].d.next = self.next[o].val();
                        }
                    }
                }
                self.iacc.next = 0.into();
                self.oacc.next = 0.into();
                for i in 0..$n {
                    for k in 0..$pw {
                        if self.in_ptr[i].q.val().get_bit(k) {
                            self.iacc.next = (self.iacc.val() | self.ohp[$pw * i + k].val());
                        }
                        if self.out_ptr[i].q.val().get_bit(k) {
                            self.oacc.next = (self.oacc.val() | self.ohp[$pw * i + k].val());
                        }
                    }
                }
                self.grant_lo.next = self.glo.val();
                self.grant_hi.next = self.ghi.val();
                self.in_ptrs.next = self.iacc.val();
                self.out_ptrs.next = self.oacc.val();
            }
        }

        impl Clocked for $name {
            fn set_clock(&mut self, high: bool) {
                self.clock.next = Clock { clk: high };
            }
            fn set_reset(&mut self, on: bool) {
                self.reset.next = on;
            }
        }

        impl Twin for $name {
            const NAME: &'static str = $reg;
            const SUMMARY: &'static str = $summary;
            const AREA: crate::hdl::area::Area = $area;
            const INPUTS: &'static [Port] = &[port("req_lo", $lob), port("req_hi", $hib)];
            const OUTPUTS: &'static [Port] = &[
                port("grant_lo", $lob),
                port("grant_hi", $hib),
                port("in_ptrs", $pn),
                port("out_ptrs", $pn),
            ];
            const PARAMS: &'static [Param] = &[
                param(
                    "N",
                    $n,
                    "inputs and outputs",
                    &["row_*", "imask_*", "pick_*", "col_*", "omask_*", "win_*"],
                ),
                derived(
                    "PTR_W",
                    $pw,
                    "$clog2(N)",
                    "round-robin pointer",
                    &["in_ptr_*", "out_ptr_*"],
                ),
                param("LO", $lo, "inputs in the low request word", &[]),
                derived(
                    "REQ_LO_W",
                    $lob,
                    "LO * N",
                    "requests of inputs 0..LO, bit N*i + o",
                    &["req_lo", "grant_lo", "glo"],
                ),
                derived(
                    "REQ_HI_W",
                    $hib,
                    "(N - LO) * N",
                    "requests of inputs LO..N",
                    &["req_hi", "grant_hi", "ghi"],
                ),
                derived(
                    "PTRS_W",
                    $pn,
                    "N * PTR_W",
                    "pointers, packed",
                    &["in_ptrs", "out_ptrs", "iacc", "oacc"],
                ),
            ];
            type Model = SeparableInputFirst;

            fn rtl() -> Self {
                Self::default()
            }

            fn model() -> SeparableInputFirst {
                SeparableInputFirst::new($n, $n)
            }

            fn drive(&mut self, inp: &[u64]) {
                self.req_lo.next = inp[0].into();
                self.req_hi.next = inp[1].into();
            }

            fn sample(&self, out: &mut [u64]) {
                out[0] = self.grant_lo.val().to_u64();
                out[1] = self.grant_hi.val().to_u64();
                out[2] = self.in_ptrs.val().to_u64();
                out[3] = self.out_ptrs.val().to_u64();
            }

            fn model_cycle(m: &mut SeparableInputFirst, inp: &[u64], out: &mut [u64]) {
                out[2] = pack($n, $pw, |i| m.pointers(i, 0).0);
                out[3] = pack($n, $pw, |o| m.pointers(0, o).1);
                let req = rows($n, $lo, inp);
                let mut g = [NO_GRANT; $n];
                m.allocate(&req, &mut g);
                (out[0], out[1]) = grant_ports($n, $lo, &g);
            }

            fn directed() -> Vec<Vec<u64>> {
                let all = |i: usize, o: usize| -> Vec<u64> {
                    // input i requests output o, in the right port
                    match i < $lo {
                        true => vec![1 << ($n * i + o), 0],
                        false => vec![0, 1 << ($n * (i - $lo) + o)],
                    }
                };
                let merge = |cells: &[(usize, usize)]| -> Vec<u64> {
                    cells.iter().fold(vec![0, 0], |a, &(i, o)| {
                        let b = all(i, o);
                        vec![a[0] | b[0], a[1] | b[1]]
                    })
                };
                let mut v = vec![vec![0, 0]; 2];
                // each input alone asking each output: both pointers follow and wrap
                for i in 0..$n {
                    for o in 0..$n {
                        v.push(all(i, o));
                    }
                }
                let full: Vec<(usize, usize)> =
                    (0..$n).flat_map(|i| (0..$n).map(move |o| (i, o))).collect();
                // full demand: a rotating perfect matching
                v.extend((0..3 * $n).map(|_| merge(&full)));
                // everybody wants output 0, then the last output only, then a diagonal
                let col = |o: usize| (0..$n).map(|i| (i, o)).collect::<Vec<_>>();
                v.extend((0..2 * $n).map(|_| merge(&col(0))));
                v.extend((0..$n).map(|_| merge(&col($n - 1))));
                let diag: Vec<(usize, usize)> = (0..$n).map(|i| (i, i)).collect();
                v.extend((0..$n).map(|_| merge(&diag)));
                v
            }

            fn random(rng: &mut ChaCha8Rng, cycle: u64, _: &Self::Model, inp: &mut [u64]) {
                let density = [0.05, 0.2, 0.5, 0.9][((cycle / 256) % 4) as usize];
                inp[0] = (0..$lob).fold(0, |r, b| r | ((rng.random_bool(density) as u64) << b));
                inp[1] = (0..$hib).fold(0, |r, b| r | ((rng.random_bool(density) as u64) << b));
            }
        }
    };
}
pub(super) use allocator_twin;

allocator_twin!(
    AllocatorRtl,
    5,
    3,
    3,
    15,
    10,
    15,
    "allocator",
    "separable input-first round-robin allocator, 5 x 5: the VC router's switch allocator (BookSim2 iq)",
    crate::hdl::area::Area {
        cells: 600,
        flops: 30,
        transistors: 2630
    }
);
