//! Stimulus of the ITB engine's lockstep (`super`): protocol-correct random phases — arrivals
//! only inside a packet, new packets only after a tail and when a descriptor is free (or a
//! start that must be refused), sends only of flits that may go.

use super::ItbBench;
use crate::blocks::nic::itb::InTransit;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// How a testbench drives the engine: probabilities and sizes of one phase.
pub(super) struct Policy {
    pub(super) pool: u64,
    pub(super) p_start: f64,
    pub(super) p_rx: f64,
    pub(super) p_send: f64,
    /// Length range of new packets.
    pub(super) len: (u32, u32),
    /// Probability of a start that must be refused (every descriptor in use, none freeing).
    pub(super) p_refused: f64,
}

/// One cycle of protocol-correct stimulus: arrivals only while a packet is being received, a
/// new packet only after the last one's tail and when a descriptor is (or becomes) free, sends
/// only of flits that may go.
pub(super) fn stimulus(m: &ItbBench, p: &Policy, rng: &mut ChaCha8Rng, inp: &mut [u64]) {
    let mut probe = m.clone();
    let mut out = [0u64; 8];
    probe.begin(p.pool, &mut out);
    inp.fill(0);
    inp[0] = p.pool;
    let front: Option<InTransit> = probe.e.front().copied();
    if let Some(f) = front {
        let may = if f.sent == 0 {
            out[0] != 0 && out[1] != 0
        } else {
            out[1] != 0
        };
        if may && rng.random_bool(p.p_send) {
            inp[5] = 1;
            inp[6] = (f.sent + 1 == f.len) as u64;
        }
    }
    match probe.e.back().copied() {
        Some(b) if !b.complete => {
            if rng.random_bool(p.p_rx) {
                inp[3] = 1;
                inp[4] = (b.received + 1 == b.len) as u64;
            }
        }
        _ => {
            let room = out[6] == 0 || inp[6] != 0;
            let p_start = if room { p.p_start } else { p.p_refused };
            if rng.random_bool(p_start) {
                inp[1] = 1;
                inp[2] = rng.random_range(p.len.0..=p.len.1) as u64;
            }
        }
    }
}
