//! The DL routing-table unit of RHiNET-2/SW (seed 003 §4.1.2): the output port is looked up by
//! destination alone, the output VC is the input VC plus a difference looked up by (input port,
//! output port) — from a host port, the starting layer. One candidate. Latency: the two table
//! reads are covered by the switch's routing delay (1 cycle in seed 003's §5.1 setup). RTL
//! twin: `hdl::dl_table`.

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::routing::dl_table::DlTables;
use crate::sim::{Probe, ProbeVisitor};
use std::sync::Arc;

/// One switch's routing tables.
#[derive(Debug, Clone)]
pub struct DlTableRouting {
    pub sw: u32,
    pub tables: Arc<DlTables>,
}

impl RoutingFunction for DlTableRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let (t, sw, d) = (&self.tables, self.sw as usize, q.hdr.dst as usize);
        if d >= t.hosts() {
            return;
        }
        let port = t.port(sw, d);
        if let Some(vc) = t.out_vc(sw, q.in_port as usize, q.in_vc, port as usize) {
            out.push(Candidate {
                port,
                vcs: 1 << vc,
                escape: false,
                pri: 0,
                turn: false,
            });
        }
    }

    fn unit(&self) -> &'static str {
        "dl_table"
    }
}

impl Probe for DlTableRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
