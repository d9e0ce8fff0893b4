//! What a router publishes of its outputs for UGAL-G's global view (Kim et al., ISCA 2008,
//! §4.2; `QueueMeasure`): per output, the credits spent and not yet back over its VCs, or the
//! flits waiting in the router for it — every flit of each input VC whose front packet holds
//! one of its VCs or asks for one (those behind it cannot leave first), and those in its
//! speedup FIFO. Written once, over the registers it reads ([`QueueRegs`]): the router's own
//! stages and one router of the planes implement them. Read between cycles, after the switch
//! phase (no latency of its own: an ideal side band).

use super::speedup::SpeedupFifo;
use crate::routing::function::global_queues::QueueMeasure;
use std::ops::Range;

/// The registers the measures read, however a router lays them out.
pub(super) trait QueueRegs {
    /// Output `o`'s credits spent and not yet back over its VCs.
    fn used(&self, o: usize) -> u32;
    /// The input VCs holding a flit (bit p·V + v).
    fn holding(&self) -> u64;
    /// Input VC `iv`'s flits, and the outputs its front packet waits for (bit o): the one
    /// whose VC it holds, or those its candidates name while it routes or asks for a VC;
    /// none while idle.
    fn waits(&self, iv: usize) -> (u32, u32);
    /// The router's speedup FIFOs, with an internal speedup.
    fn fifo(&self) -> Option<&SpeedupFifo>;
}

/// The queues of `r`'s outputs `ports` by measure `m`, into `out` (zeroed first).
pub(super) fn queues<R: QueueRegs>(
    r: &R,
    m: QueueMeasure,
    ports: Range<usize>,
    out: &mut [u32; 64],
) {
    out.fill(0);
    match m {
        QueueMeasure::Credits => {
            for o in ports {
                out[o & 63] = r.used(o);
            }
        }
        QueueMeasure::Waiting => {
            let mut holding = r.holding();
            while holding != 0 {
                let iv = holding.trailing_zeros() as usize;
                holding &= holding - 1;
                let (here, mut outs) = r.waits(iv);
                while outs != 0 {
                    let o = outs.trailing_zeros() as usize;
                    outs &= outs - 1;
                    out[o] += here;
                }
            }
            if let Some(f) = r.fifo() {
                for o in ports {
                    out[o & 63] += f.held(o);
                }
            }
        }
    }
}
