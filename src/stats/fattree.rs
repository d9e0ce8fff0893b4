//! The summary of a fat-tree run (`fabric::fattree`): accepted traffic, latency, the
//! out-of-order degree and reorder delay of in-order delivery, trace execution time, and the
//! invariants.

use super::Latency;
use serde::Serialize;

/// The result of one fat-tree run.
#[derive(Debug, Clone, Serialize, serde::Deserialize, PartialEq)]
pub struct FtSummary {
    pub k: u32,
    pub n: u32,
    pub nodes: usize,
    pub switches: usize,
    pub routing: String,
    pub in_order: bool,
    pub cycles: u64,
    pub warmup: u64,
    pub offered_flits_per_cycle_per_node: f64,
    /// Accepted traffic: payload flits delivered per cycle per node (1.0 = link capacity).
    pub accepted_flits_per_cycle_per_node: f64,
    pub accepted_bytes_per_ns_per_node: f64,
    /// From generation to delivery to the host (in order when required).
    pub latency: Option<Latency>,
    /// From the first flit injected to the tail at the destination NIC.
    pub network_latency: Option<Latency>,
    /// Average time packets waited in a reorder buffer.
    pub reorder_delay_cycles: Option<f64>,
    pub max_latency_cycles: u64,
    /// Out-of-order degree: the largest reorder-buffer occupancy of any NIC.
    pub ooo_max_bytes: u64,
    pub ooo_max_packets: u32,
    /// Packets that arrived out of order.
    pub out_of_order_packets: u64,
    pub generated_packets: u64,
    pub delivered_packets: u64,
    pub measured_packets: u64,
    pub window_generated_packets: u64,
    pub window_delivered_packets: u64,
    pub suppressed_packets: u64,
    pub pending_packets: u64,
    /// Acknowledgement packets and their flits (the waste traffic of real acknowledgements).
    pub acks: u64,
    pub ack_flits: u64,
    /// Cycles sources held a packet back for the destination's reorder buffer.
    pub e2e_stall_cycles: u64,
    /// Cycle of the last delivery (trace execution time).
    pub last_delivery_cycle: u64,
    pub flits_in_flight: u64,
    pub conservation_ok: bool,
    pub buffer_overflows: u64,
    pub credit_errors: u64,
    pub misdelivered: u64,
    pub route_errors: u64,
    pub deadlock: Option<String>,
}

impl FtSummary {
    /// Every invariant held and no deadlock.
    pub fn healthy(&self) -> bool {
        self.conservation_ok
            && self.buffer_overflows == 0
            && self.credit_errors == 0
            && self.misdelivered == 0
            && self.route_errors == 0
            && self.deadlock.is_none()
    }

    /// Beyond saturation: source queues overflowed, or many packets waiting, or (with enough
    /// packets to tell) under 85 % of the window's packets delivered.
    pub fn saturated(&self) -> bool {
        self.suppressed_packets > 0
            || self.pending_packets > 4 * self.nodes as u64
            || (self.window_generated_packets >= 200
                && (self.window_delivered_packets as f64)
                    < 0.85 * self.window_generated_packets as f64)
    }

    /// Human-readable report.
    pub fn report(&self) -> String {
        let lat = |l: &Option<Latency>| match l {
            Some(l) => format!("{:.1} cycles = {:.1} ns", l.cycles, l.ns),
            None => "n/a".to_string(),
        };
        let mut s = format!(
            "network          {}-ary {}-tree: {} nodes, {} switches; routing {}{}\n",
            self.k,
            self.n,
            self.nodes,
            self.switches,
            self.routing,
            if self.in_order {
                ", in-order delivery"
            } else {
                ""
            }
        );
        s += &format!(
            "simulated        {} cycles ({} warm-up)\n",
            self.cycles, self.warmup
        );
        s += &format!(
            "offered          {:.4} flits/cycle/node\naccepted         {:.4} flits/cycle/node = {:.4} bytes/ns/node\n",
            self.offered_flits_per_cycle_per_node,
            self.accepted_flits_per_cycle_per_node,
            self.accepted_bytes_per_ns_per_node
        );
        s += &format!("latency          {}\n", lat(&self.latency));
        s += &format!("network latency  {}\n", lat(&self.network_latency));
        if self.in_order {
            s += &format!(
                "reordering       {} packets out of order, max {} packets = {} bytes held, avg delay {:.1} cycles\n",
                self.out_of_order_packets,
                self.ooo_max_packets,
                self.ooo_max_bytes,
                self.reorder_delay_cycles.unwrap_or(0.0)
            );
        }
        s += &format!(
            "packets          {} generated, {} delivered, {} pending, {} not generated\n",
            self.generated_packets,
            self.delivered_packets,
            self.pending_packets,
            self.suppressed_packets
        );
        s += &format!(
            "invariants       conservation {}, overflows {}, credit errors {}, misdelivered {}, route errors {}\n",
            if self.conservation_ok { "ok" } else { "VIOLATED" },
            self.buffer_overflows,
            self.credit_errors,
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
