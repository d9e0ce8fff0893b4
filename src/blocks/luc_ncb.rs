//! LUC/NCB exchange unit (seed 002 §3): the Local Utilization Counter of a mesh router and its
//! Network Condition Buffers, refreshed by a periodic exchange over the router's own links.
//!
//! - **LUC**: the messages currently in the node — a head written into an input buffer adds
//!   one, a tail leaving its input buffer takes one away (a message is in the node from its
//!   head's arrival to its tail's departure). Registered: the count at the start of a cycle is
//!   the heads in minus the tails out of every earlier cycle.
//! - **NCB 1-hop** `ncb1[d]`: the LUC of the neighbour in direction `d` (+x, −x, +y, −y), as it
//!   sent it in the last exchange. **NCB 2-hop** `ncb2[d]`: the LUC of the node two hops away
//!   in direction `d`, forwarded by the neighbour from its own NCB 1-hop (Figure 3: in
//!   transaction T_n node A's LUC reaches B's NCB 1-hop; in T_(n+1) B forwards that T_n value
//!   to K's NCB 2-hop while A's new value refreshes B's NCB 1-hop).
//! - **The exchange** occupies every router-to-router link for `handshake + data` cycles
//!   (2 + 8 in §5) at the start of every period (100 cycles): the unit drives exchange words on
//!   the link's forward wire instead of flits, and the router sends no flit onto the link in
//!   those cycles ([`LucNcb::halts`]). On each link the words are `handshake` handshake words,
//!   then the LUC, then (2-hop) the NCB 1-hop value of the opposite neighbour, then padding to
//!   `data` words; the values are snapshots taken in the slot's first cycle.
//!
//! Latency: a word driven at cycle t arrives `fly` cycles later and updates the NCB at once;
//! the LUC follows heads and tails with one cycle of delay. With hop level 0 the unit never
//! drives the links and its NCBs stay 0.

use crate::error::{Error, Result};
use crate::sim::Flit;

/// Directions of a mesh router's network ports, in port order: +x, −x, +y, −y.
pub const DIRS: usize = 4;

/// The direction opposite `d` (+x ↔ −x, +y ↔ −y).
#[inline]
pub fn opposite(d: usize) -> usize {
    d ^ 1
}

/// Exchange parameters (`exchange.*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeParams {
    /// 0 (no exchange), 1 (NCB 1-hop) or 2 (NCB 1-hop and 2-hop).
    pub hops: u8,
    /// Cycles from one exchange to the next.
    pub period: u32,
    /// Handshake cycles at the start of an exchange.
    pub handshake: u32,
    /// Data cycles after the handshake.
    pub data: u32,
}

impl ExchangeParams {
    /// Seed 002 §5: two-hop, 10 cycles (2 handshake + 8 data) every 100.
    pub const PAPER: ExchangeParams = ExchangeParams {
        hops: 2,
        period: 100,
        handshake: 2,
        data: 8,
    };

    /// Cycles of every period the links are taken.
    pub fn occupancy(&self) -> u32 {
        self.handshake + self.data
    }

    /// Refuse what no hardware could do, naming the key.
    pub fn check(&self) -> Result<()> {
        if self.hops > 2 {
            return Err(Error::field(
                "exchange.hops",
                format!(
                    "{}: allowed 0 (none), 1 (NCB 1-hop) or 2 (NCB 1-hop and 2-hop)",
                    self.hops
                ),
            ));
        }
        if self.hops == 0 {
            return Ok(());
        }
        if self.data < self.hops as u32 {
            return Err(Error::field(
                "exchange.data_cycles",
                format!(
                    "{}: a {}-hop exchange sends {} value(s) per link, so at least {} data cycle(s)",
                    self.data, self.hops, self.hops, self.hops
                ),
            ));
        }
        if self.period == 0 || self.period <= self.occupancy() {
            return Err(Error::field(
                "exchange.period_cycles",
                format!(
                    "{}: the period must be longer than the exchange's occupancy of {} cycles (handshake_cycles + data_cycles), or no message could ever move",
                    self.period,
                    self.occupancy()
                ),
            ));
        }
        Ok(())
    }
}

/// What an exchange word carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    Handshake,
    /// The sender's LUC.
    Luc(u16),
    /// The sender's NCB 1-hop value of its opposite neighbour (for the receiver's NCB 2-hop).
    Ncb(u16),
    Pad,
}

impl Word {
    /// The word as it travels on the link's forward wire.
    pub fn flit(self) -> Flit {
        let (data, v) = match self {
            Word::Handshake => (0, 0),
            Word::Luc(v) => (1, v),
            Word::Ncb(v) => (2, v),
            Word::Pad => (3, 0),
        };
        Flit {
            pkt: v as u32,
            data,
            flags: Flit::EXCHANGE,
            vc: 0,
            ..Flit::default()
        }
    }

    /// The word a flit with [`Flit::EXCHANGE`] carries.
    pub fn of(f: Flit) -> Word {
        match f.data {
            0 => Word::Handshake,
            1 => Word::Luc(f.pkt as u16),
            2 => Word::Ncb(f.pkt as u16),
            _ => Word::Pad,
        }
    }
}

