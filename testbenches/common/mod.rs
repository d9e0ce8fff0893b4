//! What the CLI testbenches share: running the built `flitwave` binary and checking that bad
//! input fails with a clear error (never a panic).

pub mod trace;

use std::process::Command;

pub fn flitwave(args: &[&str]) -> (bool, String, String) {
    flitwave_env(&[], args)
}

/// [`flitwave`] with environment variables set.
pub fn flitwave_env(env: &[(&str, &str)], args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .envs(env.iter().copied())
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn fails_with(args: &[&str], needles: &[&str]) {
    let (ok, out, err) = flitwave(args);
    assert!(!ok, "{args:?} should fail; stdout: {out}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    for n in needles {
        assert!(
            err.contains(n),
            "{args:?}: error should mention {n:?}, got: {err}"
        );
    }
}

/// Options of a run that deadlocks within a few thousand cycles: a vct 4×4 torus under
/// dimension order without dateline VCs, loaded at 0.9 (append `--cycles` and outputs).
#[allow(dead_code)]
pub const DEADLOCKED_TORUS: &[&str] = &[
    "--family",
    "vct",
    "--set",
    "topology.kind=\"torus\"",
    "--routing",
    "dor",
    "--message-bytes",
    "256",
    "--set",
    "watchdog_cycles=3000",
];

/// A fresh temporary directory `flitwave_<suite>_<name>_<pid>` for one test.
#[allow(dead_code)]
pub fn fresh_dir(suite: &str, name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave_{suite}_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A path as the `&str` a command line takes.
#[allow(dead_code)]
pub fn arg(p: &std::path::Path) -> &str {
    p.to_str().expect("temporary paths are UTF-8")
}

/// BookSim2's iq preset (`configs/booksim-iq.toml`) with `key=value` overrides.
pub fn booksim_preset(over: &[&str]) -> flitwave::experiment::config::Config {
    let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
    flitwave::experiment::config::Config::from_toml(
        include_str!("../../configs/booksim-iq.toml"),
        &o,
    )
    .unwrap()
}

/// The vc-family network of `c`.
pub fn vc_network(
    c: &flitwave::experiment::config::Config,
) -> flitwave::fabric::Network<flitwave::fabric::vc::VcFamily> {
    match flitwave::experiment::build::build(c).unwrap().network {
        flitwave::fabric::AnyNetwork::Vc(n) => n,
        _ => panic!("not a vc network"),
    }
}
