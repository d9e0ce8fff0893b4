//! Network testbenches: whole Myrinet networks under traffic. Invariants (flit conservation, no
//! slack overflow, no misdelivery, no deadlock with up*/down*), the deadlock watchdog, zero-load
//! latency, and determinism of statistics and waveforms.

use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::experiment::sweep;
use flitwave::sim::trace::{TraceConfig, Tracer};

fn cfg(overrides: &[&str]) -> Config {
    let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    Config::from_toml(flitwave::experiment::config::DEFAULT_TOML, &o).unwrap()
}

fn run(c: &Config) -> flitwave::fabric::Summary {
    let mut net = build::build(c).unwrap().network;
    net.run(c.cycles);
    net.summary()
}

#[test]
fn default_run_is_healthy_and_accepts_the_offered_load() {
    let c = cfg(&["cycles=60000", "warmup=10000"]);
    let s = run(&c);
    assert!(s.healthy(), "{}", s.report());
    assert!(s.measured_packets > 200, "{}", s.measured_packets);
    let acc = s.accepted_flits_per_cycle_per_host;
    assert!(
        (acc - c.traffic.rate).abs() < 0.1 * c.traffic.rate,
        "below saturation accepted {acc} ≈ offered {}",
        c.traffic.rate
    );
    let flitwave::fabric::Section::Myrinet(m) = &s.section else {
        panic!("the default network is a Myrinet network");
    };
    assert!(m.max_slack_level <= 72);
}

#[test]
fn no_deadlock_or_loss_beyond_saturation_across_topologies_and_patterns() {
    let patterns = ["uniform", "bit-reversal", "local3", "hot-spot:20@5"];
    for (i, sw) in [8usize, 16, 32].iter().enumerate() {
        for (j, pat) in patterns.iter().enumerate() {
            let seed = 10 + i * 4 + j;
            for bytes in [32, 512] {
                let c = cfg(&[
                    &format!("seed={seed}"),
                    &format!("topology.switches={sw}"),
                    &format!("traffic.pattern=\"{pat}\""),
                    &format!("traffic.message_bytes={bytes}"),
                    "traffic.rate=0.6",
                    "cycles=25000",
                    "warmup=5000",
                    "watchdog_cycles=5000",
                ]);
                let s = run(&c);
                assert!(
                    s.healthy(),
                    "{sw} switches, {pat}, {bytes} B, seed {seed}:\n{}",
                    s.report()
                );
                assert!(s.delivered_packets > 0);
                assert!(
                    s.suppressed_packets > 0 || s.pending_packets > 0,
                    "rate 0.6 is beyond saturation"
                );
            }
        }
    }
}

#[test]
fn shortest_selection_is_also_deadlock_free() {
    for seed in 1..4 {
        let c = cfg(&[
            &format!("seed={seed}"),
            "routing.paths=\"shortest\"",
            "topology.switches=32",
            "traffic.rate=0.5",
            "cycles=20000",
            "warmup=2000",
            "watchdog_cycles=5000",
        ]);
        let s = run(&c);
        assert!(s.healthy(), "{}", s.report());
    }
}

#[test]
fn watchdog_reports_the_wait_cycle_of_a_deadlocked_torus() {
    // dimension-order routes on a torus without virtual channels have cyclic channel
    // dependencies; under heavy load the wormhole network deadlocks and the watchdog must say so
    let c = cfg(&[
        "topology.kind=\"torus\"",
        "topology.dims=\"4x4\"",
        "routing.algorithm=\"dor\"",
        "traffic.message_bytes=1024",
        "traffic.rate=0.9",
        "cycles=100000",
        "warmup=1000",
        "watchdog_cycles=2000",
    ]);
    let s = run(&c);
    let d = s.deadlock.expect("the torus must deadlock");
    assert!(d.contains("wait cycle: sw"), "{d}");
    assert!(s.conservation_ok, "flits are still conserved in a deadlock");
    assert!(s.cycles < 100000, "the run stops at the deadlock");
}

#[test]
fn zero_load_latency_matches_the_hardware_pipeline() {
    // a lone message: 8 cycles NIC→switch, 24 + 8 per switch crossed, then payload - 1 cycles
    // until the tail is copied (latency = delivery cycle - generation cycle, as BookSim counts)
    let c = cfg(&[
        "traffic.message_bytes=32",
        "traffic.rate=0.00002",
        "cycles=1500000",
        "warmup=1000",
    ]);
    let s = run(&c);
    assert!(s.healthy());
    assert!(s.measured_packets > 50, "{}", s.measured_packets);
    let hops = s.avg_hops.unwrap();
    let expect = 8.0 + 32.0 * (hops + 1.0) + 31.0;
    let lat = s.network_latency.unwrap().cycles;
    assert!(
        lat >= expect - 1e-9,
        "latency {lat} below the pipeline bound {expect}"
    );
    assert!(lat < expect * 1.02, "latency {lat} vs zero-load {expect}");
}

