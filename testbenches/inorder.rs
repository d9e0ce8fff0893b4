//! Testbench of seed 004, the switch: the InfiniBand-style adaptive switch with
//! escape queues — fully adaptive minimal routing with up*/down* escape paths on the vc family,
//! an escape queue of one MTU beside the adaptive queue, output queues, a non-multiplexed
//! crossbar — against deterministic up*/down* forwarding tables on the same switch: it beats
//! them beyond saturation without deadlock, keeps every invariant, and bad settings are refused
//! naming the key. The sequenced NIC's tests are in `inorder_nic.rs`.

use crate::common::{fails_with, flitwave};
use flitwave::stats::saturation::{Load, Saturation};

/// A run of the seed-004 preset (configs/inorder.toml) with `args` added: its summary, after
/// checking every invariant.
fn run(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["run", "--config", "configs/inorder.toml", "--json"];
    all.extend_from_slice(args);
    let (ok, out, err) = flitwave(&all);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = v["summary"].clone();
    assert!(s["deadlock"].is_null(), "{args:?}: {}", s["deadlock"]);
    assert_eq!(s["conservation_ok"], true, "{args:?}");
    for k in [
        "buffer_overflows",
        "credit_errors",
        "route_errors",
        "misdelivered",
        "order_errors",
    ] {
        assert_eq!(s[k], 0, "{args:?} {k}");
    }
    s
}

fn accepted(s: &serde_json::Value) -> f64 {
    s["accepted_flits_per_ns_per_switch"].as_f64().unwrap()
}

const DET: [&str; 4] = ["--routing", "updown", "--paths", "forwarding"];

#[test]
fn adaptive_routing_beats_up_down_forwarding_tables_beyond_saturation() {
    // §4.2: "network throughput is double for small network sizes, and more than four times
    // for large networks"; `reproduce inorder` measures 1.75x and 4.4x by saturation
    // throughput with switch 0 as the root (docs/inorder.md), so the test asks for clearly more
    // than DET beyond saturation
    for (switches, factor) in [("16", 1.5), ("64", 3.5)] {
        let sw = format!("topology.switches={switches}");
        let common = [
            "--set", &sw, "--rate", "0.4", "--cycles", "50000", "--warmup", "10000",
        ];
        let det = accepted(&run(&[&DET[..], &common].concat()));
        let adap = run(&[&["--routing", "adaptive"][..], &common].concat());
        eprintln!(
            "{switches} switches: adaptive {} vs DET {det}",
            accepted(&adap)
        );
        assert!(
            accepted(&adap) > factor * det,
            "{switches}: {adap} vs {det}"
        );
    }
}

/// What the escape queue is for (Duato; seed 004 §1, "the busy links are skipped"): under load
/// a packet whose adaptive queues are all busy takes a free escape queue instead of waiting, so
/// the escape queues carry a real share of the flits and the summary says how much. The order
/// flitwave had before the duato selection (`max-credits`: wait on a busy adaptive queue with room) left
/// them empty, and cost adaptive routing about a quarter of its throughput.
#[test]
fn under_load_the_escape_queues_carry_flits() {
    let common = [
        "--routing",
        "adaptive",
        "--rate",
        "0.4",
        "--cycles",
        "40000",
    ];
    let duato = run(&common);
    let share = duato["vc"]["vc0_share"].as_f64().unwrap();
    let uses = duato["vc"]["vc_use"].as_array().unwrap();
    assert_eq!(uses[0]["role"], "escape");
    assert_eq!(uses[1]["role"], "adaptive");
    assert_eq!(uses[0]["share"].as_f64().unwrap(), share);
    assert!(share > 0.05, "escape share {share}");
    let waits = run(&[&common[..], &["--selection", "max-credits"]].concat());
    let old = waits["vc"]["vc0_share"].as_f64().unwrap();
    eprintln!(
        "escape share: duato {share}, max-credits {old}; accepted {} vs {}",
        accepted(&duato),
        accepted(&waits)
    );
    assert!(old < 0.01, "max-credits waits on the adaptive queue: {old}");
    assert!(accepted(&duato) > 1.1 * accepted(&waits));
}

#[test]
fn deterministic_routing_stays_in_the_adaptive_queue() {
    let s = run(&[&DET[..], &["--rate", "0.3", "--cycles", "20000"]].concat());
    assert_eq!(s["vc"]["vc0_share"], 0.0);
    assert_eq!(s["vc"]["crossbar"], "non-multiplexed");
}

