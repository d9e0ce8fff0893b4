//! The switch allocation stage of the VC router (BookSim2's `_SWAllocEvaluate`/
//! `_SWAllocUpdate`): each input offers one of its active VCs per output, round-robin from the
//! VC after its last winner; a VC competes when its front flit may cross (past its VC
//! allocation delay, credits or queue room downstream, no exchange slot ahead), and a
//! separable input-first allocator ([`SeparableInputFirst`], ports × ports) grants each output
//! to one input. With the non-multiplexed crossbar — a variant of the crossbar, seed 004 —
//! every input VC has its own crossbar input and output, so no two requests conflict and every
//! VC that may cross does, without the allocator.

use super::VcSwitch;
use crate::blocks::allocator::{Grants, SeparableInputFirst, MAX_SIDE, NO_GRANT};
use crate::blocks::link::Link;
use crate::fabric::vc::nic::seq::VcExt;
use crate::sim::packet::PacketTable;

/// Most inputs of a VC router (its port masks are 32 bits).
const MAX_INPUTS: usize = 32;

/// Outputs whose requesting VCs an input keeps in its own registers (4 bits an output); a
/// wider router keeps them in [`SwAllocStage::label`].
const NARROW: usize = 8;

/// One input's registers of the stage, side by side (a 5-port router's inputs share one
/// cache line): the outputs it requests (kept for the probes until the next cycle starts),
/// the VC that asked for each of its first [`NARROW`] outputs (4 bits an output), and the VC
/// after its last winner.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct InReg {
    pub req: u32,
    label: u32,
    pub rr: u8,
}

/// The per-input registers, out of line, of fixed size and aligned to a cache line (an input
/// below [`MAX_INPUTS`] indexes them without a bounds check).
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub(super) struct Inputs {
    pub r: [InReg; MAX_INPUTS],
}

/// The switch allocation stage.
#[derive(Debug, Clone)]
pub(super) struct SwAllocStage {
    pub alloc: SeparableInputFirst,
    pub i: Box<Inputs>,
    /// Routers of more than [`NARROW`] ports: per input and output (p·P + o), the VC that
    /// asked (empty otherwise).
    label: Box<[u8]>,
    /// ⌈2^16 / V⌉: the input of input-VC bit b is `b · recip >> 16` (b < 64, V ≤ 16), a
    /// multiply instead of a division or a table.
    recip: u32,
    /// Input VCs holding an output VC (bit p·V + v).
    pub active: u64,
    /// Probes of the last evaluated cycle: requesting inputs and granted ones (bit p).
    pub asked: u32,
    pub won: u32,
}

/// Index `i` (below [`MAX_INPUTS`]) of the per-input registers.
#[inline(always)]
fn ix(i: usize) -> usize {
    i & (MAX_INPUTS - 1)
}

impl SwAllocStage {
    /// The stage of a router of `ports` ports of `vcs` VCs.
    pub fn new(ports: usize, vcs: usize) -> Self {
        assert!(ports <= MAX_INPUTS && vcs <= 16);
        SwAllocStage {
            alloc: SeparableInputFirst::new(ports, ports),
            i: Box::new(Inputs {
                r: [InReg::default(); MAX_INPUTS],
            }),
            label: if ports > NARROW {
                vec![0; ports * ports].into_boxed_slice()
            } else {
                Box::new([])
            },
            recip: (1u32 << 16).div_ceil(vcs as u32),
            active: 0,
            asked: 0,
            won: 0,
        }
    }

    /// Ask the cache for the per-input registers and pointers (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::line(self.i.r.as_ptr());
        if !self.label.is_empty() {
            crate::sim::prefetch::all(&self.label[..]);
        }
        self.alloc.prefetch();
    }

    /// Clear last cycle's requests (kept until now for the probes).
    #[inline]
    pub fn begin(&mut self) {
        let mut m = self.asked;
        while m != 0 {
            self.i.r[ix(m.trailing_zeros() as usize)].req = 0;
            m &= m - 1;
        }
        self.asked = 0;
        self.won = 0;
    }

    /// Input `p`'s VC `v` won the crossbar: the pointer moves past it.
    #[inline(always)]
    pub fn granted(&mut self, p: usize, v: usize, nv: usize) {
        self.i.r[ix(p)].rr = if v + 1 == nv { 0 } else { v as u8 + 1 };
        self.won |= 1 << p;
    }

    /// The VC of input `p` that asked for output `o` this cycle.
    #[inline(always)]
    fn label(&self, p: usize, o: usize, np: usize) -> usize {
        if self.label.is_empty() {
            (self.i.r[ix(p)].label >> (4 * (o & (NARROW - 1))) & 0xf) as usize
        } else {
            self.label[p * np + o] as usize
        }
    }
}

impl VcSwitch {
    /// Switch allocation at internal step `t` (`now` without a speedup), then the switch
    /// traversal of the winners; returns the flits that left their input buffers.
    pub(super) fn sw_allocate(
        &mut self,
        (now, t): (u64, u64),
        links: &[Link],
        packets: &PacketTable<VcExt>,
    ) -> u32 {
        let (np, nv) = (self.np as usize, self.nv as usize);
        let vmask = (1u64 << nv) - 1;
        let non_mux = self.xbar.non_multiplexed();
        let narrow = self.sa.label.is_empty();
        let mut asked = 0u64;
        let mut moved = 0;
        let mut ready = self.sa.active & self.input.holding;
        while ready != 0 {
            // the next port with a VC that holds an output VC and a flit
            let p = ((ready.trailing_zeros() * self.sa.recip) >> 16) as usize;
            let act = (ready >> (p * nv)) & vmask;
            ready &= !(vmask << (p * nv));
            // its VCs from the one after its last winner, wrapping round: bit k of `m` is
            // VC r + k (mod V)
            let r = self.sa.i.r[ix(p)].rr as usize;
            let mut m = (act >> r) | ((act & ((1u64 << r) - 1)) << (nv - r));
            while m != 0 {
                let k = r + m.trailing_zeros() as usize;
                m &= m - 1;
                let v = if k >= nv { k - nv } else { k };
                // an input VC index (below 64), not an input's: `ix` would fold VC 32 onto 0
                let s = &self.input.vcs[(p * nv + v) & 63];
                let (o, ov, next, len) = (s.out as usize, s.ovc as usize, s.next, s.len);
                let early = next == 0 && t < s.ready;
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
                    moved += self.cross((now, t), p, v, links, packets);
                    continue;
                }
                let reg = &mut self.sa.i.r[ix(p)];
                if reg.req >> o & 1 == 0 {
                    reg.req |= 1 << o;
                    if narrow {
                        let at = 4 * (o & (NARROW - 1));
                        reg.label = reg.label & !(0xf << at) | (v as u32) << at;
                    } else {
                        self.sa.label[p * np + o] = v as u8;
                    }
                    asked |= 1 << p;
                }
            }
        }
        if asked == 0 {
            return moved;
        }
        let sa = &mut self.sa;
        let regs = &sa.i.r;
        let mut grant: Grants = [NO_GRANT; MAX_SIDE];
        sa.alloc
            .allocate_by(asked, |p| regs[ix(p)].req as u64, &mut grant);
        sa.asked = asked as u32;
        let mut w = asked;
        while w != 0 {
            let p = w.trailing_zeros() as usize;
            w &= w - 1;
            let o = grant[p & (MAX_SIDE - 1)];
            if o == NO_GRANT {
                continue;
            }
            let v = self.sa.label(p, o as usize, np);
            moved += self.cross((now, t), p, v, links, packets);
        }
        moved
    }
}
