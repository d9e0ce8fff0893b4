//! The route stage of the VC router (BookSim2's `_RouteUpdate`): the head at the front of an
//! idle input VC asks the routing function for its candidates (ports and the VCs allowed on
//! each); VC allocation may use them `routing_cycles` later (0 with lookahead routing, the iq
//! preset).

use crate::fabric::vc::nic::seq::VcExt;
use crate::routing::function::{Candidate, Candidates, Query, Routing, RoutingFunction};
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
    routing.route(&query((sw, port, v), f, packets), cands);
    usable(cands.as_slice(), v, keep_vc)
}

/// [`route_head`] by a routing function that gives every head one candidate
/// (`RoutingFunction::one_candidate`): the candidate, without a set, and whether it routes
/// the head.
#[inline(always)]
pub(super) fn route_head_one(
    routing: &Routing,
    (sw, port, v): (u32, usize, usize),
    f: Flit,
    packets: &PacketTable<VcExt>,
    keep_vc: bool,
) -> (Option<Candidate>, bool) {
    let c = routing.route_one(&query((sw, port, v), f, packets));
    let ok = usable(c.as_slice(), v, keep_vc);
    (c, ok)
}

/// What head `f` at input `port`, VC `v` of router `sw` asks the routing function.
#[inline(always)]
fn query<'a>(
    (sw, port, v): (u32, usize, usize),
    f: Flit,
    packets: &'a PacketTable<VcExt>,
) -> Query<'a> {
    Query {
        sw,
        in_port: port as u8,
        in_vc: v as u8,
        hdr: packets.header(f.pkt),
        route_byte: f.data,
    }
}

/// Candidates `c` route a head at VC `v`: there is one, and for a packet that keeps its VC
/// (`keep_vc`) one allowing `v`.
#[inline(always)]
fn usable(c: &[Candidate], v: usize, keep_vc: bool) -> bool {
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
