//! Testbench of the per-VC input buffer: random writes and reads against one queue per VC,
//! refused writes to a full VC, the occupancy mask, and VCs that never interfere.

use flitwave::blocks::vc_buffer::VcBuffer;
use flitwave::sim::Flit;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;

fn flit(pkt: u32, vc: u8) -> Flit {
    Flit {
        pkt,
        data: (pkt % 251) as u8,
        flags: 0,
        vc,
        ..Flit::default()
    }
}

#[test]
fn behaves_as_one_fifo_per_vc() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for (vcs, depth) in [(1, 1), (2, 8), (4, 3), (16, 5)] {
        let mut b = VcBuffer::new(vcs, depth);
        let mut q: Vec<VecDeque<Flit>> = vec![VecDeque::new(); vcs];
        let mut refused = 0;
        for n in 0..50_000u32 {
            let v = rng.random_range(0..vcs);
            if rng.random::<f64>() < 0.55 {
                let f = flit(n, v as u8);
                let ok = b.push(f);
                assert_eq!(
                    ok,
                    q[v].len() < depth,
                    "write to VC {v} at level {}",
                    q[v].len()
                );
                if ok {
                    q[v].push_back(f);
                } else {
                    refused += 1;
                }
            } else {
                assert_eq!(b.front(v).copied(), q[v].front().copied());
                assert_eq!(b.pop(v), q[v].pop_front());
            }
            for (u, qu) in q.iter().enumerate() {
                assert_eq!(b.level(u) as usize, qu.len());
                assert_eq!((b.occupied() >> u) & 1 == 1, !qu.is_empty());
            }
        }
        assert_eq!(b.overflows, refused);
        assert!(refused > 0, "the random load fills VCs");
        assert!(b.max_level as usize <= depth);
    }
}

#[test]
fn a_write_to_a_missing_vc_is_refused() {
    let mut b = VcBuffer::new(2, 4);
    assert!(!b.push(flit(1, 2)));
    assert_eq!(b.overflows, 1);
    assert_eq!(b.flits(), 0);
    // a full VC does not stop the other
    for i in 0..4 {
        assert!(b.push(flit(i, 0)));
    }
    assert!(!b.push(flit(9, 0)));
    assert!(b.push(flit(10, 1)));
    assert_eq!(b.flits(), 5);
}
