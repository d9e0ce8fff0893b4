//! VCD tracer testbench: hierarchy, value types, scope selection, cycle window, change-only
//! output and byte-for-byte determinism; the file is read back with wellen (Surfer's parser) and
//! converted by GTKWave's vcd2fst.

use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::sim::{Probe, ProbeVisitor};
use std::path::{Path, PathBuf};

struct Port {
    level: u64,
    stop: bool,
    state: &'static str,
    pkt: i64,
}
struct Fake {
    sw: Vec<Vec<Port>>,
    constant: u64,
}

impl Probe for Fake {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        for (s, ports) in self.sw.iter().enumerate() {
            v.scope_idx("sw", s);
            for (p, port) in ports.iter().enumerate() {
                v.scope_idx("in", p);
                v.bits("level", 8, port.level);
                v.flag("stop", port.stop);
                v.text("state", port.state);
                v.int("pkt", port.pkt);
                v.up();
            }
            v.up();
        }
        v.bits("constant", 16, self.constant);
    }
}

impl Fake {
    fn new() -> Self {
        let port = || Port {
            level: 0,
            stop: false,
            state: "IDLE",
            pkt: -1,
        };
        Fake {
            sw: vec![vec![port(), port()], vec![port(), port()]],
            constant: 0xBEEF,
        }
    }
    fn step(&mut self, c: u64) {
        for (s, ports) in self.sw.iter_mut().enumerate() {
            for (p, port) in ports.iter_mut().enumerate() {
                port.level = (c * (s as u64 + 1) + p as u64) % 80;
                port.stop = port.level > 56;
                port.state = if c % 10 < 5 { "IDLE" } else { "wait for go" };
                port.pkt = if c.is_multiple_of(7) {
                    -1
                } else {
                    (c / 7) as i64
                };
            }
        }
    }
}

fn write(name: &str, scopes: &[&str], window: Option<(u64, u64)>) -> PathBuf {
    let path = PathBuf::from(format!("waves/test_trace_{name}.vcd"));
    let mut f = Fake::new();
    let cfg = TraceConfig {
        scopes: scopes.iter().map(|s| s.to_string()).collect(),
        window,
        period_ps: 6250,
    };
    let mut tr = Tracer::create_file(&path, "network", &f, cfg).unwrap();
    for c in 0..200 {
        f.step(c);
        tr.sample(c, &f).unwrap();
    }
    tr.finish().unwrap();
    path
}

fn value_at(w: &mut wellen::simple::Waveform, path: &[&str], name: &str, t: u64) -> String {
    let h = w.hierarchy();
    let var = h
        .lookup_var(path, name)
        .unwrap_or_else(|| panic!("{path:?}.{name} missing"));
    let sig = h[var].signal_ref();
    w.load_signals(&[sig]);
    let idx = w.time_table().partition_point(|&x| x <= t) - 1;
    let s = w.get_signal(sig).unwrap();
    match s.get_value_at(&s.get_offset(idx as u32).unwrap(), 0) {
        wellen::SignalValueRef::BitVec(b) => b.bit_string(),
        wellen::SignalValueRef::String(x) => x.to_string(),
        other => format!("{other:?}"),
    }
}

#[test]
fn hierarchy_types_and_values_read_back_with_wellen() {
    let p = write("full", &[], None);
    let mut w = wellen::simple::read(&p).expect("wellen parses");
    let h = w.hierarchy();
    assert!(h.lookup_scope(&["network", "sw1", "in0"]).is_some());
    assert_eq!(format!("{:?}", h.timescale().unwrap().unit), "PicoSeconds");
    let t = |c: u64| c * 6250;
    // cycle 13 on sw1.in0: level = 13*2 % 80 = 26
    assert_eq!(
        u64::from_str_radix(
            &value_at(&mut w, &["network", "sw1", "in0"], "level", t(13)),
            2
        )
        .unwrap(),
        26
    );
    // cycle 30 on sw1.in1: level = 61 > 56 → stop
    assert_eq!(
        value_at(&mut w, &["network", "sw1", "in1"], "stop", t(30)),
        "1"
    );
    assert_eq!(
        value_at(&mut w, &["network", "sw0", "in0"], "state", t(7)),
        "wait_for_go"
    );
    assert_eq!(
        value_at(&mut w, &["network", "sw0", "in0"], "state", t(12)),
        "IDLE"
    );
    assert_eq!(
        u64::from_str_radix(
            &value_at(&mut w, &["network", "sw0", "in1"], "pkt", t(50)),
            2
        )
        .unwrap(),
        7
    );
    // -1 is written as 32-bit two's complement
    assert_eq!(
        value_at(&mut w, &["network", "sw0", "in1"], "pkt", t(49)),
        "1".repeat(32)
    );
    assert_eq!(
        u64::from_str_radix(&value_at(&mut w, &["network"], "cycle", t(123)), 2).unwrap(),
        123
    );
}

