//! The output unit of the VC router: per output the credit counters of the buffer downstream
//! ([`VcCredits`], BookSim2's `_next_buf`), the delay line returned credits wait in
//! (`credit_delay_cycles`), and — a variant of the stage, not a branch of the router's main
//! path — optional output queues.
//!
//! Optional output queues of the VC router (`switch.output_buffer_flits`; seed 004 has 8 KB
//! buffers at both sides of the crossbar): per output a per-VC FIFO ([`VcBuffer`]) between the
//! crossbar and the link, which holds as many packets as fit.
//!
//! With them, VC allocation hands an input VC an output-queue VC (free once the previous
//! packet's tail has crossed the crossbar), and switch allocation asks for room in that FIFO
//! (a cut-through head for its whole packet) instead of credits downstream. The output stage
//! then sends, per output and cycle, the front flit of one VC (round-robin from the VC after
//! the last one sent) that the buffer downstream can take: a head takes the downstream VC when
//! it is free and holds its credits (a cut-through head all of its packet's), and the tail
//! releases it. A flit entering an empty FIFO with its credits leaves in the same cycle: the
//! queues add no zero-load latency.

use super::{Switching, VcParams};
use crate::blocks::credit::CreditUnit;
use crate::blocks::credit_delay::CreditDelay;
use crate::blocks::vc_buffer::VcBuffer;
use crate::blocks::vc_credits::{VcCredits, FREE};
use crate::fabric::vc::nic::seq::VcExt;
use crate::sim::packet::PacketTable;
use crate::sim::registers::RegisterSink;
use crate::sim::{Flit, FlowCtl};

/// Owner of a downstream VC taken by the output stage (not an input VC).
pub const OUTPUT_STAGE: u16 = FREE - 1;

/// The output queues of one router (its registers in one block beside the FIFOs: at most
/// 32 outputs and 64 output VCs, the router's sides).
#[derive(Debug, Clone)]
pub struct OutputQueues {
    pub bufs: Vec<VcBuffer>,
    /// Per output VC (o·V + v): flits granted and still in the crossbar, the index in its
    /// packet of the next flit to send, and the input VC writing into it ([`FREE`] if none).
    reserved: [u32; 64],
    idx: [u32; 64],
    owner: [u16; 64],
    /// Per output: the VCs no input VC writes into (bit v).
    free: [u32; 32],
    /// Per output: the VC after the last one sent.
    rr: [u8; 32],
    /// Flits in the FIFOs, and the outputs with some (bit o).
    pub flits: u32,
    outs: u64,
}

impl OutputQueues {
    /// `ports` outputs of `vcs` FIFOs of `depth` flits, VC 0's of `first` (the escape queue).
    pub fn new(ports: usize, vcs: usize, first: u32, depth: u32) -> Self {
        assert!(
            ports <= 32 && ports * vcs <= 64,
            "{ports} outputs of {vcs} VCs"
        );
        OutputQueues {
            bufs: (0..ports)
                .map(|_| VcBuffer::with_first(vcs, first as usize, depth as usize))
                .collect(),
            reserved: [0; 64],
            idx: [0; 64],
            owner: [FREE; 64],
            free: [(1u32 << vcs) - 1; 32],
            rr: [0; 32],
            flits: 0,
            outs: 0,
        }
    }

    /// Flits output `o`'s FIFO of VC `v` can still take (those granted counted as in).
    #[inline]
    pub fn room(&self, o: usize, v: usize, vcs: usize) -> u32 {
        self.bufs[o].depth(v) as u32 - self.bufs[o].level(v) - self.reserved[o * vcs + v]
    }

    /// The VCs of output `o` free for a new packet.
    #[inline]
    pub fn free(&self, o: usize) -> u32 {
        self.free[o]
    }

    /// The input VC writing into output `o`'s VC `v`, or [`FREE`].
    pub fn owner(&self, o: usize, v: usize, vcs: usize) -> u16 {
        self.owner[o * vcs + v]
    }

