//! Testbench for FST waveforms (`--vcd FILE.fst`, `--wave-format fst`): the same run written as
//! VCD and as FST, read back with wellen (Surfer's parser), holds the same signals with the same
//! value changes at the same times (texts decoded from their ASCII vectors); the FST bytes are
//! the same run to run; bad format choices are clear errors that leave existing files alone.
//! testbenches/gtkwave.rs opens an FST with its save file in GTKWave.

use crate::common::{fails_with, flitwave, DEADLOCKED_TORUS};
use flitwave::sim::probe::{Probe, ProbeVisitor};
use flitwave::sim::trace::{TraceConfig, Tracer, WaveFormat, TEXT_CHARS};
use std::path::{Path, PathBuf};
use wellen::SignalValueRef;

/// A fresh folder for one test's files.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fst_{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The text of an FST text signal: 8-bit characters, padded with spaces.
pub(crate) fn ascii(bits: &str) -> String {
    let bytes: Vec<u8> = (0..bits.len() / 8)
        .map(|k| u8::from_str_radix(&bits[8 * k..8 * k + 8], 2).unwrap())
        .collect();
    String::from_utf8(bytes).unwrap().trim_end().to_string()
}

/// Every variable of a waveform, by full name in declaration order, with its changes as
/// `(time, value)`: bit strings, texts as text (`texts`: decode bit vectors as ASCII). An FST
/// starts at time 0: before a window that starts later its signals are `x` (not traced), where
/// a VCD has no time at all; those `x` are left out.
pub(crate) type Changes = Vec<(String, Vec<(u64, String)>)>;

pub(crate) fn changes(path: &Path, texts: &[String]) -> Changes {
    let mut w = wellen::simple::read(path).expect("wellen reads the waveform");
    let h = w.hierarchy();
    let vars: Vec<_> = h.all_vars().collect();
    let names: Vec<String> = vars.iter().map(|&v| h[v].full_name(h)).collect();
    let sigs: Vec<_> = vars.iter().map(|&v| h[v].signal_ref()).collect();
    w.load_signals(&sigs);
    let times = w.time_table().to_vec();
    names
        .into_iter()
        .zip(sigs)
        .map(|(name, s)| {
            let sig = w.get_signal(s).unwrap();
            let text = texts.contains(&name);
            let untraced = |&(i, ref v): &(u32, SignalValueRef)| {
                let x = matches!(v, SignalValueRef::BitVec(b) if b.bit_string().bytes().all(|c| c == b'x'));
                !(x && times[i as usize] == 0)
            };
            let list = sig
                .iter_changes()
                .filter(untraced)
                .map(|(i, v)| {
                    let v = match v {
                        SignalValueRef::String(x) => x.to_string(),
                        SignalValueRef::BitVec(b) if text => ascii(&b.bit_string()),
                        SignalValueRef::BitVec(b) => b.bit_string(),
                        other => panic!("{name}: unexpected {other:?}"),
                    };
                    (times[i as usize], v)
                })
                .collect();
            (name, list)
        })
        .collect()
}

/// Names of the string variables of a VCD.
fn strings(vcd: &Path) -> Vec<String> {
    let w = wellen::simple::read(vcd).unwrap();
    let h = w.hierarchy();
    h.all_vars()
        .filter(|&v| h[v].var_type() == wellen::VarType::String)
        .map(|v| h[v].full_name(h))
        .collect()
}

/// Run `flitwave run ARGS --vcd FILE` for FILE = `stem.vcd` and `stem.fst` in `d`; both paths.
fn both(d: &Path, stem: &str, args: &[&str]) -> (PathBuf, PathBuf) {
    let (vcd, fst) = (d.join(format!("{stem}.vcd")), d.join(format!("{stem}.fst")));
    for f in [&vcd, &fst] {
        let mut a = vec!["run"];
        a.extend_from_slice(args);
        a.extend(["--vcd", f.to_str().unwrap()]);
        let (ok, _, err) = flitwave(&a);
        assert!(ok, "{a:?}: {err}");
        assert!(err.contains("waveform written to"), "{err}");
    }
    (vcd, fst)
}

fn assert_same_changes(vcd: &Path, fst: &Path) -> usize {
    let texts = strings(vcd);
    let (a, b) = (changes(vcd, &texts), changes(fst, &texts));
    let names = |c: &Changes| c.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b), "the same signals in the same order");
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert_eq!(x, y, "{name}: value changes differ between VCD and FST");
        assert!(!x.is_empty(), "{name} has a value");
    }
    assert!(!texts.is_empty(), "states and peers are compared too");
    a.len()
}

