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
    /// The state's name in waveforms (and in the registers' text).
    pub(super) fn name(self) -> &'static str {
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
