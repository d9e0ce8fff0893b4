//! The route stage of the VC router (BookSim2's `_RouteUpdate`): the head at the front of an
//! idle input VC asks the routing function for its candidates (ports and the VCs allowed on
//! each); VC allocation may use them `routing_cycles` later (0 with lookahead routing, the iq
//! preset).

use crate::fabric::vc::nic::seq::VcExt;
use crate::routing::function::{Candidates, Query, Routing, RoutingFunction};
use crate::sim::packet::PacketTable;
use crate::sim::Flit;

/// The route stage.
#[derive(Debug, Clone)]
pub(super) struct RouteStage {
    /// The routing function (out of line: it is large, and read once per packet and hop).
    pub routing: Box<Routing>,
    /// Per input VC: the candidates of its head.
    pub cands: Vec<Candidates>,
    /// Headers the routing function gave no candidate, or none on the VC they must keep
    /// (must stay 0: such a head would wait for ever).
    pub errors: u64,
}

impl RouteStage {
    /// `ivcs` input VCs routed by `routing`.
    pub fn new(routing: Routing, ivcs: usize) -> Self {
        RouteStage {
            routing: Box::new(routing),
            cands: vec![Candidates::new(); ivcs],
            errors: 0,
        }
    }
}

/// The route stage's rule: head `f` at input `port`, VC `v` of
/// router `sw` asks `routing` for its candidates (into `cands`); false when there is none, or,
/// for a packet that keeps its VC (`keep_vc`), none allowing `v`: VC allocation never grants
/// it (a route error, counted by the caller).
#[inline(always)]
pub(super) fn route_head(
    routing: &Routing,
    (sw, port, v): (u32, usize, usize),
    f: Flit,
    packets: &PacketTable<VcExt>,
    cands: &mut Candidates,
    keep_vc: bool,
) -> bool {
    let q = Query {
        sw,
        in_port: port as u8,
        in_vc: v as u8,
        hdr: packets.header(f.pkt),
        route_byte: f.data,
    };
    routing.route(&q, cands);
    let c = cands.as_slice();
    !c.is_empty() && (!keep_vc || c.iter().any(|c| c.vcs >> v & 1 == 1))
}

/// The output VCs a head at input VC `v` may ask for among `allowed`: its own alone when
/// packets keep their VC (`keep_vc`).
#[inline(always)]
pub(super) fn kept(allowed: u32, v: usize, keep_vc: bool) -> u32 {
    if keep_vc {
        allowed & 1 << v
    } else {
        allowed
    }
}
