//! Golden outputs: summary JSON and VCD bytes of a handful of runs, captured from the code as it
//! stood before the fabric refactor and compared on every test run. A refactor that
//! moves code must not change a single statistic or a single waveform byte.
//!
//! Each golden is `testbenches/golden/<name>.json` (what the command printed with `--json`) or
//! `<name>.vcd` (the waveform the command wrote). The JSON goldens keep the shape they had
//! before the refactor; the comparison finds every old value in today's output under its new
//! name ([`RENAMED`], [`SECTION`]), and lists the values changed by bug fixes ([`FIXED`]). The
//! command lines use today's option names for the same runs. `FLITWAVE_BLESS=1 cargo test --profile ci
//! --test testbenches golden::` rewrites them — only for a change that is meant to change results, said in its commit.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testbenches/golden")
}

fn bless() -> bool {
    std::env::var_os("FLITWAVE_BLESS").is_some()
}

/// Run flitwave; the exit status is not checked (a deadlocked run exits 2 after its JSON).
fn run(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("binary runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), err)
}

fn check_json(name: &str, args: &[&str]) {
    let (out, err) = run(args);
    let path = golden_dir().join(format!("{name}.json"));
    let got: serde_json::Value = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{name}: {args:?} printed no JSON ({e}): {out}\n{err}"));
    if bless() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, serde_json::to_string_pretty(&got).unwrap() + "\n").unwrap();
        return;
    }
    let want: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("golden file")).unwrap();
    compare(name, &want, &got);
}

/// Summary fields renamed by the fabric refactor (one summary schema, packets as the
/// unit): old name -> new name.
const RENAMED: [(&str, &str); 12] = [
    ("measured_messages", "measured_packets"),
    ("generated_messages", "generated_packets"),
    ("delivered_messages", "delivered_packets"),
    ("suppressed_messages", "suppressed_packets"),
    ("window_generated_messages", "window_generated_packets"),
    ("window_delivered_messages", "window_delivered_packets"),
    ("messages_pending", "pending_packets"),
    ("slack_overflows", "buffer_overflows"),
    ("nodes", "hosts"),
    (
        "offered_flits_per_cycle_per_node",
        "offered_flits_per_cycle_per_host",
    ),
    (
        "accepted_flits_per_cycle_per_node",
        "accepted_flits_per_cycle_per_host",
    ),
    (
        "accepted_bytes_per_ns_per_node",
        "accepted_bytes_per_ns_per_host",
    ),
];

/// Fields that moved into the family's section of the summary: old name -> section, new name.
const SECTION: [(&str, &str, &str); 13] = [
    ("itbs_per_message", "myrinet", "itbs_per_packet"),
    ("itb_forwarded", "myrinet", "itb_forwarded"),
    ("itb_spills", "myrinet", "itb_spills"),
    ("itb_max_pool_bytes", "myrinet", "itb_max_pool_bytes"),
    ("max_slack_level", "myrinet", "max_slack_level"),
    ("in_order", "vct", "in_order"),
    ("reorder_delay_cycles", "vct", "reorder_delay_cycles"),
    ("ooo_max_bytes", "vct", "ooo_max_bytes"),
    ("ooo_max_packets", "vct", "ooo_max_packets"),
    ("out_of_order_packets", "vct", "out_of_order_packets"),
    ("acks", "vct", "acks"),
    ("ack_flits", "vct", "ack_flits"),
    ("e2e_stall_cycles", "vct", "e2e_stall_cycles"),
];

/// Values that changed because a bug was fixed, with the reason.
const FIXED: [(&str, &str, &str); 2] = [
    (
        "fattree_trace",
        "offered_flits_per_cycle_per_node",
        "a trace run printed an offered load of 0; it is now the trace's own",
    ),
    (
        "fattree_ff_ack_packets",
        "pending_packets",
        "pending counted acknowledgement packets, so generated != delivered + pending",
    ),
];

