//! k-ary n-tree testbench (seed 001 §2, §4, Figure 3): the fat-tree topology's counts and port
//! maps against the paper's link rule, its JSON round trip, bad shapes, and the route
//! statistics walked through the IR/FIR units against independently built paths.

use flitwave::routing::ir_fir::Scheme;
use flitwave::routing::tree_stats::{self, StageLinks};
use flitwave::topology::fattree::{self, fattree, MAX_HOSTS};
use flitwave::topology::kary_ntree::{KAryNTree, TreePeer};
use flitwave::topology::{irregular, json, LinkSpec, Peer, Shape, Topology};
use flitwave::traffic::pattern::{permutation_dest, Pattern};

/// Component `i` (base k) of `x`, computed by division (not by the library's bit tricks).
fn comp(x: usize, i: u32, k: usize) -> usize {
    x / k.pow(i) % k
}

#[test]
fn counts_follow_section_2() {
    for (k, n) in [
        (2u32, 1u32),
        (2, 3),
        (2, 4),
        (4, 2),
        (4, 4),
        (8, 3),
        (16, 2),
        (32, 2),
    ] {
        let t = fattree(k, n).unwrap();
        let (ku, nu) = (k as usize, n as usize);
        let hosts = ku.pow(n);
        assert_eq!(t.num_hosts(), hosts, "{k}-ary {n}-tree: k^n hosts");
        assert_eq!(t.switches, nu * ku.pow(n - 1), "n·k^(n-1) switches");
        assert_eq!(t.ports_per_switch, 2 * ku, "2k ports");
        assert_eq!(
            t.links.len(),
            (nu - 1) * hosts,
            "k up links per switch below the top"
        );
        assert_eq!(t.shape, Shape::FatTree { k, n });
        let open: usize = (0..t.switches)
            .map(|s| (0..2 * ku).filter(|&p| t.peer(s, p) == Peer::None).count())
            .sum();
        assert_eq!(
            open,
            ku.pow(n - 1) * ku,
            "only the top stage's up ports are unused"
        );
    }
}

/// Every port of every switch against §2 directly: switch `⟨s, o⟩` has id `s·k^(n−1) + o`;
/// down port `j` of a stage-0 switch holds node `o·k + j`; up port `k + m` of `⟨s, o⟩` leads to
/// `⟨s+1, o'⟩` with `o'_i = o_i` for `i ≠ s`, `o'_s = m`, on its down port `o_s`.
#[test]
fn every_port_follows_the_link_rule() {
    for (k, n) in [(2u32, 3u32), (2, 5), (4, 3), (8, 2), (32, 2)] {
        let t = fattree(k, n).unwrap();
        let tree = KAryNTree::wiring(k, n).unwrap();
        let ku = k as usize;
        let per = ku.pow(n - 1);
        for sw in 0..t.switches {
            let (s, o) = (sw / per, sw % per);
            for p in 0..2 * ku {
                let want = if p < ku && s == 0 {
                    Peer::Host(o * ku + p)
                } else if p < ku {
                    // down: the lower switch has o_{s-1} = p, and we arrive on its up port
                    // k + our o_{s-1}
                    let lo = o - comp(o, s as u32 - 1, ku) * ku.pow(s as u32 - 1)
                        + p * ku.pow(s as u32 - 1);
                    Peer::Switch {
                        sw: (s - 1) * per + lo,
                        port: ku + comp(o, s as u32 - 1, ku),
                    }
                } else if s + 1 == n as usize {
                    Peer::None
                } else {
                    let m = p - ku;
                    let up = o - comp(o, s as u32, ku) * ku.pow(s as u32) + m * ku.pow(s as u32);
                    Peer::Switch {
                        sw: (s + 1) * per + up,
                        port: comp(o, s as u32, ku),
                    }
                };
                assert_eq!(t.peer(sw, p), want, "{k}-ary {n}-tree switch {sw} port {p}");
                // and the same as KAryNTree::peer, which the routing units are walked over
                let tp = tree.peer(tree.switch_of(sw as u64), p as u32);
                let as_topo = match tp {
                    TreePeer::Node(x) => Peer::Host(x as usize),
                    TreePeer::Switch(o2, q) => Peer::Switch {
                        sw: tree.switch_id(o2) as usize,
                        port: q as usize,
                    },
                    TreePeer::Open => Peer::None,
                };
                assert_eq!(t.peer(sw, p), as_topo);
            }
        }
        // host id = node address: node p on stage-0 switch ⟨0, p div k⟩, port p_0
        for h in 0..t.num_hosts() {
            let hs = t.host(h);
            assert_eq!((hs.sw, hs.port), (h / ku, h % ku));
        }
    }
}

