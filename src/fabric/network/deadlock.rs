//! The deadlock watchdog's report of a network (`fabric/watchdog.rs` finds the cycle): every
//! switch's wait-for edges, the links between switches, the flits in flight.

use super::{Endpoint, Network};
use crate::fabric::{watchdog, Family, Switch};

impl<F: Family> Network<F> {
    /// The watchdog's report: blocked inputs and a cycle of waits among them.
    pub(super) fn deadlock_report(&self, now: u64) -> String {
        let np = self.ports;
        let mut downstream = vec![None; self.switches.len() * np];
        for &ends in &self.link_ends {
            if let (Endpoint::Switch { sw, port }, Endpoint::Switch { sw: s2, port: p2 }) = ends {
                downstream[sw * np + port] = Some((s2, p2));
            }
        }
        let mut waits = Vec::new();
        let mut w = Vec::new();
        for (s, sw) in self.switches.iter().enumerate() {
            w.clear();
            sw.waits(&mut w);
            waits.extend(w.iter().map(|&x| (s, x)));
        }
        watchdog::report(&watchdog::Stuck {
            now,
            window: self.params.watchdog_cycles,
            flits: self.flits_in_flight(),
            switches: self.switches.len(),
            ports: np,
            vcs: self.switches.iter().map(|s| s.vcs()).max().unwrap_or(1),
            downstream: &downstream,
            waits: &waits,
        })
    }
}
