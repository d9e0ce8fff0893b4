//! Testbench for the probe-driven VCD writer (`flitwave::sim::trace`): a small fake network is
//! stepped deterministically, traced, and the VCD is read back with wellen (Surfer's parser) and
//! converted with GTKWave's `vcd2fst` (testbenches/gtkwave.rs opens the save files in GTKWave).

use flitwave::sim::probe::{Probe, ProbeVisitor};
use flitwave::sim::trace::{TraceConfig, Tracer};
use std::path::{Path, PathBuf};

use crate::common::trace::{cfg, SharedBuf, PERIOD};

const CYCLES: u64 = 200;
const STATES: [&str; 4] = ["ROUTING", "XFER", "wait for go", ""];

// ---- expected values: pure functions of (cycle, switch, port) ----
fn level(c: u64, s: usize, p: usize) -> u64 {
    (c / 3 + 10 * s as u64 + 20 * p as u64) % 256
}
fn stop(c: u64, s: usize, p: usize) -> bool {
    (c / 5 + (s + p) as u64).is_multiple_of(3)
}
fn state(c: u64, s: usize, p: usize) -> &'static str {
    STATES[((c / 7) as usize + p + s) % 4]
}
fn pkt(c: u64, s: usize) -> i64 {
    if (c / 11 + s as u64).is_multiple_of(4) {
        -1
    } else {
        (c / 11) as i64 * 10 + s as i64
    }
}
fn flit(c: u64) -> u64 {
    c.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

// ---- the fake hierarchy ----
struct Port {
    level: u64,
    stop: bool,
    state: &'static str,
    pkt: i64,
}
struct Switch {
    id: usize,
    ports: Vec<Port>,
    flit: u64,
    busy: bool,
}
struct Net {
    switches: Vec<Switch>,
    injected: i64,
}

impl Net {
    fn new(nsw: usize, nports: usize) -> Net {
        let switches = (0..nsw)
            .map(|id| Switch {
                id,
                ports: (0..nports)
                    .map(|_| Port {
                        level: 0,
                        stop: false,
                        state: "",
                        pkt: 0,
                    })
                    .collect(),
                flit: 0,
                busy: false,
            })
            .collect();
        let mut n = Net {
            switches,
            injected: 0,
        };
        n.step(0);
        n
    }
    /// Set every register to its value at cycle `c`.
    fn step(&mut self, c: u64) {
        self.injected = (c / 4) as i64;
        for sw in &mut self.switches {
            let s = sw.id;
            sw.flit = flit(c + s as u64);
            sw.busy = c % 2 == 1;
            for (p, port) in sw.ports.iter_mut().enumerate() {
                port.level = level(c, s, p);
                port.stop = stop(c, s, p);
                port.state = state(c, s, p);
                port.pkt = pkt(c, s);
            }
        }
    }
}

impl Probe for Port {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.bits("level", 8, self.level);
        v.flag("stop", self.stop);
        v.text("state", self.state);
        v.int("pkt", self.pkt);
    }
}
impl Probe for Switch {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.bits("id", 16, 0xBEE0 + self.id as u64); // never changes
        v.bits("flit", 64, self.flit);
        v.flag("busy-flag", self.busy); // sanitized to busy_flag
        for (p, port) in self.ports.iter().enumerate() {
            v.scope_idx("in", p);
            port.probe(v);
            v.up();
        }
    }
}
impl Probe for Net {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.int("injected", self.injected);
        for sw in &self.switches {
            v.scope_idx("sw", sw.id);
            sw.probe(v);
            v.up();
        }
    }
}

// ---- helpers ----
fn wave_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("waves")
        .join(format!("test_trace_{name}.vcd"))
}

