//! Testbench of the RTL flow's self-checking Verilog testbenches (docs/rtl.md): every twin's
//! bench passes in Icarus, a wrong value is named by cycle and signal, bad input is refused,
//! and every twin's area comes from its synthesis report. Needs iverilog (scripts/test.sh
//! installs it).

use flitwave::hdl::eda;
use flitwave::hdl::lockstep::Options;
use flitwave::hdl::{self, BLOCKS};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

pub(crate) fn flitwave(args: &[&str], dir: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The user's command, as docs/rtl.md gives it.
fn iverilog_vvp(dir: &Path) -> (bool, String) {
    let out = std::process::Command::new("sh")
        .args(["-c", "iverilog -g2012 -o tb *.v && vvp tb"])
        .current_dir(dir)
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

/// `flitwave rtl testbench BLOCK -o DIR` for every twin, then the plain Icarus command in DIR:
/// it ends with PASS.
#[test]
fn rtl_testbench_passes_in_icarus_for_every_twin() {
    let root = scratch("testbench");
    for b in BLOCKS {
        let dir = root.join(b.name());
        let d = dir.to_str().unwrap();
        let out = flitwave(
            &["rtl", "testbench", b.name(), "-o", d, "--cycles", "2000"],
            &root,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let top = eda::module(b.name());
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort();
        assert_eq!(
            files,
            [
                format!("{top}.v"),
                format!("{top}_tb.v"),
                format!("{top}_vectors.hex")
            ]
        );
        let (ok, log) = iverilog_vvp(&dir);
        let last = log.lines().last().unwrap_or("");
        assert!(ok && last.starts_with("PASS "), "{}: {log}", b.name());
        let cycles: usize = last.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(cycles > 2000, "{last}");
        // run again into the same directory: the files are replaced
        let out = flitwave(
            &["rtl", "testbench", b.name(), "-o", d, "--cycles", "2000"],
            &root,
        );
        assert!(out.status.success());
    }
}

/// One wrong expected value: the testbench prints FAIL with the cycle, the signal, expected and
/// got, and `vvp` exits non-zero.
#[test]
fn rtl_testbench_names_the_cycle_and_signal_of_a_wrong_value() {
    let b = hdl::find("credit").unwrap();
    let o = Options {
        random_cycles: 3_000,
        ..Default::default()
    };
    let (_, v) = b.lockstep(&o).unwrap();
    let bench = eda::testbench(b.name(), &b.verilog(), &v, Some(1234));
    let dir = scratch("tb_fail");
    eda::write_bench(&bench, &dir).unwrap();
    let (ok, log) = iverilog_vvp(&dir);
    assert!(!ok, "{log}");
    let exp = v.expect[1234 * v.outputs.len() + v.outputs.len() - 1];
    let line = format!(
        "FAIL cycle 1234 signal overflow expected {} got {}",
        exp ^ 1,
        exp
    );
    assert!(log.contains(&line), "{log}");
    assert!(log.contains("FAIL 1 mismatches in "), "{log}");
    let r = eda::run_bench(&dir, &bench.top).unwrap();
    assert_eq!((r.errors, r.first.len()), (1, 1));
}

#[test]
fn rtl_testbench_rejects_bad_input() {
    let root = scratch("tb_bad");
    let err = |args: &[&str]| {
        let out = flitwave(args, &root);
        assert!(!out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let e = err(&["rtl", "testbench", "nosuch", "-o", "x"]);
    assert!(
        e.contains("unknown block \"nosuch\"") && e.contains("arbiter, slack_buffer"),
        "{e}"
    );
    let e = err(&["rtl", "testbench", "arbiter", "-o", "x", "--cycles", "0"]);
    assert!(e.contains("--cycles") && e.contains("allowed >= 1"), "{e}");
    std::fs::write(root.join("afile"), "keep").unwrap();
    let e = err(&["rtl", "testbench", "arbiter", "-o", "afile"]);
    assert!(e.contains("is not a directory"), "{e}");
    assert_eq!(std::fs::read_to_string(root.join("afile")).unwrap(), "keep");
    std::fs::create_dir_all(root.join("busy")).unwrap();
    std::fs::write(root.join("busy/mine.v"), "module mine; endmodule\n").unwrap();
    let e = err(&["rtl", "testbench", "arbiter", "-o", "busy"]);
    assert!(e.contains("other Verilog files (mine.v)"), "{e}");
    assert!(!root.join("busy/fw_arbiter_tb.v").exists());
    assert!(!root.join("x").exists());
}

/// Every twin records the area of its checked-in synthesis report (cells, flip-flops and a CMOS
/// transistor count; a flip-flop alone is 16 transistors), the area API gives it, and an
/// unknown block is an error. (`rtl check`, full tier, fails a twin whose synthesis differs.)
#[test]
fn area_of_every_twin_is_its_report() {
    for b in BLOCKS {
        let a = hdl::area::area(b.name()).unwrap();
        assert_eq!(a, b.area());
        let text = std::fs::read_to_string(format!("rtl/reports/{}.txt", b.name())).unwrap();
        assert_eq!(
            Some(a),
            hdl::area::Area::parse(&text),
            "{}: AREA differs from rtl/reports/{}.txt",
            b.name(),
            b.name()
        );
        assert!(
            a.cells > 0 && a.flops > 0 && a.transistors >= 16 * a.flops,
            "{a:?}"
        );
    }
    let e = hdl::area::area("nosuch").unwrap_err().to_string();
    assert!(
        e.contains("unknown block") && e.contains("speculative"),
        "{e}"
    );
}
