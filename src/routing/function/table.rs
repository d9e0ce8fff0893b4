//! Route tables: the switch looks up the path of the packet's (source, destination) pair in a
//! route set computed offline (up*/down*, dimension order, ...) and takes the port — and, when
//! the route names one, the VC — of its own hop. Paths visit a switch at most once, so the
//! switch's position on the path is its hop. Latency: the table access is covered by the
//! switch's routing delay.

use super::{Candidate, Candidates, Query, RoutingFunction};
use crate::routing::RouteSet;
use crate::sim::{Probe, ProbeVisitor};
use std::sync::Arc;

/// A switch's view of the network's route tables.
#[derive(Debug, Clone)]
pub struct TableRouting {
    pub sw: u32,
    pub routes: Arc<RouteSet>,
}

impl RoutingFunction for TableRouting {
    #[inline]
    fn route(&self, q: &Query<'_>, out: &mut Candidates) {
        let (s, d) = (q.hdr.src as usize, q.hdr.dst as usize);
        if s >= self.routes.hosts() || d >= self.routes.hosts() {
            return;
        }
        let r = self.routes.get(s, d);
        if let Some(i) = r.switches.iter().position(|&x| x == self.sw) {
            out.push(Candidate {
                port: r.port(i),
                vcs: r.vcs().get(i).map_or(u32::MAX, |&v| 1 << v),
                escape: false,
                pri: 0,
                turn: false,
            });
        }
    }

    fn unit(&self) -> &'static str {
        "table"
    }
}

impl Probe for TableRouting {
    fn probe<V: ProbeVisitor>(&self, _v: &mut V) {}
}
