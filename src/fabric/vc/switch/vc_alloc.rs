//! The VC allocation stage of the VC router (BookSim2's `_VCAllocEvaluate`/`_VCAllocUpdate`):
//! every routed head requests the free output VCs its candidates allow — the selection function
//! picks one port when the routing gives several, every cycle, or once at the head's first
//! cycle here when it decides once (`ugal-l-once`) — and a separable input-first allocator
//! ([`SeparableInputFirst`], ports·VCs × ports·VCs) grants each output VC to one head. A
//! granted head may ask for the switch `vc_alloc_cycles` later; it holds the output VC until
//! its tail is sent (or its tail credit returns, `wait_for_tail_credit`).

use crate::blocks::allocator::{Grants, Requests, SeparableInputFirst, MAX_SIDE, NO_GRANT};
use crate::routing::selection::Needs;

/// The VC allocation stage.
/// (The masks every cycle reads and clears first.)
#[derive(Debug, Clone)]
#[repr(C)]
pub(super) struct VcAllocStage {
    /// Input VCs routing or in VC allocation (bit p·V + v).
    pub waiting: u64,
    /// Probes of the last evaluated cycle: requests and grants (bit p·V + v).
    pub asked: u64,
    pub won: u64,
    pub alloc: SeparableInputFirst,
    /// Scratch: each requesting input VC's output-VC mask, and its grant.
    req: Box<Requests>,
    grant: Box<Grants>,
    /// What the selection reads of the router (its declaration, read once).
    pub needs: Needs,
    /// Per output: the routed heads that may take it (SSR's R), counted when the selection
    /// asks for it.
    pub requests: Vec<u8>,
}

impl VcAllocStage {
    /// The stage of a router of `ports` ports and `vcs` VCs whose selection needs `needs`.
    pub fn new(ports: usize, vcs: usize, needs: Needs) -> Self {
        VcAllocStage {
            alloc: SeparableInputFirst::new(ports * vcs, ports * vcs),
            req: Box::new([0; MAX_SIDE]),
            grant: Box::new([NO_GRANT; MAX_SIDE]),
            waiting: 0,
            asked: 0,
            won: 0,
            needs,
            requests: vec![0; ports],
        }
    }
}

/// The routed heads that may take each output (SSR's R) into `requests` (one count an
/// output, saturating): over the `waiting` input VCs (bit p·V + v), each head's candidate
/// ports `port_mask(iv)`. The router's stage and a router of the planes count by it.
#[inline]
pub(super) fn count_requests(waiting: u64, port_mask: impl Fn(usize) -> u32, requests: &mut [u8]) {
    requests.iter_mut().for_each(|r| *r = 0);
    let mut w = waiting;
    while w != 0 {
        let iv = w.trailing_zeros() as usize & 63;
        w &= w - 1;
        let mut m = port_mask(iv);
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(r) = requests.get_mut(p) {
                *r = r.saturating_add(1);
            }
        }
    }
}

/// The registers VC allocation reads and writes, however a router lays them out: the
/// router's own stages ([`VcSwitch`]) or one router of the planes (`planes::vc_alloc`). The
/// stage's rule ([`allocate`]) is written once over them.
pub(super) trait VaRegs {
    /// VCs per port.
    fn vcs(&self) -> usize;
    /// Input VCs routing or in VC allocation (bit p·V + v).
    fn waiting(&self) -> u64;
    /// The output port and its VCs that input VC `iv`'s head may ask for at step `t` (its
    /// routing over, a candidate picked, a link at that port), or none.
    fn request(&mut self, iv: usize, t: u64) -> Option<(usize, u32)>;
    /// Output `o`'s free VCs (bit v).
    fn free(&self, o: usize) -> u32;
    /// The allocator and its request and grant scratch.
    fn allocator(&mut self) -> (&mut SeparableInputFirst, &mut Requests, &mut Grants);
    /// The port and VC of the allocator's input or output `i` (p·V + v).
    fn port_vc(&self, i: usize) -> (usize, usize);
    /// Input VC `iv` was granted output `o`'s VC `ov` at step `t`.
    fn hold(&mut self, iv: usize, o: usize, ov: usize, t: u64);
}

/// VC allocation at step `t`: every waiting head whose routing is over asks for the free VCs
/// its candidate allows at its port, a separable input-first allocator grants each output VC
/// to one head, and a granted head holds its VC. Returns the input VCs that asked.
#[inline(always)]
pub(super) fn allocate<R: VaRegs>(r: &mut R, t: u64) -> u64 {
    let nv = r.vcs();
    let vmask = (1u32 << nv) - 1;
    let mut asked = 0u64;
    let mut w = r.waiting();
    while w != 0 {
        let iv = w.trailing_zeros() as usize & 63;
        w &= w - 1;
        let Some((port, allowed)) = r.request(iv, t) else {
            continue;
        };
        let free = r.free(port) & allowed & vmask;
        if free != 0 {
            r.allocator().1[iv] = (free as u64) << (port * nv);
            asked |= 1 << iv;
        }
    }
    if asked == 0 {
        return 0;
    }
    let (alloc, req, grant) = r.allocator();
    alloc.allocate_among(asked, req, grant);
    let mut w = asked;
    while w != 0 {
        let iv = w.trailing_zeros() as usize & 63;
        w &= w - 1;
        let (_, req, grant) = r.allocator();
        req[iv] = 0;
        let g = grant[iv];
        if g == NO_GRANT {
            continue;
        }
        let (o, ov) = r.port_vc(g as usize);
        r.hold(iv, o, ov, t);
    }
    asked
}
