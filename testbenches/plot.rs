//! `flitwave plot STORE` (docs/sweeps.md): curves from a result store with the seeds' mean and
//! 95 % interval as error bars, saturated points marked, the y scale chosen from the data —
//! and every bad input it takes.

use crate::common;

use crate::common::{fails_with, flitwave};
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    common::fresh_dir("plot", name)
}

fn s(p: &Path) -> &str {
    common::arg(p)
}

/// 3 seeds x VCs 1,2 on a 4x4 VC mesh with 2-flit buffers, below and beyond saturation.
fn store(d: &Path) -> PathBuf {
    let st = d.join("s.jsonl");
    let (ok, _, err) = flitwave(&[
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
        "0.05,0.6",
        "--grid",
        "switch.vcs=1,2",
        "--seeds",
        "3",
        "--quiet",
        "--store",
        s(&st),
    ]);
    assert!(ok, "{err}");
    st
}

#[test]
fn curves_have_error_bars_and_saturated_points_marked() {
    let d = dir("curves");
    let st = store(&d);
    let svg = d.join("lat.svg");
    let (ok, out, err) = flitwave(&["plot", s(&st), "-o", s(&svg)]);
    assert!(ok, "{err}");
    // one curve per VC count, two points each, every point over 3 seeds
    assert!(out.contains("2 curve(s) by switch.vcs"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("switch.vcs="))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert!(rows.iter().all(|r| r.contains("| 3 |")), "{out}");
    assert!(rows.iter().any(|r| r.contains('±')), "no interval: {out}");
    assert!(
        rows.iter().any(|r| r.ends_with("| yes")),
        "0.6 saturates: {out}"
    );
    assert!(
        rows.iter().any(|r| r.ends_with("| no")),
        "0.05 does not: {out}"
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"), "not an SVG");
    assert!(text.contains("saturated (3x zero-load rule)"));
    // what made it: metadata after the opening tag and a footer line, program and commit
    let made = format!("flitwave {} (commit ", env!("CARGO_PKG_VERSION"));
    let open_end = text.find('>').unwrap();
    assert!(
        text[open_end..].starts_with(&format!(">\n<metadata>{made}")),
        "{}",
        &text[..300.min(text.len())]
    );
    assert!(
        text.contains(&format!("text-anchor=\"end\" font-size=\"10\" fill=\"#888888\" font-family=\"DejaVu Sans, Arial, sans-serif\">{made}")),
        "no footer line"
    );
    assert!(text.contains("switch.vcs=1") && text.contains("switch.vcs=2"));
    // the latencies span less than 20x (about 80 to 1,100 cycles): auto keeps a linear axis
    assert!(
        out.contains("y scale linear") && !text.contains("(log scale)"),
        "{out}"
    );
    // log on request, said on the axis; the same points
    let log = d.join("log.svg");
    let (ok, out2, err) = flitwave(&["plot", s(&st), "--y-scale", "log", "-o", s(&log)]);
    assert!(ok, "{err}");
    assert!(out2.contains("y scale log"));
    assert!(std::fs::read_to_string(&log)
        .unwrap()
        .contains("(log scale)"));
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        out2.lines().skip(1).collect::<Vec<_>>()
    );
    // an independent x: accepted traffic against the VC count, one curve per rate
    let (ok, out3, err) = flitwave(&[
        "plot",
        s(&st),
        "--x",
        "switch.vcs",
        "--y",
        "accepted_flits_per_cycle_per_host",
        "-o",
        s(&d.join("vcs.svg")),
    ]);
    assert!(ok, "{err}");
    assert!(out3.contains("2 curve(s) by rate"), "{out3}");
}

#[test]
fn bad_plot_input_is_refused_and_nothing_is_overwritten() {
    let d = dir("bad");
    let st = store(&d);
    let svg = d.join("keep.svg");
    std::fs::write(&svg, "mine").unwrap();
    let keep = || assert_eq!(std::fs::read_to_string(&svg).unwrap(), "mine");
    fails_with(
        &["plot", s(&st), "--y", "nope", "-o", s(&svg)],
        &["--y", "nope", "known:", "latency.ns"],
    );
    keep();
    fails_with(
        &["plot", s(&st), "--x", "bogus.key", "-o", s(&svg)],
        &["--x", "bogus.key"],
    );
    fails_with(
        &["plot", s(&st), "--by", "nothing", "-o", s(&svg)],
        &["--by", "nothing"],
    );
    // two points of one curve at the same x
    fails_with(
        &[
            "plot",
            s(&st),
            "--x",
            "switch.vcs",
            "--y",
            "latency.ns",
            "--by",
            "routing",
            "-o",
            s(&svg),
        ],
        &["--by", "differ in rate", "add it to --by"],
    );
    // text values belong in --by
    fails_with(
        &["plot", s(&st), "--x", "routing", "-o", s(&svg)],
        &["--x", "not a number"],
    );
    // search keys need a --search sweep
    fails_with(
        &[
            "plot",
            s(&st),
            "--x",
            "switch.vcs",
            "--y",
            "search.max_unsaturated_rate",
            "-o",
            s(&svg),
        ],
        &["no saturation-search records", "--search"],
    );
    // log of values that reach 0
    fails_with(
        &[
            "plot",
            s(&st),
            "--x",
            "rate",
            "--y",
            "buffer_overflows",
            "--y-scale",
            "log",
            "-o",
            s(&svg),
        ],
        &["--y-scale", "log needs positive values"],
    );
    keep();
    fails_with(
        &["plot", s(&st), "-o", s(&d.join("p.png"))],
        &["--output", "SVG"],
    );
    fails_with(
        &["plot", s(&d.join("missing.jsonl")), "-o", s(&svg)],
        &["cannot read store", "missing.jsonl"],
    );
    let empty = d.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    fails_with(&["plot", s(&empty), "-o", s(&svg)], &["no records"]);
    let junk = d.join("junk.jsonl");
    std::fs::write(&junk, "{\"not\": \"a record\"}\n").unwrap();
    fails_with(
        &["plot", s(&junk), "-o", s(&svg)],
        &["line 1", "not a flitwave store record"],
    );
    fails_with(
        &["plot", s(&st), "--y-scale", "cubic", "-o", s(&svg)],
        &["cubic"],
    );
    keep();
}

/// A figure drawn from 0 (the papers' curves, `plot::xy`) ends just above its data: accepted
/// traffic below 0.04 is not drawn on a 0-1 axis (seed 002's Figure 4 was).
#[test]
fn a_figure_from_zero_fits_its_axis_to_the_data() {
    use flitwave::experiment::plot::{xy, Curve};
    let d = dir("fit");
    let f = d.join("small.svg");
    let c = Curve {
        label: "a".into(),
        points: vec![(0.01, 0.01), (0.04, 0.036), (0.12, 0.032)],
    };
    xy(&f, "t", "offered", "accepted", &[c]).unwrap();
    let svg = std::fs::read_to_string(&f).unwrap();
    let labels: Vec<f64> = svg
        .split("</text>")
        .filter_map(|t| t.rsplit('>').next()?.trim().parse::<f64>().ok())
        .collect();
    let top = labels.iter().copied().fold(0.0, f64::max);
    assert!(
        top <= 0.13,
        "an axis label at {top}: the axes should end near the data ({labels:?})"
    );
    assert!(labels.iter().any(|&l| l > 0.0 && l <= 0.04), "{labels:?}");
}