/// The 2-ary 3-tree of Figure 3, written out by hand.
#[test]
fn the_2_ary_3_tree_port_map() {
    let t = fattree(2, 3).unwrap();
    let s = |sw, port| Peer::Switch { sw, port };
    let h = Peer::Host;
    let n = Peer::None;
    let want = [
        [h(0), h(1), s(4, 0), s(5, 0)],
        [h(2), h(3), s(4, 1), s(5, 1)],
        [h(4), h(5), s(6, 0), s(7, 0)],
        [h(6), h(7), s(6, 1), s(7, 1)],
        [s(0, 2), s(1, 2), s(8, 0), s(10, 0)],
        [s(0, 3), s(1, 3), s(9, 0), s(11, 0)],
        [s(2, 2), s(3, 2), s(8, 1), s(10, 1)],
        [s(2, 3), s(3, 3), s(9, 1), s(11, 1)],
        [s(4, 2), s(6, 2), n, n],
        [s(5, 2), s(7, 2), n, n],
        [s(4, 3), s(6, 3), n, n],
        [s(5, 3), s(7, 3), n, n],
    ];
    for (sw, ports) in want.iter().enumerate() {
        for (p, &peer) in ports.iter().enumerate() {
            assert_eq!(t.peer(sw, p), peer, "switch {sw} port {p}");
        }
    }
}

#[test]
fn bad_shapes_are_clear_errors() {
    for (k, n, needles) in [
        (3u32, 2u32, &["k", "3", "power of two", "2..=32"][..]),
        (1, 2, &["k", "1", "power of two"]),
        (0, 2, &["k", "0"]),
        (64, 1, &["k", "64", "2..=32"]),
        (2, 0, &["n", "0", "1..="]),
        (2, 17, &["n", "17", "131072 hosts", "65536", "n <= 16"]),
        (4, 9, &["n", "9", "65536", "n <= 8"]),
        (32, 4, &["n", "4", "65536", "n <= 3"]),
        (16, 9, &["n", "9"]),
    ] {
        let e = fattree(k, n).unwrap_err().to_string();
        for s in needles {
            assert!(e.contains(s), "k={k} n={n}: {e:?} should mention {s:?}");
        }
    }
    // the largest allowed trees still check out without building them all
    assert_eq!(fattree::tree(2, 16).unwrap().nodes(), MAX_HOSTS);
    assert_eq!(fattree::tree(4, 8).unwrap().nodes(), MAX_HOSTS);
    // a 32-ary tree is wired but cannot be routed by the 32-port IR/FIR unit
    let t = fattree(32, 2).unwrap();
    let e = tree_stats::compute(&t, Scheme::DeterministicFir)
        .unwrap_err()
        .to_string();
    assert!(e.contains("32") && e.contains("IR/FIR"), "{e}");
}

