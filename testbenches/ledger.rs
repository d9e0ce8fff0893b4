//! Testbench of the fidelity ledger (`flitwave reproduce check`): it reads the committed raw
//! results of every paper's reproduction, lists each paper's headline claims — the paper named
//! by its short title, never by a seed number — with the paper's figure, flitwave's mean with
//! its 95 % interval over the replicates, the cells, the tolerance and the status, writes the
//! ledger as README.md beside them, and recomputes rather than copies: a changed raw result
//! changes the status, too few replicates give none.

use crate::common::{fails_with, flitwave, fresh_dir};
use flitwave::reproduce::ledger::RAW;
use std::path::{Path, PathBuf};

/// The committed raw results, copied into a scratch directory (the check writes README.md
/// there, never into docs/results during a test).
fn scratch_results(name: &str) -> PathBuf {
    let d = fresh_dir("ledger", name);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/results");
    for s in RAW {
        let to = d.join(s.file());
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(src.join(s.file()), &to).unwrap();
    }
    d
}

/// The papers' short titles (README.md, docs/models.md), in the ledger's order: each row
/// begins with its paper's.
const TITLES: [&str; 5] = [
    "ITB",
    "Fat-trees",
    "Speculative routing",
    "DL",
    "In-order delivery",
];

/// Whether `line` is a row of the ledger's table: it begins with a paper's short title.
fn is_row(line: &str) -> bool {
    TITLES.iter().any(|t| line.starts_with(&format!("| {t} |")))
}

/// The ledger's row of paper `title` whose claim names `claim`, from the results under `d`.
fn ledger_row(d: &Path, title: &str, claim: &str) -> String {
    let (ok, out, err) = flitwave(&["reproduce", "check", "--results", d.to_str().unwrap()]);
    assert!(ok, "{err}");
    out.lines()
        .find(|l| l.starts_with(&format!("| {title} |")) && l.contains(claim))
        .unwrap_or_else(|| panic!("no row of {title} naming {claim:?}:\n{out}"))
        .to_string()
}

#[test]
fn the_ledger_lists_every_paper_and_is_written_beside_the_results() {
    let d = scratch_results("all");
    let (ok, out, err) = flitwave(&[
        "reproduce",
        "check",
        "--results",
        d.to_str().unwrap(),
        "--write",
    ]);
    assert!(ok, "{err}");
    for t in TITLES {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("| {t} |"))),
            "{t} missing:\n{out}"
        );
    }
    assert!(out.contains(
        "| paper | headline claim | in the paper | flitwave (mean ± 95 %) | cells | tolerance | status |"
    ));
    let rows: Vec<&str> = out.lines().filter(|l| is_row(l)).collect();
    assert_eq!(rows.len(), 16, "{out}");
    // every row of the table is a paper's: none is named by its seed number any more
    let table: Vec<&str> = out.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(table.len(), rows.len() + 1, "{out}");
    for r in &rows {
        assert!(
            [
                "| matches |",
                "| differs |",
                "| undecided |",
                "| too few replicates |"
            ]
            .iter()
            .any(|s| r.contains(s)),
            "{r}"
        );
        assert!(r.contains(" network") || r.contains(" seed"), "{r}");
    }
    // the papers re-run with their replicates have a verdict on every claim
    for r in &rows {
        assert!(!r.contains("| too few replicates |"), "{r}");
    }
    let readme = std::fs::read_to_string(d.join("README.md")).unwrap();
    assert_eq!(readme.trim_end(), out.trim_end());
    // the committed ledger is this one (regenerate it with the command when results change)
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/results/README.md"),
    )
    .unwrap();
    let table = |s: &str| {
        s.lines()
            .filter(|l| is_row(l))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        table(&committed),
        table(&out),
        "docs/results/README.md is stale: run `flitwave reproduce check --write` and commit it"
    );
}

