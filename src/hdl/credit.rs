//! RTL twin of the credit counter (seed 001 §5.1; model: `blocks::credit`).
//!
//! A 16-bit counter (up to 65,535 credits: two 8 KB packets in 1-byte credits fit) with the
//! buffer size in a register loaded by `init`. Outputs are the registered count and the
//! combinational `can_send`, plus one-cycle flags for the two refused protocol errors.
//! Power-on: no credit until the first `init`.

use super::lockstep::{param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::credit::CreditCounter;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Counter width.
pub const BITS: usize = 16;

/// The credit counter's RTL twin.
#[derive(LogicBlock, Default)]
pub struct CreditRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Reload: size ← `size`, credits ← `size`.
    pub init: Signal<In, Bit>,
    pub size: Signal<In, Bits<BITS>>,
    /// A unit is sent this cycle.
    pub consume: Signal<In, Bit>,
    /// A credit comes back this cycle.
    pub ret: Signal<In, Bit>,
    pub credits: Signal<Out, Bits<BITS>>,
    pub can_send: Signal<Out, Bit>,
    /// A consume found no credit (refused).
    pub underflow: Signal<Out, Bit>,
    /// A return found the counter full (refused).
    pub overflow: Signal<Out, Bit>,
    count: ResetDff<Bits<BITS>>,
    limit: ResetDff<Bits<BITS>>,
    take: Signal<Local, Bit>,
    give: Signal<Local, Bit>,
}

impl Logic for CreditRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, count, limit);
        self.count.reset.next = self.reset.val();
        self.limit.reset.next = self.reset.val();
        self.credits.next = self.count.q.val();
        self.can_send.next = self.count.q.val().any();
        self.take.next = self.consume.val() & self.count.q.val().any();
        self.give.next =
            self.ret.val() & ((self.count.q.val() != self.limit.q.val()) | self.take.val());
        self.underflow.next = false;
        self.overflow.next = false;
        if self.init.val() {
            self.count.d.next = self.size.val();
            self.limit.d.next = self.size.val();
        } else {
            self.underflow.next = self.consume.val() & !self.take.val();
            self.overflow.next = self.ret.val() & !self.give.val();
            if self.take.val() & !self.give.val() {
                self.count.d.next = self.count.q.val() - 1;
            }
            if self.give.val() & !self.take.val() {
                self.count.d.next = self.count.q.val() + 1;
            }
        }
    }
}

impl Clocked for CreditRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

impl Twin for CreditRtl {
    const NAME: &'static str = "credit";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 204,
        flops: 32,
        transistors: 1960,
    };
    const SUMMARY: &'static str =
        "credit counter: init to the buffer size, consume on send, return on credit (Fat-trees paper §5.1)";
    const INPUTS: &'static [Port] = &[
        port("init", 1),
        port("size", BITS as u32),
        port("consume", 1),
        port("ret", 1),
    ];
    const OUTPUTS: &'static [Port] = &[
        port("credits", BITS as u32),
        port("can_send", 1),
        port("underflow", 1),
        port("overflow", 1),
    ];
    const PARAMS: &'static [Param] = &[param(
        "CNT_W",
        BITS as u32,
        "credit counter and buffer size",
        &["size", "credits", "count_*", "limit_*"],
    )];
    type Model = CreditCounter;

    fn rtl() -> Self {
        Self::default()
    }

    fn model() -> CreditCounter {
        CreditCounter::new(0)
    }

    fn drive(&mut self, inp: &[u64]) {
        self.init.next = inp[0] != 0;
        self.size.next = inp[1].into();
        self.consume.next = inp[2] != 0;
        self.ret.next = inp[3] != 0;
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.credits.val().to_u64();
        out[1] = self.can_send.val() as u64;
        out[2] = self.underflow.val() as u64;
        out[3] = self.overflow.val() as u64;
    }

    fn model_cycle(m: &mut CreditCounter, inp: &[u64], out: &mut [u64]) {
        out[0] = m.credits() as u64;
        out[1] = m.can_send() as u64;
        if inp[0] != 0 {
            m.init(inp[1] as u32);
            out[2] = 0;
            out[3] = 0;
        } else {
            let s = m.cycle(inp[2] != 0, inp[3] != 0);
            out[2] = s.underflow as u64;
            out[3] = s.overflow as u64;
        }
    }

    fn directed() -> Vec<Vec<u64>> {
        let c = |init, size, consume, ret| vec![init, size, consume, ret];
        let mut v = vec![c(0, 0, 1, 0), c(0, 0, 0, 1), c(0, 0, 1, 1)]; // before init
        v.push(c(1, 3, 1, 1)); // init wins over consume and return
        v.extend((0..4).map(|_| c(0, 0, 1, 0))); // 3 takes, then underflow
        v.push(c(0, 0, 1, 1)); // empty: refused take, accepted return
        v.extend((0..4).map(|_| c(0, 0, 0, 1))); // fill up, then overflow
        v.push(c(0, 0, 1, 1)); // full: take and return together
        v.push(c(1, 0xffff, 0, 0)); // the largest buffer
        v.extend((0..3).map(|_| c(0, 0, 0, 1)));
        v.extend((0..3).map(|_| c(0, 0, 1, 0)));
        v.push(c(1, 1, 0, 0));
        v.extend([c(0, 0, 1, 0), c(0, 0, 1, 1), c(0, 0, 0, 1), c(0, 0, 0, 1)]);
        v.push(c(1, 0, 1, 1)); // a zero-size buffer never allows a send
        v.extend([c(0, 0, 1, 0), c(0, 0, 0, 1)]);
        v
    }

    fn random(rng: &mut ChaCha8Rng, cycle: u64, _: &Self::Model, inp: &mut [u64]) {
        // re-initialise now and then, mostly with small buffers so both bounds are hit often
        if cycle.is_multiple_of(4096) || rng.random_bool(0.0005) {
            inp[0] = 1;
            inp[1] = match rng.random_range(0..4) {
                0 => rng.random_range(0..4),
                1 | 2 => rng.random_range(4..40),
                _ => rng.random_range(0..1 << BITS),
            };
        }
        // phases: a sender faster than the returns, slower, and matched
        let (pc, pr) =
            [(0.8, 0.4), (0.4, 0.8), (0.6, 0.6), (0.95, 0.95)][((cycle / 300) % 4) as usize];
        inp[2] = rng.random_bool(pc) as u64;
        inp[3] = rng.random_bool(pr) as u64;
    }
}
