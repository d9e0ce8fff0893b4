//! Network interface of the virtual-channel router family (issue 12; a BookSim2 node as read in
//! docs/booksim.md): the injection process and source queue, a send engine that picks the
//! injection VC and drives one flit per cycle under per-VC credits, and a receive engine that
//! takes one flit per cycle and returns its credit at once (ejection never back-pressures).
//!
//! Per cycle: credits from the router are applied at once (no credit delay at the node); a flit
//! from the router is taken and its credit driven back; at the tail the packet is delivered to
//! the host. New packets join the source queue; the send engine starts the oldest on the VC
//! after the last one used that is free and has room for the head (all of the packet with
//! virtual cut-through), in the same cycle, and drives one flit per cycle while credits allow.
//! A packet generated at cycle g has its head on the wire at g when the VC is free.

use super::VcFamily;
use crate::blocks::credit::CreditUnit;
use crate::blocks::link::NO_LINK;
use crate::blocks::vc_credits::VcCredits;
use crate::fabric::{Ctx, Health, Nic, NicCore};
use crate::sim::packet::{Header, Packet, NO_MSG};
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor};
use crate::traffic::injection::{Injector, Process};
use rand_chacha::ChaCha8Rng;

/// NIC parameters.
#[derive(Debug, Clone, Copy)]
pub struct VcNicParams {
    /// Payload bytes of generated packets.
    pub payload_bytes: u32,
    pub flit_bytes: u32,
    /// Offered load, flits per cycle (0 with a trace).
    pub rate: f64,
    pub process: Process,
    pub queue_limit: usize,
    /// VCs of the injection link and flits per VC buffer of the router behind it.
    pub vcs: usize,
    pub buffer_flits: u32,
    /// Flits of VC 0's buffer when not 0 (seed 004's escape queue).
    pub escape_flits: u32,
    /// VCs the send engine may start a packet on (bit v; adaptive routing keeps packets off
    /// the escape VC at injection).
    pub inject_vcs: u32,
    pub wait_for_tail_credit: bool,
    /// A head waits for room for its whole packet (virtual cut-through).
    pub cut_through: bool,
    pub credit: CreditUnit,
}

impl VcNicParams {
    /// Flits of a packet of `payload` bytes: the header travels in the first flit, as in
    /// BookSim2 (a 20-flit packet is 20 flits on the wire).
    pub fn flits(&self, payload: u32) -> u32 {
        payload.div_ceil(self.flit_bytes).max(1)
    }
}

/// One NIC.
#[derive(Debug, Clone)]
pub struct VcNic {
    pub core: NicCore,
    p: VcNicParams,
    credits: VcCredits,
    /// Packet being sent: (id, next flit, flits, VC).
    sending: Option<(u32, u32, u32, u8)>,
    last_vc: u8,
    /// Index of the next flit expected on every VC of the ejection link.
    rx_idx: [u32; 16],
    in_link: u32,
    out_link: u32,
    /// Flit driven and taken this cycle (waveforms).
    sent: Option<Flit>,
    got: Option<Flit>,
}

impl VcNic {
    /// The NIC of `host`, receiving on `in_link`, sending on `out_link`.
    pub fn new(
        host: usize,
        p: VcNicParams,
        in_link: u32,
        out_link: u32,
        mut rng: ChaCha8Rng,
    ) -> Self {
        let src = Injector::new(
            p.rate,
            p.payload_bytes,
            p.flits(p.payload_bytes),
            p.process,
            p.queue_limit,
            &mut rng,
        );
        VcNic {
            core: NicCore::new(host, src, rng),
            credits: VcCredits::with_first(
                p.vcs,
                p.credit.buffer_units(if p.escape_flits > 0 {
                    p.escape_flits
                } else {
                    p.buffer_flits
                }),
                p.credit.buffer_units(p.buffer_flits),
                p.wait_for_tail_credit,
            ),
            p,
            sending: None,
            last_vc: (p.vcs - 1) as u8,
            rx_idx: [0; 16],
            in_link,
            out_link,
            sent: None,
            got: None,
        }
    }

    /// Evaluate one cycle; returns the flits that moved.
    #[inline(always)]
    pub fn eval(&mut self, now: u64, cx: &mut Ctx<'_, VcFamily>) -> u32 {
        let mut moved = 0;
        self.sent = None;
        self.got = None;
        if self.out_link != NO_LINK {
            if let Some(FlowCtl::Credit { vc, n }) = cx.links[self.out_link as usize].back.recv(now)
            {
                self.credits.credit(vc as usize, n as u32);
            }
        }
        if self.in_link != NO_LINK {
            if let Some(f) = cx.links[self.in_link as usize].fwd.recv(now) {
                moved += 1;
                self.receive(now, f, cx);
            }
        }
        let (host, dests) = (self.core.host, cx.dests);
        let p = &self.p;
        cx.stats.suppressed += self.core.poll(now, dests, |dst, bytes, msg| {
            alloc(p, host, now, dst, bytes, msg, cx)
        });
        if self.sending.is_none() {
            self.start(cx);
        }
        if let Some((id, idx, flits, vc)) = self.sending {
            let need = self.p.credit.consume_at(idx);
            if self.credits.can_send(vc as usize, need) {
                let mut flags = 0;
                if idx == 0 {
                    flags |= Flit::HEAD;
                    cx.packets.get_mut(id).h.inject_cycle = now;
                }
                let tail = idx + 1 == flits;
                if tail {
                    flags |= Flit::TAIL;
                }
                let f = Flit {
                    pkt: id,
                    data: 0,
                    flags,
                    vc,
                };
                cx.links[self.out_link as usize].send(now, f);
                self.credits.send(vc as usize, need, tail);
                self.sent = Some(f);
                self.core.injected_flits += 1;
                moved += 1;
                self.sending = (!tail).then_some((id, idx + 1, flits, vc));
            }
        }
        moved
    }