/// Run the fake network for `CYCLES` cycles, tracing into `waves/test_trace_{name}.vcd`.
fn run(name: &str, c: TraceConfig) -> PathBuf {
    let path = wave_path(name);
    let mut net = Net::new(2, 2);
    let mut tr = Tracer::create_file(&path, "network", &net, c).unwrap();
    for cyc in 0..CYCLES {
        net.step(cyc);
        tr.sample(cyc, &net).unwrap();
    }
    tr.finish().unwrap();
    path
}

/// Value of the signal `path` ("network.sw1.in0.level") at time `t`, as wellen shows it.
fn value_at(w: &mut wellen::simple::Waveform, path: &str, t: u64) -> String {
    let comps: Vec<&str> = path.split('.').collect();
    let (scope, name) = comps.split_at(comps.len() - 1);
    let h = w.hierarchy();
    let var = h
        .lookup_var(scope, name[0])
        .unwrap_or_else(|| panic!("{path} not in the VCD"));
    let sig = h[var].signal_ref();
    w.load_signals(&[sig]);
    let idx = w.time_table().partition_point(|&x| x <= t) - 1;
    let s = w.get_signal(sig).unwrap();
    let off = s
        .get_offset(idx as u32)
        .unwrap_or_else(|| panic!("{path} has no value at {t}"));
    match s.get_value_at(&off, 0) {
        wellen::SignalValueRef::BitVec(b) => b.bit_string(),
        wellen::SignalValueRef::String(x) => x.to_string(),
        other => panic!("unexpected value {other:?}"),
    }
}

fn all_names(w: &wellen::simple::Waveform) -> Vec<String> {
    let h = w.hierarchy();
    h.all_vars().map(|v| h[v].full_name(h)).collect()
}

/// The `#time` lines of a VCD, in order.
fn timestamps(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|t| t.parse().unwrap())
        .collect()
}

/// Id code of the variable `path` from the VCD header (a small parser for the tests).
fn id_of(text: &str, path: &str) -> String {
    let mut stack: Vec<&str> = vec![];
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first() {
            Some(&"$scope") => stack.push(f[2]),
            Some(&"$upscope") => {
                stack.pop();
            }
            Some(&"$var") if format!("{}.{}", stack.join("."), f[4]) == path => {
                return f[3].to_string()
            }
            Some(&"$enddefinitions") => break,
            _ => {}
        }
    }
    panic!("{path} not declared")
}

fn bin(v: u64, w: usize) -> String {
    format!("{v:0w$b}")
}

// ---- tests ----

