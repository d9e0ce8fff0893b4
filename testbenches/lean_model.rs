//! Testbench of `scripts/lean-iq-mesh.rs` and `scripts/bitplane-iq-mesh.rs`, the lean model
//! of the booksim-iq router and the same model evaluated in bit planes, which
//! docs/performance.md measures against BookSim2 and flitwave (issue 29 item 1): both build
//! with rustc alone, the lean model carries the offered load below saturation with a latency
//! of the preset's order (4 cycles a hop), the bit-plane model gives the lean model's results
//! to the flit and the cycle on meshes of 3x3 to 12x12 from light load to past saturation, and
//! both refuse bad arguments naming them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `scripts/<script>` into a folder of this test's own (`tag`): the tests run at once.
fn build(script: &str, tag: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("flitwave_lean_{}_{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(script.trim_end_matches(".rs"));
    let out = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["-C", "opt-level=2", "-o"])
        .arg(&exe)
        .arg(root.join("scripts").join(script))
        .output()
        .expect("rustc runs (the test suite is built by cargo, so rustc is installed)");
    assert!(
        out.status.success(),
        "scripts/{script} builds: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn field(out: &str, before: &str, after: &str) -> f64 {
    let i = out
        .find(after)
        .unwrap_or_else(|| panic!("{after:?} in {out}"));
    let head = &out[..i];
    let j = head.rfind(before).unwrap() + before.len();
    head[j..].trim().parse().unwrap()
}

#[test]
fn the_lean_model_carries_the_load_and_refuses_bad_arguments() {
    let exe = build("lean-iq-mesh.rs", "load");
    let run = |args: &[&str]| Command::new(&exe).args(args).output().unwrap();
    let ok = run(&["0.1", "4000"]);
    assert!(ok.status.success());
    let out = String::from_utf8_lossy(&ok.stdout).into_owned();
    let accepted = field(&out, "accepted", "flits/cycle/host");
    let latency = field(&out, "mean latency", "cycles,");
    assert!((0.085..=0.115).contains(&accepted), "{out}");
    // 8x8 mesh, uniform: about 5.3 hops of 4 cycles plus 19 flits of serialisation
    assert!((30.0..=60.0).contains(&latency), "{out}");
    // past saturation it carries less than it is offered, not more
    let sat = String::from_utf8_lossy(&run(&["0.9", "4000"]).stdout).into_owned();
    assert!(field(&sat, "accepted", "flits/cycle/host") < 0.6, "{sat}");
    for (args, names) in [
        (&["x", "10"][..], "RATE"),
        (&["0.1", "ten"][..], "CYCLES"),
        (&["0.1", "10", "17"][..], "K in 2..=16"),
        (&["1.5", "10"][..], "RATE in 0..=1"),
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
    }
}

/// The statistics of a run (with `env` set), without its time.
fn results(exe: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let o = Command::new(exe)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(o.status.success(), "{args:?}");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let end = out.find(" s, ").expect("a time");
    out[..out[..end].rfind(", ").unwrap()].to_string()
}

#[test]
fn the_bit_plane_model_gives_the_lean_models_results_to_the_flit() {
    let lean = build("lean-iq-mesh.rs", "same");
    let planes = build("bitplane-iq-mesh.rs", "same");
    for (rate, k) in [
        ("0.05", "3"),
        ("0.4", "3"),
        ("0.2", "5"),
        ("0.1", "8"),
        ("0.6", "8"),
    ] {
        let args = [rate, "3000", k];
        let (a, b) = (results(&lean, &args, &[]), results(&planes, &args, &[]));
        assert!(
            a.contains("latency sum") && !a.contains("0 flits and"),
            "{a}"
        );
        assert_eq!(a, b, "rate {rate}, {k}x{k}");
    }
    // the planes gathered from the registers every cycle instead of kept by the events
    let args = ["0.3", "3000", "12"];
    let gathered = results(&planes, &args, &[("GATHER", "1")]);
    assert_eq!(gathered, results(&lean, &args, &[]), "GATHER=1");
    for (args, names) in [
        (&["x", "10"][..], "RATE"),
        (&["0.1", "10", "17"][..], "K in 2..=16"),
    ] {
        let o = Command::new(&planes).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
    }
}
