//! Crossbar of the virtual-channel router: a flit granted by the switch allocator in
//! cycle `s` leaves its input buffer in `s`, crosses the crossbar and is driven onto the output
//! link `delay` cycles later (`sw_alloc_cycles - 1 + crossbar_cycles`; 0 = driven in `s`). At
//! most one flit per output per cycle (the allocator grants each output once), so each output
//! is a pipelined register chain of that delay. A non-multiplexed crossbar (seed 004) has one
//! output per output VC. An empty crossbar costs nothing.

use crate::sim::Flit;

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
        }
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

    /// The flit the last [`Crossbar::leave`] gave output `o` (valid where it gave one, until
    /// the grants of the next cycle).
    #[inline]
    pub fn left(&self, o: usize) -> Flit {
        self.flits[self.last as usize * self.ports as usize + o]
    }

    /// The flits leaving the crossbar at cycle `now` (granted `delay` cycles earlier), each
    /// handed to `drive(output, flit)`.
    #[inline]
    pub fn leave(&mut self, now: u64, mut drive: impl FnMut(usize, Flit)) {
        if self.inside == 0 || now < self.delay as u64 {
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
}