/// The exchange unit of one router.
#[derive(Debug, Clone, PartialEq)]
pub struct LucNcb {
    p: ExchangeParams,
    /// Messages in the node.
    pub luc: u16,
    pub ncb1: [u16; DIRS],
    pub ncb2: [u16; DIRS],
    /// Snapshots sent in the current exchange.
    tx_luc: u16,
    tx_ncb1: [u16; DIRS],
    /// The last cycle begun was in an exchange slot (a waveform register).
    pub in_slot: bool,
    /// Exchange words received and driven (test counters).
    pub words_in: u64,
    pub words_out: u64,
}

impl LucNcb {
    /// A unit with everything at 0.
    pub fn new(p: ExchangeParams) -> Self {
        LucNcb {
            p,
            luc: 0,
            ncb1: [0; DIRS],
            ncb2: [0; DIRS],
            tx_luc: 0,
            tx_ncb1: [0; DIRS],
            in_slot: false,
            words_in: 0,
            words_out: 0,
        }
    }

    /// Parameters.
    pub fn params(&self) -> &ExchangeParams {
        &self.p
    }

    /// Cycle `t` of an exchange slot, if cycle `t` is one.
    #[inline]
    pub fn slot(&self, t: u64) -> Option<u32> {
        if self.p.hops == 0 {
            return None;
        }
        let s = (t % self.p.period as u64) as u32;
        (s < self.p.occupancy()).then_some(s)
    }

    /// The links are taken at cycle `t`: no flit may be driven onto them.
    #[inline]
    pub fn halts(&self, t: u64) -> bool {
        self.slot(t).is_some()
    }

    /// Start of cycle `now`: the first cycle of a slot snapshots the LUC and the NCB 1-hop
    /// values the exchange sends.
    #[inline]
    pub fn begin(&mut self, now: u64) {
        let s = self.slot(now);
        self.in_slot = s.is_some();
        if s == Some(0) {
            self.tx_luc = self.luc;
            self.tx_ncb1 = self.ncb1;
        }
    }

    /// The word to drive at cycle `now` in direction `d`, if the links are taken.
    #[inline]
    pub fn word(&mut self, now: u64, d: usize) -> Option<Word> {
        let s = self.slot(now)?;
        self.words_out += 1;
        Some(if s < self.p.handshake {
            Word::Handshake
        } else {
            match s - self.p.handshake {
                0 => Word::Luc(self.tx_luc),
                1 if self.p.hops == 2 => Word::Ncb(self.tx_ncb1[opposite(d)]),
                _ => Word::Pad,
            }
        })
    }

    /// A word arrived from the neighbour in direction `d`.
    #[inline]
    pub fn receive(&mut self, d: usize, w: Word) {
        self.words_in += 1;
        match w {
            Word::Luc(v) => self.ncb1[d] = v,
            Word::Ncb(v) if self.p.hops == 2 => self.ncb2[d] = v,
            _ => {}
        }
    }

    /// End of a cycle: `heads` heads were written into input buffers, `tails` tails left them.
    #[inline]
    pub fn count(&mut self, heads: u32, tails: u32) {
        let v = self.luc as u32 + heads;
        self.luc = v.saturating_sub(tails).min(u16::MAX as u32) as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_words_and_two_hop_forwarding_follow_figure_3() {
        let p = ExchangeParams::PAPER;
        p.check().unwrap();
        // a line A - B - K: A's LUC reaches B's NCB 1-hop in T_n and K's NCB 2-hop in T_(n+1)
        let mut a = LucNcb::new(p);
        let mut b = LucNcb::new(p);
        let mut k = LucNcb::new(p);
        a.count(5, 0);
        let run = |a: &mut LucNcb, b: &mut LucNcb, k: &mut LucNcb, base: u64| {
            for t in base..base + 100 {
                assert_eq!(a.halts(t), t % 100 < 10);
                a.begin(t);
                b.begin(t);
                k.begin(t);
                // A drives +x to B; B drives +x to K (every unit drives all four directions)
                let wa = (0..DIRS).map(|d| a.word(t, d)).collect::<Vec<_>>();
                let wb = (0..DIRS).map(|d| b.word(t, d)).collect::<Vec<_>>();
                for d in 0..DIRS {
                    let _ = k.word(t, d);
                }
                if let Some(w) = wa[0] {
                    b.receive(1, Word::of(w.flit()));
                }
                if let Some(w) = wb[0] {
                    k.receive(1, w);
                }
            }
        };
        run(&mut a, &mut b, &mut k, 0);
        assert_eq!((b.ncb1[1], k.ncb2[1]), (5, 0));
        a.count(2, 0);
        run(&mut a, &mut b, &mut k, 100);
        // T_(n+1): K holds A's T_n value while B already holds A's new one
        assert_eq!((b.ncb1[1], k.ncb2[1]), (7, 5));
        assert_eq!(a.words_out, 2 * 10 * 4);
    }

    #[test]
    fn bad_parameters_name_their_key() {
        let mut p = ExchangeParams::PAPER;
        p.period = 10;
        assert!(p.check().unwrap_err().to_string().contains("period_cycles"));
        p = ExchangeParams::PAPER;
        p.hops = 3;
        assert!(p.check().unwrap_err().to_string().contains("exchange.hops"));
        p = ExchangeParams::PAPER;
        p.data = 1;
        assert!(p.check().unwrap_err().to_string().contains("data_cycles"));
        p.hops = 0;
        assert!(p.check().is_ok());
        let mut u = LucNcb::new(p);
        assert_eq!(u.word(0, 0), None);
        u.count(1, 3);
        assert_eq!(u.luc, 0);
    }
}
