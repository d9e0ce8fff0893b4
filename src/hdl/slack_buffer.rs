//! RTL twin of the stop/go slack buffer (seed 000 §4.3; model: `blocks::slack_buffer`).
//!
//! The receiving side of a Myrinet link: 80 bytes of storage (rust-hdl's `RAM`, addressed
//! 0..79 as a ring) and the stop/go controller. Per cycle, as in the model: an arriving flit is
//! written (`push`; refused and flagged as `overflow` when the buffer is full); the head is shown
//! on `front` (fall-through: an arrival into an empty buffer is visible the same cycle); `pop`
//! removes it; then the controller compares the occupancy after this cycle with the marks and
//! emits *stop* when it rises above 56 (`stop`) or *go* when it falls below 40 (`go`), one
//! symbol on each transition (hysteresis held in `stopped`).
//!
//! The RAM reads synchronously, so the head of the next cycle is read at this clock edge from
//! the next read pointer; a flit written at the same edge into that very slot (the buffer was
//! about to run empty) is caught by a one-word bypass register.
//!
//! The word is `W` bits: the emitted Verilog stores what a Myrinet link carries — a data byte
//! and the head/tail marks (W = 10); inside a network simulation (`hdl::insitu`) the word also
//! carries the flit's packet-table index (W = 42).

use super::lockstep::{param, port, Clocked, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::slack_buffer::{SlackBuffer, SlackParams};
use crate::sim::{Flit, FlowCtl};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Word width of the emitted Verilog: data byte, head, tail.
pub const LINK_WORD: usize = 10;
/// Word width inside a network simulation: plus the 32-bit packet index.
pub const SIM_WORD: usize = 42;
/// Address bits of the storage RAM (capacity up to 128).
pub const ADDR: usize = 7;

/// The flit as a `W`-bit word: data in bits 0..8, head 8, tail 9, packet index from bit 10.
pub fn encode(f: &Flit) -> u64 {
    f.data as u64 | ((f.flags as u64 & 3) << 8) | ((f.pkt as u64) << 10)
}

/// Inverse of [`encode`].
pub fn decode(w: u64) -> Flit {
    Flit {
        pkt: (w >> 10) as u32,
        data: w as u8,
        flags: ((w >> 8) & 3) as u8,
        vc: 0,
        ..Flit::default()
    }
}

/// The slack buffer's RTL twin.
#[derive(LogicBlock)]
pub struct SlackBufferRtl<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// A flit arrives.
    pub push: Signal<In, Bit>,
    pub din: Signal<In, Bits<W>>,
    /// The consumer takes the head this cycle (ignored when there is none).
    pub pop: Signal<In, Bit>,
    /// The head (valid when `valid`).
    pub front: Signal<Out, Bits<W>>,
    pub valid: Signal<Out, Bit>,
    /// Occupancy after this cycle.
    pub level: Signal<Out, Bits<ADDR>>,
    /// Send *stop* upstream this cycle.
    pub stop: Signal<Out, Bit>,
    /// Send *go* upstream this cycle.
    pub go: Signal<Out, Bit>,
    /// The upstream sender is held stopped (state at the start of the cycle).
    pub stopped: Signal<Out, Bit>,
    /// An arrival found the buffer full and was dropped (must never happen).
    pub overflow: Signal<Out, Bit>,
    ram: RAM<Bits<W>, ADDR>,
    rd: ResetDff<Bits<ADDR>>,
    wr: ResetDff<Bits<ADDR>>,
    count: ResetDff<Bits<ADDR>>,
    stopped_r: ResetDff<Bit>,
    byp_valid: ResetDff<Bit>,
    byp_data: ResetDff<Bits<W>>,
    head: Signal<Local, Bits<W>>,
    push_ok: Signal<Local, Bit>,
    pop_ok: Signal<Local, Bit>,
    rd_next: Signal<Local, Bits<ADDR>>,
    count_next: Signal<Local, Bits<ADDR>>,
    capacity: Constant<Bits<ADDR>>,
    last_addr: Constant<Bits<ADDR>>,
    stop_above: Constant<Bits<ADDR>>,
    go_below: Constant<Bits<ADDR>>,
}

