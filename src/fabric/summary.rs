//! The summary of a run: one schema for every switch family — accepted traffic, packet latency,
//! the packet counts, the invariants — plus the family's own section (`myrinet` or `vct` in the
//! JSON).
//!
//! Seed 000 §4.6: accepted traffic is the information delivered per time unit, in
//! flits/ns/switch; throughput is the maximum accepted traffic over a load sweep. Latency runs
//! from the generation of a packet (it enters the source queue; the paper's definition) to its
//! delivery to the destination host; network latency from its first flit on the wire to its
//! tail at the destination NIC. Packets generated during the warm-up are not measured; accepted
//! traffic counts the payload flits delivered during the measurement window.

use super::registry::Section;
use super::{Family, Health, Network, Nic, Switch};
use crate::stats::links::LinkStats;
use crate::stats::occupancy::VcOccupancy;
use crate::stats::percentiles::Percentiles;
use crate::stats::Latency;
use serde::{Deserialize, Serialize};

/// The result of one simulation run.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Summary {
    /// Switch family (`switch.family`).
    pub family: String,
    pub switches: usize,
    pub hosts: usize,
    pub cycles: u64,
    pub warmup: u64,
    pub clock_ns: f64,
    pub flit_bytes: u32,
    /// Offered load, payload flits/cycle/host (a trace's own average when one is played).
    pub offered_flits_per_cycle_per_host: f64,
    /// Offered load in seed 000's unit.
    pub offered_flits_per_ns_per_switch: f64,
    /// Accepted traffic, flits/cycle/switch.
    pub accepted_flits_per_cycle_per_switch: f64,
    /// Accepted traffic, flits/ns/switch (seed 000's unit).
    pub accepted_flits_per_ns_per_switch: f64,
    /// Accepted traffic, flits/cycle/host (1.0 = link capacity).
    pub accepted_flits_per_cycle_per_host: f64,
    /// Accepted traffic, bytes/ns/host (seed 001's unit).
    pub accepted_bytes_per_ns_per_host: f64,
    /// Average packet latency from generation to delivery (in order when required).
    pub latency: Option<Latency>,
    /// Average packet latency from the first flit injected to the tail at the destination NIC.
    pub network_latency: Option<Latency>,
    /// Largest measured latency.
    pub max_latency_cycles: u64,
    /// Percentiles of the measured packets' latency from generation (cycles, then ns;
    /// HdrHistogram, 3 significant digits, docs/statistics.md).
    pub latency_percentiles: Option<Percentiles>,
    pub latency_percentiles_ns: Option<Percentiles>,
    /// Percentiles of their network latency (first flit injected to tail at the NIC).
    pub network_latency_percentiles: Option<Percentiles>,
    pub network_latency_percentiles_ns: Option<Percentiles>,
    /// Link utilisation over the measurement window.
    pub links: Option<LinkStats>,
    /// Time-averaged flits per switch input buffer (per VC) over the measurement window.
    pub vc_occupancy: Option<VcOccupancy>,
    /// Average switch-to-switch hops of measured packets (families that count them).
    pub avg_hops: Option<f64>,
    pub generated_packets: u64,
    pub delivered_packets: u64,
    /// Measured packets delivered (generated after warm-up).
    pub measured_packets: u64,
    /// Packets not generated because the source queue was full (offered beyond accepted).
    pub suppressed_packets: u64,
    /// Packets generated / delivered during the measurement window.
    pub window_generated_packets: u64,
    pub window_delivered_packets: u64,
    /// Packets generated but not yet delivered at the end (queued or in flight).
    pub pending_packets: u64,
    /// Cycle of the last delivery to a host.
    pub last_delivery_cycle: u64,
    /// Execution time of a trace or storage workload, if it finished.
    pub execution_cycles: Option<u64>,
    /// A trace's network-wide completion time: the cycle after 99 % of its payload flits were
    /// delivered (absent without a trace, or before it gets there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_99_cycles: Option<u64>,
    /// Flits in the network at the end.
    pub flits_in_flight: u64,
    /// The network could not accept the offered load ([`Summary::saturated`]).
    pub saturated: bool,
    /// Invariant checks: all must hold.
    pub conservation_ok: bool,
    pub buffer_overflows: u64,
    pub credit_errors: u64,
    pub misdelivered: u64,
    pub route_errors: u64,
    /// Packets a host received out of sequence where in-order delivery was promised.
    #[serde(default)]
    pub order_errors: u64,
    /// Deadlock report, if the watchdog fired.
    pub deadlock: Option<String>,
    /// What the family adds.
    #[serde(flatten)]
    pub section: Section,
}

