//! Per-VC input buffer of a virtual-channel router port (issue 12): `vcs` FIFOs of `depth`
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

/// The input buffer of one port.
#[derive(Debug, Clone)]
pub struct VcBuffer {
    /// Depth of each VC and where its FIFO starts in `mem`.
    depth: [u32; MAX_VCS],
    base: [u32; MAX_VCS],
    /// `mem[base[vc] + i]`.
    mem: Vec<Flit>,
    head: [u32; MAX_VCS],
    len: [u32; MAX_VCS],
    vcs: u32,
    /// Bit v set when VC v holds a flit: what the router scans, so an empty port costs nothing.
    occupied: u32,
    /// Writes refused because the VC was full (must stay 0).
    pub overflows: u64,
    /// Highest occupancy any VC reached.
    pub max_level: u32,
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
        let mut d = [depth as u32; MAX_VCS];
        d[0] = first as u32;
        let mut base = [0; MAX_VCS];
        for v in 1..vcs {
            base[v] = base[v - 1] + d[v - 1];
        }
        let total = base[vcs - 1] + d[vcs - 1];
        VcBuffer {
            depth: d,
            base,
            mem: vec![Flit::default(); total as usize],
            head: [0; MAX_VCS],
            len: [0; MAX_VCS],
            vcs: vcs as u32,
            occupied: 0,
            overflows: 0,
            max_level: 0,
        }
    }

    /// Number of VCs.
    pub fn vcs(&self) -> usize {
        self.vcs as usize
    }

    /// Depth of VC `v` in flits.
    pub fn depth(&self, v: usize) -> usize {
        self.depth[v] as usize
    }

    /// Write `f` into VC `f.vc`; false (and an overflow counted) when that VC is full or does
    /// not exist.
    #[inline]
    pub fn push(&mut self, f: Flit) -> bool {
        let v = f.vc as usize;
        if v >= self.vcs as usize || self.len[v] == self.depth[v] {
            self.overflows += 1;
            return false;
        }
        let mut slot = self.head[v] + self.len[v];
        if slot >= self.depth[v] {
            slot -= self.depth[v];
        }
        self.mem[(self.base[v] + slot) as usize] = f;
        self.len[v] += 1;
        self.max_level = self.max_level.max(self.len[v]);
        self.occupied |= 1 << v;
        true
    }

    /// The flit at the head of VC `v`.
    #[inline]
    pub fn front(&self, v: usize) -> Option<&Flit> {
        (self.len[v] > 0).then(|| &self.mem[(self.base[v] + self.head[v]) as usize])
    }

    /// The flit at the tail of VC `v` (the last written).
    #[inline]
    pub fn back(&self, v: usize) -> Option<&Flit> {
        if self.len[v] == 0 {
            return None;
        }
        let mut slot = self.head[v] + self.len[v] - 1;
        if slot >= self.depth[v] {
            slot -= self.depth[v];
        }
        Some(&self.mem[(self.base[v] + slot) as usize])
    }

    /// Remove and return the head of VC `v`.
    #[inline]
    pub fn pop(&mut self, v: usize) -> Option<Flit> {
        if self.len[v] == 0 {
            return None;
        }
        let f = self.mem[(self.base[v] + self.head[v]) as usize];
        self.head[v] += 1;
        if self.head[v] == self.depth[v] {
            self.head[v] = 0;
        }
        self.len[v] -= 1;
        if self.len[v] == 0 {
            self.occupied &= !(1 << v);
        }
        Some(f)
    }

    /// Head flits in VC `v` (packets that begin in it; a scan, for checks).
    pub fn heads(&self, v: usize) -> u32 {
        (0..self.len[v])
            .filter(|i| {
                let slot = (self.head[v] + i) % self.depth[v];
                self.mem[(self.base[v] + slot) as usize].is_head()
            })
            .count() as u32
    }

    /// Flits in VC `v`.
    #[inline]
    pub fn level(&self, v: usize) -> u32 {
        self.len[v]
    }

    /// The VCs holding a flit (bit v).
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.occupied
    }

    /// Flits in every VC.
    pub fn flits(&self) -> u64 {
        self.len[..self.vcs as usize]
            .iter()
            .map(|&l| l as u64)
            .sum()
    }
}
