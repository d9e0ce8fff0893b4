//! Testbench of seed 004, the sequenced NIC: rearrange buffers, ACK/NACK packets
//! and injection control over the adaptive switch. Every run here is loaded beyond the point
//! where packets overtake each other, then drained, and checked at every destination: each
//! packet reaches its host exactly once and in order per connection, whatever the buffer — a
//! buffer smaller than a packet included; no connection ever holds more than its cap; waste
//! traffic is accounted exactly; and sources hold nothing once everything is acknowledged.

use crate::common::fails_with;
use flitwave::blocks::nic::rearrange::Memory;
use flitwave::experiment::build::build;
use flitwave::experiment::config::Config;
use flitwave::fabric::registry::AnyNetwork;
use flitwave::fabric::vc::VcFamily;
use flitwave::fabric::Network;

/// The seed-004 preset with `sets` applied.
fn config(sets: &[&str]) -> Config {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Config::load(std::path::Path::new("configs/inorder.toml"), &sets).unwrap()
}

fn vc(net: AnyNetwork) -> Network<VcFamily> {
    match net {
        AnyNetwork::Vc(n) => n,
        _ => panic!("the preset builds a vc network"),
    }
}

/// Run `cycles` under load, checking the rearrange caps every cycle, then stop the traffic and
/// drain; check exactly-once in-order delivery and the accounting. Returns the network.
fn run_and_drain(sets: &[&str], cycles: u64) -> Network<VcFamily> {
    let cfg = config(sets);
    let mut net = vc(build(&cfg).unwrap().network);
    for _ in 0..cycles {
        assert!(net.step(), "deadlock: {:?}", net.deadlock());
        for n in &net.nics {
            let rb = &n.seq.as_ref().expect("in-order NICs").rb;
            match rb.memory {
                Memory::Static { per_conn } => {
                    for c in 0..net.nics.len() {
                        assert!(rb.occupancy(c) <= per_conn, "{sets:?}: static cap");
                    }
                }
                Memory::Dynamic { total, cap } => {
                    assert!(rb.used <= total, "{sets:?}: pool");
                    for c in 0..net.nics.len() {
                        assert!(rb.occupancy(c) <= cap, "{sets:?}: dynamic cap");
                    }
                }
                Memory::Unlimited => {}
            }
        }
    }
    net.stop_traffic();
    let mut left = 2_000_000;
    while !net.drained() {
        assert!(net.step(), "deadlock while draining: {:?}", net.deadlock());
        left -= 1;
        assert!(left > 0, "{sets:?}: did not drain");
    }
    // the last credits are still on their way back
    net.run(200);
    let s = net.summary();
    assert!(s.healthy(), "{sets:?}: {}", s.report());
    // drained: every credit is back where it started
    assert!(
        net.switches().iter().all(|w| w.credits_restored()),
        "{sets:?}: credits lost"
    );
    assert!(
        net.nics.iter().all(|n| n.credits_restored()),
        "{sets:?}: NIC credits"
    );
    assert_eq!(s.order_errors, 0);
    assert_eq!(
        s.generated_packets, s.delivered_packets,
        "{sets:?}: every packet delivered exactly once"
    );
    let mut injected_flits = 0;
    for n in &net.nics {
        let sq = n.seq.as_ref().unwrap();
        for c in 0..net.nics.len() {
            if sq.p.ack_packets {
                assert_eq!(sq.inj.held(c), 0, "{sets:?}: a source still holds packets");
            }
            assert_eq!(sq.rb.occupancy(c), 0);
        }
        assert_eq!(sq.rb.duplicates, 0);
        injected_flits += n.core.injected_flits;
    }
    let o = match &s.section {
        flitwave::fabric::Section::Vc(v) => v.in_order.clone().unwrap(),
        _ => unreachable!(),
    };
    // waste is exact: every rejected packet was NACKed once and resent once; every flit the
    // NICs injected is data or waste
    assert_eq!(o.nacks, o.rejected, "{sets:?}");
    assert_eq!(o.resent_packets, o.rejected, "{sets:?}");
    assert_eq!(o.data_flits + o.waste_flits, injected_flits, "{sets:?}");
    assert_eq!(o.data_packets, s.generated_packets);
    net
}

fn section(net: &Network<VcFamily>) -> flitwave::fabric::vc::InOrderSection {
    match net.summary().section {
        flitwave::fabric::Section::Vc(v) => v.in_order.unwrap(),
        _ => unreachable!(),
    }
}

const LOAD: [&str; 5] = [
    "traffic.pattern=\"bit-reversal\"",
    "traffic.rate=0.5",
    "traffic.source_queue_limit=64",
    "nic.in_order=true",
    "nic.ack=\"packets\"",
];

#[test]
fn every_buffer_size_delivers_exactly_once_in_order() {
    // bit-reversal beyond saturation: one connection per source, many overtakings
    for (mem, policy) in [
        (&["nic.rearrange_conn_bytes=32"][..], "li"),
        (&["nic.rearrange_conn_bytes=0"][..], "li"),
        (&["nic.rearrange_conn_bytes=2048"][..], "li"),
        (&["nic.rearrange_conn_bytes=2048"][..], "lw"),
        (&["nic.rearrange_conn_bytes=2048"][..], "immediate"),
        (
            &[
                "nic.rearrange=\"dynamic\"",
                "nic.reorder_bytes=2048",
                "nic.rearrange_conn_bytes=1024",
            ][..],
            "li",
        ),
    ] {
        let inj = format!("nic.injection=\"{policy}\"");
        let sets = [&LOAD[..], mem, &[&inj[..]]].concat();
        let net = run_and_drain(&sets, 30_000);
        let o = section(&net);
        eprintln!("{sets:?}: {o:?}");
        assert!(
            o.out_of_order > 0,
            "{sets:?}: the load should reorder packets"
        );
    }
}

