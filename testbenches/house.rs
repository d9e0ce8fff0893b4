//! The house rules a change can break without any result moving: the layers import nothing
//! above them, every configuration key has exactly one owner, and
//! no source file grows past 600 lines.

use flitwave::experiment::config::Config;
use flitwave::fabric::keys::{NicCfg, SwitchCfg};
use flitwave::keys::Part;
use flitwave::routing::keys::RoutingCfg;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level modules a file of `module` names as `crate::X`.
fn imports(module: &str) -> BTreeSet<(String, String)> {
    let mut files = Vec::new();
    let dir = src().join(module);
    if dir.is_dir() {
        rust_files(&dir, &mut files);
    } else {
        files.push(src().join(format!("{module}.rs")));
    }
    let mut found = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, _) in text.match_indices("crate::") {
            let rest = &text[i + 7..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                let at = f.strip_prefix(src()).unwrap().display().to_string();
                found.insert((name, at));
            }
        }
    }
    found
}

#[test]
fn the_lower_layers_import_nothing_above_them() {
    // module -> what it must never name
    let above = ["experiment", "reproduce", "cli"];
    let rules: &[(&str, &[&str])] = &[
        (
            "keys",
            &["blocks", "fabric", "routing", "traffic", "topology"],
        ),
        (
            "sim",
            &["blocks", "fabric", "routing", "traffic", "topology", "hdl"],
        ),
        (
            "blocks",
            &["fabric", "routing", "traffic", "topology", "stats", "hdl"],
        ),
        (
            "topology",
            &["blocks", "fabric", "routing", "traffic", "hdl"],
        ),
        ("traffic", &["blocks", "fabric", "routing", "hdl"]),
        ("routing", &["fabric", "hdl"]),
        ("stats", &["fabric", "routing", "hdl"]),
        ("fabric", &["hdl"]),
        ("hdl", &[]),
        ("experiment", &[]),
        ("reproduce", &[]),
    ];
    let mut wrong = Vec::new();
    for (module, extra) in rules {
        // the top layers are ordered: each may import those before it
        let from = above.iter().position(|a| a == module).map_or(0, |i| i + 1);
        let banned: Vec<&str> = above[from..].iter().chain(extra.iter()).copied().collect();
        for (name, file) in imports(module) {
            if banned.contains(&name.as_str()) {
                wrong.push(format!("src/{file} names crate::{name}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports upward:\n{}", wrong.join("\n"));
}

#[test]
fn every_configuration_key_has_one_owner() {
    for (section, parts) in [
        ("routing", RoutingCfg::parts()),
        ("switch", SwitchCfg::parts()),
        ("nic", NicCfg::parts()),
    ] {
        let mut seen = BTreeSet::new();
        for p in &parts {
            assert!(
                !p.names.is_empty(),
                "{section}: {} declares no key",
                p.owner
            );
            for n in &p.names {
                assert!(
                    seen.insert(n.clone()),
                    "{section}.{n} is declared twice (again by {})",
                    p.owner
                );
            }
        }
        // the section's serialized keys are exactly the parts' (optional ones may be unset)
        let cfg = serde_json::to_value(Config::default()).unwrap();
        let written: BTreeSet<String> = cfg[section].as_object().unwrap().keys().cloned().collect();
        assert!(
            written.is_subset(&seen),
            "{section}: {written:?} vs {seen:?}"
        );
        let owners: BTreeSet<&str> = parts.iter().map(|p: &Part| p.owner).collect();
        assert_eq!(owners.len(), parts.len(), "{section}: one part per owner");
    }
}

#[test]
fn a_key_a_family_owns_is_checked_under_its_dotted_name() {
    for (set, key, says) in [
        ("switch.vcs=\"two\"", "switch.vcs", "whole number"),
        (
            "switch.slack_bytes=-3",
            "switch.slack_bytes",
            "whole number",
        ),
        ("nic.send_window=true", "nic.send_window", "whole number"),
        ("routing.ssr_k=\"a\"", "routing.ssr_k", "a number"),
        (
            "routing.restriction=3",
            "routing.restriction",
            "quoted string",
        ),
        ("switch.vcz=1", "switch.vcz", "unknown field"),
        (
            "switch.vc_buffers=4",
            "switch.vc_buffers",
            "did you mean `vc_buffer_flits`?",
        ),
        (
            "nic.sendwindow=4",
            "nic.sendwindow",
            "`send_window`, `inject_vc` (vc family)",
        ),
        ("routing.ssr_q=1", "routing.ssr_q", "(ssr selection)"),
        (
            "nic.itb_descriptors=0",
            "nic.itb_descriptors",
            "out of range",
        ),
    ] {
        let e = Config::from_toml("", &[set.to_string()])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(&format!("{key}: ")), "{set}: {e}");
        assert!(e.contains(says), "{set}: {e}");
    }
    // the owners' keys still round-trip through the stored form of a configuration
    let c = Config::from_toml(
        "[switch]\nfamily = \"vc\"\nvcs = 4\nslack_bytes = 96\n[routing]\nselection = \"ssr\"\nssr_k = 1.0\n",
        &[],
    )
    .unwrap();
    assert_eq!((c.switch.vc.vcs, c.switch.myrinet.slack_bytes), (4, 96));
    let back: Config = serde_json::from_value(serde_json::to_value(&c).unwrap()).unwrap();
    assert_eq!(back, c);
    let toml_back = Config::from_toml(&toml::to_string(&c).unwrap(), &[]).unwrap();
    assert_eq!(toml_back, c);
}

#[test]
fn no_source_file_grows_past_600_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    rust_files(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testbenches"),
        &mut files,
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(f).unwrap().lines().count();
            (n > 600).then(|| format!("{} ({n} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "split by concept: {long:?}");
}