    /// Start the oldest queued packet on the first VC after the last one used that is free
    /// and has room for its head (its whole packet with virtual cut-through).
    fn start(&mut self, cx: &mut Ctx<'_, VcFamily>) {
        let Some(&id) = self.core.src.gen.queue.front() else {
            return;
        };
        if self.out_link == NO_LINK {
            return;
        }
        let flits = cx.packets.header(id).flits;
        let need = if self.p.cut_through {
            self.p.credit.packet_units(flits)
        } else {
            self.p.credit.consume_at(0)
        };
        let nv = self.p.vcs;
        let free = self.credits.free() & self.p.inject_vcs;
        for i in 1..=nv {
            let vc = (self.last_vc as usize + i) % nv;
            if free >> vc & 1 == 1 && self.credits.can_send(vc, need) {
                self.credits.take(vc, 0);
                self.core.src.gen.queue.pop_front();
                self.last_vc = vc as u8;
                self.sending = Some((id, 0, flits, vc as u8));
                return;
            }
        }
    }

    /// A flit from the router: its credit goes back at once; the tail delivers the packet.
    fn receive(&mut self, now: u64, f: Flit, cx: &mut Ctx<'_, VcFamily>) {
        self.got = Some(f);
        let v = f.vc as usize;
        let idx = if f.is_head() { 0 } else { self.rx_idx[v & 15] };
        let flits = cx.packets.header(f.pkt).flits;
        self.rx_idx[v & 15] = idx + 1;
        let n = self.p.credit.release_at(idx, flits);
        if n > 0 {
            let c = FlowCtl::Credit {
                vc: f.vc,
                n: n as u8,
            };
            cx.links[self.in_link as usize].back.send(now, c);
        }
        self.core.ejected_flits += 1;
        if !f.is_tail() {
            return;
        }
        let pk = cx.packets.get_mut(f.pkt);
        pk.h.arrive_cycle = now;
        let h = pk.h;
        if h.dst as usize != self.core.host {
            cx.stats.misdelivered += 1;
        }
        cx.stats.delivered(now, &h, h.flits);
        if h.msg != NO_MSG {
            cx.delivered_msgs.push(h.msg);
        }
        cx.packets.release(f.pkt);
    }
}

/// A new packet in the packet table.
fn alloc(
    p: &VcNicParams,
    host: usize,
    now: u64,
    dst: u32,
    bytes: u32,
    msg: u32,
    cx: &mut Ctx<'_, VcFamily>,
) -> u32 {
    let id = cx.packets.alloc(Packet {
        h: Header {
            src: host as u32,
            dst,
            payload: bytes,
            flits: p.flits(bytes),
            msg,
            gen_cycle: now,
            measured: now >= cx.stats.warmup,
            ..Default::default()
        },
        x: (),
    });
    cx.stats.count_generated(now);
    id
}

impl Nic<VcFamily> for VcNic {
    #[inline]
    fn eval(&mut self, now: u64, cx: &mut Ctx<'_, VcFamily>) -> u32 {
        VcNic::eval(self, now, cx)
    }

    fn enqueue(&mut self, now: u64, dst: u32, bytes: u32, msg: u32, cx: &mut Ctx<'_, VcFamily>) {
        let id = alloc(&self.p, self.core.host, now, dst, bytes, msg, cx);
        self.core.src.gen.queue.push_back(id);
    }

    fn core(&self) -> &NicCore {
        &self.core
    }

    fn core_mut(&mut self) -> &mut NicCore {
        &mut self.core
    }

    fn flits_buffered(&self) -> u64 {
        0
    }

    fn waiting(&self) -> usize {
        self.core.src.queued() + self.sending.is_some() as usize
    }

    fn wake_at(&self) -> u64 {
        if self.sending.is_some()
            || self.core.src.queued() > 0
            || self.sent.is_some()
            || self.got.is_some()
        {
            return 0;
        }
        self.core.src.next_due()
    }

    fn drove(&self) -> (bool, bool) {
        (self.sent.is_some(), self.got.is_some())
    }

    fn errors(&self) -> Health {
        Health {
            overflows: 0,
            credit_errors: self.credits.underflows
                + self.credits.overflows
                + self.credits.double_grants,
            route_errors: 0,
            order_errors: 0,
        }
    }
}

impl Probe for VcNic {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("send");
        v.int("queued", self.core.src.queued() as i64);
        v.int("pkt", self.sending.map_or(-1, |s| s.0 as i64));
        v.int("vc", self.sending.map_or(-1, |s| s.3 as i64));
        for c in 0..self.p.vcs {
            v.scope_idx("vc", c);
            v.int("credits", self.credits.credits(c) as i64);
            v.up();
        }
        v.flag("valid", self.sent.is_some());
        v.up();
        v.scope("recv");
        v.flag("valid", self.got.is_some());
        v.int("pkt", self.got.map_or(-1, |f| f.pkt as i64));
        v.int("vc", self.got.map_or(-1, |f| f.vc as i64));
        v.up();
    }
}
