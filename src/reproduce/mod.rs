//! The reproductions of the five seed papers, one module a paper (named as `flitwave reproduce`
//! takes it), sharing one job loop ([`jobs`]) and one command skeleton: a paper is a
//! [`Reproduction`] registered in [`papers::PAPERS`]; it checks its flags, says what it will
//! do, runs and returns a [`Report`], which [`Report::write`] puts into `--out`. The fidelity
//! ledger (`reproduce check`) reads every paper's raw results back ([`ledger`]).
//!
//! Reproduce sits above `experiment`: it builds its networks through `experiment`'s runners,
//! and nothing below imports it.

pub mod dl;
pub mod fattree;
pub mod inorder;
pub mod itb;
pub mod jobs;
pub mod ledger;
pub mod papers;
pub mod report;
pub mod speculative;

pub use report::Report;

use crate::error::{Error, Result};
use std::path::PathBuf;

/// The flags of `flitwave reproduce PAPER`, as every paper reads them (each takes the ones its
/// help names and ignores the others).
#[derive(Debug, Clone, Default)]
pub struct Flags {
    /// The paper's scale rather than the reduced one.
    pub full: bool,
    /// fattree: re-render the report from the raw results in `out`.
    pub from_raw: bool,
    pub figures: Vec<String>,
    pub topologies: Option<usize>,
    /// Replicates (seeds 1..=N) of the claims on fixed networks.
    pub seeds: Option<usize>,
    pub cycles: Option<u64>,
    pub trace_us: Option<f64>,
    pub patterns: Vec<String>,
    pub sizes: Vec<usize>,
    pub bytes: Vec<u32>,
    pub paths: String,
    /// itb: `traffic.local_metric` of the local patterns.
    pub local_metric: String,
    pub out: PathBuf,
    pub threads: Option<usize>,
    /// No progress bar.
    pub quiet: bool,
}

impl Flags {
    /// `--topologies`, checked (1..=100).
    pub fn topologies(&self) -> Result<Option<usize>> {
        match self.topologies {
            Some(t) if t == 0 || t > 100 => Err(Error::field(
                "--topologies",
                format!("{t} is out of range, allowed 1..=100"),
            )),
            t => Ok(t),
        }
    }

    /// `--seeds`, checked (1..=100).
    pub fn seeds(&self) -> Result<Option<usize>> {
        match self.seeds {
            Some(n) if n == 0 || n > 100 => Err(Error::field(
                "--seeds",
                format!("{n} is out of range, allowed 1..=100"),
            )),
            n => Ok(n),
        }
    }

    /// `--cycles`, checked (2000..=100000000).
    pub fn cycles(&self) -> Result<Option<u64>> {
        match self.cycles {
            Some(c) if !(2000..=100_000_000).contains(&c) => Err(Error::field(
                "--cycles",
                format!("{c} is out of range, allowed 2000..=100000000"),
            )),
            c => Ok(c),
        }
    }

    /// `--trace-us`, checked.
    pub fn trace_us(&self) -> Result<Option<f64>> {
        match self.trace_us {
            Some(us) if !(us.is_finite() && (0.1..=1e7).contains(&us)) => Err(Error::field(
                "--trace-us",
                format!("{us} is out of range, allowed 0.1..=10000000 µs"),
            )),
            us => Ok(us),
        }
    }

    /// The options at the paper's scale (`--full`) or the reduced one.
    pub fn scale<T>(&self, full: fn() -> T, reduced: fn() -> T) -> T {
        if self.full {
            full()
        } else {
            reduced()
        }
    }

    /// The command that ran: `flitwave reproduce PAPER` with every flag given that changes
    /// what is simulated, in the help's order (what a report quotes; `--out`, `--threads`
    /// and `--quiet` change nothing in the results and are left out).
    pub fn command(&self, paper: &str) -> String {
        let mut c = format!("flitwave reproduce {paper}{}", self.full_suffix());
        let list = |v: &[String]| v.join(",");
        let nums = |v: Vec<String>| v.join(",");
        if !self.figures.is_empty() {
            c += &format!(" --figures {}", list(&self.figures));
        }
        if let Some(t) = self.topologies {
            c += &format!(" --topologies {t}");
        }
        if let Some(n) = self.seeds {
            c += &format!(" --seeds {n}");
        }
        if let Some(n) = self.cycles {
            c += &format!(" --cycles {n}");
        }
        if let Some(us) = self.trace_us {
            c += &format!(" --trace-us {us}");
        }
        if !self.patterns.is_empty() {
            c += &format!(" --patterns {}", list(&self.patterns));
        }
        if !self.sizes.is_empty() {
            c += &format!(
                " --sizes {}",
                nums(self.sizes.iter().map(|x| x.to_string()).collect())
            );
        }
        if !self.bytes.is_empty() {
            c += &format!(
                " --bytes {}",
                nums(self.bytes.iter().map(|x| x.to_string()).collect())
            );
        }
        if !self.paths.is_empty() && self.paths != "random" {
            c += &format!(" --paths {}", self.paths);
        }
        if !self.local_metric.is_empty() && self.local_metric != "minimal" {
            c += &format!(" --local-metric {}", self.local_metric);
        }
        c
    }

