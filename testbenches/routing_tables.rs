//! Routing testbench, route sets as tables and trees: dateline VCs breaking the torus cycles
//! of dimension order in the (link, VC) dependency graph, a route set storing each switch path
//! once, and the up*/down* root as a parameter that moves DET's throughput bound.

use flitwave::routing::deadlock;
use flitwave::routing::updown::{self, Select, UpDown};
use flitwave::topology::{irregular, mesh};
use flitwave::traffic::pattern::{DestTable, Pattern};

/// The channel dependency graph works on (link, VC) channels: dimension order on a torus is
/// cyclic on one VC, and acyclic once every ring takes VC 1 from its dateline on; the cycle it
/// reports names VCs when there are several.
#[test]
fn dateline_vcs_break_the_torus_cycles_of_dimension_order() {
    use flitwave::routing::dor;
    let t = mesh::torus([4, 4], 1).unwrap();
    let plain = dor::routes(&t).unwrap();
    let c = deadlock::check(&t, &plain);
    assert!(!c.acyclic, "{c}");
    assert!(
        !c.to_string().contains(".vc"),
        "one VC: no VC in the names: {c}"
    );
    let dl = dor::with_datelines(&t, plain.clone()).unwrap();
    assert!(dl.to_routes().iter().any(|r| r.vcs.contains(&1)));
    let c = deadlock::check(&t, &dl);
    assert!(c.acyclic, "{c}");
    // a route that wraps in x: VC 0 up to the dateline, VC 1 from the wraparound link on
    let r = dl.get(3, 1); // x 3 -> 1 goes + through the wrap 3 -> 0 -> 1
    assert_eq!(r.switches, vec![3, 0, 1]);
    assert_eq!(r.vcs(), vec![1, 1, 0]);
    // the plain routes moved wholly onto VC 1: the same cycles, named with their VC
    let mut on1 = plain.clone();
    on1.set_vcs(|_, _, vcs| vcs.fill(1));
    let c = deadlock::check(&t, &on1);
    assert!(!c.acyclic);
    assert!(c.cycle.iter().all(|ch| ch.vc == 1), "{c}");
    assert!(c.to_string().contains(".vc1"), "{c}");
    let m = mesh::mesh([4, 4], 1).unwrap();
    let md = dor::with_datelines(&m, dor::routes(&m).unwrap()).unwrap();
    assert!(md.to_routes().iter().all(|r| r.vcs.iter().all(|&v| v == 0)));
}

/// Issue 11: a route set holds each distinct switch path once and 4 bytes per host pair; the
/// destination's own port comes from the destination.
#[test]
fn a_route_set_stores_each_switch_path_once() {
    let t = irregular::generate(64, 4, 8, 11).unwrap();
    let rs = updown::routes(&t, Select::Shortest, 0, 0).unwrap();
    assert_eq!(rs.paths(), 64 * 64, "one path per switch pair");
    let h = 256u64;
    assert!(
        rs.memory_bytes() < h * h * 4 + 64 * 64 * 64,
        "{} bytes",
        rs.memory_bytes()
    );
    for (s, d) in [(0, 5), (4, 255), (255, 0), (17, 18)] {
        let r = rs.get(s, d);
        assert_eq!(*r.ports().last().unwrap() as usize, t.host(d).port);
        // host pairs between the same two switches share the path
        let (s2, d2) = (s ^ 1, d ^ 1);
        if t.host(s2).sw == t.host(s).sw && t.host(d2).sw == t.host(d).sw && s2 != d2 {
            assert_eq!(rs.path_id(s, d), rs.path_id(s2, d2));
        }
    }
    let b = updown::routes(&t, Select::Balanced, 11, 0).unwrap();
    assert!(
        b.paths() < 256 * 255 / 2,
        "balanced host pairs share paths: {} distinct",
        b.paths()
    );
}

/// `routing.root` moves the up*/down* tree: the root is the only switch at level 0, every route
/// stays legal and deadlock-free, and DET's busiest channel (its throughput bound) moves with
/// it. The rule "central" and bad roots are checked through the command line.
#[test]
fn the_updown_root_is_a_parameter_and_moves_the_bound() {
    use flitwave::routing::bound;
    let t = irregular::generate(16, 4, 8, 1).unwrap();
    let u = DestTable::new(&Pattern::uniform(), &t).unwrap();
    let mut rates = vec![];
    for root in [0, 5, 9] {
        let ud = UpDown::rooted(&t, root);
        assert_eq!(ud.level[root], 0);
        assert_eq!(ud.level.iter().filter(|&&l| l == 0).count(), 1);
        let rs = updown::routes(&t, Select::Forwarding, 1, root).unwrap();
        for s in 0..t.num_hosts() {
            for d in 0..t.num_hosts() {
                if s != d {
                    assert!(ud.is_legal_path(&t, rs.get(s, d).switches));
                }
            }
        }
        assert!(deadlock::check(&t, &rs).acyclic);
        rates.push(bound::of_routes(&t, &rs, &u).unwrap().rate);
    }
    assert!(
        rates.iter().any(|&r| (r - rates[0]).abs() > 1e-6),
        "the root changes DET's bound: {rates:?}"
    );
    // the command line: a switch id, a rule, and what is refused
    let bound_of = |root: &str| {
        let (ok, out, err) = crate::common::flitwave(&[
            "routes",
            "--routing",
            "updown",
            "--paths",
            "forwarding",
            "--switches",
            "16",
            "--root",
            root,
            "--json",
        ]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["throughput_bound"]["uniform"].as_f64().unwrap()
    };
    assert!((bound_of("5") - rates[1]).abs() < 1e-12);
    assert!(bound_of("central") > 0.0);
    crate::common::fails_with(
        &["run", "--set", "routing.root=99", "--cycles", "100"],
        &["routing.root", "switch 99", "0..=15", "central"],
    );
    crate::common::fails_with(
        &["run", "--set", "routing.root=\"middle\"", "--cycles", "100"],
        &["routing.root", "middle", "lowest-id, central"],
    );
}
