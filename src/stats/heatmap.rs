//! SVG heat map of link utilisation (`flitwave run --heatmap FILE.svg`): every direction of
//! every link coloured by its utilisation over the measurement window, laid out by topology
//! kind ([`layout`]): a grid for meshes and tori, stages for k-ary n-trees, groups for
//! dragonflies ([`dragonfly`]), a switch × switch matrix for anything else. Around it: the title with the run's essentials, the colour scale
//! with its values, and the busiest links.
//!
//! Every link is exactly one SVG element of class `link` (`data-link` names it, `fill` is its
//! colour, `<title>` gives the exact figure on hover); links that carried nothing are grey.

pub mod dragonfly;
pub mod layout;

use super::links::{busiest, LinkLoad};
use crate::topology::Topology;
use std::fmt::Write;

/// Colour of a link that carried no flit.
pub const IDLE: &str = "#cfcfcf";

/// Colour stops of the scale, low to high (ColorBrewer YlOrRd).
const STOPS: [(u8, u8, u8); 5] = [
    (255, 255, 178),
    (254, 204, 92),
    (253, 141, 60),
    (240, 59, 32),
    (189, 0, 38),
];

/// Busiest links listed in the figure.
const LISTED: usize = 10;

/// Width of the side panel (busiest links).
const PANEL: f64 = 300.0;

/// The colour scale: 0 to `top` flits/cycle (a round value at or above the busiest link).
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    pub top: f64,
}

impl Scale {
    /// The scale for links whose largest utilisation is `max`.
    pub fn new(max: f64) -> Self {
        // each divides into four round ticks
        const NICE: [f64; 9] = [0.02, 0.04, 0.08, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0];
        Scale {
            top: NICE.iter().copied().find(|&t| t >= max).unwrap_or(1.0),
        }
    }

    /// The colour of utilisation `u` (`flits` > 0; grey [`IDLE`] otherwise).
    pub fn colour(&self, u: f64, flits: u64) -> String {
        if flits == 0 {
            return IDLE.to_string();
        }
        let t = (u / self.top).clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
        let i = (t.floor() as usize).min(STOPS.len() - 2);
        let f = t - i as f64;
        let (a, b) = (STOPS[i], STOPS[i + 1]);
        let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * f).round() as u8;
        format!(
            "#{:02x}{:02x}{:02x}",
            mix(a.0, b.0),
            mix(a.1, b.1),
            mix(a.2, b.2)
        )
    }
}

/// What the figure shows.
pub struct Figure<'a> {
    pub topo: &'a Topology,
    /// Every link's load, in the network's link order.
    pub loads: &'a [LinkLoad],
    /// First title line: the configuration's essentials.
    pub title: String,
    /// Second title line: the window.
    pub subtitle: String,
}

/// Text safe inside SVG (element content and attribute values).
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The element of link `l` drawn as the path `d` (closed polygons).
pub(crate) fn link_path(out: &mut String, d: &str, l: &LinkLoad, scale: &Scale) {
    let name = esc(&l.name());
    let _ = writeln!(
        out,
        r##"<path class="link" data-link="{name}" data-utilisation="{:.6}" d="{d}" fill="{}" stroke="#444" stroke-width="0.4"><title>{name}: {:.4} flits/cycle ({} flits)</title></path>"##,
        l.utilisation,
        scale.colour(l.utilisation, l.flits),
        l.utilisation,
        l.flits
    );
}

/// The element of link `l` drawn as the rectangle at (`x`, `y`) of side `c`.
pub(crate) fn link_cell(out: &mut String, x: f64, y: f64, c: f64, l: &LinkLoad, scale: &Scale) {
    let name = esc(&l.name());
    let _ = writeln!(
        out,
        r##"<rect class="link" data-link="{name}" data-utilisation="{:.6}" x="{x:.1}" y="{y:.1}" width="{c:.1}" height="{c:.1}" fill="{}" stroke="#888" stroke-width="0.4"><title>{name}: {:.4} flits/cycle ({} flits)</title></rect>"##,
        l.utilisation,
        scale.colour(l.utilisation, l.flits),
        l.utilisation,
        l.flits
    );
}

/// Text at (`x`, `y`).
pub(crate) fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, s: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.1}" text-anchor="{anchor}">{}</text>"#,
        esc(s)
    );
}

/// The polygon of an arrow from `a` to `b`, shifted `off` to its left, shaft half-width `hw`,
/// head `hl` long (no head when 0).
pub(crate) fn arrow(a: (f64, f64), b: (f64, f64), off: f64, hw: f64, hl: f64) -> String {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (uy, -ux);
    let p = |base: (f64, f64), along: f64, side: f64| {
        (
            base.0 + ux * along + nx * (off + side),
            base.1 + uy * along + ny * (off + side),
        )
    };
    let hl = hl.min(len * 0.5);
    let pts = if hl > 0.0 {
        vec![
            p(a, 0.0, hw),
            p(b, -hl, hw),
            p(b, -hl, hw * 2.2),
            p(b, 0.0, 0.0),
            p(b, -hl, -hw * 2.2),
            p(b, -hl, -hw),
            p(a, 0.0, -hw),
        ]
    } else {
        vec![p(a, 0.0, hw), p(b, 0.0, hw), p(b, 0.0, -hw), p(a, 0.0, -hw)]
    };
    let mut d = String::new();
    for (i, (x, y)) in pts.iter().enumerate() {
        let _ = write!(d, "{}{x:.1} {y:.1} ", if i == 0 { "M" } else { "L" });
    }
    d.push('Z');
    d
}

