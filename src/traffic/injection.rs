//! The injection process of a host: its message generator (seed 000 §4.2: constant, equal
//! generation rate per host), the trace player that replaces it for trace-driven traffic, and
//! the source queue in host memory where new packets wait for the NIC. Every switch family's
//! NIC uses one [`Injector`].
//!
//! The rate is given in payload flits per cycle per host; messages of `payload` bytes are
//! generated every `payload / rate` cycles (`Constant`, with a random phase per host so hosts do
//! not fire in lock-step) or with probability `rate / payload` each cycle (`Bernoulli`). A
//! generated message enters the source queue in host memory; when the queue holds
//! `queue_limit` messages, further messages are not generated and are counted as suppressed
//! (the offered load is beyond what the network accepts).

use super::pattern::DestTable;
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

/// Trials up to and including the first success of independent trials of probability `p`
/// (>= 1; 1 when `p` >= 1), whose failure's logarithm `ln(1 - p)` is `log_q` (a constant of
/// the generator: not computed per message).
fn geometric((p, log_q): (f64, f64), rng: &mut ChaCha8Rng) -> u64 {
    if p >= 1.0 {
        return 1;
    }
    // u in (0, 1]; the quotient is not negative: its conversion truncates it, its floor,
    // without the library's `floor` call of a CPU without SSE4.1
    let u = 1.0 - rng.random::<f64>();
    1 + (u.ln() / log_q).min(1e18) as u64
}

/// A Bernoulli trial's probability `p` and `ln(1 - p)`, for [`geometric`].
fn trial(p: f64) -> (f64, f64) {
    (p, (-p).ln_1p())
}

/// The generator's registers (the source queue first: a NIC reads it every cycle).
#[derive(Debug, Clone)]
#[repr(C)]
pub struct MessageGenerator {
    /// Source queue: packet-table ids waiting for the send DMA, oldest first.
    pub queue: VecDeque<u32>,
    next: f64,
    interval: f64,
    /// A cycle's trial under `Bernoulli`: `1 / interval` and the logarithm of its failure.
    trial: (f64, f64),
    process: Process,
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
        let next = match (interval.is_finite(), process) {
            (false, _) => f64::INFINITY,
            (true, Process::Constant) => rng.random::<f64>() * interval,
            (true, Process::Bernoulli) => (geometric(trial(1.0 / interval), rng) - 1) as f64,
        };
        MessageGenerator {
            interval,
            trial: trial(1.0 / interval),
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
            // one trial per cycle, drawn as the gap to the next success (one random number
            // per message instead of one per cycle)
            Process::Bernoulli => {
                if self.next > now as f64 {
                    return 0;
                }
                self.next += geometric(self.trial, rng) as f64;
                1
            }
        }
    }

    /// Stop generating (to drain the network).
    pub fn stop(&mut self) {
        self.interval = f64::INFINITY;
        self.trial = trial(0.0);
        self.next = f64::INFINITY;
    }

    /// Is there room in the source queue?
    #[inline]
    pub fn has_room(&self) -> bool {
        self.queue.len() < self.queue_limit
    }
}

/// A trace injection for one host: (cycle, destination, payload bytes, message id —
/// [`crate::sim::packet::NO_MSG`] for none), in time order.
pub type HostInjection = (u64, u32, u32, u32);

/// The injection process of one host: the generator or a trace, and the source queue (what
/// a NIC reads every cycle, its clock and queue, first).
#[derive(Debug, Clone)]
#[repr(C)]
pub struct Injector {
    /// [`Injector::next_due`], kept: a NIC polls every cycle it is evaluated, and most polls
    /// find nothing due.
    due_at: u64,
    /// The generator; its `queue` is the source queue (packet-table ids, oldest first).
    pub gen: MessageGenerator,
    /// Payload bytes of generated messages (one packet each).
    payload: u32,
    trace_next: usize,
    trace: Vec<HostInjection>,
}

impl Injector {
    /// Messages of `payload` bytes (`payload_flits` flits) at `rate` payload flits per cycle.
    pub fn new(
        rate: f64,
        payload: u32,
        payload_flits: u32,
        process: Process,
        queue_limit: usize,
        rng: &mut ChaCha8Rng,
    ) -> Self {
        let mut inj = Injector {
            gen: MessageGenerator::new(rate, payload_flits, process, queue_limit, rng),
            payload,
            trace: vec![],
            trace_next: 0,
            due_at: 0,
        };
        inj.due_at = inj.due_from_registers();
        inj
    }

