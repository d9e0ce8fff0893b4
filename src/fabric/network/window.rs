//! The measurement window of a run: what the links had sent and the input buffers had
//! integrated when it opened, and the loads and occupancies over it.

use super::{Endpoint, Network};
use crate::fabric::{Family, Switch};
use crate::stats::links::{self, LinkLoad};
use crate::stats::occupancy::VcOccupancy;

impl<F: Family> Network<F> {
    /// The measurement window starts at `now`: the links' counters and the buffers'
    /// occupancy integrals are taken (once per run).
    pub(super) fn open_window(&mut self, now: u64) {
        let sent = self.links().iter().map(|l| l.flits_sent()).collect();
        self.window_base = Some((sent, self.occupancy_areas(now)));
    }

    /// The occupancy integral of every switch input buffer at `now`, switch by switch, port by
    /// port, [`Switch::vcs`] per port (empty if a family does not keep them).
    fn occupancy_areas(&self, now: u64) -> Vec<u64> {
        let mut a = Vec::new();
        for sw in self.switches() {
            sw.occupancy(now, &mut a);
        }
        a
    }

    /// Cycles of the measurement window so far (None before it starts).
    pub fn window_cycles(&self) -> Option<u64> {
        self.window_base
            .as_ref()
            .map(|_| self.now - self.stats.warmup)
    }

    /// Every link's flits and utilisation over the measurement window, in link order (None
    /// before the window starts).
    pub fn link_loads(&self) -> Option<Vec<LinkLoad>> {
        let (base, _) = self.window_base.as_ref()?;
        let w = self.window_cycles()?;
        let sent = self.links().iter().map(|l| l.flits_sent());
        Some(links::loads(&self.link_ends, sent, base, w))
    }

    /// Time-averaged input-buffer occupancy over the measurement window, per VC index (None
    /// before the window starts or for a family that does not count it).
    pub fn vc_occupancy(&self) -> Option<VcOccupancy> {
        let (_, base) = self.window_base.as_ref()?;
        let now = self.occupancy_areas(self.now);
        let np = self.ports;
        let mut connected = vec![false; self.switches().len() * np];
        for &(_, to) in &self.link_ends {
            if let Endpoint::Switch { sw, port } = to {
                connected[sw * np + port] = true;
            }
        }
        let vcs = now.len() / connected.len().max(1);
        VcOccupancy::new(&now, base, vcs, &connected, self.window_cycles()?)
    }
}
