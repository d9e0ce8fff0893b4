//! Testbench of the VC routers in bit planes (`fabric::vc::switch::Planes`) on shapes beyond
//! BookSim2's iq router: routers of several hosts and up to 32 ports (hosts where the
//! topology puts them: testbenches/planes_hosts.rs), 1 to 10 VCs of up to 64 input VCs a router, links of two lengths,
//! the internal speedup, routings of several candidates picked by the selection (UGAL-G's
//! global view among them), virtual
//! cut-through and a crossbar of 0 cycles (seed 003's DL network), VC allocation, switch
//! allocation and a pipelined crossbar of several cycles, the Speculative routing paper's
//! mesh with its LUC/NCB exchange and SSR — each run read against its golden
//! (`planes_compare::against_golden`: every router's registers every 7th cycle, its probes and
//! every link every 19th, every statistic at the end, against the run's golden, blessed when
//! it agreed read for read with the routers one by one).

use crate::common::{booksim_preset, vc_network};
use crate::planes_compare::against_golden;

#[test]
fn routers_of_several_hosts_and_many_ports_in_planes_keep_their_goldens() {
    // meshes of 2 and 4 hosts a router (6 and 8 ports: planes of 8 ports), of 13 and 28 (17
    // and 32 ports: planes of 32), the first ports the hosts'
    for (what, over, cycles) in [
        (
            "4x4, 13 hosts a router (17 ports), 3 VCs",
            vec![
                "topology.dims=\"4x4\"",
                "topology.hosts_per_switch=13",
                "switch.vcs=3",
                "traffic.rate=0.1",
            ],
            2500,
        ),
        (
            "3x3, 28 hosts a router (32 ports), past saturation",
            vec![
                "topology.dims=\"3x3\"",
                "topology.hosts_per_switch=28",
                "traffic.message_bytes=4",
                "traffic.rate=0.5",
            ],
            2500,
        ),
        (
            "8x8, 2 hosts a router",
            vec!["topology.hosts_per_switch=2", "traffic.rate=0.15"],
            3000,
        ),
        (
            "8x8, internal speedup 2, past saturation",
            vec!["switch.internal_speedup=2", "traffic.rate=0.7"],
            2500,
        ),
        (
            "4x4, 4 hosts a router, 4 VCs of 4 flits",
            vec![
                "topology.dims=\"4x4\"",
                "topology.hosts_per_switch=4",
                "switch.vcs=4",
                "switch.vc_buffer_flits=4",
                "traffic.rate=0.2",
            ],
            3000,
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
    // dragonflies of 15 and 7 ports with and without the internal speedup: hosts on the first
    // ports, links of two lengths between routers (inside a group and between groups),
    // minimal routing with its VC classes
    for (what, over, rate, cycles) in [
        ("the preset's dragonfly", vec![], "0.4", 1200),
        (
            "the preset's dragonfly, no speedup",
            vec!["switch.internal_speedup=1"],
            "0.4",
            1000,
        ),
        (
            "a=4 h=2 p=2, short links",
            vec![
                "topology.a=4",
                "topology.h=2",
                "topology.hosts_per_switch=2",
                "link.fly_cycles=2",
                "link.global_fly_cycles=5",
                "switch.vc_buffer_flits=8",
                "switch.credit_delay_cycles=1",
            ],
            "0.5",
            3000,
        ),
        (
            "the preset's dragonfly, UGAL-L on 4 VCs",
            vec![
                "routing.algorithm=\"dfly-ugal\"",
                "routing.selection=\"ugal-l\"",
                "switch.vcs=4",
            ],
            "0.4",
            1200,
        ),
        (
            "the preset's dragonfly, UGAL-G by the flits waiting",
            vec!["routing.algorithm=\"dfly-ugal-g\"", "switch.vcs=4"],
            "0.4",
            1200,
        ),
        (
            "a=4 h=2 p=2, UGAL-L decided once, adversarial traffic",
            vec![
                "topology.a=4",
                "topology.h=2",
                "topology.hosts_per_switch=2",
                "link.fly_cycles=2",
                "link.global_fly_cycles=6",
                "switch.vc_buffer_flits=8",
                "switch.vcs=4",
                "routing.algorithm=\"dfly-ugal\"",
                "routing.selection=\"ugal-l-once\"",
                "traffic.pattern=\"next-group\"",
            ],
            "0.3",
            3000,
        ),
        (
            "a=4 h=2 p=2, Valiant",
            vec![
                "topology.a=4",
                "topology.h=2",
                "topology.hosts_per_switch=2",
                "link.fly_cycles=2",
                "link.global_fly_cycles=6",
                "switch.vcs=4",
                "switch.vc_buffer_flits=8",
                "routing.algorithm=\"dfly-valiant\"",
            ],
            "0.3",
            3000,
        ),
        (
            "a=4 h=2 p=2, speedup 3, tail credit",
            vec![
                "topology.a=4",
                "topology.h=2",
                "topology.hosts_per_switch=2",
                "link.fly_cycles=3",
                "link.global_fly_cycles=9",
                "switch.vc_buffer_flits=4",
                "switch.internal_speedup=3",
                "switch.wait_for_tail_credit=true",
                "switch.routing_cycles=1",
            ],
            "0.6",
            3000,
        ),
    ] {
        let mut set: Vec<String> = over.iter().map(|s| s.to_string()).collect();
        set.push(format!("traffic.rate={rate}"));
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/booksim-dragonfly.toml"),
            &set,
        )
        .unwrap();
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
    // UGAL-G by either measure of its global queues, with the speedup's FIFOs, adversarial
    for measure in ["credits", "waiting"] {
        let what = format!("a=4 h=2 p=2, UGAL-G by {measure}, next-group, speedup 2");
        let set: Vec<String> = [
            "topology.a=4",
            "topology.h=2",
            "topology.hosts_per_switch=2",
            "link.global_fly_cycles=6",
            "switch.vcs=4",
            "switch.internal_speedup=2",
            "routing.algorithm=\"dfly-ugal-g\"",
            "traffic.pattern=\"next-group\"",
            "traffic.rate=0.3",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("routing.global_queue=\"{measure}\"")])
        .collect();
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/booksim-dragonfly.toml"),
            &set,
        )
        .unwrap();
        let delivered = against_golden(&what, vc_network(&c), 3000);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn cut_through_routers_with_a_crossbar_of_0_cycles_in_planes_keep_their_goldens() {
    // seed 003's network as configs/dl.toml has it (64 irregular switches of 8 ports, 4 hosts
    // each, DL's layers over 3 VCs of 128 flits, 128-flit packets, virtual cut-through, a
    // crossbar of 0 cycles) and its up*/down* twin; then the mesh preset cut-through, with
    // buffers of one packet and of two, and with a crossbar of 0 cycles
    let dl = |over: &[&str]| {
        let set: Vec<String> = over.iter().map(|s| s.to_string()).collect();
        flitwave::experiment::config::Config::from_toml(include_str!("../configs/dl.toml"), &set)
            .unwrap()
    };
    for (what, c, cycles) in [
        ("DL, light", dl(&["traffic.rate=0.03"]), 3000),
        ("DL, past saturation", dl(&["traffic.rate=0.3"]), 3000),
        (
            "DL on 6 layers of 6 VCs, 32-flit packets, buffers of 2",
            dl(&[
                "switch.vcs=6",
                "traffic.message_bytes=32",
                "switch.vc_buffer_flits=64",
                "traffic.rate=0.2",
            ]),
            2000,
        ),
        (
            "up*/down*, 32-flit packets",
            dl(&[
                "routing.algorithm=\"updown\"",
                "traffic.message_bytes=32",
                "traffic.rate=0.2",
            ]),
            3000,
        ),
        (
            "mesh, cut-through, buffers of one packet",
            booksim_preset(&[
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=20",
                "traffic.rate=0.3",
            ]),
            3000,
        ),
        (
            "mesh, cut-through, buffers of two packets, crossbar of 0 cycles",
            booksim_preset(&[
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=40",
                "switch.crossbar_cycles=0",
                "traffic.rate=0.45",
            ]),
            3000,
        ),
        (
            "mesh, wormhole, crossbar of 0 cycles, tail credit",
            booksim_preset(&[
                "switch.crossbar_cycles=0",
                "switch.wait_for_tail_credit=true",
                "traffic.rate=0.3",
            ]),
            3000,
        ),
    ] {
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 150, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn routers_whose_stages_take_several_cycles_in_planes_keep_their_goldens() {
    // VC allocation of 2 and 3 cycles, switch allocation of 2, a crossbar of 2 and 3 cycles
    // pipelined and in BookSim2's batches (the grant reaching the link 1 to 4 cycles later),
    // with wormhole and cut-through, on the mesh preset; the same with several hosts a router
    // and the tail credit
    let pipelined = "switch.crossbar_batches=false";
    for (what, over, cycles) in [
        (
            "VC allocation of 2 cycles",
            vec!["switch.vc_alloc_cycles=2", "traffic.rate=0.35"],
            3000,
        ),
        (
            "VC allocation of 3, switch allocation of 2",
            vec![
                "switch.vc_alloc_cycles=3",
                "switch.sw_alloc_cycles=2",
                "traffic.rate=0.3",
            ],
            3000,
        ),
        (
            "a pipelined crossbar of 2 cycles, past saturation",
            vec!["switch.crossbar_cycles=2", pipelined, "traffic.rate=0.6"],
            3000,
        ),
        (
            "switch allocation of 2, a crossbar of 3, links of 3",
            vec![
                "switch.sw_alloc_cycles=2",
                "switch.crossbar_cycles=3",
                pipelined,
                "link.fly_cycles=3",
                "traffic.rate=0.3",
            ],
            3000,
        ),
        (
            "cut-through, VC allocation of 2, a crossbar of 2, 2 hosts a router, tail credit",
            vec![
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=20",
                "switch.vc_alloc_cycles=2",
                "switch.crossbar_cycles=2",
                pipelined,
                "switch.wait_for_tail_credit=true",
                "topology.hosts_per_switch=2",
                "traffic.rate=0.2",
            ],
            3000,
        ),
        (
            "BookSim2's crossbar of 2 cycles, in batches, past saturation",
            vec!["switch.crossbar_cycles=2", "traffic.rate=0.5"],
            3000,
        ),
        (
            "BookSim2's crossbar of 3 cycles, in batches, links of 3",
            vec![
                "switch.crossbar_cycles=3",
                "link.fly_cycles=3",
                "traffic.rate=0.25",
            ],
            3000,
        ),
        (
            "a crossbar of 0 cycles, internal speedup 2, past saturation",
            vec![
                "switch.crossbar_cycles=0",
                "switch.internal_speedup=2",
                "traffic.rate=0.6",
            ],
            3000,
        ),
        (
            "a pipelined crossbar of 3 cycles, internal speedup 3, tail credit",
            vec![
                "switch.crossbar_cycles=3",
                pipelined,
                "switch.internal_speedup=3",
                "switch.wait_for_tail_credit=true",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "VC allocation of 2 with an internal speedup of 2",
            vec![
                "switch.vc_alloc_cycles=2",
                "switch.internal_speedup=2",
                "traffic.rate=0.5",
            ],
            3000,
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn the_speculative_mesh_with_its_exchange_in_planes_keeps_its_goldens() {
    // the Speculative routing paper's mesh (configs/speculative.toml: Opt-y, SSR reading the
    // heads per output and the neighbours' LUCs, the exchange taking the links 10 cycles of
    // every 100): on 4x4 (one tile) and 16x16 (four tiles), light and past saturation, the
    // exchange every 20 cycles; and the straight selection reading the exchange's NCBs alone
    let spec = |over: &[&str]| {
        let set: Vec<String> = over.iter().map(|s| s.to_string()).collect();
        let toml = include_str!("../configs/speculative.toml");
        flitwave::experiment::config::Config::from_toml(toml, &set).unwrap()
    };
    for (what, over, cycles) in [
        (
            "4x4, light",
            vec![
                "topology.dims=\"4x4\"",
                "traffic.pattern=\"hot-spot:10@5\"",
                "traffic.rate=0.1",
            ],
            1500,
        ),
        (
            "4x4, past saturation, a slot every 20 cycles",
            vec![
                "topology.dims=\"4x4\"",
                "traffic.pattern=\"uniform\"",
                "traffic.rate=0.4",
                "exchange.period_cycles=20",
            ],
            1500,
        ),
        (
            "16x16, the paper's hot spot",
            vec!["traffic.rate=0.04"],
            700,
        ),
        (
            "8x8, SSR of one hop",
            vec![
                "topology.dims=\"8x8\"",
                "traffic.pattern=\"hot-spot:10@27\"",
                "routing.selection=\"ssr-1hop\"",
                "traffic.rate=0.1",
            ],
            1200,
        ),
    ] {
        let c = spec(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 60, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn routers_of_many_vcs_and_many_ports_in_planes_keep_their_goldens() {
    // 4x4 meshes of 6 ports with 10 VCs, of 12 with 5 and of 9 with 7 (the planes of 8 ports
    // x 16 VCs and of 16 x 8), light and past saturation
    for (what, over, cycles) in [
        (
            "2 hosts a router, 10 VCs of 4 flits",
            vec![
                "topology.hosts_per_switch=2",
                "switch.vcs=10",
                "switch.vc_buffer_flits=4",
                "traffic.rate=0.3",
            ],
            2000,
        ),
        (
            "8 hosts a router, 5 VCs, light",
            vec![
                "topology.hosts_per_switch=8",
                "switch.vcs=5",
                "traffic.rate=0.05",
            ],
            2000,
        ),
        (
            "5 hosts a router, 7 VCs, past saturation",
            vec![
                "topology.hosts_per_switch=5",
                "switch.vcs=7",
                "traffic.rate=0.4",
            ],
            1500,
        ),
    ] {
        let mut set = vec!["topology.dims=\"4x4\""];
        set.extend(over);
        let c = booksim_preset(&set);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 100, "{what}: {delivered} packets delivered");
    }
}

/// The planes carry the links between routers in their own rings: from their first cycle the
/// sleep tables serve the hosts' links alone, so on the dragonfly preset (links of 2, 11 and
/// 101 cycles) their wheel spans the hosts' 2 cycles, not the global links' 101 — a fiftieth
/// of the lines a cycle's wake-ups walk through — and a node's row of targets its first 4
/// ports (the hosts'), not all 15.
#[test]
fn in_planes_the_sleep_tables_serve_the_hosts_links_alone() {
    let set = ["traffic.rate=0.3".to_string()];
    let c = flitwave::experiment::config::Config::from_toml(
        include_str!("../configs/booksim-dragonfly.toml"),
        &set,
    )
    .unwrap();
    let mut a = vc_network(&c);
    assert!(a.has_engine());
    assert_eq!(
        a.sleep_span(),
        Some((4, 4)),
        "before the first cycle: the hosts' links alone"
    );
    for _ in 0..200 {
        a.step();
    }
    assert_eq!(
        a.sleep_span(),
        Some((4, 4)),
        "in planes: the hosts' links of 2 cycles, on a router's first 4 ports"
    );
}
