//! Testbench of the VC routers in bit planes (`fabric::vc::switch::Planes`) with their hosts
//! where the topology puts them: a k-ary n-tree (hosts at the leaves alone), an irregular
//! network of 0 to 3 hosts a switch, a host behind a switch's ports to routers, and a topology
//! file with hosts on any ports — each run read against its golden
//! (`planes_compare::against_golden`: every router's registers every 7th cycle, its probes and
//! every link every 19th, every statistic at the end, against the run's golden, blessed when
//! it agreed read for read with the routers one by one).

use crate::common::vc_network;
use crate::planes_compare::against_golden;

/// A 6-switch irregular network whose switches have 3, 1, 2, 0, 2 and 1 hosts on their first
/// ports (a ring and two chords on the rest); `host5_last` moves switch 5's host behind its
/// ring ports.
fn uneven_hosts(host5_last: bool) -> String {
    let h = [3usize, 1, 2, 0, 2, 1];
    // switch 5's ring ports: after its host, or before it
    let ring0 = |i: usize| if i == 5 && host5_last { 0 } else { h[i] };
    let mut links: Vec<[usize; 4]> = (0..6)
        .map(|i| [i, ring0(i), (i + 1) % 6, ring0((i + 1) % 6) + 1])
        .collect();
    links.push([1, 3, 4, 4]);
    links.push([3, 2, 0, 5]);
    let mut hosts = Vec::new();
    for (sw, &n) in h.iter().enumerate() {
        for port in 0..n {
            let port = if sw == 5 && host5_last { 2 } else { port };
            hosts.push([hosts.len(), sw, port]);
        }
    }
    let json = |v: &[[usize; 4]]| {
        v.iter()
            .map(|l| format!("{l:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let hs = hosts
        .iter()
        .map(|l| format!("{l:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        r#"{{"kind": "irregular", "switches": 6, "ports_per_switch": 6, "links": [{}], "hosts": [{hs}]}}"#,
        json(&links)
    )
}

#[test]
fn routers_of_different_host_counts_in_planes_keep_their_goldens() {
    // a k-ary n-tree's leaves have k hosts and its other switches none; an irregular network
    // drawn with 0 to 3 hosts a switch, each router's hosts on its first ports
    let dir = crate::common::fresh_dir("planes_shapes", "uneven");
    let file = dir.join("uneven.json");
    std::fs::write(&file, uneven_hosts(false)).unwrap();
    let tree = |k: u32, n: u32, routing: &str, rate: &str| {
        format!(
            "seed = 3\ncycles = 3000\nwarmup = 500\n[topology]\nkind = \"fattree\"\nk = {k}\nn = {n}\n\
             [routing]\nalgorithm = \"{routing}\"\n[traffic]\npattern = \"uniform\"\nrate = {rate}\n\
             message_bytes = 16\n[switch]\nfamily = \"vc\"\nvcs = 2\nvc_buffer_flits = 8\n"
        )
    };
    let irregular = format!(
        "seed = 5\ncycles = 3000\nwarmup = 500\n[topology]\nkind = \"file\"\nfile = {:?}\n\
         [routing]\nalgorithm = \"updown\"\n[traffic]\npattern = \"uniform\"\nrate = 0.3\n\
         message_bytes = 8\n[switch]\nfamily = \"vc\"\nvcs = 2\nvc_buffer_flits = 4\n",
        file.to_str().unwrap()
    );
    for (what, toml) in [
        (
            "4-ary 3-tree, up*/down*, light",
            tree(4, 3, "updown", "0.1"),
        ),
        (
            "4-ary 3-tree, up*/down*, past saturation",
            tree(4, 3, "updown", "0.6"),
        ),
        ("2-ary 4-tree, up*/down*", tree(2, 4, "updown", "0.4")),
        ("irregular, 0 to 3 hosts a switch", irregular.clone()),
    ] {
        let c = flitwave::experiment::config::Config::from_toml(&toml, &[]).unwrap();
        let delivered = against_golden(what, vc_network(&c), 3000);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
    // a switch whose host follows its ports to routers (hosts on any ports: below)
    std::fs::write(&file, uneven_hosts(true)).unwrap();
    let c = flitwave::experiment::config::Config::from_toml(&irregular, &[]).unwrap();
    let what = "irregular, a host behind the ring ports";
    let delivered = against_golden(what, vc_network(&c), 3000);
    assert!(delivered > 300, "{what}: {delivered} packets delivered");
}

#[test]
fn routers_with_hosts_on_any_ports_in_planes_keep_their_goldens() {
    // a topology file of 6 routers of 5 ports in a ring with a chord, the hosts on whatever
    // ports the file gives them: last, in the middle, first, two apart, none
    let links = [
        [0, 0, 1, 1],
        [1, 0, 2, 1],
        [2, 0, 3, 1],
        [3, 0, 4, 1],
        [4, 0, 5, 1],
        [5, 0, 0, 1],
        [0, 2, 3, 2],
    ];
    let hosts = [
        [0, 0, 4],
        [1, 0, 3],
        [2, 1, 2],
        [3, 1, 4],
        [4, 2, 2],
        [5, 2, 4],
        [6, 3, 3],
        [7, 4, 2],
        [8, 4, 3],
        [9, 4, 4],
    ];
    let topo = serde_json::json!({
        "switches": 6,
        "ports_per_switch": 5,
        "links": links,
        "hosts": hosts,
    });
    let dir = crate::common::fresh_dir("planes_shapes", "hosts-anywhere");
    let file = dir.join("ring.json");
    std::fs::write(&file, topo.to_string()).unwrap();
    for (what, rate) in [("light", "0.05"), ("past saturation", "0.5")] {
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/dl.toml"),
            &[
                "topology.kind=\"file\"".into(),
                format!("topology.file={:?}", file.to_str().unwrap()),
                "routing.algorithm=\"updown\"".into(),
                "switch.vc_buffer_flits=16".into(),
                "traffic.message_bytes=8".into(),
                format!("traffic.rate={rate}"),
            ],
        )
        .unwrap();
        let what = format!("hosts on any ports, {what}");
        let delivered = against_golden(&what, vc_network(&c), 4000);
        assert!(delivered > 200, "{what}: {delivered} packets delivered");
    }
}
