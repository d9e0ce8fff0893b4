//! Testbench of the per-VC credit counters and VC ownership of a router output: a sender that
//! follows the protocol against a downstream buffer that frees flits at random, in both release
//! modes; credits plus units in flight always equal the buffer; the VC is free exactly when the
//! mode says; protocol errors are refused and counted. In a network of VC routers waiting for
//! the tail's credit, no VC downstream goes to the next packet before that credit is back.

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

/// What the input unit's admission is for: every router's outputs counting twice the credits
/// the buffers downstream hold (their counters written before the first cycle), past
/// saturation a flit reaches a full VC, which the router refuses and counts as an overflow,
/// and conservation fails; with the counters as built, nothing of the kind.
#[test]
fn a_flit_written_into_a_full_vc_is_refused_and_counted() {
    use crate::common::{booksim_preset, vc_network};
    use flitwave::fabric::Switch;
    for doubled in [true, false] {
        let mut n = vc_network(&booksim_preset(&["traffic.rate=0.6"]));
        if doubled {
            for sw in n.switches_mut().unwrap() {
                let (nv, b) = (sw.params().vcs, sw.params().buffer_flits);
                for o in 0..sw.ports() {
                    *sw.credits_mut(o) = VcCredits::new(nv, 2 * b, false);
                }
            }
        }
        n.run(2000);
        assert!(n.has_engine());
        let overflows: u64 = n.switches().iter().map(|s| s.health().overflows).sum();
        assert_eq!(overflows > 0, doubled, "{overflows} refused");
        assert_eq!(n.summary().buffer_overflows, overflows);
        assert_eq!(n.conservation_ok(), !doubled);
    }
}

/// What waiting for the tail's credit is for (`switch.wait_for_tail_credit = true`): a VC
/// downstream is given to the next packet only once every credit of the packet before it is
/// back — its buffer downstream empty — never while the tail's own credit is still on its
/// way. A 4x4 mesh of the BookSim2 preset at 0.4 flits per host and cycle, beyond
/// saturation, so that packets wait for the VCs as they free: every cycle, for every router
/// output VC, the cycle its packet's tail was sent, the first cycle after it that its credits
/// are all back (the count it started with) and the cycle VC allocation gives it to another
/// input VC. The grant may come in the cycle the tail's credit is back, not before.
#[test]
fn the_next_packet_gets_a_vc_downstream_only_once_the_tails_credit_is_back() {
    use crate::common::{booksim_preset as preset, vc_network as vc_net};
    // per router, its output VCs in a row (index o·V + v): owner and tail sent
    let owners = |sw: &flitwave::fabric::vc::switch::VcSwitch| -> Vec<(Option<usize>, bool)> {
        let nv = sw.params().vcs;
        (0..sw.ports() * nv)
            .map(|k| (sw.owner(k / nv, k % nv), sw.tail_pending(k / nv, k % nv)))
            .collect()
    };
    let mut net = vc_net(&preset(&[
        "topology.dims=\"4x4\"",
        "switch.wait_for_tail_credit=true",
        "traffic.rate=0.4",
        "warmup=0",
    ]));
    assert!(net.has_engine(), "the planes take the 4x4 mesh");
    let full: Vec<Vec<u32>> = net
        .switches()
        .iter()
        .map(|sw| {
            let nv = sw.params().vcs;
            (0..sw.ports() * nv)
                .map(|k| sw.credits(k / nv, k % nv))
                .collect()
        })
        .collect();
    let mut was: Vec<_> = net.switches().iter().map(owners).collect();
    // per router and output VC: (the owner whose tail was sent, the cycle its credits
    // were all back)
    type Tail = Option<(usize, Option<u64>)>;
    let mut tail: Vec<Vec<Tail>> = full.iter().map(|f| vec![None; f.len()]).collect();
    let (mut grants, mut at_once) = (0u32, 0u32);
    let mut early = vec![];
    for _ in 0..4000 {
        let t = net.now();
        net.step();
        for (r, sw) in net.switches().iter().enumerate() {
            let nv = sw.params().vcs;
            let now = owners(sw);
            for (k, &(owner, sent)) in now.iter().enumerate() {
                let back = sw.credits(k / nv, k % nv) == full[r][k];
                if let Some((_, at @ None)) = &mut tail[r][k] {
                    if back {
                        *at = Some(t);
                    }
                }
                if let (Some(o), true, (Some(p), _)) = (owner, sent, was[r][k]) {
                    if o == p && tail[r][k].is_none() {
                        tail[r][k] = Some((o, back.then_some(t)));
                    }
                }
                let Some(o) = owner else { continue };
                if was[r][k].0 == Some(o) {
                    continue;
                }
                // VC allocation gave the VC to input VC o in cycle t
                if let Some((_, at)) = tail[r][k].take() {
                    grants += 1;
                    match at {
                        Some(a) if a <= t => at_once += (a == t) as u32,
                        _ => early.push((t, r, k / nv, k % nv, at)),
                    }
                }
            }
            was[r] = now;
        }
    }
    assert!(net.has_engine());
    assert!(
        early.is_empty(),
        "{} of {grants} VCs downstream given to the next packet before \
         the tail's credit was back (cycle, router, output, VC, credits back): {:?}",
        early.len(),
        &early[..early.len().min(6)]
    );
    assert!(
        grants > 1000 && at_once > 300,
        "packets wait for the VCs: {grants} grants after a tail, \
         {at_once} in the cycle its credit came back"
    );
    assert!(net.summary().healthy());
}
