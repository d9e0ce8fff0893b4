//! Latency-versus-accepted-traffic plots (the form of seed 000's Figures 6–9), rendered to SVG.

use crate::error::{Error, Result};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

pub use super::pareto::{pareto, Design};
pub use super::plot_axes::{ErrCurve, ErrPoint};
use super::{plot_axes, quantity};

/// One curve: a label and (accepted traffic, latency) points, in the units of the axes it is
/// drawn on.
pub struct Curve {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

pub(crate) const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(23, 190, 207),
    RGBColor(140, 86, 75),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(227, 119, 194),
];

/// Draw the curves into an SVG file (seed 000's axes).
pub fn latency_vs_traffic(path: &Path, title: &str, curves: &[Curve]) -> Result<()> {
    xy(
        path,
        title,
        "Accepted traffic (flits/ns/switch)",
        "Average message latency (ns)",
        curves,
    )
}

/// Draw sweep curves ([`sweep_curve`]) into an SVG file, in flitwave's headline units.
pub fn sweep_plot(path: &Path, title: &str, curves: &[Curve]) -> Result<()> {
    xy(
        path,
        title,
        &quantity::axis("accepted_flits_per_cycle_per_host"),
        &quantity::axis("latency.cycles"),
        curves,
    )
}

/// Draw the curves into an SVG file with the given axis descriptions (both axes from 0).
pub fn xy(path: &Path, title: &str, x_desc: &str, y_desc: &str, curves: &[Curve]) -> Result<()> {
    let curves: Vec<ErrCurve> = curves
        .iter()
        .map(|c| ErrCurve {
            label: c.label.clone(),
            points: c
                .points
                .iter()
                .map(|&(x, y)| ErrPoint {
                    x,
                    y,
                    lo: y,
                    hi: y,
                    n: 1,
                    saturated: false,
                })
                .collect(),
        })
        .collect();
    chart(path, title, x_desc, y_desc, &curves, YScale::Zero)
}

/// How the y axis spans the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YScale {
    /// Both axes from 0 to just above the data (the papers' figures).
    Zero,
    /// Linear, fitted to the data (from 0 when the data come near it, else from a round
    /// number).
    Linear,
    /// Linear with y from 0 (a latency, load or throughput), x fitted to the data.
    LinearFromZero,
    /// Logarithmic, whole decades around the data.
    Log,
    /// Log when the values are positive and span a factor of 20, else linear.
    Auto,
}

/// The least first and the greatest second value `f` gives over every point (None without
/// points or with values that are not finite).
pub fn extent(curves: &[ErrCurve], f: impl Fn(&ErrPoint) -> (f64, f64)) -> Option<(f64, f64)> {
    let (lo, hi) = curves
        .iter()
        .flat_map(|c| &c.points)
        .map(f)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), (l, h)| {
            (a.min(l), b.max(h))
        });
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// `lo..hi` widened by 5 %, from 0 when the data start near it.
pub(crate) fn fit(lo: f64, hi: f64) -> (f64, f64) {
    let span = (hi - lo).max(hi.abs() * 1e-3).max(1e-9);
    let a = if lo >= 0.0 && lo <= 0.25 * hi {
        0.0
    } else {
        lo - 0.05 * span
    };
    (a, hi + 0.05 * span)
}

/// Draw curves with error bars into an SVG file: lines through the means, a bar over each
/// point's interval, saturated points drawn hollow with a cross (said in the legend).
pub fn chart(
    path: &Path,
    title: &str,
    x_desc: &str,
    y_desc: &str,
    curves: &[ErrCurve],
    scale: YScale,
) -> Result<()> {
    chart_with_bounds(path, title, x_desc, y_desc, curves, scale, &[])
}

