//! Testbench of `scripts/lean-iq-mesh.rs`, the lean model of the booksim-iq router that
//! docs/performance.md measures against BookSim2 and flitwave (issue 29 item 1): it builds
//! with rustc alone, carries the offered load below saturation with a latency of the
//! preset's order (4 cycles a hop), and refuses bad arguments naming them.

use std::path::{Path, PathBuf};
use std::process::Command;

fn build() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("flitwave_lean_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join("lean");
    let out = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["-C", "opt-level=2", "-o"])
        .arg(&exe)
        .arg(root.join("scripts/lean-iq-mesh.rs"))
        .output()
        .expect("rustc runs (the test suite is built by cargo, so rustc is installed)");
    assert!(
        out.status.success(),
        "scripts/lean-iq-mesh.rs builds: {}",
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
    let exe = build();
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
        (&["0.1", "10", "16"][..], "K in 2..=8"),
        (&["1.5", "10"][..], "RATE in 0..=1"),
    ] {
        let o = run(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(names), "{args:?}: {err}");
    }
}
