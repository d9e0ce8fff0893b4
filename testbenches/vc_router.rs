//! Testbench of the virtual-channel router family: the BookSim2-equivalent preset's
//! zero-load pipeline (4 cycles per router crossed, 4·D + 25 cycles per 20-flit packet, as
//! BookSim2's watch trace shows), the invariants beyond saturation on the DOR mesh, the dateline
//! torus and up*/down* irregular networks (healthy, then drained: nothing lost, no deadlock),
//! virtual cut-through never splitting a packet across routers, the DOR torus without datelines
//! deadlocking (and the checker finding its cycle), determinism, waveform probes, and every bad
//! VC parameter refused with an error that names the key.

use crate::common::flitwave;
use flitwave::experiment::build;
use flitwave::experiment::config::Config;
use flitwave::fabric::Summary;

use crate::common::{booksim_preset as preset, vc_network as vc_net, vc_sleep_side_by_side};

/// Mesh coordinates of host `h` on an 8x8 mesh with one host per router.
fn dist(a: u32, b: u32) -> u64 {
    let (ax, ay, bx, by) = (a % 8, a / 8, b % 8, b / 8);
    (ax.abs_diff(bx) + ay.abs_diff(by)) as u64
}

/// One 20-flit packet from every host of the 8x8 mesh to another, 500 cycles apart: the pairs
/// and the trace.
#[allow(clippy::type_complexity)]
fn lone_packets() -> (Vec<(u32, u32)>, Vec<(u64, u32, u32, u32)>) {
    let pairs: Vec<(u32, u32)> = (0..64u32).map(|i| (i, (i * 37 + 11) % 64)).collect();
    let inj = pairs
        .iter()
        .enumerate()
        .map(|(i, &(s, d))| (1000 + 500 * i as u64, s, d, 20))
        .collect();
    (pairs, inj)
}

#[test]
fn zero_load_latency_is_four_cycles_per_router_plus_serialization() {
    // lone 20-flit packets, 500 cycles apart: latency = 2 (injection) + 4 per router + 19
    let (pairs, inj) = lone_packets();
    // output queues add no zero-load latency
    let mut oq = vc_net(&preset(&[
        "traffic.rate=0",
        "warmup=0",
        "switch.output_buffer_flits=4",
    ]));
    oq.load_trace(&inj, u32::MAX).unwrap();
    oq.run_workload(200_000).expect("the trace finishes");
    let mut net = vc_net(&preset(&["traffic.rate=0", "warmup=0"]));
    net.load_trace(&inj, u32::MAX).unwrap();
    let done = net.run_workload(200_000).expect("the trace finishes");
    let s = net.summary();
    assert_eq!(
        oq.summary().latency,
        s.latency,
        "output queues changed the zero-load latency"
    );
    assert!(s.healthy(), "{}", s.report());
    let want: u64 = pairs.iter().map(|&(a, b)| 4 * dist(a, b) + 25).sum();
    let lat = s.latency.unwrap().cycles;
    assert!(
        (lat - want as f64 / 64.0).abs() < 1e-9,
        "average {lat}, the pipeline gives {}",
        want as f64 / 64.0
    );
    // the longest pair (corner to corner, D = 14) bounds the maximum exactly
    let max = pairs
        .iter()
        .map(|&(a, b)| 4 * dist(a, b) + 25)
        .max()
        .unwrap();
    assert_eq!(s.max_latency_cycles, max);
    assert!(done > 1000 + 500 * 63);
    // a packet to its own host crosses one router: 25 cycles
    let mut net = vc_net(&preset(&["traffic.rate=0", "warmup=0"]));
    net.load_trace(&[(100, 5, 5, 20)], u32::MAX).unwrap();
    net.run_workload(10_000).unwrap();
    assert_eq!(net.summary().max_latency_cycles, 25);
}

