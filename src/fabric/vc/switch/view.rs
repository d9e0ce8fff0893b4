//! What the selection function sees of a VC router's outputs during VC allocation, and how a
//! head's port is picked from several candidates — written once over the router's own output
//! unit and links, read by a router of the planes.

use super::output::OutputUnit;
use super::OUT;
use crate::blocks::link::NO_LINK;
use crate::blocks::luc_ncb::{LucNcb, DIRS};
use crate::routing::function::Candidates;
use crate::routing::selection::{PortView, Selection, SelectionFunction};

/// A router's outputs: its output unit and its links (per port, in and out).
pub(super) struct Outs<'a> {
    pub out: &'a OutputUnit,
    pub link: &'a [[u32; 2]],
}

impl Outs<'_> {
    /// Output `port` exists and has a link.
    fn linked(&self, port: usize) -> bool {
        self.link.get(port).is_some_and(|l| l[OUT] != NO_LINK)
    }

    /// Output `port`'s VCs free for a new packet (bit v; 0 beyond the ports): downstream, or
    /// of its output queue.
    fn free(&self, port: usize) -> u32 {
        if port < self.link.len() {
            self.out.free(port)
        } else {
            0
        }
    }

    /// Room behind output `port`'s VC `v` (`v` below the VCs): the credits downstream (credit
    /// units), or the flits its output queue can still take.
    fn room(&self, port: usize, v: usize) -> u32 {
        if port >= self.link.len() {
            return 0;
        }
        match &self.out.queues {
            Some(q) => q.room(port, v, self.out.vcs()),
            None => self.out.credits[port].credits(v),
        }
    }

    /// Credit units spent and not yet back over output `port`'s VCs (UGAL's queue).
    fn occupancy(&self, port: usize) -> u32 {
        self.out.used(port)
    }
}

/// The outputs as the selection sees them: a VC can take a packet when it is free and has
/// room for `need` (with virtual cut-through the whole packet, in credit units downstream or
/// flits of an output queue; wormhole: 0 downstream, one flit of an output queue).
pub(super) struct View<'a> {
    pub out: &'a Outs<'a>,
    pub vcs: usize,
    pub need: u32,
    /// Routed heads per output (SSR's R; empty unless SSR asked).
    pub requests: &'a [u8],
    /// The LUC/NCB exchange unit and the first network port (+x).
    pub exch: Option<&'a LucNcb>,
    pub first_net_port: u8,
}

impl PortView for View<'_> {
    fn can_take(&self, port: usize, vc: u8, flits: u32) -> bool {
        self.has_room(port, vc, flits) && self.out.free(port) >> vc & 1 == 1
    }

    fn has_room(&self, port: usize, vc: u8, _flits: u32) -> bool {
        let v = vc as usize;
        v < self.vcs && self.out.linked(port) && self.out.room(port, v) >= self.need
    }

    fn free_vcs(&self, port: usize) -> u32 {
        self.out.free(port)
    }

    fn credits(&self, port: usize, vc: u8) -> u32 {
        let v = vc as usize;
        if v >= self.vcs || !self.out.linked(port) {
            return 0;
        }
        self.out.room(port, v)
    }

    fn occupancy(&self, port: usize) -> u32 {
        self.out.occupancy(port)
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

/// The port and VCs a head of `len` flits with several candidates `c` asks for: the one
/// `selection` keeps at the head's `first` cycle in VC allocation when it decides once (`c`
/// is left holding it alone), else its pick of this cycle, with the VCs of the picked
/// candidate's class at that port (an adaptive and an escape candidate may name the same
/// port); none when nothing fits.
#[inline]
pub(super) fn choose(
    c: &mut Candidates,
    selection: &Selection,
    view: &View<'_>,
    first: bool,
    len: u32,
) -> Option<(usize, u32)> {
    if let Some(k) = first.then(|| selection.decide(c, view)).flatten() {
        c.clear();
        c.push(k);
        return Some((k.port as usize, k.vcs));
    }
    let pick = selection.select(c, view, len)?;
    let vcs = c
        .as_slice()
        .iter()
        .filter(|x| x.port == pick.port && x.vcs >> pick.vc & 1 == 1)
        .fold(0, |m, x| m | x.vcs);
    Some((pick.port as usize, vcs))
}
