//! Sweeps that scale out (docs/sweeps.md): seeds with confidence intervals, grids over any key,
//! the result store (append, resume, truncated lines), shards and merge, knee refinement, CSV
//! — and every bad input they take. The Slurm scripts run on a real Slurm in `slurm::`.

use crate::common;

use crate::common::{fails_with, flitwave};
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    common::fresh_dir("sweeps", name)
}

fn s(p: &Path) -> &str {
    common::arg(p)
}

/// The grid at tiny scale: 3 seeds x VCs 1,2 x buffer depth 4,8 on a 4x4 VC mesh.
const GRID: &[&str] = &[
    "sweep",
    "--config",
    "configs/booksim-iq.toml",
    "--set",
    "topology.dims=\"4x4\"",
    "--cycles",
    "2000",
    "--rates",
    "0.1,0.3",
    "--grid",
    "switch.vcs=1,2",
    "--grid",
    "switch.vc_buffer_flits=4,8",
    "--seeds",
    "3",
    "--quiet",
];

/// Run `base` + `more`; panics with stderr on failure; returns (stdout, stderr).
fn ok(base: &[&str], more: &[&str]) -> (String, String) {
    let args = [base, more].concat();
    let (good, out, err) = flitwave(&args);
    assert!(good, "{args:?}: {err}");
    (out, err)
}

fn cat<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<&'a str> {
    [a, b].concat()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

