//! The switch allocation stage of the VC router (BookSim2's `_SWAllocEvaluate`/
//! `_SWAllocUpdate`): each input offers one of its active VCs per output, round-robin from the
//! VC after its last winner; a VC competes when its front flit may cross (past its VC
//! allocation delay, credits or queue room downstream, no exchange slot ahead), and a
//! separable input-first allocator ([`SeparableInputFirst`], ports × ports) grants each output
//! to one input. With the non-multiplexed crossbar — a variant of the crossbar, seed 004 —
//! every input VC has its own crossbar input and output, so no two requests conflict and every
//! VC that may cross does, without the allocator.
//!
//! This file holds the stage's registers (its allocator's pointers, each input's requests and
//! round-robin pointer, the VCs holding an output VC, the last cycle's strobes), what a probe
//! and a waveform read; the rule is evaluated in the planes, for 64 routers at once
//! (`planes/sw_alloc.rs`).

use crate::blocks::allocator::SeparableInputFirst;

/// Most inputs of a VC router (its port masks are 32 bits).
const MAX_INPUTS: usize = 32;

/// One input's registers of the stage: the outputs it requested at the last cycle (for the
/// probes) and the VC after its last winner.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct InReg {
    pub req: u32,
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
    /// Input VCs holding an output VC (bit p·V + v).
    pub active: u64,
    /// Probes of the last evaluated cycle: requesting inputs and granted ones (bit p).
    pub asked: u32,
    pub won: u32,
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
            active: 0,
            asked: 0,
            won: 0,
        }
    }
}