#[test]
fn vcd_and_fst_of_a_full_network_hold_the_same_changes() {
    let d = dir("full");
    let (vcd, fst) = both(&d, "full", &["--cycles", "400"]);
    let n = assert_same_changes(&vcd, &fst);
    assert!(n > 400, "a full-network dump: {n} signals");
    // GTKWave's own reader agrees: fst2vcd (scripts/test.sh installs it) gives the same changes
    let back = d.join("back.vcd");
    let o = std::process::Command::new("fst2vcd")
        .arg(&fst)
        .arg("-o")
        .arg(&back)
        .output()
        .expect("fst2vcd runs: bash scripts/test.sh installs gtkwave");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_changes(&vcd, &back);
    let (v, f) = (
        std::fs::metadata(&vcd).unwrap(),
        std::fs::metadata(&fst).unwrap(),
    );
    assert!(f.len() < v.len(), "FST {} B, VCD {} B", f.len(), v.len());
    // the save file names the FST and shows its texts as ASCII
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&fst)).unwrap();
    assert!(crate::common::gtkw_body(&gtkw)
        .starts_with("[dumpfile] \"full.fst\"\n[savefile] \"full.fst.gtkw\"\n"));
    let w = 8 * TEXT_CHARS - 1;
    assert!(gtkw.contains(&format!("@800\nnetwork.sw0.in0.state[{w}:0]\n")));
}

#[test]
fn vcd_and_fst_agree_on_a_vc_router_window_and_scope() {
    let d = dir("vc");
    let args = [
        "--config",
        "configs/booksim-iq.toml",
        "--set",
        "traffic.rate=0.3",
        "--cycles",
        "1500",
        "--vcd-window",
        "700..1200",
        "--vcd-scope",
        "network.sw5,network.nic5",
    ];
    let (vcd, fst) = both(&d, "vc", &args);
    assert_same_changes(&vcd, &fst);
    // a VCD and an FST of one name keep a save file each, each naming its own waveform
    let (vcd_save, fst_save) = (d.join("vc.gtkw"), d.join("vc.fst.gtkw"));
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    assert!(read(&vcd_save).contains("[dumpfile] \"vc.vcd\""));
    assert!(read(&fst_save).contains("[dumpfile] \"vc.fst\""));
    // every file says what made it: the program and commit, the seed, the configuration
    let made = format!("flitwave {} (commit ", env!("CARGO_PKG_VERSION"));
    let text = read(&vcd);
    let header = &text[..text.find("$enddefinitions").unwrap()];
    assert!(header.starts_with(&format!("$version {made}")), "{header}");
    for want in [
        "$comment seed 1 $end",
        "$comment config hash ",
        "$comment config {\"seed\":1,",
        "\"dims\":\"8x8\"",
        "\"rate\":0.3",
    ] {
        assert!(header.contains(want), "{want:?} missing: {header}");
    }
    for save in [&vcd_save, &fst_save] {
        let g = read(save);
        assert!(g.starts_with(&format!("[*] {made}")), "{g}");
        assert!(g.contains("\n[*] seed 1\n") && g.contains("\n[*] config {"));
    }
    let w = wellen::simple::read(&fst).unwrap();
    let h = w.hierarchy();
    assert!(h.version().starts_with(&made), "{}", h.version());
    assert!(h.date().starts_with("seed 1; config hash "), "{}", h.date());
}

#[test]
fn fst_bytes_are_the_same_run_to_run_at_any_thread_count() {
    let d = dir("det");
    let mut files = vec![];
    for (k, threads) in ["1", "2"].iter().enumerate() {
        let f = d.join(format!("run{k}.fst"));
        let args = ["run", "--cycles", "600", "--threads", threads, "--vcd"];
        let (ok, _, err) = flitwave(&[&args[..], &[f.to_str().unwrap()]].concat());
        assert!(ok, "{err}");
        files.push(std::fs::read(&f).unwrap());
    }
    assert_eq!(files[0], files[1], "identical FST bytes");
    let text = String::from_utf8_lossy(&files[0]);
    assert!(text.contains(&format!("flitwave {}", env!("CARGO_PKG_VERSION"))));
}

