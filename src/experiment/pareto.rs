//! The Pareto chart of `flitwave explore`: designs as points with their intervals and names,
//! and the front as a dashed step line.

use super::plot::{fit, COLORS};
use crate::error::{Error, Result};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

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
