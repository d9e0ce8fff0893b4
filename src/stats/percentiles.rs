//! Latency distributions: an HdrHistogram per latency (the `hdrhistogram` crate), created once
//! with a fixed range so recording a packet never allocates. Latencies below [`DENSE`] cycles
//! (nearly every packet's) are counted in a plain array and added to the histogram when it is
//! read: a record is one increment, and the histogram's counts are the same.
//!
//! Precision: 3 significant digits. Values below 2048 cycles are recorded exactly; above, a
//! reported percentile is the highest value of its histogram bucket, at most 0.1 % above the
//! exact one, and never above the exact maximum (kept apart). Latencies above
//! [`HIGHEST_CYCLES`] (about 27 s of simulated time at 6.25 ns per cycle, beyond any run) would
//! count as that value (saturated).

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};
use std::cell::{Ref, RefCell};

/// The largest latency a histogram tells apart, cycles; larger ones saturate to it.
pub const HIGHEST_CYCLES: u64 = u32::MAX as u64;

/// Significant decimal digits the histograms keep.
pub const SIGNIFICANT_DIGITS: u8 = 3;

/// The percentiles reported.
pub const QUANTILES: [f64; 3] = [0.5, 0.9, 0.99];

/// Latencies counted apart, value by value, below the histogram's exact range (2,048).
const DENSE: usize = 2048;

/// The histogram and the counts of latencies below [`DENSE`] not yet added to it.
#[derive(Debug, Clone)]
struct Counts {
    h: Histogram<u64>,
    dense: Box<[u64; DENSE]>,
    dense_n: u64,
}

/// One latency distribution: its counts and the exact maximum. A read adds the latencies
/// counted apart to the histogram (in place, behind a `RefCell`: reading does not copy it).
#[derive(Debug, Clone)]
pub struct LatencyHistogram {
    c: RefCell<Counts>,
    max: u64,
}

impl Default for LatencyHistogram {
    fn default() -> Self {
        let mut h = Histogram::new_with_bounds(1, HIGHEST_CYCLES, SIGNIFICANT_DIGITS)
            .expect("valid histogram bounds");
        h.auto(false);
        LatencyHistogram {
            c: RefCell::new(Counts {
                h,
                dense: Box::new([0; DENSE]),
                dense_n: 0,
            }),
            max: 0,
        }
    }
}

impl LatencyHistogram {
    /// Count one latency of `cycles` (no allocation: the histogram has its fixed range).
    #[inline]
    pub fn record(&mut self, cycles: u64) {
        let c = self.c.get_mut();
        match c.dense.get_mut(cycles as usize) {
            Some(n) => {
                *n += 1;
                c.dense_n += 1;
            }
            None => c.h.saturating_record(cycles),
        }
        self.max = self.max.max(cycles);
    }

    /// Latencies recorded.
    pub fn len(&self) -> u64 {
        let c = self.c.borrow();
        c.h.len() + c.dense_n
    }

    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The histogram of every latency recorded: those counted apart added to it first.
    fn merged(&self) -> Ref<'_, Histogram<u64>> {
        {
            let mut c = self.c.borrow_mut();
            if c.dense_n > 0 {
                let Counts { h, dense, dense_n } = &mut *c;
                for (v, n) in dense.iter_mut().enumerate() {
                    if *n > 0 {
                        h.saturating_record_n(v as u64, std::mem::take(n));
                    }
                }
                *dense_n = 0;
            }
        }
        Ref::map(self.c.borrow(), |c| &c.h)
    }

    /// The largest latency recorded (exact).
    pub fn max(&self) -> u64 {
        self.max
    }

    /// The latency below or at which a fraction `q` of the recorded ones lie (nearest rank:
    /// the ⌈q·n⌉-th smallest), within the histogram's precision, never above the maximum.
    pub fn quantile(&self, q: f64) -> u64 {
        self.at(&self.merged(), q)
    }

    /// [`LatencyHistogram::quantile`] of `h`, this distribution's merged histogram.
    fn at(&self, h: &Histogram<u64>, q: f64) -> u64 {
        h.value_at_quantile(q).min(self.max)
    }

    /// p50, p90, p99 and max in cycles (None when nothing was recorded).
    pub fn percentiles(&self) -> Option<Percentiles> {
        (!self.is_empty()).then(|| {
            let h = self.merged();
            let [p50, p90, p99] = QUANTILES.map(|q| self.at(&h, q) as f64);
            Percentiles {
                p50,
                p90,
                p99,
                max: self.max as f64,
            }
        })
    }
}