#[test]
fn hierarchy_values_and_timescale_read_back_in_wellen() {
    let path = run("full", cfg(&[], None));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("$version flitwave ") && text.lines().next().unwrap().contains("(commit "),
        "header: {}",
        &text[..200]
    );
    assert!(text.contains("$timescale 1ps $end"));
    assert!(
        !text.contains("$date"),
        "no date: the bytes must be deterministic"
    );

    let mut w = wellen::simple::read(&path).expect("wellen parses the VCD");
    let ts = w.hierarchy().timescale().unwrap();
    assert_eq!(
        (ts.factor, ts.unit),
        (1, wellen::TimescaleUnit::PicoSeconds)
    );
    // Hierarchy network > sw1 > in0 > level, sanitized names, the root cycle counter.
    {
        let h = w.hierarchy();
        let sc = h
            .lookup_scope(&["network", "sw1", "in0"])
            .expect("scope network.sw1.in0");
        let vars: Vec<&str> = h[sc].vars(h).map(|v| h[v].name(h)).collect();
        assert_eq!(vars, ["level", "stop", "state", "pkt"]);
        let top: Vec<&str> = h.scopes().map(|s| h[s].name(h)).collect();
        assert_eq!(top, ["network"], "one root scope");
    }
    let names = all_names(&w);
    for want in [
        "network.cycle",
        "network.injected",
        "network.sw0.busy_flag",
        "network.sw1.in1.state",
        "network.sw0.flit",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "{want} missing from {names:?}"
        );
    }
    assert_eq!(
        names.len(),
        3 + 2 * (3 + 2 * 4),
        "cycle, clk, injected, switches"
    );
    // Timestamps: each cycle's start (clock rising) and middle (clock falling); the last one
    // closes the last cycle.
    let times = w.time_table().to_vec();
    assert!(
        times.iter().all(|t| t % (PERIOD / 2) == 0),
        "times are cycle * period and half a period later"
    );
    assert_eq!(times.len(), 2 * CYCLES as usize + 1);
    assert_eq!(times[0], 0);
    assert_eq!(*times.last().unwrap(), CYCLES * PERIOD);

    for c in [0u64, 1, 7, 13, 49, 50, 111, 150, 198, 199] {
        let t = c * PERIOD;
        assert_eq!(
            value_at(&mut w, "network.cycle", t),
            bin(c, 32),
            "cycle at {c}"
        );
        assert_eq!(value_at(&mut w, "network.injected", t), bin(c / 4, 32));
        assert_eq!(value_at(&mut w, "network.clk", t), "1", "clock high at {c}");
        assert_eq!(value_at(&mut w, "network.clk", t + PERIOD / 2), "0");
        // Mid-cycle times show the same value (it holds until the next change).
        assert_eq!(
            value_at(&mut w, "network.cycle", t + PERIOD / 2),
            bin(c, 32)
        );
        for s in 0..2 {
            assert_eq!(
                value_at(&mut w, &format!("network.sw{s}.flit"), t),
                bin(flit(c + s as u64), 64)
            );
            assert_eq!(
                value_at(&mut w, &format!("network.sw{s}.busy_flag"), t),
                bin(c % 2, 1)
            );
            for p in 0..2 {
                let sc = format!("network.sw{s}.in{p}");
                assert_eq!(
                    value_at(&mut w, &format!("{sc}.level"), t),
                    bin(level(c, s, p), 8),
                    "{sc}.level @{c}"
                );
                assert_eq!(
                    value_at(&mut w, &format!("{sc}.stop"), t),
                    bin(stop(c, s, p) as u64, 1),
                    "{sc}.stop @{c}"
                );
                let want = match state(c, s, p) {
                    "" => "_".to_string(),
                    x => x.replace(' ', "_"),
                };
                assert_eq!(
                    value_at(&mut w, &format!("{sc}.state"), t),
                    want,
                    "{sc}.state @{c}"
                );
                let want = if pkt(c, s) < 0 {
                    "1".repeat(32)
                } else {
                    bin(pkt(c, s) as u64, 32)
                };
                assert_eq!(
                    value_at(&mut w, &format!("{sc}.pkt"), t),
                    want,
                    "{sc}.pkt @{c}"
                );
            }
        }
    }
    // Each kind of value really occurs in the checked cycles.
    assert_eq!(state(13, 0, 1), "wait for go");
    assert_eq!(state(0, 1, 1), "wait for go");
    assert_eq!(state(7, 0, 1), "wait for go");
    assert_eq!(pkt(0, 0), -1);
    assert!(text.contains("swait_for_go "));
    assert!(text.contains("s_ "), "an empty text is written as `_`");
    assert!(
        text.contains(&format!("b{} ", "1".repeat(32))),
        "-1 is 32-bit two's complement"
    );
}

