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
            // all switch ports used where possible: at most one port left over (parity) for
            // these sizes, whose complete graph has far more than 4 neighbours per switch
            assert!(
                free <= 2,
                "{n} switches seed {seed}: {free} free switch ports"
            );
            assert!(t.bfs(0).iter().all(|&d| d != u32::MAX), "connected");
        }
    }
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
}

#[test]
fn json_round_trip() {
    for t in [
        irregular::generate(16, 4, 8, 3).unwrap(),
        mesh::torus([3, 5], 1).unwrap(),
    ] {
        let text = json::to_json(&t);
        let back = json::from_json(&text).unwrap();
        assert_eq!(back.links, t.links);
        assert_eq!(back.hosts, t.hosts);
        assert_eq!(json::to_json(&back), text);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 4);
        assert_eq!(v["links"][0].as_array().unwrap().len(), 4);
        assert_eq!(v["hosts"][0].as_array().unwrap().len(), 3);
    }
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
    // generator limits
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
    assert!(e.contains("switches"), "{e}");
}
