//! Receive DMA of the NIC (seed 000 §4.5): drains the NIC's input slack buffer into host memory
//! at `bytes_per_cycle` (default 1 = link rate, so the NIC never stops the network); a packet is
//! delivered when its tail has been copied.

use crate::blocks::slack_buffer::{SlackBuffer, SlackParams};
use crate::sim::Flit;

/// The receive DMA engine and the NIC's input slack buffer.
#[derive(Debug, Clone)]
pub struct RecvDma {
    pub slack: SlackBuffer,
    bytes_per_cycle: u32,
    /// Packet being received (-1 = none).
    pub pkt: i64,
    /// Flits copied to host memory.
    pub flits: u64,
}

impl RecvDma {
    /// An idle engine draining `bytes_per_cycle` flits per cycle.
    pub fn new(slack: SlackParams, bytes_per_cycle: u32) -> Self {
        RecvDma {
            slack: SlackBuffer::new(slack),
            bytes_per_cycle: bytes_per_cycle.max(1),
            pkt: -1,
            flits: 0,
        }
    }

    /// Drain rate in flits per cycle.
    pub fn rate(&self) -> u32 {
        self.bytes_per_cycle
    }

    /// Take one flit from the input buffer (the NIC decides where it goes).
    #[inline]
    pub fn pop(&mut self) -> Option<Flit> {
        let f = self.slack.pop()?;
        self.flits += 1;
        self.pkt = if f.is_tail() { -1 } else { f.pkt as i64 };
        Some(f)
    }

    /// Copy up to `bytes_per_cycle` flits; returns the packet whose tail was copied, if any.
    #[inline]
    pub fn step(&mut self) -> Option<Flit> {
        for _ in 0..self.bytes_per_cycle {
            let f = self.slack.pop()?;
            self.flits += 1;
            self.pkt = f.pkt as i64;
            if f.is_tail() {
                self.pkt = -1;
                return Some(f);
            }
        }
        None
    }

    /// FSM state name for waveforms.
    pub fn state_name(&self) -> &'static str {
        if self.pkt >= 0 {
            "RECEIVE"
        } else {
            "IDLE"
        }
    }
}
