//! CLI testbench for the Fat-trees paper's groundwork: the fat-tree register dump and link
//! loads of `flitwave routes`, `flitwave trace generate | stats` and their errors, and the new
//! patterns on a run. (The fat-tree bad combinations are in cli.rs.)

use crate::common::{fails_with, flitwave};

/// The Fat-trees paper's §4.1 / Figure 3: the FIR register dump and the per-stage link loads of the 2-ary
/// 3-tree, and balanced stages for other trees and for adaptive IR.
#[test]
fn fat_tree_routes_dump_the_registers_and_link_loads() {
    let args = [
        "routes",
        "--topology",
        "fattree",
        "--k",
        "2",
        "--n",
        "3",
        "--routing",
        "fir-det",
        "--registers",
    ];
    let (ok, out, err) = flitwave(&args);
    assert!(ok, "{err}");
    for line in [
        "FIR registers of the 2-ary 3-tree",
        "     0     0       00    2 up    0 (000)  0 (000)  001  0011  2 4 6",
        "     5     1       01    3 up    2 (010)  2 (010)  010  0011  6 7",
        "     8     2       00    1 down  4 (100)  7 (111)  111  0000  4 5 6 7",
        "    0         6        6         6         6",
        "    1         4        4         4         4",
        "deadlock check: acyclic",
    ] {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }
    let mut j = args.to_vec();
    j.push("--json");
    let (ok, out, err) = flitwave(&j);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let regs = v["registers"].as_array().unwrap();
    assert_eq!(regs.len(), 48);
    for r in regs {
        let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["fi", "li", "mr", "port", "rrr", "stage", "switch"],
            "exactly these keys"
        );
        let (stage, port) = (r["stage"].as_u64().unwrap(), r["port"].as_u64().unwrap());
        let (mr, rrr) = (r["mr"].as_u64().unwrap(), r["rrr"].as_u64().unwrap());
        if port < 2 {
            assert_eq!((mr, rrr), (0b111, 0), "{r}");
        } else if stage < 2 {
            assert_eq!(mr, [0b001, 0b010][stage as usize], "{r}");
            assert_eq!(rrr, 0b0011, "{r}");
        }
    }
    assert_eq!(
        v["link_paths_per_stage"],
        serde_json::json!([
            {"stage": 0, "up_min": 6, "up_max": 6, "down_min": 6, "down_max": 6},
            {"stage": 1, "up_min": 4, "up_max": 4, "down_min": 4, "down_max": 4}
        ])
    );
    assert_eq!(v["avg_hops"]["uniform"], v["minimal_avg_hops"]["uniform"]);
    assert_eq!(v["deadlock_free"], true);
    for (k, n) in [("2", "5"), ("4", "2"), ("4", "3"), ("8", "2")] {
        for routing in ["fir-det", "ir-adaptive"] {
            let (ok, out, err) = flitwave(&[
                "routes",
                "--topology",
                "fattree",
                "--k",
                k,
                "--n",
                n,
                "--routing",
                routing,
                "--json",
            ]);
            assert!(ok, "{err}");
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            let stages = v["link_paths_per_stage"].as_array().unwrap();
            assert_eq!(stages.len(), n.parse::<usize>().unwrap() - 1);
            for s in stages {
                assert_eq!(s["up_min"], s["up_max"], "{k}-ary {n}-tree {routing}: {s}");
                assert_eq!(s["down_min"], s["down_max"]);
                assert_eq!(s["up_min"], s["down_min"]);
            }
            let allowed = if routing == "fir-det" {
                1
            } else {
                k.parse().unwrap()
            };
            assert_eq!(v["max_allowed_ports"], allowed);
        }
    }
}

