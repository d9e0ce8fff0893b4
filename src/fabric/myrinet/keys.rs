//! The myrinet family's keys (seed 000 §4.3–4.5): its switch's first-flit latency and stop/go
//! slack buffer (`[switch]`), its NIC's DMA and in-transit-buffer engine (`[nic]`).

use crate::error::Result;
use crate::keys::{range, Keys};
use serde::{Deserialize, Serialize};

/// The myrinet switch's keys, in `[switch]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SwitchKeys {
    /// Header arrival to first flit out, free output (seed 000: 24 cycles = 150 ns).
    pub first_flit_latency_cycles: u32,
    /// Slack buffer bytes (seed 000: 80).
    pub slack_bytes: usize,
    /// Stop mark (seed 000: 56).
    pub stop_above: usize,
    /// Go mark (seed 000: 40).
    pub go_below: usize,
}

impl Default for SwitchKeys {
    fn default() -> Self {
        let sw = super::switch::SwitchParams::default();
        SwitchKeys {
            first_flit_latency_cycles: sw.first_flit_latency,
            slack_bytes: sw.slack.capacity,
            stop_above: sw.slack.stop_above,
            go_below: sw.slack.go_below,
        }
    }
}

impl Keys for SwitchKeys {
    const OWNER: &'static str = "myrinet family";
}

impl SwitchKeys {
    /// Every value in range.
    pub fn validate(&self) -> Result<()> {
        range(
            "switch.first_flit_latency_cycles",
            self.first_flit_latency_cycles,
            1,
            10_000,
        )?;
        range("switch.slack_bytes", self.slack_bytes, 2, 1 << 20)?;
        range(
            "switch.stop_above",
            self.stop_above,
            1,
            self.slack_bytes - 1,
        )?;
        range("switch.go_below", self.go_below, 1, self.stop_above)
    }
}

/// The myrinet NIC's keys, in `[nic]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NicKeys {
    /// Cycles to load a packet into NIC memory before its transmission starts.
    pub load_cycles: u32,
    /// Receive DMA rate in bytes per cycle (1 = link rate).
    pub recv_bytes_per_cycle: u32,
    /// ITB: header arrival to mark detected (seed 000 §4.5: 275 ns = 44 cycles).
    pub itb_detect_cycles: u32,
    /// ITB: mark detected to re-injection DMA programmed (200 ns = 32 cycles).
    pub itb_program_cycles: u32,
    /// ITB pool per NIC in bytes (512 KB).
    pub itb_pool_bytes: usize,
    /// ITB: extra delay of a packet spilled to host memory, from its tail (3200 cycles = 20 us).
    pub itb_spill_delay_cycles: u32,
    /// ITB: in-transit packets the engine can hold (descriptor memory); a marked header that
    /// finds them all in use waits in the NIC's input buffer.
    pub itb_descriptors: usize,
}

impl Default for NicKeys {
    fn default() -> Self {
        let itb = crate::blocks::nic::itb::ItbParams::default();
        NicKeys {
            load_cycles: 0,
            recv_bytes_per_cycle: 1,
            itb_detect_cycles: itb.detect_cycles,
            itb_program_cycles: itb.program_cycles,
            itb_pool_bytes: itb.pool_bytes,
            itb_spill_delay_cycles: itb.spill_delay_cycles,
            itb_descriptors: itb.descriptors,
        }
    }
}

impl Keys for NicKeys {
    const OWNER: &'static str = "myrinet family";
}

impl NicKeys {
    /// Every value in range.
    pub fn validate(&self) -> Result<()> {
        range("nic.load_cycles", self.load_cycles, 0, 1_000_000)?;
        range("nic.recv_bytes_per_cycle", self.recv_bytes_per_cycle, 1, 64)?;
        range("nic.itb_detect_cycles", self.itb_detect_cycles, 0, 255)?;
        range("nic.itb_program_cycles", self.itb_program_cycles, 0, 255)?;
        range(
            "nic.itb_spill_delay_cycles",
            self.itb_spill_delay_cycles,
            1,
            4095,
        )?;
        range("nic.itb_descriptors", self.itb_descriptors, 1, 1 << 20)
    }

    /// The longest an ITB holds a packet without a flit moving: detection and programming,
    /// or a spill to host memory.
    pub fn itb_pause(&self) -> u64 {
        ((self.itb_detect_cycles + self.itb_program_cycles) as u64)
            .max(self.itb_spill_delay_cycles as u64)
    }
}
