//! Progress on a terminal: long commands say what they will do and roughly
//! how long, and draw an indicatif bar — on a terminal only, so pipes and files get the same
//! bytes as before. The terminal is a pseudo-terminal from util-linux's `script`.

#[allow(dead_code)] // fails_with and the deadlock options are for other testbenches
use crate::common;

use std::process::Command;

/// What `flitwave ARGS` shows on a terminal (stdout sent to /dev/null).
fn on_terminal(args: &str) -> String {
    on_terminal_env("", args)
}

/// [`on_terminal`] with environment assignments (`A=b`) before the command.
fn on_terminal_env(env: &str, args: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_flitwave");
    let out = Command::new("script")
        .args([
            "-qec",
            &format!("env {env} {bin} {args} > /dev/null"),
            "/dev/null",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("`script` (util-linux, in every Debian) runs");
    assert!(out.status.success(), "{args}: {out:?}");
    String::from_utf8_lossy(&out.stdout).replace('\r', "\n")
}

#[test]
fn a_long_run_says_what_and_how_long_and_draws_a_bar_on_a_terminal() {
    let t = on_terminal("run --cycles 300000");
    assert!(
        t.contains(
            "run: 300000 cycles of 16 switches and 64 hosts (myrinet family, updown routing"
        ),
        "{t}"
    );
    assert!(t.contains("/300000 cycles"), "no bar: {t}");
    assert!(
        t.contains("at this speed (300000 cycles)"),
        "no estimate: {t}"
    );
    // off a terminal: none of it
    let (ok, out, err) = common::flitwave(&["run", "--cycles", "300000"]);
    assert!(ok);
    assert!(
        !err.contains("run: 300000") && !err.contains("/300000"),
        "{err}"
    );
    assert!(!out.contains("/300000"));
    // and FLITWAVE_PROGRESS=0 turns it off on a terminal
    let t = on_terminal_env("FLITWAVE_PROGRESS=0", "run --cycles 300000");
    assert!(!t.contains("/300000 cycles"), "{t}");
}

#[test]
fn sweeps_and_rtl_checks_announce_their_work() {
    let t = on_terminal("sweep --rates 0.01,0.02 --cycles 4000 --seeds 2");
    assert!(
        t.contains("sweep: 1 curve(s) x 2 seed(s) x 2 rate(s), 4000 cycles per point"),
        "{t}"
    );
    let t = on_terminal("rtl check --block credit --cycles 2000 --no-reports");
    assert!(
        t.contains("rtl check: 1 twin(s), each: lockstep over 2000 random cycles"),
        "{t}"
    );
    assert!(t.contains("about "), "{t}");
}

/// `rtl prove` on a terminal: its start line and a bar over the twins naming the model being
/// proven; the progress lines it writes into a pipe (rtl_prove.rs) are not drawn there.
#[test]
fn rtl_prove_draws_a_bar_on_a_terminal() {
    let t = on_terminal("rtl prove arbiter");
    assert!(t.contains("rtl prove: 1 twin(s) (arbiter)"), "{t}");
    assert!(t.contains("/1 twins arbiter: 5 together"), "no bar: {t}");
    assert!(!t.contains("prove arbiter: 5/5"), "progress lines: {t}");
}
