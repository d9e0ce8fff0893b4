//! The sections the fabric reads — `[link]`, `[switch]`, `[nic]` — assembled from what each
//! switch family declares in its own `keys.rs`: the keys every family shares here, each
//! family's flattened beside them (`switch.vcs` stays one dotted name), [`FabricCfg`], what a
//! family's builder is given, and [`FamilyKeys`], what a family tells the schema. Nothing here
//! knows the experiment above or the registry beside it: the family keys files it assembles
//! import nothing of the fabric but their own switch's default parameters, which import no
//! keys.

use crate::error::{Error, Result};
use crate::fabric::myrinet::keys as myrinet;
use crate::fabric::vc::keys as vc;
use crate::fabric::vct::keys as vct;
use crate::keys::{range, Part};
use crate::routing::keys::RoutingCfg;
use crate::traffic::keys::TrafficCfg;
use serde::{Deserialize, Serialize};

/// How the sources learn that the destination delivered a packet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AckMode {
    /// Instantly and for free (the paper's ideal reorder mechanism); the sources of one
    /// destination share its whole buffer.
    Free,
    /// Real acknowledgement packets through the network; each source owns an equal share of
    /// the destination's buffer.
    Packets,
}

/// What a family tells the schema besides its keys.
pub struct FamilyKeys {
    /// `switch.routing_cycles` when not given.
    pub routing_cycles: u32,
    /// The `traffic.source_queues` disciplines its NIC offers.
    pub source_queues: &'static [&'static str],
    /// The longest a healthy switch or NIC of the family holds a packet without a flit
    /// moving (the watchdog's window must exceed it).
    pub pause: fn(&FabricCfg) -> u64,
    /// The relations between keys the family needs (its values are each in range).
    pub check: fn(&FabricCfg) -> Result<()>,
    /// The memory a network of the family holds, estimated before it is built from what
    /// its networks were measured to hold (the estimate a memory limit is checked against,
    /// [`crate::memory`]).
    pub bytes: fn(&FabricCfg) -> PartBytes,
}

/// Estimated memory of a network's parts, in bytes: per switch (what does not grow with its
/// ports), per switch port (its buffers, registers and link) and per host (its NIC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartBytes {
    pub switch: u64,
    pub port: u64,
    pub host: u64,
}

/// The sections a family's builder reads, and the routing cycles in force (the configured
/// `switch.routing_cycles` or the family's default, which the schema resolves through the
/// registry).
#[derive(Clone, Copy)]
pub struct FabricCfg<'a> {
    pub routing_cycles: u32,
    pub routing: &'a RoutingCfg,
    pub traffic: &'a TrafficCfg,
    pub link: &'a LinkCfg,
    pub switch: &'a SwitchCfg,
    pub nic: &'a NicCfg,
    pub exchange: &'a vc::ExchangeCfg,
}

/// `[link]`
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LinkCfg {
    /// Flits in flight on a cable (seed 000: 8): every link's fly time, the host links' too
    /// unless `host_fly_cycles` is given.
    pub fly_cycles: u32,
    /// Fly time of the links between a NIC and its switch, when it differs from the links
    /// between switches (BookSim2's torus: router channels of latency 2, injection and
    /// ejection channels of 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_fly_cycles: Option<u32>,
    /// Fly time of a dragonfly's global links (between groups), when it differs from the
    /// links inside a group (BookSim2's dragonfly: 100 cycles against 10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub global_fly_cycles: Option<u32>,
    /// Clock period in ns (seed 000: 6.25 ns per 1-byte flit).
    pub clock_ns: f64,
    /// Bytes per flit; a link moves one flit per cycle (seed 000/001: 1).
    pub flit_bytes: u32,
}

impl Default for LinkCfg {
    fn default() -> Self {
        // the paper's values live once, in the blocks' and the network's defaults
        let n = crate::fabric::NetParams::default();
        LinkCfg {
            fly_cycles: n.fly_cycles,
            host_fly_cycles: None,
            global_fly_cycles: None,
            clock_ns: n.clock_ns,
            flit_bytes: n.flit_bytes,
        }
    }
}

impl LinkCfg {
    /// The host links' fly time.
    pub fn host_fly(&self) -> u32 {
        self.host_fly_cycles.unwrap_or(self.fly_cycles)
    }

    /// A dragonfly's global links' fly time.
    pub fn global_fly(&self) -> u32 {
        self.global_fly_cycles.unwrap_or(self.fly_cycles)
    }

    /// The longest fly time of any link.
    pub fn max_fly(&self) -> u32 {
        self.fly_cycles.max(self.host_fly()).max(self.global_fly())
    }

