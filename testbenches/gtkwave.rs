//! GTKWave testbench: the waveforms flitwave writes open in GTKWave (run headless under Xvfb
//! with a Tcl script) with their save file: every signal displayed, grouped by scope, zoomed to
//! the traced window, the clock toggling, strings (states, peers) shown as text, and the RTL
//! twins' encoded states shown as names through translate filters. Never skipped: without
//! GTKWave or xvfb-run the tests fail and say that scripts/test.sh installs them.

use crate::common::{fails_with, flitwave};
use std::path::{Path, PathBuf};
use std::process::Command;

const P: u64 = 6250;

/// A fresh folder for one test's files.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("gtkwave_{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn require(tool: &str) {
    let found = Command::new("which")
        .arg(tool)
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{tool} is not installed: bash scripts/test.sh installs GTKWave and xvfb \
         (apt-get install -y --no-install-recommends gtkwave xvfb)"
    );
}

/// A signal name as a Tcl word (brackets escaped).
fn tcl(name: &str) -> String {
    name.replace('[', "\\[").replace(']', "\\]")
}

/// What GTKWave shows after opening `vcd` with its `.gtkw` (from the save file's folder's
/// parent, so relative paths must resolve against the save file): the displayed signals, the
/// window, the value of each `(time, signal)` of `probes` at that time, and the save file
/// GTKWave writes back (it overwrites the loaded one, so a copy is loaded).
struct Shown {
    signals: Vec<String>,
    window: (u64, u64),
    values: Vec<String>,
    saved: String,
    /// The primary marker and named marker A (-1: none), as GTKWave reports them.
    marker: String,
}

fn open(vcd: &Path, probes: &[(u64, &str)]) -> Shown {
    require("xvfb-run");
    require("gtkwave");
    let gtkw = flitwave::sim::gtkw::save_path(vcd);
    assert!(gtkw.exists(), "{} was not written", gtkw.display());
    // GTKWave writes the save file back in place: load a copy named like the original
    let copy_dir = vcd.parent().unwrap().join("copy");
    std::fs::create_dir_all(&copy_dir).unwrap();
    for e in std::fs::read_dir(vcd.parent().unwrap()).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, copy_dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    let name = gtkw.file_name().unwrap();
    let mut script = String::from(
        "puts \"DISPLAYED: [gtkwave::getDisplayedSignals]\"\n\
         puts \"WINDOW: [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]\"\n\
         puts \"MARKER: [gtkwave::getMarker] [gtkwave::getNamedMarker A]\"\n",
    );
    for (t, s) in probes {
        script += &format!(
            "gtkwave::setMarker {t}\nputs \"VALUE: [gtkwave::getTraceValueAtMarkerFromName {}]\"\n",
            tcl(s)
        );
    }
    script += "gtkwave::/File/Write_Save_File\ngtkwave::/File/Quit\n";
    let tcl_file = vcd.parent().unwrap().join("query.tcl");
    std::fs::write(&tcl_file, script).unwrap();
    let o = Command::new("timeout")
        .args(["120", "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"])
        .args(["gtkwave", "-S"])
        .arg(&tcl_file)
        .arg(copy_dir.join(vcd.file_name().unwrap()))
        .arg(copy_dir.join(name))
        .current_dir("/")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let line = |tag: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix(tag))
            .map(|l| l.trim().to_string())
            .collect()
    };
    let displayed = line("DISPLAYED: ");
    assert_eq!(displayed.len(), 1, "GTKWave did not run the script: {out}");
    let w: Vec<u64> = line("WINDOW: ")[0]
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    Shown {
        signals: displayed[0].split_whitespace().map(String::from).collect(),
        window: (w[0], w[1]),
        values: line("VALUE: "),
        marker: line("MARKER: ").concat(),
        saved: std::fs::read_to_string(copy_dir.join(name)).unwrap(),
    }
}

/// The signals of a save file, in display order (lines that are not flags, groups or settings).
fn listed(gtkw: &str) -> Vec<String> {
    gtkw.lines()
        .filter(|l| !l.is_empty() && !"[@*-^".contains(&l[..1]))
        .map(String::from)
        .collect()
}

/// The value of `path` at time `t` as wellen (Surfer's parser) reads it: text, or the
/// bit vector as an unsigned number.
fn wellen_value(w: &mut wellen::simple::Waveform, path: &str, t: u64) -> String {
    let comps: Vec<&str> = path.split('.').collect();
    let (scope, name) = comps.split_at(comps.len() - 1);
    let h = w.hierarchy();
    let var = h.lookup_var(scope, name[0]).expect(path);
    let sig = h[var].signal_ref();
    w.load_signals(&[sig]);
    let idx = w.time_table().partition_point(|&x| x <= t) - 1;
    let s = w.get_signal(sig).unwrap();
    match s.get_value_at(&s.get_offset(idx as u32).unwrap(), 0) {
        wellen::SignalValueRef::String(x) => x.to_string(),
        wellen::SignalValueRef::BitVec(b) => {
            u64::from_str_radix(&b.bit_string(), 2).unwrap().to_string()
        }
        other => panic!("{path}: unexpected {other:?}"),
    }
}

