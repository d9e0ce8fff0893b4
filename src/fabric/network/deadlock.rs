//! The deadlock watchdog's report of a network (`fabric/watchdog.rs` finds the cycle): every
//! switch's wait-for edges, the links between switches, the flits in flight; and what the
//! deadlock waveform's save file shows of it ([`Network::deadlock_focus`]).

use super::{Endpoint, Network};
use crate::fabric::watchdog::{self, Blocked};
use crate::fabric::{Family, Switch};
use crate::sim::gtkw::Focus;

/// Waiting inputs a save file's comment lines name (the rest are counted).
const SHOWN: usize = 16;

/// A deadlock the watchdog detected.
#[derive(Debug, Clone)]
pub struct Deadlock {
    /// The report (the summary's `deadlock`).
    pub report: String,
    /// The cycle the watchdog fired.
    pub detected: u64,
    /// The last cycle a flit moved: from the next one on the network is frozen.
    pub last_moved: u64,
    /// The inputs on the wait cycle, in cycle order; every blocked input when no cycle was
    /// found.
    pub waiting: Vec<Blocked>,
    /// A wait cycle was found.
    pub cycle: bool,
    /// VCs per port (the notes name the VC when there are several).
    pub vcs: usize,
}

impl<F: Family> Network<F> {
    /// The watchdog's report: blocked inputs and a cycle of waits among them.
    pub(super) fn deadlock_report(&self, now: u64) -> Deadlock {
        let np = self.ports;
        let mut downstream = vec![None; self.switches().len() * np];
        for &ends in &self.link_ends {
            if let (Endpoint::Switch { sw, port }, Endpoint::Switch { sw: s2, port: p2 }) = ends {
                downstream[sw * np + port] = Some((s2, p2));
            }
        }
        let mut waits = Vec::new();
        let mut w = Vec::new();
        for (s, sw) in self.switches().iter().enumerate() {
            w.clear();
            sw.waits(&mut w);
            waits.extend(w.iter().map(|&x| (s, x)));
        }
        let vcs = self.switches().iter().map(|s| s.vcs()).max().unwrap_or(1);
        // the ports as the waveforms name them
        let names: Vec<Option<[String; 2]>> = (0..np)
            .map(|p| {
                let n = |d| self.peers.port_scope(d, p).map(str::to_string);
                Some([n("in")?, n("out")?])
            })
            .collect();
        let found = watchdog::analyse(&watchdog::Stuck {
            now,
            window: self.params.watchdog_cycles,
            flits: self.flits_in_flight(),
            switches: self.switches().len(),
            ports: np,
            vcs,
            downstream: &downstream,
            waits: &waits,
            names: &names,
        });
        let cycle = !found.cycle.is_empty();
        Deadlock {
            report: found.report,
            detected: now,
            last_moved: self.last_progress,
            waiting: if cycle { found.cycle } else { found.rest },
            cycle,
            vcs,
        }
    }

    /// The deadlock the watchdog detected, if it fired.
    pub fn deadlock_found(&self) -> Option<&Deadlock> {
        self.deadlock.as_ref()
    }

    /// How the deadlock waveform's save file opens, if the watchdog fired: the routers with
    /// an input on the wait cycle (every blocked input when no cycle was found) first, their
    /// groups open, the waiting input ports (and VC) open with their signals highlighted and
    /// the outputs they wait for open; every other group closed; comment lines saying when it
    /// froze and naming each waiting input and the outputs it waits for, in the cycle's order;
    /// the marker `FROZE` at the first frozen cycle (a cycle,
    /// [`crate::sim::trace::Tracer::focus`] makes it a time).
    pub fn deadlock_focus(&self) -> Option<Focus> {
        let d = self.deadlock.as_ref()?;
        let port = |sw: usize, dir: &str, p: usize| match self.peers.port_scope(dir, p) {
            Some(name) => format!("sw{sw}.{name}"),
            None => format!("sw{sw}.{dir}{p}"),
        };
        let mut f = Focus {
            marker: d.last_moved + 1,
            marker_name: "FROZE".into(),
            ..Focus::default()
        };
        let add = |list: &mut Vec<String>, g: String| {
            if !list.contains(&g) {
                list.push(g);
            }
        };
        // short lines: GTKWave widens its signal pane to the longest, shrinking the waves
        f.notes
            .push(format!("DEADLOCK: frozen from cycle {}", d.last_moved + 1));
        f.notes.push(format!("detected at cycle {}", d.detected));
        f.notes.push(
            if d.cycle {
                "wait cycle:"
            } else {
                "blocked (no wait cycle):"
            }
            .into(),
        );
        for (k, b) in d.waiting.iter().enumerate() {
            add(&mut f.open, format!("sw{}", b.sw));
            let input = port(b.sw, "in", b.port);
            add(&mut f.open, input.clone());
            add(&mut f.highlight, input.clone());
            // a vc router has a scope per VC, even with one; other families have none
            let vc = format!("{input}.vc{}", b.vc);
            add(&mut f.open, vc.clone());
            let input = if d.vcs > 1 { vc } else { input };
            let mut outs = Vec::new();
            for &o in &b.outs {
                let out = port(b.sw, "out", o);
                add(&mut f.open, out.clone());
                let leaf = out.rsplit('.').next().unwrap_or_default().to_string();
                add(&mut outs, leaf);
            }
            if k < SHOWN {
                f.notes.push(format!("{input} -> {}", outs.join(",")));
            } else if k == SHOWN {
                f.notes
                    .push(format!("and {} more", d.waiting.len() - SHOWN));
            }
        }
        Some(f)
    }
}