#[test]
fn json_round_trip_recognises_the_tree() {
    for (k, n) in [(2, 1), (2, 3), (4, 2), (8, 2)] {
        let t = fattree(k, n).unwrap();
        let text = json::to_json(&t);
        let back = json::from_json(&text).unwrap();
        assert_eq!(back, t, "{k}-ary {n}-tree: shape and wiring come back");
        assert_eq!(json::to_json(&back), text);
    }
    // links in another order and orientation: still the tree
    let t = fattree(2, 3).unwrap();
    let links: Vec<LinkSpec> = t
        .links
        .iter()
        .rev()
        .map(|l| LinkSpec {
            a: l.b,
            pa: l.pb,
            b: l.a,
            pb: l.pa,
        })
        .collect();
    let moved = Topology::new(
        t.switches,
        t.ports_per_switch,
        links,
        t.hosts.clone(),
        Shape::Irregular,
    )
    .unwrap();
    let back = json::from_json(&json::to_json(&moved)).unwrap();
    assert_eq!(back.shape, Shape::FatTree { k: 2, n: 3 });
    // switch 0's two up links swapped: a valid network, but not the tree any more
    let mut rewired = t.links.clone();
    assert_eq!((rewired[0].a, rewired[0].b, rewired[1].b), (0, 4, 5));
    rewired[0].b = 5;
    rewired[1].b = 4;
    let o = Topology::new(12, 4, rewired, t.hosts.clone(), Shape::Irregular).unwrap();
    let back = json::from_json(&json::to_json(&o)).unwrap();
    assert_eq!(back.shape, Shape::Irregular);
    // swapped hosts: not the tree
    let mut hosts = t.hosts.clone();
    let (p0, p1) = (hosts[0].port, hosts[1].port);
    hosts[0].port = p1;
    hosts[1].port = p0;
    let swapped = Topology::new(12, 4, t.links.clone(), hosts, Shape::Irregular).unwrap();
    let back = json::from_json(&json::to_json(&swapped)).unwrap();
    assert_eq!(back.shape, Shape::Irregular);
    // other topologies stay irregular
    let irr = irregular::generate(8, 4, 8, 1).unwrap();
    assert_eq!(
        json::from_json(&json::to_json(&irr)).unwrap().shape,
        Shape::Irregular
    );
}

/// Channel loads from paths built by the rule of §3/§4 (up through port `k + p'_s` up to the
/// nearest common ancestors, then down through `p'_s`), not through the registers.
fn rule_loads(t: &KAryNTree, pairs: &[(u32, u32)]) -> Vec<u64> {
    let mut load = vec![0u64; t.switches() as usize * t.ports()];
    for &(src, dst) in pairs {
        let nca = t.nca_stage(src, dst);
        let (mut sw, _) = t.node_attach(src);
        let mut hops = Vec::new();
        for s in 0..nca {
            hops.push((sw, t.k() + t.component(dst, s)));
            match t.peer(sw, t.k() + t.component(dst, s)) {
                TreePeer::Switch(up, _) => sw = up,
                other => panic!("{other:?}"),
            }
        }
        for s in (1..=nca).rev() {
            hops.push((sw, t.component(dst, s)));
            match t.peer(sw, t.component(dst, s)) {
                TreePeer::Switch(down, _) => sw = down,
                other => panic!("{other:?}"),
            }
        }
        for (sw, p) in hops {
            load[t.switch_id(sw) as usize * t.ports() + p as usize] += 1;
        }
    }
    load
}

