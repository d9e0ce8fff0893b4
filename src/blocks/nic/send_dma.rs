//! Send DMA of the NIC (seed 000 §3, §4.5): a packet is wholly in NIC memory before its
//! transmission starts, then it is streamed onto the link at one flit per cycle while the
//! switch's slack buffer says *go*.
//!
//! FSM: `IDLE` → `LOAD` (copy the message from host memory into NIC memory; `load_cycles` per
//! packet, 0 by default as the paper measures from injection) → `SEND` (route bytes first, then
//! the payload; the last flit carries the tail mark) → `IDLE`.

use super::routing_table::RouteBytes;
use crate::sim::Flit;

/// Send DMA state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendState {
    Idle,
    Load {
        pkt: u32,
        ready: u64,
    },
    /// Streaming; `fwd` when re-injecting an in-transit packet from the ITB pool.
    Send {
        pkt: u32,
        idx: u32,
        len: u32,
        fwd: bool,
    },
}

impl SendState {
    /// FSM state name for waveforms.
    pub fn name(&self) -> &'static str {
        match self {
            SendState::Idle => "IDLE",
            SendState::Load { .. } => "LOAD",
            SendState::Send { fwd: false, .. } => "SEND",
            SendState::Send { fwd: true, .. } => "FORWARD",
        }
    }
}

/// The send DMA engine.
#[derive(Debug, Clone)]
pub struct SendDma {
    pub state: SendState,
    load_cycles: u32,
}

impl SendDma {
    /// An idle engine.
    pub fn new(load_cycles: u32) -> Self {
        SendDma {
            state: SendState::Idle,
            load_cycles,
        }
    }

    /// Start the next packet if idle; `route_len + payload` is its length in flits.
    #[inline]
    pub fn start(&mut self, now: u64, pkt: u32) {
        debug_assert!(self.state == SendState::Idle);
        self.state = SendState::Load {
            pkt,
            ready: now + self.load_cycles as u64,
        };
    }

    /// One cycle: returns the flit to drive, if any. `route` are the header bytes, `len` the
    /// packet length in flits, `go` the link's stop/go register.
    #[inline]
    pub fn step(
        &mut self,
        now: u64,
        go: bool,
        route: RouteBytes<'_>,
        payload: u32,
    ) -> Option<Flit> {
        if let SendState::Load { pkt, ready } = self.state {
            if now >= ready {
                self.state = SendState::Send {
                    pkt,
                    idx: 0,
                    len: route.len() as u32 + payload,
                    fwd: false,
                };
            }
        }
        let SendState::Send { pkt, idx, len, fwd } = self.state else {
            return None;
        };
        if !go {
            return None;
        }
        let mut f = Flit {
            pkt,
            data: route.get(idx as usize).unwrap_or(0),
            flags: 0,
            vc: 0,
            ..Flit::default()
        };
        if idx == 0 {
            f.flags |= Flit::HEAD;
        }
        if idx + 1 == len {
            f.flags |= Flit::TAIL;
            self.state = SendState::Idle;
        } else {
            self.state = SendState::Send {
                pkt,
                idx: idx + 1,
                len,
                fwd,
            };
        }
        Some(f)
    }

    /// Start re-injecting an in-transit packet of `len` flits (already in NIC memory: no load).
    pub fn start_forward(&mut self, pkt: u32, len: u32) {
        debug_assert!(self.state == SendState::Idle);
        self.state = SendState::Send {
            pkt,
            idx: 0,
            len,
            fwd: true,
        };
    }

    /// Index of the next flit to send and whether this is a re-injection.
    pub fn next(&self) -> Option<(u32, bool)> {
        match self.state {
            SendState::Send { idx, fwd, .. } => Some((idx, fwd)),
            _ => None,
        }
    }

    /// The packet being loaded or sent.
    pub fn pkt(&self) -> Option<u32> {
        match self.state {
            SendState::Idle => None,
            SendState::Load { pkt, .. } | SendState::Send { pkt, .. } => Some(pkt),
        }
    }
}
