//! RTL twin of the NIC's ITB detector / re-injection controller (seed 000 §3, §4.5; model:
//! `blocks::nic::itb`).
//!
//! The control path of the in-transit buffer engine, with its descriptor memory as a register
//! file of `D` = 8 entries (a ring: `rd` is the packet being re-injected, `wr` the next free):
//! - **detector**: a marked header (`start`, with the flits to re-inject in `len`) takes a
//!   descriptor and loads its countdown with detect + program − 1 (44 + 32 cycles, 275 + 200
//!   ns); arriving flits (`rx`) count up `rx_cnt`; the tail (`rx_tail`) marks it complete and
//!   loads its spill countdown (3200 cycles);
//! - **pool control**: the cycle a countdown reaches zero, the packet reserves room for all of
//!   it in the pool (`pool` + len ≤ `pool_size`: `reserve`) or goes to host memory (`spill`);
//!   one decision per cycle at most, since headers arrive on distinct cycles;
//! - **re-injection**: the front may start (`ready`) once reserved, or once spilled, complete
//!   and its spill countdown is zero; each flit sent (`send`) must have arrived (`avail`:
//!   cut-through never overtakes the arriving packet) and frees one pool byte of a reserved
//!   packet; `send_last` frees the descriptor.
//!
//! Countdowns instead of timestamps keep the block exact for runs of any length. `pool_size`
//! is a configuration input (a register in a real NIC); detect, program and spill delays are
//! constants of the emitted Verilog. A `start` while all descriptors are in use is refused
//! (`full`), unless the front frees its descriptor in the same cycle — the NIC holds a marked
//! header in its input buffer meanwhile.

use super::lockstep::{derived, param, port, Clocked, Fsm, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::nic::itb::{ItbEngine, ItbParams, ItbState};
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Descriptors (a power of two) and their index width.
pub const D: usize = 8;
const A: usize = 3;
/// Occupancy width (0..=D).
const CW: usize = 4;
/// Pool counter width (512 KB = 2^19 needs 20 bits); packet lengths and flit counters use the
/// same width, so every comparison and sum stays within one width.
const PW: usize = 20;
const LW: usize = PW;

/// The engine's parameters in the emitted Verilog (the paper's).
pub fn params() -> ItbParams {
    ItbParams {
        descriptors: D,
        ..ItbParams::default()
    }
}

/// States of the front packet's FSM (`state`), by their Verilog `localparam` names: the
/// model's `ItbState`s.
pub const STATES: &[(&str, u64)] = &[
    ("ST_IDLE", 0),
    ("ST_DETECT", 1),
    ("ST_PROGRAM", 2),
    ("ST_SPILL", 3),
    ("ST_READY", 4),
    ("ST_REINJECT", 5),
];

/// The ITB controller's RTL twin.
#[derive(LogicBlock)]
#[allow(non_snake_case)] // the FSM's state names are Verilog localparams
pub struct ItbRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Pool size in bytes (configuration).
    pub pool_size: Signal<In, Bits<PW>>,
    /// A marked header arrived: a new in-transit packet of `len` flits.
    pub start: Signal<In, Bit>,
    pub len: Signal<In, Bits<LW>>,
    /// One more flit of the newest packet arrived; `rx_tail`: it was the last.
    pub rx: Signal<In, Bit>,
    pub rx_tail: Signal<In, Bit>,
    /// The send DMA drove one flit of the front packet; `send_last`: it was the last.
    pub send: Signal<In, Bit>,
    pub send_last: Signal<In, Bit>,
    /// The front packet may start re-injection.
    pub ready: Signal<Out, Bit>,
    /// The front packet's next flit has arrived.
    pub avail: Signal<Out, Bit>,
    /// A packet reserved pool room / was spilled to host memory this cycle.
    pub reserve: Signal<Out, Bit>,
    pub spill: Signal<Out, Bit>,
    /// Pool bytes reserved (start of cycle).
    pub pool: Signal<Out, Bits<PW>>,
    /// Descriptors in use (start of cycle) and all of them in use.
    pub count: Signal<Out, Bits<CW>>,
    pub full: Signal<Out, Bit>,
    /// FSM of the front packet: 0 IDLE, 1 DETECT, 2 PROGRAM, 3 SPILL, 4 READY, 5 REINJECT.
    pub state: Signal<Out, Bits<3>>,
    e_valid: [ResetDff<Bit>; D],
    e_len: [ResetDff<Bits<LW>>; D],
    e_det: [ResetDff<Bits<8>>; D],
    e_dec: [ResetDff<Bit>; D],
    e_res: [ResetDff<Bit>; D],
    e_spl: [ResetDff<Bit>; D],
    e_cmp: [ResetDff<Bit>; D],
    e_spc: [ResetDff<Bits<12>>; D],
    rd: ResetDff<Bits<A>>,
    wr: ResetDff<Bits<A>>,
    cnt: ResetDff<Bits<CW>>,
    rx_cnt: ResetDff<Bits<LW>>,
    sent: ResetDff<Bits<LW>>,
    pool_r: ResetDff<Bits<PW>>,
    dec_any: Signal<Local, Bit>,
    dec_len: Signal<Local, Bits<LW>>,
    dec_fit: Signal<Local, Bit>,
    f_valid: Signal<Local, Bit>,
    f_res: Signal<Local, Bit>,
    f_spl: Signal<Local, Bit>,
    f_cmp: Signal<Local, Bit>,
    f_spc0: Signal<Local, Bit>,
    f_det: Signal<Local, Bits<8>>,
    pop: Signal<Local, Bit>,
    take: Signal<Local, Bit>,
    back: Signal<Local, Bits<A>>,
    pool_add: Signal<Local, Bits<PW>>,
    ready_m1: Constant<Bits<8>>,
    prog_cycles: Constant<Bits<8>>,
    spill_m1: Constant<Bits<12>>,
    depth: Constant<Bits<CW>>,
    ST_IDLE: Constant<Bits<3>>,
    ST_DETECT: Constant<Bits<3>>,
    ST_PROGRAM: Constant<Bits<3>>,
    ST_SPILL: Constant<Bits<3>>,
    ST_READY: Constant<Bits<3>>,
    ST_REINJECT: Constant<Bits<3>>,
}

