//! What a plot says in words and how it spends its height: axes named with their units from
//! one table (`experiment::quantity`), curves named by what differs between them, latency from
//! 0, and saturated points far above the rest clipped at the top edge with their true value
//! written, so the curve below saturation keeps the plot's height (`plot_axes`).

use crate::common::{self, flitwave};
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    common::arg(p)
}

/// The texts of an SVG: (y, text-anchor, content).
fn texts(svg: &str) -> Vec<(f64, String, String)> {
    let mut out = vec![];
    for part in svg.split("<text").skip(1) {
        let tag = &part[..part.find('>').unwrap()];
        let body = part[tag.len() + 1..part.find("</text>").unwrap()].trim();
        let attr = |k: &str| {
            let key = format!(" {k}=\"");
            tag.find(&key).map(|i| {
                let v = &tag[i + key.len()..];
                v[..v.find('"').unwrap()].to_string()
            })
        };
        let y = attr("y").and_then(|v| v.parse().ok()).unwrap_or(0.0);
        out.push((y, attr("text-anchor").unwrap_or_default(), body.to_string()));
    }
    out
}

/// The y axis's tick labels: (pixel y, value), top to bottom.
fn y_ticks(svg: &str) -> Vec<(f64, f64)> {
    let mut t: Vec<(f64, f64)> = texts(svg)
        .into_iter()
        .filter(|(_, a, _)| a == "end")
        .filter_map(|(y, _, b)| Some((y, b.parse().ok()?)))
        .collect();
    t.sort_by(|a, b| a.0.total_cmp(&b.0));
    t
}

/// A 4x4 VC mesh with 2-flit buffers, 2000 cycles, at `rates`, one curve per routing.
fn sweep(rates: &str, routings: &str, out: &[&str]) -> String {
    let mut args = vec![
        "sweep",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.dims=\"4x4\"",
        "--set",
        "switch.vc_buffer_flits=2",
        "--cycles",
        "2000",
        "--rates",
        rates,
        "--routings",
        routings,
    ];
    args.extend(out);
    let (ok, text, err) = flitwave(&args);
    assert!(ok, "{err}");
    text
}

fn store(d: &Path, name: &str, routings: &str) -> PathBuf {
    let st = d.join(name);
    sweep("0.05,0.1", routings, &["--quiet", "--store", s(&st)]);
    st
}

#[test]
fn a_store_plot_names_its_axes_and_curves_in_words_and_draws_latency_from_zero() {
    let d = common::fresh_dir("plot_labels", "store");
    let two = store(&d, "two.jsonl", "dor,opt-y");
    let svg = d.join("two.svg");
    let (ok, _, err) = flitwave(&["plot", s(&two), "-o", s(&svg)]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let bodies: Vec<String> = texts(&text).into_iter().map(|t| t.2).collect();
    for want in [
        "accepted traffic (flits/cycle/host)",
        "mean latency (cycles)",
        "dor",
        "opt-y",
    ] {
        assert!(
            bodies.iter().any(|b| b == want),
            "no text {want:?}: {bodies:?}"
        );
    }
    assert!(
        !bodies
            .iter()
            .any(|b| b.contains("latency.cycles") || b.contains("routing=")),
        "raw keys in the picture: {bodies:?}"
    );
    // latencies of about 80 to 110 cycles, drawn from 0 rather than from the lowest
    let ticks = y_ticks(&text);
    assert_eq!(ticks.last().map(|t| t.1), Some(0.0), "y ticks {ticks:?}");
    assert!(text.contains("<metadata>flitwave "), "no provenance");
    // one routing alone: the curve is named by it, not by the plotted key
    let one = store(&d, "one.jsonl", "dor");
    let svg1 = d.join("one.svg");
    let (ok, out, err) = flitwave(&["plot", s(&one), "-o", s(&svg1)]);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l.starts_with("dor | ")), "{out}");
    let bodies: Vec<String> = texts(&std::fs::read_to_string(&svg1).unwrap())
        .into_iter()
        .map(|t| t.2)
        .collect();
    assert!(bodies.iter().any(|b| b == "dor"), "{bodies:?}");
    assert!(
        !bodies.iter().any(|b| b.contains("latency.cycles")),
        "{bodies:?}"
    );
}

#[test]
fn a_far_saturated_point_is_clipped_and_the_low_load_curve_keeps_the_height() {
    let d = common::fresh_dir("plot_labels", "clip");
    let svg = d.join("sweep.svg");
    // 0.6 flits/cycle/host saturates at several times the zero-load latency
    let out = sweep("0.05,0.1,0.6", "dor", &["--plot", s(&svg)]);
    let lat = |rate: &str| -> f64 {
        let row = out
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|w| w.first() == Some(&rate))
            .unwrap_or_else(|| panic!("no row for {rate}: {out}"));
        row[2].parse().unwrap()
    };
    let (low, high) = (lat("0.1"), lat("0.6"));
    assert!(high > 4.0 * low, "0.6 should saturate far above 0.1: {out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    // the y axis: 0 at the bottom, pixels per cycle from the tick labels
    let ticks = y_ticks(&text);
    let (bottom, top) = (ticks[ticks.len() - 1], ticks[0]);
    assert_eq!(bottom.1, 0.0, "y ticks {ticks:?}");
    let px = |v: f64| bottom.0 + (v - bottom.1) * (top.0 - bottom.0) / (top.1 - bottom.1);
    // the sustained points (filled dots): the highest stands in the upper half of the axis
    let dots: Vec<f64> = text
        .split("<circle")
        .skip(1)
        .filter(|c| c.contains(" r=\"3\""))
        .filter_map(|c| {
            let i = c.find(" cy=\"")? + 5;
            c[i..i + c[i..].find('"')?].parse().ok()
        })
        .collect();
    assert!(dots.len() >= 2, "{dots:?}");
    let highest = dots.iter().copied().fold(f64::INFINITY, f64::min);
    let share = (bottom.0 - highest) / (bottom.0 - px(top.1));
    assert!(
        share >= 0.5,
        "the low-load curve reaches {:.0} % of the axis (ticks {ticks:?}, dots {dots:?})",
        100.0 * share
    );
    // the saturated point: its true latency written, and the legend says what the marks mean
    let written = texts(&text)
        .into_iter()
        .filter_map(|t| t.2.parse::<f64>().ok())
        .any(|v| (v - high).abs() <= 0.01 * high);
    assert!(
        written,
        "the latency {high} of the clipped point is not written"
    );
    assert!(text.contains("saturated (3x zero-load rule)"));
    assert!(text.contains("off the axis"));
    assert!(text.contains("<metadata>flitwave "), "no provenance");
}