#[test]
fn same_seed_same_statistics_and_vcd_bytes() {
    let c = cfg(&["cycles=20000", "warmup=2000"]);
    let a = run(&c);
    let b = run(&c);
    assert_eq!(a, b);
    let other = run(&cfg(&["cycles=20000", "warmup=2000", "seed=2"]));
    assert_ne!(a, other, "a different seed gives a different run");

    let vcd = |name: &str| {
        let mut net = build::build(&c).unwrap().network;
        let path = std::path::PathBuf::from(format!("waves/test_net_{name}.vcd"));
        let tc = TraceConfig {
            scopes: vec!["network.sw3".into(), "network.nic12".into()],
            window: Some((1000, 3000)),
            period_ps: 6250,
            ..Default::default()
        };
        let mut tr = Tracer::create_file(&path, "network", &net, tc).unwrap();
        flitwave::with_network!(&mut net, n => n.run_with(3000, |n| tr.sample(n.now() - 1, n)))
            .unwrap();
        tr.finish().unwrap();
        std::fs::read(&path).unwrap()
    };
    let v1 = vcd("a");
    let v2 = vcd("b");
    assert!(v1.len() > 1000);
    assert_eq!(v1, v2);
}

#[test]
fn sweep_is_deterministic_whatever_the_thread_count() {
    let c = cfg(&["cycles=15000", "warmup=2000", "topology.switches=8"]);
    let rates = [0.02, 0.1, 0.3];
    let one = sweep::run(&c, &rates, Some(1), false).unwrap();
    let two = sweep::run(&c, &rates, Some(2), false).unwrap();
    assert_eq!(one, two);
    assert!(one.all_healthy);
    assert!(one.throughput_flits_per_ns_per_switch > 0.0);
}

#[test]
fn network_waveform_opens_in_wellen_with_the_hardware_hierarchy() {
    let c = cfg(&["cycles=4000", "warmup=100", "traffic.rate=0.2"]);
    let mut net = build::build(&c).unwrap().network;
    let path = std::path::Path::new("waves/test_net_hier.vcd");
    let tc = TraceConfig {
        scopes: vec!["network.sw3".into(), "network.nic12".into()],
        window: Some((0, 4000)),
        period_ps: 6250,
        ..Default::default()
    };
    let mut tr = Tracer::create_file(path, "network", &net, tc).unwrap();
    flitwave::with_network!(&mut net, n => n.run_with(4000, |n| tr.sample(n.now() - 1, n)))
        .unwrap();
    tr.finish().unwrap();
    let w = wellen::simple::read(path).expect("wellen parses the VCD");
    let h = w.hierarchy();
    let names: Vec<String> = h.all_vars().map(|v| h[v].full_name(h)).collect();
    for want in [
        "network.sw3.in4.slack.level",
        "network.sw3.in4.slack.stop",
        "network.nic12.send_dma.state",
        "network.sw3.out4.go",
    ] {
        assert!(
            names.iter().any(|n| n == want),
            "{want} missing; have e.g. {:?}",
            &names[..names.len().min(12)]
        );
    }
    assert!(
        !names.iter().any(|n| n.starts_with("network.sw2.")),
        "scope filter"
    );
}

