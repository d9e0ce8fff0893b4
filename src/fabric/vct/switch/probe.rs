//! The waveform registers of a vct switch: per input its routing-control state, packet, level
//! and the routing unit's answer and pick; per output its credits, levels and the flit sent.

use super::VctSwitch;
use crate::blocks::link::NO_LINK;
use crate::routing::function::RoutingFunction;
use crate::sim::{Probe, ProbeVisitor};

impl Probe for VctSwitch {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        let unit = self.routing.unit();
        for (p, inp) in self.ins.iter().enumerate() {
            if inp.link == NO_LINK {
                continue;
            }
            v.port("in", p);
            v.text("state", inp.state.name());
            v.int("pkt", inp.pkt);
            v.bits("level", 32, inp.buf.len() as u64);
            v.scope(unit);
            let c = &self.cands[p];
            v.bits("allowed", self.p.ports as u32, c.port_mask() as u64);
            v.bits("preferred", self.p.ports as u32, c.preferred_mask() as u64);
            v.int("pick", inp.pick);
            v.up();
            v.up();
        }
        for (p, out) in self.outs.iter().enumerate() {
            if out.link == NO_LINK {
                continue;
            }
            v.port("out", p);
            v.int("credits", out.credits.credits() as i64);
            v.bits("level", 32, out.q.len() as u64);
            v.bits("committed", 32, out.committed as u64);
            let valid = self.out_sent >> p & 1 == 1;
            v.flag("valid", valid);
            v.int("flit_pkt", if valid { out.last_pkt as i64 } else { -1 });
            v.up();
        }
        if let Some(regs) = self.routing.registers() {
            v.scope(regs);
            self.routing.probe(v);
            v.up();
        }
    }
}
