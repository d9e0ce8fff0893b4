//! What one cycle of the VC router reads, asked of the cache one router ahead: the
//! links of the ports that receive, and the registers of every stage a cycle touches —
//! input VC states and FIFO registers, credit counters, the credit delay line, the crossbar's
//! slots and the allocators' requests. A hint only: no result depends on it.

use super::VcSwitch;
use crate::blocks::link::{Link, NO_LINK};
use crate::fabric::sleep::Arrivals;
use crate::sim::prefetch::{line, upto, MAX_LINES};

impl VcSwitch {
    /// Bit p for every port.
    #[inline(always)]
    fn all_ports(&self) -> u32 {
        (1u64 << self.p.ports) as u32 - 1
    }

    /// Prefetch what evaluating the next cycle with `arrivals` reads.
    #[inline(always)]
    pub fn prefetch(&self, links: &[Link], (flits_in, credits_in): Arrivals) {
        let mut m = flits_in & self.all_ports();
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(l) = links.get(self.link[p & 31][super::IN] as usize) {
                line(l);
            }
        }
        let mut m = credits_in & self.all_ports();
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.link[p & 31][super::OUT] != NO_LINK {
                if let Some(l) = links.get(self.link[p & 31][super::OUT] as usize) {
                    line(l);
                }
            }
        }
        self.input.prefetch();
        upto(&self.out.credits[..], MAX_LINES);
        self.out.prefetch();
        self.xbar.xbar.prefetch();
        self.sa.prefetch();
    }
}
