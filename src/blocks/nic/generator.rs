//! Message generator of a host (seed 000 §4.2): constant, equal generation rate per host.
//!
//! The rate is given in payload flits per cycle per host; messages of `payload` bytes are
//! generated every `payload / rate` cycles (`Constant`, with a random phase per host so hosts do
//! not fire in lock-step) or with probability `rate / payload` each cycle (`Bernoulli`). A
//! generated message enters the source queue in host memory; when the queue holds
//! `queue_limit` messages, further messages are not generated and are counted as suppressed
//! (the offered load is beyond what the network accepts).

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Injection process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Process {
    /// Fixed inter-arrival time (the paper's constant rate), random phase per host.
    Constant,
    /// Independent trials every cycle (geometric inter-arrival).
    Bernoulli,
}

/// The generator's registers.
#[derive(Debug, Clone)]
pub struct MessageGenerator {
    interval: f64,
    next: f64,
    process: Process,
    /// Source queue: packet-table ids waiting for the send DMA, oldest first.
    pub queue: VecDeque<u32>,
    queue_limit: usize,
}

impl MessageGenerator {
    /// A generator of `rate` payload flits/cycle with `payload`-byte messages.
    pub fn new(
        rate: f64,
        payload: u32,
        process: Process,
        queue_limit: usize,
        rng: &mut ChaCha8Rng,
    ) -> Self {
        let interval = if rate > 0.0 {
            payload as f64 / rate
        } else {
            f64::INFINITY
        };
        let next = if interval.is_finite() {
            rng.random::<f64>() * interval
        } else {
            f64::INFINITY
        };
        MessageGenerator {
            interval,
            next,
            process,
            queue: VecDeque::with_capacity(queue_limit.min(1024)),
            queue_limit,
        }
    }

    /// How many messages to generate at cycle `now` (usually 0 or 1).
    #[inline]
    pub fn due(&mut self, now: u64, rng: &mut ChaCha8Rng) -> u32 {
        match self.process {
            Process::Constant => {
                let mut n = 0;
                while self.next <= now as f64 {
                    self.next += self.interval;
                    n += 1;
                }
                n
            }
            Process::Bernoulli => {
                if self.interval.is_finite() && rng.random::<f64>() * self.interval < 1.0 {
                    1
                } else {
                    0
                }
            }
        }
    }

    /// Stop generating (to drain the network).
    pub fn stop(&mut self) {
        self.interval = f64::INFINITY;
        self.next = f64::INFINITY;
    }

    /// Is there room in the source queue?
    #[inline]
    pub fn has_room(&self) -> bool {
        self.queue.len() < self.queue_limit
    }
}
