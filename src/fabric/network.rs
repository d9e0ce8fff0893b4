//! The Myrinet network: a topology wired with switches, NICs and links, stepped cycle by cycle.
//!
//! Every switch port and every NIC is an *endpoint*; each connected pair of endpoints gets two
//! [`Link`]s, one per direction. One [`Network::step`] evaluates every switch and every NIC once
//! (order-independent, see `sim`), then advances the clock. The network also keeps the run-time
//! invariants: flit conservation, slack-buffer overflow, misdelivery, and the deadlock watchdog.

use super::packet::PacketTable;
use super::watchdog;
use crate::blocks::link::Link;
use crate::blocks::myrinet_switch::{MyrinetSwitch, SwitchParams, NO_LINK};
use crate::blocks::nic::generator::Process;
use crate::blocks::nic::routing_table::RoutingTable;
use crate::blocks::nic::{Nic, NicCtx, NicParams};
use crate::blocks::slack_buffer::SlackParams;
use crate::error::{Error, Result};
use crate::routing::RouteSet;
use crate::sim::{Probe, ProbeVisitor};
use crate::stats::{Collector, Latency, Summary};
use crate::topology::{Peer, Topology};
use crate::traffic::pattern::DestTable;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Hardware and traffic parameters of a Myrinet network.
#[derive(Debug, Clone, Copy)]
pub struct NetParams {
    /// Link fly time in cycles (8).
    pub fly_cycles: u32,
    /// Clock period in ns (6.25: one 1-byte flit per 6.25 ns).
    pub clock_ns: f64,
    pub switch: SwitchParams,
    pub nic: NicParams,
    /// First measured cycle.
    pub warmup: u64,
    /// Cycles without any flit moving, while flits are in the network, that count as deadlock.
    pub watchdog_cycles: u64,
    /// Seed of the traffic generators.
    pub seed: u64,
}

impl Default for NetParams {
    fn default() -> Self {
        NetParams {
            fly_cycles: 8,
            clock_ns: 6.25,
            switch: SwitchParams::default(),
            nic: NicParams {
                payload: 512,
                rate: 0.01,
                process: Process::Constant,
                queue_limit: 1000,
                load_cycles: 0,
                recv_bytes_per_cycle: 1,
                slack: SlackParams::default(),
                itb: Default::default(),
            },
            warmup: 10_000,
            watchdog_cycles: 20_000,
            seed: 1,
        }
    }
}

/// A whole source-routed wormhole network.
pub struct Network {
    pub params: NetParams,
    pub switches: Vec<MyrinetSwitch>,
    pub nics: Vec<Nic>,
    pub links: Vec<Link>,
    pub packets: PacketTable,
    pub stats: Collector,
    table: RoutingTable,
    dests: DestTable,
    /// For each link: (sender endpoint, receiver endpoint) names, for reports.
    link_ends: Vec<(Endpoint, Endpoint)>,
    now: u64,
    last_progress: u64,
    deadlock: Option<String>,
}

/// One end of a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Switch { sw: usize, port: usize },
    Nic(usize),
}

impl std::fmt::Display for Endpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Endpoint::Switch { sw, port } => write!(f, "sw{sw}.p{port}"),
            Endpoint::Nic(h) => write!(f, "nic{h}"),
        }
    }
}

