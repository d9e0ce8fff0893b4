//! Testbench of the command line's conventions: help lists that come from the
//! registries, `--json` with one meaning in every command, errors that name the flag or `--set`
//! that gave a bad value, and `reproduce` that says what it does and links from any `--out`.

use crate::common::{fails_with, flitwave};

/// Help lists come from the registries: every family, routing, path selection,
/// selection, pattern and reproduction the code accepts is named in `--help` and `list`, and
/// `reproduce` says which paper each name is, by its short title.
#[test]
fn help_lists_every_registered_name() {
    use flitwave::fabric::registry::FAMILIES;
    use flitwave::reproduce::papers::PAPERS;
    use flitwave::routing::registry::ROUTINGS;
    use flitwave::routing::selection::SELECTIONS;
    use flitwave::traffic::pattern::PATTERNS;
    let (ok, run, _) = flitwave(&["run", "--help"]);
    assert!(ok);
    let (ok, sweep, _) = flitwave(&["sweep", "--help"]);
    assert!(ok);
    let (ok, list, _) = flitwave(&["list"]);
    assert!(ok);
    let (ok, top, _) = flitwave(&["--help"]);
    assert!(ok);
    let (ok, repro, _) = flitwave(&["reproduce", "--help"]);
    assert!(ok);
    for text in [&run, &sweep, &list] {
        for f in FAMILIES {
            assert!(text.contains(f.name), "family {}", f.name);
        }
        for r in ROUTINGS {
            assert!(text.contains(r.name), "routing {}", r.name);
        }
        for (s, _) in SELECTIONS {
            assert!(text.contains(s), "selection {s}");
        }
        for p in PATTERNS {
            assert!(text.contains(p.name), "pattern {}", p.name);
        }
    }
    for r in ROUTINGS {
        for p in r.paths {
            assert!(run.contains(p), "path selection {p} of {}", r.name);
        }
    }
    for p in PAPERS {
        let named = format!("{} ({}): {}", p.name, p.short, p.covers);
        assert!(top.contains(&named), "flitwave --help: {named}");
        assert!(
            repro.contains(&format!("{} ({}: {}", p.name, p.short, p.paper)),
            "{}",
            p.name
        );
        assert!(
            list.contains(p.name) && list.contains(&format!("{}: {}", p.short, p.paper)),
            "{}",
            p.name
        );
    }
    fails_with(
        &["reproduce", "nonsense"],
        &[
            "paper",
            "nonsense",
            "itb, fattree, speculative, dl, inorder, check",
        ],
    );
}

/// `--json` means one thing in every command: no value, or `-`, prints the JSON
/// instead of the text report; `FILE.json` writes it there and still prints the report; any
/// other value is refused, so an input file named after the flag is never overwritten.
#[test]
fn json_means_the_same_in_every_command() {
    let dir = crate::common::fresh_dir("cli", "json");
    let run = ["run", "--cycles", "2000"];
    let sweep = [
        "sweep",
        "--rates",
        "0.01,0.02",
        "--cycles",
        "2000",
        "--quiet",
    ];
    let routes = ["routes", "--switches", "8"];
    for (name, cmd) in [
        ("run", &run[..]),
        ("sweep", &sweep[..]),
        ("routes", &routes[..]),
    ] {
        let (ok, out, err) = flitwave(&[cmd, &["--json"]].concat());
        assert!(ok, "{name}: {err}");
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{name}: {e}\n{out}"));
        assert!(v.is_object() || v.is_array(), "{name}");
        let f = dir.join(format!("{name}.json"));
        let (ok, out, err) = flitwave(&[cmd, &["--json", crate::common::arg(&f)]].concat());
        assert!(ok, "{name}: {err}");
        assert!(
            serde_json::from_str::<serde_json::Value>(&out).is_err(),
            "{name}: the text report"
        );
        let text = std::fs::read_to_string(&f).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap();
    }
    // a trace named after --json is an input, not the JSON's destination
    let trace = dir.join("in.trace");
    std::fs::write(&trace, "0 0 1 64\n").unwrap();
    fails_with(
        &["trace", "stats", "--json", crate::common::arg(&trace)],
        &["--json", "in.trace", "not a .json file"],
    );
    assert_eq!(std::fs::read_to_string(&trace).unwrap(), "0 0 1 64\n");
}

