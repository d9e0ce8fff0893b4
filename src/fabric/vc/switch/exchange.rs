//! The exchange stage of the VC router, a variant present only with seed 002's LUC/NCB
//! exchange (`exchange.hops > 0`): the unit ([`LucNcb`]) drives its words on the network links
//! in its slots (2 + 8 of every 100 cycles, seed 002 §3), holds back the flits that would meet
//! a slot, receives its neighbours' words, and counts the messages in the router (its LUC)
//! from the heads written and the tails sent each cycle.

use super::input::VcState;
use super::VcSwitch;
use crate::blocks::luc_ncb::{ExchangeParams, LucNcb, Word, DIRS};
use crate::sim::Flit;

/// The exchange stage.
#[derive(Debug, Clone)]
pub struct ExchangeStage {
    pub unit: LucNcb,
    /// Heads written and tails sent this cycle (the LUC's inputs).
    heads_in: u32,
    tails_out: u32,
    /// Active input VCs held back a cycle because their flit would meet an exchange slot.
    pub halted: u64,
    /// The first network port (+x, −x, +y, −y from it).
    first_net_port: u8,
}

impl ExchangeStage {
    /// The stage of a router whose network ports start at `first_net_port`.
    pub fn new(p: ExchangeParams, first_net_port: u8) -> Self {
        ExchangeStage {
            unit: LucNcb::new(p),
            heads_in: 0,
            tails_out: 0,
            halted: 0,
            first_net_port,
        }
    }

    /// Output `o` is a network link the exchange takes at cycle `t`.
    #[inline]
    pub fn halts(&self, o: usize, t: u64) -> bool {
        self.halted_outputs(t) >> (o & 31) & 1 == 1
    }

    /// Flit `f` arrived on input `port`: an exchange word goes to the unit (true: it enters
    /// no buffer), a packet's flit goes on into the buffers, a head counted for the LUC.
    #[inline]
    pub fn arrived(&mut self, port: usize, f: Flit) -> bool {
        if f.is_exchange() {
            let d = port.wrapping_sub(self.first_net_port as usize);
            if d < DIRS {
                self.unit.receive(d, Word::of(f));
            }
            return true;
        }
        self.heads_in = self.heads_in.wrapping_add(f.is_head() as u32);
        false
    }

    /// A packet's tail left an input buffer (for the LUC).
    #[inline]
    pub fn tail_left(&mut self) {
        self.tails_out = self.tails_out.wrapping_add(1);
    }

    /// The unit's cycle: in an exchange slot it drives its word on every network output with
    /// a link (bit o of `linked`; no flit was granted onto them) by `send(o, word)`; the LUC
    /// takes this cycle's heads in and tails out. Returns the outputs driven (bit o). The
    /// router drives its links, the planes their rings (`planes::exchange`).
    #[inline]
    pub fn cycle(&mut self, now: u64, linked: u32, mut send: impl FnMut(usize, Flit)) -> u32 {
        let x = &mut self.unit;
        let mut drove = 0;
        x.begin(now);
        if x.halts(now) {
            for d in 0..DIRS {
                let o = self.first_net_port as usize + d;
                if linked >> o & 1 == 0 {
                    continue;
                }
                if let Some(w) = x.word(now, d) {
                    send(o, w.flit());
                    drove |= 1 << o;
                }
            }
        }
        x.count(self.heads_in, self.tails_out);
        self.heads_in = 0;
        self.tails_out = 0;
        drove
    }

    /// The outputs an exchange slot takes at cycle `t` (bit o: the network ports), none
    /// outside the slots.
    #[inline]
    pub fn halted_outputs(&self, t: u64) -> u32 {
        if self.unit.halts(t) {
            ((1 << DIRS) - 1) << self.first_net_port
        } else {
            0
        }
    }
}

impl VcSwitch {
    /// Messages in the router: packets whose head entered an input buffer and whose tail has
    /// not left it (an active or routing input VC's packet, and every other packet with a
    /// flit in the buffers) — what the LUC must count.
    pub fn messages_inside(&self) -> u32 {
        let nv = self.p.vcs;
        let mut n = 0;
        for (iv, s) in self.input.used().iter().enumerate() {
            let (p, v) = (iv / nv, iv % nv);
            let current = s.state != VcState::Idle;
            n += current as u32;
            // packets behind the current one: their heads are in the buffer
            n += self.input.heads(p, v) - (current && s.next == 0) as u32;
        }
        n
    }

    /// The LUC/NCB exchange unit, when configured.
    pub fn exchange_unit(&self) -> Option<&LucNcb> {
        self.exch.as_ref().map(|x| &x.unit)
    }

    /// Flits held back a cycle by an exchange slot.
    pub fn halted(&self) -> u64 {
        self.exch.as_ref().map_or(0, |x| x.halted)
    }
}