/// Run beyond saturation, stop the sources, drain: healthy all along, nothing lost.
/// A 2-cycle crossbar (BookSim2 `st_final_delay = 2`): lone 20-flit packets take 5·D + 29
/// cycles with 8-flit buffers and 5·D + 27 with 16 when the crossbar crosses in BookSim2's
/// batches (the preset; BookSim2 28f43299's watch trace gives both), 5·D + 26 with either when
/// it is pipelined. What the batches are for: a stream of flits takes one cycle more from
/// grant to link after its first, and with 8-flit buffers the credit loop then stalls it.
#[test]
fn a_two_cycle_crossbar_crosses_in_booksim2s_batches() {
    let (pairs, inj) = lone_packets();
    let latencies = |over: &[&str]| -> Vec<u64> {
        let mut sets = vec!["traffic.rate=0", "warmup=0", "switch.crossbar_cycles=2"];
        sets.extend_from_slice(over);
        let mut net = vc_net(&preset(&sets));
        net.stats.log = Some(vec![]);
        net.load_trace(&inj, u32::MAX).unwrap();
        net.run_workload(200_000).expect("the trace finishes");
        assert!(net.summary().healthy());
        net.stats.log.take().unwrap().iter().map(|l| l.0).collect()
    };
    for (over, plus) in [
        (vec!["switch.vc_buffer_flits=8"], 29),
        (vec!["switch.vc_buffer_flits=16"], 27),
        (
            vec!["switch.vc_buffer_flits=8", "switch.crossbar_batches=false"],
            26,
        ),
        (
            vec!["switch.vc_buffer_flits=16", "switch.crossbar_batches=false"],
            26,
        ),
    ] {
        let want: Vec<u64> = pairs.iter().map(|&(a, b)| 5 * dist(a, b) + plus).collect();
        assert_eq!(latencies(&over), want, "{over:?}");
    }
}

fn overload_and_drain(c: &Config) -> Summary {
    let mut net = build::build(c).unwrap().network;
    net.run(c.cycles);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    assert!(
        s.saturated,
        "the load must be beyond saturation:\n{}",
        s.report()
    );
    net.stop_traffic();
    for _ in 0..400 {
        if net.drained() {
            break;
        }
        net.run(1000);
    }
    let d = net.summary();
    assert!(d.healthy() && net.drained(), "not drained:\n{}", d.report());
    assert_eq!(d.generated_packets, d.delivered_packets);
    // the last credits come home: none lost, none made up
    net.run(200);
    let flitwave::fabric::registry::AnyNetwork::Vc(n) = &net else {
        panic!("a vc network")
    };
    assert!(
        n.switches().iter().all(|w| w.credits_restored()),
        "credits lost"
    );
    assert!(
        n.nics.iter().all(|w| w.credits_restored()),
        "NIC credits lost"
    );
    s
}

#[test]
fn no_deadlock_nothing_lost_beyond_saturation() {
    let base = [
        "traffic.rate=0.8",
        "cycles=8000",
        "warmup=1000",
        "traffic.source_queue_limit=50",
    ];
    let mut mesh = base.to_vec();
    mesh.push("topology.dims=\"6x6\"");
    overload_and_drain(&preset(&mesh));
    let mut torus = base.to_vec();
    torus.extend([
        "topology.kind=\"torus\"",
        "topology.dims=\"6x6\"",
        "routing.algorithm=\"dor-dateline\"",
    ]);
    overload_and_drain(&preset(&torus));
    for (vcs, buf) in [
        ("switch.vcs=3", "switch.vc_buffer_flits=4"),
        ("switch.vcs=1", "switch.vc_buffer_flits=8"),
    ] {
        let mut irr = base.to_vec();
        irr.extend([
            "topology.kind=\"irregular\"",
            "topology.switches=16",
            "topology.hosts_per_switch=4",
            "topology.ports=8",
            "routing.algorithm=\"updown\"",
            "traffic.pattern=\"uniform\"",
            vcs,
            buf,
        ]);
        overload_and_drain(&preset(&irr));
    }
    // output queues: wormhole on the mesh, cut-through with byte credits on the torus
    let mut oq = base.to_vec();
    oq.extend(["topology.dims=\"5x5\"", "switch.output_buffer_flits=4"]);
    overload_and_drain(&preset(&oq));
    let mut oq = base.to_vec();
    oq.extend([
        "topology.kind=\"torus\"",
        "topology.dims=\"4x4\"",
        "routing.algorithm=\"dor-dateline\"",
        "switch.switching=\"cut-through\"",
        "switch.vc_buffer_flits=20",
        "switch.output_buffer_flits=20",
        "link.flit_bytes=16",
        "traffic.message_bytes=320",
        "switch.credit_bytes=64",
    ]);
    overload_and_drain(&preset(&oq));
    // cut-through with 64-byte credits of 16-byte flits
    let mut vct = base.to_vec();
    vct.extend([
        "topology.dims=\"4x4\"",
        "switch.switching=\"cut-through\"",
        "switch.vc_buffer_flits=20",
        "link.flit_bytes=16",
        "traffic.message_bytes=320",
        "switch.credit_bytes=64",
    ]);
    overload_and_drain(&preset(&vct));
}

