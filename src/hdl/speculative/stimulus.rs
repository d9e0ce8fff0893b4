//! Stimulus of the SSR unit's lockstep (`super`): directed cases and the random phases.

use super::{vector, CH};
use crate::routing::selection::speculative::SsrChannel;

/// One phase of random stimulus: probabilities of a valid and of a free channel; the ranges of
/// R, N1 and N2; the k values drawn from.
pub(super) struct Phase {
    pub p_valid: f64,
    pub p_free: f64,
    pub r: (u8, u8),
    pub n1: (u16, u16),
    pub n2: (u16, u16),
    pub k: &'static [u8],
}

/// Phases of 1,000 cycles, in turn.
#[rustfmt::skip]
pub(super) const PHASES: [Phase; 6] = [
    // small values: many ties, decided by the index
    Phase { p_valid: 0.7, p_free: 0.4, r: (0, 2), n1: (0, 3), n2: (0, 3), k: &[0, 2, 4] },
    // the full range
    Phase { p_valid: 0.6, p_free: 0.5, r: (0, 255), n1: (0, 65535), n2: (0, 65535),
            k: &[0, 1, 2, 3, 4, 5, 6, 7] },
    // mostly busy: all busy, exactly one free
    Phase { p_valid: 0.9, p_free: 0.08, r: (0, 8), n1: (0, 40), n2: (0, 40), k: &[0, 2] },
    // N1 alike, N2 decides (or not, with k = 0)
    Phase { p_valid: 0.8, p_free: 0.5, r: (1, 1), n1: (10, 11), n2: (0, 60), k: &[0, 2, 7] },
    // near the maximum: the widest costs
    Phase { p_valid: 0.8, p_free: 0.5, r: (250, 255), n1: (65500, 65535), n2: (65500, 65535),
            k: &[5, 6, 7] },
    // sparse candidates (free bits on invalid channels must not count)
    Phase { p_valid: 0.2, p_free: 0.5, r: (0, 20), n1: (0, 200), n2: (0, 200), k: &[1, 2, 3] },
];

fn ch(free: bool, d: bool, r: u8, n1: u16, n2: u16) -> SsrChannel {
    SsrChannel {
        valid: true,
        free,
        d,
        r,
        n1,
        n2,
    }
}

/// Directed cases, one per cycle (the pick of each shows in the next cycle).
pub(super) fn directed() -> Vec<Vec<u64>> {
    let none = SsrChannel::default();
    let mut v = vec![];
    let mut add = |c: [SsrChannel; CH], k: u8| v.push(vector(&c, k));
    // nothing valid; free bits on invalid channels only
    add([none; CH], 2);
    add([SsrChannel { free: true, ..none }; CH], 2);
    // one candidate at each index, free and busy
    for i in 0..CH {
        for free in [true, false] {
            let mut c = [none; CH];
            c[i] = ch(free, i % 2 == 1, i as u8, 100 * i as u16, 7);
            add(c, 2);
        }
    }
    // all equal: the lowest index, free or busy; then the lowest free one
    for free in [true, false] {
        add([ch(free, false, 1, 5, 5); CH], 2);
    }
    for i in 0..CH {
        let mut c = [ch(false, false, 0, 0, 0); CH];
        c[i].free = true;
        c[(i + 3) % CH].free = true;
        add(c, 2);
    }
    // exactly one free, the most expensive; invalid channels with free bits beside it
    let mut c = [ch(false, false, 0, 0, 0); CH];
    c[5] = ch(true, true, 255, 65535, 65535);
    c[2] = SsrChannel { free: true, ..none };
    add(c, 7);
    // all busy: the smallest E is waited for; D costs one, R costs one
    let mut c = [ch(false, false, 3, 2, 0); CH];
    c[6] = ch(false, false, 2, 2, 0);
    add(c, 2);
    c[3] = ch(false, true, 1, 2, 0);
    add(c, 2);
    // N2 decides with k = 2 (and k = 1, 7) but not with k = 0 (a tie: lower index)
    let mut c = [none; CH];
    c[1] = ch(true, false, 1, 4, 6);
    c[4] = ch(true, false, 1, 4, 2);
    for k in [0, 1, 2, 7] {
        add(c, k);
    }
    // k·N2 against N1: 4·N1 = 40 vs k·N2 = k·20 (a tie at k = 2, lower index)
    let mut c = [none; CH];
    c[0] = ch(true, false, 0, 10, 0);
    c[7] = ch(true, false, 0, 0, 20);
    for k in 0..8 {
        add(c, k);
    }
    // the seed's paper example: E = 1 + 1 + 4 + 2 = 8 against 1 + 3 + 9 + 4.5
    let mut c = [none; CH];
    c[0] = ch(false, false, 0, 0, 0);
    c[1] = ch(true, true, 3, 9, 9);
    c[2] = ch(true, false, 1, 4, 4);
    add(c, 2);
    // the widest costs: every channel at the maximum but one field
    let top = ch(true, true, 255, 65535, 65535);
    for i in 0..CH {
        let mut c = [top; CH];
        c[i].n2 = 65534;
        add(c, 7);
        c[i] = SsrChannel { d: false, ..top };
        add(c, 0);
    }
    add([none; CH], 0);
    v
}