    /// ` --full` when the paper's scale was asked for, for the command a report quotes.
    pub fn full_suffix(&self) -> &'static str {
        if self.full {
            " --full"
        } else {
            ""
        }
    }
}

/// One paper's reproduction: what `flitwave reproduce NAME` runs.
pub trait Reproduction: Sync {
    /// Check `flags`, say through `start` what will run and roughly how long (the start
    /// line), run every simulation, write the figures into `flags.out`, and return the report.
    fn reproduce(&self, flags: &Flags, start: &dyn Fn(&str)) -> Result<Report>;
}

/// How long a reproduction takes, from one run measured on this project's 2-core VM: its
/// seconds and the work it did, in the paper's own unit (simulated cycles times the switches
/// or hosts they move, summed over its simulations). A run's estimate scales those seconds by
/// its own work from its options, and by 2 over its threads.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    /// The measured run (its command).
    pub run: &'static str,
    pub secs: f64,
    pub work: f64,
}

impl Pace {
    /// "about 18 min on 2 threads (scaled from `RUN`: 1075 s on 2 cores)" for `work` on `threads`.
    pub fn estimate(&self, work: f64, threads: Option<usize>) -> String {
        let t = threads.unwrap_or_else(rayon::current_num_threads).max(1);
        let secs = self.secs * work / self.work * 2.0 / t as f64;
        format!(
            "about {} on {t} thread{} (scaled from `{}`: {:.0} s on 2 cores)",
            duration(secs),
            if t == 1 { "" } else { "s" },
            self.run,
            self.secs
        )
    }
}

/// Seconds as people read a duration: "40 s", "18 min", "2.3 h".
pub fn duration(secs: f64) -> String {
    if secs < 90.0 {
        format!("{:.0} s", secs.max(1.0))
    } else if secs < 5400.0 {
        format!("{:.0} min", secs / 60.0)
    } else {
        format!("{:.1} h", secs / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report quotes the flags that change what is simulated, and no others.
    #[test]
    fn the_quoted_command_names_every_flag_that_changes_the_results() {
        let f = Flags {
            full: true,
            figures: vec!["fig5".into(), "tables".into()],
            topologies: Some(5),
            seeds: Some(3),
            paths: "random".into(),
            local_metric: "route".into(),
            out: "x".into(),
            threads: Some(2),
            quiet: true,
            ..Default::default()
        };
        assert_eq!(
            f.command("inorder"),
            "flitwave reproduce inorder --full --figures fig5,tables --topologies 5 --seeds 3 --local-metric route"
        );
        assert_eq!(
            Flags::default().command("dl"),
            "flitwave reproduce dl",
            "defaults quote nothing"
        );
    }
}

#[cfg(test)]
mod pace_tests {
    use super::*;

    /// An estimate scales the measured run by the work and the threads.
    #[test]
    fn an_estimate_follows_the_work_and_the_threads() {
        let p = Pace {
            run: "reproduce x",
            secs: 600.0,
            work: 1000.0,
        };
        assert!(p
            .estimate(1000.0, Some(2))
            .starts_with("about 10 min on 2 threads"));
        assert!(p
            .estimate(10.0, Some(2))
            .starts_with("about 6 s on 2 threads"));
        assert!(p
            .estimate(1000.0, Some(1))
            .starts_with("about 20 min on 1 thread "));
        assert!(p.estimate(100_000.0, Some(2)).starts_with("about 16.7 h"));
        assert!(p
            .estimate(1.0, Some(2))
            .contains("(scaled from `reproduce x`: 600 s on 2 cores)"));
    }
}
