//! The VC router's probes (`super`): per input its switch-allocation request (a mask over the
//! outputs), grant and round-robin pointer, per input VC its level, state, output, VC-allocation
//! request and grant; per output VC its credits, owner and queued flits, per output the flits
//! in its speedup FIFO (with an internal speedup) and the flit driven (packet, VC,
//! HEAD/BODY/TAIL); with seed 002's exchange the
//! LUC, the slot, the NCB 1-hop and 2-hop registers per direction and the requests per output
//! (SSR's R; its F is the outputs' `owner`, its D the routing's priority).

use super::{VcState, VcSwitch};
use crate::blocks::link::NO_LINK;
use crate::blocks::vc_credits::FREE;
use crate::sim::{Probe, ProbeVisitor};

impl VcState {
    /// The state's name in waveforms.
    fn name(self) -> &'static str {
        match self {
            VcState::Idle => "IDLE",
            VcState::Routing => "ROUTING",
            VcState::VcAlloc => "VC_ALLOC",
            VcState::Active => "ACTIVE",
        }
    }
}

impl Probe for VcSwitch {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        let (np, nv) = (self.p.ports, self.p.vcs);
        for p in 0..np {
            if self.link[p][super::IN] == NO_LINK {
                continue;
            }
            v.port("in", p);
            let asked = self.sa.asked >> p & 1 == 1;
            v.bits(
                "sa_req",
                np as u32,
                if asked { self.sa.i.r[p].req as u64 } else { 0 },
            );
            v.flag("sa_grant", self.sa.won >> p & 1 == 1);
            v.int("sa_ptr", self.sa.i.r[p].rr as i64);
            for c in 0..nv {
                let iv = p * nv + c;
                let s = &self.input.vcs[iv];
                v.scope_idx("vc", c);
                v.bits("level", 16, self.input.level(p, c) as u64);
                v.text("state", s.state.name());
                let held = s.state == VcState::Active;
                v.int("out", if held { s.out as i64 } else { -1 });
                v.int("out_vc", if held { s.ovc as i64 } else { -1 });
                v.flag("va_req", self.va.asked >> iv & 1 == 1);
                v.flag("va_grant", self.va.won >> iv & 1 == 1);
                v.up();
            }
            v.up();
        }
        for p in 0..np {
            if self.link[p][super::OUT] == NO_LINK {
                continue;
            }
            v.port("out", p);
            for c in 0..nv {
                v.scope_idx("vc", c);
                v.int("credits", self.out.credits[p].credits(c) as i64);
                let o = self.out.credits[p].owner(c);
                v.int("owner", if o == FREE { -1 } else { o as i64 });
                if let Some(q) = &self.out.queues {
                    v.bits("queued", 16, q.bufs[p].level(c) as u64);
                }
                v.up();
            }
            if self.fifo.is_some() {
                v.bits("fifo", 16, self.fifo_level(p) as u64);
            }
            let f = self.sent(p);
            v.flag("valid", f.is_some());
            v.int("flit_pkt", f.map_or(-1, |f| f.pkt as i64));
            v.int("flit_vc", f.map_or(-1, |f| f.vc as i64));
            v.text(
                "flit",
                match f.map(|f| (f.is_head(), f.is_tail())) {
                    None => "",
                    Some((true, true)) => "HEAD+TAIL",
                    Some((true, false)) => "HEAD",
                    Some((false, true)) => "TAIL",
                    Some((false, false)) => "BODY",
                },
            );
            v.up();
        }
        if let Some(x) = self.exchange_unit() {
            v.scope("luc_ncb");
            v.bits("luc", 16, x.luc as u64);
            v.flag("slot", x.in_slot);
            for (d, name) in ["px", "nx", "py", "ny"].iter().enumerate() {
                v.bits(&format!("ncb1_{name}"), 16, x.ncb1[d] as u64);
                v.bits(&format!("ncb2_{name}"), 16, x.ncb2[d] as u64);
            }
            for p in 0..np {
                v.bits(&format!("requests{p}"), 8, self.va.requests[p] as u64);
            }
            v.up();
        }
    }
}

impl VcSwitch {
    /// The router's state registers as text, one line per input VC, input and output VC:
    /// what an engine that evaluates the router elsewhere (the bit planes) must write back
    /// before anything reads the router — per input VC its state, the output VC it holds
    /// (while it holds one), its ready cycle (while routing or allocating), the flits of its
    /// FIFO front first and a head's routing candidates; per input its switch-allocation VC
    /// pointer; per output VC its credits, owner and pending tail; the credits in the delay
    /// line and the flits in the crossbar; the allocators' round-robin pointers; the VCs
    /// waiting for VC allocation and those active. Not the last cycle's strobes (the probes'
    /// requests, grants and flit driven: the probe walk reads them) nor the statistics.
    pub fn registers(&self) -> String {
        use std::fmt::Write;
        let (np, nv) = (self.p.ports, self.p.vcs);
        let vmask = (1u32 << nv) - 1;
        let mut s = String::new();
        for p in 0..np {
            let _ = writeln!(s, "in{p} sa_ptr={}", self.sa.i.r[p].rr);
            for v in 0..nv {
                let iv = p * nv + v;
                let r = &self.input.vcs[iv];
                let _ = write!(s, "in{p}.vc{v} {}", r.state.name());
                match r.state {
                    VcState::Active => {
                        let _ = write!(s, " out={}.{} ready={}", r.out, r.ovc, r.ready);
                    }
                    VcState::Routing | VcState::VcAlloc => {
                        let _ = write!(s, " ready={} cands=", r.ready);
                        for c in self.route.cands[iv].as_slice() {
                            let _ = write!(s, "{}:{:#x},", c.port, c.vcs & vmask);
                        }
                    }
                    VcState::Idle => {}
                }
                let n = self.input.level(p, v);
                let _ = write!(s, " flits=");
                for k in 0..n {
                    let f = self.input.at(p, v, k);
                    let _ = write!(s, "{}/{}/{},", f.pkt, f.flags, f.vc);
                }
                s.push('\n');
            }
        }
        for (o, c) in self.out.credits.iter().enumerate() {
            if self.link[o][super::OUT] == NO_LINK {
                continue;
            }
            for v in 0..nv {
                let owner = c.owner(v);
                let owner = if owner == FREE { -1 } else { owner as i64 };
                let tail = c.tail_sent() >> v & 1;
                let _ = writeln!(
                    s,
                    "out{o}.vc{v} credits={} owner={owner} tail_sent={tail}",
                    c.credits(v)
                );
            }
        }
        if let Some(q) = &self.out.queues {
            s.push_str(&q.registers(nv));
        }
        let _ = writeln!(s, "credit delay {}", self.out.delay_line());
        let _ = writeln!(s, "crossbar {}", self.xbar.xbar.registers());
        let _ = writeln!(
            s,
            "waiting={:#x} active={:#x} holding={:#x} flits={}",
            self.va.waiting, self.sa.active, self.input.holding, self.input.flits
        );
        for (name, a) in [("sa", &self.sa.alloc), ("va", &self.va.alloc)] {
            let (ni, no) = a.size();
            let rows: Vec<_> = (0..ni.max(no))
                .map(|i| a.pointers(i.min(ni - 1), i.min(no - 1)))
                .collect();
            let _ = writeln!(s, "{name} pointers {rows:?}");
        }
        s
    }
}
