//! flitwave's own fuzz suite: property tests over every parser of user input — configuration
//! overrides (`--set`), the configuration file, topology JSON, traces, raw reproduction
//! results, and the command line's option values. Each must give a value or a clear error
//! naming what is wrong: never a panic, an abort, a hang, or a silently accepted invalid value.
//!
//! `bash scripts/test.sh fuzz::` runs a bounded number of cases (CI); a deeper run:
//! `FLITWAVE_FUZZ_CASES=10000 cargo test --profile ci --test testbenches fuzz::`.

use flitwave::experiment::build;
use flitwave::experiment::config::{Config, DEFAULT_TOML};
use flitwave::topology::json;
use flitwave::traffic::trace::{Packetize, Trace};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("FLITWAVE_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Every key of the configuration, and some that are not.
const KEYS: &[&str] = &[
    "seed",
    "cycles",
    "warmup",
    "watchdog_cycles",
    "topology",
    "topology.kind",
    "topology.switches",
    "topology.hosts_per_switch",
    "topology.ports",
    "topology.dims",
    "topology.k",
    "topology.n",
    "topology.file",
    "topology.seed",
    "routing",
    "routing.algorithm",
    "routing.paths",
    "routing.selection",
    "traffic.pattern",
    "traffic.message_bytes",
    "traffic.rate",
    "traffic.process",
    "traffic.source_queue_limit",
    "traffic.trace",
    "traffic.storage_us",
    "traffic.compression",
    "link",
    "link.fly_cycles",
    "link.clock_ns",
    "link.flit_bytes",
    "switch.family",
    "switch.routing_cycles",
    "switch.buffer_packets",
    "switch.credit_bytes",
    "switch.first_flit_latency_cycles",
    "switch.slack_bytes",
    "switch.stop_above",
    "switch.go_below",
    "nic.load_cycles",
    "nic.recv_bytes_per_cycle",
    "nic.itb_detect_cycles",
    "nic.itb_program_cycles",
    "nic.itb_pool_bytes",
    "nic.itb_spill_delay_cycles",
    "nic.itb_descriptors",
    "nic.in_order",
    "nic.ack",
    "nic.reorder_bytes",
    "nic.rearrange",
    "nic.rearrange_conn_bytes",
    "nic.injection",
    "traffic.mtu_bytes",
    "switch.escape_buffer_flits",
    "switch.crossbar",
    "routing.ssr_k",
    "exchange.hops",
    "exchange.period_cycles",
    "exchange.handshake_cycles",
    "exchange.data_cycles",
    "nonsense",
    "topology.colour",
    "a.b.c",
    "",
    ".",
    "seed.x",
];

/// Values of every kind, including the edges that broke flitwave before.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u64>().prop_map(|v| v.to_string()),
        (0u64..5000).prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| format!("{v:?}")),
        Just("18446744073709551615".to_string()),
        Just("5e-324".to_string()),
        Just("nan".to_string()),
        Just("inf".to_string()),
        Just("-1".to_string()),
        Just("[1,2]".to_string()),
        Just("{a=1}".to_string()),
        Just("true".to_string()),
        prop::sample::select(vec![
            "\"mesh\"",
            "\"torus\"",
            "\"fattree\"",
            "\"irregular\"",
            "\"file\"",
            "\"vct\"",
            "\"myrinet\"",
            "\"updown\"",
            "\"itb\"",
            "\"dor\"",
            "\"fir-det\"",
            "\"ir-adaptive\"",
            "\"sadp\"",
            "\"ff\"",
            "\"only\"",
            "\"shortest\"",
            "\"min-itb\"",
            "\"uniform\"",
            "\"hot-spot:20@random\"",
            "\"bit-reversal\"",
            "\"8x8\"",
            "\"0x3\"",
            "\"99999x99999\"",
            "\"packets\"",
            "\"bernoulli\"",
            "\"\"",
        ])
        .prop_map(String::from),
        "[ -~]{0,12}",
    ]
}

/// A configuration that validated must be within its own limits (a run of it is bounded).
fn sane(c: &Config) {
    assert!(c.warmup < c.cycles && c.cycles <= 10_000_000_000);
    assert!(c.link.clock_ns.is_finite() && c.link.clock_ns > 0.0);
    assert!(c.traffic.rate.is_finite() && (0.0..=1.0).contains(&c.traffic.rate));
    assert!(c.traffic.compression.is_finite() && c.traffic.compression > 0.0);
    assert!(c.watchdog_cycles >= c.least_watchdog());
}

