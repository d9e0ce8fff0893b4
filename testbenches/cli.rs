//! CLI testbench: the commands users type, and the clear errors bad input must give.

use crate::common::{fails_with, flitwave};

#[test]
fn run_prints_a_summary() {
    let (ok, out, err) = flitwave(&["run", "--cycles", "20000"]);
    assert!(ok, "{err}");
    for k in [
        "accepted",
        "latency",
        "flits/ns/switch",
        "conservation ok",
        "deadlock         none",
    ] {
        assert!(out.contains(k), "missing {k:?} in:\n{out}");
    }
}

#[test]
fn run_json_and_print_config() {
    let (ok, out, _) = flitwave(&[
        "run",
        "--cycles",
        "10000",
        "--json",
        "--set",
        "traffic.message_bytes=32",
    ]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["summary"]["accepted_flits_per_ns_per_switch"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    // every result records where it comes from
    assert!(v["flitwave"]["version"].is_string(), "{v}");
    assert_eq!(v["seed"], 1);
    assert_eq!(v["config"]["traffic"]["message_bytes"], 32);
    assert_eq!(v["summary"]["family"], "myrinet");
    let (ok, out, _) = flitwave(&["run", "--print-config", "--set", "topology.switches=64"]);
    assert!(ok);
    assert!(out.contains("switches = 64"));
}

#[test]
fn bad_configuration_values_name_the_field() {
    fails_with(
        &["run", "--set", "traffic.rate=2"],
        &["traffic.rate", "2", "0..=1"],
    );
    fails_with(
        &["run", "--set", "topology.colour=3"],
        &["colour", "expected one of"],
    );
    fails_with(&["run", "--set", "nonsense=1"], &["nonsense"]);
    fails_with(
        &["run", "--set", "topology.kind=\"ring\""],
        &["topology.kind", "ring", "irregular"],
    );
    fails_with(
        &["run", "--set", "traffic.pattern=\"zigzag\""],
        &["traffic.pattern", "zigzag"],
    );
    fails_with(
        &["run", "--set", "routing.paths=\"best\""],
        &["routing.paths", "best", "balanced, shortest"],
    );
    fails_with(
        &["run", "--set", "routing.select=\"best\""],
        &["select", "expected one of", "paths"],
    );
    fails_with(
        &["run", "--set", "switch.slack_bytes=60"],
        &["switch.slack_bytes"],
    );
    fails_with(&["run", "--set", "warmup=300000"], &["warmup"]);
    fails_with(
        &["run", "--set", "traffic.message_bytes=\"big\""],
        &["traffic.message_bytes"],
    );
    fails_with(&["run", "--set", "novalue"], &["key=value"]);
    fails_with(
        &["run", "--set", "topology.switches=0"],
        &["topology.switches"],
    );
    fails_with(
        &["run", "--vcd", "waves/x.vcd", "--vcd-window", "10..5"],
        &["--vcd-window"],
    );
    fails_with(
        &["run", "--vcd", "waves/x.vcd", "--vcd-scope", "network.sw99"],
        &["network.sw99"],
    );
    fails_with(&["run", "--vcd-window", "1..5"], &["--vcd"]);
    fails_with(
        &["run", "--config", "/nonexistent/cfg.toml"],
        &["/nonexistent/cfg.toml"],
    );
    fails_with(&["sweep", "--rates", "0.1,abc"], &["--rates", "abc"]);
    fails_with(&["topology", "ring"], &["ring", "irregular"]);
}

#[test]
fn bad_config_file_names_the_file_and_field() {
    let p = std::env::temp_dir().join("flitwave_cli_bad.toml");
    std::fs::write(&p, "[traffic]\nrate = 0.1\nburst = 3\n").unwrap();
    fails_with(
        &["run", "--config", p.to_str().unwrap()],
        &["flitwave_cli_bad.toml", "burst"],
    );
    std::fs::write(&p, "[traffic\nrate = 0.1\n").unwrap();
    fails_with(&["run", "--config", p.to_str().unwrap()], &["TOML"]);
}

/// A misspelt key gets the nearest known name, from `--set` as from a file, in every section.
#[test]
fn a_misspelt_key_gets_the_nearest_name() {
    for (set, near) in [
        ("traffic.rat=0.1", "did you mean `rate`?"),
        ("link.fly_cycle=2", "did you mean `fly_cycles`?"),
        ("topology.dim=\"4x4\"", "did you mean `dims`?"),
        ("switch.vc=2", "did you mean `vcs`?"),
    ] {
        fails_with(&["run", "--set", set, "--cycles", "100"], &[near]);
    }
    let p = std::env::temp_dir().join("flitwave_cli_near.toml");
    std::fs::write(&p, "[traffic]\nrat = 0.1\n").unwrap();
    fails_with(
        &["run", "--config", p.to_str().unwrap()],
        &[
            "flitwave_cli_near.toml",
            "traffic.rat",
            "did you mean `rate`?",
        ],
    );
    // nothing near: no guess, the list of keys only
    fails_with(
        &["run", "--set", "traffic.zzzzzzzz=1", "--cycles", "100"],
        &["unknown field `zzzzzzzz`, expected one of"],
    );
}

#[test]
fn topology_and_routes_round_trip_through_json() {
    let dir = std::env::temp_dir().join("flitwave_cli_topo");
    std::fs::create_dir_all(&dir).unwrap();
    let topo = dir.join("topo.json");
    let (ok, _, err) = flitwave(&[
        "topology",
        "irregular",
        "--switches",
        "64",
        "--seed",
        "3",
        "-o",
        topo.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (ok, out, err) = flitwave(&[
        "routes",
        "--topology-file",
        topo.to_str().unwrap(),
        "--routing",
        "updown",
        "--paths",
        "shortest",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for k in ["uniform", "bit_reversal"] {
        assert!(v["avg_hops"][k].as_f64().unwrap() >= v["minimal_avg_hops"][k].as_f64().unwrap());
    }
    assert!(v["max_channel_load"]["uniform"].as_u64().unwrap() > 0);
    assert_eq!(v["deadlock_free"], serde_json::Value::Bool(true));
    // the same file drives a simulation
    let (ok, out, err) = flitwave(&[
        "run",
        "--topology-file",
        topo.to_str().unwrap(),
        "--cycles",
        "10000",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("64 switches"));
    // mesh and torus generators
    let (ok, out, _) = flitwave(&["topology", "mesh", "--dims", "8x8"]);
    assert!(ok && (out.contains("\"switches\": 64") || out.contains("\"switches\":64")));
    let (ok, _, _) = flitwave(&["topology", "torus", "--dims", "4x4"]);
    assert!(ok);
}

#[test]
fn itb_routes_report_in_transit_hosts_per_pattern() {
    let (ok, out, err) = flitwave(&[
        "routes",
        "--switches",
        "32",
        "--seed",
        "2",
        "--routing",
        "itb",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for k in ["uniform", "bit_reversal", "local3", "local5", "hot_spot"] {
        assert!(v["itbs_per_message"][k].as_f64().unwrap() > 0.0, "{k}");
        assert!(v["avg_hops"][k].as_f64().unwrap() > 0.0, "{k}");
    }
    assert_eq!(
        v["avg_hops"]["uniform"], v["minimal_avg_hops"]["uniform"],
        "ITB routes are minimal"
    );
    assert_eq!(v["deadlock_free"], true);
    let (ok, out, _) = flitwave(&[
        "routes",
        "--switches",
        "32",
        "--seed",
        "2",
        "--routing",
        "itb",
        "--paths",
        "min-itb",
        "--json",
    ]);
    assert!(ok);
    let w: serde_json::Value = serde_json::from_str(&out).unwrap();
    let itbs = |x: &serde_json::Value| x["itbs_per_message"]["uniform"].as_f64().expect("key");
    assert!(itbs(&w) <= itbs(&v));
    fails_with(
        &["routes", "--routing", "itb", "--paths", "balanced"],
        &["balanced", "random, legal-first, min-itb"],
    );
    fails_with(
        &[
            "run",
            "--set",
            "routing.algorithm=\"itb\"",
            "--set",
            "routing.paths=\"shortest\"",
        ],
        &["routing.paths", "min-itb"],
    );
    fails_with(&["reproduce", "bsp"], &["bsp", "itb"]);
    fails_with(
        &[
            "reproduce",
            "itb",
            "--patterns",
            "zigzag",
            "--sizes",
            "8",
            "--bytes",
            "32",
            "--topologies",
            "1",
        ],
        &["zigzag"],
    );
    fails_with(
        &[
            "reproduce",
            "itb",
            "--patterns",
            "local3",
            "--local-metric",
            "hops",
            "--sizes",
            "8",
        ],
        &["--local-metric", "\"hops\"", "minimal, route"],
    );
    for paper in ["fattree", "speculative", "inorder"] {
        fails_with(
            &["reproduce", paper, "--seeds", "0"],
            &["--seeds", "0 is out of range", "1..=100"],
        );
    }
}

#[test]
fn sweep_compares_routings_and_plots() {
    let dir = std::env::temp_dir().join("flitwave_cli_cmp");
    let svg = dir.join("cmp.svg");
    let (ok, out, err) = flitwave(&[
        "sweep",
        "--routings",
        "updown,itb:min-itb",
        "--rates",
        "0.02,0.1",
        "--cycles",
        "12000",
        "--set",
        "topology.switches=16",
        "--quiet",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("throughput factor itb:min-itb/updown"),
        "{out}"
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg")
            && text.contains("accepted traffic (flits/cycle/host)")
            && text.contains("mean latency (cycles)")
            && text.contains("itb:min-itb")
    );
}

#[test]
fn malformed_topology_file_is_a_clear_error() {
    let p = std::env::temp_dir().join("flitwave_cli_bad_topo.json");
    std::fs::write(
        &p,
        r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1]], "hosts": [[0, 0, 0]]}"#,
    )
    .unwrap();
    fails_with(
        &["routes", "--topology-file", p.to_str().unwrap()],
        &["links[0]"],
    );
    fails_with(
        &["run", "--topology-file", p.to_str().unwrap()],
        &["links[0]"],
    );
}

#[test]
fn sweep_writes_csv_and_json_and_reports_throughput() {
    let dir = std::env::temp_dir().join("flitwave_cli_sweep");
    let csv = dir.join("s.csv");
    let js = dir.join("s.json");
    let (ok, out, err) = flitwave(&[
        "sweep",
        "--rates",
        "0.02,0.2",
        "--cycles",
        "12000",
        "--set",
        "topology.switches=8",
        "--quiet",
        "--csv",
        csv.to_str().unwrap(),
        "--json",
        js.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("throughput"));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(
        text.starts_with("# flitwave "),
        "provenance comment: {text}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&js).unwrap()).unwrap();
    let r = &v["sweeps"][0]["result"];
    assert!(r["throughput_flits_per_ns_per_switch"].as_f64().unwrap() > 0.0);
    assert_eq!(r["points"].as_array().unwrap().len(), 2);
    assert!(v["flitwave"]["version"].is_string() && v["config"].is_object());
}

#[test]
fn run_writes_a_vcd_with_scope_and_window() {
    let (ok, _, err) = flitwave(&[
        "run",
        "--cycles",
        "5000",
        "--vcd",
        "waves/test_cli_run.vcd",
        "--vcd-scope",
        "network.sw3",
        "--vcd-window",
        "1000..3000",
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string("waves/test_cli_run.vcd").unwrap();
    assert!(text.contains("$scope module sw3 $end"));
    assert!(!text.contains("$scope module sw2 $end"));
    assert!(
        text.contains("#6250000"),
        "window starts at cycle 1000 = 6250000 ps"
    );
}

#[test]
fn a_deadlock_can_be_replayed_into_a_waveform() {
    let vcd = std::path::Path::new("waves/test_cli_deadlock.vcd");
    let (ok, out, err) = flitwave(&[
        "run",
        "--set",
        "topology.kind=\"torus\"",
        "--set",
        "topology.dims=\"4x4\"",
        "--set",
        "routing.algorithm=\"dor\"",
        "--set",
        "traffic.message_bytes=1024",
        "--set",
        "traffic.rate=0.9",
        "--set",
        "watchdog_cycles=2000",
        "--cycles",
        "100000",
        "--vcd-on-deadlock",
        vcd.to_str().unwrap(),
        "--deadlock-window",
        "500",
    ]);
    assert!(!ok, "a deadlock is an error exit");
    assert!(
        out.contains("DEADLOCK") && out.contains("wait cycle"),
        "{out}"
    );
    assert!(err.contains("deadlock waveform"), "{err}");
    let w = wellen::simple::read(vcd).expect("the waveform opens");
    let times = w.time_table();
    // the window covers the 500 cycles before the freeze and 200 frozen ones, not the
    // watchdog's 2000
    assert!(times.len() > 2, "{}", times.len());
    let span = (times[times.len() - 1] - times[0]) / 6250;
    assert_eq!(span, 700, "span {span} cycles");
    // its GTKWave save file opens zoomed to the replayed window
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(vcd)).unwrap();
    assert!(
        gtkw.contains(&format!("\n[timestart] {}\n", times[0])),
        "{gtkw}"
    );
    assert!(err.contains("open: gtkwave"), "{err}");
}

#[test]
fn fat_tree_topology_files_and_bad_combinations() {
    let dir = std::env::temp_dir().join("flitwave_cli_fattree");
    std::fs::create_dir_all(&dir).unwrap();
    let t = dir.join("t.json");
    let (ok, _, err) = flitwave(&[
        "topology",
        "fattree",
        "--k",
        "4",
        "--n",
        "3",
        "-o",
        t.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("48 switches, 64 hosts, 128 links"), "{err}");
    // the file comes back as a 4-ary 3-tree: fat-tree routings and the default fir-det work
    let (ok, out, err) = flitwave(&["routes", "--topology-file", t.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        out.contains("4-ary 3-tree, fir-det routing: 64 hosts, 48 switches"),
        "{out}"
    );
    let (ok, out, err) = flitwave(&[
        "routes",
        "--topology-file",
        t.to_str().unwrap(),
        "--routing",
        "ir-adaptive",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("    0        60       60        60        60"),
        "{out}"
    );
    // a generic routing on the tree
    let (ok, out, err) = flitwave(&[
        "routes",
        "--topology",
        "fattree",
        "--routing",
        "updown",
        "--paths",
        "shortest",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("12 switches, 8 hosts"), "{out}");
    fails_with(
        &["routes", "--routing", "fir-det"],
        &["fir-det", "k-ary n-tree", "irregular"],
    );
    fails_with(
        &["routes", "--topology", "mesh", "--routing", "ir-adaptive"],
        &["ir-adaptive", "k-ary n-tree", "4x4 mesh"],
    );
    fails_with(
        &["routes", "--topology", "fattree", "--k", "3"],
        &["k", "3", "power of two"],
    );
    fails_with(
        &["routes", "--topology", "fattree", "--k", "32", "--n", "2"],
        &["32", "IR/FIR", "2..=16"],
    );
    fails_with(
        &["routes", "--topology", "fattree", "--k", "2", "--n", "12"],
        &["too large", "n <= 11 for k = 2"],
    );
    fails_with(
        &["routes", "--topology", "mesh", "--k", "2"],
        &["--k", "fat-trees only"],
    );
    fails_with(
        &["routes", "--topology-file", t.to_str().unwrap(), "--n", "2"],
        &["--k and --n", "file"],
    );
    fails_with(
        &["routes", "--registers"],
        &["--registers", "fir-det and ir-adaptive", "updown"],
    );
    fails_with(
        &["routes", "--topology", "fattree", "--paths", "shortest"],
        &["--paths", "fir-det"],
    );
    fails_with(
        &["routes", "--topology", "fattree", "--routing", "dor"],
        &["dimension-order", "2-ary 3-tree"],
    );
    fails_with(
        &["routes", "--topology", "fattree", "--routing", "fir"],
        &["fir", "fir-det, ir-adaptive"],
    );
    fails_with(
        &["topology", "fattree", "--k", "2", "--n", "17"],
        &["fattree", "n", "17", "65536", "n <= 16"],
    );
    fails_with(
        &["topology", "fattree", "--k", "48"],
        &["k", "48", "2..=32"],
    );
    fails_with(&["topology", "ring"], &["ring", "fattree"]);
    // a 32-ary tree can be written (wired), just not routed by IR/FIR
    let (ok, out, err) = flitwave(&["topology", "fattree", "--k", "32", "--n", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("\"ports_per_switch\": 64"));
    std::fs::remove_dir_all(&dir).ok();
}
