//! Internal speedup (BookSim2's `internal_speedup`, `Router::Evaluate`): the router's core runs
//! S times as fast as its links. Every link cycle the inputs are read once (flits written, a
//! head at an idle VC routed from the cycle's first step), credits returned from downstream
//! enter the delay line once, then the pipeline — crossbar exits, VC allocation, switch
//! allocation and traversal — steps S times; the routing, allocation and crossbar delays count
//! these internal steps. An input may thus send up to S flits a cycle and an output receive up
//! to S from the crossbar: they wait in the output's FIFO ([`SpeedupFifo`], BookSim2's output
//! buffer), which drives one flit a cycle onto its link. A flit enters the FIFO only with its
//! credit downstream spent, so the FIFO never holds more than the buffers downstream. Each
//! flit's input credit queues at its input and one goes upstream per link and cycle, in the
//! order freed, as BookSim2's `_credit_buffer` does (one credit an input and internal step, of
//! one flit; the paced credit return's FIFOs): a second flit's credit waits a cycle.
//!
//! Latency: a head written at cycle c is VC-allocated at step 0, requests the switch
//! `vc_alloc_cycles` steps later and leaves the crossbar `sw_alloc_cycles - 1 +
//! crossbar_cycles` steps after its grant, onto the link in the cycle of that step: with
//! BookSim2's delays (0/1/1/1) and S = 2, one cycle in the router instead of two.

use super::VcSwitch;
use crate::sim::Flit;
use std::collections::VecDeque;

/// Per output, the flits that crossed the crossbar and wait for their link, in crossing order.
#[derive(Debug, Clone)]
pub(super) struct SpeedupFifo {
    q: Box<[VecDeque<Flit>]>,
    /// Outputs with a flit waiting (bit = output).
    waiting: u32,
    /// Flits waiting, over every output.
    pub flits: u32,
    /// The most flits one output's FIFO held.
    pub max_flits: u32,
}

impl SpeedupFifo {
    /// The FIFOs of `ports` outputs, empty.
    pub fn new(ports: usize) -> Self {
        SpeedupFifo {
            q: (0..ports).map(|_| VecDeque::with_capacity(4)).collect(),
            waiting: 0,
            flits: 0,
            max_flits: 0,
        }
    }

    /// Flits waiting for output `o`'s link.
    pub fn held(&self, o: usize) -> u32 {
        self.q[o].len() as u32
    }

    /// Flit `f` crossed the crossbar to output `o`.
    #[inline]
    pub fn push(&mut self, o: usize, f: Flit) {
        let q = &mut self.q[o];
        q.push_back(f);
        self.max_flits = self.max_flits.max(q.len() as u32);
        self.waiting |= 1 << o;
        self.flits += 1;
    }

    /// The front flit of every output with one leaves, handed to `drive`; returns how many.
    #[inline]
    pub fn send(&mut self, mut drive: impl FnMut(usize, Flit)) -> u32 {
        let mut m = self.waiting;
        let mut sent = 0;
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            m &= m - 1;
            let q = &mut self.q[o];
            if let Some(f) = q.pop_front() {
                drive(o, f);
                sent += 1;
            }
            // (a select: whether the FIFO emptied is the traffic's)
            self.waiting &= !((q.is_empty() as u32) << o);
        }
        self.flits -= sent;
        sent
    }

    /// Flits waiting at output `o`.
    pub fn level(&self, o: usize) -> u32 {
        self.q[o].len() as u32
    }
}

impl VcSwitch {
    /// Flits waiting in output `o`'s speedup FIFO (0 without a speedup).
    pub fn fifo_level(&self, o: usize) -> u32 {
        self.fifo.as_ref().map_or(0, |f| f.level(o))
    }

    /// The most flits an output's speedup FIFO held (0 without a speedup).
    pub fn fifo_max(&self) -> u32 {
        self.fifo.as_ref().map_or(0, |f| f.max_flits)
    }
}
