//! `[topology]` keys of another kind: a key the user gives (in their file or with `--set`)
//! that the kind in force does not read is an error naming the key, the kind and its keys;
//! the kind's own keys, the repository's configurations and `--print-config` output load.

use crate::common::{fails_with, flitwave};
use flitwave::experiment::config::{Config, TopologyKind, DEFAULT_TOML};

fn tmp(name: &str, text: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-topokeys-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn sets(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

#[test]
fn a_file_key_of_another_kind_is_refused_naming_it() {
    let p = tmp("irr_k.toml", "[topology]\nkind = \"irregular\"\nk = 8\n");
    let e = Config::load(&p, &[]).unwrap_err().to_string();
    for n in [
        "irr_k.toml",
        "topology.k",
        "\"irregular\"",
        "\"fattree\"",
        "ports",
    ] {
        assert!(e.contains(n), "{n:?} missing in: {e}");
    }
    // no kind named: the default's, irregular
    let p = tmp("no_kind.toml", "[topology]\ndims = \"4x4\"\n");
    let e = Config::load(&p, &[]).unwrap_err().to_string();
    assert!(
        e.contains("topology.dims") && e.contains("\"irregular\""),
        "{e}"
    );
    // a fattree file with a mesh's key, through the command line
    let p = tmp(
        "ft_dims.toml",
        "[topology]\nkind = \"fattree\"\ndims = \"4x4\"\n",
    );
    fails_with(
        &["run", "--config", p.to_str().unwrap(), "--print-config"],
        &["ft_dims.toml", "topology.dims", "\"fattree\"", "k, n"],
    );
}

#[test]
fn a_set_key_of_another_kind_is_refused_naming_the_set() {
    let e = Config::from_user_toml(
        DEFAULT_TOML,
        &sets(&["topology.kind=\"fattree\"", "topology.dims=\"4x4\""]),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("topology.dims: ") && e.contains("\"mesh\""),
        "{e}"
    );
    fails_with(
        &[
            "fattree",
            "--set",
            "topology.dims=\"4x4\"",
            "--print-config",
        ],
        &["topology.dims (--set topology.dims=\"4x4\")", "\"fattree\""],
    );
    fails_with(
        &[
            "run",
            "--set",
            "topology.kind=\"irregular\"",
            "--set",
            "topology.k=8",
            "--print-config",
        ],
        &[
            "topology.k (--set topology.k=8)",
            "\"irregular\"",
            "switches",
        ],
    );
    // on a file of another kind, a --set must belong to the kind in force
    fails_with(
        &[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--set",
            "topology.ports=6",
            "--print-config",
        ],
        &["topology.ports (--set topology.ports=6)", "\"mesh\""],
    );
    // a topology file reads its file alone
    fails_with(
        &[
            "run",
            "--set",
            "topology.seed=3",
            "--topology-file",
            "t.json",
            "--print-config",
        ],
        &["topology.seed", "\"file\""],
    );
}

#[test]
fn each_kind_takes_its_own_keys() {
    for (text, over) in [
        (
            "[topology]\nkind = \"irregular\"\nswitches = 8\nports = 6\nseed = 3\n",
            &[][..],
        ),
        ("[topology]\nkind = \"fattree\"\nk = 8\nn = 2\n", &[][..]),
        (
            "[topology]\nkind = \"torus\"\ndims = \"4x2\"\nhosts_per_switch = 2\n",
            &[][..],
        ),
        (
            "[topology]\nkind = \"dragonfly\"\na = 4\nh = 2\nhosts_per_switch = 2\n",
            &[][..],
        ),
        ("[topology]\nkind = \"file\"\nfile = \"t.json\"\n", &[][..]),
        ("", &["topology.kind=\"mesh\"", "topology.dims=\"2x2\""][..]),
        ("", &["topology.k=2", "topology.kind=\"fattree\""][..]),
        // --set topology.kind on a file of another kind leaves the file's keys alone
        (
            "[topology]\nswitches = 64\n",
            &["topology.kind=\"mesh\""][..],
        ),
        // a file key the kind in force reads
        (
            "[topology]\nkind = \"irregular\"\nk = 2\n",
            &["topology.kind=\"fattree\""][..],
        ),
    ] {
        let c = Config::load(&tmp("own.toml", text), &sets(over));
        assert!(c.is_ok(), "{text} {over:?}: {}", c.unwrap_err());
    }
    // the embedded default's irregular keys do not count against another kind
    Config::from_user_toml(DEFAULT_TOML, &sets(&["topology.kind=\"torus\""])).unwrap();
}

/// Every configuration in configs/ loads as a user's file.
#[test]
fn the_repository_configurations_load() {
    let mut n = 0;
    for e in std::fs::read_dir("configs").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            Config::load(&p, &[]).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            n += 1;
        }
    }
    assert!(n >= 7, "only {n} configurations");
}

/// `--print-config` writes the kind's own keys, and its output loads back as the same run; a
/// whole serialized configuration (every key) still loads through `from_toml`, as a sweep's
/// `--routings` does.
#[test]
fn printed_and_serialized_configurations_load_back() {
    for over in [
        &[][..],
        &["topology.kind=\"mesh\"", "topology.dims=\"4x2\""][..],
        &["topology.kind=\"fattree\"", "topology.k=2", "topology.n=3"][..],
        &[
            "topology.kind=\"dragonfly\"",
            "topology.a=2",
            "topology.h=1",
        ][..],
        &["topology.kind=\"file\"", "topology.file=\"t.json\""][..],
    ] {
        let c = Config::from_user_toml(DEFAULT_TOML, &sets(over)).unwrap();
        let text = c.to_user_toml().unwrap();
        let section = text.split("[topology]\n").nth(1).unwrap();
        let section = section.split("\n\n").next().unwrap();
        let kind = c.topology.kind;
        assert!(section.starts_with("kind = "), "{section}");
        for line in section.lines() {
            let key = line.split(" = ").next().unwrap();
            assert!(kind.reads(key), "{}: {key} in\n{section}", kind.name());
        }
        assert_eq!(Config::from_user_toml(&text, &[]).unwrap(), c, "{text}");
        let all = toml::to_string(&c).unwrap();
        assert_eq!(Config::from_toml(&all, &[]).unwrap(), c);
    }
    let (ok, text, err) = flitwave(&[
        "run",
        "--set",
        "topology.kind=\"torus\"",
        "--set",
        "topology.dims=\"4x2\"",
        "--print-config",
    ]);
    assert!(ok, "{err}");
    assert!(!text.contains("switches =") && text.contains("dims = \"4x2\""));
    let f = tmp("printed.toml", &text);
    let (ok, again, err) = flitwave(&["run", "--config", f.to_str().unwrap(), "--print-config"]);
    assert!(ok && again == text, "{err}\n{again}");
    assert_eq!(TopologyKind::ALL.len(), 6);
}
