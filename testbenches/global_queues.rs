//! Testbench of UGAL-G's global view (`routing::function::global_queues`): on long
//! global channels the flits waiting for a channel steer UGAL-G where its used credits, which
//! count the flits in flight, do not — minimal at low load, Valiant's throughput under
//! adversarial traffic; the measure's key refused where it does not apply; and each network's
//! view its own.

use crate::common::{run_fails_with, vc_network as vc_net};
use crate::dragonfly::preset;

/// (accepted flits/cycle/host, mean latency in cycles) of a small dragonfly (9 groups of 4
/// routers, 2 hosts each, the preset's 101-cycle global links and 256-flit VCs) under
/// `next-group` at `rate`, routed by `routing` (`measure`: UGAL-G's `routing.global_queue`).
fn next_group(routing: &str, measure: Option<&str>, rate: f64) -> (f64, f64) {
    let mut over = vec![
        "topology.a=4".to_string(),
        "topology.h=2".into(),
        "topology.hosts_per_switch=2".into(),
        format!("routing.algorithm=\"{routing}\""),
        format!("switch.vcs={}", if routing == "dfly-min" { 2 } else { 4 }),
        "traffic.pattern=\"next-group\"".into(),
        format!("traffic.rate={rate}"),
        "cycles=5000".into(),
        "warmup=1500".into(),
    ];
    if let Some(m) = measure {
        over.push(format!("routing.global_queue=\"{m}\""));
    }
    let o: Vec<&str> = over.iter().map(|s| s.as_str()).collect();
    let c = preset(&o);
    let mut net = vc_net(&c);
    net.run(c.cycles);
    let s = net.summary();
    assert!(s.healthy(), "{routing} {measure:?} {rate}: {}", s.report());
    let l = s.latency.expect("packets delivered in the window").cycles;
    (s.accepted_flits_per_cycle_per_host, l)
}

#[test]
fn ugal_g_reads_the_flits_waiting_for_a_global_channel_not_those_in_flight() {
    // next-group traffic: minimal routing is held to the one global link between two groups
    // (bound 1/(a p) = 0.125). On 101-cycle global links a channel's used credits count
    // ~0.6 flits a cycle times a ~200-cycle credit loop as its queue even when nothing waits:
    // UGAL-G by credits goes non-minimal at zero load and, past its knee, gives throughput
    // back; by the waiting flits it stays near the minimal path at low load and carries what
    // Valiant carries (seed 1: 147.5 / 192.2 / 134.9 cycles at 0.02; 0.402 / 0.291 / 0.403
    // at 0.4, release build, 8,000 cycles)
    let (_, min_l0) = next_group("dfly-min", None, 0.02);
    let (_, wait_l0) = next_group("dfly-ugal-g", None, 0.02);
    let (_, cred_l0) = next_group("dfly-ugal-g", Some("credits"), 0.02);
    assert!(
        wait_l0 < 1.15 * min_l0 && cred_l0 > 1.3 * min_l0,
        "at 0.02: waiting {wait_l0}, credits {cred_l0}, minimal {min_l0} cycles"
    );
    let (val, _) = next_group("dfly-valiant", None, 0.4);
    let (wait, _) = next_group("dfly-ugal-g", Some("waiting"), 0.4);
    let (cred, _) = next_group("dfly-ugal-g", Some("credits"), 0.4);
    assert!(
        wait > 0.95 * val && wait > 3.0 * 0.125,
        "at 0.4: waiting {wait}, Valiant {val}"
    );
    assert!(cred < 0.85 * wait, "at 0.4: credits {cred}, waiting {wait}");
}

#[test]
fn the_queue_measure_is_refused_where_it_does_not_apply_naming_it() {
    let dfly = "configs/booksim-dragonfly.toml";
    run_fails_with(
        dfly,
        &[
            "routing.algorithm=\"dfly-ugal-g\"",
            "switch.vcs=4",
            "routing.global_queue=\"inflight\"",
        ],
        &["routing.global_queue", "\"inflight\"", "waiting, credits"],
    );
    run_fails_with(
        dfly,
        &["routing.global_queue=\"waiting\""],
        &["routing.global_queue", "dfly-ugal-g", "dfly-min"],
    );
    run_fails_with(
        dfly,
        &[
            "routing.algorithm=\"dfly-ugal\"",
            "switch.vcs=4",
            "routing.global_queue=\"credits\"",
        ],
        &["routing.global_queue", "dfly-ugal-g", "dfly-ugal"],
    );
}

#[test]
fn two_ugal_g_networks_of_one_plan_keep_their_own_global_view() {
    // a sweep builds every point's network from one routing plan and steps them side by side:
    // UGAL-G's global queues must be each network's own, or one point's queues steer the
    // other's packets (they were shared until 2026-11-27, and a point's figures depended on
    // the other points of its sweep)
    use flitwave::experiment::build;
    let cfg = |rate: &str| {
        preset(&[
            "topology.a=4",
            "topology.h=2",
            "topology.hosts_per_switch=2",
            "routing.algorithm=\"dfly-ugal-g\"",
            "routing.selection=\"ugal-l\"",
            "switch.vcs=4",
            "traffic.pattern=\"next-group\"",
            &format!("traffic.rate={rate}"),
            "link.global_fly_cycles=9",
            "cycles=3000",
            "warmup=500",
        ])
    };
    let (c, busy) = (cfg("0.3"), cfg("0.6"));
    let topo = build::topology(&c).unwrap();
    let plan = build::plan(&c, &topo).unwrap();
    let mut alone = build::network_with(&c, &topo, &plan).unwrap();
    alone.run(c.cycles);
    let mut a = build::network_with(&c, &topo, &plan).unwrap();
    let mut b = build::network_with(&busy, &topo, &plan).unwrap();
    for _ in 0..c.cycles {
        a.step();
        b.step();
    }
    let (s, t) = (alone.summary(), a.summary());
    assert!(s.healthy(), "{}", s.report());
    assert_eq!(
        t.report(),
        s.report(),
        "a neighbour's traffic moved UGAL-G's choices"
    );
}
