//! Testbench of one run on several cores (`fabric::network::parallel`): the
//! switches of a cycle split among threads give the statistics and the waveform of one thread,
//! byte for byte, at any thread count — and the split really happens.

use crate::common::{
    arg, booksim_preset, fails_with, flitwave, flitwave_env, fresh_dir, vc_network,
};
use flitwave::experiment::build;
use flitwave::experiment::config::Config;

/// The summary of `c` run on `threads` threads (sleeping blocks or not), its routers in planes,
/// and the cycles whose switch phase was split.
fn summary(c: &Config, threads: usize, sleep: bool) -> (String, u64) {
    let mut n = vc_network(c);
    if !sleep {
        n.no_sleep();
    }
    n.set_threads(threads);
    assert_eq!(n.threads(), threads.min(n.switches().len()));
    build::load_workload(c, &mut n).unwrap();
    n.run(c.cycles);
    assert!(n.has_engine(), "in planes");
    assert!(n.conservation_ok());
    (
        serde_json::to_string(&n.summary()).unwrap(),
        n.parallel_cycles(),
    )
}

/// `c` on 1, 2 and 3 threads: the same summary; the split taken in at least `min_share` of the
/// cycles.
fn same_at_any_thread_count(what: &str, c: &Config, sleep: bool, min_share: f64) {
    let (one, none) = summary(c, 1, sleep);
    assert_eq!(none, 0, "{what}: one thread splits nothing");
    for t in [2, 3] {
        let (s, split) = summary(c, t, sleep);
        assert_eq!(s, one, "{what}: {t} threads differ from one");
        assert!(
            split as f64 >= min_share * c.cycles as f64,
            "{what}: {t} threads split only {split} of {} cycles",
            c.cycles
        );
    }
}

#[test]
fn the_planes_split_by_tiles_give_the_same_statistics_on_any_number_of_threads() {
    // 4 tiles of 64 routers (16x16) and 9 (24x24), light and past saturation, and the
    // variants whose flits and credits take other paths between the tiles: an internal
    // speedup, output queues, a crossbar of 0 and of 3 cycles, credits of 2 bytes; the torus
    // preset
    let mesh = include_str!("../configs/booksim-iq.toml");
    let torus = include_str!("../configs/booksim-iq-torus.toml");
    for (preset, dims, rate, sets) in [
        (mesh, "16x16", "0.05", vec![]),
        (mesh, "16x16", "0.45", vec![]),
        (mesh, "24x24", "0.2", vec![]),
        (mesh, "16x16", "0.4", vec!["switch.internal_speedup=2"]),
        (mesh, "16x16", "0.3", vec!["switch.output_buffer_flits=4"]),
        (mesh, "16x16", "0.4", vec!["switch.crossbar_cycles=0"]),
        (mesh, "16x16", "0.4", vec!["switch.crossbar_cycles=3"]),
        (mesh, "16x16", "0.3", vec!["switch.credit_bytes=2"]),
        (torus, "16x16", "0.2", vec![]),
    ] {
        let mut all = vec![
            format!("topology.dims={dims:?}"),
            format!("traffic.rate={rate}"),
            "cycles=2000".to_string(),
            "warmup=500".to_string(),
        ];
        all.extend(sets.iter().map(|s| s.to_string()));
        let c = Config::from_toml(preset, &all).unwrap();
        let what = format!("{dims} at {rate} {sets:?} in planes");
        same_at_any_thread_count(&what, &c, true, 0.9);
    }
    // every block every cycle (nothing sleeps): the planes read every host's links
    let c = booksim_preset(&[
        "topology.dims=\"16x16\"",
        "traffic.rate=0.1",
        "cycles=2000",
        "warmup=500",
    ]);
    same_at_any_thread_count("16x16 not sleeping", &c, false, 0.9);
    // one tile: nothing to split
    let c = booksim_preset(&["traffic.rate=0.2", "cycles=1000", "warmup=200"]);
    assert_eq!(summary(&c, 2, true).1, 0, "8x8: one tile");
}

