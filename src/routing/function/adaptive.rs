//! The routing unit of seed 004's InfiniBand adaptive switch (§4.1): a forwarding table with
//! several options per destination — the minimal outputs on the adaptive VCs, and the
//! up*/down* escape outputs on VC 0 (escape class) — read by destination switch and, for a
//! packet in an escape queue, by whether it arrived over a down hop (`routing::adaptive`
//! states the rule and checks it deadlock-free). The selection function
//! picks among them at arbitration time from port status and credits. Latency: the table
//! access is part of the switch's routing time (100 ns = 25 cycles in seed 004).

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::routing::adaptive::AdaptiveTables;
use crate::sim::{Probe, ProbeVisitor};
use std::sync::Arc;

/// The forwarding table of one switch.
#[derive(Debug, Clone)]
pub struct AdaptiveRouting {
    pub sw: u32,
    pub tables: Arc<AdaptiveTables>,
}

impl RoutingFunction for AdaptiveRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let t = &*self.tables;
        let Some(&(dsw, dport)) = t.hosts.get(q.hdr.dst as usize) else {
            return;
        };
        let sw = self.sw as usize;
        if dsw as usize == sw {
            // ejection never blocks: the adaptive queue, from either queue
            out.push(Candidate {
                port: dport,
                vcs: !1,
                escape: false,
                pri: 0,
                turn: false,
            });
            return;
        }
        let i = sw * t.switches + dsw as usize;
        let mut m = t.minimal[i];
        while m != 0 {
            let p = m.trailing_zeros();
            m &= m - 1;
            out.push(Candidate {
                port: p as u8,
                vcs: !1,
                escape: false,
                pri: 0,
                turn: false,
            });
        }
        // a packet that came down an escape channel may only go down in the escape queues
        let from_switch = t.host_ports[sw] >> q.in_port & 1 == 0;
        let escape = if q.in_vc == 0 && from_switch {
            t.escape_after(sw, q.in_port as usize, dsw as usize)
        } else {
            t.escape_any[i]
        };
        let mut m = escape;
        while m != 0 {
            let p = m.trailing_zeros();
            m &= m - 1;
            out.push(Candidate {
                port: p as u8,
                vcs: 1,
                escape: true,
                pri: 0,
                turn: false,
            });
        }
    }

    fn unit(&self) -> &'static str {
        "adaptive"
    }
}

impl Probe for AdaptiveRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