proptest! {
    #![proptest_config(config())]

    /// Up to four `--set key=value` overrides: a valid configuration or an error, never a panic.
    #[test]
    fn set_overrides_never_panic(sets in prop::collection::vec(
        (prop::sample::select(KEYS), value()), 0..4))
    {
        let over: Vec<String> = sets.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if let Ok(c) = Config::from_toml(DEFAULT_TOML, &over) {
            sane(&c);
            // small networks are also built (route computation included)
            let small = c.topology.switches <= 64
                && c.topology.k <= 4
                && c.topology.n <= 3
                && !matches!(c.topology.kind, flitwave::experiment::config::TopologyKind::File)
                && c.traffic.trace.is_none()
                && mesh_small(&c.topology.dims);
            if small {
                let _ = build::build(&c);
            }
        }
    }

    /// Configuration files made of random lines: parsed or refused.
    #[test]
    fn config_files_never_panic(lines in prop::collection::vec(
        (prop::sample::select(KEYS), value()), 0..6))
    {
        let text: String = lines.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
        if let Ok(c) = Config::from_toml(&text, &[]) {
            sane(&c);
        }
    }

    /// Topology JSON: a valid file with one field replaced by anything, a key given twice,
    /// and raw text.
    #[test]
    fn topology_json_never_panics(
        field in prop::sample::select(vec!["switches", "ports_per_switch", "links", "hosts",
            "kind", "dims", "k", "n"]),
        v in prop_oneof![
            any::<i64>().prop_map(|v| v.to_string()),
            any::<u64>().prop_map(|v| v.to_string()),
            Just("[[0,0,1,0],[0,0,1,0]]".to_string()),
            Just("[[0,0,0],[0,0,0]]".to_string()),
            Just("[4294967296, 3]".to_string()),
            Just("\"fattree\"".to_string()),
            Just("null".to_string()),
            Just("{}".to_string()),
        ],
        raw in ".{0,64}",
    ) {
        let base = json::to_json(&flitwave::topology::mesh::mesh([3, 2], 1).unwrap());
        let mut o: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&base).unwrap();
        o.insert(field.to_string(), serde_json::from_str(&v).unwrap());
        let _ = json::from_json(&serde_json::to_string(&o).unwrap());
        if base.contains(&format!("\"{field}\"")) {
            let twice = base.replacen('{', &format!("{{\"{field}\": {v},"), 1);
            prop_assert!(json::from_json(&twice).is_err(), "a key given twice is refused");
        }
        let _ = json::from_json(&raw);
    }

    /// Traces: random lines, then packetized at random compressions.
    #[test]
    fn traces_never_panic(
        lines in prop::collection::vec(
            (value(), value(), value(), value()), 0..8),
        hosts in prop::option::of(prop_oneof![0usize..300, Just(usize::MAX)]),
        c in prop_oneof![any::<f64>(), 0.001f64..100.0],
        payload in any::<u32>(),
    ) {
        let text: String = lines.iter()
            .map(|(a, b, c, d)| format!("{a} {b} {c} {d}\n")).collect();
        if let Ok(t) = Trace::parse(&text, hosts) {
            let p = Packetize { compression: c, clock_ns: 6.25, max_payload: payload.max(1) };
            if let Ok(inj) = t.injections(&p) {
                prop_assert!(inj.len() as u64 <= 10_000_000);
            }
            let _ = t.stats(hosts.unwrap_or(0).min(1 << 20), &p);
        }
    }

    /// Raw reproduction results (`reproduce fattree --from-raw`): random JSON is refused.
    #[test]
    fn raw_results_never_panic(raw in ".{0,200}", n in any::<f64>()) {
        let _ = serde_json::from_str::<flitwave::reproduce::fattree::Raw>(&raw);
        let text = format!("{{\"options\": {{\"k\": {n}}}, \"points\": []}}");
        let _ = serde_json::from_str::<flitwave::reproduce::fattree::Raw>(&text);
    }
}

fn mesh_small(dims: &str) -> bool {
    flitwave::topology::mesh::parse_dims(dims).is_ok_and(|[x, y]| x * y <= 64)
}

/// Command-line option values through the real binary (`--print-config` and cheap commands:
/// nothing long runs): an error exits 2 with a message, a success prints; never a panic.
#[test]
fn command_line_values_never_panic() {
    use proptest::test_runner::{Config as Cfg, TestRunner};
    let mut runner = TestRunner::new(Cfg {
        cases: (cases() / 8).max(16),
        failure_persistence: None,
        ..Cfg::default()
    });
    let flags = prop::sample::select(vec![
        "--seed",
        "--cycles",
        "--warmup",
        "--rate",
        "--routing",
        "--paths",
        "--selection",
        "--family",
        "--pattern",
        "--message-bytes",
        "--flit-bytes",
        "--compression",
        "--storage-us",
        "--vcd-window",
        "--deadlock-window",
        "--k",
        "--n",
        "--ack",
        "--reorder-kb",
    ]);
    let cmd = prop::sample::select(vec!["run", "fattree", "sweep"]);
    runner
        .run(&(cmd, flags, value()), |(cmd, flag, v)| {
            let fattree_only = ["--k", "--n", "--ack", "--reorder-kb"].contains(&flag);
            let cmd = if fattree_only { "fattree" } else { cmd };
            let mut args = vec![cmd.to_string(), flag.to_string(), v.clone()];
            if cmd == "sweep" {
                args.extend([
                    "--rates".into(),
                    "0.01".into(),
                    "--cycles".into(),
                    "2000".into(),
                    "--quiet".into(),
                ]);
            } else {
                args.push("--print-config".into());
            }
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_flitwave"))
                .args(&args)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
            prop_assert!(
                out.status.code().is_some(),
                "{args:?}: killed by a signal: {err}"
            );
            if !out.status.success() {
                prop_assert!(err.starts_with("error: "), "{args:?}: {err}");
            }
            Ok(())
        })
        .unwrap();
}
