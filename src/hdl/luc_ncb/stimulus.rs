//! Stimulus of the LUC/NCB exchange unit's lockstep (`super`): Figure 3's scenario, stray
//! words, and the random phases.

use super::{inputs, LucNcbCycle, PARAMS, RX_KIND, RX_VALID, RX_VALUE};
use crate::blocks::luc_ncb::{opposite, LucNcb, Word, DIRS};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Link delay of the directed scenario: a word driven at t arrives at t + 1.
const FLY: usize = 1;

/// Figure 3 (§3), three exchange periods of a line A − B − K with the twin as K: A (LUC 5)
/// drives +x to B, B drives +x to K. In T_0 A's 5 reaches B's NCB 1-hop and B's own LUC (3)
/// K's; in T_1 B forwards A's T_0 value to K's NCB 2-hop −x while A's new LUC (7) refreshes
/// B's NCB 1-hop; in T_2 K's NCB 2-hop −x becomes 7. K's other neighbours (+x, +y, −y) are
/// models too, with their own LUCs and NCB 1-hop values; K's own heads and tails ramp its
/// LUC up, down, and against 0.
pub(super) fn figure3() -> Vec<Vec<u64>> {
    let mut a = LucNcb::new(PARAMS);
    // nb[d]: K's neighbour on side d, driving towards K in direction opposite(d); nb[1] is B
    let mut nb: [LucNcb; DIRS] = std::array::from_fn(|_| LucNcb::new(PARAMS));
    a.count(5, 0);
    for (d, (luc, beyond)) in [(7, 11), (3, 0), (1, 2), (6, 60000)]
        .into_iter()
        .enumerate()
    {
        nb[d].count(luc, 0);
        if d != 1 {
            nb[d].ncb1[d] = beyond;
        }
    }
    let period = PARAMS.period as u64;
    let mut v = vec![];
    let mut towards_b: Vec<Option<Word>> = vec![None; FLY];
    let mut towards_k: Vec<[Option<Word>; DIRS]> = vec![[None; DIRS]; FLY];
    for t in 0..3 * period {
        if t == period {
            a.count(2, 0);
        }
        if t == 2 * period {
            nb[0].count(0, 7);
            nb[2].count(1000, 0);
        }
        // in a router's order: words received, then the exchange step
        if let Some(w) = towards_b.remove(0) {
            nb[1].receive(1, w);
        }
        a.begin(t);
        nb.iter_mut().for_each(|n| n.begin(t));
        towards_b.push(a.word(t, 0));
        towards_k.push(std::array::from_fn(|d| nb[d].word(t, opposite(d))));
        let rx = towards_k.remove(0);
        let (heads, tails) = match t {
            0..20 => (3, 0),
            20..40 => (1, 2),
            40..60 => (1, 5),
            60..70 => (7, 7),
            _ => ((t * 7 % 6) as u32, (t * 5 % 6) as u32),
        };
        v.push(inputs(heads, tails, rx));
    }
    v
}

/// Two periods from cycle `start`: words of every kind in every direction at every phase —
/// in an exchange's first cycle (in its snapshot), between the snapshot and the sending,
/// outside the exchange — and handshake and pad words with values that must be ignored.
pub(super) fn stray(start: u64) -> Vec<Vec<u64>> {
    (start..start + 2 * PARAMS.period as u64)
        .map(|t| {
            let rx = std::array::from_fn(|d| {
                let k = (t + d as u64) % 4;
                let value = ((t * 2654435761) >> 7) as u16 ^ ((d as u16) << 12);
                let w = match k {
                    0 => Word::Handshake,
                    1 => Word::Luc(value),
                    2 => Word::Ncb(value),
                    _ => Word::Pad,
                };
                (!(t * 3 + d as u64).is_multiple_of(5)).then_some(w)
            });
            let mut v = inputs((t % 8) as u32, (t * 3 % 7) as u32, rx);
            // a handshake or pad word with a value on the wire: the unit ignores it
            for d in 0..DIRS {
                if v[RX_VALID] >> d & 1 == 1 && matches!(v[RX_KIND + d], 0 | 3) {
                    v[RX_VALUE + d] = t * 31 + d as u64;
                }
            }
            v
        })
        .collect()
}

