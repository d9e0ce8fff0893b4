//! The planes' ([`super`]) ports to their hosts: what the hosts' links deliver to the routers
//! (flits into the planes' ring, credits into their credit ring, applied the credit delay
//! later), and what the sleep tables are told of the routers after a cycle — the NICs driven
//! (woken for when it arrives), and switch 0 busy while a flit or a credit is inside the
//! planes, so that the clock does not jump over them.

use super::{ring, Of, Tile, IN, OUT};
use crate::blocks::link::Link;
use crate::fabric::network::parallel::After;
use crate::fabric::sleep::Arrivals;
use crate::sim::FlowCtl;

impl<const P: usize, const V: usize> Of<P, V> {
    /// What the hosts sent, arriving at `t` at the routers of `due` (each with the ports its
    /// hosts drove: flits, credits): flits into this cycle's ring, credits into the credit
    /// ring. (One call a cycle, out of line: the loop, not a call, per router.)
    #[inline(never)]
    pub(super) fn hosts_in(&mut self, t: u64, due: &[(u32, Arrivals)], links: &[Link]) {
        for &(r, ports) in due {
            self.host_in(t, r as usize, ports, links);
        }
    }

    /// What router `r`'s hosts sent, arriving at `t`: flits (into this cycle's ring) and
    /// credits (into the credit ring), on the host ports whose bits `(fin, cin)` set.
    #[inline(always)]
    pub(super) fn host_in(&mut self, t: u64, r: usize, (fin, cin): (u32, u32), links: &[Link]) {
        let mask = (1 << self.sbits) - 1;
        let slot = ring(self.sbits, r / 64, t as usize & mask);
        let bit = 1u64 << (r % 64);
        let hosts = self.r[r].hosts;
        let mut m = fin & hosts;
        while m != 0 {
            let h = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(f) = links[self.r[r].wires[h][IN] as usize].fwd().recv(t) {
                self.fwd[slot][h][r % 64] = f;
                self.arr[slot][h] |= bit;
                // inside the routers from now: it is taken from the ring this cycle
                self.inside += 1;
            }
        }
        let mut m = cin & hosts;
        while m != 0 {
            let h = m.trailing_zeros() as usize;
            m &= m - 1;
            let back = links[self.r[r].wires[h][OUT] as usize].back().recv(t);
            if let Some(FlowCtl::Credit { vc, n }) = back {
                let v = vc as usize & (V - 1);
                self.cr.add(t + self.cdelay, (h, v, r), n);
                self.tile_credits[r / 64] += 1;
            }
        }
    }
}

/// Tell the sleep tables (`after`) which routers of tiles `pls` drove which of their `nh`
/// host ports this cycle (and clear those planes), and whether the planes are `busy`.
pub(super) fn after<const P: usize, const V: usize>(
    pls: &mut [Tile<P, V>],
    nh: usize,
    busy: bool,
    after: &mut Vec<After>,
) {
    for (tile, pl) in pls.iter_mut().enumerate() {
        let (fw, bk) = (&mut pl.host_f[..nh], &mut pl.host_b[..nh]);
        let mut m = fw.iter().chain(bk.iter()).fold(0, |a, &x| a | x);
        while m != 0 {
            let lb = m.trailing_zeros();
            m &= m - 1;
            let port = |w: &[u64]| (0..nh).fold(0, |a, h| a | ((w[h] >> lb & 1) as u32) << h);
            after.push(After {
                sw: tile as u32 * 64 + lb,
                busy: false,
                drove: (port(fw), port(bk)),
            });
        }
        fw.fill(0);
        bk.fill(0);
    }
    after.push(After {
        sw: 0,
        busy,
        drove: (0, 0),
    });
}
