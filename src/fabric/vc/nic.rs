//! Network interface of the virtual-channel router family (a BookSim2 node as read in
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
//!
//! With `nic.in_order` the NIC is seed 004's sequenced NIC ([`seq`]): sequence numbers,
//! rearrange buffers, ACK/NACK packets and injection control; the send engine then asks it
//! what goes next, and the receive engine hands it every data packet's tail.

mod inject_vc;
mod receive;
pub mod seq;
mod voq;

use super::VcFamily;
use crate::blocks::credit::CreditUnit;
use crate::blocks::link::{Link, NO_LINK};
use crate::blocks::vc_credits::VcCredits;
use crate::fabric::{Ctx, Health, Nic, NicCore};
use crate::sim::packet::{Header, Packet, NO_MSG};
use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor};
use crate::traffic::injection::{Injector, Process};
use rand_chacha::ChaCha8Rng;
use seq::{Held, Kind, Next, SeqParams, Sequenced, VcExt};
use std::sync::Arc;

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
    /// `nic.inject_vc = "random"`: one VC drawn per cycle (BookSim2's source); false:
    /// round-robin over the free VCs.
    pub inject_random: bool,
    pub wait_for_tail_credit: bool,
    /// A head waits for room for its whole packet (virtual cut-through).
    pub cut_through: bool,
    pub credit: CreditUnit,
    /// The sequenced NIC of seed 004 (in-order delivery), if configured.
    pub seq: Option<SeqParams>,
    /// Virtual output queues at the source (`traffic.source_queues = "per-destination"`,
    /// [`voq`]); false: one FIFO source queue, one packet on the wire at a time.
    pub per_destination: bool,
}

impl VcNicParams {
    /// Flits of a packet of `payload` bytes: the header travels in the first flit, as in
    /// BookSim2 (a 20-flit packet is 20 flits on the wire).
    pub fn flits(&self, payload: u32) -> u32 {
        payload.div_ceil(self.flit_bytes).max(1)
    }
}

/// One NIC. Laid out for the cache: what every evaluation reads is its first line, its host,
/// flit counters and injection process's clock and source queue the second (the two the
/// kernel asks the cache for ahead of the NIC's turn), the injection link's credits the first
/// line of theirs; the parameters are the network's, one copy for every NIC.
#[derive(Debug, Clone)]
#[repr(C, align(64))]
pub struct VcNic {
    /// Packet being sent: (id, next flit, flits, VC).
    sending: Option<(u32, u32, u32, u8)>,
    in_link: u32,
    out_link: u32,
    /// The injection VC a packet started on last (the free VCs' round-robin), and the VC the
    /// per-destination engine sent a flit on last.
    last_vc: u8,
    send_rr: u8,
    /// Flit driven and taken this cycle (waveforms).
    sent: Option<Flit>,
    got: Option<Flit>,
    /// Seed 004's sequenced engine (boxed: most NICs have none).
    pub seq: Option<Box<Sequenced>>,
    p: Arc<VcNicParams>,
    pub core: NicCore,
    credits: VcCredits,
    /// Index of the next flit expected on every VC of the ejection link.
    rx_idx: [u32; 16],
    /// The per-destination engine's packets on the wire, one per injection VC (empty with a
    /// FIFO source).
    lanes: Vec<Option<voq::Lane>>,
    /// Seed of the injection VC drawn per cycle (`nic.inject_vc = "random"`).
    draw_seed: u64,
}

