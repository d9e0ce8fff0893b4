//! The switch phase of a family without an engine: every switch due evaluated on its own, in
//! switch order, on the caller's thread (`Family::ONE_BY_ONE`). In a family that sleeps, only
//! the switches the sleep tables wake, each told its ports receiving, and the tables told after
//! each whether it stays busy and what it drove; the cache fetches the next switches' state
//! while one is evaluated, on networks big enough for it (`sim::prefetch::min_due`).

use crate::blocks::link::Link;
use crate::fabric::sleep::Sleep;
use crate::fabric::OneByOne;
use crate::sim::packet::PacketTable;

/// What the switch phase of one cycle is given.
pub struct Phase<'a, S, X> {
    pub now: u64,
    pub switches: &'a mut [S],
    pub links: &'a [Link],
    pub packets: &'a PacketTable<X>,
    /// The sleep tables of a family that sleeps (`None`: every switch, every port).
    pub sleep: Option<&'a mut Sleep>,
    /// Switches due from which the next ones' state is prefetched.
    pub prefetch_from: usize,
}

/// The switch phase one by one, `one_by_one::<Switch, Ext>` for a family whose switch is a
/// [`OneByOne`] (`Family::ONE_BY_ONE`).
pub type OneByOneFn<S, X> = fn(Phase<'_, S, X>) -> u32;

/// Evaluate the switches of cycle `p.now` one by one; returns the flits that moved.
pub fn one_by_one<S: OneByOne<X>, X>(p: Phase<'_, S, X>) -> u32 {
    let Phase {
        now,
        switches,
        links,
        packets,
        sleep,
        prefetch_from,
    } = p;
    let mut moved = 0;
    match sleep {
        Some(sl) => {
            sl.begin(now);
            let prefetch = sl.sw_now.len() >= prefetch_from;
            for i in 0..sl.sw_now.len() {
                // the cache fetches the switch after next's registers, and the next one's
                // state and links, while this one is evaluated
                if prefetch {
                    if let Some(&(s2, _)) = sl.sw_now.get(i + 2) {
                        crate::sim::prefetch::all(&switches[s2 as usize]);
                    }
                    if let Some(&(s1, a1)) = sl.sw_now.get(i + 1) {
                        switches[s1 as usize].prefetch(links, a1);
                    }
                }
                let (s, arrivals) = sl.sw_now[i];
                let s = s as usize;
                let sw = &mut switches[s];
                moved += sw.eval_arrivals(now, links, packets, arrivals);
                sl.after(s, now, !sw.quiet(), 0, sw.drove());
            }
        }
        None => {
            for sw in switches.iter_mut() {
                moved += sw.eval(now, links, packets);
            }
        }
    }
    moved
}
