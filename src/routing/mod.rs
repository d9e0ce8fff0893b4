//! Offline route computation for source-routed networks: up*/down* (seed 000 §2) with the
//! `balanced` and `shortest` selection policies, dimension-order routes for meshes and tori, route
//! statistics, and the channel-dependency-graph deadlock checker. For fat-trees, `ir_fir` gives the
//! IR/FIR register contents of every switch (seed 001 §3.1, §4.1) instead of source routes.

pub mod adaptive;
pub mod bound;
pub mod deadlock;
pub mod dl;
pub mod dl_table;
pub mod dor;
pub mod function;
pub mod ir_fir;
pub mod itb;
pub mod keys;
pub mod lturn;
pub mod plan_bound;
pub mod registry;
pub mod route_set;
pub mod selection;
pub mod stats;
pub mod tree_stats;
pub mod updown;
pub mod walk;
pub mod walk_report;
pub mod walked;

pub use route_set::{RouteRef, RouteSet, RouteSetBuilder};

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
    /// The virtual channel of every hop (`vcs[i]` on the link out of `ports[i]`); empty when
    /// the route names none (one VC, or the switches choose).
    pub vcs: Vec<u8>,
    /// In-transit hosts (seed 000 §3), in path order. Empty for up*/down* and DOR routes.
    pub itbs: Vec<ItbHop>,
}

/// An in-transit host on a route: at `switches[at]` the packet is ejected to `host` (through
/// switch port `port`), which re-injects it into the same switch to continue on `ports[at]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItbHop {
    pub at: u32,
    pub host: u32,
    pub port: u8,
}

/// The route byte that tells an in-transit NIC to re-inject the packet (Figure 4 of seed 000).
/// It is never a valid port number.
pub const ITB_MARK: u8 = 0xFF;

impl Route {
    /// The VC of hop `i` (0 when the route names none).
    #[inline]
    pub fn vc(&self, i: usize) -> usize {
        self.vcs.get(i).map_or(0, |&v| v as usize)
    }

    /// Number of switch-to-switch links crossed.
    pub fn hops(&self) -> usize {
        self.switches.len().saturating_sub(1)
    }

    /// The header bytes a source writes (Figure 4): for each sub-route its output ports, the
    /// in-transit host's port and an ITB mark; then the last sub-route.
    pub fn header_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(self.ports.len() + 2 * self.itbs.len());
        let mut next = self.itbs.iter().peekable();
        for (i, &p) in self.ports.iter().enumerate() {
            if let Some(h) = next.peek() {
                if h.at as usize == i {
                    b.push(h.port);
                    b.push(ITB_MARK);
                    next.next();
                }
            }
            b.push(p);
        }
        b
    }

    /// The sub-routes as (switch, output port) hop lists; wormhole dependencies exist only
    /// inside a sub-route.
    pub fn segments(&self) -> Vec<Vec<(usize, usize)>> {
        let hops: Vec<(usize, usize)> = self
            .switches
            .iter()
            .zip(&self.ports)
            .map(|(&s, &p)| (s as usize, p as usize))
            .collect();
        let mut out = Vec::new();
        let mut start = 0;
        for h in &self.itbs {
            let at = h.at as usize;
            let mut seg = hops[start..at].to_vec();
            seg.push((self.switches[at] as usize, h.port as usize));
            out.push(seg);
            start = at;
        }
        out.push(hops[start..].to_vec());
        out
    }
}
