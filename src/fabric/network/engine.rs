//! Switches evaluated together: a family may evaluate the switch phase of a cycle
//! network-wide instead of switch by switch — the VC family's routers in bit planes,
//! [`crate::fabric::vc::switch::Planes`], the only way they are evaluated. Legal for the reason
//! threads are: every wire has at least one cycle of fly time, so the switches of one cycle are
//! independent and their stages may be interleaved across switches in any order.
//!
//! An engine keeps state the switches' registers do not show (it writes through only what the
//! network's statistics read), and writes the rest into the switches and the links between
//! them when something reads them: [`Network::switches`] and [`Network::links`] (and every
//! reader built on them — the summary, the probes, the deadlock report) write them first when
//! the engine has evaluated cycles since it last did, so a program stepping the network reads
//! the registers of the cycle reached without a write after every step; a waveform writes only
//! the switches it reads ([`Network::sample_synced`]); an RTL twin in situ watches its router
//! ([`super::Watch`]). A caller that writes into the switches ([`Network::switches_mut`]) before
//! the first cycle has the engine built from what it wrote; after it, a write is refused (the
//! engine cannot read back a register written under it). Several threads do not matter: an
//! engine may split its phase among them (`EnginePhase::threads`). A family without an engine
//! evaluates its switches one by one (`Family::ONE_BY_ONE`, [`super::one_by_one`]).

use super::parallel::{After, Threads};
use super::{Endpoint, Network};
use crate::blocks::link::Link;
use crate::error::{Error, Result};
use crate::fabric::sleep::Arrivals;
use crate::fabric::Family;
use crate::sim::packet::PacketTable;
use crate::sim::trace::Tracer;

/// What the switch phase of one cycle gives an engine.
pub struct EnginePhase<'a, S, X> {
    pub now: u64,
    pub switches: &'a mut [S],
    pub links: &'a [Link],
    pub packets: &'a PacketTable<X>,
    /// Families that sleep: the switches due (ascending, each once) and their ports
    /// receiving; `None`: every switch.
    pub due: Option<&'a [(u32, Arrivals)]>,
    /// Where an engine of a family that sleeps leaves the switches that stay busy or drove a
    /// port (`Sleep::after`'s inputs); every other switch sleeps.
    pub after: &'a mut Vec<After>,
    /// The network's threads, when it has several: an engine may split its phase among them
    /// (its results the same at any count).
    pub threads: Option<&'a mut Threads>,
}

/// A family's network-wide evaluation of its switches. It carries the flits and credits on
/// the links between switches itself (what the sleep tables of a family that sleeps would
/// otherwise wake switches for): the network runs it with sleep tables of the hosts' links
/// alone ([`crate::fabric::sleep::Sleep::of_hosts_links`]).
pub trait Engine<S, X>: Sized {
    /// The engine of these switches wired by these links, or `None` where it does not apply
    /// (they are then evaluated one by one).
    fn new(switches: &[S], links: &[Link]) -> Option<Self>;
    /// Evaluate the switch phase of one cycle; returns the flits that moved.
    fn phase(&mut self, p: EnginePhase<'_, S, X>) -> u32;
    /// Write the switches' state registers and what the network's statistics read of them
    /// (levels, occupancy integrals, flits forwarded and buffered, errors) into them, and the
    /// counts of the links whose flits it carries itself: the engine keeps them while it
    /// runs ([`Network::sync_engine`]).
    fn sync(&mut self, switches: &mut [S], links: &[Link]);
    /// [`Engine::sync`] of the switches `ids` (what probes of those alone read); by default
    /// of every switch.
    fn sync_some(&mut self, switches: &mut [S], links: &[Link], ids: &[usize]) {
        let _ = ids;
        self.sync(switches, links)
    }
}

/// No engine: the switches are evaluated one by one.
impl<S, X> Engine<S, X> for () {
    fn new(_: &[S], _: &[Link]) -> Option<Self> {
        None
    }

