//! The fat-tree network of seed 001: a k-ary n-tree of virtual cut-through switches with
//! credits and IR/FIR routing units, NICs with reorder buffers, stepped cycle by cycle.
//!
//! It shares the kernel with the Myrinet network — links (flits forward, credits backward),
//! the packet table, the statistics collector, probes and the VCD tracer, the message
//! generator and destination patterns — and has its own switch family (`blocks::vct_switch`)
//! and NIC (`blocks::vct_nic`). One [`FatTree::step`] evaluates every switch and NIC once.
//! Invariants kept at run time: flit conservation, no buffer overflow, no credit counter below
//! zero or above its buffer, no reorder-buffer overflow, and a deadlock watchdog.

use super::packet::PacketTable;
use crate::blocks::link::Link;
use crate::blocks::myrinet_switch::NO_LINK;
use crate::blocks::nic::generator::Process;
use crate::blocks::vct_nic::{ack_window, AckMode, E2e, VctNic, VctNicCtx, VctNicParams};
use crate::blocks::vct_switch::{Selection, VctIn, VctParams, VctSwitch, Wiring};
use crate::error::{Error, Result};
use crate::routing::ir_fir::{self, KAryNTree, Scheme, TreePeer};
use crate::sim::{Probe, ProbeVisitor};
pub use crate::stats::fattree::FtSummary;
use crate::stats::{Collector, Latency};
use crate::traffic::pattern::{DestTable, Pattern};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Trace injections: (cycle, source, destination, payload bytes), time ordered.
pub type Injections = Vec<(u64, u32, u32, u32)>;

/// Parameters of a fat-tree run (defaults: the paper's §5.1 where it gives them).
#[derive(Debug, Clone)]
pub struct FtParams {
    pub k: u32,
    pub n: u32,
    /// Deterministic FIR, or adaptive IR with the SADP or FF selection function.
    pub selection: Selection,
    /// Routing delay (20 cycles).
    pub routing_cycles: u32,
    /// Link fly time (8 cycles).
    pub fly_cycles: u32,
    /// Buffer at every input and output port, in packets of the largest size (2).
    pub buffer_packets: u32,
    /// Payload bytes of generated packets (8 KB in the paper).
    pub payload_bytes: u32,
    /// Largest payload of any packet (trace packets are split at 1 KB).
    pub max_payload_bytes: u32,
    /// Bytes per flit; the link moves one flit per cycle.
    pub flit_bytes: u32,
    /// Clock period, ns (reports in bytes/ns).
    pub clock_ns: f64,
    /// Offered load, payload flits per cycle per node.
    pub rate: f64,
    pub process: Process,
    pub pattern: Pattern,
    pub queue_limit: usize,
    /// In-order delivery (adaptive routing: reorder buffer + end-to-end flow control).
    pub in_order: bool,
    pub ack: AckMode,
    /// Reorder buffer per destination NIC, bytes.
    pub reorder_bytes: u64,
    pub warmup: u64,
    pub watchdog_cycles: u64,
    pub seed: u64,
}

impl Default for FtParams {
    fn default() -> Self {
        FtParams {
            k: 4,
            n: 4,
            selection: Selection::Deterministic,
            routing_cycles: 20,
            fly_cycles: 8,
            buffer_packets: 2,
            payload_bytes: 8192,
            max_payload_bytes: 8192,
            flit_bytes: 1,
            clock_ns: 6.25,
            rate: 0.1,
            process: Process::Bernoulli,
            pattern: Pattern::Uniform,
            queue_limit: 64,
            in_order: false,
            ack: AckMode::Free,
            reorder_bytes: 8 << 20,
            warmup: 20_000,
            watchdog_cycles: 50_000,
            seed: 1,
        }
    }
}

