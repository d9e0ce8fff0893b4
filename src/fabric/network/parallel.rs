//! One run on several cores: the family's engine splits its switch phase among the network's
//! threads ([`Threads::run`]; the VC routers' planes by tiles of 64). Every wire has at least
//! one cycle of fly time, so no value a block drives in cycle t is read before t + 1: the
//! switches of one cycle are independent and may be evaluated in any order, one barrier per
//! cycle. The NICs (which write the packet table and the statistics) stay on the caller's
//! thread after the barrier. Results are those of one thread, byte for byte, at any thread
//! count (testbenches/threads.rs). Switches evaluated one by one stay on one thread.
//!
//! A pool of threads ([`pool`]) lives as long as the network's thread count is above one; its
//! threads spin a short while between cycles and then sleep, so a pool costs nothing when the
//! network is not stepped.

use super::Network;
use crate::fabric::sleep::Arrivals;
use crate::fabric::Family;

mod pool;
use pool::Pool;

/// A switch evaluated: still busy or quiet, and the ports it drove (`Sleep::after`'s inputs).
#[derive(Debug, Clone, Copy)]
pub struct After {
    pub sw: u32,
    pub busy: bool,
    pub drove: Arrivals,
}

/// The threads of a network's switch phase: the pool, and the cycles it split.
pub struct Threads {
    pool: Pool,
    n: usize,
    /// Cycles whose switch phase was split among the threads.
    pub cycles: u64,
}

impl Threads {
    /// `n` ≥ 2 threads (the caller's and n - 1 started).
    pub fn new(n: usize) -> Self {
        Threads {
            pool: Pool::new(n - 1),
            n,
            cycles: 0,
        }
    }

    /// Threads, the caller's included.
    pub fn count(&self) -> usize {
        self.n
    }

    /// Run `job(k)` for every k below [`Threads::count`], each on one of the threads (the
    /// caller's among them), and return when all are done: a cycle's phase split by an
    /// engine (`Engine::phase`), counted among the parallel cycles.
    pub fn run(&mut self, job: &(dyn Fn(usize) + Sync)) {
        self.pool.run(job);
        self.cycles += 1;
    }
}

/// Wrapper that lets a job of the threads (an engine's, [`Threads::run`])
/// share what its safety argument shares (read through `get`, so that the closure captures
/// the wrapper, not its field).
#[derive(Clone, Copy)]
pub struct Shared<T>(T);
// SAFETY: made through `Shared::new`, whose caller answers for it.
unsafe impl<T> Sync for Shared<T> {}

impl<T: Copy> Shared<T> {
    /// `value` shared by the threads of a job.
    ///
    /// # Safety
    /// No location that what `value` reaches is written by one thread of the job while another
    /// thread accesses it, except atomically.
    pub unsafe fn new(value: T) -> Self {
        Shared(value)
    }

    /// The value shared.
    pub fn get(&self) -> T {
        self.0
    }
}

impl<F: Family> Network<F> {
    /// Evaluate the switches on `n` threads, this one included (1: this one alone): the
    /// family's engine splits its phase among them; switches evaluated one by one stay on
    /// one, and more threads than switches are not started. Results do not depend on it.
    pub fn set_threads(&mut self, n: usize) {
        let n = if F::ONE_BY_ONE.is_none() {
            n.clamp(1, self.switches().len().max(1))
        } else {
            1
        };
        if n != self.threads() {
            self.threads = (n > 1).then(|| Threads::new(n));
        }
    }

    /// Threads evaluating the switches, this one included.
    pub fn threads(&self) -> usize {
        self.threads.as_ref().map_or(1, |t| t.count())
    }

    /// Cycles whose switch phase was split among several threads.
    pub fn parallel_cycles(&self) -> u64 {
        self.threads.as_ref().map_or(0, |t| t.cycles)
    }
}
