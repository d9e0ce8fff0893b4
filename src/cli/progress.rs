//! Progress on a terminal (indicatif): long commands say at the start what they will do and
//! roughly how long, then show a bar. Nothing is drawn when standard error is not a terminal
//! (a pipe, a log file), so outputs stay byte-identical; `FLITWAVE_PROGRESS=0` turns it off on
//! a terminal too.

use flitwave::reproduce::duration;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
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

/// How a long command shows its progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Nothing (`--quiet`, or FLITWAVE_PROGRESS=0).
    Off,
    /// A bar on the terminal ([`shown`]).
    Bar,
    /// Lines on standard error, a terminal or not: a line per event and a heartbeat
    /// ([`Beat`]), so that a log of a command that takes minutes shows it alive.
    Lines,
}

/// The progress of a command whose steps take minutes: a bar on a terminal, lines off one.
pub(crate) fn mode(quiet: bool) -> Mode {
    if quiet || std::env::var("FLITWAVE_PROGRESS").is_ok_and(|v| v == "0") {
        Mode::Off
    } else if shown() {
        Mode::Bar
    } else {
        Mode::Lines
    }
}

/// Progress lines on standard error with a heartbeat: the caller says a line at each event
/// and names what is running; while it runs, a thread repeats it with the seconds since it
/// began every `FLITWAVE_PROGRESS_EVERY` seconds (default 30) after the last line said.
pub(crate) struct Beat {
    now: Arc<Mutex<Running>>,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// What a [`Beat`] repeats, since when, and when the last line went out.
struct Running {
    what: Option<String>,
    since: Instant,
    last: Instant,
}

impl Beat {
    pub(crate) fn new() -> Self {
        let every = std::env::var("FLITWAVE_PROGRESS_EVERY")
            .ok()
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .map_or(Duration::from_secs(30), Duration::from_secs_f64);
        let t = Instant::now();
        let now = Arc::new(Mutex::new(Running {
            what: None,
            since: t,
            last: t,
        }));
        let (stop, quit) = mpsc::channel::<()>();
        let shared = Arc::clone(&now);
        // wake at least once a second (or at the heartbeat's rate if faster) to see whether
        // a line is due
        let tick = every.min(Duration::from_secs(1));
        let thread = std::thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = quit.recv_timeout(tick) {
                let mut r = shared.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(what) = &r.what {
                    if r.last.elapsed() >= every {
                        errln!("{what}, {:.0} s", r.since.elapsed().as_secs_f64());
                        r.last = Instant::now();
                    }
                }
            }
        });
        Beat {
            now,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Say `line` now (if any), and make `running` what the heartbeat repeats from now on
    /// (None: nothing runs); `fresh`: it began now, else it goes on from the last one.
    pub(crate) fn say(&self, line: Option<&str>, running: Option<String>, fresh: bool) {
        let mut r = self.now.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(line) = line {
            errln!("{line}");
            r.last = Instant::now();
        }
        if fresh {
            r.since = Instant::now();
        }
        r.what = running;
    }
}

impl Drop for Beat {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
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
