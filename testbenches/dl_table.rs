//! Testbench of DL in RHiNET-2/SW's table form (seed 003 §4.1.2): every switch
//! looks up the output port by destination alone and the VC change by (input port, output
//! port). On irregular networks, a torus and a mesh the tables route every host pair, the layer
//! never rises, every route set is deadlock-free on (link, VC) channels, and the paths are no
//! longer than up*/down*'s and no shorter than DL's source routes (the shortest legal DL paths).
//! Packets routed by the tables through the vc family arrive, all of them, with no route error.

use crate::common;
use crate::common::flitwave;
use flitwave::routing::dl::{self, Restriction};
use flitwave::routing::dl_table;
use flitwave::routing::stats::RouteStats;
use flitwave::routing::{deadlock, RouteSet};
use flitwave::topology::{irregular, mesh, Peer, Topology};

/// Switch-to-switch hops averaged over ordered host pairs.
fn avg_hops(topo: &Topology, r: &RouteSet) -> f64 {
    RouteStats::compute(topo, r).avg_hops_uniform
}

#[test]
fn tables_route_every_pair_descending_deadlock_free_and_short() {
    let tops = [
        ("16 sw", irregular::generate(16, 4, 8, 3).unwrap(), 3),
        ("64 sw", irregular::generate(64, 4, 8, 5).unwrap(), 3),
        ("torus", mesh::torus([4, 4], 1).unwrap(), 3),
        ("mesh", mesh::mesh([4, 4], 1).unwrap(), 2),
    ];
    for (name, topo, layers) in &tops {
        let ud = avg_hops(
            topo,
            &dl::updown_layers(topo, *layers, "low-port", 1, 0).unwrap(),
        );
        for r in [Restriction::Ud, Restriction::LTurn] {
            let best = avg_hops(
                topo,
                &dl::routes(topo, *layers, r, "low-port", 1, 0).unwrap(),
            );
            for sel in dl::SELECTIONS {
                let t = dl_table::build(topo, *layers, r, sel, 9, 0).unwrap();
                let set = t.route_set(topo).unwrap();
                let dc = deadlock::check(topo, &set);
                assert!(dc.acyclic, "{name} {r:?}/{sel}: {dc}");
                let h = topo.num_hosts();
                for s in 0..h {
                    for d in (0..h).filter(|&d| d != s) {
                        let rt = set.get(s, d).to_route();
                        assert_eq!(rt.vcs.len(), rt.switches.len(), "{s}->{d}");
                        assert_eq!(rt.vcs[0] as usize, layers - 1, "{s}->{d} starts on top");
                        assert!(
                            rt.vcs.windows(2).all(|w| w[1] <= w[0] && w[0] - w[1] <= 1),
                            "{name} {r:?}/{sel}: {s}->{d} layers {:?}",
                            rt.vcs
                        );
                        // the port depends on the destination alone
                        for (i, &sw) in rt.switches.iter().enumerate() {
                            let port = rt.ports.get(i).copied().unwrap_or(topo.host(d).port as u8);
                            assert_eq!(port, t.port(sw as usize, d), "{s}->{d} at switch {sw}");
                        }
                    }
                }
                let hops = avg_hops(topo, &set);
                assert!(
                    hops >= best - 1e-9 && hops <= ud + 1e-9,
                    "{name} {r:?}/{sel}: tables {hops}, DL {best}, up*/down* {ud}"
                );
            }
        }
    }
}