/// Over a run, whether some VC ever held flits of two packets at once.
fn vc_ever_shared(over: &[&str]) -> bool {
    let mut o = vec![
        "topology.dims=\"4x4\"",
        "traffic.rate=0.6",
        "switch.vc_buffer_flits=20",
        "cycles=4000",
    ];
    o.extend_from_slice(over);
    let mut net = vc_net(&preset(&o));
    let mut shared = false;
    for _ in 0..4000 {
        net.step();
        for sw in net.switches() {
            for p in 0..sw.ports() {
                for v in 0..2 {
                    shared |= sw.packets_in(p, v).is_some_and(|(a, b)| a != b);
                }
            }
        }
    }
    assert!(net.summary().healthy());
    shared
}

#[test]
fn cut_through_heads_advance_only_into_room_for_the_whole_packet() {
    // buffers of exactly one packet: a head that advanced without room for all of its packet
    // would find the previous packet's flits still in the VC
    assert!(!vc_ever_shared(&["switch.switching=\"cut-through\""]));
    // wormhole does let a head follow a tail into the same VC: the check can fail
    assert!(vc_ever_shared(&["switch.switching=\"wormhole\""]));
}

/// What waiting for the tail credit is for (`switch.wait_for_tail_credit`, BookSim2's
/// `wait_for_tail_credit`): a VC is given to the next packet only once the credit of the
/// previous packet's tail has come back, so no downstream VC ever holds flits of two packets,
/// even with wormhole switching, where without the wait a head follows a tail into the VC.
#[test]
fn a_vc_is_reallocated_only_after_its_tail_credit_returns() {
    assert!(!vc_ever_shared(&[
        "switch.switching=\"wormhole\"",
        "switch.wait_for_tail_credit=true",
    ]));
    assert!(vc_ever_shared(&[
        "switch.switching=\"wormhole\"",
        "switch.wait_for_tail_credit=false",
    ]));
}

#[test]
fn dor_on_a_torus_without_datelines_deadlocks_and_the_checker_finds_why() {
    let c = preset(&[
        "topology.kind=\"torus\"",
        "topology.dims=\"4x4\"",
        "switch.vcs=1",
        "traffic.rate=0.9",
        "cycles=30000",
        "watchdog_cycles=2000",
    ]);
    let mut net = build::build(&c).unwrap().network;
    net.run(c.cycles);
    let d = net.summary().deadlock.expect("the torus deadlocks");
    assert!(d.contains("wait cycle: sw"), "{d}");
    for (routing, free) in [("dor", false), ("dor-dateline", true)] {
        let (ok, out, err) = flitwave(&[
            "routes",
            "--topology",
            "torus",
            "--dims",
            "4x4",
            "--routing",
            routing,
            "--json",
        ]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["deadlock_free"], free, "{routing}: {out}");
    }
}

