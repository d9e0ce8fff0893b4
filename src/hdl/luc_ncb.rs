//! RTL twin of the LUC/NCB exchange unit of a mesh router (seed 002 §3; model:
//! `blocks::luc_ncb::LucNcb`, stepped by [`LucNcbCycle`]), at the paper's parameters: two-hop,
//! an exchange of 2 handshake + 8 data cycles every 100 cycles.
//!
//! State: the LUC (16 bits, saturating at 0 and 65,535), NCB 1-hop and 2-hop per direction
//! (+x, −x, +y, −y; 16 bits), the snapshots an exchange sends, and a free-running phase counter
//! (0..99, 0 at power-on): the twin matches the model driven from cycle 0, where the model's
//! slot is `now % 100`. Every router's counter starts with the same reset, so all exchange in
//! the same cycles.
//!
//! Timing, in the order the vc router calls the model within a cycle (`receive` as words
//! arrive, then `begin`, `word`, `count`): a received LUC or NCB word (kind 1, 2) replaces the
//! NCB 1-hop or 2-hop of its direction and shows on `ncb1_*` / `ncb2_*` in its arrival cycle (a
//! bypass around the register, which the selection reads); at phase 0 the LUC register and
//! the NCB 1-hop values after that cycle's words are copied into the snapshots; phases 0..9
//! drive a word in every direction (`halts`: the router sends no flit) — handshake,
//! handshake, LUC, the NCB 1-hop of the opposite direction, six pads; `heads` and `tails` of a
//! cycle change `luc` from the next cycle. Word kinds are the model's wire encoding (`Word::flit`): 0 handshake,
//! 1 LUC, 2 NCB, 3 pad; tx words are zero while `halts` is low.

use super::lockstep::{param, port, Clocked, Fsm, Param, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::luc_ncb::{ExchangeParams, LucNcb, Word, DIRS};
use crate::sim::Flit;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// The parameters the twin is built for.
pub const PARAMS: ExchangeParams = ExchangeParams::PAPER;
/// Width of the per-cycle head and tail counts (a mesh router has 5 input ports).
pub const CNTW: usize = 3;
const PHW: usize = 7;
const _: () = assert!(
    PARAMS.hops == 2
        && PARAMS.period <= 1 << PHW
        && PARAMS.handshake >= 1
        && PARAMS.period > PARAMS.handshake + PARAMS.data
);

/// Word kinds of the exchange (`wk`, the words driven in each phase; `rk`, the words received),
/// by their Verilog `localparam` names: the model's wire encoding (`Word::flit`).
pub const WORD_KINDS: &[(&str, u64)] =
    &[("W_HANDSHAKE", 0), ("W_LUC", 1), ("W_NCB", 2), ("W_PAD", 3)];

/// The exchange unit's RTL twin.
#[derive(LogicBlock)]
#[allow(non_snake_case)] // word kinds are Verilog localparams
pub struct LucNcbRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Heads written into input buffers and tails that left them this cycle.
    pub heads: Signal<In, Bits<CNTW>>,
    pub tails: Signal<In, Bits<CNTW>>,
    /// Exchange words received this cycle: bit d valid; kind and value per direction.
    pub rx_valid: Signal<In, Bits<DIRS>>,
    pub rx_kind_px: Signal<In, Bits<2>>,
    pub rx_kind_mx: Signal<In, Bits<2>>,
    pub rx_kind_py: Signal<In, Bits<2>>,
    pub rx_kind_my: Signal<In, Bits<2>>,
    pub rx_value_px: Signal<In, Bits<16>>,
    pub rx_value_mx: Signal<In, Bits<16>>,
    pub rx_value_py: Signal<In, Bits<16>>,
    pub rx_value_my: Signal<In, Bits<16>>,
    /// The links are taken by the exchange this cycle.
    pub halts: Signal<Out, Bit>,
    /// The phase counter (the model's `now % period`).
    pub phase: Signal<Out, Bits<PHW>>,
    pub luc: Signal<Out, Bits<16>>,
    pub ncb1_px: Signal<Out, Bits<16>>,
    pub ncb1_mx: Signal<Out, Bits<16>>,
    pub ncb1_py: Signal<Out, Bits<16>>,
    pub ncb1_my: Signal<Out, Bits<16>>,
    pub ncb2_px: Signal<Out, Bits<16>>,
    pub ncb2_mx: Signal<Out, Bits<16>>,
    pub ncb2_py: Signal<Out, Bits<16>>,
    pub ncb2_my: Signal<Out, Bits<16>>,
    /// The words driven this cycle: bit d valid; kind and value per direction.
    pub tx_valid: Signal<Out, Bits<DIRS>>,
    pub tx_kind_px: Signal<Out, Bits<2>>,
    pub tx_kind_mx: Signal<Out, Bits<2>>,
    pub tx_kind_py: Signal<Out, Bits<2>>,
    pub tx_kind_my: Signal<Out, Bits<2>>,
    pub tx_value_px: Signal<Out, Bits<16>>,
    pub tx_value_mx: Signal<Out, Bits<16>>,
    pub tx_value_py: Signal<Out, Bits<16>>,
    pub tx_value_my: Signal<Out, Bits<16>>,
    ph: ResetDff<Bits<PHW>>,
    cnt: ResetDff<Bits<16>>,
    snap_luc: ResetDff<Bits<16>>,
    n1: [ResetDff<Bits<16>>; DIRS],
    n2: [ResetDff<Bits<16>>; DIRS],
    snap1: [ResetDff<Bits<16>>; DIRS],
    /// Phase of the last cycle, the end of the exchange, its LUC and NCB words.
    last: Constant<Bits<PHW>>,
    occ: Constant<Bits<PHW>>,
    luc_at: Constant<Bits<PHW>>,
    ncb_at: Constant<Bits<PHW>>,
    rk: [Signal<Local, Bits<2>>; DIRS],
    rv: [Signal<Local, Bits<16>>; DIRS],
    /// NCB 1-hop and 2-hop after this cycle's words.
    m1: [Signal<Local, Bits<16>>; DIRS],
    m2: [Signal<Local, Bits<16>>; DIRS],
    wk: Signal<Local, Bits<2>>,
    wv: [Signal<Local, Bits<16>>; DIRS],
    /// |heads − tails|, and widened.
    dlt: Signal<Local, Bits<CNTW>>,
    dlt16: Signal<Local, Bits<16>>,
    sum: Signal<Local, Bits<16>>,
    W_HANDSHAKE: Constant<Bits<2>>,
    W_LUC: Constant<Bits<2>>,
    W_NCB: Constant<Bits<2>>,
    W_PAD: Constant<Bits<2>>,
}

