//! The input unit of the VC router (BookSim2's input buffers and per-VC state): per port a
//! per-VC buffer ([`VcBuffer`], VC 0 optionally seed 004's escape queue), per input VC its
//! state machine (idle → routing → VC allocation → active) and the output VC it holds. A flit
//! is written in the cycle it arrives (0 cycles); the switch traversal reads the front flit.

use crate::blocks::vc_buffer::VcBuffer;
use crate::sim::Flit;
use crate::stats::occupancy::Stay;

/// State of an input VC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VcState {
    Idle,
    /// Routing decision ready at `ready`.
    Routing,
    /// Asking the VC allocator.
    VcAlloc,
    /// Holding an output VC until the tail leaves.
    Active,
}

/// The registers of one input VC, with its occupancy integral (touched by the same flits).
#[derive(Debug, Clone, Copy)]
pub(super) struct InVc {
    pub state: VcState,
    pub out: u8,
    pub ovc: u8,
    /// Routing: VC allocation from this cycle; Active: the head may ask for the switch.
    pub ready: u64,
    /// Flits of the packet at the front and the index of its next flit to leave.
    pub len: u32,
    pub next: u32,
    /// Occupancy of the VC's buffer (statistics): Σ departures − Σ arrivals, one add per
    /// flit.
    occ: Stay,
}

const IDLE: InVc = InVc {
    state: VcState::Idle,
    out: 0,
    ovc: 0,
    ready: 0,
    len: 0,
    next: 0,
    occ: Stay::ZERO,
};

/// The input unit.
#[derive(Debug, Clone)]
pub(super) struct InputUnit {
    pub bufs: Box<[VcBuffer]>,
    /// Per input VC (p·V + v; fixed size, the first [`InputUnit::used`] in use: an index
    /// masked below 64 needs no bounds check).
    pub vcs: Box<[InVc; 64]>,
    /// Input VCs holding a flit (bit p·V + v).
    pub holding: u64,
    /// Flits in the buffers.
    pub flits: u32,
    nv: u32,
    /// Input VCs in use (ports × VCs).
    n: u32,
}

impl InputUnit {
    /// `ports` inputs of `vcs` buffers of `depth` flits, VC 0's of `first`.
    pub fn new(ports: usize, vcs: usize, first: u32, depth: u32) -> Self {
        InputUnit {
            bufs: (0..ports)
                .map(|_| VcBuffer::with_first(vcs, first as usize, depth as usize))
                .collect::<Vec<_>>()
                .into_boxed_slice(),
            vcs: Box::new([IDLE; 64]),
            holding: 0,
            flits: 0,
            nv: vcs as u32,
            n: (ports * vcs) as u32,
        }
    }

    /// The registers of the input VCs in use.
    pub fn used(&self) -> &[InVc] {
        &self.vcs[..self.n as usize]
    }

    /// The occupancy integral of input VC `iv` at `now` (the sum of its end-of-cycle levels).
    pub fn area(&self, iv: usize, now: u64) -> u64 {
        self.vcs[iv].occ.area(
            now,
            self.bufs[iv / self.nv as usize].level(iv % self.nv as usize),
        )
    }

    /// Ask the cache for the input VCs' registers (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::all(&self.vcs[..(self.n as usize).min(64)]);
    }

    /// Write flit `f` into its VC of input `port`; true when it is a head at the front of an
    /// idle VC, to be routed.
    #[inline]
    pub fn write(&mut self, now: u64, port: usize, f: Flit) -> bool {
        let v = f.vc as usize;
        let b = &mut self.bufs[port];
        if !b.push(f) {
            return false;
        }
        self.flits += 1;
        let iv = (port * self.nv as usize + v) & 63;
        self.vcs[iv].occ.arrive(now);
        self.holding |= 1 << iv;
        // only a head can reach an idle VC (a packet holds its VC until its tail leaves), so a
        // body flit does not read the VC's registers
        f.is_head() && b.level(v) == 1 && self.vcs[iv].state == VcState::Idle
    }

    /// Read the front flit of VC `v` of input `p` (it holds one).
    #[inline(always)]
    pub fn read(&mut self, now: u64, p: usize, v: usize) -> Flit {
        let iv = (p * self.nv as usize + v) & 63;
        let b = &mut self.bufs[p];
        let f = b.pop(v).expect("a requesting VC holds a flit");
        self.flits -= 1;
        self.vcs[iv].occ.depart(now);
        if b.level(v) == 0 {
            self.holding &= !(1 << iv);
        }
        f
    }
}