/// Every value of the golden must be in the new output, identical (exact float round trip),
/// under its new name; inputs the old summaries echoed (k, n, routing) are checked against the
/// configuration every result now embeds.
fn compare(name: &str, want: &Value, got: &Value) {
    assert!(
        got["flitwave"]["version"].is_string() && got["seed"].is_u64() && got["config"].is_object(),
        "{name}: the result does not record version, seed and configuration"
    );
    let cfg = &got["config"];
    if want.get("flitwave").is_some() {
        // a golden blessed after the refactor: the same shape, all but the build identical
        let strip = |v: &Value| {
            let mut v = v.clone();
            v.as_object_mut().map(|o| o.remove("flitwave"));
            v
        };
        assert_eq!(
            strip(want),
            strip(got),
            "{name}: output differs from the golden"
        );
        return;
    }
    if let Some(list) = want.as_array() {
        // a sweep with --routings
        for (i, w) in list.iter().enumerate() {
            let g = &got["sweeps"][i];
            assert_eq!(w["routing"], g["routing"], "{name}: routing {i}");
            sweep(name, &w["result"], &g["result"], cfg);
        }
        assert_eq!(
            got["sweeps"].as_array().map(|a| a.len()),
            Some(list.len()),
            "{name}"
        );
    } else if want.get("points").is_some() {
        sweep(name, want, &got["sweeps"][0]["result"], cfg);
    } else if let Some(w) = want.get("summary") {
        summary(name, w, &got["summary"], cfg);
        assert_eq!(
            want["trace_execution_cycles"], got["summary"]["execution_cycles"],
            "{name}: execution time"
        );
    } else {
        summary(name, want, &got["summary"], cfg);
    }
}

fn sweep(name: &str, want: &Value, got: &Value, cfg: &Value) {
    for (k, w) in want.as_object().expect("sweep object") {
        match k.as_str() {
            // the label now names the routing with registry names (updown, not Updown)
            "label" => assert!(got[k].is_string(), "{name}: label"),
            "points" => {
                let g = got[k].as_array().expect("points");
                let w = w.as_array().expect("points");
                assert_eq!(w.len(), g.len(), "{name}: points");
                for (a, b) in w.iter().zip(g) {
                    assert_eq!(a["rate"], b["rate"], "{name}: rate");
                    assert_eq!(a["saturated"], b["saturated"], "{name}: saturated");
                    summary(name, &a["summary"], &b["summary"], cfg);
                }
            }
            _ => assert_eq!(w, &got[k], "{name}: sweep field {k}"),
        }
    }
}

fn summary(name: &str, want: &Value, got: &Value, cfg: &Value) {
    for (k, w) in want.as_object().expect("summary object") {
        let k = k.as_str();
        if let Some((_, _, why)) = FIXED.iter().find(|f| f.0 == name && f.1 == k) {
            eprintln!("{name}: {k} changed on purpose: {why}");
            continue;
        }
        let g = match k {
            "k" | "n" => cfg["topology"][k].clone(),
            "routing" => {
                let (alg, sel) = (&cfg["routing"]["algorithm"], &cfg["routing"]["selection"]);
                let old = match (alg.as_str(), sel.as_str()) {
                    (Some("fir-det"), Some("only")) => "det",
                    (Some("ir-adaptive"), Some(s)) => s,
                    _ => "?",
                };
                Value::from(old)
            }
            _ => match SECTION.iter().find(|s| s.0 == k) {
                Some(&(_, sec, new)) => got[sec][new].clone(),
                None => {
                    let new = RENAMED.iter().find(|r| r.0 == k).map_or(k, |r| r.1);
                    got.get(new).cloned().unwrap_or(Value::from("<missing>"))
                }
            },
        };
        assert_eq!(w, &g, "{name}: {k} differs from the golden");
    }
}

