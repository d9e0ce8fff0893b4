//! The send engine's choice of injection VC (`nic.inject_vc`): round-robin — from the VC after
//! the last one used, the first that is free and has credits for the head (its whole packet with
//! virtual cut-through) — or BookSim2's source, which draws one VC every cycle a head waits
//! (`ugal_dragonflynew`, `min_dragonflynew`: `RandomInt(gNumVCs-1)`) and takes it only if it is
//! free with credits, else waits for the next cycle's draw. Combinational, every cycle a head
//! waits.

use super::VcNic;
use crate::routing::function::dor::draw64;

impl VcNic {
    /// The VC a head needing `need` credit units starts on at cycle `now`, if any.
    pub(super) fn inject_vc(&self, now: u64, need: u32) -> Option<usize> {
        let nv = self.p.vcs;
        let free = self.credits.free() & self.p.inject_vcs;
        let ok = |vc: usize| free >> vc & 1 == 1 && self.credits.can_send(vc, need);
        if self.p.inject_random {
            // one VC of those sources may use, drawn from the host's seed and the cycle
            let m = self.p.inject_vcs & ((1u64 << nv) - 1) as u32;
            let n = m.count_ones() as u64;
            let d = draw64(self.draw_seed, self.core.host as u64, now) % n.max(1);
            Some(nth_bit(m, d as u32)).filter(|&v| n > 0 && ok(v))
        } else {
            (1..=nv)
                .map(|i| (self.last_vc as usize + i) % nv)
                .find(|&v| ok(v))
        }
    }
}

/// The index of the `n`-th set bit of `m` (it has more than `n`).
fn nth_bit(mut m: u32, n: u32) -> usize {
    for _ in 0..n {
        m &= m - 1;
    }
    m.trailing_zeros() as usize
}