#[test]
fn four_shards_merge_to_the_unsharded_store() {
    let d = dir("shards");
    let (one, two) = (d.join("t1.jsonl"), d.join("t2.jsonl"));
    ok(GRID, &["--threads", "1", "--store", s(&one)]);
    ok(GRID, &["--threads", "2", "--store", s(&two)]);
    let whole = read(&one);
    assert_eq!(
        whole,
        read(&two),
        "the store differs between 1 and 2 threads"
    );
    assert_eq!(
        whole.lines().count(),
        4 * 3 * 2,
        "4 grid points x 3 seeds x 2 rates"
    );
    let mut shards = vec![];
    for i in 1..=4 {
        let p = d.join(format!("shard-{i}.jsonl"));
        ok(
            GRID,
            &[
                "--shard",
                &format!("{i}/4"),
                "--store",
                s(&p),
                "--threads",
                "1",
            ],
        );
        assert_eq!(
            read(&p).lines().count(),
            6,
            "round-robin: 24 points / 4 shards"
        );
        shards.push(p);
    }
    let merged = d.join("merged.jsonl");
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(|p| s(p)));
    args.extend(["-o", s(&merged)]);
    ok(&args, &[]);
    assert_eq!(
        read(&merged),
        whole,
        "merged shards differ from the unsharded store"
    );
    // the store of a finished sweep is already canonical: merging it alone changes nothing
    let canon = d.join("canon.jsonl");
    ok(&["merge", s(&one), "-o", s(&canon)], &[]);
    assert_eq!(read(&canon), whole);
    // overlapping shards with equal results merge to the same
    ok(&["merge", s(&one), s(&shards[0]), "-o", s(&canon)], &[]);
    assert_eq!(read(&canon), whole);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn store_records_are_self_contained() {
    let d = dir("records");
    let st = d.join("s.jsonl");
    ok(GRID, &["--store", s(&st)]);
    for line in read(&st).lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["kind"], "point");
        assert_eq!(r["routing"], "dor");
        let (vcs, buf) = (
            &r["grid"]["switch.vcs"],
            &r["grid"]["switch.vc_buffer_flits"],
        );
        assert!(vcs.is_i64() && buf.is_i64(), "{r}");
        assert_eq!(&r["config"]["switch"]["vcs"], vcs);
        assert_eq!(&r["config"]["switch"]["vc_buffer_flits"], buf);
        assert_eq!(r["config"]["seed"], r["seed"]);
        assert_eq!(r["config"]["traffic"]["rate"], r["rate"]);
        assert!((1..=3).contains(&r["seed"].as_u64().unwrap()));
        assert_eq!(r["saturated"], r["summary"]["saturated"]);
        assert!(r["summary"]["accepted_flits_per_ns_per_switch"].is_number());
        assert_eq!(r["base_hash"].as_str().unwrap().len(), 16);
        assert_eq!(r["config_hash"].as_str().unwrap().len(), 16);
        assert!(r["flitwave"]["version"].is_string());
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn seeds_give_mean_and_interval_the_same_at_1_and_2_threads() {
    let one_seed = [
        "run",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.dims=\"4x4\"",
        "--cycles",
        "2000",
    ];
    let three = cat(&one_seed, &["--seeds", "3"]);
    let run = cat(&three, &["--json"]);
    let (a, _) = ok(&run, &["--threads", "1"]);
    let (b, _) = ok(&run, &["--threads", "2"]);
    assert_eq!(a, b, "run --seeds differs between 1 and 2 threads");
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3);
    assert_eq!(v["seeds"], serde_json::json!([1, 2, 3]));
    let lat: Vec<f64> = runs
        .iter()
        .map(|r| r["summary"]["latency"]["ns"].as_f64().unwrap())
        .collect();
    let agg = &v["aggregate"]["latency"]["ns"];
    let mean = lat.iter().sum::<f64>() / 3.0;
    assert!((agg["mean"].as_f64().unwrap() - mean).abs() < 1e-9, "{agg}");
    assert!(
        lat.iter().any(|&x| x != lat[0]),
        "seeds should differ: {lat:?}"
    );
    let sd = (lat.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 2.0).sqrt();
    let hw = 4.302652730 * sd / 3f64.sqrt();
    assert!(
        (agg["ci95"].as_f64().unwrap() - hw).abs() < 1e-9,
        "{agg} vs {hw}"
    );
    assert_eq!(agg["n"], 3);
    // the family's own section is covered without naming it
    assert!(
        v["aggregate"]["vc"]["vc0_share"]["mean"].is_number(),
        "{}",
        v["aggregate"]
    );
    // the busiest links are other links in every seed: not averaged rank by rank
    assert!(v["aggregate"]["links"]["busiest"].is_null());
    assert!(v["aggregate"]["links"]["switch_links"]["max_utilisation"]["mean"].is_number());
    // the text: the single run's layout, each figure mean ± half-width, units first
    let (text, _) = ok(&three, &[]);
    assert!(text.contains("seeds 1..=3"), "{text}");
    let line = |head: &str| {
        text.lines()
            .find(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no {head:?} line in {text}"))
            .to_string()
    };
    let acc = line("accepted ");
    assert!(
        acc.contains(" ± ") && acc.contains("flits/cycle/host ("),
        "{acc}"
    );
    let lat = line("mean latency ");
    assert!(
        lat.contains(" ± ") && lat.contains(" cycles (") && lat.ends_with(" ns)"),
        "{lat}"
    );
    assert!(line("saturated ").contains("of 3 seeds"));
    assert!(line("deadlock ").contains("none detected in any seed"));
    assert!(
        !text.contains("busiest") && !text.contains("latency.ns"),
        "{text}"
    );
    assert!(text.lines().count() < 25, "{text}");
    // one seed: no interval
    let (one, _) = ok(&one_seed, &[]);
    assert!(!one.contains('±'), "{one}");
    // sweep: the same at 1 and 2 threads, aggregates beside the seeds' sweeps
    let (a, _) = ok(GRID, &["--threads", "1", "--json", "-"]);
    let (b, _) = ok(GRID, &["--threads", "2", "--json", "-"]);
    assert_eq!(a, b, "sweep --seeds differs between 1 and 2 threads");
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["sweeps"].as_array().unwrap().len(), 12);
    let ag = &v["aggregates"][0];
    assert_eq!(ag["seeds"], serde_json::json!([1, 2, 3]));
    assert_eq!(ag["points"][0]["n"], 3);
    assert!(ag["result"]["throughput_flits_per_ns_per_switch"]["ci95"].is_number());
    let (text, _) = ok(GRID, &[]);
    assert!(text.contains("[switch.vcs=2 switch.vc_buffer_flits=8]") && text.contains(" ± "));
}

