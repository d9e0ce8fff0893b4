//! The allocation stages of the VC router (`super`): VC allocation of routed heads and switch
//! allocation with the buffer read and crossbar entry (steps 3 and 4 of the router's cycle).

use super::{Switching, VcState, VcSwitch, View};
use crate::blocks::allocator::NO_GRANT;
use crate::blocks::link::{Link, NO_LINK};
use crate::routing::selection::SelectionFunction;
use crate::sim::packet::PacketTable;
use crate::sim::FlowCtl;

impl VcSwitch {
    /// VC allocation among the routed heads.
    pub(super) fn vc_allocate(&mut self, now: u64) {
        let nv = self.p.vcs;
        let vmask = (1u32 << nv) - 1;
        let mut asked = 0u64;
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
                    let view = View {
                        credits: &self.credits,
                        out_link: &self.out_link,
                        need: if self.p.switching == Switching::CutThrough {
                            self.p.credit.packet_units(s.len)
                        } else {
                            0
                        },
                    };
                    let Some(pick) = self.p.selection.select(c, &view, s.len) else {
                        continue;
                    };
                    let vcs = many
                        .iter()
                        .filter(|x| x.port == pick.port)
                        .fold(0, |m, x| m | x.vcs);
                    (pick.port as usize, vcs)
                }
            };
            if port >= self.p.ports || self.out_link[port] == NO_LINK {
                continue;
            }
            let free = self.credits[port].free() & allowed & keep & vmask;
            if free != 0 {
                self.va_req[iv] = (free as u64) << (port * nv);
                asked |= 1 << iv;
            }
        }
        if asked == 0 {
            return;
        }
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
            self.credits[o].take(ov, iv as u16);
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

    /// Switch allocation, buffer read and crossbar entry; returns the flits that left.
    pub(super) fn sw_allocate(
        &mut self,
        now: u64,
        links: &mut [Link],
        packets: &PacketTable,
    ) -> u32 {
        let (np, nv) = (self.p.ports, self.p.vcs);
        let vmask = (1u64 << nv) - 1;
        let cut_through = self.p.switching == Switching::CutThrough;
        let mut asked = 0u64;
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
                let s = &self.vcs[p * nv + v];
                if s.next == 0 && now < s.ready {
                    continue;
                }
                let need = if s.next == 0 && cut_through {
                    self.p.credit.packet_units(s.len)
                } else {
                    self.p.credit.consume_at(s.next)
                };
                let o = s.out as usize;
                let ok = match &self.outq {
                    // room in the output queue (a cut-through head: for its whole packet)
                    Some(q) => {
                        let flits = if s.next == 0 && cut_through { s.len } else { 1 };
                        q.room(o, s.ovc as usize, nv, flits)
                    }
                    None => self.credits[o].can_send(s.ovc as usize, need),
                };
                if self.sa_req[p] >> o & 1 == 0 && ok {
                    self.sa_req[p] |= 1 << o;
                    self.sa_label[p * np + o] = v as u8;
                    asked |= 1 << p;
                }
            }
        }
        if asked == 0 {
            return 0;
        }
        self.sa
            .allocate_among(asked, &self.sa_req, &mut self.sa_grant);
        let mut moved = 0;
        let mut w = asked;
        while w != 0 {
            let p = w.trailing_zeros() as usize;
            w &= w - 1;
            self.sa_req[p] = 0;
            let o = self.sa_grant[p];
            if o == NO_GRANT {
                continue;
            }
            let o = o as usize;
            let v = self.sa_label[p * np + o] as usize;
            let iv = p * nv + v;
            let mut f = self.bufs[p].pop(v).expect("a requesting VC holds a flit");
            self.flits -= 1;
            if self.bufs[p].level(v) == 0 {
                self.holding &= !(1 << iv);
            }
            let s = self.vcs[iv];
            let tail = s.next + 1 == s.len;
            let unit = self.p.credit;
            match self.outq.as_mut() {
                Some(q) => q.reserve(o, s.ovc as usize, nv),
                None => self.credits[o].send(s.ovc as usize, unit.consume_at(s.next), tail),
            }
            let n = unit.release_at(s.next, s.len);
            if n > 0 {
                let c = FlowCtl::Credit {
                    vc: v as u8,
                    n: n as u8,
                };
                links[self.in_link[p] as usize].back.send(now, c);
                self.drove_back |= 1 << p;
            }
            f.vc = s.ovc;
            if let Some(f) = self.xbar.enter(now, o, f) {
                match self.outq.as_mut() {
                    Some(q) => q.enter(o, f, nv),
                    None => self.drive(now, o, f, links),
                }
            }
            self.sw_rr[p] = if v + 1 == nv { 0 } else { v as u8 + 1 };
            self.sa_won |= 1 << p;
            self.forwarded += 1;
            moved += 1;
            if tail {
                self.active &= !(1 << iv);
                self.vcs[iv].state = VcState::Idle;
                if self.bufs[p].level(v) > 0 {
                    self.start_route(iv, now + 1, packets);
                }
            } else {
                self.vcs[iv].next += 1;
            }
        }
        moved
    }
}
