//! Testbench of the tidy Verilog (`rtl/tidy/<block>.v`, docs/rtl.md §Tidy Verilog): the form
//! an engineer keeps, proven equivalent to the raw rust-hdl emission. Every twin's tidy form is
//! checked for freshness by `rtl::checked_in_verilog_is_fresh` and for lint and equivalence by
//! `rtl::flow::<twin>`; these tests show what the form is, that the equivalence check bites,
//! and that a missing form is named.

use crate::common::flitwave;
use flitwave::hdl::eda;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-tidy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The tidy form of a twin (docs/rtl.md §Tidy Verilog) keeps its registers in its own clocked
/// block, has no `$`, no clock assigned in a combinational block and no 32-bit literal, sizes
/// its signals by named parameters, and is proven equivalent to the raw emission; a tidy form
/// with one constant changed is not.
#[test]
fn tidy_verilog_is_equivalent_and_a_changed_one_is_caught() {
    let raw = Path::new("rtl/credit.v").canonicalize().unwrap();
    let tidy_file = eda::tidy_path(Path::new("rtl"), "credit")
        .canonicalize()
        .unwrap();
    let tidy = std::fs::read_to_string(&tidy_file).unwrap();
    assert_eq!(tidy.matches("\nmodule ").count(), 1, "{tidy}");
    assert!(tidy.contains("always @(posedge clock) begin"));
    for bad in ["$", "32'h", "= clock;", "= reset;", "[15:0]"] {
        assert!(!tidy.contains(bad), "{bad} in rtl/tidy/credit.v");
    }
    // the counter width is a named parameter (Twin::PARAMS), declared before its first use
    let param = tidy
        .find("    localparam CNT_W = 16;")
        .expect("CNT_W declared");
    for sig in [
        "input wire  [CNT_W-1:0] size;",
        "output reg  [CNT_W-1:0] credits;",
    ] {
        assert!(tidy.find(sig).is_some_and(|at| at > param), "{sig}\n{tidy}");
    }
    let ok = eda::equiv(&raw, &tidy_file, "credit").unwrap();
    assert!(ok.passed(), "{ok:?}");
    let d = scratch("tidy-bug");
    let wrong = d.join("credit.v");
    let changed = tidy.replace("count_q + 16'h1", "count_q + 16'h2");
    assert_ne!(changed, tidy);
    std::fs::write(&wrong, changed).unwrap();
    let r = eda::equiv(&raw, &wrong, "credit").unwrap();
    assert!(!r.passed() && r.unproven > 0, "{r:?}");
}

/// A twin without its tidy form fails `flitwave rtl check` with the file named and how to
/// write it, after the synthesis beside the tidy form's checks has run (its report is
/// written): no table line.
#[test]
fn rtl_check_names_a_missing_tidy_form() {
    let dir = scratch("missing").join("rtl");
    std::fs::create_dir_all(dir.join("tidy")).unwrap();
    std::fs::copy("rtl/credit.v", dir.join("credit.v")).unwrap();
    let d = dir.to_str().unwrap();
    let (ok, out, err) = flitwave(&[
        "rtl", "check", "--block", "credit", "--cycles", "500", "--dir", d,
    ]);
    assert!(!ok, "{out}{err}");
    assert!(
        err.contains("rtl/tidy/credit.v") && err.contains("run `flitwave rtl emit`"),
        "{err}"
    );
    assert!(!out.contains("credit "), "{out}");
    assert!(dir.join("reports/credit.txt").exists());
}