impl VcNic {
    /// The NIC of `host`, receiving on `in_link`, sending on `out_link`.
    pub fn new(
        host: usize,
        hosts: usize,
        p: Arc<VcNicParams>,
        in_link: u32,
        out_link: u32,
        mut rng: ChaCha8Rng,
    ) -> Self {
        // the injection VC's draws: from this host's seed, apart from its traffic's stream
        let s = rng.get_seed();
        let draw_seed =
            u64::from_le_bytes([s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]]) ^ 0x1a7_5eed;
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
            sending: None,
            last_vc: (p.vcs - 1) as u8,
            draw_seed,
            rx_idx: [0; 16],
            in_link,
            out_link,
            sent: None,
            got: None,
            seq: p.seq.map(|sp| Box::new(Sequenced::new(sp, hosts))),
            lanes: vec![None; if p.per_destination { p.vcs } else { 0 }],
            send_rr: 0,
            p,
        }
    }

    /// The injection link's credit counters hold the credits of the empty buffers behind it.
    pub fn credits_restored(&self) -> bool {
        (0..self.p.vcs).all(|v| self.credits.credits(v) == self.credits.size(v))
    }

    /// Evaluate one cycle; returns the flits that moved.
    #[inline(always)]
    pub fn eval(&mut self, now: u64, cx: &mut Ctx<'_, VcFamily>) -> u32 {
        self.eval_ports(now, cx, (1, 1))
    }

    /// Evaluate one cycle reading only the link ends that receive: a flit when bit 0 of
    /// `flits_in` is set, a credit when bit 0 of `credits_in` is.
    #[inline(always)]
    pub fn eval_ports(
        &mut self,
        now: u64,
        cx: &mut Ctx<'_, VcFamily>,
        (flits_in, credits_in): crate::fabric::sleep::Arrivals,
    ) -> u32 {
        let mut moved = 0;
        self.sent = None;
        self.got = None;
        if credits_in & 1 != 0 && self.out_link != NO_LINK {
            if let Some(FlowCtl::Credit { vc, n }) =
                cx.links[self.out_link as usize].back().recv(now)
            {
                self.credits.credit(vc as usize, n as u32);
            }
        }
        if flits_in & 1 != 0 && self.in_link != NO_LINK {
            if let Some(f) = cx.links[self.in_link as usize].fwd().recv(now) {
                moved += 1;
                self.receive(now, f, cx);
            }
        }
        let (host, dests) = (self.core.host, cx.dests);
        let (p, seq) = (&self.p, &mut self.seq);
        cx.stats.suppressed += self.core.poll(now, dests, |dst, bytes, msg| {
            alloc(p, seq.as_deref_mut(), host, now, dst, bytes, msg, cx)
        });
        if self.p.per_destination {
            if self.out_link != NO_LINK {
                moved += self.eval_voq(now, cx);
            }
            return moved;
        }
        // (a packet to start: one queued, or the sequenced engine's control or resend)
        let idle = self.sending.is_none();
        if idle & (self.seq.is_some() | !self.core.src.gen.queue.is_empty()) {
            self.start(now, cx);
        }
        if let Some((id, idx, flits, vc)) = self.sending {
            if self
                .credits
                .can_send(vc as usize, self.p.credit.consume_at(idx))
            {
                let tail = self.drive(now, id, idx, flits, vc, cx);
                moved += 1;
                self.sending = (!tail).then_some((id, idx + 1, flits, vc));
            }
        }
        moved
    }

    /// Flit `idx` of packet `id` (of `flits`) goes on the wire on `vc`, its credit spent;
    /// returns whether it was the tail.
    #[inline(always)]
    fn drive(
        &mut self,
        now: u64,
        id: u32,
        idx: u32,
        flits: u32,
        vc: u8,
        cx: &mut Ctx<'_, VcFamily>,
    ) -> bool {
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
            ..Flit::default()
        };
        cx.links[self.out_link as usize].send(now, f);
        self.credits
            .send(vc as usize, self.p.credit.consume_at(idx), tail);
        self.sent = Some(f);
        self.core.injected_flits += 1;
        tail
    }

    /// Start the next packet — the oldest queued one, or what the sequenced engine picks — on
    /// the first VC after the last one used that is free and has room for its head (its whole
    /// packet with virtual cut-through) — or, with `nic.inject_vc = "random"`, the one VC
    /// drawn this cycle if it is.
    fn start(&mut self, now: u64, cx: &mut Ctx<'_, VcFamily>) {
        if self.out_link == NO_LINK {
            return;
        }
        let queue = &self.core.src.gen.queue;
        let next = match self.seq.as_deref() {
            None => queue.front().map(|_| Next::New { at: 0 }),
            Some(sq) => sq.peek(queue.iter().map(|&id| {
                let p = cx.packets.get(id);
                (p.h.dst, p.x.seq)
            })),
        };
        let Some(next) = next else {
            return;
        };
        let flits = match next {
            Next::New { at } => cx.packets.header(queue[at]).flits,
            Next::Ack { .. } | Next::Nack { .. } => Sequenced::control_flits(self.p.flit_bytes),
            Next::Resend { dst, sn } => {
                let sq = self.seq.as_deref().expect("a resend comes from the engine");
                self.p.flits(sq.inj.bytes(dst as usize, sn) as u32)
            }
        };
        let need = if self.p.cut_through {
            self.p.credit.packet_units(flits)
        } else {
            self.p.credit.consume_at(0)
        };
        let Some(vc) = self.inject_vc(now, need) else {
            return;
        };
        let id = self.commit(now, next, cx);
        self.credits.take(vc, 0);
        self.last_vc = vc as u8;
        self.sending = Some((id, 0, flits, vc as u8));
    }

    /// The packet `next` goes on the wire: its id (a control packet or a resend enters the
    /// packet table now).
    fn commit(&mut self, now: u64, next: Next, cx: &mut Ctx<'_, VcFamily>) -> u32 {
        let host = self.core.host as u32;
        let id = match next {
            Next::New { at } => {
                let queue = &mut self.core.src.gen.queue;
                // the oldest, unless the sequenced engine picked another
                let id = if at == 0 {
                    queue.pop_front()
                } else {
                    queue.remove(at)
                };
                let id = id.expect("peeked");
                if let Some(sq) = self.seq.as_deref_mut() {
                    let p = cx.packets.get(id);
                    sq.sent_new(p.h.dst, p.x.seq);
                    sq.bypassed += (at > 0) as u64;
                }
                id
            }
            Next::Ack { dst, sn } | Next::Nack { dst, sn } => {
                let sq = self
                    .seq
                    .as_deref_mut()
                    .expect("control comes from the engine");
                sq.commit(next);
                let kind = if matches!(next, Next::Ack { .. }) {
                    Kind::Ack
                } else {
                    Kind::Nack
                };
                let payload = crate::fabric::vct::nic::ACK_BYTES;
                cx.packets.alloc(Packet {
                    h: Header {
                        src: host,
                        dst,
                        payload,
                        flits: Sequenced::control_flits(self.p.flit_bytes),
                        msg: NO_MSG,
                        gen_cycle: now,
                        ..Default::default()
                    },
                    x: VcExt {
                        kind,
                        seq: sn,
                        resent: false,
                    },
                })
            }
            Next::Resend { dst, sn } => {
                let sq = self
                    .seq
                    .as_deref_mut()
                    .expect("a resend comes from the engine");
                let (bytes, held) = sq.commit(next).expect("a resend's packet");
                cx.packets.alloc(Packet {
                    h: Header {
                        src: host,
                        dst,
                        payload: bytes as u32,
                        flits: self.p.flits(bytes as u32),
                        msg: held.msg,
                        gen_cycle: held.gen_cycle,
                        measured: held.measured,
                        ..Default::default()
                    },
                    x: VcExt {
                        kind: Kind::Data,
                        seq: sn,
                        resent: true,
                    },
                })
            }
        };
        if let Some(sq) = self.seq.as_deref_mut() {
            let p = cx.packets.get(id);
            sq.injected.count(&p.x, p.h.flits);
        }
        id
    }
}

