//! Testbench of `scripts/bench-vs-booksim.sh`, with a stand-in for BookSim2 that reports its
//! simulated cycles as BookSim2 does (and exits with 255 as it does): the script gives
//! BookSim2 each point's configuration, runs flitwave for exactly those cycles at every point
//! and prints one row per point with both times and their ratio, and the fat-tree family's
//! cost per port-cycle; bad arguments are refused before anything is built.

use std::path::{Path, PathBuf};
use std::process::Command;

fn script(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    crate::common::script("bench-vs-booksim.sh", args, env)
}

fn fake_booksim(dir: &Path, body: &str) -> PathBuf {
    let p = dir.join("booksim");
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    Command::new("chmod").arg("+x").arg(&p).status().unwrap();
    p
}

#[test]
fn the_script_times_both_simulators_at_equal_cycles() {
    let dir = std::env::temp_dir().join(format!("flitwave_bench_sh_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fw = env!("CARGO_BIN_EXE_flitwave");
    let calls = dir.join("calls");
    let bs = fake_booksim(
        &dir,
        &format!(
            "echo \"$@\" >> {}\necho 'Warmed up ...Time used is 300 cycles'\necho 'Time taken is 400 cycles'\nexit 255",
            calls.display()
        ),
    );
    let single = ("BENCH_SAMPLE_SECONDS", "0");
    let (code, out, err) = script(&[bs.to_str().unwrap(), "1"], &[("FLITWAVE", fw), single]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("| 400 |")).collect();
    let labels = [
        "8x8 mesh, 0.01",
        "8x8 mesh, 0.1",
        "8x8 mesh, 0.3",
        "16x16 mesh, 0.01",
        "16x16 mesh, 0.1",
        "8x8 mesh, 4 VCs x 4 flits, 0.1",
        "8x8 mesh, wait_for_tail_credit, 0.1",
        "8x8 mesh, 2 VCs x 32 flits, 0.1",
        "8x8 torus preset, 0.13",
        "dragonfly preset, minimal, 0.42",
        "dragonfly preset, UGAL-L, 0.4",
    ];
    assert_eq!(rows.len(), labels.len(), "{out}");
    for (row, label) in rows.iter().zip(labels) {
        assert!(row.starts_with(&format!("| {label} | 400 |")), "{row}");
        // one flitwave run a sample (a sample of 0 seconds)
        assert_eq!(row.split(" | ").nth(4), Some("1"), "{row}");
        assert!(
            row.trim_end().ends_with("x |") || row.contains("| - |"),
            "{row}"
        );
    }
    assert!(
        out.contains("fat-tree (vct), 16-ary 3-tree at 0.3") && out.contains(" ns; VC router"),
        "{out}"
    );
    // BookSim2 is given each point's configuration: its own example and the point's keys
    let calls = std::fs::read_to_string(&calls).unwrap();
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(calls.len(), labels.len(), "{calls:?}");
    for (call, want) in calls.iter().zip([
        "iq.cfg injection_rate=0.01",
        "iq.cfg injection_rate=0.1",
        "iq.cfg injection_rate=0.3",
        "iq.cfg k=16 injection_rate=0.01",
        "iq.cfg k=16 injection_rate=0.1",
        "iq.cfg num_vcs=4 vc_buf_size=4 injection_rate=0.1",
        "iq.cfg wait_for_tail_credit=1 injection_rate=0.1",
        "iq.cfg vc_buf_size=32 injection_rate=0.1",
        "torus.cfg injection_rate=0.13",
        "dfly.cfg injection_rate=0.42",
        "dfly.cfg routing_function=ugal num_vcs=3 injection_rate=0.4",
    ]) {
        assert_eq!(*call, want);
    }
    // a subset of the points, by name
    let (code, out, err) = script(
        &[bs.to_str().unwrap(), "1", "torus,vc4x4"],
        &[("FLITWAVE", fw), single],
    );
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("| 400 |")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[0].starts_with("| 8x8 torus preset"), "{out}");
    // a stand-in that reports no cycles is an error naming the point
    let broken = fake_booksim(&dir, "echo 'Simulation unstable'\nexit 255");
    let (code, _, err) = script(
        &[broken.to_str().unwrap(), "1"],
        &[("FLITWAVE", fw), single],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("8x8 mesh, 0.01") && err.contains("Simulation unstable"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_flitwave_sample_is_the_mean_of_runs_back_to_back() {
    let dir = std::env::temp_dir().join(format!("flitwave_bench_reps_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bs = fake_booksim(&dir, "echo 'Time taken is 400 cycles'\nexit 255");
    // a stand-in for flitwave that counts its runs and burns about 20 ms of user time each
    let runs = dir.join("runs");
    let fw = dir.join("flitwave");
    std::fs::write(
        &fw,
        format!(
            "#!/bin/sh\n[ \"$1\" = run ] || exit 0\necho run >> {}\ni=0; while [ $i -lt 40000 ]; do i=$((i+1)); done\n",
            runs.display()
        ),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&fw).status().unwrap();
    let env = [
        ("FLITWAVE", fw.to_str().unwrap()),
        ("BENCH_SAMPLE_SECONDS", "0.2"),
    ];
    let (code, out, err) = script(&[bs.to_str().unwrap(), "2", "mesh-0.1"], &env);
    assert_eq!(code, 0, "{err}\n{out}");
    let row = out.lines().find(|l| l.contains("| 400 |")).expect(&out);
    let reps: usize = row.split(" | ").nth(4).unwrap().parse().expect(row);
    assert!((2..=25).contains(&reps), "{row}");
    // the point's runs: one not counted, then two samples of `reps`; then the last row's
    // VC router, once a sample
    let n = std::fs::read_to_string(&runs).unwrap().lines().count();
    assert_eq!(n, 1 + 2 * reps + 2, "{row}");
    // the sample is a run's time, not the sum of the runs'
    let secs: f64 = row.split(" | ").nth(3).unwrap().parse().expect(row);
    assert!(secs < 0.2, "{row}");
    // a flitwave that fails is an error naming the point, whichever run of a sample fails
    std::fs::write(&fw, "#!/bin/sh\necho 'no such preset' >&2\nexit 3\n").unwrap();
    let (code, _, err) = script(&[bs.to_str().unwrap(), "1", "torus"], &env);
    assert_eq!(code, 1);
    assert!(
        err.contains("flitwave failed at 8x8 torus preset") && err.contains("no such preset"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused_before_anything_runs() {
    let (code, _, err) = script(&["/no/such/booksim"], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("not an executable BookSim2 binary"), "{err}");
    let (code, _, err) = script(&["/bin/true", "0"], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("RUNS must be a positive integer"), "{err}");
    let (code, _, err) = script(&["/bin/true", "1"], &[("BENCH_SAMPLE_SECONDS", "a second")]);
    assert_eq!(code, 2);
    assert!(
        err.contains("BENCH_SAMPLE_SECONDS must be a number of seconds"),
        "{err}"
    );
    let (code, _, err) = script(&[], &[]);
    assert_ne!(code, 0);
    assert!(err.contains("usage"), "{err}");
    let (code, _, err) = script(&["/bin/true", "1", "mesh-0.1,ring"], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown point 'ring'") && err.contains("dfly-ugal"),
        "{err}"
    );
}
