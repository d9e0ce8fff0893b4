//! Link testbench (seed 000 §4.3): flits and stop/go symbols cross a 10 m cable in 8 cycles,
//! one per cycle in each direction, pipelined (8 flits in flight when streaming).
//! Writes waves/tb_link.vcd.

use flitwave::blocks::link::Link;
use flitwave::sim::trace::{TraceConfig, Tracer};
use flitwave::sim::{Flit, FlowCtl};

#[test]
fn fly_time_pipelining_and_reverse_symbols() {
    let l = Link::new(8);
    let mut tr = Tracer::create_file(
        std::path::Path::new("waves/tb_link.vcd"),
        "link",
        &l,
        TraceConfig {
            scopes: vec![],
            window: None,
            period_ps: 6250,
            ..Default::default()
        },
    )
    .unwrap();
    let mut got = Vec::new();
    let mut sym = Vec::new();
    for now in 0..40u64 {
        if now < 20 {
            l.send(
                now,
                Flit {
                    pkt: 1,
                    data: now as u8,
                    flags: 0,
                    vc: 0,
                    ..Flit::default()
                },
            );
        }
        if now == 5 {
            assert!(l.back().send(now, FlowCtl::Stop));
        }
        if let Some(f) = l.fwd().recv(now) {
            got.push((now, f.data));
        }
        if let Some(s) = l.back().recv(now) {
            sym.push((now, s));
        }
        if (8..20).contains(&now) {
            assert_eq!(l.flits_in_flight(), 8, "8 flits on a streaming 10 m cable");
        }
        tr.sample(now, &l).unwrap();
    }
    tr.finish().unwrap();
    assert_eq!(got.len(), 20);
    assert!(got.iter().all(|&(t, d)| t == d as u64 + 8));
    assert_eq!(sym, vec![(13, FlowCtl::Stop)]);
    assert_eq!(l.flits_sent(), 20);
    // A link is two cache lines: with a fly time up to 3 both wires' registers and inline
    // slots fill the first (`blocks::link`'s unit test holds the offsets), the pointers to
    // longer rings lie in the second.
    assert_eq!(
        std::mem::align_of::<Link>(),
        64,
        "a link starts a cache line"
    );
    assert_eq!(std::mem::size_of::<Link>(), 128, "two cache lines");
    assert_eq!(l.flits_in_flight(), 0);
}
