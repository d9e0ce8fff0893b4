//! Latency-versus-accepted-traffic plots (the form of seed 000's Figures 6–9), rendered to SVG.

use crate::error::{Error, Result};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// One curve: a label and (accepted traffic, latency) points, in the units of the axes it is
/// drawn on.
pub struct Curve {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

const COLORS: [RGBColor; 10] = [
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
        "Accepted traffic (flits/cycle/host)",
        "Mean packet latency (cycles)",
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

/// How the y axis spans the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YScale {
    /// Both axes from 0 to just above the data (the papers' figures).
    Zero,
    /// Linear, fitted to the data (from 0 when the data come near it).
    Linear,
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
fn fit(lo: f64, hi: f64) -> (f64, f64) {
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
    let pts = curves.iter().flat_map(|c| c.points.iter());
    let (xr, yr) = if scale == YScale::Zero {
        let data = pts.clone().map(|p| p.x).fold(0.0, f64::max).max(1e-6);
        let shown = bounds.iter().flatten().filter(|&&b| b <= 2.0 * data);
        let xmax = shown.fold(data, |m, &b| m.max(b)) * 1.05;
        // from 0 to just above the data: accepted traffic of 0.04 is not drawn on a 0-1 axis
        let ymax = pts.map(|p| p.hi).fold(0.0, f64::max).max(1e-9) * 1.05;
        ((0.0, xmax), (0.0, ymax))
    } else {
        let (xlo, xhi) = extent(curves, |p| (p.x, p.x)).unwrap_or((0.0, 1.0));
        let (ylo, yhi) = extent(curves, |p| (ty(p.lo), ty(p.hi))).unwrap_or((0.0, 1.0));
        let y = if log {
            (ylo.floor(), yhi.ceil().max(ylo.floor() + 1.0))
        } else {
            fit(ylo, yhi)
        };
        (fit(xlo, xhi), y)
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
    let any_sat = curves.iter().flat_map(|c| &c.points).any(|p| p.saturated);
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
        for (i, c) in curves.iter().enumerate() {
            let col = COLORS[i % COLORS.len()];
            let line: Vec<(f64, f64)> = c.points.iter().map(|p| (p.x, ty(p.y))).collect();
            chart
                .draw_series(LineSeries::new(line, col.stroke_width(2)))
                .map_err(|e| err(&e))?
                .label(c.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], col.stroke_width(2))
                });
            for p in &c.points {
                let at = (p.x, ty(p.y));
                if p.hi > p.lo {
                    let (a, b) = (ty(p.lo), ty(p.hi));
                    chart
                        .draw_series(std::iter::once(PathElement::new(
                            vec![(p.x, a), (p.x, b)],
                            col.stroke_width(1),
                        )))
                        .map_err(|e| err(&e))?;
                    for end in [a, b] {
                        chart
                            .draw_series(std::iter::once(
                                EmptyElement::at((p.x, end))
                                    + PathElement::new(vec![(-5, 0), (5, 0)], col.stroke_width(1)),
                            ))
                            .map_err(|e| err(&e))?;
                    }
                }
                if p.saturated {
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
                .label("saturated (hollow, crossed)")
                .legend(|(x, y)| {
                    EmptyElement::at((x + 10, y))
                        + Circle::new((0, 0), 5, BLACK.stroke_width(2))
                        + PathElement::new(vec![(-5, -5), (5, 5)], BLACK.stroke_width(1))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    crate::output::write(path, crate::output::svg_stamped(&svg, title))
}

/// Sweep results drawn with their saturation markers and bounds: each curve up to and
/// including its first saturated point (drawn hollow and crossed), and its throughput bound
/// in flits/cycle/host, when it has one, as a dashed vertical line ([`chart_with_bounds`]).
pub fn sweep_chart(
    path: &Path,
    title: &str,
    curves: &[(String, &super::sweep::SweepResult, Option<f64>)],
) -> Result<()> {
    let errs: Vec<ErrCurve> = curves
        .iter()
        .map(|(label, r, _)| {
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
                        saturated: p.saturated,
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
        "Accepted traffic (flits/cycle/host)",
        "Mean packet latency (cycles)",
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

/// One design of a Pareto chart: its group (one colour and legend entry per group), its name,
/// its area `x` and throughput `y` with the interval `lo..hi`, whether it is on the front, and
/// whether its area is estimated rather than read from twins' synthesis reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Design {
    pub group: String,
    pub name: String,
    pub x: f64,
    pub y: f64,
    pub lo: f64,
    pub hi: f64,
    pub front: bool,
    pub estimated: bool,
}

/// A Pareto chart: every design as a point with its interval and its name (front designs in
/// black, the others smaller in grey; names of designs in the right half of the frame written
/// leftwards so none leaves it), filled when its area is from synthesis reports and hollow when
/// estimated (said in the legend), and the front as a dashed step line whose legend mark is
/// dashed too.
pub fn pareto(
    path: &Path,
    title: &str,
    x_desc: &str,
    y_desc: &str,
    designs: &[Design],
) -> Result<()> {
    let err =
        |e: &dyn std::fmt::Display| Error::new(format!("cannot draw {}: {e}", path.display()));
    if designs.is_empty() {
        return Err(Error::new(format!("{}: no design to draw", path.display())));
    }
    let lo = |f: fn(&Design) -> f64| designs.iter().map(f).fold(f64::INFINITY, f64::min);
    let hi = |f: fn(&Design) -> f64| designs.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
    let (x0, x1) = fit(lo(|d| d.x), hi(|d| d.x));
    let (y0, y1) = fit(lo(|d| d.lo), hi(|d| d.hi));
    let (x0, x1) = ((x0 - 0.04 * (x1 - x0)).max(0.0), x1 + 0.04 * (x1 - x0));
    let y1 = y1 + 0.08 * (y1 - y0); // room for the names above the highest points
    let fmt = |v: &f64| crate::stats::number::fmt_num(*v);
    let mut groups: Vec<&str> = vec![];
    for d in designs {
        if !groups.contains(&d.group.as_str()) {
            groups.push(&d.group);
        }
    }
    let mut front: Vec<&Design> = designs.iter().filter(|d| d.front).collect();
    front.sort_by(|a, b| a.x.total_cmp(&b.x));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&fmt)
            .y_label_formatter(&fmt)
            .draw()
            .map_err(|e| err(&e))?;
        // the front: a step line (each design is optimal until a larger one beats it)
        let mut step = vec![];
        for (i, d) in front.iter().enumerate() {
            if i > 0 {
                step.push((d.x, front[i - 1].y));
            }
            step.push((d.x, d.y));
        }
        if let Some(last) = front.last() {
            step.push((x1, last.y));
        }
        chart
            .draw_series(DashedLineSeries::new(step, 6, 4, BLACK.stroke_width(1)))
            .map_err(|e| err(&e))?
            .label("Pareto front (area, throughput)")
            .legend(|(x, y)| {
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(0, 0), (6, 0)], BLACK.stroke_width(1))
                    + PathElement::new(vec![(10, 0), (16, 0)], BLACK.stroke_width(1))
            });
        for (i, g) in groups.iter().enumerate() {
            let col = COLORS[i % COLORS.len()];
            let mine: Vec<&Design> = designs.iter().filter(|d| d.group == *g).collect();
            for d in &mine {
                if d.hi > d.lo {
                    chart
                        .draw_series(std::iter::once(PathElement::new(
                            vec![(d.x, d.lo), (d.x, d.hi)],
                            col.stroke_width(1),
                        )))
                        .map_err(|e| err(&e))?;
                }
            }
            chart
                .draw_series(mine.iter().map(|d| {
                    let style = if d.estimated {
                        col.stroke_width(2)
                    } else {
                        col.filled()
                    };
                    Circle::new((d.x, d.y), 4, style)
                }))
                .map_err(|e| err(&e))?
                .label(g.to_string())
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, col.filled()));
        }
        if designs.iter().any(|d| d.estimated) {
            chart
                .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(|e| err(&e))?
                .label("hollow: area estimated (no twin covers it)")
                .legend(|(x, y)| Circle::new((x + 8, y), 4, BLACK.stroke_width(2)));
        }
        let grey = RGBColor(110, 110, 110);
        for d in designs {
            let right_half = (d.x - x0) / (x1 - x0) > 0.5;
            let (size, colour) = if d.front { (12, BLACK) } else { (10, grey) };
            let style = TextStyle::from(("sans-serif", size).into_font())
                .color(&colour)
                .pos(Pos::new(
                    if right_half { HPos::Right } else { HPos::Left },
                    VPos::Bottom,
                ));
            let dx = if right_half { -7 } else { 7 };
            let ring = if d.front { 7 } else { 0 };
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((d.x, d.y))
                        + Circle::new((0, 0), ring, BLACK.stroke_width(1))
                        + Text::new(d.name.clone(), (dx, -5), style),
                ))
                .map_err(|e| err(&e))?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .position(SeriesLabelPosition::LowerRight)
            .draw()
            .map_err(|e| err(&e))?;
        root.present().map_err(|e| err(&e))?;
    }
    crate::output::write(path, crate::output::svg_stamped(&svg, title))
}
