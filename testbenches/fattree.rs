//! Testbench: fat-trees of virtual cut-through switches with credits and IR/FIR routing
//! (seed 001): invariants under load, draining, in-order delivery, the routing families.

use flitwave::blocks::vct_nic::AckMode;
use flitwave::blocks::vct_switch::Selection;
use flitwave::fabric::fattree::{FatTree, FtParams};

fn params(k: u32, n: u32, sel: Selection, rate: f64) -> FtParams {
    FtParams {
        k,
        n,
        selection: sel,
        rate,
        payload_bytes: 256,
        max_payload_bytes: 256,
        warmup: 5_000,
        ..Default::default()
    }
}

fn run_and_drain(mut net: FatTree, cycles: u64) -> flitwave::fabric::fattree::FtSummary {
    net.run(cycles);
    let s = net.summary();
    assert!(s.healthy(), "{}", s.report());
    net.stop_traffic();
    for _ in 0..2_000_000 {
        if net.packets.live() == 0 || !net.step() {
            break;
        }
    }
    let d = net.summary();
    assert!(d.healthy(), "{}", d.report());
    assert_eq!(net.packets.live(), 0, "not drained:\n{}", d.report());
    assert_eq!(d.generated_packets, d.delivered_packets);
    assert_eq!(d.flits_in_flight, 0);
    s
}

#[test]
fn every_routing_delivers_everything_without_violating_an_invariant() {
    for sel in [Selection::Deterministic, Selection::Sadp, Selection::Ff] {
        for (k, n) in [(2, 3), (4, 2)] {
            let s = run_and_drain(FatTree::new(params(k, n, sel, 0.3)).unwrap(), 30_000);
            println!("{}", s.report());
            assert!(s.accepted_flits_per_cycle_per_node > 0.25, "{}", s.report());
        }
    }
}

#[test]
fn deterministic_routing_delivers_in_order_adaptive_does_not() {
    let mut p = params(4, 2, Selection::Deterministic, 0.6);
    p.in_order = true;
    let s = run_and_drain(FatTree::new(p.clone()).unwrap(), 30_000);
    assert_eq!(s.out_of_order_packets, 0, "{}", s.report());
    p.selection = Selection::Ff;
    let s = run_and_drain(FatTree::new(p.clone()).unwrap(), 30_000);
    assert!(s.out_of_order_packets > 0, "{}", s.report());
    assert!(s.ooo_max_packets > 0 && s.reorder_delay_cycles.unwrap() > 0.0);
    p.ack = AckMode::Packets;
    let s = run_and_drain(FatTree::new(p).unwrap(), 30_000);
    assert!(s.acks > 0 && s.out_of_order_packets > 0, "{}", s.report());
}
