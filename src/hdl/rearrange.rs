//! RTL twin of the rearrange-buffer controller of seed 004's sequenced NIC (§3.1–3.2; model:
//! `blocks::nic::rearrange`, driven through its clocked [`RearrangeController`]).
//!
//! Bounds: 4 connections; a window of 8 sequence numbers per connection, `sn − expected < 8`
//! (sources keep at most 8 packets of a connection unacknowledged); 24-bit sequence numbers
//! (InfiniBand's PSN width; equal to the model's 32-bit ones below 2^24 packets per
//! connection); packets up to 2,047 bytes; 8-bit tags; 16-bit byte counters and sizes (a
//! window holds at most 7 × 2,047 bytes per connection, 57,316 in all: nothing overflows, and a
//! larger size is unlimited).
//!
//! State: per connection `expected`, a stored bitmap relative to it (bit `o`: packet
//! `expected + o` is stored; bit 0 never is), its bytes stored and MBS; per slot (connection ×
//! `sn mod 8`) the bytes and tag; the bytes stored in all, the MMS and a duplicates counter.
//! `mode` (0 static, 1 dynamic, 2/3 unlimited), `size` (static buffer / dynamic cap) and `pool`
//! are configuration inputs, read at every decision.
//!
//! Timing: an arrival taken in cycle t (`arrive` while `ready`) is decided in that cycle — the
//! sequence check (duplicates are counted and dropped); in order, the run of stored
//! successors; out of order, what rejecting the stored packets above each cut would free, the
//! static or dynamic room check at every cut, and the smallest eviction that lets the newcomer
//! in (or none: reject it) — and state, MBS and MMS commit at its edge. The sequencer then
//! sends one action per cycle from t + 1: DELIVER (the newcomer, then each stored successor)
//! and one cumulative ACK, or one NACK per rejected packet, largest sequence number first.
//! `ready` is high while at most one action is left, so the next arrival is taken in the cycle
//! the last action leaves: k actions take k cycles, a store or a duplicate one. Action outputs
//! are zero while `act_valid` is low; `q_conn` selects the connection the `q_*` outputs show.

use super::lockstep::{port, Clocked, Fsm, Port, Twin};
use super::reset::ResetDff;
use crate::blocks::nic::rearrange::{Action, Arrival, Memory, RearrangeController};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;

/// Connections, their index width, and the window of sequence numbers per connection.
pub const CONNS: usize = 4;
const CB: usize = 2;
pub const WINDOW: usize = 8;
/// Sequence-number, packet-size, byte-counter and tag widths.
pub const SNW: usize = 24;
pub const BYTESW: usize = 11;
const W: usize = 16;
const TW: usize = 8;
/// Slots: connections × window.
const SLOTS: usize = CONNS * WINDOW;
// The kernel's index arithmetic (`c * 8 + s`, `7 - j`) is written for these sizes.
const _: () = assert!(CONNS == 4 && WINDOW == 8);