/// A whole fat-tree network.
pub struct FatTree {
    pub params: FtParams,
    pub tree: KAryNTree,
    pub switches: Vec<VctSwitch>,
    pub nics: Vec<VctNic>,
    pub links: Vec<Link>,
    pub packets: PacketTable,
    pub stats: Collector,
    dests: DestTable,
    e2e: E2e,
    /// Closed-loop storage workload, if one is loaded.
    pub storage: Option<super::storage::StorageRun>,
    delivered_msgs: Vec<u32>,
    answers_now: Vec<(u32, u32, u32, u32)>,
    now: u64,
    last_progress: u64,
    deadlock: Option<String>,
}

impl FatTree {
    /// Build the network. Errors name the parameter and what is allowed.
    pub fn new(p: FtParams) -> Result<FatTree> {
        let t = KAryNTree::new(p.k, p.n).map_err(|e| e.context("fat-tree"))?;
        t.routable().map_err(|e| e.context("fat-tree"))?;
        if p.flit_bytes == 0 || p.payload_bytes == 0 || p.buffer_packets == 0 {
            return Err(Error::new(
                "fat-tree: flit_bytes, payload_bytes and buffer_packets must be >= 1",
            ));
        }
        if p.fly_cycles == 0 {
            return Err(Error::field(
                "fattree.fly_cycles",
                "0 is out of range, allowed >= 1",
            ));
        }
        if p.in_order {
            check_reorder_fits(&p, t.nodes())?;
        }
        let topo = crate::topology::fattree::fattree(p.k, p.n)?;
        let pattern = p.pattern.resolve(topo.num_hosts(), p.seed);
        let dests = DestTable::new(&pattern, &topo).map_err(|e| e.context("traffic.pattern"))?;
        let nic_p = VctNicParams {
            payload_bytes: p.payload_bytes,
            flit_bytes: p.flit_bytes,
            rate: p.rate,
            process: p.process,
            queue_limit: p.queue_limit,
            buffer_flits: 0,
            switch_buffer_flits: 0,
            in_order: p.in_order,
            ack: p.ack,
            reorder_bytes: p.reorder_bytes,
        };
        let buf = p.buffer_packets * nic_p.flits(p.max_payload_bytes.max(p.payload_bytes));
        let nic_p = VctNicParams {
            buffer_flits: buf,
            switch_buffer_flits: buf,
            ..nic_p
        };
        let (ns, np, nodes) = (t.switches() as usize, t.ports(), t.nodes() as usize);
        let mut links: Vec<Link> = vec![];
        let mut in_link = vec![vec![NO_LINK; np]; ns];
        let mut out_link = vec![vec![NO_LINK; np]; ns];
        let (mut nic_in, mut nic_out) = (vec![NO_LINK; nodes], vec![NO_LINK; nodes]);
        let new_link = |links: &mut Vec<Link>| {
            links.push(Link::new(p.fly_cycles));
            (links.len() - 1) as u32
        };
        for id in 0..ns {
            let sw = t.switch_of(id as u64);
            for port in 0..np {
                match t.peer(sw, port as u32) {
                    TreePeer::Switch(s2, p2) => {
                        let l = new_link(&mut links);
                        out_link[id][port] = l;
                        in_link[t.switch_id(s2) as usize][p2 as usize] = l;
                    }
                    TreePeer::Node(x) => {
                        let down = new_link(&mut links);
                        out_link[id][port] = down;
                        nic_in[x as usize] = down;
                        let up = new_link(&mut links);
                        nic_out[x as usize] = up;
                        in_link[id][port] = up;
                    }
                    TreePeer::Open => {}
                }
            }
        }
        let scheme = match p.selection {
            Selection::Deterministic => Scheme::DeterministicFir,
            _ => Scheme::AdaptiveIr,
        };
        let vp = VctParams {
            ports: np,
            routing_cycles: p.routing_cycles,
            buffer_flits: buf,
            selection: p.selection,
        };
        let switches = (0..ns)
            .map(|id| {
                let sw = t.switch_of(id as u64);
                let pref = (p.selection == Selection::Sadp)
                    .then(|| ir_fir::unit(&t, Scheme::DeterministicFir, sw));
                VctSwitch::new(
                    id,
                    sw.stage,
                    vp,
                    ir_fir::unit(&t, scheme, sw),
                    pref,
                    Wiring {
                        in_link: std::mem::take(&mut in_link[id]),
                        out_link: std::mem::take(&mut out_link[id]),
                        down_credits: vec![buf; np],
                    },
                )
            })
            .collect();
        let nics = (0..nodes)
            .map(|h| {
                let rng = ChaCha8Rng::seed_from_u64(
                    p.seed ^ (h as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                VctNic::new(h, nodes, nic_p, nic_in[h], nic_out[h], rng)
            })
            .collect();
        Ok(FatTree {
            stats: Collector::new(p.warmup),
            e2e: E2e {
                outstanding: vec![0; nodes],
            },
            params: p,
            tree: t,
            switches,
            nics,
            links,
            packets: PacketTable::new(),
            dests,
            storage: None,
            delivered_msgs: Vec::with_capacity(64),
            answers_now: Vec::with_capacity(64),
            now: 0,
            last_progress: 0,
            deadlock: None,
        })
    }

    /// Replace the generators by trace injections: (cycle, source, destination, payload bytes),
    /// time ordered. Errors on a host out of range or a payload above the buffer's packet size.
    pub fn load_trace(&mut self, inj: &[(u64, u32, u32, u32)]) -> Result<()> {
        let nodes = self.nics.len();
        let mut per: Vec<Vec<(u64, u32, u32, u32)>> = vec![vec![]; nodes];
        for (i, &(c, s, d, b)) in inj.iter().enumerate() {
            if s as usize >= nodes || d as usize >= nodes {
                return Err(Error::field(
                    format!("trace injection {i}"),
                    format!("host {s} or {d} out of range, allowed 0..{}", nodes - 1),
                ));
            }
            if b > self.params.max_payload_bytes.max(self.params.payload_bytes) {
                return Err(Error::field(
                    format!("trace injection {i}"),
                    format!("payload {b} bytes above the packet size of the buffers"),
                ));
            }
            per[s as usize].push((c, d, b, crate::fabric::packet::NO_MSG));
        }
        for (nic, list) in self.nics.iter_mut().zip(per) {
            nic.set_trace(list);
        }
        Ok(())
    }

    /// Run a closed-loop storage workload (`fabric::storage`): the hosts' requests are
    /// injected at their compressed times, the disks answer what they have received.
    pub fn load_storage(&mut self, run: super::storage::StorageRun) -> Result<()> {
        let nodes = self.nics.len();
        if run.disk_node.iter().any(|&d| d as usize >= nodes) {
            return Err(Error::new(format!(
                "storage workload: it has {} disks on nodes up to {}, the network has {nodes} nodes",
                run.disk_node.len(),
                run.disk_node.last().copied().unwrap_or(0)
            )));
        }
        let mut per: Vec<Vec<(u64, u32, u32, u32)>> = vec![vec![]; nodes];
        for (c, s, d, b, m) in run.requests() {
            if s as usize >= nodes {
                return Err(Error::new(format!(
                    "storage workload: host {s} out of range, allowed 0..{}",
                    nodes - 1
                )));
            }
            per[s as usize].push((c, d, b, m));
        }
        for (nic, list) in self.nics.iter_mut().zip(per) {
            nic.set_trace(list);
        }
        self.storage = Some(run);
        Ok(())
    }

    /// Run the storage workload until every answer is delivered or `limit` cycles; returns
    /// the execution time (the cycle after the last answer's delivery).
    pub fn run_storage(&mut self, limit: u64) -> Option<u64> {
        while self.now < limit {
            if !self.step() {
                return None;
            }
            if let Some(st) = &self.storage {
                if st.done() {
                    return Some(st.last_answer + 1);
                }
            }
        }
        None
    }

    /// The current cycle.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Evaluate one cycle; false once a deadlock was detected.
    pub fn step(&mut self) -> bool {
        if self.deadlock.is_some() {
            return false;
        }
        let now = self.now;
        let mut moved = 0u32;
        for sw in &mut self.switches {
            moved += sw.eval(now, &mut self.links, &self.packets);
        }
        let mut cx = VctNicCtx {
            links: &mut self.links,
            packets: &mut self.packets,
            dests: &self.dests,
            stats: &mut self.stats,
            e2e: &mut self.e2e,
            delivered_msgs: &mut self.delivered_msgs,
        };
        if let Some(st) = self.storage.as_mut() {
            // disks whose service ended send their answers
            st.answers_due(now, &mut self.answers_now);
            for &(disk, host, bytes, msg) in &self.answers_now {
                self.nics[disk as usize].enqueue(now, host, bytes, msg, &mut cx);
            }
            self.answers_now.clear();
        }
        for nic in &mut self.nics {
            moved += nic.eval(now, &mut cx);
        }
        if let Some(st) = self.storage.as_mut() {
            for &m in &self.delivered_msgs {
                st.delivered(now, m);
            }
        }
        self.delivered_msgs.clear();
        self.now += 1;
        if moved > 0 {
            self.last_progress = now;
        } else if now - self.last_progress >= self.params.watchdog_cycles {
            if self.flits_in_flight() > 0 || self.nics.iter().any(|n| n.queued() > 0) {
                self.deadlock = Some(self.deadlock_report(now));
                return false;
            }
            self.last_progress = now;
        }
        true
    }

    /// Run `cycles` more cycles (stops on deadlock).
    pub fn run(&mut self, cycles: u64) {
        for _ in 0..cycles {
            if !self.step() {
                break;
            }
        }
    }

    /// Run until every trace injection was made and every packet delivered, or `limit` cycles.
    /// Returns the execution time: the cycle of the last delivery.
    pub fn run_trace(&mut self, limit: u64) -> Option<u64> {
        while self.now < limit {
            if !self.step() {
                return None;
            }
            if self.packets.live() == 0 && self.nics.iter().all(|n| n.trace_left() == 0) {
                return Some(self.stats.last_delivery + 1);
            }
        }
        None
    }

    fn deadlock_report(&self, now: u64) -> String {
        let mut blocked = vec![];
        for sw in &self.switches {
            for port in 0..sw.params().ports {
                if let VctIn::Selecting | VctIn::Xfer { .. } = sw.in_state(port) {
                    blocked.push(format!("sw{}.in{port}:{:?}", sw.id, sw.in_state(port)));
                }
            }
        }
        let shown: Vec<&str> = blocked.iter().take(12).map(|s| s.as_str()).collect();
        format!(
            "no flit moved for {} cycles at cycle {now} with {} flits in flight; blocked inputs ({}): {}",
            self.params.watchdog_cycles,
            self.flits_in_flight(),
            blocked.len(),
            shown.join(", ")
        )
    }

    /// Flits on links and in buffers.
    pub fn flits_in_flight(&self) -> u64 {
        let wires: usize = self.links.iter().map(|l| l.flits_in_flight()).sum();
        let sw: u64 = self.switches.iter().map(|s| s.flits_buffered()).sum();
        let nic: u64 = self.nics.iter().map(|n| n.flits_buffered()).sum();
        wires as u64 + sw + nic
    }

    /// Flit conservation: injected = ejected + in flight.
    pub fn conservation_ok(&self) -> bool {
        let injected: u64 = self.nics.iter().map(|n| n.injected_flits).sum();
        let ejected: u64 = self.nics.iter().map(|n| n.ejected_flits).sum();
        injected == ejected + self.flits_in_flight()
    }

    /// The deadlock report, if the watchdog fired.
    pub fn deadlock(&self) -> Option<&str> {
        self.deadlock.as_deref()
    }

    /// Stop every generator (the network then drains).
    pub fn stop_traffic(&mut self) {
        for n in &mut self.nics {
            n.gen.stop();
        }
    }

    /// Statistics of the run so far.
    pub fn summary(&self) -> FtSummary {
        let st = &self.stats;
        let p = &self.params;
        let nodes = self.nics.len();
        let window = self.now.saturating_sub(st.warmup).max(1) as f64;
        let m = st.measured_msgs.max(1) as f64;
        let lat = |sum: u128| {
            (st.measured_msgs > 0).then(|| {
                let c = sum as f64 / m;
                Latency {
                    cycles: c,
                    ns: c * p.clock_ns,
                }
            })
        };
        let acc = st.window_flits as f64 / window / nodes as f64;
        FtSummary {
            k: p.k,
            n: p.n,
            nodes,
            switches: self.switches.len(),
            routing: p.selection.name().to_string(),
            in_order: p.in_order,
            cycles: self.now,
            warmup: st.warmup,
            offered_flits_per_cycle_per_node: p.rate,
            accepted_flits_per_cycle_per_node: acc,
            accepted_bytes_per_ns_per_node: acc * p.flit_bytes as f64 / p.clock_ns,
            latency: lat(st.lat_sum),
            network_latency: lat(st.net_lat_sum),
            reorder_delay_cycles: (st.measured_msgs > 0).then(|| st.reorder_delay_sum as f64 / m),
            max_latency_cycles: st.lat_max,
            ooo_max_bytes: self
                .nics
                .iter()
                .map(|n| n.reorder.max_bytes)
                .max()
                .unwrap_or(0),
            ooo_max_packets: self
                .nics
                .iter()
                .map(|n| n.reorder.max_packets)
                .max()
                .unwrap_or(0),
            out_of_order_packets: self.nics.iter().map(|n| n.reorder.stored).sum(),
            generated_packets: st.generated,
            delivered_packets: st.delivered,
            measured_packets: st.measured_msgs,
            window_generated_packets: st.window_generated,
            window_delivered_packets: st.window_msgs,
            suppressed_packets: st.suppressed,
            pending_packets: self.packets.live() as u64,
            acks: st.acks,
            ack_flits: st.ack_flits,
            e2e_stall_cycles: self.nics.iter().map(|n| n.e2e_stalls).sum(),
            last_delivery_cycle: st.last_delivery,
            flits_in_flight: self.flits_in_flight(),
            conservation_ok: self.conservation_ok(),
            buffer_overflows: self.switches.iter().map(|s| s.overflows()).sum::<u64>(),
            credit_errors: self.switches.iter().map(|s| s.credit_errors()).sum::<u64>()
                + self.nics.iter().map(|n| n.errors()).sum::<u64>(),
            misdelivered: st.misdelivered,
            route_errors: self.switches.iter().map(|s| s.route_errors).sum(),
            deadlock: self.deadlock.clone(),
        }
    }
}

impl Probe for FatTree {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        super::probe_network(
            v,
            self.switches.iter().map(|s| (s.id, s)),
            self.nics.iter().map(|n| (n.host, n)),
        );
    }
}

/// In-order delivery needs room for one whole packet: in the destination's reorder buffer (free
/// acknowledgements) or in each source's share of it (acknowledgement packets). A smaller buffer
/// would stall the first source forever, so it is refused.
fn check_reorder_fits(p: &FtParams, hosts: u64) -> Result<()> {
    let packet = p.max_payload_bytes.max(p.payload_bytes) as u64;
    let sources = hosts - 1;
    let (room, minimum, what) = match p.ack {
        AckMode::Free => (p.reorder_bytes, packet, "the reorder buffer".to_string()),
        AckMode::Packets => (
            ack_window(p.reorder_bytes, hosts as usize),
            packet * sources,
            format!("each of the {sources} sources' share of it"),
        ),
    };
    if room < packet {
        return Err(Error::field(
            "fattree.reorder_bytes (--reorder-kb)",
            format!(
                "{} bytes leave {room} bytes in {what}, less than one {packet}-byte packet; \
                 allowed: at least {minimum} bytes",
                p.reorder_bytes
            ),
        ));
    }
    Ok(())
}