#[test]
fn wave_format_chooses_the_format_and_bad_choices_are_clear_errors() {
    let d = dir("flags");
    // an extension that names neither: --wave-format decides
    let f = d.join("net.wave");
    let args = ["run", "--cycles", "50", "--wave-format", "fst", "--vcd"];
    let (ok, _, err) = flitwave(&[&args[..], &[f.to_str().unwrap()]].concat());
    assert!(ok, "{err}");
    let bytes = std::fs::read(&f).unwrap();
    assert!(!bytes.starts_with(b"$"), "an FST, not a VCD");
    assert!(wellen::simple::read(&f).is_ok());
    // the format and the file name disagree: refused, the file left as it was
    let keep = d.join("keep.fst");
    std::fs::write(&keep, "old").unwrap();
    let k = keep.to_str().unwrap();
    let args = ["run", "--cycles", "50", "--vcd", k, "--wave-format", "vcd"];
    fails_with(
        &args,
        &[
            "--wave-format",
            "vcd contradicts",
            "keep.fst",
            "allowed: --wave-format fst",
        ],
    );
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "old");
    assert!(!flitwave::sim::gtkw::save_path(&keep).exists());
    // no such format; a format without a waveform; one per seed
    fails_with(
        &["run", "--vcd", k, "--wave-format", "xyz"],
        &["--wave-format", "xyz", "vcd", "fst"],
    );
    fails_with(
        &["run", "--cycles", "50", "--wave-format", "fst"],
        &["--wave-format needs --vcd FILE"],
    );
    fails_with(
        &["run", "--seeds", "2", "--wave-format", "fst"],
        &["--vcd", "--seeds 2"],
    );
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "old");
    // a scope that matches nothing leaves an existing FST alone too
    let args = [
        "run",
        "--cycles",
        "50",
        "--vcd",
        k,
        "--vcd-scope",
        "network.nope",
    ];
    fails_with(&args, &["network.nope", "matches no signal"]);
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "old");
}

#[test]
fn deadlock_and_rtl_waveforms_come_as_fst_too() {
    let d = dir("more");
    let f = d.join("dl.fst");
    let mut args = vec!["run", "--rate", "0.9"];
    args.extend_from_slice(DEADLOCKED_TORUS);
    args.extend(["--cycles", "60000", "--deadlock-window", "200"]);
    args.extend(["--vcd-on-deadlock", f.to_str().unwrap()]);
    let (_, _, err) = flitwave(&args);
    assert!(err.contains("deadlock waveform"), "{err}");
    assert!(
        wellen::simple::read(&f).is_ok(),
        "the deadlock FST reads back"
    );
    assert!(flitwave::sim::gtkw::save_path(&f).exists());
    // rtl wave: --wave-format fst names the default file and writes the ports as FST
    let out = d.join("itb.fst");
    let (ok, stdout, err) = flitwave(&[
        "rtl",
        "wave",
        "itb",
        "--cycles",
        "300",
        "--wave-format",
        "fst",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(stdout.contains("itb.fst"), "{stdout}");
    let w = wellen::simple::read(&out).unwrap();
    let h = w.hierarchy();
    assert!(h.lookup_var(&["tb", "model"], "state").is_some());
    let bad = d.join("itb.vcd");
    let args = [
        "rtl",
        "wave",
        "itb",
        "--wave-format",
        "fst",
        "-o",
        bad.to_str().unwrap(),
    ];
    fails_with(&args, &["--wave-format", "fst contradicts", "itb.vcd"]);
}

/// One text signal of any value, for the library-level check.
struct Texts(&'static str, &'static str);

impl Probe for Texts {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.text("a", self.0);
        v.text("b", self.1);
        v.int("n", -1);
    }
}

#[test]
fn texts_are_cleaned_like_the_vcd_and_sized_by_their_first_value() {
    let d = dir("texts");
    let long = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"; // wider than TEXT_CHARS: sets b's width
    let steps = [("IDLE", long), ("wait for go", "x"), ("", long)];
    let cfg = TraceConfig::default();
    let mut out = vec![];
    for fmt in [WaveFormat::Vcd, WaveFormat::Fst] {
        let path = d.join(format!("t.{}", fmt.name()));
        let mut t = Tracer::create(
            &path,
            fmt,
            "top",
            &Texts(steps[0].0, steps[0].1),
            cfg.clone(),
        )
        .unwrap();
        assert_eq!(t.format(), fmt);
        for (c, (a, b)) in steps.iter().enumerate() {
            t.sample(c as u64, &Texts(a, b)).unwrap();
        }
        t.finish().unwrap();
        out.push(path);
    }
    assert_same_changes(&out[0], &out[1]);
    let texts = strings(&out[0]);
    let c = changes(&out[1], &texts);
    let a: Vec<&str> = c[2].1.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(a, ["IDLE", "wait_for_go", "_"]);
    let gtkw = std::fs::read_to_string(flitwave::sim::gtkw::save_path(&out[1])).unwrap();
    assert!(
        gtkw.contains(&format!("top.b[{}:0]", 8 * long.len() - 1)),
        "{gtkw}"
    );
    assert!(gtkw.contains(&format!("top.a[{}:0]", 8 * TEXT_CHARS - 1)));
    assert!(
        gtkw.contains("\ntop.n\n"),
        "integers are named without a range"
    );
}