/// A new packet in the packet table (numbered in its connection by the sequenced engine).
#[allow(clippy::too_many_arguments)]
fn alloc(
    p: &VcNicParams,
    seq: Option<&mut Sequenced>,
    host: usize,
    now: u64,
    dst: u32,
    bytes: u32,
    msg: u32,
    cx: &mut Ctx<'_, VcFamily>,
) -> u32 {
    let measured = now >= cx.stats.warmup;
    let sn = seq.map_or(0, |sq| {
        let held = Held {
            gen_cycle: now,
            msg,
            measured,
        };
        sq.number(dst, bytes, held)
    });
    let id = cx.packets.alloc(Packet {
        h: Header {
            src: host as u32,
            dst,
            payload: bytes,
            flits: p.flits(bytes),
            msg,
            gen_cycle: now,
            measured,
            ..Default::default()
        },
        x: VcExt {
            kind: Kind::Data,
            seq: sn,
            resent: false,
        },
    });
    cx.stats.count_generated(now);
    id
}

impl Nic<VcFamily> for VcNic {
    #[inline]
    fn eval(&mut self, now: u64, cx: &mut Ctx<'_, VcFamily>) -> u32 {
        VcNic::eval(self, now, cx)
    }

    #[inline]
    fn eval_arrivals(
        &mut self,
        now: u64,
        cx: &mut Ctx<'_, VcFamily>,
        arrivals: crate::fabric::sleep::Arrivals,
    ) -> u32 {
        self.eval_ports(now, cx, arrivals)
    }

