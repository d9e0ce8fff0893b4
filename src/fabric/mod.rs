//! Assemblies: switch families and their NICs, and the one [`Network`] that wires any topology
//! with any family and steps it.
//!
//! # The family contract
//! A switch family is a type implementing [`Family`]: its switch ([`Switch`]), its NIC
//! ([`Nic`]), the per-packet extension it keeps in the packet table, the network-wide state its
//! NICs share, and the section it adds to the run summary. [`Network<F>`] does everything else
//! once for every family — the wiring loop, the cycle, flit conservation, drain, probes, trace
//! and closed-loop workloads, the deadlock watchdog with its wait-for report, the summary core —
//! with static dispatch (no `dyn` call per port per cycle). A family is registered with one
//! line in [`registry`].

pub mod keys;
pub mod myrinet;
pub mod network;
pub mod peers;
#[macro_use]
pub mod registry;
pub mod sleep;
pub mod storage;
pub mod summary;
pub mod vc;
pub mod vct;
pub mod watchdog;

pub use network::{one_by_one, Endpoint, NetParams, Network, OneByOneFn};
pub use registry::{AnyNetwork, Section};
pub use summary::Summary;

use crate::blocks::link::Link;
use crate::sim::packet::PacketTable;
use crate::sim::{Probe, ProbeVisitor};
use crate::stats::Collector;
use crate::traffic::injection::Injector;
use crate::traffic::pattern::DestTable;

/// How a switch is connected: port `p` receives on `in_link[p]` and sends on `out_link[p]`
/// (indices into the network's links, [`crate::blocks::link::NO_LINK`] when unconnected).
#[derive(Debug, Clone, Default)]
pub struct Wiring {
    pub in_link: Vec<u32>,
    pub out_link: Vec<u32>,
}

/// Invariant counters of one switch or NIC (all must stay 0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Health {
    /// Buffer overflows.
    pub overflows: u64,
    /// Credit counters asked to go negative or above their buffer.
    pub credit_errors: u64,
    /// Headers the routing function found no way for.
    pub route_errors: u64,
    /// Packets handed to a host out of sequence where in-order delivery was promised.
    pub order_errors: u64,
}

impl std::ops::Add for Health {
    type Output = Health;

    fn add(self, o: Health) -> Health {
        Health {
            overflows: self.overflows + o.overflows,
            credit_errors: self.credit_errors + o.credit_errors,
            route_errors: self.route_errors + o.route_errors,
            order_errors: self.order_errors + o.order_errors,
        }
    }
}

/// What a blocked switch input waits for (the deadlock watchdog's wait-for graph).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitOn {
    /// Another input of the same switch, which holds the output.
    Input { port: u8, vc: u8 },
    /// The input buffer behind output `out`, virtual channel `vc` (full, or said stop).
    Downstream { vc: u8 },
    /// Nothing that another input holds (it waits for arbitration).
    Nothing,
}

/// One wait-for edge: input `port`/`vc` wants output `out` and waits `on` something (`why`
/// names it in the report: busy, stopped, full).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wait {
    pub port: u8,
    pub vc: u8,
    pub out: u8,
    pub on: WaitOn,
    pub why: &'static str,
}