    /// VC allocation gave output `o`'s VC `v` to input VC `iv`.
    #[inline]
    pub fn take(&mut self, o: usize, v: usize, vcs: usize, iv: u16) {
        self.owner[o * vcs + v] = iv;
        self.free[o] &= !(1 << v);
    }

    /// A flit was granted towards output `o`, VC `v`; its tail frees the VC for the next
    /// packet. Returns the room left ([`room`](Self::room)).
    #[inline]
    pub fn reserve(&mut self, o: usize, v: usize, vcs: usize, tail: bool) -> u32 {
        self.reserved[o * vcs + v] += 1;
        if tail {
            self.owner[o * vcs + v] = FREE;
            self.free[o] |= 1 << v;
        }
        self.room(o, v, vcs)
    }

    /// Walk the queues' registers into `s` (text or image, `sim::registers`): per output its
    /// round-robin VC, per output VC its flits, those granted and not yet in, its owner and
    /// the index of the next flit to send.
    pub fn visit_registers(&self, vcs: usize, s: &mut impl RegisterSink) {
        s.word(self.bufs.len() as u64);
        for (o, b) in self.bufs.iter().enumerate() {
            s.label(format_args!("queue{o} rr="));
            s.dec(self.rr[o] as u64);
            s.text("\n");
            for v in 0..vcs {
                let k = o * vcs + v;
                s.label(format_args!("queue{o}.vc{v} reserved="));
                s.dec(self.reserved[k] as u64);
                s.text(" owner=");
                s.dec(self.owner[k] as u64);
                s.text(" idx=");
                s.dec(self.idx[k] as u64);
                s.text(" flits=");
                s.word(b.level(v) as u64);
                for i in 0..b.level(v) as usize {
                    let f = b.at(v, i);
                    s.dec(f.pkt as u64);
                    s.text("/");
                    s.dec(f.flags as u64);
                    s.text(",");
                }
                s.text("\n");
            }
        }
    }

    /// A flit left the crossbar into output `o`'s FIFO (its VC is `f.vc`).
    #[inline]
    pub fn enter(&mut self, o: usize, f: Flit, vcs: usize) {
        self.reserved[o * vcs + f.vc as usize] -= 1;
        if self.bufs[o].push(f) {
            self.flits += 1;
            self.outs |= 1 << o;
        }
    }
}

/// The output unit (its registers in this order: what a cycle reads first; the output queues
/// out of line).
#[derive(Debug, Clone)]
#[repr(C)]
pub(super) struct OutputUnit {
    /// Per output: the credits and owners of the VCs downstream.
    pub credits: Box<[VcCredits]>,
    /// Returned credits waiting `credit_delay_cycles`.
    pipe: CreditDelay,
    /// Output queues between crossbar and link, when configured.
    pub queues: Option<Box<OutputQueues>>,
    pub unit: CreditUnit,
    nv: u32,
    delayed: bool,
    cut_through: bool,
}

impl OutputUnit {
    /// The output unit of a router with parameters `p`.
    pub fn new(p: &VcParams) -> Self {
        let first = p.vc0_flits();
        let (units, units0) = (
            p.credit.buffer_units(p.buffer_flits),
            p.credit.buffer_units(first),
        );
        OutputUnit {
            credits: (0..p.ports)
                .map(|_| VcCredits::with_first(p.vcs, units0, units, p.wait_for_tail_credit))
                .collect(),
            pipe: CreditDelay::new(p.ports, p.credit_delay_cycles),
            delayed: p.credit_delay_cycles > 0,
            queues: (p.output_buffer_flits > 0).then(|| {
                let first = if p.escape_flits > 0 {
                    p.escape_flits
                } else {
                    p.output_buffer_flits
                };
                Box::new(OutputQueues::new(
                    p.ports,
                    p.vcs,
                    first,
                    p.output_buffer_flits,
                ))
            }),
            unit: p.credit,
            cut_through: p.switching == Switching::CutThrough,
            nv: p.vcs as u32,
        }
    }

