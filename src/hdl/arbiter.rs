//! RTL twin of the demand-slotted round-robin output arbiter (seed 000 §4.4; model:
//! `blocks::arbiter`).
//!
//! Eight requesters, as on a Myrinet switch output. The grant is combinational: the lowest
//! requester at or above the pointer, else the lowest requester (wrap-around); the pointer is the
//! only register and moves just past the winner on every cycle with a request. A switch drives
//! `req` with zeros while the output is owned, so the pointer only moves when a header is granted.

use super::lockstep::{derived, param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::arbiter::RoundRobinArbiter;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Requesters (switch ports).
pub const N: usize = 8;

/// The arbiter's RTL twin.
#[derive(LogicBlock)]
pub struct ArbiterRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Bit i: input port i requests this output.
    pub req: Signal<In, Bits<N>>,
    /// One-hot grant (zero when nobody requests).
    pub grant: Signal<Out, Bits<N>>,
    /// Somebody was granted.
    pub valid: Signal<Out, Bit>,
    /// The pointer register: the requester with the highest priority this cycle.
    pub ptr: Signal<Out, Bits<3>>,
    ptr_r: ResetDff<Bits<3>>,
    thermo: Signal<Local, Bits<N>>,
    masked: Signal<Local, Bits<N>>,
    gidx: Signal<Local, Bits<3>>,
    last_idx: Constant<Bits<3>>,
}

impl Default for ArbiterRtl {
    fn default() -> Self {
        ArbiterRtl {
            clock: Default::default(),
            reset: Default::default(),
            req: Default::default(),
            grant: Default::default(),
            valid: Default::default(),
            ptr: Default::default(),
            ptr_r: Default::default(),
            thermo: Default::default(),
            masked: Default::default(),
            gidx: Default::default(),
            last_idx: Constant::new(((N - 1) as u64).into()),
        }
    }
}

impl Logic for ArbiterRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ptr_r);
        self.ptr_r.reset.next = self.reset.val();
        // requesters at or above the pointer
        self.thermo.next = !((bits::<N>(1) << self.ptr_r.q.val()) - 1);
        self.masked.next = self.req.val() & self.thermo.val();
        // isolate the lowest set bit
        if self.masked.val().any() {
            self.grant.next = self.masked.val() & (!self.masked.val() + 1);
        } else {
            self.grant.next = self.req.val() & (!self.req.val() + 1);
        }
        self.valid.next = self.req.val().any();
        self.gidx.next = 0.into();
        for i in 0..N {
            if self.grant.val().get_bit(i) {
                self.gidx.next = i.to_bits();
            }
        }
        if self.req.val().any() {
            if self.gidx.val() == self.last_idx.val() {
                self.ptr_r.d.next = 0.into();
            } else {
                self.ptr_r.d.next = self.gidx.val() + 1;
            }
        }
        self.ptr.next = self.ptr_r.q.val();
    }
}

impl Clocked for ArbiterRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

impl Twin for ArbiterRtl {
    const NAME: &'static str = "arbiter";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 94,
        flops: 3,
        transistors: 388,
    };
    const SUMMARY: &'static str =
        "demand-slotted round-robin output arbiter, 8 requesters (ITB paper §4.4)";
    const INPUTS: &'static [Port] = &[port("req", N as u32)];
    const OUTPUTS: &'static [Port] = &[port("grant", N as u32), port("valid", 1), port("ptr", 3)];
    const PARAMS: &'static [Param] = &[
        param(
            "N",
            N as u32,
            "requesters",
            &["req", "grant", "thermo", "masked"],
        ),
        derived(
            "PTR_W",
            3,
            "$clog2(N)",
            "round-robin pointer",
            &["ptr", "ptr_r_*", "gidx"],
        ),
    ];
    type Model = RoundRobinArbiter;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> RoundRobinArbiter {
        RoundRobinArbiter::new(N)
    }

    fn drive(&mut self, inp: &[u64]) {
        self.req.next = inp[0].into();
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.grant.val().to_u64();
        out[1] = self.valid.val() as u64;
        out[2] = self.ptr.val().to_u64();
    }

    fn model_cycle(m: &mut RoundRobinArbiter, inp: &[u64], out: &mut [u64]) {
        out[2] = m.pointer() as u64;
        let g = m.grant(inp[0] as u32);
        out[0] = g.map_or(0, |w| 1 << w);
        out[1] = g.is_some() as u64;
    }

    fn directed() -> Vec<Vec<u64>> {
        let mut v = vec![vec![0]; 3];
        // each requester alone, twice: the pointer follows it and wraps after 7
        for i in 0..N {
            v.push(vec![1 << i]);
            v.push(vec![1 << i]);
        }
        // full demand: strict rotation
        v.extend((0..2 * N).map(|_| vec![0xff]));
        // the unit test's pattern, then requests only below the pointer (wrap-around)
        v.extend([0b1010_0100, 0b1010_0100, 0b1010_0100, 0b1010_0100].map(|r| vec![r]));
        v.extend([0x80, 0x01, 0x03, 0x81, 0x40, 0x3f, 0x00, 0x80, 0x7f].map(|r| vec![r]));
        v
    }

    fn random(rng: &mut ChaCha8Rng, cycle: u64, _: &Self::Model, inp: &mut [u64]) {
        // request density changes every 256 cycles: sparse, medium, dense, full
        let density = [0.08, 0.3, 0.6, 0.95][((cycle / 256) % 4) as usize];
        inp[0] = (0..N).fold(0, |r, i| r | ((rng.random_bool(density) as u64) << i));
    }
}
