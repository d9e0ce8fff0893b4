//! The network: a topology wired with any switch family's switches, NICs and links, stepped
//! cycle by cycle.
//!
//! Every switch port and every NIC is an *endpoint*; each connected pair of endpoints gets two
//! [`Link`]s, one per direction. One [`Network::step`] evaluates every switch and every NIC once
//! (order-independent, see `sim`), then advances the clock. The network keeps the run-time
//! invariants for every family: flit conservation, buffer and credit errors, misdelivery, and
//! the deadlock watchdog, whose report names the cycle of waits among blocked inputs.

use super::sleep::Sleep;
use std::cell::{Cell, UnsafeCell};

mod deadlock;
pub use deadlock::Deadlock;
mod engine;
mod idle;
mod one_by_one;
pub use one_by_one::{one_by_one, OneByOneFn};
mod watch;
mod window;
pub use engine::{Engine, EnginePhase};
pub use watch::Watch;
mod params;
pub use params::NetParams;
pub mod parallel;
use super::storage::StorageRun;
use super::summary::Summary;
use super::{Ctx, Family, Nic, Switch, Wiring};
use crate::blocks::link::{Link, NO_LINK};
use crate::error::{Error, Result};
use crate::sim::packet::{PacketTable, NO_MSG};
use crate::sim::{Probe, ProbeVisitor};
use crate::stats::Collector;
pub use crate::topology::Endpoint;
use crate::topology::{Peer, Topology};
use crate::traffic::injection::HostInjection;
use crate::traffic::pattern::DestTable;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A whole network of family `F`.
pub struct Network<F: Family> {
    pub params: NetParams,
    /// The family's parameters and routing, as the network was built with them.
    pub build: F::Build,
    /// The switches and the links, read through [`Network::switches`] and [`Network::links`]:
    /// those write the engine's state into them first when it has cycles they do not show.
    switches: UnsafeCell<Vec<F::Switch>>,
    pub nics: Vec<F::Nic>,
    links: Vec<Link>,
    pub packets: PacketTable<F::Ext>,
    pub stats: Collector,
    /// State the NICs share.
    pub shared: F::Shared,
    dests: DestTable,
    /// Closed-loop storage workload, if one is loaded.
    pub storage: Option<StorageRun>,
    /// Offered load of a loaded trace, payload flits per cycle per host.
    trace_offered: Option<f64>,
    /// Cycle of the last injection of a loaded trace or storage workload.
    workload_span: Option<u64>,
    delivered_msgs: Vec<u32>,
    due_now: Vec<(u32, u32, u32, u32)>,
    /// For each link: (sender endpoint, receiver endpoint), for reports.
    link_ends: Vec<(Endpoint, Endpoint)>,
    /// What each port and NIC is wired to, for the waveforms.
    peers: super::peers::Peers,
    ports: usize,
    now: u64,
    last_progress: u64,
    deadlock: Option<Deadlock>,
    /// Which blocks sleep (families that say so), and the cycles the clock jumped over.
    sleep: Option<Sleep>,
    jumped: u64,
    step_each: bool,
    /// The threads of the switch phase, when more than one (`parallel`).
    threads: Option<parallel::Threads>,
    /// The family's engine evaluating the switches together (`engine`; its network's sleep
    /// tables are of the hosts' links alone), and its scratch.
    engine: UnsafeCell<Option<Box<F::Engine>>>,
    /// The engine has evaluated cycles not yet written into the switches and links; and a
    /// probe walk reads them as they are (a waveform's, after writing those it reads).
    stale: Cell<bool>,
    as_they_are: Cell<bool>,
    /// A caller wrote into the switches before the engine's first cycle: it is built again.
    rebuild: bool,
    engine_after: Vec<parallel::After>,
    /// The engine has evaluated a cycle (it then holds the switches' state).
    engine_started: bool,
    /// The kernel prefetches the next blocks' state in cycles with at least this many
    /// blocks of a kind due (`sim::prefetch::min_due`; `usize::MAX`: never).
    prefetch_from: usize,
    /// What watches the network from outside it (an RTL twin in situ).
    watch: Option<Box<dyn Watch<F>>>,
    /// At the first measured cycle: every link's flit counter and every input buffer's
    /// occupancy integral (the window's start).
    window_base: Option<(Vec<u32>, Vec<u64>)>,
}

