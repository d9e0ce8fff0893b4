//! Crossbar of the virtual-channel router: a flit granted by the switch allocator in
//! cycle `s` leaves its input buffer in `s`, crosses the crossbar and is driven onto the output
//! link `delay` cycles later (`sw_alloc_cycles - 1 + crossbar_cycles`; 0 = driven in `s`). At
//! most one flit per output per cycle (the allocator grants each output once), so each output
//! is a pipelined register chain of that delay. A non-multiplexed crossbar (seed 004) has one
//! output per output VC. An empty crossbar costs nothing.
//!
//! BookSim2's iq router crosses in **batches** instead ([`Crossbar::batched`]): the flits
//! granted while a batch crosses wait; the cycle after it has left (at the earliest the cycle
//! after their grant) all of them start together and reach their outputs `delay - 1` cycles
//! later; each output then drains one flit a cycle onto its link (BookSim2's `_output_buffer`).
//! With a 1-cycle traversal both are the same; with 2 cycles a stream of flits takes 3 from
//! grant to link after its first (BookSim2 `IQRouter::_SwitchEvaluate`, 28f43299).

use crate::sim::registers::RegisterSink;
use crate::sim::Flit;
use std::collections::VecDeque;

/// The batch state of a crossbar that takes one batch at a time.
#[derive(Debug, Clone)]
struct Batches {
    /// Granted flits waiting for the crossbar (output, flit), in grant order.
    waiting: Vec<(u8, Flit)>,
    /// The batch crossing, and the cycle it reaches the outputs.
    crossing: Vec<(u8, Flit)>,
    done: u64,
    /// Per output, the flits across waiting for the link, and which outputs have some.
    queue: Box<[VecDeque<Flit>]>,
    queued: u64,
    /// The flit each output drove last (what [`Crossbar::left`] reads).
    driven: Box<[Flit]>,
}

/// The crossbar's output pipelines: a ring of register stages, each holding one flit per output
/// and a mask of the outputs it holds (only occupied outputs are visited).
#[derive(Debug, Clone)]
pub struct Crossbar {
    delay: u32,
    ports: u32,
    /// Ring length (a power of two above `delay`) minus one.
    ring: u64,
    masks: Box<[u64]>,
    flits: Box<[Flit]>,
    /// Flits inside the pipelines.
    inside: u32,
    /// The slot the last [`Crossbar::leave`] emptied: its flits stay readable
    /// ([`Crossbar::left`]) until the next cycle's grants.
    last: u32,
    /// Batches instead of the pipeline (BookSim2's crossbar).
    batches: Option<Box<Batches>>,
}

impl Crossbar {
    /// A crossbar with `outputs` (<= 64) outputs and a traversal of `delay` cycles.
    pub fn new(outputs: usize, delay: u32) -> Self {
        assert!(outputs <= 64);
        let len = (delay as usize + 1).next_power_of_two();
        Crossbar {
            delay,
            ports: outputs as u32,
            ring: len as u64 - 1,
            masks: vec![0; len].into_boxed_slice(),
            flits: vec![Flit::default(); len * outputs].into_boxed_slice(),
            inside: 0,
            last: 0,
            batches: None,
        }
    }

    /// A crossbar of `outputs` outputs crossing in batches of `delay` cycles, one batch at a
    /// time (the module's doc); the same as [`Crossbar::new`] for `delay` <= 1.
    pub fn batched(outputs: usize, delay: u32) -> Self {
        let mut x = Self::new(outputs, delay);
        if delay > 1 {
            let room = outputs * (delay as usize + 1);
            x.batches = Some(Box::new(Batches {
                waiting: Vec::with_capacity(room),
                crossing: Vec::with_capacity(room),
                done: 0,
                queue: (0..outputs)
                    .map(|_| VecDeque::with_capacity(2 * delay as usize + 2))
                    .collect(),
                queued: 0,
                driven: vec![Flit::default(); outputs].into_boxed_slice(),
            }));
        }
        x
    }

    /// Cycles from the grant to the link.
    /// Ask the cache for the slots (a hint).
    #[inline(always)]
    pub fn prefetch(&self) {
        crate::sim::prefetch::all(&self.masks[..]);
        crate::sim::prefetch::all(&self.flits[..]);
    }

    pub fn delay(&self) -> u32 {
        self.delay
    }

    /// Flits inside the pipelines.
    #[inline]
    pub fn inside(&self) -> u32 {
        self.inside
    }

