//! What the selection function sees of the VC router's outputs (`super`).

use super::output::OutputUnit;
use crate::blocks::link::NO_LINK;
use crate::blocks::luc_ncb::{LucNcb, DIRS};
use crate::routing::selection::PortView;

/// The outputs as the selection function sees them during VC allocation. Without output
/// queues a VC can take a packet when it is free downstream — and, with virtual cut-through,
/// holds the credits of the whole packet (`need`, credit units; 0 with wormhole); its credits
/// are those of the buffer downstream. With output queues the same questions go to the
/// output-queue VC the crossbar writes into: free, with room for the packet (`need_flits`),
/// its credits the flits it can still take.
pub(super) struct View<'a> {
    pub out: &'a OutputUnit,
    pub link: &'a [[u32; 2]],
    pub vcs: usize,
    pub need: u32,
    pub need_flits: u32,
    /// Routed heads per output (SSR's R; zeros unless SSR asked).
    pub requests: &'a [u8],
    /// The LUC/NCB exchange unit and the first network port (+x).
    pub exch: Option<&'a LucNcb>,
    pub first_net_port: u8,
}

impl PortView for View<'_> {
    fn can_take(&self, port: usize, vc: u8, _flits: u32) -> bool {
        let v = vc as usize;
        if self.link.get(port).is_none_or(|l| l[super::OUT] == NO_LINK) || v >= self.vcs {
            return false;
        }
        match &self.out.queues {
            Some(q) => q.free(port) >> v & 1 == 1 && q.room(port, v, self.vcs) >= self.need_flits,
            None => {
                self.out.credits[port].free() >> v & 1 == 1
                    && self.out.credits[port].can_send(v, self.need)
            }
        }
    }

    fn has_room(&self, port: usize, vc: u8, _flits: u32) -> bool {
        let v = vc as usize;
        if self.link.get(port).is_none_or(|l| l[super::OUT] == NO_LINK) || v >= self.vcs {
            return false;
        }
        match &self.out.queues {
            Some(q) => q.room(port, v, self.vcs) >= self.need_flits,
            None => self.out.credits[port].can_send(v, self.need),
        }
    }

    fn free_vcs(&self, port: usize) -> u32 {
        match &self.out.queues {
            Some(q) if port < self.link.len() => q.free(port),
            _ => self.out.credits.get(port).map_or(0, |c| c.free()),
        }
    }

    fn credits(&self, port: usize, vc: u8) -> u32 {
        let v = vc as usize;
        if port >= self.link.len() || v >= self.vcs {
            return 0;
        }
        match &self.out.queues {
            Some(q) => q.room(port, v, self.vcs),
            None => self.out.credits[port].credits(v),
        }
    }

    fn occupancy(&self, port: usize) -> u32 {
        self.out.used(port)
    }

    fn vc_mask(&self, _port: usize) -> u32 {
        ((1u64 << self.vcs) - 1) as u32
    }

    fn requests(&self, port: usize) -> u32 {
        self.requests.get(port).map_or(0, |&r| r as u32)
    }

    fn ncb(&self, port: usize, hops: u8) -> u32 {
        let d = port.wrapping_sub(self.first_net_port as usize);
        match (self.exch, d < DIRS) {
            (Some(x), true) if hops == 1 => x.ncb1[d] as u32,
            (Some(x), true) if hops == 2 => x.ncb2[d] as u32,
            _ => 0,
        }
    }
}
