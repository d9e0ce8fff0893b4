//! Testbench of Descending-Layers routing (seed 003 §3): on random irregular networks
//! and a torus, for every restriction and path selection, every route is checked by an
//! independent reading of the rules — the layer never rises, it changes only when the next hop
//! breaks the current layer's restriction, inside a layer the restriction holds — and is as short
//! as the shortest legal DL path (found here by a separate breadth-first search); every route set
//! is deadlock-free on (link, VC) channels, and the checker catches a deliberately illegal layer
//! ascent. Through the vc family: testbenches/dl_vc.rs.

use crate::common::flitwave;
use flitwave::routing::deadlock;
use flitwave::routing::dl::{self, Restriction};
use flitwave::routing::lturn::LTurn;
use flitwave::routing::route_set::RouteSetBuilder;
use flitwave::routing::updown::UpDown;
use flitwave::routing::Route;
use flitwave::topology::{irregular, mesh, Peer, Topology};

use std::collections::VecDeque;

/// Does layer `v` of restriction `r` forbid a down hop followed by an up hop (else up, down)?
fn forbids_down_up(r: Restriction, v: usize) -> bool {
    match r {
        Restriction::Ud | Restriction::LTurn => true,
        Restriction::UdDu => v.is_multiple_of(2),
        Restriction::UdDud => v == 0,
    }
}

/// A hop's direction in the two-dimensional graph: (up, left).
type Dir = (bool, bool);

/// A hop inside a layer: its direction, the switch it enters and through which port.
#[derive(Debug, Clone, Copy)]
struct Hop {
    dir: Dir,
    at: usize,
    input: usize,
}

/// May a packet that took `prev` inside layer `v` leave through `out`, going `cur`? L-turn's
/// legal turns come from its table (checked on its own by `l_turn_table_...` below).
fn turn_ok(r: Restriction, lt: &LTurn, v: usize, prev: Hop, out: usize, cur: Dir) -> bool {
    if r == Restriction::LTurn {
        return lt.allows(prev.at, prev.input, out);
    }
    prev.dir.0 == cur.0 || if forbids_down_up(r, v) { !cur.0 } else { cur.0 }
}

/// Left-up first (L-turn's base rule, before its cycle analysis releases turns): LU, then the
/// rightward directions in any order, then LD.
fn l_turn_base(prev: Dir, cur: Dir) -> bool {
    let rank = |d: Dir| match d {
        (true, true) => 0,
        (false, true) => 2,
        _ => 1,
    };
    rank(cur) >= rank(prev)
}

/// L-turn's x coordinate: preorder number of every switch in the BFS spanning tree (parent:
/// the lowest-id neighbour one level up; children visited in increasing id).
fn preorder(topo: &Topology, ud: &UpDown) -> Vec<usize> {
    fn visit(topo: &Topology, ud: &UpDown, s: usize, x: &mut Vec<usize>, next: &mut usize) {
        x[s] = *next;
        *next += 1;
        let mut kids: Vec<usize> = topo
            .neighbors(s)
            .map(|(_, b, _)| b)
            .filter(|&b| {
                ud.level[b] == ud.level[s] + 1
                    && topo
                        .neighbors(b)
                        .map(|(_, c, _)| c)
                        .filter(|&c| ud.level[c] == ud.level[s])
                        .min()
                        == Some(s)
            })
            .collect();
        kids.sort_unstable();
        kids.dedup();
        for k in kids {
            visit(topo, ud, k, x, next);
        }
    }
    let mut x = vec![usize::MAX; topo.switches];
    visit(topo, ud, 0, &mut x, &mut 0);
    x
}

/// Direction of the hop from `a` to `b`.
fn dir(ud: &UpDown, x: &[usize], a: usize, b: usize) -> Dir {
    (ud.is_up_hop(a, b), x[b] < x[a])
}

/// The shortest legal DL path length from switch `s` to `d`, starting in the top layer,
/// by breadth-first search over (switch, layer, last direction in the layer or none).
#[allow(clippy::too_many_arguments)]
fn shortest(
    topo: &Topology,
    ud: &UpDown,
    x: &[usize],
    lt: &LTurn,
    r: Restriction,
    layers: usize,
    s: usize,
    d: usize,
) -> u32 {
    let mut seen = std::collections::HashSet::new();
    let mut q = VecDeque::from([(s, layers - 1, None::<Hop>, 0u32)]);
    while let Some((sw, v, last, len)) = q.pop_front() {
        if sw == d {
            return len;
        }
        if !seen.insert((sw, v, last.map(|h| h.input))) {
            continue;
        }
        for (p, b, bq) in topo.neighbors(sw) {
            let h = Hop {
                dir: dir(ud, x, sw, b),
                at: b,
                input: bq,
            };
            if last.is_none_or(|l| turn_ok(r, lt, v, l, p, h.dir)) {
                q.push_back((b, v, Some(h), len + 1));
            } else {
                for u in 0..v {
                    q.push_back((b, u, Some(h), len + 1));
                }
            }
        }
    }
    u32::MAX
}

