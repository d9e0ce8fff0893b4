//! Switches evaluated together: a family may evaluate the switch phase of a
//! cycle network-wide instead of switch by switch — the VC family's routers in bit planes,
//! [`crate::fabric::vc::switch::Planes`]. Legal for the reason threads are: every wire has at
//! least one cycle of fly time, so the switches of one cycle are independent and their stages
//! may be interleaved across switches in any order. Results are those of the switches
//! evaluated one by one, byte for byte (testbenches/planes.rs runs both side by side).
//!
//! An engine keeps state the switches' registers do not show (it writes through only what the
//! network's statistics read), and writes the rest into the switches when something reads
//! them ([`Network::sync_engine`]): at the end of [`Network::run`], before a waveform samples
//! the switches it reads, before the deadlock report, after every [`Network::step`]. It is
//! asked for, before the first cycle, by the front ends that run a network
//! ([`Network::use_engine`]: `run`, `sweep`, `bench`, the reproductions, every waveform,
//! `rtl network`); a network stepped by a program of its own is evaluated one by one, its
//! registers exact every cycle (a write of every router after every step costs several times
//! the routers one by one), and so is one with a twin in situ, which drives the links in the
//! model's place ([`Network::one_by_one`]). Several threads do not: an engine may split its
//! phase among them (`EnginePhase::threads`).

use super::parallel::{After, Threads};
use super::Network;
use crate::blocks::link::Link;
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
    /// The switch phase by the family's engine, when it has one: `None` without one.
    #[inline]
    pub(super) fn engine_phase(&mut self, now: u64) -> Option<u32> {
        if !self.engine_on {
            return None;
        }
        let e = self.engine.as_mut()?;
        if !self.engine_started {
            // its first cycle: the sleep tables of the hosts' links from now (both wake every
            // block before the first cycle; sleeping is not part of the results)
            if let (Some(sl), Some(hosts)) = (self.sleep.as_mut(), self.engine_sleep.take()) {
                *sl = hosts;
            }
        }
        self.engine_started = true;
        let (links, packets) = (&self.links[..], &self.packets);
        let mut after = std::mem::take(&mut self.engine_after);
        after.clear();
        let moved = match self.sleep.as_mut() {
            Some(sl) => {
                sl.begin(now);
                let moved = e.phase(EnginePhase {
                    now,
                    switches: &mut self.switches,
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
                switches: &mut self.switches,
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

    /// The engine's statistics of the switches written into them, so that whatever reads
    /// the switches reads what one by one would show: after [`Network::step`], [`Network::run`]
    /// and [`Network::run_workload`], and before the network itself reads them in a cycle
    /// (the window opening, the watchdog, the clock's jump over idle time). Not every cycle of a run: the engine keeps them
    /// next to the flits, and writing them through flit by flit cost a tenth of a run
    /// (docs/performance-journal.md).
    pub fn sync_engine(&mut self) {
        self.sync_engine_of(None);
    }

    /// [`Network::sync_engine`] of the switches `ids` alone (none given: every one), for a
    /// waveform of those switches' signals.
    pub fn sync_engine_of(&mut self, ids: Option<&[usize]>) {
        match (self.engine.as_mut().filter(|_| self.engine_started), ids) {
            (Some(e), Some(ids)) => e.sync_some(&mut self.switches, &self.links, ids),
            (Some(e), None) => e.sync(&mut self.switches, &self.links),
            (None, _) => {}
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
        self.use_engine();
        while self.now < end {
            let alive = self.advance();
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
        tr.sample(self.now - 1, self)
    }

    /// Evaluate the switches one by one (for what the engine does not model: a twin in situ;
    /// and for comparing both). True when they are; false once the family's engine has
    /// evaluated a cycle: it holds the switches' state and stays.
    pub fn one_by_one(&mut self) -> bool {
        if !self.engine_started {
            self.engine = None;
            self.engine_sleep = None;
            self.engine_on = false;
        }
        !self.engine_on
    }

    /// Evaluate the switches together by the family's engine from the first cycle, when it
    /// has one for them; true when it does (on the network's threads, when it has several).
    /// The switches' statistics stay exact; their other registers are written into them
    /// whenever the network reads them or a caller asks ([`Network::sync_engine`]).
    pub fn use_engine(&mut self) -> bool {
        if self.now == 0 {
            self.engine_on = self.engine.is_some();
        }
        self.engine_on
    }

    /// The switches are evaluated together by the family's engine.
    pub fn has_engine(&self) -> bool {
        self.engine_on
    }
}
