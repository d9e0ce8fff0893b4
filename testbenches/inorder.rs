//! Testbench of seed 004 (issue 14): the InfiniBand-style adaptive switch with escape queues —
//! fully adaptive minimal routing with up*/down* escape paths on the vc family, escape queue of
//! one MTU beside the adaptive queue — beats deterministic up*/down* beyond saturation without
//! deadlock, keeps every invariant, and bad settings are refused naming the key.

mod common;

use common::{fails_with, flitwave};

/// A scaled seed-004 switch (short packets, short cables) on `switches` switches, `pattern`,
/// offered `rate`: its summary.
fn run(
    routing: &str,
    switches: &str,
    pattern: &str,
    rate: &str,
    extra: &[&str],
) -> serde_json::Value {
    let sw = format!("topology.switches={switches}");
    let mut args = vec![
        "run",
        "--config",
        "configs/inorder.toml",
        "--routing",
        routing,
        "--set",
        "traffic.message_bytes=32",
        "--set",
        "switch.escape_buffer_flits=32",
        "--set",
        "switch.vc_buffer_flits=224",
        "--set",
        "switch.output_buffer_flits=224",
        "--set",
        "switch.credit_bytes=8",
        "--set",
        "link.fly_cycles=2",
        "--set",
        "switch.routing_cycles=2",
        "--set",
        &sw,
        "--pattern",
        pattern,
        "--rate",
        rate,
        "--cycles",
        "20000",
        "--json",
    ];
    args.extend_from_slice(extra);
    let (ok, out, err) = flitwave(&args);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = v["summary"].clone();
    assert!(s["deadlock"].is_null(), "{routing}: {out}");
    assert_eq!(s["conservation_ok"], true, "{out}");
    for k in [
        "buffer_overflows",
        "credit_errors",
        "route_errors",
        "misdelivered",
        "order_errors",
    ] {
        assert_eq!(s[k], 0, "{routing} {k}: {out}");
    }
    s
}

#[test]
fn adaptive_routing_beats_up_down_beyond_saturation_without_deadlock() {
    for (pattern, factor) in [("uniform", 1.5), ("bit-reversal", 1.1)] {
        let acc = |r: &str| {
            run(r, "32", pattern, "0.8", &[])["accepted_flits_per_cycle_per_host"]
                .as_f64()
                .unwrap()
        };
        let (det, adap) = (acc("updown"), acc("adaptive"));
        eprintln!("{pattern}: adaptive {adap} vs DET {det}");
        assert!(
            adap > factor * det,
            "{pattern}: adaptive {adap} vs DET {det}"
        );
    }
}

#[test]
fn the_escape_queue_holds_one_packet_and_never_overflows() {
    // the escape VC has room for exactly one 32-flit packet: heavy load on a torus pushes
    // packets into it; any write beyond 32 flits would count as an overflow
    let s = run(
        "adaptive",
        "16",
        "uniform",
        "1.0",
        &[
            "--set",
            "topology.kind=\"torus\"",
            "--set",
            "topology.dims=\"4x4\"",
        ],
    );
    assert!(s["delivered_packets"].as_u64().unwrap() > 1000);
}

#[test]
fn bad_adaptive_settings_are_refused() {
    fails_with(
        &[
            "run",
            "--config",
            "configs/inorder.toml",
            "--selection",
            "only",
            "--cycles",
            "100",
        ],
        &["routing.selection", "escape", "max-credits"],
    );
    fails_with(
        &[
            "run",
            "--config",
            "configs/inorder.toml",
            "--set",
            "switch.escape_buffer_flits=128",
            "--cycles",
            "100",
        ],
        &["switch.escape_buffer_flits", "256"],
    );
    fails_with(
        &[
            "run",
            "--config",
            "configs/inorder.toml",
            "--routing",
            "adaptive",
            "--set",
            "switch.vcs=1",
            "--cycles",
            "100",
        ],
        &["switch.vcs", "2"],
    );
}
