//! Statistics: the counters the NICs keep (accepted traffic, packet latency, throughput). The
//! run summary built from them is `fabric::summary::Summary`.
//!
//! Vocabulary, used everywhere: a **message** is what a host hands to its NIC; a **packet** is
//! what travels the network with one header. Synthetic traffic generates one-packet messages;
//! trace and storage messages are split into packets of at most 1 KB. Counters and latencies
//! are per packet.
//!
//! Seed 000 §4.6: accepted traffic is the information delivered per time unit, in
//! flits/ns/switch; throughput is the maximum accepted traffic over a load sweep; latency runs
//! from the injection of a message at the source host to its delivery at the destination host.
//! flitwave reports two latencies: from generation (the message enters the source queue — the
//! paper's definition, it includes source queueing) and from network injection (first flit on the
//! wire). Messages generated during the warm-up are not measured; accepted traffic counts the
//! payload flits delivered during the measurement window.

pub mod confidence;
pub mod heatmap;
pub mod links;
pub mod number;
pub mod occupancy;
pub mod percentiles;
pub mod saturation;

use percentiles::LatencyHistogram;
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
    /// Distributions of the measured latencies from generation and from network injection
    /// (cycles; created once, recording allocates nothing).
    pub lat_hist: LatencyHistogram,
    pub net_lat_hist: LatencyHistogram,
    /// Every measured packet's (latency, network latency), kept only when set to `Some`
    /// (checks of the histograms against exact percentiles; off in runs).
    pub log: Option<Vec<(u64, u64)>>,
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
    /// Payload flits delivered to hosts, all packets.
    pub delivered_flits: u64,
    /// A trace's completion mark: the payload flits that are 99 % of its total (0: none).
    pub completion_target: u64,
    /// The cycle after the delivery that reached `completion_target`.
    pub completion_cycle: Option<u64>,
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

    /// Packet `h`, with `payload_flits` payload flits, was delivered to its host at cycle
    /// `now` (its tail reached the NIC at `h.arrive_cycle`; later only if it waited to be
    /// reordered). Returns whether it is measured.
    #[inline]
    pub fn delivered(
        &mut self,
        now: u64,
        h: &crate::sim::packet::Header,
        payload_flits: u32,
    ) -> bool {
        self.delivered += 1;
        self.last_delivery = now;
        self.delivered_flits += payload_flits as u64;
        if self.completion_cycle.is_none()
            && self.completion_target > 0
            && self.delivered_flits >= self.completion_target
        {
            self.completion_cycle = Some(now + 1);
        }
        if now >= self.warmup {
            self.window_flits += payload_flits as u64;
            self.window_msgs += 1;
        }
        if h.measured {
            let lat = now - h.gen_cycle;
            let net = h.arrive_cycle - h.inject_cycle;
            self.measured_msgs += 1;
            self.lat_sum += lat as u128;
            self.net_lat_sum += net as u128;
            self.reorder_delay_sum += (now - h.arrive_cycle) as u128;
            self.lat_max = self.lat_max.max(lat);
            self.lat_hist.record(lat);
            self.net_lat_hist.record(net);
            if let Some(log) = self.log.as_mut() {
                log.push((lat, net));
            }
        }
        h.measured
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
