//! Routing testbench: up*/down* legality and reachability over many random topologies, the
//! shortest/balanced policies, dimension-order routes, route statistics, and the channel
//! dependency graph deadlock checker (seed 000 §2).

use flitwave::routing::deadlock::{self, Cdg};
use flitwave::routing::stats::RouteStats;
use flitwave::routing::updown::{self, Select, UpDown};
use flitwave::routing::{dor, Route, RouteSet};
use flitwave::topology::{irregular, mesh, HostSpec, LinkSpec, Peer, Shape, Topology};
use flitwave::traffic::pattern::{DestTable, Pattern};
use rand::SeedableRng;

/// The route is a walk through real ports from the source's switch to the destination's port.
fn assert_walk(t: &Topology, s: usize, d: usize, r: &Route) {
    assert_eq!(r.switches.len(), r.ports.len());
    assert_eq!(
        r.switches[0] as usize,
        t.host(s).sw,
        "starts at the source's switch"
    );
    for i in 0..r.switches.len() {
        let (sw, p) = (r.switches[i] as usize, r.ports[i] as usize);
        match t.peer(sw, p) {
            Peer::Switch { sw: nxt, .. } => assert_eq!(nxt, r.switches[i + 1] as usize),
            Peer::Host(h) => {
                assert_eq!(i + 1, r.switches.len());
                assert_eq!(h, d, "ends at the destination host");
            }
            Peer::None => panic!("route uses unconnected port {p} of switch {sw}"),
        }
    }
}

#[test]
fn updown_routes_are_legal_reach_their_destination_and_are_deadlock_free() {
    let mut count = 0;
    for &n in &[8usize, 16, 32, 64] {
        let seeds = if n == 64 { 4 } else { 15 };
        for seed in 0..seeds {
            let t = irregular::generate(n, 4, 8, seed).unwrap();
            let ud = UpDown::new(&t);
            let dist = t.switch_distances();
            for sel in [Select::Balanced, Select::Shortest] {
                let rs = updown::routes(&t, sel, seed).unwrap();
                let h = t.num_hosts();
                for s in 0..h {
                    for d in 0..h {
                        let r = rs.get(s, d);
                        if s == d {
                            assert!(r.switches.is_empty());
                            continue;
                        }
                        assert_walk(&t, s, d, r);
                        assert!(
                            ud.is_legal(&r.switches),
                            "{n} sw seed {seed} {sel:?}: illegal {:?}",
                            r.switches
                        );
                        assert!(r.hops() as u32 >= dist[t.host(s).sw][t.host(d).sw]);
                    }
                }
                let dl = deadlock::check(&t, &rs);
                assert!(dl.acyclic, "{n} sw seed {seed} {sel:?}: {dl}");
                count += 1;
            }
        }
    }
    assert_eq!(count, 98);
}