    /// Walk the credits waiting their delay into `s`, oldest first: the cycle each is due,
    /// modulo 2^32, its output and the credit (`due:port:credit,`).
    pub fn visit_delay_line(&self, s: &mut impl RegisterSink) {
        s.word(self.pipe.len() as u64);
        for (due, port, c) in self.pipe.entries() {
            s.dec(due as u64);
            s.text(":");
            s.dec(port as u64);
            s.text(":");
            let w = match c {
                FlowCtl::Stop => 0,
                FlowCtl::Go => 1,
                FlowCtl::Credit { vc, n } => 2 | (vc as u64) << 8 | (n as u64) << 16,
            };
            s.shown(w, format_args!("{c:?}"));
            s.text(",");
        }
    }

    /// The credits waiting their delay as a model of the same router evaluated elsewhere
    /// holds them: `(arrived, port, credit)`, oldest first (what the line held is dropped).
    pub fn load_delay_line(&mut self, credits: impl Iterator<Item = (u64, usize, FlowCtl)>) {
        self.pipe.clear();
        for (t, port, c) in credits {
            self.pipe.push(t, port, c);
        }
    }

    /// VCs per output.
    pub fn vcs(&self) -> usize {
        self.nv as usize
    }

    /// Flits held behind output `port` over all its VCs: credits spent and not yet back
    /// (BookSim2's `GetUsedCredit`, UGAL's queue); 0 for a port it does not have.
    pub fn used(&self, port: usize) -> u32 {
        self.credits.get(port).map_or(0, |c| {
            (0..self.nv as usize)
                .map(|v| c.size(v) - c.credits(v))
                .sum()
        })
    }

    /// The VCs of output `o` free for a new packet (downstream, or of its output queue).
    #[inline]
    pub fn free(&self, o: usize) -> u32 {
        match &self.queues {
            Some(q) => q.free(o),
            None => self.credits[o].free(),
        }
    }

    /// The input VC holding output `o`'s VC `ov`, or [`FREE`].
    pub fn owner(&self, o: usize, ov: usize) -> u16 {
        match &self.queues {
            Some(q) => q.owner(o, ov, self.nv as usize),
            None => self.credits[o].owner(ov),
        }
    }

    /// VC allocation gave output `o`'s VC `ov` to input VC `iv`.
    #[inline]
    pub fn take(&mut self, o: usize, ov: usize, iv: u16) {
        match self.queues.as_mut() {
            Some(q) => q.take(o, ov, self.nv as usize, iv),
            None => self.credits[o].take(ov, iv),
        }
    }

    /// The room a head of a `len`-flit packet needs behind an output VC for the selection to
    /// count it as able to take the packet: with virtual cut-through its packet's credit units
    /// downstream or its flits in an output queue; wormhole: one flit of an output queue,
    /// nothing downstream.
    #[inline]
    pub fn head_room(&self, len: u32) -> u32 {
        match (self.cut_through, self.queues.is_some()) {
            (true, false) => self.unit.packet_units(len),
            (true, true) => len,
            (false, queues) => queues as u32,
        }
    }

    /// Can flit `next` of a `len`-flit packet holding output `o`'s VC `ov` cross now: credits
    /// downstream or room in the output queue (a cut-through head: for its whole packet)?
    #[inline(always)]
    pub fn can_accept(&self, o: usize, ov: usize, next: u32, len: u32) -> bool {
        if next == 0 && self.cut_through {
            return match &self.queues {
                Some(q) => q.room(o, ov, self.nv as usize) >= len,
                None => self.credits[o].can_send(ov, self.unit.packet_units(len)),
            };
        }
        self.has_room(o, ov, next)
    }

