//! Destination patterns of seed 001 §5.2.1: perfect shuffle, complement, and the hot-spot on
//! "one random destination" (`hot-spot:PCT@random`).

use flitwave::topology::fattree::fattree;
use flitwave::topology::irregular;
use flitwave::traffic::pattern::{
    complement, hot_spot_host, perfect_shuffle, permutation_dest, DestTable, Pattern,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn perfect_shuffle_rotates_left_by_one_bit() {
    // 8 hosts: 3-bit addresses
    let want = [0, 2, 4, 6, 1, 3, 5, 7];
    for (x, &d) in want.iter().enumerate() {
        assert_eq!(perfect_shuffle(x, 3), d, "shuffle of {x:03b}");
    }
    let t = fattree(2, 3).unwrap();
    let tab = DestTable::new(&Pattern::perfect_shuffle(), &t).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for (src, &w) in want.iter().enumerate() {
        // 000 and 111 map to themselves and send nothing, like bit-reversal's palindromes
        let d = tab.pick(src, &mut rng);
        assert_eq!(d, (w != src).then_some(w), "from {src}");
        assert_eq!(tab.fixed(src), d);
    }
    // 64 hosts: a permutation, every destination once among the senders
    let t = fattree(4, 3).unwrap();
    let tab = DestTable::new(&Pattern::parse("shuffle").unwrap(), &t).unwrap();
    let mut seen = [false; 64];
    for src in 0..64 {
        let d = tab.fixed(src).unwrap_or(src);
        assert_eq!(d, ((src << 1) | (src >> 5)) & 63);
        assert!(!seen[d]);
        seen[d] = true;
    }
    assert_eq!(
        (0..64).filter(|&s| tab.fixed(s).is_none()).count(),
        2,
        "only 0 and 63 stay"
    );
}

#[test]
fn complement_inverts_every_bit() {
    for (x, d) in [(0, 7), (1, 6), (3, 4), (5, 2), (7, 0)] {
        assert_eq!(complement(x, 3), d);
    }
    let t = irregular::generate(16, 4, 8, 2).unwrap(); // 64 hosts
    let tab = DestTable::new(&Pattern::parse("complement").unwrap(), &t).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for src in 0..64 {
        // never the source itself: every source sends
        assert_eq!(tab.pick(src, &mut rng), Some(63 - src));
    }
    assert_eq!(
        permutation_dest(&Pattern::complement(), 0, 1),
        None,
        "1 host"
    );
    assert_eq!(permutation_dest(&Pattern::uniform(), 3, 8), None);
    assert_eq!(permutation_dest(&Pattern::bit_reversal(), 1, 8), Some(4));
}

#[test]
fn permutations_need_a_power_of_two() {
    let odd = irregular::generate(3, 4, 8, 1).unwrap(); // 12 hosts
    for p in ["perfect-shuffle", "complement", "bit-reversal"] {
        let e = DestTable::new(&Pattern::parse(p).unwrap(), &odd)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(p) && e.contains("power-of-two") && e.contains("12"),
            "{e}"
        );
    }
}

#[test]
fn names_parse_and_print() {
    for (s, p) in [
        ("perfect-shuffle", Pattern::perfect_shuffle()),
        ("shuffle", Pattern::perfect_shuffle()),
        ("Perfect_Shuffle", Pattern::perfect_shuffle()),
        ("complement", Pattern::complement()),
        ("hot-spot:5@random", Pattern::hot_spot_random(5.0)),
        ("hot-spot:20@random", Pattern::hot_spot_random(20.0)),
    ] {
        assert_eq!(Pattern::parse(s).unwrap(), p, "{s}");
    }
    for s in ["perfect-shuffle", "complement", "hot-spot:5@random"] {
        assert_eq!(Pattern::parse(s).unwrap().to_string(), s);
    }
    for (bad, needle) in [
        ("shuffle2", "perfect-shuffle"),
        ("hot-spot:5@anywhere", "random"),
        ("hot-spot:0@random", "(0, 100]"),
    ] {
        let e = Pattern::parse(bad).unwrap_err().to_string();
        assert!(e.contains(bad) && e.contains(needle), "{e}");
    }
}

#[test]
fn random_hot_spot_is_drawn_from_the_seed() {
    let t = fattree(4, 4).unwrap(); // the 4-ary 4-tree of Figure 6
    let p = Pattern::parse("hot-spot:20@random").unwrap();
    // not usable before the seed picks the host
    let e = DestTable::new(&p, &t).unwrap_err().to_string();
    assert!(
        e.contains("resolve") && e.contains("hot-spot:20@random"),
        "{e}"
    );
    let hosts: Vec<usize> = (0..40).map(|s| hot_spot_host(256, s)).collect();
    assert!(hosts.iter().all(|&h| h < 256));
    // the portable ChaCha stream pins the hot host of every seed, on every machine
    assert_eq!(&hosts[..6], &[44, 187, 141, 184, 181, 26]);
    let mut distinct = hosts.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() > 20, "seeds pick different hosts: {hosts:?}");
    assert_eq!(hot_spot_host(0, 3), 0);
    let r = p.resolve(256, 7);
    assert_eq!(r, Pattern::hot_spot(20.0, hot_spot_host(256, 7)));
    assert_eq!(Pattern::uniform().resolve(256, 7), Pattern::uniform());
    // 20 % of the messages of the other 255 hosts go to the hot host, the rest uniform
    let hot = hot_spot_host(256, 7);
    let tab = DestTable::new(&r, &t).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let n = 200_000;
    let mut got = 0;
    for i in 0..n {
        let src = i % 256;
        let d = tab.pick(src, &mut rng).unwrap();
        assert_ne!(d, src);
        got += usize::from(d == hot);
    }
    let expect = n as f64 * (255.0 / 256.0) * (0.2 + 0.8 / 255.0);
    assert!(
        (got as f64 - expect).abs() < 0.03 * expect,
        "{got} vs {expect}"
    );
}

