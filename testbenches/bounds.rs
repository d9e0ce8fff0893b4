//! Every reproducer of the bounded-input review ("every input bounded, memory that scales") as a named
//! regression test: each once panicked, aborted in the allocator, hung, or was silently accepted
//! or silently rejected. Now each gives a clear error (status 2, `error: ` naming the key, the
//! value and what is allowed) or the right result.

use crate::common::{fails_with, flitwave, DEADLOCKED_TORUS};
use std::process::Command;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn one_line_trace(line: &str) -> String {
    let p = tmp(&format!("t{}.trace", line.len()));
    std::fs::write(&p, format!("{line}\n")).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn trace_stats_with_a_huge_host_count_is_out_of_range() {
    let t = one_line_trace("0 0 1 100");
    fails_with(
        &["trace", "stats", &t, "--hosts", "18446744073709551615"],
        &["--hosts", "18446744073709551615", "out of range", "1048576"],
    );
    fails_with(
        &["trace", "stats", &t, "--hosts", "1000000000"],
        &["--hosts", "1000000000", "out of range"],
    );
}

#[test]
fn a_trace_naming_host_4294967295_is_refused_not_sized() {
    let t = one_line_trace("214170 4 4294967295 8192");
    fails_with(
        &["trace", "stats", &t],
        &["line 1", "4294967295", "out of range", "host ids"],
    );
}

#[test]
fn zero_gap_bursts_stop_at_the_request_limit() {
    let out = tmp("burst.trace");
    let _ = std::fs::remove_file(&out);
    fails_with(
        &[
            "trace",
            "generate",
            "--nodes",
            "2",
            "--disks",
            "1",
            "--duration-us",
            "100",
            "--bursts-per-ms",
            "0.5",
            "--burst-len",
            "1e8",
            "--burst-gap-us",
            "0",
            "--seed",
            "2",
            "-o",
            out.to_str().unwrap(),
        ],
        &["10000000 requests", "burst_gap_us 0"],
    );
    assert!(!out.exists(), "nothing written");
}

#[test]
fn sweep_threads_are_bounded() {
    fails_with(
        &[
            "sweep",
            "--threads",
            "18446744073709551615",
            "--rates",
            "0.01",
        ],
        &["--threads", "out of range", "1..=1024"],
    );
}

#[test]
fn cycles_beyond_the_limit_are_out_of_range_in_every_command() {
    for cmd in ["run", "fattree", "sweep"] {
        fails_with(
            &[cmd, "--cycles", "18446744073709551615"],
            &["cycles", "18446744073709551615", "out of range"],
        );
        fails_with(
            &[cmd, "--cycles", "10000000001"],
            &["cycles", "out of range", "10000000000"],
        );
    }
}

#[test]
fn the_deadlock_window_is_bounded_and_a_long_one_still_reports_the_deadlock() {
    fails_with(
        &["run", "--deadlock-window", "18446744073709551615"],
        &["--deadlock-window", "out of range"],
    );
    // a window reaching back past cycle 0 starts at 0: the DEADLOCK is still reported
    let f = tmp("long-window.vcd");
    let mut args = vec!["run", "--rate", "0.9"];
    args.extend(DEADLOCKED_TORUS);
    args.extend([
        "--cycles",
        "60000",
        "--vcd-on-deadlock",
        f.to_str().unwrap(),
    ]);
    args.extend(["--deadlock-window", "10000000"]);
    let (ok, out, err) = flitwave(&args);
    assert!(!ok && out.contains("DEADLOCK"), "{out}{err}");
    assert!(err.contains("deadlock waveform (cycles 0.."), "{err}");
}

#[test]
fn reorder_memory_is_bounded_not_wrapped() {
    fails_with(
        &["fattree", "--in-order", "--reorder-kb", "18014398509481985"],
        &["--reorder-kb", "out of range"],
    );
}

#[test]
fn a_subnormal_clock_period_is_out_of_range() {
    fails_with(
        &["run", "--set", "link.clock_ns=5e-324"],
        &["link.clock_ns", "5e-324", "out of range"],
    );
}

#[test]
fn a_section_set_to_a_list_is_refused() {
    fails_with(
        &["run", "--set", "link=[1,2]"],
        &["link", "section", "one by one"],
    );
}

#[test]
fn a_duplicated_key_in_topology_json_is_refused() {
    let (ok, json, _) = flitwave(&["topology", "irregular", "--switches", "4"]);
    assert!(ok);
    let dup = json.replacen("{", "{\"switches\": 4, ", 1);
    let p = tmp("dup.json");
    std::fs::write(&p, dup).unwrap();
    fails_with(
        &["run", "--topology-file", p.to_str().unwrap()],
        &["\"switches\" appears twice", "line 3"],
    );
}

/// A topology file's keys belong to its kind: `k` in an irregular network, `dims` in a
/// fat-tree or `a` in a mesh are refused naming the file, the key, the kind and the keys
/// allowed, where they were once ignored.
#[test]
fn a_topology_files_keys_are_checked_against_its_kind() {
    use flitwave::topology::{fattree::fattree, irregular, json, mesh};
    let irr = json::to_json(&irregular::generate(8, 4, 8, 5).unwrap());
    let tree = json::to_json(&fattree(2, 2).unwrap());
    let grid = json::to_json(&mesh::mesh([3, 3], 1).unwrap());
    let add = |text: &str, kv: &str| text.replacen('{', &format!("{{\n  {kv},"), 1);
    for (name, text, key, needles) in [
        (
            "irregular-k.json",
            add(&irr, "\"k\": 4"),
            "k",
            &["kind \"irregular\"", "sizes a \"fattree\"", "hosts, kind"][..],
        ),
        (
            "fattree-dims.json",
            add(&tree, "\"dims\": [4, 4]"),
            "dims",
            &[
                "kind \"fattree\"",
                "\"mesh\" or \"torus\"",
                "hosts, kind, k, n",
            ][..],
        ),
        (
            "mesh-a.json",
            add(&grid, "\"a\": 2"),
            "a",
            &["kind \"mesh\"", "\"dragonfly\"", "hosts, kind, dims"][..],
        ),
        (
            "no-kind-n.json",
            add(&irr.replace("\"kind\": \"irregular\",", ""), "\"n\": 2"),
            "n",
            &["without \"kind\"", "hosts, kind"][..],
        ),
    ] {
        let p = tmp(name);
        std::fs::write(&p, &text).unwrap();
        let f = p.to_str().unwrap();
        let mut want = vec![f, "switches, ports_per_switch, links, hosts"];
        let key = format!("{key}: does not belong to");
        want.push(&key);
        want.extend_from_slice(needles);
        fails_with(
            &["routes", "--topology-file", f, "--routing", "updown"],
            &want,
        );
    }
    // the files as written load
    for (name, text) in [
        ("irr.json", &irr),
        ("tree.json", &tree),
        ("grid.json", &grid),
    ] {
        let p = tmp(name);
        std::fs::write(&p, text).unwrap();
        let (ok, _, err) = flitwave(&["routes", "--topology-file", p.to_str().unwrap()]);
        assert!(ok, "{name}: {err}");
    }
}

#[test]
fn fattree_checks_options_that_would_be_ignored() {
    fails_with(
        &["fattree", "--compression=-1"],
        &["traffic.compression", "-1"],
    );
    fails_with(
        &["fattree", "--compression", "NaN"],
        &["traffic.compression"],
    );
    fails_with(
        &["fattree", "--vcd-window", "garbage"],
        &["--vcd-window", "garbage", "START..END"],
    );
}

#[test]
fn from_raw_with_a_missing_field_names_it() {
    let dir = tmp("raw");
    std::fs::create_dir_all(&dir).unwrap();
    let raw = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/results/fattree/fattree_raw.json"
    ))
    .unwrap();
    let cut = raw.replacen("\"accepted_flits_per_cycle_per_switch\"", "\"renamed\"", 1);
    std::fs::write(dir.join("fattree_raw.json"), cut).unwrap();
    fails_with(
        &[
            "reproduce",
            "fattree",
            "--from-raw",
            "--out",
            dir.to_str().unwrap(),
        ],
        &[
            "--from-raw",
            "missing field",
            "accepted_flits_per_cycle_per_switch",
        ],
    );
}

