//! Myrinet network interface card (seed 000 §4.5): message generator, routing table, send DMA,
//! receive DMA, and the stop/go ends of its link to the switch.
//!
//! Per cycle: the stop/go register and the input slack buffer take what the link brings; the
//! generator may enqueue a message in host memory; the send DMA starts the oldest queued packet
//! or drives its next flit; the receive DMA copies one flit to host memory and delivers the
//! packet at its tail; the input slack buffer decides its stop/go symbol.

use super::{MyrinetExt, MyrinetFamily};
use crate::blocks::link::NO_LINK;
use crate::blocks::nic::itb::{ItbEngine, ItbParams};
use crate::blocks::nic::recv_dma::RecvDma;
use crate::blocks::nic::send_dma::SendDma;
use crate::blocks::slack_buffer::{SlackParams, StopGoSender};
use crate::fabric::{Ctx, Health, Nic, NicCore};
use crate::routing::ITB_MARK;
use crate::sim::packet::{Header, Packet};
use crate::sim::{Probe, ProbeVisitor};
use crate::traffic::injection::{Injector, Process};
use rand_chacha::ChaCha8Rng;

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
pub struct MyrinetNic {
    /// Host, injection process, random stream and flit counters.
    pub core: NicCore,
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
    /// This cycle it drove a flit to its switch, and a stop/go symbol back to it.
    drove: (bool, bool),
}

impl MyrinetNic {
    /// A NIC for `host` receiving on link `in_link` and sending on `out_link`.
    pub fn new(
        host: usize,
        p: NicParams,
        in_link: u32,
        out_link: u32,
        mut rng: ChaCha8Rng,
    ) -> Self {
        let src = Injector::new(
            p.rate,
            p.payload,
            p.payload,
            p.process,
            p.queue_limit,
            &mut rng,
        );
        MyrinetNic {
            core: NicCore::new(host, src, rng),
            send: SendDma::new(p.load_cycles),
            recv: RecvDma::new(p.slack, p.recv_bytes_per_cycle),
            itb: ItbEngine::new(p.itb),
            rx_itb: false,
            now: 0,
            sg: StopGoSender::default(),
            in_link,
            out_link,
            drove: (false, false),
        }
    }

