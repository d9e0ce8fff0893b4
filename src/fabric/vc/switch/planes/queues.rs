//! UGAL-G's queues of a router evaluated in the planes ([`super`]): the rule of
//! `switch::queues` over the registers the planes keep of one router — credits spent from the
//! router's own output unit, the input VCs holding a flit from the tile's `hold` planes, a
//! front packet's output from the router's own input VC (or its candidates from the planes'
//! registers), the router's own speedup FIFOs.

use super::{Of, SELECT};
use crate::fabric::vc::switch::queues::{queues, QueueRegs};
use crate::fabric::vc::switch::speedup::SpeedupFifo;
use crate::fabric::vc::switch::{VcState, VcSwitch};
use crate::routing::function::global_queues::QueueMeasure;
use std::ops::Range;

/// Router `r` of the planes `of`, as the measures read it.
struct Lane<'a, const P: usize, const V: usize> {
    of: &'a Of<P, V>,
    r: usize,
    sw: &'a VcSwitch,
}

impl<const P: usize, const V: usize> QueueRegs for Lane<'_, P, V> {
    fn used(&self, o: usize) -> u32 {
        self.sw.out.used(o)
    }

    fn holding(&self) -> u64 {
        let (pl, lb, nv) = (&self.of.pl[self.r / 64], self.r % 64, self.of.nv);
        let mut m = 0;
        for p in 0..self.of.np.min(P) {
            for v in 0..nv.min(V) {
                m |= (pl.hold[p][v] >> lb & 1) << (p * nv + v);
            }
        }
        m
    }

    fn waits(&self, iv: usize) -> (u32, u32) {
        let (of, nv) = (self.of, self.of.nv);
        let (p, v) = (iv / nv, iv % nv);
        let rt = &of.r[self.r];
        let s = &self.sw.input.vcs[iv & 63];
        let outs = match s.state {
            VcState::Active => 1u32 << (s.out as usize % P),
            VcState::Routing | VcState::VcAlloc => match rt.cand[p % P][v % V][0] {
                SELECT => of.multi[(self.r * of.np + p) * nv + v].port_mask(),
                port if (port as usize) < P => 1 << port,
                _ => 0,
            },
            VcState::Idle => 0,
        };
        (s.fill(), outs)
    }

    fn fifo(&self) -> Option<&SpeedupFifo> {
        self.of.fifos.get(self.r)
    }
}

impl<const P: usize, const V: usize> Of<P, V> {
    /// UGAL-G's queues of router `r`'s outputs `ports` by measure `m` into `out`, as the
    /// router holds them after the cycle's switch phase; `sw` is the router.
    pub(super) fn global_queues(
        &self,
        (r, sw): (usize, &VcSwitch),
        m: QueueMeasure,
        ports: Range<usize>,
        out: &mut [u32; 64],
    ) {
        queues(&Lane { of: self, r, sw }, m, ports, out)
    }
}
