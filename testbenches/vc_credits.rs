//! Testbench of the per-VC credit counters and VC ownership of a router output: a sender that
//! follows the protocol against a downstream buffer that frees flits at random, in both release
//! modes; credits plus units in flight always equal the buffer; the VC is free exactly when the
//! mode says; protocol errors are refused and counted.

use flitwave::blocks::vc_credits::{VcCredits, FREE};
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;

const VCS: usize = 3;
const SIZE: u32 = 8;

/// One run of `cycles` with packets of 1..=12 flits of 1 or 2 units each.
fn run(wait_for_tail_credit: bool, seed: u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut c = VcCredits::new(VCS, SIZE, wait_for_tail_credit);
    // per VC: the packet being sent (flits left, owner) and the downstream queue (units, tail)
    let mut sending: [Option<(u32, u16)>; VCS] = [None; VCS];
    let mut down: Vec<VecDeque<(u32, bool)>> = vec![VecDeque::new(); VCS];
    let mut owners = 0u16;
    let mut releases = 0;
    for _ in 0..50_000 {
        // VC allocation: a new packet takes a free VC
        let free = c.free();
        for (v, s) in sending.iter_mut().enumerate() {
            if free >> v & 1 == 1 && s.is_none() && rng.random_bool(0.3) {
                owners += 1;
                c.take(v, owners % 1000);
                *s = Some((rng.random_range(1..=12), owners % 1000));
            }
        }
        // one flit per cycle on a random VC that holds credit
        let v = rng.random_range(0..VCS);
        let units = if rng.random_bool(0.5) { 1 } else { 2 };
        if let Some((left, owner)) = sending[v] {
            assert_eq!(c.owner(v), owner);
            if c.can_send(v, units) {
                let tail = left == 1;
                c.send(v, units, tail);
                down[v].push_back((units, tail));
                sending[v] = (!tail).then_some((left - 1, owner));
                if tail && !wait_for_tail_credit {
                    assert_eq!(c.owner(v), FREE, "released when the tail is sent");
                    releases += 1;
                } else if tail {
                    assert_eq!(c.owner(v), owner, "held until the tail's credit is back");
                }
            }
        }
        // downstream frees a flit now and then, returning its credit
        let u = rng.random_range(0..VCS);
        if rng.random_bool(0.4) {
            if let Some((units, tail)) = down[u].pop_front() {
                let held = c.owner(u);
                c.credit(u, units);
                if wait_for_tail_credit {
                    let empty_after_tail = tail && down[u].is_empty() && sending[u].is_none();
                    if held != FREE && empty_after_tail {
                        assert_eq!(c.owner(u), FREE, "released when the tail's credit is back");
                        releases += 1;
                    } else if held != FREE && sending[u].is_some() {
                        assert_eq!(c.owner(u), held, "held while its packet is sent");
                    } else if held != FREE && !down[u].is_empty() {
                        // the tail went, but a flit of the packet (the tail at least) is still
                        // downstream: not one credit early
                        assert_eq!(c.owner(u), held, "held until the last credit is back");
                    }
                }
            }
        }
        for (w, q) in down.iter().enumerate() {
            let in_flight: u32 = q.iter().map(|&(u, _)| u).sum();
            assert_eq!(c.credits(w) + in_flight, SIZE, "credits are conserved");
        }
    }
    assert!(releases > 100, "{releases} releases");
    assert_eq!((c.underflows, c.overflows, c.double_grants), (0, 0, 0));
}

#[test]
fn follows_the_protocol_releasing_at_the_tail() {
    run(false, 1);
}

#[test]
fn follows_the_protocol_releasing_at_the_tail_credit() {
    run(true, 2);
}

#[test]
fn protocol_errors_are_refused_and_counted() {
    let mut c = VcCredits::new(2, 2, false);
    c.take(0, 7);
    c.take(0, 8);
    assert_eq!((c.owner(0), c.double_grants), (7, 1));
    assert_eq!(c.free(), 0b10);
    c.send(0, 2, false);
    c.send(0, 1, false);
    assert_eq!((c.credits(0), c.underflows), (0, 1));
    c.credit(0, 2);
    c.credit(0, 1);
    assert_eq!((c.credits(0), c.overflows), (2, 1));
}
