//! What the CLI testbenches share: running the built `flitwave` binary and checking that bad
//! input fails with a clear error (never a panic).

pub mod trace;

use std::process::Command;

pub fn flitwave(args: &[&str]) -> (bool, String, String) {
    flitwave_env(&[], args)
}

/// [`flitwave`] with environment variables set.
pub fn flitwave_env(env: &[(&str, &str)], args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_flitwave"))
        .envs(env.iter().copied())
        .args(args)
        .output()
        .expect("binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn fails_with(args: &[&str], needles: &[&str]) {
    let (ok, out, err) = flitwave(args);
    assert!(!ok, "{args:?} should fail; stdout: {out}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    for n in needles {
        assert!(
            err.contains(n),
            "{args:?}: error should mention {n:?}, got: {err}"
        );
    }
}

/// `flitwave run --config config --cycles 100` with each of `sets` as a `--set` fails with an
/// error mentioning every needle (a bad key refused, naming it).
#[allow(dead_code)]
pub fn run_fails_with(config: &str, sets: &[&str], needles: &[&str]) {
    let mut a = vec!["run", "--config", config, "--cycles", "100"];
    for s in sets {
        a.push("--set");
        a.push(s);
    }
    fails_with(&a, needles);
}

/// Options of a run that deadlocks within a few thousand cycles: a vct 4×4 torus under
/// dimension order without dateline VCs, loaded at 0.9 (append `--cycles` and outputs).
#[allow(dead_code)]
pub const DEADLOCKED_TORUS: &[&str] = &[
    "--family",
    "vct",
    "--set",
    "topology.kind=\"torus\"",
    "--routing",
    "dor",
    "--message-bytes",
    "256",
    "--set",
    "watchdog_cycles=3000",
];

/// `bash scripts/<name> args` with `env` added: its exit code, standard output and error.
#[allow(dead_code)]
pub fn script(name: &str, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(root.join("scripts").join(name))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh temporary directory `flitwave_<suite>_<name>_<pid>` for one test.
#[allow(dead_code)]
pub fn fresh_dir(suite: &str, name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("flitwave_{suite}_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A path as the `&str` a command line takes.
#[allow(dead_code)]
pub fn arg(p: &std::path::Path) -> &str {
    p.to_str().expect("temporary paths are UTF-8")
}

/// BookSim2's iq preset (`configs/booksim-iq.toml`) with `key=value` overrides.
pub fn booksim_preset(over: &[&str]) -> flitwave::experiment::config::Config {
    let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
    flitwave::experiment::config::Config::from_toml(
        include_str!("../../configs/booksim-iq.toml"),
        &o,
    )
    .unwrap()
}

/// The vc-family network of `c`.
pub fn vc_network(
    c: &flitwave::experiment::config::Config,
) -> flitwave::fabric::Network<flitwave::fabric::vc::VcFamily> {
    match flitwave::experiment::build::build(c).unwrap().network {
        flitwave::fabric::AnyNetwork::Vc(n) => n,
        _ => panic!("not a vc network"),
    }
}

/// Every probe value of a network, in walk order (what a waveform would record).
#[derive(Default)]
pub struct ProbeValues(pub Vec<String>);

impl flitwave::sim::ProbeVisitor for ProbeValues {
    fn scope(&mut self, name: &str) {
        self.0.push(format!("+{name}"));
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.0.push(format!("+{prefix}{idx}"));
    }
    fn up(&mut self) {
        self.0.push("-".into());
    }
    fn bits(&mut self, name: &str, _width: u32, value: u64) {
        self.0.push(format!("{name}={value}"));
    }
    fn int(&mut self, name: &str, value: i64) {
        self.0.push(format!("{name}={value}"));
    }
    fn text(&mut self, name: &str, value: &str) {
        self.0.push(format!("{name}={value}"));
    }
}

/// The probe values of `p` now.
pub fn probe_values(p: &impl flitwave::sim::Probe) -> Vec<String> {
    let mut v = ProbeValues::default();
    p.probe(&mut v);
    v.0
}

/// Every probe event of a network, in walk order, as bytes: a tag, the name and the value
/// (from which [`ProbeValues`]'s strings follow: equal images, equal values), to compare two
/// walks without formatting a string per value. [`ProbeImage::of`] reuses its room.
#[derive(Default)]
pub struct ProbeImage(pub Vec<u8>);

impl ProbeImage {
    /// The image of `p` now (what was in it before dropped).
    pub fn of(&mut self, p: &impl flitwave::sim::Probe) -> &[u8] {
        self.0.clear();
        p.probe(self);
        &self.0
    }

    /// An event: its tag and name.
    fn event(&mut self, tag: u8, name: &str) {
        self.0.push(tag);
        self.0.extend_from_slice(&(name.len() as u32).to_le_bytes());
        self.0.extend_from_slice(name.as_bytes());
    }
}

impl flitwave::sim::ProbeVisitor for ProbeImage {
    fn scope(&mut self, name: &str) {
        self.event(0, name);
    }
    fn scope_idx(&mut self, prefix: &str, idx: usize) {
        self.event(1, prefix);
        self.0.extend_from_slice(&(idx as u64).to_le_bytes());
    }
    fn up(&mut self) {
        self.0.push(2);
    }
    fn bits(&mut self, name: &str, _width: u32, value: u64) {
        self.event(3, name);
        self.0.extend_from_slice(&value.to_le_bytes());
    }
    fn int(&mut self, name: &str, value: i64) {
        self.event(4, name);
        self.0.extend_from_slice(&value.to_le_bytes());
    }
    fn text(&mut self, name: &str, value: &str) {
        self.event(5, name);
        self.0
            .extend_from_slice(&(value.len() as u32).to_le_bytes());
        self.0.extend_from_slice(value.as_bytes());
    }
}

/// The vc network of `c` run `cycles` twice, sleeping quiet blocks and evaluating every block
/// every cycle: the probe values every `every` cycles and the summaries must agree. Returns the
/// packets delivered.
#[allow(dead_code)]
pub fn vc_sleep_side_by_side(
    what: &str,
    c: &flitwave::experiment::config::Config,
    cycles: u64,
    every: u64,
) -> u64 {
    let (mut a, mut b) = (vc_network(c), vc_network(c));
    // the hosts sleeping against every host evaluated every cycle (the routers in planes
    // both ways, the planes reading every host's links)
    b.no_sleep();
    assert!(a.has_engine() && b.has_engine(), "{what}");
    for t in 0..cycles {
        a.step();
        b.step();
        if t % every == 0 {
            assert_eq!(probe_values(&a), probe_values(&b), "{what}: cycle {t}");
        }
    }
    assert_eq!(a.summary(), b.summary(), "{what}");
    a.summary().delivered_packets
}

/// A GTKWave save file without its leading comment lines (`[*] ...`: what made the waveform).
#[allow(dead_code)]
pub fn gtkw_body(g: &str) -> String {
    g.split_inclusive('\n')
        .skip_while(|l| l.starts_with("[*] "))
        .collect()
}
