//! The allocation stages of the VC router (`super`): VC allocation of routed heads and switch
//! allocation with the buffer read and crossbar entry (steps 3 and 4 of the router's cycle).

use super::{CrossbarKind, Switching, VcState, VcSwitch, View};
use crate::blocks::allocator::NO_GRANT;
use crate::blocks::link::{Link, NO_LINK};
use crate::fabric::vc::nic::seq::VcExt;
use crate::routing::selection::SelectionFunction;
use crate::sim::packet::PacketTable;
use crate::sim::FlowCtl;

impl VcSwitch {
    /// VC allocation among the routed heads.
    pub(super) fn vc_allocate(&mut self, now: u64) {
        let nv = self.p.vcs;
        let vmask = (1u32 << nv) - 1;
        let mut asked = 0u64;
        if self.needs.request_counts {
            self.count_requests();
        }
        let mut w = self.waiting;
        while w != 0 {
            let iv = w.trailing_zeros() as usize;
            w &= w - 1;
            let s = &mut self.vcs[iv];
            if s.state == VcState::Routing {
                if now < s.ready {
                    continue;
                }
                s.state = VcState::VcAlloc;
            }
            let keep = if self.p.keep_vc {
                1 << (iv % nv)
            } else {
                vmask
            };
            let c = &self.cands[iv];
            let (port, allowed) = match c.as_slice() {
                [] => continue,
                [one] => (one.port as usize, one.vcs),
                many => {
                    let ct = self.p.switching == Switching::CutThrough;
                    let view = View {
                        credits: &self.credits,
                        out_link: &self.out_link,
                        outq: self.outq.as_ref(),
                        vcs: nv,
                        need: if ct {
                            self.p.credit.packet_units(s.len)
                        } else {
                            0
                        },
                        need_flits: if ct { s.len } else { 1 },
                        requests: &self.requests,
                        exch: self.exch.as_ref(),
                        first_net_port: self.p.first_net_port,
                    };
                    let Some(pick) = self.p.selection.select(c, &view, s.len) else {
                        continue;
                    };
                    // the VCs of the picked candidate's class at that port (an adaptive and an
                    // escape candidate may name the same port)
                    let vcs = many
                        .iter()
                        .filter(|x| x.port == pick.port && x.vcs >> pick.vc & 1 == 1)
                        .fold(0, |m, x| m | x.vcs);
                    (pick.port as usize, vcs)
                }
            };
            if port >= self.p.ports || self.out_link[port] == NO_LINK {
                continue;
            }
            let free = match &self.outq {
                Some(q) => q.free(port),
                None => self.credits[port].free(),
            } & allowed
                & keep
                & vmask;
            if free != 0 {
                self.va_req[iv] = (free as u64) << (port * nv);
                asked |= 1 << iv;
            }
        }
        if asked == 0 {
            return;
        }
        self.va_asked = asked;
        self.va
            .allocate_among(asked, &self.va_req, &mut self.va_grant);
        let mut w = asked;
        while w != 0 {
            let iv = w.trailing_zeros() as usize;
            w &= w - 1;
            self.va_req[iv] = 0;
            let g = self.va_grant[iv];
            if g == NO_GRANT {
                continue;
            }
            let (o, ov) = (g as usize / nv, g as usize % nv);
            match self.outq.as_mut() {
                Some(q) => q.take(o, ov, nv, iv as u16),
                None => self.credits[o].take(ov, iv as u16),
            }
            let s = &mut self.vcs[iv];
            s.state = VcState::Active;
            s.out = o as u8;
            s.ovc = ov as u8;
            s.ready = now + self.p.vc_alloc_cycles as u64;
            self.waiting &= !(1 << iv);
            self.active |= 1 << iv;
            self.va_won |= 1 << iv;
        }
    }

    /// Switch allocation, buffer read and crossbar entry; returns the flits that left. With a
    /// non-multiplexed crossbar every input VC has its own crossbar input and every output VC
    /// its own output (into the output queues), so no two requests conflict: every input VC
    /// whose front flit has room moves, without an allocator.
    pub(super) fn sw_allocate(
        &mut self,
        now: u64,
        links: &mut [Link],
        packets: &PacketTable<VcExt>,
    ) -> u32 {
        let (np, nv) = (self.p.ports, self.p.vcs);
        let vmask = (1u64 << nv) - 1;
        let non_mux = self.p.crossbar == CrossbarKind::NonMultiplexed;
        let mut asked = 0u64;
        let mut moved = 0;
        let ready = self.active & self.holding;
        for p in 0..np {
            let act = (ready >> (p * nv)) & vmask;
            if act == 0 {
                continue;
            }
            let mut v = self.sw_rr[p] as usize;
            for _ in 0..nv {
                let this = v;
                v += 1;
                if v == nv {
                    v = 0;
                }
                let v = this;
                if act >> v & 1 == 0 {
                    continue;
                }
                if self.exch.is_some()
                    && self.exchange_halts(
                        self.vcs[p * nv + v].out as usize,
                        now + self.xbar.delay() as u64,
                    )
                {
                    // its flit would meet an exchange slot on the link
                    self.halted += 1;
                    continue;
                }
                if !self.may_cross(now, p * nv + v) {
                    continue;
                }
                if non_mux {
                    moved += self.cross(now, p, v, links, packets);
                    continue;
                }
                let o = self.vcs[p * nv + v].out as usize;
                if self.sa_req[p] >> o & 1 == 0 {
                    self.sa_req[p] |= 1 << o;
                    self.sa_label[p * np + o] = v as u8;
                    asked |= 1 << p;
                }
            }
        }
        if asked == 0 {
            return moved;
        }
        self.sa
            .allocate_among(asked, &self.sa_req, &mut self.sa_grant);
        self.sa_asked = asked as u32;
        let mut w = asked;
        while w != 0 {
            let p = w.trailing_zeros() as usize;
            w &= w - 1;
            let o = self.sa_grant[p];
            if o == NO_GRANT {
                continue;
            }
            let v = self.sa_label[p * np + o as usize] as usize;
            moved += self.cross(now, p, v, links, packets);
        }
        moved
    }

