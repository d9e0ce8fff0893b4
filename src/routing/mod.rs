//! Offline route computation for source-routed networks: up*/down* (seed 000 §2) with the
//! `balanced` and `shortest` selection policies, dimension-order routes for meshes and tori, route
//! statistics, and the channel-dependency-graph deadlock checker.

pub mod deadlock;
pub mod dor;
pub mod stats;
pub mod updown;

/// One source route between two hosts.
///
/// `switches[i]` is the i-th switch the packet crosses and `ports[i]` the output port it takes
/// there; the last port leads to the destination host. `ports` are exactly the route bytes a
/// Myrinet header carries (each switch strips the first one). A route between two hosts of the
/// same switch has one switch and one port. The route from a host to itself is empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Route {
    pub switches: Vec<u32>,
    pub ports: Vec<u8>,
}

impl Route {
    /// Number of switch-to-switch links crossed.
    pub fn hops(&self) -> usize {
        self.switches.len().saturating_sub(1)
    }
}

/// One route per ordered host pair: the NIC routing tables of the whole network.
#[derive(Debug, Clone)]
pub struct RouteSet {
    pub hosts: usize,
    /// `routes[src * hosts + dst]`.
    pub routes: Vec<Route>,
}

impl RouteSet {
    /// The route from `src` to `dst`.
    pub fn get(&self, src: usize, dst: usize) -> &Route {
        &self.routes[src * self.hosts + dst]
    }
}
