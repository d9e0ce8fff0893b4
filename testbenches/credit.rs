//! Testbench: the credit counter (seed 001 §5.1), model against its RTL twin in lockstep —
//! directed edge cases (before init, empty, full, take and return together, a zero-size and the
//! largest buffer), then 100,000 seeded random cycles per seed — with coverage of both bounds.

use flitwave::blocks::credit::CreditCounter;
use flitwave::hdl::credit::CreditRtl;
use flitwave::hdl::lockstep::{self, Options, Twin};
use rand::{Rng, SeedableRng};

#[test]
fn lockstep_model_and_twin_agree() {
    for seed in 1..=3 {
        let o = Options {
            seed,
            ..Options::default()
        };
        let (cycles, v) = lockstep::check::<CreditRtl>(&o).unwrap();
        assert!(cycles >= 100_000);
        let (ni, no) = (CreditRtl::INPUTS.len(), CreditRtl::OUTPUTS.len());
        let (mut under, mut over, mut empty, mut inits) = (0, 0, 0, 0);
        for (i, o) in v
            .from_power_on()
            .0
            .chunks(ni)
            .zip(v.from_power_on().1.chunks(no))
        {
            under += o[2];
            over += o[3];
            empty += (o[0] == 0) as u64;
            inits += i[0];
        }
        assert!(under > 1000 && over > 1000 && empty > 1000 && inits > 20);
    }
}

/// A sender that obeys the counter and a receiver that returns credits as it frees its buffer:
/// the buffer never overflows and the counter never flags an error.
#[test]
fn a_well_behaved_link_never_errs() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let size = 16;
    let mut c = CreditCounter::new(size);
    let mut buffer = 0u32;
    let mut wire = std::collections::VecDeque::from(vec![false; 8]); // credit return path
    for _ in 0..200_000 {
        let ret = wire.pop_front().unwrap();
        let send = c.can_send() && rng.random_bool(0.7);
        let s = c.cycle(send, ret);
        assert!(!s.underflow && !s.overflow);
        buffer += send as u32;
        assert!(buffer <= size, "receiver buffer overflowed");
        let drain = buffer > 0 && rng.random_bool(0.6);
        buffer -= drain as u32;
        wire.push_back(drain);
        assert!(c.credits() + buffer + wire.iter().filter(|&&x| x).count() as u32 == size);
    }
}