    /// A flit granted to output `o` at cycle `now`: returned at once when the crossbar has no
    /// pipeline (drive it now), else kept until [`Crossbar::leave`] gives it back.
    #[inline]
    pub fn enter(&mut self, now: u64, o: usize, f: Flit) -> Option<Flit> {
        if self.delay == 0 {
            return Some(f);
        }
        if let Some(b) = self.batches.as_mut() {
            b.waiting.push((o as u8, f));
            self.inside += 1;
            return None;
        }
        let s = (now & self.ring) as usize;
        debug_assert!(
            self.masks[s] >> o & 1 == 0,
            "two flits to one output in one cycle"
        );
        self.masks[s] |= 1 << o;
        self.flits[s * self.ports as usize + o] = f;
        self.inside += 1;
        None
    }

    /// Empty the crossbar (a model of the same router evaluated elsewhere writes its flits in
    /// again, [`Crossbar::enter`]).
    pub fn clear(&mut self) {
        self.masks.fill(0);
        self.inside = 0;
        if let Some(b) = self.batches.as_mut() {
            b.waiting.clear();
            b.crossing.clear();
            b.queue.iter_mut().for_each(|q| q.clear());
            b.queued = 0;
        }
    }

    /// The flits inside, as text: per pipeline stage (its slot, the grant cycle modulo the
    /// ring) each output's flit, or in batches those waiting, crossing and across per
    /// output — the registers two models of one router compare.
    pub fn registers(&self) -> String {
        let mut s = String::new();
        self.visit_registers(&mut s);
        s
    }

    /// Walk the flits inside into `s` (text: [`Crossbar::registers`]; the walk's rule:
    /// `sim::registers`).
    pub fn visit_registers(&self, s: &mut impl RegisterSink) {
        fn flit(s: &mut impl RegisterSink, o: usize, f: &Flit) {
            s.dec(o as u64);
            s.text(":");
            s.flit(f);
            s.text(",");
        }
        s.word(self.batches.is_some() as u64);
        if let Some(b) = &self.batches {
            s.text("waiting ");
            s.word(b.waiting.len() as u64);
            b.waiting.iter().for_each(|(o, f)| flit(s, *o as usize, f));
            s.text(" crossing (done ");
            s.dec(b.done);
            s.text(") ");
            s.word(b.crossing.len() as u64);
            b.crossing.iter().for_each(|(o, f)| flit(s, *o as usize, f));
            s.text(" across ");
            s.word(b.queue.len() as u64);
            for (o, q) in b.queue.iter().enumerate() {
                s.word(q.len() as u64);
                q.iter().for_each(|f| flit(s, o, f));
            }
            return;
        }
        s.word(self.masks.len() as u64);
        for (k, &m) in self.masks.iter().enumerate() {
            s.word(m);
            if m == 0 {
                continue;
            }
            s.label(format_args!("slot{k} "));
            for o in 0..self.ports as usize {
                if m >> o & 1 == 1 {
                    flit(s, o, &self.flits[k * self.ports as usize + o]);
                }
            }
            s.text(" ");
        }
    }

    /// The flit the last [`Crossbar::leave`] gave output `o` (valid where it gave one, until
    /// the grants of the next cycle).
    #[inline]
    pub fn left(&self, o: usize) -> Flit {
        match &self.batches {
            Some(b) => b.driven[o],
            None => self.flits[self.last as usize * self.ports as usize + o],
        }
    }

