//! Per-VC input buffer of a virtual-channel router port: `vcs` FIFOs of `depth`
//! flits each — or VC 0 of its own depth (seed 004's escape queue of one MTU beside the
//! adaptive queue, [`VcBuffer::with_first`]) — in one flat memory (the hardware's banked SRAM), written by the link and read by
//! the crossbar. The sender's credit counter for each VC starts at `depth`, so a write to a
//! full VC is a flow-control error: it is refused and counted (tests assert none happen).
//!
//! Per cycle: at most one write (the link delivers one flit) and one read per port. Latency:
//! a flit written at cycle t can be read at t + 1 (the write is registered). Occupancy per VC
//! is a probe (`network.sw3.in2.vc1.level`).

use crate::sim::Flit;

/// Most VCs per port.
pub const MAX_VCS: usize = 16;

/// One VC's FIFO: where it lives in the port's memory, its depth, its front and its fill. The
/// four registers of a VC sit together, so the VCs a small router uses share one cache line.
#[derive(Debug, Clone, Copy, Default)]
struct Fifo {
    base: u32,
    depth: u32,
    head: u32,
    len: u32,
}

/// The input buffer of one port. What a push or a pop touches — the occupancy mask, the
/// memory's address and the registers of the first VCs — is the first cache line.
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub struct VcBuffer {
    /// Bit v set when VC v holds a flit: what the router scans, so an empty port costs nothing.
    occupied: u32,
    vcs: u32,
    /// Highest occupancy any VC reached.
    pub max_level: u32,
    /// `mem[fifo[vc].base + i]`.
    mem: Box<[Flit]>,
    fifo: [Fifo; MAX_VCS],
    /// Writes refused because the VC was full (must stay 0).
    pub overflows: u64,
}

impl VcBuffer {
    /// A port with `vcs` VCs of `depth` flits (1..=16 VCs, depth ≥ 1), empty.
    pub fn new(vcs: usize, depth: usize) -> Self {
        Self::with_first(vcs, depth, depth)
    }

    /// A port whose VC 0 holds `first` flits and every other VC `depth` (seed 004: the escape
    /// queue of one MTU and the adaptive queue with the rest of the port's buffer).
    pub fn with_first(vcs: usize, first: usize, depth: usize) -> Self {
        assert!((1..=MAX_VCS).contains(&vcs) && depth >= 1 && first >= 1);
        let mut fifo = [Fifo {
            depth: depth as u32,
            ..Fifo::default()
        }; MAX_VCS];
        fifo[0].depth = first as u32;
        for v in 1..vcs {
            fifo[v].base = fifo[v - 1].base + fifo[v - 1].depth;
        }
        let total = fifo[vcs - 1].base + fifo[vcs - 1].depth;
        VcBuffer {
            occupied: 0,
            vcs: vcs as u32,
            max_level: 0,
            overflows: 0,
            mem: vec![Flit::default(); total as usize].into_boxed_slice(),
            fifo,
        }
    }

    /// Ask the cache for the flit memory (a hint).
    #[inline(always)]
    pub fn prefetch_memory(&self) {
        crate::sim::prefetch::all(&self.mem[..]);
    }

    /// Number of VCs.
    pub fn vcs(&self) -> usize {
        self.vcs as usize
    }

    /// Depth of VC `v` in flits.
    pub fn depth(&self, v: usize) -> usize {
        self.fifo[v].depth as usize
    }

    /// Write `f` into VC `f.vc`; false (and an overflow counted) when that VC is full or does
    /// not exist.
    #[inline]
    pub fn push(&mut self, f: Flit) -> bool {
        let v = f.vc as usize;
        if v >= self.vcs as usize {
            self.overflows += 1;
            return false;
        }
        let q = &mut self.fifo[v & (MAX_VCS - 1)];
        if q.len == q.depth {
            self.overflows += 1;
            return false;
        }
        let mut slot = q.head + q.len;
        if slot >= q.depth {
            slot -= q.depth;
        }
        q.len += 1;
        let (at, len) = ((q.base + slot) as usize, q.len);
        self.mem[at] = f;
        self.max_level = self.max_level.max(len);
        self.occupied |= 1 << v;
        true
    }

    /// The flit at the head of VC `v`.
    #[inline]
    pub fn front(&self, v: usize) -> Option<&Flit> {
        let q = &self.fifo[v];
        (q.len > 0).then(|| &self.mem[(q.base + q.head) as usize])
    }

    /// The flit at the tail of VC `v` (the last written).
    #[inline]
    pub fn back(&self, v: usize) -> Option<&Flit> {
        let q = &self.fifo[v];
        if q.len == 0 {
            return None;
        }
        let mut slot = q.head + q.len - 1;
        if slot >= q.depth {
            slot -= q.depth;
        }
        Some(&self.mem[(q.base + slot) as usize])
    }

    /// Remove and return the head of VC `v` (below [`MAX_VCS`]).
    #[inline]
    pub fn pop(&mut self, v: usize) -> Option<Flit> {
        debug_assert!(v < MAX_VCS);
        let q = &mut self.fifo[v & (MAX_VCS - 1)];
        if q.len == 0 {
            return None;
        }
        let f = self.mem[(q.base + q.head) as usize];
        q.head += 1;
        if q.head == q.depth {
            q.head = 0;
        }
        q.len -= 1;
        if q.len == 0 {
            self.occupied &= !(1 << v);
        }
        Some(f)
    }

    /// Flit `i` of VC `v` from its head (below its level).
    pub fn at(&self, v: usize, i: usize) -> Flit {
        let q = &self.fifo[v];
        self.mem[(q.base + (q.head + i as u32) % q.depth) as usize]
    }

    /// Head flits in VC `v` (packets that begin in it; a scan, for checks).
    pub fn heads(&self, v: usize) -> u32 {
        let q = &self.fifo[v];
        (0..q.len)
            .filter(|i| {
                let slot = (q.head + i) % q.depth;
                self.mem[(q.base + slot) as usize].is_head()
            })
            .count() as u32
    }

    /// Flits in VC `v` (below [`MAX_VCS`]).
    #[inline]
    pub fn level(&self, v: usize) -> u32 {
        debug_assert!(v < MAX_VCS);
        self.fifo[v & (MAX_VCS - 1)].len
    }

    /// The VCs holding a flit (bit v).
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.occupied
    }

    /// Flits in every VC.
    pub fn flits(&self) -> u64 {
        self.fifo[..self.vcs as usize]
            .iter()
            .map(|q| q.len as u64)
            .sum()
    }
}
