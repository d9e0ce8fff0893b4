//! Testbench of the RTL flow (docs/rtl.md): the checked-in Verilog and synthesis reports are
//! fresh; every twin passes lockstep, Verilator lint, Yosys synthesis and the Icarus replay; the
//! replay, the lint waiver, the latch check and the lockstep each catch what they must.
//! Needs verilator, yosys and iverilog (scripts/test.sh installs them).

use crate::rtl_icarus::flitwave;
use flitwave::blocks::arbiter::RoundRobinArbiter;
use flitwave::hdl::eda::{self, CheckOptions};
use flitwave::hdl::lockstep::{self, port, Clocked, Options, Outcome, Port, Twin};
use flitwave::hdl::{self, BLOCKS};
use rand_chacha::ChaCha8Rng;
use rust_hdl::prelude::*;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn checked_in_verilog_is_fresh() {
    for b in BLOCKS {
        assert!(
            eda::is_fresh(*b, Path::new("rtl")).unwrap(),
            "rtl/{}.v is stale or missing: run `cargo run --profile ci -- rtl emit` and commit it",
            b.name()
        );
    }
    // and a stale file is detected
    let d = scratch("stale");
    eda::emit(BLOCKS, &d).unwrap();
    assert!(BLOCKS.iter().all(|b| eda::is_fresh(*b, &d).unwrap()));
    let p = eda::verilog_path(&d, "arbiter");
    let v = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, v.replace("last_idx = 3'd7", "last_idx = 3'd6")).unwrap();
    assert!(!eda::is_fresh(hdl::find("arbiter").unwrap(), &d).unwrap());
}

/// One twin: lockstep (directed + 100,000 random cycles), lint, synthesis without latches,
/// replay of every recorded vector; the synthesis report equals the checked-in one.
fn passes_the_flow_and_its_report_is_fresh(name: &str) {
    let b = hdl::find(name).unwrap();
    let d = scratch(&format!("reports-{name}"));
    let o = CheckOptions {
        reports_dir: Some(d.clone()),
        ..Default::default()
    };
    let r = eda::check(b, Path::new("rtl"), &o).unwrap();
    assert!(r.passed(), "{}: {:?}", r.name, r.problems());
    assert!(r.lockstep_cycles > 100_000 && r.replay.vectors as u64 == r.lockstep_cycles);
    assert!(r.synth.cells > 0 && r.synth.flip_flops > 0);
    // the tidy form: equivalent, and lint-clean but for the file-name waiver (`fw_` prefix)
    assert!(r.equiv.passed() && r.tidy_lint.failures.is_empty());
    assert!(
        r.tidy_lint.waived <= 1,
        "{name}: {} waivers",
        r.tidy_lint.waived
    );
    let fresh = std::fs::read_to_string(d.join(format!("{name}.txt"))).unwrap();
    let checked_in = std::fs::read_to_string(format!("rtl/reports/{name}.txt")).unwrap_or_default();
    assert_eq!(
        fresh, checked_in,
        "rtl/reports/{name}.txt is stale: run `cargo run --profile ci -- rtl check` and commit it"
    );
}

/// The flow of every twin, one test each (10-40 s a twin), so that the twins run in parallel.
/// The flow is the full tier's: the quick tier leaves it out (docs/testing.md).
macro_rules! flow_of_every_twin {
    ($($block:ident),* $(,)?) => {
        mod flow {
            $(
                #[test]
                #[ignore = "full tier: the RTL flow (lockstep, lint, synthesis, replay)"]
                fn $block() {
                    super::passes_the_flow_and_its_report_is_fresh(stringify!($block));
                }
            )*

            /// A new twin cannot be left out of the flow: every registered one has its test.
            #[test]
            fn every_twin_has_a_flow_test() {
                let tested = [$(stringify!($block)),*];
                for b in flitwave::hdl::BLOCKS {
                    assert!(
                        tested.contains(&b.name()),
                        "twin {} has no flow test: add it to flow_of_every_twin! in testbenches/rtl.rs",
                        b.name()
                    );
                }
                assert_eq!(tested.len(), flitwave::hdl::BLOCKS.len());
            }
        }
    };
}