impl<const W: usize> SlackBufferRtl<W> {
    /// A twin with the model's parameters (capacity 1..=127).
    pub fn new(p: SlackParams) -> Self {
        assert!((1..1 << ADDR).contains(&p.capacity) && p.stop_above < 1 << ADDR);
        let c = |v: usize| Constant::new((v as u64).into());
        SlackBufferRtl {
            clock: Default::default(),
            reset: Default::default(),
            push: Default::default(),
            din: Default::default(),
            pop: Default::default(),
            front: Default::default(),
            valid: Default::default(),
            level: Default::default(),
            stop: Default::default(),
            go: Default::default(),
            stopped: Default::default(),
            overflow: Default::default(),
            ram: Default::default(),
            rd: Default::default(),
            wr: Default::default(),
            count: Default::default(),
            stopped_r: Default::default(),
            byp_valid: Default::default(),
            byp_data: Default::default(),
            head: Default::default(),
            push_ok: Default::default(),
            pop_ok: Default::default(),
            rd_next: Default::default(),
            count_next: Default::default(),
            capacity: c(p.capacity),
            last_addr: c(p.capacity - 1),
            stop_above: c(p.stop_above),
            go_below: c(p.go_below),
        }
    }
}

impl<const W: usize> Logic for SlackBufferRtl<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rd, wr, count, stopped_r, byp_valid, byp_data);
        self.rd.reset.next = self.reset.val();
        self.wr.reset.next = self.reset.val();
        self.count.reset.next = self.reset.val();
        self.stopped_r.reset.next = self.reset.val();
        self.byp_valid.reset.next = self.reset.val();
        self.byp_data.reset.next = self.reset.val();
        self.ram.read_clock.next = self.clock.val();
        self.ram.write_clock.next = self.clock.val();
        // the head: the word read at the last edge, or the bypassed write
        if self.byp_valid.q.val() {
            self.head.next = self.byp_data.q.val();
        } else {
            self.head.next = self.ram.read_data.val();
        }
        // arrival (refused when full), fall-through head
        self.overflow.next = self.push.val() & (self.count.q.val() == self.capacity.val());
        self.push_ok.next = self.push.val() & (self.count.q.val() != self.capacity.val());
        self.front.next = 0.into();
        self.valid.next = false;
        if self.count.q.val() == 0 {
            if self.push.val() {
                self.front.next = self.din.val();
                self.valid.next = true;
            }
        } else {
            self.front.next = self.head.val();
            self.valid.next = true;
        }
        self.pop_ok.next = self.pop.val() & self.valid.val();
        // storage: write at the write pointer, read ahead at the next read pointer
        self.ram.write_enable.next = self.push_ok.val();
        self.ram.write_address.next = self.wr.q.val();
        self.ram.write_data.next = self.din.val();
        if self.push_ok.val() {
            if self.wr.q.val() == self.last_addr.val() {
                self.wr.d.next = 0.into();
            } else {
                self.wr.d.next = self.wr.q.val() + 1;
            }
        }
        self.rd_next.next = self.rd.q.val();
        if self.pop_ok.val() {
            if self.rd.q.val() == self.last_addr.val() {
                self.rd_next.next = 0.into();
            } else {
                self.rd_next.next = self.rd.q.val() + 1;
            }
        }
        self.rd.d.next = self.rd_next.val();
        self.ram.read_address.next = self.rd_next.val();
        self.byp_valid.d.next = self.push_ok.val() & (self.wr.q.val() == self.rd_next.val());
        self.byp_data.d.next = self.din.val();
        // occupancy after this cycle
        self.count_next.next = self.count.q.val();
        if self.push_ok.val() & !self.pop_ok.val() {
            self.count_next.next = self.count.q.val() + 1;
        }
        if self.pop_ok.val() & !self.push_ok.val() {
            self.count_next.next = self.count.q.val() - 1;
        }
        self.count.d.next = self.count_next.val();
        self.level.next = self.count_next.val();
        // stop/go with hysteresis, one symbol per transition
        self.stop.next = !self.stopped_r.q.val() & (self.count_next.val() > self.stop_above.val());
        self.go.next = self.stopped_r.q.val() & (self.count_next.val() < self.go_below.val());
        if self.stop.val() {
            self.stopped_r.d.next = true;
        }
        if self.go.val() {
            self.stopped_r.d.next = false;
        }
        self.stopped.next = self.stopped_r.q.val();
    }
}

/// One cycle of the model with the twin's port semantics; `out` in [`Twin::OUTPUTS`] order.
pub fn model_cycle(m: &mut SlackBuffer, push: Option<Flit>, pop: bool, out: &mut [u64]) {
    let overflow = push.is_some() && m.level() == m.params().capacity;
    if let Some(f) = push {
        m.accept(f);
    }
    let front = m.front().copied();
    if pop {
        m.pop();
    }
    out[5] = m.is_stopped() as u64;
    let sym = m.flow_control();
    out[0] = front.map_or(0, |f| encode(&f));
    out[1] = front.is_some() as u64;
    out[2] = m.level() as u64;
    out[3] = (sym == Some(FlowCtl::Stop)) as u64;
    out[4] = (sym == Some(FlowCtl::Go)) as u64;
    out[6] = overflow as u64;
}

