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

use super::credit::CreditCounter;
use super::link::Link;
use super::myrinet_switch::NO_LINK;
use super::nic::generator::{MessageGenerator, Process};
use super::nic::reorder::ReorderBuffer;
use crate::fabric::packet::{Packet, PacketTable, NO_MSG};
use crate::sim::runs::FlitRuns;
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor};
use crate::stats::Collector;
use crate::traffic::pattern::DestTable;
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, VecDeque};

/// How the sources learn that the destination delivered a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AckMode {
    /// Instantly and for free (the paper's ideal reorder mechanism); the sources of one
    /// destination share its whole buffer.
    Free,
    /// Real acknowledgement packets through the network; each source owns an equal share of
    /// the destination's buffer.
    Packets,
}

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

/// What a NIC's evaluation needs from the network.
pub struct VctNicCtx<'a> {
    pub links: &'a mut [Link],
    pub packets: &'a mut PacketTable,
    pub dests: &'a DestTable,
    pub stats: &'a mut Collector,
    pub e2e: &'a mut E2e,
    /// Messages of the packets delivered to hosts this cycle (closed-loop workloads).
    pub delivered_msgs: &'a mut Vec<u32>,
}

/// One NIC.
#[derive(Debug, Clone)]
pub struct VctNic {
    pub host: usize,
    p: VctNicParams,
    pub gen: MessageGenerator,
    /// Trace injections for this host, (cycle, destination, payload bytes, message), in time
    /// order.
    trace: Vec<(u64, u32, u32, u32)>,
    trace_next: usize,
    acks_out: VecDeque<u32>,
    credits: CreditCounter,
    /// Packet being sent: (id, next flit, flits).
    sending: Option<(u32, u32, u32)>,
    rx: FlitRuns,
    rx_idx: u32,
    pub reorder: ReorderBuffer,
    seq_out: HashMap<u32, u32>,
    /// Packets-mode acknowledgements: bytes outstanding per destination, and the share.
    window_used: HashMap<u32, u64>,
    window: u64,
    /// Cycles the head packet waited for the destination's buffer (end-to-end control).
    pub e2e_stalls: u64,
    in_link: u32,
    out_link: u32,
    rng: ChaCha8Rng,
    pub injected_flits: u64,
    pub ejected_flits: u64,
    delivered_now: Vec<u32>,
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
        let gen = MessageGenerator::new(
            p.rate,
            p.flits(p.payload_bytes) - 1,
            p.process,
            p.queue_limit,
            &mut rng,
        );
        VctNic {
            host,
            p,
            gen,
            trace: vec![],
            trace_next: 0,
            acks_out: VecDeque::new(),
            credits: CreditCounter::new(p.switch_buffer_flits),
            sending: None,
            rx: FlitRuns::new(p.buffer_flits),
            rx_idx: 0,
            reorder: ReorderBuffer::new(p.reorder_bytes),
            seq_out: HashMap::new(),
            window_used: HashMap::new(),
            window: ack_window(p.reorder_bytes, hosts),
            e2e_stalls: 0,
            in_link,
            out_link,
            rng,
            injected_flits: 0,
            ejected_flits: 0,
            delivered_now: Vec::with_capacity(16),
        }
    }

    /// Play `injections` (cycle, destination, payload bytes, message — [`NO_MSG`] for none;
    /// time ordered) instead of the generator.
    pub fn set_trace(&mut self, injections: Vec<(u64, u32, u32, u32)>) {
        self.gen.stop();
        self.trace = injections;
        self.trace_next = 0;
    }

    /// Trace injections not yet made.
    pub fn trace_left(&self) -> usize {
        self.trace.len() - self.trace_next
    }

    /// A packet of `payload` bytes to `dst` (part of message `msg`) enters the source queue.
    pub fn enqueue(&mut self, now: u64, dst: u32, payload: u32, msg: u32, cx: &mut VctNicCtx<'_>) {
        let seq = self.seq_out.entry(dst).or_insert(0);
        let id = cx.packets.alloc(Packet {
            src: self.host as u32,
            dst,
            payload,
            flits: self.p.flits(payload),
            seq: *seq,
            msg,
            gen_cycle: now,
            measured: now >= cx.stats.warmup,
            ..Default::default()
        });
        *seq += 1;
        cx.stats.count_generated(now);
        self.gen.queue.push_back(id);
    }

    /// May the head packet `id` be injected now (end-to-end control of in-order delivery)?
    fn e2e_allows(&self, id: u32, cx: &VctNicCtx<'_>) -> bool {
        if !self.p.in_order {
            return true;
        }
        let p = cx.packets.get(id);
        let b = p.payload as u64;
        match self.p.ack {
            AckMode::Free => cx.e2e.outstanding[p.dst as usize] + b <= self.p.reorder_bytes,
            AckMode::Packets => {
                self.window_used.get(&p.dst).copied().unwrap_or(0) + b <= self.window
            }
        }
    }

    /// Evaluate one cycle; returns the flits that moved.
    pub fn eval(&mut self, now: u64, cx: &mut VctNicCtx<'_>) -> u32 {
        let mut moved = 0;
        let credit = self.out_link != NO_LINK
            && cx.links[self.out_link as usize].back.recv(now) == Some(FlowCtl::Credit);
        if let Some(f) = cx.links[self.in_link as usize].fwd.recv(now) {
            self.rx_idx = if f.is_head() { 0 } else { self.rx_idx + 1 };
            self.rx.push(f.pkt, self.rx_idx);
        }
        // packets from the generator or the trace
        for _ in 0..self.gen.due(now, &mut self.rng) {
            let Some(dst) = cx.dests.pick(self.host, &mut self.rng) else {
                continue;
            };
            if !self.gen.has_room() {
                cx.stats.suppressed += 1;
                continue;
            }
            let payload = self.p.payload_bytes;
            self.enqueue(now, dst as u32, payload, NO_MSG, cx);
        }
        while let Some(&(t, dst, bytes, msg)) = self.trace.get(self.trace_next) {
            if t > now {
                break;
            }
            self.trace_next += 1;
            self.enqueue(now, dst, bytes, msg, cx);
        }
        // send engine: acknowledgements first, then the source queue in order
        if self.sending.is_none() {
            let next = if let Some(&a) = self.acks_out.front() {
                Some((a, true))
            } else {
                self.gen.queue.front().map(|&id| (id, false))
            };
            if let Some((id, is_ack)) = next {
                let flits = cx.packets.get(id).flits;
                if self.credits.credits() >= flits {
                    if is_ack || self.e2e_allows(id, cx) {
                        if is_ack {
                            self.acks_out.pop_front();
                        } else {
                            self.gen.queue.pop_front();
                            let p = cx.packets.get_mut(id);
                            p.inject_cycle = now;
                            if self.p.in_order {
                                let (dst, b) = (p.dst, p.payload as u64);
                                match self.p.ack {
                                    AckMode::Free => cx.e2e.outstanding[dst as usize] += b,
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
        let mut sent = false;
        if let Some((id, idx, flits)) = self.sending {
            if self.credits.credits() > 0 {
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
                    },
                );
                sent = true;
                moved += 1;
                self.injected_flits += 1;
                self.sending = (idx + 1 < flits).then_some((id, idx + 1, flits));
            }
        }
        self.credits.cycle(sent, credit);
        // receive engine: one flit per cycle, its credit back to the switch
        if let Some((pkt, idx)) = self.rx.pop() {
            cx.links[self.in_link as usize]
                .back
                .send(now, FlowCtl::Credit);
            self.ejected_flits += 1;
            moved += 1;
            if idx + 1 == cx.packets.get(pkt).flits {
                self.arrive(now, pkt, cx);
            }
        }
        moved
    }

    /// The tail of `pkt` arrived at cycle `now`.
    fn arrive(&mut self, now: u64, pkt: u32, cx: &mut VctNicCtx<'_>) {
        let p = *cx.packets.get(pkt);
        if p.dst as usize != self.host {
            cx.stats.misdelivered += 1;
        }
        if p.ack {
            cx.stats.acks += 1;
            cx.stats.ack_flits += p.flits as u64;
            if let Some(u) = self.window_used.get_mut(&p.src) {
                *u -= p.acked as u64;
            }
            cx.packets.release(pkt);
            return;
        }
        cx.packets.get_mut(pkt).arrive_cycle = now;
        if !self.p.in_order {
            self.deliver(now, pkt, cx);
            return;
        }
        let mut out = std::mem::take(&mut self.delivered_now);
        self.reorder
            .arrive(p.src, p.seq, pkt, p.payload, |d| out.push(d));
        for &d in &out {
            self.deliver(now, d, cx);
        }
        out.clear();
        self.delivered_now = out;
    }

    /// Packet `id` goes to the host at cycle `now`.
    fn deliver(&mut self, now: u64, id: u32, cx: &mut VctNicCtx<'_>) {
        let p = *cx.packets.get(id);
        let st = &mut *cx.stats;
        st.delivered += 1;
        st.last_delivery = now;
        if now >= st.warmup {
            st.window_flits += (p.flits - 1) as u64;
            st.window_msgs += 1;
        }
        if p.measured {
            let lat = now + 1 - p.gen_cycle;
            st.measured_msgs += 1;
            st.lat_sum += lat as u128;
            st.net_lat_sum += (p.arrive_cycle + 1 - p.inject_cycle) as u128;
            st.reorder_delay_sum += (now - p.arrive_cycle) as u128;
            st.lat_max = st.lat_max.max(lat);
        }
        self.release_e2e(&p, cx);
        if p.msg != NO_MSG {
            cx.delivered_msgs.push(p.msg);
        }
        cx.packets.release(id);
    }

    fn release_e2e(&mut self, p: &Packet, cx: &mut VctNicCtx<'_>) {
        if !self.p.in_order {
            return;
        }
        match self.p.ack {
            AckMode::Free => cx.e2e.outstanding[p.dst as usize] -= p.payload as u64,
            AckMode::Packets => {
                let ack = cx.packets.alloc(Packet {
                    src: self.host as u32,
                    dst: p.src,
                    payload: ACK_BYTES,
                    flits: self.p.flits(ACK_BYTES),
                    ack: true,
                    acked: p.payload,
                    msg: NO_MSG,
                    ..Default::default()
                });
                self.acks_out.push_back(ack);
            }
        }
    }

    /// Flits in the NIC's input buffer.
    pub fn flits_buffered(&self) -> u64 {
        self.rx.len() as u64
    }

    /// Input-buffer overflows (must be 0) and credit-protocol errors (must be 0).
    pub fn errors(&self) -> u64 {
        self.rx.overflows
            + self.credits.underflows
            + self.credits.overflows
            + self.reorder.overflows
    }

    /// Packets waiting in the source queue (and acknowledgements to send).
    pub fn queued(&self) -> usize {
        self.gen.queue.len() + self.acks_out.len()
    }
}

impl Probe for VctNic {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("send");
        v.int("queued", self.gen.queue.len() as i64);
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