impl Summary {
    /// The summary of `net` now.
    pub fn of<F: Family>(net: &Network<F>) -> Summary {
        let st = &net.stats;
        let s = net.switches().len();
        let h = net.nics.len();
        let clock = net.params.clock_ns;
        let window = net.now().saturating_sub(st.warmup).max(1) as f64;
        let m = st.measured_msgs.max(1) as f64;
        let lat = |sum: u128| {
            (st.measured_msgs > 0).then(|| {
                let c = sum as f64 / m;
                Latency {
                    cycles: c,
                    ns: c * clock,
                }
            })
        };
        let per_cycle_sw = st.window_flits as f64 / window / s as f64;
        let per_host = st.window_flits as f64 / window / h as f64;
        // each histogram's percentiles, in cycles and in ns
        let (pct, net_pct) = (st.lat_hist.percentiles(), st.net_lat_hist.percentiles());
        let rate = net.offered();
        let sw: Health = net
            .switches()
            .iter()
            .fold(Health::default(), |a, x| a + x.health());
        let nic: Health = net
            .nics
            .iter()
            .fold(Health::default(), |a, x| a + x.errors());
        // generated and not yet delivered: queued, in flight, or (seed 004) rejected and
        // waiting at its source to be resent
        let pending = st.generated - st.delivered;
        let mut sum = Summary {
            family: F::NAME.to_string(),
            switches: s,
            hosts: h,
            cycles: net.now(),
            warmup: st.warmup,
            clock_ns: clock,
            flit_bytes: net.params.flit_bytes,
            offered_flits_per_cycle_per_host: rate,
            offered_flits_per_ns_per_switch: rate * h as f64 / s as f64 / clock,
            accepted_flits_per_cycle_per_switch: per_cycle_sw,
            accepted_flits_per_ns_per_switch: per_cycle_sw / clock,
            accepted_flits_per_cycle_per_host: per_host,
            accepted_bytes_per_ns_per_host: per_host * net.params.flit_bytes as f64 / clock,
            latency: lat(st.lat_sum),
            network_latency: lat(st.net_lat_sum),
            max_latency_cycles: st.lat_max,
            latency_percentiles: pct,
            latency_percentiles_ns: pct.map(|p| p.scaled(clock)),
            network_latency_percentiles: net_pct,
            network_latency_percentiles_ns: net_pct.map(|p| p.scaled(clock)),
            links: net
                .link_loads()
                .zip(net.window_cycles())
                .filter(|w| w.1 > 0)
                .map(|(l, w)| LinkStats::new(&l, w)),
            vc_occupancy: net.vc_occupancy().filter(|_| net.window_cycles() > Some(0)),
            avg_hops: (F::COUNTS_HOPS && st.measured_msgs > 0).then(|| st.hops_sum as f64 / m),
            generated_packets: st.generated,
            delivered_packets: st.delivered,
            measured_packets: st.measured_msgs,
            suppressed_packets: st.suppressed,
            window_generated_packets: st.window_generated,
            window_delivered_packets: st.window_msgs,
            pending_packets: pending,
            last_delivery_cycle: st.last_delivery,
            execution_cycles: net.workload_done(),
            completion_99_cycles: st.completion_cycle,
            flits_in_flight: net.flits_in_flight(),
            saturated: false,
            conservation_ok: net.conservation_ok(),
            buffer_overflows: sw.overflows + nic.overflows,
            credit_errors: sw.credit_errors + nic.credit_errors,
            misdelivered: st.misdelivered,
            route_errors: sw.route_errors + nic.route_errors,
            order_errors: nic.order_errors,
            deadlock: net.deadlock().map(str::to_string),
            section: F::section(net).into(),
        };
        sum.saturated = sum.saturated_with(F::PENDING_PER_HOST);
        sum
    }

