//! Routing testbench: up*/down* legality and reachability over many random topologies, the
//! shortest/balanced policies, dimension-order routes, route statistics, and the channel
//! dependency graph deadlock checker (seed 000 §2).

use flitwave::routing::deadlock::{self, Cdg};
use flitwave::routing::stats::RouteStats;
use flitwave::routing::updown::{self, Select, UpDown};
use flitwave::routing::{dor, Route, RouteRef, RouteSet};
use flitwave::topology::{irregular, mesh, HostSpec, LinkSpec, Peer, Shape, Topology};
use flitwave::traffic::pattern::{hot_spot_percent_for, DestTable, Pattern};
use rand::SeedableRng;

/// The route is a walk through real ports from the source's switch to the destination's port.
fn assert_walk(t: &Topology, s: usize, d: usize, r: RouteRef<'_>) {
    let r = &r.to_route();
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
        let seeds = if n == 64 { 5 } else { 15 };
        for seed in 0..seeds {
            let t = irregular::generate(n, 4, 8, seed).unwrap();
            let ud = UpDown::new(&t);
            // every link has exactly one up end: the one nearer the root, lower id on ties
            for l in &t.links {
                assert_ne!(ud.is_up(l.a, l.pa), ud.is_up(l.b, l.pb));
                let a_up = (ud.level[l.b], l.b) < (ud.level[l.a], l.a);
                assert_eq!(ud.is_up(l.a, l.pa), a_up);
            }
            assert!(!ud.is_up(0, 0), "host ports go neither up nor down");
            let dist = t.switch_distances();
            for sel in [Select::Balanced, Select::Shortest] {
                let rs = updown::routes(&t, sel, seed, 0).unwrap();
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
                            ud.is_legal_path(&t, r.switches),
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
    assert_eq!(count, 100, "50 topologies, two selections");
}

#[test]
fn legality_and_selection_parsing() {
    // line 0 - 1 - 2: levels 0, 1, 2; 0 -> 1 -> 2 is down, down; 2 -> 1 -> 0 up, up
    let t = line3();
    let ud = UpDown::new(&t);
    assert_eq!(ud.level, vec![0, 1, 2]);
    assert!(ud.is_up(1, 1) && !ud.is_up(1, 2) && !ud.is_up(1, 0) && !ud.is_up(1, 99));
    assert!(ud.is_legal(&[2, 1, 0]) && ud.is_legal(&[0, 1, 2]) && ud.is_legal(&[2, 1, 2]));
    assert!(!ud.is_legal(&[0, 1, 0]), "down then up");
    assert!(!ud.is_legal_path(&t, &[0, 2]), "0 and 2 are not linked");
    assert!(!ud.is_legal_path(&t, &[0, 9]), "no switch 9");
    assert_eq!(Select::parse("balanced").unwrap(), Select::Balanced);
    assert_eq!(Select::parse(" Shortest").unwrap(), Select::Shortest);
    let e = Select::parse("fastest").unwrap_err().to_string();
    assert!(
        e.contains("\"fastest\"") && e.contains("balanced, shortest"),
        "{e}"
    );
    assert_eq!(Select::Balanced.to_string(), "balanced");
}

#[test]
fn balanced_is_fast_on_64_switches() {
    let t = irregular::generate(64, 4, 8, 11).unwrap();
    let t0 = std::time::Instant::now();
    let rs = updown::routes(&t, Select::Balanced, 11, 0).unwrap();
    let el = t0.elapsed();
    assert_eq!(rs.hosts(), 256);
    assert!(el.as_secs_f64() < 2.0, "balanced routes took {el:?}");
    // same seed, same routes
    assert_eq!(
        updown::routes(&t, Select::Balanced, 11, 0)
            .unwrap()
            .to_routes(),
        rs.to_routes()
    );
}

#[test]
fn shortest_is_the_shortest_legal_path_with_lowest_ids_on_ties() {
    for seed in 0..10 {
        let t = irregular::generate(16, 4, 8, seed).unwrap();
        let ud = UpDown::new(&t);
        let rs = updown::routes(&t, Select::Shortest, 0, 0).unwrap();
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
    let (mut bal, mut sho, mut wins) = (0u64, 0u64, 0);
    for seed in 0..12 {
        let n = [16, 32, 64][seed as usize % 3];
        let t = irregular::generate(n, 4, 8, seed).unwrap();
        let b = RouteStats::compute(&t, &updown::routes(&t, Select::Balanced, seed, 0).unwrap());
        let s = RouteStats::compute(&t, &updown::routes(&t, Select::Shortest, seed, 0).unwrap());
        bal += b.max_channel_load_uniform;
        sho += s.max_channel_load_uniform;
        wins += usize::from(b.max_channel_load_uniform <= s.max_channel_load_uniform);
        assert!(b.deadlock_free);
        // it may lengthen routes, but only by the one extra hop it allows
        assert!(b.avg_hops_uniform <= s.avg_hops_uniform + 1.0);
    }
    assert!(bal < sho, "balanced {bal} vs shortest {sho}");
    assert!(
        wins >= 10,
        "balanced no worse on only {wins} of 12 networks"
    );
}

/// Three switches in a line 0 - 1 - 2 (ports 1, 2 between them), one host each on port 0.
fn line3() -> Topology {
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
    Topology::new(3, 4, links, hosts, Shape::Irregular).unwrap()
}

#[test]
fn stats_with_bit_reversal_match_hand_computation() {
    // two linked switches, hosts 0, 1 on switch 0 and 2, 3 on switch 1
    let links = vec![LinkSpec {
        a: 0,
        pa: 2,
        b: 1,
        pb: 2,
    }];
    let hosts = (0..4)
        .map(|h| HostSpec {
            host: h,
            sw: h / 2,
            port: h % 2,
        })
        .collect();
    let t = Topology::new(2, 3, links, hosts, Shape::Irregular).unwrap();
    for sel in [Select::Shortest, Select::Balanced] {
        let rs = updown::routes(&t, sel, 3, 0).unwrap();
        assert_eq!(rs.get(0, 1).switches, vec![0]);
        assert_eq!(rs.get(0, 1).ports(), vec![1]);
        assert_eq!(rs.get(1, 3).ports(), vec![2, 1]);
        assert!(rs.get(2, 2).switches.is_empty());
        let st = RouteStats::compute(&t, &rs);
        // 12 ordered pairs: 8 cross the link once, 4 stay on their switch
        assert!((st.avg_hops_uniform - 8.0 / 12.0).abs() < 1e-12);
        // bit reversal over 2 bits: 1 <-> 2 (one hop each), 0 and 3 map to themselves
        assert_eq!(st.avg_hops_bit_reversal, Some(1.0));
        assert_eq!(st.minimal_avg_hops_bit_reversal, Some(1.0));
        // link 0 -> 1 carries 0,1 -> 2,3
        assert_eq!(st.max_channel_load_uniform, 4);
        assert_eq!(st.routes_non_minimal, 0);
        assert!(st.deadlock_free && st.deadlock_cycle.is_none());
        let j = st.to_json();
        assert_eq!(j["avg_hops"]["bit_reversal"], 1.0);
        assert_eq!(j["minimal_avg_hops"]["bit_reversal"], 1.0);
        assert_eq!(j["max_channel_load"]["uniform"], 4);
        assert!(st.to_string().contains("max channel load"));
    }
}

#[test]
fn stats_on_a_hand_made_line_match_hand_computation() {
    let t = line3();
    let rs = updown::routes(&t, Select::Shortest, 0, 0).unwrap();
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
    let st = RouteStats::compute(&t, &updown::routes(&t, Select::Shortest, 0, 0).unwrap());
    assert!(st.deadlock_free);
    assert!(st.routes_non_minimal > 0);
    // minimal routes around the ring in one direction are cyclic
    assert_eq!(
        updown::routes(&t, Select::Shortest, 0, 0)
            .unwrap()
            .get(2, 4)
            .switches,
        vec![2, 1, 0, 4]
    );
    let mut cyc = vec![Route::default(); 25];
    for s in 0..5usize {
        let d = (s + 2) % 5;
        cyc[s * 5 + d] = Route {
            switches: vec![s as u32, ((s + 1) % 5) as u32, d as u32],
            ports: vec![1, 1, 0],
            ..Default::default()
        };
    }
    let cyc = RouteSet::from_routes(5, &cyc).unwrap();
    let dl = deadlock::check(&t, &cyc);
    assert!(!dl.acyclic);
    assert_eq!(dl.cycle.len(), 5, "{dl}");
    assert!(dl.to_string().starts_with("cycle: sw"), "{dl}");
    // consecutive channels of the reported cycle really follow each other
    for i in 0..5 {
        let (a, b) = (dl.cycle[i], dl.cycle[(i + 1) % 5]);
        assert_eq!(a.to_sw, b.sw, "{dl}");
    }
    assert_eq!(
        format!("{}", dl.cycle[0]),
        format!("sw{}.p1->sw{}.p2", dl.cycle[0].sw, (dl.cycle[0].sw + 1) % 5)
    );
    let st = RouteStats::compute(&t, &cyc);
    assert!(!st.deadlock_free && st.deadlock_cycle.unwrap().starts_with("cycle: "));
    let mut g = Cdg::new(&t);
    for r in cyc.to_routes().iter().filter(|r| !r.switches.is_empty()) {
        g.add_route(
            RouteSet::from_routes(1, std::slice::from_ref(r))
                .unwrap()
                .get(0, 0),
        );
    }
    assert_eq!(g.find_cycle().map(|c| c.len()), Some(5));
    // a path broken at an in-transit host adds no dependency across the break
    let mut g = Cdg::new(&t);
    g.add_path([(0, 1), (1, 1)]);
    g.add_path([(2, 1), (3, 1)]);
    assert!(g.check().acyclic);
    assert!(g.find_cycle().is_none());
    assert_eq!(
        g.check().to_string(),
        "acyclic (4 channels, 2 dependencies)"
    );
    // hops off the topology break the chain instead of panicking
    g.add_path([(3, 1), (99, 1), (4, 1)]);
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
    // X first, then Y: host 0 (switch 0) to host 31 (switch 15) turns at switch 3
    assert_eq!(rs.get(0, 31).switches, vec![0, 1, 2, 3, 7, 11, 15]);
    assert_eq!(rs.get(0, 31).ports(), vec![2, 2, 2, 4, 4, 4, 1]);
    let t = mesh::torus([4, 4], 1).unwrap();
    let rs = dor::routes(&t).unwrap();
    // the shorter way round, + on the tie: 0 -> 3 goes -x, 0 -> 2 goes +x
    assert_eq!(rs.get(0, 3).switches, vec![0, 3]);
    assert_eq!(rs.get(0, 2).switches, vec![0, 1, 2]);
    assert_eq!(rs.get(0, 12).switches, vec![0, 12]);
    for s in 0..16 {
        for d in 0..16 {
            if s != d {
                assert_walk(&t, s, d, rs.get(s, d));
            }
        }
    }
    let dl = deadlock::check(&t, &rs);
    assert!(!dl.acyclic && dl.cycle.len() >= 2, "{dl}");
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
    // a hand-made topology that claims a mesh shape but is not laid out like one
    let t3 = line3();
    let bad = Topology::new(
        3,
        4,
        t3.links.clone(),
        t3.hosts.clone(),
        Shape::Mesh { dims: [3, 1] },
    )
    .unwrap();
    let e = dor::routes(&bad).unwrap_err().to_string();
    assert!(e.contains("3x1 mesh"), "{e}");
}

#[test]
fn destination_patterns() {
    let t = irregular::generate(16, 4, 8, 2).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let u = DestTable::new(&Pattern::uniform(), &t).unwrap();
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
        let mut hit = [false; 64];
        for _ in 0..400 {
            let d = l.pick(s, &mut rng).unwrap();
            assert_ne!(d, s);
            assert!(dist[t.host(s).sw][t.host(d).sw] <= 2);
            hit[d] = true;
        }
        // every candidate turns up: the other hosts of its own switch and those ≤ 2 hops away
        for d in 0..64 {
            let cand = d != s && dist[t.host(s).sw][t.host(d).sw] <= 2;
            assert_eq!(hit[d], cand, "local2 from {s}: host {d}");
        }
    }
    // a lone host has no local destination, nor any uniform one
    let lone = Topology::new(
        1,
        2,
        vec![],
        vec![HostSpec {
            host: 0,
            sw: 0,
            port: 0,
        }],
        Shape::Irregular,
    )
    .unwrap();
    assert_eq!(
        DestTable::new(&Pattern::local(3), &lone)
            .unwrap()
            .pick(0, &mut rng),
        None
    );
    assert_eq!(
        DestTable::new(&Pattern::uniform(), &lone)
            .unwrap()
            .pick(0, &mut rng),
        None
    );
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
    let br = DestTable::new(&Pattern::bit_reversal(), &t).unwrap();
    for src in 0..64usize {
        let want = (0..6).fold(0, |acc, b| acc | (((src >> b) & 1) << (5 - b)));
        let got = br.pick(src, &mut rng);
        assert_eq!(got, (want != src).then_some(want), "bit reversal of {src}");
    }
    assert_eq!(br.pick(1, &mut rng), Some(32));
    assert_eq!(br.pick(0, &mut rng), None, "0 maps to itself");
    assert_eq!(br.pick(6, &mut rng), Some(24));
    for p in [
        "uniform",
        "bit-reversal",
        "local3",
        "hot-spot:5@17",
        "hot-spot:12.5@0",
    ] {
        assert_eq!(Pattern::parse(p).unwrap().to_string(), p);
    }
    assert_eq!(
        Pattern::parse("bit_reversal").unwrap(),
        Pattern::bit_reversal()
    );
    assert_eq!(Pattern::parse("local:5").unwrap(), Pattern::local(5));
    for p in ["hotspot:30", "hot_spot:30", "hot-spot:30@0"] {
        assert_eq!(Pattern::parse(p).unwrap(), Pattern::hot_spot(30.0, 0));
    }
    assert_eq!(
        Pattern::parse("hot-spot:100").unwrap(),
        Pattern::hot_spot(100.0, 0)
    );
    let e = Pattern::parse("zigzag").unwrap_err().to_string();
    assert!(
        e.contains("zigzag") && e.contains("uniform, uniform+self, bit-reversal"),
        "{e}"
    );
    let bad = Pattern::hot_spot(f64::NAN, 0);
    assert!(DestTable::new(&bad, &t)
        .unwrap_err()
        .to_string()
        .contains("(0, 100]"));
    assert_eq!(
        [8, 16, 32, 64, 10, 100].map(hot_spot_percent_for),
        [30.0, 20.0, 15.0, 5.0, 30.0, 5.0]
    );
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
    assert!(DestTable::new(&Pattern::bit_reversal(), &odd)
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
