//! Testbench of every figure kind flitwave draws: curves from 0 (`plot::xy`, the
//! reproductions' figures), curves with error bars (`plot::chart`, sweeps and stores), the
//! Pareto chart (`plot::pareto`, explore) and the link heat map (`run --heatmap`). Each is
//! rendered and its SVG geometry inspected: every text inside the canvas, axes fitted to the
//! data, legend marks matching the marks drawn, every Pareto design named and estimated areas
//! drawn hollow.

use crate::common::{self, flitwave};
use flitwave::experiment::plot::{self, Curve, Design, ErrCurve, ErrPoint, YScale};
use std::path::Path;

/// A `<text>` of an SVG: anchor point, anchor side, font size, content, rotated or not.
struct Text {
    x: f64,
    y: f64,
    anchor: String,
    size: f64,
    text: String,
    rotated: bool,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let i = tag.find(&key)? + key.len();
    Some(tag[i..].split('"').next()?.to_string())
}

fn texts(svg: &str) -> Vec<Text> {
    let mut out = vec![];
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        rest = &rest[i..];
        let end_tag = rest.find('>').unwrap();
        let tag = &rest[..end_tag];
        let close = rest.find("</text>").unwrap();
        let body = rest[end_tag + 1..close].trim().to_string();
        let num = |n: &str| attr(tag, n).and_then(|v| v.parse().ok()).unwrap_or(0.0);
        out.push(Text {
            x: num("x"),
            y: num("y"),
            anchor: attr(tag, "text-anchor").unwrap_or("start".into()),
            size: attr(tag, "font-size")
                .and_then(|v| v.trim_end_matches("px").parse().ok())
                .unwrap_or(12.0),
            text: body,
            rotated: tag.contains("rotate("),
        });
        rest = &rest[close..];
    }
    out
}

fn canvas(svg: &str) -> (f64, f64) {
    let tag = &svg[svg.find("<svg").unwrap()..];
    let tag = &tag[..tag.find('>').unwrap()];
    let n = |k: &str| {
        attr(tag, k)
            .unwrap()
            .trim_end_matches("px")
            .parse()
            .unwrap()
    };
    (n("width"), n("height"))
}

/// Every text's box (0.6 em per character, one em high) lies inside the canvas.
fn texts_inside(svg: &str, what: &str) {
    let (w, h) = canvas(svg);
    let ts = texts(svg);
    assert!(!ts.is_empty(), "{what}: no text");
    for t in &ts {
        let len = 0.6 * t.size * t.text.chars().count() as f64;
        let (l, r) = match t.anchor.as_str() {
            "end" => (t.x - len, t.x),
            "middle" => (t.x - len / 2.0, t.x + len / 2.0),
            _ => (t.x, t.x + len),
        };
        let (l, r, top, bottom) = if t.rotated {
            // rotated a quarter turn: the length runs along y
            (t.x - t.size, t.x + t.size, t.y - len / 2.0, t.y + len / 2.0)
        } else {
            (l, r, t.y - t.size, t.y + t.size)
        };
        assert!(
            l >= -1.0 && r <= w + 1.0 && top >= -1.0 && bottom <= h + 1.0,
            "{what}: {:?} at ({}, {}) [{l:.0}..{r:.0} x {top:.0}..{bottom:.0}] leaves the {w}x{h} canvas",
            t.text,
            t.x,
            t.y
        );
    }
}