flow_of_every_twin!(
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

/// `flitwave rtl check` as a user runs it: the table, `ok` per twin, exit 0; a corrupted replay
/// fails with the twin named and a non-zero status.
#[test]
fn rtl_check_command_prints_its_table_and_fails_on_a_corrupted_replay() {
    let root = scratch("check-cmd");
    let rtl = Path::new(env!("CARGO_MANIFEST_DIR")).join("rtl");
    let r = rtl.to_str().unwrap();
    let args = [
        "rtl",
        "check",
        "--block",
        "credit",
        "--block",
        "arbiter",
        "--cycles",
        "3000",
        "--no-reports",
        "--dir",
        r,
    ];
    let out = flitwave(&args, &root);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["credit", "arbiter"] {
        let line = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(line.ends_with("ok"), "{line}");
    }
    let mut bad = args.to_vec();
    bad.extend(["--corrupt-cycle", "1234"]);
    let out = flitwave(&bad, &root);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("rtl check failed for: credit, arbiter"),
        "{err}"
    );
}

#[test]
fn replay_catches_a_wrong_expected_value() {
    let b = hdl::find("credit").unwrap();
    let o = Options {
        random_cycles: 5_000,
        ..Default::default()
    };
    let (_, v) = b.lockstep(&o).unwrap();
    let file = Path::new("rtl/credit.v").canonicalize().unwrap();
    let good = eda::replay(&file, "credit", &v, None).unwrap();
    assert_eq!((good.errors, good.vectors), (0, v.cycles()));
    let bad = eda::replay(&file, "credit", &v, Some(1234)).unwrap();
    assert_eq!(bad.errors, 1);
    assert_eq!(bad.first.len(), 1);
    assert!(
        bad.first[0].starts_with("cycle 1234: overflow got"),
        "{}",
        bad.first[0]
    );
}

#[test]
fn lint_waives_only_the_known_noise() {
    let out = "\
%Warning-DECLFILENAME: x.v:3:8: Filename 'x' does not match MODULE name: 'arbiter'
%Warning-WIDTH: x.v:36:16: Operator ASSIGN expects 8 bits on the Assign RHS, but Assign RHS's NOT generates 32 bits.
%Warning-WIDTH: x.v:36:30: Operator AND expects 64 bits on the RHS, but RHS's CONST '8'hff' generates 8 bits.
%Warning-WIDTH: x.v:40:10: Operator ASSIGN expects 3 bits on the Assign RHS, but Assign RHS's VARREF 'req' generates 8 bits.
%Warning-UNUSEDSIGNAL: x.v:12:10: Signal is not used: 'spare'
%Error: x.v:50:1: syntax error
";
    let l = eda::classify_lint(out);
    assert_eq!(l.waived, 3);
    assert_eq!(l.failures.len(), 3, "{:?}", l.failures);
    assert!(l.failures[0].contains("3 bits"));
    assert!(l.failures[1].contains("UNUSEDSIGNAL"));
}

#[test]
fn synthesis_fails_on_a_latch() {
    let d = scratch("latch");
    let f = d.join("latchy.v");
    std::fs::write(
        &f,
        "module latchy(input wire en, input wire [3:0] d, output reg [3:0] q);\n\
         always @(*) begin if (en) q = d; end\nendmodule\n",
    )
    .unwrap();
    let e = eda::synth(&f, "latchy").unwrap_err().to_string();
    assert!(e.contains("latch"), "{e}");
}

/// A deliberately wrong twin — fixed priority instead of round-robin — against the real model:
/// the lockstep names the cycle, the signal and both values, and writes both waveforms.
#[derive(LogicBlock, Default)]
struct FixedPriority {
    clock: Signal<In, Clock>,
    req: Signal<In, Bits<8>>,
    grant: Signal<Out, Bits<8>>,
    valid: Signal<Out, Bit>,
    ptr: Signal<Out, Bits<3>>,
    seen: DFF<Bit>,
}

impl Logic for FixedPriority {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, seen);
        self.grant.next = self.req.val() & (!self.req.val() + 1);
        self.valid.next = self.req.val().any();
        self.ptr.next = 0.into();
        self.seen.d.next = self.req.val().any();
    }
}

impl Clocked for FixedPriority {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, _: bool) {}
}

