//! What the selection function sees of a vct switch's outputs.

use super::OutPort;
use crate::blocks::link::NO_LINK;
use crate::routing::selection::PortView;

/// The outputs as the selection function sees them: a port can take a packet when it has a
/// link, no packet is crossing into its queue, and the queue has room for the whole packet.
pub(super) struct View<'a> {
    pub outs: &'a [OutPort],
    pub cap: u32,
}

impl PortView for View<'_> {
    #[inline]
    fn can_take(&self, port: usize, vc: u8, flits: u32) -> bool {
        let Some(out) = self.outs.get(port) else {
            return false;
        };
        vc == 0 && out.link != NO_LINK && out.owner.is_none() && self.cap - out.committed >= flits
    }

    fn free_vcs(&self, port: usize) -> u32 {
        self.outs.get(port).is_some_and(|o| o.owner.is_none()) as u32
    }

    fn credits(&self, port: usize, vc: u8) -> u32 {
        match self.outs.get(port) {
            Some(o) if vc == 0 => o.credits.credits(),
            _ => 0,
        }
    }
}
