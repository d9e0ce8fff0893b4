//! Testbench of the VC router's pipeline form (`rtl/stages/vc_router/`, a module per stage;
//! docs/rtl.md §The router as its pipeline). The router's flow (`rtl::flow::vc_router`) proves
//! it equivalent to the twin's emission and lint-clean; here a changed gate must be caught.
//! Needs verilator and yosys (scripts/test.sh installs them).

use flitwave::hdl::{self, eda};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The router's pipeline form (`rtl/stages/vc_router/`, a module per stage) is proven
/// equivalent to its emission in the router's flow above; here one gate changed in a stage —
/// a credit returned while a flit consumes one counted as a consume alone, the counter's
/// `give` term dropped — leaves pairs unproven, and the lint has no waiver to hide behind.
#[test]
#[ignore = "full tier: the equivalence of the router's pipeline form (minutes)"]
fn a_changed_gate_in_the_routers_stages_is_caught() {
    let b = hdl::find("vc_router").unwrap();
    let d = scratch("stages-mutant");
    let st = eda::stages::dir(&d, "vc_router");
    std::fs::create_dir_all(&st).unwrap();
    std::fs::copy("rtl/vc_router.v", d.join("vc_router.v")).unwrap();
    for f in eda::stages::files(Path::new("rtl"), "vc_router").unwrap() {
        let text = std::fs::read_to_string(&f).unwrap();
        let text = if f.ends_with("fw_vc_router_output.v") {
            let from = "if (consume[v] & ~give) used_d = used_q + 4'd1;";
            assert!(text.contains(from), "the planted gate's line moved");
            text.replace(from, "if (consume[v]) used_d = used_q + 4'd1;")
        } else {
            text
        };
        std::fs::write(st.join(f.file_name().unwrap()), text).unwrap();
    }
    let s = eda::stages::check(b.name(), b.stages(), &d, &d.join("vc_router.v"))
        .unwrap()
        .expect("the router has a staged form");
    assert!(
        s.lint.failures.is_empty() && s.lint.waived == 0,
        "{:?}",
        s.lint
    );
    assert!(
        !s.equiv.passed() && s.equiv.unproven > 0,
        "a changed gate passed: {:?}",
        s.equiv
    );
    // the twins without a staged form have none, and the router's lists every stage
    let credit = hdl::find("credit").unwrap();
    assert!(eda::stages::check(
        credit.name(),
        credit.stages(),
        Path::new("rtl"),
        Path::new("rtl/credit.v")
    )
    .unwrap()
    .is_none());
    assert_eq!(s.files.len(), 9, "{:?}", s.files);
}
