//! Configuration schema (TOML) of one simulation: topology × switch family × routing ×
//! selection × traffic × hardware.
//!
//! The schema assembles the sections from the parts of the model that own them: `[topology]`
//! (`topology::keys`), `[routing]` (`routing::keys`, with DL's and SSR's keys flattened in),
//! `[traffic]` (`traffic::keys`), `[link]`, `[switch]` and `[nic]` (`fabric::keys`, each switch
//! family's keys flattened in from its own `keys.rs`), and `[exchange]` (the vc family's).
//! Every field has a default (the Myrinet values of seed 000 §4.3–4.5); a configuration file
//! only names what it changes. Names of families, routings and selections come from the
//! registries (`fabric::registry`, `routing::registry`, `routing::selection`). Unknown keys,
//! wrong types and out-of-range values are errors that name the field, the value and what is
//! allowed. `--set key=value` overrides use the same dotted names (`traffic.rate=0.05`,
//! `topology.switches=64`).

pub use crate::fabric::keys::{FabricCfg, LinkCfg, NicCfg, SwitchCfg};
pub use crate::fabric::vc::keys::ExchangeCfg;
pub use crate::routing::keys::RoutingCfg;
pub use crate::topology::keys::{TopologyCfg, TopologyKind};
pub use crate::traffic::keys::TrafficCfg;
use serde::{Deserialize, Serialize};

/// The embedded default configuration (`configs/default.toml`).
pub const DEFAULT_TOML: &str = include_str!("../../configs/default.toml");

/// A whole simulation configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Seed of everything random (topology, route balancing order, traffic): any u64; TOML
    /// integers stop at 2^63 - 1, so larger seeds are written as strings.
    #[serde(with = "crate::keys::seed_u64")]
    pub seed: u64,
    /// Cycles to simulate, warm-up included.
    pub cycles: u64,
    /// Cycles discarded before measuring.
    pub warmup: u64,
    /// Cycles without progress (with flits in the network) that count as a deadlock.
    pub watchdog_cycles: u64,
    pub topology: TopologyCfg,
    pub routing: RoutingCfg,
    pub traffic: TrafficCfg,
    pub link: LinkCfg,
    pub switch: SwitchCfg,
    pub nic: NicCfg,
    pub exchange: ExchangeCfg,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 1,
            cycles: 200_000,
            warmup: 20_000,
            watchdog_cycles: 20_000,
            topology: TopologyCfg::default(),
            routing: RoutingCfg::default(),
            traffic: TrafficCfg::default(),
            link: LinkCfg::default(),
            switch: SwitchCfg::default(),
            nic: NicCfg::default(),
            exchange: ExchangeCfg::default(),
        }
    }
}

impl Config {
    /// The sections a switch family's builder reads.
    pub fn fabric(&self) -> FabricCfg<'_> {
        FabricCfg {
            routing_cycles: crate::fabric::registry::routing_cycles(&self.switch),
            routing: &self.routing,
            traffic: &self.traffic,
            link: &self.link,
            switch: &self.switch,
            nic: &self.nic,
            exchange: &self.exchange,
        }
    }
}