fn check_set(topo: &Topology, r: Restriction, layers: usize, select: &str) {
    let routes = dl::routes(topo, layers, r, select, 7, 0).unwrap();
    let ud = UpDown::new(topo);
    let x = preorder(topo, &ud);
    let lt = LTurn::new(topo, 0);
    let h = topo.num_hosts();
    let dc = deadlock::check(topo, &routes);
    assert!(dc.acyclic, "{r:?}/{select}: {dc}");
    for s in (0..h).step_by(3) {
        for d in (0..h).step_by(5).filter(|&d| d != s) {
            let rt = routes.get(s, d).to_route();
            let (ss, ds) = (topo.host(s).sw, topo.host(d).sw);
            let hops = rt.switches.len() - 1;
            assert_eq!(
                hops as u32,
                shortest(topo, &ud, &x, &lt, r, layers, ss, ds),
                "{r:?}/{select}: {s}->{d} {:?} is not a shortest legal DL path",
                rt.switches
            );
            let mut last: Option<(usize, Hop)> = None;
            for i in 0..hops {
                let (a, b, p) = (
                    rt.switches[i] as usize,
                    rt.switches[i + 1] as usize,
                    rt.ports[i] as usize,
                );
                let Peer::Switch { port: bq, .. } = topo.peer(a, p) else {
                    panic!("hop {i} of {s}->{d} leaves through a port without a switch");
                };
                let hop = Hop {
                    dir: dir(&ud, &x, a, b),
                    at: b,
                    input: bq,
                };
                // one layer: the route names no VC
                let v = rt.vcs.get(i).map_or(0, |&v| v as usize);
                assert!(v < layers);
                if let Some((pv, prev)) = last {
                    assert!(v <= pv, "{s}->{d}: the layer rose from {pv} to {v}");
                    let stay_ok = turn_ok(r, &lt, pv, prev, p, hop.dir);
                    if v == pv {
                        assert!(
                            stay_ok,
                            "{r:?}/{select}: {s}->{d}: layer {v} restriction broken at hop {i}: {:?} {:?} up {:?}",
                            rt.switches,
                            rt.vcs,
                            rt.switches.windows(2).map(|w| dir(&ud, &x, w[0] as usize, w[1] as usize)).collect::<Vec<_>>()
                        );
                    } else {
                        assert!(
                            !stay_ok,
                            "{s}->{d}: left layer {pv} without need at hop {i}"
                        );
                    }
                }
                last = Some((v, hop));
            }
        }
    }
}

#[test]
fn every_route_is_a_shortest_legal_dl_path_and_every_set_deadlock_free() {
    let tops = [
        irregular::generate(16, 4, 8, 3).unwrap(),
        irregular::generate(64, 4, 8, 5).unwrap(),
        mesh::torus([4, 4], 1).unwrap(),
    ];
    for topo in &tops {
        for r in [
            Restriction::Ud,
            Restriction::UdDu,
            Restriction::UdDud,
            Restriction::LTurn,
        ] {
            for select in dl::SELECTIONS {
                check_set(topo, r, 3, select);
            }
        }
        check_set(topo, Restriction::Ud, 2, "random");
        check_set(topo, Restriction::LTurn, 1, "random");
    }
}

/// Switch-to-switch hops averaged over ordered host pairs.
fn avg_hops(topo: &Topology, r: &flitwave::routing::RouteSet) -> f64 {
    let h = topo.num_hosts();
    let mut t = 0usize;
    for s in 0..h {
        for d in (0..h).filter(|&d| d != s) {
            t += r.get(s, d).to_route().switches.len() - 1;
        }
    }
    t as f64 / (h * (h - 1)) as f64
}

#[test]
fn l_turn_table_keeps_the_base_rule_is_acyclic_and_maximal() {
    let tops = [
        irregular::generate(16, 4, 8, 3).unwrap(),
        irregular::generate(64, 4, 8, 5).unwrap(),
        mesh::torus([4, 4], 1).unwrap(),
    ];
    let mut released = 0;
    for topo in &tops {
        let (ud, lt) = (UpDown::new(topo), LTurn::new(topo, 0));
        let x = preorder(topo, &ud);
        let np = topo.ports_per_switch;
        // channel dependency graph of the legal turns; every other turn would close a cycle
        let mut succ = vec![Vec::new(); topo.switches * np];
        let mut refused = Vec::new();
        for s in 0..topo.switches {
            for (i, a, ai) in topo.neighbors(s) {
                for (o, b, _) in topo.neighbors(s).filter(|t| t.0 != i) {
                    let (c_in, c_out) = (a * np + ai, s * np + o);
                    if lt.allows(s, i, o) {
                        succ[c_in].push(c_out);
                    } else {
                        assert!(
                            !l_turn_base(dir(&ud, &x, a, s), dir(&ud, &x, s, b)),
                            "switch {s}: the base rule allows {i} -> {o}"
                        );
                        refused.push((c_in, c_out));
                    }
                }
            }
        }
        let reaches = |from: usize, to: usize| {
            let mut seen = vec![false; succ.len()];
            let mut st = vec![from];
            while let Some(c) = st.pop() {
                if c == to {
                    return true;
                }
                for &d in &succ[c] {
                    if !std::mem::replace(&mut seen[d], true) {
                        st.push(d);
                    }
                }
            }
            false
        };
        for (c, next) in succ.iter().enumerate() {
            for &d in next {
                assert!(
                    !reaches(d, c),
                    "the legal turns close a cycle through {c} -> {d}"
                );
            }
        }
        for &(c_in, c_out) in &refused {
            assert!(reaches(c_out, c_in), "{c_in} -> {c_out} could be released");
        }
        assert_eq!(refused.len(), lt.prohibited - lt.released);
        released += lt.released;
    }
    assert!(released > 0, "the cycle analysis released no turn");
    // one layer of L-turn is not up*/down*: its paths differ (docs/dl.md compares their hops)
    let topo = &tops[1];
    let hops = |r: Restriction| avg_hops(topo, &dl::routes(topo, 1, r, "low-port", 1, 0).unwrap());
    let (l, u) = (hops(Restriction::LTurn), hops(Restriction::Ud));
    assert!(
        (l - u).abs() > 0.01,
        "one layer: L-turn {l} hops, up*/down* {u}"
    );
}

