//! The threads of a network's switch phase: a pool that runs one job per cycle together with
//! the caller's thread, one barrier per job. Each thread has its part of the job; a part whose
//! thread is late (asleep, or its core busy with other work) is taken by the caller's thread
//! when it is done with its own, so a late thread delays nothing but a part it already began.
//! Between jobs the pool's threads spin a short while ([`SPIN`]) and then sleep: a pool costs
//! nothing while the network is not stepped. No allocation per job.

use std::cell::UnsafeCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::*};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long an idle pool thread spins for the next job before it sleeps.
const SPIN: Duration = Duration::from_micros(200);

/// A job: thread k runs `job(k)`, the caller's thread k = 0.
type Job = *const (dyn Fn(usize) + Sync + 'static);

/// What the caller's thread and the pool's threads share.
struct PoolState {
    /// Incremented for each job (and once to stop).
    epoch: AtomicU64,
    /// Per part k ≥ 1: the last job (epoch) whose part k some thread took. Thread k takes its
    /// own part when it comes; the caller's thread takes those not taken when it is done with
    /// part 0 — so a pool thread that is late (asleep, or its core busy with other work) delays
    /// nothing but its own part.
    taken: Vec<AtomicU64>,
    /// Parts of the current job done, part 0 aside.
    done: AtomicUsize,
    /// The current job; written only while no thread runs one (every part of the last job is
    /// done), read only by a thread that took a part of it.
    job: UnsafeCell<Option<Job>>,
    quit: AtomicBool,
    panicked: AtomicBool,
    /// Pool threads asleep (or about to be) on `wake`.
    sleepers: AtomicUsize,
    lock: Mutex<()>,
    wake: Condvar,
}

// SAFETY: `job` is written by the caller's thread only between jobs (no part is running, and a
// thread reads `job` only after taking a part, which it cannot take once all are taken), and
// read only after taking a part of the epoch it published (the epoch's Acquire load follows
// the Release that published it, and the job cannot change before the part is done).
unsafe impl Sync for PoolState {}
unsafe impl Send for PoolState {}

impl PoolState {
    /// Take part `k` of job `epoch`, if no thread has.
    #[inline]
    fn take(&self, k: usize, epoch: u64) -> bool {
        self.taken[k].fetch_max(epoch, AcqRel) < epoch
    }

    /// Run part `k` of the current job (taken), then count it done.
    fn run_part(&self, k: usize) {
        // SAFETY: the job of the epoch whose part was taken (see the impl of Sync); the caller
        // keeps it alive until every part is done.
        let job = unsafe { (*self.job.get()).expect("a job is published with its epoch") };
        let r = catch_unwind(AssertUnwindSafe(|| unsafe { (*job)(k) }));
        if r.is_err() {
            self.panicked.store(true, SeqCst);
        }
        self.done.fetch_add(1, Release);
    }
}

/// Threads that run a job together with the caller, one barrier per job.
pub struct Pool {
    state: Arc<PoolState>,
    handles: Vec<JoinHandle<()>>,
}

impl Pool {
    /// Start `workers` threads.
    pub fn new(workers: usize) -> Self {
        let state = Arc::new(PoolState {
            epoch: AtomicU64::new(0),
            taken: (0..=workers).map(|_| AtomicU64::new(0)).collect(),
            done: AtomicUsize::new(0),
            job: UnsafeCell::new(None),
            quit: AtomicBool::new(false),
            panicked: AtomicBool::new(false),
            sleepers: AtomicUsize::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        });
        let handles = (1..=workers)
            .map(|k| {
                let st = state.clone();
                std::thread::Builder::new()
                    .name(format!("flitwave-switches-{k}"))
                    .spawn(move || worker(&st, k))
                    .expect("cannot start a switch thread")
            })
            .collect();
        Pool { state, handles }
    }

    /// Run `job(k)` once for every part k (0 on this thread, k ≥ 1 on pool thread k unless
    /// this thread gets there first) and wait for all.
    pub fn run(&self, job: &(dyn Fn(usize) + Sync)) {
        let st = &*self.state;
        let parts = self.handles.len() + 1;
        // SAFETY: no part of an earlier job is running (each was waited for), so no thread
        // reads `st.job`; the pointer is used only until every part is done, and this function
        // returns only then: `job` outlives every use.
        unsafe {
            let p: *const (dyn Fn(usize) + Sync + '_) = job;
            *st.job.get() = Some(std::mem::transmute::<*const (dyn Fn(usize) + Sync + '_), Job>(p));
        }
        st.done.store(0, SeqCst);
        let epoch = st.epoch.fetch_add(1, SeqCst) + 1;
        if st.sleepers.load(SeqCst) > 0 {
            let _g = st.lock.lock().unwrap_or_else(|e| e.into_inner());
            st.wake.notify_all();
        }
        let mine = catch_unwind(AssertUnwindSafe(|| job(0)));
        for k in 1..parts {
            if st.take(k, epoch) {
                st.run_part(k);
            }
        }
        let mut spins = 0u32;
        while st.done.load(Acquire) != parts - 1 {
            spins += 1;
            if spins < 1 << 12 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        if let Err(e) = mine {
            resume_unwind(e);
        }
        if st.panicked.load(SeqCst) {
            panic!("a switch thread panicked (see above)");
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let st = &*self.state;
        st.quit.store(true, SeqCst);
        st.epoch.fetch_add(1, SeqCst);
        {
            let _g = st.lock.lock().unwrap_or_else(|e| e.into_inner());
            st.wake.notify_all();
        }
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

/// Pool thread `k`: wait for a job (spinning a while, then asleep), take its part unless the
/// caller's thread did, repeat.
fn worker(st: &PoolState, k: usize) {
    let mut seen = 0u64;
    loop {
        let start = Instant::now();
        let mut spins = 0u32;
        while st.epoch.load(Acquire) == seen {
            spins += 1;
            if !spins.is_multiple_of(256) || start.elapsed() < SPIN {
                std::hint::spin_loop();
                continue;
            }
            let mut g = st.lock.lock().unwrap_or_else(|e| e.into_inner());
            st.sleepers.fetch_add(1, SeqCst);
            while st.epoch.load(SeqCst) == seen {
                g = st.wake.wait(g).unwrap_or_else(|e| e.into_inner());
            }
            st.sleepers.fetch_sub(1, SeqCst);
        }
        seen = st.epoch.load(Acquire);
        if st.quit.load(SeqCst) {
            return;
        }
        if st.take(k, seen) {
            st.run_part(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_thread_runs_its_part_of_every_job() {
        let pool = Pool::new(2);
        let hits: Vec<AtomicU64> = (0..3).map(|_| AtomicU64::new(0)).collect();
        for round in 1..=1000u64 {
            pool.run(&|k| {
                hits[k].fetch_add(round, Relaxed);
            });
            // the barrier: every part of this job is done when run returns
            let want = round * (round + 1) / 2;
            assert!(
                hits.iter().all(|h| h.load(Relaxed) == want),
                "round {round}"
            );
        }
        // idle long enough for the threads to sleep; they wake for the next job
        std::thread::sleep(SPIN * 5);
        pool.run(&|k| {
            hits[k].fetch_add(1, Relaxed);
        });
        assert!(hits.iter().all(|h| h.load(Relaxed) == 500_501));
    }

    #[test]
    fn a_panic_in_a_pool_thread_reaches_the_caller() {
        let pool = Pool::new(1);
        let r = catch_unwind(AssertUnwindSafe(|| {
            pool.run(&|k| {
                if k == 1 {
                    panic!("deliberate");
                }
            })
        }));
        assert!(r.is_err());
    }
}
