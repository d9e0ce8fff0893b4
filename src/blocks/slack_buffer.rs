//! Slack buffer with stop/go flow control (seed 000 §4.3, Myrinet).
//!
//! The receiving side of every link holds an 80-byte slack buffer. When its occupancy rises above
//! the *stop* mark (56 bytes) it sends a *stop* symbol upstream; when it falls below the *go* mark
//! (40 bytes) it sends *go*. With a fly time of 8 cycles, at most 16 flits (8 on the wire, 8 sent
//! while the stop symbol travels back) arrive after the stop decision: 57 + 16 < 80, so the
//! buffer never overflows. Symbols are sent on transitions only, one per cycle at most.
//!
//! The sending side keeps a one-bit *go* register ([`StopGoSender`]) updated by the symbols.
//!
//! Latency: a flit written this cycle can leave the buffer in the same cycle's later stage (the
//! buffer is a FIFO inside the receiving block); the stop/go decision uses the occupancy after
//! this cycle's arrival and departure and reaches the sender `fly` cycles later.

use crate::sim::{Flit, FlowCtl, Probe, ProbeVisitor, Queue};

/// Slack buffer parameters (bytes = flits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlackParams {
    /// Capacity (Myrinet: 80).
    pub capacity: usize,
    /// Send *stop* when occupancy rises above this (Myrinet: 56).
    pub stop_above: usize,
    /// Send *go* when occupancy falls below this (Myrinet: 40).
    pub go_below: usize,
}

impl Default for SlackParams {
    fn default() -> Self {
        SlackParams {
            capacity: 80,
            stop_above: 56,
            go_below: 40,
        }
    }
}

/// Receiver side: storage plus the stop/go controller.
#[derive(Debug, Clone)]
pub struct SlackBuffer {
    q: Queue<Flit>,
    p: SlackParams,
    stopped: bool,
    /// Flits refused because the buffer was full (must stay 0).
    pub overflows: u64,
    /// Highest occupancy seen.
    pub max_level: usize,
    /// Number of stop symbols sent.
    pub stops_sent: u64,
}

impl SlackBuffer {
    /// An empty buffer in the *go* state.
    pub fn new(p: SlackParams) -> Self {
        SlackBuffer {
            q: Queue::new(p.capacity),
            p,
            stopped: false,
            overflows: 0,
            max_level: 0,
            stops_sent: 0,
        }
    }

    /// Store an arriving flit; a full buffer drops it and counts an overflow.
    #[inline]
    pub fn accept(&mut self, f: Flit) {
        if self.q.push(f).is_err() {
            self.overflows += 1;
        }
        if self.q.len() > self.max_level {
            self.max_level = self.q.len();
        }
    }

    /// End-of-cycle stop/go decision: the symbol to send upstream this cycle, if any.
    #[inline]
    pub fn flow_control(&mut self) -> Option<FlowCtl> {
        let level = self.q.len();
        if !self.stopped && level > self.p.stop_above {
            self.stopped = true;
            self.stops_sent += 1;
            Some(FlowCtl::Stop)
        } else if self.stopped && level < self.p.go_below {
            self.stopped = false;
            Some(FlowCtl::Go)
        } else {
            None
        }
    }

    /// The oldest flit.
    #[inline]
    pub fn front(&self) -> Option<&Flit> {
        self.q.front()
    }

    /// Mutable access to the oldest flit.
    #[inline]
    pub fn front_mut(&mut self) -> Option<&mut Flit> {
        self.q.front_mut()
    }

    /// Remove the oldest flit.
    #[inline]
    pub fn pop(&mut self) -> Option<Flit> {
        self.q.pop()
    }

    /// Occupancy in flits.
    #[inline]
    pub fn level(&self) -> usize {
        self.q.len()
    }

    /// True if empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.q.is_empty()
    }

    /// True while the controller holds the upstream sender stopped.
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Parameters.
    pub fn params(&self) -> SlackParams {
        self.p
    }

    /// Flits held, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Flit> {
        self.q.iter()
    }
}

impl Probe for SlackBuffer {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.bits("level", 8, self.q.len() as u64);
        v.flag("stop", self.stopped);
        v.int(
            "head_pkt",
            self.q.front().map(|f| f.pkt as i64).unwrap_or(-1),
        );
    }
}

/// A slack buffer built elsewhere — the RTL twin stepped in lockstep inside a network
/// (`hdl::insitu`) — behind the model's interface. Per cycle the switch calls `accept` (at most
/// once), `front`, `pop` (at most once), then `flow_control`, which ends the cycle.
pub trait SlackTwin: Send {
    fn accept(&mut self, f: Flit);
    fn front(&mut self) -> Option<Flit>;
    fn pop(&mut self) -> Option<Flit>;
    fn flow_control(&mut self) -> Option<FlowCtl>;
    /// The model run alongside (statistics, waveforms).
    fn model(&self) -> &SlackBuffer;
    /// Comparisons with the model run alongside.
    fn tally(&self) -> &super::TwinTally;
}

/// A switch input's slack buffer: the model, or a twin in its place.
pub enum SlackSlot {
    Model(SlackBuffer),
    Twin(Box<dyn SlackTwin>),
}

impl SlackSlot {
    #[inline]
    pub fn accept(&mut self, f: Flit) {
        match self {
            SlackSlot::Model(m) => m.accept(f),
            SlackSlot::Twin(t) => t.accept(f),
        }
    }

    /// The oldest flit.
    #[inline]
    pub fn front(&mut self) -> Option<Flit> {
        match self {
            SlackSlot::Model(m) => m.front().copied(),
            SlackSlot::Twin(t) => t.front(),
        }
    }

    #[inline]
    pub fn pop(&mut self) -> Option<Flit> {
        match self {
            SlackSlot::Model(m) => m.pop(),
            SlackSlot::Twin(t) => t.pop(),
        }
    }

    #[inline]
    pub fn flow_control(&mut self) -> Option<FlowCtl> {
        match self {
            SlackSlot::Model(m) => m.flow_control(),
            SlackSlot::Twin(t) => t.flow_control(),
        }
    }

    /// The model (the twin's shadow model when a twin is in place).
    #[inline]
    pub fn model(&self) -> &SlackBuffer {
        match self {
            SlackSlot::Model(m) => m,
            SlackSlot::Twin(t) => t.model(),
        }
    }
}

impl std::fmt::Debug for SlackSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SlackSlot::Model(m) => m.fmt(f),
            SlackSlot::Twin(t) => write!(f, "Twin({:?})", t.model()),
        }
    }
}

/// Sender side of stop/go: a one-bit register set by *go*, cleared by *stop*.
#[derive(Debug, Clone, Copy)]
pub struct StopGoSender {
    go: bool,
}

impl Default for StopGoSender {
    fn default() -> Self {
        StopGoSender { go: true }
    }
}

impl StopGoSender {
    /// Apply an arriving symbol.
    #[inline]
    pub fn receive(&mut self, s: Option<FlowCtl>) {
        match s {
            Some(FlowCtl::Stop) => self.go = false,
            Some(FlowCtl::Go) => self.go = true,
            // a stop/go link never carries credits
            Some(FlowCtl::Credit { .. }) | None => {}
        }
    }

    /// May the sender drive a flit this cycle?
    #[inline]
    pub fn can_send(&self) -> bool {
        self.go
    }
}
