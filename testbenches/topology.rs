//! Topology testbench: the random irregular generator's rules (seed 000 §4.1), meshes and tori,
//! JSON round trip, and every kind of impossible or malformed topology.

use flitwave::topology::{irregular, json, mesh, HostSpec, LinkSpec, Peer, Shape, Topology};

#[test]
fn irregular_networks_follow_the_papers_rules() {
    for &n in &[8usize, 16, 32, 64] {
        for seed in 0..25u64 {
            let t = irregular::generate(n, 4, 8, seed).unwrap();
            assert_eq!(t.switches, n);
            assert_eq!(t.num_hosts(), 4 * n);
            let mut free = 0;
            for sw in 0..n {
                assert_eq!(t.hosts_of(sw).count(), 4, "exactly 4 hosts per switch");
                let d = t.degree(sw);
                assert!(d <= 4);
                free += 4 - d;
                let mut nb: Vec<usize> = t.neighbors(sw).map(|x| x.1).collect();
                nb.sort();
                nb.dedup();
                assert_eq!(nb.len(), d, "at most one link between two switches");
                assert!(!nb.contains(&sw));
            }
            // all switch ports used where possible: 4n switch ports is even and n > 5, so a
            // 4-regular simple graph exists, and the generator always finds one
            assert_eq!(
                free, 0,
                "{n} switches seed {seed}: {free} free switch ports"
            );
            assert!(t.bfs(0).iter().all(|&d| d != u32::MAX), "connected");
        }
    }
}

/// Free switch ports of a generated network, after checking that no two switches with free
/// ports are left unlinked (the greedy fill could always have joined them).
fn free_ports(t: &Topology, cap: usize) -> usize {
    let open: Vec<usize> = (0..t.switches).filter(|&s| t.degree(s) < cap).collect();
    for &a in &open {
        for &b in &open {
            assert!(
                a == b || t.neighbors(a).any(|x| x.1 == b),
                "switches {a} and {b} both have free ports but are not linked"
            );
        }
    }
    (0..t.switches).map(|s| cap - t.degree(s)).sum()
}

#[test]
fn free_ports_are_left_only_when_unavoidable() {
    for n in 1..=40usize {
        for seed in 0..20u64 {
            // 8 ports / 4 hosts: complete graph up to 5 switches, then exactly 4-regular
            let t = irregular::generate(n, 4, 8, seed).unwrap();
            let want = if n <= 5 { n * (5 - n) } else { 0 };
            assert_eq!(free_ports(&t, 4), want, "{n} switches seed {seed}");
            // 8 ports / 5 hosts: 3 switch ports each, odd totals leave exactly one free port
            if n >= 2 {
                let t = irregular::generate(n, 5, 8, seed).unwrap();
                let want = if n <= 4 { n * (4 - n) } else { n % 2 };
                assert_eq!(free_ports(&t, 3), want, "{n} switches seed {seed}, 5 hosts");
            }
        }
    }
}

#[test]
fn large_networks_generate_quickly() {
    let t0 = std::time::Instant::now();
    let t = irregular::generate(1024, 4, 8, 3).unwrap();
    assert_eq!(t.num_hosts(), 4096);
    assert_eq!(t.links.len(), 2048, "4-regular");
    assert!(t0.elapsed().as_secs_f64() < 5.0, "{:?}", t0.elapsed());
    let d = t.switch_distances();
    assert!(d.iter().flatten().all(|&x| x != u32::MAX));
    let t = irregular::generate(64, 2, 16, 9).unwrap();
    assert_eq!(free_ports(&t, 14), 0);
}

