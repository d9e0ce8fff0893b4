//! Golden outputs: summary JSON and VCD bytes of a handful of runs, captured from the code as it
//! stood before the fabric refactor (issue 10) and compared on every test run. A refactor that
//! moves code must not change a single statistic or a single waveform byte.
//!
//! Each golden is `testbenches/golden/<name>.json` (what the command printed with `--json`) or
//! `<name>.vcd` (the waveform the command wrote). `FLITWAVE_BLESS=1 cargo test --release --test
//! golden` rewrites them — only for a change that is meant to change results, said in its commit.

mod common;

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

/// Every value of the golden must be in the new output, identical (exact float round trip).
fn compare(name: &str, want: &serde_json::Value, got: &serde_json::Value) {
    assert_eq!(want, got, "{name}: output differs from the golden");
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
    let want = std::fs::read(&path).expect("golden file");
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
        "routing.select=\"shortest\"", "--set", "traffic.message_bytes=32", "--set",
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
    fattree_det: ["fattree", "--k", "4", "--n", "2", "--routing", "det", "--rate", "0.5",
        "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_sadp: ["fattree", "--k", "4", "--n", "2", "--routing", "sadp", "--rate", "0.5",
        "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_ff: ["fattree", "--k", "4", "--n", "2", "--routing", "ff", "--rate", "0.5",
        "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_sadp_in_order: ["fattree", "--k", "4", "--n", "2", "--routing", "sadp",
        "--in-order", "--rate", "0.5", "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_ff_in_order: ["fattree", "--k", "4", "--n", "2", "--routing", "ff", "--in-order",
        "--reorder-kb", "4", "--rate", "0.6", "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_ff_ack_packets: ["fattree", "--k", "2", "--n", "3", "--routing", "ff", "--in-order",
        "--ack", "packets", "--reorder-kb", "16", "--rate", "0.4", "--cycles", "30000",
        "--warmup", "5000", "--json"];
    fattree_hotspot_flit4: ["fattree", "--k", "4", "--n", "2", "--routing", "sadp", "--pattern",
        "hot-spot:20@random", "--flit-bytes", "4", "--packet-bytes", "256", "--rate", "0.3",
        "--cycles", "30000", "--warmup", "5000", "--seed", "7", "--json"];
    fattree_bitrev_det: ["fattree", "--k", "2", "--n", "4", "--routing", "det", "--pattern",
        "bit-reversal", "--rate", "0.8", "--cycles", "30000", "--warmup", "5000", "--json"];
    fattree_trace: ["fattree", "--k", "2", "--n", "7", "--routing", "ff", "--in-order", "--trace",
        "configs/traces/cello-like.trace", "--compression", "10", "--cycles", "2000000",
        "--json"];
    fattree_storage: ["fattree", "--k", "2", "--n", "7", "--routing", "sadp", "--storage-us",
        "300", "--compression", "5", "--cycles", "2000000", "--json"];
}

golden_vcd! {
    myrinet_vcd_window: ["run", "--cycles", "4000", "--set", "traffic.rate=0.2",
        "--vcd-scope", "network.sw3,network.nic12", "--vcd-window", "1000..3000"];
    myrinet_vcd_itb_all: ["run", "--cycles", "1500", "--set", "topology.switches=4",
        "--set", "routing.algorithm=\"itb\"", "--set", "traffic.rate=0.3"];
    fattree_vcd_all: ["fattree", "--k", "2", "--n", "2", "--routing", "sadp", "--in-order",
        "--rate", "0.6", "--packet-bytes", "64", "--cycles", "3000", "--warmup", "300"];
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
    assert!(n >= 23, "only {n} golden files");
    let _ = common::flitwave;
}
