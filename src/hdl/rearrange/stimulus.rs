//! Stimulus of the rearrange controller's lockstep (`super`): the directed scenarios of §3.2
//! and the phases of random stimulus.

use super::{RearrangeRtl, CONNS};
use crate::blocks::nic::rearrange::RearrangeController;
use crate::hdl::lockstep::Twin;

/// One phase of random stimulus: `mode`, `size`, `pool`; packet sizes; connections in use;
/// the probabilities of an arrival in a cycle, of it being the expected packet (else one of
/// the 7 after it, stored or not), of a duplicate of a delivered one instead, and of an
/// arrival offered while the controller is busy.
pub(super) type Phase = (u64, u64, u64, (u64, u64), usize, [f64; 4]);

/// Phases of 2,000 cycles, in turn.
#[rustfmt::skip]
pub(super) const PHASES: [Phase; 9] = [
    (0, 3000, 0, (64, 1500), 4, [0.8, 0.3, 0.02, 0.2]),      // static: stores, evictions, rejects
    (1, 3000, 6000, (200, 2047), 4, [0.7, 0.3, 0.02, 0.2]),  // dynamic: pool and cap bind
    (2, 0, 0, (1, 2047), 4, [0.9, 0.2, 0.05, 0.1]),          // unlimited: long runs
    (0, 100, 0, (256, 2047), 3, [0.6, 0.4, 0.02, 0.3]),      // a buffer smaller than a packet
    (0, 4096, 0, (512, 512), 2, [0.8, 0.3, 0.2, 0.1]),       // 512-byte packets, duplicates
    (1, 2500, 2500, (0, 900), 4, [0.9, 0.3, 0.02, 0.5]),     // a tight pool, zero-byte packets
    (0, 2048, 0, (64, 700), 4, [0.5, 0.85, 0.02, 0.05]),     // mostly in order
    (1, 60000, 4000, (300, 1200), 4, [0.8, 0.2, 0.02, 0.2]), // a cap above the pool
    (3, 0, 0, (1, 600), 1, [0.9, 0.1, 0.05, 0.2]),           // unlimited (mode 3), one connection
];

/// Pseudo-connections of [`SCRIPT`]: deliver everything stored; offer an arrival on connection
/// 2 in a cycle the controller is busy.
pub(super) const FLUSH: usize = 8;
pub(super) const BUSY: usize = 9;

/// A scripted arrival: connection, `sn − expected`, bytes.
pub(super) type Scripted = (usize, i64, u64);

/// Directed scenarios: `(mode, size, pool)` and the arrivals, each offered once the controller
/// is ready.
#[rustfmt::skip]
pub(super) const SCRIPT: &[([u64; 3], &[Scripted])] = &[
    // Figures 2-3 of §3.2: 2 and 1 stored, then 0 delivers all three with one ACK
    ([0, 1024, 0], &[(0, 2, 256), (0, 1, 256), (0, 0, 256)]),
    // Figure 4: 3, 4 stored; 2 evicts 4; 5 rejected alone; then 0, and 1 with 2 and 3
    ([0, 512, 0], &[(1, 3, 256), (1, 4, 256), (1, 2, 256), (1, 5, 256), (1, 0, 256), (1, 0, 256)]),
    // a larger newcomer evicts two, largest first
    ([0, 600, 0], &[(2, 2, 200), (2, 3, 200), (2, 4, 200), (2, 1, 400), (2, 0, 100)]),
    // a buffer smaller than a packet; a zero-byte packet fits, a 33-byte one does not
    ([0, 32, 0], &[(3, 1, 256), (3, 3, 40), (3, 0, 256), (3, 0, 256), (3, 2, 0), (3, 1, 33),
                   (3, 0, 10), (3, 0, 10)]),
    // duplicates: two delivered ones, a stored one offered twice
    ([0, 4096, 0], &[(0, -1, 64), (0, -3, 64), (0, 2, 64), (0, 2, 64), (0, 0, 64), (0, 0, 64)]),
    // unlimited: the whole window, then eight DELIVERs and the ACK; arrivals offered meanwhile
    // are ignored, one is taken in the ACK cycle
    ([2, 0, 0], &[(1, 7, 2047), (1, 6, 2047), (1, 5, 2047), (1, 4, 2047), (1, 3, 2047),
                  (1, 2, 2047), (1, 1, 2047), (1, 0, 2047), (BUSY, 1, 100), (BUSY, 1, 100),
                  (BUSY, 1, 100), (BUSY, 1, 100), (BUSY, 1, 100), (BUSY, 1, 100),
                  (BUSY, 1, 100), (2, 0, 100)]),
    // every connection full of the largest packets (the counters' top range; mode 3 is
    // unlimited too): 28 stored, then four runs
    ([3, 0, 0], &[]),
    // dynamic: connection 0 reaches its cap; 1 takes the rest of the pool; 2 finds it full; 1
    // evicts its own later packet, never another connection's
    ([1, 768, 1024], &[(0, 1, 256), (0, 2, 256), (0, 3, 256), (0, 5, 256), (1, 5, 256),
                       (2, 5, 256), (1, 4, 256)]),
    // a cap above the pool
    ([1, 60000, 1024], &[(2, 3, 100), (FLUSH, 0, 0)]),
    // the pool forces two evictions
    ([1, 2000, 1000], &[(0, 5, 300), (0, 6, 300), (1, 2, 300), (0, 1, 500), (FLUSH, 0, 0)]),
    // a static size shrunk below what is stored: three evictions, then an arrival taken in
    // the last NACK's cycle
    ([0, 4096, 0], &[(3, 2, 1000), (3, 3, 1000), (3, 4, 1000)]),
    ([0, 500, 0], &[(3, 1, 100), (3, 0, 100), (FLUSH, 0, 0)]),
];

/// Scripted stimulus, run against the model.
pub(super) struct Script {
    pub(super) m: RearrangeController,
    pub(super) v: Vec<Vec<u64>>,
}

impl Script {
    /// One cycle under `cfg`; `a`: an arrival, offered ready or not.
    pub(super) fn step(&mut self, cfg: &[u64; 3], a: Option<Scripted>) {
        let mut inp = [0u64; 9];
        inp[..3].copy_from_slice(cfg);
        inp[8] = (self.v.len() % CONNS) as u64;
        if let Some((c, off, bytes)) = a {
            let sn = (self.m.buf.expected(c) as i64 + off) as u64;
            let tag = (c as u64 * 61 + sn * 7) & 0xff;
            inp[3..8].copy_from_slice(&[1, c as u64, sn, bytes, tag]);
        }
        RearrangeRtl::model_cycle(&mut self.m, &inp, &mut [0; 12]);
        self.v.push(inp.to_vec());
    }

    /// An arrival, offered once the controller is ready.
    pub(super) fn offer(&mut self, cfg: &[u64; 3], a: Scripted) {
        while !self.m.ready() {
            self.step(cfg, None);
        }
        self.step(cfg, Some(a));
    }
}
