//! Network interface of a virtual cut-through network with credits (seed 001 §5.1): packet
//! generator or trace player, sequence numbers, credit-controlled injection, ejection with
//! credit return, the destination reorder buffer and the end-to-end flow control of in-order
//! delivery.
//!
//! Per cycle: a credit and a flit arrive from the switch; generated (or trace) packets enter the
//! source queue, numbered per destination; the send engine starts the oldest packet — an
//! acknowledgement first — when the switch's input buffer has room for all of it (virtual
//! cut-through) and, with in-order delivery, when the destination's reorder buffer could hold
//! every packet sent to it and not yet delivered (the paper's end-to-end rule), then drives one
//! flit per cycle; the receive engine takes one flit per cycle, returns its credit, and at the
//! tail hands the packet to the reorder buffer (or straight to the host).

use super::{VctExt, VctFamily};
use crate::blocks::credit::{CreditCounter, CreditUnit};
use crate::blocks::link::NO_LINK;
use crate::blocks::nic::reorder::ReorderBuffer;
use crate::fabric::{Ctx, Health, Nic, NicCore};
use crate::sim::packet::{Header, Packet, NO_MSG};
use crate::sim::runs::FlitRuns;
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor};
use crate::traffic::injection::{Injector, Process};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, VecDeque};

pub use crate::fabric::keys::AckMode;

/// NIC parameters.
#[derive(Debug, Clone, Copy)]
pub struct VctNicParams {
    /// Payload bytes of generated packets.
    pub payload_bytes: u32,
    /// Bytes per flit.
    pub flit_bytes: u32,
    /// Offered load in payload flits per cycle (generator; 0 with a trace).
    pub rate: f64,
    pub process: Process,
    /// Source queue capacity in packets (generator).
    pub queue_limit: usize,
    /// The NIC's input buffer, flits (two packets).
    pub buffer_flits: u32,
    /// The switch input buffer behind the NIC's link, flits.
    pub switch_buffer_flits: u32,
    /// In-order delivery through the reorder buffer.
    pub in_order: bool,
    pub ack: AckMode,
    /// Reorder buffer per destination NIC, bytes.
    pub reorder_bytes: u64,
    /// What one credit of the injection link stands for.
    pub credit: CreditUnit,
}

impl VctNicParams {
    /// Flits of a packet with `payload` bytes: one header flit plus the payload.
    pub fn flits(&self, payload: u32) -> u32 {
        1 + payload.div_ceil(self.flit_bytes)
    }
}

/// Packets-mode acknowledgements: each source's share of a destination's reorder buffer.
pub fn ack_window(reorder_bytes: u64, hosts: usize) -> u64 {
    reorder_bytes / (hosts.max(2) as u64 - 1)
}

/// Payload of an acknowledgement packet, bytes.
pub const ACK_BYTES: u32 = 8;

/// End-to-end state shared by the NICs in the ideal (free acknowledgement) mode: bytes sent to
/// each destination and not yet delivered there in order.
#[derive(Debug, Clone, Default)]
pub struct E2e {
    pub outstanding: Vec<u64>,
}

/// One NIC.
#[derive(Debug, Clone)]
pub struct VctNic {
    /// Host, injection process, random stream and flit counters.
    pub core: NicCore,
    p: VctNicParams,
    acks_out: VecDeque<u32>,
    credits: CreditCounter,
    /// Packet being sent: (id, next flit, flits).
    sending: Option<(u32, u32, u32)>,
    rx: FlitRuns,
    rx_idx: u32,
    /// Flits of the packet the receive engine is taking (known from its header flit).
    rx_len: u32,
    pub reorder: ReorderBuffer,
    seq_out: HashMap<u32, u32>,
    /// Packets-mode acknowledgements: bytes outstanding per destination, and the share.
    window_used: HashMap<u32, u64>,
    window: u64,
    /// Cycles the head packet waited for the destination's buffer (end-to-end control).
    pub e2e_stalls: u64,
    /// In-order delivery, checked at the host: the next sequence number each source's packets
    /// must bring, and the packets that did not (must stay 0).
    next_to_host: HashMap<u32, u32>,
    pub order_errors: u64,
    in_link: u32,
    out_link: u32,
    delivered_now: Vec<u32>,
    /// This cycle it drove a flit to its switch, and a credit back to it.
    drove: (bool, bool),
}