    /// Play `injections` instead of the generator.
    pub fn set_trace(&mut self, injections: Vec<HostInjection>) {
        self.gen.stop();
        self.trace = injections;
        self.trace_next = 0;
        self.due_at = self.due_from_registers();
    }

    /// The next cycle a packet is due (generated or from the trace); u64::MAX for never.
    #[inline]
    pub fn next_due(&self) -> u64 {
        self.due_at
    }

    /// [`Injector::next_due`] from the generator's and the trace's registers: the generator
    /// is due at the first cycle not below its next arrival time (`next <= now`).
    fn due_from_registers(&self) -> u64 {
        let gen = if self.gen.next.is_finite() {
            // its ceiling (not negative: truncated, then up by one when that fell short)
            let x = self.gen.next.max(0.0);
            let i = x as u64;
            i.saturating_add(((i as f64) < x) as u64)
        } else {
            u64::MAX
        };
        let trace = self.trace.get(self.trace_next).map_or(u64::MAX, |i| i.0);
        gen.min(trace)
    }

    /// Trace injections not yet made.
    pub fn trace_left(&self) -> usize {
        self.trace.len() - self.trace_next
    }

    /// Stop generating (the network then drains; a trace keeps playing).
    pub fn stop(&mut self) {
        self.gen.stop();
        self.due_at = self.due_from_registers();
    }

    /// Packets waiting in the source queue.
    #[inline]
    pub fn queued(&self) -> usize {
        self.gen.queue.len()
    }

    /// The packets due at cycle `now`: generated ones (destination drawn from `dests`; dropped
    /// and counted when the source queue is full) and trace injections. `alloc(destination,
    /// payload bytes, message)` stores a packet and returns its id, which joins the source
    /// queue. Returns the messages not generated for want of room.
    #[inline(always)]
    pub fn poll(
        &mut self,
        now: u64,
        host: usize,
        rng: &mut ChaCha8Rng,
        dests: &DestTable,
        alloc: impl FnMut(u32, u32, u32) -> u32,
    ) -> u64 {
        if now < self.due_at {
            return 0;
        }
        self.poll_due(now, host, rng, dests, alloc)
    }

    /// [`Injector::poll`] at a cycle something is due.
    #[inline(never)]
    fn poll_due(
        &mut self,
        now: u64,
        host: usize,
        rng: &mut ChaCha8Rng,
        dests: &DestTable,
        mut alloc: impl FnMut(u32, u32, u32) -> u32,
    ) -> u64 {
        let mut suppressed = 0;
        for _ in 0..self.gen.due(now, rng) {
            let Some(dst) = dests.pick(host, rng) else {
                continue;
            };
            if !self.gen.has_room() {
                suppressed += 1;
                continue;
            }
            let id = alloc(dst as u32, self.payload, crate::sim::packet::NO_MSG);
            self.gen.queue.push_back(id);
        }
        while let Some(&(t, dst, bytes, msg)) = self.trace.get(self.trace_next) {
            if t > now {
                break;
            }
            self.trace_next += 1;
            let id = alloc(dst, bytes, msg);
            self.gen.queue.push_back(id);
        }
        self.due_at = self.due_from_registers();
        suppressed
    }
}

/// Trace injections of a whole network: (cycle, source, destination, payload bytes), time
/// ordered.
pub type Injections = Vec<(u64, u32, u32, u32)>;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn bernoulli_gaps_give_the_rate_and_at_most_one_per_cycle() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        // 20-flit messages at 0.1 flits/cycle: p = 1/200 per cycle
        let mut g = MessageGenerator::new(0.1, 20, Process::Bernoulli, 10, &mut rng);
        let (mut n, mut first) = (0u64, None);
        for now in 0..2_000_000u64 {
            let k = g.due(now, &mut rng);
            assert!(k <= 1);
            n += k as u64;
            if k == 1 && first.is_none() {
                first = Some(now);
            }
        }
        let rate = n as f64 / 2e6;
        assert!((rate - 0.005).abs() < 0.0002, "{rate}");
        // p = 1 fires every cycle from cycle 0
        let mut g = MessageGenerator::new(1.0, 1, Process::Bernoulli, 10, &mut rng);
        assert!((0..100).all(|t| g.due(t, &mut rng) == 1));
    }

    #[test]
    fn what_a_poll_reads_is_the_first_40_bytes() {
        use std::mem::{offset_of, size_of};
        // the clock, then the source queue (a NIC's every evaluation reads both)
        assert_eq!(offset_of!(Injector, due_at), 0);
        let queue = offset_of!(Injector, gen) + offset_of!(MessageGenerator, queue);
        assert!(queue + size_of::<VecDeque<u32>>() <= 40, "{queue}");
    }
}
