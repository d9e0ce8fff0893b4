//! What a testbench, the waveform probe or the network reads of a VC router's state: the flit
//! each output drove, the state, level and credits of every VC, the output VC an input VC
//! holds and the candidates its head asks for, who holds an output VC, the packets in a
//! buffer. No read changes the router.

use super::queues::{queues, QueueRegs};
use super::speedup::SpeedupFifo;
use super::{VcParams, VcState, VcSwitch};
use crate::blocks::link::NO_LINK;
use crate::routing::function::global_queues::QueueMeasure;
use crate::sim::Flit;
use std::ops::Range;

impl VcSwitch {
    /// The flit of a packet driven on output `o` in the last evaluated cycle.
    pub fn sent(&self, o: usize) -> Option<Flit> {
        if self.sent_xbar >> o & 1 == 1 {
            return Some(self.xbar.xbar.left(o));
        }
        (self.sent_mask >> o & 1 == 1).then(|| self.sent[o])
    }

    /// Parameters.
    pub fn params(&self) -> &VcParams {
        &self.p
    }

    /// The name of its routing function's unit (`dor`, `table`, ...).
    pub fn routing_unit(&self) -> &'static str {
        use crate::routing::function::RoutingFunction;
        self.route.routing.unit()
    }

    /// State of input VC `v` of port `port`.
    pub fn vc_state(&self, port: usize, v: usize) -> VcState {
        self.input.vcs[port * self.p.vcs + v].state
    }

    /// The output VC (output, VC) that input VC `v` of `port` holds, while it is active.
    pub fn holds(&self, port: usize, v: usize) -> Option<(usize, usize)> {
        let s = &self.input.vcs[port * self.p.vcs + v];
        (s.state == VcState::Active).then_some((s.out as usize, s.ovc as usize))
    }

    /// The cycle from which input VC `v` of `port` may ask for an output VC (its head's
    /// routing delay past), or its head cross.
    pub fn ready_at(&self, port: usize, v: usize) -> u64 {
        self.input.vcs[port * self.p.vcs + v].ready
    }

    /// The routing candidates of the head of input VC `v` of `port`, while it routes or asks
    /// for an output VC (with a selection that decides once, the candidate it kept).
    pub fn candidates(&self, port: usize, v: usize) -> &[crate::routing::function::Candidate] {
        self.route.cands[port * self.p.vcs + v].as_slice()
    }

    /// The input VC (p·V + v) holding VC `v` of output `port`, if any.
    pub fn owner(&self, port: usize, v: usize) -> Option<usize> {
        let o = self.out.credits[port].owner(v);
        (o != crate::blocks::vc_credits::FREE).then_some(o as usize)
    }

    /// VC `v` of output `port` sent its packet's tail and waits for the tail's credit before
    /// another packet may take it (`wait_for_tail_credit`).
    pub fn tail_pending(&self, port: usize, v: usize) -> bool {
        self.out.credits[port].tail_sent() >> v & 1 == 1
    }

    /// Credits output `port` holds for downstream VC `v`.
    pub fn credits(&self, port: usize, v: usize) -> u32 {
        self.out.credits[port].credits(v)
    }

    /// Flits held behind output `port` over all its VCs: the credits spent and not yet back
    /// (BookSim2's `GetUsedCredit`, UGAL's queue).
    pub fn used_credits(&self, port: usize) -> u32 {
        self.out.used(port)
    }

    /// UGAL-G's queues of outputs `ports` by measure `m` into `out` ([`queues`]).
    pub fn global_queues(&self, m: QueueMeasure, ports: Range<usize>, out: &mut [u32; 64]) {
        queues(self, m, ports, out)
    }

    /// Flits in VC `v` of input `port`.
    pub fn level(&self, port: usize, v: usize) -> u32 {
        self.input.level(port, v)
    }

    /// Every credit counter holds the credits of its empty buffer downstream (true once the
    /// network has drained: no credit was lost or made up).
    pub fn credits_restored(&self) -> bool {
        (0..self.p.ports)
            .filter(|&p| self.link[p][super::OUT] != NO_LINK)
            .all(|p| {
                (0..self.p.vcs)
                    .all(|v| self.out.credits[p].credits(v) == self.out.credits[p].size(v))
            })
    }

    /// Flits in VC `v` of output `port`'s queue (0 without output queues).
    pub fn queued(&self, port: usize, v: usize) -> u32 {
        self.out
            .queues
            .as_ref()
            .map_or(0, |q| q.bufs[port].level(v))
    }

    /// The packet of the flit at the front of VC `v` of output `port`'s queue.
    pub fn queued_front(&self, port: usize, v: usize) -> Option<u32> {
        self.out.queues.as_ref()?.bufs[port].front(v).map(|f| f.pkt)
    }

    /// The packets of the first and the last flit in VC `v` of input `port` (None when
    /// empty): two different ones share the VC.
    pub fn packets_in(&self, port: usize, v: usize) -> Option<(u32, u32)> {
        let b = &self.input;
        Some((b.front(port, v)?.pkt, b.back(port, v)?.pkt))
    }

    /// Flits that crossed the crossbar.
    pub fn forwarded(&self) -> u64 {
        self.forwarded_vc.iter().sum()
    }

    /// Ports of the router.
    pub fn ports(&self) -> usize {
        self.p.ports
    }

    /// Highest occupancy any VC buffer reached.
    pub fn max_level(&self) -> u32 {
        self.input.max_level
    }

    /// Flits buffered, inside the crossbar and in the speedup FIFOs.
    pub fn flits_buffered(&self) -> u64 {
        self.input.flits as u64
            + self.xbar.xbar.inside() as u64
            + self.out.queues.as_ref().map_or(0, |q| q.flits as u64)
            + self.fifo.as_ref().map_or(0, |f| f.flits as u64)
    }
}

impl VcSwitch {
    /// Headers the routing function gave no candidate (must stay 0).
    pub fn route_errors(&self) -> u64 {
        self.route.errors
    }
}

impl QueueRegs for VcSwitch {
    fn used(&self, o: usize) -> u32 {
        self.out.used(o)
    }

    fn holding(&self) -> u64 {
        self.input.holding
    }

    fn waits(&self, iv: usize) -> (u32, u32) {
        let s = &self.input.vcs[iv];
        let here = self.input.level(iv / self.p.vcs, iv % self.p.vcs);
        let outs = match s.state {
            VcState::Active => 1u32.checked_shl(s.out as u32).unwrap_or(0),
            VcState::VcAlloc | VcState::Routing => self.route.cands[iv].port_mask(),
            VcState::Idle => 0,
        };
        (here, outs)
    }

    fn fifo(&self) -> Option<&SpeedupFifo> {
        self.fifo.as_deref()
    }
}