fn check_vcd(name: &str, args: &[&str]) {
    let dir = std::env::temp_dir().join(format!("flitwave_golden_{}_{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let vcd = dir.join("w.vcd");
    let mut a: Vec<&str> = args.to_vec();
    let v = vcd.to_str().unwrap().to_string();
    a.push("--vcd");
    a.push(&v);
    let (_, err) = run(&a);
    let got = std::fs::read(&vcd).unwrap_or_else(|e| panic!("{name}: no VCD ({e}): {err}"));
    let _ = std::fs::remove_dir_all(&dir);
    let path = golden_dir().join(format!("{name}.vcd"));
    if bless() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, &got).unwrap();
        return;
    }
    // what made the waveform (program, commit, seed, configuration) is the header's
    // `$version` and its `$comment`s before the clock's: compared apart, not byte for byte
    let (want, got) = (
        without_provenance(&std::fs::read(&path).expect("golden file")),
        without_provenance(&got),
    );
    if want != got {
        let first = want
            .iter()
            .zip(&got)
            .position(|(a, b)| a != b)
            .unwrap_or(want.len().min(got.len()));
        panic!(
            "{name}: VCD differs from the golden at byte {first} ({} vs {} bytes)",
            want.len(),
            got.len()
        );
    }
}

/// A VCD without its `$version` line and the `$comment` lines before the clock's.
fn without_provenance(vcd: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(vcd);
    let mut out = String::new();
    let mut header = true;
    for l in text.split_inclusive('\n') {
        if header && l.starts_with("$comment clock period") {
            header = false;
        }
        if header && (l.starts_with("$version ") || l.starts_with("$comment ")) {
            continue;
        }
        out += l;
    }
    out.into_bytes()
}

macro_rules! golden_json {
    ($($name:ident: [$($arg:expr),* $(,)?];)*) => {$(
        #[test]
        fn $name() {
            check_json(stringify!($name), &[$($arg),*]);
        }
    )*};
}

macro_rules! golden_vcd {
    ($($name:ident: [$($arg:expr),* $(,)?];)*) => {$(
        #[test]
        fn $name() {
            check_vcd(stringify!($name), &[$($arg),*]);
        }
    )*};
}