impl Default for LucNcbRtl {
    fn default() -> Self {
        let c = |v: u32| Constant::new((v as u64).into());
        LucNcbRtl {
            clock: Default::default(),
            reset: Default::default(),
            heads: Default::default(),
            tails: Default::default(),
            rx_valid: Default::default(),
            rx_kind_px: Default::default(),
            rx_kind_mx: Default::default(),
            rx_kind_py: Default::default(),
            rx_kind_my: Default::default(),
            rx_value_px: Default::default(),
            rx_value_mx: Default::default(),
            rx_value_py: Default::default(),
            rx_value_my: Default::default(),
            halts: Default::default(),
            phase: Default::default(),
            luc: Default::default(),
            ncb1_px: Default::default(),
            ncb1_mx: Default::default(),
            ncb1_py: Default::default(),
            ncb1_my: Default::default(),
            ncb2_px: Default::default(),
            ncb2_mx: Default::default(),
            ncb2_py: Default::default(),
            ncb2_my: Default::default(),
            tx_valid: Default::default(),
            tx_kind_px: Default::default(),
            tx_kind_mx: Default::default(),
            tx_kind_py: Default::default(),
            tx_kind_my: Default::default(),
            tx_value_px: Default::default(),
            tx_value_mx: Default::default(),
            tx_value_py: Default::default(),
            tx_value_my: Default::default(),
            ph: Default::default(),
            cnt: Default::default(),
            snap_luc: Default::default(),
            n1: Default::default(),
            n2: Default::default(),
            snap1: Default::default(),
            last: c(PARAMS.period - 1),
            occ: c(PARAMS.occupancy()),
            luc_at: c(PARAMS.handshake),
            ncb_at: c(PARAMS.handshake + 1),
            W_HANDSHAKE: Constant::new(0u64.into()),
            W_LUC: Constant::new(1u64.into()),
            W_NCB: Constant::new(2u64.into()),
            W_PAD: Constant::new(3u64.into()),
            rk: Default::default(),
            rv: Default::default(),
            m1: Default::default(),
            m2: Default::default(),
            wk: Default::default(),
            wv: Default::default(),
            dlt: Default::default(),
            dlt16: Default::default(),
            sum: Default::default(),
        }
    }
}