    /// The flits leaving the crossbar at cycle `now` (granted `delay` cycles earlier), each
    /// handed to `drive(output, flit)`.
    #[inline]
    pub fn leave(&mut self, now: u64, mut drive: impl FnMut(usize, Flit)) {
        if self.inside == 0 {
            return;
        }
        if let Some(b) = self.batches.as_mut() {
            // a batch starts when none crosses: every flit granted before this cycle
            if b.crossing.is_empty() && !b.waiting.is_empty() {
                std::mem::swap(&mut b.crossing, &mut b.waiting);
                b.done = now + self.delay as u64 - 1;
            }
            if !b.crossing.is_empty() && b.done <= now {
                for (o, f) in b.crossing.drain(..) {
                    b.queue[o as usize].push_back(f);
                    b.queued |= 1 << o;
                }
            }
            let mut m = b.queued;
            while m != 0 {
                let o = m.trailing_zeros() as usize;
                m &= m - 1;
                let q = &mut b.queue[o];
                let f = q.pop_front().expect("a queued output has a flit");
                if q.is_empty() {
                    b.queued &= !(1 << o);
                }
                b.driven[o] = f;
                self.inside -= 1;
                drive(o, f);
            }
            return;
        }
        if now < self.delay as u64 {
            return;
        }
        let s = ((now - self.delay as u64) & self.ring) as usize;
        self.last = s as u32;
        let mut m = std::mem::take(&mut self.masks[s]);
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            m &= m - 1;
            self.inside -= 1;
            drive(o, self.flits[s * self.ports as usize + o]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cleared_crossbar_holds_nothing_and_its_registers_name_each_flit() {
        let f = |pkt| Flit {
            pkt,
            ..Default::default()
        };
        for mut x in [Crossbar::new(3, 2), Crossbar::batched(3, 2)] {
            assert_eq!(x.enter(5, 1, f(7)), None);
            assert_eq!(x.enter(6, 2, f(8)), None);
            let r = x.registers();
            assert!(r.contains("1:7/") && r.contains("2:8/"), "{r}");
            x.clear();
            assert_eq!(x.inside(), 0);
            assert!(!x.registers().contains(':'), "{}", x.registers());
            let mut got = vec![];
            for now in 6..12 {
                x.leave(now, |o, f| got.push((o, f.pkt)));
            }
            assert!(got.is_empty());
        }
    }

    #[test]
    fn a_flit_more_or_moved_changes_the_image_as_it_changes_the_text() {
        let f = |pkt| Flit {
            pkt,
            ..Default::default()
        };
        let image = |x: &Crossbar| {
            let mut i = Vec::new();
            x.visit_registers(&mut i);
            i
        };
        for x in [Crossbar::new(3, 2), Crossbar::batched(3, 2)] {
            let (mut a, mut b, mut c) = (x.clone(), x.clone(), x);
            for x in [&mut a, &mut b, &mut c] {
                x.enter(5, 1, f(7));
            }
            b.enter(6, 2, f(8));
            c.enter(6, 0, f(8));
            for (y, z) in [(&a, &b), (&b, &c)] {
                assert_ne!(y.registers(), z.registers());
                assert_ne!(image(y), image(z), "{} / {}", y.registers(), z.registers());
            }
            assert_eq!(image(&a), image(&a.clone()));
        }
    }

    #[test]
    fn a_flit_leaves_after_the_delay() {
        let f = Flit {
            pkt: 7,
            ..Default::default()
        };
        let mut x = Crossbar::new(3, 0);
        assert_eq!(x.enter(5, 1, f), Some(f));
        let mut x = Crossbar::new(3, 2);
        assert_eq!(x.enter(5, 1, f), None);
        assert_eq!(x.inside(), 1);
        let mut got = vec![];
        x.leave(6, |o, f| got.push((6, o, f)));
        assert!(got.is_empty());
        assert_eq!(x.enter(6, 2, f), None);
        x.leave(7, |o, f| got.push((7, o, f)));
        x.leave(8, |o, f| got.push((8, o, f)));
        assert_eq!(got, vec![(7, 1, f), (8, 2, f)]);
        assert_eq!(x.inside(), 0);
    }

    /// BookSim2's batches, 2-cycle traversal: a stream of flits to one output granted every
    /// cycle from 5 leaves at 7, then two at a time a batch, one a cycle: 9, 10, 11, 12 ...;
    /// the pipeline gives 7, 8, 9, 10. A lone flit takes the delay in both.
    #[test]
    fn batches_take_the_flits_granted_while_one_crosses() {
        let run = |mut x: Crossbar| {
            let mut got = vec![];
            for now in 5..16u64 {
                x.leave(now, |_, f| got.push((now, f.pkt)));
                if now < 11 {
                    let f = Flit {
                        pkt: now as u32,
                        ..Default::default()
                    };
                    assert_eq!(x.enter(now, 0, f), None);
                }
            }
            assert_eq!(x.inside(), 0);
            got
        };
        let pipe = run(Crossbar::new(2, 2));
        let batch = run(Crossbar::batched(2, 2));
        assert_eq!(
            pipe,
            vec![(7, 5), (8, 6), (9, 7), (10, 8), (11, 9), (12, 10)]
        );
        assert_eq!(
            batch,
            vec![(7, 5), (9, 6), (10, 7), (11, 8), (12, 9), (13, 10)]
        );
        // 1-cycle traversal: the same
        let mut a = Crossbar::new(2, 1);
        let mut b = Crossbar::batched(2, 1);
        let f = Flit::default();
        assert_eq!(a.enter(3, 1, f), b.enter(3, 1, f));
        let (mut ga, mut gb) = (vec![], vec![]);
        a.leave(4, |o, _| ga.push(o));
        b.leave(4, |o, _| gb.push(o));
        assert_eq!((ga, gb), (vec![1], vec![1]));
    }
}
