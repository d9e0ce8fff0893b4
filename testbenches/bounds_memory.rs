//! The memory bounds of the bounded-input review as regression tests: every structure sized by
//! input (route sets, networks, trace and topology files) is estimated and refused before it is
//! allocated — under `FLITWAVE_MEMORY_LIMIT`, the memory available, or the room the process's
//! own limits (`ulimit -v`, `ulimit -d`) leave it — with a clear error naming the size and the
//! limit, never an abort in the allocator.

use crate::common::{flitwave, flitwave_env};
use std::process::Command;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave-bounds-memory-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn balanced_routes_on_a_32_ary_fat_tree_are_refused_beyond_memory_with_the_reason() {
    // no longer refused by a count of host pairs: by the memory they need
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "2G")],
        &[
            "routes",
            "--topology",
            "fattree",
            "--k",
            "32",
            "--routing",
            "updown",
        ],
    );
    assert!(!ok && err.starts_with("error: "), "{err}");
    for n in [
        "routing.paths = \"balanced\"",
        "32768 hosts",
        "a path per switch pair",
        "\"shortest\" needs less",
        "2.0 GiB",
    ] {
        assert!(err.contains(n), "{n:?} in {err}");
    }
}

#[test]
fn a_route_set_beyond_memory_is_refused_before_allocation() {
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "1G")],
        &[
            "routes",
            "--topology",
            "fattree",
            "--k",
            "32",
            "--routing",
            "updown",
            "--paths",
            "shortest",
        ],
    );
    assert!(!ok && err.starts_with("error: "), "{err}");
    for n in [
        "32768",
        "needs an estimated 4.0 GiB",
        "1.0 GiB",
        "FLITWAVE_MEMORY_LIMIT",
    ] {
        assert!(err.contains(n), "{n:?} in {err}");
    }
    // the 1600-switch network that aborted: refused under a small limit, with its estimate
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "64M")],
        &[
            "run",
            "--set",
            "topology.switches=1600",
            "--set",
            "routing.paths=\"shortest\"",
        ],
    );
    assert!(!ok && err.starts_with("error: "), "{err}");
    assert!(err.contains("6400") && err.contains("estimated"), "{err}");
    // a malformed limit is named
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "lots")],
        &["run", "--cycles", "1000"],
    );
    assert!(
        !ok && err.contains("FLITWAVE_MEMORY_LIMIT") && err.contains("4G"),
        "{err}"
    );
}

