//! Latency-versus-accepted-traffic plots (the form of seed 000's Figures 6–9), rendered to SVG.

use crate::error::{Error, Result};
use plotters::prelude::*;
use std::path::Path;

/// One curve: a label and (accepted traffic in flits/ns/switch, latency in ns) points.
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

/// Draw the curves into an SVG file with the given axis descriptions.
pub fn xy(path: &Path, title: &str, x_desc: &str, y_desc: &str, curves: &[Curve]) -> Result<()> {
    if let Some(d) = path.parent() {
        if !d.as_os_str().is_empty() {
            std::fs::create_dir_all(d)?;
        }
    }
    let err =
        |e: &dyn std::fmt::Display| Error::new(format!("cannot draw {}: {e}", path.display()));
    let pts = curves.iter().flat_map(|c| c.points.iter());
    let xmax = pts.clone().map(|p| p.0).fold(0.0, f64::max).max(1e-6) * 1.05;
    let ymax = pts.map(|p| p.1).fold(0.0, f64::max).max(1.0) * 1.05;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d(0.0..xmax, 0.0..ymax)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .draw()
            .map_err(|e| err(&e))?;
        for (i, c) in curves.iter().enumerate() {
            let col = COLORS[i % COLORS.len()];
            chart
                .draw_series(LineSeries::new(
                    c.points.iter().copied(),
                    col.stroke_width(2),
                ))
                .map_err(|e| err(&e))?
                .label(c.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], col.stroke_width(2))
                });
            chart
                .draw_series(c.points.iter().map(|&p| Circle::new(p, 3, col.filled())))
                .map_err(|e| err(&e))?;
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
    crate::output::write(path, svg)
}

/// The curve of a sweep: points up to and including the first saturated one.
pub fn sweep_curve(label: &str, r: &super::sweep::SweepResult) -> Curve {
    let mut points = Vec::new();
    for p in &r.points {
        if let Some(l) = p.summary.latency {
            points.push((p.summary.accepted_flits_per_ns_per_switch, l.ns));
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