#[test]
fn scope_filter_matches_whole_path_components() {
    let path = run("scope_sw1", cfg(&["network.sw1"], None));
    let w = wellen::simple::read(&path).unwrap();
    let names = all_names(&w);
    assert!(names.iter().any(|n| n == "network.sw1.in0.level"));
    assert!(
        names.iter().any(|n| n == "network.cycle"),
        "the cycle counter is always traced"
    );
    assert!(
        !names.iter().any(|n| n.starts_with("network.sw0")),
        "no sw0 signal: {names:?}"
    );
    assert!(
        !names.iter().any(|n| n == "network.injected"),
        "root signals outside the selection are left out"
    );
    assert_eq!(names.len(), 2 + 3 + 2 * 4);
    assert!(names.iter().any(|n| n == "network.clk"), "so is the clock");

    // Several scopes, one of them naming a single signal.
    let net = Net::new(2, 2);
    let out = SharedBuf::default();
    let tr = Tracer::new(
        "network",
        &net,
        cfg(&["network.sw0.in1", "network.sw1.flit"], None),
        out.clone(),
    )
    .unwrap();
    assert_eq!(tr.var_count(), 2 + 4 + 1);
    assert_eq!(
        tr.signal_names(),
        [
            "network.cycle",
            "network.clk",
            "network.sw0.in1.level[7:0]",
            "network.sw0.in1.stop",
            "network.sw0.in1.state",
            "network.sw0.in1.pkt",
            "network.sw1.flit[63:0]"
        ]
    );
    drop(tr);
    let text = out.text();
    assert!(
        !text.contains("sw0 $end\n$var"),
        "sw0 itself has no selected variables"
    );
    assert!(!text.contains("in0"), "sw0.in0 is not declared");

    // "network.sw" is not a prefix of "network.sw1": component-wise.
    for bad in ["network.sw", "network.sw1.in", "sw1", "network.sw7"] {
        let err = Tracer::new("network", &net, cfg(&[bad], None), SharedBuf::default())
            .err()
            .expect(bad);
        let msg = err.to_string();
        assert!(
            msg.contains(&format!("{bad:?}")),
            "message names the scope: {msg}"
        );
        assert!(
            msg.contains("network.sw0") && msg.contains("network.sw1"),
            "message lists valid scopes: {msg}"
        );
    }
    // One bad scope among good ones is still an error.
    assert!(Tracer::new(
        "network",
        &net,
        cfg(&["network.sw0", "network.sw30"], None),
        SharedBuf::default()
    )
    .is_err());
    // A bad window or period is an error too.
    assert!(Tracer::new(
        "network",
        &net,
        cfg(&[], Some((5, 5))),
        SharedBuf::default()
    )
    .is_err());
    for p in [0, 1] {
        let c = TraceConfig {
            period_ps: p,
            ..TraceConfig::default()
        };
        let err = Tracer::new("network", &net, c, SharedBuf::default()).err();
        let msg = err.expect("period below 2 ps").to_string();
        assert!(
            msg.contains("clock period") && msg.contains(">= 2 ps"),
            "{msg}"
        );
    }
}

#[test]
fn window_limits_the_value_section() {
    let path = run("window", cfg(&[], Some((50, 120))));
    let text = std::fs::read_to_string(&path).unwrap();
    let times = timestamps(&text);
    assert_eq!(times[0], 50 * PERIOD, "first timestamp is the window start");
    assert_eq!(
        *times.last().unwrap(),
        120 * PERIOD,
        "closing timestamp at the window end"
    );
    assert!(
        times[..times.len() - 1].iter().all(|&t| t < 120 * PERIOD),
        "no change after the window"
    );
    assert!(
        times.windows(2).all(|p| p[0] < p[1]),
        "strictly increasing time"
    );
    // Nothing follows the closing timestamp.
    assert!(text.ends_with(&format!("#{}\n", 120 * PERIOD)));
    // The first sampled cycle is a full dump.
    let mut w = wellen::simple::read(&path).unwrap();
    assert_eq!(value_at(&mut w, "network.cycle", 50 * PERIOD), bin(50, 32));
    assert_eq!(
        value_at(&mut w, "network.sw1.in1.level", 50 * PERIOD),
        bin(level(50, 1, 1), 8)
    );
    assert_eq!(
        value_at(&mut w, "network.sw1.in1.level", 119 * PERIOD),
        bin(level(119, 1, 1), 8)
    );
    assert_eq!(
        value_at(&mut w, "network.sw0.id", 60 * PERIOD),
        bin(0xBEE0, 16)
    );
}

