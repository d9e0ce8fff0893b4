//! Testbench of the separable input-first allocator (the VC router's VC and switch allocators):
//! against a reference model written out loop by loop on random request matrices, the matching
//! property on every cycle, and fairness under full contention.

use flitwave::blocks::allocator::{SeparableInputFirst, NO_GRANT};
use rand::{Rng, SeedableRng};

/// The allocator as the textbook states it: stage 1 scans each input's outputs from its
/// pointer, stage 2 scans each output's inputs from its pointer; granted pairs move both
/// pointers one past the winner.
struct Reference {
    ins: usize,
    outs: usize,
    in_ptr: Vec<usize>,
    out_ptr: Vec<usize>,
}

impl Reference {
    fn allocate(&mut self, req: &[Vec<bool>]) -> Vec<Option<usize>> {
        let pick: Vec<Option<usize>> = (0..self.ins)
            .map(|i| {
                (0..self.outs)
                    .map(|k| (self.in_ptr[i] + k) % self.outs)
                    .find(|&o| req[i][o])
            })
            .collect();
        let mut grant = vec![None; self.ins];
        for o in 0..self.outs {
            let winner = (0..self.ins)
                .map(|k| (self.out_ptr[o] + k) % self.ins)
                .find(|&i| pick[i] == Some(o));
            if let Some(i) = winner {
                grant[i] = Some(o);
                self.out_ptr[o] = (i + 1) % self.ins;
                self.in_ptr[i] = (o + 1) % self.outs;
            }
        }
        grant
    }
}

#[test]
fn agrees_with_the_reference_on_random_requests() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    for (ins, outs) in [(5, 5), (10, 10), (8, 3), (3, 8), (64, 64), (1, 1), (20, 40)] {
        let mut dut = SeparableInputFirst::new(ins, outs);
        let mut r = Reference {
            ins,
            outs,
            in_ptr: vec![0; ins],
            out_ptr: vec![0; outs],
        };
        let mut grant = vec![0u8; ins];
        for cycle in 0..20_000 {
            let density: f64 = [0.05, 0.3, 0.9][cycle % 3];
            let m: Vec<Vec<bool>> = (0..ins)
                .map(|_| (0..outs).map(|_| rng.random::<f64>() < density).collect())
                .collect();
            let req: Vec<u64> = m
                .iter()
                .map(|row| row.iter().enumerate().map(|(o, &b)| (b as u64) << o).sum())
                .collect();
            let n = dut.allocate(&req, &mut grant);
            let want = r.allocate(&m);
            let got: Vec<Option<usize>> = grant
                .iter()
                .map(|&g| (g != NO_GRANT).then_some(g as usize))
                .collect();
            assert_eq!(got, want, "{ins}x{outs} cycle {cycle}");
            assert_eq!(n as usize, got.iter().flatten().count());
            // a matching of requested pairs
            let mut used = vec![false; outs];
            for (i, g) in got.iter().enumerate() {
                if let Some(o) = *g {
                    assert!(m[i][o], "granted without a request");
                    assert!(
                        !std::mem::replace(&mut used[o], true),
                        "output granted twice"
                    );
                }
            }
        }
    }
}

/// Every input requests every output, every cycle: after the pointers settle (first round),
/// each cycle is a full matching and each input gets each output equally often.
#[test]
fn full_contention_is_a_perfect_rotation() {
    let n = 5;
    let mut a = SeparableInputFirst::new(n, n);
    let mut grant = vec![0u8; n];
    let mut count = vec![vec![0u32; n]; n];
    let mut full = 0;
    for _ in 0..1000 {
        let k = a.allocate(&vec![(1u64 << n) - 1; n], &mut grant);
        full += (k as usize == n) as u32;
        for (i, &g) in grant.iter().enumerate() {
            if g != NO_GRANT {
                count[i][g as usize] += 1;
            }
        }
    }
    assert!(full >= 990, "{full} full matchings of 1000");
    for row in &count {
        for &c in row {
            assert!((195..=205).contains(&c), "{count:?}");
        }
    }
}