/// A switch of a family, seen by the network: what it holds and reports. How it is
/// evaluated is its family's: one by one ([`OneByOne`]) or network-wide by the family's
/// engine ([`network::Engine`]).
pub trait Switch<X>: Probe {
    /// The switch id.
    fn id(&self) -> usize;
    /// Flits held in its buffers.
    fn flits_buffered(&self) -> u64;
    /// Flits taken out of the network inside the switch (stripped route bytes, dropped flits).
    fn flits_removed(&self) -> u64 {
        0
    }
    /// Invariant counters.
    fn health(&self) -> Health;
    /// Virtual channels per port.
    fn vcs(&self) -> usize {
        1
    }
    /// Its blocked inputs and what each waits for (only called for a deadlock report).
    fn waits(&self, out: &mut Vec<Wait>);
    /// Appends the occupancy integral ([`crate::stats::occupancy::Level::area`]) of each of
    /// its input buffers at `now`: port by port, [`Switch::vcs`] per port (families that keep
    /// them).
    fn occupancy(&self, _now: u64, _out: &mut Vec<u64>) {}
    /// Words of a side exchange it drove onto and took from its links' forward wires (seed
    /// 002's LUC/NCB exchange): they share the wires with flits but are not flits.
    fn exchange_words(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// A switch evaluated on its own, cycle by cycle (families without an engine:
/// [`Family::ONE_BY_ONE`]).
pub trait OneByOne<X>: Switch<X> {
    /// Evaluate one cycle: read the links' arriving flits and flow-control symbols, write the
    /// ones leaving. Returns the flits that moved (the watchdog's progress).
    fn eval(&mut self, now: u64, links: &[Link], packets: &PacketTable<X>) -> u32;
    /// [`OneByOne::eval`] told which ports receive this cycle — flits on the inputs of mask
    /// `flits`, backward symbols on the outputs of mask `back` — so it reads only those links
    /// (families that sleep; the default reads them all).
    fn eval_arrivals(
        &mut self,
        now: u64,
        links: &[Link],
        packets: &PacketTable<X>,
        _arrivals: sleep::Arrivals,
    ) -> u32 {
        self.eval(now, links, packets)
    }
    /// Nothing inside: no flit, no credit in a pipeline, no per-cycle waveform register set.
    /// Evaluated with nothing arriving, it would change nothing (families that sleep).
    fn quiet(&self) -> bool {
        false
    }
    /// Ask the cache for what evaluating the next cycle with `arrivals` will read (the kernel
    /// calls it one block ahead; a hint that changes nothing).
    #[inline(always)]
    fn prefetch(&self, _links: &[Link], _arrivals: sleep::Arrivals) {}
    /// The ports it drove this cycle: flits on outgoing links, credits (or other symbols) on
    /// incoming links, as bit masks (families that sleep; the others never ask).
    fn drove(&self) -> (u32, u32) {
        (u32::MAX, u32::MAX)
    }
}

/// What a NIC's evaluation needs from the network.
pub struct Ctx<'a, F: Family> {
    pub links: &'a mut [Link],
    pub packets: &'a mut PacketTable<F::Ext>,
    pub dests: &'a DestTable,
    pub stats: &'a mut Collector,
    /// State the family's NICs share (routing tables, end-to-end windows).
    pub shared: &'a mut F::Shared,
    /// Messages whose packets were delivered to their hosts this cycle (closed-loop workloads).
    pub delivered_msgs: &'a mut Vec<u32>,
    /// Bytes per flit.
    pub flit_bytes: u32,
}

/// What every NIC has: the host it serves, its injection process (generator or trace player
/// and the source queue), its random stream, and its flit counters. In this order: a NIC's
/// evaluation reads its host, counters and injection process's clock and queue (their first
/// 64 bytes) every cycle, its random stream only when it generates.
#[derive(Debug, Clone)]
#[repr(C)]
pub struct NicCore {
    pub host: usize,
    /// Flits driven onto the network.
    pub injected_flits: u64,
    /// Flits taken off the network.
    pub ejected_flits: u64,
    pub src: Injector,
    pub rng: rand_chacha::ChaCha8Rng,
}

impl NicCore {
    /// The core of the NIC of `host`.
    pub fn new(host: usize, src: Injector, rng: rand_chacha::ChaCha8Rng) -> Self {
        NicCore {
            host,
            src,
            rng,
            injected_flits: 0,
            ejected_flits: 0,
        }
    }

