//! CLI testbench of the one fabric: both families through `run`, `sweep` and the `fattree`
//! shorthand with one vocabulary; the shorthand's configuration round trip; the registry
//! listing; the documented commands; and the bugs a new user hit (closed pipes, waveforms
//! that destroyed a file or came out empty, trace runs that stopped early, saturation that
//! went unsaid).

use crate::common::{fails_with, flitwave, DEADLOCKED_TORUS};
use std::io::Read;
use std::process::{Command, Stdio};

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-clifab-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// `flitwave ... | head -c 100`: the reader goes away, flitwave ends quietly with status 0.
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    for args in [
        &[
            "topology",
            "irregular",
            "--switches",
            "512",
            "--ports",
            "16",
        ][..],
        &["trace", "generate", "--duration-us", "200000"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_flitwave"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut out = child.stdout.take().unwrap();
        let mut buf = [0u8; 100];
        out.read_exact(&mut buf).unwrap();
        drop(out);
        let status = child.wait().unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{err}"
        );
        assert!(status.success(), "{args:?}: {status:?} {err}");
    }
}

/// A rejected scope, a window after the run, a window the run never reaches: an error that
/// names the option, and the user's existing file left as it was.
#[test]
fn a_bad_waveform_request_never_destroys_a_file() {
    let f = tmp("keep.vcd");
    let keep = |f: &std::path::Path| {
        std::fs::write(f, "KEEP").unwrap();
    };
    keep(&f);
    let p = f.to_str().unwrap();
    fails_with(
        &[
            "run",
            "--cycles",
            "2000",
            "--vcd",
            p,
            "--vcd-scope",
            "network.sw99",
        ],
        &["network.sw99", "matches no signal"],
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "KEEP");
    fails_with(
        &[
            "run",
            "--cycles",
            "2000",
            "--vcd",
            p,
            "--vcd-window",
            "5000..6000",
        ],
        &["--vcd-window", "5000", "1999"],
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "KEEP");
    // the torus deadlocks near cycle 28,000: a window at 50,000 is never reached
    fails_with(
        &[
            "run",
            "--cycles",
            "60000",
            "--set",
            "topology.kind=\"torus\"",
            "--routing",
            "dor",
            "--rate",
            "0.9",
            "--vcd",
            p,
            "--vcd-window",
            "50000..51000",
        ],
        &["--vcd-window", "stopped at cycle", "not written"],
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "KEEP");
    // a good request replaces it
    let (ok, _, err) = flitwave(&["run", "--cycles", "1000", "--vcd", p]);
    assert!(ok, "{err}");
    assert!(std::fs::read_to_string(&f).unwrap().starts_with("$version"));
    let leftovers = std::fs::read_dir(f.parent().unwrap())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains("partial")
        })
        .count();
    assert_eq!(leftovers, 0, "no temporary file left behind");
}