#[test]
fn resume_runs_only_missing_points_and_drops_a_truncated_line() {
    let d = dir("resume");
    let st = d.join("s.jsonl");
    ok(GRID, &["--store", s(&st)]);
    let whole = read(&st);
    let (_, err) = ok(GRID, &["--store", s(&st), "--resume"]);
    assert!(err.contains("0 point(s) run now, 24 found"), "{err}");
    assert_eq!(read(&st), whole);
    // a killed run: the last line cut in the middle, and two lines missing
    let lines: Vec<&str> = whole.lines().collect();
    let mut cut = lines[..21].join("\n") + "\n";
    cut += &lines[21][..lines[21].len() / 2];
    std::fs::write(&st, &cut).unwrap();
    let (_, err) = ok(GRID, &["--store", s(&st), "--resume"]);
    assert!(err.contains("dropped a truncated last line"), "{err}");
    assert!(err.contains("3 point(s) run now, 21 found"), "{err}");
    assert_eq!(
        read(&st),
        whole,
        "the resumed store differs from the uninterrupted one"
    );
    // merge refuses a truncated store instead of merging part of it
    std::fs::write(&st, &cut).unwrap();
    let out = d.join("out.jsonl");
    fails_with(
        &["merge", s(&st), "-o", s(&out)],
        &["truncated last line", "--resume"],
    );
    assert!(!out.exists());
    // a corrupt line in the middle is an error naming it, not dropped
    std::fs::write(&st, format!("{}\nnot json\n{}\n", lines[0], lines[1])).unwrap();
    fails_with(
        &[GRID, &["--store", s(&st), "--resume"]].concat(),
        &["line 2", "not a flitwave store record"],
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn refine_adds_evenly_spaced_rates_in_the_knee_of_each_curve() {
    let d = dir("refine");
    let base = [
        "sweep",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.dims=\"4x4\"",
        "--cycles",
        "2000",
        "--rates",
        "0.1,0.9",
        "--refine",
        "3",
        "--grid",
        "switch.vcs=1,2",
        "--quiet",
    ];
    let st = d.join("r.jsonl");
    let csv = d.join("r.csv");
    ok(&base, &["--store", s(&st), "--csv", s(&csv)]);
    let rates: Vec<f64> = read(&st)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["rate"]
                .as_f64()
                .unwrap()
        })
        .collect();
    assert_eq!(rates, [0.1, 0.3, 0.5, 0.7, 0.9, 0.1, 0.3, 0.5, 0.7, 0.9]);
    let text = read(&csv);
    let header = text.lines().nth(1).unwrap();
    assert!(header.starts_with("routing,switch.vcs,seed,rate_flits_per_cycle_per_host,"));
    assert!(text.contains("\ndor,2,1,0.7,"), "{text}");
    // shards of a refined sweep hold whole curves; merged they are the unsharded store
    let (a, b, m) = (d.join("a.jsonl"), d.join("b.jsonl"), d.join("m.jsonl"));
    ok(&base, &["--store", s(&a), "--shard", "1/2"]);
    ok(&base, &["--store", s(&b), "--shard", "2/2"]);
    ok(&["merge", s(&a), s(&b), "-o", s(&m)], &[]);
    assert_eq!(read(&m), read(&st));
    // a curve without a knee is reported
    let no_knee = [
        &base[..7],
        &["--rates", "0.01,0.02", "--refine", "2", "--quiet"],
    ]
    .concat();
    let (_, err) = ok(&no_knee, &[]);
    assert!(err.contains("no knee"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn search_per_grid_point_is_stored_and_resumed() {
    let d = dir("search");
    let base = [
        "sweep",
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "topology.dims=\"4x4\"",
        "--cycles",
        "2000",
        "--search",
        "--grid",
        "switch.vcs=1,2",
        "--seeds",
        "2",
        "--quiet",
    ];
    let st = d.join("q.jsonl");
    let (text, _) = ok(&base, &["--store", s(&st)]);
    assert!(
        text.contains("saturation search: highest unsaturated rate"),
        "{text}"
    );
    let searches: Vec<serde_json::Value> = read(&st)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["kind"] == "search")
        .collect();
    assert_eq!(searches.len(), 4, "one search per grid point and seed");
    for r in &searches {
        assert!(
            r["search"]["max_unsaturated_rate"].as_f64().unwrap() > 0.0,
            "{r}"
        );
        assert_eq!(r["config"]["traffic"]["rate"], 0.0);
    }
    let (_, err) = ok(&base, &["--store", s(&st), "--resume"]);
    assert!(err.contains("0 point(s) run now"), "{err}");
    let (a, b, m) = (d.join("a.jsonl"), d.join("b.jsonl"), d.join("m.jsonl"));
    ok(&base, &["--store", s(&a), "--shard", "1/2"]);
    ok(&base, &["--store", s(&b), "--shard", "2/2"]);
    ok(&["merge", s(&a), s(&b), "-o", s(&m)], &[]);
    assert_eq!(read(&m), read(&st));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn csv_has_routing_and_grid_columns_and_no_float_artifacts() {
    let d = dir("csv");
    let csv = d.join("s.csv");
    ok(
        &[
            "sweep",
            "--cycles",
            "3000",
            "--set",
            "topology.switches=8",
            "--max-rate",
            "0.15",
            "--points",
            "3",
            "--grid",
            "traffic.pattern=uniform,bit-reversal",
            "--quiet",
            "--csv",
            s(&csv),
        ],
        &[],
    );
    let text = read(&csv);
    let mut rows = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(text.as_bytes());
    let header = rows.headers().unwrap().clone();
    assert_eq!(&header[0], "routing");
    assert_eq!(&header[1], "traffic.pattern");
    let recs: Vec<csv::StringRecord> = rows.records().map(|r| r.unwrap()).collect();
    assert_eq!(recs.len(), 6);
    let rates: Vec<&str> = recs.iter().map(|r| &r[3]).collect();
    assert_eq!(rates, ["0.05", "0.1", "0.15", "0.05", "0.1", "0.15"]);
    assert_eq!(&recs[4][1], "bit-reversal");
    assert!(
        !text.contains("99999") && !text.contains("00000000"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_sweep_inputs_are_clear_errors() {
    let tiny = ["sweep", "--cycles", "2000", "--rates", "0.05", "--quiet"];
    fails_with(
        &cat(&tiny, &["--grid", "switch.vcs"]),
        &["--grid", "KEY=v1,v2"],
    );
    fails_with(
        &cat(&tiny, &["--grid", "switch.vcs=1,,2"]),
        &["--grid", "empty value"],
    );
    fails_with(&cat(&tiny, &["--grid", "=1,2"]), &["--grid", "empty key"]);
    fails_with(
        &cat(&tiny, &["--grid", "switch.vcs=1", "--grid", "switch.vcs=2"]),
        &["two axes"],
    );
    // an unknown key or a bad value: --set's own error, naming the axis
    fails_with(
        &cat(&tiny, &["--grid", "switch.vcz=1,2"]),
        &["--grid switch.vcz=1,2", "vcz", "expected one of"],
    );
    fails_with(
        &cat(&tiny, &["--grid", "traffic.rate=0.1,7"]),
        &[
            "--grid traffic.rate=0.1,7",
            "value 7",
            "traffic.rate",
            "0..=1",
        ],
    );
    for bad in ["0/4", "5/4", "1/0", "x/2", "2"] {
        fails_with(&cat(&tiny, &["--shard", bad]), &["--shard", "1 <= i <= n"]);
    }
    fails_with(&cat(&tiny, &["--seeds", "0"]), &["--seeds", "1..=10000"]);
    fails_with(&["run", "--seeds", "0"], &["--seeds", "1..=10000"]);
    fails_with(
        &["run", "--seeds", "3", "--seed", "18446744073709551615"],
        &["--seeds", "smaller --seed"],
    );
    fails_with(
        &["run", "--seeds", "2", "--vcd", "x.vcd"],
        &["--vcd", "--seeds 2"],
    );
    fails_with(&cat(&tiny, &["--refine", "1000"]), &["--refine", "0..=100"]);
    fails_with(
        &["sweep", "--search", "--refine", "2", "--quiet"],
        &["--refine", "--search"],
    );
    fails_with(&cat(&tiny, &["--resume"]), &["--resume", "--store"]);
    let d = dir("bad");
    let st = d.join("s.jsonl");
    ok(&cat(&tiny, &["--store", s(&st)]), &[]);
    let before = read(&st);
    // an existing store is not overwritten without --resume
    fails_with(&cat(&tiny, &["--store", s(&st)]), &["exists", "--resume"]);
    // a store of another base configuration
    fails_with(
        &cat(
            &tiny,
            &[
                "--store",
                s(&st),
                "--resume",
                "--set",
                "topology.switches=8",
            ],
        ),
        &["--resume", "another base configuration"],
    );
    assert_eq!(read(&st), before);
    // merge: conflicts, foreign bases, missing files; OUT stays as it was
    let out = d.join("out.jsonl");
    std::fs::write(&out, "keep me\n").unwrap();
    let other = d.join("o.jsonl");
    ok(
        &cat(
            &tiny,
            &["--store", s(&other), "--set", "topology.switches=8"],
        ),
        &[],
    );
    fails_with(
        &["merge", s(&st), s(&other), "-o", s(&out)],
        &["different base configurations", "s.jsonl", "o.jsonl"],
    );
    let liar = d.join("liar.jsonl");
    std::fs::write(
        &liar,
        before.replace("\"measured_packets\":", "\"measured_packets\":1"),
    )
    .unwrap();
    fails_with(
        &["merge", s(&st), s(&liar), "-o", s(&out)],
        &["disagree", "rate 0.05", "seed 1"],
    );
    fails_with(
        &["merge", s(&st), s(&d.join("none.jsonl")), "-o", s(&out)],
        &["cannot read store", "none.jsonl"],
    );
    assert_eq!(read(&out), "keep me\n");
    let _ = std::fs::remove_dir_all(&d);
}
