//! `flitwave explore` (docs/explore.md): designs of saturation-search stores paired with their
//! router area from the twins' synthesis reports, the Pareto front drawn and listed — and the
//! bad input it takes.

use crate::common;

use crate::common::{fails_with, flitwave};
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    common::fresh_dir("explore", name)
}

fn s(p: &Path) -> &str {
    common::arg(p)
}

/// A sweep of the 4x4 mesh preset into `store`, 2 seeds unless `extra` says; its report.
fn sweep(store: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "sweep",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.dims=\"4x4\"",
        "--cycles",
        "2000",
        "--quiet",
        "--store",
        s(store),
    ];
    if !extra.contains(&"--seeds") {
        args.extend(["--seeds", "2"]);
    }
    args.extend(extra);
    let (ok, out, err) = flitwave(&args);
    assert!(ok, "{err}");
    out
}

#[test]
fn designs_get_their_area_and_the_front_is_marked() {
    let d = dir("front");
    let st = d.join("s.jsonl");
    sweep(
        &st,
        &[
            "--search",
            "--grid",
            "switch.vcs=1,2",
            "--grid",
            "switch.vc_buffer_flits=2,8",
        ],
    );
    let (svg, md) = (d.join("p.svg"), d.join("p.md"));
    let (ok, out, err) = flitwave(&["explore", s(&st), "-o", s(&svg), "--md", s(&md)]);
    assert!(ok, "{err}");
    assert!(out.starts_with("4 design(s)"), "{out}");
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("| dor")).collect();
    assert_eq!(rows.len(), 4, "{out}");
    // the smallest design is always on the front; areas grow with VCs and depth
    let area = |r: &str| -> f64 {
        r.split('|')
            .nth(7)
            .unwrap()
            .trim()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let find = |k: &str| *rows.iter().find(|r| r.contains(k)).unwrap();
    let small = find("vc_buffer_flits=2 vcs=1");
    assert!(small.contains("| yes |"), "{small}");
    assert!(area(small) < area(find("vc_buffer_flits=8 vcs=1")));
    assert!(area(find("vc_buffer_flits=8 vcs=1")) < area(find("vc_buffer_flits=8 vcs=2")));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("Pareto front (area, throughput)"));
    let report = std::fs::read_to_string(&md).unwrap();
    assert!(report.contains("flitwave explore") && report.contains("commit"));
    assert!(report.contains("![Pareto front](p.svg)"));
}

#[test]
fn bad_explore_input_is_refused() {
    let d = dir("bad");
    let pts = d.join("points.jsonl");
    sweep(&pts, &["--rates", "0.05"]);
    let svg = d.join("p.svg");
    fails_with(
        &["explore", s(&pts), "-o", s(&svg)],
        &["saturation searches", "--search"],
    );
    assert!(!svg.exists());
    let st = d.join("s.jsonl");
    sweep(&st, &["--search"]);
    fails_with(
        &["explore", s(&st), "-o", s(&d.join("p.png"))],
        &["--output", "SVG"],
    );
    fails_with(
        &["explore", s(&st), "--latency-rate", "0.3333", "-o", s(&svg)],
        &["--latency-rate", "no point at rate 0.3333"],
    );
    fails_with(
        &["explore", s(&st), "--latency-rate=-1", "-o", s(&svg)],
        &["--latency-rate", "not a positive load"],
    );
    fails_with(
        &["explore", s(&d.join("none.jsonl")), "-o", s(&svg)],
        &["cannot read store"],
    );
    // a family without an area model
    let vct = d.join("vct.jsonl");
    let (ok, _, err) = flitwave(&[
        "sweep",
        "--family",
        "vct",
        "--set",
        "topology.kind=\"mesh\"",
        "--set",
        "topology.dims=\"4x4\"",
        "--routing",
        "dor",
        "--cycles",
        "2000",
        "--search",
        "--quiet",
        "--store",
        s(&vct),
    ]);
    assert!(ok, "{err}");
    fails_with(
        &["explore", s(&vct), "-o", s(&svg)],
        &["switch.family", "vc family"],
    );
    assert!(!svg.exists());
}

#[test]
fn sweep_and_explore_give_one_saturation_throughput_for_one_store() {
    // the same store read by both: each design's saturation throughput by the 3x zero-load
    // rule, mean and interval over the seeds, is printed alike; the highest accepted traffic
    // (higher past saturation) is named as such beside it
    let d = dir("one_figure");
    let st = d.join("s.jsonl");
    let out = sweep(
        &st,
        &["--seeds", "3", "--search", "--grid", "switch.vcs=1,2"],
    );
    let rule = "saturation throughput, 3x zero-load rule: ";
    let by_sweep: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix(rule)?.split(" flits").next())
        .collect();
    assert_eq!(by_sweep.len(), 2, "{out}");
    let (ok, table, err) = flitwave(&["explore", s(&st), "-o", s(&d.join("p.svg"))]);
    assert!(ok, "{err}");
    let head = table.lines().find(|l| l.starts_with("| design")).unwrap();
    let cols: Vec<&str> = head.split('|').map(str::trim).collect();
    let at = |name: &str| cols.iter().position(|c| c.starts_with(name)).unwrap();
    let (sat, peak) = (
        at("saturation throughput, 3x zero-load rule"),
        at("highest accepted"),
    );
    for (design, figure) in ["dor vcs=1", "dor vcs=2"].iter().zip(&by_sweep) {
        let row: Vec<&str> = table
            .lines()
            .find(|l| l.starts_with(&format!("| {design} |")))
            .unwrap()
            .split('|')
            .map(str::trim)
            .collect();
        assert_eq!(
            row[sat], *figure,
            "{design}: sweep {figure}, explore\n{table}"
        );
        let mean = |c: &str| c.split(' ').next().unwrap().parse::<f64>().unwrap();
        assert!(mean(row[peak]) >= mean(row[sat]), "{table}");
    }
}