#[test]
fn a_turn_that_breaks_the_restriction_descends_one_layer_and_no_other_does() {
    let topo = irregular::generate(16, 4, 8, 3).unwrap();
    let t = dl_table::build(&topo, 3, Restriction::Ud, "sancho", 1, 0).unwrap();
    let ud = flitwave::routing::updown::UpDown::new(&topo);
    let (np, mut descents) = (topo.ports_per_switch, 0);
    for s in 0..topo.switches {
        for i in 0..np {
            for o in 0..np {
                let (Peer::Switch { sw: a, .. }, Peer::Switch { sw: b, .. }) =
                    (topo.peer(s, i), topo.peer(s, o))
                else {
                    continue;
                };
                if i == o {
                    continue;
                }
                // in down (from a above s), out up (to b above s): a down→up turn
                let down_up = ud.is_up_hop(s, a) && ud.is_up_hop(s, b);
                assert_eq!(t.diff(s, i, o), -(down_up as i8), "switch {s} {i}->{o}");
                assert_eq!(t.out_vc(s, i, 0, o), (!down_up).then_some(0));
                descents += down_up as usize;
            }
        }
        for h in topo.hosts_of(s) {
            let p = topo.host(h).port;
            assert_eq!(
                t.out_vc(s, p, 1, 0),
                Some(2),
                "a packet from a host starts on top"
            );
        }
    }
    assert!(descents > 0);
}

#[test]
fn packets_routed_by_the_tables_all_arrive() {
    for (routing, sel) in [("dl-table", "sancho"), ("dl-table", "low-port")] {
        let (ok, out, err) = flitwave(&[
            "run",
            "--config",
            "configs/dl.toml",
            "--routing",
            routing,
            "--paths",
            sel,
            "--set",
            "topology.switches=16",
            "--rate",
            "0.3",
            "--cycles",
            "8000",
            "--json",
        ]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let s = &v["summary"];
        assert_eq!(s["conservation_ok"], true, "{out}");
        assert!(s["deadlock"].is_null(), "{out}");
        assert_eq!(s["route_errors"], 0, "{out}");
        assert!(s["delivered_packets"].as_u64().unwrap() > 100, "{out}");
    }
}

#[test]
fn routes_prints_the_tables_statistics() {
    let (ok, out, err) = flitwave(&[
        "routes",
        "--routing",
        "dl-table",
        "--restriction",
        "l-turn",
        "--layers",
        "3",
        "--select",
        "high-pch",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["deadlock_free"], true, "{out}");
    assert!(v["avg_hops"]["uniform"].as_f64().unwrap() > 1.0, "{out}");
}

#[test]
fn restrictions_the_tables_cannot_hold_are_refused() {
    for r in ["ud-du", "ud-dud"] {
        common::fails_with(
            &["routes", "--routing", "dl-table", "--restriction", r],
            &["routing.restriction", "allowed ud, l-turn"],
        );
    }
}

/// The unit's VCs are 3 bits: 8 layers fit, 9 would wrap and still look legal, so the
/// tables refuse them (the software DL routing allows 16).
#[test]
fn more_layers_than_the_unit_names_are_refused() {
    let topo = irregular::generate(16, 4, 8, 1).unwrap();
    assert!(dl_table::build(&topo, 8, Restriction::Ud, "sancho", 1, 0).is_ok());
    common::fails_with(
        &["routes", "--routing", "dl-table", "--layers", "9"],
        &["routing.layers", "allowed 1..=8", "3-bit VCs"],
    );
}

#[test]
fn the_table_unit_loaded_through_its_config_port_answers_as_the_tables() {
    use flitwave::blocks::dl_table::{DlLookup, DlTableUnit};
    let topo = irregular::generate(64, 4, 8, 2).unwrap();
    let t = dl_table::build(&topo, 3, Restriction::LTurn, "high-pch", 2, 0).unwrap();
    for sw in [0, 21, 63] {
        let mut u = DlTableUnit::new(8);
        for w in t.config_writes(sw) {
            u.cycle(Some(w), None);
        }
        for d in 0..t.hosts() {
            for input in 0..t.ports() {
                for vc in 0..3u8 {
                    let q = DlLookup {
                        dest: d,
                        in_port: input,
                        in_vc: vc,
                    };
                    assert!(!u.cycle(None, Some(q)).valid);
                    let r = u.cycle(None, None);
                    let port = t.port(sw, d);
                    assert!(r.valid);
                    assert_eq!(r.out_port, port, "switch {sw} dest {d}");
                    let want = t.out_vc(sw, input, vc, port as usize);
                    assert_eq!(
                        r.vc_ok.then_some(r.out_vc),
                        want,
                        "switch {sw} dest {d} in {input} vc {vc}"
                    );
                }
            }
        }
    }
}
