//! UGAL-G's global view (Kim, Dally, Scott, Abts, ISCA 2008, §4.2: UGAL with global queue
//! information): for every global channel of a dragonfly, the flits held behind it — the
//! sending router's used credits over the channel's VCs, BookSim2's `GetUsedCredit` — as of the
//! end of the last cycle. The network writes it between cycles (every router's global ports,
//! after the switches are evaluated), the routing units read it at the source router; an ideal
//! side band (no wires, no delay beyond the cycle boundary), so a run repeats exactly at any
//! thread count.

use crate::topology::dragonfly::Dragonfly;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// The flits behind each global channel, router by router.
#[derive(Debug)]
pub struct GlobalQueues {
    d: Dragonfly,
    q: Box<[AtomicU32]>,
}

impl GlobalQueues {
    /// Every global channel of `d` empty.
    pub fn new(d: Dragonfly) -> Self {
        GlobalQueues {
            d,
            q: (0..d.routers() * d.h).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The dragonfly it covers.
    pub fn dragonfly(&self) -> Dragonfly {
        self.d
    }

    /// Router `r`'s global port `port` holds `flits` behind it (written between cycles).
    pub fn set(&self, r: usize, port: usize, flits: u32) {
        self.q[r * self.d.h + port - self.d.first_global()].store(flits, Relaxed);
    }

    /// The flits behind the global channel from group `from` to group `to` (≠ `from`).
    pub fn between(&self, from: usize, to: usize) -> u32 {
        let (r, port) = self.d.global_link(from, to);
        self.q[r * self.d.h + port - self.d.first_global()].load(Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_reads_back_under_both_its_names() {
        let d = Dragonfly { a: 4, p: 2, h: 2 };
        let g = GlobalQueues::new(d);
        for from in 0..d.groups() {
            for to in (0..d.groups()).filter(|&t| t != from) {
                let (r, port) = d.global_link(from, to);
                g.set(r, port, (100 * from + to) as u32);
            }
        }
        for from in 0..d.groups() {
            for to in (0..d.groups()).filter(|&t| t != from) {
                assert_eq!(g.between(from, to), (100 * from + to) as u32);
            }
        }
    }
}
