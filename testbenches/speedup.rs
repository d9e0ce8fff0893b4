//! The VC router's internal speedup (`switch.internal_speedup`, BookSim2's `internal_speedup`):
//! the pipeline steps S times a link cycle, outputs queue what the crossbar gives them beyond
//! one flit a cycle. What it is for — a shorter pipeline and more throughput than one
//! allocation a cycle gives — and that nothing is lost on the way.

use crate::common::vc_sleep_side_by_side;
use crate::common::{booksim_preset as preset, run_fails_with, vc_network as vc_net};
use flitwave::experiment::config::Config;
use flitwave::sim::FlowCtl;

/// Accepted traffic (flits/cycle/host) and the fullest output FIFO of BookSim2's 8x8 mesh under
/// uniform traffic offered far past its saturation.
fn past_saturation(speedup: u32) -> (f64, u32) {
    let c = preset(&[
        &format!("switch.internal_speedup={speedup}"),
        "traffic.rate=0.6",
        "cycles=8000",
        "warmup=2000",
    ]);
    let mut net = vc_net(&c);
    net.run(c.cycles);
    let s = net.summary();
    assert!(s.healthy(), "speedup {speedup}: {}", s.report());
    let fifo = net.switches().iter().map(|w| w.fifo_max()).max().unwrap();
    (s.accepted_flits_per_cycle_per_host, fifo)
}

#[test]
fn a_speedup_raises_the_saturated_meshs_throughput_through_its_output_fifos() {
    // one switch allocation a cycle leaves outputs idle that a second allocation fills (the
    // input-queued router's matching loss); the FIFOs take the second flit
    let (one, none) = past_saturation(1);
    let (two, fifo) = past_saturation(2);
    assert_eq!(none, 0, "no FIFO without a speedup");
    assert!(fifo >= 2, "an output took two flits in a cycle: {fifo}");
    assert!(two > 1.05 * one, "speedup 2: {two} against {one}");
}

#[test]
fn a_speedup_returns_one_flits_credit_a_link_and_cycle_as_booksim2_does() {
    // an input may send a flit every internal step; each flit's credit queues at the input and
    // one goes upstream a cycle (BookSim2's `_credit_buffer`), never two of a VC in one symbol.
    // Returning all of a VC's freed credits in one symbol carried 10.2 % more than speedup 1
    // past saturation on this mesh where BookSim2 carries 7.2 % (docs/results/booksim.md)
    let c = preset(&[
        "switch.internal_speedup=2",
        "traffic.rate=0.6",
        "warmup=100",
        "cycles=3000",
    ]);
    let mut net = vc_net(&c);
    let mut credits = 0u64;
    for _ in 0..3000 {
        net.step();
        for l in net.links() {
            for x in l.back().iter_in_flight() {
                if let FlowCtl::Credit { n, .. } = x {
                    assert_eq!(n, 1, "one flit's credit a symbol, cycle {}", net.now());
                    credits += 1;
                }
            }
        }
    }
    assert!(credits > 10_000, "{credits} credit symbols seen");
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
}

#[test]
fn a_speedup_shortens_every_routers_pipeline_and_no_more() {
    // lone 20-flit packets on the mesh: a router costs 1 + floor(2 / S) cycles (VC allocation,
    // switch allocation and the crossbar are three internal steps; the flit reaches its link
    // in the cycle of the third), so each router a packet crosses saves one cycle at S = 2,
    // two at S = 3, and S = 4 saves no more than 3
    let pairs: Vec<(u32, u32)> = (0..40u32)
        .map(|i| (i * 7 % 64, (i * 13 + 5) % 64))
        .collect();
    let inj: Vec<(u64, u32, u32, u32)> = pairs
        .iter()
        .enumerate()
        .map(|(i, &(s, d))| (50 + 200 * i as u64, s, d, 20))
        .collect();
    let latency = |speedup: u32| {
        let c = preset(&[
            &format!("switch.internal_speedup={speedup}"),
            "traffic.rate=0",
            "warmup=0",
        ]);
        let mut net = vc_net(&c);
        net.load_trace(&inj, u32::MAX).unwrap();
        net.run_workload(100_000).expect("the trace finishes");
        let s = net.summary();
        assert!(s.healthy(), "{}", s.report());
        s.latency.unwrap().cycles
    };
    let routers: f64 = pairs
        .iter()
        .map(|&(s, d)| {
            let (sx, sy, dx, dy) = (s % 8, s / 8, d % 8, d / 8);
            (sx.abs_diff(dx) + sy.abs_diff(dy) + 1) as f64
        })
        .sum::<f64>()
        / pairs.len() as f64;
    let (l1, l2, l3, l4) = (latency(1), latency(2), latency(3), latency(4));
    assert!(
        (l1 - l2 - routers).abs() < 1e-9,
        "{l1} - {l2} against {routers} routers"
    );
    assert!((l1 - l3 - 2.0 * routers).abs() < 1e-9, "{l1} - {l3}");
    assert_eq!(l3, l4);
}

