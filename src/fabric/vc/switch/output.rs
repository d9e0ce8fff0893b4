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

use super::VcSwitch;
use crate::blocks::link::Link;
use crate::blocks::vc_buffer::VcBuffer;
use crate::blocks::vc_credits::FREE;
use crate::fabric::vc::nic::seq::VcExt;
use crate::sim::packet::PacketTable;
use crate::sim::Flit;

/// Owner of a downstream VC taken by the output stage (not an input VC).
pub const OUTPUT_STAGE: u16 = FREE - 1;

/// The output queues of one router.
#[derive(Debug, Clone)]
pub struct OutputQueues {
    pub bufs: Vec<VcBuffer>,
    /// Per output VC (o·V + v): flits granted and still in the crossbar, the index in its
    /// packet of the next flit to send, and the input VC writing into it ([`FREE`] if none).
    reserved: Vec<u32>,
    idx: Vec<u32>,
    owner: Vec<u16>,
    /// Per output: the VCs no input VC writes into (bit v).
    free: Vec<u32>,
    /// Per output: the VC after the last one sent.
    rr: Vec<u8>,
    /// Flits in the FIFOs.
    pub flits: u32,
}

impl OutputQueues {
    /// `ports` outputs of `vcs` FIFOs of `depth` flits, VC 0's of `first` (the escape queue).
    pub fn new(ports: usize, vcs: usize, first: u32, depth: u32) -> Self {
        OutputQueues {
            bufs: (0..ports)
                .map(|_| VcBuffer::with_first(vcs, first as usize, depth as usize))
                .collect(),
            reserved: vec![0; ports * vcs],
            idx: vec![0; ports * vcs],
            owner: vec![FREE; ports * vcs],
            free: vec![(1u32 << vcs) - 1; ports],
            rr: vec![0; ports],
            flits: 0,
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
    /// packet.
    #[inline]
    pub fn reserve(&mut self, o: usize, v: usize, vcs: usize, tail: bool) {
        self.reserved[o * vcs + v] += 1;
        if tail {
            self.owner[o * vcs + v] = FREE;
            self.free[o] |= 1 << v;
        }
    }

    /// A flit left the crossbar into output `o`'s FIFO (its VC is `f.vc`).
    #[inline]
    pub fn enter(&mut self, o: usize, f: Flit, vcs: usize) {
        self.reserved[o * vcs + f.vc as usize] -= 1;
        if self.bufs[o].push(f) {
            self.flits += 1;
        }
    }
}

impl VcSwitch {
    /// The output stage: one flit per output whose FIFO front the buffer downstream can take.
    pub(super) fn send_queued(
        &mut self,
        now: u64,
        links: &mut [Link],
        packets: &PacketTable<VcExt>,
    ) -> u32 {
        let Some(q) = self.outq.as_mut() else {
            return 0;
        };
        let (nv, unit) = (self.p.vcs, self.p.credit);
        let cut_through = self.p.switching == super::Switching::CutThrough;
        let mut moved = 0;
        for o in 0..self.p.ports {
            let occ = q.bufs[o].occupied();
            if occ == 0 {
                continue;
            }
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
                let need = if idx == 0 && cut_through {
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
                q.idx[k] = idx + 1;
                q.rr[o] = v as u8;
                cr.send(this, unit.consume_at(idx), f.is_tail());
                links[self.out_link[o] as usize].send(now, f);
                self.sent[o] = Some(f);
                self.any_sent = true;
                self.drove_fwd |= 1 << o;
                moved += 1;
                break;
            }
        }
        moved
    }
}