impl ItbRtl {
    /// A twin with the engine's timing (`detect + program` in 1..=256 cycles, spill delay in
    /// 1..=4096 cycles) and `D` descriptors.
    pub fn new(p: &ItbParams) -> Self {
        let ready = p.detect_cycles + p.program_cycles;
        assert!((1..=256).contains(&ready) && p.program_cycles < 256);
        assert!((1..=4096).contains(&p.spill_delay_cycles) && p.descriptors == D);
        ItbRtl {
            clock: Default::default(),
            reset: Default::default(),
            pool_size: Default::default(),
            start: Default::default(),
            len: Default::default(),
            rx: Default::default(),
            rx_tail: Default::default(),
            send: Default::default(),
            send_last: Default::default(),
            ready: Default::default(),
            avail: Default::default(),
            reserve: Default::default(),
            spill: Default::default(),
            pool: Default::default(),
            count: Default::default(),
            full: Default::default(),
            state: Default::default(),
            e_valid: Default::default(),
            e_len: Default::default(),
            e_det: Default::default(),
            e_dec: Default::default(),
            e_res: Default::default(),
            e_spl: Default::default(),
            e_cmp: Default::default(),
            e_spc: Default::default(),
            rd: Default::default(),
            wr: Default::default(),
            cnt: Default::default(),
            rx_cnt: Default::default(),
            sent: Default::default(),
            pool_r: Default::default(),
            dec_any: Default::default(),
            dec_len: Default::default(),
            dec_fit: Default::default(),
            f_valid: Default::default(),
            f_res: Default::default(),
            f_spl: Default::default(),
            f_cmp: Default::default(),
            f_spc0: Default::default(),
            f_det: Default::default(),
            pop: Default::default(),
            take: Default::default(),
            back: Default::default(),
            pool_add: Default::default(),
            ready_m1: Constant::new(((ready - 1) as u64).into()),
            prog_cycles: Constant::new((p.program_cycles as u64).into()),
            spill_m1: Constant::new(((p.spill_delay_cycles - 1) as u64).into()),
            depth: Constant::new((D as u64).into()),
            ST_IDLE: state(ItbState::Idle),
            ST_DETECT: state(ItbState::Detect),
            ST_PROGRAM: state(ItbState::Program),
            ST_SPILL: state(ItbState::Spill),
            ST_READY: state(ItbState::Ready),
            ST_REINJECT: state(ItbState::Reinject),
        }
    }
}