impl VctNic {
    /// A NIC for `host` of `hosts`, receiving on `in_link` and sending on `out_link`.
    pub fn new(
        host: usize,
        hosts: usize,
        p: VctNicParams,
        in_link: u32,
        out_link: u32,
        mut rng: ChaCha8Rng,
    ) -> Self {
        let src = Injector::new(
            p.rate,
            p.payload_bytes,
            p.flits(p.payload_bytes) - 1,
            p.process,
            p.queue_limit,
            &mut rng,
        );
        VctNic {
            core: NicCore::new(host, src, rng),
            p,
            acks_out: VecDeque::new(),
            credits: CreditCounter::new(p.credit.buffer_units(p.switch_buffer_flits)),
            sending: None,
            rx: FlitRuns::new(p.buffer_flits),
            rx_idx: 0,
            rx_len: 0,
            reorder: ReorderBuffer::new(p.reorder_bytes),
            seq_out: HashMap::new(),
            window_used: HashMap::new(),
            window: ack_window(p.reorder_bytes, hosts),
            e2e_stalls: 0,
            next_to_host: HashMap::new(),
            order_errors: 0,
            in_link,
            out_link,
            delivered_now: Vec::with_capacity(16),
            drove: (false, false),
        }
    }

    /// A packet of `payload` bytes to `dst` (part of message `msg`) enters the source queue.
    pub fn enqueue(
        &mut self,
        now: u64,
        dst: u32,
        payload: u32,
        msg: u32,
        cx: &mut Ctx<'_, VctFamily>,
    ) {
        let id = alloc(
            &mut self.seq_out,
            &self.p,
            self.core.host,
            now,
            dst,
            payload,
            msg,
            cx,
        );
        self.core.src.gen.queue.push_back(id);
    }

    /// May the head packet `id` be injected now (end-to-end control of in-order delivery)?
    fn e2e_allows(&self, id: u32, cx: &Ctx<'_, VctFamily>) -> bool {
        if !self.p.in_order {
            return true;
        }
        let p = cx.packets.header(id);
        let b = p.payload as u64;
        match self.p.ack {
            AckMode::Free => cx.shared.outstanding[p.dst as usize] + b <= self.p.reorder_bytes,
            AckMode::Packets => {
                self.window_used.get(&p.dst).copied().unwrap_or(0) + b <= self.window
            }
        }
    }

    /// Evaluate one cycle; returns the flits that moved.
    #[inline(always)]
    pub fn eval(&mut self, now: u64, cx: &mut Ctx<'_, VctFamily>) -> u32 {
        self.eval_ports(now, cx, (1, 1))
    }

