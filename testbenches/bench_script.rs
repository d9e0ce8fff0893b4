//! Testbench of `scripts/bench-vs-booksim.sh` (issue 29 item 6), with a stand-in for BookSim2
//! that reports its simulated cycles as BookSim2 does (and exits with 255 as it does): the
//! script runs flitwave for exactly those cycles at every point and prints one row per point
//! with both times and their ratio (with `MODELS=1` the lean and bit-plane models of
//! docs/performance.md too); bad arguments are refused before anything is built.

use std::path::{Path, PathBuf};
use std::process::Command;

fn script(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    crate::common::script("bench-vs-booksim.sh", args, env)
}

fn fake_booksim(dir: &Path, body: &str) -> PathBuf {
    let p = dir.join("booksim");
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    Command::new("chmod").arg("+x").arg(&p).status().unwrap();
    p
}

#[test]
fn the_script_times_both_simulators_at_equal_cycles() {
    let dir = std::env::temp_dir().join(format!("flitwave_bench_sh_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fw = env!("CARGO_BIN_EXE_flitwave");
    let bs = fake_booksim(
        &dir,
        "echo 'Warmed up ...Time used is 3000 cycles'\necho 'Time taken is 4000 cycles'\nexit 255",
    );
    let (code, out, err) = script(&[bs.to_str().unwrap(), "1"], &[("FLITWAVE", fw)]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("| 4000 |")).collect();
    assert_eq!(rows.len(), 5, "{out}");
    for (row, (mesh, load)) in rows.iter().zip([
        ("8x8", "0.01"),
        ("8x8", "0.10"),
        ("8x8", "0.30"),
        ("16x16", "0.01"),
        ("16x16", "0.10"),
    ]) {
        assert!(
            row.starts_with(&format!("| {mesh} | {load} | 4000 |")),
            "{row}"
        );
        assert!(
            row.trim_end().ends_with("x |") || row.contains("| - |"),
            "{row}"
        );
    }
    // a stand-in that reports no cycles is an error naming the point
    let broken = fake_booksim(&dir, "echo 'Simulation unstable'\nexit 255");
    let (code, _, err) = script(&[broken.to_str().unwrap(), "1"], &[("FLITWAVE", fw)]);
    assert_eq!(code, 1);
    assert!(
        err.contains("8x8, 0.01") && err.contains("Simulation unstable"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_models_the_script_times_the_lean_and_bit_plane_models_in_the_same_rounds() {
    let dir = std::env::temp_dir().join(format!("flitwave_bench_models_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fw = env!("CARGO_BIN_EXE_flitwave");
    let bs = fake_booksim(&dir, "echo 'Time taken is 3000 cycles'\nexit 255");
    let (code, out, err) = script(
        &[bs.to_str().unwrap(), "1"],
        &[("FLITWAVE", fw), ("MODELS", "1")],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| lean model user s | lean ratio | bit planes user s | bit-plane ratio |"),
        "{out}"
    );
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("| 3000 |")).collect();
    assert_eq!(rows.len(), 5, "{out}");
    for row in rows {
        // mesh, load, cycles, BookSim2, flitwave, range, ratio, lean, ratio, planes, ratio
        assert_eq!(row.matches('|').count(), 12, "{row}");
        assert!(
            row.trim_end().ends_with("x |") || row.ends_with("| - |"),
            "{row}"
        );
    }
    let (code, _, err) = script(
        &[bs.to_str().unwrap(), "1"],
        &[("FLITWAVE", fw), ("MODELS", "yes")],
    );
    assert_eq!(code, 2);
    assert!(err.contains("MODELS must be 0 or 1, got yes"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused_before_anything_runs() {
    let (code, _, err) = script(&["/no/such/booksim"], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("not an executable BookSim2 binary"), "{err}");
    let (code, _, err) = script(&["/bin/true", "0"], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("RUNS must be a positive integer"), "{err}");
    let (code, _, err) = script(&[], &[]);
    assert_ne!(code, 0);
    assert!(err.contains("usage"), "{err}");
}