/// `traffic.local_metric = "route"`: local traffic's destinations are at most l hops away along
/// the routes up*/down* gives (the paper's Myrinet routes), where with "minimal" some are l
/// minimal hops away but farther along their up*/down* route; ITB, which shortens routes,
/// gets the same destinations as up*/down*.
#[test]
fn local_traffic_counts_switches_along_the_updown_route() {
    use flitwave::experiment::build::{build, pattern_of};
    use flitwave::experiment::config::Config;
    let longest = |routing: &str, metric: &str| {
        let mut c = Config::default();
        c.topology.switches = 32;
        c.routing.algorithm = routing.into();
        c.traffic.pattern = "local3".into();
        c.traffic.local_metric = metric.into();
        c.validate().unwrap();
        let b = build(&c).unwrap();
        let tab = DestTable::new(&pattern_of(&c, &b.topology).unwrap(), &b.topology).unwrap();
        let routes = b.plan.routes.clone().unwrap();
        let ud = build(&Config {
            routing: flitwave::routing::keys::RoutingCfg {
                algorithm: "updown".into(),
                ..c.routing.clone()
            },
            ..c.clone()
        })
        .unwrap()
        .plan
        .routes
        .unwrap();
        let (mut most, mut most_ud, mut dests) = (0, 0, vec![]);
        for s in 0..b.topology.num_hosts() {
            tab.weights(s, |d, w| {
                if w > 0.0 {
                    most = most.max(routes.get(s, d).hops());
                    most_ud = most_ud.max(ud.get(s, d).hops());
                    dests.push((s, d));
                }
            });
        }
        (most, most_ud, dests)
    };
    let (ud, _, ud_dests) = longest("updown", "route");
    assert!(ud <= 3, "an up*/down* route of {ud} hops among local3's");
    let (ud_min, _, _) = longest("updown", "minimal");
    assert!(
        ud_min > 3,
        "on this network minimal hops and route hops never differ: the test sees nothing"
    );
    // ITB's routes are minimal: its destinations are up*/down*'s, each within 3 there
    let (itb, itb_ud, itb_dests) = longest("itb", "route");
    assert_eq!(itb_dests, ud_dests);
    assert!(itb <= 3 && itb_ud <= 3, "{itb} {itb_ud}");
    // a metric that is neither is refused, naming the key and what is allowed
    let mut c = Config::default();
    c.traffic.local_metric = "hops".into();
    let e = c.validate().unwrap_err().to_string();
    assert!(
        e.contains("traffic.local_metric") && e.contains("\"minimal\", \"route\""),
        "{e}"
    );
}

/// BookSim2's hotspot (`hot-nodes`): every message to one of the hot hosts by weight, the
/// sources themselves included, no uniform part. On the iq preset (8x8 mesh) with hosts 0 and
/// 27 weighted 3:1, host 0 receives 3/4 of 64 sources' traffic, so its ejection link bounds
/// the offered load at 1/48 of a link per host (its own traffic to itself included: it enters
/// its switch and leaves by the same ejection link). Below it the network carries what is
/// offered; past it, the bound (within 3 %: in a finite window the mix of the two hot hosts'
/// deliveries fluctuates; BookSim2 carries 0.0213 at 0.03, docs/results/booksim.md).
#[test]
fn hot_nodes_saturate_at_the_hot_hosts_ejection_link() {
    let c = crate::common::booksim_preset(&["traffic.pattern=\"hot-nodes:0,27@3,1\""]);
    let b = flitwave::experiment::build::build(&c).unwrap();
    let (bound, _) = flitwave::experiment::build::throughput_bounds(&c, &b.topology, &b.plan)
        .unwrap()
        .unwrap();
    assert!((bound.rate - 1.0 / 48.0).abs() < 1e-9, "{bound:?}");
    for (rate, saturated) in [(0.01, false), (0.05, true)] {
        let c = crate::common::booksim_preset(&[
            "traffic.pattern=\"hot-nodes:0,27@3,1\"",
            &format!("traffic.rate={rate}"),
        ]);
        let mut net = crate::common::vc_network(&c);
        net.run(c.cycles);
        let s = net.summary();
        assert!(s.healthy(), "{}", s.report());
        let acc = s.accepted_flits_per_cycle_per_host;
        assert_eq!(s.saturated, saturated, "at {rate}: {}", s.report());
        if saturated {
            assert!(
                acc <= bound.rate * 1.03 && acc >= bound.rate * 0.95,
                "at {rate}: accepted {acc}, bound {}",
                bound.rate
            );
        } else {
            assert!((acc - rate).abs() < 0.1 * rate, "at {rate}: accepted {acc}");
        }
    }
}
