//! Statistics testbench: latency percentiles against exact ones, link utilisation against the
//! flits the links carried, the busiest links of a known pattern, input-buffer occupancy, the
//! same numbers with sleeping on and off and at 1 and 2 sweep threads, the heat map, and a
//! latency that counts the wait in a source queue, against a hand computation.

use crate::common::{fails_with, flitwave};
use flitwave::experiment::build;
use flitwave::experiment::config::{Config, DEFAULT_TOML};
use flitwave::experiment::sweep;
use flitwave::fabric::registry::AnyNetwork;
use flitwave::fabric::vc::VcFamily;
use flitwave::fabric::{Endpoint, Network, Nic};
use flitwave::stats::heatmap;
use flitwave::stats::percentiles::{exact_quantile, Percentiles, QUANTILES};
use flitwave::with_network;

const MESH: &str = include_str!("../configs/booksim-iq.toml");

fn cfg(base: &str, over: &[&str]) -> Config {
    let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
    Config::from_toml(base, &o).unwrap()
}

/// A 4x4 vc mesh (BookSim2's iq router), DOR, with `over` on top.
fn mesh(over: &[&str]) -> Config {
    let mut o = vec!["topology.dims=\"4x4\""];
    o.extend_from_slice(over);
    cfg(MESH, &o)
}

/// A 2-ary 3-tree of vct switches.
fn tree(over: &[&str]) -> Config {
    let mut o = vec![
        "switch.family=\"vct\"",
        "topology.kind=\"fattree\"",
        "topology.k=2",
        "topology.n=3",
        "routing.algorithm=\"fir-det\"",
        "routing.selection=\"only\"",
        "traffic.message_bytes=64",
    ];
    o.extend_from_slice(over);
    cfg(DEFAULT_TOML, &o)
}

fn vc_net(c: &Config) -> Network<VcFamily> {
    match build::build(c).unwrap().network {
        AnyNetwork::Vc(n) => n,
        _ => panic!("not a vc network"),
    }
}

fn ordered(p: &Percentiles) -> bool {
    p.p50 <= p.p90 && p.p90 <= p.p99 && p.p99 <= p.max
}

#[test]
fn percentiles_match_the_exact_ones_of_the_packets_latencies() {
    // a 4x4 mesh near saturation: latencies spread from tens to hundreds of cycles
    for rate in ["traffic.rate=0.1", "traffic.rate=0.4"] {
        let c = mesh(&[rate, "cycles=8000", "warmup=1000"]);
        let mut n = vc_net(&c);
        n.stats.log = Some(Vec::new());
        n.run(c.cycles);
        let s = n.summary();
        let log = n.stats.log.take().unwrap();
        assert_eq!(log.len() as u64, s.measured_packets, "{rate}");
        assert!(log.len() > 500, "{rate}: {} packets", log.len());
        for (i, p, pns) in [
            (0, s.latency_percentiles, s.latency_percentiles_ns),
            (
                1,
                s.network_latency_percentiles,
                s.network_latency_percentiles_ns,
            ),
        ] {
            let (p, pns) = (p.unwrap(), pns.unwrap());
            let mut v: Vec<u64> = log.iter().map(|x| if i == 0 { x.0 } else { x.1 }).collect();
            v.sort_unstable();
            for (q, got) in QUANTILES.iter().zip([p.p50, p.p90, p.p99]) {
                let want = exact_quantile(&v, *q) as f64;
                // 3 significant digits: exact below 2048 cycles, within 0.1 % above
                if want < 2048.0 {
                    assert_eq!(got, want, "{rate} latency {i} q {q}");
                } else {
                    assert!(got >= want && got <= want * 1.001, "{rate} q {q}");
                }
            }
            assert_eq!(p.max, *v.last().unwrap() as f64);
            assert!(ordered(&p), "{p:?}");
            assert!(p.p50 < p.max, "{rate}: a spread of latencies, {p:?}");
            assert_eq!(pns, p.scaled(c.link.clock_ns));
        }
        // the mean lies inside the distribution, max is the existing maximum
        let lp = s.latency_percentiles.unwrap();
        assert_eq!(lp.max, s.max_latency_cycles as f64);
        assert!(s.latency.unwrap().cycles <= lp.max);
    }
}

