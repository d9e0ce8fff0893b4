//! Statistics: accepted traffic, message latency, throughput.
//!
//! Seed 000 §4.6: accepted traffic is the information delivered per time unit, in
//! flits/ns/switch; throughput is the maximum accepted traffic over a load sweep; latency runs
//! from the injection of a message at the source host to its delivery at the destination host.
//! flitwave reports two latencies: from generation (the message enters the source queue — the
//! paper's definition, it includes source queueing) and from network injection (first flit on the
//! wire). Messages generated during the warm-up are not measured; accepted traffic counts the
//! payload flits delivered during the measurement window.

pub mod fattree;

use serde::Serialize;

/// Running counters, updated by the NICs.
#[derive(Debug, Clone, Default)]
pub struct Collector {
    /// First measured cycle.
    pub warmup: u64,
    /// Messages generated (all).
    pub generated: u64,
    /// Messages not generated because the source queue was full (the offered load is beyond
    /// what the network accepts).
    pub suppressed: u64,
    /// Messages delivered (all).
    pub delivered: u64,
    /// Payload flits delivered during the measurement window.
    pub window_flits: u64,
    /// Messages delivered during the measurement window.
    pub window_msgs: u64,
    /// Messages generated during the measurement window.
    pub window_generated: u64,
    /// Measured messages delivered (generated after warm-up).
    pub measured_msgs: u64,
    /// Sum of measured latencies from generation (cycles).
    pub lat_sum: u128,
    /// Sum of measured latencies from network injection (cycles).
    pub net_lat_sum: u128,
    /// Largest measured latency from generation.
    pub lat_max: u64,
    /// Sum of switch-to-switch hops of measured messages.
    pub hops_sum: u64,
    /// Packets that reached a host other than their destination (must be 0).
    pub misdelivered: u64,
    /// In-transit hosts crossed by measured messages.
    pub itbs_sum: u64,
    /// Sum of the cycles measured packets waited in a reorder buffer (in-order delivery).
    pub reorder_delay_sum: u128,
    /// Cycle of the last delivery to a host (trace execution time).
    pub last_delivery: u64,
    /// End-to-end acknowledgement packets delivered, and their flits.
    pub acks: u64,
    pub ack_flits: u64,
}

impl Collector {
    /// A collector that measures from cycle `warmup` on.
    pub fn new(warmup: u64) -> Self {
        Collector {
            warmup,
            ..Default::default()
        }
    }

    /// A message (packet) was generated at cycle `now`.
    #[inline]
    pub fn count_generated(&mut self, now: u64) {
        self.generated += 1;
        if now >= self.warmup {
            self.window_generated += 1;
        }
    }
}

/// The `speed` line of a run report: wall time and switch-cycles evaluated per second.
pub fn speed_line(secs: f64, switches: usize, cycles: u64) -> String {
    format!(
        "speed            {:.2} s wall, {:.2} M switch-cycles/s",
        secs,
        switches as f64 * cycles as f64 / secs.max(1e-9) / 1e6
    )
}

/// Latency in cycles and nanoseconds.
#[derive(Debug, Clone, Copy, Serialize, serde::Deserialize, PartialEq)]
pub struct Latency {
    pub cycles: f64,
    pub ns: f64,
}

/// The result of one simulation run.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Summary {
    pub switches: usize,
    pub hosts: usize,
    pub cycles: u64,
    pub warmup: u64,
    pub clock_ns: f64,
    /// Offered load in flits/cycle/host (payload).
    pub offered_flits_per_cycle_per_host: f64,
    /// Offered load in the paper's unit.
    pub offered_flits_per_ns_per_switch: f64,
    /// Accepted traffic, flits/cycle/switch.
    pub accepted_flits_per_cycle_per_switch: f64,
    /// Accepted traffic, flits/ns/switch (seed 000's unit).
    pub accepted_flits_per_ns_per_switch: f64,
    /// Accepted traffic, flits/cycle/host.
    pub accepted_flits_per_cycle_per_host: f64,
    /// Average message latency from generation (the paper's latency).
    pub latency: Option<Latency>,
    /// Average message latency from network injection.
    pub network_latency: Option<Latency>,
    /// Largest measured latency.
    pub max_latency_cycles: u64,
    /// Measured messages delivered.
    pub measured_messages: u64,
    pub generated_messages: u64,
    pub delivered_messages: u64,
    pub suppressed_messages: u64,
    /// Messages generated / delivered during the measurement window.
    pub window_generated_messages: u64,
    pub window_delivered_messages: u64,
    /// Average switch-to-switch hops of measured messages.
    pub avg_hops: Option<f64>,
    /// Average in-transit hosts per measured message.
    pub itbs_per_message: Option<f64>,
    /// In-transit packets re-injected, spilled to host memory, and the largest pool occupancy.
    pub itb_forwarded: u64,
    pub itb_spills: u64,
    pub itb_max_pool_bytes: usize,
    /// Flits in the network at the end.
    pub flits_in_flight: u64,
    /// Messages generated but not yet delivered at the end (queued or in flight).
    pub messages_pending: u64,
    /// Highest slack-buffer occupancy seen anywhere (bytes).
    pub max_slack_level: usize,
    /// Invariant checks: all must hold.
    pub conservation_ok: bool,
    pub slack_overflows: u64,
    pub misdelivered: u64,
    pub route_errors: u64,
    /// Deadlock report, if the watchdog fired.
    pub deadlock: Option<String>,
}

