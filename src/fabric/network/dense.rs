//! Dense evaluation under load (issue 29). The sleep tables ([`Sleep`]) save the evaluation
//! of quiet blocks, but cost a wheel entry per port a block drives and a place in the cycle's
//! set per block evaluated. When nearly every block is evaluated every cycle anyway — a
//! network near saturation — that bookkeeping saves nothing, so the network evaluates every
//! block every cycle, reading every port, as it does without sleeping (which gives the same
//! results byte for byte: testbenches/sleep.rs). A look every [`LOOK_EVERY`] cycles counts
//! the blocks with something inside; when too few have, every block is woken once
//! ([`Sleep::wake_all`]: each reads every port for a wheel's turn) and the tables take over
//! again. Which mode a cycle runs in depends only on the simulation's state, so a run repeats
//! at any thread count; no statistic, waveform byte or jump of the clock depends on it (the
//! clock never jumps while the network is this busy).
//!
//! [`Sleep`]: crate::fabric::sleep::Sleep
//! [`Sleep::wake_all`]: crate::fabric::sleep::Sleep::wake_all

use super::Network;
use crate::fabric::{Family, Switch};

/// Cycles in a row that must each evaluate at least [`ENTER`] of the switches before dense
/// evaluation starts (the NICs, each idle between its packets, are not counted: evaluating
/// an idle NIC costs little).
const ENTER_CYCLES: u32 = 256;
/// Share of the switches (sixteenths) a cycle evaluates for it to count towards dense mode.
const ENTER: usize = 15;
/// Dense mode looks at the switches every this many cycles; it ends when fewer than [`STAY`]
/// sixteenths of them hold something.
const LOOK_EVERY: u64 = 64;
const STAY: usize = 13;

/// The mode: sleeping blocks skipped (sparse, the default) or every block evaluated.
#[derive(Debug, Clone, Default)]
pub(super) struct Dense {
    /// Every block is evaluated every cycle.
    pub on: bool,
    /// Sparse cycles in a row that evaluated at least [`ENTER`] sixteenths of the switches.
    streak: u32,
    /// Cycles evaluated densely so far.
    pub cycles: u64,
}

impl<F: Family> Network<F> {
    /// After evaluating cycle `now`: enter dense evaluation after [`ENTER_CYCLES`] busy cycles
    /// in a row, or leave it when a look finds the network quieter.
    pub(super) fn choose_density(&mut self, now: u64) {
        let Some(sl) = self.sleep.as_mut() else {
            return;
        };
        let switches = self.switches.len();
        if !self.dense.on {
            if sl.sw_now.len() * 16 >= switches * ENTER {
                self.dense.streak += 1;
                if self.dense.streak >= ENTER_CYCLES {
                    self.dense.on = true;
                    self.dense.streak = 0;
                }
            } else {
                self.dense.streak = 0;
            }
            return;
        }
        self.dense.cycles += 1;
        if !now.is_multiple_of(LOOK_EVERY) {
            return;
        }
        let busy = self.switches.iter().filter(|s| !s.quiet()).count();
        if busy * 16 < switches * STAY {
            self.dense.on = false;
            sl.wake_all();
        }
    }

    /// Cycles evaluated with every block awake (dense mode) so far.
    pub fn dense_cycles(&self) -> u64 {
        self.dense.cycles
    }
}
