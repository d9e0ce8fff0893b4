//! Testbench of what UGAL-L's queue comparison is for, read decision by decision in a running
//! dragonfly: a packet at its source router leaves the minimal path only when the minimal
//! output's queue exceeds twice the non-minimal one's plus the threshold.

use crate::common::vc_network as vc_net;
use crate::dragonfly::preset;
use flitwave::fabric::vc::switch::VcState;
use flitwave::routing::selection::ugal::THRESHOLD;

/// UGAL-L's decisions of one run, by where the two queues lay (`q_min`, `q_non`: the credits
/// spent and not back behind the minimal and the non-minimal output, as the router read them):
/// per region, (minimal choices, non-minimal choices).
#[derive(Debug, Default)]
struct Tally {
    /// q_min <= q_non + THRESHOLD: minimal under either weight of q_non.
    below: (u32, u32),
    /// q_non + THRESHOLD < q_min <= 2 q_non + THRESHOLD: the window the factor 2 opens.
    window: (u32, u32),
    /// q_min > 2 q_non + THRESHOLD: non-minimal.
    above: (u32, u32),
}

/// Every UGAL-L decision of a small dragonfly (9 groups of 4 routers, 2 hosts each, 4 VCs of
/// 64 flits) under uniform traffic at 0.8, beyond saturation, for `cycles`. A header at
/// its source router asking for a VC (a cycle after it arrived: routing takes a cycle here)
/// with both candidates — the minimal one (priority 1) and the non-minimal one — is read with
/// both outputs' queues before the cycle; if it gets an output VC in the cycle, the class of
/// that VC tells which path it took (the minimal path's phase 1 on VCs 2 and 3, the
/// non-minimal path's phase 0 on VCs 0 and 1). A queue may shrink by one credit within the cycle
/// before the decision (one credit a cycle comes back on a link), so a decision whose queues
/// lie within a credit of a boundary is left out.
fn decisions(cycles: u64) -> Tally {
    let c = preset(&[
        "topology.a=4",
        "topology.h=2",
        "topology.hosts_per_switch=2",
        "routing.algorithm=\"dfly-ugal\"",
        "switch.vcs=4",
        "routing.selection=\"ugal-l\"",
        "traffic.pattern=\"uniform+self\"",
        "traffic.rate=0.8",
        "link.fly_cycles=3",
        "link.global_fly_cycles=9",
        "switch.vc_buffer_flits=64",
        "switch.internal_speedup=1",
        // a head waits a cycle for its candidates, so they are read before its decision
        "switch.routing_cycles=1",
        "warmup=0",
    ]);
    let mut net = vc_net(&c);
    assert!(net.has_engine(), "the planes take the small dragonfly");
    let th = THRESHOLD as i64;
    let mut tally = Tally::default();
    for _ in 0..cycles {
        // (router, input, VC, q_min, q_non) of every header deciding this cycle
        let mut asking = vec![];
        let t = net.now();
        for (r, sw) in net.switches().iter().enumerate() {
            let nv = sw.params().vcs;
            for (p, v) in (0..sw.ports()).flat_map(|p| (0..nv).map(move |v| (p, v))) {
                // a head asking for a VC this cycle
                let asks = matches!(sw.vc_state(p, v), VcState::Routing | VcState::VcAlloc);
                if !asks || sw.ready_at(p, v) > t {
                    continue;
                }
                let c = sw.candidates(p, v);
                let min = c.iter().find(|c| c.pri > 0);
                let non = c.iter().find(|c| c.pri == 0);
                if let (Some(m), Some(n)) = (min, non) {
                    if m.port != n.port {
                        let q = |o: u8| sw.used_credits(o as usize) as i64;
                        asking.push((r, p, v, q(m.port), q(n.port)));
                    }
                }
            }
        }
        net.step();
        for (r, p, v, qm, qn) in asking {
            let Some((_, ovc)) = net.switches()[r].holds(p, v) else {
                continue;
            };
            // phase 1 (the minimal path) on classes 2 and 3, phase 0 on 0 and 1
            let minimal = ovc & 3 >= 2;
            let side = |x: &mut (u32, u32)| {
                if minimal {
                    x.0 += 1
                } else {
                    x.1 += 1
                }
            };
            // the queues at the decision lie in [q - 1, q]
            if qm <= qn - 1 + th {
                side(&mut tally.below);
            } else if qm - 1 > qn + th && qm <= 2 * (qn - 1) + th {
                side(&mut tally.window);
            } else if qm - 1 > 2 * qn + th {
                side(&mut tally.above);
            }
        }
    }
    assert!(net.has_engine());
    assert!(net.summary().healthy());
    tally
}

/// What UGAL-L's factor 2 on the non-minimal queue is for: inside the window it opens
/// (q_non + 30 < q_min <= 2 q_non + 30) the packet stays on the minimal path, where a plain
/// comparison would send it through an intermediate group. Beyond saturation every output's
/// queue swings over most of its 256 credits, so hundreds of decisions fall in the window
/// (578, with 456 above it): every one of them must be
/// minimal, those below it minimal, those above it non-minimal.
#[test]
fn ugal_stays_minimal_inside_the_window_its_factor_two_opens() {
    let t = decisions(3000);
    assert_eq!(
        t.window.1, 0,
        "non-minimal choices inside the window q_non + {THRESHOLD} < q_min \
         <= 2 q_non + {THRESHOLD}: {t:?}"
    );
    assert_eq!(t.below.1, 0, "{t:?}");
    assert_eq!(t.above.0, 0, "{t:?}");
    assert!(
        t.window.0 > 300 && t.above.1 > 200,
        "the queues reach the window and beyond it: {t:?}"
    );
}
