//! The switch allocation stage of the VC router (BookSim2's `_SWAllocEvaluate`/
//! `_SWAllocUpdate`): each input offers one of its active VCs per output, round-robin from the
//! VC after its last winner; a VC competes when its front flit may cross (past its VC
//! allocation delay, credits or queue room downstream, no exchange slot ahead), and a
//! separable input-first allocator ([`SeparableInputFirst`], ports × ports) grants each output
//! to one input. With the non-multiplexed crossbar — a variant of the crossbar, seed 004 —
//! every input VC has its own crossbar input and output, so no two requests conflict and every
//! VC that may cross does, without the allocator.

use super::VcSwitch;
use crate::blocks::allocator::{Grants, Requests, SeparableInputFirst, MAX_SIDE, NO_GRANT};
use crate::blocks::link::Link;
use crate::fabric::vc::nic::seq::VcExt;
use crate::sim::packet::PacketTable;

/// The per-input registers of the stage, out of line and of fixed size (an input below
/// [`MAX_SIDE`] indexes them without a bounds check).
#[derive(Debug, Clone)]
pub(super) struct Inputs {
    /// Per input: the outputs it requests (kept for the probes until the next cycle starts),
    /// and its grant.
    pub req: Requests,
    grant: Grants,
    /// Per input: the VC after the last winner.
    pub rr: [u8; MAX_SIDE],
    /// The input of input-VC bit p·V + v (a table instead of a division).
    port_of: [u8; 64],
}

/// The switch allocation stage.
#[derive(Debug, Clone)]
pub(super) struct SwAllocStage {
    alloc: SeparableInputFirst,
    pub i: Box<Inputs>,
    /// Per input and output (p·P + o): the VC that asked.
    label: Vec<u8>,
    /// Input VCs holding an output VC (bit p·V + v).
    pub active: u64,
    /// Probes of the last evaluated cycle: requesting inputs and granted ones (bit p).
    pub asked: u32,
    pub won: u32,
}

/// Index `i` (below [`MAX_SIDE`]) of a fixed-size table.
#[inline(always)]
fn ix(i: usize) -> usize {
    i & (MAX_SIDE - 1)
}

impl SwAllocStage {
    /// The stage of a router of `ports` ports of `vcs` VCs.
    pub fn new(ports: usize, vcs: usize) -> Self {
        SwAllocStage {
            alloc: SeparableInputFirst::new(ports, ports),
            i: Box::new(Inputs {
                req: [0; MAX_SIDE],
                grant: [NO_GRANT; MAX_SIDE],
                rr: [0; MAX_SIDE],
                port_of: std::array::from_fn(|b| (b / vcs) as u8),
            }),
            label: vec![0; ports * ports],
            active: 0,
            asked: 0,
            won: 0,
        }
    }

    /// Ask the cache for the requests, labels and pointers (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::line(self.i.req.as_ptr());
        crate::sim::prefetch::line(self.i.rr.as_ptr());
        crate::sim::prefetch::all(&self.label[..]);
        self.alloc.prefetch();
    }

    /// Clear last cycle's requests (kept until now for the probes).
    #[inline]
    pub fn begin(&mut self) {
        let mut m = self.asked;
        while m != 0 {
            self.i.req[ix(m.trailing_zeros() as usize)] = 0;
            m &= m - 1;
        }
        self.asked = 0;
        self.won = 0;
    }

    /// Input `p`'s VC `v` won the crossbar: the pointer moves past it.
    #[inline(always)]
    pub fn granted(&mut self, p: usize, v: usize, nv: usize) {
        self.i.rr[ix(p)] = if v + 1 == nv { 0 } else { v as u8 + 1 };
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
            let p = self.sa.i.port_of[ready.trailing_zeros() as usize & 63] as usize;
            let act = (ready >> (p * nv)) & vmask;
            ready &= !(vmask << (p * nv));
            // its VCs from the one after its last winner, wrapping round: bit k of `m` is
            // VC r + k (mod V)
            let r = self.sa.i.rr[ix(p)] as usize;
            let mut m = (act >> r) | ((act & ((1u64 << r) - 1)) << (nv - r));
            while m != 0 {
                let k = r + m.trailing_zeros() as usize;
                m &= m - 1;
                let v = if k >= nv { k - nv } else { k };
                let s = &self.input.vcs[ix(p * nv + v)];
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
                let req = &mut self.sa.i.req[ix(p)];
                if *req >> o & 1 == 0 {
                    *req |= 1 << o;
                    self.sa.label[p * np + o] = v as u8;
                    asked |= 1 << p;
                }
            }
        }
        if asked == 0 {
            return moved;
        }
        let sa = &mut self.sa;
        sa.alloc.allocate_among(asked, &sa.i.req, &mut sa.i.grant);
        sa.asked = asked as u32;
        let mut w = asked;
        while w != 0 {
            let p = w.trailing_zeros() as usize;
            w &= w - 1;
            let o = self.sa.i.grant[ix(p)];
            if o == NO_GRANT {
                continue;
            }
            let v = self.sa.label[p * np + o as usize] as usize;
            moved += self.cross(now, p, v, links, packets);
        }
        moved
    }
}
