//! Testbench of tori routed as BookSim2 routes them: the preset
//! `configs/booksim-iq-torus.toml` (BookSim2's default 8x8 torus) crossing 6 cycles per hop
//! plus 7, host links shorter than router links (`link.host_fly_cycles`) without a sleeping
//! block missing an arrival, random ties that really use both ways around a ring, VC classes
//! chosen at dimension entry that really put load on both classes and raise the torus's
//! saturation throughput, every tie-break and class rule deadlock-free by the dependency-graph
//! check, and every bad key refused naming it.

use crate::common::{run_fails_with, vc_network as vc_net, vc_sleep_side_by_side};
use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::routing::registry::{routing, PlanArgs};
use flitwave::routing::{deadlock, function::check::check_function};
use flitwave::topology::{mesh, Endpoint};

/// The torus preset with overrides.
fn preset(over: &[&str]) -> Config {
    let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
    Config::from_toml(include_str!("../configs/booksim-iq-torus.toml"), &o).unwrap()
}

/// Hops between hosts `a` and `b` of an 8x8 torus, one host per router.
fn dist(a: u32, b: u32) -> u64 {
    let ring = |p: u32, q: u32| {
        let d = p.abs_diff(q);
        d.min(8 - d) as u64
    };
    ring(a % 8, b % 8) + ring(a / 8, b / 8)
}

#[test]
fn booksim_torus_preset_takes_six_cycles_per_hop_plus_seven() {
    // lone 1-flit packets, 200 cycles apart: 2 cycles into the first router (host link of fly
    // 2), 4 per router (routing, VC and switch allocation, crossbar), 2 more per router link
    // (fly 3), 1 more out of the last (fly 2): 6 D + 7, BookSim2's 31 cycles at D = 4
    let pairs: Vec<(u32, u32)> = (0..64u32).map(|i| (i, (i * 37 + 11) % 64)).collect();
    let inj: Vec<(u64, u32, u32, u32)> = pairs
        .iter()
        .enumerate()
        .map(|(i, &(s, d))| (500 + 200 * i as u64, s, d, 1))
        .collect();
    let mut net = vc_net(&preset(&["traffic.rate=0", "warmup=0"]));
    net.load_trace(&inj, u32::MAX).unwrap();
    net.run_workload(100_000).expect("the trace finishes");
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    let want: u64 = pairs.iter().map(|&(a, b)| 6 * dist(a, b) + 7).sum();
    let lat = s.latency.unwrap().cycles;
    assert!(
        (lat - want as f64 / 64.0).abs() < 1e-9,
        "average {lat}, the pipeline gives {}",
        want as f64 / 64.0
    );
    let max = pairs.iter().map(|&(a, b)| 6 * dist(a, b) + 7).max();
    assert_eq!(Some(s.max_latency_cycles), max);
    // the same host links as the router links (fly 3): 2 cycles more per packet
    let mut same = vc_net(&preset(&[
        "traffic.rate=0",
        "warmup=0",
        "link.host_fly_cycles=3",
    ]));
    same.load_trace(&inj, u32::MAX).unwrap();
    same.run_workload(100_000).unwrap();
    let l3 = same.summary().latency.unwrap().cycles;
    assert!((l3 - lat - 2.0).abs() < 1e-9, "{l3} against {lat}");
}

#[test]
fn host_links_of_another_fly_time_wake_their_receivers_on_time() {
    // quiet blocks sleep until something arrives: with host links shorter (and longer) than
    // the router links, a NIC or router woken a cycle early or late would differ from the run
    // that evaluates every block every cycle
    for (host, rate, cycles) in [
        ("2", "0.2", 5000),
        ("5", "0.3", 5000),
        ("1", "0.003", 20000),
    ] {
        let c = preset(&[
            "topology.dims=\"4x4\"",
            &format!("link.host_fly_cycles={host}"),
            &format!("traffic.rate={rate}"),
        ]);
        let what = format!("host fly {host}");
        let delivered = vc_sleep_side_by_side(&what, &c, cycles, 5);
        assert!(delivered > 50, "{what}");
    }
}

/// Flits host 0's router sent on its +x and -x links while host 0 sent `n` packets to host 4,
/// half the ring away.
fn both_ways(tie: &str, n: u64) -> (u64, u64) {
    let inj: Vec<(u64, u32, u32, u32)> = (0..n).map(|i| (100 + 3 * i, 0, 4, 1)).collect();
    let tie = format!("routing.tie=\"{tie}\"");
    let mut net = vc_net(&preset(&["traffic.rate=0", "warmup=0", &tie]));
    net.load_trace(&inj, u32::MAX).unwrap();
    net.run_workload(100_000).unwrap();
    let loads = net.link_loads().unwrap();
    let out = |port| {
        loads
            .iter()
            .find(|l| l.from == Endpoint::Switch { sw: 0, port })
            .map_or(0, |l| l.flits)
    };
    // one host per router: port 0 the host, then +x, -x, +y, -y
    (out(1), out(2))
}

#[test]
fn random_ties_send_packets_both_ways_around_the_ring() {
    let (plus, minus) = both_ways("plus", 400);
    assert_eq!((plus, minus), (400, 0), "a + tie-break always goes +");
    let (plus, minus) = both_ways("random", 400);
    assert_eq!(plus + minus, 400);
    // a fair coin: 400 draws within 4.5 sigma of 200
    assert!((155..=245).contains(&plus), "+ {plus}, - {minus}");
    // drawn from the seed and the packet's number: the same run draws the same way
    assert_eq!(both_ways("random", 400), (plus, minus));
}

