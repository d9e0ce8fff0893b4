//! What every network takes from the configuration whatever its family (`NetParams`): link fly
//! times by class (between switches, to hosts, a dragonfly's global links), clock, flit size,
//! offered load, measurement window, watchdog and seed.

use crate::topology::{Endpoint, Topology};

/// What every network has, whatever its family.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NetParams {
    /// Link fly time in cycles (seed 000: 8).
    pub fly_cycles: u32,
    /// Fly time of the links between a NIC and its switch (`link.host_fly_cycles`; the same
    /// as `fly_cycles` unless given).
    pub host_fly_cycles: u32,
    /// Fly time of a dragonfly's global links (`link.global_fly_cycles`; `fly_cycles` unless
    /// given; refused on another topology).
    pub global_fly_cycles: u32,
    /// Clock period in ns (6.25: one flit per 6.25 ns).
    pub clock_ns: f64,
    /// Bytes per flit (the link moves one flit per cycle).
    pub flit_bytes: u32,
    /// Offered load of the generators, payload flits per cycle per host.
    pub rate: f64,
    /// First measured cycle.
    pub warmup: u64,
    /// Cycles without any flit moving, while flits or packets wait, that count as deadlock.
    pub watchdog_cycles: u64,
    /// Seed of the traffic generators.
    pub seed: u64,
}

impl NetParams {
    /// The fly time of the link from `a` to `b` of `topo`: a host link's, a global link's, or
    /// `fly_cycles`.
    pub(super) fn fly_of(&self, topo: &Topology, a: Endpoint, b: Endpoint) -> u32 {
        match (a, b) {
            (Endpoint::Nic(_), _) | (_, Endpoint::Nic(_)) => self.host_fly_cycles,
            (Endpoint::Switch { port, .. }, _) if topo.is_global(port) => self.global_fly_cycles,
            _ => self.fly_cycles,
        }
    }
}

impl Default for NetParams {
    fn default() -> Self {
        NetParams {
            fly_cycles: 8,
            host_fly_cycles: 8,
            global_fly_cycles: 8,
            clock_ns: 6.25,
            flit_bytes: 1,
            rate: 0.01,
            warmup: 10_000,
            watchdog_cycles: 20_000,
            seed: 1,
        }
    }
}
