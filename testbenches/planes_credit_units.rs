//! Testbench of the VC routers in bit planes (`fabric::vc::switch::Planes`) with credits of
//! several units (`switch.credit_bytes` other than a flit's bytes; seed 004 §4 counts 64-byte
//! credits): a flit spends the units it is the first to touch downstream and frees upstream
//! those it completes (none, one or several), the units ride the planes' rings beside each
//! credit, and an output VC has room when the flit that crosses it next finds its units
//! there. Each network's run is read against its golden
//! (`planes_compare::against_golden`: every router's registers — its credit counters and
//! delay line among them — every 7th cycle, its probes and
//! every link every 19th, every statistic at the end, against the run's golden, blessed when
//! it agreed read for read with the routers one by one).

use crate::common::{booksim_preset, vc_network};
use crate::planes_compare::against_golden;

#[test]
fn routers_with_credits_of_several_units_in_planes_keep_their_goldens() {
    // flits of 1 byte and credits of 2 (a credit every other flit, the tail's remainder),
    // flits of 8 bytes and credits of 2 (4 units a flit), flits of 2 bytes and credits of 3
    // (0 or 1 unit a flit: uneven), flits of 5 and credits of 4 (a head 2 units, most
    // other flits 1, so whether a VC has room depends on which flit of its packet crosses
    // next: with 10 units a VC, a credit can leave 1 unit where a body flit waits), flits of 4
    // and credits of 16 (a credit every fourth flit); wormhole and cut-through, light and past saturation, the tail credit, an
    // internal speedup (credits queued at the inputs with their units), output queues (the
    // units spent behind the queues) and no credit delay
    for (what, over) in [
        (
            "credits of 2 one-byte flits, light",
            vec!["switch.credit_bytes=2", "traffic.rate=0.1"],
        ),
        (
            "credits of 2 one-byte flits, past saturation",
            vec!["switch.credit_bytes=2", "traffic.rate=0.5"],
        ),
        (
            "4 units a flit, the tail credit",
            vec![
                "link.flit_bytes=8",
                "switch.credit_bytes=2",
                "switch.wait_for_tail_credit=true",
                "traffic.message_bytes=160",
                "traffic.rate=0.35",
            ],
        ),
        (
            "uneven units, cut-through",
            vec![
                "link.flit_bytes=2",
                "switch.credit_bytes=3",
                "switch.switching=\"cut-through\"",
                "switch.vc_buffer_flits=24",
                "traffic.message_bytes=40",
                "traffic.rate=0.4",
            ],
        ),
        (
            "2 units a head, 1 a body flit",
            vec![
                "link.flit_bytes=5",
                "switch.credit_bytes=4",
                "traffic.message_bytes=100",
                "traffic.rate=0.5",
            ],
        ),
        (
            "a credit every fourth flit, no credit delay",
            vec![
                "link.flit_bytes=4",
                "switch.credit_bytes=16",
                "switch.credit_delay_cycles=0",
                "traffic.message_bytes=80",
                "traffic.rate=0.3",
            ],
        ),
        (
            "credits of 2 one-byte flits, internal speedup 2",
            vec![
                "switch.credit_bytes=2",
                "switch.internal_speedup=2",
                "traffic.rate=0.6",
            ],
        ),
        (
            "credits of 2 one-byte flits, output queues of 8",
            vec![
                "switch.credit_bytes=2",
                "switch.output_buffer_flits=8",
                "traffic.rate=0.45",
            ],
        ),
    ] {
        let c = booksim_preset(&over);
        let delivered = against_golden(what, vc_network(&c), 3000);
        assert!(delivered > 300, "{what}: {delivered} packets delivered");
    }
}

#[test]
fn the_torus_and_seed_004s_network_with_credits_in_bytes_keep_their_goldens() {
    // the torus preset's one-flit packets: every flit a head and a tail, its credit the
    // packet's one unit; seed 004's network with its 64-byte credits and a multiplexed
    // crossbar (256-flit packets, a credit every 64 flits, output queues)
    let torus = flitwave::experiment::config::Config::from_toml(
        include_str!("../configs/booksim-iq-torus.toml"),
        &["switch.credit_bytes=2".into(), "traffic.rate=0.2".into()],
    )
    .unwrap();
    let delivered = against_golden("torus", vc_network(&torus), 3000);
    assert!(delivered > 3000, "torus: {delivered} packets delivered");
    for rate in ["0.1", "0.6"] {
        let c = flitwave::experiment::config::Config::from_toml(
            include_str!("../configs/inorder.toml"),
            &[
                "switch.crossbar=\"multiplexed\"".into(),
                format!("traffic.rate={rate}"),
            ],
        )
        .unwrap();
        let what = format!("seed 004, 64-byte credits, {rate}");
        let delivered = against_golden(&what, vc_network(&c), 6000);
        assert!(delivered > 30, "{what}: {delivered} packets delivered");
    }
}
