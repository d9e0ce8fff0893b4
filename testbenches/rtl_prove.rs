//! Testbench of `flitwave rtl prove` (docs/rtl.md §Proofs): every twin has its properties and
//! each one is proven (full tier); a twin with a seeded bug fails the property the bug breaks,
//! with a counterexample VCD and its save file; bad input is refused with a clear error.
//! Needs yosys, yosys-smtbmc and z3 (scripts/test.sh installs them).

use crate::rtl_icarus::flitwave;
use flitwave::hdl::eda::mutate;
use flitwave::hdl::eda::prove::{self, ProveOptions, Verdict};
use flitwave::hdl::eda::verilog_path;
use flitwave::hdl::{self, BLOCKS};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-prove-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Seeded bugs: (block, its mutant in the block's table (src/hdl/eda/mutants.rs), the property
/// that must then fail), each found by a bounded check from reset at the depth of the block's
/// props file, or of [`prove::DEPTH`] cycles for the blocks in [`DEEPER`].
const SEEDED: &[(&str, usize, &str)] = &[
    // a return at the size is refused although a consume takes a credit the same cycle
    ("credit", 1, "next_count"),
    // the round-robin mask forgets the requests
    ("arbiter", 1, "grant_to_requester"),
    // output 0's stage-2 arbiter grants every input that picked it
    ("allocator", 1, "no_output_granted_twice"),
    // the bypass register compares the write pointer with the wrong read pointer
    ("slack_buffer", 1, "refill_head"),
    // the LUC's saturation at 0 tests for 0 instead of for a decrement larger than it
    ("luc_ncb", 1, "luc_saturating"),
    // the VC-difference entry's absolute flag read from the wrong bit
    ("dl_table", 1, "lookup_vc_legal"),
    // the cyclic interval test (FI > LI wraps round) takes the and of the two comparisons
    ("ir_fir", 1, "hit_is_cyclic_interval"),
    // a descriptor is taken even when the ring is full and nothing leaves
    ("itb", 1, "no_descriptor_overflow"),
    // the free-first rule looks at free channels that are not valid
    ("speculative", 1, "pick_to_candidate"),
    // the router's VC allocator: output VC 0's stage-2 arbiter grants every input VC that
    // picked it
    ("vc_router", 1, "vc_grants_onehot"),
];
/// Blocks whose props file's depth (2, or the router's 1: a bounded check of the reset cycle
/// alone) is too short for a bounded check to reach the seeded
/// bug (itb's ring overflows only after 8 descriptors): their bug is sought over
/// [`prove::DEPTH`] cycles (the check stops at the first failure, a few seconds each), where 2
/// would only show the property as not inductive.
const DEEPER: &[&str] = &["itb", "luc_ncb", "slack_buffer", "ir_fir", "vc_router"];

// The rearrange controller's seeded bugs are its mutants (`flitwave rtl mutate rearrange`
// rejects each one, by hand); a counterexample of its first (a delivery run skips every other
// sequence number) is 4 cycles after reset, a bounded check of 5 cycles beyond its props
// file's depth of 2: about 10 s (3 minutes before the models' deep cells were declared,
// docs/rtl.md §Proofs). By hand: `flitwave rtl prove rearrange --mutant 1 --property
// deliver_in_sequence --depth 5`.

/// Every twin has a props file, and it parses into at least one property.
#[test]
fn every_twin_has_properties() {
    for b in BLOCKS {
        let p = prove::props_path(Path::new("rtl"), b.name());
        let text = read(&p);
        let (_, props) = prove::parse(&text, &p.display().to_string()).unwrap();
        assert!(!props.is_empty());
    }
}

/// A seeded bug fails the property it breaks, 1..depth cycles after reset, and leaves a
/// counterexample VCD with its save file (that the property holds on the twin as emitted is
/// `proofs::<block>`).
/// Full tier (about 20 s); the quick tier's command test seeds the credit counter's bug.
#[test]
#[ignore = "full tier: proofs with seeded bugs"]
fn a_seeded_bug_fails_its_proof_with_a_counterexample() {
    for &(block, n, property) in SEEDED {
        let v = read(&verilog_path(Path::new("rtl"), block));
        let bad = mutate::apply(block, &v, n).unwrap();
        let pfile = prove::props_path(Path::new("rtl"), block);
        let props = read(&pfile);
        let cex = scratch(&format!("cex-{block}"));
        let o = ProveOptions {
            cex_dir: Some(cex.clone()),
            only: Some(property.into()),
            depth: DEEPER.contains(&block).then_some(prove::DEPTH),
        };
        let file = pfile.display().to_string();
        let bad = prove::prove(block, &bad, &props, &file, &o).unwrap();
        match &bad[0].verdict {
            Verdict::Failed {
                step,
                depth,
                vcd: Some(vcd),
            } => {
                assert!(*step >= 1 && step <= depth, "{block}: step {step}");
                let text = read(vcd);
                assert!(text.contains("$enddefinitions") && text.contains("reset"));
                let gtkw = read(&flitwave::sim::gtkw::save_path(vcd));
                assert!(gtkw.contains(&format!("{block}.{property}.vcd")), "{gtkw}");
            }
            other => panic!("{block}.{property} with the seeded bug: {other:?}"),
        }
    }
}

/// Twins whose mutants took minutes each before the models' deep cells were declared (a bounded
/// check of the rearrange controller, the speculative unit's cost comparators, the whole
/// router; now about 10 s, 3.5 s and 14 s, but the router's mutant 4, 10 minutes): the full
/// tier checks their mutant 1 alone (in [`SEEDED`]; the rearrange controller none), and the
/// whole table is reproduced by `flitwave rtl mutate rearrange speculative vc_router`
/// (docs/rtl.md §Seeded mutants, about 14 minutes), so that the tier stays within its time.
const MUTANTS_BY_HAND: &[&str] = &["rearrange", "speculative", "vc_router"];

/// Every property of a twin is proven (bounded check from reset and k-induction at the depth of
/// its props file), and every seeded mutant of its table (src/hdl/eda/mutants.rs) is rejected:
/// a bounded check from reset finds a counterexample to some property (docs/rtl.md §Seeded
/// mutants); for the twins of [`MUTANTS_BY_HAND`] the table's length alone.
fn every_property_is_proven_and_every_mutant_rejected(name: &str) {
    let b = hdl::find(name).unwrap();
    let v = read(&verilog_path(Path::new("rtl"), b.name()));
    let pfile = prove::props_path(Path::new("rtl"), b.name());
    let o = ProveOptions::default();
    let r = prove::prove(name, &v, &read(&pfile), &pfile.display().to_string(), &o).unwrap();
    let bad: Vec<_> = r
        .iter()
        .filter(|p| p.verdict != Verdict::Proven)
        .map(|p| format!("{}: {:?}", p.property.name, p.verdict))
        .collect();
    assert!(bad.is_empty(), "{name}: {bad:?}");
    let (props, file) = (read(&pfile), pfile.display().to_string());
    let table = mutate::of(name).unwrap();
    assert!(
        table.len() >= 3,
        "{name}: {} mutants, 3 at least",
        table.len()
    );
    if MUTANTS_BY_HAND.contains(&name) {
        return;
    }
    let survived: Vec<_> = (1..=table.len())
        .filter(|&n| {
            let o = mutate::check(name, &v, &props, &file, n).unwrap();
            o.rejected.is_none()
        })
        .map(|n| format!("mutant {n}: {}", table[n - 1].what))
        .collect();
    assert!(survived.is_empty(), "{name}: survived {survived:?}");
}

/// The proofs of every twin and the rejection of its seeded mutants, one test each; full tier,
/// as the RTL flow (docs/testing.md).
macro_rules! proofs_of_every_twin {
    ($($block:ident),* $(,)?) => {
        mod proofs {
            $(
                #[test]
                #[ignore = "full tier: the proofs of the twins' properties, and their mutants"]
                fn $block() {
                    super::every_property_is_proven_and_every_mutant_rejected(stringify!($block));
                }
            )*

            /// A new twin cannot be left out: every registered one has its proof test.
            #[test]
            fn every_twin_has_a_proof_test() {
                let tested = [$(stringify!($block)),*];
                for b in flitwave::hdl::BLOCKS {
                    assert!(tested.contains(&b.name()), "twin {} has no proof test", b.name());
                }
                assert_eq!(tested.len(), flitwave::hdl::BLOCKS.len());
            }
        }
    };
}

proofs_of_every_twin!(
    arbiter,
    slack_buffer,
    credit,
    ir_fir,
    itb,
    allocator,
    vc_allocator,
    dl_table,
    rearrange,
    luc_ncb,
    speculative,
    vc_router,
);

/// `flitwave rtl prove` as a user runs it: PROVEN per property and exit 0; with a seeded bug,
/// FAILED, the save file to open, and a non-zero exit naming the property; bad input refused.
#[test]
fn rtl_prove_command_proves_fails_and_refuses() {
    let root = scratch("cmd");
    let rtl = Path::new(env!("CARGO_MANIFEST_DIR")).join("rtl");
    let out = flitwave(
        &["rtl", "prove", "credit", "--dir", rtl.to_str().unwrap()],
        &root,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        text.lines().filter(|l| l.contains(" PROVEN ")).count(),
        4,
        "{text}"
    );
    // a copy of rtl/ with a bug edited in by hand: a return is taken even at the size
    let bad = root.join("rtl");
    std::fs::create_dir_all(bad.join("props")).unwrap();
    let from = "give = ret & ((count$q != limit$q) | take);";
    let v = read(&rtl.join("credit.v")).replace(from, "give = ret;");
    std::fs::write(bad.join("credit.v"), v).unwrap();
    std::fs::copy(rtl.join("props/credit.sv"), bad.join("props/credit.sv")).unwrap();
    let out = flitwave(
        &["rtl", "prove", "credit", "--dir", "rtl", "--cex", "cex"],
        &root,
    );
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!out.status.success());
    assert!(
        text.lines()
            .any(|l| l.contains("in_range") && l.contains("FAILED")),
        "{text}"
    );
    assert!(text.contains("gtkwave cex/credit.in_range.gtkw"), "{text}");
    assert!(root.join("cex/credit.in_range.vcd").exists());
    assert!(err.contains("credit.in_range"), "{err}");
    // seeded mutant 1, `give` without the `take` term: a return at the size refused although
    // a consume takes a credit the same cycle; in_range alone, the property that passed it
    // before, still holds
    let out = flitwave(
        &[
            "rtl",
            "prove",
            "credit",
            "--mutant",
            "1",
            "--dir",
            rtl.to_str().unwrap(),
        ],
        &root,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{text}");
    for (p, v) in [
        ("in_range", "PROVEN"),
        ("next_count", "FAILED"),
        ("refusals_flagged", "FAILED"),
    ] {
        assert!(
            text.lines()
                .any(|l| l.contains(&format!(" {p} ")) && l.contains(v)),
            "{p} {v}: {text}"
        );
    }
    // bad input
    for (args, says) in [
        (vec!["rtl", "prove", "nosuch"], "nosuch"),
        (vec!["rtl", "prove", "credit", "--depth", "0"], "--depth"),
        (
            vec!["rtl", "prove", "credit", "--property", "nosuch"],
            "in_range",
        ),
        (
            vec![
                "rtl",
                "prove",
                "credit",
                "arbiter",
                "--property",
                "in_range",
            ],
            "--property",
        ),
        (
            vec!["rtl", "prove", "arbiter", "--dir", "rtl"],
            "rtl/arbiter.v",
        ),
        (
            vec!["rtl", "prove", "credit", "--mutant", "9"],
            "credit has no mutant 9; allowed 1..=4",
        ),
        (
            vec!["rtl", "prove", "credit", "arbiter", "--mutant", "1"],
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
    // a props file that does not compile names itself and the property
    std::fs::write(
        bad.join("props/credit.sv"),
        "// property broken: refers to nothing\nalways @(*) assert(no_such_signal);\n",
    )
    .unwrap();
    let out = flitwave(&["rtl", "prove", "credit", "--dir", "rtl"], &root);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("broken") && err.contains("credit.sv"),
        "{err}"
    );
}

/// `flitwave rtl prove BLOCK` with standard output and standard error piped, progress lines
/// every `every` seconds: (success, stdout, stderr).
fn prove_piped(block: &str, every: &str, more: &[&str]) -> (bool, String, String) {
    let rtl = Path::new(env!("CARGO_MANIFEST_DIR")).join("rtl");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .args(["rtl", "prove", block, "--dir", rtl.to_str().unwrap()])
        .args(more)
        .env_remove("FLITWAVE_PROGRESS")
        .env("FLITWAVE_PROGRESS_EVERY", every)
        .current_dir(scratch(&format!("piped-{block}")))
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

/// The table prints each property's whole text, wrapped in its column rather than cut (a
/// description of several comment lines included), in rows of at most 100 columns; and off a
/// terminal the proofs report their progress on standard error: a line when a proof starts
/// and ends, and a heartbeat while it runs (here every 0.1 s instead of 30), none with --quiet.
#[test]
fn rtl_prove_prints_whole_texts_and_progress_on_a_pipe() {
    let (ok, out, err) = prove_piped("arbiter", "0.1", &[]);
    assert!(ok, "{out}{err}");
    let pfile = prove::props_path(Path::new("rtl"), "arbiter");
    let (_, props) = prove::parse(&read(&pfile), "arbiter.sv").unwrap();
    // the lines of each property's row: its first, and the ones under it that hold text only
    let lines: Vec<&str> = out.lines().collect();
    for p in &props {
        let at = lines
            .iter()
            .position(|l| l.starts_with("arbiter ") && l.contains(&format!(" {} ", p.name)))
            .unwrap_or_else(|| panic!("no row of {}: {out}", p.name));
        let col = lines[0].find("property").unwrap();
        let mut text = lines[at][col..].to_string();
        for l in &lines[at + 1..] {
            if !l.starts_with(&" ".repeat(col)) {
                break;
            }
            text = format!("{text} {}", l.trim());
        }
        assert_eq!(text, p.about, "{out}");
    }
    let starve = props.iter().find(|p| p.name == "no_starvation").unwrap();
    assert!(starve.about.contains("every input"), "{}", starve.about);
    assert!(
        starve.about.len() > 100,
        "a description over two comment lines"
    );
    let table: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with("arbiter ") || l.starts_with(' '))
        .collect();
    assert!(table.iter().all(|l| l.chars().count() <= 100), "{out}");
    // progress on the pipe: start and end of the joint proof, a heartbeat in between
    let names = "grant_onehot, grant_to_requester, round_robin, pointer_update, no_starvation";
    assert!(err.starts_with("rtl prove: 1 twin(s) (arbiter)"), "{err}");
    assert!(
        err.contains(&format!(
            "prove arbiter: 5/5 properties together ({names}), depth 20\n"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "prove arbiter: 5/5 properties together ({names}): PROVEN, "
        )),
        "{err}"
    );
    let beat = err.lines().any(|l| {
        l.starts_with(&format!(
            "prove arbiter: 5/5 properties together ({names}), "
        )) && [", compiling, ", ", bounded check, ", ", induction, "]
            .iter()
            .any(|s| l.contains(s))
            && l.ends_with(" s")
    });
    assert!(beat, "no heartbeat: {err}");
    assert!(!out.contains("prove arbiter:"), "progress on stdout: {out}");
    // --quiet: none of it
    let (ok, quiet_out, quiet_err) = prove_piped("arbiter", "0.1", &["--quiet"]);
    assert!(
        ok && quiet_out.contains("5 properties proven"),
        "{quiet_out}"
    );
    assert!(!quiet_err.contains("prove arbiter"), "{quiet_err}");
}

/// The arbiter's no_starvation holds for every input: with a seeded bug that starves input 2
/// (the round-robin mask drops its request, so while a lower input requests, 2 is never
/// granted) it fails, while the former property, which watched input 0 alone, still holds;
/// on the real arbiter it is proven.
#[test]
fn arbiter_no_starvation_fails_when_input_2_starves() {
    let v = read(&verilog_path(Path::new("rtl"), "arbiter"));
    let from = "masked = req & thermo;";
    assert_eq!(v.matches(from).count(), 1);
    let starved = v.replace(from, "masked = req & thermo & 8'hfb;");
    let pfile = prove::props_path(Path::new("rtl"), "arbiter");
    let (props, file) = (read(&pfile), pfile.display().to_string());
    let o = ProveOptions {
        only: Some("no_starvation".into()),
        ..ProveOptions::default()
    };
    let run = |v: &str, props: &str| prove::prove("arbiter", v, props, &file, &o).unwrap();
    match &run(&starved, &props)[0].verdict {
        // 8 cycles refused in a row after the reset cycle
        Verdict::Failed { step, .. } => assert_eq!(*step, 9),
        other => panic!("no_starvation with input 2 starved: {other:?}"),
    }
    assert_eq!(run(&v, &props)[0].verdict, Verdict::Proven);
    // input 0 alone, as the property watched before: the bug does not starve it
    let input0 = "// property no_starvation: input 0 alone\n\
        reg [3:0] fw_wait0;\n\
        always @(posedge clock)\n\
        \x20   if (reset || !req[0] || grant[0]) fw_wait0 <= 4'd0;\n\
        \x20   else fw_wait0 <= fw_wait0 + 4'd1;\n\
        always @(*) if (!fw_init) assert(fw_wait0 < 4'd8);\n";
    assert_eq!(run(&starved, input0)[0].verdict, Verdict::Proven);
}