    /// Has output `o`'s VC `ov` room for flit `next` of a packet (whatever the switching):
    /// the credit units that flit is the first to touch downstream, or a flit of room in the
    /// output queue.
    #[inline(always)]
    pub fn has_room(&self, o: usize, ov: usize, next: u32) -> bool {
        match &self.queues {
            Some(q) => q.room(o, ov, self.nv as usize) >= 1,
            None => self.credits[o].can_send(ov, self.unit.consume_at(next)),
        }
    }

    /// Flit `next` crosses towards output `o`'s VC `ov`: its credits are spent (or its place
    /// in the output queue reserved); a tail releases the VC. Returns whether the VC then has
    /// room for the flit that crosses it next ([`has_room`](Self::has_room)): flit `next + 1`
    /// of the same packet, or after a tail the head of the next packet to hold it.
    #[inline(always)]
    pub fn reserve(&mut self, o: usize, ov: usize, next: u32, tail: bool) -> bool {
        match self.queues.as_mut() {
            Some(q) => q.reserve(o, ov, self.nv as usize, tail) >= 1,
            None => {
                let (unit, c) = (self.unit, &mut self.credits[o]);
                if unit.per_flit() {
                    return c.send(ov, 1, tail) >= 1;
                }
                let after = if tail { 0 } else { next + 1 };
                c.send(ov, unit.consume_at(next), tail) >= unit.consume_at(after)
            }
        }
    }

    /// The index, in its packet, of the flit that crosses output `o`'s VC `ov` next (what
    /// [`has_room`](Self::has_room) asks about): the next flit of the packet holding it, the
    /// input VC `owner`'s next to leave (`owner_next`), or 0 — the head of a packet to come —
    /// while the VC is free or its packet's tail has left.
    #[inline]
    pub fn next_across(&self, o: usize, ov: usize, owner_next: impl Fn(usize) -> u32) -> u32 {
        if self.queues.is_some() || self.unit.per_flit() {
            return 0;
        }
        let c = &self.credits[o];
        match c.owner(ov) {
            FREE => 0,
            _ if c.tail_sent() >> ov & 1 == 1 => 0,
            iv => owner_next(iv as usize),
        }
    }

    /// The output stage with queues: one flit per output whose FIFO front the buffer
    /// downstream can take, handed to `drive`; returns the flits sent.
    pub fn send_queued(
        &mut self,
        packets: &PacketTable<VcExt>,
        mut drive: impl FnMut(usize, Flit),
    ) -> u32 {
        let Some(q) = self.queues.as_mut() else {
            return 0;
        };
        let (nv, unit) = (self.nv as usize, self.unit);
        let mut moved = 0;
        let mut outs = q.outs;
        while outs != 0 {
            let o = outs.trailing_zeros() as usize;
            outs &= outs - 1;
            let occ = q.bufs[o].occupied();
            let mut v = q.rr[o] as usize;
            for _ in 0..nv {
                let this = v;
                v = if v + 1 == nv { 0 } else { v + 1 };
                if occ >> this & 1 == 0 {
                    continue;
                }
                let f = *q.bufs[o].front(this).expect("an occupied VC");
                let k = o * nv + this;
                let cr = &mut self.credits[o];
                let idx = if f.is_head() {
                    if cr.free() >> this & 1 == 0 {
                        continue; // the previous packet still holds the VC downstream
                    }
                    0
                } else {
                    q.idx[k]
                };
                let need = if idx == 0 && self.cut_through {
                    unit.packet_units(packets.header(f.pkt).flits)
                } else {
                    unit.consume_at(idx)
                };
                if !cr.can_send(this, need) {
                    continue;
                }
                if idx == 0 {
                    cr.take(this, OUTPUT_STAGE);
                }
                q.bufs[o].pop(this);
                q.flits -= 1;
                q.outs &= !(((q.bufs[o].occupied() == 0) as u64) << o);
                q.idx[k] = idx + 1;
                q.rr[o] = v as u8;
                cr.send(this, unit.consume_at(idx), f.is_tail());
                drive(o, f);
                moved += 1;
                break;
            }
        }
        moved
    }
}