    /// With a non-multiplexed crossbar, the credits freed this cycle go upstream: one symbol per
    /// input link and cycle, the VCs of a port taking turns when several freed credits at once
    /// (the crossbar reads several VCs of one input per cycle); the rest wait in their VC's
    /// return counter. (A multiplexed crossbar reads one flit per input and cycle and sends its
    /// credit at once.)
    pub(super) fn return_credits(&mut self, now: u64, links: &mut [Link]) {
        let nv = self.p.vcs;
        let mut m = self.credit_ports;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            let start = self.credit_rr[p] as usize;
            let Some(v) = (0..nv)
                .map(|i| (start + i) % nv)
                .find(|&v| self.credit_back[p * nv + v] > 0)
            else {
                self.credit_ports &= !(1 << p);
                continue;
            };
            let pending = &mut self.credit_back[p * nv + v];
            let n = (*pending).min(u8::MAX as u32);
            *pending -= n;
            let c = FlowCtl::Credit {
                vc: v as u8,
                n: n as u8,
            };
            let sent = links[self.in_link[p] as usize].back.send(now, c);
            debug_assert!(sent, "one credit symbol per link and cycle");
            self.drove_back |= 1 << p;
            self.credit_rr[p] = ((v + 1) % nv) as u8;
            if self.credit_back[p * nv..(p + 1) * nv]
                .iter()
                .all(|&x| x == 0)
            {
                self.credit_ports &= !(1 << p);
            }
        }
    }

    /// Can the front flit of active input VC `iv` cross now: past its VC allocation delay, with
    /// credits downstream or room in the output queue (a cut-through head: for its whole
    /// packet)?
    #[inline(always)]
    fn may_cross(&self, now: u64, iv: usize) -> bool {
        let s = &self.vcs[iv];
        if s.next == 0 && now < s.ready {
            return false;
        }
        let head_ct = s.next == 0 && self.p.switching == Switching::CutThrough;
        let o = s.out as usize;
        match &self.outq {
            Some(q) => q.room(o, s.ovc as usize, self.p.vcs) >= if head_ct { s.len } else { 1 },
            None => {
                let need = if head_ct {
                    self.p.credit.packet_units(s.len)
                } else {
                    self.p.credit.consume_at(s.next)
                };
                self.credits[o].can_send(s.ovc as usize, need)
            }
        }
    }

    /// The front flit of input VC `v` of port `p` leaves its buffer (its credit goes upstream)
    /// and enters the crossbar; a tail frees the input VC. Returns 1.
    #[inline(always)]
    fn cross(
        &mut self,
        now: u64,
        p: usize,
        v: usize,
        links: &mut [Link],
        packets: &PacketTable<VcExt>,
    ) -> u32 {
        let nv = self.p.vcs;
        let iv = p * nv + v;
        let mut f = self.bufs[p].pop(v).expect("a requesting VC holds a flit");
        self.flits -= 1;
        self.occ[iv].set(now, self.bufs[p].level(v));
        if self.bufs[p].level(v) == 0 {
            self.holding &= !(1 << iv);
        }
        let s = self.vcs[iv];
        let o = s.out as usize;
        let tail = s.next + 1 == s.len;
        let unit = self.p.credit;
        match self.outq.as_mut() {
            Some(q) => q.reserve(o, s.ovc as usize, nv, tail),
            None => self.credits[o].send(s.ovc as usize, unit.consume_at(s.next), tail),
        }
        let n = unit.release_at(s.next, s.len);
        if n > 0 {
            if self.p.crossbar == CrossbarKind::Multiplexed {
                // one flit per input and cycle: its credit goes up at once
                let c = FlowCtl::Credit {
                    vc: v as u8,
                    n: n as u8,
                };
                links[self.in_link[p] as usize].back.send(now, c);
                self.drove_back |= 1 << p;
            } else {
                self.credit_back[iv] += n;
                self.credit_ports |= 1 << p;
            }
        }
        f.vc = s.ovc;
        let x = if self.p.crossbar == CrossbarKind::NonMultiplexed {
            o * nv + s.ovc as usize
        } else {
            o
        };
        if let Some(f) = self.xbar.enter(now, x, f) {
            match self.outq.as_mut() {
                Some(q) => q.enter(o, f, nv),
                None => self.drive(now, o, f, links),
            }
        }
        self.sw_rr[p] = if v + 1 == nv { 0 } else { v as u8 + 1 };
        self.sa_won |= 1 << p;
        self.forwarded += 1;
        self.forwarded_vc[s.ovc as usize] += 1;
        if tail {
            self.tails_out = self.tails_out.wrapping_add(1);
            self.active &= !(1 << iv);
            self.vcs[iv].state = VcState::Idle;
            if self.bufs[p].level(v) > 0 {
                self.start_route(iv, now + 1, packets);
            }
        } else {
            self.vcs[iv].next += 1;
        }
        1
    }
}
