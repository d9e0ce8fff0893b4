//! In-transit buffer (ITB) engine of the NIC (seed 000 §3, §4.5, Figure 5).
//!
//! A packet whose first flit at this NIC is an ITB mark is in transit: it is ejected into the
//! NIC's ITB pool and re-injected on its next sub-route. Timing from the paper: the NIC detects
//! the mark 44 byte-times (275 ns) after the header arrives, programs the re-injection DMA in 32
//! more (200 ns), and may start re-injecting before the tail has arrived (the packet keeps
//! streaming in at link rate) — but only once room for the whole packet is reserved in the pool
//! (512 KB by default), which makes the scheme deadlock-free. When the pool cannot hold the
//! packet it goes to host memory instead: it is re-injected only `spill_delay` cycles after its
//! tail has arrived, and the spill is counted.
//!
//! FSM of the packet at the head of the engine's queue (shown in waveforms):
//! `IDLE` → `DETECT` → `PROGRAM` → (`SPILL`) → `READY` (waiting for the output link) →
//! `REINJECT` (the send DMA streams it) → `IDLE`.

use std::collections::VecDeque;

/// ITB engine parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ItbParams {
    /// Header arrival to mark detected (44 cycles = 275 ns).
    pub detect_cycles: u32,
    /// Mark detected to re-injection DMA programmed (32 cycles = 200 ns).
    pub program_cycles: u32,
    /// ITB pool in bytes (512 KB).
    pub pool_bytes: usize,
    /// Extra delay of a packet spilled to host memory, counted from its tail.
    pub spill_delay_cycles: u32,
    /// In-transit packets the engine can hold (its descriptor memory). A marked header that
    /// finds them all in use is not taken from the NIC's input buffer until one frees. The
    /// default (2^20) is effectively unbounded: a blocked ejection breaks the deadlock freedom
    /// of ITB routing, and small values do deadlock a loaded network (testbenches/itb.rs).
    pub descriptors: usize,
}

impl Default for ItbParams {
    fn default() -> Self {
        ItbParams {
            detect_cycles: 44,
            program_cycles: 32,
            pool_bytes: 512 * 1024,
            spill_delay_cycles: 3200,
            descriptors: 1 << 20,
        }
    }
}

/// One packet held by the engine.
#[derive(Debug, Clone, Copy)]
pub struct InTransit {
    pub pkt: u32,
    /// Cycle the header (the mark) arrived.
    pub head_cycle: u64,
    /// Flits of the re-injected packet received so far (the mark excluded).
    pub received: u32,
    /// Flits to re-inject: the remaining route bytes and the payload.
    pub len: u32,
    /// The tail has arrived.
    pub complete: bool,
    pub tail_cycle: u64,
    /// Reserved in the pool (decided at programming time).
    pub reserved: bool,
    /// Spilled to host memory.
    pub spilled: bool,
    /// Flits already re-injected.
    pub sent: u32,
}

/// The engine: a queue of in-transit packets and the pool accounting.
#[derive(Debug, Clone)]
pub struct ItbEngine {
    pub p: ItbParams,
    q: VecDeque<InTransit>,
    /// Bytes reserved in the pool.
    pub pool_used: usize,
    pub max_pool_used: usize,
    /// Packets spilled to host memory.
    pub spills: u64,
    /// Packets re-injected.
    pub forwarded: u64,
    /// Marks removed from headers.
    pub marks: u64,
    /// Cycles a marked header waited for a free descriptor.
    pub descriptor_stalls: u64,
}

/// What the engine is doing, for waveforms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItbState {
    Idle,
    Detect,
    Program,
    Spill,
    Ready,
    Reinject,
}

impl ItbState {
    /// Name for waveforms.
    pub fn name(self) -> &'static str {
        match self {
            ItbState::Idle => "IDLE",
            ItbState::Detect => "DETECT",
            ItbState::Program => "PROGRAM",
            ItbState::Spill => "SPILL",
            ItbState::Ready => "READY",
            ItbState::Reinject => "REINJECT",
        }
    }
}

impl ItbEngine {
    /// An empty engine.
    pub fn new(p: ItbParams) -> Self {
        ItbEngine {
            p,
            q: VecDeque::with_capacity(16),
            pool_used: 0,
            max_pool_used: 0,
            spills: 0,
            forwarded: 0,
            marks: 0,
            descriptor_stalls: 0,
        }
    }

