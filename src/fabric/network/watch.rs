//! A block watching one part of a network cycle by cycle from outside it — an RTL twin in
//! situ, fed what its router receives and checked against what the router drives. The
//! network calls it around every cycle it evaluates: before (what arrives at the cycle is
//! still on the links) and after (what the cycle drove is on them). It reads the links of the
//! switches it names, written from the engine first ([`Network::links_of`]): the network
//! stays in the engine, and the watch costs that write of a few switches a cycle.

use super::Network;
use crate::blocks::link::Link;
use crate::blocks::TwinTally;
use crate::fabric::Family;
use crate::sim::packet::PacketTable;

/// What watches a network from outside it.
pub trait Watch<F: Family>: Send {
    /// Cycle `now` is about to be evaluated.
    fn before(&mut self, net: &mut Network<F>, now: u64);
    /// Cycle `now` was evaluated.
    fn after(&mut self, net: &mut Network<F>, now: u64);
    /// What it compared, and any disagreement.
    fn tallies(&self) -> Vec<TwinTally>;
}

impl<F: Family> Network<F> {
    /// Watch the network with `w` from its next cycle on.
    pub fn set_watch(&mut self, w: Box<dyn Watch<F>>) {
        self.watch = Some(w);
    }

    /// The watch, if any.
    pub fn watch(&self) -> Option<&dyn Watch<F>> {
        self.watch.as_deref()
    }

    /// The links, those out of switches `ids` (what is on them, both ways) written from the
    /// engine if it has cycles they do not show, the others as they are; and the packets.
    pub fn links_of(&mut self, ids: &[usize]) -> (&[Link], &PacketTable<F::Ext>) {
        self.sync_engine_of(Some(ids));
        (&self.links, &self.packets)
    }

    /// The watch's look before cycle `now`, and after it (`done`).
    pub(super) fn watched(&mut self, now: u64, done: bool) {
        if let Some(mut w) = self.watch.take() {
            if done {
                w.after(self, now);
            } else {
                w.before(self, now);
            }
            self.watch = Some(w);
        }
    }
}
