//! The switch allocation stage of the VC router (BookSim2's `_SWAllocEvaluate`/
//! `_SWAllocUpdate`): each input offers one of its active VCs per output, round-robin from the
//! VC after its last winner; a VC competes when its front flit may cross (past its VC
//! allocation delay, credits or queue room downstream, no exchange slot ahead), and a
//! separable input-first allocator ([`SeparableInputFirst`], ports × ports) grants each output
//! to one input. With the non-multiplexed crossbar — a variant of the crossbar, seed 004 —
//! every input VC has its own crossbar input and output, so no two requests conflict and every
//! VC that may cross does, without the allocator.

use super::VcSwitch;
use crate::blocks::allocator::{SeparableInputFirst, NO_GRANT};
use crate::blocks::link::Link;
use crate::fabric::vc::nic::seq::VcExt;
use crate::sim::packet::PacketTable;

/// The switch allocation stage.
#[derive(Debug, Clone)]
pub(super) struct SwAllocStage {
    alloc: SeparableInputFirst,
    /// Per input: the outputs it requests (kept for the probes until the next cycle starts),
    /// and its grant.
    pub req: Vec<u64>,
    grant: Vec<u8>,
    /// Per input and output: the VC that asked.
    label: Vec<u8>,
    /// Per input: the VC after the last winner.
    pub rr: Vec<u8>,
    /// Input VCs holding an output VC (bit p·V + v).
    pub active: u64,
    /// Probes of the last evaluated cycle: requesting inputs and granted ones (bit p).
    pub asked: u32,
    pub won: u32,
}

impl SwAllocStage {
    /// The stage of a router of `ports` ports.
    pub fn new(ports: usize) -> Self {
        SwAllocStage {
            alloc: SeparableInputFirst::new(ports, ports),
            req: vec![0; ports],
            grant: vec![NO_GRANT; ports],
            label: vec![0; ports * ports],
            rr: vec![0; ports],
            active: 0,
            asked: 0,
            won: 0,
        }
    }

    /// Ask the cache for the requests, labels and pointers (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::all(&self.req[..]);
        crate::sim::prefetch::all(&self.label[..]);
        crate::sim::prefetch::line(self.rr.as_ptr());
        self.alloc.prefetch();
    }

    /// Clear last cycle's requests (kept until now for the probes).
    #[inline]
    pub fn begin(&mut self) {
        let mut m = self.asked;
        while m != 0 {
            self.req[m.trailing_zeros() as usize] = 0;
            m &= m - 1;
        }
        self.asked = 0;
        self.won = 0;
    }

    /// Input `p`'s VC `v` won the crossbar: the pointer moves past it.
    #[inline(always)]
    pub fn granted(&mut self, p: usize, v: usize, nv: usize) {
        self.rr[p] = if v + 1 == nv { 0 } else { v as u8 + 1 };
        self.won |= 1 << p;
    }
}

impl VcSwitch {
    /// Switch allocation, then the switch traversal of the winners; returns the flits that
    /// left their input buffers.
    pub(super) fn sw_allocate(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<VcExt>,
    ) -> u32 {
        let (np, nv) = (self.p.ports, self.p.vcs);
        let vmask = (1u64 << nv) - 1;
        let non_mux = self.xbar.non_multiplexed();
        let mut asked = 0u64;
        let mut moved = 0;
        let mut ready = self.sa.active & self.input.holding;
        while ready != 0 {
            // the next port with a VC that holds an output VC and a flit
            let p = ready.trailing_zeros() as usize / nv;
            let act = (ready >> (p * nv)) & vmask;
            ready &= !(vmask << (p * nv));
            // its VCs from the one after its last winner, wrapping round
            let r = self.sa.rr[p] as usize;
            let low = act & ((1u64 << r) - 1);
            for mut m in [act & !low, low] {
                while m != 0 {
                    let v = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let s = &self.input.vcs[p * nv + v];
                    let (o, ov, next, len) = (s.out as usize, s.ovc as usize, s.next, s.len);
                    let early = next == 0 && now < s.ready;
                    if let Some(x) = self.exch.as_mut() {
                        if x.halts(o, now + self.xbar.delay() as u64) {
                            // its flit would meet an exchange slot on the link
                            x.halted += 1;
                            continue;
                        }
                    }
                    if early || !self.out.can_accept(o, ov, next, len) {
                        continue;
                    }
                    if non_mux {
                        moved += self.cross(now, p, v, links, packets);
                        continue;
                    }
                    let sa = &mut self.sa;
                    if sa.req[p] >> o & 1 == 0 {
                        sa.req[p] |= 1 << o;
                        sa.label[p * np + o] = v as u8;
                        asked |= 1 << p;
                    }
                }
            }
        }
        if asked == 0 {
            return moved;
        }
        let sa = &mut self.sa;
        sa.alloc.allocate_among(asked, &sa.req, &mut sa.grant);
        sa.asked = asked as u32;
        let mut w = asked;
        while w != 0 {
            let p = w.trailing_zeros() as usize;
            w &= w - 1;
            let o = self.sa.grant[p];
            if o == NO_GRANT {
                continue;
            }
            let v = self.sa.label[p * np + o as usize] as usize;
            moved += self.cross(now, p, v, links, packets);
        }
        moved
    }
}