impl Twin for FixedPriority {
    const NAME: &'static str = "fixed_priority";
    // never synthesized: a seeded bug for the lockstep to catch
    const AREA: flitwave::hdl::area::Area = flitwave::hdl::area::Area {
        cells: 0,
        flops: 0,
        transistors: 0,
    };
    const SUMMARY: &'static str = "a broken arbiter";
    const INPUTS: &'static [Port] = &[port("req", 8)];
    const OUTPUTS: &'static [Port] = &[port("grant", 8), port("valid", 1), port("ptr", 3)];
    type Model = RoundRobinArbiter;
    fn rtl() -> Self {
        Self::default()
    }
    fn model() -> RoundRobinArbiter {
        RoundRobinArbiter::new(8)
    }
    fn drive(&mut self, inp: &[u64]) {
        self.req.next = inp[0].into();
    }
    fn sample(&self, out: &mut [u64]) {
        out[0] = self.grant.val().to_u64();
        out[1] = self.valid.val() as u64;
        out[2] = self.ptr.val().to_u64();
    }
    fn model_cycle(m: &mut RoundRobinArbiter, inp: &[u64], out: &mut [u64]) {
        <hdl::arbiter::ArbiterRtl as Twin>::model_cycle(m, inp, out)
    }
    fn directed() -> Vec<Vec<u64>> {
        vec![vec![0b11], vec![0b11], vec![0b11]]
    }
    fn random(_: &mut ChaCha8Rng, _: u64, _: &RoundRobinArbiter, inp: &mut [u64]) {
        inp[0] = 0xff;
    }
}

#[test]
fn lockstep_reports_a_wrong_twin_with_waveforms() {
    let d = scratch("mismatch");
    let o = Options {
        random_cycles: 100,
        mismatch_dir: Some(d.clone()),
        ..Default::default()
    };
    let Outcome::Mismatch(m) = lockstep::run::<FixedPriority>(&o).unwrap() else {
        panic!("the broken twin was not caught");
    };
    // cycle 0: reset; cycle 1: both grant 0; cycle 2: round-robin grants requester 1, fixed
    // priority 0
    assert_eq!(
        (m.cycle, m.signal, m.model, m.rtl),
        (2, "grant", 0b10, 0b01)
    );
    let text = m.to_string();
    assert!(text.contains("cycle 2") && text.contains("`grant`") && text.contains("req=0x3"));
    let ports = std::fs::read_to_string(d.join("fixed_priority_mismatch.vcd")).unwrap();
    assert!(ports.contains("module model") && ports.contains("module rtl"));
    let internal = std::fs::read_to_string(d.join("fixed_priority_mismatch_rtl.vcd")).unwrap();
    assert!(internal.contains("seen"));
}

fn run_network(
    rtl_switch: Option<usize>,
    overrides: &[&str],
) -> (String, Vec<flitwave::blocks::TwinTally>) {
    use flitwave::experiment::{build, config::Config};
    let text = flitwave::experiment::config::DEFAULT_TOML;
    let over: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    let cfg = Config::from_toml(text, &over).unwrap();
    let b = build::build(&cfg).unwrap();
    let mut net = b.network;
    if let Some(sw) = rtl_switch {
        hdl::insitu::attach_any(&mut net, &b.topology, sw).unwrap();
    }
    net.run(cfg.cycles);
    let s = net.summary();
    assert!(s.healthy());
    (
        serde_json::to_string(&s).unwrap(),
        hdl::insitu::report(&net),
    )
}

/// In situ: one switch's slack buffers and arbiters are the rust-hdl twins, stepped inside the
/// network simulation and driving it; the statistics are identical to the all-model run, and
/// the shadow models agree with the twins on every cycle. Two loads: below and above saturation.
#[test]
fn twins_in_situ_give_the_all_model_results() {
    for (rate, bytes) in [("0.05", "512"), ("0.4", "32")] {
        let over = [
            &format!("traffic.rate={rate}")[..],
            &format!("traffic.message_bytes={bytes}"),
            "cycles=30000",
            "warmup=3000",
        ];
        let (model, none) = run_network(None, &over);
        assert!(none.is_empty());
        let (twins, tallies) = run_network(Some(3), &over);
        assert_eq!(
            model, twins,
            "rate {rate}: results differ with switch 3 as RTL"
        );
        let slack: Vec<_> = tallies
            .iter()
            .filter(|t| t.what.ends_with("slack"))
            .collect();
        let grants: u64 = tallies
            .iter()
            .filter(|t| t.what.ends_with("arb"))
            .map(|t| t.calls)
            .sum();
        assert!(!slack.is_empty() && slack.iter().all(|t| t.calls == 30_000));
        assert!(grants > 10, "the arbiter twins granted {grants} headers");
        for t in &tallies {
            assert_eq!(t.mismatches, 0, "{:?}", t.first);
        }
    }
}

