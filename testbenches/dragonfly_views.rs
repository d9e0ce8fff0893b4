//! Testbench of what flitwave shows of a dragonfly: `flitwave routes` walks
//! its routings' paths through the routing functions (hops, load per class of link, bounds;
//! checked against a hand count), and the heat map draws its global links as a group x group
//! matrix beside one block per group of local and host links, every link once.

use crate::common::flitwave;
use flitwave::experiment::{build, config::Config};
use flitwave::stats::heatmap;
use flitwave::stats::links::LinkLoad;
use flitwave::topology::dragonfly::{dragonfly, Dragonfly};
use flitwave::topology::Endpoint;
use flitwave::with_network;

fn routes_json(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["routes", "--topology", "dragonfly", "--json"];
    a.extend_from_slice(args);
    let (ok, out, err) = flitwave(&a);
    assert!(ok, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// a = 4, h = 2 and `routes`' p = 4 (36 routers, 144 hosts), by hand. Uniform: of a host's 143
/// destinations 3 share its router, 12 its group (1 hop); of the 128 in other groups the source
/// router holds the link to 2 of 8 groups (6 x 16 need a first local hop) and 4 of a group's
/// 16 hosts sit where the link lands (8 x 12 need a last one): (12 + 128 + 96 + 96) / 143 hops.
/// A global link carries 16 hosts to 16: 256/143; a local link r -> q 4 x 4 of its own, 2 x 16
/// x 4 to q's global links and 2 x 16 x 4 landing at r for q: 272/143, the bound 143/272.
/// Next-group: the one global link carries a group's 16 hosts, 1/(a p) = 1/16.
#[test]
fn routes_walks_minimal_dragonfly_routing_as_counted_by_hand() {
    let j = routes_json(&["--a", "4", "--h", "2", "--routing", "dfly-min"]);
    let u = &j["walk"]["walks"][0]["patterns"]["uniform"];
    let near = |v: &serde_json::Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-9;
    assert!(near(&u["mean_hops"], 332.0 / 143.0), "{u}");
    assert_eq!(u["max_hops"], 3);
    let hist = u["hops_histogram"].as_array().unwrap();
    assert!(
        near(&hist[0], 3.0 / 143.0) && near(&hist[1], 20.0 / 143.0),
        "{hist:?}"
    );
    let cl = &u["link_classes"];
    assert!(near(&cl["global"]["max"], 256.0 / 143.0), "{cl}");
    assert!(near(&cl["local"]["max"], 272.0 / 143.0), "{cl}");
    assert!(near(&cl["injection"]["max"], 1.0) && near(&cl["ejection"]["max"], 1.0));
    assert_eq!(cl["global"]["channels"], 72);
    assert!(near(&j["throughput_bound"]["uniform"], 143.0 / 272.0));
    assert!(near(&j["throughput_bound"]["next_group"], 1.0 / 16.0));
    assert!(j["throughput_bound"]["bit_reversal"].is_null());
    assert_eq!(j["acyclic"], true);
    // p = 2 (`--hosts-per-switch`): 166/71 hops, local links 68/71, global 64/71, both under
    // the host links: bound 1; next-group 1/(a p) = 1/8 (counted in routing::walk's tests)
    let j = routes_json(&[
        "--a",
        "4",
        "--h",
        "2",
        "--hosts-per-switch",
        "2",
        "--routing",
        "dfly-min",
    ]);
    let u = &j["walk"]["walks"][0]["patterns"]["uniform"];
    assert!(near(&u["mean_hops"], 166.0 / 71.0), "{u}");
    assert!(near(&u["link_classes"]["local"]["max"], 68.0 / 71.0), "{u}");
    assert!(near(&j["throughput_bound"]["uniform"], 1.0));
    assert!(near(&j["throughput_bound"]["next_group"], 1.0 / 8.0));
    // the text shows the same
    let (ok, out, _) = flitwave(&[
        "routes",
        "--topology",
        "dragonfly",
        "--a",
        "4",
        "--h",
        "2",
        "--routing",
        "dfly-min",
    ]);
    assert!(ok);
    for want in [
        "mean hops                        2.322",
        "global (72)",
        "next-group 0.0625",
        "uniform 0.5257",
    ] {
        assert!(out.contains(want), "{want:?} in\n{out}");
    }
}

/// Valiant's expected load over every intermediate spreads next-group traffic over the
/// global links (its bound far above minimal routing's 1/16); UGAL shows both candidates and
/// the split, whose bound is at least each candidate's.
#[test]
fn routes_walks_ugal_and_valiant_over_every_intermediate() {
    let v = routes_json(&["--a", "4", "--h", "2", "--routing", "dfly-valiant"]);
    let ng = v["throughput_bound"]["next_group"].as_f64().unwrap();
    assert!(ng > 4.0 / 16.0, "{v}");
    let vw = &v["walk"]["walks"][0]["patterns"]["uniform"];
    assert_eq!(vw["max_hops"], 6);
    assert!(v["walk"]["drawn"]
        .as_str()
        .unwrap()
        .contains("intermediate"));
    let u = routes_json(&["--a", "4", "--h", "2", "--routing", "dfly-ugal"]);
    let w = u["walk"]["walks"].as_array().unwrap();
    assert_eq!(
        (w[0]["candidate"].as_str(), w[1]["candidate"].as_str()),
        (Some("minimal"), Some("non-minimal"))
    );
    for p in ["uniform", "next_group"] {
        let b = u["throughput_bound"][p].as_f64().unwrap();
        for c in w {
            let r = c["patterns"][p]["bound"]["rate"].as_f64().unwrap();
            assert!(b >= r - 1e-12, "{p}: split {b} below a candidate's {r}");
        }
    }
    // the minimal candidate's share: all of it under uniform, none under next-group
    let split = u["walk"]["split"].as_array().unwrap();
    assert_eq!(split[0]["minimal_share"], 1.0);
    assert_eq!(split[1]["minimal_share"], 0.0);
    // dimension order with ties drawn per packet has its statistics too
    let (ok, out, err) = flitwave(&[
        "routes",
        "--topology",
        "torus",
        "--dims",
        "4x4",
        "--routing",
        "dor",
        "--tie",
        "random",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("mean hops") && out.contains("tie"), "{out}");
}

/// A small dragonfly under next-group traffic: every link drawn once, the global ones in the
/// group matrix (the busiest, a group's link to the next, in its row and the next column),
/// the local and host links in their group's block.
#[test]
fn heatmap_of_a_dragonfly_draws_groups_and_global_links_apart() {
    let o: Vec<String> = [
        "topology.a=4",
        "topology.h=2",
        "topology.hosts_per_switch=2",
        "traffic.pattern=\"next-group\"",
        "traffic.rate=0.1",
        "link.fly_cycles=3",
        "link.global_fly_cycles=9",
        "cycles=3000",
        "warmup=500",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let c = Config::from_toml(include_str!("../configs/booksim-dragonfly.toml"), &o).unwrap();
    let b = build::build(&c).unwrap();
    let mut net = b.network;
    net.run(c.cycles);
    let loads = with_network!(&net, n => n.link_loads()).unwrap();
    let svg = heatmap::svg(&heatmap::Figure {
        topo: &b.topology,
        loads: &loads,
        title: "dragonfly".into(),
        subtitle: "s".into(),
    });
    let section = |open: &str| -> String {
        svg.split(open)
            .skip(1)
            .map(|s| s.split("</g>").next().unwrap().to_string())
            .collect()
    };
    let global = section("<g class=\"global-links\">");
    let groups = section("<g class=\"group\"");
    let a = 4;
    for l in &loads {
        let name = format!("data-link=\"{}\"", l.name().replace('>', "&gt;"));
        assert_eq!(svg.matches(&name).count(), 1, "{name}");
        let is_global = matches!((l.from, l.to),
            (Endpoint::Switch { sw: x, .. }, Endpoint::Switch { sw: z, .. }) if x / a != z / a);
        assert_eq!(global.contains(&name), is_global, "{name}");
        assert_eq!(groups.contains(&name), !is_global, "{name}");
    }
    let top = loads.iter().max_by_key(|l| l.flits).unwrap();
    let (Endpoint::Switch { sw: x, .. }, Endpoint::Switch { sw: z, .. }) = (top.from, top.to)
    else {
        panic!("the busiest link is a global one: {}", top.name())
    };
    assert_eq!((z / a) % 9, (x / a + 1) % 9, "{}", top.name());
}

/// BookSim2's 33 groups of 8 routers with 4 hosts: every cell of the figure apart (no two link
/// cells at one place) and large enough to see, the figure on one screen.
#[test]
fn heatmap_of_booksims_dragonfly_is_readable() {
    let topo = dragonfly(Dragonfly { a: 8, p: 4, h: 4 }).unwrap();
    let mut loads = Vec::new();
    for sw in 0..topo.switches {
        for port in 0..topo.ports_per_switch {
            let to = match topo.peer(sw, port) {
                flitwave::topology::Peer::Switch { sw: s2, port: p2 } => {
                    Endpoint::Switch { sw: s2, port: p2 }
                }
                flitwave::topology::Peer::Host(h) => {
                    loads.push(LinkLoad {
                        from: Endpoint::Nic(h),
                        to: Endpoint::Switch { sw, port },
                        flits: 1,
                        utilisation: 0.5,
                    });
                    Endpoint::Nic(h)
                }
                flitwave::topology::Peer::None => continue,
            };
            loads.push(LinkLoad {
                from: Endpoint::Switch { sw, port },
                to,
                flits: (sw * 31 + port) as u64 % 97,
                utilisation: ((sw * 31 + port) % 97) as f64 / 100.0,
            });
        }
    }
    let svg = heatmap::svg(&heatmap::Figure {
        topo: &topo,
        loads: &loads,
        title: "BookSim2's dragonfly".into(),
        subtitle: "s".into(),
    });
    let attr = |e: &str, k: &str| -> f64 {
        let i = e.find(&format!(" {k}=\"")).unwrap() + k.len() + 3;
        e[i..i + e[i..].find('"').unwrap()].parse().unwrap()
    };
    let mut at = std::collections::BTreeSet::new();
    let mut cells = 0;
    for e in svg.split("<rect class=\"link\"").skip(1) {
        let (x, y, w) = (attr(e, "x"), attr(e, "y"), attr(e, "width"));
        assert!(w >= 5.0, "a cell of {w} px");
        assert!(
            at.insert(((x * 10.0) as i64, (y * 10.0) as i64)),
            "two cells at {x} {y}"
        );
        cells += 1;
    }
    assert_eq!(cells, loads.len());
    let width = attr(&svg[svg.find("<svg").unwrap()..], "width");
    let height = attr(&svg[svg.find("<svg").unwrap()..], "height");
    assert!(width <= 1900.0 && height <= 1100.0, "{width} x {height}");
}

/// `sweep --plot` on a dragonfly under next-group traffic: one curve per routing up to its
/// first saturated point (drawn hollow and crossed), and each routing's bound as a dashed line
/// named in the legend — minimal routing's 1/(a p) = 1/8, UGAL's and Valiant's from the walk.
#[test]
fn sweep_plot_of_a_dragonfly_draws_bounds_and_saturation() {
    let dir = crate::common::fresh_dir("dragonfly_views", "sweep");
    let svg = dir.join("df.svg");
    let (ok, out, err) = flitwave(&[
        "sweep",
        "--config",
        "configs/booksim-dragonfly.toml",
        "--set",
        "topology.a=4",
        "--set",
        "topology.h=2",
        "--set",
        "topology.hosts_per_switch=2",
        "--set",
        "link.fly_cycles=3",
        "--set",
        "link.global_fly_cycles=9",
        "--set",
        "switch.vcs=4",
        "--set",
        "routing.selection=\"ugal-l\"",
        "--pattern",
        "next-group",
        "--cycles",
        "4000",
        "--rates",
        "0.05,0.3",
        "--routings",
        "dfly-min,dfly-ugal,dfly-valiant",
        "--plot",
        crate::common::arg(&svg),
        "--quiet",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.matches("\nbound ").count() + out.starts_with("bound ") as usize,
        3,
        "{out}"
    );
    let s = std::fs::read_to_string(&svg).unwrap();
    for want in [
        "dfly-min: bound 0.1250",
        "dfly-ugal: bound 0.5455",
        "dfly-valiant: bound 0.5455",
        "saturated (3x zero-load rule)",
    ] {
        assert!(s.contains(want), "{want:?} missing from the plot");
    }
}