/// Run `c` at its load, stop the traffic, drain: every packet delivered once, every credit
/// back, nothing lost.
fn drains(what: &str, c: &Config) {
    let mut net = vc_net(c);
    net.run(c.cycles);
    net.stop_traffic();
    let mut left = 500_000;
    while !net.drained() {
        assert!(
            net.step(),
            "{what}: deadlock while draining: {:?}",
            net.deadlock()
        );
        left -= 1;
        assert!(left > 0, "{what}: did not drain");
    }
    net.run(200);
    let s = net.summary();
    assert!(s.healthy(), "{what}: {}", s.report());
    assert!(
        net.switches().iter().all(|w| w.credits_restored()),
        "{what}: credits"
    );
    assert!(
        net.nics.iter().all(|n| n.credits_restored()),
        "{what}: NIC credits"
    );
    assert_eq!(s.generated_packets, s.delivered_packets, "{what}");
    assert!(s.delivered_packets > 500, "{what}: {}", s.delivered_packets);
}

#[test]
fn networks_with_a_speedup_drain_with_every_credit_back() {
    for speedup in [2, 3] {
        let s = format!("switch.internal_speedup={speedup}");
        for (what, extra) in [
            ("wormhole", vec!["traffic.rate=0.5"]),
            (
                "cut-through",
                vec![
                    "traffic.rate=0.5",
                    "switch.switching=\"cut-through\"",
                    "switch.vc_buffer_flits=20",
                ],
            ),
            (
                "output queues",
                vec!["traffic.rate=0.5", "switch.output_buffer_flits=20"],
            ),
            (
                "4 VCs, credit delay 0",
                vec![
                    "traffic.rate=0.4",
                    "switch.vcs=4",
                    "switch.credit_delay_cycles=0",
                ],
            ),
            (
                "crossbar of 3 cycles",
                vec![
                    "traffic.rate=0.4",
                    "switch.crossbar_cycles=3",
                    // pipelined: batches take one step a cycle
                    "switch.crossbar_batches=false",
                ],
            ),
        ] {
            let mut over = vec![s.as_str(), "warmup=500", "cycles=3000"];
            over.extend(extra);
            drains(&format!("{what}, speedup {speedup}"), &preset(&over));
        }
    }
    let torus = Config::from_toml(
        include_str!("../configs/booksim-iq-torus.toml"),
        &[
            "switch.internal_speedup=2".into(),
            "traffic.rate=0.4".into(),
            "warmup=500".into(),
            "cycles=3000".into(),
        ],
    )
    .unwrap();
    drains("torus, speedup 2", &torus);
}

#[test]
fn sleeping_routers_with_a_speedup_see_what_every_cycle_evaluation_sees() {
    let c = preset(&[
        "switch.internal_speedup=2",
        "traffic.rate=0.3",
        "warmup=500",
        "cycles=3000",
    ]);
    assert!(vc_sleep_side_by_side("speedup 2", &c, 3000, 5) > 100);
}

#[test]
fn bad_speedups_are_refused_naming_the_key() {
    for (v, needle) in [("0", "allowed 1..=4"), ("5", "allowed 1..=4")] {
        run_fails_with(
            "configs/booksim-iq.toml",
            &[&format!("switch.internal_speedup={v}")],
            &["switch.internal_speedup", needle],
        );
    }
    run_fails_with(
        "configs/inorder.toml",
        &["switch.internal_speedup=2"],
        &["switch.internal_speedup", "non-multiplexed", "allowed: 1"],
    );
    run_fails_with(
        "configs/speculative.toml",
        &["switch.internal_speedup=2"],
        &["switch.internal_speedup", "exchange", "allowed: 1"],
    );
}

#[test]
fn waveforms_show_each_outputs_fifo_only_with_a_speedup() {
    let fifo_max = |speedup: u32| {
        let c = preset(&[
            &format!("switch.internal_speedup={speedup}"),
            "traffic.rate=0.6",
            "warmup=100",
            "cycles=600",
        ]);
        let mut net = vc_net(&c);
        let mut seen: Option<u64> = None;
        for _ in 0..600 {
            net.step();
            for v in crate::common::probe_values(&net) {
                if let Some(x) = v.strip_prefix("fifo=") {
                    let x: u64 = x.parse().unwrap();
                    seen = Some(seen.unwrap_or(0).max(x));
                }
            }
        }
        seen
    };
    assert_eq!(fifo_max(1), None, "no FIFO probe without a speedup");
    assert!(fifo_max(2).unwrap() >= 2, "an output's FIFO held two flits");
}