/// Window `(start, end)` GTKWave shows for a trace of cycles `a..b`: starts at `a`, ends within
/// 10% of the window's length of `b` (not a few picoseconds).
fn assert_zoomed(window: (u64, u64), a: u64, b: u64) {
    assert_eq!(window.0, a * P, "window starts at cycle {a}");
    let (want, got) = (((b - a) * P) as f64, (window.1 - window.0) as f64);
    assert!(
        (got / want - 1.0).abs() < 0.1,
        "GTKWave shows {window:?}, want about {}..{}",
        a * P,
        b * P
    );
}

#[test]
fn run_vcd_opens_grouped_zoomed_to_the_window_with_clock_states_and_peers() {
    let d = dir("run");
    let vcd = d.join("run.vcd");
    let (ok, _, err) = flitwave(&[
        "run",
        "--cycles",
        "1600",
        "--vcd",
        vcd.to_str().unwrap(),
        "--vcd-scope",
        "network.sw3,network.nic12",
        "--vcd-window",
        "1000..1600",
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("open: gtkwave"), "{err}");
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
    assert!(crate::common::gtkw_body(&gtkw)
        .starts_with("[dumpfile] \"run.vcd\"\n[savefile] \"run.gtkw\"\n"));
    let mut w = wellen::simple::read(&vcd).unwrap();
    let h = w.hierarchy();
    let in_vcd = h.all_vars().count();
    let t = 1000 * P;
    let probes = [
        (t, "network.clk"),
        (t + P / 2, "network.clk"),
        (t, "network.cycle"),
        (t, "network.sw3.in0.peer"),
        (t, "network.nic12.peer"),
        (t, "network.sw3.in0.state"),
        (t, "network.nic12.send_dma.state"),
    ];
    let s = open(&vcd, &probes);
    // every signal of the VCD, in the save file's order, clock first
    assert_eq!(
        s.signals,
        listed(&gtkw),
        "GTKWave resolved every listed signal"
    );
    assert_eq!(s.signals.len(), in_vcd);
    assert_eq!(&s.signals[..2], ["network.clk", "network.cycle"]);
    assert_zoomed(s.window, 1000, 1600);
    // grouped: GTKWave writes the groups back as it shows them
    for g in [
        "sw3",
        "sw3.in0",
        "sw3.in0.slack",
        "sw3.out2",
        "nic12",
        "nic12.send_dma",
    ] {
        assert!(s.saved.contains(&format!("\n-{g}\n")), "group {g} missing");
    }
    // values as GTKWave shows them: the clock high then low within the cycle, text as text
    assert_eq!(s.values[..3], ["1", "0", "1000"]);
    for (k, (t, sig)) in probes.iter().enumerate().skip(3) {
        assert_eq!(s.values[k], wellen_value(&mut w, sig, *t), "{sig}");
    }
    assert!(s.values[3].starts_with("nic") || s.values[3].starts_with("sw"));
    assert!(s.values[4].starts_with("sw3.p"), "nic12 hangs on sw3");
}

/// The text an FST holds in the ASCII vector `path` at time `t`, as wellen reads it.
fn fst_text(w: &mut wellen::simple::Waveform, path: &str, t: u64) -> String {
    let comps: Vec<&str> = path.split('.').collect();
    let (scope, name) = comps.split_at(comps.len() - 1);
    let h = w.hierarchy();
    let sig = h[h.lookup_var(scope, name[0]).expect(path)].signal_ref();
    w.load_signals(&[sig]);
    let idx = w.time_table().partition_point(|&x| x <= t) - 1;
    let s = w.get_signal(sig).unwrap();
    match s.get_value_at(&s.get_offset(idx as u32).unwrap(), 0) {
        wellen::SignalValueRef::BitVec(b) => crate::fst_trace::ascii(&b.bit_string()),
        other => panic!("{path}: unexpected {other:?}"),
    }
}

#[test]
fn an_fst_opens_with_its_save_file_and_shows_states_and_peers_as_text() {
    let d = dir("fst");
    let fst = d.join("run.fst");
    let (ok, _, err) = flitwave(&[
        "run",
        "--cycles",
        "1600",
        "--vcd",
        fst.to_str().unwrap(),
        "--vcd-scope",
        "network.sw3,network.nic12",
        "--vcd-window",
        "1000..1600",
    ]);
    assert!(ok, "{err}");
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&fst)).unwrap();
    assert!(crate::common::gtkw_body(&gtkw)
        .starts_with("[dumpfile] \"run.fst\"\n[savefile] \"run.fst.gtkw\"\n"));
    let mut w = wellen::simple::read(&fst).unwrap();
    let in_fst = w.hierarchy().all_vars().count();
    let t = 1000 * P;
    let texts = [
        "network.sw3.in0.peer",
        "network.nic12.peer",
        "network.sw3.in0.state",
        "network.nic12.send_dma.state",
    ];
    let w8 = 8 * flitwave::sim::trace::TEXT_CHARS - 1;
    let named: Vec<String> = texts.iter().map(|n| format!("{n}[{w8}:0]")).collect();
    let mut probes = vec![
        (t, "network.clk"),
        (t + P / 2, "network.clk"),
        (t, "network.cycle"),
        (t, "network.sw3.in0.pkt"),
    ];
    probes.extend(named.iter().map(|n| (t, n.as_str())));
    let s = open(&fst, &probes);
    assert_eq!(
        s.signals,
        listed(&gtkw),
        "GTKWave resolved every listed signal"
    );
    assert_eq!(s.signals.len(), in_fst);
    assert_eq!(&s.signals[..2], ["network.clk", "network.cycle"]);
    assert_zoomed(s.window, 1000, 1600);
    assert_eq!(s.values[..3], ["1", "0", "1000"]);
    let pkt: u64 = wellen_value(&mut w, "network.sw3.in0.pkt", t)
        .parse()
        .unwrap();
    assert_eq!(
        s.values[3],
        (pkt as u32 as i32).to_string(),
        "signed decimal"
    );
    for (k, name) in texts.iter().enumerate() {
        let want = fst_text(&mut w, name, t);
        assert_eq!(s.values[4 + k].trim_end(), want, "{name} as text");
        assert!(!want.is_empty() && want.chars().all(|c| c.is_ascii_graphic()));
    }
    assert!(s.values[5].starts_with("sw3.p"), "nic12 hangs on sw3");
    assert!(s.saved.contains("@800\n"), "texts keep the ASCII format");
}

