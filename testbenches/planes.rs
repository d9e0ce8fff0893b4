//! Testbench of the VC routers evaluated together in bit planes (`fabric::vc::switch::Planes`):
//! a network's run read as a program reads it (`planes_compare::against_golden`) gives, every
//! seventh cycle, every router's registers, every 19th every router's probes (its last
//! cycle's strobes among them) and every link's flits, credits and counts, and at the end the
//! summary, buffer occupancy, link loads and conservation of its golden — blessed when the
//! same run agreed read for read with the routers evaluated one by one, stage by stage (the
//! reference the planes were built against) — on one tile and on several, on a mesh with
//! edges, at light load and past saturation, with short and long packets, transpose traffic,
//! 1 to 12 VCs of 1 to 1,024 flits, routing, credit and link delays of 0 to 12 cycles, waiting
//! for the tail credit, BookSim2's torus preset, routers of several hosts and up to 15 ports,
//! virtual cut-through and a crossbar of 0 cycles (seed 003's DL network),
//! dragonflies with links of two lengths under minimal, UGAL and Valiant routing, with and
//! without the internal speedup, the clock jumping over idle time, and quiet blocks
//! sleeping or not. The planes must carry those runs, traced, threaded or stepped by a
//! program (planes_stepped.rs), and a waveform's window sampled from the planes, their
//! registers written into the routers before each cycle of it, has the bytes of its golden
//! (those of the routers one by one when it was blessed).

use crate::common::{booksim_preset, probe_values, vc_network};
use crate::planes_compare::{against_golden, outcome, same_registers, Compare, Digest};
use flitwave::experiment::build;

