//! Per-VC credit counters and VC ownership of one router output (BookSim2's
//! `BufferState` with private buffers, as read in docs/booksim.md).
//!
//! For every VC of the downstream input buffer the sender keeps a credit counter (full at
//! reset: the buffer is empty) and who holds the VC: free, or the input VC that won it in VC
//! allocation. A flit sent consumes its credit units (flits, or bytes rounded up to the credit
//! unit); a credit returned gives them back. The VC is released when the packet's tail is sent
//! (`wait_for_tail_credit = false`, BookSim's default: the next packet may follow the tail into
//! the same downstream VC) or when the tail's credit comes back and the VC is empty again
//! (`true`). Protocol errors are refused and counted: a send without credit, a return above the
//! buffer, a grant of a VC that is not free.
//!
//! Combinational reads (`free`, `can_send`), register updates at the edge; a credit returned at
//! cycle t is usable at t + 1.

use super::vc_buffer::MAX_VCS;

/// A free VC's owner.
pub const FREE: u16 = u16::MAX;

/// One downstream VC as the sender sees it: its credit counter, the units of its empty
/// buffer and its owner, side by side (the VCs of a small router share one cache line).
#[derive(Debug, Clone, Copy)]
struct Vc {
    credits: u32,
    size: u32,
    owner: u16,
}

/// The VCs of one output, seen from the sender. What a cycle reads and writes — the masks and
/// the registers of the first VCs — is the first cache line; the error counters come last.
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub struct VcCredits {
    /// Bit v: VC v is free (the allocator's request mask, kept as a register).
    free: u32,
    /// Bit v: the tail of VC v's packet has been sent (release pending its credit).
    tail_sent: u32,
    vcs: u32,
    wait_for_tail_credit: bool,
    vc: [Vc; MAX_VCS],
    /// Sends refused for lack of credit (must stay 0).
    pub underflows: u64,
    /// Returns refused because the counter was full (must stay 0).
    pub overflows: u64,
    /// Grants of a VC that was not free (must stay 0).
    pub double_grants: u64,
}

impl VcCredits {
    /// `vcs` VCs of `size` credit units each, all free and full of credits.
    pub fn new(vcs: usize, size: u32, wait_for_tail_credit: bool) -> Self {
        Self::with_first(vcs, size, size, wait_for_tail_credit)
    }

    /// VC 0 of `first` credit units (seed 004's escape queue), the others of `size`.
    pub fn with_first(vcs: usize, first: u32, size: u32, wait_for_tail_credit: bool) -> Self {
        assert!((1..=MAX_VCS).contains(&vcs) && size >= 1 && first >= 1);
        let mut vc = [Vc {
            credits: size,
            size,
            owner: FREE,
        }; MAX_VCS];
        vc[0].credits = first;
        vc[0].size = first;
        VcCredits {
            vcs: vcs as u32,
            wait_for_tail_credit,
            vc,
            tail_sent: 0,
            free: (1u32 << vcs) - 1,
            underflows: 0,
            overflows: 0,
            double_grants: 0,
        }
    }

    /// The VCs free for allocation (bit v).
    #[inline]
    pub fn free(&self) -> u32 {
        self.free
    }

    /// Credit units of VC `v` when its buffer is empty.
    pub fn size(&self, v: usize) -> u32 {
        self.vc[v].size
    }

    /// Number of VCs.
    pub fn vcs(&self) -> usize {
        self.vcs as usize
    }

    /// Credits held for VC `v`.
    #[inline]
    pub fn credits(&self, v: usize) -> u32 {
        self.vc[v].credits
    }

    /// The input VC holding VC `v`, or [`FREE`].
    #[inline]
    pub fn owner(&self, v: usize) -> u16 {
        self.vc[v].owner
    }

    /// Can `units` credit units be sent on VC `v` (a flit, or a whole packet for virtual
    /// cut-through)?
    #[inline]
    pub fn can_send(&self, v: usize, units: u32) -> bool {
        debug_assert!(v < MAX_VCS);
        self.vc[v & (MAX_VCS - 1)].credits >= units
    }

    /// VC allocation granted VC `v` to input VC `owner`.
    pub fn take(&mut self, v: usize, owner: u16) {
        if self.vc[v].owner != FREE {
            self.double_grants += 1;
            return;
        }
        self.vc[v].owner = owner;
        self.free &= !(1 << v);
        self.tail_sent &= !(1 << v);
    }

    /// VC `v` is free for the next packet when `done`: its tail was sent, or
    /// (`wait_for_tail_credit`) its credits are all back. Selects, not a branch: where the
    /// traffic decides `done`, the processor could not predict it.
    #[inline]
    fn release(&mut self, v: usize, done: bool) {
        let c = &mut self.vc[v];
        c.owner = if done { FREE } else { c.owner };
        let m = (done as u32) << v;
        self.free |= m;
        self.tail_sent &= !m;
    }

    /// A flit of `units` credit units was sent on VC `v`; `tail` ends its packet. Returns the
    /// credits left.
    #[inline]
    pub fn send(&mut self, v: usize, units: u32, tail: bool) -> u32 {
        debug_assert!(v < MAX_VCS);
        let c = &mut self.vc[v & (MAX_VCS - 1)];
        if c.credits < units {
            self.underflows += 1;
            return c.credits;
        }
        c.credits -= units;
        let left = c.credits;
        if tail {
            if self.wait_for_tail_credit {
                self.tail_sent |= 1 << v;
            } else {
                self.release(v, true);
            }
        }
        left
    }

    /// Bit v: the tail of VC v's packet was sent and its release waits for its credits.
    pub fn tail_sent(&self) -> u32 {
        self.tail_sent
    }

    /// `units` credit units of VC `v` came back.
    #[inline]
    pub fn credit(&mut self, v: usize, units: u32) {
        debug_assert!(v < MAX_VCS);
        let v = v & (MAX_VCS - 1);
        let c = &mut self.vc[v];
        if c.credits + units > c.size {
            self.overflows += 1;
            return;
        }
        c.credits += units;
        // released once its tail was sent and every credit is back (wait_for_tail_credit; a
        // branch on the configuration, not on the traffic)
        if self.wait_for_tail_credit {
            let done = (self.tail_sent >> v & 1 == 1) & (c.credits == c.size);
            self.release(v, done);
        }
    }
}