#[test]
fn generator_is_deterministic_and_seed_dependent() {
    let a = json::to_json(&irregular::generate(32, 4, 8, 7).unwrap());
    let b = json::to_json(&irregular::generate(32, 4, 8, 7).unwrap());
    let c = json::to_json(&irregular::generate(32, 4, 8, 8).unwrap());
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn small_and_odd_sizes() {
    let t = irregular::generate(1, 4, 8, 1).unwrap();
    assert_eq!(t.links.len(), 0);
    let t = irregular::generate(2, 4, 8, 1).unwrap();
    assert_eq!(t.links.len(), 1);
    let t = irregular::generate(5, 4, 8, 1).unwrap();
    // K5 has degree 4: every port used
    assert_eq!(t.links.len(), 10);
    let t = irregular::generate(200, 4, 8, 1).unwrap();
    assert!(t.links.len() >= 399);
}

#[test]
fn mesh_and_torus_shapes() {
    let m = mesh::mesh([4, 3], 2).unwrap();
    assert_eq!(m.switches, 12);
    assert_eq!(m.ports_per_switch, 6);
    assert_eq!(m.links.len(), 3 * 3 + 4 * 2);
    assert_eq!(m.degree(0), 2);
    assert_eq!(m.degree(5), 4);
    assert_eq!(m.shape, Shape::Mesh { dims: [4, 3] });
    let t = mesh::torus([4, 4], 4).unwrap();
    assert!((0..16).all(|s| t.degree(s) == 4));
    // wraparound: +x of switch 3 reaches switch 0 on its -x port
    assert_eq!(t.peer(3, 4), Peer::Switch { sw: 0, port: 5 });
    assert!(mesh::torus([2, 4], 1)
        .unwrap_err()
        .message()
        .contains("≥ 3"));
    assert!(mesh::parse_dims("8x").is_err());
    assert_eq!(mesh::parse_dims("16x16").unwrap(), [16, 16]);
    assert_eq!(mesh::parse_dims(" 4X2 ").unwrap(), [4, 2]);
    for bad in ["", "8", "0x4", "4x-1", "axb", "8x8x8", "1000000x1000000"] {
        let e = mesh::parse_dims(bad).unwrap_err();
        assert!(e.message().starts_with("dims: "), "{bad}: {e}");
    }
    // mesh: hosts first, then +x, -x, +y, -y
    assert_eq!(m.peer(5, 2), Peer::Switch { sw: 6, port: 3 });
    assert_eq!(m.peer(5, 3), Peer::Switch { sw: 4, port: 2 });
    assert_eq!(m.peer(5, 4), Peer::Switch { sw: 9, port: 5 });
    assert_eq!(m.peer(5, 5), Peer::Switch { sw: 1, port: 4 });
    assert_eq!(m.peer(0, 3), Peer::None, "no -x at the mesh edge");
    assert_eq!(m.hosts_of(5).collect::<Vec<_>>(), vec![10, 11]);
    assert_eq!(m.switch_distances()[0][11], 3 + 2);
    // torus: +y of the top row wraps to the bottom row
    assert_eq!(t.peer(13, 6), Peer::Switch { sw: 1, port: 7 });
    assert_eq!(
        t.switch_distances()[0][10],
        4,
        "a 4-ring is at most 2 hops per dimension"
    );
    let r = mesh::torus([3, 3], 1).unwrap();
    assert_eq!(r.links.len(), 18);
    assert_eq!(r.shape, Shape::Torus { dims: [3, 3] });
    let line = mesh::mesh([1, 5], 1).unwrap();
    assert_eq!(line.links.len(), 4);
    for (dims, h, field) in [
        ([1, 1], 1, "dims"),
        ([0, 4], 1, "dims"),
        ([4, 4], 0, "hosts_per_switch"),
        ([4, 4], 252, "hosts_per_switch"),
        ([usize::MAX, 2], 1, "dims"),
    ] {
        let e = mesh::mesh(dims, h).unwrap_err();
        assert!(e.message().starts_with(field), "{dims:?} {h}: {e}");
    }
}

#[test]
fn json_round_trip() {
    for t in [
        irregular::generate(16, 4, 8, 3).unwrap(),
        mesh::torus([3, 5], 1).unwrap(),
    ] {
        let text = json::to_json(&t);
        let back = json::from_json(&text).unwrap();
        assert_eq!(back.shape, t.shape, "the kind is recorded");
        assert_eq!(back.links, t.links);
        assert_eq!(back.hosts, t.hosts);
        assert_eq!(json::to_json(&back), text);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        // the four interchange keys, the kind, and the torus's dims
        assert_eq!(
            keys.len(),
            5 + matches!(t.shape, Shape::Torus { .. }) as usize
        );
        assert_eq!(v["links"][0].as_array().unwrap().len(), 4);
        assert_eq!(v["hosts"][0].as_array().unwrap().len(), 3);
    }
}

#[test]
fn json_files_and_host_order() {
    let dir = std::env::temp_dir().join(format!("flitwave_topo_{}", std::process::id()));
    let path = dir.join("net.json");
    let t = irregular::generate(8, 4, 8, 5).unwrap();
    json::save(&t, &path).unwrap();
    assert_eq!(json::load(&path).unwrap(), t);
    std::fs::write(&path, "{\"switches\": 1,").unwrap();
    let e = json::load(&path).unwrap_err().to_string();
    assert!(e.contains("net.json") && e.contains("line 1"), "{e}");
    let e = json::load(&dir.join("missing.json"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("missing.json"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
    // hosts may be listed in any order; they are stored by id
    let t = json::from_json(
        r#"{"switches": 2, "ports_per_switch": 3, "links": [[1, 2, 0, 2]],
            "hosts": [[2, 1, 0], [0, 0, 0], [1, 0, 1]]}"#,
    )
    .unwrap();
    assert_eq!(
        t.host(2),
        HostSpec {
            host: 2,
            sw: 1,
            port: 0
        }
    );
    assert_eq!(t.hosts_of(0).collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(t.peer(0, 2), Peer::Switch { sw: 1, port: 2 });
    assert_eq!(t.neighbors(1).collect::<Vec<_>>(), vec![(2, 0, 2)]);
    assert_eq!(t.peer(1, 1), Peer::None);
}

fn err(text: &str) -> String {
    json::from_json(text).unwrap_err().message().to_string()
}

#[test]
fn impossible_topologies_are_rejected_with_the_field_named() {
    let h = |n: usize| -> Vec<HostSpec> {
        (0..n)
            .map(|i| HostSpec {
                host: i,
                sw: 0,
                port: i,
            })
            .collect()
    };
    // more hosts than ports
    let e = Topology::new(1, 4, vec![], h(5), Shape::Irregular).unwrap_err();
    assert!(
        e.message().contains("hosts[4]") && e.message().contains("port 4 out of range"),
        "{e}"
    );
    // more links than ports
    let links = vec![
        LinkSpec {
            a: 0,
            pa: 1,
            b: 1,
            pb: 0,
        },
        LinkSpec {
            a: 0,
            pa: 2,
            b: 2,
            pb: 0,
        },
        LinkSpec {
            a: 0,
            pa: 3,
            b: 3,
            pb: 0,
        },
    ];
    let e = Topology::new(
        4,
        3,
        links,
        vec![HostSpec {
            host: 0,
            sw: 1,
            port: 1,
        }],
        Shape::Irregular,
    )
    .unwrap_err();
    assert!(
        e.message().contains("links[2]") && e.message().contains("port 3"),
        "{e}"
    );
    // port used twice
    let e = Topology::new(
        2,
        4,
        vec![LinkSpec {
            a: 0,
            pa: 0,
            b: 1,
            pb: 0,
        }],
        vec![HostSpec {
            host: 0,
            sw: 0,
            port: 0,
        }],
        Shape::Irregular,
    )
    .unwrap_err();
    assert!(
        e.message().contains("hosts[0]") && e.message().contains("already used by links[0]"),
        "{e}"
    );
    // two links between the same switches
    let e = Topology::new(
        2,
        4,
        vec![
            LinkSpec {
                a: 0,
                pa: 1,
                b: 1,
                pb: 1,
            },
            LinkSpec {
                a: 1,
                pa: 2,
                b: 0,
                pb: 2,
            },
        ],
        vec![HostSpec {
            host: 0,
            sw: 0,
            port: 0,
        }],
        Shape::Irregular,
    )
    .unwrap_err();
    assert!(
        e.message().contains("links[1]") && e.message().contains("at most one"),
        "{e}"
    );
    // disconnected
    let e = Topology::new(
        3,
        4,
        vec![LinkSpec {
            a: 0,
            pa: 1,
            b: 1,
            pb: 1,
        }],
        vec![HostSpec {
            host: 0,
            sw: 0,
            port: 0,
        }],
        Shape::Irregular,
    )
    .unwrap_err();
    assert!(
        e.message().contains("disconnected") && e.message().contains("switch 2"),
        "{e}"
    );
    // host ids with a gap
    let e = Topology::new(
        1,
        4,
        vec![],
        vec![
            HostSpec {
                host: 0,
                sw: 0,
                port: 0,
            },
            HostSpec {
                host: 2,
                sw: 0,
                port: 1,
            },
        ],
        Shape::Irregular,
    )
    .unwrap_err();
    assert!(
        e.message().contains("hosts") && e.message().contains("missing"),
        "{e}"
    );
    // duplicate host id, named by its position in the list
    let hs = vec![
        HostSpec {
            host: 1,
            sw: 0,
            port: 0,
        },
        HostSpec {
            host: 0,
            sw: 0,
            port: 1,
        },
        HostSpec {
            host: 1,
            sw: 0,
            port: 2,
        },
    ];
    let e = Topology::new(1, 4, vec![], hs, Shape::Irregular).unwrap_err();
    assert!(
        e.message().starts_with("hosts[2]") && e.message().contains("host 1 is listed twice"),
        "{e}"
    );
    // no hosts, self-link, switch out of range, bad port count
    let e = Topology::new(1, 4, vec![], vec![], Shape::Irregular).unwrap_err();
    assert!(e.message().starts_with("hosts"), "{e}");
    let l = |a, pa, b, pb| LinkSpec { a, pa, b, pb };
    let e = Topology::new(2, 4, vec![l(0, 1, 0, 2)], h(1), Shape::Irregular).unwrap_err();
    assert!(
        e.message().starts_with("links[0]") && e.message().contains("itself"),
        "{e}"
    );
    let e = Topology::new(2, 4, vec![l(0, 1, 7, 2)], h(1), Shape::Irregular).unwrap_err();
    assert!(
        e.message()
            .contains("links[0]: switch 7 out of range, switches are 0..1"),
        "{e}"
    );
    let e = Topology::new(2, 8, vec![l(0, 1, 1, 9)], h(1), Shape::Irregular).unwrap_err();
    assert_eq!(
        e.message(),
        "links[0]: port 9 out of range, switch ports are 0..7"
    );
    for p in [0, 256] {
        let e = Topology::new(1, p, vec![], h(1), Shape::Irregular).unwrap_err();
        assert!(
            e.message().starts_with("ports_per_switch") && e.message().contains("1..=255"),
            "{e}"
        );
    }
    let e = Topology::new(0, 4, vec![], h(1), Shape::Irregular).unwrap_err();
    assert!(e.message().starts_with("switches"), "{e}");
    // an absurd switch count is refused before anything is sized by it
    let e = Topology::new(
        usize::MAX / 2,
        8,
        vec![l(0, 1, 1, 1)],
        h(1),
        Shape::Irregular,
    )
    .unwrap_err();
    assert!(e.message().contains("disconnected"), "{e}");
    // generator limits
    assert!(irregular::generate(8, 7, 8, 1)
        .unwrap_err()
        .message()
        .contains("hosts_per_switch"));
    assert!(
        irregular::generate(1, 8, 8, 1).is_ok(),
        "a lone switch may fill its ports"
    );
    assert!(irregular::generate(8, 0, 8, 1)
        .unwrap_err()
        .message()
        .starts_with("hosts_per_switch"));
    assert!(irregular::generate(8, 4, 300, 1)
        .unwrap_err()
        .message()
        .starts_with("ports_per_switch"));
    assert!(irregular::generate(1 << 40, 4, 8, 1)
        .unwrap_err()
        .message()
        .starts_with("switches"));
    assert!(irregular::generate(8, 8, 8, 1)
        .unwrap_err()
        .message()
        .contains("hosts_per_switch"));
    assert!(irregular::generate(0, 4, 8, 1)
        .unwrap_err()
        .message()
        .contains("switches"));
}

#[test]
fn malformed_json_is_rejected_with_the_field_named() {
    assert!(err("{\"switches\": 2,").contains("malformed topology JSON"));
    assert!(err("[1,2]").contains("object"));
    let e = err(
        r#"{"switches": 2, "ports_per_switch": 8, "links": [], "hosts": [[0,0,0]], "colour": 1}"#,
    );
    assert!(e.contains("colour") && e.contains("allowed keys"), "{e}");
    let e =
        err(r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1]], "hosts": [[0,0,0]]}"#);
    assert!(
        e.contains("links[0]") && e.contains("4 non-negative integers"),
        "{e}"
    );
    let e = err(
        r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1, -2]], "hosts": [[0,0,0]]}"#,
    );
    assert!(e.contains("links[0]") && e.contains("-2"), "{e}");
    let e =
        err(r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1, 4]], "hosts": [[0,0]]}"#);
    assert!(e.contains("hosts[0]"), "{e}");
    let e = err(r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1, 4]]}"#);
    assert!(e.contains("hosts") && e.contains("missing"), "{e}");
    let e = err(r#"{"switches": "two", "ports_per_switch": 8, "links": [], "hosts": [[0,0,0]]}"#);
    assert!(e.starts_with("switches"), "{e}");
    let e =
        err(r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1, 4.5]], "hosts": []}"#);
    assert!(e.contains("links[0]") && e.contains("4.5"), "{e}");
    let e = err(r#"{"switches": 2, "ports_per_switch": 8, "links": {}, "hosts": []}"#);
    assert!(e.starts_with("links"), "{e}");
    let e = err(
        r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1, 4]], "hosts": [[0, -1, 0]]}"#,
    );
    assert!(e.contains("hosts[0]") && e.contains("-1"), "{e}");
    let e = err(
        r#"{"switches": 2, "ports_per_switch": 8, "links": [[0, 4, 1, 4]], "hosts": [[0, 0, 4]]}"#,
    );
    assert!(
        e.contains("hosts[0]") && e.contains("already used by links[0]"),
        "{e}"
    );
    let e = err(
        r#"{"switches": 3, "ports_per_switch": 8, "links": [[0, 4, 1, 4], [1, 5, 0, 5]], "hosts": [[0, 0, 0]]}"#,
    );
    assert!(e.contains("links[1]") && e.contains("at most one"), "{e}");
    // the malformed-JSON message carries serde's position
    assert!(err("{\n  \"switches\": 2,\n  oops\n}").contains("line 3"));
}