    fn enqueue(&mut self, now: u64, dst: u32, bytes: u32, msg: u32, cx: &mut Ctx<'_, VcFamily>) {
        let id = alloc(
            &self.p,
            self.seq.as_deref_mut(),
            self.core.host,
            now,
            dst,
            bytes,
            msg,
            cx,
        );
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
        self.core.src.queued()
            + self.sending.is_some() as usize
            + self.lanes_busy()
            + self.seq.as_ref().map_or(0, |s| s.pending())
    }

    #[inline(always)]
    fn prefetch(&self) {
        use crate::sim::prefetch::line;
        line(self);
        line((self as *const Self as *const u8).wrapping_add(crate::sim::prefetch::LINE));
        line(&self.credits);
    }

    #[inline(always)]
    fn prefetch_links(&self, links: &[Link]) {
        use crate::sim::prefetch::line;
        if let Some(l) = links.get(self.in_link as usize) {
            line(l);
        }
        if let Some(l) = links.get(self.out_link as usize) {
            line(l);
        }
    }

    fn wake_at(&self) -> u64 {
        // (or-ed, not short-circuited: one branch on the data, not six)
        // (the per-destination engine's lanes: a branch on the configuration)
        let busy = self.sending.is_some()
            | (self.p.per_destination && self.lanes_busy() > 0)
            | (self.core.src.queued() > 0)
            | self.seq.as_ref().is_some_and(|s| s.pending() > 0)
            | self.sent.is_some()
            | self.got.is_some();
        if busy {
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
            order_errors: self
                .seq
                .as_ref()
                .map_or(0, |s| s.order_errors + s.rb.duplicates),
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
        if let Some(sq) = &self.seq {
            v.scope("rearrange");
            v.int("bytes", sq.rb.used as i64);
            v.int("acks_queued", sq.pending() as i64);
            v.up();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    /// What every evaluation reads is the first two lines (the ones the kernel asks the cache
    /// for ahead of a NIC's turn): its own registers, then its injection process's clock and
    /// source queue ([`NicCore`]'s first 64 bytes with its host and counters; `Injector`'s
    /// test checks its own 40).
    #[test]
    fn what_an_evaluation_reads_is_the_first_two_lines() {
        assert_eq!(std::mem::align_of::<VcNic>(), 64);
        assert!(offset_of!(VcNic, p) + 8 <= 64 && offset_of!(VcNic, seq) + 8 <= 64);
        assert!(offset_of!(VcNic, sent) < 64 && offset_of!(VcNic, got) < 64);
        assert_eq!(offset_of!(VcNic, core), 64);
        assert!(offset_of!(NicCore, src) + 40 <= 64 && offset_of!(NicCore, ejected_flits) < 64);
        assert!(offset_of!(VcNic, credits) % 64 == 0);
    }
}