    /// Evaluate one cycle reading only the link ends that receive: a flit when bit 0 of
    /// `flits_in` is set, a credit when bit 0 of `credits_in` is.
    #[inline(always)]
    pub fn eval_ports(
        &mut self,
        now: u64,
        cx: &mut Ctx<'_, VctFamily>,
        (flits_in, credits_in): crate::fabric::sleep::Arrivals,
    ) -> u32 {
        let mut moved = 0;
        self.drove = (false, false);
        let credit = match (credits_in & 1 != 0 && self.out_link != NO_LINK)
            .then(|| cx.links[self.out_link as usize].back().recv(now))
            .flatten()
        {
            Some(FlowCtl::Credit { n, .. }) => n as u32,
            _ => 0,
        };
        if let Some(f) = (flits_in & 1 != 0)
            .then(|| cx.links[self.in_link as usize].fwd().recv(now))
            .flatten()
        {
            self.rx_idx = if f.is_head() { 0 } else { self.rx_idx + 1 };
            self.rx.push(f.pkt, self.rx_idx);
        }
        // packets from the generator or the trace
        let (host, dests) = (self.core.host, cx.dests);
        let (seq_out, p) = (&mut self.seq_out, &self.p);
        cx.stats.suppressed += self.core.poll(now, dests, |dst, bytes, msg| {
            alloc(seq_out, p, host, now, dst, bytes, msg, cx)
        });
        // send engine: acknowledgements first, then the source queue in order
        if self.sending.is_none() {
            let next = if let Some(&a) = self.acks_out.front() {
                Some((a, true))
            } else {
                self.core.src.gen.queue.front().map(|&id| (id, false))
            };
            if let Some((id, is_ack)) = next {
                let flits = cx.packets.header(id).flits;
                if self.credits.credits() >= self.p.credit.packet_units(flits) {
                    if is_ack || self.e2e_allows(id, cx) {
                        if is_ack {
                            self.acks_out.pop_front();
                        } else {
                            self.core.src.gen.queue.pop_front();
                            let p = &mut cx.packets.get_mut(id).h;
                            p.inject_cycle = now;
                            if self.p.in_order {
                                let (dst, b) = (p.dst, p.payload as u64);
                                match self.p.ack {
                                    AckMode::Free => cx.shared.outstanding[dst as usize] += b,
                                    AckMode::Packets => {
                                        *self.window_used.entry(dst).or_insert(0) += b
                                    }
                                }
                            }
                        }
                        self.sending = Some((id, 0, flits));
                    } else {
                        self.e2e_stalls += 1;
                    }
                }
            }
        }
        let mut used = 0;
        if let Some((id, idx, flits)) = self.sending {
            let need = self.p.credit.consume_at(idx);
            if self.credits.credits() >= need {
                let mut flags = 0;
                if idx == 0 {
                    flags |= Flit::HEAD;
                }
                if idx + 1 == flits {
                    flags |= Flit::TAIL;
                }
                cx.links[self.out_link as usize].send(
                    now,
                    Flit {
                        pkt: id,
                        data: 0,
                        flags,
                        vc: 0,
                        ..Flit::default()
                    },
                );
                used = need;
                moved += 1;
                self.drove.0 = true;
                self.core.injected_flits += 1;
                self.sending = (idx + 1 < flits).then_some((id, idx + 1, flits));
            }
        }
        self.credits.cycle_units(used, credit);
        // receive engine: one flit per cycle, its credits back to the switch
        if let Some((pkt, idx)) = self.rx.pop() {
            if idx == 0 {
                self.rx_len = cx.packets.header(pkt).flits;
            }
            let flits = self.rx_len;
            let n = self.p.credit.release_at(idx, flits);
            if n > 0 {
                let c = FlowCtl::Credit { vc: 0, n: n as u8 };
                cx.links[self.in_link as usize].back().send(now, c);
                self.drove.1 = true;
            }
            self.core.ejected_flits += 1;
            moved += 1;
            if idx + 1 == flits {
                self.arrive(now, pkt, cx);
            }
        }
        moved
    }

    /// The tail of `pkt` arrived at cycle `now`.
    fn arrive(&mut self, now: u64, pkt: u32, cx: &mut Ctx<'_, VctFamily>) {
        let p = *cx.packets.get(pkt);
        if p.h.dst as usize != self.core.host {
            cx.stats.misdelivered += 1;
        }
        if p.x.ack {
            cx.stats.acks += 1;
            cx.stats.ack_flits += p.h.flits as u64;
            if let Some(u) = self.window_used.get_mut(&p.h.src) {
                *u -= p.x.acked as u64;
            }
            cx.packets.release(pkt);
            return;
        }
        cx.packets.get_mut(pkt).h.arrive_cycle = now;
        if !self.p.in_order {
            self.deliver(now, pkt, cx);
            return;
        }
        let mut out = std::mem::take(&mut self.delivered_now);
        self.reorder
            .arrive(p.h.src, p.x.seq, pkt, p.h.payload, |d| out.push(d));
        for &d in &out {
            self.deliver(now, d, cx);
        }
        out.clear();
        self.delivered_now = out;
    }

    /// Packet `id` goes to the host at cycle `now`.
    fn deliver(&mut self, now: u64, id: u32, cx: &mut Ctx<'_, VctFamily>) {
        let p = *cx.packets.get(id);
        if self.p.in_order {
            // the host sees each source's packets in sequence: no gap, no step back
            let next = self.next_to_host.entry(p.h.src).or_insert(0);
            self.order_errors += (p.x.seq != *next) as u64;
            *next = p.x.seq + 1;
        }
        cx.stats.delivered(now, &p.h, p.h.flits - 1);
        self.release_e2e(&p.h, cx);
        if p.h.msg != NO_MSG {
            cx.delivered_msgs.push(p.h.msg);
        }
        cx.packets.release(id);
    }