#[test]
fn a_buffer_smaller_than_a_packet_rejects_every_out_of_order_packet() {
    let net = run_and_drain(
        &[&LOAD[..], &["nic.rearrange_conn_bytes=128"]].concat(),
        30_000,
    );
    let o = section(&net);
    assert!(o.rejected > 0);
    assert_eq!(
        o.rejected, o.out_of_order,
        "nothing fits: every one is rejected"
    );
    for n in &net.nics {
        assert_eq!(n.seq.as_ref().unwrap().rb.stored, 0);
    }
}

#[test]
fn the_ideal_mode_stores_everything_and_sends_no_control_packets() {
    let sets = [
        "traffic.pattern=\"bit-reversal\"",
        "traffic.rate=0.5",
        "nic.in_order=true",
    ];
    let net = run_and_drain(&sets, 30_000);
    let o = section(&net);
    assert_eq!((o.acks, o.nacks, o.rejected, o.waste_flits), (0, 0, 0, 0));
    assert!(
        o.mbs_bytes > 256,
        "bit-reversal beyond saturation needs buffer: {o:?}"
    );
}

#[test]
fn uniform_traffic_needs_little_rearrange_buffer_below_saturation() {
    // §4.2: "only less than 600 bytes (2 packets) per buffer (connection) is required"
    let net = run_and_drain(&["traffic.rate=0.15", "nic.in_order=true"], 60_000);
    let o = section(&net);
    assert!(o.mbs_bytes <= 3 * 256, "{o:?}");
}

#[test]
fn deterministic_routing_never_reorders() {
    let net = run_and_drain(
        &[
            &LOAD[..],
            &[
                "routing.algorithm=\"updown\"",
                "routing.paths=\"forwarding\"",
                "nic.rearrange_conn_bytes=0",
            ],
        ]
        .concat(),
        30_000,
    );
    let o = section(&net);
    assert_eq!((o.out_of_order, o.rejected), (0, 0));
}

#[test]
fn bad_in_order_settings_are_refused() {
    let base = [
        "run",
        "--config",
        "configs/inorder.toml",
        "--cycles",
        "100",
        "--set",
        "nic.in_order=true",
        "--set",
        "nic.ack=\"packets\"",
    ];
    let with = |extra: &[&'static str]| -> Vec<&'static str> { [&base[..], extra].concat() };
    fails_with(
        &with(&[
            "--set",
            "nic.rearrange=\"dynamic\"",
            "--set",
            "nic.injection=\"lw\"",
        ]),
        &["nic.injection", "dynamic", "li"],
    );
    fails_with(
        &with(&[
            "--set",
            "nic.rearrange=\"dynamic\"",
            "--set",
            "nic.reorder_bytes=1000",
            "--set",
            "nic.rearrange_conn_bytes=2000",
        ]),
        &["nic.rearrange_conn_bytes", "1..=1000"],
    );
    fails_with(
        &with(&["--set", "nic.injection=\"sometimes\""]),
        &["nic.injection", "li"],
    );
    fails_with(
        &with(&["--set", "nic.rearrange=\"elastic\""]),
        &["nic.rearrange", "dynamic"],
    );
    for mtu in ["128", "300", "8192"] {
        let m = format!("traffic.mtu_bytes={mtu}");
        let args = [&base[..], &["--set", &m[..]]].concat();
        fails_with(&args, &["traffic.mtu_bytes", "256, 512, 1024, 2048, 4096"]);
    }
}

/// `nic.send_window`: with 32 descriptors a connection held back by its injection control lets
/// younger packets of other connections pass it; with 1 (a strict FIFO source) nothing ever
/// passes, and delivery stays exactly-once and in order through the stalls.
#[test]
fn a_strict_fifo_source_never_lets_a_packet_pass_and_still_drains() {
    let base = [
        "traffic.pattern=\"uniform\"",
        "traffic.rate=0.5",
        "traffic.source_queue_limit=64",
        "nic.in_order=true",
        "nic.ack=\"packets\"",
        "nic.rearrange_conn_bytes=0",
        "nic.injection=\"li\"",
    ];
    let bypassed = |window: &str| {
        let w = format!("nic.send_window={window}");
        let net = run_and_drain(&[&base[..], &[&w[..]]].concat(), 20_000);
        let o = section(&net);
        assert!(
            o.rejected > 0,
            "{window}: the load should reject packets: {o:?}"
        );
        net.nics
            .iter()
            .map(|n| n.seq.as_ref().unwrap().bypassed)
            .sum::<u64>()
    };
    assert!(
        bypassed("32") > 0,
        "a window lets packets pass a stalled one"
    );
    assert_eq!(
        bypassed("1"),
        0,
        "a strict FIFO source never reorders its queue"
    );
    fails_with(
        &[
            "run",
            "--config",
            "configs/inorder.toml",
            "--set",
            "nic.in_order=true",
            "--set",
            "nic.send_window=0",
        ],
        &["nic.send_window", "1..=4096", "strict FIFO"],
    );
}
