//! The input VCs of the planes' ([`super`]) routers: each VC's state and registers, and its
//! buffer, lines of eight flits (one cache line) side by side in [`super::Of`]'s `bufs`.

use super::LINE;
use crate::sim::Flit;
use crate::stats::occupancy::Stay;

/// An input VC's state (the router's `VcState`; routing takes 0 cycles, so a routed head
/// asks for VC allocation from the cycle it arrives).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum St {
    #[default]
    Idle,
    VcAlloc,
    Active,
}

/// An input VC's registers: state, the output port and VC it holds, its FIFO's first line
/// ([`Of::bufs`]), front and fill, the flits of its packet (kept where cut-through or the
/// selection reads it), the cycle its head may take its next step from, and its occupancy
/// integral.
#[derive(Clone, Copy, Default)]
pub(super) struct InVc {
    pub st: St,
    pub out: u8,
    pub ovc: u8,
    pub line: u32,
    pub head: u32,
    pub fill: u32,
    pub len: u32,
    pub ready: u64,
    pub occ: Stay,
}

/// A line of a VC's buffer: a buffer of up to 8 flits is one cache line, a deeper one as
/// many lines as it needs, side by side ([`Of::bufs`]).
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
pub(super) struct Fifo(pub [Flit; LINE]);

/// Flit `i` of the VC buffer whose first line is `line`.
#[inline(always)]
pub(super) fn read(bufs: &[Fifo], line: u32, i: usize) -> Flit {
    bufs[line as usize + i / LINE].0[i % LINE]
}

/// Write flit `f` at `i` into the VC buffer whose first line is `line`.
#[inline(always)]
pub(super) fn write(bufs: &mut [Fifo], line: u32, i: usize, f: Flit) {
    bufs[line as usize + i / LINE].0[i % LINE] = f;
}