#[test]
fn unchanged_signals_are_written_once() {
    let path = run("change_only", cfg(&[], None));
    let text = std::fs::read_to_string(&path).unwrap();
    let values = text.split("$enddefinitions $end\n").nth(1).unwrap();
    for (sig, count) in [
        ("network.sw0.id", 1),
        ("network.sw1.id", 1),
        ("network.sw0.busy_flag", CYCLES as usize),
    ] {
        let id = id_of(&text, sig);
        let n = values
            .lines()
            .filter(|l| {
                l.strip_suffix(id.as_str())
                    .is_some_and(|v| v.ends_with(' ') || v == "0" || v == "1")
            })
            .count();
        assert_eq!(n, count, "{sig} (id {id}) changes");
    }
    // level changes every 3 cycles: 200/3 rounded up changes, no more.
    let id = id_of(&text, "network.sw0.in0.level");
    let n = values
        .lines()
        .filter(|l| l.ends_with(&format!(" {id}")))
        .count();
    assert_eq!(n, CYCLES.div_ceil(3) as usize);
    // A cycle where nothing but `cycle` changes still gets its two timestamps (the clock edges);
    // none is ever repeated.
    let times = timestamps(&text);
    assert_eq!(times.len(), 2 * CYCLES as usize + 1);
    assert!(times.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn output_is_deterministic() {
    let a = std::fs::read(run(
        "det_a",
        cfg(&["network.sw0", "network.sw1.in1"], Some((10, 150))),
    ))
    .unwrap();
    let b = std::fs::read(run(
        "det_b",
        cfg(&["network.sw0", "network.sw1.in1"], Some((10, 150))),
    ))
    .unwrap();
    assert!(a.len() > 1000);
    assert_eq!(a, b);
    // The same bytes through any writer.
    let out = SharedBuf::default();
    let mut net = Net::new(2, 2);
    let mut tr = Tracer::new(
        "network",
        &net,
        cfg(&["network.sw0", "network.sw1.in1"], Some((10, 150))),
        out.clone(),
    )
    .unwrap();
    for c in 0..CYCLES {
        net.step(c);
        tr.sample(c, &net).unwrap();
    }
    tr.finish().unwrap();
    assert_eq!(*out.0.borrow(), a);
}

#[test]
fn time_must_increase() {
    let mut net = Net::new(1, 1);
    let mut tr = Tracer::new("network", &net, cfg(&[], None), SharedBuf::default()).unwrap();
    tr.sample(5, &net).unwrap();
    net.step(6);
    assert!(tr.sample(5, &net).is_err());
    assert!(tr.sample(4, &net).is_err());
    tr.sample(6, &net).unwrap();
    assert!(tr.in_window(1_000_000));
    let tr = Tracer::new(
        "network",
        &net,
        cfg(&[], Some((3, 9))),
        SharedBuf::default(),
    )
    .unwrap();
    assert!(!tr.in_window(2) && tr.in_window(3) && tr.in_window(8) && !tr.in_window(9));
}

#[test]
fn gtkwave_vcd2fst_accepts_the_vcd() {
    let vcd = run("fst", cfg(&[], None));
    let fst = vcd.with_extension("fst");
    let _ = std::fs::remove_file(&fst);
    match std::process::Command::new("vcd2fst")
        .arg(&vcd)
        .arg(&fst)
        .output()
    {
        Ok(o) => {
            assert!(
                o.status.success(),
                "vcd2fst failed: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            let len = std::fs::metadata(&fst).map(|m| m.len()).unwrap_or(0);
            assert!(len > 0, "vcd2fst wrote an empty {}", fst.display());
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => panic!(
            "vcd2fst (GTKWave) is not on PATH: bash scripts/test.sh installs it \
             (apt-get install -y --no-install-recommends gtkwave)"
        ),
        Err(e) => panic!("cannot run vcd2fst: {e}"),
    }
}
