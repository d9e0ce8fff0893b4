//! Source routing (seed 000 §2): the header flit's byte names the output port; the switch
//! strips it. One candidate, the packet's own VC. Latency: none of its own (the switch's first
//! flit latency covers the decode).

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::sim::{Probe, ProbeVisitor};

/// The routing "unit" of a source-routed switch: it decodes the route byte.
#[derive(Debug, Clone, Copy, Default)]
pub struct SourceRoute;

impl RoutingFunction for SourceRoute {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        out.push(Candidate {
            port: q.route_byte,
            vcs: 1 << q.in_vc,
            escape: false,
            pri: 0,
            turn: false,
        });
    }

    fn unit(&self) -> &'static str {
        "route"
    }
}

impl Probe for SourceRoute {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
