//! Progress on a terminal (indicatif): long commands say at the start what they will do and
//! roughly how long, then show a bar. Nothing is drawn when standard error is not a terminal
//! (a pipe, a log file), so outputs stay byte-identical; `FLITWAVE_PROGRESS=0` turns it off on
//! a terminal too.

use flitwave::reproduce::duration;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Whether progress is shown: standard error is a terminal, or FLITWAVE_PROGRESS=1.
pub(crate) fn shown() -> bool {
    std::env::var("FLITWAVE_PROGRESS")
        .map_or_else(|_| std::io::stderr().is_terminal(), |v| v == "1")
}

/// What a long command will do and roughly how long, on standard error when progress is shown.
pub(crate) fn announce(text: &str) {
    if shown() {
        errln!("{text}");
    }
}

/// The start line of a long command (what it will do, roughly how long): on standard error
/// always, a terminal or not, unless `--quiet`, so a command run from a script or CI is never
/// silent for minutes.
pub(crate) fn start(quiet: bool, text: &str) {
    if !quiet {
        errln!("{text}");
    }
}

/// A bar over `len` units of `what` (hidden when progress is not shown).
pub(crate) fn bar(len: u64, what: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let t = format!("{{bar:40}} {{pos}}/{{len}} {what} {{msg}} {{elapsed}} (eta {{eta}})");
    pb.set_style(ProgressStyle::with_template(&t).unwrap_or_else(|_| ProgressStyle::default_bar()));
    pb
}

/// Progress of one simulation over its cycles: the bar, and once a quarter second has been
/// simulated, the time it will take at that speed.
pub(crate) struct Cycles {
    pb: ProgressBar,
    t0: Instant,
    limit: u64,
    estimated: bool,
}

/// Cycles between two updates (a mask: the check costs one AND per cycle).
pub(crate) const EVERY: u64 = 4095;

impl Cycles {
    /// Progress of a run of `limit` cycles (hidden for short runs or off a terminal).
    pub(crate) fn new(limit: u64) -> Self {
        let pb = if limit >= 20_000 {
            bar(limit, "cycles")
        } else {
            ProgressBar::hidden()
        };
        Cycles {
            pb,
            t0: Instant::now(),
            limit,
            estimated: false,
        }
    }

    /// Called every `EVERY + 1` cycles (and after a jump over idle time that passed one).
    pub(crate) fn at(&mut self, now: u64) {
        if self.pb.is_hidden() {
            return;
        }
        self.pb.set_position(now);
        let el = self.t0.elapsed();
        // after a quarter of a second, or a sixteenth of the run if that comes first (a fast
        // run still says how long it takes, whatever the machine's speed)
        if !self.estimated && now > 0 && (el > Duration::from_millis(250) || now * 16 >= self.limit)
        {
            self.estimated = true;
            let total = el.as_secs_f64() * self.limit as f64 / now as f64;
            self.pb.println(format!(
                "about {} at this speed ({} cycles)",
                duration(total),
                self.limit
            ));
        }
    }

    pub(crate) fn done(&self) {
        self.pb.finish_and_clear();
    }
}
