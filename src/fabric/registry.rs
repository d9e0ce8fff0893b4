//! The switch families every front end knows by name (`switch.family`): one line each in
//! [`families!`], which makes the network enum ([`AnyNetwork`]), the summary-section enum
//! ([`Section`]) and the name table ([`FAMILIES`]). Code that works on any network is written
//! once, generically over [`super::Family`], and reached through [`with_network!`]: one `match`
//! per run, static dispatch inside.

use super::keys::{FabricCfg, FamilyKeys, SwitchCfg};
use super::{myrinet, vc, vct, NetParams, Network, SectionReport};
use crate::error::{Error, Result};
use crate::routing::registry::Plan;
use crate::topology::Topology;
use crate::traffic::pattern::DestTable;
use serde::{Deserialize, Serialize};

/// What a family's builder is given.
pub type Builder = fn(&FabricCfg, &Topology, &Plan, NetParams, DestTable) -> Result<AnyNetwork>;

/// One family: name, what it is, its builder, what it tells the schema (its `keys.rs`).
pub struct FamilyEntry {
    pub name: &'static str,
    pub help: &'static str,
    pub build: Builder,
    pub keys: &'static FamilyKeys,
}

macro_rules! families {
    ($d:tt $($var:ident($fam:ty, $build:path, $keys:path) = $name:literal : $help:literal,)*) => {
        /// A network of any registered family.
        pub enum AnyNetwork {
            $($var(Network<$fam>),)*
        }

        /// A family's section of the summary, under the family's name in JSON (one per run:
        /// its size does not matter).
        #[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
        #[allow(clippy::large_enum_variant)]
        #[serde(rename_all = "lowercase")]
        pub enum Section {
            $($var(<$fam as super::Family>::Section),)*
        }

        $(impl From<<$fam as super::Family>::Section> for Section {
            fn from(s: <$fam as super::Family>::Section) -> Self {
                Section::$var(s)
            }
        })*

        impl Section {
            /// The family's lines of the text report.
            pub fn report(&self) -> String {
                match self {
                    $(Section::$var(s) => s.report(),)*
                }
            }
        }

        /// Every family.
        pub const FAMILIES: &[FamilyEntry] = &[
            $(FamilyEntry {
                name: $name,
                help: $help,
                build: |c, t, p, n, d| $build(c, t, p, n, d).map(AnyNetwork::$var),
                keys: &$keys,
            },)*
        ];

        /// Run a body with a name bound to the network inside an [`AnyNetwork`], whatever its
        /// family: `with_network!(any, net => net.run(1000))`.
        #[macro_export]
        macro_rules! with_network {
            ($d any:expr, $d n:ident => $d body:expr) => {
                match $d any {
                    $($crate::fabric::registry::AnyNetwork::$var($d n) => $d body,)*
                }
            };
        }
    };
}

families! {
    $
    Myrinet(myrinet::MyrinetFamily, myrinet::build, myrinet::FAMILY) = "myrinet":
        "source-routed wormhole switches with stop/go slack buffers, NICs with send/receive DMA and in-transit buffers (the ITB paper)",
    Vct(vct::VctFamily, vct::build, vct::FAMILY) = "vct":
        "virtual cut-through switches with input and output queues, credits and a routing unit with a selection function; NICs with reorder buffers and end-to-end flow control (the Fat-trees paper)",
    Vc(vc::VcFamily, vc::build, vc::FAMILY) = "vc":
        "input-queued virtual-channel routers: per-VC buffers and credits, VC and switch allocators, wormhole or virtual cut-through (BookSim2's iq router: configs/booksim-iq.toml)",
}

/// The family called `name`; the error lists them all.
pub fn family(name: &str) -> Result<&'static FamilyEntry> {
    FAMILIES.iter().find(|f| f.name == name).ok_or_else(|| {
        Error::new(format!(
            "{name:?} is not a switch family; allowed: {}",
            crate::routing::registry::names(FAMILIES.iter().map(|f| f.name))
        ))
    })
}

/// `switch.routing_cycles` in force: the configured value, or the family's default (0 for a
/// family that is not registered: validation names it).
pub fn routing_cycles(s: &SwitchCfg) -> u32 {
    s.routing_cycles
        .unwrap_or_else(|| family(&s.family).map_or(0, |f| f.keys.routing_cycles))
}

/// The family named exists, its NIC offers the source queues asked for, and the relations
/// between keys it needs hold.
pub fn check(c: &FabricCfg) -> Result<()> {
    let f = family(&c.switch.family).map_err(|e| e.context("switch.family"))?;
    let q = c.traffic.source_queues.as_str();
    if !f.keys.source_queues.contains(&q) {
        return Err(Error::field(
            "traffic.source_queues",
            format!(
                "{q:?} is not a source queue discipline of the {} family's NIC; allowed with switch.family = {:?}: {}",
                f.name,
                f.name,
                f.keys
                    .source_queues
                    .iter()
                    .map(|s| format!("{s:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    (f.keys.check)(c)
}

/// The longest pause of the family's blocks ([`FamilyKeys::pause`]).
pub fn pause(c: &FabricCfg) -> u64 {
    family(&c.switch.family).map_or(0, |f| (f.keys.pause)(c))
}

/// What every front end does with a network of any family; each call is one `match`.
impl AnyNetwork {
    /// Evaluate one cycle; false once a deadlock was detected.
    pub fn step(&mut self) -> bool {
        with_network!(self, n => n.step())
    }

    /// Run `cycles` more cycles (stops early on deadlock).
    pub fn run(&mut self, cycles: u64) {
        with_network!(self, n => n.run(cycles))
    }

    /// The current cycle.
    pub fn now(&self) -> u64 {
        with_network!(self, n => n.now())
    }

    /// The summary of the run so far.
    pub fn summary(&self) -> super::Summary {
        with_network!(self, n => n.summary())
    }

    /// The family's name.
    pub fn family(&self) -> &'static str {
        fn name<F: super::Family>(_: &Network<F>) -> &'static str {
            F::NAME
        }
        with_network!(self, n => name(n))
    }

    /// Flit conservation holds.
    pub fn conservation_ok(&self) -> bool {
        with_network!(self, n => n.conservation_ok())
    }

    /// Nothing left anywhere.
    pub fn drained(&self) -> bool {
        with_network!(self, n => n.drained())
    }

    /// Stop every generator (the network then drains).
    pub fn stop_traffic(&mut self) {
        with_network!(self, n => n.stop_traffic())
    }
}

impl crate::sim::Probe for AnyNetwork {
    fn probe<V: crate::sim::ProbeVisitor>(&self, v: &mut V) {
        with_network!(self, n => n.probe(v))
    }
}