impl Summary {
    /// Is the network saturated at this load? Source queues overflowed, or more than two
    /// messages per host are waiting or in flight at the end, or (with enough messages to
    /// tell) fewer than 85 % of the messages generated in the window were delivered. Hosts
    /// that send nothing (bit-reversal fixed points) do not make a load look saturated.
    pub fn saturated(&self) -> bool {
        self.suppressed_messages > 0
            || self.messages_pending > 2 * self.hosts as u64
            || (self.window_generated_messages >= 200
                && (self.window_delivered_messages as f64)
                    < 0.85 * self.window_generated_messages as f64)
    }

    /// True when every invariant held and no deadlock was found.
    pub fn healthy(&self) -> bool {
        self.conservation_ok
            && self.slack_overflows == 0
            && self.misdelivered == 0
            && self.route_errors == 0
            && self.deadlock.is_none()
    }

    /// Human-readable multi-line report.
    pub fn report(&self) -> String {
        let mut s = String::new();
        let lat = |l: &Option<Latency>| match l {
            Some(l) => format!("{:.1} cycles = {:.1} ns", l.cycles, l.ns),
            None => "n/a (no measured message delivered)".to_string(),
        };
        s += &format!(
            "network          {} switches, {} hosts, clock {} ns\n",
            self.switches, self.hosts, self.clock_ns
        );
        s += &format!(
            "simulated        {} cycles ({} warm-up) = {:.1} us\n",
            self.cycles,
            self.warmup,
            self.cycles as f64 * self.clock_ns / 1000.0
        );
        s += &format!(
            "offered          {:.5} flits/cycle/host = {:.5} flits/ns/switch\n",
            self.offered_flits_per_cycle_per_host, self.offered_flits_per_ns_per_switch
        );
        s += &format!(
            "accepted         {:.5} flits/ns/switch = {:.5} flits/cycle/switch ({:.5} flits/cycle/host)\n",
            self.accepted_flits_per_ns_per_switch,
            self.accepted_flits_per_cycle_per_switch,
            self.accepted_flits_per_cycle_per_host
        );
        s += &format!("latency          {}\n", lat(&self.latency));
        s += &format!("network latency  {}\n", lat(&self.network_latency));
        s += &format!("max latency      {} cycles\n", self.max_latency_cycles);
        if let Some(h) = self.avg_hops {
            s += &format!("avg hops         {h:.3} switch-to-switch links\n");
        }
        if self.itb_forwarded > 0 {
            s += &format!(
                "in-transit       {:.3} ITBs per message, {} re-injections, {} spills to host memory, max pool {} bytes\n",
                self.itbs_per_message.unwrap_or(0.0),
                self.itb_forwarded,
                self.itb_spills,
                self.itb_max_pool_bytes
            );
        }
        s += &format!(
            "messages         {} generated, {} delivered, {} measured, {} pending, {} not generated (source queue full)\n",
            self.generated_messages,
            self.delivered_messages,
            self.measured_messages,
            self.messages_pending,
            self.suppressed_messages
        );
        s += &format!("max slack level  {} bytes\n", self.max_slack_level);
        s += &format!(
            "invariants       conservation {}, slack overflows {}, misdelivered {}, route errors {}\n",
            if self.conservation_ok { "ok" } else { "VIOLATED" },
            self.slack_overflows,
            self.misdelivered,
            self.route_errors
        );
        match &self.deadlock {
            Some(d) => s += &format!("DEADLOCK         {d}\n"),
            None => s += "deadlock         none detected\n",
        }
        s
    }
}