/// The numbers written as tick labels on the axis whose labels are anchored `anchor`.
fn ticks(svg: &str, anchor: &str) -> Vec<f64> {
    texts(svg)
        .iter()
        .filter(|t| t.anchor == anchor && !t.rotated)
        .filter_map(|t| t.text.parse().ok())
        .collect()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn curves_from_zero_fit_the_data_and_keep_their_texts_inside() {
    let d = common::fresh_dir("figures", "xy");
    let f = d.join("xy.svg");
    let curves = [
        Curve {
            label: "a curve with a long name for its legend".into(),
            points: vec![(0.001, 310.0), (0.01, 320.0), (0.03, 900.0)],
        },
        Curve {
            label: "b".into(),
            points: vec![(0.002, 300.0), (0.02, 400.0)],
        },
    ];
    plot::xy(
        &f,
        "latency",
        "Accepted (flits/cycle/host)",
        "Mean latency (cycles)",
        &curves,
    )
    .unwrap();
    let svg = read(&f);
    texts_inside(&svg, "xy");
    // the y axis (labels anchored at their end) reaches just above 900, not to a fixed scale
    let y = ticks(&svg, "end");
    let top = y.iter().copied().fold(0.0, f64::max);
    assert!((900.0..=1.5 * 900.0).contains(&top), "y ticks {y:?}");
    let x = ticks(&svg, "middle");
    let right = x.iter().copied().fold(0.0, f64::max);
    assert!((0.03..=0.05).contains(&right), "x ticks {x:?}");
}

#[test]
fn curves_with_error_bars_keep_their_texts_inside() {
    let d = common::fresh_dir("figures", "chart");
    let p = |x: f64, y: f64, saturated| ErrPoint {
        x,
        y,
        lo: y * 0.9,
        hi: y * 1.1,
        n: 3,
        saturated,
    };
    let curves = [ErrCurve {
        label: "dor vc_buffer_flits=16 vcs=4 (a long legend entry)".into(),
        points: vec![
            p(0.1, 50.0, false),
            p(0.3, 80.0, false),
            p(0.5, 4000.0, true),
        ],
    }];
    for scale in [YScale::Zero, YScale::Linear, YScale::Log] {
        let f = d.join("chart.svg");
        plot::chart(
            &f,
            "t",
            "Offered (flits/cycle/host)",
            "Mean latency (cycles)",
            &curves,
            scale,
        )
        .unwrap();
        let svg = read(&f);
        texts_inside(&svg, &format!("chart {scale:?}"));
        assert!(
            svg.contains("saturated"),
            "the hollow mark is in the legend"
        );
    }
}

#[test]
fn the_pareto_chart_names_every_design_marks_estimates_and_dashes_its_legend() {
    let d = common::fresh_dir("figures", "pareto");
    let f = d.join("pareto.svg");
    let design = |name: &str, x: f64, y: f64, front: bool, estimated: bool| Design {
        group: if x < 50_000.0 {
            "dor"
        } else {
            "opt-y/straight"
        }
        .into(),
        name: name.into(),
        x,
        y,
        lo: y - 0.01,
        hi: y + 0.01,
        front,
        estimated,
    };
    let ds = [
        design("vc_buffer_flits=2 vcs=1", 12_000.0, 0.10, true, false),
        design("vc_buffer_flits=4 vcs=1", 20_000.0, 0.20, true, false),
        design(
            "vc_buffer_flits=4 vcs=2 (off the front)",
            40_000.0,
            0.15,
            false,
            false,
        ),
        design("vc_buffer_flits=8 vcs=4", 75_000.0, 0.34, true, true),
        design(
            "vc_buffer_flits=16 vcs=4 at the right edge",
            100_000.0,
            0.40,
            true,
            false,
        ),
    ];
    plot::pareto(
        &f,
        "Pareto",
        "Area (transistors)",
        "Saturation throughput",
        &ds,
    )
    .unwrap();
    let svg = read(&f);
    texts_inside(&svg, "pareto");
    let ts = texts(&svg);
    for dsn in &ds {
        assert!(
            ts.iter().any(|t| t.text == dsn.name),
            "{} has no label",
            dsn.name
        );
    }
    // the estimated design is hollow, the others filled; the legend says what hollow means
    assert!(svg.contains("fill=\"none\"") && svg.contains("area estimated"));
    // the front's legend mark is dashed: two short strokes level with its legend text
    let legend = ts
        .iter()
        .find(|t| t.text.starts_with("Pareto front"))
        .expect("a legend entry for the front");
    let strokes = svg
        .split("<polyline")
        .skip(1)
        .filter_map(|p| attr(p, "points"))
        .filter(|pts| {
            let v: Vec<(f64, f64)> = pts
                .split_whitespace()
                .filter_map(|xy| xy.split_once(','))
                .map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap()))
                .collect();
            v.len() == 2
                && v[0].1 == v[1].1
                && (v[0].1 - legend.y).abs() < 12.0
                && v[0].0 < legend.x
                && (v[1].0 - v[0].0).abs() <= 8.0
        })
        .count();
    assert!(
        strokes >= 2,
        "the front's legend mark is not dashed ({strokes} strokes)"
    );
    // the axis starts at 0 or near the data and ends just beyond the largest design
    let x = ticks(&svg, "middle");
    let right = x.iter().copied().fold(0.0, f64::max);
    assert!((100_000.0..=130_000.0).contains(&right), "x ticks {x:?}");
}

#[test]
fn the_heat_map_keeps_its_texts_inside() {
    let d = common::fresh_dir("figures", "heatmap");
    for (kind, name) in [("mesh", "mesh.svg"), ("irregular", "irr.svg")] {
        let f = d.join(name);
        let mut args = vec!["run", "--cycles", "3000", "--heatmap", common::arg(&f)];
        if kind == "mesh" {
            args.extend([
                "--config",
                "configs/booksim-iq.toml",
                "--set",
                "topology.dims=\"4x4\"",
            ]);
        }
        let (ok, _, err) = flitwave(&args);
        assert!(ok, "{err}");
        texts_inside(&read(&f), kind);
    }
}
