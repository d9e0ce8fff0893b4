//! The vct family's keys (seed 001 §3): its switch's queue depth (`[switch]`).

use crate::error::Result;
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
