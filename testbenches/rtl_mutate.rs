//! Testbench of the seeded mutants (docs/rtl.md §Seeded mutants): every mutant of every table
//! applies to the checked-in Verilog; `flitwave rtl mutate` proves the credit counter and
//! rejects each of its mutants, and fails when a property set lets one through; bad input is
//! refused naming what is allowed. The rejection of every mutant of every twin is the full
//! tier's `rtl_prove::proofs::<twin>`. Needs yosys, yosys-smtbmc and z3.

use crate::rtl_icarus::flitwave;
use flitwave::hdl::eda::{mutants, mutate, verilog_path};
use flitwave::hdl::BLOCKS;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-mutate-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn rtl() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rtl")
}

/// Every twin has a table of 3 mutants at least, and each mutant's original text occurs
/// exactly once in the twin's checked-in Verilog (the file `rtl prove` proves and synthesis
/// reads), so that it changes one place.
#[test]
fn every_twin_has_mutants_that_apply_once() {
    for b in BLOCKS {
        let table = mutate::of(b.name()).unwrap();
        assert!(table.len() >= 3, "{}: {} mutants", b.name(), table.len());
        let v = std::fs::read_to_string(verilog_path(&rtl(), b.name())).unwrap();
        for n in 1..=table.len() {
            let m = mutate::apply(b.name(), &v, n).unwrap();
            assert_ne!(m, v, "{} mutant {n}", b.name());
        }
    }
    assert_eq!(mutants::TABLES.len(), BLOCKS.len());
}

/// `flitwave rtl mutate credit`: the counter proven as emitted and each of its mutants
/// rejected, the `give` without `take` one (which the former properties let through) by
/// next_count or refusals_flagged; exit 0.
#[test]
fn rtl_mutate_proves_the_credit_counter_and_rejects_its_mutants() {
    let root = scratch("credit");
    let out = flitwave(
        &["rtl", "mutate", "credit", "--dir", rtl().to_str().unwrap()],
        &root,
    );
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{text}{err}");
    let rows = |v: &str| {
        text.lines()
            .filter(|l| l.starts_with("credit") && l.contains(v))
            .count()
    };
    assert_eq!(rows(" PROVEN "), 1, "{text}");
    assert_eq!(
        rows(" REJECTED "),
        mutate::of("credit").unwrap().len(),
        "{text}"
    );
    let first = text
        .lines()
        .position(|l| l.starts_with("credit             1 REJECTED"))
        .unwrap();
    let row: String = text.lines().skip(first).take(3).collect();
    assert!(row.contains("`give` without the `take` term"), "{row}");
    assert!(
        row.contains("next_count") || row.contains("refusals_flagged"),
        "{row}"
    );
}

/// A property set that does not bind the gate a mutant changes lets it through, and the
/// command fails naming it: the credit counter's former properties (in_range alone) against
/// the `give` without `take` mutant. Bad input is refused naming what is allowed.
#[test]
fn a_surviving_mutant_fails_the_command() {
    let root = scratch("survive");
    let dir = root.join("rtl");
    std::fs::create_dir_all(dir.join("props")).unwrap();
    std::fs::copy(rtl().join("credit.v"), dir.join("credit.v")).unwrap();
    std::fs::write(
        dir.join("props/credit.sv"),
        "// property in_range: the credit counter stays within 0..size\n\
         always @(*) if (!fw_init) assert(count$q <= limit$q);\n",
    )
    .unwrap();
    let out = flitwave(
        &[
            "rtl",
            "mutate",
            "credit",
            "--mutant",
            "1",
            "--mutants-only",
            "--dir",
            "rtl",
        ],
        &root,
    );
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!out.status.success(), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("credit") && l.contains(" SURVIVED ")),
        "{text}"
    );
    assert!(err.contains("credit mutant 1"), "{err}");
    for (args, says) in [
        (
            vec!["rtl", "mutate", "credit", "--mutant", "0"],
            "credit has no mutant 0; allowed 1..=4",
        ),
        (vec!["rtl", "mutate", "nosuch"], "nosuch"),
        (
            vec!["rtl", "mutate", "credit", "arbiter", "--mutant", "1"],
            "--mutant",
        ),
    ] {
        let out = flitwave(&args, &root);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains(says),
            "{args:?}: {err}"
        );
    }
}