/// The fattree shorthand prints the configuration that `run --config` takes, and the run is
/// the same; `sweep --config` sweeps it (with the saturation search) like any network.
#[test]
fn fattree_is_a_configuration_that_run_and_sweep_take() {
    let short = [
        "fattree",
        "--k",
        "2",
        "--n",
        "3",
        "--selection",
        "sadp",
        "--in-order",
        "--cycles",
        "10000",
        "--message-bytes",
        "128",
    ];
    let (ok, toml_text, err) = flitwave(&[&short[..], &["--print-config"]].concat());
    assert!(ok, "{err}");
    for k in [
        "family = \"vct\"",
        "kind = \"fattree\"",
        "algorithm = \"ir-adaptive\"",
        "selection = \"sadp\"",
        "in_order = true",
        "warmup = 1000",
    ] {
        assert!(toml_text.contains(k), "missing {k:?} in\n{toml_text}");
    }
    let f = tmp("ft.toml");
    std::fs::write(&f, &toml_text).unwrap();
    let (ok, a, err) = flitwave(&[&short[..], &["--json"]].concat());
    assert!(ok, "{err}");
    let (ok, b, err) = flitwave(&["run", "--config", f.to_str().unwrap(), "--json"]);
    assert!(ok, "{err}");
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&a).unwrap(),
        serde_json::from_str(&b).unwrap(),
    );
    assert_eq!(a["summary"], b["summary"]);
    assert_eq!(a["config"], b["config"]);
    let (ok, out, err) = flitwave(&[
        "sweep",
        "--config",
        f.to_str().unwrap(),
        "--cycles",
        "6000",
        "--search",
        "--quiet",
        "--json",
        "-",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let r = &v["sweeps"][0]["result"];
    // the search stops at the first load beyond the one saturation criterion
    assert!(r["saturation"]["first_saturated_rate"].is_number(), "{r}");
    assert!(r["saturation"]["throughput"].as_f64().unwrap() > 0.0, "{r}");
    assert_eq!(v["config"]["switch"]["family"], "vct");
    assert_eq!(r["points"][0]["summary"]["family"], "vct");
    // one vocabulary: the shorthand's options are run's
    fails_with(
        &["fattree", "--config", f.to_str().unwrap()],
        &["--config", "run"],
    );
    fails_with(
        &["fattree", "--rate", "1.5"],
        &["traffic.rate (--rate)", "0..=1"],
    );
    fails_with(
        &["run", "--family", "torus"],
        &["switch.family (--family)", "myrinet, vct"],
    );
    fails_with(
        &["run", "--routing", "fir-det"],
        &["fir-det", "k-ary n-tree"],
    );
    fails_with(
        &["run", "--selection", "sadp"],
        &["routing.selection", "myrinet", "only"],
    );
}

/// A deadlocked vct torus writes its deadlock waveform like a Myrinet network does.
#[test]
fn vct_deadlocks_are_reported_with_their_waveform() {
    let f = tmp("dl.vcd");
    let mut args = vec!["run", "--rate", "0.9"];
    args.extend(DEADLOCKED_TORUS);
    args.extend([
        "--cycles",
        "60000",
        "--vcd-on-deadlock",
        f.to_str().unwrap(),
    ]);
    args.extend(["--deadlock-window", "500"]);
    let (ok, out, err) = flitwave(&args);
    assert!(!ok, "a deadlock is a failure");
    assert!(
        out.contains("DEADLOCK") && out.contains("wait cycle: sw"),
        "{out}"
    );
    assert!(err.contains("deadlock waveform"), "{err}");
    let vcd = std::fs::read_to_string(&f).unwrap();
    assert!(
        vcd.contains("fir") || vcd.contains("dor"),
        "routing unit in the waveform"
    );
}

/// `run` says when the network does not accept the offered load.
#[test]
fn run_says_when_the_network_is_saturated() {
    let (ok, out, err) = flitwave(&["run", "--cycles", "20000", "--rate", "0.5"]);
    assert!(ok, "{err}");
    assert!(out.contains("SATURATED"), "{out}");
    let (ok, out, _) = flitwave(&["run", "--cycles", "20000", "--rate", "0.01"]);
    assert!(ok);
    assert!(!out.contains("SATURATED"), "{out}");
}

/// A trace run lasts until the trace is done and reports the trace's own offered load.
#[test]
fn a_trace_run_finishes_and_reports_its_offered_load() {
    let (ok, out, err) = flitwave(&[
        "fattree",
        "--k",
        "2",
        "--n",
        "7",
        "--routing",
        "fir-det",
        "--trace",
        "configs/traces/cello-like.trace",
        "--compression",
        "10",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &v["summary"];
    assert!(s["execution_cycles"].as_u64().unwrap() > 100_000, "{s}");
    assert_eq!(s["pending_packets"], 0);
    let offered = s["offered_flits_per_cycle_per_host"].as_f64().unwrap();
    assert!(offered > 0.01 && offered < 1.0, "{offered}");
}

#[test]
fn list_names_every_family_routing_and_selection() {
    let (ok, out, err) = flitwave(&["list"]);
    assert!(ok, "{err}");
    for n in [
        "myrinet",
        "vct",
        "updown",
        "itb",
        "dor",
        "fir-det",
        "ir-adaptive",
        "only",
        "sadp",
        "ff",
    ] {
        assert!(out.contains(&format!("  {n} ")), "{n} missing:\n{out}");
    }
}

/// Every `flitwave run|sweep|fattree` command the README and the docs show parses into a valid
/// configuration (checked with --print-config, nothing simulated).
#[test]
fn documented_commands_parse() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut files = vec![format!("{root}/README.md")];
    for e in std::fs::read_dir(format!("{root}/docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            files.push(p.display().to_string());
        }
    }
    let mut checked = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut lines = text.lines().peekable();
        while let Some(l) = lines.next() {
            let mut cmd = l.trim().trim_start_matches("./target/release/").to_string();
            if !cmd.starts_with("flitwave ") {
                continue;
            }
            while cmd.ends_with('\\') {
                cmd.pop();
                cmd += " ";
                cmd += lines.next().unwrap_or("").trim();
            }
            let mut cmd = cmd.split(" #").next().unwrap().to_string();
            for cut in [" | ", " > ", " && "] {
                cmd = cmd.split(cut).next().unwrap().to_string();
            }
            let words = shell_words(&cmd);
            if !matches!(
                words.get(1).map(|s| s.as_str()),
                Some("run" | "sweep" | "fattree")
            ) {
                continue;
            }
            let mut args: Vec<String> = words[1..].to_vec();
            // examples that read the user's own files
            let missing = args.windows(2).any(|w| {
                ["--config", "--topology-file", "--trace"].contains(&w[0].as_str())
                    && !std::path::Path::new(root).join(&w[1]).exists()
            });
            if missing {
                continue;
            }
            if words[1] == "sweep" {
                // sweep has no --print-config: a tiny real run instead
                args.retain(|a| !a.contains(".svg") && !a.contains(".csv"));
                continue;
            }
            args.retain(|a| !a.starts_with("waves/") && !a.starts_with("out/"));
            let args: Vec<String> = strip_outputs(args);
            let mut a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
            if !a.contains(&"--print-config") {
                a.push("--print-config");
            }
            let (ok, _, err) = flitwave(&a);
            assert!(ok, "{f}: `{cmd}` does not parse: {err}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} documented commands found");
}

/// Drop output options whose value was removed (their files are not written by --print-config).
fn strip_outputs(args: Vec<String>) -> Vec<String> {
    let mut out = vec![];
    let mut it = args.into_iter().peekable();
    while let Some(a) = it.next() {
        if [
            "--vcd",
            "--vcd-on-deadlock",
            "--vcd-scope",
            "--vcd-window",
            "--heatmap",
            "--json",
        ]
        .contains(&a.as_str())
        {
            if a != "--json" && it.peek().is_some_and(|n| !n.starts_with("--")) {
                it.next();
            }
            continue;
        }
        out.push(a);
    }
    out
}

/// Split a command line on spaces, keeping 'single' and "double" quoted words (quotes removed
/// the way a shell does).
fn shell_words(s: &str) -> Vec<String> {
    let mut out = vec![];
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in s.chars() {
        match (quote, c) {
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), _) if c == q => quote = None,
            (None, ' ') => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (Some('"'), '\\') => {}
            _ => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn a_key_the_running_family_does_not_read_is_said() {
    // a vc key on the default (myrinet) run, and on a vct fat-tree: the run goes on, and says
    // that the family in force ignores it
    for args in [
        &["run", "--set", "switch.vcs=4", "--cycles", "100"][..],
        &[
            "fattree",
            "--k",
            "2",
            "--n",
            "2",
            "--set",
            "nic.send_window=4",
            "--cycles",
            "100",
        ][..],
    ] {
        let (ok, out, err) = flitwave(args);
        assert!(ok, "{args:?}: {err}");
        assert!(out.contains("accepted"), "{args:?}: {out}");
        let key = args[args.iter().position(|a| *a == "--set").unwrap() + 1]
            .split('=')
            .next()
            .unwrap();
        assert!(
            err.contains(&format!("note: {key} is a key of the vc family"))
                && err.contains("does not read it"),
            "{args:?}: {err}"
        );
    }
    // the family's own keys, the embedded default's keys under another family, and keys any
    // family reads: nothing to say
    for args in [
        &[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--set",
            "switch.vcs=4",
            "--cycles",
            "100",
        ][..],
        &["run", "--family", "vc", "--cycles", "100"][..],
        &["run", "--set", "nic.reorder_bytes=4096", "--cycles", "100"][..],
    ] {
        let (ok, _, err) = flitwave(args);
        assert!(ok && !err.contains("note:"), "{args:?}: {err}");
    }
}