#[test]
fn link_loads_per_stage_are_balanced_and_match_the_rule() {
    for (k, n) in [
        (2u32, 2u32),
        (2, 3),
        (2, 5),
        (4, 2),
        (4, 3),
        (8, 2),
        (16, 2),
        (2, 1),
    ] {
        let topo = fattree(k, n).unwrap();
        let t = KAryNTree::new(k, n).unwrap();
        let nodes = t.nodes() as u32;
        let all: Vec<(u32, u32)> = (0..nodes)
            .flat_map(|s| (0..nodes).filter(move |&d| d != s).map(move |d| (s, d)))
            .collect();
        let want = rule_loads(&t, &all);
        for scheme in [Scheme::DeterministicFir, Scheme::AdaptiveIr] {
            let st = tree_stats::compute(&topo, scheme).unwrap();
            let what = format!("{k}-ary {n}-tree {scheme:?}");
            // every link of a stage carries N − k^(s+1) paths, both ways (Figure 3: 6 and 4)
            let expect: Vec<StageLinks> = (0..n - 1)
                .map(|s| {
                    let c = t.nodes() - (k as u64).pow(s + 1);
                    StageLinks {
                        stage: s,
                        up_min: c,
                        up_max: c,
                        down_min: c,
                        down_max: c,
                    }
                })
                .collect();
            assert_eq!(st.link_paths_per_stage, expect, "{what}");
            assert_eq!(
                st.max_channel_load_uniform,
                want.iter().copied().max().unwrap(),
                "{what}"
            );
            assert_eq!(st.avg_hops_uniform, st.minimal_avg_hops_uniform, "{what}");
            // pairs whose nearest common ancestors sit at stage s: N·(k^(s+1) − k^s), 2s hops
            let nn = t.nodes() as f64;
            let hops: f64 = (0..n)
                .map(|s| nn * (k as f64).powi(s as i32) * (k as f64 - 1.0) * 2.0 * s as f64)
                .sum();
            let avg = hops / (nn * (nn - 1.0));
            assert!((st.avg_hops_uniform - avg).abs() < 1e-9, "{what}: {st}");
            assert_eq!(st.routes_non_minimal, 0);
            assert!(st.deadlock_free, "{what}: {}", st.deadlock_check);
            let choices = match scheme {
                Scheme::DeterministicFir => 1,
                Scheme::AdaptiveIr if n > 1 => k,
                Scheme::AdaptiveIr => 1,
            };
            assert_eq!(st.max_allowed_ports, choices, "{what}");
            for (p, ps) in [
                Pattern::bit_reversal(),
                Pattern::perfect_shuffle(),
                Pattern::complement(),
            ]
            .iter()
            .zip(&st.permutations)
            {
                let pairs: Vec<(u32, u32)> = (0..nodes)
                    .filter_map(|s| {
                        permutation_dest(p, s as usize, nodes as usize).map(|d| (s, d as u32))
                    })
                    .collect();
                let l = rule_loads(&t, &pairs);
                assert_eq!(ps.pattern, p.to_string());
                assert_eq!(ps.pairs, pairs.len() as u64, "{what} {p}");
                assert_eq!(
                    ps.max_channel_load,
                    l.iter().copied().max().unwrap_or(0),
                    "{what} {p}"
                );
            }
        }
    }
    // the paper's worst case (§5.2.1): bit-reversal in a 4-ary 3-tree piles the nodes of
    // switch 0 onto one up link; complement spreads perfectly
    let st = tree_stats::compute(&fattree(4, 3).unwrap(), Scheme::DeterministicFir).unwrap();
    assert!(st.permutations[0].max_channel_load >= 3, "{st}");
    assert_eq!(st.permutations[2].max_channel_load, 1);
}

#[test]
fn register_rows_follow_section_4_1() {
    let t = KAryNTree::new(2, 3).unwrap();
    let rows = tree_stats::register_rows(&t, Scheme::DeterministicFir);
    assert_eq!(rows.len(), 12 * 4);
    for r in &rows {
        if r.port < 2 {
            assert_eq!((r.mr, r.rrr), (0b111, 0), "{r:?}");
        } else if r.stage < 2 {
            assert_eq!(r.mr, [0b001, 0b010][r.stage as usize], "{r:?}");
            assert_eq!(r.rrr, 0b0011, "{r:?}");
        }
    }
    let table = tree_stats::register_table(&t, Scheme::DeterministicFir);
    assert!(
        table.contains("     0     0       00    2 up    0 (000)  0 (000)  001  0011  2 4 6"),
        "{table}"
    );
    assert!(
        table.contains("     4     1       00    3 up    2 (010)  2 (010)  010  0011  6 7"),
        "{table}"
    );
    // errors for trees too large to walk, and for non-trees
    let big = fattree(2, 12).unwrap();
    let e = tree_stats::compute(&big, Scheme::AdaptiveIr)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("too large") && e.contains("n <= 11 for k = 2"),
        "{e}"
    );
    let irr = irregular::generate(8, 4, 8, 1).unwrap();
    let e = tree_stats::compute(&irr, Scheme::DeterministicFir)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("fir-det") && e.contains("k-ary n-tree") && e.contains("irregular"),
        "{e}"
    );
    assert!(tree_stats::parse_scheme("fir")
        .unwrap_err()
        .to_string()
        .contains("fir-det, ir-adaptive"));
}
