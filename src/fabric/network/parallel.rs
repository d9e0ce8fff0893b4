//! One run on several cores. Every wire has at least one cycle of fly time,
//! so no value a block drives in cycle t is read before t + 1: the switches of one cycle are
//! independent and may be evaluated in any order — here split into contiguous parts, one per
//! thread, with one barrier per cycle. The NICs (which write the packet table and the
//! statistics) stay on the caller's thread after the barrier. Results are those of one thread,
//! byte for byte, at any thread count (testbenches/threads.rs).
//!
//! A pool of threads ([`pool`]) lives as long as the network's thread count is above one; its
//! threads spin a short while between cycles and then sleep, so a pool costs nothing when the
//! network is not stepped. No per-cycle allocation: each thread's [`Part`] is allocated once.

use super::Network;
use crate::blocks::link::Link;
use crate::fabric::sleep::Arrivals;
use crate::fabric::{Family, Switch};
use crate::sim::packet::PacketTable;

mod pool;
use pool::Pool;

/// Switches at or above which a run uses every core by default (below, one thread: measured in
/// docs/performance-journal.md).
pub const AUTO_MIN_SWITCHES: usize = 1024;

/// Switches a cycle must evaluate for its switch phase to be split (fewer: the caller's thread
/// evaluates them, as handing them out costs more than it saves), or half of a smaller
/// network's.
pub const MIN_SWITCHES_PER_CYCLE: usize = 32;

/// A switch that may be evaluated on another thread beside the other switches of its cycle.
///
/// # Safety
/// Its `eval` and `eval_arrivals` touch, besides the switch itself and the packet table (read
/// only), only the links of its own ports, and those only through [`crate::sim::Wire`]'s
/// methods at the cycle `now` they are given: `send` and `sent_at` on the forward wires of its
/// output links and the backward wires of its input links (the wires it drives), `recv` and
/// `peek` on the others (the wires it receives). Each wire then has one thread at each end,
/// each touching locations the other does not (the wire's doc); no other state is shared.
pub unsafe trait ParallelSwitch<X>: Switch<X> + Send {}

/// The switch phase on several threads, `phase::<Switch, Ext>` for a family whose switch is a
/// [`ParallelSwitch`] (`Family::PARALLEL`).
pub type PhaseFn<S, X> = fn(Phase<'_, S, X>) -> u32;

/// What the switch phase of one cycle is given.
pub struct Phase<'a, S, X> {
    pub now: u64,
    pub switches: &'a mut [S],
    pub links: &'a [Link],
    pub packets: &'a PacketTable<X>,
    /// Families that sleep: the switches this cycle evaluates (ascending, each once) and the
    /// ports receiving; `None`: every switch.
    pub due: Option<&'a [(u32, Arrivals)]>,
    pub threads: &'a mut Threads,
    /// Prefetch the next switches' state (`sim::prefetch::min_due`).
    pub prefetch: bool,
}

/// One thread's share of a cycle: the flits its switches moved and, for families that sleep,
/// what each switch left for the sleep tables ([`After`]), applied after the barrier.
#[repr(align(128))] // each on its own cache lines
pub struct Part {
    pub moved: u32,
    pub after: Vec<After>,
}

/// A switch evaluated: still busy or quiet, and the ports it drove (`Sleep::after`'s inputs).
#[derive(Debug, Clone, Copy)]
pub struct After {
    pub sw: u32,
    pub busy: bool,
    pub drove: Arrivals,
}

/// The threads of a network's switch phase: the pool and each one's part.
pub struct Threads {
    pool: Pool,
    pub parts: Vec<Part>,
    /// Cycles whose switch phase was split among the threads.
    pub cycles: u64,
    /// Switches due in a cycle from which it is split ([`MIN_SWITCHES_PER_CYCLE`]).
    pub min_due: usize,
}

impl Threads {
    /// `n` ≥ 2 threads (the caller's and n - 1 started) for `switches` switches.
    pub fn new(n: usize, switches: usize) -> Self {
        let each = switches.div_ceil(n) + 1;
        Threads {
            pool: Pool::new(n - 1),
            parts: (0..n)
                .map(|_| Part {
                    moved: 0,
                    after: Vec::with_capacity(each),
                })
                .collect(),
            cycles: 0,
            min_due: MIN_SWITCHES_PER_CYCLE.min(switches / 2).max(2),
        }
    }