/// The rearrange controller's RTL twin.
#[derive(LogicBlock)]
#[allow(non_snake_case)] // the sequencer's state names are Verilog localparams
pub struct RearrangeRtl {
    pub clock: Signal<In, Clock>,
    /// Synchronous active-high reset: every register to its power-on state.
    pub reset: Signal<In, Bit>,
    /// Memory allocation (configuration): 0 static, 1 dynamic, 2/3 unlimited.
    pub mode: Signal<In, Bits<2>>,
    /// Static: bytes per connection; dynamic: the cap per connection.
    pub size: Signal<In, Bits<W>>,
    /// Dynamic: the shared pool in bytes.
    pub pool: Signal<In, Bits<W>>,
    /// A packet arrived: connection, sequence number, bytes, tag. Ignored unless `ready`.
    pub arrive: Signal<In, Bit>,
    pub conn: Signal<In, Bits<CB>>,
    pub sn: Signal<In, Bits<SNW>>,
    pub bytes: Signal<In, Bits<BYTESW>>,
    pub tag: Signal<In, Bits<TW>>,
    /// The connection whose state `q_*` show.
    pub q_conn: Signal<In, Bits<CB>>,
    /// An arrival is taken this cycle.
    pub ready: Signal<Out, Bit>,
    /// The action of this cycle: 0 DELIVER, 1 ACK, 2 NACK; its connection, sequence number and
    /// tag (0 for an ACK).
    pub act_valid: Signal<Out, Bit>,
    pub act_kind: Signal<Out, Bits<2>>,
    pub act_conn: Signal<Out, Bits<CB>>,
    pub act_sn: Signal<Out, Bits<SNW>>,
    pub act_tag: Signal<Out, Bits<TW>>,
    /// Bytes stored over all connections, and the MMS.
    pub used: Signal<Out, Bits<W>>,
    pub mms: Signal<Out, Bits<W>>,
    /// Connection `q_conn`: next sequence number expected, bytes stored, MBS.
    pub q_expected: Signal<Out, Bits<SNW>>,
    pub q_used: Signal<Out, Bits<W>>,
    pub q_mbs: Signal<Out, Bits<W>>,
    /// Duplicates dropped (mod 2^16).
    pub duplicates: Signal<Out, Bits<W>>,
    exp: [ResetDff<Bits<SNW>>; CONNS],
    map: [ResetDff<Bits<WINDOW>>; CONNS],
    cused: [ResetDff<Bits<W>>; CONNS],
    mbs: [ResetDff<Bits<W>>; CONNS],
    slot_bytes: [ResetDff<Bits<W>>; SLOTS],
    slot_tag: [ResetDff<Bits<TW>>; SLOTS],
    total: ResetDff<Bits<W>>,
    mms_r: ResetDff<Bits<W>>,
    n_dup: ResetDff<Bits<W>>,
    /// Sequencer: 0 idle, 1 DELIVER `s_sn` then `s_cnt` more, 2 ACK `s_sn`, 3 NACK
    /// `s_sn` + each offset of `s_mask`, highest first (`s_mask` is empty in the other states).
    s_kind: ResetDff<Bits<2>>,
    s_conn: ResetDff<Bits<CB>>,
    s_sn: ResetDff<Bits<SNW>>,
    s_cnt: ResetDff<Bits<3>>,
    s_mask: ResetDff<Bits<WINDOW>>,
    // the action leaving
    lone: Signal<Local, Bit>,
    h: Signal<Local, Bits<3>>,
    /// `h` widened to a sequence number.
    hw: Signal<Local, Bits<SNW>>,
    rslot: Signal<Local, Bits<3>>,
    atag: Signal<Local, Bits<TW>>,
    // the decision
    take: Signal<Local, Bit>,
    b16: Signal<Local, Bits<W>>,
    e: Signal<Local, Bits<SNW>>,
    m: Signal<Local, Bits<WINDOW>>,
    u: Signal<Local, Bits<W>>,
    diff: Signal<Local, Bits<SNW>>,
    d: Signal<Local, Bits<3>>,
    dbit: Signal<Local, Bits<WINDOW>>,
    dup: Signal<Local, Bit>,
    inord: Signal<Local, Bit>,
    ooo: Signal<Local, Bit>,
    /// The connection's slots: bytes, offset from `expected`; the bytes at offsets 1..=7.
    row: [Signal<Local, Bits<W>>; WINDOW],
    rel: [Signal<Local, Bits<3>>; WINDOW],
    rsz: [Signal<Local, Bits<W>>; 7],
    run: Signal<Local, Bit>,
    k: Signal<Local, Bits<SNW>>,
    frun: Signal<Local, Bits<W>>,
    /// `fr[c - 1]`: bytes stored at offsets ≥ c (what a cut at c frees); `fit[c - 1]`: the
    /// newcomer fits with them freed.
    fr: [Signal<Local, Bits<W>>; WINDOW],
    fit: [Signal<Local, Bit>; WINDOW],
    cu: Signal<Local, Bits<W>>,
    tt: Signal<Local, Bits<W>>,
    can: Signal<Local, Bit>,
    frsel: Signal<Local, Bits<W>>,

    S_IDLE: Constant<Bits<2>>,
    S_DELIVER: Constant<Bits<2>>,
    S_ACK: Constant<Bits<2>>,
    S_NACK: Constant<Bits<2>>,
    ev: Signal<Local, Bits<WINDOW>>,
    nm: Signal<Local, Bits<WINDOW>>,
}

/// States of the sequencer (`s_kind`), by their Verilog `localparam` names.
pub const STATES: &[(&str, u64)] = &[("S_IDLE", 0), ("S_DELIVER", 1), ("S_ACK", 2), ("S_NACK", 3)];

