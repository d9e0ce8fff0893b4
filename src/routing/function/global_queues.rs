//! UGAL-G's global view (Kim, Dally, Scott, Abts, ISCA 2008, §4.2: UGAL with global queue
//! information): for every global channel of a dragonfly, its queue as of the end of the last
//! cycle, by one of two measures (`routing.global_queue`, [`QueueMeasure`]): the flits waiting
//! in the sending router for the channel (default), or the sending router's used credits over
//! the channel's VCs (BookSim2's `GetUsedCredit`, which on a long channel also counts the flits
//! and credits in flight). The network writes it between cycles (every router's global ports,
//! after the switches are evaluated), the routing units read it at the source router; an ideal
//! side band (no wires, no delay beyond the cycle boundary), so a run repeats exactly at any
//! thread count.

use crate::error::{Error, Result};
use crate::topology::dragonfly::Dragonfly;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// What UGAL-G counts as a global channel's queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QueueMeasure {
    /// The flits in the sending router waiting for the channel: every flit of the input VCs
    /// whose front packet holds one of its VCs or asks for one (those behind the front packet
    /// wait for it to leave), and those in its speedup FIFO.
    #[default]
    Waiting,
    /// The sending router's credits spent and not yet back over the channel's VCs: the
    /// downstream buffer's flits plus those and their credits on the wire.
    Credits,
}

/// The measures' names, `routing.global_queue`'s allowed values.
pub const MEASURES: &[&str] = &["waiting", "credits"];

/// `routing.global_queue`, the key of `dfly-ugal-g`.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct GlobalQueueKeys {
    /// UGAL-G's queue of a global channel: waiting (the flits waiting in the sending router
    /// for it, default) or credits (its used credits, BookSim2's `GetUsedCredit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub global_queue: Option<String>,
}

impl crate::keys::Keys for GlobalQueueKeys {
    const OWNER: &'static str = "dfly-ugal-g routing";
}

impl QueueMeasure {
    /// The measure `routing.global_queue` names for `algorithm`; an error naming the key when
    /// the value is unknown or the routing has no global view.
    pub fn resolve(v: Option<&str>, algorithm: &str) -> Result<QueueMeasure> {
        match (v, algorithm == "dfly-ugal-g") {
            (None, _) => Ok(QueueMeasure::default()),
            (Some(v), false) => Err(Error::field(
                "routing.global_queue",
                format!("{v:?}: the key belongs to UGAL-G (routing.algorithm = \"dfly-ugal-g\"), not {algorithm}; remove it"),
            )),
            (Some("waiting"), true) => Ok(QueueMeasure::Waiting),
            (Some("credits"), true) => Ok(QueueMeasure::Credits),
            (Some(v), true) => Err(Error::field(
                "routing.global_queue",
                format!(
                    "{v:?} is not a queue measure of UGAL-G; allowed: {}",
                    MEASURES.join(", ")
                ),
            )),
        }
    }
}

/// The queue of each global channel, router by router.
#[derive(Debug)]
pub struct GlobalQueues {
    d: Dragonfly,
    measure: QueueMeasure,
    q: Box<[AtomicU32]>,
}

impl GlobalQueues {
    /// Every global channel of `d` empty, measured by `measure`.
    pub fn new(d: Dragonfly, measure: QueueMeasure) -> Self {
        GlobalQueues {
            d,
            measure,
            q: (0..d.routers() * d.h).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The dragonfly it covers.
    pub fn dragonfly(&self) -> Dragonfly {
        self.d
    }

    /// What it counts as a channel's queue.
    pub fn measure(&self) -> QueueMeasure {
        self.measure
    }

    /// Router `r`'s global port `port` has `flits` in its queue (written between cycles).
    pub fn set(&self, r: usize, port: usize, flits: u32) {
        self.q[r * self.d.h + port - self.d.first_global()].store(flits, Relaxed);
    }

    /// The queue of the global channel from group `from` to group `to` (≠ `from`).
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
        let g = GlobalQueues::new(d, QueueMeasure::Waiting);
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