    fn phase(&mut self, _: EnginePhase<'_, S, X>) -> u32 {
        0
    }

    fn sync(&mut self, _: &mut [S], _: &[Link]) {}
}

impl<F: Family> Network<F> {
    /// Evaluate the switches of cycle `now`: by the family's engine, else one by one (on the
    /// network's threads when the engine splits its phase). Returns the flits moved.
    pub(super) fn switch_phase(&mut self, now: u64) -> u32 {
        if let Some(moved) = self.engine_phase(now) {
            return moved;
        }
        let one = F::ONE_BY_ONE
            .expect("a family without one by one has its engine: `Network::new` checks it");
        one(super::one_by_one::Phase {
            now,
            switches: self.switches.get_mut(),
            links: &self.links,
            packets: &self.packets,
            sleep: self.sleep.as_mut(),
            prefetch_from: self.prefetch_from,
        })
    }

    /// The switch phase by the family's engine, when it has one: `None` without one.
    #[inline]
    fn engine_phase(&mut self, now: u64) -> Option<u32> {
        if self.rebuild && !self.engine_started {
            // the switches were written since the engine was built from them
            self.rebuild = false;
            let built =
                <F::Engine as Engine<F::Switch, F::Ext>>::new(self.switches.get_mut(), &self.links);
            assert!(
                built.is_some(),
                "switches written before the first cycle into a shape the {} family's engine \
                 does not take",
                F::NAME
            );
            *self.engine.get_mut() = built.map(Box::new);
        }
        let e = self.engine.get_mut().as_mut()?;
        self.stale.set(true);
        self.engine_started = true;
        let (links, packets) = (&self.links[..], &self.packets);
        let mut after = std::mem::take(&mut self.engine_after);
        after.clear();
        let moved = match self.sleep.as_mut() {
            Some(sl) => {
                sl.begin(now);
                let moved = e.phase(EnginePhase {
                    now,
                    switches: self.switches.get_mut(),
                    links,
                    packets,
                    due: Some(&sl.sw_now),
                    after: &mut after,
                    threads: self.threads.as_mut(),
                });
                sl.quiet_switches();
                for a in &after {
                    sl.after(a.sw as usize, now, a.busy, 0, a.drove);
                }
                moved
            }
            None => e.phase(EnginePhase {
                now,
                switches: self.switches.get_mut(),
                links,
                packets,
                due: None,
                after: &mut after,
                threads: self.threads.as_mut(),
            }),
        };
        self.engine_after = after;
        Some(moved)
    }

    /// The engine's state written into the switches and the links between them, if it has
    /// cycles they do not show, so that whatever reads them reads their state at the cycle
    /// reached
    /// (what [`Network::switches`] and [`Network::links`] do first; at the end of
    /// [`Network::run`], before the deadlock report). Not every cycle of a run: the engine
    /// keeps them next to the flits, and writing them through flit by flit cost a tenth of a
    /// run (docs/performance-journal.md).
    pub fn sync_engine(&mut self) {
        self.refresh();
    }

    /// [`Network::sync_engine`] of the switches `ids` alone (none given: every one), for a
    /// waveform of those switches' signals (the rest stay to be written when read).
    pub fn sync_engine_of(&mut self, ids: Option<&[usize]>) {
        let Some(ids) = ids else {
            return self.refresh();
        };
        if self.stale.get() {
            if let Some(e) = self.engine.get_mut().as_mut() {
                e.sync_some(self.switches.get_mut(), &self.links, ids);
            }
        }
    }

    /// The switches, their registers those of the cycle reached: when the engine has
    /// evaluated cycles since it last wrote them, it writes them (and the links between them)
    /// first.
    pub fn switches(&self) -> &[F::Switch] {
        self.refresh();
        // SAFETY: the switches are written through `&self` only by `refresh`, which hands
        // out no reference and runs only while `stale` is set — set by `&mut self` alone
        // (a cycle evaluated), when no reference into the switches lives
        unsafe { &*self.switches.get() }
    }

