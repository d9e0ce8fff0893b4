//! The vct family's keys (seed 001 §3): its switch's queue depth (`[switch]`), and what the
//! family tells the schema.

use crate::error::Result;
use crate::fabric::keys::{FabricCfg, FamilyKeys};
use crate::keys::{range, Keys};
use serde::{Deserialize, Serialize};

/// The vct switch's keys, in `[switch]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SwitchKeys {
    /// Input and output queues, in packets of the largest size (seed 001: 2).
    pub buffer_packets: u32,
}

impl Default for SwitchKeys {
    fn default() -> Self {
        SwitchKeys {
            buffer_packets: super::switch::VctParams::PAPER.buffer_packets,
        }
    }
}

impl Keys for SwitchKeys {
    const OWNER: &'static str = "vct family";
}

impl SwitchKeys {
    /// Every value in range.
    pub fn validate(&self) -> Result<()> {
        range("switch.buffer_packets", self.buffer_packets, 1, 1024)
    }
}

/// What the vct family tells the schema.
pub const FAMILY: FamilyKeys = FamilyKeys {
    routing_cycles: super::switch::VctParams::PAPER.routing_cycles,
    source_queues: &["fifo"],
    pause,
    check: |_| Ok(()),
};

/// The longest a healthy vct switch holds a packet without a flit moving: its routing delay.
fn pause(c: &FabricCfg) -> u64 {
    c.switch.routing_cycles() as u64
}
