//! The one job loop of every reproduction: a list of jobs run in parallel on a pool of worker
//! threads, behind one progress bar, their results in job order whatever the thread count.

use crate::error::Result;
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
    pub fn run<J: Sync, P: Send>(
        &self,
        jobs: &[J],
        f: impl Fn(&J) -> Result<P> + Sync,
    ) -> Result<Vec<P>> {
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
/// `what` when `progress`: the results in job order.
pub fn run_all<J: Sync, P: Send>(
    jobs: &[J],
    threads: Option<usize>,
    progress: bool,
    what: &str,
    f: impl Fn(&J) -> Result<P> + Sync,
) -> Result<Vec<P>> {
    Workers::new(threads, progress, jobs.len(), what)?.run(jobs, f)
}
