//! RTL twin of the speculative selection unit, SSR (seed 002 §4; model: the combinational core
//! `routing::selection::speculative::choose`).
//!
//! Eight channels (output port × VC), each with valid, F (free), D (same dimension), R (8-bit
//! requests), N1 and N2 (16-bit NCB values); `kq` is k, SSR's weight of N2 in quarters (3 bits:
//! 0..1.75; the paper's 0.5 is 2, the one-hop variant 0). Per channel the unit computes
//! E = 4·(D + R + N1) + k·N2 in 20 bits (at most 721,909: no overflow), then picks the smallest
//! E among the free valid channels, or among all valid ones when none is free; the lowest index
//! wins a tie (a chain of eight comparators, in the model's order).
//!
//! Latency: one cycle. The pick is registered: the inputs of cycle t give `pick_valid` and
//! `pick` in cycle t + 1 (the register that ends the routing-and-selection cycle of §5).
//! `pick` is 0 while `pick_valid` is low; power-on: no pick.

use super::lockstep::{derived, param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::routing::selection::speculative::{choose, SsrChannel, SSR_CHANNELS};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Channels compared.
pub const CH: usize = SSR_CHANNELS;
/// Cost width: 4·(1 + 255 + 65,535) + 7·65,535 < 2^20.
const EW: usize = 20;
const _: () = assert!(CH == 8);

/// The speculative selection unit's RTL twin.
#[derive(LogicBlock, Default)]
pub struct SsrRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// k in quarters (not `k`: the replay testbench's loop variable).
    pub kq: Signal<In, Bits<3>>,
    /// Bit i: channel i is a candidate; its VC is free; its link continues the dimension.
    pub valid: Signal<In, Bits<CH>>,
    pub free: Signal<In, Bits<CH>>,
    pub dim: Signal<In, Bits<CH>>,
    /// R of channels 0..7.
    pub r0: Signal<In, Bits<8>>,
    pub r1: Signal<In, Bits<8>>,
    pub r2: Signal<In, Bits<8>>,
    pub r3: Signal<In, Bits<8>>,
    pub r4: Signal<In, Bits<8>>,
    pub r5: Signal<In, Bits<8>>,
    pub r6: Signal<In, Bits<8>>,
    pub r7: Signal<In, Bits<8>>,
    /// N1 of channels 0..7.
    pub n1_0: Signal<In, Bits<16>>,
    pub n1_1: Signal<In, Bits<16>>,
    pub n1_2: Signal<In, Bits<16>>,
    pub n1_3: Signal<In, Bits<16>>,
    pub n1_4: Signal<In, Bits<16>>,
    pub n1_5: Signal<In, Bits<16>>,
    pub n1_6: Signal<In, Bits<16>>,
    pub n1_7: Signal<In, Bits<16>>,
    /// N2 of channels 0..7.
    pub n2_0: Signal<In, Bits<16>>,
    pub n2_1: Signal<In, Bits<16>>,
    pub n2_2: Signal<In, Bits<16>>,
    pub n2_3: Signal<In, Bits<16>>,
    pub n2_4: Signal<In, Bits<16>>,
    pub n2_5: Signal<In, Bits<16>>,
    pub n2_6: Signal<In, Bits<16>>,
    pub n2_7: Signal<In, Bits<16>>,
    /// The channel picked from last cycle's inputs.
    pub pick_valid: Signal<Out, Bit>,
    pub pick: Signal<Out, Bits<3>>,
    pv: ResetDff<Bit>,
    pi: ResetDff<Bits<3>>,
    rv: [Signal<Local, Bits<8>>; CH],
    n1v: [Signal<Local, Bits<16>>; CH],
    n2v: [Signal<Local, Bits<16>>; CH],
    /// R and N2 widened to the cost width; D + R + N1; k·N2; E.
    rw: [Signal<Local, Bits<EW>>; CH],
    base: [Signal<Local, Bits<EW>>; CH],
    n2w: [Signal<Local, Bits<EW>>; CH],
    kn2: [Signal<Local, Bits<EW>>; CH],
    e: [Signal<Local, Bits<EW>>; CH],
    any_free: Signal<Local, Bit>,
    elig: Signal<Local, Bits<CH>>,
    found: Signal<Local, Bit>,
    best: Signal<Local, Bits<EW>>,
    idx: Signal<Local, Bits<3>>,
}