/// [`chart`] with a vertical dashed line per curve at `bounds[i]` (its throughput bound on
/// the x axis, in the curve's colour, said in the legend); the x axis reaches the bounds
/// unless one lies beyond twice the data (then only the legend gives it).
///
/// Axes start at 0 ([`YScale::Zero`]) or as [`plot_axes::fit`] says, never at an arbitrary data
/// minimum. On a linear axis, saturated points far above the sustained ones
/// ([`plot_axes::clip_level`]) are clipped: the axis ends a little above the sustained points,
/// the line leaves the plot where it crosses the top edge, and each clipped point is an upward
/// triangle at the edge with its true value written under it (said in the legend).
#[allow(clippy::too_many_arguments)]
pub fn chart_with_bounds(
    path: &Path,
    title: &str,
    x_desc: &str,
    y_desc: &str,
    curves: &[ErrCurve],
    scale: YScale,
    bounds: &[Option<f64>],
) -> Result<()> {
    if let Some(d) = path.parent() {
        if !d.as_os_str().is_empty() {
            std::fs::create_dir_all(d)?;
        }
    }
    let err =
        |e: &dyn std::fmt::Display| Error::new(format!("cannot draw {}: {e}", path.display()));
    let log = scale == YScale::Log;
    let ty = |v: f64| if log { v.max(1e-300).log10() } else { v };
    let clip = if log {
        None
    } else {
        plot_axes::clip_level(curves)
    };
    let cy = |v: f64| clip.map_or(v, |c| v.min(c));
    let pts = curves.iter().flat_map(|c| c.points.iter());
    let (xr, yr) = if scale == YScale::Zero {
        let data = pts.clone().map(|p| p.x).fold(0.0, f64::max).max(1e-6);
        let shown = bounds.iter().flatten().filter(|&&b| b <= 2.0 * data);
        let xmax = shown.fold(data, |m, &b| m.max(b)) * 1.05;
        let xlo = pts.clone().map(|p| p.x).fold(0.0, f64::min);
        let xmin = if xlo < 0.0 {
            plot_axes::fit(xlo, xmax, false).0
        } else {
            0.0
        };
        // from 0 to just above the data: accepted traffic of 0.04 is not drawn on a 0-1 axis
        let ymax = pts.map(|p| cy(p.hi)).fold(0.0, f64::max).max(1e-9) * 1.05;
        ((xmin, xmax), (0.0, ymax))
    } else {
        let (xlo, xhi) = extent(curves, |p| (p.x, p.x)).unwrap_or((0.0, 1.0));
        let (ylo, yhi) = extent(curves, |p| (cy(ty(p.lo)), cy(ty(p.hi)))).unwrap_or((0.0, 1.0));
        let y = if log {
            (ylo.floor(), yhi.ceil().max(ylo.floor() + 1.0))
        } else {
            plot_axes::fit(ylo, yhi, scale == YScale::LinearFromZero)
        };
        (plot_axes::fit(xlo, xhi, false), y)
    };
    let decades = (yr.1 - yr.0).round().max(1.0) as usize;
    let fmt_y = |v: &f64| {
        if log {
            crate::stats::number::fmt_num(10f64.powf(*v))
        } else {
            crate::stats::number::fmt_num(*v)
        }
    };
    let fmt_x = |v: &f64| crate::stats::number::fmt_num(*v);
    let clipped = |p: &ErrPoint| clip.is_some_and(|c| p.y > c);
    let any_sat = curves
        .iter()
        .flat_map(|c| &c.points)
        .any(|p| p.saturated && !clipped(p));
    let any_clipped = curves.iter().flat_map(|c| &c.points).any(clipped);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(xr.0..xr.1, yr.0..yr.1)
            .map_err(|e| err(&e))?;
        let y_desc = if log {
            format!("{y_desc} (log scale)")
        } else {
            y_desc.to_string()
        };
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(x_desc).y_desc(y_desc).x_label_formatter(&fmt_x);
        mesh.y_label_formatter(&fmt_y);
        if log {
            // whole decades; the light lines of a linear mesh would mislead on a log axis
            mesh.y_labels(decades + 1).light_line_style(WHITE);
        }
        mesh.draw().map_err(|e| err(&e))?;
        // the value labels of clipped points placed so far (pixel left, right, row)
        let mut placed: Vec<(i32, i32, usize)> = vec![];
        for (i, c) in curves.iter().enumerate() {
            let col = COLORS[i % COLORS.len()];
            let line: Vec<(f64, f64)> = c.points.iter().map(|p| (p.x, ty(p.y))).collect();
            let runs = match clip {
                Some(edge) => plot_axes::clip_runs(&line, edge),
                None => vec![line],
            };
            chart
                .draw_series(std::iter::empty::<PathElement<(f64, f64)>>())
                .map_err(|e| err(&e))?
                .label(c.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], col.stroke_width(2))
                });
            for run in runs {
                chart
                    .draw_series(LineSeries::new(run, col.stroke_width(2)))
                    .map_err(|e| err(&e))?;
            }
            for p in &c.points {
                let at = (p.x, cy(ty(p.y)));
                let (a, b) = (cy(ty(p.lo)), cy(ty(p.hi)));
                if p.hi > p.lo && b > a {
                    chart
                        .draw_series(std::iter::once(PathElement::new(
                            vec![(p.x, a), (p.x, b)],
                            col.stroke_width(1),
                        )))
                        .map_err(|e| err(&e))?;
                    for (end, v) in [(a, p.lo), (b, p.hi)] {
                        if clip.is_some_and(|c| v > c) {
                            continue; // no cap where the bar runs off the axis
                        }
                        chart
                            .draw_series(std::iter::once(
                                EmptyElement::at((p.x, end))
                                    + PathElement::new(vec![(-5, 0), (5, 0)], col.stroke_width(1)),
                            ))
                            .map_err(|e| err(&e))?;
                    }
                }
                if clipped(p) {
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at(at)
                                + Polygon::new(vec![(0, -2), (-6, 9), (6, 9)], col.filled()),
                        ))
                        .map_err(|e| err(&e))?;
                } else if p.saturated {
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at(at)
                                + Circle::new((0, 0), 5, col.stroke_width(2))
                                + PathElement::new(vec![(-5, -5), (5, 5)], col.stroke_width(1))
                                + PathElement::new(vec![(-5, 5), (5, -5)], col.stroke_width(1)),
                        ))
                        .map_err(|e| err(&e))?;
                } else {
                    chart
                        .draw_series(std::iter::once(Circle::new(at, 3, col.filled())))
                        .map_err(|e| err(&e))?;
                }
            }
            // the curve's clipped values, written once under its first clipped mark: one
            // value, or the least and the greatest
            let off: Vec<&ErrPoint> = c.points.iter().filter(|p| clipped(p)).collect();
            if let (Some(first), Some(edge)) = (off.first(), clip) {
                let v =
                    |y: f64| crate::stats::number::fmt_num(crate::stats::number::round_sig(y, 4));
                let (lo, hi) = off.iter().fold((f64::INFINITY, 0.0f64), |(a, b), p| {
                    (a.min(p.y), b.max(p.y))
                });
                let text = if off.len() == 1 {
                    v(first.y)
                } else {
                    format!("{} to {}", v(lo), v(hi))
                };
                let (px, _) = chart.backend_coord(&(first.x, edge));
                let (xs, _) = chart.plotting_area().get_pixel_range();
                let half = (3.3 * text.len() as f64) as i32 + 2;
                let (h, l, r) = if px + half > xs.end {
                    (HPos::Right, px - 2 * half, px)
                } else if px - half < xs.start {
                    (HPos::Left, px, px + 2 * half)
                } else {
                    (HPos::Center, px - half, px + half)
                };
                // a row down when it would overwrite another curve's label; none past 4 rows
                // (the table printed beside the plot has every value)
                let free = |row: usize| !placed.iter().any(|&(a, b, q)| q == row && a < r && l < b);
                if let Some(row) = (0..4).find(|&row| free(row)) {
                    placed.push((l, r, row));
                    let dx = match h {
                        HPos::Right => 6,
                        HPos::Left => -6,
                        _ => 0,
                    };
                    let style = TextStyle::from(("sans-serif", 11).into_font())
                        .color(&col)
                        .pos(Pos::new(h, VPos::Top));
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at((first.x, edge))
                                + Text::new(text, (dx, 12 + 13 * row as i32), style),
                        ))
                        .map_err(|e| err(&e))?;
                }
            }
        }
        for (i, b) in bounds.iter().enumerate() {
            let Some(b) = *b else {
                continue;
            };
            let col = COLORS[i % COLORS.len()];
            let label = format!(
                "{}: bound {b:.4}",
                curves.get(i).map_or("", |c| c.label.as_str())
            );
            // dashes of a 30th of the y axis, when the bound is on the axis
            let on = b <= xr.1;
            let n = if on { 30 } else { 0 };
            let step = (yr.1 - yr.0) / n.max(1) as f64;
            chart
                .draw_series((0..n).step_by(2).map(|k| {
                    let y0 = yr.0 + k as f64 * step;
                    PathElement::new(vec![(b, y0), (b, y0 + step)], col.stroke_width(2))
                }))
                .map_err(|e| err(&e))?
                .label(if on {
                    label
                } else {
                    format!("{label} (beyond the axis)")
                })
                .legend(move |(x, y)| {
                    EmptyElement::at((x, y))
                        + PathElement::new(vec![(0, 0), (7, 0)], col.stroke_width(2))
                        + PathElement::new(vec![(13, 0), (20, 0)], col.stroke_width(2))
                });
        }
        if any_sat {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(|e| err(&e))?
                .label(SATURATED)
                .legend(|(x, y)| {
                    EmptyElement::at((x + 10, y))
                        + Circle::new((0, 0), 5, BLACK.stroke_width(2))
                        + PathElement::new(vec![(-5, -5), (5, 5)], BLACK.stroke_width(1))
                });
        }
        if any_clipped {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(|e| err(&e))?
                .label(CLIPPED)
                .legend(|(x, y)| {
                    EmptyElement::at((x + 10, y))
                        + Polygon::new(vec![(0, -6), (-6, 5), (6, 5)], BLACK.filled())
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            // clipped marks line the top edge; a latency curve leaves the lower right empty
            .position(if any_clipped {
                SeriesLabelPosition::LowerRight
            } else {
                SeriesLabelPosition::UpperLeft
            })
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    crate::output::write(path, crate::output::svg_stamped(&svg, title))
}

/// The legend entry of saturated points: beyond the knee by the one criterion
/// (`stats::saturation`).
pub const SATURATED: &str = "saturated (3x zero-load rule)";

/// The legend entry of saturated points clipped at the top edge of a linear axis.
pub const CLIPPED: &str = "saturated (3x zero-load rule), off the axis: true values below";

/// Sweep results drawn with their saturation markers and bounds: each curve up to and
/// including its first point whose sources overflowed ([`super::sweep::SweepPoint::saturated`];
/// beyond it the curve bends back), the points beyond the knee by the one criterion
/// ([`crate::stats::saturation::Saturation`]: latency over 3x zero-load or packets
/// undelivered) marked saturated and clipped when far above the rest ([`chart_with_bounds`]),
/// and its throughput bound in flits/cycle/host, when it has one, as a dashed vertical line.
pub fn sweep_chart(
    path: &Path,
    title: &str,
    curves: &[(String, &super::sweep::SweepResult, Option<f64>)],
) -> Result<()> {
    let errs: Vec<ErrCurve> = curves
        .iter()
        .map(|(label, r, _)| {
            let beyond = r.saturation.first_saturated_rate;
            let mut points = Vec::new();
            for p in &r.points {
                if let Some(l) = p.summary.latency {
                    let (x, y) = (p.summary.accepted_flits_per_cycle_per_host, l.cycles);
                    points.push(ErrPoint {
                        x,
                        y,
                        lo: y,
                        hi: y,
                        n: 1,
                        saturated: p.saturated || beyond.is_some_and(|b| p.rate >= b),
                    });
                }
                if p.saturated {
                    break;
                }
            }
            ErrCurve {
                label: label.clone(),
                points,
            }
        })
        .collect();
    let bounds: Vec<Option<f64>> = curves.iter().map(|c| c.2).collect();
    chart_with_bounds(
        path,
        title,
        &quantity::axis("accepted_flits_per_cycle_per_host"),
        &quantity::axis("latency.cycles"),
        &errs,
        YScale::Zero,
        &bounds,
    )
}

/// The curve of a sweep: points up to and including the first saturated one.
pub fn sweep_curve(label: &str, r: &super::sweep::SweepResult) -> Curve {
    let mut points = Vec::new();
    for p in &r.points {
        if let Some(l) = p.summary.latency {
            points.push((p.summary.accepted_flits_per_cycle_per_host, l.cycles));
        }
        if p.saturated {
            break;
        }
    }
    Curve {
        label: label.to_string(),
        points,
    }
}