impl Network {
    /// Wire `topo` with Myrinet switches and NICs, NIC routing tables filled from `routes`.
    pub fn new(
        topo: &Topology,
        routes: &RouteSet,
        dests: DestTable,
        params: NetParams,
    ) -> Result<Self> {
        let np = topo.ports_per_switch;
        if np != params.switch.ports {
            return Err(Error::new(format!(
                "topology has {np}-port switches but switch.ports is {}",
                params.switch.ports
            )));
        }
        if np > 32 {
            return Err(Error::field(
                "topology.ports_per_switch",
                format!("{np} is above the supported 32"),
            ));
        }
        if routes.hosts != topo.num_hosts() {
            return Err(Error::new(format!(
                "route set is for {} hosts but the topology has {}",
                routes.hosts,
                topo.num_hosts()
            )));
        }
        let s = topo.switches;
        let mut links = Vec::new();
        let mut link_ends = Vec::new();
        let mut in_link = vec![vec![NO_LINK; np]; s];
        let mut out_link = vec![vec![NO_LINK; np]; s];
        let mut nic_in = vec![NO_LINK; topo.num_hosts()];
        let mut nic_out = vec![NO_LINK; topo.num_hosts()];
        let mut new_link = |a: Endpoint, b: Endpoint, links: &mut Vec<Link>| {
            links.push(Link::new(params.fly_cycles));
            link_ends.push((a, b));
            (links.len() - 1) as u32
        };
        for sw in 0..s {
            for port in 0..np {
                let me = Endpoint::Switch { sw, port };
                match topo.peer(sw, port) {
                    Peer::None => {}
                    Peer::Switch { sw: sw2, port: p2 } => {
                        let l = new_link(me, Endpoint::Switch { sw: sw2, port: p2 }, &mut links);
                        out_link[sw][port] = l;
                        in_link[sw2][p2] = l;
                    }
                    Peer::Host(h) => {
                        let down = new_link(me, Endpoint::Nic(h), &mut links);
                        out_link[sw][port] = down;
                        nic_in[h] = down;
                        let up = new_link(Endpoint::Nic(h), me, &mut links);
                        nic_out[h] = up;
                        in_link[sw][port] = up;
                    }
                }
            }
        }
        let switches = (0..s)
            .map(|sw| {
                MyrinetSwitch::new(
                    sw,
                    params.switch,
                    std::mem::take(&mut in_link[sw]),
                    std::mem::take(&mut out_link[sw]),
                )
            })
            .collect();
        let nics = (0..topo.num_hosts())
            .map(|h| {
                let rng = ChaCha8Rng::seed_from_u64(
                    params.seed ^ (h as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                Nic::new(h, params.nic, nic_in[h], nic_out[h], rng)
            })
            .collect();
        Ok(Network {
            params,
            switches,
            nics,
            links,
            packets: PacketTable::new(),
            stats: Collector::new(params.warmup),
            table: RoutingTable::new(routes),
            dests,
            link_ends,
            now: 0,
            last_progress: 0,
            deadlock: None,
        })
    }

    /// The current cycle (the next one to be evaluated).
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Evaluate one clock cycle of every block. Returns false once a deadlock was detected.
    pub fn step(&mut self) -> bool {
        if self.deadlock.is_some() {
            return false;
        }
        let now = self.now;
        let mut moved = 0u32;
        for sw in &mut self.switches {
            moved += sw.eval(now, &mut self.links);
        }
        let mut cx = NicCtx {
            links: &mut self.links,
            packets: &mut self.packets,
            table: &self.table,
            dests: &self.dests,
            stats: &mut self.stats,
        };
        for nic in &mut self.nics {
            moved += nic.eval(now, &mut cx);
        }
        self.now += 1;
        if moved > 0 {
            self.last_progress = now;
        } else if now - self.last_progress >= self.params.watchdog_cycles {
            if self.flits_in_flight() > 0 {
                self.deadlock = Some(watchdog::report(self, now));
                return false;
            }
            self.last_progress = now;
        }
        true
    }

    /// Run `cycles` more cycles (stops early on deadlock). `each` is called after every cycle
    /// (for waveform sampling); pass `|_| Ok(())` when not tracing.
    pub fn run_with<F: FnMut(&Network) -> Result<()>>(
        &mut self,
        cycles: u64,
        mut each: F,
    ) -> Result<()> {
        for _ in 0..cycles {
            let alive = self.step();
            each(self)?;
            if !alive {
                break;
            }
        }
        Ok(())
    }

    /// Run `cycles` more cycles without tracing.
    pub fn run(&mut self, cycles: u64) {
        for _ in 0..cycles {
            if !self.step() {
                break;
            }
        }
    }

    /// Stop every message generator (the network then drains).
    pub fn stop_traffic(&mut self) {
        for n in &mut self.nics {
            n.gen.stop();
        }
    }

    /// Nothing left anywhere: no flit in the network, no queued or in-transit packet.
    pub fn drained(&self) -> bool {
        self.packets.live() == 0 && self.flits_in_flight() == 0
    }

    /// Flits in the network: on links and in slack buffers (switches and NICs).
    pub fn flits_in_flight(&self) -> u64 {
        let wires: usize = self.links.iter().map(|l| l.flits_in_flight()).sum();
        let sw: usize = self.switches.iter().map(|s| s.flits_buffered()).sum();
        let nic: usize = self.nics.iter().map(|n| n.flits_buffered()).sum();
        (wires + sw + nic) as u64
    }

    /// Flit conservation: injected = ejected + stripped route bytes + dropped + in flight.
    pub fn conservation_ok(&self) -> bool {
        let injected: u64 = self.nics.iter().map(|n| n.injected_flits).sum();
        let ejected: u64 = self.nics.iter().map(|n| n.ejected_flits).sum();
        let stripped: u64 = self.switches.iter().map(|s| s.stripped).sum();
        let dropped: u64 = self.switches.iter().map(|s| s.dropped).sum();
        injected == ejected + stripped + dropped + self.flits_in_flight()
    }

    /// The deadlock report, if the watchdog fired.
    pub fn deadlock(&self) -> Option<&str> {
        self.deadlock.as_deref()
    }

    /// Names of a link's two ends.
    pub fn link_ends(&self, link: usize) -> (Endpoint, Endpoint) {
        self.link_ends[link]
    }

    /// Statistics of the run so far.
    pub fn summary(&self) -> Summary {
        let st = &self.stats;
        let s = self.switches.len();
        let h = self.nics.len();
        let clock = self.params.clock_ns;
        let window = self.now.saturating_sub(st.warmup).max(1) as f64;
        let per_cycle_sw = st.window_flits as f64 / window / s as f64;
        let lat = |sum: u128| {
            (st.measured_msgs > 0).then(|| {
                let c = sum as f64 / st.measured_msgs as f64;
                Latency {
                    cycles: c,
                    ns: c * clock,
                }
            })
        };
        let rate = self.params.nic.rate;
        Summary {
            switches: s,
            hosts: h,
            cycles: self.now,
            warmup: st.warmup,
            clock_ns: clock,
            offered_flits_per_cycle_per_host: rate,
            offered_flits_per_ns_per_switch: rate * h as f64 / s as f64 / clock,
            accepted_flits_per_cycle_per_switch: per_cycle_sw,
            accepted_flits_per_ns_per_switch: per_cycle_sw / clock,
            accepted_flits_per_cycle_per_host: st.window_flits as f64 / window / h as f64,
            latency: lat(st.lat_sum),
            network_latency: lat(st.net_lat_sum),
            max_latency_cycles: st.lat_max,
            measured_messages: st.measured_msgs,
            generated_messages: st.generated,
            delivered_messages: st.delivered,
            suppressed_messages: st.suppressed,
            window_generated_messages: st.window_generated,
            window_delivered_messages: st.window_msgs,
            avg_hops: (st.measured_msgs > 0).then(|| st.hops_sum as f64 / st.measured_msgs as f64),
            itbs_per_message: (st.measured_msgs > 0)
                .then(|| st.itbs_sum as f64 / st.measured_msgs as f64),
            itb_forwarded: self.nics.iter().map(|n| n.itb.forwarded).sum(),
            itb_spills: self.nics.iter().map(|n| n.itb.spills).sum(),
            itb_max_pool_bytes: self
                .nics
                .iter()
                .map(|n| n.itb.max_pool_used)
                .max()
                .unwrap_or(0),
            flits_in_flight: self.flits_in_flight(),
            messages_pending: self.packets.live() as u64,
            max_slack_level: self
                .switches
                .iter()
                .map(|s| s.max_slack_level())
                .chain(self.nics.iter().map(|n| n.recv.slack.max_level))
                .max()
                .unwrap_or(0),
            conservation_ok: self.conservation_ok(),
            slack_overflows: self.switches.iter().map(|s| s.overflows()).sum::<u64>()
                + self
                    .nics
                    .iter()
                    .map(|n| n.recv.slack.overflows)
                    .sum::<u64>(),
            misdelivered: st.misdelivered,
            route_errors: self.switches.iter().map(|s| s.route_errors).sum(),
            deadlock: self.deadlock.clone(),
        }
    }
}

impl Probe for Network {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        super::probe_network(
            v,
            self.switches.iter().map(|s| (s.id, s)),
            self.nics.iter().map(|n| (n.host, n)),
        );
    }
}
