//! The throughput bound of a routing plan, whichever way it routes: minimal paths
//! split evenly for a routing that may take any minimal path ([`minimal_even`]), dimension order
//! walked one path at a time ([`of_dor`]), routing functions without a route set walked through
//! the switches (the dragonfly's, [`walk_report::bound`]), else its route set ([`of_routes`]).
//! Above both the bounds and the walk, which it picks between.

use super::bound::{minimal_even, of_dor, of_routes, Bound};
use super::registry::Plan;
use super::walk_report;
use crate::topology::Topology;
use crate::traffic::pattern::DestTable;

/// The bound of a routing plan: of minimal paths split evenly for a routing that may take any
/// minimal path, else of its route set; None when it has neither or no host sends.
pub fn of_plan(topo: &Topology, plan: &Plan, dests: &DestTable) -> Option<Bound> {
    if plan.minimal_adaptive {
        minimal_even(topo, dests)
    } else if plan.routes.is_none() && plan.algorithm.starts_with("dor") {
        of_dor(topo, dests, plan.splits_ties())
    } else if plan.routes.is_none() && plan.functions.is_some() {
        // routing functions without routes (the dragonfly's): walked, every draw weighted
        walk_report::bound(topo, plan, dests).ok().flatten()
    } else {
        of_routes(topo, plan.routes.as_deref()?, dests)
    }
}
