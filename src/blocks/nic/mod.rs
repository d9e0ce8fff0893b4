//! Myrinet network interface card (seed 000 §4.5): message generator, routing table, send DMA,
//! receive DMA, and the stop/go ends of its link to the switch.
//!
//! Per cycle: the stop/go register and the input slack buffer take what the link brings; the
//! generator may enqueue a message in host memory; the send DMA starts the oldest queued packet
//! or drives its next flit; the receive DMA copies one flit to host memory and delivers the
//! packet at its tail; the input slack buffer decides its stop/go symbol.

pub mod generator;
pub mod recv_dma;
pub mod routing_table;
pub mod send_dma;

use crate::blocks::link::Link;
use crate::blocks::myrinet_switch::NO_LINK;
use crate::blocks::slack_buffer::{SlackParams, StopGoSender};
use crate::fabric::packet::{Packet, PacketTable};
use crate::sim::{Probe, ProbeVisitor};
use crate::stats::Collector;
use crate::traffic::pattern::DestTable;
use generator::{MessageGenerator, Process};
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
}

/// One NIC.
#[derive(Debug, Clone)]
pub struct Nic {
    pub host: usize,
    p: NicParams,
    pub gen: MessageGenerator,
    pub send: SendDma,
    pub recv: RecvDma,
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
            cx.stats.generated += 1;
            self.gen.queue.push_back(id);
        }
        // send DMA
        if self.send.pkt().is_none() {
            if let Some(id) = self.gen.queue.pop_front() {
                self.send.start(now, id);
            }
        }
        if let Some(id) = self.send.pkt() {
            let dst = cx.packets.get(id).dst as usize;
            let route = cx.table.route(self.host, dst);
            if let Some(f) = self
                .send
                .step(now, self.sg.can_send(), route, self.p.payload)
            {
                if f.is_head() {
                    cx.packets.get_mut(id).inject_cycle = now;
                }
                cx.links[self.out_link as usize].send(now, f);
                self.injected_flits += 1;
                moved += 1;
            }
        }
        // receive DMA
        let before = self.recv.flits;
        if let Some(tail) = self.recv.step() {
            self.deliver(now, tail.pkt, cx);
        }
        let copied = (self.recv.flits - before) as u32;
        self.ejected_flits += copied as u64;
        moved += copied;
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
            st.hops_sum += p.route_len.saturating_sub(1) as u64;
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
        v.scope("recv_dma");
        v.text("state", self.recv.state_name());
        v.int("pkt", self.recv.pkt);
        v.scope("slack");
        self.recv.slack.probe(v);
        v.up();
        v.up();
    }
}