    /// The links, what is on them that of the cycle reached (as [`Network::switches`]).
    pub fn links(&self) -> &[Link] {
        self.refresh();
        &self.links
    }

    /// Link `l` between a NIC and its switch: exact at every cycle (an engine carries the
    /// links between switches alone), with no write from the engine; any other as
    /// [`Network::links`].
    pub fn host_link(&self, l: usize) -> &Link {
        let (a, b) = &self.link_ends[l];
        if !matches!(a, Endpoint::Nic(_)) && !matches!(b, Endpoint::Nic(_)) {
            self.refresh();
        }
        &self.links[l]
    }

    /// The switches to write into, with their registers of the cycle reached: before the
    /// engine's first cycle (it is then built again from what is written), or at any cycle of
    /// a family without one. An engine that has evaluated a cycle holds state the switches'
    /// registers do not show and cannot read back a register written under it: refused.
    pub fn switches_mut(&mut self) -> Result<&mut [F::Switch]> {
        if self.engine_started && self.has_engine() {
            return Err(Error::new(format!(
                "the switches of a {} network are written before its first cycle: its engine \
                 has evaluated {} cycles and holds their state",
                F::NAME,
                self.now
            )));
        }
        self.rebuild = self.has_engine();
        Ok(self.switches.get_mut())
    }

    /// The links to write into (a test planting a fault), as [`Network::switches_mut`].
    pub fn links_mut(&mut self) -> Result<&mut [Link]> {
        self.switches_mut()?;
        Ok(&mut self.links)
    }

    /// The switches as a probe walk reads them: as they are while a waveform samples those
    /// it has written ([`Network::sample_synced`]), else as [`Network::switches`].
    pub(super) fn probed(&self) -> &[F::Switch] {
        if !self.as_they_are.get() {
            self.refresh();
        }
        // SAFETY: as `switches`
        unsafe { &*self.switches.get() }
    }

    /// Write the engine's state into the switches and links if it has cycles they do not show.
    fn refresh(&self) {
        if !self.stale.get() {
            return;
        }
        self.stale.set(false);
        // SAFETY: `stale` was set: since a `&mut self` evaluated a cycle, no reference into
        // the switches or the engine has been handed out (this is the first read, and it
        // hands none out); the network is not `Sync` (its `Cell`s), so no other thread reads
        unsafe {
            if let Some(e) = (*self.engine.get()).as_mut() {
                e.sync(&mut *self.switches.get(), &self.links);
            }
        }
    }

    /// Run to cycle `end`, or until a deadlock stops the network, sampling `tr` after every
    /// cycle, the switches it reads (`read`; `None`: every one) written into from the engine
    /// before each cycle of its window.
    pub fn run_traced(
        &mut self,
        tr: &mut Tracer,
        end: u64,
        read: Option<&[usize]>,
    ) -> crate::error::Result<()> {
        while self.now < end {
            let alive = self.step();
            self.sample_synced(tr, read)?;
            if !alive {
                break;
            }
        }
        self.sync_engine();
        Ok(())
    }

    /// Sample `tr` at the cycle just evaluated, the switches it reads (`read`; `None`: every
    /// one) first written into from the engine when the cycle is in its window.
    pub fn sample_synced(
        &mut self,
        tr: &mut Tracer,
        read: Option<&[usize]>,
    ) -> crate::error::Result<()> {
        if tr.in_window(self.now - 1) {
            self.sync_engine_of(read);
        }
        self.as_they_are.set(true);
        let sampled = tr.sample(self.now - 1, self);
        self.as_they_are.set(false);
        sampled
    }

    /// Whether the switches are evaluated together by the family's engine (every network of
    /// a family that has one, from its first cycle), on the network's threads when it has
    /// several.
    pub fn has_engine(&self) -> bool {
        // SAFETY: as `switches`: the engine is written through `&self` only by `refresh`
        unsafe { (*self.engine.get()).is_some() }
    }
}