/// Without `--write` the check only reads: the results directory is left as it was, an
/// earlier ledger in it untouched.
#[test]
fn the_check_only_reads_unless_asked_to_write() {
    let d = scratch_results("read-only");
    let listing = |d: &Path| {
        let mut v: Vec<_> = walk(d)
            .into_iter()
            .map(|p| (p.clone(), std::fs::read(&p).unwrap()))
            .collect();
        v.sort();
        v
    };
    let before = listing(&d);
    let (ok, out, err) = flitwave(&["reproduce", "check", "--results", d.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("\n| ITB |"), "{out}");
    assert!(!d.join("README.md").exists(), "the check wrote README.md");
    assert_eq!(
        listing(&d),
        before,
        "the check changed the results directory"
    );
    std::fs::write(d.join("README.md"), "an earlier ledger\n").unwrap();
    let (ok, _, err) = flitwave(&["reproduce", "check", "--results", d.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("README.md")).unwrap(),
        "an earlier ledger\n"
    );
}

/// Every file under `d`.
fn walk(d: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(d).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn a_changed_raw_result_changes_the_status() {
    let d = scratch_results("flip");
    let p = d.join("speculative_raw.json");
    let raw: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    let row = |d: &Path| ledger_row(d, "Speculative routing", "SSR 2-hop over");
    // SSR made to accept `k` times as much on every seed
    let scaled = |k: f64| {
        let mut r = raw.clone();
        for pt in r["points"].as_array_mut().unwrap() {
            if pt["series"] == "SSR 2-hop" {
                let a = pt["accepted"].as_f64().unwrap();
                pt["accepted"] = serde_json::json!(a * k);
            }
        }
        std::fs::write(&p, serde_json::to_string(&r).unwrap()).unwrap();
        row(&d)
    };
    let up = scaled(1.5);
    assert!(up.contains("| matches |"), "{up}");
    let down = scaled(0.5);
    assert!(down.contains("| differs |"), "{down}");
}

/// A claim over fewer replicates than it needs has no verdict: ITB's uniform table read
/// from one network of the five says so, whatever its mean.
#[test]
fn too_few_replicates_give_no_verdict() {
    let d = scratch_results("few");
    let row = |d: &Path| ledger_row(d, "ITB", "Table 1:");
    let all = row(&d);
    assert!(all.contains("(5 networks)"), "{all}");
    assert!(!all.contains("| too few replicates |"), "{all}");
    let p = d.join("itb-legal/itb_raw.json");
    let mut raw: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    raw["cases"]
        .as_array_mut()
        .unwrap()
        .retain(|c| c["topology_seed"] == 1);
    std::fs::write(&p, serde_json::to_string(&raw).unwrap()).unwrap();
    let one = row(&d);
    assert!(
        one.contains("(1 network), fewer than the 5 a claim needs"),
        "{one}"
    );
    assert!(one.contains("| too few replicates |"), "{one}");
}

#[test]
fn missing_results_are_a_clear_error() {
    let d = fresh_dir("ledger", "empty");
    fails_with(
        &["reproduce", "check", "--results", d.to_str().unwrap()],
        &[
            "itb_raw.json",
            "flitwave reproduce itb --topologies 5 --paths legal-first --local-metric route --out",
        ],
    );
}

/// The Fat-trees paper's Figure 5 row reads the paper's scale (a 4-ary 4-tree with 8 KB packets) and names
/// the network the file it read holds: the reduced run put in its place (a 4-ary 3-tree, 1 KB
/// packets) is named as such and cannot match.
#[test]
fn the_fattree_row_reads_the_scale_it_names() {
    let row = |d: &Path| ledger_row(d, "Fat-trees", "Fig. 5");
    let d = scratch_results("fattree-scale");
    let paper = row(&d);
    assert!(paper.contains("4-ary 4-tree, 8 KB packets:"), "{paper}");
    assert!(!paper.contains("not the paper's"), "{paper}");
    assert!(paper.contains("(3 seeds)"), "{paper}");
    let (fig5, fig7) = (RAW[3], RAW[4]);
    std::fs::copy(d.join(fig7.file()), d.join(fig5.file())).unwrap();
    let reduced = row(&d);
    assert!(
        reduced.contains("4-ary 3-tree, 1 KB packets (not the paper's 4-ary 4-tree, 8 KB)"),
        "{reduced}"
    );
    assert!(reduced.contains("| differs |"), "{reduced}");
    // a missing file names the reproduction that writes it, at its scale
    std::fs::remove_file(d.join(fig5.file())).unwrap();
    let cmd = flitwave::reproduce::ledger::command(&d, &fig5);
    fails_with(
        &["reproduce", "check", "--results", d.to_str().unwrap()],
        &[cmd.as_str(), "--full"],
    );
}

/// ITB's local rows read the run with ITB's paths as §3 describes them and local traffic
/// counted along up*/down* routes, and show the random-path runs' figures beside; given a
/// random-path, minimal-hop run in its place, the row says so from the file's own options.
#[test]
fn the_local_rows_name_how_switches_away_were_counted() {
    let row = |d: &Path| ledger_row(d, "ITB", "Table 5");
    let d = scratch_results("local-metric");
    let route = row(&d);
    assert!(
        route.contains("ITB paths legal-first, switches away by route hops"),
        "{route}"
    );
    assert!(route.contains("; random paths, route hops: "), "{route}");
    assert!(route.contains("; random paths, minimal hops: "), "{route}");
    std::fs::copy(d.join("itb/itb_raw.json"), d.join("itb-legal/itb_raw.json")).unwrap();
    let minimal = row(&d);
    assert!(
        minimal.contains("ITB paths random, switches away by minimal hops"),
        "{minimal}"
    );
    assert!(minimal.contains("| differs |"), "{minimal}");
}
