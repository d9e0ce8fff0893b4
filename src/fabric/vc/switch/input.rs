//! The input unit of the VC router (BookSim2's input buffers and per-VC state): per input VC a
//! FIFO of `depth` flits (VC 0 optionally seed 004's escape queue, of its own depth) in one
//! memory for the router, its state machine (idle → routing → VC allocation → active) and the
//! output VC it holds, the VC's registers in one record. A flit is written in the cycle it
//! arrives (0 cycles), when the unit admits it (`admit`: a full VC or one the router does not
//! have is a flow-control error, refused and counted); the switch traversal reads the front
//! flit. The planes read and write it in place, by its rules (`admit`, `put`, `depart`).

use crate::blocks::vc_buffer::MAX_VCS;
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

/// The registers of one input VC: its state, the output VC it holds, the packet at its
/// front, its occupancy integral and its FIFO's registers (touched by the same flits, so one
/// record; a 5-port, 2-VC router's ten records are 400 bytes).
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
    /// The FIFO: where it begins in the memory, the slot of its front flit, flits held.
    base: u32,
    head: u32,
    fill: u32,
}

impl InVc {
    /// Flits in the VC's buffer.
    #[inline(always)]
    pub fn fill(&self) -> u32 {
        self.fill
    }

    /// VC allocation gave it output `o`'s VC `ov`: active, its head may ask for the switch
    /// from `ready` (the VC allocation's cycles later).
    #[inline(always)]
    pub fn hold(&mut self, o: usize, ov: usize, ready: u64) {
        self.state = VcState::Active;
        self.out = o as u8;
        self.ovc = ov as u8;
        self.ready = ready;
    }

    /// Its head asks for VC allocation at step `t`: a routing head leaves routing once its
    /// delay is over (turning `VcAlloc`). None while it routes; else whether `t` is its first
    /// step asking.
    #[inline(always)]
    pub fn asks(&mut self, t: u64) -> Option<bool> {
        if self.state != VcState::Routing {
            return Some(false);
        }
        if t < self.ready {
            return None;
        }
        self.state = VcState::VcAlloc;
        Some(true)
    }
}

/// A flit leaving its input VC for the crossbar ([`InputUnit::depart`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Departure {
    /// The flit, on its output VC.
    pub flit: Flit,
    /// The output and output VC its input VC holds.
    pub out: usize,
    pub ovc: usize,
    /// The flit's index in its packet, and the packet's flits.
    pub next: u32,
    pub len: u32,
    /// It is its packet's tail: the input VC is idle.
    pub tail: bool,
    /// The flits left in the input VC.
    pub fill: u32,
}

const IDLE: InVc = InVc {
    state: VcState::Idle,
    out: 0,
    ovc: 0,
    ready: 0,
    len: 0,
    next: 0,
    occ: Stay::ZERO,
    base: 0,
    head: 0,
    fill: 0,
};

/// Eight flits of the buffer memory, a cache line (a VC of 8 flits — the BookSim2 preset's —
/// in one line).
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(64))]
struct Line([Flit; 8]);

/// The input unit: its registers in one line, then the input VCs' records (a flit in or out
/// touches the line and its VC's record, then the buffer's memory).
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub(super) struct InputUnit {
    /// The buffers' memory (the hardware's SRAM): input p's VCs one after the other, each of
    /// its depth, the ports one after the other.
    mem: Box<[Line]>,
    /// Input VCs holding a flit (bit p·V + v).
    pub holding: u64,
    /// Writes refused because the VC was full or does not exist (must stay 0).
    pub overflows: u64,
    /// Flits in the buffers.
    pub flits: u32,
    nv: u32,
    /// Input VCs in use (ports × VCs).
    n: u32,
    /// Flits of VC 0's buffer and of every other VC's.
    first: u32,
    depth: u32,
    /// Highest occupancy any VC reached.
    pub max_level: u32,
    /// Per input VC (p·V + v; fixed size, the first [`InputUnit::used`] in use: an index
    /// masked below 64 needs no bounds check).
    pub vcs: [InVc; 64],
}