/// Accepted traffic and the share of flits through crossbars into VC 1 of the 8x8 torus
/// preset at `rate` with tie-break `tie` and VC classes `classes`.
fn torus_load(rate: &str, tie: &str, classes: &str) -> (f64, f64) {
    let c = preset(&[
        &format!("traffic.rate={rate}"),
        &format!("routing.tie=\"{tie}\""),
        &format!("routing.classes=\"{classes}\""),
        "cycles=6000",
        "warmup=2000",
    ]);
    let mut net = vc_net(&c);
    net.run(c.cycles);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    let vc1 = net
        .switches()
        .iter()
        .map(|s| s.forwarded_vc[1])
        .sum::<u64>() as f64
        / net.switches().iter().map(|s| s.forwarded()).sum::<u64>() as f64;
    (s.accepted_flits_per_cycle_per_host, vc1)
}

#[test]
fn classes_chosen_at_dimension_entry_share_the_vcs_and_raise_saturation() {
    // the dateline leaves class 1 to the packets past the wraparound link; BookSim2's entry
    // rule gives it the + paths that wrap and the - paths that do not: both classes carry
    // load. Under uniform traffic beyond saturation, the random tie-break and the entry
    // classes together carry more than the + tie-break with the dateline (docs/results/
    // booksim.md: one change at a time)
    let (old, old_vc1) = torus_load("0.5", "plus", "dateline");
    let (new, new_vc1) = torus_load("0.5", "random", "entry");
    assert!(old_vc1 < 0.35, "dateline: VC 1 carries {old_vc1}");
    assert!(new_vc1 > 0.42, "entry: VC 1 carries {new_vc1}");
    assert!(new > 1.1 * old, "accepted {new} against {old}");
}

#[test]
fn every_tie_break_and_class_rule_is_deadlock_free() {
    for dims in [[3, 3], [4, 4], [5, 4], [8, 8], [9, 6]] {
        let topo = mesh::torus(dims, 1).unwrap();
        for tie in ["plus", "random"] {
            for classes in ["dateline", "entry"] {
                let plan = routing("dor-dateline")
                    .unwrap()
                    .plan(
                        &topo,
                        &PlanArgs {
                            tie: Some(tie),
                            classes: Some(classes),
                            seed: 1,
                            ..PlanArgs::default()
                        },
                    )
                    .unwrap();
                // the routing functions (every draw of a random tie offered)
                let f = plan.functions.as_ref().unwrap();
                let c = check_function(&topo, 2, f);
                assert!(c.acyclic, "{dims:?} {tie} {classes}: {c}");
                // the routes, where there is one per host pair
                match (&plan.routes, tie) {
                    (Some(r), "plus") => {
                        let c = deadlock::check(&topo, r);
                        assert!(c.acyclic, "{dims:?} {classes} routes: {c}");
                    }
                    (None, "random") => assert!(plan.routes_error.is_some()),
                    _ => panic!("{dims:?} {tie}: routes {:?}", plan.routes.is_some()),
                }
            }
        }
        // without classes the rings close a cycle, whichever way ties go (a ring of 3 has
        // no path longer than one hop, so no dependency along it)
        for tie in ["plus", "random"]
            .into_iter()
            .filter(|_| dims[0].min(dims[1]) > 3)
        {
            let plan = routing("dor")
                .unwrap()
                .plan(
                    &topo,
                    &PlanArgs {
                        tie: Some(tie),
                        seed: 1,
                        ..PlanArgs::default()
                    },
                )
                .unwrap();
            let c = check_function(&topo, 1, plan.functions.as_ref().unwrap());
            assert!(!c.acyclic, "{dims:?} dor {tie}");
        }
    }
}

#[test]
fn short_packets_on_long_paths_are_not_called_saturated() {
    // 1-flit packets 31 cycles in flight keep about 5 per host in the network at 0.15, far
    // below the torus's knee (about 0.25): only packets waiting beyond those count
    for (rate, saturated) in [("0.15", false), ("0.22", false), ("0.5", true)] {
        let c = preset(&[
            &format!("traffic.rate={rate}"),
            "cycles=6000",
            "warmup=2000",
        ]);
        let mut net = build::build(&c).unwrap().network;
        net.run(c.cycles);
        let s = net.summary();
        assert_eq!(s.saturated, saturated, "{rate}:\n{}", s.report());
    }
}

#[test]
fn bad_torus_keys_are_refused_naming_them() {
    let run = run_fails_with;
    let torus = "configs/booksim-iq-torus.toml";
    run(
        torus,
        &["link.host_fly_cycles=0"],
        &["link.host_fly_cycles", "1"],
    );
    run(
        torus,
        &["routing.tie=\"sometimes\""],
        &["routing.tie", "plus, random"],
    );
    run(
        torus,
        &["routing.classes=\"wrap\""],
        &["routing.classes", "dateline, entry"],
    );
    run(
        torus,
        &["routing.algorithm=\"dor\""],
        &["routing.classes", "dor-dateline"],
    );
    run(
        torus,
        &["routing.algorithm=\"updown\""],
        &["routing.tie", "updown"],
    );
    let mesh = "configs/booksim-iq.toml";
    run(
        mesh,
        &["routing.tie=\"random\""],
        &["routing.tie", "mesh has no ties"],
    );
    // the myrinet family's source routes need one route per host pair
    run(
        "configs/default.toml",
        &[
            "topology.kind=\"torus\"",
            "topology.dims=\"4x4\"",
            "routing.algorithm=\"dor\"",
            "routing.tie=\"random\"",
        ],
        &["routing.tie", "plus"],
    );
}