    /// Threads, the caller's included.
    pub fn count(&self) -> usize {
        self.parts.len()
    }

    /// Run `job(k)` for every k below [`Threads::count`], each on one of the threads (the
    /// caller's among them), and return when all are done: a cycle's phase split by an
    /// engine (`Engine::phase`), counted among the parallel cycles.
    pub fn run(&mut self, job: &(dyn Fn(usize) + Sync)) {
        self.pool.run(job);
        self.cycles += 1;
    }
}

/// Wrapper that lets a job of the threads ([`phase`], or an engine's, [`Threads::run`])
/// share what its safety argument shares (read through `get`, so that the closure captures
/// the wrapper, not its field).
#[derive(Clone, Copy)]
pub struct Shared<T>(T);
// SAFETY: made by `phase` (each thread touches disjoint switches, parts and wire locations)
// or through `Shared::new`, whose caller answers for it.
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

/// Evaluate the switches of cycle `p.now` on `p.threads`: thread k takes the k-th of as many
/// contiguous runs of (due) switches, of nearly equal length. Returns the flits moved.
pub fn phase<S: ParallelSwitch<X>, X>(p: Phase<'_, S, X>) -> u32
where
    PacketTable<X>: Sync,
{
    let th = p.threads;
    let n = th.count();
    let total = p.due.map_or(p.switches.len(), |d| d.len());
    let (now, due, packets, prefetch) = (p.now, p.due, p.packets, p.prefetch);
    debug_assert!(due.is_none_or(|d| d.windows(2).all(|w| w[0].0 < w[1].0)));
    debug_assert!(due.is_none_or(|d| d.iter().all(|&(s, _)| (s as usize) < p.switches.len())));
    let switches = Shared(p.switches.as_mut_ptr());
    let parts = Shared(th.parts.as_mut_ptr());
    let links = Shared(p.links);
    let job = |k: usize| {
        let (lo, hi) = (total * k / n, total * (k + 1) / n);
        // SAFETY: thread k alone uses part k (k < n, one job per k).
        let part = unsafe { &mut *parts.get().add(k) };
        part.moved = 0;
        part.after.clear();
        // SAFETY (links): every switch is evaluated by one thread, and a ParallelSwitch touches
        // only its own links' wires at `now`, at its end of each (the trait's contract): no
        // location is written by one thread and accessed by another, except the wires'
        // atomic counters.
        let links: &[Link] = links.get();
        match due {
            Some(d) => {
                let run = &d[lo..hi];
                for (i, &(s, arrivals)) in run.iter().enumerate() {
                    // SAFETY (every switch reference below): the runs of `d` are disjoint and
                    // its switch numbers distinct and in range (asserted above), so no two
                    // threads take the same switch; the caller holds the slice mutably for
                    // the whole phase.
                    // the cache fetches this run's switch after next and the next one's
                    // state and links (as one thread does)
                    if prefetch {
                        if let Some(&(s2, _)) = run.get(i + 2) {
                            crate::sim::prefetch::all(unsafe { &*switches.get().add(s2 as usize) });
                        }
                        if let Some(&(s1, a1)) = run.get(i + 1) {
                            unsafe { &*switches.get().add(s1 as usize) }.prefetch(links, a1);
                        }
                    }
                    let sw = unsafe { &mut *switches.get().add(s as usize) };
                    part.moved += sw.eval_arrivals(now, links, packets, arrivals);
                    part.after.push(After {
                        sw: s,
                        busy: !sw.quiet(),
                        drove: sw.drove(),
                    });
                }
            }
            None => {
                for s in lo..hi {
                    // SAFETY: the ranges lo..hi of the threads are disjoint, within the slice.
                    let sw = unsafe { &mut *switches.get().add(s) };
                    part.moved += sw.eval(now, links, packets);
                }
            }
        }
    };
    th.pool.run(&job);
    th.cycles += 1;
    th.parts.iter().map(|p| p.moved).sum()
}

/// The number of threads a run of `switches` switches evaluated one by one uses when not told:
/// one below [`AUTO_MIN_SWITCHES`], else every core ([`Network::auto_threads`]: one when the
/// family's engine takes the network).
pub fn auto_threads(switches: usize) -> usize {
    if switches < AUTO_MIN_SWITCHES {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl<F: Family> Network<F> {
    /// The threads a run of this network uses when not told: one while its family's engine
    /// takes it (its switches evaluated together on one core outrun them one by one on two:
    /// docs/performance.md), else [`auto_threads`]'s choice.
    pub fn auto_threads(&self) -> usize {
        if self.has_engine() {
            1
        } else {
            auto_threads(self.switches().len())
        }
    }

    /// Evaluate the switches of cycle `now` — those due, in a family that sleeps — on the
    /// network's threads when it has several and the cycle enough switches
    /// ([`MIN_SWITCHES_PER_CYCLE`]), else on this one. Returns the flits moved.
    pub(super) fn switch_phase(&mut self, now: u64) -> u32 {
        if let Some(moved) = self.engine_phase(now) {
            return moved;
        }
        let mut moved = 0;
        let par = F::PARALLEL.zip(self.threads.as_mut());
        let (links, packets) = (&self.links[..], &self.packets);
        if let Some(sl) = self.sleep.as_mut() {
            sl.begin(now);
            let prefetch = sl.sw_now.len() >= self.prefetch_from;
            match par.filter(|(_, th)| sl.sw_now.len() >= th.min_due) {
                Some((phase, th)) => {
                    moved = phase(Phase {
                        now,
                        switches: self.switches.get_mut(),
                        links,
                        packets,
                        due: Some(&sl.sw_now),
                        threads: &mut *th,
                        prefetch,
                    });
                    // in switch order, as one thread applies them; none is read before the
                    // next cycle, so applying them after the barrier changes nothing
                    for a in th.parts.iter().flat_map(|p| &p.after) {
                        sl.after(a.sw as usize, now, a.busy, 0, a.drove);
                    }
                }
                None => {
                    for i in 0..sl.sw_now.len() {
                        // the cache fetches the switch after next's registers, and the next
                        // one's state and links, while this one is evaluated
                        if prefetch {
                            if let Some(&(s2, _)) = sl.sw_now.get(i + 2) {
                                crate::sim::prefetch::all(&self.switches.get_mut()[s2 as usize]);
                            }
                            if let Some(&(s1, a1)) = sl.sw_now.get(i + 1) {
                                self.switches.get_mut()[s1 as usize].prefetch(links, a1);
                            }
                        }
                        let (s, arrivals) = sl.sw_now[i];
                        let s = s as usize;
                        let sw = &mut self.switches.get_mut()[s];
                        moved += sw.eval_arrivals(now, links, packets, arrivals);
                        sl.after(s, now, !sw.quiet(), 0, sw.drove());
                    }
                }
            }
        } else {
            let every_due = self.switches.get_mut().len() >= self.prefetch_from;
            match par {
                Some((phase, th)) => {
                    moved = phase(Phase {
                        now,
                        switches: self.switches.get_mut(),
                        links,
                        packets,
                        due: None,
                        threads: th,
                        prefetch: every_due,
                    });
                }
                None => {
                    for sw in self.switches.get_mut().iter_mut() {
                        moved += sw.eval(now, links, packets);
                    }
                }
            }
        }
        moved
    }

    /// Evaluate the switches on `n` threads, this one included (1: this one alone): one by
    /// one, or by the family's engine, which splits its phase among them. A family without a
    /// parallel switch phase (`Family::PARALLEL`) stays on one; more threads than switches are
    /// not started. Results do not depend on it.
    pub fn set_threads(&mut self, n: usize) {
        let n = if F::PARALLEL.is_some() {
            n.clamp(1, self.switches().len().max(1))
        } else {
            1
        };
        if n != self.threads() {
            self.threads = (n > 1).then(|| Threads::new(n, self.switches().len()));
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