/// Errors blame the place that gave the value: with `--config F`, a bad value from
/// `--set` or a flag names that `--set` or flag, not F; a bad value in F names F; type errors
/// are in words a user knows; a negative `--rate` reaches the range check.
#[test]
fn errors_name_the_flag_or_set_that_gave_the_value() {
    fn with<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        let c = [
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--cycles",
            "100",
        ];
        [&c[..], extra].concat()
    }
    let not_the_file = |args: &[&str], needles: &[&str]| {
        let (ok, _, err) = flitwave(args);
        assert!(!ok);
        for n in needles {
            assert!(err.contains(n), "{n:?} not in {err}");
        }
        assert!(!err.contains("booksim-iq.toml"), "blames the file: {err}");
    };
    not_the_file(
        &with(&["--set", "switch.vc_buffers=4"]),
        &[
            "switch.vc_buffers (--set switch.vc_buffers=4)",
            "vc_buffer_flits",
        ],
    );
    not_the_file(
        &with(&["--pattern", "tornado"]),
        &["traffic.pattern (--pattern)", "tornado", "uniform"],
    );
    not_the_file(
        &with(&["--warmup", "200"]),
        &["warmup (--warmup, --cycles)", "smaller than cycles"],
    );
    not_the_file(
        &with(&["--rate", "-1"]),
        &["traffic.rate (--rate)", "-1", "0..=1"],
    );
    not_the_file(
        &with(&["--set", "switch.vcs=\"two\""]),
        &["switch.vcs (--set switch.vcs=\"two\")", "a whole number"],
    );
    // the flag is applied after --set: it is the one named
    not_the_file(
        &with(&["--set", "traffic.rate=0.5", "--rate", "2"]),
        &["traffic.rate (--rate)"],
    );
    // a bad value in the file itself names the file
    let dir = crate::common::fresh_dir("cli", "blame");
    let f = dir.join("bad.toml");
    std::fs::write(&f, "[traffic]\nrate = 3\n").unwrap();
    fails_with(
        &["run", "--config", crate::common::arg(&f), "--cycles", "100"],
        &["bad.toml: traffic.rate: 3 is out of range"],
    );
}

/// `reproduce` is never silent off a terminal: its start line, with what it will do
/// and roughly how long, goes to standard error even into a pipe (and not with --quiet); its
/// report's links to the documentation work from any `--out`.
#[test]
fn reproduce_says_what_it_does_and_links_from_any_out() {
    let dir = crate::common::fresh_dir("cli", "reproduce_links");
    let args = |quiet: bool| {
        let mut v = vec![
            "reproduce",
            "dl",
            "--sizes",
            "16",
            "--topologies",
            "1",
            "--cycles",
            "2000",
            "--out",
            crate::common::arg(&dir),
        ];
        if quiet {
            v.push("--quiet");
        }
        v
    };
    let (ok, _, err) = flitwave(&args(false));
    assert!(ok, "{err}");
    assert!(
        err.contains("reproduce dl:") && err.contains("about"),
        "{err}"
    );
    let md = std::fs::read_to_string(dir.join("dl.md")).unwrap();
    let link = md
        .split("How DL is built and read: [")
        .nth(1)
        .and_then(|r| r.split("](").nth(1))
        .and_then(|r| r.split(')').next())
        .expect("the link to docs/dl.md");
    assert!(
        dir.join(link).is_file(),
        "{link} does not lead to docs/dl.md from {dir:?}"
    );
    let (ok, _, err) = flitwave(&args(true));
    assert!(ok && !err.contains("reproduce dl:"), "{err}");
}