#[test]
fn acknowledgements_are_not_pending_packets() {
    let (ok, out, err) = flitwave(&[
        "fattree",
        "--k",
        "4",
        "--n",
        "2",
        "--cycles",
        "20000",
        "--warmup",
        "100",
        "--flit-bytes",
        "7",
        "--message-bytes",
        "1",
        "--rate",
        "1",
        "--selection",
        "ff",
        "--in-order",
        "--ack",
        "packets",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &v["summary"];
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
    assert!(n("generated_packets") > 0);
    assert_eq!(
        n("generated_packets"),
        n("delivered_packets") + n("pending_packets"),
        "{s}"
    );
}

#[test]
fn seeds_up_to_2_pow_64_minus_1_are_accepted_everywhere() {
    for seed in ["9223372036854775808", "18446744073709551615"] {
        let (ok, out, err) = flitwave(&["run", "--cycles", "2000", "--seed", seed, "--json"]);
        assert!(ok, "{err}");
        assert!(out.contains(seed), "the result records the seed");
        let (ok, _, err) = flitwave(&[
            "sweep", "--seed", seed, "--rates", "0.01", "--cycles", "2000", "--quiet",
        ]);
        assert!(ok, "{err}");
        let (ok, _, err) = flitwave(&["routes", "--switches", "8", "--seed", seed]);
        assert!(ok, "{err}");
    }
    fails_with(
        &["run", "--seed", "18446744073709551616"],
        &["--seed", "18446744073709551616"],
    );
}

#[test]
fn topology_file_paths_with_accents_and_control_characters_work() {
    let (ok, json, _) = flitwave(&["topology", "irregular", "--switches", "4"]);
    assert!(ok);
    for name in ["re\u{301}seau.json", "tab\there.json", "quote\"d.json"] {
        let p = tmp(name);
        std::fs::write(&p, &json).unwrap();
        let (ok, _, err) = flitwave(&[
            "run",
            "--cycles",
            "2000",
            "--topology-file",
            p.to_str().unwrap(),
        ]);
        assert!(ok, "{name:?}: {err}");
    }
}

#[test]
fn itb_on_a_fat_tree_is_a_clear_error_and_the_docs_agree() {
    fails_with(
        &[
            "routes",
            "--topology",
            "fattree",
            "--k",
            "2",
            "--n",
            "3",
            "--routing",
            "itb",
        ],
        &["ITB routing", "in-transit host", "has none"],
    );
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/kary-ntree.md"))
        .unwrap();
    assert!(
        !doc.contains("itb` works") && !doc.contains("itb works"),
        "docs/kary-ntree.md must not say itb works on fat-trees"
    );
}

#[test]
fn a_watchdog_shorter_than_a_legitimate_pause_is_refused() {
    fails_with(
        &[
            "run",
            "--cycles",
            "20000",
            "--set",
            "switch.first_flit_latency_cycles=200",
            "--set",
            "watchdog_cycles=100",
        ],
        &["watchdog_cycles", "100", "at least"],
    );
}

#[test]
fn a_sweep_with_a_deadlocked_point_fails_unless_asked_to_keep_going() {
    let mut args = vec!["sweep", "--rates", "0.9", "--cycles", "30000", "--quiet"];
    args.extend(DEADLOCKED_TORUS);
    let (ok, out, err) = flitwave(&args);
    assert!(!ok, "deadlocked sweep must fail: {out}");
    assert!(
        err.contains("error: ") && !err.contains("panicked"),
        "{err}"
    );
    let mut keep = args.clone();
    keep.push("--keep-going");
    let (ok, _, err) = flitwave(&keep);
    assert!(ok, "{err}");
}

/// Ctrl-C in the middle of a run that writes a waveform: status 130, the partial waveform
/// removed, an existing file of that name untouched.
#[test]
fn an_interrupt_leaves_no_half_written_result() {
    let f = tmp("interrupted.vcd");
    std::fs::write(&f, "previous result").unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .args(["run", "--cycles", "100000000", "--vcd", f.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let dir = f.parent().unwrap();
    let partial = || {
        std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .any(|e| e.file_name().to_string_lossy().contains(".partial"))
    };
    // wait until the waveform is being written
    let t0 = std::time::Instant::now();
    while !partial() && t0.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        partial(),
        "the run writes its waveform under a temporary name"
    );
    let st = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
    assert!(!partial(), "no partial file left");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "previous result");
}