impl Logic for ItbRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rd, wr, cnt, rx_cnt, sent, pool_r);
        self.rd.reset.next = self.reset.val();
        self.wr.reset.next = self.reset.val();
        self.cnt.reset.next = self.reset.val();
        self.rx_cnt.reset.next = self.reset.val();
        self.sent.reset.next = self.reset.val();
        self.pool_r.reset.next = self.reset.val();
        for i in 0..D {
            self.e_valid[i].clock.next = self.clock.val();
            self.e_valid[i].reset.next = self.reset.val();
            self.e_len[i].clock.next = self.clock.val();
            self.e_len[i].reset.next = self.reset.val();
            self.e_det[i].clock.next = self.clock.val();
            self.e_det[i].reset.next = self.reset.val();
            self.e_dec[i].clock.next = self.clock.val();
            self.e_dec[i].reset.next = self.reset.val();
            self.e_res[i].clock.next = self.clock.val();
            self.e_res[i].reset.next = self.reset.val();
            self.e_spl[i].clock.next = self.clock.val();
            self.e_spl[i].reset.next = self.reset.val();
            self.e_cmp[i].clock.next = self.clock.val();
            self.e_cmp[i].reset.next = self.reset.val();
            self.e_spc[i].clock.next = self.clock.val();
            self.e_spc[i].reset.next = self.reset.val();
            self.e_valid[i].d.next = self.e_valid[i].q.val();
            self.e_len[i].d.next = self.e_len[i].q.val();
            self.e_dec[i].d.next = self.e_dec[i].q.val();
            self.e_res[i].d.next = self.e_res[i].q.val();
            self.e_spl[i].d.next = self.e_spl[i].q.val();
            self.e_cmp[i].d.next = self.e_cmp[i].q.val();
            // countdowns run down to zero and stay there
            self.e_det[i].d.next = self.e_det[i].q.val();
            if self.e_det[i].q.val().any() {
                self.e_det[i].d.next = self.e_det[i].q.val() - 1;
            }
            self.e_spc[i].d.next = self.e_spc[i].q.val();
            if self.e_cmp[i].q.val() & self.e_spc[i].q.val().any() {
                self.e_spc[i].d.next = self.e_spc[i].q.val() - 1;
            }
        }
        // pool control: the descriptor whose countdown is at zero and undecided
        self.dec_any.next = false;
        self.dec_len.next = 0.into();
        for i in 0..D {
            if self.e_valid[i].q.val() & !self.e_dec[i].q.val() & !self.e_det[i].q.val().any() {
                self.dec_any.next = true;
                self.dec_len.next = self.e_len[i].q.val();
            }
        }
        // pool + len <= size, without a wider adder (the size may drop below the pool)
        self.dec_fit.next = (self.pool_r.q.val() <= self.pool_size.val())
            & (self.dec_len.val() <= (self.pool_size.val() - self.pool_r.q.val()));
        self.reserve.next = self.dec_any.val() & self.dec_fit.val();
        self.spill.next = self.dec_any.val() & !self.dec_fit.val();
        // the front descriptor, with this cycle's decision
        self.f_valid.next = false;
        self.f_res.next = false;
        self.f_spl.next = false;
        self.f_cmp.next = false;
        self.f_spc0.next = false;
        self.f_det.next = 0.into();
        for i in 0..D {
            if self.e_valid[i].q.val() & !self.e_dec[i].q.val() & !self.e_det[i].q.val().any() {
                self.e_dec[i].d.next = true;
                self.e_res[i].d.next = self.dec_fit.val();
                self.e_spl[i].d.next = !self.dec_fit.val();
            }
            if self.rd.q.val() == i.to_bits() {
                self.f_valid.next = self.e_valid[i].q.val();
                self.f_res.next = self.e_res[i].q.val();
                self.f_spl.next = self.e_spl[i].q.val();
                if self.e_valid[i].q.val() & !self.e_dec[i].q.val() & !self.e_det[i].q.val().any() {
                    self.f_res.next = self.dec_fit.val();
                    self.f_spl.next = !self.dec_fit.val();
                }
                self.f_cmp.next = self.e_cmp[i].q.val();
                self.f_spc0.next = !self.e_spc[i].q.val().any();
                self.f_det.next = self.e_det[i].q.val();
            }
        }
        self.ready.next = self.f_valid.val()
            & !self.sent.q.val().any()
            & (self.f_res.val() | (self.f_spl.val() & self.f_cmp.val() & self.f_spc0.val()));
        self.avail.next =
            self.f_valid.val() & (self.f_cmp.val() | (self.sent.q.val() < self.rx_cnt.q.val()));
        // FSM of the front, as the model names it
        self.state.next = self.ST_IDLE.val();
        if self.f_valid.val() {
            if self.sent.q.val().any() {
                self.state.next = self.ST_REINJECT.val();
            } else if self.f_det.val() > self.prog_cycles.val() {
                self.state.next = self.ST_DETECT.val();
            } else if !(self.f_res.val() | self.f_spl.val()) {
                self.state.next = self.ST_PROGRAM.val();
            } else if self.f_spl.val() & !self.ready.val() {
                self.state.next = self.ST_SPILL.val();
            } else {
                self.state.next = self.ST_READY.val();
            }
        }
        // re-injection: flits sent free reserved pool bytes; the last frees the descriptor
        self.pool_add.next = 0.into();
        if self.reserve.val() {
            self.pool_add.next = self.dec_len.val();
        }
        self.pool_r.d.next = self.pool_r.q.val() + self.pool_add.val();
        if self.send.val() & self.f_res.val() {
            self.pool_r.d.next = self.pool_r.q.val() + self.pool_add.val() - 1;
        }
        self.pop.next = self.send.val() & self.send_last.val() & self.f_valid.val();
        if self.send.val() {
            self.sent.d.next = self.sent.q.val() + 1;
        }
        if self.pop.val() {
            self.sent.d.next = 0.into();
            self.rd.d.next = self.rd.q.val() + 1;
            for i in 0..D {
                if self.rd.q.val() == i.to_bits() {
                    self.e_valid[i].d.next = false;
                }
            }
        }
        // detector: a new descriptor (refused while all are in use and none frees)
        self.full.next = self.cnt.q.val() == self.depth.val();
        self.take.next = self.start.val() & (!self.full.val() | self.pop.val());
        if self.take.val() {
            self.wr.d.next = self.wr.q.val() + 1;
            self.rx_cnt.d.next = 0.into();
            for i in 0..D {
                if self.wr.q.val() == i.to_bits() {
                    self.e_valid[i].d.next = true;
                    self.e_len[i].d.next = self.len.val();
                    self.e_det[i].d.next = self.ready_m1.val();
                    self.e_dec[i].d.next = false;
                    self.e_res[i].d.next = false;
                    self.e_spl[i].d.next = false;
                    self.e_cmp[i].d.next = false;
                    self.e_spc[i].d.next = 0.into();
                }
            }
        }
        self.cnt.d.next = self.cnt.q.val();
        if self.take.val() & !self.pop.val() {
            self.cnt.d.next = self.cnt.q.val() + 1;
        }
        if self.pop.val() & !self.take.val() {
            self.cnt.d.next = self.cnt.q.val() - 1;
        }
        // arrivals of the newest packet; its tail starts the spill countdown
        self.back.next = self.wr.q.val() - 1;
        if self.rx.val() {
            self.rx_cnt.d.next = self.rx_cnt.q.val() + 1;
            if self.rx_tail.val() {
                for i in 0..D {
                    if self.back.val() == i.to_bits() {
                        self.e_cmp[i].d.next = true;
                        self.e_spc[i].d.next = self.spill_m1.val();
                    }
                }
            }
        }
        self.pool.next = self.pool_r.q.val();
        self.count.next = self.cnt.q.val();
    }
}