    /// A mark arrived at cycle `now`: a new in-transit packet of `len` flits to re-inject.
    /// Refused (false) when every descriptor is in use — the NIC holds the header until one
    /// frees, so this does not happen inside a network.
    pub fn start(&mut self, now: u64, pkt: u32, len: u32) -> bool {
        if self.is_full() {
            return false;
        }
        self.marks += 1;
        self.q.push_back(InTransit {
            pkt,
            head_cycle: now,
            received: 0,
            len,
            complete: false,
            tail_cycle: 0,
            reserved: false,
            spilled: false,
            sent: 0,
        });
        true
    }

    /// One more flit of the packet being received (the newest one) arrived.
    pub fn receive(&mut self, now: u64, tail: bool) {
        if let Some(t) = self.q.back_mut() {
            t.received += 1;
            if tail {
                t.complete = true;
                t.tail_cycle = now;
            }
        }
    }

    /// Per-cycle control: reserve pool room (or spill) for packets whose DMA is programmed.
    /// Returns how many packets were reserved and spilled this cycle.
    pub fn step(&mut self, now: u64) -> (u32, u32) {
        let ready_after = (self.p.detect_cycles + self.p.program_cycles) as u64;
        let (mut reserved, mut spilled) = (0, 0);
        for t in self.q.iter_mut() {
            if t.reserved || t.spilled || now < t.head_cycle + ready_after {
                continue;
            }
            if self.pool_used + t.len as usize <= self.p.pool_bytes {
                t.reserved = true;
                self.pool_used += t.len as usize;
                self.max_pool_used = self.max_pool_used.max(self.pool_used);
                reserved += 1;
            } else {
                t.spilled = true;
                self.spills += 1;
                spilled += 1;
            }
        }
        (reserved, spilled)
    }

    /// The packet the send DMA may start re-injecting now, if any (oldest first).
    pub fn ready(&self, now: u64) -> Option<InTransit> {
        let t = self.q.front()?;
        let ok = t.sent == 0
            && (t.reserved
                || (t.spilled
                    && t.complete
                    && now >= t.tail_cycle + self.p.spill_delay_cycles as u64));
        ok.then_some(*t)
    }

    /// May flit `idx` of the front packet be sent (has it arrived)?
    #[inline]
    pub fn available(&self, idx: u32) -> bool {
        self.q.front().is_some_and(|t| idx < t.received)
    }

    /// The send DMA drove one flit of the front packet; `last` when it was the tail.
    pub fn sent_one(&mut self, last: bool) {
        if let Some(t) = self.q.front_mut() {
            t.sent += 1;
            if t.reserved {
                self.pool_used -= 1;
            }
        }
        if last {
            self.q.pop_front();
            self.forwarded += 1;
        }
    }

    /// In-transit packets held.
    pub fn len(&self) -> usize {
        self.q.len()
    }

    /// True when no packet is held.
    pub fn is_empty(&self) -> bool {
        self.q.is_empty()
    }

    /// True when every descriptor is in use: no new in-transit packet can start.
    pub fn is_full(&self) -> bool {
        self.q.len() >= self.p.descriptors
    }

    /// The packet being re-injected (or next to be).
    pub fn front(&self) -> Option<&InTransit> {
        self.q.front()
    }

    /// The packet received last (still arriving unless complete).
    pub fn back(&self) -> Option<&InTransit> {
        self.q.back()
    }

    /// FSM state of the front packet at cycle `now`.
    pub fn state(&self, now: u64) -> ItbState {
        let Some(t) = self.q.front() else {
            return ItbState::Idle;
        };
        if t.sent > 0 {
            ItbState::Reinject
        } else if now < t.head_cycle + self.p.detect_cycles as u64 {
            ItbState::Detect
        } else if !t.reserved && !t.spilled {
            ItbState::Program
        } else if t.spilled && self.ready(now).is_none() {
            ItbState::Spill
        } else {
            ItbState::Ready
        }
    }

    /// Packet id of the front packet (-1 none).
    pub fn front_pkt(&self) -> i64 {
        self.q.front().map(|t| t.pkt as i64).unwrap_or(-1)
    }
}