#[test]
fn trace_generate_and_stats() {
    let dir = std::env::temp_dir().join("flitwave_cli_trace");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("cello-like.trace");
    let gen = |path: &std::path::Path| {
        flitwave(&[
            "trace",
            "generate",
            "--seed",
            "1",
            "--duration-us",
            "2000",
            "-o",
            path.to_str().unwrap(),
        ])
    };
    let (ok, _, err) = gen(&f);
    assert!(ok, "{err}");
    assert!(err.contains("105 hosts and 23 disks"), "{err}");
    let g = dir.join("again.trace");
    assert!(gen(&g).0);
    let text = std::fs::read_to_string(&f).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&g).unwrap(),
        "same seed, same trace"
    );
    let (ok, out, err) = flitwave(&["trace", "stats", f.to_str().unwrap(), "--hosts", "128"]);
    assert!(ok, "{err}");
    for k in [
        "messages",
        "packets of at most 1024 bytes",
        "offered load",
        "busiest sender",
        "per host",
    ] {
        assert!(out.contains(k), "missing {k:?} in:\n{out}");
    }
    let (ok, out, _) = flitwave(&[
        "trace",
        "stats",
        f.to_str().unwrap(),
        "--compression",
        "10",
        "--json",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["compression"], 10.0);
    assert!(v["packets"].as_u64().unwrap() >= v["messages"].as_u64().unwrap());
    fails_with(
        &["trace", "stats", f.to_str().unwrap(), "--compression", "0"],
        &["--compression", "0", "> 0"],
    );
    fails_with(
        &["trace", "stats", f.to_str().unwrap(), "--max-payload", "0"],
        &["--max-payload", ">= 1"],
    );
    fails_with(
        &["trace", "stats", f.to_str().unwrap(), "--hosts", "100"],
        &["cello-like.trace", "line", "out of range", "0..=99"],
    );
    let bad = dir.join("bad.trace");
    std::fs::write(&bad, "# t s d b\n0 1 2 64\n\n10 2 1 zero\n").unwrap();
    fails_with(
        &["trace", "stats", bad.to_str().unwrap()],
        &["bad.trace", "line 4", "bytes", "\"zero\"", "1..="],
    );
    fails_with(
        &["trace", "stats", "/nonexistent/x.trace"],
        &["cannot read trace file"],
    );
    fails_with(
        &["trace", "generate", "--disks", "128"],
        &["disks", "128", "1..=127"],
    );
    fails_with(
        &["trace", "generate", "--read-fraction", "2"],
        &["read_fraction", "[0, 1]"],
    );
    fails_with(
        &["trace", "generate", "--size-mix", "4K"],
        &["--size-mix", "SIZE:WEIGHT"],
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn new_patterns_run_on_the_network() {
    for p in ["perfect-shuffle", "complement", "hot-spot:5@random"] {
        let (ok, out, err) = flitwave(&[
            "run",
            "--cycles",
            "5000",
            "--set",
            &format!("traffic.pattern={p:?}"),
        ]);
        assert!(ok, "{p}: {err}");
        assert!(out.contains(p), "{p}: {out}");
    }
    fails_with(
        &[
            "run",
            "--cycles",
            "5000",
            "--set",
            "traffic.pattern=\"hot-spot:5@somewhere\"",
        ],
        &["traffic.pattern", "random"],
    );
}

/// `flitwave fattree`: a synthetic run, a trace run, JSON, and the errors of bad values.
#[test]
fn fattree_runs_and_rejects_bad_values() {
    let (ok, out, err) = flitwave(&[
        "fattree",
        "--k",
        "2",
        "--n",
        "3",
        "--selection",
        "sadp",
        "--in-order",
        "--rate",
        "0.4",
        "--cycles",
        "20000",
        "--warmup",
        "2000",
        "--message-bytes",
        "256",
    ]);
    assert!(ok, "{err}");
    for k in [
        "2-ary 3-tree",
        "routing ir-adaptive (paths -, selection sadp), in-order delivery",
        "accepted",
        "reordering",
        "conservation ok",
    ] {
        assert!(out.contains(k), "missing {k:?} in:\n{out}");
    }
    let (ok, out, err) = flitwave(&[
        "fattree",
        "--k",
        "2",
        "--n",
        "7",
        "--trace",
        "configs/traces/cello-like.trace",
        "--compression",
        "10",
        "--cycles",
        "5000000",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["summary"]["execution_cycles"].as_u64().unwrap() > 0);
    assert_eq!(v["summary"]["pending_packets"], 0);
    fails_with(
        &["fattree", "--routing", "ecmp"],
        &["--routing", "\"ecmp\"", "fir-det", "ir-adaptive"],
    );
    fails_with(
        &["fattree", "--selection", "best"],
        &["--selection", "\"best\"", "only, sadp, ff"],
    );
    fails_with(
        &["fattree", "--ack", "maybe"],
        &["--ack", "free", "packets"],
    );
    fails_with(&["fattree", "--rate", "1.5"], &["--rate", "1.5", "0..=1"]);
    fails_with(&["fattree", "--k", "3"], &["fat-tree", "3"]);
    fails_with(
        &["fattree", "--warmup", "500", "--cycles", "400"],
        &["--warmup", "500", "cycles (400)"],
    );
    fails_with(
        &["fattree", "--pattern", "sideways"],
        &["--pattern", "sideways"],
    );
    fails_with(
        &[
            "fattree",
            "--k",
            "2",
            "--n",
            "3",
            "--trace",
            "configs/traces/cello-like.trace",
        ],
        &["out of range"],
    );
    // a reorder buffer (or a source's share of it) below one packet would stall forever
    fails_with(
        &["fattree", "--in-order", "--reorder-kb", "0"],
        &[
            "--reorder-kb",
            "one 1024-byte packet",
            "at least 1024 bytes",
        ],
    );
    fails_with(
        &[
            "fattree",
            "--in-order",
            "--ack",
            "packets",
            "--reorder-kb",
            "32",
        ],
        &["--reorder-kb", "63 sources' share", "at least 64512 bytes"],
    );
    fails_with(
        &["reproduce", "fattree", "--figures", "fig9"],
        &["fig9", "fig5"],
    );
}

/// `reproduce fattree` writes its report and raw points; `--from-raw` renders the same report
/// again from the raw points without simulating.
#[test]
#[ignore = "full tier: a tiny-scale reproduction"]
fn reproduce_fattree_report_renders_again_from_raw_points() {
    let dir = std::env::temp_dir().join(format!("flitwave-repro-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (ok, _, err) = flitwave(&[
        "reproduce",
        "fattree",
        "--figures",
        "bitrev",
        "--cycles",
        "20000",
        "--out",
        d,
        "--quiet",
    ]);
    assert!(ok, "{err}");
    let first = std::fs::read_to_string(dir.join("fattree.md")).unwrap();
    assert!(first.contains("bit-reversal") && dir.join("bitrev.svg").exists());
    let (ok, _, err) = flitwave(&["reproduce", "fattree", "--from-raw", "--out", d, "--quiet"]);
    assert!(ok, "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.join("fattree.md")).unwrap(),
        first
    );
    fails_with(
        &[
            "reproduce",
            "fattree",
            "--from-raw",
            "--out",
            "/nonexistent/x",
        ],
        &["--from-raw", "cannot read"],
    );
}

/// `--seeds N` replicates every point under seeds 1..=N: the first replicate is the run
/// without the flag, point for point; the others are different traces (their execution times
/// differ); the report quotes the command and says which seed it draws.
#[test]
#[ignore = "full tier: a tiny-scale reproduction"]
fn reproduce_fattree_seeds_replicate_every_point() {
    let run = |name: &str, extra: &[&str]| -> serde_json::Value {
        let dir = crate::common::fresh_dir("cli-fattree", name);
        let mut args = vec![
            "reproduce",
            "fattree",
            "--figures",
            "fig7",
            "--trace-us",
            "1000",
            "--quiet",
            "--out",
            crate::common::arg(&dir),
        ];
        args.extend_from_slice(extra);
        let (ok, _, err) = flitwave(&args);
        assert!(ok, "{err}");
        let md = std::fs::read_to_string(dir.join("fattree.md")).unwrap();
        if !extra.is_empty() {
            assert!(
                md.contains(
                    "`flitwave reproduce fattree --figures fig7 --seeds 2 --trace-us 1000`"
                ),
                "{md}"
            );
            assert!(md.contains("The tables and plots show seed 1"), "{md}");
        }
        serde_json::from_str(&std::fs::read_to_string(dir.join("fattree_raw.json")).unwrap())
            .unwrap()
    };
    let one = run("one", &[]);
    let two = run("two", &["--seeds", "2"]);
    let of = |v: &serde_json::Value, seed: u64| -> Vec<serde_json::Value> {
        v["points"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["seed"] == seed)
            .cloned()
            .collect()
    };
    assert_eq!(two["options"]["seeds"], 2);
    assert_eq!(of(&one, 1), of(&two, 1), "replicate 1 is the default run");
    let exec = |pts: &[serde_json::Value]| -> Vec<u64> {
        pts.iter()
            .map(|p| p["exec_cycles"].as_u64().unwrap())
            .collect()
    };
    let (e1, e2) = (exec(&of(&two, 1)), exec(&of(&two, 2)));
    assert_eq!(e1.len(), e2.len());
    assert!(!e1.is_empty() && e1 != e2, "{e1:?} {e2:?}");
}
