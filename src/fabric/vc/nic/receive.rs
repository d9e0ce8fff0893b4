//! The receive side of the VC NIC (the receive DMA): a flit from the router frees its
//! buffer slot at once (its credit goes back on the ejection link the same cycle, one per
//! flit or, with credits in bytes, the units its position frees); the tail delivers the
//! packet to the host — or, with the sequenced engine, to the reorder buffer, which
//! delivers in order and answers with ACKs and NACKs. Combinational in the cycle the flit
//! arrives.

use super::seq::Kind;
use super::VcNic;
use crate::blocks::nic::rearrange::Action;
use crate::fabric::vc::VcFamily;
use crate::fabric::Ctx;
use crate::sim::packet::NO_MSG;
use crate::sim::{Flit, FlowCtl};

impl VcNic {
    /// A flit from the router: its credit goes back at once; the tail delivers the packet.
    pub(super) fn receive(&mut self, now: u64, f: Flit, cx: &mut Ctx<'_, VcFamily>) {
        self.got = Some(f);
        let v = f.vc as usize;
        let idx = if f.is_head() { 0 } else { self.rx_idx[v & 15] };
        self.rx_idx[v & 15] = idx + 1;
        // a credit per flit needs no header (the packet's length matters only for byte units)
        let n = if self.p.credit.per_flit() {
            1
        } else {
            self.p
                .credit
                .release_at(idx, cx.packets.header(f.pkt).flits)
        };
        if n > 0 {
            let c = FlowCtl::Credit {
                vc: f.vc,
                n: n as u8,
            };
            cx.links[self.in_link as usize].back().send(now, c);
        }
        self.core.ejected_flits += 1;
        if !f.is_tail() {
            return;
        }
        let pk = cx.packets.get_mut(f.pkt);
        pk.h.arrive_cycle = now;
        let (h, x) = (pk.h, pk.x);
        if h.dst as usize != self.core.host {
            cx.stats.misdelivered += 1;
        }
        let Some(sq) = self.seq.as_deref_mut() else {
            deliver(now, f.pkt, cx);
            return;
        };
        match x.kind {
            Kind::Data => {
                sq.on_data(h.src, x.seq, h.payload, f.pkt);
                for i in 0..sq.actions.len() {
                    match sq.actions[i] {
                        Action::Deliver { sn, tag } => {
                            sq.check_delivery(h.src, sn);
                            deliver(now, tag, cx);
                        }
                        Action::Nack { tag, .. } => cx.packets.release(tag),
                        Action::Ack(_) => {}
                    }
                }
            }
            Kind::Ack => {
                sq.on_ack(h.src, x.seq);
                cx.packets.release(f.pkt);
            }
            Kind::Nack => {
                sq.on_nack(h.src, x.seq);
                cx.packets.release(f.pkt);
            }
        }
    }
}

/// Packet `id` goes to its host at cycle `now`.
fn deliver(now: u64, id: u32, cx: &mut Ctx<'_, VcFamily>) {
    let h = *cx.packets.header(id);
    cx.stats.delivered(now, &h, h.flits);
    if h.msg != NO_MSG {
        cx.delivered_msgs.push(h.msg);
    }
    cx.packets.release(id);
}