    /// Evaluate one cycle; returns the number of flits that moved.
    #[inline(always)]
    pub fn eval(&mut self, now: u64, cx: &mut Ctx<'_, MyrinetFamily>) -> u32 {
        let mut moved = 0;
        self.now = now;
        self.drove = (false, false);
        if self.out_link != NO_LINK {
            self.sg
                .receive(cx.links[self.out_link as usize].back().recv(now));
        }
        if self.in_link != NO_LINK {
            if let Some(f) = cx.links[self.in_link as usize].fwd().recv(now) {
                self.recv.slack.accept(f);
            }
        }
        // message generator (or trace)
        let (host, dests) = (self.core.host, cx.dests);
        cx.stats.suppressed += self.core.poll(now, dests, |dst, bytes, msg| {
            alloc(now, host, dst, bytes, msg, cx)
        });
        // send DMA: in-transit packets first (re-injected as soon as possible, seed 000 §3)
        self.itb.step(now);
        if self.send.pkt().is_none() {
            if let Some(t) = self.itb.ready(now) {
                self.send.start_forward(t.pkt, t.len);
            } else if let Some(id) = self.core.src.gen.queue.pop_front() {
                self.send.start(now, id);
            }
        }
        if let Some(id) = self.send.pkt() {
            let p = *cx.packets.get(id);
            let (src, dst) = (p.h.src as usize, p.h.dst as usize);
            let route = cx.shared.route(src, dst).skip(p.x.route_off as usize);
            // cut-through re-injection never overtakes the flits still arriving
            let avail = match self.send.next() {
                Some((idx, true)) => self.itb.available(idx),
                _ => true,
            };
            let fwd = matches!(self.send.next(), Some((_, true)));
            if let Some(f) = self
                .send
                .step(now, self.sg.can_send() && avail, route, p.h.payload)
            {
                if f.is_head() && !fwd {
                    cx.packets.get_mut(id).h.inject_cycle = now;
                }
                if fwd {
                    self.itb.sent_one(f.is_tail());
                }
                cx.links[self.out_link as usize].send(now, f);
                self.drove.0 = true;
                self.core.injected_flits += 1;
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
            self.core.ejected_flits += 1;
            moved += 1;
            if f.is_head() {
                self.rx_itb = f.data == ITB_MARK && !f.is_tail();
                if self.rx_itb {
                    // the mark is removed; the rest of the header is the next sub-route
                    let p = cx.packets.get_mut(f.pkt);
                    let full = cx.shared.route(p.h.src as usize, p.h.dst as usize);
                    let off = p.x.route_off as usize;
                    let m = full.skip(off).position(ITB_MARK).map(|i| off + i);
                    let Some(m) = m else {
                        cx.stats.misdelivered += 1;
                        self.rx_itb = false;
                        continue;
                    };
                    p.x.route_off = m as u32 + 1;
                    p.x.itbs += 1;
                    let len = (full.len() - m - 1) as u32 + p.h.payload;
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
                cx.links[self.in_link as usize].back().send(now, s);
                self.drove.1 = true;
            }
        }
        moved
    }

    fn deliver(&mut self, now: u64, id: u32, cx: &mut Ctx<'_, MyrinetFamily>) {
        let p = cx.packets.get_mut(id);
        p.h.arrive_cycle = now;
        let p = *p;
        if p.h.dst as usize != self.core.host {
            cx.stats.misdelivered += 1;
        }
        if cx.stats.delivered(now, &p.h, p.h.payload) {
            cx.stats.hops_sum += p.x.route_len.saturating_sub(1 + 2 * p.x.itbs) as u64;
            cx.stats.itbs_sum += p.x.itbs as u64;
        }
        if p.h.msg != crate::sim::packet::NO_MSG {
            cx.delivered_msgs.push(p.h.msg);
        }
        cx.packets.release(id);
    }

    /// Flits in the NIC's input buffer.
    pub fn flits_buffered(&self) -> usize {
        self.recv.slack.level()
    }

    /// Packets waiting in the source queue (not yet being sent).
    pub fn queued(&self) -> usize {
        self.core.src.queued()
    }
}

/// A new packet of `bytes` from `host` to `dst` (message `msg`) in the packet table.
fn alloc(
    now: u64,
    host: usize,
    dst: u32,
    bytes: u32,
    msg: u32,
    cx: &mut Ctx<'_, MyrinetFamily>,
) -> u32 {
    let route_len = cx.shared.route(host, dst as usize).len() as u32;
    let id = cx.packets.alloc(Packet {
        h: Header {
            src: host as u32,
            dst,
            payload: bytes,
            flits: route_len + bytes,
            gen_cycle: now,
            measured: now >= cx.stats.warmup,
            msg,
            ..Default::default()
        },
        x: MyrinetExt {
            route_len,
            ..Default::default()
        },
    });
    cx.stats.count_generated(now);
    id
}

impl Nic<MyrinetFamily> for MyrinetNic {
    #[inline]
    fn eval(&mut self, now: u64, cx: &mut Ctx<'_, MyrinetFamily>) -> u32 {
        MyrinetNic::eval(self, now, cx)
    }

    fn enqueue(
        &mut self,
        now: u64,
        dst: u32,
        bytes: u32,
        msg: u32,
        cx: &mut Ctx<'_, MyrinetFamily>,
    ) {
        let id = alloc(now, self.core.host, dst, bytes, msg, cx);
        self.core.src.gen.queue.push_back(id);
    }

    fn core(&self) -> &NicCore {
        &self.core
    }

    fn core_mut(&mut self) -> &mut NicCore {
        &mut self.core
    }

    fn flits_buffered(&self) -> u64 {
        MyrinetNic::flits_buffered(self) as u64
    }

    /// A Myrinet NIC with queued packets sends unless its link is stopped, and a stop means
    /// flits sit in a buffer downstream — flits in the network, which the watchdog counts.
    fn waiting(&self) -> usize {
        0
    }

    /// Busy while a packet is queued, loaded or sent, an in-transit packet is held, or its
    /// slack buffer holds a flit or holds the switch stopped; otherwise asleep until the
    /// injection process's next packet (a packet half received waits for its flits).
    fn wake_at(&self) -> u64 {
        if self.queued() > 0
            || self.send.pkt().is_some()
            || !self.itb.is_empty()
            || !self.recv.slack.is_empty()
            || self.recv.slack.is_stopped()
        {
            return 0;
        }
        self.core.src.next_due()
    }

    fn drove(&self) -> (bool, bool) {
        self.drove
    }

    fn errors(&self) -> Health {
        Health {
            overflows: self.recv.slack.overflows,
            ..Default::default()
        }
    }
}

impl Probe for MyrinetNic {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.scope("gen");
        v.int("queued", self.core.src.queued() as i64);
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