#[test]
fn a_full_network_dump_opens_with_its_switches_collapsed() {
    let d = dir("full");
    let vcd = d.join("full.vcd");
    let (ok, _, err) = flitwave(&["run", "--cycles", "300", "--vcd", vcd.to_str().unwrap()]);
    assert!(ok, "{err}");
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
    let s = open(&vcd, &[]);
    assert_eq!(s.signals, listed(&gtkw));
    assert!(s.signals.len() > 400, "{}", s.signals.len());
    assert_zoomed(s.window, 0, 300);
    assert!(gtkw.contains("@c00200\n-sw0\n") && gtkw.contains("@c00200\n-nic0\n"));
}

/// A deadlock waveform opens zoomed from `--deadlock-window` cycles before the freeze to the
/// frozen tail's end, the marker at the freeze, and GTKWave keeps its view: written back, the
/// save file has the same groups open (the wait cycle's routers and inputs), the same traces
/// highlighted, the marker's name and the comment lines.
#[test]
fn a_deadlock_waveform_opens_marked_at_the_freeze_on_the_waiting_routers() {
    use crate::readable_waves::FROZEN_TAIL;
    use crate::readable_waves::{groups, highlighted, wait_cycle, DEADLOCK_RUN};
    let d = dir("deadlock");
    let vcd = d.join("dl.vcd");
    let mut args = DEADLOCK_RUN.to_vec();
    args.extend(["--vcd-on-deadlock", vcd.to_str().unwrap()]);
    let (ok, out, err) = flitwave(&args);
    assert!(!ok, "a deadlock is an error exit: {err}");
    let (detected, inputs) = wait_cycle(&out);
    let froze = detected - 2000 + 1;
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
    let s = open(&vcd, &[]);
    assert_eq!(s.signals, listed(&gtkw), "every signal displayed");
    assert_zoomed(s.window, froze - 500, froze + FROZEN_TAIL);
    assert_eq!(s.marker, format!("{} {}", froze * P, froze * P));
    let open_groups = |g: &str| -> Vec<(String, u32)> {
        groups(g)
            .into_iter()
            .filter(|(_, f)| f & 0x400000 == 0)
            .collect()
    };
    let opened = open_groups(&s.saved);
    assert_eq!(opened, open_groups(&gtkw), "GTKWave keeps the open groups");
    for i in &inputs {
        assert!(opened.iter().any(|(n, _)| n == i), "{i} open in GTKWave");
    }
    assert_eq!(highlighted(&s.saved), highlighted(&gtkw));
    assert!(!highlighted(&s.saved).is_empty());
    assert!(s.saved.contains("\n[markername] AFROZE\n"), "{}", s.saved);
    assert!(s.saved.contains("\n-DEADLOCK: frozen from cycle "));
    assert!(s.saved.contains(&format!("\n-{} -> out_", inputs[0])));
}