    /// Every value in range.
    pub fn validate(&self) -> Result<()> {
        range("link.fly_cycles", self.fly_cycles, 1, 1024)?;
        if let Some(f) = self.host_fly_cycles {
            range("link.host_fly_cycles", f, 1, 1024)?;
        }
        if let Some(f) = self.global_fly_cycles {
            range("link.global_fly_cycles", f, 1, 1024)?;
        }
        range("link.flit_bytes", self.flit_bytes, 1, 4096)?;
        if !(self.clock_ns >= 1e-3 && self.clock_ns <= 1e6) {
            return Err(Error::field(
                "link.clock_ns",
                format!(
                    "{:?} is out of range, allowed 0.001..=1000000 ns (1 ps to 1 ms)",
                    self.clock_ns
                ),
            ));
        }
        Ok(())
    }
}

/// `[switch]`: the family, the keys families share, and each family's own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SwitchCfg {
    /// Switch family: myrinet (seed 000), vct (seed 001) or vc (virtual-channel routers).
    pub family: String,
    /// vct, vc: cycles from a header at the front of an input (VC) to its routing decision;
    /// when not given, the family's own: vct 20 (seed 001), vc 0 (BookSim2's routing_delay in
    /// its iq preset: lookahead routing). [`SwitchCfg::routing_cycles`] reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routing_cycles: Option<u32>,
    /// vct, vc: bytes one credit stands for; 0 = one credit per flit (seed 004 counts 64).
    pub credit_bytes: u32,
    #[serde(flatten)]
    pub myrinet: myrinet::SwitchKeys,
    #[serde(flatten)]
    pub vct: vct::SwitchKeys,
    #[serde(flatten)]
    pub vc: vc::SwitchKeys,
}

impl Default for SwitchCfg {
    fn default() -> Self {
        SwitchCfg {
            family: "myrinet".into(),
            routing_cycles: None,
            credit_bytes: 0,
            myrinet: Default::default(),
            vct: Default::default(),
            vc: Default::default(),
        }
    }
}

impl SwitchCfg {
    /// The section's parts: the shared keys, then each family's.
    pub fn parts() -> Vec<Part> {
        vec![
            Part::common::<SwitchCfg>("any family", &["family", "routing_cycles", "credit_bytes"]),
            Part::of::<myrinet::SwitchKeys>(),
            Part::of::<vct::SwitchKeys>(),
            Part::of::<vc::SwitchKeys>(),
        ]
    }

    /// Every family's values are in range (a sweep may switch families over one base); the
    /// family's name and its relations are the registry's to check (`registry::check`).
    pub fn validate(&self) -> Result<()> {
        range(
            "switch.routing_cycles",
            self.routing_cycles.unwrap_or(0),
            0,
            100_000,
        )?;
        range("switch.credit_bytes", self.credit_bytes, 0, 1 << 20)?;
        self.vct.validate()?;
        self.vc.validate()?;
        self.myrinet.validate()
    }
}

/// `[nic]`: in-order delivery, shared by the vct and vc families, and each family's own keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NicCfg {
    /// In-order delivery. vct: reorder buffer and end-to-end flow control (seed 001 §5.1);
    /// vc: seed 004's sequenced NIC (rearrange buffers, ACK/NACK, injection control).
    pub in_order: bool,
    /// How sources learn of deliveries: free (ideal: vct's paper mechanism; vc: an unlimited
    /// rearrange buffer and no ACK/NACK packets, seed 004 §4.2) or packets (real
    /// acknowledgements; vc: ACK/NACK packets and the rearrange memory).
    pub ack: AckMode,
    /// Reorder memory per destination NIC, bytes. vct: its reorder buffer (seed 001: 8 MB);
    /// vc with nic.rearrange = "dynamic": the shared pool (seed 004: 256 KB or 4 MB).
    pub reorder_bytes: u64,
    #[serde(flatten)]
    pub myrinet: myrinet::NicKeys,
    #[serde(flatten)]
    pub vc: vc::NicKeys,
}

impl Default for NicCfg {
    fn default() -> Self {
        NicCfg {
            in_order: false,
            ack: AckMode::Free,
            reorder_bytes: 8 << 20,
            myrinet: Default::default(),
            vc: Default::default(),
        }
    }
}

impl NicCfg {
    /// The section's parts: the shared keys, then each family's.
    pub fn parts() -> Vec<Part> {
        vec![
            Part::common::<NicCfg>("any family", &["in_order", "ack", "reorder_bytes"]),
            Part::of::<myrinet::NicKeys>(),
            Part::of::<vc::NicKeys>(),
        ]
    }

    /// Every family's values in range.
    pub fn validate(&self) -> Result<()> {
        range("nic.reorder_bytes", self.reorder_bytes, 0, 1 << 40)?;
        self.vc.validate()?;
        self.myrinet.validate()
    }
}
