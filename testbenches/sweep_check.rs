//! A sweep checks its whole grid before it runs: every curve, grid point and seed is built as
//! its points will be, and a refusal stops the sweep before the first point, naming the curve.

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