// rust-hdl prints expressions without their parentheses (primer §6): every mixed `& | ^` and
// comparison is parenthesised.
#[allow(unused_parens)]
impl Logic for SsrRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, pv, pi);
        self.pv.reset.next = self.reset.val();
        self.pi.reset.next = self.reset.val();
        self.rv[0].next = self.r0.val();
        self.rv[1].next = self.r1.val();
        self.rv[2].next = self.r2.val();
        self.rv[3].next = self.r3.val();
        self.rv[4].next = self.r4.val();
        self.rv[5].next = self.r5.val();
        self.rv[6].next = self.r6.val();
        self.rv[7].next = self.r7.val();
        self.n1v[0].next = self.n1_0.val();
        self.n1v[1].next = self.n1_1.val();
        self.n1v[2].next = self.n1_2.val();
        self.n1v[3].next = self.n1_3.val();
        self.n1v[4].next = self.n1_4.val();
        self.n1v[5].next = self.n1_5.val();
        self.n1v[6].next = self.n1_6.val();
        self.n1v[7].next = self.n1_7.val();
        self.n2v[0].next = self.n2_0.val();
        self.n2v[1].next = self.n2_1.val();
        self.n2v[2].next = self.n2_2.val();
        self.n2v[3].next = self.n2_3.val();
        self.n2v[4].next = self.n2_4.val();
        self.n2v[5].next = self.n2_5.val();
        self.n2v[6].next = self.n2_6.val();
        self.n2v[7].next = self.n2_7.val();
        // E = 4·(D + R + N1) + k·N2 per channel
        for i in 0..CH {
            self.base[i].next = 0.into();
            self.n2w[i].next = 0.into();
            for b in 0..16 {
                if self.n1v[i].val().get_bit(b) {
                    self.base[i].next = self.base[i].val() | (bits::<EW>(1) << b.to_bits::<5>());
                }
                if self.n2v[i].val().get_bit(b) {
                    self.n2w[i].next = self.n2w[i].val() | (bits::<EW>(1) << b.to_bits::<5>());
                }
            }
            self.rw[i].next = 0.into();
            for b in 0..8 {
                if self.rv[i].val().get_bit(b) {
                    self.rw[i].next = self.rw[i].val() | (bits::<EW>(1) << b.to_bits::<5>());
                }
            }
            self.base[i].next = self.base[i].val() + self.rw[i].val();
            if self.dim.val().get_bit(i) {
                self.base[i].next = self.base[i].val() + 1;
            }
            self.kn2[i].next = 0.into();
            if self.kq.val().get_bit(0) {
                self.kn2[i].next = self.n2w[i].val();
            }
            if self.kq.val().get_bit(1) {
                self.kn2[i].next = self.kn2[i].val() + (self.n2w[i].val() << 1);
            }
            if self.kq.val().get_bit(2) {
                self.kn2[i].next = self.kn2[i].val() + (self.n2w[i].val() << 2);
            }
            self.e[i].next = (self.base[i].val() << 2) + self.kn2[i].val();
        }
        // the free valid channels if there is one, else every valid channel
        self.any_free.next = (self.valid.val() & self.free.val()).any();
        self.elig.next = self.valid.val();
        if self.any_free.val() {
            self.elig.next = self.valid.val() & self.free.val();
        }
        // the smallest E, lowest index on a tie
        self.found.next = false;
        self.best.next = 0.into();
        self.idx.next = 0.into();
        for i in 0..CH {
            if (self.elig.val().get_bit(i)
                & (!self.found.val() | (self.e[i].val() < self.best.val())))
            {
                self.found.next = true;
                self.best.next = self.e[i].val();
                self.idx.next = i.to_bits::<3>();
            }
        }
        self.pv.d.next = self.found.val();
        self.pi.d.next = self.idx.val();
        self.pick_valid.next = self.pv.q.val();
        self.pick.next = self.pi.q.val();
    }
}

impl Clocked for SsrRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

/// The model side: `choose` behind the same one-cycle register.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SsrStage {
    /// The pick registered at the last edge.
    pub pick: Option<usize>,
}

/// Input vector positions: `kq`, `valid`, `free`, `dim`, then R, N1, N2 of each channel.
const K: usize = 0;
const VALID: usize = 1;
const FREE: usize = 2;
const DIM: usize = 3;
const R: usize = 4;
const N1: usize = R + CH;
const N2: usize = N1 + CH;

/// The channels an input vector describes.
pub fn channels(inp: &[u64]) -> [SsrChannel; CH] {
    std::array::from_fn(|i| SsrChannel {
        valid: inp[VALID] >> i & 1 == 1,
        free: inp[FREE] >> i & 1 == 1,
        d: inp[DIM] >> i & 1 == 1,
        r: inp[R + i] as u8,
        n1: inp[N1 + i] as u16,
        n2: inp[N2 + i] as u16,
    })
}

/// The input vector of `ch` with k = `k_quarters` / 4.
pub fn vector(ch: &[SsrChannel; CH], k_quarters: u8) -> Vec<u64> {
    let mut v = vec![0; N2 + CH];
    v[K] = k_quarters as u64;
    for (i, c) in ch.iter().enumerate() {
        v[VALID] |= (c.valid as u64) << i;
        v[FREE] |= (c.free as u64) << i;
        v[DIM] |= (c.d as u64) << i;
        v[R + i] = c.r as u64;
        v[N1 + i] = c.n1 as u64;
        v[N2 + i] = c.n2 as u64;
    }
    v
}

mod stimulus;

