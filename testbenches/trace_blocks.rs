//! Testbench of the tracer's walk by blocks (`ProbeVisitor::block`): a waveform of some blocks
//! walks those alone each cycle — the others once, to declare their signals — and writes the
//! bytes it writes when every block is walked.

use flitwave::sim::probe::{Probe, ProbeVisitor};
use flitwave::sim::trace::Tracer;
use std::cell::Cell;

use crate::common::trace::{cfg, SharedBuf};

/// Switches of two ports whose registers are functions of the cycle, entered as blocks
/// (`blocks`) or as plain scopes; each switch counts the walks of its signals.
struct Net {
    cycle: u64,
    blocks: bool,
    walks: [Cell<u32>; 3],
}

impl Probe for Net {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        v.int("injected", (self.cycle / 4) as i64);
        for (s, walks) in self.walks.iter().enumerate() {
            let enter = if self.blocks {
                v.block("sw", s)
            } else {
                v.scope_idx("sw", s);
                true
            };
            if enter {
                walks.set(walks.get() + 1);
                v.bits("flit", 64, self.cycle.wrapping_mul(0x9E37_79B9) + s as u64);
                for p in 0..2u64 {
                    v.scope_idx("in", p as usize);
                    v.bits("level", 8, (self.cycle / 3 + 10 * s as u64 + 20 * p) % 256);
                    v.text(
                        "state",
                        ["ROUTING", "XFER", "wait"][(self.cycle / 7 % 3) as usize],
                    );
                    v.up();
                }
            }
            v.up();
        }
    }
}

/// The waveform of `scopes` over cycles 20..120 of 200, and the walks of each switch.
fn trace(scopes: &[&str], blocks: bool) -> (String, Vec<u32>) {
    let out = SharedBuf::default();
    let mut n = Net {
        cycle: 0,
        blocks,
        walks: Default::default(),
    };
    let mut tr = Tracer::new("network", &n, cfg(scopes, Some((20, 120))), out.clone()).unwrap();
    for c in 0..200 {
        n.cycle = c;
        tr.sample(c, &n).unwrap();
    }
    tr.finish().unwrap();
    (out.text(), n.walks.iter().map(Cell::get).collect())
}

#[test]
fn a_waveform_of_some_blocks_walks_those_alone_and_writes_the_same_bytes() {
    for (scopes, walked) in [
        (vec!["network.sw1"], [1, 101, 1]),
        (vec!["network.sw2.in1.level", "network.sw0"], [101, 1, 101]),
        (vec![], [101, 101, 101]),
        (vec!["network.injected"], [1, 1, 1]),
    ] {
        let (text, walks) = trace(&scopes, true);
        assert_eq!(walks, walked, "{scopes:?}: the blocks walked");
        assert_eq!(text, trace(&scopes, false).0, "{scopes:?}: the bytes");
        assert!(text.contains("$enddefinitions"), "{scopes:?}");
    }
}