#[test]
fn every_vc_preset_gives_the_same_statistics_on_any_number_of_threads() {
    // seed 004's escape queues and sequenced NICs, seed 003's layers, seed 002's speculative
    // routing with its LUC/NCB words on the wires; and cut-through, output queues (each of
    // two tiles or more: the planes split by tiles, in at least `share` of the cycles — none
    // where the network exchanges: the exchange units reach across tiles within their cycle,
    // so those planes stay on one thread)
    for (name, preset, over, share) in [
        (
            "inorder",
            include_str!("../configs/inorder.toml"),
            vec!["topology.switches=128"],
            0.1,
        ),
        (
            "dl",
            include_str!("../configs/dl.toml"),
            vec!["topology.switches=128"],
            0.1,
        ),
        (
            "speculative",
            include_str!("../configs/speculative.toml"),
            vec![],
            0.0,
        ),
        (
            "cut-through, output queues",
            include_str!("../configs/booksim-iq.toml"),
            vec![
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=20",
                "switch.output_buffer_flits=20",
                "traffic.rate=0.2",
                "topology.dims=\"16x16\"",
            ],
            0.1,
        ),
    ] {
        let mut sets: Vec<String> = ["cycles=4000", "warmup=1000"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        sets.extend(over.iter().map(|s| s.to_string()));
        let c = Config::from_toml(preset, &sets).unwrap();
        same_at_any_thread_count(name, &c, true, share);
    }
}

#[test]
fn the_waveform_is_the_same_on_any_number_of_threads() {
    let d = fresh_dir("threads", "wave");
    let wave = |t: &str| {
        let p = d.join(format!("t{t}.vcd"));
        let (ok, _, err) = flitwave(&[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--rate",
            "0.2",
            "--cycles",
            "1500",
            "--vcd",
            arg(&p),
            "--vcd-window",
            "1000..1200",
            "--threads",
            t,
        ]);
        assert!(ok, "{err}");
        std::fs::read(&p).unwrap()
    };
    let one = wave("1");
    assert!(one.len() > 10_000);
    assert!(one == wave("2"), "the waveform on 2 threads differs");
    assert!(one == wave("3"), "the waveform on 3 threads differs");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn threads_is_a_run_option_and_a_network_in_planes_takes_one_core_unless_told() {
    let run = |extra: &[&str]| {
        let mut a = vec![
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--cycles",
            "2000",
            "--json",
            "-",
        ];
        a.extend(extra);
        let (ok, out, err) = flitwave(&a);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["summary"].to_string()
    };
    assert_eq!(run(&[]), run(&["--threads", "2"]));
    // the speed line names the threads when there are several
    let speed = |extra: &[&str]| {
        let mut a = vec!["run", "--config", "configs/booksim-iq.toml"];
        a.extend(extra);
        let (ok, out, err) = flitwave(&a);
        assert!(ok, "{err}");
        out.lines()
            .find(|l| l.starts_with("speed"))
            .unwrap()
            .to_string()
    };
    assert!(speed(&["--cycles", "500", "--threads", "2"]).ends_with(", 2 threads"));
    // 64 switches: one thread unless told
    assert!(!speed(&["--cycles", "500"]).contains("threads"));
    // 1,024 switches in planes: one thread unless told
    let big = speed(&["--set", "topology.dims=\"32x32\"", "--cycles", "50"]);
    assert!(!big.contains("threads"), "{big}");
    // traced, the routers are in planes too (written into before each cycle sampled): one
    // thread unless told
    let dir = fresh_dir("threads", "auto-traced");
    let vcd = dir.join("w.vcd");
    let big = speed(&[
        "--set",
        "topology.dims=\"32x32\"",
        "--cycles",
        "20",
        "--vcd",
        vcd.to_str().unwrap(),
    ]);
    assert!(!big.contains("threads"), "{big}");
    for bad in ["0", "1025"] {
        fails_with(
            &["run", "--threads", bad],
            &["--threads", "allowed 1..=1024"],
        );
    }
    fails_with(&["run", "--threads", "two"], &["--threads"]);
    fails_with(
        &["bench", "--threads", "0", "--only", "none"],
        &["--threads", "allowed 1..=1024"],
    );
}

/// The kernel's prefetching (`sim::prefetch::enabled`: networks above 512 KiB of switch and
/// link state, or as `FLITWAVE_PREFETCH` says) is a hint: forced on or off, every statistic is
/// the same, on one thread and on two; a setting it does not know is refused by name.
#[test]
fn prefetching_changes_no_result_and_a_bad_setting_is_refused() {
    let run = |pf: &str, threads: &str| {
        let a = [
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--rate",
            "0.3",
            "--cycles",
            "3000",
            "--threads",
            threads,
            "--json",
            "-",
        ];
        let (ok, out, err) = flitwave_env(&[("FLITWAVE_PREFETCH", pf)], &a);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(
            v["summary"]["accepted_flits_per_cycle_per_host"]
                .as_f64()
                .unwrap()
                > 0.0
        );
        v["summary"].to_string()
    };
    let off = run("off", "1");
    for (pf, th) in [("on", "1"), ("on", "2"), ("auto", "1"), ("off", "2")] {
        assert_eq!(run(pf, th), off, "FLITWAVE_PREFETCH={pf} on {th} threads");
    }
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_PREFETCH", "maybe")],
        &[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--cycles",
            "10",
        ],
    );
    assert!(!ok && !err.contains("panicked"), "{err}");
    for n in ["FLITWAVE_PREFETCH", "\"maybe\"", "auto, on and off"] {
        assert!(err.contains(n), "the error should name {n}: {err}");
    }
}

/// The heap in huge pages (`flitwave::huge_pages`) is how memory is had, not what is
/// computed: on or off, the dragonfly preset (some 50 MB of state, its rings in blocks of 2
/// MiB and more) gives the same statistics; a setting it does not know is refused by name.
#[test]
fn huge_pages_change_no_result_and_a_bad_setting_is_refused() {
    let run = |hp: &str| {
        let a = [
            "run",
            "--config",
            "configs/booksim-dragonfly.toml",
            "--rate",
            "0.4",
            "--cycles",
            "400",
            "--warmup",
            "100",
            "--json",
            "-",
        ];
        let (ok, out, err) = flitwave_env(&[("FLITWAVE_HUGE_PAGES", hp)], &a);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert!(v["summary"]["delivered_packets"].as_u64().unwrap() > 0);
        v["summary"].to_string()
    };
    assert_eq!(run("on"), run("off"));
    let (ok, _, err) = flitwave_env(
        &[("FLITWAVE_HUGE_PAGES", "yes")],
        &["run", "--cycles", "10"],
    );
    assert!(!ok && !err.contains("panicked"), "{err}");
    for n in ["FLITWAVE_HUGE_PAGES", "\"yes\"", "on and off"] {
        assert!(err.contains(n), "the error should name {n}: {err}");
    }
}

/// Whether a process holds memory marked for huge pages (`hg` among a mapping's `VmFlags`
/// in its smaps), watched from its start until it ends.
fn marks_huge_pages(hp: &str) -> bool {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .env("FLITWAVE_HUGE_PAGES", hp)
        .args(["run", "--config", "configs/booksim-dragonfly.toml"])
        .args(["--rate", "0.4", "--cycles", "300", "--warmup", "100"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("binary runs");
    let smaps = format!("/proc/{}/smaps", child.id());
    let mut seen = false;
    while child.try_wait().unwrap().is_none() {
        let s = std::fs::read_to_string(&smaps).unwrap_or_default();
        seen |= s
            .lines()
            .filter_map(|l| l.strip_prefix("VmFlags:"))
            .any(|f| f.split_whitespace().any(|x| x == "hg"));
        if seen {
            child.kill().ok();
            child.wait().ok();
            break;
        }
    }
    seen
}

/// What the huge pages are for: the binary's heap — the network's state — is marked for
/// them while it runs (where the kernel has them at all), and not when told `off`.
#[test]
fn the_binary_marks_its_heap_for_huge_pages() {
    let thp = std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists();
    assert_eq!(
        marks_huge_pages("on"),
        thp,
        "on, the kernel having them: {thp}"
    );
    assert!(!marks_huge_pages("off"), "off");
}
