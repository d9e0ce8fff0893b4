//! Myrinet network interface card (seed 000 §4.5): message generator, routing table, send DMA,
//! receive DMA, and the stop/go ends of its link to the switch.
//!
//! Per cycle: the stop/go register and the input slack buffer take what the link brings; the
//! generator may enqueue a message in host memory; the send DMA starts the oldest queued packet
//! or drives its next flit; the receive DMA copies one flit to host memory and delivers the
//! packet at its tail; the input slack buffer decides its stop/go symbol.

pub mod generator;
pub mod itb;
pub mod recv_dma;
pub mod reorder;
pub mod routing_table;
pub mod send_dma;

use crate::blocks::link::Link;
use crate::blocks::myrinet_switch::NO_LINK;
use crate::blocks::slack_buffer::{SlackParams, StopGoSender};
use crate::fabric::packet::{Packet, PacketTable};
use crate::routing::ITB_MARK;
use crate::sim::{Probe, ProbeVisitor};
use crate::stats::Collector;
use crate::traffic::pattern::DestTable;
use generator::{MessageGenerator, Process};
use itb::{ItbEngine, ItbParams};
use rand_chacha::ChaCha8Rng;
use recv_dma::RecvDma;
use routing_table::RoutingTable;
use send_dma::SendDma;

/// NIC parameters.
#[derive(Debug, Clone, Copy)]
pub struct NicParams {
    /// Message payload in bytes (= flits).
    pub payload: u32,
    /// Offered load, payload flits per cycle.
    pub rate: f64,
    pub process: Process,
    /// Source queue capacity in messages.
    pub queue_limit: usize,
    /// Cycles to load a packet into NIC memory before sending.
    pub load_cycles: u32,
    /// Receive DMA drain rate.
    pub recv_bytes_per_cycle: u32,
    /// The NIC's input slack buffer.
    pub slack: SlackParams,
    /// In-transit buffer engine.
    pub itb: ItbParams,
}

/// One NIC.
#[derive(Debug, Clone)]
pub struct Nic {
    pub host: usize,
    p: NicParams,
    pub gen: MessageGenerator,
    pub send: SendDma,
    pub recv: RecvDma,
    pub itb: ItbEngine,
    /// The packet being received is in transit (its header was an ITB mark).
    rx_itb: bool,
    /// The last evaluated cycle (for waveform state names).
    now: u64,
    sg: StopGoSender,
    in_link: u32,
    out_link: u32,
    rng: ChaCha8Rng,
    /// Flits driven onto the network.
    pub injected_flits: u64,
    /// Flits copied to host memory.
    pub ejected_flits: u64,
}

/// What a NIC's evaluation needs from the network.
pub struct NicCtx<'a> {
    pub links: &'a mut [Link],
    pub packets: &'a mut PacketTable,
    pub table: &'a RoutingTable,
    pub dests: &'a DestTable,
    pub stats: &'a mut Collector,
}

impl Nic {
    /// A NIC for `host` receiving on link `in_link` and sending on `out_link`.
    pub fn new(
        host: usize,
        p: NicParams,
        in_link: u32,
        out_link: u32,
        mut rng: ChaCha8Rng,
    ) -> Self {
        let gen = MessageGenerator::new(p.rate, p.payload, p.process, p.queue_limit, &mut rng);
        Nic {
            host,
            p,
            gen,
            send: SendDma::new(p.load_cycles),
            recv: RecvDma::new(p.slack, p.recv_bytes_per_cycle),
            itb: ItbEngine::new(p.itb),
            rx_itb: false,
            now: 0,
            sg: StopGoSender::default(),
            in_link,
            out_link,
            rng,
            injected_flits: 0,
            ejected_flits: 0,
        }
    }

