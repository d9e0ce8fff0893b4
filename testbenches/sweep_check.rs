//! A sweep checks its whole grid before it runs: every curve, grid point and seed is built as
//! its points will be, and a refusal stops the sweep before the first point, naming the curve.
//! A reproduction does the same with its jobs.

use crate::common::{self, fails_with};
use std::path::Path;

fn s(p: &Path) -> &str {
    common::arg(p)
}

/// A sweep whose later curve its routing refuses (UGAL on a dragonfly of 2 VCs) stops before
/// the first point runs: the error names the curve, its routing and what the routing needs,
/// and no store is written. Every curve and seed is checked, grid points included.
#[test]
fn a_sweep_checks_every_curve_before_the_first_point_runs() {
    let d = common::fresh_dir("sweep_check", "check-first");
    let st = d.join("s.jsonl");
    let started = std::time::Instant::now();
    fails_with(
        &[
            "sweep",
            "--config",
            "configs/booksim-dragonfly.toml",
            "--routings",
            "dfly-min,dfly-ugal",
            "--rates",
            "0.1,0.3,0.5,0.7",
            "--cycles",
            "1000000",
            "--store",
            s(&st),
            "--quiet",
        ],
        &[
            "curve 2 (routing dfly-ugal)",
            "seed 1",
            "before any point ran",
            "switch.vcs",
            "4 VCs",
        ],
    );
    // four points of a million cycles on 264 routers would take many minutes
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "the sweep ran points before it failed"
    );
    assert!(!st.exists(), "a failed sweep left a store behind");
    // a grid point the routing refuses, among others it accepts
    fails_with(
        &[
            "sweep",
            "--config",
            "configs/booksim-dragonfly.toml",
            "--set",
            "routing.algorithm=\"dfly-ugal\"",
            "--set",
            "routing.selection=\"ugal-l\"",
            "--grid",
            "switch.vcs=4,2",
            "--rates",
            "0.1",
            "--cycles",
            "1000000",
            "--quiet",
        ],
        &["curve 2", "grid switch.vcs=2", "4 VCs"],
    );
}

#[test]
fn a_reproduction_builds_every_job_before_the_first_runs() {
    // job 1 (16 switches, a million cycles a point on one thread) would take hours; job 2's
    // network cannot be held under the limit: the reproduction ends at once, naming job 2
    let out = common::fresh_dir("sweep_check", "reproduce-first").join("out");
    let started = std::time::Instant::now();
    let (ok, _, err) = common::flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "64M")],
        &[
            "reproduce",
            "itb",
            "--sizes",
            "16,2048",
            "--patterns",
            "uniform",
            "--bytes",
            "512",
            "--topologies",
            "1",
            "--cycles",
            "1000000",
            "--threads",
            "1",
            "--out",
            s(&out),
        ],
    );
    // the estimate of its time comes first, then the error
    assert!(!ok && err.contains("\nerror: "), "{err}");
    for n in [
        "job 2 of 2, checked before any job ran",
        "topology.switches = 2048",
        "FLITWAVE_MEMORY_LIMIT=64M",
    ] {
        assert!(err.contains(n), "{n:?} in {err}");
    }
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "the reproduction ran a job before it failed"
    );
    assert!(
        !out.exists(),
        "a failed reproduction left its folder behind"
    );
}
