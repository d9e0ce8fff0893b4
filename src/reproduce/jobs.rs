//! The one job loop of every reproduction: a list of jobs run in parallel on a pool of worker
//! threads, behind one progress bar, their results in job order whatever the thread count.
//! Before the first job runs, the network of every configuration of every job is built (and
//! dropped), so that a job that cannot be built stops the reproduction at once, naming the job,
//! not after hours of the jobs before it.

use crate::error::Result;
use crate::experiment::build;
use crate::experiment::config::Config;
use crate::experiment::sweep::{progress_bar, worker_pool};
use indicatif::ProgressBar;
use rayon::prelude::*;

/// A pool of worker threads and its progress bar, for one or more batches of jobs.
pub struct Workers {
    pool: rayon::ThreadPool,
    bar: ProgressBar,
}

impl Workers {
    /// `threads` workers (None: one per core) and a bar of `len` `what` when `progress`.
    pub fn new(threads: Option<usize>, progress: bool, len: usize, what: &str) -> Result<Workers> {
        let bar = progress_bar(len, what, progress);
        Ok(Workers {
            pool: worker_pool(threads)?,
            bar,
        })
    }

    /// Run `f` on every job in parallel: the results in job order, or the first job's error
    /// in job order (every job runs, so the error does not depend on the thread count).
    /// `configs` gives the configurations a job simulates: every one is built before any job
    /// runs ([`Workers::check`]).
    pub fn run<J: Sync, P: Send>(
        &self,
        jobs: &[J],
        configs: impl Fn(&J) -> Result<Vec<Config>> + Sync,
        f: impl Fn(&J) -> Result<P> + Sync,
    ) -> Result<Vec<P>> {
        self.check(jobs, configs)?;
        let out: Vec<Result<P>> = self.pool.install(|| {
            jobs.par_iter()
                .map(|j| {
                    let r = f(j);
                    self.bar.inc(1);
                    r
                })
                .collect()
        });
        out.into_iter().collect()
    }

    /// Build the network of every configuration of every job, in parallel, and drop it: the
    /// first job in job order that cannot be built is the error, with its number and network.
    pub fn check<J: Sync>(
        &self,
        jobs: &[J],
        configs: impl Fn(&J) -> Result<Vec<Config>> + Sync,
    ) -> Result<()> {
        let built: Vec<Result<()>> = self.pool.install(|| {
            jobs.par_iter()
                .map(|j| {
                    for c in configs(j)? {
                        let topo = build::topology(&c)?;
                        let plan = build::plan(&c, &topo)?;
                        build::network_with(&c, &topo, &plan).map_err(|e| {
                            e.context(crate::experiment::sweep::label(&c, topo.switches))
                        })?;
                    }
                    Ok(())
                })
                .collect()
        });
        for (i, r) in built.into_iter().enumerate() {
            r.map_err(|e| {
                e.context(format!(
                    "job {} of {}, checked before any job ran",
                    i + 1,
                    jobs.len()
                ))
            })?;
        }
        Ok(())
    }

    /// `n` more jobs for the bar (a batch decided from the results of earlier ones).
    pub fn more(&self, n: usize) {
        self.bar.inc_length(n as u64);
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// Run `f` on every job on `threads` workers (None: one per core), with a progress bar of
/// `what` when `progress`: the results in job order. `configs` gives each job's
/// configurations, all built before the first job runs.
pub fn run_all<J: Sync, P: Send>(
    jobs: &[J],
    threads: Option<usize>,
    progress: bool,
    what: &str,
    configs: impl Fn(&J) -> Result<Vec<Config>> + Sync,
    f: impl Fn(&J) -> Result<P> + Sync,
) -> Result<Vec<P>> {
    Workers::new(threads, progress, jobs.len(), what)?.run(jobs, configs, f)
}