#[test]
fn escape_paths_keep_the_network_alive_far_beyond_saturation() {
    // full load, uniform and bit-reversal, on an irregular network and the 4x4 torus (with
    // adaptive queues of two packets, so that packets fall into the escape queues often): the
    // one-packet escape queues fill (any write beyond them counts as an overflow) and packets
    // keep moving (the watchdog would report a deadlock)
    for extra in [
        &["--pattern", "uniform"][..],
        &["--pattern", "bit-reversal"][..],
        &[
            "--set",
            "topology.kind=\"torus\"",
            "--set",
            "topology.dims=\"4x4\"",
            "--set",
            "switch.vc_buffer_flits=512",
            "--set",
            "switch.output_buffer_flits=512",
        ][..],
    ] {
        let s = run(&[
            extra,
            &[
                "--routing",
                "adaptive",
                "--rate",
                "1.0",
                "--cycles",
                "40000",
            ],
            &["--set", "watchdog_cycles=3000"],
        ]
        .concat());
        assert!(s["delivered_packets"].as_u64().unwrap() > 1000, "{extra:?}");
        assert!(
            s["vc"]["vc0_share"].as_f64().unwrap() > 0.005,
            "{extra:?}: {s}"
        );
    }
}

#[test]
fn both_crossbars_have_the_same_zero_load_latency() {
    let lat = |xbar: &str| {
        let x = format!("switch.crossbar=\"{xbar}\"");
        run(&["--set", &x, "--rate", "0.005", "--cycles", "40000"])["network_latency"]["cycles"]
            .as_f64()
            .unwrap()
    };
    let (a, b) = (lat("multiplexed"), lat("non-multiplexed"));
    assert!((a - b).abs() < 1.0, "{a} vs {b}");
}

#[test]
fn bad_adaptive_settings_are_refused() {
    let base = ["run", "--config", "configs/inorder.toml", "--cycles", "100"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> { [&base[..], extra].concat() };
    fails_with(
        &with(&["--selection", "only"]),
        &["routing.selection", "escape", "max-credits"],
    );
    fails_with(
        &with(&["--set", "switch.escape_buffer_flits=128"]),
        &["switch.escape_buffer_flits", "256"],
    );
    fails_with(&with(&["--set", "switch.vcs=1"]), &["switch.vcs", "2"]);
    fails_with(
        &with(&["--set", "switch.switching=\"wormhole\""]),
        &["switch.switching", "cut-through"],
    );
    fails_with(
        &with(&["--set", "switch.output_buffer_flits=0"]),
        &["switch.crossbar", "output_buffer_flits"],
    );
    fails_with(
        &with(&["--set", "switch.crossbar=\"sideways\""]),
        &["switch.crossbar", "non-multiplexed"],
    );
    fails_with(
        &with(&["--routing", "updown", "--set", "switch.vcs=1"]),
        &["switch.escape_buffer_flits", "switch.vcs"],
    );
}

#[test]
#[ignore = "full tier: a tiny-scale reproduction"]
fn reproduce_inorder_runs_at_tiny_scale() {
    // every part of the reproduction, tiny: the report, the figures and the raw data appear,
    // every point healthy (the command fails otherwise)
    let dir = std::env::temp_dir().join(format!("flitwave-inorder-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let (ok, out, err) = flitwave(&[
        "reproduce",
        "inorder",
        "--cycles",
        "2000",
        "--trace-us",
        "60",
        "--quiet",
        "--out",
        d,
    ]);
    assert!(ok, "{err}");
    for part in [
        "Figure 5",
        "The up*/down* root",
        "Figure 6",
        "Table 1",
        "Table 2",
        "Figure 7",
        "Figure 8",
        "fat-trees",
        "trace's load",
    ] {
        assert!(out.contains(part), "{part} missing:\n{out}");
    }
    for f in [
        "inorder.md",
        "inorder_raw.json",
        "inorder_fig5_16sw_latency.svg",
        "inorder_fig5_64sw_mbs.svg",
        "inorder_fig6_64sw.svg",
        "inorder_fig7.svg",
        "inorder_fig8.svg",
    ] {
        assert!(dir.join(f).exists(), "{f}");
    }
    let raw: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("inorder_raw.json")).unwrap())
            .unwrap();
    assert!(raw["flitwave"]["version"].is_string());
    let points = raw["points"].as_array().unwrap();
    assert!(points.len() > 100);
    assert!(points.iter().all(|p| p["summary"]["order_errors"] == 0));
    // no curve's saturation throughput exceeds its bound (for adaptive routing, what no
    // minimal routing exceeds) by more than the measurement's noise: three standard errors of
    // the packets its knee delivered
    let mut curves: std::collections::BTreeMap<String, Vec<&serde_json::Value>> =
        Default::default();
    for p in points.iter().filter(|p| p["pattern"] != "") {
        let k = format!(
            "{} {} {} {}",
            p["figure"], p["net"], p["variant"], p["pattern"]
        );
        curves.entry(k).or_default().push(p);
    }
    assert!(curves.len() >= 16, "{} curves", curves.len());
    for (k, c) in &curves {
        let loads: Vec<Load> = c
            .iter()
            .map(|p| {
                let s: flitwave::fabric::Summary =
                    serde_json::from_value(p["summary"].clone()).unwrap();
                s.load(p["x"].as_f64().unwrap())
            })
            .collect();
        let sat = Saturation::of(&loads);
        let bound = &c[0]["bound"];
        let limit = bound[1].as_f64().or(bound[0].as_f64()).expect("a bound");
        let Some(knee) = sat.knee_rate else { continue };
        let n = loads
            .iter()
            .find(|l| l.rate == knee)
            .unwrap()
            .delivered
            .max(1) as f64;
        let tol = 3.0 / n.sqrt();
        assert!(
            sat.throughput <= limit * (1.0 + tol),
            "{k}: saturation throughput {} above its bound {limit} (+{tol:.3})",
            sat.throughput
        );
    }
    std::fs::remove_dir_all(&dir).ok();
    fails_with(
        &["reproduce", "inorder", "--figures", "fig9", "--out", d],
        &["--figures", "fig5, roots, fig6, tables, fig8, fattree"],
    );
    fails_with(
        &["reproduce", "inorder", "--trace-us", "0", "--out", d],
        &["--trace-us"],
    );
}