#[test]
fn link_utilisation_counts_the_flits_each_link_carried_in_the_window() {
    // the window: counters taken by hand at the first measured cycle
    let c = mesh(&["traffic.rate=0.2", "cycles=6000", "warmup=2000"]);
    let mut n = vc_net(&c);
    n.run(2000);
    assert!(
        n.link_loads().is_none(),
        "no window before the warm-up ends"
    );
    let at: Vec<u32> = n.links().iter().map(|l| l.flits_sent()).collect();
    n.run(4000);
    let loads = n.link_loads().unwrap();
    assert_eq!(n.window_cycles(), Some(4000));
    for (i, l) in loads.iter().enumerate() {
        let sent = n.links()[i].flits_sent().wrapping_sub(at[i]) as u64;
        assert_eq!(l.flits, sent, "link {i}");
        assert_eq!(l.utilisation, sent as f64 / 4000.0);
        assert!(l.utilisation <= 1.0);
        assert_eq!((l.from, l.to), n.link_ends(i));
    }
    let s = n.summary();
    let ls = s.links.unwrap();
    let total: u64 = loads.iter().map(|l| l.flits).sum();
    assert_eq!(ls.switch_links.flits + ls.host_links.flits, total);
    assert_eq!(ls.switch_links.links, 2 * 24, "a 4x4 mesh has 24 cables");
    assert_eq!(ls.host_links.links, 2 * 16);
    assert!(ls.switch_links.max_utilisation >= ls.switch_links.mean_utilisation);
    assert!(ls.switch_links.mean_utilisation > 0.0);
    // from cycle 0 to drained, every family: injection links carry what the NICs injected,
    // ejection links what they took off, and (vc) switch links plus ejection what crossed
    // the crossbars
    for c in [
        mesh(&["traffic.rate=0.2", "warmup=0"]),
        tree(&["traffic.rate=0.3", "warmup=0"]),
        cfg(DEFAULT_TOML, &["traffic.rate=0.1", "warmup=0"]),
    ] {
        let mut net = build::build(&c).unwrap().network;
        with_network!(&mut net, n => {
            n.run(3000);
            n.stop_traffic();
            let mut guard = 0;
            while !n.drained() {
                n.run(100);
                guard += 1;
                assert!(guard < 2000, "drains");
            }
            let loads = n.link_loads().unwrap();
            let sum = |f: &dyn Fn(&Endpoint, &Endpoint) -> bool| -> u64 {
                loads.iter().filter(|l| f(&l.from, &l.to)).map(|l| l.flits).sum()
            };
            let inj = sum(&|a, _| matches!(a, Endpoint::Nic(_)));
            let ej = sum(&|_, b| matches!(b, Endpoint::Nic(_)));
            let injected: u64 = n.nics.iter().map(|x| x.injected_flits()).sum();
            let ejected: u64 = n.nics.iter().map(|x| x.ejected_flits()).sum();
            assert!(injected > 1000, "{}", c.switch.family);
            assert_eq!(inj, injected, "{}", c.switch.family);
            assert_eq!(ej, ejected, "{}", c.switch.family);
            let s = n.summary().links.unwrap();
            assert_eq!(s.host_links.flits, inj + ej);
        });
        if let AnyNetwork::Vc(n) = &net {
            let loads = n.link_loads().unwrap();
            let out: u64 = loads
                .iter()
                .filter(|l| matches!(l.from, Endpoint::Switch { .. }))
                .map(|l| l.flits)
                .sum();
            let crossed: u64 = n.switches().iter().map(|s| s.forwarded()).sum();
            assert_eq!(out, crossed);
        }
    }
}

#[test]
fn dor_transpose_loads_the_four_expected_links_most() {
    // 4x4 mesh, one host per router, host x + 4y sends to y + 4x; XY routing puts three flows
    // on exactly four links — (2,3)->(3,3), (1,0)->(0,0), (0,0)->(0,1), (3,3)->(3,2) — and
    // at most two on any other
    let c = mesh(&[
        "traffic.pattern=\"transpose\"",
        "traffic.rate=0.05",
        "cycles=40000",
        "warmup=4000",
    ]);
    let mut n = vc_net(&c);
    n.run(c.cycles);
    let s = n.summary();
    let busy = s.links.unwrap().busiest;
    assert_eq!(busy.len(), 10);
    let top: std::collections::BTreeSet<(usize, usize)> = busy[..4]
        .iter()
        .map(|b| {
            let (a, z) = b.link.split_once(" -> ").unwrap();
            let sw = |e: &str| e[2..e.find('.').unwrap()].parse::<usize>().unwrap();
            (sw(a), sw(z))
        })
        .collect();
    let want = [(14, 15), (1, 0), (0, 4), (15, 11)].into_iter().collect();
    assert_eq!(top, want, "{busy:?}");
    // three flows of 0.05 flits/cycle each, against two on the fifth
    for b in &busy[..4] {
        assert!((b.utilisation - 0.15).abs() < 0.03, "{b:?}");
    }
    assert!(busy[4].utilisation < 0.12, "{:?}", busy[4]);
    assert!(busy.windows(2).all(|w| w[0].flits >= w[1].flits));
}