/// Every switch port and NIC of a waveform says what it is wired to (`peer`), and the peers
/// agree with the network's links, in each family (Myrinet irregular, vc mesh, vct torus).
#[test]
fn waveform_ports_name_their_link_peers() {
    use flitwave::fabric::network::Endpoint;
    let families: [&[&str]; 3] = [
        &[],
        &[
            "switch.family=\"vc\"",
            "topology.kind=\"mesh\"",
            "topology.dims=\"3x3\"",
            "routing.algorithm=\"dor\"",
        ],
        &[
            "switch.family=\"vct\"",
            "topology.kind=\"torus\"",
            "topology.dims=\"3x3\"",
            "routing.algorithm=\"dor\"",
        ],
    ];
    for (k, extra) in families.iter().enumerate() {
        let mut o = vec!["cycles=10", "warmup=0"];
        o.extend_from_slice(extra);
        let c = cfg(&o);
        let b = build::build(&c).unwrap();
        let (mut net, topo) = (b.network, b.topology);
        // a port the topology names (a mesh's `xp`) is `in_xp` and `sw1.xp`, else `in3`, `sw1.p3`
        let scope = |dir: &str, sw: usize, port: usize| match topo.port_name(port) {
            Some(n) => format!("sw{sw}.{dir}_{n}"),
            None => format!("sw{sw}.{dir}{port}"),
        };
        let peer = |e: Endpoint| match e {
            Endpoint::Switch { sw, port } => match topo.port_name(port) {
                Some(n) => format!("sw{sw}.{n}"),
                None => e.to_string(),
            },
            Endpoint::Nic(_) => e.to_string(),
        };
        let path = std::path::PathBuf::from(format!("waves/test_net_peers{k}.vcd"));
        let tc = TraceConfig {
            scopes: vec![],
            window: None,
            period_ps: 6250,
            ..Default::default()
        };
        let mut tr = Tracer::create_file(&path, "network", &net, tc).unwrap();
        let ends = flitwave::with_network!(&mut net, n => {
            n.run_with(3, |n| tr.sample(n.now() - 1, n)).unwrap();
            (0..n.links().len()).map(|l| n.link_ends(l)).collect::<Vec<_>>()
        });
        tr.finish().unwrap();
        let mut w = wellen::simple::read(&path).unwrap();
        let mut checked = 0;
        for (a, b) in ends {
            let mut want = vec![];
            if let Endpoint::Switch { sw, port } = b {
                want.push((scope("in", sw, port), peer(a)));
            }
            match a {
                Endpoint::Switch { sw, port } => want.push((scope("out", sw, port), peer(b))),
                Endpoint::Nic(h) => want.push((format!("nic{h}"), peer(b))),
            }
            for (scope, peer) in want {
                let mut path = vec!["network"];
                path.extend(scope.split('.'));
                let h = w.hierarchy();
                let var = h
                    .lookup_var(&path, "peer")
                    .unwrap_or_else(|| panic!("family {k}: network.{scope}.peer missing"));
                let sig = h[var].signal_ref();
                w.load_signals(&[sig]);
                let s = w.get_signal(sig).unwrap();
                let v = match s.get_value_at(&s.get_offset(0).unwrap(), 0) {
                    wellen::SignalValueRef::String(x) => x.to_string(),
                    other => panic!("{other:?}"),
                };
                assert_eq!(v, peer, "family {k}: network.{scope}.peer");
                assert_eq!(s.iter_changes().count(), 1, "a peer is written once");
                checked += 1;
            }
        }
        assert!(checked > 20, "family {k}: {checked} peers");
        assert!(
            flitwave::sim::gtkw::save_path(&path).exists(),
            "save file beside the VCD"
        );
    }
}

/// The paper's constants are defined once (the blocks' defaults); the configuration's defaults
/// and the embedded default file agree with them key for key.
#[test]
fn defaults_are_defined_once_and_the_default_file_agrees() {
    use flitwave::blocks::nic::itb::ItbParams;
    use flitwave::fabric::myrinet::switch::SwitchParams;
    let embedded = Config::from_toml(flitwave::experiment::config::DEFAULT_TOML, &[]).unwrap();
    // a parsed configuration records the family's routing delay in force
    let mut d = Config::default();
    d.switch.routing_cycles = Some(flitwave::fabric::registry::routing_cycles(&d.switch));
    assert_eq!(embedded, d, "configs/default.toml restates the defaults");
    let (sw, itb) = (SwitchParams::default(), ItbParams::default());
    let c = Config::default();
    assert_eq!(
        c.switch.myrinet.first_flit_latency_cycles,
        sw.first_flit_latency
    );
    assert_eq!(c.switch.myrinet.slack_bytes, sw.slack.capacity);
    assert_eq!(c.nic.myrinet.itb_detect_cycles, itb.detect_cycles);
    // and they are seed 000's (§4.3-4.5): 150 ns, 80 bytes, 56/40, 275 ns, 200 ns, 8 flits
    assert_eq!(
        (
            sw.first_flit_latency,
            sw.slack.capacity,
            sw.slack.stop_above,
            sw.slack.go_below
        ),
        (24, 80, 56, 40)
    );
    assert_eq!((itb.detect_cycles, itb.program_cycles), (44, 32));
    assert_eq!((c.link.fly_cycles, c.link.clock_ns), (8, 6.25));
}