/// Where the received words come from in a phase.
#[derive(Debug, Clone, Copy)]
pub(super) enum Words {
    /// Synchronised neighbours: the exchange's schedule with a link delay of 1–3 cycles per
    /// direction, some directions off the mesh (no neighbour), random LUC and NCB values.
    Sync,
    /// A word of any kind and value in any cycle, each direction with this probability.
    Any(f64),
}

/// One phase of random stimulus: the ranges of heads and tails per cycle, and the words.
pub(super) type Phase = ((u32, u32), (u32, u32), Words);

/// Phases of 5,000 cycles, in turn (20 of them: 100,000 cycles).
#[rustfmt::skip]
pub(super) const PHASES: [Phase; 20] = [
    // the LUC driven up at +3.5 a cycle: 65,535 reached in the fourth phase
    ((3, 7), (0, 3), Words::Sync), ((3, 7), (0, 3), Words::Any(0.3)),
    ((3, 7), (0, 3), Words::Sync), ((3, 7), (0, 3), Words::Sync),
    // around the top: saturation against heads
    ((0, 7), (0, 7), Words::Any(0.5)),
    // down at −3.5 a cycle to 0
    ((0, 3), (4, 7), Words::Sync), ((0, 3), (4, 7), Words::Any(0.1)),
    ((0, 3), (4, 7), Words::Sync), ((0, 3), (4, 7), Words::Sync),
    // around 0: saturation against tails
    ((0, 2), (0, 3), Words::Sync),
    // a router's counts (5 ports), synchronised or arbitrary words
    ((0, 5), (0, 5), Words::Sync), ((0, 5), (0, 5), Words::Any(0.05)),
    ((0, 2), (0, 2), Words::Sync), ((0, 5), (0, 5), Words::Any(0.9)),
    ((0, 1), (0, 1), Words::Sync), ((0, 5), (0, 4), Words::Sync),
    ((0, 4), (0, 5), Words::Any(0.3)), ((0, 5), (0, 5), Words::Sync),
    ((1, 5), (0, 5), Words::Sync), ((0, 5), (1, 5), Words::Any(0.02)),
];

/// A random LUC-like value: small most of the time, any 16-bit value otherwise.
fn value(rng: &mut ChaCha8Rng) -> u16 {
    if rng.random_bool(0.7) {
        rng.random_range(0..64)
    } else {
        rng.random()
    }
}

/// The random stimulus of `cycle` (see [`PHASES`]).
pub(super) fn random(rng: &mut ChaCha8Rng, cycle: u64, m: &LucNcbCycle, inp: &mut [u64]) {
    let idx = (cycle / 5000) as usize % PHASES.len();
    let ((h0, h1), (t0, t1), words) = PHASES[idx];
    let heads = rng.random_range(h0..=h1);
    let tails = rng.random_range(t0..=t1);
    let slot = m.now % PARAMS.period as u64;
    let rx = std::array::from_fn(|d| match words {
        Words::Sync => {
            let fly = 1 + (idx + d) % 3;
            let off_mesh = (idx + d) % 5 == 4;
            // the neighbour's slot when it drove the word arriving now
            let s = slot.checked_sub(fly as u64)?;
            if off_mesh || s >= PARAMS.occupancy() as u64 {
                return None;
            }
            let h = PARAMS.handshake as u64;
            Some(match s {
                s if s < h => Word::Handshake,
                s if s == h => Word::Luc(value(rng)),
                s if s == h + 1 => Word::Ncb(value(rng)),
                _ => Word::Pad,
            })
        }
        Words::Any(p) => rng.random_bool(p).then(|| match rng.random_range(0..4) {
            0 => Word::Handshake,
            1 => Word::Luc(value(rng)),
            2 => Word::Ncb(value(rng)),
            _ => Word::Pad,
        }),
    });
    inp.copy_from_slice(&inputs(heads, tails, rx));
}