/// The escape rule as the switches apply it (seed 004 §4.1 after Duato): a packet in an escape
/// queue that came down a link may only go down in the escape queues; a packet in an adaptive
/// queue may start a new up*/down* path. Read from the routing function itself over every
/// switch, input and destination: escape candidates after a down hop in VC 0 are all down
/// links, adaptive packets after a down hop may still climb, and the escape channels' direct
/// dependencies form no cycle.
#[test]
fn the_escape_rule_binds_the_escape_queue_and_only_it() {
    use flitwave::experiment::build;
    use flitwave::experiment::config::Config;
    use flitwave::routing::function::{Candidates, Query, RoutingFunction};
    use flitwave::routing::updown::UpDown;
    use flitwave::sim::packet::Header;
    use flitwave::topology::Peer;
    for sw_count in ["16", "32"] {
        let sets = [format!("topology.switches={sw_count}")];
        let cfg = Config::load(std::path::Path::new("configs/inorder.toml"), &sets).unwrap();
        let topo = build::topology(&cfg).unwrap();
        let plan = build::plan(&cfg, &topo).unwrap();
        let f = plan.functions.as_ref().unwrap();
        let ud = UpDown::new(&topo);
        let np = topo.ports_per_switch;
        let mut c = Candidates::new();
        let mut climbs_from_adaptive = false;
        // escape channel (sw, out port) -> escape channels a packet in it may ask for next
        let mut next: Vec<Vec<usize>> = vec![vec![]; topo.switches * np];
        for (sw, fsw) in f.iter().enumerate() {
            for (in_port, prev, prev_port) in topo.neighbors(sw) {
                let came_down = !ud.is_up_hop(prev, sw);
                for dst in 0..topo.num_hosts() {
                    if topo.host(dst).sw == sw {
                        continue;
                    }
                    let hdr = Header {
                        dst: dst as u32,
                        ..Default::default()
                    };
                    for in_vc in [0u8, 1] {
                        let q = Query {
                            sw: sw as u32,
                            in_port: in_port as u8,
                            in_vc,
                            hdr: &hdr,
                            route_byte: 0,
                        };
                        c.clear();
                        fsw.route(&q, &mut c);
                        for x in c.as_slice().iter().filter(|x| x.escape) {
                            let up = ud.is_up(sw, x.port as usize);
                            if in_vc == 0 {
                                assert!(
                                    !(came_down && up),
                                    "sw{sw}: an escape packet that came down climbs to port {}",
                                    x.port
                                );
                                next[prev * np + prev_port].push(sw * np + x.port as usize);
                            } else if came_down && up {
                                climbs_from_adaptive = true;
                            }
                            assert!(matches!(
                                topo.peer(sw, x.port as usize),
                                Peer::Switch { .. }
                            ));
                        }
                    }
                }
            }
        }
        assert!(
            climbs_from_adaptive,
            "{sw_count}: an adaptive packet may start a new up*/down* path"
        );
        // no cycle among the escape channels (iterative DFS, three colours)
        let mut colour = vec![0u8; next.len()];
        for s in 0..next.len() {
            if colour[s] != 0 {
                continue;
            }
            let mut stack = vec![(s, 0usize)];
            colour[s] = 1;
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                if let Some(&w) = next[v].get(*i) {
                    *i += 1;
                    assert_ne!(colour[w], 1, "{sw_count}: escape channels form a cycle");
                    if colour[w] == 0 {
                        colour[w] = 1;
                        stack.push((w, 0));
                    }
                } else {
                    colour[v] = 2;
                    stack.pop();
                }
            }
        }
    }
}
