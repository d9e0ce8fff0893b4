//! Axis ranges and clipping for the curve charts ([`super::plot::chart`]): axes that start at 0
//! or at a round number, never at an arbitrary data minimum; and, on a linear axis, saturated
//! points far above the sustained ones clipped at the top edge so the curve below saturation
//! keeps the height of the plot.

/// One point with its interval: the mean `y` of `n` samples, the 95 % interval `lo..hi`
/// (`lo == hi`: no bar), and whether the network saturated there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ErrPoint {
    pub x: f64,
    pub y: f64,
    pub lo: f64,
    pub hi: f64,
    pub n: usize,
    pub saturated: bool,
}

/// A curve of points with intervals.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrCurve {
    pub label: String,
    pub points: Vec<ErrPoint>,
}

/// Saturated points are clipped when one reaches beyond this multiple of the top of the
/// sustained points (their 95 % intervals included).
pub const CLIP_WHEN: f64 = 1.6;

/// Clipped, the axis ends at this multiple of the top of the sustained points: headroom for the
/// knee's first points and the marks at the edge.
pub const CLIP_AT: f64 = 1.3;

/// A round step near `x`: 1, 2 or 5 times a power of ten.
pub fn nice_step(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    let e = 10f64.powf(x.log10().floor());
    let m = x / e;
    let m = if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    };
    m * e
}

/// `lo..hi` widened by 5 % at the top; from 0 when the values are not negative and `from_zero`
/// or the lowest lies within the lower half of the highest, else from the round number (a
/// fifth of the span, rounded to 1, 2 or 5) just below the data.
pub fn fit(lo: f64, hi: f64, from_zero: bool) -> (f64, f64) {
    let span = (hi - lo).max(hi.abs() * 1e-3).max(1e-9);
    let top = hi + 0.05 * span;
    if lo >= 0.0 && (from_zero || lo <= 0.5 * hi) {
        return (0.0, top);
    }
    let step = nice_step(span / 5.0);
    let mut a = (lo / step).floor() * step;
    if a >= lo {
        a -= step;
    }
    (a, top)
}

/// The y value above which a linear axis clips: [`CLIP_AT`] times the top of the sustained
/// (unsaturated) points, when a saturated point lies beyond [`CLIP_WHEN`] times it; None
/// otherwise (nothing saturated far above, or no sustained point to fit the axis to).
pub fn clip_level(curves: &[ErrCurve]) -> Option<f64> {
    let top = |sat: bool| {
        curves
            .iter()
            .flat_map(|c| &c.points)
            .filter(|p| p.saturated == sat && p.hi.is_finite())
            .map(|p| p.hi)
            .fold(f64::NEG_INFINITY, f64::max)
    };
    let (sustained, saturated) = (top(false), top(true));
    (sustained.is_finite() && sustained > 0.0 && saturated > CLIP_WHEN * sustained)
        .then_some(CLIP_AT * sustained)
}

/// The polyline through `points` cut at `y = clip`: the runs that stay at or below it, each
/// ending (or starting) where the line crosses the clip edge.
pub fn clip_runs(points: &[(f64, f64)], clip: f64) -> Vec<Vec<(f64, f64)>> {
    let cross =
        |q: (f64, f64), p: (f64, f64)| (q.0 + (p.0 - q.0) * (clip - q.1) / (p.1 - q.1), clip);
    let mut runs = vec![];
    let mut cur: Vec<(f64, f64)> = vec![];
    for (i, &p) in points.iter().enumerate() {
        let below = p.1 <= clip;
        match i.checked_sub(1).map(|j| points[j]) {
            None if below => cur.push(p),
            None => {}
            Some(q) => match (q.1 <= clip, below) {
                (true, true) => cur.push(p),
                (true, false) => {
                    cur.push(cross(q, p));
                    runs.push(std::mem::take(&mut cur));
                }
                (false, true) => cur = vec![cross(q, p), p],
                (false, false) => {}
            },
        }
    }
    if !cur.is_empty() {
        runs.push(cur);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::ErrPoint;
    use super::*;

    #[test]
    fn axes_start_at_zero_or_a_round_number() {
        assert_eq!(nice_step(0.13), 0.2);
        assert_eq!(nice_step(40.0), 50.0);
        assert_eq!(nice_step(100.0), 100.0);
        // latency 133..400: from 0 (known to start there, and within the lower half anyway)
        assert_eq!(fit(133.0, 400.0, true).0, 0.0);
        assert_eq!(fit(133.0, 400.0, false).0, 0.0);
        // 1000..1010 of an unknown key: a round number below, not 999.5
        let (a, b) = fit(1000.0, 1010.0, false);
        assert_eq!(a, 998.0);
        assert!(b > 1010.0);
        assert_eq!(fit(-3.0, 7.0, false).0, -4.0);
    }

    fn pt(y: f64, saturated: bool) -> ErrPoint {
        ErrPoint {
            x: 0.0,
            y,
            lo: y,
            hi: y,
            n: 1,
            saturated,
        }
    }

    #[test]
    fn saturated_points_far_above_the_sustained_ones_are_clipped() {
        let c = |ps: Vec<ErrPoint>| {
            vec![ErrCurve {
                label: "c".into(),
                points: ps,
            }]
        };
        let low = [pt(80.0, false), pt(100.0, false)];
        let far = c([&low[..], &[pt(1947.0, true)]].concat());
        assert_eq!(clip_level(&far), Some(130.0));
        // a saturated point near the others is drawn where it is
        assert_eq!(
            clip_level(&c([&low[..], &[pt(150.0, true)]].concat())),
            None
        );
        // nothing sustained: nothing to fit the axis to
        assert_eq!(clip_level(&c(vec![pt(500.0, true), pt(900.0, true)])), None);
        // the line leaves the plot where it crosses the edge and comes back the same way
        let runs = clip_runs(
            &[(0.0, 80.0), (1.0, 120.0), (2.0, 320.0), (3.0, 120.0)],
            220.0,
        );
        assert_eq!(
            runs,
            vec![
                vec![(0.0, 80.0), (1.0, 120.0), (1.5, 220.0)],
                vec![(2.5, 220.0), (3.0, 120.0)]
            ]
        );
        assert!(clip_runs(&[(0.0, 500.0)], 220.0).is_empty());
    }
}