#[test]
fn shortest_is_the_shortest_legal_path_with_lowest_ids_on_ties() {
    for seed in 0..10 {
        let t = irregular::generate(16, 4, 8, seed).unwrap();
        let ud = UpDown::new(&t);
        let rs = updown::routes(&t, Select::Shortest, 0).unwrap();
        // brute force: BFS over legal paths from every switch
        for s in 0..16 {
            let mut best = [u32::MAX; 16];
            let mut frontier = vec![vec![s as u32]];
            best[s] = 0;
            while let Some(p) = frontier.pop() {
                let last = *p.last().unwrap() as usize;
                best[last] = best[last].min(p.len() as u32 - 1);
                if p.len() > 8 {
                    continue;
                }
                for (_, b, _) in t.neighbors(last) {
                    let mut q = p.clone();
                    q.push(b as u32);
                    if !q[..q.len() - 1].contains(&(b as u32)) && ud.is_legal(&q) {
                        frontier.push(q);
                    }
                }
            }
            #[allow(clippy::needless_range_loop)]
            for d in 0..16 {
                if d != s {
                    let r = rs.get(s * 4, d * 4);
                    assert_eq!(r.hops() as u32, best[d], "seed {seed} {s}->{d}");
                    // lowest next switch among those that start a shortest legal path
                    if r.hops() > 0 {
                        let mut firsts = Vec::new();
                        let mut stack = vec![vec![s as u32]];
                        while let Some(p) = stack.pop() {
                            let last = *p.last().unwrap() as usize;
                            if last == d && p.len() as u32 - 1 == best[d] {
                                firsts.push(p[1]);
                                continue;
                            }
                            if p.len() as u32 > best[d] {
                                continue;
                            }
                            for (_, b, _) in t.neighbors(last) {
                                let mut q = p.clone();
                                q.push(b as u32);
                                if !p.contains(&(b as u32)) && ud.is_legal(&q) {
                                    stack.push(q);
                                }
                            }
                        }
                        assert_eq!(
                            Some(&r.switches[1]),
                            firsts.iter().min(),
                            "seed {seed} {s}->{d}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn balanced_spreads_load_better_than_shortest() {
    let (mut bal, mut sho) = (0u64, 0u64);
    for seed in 0..8 {
        let t = irregular::generate(32, 4, 8, seed).unwrap();
        let b = RouteStats::compute(&t, &updown::routes(&t, Select::Balanced, seed).unwrap());
        let s = RouteStats::compute(&t, &updown::routes(&t, Select::Shortest, seed).unwrap());
        bal += b.max_channel_load_uniform;
        sho += s.max_channel_load_uniform;
        // it may lengthen routes, but only by the one extra hop it allows
        assert!(b.avg_hops_uniform <= s.avg_hops_uniform + 1.0);
    }
    assert!(bal < sho, "balanced {bal} vs shortest {sho}");
}

#[test]
fn stats_on_a_hand_made_line_match_hand_computation() {
    // three switches in a line 0 - 1 - 2, one host each on port 0
    let links = vec![
        LinkSpec {
            a: 0,
            pa: 1,
            b: 1,
            pb: 1,
        },
        LinkSpec {
            a: 1,
            pa: 2,
            b: 2,
            pb: 1,
        },
    ];
    let hosts = (0..3)
        .map(|h| HostSpec {
            host: h,
            sw: h,
            port: 0,
        })
        .collect();
    let t = Topology::new(3, 4, links, hosts, Shape::Irregular).unwrap();
    let rs = updown::routes(&t, Select::Shortest, 0).unwrap();
    let st = RouteStats::compute(&t, &rs);
    // pairs: 0-1:1 0-2:2 1-0:1 1-2:1 2-0:2 2-1:1 → 8/6
    assert!((st.avg_hops_uniform - 8.0 / 6.0).abs() < 1e-12);
    assert_eq!(st.minimal_avg_hops_uniform, st.avg_hops_uniform);
    // link 0->1 carries 0->1 and 0->2
    assert_eq!(st.max_channel_load_uniform, 2);
    assert!(st.deadlock_free);
    assert_eq!(
        st.avg_hops_bit_reversal, None,
        "3 hosts: not a power of two"
    );
    let j = st.to_json();
    assert!(j["avg_hops"]["uniform"].is_number());
    assert!(j["avg_hops"]["bit_reversal"].is_null());
    assert_eq!(j["max_channel_load"]["uniform"], 2);
    assert_eq!(j["deadlock_free"], true);
}

#[test]
fn a_ring_forces_non_minimal_updown_routes() {
    // 5-switch ring 0-1-2-3-4-0: levels 0,1,2,2,1; the minimal path 2 -> 3 -> 4 turns from
    // down to up, so up*/down* must take 2 -> 1 -> 0 -> 4
    let links = (0..5)
        .map(|s| LinkSpec {
            a: s,
            pa: 1,
            b: (s + 1) % 5,
            pb: 2,
        })
        .collect();
    let hosts = (0..5)
        .map(|h| HostSpec {
            host: h,
            sw: h,
            port: 0,
        })
        .collect();
    let t = Topology::new(5, 4, links, hosts, Shape::Irregular).unwrap();
    let st = RouteStats::compute(&t, &updown::routes(&t, Select::Shortest, 0).unwrap());
    assert!(st.deadlock_free);
    assert!(st.routes_non_minimal > 0);
    // minimal routes around the ring in one direction are cyclic
    assert_eq!(
        updown::routes(&t, Select::Shortest, 0)
            .unwrap()
            .get(2, 4)
            .switches,
        vec![2, 1, 0, 4]
    );
    let mut cyc = RouteSet {
        hosts: 5,
        routes: vec![Route::default(); 25],
    };
    for s in 0..5usize {
        let d = (s + 2) % 5;
        cyc.routes[s * 5 + d] = Route {
            switches: vec![s as u32, ((s + 1) % 5) as u32, d as u32],
            ports: vec![1, 1, 0],
            itbs: vec![],
        };
    }
    let dl = deadlock::check(&t, &cyc);
    assert!(!dl.acyclic);
    assert_eq!(dl.cycle.len(), 5, "{dl}");
    assert!(dl.to_string().starts_with("cycle: sw"), "{dl}");
    // a path broken at an in-transit host adds no dependency across the break
    let mut g = Cdg::new(&t);
    g.add_path([(0, 1), (1, 1)]);
    g.add_path([(2, 1), (3, 1)]);
    assert!(g.check().acyclic);
}

#[test]
fn dimension_order_routes() {
    let m = mesh::mesh([4, 4], 2).unwrap();
    let rs = dor::routes(&m).unwrap();
    for s in 0..32 {
        for d in 0..32 {
            if s != d {
                let r = rs.get(s, d);
                assert_walk(&m, s, d, r);
                let dist = m.bfs(m.host(s).sw)[m.host(d).sw];
                assert_eq!(
                    r.hops() as u32,
                    dist,
                    "dimension order is minimal on a mesh"
                );
            }
        }
    }
    assert!(deadlock::check(&m, &rs).acyclic);
    let t = mesh::torus([4, 4], 1).unwrap();
    let rs = dor::routes(&t).unwrap();
    let st = RouteStats::compute(&t, &rs);
    assert_eq!(st.avg_hops_uniform, st.minimal_avg_hops_uniform);
    assert!(
        !st.deadlock_free,
        "rings without virtual channels are cyclic"
    );
    let irr = irregular::generate(8, 4, 8, 1).unwrap();
    assert!(dor::routes(&irr)
        .unwrap_err()
        .message()
        .contains("mesh or torus"));
}

#[test]
fn destination_patterns() {
    let t = irregular::generate(16, 4, 8, 2).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let u = DestTable::new(&Pattern::Uniform, &t).unwrap();
    let mut seen = vec![0u32; 64];
    for _ in 0..64_000 {
        let d = u.pick(5, &mut rng).unwrap();
        assert_ne!(d, 5);
        seen[d] += 1;
    }
    assert!(seen
        .iter()
        .enumerate()
        .all(|(i, &c)| i == 5 || (800..1200).contains(&c)));
    let dist = t.switch_distances();
    let l = DestTable::new(&Pattern::parse("local:2").unwrap(), &t).unwrap();
    for s in 0..64 {
        for _ in 0..50 {
            let d = l.pick(s, &mut rng).unwrap();
            assert_ne!(d, s);
            assert!(dist[t.host(s).sw][t.host(d).sw] <= 2);
        }
    }
    let hs = DestTable::new(&Pattern::parse("hot-spot:20@9").unwrap(), &t).unwrap();
    let hot = (0..100_000)
        .filter(|i| hs.pick(i % 64, &mut rng) == Some(9))
        .count();
    // 20 % of messages from the 63 other hosts, plus the uniform share
    let expect = 100_000.0 * (63.0 / 64.0) * (0.2 + 0.8 / 63.0);
    assert!(
        (hot as f64 - expect).abs() < 0.05 * expect,
        "{hot} vs {expect}"
    );
    let br = DestTable::new(&Pattern::BitReversal, &t).unwrap();
    assert_eq!(br.pick(1, &mut rng), Some(32));
    assert_eq!(br.pick(0, &mut rng), None, "0 maps to itself");
    assert_eq!(br.pick(6, &mut rng), Some(24));
    for p in ["uniform", "bit-reversal", "local3", "hot-spot:5@17"] {
        assert_eq!(Pattern::parse(p).unwrap().to_string(), p);
    }
    for bad in [
        "zigzag",
        "local",
        "local0",
        "hot-spot:0",
        "hot-spot:150",
        "hot-spot:5@x",
    ] {
        assert!(Pattern::parse(bad).is_err(), "{bad}");
    }
    let odd = irregular::generate(3, 4, 8, 1).unwrap();
    assert!(DestTable::new(&Pattern::BitReversal, &odd)
        .unwrap_err()
        .message()
        .contains("power-of-two"));
    assert!(
        DestTable::new(&Pattern::parse("hot-spot:5@99").unwrap(), &odd)
            .unwrap_err()
            .message()
            .contains("99")
    );
}