#[test]
fn in_situ_rejects_a_switch_that_does_not_exist() {
    use flitwave::experiment::{build, config::Config};
    let cfg = Config::from_toml(flitwave::experiment::config::DEFAULT_TOML, &[]).unwrap();
    let b = build::build(&cfg).unwrap();
    let mut net = b.network;
    let e = hdl::insitu::attach_any(&mut net, &b.topology, 99)
        .unwrap_err()
        .to_string();
    assert!(e.contains("99 is out of range, allowed 0..15"), "{e}");
}

/// Every twin, reset again in mid-run: from the reset on, the twin agrees with a fresh model
/// (lockstep) and its outputs over the directed stimulus repeat those after power-on exactly;
/// the Verilog, replayed in Icarus from all-`x` registers (no `initial` blocks), agrees too.
#[test]
fn reset_in_mid_run_returns_every_twin_to_power_on() {
    for b in BLOCKS {
        let random = 3_000;
        // reset and directed cycles
        let first = b
            .lockstep(&Options {
                random_cycles: 0,
                ..Default::default()
            })
            .unwrap()
            .0;
        let at = first + random / 2;
        let o = Options {
            random_cycles: random,
            reset_at: Some(at),
            ..Default::default()
        };
        let (cycles, v) = b.lockstep(&o).unwrap();
        assert_eq!(cycles, at + first + random, "{}", b.name());
        let (ni, no) = (v.inputs.len(), v.outputs.len());
        // reset high exactly at cycle 0 and at `at`
        let resets: Vec<u64> = (0..cycles).filter(|&c| v.reset[c as usize]).collect();
        assert_eq!(resets, vec![0, at], "{}", b.name());
        // the directed part after the second reset is the power-on one, inputs and outputs
        let seg = |start: u64, w: usize, data: &[u64]| {
            data[start as usize * w..(start + first) as usize * w].to_vec()
        };
        assert_eq!(seg(0, ni, &v.stim), seg(at, ni, &v.stim), "{}", b.name());
        assert_eq!(
            seg(0, no, &v.expect),
            seg(at, no, &v.expect),
            "{}: outputs after the mid-run reset differ from those after power-on",
            b.name()
        );
        let file = Path::new(&format!("rtl/{}.v", b.name()))
            .canonicalize()
            .unwrap();
        let r = eda::replay(&file, b.name(), &v, None).unwrap();
        assert_eq!(
            (r.errors, r.vectors as u64),
            (0, cycles),
            "{}: {:?}",
            b.name(),
            r.first
        );
    }
}

/// A register that reset misses: the twin powers up at all ones in Rust and at `x` in
/// Verilog, so the lockstep catches it on the first cycle after reset.
#[derive(LogicBlock, Default)]
struct UnresetPointer {
    clock: Signal<In, Clock>,
    reset: Signal<In, Bit>,
    req: Signal<In, Bits<8>>,
    grant: Signal<Out, Bits<8>>,
    valid: Signal<Out, Bit>,
    ptr: Signal<Out, Bits<3>>,
    ptr_r: hdl::reset::ResetDff<Bits<3>>,
}

impl Logic for UnresetPointer {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, ptr_r);
        // the bug: reset wired to a constant low instead of `reset`
        self.ptr_r.reset.next = false;
        self.grant.next = 0.into();
        self.valid.next = false;
        self.ptr.next = self.ptr_r.q.val();
    }
}

impl Clocked for UnresetPointer {
    fn set_clock(&mut self, high: bool) {
        self.clock.next = Clock { clk: high };
    }
    fn set_reset(&mut self, on: bool) {
        self.reset.next = on;
    }
}