    /// Evaluate one cycle; returns the number of flits that moved.
    pub fn eval(&mut self, now: u64, cx: &mut NicCtx<'_>) -> u32 {
        let mut moved = 0;
        self.now = now;
        if self.out_link != NO_LINK {
            self.sg
                .receive(cx.links[self.out_link as usize].back.recv(now));
        }
        if self.in_link != NO_LINK {
            if let Some(f) = cx.links[self.in_link as usize].fwd.recv(now) {
                self.recv.slack.accept(f);
            }
        }
        // message generator
        for _ in 0..self.gen.due(now, &mut self.rng) {
            let Some(dst) = cx.dests.pick(self.host, &mut self.rng) else {
                continue;
            };
            if !self.gen.has_room() {
                cx.stats.suppressed += 1;
                continue;
            }
            let route_len = cx.table.route(self.host, dst).len() as u32;
            let id = cx.packets.alloc(Packet {
                src: self.host as u32,
                dst: dst as u32,
                payload: self.p.payload,
                route_len,
                gen_cycle: now,
                measured: now >= cx.stats.warmup,
                ..Default::default()
            });
            cx.stats.count_generated(now);
            self.gen.queue.push_back(id);
        }
        // send DMA: in-transit packets first (re-injected as soon as possible, seed 000 §3)
        self.itb.step(now);
        if self.send.pkt().is_none() {
            if let Some(t) = self.itb.ready(now) {
                self.send.start_forward(t.pkt, t.len);
            } else if let Some(id) = self.gen.queue.pop_front() {
                self.send.start(now, id);
            }
        }
        if let Some(id) = self.send.pkt() {
            let p = *cx.packets.get(id);
            let route = &cx.table.route(p.src as usize, p.dst as usize)[p.route_off as usize..];
            // cut-through re-injection never overtakes the flits still arriving
            let avail = match self.send.next() {
                Some((idx, true)) => self.itb.available(idx),
                _ => true,
            };
            let fwd = matches!(self.send.next(), Some((_, true)));
            if let Some(f) = self
                .send
                .step(now, self.sg.can_send() && avail, route, p.payload)
            {
                if f.is_head() && !fwd {
                    cx.packets.get_mut(id).inject_cycle = now;
                }
                if fwd {
                    self.itb.sent_one(f.is_tail());
                }
                cx.links[self.out_link as usize].send(now, f);
                self.injected_flits += 1;
                moved += 1;
            }
        }
        // receive DMA: to host memory, or to the ITB pool for in-transit packets
        for _ in 0..self.recv.rate() {
            // a marked header waits while the ITB engine has no free descriptor
            let marked = |f: &crate::sim::Flit| f.is_head() && f.data == ITB_MARK && !f.is_tail();
            if self.itb.is_full() && self.recv.slack.front().is_some_and(marked) {
                self.itb.descriptor_stalls += 1;
                break;
            }
            let Some(f) = self.recv.pop() else { break };
            self.ejected_flits += 1;
            moved += 1;
            if f.is_head() {
                self.rx_itb = f.data == ITB_MARK && !f.is_tail();
                if self.rx_itb {
                    // the mark is removed; the rest of the header is the next sub-route
                    let p = cx.packets.get_mut(f.pkt);
                    let full = cx.table.route(p.src as usize, p.dst as usize);
                    let off = p.route_off as usize;
                    let m = full[off..]
                        .iter()
                        .position(|&b| b == ITB_MARK)
                        .map(|i| off + i);
                    let Some(m) = m else {
                        cx.stats.misdelivered += 1;
                        self.rx_itb = false;
                        continue;
                    };
                    p.route_off = m as u32 + 1;
                    p.itbs += 1;
                    let len = (full.len() - m - 1) as u32 + p.payload;
                    self.itb.start(now, f.pkt, len);
                    continue;
                }
            }
            if self.rx_itb {
                self.itb.receive(now, f.is_tail());
                if f.is_tail() {
                    self.rx_itb = false;
                }
            } else if f.is_tail() {
                self.deliver(now, f.pkt, cx);
            }
        }
        if self.in_link != NO_LINK {
            if let Some(s) = self.recv.slack.flow_control() {
                cx.links[self.in_link as usize].back.send(now, s);
            }
        }
        moved
    }

    fn deliver(&mut self, now: u64, id: u32, cx: &mut NicCtx<'_>) {
        let p = *cx.packets.get(id);
        let st = &mut *cx.stats;
        st.delivered += 1;
        if p.dst as usize != self.host {
            st.misdelivered += 1;
        }
        if now >= st.warmup {
            st.window_flits += p.payload as u64;
            st.window_msgs += 1;
        }
        if p.measured {
            let lat = now + 1 - p.gen_cycle;
            st.measured_msgs += 1;
            st.lat_sum += lat as u128;
            st.net_lat_sum += (now + 1 - p.inject_cycle) as u128;
            st.lat_max = st.lat_max.max(lat);
            st.hops_sum += p.route_len.saturating_sub(1 + 2 * p.itbs) as u64;
            st.itbs_sum += p.itbs as u64;
        }
        cx.packets.release(id);
    }

    /// Flits in the NIC's input buffer.
    pub fn flits_buffered(&self) -> usize {
        self.recv.slack.level()
    }

    /// Messages waiting in the source queue (not yet being sent).
    pub fn queued(&self) -> usize {
        self.gen.queue.len()
    }
}

impl Probe for Nic {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("gen");
        v.int("queued", self.gen.queue.len() as i64);
        v.up();
        v.scope("send_dma");
        v.text("state", self.send.state.name());
        v.int("pkt", self.send.pkt().map(|p| p as i64).unwrap_or(-1));
        v.flag("go", self.sg.can_send());
        v.up();
        v.scope("itb");
        v.text("state", self.itb.state(self.now).name());
        v.int("pkt", self.itb.front_pkt());
        v.int("pool_bytes", self.itb.pool_used as i64);
        v.int("queued", self.itb.len() as i64);
        v.int("spills", self.itb.spills as i64);
        v.up();
        v.scope("recv_dma");
        v.text("state", self.recv.state_name());
        v.int("pkt", self.recv.pkt);
        v.scope("slack");
        self.recv.slack.probe(v);
        v.up();
        v.up();
    }
}