#[test]
fn buffer_occupancy_is_zero_when_idle_and_positive_under_load() {
    let idle = vc_net(&mesh(&["traffic.rate=0.0", "cycles=3000", "warmup=300"]));
    let mut idle = idle;
    idle.run(3000);
    let o = idle.summary().vc_occupancy.unwrap();
    assert_eq!(o.mean, vec![0.0, 0.0]);
    assert_eq!(o.max, vec![0.0, 0.0]);
    for c in [
        mesh(&["traffic.rate=0.3", "cycles=6000", "warmup=600"]),
        tree(&["traffic.rate=0.5", "cycles=6000", "warmup=600"]),
        cfg(
            DEFAULT_TOML,
            &["traffic.rate=0.2", "cycles=6000", "warmup=600"],
        ),
    ] {
        let mut net = build::build(&c).unwrap().network;
        net.run(c.cycles);
        let o = net.summary().vc_occupancy.unwrap();
        let vcs = if c.switch.family == "vc" { 2 } else { 1 };
        assert_eq!(o.mean.len(), vcs, "{}", c.switch.family);
        for v in 0..vcs {
            assert!(o.mean[v] > 0.0, "{} {o:?}", c.switch.family);
            assert!(o.max[v] >= o.mean[v]);
        }
        // no buffer holds more than it can on average
        let cap = if c.switch.family == "vc" { 8.0 } else { 1e6 };
        assert!(o.max.iter().all(|&m| m <= cap), "{o:?}");
    }
}

#[test]
fn the_new_figures_do_not_depend_on_sleeping_or_threads() {
    let c = mesh(&["traffic.rate=0.25", "cycles=8000"]);
    let (mut a, mut b) = (vc_net(&c), vc_net(&c));
    b.no_sleep();
    a.run(c.cycles);
    b.run(c.cycles);
    let (sa, sb) = (a.summary(), b.summary());
    assert!(sa.links.is_some() && sa.vc_occupancy.is_some() && sa.latency_percentiles.is_some());
    assert_eq!(sa, sb);
    assert_eq!(a.link_loads(), b.link_loads());
    let rates = [0.05, 0.2, 0.35];
    let c = mesh(&["cycles=5000"]);
    let one = sweep::run(&c, &rates, Some(1), false).unwrap();
    let two = sweep::run(&c, &rates, Some(2), false).unwrap();
    for (x, y) in one.points.iter().zip(&two.points) {
        assert_eq!(x.summary, y.summary);
        assert!(x.summary.vc_occupancy.is_some());
    }
}

/// A minimal XML well-formedness check: tags balance, attributes are quoted; returns the
/// start tags (name and attribute text).
fn xml_elements(s: &str) -> Vec<(String, String)> {
    let mut stack: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        assert!(!rest[..i].contains('>'), "stray '>' in text");
        let r = &rest[i + 1..];
        let end = r.find('>').expect("a tag is closed");
        let tag = &r[..end];
        rest = &r[end + 1..];
        if tag.starts_with('?') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()), "balanced tags");
            continue;
        }
        let selfclose = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, attrs) = tag.split_once(' ').unwrap_or((tag, ""));
        assert_eq!(
            attrs.matches('"').count() % 2,
            0,
            "quoted attributes: {tag}"
        );
        assert!(!attrs.contains('<'));
        out.push((name.to_string(), attrs.to_string()));
        if !selfclose {
            stack.push(name.to_string());
        }
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    out
}

fn attr<'a>(attrs: &'a str, key: &str) -> Option<&'a str> {
    let k = format!(" {key}=\"");
    let i = format!(" {attrs}").find(&k)?;
    let v = &attrs[i + k.len() - 1..];
    Some(&v[..v.find('"')?])
}

