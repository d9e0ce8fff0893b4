//! Testbench of the VC routers in bit planes (`fabric::vc::switch::Planes`) with output
//! queues (`switch.output_buffer_flits`; seed 004's buffers behind the crossbar): the
//! routers' own queues, output stage and credit counters, the planes counting each queue's
//! room; with an escape queue (VC 0 of its own depth) and with buffers of thousands of
//! flits, and with the non-multiplexed crossbar (every input VC its own path into the queues,
//! its credits paced upstream a VC at a time) — each run read against its golden
//! (`planes_compare::against_golden`: every router's registers every 7th cycle, its probes and
//! every link every 19th, every statistic at the end, against the run's golden, blessed when
//! it agreed read for read with the routers one by one).

use crate::common::{booksim_preset, vc_network};
use crate::planes_compare::against_golden;

#[test]
fn routers_with_output_queues_in_planes_keep_their_goldens() {
    // the mesh preset with queues of 8 and of 40 flits, wormhole and cut-through, light and
    // past saturation, a crossbar of 0, 1 and 3 cycles, the tail credit and a credit delay,
    // internal speedups of 2 and 3 (the queues filled at every step, sent from once a cycle);
    // a dragonfly under UGAL-L (the selection reading the queues' room and the credits
    // downstream)
    for (what, over, cycles) in [
        (
            "mesh, queues of 8, light",
            vec!["switch.output_buffer_flits=8", "traffic.rate=0.1"],
            3000,
        ),
        (
            "mesh, queues of 8, past saturation",
            vec!["switch.output_buffer_flits=8", "traffic.rate=0.5"],
            3000,
        ),
        (
            "mesh, cut-through, queues of 40, crossbar of 0 cycles",
            vec![
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=20",
                "switch.output_buffer_flits=40",
                "switch.crossbar_cycles=0",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "mesh, queues of 8, internal speedup 2, past saturation",
            vec![
                "switch.output_buffer_flits=8",
                "switch.internal_speedup=2",
                "traffic.rate=0.6",
            ],
            3000,
        ),
        (
            "mesh, cut-through, queues of 40, speedup 3, crossbar of 0 cycles",
            vec![
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=20",
                "switch.output_buffer_flits=40",
                "switch.internal_speedup=3",
                "switch.crossbar_cycles=0",
                "traffic.rate=0.45",
            ],
            3000,
        ),
        (
            "mesh, queues of 4, speedup 2, pipelined crossbar of 2 cycles",
            vec![
                "switch.output_buffer_flits=4",
                "switch.internal_speedup=2",
                "switch.crossbar_cycles=2",
                "switch.crossbar_batches=false",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "mesh, queues of 3, crossbar of 3, tail credit, credit delay 2",
            vec![
                "switch.output_buffer_flits=3",
                "switch.crossbar_cycles=3",
                "switch.wait_for_tail_credit=true",
                "switch.credit_delay_cycles=2",
                "traffic.rate=0.3",
            ],
            3000,
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
    // the dragonfly under UGAL-L with queues of 16; and under a selection reading the room
    // behind each candidate (max-credits), wormhole, queues of 2 flits: a full queue is no
    // room for a head (it needs one flit, as one by one)
    for (what, over) in [
        (
            "dragonfly, UGAL-L, queues of 16",
            [
                "routing.selection=\"ugal-l\"",
                "switch.internal_speedup=1",
                "switch.output_buffer_flits=16",
                "traffic.rate=0.4",
            ],
        ),
        (
            "dragonfly, max-credits, wormhole, queues of 2",
            [
                "routing.selection=\"max-credits\"",
                "switch.switching=\"wormhole\"",
                "switch.output_buffer_flits=2",
                "traffic.rate=0.45",
            ],
        ),
    ] {
        let over = ["routing.algorithm=\"dfly-ugal\"", "switch.vcs=4"]
            .into_iter()
            .chain(over)
            .map(String::from)
            .collect::<Vec<_>>();
        let dfly = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/booksim-dragonfly.toml"),
            &over,
        )
        .unwrap();
        let delivered = against_golden(what, vc_network(&dfly), 1200);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn escape_queues_and_deep_buffers_in_planes_keep_their_goldens() {
    // the mesh preset with VC 0 shallower and deeper than the others, and with buffers of
    // 2,000 flits; seed 004's network (configs/inorder.toml: adaptive routing with its escape
    // queue of 256 flits beside 7,936, output queues of both) on the multiplexed crossbar
    // with credits of one flit
    for (what, over, cycles) in [
        (
            "mesh, escape queue of 2 flits",
            vec!["switch.escape_buffer_flits=2", "traffic.rate=0.3"],
            3000,
        ),
        (
            "mesh, escape queue of 20 flits, VCs of 40, output queues of 20, cut-through",
            vec![
                "switch.escape_buffer_flits=20",
                "switch.output_buffer_flits=20",
                "switch.vc_buffer_flits=40",
                "switch.switching=\"cut-through\"",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "mesh, buffers of 2,000 flits, past saturation",
            vec!["switch.vc_buffer_flits=2000", "traffic.rate=0.6"],
            2000,
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
    for (what, rate) in [
        ("seed 004, multiplexed", "0.1"),
        ("seed 004, saturated", "0.6"),
    ] {
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/inorder.toml"),
            &[
                "switch.crossbar=\"multiplexed\"".into(),
                "switch.credit_bytes=1".into(),
                format!("traffic.rate={rate}"),
            ],
        )
        .unwrap();
        let delivered = against_golden(what, vc_network(&c), 6000);
        assert!(delivered > 30, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn the_non_multiplexed_crossbar_in_planes_keeps_its_goldens() {
    // every input VC that may cross does, into its output VC's queue, and its credits go
    // upstream one symbol an input and cycle, the VCs taking turns: the mesh preset light and
    // past saturation, 4 VCs of 4 flits, credits of 4 flits, cut-through with a crossbar of
    // 0 cycles, a crossbar of 3 with the tail credit; seed 004's network as shipped
    // (configs/inorder.toml: credits of 64 bytes, an escape queue of 256 flits beside 7,936)
    let nm = "switch.crossbar=\"non-multiplexed\"";
    for (what, over, cycles) in [
        (
            "mesh, queues of 8, light",
            vec![nm, "switch.output_buffer_flits=8", "traffic.rate=0.1"],
            3000,
        ),
        (
            "mesh, queues of 8, past saturation",
            vec![nm, "switch.output_buffer_flits=8", "traffic.rate=0.6"],
            3000,
        ),
        (
            "mesh, 4 VCs of 4 flits, queues of 3, past saturation",
            vec![
                nm,
                "switch.vcs=4",
                "switch.vc_buffer_flits=4",
                "switch.output_buffer_flits=3",
                "traffic.rate=0.5",
            ],
            3000,
        ),
        (
            "mesh, credits of 4 flits",
            vec![
                nm,
                "switch.output_buffer_flits=8",
                "link.flit_bytes=4",
                "switch.credit_bytes=16",
                "traffic.rate=0.4",
            ],
            3000,
        ),
        (
            "mesh, cut-through, queues of 40, crossbar of 0 cycles",
            vec![
                nm,
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=20",
                "switch.output_buffer_flits=40",
                "switch.crossbar_cycles=0",
                "traffic.rate=0.45",
            ],
            3000,
        ),
        (
            "mesh, crossbar of 3, tail credit, credit delay 2",
            vec![
                nm,
                "switch.output_buffer_flits=5",
                "switch.crossbar_cycles=3",
                "switch.wait_for_tail_credit=true",
                "switch.credit_delay_cycles=2",
                "traffic.rate=0.35",
            ],
            3000,
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), cycles);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
    for (what, rate) in [("seed 004", "0.1"), ("seed 004, saturated", "0.6")] {
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/inorder.toml"),
            &[format!("traffic.rate={rate}")],
        )
        .unwrap();
        let delivered = against_golden(what, vc_network(&c), 6000);
        assert!(delivered > 30, "{what}: {delivered} packets delivered");
    }
}