// rust-hdl prints expressions without their parentheses (primer §6): every mixed `& | ^` and
// comparison is parenthesised.
#[allow(unused_parens)]
impl Logic for LucNcbRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ph, cnt, snap_luc);
        self.ph.reset.next = self.reset.val();
        self.cnt.reset.next = self.reset.val();
        self.snap_luc.reset.next = self.reset.val();
        for d in 0..DIRS {
            self.n1[d].clock.next = self.clock.val();
            self.n1[d].reset.next = self.reset.val();
            self.n2[d].clock.next = self.clock.val();
            self.n2[d].reset.next = self.reset.val();
            self.snap1[d].clock.next = self.clock.val();
            self.snap1[d].reset.next = self.reset.val();
            self.snap1[d].d.next = self.snap1[d].q.val();
        }
        self.rk[0].next = self.rx_kind_px.val();
        self.rk[1].next = self.rx_kind_mx.val();
        self.rk[2].next = self.rx_kind_py.val();
        self.rk[3].next = self.rx_kind_my.val();
        self.rv[0].next = self.rx_value_px.val();
        self.rv[1].next = self.rx_value_mx.val();
        self.rv[2].next = self.rx_value_py.val();
        self.rv[3].next = self.rx_value_my.val();
        // ---- the phase ----
        self.phase.next = self.ph.q.val();
        self.ph.d.next = self.ph.q.val() + 1;
        if (self.ph.q.val() == self.last.val()) {
            self.ph.d.next = 0.into();
        }
        // ---- the words driven: handshake, LUC, NCB of the opposite direction, pads ----
        self.halts.next = (self.ph.q.val() < self.occ.val());
        self.wk.next = self.W_PAD.val();
        if (self.ph.q.val() < self.luc_at.val()) {
            self.wk.next = self.W_HANDSHAKE.val();
        }
        if (self.ph.q.val() == self.luc_at.val()) {
            self.wk.next = self.W_LUC.val();
        }
        if (self.ph.q.val() == self.ncb_at.val()) {
            self.wk.next = self.W_NCB.val();
        }
        for d in 0..DIRS {
            self.wv[d].next = 0.into();
            if (self.wk.val() == self.W_LUC.val()) {
                self.wv[d].next = self.snap_luc.q.val();
            }
        }
        if (self.wk.val() == self.W_NCB.val()) {
            self.wv[0].next = self.snap1[1].q.val();
            self.wv[1].next = self.snap1[0].q.val();
            self.wv[2].next = self.snap1[3].q.val();
            self.wv[3].next = self.snap1[2].q.val();
        }
        self.tx_valid.next = 0.into();
        if self.halts.val() {
            self.tx_valid.next = 15.into();
        } else {
            self.wk.next = self.W_HANDSHAKE.val();
            for d in 0..DIRS {
                self.wv[d].next = 0.into();
            }
        }
        self.tx_kind_px.next = self.wk.val();
        self.tx_kind_mx.next = self.wk.val();
        self.tx_kind_py.next = self.wk.val();
        self.tx_kind_my.next = self.wk.val();
        self.tx_value_px.next = self.wv[0].val();
        self.tx_value_mx.next = self.wv[1].val();
        self.tx_value_py.next = self.wv[2].val();
        self.tx_value_my.next = self.wv[3].val();
        // ---- the words received ----
        for d in 0..DIRS {
            self.m1[d].next = self.n1[d].q.val();
            self.m2[d].next = self.n2[d].q.val();
            if (self.rx_valid.val().get_bit(d) & (self.rk[d].val() == self.W_LUC.val())) {
                self.m1[d].next = self.rv[d].val();
            }
            if (self.rx_valid.val().get_bit(d) & (self.rk[d].val() == self.W_NCB.val())) {
                self.m2[d].next = self.rv[d].val();
            }
            self.n1[d].d.next = self.m1[d].val();
            self.n2[d].d.next = self.m2[d].val();
        }
        // ---- the snapshots at the start of an exchange (after this cycle's words) ----
        if !self.ph.q.val().any() {
            self.snap_luc.d.next = self.cnt.q.val();
            for d in 0..DIRS {
                self.snap1[d].d.next = self.m1[d].val();
            }
        }
        self.ncb1_px.next = self.m1[0].val();
        self.ncb1_mx.next = self.m1[1].val();
        self.ncb1_py.next = self.m1[2].val();
        self.ncb1_my.next = self.m1[3].val();
        self.ncb2_px.next = self.m2[0].val();
        self.ncb2_mx.next = self.m2[1].val();
        self.ncb2_py.next = self.m2[2].val();
        self.ncb2_my.next = self.m2[3].val();
        // ---- the LUC: + heads − tails, saturating at both ends ----
        self.luc.next = self.cnt.q.val();
        self.dlt.next = self.tails.val() - self.heads.val();
        if (self.heads.val() >= self.tails.val()) {
            self.dlt.next = self.heads.val() - self.tails.val();
        }
        self.dlt16.next = 0.into();
        for v in 1..8_usize {
            if (self.dlt.val() == v.to_bits::<CNTW>()) {
                self.dlt16.next = v.to_bits::<16>();
            }
        }
        self.sum.next = self.cnt.q.val() + self.dlt16.val();
        if (self.heads.val() >= self.tails.val()) {
            self.cnt.d.next = self.sum.val();
            if (self.sum.val() < self.cnt.q.val()) {
                self.cnt.d.next = 0xffff.into();
            }
        } else {
            self.cnt.d.next = self.cnt.q.val() - self.dlt16.val();
            if (self.cnt.q.val() < self.dlt16.val()) {
                self.cnt.d.next = 0.into();
            }
        }
    }
}