#[test]
fn the_heat_map_draws_every_link_once_coloured_by_its_load() {
    for c in [
        mesh(&[
            "traffic.pattern=\"transpose\"",
            "traffic.rate=0.05",
            "cycles=6000",
        ]),
        mesh(&[
            "topology.kind=\"torus\"",
            "routing.algorithm=\"dor-dateline\"",
            "cycles=3000",
            "warmup=300",
        ]),
        tree(&["traffic.rate=0.2", "cycles=3000", "warmup=300"]),
        cfg(
            DEFAULT_TOML,
            &["traffic.rate=0.05", "cycles=6000", "warmup=600"],
        ),
    ] {
        let b = build::build(&c).unwrap();
        let mut net = b.network;
        net.run(c.cycles);
        let loads = with_network!(&net, n => n.link_loads()).unwrap();
        let fig = heatmap::Figure {
            topo: &b.topology,
            loads: &loads,
            title: "t & <title>".into(),
            subtitle: "s".into(),
        };
        let svg = heatmap::svg(&fig);
        let els = xml_elements(&svg);
        assert_eq!(els[0].0, "svg");
        assert_eq!(els[1].0, "metadata", "what made the map comes first");
        assert!(svg.contains(&format!(
            "<metadata>flitwave {} (commit ",
            env!("CARGO_PKG_VERSION")
        )));
        let links: Vec<&(String, String)> = els
            .iter()
            .filter(|e| attr(&e.1, "class") == Some("link"))
            .collect();
        assert_eq!(links.len(), loads.len(), "{:?}", c.topology.kind);
        let names: std::collections::BTreeSet<String> = links
            .iter()
            .map(|e| attr(&e.1, "data-link").unwrap().replace("&gt;", ">"))
            .collect();
        let want: std::collections::BTreeSet<String> = loads.iter().map(|l| l.name()).collect();
        assert_eq!(names, want);
        let fill = |name: &str| {
            let e = links
                .iter()
                .find(|e| attr(&e.1, "data-link").unwrap().replace("&gt;", ">") == name)
                .unwrap();
            attr(&e.1, "fill").unwrap().to_string()
        };
        let top = loads.iter().max_by_key(|l| l.flits).unwrap();
        assert!(top.flits > 0);
        if let Some(idle) = loads.iter().find(|l| l.flits == 0) {
            assert_eq!(fill(&idle.name()), heatmap::IDLE);
        }
        let low = loads
            .iter()
            .filter(|l| l.flits > 0)
            .min_by_key(|l| l.flits)
            .unwrap();
        assert_ne!(
            fill(&top.name()),
            fill(&low.name()),
            "{:?}",
            c.topology.kind
        );
        assert_ne!(fill(&top.name()), heatmap::IDLE);
        assert!(
            svg.contains(&top.name().replace('>', "&gt;")),
            "busiest listed"
        );
        assert!(svg.contains("t &amp; &lt;title&gt;"));
    }
}