    /// Beyond saturation: source queues overflowed, or more than `per_host` packets per host
    /// are waiting at the end beyond those the network holds in flight (by Little's law, the
    /// window's delivery rate times the mean network latency: short packets on long paths keep
    /// several per host in flight far below saturation), or (with enough packets to tell)
    /// fewer than 85 % of the packets generated in the window were delivered. Hosts that send
    /// nothing (bit-reversal fixed points) do not make a load look saturated.
    pub fn saturated_with(&self, per_host: u64) -> bool {
        let window = self.cycles.saturating_sub(self.warmup).max(1) as f64;
        let in_flight = self.network_latency.as_ref().map_or(0.0, |l| {
            self.window_delivered_packets as f64 / window * l.cycles
        });
        self.suppressed_packets > 0
            || self.pending_packets as f64 > (per_host * self.hosts as u64) as f64 + in_flight
            || (self.window_generated_packets >= 200
                && (self.window_delivered_packets as f64)
                    < 0.85 * self.window_generated_packets as f64)
    }

    /// True when every invariant held and no deadlock was found.
    pub fn healthy(&self) -> bool {
        self.conservation_ok
            && self.buffer_overflows == 0
            && self.credit_errors == 0
            && self.misdelivered == 0
            && self.route_errors == 0
            && self.order_errors == 0
            && self.deadlock.is_none()
    }

    /// The report's first lines, what was simulated: network, cycles (`per` after the time,
    /// e.g. " per seed"), offered load.
    fn setup_lines(&self, per: &str) -> String {
        format!(
            "network          {} switches, {} hosts, {} family, clock {} ns, {}-byte flits\n\
             simulated        {} cycles ({} warm-up) = {:.1} us{per}\n\
             offered          {:.5} flits/cycle/host ({:.5} flits/ns/switch)\n",
            self.switches,
            self.hosts,
            self.family,
            self.clock_ns,
            self.flit_bytes,
            self.cycles,
            self.warmup,
            self.cycles as f64 * self.clock_ns / 1000.0,
            self.offered_flits_per_cycle_per_host,
            self.offered_flits_per_ns_per_switch
        )
    }