impl<const W: usize> Clocked for SlackBufferRtl<W> {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

impl Twin for SlackBufferRtl<LINK_WORD> {
    const NAME: &'static str = "slack_buffer";
    const AREA: crate::hdl::area::Area = crate::hdl::area::Area {
        cells: 3065,
        flops: 1323,
        transistors: 47740,
    };
    const SUMMARY: &'static str =
        "80-byte slack buffer (RAM) with stop/go control, stop above 56, go below 40 (ITB paper §4.3)";
    const INPUTS: &'static [Port] = &[
        port("push", 1),
        port("din", LINK_WORD as u32),
        port("pop", 1),
    ];
    const OUTPUTS: &'static [Port] = &[
        port("front", LINK_WORD as u32),
        port("valid", 1),
        port("level", ADDR as u32),
        port("stop", 1),
        port("go", 1),
        port("stopped", 1),
        port("overflow", 1),
    ];
    const PARAMS: &'static [Param] = &[
        param(
            "WORD_W",
            LINK_WORD as u32,
            "link word: data byte, head, tail",
            &[
                "din",
                "front",
                "ram_read_data",
                "ram_write_data",
                "byp_data_*",
                "head",
            ],
        ),
        param(
            "ADDR_W",
            ADDR as u32,
            "storage address and occupancy (capacity up to 128 words)",
            &[
                "level",
                "ram_read_address",
                "ram_write_address",
                "rd_*",
                "wr_*",
                "count_*",
            ],
        ),
    ];
    type Model = SlackBuffer;

    fn rtl() -> Self {
        Self::new(SlackParams::default())
    }

    fn model() -> SlackBuffer {
        SlackBuffer::new(SlackParams::default())
    }

    fn drive(&mut self, inp: &[u64]) {
        self.push.next = inp[0] != 0;
        self.din.next = inp[1].into();
        self.pop.next = inp[2] != 0;
    }

    fn sample(&self, out: &mut [u64]) {
        out[0] = self.front.val().to_u64();
        out[1] = self.valid.val() as u64;
        out[2] = self.level.val().to_u64();
        out[3] = self.stop.val() as u64;
        out[4] = self.go.val() as u64;
        out[5] = self.stopped.val() as u64;
        out[6] = self.overflow.val() as u64;
    }

    fn model_cycle(m: &mut SlackBuffer, inp: &[u64], out: &mut [u64]) {
        let push = (inp[0] != 0).then(|| decode(inp[1]));
        model_cycle(m, push, inp[2] != 0, out);
    }

    fn directed() -> Vec<Vec<u64>> {
        let mut v = vec![];
        let w = |i: u64| (i * 37 + 5) & 0x3ff;
        // pop from empty; one flit straight through (fall-through); push+pop while empty
        v.push(vec![0, 0, 1]);
        v.push(vec![1, w(1), 1]);
        v.push(vec![1, w(2), 0]);
        v.push(vec![1, w(3), 1]);
        v.push(vec![0, 0, 1]);
        v.push(vec![0, 0, 1]);
        // fill to the top: stop above 56, then overflow attempts at 80 (with and without pop)
        v.extend((0..84).map(|i| vec![1, w(i + 10), 0]));
        v.push(vec![1, w(200), 1]);
        v.push(vec![1, w(201), 0]);
        // drain below 40 (go), then to empty, across the ring's wrap point
        v.extend((0..85).map(|_| vec![0, 0, 1]));
        // hover around both marks: push+pop keeps the level, alternate to cross by one
        v.extend((0..57).map(|i| vec![1, w(i + 300), 0]));
        for i in 0..6 {
            v.push(vec![1, w(i), 1]);
            v.push(vec![0, 0, 1]);
            v.push(vec![1, w(i + 1), 0]);
            v.push(vec![1, w(i + 2), 0]);
        }
        v.extend((0..20).map(|_| vec![0, 0, 1]));
        for i in 0..6 {
            v.push(vec![0, 0, 1]);
            v.push(vec![1, w(i + 9), 0]);
        }
        v.extend((0..60).map(|i| vec![1, w(i), 1]));
        v
    }

    fn random(rng: &mut ChaCha8Rng, cycle: u64, _: &Self::Model, inp: &mut [u64]) {
        // phases of 200 cycles: filling (push 0.9, pop 0.3), draining (0.3, 0.9), balanced,
        // and bursts; the level sweeps the whole range and both marks many times
        let (pp, qp) = [(0.9, 0.3), (0.3, 0.9), (0.6, 0.6), (1.0, 0.05), (0.05, 1.0)]
            [((cycle / 200) % 5) as usize];
        inp[0] = rng.random_bool(pp) as u64;
        inp[1] = rng.random::<u64>() & 0x3ff;
        inp[2] = rng.random_bool(qp) as u64;
    }
}
