//! The one fabric: every switch family on every topology its routings allow, through one
//! configuration and the registries. Invariants and draining of the vct family off the
//! fat-tree (meshes with online dimension order, irregular networks with route tables), the
//! watchdog's wait-for report for a deadlocked vct torus, two routing plug-ins that must agree,
//! credit units in bytes, and every family × routing × selection either building or refused
//! with a clear error.

use flitwave::experiment::build;
use flitwave::experiment::config::{Config, TopologyKind, DEFAULT_TOML};
use flitwave::fabric::registry::FAMILIES;
use flitwave::fabric::vct::VctFamily;
use flitwave::fabric::{AnyNetwork, Network, Summary};
use flitwave::routing::registry::ROUTINGS;
use flitwave::routing::selection::SELECTIONS;

fn cfg(over: &[&str]) -> Config {
    let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
    Config::from_toml(DEFAULT_TOML, &o).unwrap()
}

/// A vct network: the paper's switches, short packets.
fn vct(over: &[&str]) -> Config {
    let mut o = vec![
        "switch.family=\"vct\"",
        "traffic.message_bytes=64",
        "traffic.process=\"bernoulli\"",
        "traffic.source_queue_limit=64",
        "watchdog_cycles=5000",
    ];
    o.extend_from_slice(over);
    cfg(&o)
}

fn vct_net(c: &Config) -> Network<VctFamily> {
    match build::build(c).unwrap().network {
        AnyNetwork::Vct(n) => n,
        _ => panic!("not a vct network"),
    }
}

/// Run, stop the sources, drain: healthy all along, nothing lost or duplicated.
fn run_and_drain(c: &Config) -> Summary {
    let mut net = build::build(c).unwrap().network;
    net.run(c.cycles);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    net.stop_traffic();
    for _ in 0..500 {
        if net.drained() {
            break;
        }
        net.run(1000);
    }
    let d = net.summary();
    assert!(d.healthy() && net.drained(), "not drained:\n{}", d.report());
    assert_eq!(d.generated_packets, d.delivered_packets);
    s
}

#[test]
fn vct_switches_route_meshes_and_irregular_networks() {
    for over in [
        // online dimension order on a mesh
        &[
            "topology.kind=\"mesh\"",
            "routing.algorithm=\"dor\"",
            "traffic.rate=0.08",
        ][..],
        // up*/down* route tables on an irregular network
        &["routing.algorithm=\"updown\"", "traffic.rate=0.05"][..],
        &[
            "routing.algorithm=\"updown\"",
            "routing.paths=\"shortest\"",
            "traffic.pattern=\"bit-reversal\"",
            "traffic.rate=0.05",
        ][..],
    ] {
        let mut o = vec!["cycles=20000", "warmup=2000"];
        o.extend_from_slice(over);
        let s = run_and_drain(&vct(&o));
        assert_eq!(s.family, "vct");
        assert!(s.accepted_flits_per_cycle_per_host > 0.0, "{over:?}");
        assert!(!s.saturated, "{over:?}: {}", s.report());
    }
}

/// Dimension order as the switch's own routing function and as tables of the offline routes
/// are one routing: the same network gives the same statistics, cycle for cycle.
#[test]
fn online_dimension_order_equals_its_route_tables() {
    let c = vct(&[
        "topology.kind=\"mesh\"",
        "topology.dims=\"4x3\"",
        "topology.hosts_per_switch=2",
        "routing.algorithm=\"dor\"",
        "traffic.rate=0.3",
        "cycles=15000",
        "warmup=1500",
    ]);
    let topo = build::topology(&c).unwrap();
    let online = build::plan(&c, &topo).unwrap();
    assert!(online.functions.is_some() && online.routes.is_some());
    let mut tables = online.clone();
    tables.functions = None;
    let run = |p| {
        let mut n = build::network_with(&c, &topo, p).unwrap();
        n.run(c.cycles);
        n.summary()
    };
    let (a, b) = (run(&online), run(&tables));
    assert!(a.healthy() && a.delivered_packets > 500, "{}", a.report());
    assert_eq!(a, b);
}

/// Without dateline VCs, dimension order on a torus deadlocks a vct network too: the
/// watchdog fires and names a cycle of waits among switch inputs.
#[test]
fn watchdog_reports_the_wait_cycle_of_a_deadlocked_vct_torus() {
    let c = vct(&[
        "topology.kind=\"torus\"",
        "topology.dims=\"4x4\"",
        "routing.algorithm=\"dor\"",
        "traffic.rate=0.9",
        "traffic.message_bytes=256",
        "cycles=60000",
        "warmup=1000",
    ]);
    let mut net = vct_net(&c);
    net.run(c.cycles);
    let s = net.summary();
    let d = s.deadlock.as_deref().expect("a deadlock");
    assert!(d.contains("wait cycle: sw"), "{d}");
    assert!(d.contains("(full)") || d.contains("(busy)"), "{d}");
    assert!(s.conservation_ok && s.buffer_overflows == 0 && s.credit_errors == 0);
    assert!(net.now() < c.cycles, "the run stopped at the deadlock");
}