golden_json! {
    myrinet_updown_low: ["run", "--cycles", "20000", "--json"];
    myrinet_updown_high: ["run", "--cycles", "20000", "--set", "traffic.rate=0.3", "--json"];
    myrinet_updown_shortest_32b: ["run", "--cycles", "20000", "--seed", "5", "--set",
        "routing.paths=\"shortest\"", "--set", "traffic.message_bytes=32", "--set",
        "traffic.rate=0.04", "--set", "traffic.pattern=\"bit-reversal\"", "--json"];
    myrinet_itb_low: ["run", "--cycles", "20000", "--set", "routing.algorithm=\"itb\"",
        "--set", "traffic.rate=0.02", "--json"];
    myrinet_itb_high: ["run", "--cycles", "20000", "--set", "routing.algorithm=\"itb\"",
        "--set", "traffic.rate=0.3", "--set", "topology.switches=32", "--json"];
    myrinet_mesh_dor: ["run", "--cycles", "20000", "--set", "topology.kind=\"mesh\"", "--set",
        "routing.algorithm=\"dor\"", "--set", "traffic.rate=0.1", "--set",
        "traffic.message_bytes=64", "--json"];
    myrinet_torus_deadlock: ["run", "--cycles", "60000", "--set", "topology.kind=\"torus\"",
        "--set", "routing.algorithm=\"dor\"", "--set", "traffic.rate=0.9", "--json"];
    myrinet_rtl_switch: ["run", "--rtl-switch", "3", "--cycles", "20000", "--set",
        "traffic.rate=0.2", "--json"];
    myrinet_sweep: ["sweep", "--rates", "0.01,0.05,0.2", "--cycles", "10000", "--json", "-",
        "--quiet", "--threads", "2"];
    myrinet_sweep_routings: ["sweep", "--routings", "updown,itb:min-itb", "--rates", "0.02,0.1",
        "--cycles", "10000", "--json", "-", "--quiet"];
    fattree_det: ["fattree", "--k", "4", "--n", "2", "--routing", "fir-det", "--rate", "0.5",
        "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_sadp: ["fattree", "--k", "4", "--n", "2", "--selection", "sadp", "--rate", "0.5",
        "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_ff: ["fattree", "--k", "4", "--n", "2", "--selection", "ff", "--rate", "0.5",
        "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_sadp_in_order: ["fattree", "--k", "4", "--n", "2", "--selection", "sadp",
        "--in-order", "--rate", "0.5", "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_ff_in_order: ["fattree", "--k", "4", "--n", "2", "--selection", "ff", "--in-order",
        "--reorder-kb", "4", "--rate", "0.6", "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_ff_ack_packets: ["fattree", "--k", "2", "--n", "3", "--selection", "ff", "--in-order",
        "--ack", "packets", "--reorder-kb", "16", "--rate", "0.4", "--cycles", "30000",
        "--warmup", "5000", "--json"];
    fattree_hotspot_flit4: ["fattree", "--k", "4", "--n", "2", "--selection", "sadp", "--pattern",
        "hot-spot:20@random", "--flit-bytes", "4", "--message-bytes", "256", "--rate", "0.3",
        "--cycles", "30000", "--warmup", "5000", "--seed", "7", "--json"];
    fattree_bitrev_det: ["fattree", "--k", "2", "--n", "4", "--routing", "fir-det", "--pattern",
        "bit-reversal", "--rate", "0.8", "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_trace: ["fattree", "--k", "2", "--n", "7", "--selection", "ff", "--in-order", "--trace",
        "configs/traces/cello-like.trace", "--compression", "10", "--cycles", "2000000",
        "--warmup", "10000", "--json"];
    fattree_storage: ["fattree", "--k", "2", "--n", "7", "--selection", "sadp", "--storage-us",
        "300", "--compression", "5", "--cycles", "2000000", "--warmup", "10000", "--json"];
    // the vc family: BookSim2's iq preset, a dateline torus, seed 004's adaptive switch with
    // the sequenced NIC, seed 002's Opt-y with SSR and the exchange, seed 003's layers
    vc_mesh_iq: ["run", "--config", "configs/booksim-iq.toml", "--set", "topology.dims=\"4x4\"",
        "--rate", "0.2", "--cycles", "20000", "--json"];
    vc_torus_dateline: ["run", "--config", "configs/booksim-iq.toml", "--set",
        "topology.kind=\"torus\"", "--set", "topology.dims=\"4x4\"", "--routing",
        "dor-dateline", "--rate", "0.3", "--cycles", "20000", "--json"];
    vc_inorder_adaptive: ["run", "--config", "configs/inorder.toml", "--set",
        "nic.in_order=true", "--rate", "0.2", "--cycles", "20000", "--json"];
    vc_speculative_ssr: ["run", "--config", "configs/speculative.toml", "--set",
        "topology.dims=\"6x6\"", "--pattern", "hot-spot:10@14", "--rate", "0.05", "--cycles",
        "10000", "--json"];
    vc_dl_layers: ["run", "--config", "configs/dl.toml", "--rate", "0.05", "--cycles", "10000",
        "--json"];
}

golden_vcd! {
    myrinet_vcd_window: ["run", "--cycles", "4000", "--set", "traffic.rate=0.2",
        "--vcd-scope", "network.sw3,network.nic12", "--vcd-window", "1000..3000"];
    myrinet_vcd_itb_all: ["run", "--cycles", "1500", "--set", "topology.switches=4",
        "--set", "routing.algorithm=\"itb\"", "--set", "traffic.rate=0.3"];
    fattree_vcd_all: ["fattree", "--k", "2", "--n", "2", "--selection", "sadp", "--in-order",
        "--rate", "0.6", "--message-bytes", "64", "--cycles", "3000", "--warmup", "300"];
    vc_vcd_router: ["run", "--config", "configs/booksim-iq.toml", "--set",
        "topology.dims=\"3x3\"", "--rate", "0.3", "--cycles", "1500", "--vcd-scope",
        "network.sw4"];
}

/// The golden list itself: every run above must exist on disk (a missing file is a failure,
/// not a skip).
#[test]
fn every_golden_file_exists() {
    if bless() {
        return;
    }
    let n = std::fs::read_dir(golden_dir())
        .expect("testbenches/golden")
        .count();
    assert!(n >= 29, "only {n} golden files");
}