impl<F: Family> Network<F> {
    /// Wire `topo` with the family's switches and NICs.
    pub fn new(
        topo: &Topology,
        params: NetParams,
        mut build: F::Build,
        dests: DestTable,
    ) -> Result<Self> {
        let np = topo.ports_per_switch;
        if np > 32 {
            return Err(Error::field(
                "topology.ports_per_switch",
                format!("{np} is above the supported 32"),
            ));
        }
        for (key, fly) in [
            ("link.fly_cycles", params.fly_cycles),
            ("link.host_fly_cycles", params.host_fly_cycles),
            ("link.global_fly_cycles", params.global_fly_cycles),
        ] {
            if fly == 0 {
                return Err(Error::field(key, "0 is out of range, allowed >= 1"));
            }
        }
        if params.fly_cycles > crate::blocks::link::MAX_FLY {
            return Err(Error::field(
                "link.fly_cycles",
                format!(
                    "{} is above the supported {}",
                    params.fly_cycles,
                    crate::blocks::link::MAX_FLY
                ),
            ));
        }
        let (s, hosts) = (topo.switches, topo.num_hosts());
        let mut links = Vec::new();
        let mut link_ends = Vec::new();
        let mut wiring: Vec<Wiring> = (0..s)
            .map(|_| Wiring {
                in_link: vec![NO_LINK; np],
                out_link: vec![NO_LINK; np],
            })
            .collect();
        let mut nic_in = vec![NO_LINK; hosts];
        let mut nic_out = vec![NO_LINK; hosts];
        let mut flies = Vec::new();
        let mut new_link = |a: Endpoint, b: Endpoint, links: &mut Vec<Link>| {
            let fly = params.fly_of(topo, a, b);
            links.push(Link::new(fly));
            flies.push(fly);
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
                        wiring[sw].out_link[port] = l;
                        wiring[sw2].in_link[p2] = l;
                    }
                    Peer::Host(h) => {
                        let down = new_link(me, Endpoint::Nic(h), &mut links);
                        wiring[sw].out_link[port] = down;
                        nic_in[h] = down;
                        let up = new_link(Endpoint::Nic(h), me, &mut links);
                        nic_out[h] = up;
                        wiring[sw].in_link[port] = up;
                    }
                }
            }
        }
        // before the switches take their routing units from the build
        let shared = F::shared(&mut build, hosts);
        let switches = wiring
            .into_iter()
            .enumerate()
            .map(|(id, w)| F::switch(&build, id, w))
            .collect::<Result<Vec<_>>>()?;
        let nics = (0..hosts)
            .map(|h| {
                let rng = ChaCha8Rng::seed_from_u64(
                    params.seed ^ (h as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                );
                F::nic(&build, h, hosts, nic_in[h], nic_out[h], rng)
            })
            .collect();
        let node = |e: Endpoint| match e {
            Endpoint::Switch { sw, port } => (sw as u32, port),
            Endpoint::Nic(h) => ((s + h) as u32, 0),
        };
        let ends: Vec<_> = link_ends.iter().map(|&(a, b)| (node(a), node(b))).collect();
        let peers = super::peers::Peers::new(topo, &link_ends);
        let engine = <F::Engine as Engine<F::Switch, F::Ext>>::new(&switches, &links).map(Box::new);
        if engine.is_none() && F::ONE_BY_ONE.is_none() {
            return Err(Error::field(
                "switch",
                format!(
                    "the {} family's routers are evaluated by its engine alone, which does not \
                     take these ({} ports of {} VCs); allowed: the shapes docs/models.md lists",
                    F::NAME,
                    np,
                    switches.first().map_or(0, |s| s.vcs())
                ),
            ));
        }
        // an engine carries the flits and credits between switches itself: the sleep tables
        // of the hosts' links alone
        let sleep = F::SLEEPS.then(|| match engine {
            Some(_) => Sleep::of_hosts_links(s, hosts, &flies, &ends),
            None => Sleep::new(s, hosts, np, &flies, &ends),
        });
        let state =
            s * std::mem::size_of::<F::Switch>() + links.len() * std::mem::size_of::<Link>();
        let prefetch_from = crate::sim::prefetch::min_due(state)?;
        Ok(Network {
            prefetch_from,
            peers,
            sleep,
            jumped: 0,
            step_each: false,
            threads: None,
            engine: UnsafeCell::new(engine),
            stale: Cell::new(false),
            as_they_are: Cell::new(false),
            rebuild: false,
            engine_after: Vec::with_capacity(s),
            engine_started: false,
            shared,
            params,
            build,
            switches: UnsafeCell::new(switches),
            nics,
            links,
            packets: PacketTable::new(),
            stats: Collector::new(params.warmup),
            dests,
            storage: None,
            trace_offered: None,
            workload_span: None,
            delivered_msgs: Vec::with_capacity(64),
            due_now: Vec::with_capacity(64),
            link_ends,
            ports: np,
            now: 0,
            last_progress: 0,
            deadlock: None,
            window_base: None,
            watch: None,
        })
    }

    /// The current cycle (the next one to be evaluated).
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Evaluate one clock cycle of every block. Returns false once a deadlock was detected.
    /// (The switches' registers are written from the engine when something reads them, not
    /// after every cycle: [`Network::switches`].)
    pub fn step(&mut self) -> bool {
        if self.deadlock.is_some() {
            return false;
        }
        let now = self.now;
        if now == self.stats.warmup {
            self.sync_engine();
            self.open_window(now);
        }
        self.watched(now, false);
        let mut moved = self.switch_phase(now);
        let engine = self.engine.get_mut().as_deref();
        F::after_switches(self.switches.get_mut(), engine, &self.shared);
        let mut cx = Ctx::<F> {
            links: &mut self.links,
            packets: &mut self.packets,
            dests: &self.dests,
            stats: &mut self.stats,
            shared: &mut self.shared,
            delivered_msgs: &mut self.delivered_msgs,
            flit_bytes: self.params.flit_bytes,
        };
        if let Some(st) = self.storage.as_mut() {
            // hosts' requests whose time came, disks' answers whose service ended
            st.due(now, &mut self.due_now);
            for &(src, dst, bytes, msg) in &self.due_now {
                self.nics[src as usize].enqueue(now, dst, bytes, msg, &mut cx);
                if let Some(sl) = self.sleep.as_mut() {
                    sl.wake_nic(src as usize);
                    sl.begin_nic(src as usize);
                }
            }
            self.due_now.clear();
        }
        if let Some(sl) = self.sleep.as_mut() {
            let prefetch = sl.nic_now.len() >= self.prefetch_from;
            for i in 0..sl.nic_now.len() {
                // (two stages: a NIC's registers two ahead, the links they name one ahead)
                if prefetch {
                    if let Some(&h2) = sl.nic_now.get(i + 2) {
                        self.nics[h2 as usize].prefetch();
                    }
                    if let Some(&h1) = sl.nic_now.get(i + 1) {
                        self.nics[h1 as usize].prefetch_links(cx.links);
                    }
                }
                let h = sl.nic_now[i] as usize;
                let nic = &mut self.nics[h];
                moved += nic.eval_arrivals(now, &mut cx, sl.nic_ports[i]);
                let own = nic.wake_at();
                let (f, b) = nic.drove();
                sl.after_nic(h, now, own == 0, own, (f as u32, b as u32));
            }
        } else {
            for nic in &mut self.nics {
                moved += nic.eval(now, &mut cx);
            }
        }
        if let Some(st) = self.storage.as_mut() {
            for &m in &self.delivered_msgs {
                st.delivered(now, m);
            }
        }
        self.delivered_msgs.clear();
        self.watched(now, true);
        self.now += 1;
        if moved > 0 {
            self.last_progress = now;
        } else if now - self.last_progress >= self.params.watchdog_cycles {
            self.sync_engine();
            if self.flits_in_flight() > 0 || self.nics.iter().any(|n| n.waiting() > 0) {
                self.deadlock = Some(self.deadlock_report(now));
                return false;
            }
            self.last_progress = now;
        }
        true
    }

    /// Run `cycles` more cycles (stops early on deadlock). `each` is called after every cycle
    /// (for waveform sampling); pass `|_| Ok(())` when not tracing.
    pub fn run_with<G: FnMut(&Self) -> Result<()>>(
        &mut self,
        cycles: u64,
        mut each: G,
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

    /// Run `cycles` more cycles without tracing, the clock jumping over idle time (the
    /// switches, as every cycle of the network, by the family's engine where it takes them:
    /// at the end their statistics and state registers are written back, [`Engine::sync`],
    /// with their last cycle's strobes and what is on the links between them).
    pub fn run(&mut self, cycles: u64) {
        let end = self.now + cycles;
        while self.skip_idle(end) < end {
            if !self.step() {
                break;
            }
        }
        self.sync_engine();
    }

    /// Stop every message generator (the network then drains).
    pub fn stop_traffic(&mut self) {
        for n in &mut self.nics {
            n.injector().stop();
        }
        self.wake_all();
    }

    /// Every block is evaluated next cycle (the workload changed under sleeping blocks).
    fn wake_all(&mut self) {
        if let Some(sl) = self.sleep.as_mut() {
            sl.wake_all();
        }
    }

    /// Evaluate every block every cycle, none sleeping (for comparing both: the results must
    /// not differ).
    pub fn no_sleep(&mut self) {
        self.sleep = None;
    }

    /// Nothing left anywhere: no flit in the network, no queued or in-transit packet.
    pub fn drained(&self) -> bool {
        self.packets.live() == 0 && self.flits_in_flight() == 0
    }

    /// Flits in the network: on links and in switch and NIC buffers.
    pub fn flits_in_flight(&self) -> u64 {
        let wires: usize = self.links().iter().map(|l| l.flits_in_flight()).sum();
        // exchange words on the wires are not flits
        let words: i64 = self
            .switches()
            .iter()
            .map(|s| {
                let (out, inn) = s.exchange_words();
                out as i64 - inn as i64
            })
            .sum();
        let wires = (wires as i64 - words) as usize;
        let sw: u64 = self.switches().iter().map(|s| s.flits_buffered()).sum();
        let nic: u64 = self.nics.iter().map(|n| n.flits_buffered()).sum();
        wires as u64 + sw + nic
    }

    /// Flit conservation: injected = ejected + removed in switches + in flight.
    pub fn conservation_ok(&self) -> bool {
        let injected: u64 = self.nics.iter().map(|n| n.injected_flits()).sum();
        let ejected: u64 = self.nics.iter().map(|n| n.ejected_flits()).sum();
        let removed: u64 = self.switches().iter().map(|s| s.flits_removed()).sum();
        injected == ejected + removed + self.flits_in_flight()
    }

    /// The deadlock report, if the watchdog fired.
    pub fn deadlock(&self) -> Option<&str> {
        self.deadlock.as_ref().map(|d| d.report.as_str())
    }

    /// Ports per switch.
    pub fn ports(&self) -> usize {
        self.ports
    }

    /// Names of a link's two ends.
    pub fn link_ends(&self, link: usize) -> (Endpoint, Endpoint) {
        self.link_ends[link]
    }

    /// Replace the generators by trace injections: (cycle, source, destination, payload bytes),
    /// time ordered. Errors on a host out of range or a payload above `max_payload` bytes
    /// (what the family's buffers hold).
    pub fn load_trace(&mut self, inj: &[(u64, u32, u32, u32)], max_payload: u32) -> Result<()> {
        let nodes = self.nics.len();
        let mut per: Vec<Vec<HostInjection>> = vec![vec![]; nodes];
        let mut flits = 0u64;
        for (i, &(c, s, d, b)) in inj.iter().enumerate() {
            if s as usize >= nodes || d as usize >= nodes {
                return Err(Error::field(
                    format!("trace injection {i}"),
                    format!("host {s} or {d} out of range, allowed 0..{}", nodes - 1),
                ));
            }
            if b > max_payload {
                return Err(Error::field(
                    format!("trace injection {i}"),
                    format!(
                        "payload {b} bytes above the packet size of the buffers ({max_payload})"
                    ),
                ));
            }
            flits += b.div_ceil(self.params.flit_bytes) as u64;
            per[s as usize].push((c, d, b, NO_MSG));
        }
        let span = inj.last().map_or(1, |i| i.0 + 1);
        // the network-wide completion time: 99 % of the payload delivered
        self.stats.completion_target = (flits * 99).div_ceil(100);
        self.trace_offered = Some(flits as f64 / span as f64 / nodes as f64);
        self.workload_span = Some(span);
        for (nic, list) in self.nics.iter_mut().zip(per) {
            nic.injector().set_trace(list);
        }
        self.wake_all();
        Ok(())
    }

    /// Run a closed-loop storage workload (`fabric::storage`): the hosts' requests are
    /// injected at their compressed times, the disks answer what they have received.
    pub fn load_storage(&mut self, run: StorageRun) -> Result<()> {
        let nodes = self.nics.len();
        if run.disk_node.iter().any(|&d| d as usize >= nodes) {
            return Err(Error::new(format!(
                "storage workload: it has {} disks on nodes up to {}, the network has {nodes} nodes",
                run.disk_node.len(),
                run.disk_node.last().copied().unwrap_or(0)
            )));
        }
        if let Some(r) = run.reqs.iter().find(|r| r.host as usize >= nodes) {
            return Err(Error::new(format!(
                "storage workload: host {} out of range, allowed 0..{}",
                r.host,
                nodes - 1
            )));
        }
        // the workload replaces the generators
        for nic in &mut self.nics {
            nic.injector().stop();
        }
        let span = run.span();
        self.storage = Some(run);
        self.workload_span = Some(span);
        self.wake_all();
        Ok(())
    }

    /// The last injection cycle (plus one) of a loaded trace or storage workload.
    pub fn workload_span(&self) -> Option<u64> {
        self.workload_span
    }

    /// A trace or storage workload is loaded: the run lasts until it is done.
    pub fn has_workload(&self) -> bool {
        self.workload_span.is_some()
    }

    /// When the loaded workload is done: the execution time (the cycle after the last
    /// delivery of a trace, or of the last answer of a storage workload).
    pub fn workload_done(&self) -> Option<u64> {
        if let Some(st) = &self.storage {
            return st.done().then_some(st.last_answer + 1);
        }
        if self.trace_offered.is_some()
            && self.packets.live() == 0
            && self.nics.iter().all(|n| n.core().src.trace_left() == 0)
        {
            return Some(self.stats.last_delivery + 1);
        }
        None
    }

    /// Run the loaded workload until it is done or `limit` cycles; returns its execution time.
    /// The switches are evaluated as by [`Network::run`].
    pub fn run_workload(&mut self, limit: u64) -> Option<u64> {
        let mut done = None;
        while self.skip_idle(limit) < limit {
            if !self.step() {
                break;
            }
            if let Some(t) = self.workload_done() {
                done = Some(t);
                break;
            }
        }
        self.sync_engine();
        done
    }

    /// Offered load, payload flits per cycle per host (a trace's own when one is loaded).
    pub fn offered(&self) -> f64 {
        self.trace_offered.unwrap_or(self.params.rate)
    }

    /// Statistics of the run so far.
    pub fn summary(&self) -> Summary {
        Summary::of(self)
    }
}

impl<F: Family> Probe for Network<F> {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        super::probe_network(
            v,
            self.probed().iter().map(|s| (s.id(), s)),
            self.nics.iter().map(|n| (n.host(), n)),
            &self.peers,
        );
    }
}