#[test]
fn same_seed_same_statistics_and_waveform_at_any_thread_count() {
    let dir = std::env::temp_dir().join(format!("fw-vc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let strip = |out: &str| {
        let mut v: serde_json::Value = serde_json::from_str(out).unwrap();
        v.as_object_mut().unwrap().remove("flitwave");
        v
    };
    let mut runs = vec![];
    for i in 0..2 {
        let vcd = dir.join(format!("r{i}.vcd"));
        let (ok, out, err) = flitwave(&[
            "run",
            "--config",
            "configs/booksim-iq.toml",
            "--set",
            "traffic.rate=0.2",
            "--cycles",
            "3000",
            "--vcd",
            vcd.to_str().unwrap(),
            "--json",
        ]);
        assert!(ok, "{err}");
        runs.push((strip(&out), std::fs::read(&vcd).unwrap()));
    }
    assert!(runs[0] == runs[1], "two runs of one seed differ");
    let mut sweeps = vec![];
    for threads in ["1", "2"] {
        let (ok, out, err) = flitwave(&[
            "sweep",
            "--config",
            "configs/booksim-iq.toml",
            "--rates",
            "0.1,0.2,0.3",
            "--cycles",
            "3000",
            "--threads",
            threads,
            "--quiet",
            "--json",
            "-",
        ]);
        assert!(ok, "{err}");
        sweeps.push(strip(&out));
    }
    assert_eq!(
        sweeps[0], sweeps[1],
        "the sweep depends on the thread count"
    );
    // the probes the issue names, readable by any VCD reader
    let text = String::from_utf8(runs[0].1.clone()).unwrap();
    for needle in [
        "$scope module sw3",
        "$scope module in_xm",
        "$scope module vc1",
        " level ",
        " credits ",
        " va_req ",
        " sa_req ",
        " flit ",
    ] {
        assert!(text.contains(needle), "the VCD lacks {needle:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sleeping_blocks_change_no_statistic_and_no_probe_value() {
    // quiet routers and NICs are skipped until something arrives: the same run evaluating
    // every block every cycle must give the same statistics and the same probe values
    // a busy network, and one so idle that NICs sleep beyond the wheel's horizon
    for (rate, cycles, oq) in [
        ("traffic.rate=0.15", 6000, "switch.output_buffer_flits=0"),
        ("traffic.rate=0.002", 30000, "switch.output_buffer_flits=0"),
        ("traffic.rate=0.3", 6000, "switch.output_buffer_flits=3"),
    ] {
        let c = preset(&["topology.dims=\"4x4\"", rate, "cycles=30000", oq]);
        let delivered = vc_sleep_side_by_side(rate, &c, cycles, 7);
        assert!(delivered > 20, "{rate}");
    }
}

#[test]
fn switch_links_on_a_first_port_keep_their_own_fly_time_when_woken() {
    // a k-ary n-tree's upper switches have switches on their first ports, its leaves hosts:
    // with host links shorter than the others, a switch that drove its port 0 alone must
    // wake its receiver after that link's fly time, not the host links' (the sleep tables'
    // path for a node that drove its first port, taken only where every such link agrees)
    let toml = "seed = 3\ncycles = 6000\nwarmup = 500\nwatchdog_cycles = 50000\n\
                [topology]\nkind = \"fattree\"\nk = 2\nn = 3\n\
                [routing]\nalgorithm = \"fir-det\"\n\
                [traffic]\npattern = \"uniform\"\nrate = 0.2\nmessage_bytes = 4\n\
                [link]\nfly_cycles = 3\nhost_fly_cycles = 1\n\
                [switch]\nfamily = \"vc\"\nvcs = 2\nvc_buffer_flits = 4\n";
    let c = Config::from_toml(toml, &[]).unwrap();
    let delivered = vc_sleep_side_by_side("2-ary 3-tree, host fly 1", &c, 4000, 5);
    assert!(delivered > 100, "{delivered}");
}

#[test]
fn bad_vc_parameters_are_refused_naming_the_key() {
    let run = |sets: &[&str], needles: &[&str]| {
        crate::common::run_fails_with("configs/booksim-iq.toml", sets, needles)
    };
    run(&["switch.vcs=0"], &["switch.vcs", "1..=16"]);
    run(&["switch.vcs=17"], &["switch.vcs", "1..=16"]);
    run(
        &[
            "topology.kind=\"irregular\"",
            "routing.algorithm=\"updown\"",
            "traffic.pattern=\"uniform\"",
            "switch.vcs=9",
        ],
        &["switch.vcs", "ports x VCs <= 64"],
    );
    run(
        &["switch.vc_buffer_flits=0"],
        &["switch.vc_buffer_flits", "1..="],
    );
    run(
        &["switch.vc_alloc_cycles=0"],
        &["switch.vc_alloc_cycles", "1..=64"],
    );
    run(
        &["switch.sw_alloc_cycles=0"],
        &["switch.sw_alloc_cycles", "1..=64"],
    );
    run(
        &["switch.crossbar_cycles=65"],
        &["switch.crossbar_cycles", "0..=64"],
    );
    run(
        &["switch.credit_delay_cycles=5000"],
        &["switch.credit_delay_cycles"],
    );
    run(&["switch.routing_cycles=-1"], &["switch.routing_cycles"]);
    run(
        &["switch.switching=\"store-and-forward\""],
        &["switch.switching", "wormhole", "cut-through"],
    );
    run(
        &["switch.switching=\"cut-through\""],
        &["switch.vc_buffer_flits", "20-flit packet", "cut-through"],
    );
    run(&["switch.credit_bytes=1000"], &["switch.credit_bytes"]);
    run(
        &["switch.output_buffer_flits=70000"],
        &["switch.output_buffer_flits", "0..="],
    );
    run(
        &[
            "switch.switching=\"cut-through\"",
            "switch.vc_buffer_flits=20",
            "switch.output_buffer_flits=8",
        ],
        &[
            "switch.output_buffer_flits",
            "20-flit packet",
            "0 (no output queues)",
        ],
    );
    run(
        &[
            "topology.kind=\"torus\"",
            "routing.algorithm=\"dor-dateline\"",
            "switch.vcs=1",
        ],
        &["switch.vcs", "2 VCs", "dor-dateline"],
    );
    run(
        &["routing.algorithm=\"dor-dateline\""],
        &["dateline", "mesh", "dor"],
    );
    run(
        &[
            "topology.kind=\"torus\"",
            "routing.algorithm=\"dor-dateline\"",
            "switch.family=\"vct\"",
        ],
        &[
            "routing.algorithm",
            "2 virtual channels",
            "switch.family = \"vc\"",
        ],
    );
    run(
        &[
            "topology.kind=\"irregular\"",
            "routing.algorithm=\"updown\"",
        ],
        &["traffic.pattern", "uniform+self", "own host"],
    );
}

#[test]
fn routers_of_more_than_32_input_vcs_keep_every_invariant() {
    // the switch allocation read input VC p·V + v through the per-input index (below 32),
    // so VC 32 read VC 0's state and two flits met at one crossbar output (5 ports x 7 VCs on
    // a mesh; the dragonfly's 15 ports x 4 VCs)
    for (vcs, rate) in [(7, "0.5"), (8, "0.5"), (12, "0.4")] {
        let c = preset(&[
            &format!("switch.vcs={vcs}"),
            "switch.vc_buffer_flits=16",
            &format!("traffic.rate={rate}"),
            "cycles=4000",
            "warmup=500",
        ]);
        let mut net = vc_net(&c);
        net.run(c.cycles);
        let s = net.summary();
        assert!(s.healthy(), "{vcs} VCs:\n{}", s.report());
        let vc: Vec<u64> = (0..vcs)
            .map(|v| net.switches().iter().map(|s| s.forwarded_vc[v]).sum())
            .collect();
        assert!(vc.iter().all(|&n| n > 0), "{vcs} VCs: {vc:?}");
    }
}