#[test]
fn scope_selection_is_by_whole_components() {
    let p = write("scoped", &["network.sw1"], None);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains("$scope module sw1 $end"));
    assert!(!text.contains("$scope module sw0 $end"));
    assert!(!text.contains(" constant $end"));
    let w = wellen::simple::read(&p).unwrap();
    assert!(w.hierarchy().lookup_scope(&["network", "sw0"]).is_none());
    // "network.sw" is not a prefix of "network.sw1": it matches nothing and is an error
    let f = Fake::new();
    let cfg = TraceConfig {
        scopes: vec!["network.sw".into()],
        window: None,
        period_ps: 1,
    };
    let e = Tracer::new("network", &f, cfg, Vec::<u8>::new())
        .err()
        .expect("must fail");
    assert!(
        e.message().contains("network.sw") && e.message().contains("network.sw0"),
        "{e}"
    );
}

#[test]
fn window_limits_the_time_range() {
    let p = write("window", &[], Some((50, 120)));
    let text = std::fs::read_to_string(&p).unwrap();
    let times: Vec<u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(times[0], 50 * 6250);
    assert_eq!(
        *times.last().unwrap(),
        120 * 6250,
        "closing timestamp at the window end"
    );
    assert!(
        times.windows(2).all(|w| w[0] < w[1]),
        "time strictly increases"
    );
    assert!(times.iter().all(|&t| (50 * 6250..=120 * 6250).contains(&t)));
}

#[test]
fn only_changes_are_written_and_output_is_deterministic() {
    let a = write("det_a", &[], None);
    let b = write("det_b", &[], None);
    let ta = std::fs::read(&a).unwrap();
    assert_eq!(ta, std::fs::read(&b).unwrap());
    let text = String::from_utf8(ta).unwrap();
    let id = text
        .lines()
        .find(|l| l.ends_with(" constant $end"))
        .and_then(|l| l.split_whitespace().nth(3))
        .unwrap()
        .to_string();
    let writes = text
        .lines()
        .filter(|l| l.starts_with('b') && l.ends_with(&format!(" {id}")))
        .count();
    assert_eq!(writes, 1, "a constant is written once");
}

#[test]
fn time_must_increase() {
    let f = Fake::new();
    let mut tr = Tracer::new(
        "network",
        &f,
        TraceConfig {
            period_ps: 1,
            ..Default::default()
        },
        Vec::<u8>::new(),
    )
    .unwrap();
    tr.sample(5, &f).unwrap();
    assert!(tr.sample(5, &f).is_err());
}

#[test]
fn gtkwave_vcd2fst_accepts_the_file() {
    let p = write("gtkwave", &[], None);
    let fst = Path::new("waves/test_trace_gtkwave.fst");
    let out = std::process::Command::new("vcd2fst")
        .arg(&p)
        .arg(fst)
        .output();
    match out {
        Ok(o) => {
            assert!(o.status.success(), "vcd2fst failed: {}", String::from_utf8_lossy(&o.stderr));
            assert!(std::fs::metadata(fst).unwrap().len() > 0);
        }
        Err(_) if std::env::var("FLITWAVE_NO_GTKWAVE").as_deref() == Ok("1") => {}
        Err(e) => panic!("vcd2fst not runnable ({e}): install GTKWave (apt-get install -y gtkwave) or run bash scripts/test.sh"),
    }
}