    /// Human-readable multi-line report.
    pub fn report(&self) -> String {
        let mut s = String::new();
        let lat = |l: &Option<Latency>| match l {
            Some(l) => format!("{:.1} cycles ({:.1} ns)", l.cycles, l.ns),
            None => "n/a (no measured packet delivered)".to_string(),
        };
        s += &self.setup_lines("");
        s += &format!(
            "accepted         {:.5} flits/cycle/host ({:.5} flits/cycle/switch = {:.5} flits/ns/switch, {:.5} bytes/ns/host)\n",
            self.accepted_flits_per_cycle_per_host,
            self.accepted_flits_per_cycle_per_switch,
            self.accepted_flits_per_ns_per_switch,
            self.accepted_bytes_per_ns_per_host
        );
        if self.saturated {
            s += &format!(
                "SATURATED        the network does not accept the offered load: {} packets pending, {} not generated (source queue full), {} of {} window packets delivered\n",
                self.pending_packets,
                self.suppressed_packets,
                self.window_delivered_packets,
                self.window_generated_packets
            );
        }
        s += &format!("mean latency     {}\n", lat(&self.latency));
        s += &format!("mean net latency {}\n", lat(&self.network_latency));
        s += &format!("max latency      {} cycles\n", self.max_latency_cycles);
        let pct = |name: &str, p: &Option<Percentiles>| {
            match p {
            Some(p) => format!(
                "{name:<17}p50 {} p90 {} p99 {} max {} cycles (p50 {:.1} p90 {:.1} p99 {:.1} max {:.1} ns)\n",
                p.p50,
                p.p90,
                p.p99,
                p.max,
                p.p50 * self.clock_ns,
                p.p90 * self.clock_ns,
                p.p99 * self.clock_ns,
                p.max * self.clock_ns
            ),
            None => String::new(),
        }
        };
        s += &pct("latency pct", &self.latency_percentiles);
        s += &pct("net latency pct", &self.network_latency_percentiles);
        if let Some(h) = self.avg_hops {
            s += &format!("avg hops         {h:.3} switch-to-switch links\n");
        }
        s += &self.section.report();
        if let Some(l) = &self.links {
            s += &l.report();
        }
        if let Some(o) = &self.vc_occupancy {
            s += &o.report();
        }
        s += &format!(
            "packets          {} generated, {} delivered, {} measured, {} pending, {} not generated (source queue full)\n",
            self.generated_packets,
            self.delivered_packets,
            self.measured_packets,
            self.pending_packets,
            self.suppressed_packets
        );
        if let Some(c) = self.execution_cycles {
            s += &format!(
                "workload         executed in {c} cycles = {:.1} us\n",
                c as f64 * self.clock_ns / 1000.0
            );
        }
        s += &format!(
            "invariants       conservation {}, buffer overflows {}, credit errors {}, misdelivered {}, route errors {}, order errors {}\n",
            if self.conservation_ok { "ok" } else { "VIOLATED" },
            self.buffer_overflows,
            self.credit_errors,
            self.misdelivered,
            self.route_errors,
            self.order_errors
        );
        match &self.deadlock {
            Some(d) => s += &format!("DEADLOCK         {d}\n"),
            None => s += "deadlock         none detected\n",
        }
        s
    }
}

