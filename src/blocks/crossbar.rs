//! Crossbar of the virtual-channel router (issue 12): a flit granted by the switch allocator in
//! cycle `s` leaves its input buffer in `s`, crosses the crossbar and is driven onto the output
//! link `delay` cycles later (`sw_alloc_cycles - 1 + crossbar_cycles`; 0 = driven in `s`). At
//! most one flit per output per cycle (the allocator grants each output once), so each output
//! is a pipelined register chain: a [`Wire`] of that delay. An empty crossbar costs nothing.

use crate::sim::{Flit, Wire};

/// The crossbar's output pipelines.
#[derive(Debug, Clone)]
pub struct Crossbar {
    delay: u32,
    pipes: Vec<Wire<Flit>>,
    /// Flits inside the crossbar pipelines.
    inside: u32,
}

impl Crossbar {
    /// A crossbar with `outputs` outputs and a traversal of `delay` cycles.
    pub fn new(outputs: usize, delay: u32) -> Self {
        Crossbar {
            delay,
            pipes: if delay == 0 {
                Vec::new()
            } else {
                (0..outputs).map(|_| Wire::new(delay)).collect()
            },
            inside: 0,
        }
    }

    /// Cycles from the grant to the link.
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
        let ok = self.pipes[o].send(now, f);
        debug_assert!(ok, "two flits granted to one output in one cycle");
        self.inside += 1;
        None
    }

    /// The flit leaving the crossbar towards output `o`'s link at cycle `now`.
    #[inline]
    pub fn leave(&mut self, now: u64, o: usize) -> Option<Flit> {
        if self.inside == 0 {
            return None;
        }
        let f = self.pipes[o].recv(now);
        self.inside -= f.is_some() as u32;
        f
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
        assert_eq!(x.leave(6, 1), None);
        assert_eq!(x.leave(7, 0), None);
        assert_eq!(x.leave(7, 1), Some(f));
        assert_eq!(x.inside(), 0);
    }
}