impl Default for RearrangeRtl {
    fn default() -> Self {
        RearrangeRtl {
            clock: Default::default(),
            reset: Default::default(),
            mode: Default::default(),
            size: Default::default(),
            pool: Default::default(),
            arrive: Default::default(),
            conn: Default::default(),
            sn: Default::default(),
            bytes: Default::default(),
            tag: Default::default(),
            q_conn: Default::default(),
            ready: Default::default(),
            act_valid: Default::default(),
            act_kind: Default::default(),
            act_conn: Default::default(),
            act_sn: Default::default(),
            act_tag: Default::default(),
            used: Default::default(),
            mms: Default::default(),
            q_expected: Default::default(),
            q_used: Default::default(),
            q_mbs: Default::default(),
            duplicates: Default::default(),
            exp: std::array::from_fn(|_| Default::default()),
            map: std::array::from_fn(|_| Default::default()),
            cused: std::array::from_fn(|_| Default::default()),
            mbs: std::array::from_fn(|_| Default::default()),
            slot_bytes: std::array::from_fn(|_| Default::default()),
            slot_tag: std::array::from_fn(|_| Default::default()),
            total: Default::default(),
            mms_r: Default::default(),
            n_dup: Default::default(),
            s_kind: Default::default(),
            s_conn: Default::default(),
            s_sn: Default::default(),
            s_cnt: Default::default(),
            s_mask: Default::default(),
            lone: Default::default(),
            h: Default::default(),
            hw: Default::default(),
            rslot: Default::default(),
            atag: Default::default(),
            take: Default::default(),
            b16: Default::default(),
            e: Default::default(),
            m: Default::default(),
            u: Default::default(),
            diff: Default::default(),
            d: Default::default(),
            dbit: Default::default(),
            dup: Default::default(),
            inord: Default::default(),
            ooo: Default::default(),
            row: std::array::from_fn(|_| Default::default()),
            rel: std::array::from_fn(|_| Default::default()),
            rsz: std::array::from_fn(|_| Default::default()),
            run: Default::default(),
            k: Default::default(),
            frun: Default::default(),
            fr: std::array::from_fn(|_| Default::default()),
            fit: std::array::from_fn(|_| Default::default()),
            cu: Default::default(),
            tt: Default::default(),
            can: Default::default(),
            frsel: Default::default(),
            ev: Default::default(),
            nm: Default::default(),
            S_IDLE: Constant::new(0u64.into()),
            S_DELIVER: Constant::new(1u64.into()),
            S_ACK: Constant::new(2u64.into()),
            S_NACK: Constant::new(3u64.into()),
        }
    }
}