/// `flitwave args` under an address-space limit of `kb` KiB (`ulimit -v`), with `env`:
/// (exited with status 2, stderr).
fn under_ulimit_v(kb: u64, env: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_flitwave"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("sh runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_route_set_beyond_the_address_space_limit_is_refused_not_aborted() {
    // 32,768 hosts: 4 GiB of pair table alone. Under `ulimit -v 4000000` the machine's free
    // memory let the estimate pass and the allocator aborted; the room the process's own
    // limit leaves is now the limit, whatever FLITWAVE_MEMORY_LIMIT allows above it
    let routes = [
        "routes",
        "--topology",
        "fattree",
        "--k",
        "32",
        "--routing",
        "updown",
    ];
    for env in [vec![], vec![("FLITWAVE_MEMORY_LIMIT", "8G")]] {
        let (code, err) = under_ulimit_v(4_000_000, &env, &routes);
        assert_eq!(code, Some(2), "{env:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
        for n in [
            "32768 hosts",
            "needs an estimated 4.1 GiB",
            "`ulimit -v` 3.8 GiB less the",
            "mapped",
        ] {
            assert!(err.contains(n), "{env:?}: {n:?} in {err}");
        }
        let mut shortest = routes.to_vec();
        shortest.extend(["--paths", "shortest"]);
        let (code, err) = under_ulimit_v(4_000_000, &env, &shortest);
        assert_eq!(code, Some(2), "{env:?}: {err}");
        for n in ["32768", "needs an estimated 4.0 GiB", "`ulimit -v`"] {
            assert!(err.contains(n), "{env:?}: {n:?} in {err}");
        }
    }
    // a limit below the process's room still names itself
    let (code, err) = under_ulimit_v(4_000_000, &[("FLITWAVE_MEMORY_LIMIT", "1G")], &routes);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("FLITWAVE_MEMORY_LIMIT=1G"), "{err}");
}

/// Switches that route with the DOR function need no route set: a mesh whose route set would not
/// fit still runs on the vct family, and the source-routed family says why it cannot.
#[test]
fn a_route_set_too_large_stops_only_the_families_that_read_it() {
    let mesh = [
        "--set",
        "topology.kind=\"mesh\"",
        "--set",
        "topology.dims=\"64x64\"",
        "--routing",
        "dor",
        "--cycles",
        "300",
        "--warmup",
        "10",
    ];
    let mut vct = vec!["run", "--family", "vct"];
    vct.extend(mesh);
    // the vct network itself holds about 140 MiB (its estimate: 136 MiB), no route set
    let (ok, _, err) = flitwave_env(&[("FLITWAVE_MEMORY_LIMIT", "256M")], &vct);
    assert!(ok, "{err}");
    let mut myri = vec!["run", "--family", "myrinet"];
    myri.extend(mesh);
    let (ok, _, err) = flitwave_env(&[("FLITWAVE_MEMORY_LIMIT", "256M")], &myri);
    assert!(
        !ok && err.contains("route set") && err.contains("estimated"),
        "{err}"
    );
}

/// A network sized by input is estimated and refused before it is built: a 256x256 mesh of
/// vc routers (65,536 routers, about 1.6 GiB) under a 1 MiB limit ends at once with a clear
/// error naming the topology, the estimate and the limit's variable; a malformed limit is an
/// error of every command naming the variable, not of the routing that first read it.
#[test]
fn a_network_beyond_the_memory_limit_is_refused_before_it_is_built() {
    let started = std::time::Instant::now();
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "1M")],
        &[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--set",
            "topology.dims=\"256x256\"",
            "--cycles",
            "10",
        ],
    );
    assert!(!ok && err.starts_with("error: "), "{err}");
    for n in [
        "topology = a 256x256 mesh",
        "vc network of 65536 switches",
        "needs an estimated 1.6 GiB",
        "1 MiB allowed",
        "FLITWAVE_MEMORY_LIMIT=1M",
    ] {
        assert!(err.contains(n), "{n:?} in {err}");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    // the same network under a limit it fits runs
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "64M")],
        &[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--set",
            "topology.dims=\"16x16\"",
            "--cycles",
            "100",
        ],
    );
    assert!(ok, "{err}");
    for args in [
        &[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--cycles",
            "10",
        ][..],
        &["list"][..],
        &["topology", "mesh", "--dims", "4x4"][..],
    ] {
        let (ok, _, err) = flitwave_env(&[("FLITWAVE_MEMORY_LIMIT", "banana")], args);
        assert!(!ok, "{args:?}");
        assert!(
            err.starts_with("error: FLITWAVE_MEMORY_LIMIT=\"banana\" is not a size"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("routing"), "{err}");
    }
}

#[test]
fn trace_and_topology_files_beyond_the_memory_limit_are_refused_before_reading() {
    // 2 MB of valid requests: read, they would take about 8 MB (the text and a request a line)
    let trace = tmp("big.trace");
    std::fs::write(&trace, "0 0 1 1\n".repeat(250_000)).unwrap();
    let trace = trace.to_str().unwrap();
    assert!(flitwave(&["trace", "stats", trace]).0);
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "4M")],
        &["trace", "stats", trace],
    );
    assert!(!ok && err.starts_with("error: "), "{err}");
    for n in [
        trace,
        "2000000 bytes",
        "250000 requests",
        "FLITWAVE_MEMORY_LIMIT=4M",
    ] {
        assert!(err.contains(n), "{n:?} in {err}");
    }
    // a topology file: its text and the JSON tree it parses into
    let topo = tmp("mesh.json");
    let t = topo.to_str().unwrap();
    assert!(flitwave(&["topology", "mesh", "--dims", "16x16", "-o", t]).0);
    let len = std::fs::metadata(&topo).unwrap().len().to_string();
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_MEMORY_LIMIT", "64K")],
        &["run", "--topology-file", t, "--cycles", "10"],
    );
    assert!(!ok && err.starts_with("error: "), "{err}");
    for n in ["topology.file", t, &len, "FLITWAVE_MEMORY_LIMIT=64K"] {
        assert!(err.contains(n), "{n:?} in {err}");
    }
}
