//! Testbench of the probe contract the waveform tracer relies on (`flitwave::sim::probe`): a
//! block must walk the same signals, of the same kinds, every cycle; a walk that changes is a
//! bug in the block, caught in every build.

use crate::common::trace::{cfg, SharedBuf};
use flitwave::sim::probe::{Probe, ProbeVisitor};
use flitwave::sim::trace::Tracer;
use std::cell::RefCell;

/// A block whose probe walk changes between calls (a programming error).
struct Inconsistent(RefCell<u32>);
impl Probe for Inconsistent {
    fn probe<V: ProbeVisitor>(&self, v: &mut V) {
        *self.0.borrow_mut() += 1;
        v.flag("a", true);
        if *self.0.borrow() > 1 {
            v.flag("b", true);
        }
    }
}

#[test]
#[should_panic(expected = "probe walk visited more signals")]
fn inconsistent_probe_walk_panics() {
    let b = Inconsistent(RefCell::new(0));
    let mut tr = Tracer::new("top", &b, cfg(&[], None), SharedBuf::default()).unwrap();
    let _ = tr.sample(0, &b);
}

#[test]
#[should_panic(expected = "was declared as Bits(4), sampled as Int")]
fn probe_kind_change_panics() {
    /// A block whose signal changes kind between walks: a bug in the block, caught in every
    /// build.
    struct KindFlip(RefCell<u32>);
    impl Probe for KindFlip {
        fn probe<V: ProbeVisitor>(&self, v: &mut V) {
            *self.0.borrow_mut() += 1;
            match *self.0.borrow() {
                1 => v.bits("a", 4, 1),
                _ => v.int("a", 1),
            }
        }
    }
    let b = KindFlip(RefCell::new(0));
    let mut tr = Tracer::new("top", &b, cfg(&[], None), SharedBuf::default()).unwrap();
    let _ = tr.sample(0, &b);
}