/// The model with its own cycle counter (the twin counts time only by its countdowns).
#[derive(Debug, Clone)]
pub struct ItbBench {
    pub e: ItbEngine,
    pub now: u64,
}

/// A state's `localparam`.
fn state(s: ItbState) -> Constant<Bits<3>> {
    Constant::new(state_code(s).into())
}

/// The model's FSM state as the twin encodes it (its [`STATES`] code).
pub fn state_code(s: ItbState) -> u64 {
    match s {
        ItbState::Idle => 0,
        ItbState::Detect => 1,
        ItbState::Program => 2,
        ItbState::Spill => 3,
        ItbState::Ready => 4,
        ItbState::Reinject => 5,
    }
}

impl ItbBench {
    /// The outputs of this cycle (the NIC's order: pool decisions, then the send DMA asks);
    /// commits the decisions. `out` in [`Twin::OUTPUTS`] order.
    fn begin(&mut self, pool_size: u64, out: &mut [u64]) {
        let now = self.now;
        self.e.p.pool_bytes = pool_size as usize;
        out[4] = self.e.pool_used as u64;
        out[5] = self.e.len() as u64;
        out[6] = self.e.is_full() as u64;
        let (r, s) = self.e.step(now);
        out[0] = self.e.ready(now).is_some() as u64;
        out[1] = self.e.front().is_some_and(|t| self.e.available(t.sent)) as u64;
        out[2] = (r > 0) as u64;
        out[3] = (s > 0) as u64;
        out[7] = state_code(self.e.state(now));
    }

    /// The rest of the cycle: a flit re-injected, a new packet or an arriving flit.
    fn end(&mut self, inp: &[u64]) {
        let now = self.now;
        if inp[5] != 0 {
            self.e.sent_one(inp[6] != 0);
        }
        if inp[1] != 0 && !self.e.is_full() {
            self.e.start(now, 0, inp[2] as u32);
        }
        if inp[3] != 0 {
            self.e.receive(now, inp[4] != 0);
        }
        self.now += 1;
    }
}

impl Clocked for ItbRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

mod stimulus;
use stimulus::{stimulus, Policy};

mod twin;