/// The report of one configuration run at several seeds: the single run's layout, each figure
/// the mean ± the 95 % confidence half-width over the seeds (Student t); counts of events that
/// must not happen are summed, and figures that do not average (the busiest links, which are
/// different links in every seed; the families' own sections) are left to `--json`.
pub fn report_over(runs: &[Summary]) -> String {
    use crate::stats::confidence::mean_ci95;
    use crate::stats::number::fmt_mean_ci;
    let Some(first) = runs.first() else {
        return String::new();
    };
    let n = runs.len();
    let m = |f: &dyn Fn(&Summary) -> Option<f64>| -> Option<String> {
        let xs: Vec<f64> = runs.iter().filter_map(f).collect();
        if xs.is_empty() {
            return None;
        }
        let c = mean_ci95(&xs);
        let part = if xs.len() < n {
            format!(" [{} of {n} seeds]", xs.len())
        } else {
            String::new()
        };
        Some(format!("{}{part}", fmt_mean_ci(c.mean, c.half_width)))
    };
    let na = || "n/a (no measured packet delivered)".to_string();
    let mut s = first.setup_lines(" per seed");
    s += &format!(
        "accepted         {} flits/cycle/host ({} flits/cycle/switch, {} flits/ns/switch, {} bytes/ns/host)\n",
        m(&|r| Some(r.accepted_flits_per_cycle_per_host)).unwrap_or_default(),
        m(&|r| Some(r.accepted_flits_per_cycle_per_switch)).unwrap_or_default(),
        m(&|r| Some(r.accepted_flits_per_ns_per_switch)).unwrap_or_default(),
        m(&|r| Some(r.accepted_bytes_per_ns_per_host)).unwrap_or_default()
    );
    let sat = runs.iter().filter(|r| r.saturated).count();
    s += &format!("saturated        {sat} of {n} seeds\n");
    let lat = |net: bool| -> String {
        let pick = move |r: &Summary| if net { r.network_latency } else { r.latency };
        match (
            m(&|r| pick(r).map(|l| l.cycles)),
            m(&|r| pick(r).map(|l| l.ns)),
        ) {
            (Some(c), Some(ns)) => format!("{c} cycles ({ns} ns)"),
            _ => na(),
        }
    };
    s += &format!("mean latency     {}\n", lat(false));
    s += &format!("mean net latency {}\n", lat(true));
    s += &format!(
        "max latency      {} cycles\n",
        m(&|r| Some(r.max_latency_cycles as f64)).unwrap_or_default()
    );
    let pct = |name: &str, net: bool| -> String {
        let pick = move |r: &Summary| {
            if net {
                r.network_latency_percentiles
            } else {
                r.latency_percentiles
            }
        };
        let (Some(p50), Some(p90), Some(p99)) = (
            m(&|r| pick(r).map(|p| p.p50)),
            m(&|r| pick(r).map(|p| p.p90)),
            m(&|r| pick(r).map(|p| p.p99)),
        ) else {
            return String::new();
        };
        format!("{name:<17}p50 {p50}, p90 {p90}, p99 {p99} cycles\n")
    };
    s += &pct("latency pct", false);
    s += &pct("net latency pct", true);
    if let Some(h) = m(&|r| r.avg_hops) {
        s += &format!("avg hops         {h} switch-to-switch links\n");
    }
    if first.links.is_some() {
        for (name, host) in [("switch links", false), ("host links", true)] {
            let g = move |r: &Summary| {
                r.links
                    .as_ref()
                    .map(|l| if host { l.host_links } else { l.switch_links })
            };
            s += &format!(
                "{name:<17}{} links, utilisation mean {}, max {} flits/cycle\n",
                g(first).map_or(0, |g| g.links),
                m(&|r| g(r).map(|g| g.mean_utilisation)).unwrap_or_default(),
                m(&|r| g(r).map(|g| g.max_utilisation)).unwrap_or_default()
            );
        }
    }
    s += &format!(
        "packets          {} generated, {} delivered, {} measured, {} pending, {} not generated (source queue full)\n",
        m(&|r| Some(r.generated_packets as f64)).unwrap_or_default(),
        m(&|r| Some(r.delivered_packets as f64)).unwrap_or_default(),
        m(&|r| Some(r.measured_packets as f64)).unwrap_or_default(),
        m(&|r| Some(r.pending_packets as f64)).unwrap_or_default(),
        m(&|r| Some(r.suppressed_packets as f64)).unwrap_or_default()
    );
    if let Some(e) = m(&|r| r.execution_cycles.map(|c| c as f64)) {
        s += &format!("workload         executed in {e} cycles\n");
    }
    let sum = |f: &dyn Fn(&Summary) -> u64| runs.iter().map(f).sum::<u64>();
    let ok = runs.iter().filter(|r| r.conservation_ok).count();
    s += &format!(
        "invariants       conservation ok in {ok} of {n} seeds; summed over the seeds: buffer overflows {}, credit errors {}, misdelivered {}, route errors {}, order errors {}\n",
        sum(&|r| r.buffer_overflows),
        sum(&|r| r.credit_errors),
        sum(&|r| r.misdelivered),
        sum(&|r| r.route_errors),
        sum(&|r| r.order_errors)
    );
    let dead = runs.iter().filter(|r| r.deadlock.is_some()).count();
    s += &if dead == 0 {
        "deadlock         none detected in any seed\n".to_string()
    } else {
        format!("DEADLOCK         in {dead} of {n} seeds (--json shows each seed's report)\n")
    };
    s
}

impl Summary {
    /// The saturation criterion's view of this run at offered load `rate`
    /// (`stats::saturation`).
    pub fn load(&self, rate: f64) -> crate::stats::saturation::Load {
        crate::stats::saturation::Load {
            rate,
            accepted: self.accepted_flits_per_cycle_per_host,
            latency: self.latency.map(|l| l.cycles),
            generated: self.window_generated_packets,
            delivered: self.window_delivered_packets,
            flagged: self.saturated,
        }
    }
}