impl InputUnit {
    /// `ports` inputs of `vcs` buffers of `depth` flits, VC 0's of `first`.
    pub fn new(ports: usize, vcs: usize, first: u32, depth: u32) -> Self {
        assert!((1..=MAX_VCS).contains(&vcs) && depth >= 1 && first >= 1);
        let total = ports as u64 * (first as u64 + (vcs as u64 - 1) * depth as u64);
        assert!(
            total < 1 << 32,
            "the input buffers of a router hold fewer than 2^32 flits"
        );
        let mut unit = InputUnit {
            vcs: [IDLE; 64],
            mem: vec![Line::default(); (total as usize).div_ceil(8)].into_boxed_slice(),
            holding: 0,
            flits: 0,
            nv: vcs as u32,
            n: (ports * vcs) as u32,
            first,
            depth,
            max_level: 0,
            overflows: 0,
        };
        let mut base = 0;
        for iv in 0..ports * vcs {
            unit.vcs[iv].base = base;
            base += unit.depth(iv % vcs);
        }
        unit
    }

    /// The registers of the input VCs in use.
    pub fn used(&self) -> &[InVc] {
        &self.vcs[..self.n as usize]
    }

    /// Depth of VC `v`'s buffer.
    #[inline(always)]
    pub(super) fn depth(&self, v: usize) -> u32 {
        if v == 0 {
            self.first
        } else {
            self.depth
        }
    }

    /// The flit in memory slot `i`.
    #[inline(always)]
    fn slot(&self, i: u32) -> &Flit {
        &self.mem[(i >> 3) as usize].0[(i & 7) as usize]
    }

    /// The occupancy integral of input VC `iv` at `now` (the sum of its end-of-cycle levels).
    pub fn area(&self, iv: usize, now: u64) -> u64 {
        let r = &self.vcs[iv];
        r.occ.area(now, r.fill)
    }

    /// Flits in VC `v` of input `p`.
    #[inline]
    pub fn level(&self, p: usize, v: usize) -> u32 {
        self.vcs[(p * self.nv as usize + v) & 63].fill
    }

    /// The flit `k` places behind the front of VC `v` of input `p` (`k` below its level).
    pub(super) fn at(&self, p: usize, v: usize, k: u32) -> &Flit {
        let iv = p * self.nv as usize + v;
        let r = &self.vcs[iv];
        let mut i = r.head + k;
        if i >= self.depth(v) {
            i -= self.depth(v);
        }
        self.slot(r.base + i)
    }

    /// The flit at the front of VC `v` of input `p`.
    pub fn front(&self, p: usize, v: usize) -> Option<&Flit> {
        (self.level(p, v) > 0).then(|| self.at(p, v, 0))
    }

    /// The flit at the back of VC `v` of input `p` (the last written).
    pub fn back(&self, p: usize, v: usize) -> Option<&Flit> {
        let n = self.level(p, v);
        (n > 0).then(|| self.at(p, v, n - 1))
    }

    /// Head flits in VC `v` of input `p` (packets that begin in it; a scan, for checks).
    pub fn heads(&self, p: usize, v: usize) -> u32 {
        (0..self.level(p, v))
            .filter(|&k| self.at(p, v, k).is_head())
            .count() as u32
    }

    /// Whether input `port` takes a flit on VC `vc`: its input VC and that VC's depth. A write
    /// to a full VC, or to a VC the router does not have, is a flow-control error: refused
    /// and counted (the flit is lost, and conservation fails).
    #[inline(always)]
    pub(super) fn admit(&mut self, port: usize, vc: u8) -> Option<(usize, u32)> {
        let v = vc as usize;
        if v >= self.nv as usize {
            self.overflows += 1;
            return None;
        }
        let iv = (port * self.nv as usize + v) & 63;
        let depth = self.depth(v);
        if self.vcs[iv].fill == depth {
            self.overflows += 1;
            return None;
        }
        Some((iv, depth))
    }

