//! The clock jumps over idle time: when every block of a sleeping family sleeps and
//! nothing is on a wire, no cycle until the next wake-up evaluates anything, so the network
//! advances straight to it — the next injection or trace record, a disk's answer — instead of
//! stepping each cycle. It stops where stepping does something a skipped cycle would not: the
//! first measured cycle (the window opens), the caller's limit, and — while a flit or a
//! waiting packet could be deadlocked — the watchdog's next look. Results are those of
//! stepping, byte for byte (testbenches/idle_jump.rs runs both side by side).

use super::Network;
use crate::fabric::{Family, Nic};

impl<F: Family> Network<F> {
    /// Advance the clock over the idle cycles before `limit` (families that sleep); returns
    /// the cycle now. No block is evaluated in the cycles passed, as stepping would have
    /// evaluated none.
    pub fn skip_idle(&mut self, limit: u64) -> u64 {
        let now = self.now;
        let (Some(sl), None, false) = (self.sleep.as_ref(), &self.deadlock, self.step_each) else {
            return now;
        };
        let mut to = sl.idle_until(now).min(limit);
        if now < self.stats.warmup {
            to = to.min(self.stats.warmup);
        }
        if let Some(st) = &self.storage {
            to = to.min(st.next_due());
        }
        // the watchdog looks at every cycle a whole window after the last progress: with a
        // flit or a waiting packet anywhere that look may find a deadlock, so the jump stops
        // there; with none it only restarts its window, which the jump does as stepping would
        let w = self.params.watchdog_cycles;
        let look = self.last_progress.saturating_add(w);
        if to > look {
            self.sync_engine();
            if self.flits_in_flight() > 0 || self.nics.iter().any(|n| n.waiting() > 0) {
                to = look;
            } else {
                self.last_progress += (to - 1 - self.last_progress) / w * w;
            }
        }
        if to > now {
            if let Some(sl) = self.sleep.as_mut() {
                sl.jump(now, to);
            }
            self.jumped += to - now;
            self.now = to;
        }
        self.now
    }

    /// Cycles ahead the sleep tables keep arrivals, and the ports of a node's row in them
    /// (none: nothing sleeps): with the family's engine, from its first cycle, those of the
    /// links to and from hosts alone.
    pub fn sleep_span(&self) -> Option<(usize, usize)> {
        self.sleep.as_ref().map(|sl| sl.span())
    }

    /// Cycles the clock jumped over so far.
    pub fn jumped(&self) -> u64 {
        self.jumped
    }

    /// Step every cycle, never jumping (to compare both: the results must not differ).
    pub fn step_each_cycle(&mut self) {
        self.step_each = true;
    }
}