#[test]
fn routers_in_planes_give_the_statistics_and_registers_of_their_goldens() {
    for (what, over, cycles) in [
        ("8x8 light", vec!["traffic.rate=0.05"], 4000),
        ("8x8 past saturation", vec!["traffic.rate=0.6"], 4000),
        (
            "12x12, three tiles",
            vec!["topology.dims=\"12x12\"", "traffic.rate=0.3"],
            2500,
        ),
        (
            "5x3, a tile in part",
            vec!["topology.dims=\"5x3\"", "traffic.rate=0.4"],
            4000,
        ),
        (
            "transpose, packets of 4 flits",
            vec![
                "traffic.pattern=\"transpose\"",
                "traffic.message_bytes=4",
                "traffic.rate=0.3",
            ],
            3000,
        ),
        (
            "packets of 1 and of 64 flits, seed 9",
            vec!["traffic.message_bytes=64", "traffic.rate=0.25", "seed=9"],
            3000,
        ),
        (
            "single-flit packets",
            vec!["traffic.message_bytes=1", "traffic.rate=0.5"],
            3000,
        ),
        (
            "routing of 1 cycle, credits at once",
            vec![
                "switch.routing_cycles=1",
                "switch.credit_delay_cycles=0",
                "traffic.rate=0.35",
            ],
            3000,
        ),
        (
            "routing of 2 cycles, credit delay 3, links of 3",
            vec![
                "switch.routing_cycles=2",
                "switch.credit_delay_cycles=3",
                "link.fly_cycles=3",
                "traffic.rate=0.3",
            ],
            3000,
        ),
        (
            "links of 1 cycle, credit delay 1",
            vec![
                "link.fly_cycles=1",
                "switch.credit_delay_cycles=1",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "waiting for the tail credit",
            vec!["switch.wait_for_tail_credit=true", "traffic.rate=0.3"],
            3000,
        ),
        (
            "4 VCs of 4 flits",
            vec![
                "switch.vcs=4",
                "switch.vc_buffer_flits=4",
                "traffic.rate=0.35",
            ],
            3000,
        ),
        (
            "3 VCs of 5 flits, tail credit, 12x12",
            vec![
                "switch.vcs=3",
                "switch.vc_buffer_flits=5",
                "switch.wait_for_tail_credit=true",
                "topology.dims=\"12x12\"",
                "traffic.rate=0.3",
            ],
            2000,
        ),
        (
            "8 VCs of 2 flits, packets of 6",
            vec![
                "switch.vcs=8",
                "switch.vc_buffer_flits=2",
                "traffic.message_bytes=6",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "1 VC of 1 flit",
            vec![
                "switch.vcs=1",
                "switch.vc_buffer_flits=1",
                "traffic.rate=0.2",
            ],
            3000,
        ),
        (
            "7 VCs of 8 flits, transpose",
            vec![
                "switch.vcs=7",
                "traffic.pattern=\"transpose\"",
                "traffic.rate=0.5",
            ],
            2500,
        ),
        (
            "waiting for the tail credit, short packets past saturation",
            vec![
                "switch.wait_for_tail_credit=true",
                "traffic.message_bytes=3",
                "traffic.rate=0.6",
            ],
            3000,
        ),
        (
            "12 VCs of 3 flits, packets of 5",
            vec![
                "switch.vcs=12",
                "switch.vc_buffer_flits=3",
                "traffic.message_bytes=5",
                "traffic.rate=0.45",
            ],
            2500,
        ),
        (
            "9 VCs of 10 flits, tail credit",
            vec![
                "switch.vcs=9",
                "switch.vc_buffer_flits=10",
                "switch.wait_for_tail_credit=true",
                "traffic.rate=0.4",
            ],
            2500,
        ),
        (
            "buffers of 9 flits, past saturation",
            vec!["switch.vc_buffer_flits=9", "traffic.rate=0.6"],
            3000,
        ),
        (
            "3 VCs of 33 flits, tail credit, packets of 40",
            vec![
                "switch.vcs=3",
                "switch.vc_buffer_flits=33",
                "switch.wait_for_tail_credit=true",
                "traffic.message_bytes=40",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "links of 7 cycles, credit delay 5, buffers of 16",
            vec![
                "link.fly_cycles=7",
                "switch.credit_delay_cycles=5",
                "switch.vc_buffer_flits=16",
                "traffic.rate=0.35",
            ],
            3000,
        ),
        (
            "links of 4 cycles, credit delay 12, buffers of 1,024",
            vec![
                "link.fly_cycles=4",
                "switch.credit_delay_cycles=12",
                "switch.vc_buffer_flits=1024",
                "topology.dims=\"4x4\"",
                "traffic.rate=0.5",
            ],
            3000,
        ),
        (
            "buffers of 9,000 flits, packets of 64, past saturation",
            vec![
                "switch.vc_buffer_flits=9000",
                "traffic.message_bytes=64",
                "topology.dims=\"4x4\"",
                "traffic.rate=0.7",
            ],
            3000,
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 50, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn the_torus_preset_in_planes_gives_the_statistics_and_registers_of_its_goldens() {
    // BookSim2's torus88: routing in 1 cycle, credits at once, links of 3 between routers and
    // 2 to the hosts, dateline VC classes, ties at k/2 drawn per packet
    // (and the same torus with links of 12 cycles, 24-flit buffers and a credit delay of 9)
    let long = [
        "link.fly_cycles=12",
        "switch.vc_buffer_flits=24",
        "switch.credit_delay_cycles=9",
    ];
    for (rate, cycles, over) in [
        ("0.05", 3000, &[][..]),
        ("0.25", 3000, &[]),
        ("0.5", 2500, &[]),
        ("0.3", 3000, &long[..]),
    ] {
        let mut set = vec![format!("traffic.rate={rate}")];
        set.extend(over.iter().map(|s| s.to_string()));
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/booksim-iq-torus.toml"),
            &set,
        )
        .unwrap();
        let what = format!("torus at {rate} {over:?}");
        let delivered = against_golden(&what, vc_network(&c), cycles);
        assert!(delivered > 500, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn routers_in_planes_agree_when_the_clock_jumps_and_when_nothing_sleeps() {
    // light loads leave the network idle between packets: the planes keep the clock from
    // jumping over a flit or a credit still inside them
    for rate in ["0.002", "0.01"] {
        let c = booksim_preset(&[
            &format!("traffic.rate={rate}"),
            "cycles=30000",
            "warmup=3000",
            "watchdog_cycles=2000",
        ]);
        let run = |sleep: bool| {
            let mut n = vc_network(&c);
            if !sleep {
                n.no_sleep();
            }
            build::load_workload(&c, &mut n).unwrap();
            n.run(c.cycles);
            assert!(n.has_engine(), "rate {rate}");
            (outcome(&n), n.jumped())
        };
        // the golden: the cycles jumped those of the routers one by one when blessed
        let ((a, ja), (b, jb)) = (run(true), run(false));
        Digest::default().golden(&format!("rate {rate}"), &format!("{a}\njumped {ja}"));
        assert_eq!(a, b, "rate {rate}: evaluating every block every cycle");
        assert_eq!(jb, 0, "rate {rate}: nothing sleeps, the clock never jumps");
        assert!(ja > 0, "rate {rate}: the clock never jumped");
    }
    // every block evaluated every cycle: the planes read every host link
    let c = booksim_preset(&["traffic.rate=0.2"]);
    let mut a = vc_network(&c);
    a.no_sleep();
    let d = against_golden("no sleep", a, 2000);
    assert!(d > 100, "no sleep: {d}");
}

#[test]
fn after_a_run_in_planes_every_router_holds_its_true_registers() {
    // a run (the clock jumping, the engine writing back once at the end) stopped mid-traffic,
    // with 4 VCs and the tail credit, and a torus without datelines that deadlocks: then
    // every router's registers, its wait-for edges, probes and links and the deadlock report
    // are those of the golden (the routers one by one's when it was blessed)
    let deadlocking = include_str!("../configs/booksim-iq-torus.toml")
        .replace("algorithm = \"dor-dateline\"", "algorithm = \"dor\"")
        .replace("classes = \"entry\"", "");
    let torus = flitwave::experiment::config::Config::from_toml(
        &deadlocking,
        &[
            "traffic.message_bytes=16".into(),
            "traffic.rate=0.6".into(),
            "watchdog_cycles=500".into(),
        ],
    )
    .unwrap();
    for (what, c, cycles) in [
        (
            "8x8 past saturation",
            booksim_preset(&["traffic.rate=0.6"]),
            1237,
        ),
        (
            "4 VCs x 4, tail credit",
            booksim_preset(&[
                "switch.vcs=4",
                "switch.vc_buffer_flits=4",
                "switch.wait_for_tail_credit=true",
                "traffic.rate=0.35",
            ]),
            1501,
        ),
        (
            "links of 9 cycles, credit delay 6, buffers of 20",
            booksim_preset(&[
                "link.fly_cycles=9",
                "switch.credit_delay_cycles=6",
                "switch.vc_buffer_flits=20",
                "traffic.rate=0.5",
            ]),
            1303,
        ),
        ("torus without datelines: deadlocks", torus, 6000),
    ] {
        let mut a = vc_network(&c);
        build::load_workload(&c, &mut a).unwrap();
        a.run(cycles);
        assert!(a.has_engine(), "{what}");
        let mut digest = Digest::default();
        digest.network(true, &a, &mut Compare::default());
        let end = format!("{}\ncycle {} {:?}", outcome(&a), a.now(), a.deadlock());
        digest.golden(what, &end);
        let stuck = a.deadlock().is_some_and(|r| r.contains("wait cycle: sw"));
        assert_eq!(
            stuck,
            what.contains("deadlock"),
            "{what}: {:?}",
            a.deadlock()
        );
    }
}

#[test]
fn the_planes_take_every_router_the_vc_family_takes() {
    // a 4x4 mesh of 1 to 28 hosts a router: 5 to 32 ports, each with 1 VC up to the most
    // the family's VC allocator takes (ports x VCs <= 64, at most 16)
    for hosts in 1..=28usize {
        let ports = 4 + hosts;
        for vcs in 1..=(64 / ports).min(16) {
            let set = [
                "topology.dims=\"4x4\"".to_string(),
                format!("topology.hosts_per_switch={hosts}"),
                format!("switch.vcs={vcs}"),
            ];
            let set: Vec<&str> = set.iter().map(|s| s.as_str()).collect();
            let n = vc_network(&booksim_preset(&set));
            assert!(n.has_engine(), "{ports} ports of {vcs} VCs: not in planes");
        }
    }
}

#[test]
fn every_variant_of_the_router_runs_in_planes() {
    // the non-multiplexed crossbar is the planes' (testbenches/planes_queues.rs)
    let nm = [
        "switch.output_buffer_flits=8",
        "switch.crossbar=\"non-multiplexed\"",
    ];
    assert!(vc_network(&booksim_preset(&nm)).has_engine(), "{nm:?}");
    // credits of several units are the planes' (testbenches/planes_credit_units.rs)
    for over in [
        vec!["link.flit_bytes=4", "switch.credit_bytes=16"],
        vec!["switch.credit_bytes=2", "switch.output_buffer_flits=8"],
    ] {
        assert!(vc_network(&booksim_preset(&over)).has_engine(), "{over:?}");
    }
    assert!(vc_network(&booksim_preset(&[])).has_engine(), "the preset");
    let torus = flitwave::experiment::config::Config::from_toml(
        include_str!("../configs/booksim-iq-torus.toml"),
        &[],
    )
    .unwrap();
    assert!(vc_network(&torus).has_engine(), "the torus preset");
    // and so does a network stepped by a program of its own (testbenches/planes_stepped.rs)
    let mut stepped = vc_network(&booksim_preset(&[]));
    stepped.step();
    assert!(stepped.has_engine());
}

#[test]
fn traced_and_threaded_networks_go_in_planes_with_the_same_results() {
    let c = booksim_preset(&["traffic.rate=0.3"]);
    let mut alone = vc_network(&c);
    alone.run(1500);
    // a tracer walks the probes before the first cycle: the network still goes in planes
    // (its front ends write the switches a waveform reads into them before each sample),
    // and what the probes read after the run is what they read of the network untraced
    let mut traced = vc_network(&c);
    let first = probe_values(&traced);
    assert!(!first.is_empty());
    traced.run(1500);
    assert!(traced.has_engine(), "a traced network stays in planes");
    assert_eq!(outcome(&traced), outcome(&alone), "traced");
    assert!(probe_values(&traced) == probe_values(&alone), "the probes");
    // several threads, asked for before the first cycle or once the planes run: the planes
    // split among them by tiles (16x16: 4 tiles), and after a run stopped mid-traffic every
    // router holds the registers it holds on one thread
    let big = booksim_preset(&["topology.dims=\"16x16\"", "traffic.rate=0.4"]);
    let mut one = vc_network(&big);
    one.run(1301);
    for (what, early) in [("threaded", true), ("late", false)] {
        let mut n = vc_network(&big);
        if early {
            n.set_threads(3);
        }
        n.run(600);
        n.set_threads(3);
        n.run(701);
        assert!(n.has_engine(), "{what}");
        let split = n.parallel_cycles();
        assert!(split >= if early { 1250 } else { 650 }, "{what}: {split}");
        assert_eq!(outcome(&n), outcome(&one), "{what}");
        same_registers(what, (n.now(), true), (&n, &one), &mut Compare::default());
    }
}

#[test]
fn waveforms_from_the_planes_keep_the_bytes_of_their_goldens() {
    // the switches a scope reads (`probe_network`'s names), none for a NIC's alone
    let ids = |s: &[&str]| {
        let s: Vec<String> = s.iter().map(|x| x.to_string()).collect();
        flitwave::fabric::switches_in_scopes(&s, "network")
    };
    assert_eq!(ids(&[]), None);
    assert_eq!(ids(&["network"]), None);
    assert_eq!(
        ids(&["network.sw9.in2", "network.sw3", "network.sw9"]),
        Some(vec![3, 9])
    );
    assert_eq!(ids(&["network.nic12"]), Some(vec![]));
    assert_eq!(ids(&["network.sw03"]), None);
    assert_eq!(ids(&["net.sw3"]), None);
    let torus = |over: &[&str]| {
        let o: Vec<String> = over.iter().map(|s| s.to_string()).collect();
        let toml = include_str!("../configs/booksim-iq-torus.toml");
        flitwave::experiment::config::Config::from_toml(toml, &o).unwrap()
    };
    let dir = crate::common::fresh_dir("planes", "window");
    // every signal of every block, each cycle of the window, from the planes written into the
    // routers before it is sampled: the same bytes as the routers one by one give
    for (what, c, window, cycles) in [
        (
            "mesh preset",
            booksim_preset(&["traffic.rate=0.3"]),
            (300, 450),
            800,
        ),
        (
            "torus preset, a speedup of 2",
            torus(&["traffic.rate=0.3", "switch.internal_speedup=2"]),
            (200, 320),
            600,
        ),
        (
            "output queues, 4 VCs",
            booksim_preset(&[
                "traffic.rate=0.35",
                "switch.output_buffer_flits=4",
                "switch.vcs=4",
                "switch.vc_buffer_flits=4",
            ]),
            (250, 400),
            600,
        ),
        (
            // `--vcd-on-deadlock`'s replay: the cycles before the freeze (cycle 1481) and
            // after, then the watchdog stops the run (cycle 1980)
            "a torus without datelines, freezing",
            flitwave::experiment::config::Config::from_toml(
                &include_str!("../configs/booksim-iq-torus.toml")
                    .replace("algorithm = \"dor-dateline\"", "algorithm = \"dor\"")
                    .replace("classes = \"entry\"", ""),
                &[
                    "traffic.message_bytes=16".into(),
                    "traffic.rate=0.6".into(),
                    "watchdog_cycles=500".into(),
                ],
            )
            .unwrap(),
            (1431, 1681),
            2100,
        ),
    ] {
        compare_waves(&dir, what, &c, (Some(window), &[]), cycles);
    }
    // the whole run of every block, every router written into before every cycle
    let c = booksim_preset(&["traffic.rate=0.3"]);
    compare_waves(&dir, "every block, whole run", &c, (None, &[]), 300);
    // the whole run of a few switches and NICs: those switches alone written into
    let scopes = ["network.sw9", "network.sw36.in_xp", "network.nic20"];
    compare_waves(&dir, "two switches, whole run", &c, (None, &scopes), 700);
    let nics = ["network.nic5", "network.nic40"];
    compare_waves(&dir, "two NICs, whole run", &c, (None, &nics), 700);
}

/// The waveform of `c` over `cycles` (its window and scopes) from the planes, written into the
/// routers it reads before each cycle of the window: the bytes of its golden (blessed when
/// they were those of the routers one by one).
fn compare_waves(
    dir: &std::path::Path,
    what: &str,
    c: &flitwave::experiment::config::Config,
    (window, scopes): (Option<(u64, u64)>, &[&str]),
    cycles: u64,
) {
    use flitwave::sim::trace::{TraceConfig, Tracer};
    let scopes: Vec<String> = scopes.iter().map(|s| s.to_string()).collect();
    let read = flitwave::fabric::switches_in_scopes(&scopes, "network");
    let mut n = vc_network(c);
    let path = dir.join("planes.vcd");
    let cfg = TraceConfig {
        window,
        scopes: scopes.clone(),
        ..Default::default()
    };
    let mut t = Tracer::create_file(&path, "network", &n, cfg).unwrap();
    n.run_traced(&mut t, cycles, read.as_deref()).unwrap();
    assert!(n.has_engine(), "{what}");
    t.finish().unwrap();
    let wave = std::fs::read(&path).unwrap();
    assert!(wave.len() > 20_000, "{what}: {} bytes", wave.len());
    // (its first line names the build: not part of the golden)
    let body = wave.splitn(2, |&b| b == b'\n').nth(1).unwrap_or_default();
    let mut digest = Digest::default();
    digest.bytes(body);
    digest.golden(what, &format!("{} bytes after it", body.len()));
}