/// Percentiles of a latency distribution (cycles, or ns in the `_ns` fields of the summary).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
pub struct Percentiles {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    /// The same percentiles scaled by `k` (cycles to ns: the clock period).
    pub fn scaled(&self, k: f64) -> Percentiles {
        Percentiles {
            p50: self.p50 * k,
            p90: self.p90 * k,
            p99: self.p99 * k,
            max: self.max * k,
        }
    }
}

/// The exact nearest-rank percentile of `sorted` (ascending, not empty): the ⌈q·n⌉-th
/// smallest value, as [`LatencyHistogram::quantile`] defines it.
pub fn exact_quantile(sorted: &[u64], q: f64) -> u64 {
    let rank = ((q * sorted.len() as f64).ceil() as usize).max(1);
    sorted[rank.min(sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Latencies counted apart below 2,048 cycles give the quantiles and count one histogram
    /// of them all would, read midway or at the end.
    #[test]
    fn counting_small_latencies_apart_changes_no_quantile() {
        let mut h = LatencyHistogram::default();
        let mut whole = Histogram::<u64>::new_with_bounds(1, HIGHEST_CYCLES, SIGNIFICANT_DIGITS)
            .expect("valid histogram bounds");
        for i in 0..20_000u64 {
            // most below 2,048, some above, a few at 0 and at the edge
            let x = match i % 97 {
                0 => 0,
                1 => DENSE as u64 - 1,
                2 => DENSE as u64,
                k if k < 10 => (i * 7919) % 1_000_000,
                _ => (i * 31) % 700,
            };
            h.record(x);
            whole.saturating_record(x);
            if i % 6_007 == 0 {
                // a read midway adds what was counted apart; the records after it count on
                assert_eq!(h.quantile(0.5), whole.value_at_quantile(0.5).min(h.max()));
                assert_eq!(h.len(), whole.len());
            }
        }
        assert_eq!(h.len(), whole.len());
        for k in 0..=1000 {
            let q = k as f64 / 1000.0;
            assert_eq!(
                h.quantile(q),
                whole.value_at_quantile(q).min(h.max()),
                "q {q}"
            );
        }
    }

    #[test]
    fn small_values_are_exact_and_large_ones_within_a_thousandth() {
        let mut h = LatencyHistogram::default();
        let mut v: Vec<u64> = (0..5000u64).map(|i| (i * 7919) % 100_000 + 1).collect();
        for &x in &v {
            h.record(x);
        }
        v.sort_unstable();
        for q in QUANTILES {
            let (got, want) = (h.quantile(q), exact_quantile(&v, q));
            assert!(
                got >= want && got as f64 <= want as f64 * 1.001,
                "q {q}: {got} vs {want}"
            );
        }
        assert_eq!(h.max(), *v.last().unwrap());
        let mut s = LatencyHistogram::default();
        for x in [3u64, 1, 2, 2000, 7] {
            s.record(x);
        }
        let mut v = vec![3u64, 1, 2, 2000, 7];
        v.sort_unstable();
        for q in QUANTILES {
            assert_eq!(s.quantile(q), exact_quantile(&v, q));
        }
        // a value beyond the range saturates and the exact maximum stays
        s.record(HIGHEST_CYCLES * 4);
        assert_eq!(s.max(), HIGHEST_CYCLES * 4);
        assert!(s.quantile(1.0) <= s.max());
    }
}