/// Credits of a byte size: units of several flits, several units per flit, and the per-flit
/// case, which must give exactly the one-credit-per-flit results.
#[test]
fn credit_units_in_bytes_keep_every_buffer_within_bounds() {
    let base = [
        "topology.kind=\"fattree\"",
        "topology.k=2",
        "topology.n=3",
        "routing.algorithm=\"ir-adaptive\"",
        "routing.selection=\"ff\"",
        "traffic.rate=0.5",
        "cycles=20000",
        "warmup=2000",
    ];
    let with = |extra: &[&str]| {
        let mut o = base.to_vec();
        o.extend_from_slice(extra);
        vct(&o)
    };
    let flits = run_and_drain(&with(&[]));
    let same = run_and_drain(&with(&["switch.credit_bytes=1"]));
    assert_eq!(
        flits, same,
        "a 1-byte credit on 1-byte flits is one credit per flit"
    );
    for extra in [
        &["switch.credit_bytes=16"][..],
        &["link.flit_bytes=8", "switch.credit_bytes=2"][..],
        &["link.flit_bytes=4", "switch.credit_bytes=64"][..],
    ] {
        let c = with(extra);
        let mut net = vct_net(&c);
        for _ in 0..c.cycles {
            net.step();
        }
        let s = net.summary();
        assert!(s.healthy(), "{extra:?}: {}", s.report());
        assert!(s.delivered_packets > 100, "{extra:?}: {}", s.report());
        run_and_drain(&c);
    }
    // a credit bigger than a whole packet buffer cannot work
    let e = match build::build(&with(&["switch.credit_bytes=100000"])) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted"),
    };
    assert!(e.contains("switch.credit_bytes"), "{e}");
}

/// Every family with every routing and selection on every kind of topology builds a network
/// that runs, or is refused with an error naming the key at fault — never a panic.
#[test]
fn every_family_routing_and_selection_builds_or_says_why() {
    let topologies = [
        &["topology.kind=\"irregular\"", "topology.switches=8"][..],
        &["topology.kind=\"mesh\"", "topology.dims=\"3x3\""][..],
        &["topology.kind=\"torus\"", "topology.dims=\"3x3\""][..],
        &["topology.kind=\"fattree\"", "topology.k=2", "topology.n=3"][..],
    ];
    let mut built = 0;
    for f in FAMILIES {
        for r in ROUTINGS {
            for (sel, _) in SELECTIONS {
                for t in topologies {
                    let fam = format!("switch.family=\"{}\"", f.name);
                    let alg = format!("routing.algorithm=\"{}\"", r.name);
                    let s = format!("routing.selection=\"{sel}\"");
                    let mut o = vec![&fam[..], &alg, &s, "cycles=2000", "warmup=200"];
                    o.extend_from_slice(t);
                    let c = cfg(&o);
                    match build::build(&c) {
                        Ok(b) => {
                            let mut n = b.network;
                            n.run(c.cycles);
                            assert!(n.conservation_ok(), "{o:?}");
                            built += 1;
                        }
                        Err(e) => {
                            let m = e.to_string();
                            assert!(
                                m.contains("routing") || m.contains("topology"),
                                "{o:?}: unclear error {m}"
                            );
                        }
                    }
                }
            }
        }
    }
    // myrinet: updown and itb anywhere, dor on meshes and tori (only); vct: fir-det, and
    // ir-adaptive with each selection, on the tree; updown and dor with each selection
    assert!(built >= 20, "only {built} combinations built");
}

/// One configuration for both families: the vct family's defaults come from the same file,
/// and its sweep has the shape of a Myrinet sweep.
#[test]
fn a_vct_sweep_has_the_shape_of_a_myrinet_sweep() {
    use flitwave::experiment::sweep;
    let m = sweep::run(
        &cfg(&["cycles=6000", "warmup=600"]),
        &[0.02, 0.1],
        Some(2),
        false,
    )
    .unwrap();
    let mut c = vct(&["cycles=6000", "warmup=600"]);
    c.topology.kind = TopologyKind::Fattree;
    c.routing.algorithm = "fir-det".into();
    let v = sweep::run(&c, &[0.02, 0.1], Some(2), false).unwrap();
    // deterministic whatever the thread count
    assert_eq!(v, sweep::run(&c, &[0.02, 0.1], Some(1), false).unwrap());
    let keys = |r: &sweep::SweepResult| {
        let j = serde_json::to_value(r).unwrap();
        let mut k: Vec<String> = j.as_object().unwrap().keys().cloned().collect();
        k.sort();
        let p = &j["points"][0]["summary"];
        let mut pk: Vec<String> = p.as_object().unwrap().keys().cloned().collect();
        pk.retain(|x| x != "myrinet" && x != "vct");
        pk.sort();
        (k, pk)
    };
    assert_eq!(keys(&m), keys(&v));
    assert!(v.all_healthy && m.all_healthy);
    // the search finds the knee of both
    let s = sweep::search(&c).unwrap();
    assert!(
        s.saturation_rate.is_some() && s.points.len() >= 4,
        "{}",
        s.report()
    );
}
