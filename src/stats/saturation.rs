//! One throughput measure for every curve (docs/statistics.md §Saturation
//! throughput).
//!
//! **Saturation throughput** is the accepted traffic at the highest offered load the network
//! sustains. A load is sustained when its run
//! 1. delivers within its measurement window at least [`DELIVERED_SHARE`] as many packets as
//!    it generated there (judged over [`MIN_PACKETS`] or more), and its sources did not
//!    overflow (`fabric::Summary::saturated` not set), and
//! 2. keeps the mean packet latency (generation to delivery, source queueing included) within
//!    [`LATENCY_MULTIPLE`] times the curve's zero-load latency — the latency at its lowest
//!    offered load, which every curve runs far below saturation.
//!
//! Why this and not the highest accepted traffic: beyond saturation FIFO unfairness serves the
//! flows that avoid the bottleneck, so the total accepted rises above what the network carries
//! for the pattern as offered (seed 004's DET exceeded the bound of its own busiest link by a
//! quarter to a third that way). Why a latency multiple: a channel loaded past 100 % makes the
//! latency of its flows grow with the run's length, while a network below its knee keeps a
//! finite mean; 3x zero-load sits above the queueing of a link loaded to about 90 % with
//! whole-packet service, so the knee it finds lies just below the bound of the busiest channel
//! (docs/statistics.md has the measurement). The highest accepted traffic is reported beside it,
//! never instead.

use serde::{Deserialize, Serialize};

/// A sustained load keeps its mean latency within this multiple of zero-load latency.
pub const LATENCY_MULTIPLE: f64 = 3.0;

/// What every report calls the criterion's figure, so that a reader never takes another
/// measure for it. The two others a report may give beside it are named as such: the
/// **highest accepted** traffic of a curve (at any load, beyond saturation too) and the
/// **accepted traffic at offered X** (one load, e.g. far beyond saturation as BookSim2 reads
/// its throughput).
pub const SATURATION_THROUGHPUT: &str = "saturation throughput, 3x zero-load rule";

/// A sustained load delivers at least this share of the packets generated in the window.
pub const DELIVERED_SHARE: f64 = 0.95;

/// The delivered share is judged only over at least this many packets generated in the window
/// (fewer: the packets in flight at the window's ends weigh too much).
pub const MIN_PACKETS: u64 = 200;

/// What the criterion needs of one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Load {
    /// Offered load, flits/cycle/host.
    pub rate: f64,
    /// Accepted traffic, flits/cycle/host.
    pub accepted: f64,
    /// Mean latency (cycles), None when no measured packet arrived.
    pub latency: Option<f64>,
    pub generated: u64,
    pub delivered: u64,
    /// `fabric::Summary::saturated`: source queues overflowed or packets piled up.
    pub flagged: bool,
}

impl Load {
    /// The criterion's view of a summary stored as JSON (a sweep store's record); None when
    /// it lacks the fields.
    pub fn of_json(rate: f64, s: &serde_json::Value) -> Option<Load> {
        Some(Load {
            rate,
            accepted: s["accepted_flits_per_cycle_per_host"].as_f64()?,
            latency: s["latency"]["cycles"].as_f64(),
            generated: s["window_generated_packets"].as_u64()?,
            delivered: s["window_delivered_packets"].as_u64()?,
            flagged: s["saturated"].as_bool()?,
        })
    }

    /// Beyond what the network sustains, against zero-load latency `zero` (cycles).
    pub fn saturated(&self, zero: f64) -> bool {
        self.flagged
            || (self.generated >= MIN_PACKETS
                && (self.delivered as f64) < DELIVERED_SHARE * self.generated as f64)
            || self.latency.is_none_or(|l| l > LATENCY_MULTIPLE * zero)
    }
}

/// A curve's saturation throughput, with what it was read from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Saturation {
    /// Mean latency at the curve's lowest load, cycles.
    pub zero_load_latency: f64,
    /// The highest offered load sustained (flits/cycle/host); None when even the lowest was not.
    pub knee_rate: Option<f64>,
    /// The lowest offered load not sustained, if the curve reached one.
    pub first_saturated_rate: Option<f64>,
    /// Saturation throughput: accepted traffic at `knee_rate` (flits/cycle/host; 0 if none).
    pub throughput: f64,
    /// The highest accepted traffic at any load of the curve (beyond saturation too).
    pub highest_accepted: f64,
}

impl Saturation {
    /// The saturation of a curve's loads (any order).
    pub fn of(loads: &[Load]) -> Saturation {
        let mut l: Vec<&Load> = loads.iter().collect();
        l.sort_by(|a, b| a.rate.total_cmp(&b.rate));
        let Some(first) = l.first() else {
            return Saturation::default();
        };
        let zero = first.latency.unwrap_or(f64::INFINITY);
        // the knee: sustained loads below the first one that is not
        let first_bad = l.iter().position(|p| p.saturated(zero));
        let knee = match first_bad {
            Some(0) => None,
            Some(i) => Some(l[i - 1]),
            None => l.last().copied(),
        };
        Saturation {
            zero_load_latency: if zero.is_finite() { zero } else { 0.0 },
            knee_rate: knee.map(|p| p.rate),
            first_saturated_rate: first_bad.map(|i| l[i].rate),
            throughput: knee.map_or(0.0, |p| p.accepted),
            highest_accepted: l.iter().map(|p| p.accepted).fold(0.0, f64::max),
        }
    }

    /// The next load to run to narrow the knee (the midpoint of the last sustained load and the
    /// first that is not), when the curve has both and they are more than `tol` apart
    /// (relative).
    pub fn bisect(&self, tol: f64) -> Option<f64> {
        let (lo, hi) = (self.knee_rate?, self.first_saturated_rate?);
        (hi - lo > tol * hi).then(|| crate::stats::number::decimal((lo + hi) / 2.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_states_the_multiple_in_force() {
        let name = format!(", {}x zero-load rule", LATENCY_MULTIPLE);
        assert!(
            SATURATION_THROUGHPUT.ends_with(&name),
            "{SATURATION_THROUGHPUT}"
        );
    }

    fn load(rate: f64, accepted: f64, latency: f64) -> Load {
        Load {
            rate,
            accepted,
            latency: Some(latency),
            generated: 1000,
            delivered: (1000.0 * accepted / rate) as u64,
            flagged: false,
        }
    }

    #[test]
    fn the_knee_is_the_last_load_within_the_latency_multiple() {
        // zero load 400 cycles; 0.18 reaches 1,640 > 3 x 400
        let c = [
            load(0.01, 0.01, 400.0),
            load(0.10, 0.10, 600.0),
            load(0.16, 0.159, 1000.0),
            load(0.18, 0.173, 1640.0),
            load(0.24, 0.20, 3900.0),
        ];
        let s = Saturation::of(&c);
        assert_eq!(s.knee_rate, Some(0.16));
        assert_eq!(s.first_saturated_rate, Some(0.18));
        assert_eq!(s.throughput, 0.159);
        assert_eq!(s.highest_accepted, 0.20);
        assert_eq!(s.bisect(0.02), Some(0.17));
        // undelivered packets saturate even with a low mean latency
        let mut lost = load(0.12, 0.10, 500.0);
        lost.delivered = 900;
        let s = Saturation::of(&[load(0.01, 0.01, 400.0), lost]);
        assert_eq!(s.knee_rate, Some(0.01));
        // a curve that never saturates: its last load
        let s = Saturation::of(&c[..3]);
        assert_eq!((s.knee_rate, s.first_saturated_rate), (Some(0.16), None));
        assert_eq!(s.bisect(0.02), None);
    }
}