#[test]
fn rtl_wave_shows_the_itb_states_by_name() {
    let d = dir("rtl");
    let vcd = d.join("itb.vcd");
    let (ok, out, err) = flitwave(&[
        "rtl",
        "wave",
        "itb",
        "--cycles",
        "600",
        "--output",
        vcd.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("open: gtkwave"), "{out}");
    let filter = std::fs::read_to_string(d.join("itb.itb_state.filter")).unwrap();
    assert_eq!(
        filter,
        "0 IDLE\n1 DETECT\n2 PROGRAM\n3 SPILL\n4 READY\n5 REINJECT\n"
    );
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&vcd)).unwrap();
    assert!(gtkw.contains("@2024\n^1 itb.itb_state.filter\ntb.model.state[2:0]\n"));
    assert!(gtkw.contains("@2024\n^1 itb.itb_state.filter\ntb.rtl.state[2:0]\n"));
    // one time per state the model takes, read from the VCD with wellen
    let mut w = wellen::simple::read(&vcd).unwrap();
    let h = w.hierarchy();
    let var = h.lookup_var(&["tb", "model"], "state").unwrap();
    let sig = h[var].signal_ref();
    w.load_signals(&[sig]);
    let times = w.time_table().to_vec();
    let sigv = w.get_signal(sig).unwrap();
    let mut seen: Vec<(u64, u64)> = vec![];
    for (idx, v) in sigv.iter_changes() {
        let val = match v {
            wellen::SignalValueRef::BitVec(b) => u64::from_str_radix(&b.bit_string(), 2).unwrap(),
            other => panic!("{other:?}"),
        };
        if !seen.iter().any(|&(_, x)| x == val) {
            seen.push((times[idx as usize], val));
        }
    }
    assert!(
        seen.len() >= 3,
        "the stimulus visits several states: {seen:?}"
    );
    let probes: Vec<(u64, &str)> = seen
        .iter()
        .flat_map(|&(t, _)| [(t, "tb.model.state[2:0]"), (t, "tb.rtl.state[2:0]")])
        .collect();
    let s = open(&vcd, &probes);
    assert_eq!(s.signals, listed(&gtkw));
    let names: Vec<&str> = filter.lines().map(|l| &l[2..]).collect();
    for (k, &(t, val)) in seen.iter().enumerate() {
        let want = names[val as usize];
        assert_eq!(s.values[2 * k], want, "model state at {t}");
        assert_eq!(s.values[2 * k + 1], want, "twin state at {t}");
    }
    assert!(s.saved.contains("^1 "), "the filter is still applied");

    // the twin's internals (rust-hdl's own dump) get a save file too: ports first, sub-modules
    // as closed groups, the state named through the same table
    let internal = d.join("itb_rtl.vcd");
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&internal)).unwrap();
    assert!(gtkw.contains("@2024\n^1 itb_rtl.itb_state.filter\nuut.state[2:0]\n"));
    assert!(gtkw.contains("@c00200\n-"), "sub-modules start closed");
    let mut w = wellen::simple::read(&internal).unwrap();
    let want: Vec<String> = seen
        .iter()
        .map(|&(t, _)| {
            let v: usize = wellen_value(&mut w, "uut.state", t + 5000).parse().unwrap();
            names[v].to_string()
        })
        .collect();
    let probes: Vec<(u64, &str)> = seen
        .iter()
        .map(|&(t, _)| (t + 5000, "uut.state[2:0]"))
        .collect();
    let s = open(&internal, &probes);
    assert_eq!(s.signals, listed(&gtkw));
    assert_eq!(s.values, want);
    assert!(want.iter().any(|n| n != "IDLE"), "{want:?}");
}

#[test]
fn a_clock_too_short_to_draw_or_a_vcd_named_gtkw_is_a_clear_error() {
    let d = dir("bad");
    let vcd = d.join("keep.vcd");
    std::fs::write(&vcd, "old").unwrap();
    let v = vcd.to_str().unwrap();
    let args = [
        "run",
        "--cycles",
        "10",
        "--set",
        "link.clock_ns=0.001",
        "--vcd",
        v,
    ];
    fails_with(
        &args,
        &["waveform clock period", "1 ps", ">= 2 ps", "link.clock_ns"],
    );
    assert_eq!(std::fs::read_to_string(&vcd).unwrap(), "old");
    assert!(!flitwave::sim::gtkw::save_path(&vcd).exists());
    // a waveform named like its own save file
    let g = d.join("w.gtkw");
    let args = ["run", "--cycles", "10", "--vcd", g.to_str().unwrap()];
    fails_with(
        &args,
        &["w.gtkw", "save file", "allowed: another extension"],
    );
    assert!(!g.exists());
}