impl Twin for UnresetPointer {
    const NAME: &'static str = "unreset_pointer";
    // never synthesized: a seeded bug for the lockstep to catch
    const AREA: flitwave::hdl::area::Area = flitwave::hdl::area::Area {
        cells: 0,
        flops: 0,
        transistors: 0,
    };
    const SUMMARY: &'static str = "an arbiter whose pointer misses reset";
    const INPUTS: &'static [Port] = &[port("req", 8)];
    const OUTPUTS: &'static [Port] = &[port("grant", 8), port("valid", 1), port("ptr", 3)];
    type Model = RoundRobinArbiter;
    fn rtl() -> Self {
        Self::default()
    }
    fn model() -> RoundRobinArbiter {
        RoundRobinArbiter::new(8)
    }
    fn drive(&mut self, inp: &[u64]) {
        self.req.next = inp[0].into();
    }
    fn sample(&self, out: &mut [u64]) {
        out[0] = self.grant.val().to_u64();
        out[1] = self.valid.val() as u64;
        out[2] = self.ptr.val().to_u64();
    }
    fn model_cycle(m: &mut RoundRobinArbiter, inp: &[u64], out: &mut [u64]) {
        <hdl::arbiter::ArbiterRtl as Twin>::model_cycle(m, inp, out)
    }
    fn directed() -> Vec<Vec<u64>> {
        vec![vec![0]]
    }
    fn random(_: &mut ChaCha8Rng, _: u64, _: &RoundRobinArbiter, inp: &mut [u64]) {
        inp[0] = 0;
    }
}

#[test]
fn lockstep_catches_a_register_that_reset_misses() {
    let o = Options {
        random_cycles: 10,
        mismatch_dir: None,
        ..Default::default()
    };
    let Outcome::Mismatch(m) = lockstep::run::<UnresetPointer>(&o).unwrap() else {
        panic!("the unreset register was not caught");
    };
    assert_eq!((m.cycle, m.signal, m.model, m.rtl), (1, "ptr", 0, 7));
}

/// The emitted Verilog: modules `fw_<block>` and `fw_<block>__<path>`, a `reset` port, no
/// `initial` block, FSM states as `localparam`s used by name.
#[test]
fn verilog_has_prefix_reset_no_initial_and_named_states() {
    for b in BLOCKS {
        let v = b.verilog();
        let top = eda::module(b.name());
        assert!(
            v.contains(&format!("module {top}(clock,reset,")),
            "{}",
            b.name()
        );
        for l in v.lines().filter(|l| l.starts_with("module ")) {
            let m = l["module ".len()..].split('(').next().unwrap();
            assert!(
                m == top || m.starts_with(&format!("{top}__")),
                "{}: module {m}",
                b.name()
            );
            assert!(!m.contains('$'), "{m}");
        }
        assert!(!v.contains("top$") && !v.contains("module top"));
        assert_eq!(
            eda::initial_blocks(&v),
            Vec::<String>::new(),
            "{}",
            b.name()
        );
        for f in b.fsms() {
            assert_eq!(
                eda::state_literals(&v, f),
                Vec::<String>::new(),
                "{}",
                b.name()
            );
        }
    }
    let with_fsm: Vec<&str> = BLOCKS
        .iter()
        .filter(|b| !b.fsms().is_empty())
        .map(|b| b.name())
        .collect();
    assert_eq!(with_fsm, ["itb", "rearrange", "luc_ncb"]);
    // the checks catch what they must
    let itb = hdl::find("itb").unwrap();
    let v = itb.verilog();
    assert!(v.contains("localparam  ST_REINJECT = 3'd5;"));
    assert!(v.contains("state = ST_REINJECT;"));
    let bad = v.replacen("state = ST_REINJECT;", "state = 32'h5;", 1);
    let found = eda::state_literals(&bad, &itb.fsms()[0]);
    assert!(found.len() == 1 && found[0].contains("32'h5"), "{found:?}");
    let bad = v.replacen(
        "localparam  ST_SPILL = 3'd3;",
        "localparam  ST_SPILL = 3'd7;",
        1,
    );
    assert!(eda::state_literals(&bad, &itb.fsms()[0])[0].contains("ST_SPILL"));
    let rr = hdl::find("rearrange").unwrap();
    let bad = rr
        .verilog()
        .replacen("s_kind$q == S_ACK", "s_kind$q == 32'h2", 1);
    assert_eq!(eda::state_literals(&bad, &rr.fsms()[0]).len(), 1);
    assert_eq!(
        eda::initial_blocks("module m;\n  initial begin\n q = 0;\n end\nendmodule\n").len(),
        1
    );
    // renaming touches whole identifiers only
    let r = eda::rename_top(
        "module top(a);\n stop$d = top$x$0;\nendmodule // top\n",
        "m",
    );
    assert!(r.contains("module fw_m(a);") && r.contains("stop$d = fw_m__x__0;"));
    assert!(r.contains("endmodule // fw_m\n"));
}