// rust-hdl prints expressions without their parentheses (primer §6): every mixed `& | ^` and
// comparison is parenthesised.
#[allow(unused_parens)]
impl Logic for RearrangeRtl {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, total, mms_r, n_dup, s_kind, s_conn, s_sn, s_cnt, s_mask);
        self.total.reset.next = self.reset.val();
        self.mms_r.reset.next = self.reset.val();
        self.n_dup.reset.next = self.reset.val();
        self.s_kind.reset.next = self.reset.val();
        self.s_conn.reset.next = self.reset.val();
        self.s_sn.reset.next = self.reset.val();
        self.s_cnt.reset.next = self.reset.val();
        self.s_mask.reset.next = self.reset.val();
        self.q_expected.next = 0.into();
        self.q_used.next = 0.into();
        self.q_mbs.next = 0.into();
        for c in 0..CONNS {
            if (self.q_conn.val() == c.to_bits::<CB>()) {
                self.q_expected.next = self.exp[c].q.val();
                self.q_used.next = self.cused[c].q.val();
                self.q_mbs.next = self.mbs[c].q.val();
            }
            self.exp[c].clock.next = self.clock.val();
            self.exp[c].reset.next = self.reset.val();
            self.map[c].clock.next = self.clock.val();
            self.map[c].reset.next = self.reset.val();
            self.cused[c].clock.next = self.clock.val();
            self.cused[c].reset.next = self.reset.val();
            self.mbs[c].clock.next = self.clock.val();
            self.mbs[c].reset.next = self.reset.val();
            self.exp[c].d.next = self.exp[c].q.val();
            self.map[c].d.next = self.map[c].q.val();
            self.cused[c].d.next = self.cused[c].q.val();
            self.mbs[c].d.next = self.mbs[c].q.val();
        }
        for i in 0..SLOTS {
            self.slot_bytes[i].clock.next = self.clock.val();
            self.slot_bytes[i].reset.next = self.reset.val();
            self.slot_tag[i].clock.next = self.clock.val();
            self.slot_tag[i].reset.next = self.reset.val();
            self.slot_bytes[i].d.next = self.slot_bytes[i].q.val();
            self.slot_tag[i].d.next = self.slot_tag[i].q.val();
        }
        // ---- the action leaving this cycle ----
        self.lone.next = !(self.s_mask.q.val() & (self.s_mask.q.val() - 1)).any();
        self.h.next = 0.into();
        self.hw.next = 0.into();
        for i in 0..WINDOW {
            if self.s_mask.q.val().get_bit(i) {
                self.h.next = i.to_bits::<3>();
                self.hw.next = i.to_bits::<SNW>();
            }
        }
        self.ready.next = (self.s_kind.q.val() == self.S_IDLE.val())
            | (self.s_kind.q.val() == self.S_ACK.val())
            | ((self.s_kind.q.val() == self.S_NACK.val()) & self.lone.val());
        // the action's sequence number and slot: DELIVER's, or NACK's base + highest offset
        // (`s_mask` is empty outside NACK runs, so `h` is 0)
        self.rslot.next = self.s_sn.q.val().get_bits::<3>(0) + self.h.val();
        self.atag.next = 0.into();
        for c in 0..CONNS {
            for s in 0..WINDOW {
                if ((self.s_conn.q.val() == c.to_bits::<CB>())
                    & (self.rslot.val() == s.to_bits::<3>()))
                {
                    self.atag.next = self.slot_tag[c * 8 + s].q.val();
                }
            }
        }
        self.act_valid.next = (self.s_kind.q.val() != self.S_IDLE.val());
        self.act_kind.next = 0.into();
        self.act_conn.next = 0.into();
        self.act_sn.next = 0.into();
        self.act_tag.next = 0.into();
        if (self.s_kind.q.val() != self.S_IDLE.val()) {
            self.act_kind.next = self.s_kind.q.val() - 1;
            self.act_conn.next = self.s_conn.q.val();
            self.act_sn.next = self.s_sn.q.val() + self.hw.val();
            if (self.s_kind.q.val() != self.S_ACK.val()) {
                self.act_tag.next = self.atag.val();
            }
        }
        if (self.s_kind.q.val() == self.S_DELIVER.val()) {
            if self.s_cnt.q.val().any() {
                self.s_sn.d.next = self.s_sn.q.val() + 1;
                self.s_cnt.d.next = self.s_cnt.q.val() - 1;
            } else {
                self.s_kind.d.next = self.S_ACK.val();
            }
        }
        self.s_mask.d.next = self.s_mask.q.val() & !(bits::<WINDOW>(1) << self.h.val());
        if ((self.s_kind.q.val() == self.S_ACK.val())
            | ((self.s_kind.q.val() == self.S_NACK.val()) & self.lone.val()))
        {
            self.s_kind.d.next = self.S_IDLE.val();
        }
        // ---- the decision on this cycle's arrival ----
        self.take.next = self.arrive.val() & self.ready.val();
        self.b16.next = 0.into();
        for i in 0..BYTESW {
            if self.bytes.val().get_bit(i) {
                self.b16.next = self.b16.val() | (bits::<W>(1) << i.to_bits::<4>());
            }
        }
        self.e.next = 0.into();
        self.m.next = 0.into();
        self.u.next = 0.into();
        for c in 0..CONNS {
            if (self.conn.val() == c.to_bits::<CB>()) {
                self.e.next = self.exp[c].q.val();
                self.m.next = self.map[c].q.val();
                self.u.next = self.cused[c].q.val();
            }
        }
        for s in 0..WINDOW {
            self.row[s].next = 0.into();
            for c in 0..CONNS {
                if (self.conn.val() == c.to_bits::<CB>()) {
                    self.row[s].next = self.slot_bytes[c * 8 + s].q.val();
                }
            }
            self.rel[s].next = s.to_bits::<3>() - self.e.val().get_bits::<3>(0);
        }
        self.diff.next = self.sn.val() - self.e.val();
        self.d.next = self.diff.val().get_bits::<3>(0);
        self.dbit.next = bits::<WINDOW>(1) << self.d.val();
        self.dup.next = (self.sn.val() < self.e.val()) | (self.m.val() & self.dbit.val()).any();
        self.inord.next = !self.dup.val() & !self.diff.val().any();
        self.ooo.next = !self.dup.val() & self.diff.val().any();
        for o in 1..WINDOW {
            self.rsz[o - 1].next = 0.into();
            for s in 0..WINDOW {
                if (self.rel[s].val() == o.to_bits::<3>()) {
                    self.rsz[o - 1].next = self.row[s].val();
                }
            }
        }
        // in order: the run of stored successors
        self.run.next = true;
        self.k.next = 0.into();
        self.frun.next = 0.into();
        for o in 1..WINDOW {
            self.run.next = self.run.val() & self.m.val().get_bit(o);
            if self.run.val() {
                self.k.next = self.k.val() + 1;
                self.frun.next = self.frun.val() + self.rsz[o - 1].val();
            }
        }
        // out of order: what each cut frees, and whether the newcomer then fits
        self.fr[7].next = 0.into();
        for j in 0..7 {
            self.fr[6 - j].next = self.fr[7 - j].val();
            if self.m.val().get_bit(7 - j) {
                self.fr[6 - j].next = self.fr[7 - j].val() + self.rsz[6 - j].val();
            }
        }
        self.cu.next = 0.into();
        self.tt.next = 0.into();
        for j in 0..WINDOW {
            self.cu.next = self.u.val() - self.fr[j].val() + self.b16.val();
            self.tt.next = self.total.q.val() - self.fr[j].val() + self.b16.val();
            // unlimited (mode 2, 3), or within the size and, if dynamic, the pool
            self.fit[j].next = self.mode.val().get_bit(1)
                | ((self.cu.val() <= self.size.val())
                    & ((self.mode.val() == 0) | (self.tt.val() <= self.pool.val())));
        }
        // no cut (fits as it is), else the highest cut above the newcomer that makes room
        self.can.next = self.fit[7].val();
        self.frsel.next = 0.into();
        self.ev.next = 0.into();
        for j in 0..7 {
            if ((self.d.val() <= j.to_bits::<3>()) & self.fit[j].val() & !self.fit[7].val()) {
                self.can.next = true;
                self.frsel.next = self.fr[j].val();
                self.ev.next = (self.m.val() >> (j + 1).to_bits::<4>()) << (j + 1).to_bits::<4>();
            }
        }
        self.nm.next = self.ev.val();
        if !self.can.val() {
            self.nm.next = self.dbit.val();
        }
        // ---- commit ----
        if self.take.val() {
            if self.dup.val() {
                self.n_dup.d.next = self.n_dup.q.val() + 1;
            }
            if self.inord.val() {
                self.total.d.next = self.total.q.val() - self.frun.val();
                self.s_kind.d.next = self.S_DELIVER.val();
                self.s_conn.d.next = self.conn.val();
                self.s_sn.d.next = self.sn.val();
                self.s_cnt.d.next = self.k.val().get_bits::<3>(0);
            }
            if self.ooo.val() {
                if (self.mms_r.q.val() < (self.total.q.val() + self.b16.val())) {
                    self.mms_r.d.next = self.total.q.val() + self.b16.val();
                }
                if self.can.val() {
                    self.total.d.next = self.total.q.val() - self.frsel.val() + self.b16.val();
                }
                if self.nm.val().any() {
                    self.s_kind.d.next = self.S_NACK.val();
                    self.s_conn.d.next = self.conn.val();
                    self.s_sn.d.next = self.e.val();
                    self.s_mask.d.next = self.nm.val();
                }
            }
        }
        for c in 0..CONNS {
            if (self.take.val() & (self.conn.val() == c.to_bits::<CB>())) {
                if self.inord.val() {
                    self.exp[c].d.next = self.e.val() + self.k.val() + 1;
                    self.map[c].d.next = (self.m.val() >> self.k.val().get_bits::<3>(0)) >> 1;
                    self.cused[c].d.next = self.u.val() - self.frun.val();
                }
                // the newcomer's slot: its bytes and tag (DELIVER or NACK read them if not stored)
                for s in 0..WINDOW {
                    if (!self.dup.val() & (self.sn.val().get_bits::<3>(0) == s.to_bits::<3>())) {
                        self.slot_bytes[c * 8 + s].d.next = self.b16.val();
                        self.slot_tag[c * 8 + s].d.next = self.tag.val();
                    }
                }
                if self.ooo.val() {
                    if (self.mbs[c].q.val() < (self.u.val() + self.b16.val())) {
                        self.mbs[c].d.next = self.u.val() + self.b16.val();
                    }
                    if self.can.val() {
                        self.map[c].d.next = (self.m.val() & !self.ev.val()) | self.dbit.val();
                        self.cused[c].d.next = self.u.val() - self.frsel.val() + self.b16.val();
                    }
                }
            }
        }
        // ---- status ----
        self.used.next = self.total.q.val();
        self.mms.next = self.mms_r.q.val();
        self.duplicates.next = self.n_dup.q.val();
    }
}

impl Clocked for RearrangeRtl {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

/// The model's memory setting from the configuration inputs.
pub fn memory(mode: u64, size: u64, pool: u64) -> Memory {
    match mode {
        0 => Memory::Static { per_conn: size },
        1 => Memory::Dynamic {
            total: pool,
            cap: size,
        },
        _ => Memory::Unlimited,
    }
}

/// `act_kind` codes.
pub const DELIVER: u64 = 0;
pub const ACK: u64 = 1;
pub const NACK: u64 = 2;

mod stimulus;
mod twin;
