//! The planes of a network ([`super`]) by the most ports and VCs its routers have: one generic
//! code ([`Of`]) compiled for each shape, and the engine that evaluates the network's switch
//! phase in whichever the network has.

use super::{sync, Of};
use crate::blocks::link::Link;
use crate::fabric::network::{Engine, EnginePhase};
use crate::fabric::vc::nic::seq::VcExt;
use crate::fabric::vc::switch::VcSwitch;
use crate::routing::function::global_queues::QueueMeasure;
use std::ops::Range;

/// The planes of a network, by the most ports and VCs a router has: routers of up to 5
/// ports (a mesh's or torus's with one host) in planes of 2, 4, 8 or 16 VCs (1-2 VCs, 3-4,
/// 5-8, 9-12: the most a 5-port router's VC allocator takes, 64 x 64), of 6 to 8 ports (the
/// irregular networks' 8, several hosts) in planes of 2, 4, 8 or 16 VCs (8 x 8 = 64), of 9
/// to 16 (a dragonfly's 15) in planes of 2, 4 or 8 (the same code, compiled for each: a loop
/// over 16 ports costs an 8-port router's cycle 1.4x to 1.8x), of 17 to 32 in planes of 2 or
/// 4 (3 VCs up to 21 ports). Every router the vc family takes (at most 32 ports, 64 input
/// VCs). The dense switch allocation grows as ports squared: routers of 17 to 32 ports took
/// somewhat longer in planes than one by one (docs/performance.md).
pub enum Planes {
    Five2(Box<Of<5, 2>>),
    Five4(Box<Of<5, 4>>),
    Five8(Box<Of<5, 8>>),
    Five16(Box<Of<5, 16>>),
    Eight2(Box<Of<8, 2>>),
    Eight4(Box<Of<8, 4>>),
    Eight8(Box<Of<8, 8>>),
    Eight16(Box<Of<8, 16>>),
    Sixteen2(Box<Of<16, 2>>),
    Sixteen4(Box<Of<16, 4>>),
    Sixteen8(Box<Of<16, 8>>),
    ThirtyTwo2(Box<Of<32, 2>>),
    ThirtyTwo4(Box<Of<32, 4>>),
}

/// `$e` with `$x` bound to the planes of whichever shape `$planes` holds.
macro_rules! each {
    ($planes:expr, $x:ident => $e:expr) => {
        match $planes {
            Planes::Five2($x) => $e,
            Planes::Five4($x) => $e,
            Planes::Five8($x) => $e,
            Planes::Five16($x) => $e,
            Planes::Eight2($x) => $e,
            Planes::Eight4($x) => $e,
            Planes::Eight8($x) => $e,
            Planes::Eight16($x) => $e,
            Planes::Sixteen2($x) => $e,
            Planes::Sixteen4($x) => $e,
            Planes::Sixteen8($x) => $e,
            Planes::ThirtyTwo2($x) => $e,
            Planes::ThirtyTwo4($x) => $e,
        }
    };
}

impl Planes {
    /// UGAL-G's queues of router `r` (`sw`)'s outputs `ports` by measure `m` into `out`.
    pub fn global_queues(
        &self,
        (r, sw): (usize, &VcSwitch),
        m: QueueMeasure,
        ports: Range<usize>,
        out: &mut [u32; 64],
    ) {
        each!(self, x => x.global_queues((r, sw), m, ports, out))
    }
}

impl Engine<VcSwitch, VcExt> for Planes {
    fn new(switches: &[VcSwitch], links: &[Link]) -> Option<Self> {
        let p = &switches.first()?.p;
        Some(match (p.ports, p.vcs) {
            (1..=5, 1..=2) => Planes::Five2(Box::new(Of::build(switches, links)?)),
            (1..=5, 3..=4) => Planes::Five4(Box::new(Of::build(switches, links)?)),
            (1..=5, 5..=8) => Planes::Five8(Box::new(Of::build(switches, links)?)),
            (1..=5, 9..=16) => Planes::Five16(Box::new(Of::build(switches, links)?)),
            (6..=8, 1..=2) => Planes::Eight2(Box::new(Of::build(switches, links)?)),
            (6..=8, 3..=4) => Planes::Eight4(Box::new(Of::build(switches, links)?)),
            (6..=8, 5..=8) => Planes::Eight8(Box::new(Of::build(switches, links)?)),
            (6..=8, 9..=16) => Planes::Eight16(Box::new(Of::build(switches, links)?)),
            (9..=16, 1..=2) => Planes::Sixteen2(Box::new(Of::build(switches, links)?)),
            (9..=16, 3..=4) => Planes::Sixteen4(Box::new(Of::build(switches, links)?)),
            (9..=16, 5..=8) => Planes::Sixteen8(Box::new(Of::build(switches, links)?)),
            (17..=32, 1..=2) => Planes::ThirtyTwo2(Box::new(Of::build(switches, links)?)),
            (17..=32, 3..=4) => Planes::ThirtyTwo4(Box::new(Of::build(switches, links)?)),
            _ => return None,
        })
    }

    fn phase(&mut self, p: EnginePhase<'_, VcSwitch, VcExt>) -> u32 {
        each!(self, x => x.cycle(p))
    }

    fn sync(&mut self, switches: &mut [VcSwitch], links: &[Link]) {
        each!(self, x => sync::write_into(x, switches, links))
    }

    fn sync_some(&mut self, switches: &mut [VcSwitch], links: &[Link], ids: &[usize]) {
        each!(self, x => sync::write_some(x, switches, links, ids))
    }
}