    /// The FIFO of input VC `iv` (`depth` flits, not full) takes flit `f` at `now`; returns
    /// whether it is a head at the front of an idle VC (to be routed) and the VC's flits
    /// after it. The unit's totals (VCs holding a flit, flits, highest level) are the
    /// caller's: the planes keep the highest level beside their own registers and give the
    /// totals back ([`InputUnit::set_totals`]), so that a flit touches only its VC's record
    /// and the memory.
    #[inline(always)]
    pub(super) fn put(&mut self, now: u64, iv: usize, depth: u32, f: Flit) -> (bool, u32) {
        let r = &mut self.vcs[iv & 63];
        debug_assert!(r.fill < depth, "a flit for a VC with room");
        let mut i = r.head + r.fill;
        if i >= depth {
            i -= depth;
        }
        r.fill += 1;
        r.occ.arrive(now);
        // only a head can reach an idle VC (a packet holds its VC until its tail leaves)
        // (the three tests and-ed, not short-circuited: one branch, not three, on the data)
        let route = f.is_head() & (r.fill == 1) & (r.state == VcState::Idle);
        let fill = r.fill;
        let at = r.base + i;
        self.mem[(at >> 3) as usize].0[(at & 7) as usize] = f;
        (route, fill)
    }

    /// The front flit of input VC `iv` (`depth` flits, holding one) leaves at `now`; returns
    /// it and the VC's flits after it ([`InputUnit::put`]'s totals: the caller's).
    #[inline(always)]
    pub(super) fn take(&mut self, now: u64, iv: usize, depth: u32) -> (Flit, u32) {
        let r = &mut self.vcs[iv & 63];
        debug_assert!(r.fill > 0, "a requesting VC holds a flit");
        let at = r.base + r.head;
        r.head += 1;
        if r.head == depth {
            r.head = 0;
        }
        r.fill -= 1;
        r.occ.depart(now);
        let fill = r.fill;
        (*self.slot(at), fill)
    }

    /// The totals of a unit whose flits came and went by [`InputUnit::put`] and
    /// [`InputUnit::take`]: the VCs holding a flit and the flits, from the VCs' records, and
    /// the highest level a VC reached, `max_level`.
    pub(super) fn set_totals(&mut self, max_level: u32) {
        let used = &self.vcs[..self.n as usize];
        self.holding = used
            .iter()
            .enumerate()
            .fold(0, |m, (iv, r)| m | ((r.fill > 0) as u64) << iv);
        self.flits = used.iter().map(|r| r.fill).sum();
        self.max_level = max_level;
    }

    /// The head at the front of input VC `iv` was routed: VC allocation from `ready`, its
    /// packet of `len` flits, none of them sent yet.
    #[inline(always)]
    pub fn routed(&mut self, iv: usize, ready: u64, len: u32) {
        let r = &mut self.vcs[iv & 63];
        r.state = VcState::Routing;
        r.ready = ready;
        r.len = len;
        r.next = 0;
    }

    /// The front flit of input VC `iv` (`depth` flits, holding an output VC and a flit) wins
    /// the crossbar at `now`: it leaves on the output VC the input VC holds; its packet's
    /// tail frees the input VC (idle: a head behind it is the caller's to route), another
    /// flit moves the packet's index on. The unit's totals are the caller's
    /// ([`InputUnit::put`]).
    #[inline(always)]
    pub(super) fn depart(&mut self, now: u64, iv: usize, depth: u32) -> Departure {
        let (mut flit, fill) = self.take(now, iv, depth);
        let r = &mut self.vcs[iv & 63];
        let (next, len) = (r.next, r.len);
        let tail = next + 1 == len;
        flit.vc = r.ovc;
        if tail {
            r.state = VcState::Idle;
        } else {
            r.next += 1;
        }
        Departure {
            flit,
            out: r.out as usize,
            ovc: r.ovc as usize,
            next,
            len,
            tail,
            fill,
        }
    }
}