    fn release_e2e(&mut self, p: &Header, cx: &mut Ctx<'_, VctFamily>) {
        if !self.p.in_order {
            return;
        }
        match self.p.ack {
            AckMode::Free => cx.shared.outstanding[p.dst as usize] -= p.payload as u64,
            AckMode::Packets => {
                let ack = cx.packets.alloc(Packet {
                    h: Header {
                        src: self.core.host as u32,
                        dst: p.src,
                        payload: ACK_BYTES,
                        flits: self.p.flits(ACK_BYTES),
                        msg: NO_MSG,
                        ..Default::default()
                    },
                    x: VctExt {
                        ack: true,
                        acked: p.payload,
                        ..Default::default()
                    },
                });
                self.acks_out.push_back(ack);
            }
        }
    }

    /// Flits in the NIC's input buffer.
    pub fn flits_buffered(&self) -> u64 {
        self.rx.len() as u64
    }

    /// Packets waiting in the source queue (and acknowledgements to send).
    pub fn queued(&self) -> usize {
        self.core.src.queued() + self.acks_out.len()
    }
}

/// A new packet of `bytes` from `host` to `dst` (message `msg`), numbered in the sequence of
/// its destination, in the packet table.
#[allow(clippy::too_many_arguments)]
fn alloc(
    seq_out: &mut HashMap<u32, u32>,
    p: &VctNicParams,
    host: usize,
    now: u64,
    dst: u32,
    bytes: u32,
    msg: u32,
    cx: &mut Ctx<'_, VctFamily>,
) -> u32 {
    let seq = seq_out.entry(dst).or_insert(0);
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
        x: VctExt {
            seq: *seq,
            ..Default::default()
        },
    });
    *seq += 1;
    cx.stats.count_generated(now);
    id
}

impl Nic<VctFamily> for VctNic {
    #[inline]
    fn eval(&mut self, now: u64, cx: &mut Ctx<'_, VctFamily>) -> u32 {
        VctNic::eval(self, now, cx)
    }

    #[inline]
    fn eval_arrivals(
        &mut self,
        now: u64,
        cx: &mut Ctx<'_, VctFamily>,
        arrivals: crate::fabric::sleep::Arrivals,
    ) -> u32 {
        self.eval_ports(now, cx, arrivals)
    }

    fn enqueue(&mut self, now: u64, dst: u32, bytes: u32, msg: u32, cx: &mut Ctx<'_, VctFamily>) {
        VctNic::enqueue(self, now, dst, bytes, msg, cx)
    }

    fn core(&self) -> &NicCore {
        &self.core
    }

    fn core_mut(&mut self) -> &mut NicCore {
        &mut self.core
    }

    fn flits_buffered(&self) -> u64 {
        VctNic::flits_buffered(self)
    }

    /// Queued packets wait on credits or on the end-to-end window; if nothing moves while
    /// they wait, the network is stuck.
    fn waiting(&self) -> usize {
        self.queued()
    }

    /// Busy while a packet is queued (an acknowledgement included), being sent or received;
    /// otherwise asleep until the injection process's next packet.
    fn wake_at(&self) -> u64 {
        if self.sending.is_some() || self.queued() > 0 || !self.rx.is_empty() {
            return 0;
        }
        self.core.src.next_due()
    }

    fn drove(&self) -> (bool, bool) {
        self.drove
    }

    fn errors(&self) -> Health {
        Health {
            overflows: self.rx.overflows + self.reorder.overflows,
            credit_errors: self.credits.underflows + self.credits.overflows,
            route_errors: 0,
            order_errors: self.order_errors,
        }
    }
}

impl Probe for VctNic {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("send");
        v.int("queued", self.core.src.queued() as i64);
        v.int("pkt", self.sending.map_or(-1, |s| s.0 as i64));
        v.int("credits", self.credits.credits() as i64);
        v.up();
        v.scope("recv");
        v.bits("level", 32, self.rx.len() as u64);
        v.up();
        v.scope("reorder");
        v.int("bytes", self.reorder.bytes as i64);
        v.int("packets", self.reorder.packets as i64);
        v.up();
    }
}