#[test]
fn the_up_down_baseline_keeps_one_vc_per_path() {
    let topo = irregular::generate(32, 4, 8, 2).unwrap();
    let ud = UpDown::new(&topo);
    for sel in dl::SELECTIONS {
        let r = dl::updown_layers(&topo, 3, sel, 4, 0).unwrap();
        assert!(deadlock::check(&topo, &r).acyclic, "{sel}");
        let h = topo.num_hosts();
        for (s, d) in (0..h)
            .flat_map(|s| (0..h).map(move |d| (s, d)))
            .filter(|p| p.0 != p.1)
        {
            let rt = r.get(s, d).to_route();
            assert!(
                rt.vcs.windows(2).all(|w| w[0] == w[1]),
                "{sel}: {s}->{d} changed VC"
            );
            assert!(
                ud.is_legal(&rt.switches),
                "{sel}: {s}->{d} is not up*/down*"
            );
        }
    }
    // the plan: --routing updown --layers 3 is the baseline, without --layers plain up*/down*
    let (ok, out, err) = flitwave(&[
        "routes",
        "--switches",
        "32",
        "--routing",
        "updown",
        "--layers",
        "3",
        "--select",
        "random",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["layer_changes_per_route"], 0.0);
    assert_eq!(v["deadlock_free"], true);
    assert_eq!(v["layer_share"].as_array().map(|a| a.len()), Some(3));
}

#[test]
fn dl_is_shorter_than_up_down_and_one_layer_is_up_down() {
    let topo = irregular::generate(64, 4, 8, 5).unwrap();
    let ud =
        flitwave::routing::updown::routes(&topo, flitwave::routing::updown::Select::Shortest, 1, 0)
            .unwrap();
    let d3 = dl::routes(&topo, 3, Restriction::Ud, "low-port", 1, 0).unwrap();
    let d1 = dl::routes(&topo, 1, Restriction::Ud, "low-port", 1, 0).unwrap();
    let hops = |r: &flitwave::routing::RouteSet| avg_hops(&topo, r);
    let (u, a, b) = (hops(&ud), hops(&d3), hops(&d1));
    assert!(a < u - 0.3, "DL with 3 layers {a} vs up*/down* {u}");
    assert!((b - u).abs() < 1e-9, "one layer is up*/down*: {b} vs {u}");
}

/// Three switches in a ring, port 1 of each to port 2 of the next, one host each on port 0.
const RING: &str = r#"{"kind": "irregular", "switches": 3, "ports_per_switch": 3,
  "links": [[0, 1, 1, 2], [1, 1, 2, 2], [2, 1, 0, 2]],
  "hosts": [[0, 0, 0], [1, 1, 0], [2, 2, 0]]}"#;

#[test]
fn the_checker_catches_an_illegal_layer_ascent() {
    // a ring of three switches (0 -> 1 -> 2 -> 0 over the +x ports), one host each
    let topo = flitwave::topology::json::from_json(RING).unwrap();
    let route = |s: u32, vcs: [u8; 3]| Route {
        switches: vec![s, (s + 1) % 3, (s + 2) % 3],
        ports: vec![1, 1, 0],
        vcs: vcs.to_vec(),
        itbs: vec![],
    };
    let set = |ascent: bool| {
        let mut b = RouteSetBuilder::new(3, "hosts").unwrap();
        b.add(1, 0, &route(1, [1, 0, 0])).unwrap(); // 1 -> 2 in layer 1, descends at 2
        b.add(2, 1, &route(2, [0, 0, 0])).unwrap();
        let third = if ascent { [0, 1, 1] } else { [0, 0, 0] };
        b.add(0, 2, &route(0, third)).unwrap(); // 0 -> 1 in layer 0, then up to layer 1
        b.finish()
    };
    assert!(deadlock::check(&topo, &set(false)).acyclic);
    let c = deadlock::check(&topo, &set(true));
    assert!(!c.acyclic, "the ascent closes a cycle: {c}");
    assert!(
        c.to_string().contains(".vc1") && c.to_string().contains(".vc0"),
        "{c}"
    );
}
