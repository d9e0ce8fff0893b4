//! The VC router's glue to seed 002's LUC/NCB exchange unit (`blocks::luc_ncb`): the unit's
//! words on the network links in its slots (2 + 8 of every 100 cycles, seed 002 §3), the slots
//! that hold flits back, the message count its LUC keeps, and SSR's request counts (R).

use super::{VcState, VcSwitch};
use crate::blocks::link::{Link, NO_LINK};
use crate::blocks::luc_ncb::DIRS;

impl VcSwitch {
    /// The LUC/NCB exchange unit's cycle: in an exchange slot it drives its word on every
    /// network link (no flit was granted onto them, [`VcSwitch::may_cross`]); the LUC takes
    /// this cycle's heads in and tails out.
    pub(super) fn exchange(&mut self, now: u64, links: &mut [Link]) {
        let Some(x) = self.exch.as_mut() else {
            return;
        };
        x.begin(now);
        if x.halts(now) {
            for d in 0..DIRS {
                let o = self.p.first_net_port as usize + d;
                let ol = self.out_link[o];
                if ol == NO_LINK {
                    continue;
                }
                if let Some(w) = x.word(now, d) {
                    links[ol as usize].send(now, w.flit());
                    self.drove_fwd |= 1 << o;
                }
            }
        }
        x.count(self.heads_in, self.tails_out);
        self.heads_in = 0;
        self.tails_out = 0;
    }

    /// Output `o` is a network link the exchange takes at cycle `t`.
    #[inline]
    pub(super) fn exchange_halts(&self, o: usize, t: u64) -> bool {
        self.exch.as_ref().is_some_and(|x| {
            (o as u8).wrapping_sub(self.p.first_net_port) < DIRS as u8 && x.halts(t)
        })
    }

    /// The routed heads that may take each output (SSR's R), into `requests`.
    pub(super) fn count_requests(&mut self) {
        self.requests.iter_mut().for_each(|r| *r = 0);
        let mut w = self.waiting;
        while w != 0 {
            let iv = w.trailing_zeros() as usize;
            w &= w - 1;
            let mut m = self.cands[iv].port_mask();
            while m != 0 {
                let p = m.trailing_zeros() as usize;
                m &= m - 1;
                if let Some(r) = self.requests.get_mut(p) {
                    *r = r.saturating_add(1);
                }
            }
        }
    }

    /// Messages in the router: packets whose head entered an input buffer and whose tail has
    /// not left it (an active or routing input VC's packet, and every other packet with a
    /// flit in the buffers) — what the LUC must count.
    pub fn messages_inside(&self) -> u32 {
        let nv = self.p.vcs;
        let mut n = 0;
        for (iv, s) in self.vcs.iter().enumerate() {
            let (p, v) = (iv / nv, iv % nv);
            let current = s.state != VcState::Idle;
            n += current as u32;
            // packets behind the current one: their heads are in the buffer
            n += self.bufs[p].heads(v) - (current && s.next == 0) as u32;
        }
        n
    }
}