    /// The packets due at `now` ([`Injector::poll`] with this host and stream); returns the
    /// messages not generated for want of room.
    #[inline]
    pub fn poll(
        &mut self,
        now: u64,
        dests: &DestTable,
        alloc: impl FnMut(u32, u32, u32) -> u32,
    ) -> u64 {
        self.src.poll(now, self.host, &mut self.rng, dests, alloc)
    }
}

/// A NIC of a family, seen by the network.
pub trait Nic<F: Family>: Probe {
    /// Evaluate one cycle; returns the flits that moved.
    fn eval(&mut self, now: u64, cx: &mut Ctx<'_, F>) -> u32;
    /// [`Nic::eval`] told whether its link ends receive this cycle — bit 0 of `flits` for a
    /// flit, of `back` for a backward symbol — so it reads only those (families that sleep;
    /// the default reads both).
    fn eval_arrivals(&mut self, now: u64, cx: &mut Ctx<'_, F>, _arrivals: sleep::Arrivals) -> u32 {
        self.eval(now, cx)
    }
    /// A packet of `bytes` to `dst`, part of message `msg`, enters the source queue now
    /// (closed-loop workloads answer this way).
    fn enqueue(&mut self, now: u64, dst: u32, bytes: u32, msg: u32, cx: &mut Ctx<'_, F>);
    /// Host, injection process and counters.
    fn core(&self) -> &NicCore;
    fn core_mut(&mut self) -> &mut NicCore;
    /// The host it serves.
    fn host(&self) -> usize {
        self.core().host
    }
    /// Its injection process (generator or trace, and the source queue).
    fn injector(&mut self) -> &mut Injector {
        &mut self.core_mut().src
    }
    /// Flits driven onto the network.
    fn injected_flits(&self) -> u64 {
        self.core().injected_flits
    }
    /// Flits taken off the network.
    fn ejected_flits(&self) -> u64 {
        self.core().ejected_flits
    }
    /// Flits held in its input buffer.
    fn flits_buffered(&self) -> u64;
    /// Packets waiting that could move if the network let them (the watchdog counts a network
    /// where such packets wait and nothing moves as deadlocked).
    fn waiting(&self) -> usize;
    /// Buffer overflows and credit errors (must be 0; route errors are the switches').
    fn errors(&self) -> Health;
    /// Ask the cache for the registers evaluating the next cycle reads (the kernel calls it
    /// two NICs ahead; a hint that changes nothing).
    #[inline(always)]
    fn prefetch(&self) {}
    /// Ask the cache for the ends of its links the next cycle reads (one NIC ahead: finding
    /// them reads the registers [`Nic::prefetch`] asked for a NIC earlier).
    #[inline(always)]
    fn prefetch_links(&self, _links: &[Link]) {}
    /// The next cycle it acts on its own, nothing arriving: 0 while something is inside or
    /// queued, the injection process's next packet otherwise (families that sleep).
    fn wake_at(&self) -> u64 {
        0
    }
    /// Whether it drove a flit (to its switch) and a symbol back (to its switch) this cycle.
    fn drove(&self) -> (bool, bool) {
        (true, true)
    }
}

/// A switch family: its blocks, its packet extension, and what it adds to the summary.
pub trait Family: Sized + 'static {
    /// The name in configurations and reports (`switch.family`).
    const NAME: &'static str;
    /// Packets pending per host beyond which a load counts as saturated.
    const PENDING_PER_HOST: u64;
    /// Its NICs count the switch-to-switch hops of delivered packets.
    const COUNTS_HOPS: bool;
    /// Its quiet switches and NICs sleep until something arrives ([`sleep`]).
    const SLEEPS: bool = false;
    /// Its switches evaluated one by one: `Some(network::one_by_one)` for a switch that is
    /// a [`OneByOne`], `None` for a family whose engine evaluates every switch it builds
    /// (a network its engine does not take is refused).
    const ONE_BY_ONE: Option<network::OneByOneFn<Self::Switch, Self::Ext>>;
    /// Its switches evaluated together, network-wide ([`network::Engine`]); `()`: one by
    /// one.
    type Engine: network::Engine<Self::Switch, Self::Ext>;
    /// The family's per-packet fields in the packet table.
    type Ext: Copy + Default + std::fmt::Debug;
    type Switch: Switch<Self::Ext>;
    type Nic: Nic<Self>;
    /// State every NIC of the network shares.
    type Shared;
    /// What the constructors need: parameters and routing.
    type Build;
    /// The family's section of the run summary.
    type Section: Into<registry::Section>;

    /// Switch `id` wired by `w`.
    fn switch(b: &Self::Build, id: usize, w: Wiring) -> crate::Result<Self::Switch>;
    /// The NIC of `host` (of `hosts`), receiving on `in_link`, sending on `out_link`.
    fn nic(
        b: &Self::Build,
        host: usize,
        hosts: usize,
        in_link: u32,
        out_link: u32,
        rng: rand_chacha::ChaCha8Rng,
    ) -> Self::Nic;
    /// The state the blocks of one network share (the NICs' tables, UGAL-G's global view),
    /// made for this network alone: one plan's build is cloned into every network a sweep runs
    /// side by side, so whatever the build holds behind an `Arc` is replaced here.
    fn shared(b: &mut Self::Build, hosts: usize) -> Self::Shared;
    /// After the cycle's switches, before its NICs: publish what the next cycle may read of
    /// the switches (UGAL-G's global queues) — of their registers, or of the engine's where it
    /// evaluated them (`engine`); nothing by default.
    #[inline(always)]
    fn after_switches(
        _switches: &[Self::Switch],
        _engine: Option<&Self::Engine>,
        _shared: &Self::Shared,
    ) {
    }
    /// The largest packet payload its buffers take, bytes (trace packets are checked).
    fn max_payload(_b: &Self::Build) -> u32 {
        u32::MAX
    }
    /// The summary section.
    fn section(net: &Network<Self>) -> Self::Section;
}

/// The probe walk of a whole network: scope `sw<id>` for every switch, then `nic<host>` for
/// every NIC (the hierarchy every network's waveform has), each port and NIC with its `peer`.
pub(crate) fn probe_network<'a, V, S, N>(
    v: &mut V,
    switches: impl Iterator<Item = (usize, &'a S)>,
    nics: impl Iterator<Item = (usize, &'a N)>,
    peers: &peers::Peers,
) where
    V: ProbeVisitor,
    S: Probe + 'a,
    N: Probe + 'a,
{
    for (id, sw) in switches {
        if v.block("sw", id) {
            let mut named = peers::Named { v, peers };
            sw.probe(&mut named);
            peers.probe_switch(&mut named, id);
        }
        v.up();
    }
    for (host, nic) in nics {
        if v.block("nic", host) {
            peers.probe_nic(v, host);
            nic.probe(v);
        }
        v.up();
    }
}

/// The switches whose signals a waveform of `scopes` (under the root scope `root`, as
/// [`probe_network`] names them: `sw<id>`, `nic<host>`) reads: `None` for every one (no scope,
/// the root itself, or a scope other than a switch's or a NIC's).
pub fn switches_in_scopes(scopes: &[String], root: &str) -> Option<Vec<usize>> {
    if scopes.is_empty() {
        return None;
    }
    let mut ids = vec![];
    for s in scopes {
        let mut parts = s.split('.');
        let (Some(r), Some(block)) = (parts.next(), parts.next()) else {
            return None;
        };
        let id = |prefix: &str| {
            let n: usize = block.strip_prefix(prefix)?.parse().ok()?;
            (block == format!("{prefix}{n}")).then_some(n)
        };
        match (r == root, id("sw"), id("nic")) {
            (true, Some(n), _) => ids.push(n),
            (true, None, Some(_)) => {}
            _ => return None,
        }
    }
    ids.sort_unstable();
    ids.dedup();
    Some(ids)
}

/// A family's section of the summary prints its own report lines.
pub trait SectionReport {
    /// Lines of the text report (each ending in a newline), between the latency and the packet
    /// counts.
    fn report(&self) -> String;
}
