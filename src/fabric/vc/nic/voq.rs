//! The per-destination send engine of the vc family's NIC (`traffic.source_queues =
//! "per-destination"`): virtual output queues at the source. The NIC keeps one queue
//! per destination (held as the one source queue, in generation order, with the rule that a
//! destination is served oldest first and has at most one packet on the wire) and a packet in
//! flight on every injection VC at once: a packet to a hot spot that stalls in the network holds
//! its VC, not the link, and the other destinations go on. Per cycle:
//! 1. every free injection VC, in turn after the last one started, takes the oldest queued
//!    packet whose destination has nothing on the wire, if the VC has room for its head (for all
//!    of it with virtual cut-through);
//! 2. one flit goes on the link: the next of the packet on the first VC after the last one that
//!    sent, among those with a credit for it.
//!
//! With one VC this is the FIFO engine but for the destination rule. Latency as the FIFO
//! engine's: a head can go in the cycle its packet is generated.

use super::VcNic;
use crate::fabric::vc::VcFamily;
use crate::fabric::Ctx;

/// A packet on the wire on one injection VC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lane {
    pub id: u32,
    pub next: u32,
    pub flits: u32,
    pub dst: u32,
}

impl VcNic {
    /// Start packets on free VCs, then drive one flit; returns the flits driven (0 or 1).
    pub(super) fn eval_voq(&mut self, now: u64, cx: &mut Ctx<'_, VcFamily>) -> u32 {
        let nv = self.p.vcs;
        for i in 1..=nv {
            let vc = (self.last_vc as usize + i) % nv;
            let free = self.credits.free() & self.p.inject_vcs;
            if self.lanes[vc].is_some() || free >> vc & 1 == 0 {
                continue;
            }
            let lanes = &self.lanes;
            let busy = |dst: u32| lanes.iter().flatten().any(|l| l.dst == dst);
            let queue = &self.core.src.gen.queue;
            let Some(at) = queue
                .iter()
                .position(|&id| !busy(cx.packets.header(id).dst))
            else {
                break;
            };
            let h = cx.packets.header(queue[at]);
            let (dst, flits) = (h.dst, h.flits);
            let need = if self.p.cut_through {
                self.p.credit.packet_units(flits)
            } else {
                self.p.credit.consume_at(0)
            };
            if !self.credits.can_send(vc, need) {
                continue;
            }
            let id = self.core.src.gen.queue.remove(at).expect("found above");
            self.credits.take(vc, 0);
            self.last_vc = vc as u8;
            self.lanes[vc] = Some(Lane {
                id,
                next: 0,
                flits,
                dst,
            });
        }
        for i in 1..=nv {
            let vc = (self.send_rr as usize + i) % nv;
            let Some(l) = self.lanes[vc] else { continue };
            if !self.credits.can_send(vc, self.p.credit.consume_at(l.next)) {
                continue;
            }
            let tail = self.drive(now, l.id, l.next, l.flits, vc as u8, cx);
            self.lanes[vc] = (!tail).then_some(Lane {
                next: l.next + 1,
                ..l
            });
            self.send_rr = vc as u8;
            return 1;
        }
        0
    }

    /// Packets on the wire on the injection VCs.
    pub(super) fn lanes_busy(&self) -> usize {
        self.lanes.iter().flatten().count()
    }
}