impl Clocked for LucNcbRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

/// The model side: a [`LucNcb`] at [`PARAMS`] stepped one cycle at a time from cycle 0, in the
/// order the vc router calls it (`fabric::vc::switch`): the words received (`receive`, as they
/// come off the links), then `begin`, the words driven (`word`, every direction), `count`.
#[derive(Debug, Clone)]
pub struct LucNcbCycle {
    pub unit: LucNcb,
    /// The cycle about to run.
    pub now: u64,
}

/// What the unit shows in one cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub halts: bool,
    pub phase: u64,
    /// The LUC at the start of the cycle.
    pub luc: u16,
    /// NCB 1-hop and 2-hop after the cycle's words are received.
    pub ncb1: [u16; DIRS],
    pub ncb2: [u16; DIRS],
    /// The words driven.
    pub tx: [Option<Word>; DIRS],
}

impl Default for LucNcbCycle {
    fn default() -> Self {
        LucNcbCycle {
            unit: LucNcb::new(PARAMS),
            now: 0,
        }
    }
}

impl LucNcbCycle {
    /// One cycle: `heads` heads in, `tails` tails out, `rx[d]` received from direction `d`.
    pub fn cycle(&mut self, heads: u32, tails: u32, rx: [Option<Word>; DIRS]) -> Shown {
        let (u, t) = (&mut self.unit, self.now);
        for (d, w) in rx.iter().enumerate() {
            if let Some(w) = w {
                u.receive(d, *w);
            }
        }
        u.begin(t);
        let halts = u.halts(t);
        let tx: [Option<Word>; DIRS] = std::array::from_fn(|d| u.word(t, d));
        let luc = u.luc;
        let s = Shown {
            halts,
            phase: t % PARAMS.period as u64,
            luc,
            ncb1: u.ncb1,
            ncb2: u.ncb2,
            tx,
        };
        u.count(heads, tails);
        self.now += 1;
        s
    }
}

/// A word as (kind, value) on the ports: the model's wire encoding.
pub fn encode(w: Word) -> (u64, u64) {
    let f = w.flit();
    (f.data as u64, f.pkt as u64)
}

/// The word a (kind, value) pair on the ports carries.
pub fn decode(kind: u64, value: u64) -> Word {
    Word::of(Flit {
        pkt: value as u32,
        data: kind as u8,
        flags: Flit::EXCHANGE,
        vc: 0,
        ..Flit::default()
    })
}

/// Input vector positions: heads, tails, rx_valid, rx_kind per direction, rx_value per
/// direction.
pub const HEADS: usize = 0;
pub const TAILS: usize = 1;
pub const RX_VALID: usize = 2;
pub const RX_KIND: usize = 3;
pub const RX_VALUE: usize = RX_KIND + DIRS;
/// Output vector positions.
pub const HALTS: usize = 0;
pub const PHASE: usize = 1;
pub const LUC: usize = 2;
pub const NCB1: usize = 3;
pub const NCB2: usize = NCB1 + DIRS;
pub const TX_VALID: usize = NCB2 + DIRS;
pub const TX_KIND: usize = TX_VALID + 1;
pub const TX_VALUE: usize = TX_KIND + DIRS;

/// The input vector of one cycle.
pub fn inputs(heads: u32, tails: u32, rx: [Option<Word>; DIRS]) -> Vec<u64> {
    let mut v = vec![0; RX_VALUE + DIRS];
    v[HEADS] = heads as u64;
    v[TAILS] = tails as u64;
    for (d, w) in rx.iter().enumerate() {
        if let Some(w) = w {
            v[RX_VALID] |= 1 << d;
            (v[RX_KIND + d], v[RX_VALUE + d]) = encode(*w);
        }
    }
    v
}

/// The received words of an input vector.
pub fn received(inp: &[u64]) -> [Option<Word>; DIRS] {
    std::array::from_fn(|d| {
        (inp[RX_VALID] >> d & 1 == 1).then(|| decode(inp[RX_KIND + d], inp[RX_VALUE + d]))
    })
}

mod stimulus;

mod twin;
