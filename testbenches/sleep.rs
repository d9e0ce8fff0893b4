//! Testbench of sleeping blocks in the vct and myrinet families (the vc
//! family's is `vc_router::sleeping_blocks_change_no_statistic_and_no_probe_value`): a run
//! whose quiet switches and NICs are skipped gives every statistic and every probe value of the
//! run that evaluates every block every cycle, so a block that says it is quiet while it would
//! still act, or that forgets a port it drove, fails here. The jump over idle time on these
//! families is `idle_jump::`.

use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::fabric::{AnyNetwork, Family, Network};

/// The vct family on a k-ary n-tree (`flitwave fattree`'s switches and NICs) with overrides.
pub fn fattree(over: &[&str]) -> Config {
    let mut sets: Vec<String> = [
        "switch.family=\"vct\"",
        "topology.kind=\"fattree\"",
        "topology.k=4",
        "topology.n=2",
        "routing.algorithm=\"fir-det\"",
        "traffic.process=\"bernoulli\"",
        "traffic.message_bytes=64",
        "watchdog_cycles=50000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    sets.extend(over.iter().map(|s| s.to_string()));
    Config::from_toml(include_str!("../configs/default.toml"), &sets).unwrap()
}

/// The myrinet family (`configs/default.toml`: seed 000's irregular network) with overrides.
pub fn myrinet(over: &[&str]) -> Config {
    let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
    Config::from_toml(include_str!("../configs/default.toml"), &o).unwrap()
}

/// Step `a` (sleeping) and `b` (every block every cycle) for `cycles`: probe values every
/// seventh cycle, the deadlock reports and the summaries agree. Returns the packets delivered
/// (the run must carry traffic).
fn side_by_side<F: Family>(what: &str, mut a: Network<F>, mut b: Network<F>, cycles: u64) -> u64 {
    b.no_sleep();
    let probes = |n: &Network<F>| crate::common::probe_values(n);
    for t in 0..cycles {
        let (x, y) = (a.step(), b.step());
        assert_eq!(x, y, "{what}: cycle {t}: one run saw a deadlock");
        if t % 7 == 0 || !x {
            assert_eq!(probes(&a), probes(&b), "{what}: cycle {t}");
        }
        if !x {
            break;
        }
    }
    assert_eq!(a.deadlock(), b.deadlock(), "{what}");
    assert_eq!(a.summary(), b.summary(), "{what}");
    assert_eq!(a.link_loads(), b.link_loads(), "{what}");
    a.summary().delivered_packets
}

/// The network of `c` twice, with its workload, compared side by side.
fn compare(what: &str, c: &Config, cycles: u64) -> u64 {
    let net = || {
        let mut n = build::build(c).unwrap().network;
        flitwave::with_network!(&mut n, x => build::load_workload(c, x).unwrap());
        n
    };
    match (net(), net()) {
        (AnyNetwork::Vct(a), AnyNetwork::Vct(b)) => side_by_side(what, a, b, cycles),
        (AnyNetwork::Myrinet(a), AnyNetwork::Myrinet(b)) => side_by_side(what, a, b, cycles),
        _ => panic!("{what}: not a vct or myrinet network"),
    }
}

#[test]
fn sleeping_vct_blocks_change_no_statistic_and_no_probe_value() {
    // a busy tree, one so idle that NICs sleep beyond the wheel's horizon, adaptive selections
    // with in-order delivery (acknowledgements as packets hold sources waiting), byte credits
    // with 4-byte flits, and a mesh under dimension order
    for (what, over, cycles) in [
        ("det 0.5", vec!["traffic.rate=0.5"], 6000),
        ("det 0.005", vec!["traffic.rate=0.005"], 30000),
        (
            "sadp in order",
            vec![
                "routing.algorithm=\"ir-adaptive\"",
                "routing.selection=\"sadp\"",
                "nic.in_order=true",
                "traffic.rate=0.4",
            ],
            6000,
        ),
        (
            "ff acks",
            vec![
                "topology.k=2",
                "topology.n=3",
                "routing.algorithm=\"ir-adaptive\"",
                "routing.selection=\"ff\"",
                "nic.in_order=true",
                "nic.ack=\"packets\"",
                "nic.reorder_bytes=1024",
                "traffic.rate=0.3",
            ],
            8000,
        ),
        (
            "credit bytes",
            vec![
                "link.flit_bytes=4",
                "switch.credit_bytes=16",
                "traffic.message_bytes=100",
                "traffic.rate=0.3",
            ],
            6000,
        ),
        (
            "mesh",
            vec![
                "topology.kind=\"mesh\"",
                "topology.dims=\"4x4\"",
                "topology.hosts_per_switch=1",
                "routing.algorithm=\"dor\"",
                "traffic.rate=0.1",
            ],
            6000,
        ),
    ] {
        let mut over = over;
        over.push("warmup=500");
        let c = fattree(&over);
        assert!(compare(what, &c, cycles) > 20, "{what}: too little traffic");
    }
}

#[test]
fn sleeping_myrinet_blocks_change_no_statistic_and_no_probe_value() {
    // up*/down* busy and nearly idle, in-transit buffers (NICs that hold and re-inject), a
    // mesh, and a torus under dimension order, which deadlocks: the watchdog must fire at the
    // same cycle with the same report
    for (what, over, cycles) in [
        ("updown 0.2", vec!["traffic.rate=0.2"], 6000),
        (
            "updown 0.01",
            vec!["traffic.rate=0.01", "traffic.message_bytes=64"],
            30000,
        ),
        (
            "itb",
            vec!["routing.algorithm=\"itb\"", "traffic.rate=0.15"],
            6000,
        ),
        (
            "mesh",
            vec![
                "topology.kind=\"mesh\"",
                "routing.algorithm=\"dor\"",
                "traffic.rate=0.1",
                "traffic.message_bytes=64",
            ],
            6000,
        ),
        (
            "torus deadlock",
            vec![
                "topology.kind=\"torus\"",
                "routing.algorithm=\"dor\"",
                "traffic.rate=0.9",
                "watchdog_cycles=2000",
            ],
            20000,
        ),
    ] {
        let mut over = over;
        over.push("warmup=500");
        let c = myrinet(&over);
        let delivered = compare(what, &c, cycles);
        assert!(delivered > 20, "{what}: too little traffic");
    }
}