impl Twin for SsrRtl {
    const NAME: &'static str = "speculative";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 5489,
        flops: 4,
        transistors: 27976,
    };
    const SUMMARY: &'static str =
        "speculative selection unit (SSR), 8 channels: least E = D + R + N1 + k*N2 among the free ones, else among all; pick registered, 1 cycle (Speculative routing paper §4)";
    const INPUTS: &'static [Port] = &[
        port("kq", 3),
        port("valid", CH as u32),
        port("free", CH as u32),
        port("dim", CH as u32),
        port("r0", 8),
        port("r1", 8),
        port("r2", 8),
        port("r3", 8),
        port("r4", 8),
        port("r5", 8),
        port("r6", 8),
        port("r7", 8),
        port("n1_0", 16),
        port("n1_1", 16),
        port("n1_2", 16),
        port("n1_3", 16),
        port("n1_4", 16),
        port("n1_5", 16),
        port("n1_6", 16),
        port("n1_7", 16),
        port("n2_0", 16),
        port("n2_1", 16),
        port("n2_2", 16),
        port("n2_3", 16),
        port("n2_4", 16),
        port("n2_5", 16),
        port("n2_6", 16),
        port("n2_7", 16),
    ];
    const OUTPUTS: &'static [Port] = &[port("pick_valid", 1), port("pick", 3)];
    const PARAMS: &'static [Param] = &[
        param(
            "CH",
            CH as u32,
            "channels compared",
            &["valid", "free", "dim", "elig"],
        ),
        derived(
            "CH_W",
            3,
            "$clog2(CH)",
            "channel index",
            &["pick", "pi_*", "idx"],
        ),
        param(
            "R_W",
            8,
            "R of a channel",
            &["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "rv_*"],
        ),
        param(
            "N_W",
            16,
            "N1 and N2 of a channel",
            &["n1_*", "n2_*", "n1v_*", "n2v_*"],
        ),
        param(
            "COST_W",
            EW as u32,
            "cost: 4(1 + 255 + 65,535) + 7 x 65,535 < 2^20",
            &["rw_*", "base_*", "n2w_*", "kn2_*", "e_*", "best"],
        ),
    ];
    type Model = SsrStage;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> SsrStage {
        SsrStage::default()
    }

    fn drive(&mut self, inp: &[u64]) {
        self.kq.next = inp[K].into();
        self.valid.next = inp[VALID].into();
        self.free.next = inp[FREE].into();
        self.dim.next = inp[DIM].into();
        let r = [
            &mut self.r0,
            &mut self.r1,
            &mut self.r2,
            &mut self.r3,
            &mut self.r4,
            &mut self.r5,
            &mut self.r6,
            &mut self.r7,
        ];
        for (s, &v) in r.into_iter().zip(&inp[R..N1]) {
            s.next = v.into();
        }
        let n1 = [
            &mut self.n1_0,
            &mut self.n1_1,
            &mut self.n1_2,
            &mut self.n1_3,
            &mut self.n1_4,
            &mut self.n1_5,
            &mut self.n1_6,
            &mut self.n1_7,
        ];
        for (s, &v) in n1.into_iter().zip(&inp[N1..N2]) {
            s.next = v.into();
        }
        let n2 = [
            &mut self.n2_0,
            &mut self.n2_1,
            &mut self.n2_2,
            &mut self.n2_3,
            &mut self.n2_4,
            &mut self.n2_5,
            &mut self.n2_6,
            &mut self.n2_7,
        ];
        for (s, &v) in n2.into_iter().zip(&inp[N2..]) {
            s.next = v.into();
        }
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.pick_valid.val() as u64;
        out[1] = self.pick.val().to_u64();
    }

    /// The registered pick, then `choose` on this cycle's inputs into the register.
    fn model_cycle(m: &mut SsrStage, inp: &[u64], out: &mut [u64]) {
        out[0] = m.pick.is_some() as u64;
        out[1] = m.pick.unwrap_or(0) as u64;
        m.pick = choose(&channels(inp), inp[K] as u8);
    }

    fn directed() -> Vec<Vec<u64>> {
        stimulus::directed()
    }

    /// Phases of 1,000 cycles ([`stimulus::PHASES`]): small values (ties), the full range,
    /// mostly busy, N2 deciding, values near the maximum, sparse candidates.
    fn random(rng: &mut ChaCha8Rng, cycle: u64, _: &SsrStage, inp: &mut [u64]) {
        let ph = &stimulus::PHASES[(cycle / 1000) as usize % stimulus::PHASES.len()];
        let ch: [SsrChannel; CH] = std::array::from_fn(|_| SsrChannel {
            valid: rng.random_bool(ph.p_valid),
            free: rng.random_bool(ph.p_free),
            d: rng.random_bool(0.5),
            r: rng.random_range(ph.r.0..=ph.r.1),
            n1: rng.random_range(ph.n1.0..=ph.n1.1),
            n2: rng.random_range(ph.n2.0..=ph.n2.1),
        });
        let k = ph.k[rng.random_range(0..ph.k.len())];
        inp.copy_from_slice(&vector(&ch, k));
    }
}