/// A drawn plot: SVG elements with the origin at its top left, and its size.
pub struct Plot {
    pub body: String,
    pub width: f64,
    pub height: f64,
}

/// The plot of `loads` on `topo`, laid out by its kind ([`layout`], [`dragonfly`]).
fn draw(topo: &Topology, loads: &[LinkLoad], scale: &Scale) -> Plot {
    use crate::topology::Shape;
    match topo.shape {
        Shape::Mesh { dims } | Shape::Torus { dims } => layout::grid(topo, dims, loads, scale),
        Shape::FatTree { k, n } => layout::tree(topo, k, n, loads, scale),
        Shape::Dragonfly { a, p, h } => dragonfly::draw(
            crate::topology::dragonfly::Dragonfly { a, p, h },
            loads,
            scale,
        ),
        Shape::Irregular => layout::matrix(topo, loads, scale),
    }
}

/// The whole figure as an SVG document.
pub fn svg(f: &Figure) -> String {
    let max = f.loads.iter().map(|l| l.utilisation).fold(0.0, f64::max);
    let scale = Scale::new(max);
    let plot = draw(f.topo, f.loads, &scale);
    let (top, left) = (64.0, 16.0);
    let legend_h = 70.0;
    // wide enough for the title lines too (bold 16 px and 12 px text, 0.62 em a character:
    // DejaVu Sans' widest common run, so no line leaves the canvas), with a right margin
    let title_w = left
        + (f.title.chars().count() as f64 * 10.0).max(f.subtitle.chars().count() as f64 * 7.44)
        + 16.0;
    let width = (left + plot.width + 24.0 + PANEL).max(760.0).max(title_w);
    let height = (top + plot.height + legend_h).max(top + 16.0 * LISTED as f64 + 120.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="100%" height="100%" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="24" font-size="16" font-weight="bold">{}</text>"#,
        esc(&f.title)
    );
    text(&mut s, left, 44.0, 12.0, "start", &f.subtitle);
    let _ = writeln!(
        s,
        r#"<g transform="translate({left:.1},{top:.1})">
{}</g>"#,
        plot.body
    );
    legend(&mut s, left, top + plot.height + 14.0, &scale);
    busiest_panel(&mut s, left + plot.width + 24.0, top, f.loads, &scale);
    s.push_str("</svg>\n");
    crate::output::svg_stamped(&s, &format!("{}; {}", f.title, f.subtitle))
}

/// The colour scale with its values, and the idle grey.
fn legend(s: &mut String, x: f64, y: f64, scale: &Scale) {
    let w = 300.0;
    let _ = writeln!(
        s,
        r#"<defs><linearGradient id="scale" x1="0" x2="1" y1="0" y2="0">"#
    );
    for (i, c) in STOPS.iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<stop offset="{:.3}" stop-color="rgb({},{},{})"/>"#,
            i as f64 / (STOPS.len() - 1) as f64,
            c.0,
            c.1,
            c.2
        );
    }
    s.push_str("</linearGradient></defs>\n");
    text(
        s,
        x,
        y + 10.0,
        12.0,
        "start",
        "utilisation, flits/cycle (1 = link saturated)",
    );
    let _ = writeln!(
        s,
        r##"<rect x="{x:.1}" y="{:.1}" width="{w}" height="14" fill="url(#scale)" stroke="#444" stroke-width="0.5"/>"##,
        y + 16.0
    );
    for i in 0..=4 {
        let v = scale.top * i as f64 / 4.0;
        let tx = x + w * i as f64 / 4.0;
        let _ = writeln!(
            s,
            r##"<line x1="{tx:.1}" x2="{tx:.1}" y1="{:.1}" y2="{:.1}" stroke="#444"/>"##,
            y + 30.0,
            y + 34.0
        );
        text(s, tx, y + 46.0, 11.0, "middle", &trim(v));
    }
    let gx = x + w + 30.0;
    let _ = writeln!(
        s,
        r##"<rect x="{gx:.1}" y="{:.1}" width="14" height="14" fill="{IDLE}" stroke="#444" stroke-width="0.5"/>"##,
        y + 16.0
    );
    text(s, gx + 20.0, y + 27.0, 11.0, "start", "idle (no flit)");
}

/// A tick value without trailing zeros.
fn trim(v: f64) -> String {
    let t = format!("{v:.4}");
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The busiest links, most utilised first, each with its colour.
fn busiest_panel(s: &mut String, x: f64, y: f64, loads: &[LinkLoad], scale: &Scale) {
    let _ = writeln!(
        s,
        r#"<text x="{x:.1}" y="{:.1}" font-size="13" font-weight="bold">Busiest links (flits/cycle)</text>"#,
        y + 4.0
    );
    for (r, i) in busiest(loads, LISTED).into_iter().enumerate() {
        let l = &loads[i];
        let ly = y + 24.0 + 18.0 * r as f64;
        let _ = writeln!(
            s,
            r##"<rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{}" stroke="#444" stroke-width="0.5"/>"##,
            ly - 10.0,
            scale.colour(l.utilisation, l.flits)
        );
        text(
            s,
            x + 18.0,
            ly,
            11.5,
            "start",
            &format!("{:>2}. {}  {:.4}", r + 1, l.name(), l.utilisation),
        );
    }
}