#[test]
fn run_and_fattree_write_a_heat_map_and_refuse_bad_paths() {
    let dir = std::env::temp_dir().join(format!("flitwave-heatmap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("sub/mesh.svg");
    let ps = p.to_str().unwrap();
    let (ok, out, err) = flitwave(&[
        "run",
        "--config",
        "configs/booksim-iq.toml",
        "--cycles",
        "3000",
        "--heatmap",
        ps,
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("heat map written"), "{err}");
    assert!(out.contains("busiest links"), "{out}");
    let svg = std::fs::read_to_string(&p).unwrap();
    assert!(svg.contains("8x8 mesh") && svg.contains("routing dor"));
    let t = dir.join("tree.svg");
    let (ok, _, err) = flitwave(&[
        "fattree",
        "--k",
        "2",
        "--n",
        "3",
        "--cycles",
        "3000",
        "--heatmap",
        t.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(std::fs::read_to_string(&t).unwrap().contains("stage 2"));
    // a parent that is a file, a directory, another extension
    let f = dir.join("file");
    std::fs::write(&f, "x").unwrap();
    let under = f.join("x.svg");
    fails_with(
        &[
            "run",
            "--cycles",
            "2000",
            "--heatmap",
            under.to_str().unwrap(),
        ],
        &["--heatmap", "cannot create directory"],
    );
    assert!(!under.exists());
    fails_with(
        &[
            "run",
            "--cycles",
            "2000",
            "--heatmap",
            dir.to_str().unwrap(),
        ],
        &["--heatmap", ".svg"],
    );
    let d = dir.join("d.svg");
    std::fs::create_dir_all(&d).unwrap();
    fails_with(
        &["run", "--cycles", "2000", "--heatmap", d.to_str().unwrap()],
        &["--heatmap", "is a directory"],
    );
    fails_with(
        &[
            "run",
            "--cycles",
            "2000",
            "--heatmap",
            dir.join("m.png").to_str().unwrap(),
        ],
        &["--heatmap", "ending in .svg"],
    );
    // a run that fails leaves an existing file as it was, and no partial file
    std::fs::write(&t, "keep").unwrap();
    fails_with(
        &[
            "run",
            "--cycles",
            "2000",
            "--set",
            "topology.switches=0",
            "--heatmap",
            t.to_str().unwrap(),
        ],
        &["switches"],
    );
    assert_eq!(std::fs::read_to_string(&t).unwrap(), "keep");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A trace's network-wide completion time is when 99 % of its payload has been delivered: one
/// late packet sets the execution time (its last delivery), not the completion. 99 equal
/// packets early and one 20,000 cycles later: the completion falls after the 99th delivery,
/// the execution time after the last.
#[test]
fn a_traces_completion_time_is_its_99_percent_delivery() {
    let mut inj: Vec<(u64, u32, u32, u32)> = (0..99u32)
        .map(|i| (10 * i as u64, i % 64, (i * 13 + 5) % 64, 20))
        .collect();
    inj.push((20_000, 3, 60, 20));
    let c = crate::common::booksim_preset(&["traffic.rate=0", "warmup=0"]);
    let mut net = crate::common::vc_network(&c);
    net.load_trace(&inj, u32::MAX).unwrap();
    let exec = net.run_workload(100_000).expect("the trace finishes");
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    let done = s.completion_99_cycles.expect("99 % delivered");
    assert!(exec > 20_000, "{exec}");
    assert!(
        (990..2_000).contains(&done),
        "99 packets by ~1,000 cycles: {done}"
    );
    assert_eq!(s.delivered_packets, 100);
    // without a trace there is no completion mark
    let mut plain = crate::common::vc_network(&crate::common::booksim_preset(&[
        "traffic.rate=0.05",
        "cycles=2000",
        "warmup=200",
    ]));
    plain.run(2000);
    assert_eq!(plain.summary().completion_99_cycles, None);
}

/// What counting latency from a packet's generation is for: the time it waits in a source
/// queue that cannot drain is part of its latency. Host 0 of a 2x1 mesh of BookSim2's iq
/// routers generates a 20-flit packet for host 1 every 10 cycles, 40 of them (cycles 0, 10,
/// ..., 390), twice what its link carries. By hand: the link sends one flit a cycle, so packet
/// k's flits follow packet k − 1's without a gap and its tail arrives 20 k cycles after packet
/// 0's; packet 0 crosses the empty network in the zero-load 4·D + 25 cycles of D = 1 hop (2 to
/// inject, 4 per router for the D + 1 = 2 routers, 19 for its body: 29), so packet k's
/// latency is 29 + 20 k − 10 k, the mean 29 + 10 · 39 / 2 = 224 cycles. Counted from the
/// injection of its first flit, every packet would show about the same 29.
#[test]
fn latency_counts_the_wait_in_a_source_queue_that_cannot_drain() {
    let mut net = vc_net(&cfg(
        MESH,
        &["topology.dims=\"2x1\"", "traffic.rate=0", "warmup=0"],
    ));
    let n = 40u64;
    let inj: Vec<_> = (0..n).map(|k| (10 * k, 0, 1, 20)).collect();
    net.load_trace(&inj, 20).unwrap();
    net.run_workload(100_000).expect("the trace finishes");
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    assert_eq!(s.delivered_packets, n);
    let zero_load = 4 + 25;
    let want = (0..n).map(|k| zero_load + 20 * k - 10 * k).sum::<u64>() as f64 / n as f64;
    let lat = s.latency.unwrap().cycles;
    assert_eq!(
        lat, want,
        "mean latency {lat} cycles, by hand {want}: the source queue's wait is counted \
         (network latency {:?})",
        s.network_latency
    );
}
