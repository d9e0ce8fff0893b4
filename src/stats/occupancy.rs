//! Buffer occupancy: the time-averaged number of flits an input buffer holds.
//!
//! Each input buffer (each input VC of the vc family, each input port of the others) keeps a
//! [`Level`]: its level and the integral of the level over time, brought up to date only when
//! the level changes — an idle buffer, or a sleeping switch, costs nothing. The level of a
//! cycle is the buffer's level at the end of that cycle. The network takes the integrals at the
//! first measured cycle and at the end; their difference divided by the window's cycles is the
//! time-averaged occupancy over the measurement window, exact (no sampling).

use serde::{Deserialize, Serialize};

/// A buffer level and its time integral (flit·cycles).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Level {
    level: u32,
    since: u64,
    area: u64,
}

impl Level {
    /// The level is `level` at the end of cycle `now` (call after a change; cheap otherwise).
    #[inline]
    pub fn set(&mut self, now: u64, level: u32) {
        if level != self.level {
            self.area += self.level as u64 * (now - self.since);
            self.since = now;
            self.level = level;
        }
    }

    /// The sum of the end-of-cycle levels of cycles `0..now` (`now` after the last change).
    pub fn area(&self, now: u64) -> u64 {
        self.area + self.level as u64 * now.saturating_sub(self.since)
    }
}

/// The same integral kept from the flits' own cycles, for a buffer whose level the owner
/// knows: each flit adds the cycles it stays (departure − arrival), so the integral at `now` is
/// Σ departures − Σ arrivals + level · now. One add per flit and no branch: the cheapest form
/// for a wormhole buffer that moves a flit nearly every cycle (the Myrinet slack buffer).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stay {
    /// Σ departure cycles − Σ arrival cycles.
    s: i64,
}

impl Stay {
    /// No flit yet.
    pub const ZERO: Stay = Stay { s: 0 };

    /// A flit entered the buffer in cycle `now`.
    #[inline]
    pub fn arrive(&mut self, now: u64) {
        self.s -= now as i64;
    }

    /// A flit left the buffer in cycle `now`.
    #[inline]
    pub fn depart(&mut self, now: u64) {
        self.s += now as i64;
    }

    /// The sum of the end-of-cycle levels of cycles `0..now`, the buffer holding `level` flits.
    pub fn area(&self, now: u64, level: u32) -> u64 {
        (self.s + level as i64 * now as i64) as u64
    }
}

/// Time-averaged flits per input buffer over the measurement window, per VC index (one entry
/// for families without VCs): the mean over the connected input ports of all switches and the
/// largest of them.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct VcOccupancy {
    /// Mean over the connected input ports, flits, per VC index.
    pub mean: Vec<f64>,
    /// Largest over the connected input ports, flits, per VC index.
    pub max: Vec<f64>,
}

impl VcOccupancy {
    /// From the integrals `now` and `base` (at the window's start) of every input buffer,
    /// laid out port by port, `vcs` per port; only the ports where `connected` holds count.
    pub fn new(
        now: &[u64],
        base: &[u64],
        vcs: usize,
        connected: &[bool],
        window: u64,
    ) -> Option<Self> {
        if vcs == 0 || now.len() != base.len() || now.len() != connected.len() * vcs {
            return None;
        }
        let w = window.max(1) as f64;
        let (mut sum, mut max) = (vec![0.0; vcs], vec![0.0f64; vcs]);
        let mut ports = 0usize;
        for (p, _) in connected.iter().enumerate().filter(|c| *c.1) {
            ports += 1;
            for v in 0..vcs {
                let i = p * vcs + v;
                let avg = (now[i] - base[i]) as f64 / w;
                sum[v] += avg;
                max[v] = max[v].max(avg);
            }
        }
        (ports > 0).then(|| VcOccupancy {
            mean: sum.iter().map(|s| s / ports as f64).collect(),
            max,
        })
    }

    /// The report line.
    pub fn report(&self) -> String {
        let list = |v: &[f64]| {
            v.iter()
                .map(|x| format!("{x:.3}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "vc occupancy     mean {} / max {} flits per input VC (VC 0..{}, time average over the window)\n",
            list(&self.mean),
            list(&self.max),
            self.mean.len().saturating_sub(1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stay_and_level_integrate_alike() {
        // arrivals and departures at these cycles; the level after each cycle's events
        let events: &[(u64, i32)] = &[(3, 1), (3, 1), (5, -1), (5, 1), (9, -1), (9, -1), (12, 1)];
        let (mut l, mut st, mut level) = (Level::default(), Stay::default(), 0i32);
        for &(t, d) in events {
            if d > 0 {
                st.arrive(t)
            } else {
                st.depart(t)
            }
            level += d;
            l.set(t, level as u32);
        }
        for now in [12, 13, 20] {
            assert_eq!(st.area(now, level as u32), l.area(now), "at {now}");
        }
    }

    #[test]
    fn the_integral_counts_each_end_of_cycle_level() {
        let mut l = Level::default();
        let mut levels = [0u32; 20];
        // level 2 at the end of cycles 3..7, 1 in 7..12, 0 afterwards
        for (t, lv) in levels.iter_mut().enumerate() {
            *lv = match t {
                3..=6 => 2,
                7..=11 => 1,
                _ => 0,
            };
        }
        for (t, &lv) in levels.iter().enumerate() {
            l.set(t as u64, lv);
        }
        for now in 0..=20u64 {
            let want: u64 = levels[..now as usize].iter().map(|&x| x as u64).sum();
            // area(now) for the cycles evaluated so far (levels set up to now - 1)
            let mut m = Level::default();
            for (t, &lv) in levels[..now as usize].iter().enumerate() {
                m.set(t as u64, lv);
            }
            assert_eq!(m.area(now), want, "now {now}");
        }
        assert_eq!(l.area(20), 4 * 2 + 5);
    }
}