/// The JSON records the kind: a mesh or torus file routes with dimension order, a fat-tree
/// file with IR/FIR; a file that claims a kind it does not hold is refused, naming the kind.
#[test]
fn json_records_the_kind_of_the_network() {
    use flitwave::topology::fattree::fattree;
    for t in [
        mesh::mesh([3, 4], 2).unwrap(),
        mesh::torus([3, 3], 1).unwrap(),
        fattree(2, 3).unwrap(),
    ] {
        let back = json::from_json(&json::to_json(&t)).unwrap();
        assert_eq!(back, t, "round trip keeps the shape");
        flitwave::routing::dor::routes(&back)
            .map(|_| ())
            .or_else(|_| flitwave::topology::fattree::tree_of(&back, "x").map(|_| ()))
            .unwrap();
    }
    let text = json::to_json(&mesh::mesh([3, 3], 1).unwrap());
    assert!(text.contains("\"kind\": \"mesh\"") && text.contains("\"dims\": [3, 3]"));
    // a torus claim on mesh wiring, an unknown kind, a missing dims
    let bad = text.replace("\"mesh\"", "\"torus\"");
    let e = json::from_json(&bad).unwrap_err().to_string();
    assert!(e.contains("kind") && e.contains("torus"), "{e}");
    let e = json::from_json(&text.replace("\"mesh\"", "\"ring\""))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("kind") && e.contains("ring") && e.contains("fattree"),
        "{e}"
    );
    let e = json::from_json(&text.replace("\"dims\": [3, 3],", ""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("dims") && e.contains("missing"), "{e}");
    let e = json::from_json(&text.replace("\"mesh\"", "\"fattree\""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("fattree") && e.contains("k"), "{e}");
    // files without a kind (older ones, other tools) still load as irregular networks
    let old = text.replace("\"kind\": \"mesh\",\n  \"dims\": [3, 3],\n", "");
    assert_eq!(json::from_json(&old).unwrap().shape, Shape::Irregular);
}
